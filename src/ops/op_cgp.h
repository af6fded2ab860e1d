/*
 * op_cgp.h - the JSON of the Common Goods Pool's read operations
 * (op_cgp.c; api.md 3.11, 5.1-5.3, 7; cgp-and-chain.md 8), shared with
 * their unit test.
 */
#ifndef ZEN_OPS_OP_CGP_H
#define ZEN_OPS_OP_CGP_H

#include <jansson.h>

#include "core/base/buf.h"
#include "core/cgp/cgp.h"
#include "core/consensus/params.h"

/* {"recipient": PK or contract address of chain, "spendlist":
 * [{"asset","amount"}]}, amounts as decimal strings. */
json_t *zen_json_cgp_payout(const struct zen_cgp_payout *p,
			    enum zen_chain chain);

/* {"interval","allocation","payout"} (api.md 3.11): "payout" is {} when
 * the state has none. */
json_t *zen_json_cgp_state(uint32_t interval, const struct zen_cgp_state *s,
			   enum zen_chain chain);

/*
 * {"raw","encoded","cgpContract","votingContract"} (api.md 5.3) for the
 * payout of s: raw is the data JSON of its message body (7.2), encoded the
 * hex of that body as the reference's Data.serialize writes it (one zero
 * byte per List node at the end, protocol.md 2.14.1; a decoder ignores
 * them); both null when s is NULL or has no payout.  votingContract is
 * zen's addition.
 */
json_t *zen_json_cgp_contract(const struct zen_cgp_state *s,
			      const struct zen_chain_params *p);

/*
 * The phase of the tip's interval that the tip is in, for the additions
 * of /blockchain/cgp: "beforeSnapshot" (up to the snapshot block),
 * "nomination" or "voting" (to the interval's last block); *end is the
 * phase's last block.
 */
const char *zen_cgp_phase(const struct zen_chain_params *p, uint32_t tip,
			  uint64_t *end);

/*
 * The readable form of a /blockchain/cgp or /blockchain/winner reply
 * (from this node or any other: what is missing is left out), appended to
 * out.  Returns 0, or -1 when result is not such a reply (out unchanged).
 */
int op_cgp_readable(struct zen_buf *out, const json_t *result);

#endif
