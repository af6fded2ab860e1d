/*
 * addrindex.c - a block's indexing and its undo (addr-int.h), and the
 * hooks block connection and disconnection call (chain.c).
 *
 * A block is walked once, gathering what it does: the outputs it sends to
 * addresses, the changes of balances, the history entries and the
 * executions.  Then everything is written sorted by key, one read and one
 * write per key, the outputs through one cursor.  Outputs are keyed in
 * the chain's order, so that a block's go at the end of their address's:
 * on few pages.  Whether one is spent is the chain's UTXO set's to say
 * (the reads ask it), so spending costs the index nothing but a balance.
 *
 * Undo.  Only the writes that cannot be worked out again from the block
 * are logged with their previous values: balances, the counts of the
 * numbered lists and mints.  The rest is undone from the block: the
 * entries appended to a list are those past its logged count, and the
 * outputs it created go.  So the undo record is a few bytes per address a
 * block touches, not per output.
 */
#include <stdlib.h>
#include <string.h>

#include "core/chain/addr-int.h"

/* A block's change of one balance. */
struct bal {
	struct addr_key k;
	unsigned __int128 add, sub;
	uint64_t n_add, n_sub;
};

/* A history entry of the block, for the address addr. */
struct hist {
	struct addr_key addr;		/* the address alone (no kind) */
	size_t order;			/* its place among the address's */
	struct addr_entry e;
};

/* An execution of the block. */
struct call {
	struct zen_contract_id cid;
	struct zen_addr_call c;
};

/* What one transaction does to one address in one asset. */
struct touch {
	struct zen_address a;
	struct zen_asset asset;
	unsigned __int128 in, out;
	int has_in, has_out;
	struct zen_outpoint out_op;	/* the smallest outpoint spent */
	struct addr_entry lock_in, lock_out;	/* their locks */
};

/* An output entry to write (not logged: undone from the block). */
struct op {
	struct addr_key k;
	size_t val, vlen;		/* the value at val of the buffer */
};

struct indexing {
	const struct zen_chain_params *p;
	const struct chain_addr_block *blk;
	struct addr_writer w;
	struct zen_reader spent;
	struct op *ops;
	size_t n_ops, cap_ops;
	struct zen_buf vals;		/* their values */
	struct bal *bal;
	size_t n_bal, cap_bal;
	struct hist *hist;
	size_t n_hist, cap_hist;
	struct call *calls;
	size_t n_calls, cap_calls;
	struct touch *touch;
	size_t n_touch, cap_touch;
	struct zen_buf scratch;
};

static void indexing_release(struct indexing *x)
{
	free(x->ops);
	zen_buf_release(&x->vals);
	free(x->bal);
	free(x->hist);
	free(x->calls);
	free(x->touch);
	zen_buf_release(&x->scratch);
	zen_buf_release(&x->w.log);
}

static int damaged(struct zen_err *err, const char *what)
{
	return zen_fail(err, ZEN_ESTORE, "store is damaged: address index %s",
			what);
}

/* 'O' || a || loc -> value. */
static void op_add(struct indexing *x, const struct zen_address *a,
		   const struct addr_loc *loc, const void *value, size_t vlen)
{
	struct op *o;

	ZEN_GROW(x->ops, x->n_ops + 1, x->cap_ops);
	o = &x->ops[x->n_ops++];
	addr_key_start(&o->k, ADDR_OUTPUT);
	addr_key_addr(&o->k, a);
	addr_key_loc(&o->k, loc);
	o->val = x->vals.len;
	o->vlen = vlen;
	zen_buf_add(&x->vals, value, vlen);
}

static void bal_add(struct indexing *x, const struct zen_address *a,
		    const struct zen_spend *s, int spent)
{
	struct bal *b;

	ZEN_GROW(x->bal, x->n_bal + 1, x->cap_bal);
	b = &x->bal[x->n_bal++];
	memset(b, 0, sizeof(*b));
	addr_key_start(&b->k, ADDR_BALANCE);
	addr_key_addr(&b->k, a);
	addr_key_asset(&b->k, &s->asset);
	if (spent) {
		b->sub = s->amount;
		b->n_sub = 1;
	} else {
		b->add = s->amount;
		b->n_add = 1;
	}
}

static int same_addr(const struct zen_address *a, const struct zen_address *b)
{
	if (a->is_contract != b->is_contract)
		return 0;
	if (a->is_contract)
		return a->cid.version == b->cid.version &&
		       !memcmp(a->cid.hash, b->cid.hash, ZEN_HASH_LEN);
	return !memcmp(a->pk_hash, b->pk_hash, ZEN_HASH_LEN);
}

/* The touch of (a, asset) in the transaction, new when there is none
 * (a transaction touches few addresses: a linear search). */
static struct touch *touch_of(struct indexing *x, const struct zen_address *a,
			      const struct zen_asset *asset)
{
	struct touch *t;

	for (size_t i = 0; i < x->n_touch; i++)
		if (same_addr(&x->touch[i].a, a) &&
		    !zen_asset_cmp(&x->touch[i].asset, asset))
			return &x->touch[i];
	ZEN_GROW(x->touch, x->n_touch + 1, x->cap_touch);
	t = &x->touch[x->n_touch++];
	memset(t, 0, sizeof(*t));
	t->a = *a;
	t->asset = *asset;
	return t;
}

/* An input of tx spends o (from the undo data): a balance and a history
 * entry change. */
static int spend_one(struct indexing *x, const struct zen_input *in,
		     const struct zen_output *o)
{
	struct zen_address a;
	struct touch *t;

	if (!addr_of_lock(&a, &o->lock))
		return 0;
	bal_add(x, &a, &o->spend, 1);
	t = touch_of(x, &a, &o->spend.asset);
	t->out += o->spend.amount;
	if (!t->has_out || zen_outpoint_cmp(&in->outpoint, &t->out_op) < 0) {
		t->out_op = in->outpoint;
		addr_entry_lock(&t->lock_out, &o->lock);
	}
	t->has_out = 1;
	return 0;
}

/* The inputs of tx i: the outputs they spend, read from the undo data. */
static int spend_inputs(struct indexing *x, const struct zen_tx *tx)
{
	int rc = 0;

	for (size_t j = 0; !rc && j < tx->n_inputs; j++) {
		struct zen_output o;

		if (tx->inputs[j].kind != ZEN_INPUT_OUTPOINT)
			continue;
		zen_output_init(&o);
		if (zen_output_read(&x->spent, &o, NULL))
			rc = zen_fail(x->w.err, ZEN_ESTORE,
				      "store is damaged: bad undo data");
		else
			rc = spend_one(x, &tx->inputs[j], &o);
		zen_output_release(&o);
	}
	return rc;
}

/* The outputs of tx i to addresses: their entries, balances, history. */
static void receive_outputs(struct indexing *x, const struct zen_tx *tx,
			    uint32_t i)
{
	struct addr_loc loc = { .block = x->blk->b->header.block_number,
				.index = i };

	for (size_t j = 0; j < tx->n_outputs; j++) {
		const struct zen_output *o = &tx->outputs[j];
		struct zen_address a;
		struct touch *t;

		if (!addr_of_lock(&a, &o->lock))
			continue;
		loc.output = (uint32_t)j;
		zen_buf_reset(&x->scratch);
		zen_buf_add(&x->scratch, tx->tx_hash, ZEN_HASH_LEN);
		zen_output_write(&x->scratch, o);
		op_add(x, &a, &loc, x->scratch.data, x->scratch.len);
		bal_add(x, &a, &o->spend, 0);
		t = touch_of(x, &a, &o->spend.asset);
		if (!t->has_in)
			addr_entry_lock(&t->lock_in, &o->lock);
		t->has_in = 1;
		t->in += o->spend.amount;
	}
}

/* Assets descending: the history is read backwards (addr-int.h). */
static int touch_cmp(const void *a, const void *b)
{
	const struct touch *x = a, *y = b;

	return -zen_asset_cmp(&x->asset, &y->asset);
}

/* The transaction's touches become history entries. */
static void gather_history(struct indexing *x, const struct zen_tx *tx,
			   uint32_t i)
{
	const struct zen_header *h = &x->blk->b->header;

	if (x->n_touch > 1)
		qsort(x->touch, x->n_touch, sizeof(*x->touch), touch_cmp);
	for (size_t j = 0; j < x->n_touch; j++) {
		const struct touch *t = &x->touch[j];
		unsigned __int128 mag = t->in >= t->out ? t->in - t->out :
						t->out - t->in;
		struct hist *hs;

		ZEN_GROW(x->hist, x->n_hist + 1, x->cap_hist);
		hs = &x->hist[x->n_hist];
		memset(hs, 0, sizeof(*hs));
		hs->order = x->n_hist++;
		hs->addr.len = 0;
		addr_key_addr(&hs->addr, &t->a);
		hs->e = t->has_in ? t->lock_in : t->lock_out;
		hs->e.block = h->block_number;
		hs->e.index = i;
		memcpy(hs->e.tx_hash, tx->tx_hash, ZEN_HASH_LEN);
		hs->e.timestamp = h->timestamp;
		hs->e.negative = t->out > t->in;
		hs->e.incoming = t->has_in;
		/* a transaction's amounts of one asset fit in 64 bits
		 * (validation), so does their difference */
		hs->e.amount = mag > UINT64_MAX ? UINT64_MAX : (uint64_t)mag;
		hs->e.asset = t->asset;
	}
	x->n_touch = 0;
}

/* The contract witnesses of tx i (executions), and its mints. */
static int gather_calls(struct indexing *x, const struct zen_tx *tx, uint32_t i)
{
	struct zen_addr_call c = { .block = x->blk->b->header.block_number,
				   .index = i };
	uint8_t v[ADDR_CALL_LEN];
	int first = -1, rc = 0;

	memcpy(c.tx_hash, tx->tx_hash, ZEN_HASH_LEN);
	for (size_t k = 0; k < tx->n_witnesses; k++) {
		struct call *cl;

		if (tx->witnesses[k].id != ZEN_WITNESS_CONTRACT)
			continue;
		if (first < 0)
			first = (int)k;
		ZEN_GROW(x->calls, x->n_calls + 1, x->cap_calls);
		cl = &x->calls[x->n_calls++];
		cl->cid = tx->witnesses[k].cid;
		cl->c = c;
		cl->c.witness = (uint32_t)k;
	}
	/* the reference records a mint with its first contract witness */
	c.witness = (uint32_t)first;
	addr_call_encode(v, &c);
	for (size_t j = 0; !rc && first >= 0 && j < tx->n_inputs; j++) {
		struct addr_key k;

		if (tx->inputs[j].kind != ZEN_INPUT_MINT)
			continue;
		addr_key_start(&k, ADDR_MINT);
		addr_key_asset(&k, &tx->inputs[j].mint.asset);
		rc = addr_put(&x->w, &k, v, sizeof(v));
	}
	return rc;
}

static int walk_txs(struct indexing *x)
{
	const struct zen_block *b = x->blk->b;
	int genesis = zen_block_is_genesis(x->p, &b->header), rc = 0;

	zen_reader_init(&x->spent, x->blk->spent, x->blk->spent_len);
	for (size_t i = 0; !rc && i < b->n_txs; i++) {
		const struct zen_tx *tx = &b->txs[i];

		if (!genesis && i > 0)
			rc = spend_inputs(x, tx);
		receive_outputs(x, tx, (uint32_t)i);
		if (!rc)
			rc = gather_calls(x, tx, (uint32_t)i);
		gather_history(x, tx, (uint32_t)i);
	}
	if (!rc && zen_reader_left(&x->spent))
		rc = zen_fail(x->w.err, ZEN_ESTORE,
			      "store is damaged: bad undo data");
	return rc;
}

/* ---- the sorted writes ---- */

static int key_cmp(const struct addr_key *x, const struct addr_key *y)
{
	int c = memcmp(x->b, y->b, x->len < y->len ? x->len : y->len);

	return c ? c : (x->len > y->len) - (x->len < y->len);
}

static int op_cmp(const void *a, const void *b)
{
	return key_cmp(&((const struct op *)a)->k, &((const struct op *)b)->k);
}

/* The outputs, in key order through one cursor. */
static int write_ops(struct indexing *x)
{
	struct zen_store_cursor *c;
	int rc;

	if (x->n_ops > 1)
		qsort(x->ops, x->n_ops, sizeof(*x->ops), op_cmp);
	rc = zen_store_cursor_open(x->w.t, ZEN_DB_ADDR, &c, x->w.err);
	for (size_t i = 0; !rc && i < x->n_ops; i++)
		rc = zen_store_cursor_put(c, x->ops[i].k.b, x->ops[i].k.len,
					  x->vals.data + x->ops[i].val,
					  x->ops[i].vlen, x->w.err);
	zen_store_cursor_close(c);
	return rc;
}

static int bal_cmp(const void *a, const void *b)
{
	return key_cmp(&((const struct bal *)a)->k, &((const struct bal *)b)->k);
}

/* The merged changes of one balance key from x->bal[*i] on. */
static int write_balance(struct indexing *x, size_t *i)
{
	unsigned __int128 amount = 0, add = 0, sub = 0;
	uint64_t n = 0, n_add = 0, n_sub = 0;
	uint8_t v[ADDR_BALANCE_LEN];
	struct zen_slice prior;
	size_t j = *i;
	int had, rc;

	for (; j < x->n_bal && !key_cmp(&x->bal[*i].k, &x->bal[j].k); j++) {
		add += x->bal[j].add;
		sub += x->bal[j].sub;
		n_add += x->bal[j].n_add;
		n_sub += x->bal[j].n_sub;
	}
	rc = addr_prior(&x->w, &x->bal[*i].k, &prior, &had);
	if (!rc && had && prior.len != ADDR_BALANCE_LEN)
		rc = damaged(x->w.err, "has a bad balance");
	if (!rc && had)
		addr_balance_decode(prior.p, &n, &amount);
	if (!rc && (amount + add < sub || n + n_add < n_sub))
		rc = damaged(x->w.err, "balance does not add up");
	if (!rc && n + n_add - n_sub == 0) {
		if (had)
			rc = zen_store_del(x->w.t, ZEN_DB_ADDR, x->bal[*i].k.b,
					   x->bal[*i].k.len, x->w.err);
	} else if (!rc) {
		addr_balance_encode(v, n + n_add - n_sub, amount + add - sub);
		rc = zen_store_put(x->w.t, ZEN_DB_ADDR, x->bal[*i].k.b,
				   x->bal[*i].k.len, v, sizeof(v), x->w.err);
	}
	*i = j;
	return rc;
}

static int hist_cmp(const void *a, const void *b)
{
	const struct hist *x = a, *y = b;
	int c = key_cmp(&x->addr, &y->addr);

	return c ? c : (x->order > y->order) - (x->order < y->order);
}

/*
 * Append count entries to a numbered list: kind || tail || u32 seq, seq
 * from the list's counter (count_kind || tail), which grows by count.
 * entry(ctx, j, out) writes the value of the j-th.
 */
static int append_list(struct indexing *x, uint8_t count_kind, uint8_t kind,
		       const struct addr_key *tail, size_t count,
		       void (*entry)(void *ctx, size_t j, struct zen_buf *out),
		       void *ctx)
{
	struct addr_key ck, k;
	struct zen_slice prior;
	uint32_t seq = 0;
	uint8_t be[4];
	int had, rc;

	addr_key_start(&ck, count_kind);
	addr_key_bytes(&ck, tail->b, tail->len);
	rc = addr_prior(&x->w, &ck, &prior, &had);
	if (!rc && had && prior.len != 4)
		rc = damaged(x->w.err, "has a bad count");
	if (!rc && had)
		seq = chain_get32(prior.p);
	for (size_t j = 0; !rc && j < count; j++) {
		addr_key_start(&k, kind);
		addr_key_bytes(&k, tail->b, tail->len);
		addr_key_u32(&k, seq++);
		zen_buf_reset(&x->scratch);
		entry(ctx, j, &x->scratch);
		/* not logged: the undo deletes what is past the count */
		rc = zen_store_put(x->w.t, ZEN_DB_ADDR, k.b, k.len,
				   x->scratch.data, x->scratch.len, x->w.err);
	}
	chain_put32(be, seq);
	return rc ?: zen_store_put(x->w.t, ZEN_DB_ADDR, ck.b, ck.len, be, 4,
				   x->w.err);
}

static void hist_entry(void *ctx, size_t j, struct zen_buf *out)
{
	addr_entry_write(out, &((const struct hist *)ctx)[j].e);
}

static int write_history(struct indexing *x)
{
	int rc = 0;

	if (x->n_hist > 1)
		qsort(x->hist, x->n_hist, sizeof(*x->hist), hist_cmp);
	for (size_t i = 0, j; !rc && i < x->n_hist; i = j) {
		for (j = i + 1; j < x->n_hist &&
		     !key_cmp(&x->hist[i].addr, &x->hist[j].addr); j++)
			;
		rc = append_list(x, ADDR_COUNT, ADDR_HISTORY, &x->hist[i].addr,
				 j - i, hist_entry, &x->hist[i]);
	}
	return rc;
}

/* By contract, then transactions and witnesses descending. */
static int call_cmp(const void *a, const void *b)
{
	const struct call *x = a, *y = b;
	int c = x->cid.version != y->cid.version ?
		(x->cid.version < y->cid.version ? -1 : 1) :
		memcmp(x->cid.hash, y->cid.hash, ZEN_HASH_LEN);

	if (c)
		return c;
	if (x->c.index != y->c.index)
		return x->c.index > y->c.index ? -1 : 1;
	return (x->c.witness < y->c.witness) - (x->c.witness > y->c.witness);
}

static void call_entry(void *ctx, size_t j, struct zen_buf *out)
{
	uint8_t v[ADDR_CALL_LEN];

	addr_call_encode(v, &((const struct call *)ctx)[j].c);
	zen_buf_add(out, v, sizeof(v));
}

static int write_calls(struct indexing *x)
{
	int rc = 0;

	if (x->n_calls > 1)
		qsort(x->calls, x->n_calls, sizeof(*x->calls), call_cmp);
	for (size_t i = 0, j; !rc && i < x->n_calls; i = j) {
		struct addr_key tail;

		for (j = i + 1; j < x->n_calls &&
		     !memcmp(&x->calls[i].cid, &x->calls[j].cid,
			     sizeof(x->calls[i].cid)); j++)
			;
		tail.len = 0;
		addr_key_cid(&tail, &x->calls[i].cid);
		rc = append_list(x, ADDR_CALLS, ADDR_CALL, &tail, j - i,
				 call_entry, &x->calls[i]);
	}
	return rc;
}

int chain_addr_index(const struct zen_chain_params *p, struct zen_store_txn *t,
		     const struct addr_mark *m,
		     const struct chain_addr_block *blk, struct zen_err *err)
{
	struct indexing x = { .p = p, .blk = blk,
			      .w = { .t = t, .log = ZEN_BUF_INIT, .err = err } };
	struct addr_mark next = *m;
	int rc = walk_txs(&x) ?: write_ops(&x);

	if (!rc && x.n_bal > 1)
		qsort(x.bal, x.n_bal, sizeof(*x.bal), bal_cmp);
	for (size_t i = 0; !rc && i < x.n_bal;)
		rc = write_balance(&x, &i);
	rc = rc ?: write_history(&x) ?: write_calls(&x) ?:
	     zen_store_put(t, ZEN_DB_ADDR_UNDO, blk->hash, ZEN_HASH_LEN,
			   x.w.log.data, x.w.log.len, err);
	next.synced = blk->b->header.block_number;
	memcpy(next.hash, blk->hash, ZEN_HASH_LEN);
	if (!rc)
		rc = addr_mark_put(t, &next, err);
	indexing_release(&x);
	return rc;
}

/* ---- the hooks ---- */

int chain_addr_connect(const struct zen_chain_params *p, struct zen_store_txn *t,
		       const struct chain_addr_block *blk, struct zen_err *err)
{
	const struct zen_header *h = &blk->b->header;
	struct addr_mark m;
	int rc = addr_mark_get(t, &m, err);

	if (rc || !m.enabled || m.synced + 1 != h->block_number)
		return rc;	/* off, or behind: the build takes it */
	if (m.synced && memcmp(m.hash, h->parent, ZEN_HASH_LEN))
		return damaged(err, "mark is off the main chain");
	return chain_addr_index(p, t, &m, blk, err);
}

/* The entries appended to the list of a count the log names: those past
 * the count it had before the block. */
static int undo_appended(struct zen_store_txn *t,
			 const struct addr_undo_rec *r, struct zen_err *err)
{
	uint8_t kind = r->key[0] == ADDR_COUNT ? ADDR_HISTORY : ADDR_CALL;
	uint32_t prior = 0, now;
	struct addr_key ck, k;
	int rc;

	if (r->had && r->vlen != 4)
		return damaged(err, "has a bad count");
	if (r->had)
		prior = chain_get32(r->val);
	ck.len = 0;
	addr_key_bytes(&ck, r->key, r->klen);
	if ((rc = addr_get_u32(t, &ck, &now, err)))
		return rc;
	for (uint32_t seq = prior; !rc && seq < now; seq++) {
		addr_key_start(&k, kind);
		addr_key_bytes(&k, r->key + 1, r->klen - 1);
		addr_key_u32(&k, seq);
		rc = zen_store_del(t, ZEN_DB_ADDR, k.b, k.len, err);
		if (rc == ZEN_ENOTFOUND)
			rc = damaged(err, "misses a list entry to undo");
	}
	return rc;
}

/* The outputs blk created go. */
static int undo_created(struct zen_store_txn *t,
			const struct chain_addr_block *blk, struct zen_err *err)
{
	struct addr_loc loc = { .block = blk->b->header.block_number };
	int rc = 0;

	for (size_t i = 0; !rc && i < blk->b->n_txs; i++) {
		const struct zen_tx *tx = &blk->b->txs[i];

		loc.index = (uint32_t)i;
		for (size_t j = 0; !rc && j < tx->n_outputs; j++) {
			struct zen_address a;
			struct addr_key k;

			if (!addr_of_lock(&a, &tx->outputs[j].lock))
				continue;
			loc.output = (uint32_t)j;
			addr_key_start(&k, ADDR_OUTPUT);
			addr_key_addr(&k, &a);
			addr_key_loc(&k, &loc);
			rc = zen_store_del(t, ZEN_DB_ADDR, k.b, k.len, err);
			if (rc == ZEN_ENOTFOUND)
				rc = damaged(err, "misses an output to undo");
		}
	}
	return rc;
}

/* What blk did, undone: the appended entries (before their counts go
 * back), the outputs, then the logged values. */
static int undo_block(struct zen_store_txn *t,
		      const struct chain_addr_block *blk,
		      const struct zen_buf *log, struct zen_err *err)
{
	struct addr_undo_rec *recs;
	size_t n;
	int rc = addr_undo_parse(log->data, log->len, &recs, &n, err);

	for (size_t i = 0; !rc && i < n; i++)
		if (recs[i].klen > 1 && (recs[i].key[0] == ADDR_COUNT ||
					 recs[i].key[0] == ADDR_CALLS))
			rc = undo_appended(t, &recs[i], err);
	free(recs);
	return rc ?: undo_created(t, blk, err) ?:
	       addr_undo_log(t, log->data, log->len, err);
}

int chain_addr_disconnect(const struct zen_chain_params *p,
			  struct zen_store_txn *t,
			  const struct chain_addr_block *blk,
			  struct zen_err *err)
{
	const struct zen_header *h = &blk->b->header;
	struct zen_buf log = ZEN_BUF_INIT;
	struct addr_mark m;
	struct zen_slice v;
	int rc = addr_mark_get(t, &m, err);

	(void)p;	/* the block says all */
	if (rc || !m.enabled || m.synced != h->block_number ||
	    memcmp(m.hash, blk->hash, ZEN_HASH_LEN))
		return rc;	/* not indexed yet */
	rc = zen_store_get(t, ZEN_DB_ADDR_UNDO, blk->hash, ZEN_HASH_LEN, &v,
			   err);
	if (rc == ZEN_ENOTFOUND)
		return damaged(err, "undo missing");
	if (rc)
		return rc;
	/* a copy: the writes below invalidate LMDB's view */
	zen_buf_add(&log, v.p, v.len);
	rc = undo_block(t, blk, &log, err) ?:
	     zen_store_del(t, ZEN_DB_ADDR_UNDO, blk->hash, ZEN_HASH_LEN, err);
	zen_buf_release(&log);
	m.synced--;
	if (m.synced)
		memcpy(m.hash, h->parent, ZEN_HASH_LEN);
	else
		memset(m.hash, 0, ZEN_HASH_LEN);
	return rc ?: addr_mark_put(t, &m, err);
}
