/*
 * secured.h - the reference node's "Secured" blob (wallet.md 5.1), kept
 * only so that zen can one day import a wallet database of the F# node.
 * zen's own wallet encrypts its secret differently.
 *
 *   k = PBKDF2-HMAC-SHA1(password, salt, 1000 iterations, 64 bytes)
 *   enc key = k[0..32), mac key = k[32..48), iv = k[48..64)
 *   ct = AES-256-CBC/PKCS#7(enc key, iv, plaintext)
 *   blob = salt (16) || HMAC-SHA256(mac key, ct) (32) || ct
 */
#ifndef ZEN_WALLET_SECURED_H
#define ZEN_WALLET_SECURED_H

#include "core/base/buf.h"
#include "core/base/err.h"

#define ZEN_SECURED_SALT_LEN 16
#define ZEN_SECURED_MAC_LEN 32
#define ZEN_SECURED_HEADER_LEN (ZEN_SECURED_SALT_LEN + ZEN_SECURED_MAC_LEN)

/*
 * Encrypt plain[0..n) under password with the given salt (the reference
 * uses 16 random bytes; pass randombytes output for a real blob).
 * Returns: 0, or ZEN_EINTERNAL when libcrypto fails (out unchanged).
 * Out: out, the blob is appended.
 */
int zen_secured_encrypt(struct zen_buf *out, const char *password,
			const uint8_t salt[ZEN_SECURED_SALT_LEN],
			const uint8_t *plain, size_t n, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);

/*
 * Check the MAC and decrypt a blob.
 * Returns: 0; ZEN_EPASSWORD "bad password" when the MAC does not match (a
 * wrong password or a damaged blob, as the reference cannot tell them
 * apart); ZEN_EINVAL "invalid secured blob" when too short or the padding
 * is wrong.  On failure plain is wiped.
 * Out: plain, at least blob_len - ZEN_SECURED_HEADER_LEN bytes (the caller
 *      should sodium_malloc it); plain_len, the plaintext length.
 */
int zen_secured_decrypt(uint8_t *plain, size_t *plain_len,
			const char *password, const uint8_t *blob,
			size_t blob_len, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3, 4);

#endif
