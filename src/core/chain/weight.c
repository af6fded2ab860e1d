/*
 * weight.c - transaction weight (protocol.md 4.5).
 *
 * The reference computes weight as an arbitrary-precision integer.  Here
 * every step is exact in 128 bits (a u64 cost times 100 fits) and the
 * result saturates at UINT64_MAX, which still compares above every
 * maxBlockWeight, so the limits decide exactly as the reference does.
 */
#include "core/chain/validate-int.h"

#define PK_WITNESS_WEIGHT 100000u
#define CONTRACT_SIGNATURE_WEIGHT 80000u
#define BYTE_WEIGHT 100u

typedef unsigned __int128 zen_u128;

uint64_t zen_weight_add(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t saturate(zen_u128 v)
{
	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}

static zen_u128 contract_witness_weight(const struct zen_witness *w)
{
	zen_u128 v = (zen_u128)w->cost * BYTE_WEIGHT;

	if (w->has_cw_signature)
		v += CONTRACT_SIGNATURE_WEIGHT;
	return v;
}

struct weight_walk {
	const struct zen_tx *tx;
	const struct zen_output *inputs;
	size_t i, j;		/* next input, next witness */
	zen_u128 total;
	struct zen_err *err;
};

/* The lock class of input i: 'p' PK/Coinbase, 'c' Contract/Mint, else 0. */
static int input_class(const struct weight_walk *ww, size_t i)
{
	uint32_t id;

	if (ww->tx->inputs[i].kind == ZEN_INPUT_MINT)
		return 'c';
	id = ww->inputs[i].lock.id;
	if (id == ZEN_LOCK_PK || id == ZEN_LOCK_COINBASE)
		return 'p';
	if (id == ZEN_LOCK_CONTRACT)
		return 'c';
	return 0;
}

/* The remaining witnesses once the inputs are exhausted: contract only. */
static int walk_leftovers(struct weight_walk *ww)
{
	const struct zen_tx *tx = ww->tx;

	for (; ww->j < tx->n_witnesses; ww->j++) {
		const struct zen_witness *w = &tx->witnesses[ww->j];

		if (w->id != ZEN_WITNESS_CONTRACT)
			return zen_validate_general(ww->err,
					"expecting a contract 0 witness");
		ww->total += contract_witness_weight(w);
	}
	return 0;
}

/*
 * One step at input i.  Returns 0 and sets *done when the walk ended
 * successfully (witnesses exhausted at a contract input).
 */
static int walk_step(struct weight_walk *ww, int *done)
{
	const struct zen_tx *tx = ww->tx;
	const struct zen_witness *w;
	int cls = input_class(ww, ww->i);

	if (!cls) {
		if (zen_lock_is_highv(ww->inputs[ww->i].lock.id))
			return zen_validate_general(ww->err,
					"high version inputs are invalid");
		return zen_validate_general(ww->err, "input is not spendable");
	}
	if (ww->j == tx->n_witnesses) {
		if (cls == 'c') {
			*done = 1;
			return 0;
		}
		return zen_validate_general(ww->err,
				"expecting a public key witness");
	}
	w = &tx->witnesses[ww->j++];
	if (cls == 'p') {
		if (w->id != ZEN_WITNESS_PK)
			return zen_validate_general(ww->err,
					"expecting a public key witness");
		ww->total += PK_WITNESS_WEIGHT;
		ww->i++;
		return 0;
	}
	if (w->id != ZEN_WITNESS_CONTRACT)
		return zen_validate_general(ww->err,
				"expecting a contract 0 witness");
	/* The reference skips inputsLength inputs; past the end it throws. */
	if (w->inputs_length > tx->n_inputs - ww->i)
		return zen_validate_general(ww->err,
			"contract witness inputs length exceeds the inputs");
	ww->total += contract_witness_weight(w);
	ww->i += w->inputs_length;
	return 0;
}

int zen_tx_weight(uint64_t *weight, const struct zen_tx *tx,
		  const struct zen_output *inputs, struct zen_err *err)
{
	struct weight_walk ww = { tx, inputs, 0, 0, 0, err };
	int done = 0, ret;

	*weight = 0;
	ww.total = (zen_u128)zen_tx_ref_size(tx, ZEN_TX_FULL) * BYTE_WEIGHT;
	while (ww.i < tx->n_inputs && !done)
		if ((ret = walk_step(&ww, &done)))
			return ret;
	if (!done && (ret = walk_leftovers(&ww)))
		return ret;
	*weight = saturate(ww.total);
	return 0;
}
