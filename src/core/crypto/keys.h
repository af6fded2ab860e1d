/*
 * keys.h - secp256k1 keys and signatures as Zen uses them (protocol.md 7,
 * wallet.md 6.1, 11): 33-byte compressed public keys, pkHash = SHA3-256 of
 * the compressed key, and ECDSA over a 32-byte message (no extra hashing)
 * with the RFC 6979 nonce, low-S, 64-byte compact r || s.
 *
 * One secp256k1 context serves the whole process.  It is created and
 * randomized (blinding seed from libsodium) on first use, under
 * pthread_once, so every function here is thread-safe.
 *
 * Secret keys are 32 bytes; the caller owns and wipes them.  Nothing here
 * keeps a copy: intermediate secrets are wiped before returning.
 */
#ifndef ZEN_CRYPTO_KEYS_H
#define ZEN_CRYPTO_KEYS_H

#include "core/base/err.h"
#include "core/base/zen.h"

#define ZEN_SECKEY_LEN 32
#define ZEN_PUBKEY_LEN 33	/* compressed */
#define ZEN_SIGNATURE_LEN 64	/* compact */

/* Does pk parse as a compressed point, sig as a compact signature (r and
 * s below the order)?  1 or 0.  Keys found valid are remembered
 * process-wide (keycache.h: the parse takes a square root). */
int zen_pubkey_valid(const uint8_t pk[ZEN_PUBKEY_LEN]);
int zen_signature_valid(const uint8_t sig[ZEN_SIGNATURE_LEN]);

struct secp256k1_context_struct;

/*
 * The process-wide randomized context (libsecp256k1 0.2 contexts are all
 * "sign + verify").  Initialises libsodium too.  Never NULL: failure to set
 * up the crypto libraries is reported through ZEN_BUG.
 */
const struct secp256k1_context_struct *zen_secp_ctx(void);

/*
 * Is sec a valid secret key (0 < sec < n)?  Returns 1 or 0.
 */
int zen_seckey_valid(const uint8_t sec[ZEN_SECKEY_LEN]) ZEN_NONNULL(1);

/*
 * Compressed public key of a secret key.
 * Returns: 0, or ZEN_EINVAL "invalid secret key" (pub is zeroed).
 * Out: pub  In: sec
 */
int zen_pubkey_from_seckey(uint8_t pub[ZEN_PUBKEY_LEN],
			   const uint8_t sec[ZEN_SECKEY_LEN],
			   struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * pkHash = SHA3-256(pub), the payload of PK locks and addresses.
 */
void zen_pubkey_hash(uint8_t out[ZEN_HASH_LEN],
		     const uint8_t pub[ZEN_PUBKEY_LEN]) ZEN_NONNULL(1, 2);

/*
 * Sign a 32-byte message as given: RFC 6979 nonce, low-S, compact r || s.
 * Deterministic: the same key and message give the same signature.
 * Returns: 0, or ZEN_EINVAL "invalid secret key" (sig is zeroed).
 * Out: sig  In: msg, sec
 */
int zen_ecdsa_sign(uint8_t sig[ZEN_SIGNATURE_LEN],
		   const uint8_t msg[ZEN_HASH_LEN],
		   const uint8_t sec[ZEN_SECKEY_LEN], struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);

/*
 * Verify a compact signature over a 32-byte message with a compressed key.
 * High-S signatures, r or s >= n, and keys that do not parse are invalid.
 * The key is taken from the process-wide cache (keycache.h), where the
 * decoder of its transaction left it; a key not there is decompressed
 * and kept.
 * Returns: 1 if valid, 0 otherwise.
 */
int zen_ecdsa_verify(const uint8_t sig[ZEN_SIGNATURE_LEN],
		     const uint8_t msg[ZEN_HASH_LEN],
		     const uint8_t pub[ZEN_PUBKEY_LEN]) ZEN_NONNULL(1, 2, 3);

#endif
