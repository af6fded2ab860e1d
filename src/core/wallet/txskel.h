/*
 * txskel.h - the serialized TxSkeleton of POST /blockchain/contract/execute
 * (api.md 5.14): what an external wallet hands the node before a contract
 * adds its part.
 *
 *   TxSkeleton = List<Input> || List<Output>        (List = varint count)
 *   Input      = 0x01 || Outpoint || Output          (a PointedOutput:
 *                                                     the output it spends)
 *              | 0x02 || Spend                       (a Mint)
 *
 * Outpoint, Output and Spend as in a transaction (protocol.md 2).  The
 * empty skeleton is "0000".
 */
#ifndef ZEN_WALLET_TXSKEL_H
#define ZEN_WALLET_TXSKEL_H

#include "core/base/buf.h"
#include "core/base/err.h"
#include "core/types/tx.h"

struct zen_txskel {
	size_t n_in;
	struct zen_outpoint *in_outpoints;	/* n_in; unused for mints */
	struct zen_output *in_outputs;		/* n_in; unused for mints */
	struct zen_spend *in_mints;		/* n_in; amount 0 unless a mint */
	int *in_is_mint;			/* n_in */
	struct zen_output *outputs;
	size_t n_outputs;
};

void zen_txskel_init(struct zen_txskel *s) ZEN_NONNULL(1);
void zen_txskel_release(struct zen_txskel *s) ZEN_NONNULL(1);

/*
 * Decode p[0..len) into an initialized s (released first).  Trailing
 * bytes are refused.  A Mint of amount 0 is refused: the node's execution
 * request tells mints by a non-zero amount (chain.h), and a 0 mint is
 * never valid.
 * Returns: 0, or ZEN_EINVAL with the decoder's message (s released).
 */
int zen_txskel_decode(struct zen_txskel *s, const uint8_t *p, size_t len,
		      struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1);

/* The serialization of s, appended to out. */
void zen_txskel_encode(struct zen_buf *out, const struct zen_txskel *s)
	ZEN_NONNULL(1, 2);

#endif
