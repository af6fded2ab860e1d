/*
 * Unit tests of amounts in text (src/core/consensus/amount.c): kalapas and
 * "1.5zp" parsed, kalapas shown as ZP.  Every expected value is worked out
 * by hand: 1 ZP = 10^8 kalapas, 2^64-1 = 18446744073709551615.
 */
#include <string.h>

#include "core/consensus/amount.h"
#include "tap.h"

static void parses(const char *text, uint64_t want)
{
	uint64_t got = 0;

	if (tap_ok(!zen_amount_parse(text, &got), "'%s' parses", text))
		tap_u64(got, want, "'%s' is %llu kalapas", text,
			(unsigned long long)want);
}

static void refused(const char *text)
{
	uint64_t got = 77;

	tap_ok(zen_amount_parse(text, &got) == -1 && got == 77,
	       "'%s' is refused and nothing is written", text);
}

static void shows(uint64_t kalapas, int trim, const char *want)
{
	char zp[ZEN_AMOUNT_ZP_MAX];

	zen_amount_zp(kalapas, trim, zp);
	tap_str(zp, want, "%llu kalapas%s", (unsigned long long)kalapas,
		trim ? " trimmed" : "");
}

int main(void)
{
	parses("0", 0);
	parses("1000", 1000);
	parses("18446744073709551615", UINT64_MAX);
	parses("1.5zp", 150000000);
	parses("1.5ZP", 150000000);
	parses("2Zp", 200000000);
	parses("0.00000001zp", 1);
	parses(".5zp", 50000000);
	parses("7.zp", 700000000);
	parses("184467440737.09551615zp", UINT64_MAX);
	parses("00000000000000000001", 1);

	refused("");
	refused("zp");
	refused(".zp");
	refused("1.5");			/* a ZP number needs the unit */
	refused("1.123456789zp");	/* 9 decimals */
	refused("18446744073709551616");	/* 2^64 */
	refused("184467440737.09551616zp");	/* 2^64 kalapas */
	refused("184467440738zp");
	refused("-1");
	refused("+1");
	refused(" 1");
	refused("1 ");
	refused("1e8");
	refused("0x10");
	refused("1.5 zp");
	refused("1.5zpzp");
	refused("1..5zp");
	refused("000000000000000000001");	/* 21 characters */

	shows(0, 0, "0.00000000");
	shows(1, 0, "0.00000001");
	shows(150000000, 0, "1.50000000");
	shows(UINT64_MAX, 0, "184467440737.09551615");
	shows(150000000, 1, "1.5");
	shows(500000000, 1, "5");
	shows(0, 1, "0");
	shows(1, 1, "0.00000001");
	shows(UINT64_MAX, 1, "184467440737.09551615");

	tap_ok(zen_amount_has_unit("3zP") && !zen_amount_has_unit("3z") &&
	       !zen_amount_has_unit("p") && !zen_amount_has_unit(""),
	       "the unit is zp in any case, at the end");
	return tap_done();
}
