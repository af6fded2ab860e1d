/*
 * tap.h - a small TAP producer for zen's C unit tests, plus helpers that
 * load the reference vectors in tests/vectors/<file>.json.
 *
 * Every check prints "ok N - name" or "not ok N - name"; tap_done() prints
 * the plan and returns the exit status.  The automake TAP driver counts the
 * individual checks, so each vector is its own test case.
 */
#ifndef ZEN_TAP_H
#define ZEN_TAP_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "core/base/zen.h"

/* Record one check.  Returns cond so callers can stop on failure. */
int tap_ok(int cond, const char *fmt, ...) ZEN_PRINTF(2, 3);
/* A diagnostic line ("# ..."), for the reason of a failure. */
void tap_diag(const char *fmt, ...) ZEN_PRINTF(1, 2);
/* Compare bytes with expected hex; prints both on mismatch. */
int tap_hex(const uint8_t *got, size_t n, const char *want_hex,
	    const char *fmt, ...) ZEN_PRINTF(4, 5);
/* Compare two strings (NULL-safe); prints both on mismatch. */
int tap_str(const char *got, const char *want, const char *fmt, ...)
	ZEN_PRINTF(3, 4);
/* Compare two unsigned integers. */
int tap_u64(uint64_t got, uint64_t want, const char *fmt, ...) ZEN_PRINTF(3, 4);
/* Print the plan; returns 0 if every check passed, else 1. */
int tap_done(void);

/* The whole of file dir/rel, NUL-terminated, malloc'ed (free it), its
 * length in *len; NULL when it cannot be read. */
char *tap_read_file(const char *dir, const char *rel, size_t *len);

/*
 * The "vectors" array of tests/vectors/<file> (e.g. "serialization.json").
 * Aborts the test program when the file cannot be read: a missing vector
 * file is a broken checkout, not a passing test.  The returned reference is
 * owned by the harness (freed at exit).
 */
json_t *tap_vectors(const char *file);
/* The vector with this id, or abort. */
json_t *tap_vector(const char *file, const char *id);
/* Vectors of file whose id starts with prefix, in file order (new ref). */
json_t *tap_vectors_prefix(const char *file, const char *prefix);
/* Path to tests/vectors/<file> (static buffer). */
const char *tap_vector_path(const char *file);

/* json helpers that abort with a clear message on a malformed vector */
const char *tap_jstr(json_t *obj, const char *key);
json_t *tap_jget(json_t *obj, const char *key);
/* Integer field that may be a JSON number or a decimal string. */
uint64_t tap_ju64(json_t *obj, const char *key);
/* Mark that a vector id was exercised; tap_done() fails if any vector of a
 * file loaded with tap_vectors_all() was not marked. */
void tap_mark(const char *id);
json_t *tap_vectors_all(const char *file);

#endif
