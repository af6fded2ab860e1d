#include <string.h>

#include "core/encoding/hex.h"

static const char hex_digits[] = "0123456789abcdef";

int zen_hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

void zen_hex_encode_to(char *out, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		out[2 * i] = hex_digits[p[i] >> 4];
		out[2 * i + 1] = hex_digits[p[i] & 15];
	}
	out[2 * n] = 0;
}

void zen_hex_encode(struct zen_buf *out, const uint8_t *p, size_t n)
{
	zen_buf_grow(out, 2 * n);
	zen_hex_encode_to((char *)out->data + out->len, p, n);
	out->len += 2 * n;
}

static int hex_check(const char *hex, size_t len, struct zen_err *err)
{
	if (len % 2)
		return zen_fail(err, ZEN_EINVAL, "invalid hex: odd length");
	for (size_t i = 0; i < len; i++)
		if (zen_hex_value(hex[i]) < 0)
			return zen_fail(err, ZEN_EINVAL,
					"invalid hex: bad character at offset %zu", i);
	return 0;
}

int zen_hex_decode(struct zen_buf *out, const char *hex, size_t len,
		   struct zen_err *err)
{
	int rc = hex_check(hex, len, err);

	if (rc)
		return rc;
	zen_buf_grow(out, len / 2);
	for (size_t i = 0; i < len; i += 2)
		out->data[out->len++] =
			(uint8_t)(zen_hex_value(hex[i]) << 4 | zen_hex_value(hex[i + 1]));
	out->data[out->len] = 0;
	return 0;
}

int zen_hex_decode_fixed(uint8_t *out, size_t n, const char *hex,
			 struct zen_err *err)
{
	size_t len = strlen(hex);
	int rc;

	if (len != 2 * n)
		return zen_fail(err, ZEN_EINVAL,
				"invalid hex: expected %zu characters, got %zu",
				2 * n, len);
	rc = hex_check(hex, len, err);
	if (rc)
		return rc;
	for (size_t i = 0; i < n; i++)
		out[i] = (uint8_t)(zen_hex_value(hex[2 * i]) << 4 |
				   zen_hex_value(hex[2 * i + 1]));
	return 0;
}
