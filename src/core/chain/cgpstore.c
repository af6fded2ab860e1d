/*
 * cgpstore.c - the cgp database's plumbing (cgp-int.h): keys, the writer
 * that logs every change of a block for its undo, prefix scans, and the
 * stored records the tally and the reads share (winners, candidates,
 * funds).  The layer below both cgpstate.c and cgpvotes.c.
 */
#include <stdlib.h>
#include <string.h>

#include "core/chain/cgp-int.h"

/* ---- keys ---- */

void cgp_key_start(struct cgp_key *k, uint8_t kind)
{
	k->b[0] = kind;
	k->len = 1;
}

void cgp_key_bytes(struct cgp_key *k, const void *p, size_t n)
{
	ZEN_ASSERT(k->len + n <= CGP_KEY_MAX);
	memcpy(k->b + k->len, p, n);
	k->len += n;
}

void cgp_key_u32(struct cgp_key *k, uint32_t v)
{
	uint8_t be[4];

	chain_put32(be, v);
	cgp_key_bytes(k, be, 4);
}

void cgp_key_asset(struct cgp_key *k, const struct zen_asset *a)
{
	struct zen_buf b = ZEN_BUF_INIT;

	zen_write_asset(&b, a);
	cgp_key_bytes(k, b.data, b.len);
	zen_buf_release(&b);
}

/* ---- the logged writer ---- */

/* Log that k held v (NULL: no entry). */
static void log_entry(struct cgp_writer *w, const struct cgp_key *k,
		      const struct zen_slice *v)
{
	uint8_t be[4];

	be[0] = (uint8_t)(k->len >> 8);
	be[1] = (uint8_t)k->len;
	zen_buf_add(&w->log, be, 2);
	zen_buf_add(&w->log, k->b, k->len);
	zen_buf_add(&w->log, (const uint8_t[]){ v != NULL }, 1);
	if (v) {
		chain_put32(be, (uint32_t)v->len);
		zen_buf_add(&w->log, be, 4);
		zen_buf_add(&w->log, v->p, v->len);
	}
}

/* Log the value k has now (or that it has none). */
static int log_prior(struct cgp_writer *w, const struct cgp_key *k, int *had)
{
	struct zen_slice v;
	int rc = zen_store_get(w->t, ZEN_DB_CGP, k->b, k->len, &v, w->err);

	if (rc && rc != ZEN_ENOTFOUND)
		return rc;
	*had = !rc;
	log_entry(w, k, *had ? &v : NULL);
	return 0;
}

int cgp_put(struct cgp_writer *w, const struct cgp_key *k, const void *val,
	    size_t vlen)
{
	int had;

	return log_prior(w, k, &had) ?:
	       zen_store_put(w->t, ZEN_DB_CGP, k->b, k->len, val, vlen, w->err);
}

int cgp_del(struct cgp_writer *w, const struct cgp_key *k)
{
	int had, rc = log_prior(w, k, &had);

	if (rc || !had)
		return rc;
	return zen_store_del(w->t, ZEN_DB_CGP, k->b, k->len, w->err);
}

int cgp_get_u64(struct zen_store_txn *t, const struct cgp_key *k,
		uint64_t *v, struct zen_err *err)
{
	struct zen_slice s;
	int rc = zen_store_get(t, ZEN_DB_CGP, k->b, k->len, &s, err);

	*v = 0;
	if (rc == ZEN_ENOTFOUND)
		return 0;
	if (rc)
		return rc;
	if (s.len != 8)
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: bad cgp amount");
	*v = chain_get64(s.p);
	return 0;
}

/* 0 is stored as no entry, so the tables hold only holders. */
int cgp_put_u64(struct cgp_writer *w, const struct cgp_key *k, uint64_t old,
		uint64_t v)
{
	uint8_t was[8], be[8];
	struct zen_slice prior = { was, sizeof(was) };

	chain_put64(was, old);
	log_entry(w, k, old ? &prior : NULL);
	if (!v)
		return old ? zen_store_del(w->t, ZEN_DB_CGP, k->b, k->len,
					   w->err) : 0;
	chain_put64(be, v);
	return zen_store_put(w->t, ZEN_DB_CGP, k->b, k->len, be, 8, w->err);
}

int cgp_scan(struct zen_store_txn *t, const struct cgp_key *prefix,
	     int (*fn)(void *ctx, const uint8_t *tail, size_t tlen,
		       const uint8_t *val, size_t vlen),
	     void *ctx, struct zen_err *err)
{
	struct zen_store_cursor *c;
	struct zen_slice k, v;
	/* an empty prefix is the whole database (zen node verify, tests) */
	enum zen_store_seek how = prefix->len ? ZEN_SEEK_GE : ZEN_SEEK_FIRST;
	int rc = zen_store_cursor_open(t, ZEN_DB_CGP, &c, err);

	while (!rc) {
		rc = zen_store_cursor_seek(c, how, prefix->b, prefix->len, &k,
					   &v, err);
		how = ZEN_SEEK_NEXT;
		if (rc == ZEN_ENOTFOUND) {
			rc = 0;
			break;
		}
		if (rc || k.len < prefix->len ||
		    memcmp(k.p, prefix->b, prefix->len))
			break;
		rc = fn(ctx, k.p + prefix->len, k.len - prefix->len, v.p,
			v.len);
	}
	zen_store_cursor_close(c);
	return rc;
}

/* ---- stored records ---- */

int cgp_state_get(struct zen_store_txn *t, const struct cgp_key *k,
		     struct zen_cgp_state *out, struct zen_err *err)
{
	struct zen_slice v;
	int rc = zen_store_get(t, ZEN_DB_CGP, k->b, k->len, &v, err);

	if (rc)
		return rc;
	if (zen_cgp_state_decode(out, v.p, v.len, NULL))
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: bad cgp state");
	return 0;
}

int cgp_state_put(struct cgp_writer *w, const struct cgp_key *k,
		     const struct zen_cgp_state *s)
{
	struct zen_buf b = ZEN_BUF_INIT;
	int rc;

	zen_cgp_state_write(&b, s);
	rc = cgp_put(w, k, b.data, b.len);
	zen_buf_release(&b);
	return rc;
}

int cgp_winner_get(struct zen_store_txn *t, uint32_t interval,
		   struct zen_cgp_state *out, struct zen_err *err)
{
	struct cgp_key k;

	memset(out, 0, sizeof(*out));
	cgp_key_start(&k, CGP_WINNER);
	cgp_key_u32(&k, interval);
	return cgp_state_get(t, &k, out, err);
}

int cgp_candidates_get(struct zen_store_txn *t, uint32_t interval,
		       struct zen_cgp_payout **out, size_t *n,
		       struct zen_err *err)
{
	struct cgp_key k;
	struct zen_slice v;
	struct zen_reader r;
	size_t count = 0;
	int rc;

	*out = NULL;
	*n = 0;
	cgp_key_start(&k, CGP_CANDIDATES);
	cgp_key_u32(&k, interval);
	rc = zen_store_get(t, ZEN_DB_CGP, k.b, k.len, &v, err);
	if (rc)
		return rc == ZEN_ENOTFOUND ? 0 : rc;
	zen_reader_init(&r, v.p, v.len);
	rc = zen_read_list_count(&r, &count, 1, NULL);
	if (!rc && count)
		*out = zen_xcalloc(count, sizeof(**out));
	for (; !rc && *n < count; ++*n)
		rc = zen_cgp_payout_read(&r, &(*out)[*n], NULL);
	if (!rc && zen_reader_left(&r))
		rc = ZEN_EINVAL;
	if (rc) {
		zen_cgp_payouts_free(*out, *n);
		*out = NULL;
		*n = 0;
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: bad cgp candidates");
	}
	return 0;
}

void zen_cgp_payouts_free(struct zen_cgp_payout *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		zen_cgp_payout_release(&p[i]);
	free(p);
}

struct funds {
	struct zen_spend *v;
	size_t n, cap;
};

static int fund_one(void *ctx, const uint8_t *tail, size_t tlen,
		    const uint8_t *val, size_t vlen)
{
	struct funds *f = ctx;
	struct zen_reader r;
	struct zen_spend s;

	zen_reader_init(&r, tail, tlen);
	if (vlen != 8 || zen_read_asset(&r, &s.asset, NULL) ||
	    zen_reader_left(&r))
		return CGP_SCAN_DAMAGED;
	s.amount = chain_get64(val);
	ZEN_GROW(f->v, f->n + 1, f->cap);
	f->v[f->n++] = s;
	return 0;
}

static int spend_asset_cmp(const void *a, const void *b)
{
	return zen_asset_cmp(&((const struct zen_spend *)a)->asset,
			     &((const struct zen_spend *)b)->asset);
}

/* The funds table under prefix (running, or a snapshot), asset order. */
int cgp_funds_get(struct zen_store_txn *t, const struct cgp_key *prefix,
		  struct zen_spend **out, size_t *n, struct zen_err *err)
{
	struct funds f = { 0 };
	int rc = cgp_scan(t, prefix, fund_one, &f, err);

	if (rc == CGP_SCAN_DAMAGED)
		rc = zen_fail(err, ZEN_ESTORE,
			      "store is damaged: bad cgp funds");
	if (rc) {
		free(f.v);
		f.v = NULL;
		f.n = 0;
	} else if (f.n) {
		qsort(f.v, f.n, sizeof(*f.v), spend_asset_cmp);
	}
	*out = f.v;
	*n = f.n;
	return rc;
}

