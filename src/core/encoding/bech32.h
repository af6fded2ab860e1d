/*
 * bech32.h - BIP-173 bech32, the text encoding of Zen addresses
 * (consensus/address.h adds the chains' HRPs and payloads).
 */
#ifndef ZEN_BECH32_H
#define ZEN_BECH32_H

#include "core/base/buf.h"
#include "core/base/err.h"

/* Plain BIP-173.  data holds 5-bit values.  Appends the address text. */
int zen_bech32_encode(struct zen_buf *out, const char *hrp,
		      const uint8_t *data, size_t data_len,
		      struct zen_err *err) ZEN_WARN_UNUSED;
/* Decode; hrp_out gets the lower-cased HRP (NUL-terminated, at most 83
 * chars + NUL), data_out the 5-bit values without the checksum. */
int zen_bech32_decode(char hrp_out[84], struct zen_buf *data_out,
		      const char *addr, struct zen_err *err) ZEN_WARN_UNUSED;
/* General base conversion with or without padding (BIP-173 convertbits). */
int zen_convert_bits(struct zen_buf *out, const uint8_t *in, size_t in_len,
		     int from_bits, int to_bits, int pad) ZEN_WARN_UNUSED;

#endif
