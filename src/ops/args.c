/*
 * args.c - parameter validation shared by every front.  The CLI and GET
 * query strings deliver text; POST bodies deliver JSON values.  Both go
 * through the same checks, so an operation answers bad input the same way
 * whichever front it came from (api.md 1.3: integers may be numbers or
 * decimal strings; last occurrence wins is the fronts' business).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <stdio.h>
#include "core/types/ser.h"
#include "ops/json_num.h"
#include "ops/op.h"

const struct zen_param *zen_op_param(const struct zen_op *op, const char *name)
{
	for (const struct zen_param *p = op->params; p->name; p++)
		if (!strcmp(p->name, name))
			return p;
	return NULL;
}

/* Strict decimal: digits only, no sign, no spaces, fits in u64. */
static int parse_decimal(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	if (!*s || strlen(s) > 20)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		if (v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	*out = v;
	return 0;
}

static int number_value(json_t *v, uint64_t *out)
{
	if (json_is_integer(v)) {
		if (json_integer_value(v) < 0)
			return -1;
		*out = (uint64_t)json_integer_value(v);
		return 0;
	}
	if (json_is_string(v))
		return parse_decimal(json_string_value(v), out);
	return -1;
}

/* Text form of a scalar (api.md 1.3: numbers/booleans where text expected). */
static json_t *text_value(json_t *v)
{
	char tmp[32];

	if (json_is_string(v))
		return json_incref(v);
	if (json_is_integer(v)) {
		snprintf(tmp, sizeof(tmp), "%" JSON_INTEGER_FORMAT,
			 json_integer_value(v));
		return json_string(tmp);
	}
	if (json_is_boolean(v))
		return json_string(json_is_true(v) ? "true" : "false");
	return NULL;
}

/* Text as the reference's wallet puts it in the transaction (a file's
 * content: contract code, hints; a command): one '?' per UTF-16 code unit
 * that is not ASCII (ser.h), so that the contract id is the one the
 * network computes and a contract sees the command its witness holds. */
static json_t *ascii_value(json_t *v)
{
	size_t n;
	char *s;
	json_t *text;

	if (!json_is_string(v))
		return text_value(v);
	n = json_string_length(v);
	s = zen_xmalloc(n + 1);
	memcpy(s, json_string_value(v), n);
	text = json_stringn(s, zen_text_to_ascii(s, n));
	free(s);
	return text;
}

static int is_hex(const char *s, size_t want_len)
{
	size_t n = strlen(s);

	if (n % 2 || (want_len && n != want_len))
		return 0;
	return strspn(s, "0123456789abcdefABCDEF") == n;
}

/* A ZEN_PF_REPEAT option: an array of strings, or one string (a line of
 * the configuration file) as an array of one. */
static json_t *repeated_value(json_t *raw)
{
	size_t i;
	json_t *v;

	if (json_is_string(raw))
		return json_pack("[O]", raw);
	if (!json_is_array(raw))
		return NULL;
	json_array_foreach(raw, i, v)
		if (!json_is_string(v))
			return NULL;
	return json_incref(raw);
}

static json_t *typed_value(const struct zen_param *p, json_t *raw)
{
	uint64_t n;
	json_t *text;

	switch (p->type) {
	case ZEN_PT_U32:
		if (number_value(raw, &n) || n > UINT32_MAX)
			return NULL;
		return json_integer((json_int_t)n);
	case ZEN_PT_U64:
		if (number_value(raw, &n))
			return NULL;
		/* Keep the exact value: decimal text inside, see zen_args_u64. */
		{
			char tmp[24];

			snprintf(tmp, sizeof(tmp), "%llu", (unsigned long long)n);
			return json_string(tmp);
		}
	case ZEN_PT_BOOL:
		if (json_is_boolean(raw))
			return json_incref(raw);
		if (json_is_string(raw) && !strcmp(json_string_value(raw), "true"))
			return json_true();
		if (json_is_string(raw) && !strcmp(json_string_value(raw), "false"))
			return json_false();
		return NULL;
	case ZEN_PT_HEX:
	case ZEN_PT_HASH:
		if (!json_is_string(raw) ||
		    !is_hex(json_string_value(raw), p->type == ZEN_PT_HASH ? 64 : 0))
			return NULL;
		return json_incref(raw);
	case ZEN_PT_FILE:
		return ascii_value(raw);
	case ZEN_PT_STRING:
		if (p->flags & ZEN_PF_ASCII)
			return ascii_value(raw);
		/* fall through */
	case ZEN_PT_AMOUNT:
	case ZEN_PT_PASSWORD:
		text = text_value(raw);
		return text;
	case ZEN_PT_JSON:
		if (p->flags & ZEN_PF_REPEAT)	/* strings, given once or more */
			return repeated_value(raw);
		if (json_is_array(raw) || json_is_object(raw))
			return json_incref(raw);
		if (json_is_string(raw)) {
			json_t *v = zen_json_loadb(json_string_value(raw),
						   json_string_length(raw), 0, NULL);

			if (json_is_array(v) || json_is_object(v))
				return v;
			json_decref(v);
		}
		return NULL;
	case ZEN_PT_WORDS:
		if (json_is_string(raw))
			return json_incref(raw);
		if (!json_is_array(raw))
			return NULL;
		{
			size_t i;
			json_t *w;

			json_array_foreach(raw, i, w)
				if (!json_is_string(w))
					return NULL;
		}
		return json_incref(raw);
	}
	return NULL;
}

int zen_args_validate(json_t **out, const struct zen_op *op, json_t *raw,
		      struct zen_err *err)
{
	json_t *typed = json_object(), *v;
	const char *name;

	*out = NULL;
	if (raw && !json_is_object(raw)) {
		json_decref(typed);
		return zen_fail(err, ZEN_EINVAL, "parameters must be a json object");
	}
	json_object_foreach(raw, name, v) {
		const struct zen_param *p = zen_op_param(op, name);
		json_t *t;

		if (!p) {
			json_decref(typed);
			return zen_fail(err, ZEN_EINVAL,
					"unknown parameter '%.100s'", name);
		}
		t = typed_value(p, v);
		if (!t) {
			json_decref(typed);
			return zen_fail(err, ZEN_EINVAL, "invalid %s", p->name);
		}
		json_object_set_new(typed, p->name, t);
	}
	for (const struct zen_param *p = op->params; p->name; p++)
		if ((p->flags & ZEN_PF_REQUIRED) && !(p->flags & ZEN_PF_LATE) &&
		    !json_object_get(typed, p->name)) {
			json_decref(typed);
			return zen_fail(err, ZEN_EINVAL, "%s is missing", p->name);
		}
	*out = typed;
	return 0;
}

int zen_args_require_late(const struct zen_op *op, json_t *raw,
			  struct zen_err *err)
{
	for (const struct zen_param *p = op->params; p->name; p++)
		if ((p->flags & ZEN_PF_REQUIRED) && (p->flags & ZEN_PF_LATE) &&
		    !json_object_get(raw, p->name))
			return zen_fail(err, ZEN_EINVAL, "%s is missing",
					p->name);
	return 0;
}

const char *zen_args_str(const json_t *args, const char *name)
{
	return json_string_value(json_object_get(args, name));
}

int zen_args_u64(const json_t *args, const char *name, uint64_t *out)
{
	json_t *v = json_object_get(args, name);

	if (json_is_integer(v)) {
		*out = (uint64_t)json_integer_value(v);
		return 1;
	}
	if (json_is_string(v))
		return parse_decimal(json_string_value(v), out) == 0;
	return 0;
}

int zen_args_bool(const json_t *args, const char *name, int dflt)
{
	json_t *v = json_object_get(args, name);

	return v ? json_is_true(v) : dflt;
}
