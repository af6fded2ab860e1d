/*
 * keycache.h - decompressed public keys, remembered process-wide.
 *
 * Decompressing a 33-byte compressed key (secp256k1_ec_pubkey_parse) takes
 * a square root: about 4 us, the bulk of a contract command over a state
 * that holds many keys (an order book of 1,000 makers), and 13% of a
 * signature's verification.  A node runs many commands over one state,
 * and decodes a transaction's keys (zen_pubkey_valid) before it verifies
 * their signatures (zen_ecdsa_verify), often first in the mempool and then
 * again in a block, so the keys it saw once are kept here: a
 * bounded table of ZEN_KEYCACHE_ENTRIES valid keys and their points, set
 * associative, the oldest key of a full set evicted.
 *
 * The cache never changes a result: only keys that parse go in, a lookup
 * compares the whole key (X, and Y's parity with the prefix), and a key
 * that does not parse is parsed again (and fails) every time.  Every
 * function is thread-safe: a lookup takes no lock (a sequence number per
 * set), an insert takes the mutex of its shard of sets after the parse.
 * The sets are chosen by a keyed hash with a per-process random key, so
 * that nobody can pick keys that evict each other on every node.
 */
#ifndef ZEN_CRYPTO_KEYCACHE_H
#define ZEN_CRYPTO_KEYCACHE_H

#include <stdint.h>

#include "core/base/zen.h"
#include "core/crypto/keys.h"

#define ZEN_KEYCACHE_ENTRIES 65536	/* 4 ways x 16,384 sets, ~4.3 MB */

/*
 * Decompress pub: xy = X || Y of its point, 32 bytes each, big-endian
 * (the uncompressed SEC 1 encoding without its 0x04 byte).
 * Returns: 1 if pub is a valid compressed key (0x02 or 0x03, X below p,
 * on the curve), else 0 and xy is zeroed.
 */
int zen_pubkey_decompress(uint8_t xy[64], const uint8_t pub[ZEN_PUBKEY_LEN])
	ZEN_NONNULL(1, 2);

/* The same without the cache (the reference the tests compare with). */
int zen_pubkey_decompress_uncached(uint8_t xy[64],
				   const uint8_t pub[ZEN_PUBKEY_LEN])
	ZEN_NONNULL(1, 2);

/* No count of hits: lookups write nothing shared (keycache.c). */
struct zen_keycache_stats {
	uint64_t misses;	/* lookups that parsed: new keys, keys off the
				   curve (a first byte not 2 or 3 is refused
				   before, uncounted) */
	uint64_t entries;	/* keys held now, <= ZEN_KEYCACHE_ENTRIES */
};

/* Counters since the start or the last zen_keycache_clear(). */
void zen_keycache_stats(struct zen_keycache_stats *out) ZEN_NONNULL(1);

/* Forget every key and zero the counters (tests, cold benchmarks). */
void zen_keycache_clear(void);

#endif
