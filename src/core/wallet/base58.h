/*
 * base58.h - Bitcoin Base58 and Base58Check (checksum = first 4 bytes of
 * SHA-256(SHA-256(payload))), as used by BIP32 extended keys.
 */
#ifndef ZEN_WALLET_BASE58_H
#define ZEN_WALLET_BASE58_H

#include "core/base/buf.h"
#include "core/base/err.h"

/*
 * Append the Base58Check text of p[0..n) to out (NUL-terminated).
 */
void zen_base58check_encode(struct zen_buf *out, const uint8_t *p, size_t n)
	ZEN_NONNULL(1);

/*
 * Decode Base58Check text, appending the payload (without the checksum) to
 * out.  On failure out is unchanged.
 * Returns: 0, or ZEN_EINVAL "invalid base58 character", "invalid base58
 * checksum" (also for texts shorter than a checksum).
 */
int zen_base58check_decode(struct zen_buf *out, const char *text,
			   struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

#endif
