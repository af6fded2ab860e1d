/*
 * consensus.h - proof of work, difficulty, chain work, rewards and
 * issuance (protocol.md 4), and the active-contract-set sparse merkle root
 * (protocol.md 3.6).
 */
#ifndef ZEN_CONSENSUS_H
#define ZEN_CONSENSUS_H

#include "params.h"

/* 256-bit big-endian unsigned integers (targets, hashes, chain work). */
struct zen_u256 {
	uint8_t b[32];
};

void zen_difficulty_uncompress(struct zen_u256 *target, uint32_t compact);
uint32_t zen_difficulty_compress(const struct zen_u256 *target);
/* -1, 0, 1 as a < b, a == b, a > b (big-endian unsigned). */
int zen_u256_cmp(const struct zen_u256 *a, const struct zen_u256 *b);
/* Valid PoW: target <= pow_limit target and hash <= target. */
int zen_pow_valid(const uint8_t block_hash[ZEN_HASH_LEN], uint32_t difficulty,
		  uint32_t pow_limit);
/* floor(2^256 / (target + 1)). */
void zen_chain_work(struct zen_u256 *work, uint32_t compact);
/* a += b (mod 2^256). */
void zen_u256_add(struct zen_u256 *a, const struct zen_u256 *b);

/* EMA difficulty state (protocol.md 4.3). */
struct zen_ema {
	uint32_t difficulty;
	uint64_t delayed[11];	/* oldest first */
	unsigned count;
};
void zen_ema_init(struct zen_ema *ema, const struct zen_chain_params *p);
void zen_ema_push(struct zen_ema *ema, const struct zen_chain_params *p,
		  uint64_t timestamp_ms);
/* The median-time rule: 0, oldest, or sorted[5]. */
uint64_t zen_ema_earliest(const struct zen_ema *ema);

/* protocol.md 4.7. */
uint32_t zen_reward_period(uint32_t block_number);
uint64_t zen_block_total_reward(uint32_t block_number);
uint64_t zen_block_reward(uint32_t block_number, uint8_t allocation);
uint64_t zen_block_allocation(uint32_t block_number, uint8_t allocation);
uint64_t zen_total_issuance(const struct zen_chain_params *p,
			    uint32_t block_number);

/* Bitcoin-style difficulty number of /blockchain/info (api.md 5.6). */
double zen_difficulty_number(uint32_t compact);

/* ACS sparse merkle root over (contract hash -> expiry) entries; the
 * entries need not be sorted; n may be 0 (gives the empty root). */
struct zen_acs_entry {
	uint8_t contract_hash[ZEN_HASH_LEN];
	uint32_t expiry;
};
void zen_acs_root(uint8_t root[ZEN_HASH_LEN], const struct zen_acs_entry *e,
		  size_t n);

#endif
