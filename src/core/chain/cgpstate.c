/*
 * cgpstate.c - the CGP's bookkeeping in the chain store (cgpstate.h,
 * cgp-and-chain.md 5, 6.2, 6.3, 6.7): the balances and pool funds every
 * block moves, the snapshot, the state after each block, the undo, the
 * reads and the check of zen node verify.  The database's plumbing is
 * cgpstore.c's, the votes cgpvotes.c's.
 *
 * Undo.  Every write of a block's connection logs the value it replaces;
 * disconnection puts the old values back newest first.  So a reorganisation
 * restores the tables exactly, and a key that voted in an earlier block
 * keeps that vote (the reference loses it, its quirk 18.2; the schedule of
 * the main chain, which decides consensus, is the same either way).
 */
#include <stdlib.h>
#include <string.h>

#include "core/chain/cgp-int.h"
#include "core/consensus/consensus.h"

/* ---- balances and funds (6.2, 6.3) ---- */

/* A change of one balance or fund by a block.  head is k's first eight
 * bytes as a big-endian number (zeros past its end): it orders as they do,
 * so a sort compares whole keys only where the heads are equal. */
struct delta {
	uint64_t head;
	struct cgp_key k;
	uint64_t add, sub;
};

struct deltas {
	struct delta *v;
	size_t n, cap;
	struct delta **order;	/* v sorted by key (deltas_sort) */
};

static int is_cgp_lock(const struct zen_chain_params *p,
		       const struct zen_lock *l)
{
	return l->id == ZEN_LOCK_CONTRACT &&
	       l->cid.version == p->cgp_contract_id.version &&
	       !memcmp(l->cid.hash, p->cgp_contract_id.hash, ZEN_HASH_LEN);
}

/* What output o counts for: the ZP balance of a PK hash (PK and Coinbase
 * locks, immature coinbases included) or the pool's funds. */
static void delta_of(const struct zen_chain_params *p, struct deltas *d,
		     const struct zen_output *o, int spent)
{
	struct delta *e;
	struct cgp_key k;

	if ((o->lock.id == ZEN_LOCK_PK || o->lock.id == ZEN_LOCK_COINBASE) &&
	    zen_asset_is_zp(&o->spend.asset)) {
		cgp_key_start(&k, CGP_BALANCE);
		cgp_key_bytes(&k, o->lock.pk_hash, ZEN_HASH_LEN);
	} else if (is_cgp_lock(p, &o->lock)) {
		cgp_key_start(&k, CGP_FUNDS);
		cgp_key_asset(&k, &o->spend.asset);
	} else {
		return;
	}
	ZEN_GROW(d->v, d->n + 1, d->cap);
	e = &d->v[d->n++];
	e->head = 0;
	for (size_t i = 0; i < 8; i++)
		e->head = e->head << 8 | (i < k.len ? k.b[i] : 0);
	e->k = k;
	e->add = spent ? 0 : o->spend.amount;
	e->sub = spent ? o->spend.amount : 0;
}

static int delta_cmp(const struct delta *da, const struct delta *db)
{
	const struct cgp_key *x = &da->k, *y = &db->k;
	int c;

	if (da->head != db->head)
		return da->head < db->head ? -1 : 1;
	c = memcmp(x->b, y->b, x->len < y->len ? x->len : y->len);

	return c ? c : (x->len > y->len) - (x->len < y->len);
}

static int delta_ptr_cmp(const void *a, const void *b)
{
	return delta_cmp(*(const struct delta *const *)a,
			 *(const struct delta *const *)b);
}

/* d->order: the deltas by key.  A block's thousands of deltas are sorted
 * as pointers, since moving the deltas themselves (a whole key each) cost
 * more than the comparisons. */
static void deltas_sort(struct deltas *d)
{
	d->order = zen_xcalloc(d->n ? d->n : 1, sizeof(*d->order));
	for (size_t i = 0; i < d->n; i++)
		d->order[i] = &d->v[i];
	if (d->n)
		qsort(d->order, d->n, sizeof(*d->order), delta_ptr_cmp);
}

static void deltas_release(struct deltas *d)
{
	free(d->order);
	free(d->v);
}

/* Every output the block creates, and every one its inputs spent. */
static int collect_deltas(const struct zen_chain_params *p,
			  const struct chain_cgp_block *blk, struct deltas *d,
			  struct zen_err *err)
{
	struct zen_reader r;
	int rc = 0;

	for (size_t i = 0; i < blk->b->n_txs; i++)
		for (size_t j = 0; j < blk->b->txs[i].n_outputs; j++)
			delta_of(p, d, &blk->b->txs[i].outputs[j], 0);
	zen_reader_init(&r, blk->spent, blk->spent_len);
	while (!rc && zen_reader_left(&r)) {
		struct zen_output o;

		zen_output_init(&o);
		if (zen_output_read(&r, &o, NULL))
			rc = zen_fail(err, ZEN_ESTORE,
				      "store is damaged: bad undo data");
		else
			delta_of(p, d, &o, 1);
		zen_output_release(&o);
	}
	return rc;
}

/* Apply the merged changes of one key from d->order[*i] on. */
static int apply_delta(struct cgp_writer *w, const struct deltas *d,
		       size_t *i)
{
	struct delta *const *order = d->order;
	const struct delta *first = order[*i];
	uint64_t old, add = 0, sub = 0;
	size_t j = *i;
	int rc;

	for (; j < d->n && !delta_cmp(first, order[j]); j++) {
		add += order[j]->add;
		sub += order[j]->sub;
	}
	rc = cgp_get_u64(w->t, &first->k, &old, w->err);
	if (!rc && (old + add < old || old + add < sub))
		rc = zen_fail(w->err, ZEN_ESTORE, "store is damaged: a cgp "
			      "balance does not add up");
	if (!rc)
		rc = cgp_put_u64(w, &first->k, old, old + add - sub);
	*i = j;
	return rc;
}

static int move_balances(const struct zen_chain_params *p,
			 struct cgp_writer *w,
			 const struct chain_cgp_block *blk)
{
	struct deltas d = { 0 };
	int rc = collect_deltas(p, blk, &d, w->err);

	deltas_sort(&d);
	for (size_t i = 0; !rc && i < d.n;)
		rc = apply_delta(w, &d, &i);
	deltas_release(&d);
	return rc;
}

/* Entries copied by the snapshot: collected first, since a cursor must
 * not run over a database being written. */
struct copy {
	struct cgp_key *k;
	uint8_t (*v)[8];
	size_t n, cap;
	uint8_t kind;
	uint32_t interval;
};

static int copy_one(void *ctx, const uint8_t *tail, size_t tlen,
		    const uint8_t *val, size_t vlen)
{
	struct copy *c = ctx;
	size_t cap = c->cap;

	if (vlen != 8 || tlen > CGP_KEY_MAX - 5)
		return CGP_SCAN_DAMAGED;
	ZEN_GROW(c->k, c->n + 1, c->cap);
	ZEN_GROW(c->v, c->n + 1, cap);
	cgp_key_start(&c->k[c->n], c->kind);
	cgp_key_u32(&c->k[c->n], c->interval);
	cgp_key_bytes(&c->k[c->n], tail, tlen);
	memcpy(c->v[c->n++], val, 8);
	return 0;
}

/* Freeze the running table from as the snapshot table to of interval. */
static int freeze(struct cgp_writer *w, uint8_t from, uint8_t to,
		  uint32_t interval)
{
	struct copy c = { .kind = to, .interval = interval };
	struct cgp_key prefix;
	int rc;

	cgp_key_start(&prefix, from);
	rc = cgp_scan(w->t, &prefix, copy_one, &c, w->err);
	if (rc == CGP_SCAN_DAMAGED)
		rc = zen_fail(w->err, ZEN_ESTORE,
			      "store is damaged: bad cgp balance");
	for (size_t i = 0; !rc && i < c.n; i++)
		rc = cgp_put(w, &c.k[i], c.v[i], 8);
	free(c.k);
	free(c.v);
	return rc;
}

/* ---- the hooks of block connection ---- */

static void state_key(struct cgp_key *k, const uint8_t hash[ZEN_HASH_LEN])
{
	cgp_key_start(k, CGP_STATE);
	cgp_key_bytes(k, hash, ZEN_HASH_LEN);
}

int chain_cgp_after(struct zen_store_txn *t, const struct zen_block_info *info,
		    struct zen_cgp_state *state, struct zen_err *err)
{
	struct cgp_key k;
	int rc;

	memset(state, 0, sizeof(*state));
	state->allocation = info->cgp.allocation;
	if (!info->cgp.has_payout)
		return 0;
	state_key(&k, info->hash);
	rc = cgp_state_get(t, &k, state, err);
	if (rc == ZEN_ENOTFOUND)
		rc = zen_fail(err, ZEN_ESTORE,
			      "store is damaged: cgp state missing");
	return rc;
}

int chain_cgp_for_block(const struct zen_chain_params *p,
			struct zen_store_txn *t, uint32_t number,
			struct zen_cgp_state *state, struct zen_err *err)
{
	struct zen_cgp_state winner;
	int rc;

	if (!zen_cgp_is_payout_block(p, number))
		return 0;
	rc = cgp_winner_get(t, zen_cgp_interval(p, number), &winner, err);
	if (rc && rc != ZEN_ENOTFOUND)
		return rc;
	zen_cgp_payout_release(&state->payout);
	state->has_payout = 0;
	if (rc == ZEN_ENOTFOUND)
		return 0;
	*state = winner;
	return 0;
}

/* The tally's schedule for block number (6.3), after its balances. */
static int schedule(const struct zen_chain_params *p, struct cgp_writer *w,
		    const struct chain_cgp_block *blk)
{
	uint32_t number = blk->b->header.block_number;
	uint32_t interval = zen_cgp_interval(p, number);
	uint32_t snapshot = zen_cgp_snapshot_block(p, interval);
	int rc = 0;

	if (number == snapshot)
		rc = freeze(w, CGP_BALANCE, CGP_SNAP_BALANCE, interval) ?:
		     freeze(w, CGP_FUNDS, CGP_SNAP_FUNDS, interval);
	if (!rc && number > snapshot)
		rc = cgp_record_votes(p, w, blk->b, blk->threads);
	if (!rc && number == zen_cgp_end_of_nomination(p, interval))
		rc = cgp_nominate(p, w, interval);
	/* also at genesis, for interval 1: {0, none}, as the reference */
	if (!rc && number == (interval - 1) * p->interval_length + 1)
		rc = cgp_tally(p, w, interval);
	return rc;
}

int chain_cgp_connect(const struct zen_chain_params *p,
		      struct zen_store_txn *t, const struct chain_cgp_block *blk,
		      struct zen_err *err)
{
	struct cgp_writer w = { .t = t, .log = ZEN_BUF_INIT, .err = err };
	struct cgp_key k;
	int rc = move_balances(p, &w, blk) ?: schedule(p, &w, blk);

	if (!rc && blk->state->has_payout) {
		state_key(&k, blk->hash);
		rc = cgp_state_put(&w, &k, blk->state);
	}
	if (!rc)
		rc = zen_store_put(t, ZEN_DB_CGP_UNDO, blk->hash, ZEN_HASH_LEN,
				   w.log.data, w.log.len, err);
	zen_buf_release(&w.log);
	return rc;
}

/* One record of an undo log. */
struct undo_rec {
	const uint8_t *key, *val;
	size_t klen, vlen;
	int had;
};

static int undo_parse(const uint8_t *p, size_t len, struct undo_rec **out,
		      size_t *n)
{
	size_t cap = 0, at = 0;

	*out = NULL;
	*n = 0;
	while (at < len) {
		struct undo_rec r = { 0 };

		if (len - at < 3)
			return ZEN_ESTORE;
		r.klen = (size_t)p[at] << 8 | p[at + 1];
		at += 2;
		if (len - at < r.klen + 1)
			return ZEN_ESTORE;
		r.key = p + at;
		at += r.klen;
		r.had = p[at++];
		if (r.had) {
			if (len - at < 4)
				return ZEN_ESTORE;
			r.vlen = chain_get32(p + at);
			at += 4;
			if (len - at < r.vlen)
				return ZEN_ESTORE;
			r.val = p + at;
			at += r.vlen;
		}
		ZEN_GROW(*out, *n + 1, cap);
		(*out)[(*n)++] = r;
	}
	return 0;
}

int chain_cgp_disconnect(struct zen_store_txn *t,
			 const uint8_t hash[ZEN_HASH_LEN], struct zen_err *err)
{
	struct zen_buf log = ZEN_BUF_INIT;
	struct undo_rec *recs = NULL;
	struct zen_slice v;
	size_t n = 0;
	int rc = zen_store_get(t, ZEN_DB_CGP_UNDO, hash, ZEN_HASH_LEN, &v, err);

	if (rc == ZEN_ENOTFOUND)
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: cgp undo missing");
	if (rc)
		return rc;
	/* a copy: the writes below invalidate LMDB's view */
	zen_buf_add(&log, v.p, v.len);
	if (undo_parse(log.data, log.len, &recs, &n))
		rc = zen_fail(err, ZEN_ESTORE,
			      "store is damaged: bad cgp undo data");
	while (!rc && n-- > 0) {
		const struct undo_rec *r = &recs[n];

		if (r->had)
			rc = zen_store_put(t, ZEN_DB_CGP, r->key, r->klen,
					   r->val, r->vlen, err);
		else if ((rc = zen_store_del(t, ZEN_DB_CGP, r->key, r->klen,
					     err)) == ZEN_ENOTFOUND)
			rc = 0;
	}
	if (!rc)
		rc = zen_store_del(t, ZEN_DB_CGP_UNDO, hash, ZEN_HASH_LEN, err);
	free(recs);
	zen_buf_release(&log);
	return rc;
}

/* ---- reads (cgpstate.h) ---- */

int zen_chain_read_cgp(struct zen_chain_read *r, struct zen_cgp_view *out,
		       struct zen_err *err)
{
	const struct zen_chain_params *p = r->chain->params;
	struct zen_block_info tip;
	int rc = chain_tip_get(r->t, &tip, err);

	memset(out, 0, sizeof(*out));
	if (rc == ZEN_ENOTFOUND)
		return zen_fail(err, ZEN_ENOTFOUND, "No tip");
	if (rc)
		return rc;
	out->tip = tip.header.block_number;
	out->interval = zen_cgp_interval(p, out->tip);
	rc = chain_cgp_after(r->t, &tip, &out->next, err) ?:
	     chain_cgp_for_block(p, r->t, out->tip + 1, &out->next, err);
	if (rc)
		zen_cgp_state_release(&out->next);
	return rc;
}

int zen_chain_read_cgp_after(struct zen_chain_read *r, uint32_t number,
			     struct zen_cgp_state *out, struct zen_err *err)
{
	struct zen_block_info info;
	int rc = zen_chain_read_main(r, &info, number, err);

	memset(out, 0, sizeof(*out));
	return rc ? rc : chain_cgp_after(r->t, &info, out, err);
}

int zen_chain_read_cgp_winner(struct zen_chain_read *r, uint32_t interval,
			      struct zen_cgp_state *out, struct zen_err *err)
{
	int rc = cgp_winner_get(r->t, interval, out, err);

	if (rc == ZEN_ENOTFOUND)
		return zen_fail(err, rc, "Winner was not found");
	return rc;
}

int zen_chain_read_cgp_candidates(struct zen_chain_read *r, uint32_t interval,
				  struct zen_cgp_payout **out, size_t *n,
				  struct zen_err *err)
{
	return cgp_candidates_get(r->t, interval, out, n, err);
}

int zen_chain_read_cgp_weight(struct zen_chain_read *r, uint32_t interval,
			      const uint8_t pk_hash[ZEN_HASH_LEN],
			      uint64_t *out, int *frozen, struct zen_err *err)
{
	struct zen_block_info tip;
	struct cgp_key k;
	int rc = chain_tip_get(r->t, &tip, err), snap = 0;

	if (rc && rc != ZEN_ENOTFOUND)
		return rc;
	if (!rc)
		snap = tip.header.block_number >=
		       zen_cgp_snapshot_block(r->chain->params, interval);
	cgp_key_start(&k, snap ? CGP_SNAP_BALANCE : CGP_BALANCE);
	if (snap)
		cgp_key_u32(&k, interval);
	cgp_key_bytes(&k, pk_hash, ZEN_HASH_LEN);
	if (frozen)
		*frozen = snap;
	return cgp_get_u64(r->t, &k, out, err);
}
int zen_chain_read_cgp_funds(struct zen_chain_read *r, struct zen_spend **out,
			     size_t *n, struct zen_err *err)
{
	struct cgp_key k;

	cgp_key_start(&k, CGP_FUNDS);
	return cgp_funds_get(r->t, &k, out, n, err);
}

int zen_chain_read_cgp_vote(struct zen_chain_read *r, uint32_t interval,
			    enum zen_cgp_table table,
			    const uint8_t pubkey[ZEN_PUBKEY_LEN],
			    struct zen_cgp_ballot *out, struct zen_err *err)
{
	struct cgp_key k;
	struct zen_slice v;
	int rc;

	memset(out, 0, sizeof(*out));
	cgp_key_start(&k, (uint8_t)table);
	cgp_key_u32(&k, interval);
	cgp_key_bytes(&k, pubkey, ZEN_PUBKEY_LEN);
	rc = zen_store_get(r->t, ZEN_DB_CGP, k.b, k.len, &v, err);
	if (rc)
		return rc;
	if (zen_cgp_ballot_decode(out, v.p, v.len, NULL))
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: bad cgp ballot");
	return 0;
}

/* ---- zen node verify ---- */

struct expect {
	const struct deltas *d;
	size_t at;			/* next expected entry */
	uint8_t kind;
};

/* Next merged expected (key, amount) of the wanted kind, or 0. */
static int expect_next(struct expect *x, struct cgp_key *k, uint64_t *amount)
{
	struct delta *const *order = x->d->order;

	while (x->at < x->d->n) {
		const struct delta *first = order[x->at];
		uint64_t add = 0;

		for (; x->at < x->d->n && !delta_cmp(first, order[x->at]);
		     x->at++)
			add += order[x->at]->add;
		if (first->k.b[0] == x->kind && add) {
			*k = first->k;
			*amount = add;
			return 1;
		}
	}
	return 0;
}

static int verify_one(void *ctx, const uint8_t *tail, size_t tlen,
		      const uint8_t *val, size_t vlen)
{
	struct expect *x = ctx;
	struct cgp_key k;
	uint64_t amount;

	if (!expect_next(x, &k, &amount) || vlen != 8 ||
	    k.len != tlen + 1 || memcmp(k.b + 1, tail, tlen) ||
	    chain_get64(val) != amount)
		return CGP_SCAN_DAMAGED;
	return 0;
}

/* The running table of kind against the sums of the unspent outputs. */
static int verify_table(struct zen_store_txn *t, const struct deltas *d,
			uint8_t kind, struct zen_err *err)
{
	struct expect x = { .d = d, .kind = kind };
	struct cgp_key prefix, k;
	uint64_t amount;
	int rc;

	cgp_key_start(&prefix, kind);
	rc = cgp_scan(t, &prefix, verify_one, &x, err);
	if (!rc && expect_next(&x, &k, &amount))
		rc = CGP_SCAN_DAMAGED;
	if (rc == CGP_SCAN_DAMAGED)
		rc = chain_check_failed(err, "", "the cgp %s differ from the "
					"unspent outputs",
					kind == CGP_BALANCE ? "balances" : "funds");
	return rc;
}

/* What the unspent outputs hold, as the running tables should. */
struct unspent_sums {
	const struct zen_chain_params *p;
	struct deltas d;
};

static int unspent_one(void *ctx, const struct zen_outpoint *op,
		       const struct zen_output *out)
{
	struct unspent_sums *u = ctx;

	(void)op;
	delta_of(u->p, &u->d, out, 0);
	return 0;
}

int chain_cgp_verify(const struct zen_chain_params *p, struct zen_store_txn *t,
		     uint32_t main_blocks, struct zen_err *err)
{
	struct zen_chain_read r = { .t = t };
	struct unspent_sums u = { .p = p };
	uint64_t undo;
	int rc = zen_chain_read_utxos(&r, unspent_one, &u, err);

	deltas_sort(&u.d);
	rc = rc ?: verify_table(t, &u.d, CGP_BALANCE, err) ?:
		   verify_table(t, &u.d, CGP_FUNDS, err) ?:
		   zen_store_count(t, ZEN_DB_CGP_UNDO, &undo, err);
	if (!rc && undo != main_blocks)
		rc = chain_check_failed(err, "", "%llu cgp undo records for %u "
					"main-chain blocks",
					(unsigned long long)undo, main_blocks);
	deltas_release(&u.d);
	return rc;
}
