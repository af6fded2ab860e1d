/*
 * bech32.c - BIP-173 bech32 (checksum constant 1) and convertbits.
 */
#include <string.h>

#include "core/encoding/bech32.h"

#define BECH32_MAX_LEN 90
#define BECH32_CHECKSUM_LEN 6

static const char charset[] = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

static uint32_t polymod_step(uint32_t chk, uint8_t v)
{
	static const uint32_t gen[5] = {
		0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3,
	};
	uint32_t top = chk >> 25;

	chk = (chk & 0x1ffffff) << 5 ^ v;
	for (int i = 0; i < 5; i++)
		if (top >> i & 1)
			chk ^= gen[i];
	return chk;
}

/* The checksum state after the expanded HRP (hrp must be lower case). */
static uint32_t polymod_hrp(const char *hrp, size_t len)
{
	uint32_t chk = 1;

	for (size_t i = 0; i < len; i++)
		chk = polymod_step(chk, (uint8_t)hrp[i] >> 5);
	chk = polymod_step(chk, 0);
	for (size_t i = 0; i < len; i++)
		chk = polymod_step(chk, (uint8_t)hrp[i] & 31);
	return chk;
}

static int charset_index(char c)
{
	const char *p;

	if (c >= 'A' && c <= 'Z')
		c = (char)(c - 'A' + 'a');
	p = c ? strchr(charset, c) : NULL;
	return p ? (int)(p - charset) : -1;
}

static int hrp_check(const char *hrp, size_t len, struct zen_err *err)
{
	if (!len)
		return zen_fail(err, ZEN_EINVAL, "invalid bech32: empty hrp");
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)hrp[i];

		if (c < 33 || c > 126)
			return zen_fail(err, ZEN_EINVAL,
					"invalid bech32: bad hrp character");
		if (c >= 'A' && c <= 'Z')
			return zen_fail(err, ZEN_EINVAL,
					"invalid bech32: upper-case hrp");
	}
	return 0;
}

int zen_bech32_encode(struct zen_buf *out, const char *hrp,
		      const uint8_t *data, size_t data_len,
		      struct zen_err *err)
{
	size_t hrp_len = strlen(hrp);
	uint32_t chk;
	int rc = hrp_check(hrp, hrp_len, err);

	if (rc)
		return rc;
	if (hrp_len + 1 + data_len + BECH32_CHECKSUM_LEN > BECH32_MAX_LEN)
		return zen_fail(err, ZEN_EINVAL, "invalid bech32: too long");
	chk = polymod_hrp(hrp, hrp_len);
	for (size_t i = 0; i < data_len; i++) {
		if (data[i] >> 5)
			return zen_fail(err, ZEN_EINVAL,
					"invalid bech32: data value above 31");
		chk = polymod_step(chk, data[i]);
	}
	for (int i = 0; i < BECH32_CHECKSUM_LEN; i++)
		chk = polymod_step(chk, 0);
	chk ^= 1;
	zen_buf_add(out, hrp, hrp_len);
	zen_buf_addch(out, '1');
	for (size_t i = 0; i < data_len; i++)
		zen_buf_addch(out, (uint8_t)charset[data[i]]);
	for (int i = 0; i < BECH32_CHECKSUM_LEN; i++)
		zen_buf_addch(out, (uint8_t)charset[chk >> 5 * (5 - i) & 31]);
	return 0;
}

/* Length, printable ASCII and one case only. */
static int text_check(const char *addr, size_t *len, struct zen_err *err)
{
	int lower = 0, upper = 0;
	size_t i;

	for (i = 0; addr[i]; i++) {
		unsigned char c = (unsigned char)addr[i];

		if (i >= BECH32_MAX_LEN)
			return zen_fail(err, ZEN_EINVAL,
					"invalid bech32: too long");
		if (c < 33 || c > 126)
			return zen_fail(err, ZEN_EINVAL,
					"invalid bech32: bad character");
		lower |= c >= 'a' && c <= 'z';
		upper |= c >= 'A' && c <= 'Z';
	}
	if (lower && upper)
		return zen_fail(err, ZEN_EINVAL, "invalid bech32: mixed case");
	*len = i;
	return 0;
}

int zen_bech32_decode(char hrp_out[84], struct zen_buf *data_out,
		      const char *addr, struct zen_err *err)
{
	const char *sep;
	size_t len = 0, hrp_len, data_len, start = data_out->len;
	uint32_t chk;
	int rc = text_check(addr, &len, err);

	if (rc)
		return rc;
	sep = strrchr(addr, '1');
	if (!sep || sep == addr)
		return zen_fail(err, ZEN_EINVAL,
				"invalid bech32: missing hrp or separator");
	hrp_len = (size_t)(sep - addr);
	data_len = len - hrp_len - 1;
	if (data_len < BECH32_CHECKSUM_LEN)
		return zen_fail(err, ZEN_EINVAL, "invalid bech32: too short");
	for (size_t i = 0; i < hrp_len; i++) {
		char c = addr[i];

		hrp_out[i] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
	}
	hrp_out[hrp_len] = 0;
	chk = polymod_hrp(hrp_out, hrp_len);
	zen_buf_grow(data_out, data_len);
	for (size_t i = 0; i < data_len; i++) {
		int v = charset_index(sep[1 + i]);

		if (v < 0) {
			data_out->len = start;
			data_out->data[start] = 0;
			return zen_fail(err, ZEN_EINVAL,
					"invalid bech32: bad data character");
		}
		chk = polymod_step(chk, (uint8_t)v);
		if (i < data_len - BECH32_CHECKSUM_LEN)
			data_out->data[data_out->len++] = (uint8_t)v;
	}
	data_out->data[data_out->len] = 0;
	if (chk != 1) {
		data_out->len = start;
		data_out->data[start] = 0;
		return zen_fail(err, ZEN_EINVAL,
				"invalid bech32: bad checksum");
	}
	return 0;
}

int zen_convert_bits(struct zen_buf *out, const uint8_t *in, size_t in_len,
		     int from_bits, int to_bits, int pad)
{
	uint32_t acc = 0, max = (1u << to_bits) - 1;
	size_t start = out->len;
	int bits = 0;

	ZEN_ASSERT(from_bits >= 1 && from_bits <= 8);
	ZEN_ASSERT(to_bits >= 1 && to_bits <= 8);
	for (size_t i = 0; i < in_len; i++) {
		if (in[i] >> from_bits)
			goto fail;
		acc = (acc << from_bits | in[i]) & 0xffff;
		bits += from_bits;
		while (bits >= to_bits) {
			bits -= to_bits;
			zen_buf_addch(out, (uint8_t)(acc >> bits & max));
		}
	}
	if (pad) {
		if (bits)
			zen_buf_addch(out,
				      (uint8_t)(acc << (to_bits - bits) & max));
	} else if (bits >= from_bits || (acc << (to_bits - bits) & max)) {
		goto fail;
	}
	return 0;
fail:
	out->len = start;
	if (out->data)
		out->data[start] = 0;
	return ZEN_EINVAL;
}
