/*
 * cgpvotes.c - the tally's steps for a connected block
 * (cgp-and-chain.md 6.1-6.6 and section 20): recording the votes a block
 * carries, the candidates at the end of nomination, the winner at the
 * first block of an interval.  The rules are core/cgp's; this file finds
 * their inputs in the cgp database and writes their results back.
 */
#include <stdlib.h>
#include <string.h>

#include "core/chain/cgp-int.h"
#include "core/consensus/consensus.h"
#include "core/crypto/hash.h"

/* ---- votes (6.1, 6.3, 20.1) ---- */

/* A signature on a ballot, waiting for verification. */
struct signed_ballot {
	uint8_t table;
	uint8_t pubkey[ZEN_PUBKEY_LEN];
	size_t ballot;			/* index in votes.ballots */
};

struct votes {
	struct zen_buf *ballots;	/* canonical bytes */
	size_t n_ballots, cap_ballots;
	struct signed_ballot *v;
	size_t n, cap;
	struct zen_sig_batch batch;
};

static void votes_release(struct votes *vs)
{
	for (size_t i = 0; i < vs->n_ballots; i++)
		zen_buf_release(&vs->ballots[i]);
	free(vs->ballots);
	free(vs->v);
	zen_sig_batch_release(&vs->batch);
}

/* The table a ballot goes to in the block's phase; 0: none. */
static uint8_t table_of(const struct zen_cgp_ballot *b, int nomination)
{
	if (nomination)
		return b->kind == ZEN_CGP_BALLOT_PAYOUT ? ZEN_CGP_NOMINEES : 0;
	return b->kind == ZEN_CGP_BALLOT_PAYOUT ? ZEN_CGP_PAYOUTS :
						  ZEN_CGP_ALLOCATIONS;
}

/* One voting witness: its signatures join the batch. */
static void add_vote(struct votes *vs, const struct zen_witness *w,
		     uint32_t interval, int nomination)
{
	struct zen_cgp_vote v;
	uint8_t digest[ZEN_HASH_LEN], table;

	if (zen_cgp_vote_parse(&v, w->command, w->command_len, w->body,
			       NULL) ||
	    !(table = table_of(&v.ballot, nomination)) || !v.n_signers) {
		zen_cgp_vote_release(&v);
		return;
	}
	zen_cgp_vote_digest(digest, interval, nomination, v.ballot_hex,
			    v.ballot_hex_len);
	ZEN_GROW(vs->ballots, vs->n_ballots + 1, vs->cap_ballots);
	memset(&vs->ballots[vs->n_ballots], 0, sizeof(struct zen_buf));
	zen_cgp_ballot_write(&vs->ballots[vs->n_ballots], &v.ballot);
	for (size_t i = 0; i < v.n_signers; i++) {
		struct signed_ballot *s;

		zen_sig_batch_add(&vs->batch, digest, v.signers[i].pubkey,
				  v.signers[i].signature);
		ZEN_GROW(vs->v, vs->n + 1, vs->cap);
		s = &vs->v[vs->n++];
		s->table = table;
		memcpy(s->pubkey, v.signers[i].pubkey, ZEN_PUBKEY_LEN);
		s->ballot = vs->n_ballots;
	}
	vs->n_ballots++;
	zen_cgp_vote_release(&v);
}

/* The first verified ballot of each key takes its slot (20.1). */
static int store_votes(struct cgp_writer *w, const struct votes *vs,
		       const uint8_t *ok, uint32_t interval)
{
	int rc = 0;

	for (size_t i = 0; !rc && i < vs->n; i++) {
		const struct zen_buf *ballot = &vs->ballots[vs->v[i].ballot];
		struct cgp_key k;

		if (!ok[i])
			continue;
		cgp_key_start(&k, vs->v[i].table);
		cgp_key_u32(&k, interval);
		cgp_key_bytes(&k, vs->v[i].pubkey, ZEN_PUBKEY_LEN);
		rc = zen_store_get(w->t, ZEN_DB_CGP, k.b, k.len, NULL, w->err);
		if (rc == ZEN_ENOTFOUND)
			rc = cgp_put(w, &k, ballot->data, ballot->len);
	}
	return rc;
}

int cgp_record_votes(const struct zen_chain_params *p, struct cgp_writer *w,
		     const struct zen_block *b, unsigned threads)
{
	uint32_t number = b->header.block_number;
	uint32_t interval = zen_cgp_interval(p, number);
	int nomination = zen_cgp_is_nominee_phase(p, number);
	struct votes vs = { 0 };
	uint8_t *ok;
	int rc;

	/* witnesses in transaction order, then witness order (section 20) */
	for (size_t i = 1; i < b->n_txs; i++)
		for (size_t j = 0; j < b->txs[i].n_witnesses; j++)
			if (zen_witness_runs(&b->txs[i].witnesses[j],
					     &p->voting_contract_id))
				add_vote(&vs, &b->txs[i].witnesses[j],
					 interval, nomination);
	ok = zen_xcalloc(vs.n + 1, 1);
	zen_sig_batch_verify_each(&vs.batch, threads, ok);
	rc = store_votes(w, &vs, ok, interval);
	free(ok);
	votes_release(&vs);
	return rc;
}

/* ---- weights ---- */

/* The voting weight of a key in interval: its PK hash's ZP balance at
 * the interval's snapshot (6.2). */
static int weight_of(struct zen_store_txn *t, uint32_t interval,
		     const uint8_t pubkey[ZEN_PUBKEY_LEN], uint64_t *out,
		     struct zen_err *err)
{
	uint8_t h[ZEN_HASH_LEN];
	struct cgp_key k;

	zen_sha3(h, pubkey, ZEN_PUBKEY_LEN);
	cgp_key_start(&k, CGP_SNAP_BALANCE);
	cgp_key_u32(&k, interval);
	cgp_key_bytes(&k, h, ZEN_HASH_LEN);
	return cgp_get_u64(t, &k, out, err);
}

/* Distinct payouts and the weight behind each. */
struct payout_weights {
	struct zen_cgp_payout *p;
	uint64_t *w;
	size_t n, cap;
};

static void pw_release(struct payout_weights *pw)
{
	zen_cgp_payouts_free(pw->p, pw->n);
	free(pw->w);
}

/* The index of p in v[0..n), or n. */
static size_t payout_index(const struct zen_cgp_payout *v, size_t n,
			   const struct zen_cgp_payout *p)
{
	size_t i = 0;

	while (i < n && zen_cgp_payout_cmp(&v[i], p))
		i++;
	return i;
}

static size_t pw_find(const struct payout_weights *pw,
		      const struct zen_cgp_payout *p)
{
	return payout_index(pw->p, pw->n, p);
}

/* Add weight to payout (a copy of it when new). */
static void pw_add(struct payout_weights *pw, const struct zen_cgp_payout *p,
		   uint64_t weight)
{
	size_t i = pw_find(pw, p), cap = pw->cap;

	if (i == pw->n) {
		ZEN_GROW(pw->p, pw->n + 1, pw->cap);
		ZEN_GROW(pw->w, pw->n + 1, cap);
		zen_cgp_payout_copy(&pw->p[i], p);
		pw->w[i] = 0;
		pw->n++;
	}
	pw->w[i] += weight;
}

/* What every vote scan shares: where, and what it gathers. */
struct scan {
	struct zen_store_txn *t;
	struct zen_err *err;
	uint32_t interval;		/* of the weights */
	const struct zen_chain_params *p;
	const struct zen_spend *funds;	/* nomination */
	size_t n_funds;
	uint8_t last;			/* allocation: the one in force */
	struct zen_cgp_payout *cand;	/* payout votes: the candidates */
	size_t n_cand;
	struct payout_weights pw;	/* nominees, or votes for candidates */
	struct zen_cgp_weighted *alloc;
	size_t n_alloc, cap_alloc;
	int rc;				/* a store error of a callback */
};

/* A table entry: the key's ballot and its weight; 1 to skip it. */
static int entry_of(struct scan *s, const uint8_t *tail, size_t tlen,
		    const uint8_t *val, size_t vlen, struct zen_cgp_ballot *b,
		    uint64_t *weight)
{
	memset(b, 0, sizeof(*b));
	if (tlen != ZEN_PUBKEY_LEN || zen_cgp_ballot_decode(b, val, vlen, NULL))
		return CGP_SCAN_DAMAGED;
	if ((s->rc = weight_of(s->t, s->interval, tail, weight, s->err)))
		return s->rc;
	return *weight ? 0 : 1;
}

/* ---- nomination (6.4, 20.3) ---- */

static int nominee_one(void *ctx, const uint8_t *tail, size_t tlen,
		       const uint8_t *val, size_t vlen)
{
	struct scan *s = ctx;
	struct zen_cgp_ballot b;
	uint64_t weight;
	int rc = entry_of(s, tail, tlen, val, vlen, &b, &weight);

	if (!rc && b.kind == ZEN_CGP_BALLOT_PAYOUT &&
	    zen_cgp_nominee_valid(&b.payout, s->funds, s->n_funds))
		pw_add(&s->pw, &b.payout, weight);
	zen_cgp_ballot_release(&b);
	return rc == 1 ? 0 : rc;
}

/* "No payout": the pool pays itself one kalapa of ZP. */
static void default_nominee(const struct zen_chain_params *p,
			    struct zen_cgp_payout *out, struct zen_spend *zp)
{
	memset(out, 0, sizeof(*out));
	memset(zp, 0, sizeof(*zp));
	zp->amount = 1;
	out->recipient.is_contract = 1;
	out->recipient.cid = p->cgp_contract_id;
	out->spends = zp;
	out->n_spends = 1;
}

static int payout_cmp_qsort(const void *a, const void *b)
{
	return zen_cgp_payout_cmp(a, b);
}

/* The candidates: nominees with some weight and at least the threshold,
 * and dflt (NULL: none) whatever its weight, in payout order. */
static int store_candidates(struct cgp_writer *w, struct scan *s,
			    uint64_t threshold,
			    const struct zen_cgp_payout *dflt)
{
	struct zen_cgp_payout *keep = zen_xcalloc(s->pw.n + 1, sizeof(*keep));
	struct zen_buf b = ZEN_BUF_INIT;
	struct cgp_key k;
	size_t n = 0;
	int rc;

	for (size_t i = 0; i < s->pw.n; i++)
		if ((s->pw.w[i] && s->pw.w[i] >= threshold) ||
		    (dflt && !zen_cgp_payout_cmp(&s->pw.p[i], dflt)))
			keep[n++] = s->pw.p[i];
	if (n)
		qsort(keep, n, sizeof(*keep), payout_cmp_qsort);
	zen_write_varint(&b, (uint32_t)n);
	for (size_t i = 0; i < n; i++)
		zen_cgp_payout_write(&b, &keep[i]);
	cgp_key_start(&k, CGP_CANDIDATES);
	cgp_key_u32(&k, s->interval);
	rc = cgp_put(w, &k, b.data, b.len);
	zen_buf_release(&b);
	free(keep);
	return rc;
}

int cgp_nominate(const struct zen_chain_params *p, struct cgp_writer *w,
		 uint32_t interval)
{
	struct scan s = { .t = w->t, .err = w->err, .interval = interval,
			  .p = p };
	struct zen_spend *funds, zp;
	struct zen_cgp_payout dflt;
	uint64_t threshold = zen_cgp_threshold(p, interval);
	struct cgp_key k;
	int rc;

	cgp_key_start(&k, CGP_SNAP_FUNDS);
	cgp_key_u32(&k, interval);
	if ((rc = cgp_funds_get(w->t, &k, &funds, &s.n_funds, w->err)))
		return rc;
	s.funds = funds;
	cgp_key_start(&k, ZEN_CGP_NOMINEES);
	cgp_key_u32(&k, interval);
	rc = cgp_scan(w->t, &k, nominee_one, &s, w->err);
	if (rc == CGP_SCAN_DAMAGED)
		rc = zen_fail(w->err, ZEN_ESTORE,
			      "store is damaged: bad cgp ballot");
	if (!rc && s.n_funds) {
		/* it replaces any voted weight of the same payout */
		default_nominee(p, &dflt, &zp);
		pw_add(&s.pw, &dflt, 0);
		s.pw.w[pw_find(&s.pw, &dflt)] = threshold;
	}
	if (!rc)
		rc = store_candidates(w, &s, threshold,
				      s.n_funds ? &dflt : NULL);
	pw_release(&s.pw);
	free(funds);
	return rc;
}

/* ---- the tally (6.5, 6.6) ---- */

static int allocation_one(void *ctx, const uint8_t *tail, size_t tlen,
			  const uint8_t *val, size_t vlen)
{
	struct scan *s = ctx;
	struct zen_cgp_ballot b;
	uint64_t weight;
	int rc = entry_of(s, tail, tlen, val, vlen, &b, &weight);

	if (!rc && b.kind == ZEN_CGP_BALLOT_ALLOCATION &&
	    zen_cgp_allocation_valid(s->p, s->last, b.allocation)) {
		ZEN_GROW(s->alloc, s->n_alloc + 1, s->cap_alloc);
		s->alloc[s->n_alloc].value = b.allocation;
		s->alloc[s->n_alloc++].weight = weight;
	}
	zen_cgp_ballot_release(&b);
	return rc == 1 ? 0 : rc;
}

/* Only a vote for a candidate counts (6.5). */
static int payout_one(void *ctx, const uint8_t *tail, size_t tlen,
		      const uint8_t *val, size_t vlen)
{
	struct scan *s = ctx;
	struct zen_cgp_ballot b;
	uint64_t weight;
	int rc = entry_of(s, tail, tlen, val, vlen, &b, &weight);

	if (!rc && b.kind == ZEN_CGP_BALLOT_PAYOUT &&
	    payout_index(s->cand, s->n_cand, &b.payout) < s->n_cand)
		pw_add(&s->pw, &b.payout, weight);
	zen_cgp_ballot_release(&b);
	return rc == 1 ? 0 : rc;
}

/* The allocation of the latest winner at or before interval; 0 if none. */
static int last_allocation(struct zen_store_txn *t, uint32_t interval,
			   uint8_t *out, struct zen_err *err)
{
	*out = 0;
	for (; interval > 1; interval--) {
		struct zen_cgp_state s;
		int rc = cgp_winner_get(t, interval, &s, err);

		if (rc == ZEN_ENOTFOUND)
			continue;
		if (!rc)
			*out = s.allocation;
		zen_cgp_state_release(&s);
		return rc;
	}
	return 0;
}

static int scan_table(struct scan *s, uint8_t table,
		      int (*fn)(void *, const uint8_t *, size_t,
				const uint8_t *, size_t))
{
	struct cgp_key k;
	int rc;

	cgp_key_start(&k, table);
	cgp_key_u32(&k, s->interval);
	rc = cgp_scan(s->t, &k, fn, s, s->err);
	if (rc == CGP_SCAN_DAMAGED)
		rc = zen_fail(s->err, ZEN_ESTORE,
			      "store is damaged: bad cgp ballot");
	return rc;
}

/* The winner from the scan's sums: the median allocation (or the one in
 * force), the payout of strictly greatest weight (or none). */
static void winner_of(struct scan *s, struct zen_cgp_state *out)
{
	long top = zen_cgp_payout_winner(s->pw.w, s->pw.n);

	memset(out, 0, sizeof(*out));
	if (zen_cgp_weighted_median(s->alloc, s->n_alloc, &out->allocation))
		out->allocation = s->last;
	if (top >= 0) {
		out->has_payout = 1;
		zen_cgp_payout_copy(&out->payout, &s->pw.p[top]);
	}
}

int cgp_tally(const struct zen_chain_params *p, struct cgp_writer *w,
	      uint32_t interval)
{
	struct scan s = { .t = w->t, .err = w->err, .interval = interval - 1,
			  .p = p };
	struct zen_cgp_state winner = { 0 };
	struct zen_buf b = ZEN_BUF_INIT;
	struct cgp_key k;
	int rc = last_allocation(w->t, interval - 1, &s.last, w->err) ?:
		 cgp_candidates_get(w->t, interval - 1, &s.cand, &s.n_cand,
				    w->err);

	if (!rc)
		rc = scan_table(&s, ZEN_CGP_ALLOCATIONS, allocation_one) ?:
		     scan_table(&s, ZEN_CGP_PAYOUTS, payout_one);
	if (!rc) {
		winner_of(&s, &winner);
		zen_cgp_state_write(&b, &winner);
		cgp_key_start(&k, CGP_WINNER);
		cgp_key_u32(&k, interval);
		rc = cgp_put(w, &k, b.data, b.len);
	}
	zen_buf_release(&b);
	zen_cgp_state_release(&winner);
	free(s.alloc);
	pw_release(&s.pw);
	zen_cgp_payouts_free(s.cand, s.n_cand);
	return rc;
}
