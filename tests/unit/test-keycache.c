/*
 * test-keycache.c - the process-wide cache of decompressed public keys
 * (src/core/crypto/keycache.c) never changes a result.
 *
 * Every key is checked against the uncached parse and, for valid ones,
 * against facts that do not come from the parse: the point is on the curve
 * (libsecp256k1 parses 04 || X || Y, which checks y^2 = x^3 + 7), X is the
 * key's X and Y's parity is its prefix.  Keys are random (a fixed seed),
 * so about half of them are not on the curve.  The concurrency test runs
 * a bounded number of lookups on several threads while another one keeps
 * clearing the cache, under a watchdog.  Signature verification takes
 * its keys from the cache, so a key is decompressed once.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <secp256k1.h>

#include "core/chain/validate.h"
#include "core/crypto/keycache.h"
#include "core/crypto/keys.h"
#include "tap.h"

static uint64_t rng_state = 0x5eed16c0ffee0001ull;

/* splitmix64: reproducible keys from the seed above. */
static uint64_t rng(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void random_key(uint8_t pub[ZEN_PUBKEY_LEN])
{
	uint64_t v;
	size_t i;

	pub[0] = (uint8_t)(2 + (rng() & 1));
	for (i = 1; i < ZEN_PUBKEY_LEN; i += 8) {
		v = rng();
		memcpy(pub + i, &v, i + 8 <= ZEN_PUBKEY_LEN ? 8 :
		       ZEN_PUBKEY_LEN - i);
	}
}

/* A random key that is valid (1) or not (0). */
static void random_key_of(uint8_t pub[ZEN_PUBKEY_LEN], int valid)
{
	uint8_t xy[64];

	do
		random_key(pub);
	while (zen_pubkey_decompress_uncached(xy, pub) != valid);
}

/* Is xy the point of pub, by checks that do not decompress? */
static int point_of(const uint8_t xy[64], const uint8_t pub[ZEN_PUBKEY_LEN])
{
	uint8_t u[65];
	secp256k1_pubkey pk;

	u[0] = 0x04;
	memcpy(u + 1, xy, 64);
	return secp256k1_ec_pubkey_parse(secp256k1_context_static, &pk, u,
					 sizeof(u)) &&
	       !memcmp(xy, pub + 1, 32) && (xy[63] & 1) == (pub[0] & 1);
}

static int is_zero(const uint8_t *p, size_t n)
{
	while (n--)
		if (*p++)
			return 0;
	return 1;
}

/* Cached and uncached agree on pub (result and point); 1 if so. */
static int agree(const uint8_t pub[ZEN_PUBKEY_LEN], int *valid)
{
	uint8_t a[64], b[64];
	int ra, rb;

	memset(a, 0xee, sizeof(a));
	ra = zen_pubkey_decompress(a, pub);
	rb = zen_pubkey_decompress_uncached(b, pub);
	*valid = rb;
	if (ra != rb || memcmp(a, b, 64))
		return 0;
	return ra ? point_of(a, pub) && zen_pubkey_valid(pub)
		  : is_zero(a, 64) && !zen_pubkey_valid(pub);
}

/* ---- fixed keys --------------------------------------------------------- */

static const uint8_t gen_pub[33] = {
	0x02, 0x79, 0xbe, 0x66, 0x7e, 0xf9, 0xdc, 0xbb, 0xac, 0x55, 0xa0,
	0x62, 0x95, 0xce, 0x87, 0x0b, 0x07, 0x02, 0x9b, 0xfc, 0xdb, 0x2d,
	0xce, 0x28, 0xd9, 0x59, 0xf2, 0x81, 0x5b, 0x16, 0xf8, 0x17, 0x98,
};

/* secp256k1's generator, X || Y (SEC 2, 2.4.1). */
static const char gen_xy[] =
	"79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
	"483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8";

static void test_generator(void)
{
	uint8_t xy[64], odd[33];
	int i;

	zen_keycache_clear();
	for (i = 0; i < 3; i++) {
		tap_ok(zen_pubkey_decompress(xy, gen_pub), "G valid (%d)", i);
		tap_hex(xy, 64, gen_xy, "G decompresses to its point (%d)", i);
	}
	/* 03 || Gx is -G: the same X, the other Y (p - Gy, odd). */
	memcpy(odd, gen_pub, 33);
	odd[0] = 0x03;
	tap_ok(zen_pubkey_decompress(xy, odd) && point_of(xy, odd) &&
	       !memcmp(xy, gen_pub + 1, 32) && (xy[63] & 1),
	       "-G valid, odd Y");
}

static void test_invalid_fixed(void)
{
	static const uint8_t prefixes[] = { 0x00, 0x01, 0x04, 0x05, 0x06,
					    0x07, 0xff };
	struct zen_keycache_stats before, after;
	uint8_t pub[33], xy[64];
	size_t i;
	int k, ok = 1;

	zen_keycache_stats(&before);
	for (i = 0; i < sizeof(prefixes); i++) {
		memcpy(pub, gen_pub, 33);
		pub[0] = prefixes[i];
		for (k = 0; k < 3; k++) {
			memset(xy, 0xee, sizeof(xy));
			ok &= !zen_pubkey_decompress(xy, pub) && is_zero(xy, 64);
		}
	}
	tap_ok(ok, "G's X with prefixes 00 01 04 05 06 07 ff: invalid, 3 times");
	/* X = p and X = 2^256 - 1: not field elements. */
	memset(pub + 1, 0xff, 32);
	pub[0] = 0x02;
	ok = 1;
	for (k = 0; k < 3; k++)
		ok &= !zen_pubkey_decompress(xy, pub) && is_zero(xy, 64);
	pub[28] = 0xfe;		/* p = 2^256 - 2^32 - 977: ..fffffffe fffffc2f */
	pub[31] = 0xfc;
	pub[32] = 0x2f;
	for (k = 0; k < 3; k++)
		ok &= !zen_pubkey_decompress(xy, pub) && is_zero(xy, 64) &&
		      !zen_pubkey_decompress_uncached(xy, pub);
	tap_ok(ok, "X = 2^256 - 1 and X = p: invalid, 3 times");
	zen_keycache_stats(&after);
	tap_u64(after.entries, before.entries, "invalid keys never enter");
}

/* ---- many random keys --------------------------------------------------- */

#define MANY 4000

static void test_many(void)
{
	static uint8_t keys[MANY][33];
	struct zen_keycache_stats st;
	size_t i, n_valid = 0, bad = 0, first_valid = 0, invalid_calls = 0;
	int pass, valid;

	zen_keycache_clear();
	for (i = 0; i < MANY; i++)
		random_key(keys[i]);
	for (pass = 0; pass < 3; pass++) {
		n_valid = 0;
		for (i = 0; i < MANY; i++) {
			/* repeated keys within a pass too */
			size_t j = pass == 2 ? (size_t)(rng() % MANY) : i;

			if (!agree(keys[j], &valid) && bad++ < 5)
				tap_diag("key %zu differs (pass %d)", j, pass);
			n_valid += (size_t)valid;
			invalid_calls += (size_t)!valid;
		}
		tap_ok(!bad, "pass %d: cached == uncached over %d keys", pass,
		       MANY);
		if (pass == 0) {
			first_valid = n_valid;
			tap_ok(n_valid > MANY / 4 && n_valid < MANY * 3 / 4,
			       "both valid and invalid keys (%zu valid)",
			       n_valid);
		}
	}
	zen_keycache_stats(&st);
	tap_u64(st.entries, first_valid, "entries: the valid keys only");
	/* agree() looks a key up twice (decompress, zen_pubkey_valid): a
	 * valid key misses once in all, an invalid one every time.  A set
	 * that overflowed (5 of ~2,000 keys in one of 16,384 sets: about
	 * 1 in 300 runs) costs a miss or two more. */
	tap_ok(st.misses >= first_valid + 2 * invalid_calls &&
	       st.misses <= first_valid + 2 * invalid_calls + 8,
	       "misses %llu: each valid key once, each invalid key always "
	       "(%zu + 2 x %zu)", (unsigned long long)st.misses, first_valid,
	       invalid_calls);
}

/* Counted exactly: one lookup each of 16 new keys, then again. */
static void test_counts(void)
{
	uint8_t pub[16][33], xy[64];
	struct zen_keycache_stats st;
	size_t i;

	zen_keycache_clear();
	for (i = 0; i < 16; i++)
		random_key_of(pub[i], i < 10);	/* 10 valid, 6 not */
	for (i = 0; i < 16; i++)
		(void)zen_pubkey_decompress(xy, pub[i]);
	zen_keycache_stats(&st);
	tap_u64(st.misses, 16, "first lookups: 16 misses");
	tap_u64(st.entries, 10, "the 10 valid keys kept");
	for (i = 0; i < 16; i++)
		(void)zen_pubkey_decompress(xy, pub[i]);
	zen_keycache_stats(&st);
	tap_u64(st.misses, 22, "again: the valid ones hit, the 6 invalid miss");
	tap_u64(st.entries, 10, "again: still 10 keys");
	zen_keycache_clear();
	zen_keycache_stats(&st);
	tap_ok(!st.misses && !st.entries, "clear empties");
}

/* Key k and its signature of message k: 1, or 0 if it cannot sign. */
static int signed_by(uint32_t k, uint8_t pub[ZEN_PUBKEY_LEN],
		     uint8_t msg[ZEN_HASH_LEN], uint8_t sig[ZEN_SIGNATURE_LEN])
{
	uint8_t sec[ZEN_SECKEY_LEN];

	memset(sec, 0x11, sizeof(sec));
	memcpy(sec, &k, sizeof(k));
	memset(msg, 0, ZEN_HASH_LEN);
	memcpy(msg, &k, sizeof(k));
	msg[31] = 0x5a;
	return !zen_pubkey_from_seckey(pub, sec, NULL) &&
	       !zen_ecdsa_sign(sig, msg, sec, NULL);
}

static uint64_t misses_now(void)
{
	struct zen_keycache_stats st;

	zen_keycache_stats(&st);
	return st.misses;
}

/* Verification takes its keys from the cache: a key checked by a decoder
 * (zen_pubkey_valid) is not decompressed again to verify a signature, and
 * one first met by verification is there for the next check. */
static void test_verify_once(void)
{
	uint8_t pub[8][33], msg[8][32], sig[8][64], off[33];
	struct zen_sig_batch b;
	size_t bad = 0;
	int ok = 1;

	zen_keycache_clear();
	tap_ok(signed_by(0, pub[0], msg[0], sig[0]) &&
	       zen_ecdsa_verify(sig[0], msg[0], pub[0]), "a good signature "
	       "verifies");
	tap_u64(misses_now(), 1, "its key decompressed once");
	tap_ok(zen_ecdsa_verify(sig[0], msg[0], pub[0]) &&
	       zen_pubkey_valid(pub[0]), "again, and the key is valid");
	tap_u64(misses_now(), 1, "no second decompression");
	msg[0][0] ^= 1;
	tap_ok(!zen_ecdsa_verify(sig[0], msg[0], pub[0]),
	       "with a cached key, another message still fails");
	random_key_of(off, 0);
	tap_ok(!zen_ecdsa_verify(sig[0], msg[0], off), "a key off the curve "
	       "fails");

	zen_keycache_clear();
	zen_sig_batch_init(&b);
	for (uint32_t k = 0; k < 8; k++) {
		ok &= signed_by(k + 1, pub[k], msg[k], sig[k]);
		zen_sig_batch_add(&b, msg[k], pub[k], sig[k]);
	}
	tap_ok(ok && zen_sig_batch_verify(&b, 2, NULL), "a batch of 8 keys "
	       "verifies on 2 threads");
	tap_u64(misses_now(), 8, "each key decompressed once, into the cache");
	for (size_t k = 0; k < 8; k++)
		ok &= zen_pubkey_valid(pub[k]);	/* as a block's decoder */
	tap_ok(ok && zen_sig_batch_verify(&b, 2, NULL) && misses_now() == 8,
	       "the keys' checks and the batch again decompress none");
	b.checks[5].sig[40] ^= 1;
	tap_ok(!zen_sig_batch_verify(&b, 2, &bad) && bad == 5,
	       "one bad signature: the batch fails at it (%zu)", bad);
	zen_sig_batch_release(&b);
}

/* How many of these n keys miss. */
static uint64_t misses_of(uint8_t (*keys)[33], size_t n)
{
	struct zen_keycache_stats a, b;
	uint8_t xy[64];
	size_t i;

	zen_keycache_stats(&a);
	for (i = 0; i < n; i++)
		(void)zen_pubkey_decompress(xy, keys[i]);
	zen_keycache_stats(&b);
	return b.misses - a.misses;
}

/* More distinct valid keys than the cache holds: bounded, still right. */
static void test_bound(void)
{
	enum { N = ZEN_KEYCACHE_ENTRIES + ZEN_KEYCACHE_ENTRIES / 4 };
	uint8_t (*keys)[33] = malloc((size_t)N * 33);
	struct zen_keycache_stats st;
	size_t i, bad = 0;
	int valid;

	if (!keys)
		abort();
	zen_keycache_clear();
	for (i = 0; i < N; i++) {
		uint8_t xy[64];

		/* both parities of each X: a lookup that matched X only
		 * would meet its twin in some set */
		if (i % 2)
			memcpy(keys[i], keys[i - 1], 33), keys[i][0] ^= 1;
		else
			random_key_of(keys[i], 1);
		if (!zen_pubkey_decompress(xy, keys[i]) ||
		    !point_of(xy, keys[i]))
			bad++;
	}
	zen_keycache_stats(&st);
	tap_ok(!bad, "%d distinct valid keys decompress right", N);
	tap_ok(st.entries <= ZEN_KEYCACHE_ENTRIES &&
	       st.entries > ZEN_KEYCACHE_ENTRIES / 2,
	       "the cache holds %llu keys, at most %d",
	       (unsigned long long)st.entries, ZEN_KEYCACHE_ENTRIES);
	tap_ok(misses_of(keys + N - 4096, 4096) < 4096 / 20,
	       "the newest 4096 keys are still there");
	tap_ok(misses_of(keys, 4096) > 4096 / 2,
	       "the oldest 4096 keys were evicted first");
	for (i = 0; i < N; i++)
		if (!agree(keys[i], &valid) || !valid)
			bad++;
	tap_ok(!bad, "after eviction: cached == uncached for all of them");
	free(keys);
}

/* ---- threads ------------------------------------------------------------ */

#define THREADS 4
#define HOT 64			/* keys every thread looks up */
#define OWN 6000		/* keys of one thread only */
#define PASSES 3

struct key {
	uint8_t pub[33], xy[64];
	int valid;
};

static struct key hot[HOT], own[THREADS][OWN];
static volatile int clearing_done;

struct worker {
	int id;
	size_t lookups, wrong;
};

static int check_key(const struct key *k)
{
	uint8_t xy[64];

	return zen_pubkey_decompress(xy, k->pub) == k->valid &&
	       !memcmp(xy, k->xy, 64);
}

static void *work(void *arg)
{
	struct worker *w = arg;
	size_t i, p;

	for (p = 0; p < PASSES; p++)
		for (i = 0; i < OWN; i++) {
			/* hot keys in the same order on every thread: the
			 * same shard at the same time */
			w->wrong += !check_key(&own[w->id][i]);
			w->wrong += !check_key(&hot[i % HOT]);
			w->lookups += 2;
		}
	return NULL;
}

/* Clears until told to stop; *n counts the clears (the workers start
 * after the first). */
static void *clearer(void *arg)
{
	size_t *n = arg;

	while (!__atomic_load_n(&clearing_done, __ATOMIC_ACQUIRE)) {
		zen_keycache_clear();
		__atomic_fetch_add(n, 1, __ATOMIC_RELEASE);
		usleep(2000);
	}
	return NULL;
}

static void fill(struct key *k, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		random_key(k[i].pub);
		k[i].valid = zen_pubkey_decompress_uncached(k[i].xy, k[i].pub);
	}
}

static void watchdog(int sig)
{
	static const char msg[] = "Bail out! threads took over 240 s\n";

	(void)sig;
	if (write(1, msg, sizeof(msg) - 1) < 0)
		_exit(2);
	_exit(1);
}

static void test_threads(void)
{
	pthread_t t[THREADS], c;
	struct worker w[THREADS];
	size_t clears = 0, raced, lookups = 0, wrong = 0;
	int i;

	fill(hot, HOT);
	for (i = 0; i < THREADS; i++)
		fill(own[i], OWN);
	zen_keycache_clear();
	signal(SIGALRM, watchdog);
	alarm(240);
	if (pthread_create(&c, NULL, clearer, &clears))
		abort();
	while (!__atomic_load_n(&clears, __ATOMIC_ACQUIRE))
		usleep(100);
	for (i = 0; i < THREADS; i++) {
		w[i].id = i;
		w[i].lookups = w[i].wrong = 0;
		if (pthread_create(&t[i], NULL, work, &w[i]))
			abort();
	}
	for (i = 0; i < THREADS; i++) {
		pthread_join(t[i], NULL);
		lookups += w[i].lookups;
		wrong += w[i].wrong;
	}
	raced = __atomic_load_n(&clears, __ATOMIC_ACQUIRE) - 1;
	__atomic_store_n(&clearing_done, 1, __ATOMIC_RELEASE);
	pthread_join(c, NULL);
	alarm(0);
	/* the lookups ran while the cache was being cleared: else the test
	 * below raced nothing */
	tap_ok(lookups == (uint64_t)THREADS * PASSES * OWN * 2 && raced > 0,
	       "%d threads made every lookup, %zu clears meanwhile", THREADS,
	       raced);
	tap_u64(wrong, 0, "no thread saw a wrong result");
	/* without clears now: every thread's keys are there at the end */
	for (i = 0; i < THREADS; i++)
		w[i].lookups = w[i].wrong = 0;
	for (i = 0; i < THREADS; i++)
		if (pthread_create(&t[i], NULL, work, &w[i]))
			abort();
	wrong = 0;
	for (i = 0; i < THREADS; i++) {
		pthread_join(t[i], NULL);
		wrong += w[i].wrong;
	}
	tap_u64(wrong, 0, "again, without clears: no wrong result");
}

int main(void)
{
	test_generator();
	test_invalid_fixed();
	test_counts();
	test_verify_once();
	test_many();
	test_bound();
	test_threads();
	return tap_done();
}
