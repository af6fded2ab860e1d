/*
 * validate-int.h - helpers shared by the files behind validate.h
 * (validate.c, txcontext.c, weight.c, sigbatch.c).  Not an API.
 */
#ifndef ZEN_VALIDATE_INT_H
#define ZEN_VALIDATE_INT_H

#include "core/chain/validate.h"

/*
 * Refuse with the reference's General case: err gets
 * General "<text>" (with the quotes).  Returns ZEN_EREFUSED.
 */
int zen_validate_general(struct zen_err *err, const char *fmt, ...)
	ZEN_PRINTF(2, 3);

/*
 * Per-asset amounts (the reference's Map<Asset, uint64>).  Collect spends
 * with zen_totals_add, then zen_totals_merge sorts them by asset
 * (zen_asset_cmp) and sums each asset into one entry.  Entries of amount 0
 * stay (a Map key exists as soon as something was added).
 */
struct zen_totals {
	struct zen_spend *s;
	size_t n, cap;
};

#define ZEN_TOTALS_INIT { NULL, 0, 0 }

void zen_totals_release(struct zen_totals *t);
void zen_totals_add(struct zen_totals *t, const struct zen_spend *s);
/*
 * Sort and sum.  wrap = 0: returns 1 (totals unusable) when a sum
 * exceeds 2^64 - 1, else 0.  wrap = 1: sums wrap modulo 2^64 like the
 * reference's fund arithmetic, and the result is always 0.
 */
int zen_totals_merge(struct zen_totals *t, int wrap);
/* 1 when two merged totals hold the same assets with the same sums. */
int zen_totals_equal(const struct zen_totals *a, const struct zen_totals *b);

/*
 * The input/witness walk of 8.3 (txcontext.c), and its contract part
 * (txcontract.c).
 */
struct zen_skel;

struct zen_walk {
	const struct zen_tx *tx;
	const struct zen_output *resolved;
	const struct zen_tx_context *ctx;
	struct zen_sig_batch *batch;
	size_t i, j;		/* next input, next witness */
	enum zen_tx_verdict *verdict;
	struct zen_err *err;

	/* FollowingWitnesses: the witnesses written once, with offsets. */
	struct zen_buf wits;
	size_t *off;		/* off[k]: where witness k starts; off[n] = end */
	size_t *pad;		/* pad[k]: List nodes of witnesses k..n-1 */

	/* Contracts: the transaction as a skeleton, built on first use. */
	struct zen_skel *skel;
};

/*
 * The contract witness procedure for the input at wk->i, from step 3 on
 * (8.3; contracts.md 1.7): w is wk->tx->witnesses[wk->j], its shape and
 * signature checked; sender_pk is NULL (Anonymous) or the key that signed
 * it.  Runs cf and main, consumes the inputs and witnesses (chained ones
 * too) and records state updates in wk->ctx->delta.
 */
int zen_walk_contract(struct zen_walk *wk, const uint8_t *sender_pk);
/* Step 6 of 8.3: activation and extension, into wk->ctx->delta. */
int zen_walk_activation(struct zen_walk *wk);
void zen_walk_release(struct zen_walk *wk);

/*
 * zen_tx_validate_context that also gives, on success, the transaction's
 * weight (zen_tx_weight over tx and resolved), which it computes anyway.
 */
int zen_tx_validate_context_weight(enum zen_tx_verdict *verdict,
				   struct zen_output *resolved,
				   const struct zen_tx_context *ctx,
				   const struct zen_utxo_view *view,
				   const struct zen_tx *tx,
				   struct zen_sig_batch *batch,
				   uint64_t *weight, struct zen_err *err)
	ZEN_WARN_UNUSED;

/*
 * A signature pipeline: checks are verified in the background while the
 * caller goes on producing them; zen_sig_pipe_finish verifies what is
 * left on the calling thread too.  nthreads is 0 for one thread per core;
 * the workers are nthreads - 1, or nthreads when busy (the caller has
 * other work to do before it finishes).  Only one thread may feed and
 * finish.
 */
struct zen_sig_pipe;

struct zen_sig_pipe *zen_sig_pipe_start(unsigned nthreads, int busy);
/* Publish n more checks (copied) for verification. */
void zen_sig_pipe_feed(struct zen_sig_pipe *p, const struct zen_sig_check *c,
		       size_t n);
/* Published checks, and check i of them (feeding thread only). */
size_t zen_sig_pipe_count(const struct zen_sig_pipe *p);
const struct zen_sig_check *zen_sig_pipe_check(const struct zen_sig_pipe *p,
					       size_t i);
/*
 * Verify every published check, stop the workers and free p (NULL: no
 * checks).  Returns 1 when all verify; otherwise 0 and *first_bad (may be
 * NULL) is the lowest failing index in publication order.
 */
int zen_sig_pipe_finish(struct zen_sig_pipe *p, size_t *first_bad);
/* Stop without verifying the rest and free p (NULL is a no-op). */
void zen_sig_pipe_abort(struct zen_sig_pipe *p);

#endif
