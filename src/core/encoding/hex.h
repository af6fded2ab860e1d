/*
 * hex.h - base16.  Decoding accepts both cases and rejects anything else
 * (odd length, non-hex characters); encoding is always lowercase.
 */
#ifndef ZEN_HEX_H
#define ZEN_HEX_H

#include "core/base/buf.h"
#include "core/base/err.h"

/* Append the lowercase hex of p[0..n) to out (text, NUL-terminated). */
void zen_hex_encode(struct zen_buf *out, const uint8_t *p, size_t n);

/* Write 2n+1 bytes (hex + NUL) to out. */
void zen_hex_encode_to(char *out, const uint8_t *p, size_t n);

/* Decode hex text of length len, appending the bytes to out.  On failure
 * out is unchanged.  Errors: ZEN_EINVAL "invalid hex: ...". */
int zen_hex_decode(struct zen_buf *out, const char *hex, size_t len,
		   struct zen_err *err) ZEN_WARN_UNUSED;

/* Decode exactly n bytes: the text must be 2n hex characters. */
int zen_hex_decode_fixed(uint8_t *out, size_t n, const char *hex,
			 struct zen_err *err) ZEN_WARN_UNUSED;

/* The value of one hex digit (either case), or -1. */
int zen_hex_value(int c);

#endif
