/*
 * log.h - the one log of the fronts (`zen serve`, its HTTP and P2P sides):
 * lines of the form
 *
 *   2025-11-26T01:02:03.456Z info serving the local chain on http://...
 *
 * an ISO 8601 UTC timestamp to the millisecond, the level, the message;
 * one line each, written whole by a single write(2), so that lines of
 * several threads never interleave.  The core never logs: the fronts log
 * what it reports (err.h, result structures).
 *
 * Levels, most severe first: error, warn, info (the default), debug.  A
 * line above the level set is dropped before its arguments are even
 * formatted: ZEN_LOG costs one relaxed atomic load when its level is off,
 * so a debug line may sit on a hot path.
 *
 * The log goes to standard error until zen_log_open names a file (then
 * it is opened in append mode, created 0640); zen_log_reopen opens the
 * same name again, for SIGHUP after logrotate has moved the file.
 * Control characters in a message (a path a client sent, say) are written
 * as '?', so that no line can forge another.
 */
#ifndef ZEN_LOG_H
#define ZEN_LOG_H

#include <stdatomic.h>

#include "core/base/err.h"

enum zen_log_level {
	ZEN_LOG_ERROR = 0,
	ZEN_LOG_WARN = 1,
	ZEN_LOG_INFO = 2,
	ZEN_LOG_DEBUG = 3,
};

/* The most detailed level written (zen_log_open sets it); read through
 * zen_log_enabled. */
extern atomic_int zen_log_max;

#define zen_log_enabled(level) \
	((int)(level) <= atomic_load_explicit(&zen_log_max, memory_order_relaxed))

#define ZEN_LOG(level, ...) \
	do { \
		if (zen_log_enabled(level)) \
			zen_log_write((level), __VA_ARGS__); \
	} while (0)
#define zen_log_error(...) ZEN_LOG(ZEN_LOG_ERROR, __VA_ARGS__)
#define zen_log_warn(...) ZEN_LOG(ZEN_LOG_WARN, __VA_ARGS__)
#define zen_log_info(...) ZEN_LOG(ZEN_LOG_INFO, __VA_ARGS__)
#define zen_log_debug(...) ZEN_LOG(ZEN_LOG_DEBUG, __VA_ARGS__)

/* Write one line at level, whatever the level set (ZEN_LOG checks it). */
void zen_log_write(enum zen_log_level level, const char *fmt, ...)
	ZEN_PRINTF(2, 3);

/* "error", "warn", "info" or "debug" -> the level: 0, or -1 for any other
 * name. */
int zen_log_level_parse(const char *name, enum zen_log_level *out);
const char *zen_log_level_name(enum zen_log_level level);

/*
 * Set the level and the destination: file, or standard error when file
 * is NULL.  Returns 0, or ZEN_EINVAL "cannot open FILE: why" (then
 * nothing changed).
 */
int zen_log_open(const char *file, enum zen_log_level level,
		 struct zen_err *err);

/* Open the file of zen_log_open again (SIGHUP); lines go on to the old
 * one until the new one is open.  Returns 0 (nothing to do for standard
 * error) or ZEN_EINVAL "cannot reopen FILE: why", the old file kept. */
int zen_log_reopen(struct zen_err *err);

/* Does the log go to a file (not standard error)? */
int zen_log_to_file(void);

/* Back to standard error at level info; the file is closed. */
void zen_log_close(void);

/* The timestamp of a line for a time in nanoseconds since the epoch:
 * "YYYY-MM-DDTHH:MM:SS.mmmZ" (24 characters and a NUL). */
#define ZEN_LOG_STAMP_LEN 25
void zen_log_stamp(char out[ZEN_LOG_STAMP_LEN], int64_t ns);

#endif
