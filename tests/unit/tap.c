#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/encoding/hex.h"
#include "tap.h"

#ifndef ZEN_VECTOR_DIR
#error "ZEN_VECTOR_DIR must point to tests/vectors"
#endif

static int checks, failures;
static json_t *loaded;		/* object: file -> root */
static json_t *required;	/* object: id -> false/true (marked) */

int tap_ok(int cond, const char *fmt, ...)
{
	va_list ap;

	checks++;
	if (!cond)
		failures++;
	printf("%sok %d - ", cond ? "" : "not ", checks);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	return cond;
}

void tap_diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static int vcheck(int cond, const char *fmt, va_list ap) ZEN_PRINTF(2, 0);
static int vcheck(int cond, const char *fmt, va_list ap)
{
	char name[512];

	vsnprintf(name, sizeof(name), fmt, ap);
	return tap_ok(cond, "%s", name);
}

int tap_hex(const uint8_t *got, size_t n, const char *want_hex,
	    const char *fmt, ...)
{
	struct zen_buf hex = ZEN_BUF_INIT;
	va_list ap;
	int ok;

	zen_hex_encode(&hex, got, n);
	ok = want_hex && strcasecmp(zen_buf_str(&hex), want_hex) == 0;
	va_start(ap, fmt);
	vcheck(ok, fmt, ap);
	va_end(ap);
	if (!ok)
		tap_diag("got  %s\n#   want %s", zen_buf_str(&hex),
			 want_hex ? want_hex : "(null)");
	zen_buf_release(&hex);
	return ok;
}

int tap_str(const char *got, const char *want, const char *fmt, ...)
{
	va_list ap;
	int ok = got && want && strcmp(got, want) == 0;

	va_start(ap, fmt);
	vcheck(ok, fmt, ap);
	va_end(ap);
	if (!ok)
		tap_diag("got  %s\n#   want %s", got ? got : "(null)",
			 want ? want : "(null)");
	return ok;
}

int tap_u64(uint64_t got, uint64_t want, const char *fmt, ...)
{
	va_list ap;
	int ok = got == want;

	va_start(ap, fmt);
	vcheck(ok, fmt, ap);
	va_end(ap);
	if (!ok)
		tap_diag("got  %llu\n#   want %llu", (unsigned long long)got,
			 (unsigned long long)want);
	return ok;
}

int tap_done(void)
{
	const char *id;
	json_t *marked;

	json_object_foreach(required, id, marked)
		if (!json_is_true(marked))
			tap_ok(0, "vector %s was not exercised", id);
	printf("1..%d\n", checks);
	json_decref(loaded);
	json_decref(required);
	return failures || !checks ? 1 : 0;
}

const char *tap_vector_path(const char *file)
{
	static char path[4096];
	const char *dir = getenv("ZEN_VECTOR_DIR");

	snprintf(path, sizeof(path), "%s/%s", dir ? dir : ZEN_VECTOR_DIR, file);
	return path;
}

static void die(const char *what, const char *arg)
{
	printf("Bail out! %s %s\n", what, arg);
	exit(99);
}

json_t *tap_vectors(const char *file)
{
	json_error_t jerr;
	json_t *root, *vectors;

	if (!loaded)
		loaded = json_object();
	root = json_object_get(loaded, file);
	if (!root) {
		root = json_load_file(tap_vector_path(file), 0, &jerr);
		if (!root)
			die("cannot load vectors", tap_vector_path(file));
		json_object_set_new(loaded, file, root);
	}
	vectors = json_object_get(root, "vectors");
	if (!json_is_array(vectors))
		die("no vectors array in", file);
	return vectors;
}

json_t *tap_vectors_all(const char *file)
{
	json_t *vectors = tap_vectors(file), *v;
	size_t i;

	if (!required)
		required = json_object();
	json_array_foreach(vectors, i, v)
		if (!json_object_get(required, tap_jstr(v, "id")))
			json_object_set_new(required, tap_jstr(v, "id"),
					    json_false());
	return vectors;
}

void tap_mark(const char *id)
{
	if (!required)
		required = json_object();
	json_object_set_new(required, id, json_true());
}

json_t *tap_vector(const char *file, const char *id)
{
	json_t *vectors = tap_vectors(file), *v;
	size_t i;

	json_array_foreach(vectors, i, v) {
		json_t *vid = json_object_get(v, "id");

		if (json_is_string(vid) && !strcmp(json_string_value(vid), id)) {
			tap_mark(id);
			return v;
		}
	}
	die("no vector with id", id);
	return NULL;
}

json_t *tap_vectors_prefix(const char *file, const char *prefix)
{
	json_t *vectors = tap_vectors(file), *out = json_array(), *v;
	size_t i;

	json_array_foreach(vectors, i, v) {
		const char *id = tap_jstr(v, "id");

		if (!strncmp(id, prefix, strlen(prefix))) {
			json_array_append(out, v);
			tap_mark(id);
		}
	}
	return out;
}

json_t *tap_jget(json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);

	if (!v)
		die("vector lacks field", key);
	return v;
}

const char *tap_jstr(json_t *obj, const char *key)
{
	json_t *v = tap_jget(obj, key);

	if (!json_is_string(v))
		die("vector field is not a string:", key);
	return json_string_value(v);
}

uint64_t tap_ju64(json_t *obj, const char *key)
{
	json_t *v = tap_jget(obj, key);

	if (json_is_integer(v))
		return (uint64_t)json_integer_value(v);
	if (json_is_string(v))
		return strtoull(json_string_value(v), NULL, 10);
	die("vector field is not an integer:", key);
	return 0;
}

char *tap_read_file(const char *dir, const char *rel, size_t *len)
{
	char path[512];
	FILE *f;
	char *buf;
	long n;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	if (!(f = fopen(path, "rb")))
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	if (n < 0 || fread(buf, 1, (size_t)n, f) != (size_t)n)
		n = 0;
	buf[n] = 0;
	fclose(f);
	*len = (size_t)n;
	return buf;
}
