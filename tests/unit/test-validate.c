/*
 * Unit tests of transaction validation (protocol.md 4.5, 4.6, 8.1-8.3):
 * hand-built transactions signed with keys of the reference's root
 * mnemonic, over an in-memory UTXO view.  Block-level tests are in
 * test-validate-block.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/types/data.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"
#include "core/consensus/params.h"
#include "core/wallet/bip32.h"
#include "core/wallet/bip39.h"
#include "core/wallet/txbuild.h"
#include "validate-helpers.h"

#define ROOT_MNEMONIC "feel muffin volcano click mercy abuse bachelor " \
	"ginger limb tomorrow okay input spend athlete boring security " \
	"document exclude liar dune usage camera ranch thought"

struct tv_key tv_keys[2];

void tv_keys_init(void)
{
	static const char *paths[2] = { "m/44'/258'/0'/0/0",
					"m/44'/258'/0'/0/1" };
	struct zen_err err = ZEN_ERR_INIT;
	uint8_t seed[ZEN_BIP39_SEED_LEN];
	struct zen_xprv master, k;

	if (zen_bip39_seed(seed, ROOT_MNEMONIC, "", &err) ||
	    zen_bip32_master(&master, seed, sizeof(seed), &err)) {
		fprintf(stderr, "cannot derive the root key: %s\n", err.msg);
		exit(99);
	}
	for (int i = 0; i < 2; i++) {
		if (zen_bip32_derive_text(&k, &master, paths[i], &err) ||
		    zen_pubkey_from_seckey(tv_keys[i].pub, k.key, &err)) {
			fprintf(stderr, "cannot derive %s: %s\n", paths[i],
				err.msg);
			exit(99);
		}
		memcpy(tv_keys[i].sec, k.key, ZEN_SECKEY_LEN);
		zen_pubkey_hash(tv_keys[i].pkh, tv_keys[i].pub);
		zen_xprv_wipe(&k);
	}
	zen_xprv_wipe(&master);
}

/* ---- the in-memory view ---- */

void tv_hash_of(uint8_t out[ZEN_HASH_LEN], uint8_t seed)
{
	memset(out, seed, ZEN_HASH_LEN);
}

void tv_db_add(struct tv_db *db, uint8_t seed, uint32_t index,
	       enum zen_utxo_state state, uint32_t lock_id,
	       const uint8_t pkh[ZEN_HASH_LEN], uint64_t amount)
{
	struct tv_utxo *u;

	db->u = zen_xrealloc(db->u, (db->n + 1) * sizeof(*db->u));
	u = &db->u[db->n++];
	memset(u, 0, sizeof(*u));
	tv_hash_of(u->op.tx_hash, seed);
	u->op.index = index;
	u->state = state;
	zen_output_init(&u->out);
	u->out.lock.id = lock_id;
	if (pkh)
		memcpy(u->out.lock.pk_hash, pkh, ZEN_HASH_LEN);
	u->out.spend.amount = amount;
}

void tv_db_release(struct tv_db *db)
{
	for (size_t i = 0; i < db->n; i++)
		zen_output_release(&db->u[i].out);
	free(db->u);
	db->u = NULL;
	db->n = 0;
}

static enum zen_utxo_state db_lookup(void *ctx, const struct zen_outpoint *op,
				     struct zen_output *out)
{
	struct tv_db *db = ctx;

	for (size_t i = 0; i < db->n; i++) {
		struct tv_utxo *u = &db->u[i];

		if (memcmp(u->op.tx_hash, op->tx_hash, ZEN_HASH_LEN) ||
		    u->op.index != op->index)
			continue;
		if (u->state == ZEN_UTXO_UNSPENT) {
			zen_lock_copy(&out->lock, &u->out.lock);
			out->spend = u->out.spend;
		}
		return u->state;
	}
	return ZEN_UTXO_MISSING;
}

void tv_db_view(struct zen_utxo_view *v, struct tv_db *db)
{
	v->lookup = db_lookup;
	v->ctx = db;
}

/* ---- building ---- */

void tv_add_outpoint(struct zen_tx *tx, uint8_t seed, uint32_t index)
{
	struct zen_input *in;

	tx->inputs = zen_xrealloc(tx->inputs,
				  (tx->n_inputs + 1) * sizeof(*tx->inputs));
	in = &tx->inputs[tx->n_inputs++];
	memset(in, 0, sizeof(*in));
	in->kind = ZEN_INPUT_OUTPOINT;
	tv_hash_of(in->outpoint.tx_hash, seed);
	in->outpoint.index = index;
}

void tv_add_mint(struct zen_tx *tx, const struct zen_asset *a, uint64_t amount)
{
	struct zen_input *in;

	tx->inputs = zen_xrealloc(tx->inputs,
				  (tx->n_inputs + 1) * sizeof(*tx->inputs));
	in = &tx->inputs[tx->n_inputs++];
	memset(in, 0, sizeof(*in));
	in->kind = ZEN_INPUT_MINT;
	in->mint.asset = *a;
	in->mint.amount = amount;
}

struct zen_witness *tv_add_witness(struct zen_tx *tx, uint32_t id)
{
	struct zen_witness *w;

	tx->witnesses = zen_xrealloc(tx->witnesses, (tx->n_witnesses + 1) *
				     sizeof(*tx->witnesses));
	w = &tx->witnesses[tx->n_witnesses++];
	zen_witness_init(w);
	w->id = id;
	if (id == ZEN_WITNESS_PK)
		w->sighash = ZEN_SIGHASH_TXHASH;
	return w;
}

struct zen_witness *tv_add_contract_witness(struct zen_tx *tx, uint64_t cost)
{
	struct zen_witness *w = tv_add_witness(tx, ZEN_WITNESS_CONTRACT);

	memset(w->cid.hash, 0xcc, ZEN_HASH_LEN);
	w->command = zen_xstrdup("go");
	w->command_len = 2;
	w->state = ZEN_STATE_NOT_COMMITTED;
	w->cost = cost;
	return w;
}

void tv_sign(struct zen_tx *tx, const int *key_of)
{
	uint8_t msg[ZEN_HASH_LEN];
	size_t n = tx->n_witnesses;

	zen_tx_finalize(tx);
	for (size_t j = n; j-- > 0;) {
		struct zen_witness *w = &tx->witnesses[j];
		const struct tv_key *k = &tv_keys[key_of[j]];

		if (w->id != ZEN_WITNESS_PK)
			continue;
		memcpy(w->pubkey, k->pub, ZEN_PUBKEY_LEN);
		if (zen_sighash_message(msg, tx->tx_hash, w->sighash,
					w + j + 1, n - j - 1, NULL))
			memcpy(msg, tx->tx_hash, ZEN_HASH_LEN);
		if (zen_ecdsa_sign(w->signature, msg, k->sec, NULL))
			tap_ok(0, "signing witness %zu", j);
	}
	zen_tx_finalize(tx);
}

/* ---- checks ---- */

static void expect_basic(const struct zen_tx *tx, const char *want,
			 const char *name)
{
	struct zen_err e = ZEN_ERR_INIT;
	int r = zen_tx_validate_basic(tx, &e);

	if (!want) {
		if (!tap_ok(r == 0, "basic: %s passes", name))
			tap_diag("refused: %s", e.msg);
		return;
	}
	tap_ok(r == ZEN_EREFUSED, "basic: %s refused", name);
	tap_str(e.msg, want, "basic: %s text", name);
}

static void expect_coinbase(const struct zen_tx *tx, uint32_t bn,
			    const char *want, const char *name)
{
	struct zen_err e = ZEN_ERR_INIT;
	int r = zen_coinbase_validate_basic(tx, bn, &e);

	if (!want) {
		if (!tap_ok(r == 0, "coinbase: %s passes", name))
			tap_diag("refused: %s", e.msg);
		return;
	}
	tap_ok(r == ZEN_EREFUSED, "coinbase: %s refused", name);
	tap_str(e.msg, want, "coinbase: %s text", name);
}

static struct zen_chain_params local_params(void)
{
	return *zen_chain_params(ZEN_CHAIN_LOCAL);
}

/*
 * zen_tx_validate_context at block bn; want NULL = valid.  Checks the
 * verdict case too.
 */
static void expect_ctx_at(struct tv_db *db, const struct zen_chain_params *p,
			  uint32_t bn, const struct zen_tx *tx,
			  enum zen_tx_verdict want_v, const char *want,
			  const char *name)
{
	struct zen_tx_context ctx = { p, bn, 1600000000000ull };
	struct zen_output *res = zen_xcalloc(tx->n_inputs + 1, sizeof(*res));
	struct zen_err e = ZEN_ERR_INIT;
	enum zen_tx_verdict v;
	struct zen_utxo_view view;
	int r;

	for (size_t i = 0; i < tx->n_inputs; i++)
		zen_output_init(&res[i]);
	tv_db_view(&view, db);
	r = zen_tx_validate_context(&v, res, &ctx, &view, tx, NULL, &e);
	if (!want) {
		if (!tap_ok(r == 0 && v == ZEN_TX_VALID, "context: %s passes",
			    name))
			tap_diag("refused: %s", e.msg);
	} else {
		tap_ok(r == ZEN_EREFUSED && v == want_v,
		       "context: %s refused (verdict %d)", name, (int)v);
		tap_str(e.msg, want, "context: %s text", name);
	}
	for (size_t i = 0; i < tx->n_inputs; i++)
		zen_output_release(&res[i]);
	free(res);
}

static void expect_ctx(struct tv_db *db, const struct zen_tx *tx,
		       enum zen_tx_verdict want_v, const char *want,
		       const char *name)
{
	struct zen_chain_params p = local_params();

	expect_ctx_at(db, &p, 100, tx, want_v, want, name);
}

/*
 * The base transaction: input (seed 1, 0) of 100 ZP locked to key 0,
 * outputs 60 to key 1 and 40 to key 0, one PK witness (TxHash) of key 0.
 */
static void base_tx(struct zen_tx *tx)
{
	static const int keys[] = { 0 };

	zen_tx_init(tx);
	tv_add_outpoint(tx, 1, 0);
	fx_add_output(tx, ZEN_LOCK_PK, tv_keys[1].pkh, 60);
	fx_add_output(tx, ZEN_LOCK_PK, tv_keys[0].pkh, 40);
	tv_add_witness(tx, ZEN_WITNESS_PK);
	tv_sign(tx, keys);
}

static void base_db(struct tv_db *db)
{
	memset(db, 0, sizeof(*db));
	tv_db_add(db, 1, 0, ZEN_UTXO_UNSPENT, ZEN_LOCK_PK, tv_keys[0].pkh, 100);
}

static void set_asset(struct zen_asset *a, uint32_t version, uint8_t hash,
		      uint8_t sub)
{
	memset(a, 0, sizeof(*a));
	a->cid.version = version;
	memset(a->cid.hash, hash, ZEN_HASH_LEN);
	a->subtype[0] = sub;
}

/* ---- 8.1 ---- */

static void test_basic_structure(void)
{
	struct zen_tx tx;
	struct zen_asset a;

	base_tx(&tx);
	expect_basic(&tx, NULL, "base tx");
	tx.version = 1;
	expect_basic(&tx, G("unsupported transaction version"), "version 1");
	tx.n_inputs = 0;	/* the version is checked first */
	expect_basic(&tx, G("unsupported transaction version"),
		     "version before inputs");
	zen_tx_release(&tx);

	base_tx(&tx);
	tx.n_inputs = 0;
	expect_basic(&tx, G("structurally invalid input(s)"), "no inputs");
	tx.n_inputs = 1;
	set_asset(&a, 0, 0x11, 0);
	tv_add_mint(&tx, &a, 0);
	expect_basic(&tx, G("structurally invalid input(s)"), "zero mint");
	tx.inputs[1].mint.amount = 5;
	set_asset(&tx.inputs[1].mint.asset, 1, 0, 0);
	expect_basic(&tx, G("structurally invalid input(s)"),
		     "mint with zero hash, version 1");
	set_asset(&tx.inputs[1].mint.asset, 0, 0, 7);
	expect_basic(&tx, G("structurally invalid input(s)"),
		     "mint with zero hash, subtype");
	set_asset(&tx.inputs[1].mint.asset, 0, 0x11, 7);
	expect_basic(&tx, NULL, "mint of a contract asset");
	zen_tx_release(&tx);

	base_tx(&tx);
	tx.n_outputs = 0;
	expect_basic(&tx, G("structurally invalid output(s)"), "no outputs");
	tx.n_outputs = 2;
	tx.outputs[1].spend.amount = 0;
	expect_basic(&tx, G("structurally invalid output(s)"), "zero output");
	tx.outputs[1].spend.amount = 40;
	set_asset(&tx.outputs[1].spend.asset, 3, 0, 0);
	expect_basic(&tx, G("structurally invalid output(s)"),
		     "output asset with zero hash, version 3");
	set_asset(&tx.outputs[1].spend.asset, 0, 0, 0);
	tx.outputs[1].lock.id = 9;
	expect_basic(&tx, G("structurally invalid output(s)"),
		     "HighVLock without bytes");
	tx.outputs[1].lock.data = zen_xmemdup("ab", 2);
	tx.outputs[1].lock.len = 2;
	expect_basic(&tx, NULL, "HighVLock 9 with bytes");
	tx.outputs[1].lock.id = 0;
	expect_basic(&tx, G("structurally invalid output(s)"), "HighVLock 0");
	zen_tx_release(&tx);
}

static void test_basic_witnesses(void)
{
	struct zen_tx tx;
	struct zen_witness *w;

	base_tx(&tx);
	tx.n_witnesses = 0;
	expect_basic(&tx, G("structurally invalid witness(es)"),
		     "no witnesses");
	tx.n_witnesses = 1;
	w = tv_add_contract_witness(&tx, 1);
	expect_basic(&tx, NULL, "contract witness begin 0 length 0");
	w->cost = 0;
	expect_basic(&tx, G("structurally invalid witness(es)"),
		     "contract witness cost 0");
	w->cost = 1;
	w->inputs_length = 1;
	expect_basic(&tx, NULL, "contract witness window [0, 0]");
	w->inputs_length = 2;
	expect_basic(&tx, G("structurally invalid witness(es)"),
		     "contract witness end past the inputs");
	w->begin_inputs = 1;
	w->inputs_length = 1;
	expect_basic(&tx, G("structurally invalid witness(es)"),
		     "contract witness begin past the inputs");
	w->inputs_length = 0;
	expect_basic(&tx, NULL, "begin 1 length 0 (end 0)");
	w->begin_inputs = 2;
	expect_basic(&tx, G("structurally invalid witness(es)"),
		     "begin 2 length 0 (end 1)");
	w->begin_inputs = 0xffffffffu;	/* -1 signed */
	w->inputs_length = 1;
	expect_basic(&tx, NULL, "begin -1 length 1 (signed quirk)");
	zen_tx_release(&tx);

	base_tx(&tx);
	w = tv_add_witness(&tx, 0);
	w->data = zen_xmemdup("x", 1);
	w->len = 1;
	expect_basic(&tx, G("structurally invalid witness(es)"),
		     "HighVWitness 0");
	w->id = 5;
	expect_basic(&tx, NULL, "HighVWitness 5 with bytes");
	w->len = 0;
	expect_basic(&tx, G("structurally invalid witness(es)"),
		     "HighVWitness 5 empty");
	zen_tx_release(&tx);
}

static void test_basic_rules(void)
{
	struct zen_tx tx;
	struct zen_asset a;

	base_tx(&tx);
	tx.outputs[1].lock.id = ZEN_LOCK_COINBASE;
	expect_basic(&tx, G("coinbase lock is not allowed within an ordinary transaction"),
		     "coinbase lock");
	tx.outputs[1].lock.id = ZEN_LOCK_PK;
	tx.outputs[0].spend.amount = UINT64_MAX / 2 + 1;
	tx.outputs[1].spend.amount = UINT64_MAX / 2 + 1;
	expect_basic(&tx, G("outputs overflow"), "outputs overflow");
	tx.outputs[1].spend.amount = UINT64_MAX / 2;
	expect_basic(&tx, NULL, "outputs sum to exactly 2^64-1");
	tx.outputs[1].spend.amount = UINT64_MAX;
	set_asset(&tx.outputs[1].spend.asset, 0, 0x22, 0);
	expect_basic(&tx, NULL, "large sums of different assets");
	zen_tx_release(&tx);

	base_tx(&tx);
	tv_add_outpoint(&tx, 1, 1);
	tv_add_outpoint(&tx, 1, 0);
	expect_basic(&tx, G("inputs duplicated"), "same outpoint twice");
	tx.inputs[2].outpoint.index = 2;
	expect_basic(&tx, NULL, "distinct outpoints");
	set_asset(&a, 0, 0x11, 0);
	tv_add_mint(&tx, &a, 5);
	tv_add_mint(&tx, &a, 6);
	expect_basic(&tx, NULL, "mints of different amounts");
	tx.inputs[4].mint.amount = 5;
	expect_basic(&tx, G("inputs duplicated"), "identical mints");
	zen_tx_release(&tx);

	base_tx(&tx);
	tx.inputs[0].kind = ZEN_INPUT_MINT;
	set_asset(&tx.inputs[0].mint.asset, 0, 0x11, 0);
	tx.inputs[0].mint.amount = 3;
	expect_basic(&tx, G("inputs consist of mints only"), "mints only");
	zen_tx_release(&tx);
}

static void set_contract(struct zen_tx *tx)
{
	tx->has_contract = 1;
	tx->contract.version = 0;
	tx->contract.code = zen_xstrdup("code");
	tx->contract.code_len = 4;
	tx->contract.hints = zen_xstrdup("hints");
	tx->contract.hints_len = 5;
	tx->contract.rlimit = 10;
	tx->contract.queries = 2;
}

static void test_basic_contract(void)
{
	struct zen_tx tx;

	base_tx(&tx);
	set_contract(&tx);
	expect_basic(&tx, G("tx with a contract must include an activation sacrifice"),
		     "contract without sacrifice");
	fx_add_output(&tx, ZEN_LOCK_ACTIVATION_SACRIFICE, NULL, 5);
	expect_basic(&tx, NULL, "contract with sacrifice");
	tx.contract.rlimit = 0;
	expect_basic(&tx, G("structurally invalid contract data"), "rlimit 0");
	tx.contract.rlimit = 1;
	tx.contract.queries = 0;
	expect_basic(&tx, G("structurally invalid contract data"), "queries 0");
	tx.contract.queries = 1;
	tx.contract.hints_len = 0;
	expect_basic(&tx, G("structurally invalid contract data"),
		     "empty hints");
	tx.contract.hints_len = 5;
	tx.contract.code_len = 0;
	expect_basic(&tx, G("structurally invalid contract data"),
		     "empty code");
	tx.contract.code_len = 4;
	tx.n_inputs = 0;	/* contract data is checked before inputs */
	tx.contract.version = 2;
	expect_basic(&tx, G("structurally invalid contract data"),
		     "HighV contract without bytes, before inputs");
	tx.n_inputs = 1;
	tx.contract.data = zen_xmemdup("zz", 2);
	tx.contract.len = 2;
	expect_basic(&tx, NULL, "HighV contract with bytes");
	tx.has_contract = 0;
	expect_basic(&tx, G("tx with an activation sacrifice must include a contract"),
		     "sacrifice without contract");
	zen_tx_release(&tx);
}

/* ---- 8.2 ---- */

static void base_coinbase(struct zen_tx *tx, uint32_t bn)
{
	zen_tx_init(tx);
	fx_add_output(tx, ZEN_LOCK_COINBASE, tv_keys[0].pkh, 5000000000ull)
		->lock.block_number = bn;
	zen_tx_finalize(tx);
}

static void test_coinbase_basic(void)
{
	struct zen_tx tx;
	struct zen_output *o;

	base_coinbase(&tx, 5);
	expect_coinbase(&tx, 5, NULL, "plain coinbase");
	tx.version = 9;
	expect_coinbase(&tx, 5, NULL, "version not checked");
	expect_coinbase(&tx, 6, G("within coinbase transaction all outputs must use coinbase or contract lock"),
			"wrong block number");
	o = fx_add_output(&tx, ZEN_LOCK_CONTRACT, NULL, 7);
	memset(o->lock.cid.hash, 0x44, ZEN_HASH_LEN);
	expect_coinbase(&tx, 5, NULL, "coinbase plus contract lock");
	o->lock.id = ZEN_LOCK_PK;
	expect_coinbase(&tx, 5, G("within coinbase transaction all outputs must use coinbase or contract lock"),
			"PK lock");
	o->lock.id = ZEN_LOCK_CONTRACT;
	o->spend.amount = 0;
	expect_coinbase(&tx, 5, G("outputs invalid"), "zero amount");
	o->spend.amount = UINT64_MAX;
	expect_coinbase(&tx, 5, G("outputs overflow"), "overflow");
	o->spend.amount = 7;
	set_contract(&tx);
	expect_coinbase(&tx, 5, G("coinbase transaction cannot activate a contract"),
			"contract");
	tv_add_witness(&tx, ZEN_WITNESS_PK);
	expect_coinbase(&tx, 5, G("coinbase transaction must not have any witnesses"),
			"witness");
	tv_add_outpoint(&tx, 1, 0);
	expect_coinbase(&tx, 5, G("coinbase transaction must not have any inputs"),
			"input");
	o->spend.amount = 0;
	expect_coinbase(&tx, 5, G("outputs invalid"),
			"amounts are checked first");
	tx.n_outputs = 0;
	expect_coinbase(&tx, 5, G("outputs empty"), "no outputs");
	tx.n_outputs = 2;
	zen_tx_release(&tx);
}

/* ---- weight (4.5) ---- */

static uint64_t weight_of(const struct zen_tx *tx, struct tv_db *db,
			  struct zen_err *e)
{
	struct zen_output *res = zen_xcalloc(tx->n_inputs + 1, sizeof(*res));
	struct zen_utxo_view v;
	uint64_t w = 0;

	tv_db_view(&v, db);
	for (size_t i = 0; i < tx->n_inputs; i++) {
		zen_output_init(&res[i]);
		if (tx->inputs[i].kind == ZEN_INPUT_OUTPOINT)
			v.lookup(v.ctx, &tx->inputs[i].outpoint, &res[i]);
	}
	if (zen_tx_weight(&w, tx, res, e))
		w = UINT64_MAX - 1;
	for (size_t i = 0; i < tx->n_inputs; i++)
		zen_output_release(&res[i]);
	free(res);
	return w;
}

static void test_weight_values(void)
{
	struct zen_err e = ZEN_ERR_INIT;
	struct tv_db db;
	struct zen_tx tx;
	struct zen_witness *w;
	struct zen_data *body;

	base_db(&db);
	base_tx(&tx);
	/*
	 * version 4 + inputs (1 + 1 tag + 32 hash + 1 index) 35 + outputs
	 * 1 + 2 x (PK lock 1 + 1 + 32, ZP 1, amount 2) 75 + no contract 1 +
	 * witnesses (1 + id 1 + length 1 + 98) 101 = 216 bytes.
	 */
	tap_u64(zen_tx_size(&tx, ZEN_TX_FULL), 216, "hand-counted size");
	tap_u64(weight_of(&tx, &db, &e), 100 * 216 + 100000,
		"1-in 2-out PK tx weighs 100 x 216 + 100000");

	/* A leftover contract witness: 100 x cost, + 80000 signed. */
	/*
	 * A leftover contract witness: id 1 + length 1 + payload 51 (cid 33,
	 * "go" 3, no body 1, state 1, four varints 4, no signature 1, cost
	 * 8) = 53 bytes; weight 100 x cost more, + 80000 when signed.
	 */
	w = tv_add_contract_witness(&tx, 7);
	tap_u64(zen_witness_size(w), 53, "hand-counted contract witness");
	tap_u64(weight_of(&tx, &db, &e), 100 * (216 + 53) + 100000 + 700,
		"plus an unsigned contract witness of cost 7");
	w->has_cw_signature = 1;
	/* + 97 signature bytes, and the length 148 takes a 2-byte varint */
	tap_u64(zen_witness_size(w), 53 + 98, "signed contract witness size");
	tap_u64(weight_of(&tx, &db, &e),
		100 * (216 + 53 + 98) + 100000 + 700 + 80000,
		"signed contract witness adds 80000");

	/* A body with two List nodes weighs two bytes more (2.14.1). */
	body = zen_xcalloc(1, sizeof(*body));
	zen_data_init(body);
	body->kind = ZEN_DATA_LIST;
	body->u.coll.items = zen_xcalloc(1, sizeof(*body));
	body->u.coll.n = 1;
	zen_data_init(&body->u.coll.items[0]);
	body->u.coll.items[0].kind = ZEN_DATA_LIST;
	w->body = body;
	tap_u64(zen_tx_ref_size(&tx, ZEN_TX_FULL) - zen_tx_size(&tx, ZEN_TX_FULL),
		2, "two List nodes pad two bytes");
	tap_u64(weight_of(&tx, &db, &e),
		100 * (zen_tx_size(&tx, ZEN_TX_FULL) + 2) + 100000 + 700 +
		80000, "weight uses the padded length");

	w->cost = UINT64_MAX;
	tap_u64(weight_of(&tx, &db, &e), UINT64_MAX,
		"100 x cost beyond u64 saturates");
	tap_u64(zen_weight_add(UINT64_MAX - 1, 5), UINT64_MAX,
		"zen_weight_add saturates");
	tap_u64(zen_weight_add(3, 5), 8, "zen_weight_add adds");
	zen_tx_release(&tx);
	tv_db_release(&db);
}

static void expect_weight_error(struct zen_tx *tx, struct tv_db *db,
				const char *want, const char *name)
{
	struct zen_err e = ZEN_ERR_INIT;

	tap_u64(weight_of(tx, db, &e), UINT64_MAX - 1, "weight: %s fails",
		name);
	tap_str(e.msg, want, "weight: %s text", name);
}

static void test_weight_walk(void)
{
	struct zen_err e = ZEN_ERR_INIT;
	struct tv_db db;
	struct zen_tx tx;
	struct zen_witness *w;
	struct zen_asset a;

	base_db(&db);
	tv_db_add(&db, 2, 0, ZEN_UTXO_UNSPENT, ZEN_LOCK_CONTRACT, NULL, 10);
	tv_db_add(&db, 2, 1, ZEN_UTXO_UNSPENT, ZEN_LOCK_CONTRACT, NULL, 10);

	base_tx(&tx);
	tx.n_witnesses = 0;
	expect_weight_error(&tx, &db, G("expecting a public key witness"),
			    "PK input without witness");
	tx.n_witnesses = 1;
	tv_add_witness(&tx, ZEN_WITNESS_PK);
	expect_weight_error(&tx, &db, G("expecting a contract 0 witness"),
			    "leftover PK witness");
	tx.witnesses[0].id = ZEN_WITNESS_CONTRACT;
	expect_weight_error(&tx, &db, G("expecting a public key witness"),
			    "contract witness for a PK input");
	zen_tx_release(&tx);

	/* contract input + PK input: the window skips inputs */
	zen_tx_init(&tx);
	tv_add_outpoint(&tx, 2, 0);
	tv_add_outpoint(&tx, 2, 1);
	tv_add_outpoint(&tx, 1, 0);
	w = tv_add_contract_witness(&tx, 3);
	w->inputs_length = 2;
	tv_add_witness(&tx, ZEN_WITNESS_PK);
	tap_u64(weight_of(&tx, &db, &e),
		100 * zen_tx_size(&tx, ZEN_TX_FULL) + 300 + 100000,
		"contract window of 2 inputs then a PK input");
	w = &tx.witnesses[0];	/* the array moved */
	w->inputs_length = 4;
	expect_weight_error(&tx, &db,
		G("contract witness inputs length exceeds the inputs"),
		"window past the inputs");
	w->inputs_length = 1;
	expect_weight_error(&tx, &db, G("expecting a contract 0 witness"),
			    "second contract input meets a PK witness");
	w->inputs_length = 0;
	tx.n_witnesses = 1;
	tap_u64(weight_of(&tx, &db, &e),
		100 * zen_tx_size(&tx, ZEN_TX_FULL) + 300,
		"witnesses run out at a contract input: done");
	tx.n_witnesses = 2;
	zen_tx_release(&tx);

	/* a mint counts as a contract input whatever its entry says */
	zen_tx_init(&tx);
	set_asset(&a, 0, 0x11, 0);
	tv_add_mint(&tx, &a, 4);
	tv_add_witness(&tx, ZEN_WITNESS_PK);
	expect_weight_error(&tx, &db, G("expecting a contract 0 witness"),
			    "mint with a PK witness");
	zen_tx_release(&tx);
	tv_db_release(&db);
}

/* ---- 8.3 ---- */

static void test_ctx_resolution(void)
{
	struct tv_db db;
	struct zen_tx tx;

	base_db(&db);
	base_tx(&tx);
	expect_ctx(&db, &tx, ZEN_TX_VALID, NULL, "signed base tx");
	db.u[0].state = ZEN_UTXO_SPENT;
	expect_ctx(&db, &tx, ZEN_TX_DOUBLE_SPEND, "DoubleSpend", "spent input");
	db.u[0].state = ZEN_UTXO_UNSPENT;
	tv_add_outpoint(&tx, 9, 0);
	expect_ctx(&db, &tx, ZEN_TX_ORPHAN, "Orphan", "unknown input");
	tv_db_add(&db, 3, 0, ZEN_UTXO_SPENT, ZEN_LOCK_PK, tv_keys[0].pkh, 1);
	tv_add_outpoint(&tx, 3, 0);
	expect_ctx(&db, &tx, ZEN_TX_DOUBLE_SPEND, "DoubleSpend",
		   "spent wins over missing");
	zen_tx_release(&tx);

	base_tx(&tx);
	zen_lock_release(&db.u[0].out.lock);
	db.u[0].out.lock.id = 8;
	db.u[0].out.lock.data = zen_xmemdup("hv", 2);
	db.u[0].out.lock.len = 2;
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("high version inputs are invalid"),
		   "HighVLock input");
	zen_tx_release(&tx);
	tv_db_release(&db);
}

static void test_ctx_weight_limit(void)
{
	struct zen_chain_params p = local_params();
	struct tv_db db;
	struct zen_tx tx;
	struct zen_witness *w;

	base_db(&db);
	base_tx(&tx);
	p.max_block_weight = 121600;
	expect_ctx_at(&db, &p, 100, &tx, ZEN_TX_VALID, NULL,
		      "weight equal to the maximum");
	p.max_block_weight = 121599;
	expect_ctx_at(&db, &p, 100, &tx, ZEN_TX_GENERAL,
		      G("transaction weight exceeds maximum"),
		      "weight one above the maximum");
	tx.witnesses[0].id = ZEN_WITNESS_CONTRACT;
	expect_ctx_at(&db, &p, 100, &tx, ZEN_TX_GENERAL,
		      G("expecting a public key witness"),
		      "walk errors are reported by the weight step");
	tx.witnesses[0].id = ZEN_WITNESS_PK;
	zen_tx_release(&tx);

	/* a leftover CGP witness: a payout tx, exempt (and never run) */
	base_tx(&tx);
	w = tv_add_contract_witness(&tx, UINT64_MAX);
	expect_ctx_at(&db, &p, 100, &tx, ZEN_TX_GENERAL,
		      G("transaction weight exceeds maximum"),
		      "huge leftover contract witness");
	w->cid = p.cgp_contract_id;
	tap_ok(zen_tx_is_cgp_payout(&p, &tx), "CGP witness makes a payout tx");
	expect_ctx_at(&db, &p, 100, &tx, ZEN_TX_VALID, NULL,
		      "payout tx exempt from the weight limit");
	zen_tx_release(&tx);
	tv_db_release(&db);
}

static void test_ctx_amounts(void)
{
	struct tv_db db;
	struct zen_tx tx;
	static const int keys[] = { 0, 0 };

	base_db(&db);
	base_tx(&tx);
	tx.outputs[1].spend.amount = 39;
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("invalid amounts"),
		   "outputs below inputs");
	tx.outputs[1].spend.amount = 40;
	set_asset(&tx.outputs[1].spend.asset, 0, 0x33, 0);
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("invalid amounts"),
		   "another asset");
	zen_tx_release(&tx);

	base_tx(&tx);
	tx.outputs[0].spend.amount = UINT64_MAX;
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("outputs overflow"),
		   "outputs overflow");
	zen_tx_release(&tx);

	tv_db_add(&db, 4, 0, ZEN_UTXO_UNSPENT, ZEN_LOCK_PK, tv_keys[0].pkh,
		  UINT64_MAX);
	zen_tx_init(&tx);
	tv_add_outpoint(&tx, 1, 0);
	tv_add_outpoint(&tx, 4, 0);
	fx_add_output(&tx, ZEN_LOCK_PK, tv_keys[0].pkh, 5);
	tv_add_witness(&tx, ZEN_WITNESS_PK);
	tv_add_witness(&tx, ZEN_WITNESS_PK);
	tv_sign(&tx, keys);
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("inputs overflow"),
		   "inputs overflow");
	tx.outputs[0].spend.amount = UINT64_MAX;
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("inputs overflow"),
		   "inputs overflow with a fitting output");
	zen_tx_release(&tx);
	tv_db_release(&db);
}

/* s -> n - s, the high-S twin of a signature. */
static void negate_s(uint8_t sig[ZEN_SIGNATURE_LEN])
{
	static const uint8_t n[32] = {
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
		0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b,
		0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41,
	};
	int borrow = 0;

	for (int i = 31; i >= 0; i--) {
		int d = n[i] - sig[32 + i] - borrow;

		borrow = d < 0;
		sig[32 + i] = (uint8_t)(d + (borrow ? 256 : 0));
	}
}

static void test_ctx_pk_witness(void)
{
	struct tv_db db;
	struct zen_tx tx;
	static const int key1[] = { 1 };
	uint8_t saved[ZEN_SIGNATURE_LEN];

	base_db(&db);
	zen_tx_init(&tx);
	tv_add_outpoint(&tx, 1, 0);
	fx_add_output(&tx, ZEN_LOCK_PK, tv_keys[1].pkh, 100);
	tv_add_witness(&tx, ZEN_WITNESS_PK);
	tv_sign(&tx, key1);
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("PK witness mismatch"),
		   "signed by another key");
	zen_tx_release(&tx);

	base_tx(&tx);
	tx.witnesses[0].sighash = 0x02;
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("Unknown sighash"),
		   "sighash 0x02");
	tx.witnesses[0].sighash = ZEN_SIGHASH_FOLLOWING;
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("invalid PK witness signature"),
		   "TxHash signature marked FollowingWitnesses");
	tx.witnesses[0].sighash = ZEN_SIGHASH_TXHASH;
	memcpy(saved, tx.witnesses[0].signature, sizeof(saved));
	tx.witnesses[0].signature[5] ^= 1;
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("invalid PK witness signature"),
		   "corrupted signature");
	memcpy(tx.witnesses[0].signature, saved, sizeof(saved));
	negate_s(tx.witnesses[0].signature);
	tap_ok(zen_signature_valid(tx.witnesses[0].signature),
	       "high-S twin parses");
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("invalid PK witness signature"),
		   "high-S signature");
	negate_s(tx.witnesses[0].signature);
	tap_ok(!memcmp(saved, tx.witnesses[0].signature, sizeof(saved)),
	       "negating twice restores the signature");
	expect_ctx(&db, &tx, ZEN_TX_VALID, NULL, "restored signature");
	tx.tx_hash[0] ^= 1;
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("invalid PK witness signature"),
		   "signature over another tx hash");
	zen_tx_release(&tx);
	tv_db_release(&db);
}

/* Two PK inputs (keys 0 and 1) + a leftover contract witness with a List
 * body; witness 0 signs FollowingWitnesses. */
static void following_tx(struct zen_tx *tx)
{
	static const int keys[] = { 0, 1, 0 };
	struct zen_witness *w;
	struct zen_data *body;

	zen_tx_init(tx);
	tv_add_outpoint(tx, 1, 0);
	tv_add_outpoint(tx, 5, 0);
	fx_add_output(tx, ZEN_LOCK_PK, tv_keys[1].pkh, 150);
	tv_add_witness(tx, ZEN_WITNESS_PK)->sighash = ZEN_SIGHASH_FOLLOWING;
	tv_add_witness(tx, ZEN_WITNESS_PK);
	w = tv_add_contract_witness(tx, 9);
	body = zen_xcalloc(1, sizeof(*body));
	zen_data_init(body);
	body->kind = ZEN_DATA_LIST;
	w->body = body;
	tv_sign(tx, keys);
}

static void test_ctx_following(void)
{
	struct tv_db db;
	struct zen_tx tx;
	uint8_t msg[ZEN_HASH_LEN];

	base_db(&db);
	tv_db_add(&db, 5, 0, ZEN_UTXO_UNSPENT, ZEN_LOCK_PK, tv_keys[1].pkh, 50);
	following_tx(&tx);
	expect_ctx(&db, &tx, ZEN_TX_VALID, NULL,
		   "FollowingWitnesses over [PK, contract with List body]");
	tx.witnesses[1].sighash = ZEN_SIGHASH_FOLLOWING;
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("invalid PK witness signature"),
		   "sighash of a following witness changed");
	tx.witnesses[1].sighash = ZEN_SIGHASH_TXHASH;
	tx.witnesses[2].cost = 10;
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("invalid PK witness signature"),
		   "following contract witness changed");
	tx.witnesses[2].cost = 9;
	zen_data_release(tx.witnesses[2].body);
	free(tx.witnesses[2].body);
	tx.witnesses[2].body = NULL;
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("invalid PK witness signature"),
		   "List padding is part of the following list");
	zen_tx_release(&tx);

	/* the last witness signs an empty following list: H(tx || H(00)) */
	following_tx(&tx);
	tx.witnesses[1].sighash = ZEN_SIGHASH_FOLLOWING;
	tx.n_witnesses = 2;	/* the contract witness stays owned, unused */
	{
		static const int keys[] = { 0, 1 };

		tv_sign(&tx, keys);
	}
	tx.n_witnesses = 3;
	tap_ok(!zen_sighash_message(msg, tx.tx_hash, ZEN_SIGHASH_FOLLOWING,
				    NULL, 0, NULL), "empty following list");
	tap_ok(zen_ecdsa_verify(tx.witnesses[1].signature, msg,
				tv_keys[1].pub), "signed over H(tx || H(00))");
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("invalid PK witness signature"),
		   "signed without the contract witness that follows");
	zen_tx_release(&tx);
	tv_db_release(&db);
}

static void coinbase_spend(struct zen_tx *tx)
{
	static const int keys[] = { 0 };

	zen_tx_init(tx);
	tv_add_outpoint(tx, 6, 0);
	fx_add_output(tx, ZEN_LOCK_PK, tv_keys[1].pkh, 70);
	tv_add_witness(tx, ZEN_WITNESS_PK);
	tv_sign(tx, keys);
}

static void test_ctx_maturity(void)
{
	struct zen_chain_params p = local_params();
	struct tv_db db = { NULL, 0 };
	struct zen_tx tx;

	tap_u64(p.coinbase_maturity, 10, "local coinbase maturity");
	tv_db_add(&db, 6, 0, ZEN_UTXO_UNSPENT, ZEN_LOCK_COINBASE,
		  tv_keys[0].pkh, 70);
	db.u[0].out.lock.block_number = 90;
	coinbase_spend(&tx);
	expect_ctx_at(&db, &p, 99, &tx, ZEN_TX_GENERAL,
		      G("Coinbase not mature enough"), "B - bn = maturity - 1");
	expect_ctx_at(&db, &p, 100, &tx, ZEN_TX_VALID, NULL,
		      "B - bn = maturity");
	expect_ctx_at(&db, &p, 89, &tx, ZEN_TX_GENERAL,
		      G("Coinbase not mature enough"), "B before bn");
	db.u[0].out.lock.pk_hash[0] ^= 1;
	expect_ctx_at(&db, &p, 100, &tx, ZEN_TX_GENERAL,
		      G("PK witness mismatch"), "coinbase of another key");
	expect_ctx_at(&db, &p, 99, &tx, ZEN_TX_GENERAL,
		      G("Coinbase not mature enough"),
		      "maturity is checked before the key");
	zen_tx_release(&tx);
	tv_db_release(&db);
}

static void test_ctx_unspendable(void)
{
	static const uint32_t locks[] = {
		ZEN_LOCK_FEE, ZEN_LOCK_ACTIVATION_SACRIFICE,
		ZEN_LOCK_EXTENSION_SACRIFICE, ZEN_LOCK_DESTROY,
	};
	struct tv_db db;
	struct zen_tx tx;

	base_db(&db);
	base_tx(&tx);
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(locks); i++) {
		db.u[0].out.lock.id = locks[i];
		expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("input is not spendable"),
			   locks[i] == ZEN_LOCK_FEE ? "Fee input" :
			   locks[i] == ZEN_LOCK_DESTROY ? "Destroy input" :
			   "sacrifice input");
	}
	zen_tx_release(&tx);
	tv_db_release(&db);
}

static void test_ctx_contracts(void)
{
	struct tv_db db;
	struct zen_tx tx;
	struct zen_witness *w;
	struct zen_asset a;
	static const int keys[] = { 0, 0 };

	base_db(&db);
	tv_db_add(&db, 2, 0, ZEN_UTXO_UNSPENT, ZEN_LOCK_CONTRACT, NULL, 10);

	/* PK input, then a contract input */
	zen_tx_init(&tx);
	tv_add_outpoint(&tx, 1, 0);
	tv_add_outpoint(&tx, 2, 0);
	fx_add_output(&tx, ZEN_LOCK_PK, tv_keys[0].pkh, 110);
	tv_add_witness(&tx, ZEN_WITNESS_PK);
	tv_sign(&tx, keys);
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("expecting a contract 0 witness"),
		   "contract input without a witness");
	w = tv_add_contract_witness(&tx, 5);
	w->begin_inputs = 1;
	w->inputs_length = 1;
	tv_sign(&tx, keys);
	expect_ctx(&db, &tx, ZEN_TX_GENERAL,
		   G("contracts are not supported yet: contract execution"),
		   "contract input reached");
	tx.witnesses[1].has_cw_signature = 1;
	memcpy(tx.witnesses[1].cw_pubkey, tv_keys[0].pub, ZEN_PUBKEY_LEN);
	memset(tx.witnesses[1].cw_signature, 1, ZEN_SIGNATURE_LEN);
	tv_sign(&tx, keys);
	expect_ctx(&db, &tx, ZEN_TX_GENERAL,
		   G("invalid contract witness signature"),
		   "signed contract witness, bad signature");
	tap_ok(!zen_wallet_sign_contract_witness(&tx, tv_keys[0].sec, NULL),
	       "sign the contract witness");
	tv_sign(&tx, keys);
	expect_ctx(&db, &tx, ZEN_TX_GENERAL,
		   G("contracts are not supported yet: contract execution"),
		   "signed contract witness, good signature");
	/* the digest of hashes.json#contract-witness-signature-message */
	{
		json_t *v = tap_vector("hashes.json",
				       "contract-witness-signature-message");
		json_t *in = tap_jget(v, "input");
		uint8_t digest[ZEN_HASH_LEN], cid[36];
		struct zen_witness *cw = &tx.witnesses[1];

		if (zen_hex_decode_fixed(tx.tx_hash, ZEN_HASH_LEN,
					 tap_jstr(in, "txHash"), NULL) ||
		    zen_hex_decode_fixed(cid, sizeof(cid),
					 tap_jstr(in, "contractId"), NULL) ||
		    zen_hex_decode_fixed(digest, sizeof(digest),
					 tap_jstr(tap_jget(v, "expected"),
						  "signedDigest"), NULL))
			tap_ok(0, "contract signature vector");
		memcpy(cw->cid.hash, cid + 4, ZEN_HASH_LEN);
		free(cw->command);
		cw->command = zen_xstrdup("hello");
		cw->command_len = 5;
		if (zen_ecdsa_sign(cw->cw_signature, digest, tv_keys[0].sec,
				   NULL) ||
		    zen_ecdsa_sign(tx.witnesses[0].signature, tx.tx_hash,
				   tv_keys[0].sec, NULL))
			tap_ok(0, "sign the vector digest");
		expect_ctx(&db, &tx, ZEN_TX_GENERAL,
			   G("contracts are not supported yet: contract execution"),
			   "contract signature over the vector's digest");
		cw->command[0] = 'j';
		expect_ctx(&db, &tx, ZEN_TX_GENERAL,
			   G("invalid contract witness signature"),
			   "the digest covers the command");
		tv_sign(&tx, keys);
	}
	db.u[1].out.lock.cid.version = 1;
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("contract version not supported"),
		   "contract version 1");
	db.u[1].out.lock.cid.version = 0;
	zen_tx_release(&tx);

	/* a mint */
	zen_tx_init(&tx);
	tv_add_outpoint(&tx, 1, 0);
	set_asset(&a, 0, 0x11, 0);
	tv_add_mint(&tx, &a, 4);
	fx_add_output(&tx, ZEN_LOCK_PK, tv_keys[0].pkh, 100);
	fx_add_output(&tx, ZEN_LOCK_PK, tv_keys[0].pkh, 4)->spend.asset = a;
	tv_add_witness(&tx, ZEN_WITNESS_PK);
	w = tv_add_contract_witness(&tx, 5);
	w->cid = a.cid;
	w->begin_inputs = 1;
	w->inputs_length = 1;
	tv_sign(&tx, keys);
	expect_ctx(&db, &tx, ZEN_TX_GENERAL,
		   G("contracts are not supported yet: contract execution"),
		   "mint reached");
	tx.inputs[1].mint.asset.cid.version = 3;
	tx.outputs[1].spend.asset.cid.version = 3;
	tv_sign(&tx, keys);
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("contract version not supported"),
		   "mint of a version 3 contract");
	zen_tx_release(&tx);
	tv_db_release(&db);
}

static void test_ctx_activation(void)
{
	struct tv_db db;
	struct zen_tx tx;
	static const int keys[] = { 0, 0 };
	struct zen_output *o;
	struct zen_asset a;

	base_db(&db);
	base_tx(&tx);
	tv_add_contract_witness(&tx, 5);
	tv_sign(&tx, keys);
	expect_ctx(&db, &tx, ZEN_TX_VALID, NULL,
		   "leftover contract witness is not executed");
	zen_tx_release(&tx);

	base_tx(&tx);
	set_contract(&tx);
	tx.outputs[1].lock.id = ZEN_LOCK_ACTIVATION_SACRIFICE;
	tv_sign(&tx, keys);
	expect_basic(&tx, NULL, "activation tx");
	expect_ctx(&db, &tx, ZEN_TX_GENERAL,
		   G("contracts are not supported yet: contract activation"),
		   "activation");
	tx.contract.version = 1;
	tx.contract.data = zen_xmemdup("q", 1);
	tx.contract.len = 1;
	tv_sign(&tx, keys);
	expect_ctx(&db, &tx, ZEN_TX_GENERAL,
		   G("High version contracts not supported"),
		   "HighV activation");
	zen_tx_release(&tx);

	base_tx(&tx);
	o = &tx.outputs[1];
	o->lock.id = ZEN_LOCK_EXTENSION_SACRIFICE;
	memset(o->lock.cid.hash, 0x55, ZEN_HASH_LEN);
	tv_sign(&tx, keys);
	expect_ctx(&db, &tx, ZEN_TX_GENERAL,
		   G("contracts are not supported yet: contract extension"),
		   "extension");
	zen_tx_release(&tx);

	/* a non-ZP extension sacrifice, paid from a PK output */
	set_asset(&a, 0, 0x66, 0);
	tv_db_add(&db, 8, 0, ZEN_UTXO_UNSPENT, ZEN_LOCK_PK, tv_keys[0].pkh, 8);
	db.u[1].out.spend.asset = a;
	base_tx(&tx);
	tv_add_outpoint(&tx, 8, 0);
	o = fx_add_output(&tx, ZEN_LOCK_EXTENSION_SACRIFICE, NULL, 8);
	o->spend.asset = a;
	fx_add_output(&tx, ZEN_LOCK_EXTENSION_SACRIFICE, NULL, 1);
	tx.outputs[0].spend.amount = 59;
	tv_add_witness(&tx, ZEN_WITNESS_PK);
	tv_sign(&tx, keys);
	expect_ctx(&db, &tx, ZEN_TX_GENERAL, G("Sacrifice must be paid in Zen"),
		   "extension sacrifice in another asset");
	zen_tx_release(&tx);

	/* a mint reached by the walk comes before step 6 */
	base_tx(&tx);
	tv_add_mint(&tx, &a, 8);
	o = fx_add_output(&tx, ZEN_LOCK_EXTENSION_SACRIFICE, NULL, 8);
	o->spend.asset = a;
	tv_add_contract_witness(&tx, 5)->cid = a.cid;
	tx.witnesses[1].begin_inputs = 1;
	tx.witnesses[1].inputs_length = 1;
	tv_sign(&tx, keys);
	expect_ctx(&db, &tx, ZEN_TX_GENERAL,
		   G("contracts are not supported yet: contract execution"),
		   "the walk comes before the extension check");
	zen_tx_release(&tx);
	tv_db_release(&db);
}

static void test_ctx_batch(void)
{
	struct zen_chain_params p = local_params();
	struct zen_tx_context ctx = { &p, 100, 0 };
	struct zen_err e = ZEN_ERR_INIT;
	struct zen_output res[2];
	struct zen_utxo_view view;
	struct zen_sig_batch b;
	enum zen_tx_verdict v;
	struct tv_db db;
	struct zen_tx tx;
	size_t bad = 99;
	int r;

	base_db(&db);
	tv_db_view(&view, &db);
	zen_sig_batch_init(&b);
	zen_output_init(&res[0]);
	zen_output_init(&res[1]);
	base_tx(&tx);
	b.tx_index = 4;
	r = zen_tx_validate_context(&v, res, &ctx, &view, &tx, &b, &e);
	tap_ok(r == 0 && b.n == 1 && b.checks[0].tx_index == 4,
	       "batch: signature deferred with its tx index");
	tap_ok(!memcmp(b.checks[0].msg, tx.tx_hash, ZEN_HASH_LEN) &&
	       !memcmp(b.checks[0].pubkey, tv_keys[0].pub, ZEN_PUBKEY_LEN),
	       "batch: check holds message and key");
	tap_ok(res[0].lock.id == ZEN_LOCK_PK && res[0].spend.amount == 100,
	       "resolved output returned");
	tap_ok(zen_sig_batch_verify(&b, 1, &bad), "batch: verifies");

	tx.witnesses[0].signature[3] ^= 1;
	b.tx_index = 5;
	r = zen_tx_validate_context(&v, res, &ctx, &view, &tx, &b, &e);
	tap_ok(r == 0 && b.n == 2, "batch: bad signature deferred");
	tap_ok(!zen_sig_batch_verify(&b, 2, &bad) && bad == 1 &&
	       b.checks[bad].tx_index == 5, "batch: bad check found");

	/* bad signature on input 0, then a mismatch on input 1 */
	tv_db_add(&db, 7, 0, ZEN_UTXO_UNSPENT, ZEN_LOCK_PK, tv_keys[1].pkh, 1);
	tv_add_outpoint(&tx, 7, 0);
	tx.outputs[1].spend.amount = 41;
	tv_add_witness(&tx, ZEN_WITNESS_PK);
	memcpy(tx.witnesses[1].pubkey, tv_keys[0].pub, ZEN_PUBKEY_LEN);
	tv_db_view(&view, &db);
	r = zen_tx_validate_context(&v, res, &ctx, &view, &tx, &b, &e);
	tap_ok(r == ZEN_EREFUSED && b.n == 2,
	       "batch: refusal leaves the batch as it was");
	tap_str(e.msg, G("invalid PK witness signature"),
		"batch: the earlier bad signature wins");
	zen_tx_release(&tx);
	zen_output_release(&res[0]);
	zen_output_release(&res[1]);
	zen_sig_batch_release(&b);
	zen_sig_batch_release(&b);
	tap_ok(b.n == 0 && !b.checks, "batch: release twice");
	tv_db_release(&db);
}

int main(void)
{
	tv_keys_init();
	tap_hex(tv_keys[0].pkh, 4, "30759b07", "root key 0 owns the genesis output");
	test_basic_structure();
	test_basic_witnesses();
	test_basic_rules();
	test_basic_contract();
	test_coinbase_basic();
	test_weight_values();
	test_weight_walk();
	test_ctx_resolution();
	test_ctx_weight_limit();
	test_ctx_amounts();
	test_ctx_pk_witness();
	test_ctx_following();
	test_ctx_maturity();
	test_ctx_unspendable();
	test_ctx_contracts();
	test_ctx_activation();
	test_ctx_batch();
	test_validate_blocks();
	test_coinbase_amounts();
	test_sig_batch();
	return tap_done();
}
