/*
 * bench-contract - the contract engine's targets (issues 5 and 16):
 *   1. the activation check of a ~400-line contract (zen_contract_check:
 *      parse, forbidden constructs, the static checks, name resolution,
 *      the cost bound's runs of cf and main, the loaded contract the node
 *      caches): oracle.fst, orderbook.fst and merkle-payout.fst of
 *      tests/contracts concatenated (later main/cf shadow earlier ones);
 *      target < 1 ms, as for a 300-line contract;
 *   2. one main execution of tests/contracts/token.fst "buy" (one PK
 *      input, a returnAddress body), skeleton conversion included;
 *      target < 5 us;
 *   3. one "Make" of tests/contracts/dex.fst, an order book in the
 *      contract's state, with 1,000 orders of 1,000 distinct makers there
 *      (the state converted in and out, each maker's public key
 *      decompressed, the new order added); target < 1 ms, with the
 *      process-wide key cache warm (the first run, cold, is shown apart);
 *   4. key cache lookups on 1 thread and on one per online core, all on the
 *      same keys or each on its own: the cache must not serialize them.
 * Prints the median time of the runs of ZEN_BENCH_SECONDS each (and the
 * 90th percentile), with the goal beside it.
 */
#include <pthread.h>
#include <string.h>

#include "bench.h"
#include "core/base/buf.h"
#include "core/contract/check.h"
#include "core/contract/contract.h"
#include "core/crypto/keycache.h"
#include "core/crypto/keys.h"

#define ORDERS 1000

struct timing {
	double *dt;		/* every run's seconds */
	size_t runs, cap;
};

/* Run fn over ctx for bench_seconds() and at least min_runs times. */
static int measure(int (*fn)(void *), void *ctx, size_t min_runs,
		   struct timing *t)
{
	double end = bench_now() + bench_seconds();

	t->runs = 0;
	while (bench_now() < end || t->runs < min_runs) {
		double t0 = bench_now(), dt;

		if (fn(ctx))
			return 1;
		dt = bench_now() - t0;
		if (t->runs == t->cap) {
			t->cap = t->cap ? 2 * t->cap : 1024;
			ZEN_REALLOC_ARRAY(t->dt, t->cap);
		}
		t->dt[t->runs++] = dt;
	}
	return 0;
}

/* The median run (not the best: a figure a node sees half the time),
 * the 90th percentile beside it, and the goal. */
static void report(const char *what, struct timing *t, double unit,
		   const char *uname, double goal)
{
	double med = bench_median(t->dt, t->runs) / unit;
	double p90 = t->dt[t->runs * 9 / 10] / unit;

	printf("%s: median %.3f %s (goal < %g %s), p90 %.3f %s, %zu runs%s\n",
	       what, med, uname, goal, uname, p90, uname, t->runs,
	       med < goal ? "" : "  MISSED");
	free(t->dt);
	t->dt = NULL;
	t->runs = t->cap = 0;
}

static int fail(const char *what, const char *msg)
{
	fprintf(stderr, "bench-contract: %s: %s\n", what, msg);
	return 1;
}

/* ---- 1. the activation check ------------------------------------------- */

static int check_once(void *ctx)
{
	const struct zen_buf *src = ctx;
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c;

	if (zen_contract_check((const char *)src->data, src->len, "bench.fst",
			       NULL, &c, &err))
		return fail("check", err.msg);
	zen_contract_free(c);
	return 0;
}

static int bench_check(void)
{
	struct zen_buf src = ZEN_BUF_INIT;
	struct timing t = { 0 };
	size_t lines = 0;
	char what[80];

	bench_load_contract(&src, "oracle.fst");
	bench_load_contract(&src, "orderbook.fst");
	bench_load_contract(&src, "merkle-payout.fst");
	for (size_t i = 0; i < src.len; i++)
		lines += src.data[i] == '\n';
	if (measure(check_once, &src, 10, &t))
		return 1;
	snprintf(what, sizeof(what), "contract check+activate %zu lines",
		 lines);
	report(what, &t, 1e-3, "ms", 1);
	zen_buf_release(&src);
	return 0;
}

/* ---- 2. token buy -------------------------------------------------------- */

struct run {
	const struct zc_contract *c;
	const struct zen_contract_args *a;
	const char *what;
};

static int run_once(void *ctx)
{
	const struct run *r = ctx;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_contract_return ret;
	int rc;

	zen_contract_return_init(&ret);
	rc = zen_contract_run(r->c, r->a, &ret, NULL, &err);
	if (!rc && !ret.ok)
		fail(r->what, ret.err_msg);
	else if (rc)
		fail(r->what, err.msg);
	rc = rc || !ret.ok;
	zen_contract_return_release(&ret);
	return rc;
}

static struct zc_contract *load(const char *name)
{
	struct zen_buf src = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c = NULL;

	bench_load_contract(&src, name);
	if (zen_contract_load((const char *)src.data, src.len, name, &c, &err))
		fail(name, err.msg);
	zen_buf_release(&src);
	return c;
}

/* A dict data of n entries (keys and values filled by the caller). */
static void dict_init(struct zen_data *d, size_t n)
{
	zen_data_init(d);
	d->kind = ZEN_DATA_DICT;
	d->u.dict.entries = zen_xcalloc(n, sizeof(*d->u.dict.entries));
	d->u.dict.n = n;
	for (size_t i = 0; i < n; i++)
		zen_data_init(&d->u.dict.entries[i].value);
}

static void set_key(struct zen_data_entry *e, const char *k)
{
	e->key = zen_xstrdup(k);
	e->key_len = strlen(k);
}

/* s with one input in: amount kalapas on a PK lock, its tx hash 32 bytes
 * of tx (the caller releases in->output.lock). */
static void one_input(struct zen_skel *s, struct zen_skel_input *in,
		      uint8_t tx, uint64_t amount)
{
	memset(in, 0, sizeof(*in));
	memset(in->outpoint.tx_hash, tx, 32);
	zen_lock_init(&in->output.lock);
	in->output.lock.id = ZEN_LOCK_PK;
	memset(in->output.lock.pk_hash, 0xaa, 32);
	in->output.spend.amount = amount;
	s->inputs = in;
	s->n_inputs = 1;
	s->outputs = NULL;
	s->n_outputs = 0;
}

static int bench_token(void)
{
	struct zc_contract *c = load("token.fst");
	struct zen_contract_args a;
	struct zen_skel s;
	struct zen_skel_input in;
	struct zen_data body, *lock;
	struct run r;
	struct timing t = { 0 };
	int rc;

	if (!c)
		return 1;
	one_input(&s, &in, 0x11, 10);
	dict_init(&body, 1);
	set_key(&body.u.dict.entries[0], "returnAddress");
	lock = &body.u.dict.entries[0].value;
	lock->kind = ZEN_DATA_LOCK;
	zen_lock_init(&lock->u.lock);
	lock->u.lock.id = ZEN_LOCK_PK;
	memset(lock->u.lock.pk_hash, 0xbb, 32);
	memset(&a, 0, sizeof(a));
	a.tx = &s;
	a.command = "buy";
	a.command_len = 3;
	a.body = &body;
	r.c = c;
	r.a = &a;
	r.what = "token buy";
	rc = measure(run_once, &r, 100, &t);
	if (!rc)
		report("token buy main", &t, 1e-6, "us", 5);
	zen_contract_free(c);
	zen_data_release(&body);
	zen_lock_release(&in.output.lock);
	return rc;
}

/* ---- 3. an order book of 1,000 orders ---------------------------------- */

/* secp256k1's generator, compressed: a valid public key. */
static const uint8_t gen_pk[33] = {
	0x02, 0x79, 0xbe, 0x66, 0x7e, 0xf9, 0xdc, 0xbb, 0xac, 0x55, 0xa0,
	0x62, 0x95, 0xce, 0x87, 0x0b, 0x07, 0x02, 0x9b, 0xfc, 0xdb, 0x2d,
	0xce, 0x28, 0xd9, 0x59, 0xf2, 0x81, 0x5b, 0x16, 0xf8, 0x17, 0x98,
};

/* The compressed public key of secret key i + 1: distinct makers. */
static void maker_pk(uint8_t pk[33], size_t i)
{
	uint8_t sec[ZEN_SECKEY_LEN] = { 0 };

	sec[ZEN_SECKEY_LEN - 2] = (uint8_t)((i + 1) >> 8);
	sec[ZEN_SECKEY_LEN - 1] = (uint8_t)(i + 1);
	if (zen_pubkey_from_seckey(pk, sec, NULL))
		abort();
}

/* dex.fst's order: [PublicKey maker; U64 offered; U64 price]. */
static void order_init(struct zen_data *d, size_t maker, uint64_t offered,
		       uint64_t price)
{
	struct zen_data *it;

	d->kind = ZEN_DATA_LIST;
	d->u.coll.items = zen_xcalloc(3, sizeof(*d->u.coll.items));
	d->u.coll.n = 3;
	it = d->u.coll.items;
	for (size_t i = 0; i < 3; i++)
		zen_data_init(&it[i]);
	it[0].kind = ZEN_DATA_PUBKEY;
	maker_pk(it[0].u.pubkey, maker);
	it[1].kind = ZEN_DATA_U64;
	it[1].u.u64 = offered;
	it[2].kind = ZEN_DATA_U64;
	it[2].u.u64 = price;
}

static void book_init(struct zen_data *state)
{
	struct zen_data *book;
	char key[16];

	zen_data_init(state);
	state->kind = ZEN_DATA_DICT;
	/* the state is the book itself: Collection (Dict book) */
	dict_init(state, ORDERS);
	for (size_t i = 0; i < ORDERS; i++) {
		snprintf(key, sizeof(key), "order%04zu", i);
		set_key(&state->u.dict.entries[i], key);
		book = &state->u.dict.entries[i].value;
		order_init(book, i, 1000 + i, 50 + i);
	}
	zen_data_dict_normalize(state);
}

static int bench_orderbook(void)
{
	struct zc_contract *c = load("dex.fst");
	struct zen_contract_args a;
	struct zen_skel s;
	struct zen_skel_input in;
	struct zen_data body, state;
	struct run r;
	struct timing t = { 0 };
	char what[96];
	double cold;
	int rc;

	if (!c)
		return 1;
	one_input(&s, &in, 0x22, 5000);
	dict_init(&body, 2);
	set_key(&body.u.dict.entries[0], "Id");
	body.u.dict.entries[0].value.kind = ZEN_DATA_STRING;
	body.u.dict.entries[0].value.u.bytes.p = (uint8_t *)zen_xstrdup("new");
	body.u.dict.entries[0].value.u.bytes.len = 3;
	set_key(&body.u.dict.entries[1], "Price");
	body.u.dict.entries[1].value.kind = ZEN_DATA_U64;
	body.u.dict.entries[1].value.u.u64 = 70;
	zen_data_dict_normalize(&body);
	book_init(&state);
	memset(&a, 0, sizeof(a));
	a.tx = &s;
	a.command = "Make";
	a.command_len = 4;
	a.sender = ZEN_SENDER_PK;
	memcpy(a.sender_pk, gen_pk, sizeof(gen_pk));
	a.body = &body;
	a.state = &state;
	r.c = c;
	r.a = &a;
	r.what = "dex Make";
	/* The first run decompresses the 1,000 makers' keys; the process-wide
	 * key cache keeps them for the next runs, as on a node that runs
	 * many commands over one state. */
	zen_keycache_clear();
	cold = bench_now();
	rc = run_once(&r);
	cold = bench_now() - cold;
	if (!rc)
		rc = measure(run_once, &r, 20, &t);
	snprintf(what, sizeof(what), "dex Make, %u orders of distinct makers "
		 "in state", ORDERS);
	if (!rc) {
		printf("%s: first run %.3f ms (key cache cold; the runs "
		       "below find the makers' keys in it, as a node does "
		       "that runs many commands over one state)\n", what,
		       cold * 1e3);
		strcat(what, ", key cache warm");
		report(what, &t, 1e-3, "ms", 1);
	}
	zen_contract_free(c);
	zen_data_release(&body);
	zen_data_release(&state);
	zen_lock_release(&in.output.lock);
	return rc;
}

/* ---- 4. the key cache on several threads ------------------------------ */

#define LOOKUP_KEYS 1000
#define MAX_LOOKERS 8

struct looker {
	uint8_t (*keys)[33];
	double seconds;
	size_t lookups;
	int bad;
};

static void *look(void *arg)
{
	struct looker *l = arg;
	double end = bench_now() + l->seconds;
	uint8_t xy[64];
	size_t i, n = 0;
	int bad = 0;

	/* counted in locals: the lookers share cache lines */
	while (bench_now() < end) {
		for (i = 0; i < LOOKUP_KEYS; i++)
			bad |= !zen_pubkey_decompress(xy, l->keys[i]);
		n += LOOKUP_KEYS;
	}
	l->lookups = n;
	l->bad = bad;
	return NULL;
}

/* n threads looking up warm keys, each its own set or all the same:
 * the nanoseconds of one lookup on one thread, and the total rate. */
static int lookers(unsigned n, int shared, uint8_t (*keys)[LOOKUP_KEYS][33])
{
	struct looker l[MAX_LOOKERS];
	pthread_t t[MAX_LOOKERS];
	size_t total = 0;
	double secs = bench_seconds() / 4;
	unsigned i;
	int bad = 0;

	for (i = 0; i < n; i++) {
		l[i].keys = keys[shared ? 0 : i];
		l[i].seconds = secs;
		l[i].lookups = 0;
		l[i].bad = 0;
		if (pthread_create(&t[i], NULL, look, &l[i]))
			return fail("key cache", "cannot start a thread");
	}
	for (i = 0; i < n; i++) {
		pthread_join(t[i], NULL);
		total += l[i].lookups;
		bad |= l[i].bad;
	}
	if (bad)
		return fail("key cache", "a valid key failed");
	printf("key cache, %u thread%s, %s keys: %.0f ns per lookup and "
	       "thread, %.1f M lookups/s in all\n", n, n > 1 ? "s" : "",
	       shared ? "the same" : "distinct",
	       secs * n / (double)total * 1e9, (double)total / secs / 1e6);
	return 0;
}

static int bench_keycache(void)
{
	static uint8_t keys[MAX_LOOKERS][LOOKUP_KEYS][33];
	unsigned cores = bench_cores();
	uint8_t xy[64];
	double t0;
	size_t i, j;
	int rc;

	for (i = 0; i < MAX_LOOKERS; i++)
		for (j = 0; j < LOOKUP_KEYS; j++)
			maker_pk(keys[i][j], i * LOOKUP_KEYS + j);
	t0 = bench_now();
	for (j = 0; j < LOOKUP_KEYS; j++)
		if (!zen_pubkey_decompress_uncached(xy, keys[0][j]))
			return fail("key cache", "a valid key failed");
	printf("key decompression without the cache: %.0f ns\n",
	       (bench_now() - t0) / LOOKUP_KEYS * 1e9);
	if (cores > MAX_LOOKERS)
		cores = MAX_LOOKERS;
	rc = lookers(1, 1, keys);
	if (cores > 1 && !rc)
		rc = lookers(cores, 1, keys) || lookers(cores, 0, keys);
	return rc;
}

int main(void)
{
	int rc = bench_check();

	rc |= bench_token();
	rc |= bench_orderbook();
	rc |= bench_keycache();
	return rc;
}
