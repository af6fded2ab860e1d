/*
 * addrread.c - the reads of the address index (addrindex.h).
 *
 * Every numbered list (an address's history, a contract's executions) is
 * in block order by sequence number, and its values start with their
 * block number: a binary search finds where a block begins, and a page
 * newest first is read backwards from the list's count.
 */
#include <stdlib.h>
#include <string.h>

#include "core/chain/addr-int.h"

static int damaged(struct zen_err *err, const char *what)
{
	return zen_fail(err, ZEN_ESTORE, "store is damaged: address index %s",
			what);
}

/* The key kind || tail || seq of a list's entry. */
static void list_key(struct addr_key *k, uint8_t kind,
		     const struct addr_key *tail, uint32_t seq)
{
	addr_key_start(k, kind);
	addr_key_bytes(k, tail->b, tail->len);
	addr_key_u32(k, seq);
}

/* The value of kind || tail || seq. */
static int list_get(struct zen_store_txn *t, uint8_t kind,
		    const struct addr_key *tail, uint32_t seq,
		    struct zen_slice *v, struct zen_err *err)
{
	struct addr_key k;
	int rc;

	list_key(&k, kind, tail, seq);
	rc = zen_store_get(t, ZEN_DB_ADDR, k.b, k.len, v, err);
	if (rc == ZEN_ENOTFOUND)
		return damaged(err, "misses a list entry");
	if (!rc && v->len < 4)
		return damaged(err, "has a bad list entry");
	return rc;
}

/* The number of entries of the list kind || tail. */
static int list_count(struct zen_store_txn *t, uint8_t count_kind,
		      const struct addr_key *tail, uint32_t *n,
		      struct zen_err *err)
{
	struct addr_key k;

	addr_key_start(&k, count_kind);
	addr_key_bytes(&k, tail->b, tail->len);
	return addr_get_u32(t, &k, n, err);
}

/* The first seq in [lo, n] whose block is at least block (n: none);
 * with index (a history, whose values go on with the transaction's
 * index), whose (block, index) is at least (block, *index). */
static int list_lower_at(struct zen_store_txn *t, uint8_t kind,
			 const struct addr_key *tail, uint32_t lo, uint32_t n,
			 uint32_t block, const uint32_t *index, uint32_t *out,
			 struct zen_err *err)
{
	uint32_t hi = n;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2, b;
		struct zen_slice v;
		int rc = list_get(t, kind, tail, mid, &v, err);

		if (rc)
			return rc;
		if (index && v.len < 8)
			return damaged(err, "has a bad history entry");
		b = chain_get32(v.p);
		if (b < block || (b == block && index &&
				  chain_get32(v.p + 4) < *index))
			lo = mid + 1;
		else
			hi = mid;
	}
	*out = lo;
	return 0;
}

static int list_lower(struct zen_store_txn *t, uint8_t kind,
		      const struct addr_key *tail, uint32_t n, uint32_t block,
		      uint32_t *out, struct zen_err *err)
{
	return list_lower_at(t, kind, tail, 0, n, block, NULL, out, err);
}

static void addr_tail(struct addr_key *k, const struct zen_address *a)
{
	k->len = 0;
	addr_key_addr(k, a);
}

/* ---- balances ---- */

struct totals {
	struct zen_addr_balance *v;
	__int128 *signed_v;		/* the "at" case: signed sums */
	size_t n, cap, cap_s;
};

static size_t totals_find(struct totals *to, const struct zen_asset *asset)
{
	for (size_t i = 0; i < to->n; i++)
		if (!zen_asset_cmp(&to->v[i].asset, asset))
			return i;
	ZEN_GROW(to->v, to->n + 1, to->cap);
	ZEN_GROW(to->signed_v, to->n + 1, to->cap_s);
	memset(&to->v[to->n], 0, sizeof(to->v[to->n]));
	to->v[to->n].asset = *asset;
	to->signed_v[to->n] = 0;
	return to->n++;
}

/* The balances of a, now, added to to (signed, and sign: +1 or -1). */
static int balance_now(struct zen_store_txn *t, const struct zen_address *a,
		       struct totals *to, int sign, struct zen_err *err)
{
	struct zen_store_cursor *c;
	struct addr_key prefix;
	struct zen_slice k, v;
	int rc = zen_store_cursor_open(t, ZEN_DB_ADDR, &c, err);
	enum zen_store_seek how = ZEN_SEEK_GE;

	addr_key_start(&prefix, ADDR_BALANCE);
	addr_key_addr(&prefix, a);
	while (!rc) {
		struct zen_asset asset;
		struct zen_reader r;
		unsigned __int128 amount;
		uint64_t outputs;
		size_t i;

		rc = zen_store_cursor_seek(c, how, prefix.b, prefix.len, &k,
					   &v, err);
		how = ZEN_SEEK_NEXT;
		if (rc || k.len <= prefix.len ||
		    memcmp(k.p, prefix.b, prefix.len))
			break;
		zen_reader_init(&r, k.p + prefix.len, k.len - prefix.len);
		if (v.len != ADDR_BALANCE_LEN ||
		    zen_read_asset(&r, &asset, NULL) || zen_reader_left(&r)) {
			rc = damaged(err, "has a bad balance");
			break;
		}
		addr_balance_decode(v.p, &outputs, &amount);
		i = totals_find(to, &asset);
		to->v[i].amount += amount;
		to->signed_v[i] += sign * (__int128)amount;
	}
	zen_store_cursor_close(c);
	return rc == ZEN_ENOTFOUND ? 0 : rc;
}

/* Entries [from, to) of a's history added to to's signed sums. */
static int sum_entries(struct zen_store_txn *t, const struct addr_key *tail,
		       uint32_t from, uint32_t upto, int sign,
		       struct totals *to, struct zen_err *err)
{
	int rc = 0;

	for (uint32_t s = from; !rc && s < upto; s++) {
		struct addr_entry e;
		struct zen_slice v;
		size_t i;

		if ((rc = list_get(t, ADDR_HISTORY, tail, s, &v, err)))
			break;
		if (addr_entry_read(&e, v.p, v.len))
			return damaged(err, "has a bad history entry");
		i = totals_find(to, &e.asset);	/* may move signed_v */
		to->signed_v[i] += sign * (e.negative ? -(__int128)e.amount :
					   (__int128)e.amount);
	}
	return rc;
}

/* a's balances after block at, into to's signed sums: the sum of its
 * history up to at, or its balances now less the history after it,
 * whichever reads fewer entries. */
static int balance_at(struct zen_store_txn *t, const struct zen_address *a,
		      uint32_t at, struct totals *to, struct zen_err *err)
{
	struct addr_key tail;
	uint32_t n, b;
	int rc;

	addr_tail(&tail, a);
	rc = list_count(t, ADDR_COUNT, &tail, &n, err);
	if (!rc && at < UINT32_MAX)
		rc = list_lower(t, ADDR_HISTORY, &tail, n, at + 1, &b, err);
	else
		b = n;
	if (rc)
		return rc;
	if (b <= n - b)
		return sum_entries(t, &tail, 0, b, 1, to, err);
	return balance_now(t, a, to, 1, err) ?:
	       sum_entries(t, &tail, b, n, -1, to, err);
}

static int balance_cmp(const void *a, const void *b)
{
	return zen_asset_cmp(&((const struct zen_addr_balance *)a)->asset,
			     &((const struct zen_addr_balance *)b)->asset);
}

int zen_chain_read_addr_balance(struct zen_chain_read *r,
				const struct zen_address *a, size_t n_a,
				const uint32_t *at,
				struct zen_addr_balance **out, size_t *n,
				struct zen_err *err)
{
	struct totals to = { 0 };
	struct addr_mark m;
	size_t kept = 0;
	int rc = addr_mark_get(r->t, &m, err);

	/* after the last block indexed: what they hold now */
	if (!rc && at && *at >= m.synced)
		at = NULL;
	for (size_t i = 0; !rc && i < n_a; i++)
		rc = at ? balance_at(r->t, &a[i], *at, &to, err) :
			  balance_now(r->t, &a[i], &to, 1, err);
	for (size_t i = 0; !rc && i < to.n; i++) {
		if (at && to.signed_v[i] <= 0)
			continue;	/* nothing held then */
		to.v[kept] = to.v[i];
		if (at)
			to.v[kept].amount = (unsigned __int128)to.signed_v[i];
		kept++;
	}
	free(to.signed_v);
	if (rc) {
		free(to.v);
		*out = NULL;
		*n = 0;
		return rc;
	}
	if (kept > 1)
		qsort(to.v, kept, sizeof(*to.v), balance_cmp);
	*out = to.v;
	*n = kept;
	return 0;
}

/* ---- outputs ---- */

/* An output entry read, its outpoint and its bytes (a copy). */
struct out {
	struct zen_outpoint op;
	size_t at, len;			/* in the buffer */
};

struct outs {
	struct out *v;
	size_t n, cap;
	struct zen_buf bytes;
};

/* 'O' value: tx hash || output; loc: the key's tail. */
static int out_add(struct outs *o, const uint8_t *loc, const uint8_t *v,
		   size_t vlen, struct zen_err *err)
{
	struct out *e;

	if (vlen <= ZEN_HASH_LEN)
		return damaged(err, "has a bad output");
	ZEN_GROW(o->v, o->n + 1, o->cap);
	e = &o->v[o->n++];
	memcpy(e->op.tx_hash, v, ZEN_HASH_LEN);
	e->op.index = chain_get32(loc + 8);
	e->at = o->bytes.len;
	e->len = vlen - ZEN_HASH_LEN;
	zen_buf_add(&o->bytes, v + ZEN_HASH_LEN, e->len);
	return 0;
}

static int out_cmp(const void *a, const void *b)
{
	return zen_outpoint_cmp(&((const struct out *)a)->op,
				&((const struct out *)b)->op);
}

/* Is op unspent on the main chain (the chain's UTXO set)? */
static int unspent(struct zen_store_txn *t, const struct zen_outpoint *op,
		   int *yes, struct zen_err *err)
{
	uint8_t key[ZEN_HASH_LEN + 4];
	int rc;

	memcpy(key, op->tx_hash, ZEN_HASH_LEN);
	chain_put32(key + ZEN_HASH_LEN, op->index);
	rc = zen_store_get(t, ZEN_DB_UTXO, key, sizeof(key), NULL, err);
	*yes = !rc;
	return rc == ZEN_ENOTFOUND ? 0 : rc;
}

/* a's outputs, all or the unspent ones, in the chain's order. */
static int outputs_read(struct zen_store_txn *t, const struct zen_address *a,
			int unspent_only, struct outs *o, struct zen_err *err)
{
	struct zen_store_cursor *c;
	struct addr_key prefix;
	enum zen_store_seek how = ZEN_SEEK_GE;
	struct zen_slice k, v;
	int rc = zen_store_cursor_open(t, ZEN_DB_ADDR, &c, err);

	addr_key_start(&prefix, ADDR_OUTPUT);
	addr_key_addr(&prefix, a);
	while (!rc) {
		size_t n = o->n;
		int yes = 1;

		rc = zen_store_cursor_seek(c, how, prefix.b, prefix.len, &k,
					   &v, err);
		how = ZEN_SEEK_NEXT;
		if (rc || k.len != prefix.len + ADDR_LOC_LEN ||
		    memcmp(k.p, prefix.b, prefix.len))
			break;
		rc = out_add(o, k.p + prefix.len, v.p, v.len, err);
		if (!rc && unspent_only)
			rc = unspent(t, &o->v[n].op, &yes, err);
		if (!rc && !yes)
			o->n = n;	/* spent: dropped */
	}
	zen_store_cursor_close(c);
	return rc == ZEN_ENOTFOUND ? 0 : rc;
}

/* a's outputs to fn, by outpoint as the reference lists them. */
static int outputs_of(struct zen_store_txn *t, const struct zen_address *a,
		      int unspent_only,
		      int (*fn)(void *ctx, const struct zen_outpoint *op,
				const struct zen_output *o),
		      void *ctx, struct zen_err *err)
{
	struct outs o = { .bytes = ZEN_BUF_INIT };
	int rc = outputs_read(t, a, unspent_only, &o, err);

	if (!rc && o.n > 1)
		qsort(o.v, o.n, sizeof(*o.v), out_cmp);
	for (size_t i = 0; !rc && i < o.n; i++) {
		struct zen_output out;
		struct zen_reader r;

		zen_output_init(&out);
		zen_reader_init(&r, o.bytes.data + o.v[i].at, o.v[i].len);
		if (zen_output_read(&r, &out, NULL) || zen_reader_left(&r))
			rc = damaged(err, "has a bad output");
		else
			rc = fn(ctx, &o.v[i].op, &out);
		zen_output_release(&out);
	}
	free(o.v);
	zen_buf_release(&o.bytes);
	return rc;
}

int zen_chain_read_addr_outputs(struct zen_chain_read *r,
				const struct zen_address *a, size_t n_a,
				int unspent_only,
				int (*fn)(void *ctx, const struct zen_outpoint *op,
					  const struct zen_output *o),
				void *ctx, struct zen_err *err)
{
	int rc = 0;

	for (size_t i = 0; !rc && i < n_a; i++)
		rc = outputs_of(r->t, &a[i], unspent_only, fn, ctx, err);
	return rc;
}

/* ---- history: the addresses' lists merged ---- */

/* One address's list, read backwards from top down to (not including)
 * bottom. */
struct stream {
	const struct zen_address *a;
	struct addr_key tail;
	uint32_t top, bottom;
	int has;
	struct addr_entry head;
	/* on the entry of seq top once read (a list's entries are
	 * neighbours in the store: the next is a step back, not a search) */
	struct zen_store_cursor *c;
	int on_top;
};

static int stream_next(struct zen_store_txn *t, struct stream *s,
		       struct zen_err *err)
{
	struct addr_key k;
	struct zen_slice key, v;
	int step = s->on_top, rc;

	s->has = 0;
	s->on_top = 0;
	if (s->top <= s->bottom)
		return 0;
	list_key(&k, ADDR_HISTORY, &s->tail, --s->top);
	if (!s->c && (rc = zen_store_cursor_open(t, ZEN_DB_ADDR, &s->c, err)))
		return rc;
	rc = zen_store_cursor_seek(s->c, step ? ZEN_SEEK_PREV : ZEN_SEEK_GE,
				   k.b, k.len, &key, &v, err);
	if (rc == ZEN_ENOTFOUND || (!rc && (key.len != k.len ||
					    memcmp(key.p, k.b, k.len))))
		return damaged(err, "misses a list entry");
	if (rc)
		return rc;
	if (addr_entry_read(&s->head, v.p, v.len))
		return damaged(err, "has a bad history entry");
	s->has = 1;
	s->on_top = 1;
	return 0;
}

/* Does x come before y, newest first (block, tx descending; assets of
 * one tx ascending)?  0 when they are the same entry. */
static int entry_order(const struct addr_entry *x, const struct addr_entry *y)
{
	if (x->block != y->block)
		return x->block > y->block ? -1 : 1;
	if (x->index != y->index)
		return x->index > y->index ? -1 : 1;
	return zen_asset_cmp(&x->asset, &y->asset);
}

struct merge {
	struct zen_store_txn *t;
	struct stream *s;
	size_t n;
};

static void merge_release(struct merge *m)
{
	for (size_t i = 0; i < m->n; i++)
		zen_store_cursor_close(m->s[i].c);
	free(m->s);
}

/* The streams of a; each reads [bottom, top) of its list, from the
 * bounds fn gives (NULL: the whole list). */
static int merge_init(struct merge *m, struct zen_store_txn *t,
		      const struct zen_address *a, size_t n_a,
		      int (*bounds)(struct zen_store_txn *t, struct stream *s,
				    void *ctx, struct zen_err *err),
		      void *ctx, struct zen_err *err)
{
	int rc = 0;

	m->t = t;
	m->n = n_a;
	m->s = zen_xcalloc(n_a ? n_a : 1, sizeof(*m->s));
	for (size_t i = 0; !rc && i < n_a; i++) {
		struct stream *s = &m->s[i];

		s->a = &a[i];
		addr_tail(&s->tail, &a[i]);
		rc = list_count(t, ADDR_COUNT, &s->tail, &s->top, err);
		if (!rc && bounds)
			rc = bounds(t, s, ctx, err);
		if (!rc)
			rc = stream_next(t, s, err);
	}
	return rc;
}

/* The streams with the newest head and the next newest (NULL: none). */
static void merge_heads(struct merge *m, struct stream **first,
			struct stream **second)
{
	*first = *second = NULL;
	for (size_t i = 0; i < m->n; i++) {
		struct stream *s = &m->s[i];

		if (!s->has)
			continue;
		if (!*first || entry_order(&s->head, &(*first)->head) < 0) {
			*second = *first;
			*first = s;
		} else if (!*second ||
			   entry_order(&s->head, &(*second)->head) < 0) {
			*second = s;
		}
	}
}

/* *e from the heads of first's entry: the lock of the first that
 * received, in the order given, else the first's; the amounts summed. */
static void merge_fill(const struct merge *m, const struct stream *first,
		       struct zen_addr_tx *e)
{
	const struct stream *lock = NULL;

	e->block = first->head.block;
	e->index = first->head.index;
	memcpy(e->tx_hash, first->head.tx_hash, ZEN_HASH_LEN);
	e->timestamp = first->head.timestamp;
	e->asset = first->head.asset;
	e->amount = 0;
	for (size_t i = 0; i < m->n; i++) {
		const struct stream *s = &m->s[i];

		if (!s->has || entry_order(&s->head, &first->head))
			continue;
		if (!lock || (!lock->head.incoming && s->head.incoming))
			lock = s;
		e->amount += s->head.negative ? -(__int128)s->head.amount :
			     (__int128)s->head.amount;
	}
	addr_entry_lock_of(&e->lock, &lock->head, lock->a);
}

/* The next merged entry into *e (lock into e->lock; NULL: skipped,
 * nothing read from it); *done when none. */
static int merge_next(struct merge *m, struct zen_addr_tx *e, int *done,
		      struct zen_err *err)
{
	struct stream *first, *second;
	int rc = 0;

	merge_heads(m, &first, &second);
	*done = !first;
	if (!first)
		return 0;
	if (e)
		merge_fill(m, first, e);
	for (size_t i = 0; !rc && i < m->n; i++) {
		struct stream *s = &m->s[i];

		if (s == first || !s->has ||
		    entry_order(&s->head, &first->head))
			continue;
		rc = stream_next(m->t, s, err);
	}
	return rc ?: stream_next(m->t, first, err);
}

/*
 * Skip at most max merged entries at once (*n: how many): the entries of
 * the stream with the newest head that are of a newer transaction than
 * every other stream's head merge with nothing, so they are counted by a
 * binary search, not read.  A page deep into the history of a busy
 * address and a few quiet ones costs a search per turn between them, not
 * a read per entry.  *n is 0 when the two newest heads are of one
 * transaction: merge_next takes them.
 */
static int merge_skip(struct merge *m, uint64_t max, uint64_t *n,
		      struct zen_err *err)
{
	struct stream *first, *second;
	uint32_t from, top, block, index;
	uint64_t k;
	int rc;

	*n = 0;
	merge_heads(m, &first, &second);
	if (!first)
		return 0;
	top = first->top;	/* the head's seq */
	if (!second) {
		from = first->bottom;
	} else {
		if (second->head.block == first->head.block &&
		    second->head.index == first->head.index)
			return 0;
		/* the first entry past second's transaction */
		block = second->head.block;
		index = second->head.index;
		if (index == UINT32_MAX && block == UINT32_MAX)
			return 0;
		if (index++ == UINT32_MAX)
			block++;
		if ((rc = list_lower_at(m->t, ADDR_HISTORY, &first->tail,
					first->bottom, top + 1, block, &index,
					&from, err)))
			return rc;
	}
	k = (uint64_t)top + 1 - from;
	if (k > max)
		k = max;
	if (!k)
		return 0;
	*n = k;
	first->top = (uint32_t)(top + 1 - k);
	first->on_top = 0;	/* a seek, not a step */
	return stream_next(m->t, first, err);
}

/* Walk the merge: skip entries (merge_skip's way where it can), then fn
 * on at most take (all: take is UINT64_MAX); *count gets the number
 * walked past skip (counted merge_skip's way when fn is NULL). */
static int merge_walk(struct merge *m, uint64_t skip, uint64_t take,
		      int (*fn)(void *ctx, const struct zen_addr_tx *e),
		      void *ctx, uint64_t *count, struct zen_err *err)
{
	struct zen_addr_tx e;
	uint64_t seen = 0, end = take > UINT64_MAX - skip ? UINT64_MAX :
				 skip + take;
	int done = 0, rc = 0, shown;

	memset(&e, 0, sizeof(e));
	zen_lock_init(&e.lock);
	while (!rc && seen < end) {
		uint64_t k = 0;

		if (seen < skip || !fn)
			rc = merge_skip(m, (fn ? skip : end) - seen, &k, err);
		seen += k;
		if (rc || k)
			continue;
		shown = seen >= skip && fn;
		if ((rc = merge_next(m, shown ? &e : NULL, &done, err)) || done)
			break;
		seen++;
		if (shown)
			rc = fn(ctx, &e);
	}
	zen_lock_release(&e.lock);
	if (count)
		*count = seen > skip ? seen - skip : 0;
	return rc;
}

/* A page of several addresses or one: merge_skip seeks past the entries
 * that merge with nothing, so one address's page is a seek. */
int zen_chain_read_addr_txs(struct zen_chain_read *r,
			    const struct zen_address *a, size_t n_a,
			    uint32_t skip, uint32_t take,
			    int (*fn)(void *ctx, const struct zen_addr_tx *e),
			    void *ctx, struct zen_err *err)
{
	struct merge m;
	int rc = merge_init(&m, r->t, a, n_a, NULL, NULL, err);

	if (!rc)
		rc = merge_walk(&m, skip, take, fn, ctx, NULL, err);
	merge_release(&m);
	return rc;
}

struct range {
	uint32_t start, end;
};

/* The entries of blocks start <= number < end. */
static int range_bounds(struct zen_store_txn *t, struct stream *s, void *ctx,
			struct zen_err *err)
{
	const struct range *rg = ctx;
	uint32_t n = s->top;

	if (rg->start >= rg->end) {
		s->top = s->bottom = 0;
		return 0;
	}
	return list_lower(t, ADDR_HISTORY, &s->tail, n, rg->end, &s->top,
			  err) ?:
	       list_lower(t, ADDR_HISTORY, &s->tail, s->top, rg->start,
			  &s->bottom, err);
}

int zen_chain_read_addr_txs_range(struct zen_chain_read *r,
				  const struct zen_address *a, size_t n_a,
				  uint32_t start, uint32_t end,
				  int (*fn)(void *ctx,
					    const struct zen_addr_tx *e),
				  void *ctx, struct zen_err *err)
{
	struct range rg = { .start = start, .end = end };
	struct merge m;
	int rc = merge_init(&m, r->t, a, n_a, range_bounds, &rg, err);

	if (!rc)
		rc = merge_walk(&m, 0, UINT64_MAX, fn, ctx, NULL, err);
	merge_release(&m);
	return rc;
}

int zen_chain_read_addr_tx_count(struct zen_chain_read *r,
				 const struct zen_address *a, size_t n_a,
				 uint64_t *count, struct zen_err *err)
{
	struct merge m;
	int rc;

	*count = 0;
	rc = merge_init(&m, r->t, a, n_a, NULL, NULL, err);
	if (!rc)
		rc = merge_walk(&m, 0, UINT64_MAX, NULL, NULL, count, err);
	merge_release(&m);
	return rc;
}

/* ---- executions and mints ---- */

/* The execution c's witness, read from its transaction, to fn. */
static int call_out(struct zen_store_txn *t, const struct zen_addr_call *c,
		    int (*fn)(void *ctx, const struct zen_addr_call *c,
			      const struct zen_witness *w),
		    void *ctx, struct zen_err *err)
{
	struct zen_slice raw;
	struct zen_tx tx;
	int rc = chain_tx_raw(t, &raw, NULL, NULL, NULL, c->tx_hash, err);

	if (rc == ZEN_ENOTFOUND)
		return damaged(err, "names a transaction not on the main chain");
	if (rc)
		return rc;
	zen_tx_init(&tx);
	if (zen_tx_decode(&tx, raw.p, raw.len, NULL) ||
	    c->witness >= tx.n_witnesses ||
	    tx.witnesses[c->witness].id != ZEN_WITNESS_CONTRACT)
		rc = damaged(err, "names a witness that is not there");
	else
		rc = fn(ctx, c, &tx.witnesses[c->witness]);
	zen_tx_release(&tx);
	return rc;
}

/* Executions [bottom, top) of cid's list, backwards. */
static int calls_out(struct zen_store_txn *t, const struct addr_key *tail,
		     uint32_t bottom, uint32_t top,
		     int (*fn)(void *ctx, const struct zen_addr_call *c,
			       const struct zen_witness *w),
		     void *ctx, struct zen_err *err)
{
	int rc = 0;

	while (!rc && top > bottom) {
		struct zen_addr_call c;
		struct zen_slice v;

		if ((rc = list_get(t, ADDR_CALL, tail, --top, &v, err)))
			break;
		if (v.len != ADDR_CALL_LEN)
			return damaged(err, "has a bad execution");
		addr_call_decode(&c, v.p);
		rc = call_out(t, &c, fn, ctx, err);
	}
	return rc;
}

int zen_chain_read_addr_calls(struct zen_chain_read *r,
			      const struct zen_contract_id *cid,
			      uint32_t skip, uint32_t take,
			      int (*fn)(void *ctx, const struct zen_addr_call *c,
					const struct zen_witness *w),
			      void *ctx, struct zen_err *err)
{
	struct addr_key tail = { .len = 0 };
	uint32_t n, top, bottom;
	int rc;

	addr_key_cid(&tail, cid);
	if ((rc = list_count(r->t, ADDR_CALLS, &tail, &n, err)))
		return rc;
	top = n > skip ? n - skip : 0;
	bottom = top > take ? top - take : 0;
	return calls_out(r->t, &tail, bottom, top, fn, ctx, err);
}

int zen_chain_read_addr_calls_range(struct zen_chain_read *r,
				    const struct zen_contract_id *cid,
				    uint32_t start, uint32_t end,
				    int (*fn)(void *ctx,
					      const struct zen_addr_call *c,
					      const struct zen_witness *w),
				    void *ctx, struct zen_err *err)
{
	struct addr_key tail = { .len = 0 };
	uint32_t n, top, bottom;
	int rc;

	if (start >= end)
		return 0;
	addr_key_cid(&tail, cid);
	rc = list_count(r->t, ADDR_CALLS, &tail, &n, err) ?:
	     list_lower(r->t, ADDR_CALL, &tail, n, end, &top, err) ?:
	     list_lower(r->t, ADDR_CALL, &tail, top, start, &bottom, err);
	return rc ?: calls_out(r->t, &tail, bottom, top, fn, ctx, err);
}

int zen_chain_read_addr_mint(struct zen_chain_read *r,
			     const struct zen_asset *asset,
			     int (*fn)(void *ctx, const struct zen_addr_call *c,
				       const struct zen_witness *w),
			     void *ctx, struct zen_err *err)
{
	struct zen_addr_call c;
	struct addr_key k;
	struct zen_slice v;
	int rc;

	addr_key_start(&k, ADDR_MINT);
	addr_key_asset(&k, asset);
	rc = zen_store_get(r->t, ZEN_DB_ADDR, k.b, k.len, &v, err);
	if (rc == ZEN_ENOTFOUND)
		return zen_fail(err, rc, "No data");
	if (rc)
		return rc;
	if (v.len != ADDR_CALL_LEN)
		return damaged(err, "has a bad mint");
	addr_call_decode(&c, v.p);
	return call_out(r->t, &c, fn, ctx, err);
}
