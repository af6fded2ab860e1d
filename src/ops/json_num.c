/*
 * json_num.c - unsigned 64-bit numbers in JSON (see json_num.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/buf.h"
#include "ops/json_num.h"

#define MARKER_KEY "\001u64"
/* The key as jansson prints it (a control character is escaped). */
#define MARKER_KEY_TEXT "\"\\u0001u64\""

json_t *zen_json_u64(uint64_t v)
{
	char digits[24];
	json_t *o;

	if (v <= (uint64_t)INT64_MAX)
		return json_integer((json_int_t)v);
	snprintf(digits, sizeof(digits), "%" PRIu64, v);
	o = json_object();
	json_object_set_new(o, MARKER_KEY, json_string(digits));
	return o;
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/*
 * Whether d[0..n) are the digits of a number above INT64_MAX as JSON
 * writes one (no leading zero): what a marker holds.  Anything else in
 * the marker's shape is an ordinary object, so that what zen prints
 * always reads back the same.
 */
static int big_digits(const char *d, size_t n)
{
	static const char max[] = "9223372036854775807";

	for (size_t i = 0; i < n; i++)
		if (!is_digit(d[i]))
			return 0;
	if (n < 19 || d[0] == '0')
		return 0;
	return n > 19 || memcmp(d, max, 19) > 0;
}

const char *zen_json_big_digits(const json_t *v)
{
	const json_t *s;

	if (!json_is_object(v) || json_object_size(v) != 1)
		return NULL;
	s = json_object_get(v, MARKER_KEY);
	return json_is_string(s) && big_digits(json_string_value(s),
					       json_string_length(s))
		? json_string_value(s) : NULL;
}

/* ---- reading -------------------------------------------------------- */

/* The number token at s[0..n): its length in *len; 1 when it is a
 * non-negative integer above INT64_MAX. */
static int big_number(const char *s, size_t n, size_t *len)
{
	size_t i = s[0] == '-', digits;
	int integer = 1;

	while (i < n && is_digit(s[i]))
		i++;
	digits = i;
	while (i < n && (is_digit(s[i]) || s[i] == '.' || s[i] == 'e' ||
			 s[i] == 'E' || s[i] == '+' || s[i] == '-')) {
		integer = 0;
		i++;
	}
	*len = i;
	return integer && s[0] != '-' && big_digits(s, digits);
}

/* text with every big number token written as a marker, in out; 1 when
 * there was one. */
static int mark_big_numbers(const char *text, size_t len, struct zen_buf *out)
{
	size_t i = 0, done = 0, n;
	int in_string = 0, any = 0;

	while (i < len) {
		char c = text[i];

		if (in_string) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_string = 0;
			i++;
			continue;
		}
		if (c == '"') {
			in_string = 1;
			i++;
			continue;
		}
		if (c != '-' && !is_digit(c)) {
			i++;
			continue;
		}
		if (big_number(text + i, len - i, &n)) {
			zen_buf_add(out, text + done, i - done);
			zen_buf_addf(out, "{" MARKER_KEY_TEXT ":\"%.*s\"}",
				     (int)n, text + i);
			done = i + n;
			any = 1;
		}
		i += n;
	}
	zen_buf_add(out, text + done, len - done);
	return any;
}

json_t *zen_json_loadb(const char *text, size_t len, size_t flags,
		       json_error_t *err)
{
	struct zen_buf marked = ZEN_BUF_INIT;
	json_t *v;

	if (!mark_big_numbers(text, len, &marked)) {
		zen_buf_release(&marked);
		return json_loadb(text, len, flags, err);
	}
	v = json_loadb(zen_buf_str(&marked), marked.len, flags, err);
	zen_buf_release(&marked);
	return v;
}

/* ---- writing -------------------------------------------------------- */

static size_t skip_space(const char *s, size_t i)
{
	while (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r')
		i++;
	return i;
}

/* The marker object at s + i (its '{'), as jansson prints it, compact or
 * indented: 1, the digits at *d (*dn of them) and *end past its '}'. */
static int marker_at(const char *s, size_t i, size_t *d, size_t *dn,
		     size_t *end)
{
	static const char key[] = MARKER_KEY_TEXT;

	i = skip_space(s, i + 1);
	if (strncmp(s + i, key, sizeof(key) - 1))
		return 0;
	i = skip_space(s, i + sizeof(key) - 1);
	if (s[i] != ':')
		return 0;
	i = skip_space(s, i + 1);
	if (s[i++] != '"')
		return 0;
	*d = i;
	while (is_digit(s[i]))
		i++;
	*dn = i - *d;
	if (!big_digits(s + *d, *dn) || s[i++] != '"')
		return 0;
	i = skip_space(s, i);
	if (s[i] != '}')
		return 0;
	*end = i + 1;
	return 1;
}

/*
 * Every marker in s as its digits, in place (shorter).  A '{' followed by
 * the key is always structural: inside a string, the quote that would
 * follow it is escaped.
 */
static void print_markers(char *s)
{
	size_t r = 0, w = 0, d, dn, end;
	int in_string = 0;

	while (s[r]) {
		char c = s[r];

		if (in_string) {
			if (c == '\\')
				s[w++] = s[r++];
			else if (c == '"')
				in_string = 0;
		} else if (c == '"') {
			in_string = 1;
		} else if (c == '{' && marker_at(s, r, &d, &dn, &end)) {
			memmove(s + w, s + d, dn);
			w += dn;
			r = end;
			continue;
		}
		s[w++] = s[r++];
	}
	s[w] = 0;
}

char *zen_json_dumps(const json_t *v, size_t flags)
{
	char *s = json_dumps(v, flags);

	if (s && strstr(s, MARKER_KEY_TEXT))
		print_markers(s);
	return s;
}
