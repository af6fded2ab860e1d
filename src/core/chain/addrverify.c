/*
 * addrverify.c - `zen node verify` of the address index (addr-int.h):
 * the mark on the main chain, one undo record per block covered, every
 * output a covered block sent to an address stored as it is, the
 * numbered lists whole and in block order, every history adding up to
 * its balances, the balances adding up the unspent outputs, the
 * executions and mints where the blocks have them; and, once the index
 * has caught up with the tip, its unspent outputs exactly the UTXO set's
 * that pay addresses.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/chain/addr-int.h"

#define differs(err, ...) \
	chain_check_failed(err, "address index: ", __VA_ARGS__)

/* What the blocks the index covers say it must hold. */
struct expect {
	uint64_t outputs, entries, calls;
	struct mint { struct zen_asset asset; struct zen_addr_call c; } *mints;
	size_t n_mints, cap_mints;
};

static void expect_mint(struct expect *x, const struct zen_asset *asset,
			const struct zen_addr_call *c)
{
	for (size_t i = 0; i < x->n_mints; i++)
		if (!zen_asset_cmp(&x->mints[i].asset, asset)) {
			x->mints[i].c = *c;
			return;
		}
	ZEN_GROW(x->mints, x->n_mints + 1, x->cap_mints);
	x->mints[x->n_mints].asset = *asset;
	x->mints[x->n_mints++].c = *c;
}

/* Count (address, asset) once per transaction. */
struct pair {
	struct zen_address a;
	struct zen_asset asset;
};

static void pair_add(struct pair **v, size_t *n, size_t *cap,
		     const struct zen_address *a, const struct zen_asset *asset)
{
	for (size_t i = 0; i < *n; i++)
		if (!memcmp(&(*v)[i].a, a, sizeof(*a)) &&
		    !zen_asset_cmp(&(*v)[i].asset, asset))
			return;
	ZEN_GROW(*v, *n + 1, *cap);
	(*v)[*n].a = *a;
	(*v)[(*n)++].asset = *asset;
}

/* Output j of tx i of block is stored as it is. */
static int check_output(struct zen_store_txn *t, const struct zen_tx *tx,
			uint32_t block, uint32_t i, size_t j,
			const struct zen_address *a, struct zen_err *err)
{
	struct zen_buf want = ZEN_BUF_INIT;
	struct addr_loc loc = { block, i, (uint32_t)j };
	struct addr_key k;
	struct zen_slice v;
	int rc;

	addr_key_start(&k, ADDR_OUTPUT);
	addr_key_addr(&k, a);
	addr_key_loc(&k, &loc);
	zen_buf_add(&want, tx->tx_hash, ZEN_HASH_LEN);
	zen_output_write(&want, &tx->outputs[j]);
	rc = zen_store_get(t, ZEN_DB_ADDR, k.b, k.len, &v, err);
	if (rc == ZEN_ENOTFOUND || (!rc && (v.len != want.len ||
					    memcmp(v.p, want.data, v.len))))
		rc = differs(err, "an output is missing or differs");
	zen_buf_release(&want);
	return rc;
}

/* One transaction of a covered block. */
static int expect_tx(struct zen_store_txn *t, struct expect *x,
		     const struct zen_tx *tx, uint32_t block, uint32_t i,
		     struct zen_reader *spent, struct zen_err *err)
{
	struct pair *pairs = NULL;
	size_t n = 0, cap = 0;
	struct zen_address a;
	struct zen_addr_call c = { .block = block, .index = i };
	int first = -1, rc = 0;

	for (size_t j = 0; !rc && spent && j < tx->n_inputs; j++) {
		struct zen_output o;

		if (tx->inputs[j].kind != ZEN_INPUT_OUTPOINT)
			continue;
		zen_output_init(&o);
		if (zen_output_read(spent, &o, NULL))
			rc = differs(err, "bad undo data of block %u", block);
		else if (addr_of_lock(&a, &o.lock))
			pair_add(&pairs, &n, &cap, &a, &o.spend.asset);
		zen_output_release(&o);
	}
	for (size_t j = 0; !rc && j < tx->n_outputs; j++)
		if (addr_of_lock(&a, &tx->outputs[j].lock)) {
			pair_add(&pairs, &n, &cap, &a,
				 &tx->outputs[j].spend.asset);
			x->outputs++;
			rc = check_output(t, tx, block, i, j, &a, err);
		}
	for (size_t k = 0; k < tx->n_witnesses; k++)
		if (tx->witnesses[k].id == ZEN_WITNESS_CONTRACT) {
			x->calls++;
			if (first < 0)
				first = (int)k;
		}
	memcpy(c.tx_hash, tx->tx_hash, ZEN_HASH_LEN);
	c.witness = (uint32_t)first;
	for (size_t j = 0; first >= 0 && j < tx->n_inputs; j++)
		if (tx->inputs[j].kind == ZEN_INPUT_MINT)
			expect_mint(x, &tx->inputs[j].mint.asset, &c);
	x->entries += n;
	free(pairs);
	return rc;
}

/* Main-chain block number n, covered by the index. */
static int expect_block(const struct zen_chain_params *p,
			struct zen_store_txn *t, struct expect *x, uint32_t n,
			struct zen_err *err)
{
	struct zen_buf raw = ZEN_BUF_INIT, undo = ZEN_BUF_INIT;
	struct zen_reader spent;
	struct zen_slice v;
	struct zen_block b;
	uint8_t be[4], hash[ZEN_HASH_LEN];
	int rc, genesis;

	chain_put32(be, n);
	rc = zen_store_get(t, ZEN_DB_MAIN, be, 4, &v, err);
	if (!rc && v.len != ZEN_HASH_LEN)
		rc = ZEN_ENOTFOUND;
	if (!rc)
		memcpy(hash, v.p, ZEN_HASH_LEN);
	if (!rc)
		rc = zen_store_get(t, ZEN_DB_BLOCKS, hash, ZEN_HASH_LEN, &v,
				   err);
	if (!rc)
		zen_buf_add(&raw, v.p, v.len);
	if (!rc)
		rc = zen_store_get(t, ZEN_DB_UNDO, hash, ZEN_HASH_LEN, &v, err);
	if (!rc)
		zen_buf_add(&undo, v.p, v.len);
	if (!rc && (rc = zen_store_get(t, ZEN_DB_ADDR_UNDO, hash, ZEN_HASH_LEN,
				       NULL, err)) == ZEN_ENOTFOUND)
		return differs(err, "block %u has no undo record", n);
	if (rc == ZEN_ENOTFOUND)
		rc = differs(err, "block %u cannot be read", n);
	zen_block_init(&b);
	if (!rc && zen_block_decode(&b, raw.data, raw.len, NULL, NULL))
		rc = differs(err, "block %u does not decode", n);
	genesis = !rc && zen_block_is_genesis(p, &b.header);
	zen_reader_init(&spent, undo.data, undo.len);
	for (size_t i = 0; !rc && i < b.n_txs; i++)
		rc = expect_tx(t, x, &b.txs[i], n, (uint32_t)i,
			       genesis || !i ? NULL : &spent, err);
	zen_block_release(&b);
	zen_buf_release(&raw);
	zen_buf_release(&undo);
	return rc;
}

/* ---- the stored entries ---- */

/* Call fn for every entry of kind, in key order (fn gets the key after
 * the kind byte). */
static int scan(struct zen_store_txn *t, uint8_t kind,
		int (*fn)(void *ctx, const uint8_t *k, size_t klen,
			  const uint8_t *v, size_t vlen, struct zen_err *err),
		void *ctx, struct zen_err *err)
{
	struct zen_store_cursor *c;
	struct zen_slice k, v;
	enum zen_store_seek how = ZEN_SEEK_GE;
	int rc = zen_store_cursor_open(t, ZEN_DB_ADDR, &c, err);

	while (!rc) {
		rc = zen_store_cursor_seek(c, how, &kind, 1, &k, &v, err);
		how = ZEN_SEEK_NEXT;
		if (rc || !k.len || k.p[0] != kind)
			break;
		rc = fn(ctx, k.p + 1, k.len - 1, v.p, v.len, err);
	}
	zen_store_cursor_close(c);
	return rc == ZEN_ENOTFOUND ? 0 : rc;
}

/* A numbered list being walked: kind || tail || seq. */
struct lists {
	struct zen_store_txn *t;
	uint8_t count_kind;
	size_t tail_len;		/* 0: by the address's length */
	uint8_t tail[ADDR_LEN_CONTRACT];
	size_t cur_len;
	uint32_t next, last_block, last_index;
	uint32_t synced;
	uint64_t total, lists;
	/* history: the sums of the current address, per asset */
	struct sum { struct zen_asset asset; __int128 amount; } *sums;
	size_t n_sums, cap_sums;
	int (*entry)(struct lists *l, const uint8_t *v, size_t vlen,
		     struct zen_err *err);
};

/* Balances of the address of the finished list against its sums. */
static int check_sums(struct lists *l, struct zen_err *err)
{
	struct zen_address a;
	struct addr_key k;
	uint64_t outputs;
	unsigned __int128 amount;

	addr_decode(&a, l->tail, l->cur_len);
	for (size_t i = 0; i < l->n_sums; i++) {
		struct zen_slice v;
		int rc;

		addr_key_start(&k, ADDR_BALANCE);
		addr_key_addr(&k, &a);
		addr_key_asset(&k, &l->sums[i].asset);
		rc = zen_store_get(l->t, ZEN_DB_ADDR, k.b, k.len, &v, err);
		if (rc && rc != ZEN_ENOTFOUND)
			return rc;
		amount = 0;
		if (!rc && v.len == ADDR_BALANCE_LEN)
			addr_balance_decode(v.p, &outputs, &amount);
		if (l->sums[i].amount < 0 ||
		    (unsigned __int128)l->sums[i].amount != amount)
			return differs(err, "a history does not add up to its "
				       "balance");
	}
	l->n_sums = 0;
	return 0;
}

/* The list just finished: its count matches. */
static int list_end(struct lists *l, struct zen_err *err)
{
	struct addr_key k;
	uint32_t n;
	int rc;

	if (!l->cur_len)
		return 0;
	addr_key_start(&k, l->count_kind);
	addr_key_bytes(&k, l->tail, l->cur_len);
	rc = addr_get_u32(l->t, &k, &n, err);
	if (!rc && n != l->next)
		rc = differs(err, "a list's count is not its length");
	if (!rc && l->count_kind == ADDR_COUNT)
		rc = check_sums(l, err);
	l->lists++;
	return rc;
}

static int list_one(void *ctx, const uint8_t *k, size_t klen, const uint8_t *v,
		    size_t vlen, struct zen_err *err)
{
	struct lists *l = ctx;
	struct zen_address a;
	size_t tl = l->tail_len ? l->tail_len : addr_decode(&a, k, klen);
	int rc;

	if (!tl || klen != tl + 4 || vlen < 8)
		return differs(err, "a list entry is malformed");
	if (tl != l->cur_len || memcmp(k, l->tail, tl)) {
		if ((rc = list_end(l, err)))
			return rc;
		memcpy(l->tail, k, tl);
		l->cur_len = tl;
		l->next = 0;
		l->last_block = l->last_index = 0;
	}
	if (chain_get32(k + tl) != l->next++)
		return differs(err, "a list is not numbered from 0 on");
	if (chain_get32(v) > l->synced || chain_get32(v) < l->last_block ||
	    (chain_get32(v) == l->last_block &&
	     chain_get32(v + 4) < l->last_index && l->count_kind == ADDR_COUNT))
		return differs(err, "a list is not in block order");
	l->last_block = chain_get32(v);
	l->last_index = chain_get32(v + 4);
	l->total++;
	return l->entry(l, v, vlen, err);
}

static int history_entry(struct lists *l, const uint8_t *v, size_t vlen,
			 struct zen_err *err)
{
	struct addr_entry e;
	size_t i;

	if (addr_entry_read(&e, v, vlen))
		return differs(err, "a history entry is malformed");
	for (i = 0; i < l->n_sums; i++)
		if (!zen_asset_cmp(&l->sums[i].asset, &e.asset))
			break;
	if (i == l->n_sums) {
		ZEN_GROW(l->sums, l->n_sums + 1, l->cap_sums);
		l->sums[l->n_sums].asset = e.asset;
		l->sums[l->n_sums++].amount = 0;
	}
	l->sums[i].amount += e.negative ? -(__int128)e.amount :
			     (__int128)e.amount;
	return 0;
}

/* An execution: its transaction is where it says, the witness runs the
 * contract of its list. */
static int call_check(struct zen_store_txn *t, const struct zen_addr_call *c,
		      const uint8_t *cid, int mint, struct zen_err *err)
{
	struct zen_slice raw;
	struct zen_tx tx;
	uint32_t number, index;
	int rc = chain_tx_raw(t, &raw, NULL, &number, &index, c->tx_hash, err);

	if (rc == ZEN_ENOTFOUND)
		return differs(err, "an execution's transaction is not on the "
			       "main chain");
	if (rc)
		return rc;
	zen_tx_init(&tx);
	if (number != c->block || index != c->index ||
	    zen_tx_decode(&tx, raw.p, raw.len, NULL) ||
	    c->witness >= tx.n_witnesses ||
	    tx.witnesses[c->witness].id != ZEN_WITNESS_CONTRACT ||
	    (cid && (chain_get32(cid) != tx.witnesses[c->witness].cid.version ||
		     memcmp(cid + 4, tx.witnesses[c->witness].cid.hash,
			    ZEN_HASH_LEN))))
		rc = differs(err, "an %s is not where it says",
			     mint ? "asset's mint" : "execution");
	zen_tx_release(&tx);
	return rc;
}

static int call_entry(struct lists *l, const uint8_t *v, size_t vlen,
		      struct zen_err *err)
{
	struct zen_addr_call c;

	if (vlen != ADDR_CALL_LEN)
		return differs(err, "an execution is malformed");
	addr_call_decode(&c, v);
	return call_check(l->t, &c, l->tail, 0, err);
}

static int check_lists(struct zen_store_txn *t, uint8_t kind, uint32_t synced,
		       uint64_t want, struct zen_err *err)
{
	struct lists l = {
		.t = t, .synced = synced,
		.count_kind = kind == ADDR_HISTORY ? ADDR_COUNT : ADDR_CALLS,
		.tail_len = kind == ADDR_HISTORY ? 0 : ZEN_CONTRACT_ID_RAW_LEN,
		.entry = kind == ADDR_HISTORY ? history_entry : call_entry,
	};
	uint64_t counts = 0;
	int rc = scan(t, kind, list_one, &l, err) ?: list_end(&l, err);

	free(l.sums);
	if (!rc && l.total != want)
		rc = differs(err, "%llu %s, the blocks have %llu",
			     (unsigned long long)l.total,
			     kind == ADDR_HISTORY ? "history entries" :
			     "executions", (unsigned long long)want);
	/* no count without a list (undone lists lose their count) */
	if (!rc) {
		struct addr_key k;
		struct zen_store_cursor *c;
		struct zen_slice key;
		enum zen_store_seek how = ZEN_SEEK_GE;

		addr_key_start(&k, l.count_kind);
		rc = zen_store_cursor_open(t, ZEN_DB_ADDR, &c, err);
		while (!rc) {
			rc = zen_store_cursor_seek(c, how, k.b, 1, &key, NULL,
						   err);
			how = ZEN_SEEK_NEXT;
			if (rc || key.p[0] != l.count_kind)
				break;
			counts++;
		}
		zen_store_cursor_close(c);
		if (rc == ZEN_ENOTFOUND)
			rc = 0;
		if (!rc && counts != l.lists)
			rc = differs(err, "a count has no list");
	}
	return rc;
}

/* ---- outputs, unspent marks, balances ---- */

struct unspent {
	struct zen_store_txn *t;
	int at_tip;
	uint64_t n, outputs;
	struct bal { struct addr_key k; uint64_t n; unsigned __int128 amount; } *v;
	size_t n_v, cap_v;
};

/* An output entry: well formed; at the tip, if the UTXO set has it
 * (with the same bytes), it counts for its address's balance. */
static int output_one(void *ctx, const uint8_t *k, size_t klen,
		      const uint8_t *v, size_t vlen, struct zen_err *err)
{
	struct unspent *u = ctx;
	struct zen_address a;
	struct zen_output o;
	struct zen_reader r;
	struct zen_slice uv;
	uint8_t outpoint[ZEN_HASH_LEN + 4];
	size_t al = addr_decode(&a, k, klen);
	int rc;

	if (!al || klen != al + ADDR_LOC_LEN || vlen <= ZEN_HASH_LEN)
		return differs(err, "an output entry is malformed");
	u->outputs++;
	if (!u->at_tip)
		return 0;
	/* the UTXO set's key: tx hash || output index */
	memcpy(outpoint, v, ZEN_HASH_LEN);
	memcpy(outpoint + ZEN_HASH_LEN, k + al + 8, 4);
	rc = zen_store_get(u->t, ZEN_DB_UTXO, outpoint, sizeof(outpoint), &uv,
			   err);
	if (rc == ZEN_ENOTFOUND)
		return 0;	/* spent */
	if (rc)
		return rc;
	if (uv.len != vlen - ZEN_HASH_LEN ||
	    memcmp(uv.p, v + ZEN_HASH_LEN, uv.len))
		return differs(err, "an output differs from the UTXO set's");
	zen_output_init(&o);
	zen_reader_init(&r, v + ZEN_HASH_LEN, vlen - ZEN_HASH_LEN);
	rc = zen_output_read(&r, &o, NULL);
	if (!rc) {
		struct bal *b;

		ZEN_GROW(u->v, u->n_v + 1, u->cap_v);
		b = &u->v[u->n_v++];
		addr_key_start(&b->k, ADDR_BALANCE);
		addr_key_addr(&b->k, &a);
		addr_key_asset(&b->k, &o.spend.asset);
		b->n = 1;
		b->amount = o.spend.amount;
	}
	zen_output_release(&o);
	u->n++;
	return rc ? differs(err, "an output is malformed") : 0;
}

static int bal_cmp(const void *a, const void *b)
{
	const struct addr_key *x = &((const struct bal *)a)->k;
	const struct addr_key *y = &((const struct bal *)b)->k;
	int c = memcmp(x->b, y->b, x->len < y->len ? x->len : y->len);

	return c ? c : (x->len > y->len) - (x->len < y->len);
}

struct balances {
	struct unspent *u;
	size_t at;
};

static int balance_one(void *ctx, const uint8_t *k, size_t klen,
		       const uint8_t *v, size_t vlen, struct zen_err *err)
{
	struct balances *bs = ctx;
	struct unspent *u = bs->u;
	uint64_t n = 0, outputs;
	unsigned __int128 amount = 0, stored;
	size_t i = bs->at;

	if (vlen != ADDR_BALANCE_LEN || i >= u->n_v ||
	    u->v[i].k.len != klen + 1 || memcmp(u->v[i].k.b + 1, k, klen))
		return differs(err, "a balance is not what the unspent outputs "
			       "add up to");
	for (; bs->at < u->n_v && !bal_cmp(&u->v[i], &u->v[bs->at]); bs->at++) {
		n += u->v[bs->at].n;
		amount += u->v[bs->at].amount;
	}
	addr_balance_decode(v, &outputs, &stored);
	if (outputs != n || stored != amount)
		return differs(err, "a balance is not what the unspent outputs "
			       "add up to");
	return 0;
}

static int count_kind(void *ctx, const uint8_t *k, size_t klen,
		      const uint8_t *v, size_t vlen, struct zen_err *err)
{
	(void)k; (void)klen; (void)v; (void)vlen; (void)err;
	++*(uint64_t *)ctx;
	return 0;
}

/* Unspent address outputs of the UTXO set (at the tip). */
static int count_addressed(void *ctx, const struct zen_outpoint *op,
			   const struct zen_output *out)
{
	struct zen_address a;

	(void)op;
	*(uint64_t *)ctx += addr_of_lock(&a, &out->lock) != 0;
	return 0;
}

static int utxo_count(struct zen_store_txn *t, uint64_t *n, struct zen_err *err)
{
	struct zen_chain_read r = { .t = t };

	*n = 0;
	return zen_chain_read_utxos(&r, count_addressed, n, err);
}

/* The output entries; at the tip, the balances against the unspent ones
 * (before, check_lists compares them with the histories). */
static int check_outputs(struct zen_store_txn *t, int at_tip,
			 const struct expect *x, struct zen_err *err)
{
	struct unspent u = { .t = t, .at_tip = at_tip };
	struct balances bs = { .u = &u };
	uint64_t in_utxo = 0;
	int rc = scan(t, ADDR_OUTPUT, output_one, &u, err);

	if (!rc && u.outputs != x->outputs)
		rc = differs(err, "%llu outputs, the blocks have %llu",
			     (unsigned long long)u.outputs,
			     (unsigned long long)x->outputs);
	if (!rc && u.n_v > 1)
		qsort(u.v, u.n_v, sizeof(*u.v), bal_cmp);
	if (!rc && at_tip)
		rc = scan(t, ADDR_BALANCE, balance_one, &bs, err);
	if (!rc && at_tip && bs.at != u.n_v)
		rc = differs(err, "unspent outputs without a balance");
	if (!rc && at_tip && !(rc = utxo_count(t, &in_utxo, err)) &&
	    in_utxo != u.n)
		rc = differs(err, "%llu unspent outputs, the UTXO set has %llu",
			     (unsigned long long)u.n,
			     (unsigned long long)in_utxo);
	free(u.v);
	return rc;
}

/* ---- mints ---- */

static int mint_one(void *ctx, const uint8_t *k, size_t klen, const uint8_t *v,
		    size_t vlen, struct zen_err *err)
{
	struct expect *x = ctx;
	struct zen_asset asset;
	struct zen_reader r;
	struct zen_addr_call c;

	zen_reader_init(&r, k, klen);
	if (zen_read_asset(&r, &asset, NULL) || zen_reader_left(&r) ||
	    vlen != ADDR_CALL_LEN)
		return differs(err, "a mint is malformed");
	addr_call_decode(&c, v);
	for (size_t i = 0; i < x->n_mints; i++)
		if (!zen_asset_cmp(&x->mints[i].asset, &asset)) {
			if (memcmp(&x->mints[i].c, &c, sizeof(c)))
				break;
			x->mints[i].c.block = UINT32_MAX;	/* seen */
			return 0;
		}
	return differs(err, "a mint is not the asset's last");
}

static int check_mints(struct zen_store_txn *t, struct expect *x,
		       struct zen_err *err)
{
	int rc = scan(t, ADDR_MINT, mint_one, x, err);

	for (size_t i = 0; !rc && i < x->n_mints; i++)
		if (x->mints[i].c.block != UINT32_MAX)
			rc = differs(err, "a minted asset has no mint");
	return rc;
}

/* Nothing in the database but the kinds of addr-int.h. */
static int check_kinds(struct zen_store_txn *t, struct zen_err *err)
{
	static const uint8_t kinds[] = { ADDR_BALANCE, ADDR_COUNT, ADDR_HISTORY,
					 ADDR_MINT, ADDR_OUTPUT,
					 ADDR_CALL, ADDR_CALLS, ADDR_MARK };
	uint64_t n = 0, total;
	int rc = 0;

	for (size_t i = 0; !rc && i < ZEN_ARRAY_SIZE(kinds); i++)
		rc = scan(t, kinds[i], count_kind, &n, err);
	if (!rc && !(rc = zen_store_count(t, ZEN_DB_ADDR, &total, err)) &&
	    total != n)
		rc = differs(err, "%llu entries of no known kind",
			     (unsigned long long)(total - n));
	return rc;
}

int chain_addr_verify(const struct zen_chain_params *p, struct zen_store_txn *t,
		      uint32_t tip, struct zen_err *err)
{
	struct expect x = { 0 };
	struct addr_mark m;
	uint64_t n, undo;
	struct zen_slice v;
	uint8_t be[4];
	int rc = addr_mark_get(t, &m, err);

	if (!rc && !m.enabled) {
		rc = zen_store_count(t, ZEN_DB_ADDR, &n, err) ?:
		     zen_store_count(t, ZEN_DB_ADDR_UNDO, &undo, err);
		return rc ? rc : n || undo ? differs(err, "entries while it is "
						     "not enabled") : 0;
	}
	if (!rc && m.synced > tip)
		return differs(err, "marked at block %u past the tip %u",
			       m.synced, tip);
	chain_put32(be, m.synced);
	if (!rc && m.synced &&
	    ((rc = zen_store_get(t, ZEN_DB_MAIN, be, 4, &v, err)) ||
	     v.len != ZEN_HASH_LEN || memcmp(v.p, m.hash, ZEN_HASH_LEN)))
		return rc && rc != ZEN_ENOTFOUND ? rc :
		       differs(err, "its mark is off the main chain");
	if (!rc && !(rc = zen_store_count(t, ZEN_DB_ADDR_UNDO, &undo, err)) &&
	    undo != m.synced)
		rc = differs(err, "%llu undo records for %u blocks",
			     (unsigned long long)undo, m.synced);
	for (uint32_t b = 1; !rc && b <= m.synced; b++)
		rc = expect_block(p, t, &x, b, err);
	rc = rc ?: check_kinds(t, err) ?:
	     check_outputs(t, m.synced == tip, &x, err) ?:
	     check_lists(t, ADDR_HISTORY, m.synced, x.entries, err) ?:
	     check_lists(t, ADDR_CALL, m.synced, x.calls, err) ?:
	     check_mints(t, &x, err);
	free(x.mints);
	return rc;
}
