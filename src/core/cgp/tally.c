/*
 * tally.c - the rules that decide which CGP votes count and what they
 * elect (cgp-and-chain.md 6.4-6.6, with section 20).
 */
#include <stdlib.h>

#include "core/cgp/cgp.h"
#include "core/consensus/consensus.h"

uint64_t zen_cgp_threshold(const struct zen_chain_params *p, uint32_t interval)
{
	unsigned __int128 issued =
		zen_total_issuance(p, zen_cgp_snapshot_block(p, interval));

	return (uint64_t)(issued * p->threshold_num / p->threshold_den);
}

/* Take s from the pool's funds; 0 when they cannot pay it. */
static int pay_from(struct zen_spend *funds, size_t n_funds,
		    const struct zen_spend *s)
{
	for (size_t i = 0; i < n_funds; i++) {
		if (zen_asset_cmp(&funds[i].asset, &s->asset))
			continue;
		if (funds[i].amount < s->amount)
			return 0;
		funds[i].amount -= s->amount;
		return 1;
	}
	return 0;
}

/* Sorted by asset, no neighbours equal in asset and amount (20.3). */
static int spends_ordered(const struct zen_spend *s, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		int c = zen_asset_cmp(&s[i - 1].asset, &s[i].asset);

		if (c > 0 || (!c && s[i - 1].amount == s[i].amount))
			return 0;
	}
	return 1;
}

int zen_cgp_nominee_valid(const struct zen_cgp_payout *payout,
			  const struct zen_spend *funds, size_t n_funds)
{
	struct zen_spend *left;
	int ok;

	if (payout->n_spends < 1 || payout->n_spends > ZEN_CGP_MAX_SPENDS ||
	    !spends_ordered(payout->spends, payout->n_spends))
		return 0;
	for (size_t i = 0; i < payout->n_spends; i++)
		if (!payout->spends[i].amount)
			return 0;
	left = n_funds ? zen_xmemdup(funds, n_funds * sizeof(*funds)) : NULL;
	ok = 1;
	for (size_t i = 0; ok && i < payout->n_spends; i++)
		ok = pay_from(left, n_funds, &payout->spends[i]);
	free(left);
	return ok;
}

int zen_cgp_allocation_valid(const struct zen_chain_params *p, uint8_t prev,
			     uint8_t x)
{
	unsigned c = 100 - p->allocation_correction_cap;
	unsigned floor_ratio = 100 - p->upper_allocation_bound;
	unsigned rp = 100 - prev, r, rmin, rmax;

	if (x > 100 || prev > 100)
		return 0;
	r = 100u - x;
	rmin = rp * c / 100;
	if (rmin < floor_ratio)
		rmin = floor_ratio;
	rmax = rp * 100 / c;
	if (rmax > 100)
		rmax = 100;
	return rmin <= r && r <= rmax;
}

static int by_value(const void *a, const void *b)
{
	const struct zen_cgp_weighted *x = a, *y = b;

	return (x->value > y->value) - (x->value < y->value);
}

/* Sum the weights of equal values (v sorted); the new count. */
static size_t merge_equal(struct zen_cgp_weighted *v, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		if (k && v[k - 1].value == v[i].value)
			v[k - 1].weight += v[i].weight;
		else
			v[k++] = v[i];
	}
	return k;
}

int zen_cgp_weighted_median(struct zen_cgp_weighted *v, size_t n,
			    uint8_t *out)
{
	unsigned __int128 total = 0, before = 0, num;
	long lo = -1, hi = -1;

	if (!n)
		return ZEN_ENOTFOUND;
	qsort(v, n, sizeof(*v), by_value);
	n = merge_equal(v, n);
	for (size_t i = 0; i < n; i++)
		total += v[i].weight;
	if (!total)
		return ZEN_ENOTFOUND;
	for (size_t i = 0; i < n; i++) {
		unsigned __int128 after = total - before - v[i].weight;

		if (2 * before <= total && 2 * after <= total) {
			if (lo < 0)
				lo = (long)i;
			hi = (long)i;
		}
		before += v[i].weight;
	}
	if (lo == hi) {
		*out = v[lo].value;
		return 0;
	}
	num = (unsigned __int128)v[lo].value * v[lo].weight +
	      (unsigned __int128)v[hi].value * v[hi].weight;
	*out = (uint8_t)(num / ((unsigned __int128)v[lo].weight + v[hi].weight));
	return 0;
}

long zen_cgp_payout_winner(const uint64_t *weights, size_t n)
{
	long best = -1;
	int shared = 0;

	for (size_t i = 0; i < n; i++) {
		if (best < 0 || weights[i] > weights[best]) {
			best = (long)i;
			shared = 0;
		} else if (weights[i] == weights[best]) {
			shared = 1;
		}
	}
	return shared ? -1 : best;
}
