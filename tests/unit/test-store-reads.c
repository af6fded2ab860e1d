/*
 * test-store-reads.c - read transactions reused from the store's pool
 * (store.c): a renewed one sees the latest commit, never the snapshot it
 * had before; more readers at once than the pool keeps all work; threads
 * reading while another commits see values that never go backwards; and
 * the store closes with its pool full (AddressSanitizer's leak check in
 * the sanitizer build).  And zen_chain_tip_now, which answers without a
 * read while the store's generation stays: the tip after a block of this
 * process, and after a block another process (a child) committed.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chain-fixture.h"
#include "core/chain/store.h"
#include "tap.h"

#define READERS 4
#define ROUNDS 3000
#define WRITES 300

static struct zen_store *store;

static void die(const char *what, const struct zen_err *err)
{
	fprintf(stderr, "test-store-reads: %s: %s\n", what,
		err ? err->msg : "failed");
	exit(99);
}

static void put_counter(uint64_t v)
{
	struct zen_store_txn *t;
	struct zen_err err = ZEN_ERR_INIT;

	if (zen_store_begin(store, NULL, 1, &t, &err) ||
	    zen_store_put(t, ZEN_DB_META, "counter", 7, &v, sizeof(v), &err) ||
	    zen_store_commit(t, &err))
		die("write", &err);
}

/* The counter in t; 0 when absent. */
static uint64_t counter_in(struct zen_store_txn *t)
{
	struct zen_slice v;
	struct zen_err err = ZEN_ERR_INIT;
	uint64_t n = 0;
	int rc = zen_store_get(t, ZEN_DB_META, "counter", 7, &v, &err);

	if (rc && rc != ZEN_ENOTFOUND)
		die("read", &err);
	if (!rc && v.len == sizeof(n))
		memcpy(&n, v.p, sizeof(n));
	return n;
}

static struct zen_store_txn *reader(void)
{
	struct zen_store_txn *t;
	struct zen_err err = ZEN_ERR_INIT;

	if (zen_store_begin(store, NULL, 0, &t, &err))
		die("begin", &err);
	return t;
}

/* A reader, after small allocations that would take the memory of a
 * transaction freed rather than kept (the allocator hands a freed block
 * of the same size out again first): a reader then comes back at
 * another address, so the same address means the ended one was kept. */
static struct zen_store_txn *reader_after_allocations(void)
{
	void *hold[8];
	struct zen_store_txn *t;

	for (size_t i = 0; i < 8; i++)
		hold[i] = malloc(8 * (i + 1));
	t = reader();
	for (size_t i = 0; i < 8; i++)
		free(hold[i]);
	return t;
}

static void test_renewed_sees_latest(void)
{
	struct zen_store_txn *t, *first;
	uint64_t gen;

	put_counter(1);
	t = first = reader();
	gen = zen_store_txn_generation(t);
	tap_u64(counter_in(t), 1, "a read sees the commit before it");
	zen_store_abort(t);		/* reset into the pool */
	put_counter(2);
	t = reader_after_allocations();
	tap_ok(t == first, "the next read reuses the ended one");
	tap_u64(counter_in(t), 2, "a reused read sees the latest commit");
	tap_ok(zen_store_txn_generation(t) > gen,
	       "and a later generation than its earlier snapshot");
	tap_ok(zen_store_commit(t, NULL) == 0, "a read ends by commit too");
	t = reader_after_allocations();
	tap_ok(t == first, "and is reused after that as well");
	zen_store_abort(t);
}

/* More readers at once than the pool keeps, each on the same snapshot,
 * then all ended (the pool keeps some, aborts the rest). */
static void test_many_at_once(void)
{
	struct zen_store_txn *t[40];
	int same = 1;

	put_counter(3);
	for (size_t i = 0; i < 40; i++)
		t[i] = reader();
	for (size_t i = 0; i < 40; i++)
		same &= counter_in(t[i]) == 3;
	for (size_t i = 0; i < 40; i++)
		zen_store_abort(t[i]);
	tap_ok(same, "40 readers at once all read the counter");
	t[0] = reader();
	tap_u64(counter_in(t[0]), 3, "and a reader after them too");
	zen_store_abort(t[0]);
}

struct worker {
	pthread_t thread;
	int backwards, errors;
	uint64_t last;
};

static void *read_loop(void *arg)
{
	struct worker *w = arg;

	for (int i = 0; i < ROUNDS; i++) {
		struct zen_store_txn *t = reader();
		uint64_t v = counter_in(t), again = counter_in(t);

		w->errors += v != again;	/* one snapshot per read */
		w->backwards += v < w->last;
		w->last = v;
		zen_store_abort(t);
	}
	return NULL;
}

static void test_concurrent(void)
{
	struct worker w[READERS];
	int backwards = 0, errors = 0;

	memset(w, 0, sizeof(w));
	for (int i = 0; i < READERS; i++)
		if (pthread_create(&w[i].thread, NULL, read_loop, &w[i]))
			die("thread", NULL);
	for (uint64_t v = 4; v < 4 + WRITES; v++)
		put_counter(v);
	for (int i = 0; i < READERS; i++) {
		pthread_join(w[i].thread, NULL);
		backwards += w[i].backwards;
		errors += w[i].errors;
	}
	tap_ok(!backwards && !errors, "%d threads reading while another "
	       "commits: the counter never goes back (%d), a snapshot "
	       "never moves (%d)", READERS, backwards, errors);
	{
		struct zen_store_txn *t = reader();

		tap_u64(counter_in(t), 3 + WRITES, "the last commit is read");
		zen_store_abort(t);
	}
}

/* Mine c's next block (the coinbase to key 0) and connect it. */
static void mine(struct zen_chainstate *c)
{
	uint8_t sec[ZEN_SECKEY_LEN], pkh[ZEN_HASH_LEN];

	fx_key(0, sec, pkh);
	fx_mine(c, pkh, NULL, 0);
}

/* c's tip by zen_chain_tip_now: its number, *g its generation. */
static uint32_t tip_now(struct zen_chainstate *c, uint64_t *g)
{
	struct zen_block_info tip;
	struct zen_err err = ZEN_ERR_INIT;

	if (zen_chain_tip_now(c, &tip, g, &err))
		die("tip now", &err);
	return tip.header.block_number;
}

static void test_tip_now(void)
{
	char dir[] = "/tmp/zen-test-tip-now.XXXXXX";
	const struct zen_chain_params *p = zen_chain_params(ZEN_CHAIN_LOCAL);
	struct zen_chainstate *c = fx_chain_open(dir, p, 1);
	uint64_t g1, g2, g3;
	uint32_t n = fx_tip_number(c), n2;
	pid_t child;
	int status = -1;

	tap_u64(tip_now(c, &g1), n, "tip now: the tip");
	tap_ok(tip_now(c, &g2) == n && g2 == g1 &&
	       g1 == zen_chain_generation(c),
	       "tip now: again, the same tip at the store's generation");
	mine(c);
	n2 = tip_now(c, &g2);
	tap_ok(n2 == n + 1 && g2 > g1,
	       "tip now: after a block, that block (generation %llu > %llu)",
	       (unsigned long long)g2, (unsigned long long)g1);
	child = fork();
	if (child == 0) {	/* another process on the same store */
		struct zen_chainstate *other = fx_chain_open(dir, p, 0);

		mine(other);
		zen_chain_close(other);
		_exit(0);
	}
	if (child > 0)
		waitpid(child, &status, 0);
	tap_ok(status == 0 && tip_now(c, &g3) == n + 2 && g3 > g2,
	       "tip now: after a block of another process, that block");
	fx_chain_drop(c, dir);
}

int main(void)
{
	char dir[] = "/tmp/zen-test-store-reads.XXXXXX";
	struct zen_err err = ZEN_ERR_INIT;

	if (!mkdtemp(dir))
		die("mkdtemp", NULL);
	if (zen_store_open(&store, dir, &err))
		die("open", &err);
	test_renewed_sees_latest();
	test_many_at_once();
	test_concurrent();
	zen_store_close(store);		/* with its pool full */
	fx_remove_tree(dir);
	test_tip_now();
	return tap_done();
}
