/*
 * amount.h - amounts as people write them: kalapas ("150000000") or ZP
 * with a unit ("1.5zp"), and ZP as text.  One ZP is 10^8 kalapas.
 */
#ifndef ZEN_AMOUNT_H
#define ZEN_AMOUNT_H

#include <stddef.h>
#include <stdint.h>

#define ZEN_KALAPAS_PER_ZP 100000000u
/* "184467440737.09551615" (2^64-1 kalapas) and the NUL */
#define ZEN_AMOUNT_ZP_MAX 22

/*
 * Parse an amount: decimal digits are kalapas (0 to 2^64-1); digits with
 * at most 8 decimals and the unit "zp" (any case, e.g. "1.5zp", "2ZP",
 * "0.00000001zp") are ZP.  No sign, no spaces, no exponent.  Returns 0, or
 * -1 for anything else or an amount beyond 2^64-1 kalapas.
 */
int zen_amount_parse(const char *text, uint64_t *kalapas);

/* Does text end in the unit "zp" (any case)? */
int zen_amount_has_unit(const char *text);

/*
 * Kalapas as ZP text: "1.50000000" with all 8 decimals, or with trim
 * "1.5" ("5" for a whole amount).  out has ZEN_AMOUNT_ZP_MAX bytes.
 */
void zen_amount_zp(uint64_t kalapas, int trim, char *out);

#endif
