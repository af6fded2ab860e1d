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

#endif
