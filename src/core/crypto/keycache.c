/*
 * keycache.c - the process-wide table of decompressed public keys.
 *
 * ZEN_KEYCACHE_ENTRIES entries in SETS sets of WAYS.  Lookups take no lock
 * and write nothing shared: a lock (even one per shard) is a cache line
 * that every lookup writes, and two cores taking turns on such lines ran
 * slower than one.  Each set has a sequence number (a seqlock): a writer
 * makes it odd, changes the set, makes it even again; a reader reads the
 * number, then the set, then the number again, and trusts what it read
 * only if the number was even and did not change.  Writers (an insert, a
 * clear) exclude each other with the mutex of the set's shard.  Every
 * shared word is read and written with atomic operations, so that a
 * reader racing a writer is defined behaviour: it only retries.
 *
 * A set's tags are 16 bits of the key's hash (never 0; 0 is a free way):
 * a lookup reads them and then one point.  A point is X || Y, one cache
 * line, and is its key too: the key is (2 + Y's parity) || X, so a hit
 * compares pub with it in full.  The tables live in .bss (4 MB of points,
 * 256 KB of sets): their pages cost nothing until used.
 */
#include <pthread.h>
#include <string.h>

#include <secp256k1.h>
#include <sodium.h>

#include "core/crypto/keycache.h"

#define WAYS 4
#define SETS (ZEN_KEYCACHE_ENTRIES / WAYS)
#define SHARDS 256
#define READ_TRIES 4	/* then the lookup counts as a miss and parses */

struct set {
	uint32_t seq;		/* odd while a writer changes the set */
	uint16_t tag[WAYS];
	uint16_t next;		/* the way to fill next: the oldest */
};

/* One cache line each, so that two shards' locks never share one. */
struct shard {
	pthread_mutex_t lock;
	uint64_t misses, entries;
} __attribute__((aligned(64)));

static struct set sets[SETS];
static uint64_t points[SETS][WAYS][8] __attribute__((aligned(64)));
static struct shard shards[SHARDS];
static unsigned char hash_key[crypto_shorthash_KEYBYTES];
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;

static void cache_init(void)
{
	size_t i;

	(void)zen_secp_ctx();	/* initialises libsodium too */
	randombytes_buf(hash_key, sizeof(hash_key));
	for (i = 0; i < SHARDS; i++)
		if (pthread_mutex_init(&shards[i].lock, NULL))
			ZEN_BUG("cannot create a key cache lock");
}

static void cache_ready(void)
{
	if (pthread_once(&cache_once, cache_init))
		ZEN_BUG("pthread_once failed");
}

/* The set of pub and its tag in that set. */
static size_t set_index(const uint8_t pub[ZEN_PUBKEY_LEN], uint16_t *tag)
{
	unsigned char h[crypto_shorthash_BYTES];
	uint64_t v;

	crypto_shorthash(h, pub, ZEN_PUBKEY_LEN, hash_key);
	memcpy(&v, h, sizeof(v));
	*tag = (uint16_t)((v >> 32) | 1);
	return (size_t)(v % SETS);
}

static struct shard *shard_of(size_t set)
{
	return &shards[set % SHARDS];
}

int zen_pubkey_decompress_uncached(uint8_t xy[64],
				   const uint8_t pub[ZEN_PUBKEY_LEN])
{
	const secp256k1_context *ctx = zen_secp_ctx();
	secp256k1_pubkey pk;
	uint8_t u[65];
	size_t len = sizeof(u);

	if ((pub[0] != 0x02 && pub[0] != 0x03) ||
	    !secp256k1_ec_pubkey_parse(ctx, &pk, pub, ZEN_PUBKEY_LEN)) {
		memset(xy, 0, 64);
		return 0;
	}
	if (!secp256k1_ec_pubkey_serialize(ctx, u, &len, &pk,
					   SECP256K1_EC_UNCOMPRESSED) ||
	    len != sizeof(u))
		ZEN_BUG("cannot serialize a public key");
	memcpy(xy, u + 1, 64);
	return 1;
}

/* Is xy the point of pub? */
static int is_point_of(const uint8_t xy[64], const uint8_t pub[ZEN_PUBKEY_LEN])
{
	return (xy[63] & 1) == (pub[0] & 1) && !memcmp(xy, pub + 1, 32);
}

static void load_point(uint8_t xy[64], const uint64_t p[8])
{
	uint64_t w[8];
	int k;

	for (k = 0; k < 8; k++)
		w[k] = __atomic_load_n(&p[k], __ATOMIC_RELAXED);
	memcpy(xy, w, 64);
}

/*
 * Read set i once: 1 if it was stable (even and unchanged sequence
 * number) and *found says whether pub was there (its point in xy).
 * 0 if a writer was at work (*found is 0): read again.
 */
static int read_set(size_t i, uint16_t tag, const uint8_t pub[ZEN_PUBKEY_LEN],
		    uint8_t xy[64], int *found)
{
	struct set *s = &sets[i];
	uint32_t seq = __atomic_load_n(&s->seq, __ATOMIC_ACQUIRE);
	uint8_t p[64];
	int w, hit = 0;

	*found = 0;
	if (seq & 1)
		return 0;
	for (w = 0; w < WAYS && !hit; w++) {
		if (__atomic_load_n(&s->tag[w], __ATOMIC_RELAXED) != tag)
			continue;
		load_point(p, points[i][w]);
		hit = is_point_of(p, pub);
	}
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	if (__atomic_load_n(&s->seq, __ATOMIC_RELAXED) != seq)
		return 0;	/* what was read may be torn: not found */
	if (hit)
		memcpy(xy, p, 64);
	*found = hit;
	return 1;
}

/* write_begin makes the set's sequence number odd, write_end even again;
 * what is stored between them is seen whole or retried.  The caller holds
 * the shard's lock. */
static void write_begin(struct set *s)
{
	uint32_t seq = __atomic_load_n(&s->seq, __ATOMIC_RELAXED);

	__atomic_store_n(&s->seq, seq + 1, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_RELEASE);
}

static void write_end(struct set *s)
{
	uint32_t seq = __atomic_load_n(&s->seq, __ATOMIC_RELAXED);

	__atomic_store_n(&s->seq, seq + 1, __ATOMIC_RELEASE);
}

static void store_way(size_t i, int w, uint16_t tag, const uint8_t xy[64])
{
	uint64_t v[8];
	int k;

	memcpy(v, xy, 64);
	__atomic_store_n(&sets[i].tag[w], tag, __ATOMIC_RELAXED);
	for (k = 0; k < 8; k++)
		__atomic_store_n(&points[i][w][k], v[k], __ATOMIC_RELAXED);
}

/* Is pub in set i?  The caller holds the lock: no writer is at work. */
static int held(size_t i, uint16_t tag, const uint8_t pub[ZEN_PUBKEY_LEN])
{
	uint8_t xy[64];
	int found;

	return read_set(i, tag, pub, xy, &found) && found;
}

/* Put pub's point in set i over its oldest.  The caller holds the lock. */
static void insert(struct shard *sh, size_t i, uint16_t tag,
		   const uint8_t pub[ZEN_PUBKEY_LEN], const uint8_t xy[64])
{
	struct set *s = &sets[i];

	if (held(i, tag, pub))
		return;		/* another thread was quicker */
	if (!__atomic_load_n(&s->tag[s->next], __ATOMIC_RELAXED))
		sh->entries++;
	write_begin(s);
	store_way(i, s->next, tag, xy);
	write_end(s);
	s->next = (uint16_t)((s->next + 1) % WAYS);
}

int zen_pubkey_decompress(uint8_t xy[64], const uint8_t pub[ZEN_PUBKEY_LEN])
{
	struct shard *sh;
	uint16_t tag;
	size_t i;
	int tries, found = 0;

	if (pub[0] != 0x02 && pub[0] != 0x03) {
		memset(xy, 0, 64);
		return 0;	/* is_point_of() takes the prefix's parity */
	}
	cache_ready();
	i = set_index(pub, &tag);
	for (tries = 0; tries < READ_TRIES; tries++)
		if (read_set(i, tag, pub, xy, &found))
			break;
	if (found)
		return 1;
	/* The square root, outside the lock; failures are not kept. */
	sh = shard_of(i);
	if (!zen_pubkey_decompress_uncached(xy, pub)) {
		pthread_mutex_lock(&sh->lock);
		sh->misses++;
		pthread_mutex_unlock(&sh->lock);
		return 0;
	}
	pthread_mutex_lock(&sh->lock);
	sh->misses++;
	insert(sh, i, tag, pub, xy);
	pthread_mutex_unlock(&sh->lock);
	return 1;
}

void zen_keycache_stats(struct zen_keycache_stats *out)
{
	size_t i;

	memset(out, 0, sizeof(*out));
	cache_ready();
	for (i = 0; i < SHARDS; i++) {
		pthread_mutex_lock(&shards[i].lock);
		out->misses += shards[i].misses;
		out->entries += shards[i].entries;
		pthread_mutex_unlock(&shards[i].lock);
	}
}

void zen_keycache_clear(void)
{
	static const uint8_t zero[64];
	size_t i, j;
	int w;

	cache_ready();
	for (i = 0; i < SHARDS; i++) {
		pthread_mutex_lock(&shards[i].lock);
		for (j = i; j < SETS; j += SHARDS) {
			write_begin(&sets[j]);
			for (w = 0; w < WAYS; w++)
				store_way(j, w, 0, zero);
			write_end(&sets[j]);
			sets[j].next = 0;
		}
		shards[i].misses = shards[i].entries = 0;
		pthread_mutex_unlock(&shards[i].lock);
	}
}
