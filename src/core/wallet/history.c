/*
 * history.c - netting and ordering of the wallet history.
 */
#include <stdlib.h>
#include <string.h>

#include "core/base/buf.h"
#include "core/wallet/coins.h"
#include "core/wallet/history.h"

struct event {
	struct zen_history_tx tx;
	struct zen_asset asset;
	int negative;
	uint64_t amount;
};

static int event_cmp(const void *a, const void *b)
{
	const struct event *x = a, *y = b;
	int c = memcmp(x->tx.tx_hash, y->tx.tx_hash, ZEN_HASH_LEN);

	return c ? c : zen_asset_cmp(&x->asset, &y->asset);
}

static int entry_cmp(const void *a, const void *b)
{
	const struct zen_history_entry *x = a, *y = b;
	int c;

	if (x->tx.confirmations != y->tx.confirmations)
		return x->tx.confirmations < y->tx.confirmations ? -1 : 1;
	if (x->tx.index != y->tx.index)
		return x->tx.index > y->tx.index ? -1 : 1;
	c = memcmp(x->tx.tx_hash, y->tx.tx_hash, ZEN_HASH_LEN);
	return c ? c : zen_asset_cmp(&x->asset, &y->asset);
}

/* Net events[0..n) (one (tx, asset) group) into e.  Returns 0 or -1 on
 * overflow. */
static int net_group(struct zen_history_entry *e, const struct event *ev,
		     size_t n)
{
	uint64_t in = 0, out = 0;

	for (size_t i = 0; i < n; i++) {
		uint64_t *sum = ev[i].negative ? &out : &in;

		if (ev[i].amount > UINT64_MAX - *sum)
			return -1;
		*sum += ev[i].amount;
	}
	e->tx = ev[0].tx;
	e->asset = ev[0].asset;
	e->out = out > in;
	e->amount = e->out ? out - in : in - out;
	return 0;
}

static size_t collect_events(struct event *ev,
			     const struct zen_history_output *outs, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		ev[k].tx = outs[i].created;
		ev[k].asset = outs[i].spend.asset;
		ev[k].negative = 0;
		ev[k++].amount = outs[i].spend.amount;
		if (!outs[i].spent)
			continue;
		ev[k].tx = outs[i].spent_by;
		ev[k].asset = outs[i].spend.asset;
		ev[k].negative = 1;
		ev[k++].amount = outs[i].spend.amount;
	}
	return k;
}

int zen_wallet_history(struct zen_history_entry **entries, size_t *n_entries,
		       const struct zen_history_output *outs, size_t n,
		       struct zen_err *err)
{
	struct zen_history_entry *e;
	struct event *ev;
	size_t n_ev, k = 0;

	*entries = NULL;
	*n_entries = 0;
	if (!n)
		return 0;
	ev = zen_xcalloc(2 * n, sizeof(*ev));
	n_ev = collect_events(ev, outs, n);
	zen_qsort(ev, n_ev, sizeof(*ev), event_cmp);
	e = zen_xcalloc(n_ev, sizeof(*e));
	for (size_t i = 0; i < n_ev;) {
		size_t j = i + 1;

		while (j < n_ev && !event_cmp(&ev[i], &ev[j]))
			j++;
		if (net_group(&e[k++], ev + i, j - i)) {
			free(ev);
			free(e);
			return zen_fail(err, ZEN_EINVAL, "amount overflow");
		}
		i = j;
	}
	free(ev);
	zen_qsort(e, k, sizeof(*e), entry_cmp);
	*entries = e;
	*n_entries = k;
	return 0;
}
