/*
 * hash.h - SHA3-256 (FIPS 202, via libcrypto) and the transaction merkle
 * tree of protocol.md 3.4.
 */
#ifndef ZEN_HASH_H
#define ZEN_HASH_H

#include "core/base/zen.h"

/* out = SHA3-256(p[0..n)).  Thread-safe: each calling thread keeps one
 * libcrypto context (freed when the thread exits), so a call costs about
 * one Keccak permutation per 136 bytes and no allocation. */
void zen_sha3(uint8_t out[ZEN_HASH_LEN], const void *p, size_t n);

/* Which code hashes: "provider" (the default provider's SHA3-256
 * functions called directly, the fast path) or "evp" (the fallback when
 * they cannot be found or fail their known-answer test). */
const char *zen_sha3_backend(void);

/* Incremental SHA3-256 for multi-part hashes (one hash of the concatenation). */
struct zen_sha3_ctx;
struct zen_sha3_ctx *zen_sha3_begin(void);
void zen_sha3_update(struct zen_sha3_ctx *ctx, const void *p, size_t n);
/* Writes the digest and frees ctx. */
void zen_sha3_end(struct zen_sha3_ctx *ctx, uint8_t out[ZEN_HASH_LEN]);

/*
 * Merkle root of n >= 1 leaves (protocol.md 3.4): one leaf is its own root;
 * otherwise split at the largest power of two below n and hash
 * 0x69 || left || right.  n == 0 is a caller bug.
 */
void zen_merkle_root(uint8_t out[ZEN_HASH_LEN],
		     const uint8_t (*leaves)[ZEN_HASH_LEN], size_t n);

#endif
