/*
 * test-log.c - the fronts' log (src/log/log.h): the timestamp of a line
 * for known times, the level names, the filter (a line above the level
 * costs no formatting: its arguments are not even evaluated), control
 * characters written as '?', a long message cut to one line, lines of
 * several threads never mixed, the file reopened at the same name.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log/log.h"
#include "tap.h"

#define THREADS 4
#define PER_THREAD 500

static char dir[256], file[300];
static int evaluated;

static int side_effect(void)
{
	return ++evaluated;
}

/* The whole log file, NUL-terminated (free it). */
static char *contents(const char *name)
{
	FILE *f = fopen(name, "rb");
	char *buf = NULL;
	size_t cap = 0, len = 0, n;

	if (!f)
		return NULL;
	do {
		if (cap - len < 4096)
			buf = realloc(buf, cap = cap * 2 + 4096);
		n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
	} while (n);
	buf[len] = 0;
	fclose(f);
	return buf;
}

static void test_stamp(void)
{
	char s[ZEN_LOG_STAMP_LEN];

	zen_log_stamp(s, 0);
	tap_str(s, "1970-01-01T00:00:00.000Z", "stamp: the epoch");
	/* 2025-11-26T01:02:03.456Z: 1764118923 s (date -u -d @1764118923) */
	zen_log_stamp(s, 1764118923456789012LL);
	tap_str(s, "2025-11-26T01:02:03.456Z", "stamp: milliseconds, truncated");
	zen_log_stamp(s, 951782400999000000LL);
	tap_str(s, "2000-02-29T00:00:00.999Z", "stamp: a leap day");
}

static void test_levels(void)
{
	enum zen_log_level l = ZEN_LOG_ERROR;

	tap_ok(!zen_log_level_parse("debug", &l) && l == ZEN_LOG_DEBUG, "parse debug");
	tap_ok(!zen_log_level_parse("warn", &l) && l == ZEN_LOG_WARN, "parse warn");
	tap_ok(zen_log_level_parse("warning", &l) && l == ZEN_LOG_WARN,
	       "parse: no other names, nothing changed");
	tap_ok(zen_log_level_parse(NULL, &l), "parse: NULL is no level");
	tap_str(zen_log_level_name(ZEN_LOG_ERROR), "error", "name of error");
	tap_str(zen_log_level_name(ZEN_LOG_INFO), "info", "name of info");
}

/* Lines of one thread: "t<i> <n>", each checked below. */
static void *writer(void *arg)
{
	int id = (int)(intptr_t)arg;

	for (int n = 0; n < PER_THREAD; n++)
		zen_log_info("t%d %d %s", id, n,
			     "padding padding padding padding padding padding");
	return NULL;
}

static void test_file(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	char big[6000], *text, name2[320];
	pthread_t t[THREADS];
	int ok = 1, counts[THREADS] = { 0 };

	tap_ok(!zen_log_open(file, ZEN_LOG_INFO, &err), "open %s", file);
	tap_ok(zen_log_to_file(), "the log is a file");
	evaluated = 0;
	ZEN_LOG(ZEN_LOG_DEBUG, "never %d", side_effect());
	zen_log_debug("never either %d", side_effect());
	tap_ok(evaluated == 0, "a line above the level: arguments not evaluated");
	zen_log_warn("a warning %d", side_effect());
	tap_ok(evaluated == 1, "a line within the level is written");
	zen_log_info("forged\n2025-01-01T00:00:00.000Z error fake\tline\x7f");
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = 0;
	zen_log_error("%s", big);
	text = contents(file);
	tap_ok(text && strstr(text, " warn a warning 1\n"), "the warning line");
	tap_ok(text && !strstr(text, "never"), "nothing above the level");
	tap_ok(text && strstr(text, " info forged?2025-01-01T00:00:00.000Z error "
			      "fake?line?\n"), "control characters written as '?'");
	tap_ok(text && strstr(text, "xxx...\n") && strlen(strstr(text, " error x")) < 4096,
	       "a long message cut, still one line");
	free(text);

	for (int i = 0; i < THREADS; i++)
		pthread_create(&t[i], NULL, writer, (void *)(intptr_t)i);
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	text = contents(file);
	for (char *line = text, *end; ok && line && *line; line = end + 1) {
		int id, n;

		end = strchr(line, '\n');
		if (!end)
			break;
		if (sscanf(line + ZEN_LOG_STAMP_LEN, "info t%d %d padding", &id, &n) != 2)
			continue;
		ok = id >= 0 && id < THREADS && n == counts[id]++ &&
		     !strncmp(end - 7, "padding", 7);
	}
	for (int i = 0; i < THREADS; i++)
		ok = ok && counts[i] == PER_THREAD;
	tap_ok(ok, "%d threads' lines whole and in order", THREADS);
	free(text);

	snprintf(name2, sizeof(name2), "%s.1", file);
	tap_ok(!rename(file, name2), "logrotate moves the file");
	zen_log_info("still to the moved file");
	tap_ok(!zen_log_reopen(&err), "reopen");
	zen_log_info("to the new file");
	text = contents(file);
	tap_ok(text && strstr(text, "to the new file") && !strstr(text, "moved"),
	       "the new file has the new lines only");
	free(text);
	text = contents(name2);
	tap_ok(text && strstr(text, "still to the moved file") &&
	       !strstr(text, "new file"), "the moved one kept the old lines");
	free(text);
	unlink(name2);
	zen_log_close();
	tap_ok(!zen_log_to_file() && zen_log_enabled(ZEN_LOG_INFO) &&
	       !zen_log_enabled(ZEN_LOG_DEBUG), "closed: standard error, info");
}

static void test_open_fails(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	char bad[400];

	snprintf(bad, sizeof(bad), "%s/no/such/dir/x.log", dir);
	tap_ok(zen_log_open(bad, ZEN_LOG_DEBUG, &err) == ZEN_EINVAL &&
	       strstr(err.msg, "cannot open ") && !zen_log_to_file() &&
	       !zen_log_enabled(ZEN_LOG_DEBUG),
	       "a file that cannot be opened: nothing changed (%s)", err.msg);
}

int main(void)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(dir, sizeof(dir), "%s/zen-log-XXXXXX", tmp ? tmp : "/tmp");
	if (!mkdtemp(dir))
		return 99;
	snprintf(file, sizeof(file), "%s/zen.log", dir);
	test_stamp();
	test_levels();
	test_file();
	test_open_fails();
	unlink(file);
	rmdir(dir);
	return tap_done();
}
