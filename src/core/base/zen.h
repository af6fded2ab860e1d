/*
 * zen.h - shared definitions of libzen, the core library of zen.
 *
 * The core (everything under src/core) never prints, never exits and never
 * touches the network.  It reports failure through the error convention of
 * err.h and leaves presentation to the fronts.
 */
#ifndef ZEN_ZEN_H
#define ZEN_ZEN_H

#include <stddef.h>
#include <stdint.h>

#define ZEN_VERSION_STRING "0.1.0"

#if defined(__GNUC__)
#define ZEN_WARN_UNUSED __attribute__((warn_unused_result))
#define ZEN_NONNULL(...) __attribute__((nonnull(__VA_ARGS__)))
#define ZEN_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define ZEN_NORETURN __attribute__((noreturn))
#else
#define ZEN_WARN_UNUSED
#define ZEN_NONNULL(...)
#define ZEN_PRINTF(f, a)
#define ZEN_NORETURN
#endif

#define ZEN_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* qsort that accepts an empty (possibly NULL) array: C leaves
 * qsort(NULL, 0, ...) undefined. */
#define zen_qsort(base, n, size, cmp) \
	do { if ((n) > 1) qsort((base), (n), (size), (cmp)); } while (0)

/* A 32-byte SHA3-256 digest (block, transaction, public key hashes). */
#define ZEN_HASH_LEN 32

#endif
