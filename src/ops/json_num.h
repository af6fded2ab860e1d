/*
 * json_num.h - unsigned 64-bit numbers in JSON, read and written as the
 * reference has them.
 *
 * jansson's integers are int64_t, but the reference prints u64 data
 * values and totals up to 2^64 - 1 as JSON numbers (api.md 3.6, F18:
 * keep the format; read them as 64-bit integers, never doubles).  A
 * number above INT64_MAX is therefore held, inside zen, as a marker
 * object {"\u0001u64": "DIGITS"}:
 *   - zen_json_u64 makes one for a value above INT64_MAX;
 *   - zen_json_loadb reads a number token that big as one;
 *   - zen_json_dumps prints one as the bare number again;
 *   - zen_json_big_digits tells one apart (zen_json_amount reads it).
 * A marker holds the digits JSON writes of such a number (no leading
 * zero), nothing else: so what zen prints reads back the same.  Its key
 * starts with a control character, and in the dumped text a string's
 * quotes are escaped, so only a marker object prints as a number: no
 * string or key a client or a contract sends can.  A client that sends
 * the marker object itself sends that number, nothing more.
 * Every JSON text zen reads from outside or writes goes through
 * zen_json_loadb and zen_json_dumps.
 */
#ifndef ZEN_OPS_JSON_NUM_H
#define ZEN_OPS_JSON_NUM_H

#include <stdint.h>

#include <jansson.h>

/* v as a JSON number: an integer, or the marker above INT64_MAX. */
json_t *zen_json_u64(uint64_t v);
/* The decimal digits a marker holds, or NULL when v is no marker. */
const char *zen_json_big_digits(const json_t *v);
/* json_loadb, with integers above INT64_MAX read as markers (integers
 * below INT64_MIN stay jansson's "too big" error). */
json_t *zen_json_loadb(const char *text, size_t len, size_t flags,
		       json_error_t *err);
/* json_dumps, with every marker printed as its number.  NULL as
 * json_dumps (a value it cannot encode). */
char *zen_json_dumps(const json_t *v, size_t flags);

#endif
