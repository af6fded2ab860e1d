/*
 * output.c - how replies look.  Scripts get the node's JSON, one document
 * a line; a person at a terminal gets the same data as indented
 * "key: value" lines.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "ops/json_num.h"

void cli_verror(const char *suffix, const char *fmt, va_list ap)
{
	fflush(stdout);
	fputs("zen: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputs(suffix, stderr);
	fputc('\n', stderr);
}

void cli_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cli_verror("", fmt, ap);
	va_end(ap);
}

static void print_indent(FILE *out, int depth)
{
	for (int i = 0; i < depth; i++)
		fputs("  ", out);
}

static void print_scalar(FILE *out, json_t *v)
{
	char *s;

	if (json_is_string(v)) {
		fputs(json_string_value(v), out);
		return;
	}
	if (json_is_null(v)) {
		fputs("-", out);
		return;
	}
	s = zen_json_dumps(v, JSON_ENCODE_ANY | JSON_REAL_PRECISION(15));
	fputs(s ? s : "?", out);
	free(s);
}

/* (a number past INT64_MAX is an object inside zen: json_num.h) */
static int is_container(json_t *v)
{
	return (json_is_object(v) && json_object_size(v) &&
		!zen_json_big_digits(v)) ||
	       (json_is_array(v) && json_array_size(v));
}

static void print_readable(FILE *out, json_t *v, int depth);

static void print_member(FILE *out, const char *label, json_t *v, int depth)
{
	print_indent(out, depth);
	fputs(label, out);
	if (is_container(v)) {
		fputs(":\n", out);
		print_readable(out, v, depth + 1);
	} else {
		fputs(": ", out);
		if (json_is_array(v))
			fputs("(none)", out);
		else if (json_is_object(v) && !zen_json_big_digits(v))
			fputs("{}", out);
		else
			print_scalar(out, v);
		fputc('\n', out);
	}
}

static void print_readable(FILE *out, json_t *v, int depth)
{
	const char *key;
	json_t *item;
	size_t i;

	if (json_is_object(v) && !zen_json_big_digits(v)) {
		json_object_foreach(v, key, item)
			print_member(out, key, item, depth);
	} else if (json_is_array(v)) {
		json_array_foreach(v, i, item) {
			char label[32];

			snprintf(label, sizeof(label), "[%zu]", i);
			print_member(out, label, item, depth);
		}
	} else {
		print_indent(out, depth);
		print_scalar(out, v);
		fputc('\n', out);
	}
}

/* The op's own readable form (op.h): 1 when printed. */
static int print_op_readable(FILE *out, const struct zen_op *op,
			     json_t *result)
{
	struct zen_buf text = ZEN_BUF_INIT;
	int printed = !op->readable(&text, result);

	if (printed && text.len)
		fwrite(text.data, 1, text.len, out);
	zen_buf_release(&text);
	return printed;
}

void cli_print_reply(FILE *out, const struct zen_op *op, json_t *result,
		     const char *text, int json_mode)
{
	char *s;

	if (text) {	/* a line of its own, however the reply ends */
		size_t n = strlen(text);

		fputs(text, out);
		if (!n || text[n - 1] != '\n')
			fputc('\n', out);
		return;
	}
	if (!json_mode && op && op->readable && result &&
	    print_op_readable(out, op, result))
		return;
	if (!json_mode && is_container(result)) {
		print_readable(out, result, 0);
		return;
	}
	if (!json_mode && json_is_string(result)) {	/* a hash, an address */
		fputs(json_string_value(result), out);
		fputc('\n', out);
		return;
	}
	s = zen_json_dumps(result, JSON_ENCODE_ANY | JSON_COMPACT |
			   JSON_REAL_PRECISION(15));
	if (!s)
		ZEN_BUG("cannot encode reply");
	fputs(s, out);
	fputc('\n', out);
	free(s);
}

int cli_print_stream(FILE *out, struct zen_stream *s, struct zen_err *err)
{
	struct zen_buf batch = ZEN_BUF_INIT;
	int done = 0, rc = 0;

	while (!rc && !done) {
		zen_buf_reset(&batch);
		rc = s->next(s, &batch, ZEN_STREAM_BATCH, &done, err);
		if (!rc && batch.len)
			fwrite(batch.data, 1, batch.len, out);
	}
	if (!rc)
		fputc('\n', out);
	zen_buf_release(&batch);
	return rc;
}
