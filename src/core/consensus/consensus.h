/*
 * consensus.h - proof of work, difficulty, chain work, rewards and
 * issuance (protocol.md 4), the CGP interval arithmetic (protocol.md 8.8)
 * and the active-contract-set sparse merkle root (protocol.md 3.6).
 */
#ifndef ZEN_CONSENSUS_H
#define ZEN_CONSENSUS_H

#include "core/consensus/params.h"

/* 256-bit big-endian unsigned integers (targets, hashes, chain work). */
struct zen_u256 {
	uint8_t b[32];
};

/* Digits of 2^256 - 1 in decimal. */
#define ZEN_U256_DECIMAL_LEN 78

/*
 * Compact difficulty (protocol.md 4.1).  uncompress places the 24-bit
 * mantissa so that the target has min(max(exp, 3), 32) significant bytes
 * (unlike Bitcoin, small exponents do not shift the mantissa out).
 * compress keeps the 3 most significant bytes of the target (truncating),
 * so uncompress(compress(t)) <= t, exact for targets of <= 3 bytes.
 */
void zen_difficulty_uncompress(struct zen_u256 *target, uint32_t compact);
uint32_t zen_difficulty_compress(const struct zen_u256 *target);
/* -1, 0, 1 as a < b, a == b, a > b (big-endian unsigned). */
int zen_u256_cmp(const struct zen_u256 *a, const struct zen_u256 *b);
/* Valid PoW: target <= pow_limit target and hash <= target.  The genesis
 * block is exempt; that is the caller's check. */
int zen_pow_valid(const uint8_t block_hash[ZEN_HASH_LEN], uint32_t difficulty,
		  uint32_t pow_limit);
/* floor(2^256 / (target + 1)) with target = uncompress(compact).  Target 0
 * (a zero mantissa, which no valid block can carry) would give 2^256; it
 * saturates to 2^256 - 1. */
void zen_chain_work(struct zen_u256 *work, uint32_t compact);
/* a += b (mod 2^256). */
void zen_u256_add(struct zen_u256 *a, const struct zen_u256 *b);
/* Decimal text of a (no leading zeros, "0" for zero) into out. */
void zen_u256_decimal(char out[ZEN_U256_DECIMAL_LEN + 1],
		      const struct zen_u256 *a);

/*
 * EMA difficulty state (protocol.md 4.3).  zen_ema_init gives the state
 * before genesis; zen_ema_push adds a block's timestamp and leaves in
 * difficulty what the next block's header must carry.  On a chain with
 * fixed_difficulty (local) that is always the chain's limit; the
 * timestamps are still kept for the median-time rule.
 */
struct zen_ema {
	uint32_t difficulty;
	uint64_t delayed[11];	/* oldest first */
	unsigned count;
};
void zen_ema_init(struct zen_ema *ema, const struct zen_chain_params *p);
void zen_ema_push(struct zen_ema *ema, const struct zen_chain_params *p,
		  uint64_t timestamp_ms);
/* The median-time rule: 0, oldest, or sorted[5].  A block's timestamp must
 * be strictly greater than this value of its parent's state. */
uint64_t zen_ema_earliest(const struct zen_ema *ema);
/* The EMA's target solve time t = trunc(block_interval_ms * 0.982), exact
 * (236682 -> 232421, 60000 -> 58920). */
uint64_t zen_ema_solve_time(uint64_t block_interval_ms);

/*
 * protocol.md 4.7.  period = 0 below block 2, else (bn - 2) div 800000;
 * rewards shift by period mod 64 (the reference's .NET shift), so period
 * 64 pays 50 ZP again.  allocation is the CGP percentage, 0..100 (more is
 * a caller bug).  zen_total_issuance is genesisTotal plus the total reward
 * of blocks 2..bn; it does not overflow for any u32 block number.
 */
uint32_t zen_reward_period(uint32_t block_number);
uint64_t zen_block_total_reward(uint32_t block_number);
uint64_t zen_block_reward(uint32_t block_number, uint8_t allocation);
uint64_t zen_block_allocation(uint32_t block_number, uint8_t allocation);
uint64_t zen_total_issuance(const struct zen_chain_params *p,
			    uint32_t block_number);

/*
 * CGP interval arithmetic (protocol.md 8.8, cgp-and-chain.md 3).
 * interval(bn) = (bn - 1) div intervalLength + 1 (1 for bn = 0);
 * snapshot(i) = (i - 1) * intervalLength + snapshot;
 * end of nomination(i) = snapshot(i) + nomination;
 * payout block iff bn mod intervalLength == coinbaseMaturity;
 * nominee phase iff snapshot(interval(bn)) < bn <= end of nomination.
 * interval must be >= 1.
 */
uint32_t zen_cgp_interval(const struct zen_chain_params *p,
			  uint32_t block_number);
uint32_t zen_cgp_snapshot_block(const struct zen_chain_params *p,
				uint32_t interval);
uint32_t zen_cgp_end_of_nomination(const struct zen_chain_params *p,
				   uint32_t interval);
int zen_cgp_is_payout_block(const struct zen_chain_params *p,
			    uint32_t block_number);
int zen_cgp_is_nominee_phase(const struct zen_chain_params *p,
			     uint32_t block_number);

/* Bitcoin-style difficulty number of /blockchain/info (api.md 5.6):
 * 0xffff / mantissa, times 256 per exponent step below 29, divided by 256
 * per step above.  A zero mantissa gives 0.  (The "1 when there is no
 * block" of the API is the caller's.) */
double zen_difficulty_number(uint32_t compact);

/* ACS sparse merkle root over (contract hash -> expiry) entries; the
 * entries need not be sorted but their hashes must be distinct (a caller
 * bug otherwise); n may be 0 (gives the empty root, d[256]). */
struct zen_acs_entry {
	uint8_t contract_hash[ZEN_HASH_LEN];
	uint32_t expiry;
};
void zen_acs_root(uint8_t root[ZEN_HASH_LEN], const struct zen_acs_entry *e,
		  size_t n);
/* The default hash d[height] of an empty subtree, height 0..256. */
void zen_acs_default_hash(uint8_t out[ZEN_HASH_LEN], unsigned height);

#endif
