/*
 * coins.c - coin selection and change.
 */
#include <stdlib.h>
#include <string.h>

#include "core/base/buf.h"
#include "core/wallet/coins.h"

void zen_coin_selection_release(struct zen_coin_selection *sel)
{
	free(sel->picked);
	free(sel->change);
	memset(sel, 0, sizeof(*sel));
}

int zen_coin_mature(const struct zen_wallet_coin *c, uint32_t tip,
		    uint32_t maturity)
{
	uint64_t next = (uint64_t)tip + 1;

	if (!c->coinbase)
		return 1;
	return next >= c->coinbase_block && next - c->coinbase_block >= maturity;
}

static int spend_cmp(const void *a, const void *b)
{
	return zen_asset_cmp(&((const struct zen_spend *)a)->asset,
			     &((const struct zen_spend *)b)->asset);
}

int zen_spends_sum(struct zen_spend **out, size_t *n,
		   const struct zen_spend *spends, size_t n_spends,
		   struct zen_err *err)
{
	struct zen_spend *s;
	size_t k = 0;

	*out = NULL;
	*n = 0;
	if (!n_spends)
		return 0;
	s = zen_xmemdup(spends, n_spends * sizeof(*s));
	zen_qsort(s, n_spends, sizeof(*s), spend_cmp);
	for (size_t i = 0; i < n_spends; i++) {
		if (k && !zen_asset_cmp(&s[k - 1].asset, &s[i].asset)) {
			if (s[i].amount > UINT64_MAX - s[k - 1].amount) {
				free(s);
				return zen_fail(err, ZEN_EINVAL,
						"amount overflow");
			}
			s[k - 1].amount += s[i].amount;
		} else {
			s[k++] = s[i];
		}
	}
	*out = s;
	*n = k;
	return 0;
}

/* qsort context: the coins that the index array points into. */
struct pick_order {
	const struct zen_wallet_coin *coins;
	size_t idx;
};

static int pick_cmp(const void *a, const void *b)
{
	const struct pick_order *x = a, *y = b;
	int c = zen_asset_cmp(&x->coins[x->idx].spend.asset,
			      &y->coins[y->idx].spend.asset);

	if (c)
		return c;
	/* descending outpoint within an asset */
	return -zen_outpoint_cmp(&x->coins[x->idx].outpoint,
				 &y->coins[y->idx].outpoint);
}

/*
 * Take candidates of asset req->asset from order[lo..hi) until covered.
 * Returns 1 when covered, with the surplus in *change.
 */
static int cover_asset(struct zen_coin_selection *sel,
		       const struct pick_order *order, size_t lo, size_t hi,
		       uint64_t need, uint64_t *change)
{
	*change = 0;
	for (size_t i = lo; i < hi && need; i++) {
		uint64_t amt = order[i].coins[order[i].idx].spend.amount;

		sel->picked[sel->n_picked++] = order[i].idx;
		if (amt >= need) {
			*change = amt - need;
			need = 0;
		} else {
			need -= amt;
		}
	}
	return need == 0;
}

int zen_coins_select(struct zen_coin_selection *sel,
		     const struct zen_wallet_coin *coins, size_t n_coins,
		     const struct zen_spend *required, size_t n_req,
		     uint32_t tip, uint32_t maturity, struct zen_err *err)
{
	struct zen_spend *req = NULL;
	struct pick_order *order;
	size_t n_order = 0, n_sum, pos = 0;
	int rc;

	zen_coin_selection_release(sel);
	rc = zen_spends_sum(&req, &n_sum, required, n_req, err);
	if (rc)
		return rc;
	order = zen_xcalloc(n_coins ? n_coins : 1, sizeof(*order));
	for (size_t i = 0; i < n_coins; i++) {
		if (!zen_coin_mature(&coins[i], tip, maturity))
			continue;
		order[n_order].coins = coins;
		order[n_order++].idx = i;
	}
	zen_qsort(order, n_order, sizeof(*order), pick_cmp);
	sel->picked = zen_xcalloc(n_order ? n_order : 1, sizeof(size_t));
	sel->change = zen_xcalloc(n_sum ? n_sum : 1, sizeof(struct zen_spend));

	for (size_t r = 0; r < n_sum; r++) {
		size_t lo, hi;
		uint64_t change;

		while (pos < n_order && zen_asset_cmp(
			&coins[order[pos].idx].spend.asset, &req[r].asset) < 0)
			pos++;
		lo = hi = pos;
		while (hi < n_order && !zen_asset_cmp(
			&coins[order[hi].idx].spend.asset, &req[r].asset))
			hi++;
		if (!cover_asset(sel, order, lo, hi, req[r].amount, &change)) {
			rc = zen_fail(err, ZEN_EINVAL, "not enough tokens");
			break;
		}
		if (change) {
			sel->change[sel->n_change].asset = req[r].asset;
			sel->change[sel->n_change++].amount = change;
		}
		pos = hi;
	}
	if (rc)
		zen_coin_selection_release(sel);
	free(order);
	free(req);
	return rc;
}
