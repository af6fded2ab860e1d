#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/err.h"

int zen_fail(struct zen_err *err, enum zen_code code, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return code;
	err->code = code;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return code;
}

int zen_err_prefix(struct zen_err *err, const char *fmt, ...)
{
	char prefix[ZEN_ERR_MSG_MAX], old[ZEN_ERR_MSG_MAX];
	va_list ap;

	if (!err)
		return ZEN_EINTERNAL;
	va_start(ap, fmt);
	vsnprintf(prefix, sizeof(prefix), fmt, ap);
	va_end(ap);
	memcpy(old, err->msg, sizeof(old));
	snprintf(err->msg, sizeof(err->msg), "%.200s: %.300s", prefix, old);
	return err->code;
}

const char *zen_strerror(enum zen_code code)
{
	switch (code) {
	case ZEN_OK: return "success";
	case ZEN_EREFUSED: return "refused by the node";
	case ZEN_EINVAL: return "bad input";
	case ZEN_ENOTFOUND: return "not found";
	case ZEN_EPASSWORD: return "wrong password";
	case ZEN_EUNREACHABLE: return "node unreachable";
	case ZEN_ESTORE: return "store locked or damaged";
	case ZEN_EINTERNAL: return "internal error";
	}
	return "unknown error";
}

int zen_code_http_status(enum zen_code code)
{
	switch (code) {
	case ZEN_OK: return 200;
	case ZEN_EREFUSED: return 400;
	case ZEN_EINVAL: return 400;
	case ZEN_ENOTFOUND: return 404;
	case ZEN_EPASSWORD: return 400;	/* the reference's "Bad password" */
	case ZEN_EUNREACHABLE: return 502;
	case ZEN_ESTORE: return 503;
	case ZEN_EINTERNAL: return 500;
	}
	return 500;
}

void zen_bug(const char *file, int line, const char *what)
{
	/* The one place the core writes to stderr: a bug, not a user error. */
	fprintf(stderr, "BUG: %s:%d: %s\n", file, line, what);
	abort();
}
