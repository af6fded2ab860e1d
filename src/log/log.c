/*
 * log.c - the fronts' log (log.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "log/log.h"

/* A longer message is cut (and ends with "..."): a line stays a line. */
#define LINE_MAX_BYTES 4096

atomic_int zen_log_max = ZEN_LOG_INFO;

/* The destination: fd (2 until a file is opened) and the file's name.
 * The lock keeps a reopen from closing the descriptor under a write. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int log_fd = STDERR_FILENO;
static char *log_file;

static const char *const names[] = { "error", "warn", "info", "debug" };

const char *zen_log_level_name(enum zen_log_level level)
{
	return (unsigned)level < ZEN_ARRAY_SIZE(names) ? names[level] : "?";
}

int zen_log_level_parse(const char *name, enum zen_log_level *out)
{
	for (size_t i = 0; name && i < ZEN_ARRAY_SIZE(names); i++)
		if (!strcmp(name, names[i])) {
			*out = (enum zen_log_level)i;
			return 0;
		}
	return -1;
}

void zen_log_stamp(char out[ZEN_LOG_STAMP_LEN], int64_t ns)
{
	time_t secs = (time_t)(ns / 1000000000);
	struct tm tm;

	if (!gmtime_r(&secs, &tm))
		memset(&tm, 0, sizeof(tm));
	/* each field within its width, so that a line's head never moves */
	snprintf(out, ZEN_LOG_STAMP_LEN, "%04u-%02u-%02uT%02u:%02u:%02u.%03uZ",
		 (unsigned)(tm.tm_year + 1900) % 10000u,
		 (unsigned)(tm.tm_mon + 1) % 100u, (unsigned)tm.tm_mday % 100u,
		 (unsigned)tm.tm_hour % 100u, (unsigned)tm.tm_min % 100u,
		 (unsigned)tm.tm_sec % 100u, (unsigned)(ns / 1000000 % 1000));
}

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* No control character may reach the log: a newline in a client's path
 * would make a line of its own. */
static void scrub(char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			s[i] = '?';
}

/* Write all of buf to fd; a log that cannot be written is dropped. */
static void write_all(int fd, const char *buf, size_t n)
{
	while (n) {
		ssize_t w = write(fd, buf, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		buf += w;
		n -= (size_t)w;
	}
}

void zen_log_write(enum zen_log_level level, const char *fmt, ...)
{
	char line[LINE_MAX_BYTES];
	va_list ap;
	int head, n;
	size_t len;

	zen_log_stamp(line, now_ns());
	head = snprintf(line + ZEN_LOG_STAMP_LEN - 1,
			sizeof(line) - ZEN_LOG_STAMP_LEN + 1, " %s ",
			zen_log_level_name(level)) + ZEN_LOG_STAMP_LEN - 1;
	va_start(ap, fmt);
	n = vsnprintf(line + head, sizeof(line) - (size_t)head - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	len = (size_t)head + (size_t)n;
	if (len > sizeof(line) - 2) {
		len = sizeof(line) - 2;
		memcpy(line + len - 3, "...", 3);
	}
	scrub(line + head, len - (size_t)head);
	line[len++] = '\n';
	pthread_mutex_lock(&lock);
	write_all(log_fd, line, len);
	pthread_mutex_unlock(&lock);
}

static int open_file(const char *file)
{
	return open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOCTTY,
		    0640);
}

/* Make fd (or standard error, -1) the destination; the old file closes. */
static void set_fd(int fd)
{
	int old;

	pthread_mutex_lock(&lock);
	old = log_fd;
	log_fd = fd >= 0 ? fd : STDERR_FILENO;
	pthread_mutex_unlock(&lock);
	if (old != STDERR_FILENO && old != log_fd)
		close(old);
}

int zen_log_open(const char *file, enum zen_log_level level,
		 struct zen_err *err)
{
	int fd = -1;

	if (file && (fd = open_file(file)) < 0)
		return zen_fail(err, ZEN_EINVAL, "cannot open %s: %s", file,
				strerror(errno));
	set_fd(fd);
	free(log_file);
	log_file = file ? strdup(file) : NULL;
	if (file && !log_file)
		ZEN_BUG("out of memory");
	atomic_store(&zen_log_max, (int)level);
	return 0;
}

int zen_log_reopen(struct zen_err *err)
{
	int fd;

	if (!log_file)
		return 0;
	if ((fd = open_file(log_file)) < 0)
		return zen_fail(err, ZEN_EINVAL, "cannot reopen %s: %s",
				log_file, strerror(errno));
	set_fd(fd);
	return 0;
}

int zen_log_to_file(void)
{
	return log_file != NULL;
}

void zen_log_close(void)
{
	set_fd(-1);
	free(log_file);
	log_file = NULL;
	atomic_store(&zen_log_max, ZEN_LOG_INFO);
}
