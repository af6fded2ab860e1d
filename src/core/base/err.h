/*
 * err.h - the one error convention of zen.
 *
 * Every fallible function returns an int: 0 on success, otherwise one of the
 * positive codes of enum zen_code.  When the caller passes a struct zen_err,
 * the function also leaves a complete, lowercase, one-line message in it
 * (no trailing period, what failed first: "invalid hex: odd length").
 * Passing NULL for err is allowed everywhere and just drops the message.
 *
 * The numeric values are the CLI exit codes documented in zen(1) and are
 * stable; zen_code_http_status() maps each to the HTTP status the server
 * answers with, and the remote client maps statuses back.
 */
#ifndef ZEN_ERR_H
#define ZEN_ERR_H

#include "core/base/zen.h"

enum zen_code {
	ZEN_OK = 0,
	ZEN_EREFUSED = 1,	/* refused by the node: invalid block, tx, state */
	ZEN_EINVAL = 2,		/* usage error or bad input */
	ZEN_ENOTFOUND = 3,	/* the thing asked for does not exist */
	ZEN_EPASSWORD = 4,	/* wrong password */
	ZEN_EUNREACHABLE = 5,	/* remote node unreachable */
	ZEN_ESTORE = 6,		/* local store locked or damaged */
	ZEN_EINTERNAL = 70,	/* a bug or resource exhaustion */
};

#define ZEN_ERR_MSG_MAX 512

struct zen_err {
	enum zen_code code;
	char msg[ZEN_ERR_MSG_MAX];
};

#define ZEN_ERR_INIT { ZEN_OK, "" }

/*
 * Record a failure.  Returns code, so that `return zen_fail(err, ...)` is one
 * line.  err may be NULL.  A message already present is replaced.
 */
int zen_fail(struct zen_err *err, enum zen_code code, const char *fmt, ...)
	ZEN_PRINTF(3, 4);

/*
 * Prefix the message already in err with "prefix: " (git's "cannot x: why").
 * Returns err->code (or ZEN_EINTERNAL when err is NULL).
 */
int zen_err_prefix(struct zen_err *err, const char *fmt, ...) ZEN_PRINTF(2, 3);

/* A short name for a code ("bad input", "not found", ...). */
const char *zen_strerror(enum zen_code code);

/* The HTTP status the server answers with for a code (200 for ZEN_OK). */
int zen_code_http_status(enum zen_code code);

/* Report a broken internal invariant and abort.  Never for bad input. */
ZEN_NORETURN void zen_bug(const char *file, int line, const char *what);
#define ZEN_BUG(what) zen_bug(__FILE__, __LINE__, (what))
#define ZEN_ASSERT(cond) do { if (!(cond)) ZEN_BUG(#cond); } while (0)

#endif
