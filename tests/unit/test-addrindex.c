/*
 * test-addrindex.c - the address index core (issue 17, addrindex.h) on a
 * local chain whose blocks are built here: every read (balance now and
 * at a block, outputs, unspent outputs, history pages and ranges, the
 * count, the status) against a model worked out in this file from the
 * main chain's blocks alone, never from the index; a reorganisation that
 * leaves the addr databases byte for byte as a store that only saw the
 * winning branch; the build of an existing chain in small batches,
 * cancelled, interrupted by a restart and by a block connecting behind
 * the mark; and the reset and the switch off that drop it.
 *
 * Keys: A (m/44'/258'/0'/0/0, the test mnemonic's first key, owns the
 * genesis output and every coinbase), B, C, D (its next keys) and E,
 * which never appears on the chain.  Transactions pay no fee (the
 * template's coinbase is kept as it is).
 *
 *   block 2  t1  A's genesis 1000 -> B 300, A 700         (send, change)
 *   block 3  t2  A 700 -> C 50, C 60, C 70, A 520         (several to C)
 *            t3  B 300 -> C 100, B 200                    (B -> C, change)
 *   block 4  t4  C 50 + C 100 -> B 30, D 120              (two addresses)
 *            t5  B 200 + C 60 -> D 260                    (two spenders)
 *   block 5  t6  A 520 -> A 490, B 20, the CGP contract 10
 *   block 6  (empty)
 *   branch from 3: 4' t7 C 70 -> A 70, then 5' 6' 7' empty: heavier.
 *
 * Executions: on another chain, the local chain's voting contract run
 * by A in block 91 (a nomination) and twice in block 96 (a payout and an
 * allocation vote), against the chain's own contract witnesses.  Mints
 * are left to t1100-addressdb (they need an activated contract): here
 * only that an asset never minted answers "No data".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chain-fixture.h"
#include "core/cgp/vote.h"
#include "core/chain/addr-int.h"
#include "core/encoding/hex.h"
#include "core/types/data.h"
#include "tap.h"

#define ZP(n) ((uint64_t)(n) * 100000000ULL)

enum { KA, KB, KC, KD, KE, N_KEYS, CGP = N_KEYS };

static const struct zen_chain_params *P;
static uint8_t sec[N_KEYS][ZEN_SECKEY_LEN], pkh[N_KEYS][ZEN_HASH_LEN];
static struct zen_address addr[N_KEYS + 1];	/* and the CGP contract's */

static void keys(void)
{
	for (int i = 0; i < N_KEYS; i++) {
		fx_key((uint32_t)i, sec[i], pkh[i]);
		memset(&addr[i], 0, sizeof(addr[i]));
		memcpy(addr[i].pk_hash, pkh[i], ZEN_HASH_LEN);
	}
	memset(&addr[CGP], 0, sizeof(addr[CGP]));
	addr[CGP].is_contract = 1;
	addr[CGP].cid = P->cgp_contract_id;
}

/* ---- stores ---- */

static struct zen_addr_status status(struct zen_chainstate *c)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_chain_read *r;
	struct zen_addr_status st;

	if (zen_chain_read_begin(c, &r, &err) ||
	    zen_chain_read_addr_status(r, &st, &err))
		fx_die("status", &err);
	zen_chain_read_end(r);
	return st;
}

/* Build until caught up, max blocks a call. */
static void build_all(struct zen_chainstate *c, uint32_t max)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_addr_status st;

	do {
		if (zen_chain_addr_build(c, max, NULL, &st, &err))
			fx_die("build", &err);
	} while (!st.synced);
}

/* ---- blocks ---- */

/* The next block (coinbase to A) with txs[0..n) copied in, mined,
 * encoded into raw. */
static void block_with(struct zen_chainstate *c, struct zen_buf *raw,
		       const struct zen_tx *txs, size_t n)
{
	struct zen_block b;

	fx_block_with(c, &b, pkh[KA], txs, n);
	zen_buf_reset(raw);
	zen_block_encode(raw, &b);
	zen_block_release(&b);
}

/* Submit raw: its outcome (ZEN_BLOCK_ON_MAIN when it became the tip). */
static int submit(struct zen_chainstate *c, const struct zen_buf *raw)
{
	struct zen_block_result res;
	struct zen_err err = ZEN_ERR_INIT;

	if (zen_chain_submit_block(c, &res, raw->data, raw->len, &err))
		fx_die("submit", &err);
	return (int)res.outcome;
}

static void mine(struct zen_chainstate *c, const struct zen_tx *txs, size_t n)
{
	fx_mine(c, pkh[KA], txs, n);
}

/* Main-chain blocks first..last of from, submitted to to. */
static void copy_blocks(struct zen_chainstate *from, struct zen_chainstate *to,
			uint32_t first, uint32_t last)
{
	struct zen_buf raw = ZEN_BUF_INIT;

	for (uint32_t n = first; n <= last; n++) {
		struct zen_chain_read *r;
		struct zen_block_info info;

		zen_buf_reset(&raw);
		if (zen_chain_read_begin(from, &r, NULL) ||
		    zen_chain_read_main(r, &info, n, NULL) ||
		    zen_chain_read_block(r, &raw, NULL, info.hash, NULL))
			fx_die("read block", NULL);
		zen_chain_read_end(r);
		if (submit(to, &raw) != ZEN_BLOCK_ON_MAIN)
			fx_die("copy a block", NULL);
	}
	zen_buf_release(&raw);
}

/* ---- transactions ---- */

struct in_spec {
	const uint8_t *tx;
	uint32_t index;
	int key;
};

struct out_spec {
	int key;
	uint64_t amount;
};

static void make_tx(struct zen_tx *tx, const struct in_spec *in, size_t n_in,
		    const struct out_spec *out, size_t n_out)
{
	struct fx_coin *coins = zen_xcalloc(n_in, sizeof(*coins));

	zen_tx_init(tx);
	for (size_t i = 0; i < n_in; i++)
		coins[i] = (struct fx_coin){ in[i].tx, in[i].index,
					     sec[in[i].key] };
	for (size_t i = 0; i < n_out; i++) {
		if (out[i].key == CGP)
			fx_add_output(tx, ZEN_LOCK_CONTRACT, NULL,
				      out[i].amount)->lock.cid =
				P->cgp_contract_id;
		else
			fx_add_output(tx, ZEN_LOCK_PK, pkh[out[i].key],
				      out[i].amount);
	}
	fx_sign_inputs(tx, coins, n_in, ZEN_SIGHASH_TXHASH);
	free(coins);
}

/* The transactions of the header comment, kept for their hashes. */
static struct zen_tx t1, t2, t3, t4, t5, t6, t7;

/* Blocks 2 and 3 (the common trunk). */
static void trunk(struct zen_chainstate *c)
{
	struct zen_err err = ZEN_ERR_INIT;
	uint8_t g[ZEN_HASH_LEN];
	struct zen_tx both[2];

	if (zen_hex_decode_fixed(g, ZEN_HASH_LEN, FX_GENESIS_TX, &err))
		fx_die("genesis", &err);
	make_tx(&t1, (struct in_spec[]){ { g, 0, KA } }, 1,
		(struct out_spec[]){ { KB, ZP(300) }, { KA, ZP(700) } }, 2);
	mine(c, &t1, 1);
	make_tx(&t2, (struct in_spec[]){ { t1.tx_hash, 1, KA } }, 1,
		(struct out_spec[]){ { KC, ZP(50) }, { KC, ZP(60) },
				     { KC, ZP(70) }, { KA, ZP(520) } }, 4);
	make_tx(&t3, (struct in_spec[]){ { t1.tx_hash, 0, KB } }, 1,
		(struct out_spec[]){ { KC, ZP(100) }, { KB, ZP(200) } }, 2);
	both[0] = t2;
	both[1] = t3;
	mine(c, both, 2);
}

/* Blocks 4, 5 and 6 (the branch that loses). */
static void branch_lost(struct zen_chainstate *c)
{
	struct zen_tx both[2];

	make_tx(&t4, (struct in_spec[]){ { t2.tx_hash, 0, KC },
					 { t3.tx_hash, 0, KC } }, 2,
		(struct out_spec[]){ { KB, ZP(30) }, { KD, ZP(120) } }, 2);
	make_tx(&t5, (struct in_spec[]){ { t3.tx_hash, 1, KB },
					 { t2.tx_hash, 1, KC } }, 2,
		(struct out_spec[]){ { KD, ZP(260) } }, 1);
	both[0] = t4;
	both[1] = t5;
	mine(c, both, 2);
	make_tx(&t6, (struct in_spec[]){ { t2.tx_hash, 3, KA } }, 1,
		(struct out_spec[]){ { KA, ZP(490) }, { KB, ZP(20) },
				     { CGP, ZP(10) } }, 3);
	mine(c, &t6, 1);
	mine(c, NULL, 0);
}

/* ---- the model: worked out from the main chain's blocks ---- */

struct mout {
	struct zen_outpoint op;
	const struct zen_output *o;
	uint32_t block;
	uint32_t spent_at;		/* 0: unspent */
};

struct model {
	uint32_t tip;
	struct zen_block *b;		/* b[1 .. tip] */
	struct mout *o;
	size_t n, cap;
};

static struct mout *model_find(struct model *m, const struct zen_outpoint *op)
{
	for (size_t i = 0; i < m->n; i++)
		if (!memcmp(m->o[i].op.tx_hash, op->tx_hash, ZEN_HASH_LEN) &&
		    m->o[i].op.index == op->index)
			return &m->o[i];
	return NULL;
}

/* Tx i of block n: the outputs it spends (genesis and coinbases spend
 * nothing) and those it creates. */
static void model_tx(struct model *m, uint32_t n, size_t i)
{
	const struct zen_tx *tx = &m->b[n].txs[i];

	for (size_t j = 0; n > 1 && i > 0 && j < tx->n_inputs; j++) {
		struct mout *s;

		if (tx->inputs[j].kind != ZEN_INPUT_OUTPOINT)
			continue;
		if (!(s = model_find(m, &tx->inputs[j].outpoint)))
			fx_die("model: input of nothing", NULL);
		s->spent_at = n;
	}
	for (size_t j = 0; j < tx->n_outputs; j++) {
		struct mout *o;

		ZEN_GROW(m->o, m->n + 1, m->cap);
		o = &m->o[m->n++];
		memcpy(o->op.tx_hash, tx->tx_hash, ZEN_HASH_LEN);
		o->op.index = (uint32_t)j;
		o->o = &tx->outputs[j];
		o->block = n;
		o->spent_at = 0;
	}
}

static void model_load(struct model *m, struct zen_chainstate *c)
{
	struct zen_buf raw = ZEN_BUF_INIT;
	struct zen_chain_read *r;

	memset(m, 0, sizeof(*m));
	m->tip = fx_tip_number(c);
	m->b = zen_xcalloc(m->tip + 1, sizeof(*m->b));
	if (zen_chain_read_begin(c, &r, NULL))
		fx_die("read", NULL);
	for (uint32_t n = 1; n <= m->tip; n++) {
		struct zen_block_info info;

		zen_buf_reset(&raw);
		zen_block_init(&m->b[n]);
		if (zen_chain_read_main(r, &info, n, NULL) ||
		    zen_chain_read_block(r, &raw, NULL, info.hash, NULL) ||
		    zen_block_decode(&m->b[n], raw.data, raw.len, NULL, NULL))
			fx_die("model block", NULL);
	}
	zen_chain_read_end(r);
	zen_buf_release(&raw);
	for (uint32_t n = 1; n <= m->tip; n++)
		for (size_t i = 0; i < m->b[n].n_txs; i++)
			model_tx(m, n, i);
}

static void model_release(struct model *m)
{
	for (uint32_t n = 1; n <= m->tip; n++)
		zen_block_release(&m->b[n]);
	free(m->b);
	free(m->o);
}

/* Does lock pay a? (PK and Coinbase: its key; Contract: its id.) */
static int pays(const struct zen_lock *l, const struct zen_address *a)
{
	if (l->id == ZEN_LOCK_CONTRACT)
		return a->is_contract && a->cid.version == l->cid.version &&
		       !memcmp(a->cid.hash, l->cid.hash, ZEN_HASH_LEN);
	if (l->id == ZEN_LOCK_PK || l->id == ZEN_LOCK_COINBASE)
		return !a->is_contract &&
		       !memcmp(a->pk_hash, l->pk_hash, ZEN_HASH_LEN);
	return 0;
}

static int pays_any(const struct zen_lock *l, const struct zen_address *s,
		    size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (pays(l, &s[i]))
			return 1;
	return 0;
}

/* ---- balances ---- */

static int bal_cmp(const void *a, const void *b)
{
	return zen_asset_cmp(&((const struct zen_addr_balance *)a)->asset,
			     &((const struct zen_addr_balance *)b)->asset);
}

/* What s held after block at (UINT32_MAX: now), by asset. */
static size_t model_balance(struct model *m, const struct zen_address *s,
			    size_t n_s, uint32_t at,
			    struct zen_addr_balance **out)
{
	struct zen_addr_balance *v = NULL;
	size_t n = 0, cap = 0, kept = 0;

	for (size_t i = 0; i < m->n; i++) {
		const struct mout *o = &m->o[i];
		size_t k;

		if (o->block > at || (o->spent_at && o->spent_at <= at) ||
		    !pays_any(&o->o->lock, s, n_s))
			continue;
		for (k = 0; k < n; k++)
			if (!zen_asset_cmp(&v[k].asset, &o->o->spend.asset))
				break;
		if (k == n) {
			ZEN_GROW(v, n + 1, cap);
			memset(&v[n], 0, sizeof(v[n]));
			v[n++].asset = o->o->spend.asset;
		}
		v[k].amount += o->o->spend.amount;
	}
	for (size_t k = 0; k < n; k++)
		if (at == UINT32_MAX || v[k].amount)
			v[kept++] = v[k];
	if (kept > 1)
		qsort(v, kept, sizeof(*v), bal_cmp);
	*out = v;
	return kept;
}

static int balance_ok(struct zen_chain_read *r, struct model *m,
		      const struct zen_address *s, size_t n_s, uint32_t at)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_addr_balance *got, *want;
	size_t n_got, n_want = model_balance(m, s, n_s, at, &want);
	int ok;

	if (zen_chain_read_addr_balance(r, s, n_s, at == UINT32_MAX ? NULL :
					&at, &got, &n_got, &err))
		fx_die("balance", &err);
	ok = n_got == n_want;
	for (size_t i = 0; ok && i < n_got; i++)
		ok = !zen_asset_cmp(&got[i].asset, &want[i].asset) &&
		     got[i].amount == want[i].amount;
	if (!ok)
		tap_diag("balance at %u of %zu addresses: %zu assets, want %zu "
			 "(first: %llu, want %llu)", at, n_s, n_got, n_want,
			 n_got ? (unsigned long long)got[0].amount : 0ULL,
			 n_want ? (unsigned long long)want[0].amount : 0ULL);
	free(got);
	free(want);
	return ok;
}

/* ---- outputs ---- */

static void put_output(struct zen_buf *b, const struct zen_outpoint *op,
		       const struct zen_output *o)
{
	uint8_t be[4];

	zen_buf_add(b, op->tx_hash, ZEN_HASH_LEN);
	chain_put32(be, op->index);
	zen_buf_add(b, be, 4);
	zen_output_write(b, o);
}

static int out_cb(void *ctx, const struct zen_outpoint *op,
		  const struct zen_output *o)
{
	put_output(ctx, op, o);
	return 0;
}

static int mout_cmp(const void *a, const void *b)
{
	return zen_outpoint_cmp(&((const struct mout *)a)->op,
				&((const struct mout *)b)->op);
}

/* Address by address, each's by outpoint; *count: how many. */
static void model_outputs(struct model *m, const struct zen_address *s,
			  size_t n_s, int unspent_only, struct zen_buf *b,
			  size_t *count)
{
	struct mout *v = zen_xcalloc(m->n ? m->n : 1, sizeof(*v));

	*count = 0;
	for (size_t a = 0; a < n_s; a++) {
		size_t n = 0;

		for (size_t i = 0; i < m->n; i++)
			if (pays(&m->o[i].o->lock, &s[a]) &&
			    !(unspent_only && m->o[i].spent_at))
				v[n++] = m->o[i];
		qsort(v, n, sizeof(*v), mout_cmp);
		for (size_t i = 0; i < n; i++)
			put_output(b, &v[i].op, v[i].o);
		*count += n;
	}
	free(v);
}

static int outputs_ok(struct zen_chain_read *r, struct model *m,
		      const struct zen_address *s, size_t n_s,
		      int unspent_only)
{
	struct zen_buf got = ZEN_BUF_INIT, want = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	size_t n;
	int ok;

	model_outputs(m, s, n_s, unspent_only, &want, &n);
	if (zen_chain_read_addr_outputs(r, s, n_s, unspent_only, out_cb, &got,
					&err))
		fx_die("outputs", &err);
	ok = got.len == want.len &&
	     (!got.len || !memcmp(got.data, want.data, got.len));
	if (!ok)
		tap_diag("outputs (unspent %d) of %zu addresses: %zu bytes, "
			 "want %zu (%zu outputs)", unspent_only, n_s, got.len,
			 want.len, n);
	zen_buf_release(&got);
	zen_buf_release(&want);
	return ok;
}

/* ---- history ---- */

struct ent {
	uint32_t block, index;
	uint8_t hash[ZEN_HASH_LEN];
	uint64_t ts;
	struct zen_asset asset;
	__int128 amount;
	struct zen_buf lock;
};

struct ents {
	struct ent *v;
	size_t n, cap;
};

static struct ent *ent_push(struct ents *l)
{
	struct ent *e;

	ZEN_GROW(l->v, l->n + 1, l->cap);
	e = &l->v[l->n++];
	memset(e, 0, sizeof(*e));
	return e;
}

static void ents_release(struct ents *l)
{
	for (size_t i = 0; i < l->n; i++)
		zen_buf_release(&l->v[i].lock);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static int ent_eq(const struct ent *x, const struct ent *y)
{
	return x->block == y->block && x->index == y->index &&
	       !memcmp(x->hash, y->hash, ZEN_HASH_LEN) && x->ts == y->ts &&
	       !zen_asset_cmp(&x->asset, &y->asset) &&
	       x->amount == y->amount && x->lock.len == y->lock.len &&
	       !memcmp(x->lock.data, y->lock.data, x->lock.len);
}

static int ent_cb(void *ctx, const struct zen_addr_tx *e)
{
	struct ent *x = ent_push(ctx);

	x->block = e->block;
	x->index = e->index;
	memcpy(x->hash, e->tx_hash, ZEN_HASH_LEN);
	x->ts = e->timestamp;
	x->asset = e->asset;
	x->amount = e->amount;
	zen_lock_write(&x->lock, &e->lock);
	return 0;
}

/* The smallest outpoint tx spends of a in asset (NULL: none). */
static struct mout *low_spent(struct model *m, const struct zen_tx *tx,
			      const struct zen_address *a,
			      const struct zen_asset *asset)
{
	struct mout *low = NULL;

	for (size_t j = 0; j < tx->n_inputs; j++) {
		struct mout *o;

		if (tx->inputs[j].kind == ZEN_INPUT_OUTPOINT &&
		    (o = model_find(m, &tx->inputs[j].outpoint)) &&
		    pays(&o->o->lock, a) &&
		    !zen_asset_cmp(&o->o->spend.asset, asset) &&
		    (!low || zen_outpoint_cmp(&o->op, &low->op) < 0))
			low = o;
	}
	return low;
}

/*
 * The entry of tx (block n, index i) for s in asset, if s touched it.
 * Its lock is the reference's (AddressDB getOutputsInfo: the first of
 * the addresses' outputs, received ones before spent ones, addresses in
 * the order given, each's by outpoint): the first output received, else
 * the smallest outpoint spent of the first address that spent.
 */
static void model_entry(struct model *m, uint32_t n, uint32_t i,
			const struct zen_address *s, size_t n_s,
			const struct zen_asset *asset, struct ents *out)
{
	const struct zen_tx *tx = &m->b[n].txs[i];
	const struct zen_lock *lock = NULL;
	int spends = n > 1 && i > 0, touched = 0;
	__int128 amount = 0;
	struct ent *e;

	for (size_t a = 0; a < n_s; a++)
		for (size_t j = 0; j < tx->n_outputs; j++) {
			const struct zen_output *o = &tx->outputs[j];

			if (!pays(&o->lock, &s[a]) ||
			    zen_asset_cmp(&o->spend.asset, asset))
				continue;
			amount += o->spend.amount;
			touched = 1;
			if (!lock)
				lock = &o->lock;
		}
	for (size_t j = 0; spends && j < tx->n_inputs; j++) {
		struct mout *o;

		if (tx->inputs[j].kind != ZEN_INPUT_OUTPOINT ||
		    !(o = model_find(m, &tx->inputs[j].outpoint)) ||
		    !pays_any(&o->o->lock, s, n_s) ||
		    zen_asset_cmp(&o->o->spend.asset, asset))
			continue;
		amount -= o->o->spend.amount;
		touched = 1;
	}
	for (size_t a = 0; spends && !lock && a < n_s; a++) {
		struct mout *o = low_spent(m, tx, &s[a], asset);

		if (o)
			lock = &o->o->lock;
	}
	if (!touched)
		return;
	e = ent_push(out);
	e->block = n;
	e->index = i;
	memcpy(e->hash, tx->tx_hash, ZEN_HASH_LEN);
	e->ts = m->b[n].header.timestamp;
	e->asset = *asset;
	e->amount = amount;
	zen_lock_write(&e->lock, lock);
}

static int asset_cmp(const void *a, const void *b)
{
	return zen_asset_cmp(a, b);
}

/* The assets tx touches for s, ascending and distinct. */
static size_t tx_assets(struct model *m, uint32_t n, uint32_t i,
			const struct zen_address *s, size_t n_s,
			struct zen_asset **out)
{
	const struct zen_tx *tx = &m->b[n].txs[i];
	struct zen_asset *v = zen_xcalloc(tx->n_outputs + tx->n_inputs + 1,
					  sizeof(*v));
	size_t k = 0, kept = 0;

	for (size_t j = 0; j < tx->n_outputs; j++)
		if (pays_any(&tx->outputs[j].lock, s, n_s))
			v[k++] = tx->outputs[j].spend.asset;
	for (size_t j = 0; n > 1 && i > 0 && j < tx->n_inputs; j++) {
		struct mout *o;

		if (tx->inputs[j].kind == ZEN_INPUT_OUTPOINT &&
		    (o = model_find(m, &tx->inputs[j].outpoint)) &&
		    pays_any(&o->o->lock, s, n_s))
			v[k++] = o->o->spend.asset;
	}
	if (k > 1)
		qsort(v, k, sizeof(*v), asset_cmp);
	for (size_t j = 0; j < k; j++)
		if (!kept || zen_asset_cmp(&v[kept - 1], &v[j]))
			v[kept++] = v[j];
	*out = v;
	return kept;
}

/* s's whole history, newest first. */
static void model_history(struct model *m, const struct zen_address *s,
			  size_t n_s, struct ents *out)
{
	memset(out, 0, sizeof(*out));
	for (uint32_t n = m->tip; n >= 1; n--)
		for (size_t i = m->b[n].n_txs; i-- > 0;) {
			struct zen_asset *as;
			size_t k = tx_assets(m, n, (uint32_t)i, s, n_s, &as);

			for (size_t j = 0; j < k; j++)
				model_entry(m, n, (uint32_t)i, s, n_s, &as[j],
					    out);
			free(as);
		}
}

/* got equals want[from .. to). */
static int ents_match(const struct ents *got, const struct ents *want,
		      size_t from, size_t to, const char *what)
{
	if (got->n != to - from) {
		tap_diag("%s: %zu entries, want %zu", what, got->n, to - from);
		return 0;
	}
	for (size_t i = 0; i < got->n; i++)
		if (!ent_eq(&got->v[i], &want->v[from + i])) {
			const struct ent *g = &got->v[i];
			const struct ent *w = &want->v[from + i];

			tap_diag("%s: entry %zu differs (block %u tx %u, want "
				 "block %u tx %u; amount %lld, want %lld; "
				 "lock %zu bytes %02x%02x..%02x, want %zu "
				 "bytes %02x%02x..%02x)", what, i, g->block,
				 g->index, w->block, w->index,
				 (long long)g->amount, (long long)w->amount,
				 g->lock.len,
				 g->lock.data[0], g->lock.data[1],
				 g->lock.data[g->lock.len - 1], w->lock.len,
				 w->lock.data[0], w->lock.data[1],
				 w->lock.data[w->lock.len - 1]);
			return 0;
		}
	return 1;
}

/* Every skip (merged pages skip by binary searches where they can,
 * addrread.c merge_skip), with takes of each size. */
static int pages_ok(struct zen_chain_read *r, const struct ents *all,
		    const struct zen_address *s, size_t n_s)
{
	const uint32_t n = (uint32_t)all->n;
	const uint32_t takes[] = { 0, 1, 2, 3, 7, n, UINT32_MAX };
	struct zen_err err = ZEN_ERR_INIT;
	int ok = 1;

	for (uint32_t skip = 0; ok && skip <= n + 1; skip++)
		for (size_t b = 0; ok && b < ZEN_ARRAY_SIZE(takes); b++) {
			uint32_t from = skip < n ? skip : n;
			uint64_t to = (uint64_t)from + takes[b];
			struct ents got = { 0 };
			char what[64];

			if (zen_chain_read_addr_txs(r, s, n_s, skip, takes[b],
						    ent_cb, &got, &err))
				fx_die("txs", &err);
			snprintf(what, sizeof(what), "skip %u take %u", skip,
				 takes[b]);
			ok = ents_match(&got, all, from, to < n ? to : n,
					what);
			ents_release(&got);
		}
	return ok;
}

static int ranges_ok(struct zen_chain_read *r, struct model *m,
		     const struct ents *all, const struct zen_address *s,
		     size_t n_s)
{
	struct zen_err err = ZEN_ERR_INIT;
	int ok = 1;

	for (uint32_t start = 0; ok && start <= m->tip + 2; start++)
		for (uint32_t end = 0; ok && end <= m->tip + 2; end++) {
			struct ents got = { 0 };
			size_t from = 0, to;
			char what[64];

			/* newest first: blocks >= end come before */
			while (from < all->n && all->v[from].block >= end)
				from++;
			to = from;
			while (to < all->n && all->v[to].block >= start &&
			       start < end)
				to++;
			if (zen_chain_read_addr_txs_range(r, s, n_s, start, end,
							  ent_cb, &got, &err))
				fx_die("range", &err);
			snprintf(what, sizeof(what), "range %u..%u", start,
				 end);
			ok = ents_match(&got, all, from, to, what);
			ents_release(&got);
		}
	return ok;
}

/* ---- every read against the model ---- */

/* The sets of addresses asked (indexes into addr[]; -1 ends). */
static const int SETS[][5] = {
	{ KA, -1 }, { KB, -1 }, { KC, -1 }, { KD, -1 }, { KE, -1 },
	{ CGP, -1 }, { CGP, KA, -1 }, { KA, KB, -1 }, { KB, KC, -1 },
	{ KC, KB, -1 },
	{ KB, KC, KD, -1 }, { KD, KC, KB, -1 }, { KA, KE, -1 },
	{ KA, KB, KC, KD, -1 },
};

static size_t set_of(size_t i, struct zen_address *s)
{
	size_t n = 0;

	for (; SETS[i][n] >= 0; n++)
		s[n] = addr[SETS[i][n]];
	return n;
}

/* Every read of c's index against the model of c's main chain. */
static void check_reads(struct zen_chainstate *c, const char *label)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_addr_status st = status(c);
	struct zen_chain_read *r;
	struct model m;
	int bal = 1, outs = 1, hist = 1, pages = 1, ranges = 1, count = 1;

	model_load(&m, c);
	tap_ok(st.enabled && st.synced && st.blocks == m.tip &&
	       st.tip == m.tip, "%s: status enabled, synced, %u blocks of %u "
	       "(want %u)", label, st.blocks, st.tip, m.tip);
	if (zen_chain_read_begin(c, &r, &err))
		fx_die("read", &err);
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(SETS); i++) {
		struct zen_address s[5];
		size_t n_s = set_of(i, s);
		struct ents all, got = { 0 };
		uint64_t cnt;

		int b = 1, o, h, k, p, g;

		for (uint32_t at = 0; at <= m.tip + 1; at++)
			b = balance_ok(r, &m, s, n_s, at) && b;
		b = balance_ok(r, &m, s, n_s, UINT32_MAX) && b;
		o = outputs_ok(r, &m, s, n_s, 0) &&
		    outputs_ok(r, &m, s, n_s, 1);
		model_history(&m, s, n_s, &all);
		if (zen_chain_read_addr_txs(r, s, n_s, 0, UINT32_MAX, ent_cb,
					    &got, &err) ||
		    zen_chain_read_addr_tx_count(r, s, n_s, &cnt, &err))
			fx_die("txs", &err);
		h = ents_match(&got, &all, 0, all.n, "history");
		k = cnt == all.n;
		p = pages_ok(r, &all, s, n_s);
		g = ranges_ok(r, &m, &all, s, n_s);
		bal = bal && b;
		outs = outs && o;
		hist = hist && h;
		count = count && k;
		pages = pages && p;
		ranges = ranges && g;
		if (!(b && o && h && k && p && g))
			tap_diag("%s: set %zu (%zu addresses, %zu entries, "
				 "count %llu)", label, i, n_s, all.n,
				 (unsigned long long)cnt);
		ents_release(&got);
		ents_release(&all);
	}
	zen_chain_read_end(r);
	tap_ok(bal, "%s: balances now and after each block", label);
	tap_ok(outs, "%s: outputs, all and unspent", label);
	tap_ok(hist, "%s: the whole history, newest first", label);
	tap_ok(count, "%s: the history counts", label);
	tap_ok(pages, "%s: history pages (skip, take)", label);
	tap_ok(ranges, "%s: history ranges of blocks", label);
	{
		struct zen_chain_verify_report rep;

		tap_ok(!zen_chain_verify(c, &rep, &err), "%s: zen node verify "
		       "passes (%s)", label, err.msg);
	}
	model_release(&m);
}

/* ---- the raw addr databases ---- */

static void dump_db(struct zen_store_txn *t, enum zen_store_db db,
		    struct zen_buf *out)
{
	struct zen_store_cursor *c;
	struct zen_slice k, v;
	enum zen_store_seek how = ZEN_SEEK_FIRST;
	int rc;

	if (zen_store_cursor_open(t, db, &c, NULL))
		fx_die("cursor", NULL);
	while (!(rc = zen_store_cursor_seek(c, how, NULL, 0, &k, &v, NULL))) {
		uint8_t len[8];

		how = ZEN_SEEK_NEXT;
		chain_put32(len, (uint32_t)k.len);
		chain_put32(len + 4, (uint32_t)v.len);
		zen_buf_add(out, len, 8);
		zen_buf_add(out, k.p, k.len);
		zen_buf_add(out, v.p, v.len);
	}
	zen_store_cursor_close(c);
	if (rc != ZEN_ENOTFOUND)
		fx_die("dump", NULL);
}

/* Every entry of the addr and addr-undo databases, in key order. */
static void dump_addr(struct zen_chainstate *c, struct zen_buf *out)
{
	struct zen_chain_read *r;
	uint8_t sep[8] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

	zen_buf_reset(out);
	if (zen_chain_read_begin(c, &r, NULL))
		fx_die("read", NULL);
	dump_db(r->t, ZEN_DB_ADDR, out);
	zen_buf_add(out, sep, sizeof(sep));
	dump_db(r->t, ZEN_DB_ADDR_UNDO, out);
	zen_chain_read_end(r);
}

static uint64_t db_count(struct zen_chainstate *c, enum zen_store_db db)
{
	struct zen_chain_read *r;
	uint64_t n;

	if (zen_chain_read_begin(c, &r, NULL) ||
	    zen_store_count(r->t, db, &n, NULL))
		fx_die("count", NULL);
	zen_chain_read_end(r);
	return n;
}

static int same_index(struct zen_chainstate *x, struct zen_chainstate *y)
{
	struct zen_buf a = ZEN_BUF_INIT, b = ZEN_BUF_INIT;
	int same;

	dump_addr(x, &a);
	dump_addr(y, &b);
	same = a.len == b.len && (!a.len || !memcmp(a.data, b.data, a.len));
	if (!same)
		tap_diag("addr databases: %zu and %zu bytes", a.len, b.len);
	zen_buf_release(&a);
	zen_buf_release(&b);
	return same;
}

/* ---- the tests ---- */

static void enable(struct zen_chainstate *c)
{
	struct zen_err err = ZEN_ERR_INIT;

	if (zen_chain_addr_set(c, 1, &err))
		fx_die("enable", &err);
}

/* Values of the header comment, by hand: the model is not alone. */
static void check_by_hand(struct zen_chainstate *c)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_addr_balance *v;
	struct zen_chain_read *r;
	struct ents got = { 0 };
	uint32_t at = 4;
	size_t n;
	uint64_t cnt;

	if (zen_chain_read_begin(c, &r, &err))
		fx_die("read", &err);
	/* B after block 4: 30 (t4) */
	if (zen_chain_read_addr_balance(r, &addr[KB], 1, &at, &v, &n, &err))
		fx_die("balance", &err);
	tap_ok(n == 1 && v[0].amount == ZP(30), "B holds 30 ZP after block 4");
	free(v);
	/* D now: 120 + 260 */
	if (zen_chain_read_addr_balance(r, &addr[KD], 1, NULL, &v, &n, &err))
		fx_die("balance", &err);
	tap_ok(n == 1 && v[0].amount == ZP(380), "D holds 380 ZP");
	free(v);
	/* C: t2 (+180), t3 (+100), t4 (-150), t5 (-60) */
	if (zen_chain_read_addr_tx_count(r, &addr[KC], 1, &cnt, &err) ||
	    zen_chain_read_addr_txs(r, &addr[KC], 1, 0, 10, ent_cb, &got,
				    &err))
		fx_die("txs", &err);
	tap_ok(cnt == 4 && got.n == 4 &&
	       got.v[0].amount == -(__int128)ZP(60) &&
	       got.v[1].amount == -(__int128)ZP(150) &&
	       got.v[2].amount == ZP(100) && got.v[3].amount == ZP(180) &&
	       !memcmp(got.v[0].hash, t5.tx_hash, ZEN_HASH_LEN) &&
	       !memcmp(got.v[3].hash, t2.tx_hash, ZEN_HASH_LEN) &&
	       got.v[0].block == 4 && got.v[0].index == 2 &&
	       got.v[1].index == 1 && got.v[2].block == 3 &&
	       got.v[2].index == 2 && got.v[3].index == 1,
	       "C's history: t5 -60, t4 -150, t3 +100, t2 +180");
	ents_release(&got);
	/* B and C together in t5 (after t6 of block 5): -260 */
	if (zen_chain_read_addr_txs(r, (struct zen_address[]){ addr[KB],
			addr[KC] }, 2, 1, 1, ent_cb, &got, &err))
		fx_die("txs", &err);
	tap_ok(got.n == 1 && got.v[0].amount == -(__int128)ZP(260) &&
	       !memcmp(got.v[0].hash, t5.tx_hash, ZEN_HASH_LEN),
	       "B and C in t5: -260 ZP");
	ents_release(&got);
	zen_chain_read_end(r);
}

/*
 * X keeps its index from the start and connects 2..6; Y only ever sees
 * 2, 3 and the heavier branch 4'..7', which X then takes.  Returns X and
 * Y (dirs filled), both at 7'.
 */
static void test_kept_and_reorg(struct zen_chainstate **px, char *dx,
				struct zen_chainstate **py, char *dy)
{
	struct zen_chainstate *x = fx_chain_open(dx, P, 1);
	struct zen_chainstate *y = fx_chain_open(dy, P, 1);
	struct zen_buf raw = ZEN_BUF_INIT, before = ZEN_BUF_INIT;
	struct zen_addr_status st;
	int kept = 1, outcome = 0;

	enable(x);
	st = status(x);
	tap_ok(st.enabled && !st.synced && st.blocks == 0 && st.tip == 1,
	       "enabled on a new store: behind its genesis block");
	build_all(x, 1);
	dump_addr(x, &before);
	enable(x);
	{
		struct zen_buf again = ZEN_BUF_INIT;

		dump_addr(x, &again);
		tap_ok(again.len == before.len &&
		       !memcmp(again.data, before.data, again.len),
		       "enabling it again changes nothing");
		zen_buf_release(&again);
	}
	enable(y);
	build_all(y, 0);
	trunk(x);
	kept = status(x).synced;
	copy_blocks(x, y, 2, 3);
	branch_lost(x);
	kept = kept && status(x).synced && status(y).synced;
	tap_ok(kept, "blocks connecting on the synced mark are indexed with "
	       "it");
	check_reads(x, "X at 6");
	check_by_hand(x);
	tap_ok(!same_index(x, y), "before the switch X's index is not Y's");

	/* Y's branch: 4' with t7, then 5' 6' 7' */
	make_tx(&t7, (struct in_spec[]){ { t2.tx_hash, 2, KC } }, 1,
		(struct out_spec[]){ { KA, ZP(70) } }, 1);
	for (int i = 0; i < 4; i++) {
		block_with(y, &raw, i ? NULL : &t7, i ? 0 : 1);
		if (submit(y, &raw) != ZEN_BLOCK_ON_MAIN)
			fx_die("Y's branch", NULL);
		outcome = submit(x, &raw);
	}
	tap_ok(outcome == ZEN_BLOCK_ON_MAIN && fx_tip_number(x) == 7 &&
	       fx_tip_number(y) == 7, "X switched to Y's branch at 7");
	tap_ok(same_index(x, y), "X's addr databases after the switch are "
	       "Y's, byte for byte");
	check_reads(x, "X at 7'");
	zen_buf_release(&raw);
	zen_buf_release(&before);
	*px = x;
	*py = y;
}

/*
 * W gets the winning chain with the index off, then builds it in
 * batches of 1, 2, 3 blocks: cancelled, closed and reopened halfway, and
 * with a block connecting behind the mark.
 */
static void test_build(struct zen_chainstate *x, struct zen_chainstate *y)
{
	char dw[] = "/tmp/zen-test-addr-w.XXXXXX";
	struct zen_chainstate *w = fx_chain_open(dw, P, 1);
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_buf raw = ZEN_BUF_INIT;
	struct zen_addr_status st;
	atomic_int cancel = 1;
	uint32_t max = 1, prev;
	int steps_ok = 1;

	copy_blocks(y, w, 2, 7);
	st = status(w);
	tap_ok(!st.enabled && !st.synced && st.blocks == 0 && st.tip == 7 &&
	       db_count(w, ZEN_DB_ADDR) == 0, "index off: nothing in it");
	enable(w);
	if (zen_chain_addr_build(w, 3, &cancel, &st, &err))
		fx_die("build", &err);
	tap_ok(st.enabled && !st.synced && st.blocks == 0,
	       "a cancelled build indexes nothing");
	if (zen_chain_addr_build(w, 1, NULL, &st, &err))
		fx_die("build", &err);
	tap_ok(st.blocks == 1 && !st.synced && st.tip == 7 &&
	       status(w).blocks == 1, "a batch of one block: 1 of 7");
	if (zen_chain_addr_build(w, 2, NULL, &st, &err))
		fx_die("build", &err);
	tap_ok(st.blocks == 3 && !st.synced, "a batch of two: 3 of 7");
	/* a restart halfway */
	zen_chain_close(w);
	w = fx_chain_open(dw, P, 0);
	st = status(w);
	tap_ok(st.enabled && st.blocks == 3 && !st.synced,
	       "after a restart the build is still at 3");
	/* a block connecting behind the mark waits for the build */
	block_with(y, &raw, NULL, 0);
	if (submit(y, &raw) != ZEN_BLOCK_ON_MAIN ||
	    submit(w, &raw) != ZEN_BLOCK_ON_MAIN ||
	    submit(x, &raw) != ZEN_BLOCK_ON_MAIN)
		fx_die("block 8", NULL);
	st = status(w);
	tap_ok(st.blocks == 3 && st.tip == 8 && !st.synced,
	       "block 8 connected behind the mark is not indexed yet");
	for (prev = 3; !st.synced; max = max % 3 + 1) {
		if (zen_chain_addr_build(w, max, NULL, &st, &err))
			fx_die("build", &err);
		steps_ok = steps_ok && st.blocks == (prev + max < 8 ?
						     prev + max : 8);
		prev = st.blocks;
	}
	tap_ok(steps_ok && st.synced && st.blocks == 8 && st.tip == 8,
	       "batches of 1, 2, 3 blocks each index that many, up to 8");
	tap_ok(same_index(w, y), "W's built index is Y's kept one, byte for "
	       "byte");
	tap_ok(same_index(x, y), "and X's (reorganised, then block 8)");
	check_reads(w, "W built");
	zen_buf_release(&raw);
	fx_chain_drop(w, dw);
}

/* The reset and the switch off drop everything; a reset rebuilds. */
static void test_reset(struct zen_chainstate *x, struct zen_chainstate *y)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_addr_status st;
	struct zen_chain_read *r;
	struct zen_addr_balance *v;
	size_t n = 1;
	uint64_t cnt = 1;
	int was = 0;

	if (zen_chain_addr_reset(y, &was, &err))
		fx_die("reset", &err);
	st = status(y);
	tap_ok(was && st.enabled && !st.synced && st.blocks == 0 &&
	       st.tip == 8, "reset: enabled, back to no block indexed");
	tap_ok(db_count(y, ZEN_DB_ADDR) == 1 &&
	       db_count(y, ZEN_DB_ADDR_UNDO) == 0,
	       "reset: only the mark is left");
	if (zen_chain_read_begin(y, &r, &err) ||
	    zen_chain_read_addr_balance(r, &addr[KA], 1, NULL, &v, &n, &err) ||
	    zen_chain_read_addr_tx_count(r, &addr[KA], 1, &cnt, &err))
		fx_die("read", &err);
	zen_chain_read_end(r);
	free(v);
	tap_ok(n == 0 && cnt == 0, "reset: A has no balance and no history");
	build_all(y, 0);
	tap_ok(same_index(x, y), "rebuilt after the reset: X's index again");
	if (zen_chain_addr_set(y, 0, &err))
		fx_die("off", &err);
	st = status(y);
	tap_ok(!st.enabled && !st.synced && st.blocks == 0 &&
	       db_count(y, ZEN_DB_ADDR) == 0 &&
	       db_count(y, ZEN_DB_ADDR_UNDO) == 0,
	       "switched off: both databases are empty");
	was = 1;
	if (zen_chain_addr_reset(y, &was, &err) || zen_chain_addr_set(y, 0,
								      &err))
		fx_die("reset off", &err);
	tap_ok(!was && !status(y).enabled && db_count(y, ZEN_DB_ADDR) == 0,
	       "reset and off when off: still nothing");
	{	/* a block connecting with the index off leaves it empty */
		struct zen_buf raw = ZEN_BUF_INIT;

		block_with(y, &raw, NULL, 0);
		if (submit(y, &raw) != ZEN_BLOCK_ON_MAIN)
			fx_die("block 9", NULL);
		tap_ok(db_count(y, ZEN_DB_ADDR) == 0 &&
		       db_count(y, ZEN_DB_ADDR_UNDO) == 0,
		       "a block connected with the index off adds nothing");
		zen_buf_release(&raw);
	}
}

/* ---- contract executions ---- */

/* A's vote of kind in the next block: the voting contract run on a
 * skeleton spending coin (amount) back to A; coin becomes its output. */
static void vote_tx(struct zen_chainstate *c, struct zen_tx *tx,
		    enum zen_cgp_vote_kind kind,
		    const struct zen_cgp_ballot *ballot,
		    struct zen_outpoint *coin, uint64_t amount)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_data body;

	zen_data_init(&body);
	if (zen_cgp_vote_body(&body, P, fx_tip_number(c) + 1, kind, ballot,
			      (const uint8_t (*)[ZEN_SECKEY_LEN])sec[KA], 1,
			      &err))
		fx_die("vote body", &err);
	fx_execute(c, tx, &P->voting_contract_id, zen_cgp_vote_command(kind),
		   &body, coin, amount, sec[KA], pkh[KA]);
	zen_data_release(&body);
}

struct call_rec {
	struct zen_addr_call c;
	char command[32];
};

struct calls {
	struct call_rec *v;
	size_t n, cap;
};

static int call_cb(void *ctx, const struct zen_addr_call *c,
		   const struct zen_witness *w)
{
	struct calls *l = ctx;
	struct call_rec *r;

	ZEN_GROW(l->v, l->n + 1, l->cap);
	r = &l->v[l->n++];
	r->c = *c;
	snprintf(r->command, sizeof(r->command), "%s", w->command);
	return 0;
}

static int same_cid(const struct zen_contract_id *a,
		    const struct zen_contract_id *b)
{
	return a->version == b->version &&
	       !memcmp(a->hash, b->hash, ZEN_HASH_LEN);
}

/* cid's executions on the chain newest block first, a block's in block
 * order. */
static void model_calls(struct model *m, const struct zen_contract_id *cid,
			struct calls *out)
{
	memset(out, 0, sizeof(*out));
	for (uint32_t n = m->tip; n >= 1; n--)
		for (size_t i = 0; i < m->b[n].n_txs; i++) {
			const struct zen_tx *tx = &m->b[n].txs[i];

			for (size_t k = 0; k < tx->n_witnesses; k++) {
				const struct zen_witness *w = &tx->witnesses[k];
				struct zen_addr_call c = { .block = n,
					.index = (uint32_t)i,
					.witness = (uint32_t)k };

				if (w->id != ZEN_WITNESS_CONTRACT ||
				    !same_cid(&w->cid, cid))
					continue;
				memcpy(c.tx_hash, tx->tx_hash, ZEN_HASH_LEN);
				call_cb(out, &c, w);
			}
		}
}

static int calls_match(const struct calls *got, const struct calls *want,
		       size_t from, size_t to)
{
	if (got->n != to - from)
		return 0;
	for (size_t i = 0; i < got->n; i++) {
		const struct call_rec *g = &got->v[i], *w = &want->v[from + i];

		if (g->c.block != w->c.block || g->c.index != w->c.index ||
		    g->c.witness != w->c.witness ||
		    memcmp(g->c.tx_hash, w->c.tx_hash, ZEN_HASH_LEN) ||
		    strcmp(g->command, w->command))
			return 0;
	}
	return 1;
}

static void test_calls(void)
{
	char dz[] = "/tmp/zen-test-addr-z.XXXXXX";
	struct zen_chainstate *z = fx_chain_open(dz, P, 1);
	const struct zen_contract_id *vid = &P->voting_contract_id;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_outpoint coin[2];
	struct zen_cgp_ballot ballot;
	struct zen_chain_read *r;
	struct zen_spend pay;
	struct zen_asset zp;
	struct calls want, got = { 0 };
	struct zen_tx fund, tx[2];
	struct model m;
	uint8_t g[ZEN_HASH_LEN];
	int pages = 1, ranges = 1;

	enable(z);
	build_all(z, 0);
	if (zen_hex_decode_fixed(g, ZEN_HASH_LEN, FX_GENESIS_TX, &err))
		fx_die("genesis", &err);
	make_tx(&fund, (struct in_spec[]){ { g, 0, KA } }, 1,
		(struct out_spec[]){ { KA, ZP(500) }, { KA, ZP(500) } }, 2);
	mine(z, &fund, 1);
	for (uint32_t i = 0; i < 2; i++) {
		memcpy(coin[i].tx_hash, fund.tx_hash, ZEN_HASH_LEN);
		coin[i].index = i;
	}
	while (fx_tip_number(z) < 90)
		mine(z, NULL, 0);
	memset(&ballot, 0, sizeof(ballot));
	memset(&pay, 0, sizeof(pay));
	pay.amount = 1000;
	ballot.kind = ZEN_CGP_BALLOT_PAYOUT;
	memcpy(ballot.payout.recipient.pk_hash, pkh[KB], ZEN_HASH_LEN);
	ballot.payout.spends = &pay;
	ballot.payout.n_spends = 1;
	vote_tx(z, &tx[0], ZEN_CGP_VOTE_NOMINATION, &ballot, &coin[0], ZP(500));
	mine(z, tx, 1);
	zen_tx_release(&tx[0]);
	while (fx_tip_number(z) < 95)
		mine(z, NULL, 0);
	vote_tx(z, &tx[0], ZEN_CGP_VOTE_PAYOUT, &ballot, &coin[0], ZP(500));
	memset(&ballot, 0, sizeof(ballot));
	ballot.kind = ZEN_CGP_BALLOT_ALLOCATION;
	ballot.allocation = 5;
	vote_tx(z, &tx[1], ZEN_CGP_VOTE_ALLOCATION, &ballot, &coin[1],
		ZP(500));
	mine(z, tx, 2);
	zen_tx_release(&tx[0]);
	zen_tx_release(&tx[1]);
	mine(z, NULL, 0);

	model_load(&m, z);
	model_calls(&m, vid, &want);
	if (zen_chain_read_begin(z, &r, &err) ||
	    zen_chain_read_addr_calls(r, vid, 0, UINT32_MAX, call_cb, &got,
				      &err))
		fx_die("calls", &err);
	tap_ok(want.n == 3 && want.v[0].c.block == 96 &&
	       want.v[1].c.block == 96 && want.v[0].c.index <
	       want.v[1].c.index && want.v[2].c.block == 91,
	       "the chain holds 3 executions of the voting contract");
	tap_ok(calls_match(&got, &want, 0, want.n), "its executions: newest "
	       "block first, a block's in block order, witness and command "
	       "(%zu of %zu)", got.n, want.n);
	for (uint32_t skip = 0; skip <= 4; skip++)
		for (uint32_t take = 0; take <= 4; take++) {
			size_t from = skip < want.n ? skip : want.n;
			size_t to = from + take < want.n ? from + take : want.n;

			free(got.v);
			memset(&got, 0, sizeof(got));
			if (zen_chain_read_addr_calls(r, vid, skip, take,
						      call_cb, &got, &err))
				fx_die("calls", &err);
			pages = pages && calls_match(&got, &want, from, to);
		}
	tap_ok(pages, "execution pages (skip, take)");
	for (uint32_t start = 0; start <= m.tip + 1; start += 5)
		for (uint32_t end = 0; end <= m.tip + 1; end++) {
			size_t from = 0, to;

			while (from < want.n && want.v[from].c.block >= end)
				from++;
			to = from;
			while (to < want.n && want.v[to].c.block >= start &&
			       start < end)
				to++;
			free(got.v);
			memset(&got, 0, sizeof(got));
			if (zen_chain_read_addr_calls_range(r, vid, start, end,
							    call_cb, &got,
							    &err))
				fx_die("calls range", &err);
			ranges = ranges && calls_match(&got, &want, from, to);
		}
	tap_ok(ranges, "execution ranges of blocks");
	memset(&zp, 0, sizeof(zp));
	tap_ok(zen_chain_read_addr_mint(r, &zp, call_cb, &got, &err) ==
	       ZEN_ENOTFOUND && !strcmp(err.msg, "No data"),
	       "an asset never minted: No data (%s)", err.msg);
	zen_chain_read_end(r);
	check_reads(z, "Z with votes");
	free(got.v);
	free(want.v);
	model_release(&m);
	zen_tx_release(&fund);
	fx_chain_drop(z, dz);
}

int main(void)
{
	char dx[] = "/tmp/zen-test-addr-x.XXXXXX";
	char dy[] = "/tmp/zen-test-addr-y.XXXXXX";
	struct zen_chainstate *x, *y;

	P = zen_chain_params(ZEN_CHAIN_LOCAL);
	keys();
	test_kept_and_reorg(&x, dx, &y, dy);
	test_build(x, y);
	test_reset(x, y);
	test_calls();
	fx_chain_drop(x, dx);
	fx_chain_drop(y, dy);
	zen_tx_release(&t1);
	zen_tx_release(&t2);
	zen_tx_release(&t3);
	zen_tx_release(&t4);
	zen_tx_release(&t5);
	zen_tx_release(&t6);
	zen_tx_release(&t7);
	return tap_done();
}
