/*
 * Unit tests of the contract evaluator and ABI (src/core/contract/eval.c,
 * contract.c): every contract of tests/contracts with its cf values and
 * main results, SampleContract (tests/vectors/contract_ids.json), scoping,
 * negative cases and limits.
 *
 * Every expected value below is computed by hand from the contract source
 * and contracts.md section 4 (costs, Zulib semantics), never copied from
 * the engine's output; the derivation is in the comment next to it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contract-fixture.h"
#include "core/contract/contract.h"
#include "core/consensus/address.h"
#include "core/contract/parser.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"
#include "tap.h"

/* the oracle's key (tests/contracts/oracle.fst), a valid compressed key */
static const char *ORACLE_PK =
	"02add2eb8158d81b7ea51e35ddde9c8a95e24449bdab8391f40c5517bdb9a3e117";

/* Load source text; returns the error code, message in err. */
static int load_src(const char *src, struct zc_contract **c,
		    struct zen_err *err)
{
	return zen_contract_load(src, strlen(src), "t.fst", c, err);
}

static uint64_t cf_of(struct zc_contract *c, const struct zen_contract_args *a)
{
	struct zen_err err = ZEN_ERR_INIT;
	uint64_t cost = (uint64_t)-1;

	if (!c)
		return cost;
	if (zen_contract_cost(c, a, &cost, &err))
		tap_diag("cf: %s", err.msg);
	return cost;
}

static int run(struct zc_contract *c, const struct zen_contract_args *a,
	       struct zen_contract_return *r)
{
	struct zen_err err = ZEN_ERR_INIT;
	int rc;

	zen_contract_return_init(r);
	if (!c)
		return -1;
	rc = zen_contract_run(c, a, r, NULL, &err);
	if (rc)
		tap_diag("main: %s", err.msg);
	return rc;
}

/* main returns ERR msg. */
static void main_err_is(struct zc_contract *c, const struct zen_contract_args *a,
			const char *msg, const char *what)
{
	struct zen_contract_return r;

	tap_ok(!run(c, a, &r) && !r.ok && r.err_msg &&
	       !strcmp(r.err_msg, msg), "%s", what);
	zen_contract_return_release(&r);
}

static void args_init(struct zen_contract_args *a, const char *cmd)
{
	memset(a, 0, sizeof(*a));
	a->command = cmd;
	a->command_len = strlen(cmd);
}

/*
 * The witness check (contracts.md 1.7 step 6, 1.8): for the same
 * arguments, main's accumulated cost (Zulib costs of section 4 plus the
 * elaboration increments of 1.10, declared cost indexes applied) must
 * equal cf's value.  want is the hand-derived number (the derivation is
 * next to the contract's cf).  main must return OK here, with an exact
 * cost, and reach want by its own count: cost_body, before the padding
 * to cf that MainFunc's type implies (contract.h), is want too.
 */
static void cost_is(struct zc_contract *c, const struct zen_contract_args *a,
		    uint64_t want, const char *what)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_contract_return r;
	struct zen_contract_stats st;
	uint64_t cf = cf_of(c, a);
	int rc;

	memset(&st, 0, sizeof(st));
	zen_contract_return_init(&r);
	rc = c ? zen_contract_run(c, a, &r, &st, &err) : -1;
	if (rc)
		tap_diag("main: %s", err.msg);
	tap_ok(!rc && r.ok && st.cost_exact && st.cost == want &&
	       st.cost_body == want && cf == want,
	       "%s: main's cost %llu (own count %llu) = cf %llu = %llu "
	       "(OK %d, exact %d)", what, (unsigned long long)st.cost,
	       (unsigned long long)st.cost_body, (unsigned long long)cf,
	       (unsigned long long)want, !rc && r.ok, st.cost_exact);
	zen_contract_return_release(&r);
}

/*
 * The same on a path where main returns ERR msg (err_msg != NULL) or OK
 * (err_msg NULL) and its own count may stop short of cf: a short-circuit
 * (OptT/RT bind on None/ERR, `>!=` on None) or autoFailw/autoInc charge
 * in the reference what their type says, which only the padding to cf
 * (MainFunc) supplies.  body is main's own count, hand-derived (equal
 * to cf where the contract pads the path itself, incFailw k); cost must
 * be cf = want, exact.
 */
static void cost_short_is(struct zc_contract *c,
			  const struct zen_contract_args *a, uint64_t want,
			  uint64_t body, const char *err_msg, const char *what)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_contract_return r;
	struct zen_contract_stats st;
	uint64_t cf = cf_of(c, a);
	int rc, result_ok;

	memset(&st, 0, sizeof(st));
	zen_contract_return_init(&r);
	rc = c ? zen_contract_run(c, a, &r, &st, &err) : -1;
	if (rc)
		tap_diag("main: %s", err.msg);
	result_ok = !rc && (err_msg ? !r.ok && r.err_msg &&
			    !strcmp(r.err_msg, err_msg) : r.ok);
	tap_ok(result_ok && st.cost_exact && st.cost == want && cf == want &&
	       st.cost_body == body,
	       "%s: main's cost %llu = cf %llu = %llu, own count %llu = %llu "
	       "(%s, exact %d)", what, (unsigned long long)st.cost,
	       (unsigned long long)cf, (unsigned long long)want,
	       (unsigned long long)st.cost_body, (unsigned long long)body,
	       !rc && r.ok ? "OK" : r.err_msg ? r.err_msg : "failed",
	       st.cost_exact);
	zen_contract_return_release(&r);
}

/* ---- node-side values ---- */

static void hash_fill(uint8_t h[32], uint8_t b)
{
	memset(h, b, 32);
}

static void lock_pk(struct zen_lock *l, uint8_t b)
{
	zen_lock_init(l);
	l->id = ZEN_LOCK_PK;
	hash_fill(l->pk_hash, b);
}

static void lock_contract(struct zen_lock *l, const struct zen_contract_id *c)
{
	zen_lock_init(l);
	l->id = ZEN_LOCK_CONTRACT;
	l->cid = *c;
}

static struct zen_asset zp(void)
{
	struct zen_asset a;

	memset(&a, 0, sizeof(a));
	return a;
}

static struct zen_asset default_asset(const struct zen_contract_id *c)
{
	struct zen_asset a = zp();

	a.cid = *c;
	return a;
}

static struct zen_asset subtype_asset(const struct zen_contract_id *c,
				      const char *s)
{
	struct zen_asset a = default_asset(c);

	memcpy(a.subtype, s, strlen(s));	/* zero-padded to 32 (4.9) */
	return a;
}

static int same_asset(const struct zen_asset *a, const struct zen_asset *b)
{
	return !memcmp(&a->cid, &b->cid, sizeof(a->cid)) &&
	       !memcmp(a->subtype, b->subtype, 32);
}

static int is_output(const struct zen_output *o, int lock_id,
		     const void *lock_arg, const struct zen_asset *asset,
		     uint64_t amount)
{
	if (o->lock.id != (uint32_t)lock_id || o->spend.amount != amount ||
	    !same_asset(&o->spend.asset, asset))
		return 0;
	if (lock_id == ZEN_LOCK_PK)
		return !memcmp(o->lock.pk_hash, lock_arg, 32);
	if (lock_id == ZEN_LOCK_CONTRACT)
		return !memcmp(&o->lock.cid, lock_arg, sizeof(o->lock.cid));
	return 1;
}

/* A skeleton input spending (0xTT.., index) locked to PK 0xLL.. */
static void pk_input(struct zen_skel_input *in, uint8_t tx, uint8_t owner,
		     struct zen_asset asset, uint64_t amount)
{
	memset(in, 0, sizeof(*in));
	hash_fill(in->outpoint.tx_hash, tx);
	lock_pk(&in->output.lock, owner);
	in->output.spend.asset = asset;
	in->output.spend.amount = amount;
}

/* ---- data ---- */

static struct zen_data *d_new(enum zen_data_kind k)
{
	struct zen_data *d = zen_xcalloc(1, sizeof(*d));

	zen_data_init(d);
	d->kind = k;
	return d;
}

static void d_set_u64(struct zen_data *d, uint64_t v)
{
	d->kind = ZEN_DATA_U64;
	d->u.u64 = v;
}

/* A dict of n entries: keys[i] -> vals[i] (moved into the dict). */
static struct zen_data *d_dict(size_t n, const char *const *keys,
			       struct zen_data **vals)
{
	struct zen_data *d = d_new(ZEN_DATA_DICT);
	size_t i;

	d->u.dict.entries = zen_xcalloc(n ? n : 1,
					sizeof(*d->u.dict.entries));
	d->u.dict.n = n;
	for (i = 0; i < n; i++) {
		d->u.dict.entries[i].key = zen_xstrdup(keys[i]);
		d->u.dict.entries[i].key_len = strlen(keys[i]);
		d->u.dict.entries[i].value = *vals[i];
		free(vals[i]);
	}
	zen_data_dict_normalize(d);
	return d;
}

static struct zen_data *d_lock_pk(uint8_t b)
{
	struct zen_data *d = d_new(ZEN_DATA_LOCK);

	lock_pk(&d->u.lock, b);
	return d;
}

static struct zen_data *d_u64(uint64_t v)
{
	struct zen_data *d = d_new(ZEN_DATA_U64);

	d_set_u64(d, v);
	return d;
}

static struct zen_data *d_str(const char *s)
{
	struct zen_data *d = d_new(ZEN_DATA_STRING);

	d->u.bytes.p = (uint8_t *)zen_xstrdup(s);
	d->u.bytes.len = strlen(s);
	return d;
}

static struct zen_data *d_hash(const uint8_t h[32])
{
	struct zen_data *d = d_new(ZEN_DATA_HASH);

	memcpy(d->u.hash, h, 32);
	return d;
}

static struct zen_data *d_list(size_t n, struct zen_data **items)
{
	struct zen_data *d = d_new(ZEN_DATA_LIST);
	size_t i;

	d->u.coll.items = zen_xcalloc(n ? n : 1, sizeof(*d->u.coll.items));
	d->u.coll.n = n;
	for (i = 0; i < n; i++) {
		d->u.coll.items[i] = *items[i];
		free(items[i]);
	}
	return d;
}

static void d_free(struct zen_data *d)
{
	if (d) {
		zen_data_release(d);
		free(d);
	}
}

static struct zen_data *body_return_address(uint8_t who)
{
	const char *k[] = { "returnAddress" };
	struct zen_data *v[] = { d_lock_pk(who) };

	return d_dict(1, k, v);
}

/* ================================================================== */

static void test_sample_vector(void)
{
	json_t *v = tap_vector("contract_ids.json", "contract-id-sample");
	const char *code = tap_jstr(tap_jget(v, "input"), "code");
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c = NULL;
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zen_skel s;
	struct zen_skel_input in;
	struct zen_output out;
	struct zen_asset asset;
	const struct zen_contract_id *id;
	char hex[ZEN_CONTRACT_ID_TEXT_LEN + 1];

	tap_ok(code && !load_src(code, &c, &err), "SampleContract loads: %s",
	       err.msg);
	if (!c)
		return;
	id = zen_contract_get_id(c);
	zen_contract_id_text(hex, id);
	tap_str(hex, "0000000060de85a214850bf6192e7c4416fbccaf3cfcc0a927dd6b770a70ff08d24046d3",
		"SampleContract id");
	args_init(&a, "");
	/* 64 + (64 + 64 + 0) + 22 */
	tap_u64(cf_of(c, &a), 214, "SampleContract cf = 214");
	/* stage 2: one PK input and one output in, Mint {default, 1000}
	 * and {ContractLock self, default, 1000} added */
	pk_input(&in, 0x11, 0xaa, zp(), 5);
	memset(&out, 0, sizeof(out));
	lock_pk(&out.lock, 0xbb);
	out.spend.asset = zp();
	out.spend.amount = 5;
	s.inputs = &in;
	s.n_inputs = 1;
	s.outputs = &out;
	s.n_outputs = 1;
	a.tx = &s;
	asset = default_asset(id);
	{
		struct zen_contract_stats st;

		zen_contract_return_init(&r);
		tap_ok(!zen_contract_run(c, &a, &r, &st, &err) && r.ok,
		       "SampleContract main OK");
		/* Zulib: getDefault 64 + addInput 64 + lockToContract 64;
		 * elaboration (1.10): let! 1+1+1, record 2, Mint 1,
		 * let! 1+1+(>>= 2, addInput 2, lockToContract 3, two
		 * projections 2), @ 2 + record 3 = 22; 192 + 22 = cf */
		tap_u64(st.cost, 214, "SampleContract: main's cost = cf = 214");
	}
	tap_ok(r.tx.n_inputs == 2 && r.tx.n_outputs == 2,
	       "SampleContract: 2 inputs, 2 outputs");
	if (r.tx.n_inputs == 2 && r.tx.n_outputs == 2) {
		tap_ok(!r.tx.inputs[0].is_mint &&
		       r.tx.inputs[0].outpoint.tx_hash[0] == 0x11,
		       "SampleContract: PK input kept first");
		tap_ok(r.tx.inputs[1].is_mint &&
		       r.tx.inputs[1].mint.amount == 1000 &&
		       same_asset(&r.tx.inputs[1].mint.asset, &asset),
		       "SampleContract: Mint {default asset, 1000}");
		tap_ok(is_output(&r.tx.outputs[0], ZEN_LOCK_PK,
				 (uint8_t[32]){ [0 ... 31] = 0xbb }, &in.output.spend.asset, 5),
		       "SampleContract: output kept first");
		tap_ok(is_output(&r.tx.outputs[1], ZEN_LOCK_CONTRACT, id,
				 &asset, 1000),
		       "SampleContract: {ContractLock self, default, 1000}");
	}
	tap_ok(!r.has_message && r.state == ZEN_STATE_NOCHANGE,
	       "SampleContract: no message, NoChange");
	zen_contract_return_release(&r);
	zen_lock_release(&in.output.lock);
	zen_lock_release(&out.lock);
	zen_contract_free(c);
}

static void test_voting_vector(void)
{
	json_t *v = tap_vector("contract_ids.json", "contract-id-testnet-voting");
	const char *code = tap_jstr(tap_jget(v, "input"), "code");
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c = NULL;
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zen_contract_stats st;
	char hex[ZEN_CONTRACT_ID_TEXT_LEN + 1];

	tap_ok(code && !load_src(code, &c, &err), "voting contract loads: %s",
	       err.msg);
	if (!c)
		return;
	zen_contract_id_text(hex, zen_contract_get_id(c));
	tap_str(hex, "00000000e89738718a802a7d217941882efe8e585e20b20901391bc37af25fac2f22c8ab",
		"voting contract id");
	args_init(&a, "vote");
	tap_u64(cf_of(c, &a), 5, "voting cf = 5");
	zen_contract_return_init(&r);
	tap_ok(!zen_contract_run(c, &a, &r, &st, &err) && r.ok &&
	       r.state == ZEN_STATE_NOCHANGE, "voting main OK, NoChange");
	/* RT.ok @ {3 fields}: @ 2 + record 3 = 5 = cf */
	tap_u64(st.cost, 5, "voting: main's cost = cf = 5");
	zen_contract_return_release(&r);
	zen_contract_free(c);
}

static void test_mint_sample(void)
{
	struct zc_contract *c = cx_load_file("mint-sample.fst", NULL, "");
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zen_asset asset;

	if (!c)
		return;
	args_init(&a, "anything");
	tap_u64(cf_of(c, &a), 64 + 64 + 64 + 23, "mint-sample cf = 215");
	cost_is(c, &a, 215, "mint-sample");
	asset = default_asset(zen_contract_get_id(c));
	tap_ok(!run(c, &a, &r) && r.ok && r.tx.n_inputs == 1 &&
	       r.tx.n_outputs == 1 && r.tx.inputs[0].is_mint &&
	       r.tx.inputs[0].mint.amount == 1000 &&
	       same_asset(&r.tx.inputs[0].mint.asset, &asset) &&
	       is_output(&r.tx.outputs[0], ZEN_LOCK_CONTRACT,
			 zen_contract_get_id(c), &asset, 1000),
	       "mint-sample main: mint 1000 and lock to self");
	zen_contract_return_release(&r);
	zen_contract_free(c);
}

static void test_counter(void)
{
	struct zc_contract *c = cx_load_file("counter.fst", NULL, "");
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zen_data st;

	if (!c)
		return;
	args_init(&a, "");
	tap_u64(cf_of(c, &a), 2 + 3 + 3 + 14, "counter cf = 22");
	/* With no state, `state >!= tryU32` is None: the reference's >!=
	 * charges the callback's cost index n = 2 anyway (incNone n), and
	 * so does the engine for a Zulib function it skips: its own count
	 * is 22 as well, and main's type (MainFunc: contractResult `cost`
	 * (cf ...)) pads nothing more. */
	cost_short_is(c, &a, 22, 22, NULL, "counter, no state (>!= on "
		      "None)");
	/* c3 style: no state -> 10ul */
	tap_ok(!run(c, &a, &r) && r.ok && r.state == ZEN_STATE_UPDATE &&
	       r.state_data.kind == ZEN_DATA_U32 && r.state_data.u.u32 == 10,
	       "counter: first run stores U32 10");
	zen_data_init(&st);
	st.kind = ZEN_DATA_U32;
	st.u.u32 = r.state_data.u.u32;
	zen_contract_return_release(&r);
	a.state = &st;
	cost_is(c, &a, 22, "counter, U32 state");
	tap_ok(!run(c, &a, &r) && r.ok && r.state == ZEN_STATE_UPDATE &&
	       r.state_data.kind == ZEN_DATA_U32 && r.state_data.u.u32 == 11,
	       "counter: second run stores U32 11");
	zen_contract_return_release(&r);
	/* U32 wraps with +%^: 0xffffffff + 1 = 0 */
	st.u.u32 = 0xffffffffu;
	tap_ok(!run(c, &a, &r) && r.ok && r.state_data.u.u32 == 0,
	       "counter: +%%^ wraps at 2^32");
	zen_contract_return_release(&r);
	/* a U64 state is not a U32: tryU32 gives None -> 10 */
	d_set_u64(&st, 7);
	tap_ok(!run(c, &a, &r) && r.ok && r.state_data.kind == ZEN_DATA_U32 &&
	       r.state_data.u.u32 == 10, "counter: non-U32 state restarts");
	zen_contract_return_release(&r);
	zen_contract_free(c);
}

static void test_empty(void)
{
	struct zc_contract *c = cx_load_file("empty.fst", NULL, "");
	struct zen_contract_args a;
	struct zen_contract_return r;

	if (!c)
		return;
	args_init(&a, "x");
	tap_u64(cf_of(c, &a), 5, "empty cf = 5");
	cost_is(c, &a, 5, "empty");
	tap_ok(!run(c, &a, &r) && r.ok && !r.tx.n_inputs && !r.tx.n_outputs &&
	       r.state == ZEN_STATE_NOCHANGE && !r.has_message,
	       "empty main: unchanged skeleton, NoChange");
	zen_contract_return_release(&r);
	zen_contract_free(c);
}

static void test_token(void)
{
	struct zc_contract *c = cx_load_file("token.fst", NULL, "");
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zen_skel s;
	struct zen_skel_input in;
	struct zen_outpoint wop[2];
	struct zen_output wout[2];
	struct zen_data *body;
	struct zen_asset token, zen = zp();
	const struct zen_contract_id *id;
	uint8_t aa[32];

	if (!c)
		return;
	id = zen_contract_get_id(c);
	token = default_asset(id);
	hash_fill(aa, 0xaa);
	args_init(&a, "buy");
	/* derivation in token.fst: buy 449, redeem 582 + 128 s, else 101 */
	tap_u64(cf_of(c, &a), 449, "token cf buy = 449");
	memset(wop, 0, sizeof(wop));
	memset(wout, 0, sizeof(wout));
	hash_fill(wop[0].tx_hash, 0x33);
	hash_fill(wop[1].tx_hash, 0x34);
	lock_contract(&wout[0].lock, id);
	lock_contract(&wout[1].lock, id);
	wout[0].spend.asset = zen;
	wout[0].spend.amount = 10;
	wout[1].spend.asset = zen;
	wout[1].spend.amount = 7;
	a.wallet_outpoints = wop;
	a.wallet_outputs = wout;
	a.wallet_n = 2;
	tap_u64(cf_of(c, &a), 449, "token cf buy, wallet of 2 = 449");
	a.command = "redeem";
	a.command_len = 6;
	tap_u64(cf_of(c, &a), 582 + 256, "token cf redeem, wallet of 2 = 838");
	a.command = "x";
	a.command_len = 1;
	tap_u64(cf_of(c, &a), 101, "token cf other = 101");
	a.command = "buy";
	a.command_len = 3;

	/* buy: 10 kalapas in -> output {Contract self, ZP, 10}, input
	 * Mint {token, 10 * 1000}, output {PK aa, token, 10000} */
	body = body_return_address(0xaa);
	pk_input(&in, 0x11, 0xaa, zen, 10);
	s.inputs = &in;
	s.n_inputs = 1;
	s.outputs = NULL;
	s.n_outputs = 0;
	a.tx = &s;
	a.body = body;
	a.wallet_n = 0;
	cost_is(c, &a, 449, "token buy");
	tap_ok(!run(c, &a, &r) && r.ok && r.tx.n_inputs == 2 &&
	       r.tx.n_outputs == 2 && r.tx.inputs[1].is_mint &&
	       r.tx.inputs[1].mint.amount == 10000 &&
	       same_asset(&r.tx.inputs[1].mint.asset, &token) &&
	       is_output(&r.tx.outputs[0], ZEN_LOCK_CONTRACT, id, &zen, 10) &&
	       is_output(&r.tx.outputs[1], ZEN_LOCK_PK, aa, &token, 10000),
	       "token buy: lock 10 ZP, mint and send 10000 tokens");
	zen_contract_return_release(&r);

	/* redeem: 5000 tokens in -> output {Destroy, token, 5000}; fromWallet
	 * ZP 5 takes the 10 kalapa UTXO (running sum 0 < 5), change
	 * {Contract, ZP, 5}; then {PK aa, ZP, 5} */
	a.command = "redeem";
	a.command_len = 6;
	zen_lock_release(&in.output.lock);
	pk_input(&in, 0x22, 0xaa, token, 5000);
	a.wallet_n = 2;
	cost_is(c, &a, 582 + 2 * 128, "token redeem, wallet of 2");
	tap_ok(!run(c, &a, &r) && r.ok && r.tx.n_inputs == 2 &&
	       r.tx.n_outputs == 3 && !r.tx.inputs[1].is_mint &&
	       r.tx.inputs[1].outpoint.tx_hash[0] == 0x33 &&
	       is_output(&r.tx.outputs[0], ZEN_LOCK_DESTROY, NULL, &token,
			 5000) &&
	       is_output(&r.tx.outputs[1], ZEN_LOCK_CONTRACT, id, &zen, 5) &&
	       is_output(&r.tx.outputs[2], ZEN_LOCK_PK, aa, &zen, 5),
	       "token redeem: destroy 5000, pay 5 ZP from the wallet");
	zen_contract_return_release(&r);
	a.wallet_n = 0;
	main_err_is(c, &a, "contract does not have enough zens",
		    "token redeem, empty wallet: ERR");
	/* ERR paths (derivations in token.fst).  redeem, s = 0, None from
	 * fromWallet: prefix 101 + redeem's increment 30 + getDefault 64 +
	 * getAvailableTokens 64 + destroy 64 + fromWallet 192 + incFailw
	 * 67 = 582 = cf: the contract pads this ERR itself */
	cost_short_is(c, &a, 582, 582, "contract does not have enough zens",
		      "token redeem, empty wallet");
	a.command = "sell";
	a.command_len = 4;
	main_err_is(c, &a, "unsupported command",
		    "token: unknown command is ERR");
	/* the prefix, 101 (autoFailw's n is 0 here) */
	cost_short_is(c, &a, 101, 101, "unsupported command",
		      "token: unknown command");
	a.body = NULL;
	main_err_is(c, &a, "returnAddress is required",
		    "token: no body is ERR");
	/* no body: `>!= tryDict` and getReturnAddress's >!= / >?= skip
	 * tryDict 4, tryFind 64 and tryLock 2 and charge them; what runs
	 * is main's increment 26 and getReturnAddress's 5: 31 + 70 = 101.
	 * autoFailw's type (main's: cost cf) charges cf: 101 for "sell",
	 * 449 for "buy" */
	cost_short_is(c, &a, 101, 101, "returnAddress is required",
		      "token: no body, sell");
	a.command = "buy";
	a.command_len = 3;
	cost_short_is(c, &a, 449, 101, "returnAddress is required",
		      "token: no body, buy");
	zen_lock_release(&in.output.lock);
	zen_lock_release(&wout[0].lock);
	zen_lock_release(&wout[1].lock);
	d_free(body);
	zen_contract_free(c);
}

static void test_faucet(void)
{
	struct zc_contract *c = cx_load_file("faucet.fst", NULL, "");
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zen_skel s;
	struct zen_skel_input in;
	struct zen_outpoint wop;
	struct zen_output wout;
	struct zen_data *body;
	struct zen_asset zen = zp();
	const struct zen_contract_id *id;
	uint8_t bb[32];

	if (!c)
		return;
	id = zen_contract_get_id(c);
	hash_fill(bb, 0xbb);
	args_init(&a, "init");
	tap_u64(cf_of(c, &a), 152, "faucet cf init = 152");
	memset(&wop, 0, sizeof(wop));
	memset(&wout, 0, sizeof(wout));
	hash_fill(wop.tx_hash, 0x44);
	lock_contract(&wout.lock, id);
	wout.spend.asset = zen;
	wout.spend.amount = 250000;
	a.wallet_outpoints = &wop;
	a.wallet_outputs = &wout;
	a.wallet_n = 1;
	tap_u64(cf_of(c, &a), 152, "faucet cf init, wallet of 1 = 152");
	a.command = "get";
	a.command_len = 3;
	tap_u64(cf_of(c, &a), 374 + 128, "faucet cf get, wallet of 1 = 502");
	a.command = "init";
	a.command_len = 4;
	/* init: 100 ZP available -> {Contract self, ZP, 100} */
	pk_input(&in, 0x11, 0xaa, zen, 100);
	s.inputs = &in;
	s.n_inputs = 1;
	s.outputs = NULL;
	s.n_outputs = 0;
	a.tx = &s;
	cost_is(c, &a, 152, "faucet init");
	tap_ok(!run(c, &a, &r) && r.ok && r.tx.n_inputs == 1 &&
	       r.tx.n_outputs == 1 &&
	       is_output(&r.tx.outputs[0], ZEN_LOCK_CONTRACT, id, &zen, 100),
	       "faucet init locks the available ZP to itself");
	zen_contract_return_release(&r);
	/* get: 100000 from the 250000 UTXO: change 150000, payout to bb */
	a.command = "get";
	a.command_len = 3;
	body = body_return_address(0xbb);
	a.body = body;
	s.n_inputs = 0;
	cost_is(c, &a, 374 + 128, "faucet get, wallet of 1");
	tap_ok(!run(c, &a, &r) && r.ok && r.tx.n_inputs == 1 &&
	       r.tx.n_outputs == 2 &&
	       r.tx.inputs[0].outpoint.tx_hash[0] == 0x44 &&
	       is_output(&r.tx.outputs[0], ZEN_LOCK_CONTRACT, id, &zen,
			 150000) &&
	       is_output(&r.tx.outputs[1], ZEN_LOCK_PK, bb, &zen, 100000),
	       "faucet get pays 100000 with change 150000");
	zen_contract_return_release(&r);
	wout.spend.amount = 50;
	main_err_is(c, &a, "not enough funds in the faucet",
		    "faucet get with 50 kalapas: ERR (let open RT >>=)");
	/* ERR paths, s = 1, cf = 374 + 128 = 502 (faucet.fst).  Not
	 * enough funds: main 11 + get 27 (the `let open RT` body's 8
	 * counted in it) + tryDict 4 + tryFind 64 + tryLock 2 + fromWallet
	 * (128 + 192); RT's >>= stops at the ERR of ofOption: neither fun
	 * (5 + 5) nor lockToAddress 64 runs: 428 = 502 - 74 */
	cost_short_is(c, &a, 502, 428, "not enough funds in the faucet",
		      "faucet get, not enough funds");
	a.body = NULL;
	main_err_is(c, &a, "returnAddress is missing",
		    "faucet get without a body: ERR");
	/* no body: >!= and both >?= skip their callbacks, Zulib's tryDict
	 * 4, tryFind 64 and tryLock 2, and charge them: main 11 + get 27
	 * (the `let open RT` body's 8 included: no increment of its own)
	 * + 70 = 108 */
	cost_short_is(c, &a, 502, 108, "returnAddress is missing",
		      "faucet get without a body");
	zen_lock_release(&in.output.lock);
	zen_lock_release(&wout.lock);
	d_free(body);
	zen_contract_free(c);
}

static void test_messenger(void)
{
	struct zc_contract *c = cx_load_file("messenger.fst", NULL, "");
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zen_data *body = d_u64(5);
	char hex[ZEN_CONTRACT_ID_TEXT_LEN + 1];

	if (!c) {
		d_free(body);
		return;
	}
	args_init(&a, "hello");
	a.body = body;
	tap_u64(cf_of(c, &a), 64 + 15, "messenger cf = 79");
	cost_is(c, &a, 79, "messenger");
	tap_ok(!run(c, &a, &r) && r.ok && r.has_message,
	       "messenger main sends a message");
	if (r.has_message) {
		zen_contract_id_text(hex, &r.recipient);
		tap_str(hex, "00000000ca055cc0af4d25ea1c8bbbf41444aadd68a168558397516b2f64727d87e72f97",
			"messenger: recipient");
		tap_ok(r.command_len == 5 && !memcmp(r.command, "hello", 5),
		       "messenger: same command");
		tap_ok(r.body && r.body->kind == ZEN_DATA_U64 &&
		       r.body->u.u64 == 5, "messenger: same body");
	}
	tap_ok(r.state == ZEN_STATE_NOCHANGE, "messenger: NoChange");
	zen_contract_return_release(&r);
	d_free(body);
	zen_contract_free(c);
}

static void test_receiver(void)
{
	struct zc_contract *c = cx_load_file("receiver.fst", NULL, "");
	struct zen_contract_args a;
	struct zen_contract_return r;
	uint8_t pre[36], h[32];

	if (!c)
		return;
	args_init(&a, "");
	tap_u64(cf_of(c, &a), 223 + 20 + 3 + 3 + 16, "receiver cf = 265");
	main_err_is(c, &a, "only contracts may call",
		    "receiver: Anonymous is refused");
	/* increment 16 + incFailw 249 = 265 (receiver.fst) */
	cost_short_is(c, &a, 265, 265, "only contracts may call",
		      "receiver, Anonymous");
	/* sender Contract (7, 0x5a..): state = Hash SHA3(BE32 7 || 0x5a..)
	 * (updateContractId, 4.11) */
	a.sender = ZEN_SENDER_CONTRACT;
	a.sender_cid.version = 7;
	hash_fill(a.sender_cid.hash, 0x5a);
	memset(pre, 0, 4);
	pre[3] = 7;
	memset(pre + 4, 0x5a, 32);
	zen_sha3(h, pre, 36);
	cost_is(c, &a, 265, "receiver, sender Contract");
	tap_ok(!run(c, &a, &r) && r.ok && r.state == ZEN_STATE_UPDATE &&
	       r.state_data.kind == ZEN_DATA_HASH &&
	       !memcmp(r.state_data.u.hash, h, 32),
	       "receiver: stores the hash of the calling contract id");
	zen_contract_return_release(&r);
	zen_contract_free(c);
}

static void test_dict_parser(void)
{
	struct zc_contract *c = cx_load_file("dict-parser.fst", NULL, "");
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zen_asset gold;
	struct zen_data *body;
	uint8_t aa[32];
	const char *k[] = { "returnAddress", "amount", "name" };
	struct zen_data *v[3];

	if (!c)
		return;
	hash_fill(aa, 0xaa);
	args_init(&a, "");
	tap_u64(cf_of(c, &a), 483, "dict-parser cf = 483");
	main_err_is(c, &a, "body must be a dictionary",
		    "dict-parser: no body is ERR");
	/* main's `let open RT` body 5 + parseRequest's increment 48 +
	 * incFailw 300 (>!= skips tryDict and charges its 4; RT's >>=
	 * skips fun req, whose cost is not known without running it) =
	 * 357 (dict-parser.fst) */
	cost_short_is(c, &a, 483, 357, "body must be a dictionary",
		      "dict-parser, no body");
	v[0] = d_lock_pk(0xaa);
	v[1] = d_u64(7);
	v[2] = d_str("gold");
	body = d_dict(3, k, v);
	a.body = body;
	gold = subtype_asset(zen_contract_get_id(c), "gold");
	cost_is(c, &a, 483, "dict-parser mint");
	tap_ok(!run(c, &a, &r) && r.ok && r.tx.n_inputs == 1 &&
	       r.tx.n_outputs == 1 && r.tx.inputs[0].is_mint &&
	       r.tx.inputs[0].mint.amount == 7 &&
	       same_asset(&r.tx.inputs[0].mint.asset, &gold) &&
	       is_output(&r.tx.outputs[0], ZEN_LOCK_PK, aa, &gold, 7),
	       "dict-parser: mints 7 \"gold\" to the return address");
	zen_contract_return_release(&r);
	d_free(body);
	v[0] = d_lock_pk(0xaa);
	v[1] = d_u64(0);
	v[2] = d_str("gold");
	body = d_dict(3, k, v);
	a.body = body;
	main_err_is(c, &a, "amount must be positive",
		    "dict-parser: amount 0 is ERR (RT >>= under let open)");
	/* main 5 + parseRequest as on the minting path 256 + fun req's
	 * increment 30; failw runs none of the three let! (192) */
	cost_short_is(c, &a, 483, 5 + 256 + 30, "amount must be positive",
		      "dict-parser, amount 0");
	d_free(body);
	v[0] = d_lock_pk(0xaa);
	v[1] = d_str("gold");
	body = d_dict(2, (const char *[]){ "returnAddress", "name" }, v);
	a.body = body;
	main_err_is(c, &a, "amount is missing",
		    "dict-parser: missing amount is ERR (tuple pattern order)");
	/* parseRequest: 48 + tryDict 4 + field 66 + tryLock 2 + field 66
	 * (None: >?= skips tryU64, charged 2) + field 66 + tryString 2 =
	 * 256; main 5: 261 */
	cost_short_is(c, &a, 483, 261, "amount is missing",
		      "dict-parser, missing amount");
	d_free(body);
	zen_contract_free(c);
}

static struct zen_data *commit_body(const uint8_t h[32], uint64_t ts)
{
	const char *k[] = { "Commit", "Timestamp" };
	struct zen_data *v[] = { d_hash(h), d_u64(ts) };

	return d_dict(2, k, v);
}

static void test_oracle(void)
{
	struct zc_contract *c = cx_load_file("oracle.fst", NULL, "");
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zen_data *body;
	struct zen_asset asset;
	const struct zen_contract_id *id;
	struct zen_err err = ZEN_ERR_INIT;
	uint8_t h[32], pre[32 + 8 + 33], cm[32], att[32];

	if (!c)
		return;
	id = zen_contract_get_id(c);
	args_init(&a, "Commit");
	tap_u64(cf_of(c, &a), 861, "oracle cf Commit = 861");
	a.command = "Attest";
	a.command_len = 6;
	tap_u64(cf_of(c, &a), 1629, "oracle cf Attest = 1629");
	a.command = "Other";
	a.command_len = 5;
	tap_u64(cf_of(c, &a), 25, "oracle cf other = 25");

	hash_fill(h, 0x77);
	body = commit_body(h, 1000);
	a.body = body;
	a.command = "Commit";
	a.command_len = 6;
	main_err_is(c, &a, "only the oracle may commit",
		    "oracle Commit from Anonymous: ERR");
	/* prefix 25 + commit's increment 37 + isOwner 144 + incFailw 655
	 * = 861: the contract charges the OK branch's cost (oracle.fst) */
	cost_short_is(c, &a, 861, 861, "only the oracle may commit",
		      "oracle Commit from Anonymous");
	/* another command with a body: the prefix, 25 */
	a.command = "Other";
	a.command_len = 5;
	cost_short_is(c, &a, 25, 25, "unknown command", "oracle Other");
	a.command = "Commit";
	a.command_len = 6;
	/* Commit from the oracle's key: cmHash = SHA3(h || BE64 1000);
	 * mint 1 of (self, "commit") locked to self, state Hash cmHash */
	a.sender = ZEN_SENDER_PK;
	tap_ok(!zen_hex_decode_fixed(a.sender_pk, 33, ORACLE_PK, &err),
	       "oracle key");
	memcpy(pre, h, 32);
	memset(pre + 32, 0, 8);
	pre[38] = 0x03;
	pre[39] = 0xe8;
	zen_sha3(cm, pre, 40);
	asset = subtype_asset(id, "commit");
	cost_is(c, &a, 861, "oracle Commit");
	tap_ok(!run(c, &a, &r) && r.ok && r.tx.n_inputs == 1 &&
	       r.tx.inputs[0].is_mint && r.tx.inputs[0].mint.amount == 1 &&
	       same_asset(&r.tx.inputs[0].mint.asset, &asset) &&
	       r.tx.n_outputs == 1 &&
	       is_output(&r.tx.outputs[0], ZEN_LOCK_CONTRACT, id, &asset, 1) &&
	       r.state == ZEN_STATE_UPDATE &&
	       r.state_data.kind == ZEN_DATA_HASH &&
	       !memcmp(r.state_data.u.hash, cm, 32),
	       "oracle Commit from the oracle: token and state hash");
	zen_contract_return_release(&r);
	/* Attest (any sender): attestHash = SHA3(cmHash || BE64 1000 ||
	 * compressed oracle key) (updateCPK: parity byte, then x) */
	a.command = "Attest";
	a.command_len = 6;
	a.sender = ZEN_SENDER_ANONYMOUS;
	memcpy(pre, cm, 32);
	memset(pre + 32, 0, 8);
	pre[38] = 0x03;
	pre[39] = 0xe8;
	tap_ok(!zen_hex_decode_fixed(pre + 40, 33, ORACLE_PK, &err), "key");
	zen_sha3(att, pre, sizeof(pre));
	asset = subtype_asset(id, "attest");
	cost_is(c, &a, 1629, "oracle Attest");
	tap_ok(!run(c, &a, &r) && r.ok && r.tx.n_inputs == 1 &&
	       same_asset(&r.tx.inputs[0].mint.asset, &asset) &&
	       r.state == ZEN_STATE_UPDATE &&
	       r.state_data.kind == ZEN_DATA_HASH &&
	       !memcmp(r.state_data.u.hash, att, 32),
	       "oracle Attest: attestation hash in the state");
	zen_contract_return_release(&r);
	a.body = NULL;
	main_err_is(c, &a, "message body must be a dictionary",
		    "oracle without a body: ERR");
	/* main's increment 21 + tryDict's 4, skipped by >!= and charged;
	 * cf "Attest" 1629 */
	cost_short_is(c, &a, 1629, 25, "message body must be a dictionary",
		      "oracle Attest without a body");
	d_free(body);
	zen_contract_free(c);
}

static void test_orderbook(void)
{
	struct zc_contract *c = cx_load_file("orderbook.fst", NULL, "");
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zen_skel s;
	struct zen_skel_input in;
	struct zen_outpoint wop;
	struct zen_output wout;
	struct zen_asset zen = zp();
	const struct zen_contract_id *id;
	const struct zen_data *o;
	struct zen_err err = ZEN_ERR_INIT;
	uint8_t pk[33];
	struct zen_data *one = d_u64(1), *olist = d_list(1, &one);
	struct zen_data *obody = d_dict(1, (const char *[]){ "order" }, &olist);

	if (!c) {
		d_free(obody);
		return;
	}
	id = zen_contract_get_id(c);
	args_init(&a, "Make");
	tap_u64(cf_of(c, &a), 345, "orderbook cf Make = 345");
	memset(&wop, 0, sizeof(wop));
	memset(&wout, 0, sizeof(wout));
	hash_fill(wop.tx_hash, 0x55);
	lock_contract(&wout.lock, id);
	wout.spend.asset = zen;
	wout.spend.amount = 30;
	a.wallet_outpoints = &wop;
	a.wallet_outputs = &wout;
	a.wallet_n = 1;
	a.command = "Take";
	a.command_len = 4;
	tap_u64(cf_of(c, &a), 431 + 128, "orderbook cf Take, s=1 = 559");
	a.command = "Cancel";
	a.command_len = 6;
	tap_u64(cf_of(c, &a), 100, "orderbook cf Cancel = 100");
	a.command = "x";
	a.command_len = 1;
	tap_u64(cf_of(c, &a), 100, "orderbook cf other = 100");

	main_err_is(c, &a, "sender must be a public key",
		    "orderbook: Anonymous is refused");
	/* no body: main's increment 28 and the Zulib 72 of the prefix,
	 * skipped by >!= and >?= and charged (orderbook.fst): 100 = cf */
	cost_short_is(c, &a, 100, 100, "sender must be a public key",
		      "orderbook, Anonymous, no body");
	a.sender = ZEN_SENDER_PK;
	tap_ok(!zen_hex_decode_fixed(pk, 33, ORACLE_PK, &err), "key");
	memcpy(a.sender_pk, pk, 33);
	/* Make: 1000 ZP available -> {Contract, ZP, 1000}; state Dict
	 * {"order": List [U64 1000; U64 500; PublicKey pk]} */
	a.command = "Make";
	a.command_len = 4;
	pk_input(&in, 0x11, 0xaa, zen, 1000);
	s.inputs = &in;
	s.n_inputs = 1;
	s.outputs = NULL;
	s.n_outputs = 0;
	a.tx = &s;
	/* the cost derivation (orderbook.fst) assumes a body with an
	 * "order" list, so that no OptionT bind short-circuits */
	a.body = obody;
	cost_is(c, &a, 345, "orderbook Make");
	tap_ok(!run(c, &a, &r) && r.ok && r.tx.n_outputs == 1 &&
	       is_output(&r.tx.outputs[0], ZEN_LOCK_CONTRACT, id, &zen, 1000) &&
	       r.state == ZEN_STATE_UPDATE &&
	       r.state_data.kind == ZEN_DATA_DICT &&
	       r.state_data.u.dict.n == 1 &&
	       !strcmp(r.state_data.u.dict.entries[0].key, "order"),
	       "orderbook Make: locks 1000 and records the order");
	if (r.ok && r.state_data.kind == ZEN_DATA_DICT &&
	    r.state_data.u.dict.n == 1) {
		o = &r.state_data.u.dict.entries[0].value;
		tap_ok(o->kind == ZEN_DATA_LIST && o->u.coll.n == 3 &&
		       o->u.coll.items[0].u.u64 == 1000 &&
		       o->u.coll.items[1].u.u64 == 500 &&
		       o->u.coll.items[2].kind == ZEN_DATA_PUBKEY &&
		       !memcmp(o->u.coll.items[2].u.pubkey, pk, 33),
		       "orderbook Make: order data");
	}
	zen_contract_return_release(&r);
	a.command = "Make";
	zen_lock_release(&in.output.lock);
	pk_input(&in, 0x11, 0xaa, zen, 999);
	main_err_is(c, &a, "not enough tokens locked",
		    "orderbook Make with 999: ERR (U64.lt in backticks)");
	/* prefix 100 + make's increment 35 + getAvailableTokens 64 = 199 */
	cost_short_is(c, &a, 345, 199, "not enough tokens locked",
		      "orderbook Make with 999");
	/* Take 10: dmul64 10 500 = (0, 5000) <= 1000 * 500; fromWallet 10
	 * of the 30 UTXO, change 20; order 990 / 490 -> Update */
	a.command = "Take";
	s.n_inputs = 0;
	cost_is(c, &a, 431 + 128, "orderbook Take, s=1");
	tap_ok(!run(c, &a, &r) && r.ok && r.tx.n_inputs == 1 &&
	       r.tx.n_outputs == 1 &&
	       is_output(&r.tx.outputs[0], ZEN_LOCK_CONTRACT, id, &zen, 20) &&
	       r.state == ZEN_STATE_UPDATE &&
	       r.state_data.kind == ZEN_DATA_LIST &&
	       r.state_data.u.coll.n == 3 &&
	       r.state_data.u.coll.items[0].u.u64 == 990 &&
	       r.state_data.u.coll.items[1].u.u64 == 490,
	       "orderbook Take: 10 from the wallet, order updated");
	zen_contract_return_release(&r);
	a.command = "Cancel";
	a.command_len = 6;
	main_err_is(c, &a, "not implemented", "orderbook Cancel: ERR");
	zen_lock_release(&in.output.lock);
	zen_lock_release(&wout.lock);
	d_free(obody);
	zen_contract_free(c);
}

/*
 * A paying Redeem.  The proof is built here with SHA3 directly, from the
 * rule of contracts.md 4.12 (path from the root down; at each level
 * H(0x69 || left || right)): leaf = SHA3(compressed sender key)
 * (Sha3.updatePublicKey ignores the state), index 1 of a 4-leaf tree,
 * path [p0; p1]: n1 = H(0x69 || p1 || leaf) (index 1 is a right child),
 * root = H(0x69 || n1 || p0) (its subtree is the left half).
 * Path length 2 -> Bear; index 1 is odd -> wins.
 */
static void merkle_success(struct zc_contract *c, struct zen_contract_args *a)
{
	struct zen_contract_return r;
	struct zen_outpoint wop;
	struct zen_output wout;
	struct zen_asset zen = zp();
	uint8_t leaf[32], p0[32], p1[32], n1[32], root[32], pre[65];
	struct zen_data *hs[2], *kv[3], *body;
	const char *keys[] = { "Path", "Root", "Index" };

	zen_sha3(leaf, a->sender_pk, 33);
	hash_fill(p0, 0x10);
	hash_fill(p1, 0x20);
	pre[0] = 0x69;
	memcpy(pre + 1, p1, 32);
	memcpy(pre + 33, leaf, 32);
	zen_sha3(n1, pre, 65);
	memcpy(pre + 1, n1, 32);
	memcpy(pre + 33, p0, 32);
	zen_sha3(root, pre, 65);
	hs[0] = d_hash(p0);
	hs[1] = d_hash(p1);
	kv[0] = d_list(2, hs);
	kv[1] = d_hash(root);
	kv[2] = d_u64(1);
	body = d_dict(3, keys, kv);
	memset(&wop, 0, sizeof(wop));
	memset(&wout, 0, sizeof(wout));
	hash_fill(wop.tx_hash, 0x66);
	lock_contract(&wout.lock, zen_contract_get_id(c));
	wout.spend.asset = zen;
	wout.spend.amount = 5000;
	a->body = body;
	a->wallet_outpoints = &wop;
	a->wallet_outputs = &wout;
	a->wallet_n = 1;
	/* derivation in merkle-payout.fst: 2758 + 128 s, s = 1; it counts
	 * parseProof (258) and leafOf (410) at their
	 * declared 400 and 600, as the type checker makes autoInc pad them */
	cost_is(c, a, 2758 + 128, "merkle-payout Redeem, path of 2, s=1");
	tap_ok(!run(c, a, &r) && r.ok && r.tx.n_inputs == 1 &&
	       !r.tx.inputs[0].is_mint &&
	       r.tx.inputs[0].outpoint.tx_hash[0] == 0x66 &&
	       r.tx.n_outputs == 2 &&
	       is_output(&r.tx.outputs[0], ZEN_LOCK_CONTRACT,
			 zen_contract_get_id(c), &zen, 4000) &&
	       is_output(&r.tx.outputs[1], ZEN_LOCK_PK, leaf, &zen, 1000),
	       "merkle-payout: valid proof pays 1000 to PKLock SHA3(pk), "
	       "change 4000");
	zen_contract_return_release(&r);
	/* the same proof against another index (3: Bear, odd) fails the
	 * merkle check */
	d_set_u64(&body->u.dict.entries[2].value, 3);
	tap_ok(!run(c, a, &r) && !r.ok && !strcmp(r.err_msg, "invalid proof"),
	       "merkle-payout: proof for another index: invalid proof");
	zen_contract_return_release(&r);
	/* main 17 + tryDict 4 + redeem's increment 64 + parseProof 400 +
	 * leafOf 600 + verify (420 * 2 + 4) + positionOf 4 + wins 8 = 1941
	 * (both bound before the condition); autoFailw; cf, s = 1: 2886 */
	cost_short_is(c, a, 2758 + 128, 1941, "invalid proof",
		      "merkle-payout, invalid proof");
	a->body = NULL;
	a->wallet_n = 0;
	zen_lock_release(&wout.lock);
	d_free(body);
}

static void test_merkle_payout(void)
{
	struct zc_contract *c = cx_load_file("merkle-payout.fst", NULL, "");
	struct zen_contract_args a;
	struct zen_data *body;
	struct zen_err err = ZEN_ERR_INIT;

	if (!c)
		return;
	args_init(&a, "Redeem");
	tap_u64(cf_of(c, &a), 2758, "merkle-payout cf, s=0 = 2758");
	main_err_is(c, &a, "unknown command",
		    "merkle-payout without a body: ERR");
	/* main's increment 17 and tryDict's 4, skipped by >!= and charged
	 * (merkle-payout.fst) */
	cost_short_is(c, &a, 2758, 21, "unknown command",
		      "merkle-payout without a body");
	body = body_return_address(0xaa);
	a.body = body;
	main_err_is(c, &a, "sender must be a public key",
		    "merkle-payout: or-pattern Contract _ | Anonymous");
	/* 17 + tryDict 4 + redeem's increment 64 = 85 */
	cost_short_is(c, &a, 2758, 85, "sender must be a public key",
		      "merkle-payout, Anonymous");
	a.sender = ZEN_SENDER_PK;
	tap_ok(!zen_hex_decode_fixed(a.sender_pk, 33, ORACLE_PK, &err), "key");
	main_err_is(c, &a, "could not parse the proof",
		    "merkle-payout: body without a proof: ERR");
	/* 85 + parseProof + leafOf at their declared 400 and 600 (its own
	 * count: 38 + 3 tryFind 192 + incNone 10 = 240, the >?= skip
	 * tryHash, tryList, pathOfTwo and tryU64; leafOf 410) = 1085 */
	cost_short_is(c, &a, 2758, 1085, "could not parse the proof",
		      "merkle-payout, no proof");
	d_free(body);
	merkle_success(c, &a);
	zen_contract_free(c);
}

/* 201 outputs, one past maxOutputs: refused before any is parsed, at
 * main's increment 57 + isPayoutBlock 8 + tryDict 4 + tryFind 64 +
 * tryList 4 = 137; the
 * autoFailw's type makes it cf. */
static void payout_too_many(struct zc_contract *c,
			    struct zen_contract_args *a)
{
	struct zen_data *items[201], *outs, *body;

	for (size_t i = 0; i < 201; i++)
		items[i] = d_u64(i);
	outs = d_list(201, items);
	body = d_dict(1, (const char *[]){ "Outputs" }, &outs);
	a->body = body;
	main_err_is(c, a, "too many outputs",
		    "payout-list with 201 outputs: too many outputs");
	cost_short_is(c, a, 42334, 137, "too many outputs",
		      "payout-list with 201 outputs");
	a->body = NULL;
	d_free(body);
}

static void test_payout_list(void)
{
	struct zc_contract *c = cx_load_file("payout-list.fst", NULL, "");
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zen_data *body, *pair[2], *inner[2], *out[2], *outs;
	struct zen_asset zen = zp();
	uint8_t aa[32], bb[32];
	int i;

	if (!c)
		return;
	args_init(&a, "");
	tap_u64(cf_of(c, &a), 42334, "payout-list cf, s=0 = 42334");
	a.block_number = 101;
	main_err_is(c, &a, "not a payout block",
		    "payout-list at block 101: not a payout block (U32.rem)");
	/* main's own count there: its increment 57 (payout-list.fst) and
	 * isPayoutBlock 8 = 65; autoFailw's type makes it cf */
	cost_short_is(c, &a, 42334, 65, "not a payout block",
		      "payout-list at block 101");
	a.block_number = 200;
	main_err_is(c, &a, "bad outputs",
		    "payout-list at block 200 without outputs: bad outputs");
	/* no body: >!= and >?= skip tryDict 4, tryFind 64 and tryList 4
	 * and charge them; tryMapT parseOutput [] = 20: 65 + 72 + 20 =
	 * 157 */
	cost_short_is(c, &a, 42334, 157, "bad outputs",
		      "payout-list without outputs");
	/*
	 * OK path.  Outputs = [[Lock (PK aa); [String "00"; U64 5]];
	 * [Lock (PK bb); [String "00"; U64 7]]]: both parse (nested list
	 * patterns; "00" is the ZP asset), tryFold addOutput appends
	 * {PK aa, ZP, 5} then {PK bb, ZP, 7} to the (empty) skeleton.
	 * main's own count, N = 2 (payout-list.fst): 181 + 207 N = 595 =
	 * 65 (main 57, isPayoutBlock 8) + 72 (tryDict 4, tryFind 64, tryList 4) + 260 (tryMapT
	 * 20 + 2 * (20 + parseOutput padded to 100)) + 195 (tryFold:
	 * 2 * (9 + addOutput 72 + 6) + 9 + incSome 12) + 3 (ofTxSkel);
	 * autoInc makes it cf = 42334.
	 */
	for (i = 0; i < 2; i++) {
		inner[0] = d_str("00");
		inner[1] = d_u64(i ? 7 : 5);
		pair[0] = d_lock_pk(i ? 0xbb : 0xaa);
		pair[1] = d_list(2, inner);
		out[i] = d_list(2, pair);
	}
	outs = d_list(2, out);
	body = d_dict(1, (const char *[]){ "Outputs" }, &outs);
	a.body = body;
	hash_fill(aa, 0xaa);
	hash_fill(bb, 0xbb);
	tap_ok(!run(c, &a, &r) && r.ok && r.tx.n_inputs == 0 &&
	       r.tx.n_outputs == 2 &&
	       is_output(&r.tx.outputs[0], ZEN_LOCK_PK, aa, &zen, 5) &&
	       is_output(&r.tx.outputs[1], ZEN_LOCK_PK, bb, &zen, 7) &&
	       !r.has_message && r.state == ZEN_STATE_NOCHANGE,
	       "payout-list pays a CGP-style Outputs list (tryFold)");
	zen_contract_return_release(&r);
	cost_short_is(c, &a, 42334, 595, NULL, "payout-list OK, 2 outputs");
	d_free(body);
	payout_too_many(c, &a);
	zen_contract_free(c);
}

/* ---- scoping, language, negative cases, limits ---- */

static const char *HEAD =
	"open Zen.Types\nopen Zen.Base\nopen Zen.Cost\n"
	"module RT = Zen.ResultT\nmodule OptT = Zen.OptionT\n"
	"module CR = Zen.ContractResult\nmodule C = Zen.Cost\n";

/* Load HEAD + body + a main returning the empty contract result and a cf
 * returning the int expression `cfexpr` (may use top-level names). */
static int cf_src(const char *body, const char *cfexpr, uint64_t *cost,
		  struct zen_err *err)
{
	char src[8192];
	struct zc_contract *c;
	struct zen_contract_args a;
	int rc;

	snprintf(src, sizeof(src), "%s%s\nlet main txSkel _ _ _ _ _ _ _ = "
		 "CR.ofTxSkel txSkel\nlet cf _ _ _ _ _ _ _ = %s\n", HEAD,
		 body, cfexpr);
	if ((rc = load_src(src, &c, err)))
		return rc;
	args_init(&a, "");
	rc = zen_contract_cost(c, &a, cost, err);
	zen_contract_free(c);
	return rc;
}

static void cf_is(const char *body, const char *cfexpr, uint64_t want,
		  const char *what)
{
	struct zen_err err = ZEN_ERR_INIT;
	uint64_t cost = 0;
	int rc = cf_src(body, cfexpr, &cost, &err);

	if (rc)
		tap_diag("%s", err.msg);
	tap_ok(!rc && cost == want, "%s (got %llu)", what,
	       (unsigned long long)cost);
}

static void cf_fails(const char *body, const char *cfexpr, int code,
		     const char *msg_part, const char *what)
{
	struct zen_err err = ZEN_ERR_INIT;
	uint64_t cost = 0;
	int rc = cf_src(body, cfexpr, &cost, &err);

	tap_ok(rc == code && strstr(err.msg, msg_part), "%s: %s", what,
	       err.msg);
}

static void test_scoping(void)
{
	/* >>= is Zen.Cost's at top level (open Zen.Cost), OptionT's under
	 * let open OptT, ResultT's under let open RT; let! is always the
	 * cost bind */
	cf_is("let f (x: nat) = ret (x + 1)\n"
	      "let t = ret 2 >>= f\n",
	      "t", 3, "top-level >>= is Cost bind");
	cf_is("let g (x: nat) : option nat `cost` 0 = OptT.ret (x * 10)\n"
	      "let t = let open OptT in (OptT.ret 4 >>= g)\n"
	      "let u = let! o = t in match o with | Some v -> ret v | None -> ret 0\n",
	      "u", 40, "let open OptT: >>= is OptionT's bind");
	cf_is("let t = let open OptT in (OptT.none >>= (fun (x: nat) -> OptT.ret 1))\n"
	      "let u = let! o = t in match o with | Some v -> ret v | None -> ret 7\n",
	      "u", 7, "let open OptT: None short-circuits");
	cf_is("let t = let open RT in (RT.failw \"e\" >>= (fun (x: nat) -> RT.ret 1))\n"
	      "let u = let! o = t in match o with | OK v -> ret v | ERR _ -> ret 9\n",
	      "u", 9, "let open RT: >>= is ResultT's bind");
	cf_is("let t = let open OptT in (let! x = C.ret 5 in C.ret (x + 1))\n",
	      "t", 6, "let! under let open OptT is still the cost bind");
	cf_is("let t = (let open OptT in ret 1) >>= (fun o -> match o with "
	      "| Some v -> ret (v + 1) | None -> ret 0)\n",
	      "t", 2, "let open ends with its body");
	/* open FStar.UInt32 shadows add/v; aliases apply to qualified names */
	cf_is("module U32 = FStar.UInt32\n"
	      "let x = U32.v (U32.add 2ul 3ul)\n",
	      "ret (x + 0)", 5, "module alias, qualified U32.add/v");
	cf_is("open FStar.UInt64\nlet x = v (5UL +%^ 6UL)\n",
	      "ret x", 11, "top-level open FStar.UInt64 shadows v");
	/* user definitions shadow opened names, later ones earlier ones */
	cf_is("let length x = 42\nlet a = length [1; 2]\n",
	      "ret a", 42, "user binding shadows Prims.length");
	cf_is("let k = 1\nlet k = k + 10\n", "ret k", 11,
	      "later top-level binding shadows the earlier one");
	/* closures, partial application, let rec, patterns */
	cf_is("let add3 a b c = a + b + c\nlet p = add3 1\nlet q = p 2\n",
	      "ret (q 3 + (add3 10 20) 30)", 66, "partial application");
	cf_is("let rec sum (l: list nat) : nat = match l with | [] -> 0 | "
	      "hd :: tl -> hd + sum tl\n",
	      "ret (sum [1; 2; 3; 4])", 10, "let rec over a list");
	cf_is("let f x = let rec go n acc = if n = 0 then acc else go (n - 1) "
	      "(acc + n) in go x 0\n",
	      "ret (f 100)", 5050, "local let rec with tail calls");
	cf_is("type r = { a: nat; b: nat }\n"
	      "let v = { a = 1; b = 2 }\nlet w = { v with b = 40 }\n"
	      "let s ({ a = x; b = y }) = x + y\n",
	      "ret (s w)", 41, "records: build, update, pattern");
	cf_is("type color = | Red | Green of nat | Blue : nat -> nat -> color\n"
	      "let n c = match c with | Red -> 1 | Green k -> k | Blue x y -> x * y\n",
	      "ret (n Red + n (Green 10) + n (Blue 3 4))", 23,
	      "user variants with 0, 1 and 2 arguments");
	cf_is("let f p = match p with | (1, x) | (x, 1) -> x | _ -> 0\n",
	      "ret (f (1, 5) + f (7, 1) + f (2, 2))", 12,
	      "or-patterns bind the same variables");
	cf_is("let f l = match l with | [a; b] -> a + b | a :: _ -> a | [] -> 100\n",
	      "ret (f [3; 4] + f [5] + f [])", 112, "list patterns");
	cf_is("let f s = match s with | \"a\" -> 1 | \"bb\" -> 2 | _ -> 3\n",
	      "ret (f \"bb\" * 10 + f \"zz\")", 23, "string constant patterns");
	cf_is("let f b = match b, not b with | true, false -> 1 | false, true -> 2\n",
	      "ret (f true * 10 + f false)", 12, "bool and tuple patterns");
	cf_is("let o = Some @ 5\nlet f x = match x with | Some (Some v) -> v | Some None -> 1 | None -> 2\n",
	      "ret (f (Some (Some 7)) + f (Some None) + f None + (match o with | Some v -> v | None -> 0))",
	      7 + 1 + 2 + 5, "nested constructor patterns, Some @");
	cf_is("let f x = x + 1\nlet g x = x * 2\n",
	      "ret ((f >> g) 3 + (f << g) 3 + (3 |> f) + (flip (-) 1 10))",
	      8 + 7 + 4 + 9, "|>, >>, <<, flip");
	cf_is("let t = (1, 2, 3)\nlet (a, b, c) = t\n",
	      "ret (a * 100 + b * 10 + c + fst (4, 5) + snd (4, 5))",
	      123 + 9, "tuples, tuple patterns at top level");
	cf_is("let add a b = a * 10 + b\n", "ret (3 `add` 4)", 34,
	      "a user function in backticks");
	cf_is("let t = let open OptT in (OptT.ret 3 $> (fun x -> x + 1))\n"
	      "let u = let! o = t in match o with | Some v -> ret v | None -> ret 0\n",
	      "u", 4, "OptT $> under let open");
	cf_is("module U32 = FStar.UInt32\nlet r = U32.v (17ul `U32.rem` 5ul)\n",
	      "ret r", 2, "qualified name in backticks");
	/* short circuit: the right operand is not evaluated */
	cf_is("let boom (u: unit) : bool = 1 / 0 = 0\n",
	      "ret (if false && boom () || true || boom () then 1 else 2)", 1,
	      "&& and || short-circuit");
	/* cost-only arguments are not evaluated: inc (1 / 0) */
	cf_is("", "inc (1 / 0) (ret 3)", 3, "cost-only argument of inc is "
	      "not evaluated");
	cf_is("", "ret (cast nat 4 + 1)", 5, "cast with an erased type");
	/* machine integers */
	cf_fails("open FStar.UInt64\nlet x = v (18446744073709551615UL)\n",
		 "ret x", ZEN_EREFUSED, "", "U64.v above 2^63 fails");
	cf_fails("", "ret (9223372036854775807 + 1)", ZEN_EREFUSED, "",
		 "Prims int overflow fails the run");
	cf_fails("", "ret (1 / 0)", ZEN_EREFUSED, "", "division by zero");
	cf_fails("open FStar.UInt8\nlet x = 7uy /^ 0uy\n", "ret 1",
		 ZEN_EREFUSED, "", "U8 division by zero");
	cf_is("open FStar.UInt8\nlet x = v (250uy +%^ 10uy)\n", "ret x", 4,
	      "U8 +%^ wraps");
	cf_fails("let f x = match x with | 1 -> 2\n", "ret (f 3)",
		 ZEN_EREFUSED, "no match case", "incomplete match fails");
	cf_fails("", "ret (-1)", ZEN_EREFUSED, "", "negative cf fails");
}

/*
 * main's stats for HEAD + defs + `let main txSkel .. = mainbody` + `let
 * cf .. = cfexpr`, run with empty arguments.  0, or the error (err).
 */
static int main_stats(const char *defs, const char *mainbody,
		      const char *cfexpr, struct zen_contract_stats *st,
		      struct zen_err *err)
{
	char src[8192];
	struct zc_contract *c;
	struct zen_contract_args a;
	struct zen_contract_return r;
	int rc;

	memset(st, 0, sizeof(*st));
	snprintf(src, sizeof(src), "%s%s\nlet main txSkel context contractId "
		 "command sender messageBody wallet state =\n%s\n"
		 "let cf _ _ _ _ _ _ _ = %s\n", HEAD, defs, mainbody, cfexpr);
	if ((rc = load_src(src, &c, err)))
		return rc;
	args_init(&a, "");
	zen_contract_return_init(&r);
	rc = zen_contract_run(c, &a, &r, st, err);
	if (!rc && !r.ok)
		rc = zen_fail(err, ZEN_EREFUSED, "ERR %s", r.err_msg);
	zen_contract_return_release(&r);
	zen_contract_free(c);
	return rc;
}

/* main's own count is body, its cost cost, with cost_exact exact */
static void main_cost_is(const char *defs, const char *mainbody,
			 const char *cfexpr, uint64_t body, uint64_t cost,
			 int exact, const char *what)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_contract_stats st;
	int rc = main_stats(defs, mainbody, cfexpr, &st, &err);

	if (rc)
		tap_diag("%s", err.msg);
	tap_ok(!rc && st.cost_body == body && st.cost == cost &&
	       st.cost_exact == exact, "%s: own count %llu = %llu, cost "
	       "%llu = %llu, exact %d = %d", what,
	       (unsigned long long)st.cost_body, (unsigned long long)body,
	       (unsigned long long)st.cost, (unsigned long long)cost,
	       st.cost_exact, exact);
}

#define OKSKEL "CR.ofTxSkel txSkel"

/*
 * Declared cost indexes (eval.h COST INDEXES).  In every case below,
 * main is `let! r = X in CR.ofTxSkel txSkel` (unless written out): its
 * increment is let! 1 + leaf 1 + X's count + ofTxSkel 1, its Zulib cost
 * X's + ofTxSkel 3; cf is 1000, and main's cost is padded to it.
 */
static void test_cost_indexes(void)
{
	/* val binders stand for the arguments by position: f 3 4 is
	 * padded to x * 10 + y = 34 (not 43: the let calls them a b).
	 * f's own count: inc 2 (incSome 2 args) + incSome 1 = 3.  main:
	 * 1 + 1 + 2 + 1 = 5, + 34 + 3 = 42 */
	main_cost_is("val f : x:nat -> y:nat -> option nat `cost` (x * 10 + y)\n"
		     "let f a b = OptT.incSome 1 a\n",
		     "let! r = f 3 4 in " OKSKEL, "C.ret 1000", 42, 1000, 1,
		     "val signature: binders by position");
	/* an implicit binder in the index is the erased token: n + x is
	 * not a number, no padding; g 5 = 3; main 1 + 1 + 1 + 1 = 4: 10 */
	main_cost_is("val g : #n:nat -> x:nat -> option nat `cost` (n + x)\n"
		     "let g #n x = OptT.incSome 1 x\n",
		     "let! r = g 5 in " OKSKEL, "C.ret 1000", 4 + 3 + 3, 1000, 1,
		     "val signature: implicit binder in the index");
	/* (#a:Type) -> is an implicit domain: h has 1 explicit binder, as
	 * its let, so x + 7 = 12 applies; main 4: 4 + 12 + 3 = 19 */
	main_cost_is("val h : (#a:Type) -> x:nat -> Tot (option nat `cost` (x + 7))\n"
		     "let h #a x = OptT.incSome 1 x\n",
		     "let! r = h 5 in " OKSKEL, "C.ret 1000", 19, 1000, 1,
		     "val signature: (#a:Type) is implicit, Tot");
	/* return type: k 5 padded to x + 20 = 25; 4 + 25 + 3 = 32 */
	main_cost_is("let k (x: nat) : option nat `cost` (x + 20) = "
		     "OptT.incSome 1 x\n",
		     "let! r = k 5 in " OKSKEL, "C.ret 1000", 32, 1000, 1,
		     "return type");
	/* ascriptions, with the OptT.t and RT.t aliases: incSome 1 5 to
	 * 9, RT.ok 2 (0) to 11; main: let! 1 + 1 + incSome 2 + (let! 1 +
	 * 1 + RT.ok 1 + ofTxSkel 1) = 8; 8 + 9 + 11 + 3 = 31 */
	main_cost_is("",
		     "let! r = (OptT.incSome 1 5 <: OptT.t nat 9) in\n"
		     "let! q = (RT.ok 2 : RT.t nat 11) in " OKSKEL,
		     "C.ret 1000", 31, 1000, 1, "ascriptions, OptT.t, RT.t");
	/* an ascribed autoInc gets its target: autoInc (incSome 1 5) is
	 * 1, padded to 30; main 1 + 1 + (autoInc 1 + incSome 2) + 1 = 6:
	 * 6 + 30 + 3 = 39 */
	main_cost_is("",
		     "let! r = (C.autoInc (OptT.incSome 1 5) <: "
		     "cost (option nat) 30) in " OKSKEL,
		     "C.ret 1000", 39, 1000, 1, "ascribed autoInc");
	/* an ascription of a whole body is inside the body's increment
	 * (ASTUtils.fs: elab_term keeps Ascribed (e', T), elab_term_node
	 * wraps it): p's body is inc 1 (RT.autoFailw "no" <: cost 7), so
	 * p costs 1 + 7; main: let! 1 + leaf 1 + p 0 1 + match r: leaves
	 * ERR _ 2 + OK _ 2 + max(ofTxSkel 1, autoFailw 1) = 8: 8 + 8 + 3 */
	main_cost_is("let p (x: nat) = RT.autoFailw \"no\" <: "
		     "CR.t `cost` 7\n",
		     "let! r = p 0 in match r with | ERR _ -> " OKSKEL
		     " | OK _ -> RT.autoFailw \"x\"",
		     "C.ret 1000", 8 + 8 + 3, 1000, 1,
		     "body ascription inside the increment");
	/* a cost above its index is kept and flagged: q 2 is inc 2 +
	 * incSome 5 = 7 > 1; 4 + 7 + 3 = 14; main is still padded to cf
	 * but not exact */
	main_cost_is("let q (x: nat) : option nat `cost` 1 = OptT.incSome 5 x\n",
		     "let! r = q 2 in " OKSKEL, "C.ret 1000", 14, 1000, 0,
		     "cost above the declared index");
	/* an index that fails (1 / 0), runs away (spin) or names nothing
	 * (nope) pads nothing and does not fail the run: 4 + 3 + 3 */
	main_cost_is("let z (x: nat) : option nat `cost` (x / 0) = "
		     "OptT.incSome 1 x\n",
		     "let! r = z 2 in " OKSKEL, "C.ret 1000", 10, 1000, 1,
		     "failing index: no padding, main runs");
	main_cost_is("let rec spin (n: nat) : nat = spin (n + 1)\n"
		     "let w (x: nat) : option nat `cost` (spin x) = "
		     "OptT.incSome 1 x\n",
		     "let! r = w 2 in " OKSKEL, "C.ret 1000", 10, 1000, 1,
		     "runaway index: no padding, main runs");
	main_cost_is("let u (x: nat) : option nat `cost` (nope x) = "
		     "OptT.incSome 1 x\n",
		     "let! r = u 2 in " OKSKEL, "C.ret 1000", 10, 1000, 1,
		     "unbound name in an index: loads, no padding");
	/* tail recursion through a padded body stays a loop: count's
	 * increment is if 3 + (n = 0) 2 + max(incRet 2, count (n - 1) 3)
	 * = 8; count 0 = 8 + 20 = 28 = its index; count n = max(8 +
	 * count (n - 1), 9 n + 28) = 9 n + 28.  10000 levels are past the
	 * depth limit (3000) if each padding nested.  main 4: 4 + 90028 +
	 * 3 */
	main_cost_is("let rec count (n: nat) : cost nat (n * 9 + 28) =\n"
		     "  if n = 0 then C.incRet 20 0 else count (n - 1)\n",
		     "let! r = count 10000 in " OKSKEL, "C.ret 100000",
		     4 + 90028 + 3, 100000, 1, "tail calls through paddings");
	/* cf not a number (-1): main keeps its own count, ofTxSkel 1 + 3,
	 * and does not fail */
	main_cost_is("", OKSKEL, "C.ret (0 - 1)", 1 + 3, 1 + 3, 1,
		     "cf not a number: no padding of main");
	/* the index budget is not the run's: the runaway index above
	 * left main's step count small */
	{
		struct zen_err err = ZEN_ERR_INIT;
		struct zen_contract_stats st;
		int rc = main_stats("let rec spin (n: nat) : nat = spin (n + 1)\n"
				    "let w (x: nat) : option nat `cost` (spin x)"
				    " = OptT.incSome 1 x\n",
				    "let! r = w 2 in " OKSKEL, "C.ret 1000",
				    &st, &err);

		tap_ok(!rc && st.steps < 1000,
		       "a runaway index does not count against the run's "
		       "steps (%llu)", (unsigned long long)st.steps);
	}
}

/*
 * 1.10: implicit arguments count 1 each in the elaboration, though
 * evaluation drops them, and their own count too (ASTUtils' App ignores
 * imp: h47's blind round).  main: let! x = C.ret #nat 5 (1 + 1 + 2),
 * let! y = OptT.none #nat (1 + 1 + 1), CR.ofTxSkel #(option data) txSkel
 * (1 + 1 + option data's 1): 10; Zulib ofTxSkel 3: 13 (10 if implicit
 * arguments counted 0, 12 if only 1 each).
 */
static void test_implicit_args(void)
{
	main_cost_is("", "let! x = C.ret #nat 5 in\n"
		     "let! y = OptT.none #nat in\n"
		     "CR.ofTxSkel #(option data) txSkel", "C.ret 13", 13, 13, 1,
		     "implicit arguments count in the elaboration");
}

static void test_negative(void)
{
	static const struct {
		const char *src, *msg, *what;
	} cases[] = {
		{ "let main a b c d e f g h = foo\nlet cf a b c d e f g = 1\n",
		  "t.fst:1:28: unbound name 'foo'", "unbound name" },
		{ "let main a b c d e f g h = RT.ok\nlet cf a b c d e f g = 1\n",
		  "t.fst:1:28: unbound name 'RT.ok'", "unknown module alias" },
		{ "open Zen.Ethereum\nlet main a b c d e f g h = 1\nlet cf a b c d e f g = 1\n",
		  "t.fst:1:1: unknown module 'Zen.Ethereum'", "unknown module" },
		{ "let main a b c d e f g h = match a with | Foo x -> 1\nlet cf a b c d e f g = 1\n",
		  "unbound constructor 'Foo'", "unknown constructor pattern" },
		{ "let main a b c d e f g h = x\nlet x = 1\nlet cf a b c d e f g = 1\n",
		  "unbound name 'x'", "names are bound in order" },
		{ "let main a b c d e f g h = let q y = q y in 1\nlet cf a b c d e f g = 1\n",
		  "unbound name 'q'", "let is not recursive" },
		{ "let main a b c d e f g h = (let open FStar.UInt64 in 1) + v 2\nlet cf a b c d e f g = 1\n",
		  "unbound name 'v'", "let open is scoped" },
		{ "let main a b c d e f g = 1\nlet cf a b c d e f g = 1\n",
		  "main", "main with 7 parameters" },
		{ "let main a b c d e f g h = 1\n", "cf", "no cf" },
		{ "let main a b c d e f g h = 1\nlet cf a b c d e f g = 1 ) 2\n",
		  "t.fst:2:", "syntax error has a position" },
		{ "let main a b c d e f g h = try 1 with _ -> 2\nlet cf a b c d e f g = 1\n",
		  "forbidden", "try is forbidden" },
		{ "module X\nlet main a b c d e f g h = 1\nlet cf a b c d e f g = 1\n",
		  "forbidden", "module line is forbidden" },
		{ "let main a b c d e f g h = match a with | x when x -> 1\nlet cf a b c d e f g = 1\n",
		  "when guards are not allowed in contracts",
		  "when guards are forbidden" },
		{ "let get_x x = x\nlet main a b c d e f g h = 1\nlet cf a b c d e f g = 1\n",
		  "forbidden", "binding a name that starts with get_" },
		{ "let main a b c d e f g h = match a with | (x, 1) | (y, 2) -> 1\nlet cf a b c d e f g = 1\n",
		  "or-pattern", "or-pattern variables differ" },
	};
	size_t i;

	for (i = 0; i < ZEN_ARRAY_SIZE(cases); i++) {
		struct zen_err err = ZEN_ERR_INIT;
		struct zc_contract *c = NULL;
		int rc = load_src(cases[i].src, &c, &err);

		tap_ok(rc == ZEN_EINVAL && !c && strstr(err.msg, cases[i].msg),
		       "refused: %s (%s)", cases[i].what, err.msg);
		zen_contract_free(c);
	}
}

/* ---- Zulib coverage through contract source (values hand-computed) ---- */

static const char *COVMODS =
	"module Arr = Zen.Array\nmodule L = Zen.List\n"
	"module Asset = Zen.Asset\nmodule Sha3 = Zen.Sha3\n"
	"module Crypto = Zen.Crypto\nmodule CId = Zen.ContractId\n";

static void hex_of(char *out, const uint8_t *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", b[i]);
}

static void test_coverage(void)
{
	char expr[1024], hx1[65], hx2[65];
	uint8_t msg[68 + 36 + 36 + 33], h[32], be9[4] = { 0, 0, 0, 9 };

	/* Array.init_pure 4 (i -> i*i) = [|0;1;4;9|]; item 3 = 9; toList has
	 * length 4: 13 */
	cf_is(COVMODS, "let! a = Arr.init_pure 4 (fun i -> C.ret (i * i)) in\n"
	      "let! l = Arr.toList a in C.ret (Arr.item 3 a + length l)", 13,
	      "Array.init_pure, item, toList");
	/* foldT (flip g) 0 [1;2;3], g x acc = acc * 10 + x: 123 */
	cf_is(COVMODS, "L.foldT (flip (fun x acc -> C.ret (acc * 10 + x))) 0 "
	      "[1; 2; 3]", 123, "List.foldT with flip");
	cf_is(COVMODS, "let! r = RT.bind2 (RT.ok 3) (RT.ok 4) (fun a b -> "
	      "RT.ok (a * b)) in\nC.ret (match r with | OK x -> x | ERR _ -> 0)",
	      12, "RT.bind2");
	/* laziness (3.8): the second argument is a thunk that would divide
	 * by zero if forced; after an ERR first argument it never is */
	cf_is(COVMODS, "let! r = RT.bind3 (RT.failw \"a\") (C.ret 0 >>= (fun z "
	      "-> RT.ok (1 / z))) (RT.ok 2) (fun a b c -> RT.ok (a + b + c)) "
	      "in\nC.ret (match r with | OK x -> x | ERR \"a\" -> 7 | ERR _ -> 8)",
	      7, "RT.bind3: ERR first argument does not force the others");
	cf_fails(COVMODS, "let! r = RT.bind3 (RT.ok 1) (C.ret 0 >>= (fun z -> "
		 "RT.ok (1 / z))) (RT.ok 2) (fun a b c -> RT.ok (a + b + c)) "
		 "in\nC.ret (match r with | OK x -> x | ERR _ -> 8)",
		 ZEN_EREFUSED, "", "RT.bind3: OK first argument forces the "
		 "second");
	cf_is(COVMODS, "let! r = RT.bind3 (RT.ok 1) (RT.ok 2) (RT.ok 4) (fun a "
	      "b c -> RT.ok (a + b + c)) in\nC.ret (match r with | OK x -> x "
	      "| ERR _ -> 0)", 7, "RT.bind3 OK");
	/* fromSubtypeInt cid 258ul: subtype 00 00000102 + 27 zero bytes;
	 * fromSubtypeString cid "ab": 61 62 + 30 zero bytes */
	cf_is(COVMODS, "let! cid = CId.parse \"00000005"
	      "1111111111111111111111111111111111111111111111111111111111111111\" in\n"
	      "match cid with | None -> C.ret 0 | Some cid -> begin\n"
	      "let! (v, h, sub) = Asset.fromSubtypeInt cid 258ul in\n"
	      "let! (v2, _, sub2) = Asset.fromSubtypeString cid \"ab\" in\n"
	      "let! e = Crypto.parseHash \"0000000102"
	      "000000000000000000000000000000000000000000000000000000\" in\n"
	      "let! e2 = Crypto.parseHash \"6162"
	      "000000000000000000000000000000000000000000000000000000000000\" in\n"
	      "C.ret (if Some sub = e && Some sub2 = e2 && v = 5ul && v2 = 5ul "
	      "then 1 else 0) end", 1, "Asset.fromSubtypeInt, fromSubtypeString");
	/* Sha3: updateAsset zenAsset (BE32 0, 32 + 32 zero bytes),
	 * updateOutpoint {zero, 7ul} (32 zero bytes, BE32 7),
	 * updateContractId (5ul, zero) (BE32 5, 32 zero bytes), updateCPK
	 * (2uy, zero) (02, 32 zero bytes); hashWith updateU32 9ul =
	 * SHA3(BE32 9) */
	memset(msg, 0, sizeof(msg));
	msg[68 + 35] = 7;
	msg[68 + 36 + 3] = 5;
	msg[68 + 36 + 36] = 2;
	zen_sha3(h, msg, sizeof(msg));
	hex_of(hx1, h, 32);
	zen_sha3(h, be9, 4);
	hex_of(hx2, h, 32);
	snprintf(expr, sizeof(expr),
		 "let! h = Sha3.empty |> Sha3.updateAsset Asset.zenAsset\n"
		 ">>= Sha3.updateOutpoint ({ txHash = Asset.zeroHash; index = 7ul })\n"
		 ">>= Sha3.updateContractId (5ul, Asset.zeroHash)\n"
		 ">>= Sha3.updateCPK (2uy, Asset.zeroHash) >>= Sha3.finalize in\n"
		 "let! h2 = Sha3.hashWith Sha3.updateU32 9ul in\n"
		 "let! e = Crypto.parseHash \"%s\" in\n"
		 "let! e2 = Crypto.parseHash \"%s\" in\n"
		 "C.ret (if Some h = e && Some h2 = e2 then 1 else 0)", hx1, hx2);
	cf_is(COVMODS, expr, 1, "Sha3 updateAsset, updateOutpoint, "
	      "updateContractId, updateCPK, hashWith");
}

/* messenger -> receiver: the message is delivered with the chained
 * sender Contract messenger (1.7 step 11); the receiver stores
 * SHA3(BE32 0 || messenger's hash) */
static void test_message_chain(void)
{
	struct zc_contract *m = cx_load_file("messenger.fst", NULL, "");
	struct zc_contract *rcv = cx_load_file("receiver.fst", NULL, "");
	struct zen_contract_args a;
	struct zen_contract_return r1, r2;
	uint8_t pre[36], h[32];

	if (!m || !rcv) {
		zen_contract_free(m);
		zen_contract_free(rcv);
		return;
	}
	args_init(&a, "ping");
	tap_ok(!run(m, &a, &r1) && r1.ok && r1.has_message,
	       "chain: messenger sends a message");
	if (r1.ok && r1.has_message) {
		args_init(&a, "");
		a.command = r1.command;
		a.command_len = r1.command_len;
		a.body = r1.body;
		a.sender = ZEN_SENDER_CONTRACT;
		a.sender_cid = *zen_contract_get_id(m);
		memset(pre, 0, 4);
		memcpy(pre + 4, a.sender_cid.hash, 32);
		zen_sha3(h, pre, 36);
		cost_is(rcv, &a, 265, "chain: receiver, sender Contract "
			"messenger");
		tap_ok(!run(rcv, &a, &r2) && r2.ok &&
		       r2.state == ZEN_STATE_UPDATE &&
		       r2.state_data.kind == ZEN_DATA_HASH &&
		       !memcmp(r2.state_data.u.hash, h, 32),
		       "chain: receiver records the messenger as sender");
		zen_contract_return_release(&r2);
	}
	zen_contract_return_release(&r1);
	zen_contract_free(m);
	zen_contract_free(rcv);
}

static void test_limits(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c = NULL;
	struct zen_contract_args a;
	struct zc_limits lim;
	uint64_t cost;
	char src[4096];
	int rc;

	/* a runaway loop: the step limit */
	snprintf(src, sizeof(src), "%slet rec loop (n: nat) : nat = loop (n + 1)\n"
		 "let main txSkel _ _ _ _ _ _ _ = CR.ofTxSkel txSkel\n"
		 "let cf _ _ _ _ _ _ _ = ret (loop 0)\n", HEAD);
	tap_ok(!load_src(src, &c, &err), "loop contract loads");
	args_init(&a, "");
	zc_limits_default(&lim);
	lim.max_steps = 100000;
	a.limits = &lim;
	rc = c ? zen_contract_cost(c, &a, &cost, &err) : -1;
	tap_ok(rc == ZEN_EREFUSED && strstr(err.msg, "step limit"),
	       "tail loop ends at the step limit: %s", err.msg);
	zen_contract_free(c);
	c = NULL;
	/* deep non-tail recursion: the depth limit, no C stack overflow */
	snprintf(src, sizeof(src), "%slet rec deep (n: nat) : nat = 1 + deep (n + 1)\n"
		 "let main txSkel _ _ _ _ _ _ _ = CR.ofTxSkel txSkel\n"
		 "let cf _ _ _ _ _ _ _ = ret (deep 0)\n", HEAD);
	tap_ok(!load_src(src, &c, &err), "deep contract loads");
	zc_limits_default(&lim);
	rc = c ? zen_contract_cost(c, &a, &cost, &err) : -1;
	tap_ok(rc == ZEN_EREFUSED && strstr(err.msg, "deep"),
	       "deep recursion ends at the depth limit: %s", err.msg);
	zen_contract_free(c);
	c = NULL;
	/* memory: a list that doubles */
	snprintf(src, sizeof(src), "%slet rec grow (l: list nat) : nat = grow (1 :: l)\n"
		 "let main txSkel _ _ _ _ _ _ _ = CR.ofTxSkel txSkel\n"
		 "let cf _ _ _ _ _ _ _ = ret (grow [1])\n", HEAD);
	if (!load_src(src, &c, &err)) {
		zc_limits_default(&lim);
		lim.mem_limit = 1 << 20;
		rc = zen_contract_cost(c, &a, &cost, &err);
		tap_ok(rc == ZEN_EREFUSED && strstr(err.msg, "memory"),
		       "growing list ends at the memory limit: %s", err.msg);
		zen_contract_free(c);
	} else {
		tap_ok(0, "grow contract loads: %s", err.msg);
	}
	c = NULL;
	/* the corpus fits well within the defaults: token buy */
	(void)c;
}

/* ---- comparison tracing (value.h struct zc_trace) ---- */

struct trace_text {
	char s[256];
	size_t k;
};

/* " a/b" for each comparison of two numbers or byte strings */
static void trace_operand(struct trace_text *t, const zv *v)
{
	size_t cap = sizeof(t->s) - t->k;

	if (v->tag == ZV_U32 || v->tag == ZV_U64)
		t->k += (size_t)snprintf(t->s + t->k, cap, "%llu",
					 (unsigned long long)v->u.u);
	else if (v->tag == ZV_INT)
		t->k += (size_t)snprintf(t->s + t->k, cap, "%lld",
					 (long long)v->u.i);
	else if (v->tag == ZV_BYTES)
		t->k += (size_t)snprintf(t->s + t->k, cap, "%.*s",
					 (int)v->u.bytes.len,
					 (const char *)v->u.bytes.p);
}

/* zc_trace's cmp: " A<B" for an ordering, " A=B" for an equality. */
static void trace_cmp(void *ctx, const zv *a, const zv *b, int order)
{
	struct trace_text *t = ctx;

	if (a->tag == ZV_BOOL || a->tag == ZV_CON || t->k + 64 > sizeof(t->s))
		return;
	t->s[t->k++] = ' ';
	trace_operand(t, a);
	t->s[t->k++] = order ? '<' : '=';
	trace_operand(t, b);
	t->s[t->k] = 0;
}

/* zc_trace's key: " k:KEY" appended. */
static void trace_key(void *ctx, const zv *k)
{
	struct trace_text *t = ctx;

	if (t->k + 64 > sizeof(t->s))
		return;
	memcpy(t->s + t->k, " k:", 3);
	t->k += 3;
	trace_operand(t, k);
	t->s[t->k] = 0;
}

/* Every key main looks up in a dict (tryFind, containsKey) goes to the
 * hook's key, add and remove do not; a hook without key skips them. */
static void test_trace_keys(void)
{
	const char *src =
		"open Zen.Types\nopen Zen.Base\nopen Zen.Cost\n"
		"module CR = Zen.ContractResult\nmodule D = Zen.Dictionary\n"
		"let main txSkel _ _ command _ _ _ _ =\n"
		"  let! d = D.add \"a\" 1 D.empty in\n"
		"  let! x = D.tryFind (strcat \"b\" command) d in\n"
		"  let! y = D.containsKey \"a\" d in\n"
		"  let! d = D.remove \"a\" d in\n"
		"  CR.ofTxSkel txSkel\n"
		"let cf _ _ _ _ _ _ _ = ret (300 <: nat)\n";
	struct trace_text t = { "", 0 };
	struct zc_trace hook = { .cmp = trace_cmp, .key = trace_key,
				 .ctx = &t };
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c = NULL;
	struct zen_contract_return r;
	struct zen_contract_args a;

	tap_ok(!load_src(src, &c, &err), "trace keys: loads (%s)", err.msg);
	args_init(&a, "c");
	a.trace = &hook;
	tap_ok(!run(c, &a, &r) && r.ok, "trace keys: main runs");
	zen_contract_return_release(&r);
	tap_str(t.s, " k:bc k:a", "trace keys: the keys looked up, in order");
	hook.key = NULL;
	t.k = 0;
	t.s[0] = 0;
	tap_ok(!run(c, &a, &r) && r.ok && !strstr(t.s, "k:"),
	       "trace keys: none without a key hook");
	zen_contract_return_release(&r);
	zen_contract_free(c);
}

/*
 * Every comparison main evaluates is reported, with its operands, in
 * the order evaluated: U64.gt, >^, Prims' < (orderings), = on strings, a
 * pattern constant (the pattern's first; equalities); min is no
 * comparison.  A run without
 * a trace reports nothing (the node's).
 */
static void test_trace(void)
{
	const char *src =
		"open Zen.Types\nopen Zen.Base\nopen Zen.Cost\n"
		"module CR = Zen.ContractResult\nmodule U64 = FStar.UInt64\n"
		"let main txSkel _ _ command _ _ _ _ =\n"
		"  let n = 7UL in\n"
		"  if n `U64.gt` 5UL && (let open FStar.UInt64 in n >^ 6UL)\n"
		"     && min 4 9 < 5 && command = \"ab\" then\n"
		"    match 3ul with\n"
		"    | 3ul -> CR.ofTxSkel txSkel\n"
		"    | _ -> CR.ofTxSkel txSkel\n"
		"  else CR.ofTxSkel txSkel\n"
		"let cf _ _ _ _ _ _ _ = ret (100 <: nat)\n";
	struct trace_text t = { "", 0 };
	struct zc_trace hook = { .cmp = trace_cmp, .ctx = &t };
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c = NULL;
	struct zen_contract_return r;
	struct zen_contract_args a;
	size_t traced;

	tap_ok(!load_src(src, &c, &err), "trace: loads (%s)", err.msg);
	args_init(&a, "ab");
	a.trace = &hook;
	tap_ok(!run(c, &a, &r) && r.ok, "trace: main runs");
	zen_contract_return_release(&r);
	tap_str(t.s, " 7<5 7<6 4<5 ab=ab 3=3", "trace: the comparisons "
		"main evaluated, in order, orderings and equalities");
	traced = t.k;
	a.trace = NULL;
	tap_ok(!run(c, &a, &r) && r.ok && t.k == traced, "trace: none "
	       "without a hook");
	zen_contract_return_release(&r);
	zen_contract_free(c);
}

int main(void)
{
	test_sample_vector();
	test_voting_vector();
	test_mint_sample();
	test_counter();
	test_empty();
	test_token();
	test_faucet();
	test_messenger();
	test_receiver();
	test_dict_parser();
	test_oracle();
	test_orderbook();
	test_merkle_payout();
	test_payout_list();
	test_scoping();
	test_cost_indexes();
	test_implicit_args();
	test_negative();
	test_limits();
	test_coverage();
	test_message_chain();
	test_trace();
	test_trace_keys();
	return tap_done();
}
