/* Unit tests of the proof-of-work search (src/core/miner.h). */
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "core/types/block.h"
#include "core/consensus/consensus.h"
#include "core/crypto/hash.h"
#include "core/consensus/miner.h"
#include "core/consensus/params.h"
#include "tap.h"

#define LOCAL_LIMIT 0x20ffffffu
/* About one hash in 4096 is under this target. */
#define HARDER 0x1f0fffffu
/* Target 1: no hash will ever be found. */
#define IMPOSSIBLE 0x03000001u

static void sample_header(struct zen_header *h, uint32_t difficulty)
{
	memset(h, 0, sizeof(*h));
	h->version = 0;
	for (int i = 0; i < ZEN_HASH_LEN; i++) {
		h->parent[i] = (uint8_t)(0x10 + i);
		h->commitments[i] = (uint8_t)(0xa0 ^ i);
	}
	h->block_number = 42;
	h->timestamp = 1700000000000ull;
	h->difficulty = difficulty;
	h->nonce[0] = 0;
	h->nonce[1] = 7;
}

/* The header hashes under its own target and passes the local limit. */
static int solves(const struct zen_header *h)
{
	uint8_t hash[ZEN_HASH_LEN];
	struct zen_u256 target, got;

	zen_header_hash(hash, h);
	zen_difficulty_uncompress(&target, h->difficulty);
	memcpy(got.b, hash, ZEN_HASH_LEN);
	return zen_u256_cmp(&got, &target) <= 0 &&
	       zen_pow_valid(hash, h->difficulty,
			     zen_chain_params(ZEN_CHAIN_LOCAL)->pow_limit);
}

/* Same header apart from the nonces and timestamp. */
static int same_block(const struct zen_header *a, const struct zen_header *b)
{
	return a->version == b->version && a->block_number == b->block_number &&
	       a->difficulty == b->difficulty &&
	       !memcmp(a->parent, b->parent, ZEN_HASH_LEN) &&
	       !memcmp(a->commitments, b->commitments, ZEN_HASH_LEN);
}

static void test_find(uint32_t difficulty, unsigned nthreads)
{
	struct zen_header h, orig;
	struct zen_mine_opts o = ZEN_MINE_OPTS_INIT;
	enum zen_mine_status st = ZEN_MINE_STOPPED;
	_Atomic uint64_t live = 0;
	uint64_t hashes = 0;
	int ret;

	sample_header(&h, difficulty);
	orig = h;
	o.nthreads = nthreads;
	o.max_hashes = 50000000;	/* a safety net, never reached */
	o.hashes_live = &live;
	ret = zen_mine(&st, &hashes, &h, &o, NULL);
	tap_ok(ret == 0 && st == ZEN_MINE_FOUND,
	       "difficulty %08x, %u thread(s): found (%s, %llu hashes)",
	       difficulty, nthreads, zen_mine_status_name(st),
	       (unsigned long long)hashes);
	tap_ok(solves(&h), "difficulty %08x, %u thread(s): hash <= target and "
	       "zen_pow_valid", difficulty, nthreads);
	tap_ok(same_block(&h, &orig) && h.timestamp == orig.timestamp,
	       "difficulty %08x, %u thread(s): only the nonce changed",
	       difficulty, nthreads);
	tap_ok(h.nonce[0] < nthreads && h.nonce[1] >= orig.nonce[1],
	       "difficulty %08x, %u thread(s): nonce[0] is a thread index",
	       difficulty, nthreads);
	tap_u64(atomic_load(&live), hashes,
		"difficulty %08x, %u thread(s): the live counter has every hash",
		difficulty, nthreads);
	if (nthreads == 1) {
		/* One thread counts up: it found the first solution. */
		struct zen_header e = orig;
		uint64_t first = 0;

		for (e.nonce[1] = orig.nonce[1];; e.nonce[1]++)
			if (solves(&e))
				break;
		first = e.nonce[1];
		tap_u64(h.nonce[1], first,
			"difficulty %08x: one thread finds the first solution",
			difficulty);
		tap_u64(hashes, first - orig.nonce[1] + 1,
			"difficulty %08x: one thread reports every hash tried",
			difficulty);
	}
}

struct bg {
	struct zen_header h;
	struct zen_mine_opts o;
	enum zen_mine_status st;
	uint64_t hashes;
	int ret;
};

static void *bg_mine(void *arg)
{
	struct bg *b = arg;

	b->ret = zen_mine(&b->st, &b->hashes, &b->h, &b->o, NULL);
	return NULL;
}

static void test_stop(unsigned nthreads)
{
	struct bg b;
	struct zen_header orig;
	atomic_int stop = 0;
	_Atomic uint64_t live = 0;
	pthread_t t;
	struct timespec nap = { 0, 5 * 1000 * 1000 };
	int waited = 0;

	memset(&b, 0, sizeof(b));
	sample_header(&b.h, IMPOSSIBLE);
	orig = b.h;
	b.o.nthreads = nthreads;
	b.o.stop = &stop;
	b.o.hashes_live = &live;
	if (!tap_ok(pthread_create(&t, NULL, bg_mine, &b) == 0,
		    "stop, %u thread(s): mining starts in the background",
		    nthreads))
		return;
	/* Wait until it has flushed some work (at most ~10 s). */
	while (atomic_load(&live) < 2 * ZEN_MINE_FLUSH && waited++ < 2000)
		nanosleep(&nap, NULL);
	atomic_store(&stop, 1);
	pthread_join(t, NULL);
	tap_ok(b.ret == 0 && b.st == ZEN_MINE_STOPPED,
	       "stop, %u thread(s): the stop flag ends the search (%s)",
	       nthreads, zen_mine_status_name(b.st));
	tap_ok(b.hashes >= 2 * ZEN_MINE_FLUSH && b.hashes == atomic_load(&live),
	       "stop, %u thread(s): hashes are reported (%llu)", nthreads,
	       (unsigned long long)b.hashes);
	tap_ok(!memcmp(&b.h, &orig, sizeof(orig)),
	       "stop, %u thread(s): the header is unchanged", nthreads);
}

static void test_limits(void)
{
	struct zen_header h, orig;
	struct zen_mine_opts o = ZEN_MINE_OPTS_INIT;
	enum zen_mine_status st;
	atomic_int stop = 1;
	uint64_t hashes = 99;
	int ret;

	sample_header(&h, IMPOSSIBLE);
	orig = h;
	o.nthreads = 2;
	o.stop = &stop;
	tap_ok(zen_mine(&st, &hashes, &h, &o, NULL) == 0 &&
	       st == ZEN_MINE_STOPPED && hashes == 0,
	       "a stop flag raised before the start tries nothing");

	o = (struct zen_mine_opts)ZEN_MINE_OPTS_INIT;
	o.nthreads = 2;
	o.max_hashes = 1001;
	ret = zen_mine(&st, &hashes, &h, &o, NULL);
	tap_ok(ret == 0 && st == ZEN_MINE_LIMIT && hashes == 1001,
	       "max_hashes is exact over two threads (%llu)",
	       (unsigned long long)hashes);
	o.nthreads = 3;
	o.max_hashes = 2;
	tap_ok(zen_mine(&st, &hashes, &h, &o, NULL) == 0 &&
	       st == ZEN_MINE_LIMIT && hashes == 2,
	       "max_hashes below the thread count");

	o = (struct zen_mine_opts)ZEN_MINE_OPTS_INIT;
	o.nthreads = 2;
	o.nonce1_span = 10;
	tap_ok(zen_mine(&st, &hashes, &h, &o, NULL) == 0 &&
	       st == ZEN_MINE_EXHAUSTED && hashes == 20,
	       "without a timestamp bump each thread stops after its span");
	tap_ok(!memcmp(&h, &orig, sizeof(orig)),
	       "an exhausted search leaves the header unchanged");

	h.timestamp = UINT64_MAX;
	o.allow_timestamp_bump = 1;
	tap_ok(zen_mine(&st, &hashes, &h, &o, NULL) == 0 &&
	       st == ZEN_MINE_EXHAUSTED && hashes == 20,
	       "the timestamp is never bumped past UINT64_MAX");

	tap_ok(zen_mine_default_threads() >= 1, "at least one default thread");
	o = (struct zen_mine_opts)ZEN_MINE_OPTS_INIT;
	o.max_hashes = 4 * zen_mine_default_threads();
	tap_ok(zen_mine(&st, &hashes, &h, &o, NULL) == 0 &&
	       st == ZEN_MINE_LIMIT && hashes == o.max_hashes,
	       "nthreads 0 runs one thread per core");
}

static void test_bump(void)
{
	struct zen_header h, orig;
	struct zen_mine_opts o = ZEN_MINE_OPTS_INIT;
	enum zen_mine_status st;
	uint64_t hashes = 0;
	int ret;

	sample_header(&h, HARDER);
	orig = h;
	o.nthreads = 1;
	o.nonce1_span = 4;
	o.allow_timestamp_bump = 1;
	o.max_hashes = 10000000;
	ret = zen_mine(&st, &hashes, &h, &o, NULL);
	tap_ok(ret == 0 && st == ZEN_MINE_FOUND,
	       "with a 4-nonce span and bumps: found");
	tap_ok(solves(&h) && same_block(&h, &orig),
	       "the bumped header solves the target");
	tap_ok(h.timestamp > orig.timestamp &&
	       h.timestamp - orig.timestamp == (hashes - 1) / 4 &&
	       h.nonce[1] - orig.nonce[1] == (hashes - 1) % 4,
	       "the timestamp moved 1 ms per span (%llu hashes)",
	       (unsigned long long)hashes);
}

int main(void)
{
	/* OpenSSL 3 (Debian 12) has the fast path; "evp" means hash.c's
	 * lookup or its known answer broke, and mining is ~3x slower. */
	tap_str(zen_sha3_backend(), "provider",
		"zen_sha3 calls the provider's SHA3-256 directly");
	test_find(LOCAL_LIMIT, 1);
	test_find(LOCAL_LIMIT, 2);
	test_find(HARDER, 1);
	test_find(HARDER, 2);
	test_stop(1);
	test_stop(2);
	test_limits();
	test_bump();
	return tap_done();
}
