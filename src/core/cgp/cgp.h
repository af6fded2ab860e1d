/*
 * cgp.h - the Common Goods Pool's consensus rules that need no store
 * (cgp-and-chain.md Part A, with its section 20; protocol.md 2.16, 8.8):
 * payouts and ballots and their serialization, the digest a voter signs,
 * the nominee and allocation rules, the tally, and the message body of the
 * payout transaction.  The interval arithmetic and the reward split are in
 * core/consensus.h.
 *
 * Every rule here is consensus: the same votes must count, and the same
 * blocks be accepted, as on the reference node, quirks included (a ballot
 * followed by extra bytes counts; nominee spends are sorted non-strictly).
 */
#ifndef ZEN_CGP_H
#define ZEN_CGP_H

#include "core/base/buf.h"
#include "core/types/data.h"
#include "core/base/err.h"
#include "core/consensus/params.h"
#include "core/types/ser.h"
#include "core/types/types.h"

/* The most spends a payout may carry (6.4 rule 3, the contract's 7.1). */
#define ZEN_CGP_MAX_SPENDS 100

/* Who a payout pays: a PK hash or a contract. */
struct zen_cgp_recipient {
	int is_contract;
	uint8_t pk_hash[ZEN_HASH_LEN];		/* !is_contract */
	struct zen_contract_id cid;		/* is_contract */
};

struct zen_cgp_payout {
	struct zen_cgp_recipient recipient;
	struct zen_spend *spends;		/* owned */
	size_t n_spends;
};

enum zen_cgp_ballot_kind {
	ZEN_CGP_BALLOT_ALLOCATION = 1,
	ZEN_CGP_BALLOT_PAYOUT = 2,
};

struct zen_cgp_ballot {
	enum zen_cgp_ballot_kind kind;
	uint8_t allocation;			/* ALLOCATION */
	struct zen_cgp_payout payout;		/* PAYOUT */
};

/* The state of section 5: the allocation in force and the payout due. */
struct zen_cgp_state {
	uint8_t allocation;
	int has_payout;
	struct zen_cgp_payout payout;
};

void zen_cgp_payout_release(struct zen_cgp_payout *p);
/* Deep copy into dst (which is overwritten, not released). */
void zen_cgp_payout_copy(struct zen_cgp_payout *dst,
			 const struct zen_cgp_payout *src);
void zen_cgp_ballot_release(struct zen_cgp_ballot *b);
void zen_cgp_state_release(struct zen_cgp_state *s);

/*
 * The reference's structural order of payouts: PK recipients before
 * contract ones, then their bytes (a contract id by version, then hash);
 * then the spend lists lexicographically (asset order of types.h, then
 * amount; a shorter prefix first).  Candidates are kept in this order.
 */
int zen_cgp_payout_cmp(const struct zen_cgp_payout *a,
		       const struct zen_cgp_payout *b);

/* ---- serialization (protocol.md 2.16) ------------------------------- */

void zen_cgp_payout_write(struct zen_buf *out, const struct zen_cgp_payout *p);
int zen_cgp_payout_read(struct zen_reader *r, struct zen_cgp_payout *p,
			struct zen_err *err) ZEN_WARN_UNUSED;
void zen_cgp_ballot_write(struct zen_buf *out, const struct zen_cgp_ballot *b);
/*
 * A ballot from the bytes p[0..len).  Bytes after the ballot are ignored,
 * as the reference's deserializer ignores them (section 20.2).  Returns 0
 * or ZEN_EINVAL.
 */
int zen_cgp_ballot_decode(struct zen_cgp_ballot *b, const uint8_t *p,
			  size_t len, struct zen_err *err) ZEN_WARN_UNUSED;
void zen_cgp_state_write(struct zen_buf *out, const struct zen_cgp_state *s);
int zen_cgp_state_decode(struct zen_cgp_state *s, const uint8_t *p,
			 size_t len, struct zen_err *err) ZEN_WARN_UNUSED;

/* ---- votes (6.1) ----------------------------------------------------- */

/*
 * The digest a voter signs: SHA3-256 of the ASCII text
 * hex(Data U32 interval) || hex(Data String phase) || hex(Data String
 * ballot_hex), phase "Nomination" in the nomination phase, else "Vote".
 * The first two hex strings are lowercase; ballot_hex is hashed exactly as
 * the voter sent it (section 20.4).
 */
void zen_cgp_vote_digest(uint8_t out[ZEN_HASH_LEN], uint32_t interval,
			 int nomination_phase, const char *ballot_hex,
			 size_t ballot_hex_len);

/* One key that signed a vote. */
struct zen_cgp_signer {
	uint8_t pubkey[ZEN_PUBKEY_LEN];
	uint8_t signature[ZEN_SIGNATURE_LEN];
};

/* A voting-contract witness read as a vote (6.1). */
struct zen_cgp_vote {
	struct zen_cgp_ballot ballot;
	const char *ballot_hex;		/* a view into the body: what is signed */
	size_t ballot_hex_len;
	struct zen_cgp_signer *signers;	/* owned; in the dictionary's order */
	size_t n_signers;
};

/*
 * Read a witness's command and message body as a vote: the command is
 * "Allocation" (an allocation ballot) or "Payout" / "Nomination" (a payout
 * ballot); the body a dictionary holding, under the command, a String of
 * the ballot's hex, and under "Signature" a dictionary from the hex of a
 * 33-byte public key to a Signature.  Entries of "Signature" of another
 * shape are dropped; the signatures are not verified here.
 * Returns 0, or ZEN_EINVAL when the witness is not a vote (the tally
 * ignores it).  Release *v with zen_cgp_vote_release (also on failure).
 */
int zen_cgp_vote_parse(struct zen_cgp_vote *v, const char *command,
		       size_t command_len, const struct zen_data *body,
		       struct zen_err *err) ZEN_WARN_UNUSED;
void zen_cgp_vote_release(struct zen_cgp_vote *v);

/* ---- the rules of nomination and voting (6.4, 6.5) ------------------- */

/*
 * The candidate threshold of an interval: the ZP issued at its snapshot
 * block times thresholdFactor (num / den), rounded down.
 */
uint64_t zen_cgp_threshold(const struct zen_chain_params *p, uint32_t interval);

/*
 * May payout be nominated, with the pool holding funds (spends summed per
 * asset, any order)?  1 to 100 spends, every amount above zero, sorted by
 * asset with no two neighbours equal in asset and amount (section 20.3:
 * [ZP 1, ZP 2] is allowed), and the pool able to pay them one by one.
 * Returns 1 or 0.
 */
int zen_cgp_nominee_valid(const struct zen_cgp_payout *payout,
			  const struct zen_spend *funds, size_t n_funds);

/*
 * Is an allocation ballot of x percent valid after an allocation of prev
 * percent (6.5)?  Worked on miner ratios r = 100 - x: valid iff
 * max(100 - upper bound, floor(rp * c / 100)) <= r <= min(100,
 * floor(rp * 100 / c)), c = 100 - the correction cap, rp = 100 - prev.
 */
int zen_cgp_allocation_valid(const struct zen_chain_params *p, uint8_t prev,
			     uint8_t x);

/* ---- the tally (6.6) ------------------------------------------------- */

/* A value and the weight (kalapas of ZP) behind it. */
struct zen_cgp_weighted {
	uint8_t value;
	uint64_t weight;
};

/*
 * The weighted median of allocation votes (any order, a value may repeat:
 * weights of equal values add up).  The admissible values are those with
 * at most half the total weight below and at most half above; with the
 * lowest l and the highest h of them the result is l when l == h, else
 * floor((l * w_l + h * w_h) / (w_l + w_h)).  Returns 0 and sets *out, or
 * ZEN_ENOTFOUND when there is no vote of any weight.  v is sorted in place.
 */
int zen_cgp_weighted_median(struct zen_cgp_weighted *v, size_t n,
			    uint8_t *out) ZEN_WARN_UNUSED;

/*
 * The payout vote winner: the index in payouts of the one with strictly
 * the greatest weight (weights[i] belongs to payouts[i]; equal payouts
 * must already be summed into one entry).  Returns the index, or -1 when
 * there are none or the greatest weight is shared.
 */
long zen_cgp_payout_winner(const uint64_t *weights, size_t n);

/* ---- the payout transaction (7.2, 7.3) ------------------------------- */

/*
 * The canonical message body of payout: Dict{"Outputs": List of
 * List[Lock recipient, List[String asset, U64 amount]]}, ZP written as 72
 * zeros.  d must be initialized; it is overwritten.
 */
void zen_cgp_payout_body(struct zen_data *d, const struct zen_cgp_payout *payout);

/*
 * Does a payout transaction's message body pay exactly the winner (7.3)?
 * Returns 0 when it does; ZEN_EINVAL "Couldn't parse message body" when
 * the body is not the shape above; ZEN_EREFUSED "Contract outputs are not
 * the same as the payout winner" when its outputs, compared as multisets,
 * differ from one output per winning spend locked to the recipient.
 */
int zen_cgp_check_payout_body(const struct zen_data *body,
			      const struct zen_cgp_payout *winner,
			      struct zen_err *err) ZEN_WARN_UNUSED;

#endif
