/*
 * Unit tests of the local chain's built-in CGP and voting contracts
 * (src/core/cgp/builtin.h and the .fst files in src/core/cgp/contracts,
 * issue 13).
 *
 *  - The ids: SHA3-256 of BE32(0) || the embedded bytes (contracts.md 1.1,
 *    hashed here with the bare SHA3, not the node's id function) must be
 *    the local chain's cgp_contract_id and voting_contract_id in
 *    params.c, so that changing a .fst without updating params fails
 *    `make check`.  The embedded bytes must be the source files'.
 *  - Which chains have built-ins (local only) and the lookup by hash.
 *  - The voting contract accepts any command and changes nothing.
 *  - The CGP contract's Payout (cgp-and-chain.md 7.1, 7.2): payout
 *    blocks only, 1..100 outputs, each funded from the contract's wallet;
 *    every refusal with its message; its cost function bounds main.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cgp/builtin.h"
#include "core/cgp/cgp.h"
#include "core/consensus/address.h"
#include "core/contract/contract.h"
#include "core/crypto/hash.h"
#include "tap.h"

#ifndef ZEN_SRCDIR
#define ZEN_SRCDIR "."
#endif

static const char *FILES[ZEN_CGP_BUILTIN_COUNT] = {
	"src/core/cgp/contracts/cgp.fst", "src/core/cgp/contracts/voting.fst",
};

/* ---- ids and lookup ---- */

static void test_ids(void)
{
	const struct zen_chain_params *local = zen_chain_params(ZEN_CHAIN_LOCAL);
	const struct zen_contract_id *want[ZEN_CGP_BUILTIN_COUNT] = {
		&local->cgp_contract_id, &local->voting_contract_id,
	};

	for (int i = 0; i < ZEN_CGP_BUILTIN_COUNT; i++) {
		struct zen_sha3_ctx *ctx = zen_sha3_begin();
		static const uint8_t v0[4];
		uint8_t h[ZEN_HASH_LEN];
		struct zen_contract_id cid;
		size_t len, flen;
		const char *code = zen_cgp_builtin_code(i, &len);
		char *file = tap_read_file(ZEN_SRCDIR, FILES[i], &flen);

		tap_ok(file && flen == len && !memcmp(file, code, len) &&
		       code[len] == '\0',
		       "%s: the embedded bytes are the file's (%zu bytes)",
		       FILES[i], len);
		free(file);
		zen_sha3_update(ctx, v0, 4);
		zen_sha3_update(ctx, code, len);
		zen_sha3_end(ctx, h);
		tap_ok(want[i]->version == 0 &&
		       !memcmp(h, want[i]->hash, ZEN_HASH_LEN),
		       "%s: SHA3(BE32 0 || code) is the id in params.c",
		       FILES[i]);
		zen_contract_id_from_code(&cid, code, len);
		tap_ok(!memcmp(cid.hash, h, ZEN_HASH_LEN),
		       "%s: the activation id function agrees", FILES[i]);
	}
	tap_ok(zen_cgp_builtin_code(ZEN_CGP_BUILTIN_COUNT, &(size_t){ 0 }) ==
	       NULL, "no third built-in");
}

static void test_chains(void)
{
	const struct zen_chain_params *local = zen_chain_params(ZEN_CHAIN_LOCAL);
	const struct zen_chain_params *test = zen_chain_params(ZEN_CHAIN_TEST);
	const struct zen_chain_params *main = zen_chain_params(ZEN_CHAIN_MAIN);
	struct zen_cgp_builtin b;
	uint8_t other[ZEN_HASH_LEN];

	tap_u64(zen_cgp_builtin_count(local), 2, "local: two built-ins");
	tap_u64(zen_cgp_builtin_count(test), 0, "test: none");
	tap_u64(zen_cgp_builtin_count(main), 0, "main: none");
	tap_ok(zen_cgp_builtin_find(local, local->cgp_contract_id.hash, &b) &&
	       !strcmp(b.name, "cgp") && b.cid.version == 0 &&
	       !memcmp(b.cid.hash, local->cgp_contract_id.hash, 32) &&
	       b.code_len > 0 && !strncmp(b.code, "(* The Common Goods", 19),
	       "local: the CGP contract by its hash");
	tap_ok(zen_cgp_builtin_find(local, local->voting_contract_id.hash,
				    &b) && !strcmp(b.name, "voting") &&
	       !strncmp(b.code, "(* The voting contract", 22),
	       "local: the voting contract by its hash");
	memset(other, 0x5a, sizeof(other));
	tap_ok(!zen_cgp_builtin_find(local, other, NULL),
	       "local: another hash is no built-in");
	tap_ok(!zen_cgp_builtin_find(test, test->cgp_contract_id.hash, NULL) &&
	       !zen_cgp_builtin_find(test, local->cgp_contract_id.hash, NULL) &&
	       !zen_cgp_builtin_find(main, main->voting_contract_id.hash,
				     NULL),
	       "main and test: not even their own CGP ids are built in");
}

/* ---- running them ---- */

static struct zc_contract *load(int which)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c = NULL;
	size_t len;
	const char *code = zen_cgp_builtin_code(which, &len);

	if (zen_contract_load(code, len, FILES[which], &c, &err))
		tap_diag("%s", err.msg);
	tap_ok(c != NULL, "%s loads in zen's interpreter", FILES[which]);
	return c;
}

static void args_init(struct zen_contract_args *a, const char *cmd)
{
	memset(a, 0, sizeof(*a));
	a->command = cmd;
	a->command_len = strlen(cmd);
}

static int run(const struct zc_contract *c, const struct zen_contract_args *a,
	       struct zen_contract_return *r, struct zen_contract_stats *st)
{
	struct zen_err err = ZEN_ERR_INIT;
	int rc;

	zen_contract_return_init(r);
	rc = zen_contract_run(c, a, r, st, &err);
	if (rc)
		tap_diag("main: %s", err.msg);
	return rc;
}

static uint64_t cf_of(const struct zc_contract *c,
		      const struct zen_contract_args *a)
{
	struct zen_err err = ZEN_ERR_INIT;
	uint64_t cost = (uint64_t)-1;

	if (zen_contract_cost(c, a, &cost, &err))
		tap_diag("cf: %s", err.msg);
	return cost;
}

static void pk_lock(struct zen_lock *l, uint8_t b)
{
	zen_lock_init(l);
	l->id = ZEN_LOCK_PK;
	memset(l->pk_hash, b, ZEN_HASH_LEN);
}

/* A skeleton of one PK input (0x11..) and one PK output (0x22..). */
static void skel_one(struct zen_skel *s, struct zen_skel_input *in,
		     struct zen_output *out)
{
	memset(in, 0, sizeof(*in));
	memset(in->outpoint.tx_hash, 0x11, ZEN_HASH_LEN);
	pk_lock(&in->output.lock, 0x33);
	in->output.spend.amount = 10;
	memset(out, 0, sizeof(*out));
	pk_lock(&out->lock, 0x22);
	out->spend.amount = 9;
	s->inputs = in;
	s->n_inputs = 1;
	s->outputs = out;
	s->n_outputs = 1;
}

static void test_voting(void)
{
	static const char *cmds[] = { "Allocation", "Payout", "Nomination",
				      "", "anything" };
	struct zc_contract *c = load(ZEN_CGP_BUILTIN_VOTING);
	struct zen_skel s;
	struct zen_skel_input in;
	struct zen_output out;
	struct zen_data body;

	if (!c)
		return;
	skel_one(&s, &in, &out);
	zen_data_init(&body);
	body.kind = ZEN_DATA_U64;
	body.u.u64 = 7;
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(cmds); i++) {
		struct zen_contract_args a;
		struct zen_contract_return r;

		args_init(&a, cmds[i]);
		a.tx = &s;
		a.body = i % 2 ? &body : NULL;
		a.block_number = (uint32_t)(95 + i);
		tap_ok(!run(c, &a, &r, NULL) && r.ok && r.tx.n_inputs == 1 &&
		       !memcmp(&r.tx.inputs[0].outpoint, &in.outpoint,
			       sizeof(in.outpoint)) &&
		       r.tx.n_outputs == 1 &&
		       r.tx.outputs[0].spend.amount == 9 &&
		       !r.has_message && r.state == ZEN_STATE_NOCHANGE,
		       "voting, command \"%s\": OK, the skeleton unchanged, "
		       "no message, no state change", cmds[i]);
		zen_contract_return_release(&r);
		/* cf: RT.ok 0 + elaboration (@ 2, a record of 3 fields 3) */
		tap_u64(cf_of(c, &a), 5, "voting \"%s\": cf = 5", cmds[i]);
	}
	zen_data_release(&body);
	zen_contract_free(c);
}

/* ---- the CGP contract ---- */

static struct zen_asset zp(void)
{
	struct zen_asset a;

	memset(&a, 0, sizeof(a));
	return a;
}

/* An asset of a made-up contract (version 0, hash b..b), subtype 0. */
static struct zen_asset token(uint8_t b)
{
	struct zen_asset a = zp();

	memset(a.cid.hash, b, ZEN_HASH_LEN);
	return a;
}

/* The contract's wallet: n coins (ids 0x44.., index i). */
struct wallet {
	struct zen_outpoint ops[128];
	struct zen_output outs[128];
	size_t n;
};

static void wallet_add(struct wallet *w, const struct zen_contract_id *cid,
		       struct zen_asset asset, uint64_t amount)
{
	struct zen_output *o = &w->outs[w->n];

	memset(&w->ops[w->n], 0, sizeof(w->ops[0]));
	memset(w->ops[w->n].tx_hash, 0x44, ZEN_HASH_LEN);
	w->ops[w->n].index = (uint32_t)w->n;
	memset(o, 0, sizeof(*o));
	zen_lock_init(&o->lock);
	o->lock.id = ZEN_LOCK_CONTRACT;
	o->lock.cid = *cid;
	o->spend.asset = asset;
	o->spend.amount = amount;
	w->n++;
}

/* Payout to PK 0xab.. of spends[0..n), in the canonical body of 7.2. */
static void payout_body(struct zen_data *d, const struct zen_spend *spends,
			size_t n)
{
	struct zen_cgp_payout p;

	memset(&p, 0, sizeof(p));
	memset(p.recipient.pk_hash, 0xab, ZEN_HASH_LEN);
	p.spends = (struct zen_spend *)spends;
	p.n_spends = n;
	zen_data_init(d);
	zen_cgp_payout_body(d, &p);
}

static void cgp_args(struct zen_contract_args *a, const char *cmd,
		     uint32_t block, const struct zen_data *body,
		     const struct wallet *w)
{
	args_init(a, cmd);
	a->block_number = block;
	a->body = body;
	a->wallet_outpoints = w->ops;
	a->wallet_outputs = w->outs;
	a->wallet_n = w->n;
}

static void cgp_err_is(const struct zc_contract *c,
		       const struct zen_contract_args *a, const char *msg,
		       const char *what)
{
	struct zen_contract_return r;
	int rc = run(c, a, &r, NULL);

	tap_ok(!rc && !r.ok && r.err_msg && !strcmp(r.err_msg, msg),
	       "%s: ERR \"%s\" (got \"%s\")", what, msg,
	       r.err_msg ? r.err_msg : rc ? "failed" : "OK");
	zen_contract_return_release(&r);
}

static int is_out(const struct zen_output *o, uint32_t lock_id,
		  uint8_t pk_byte, const struct zen_contract_id *cid,
		  const struct zen_asset *asset, uint64_t amount)
{
	uint8_t pk[ZEN_HASH_LEN];

	memset(pk, pk_byte, sizeof(pk));
	if (o->lock.id != lock_id || o->spend.amount != amount ||
	    zen_asset_cmp(&o->spend.asset, asset))
		return 0;
	if (lock_id == ZEN_LOCK_PK)
		return !memcmp(o->lock.pk_hash, pk, ZEN_HASH_LEN);
	return o->lock.cid.version == cid->version &&
	       !memcmp(o->lock.cid.hash, cid->hash, ZEN_HASH_LEN);
}

static int is_wallet_in(const struct zen_skel_input *in, const struct wallet *w,
			size_t i)
{
	return !in->is_mint &&
	       !memcmp(in->outpoint.tx_hash, w->ops[i].tx_hash, 32) &&
	       in->outpoint.index == w->ops[i].index;
}

static void test_cgp_refusals(const struct zc_contract *c,
			      const struct zen_contract_id *cid)
{
	struct zen_spend one = { zp(), 1000 };
	struct zen_spend many[101];
	struct zen_contract_args a;
	struct zen_data body, bad;
	struct wallet w = { .n = 0 };
	uint32_t not_payout[] = { 0, 9, 11, 100, 109, 111, 1009, 4294967295u };

	wallet_add(&w, cid, zp(), 5000);
	payout_body(&body, &one, 1);
	cgp_args(&a, "Allocation", 110, &body, &w);
	cgp_err_is(c, &a, "Unsupported command", "command Allocation");
	cgp_args(&a, "payout", 110, &body, &w);
	cgp_err_is(c, &a, "Unsupported command", "command payout (case)");
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(not_payout); i++) {
		char what[64];

		snprintf(what, sizeof(what), "block %u", not_payout[i]);
		cgp_args(&a, "Payout", not_payout[i], &body, &w);
		cgp_err_is(c, &a, "Not a payout block", what);
	}
	cgp_args(&a, "Payout", 110, NULL, &w);
	cgp_err_is(c, &a, "Couldn't parse Outputs", "no body");
	zen_data_init(&bad);
	bad.kind = ZEN_DATA_U64;
	cgp_args(&a, "Payout", 110, &bad, &w);
	cgp_err_is(c, &a, "Couldn't parse Outputs", "body not a dictionary");
	zen_data_release(&bad);
	/* "outputs": the key is case-sensitive */
	bad = body;
	bad.u.dict.entries[0].key[0] = 'o';
	cgp_args(&a, "Payout", 110, &bad, &w);
	cgp_err_is(c, &a, "Couldn't parse Outputs", "no key Outputs");
	bad.u.dict.entries[0].key[0] = 'O';
	zen_data_release(&body);

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(many); i++)
		many[i] = (struct zen_spend){ zp(), 1 };
	payout_body(&body, many, 0);
	cgp_args(&a, "Payout", 110, &body, &w);
	cgp_err_is(c, &a, "Outputs list size is out of bounds", "0 outputs");
	zen_data_release(&body);
	payout_body(&body, many, 101);
	cgp_args(&a, "Payout", 110, &body, &w);
	cgp_err_is(c, &a, "Outputs list size is out of bounds",
		   "101 outputs");
	zen_data_release(&body);

	/* an output of the wrong shape: amount a U32, amount 0, a bad
	 * asset string, a lock that is no Lock */
	payout_body(&body, &one, 1);
	{
		struct zen_data *o = &body.u.dict.entries[0].value.u.coll
					       .items[0];
		struct zen_data *amt = &o->u.coll.items[1].u.coll.items[1];
		struct zen_data *as = &o->u.coll.items[1].u.coll.items[0];

		amt->kind = ZEN_DATA_U32;
		amt->u.u32 = 1000;
		cgp_args(&a, "Payout", 110, &body, &w);
		cgp_err_is(c, &a, "Invalid outputs structure",
			   "amount as U32");
		amt->kind = ZEN_DATA_U64;
		amt->u.u64 = 0;
		cgp_err_is(c, &a, "Invalid outputs structure", "amount 0");
		amt->u.u64 = 1000;
		as->u.bytes.p[0] = 'x';
		cgp_err_is(c, &a, "Invalid outputs structure",
			   "asset not hex");
		as->u.bytes.p[0] = '0';
		o->u.coll.items[0].kind = ZEN_DATA_HASH;
		cgp_err_is(c, &a, "Invalid outputs structure",
			   "a Hash where the Lock goes");
		o->u.coll.items[0].kind = ZEN_DATA_LOCK;
	}
	zen_data_release(&body);

	/* funds: 5000 ZP in the wallet */
	one.amount = 5001;
	payout_body(&body, &one, 1);
	cgp_args(&a, "Payout", 110, &body, &w);
	cgp_err_is(c, &a, "Insufficient funds", "5001 from 5000");
	zen_data_release(&body);
	one.asset = token(0x77);
	one.amount = 1;
	payout_body(&body, &one, 1);
	cgp_err_is(c, &a, "Insufficient funds", "an asset it does not hold");
	zen_data_release(&body);
	/* two outputs of one asset need their sum: 3000 + 2001 > 5000 */
	many[0] = (struct zen_spend){ zp(), 3000 };
	many[1] = (struct zen_spend){ zp(), 2001 };
	payout_body(&body, many, 2);
	cgp_args(&a, "Payout", 110, &body, &w);
	cgp_err_is(c, &a, "Insufficient funds", "3000 + 2001 from 5000");
	zen_data_release(&body);
	many[0] = (struct zen_spend){ zp(), UINT64_MAX };
	many[1] = (struct zen_spend){ zp(), 2 };
	payout_body(&body, many, 2);
	cgp_err_is(c, &a, "Output amounts overflow", "2^64 - 1 + 2");
	zen_data_release(&body);
	/* no wallet at all */
	w.n = 0;
	many[0] = (struct zen_spend){ zp(), 1 };
	payout_body(&body, many, 1);
	cgp_args(&a, "Payout", 110, &body, &w);
	cgp_err_is(c, &a, "Insufficient funds", "an empty wallet");
	zen_data_release(&body);
}

/* 1000 kalapa ZP to PK 0xab.. from a coin of 5000: that coin in, 4000
 * change back to the contract, 1000 to the recipient. */
static void test_cgp_pays(const struct zc_contract *c,
			  const struct zen_contract_id *cid)
{
	struct zen_spend one = { zp(), 1000 };
	struct zen_asset z = zp();
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zen_data body;
	struct wallet w = { .n = 0 };
	uint32_t payout_blocks[] = { 10, 110, 4294967210u };

	wallet_add(&w, cid, zp(), 5000);
	payout_body(&body, &one, 1);
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(payout_blocks); i++) {
		cgp_args(&a, "Payout", payout_blocks[i], &body, &w);
		tap_ok(!run(c, &a, &r, NULL) && r.ok && r.tx.n_inputs == 1 &&
		       is_wallet_in(&r.tx.inputs[0], &w, 0) &&
		       r.tx.n_outputs == 2 &&
		       is_out(&r.tx.outputs[0], ZEN_LOCK_CONTRACT, 0, cid, &z,
			      4000) &&
		       is_out(&r.tx.outputs[1], ZEN_LOCK_PK, 0xab, NULL, &z,
			      1000) &&
		       !r.has_message && r.state == ZEN_STATE_NOCHANGE,
		       "Payout at block %u: 1000 ZP paid from a coin of 5000, "
		       "4000 back", payout_blocks[i]);
		zen_contract_return_release(&r);
	}
	zen_data_release(&body);

	/* ZP written "00" is ZP too; an exact coin leaves no change */
	payout_body(&body, &one, 1);
	{
		struct zen_data *as = &body.u.dict.entries[0].value.u.coll
			.items[0].u.coll.items[1].u.coll.items[0];

		free(as->u.bytes.p);
		as->u.bytes.p = (uint8_t *)strdup("00");
		as->u.bytes.len = 2;
	}
	w.n = 0;
	wallet_add(&w, cid, token(0x55), 1000);
	wallet_add(&w, cid, zp(), 1000);
	cgp_args(&a, "Payout", 10, &body, &w);
	tap_ok(!run(c, &a, &r, NULL) && r.ok && r.tx.n_inputs == 1 &&
	       is_wallet_in(&r.tx.inputs[0], &w, 1) && r.tx.n_outputs == 1 &&
	       is_out(&r.tx.outputs[0], ZEN_LOCK_PK, 0xab, NULL, &z, 1000),
	       "asset \"00\": the ZP coin of exactly 1000, no change, the "
	       "other asset untouched");
	zen_contract_return_release(&r);
	zen_data_release(&body);
}

/*
 * [ZP 1, ZP 2, T 5] (a valid nominee, section 20.3) from coins ZP 2,
 * T 9, ZP 5: each asset is funded once for its total, so no coin is
 * taken twice: ZP 3 takes ZP 2 and ZP 5 (change 4), T 5 takes T 9
 * (change 4); then the three outputs in body order.
 */
static void test_cgp_same_asset(const struct zc_contract *c,
				const struct zen_contract_id *cid)
{
	struct zen_asset z = zp(), t = token(0x66);
	struct zen_spend spends[3] = { { z, 1 }, { z, 2 }, { t, 5 } };
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zen_data body;
	struct wallet w = { .n = 0 };
	int ok;

	wallet_add(&w, cid, z, 2);
	wallet_add(&w, cid, t, 9);
	wallet_add(&w, cid, z, 5);
	payout_body(&body, spends, 3);
	cgp_args(&a, "Payout", 210, &body, &w);
	ok = !run(c, &a, &r, NULL) && r.ok && r.tx.n_inputs == 3 &&
	     is_wallet_in(&r.tx.inputs[0], &w, 0) &&
	     is_wallet_in(&r.tx.inputs[1], &w, 2) &&
	     is_wallet_in(&r.tx.inputs[2], &w, 1) && r.tx.n_outputs == 5 &&
	     is_out(&r.tx.outputs[0], ZEN_LOCK_CONTRACT, 0, cid, &z, 4) &&
	     is_out(&r.tx.outputs[1], ZEN_LOCK_CONTRACT, 0, cid, &t, 4) &&
	     is_out(&r.tx.outputs[2], ZEN_LOCK_PK, 0xab, NULL, &z, 1) &&
	     is_out(&r.tx.outputs[3], ZEN_LOCK_PK, 0xab, NULL, &z, 2) &&
	     is_out(&r.tx.outputs[4], ZEN_LOCK_PK, 0xab, NULL, &t, 5);
	tap_ok(ok, "[ZP 1, ZP 2, T 5]: each asset funded once, three "
	       "distinct coins, change per asset, outputs in body order");
	/* the block rule of 7.3 reads the same body as this payout */
	if (ok) {
		struct zen_cgp_payout p;
		struct zen_err err = ZEN_ERR_INIT;

		memset(&p, 0, sizeof(p));
		memset(p.recipient.pk_hash, 0xab, ZEN_HASH_LEN);
		p.spends = spends;
		p.n_spends = 3;
		tap_ok(!zen_cgp_check_payout_body(&body, &p, &err),
		       "the body is the winner's for the block rule (%s)",
		       err.msg);
	}
	zen_contract_return_release(&r);
	zen_data_release(&body);
}

/*
 * cf = 250000 + 12800 s, s = Wallet.size w.  The worst case for main's
 * own count: 100 outputs of 100 distinct assets from a wallet of 100
 * coins (each fromWallet walks the whole wallet: 128 s + 192).  cf must
 * bound it (cost_exact: the engine padded up to cf, never exceeded it),
 * and the run must end within the default limits.
 */
static void test_cgp_cost(const struct zc_contract *c,
			  const struct zen_contract_id *cid)
{
	struct zen_spend spends[100];
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zen_contract_stats st;
	struct zen_data body;
	struct wallet w = { .n = 0 };
	int ok;

	cgp_args(&a, "Payout", 10, NULL, &w);
	tap_u64(cf_of(c, &a), 250000, "cf, empty wallet = 250000");
	for (int i = 0; i < 100; i++) {
		spends[i] = (struct zen_spend){ token((uint8_t)(i + 1)), 7 };
		wallet_add(&w, cid, token((uint8_t)(i + 1)), 10);
	}
	payout_body(&body, spends, 100);
	cgp_args(&a, "Payout", 10, &body, &w);
	tap_u64(cf_of(c, &a), 250000 + 12800 * 100,
		"cf, 100 coins = 250000 + 12800 * 100");
	memset(&st, 0, sizeof(st));
	ok = !run(c, &a, &r, &st) && r.ok && r.tx.n_inputs == 100 &&
	     r.tx.n_outputs == 200;
	tap_ok(ok, "100 outputs of 100 assets from 100 coins: paid");
	tap_ok(st.cost_exact && st.cost == 250000 + 12800 * 100 &&
	       st.cost_body <= st.cost,
	       "cf bounds main's own count (%llu <= %llu, exact %d)",
	       (unsigned long long)st.cost_body,
	       (unsigned long long)st.cost, st.cost_exact);
	zen_contract_return_release(&r);
	zen_data_release(&body);
}

static void test_cgp(void)
{
	const struct zen_chain_params *local = zen_chain_params(ZEN_CHAIN_LOCAL);
	struct zc_contract *c = load(ZEN_CGP_BUILTIN_CGP);

	if (!c)
		return;
	test_cgp_refusals(c, &local->cgp_contract_id);
	test_cgp_pays(c, &local->cgp_contract_id);
	test_cgp_same_asset(c, &local->cgp_contract_id);
	test_cgp_cost(c, &local->cgp_contract_id);
	zen_contract_free(c);
}

int main(void)
{
	test_ids();
	test_chains();
	test_voting();
	test_cgp();
	return tap_done();
}
