/*
 * amount.c - kalapas and ZP in text (amount.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/consensus/amount.h"

int zen_amount_has_unit(const char *text)
{
	size_t n = strlen(text);

	return n >= 2 && (text[n - 2] | 0x20) == 'z' &&
	       (text[n - 1] | 0x20) == 'p';
}

/* Append digit d to *x; -1 on overflow of 2^64-1. */
static int add_digit(uint64_t *x, int d)
{
	if (*x > (UINT64_MAX - (uint64_t)d) / 10)
		return -1;
	*x = *x * 10 + (uint64_t)d;
	return 0;
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Digits s[0..n) as kalapas, or as ZP (times 10^8) with up to 8
 * decimals after one '.' when zp. */
static int parse_number(const char *s, size_t n, int zp, uint64_t *out)
{
	uint64_t x = 0;
	size_t i = 0, whole = 0, decimals = 0;

	for (; i < n && is_digit(s[i]); i++, whole++)
		if (add_digit(&x, s[i] - '0'))
			return -1;
	if (zp && i < n && s[i] == '.')
		for (i++; i < n && is_digit(s[i]); i++, decimals++)
			if (decimals == 8 || add_digit(&x, s[i] - '0'))
				return -1;
	if (i != n || (!whole && !decimals))
		return -1;
	for (; zp && decimals < 8; decimals++)
		if (add_digit(&x, 0))
			return -1;
	*out = x;
	return 0;
}

int zen_amount_parse(const char *text, uint64_t *kalapas)
{
	int zp = zen_amount_has_unit(text);
	size_t n = strlen(text) - (zp ? 2 : 0);

	/* the 20 digits of a u64, or 12 whole ZP, '.' and 8 decimals */
	if (!n || n > (zp ? 21u : 20u))
		return -1;
	return parse_number(text, n, zp, kalapas);
}

void zen_amount_zp(uint64_t kalapas, int trim, char *out)
{
	int n = snprintf(out, ZEN_AMOUNT_ZP_MAX, "%" PRIu64 ".%08" PRIu64,
			 kalapas / ZEN_KALAPAS_PER_ZP,
			 kalapas % ZEN_KALAPAS_PER_ZP);

	while (trim && out[n - 1] == '0')
		out[--n] = 0;
	if (trim && out[n - 1] == '.')
		out[n - 1] = 0;
}
