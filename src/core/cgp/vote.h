/*
 * vote.h - a vote as a wallet casts it (cgp-and-chain.md 3, 6.1, 6.4, 6.5
 * and section 20): when each kind of vote counts, and the voting
 * contract's command and message body for a ballot signed by a set of
 * keys.  The chain reads such a body back with zen_cgp_vote_parse
 * (cgp.h); this is its one writer.
 *
 * A vote counts when the block that holds it is in its window: the
 * digest signed names the block's interval and phase, so a vote signed
 * for one block still counts in any later block of the same window.
 */
#ifndef ZEN_CGP_VOTE_H
#define ZEN_CGP_VOTE_H

#include "core/cgp/cgp.h"
#include "core/crypto/keys.h"

enum zen_cgp_vote_kind {
	ZEN_CGP_VOTE_NOMINATION,	/* a payout put up as a candidate */
	ZEN_CGP_VOTE_ALLOCATION,	/* the share of the block reward */
	ZEN_CGP_VOTE_PAYOUT,		/* one of the candidates */
};

/* The voting contract's command, also the body's ballot key:
 * "Nomination", "Allocation" or "Payout". */
const char *zen_cgp_vote_command(enum zen_cgp_vote_kind kind);

/* Blocks first .. last of interval, both included. */
struct zen_cgp_window {
	uint32_t interval;
	uint32_t first;
	uint32_t last;
};

/*
 * The window of kind that block b is in, else the next one: nominations
 * are taken in snapshot + 1 .. snapshot + nomination of an interval,
 * allocation and payout votes from there to the interval's last block.
 * Returns 1 when b is inside *w, else 0 (*w is then a later window).
 */
int zen_cgp_vote_window(const struct zen_chain_params *p,
			enum zen_cgp_vote_kind kind, uint32_t b,
			struct zen_cgp_window *w) ZEN_NONNULL(1, 4);

/*
 * The allocations valid after an allocation of prev (6.5), lo .. hi
 * (zen_cgp_allocation_valid; the valid values are contiguous and never
 * none: prev itself is one).
 */
void zen_cgp_allocation_range(const struct zen_chain_params *p, uint8_t prev,
			      uint8_t *lo, uint8_t *hi) ZEN_NONNULL(1, 3, 4);

/*
 * Put a payout's spends in the order 6.4 rule 4 wants: sorted by asset,
 * stably (spends of one asset keep their order; section 20.3 allows
 * [ZP 1, ZP 2]).  Returns 0, or ZEN_EINVAL: "a payout needs 1 to 100
 * spends", "a spend of 0 kalapas", "spend AMOUNT:ASSET is given twice"
 * (two identical spends, which no nominee may hold).
 */
int zen_cgp_payout_sort(struct zen_cgp_payout *p, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1);

/*
 * The message body of a vote in block b (6.1):
 *   Dict{ command: String ballot_hex,
 *         "Signature": Dict{ hex of each key's 33-byte public key:
 *                            Signature over the digest } }
 * ballot_hex is the lowercase hex of zen_cgp_ballot_write(ballot); the
 * digest is zen_cgp_vote_digest(interval of b, b in the nomination phase,
 * ballot_hex).  One signature per key of seckeys (a key given twice signs
 * once).  An allocation ballot goes with ALLOCATION, a payout ballot with
 * NOMINATION or PAYOUT.  b need not be in the kind's window (the caller
 * decides; the chain ignores such a vote).
 * Returns: 0; ZEN_EINVAL "a NAME vote carries a payout ballot" (or "an
 *          allocation ballot"), "no key to sign the vote with", "invalid
 *          secret key" (body left as after init).
 * Out: body (initialized by the caller; released first).
 */
int zen_cgp_vote_body(struct zen_data *body, const struct zen_chain_params *p,
		      uint32_t b, enum zen_cgp_vote_kind kind,
		      const struct zen_cgp_ballot *ballot,
		      const uint8_t (*seckeys)[ZEN_SECKEY_LEN], size_t n_keys,
		      struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 5);

#endif
