/*
 * base58.c - Base58 / Base58Check (plain quadratic big-number division,
 * fine for the 82-byte extended keys it is used for).
 */
#include <string.h>

#include <openssl/evp.h>

#include "core/wallet/base58.h"

static const char b58_alphabet[] =
	"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

static void dsha256(uint8_t out[32], const uint8_t *p, size_t n)
{
	uint8_t tmp[32];

	if (EVP_Digest(p, n, tmp, NULL, EVP_sha256(), NULL) != 1 ||
	    EVP_Digest(tmp, 32, out, NULL, EVP_sha256(), NULL) != 1)
		ZEN_BUG("sha-256 failed");
}

static void base58_encode(struct zen_buf *out, const uint8_t *p, size_t n)
{
	size_t zeros = 0, size, len = 0;
	uint8_t *digits;

	while (zeros < n && p[zeros] == 0)
		zeros++;
	/* log(256) / log(58) < 1.37 */
	size = (n - zeros) * 137 / 100 + 1;
	digits = zen_xcalloc(size, 1);
	for (size_t i = zeros; i < n; i++) {
		unsigned int carry = p[i];
		size_t j;

		for (j = 0; j < len || carry; j++) {
			if (j < len)
				carry += (unsigned int)digits[j] << 8;
			digits[j] = (uint8_t)(carry % 58);
			carry /= 58;
		}
		len = j;
	}
	for (size_t i = 0; i < zeros; i++)
		zen_buf_addch(out, '1');
	while (len)
		zen_buf_addch(out, (uint8_t)b58_alphabet[digits[--len]]);
	free(digits);
}

void zen_base58check_encode(struct zen_buf *out, const uint8_t *p, size_t n)
{
	uint8_t *tmp = zen_xmalloc(n + 4), sum[32];

	if (n)
		memcpy(tmp, p, n);
	dsha256(sum, p, n);
	memcpy(tmp + n, sum, 4);
	base58_encode(out, tmp, n + 4);
	free(tmp);
}

static int b58_value(char c)
{
	const char *q = c ? strchr(b58_alphabet, c) : NULL;

	return q ? (int)(q - b58_alphabet) : -1;
}

static int base58_decode(struct zen_buf *out, const char *text,
			 struct zen_err *err)
{
	size_t n = strlen(text), zeros = 0, size, len = 0;
	uint8_t *bytes;

	while (zeros < n && text[zeros] == '1')
		zeros++;
	/* log(58) / log(256) < 0.733 */
	size = (n - zeros) * 733 / 1000 + 1;
	bytes = zen_xcalloc(size, 1);
	for (size_t i = zeros; i < n; i++) {
		int v = b58_value(text[i]);
		unsigned int carry;
		size_t j;

		if (v < 0) {
			free(bytes);
			return zen_fail(err, ZEN_EINVAL,
					"invalid base58 character");
		}
		carry = (unsigned int)v;
		for (j = 0; j < len || carry; j++) {
			if (j < len)
				carry += (unsigned int)bytes[j] * 58;
			bytes[j] = (uint8_t)(carry & 0xff);
			carry >>= 8;
		}
		len = j;
	}
	for (size_t i = 0; i < zeros; i++)
		zen_buf_addch(out, 0);
	while (len)
		zen_buf_addch(out, bytes[--len]);
	free(bytes);
	return 0;
}

int zen_base58check_decode(struct zen_buf *out, const char *text,
			   struct zen_err *err)
{
	struct zen_buf raw = ZEN_BUF_INIT;
	uint8_t sum[32];
	int rc;

	rc = base58_decode(&raw, text, err);
	if (rc)
		goto out;
	if (raw.len < 4) {
		rc = zen_fail(err, ZEN_EINVAL, "invalid base58 checksum");
		goto out;
	}
	dsha256(sum, raw.data, raw.len - 4);
	if (memcmp(sum, raw.data + raw.len - 4, 4)) {
		rc = zen_fail(err, ZEN_EINVAL, "invalid base58 checksum");
		goto out;
	}
	zen_buf_add(out, raw.data, raw.len - 4);
out:
	zen_buf_release(&raw);
	return rc;
}
