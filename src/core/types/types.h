/*
 * types.h - the small fixed-size consensus values shared by every part of
 * the core.  Wire encodings live in ser.h / tx.h; text forms in asset.h.
 */
#ifndef ZEN_TYPES_H
#define ZEN_TYPES_H

#include "core/base/zen.h"

/* protocol.md 2.2: (version, 32-byte hash). */
struct zen_contract_id {
	uint32_t version;
	uint8_t hash[ZEN_HASH_LEN];
};

/* Text form: 72 hex = u32 BE version || hash. */
#define ZEN_CONTRACT_ID_TEXT_LEN 72
/* Raw form used in addresses: 36 bytes, u32 BE version || hash. */
#define ZEN_CONTRACT_ID_RAW_LEN 36

/* protocol.md 2.3: ZP is all zero. */
struct zen_asset {
	struct zen_contract_id cid;
	uint8_t subtype[ZEN_HASH_LEN];
};

struct zen_spend {
	struct zen_asset asset;
	uint64_t amount;	/* kalapas */
};

struct zen_outpoint {
	uint8_t tx_hash[ZEN_HASH_LEN];
	uint32_t index;
};

/* The reference's structural orders, which consensus depends on (coinbase
 * outputs, CGP spend lists) as well as the wallet: assets by contract
 * version, then hash, then subtype; outpoints by txHash bytes, then index. */
int zen_asset_cmp(const struct zen_asset *a, const struct zen_asset *b)
	ZEN_NONNULL(1, 2);
int zen_outpoint_cmp(const struct zen_outpoint *a,
		     const struct zen_outpoint *b) ZEN_NONNULL(1, 2);

#endif
