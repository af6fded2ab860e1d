/*
 * params.h - chain parameters of main, test and local (protocol.md 5).
 */
#ifndef ZEN_PARAMS_H
#define ZEN_PARAMS_H

#include "core/base/err.h"
#include "core/types/types.h"

enum zen_chain {
	ZEN_CHAIN_MAIN = 0,
	ZEN_CHAIN_TEST = 1,
	ZEN_CHAIN_LOCAL = 2,
};

struct zen_chain_params {
	enum zen_chain chain;
	const char *name;		/* "main", "testnet", "local" (as /blockchain/info) */
	const char *cli_name;		/* "main", "test", "local" (--chain) */
	uint32_t network_id;
	uint32_t pow_limit;		/* compact */
	uint64_t block_interval_ms;
	uint32_t smoothing;
	int fixed_difficulty;		/* local: every block carries pow_limit,
					   however fast blocks come (a dev chain
					   mined as fast as the CPU allows must
					   not retarget itself to a stall) */
	uint64_t max_block_weight;
	uint64_t sacrifice_per_byte_block;
	uint64_t contract_sacrifice_per_byte_block;
	uint8_t genesis_hash_hash[ZEN_HASH_LEN];
	int has_genesis_hash;		/* main: only the hash of the hash is known */
	uint8_t genesis_hash[ZEN_HASH_LEN];
	uint64_t genesis_time_ms;
	uint32_t coinbase_maturity;
	uint32_t interval_length;
	uint32_t snapshot;
	uint32_t nomination;
	uint32_t allocation_correction_cap;
	uint32_t upper_allocation_bound;
	uint32_t threshold_num, threshold_den;
	uint64_t genesis_total;		/* kalapas */
	struct zen_contract_id cgp_contract_id;
	struct zen_contract_id voting_contract_id;
	const char *hrp_pk;		/* "zen" / "tzn" */
	const char *hrp_contract;	/* "czen" / "ctzn" */
	uint16_t api_port;		/* 11567, 31567, 20000 */
	/* The peer-to-peer listener's default (p2p.md 8.6): every interface
	 * on main and test, loopback on the local chain. */
	const char *p2p_host;		/* "0.0.0.0", "0.0.0.0", "127.0.0.1" */
	uint16_t p2p_port;		/* 9655, 29555, 10000 */
};

/* Parameters of a chain; never NULL for a valid enum value. */
const struct zen_chain_params *zen_chain_params(enum zen_chain chain);

/* "main", "test"/"testnet", "local" -> chain.  ZEN_EINVAL otherwise. */
int zen_chain_from_name(enum zen_chain *out, const char *name,
			struct zen_err *err) ZEN_WARN_UNUSED;

#endif
