/*
 * password.c - passwords and mnemonic words on the command line front.
 *
 * They are never taken from argv (visible in ps and shell history) nor
 * from the environment's values.  For each ZEN_PT_PASSWORD parameter of
 * the operation, in table order, the first source that exists:
 *
 *   --NAME-file FILE   the first line of FILE (--password-file for the
 *                      parameter "password", --old-password-file and
 *                      --new-password-file for changepassword; the first
 *                      password of an operation also takes --password-file)
 *   --NAME-fd N        the first line read from file descriptor N
 *   --password-stdin   one line of standard input per password
 *   $ZEN_PASSWORD_FILE the first line of that file (first password only)
 *   the terminal       a prompt on /dev/tty with echo off; a new
 *                      password (create, import, new) is asked twice
 *
 * Mnemonic words (ZEN_PT_WORDS): --words-file FILE (- for one line of
 * standard input, read before any password) or a prompt.  The same line
 * rules: a trailing "\n" or "\r\n" is dropped.  Buffers are
 * sodium_malloc'd and wiped; the value travels on in the call's
 * parameters (jansson memory, freed at exit).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include <sodium.h>

#include "cli/cli.h"

#define LINE_MAX_ 4096

static struct {
	char name[48];
	const char *value;
} given[8];
static int n_given;
static int use_stdin;

static int is_pw_option(const char *name)
{
	size_t n = strlen(name);

	if (!strcmp(name, "words-file"))
		return 1;
	if (n > 5 && !strcmp(name + n - 5, "-file") && strstr(name, "password"))
		return 1;
	if (n > 3 && !strcmp(name + n - 3, "-fd") && strstr(name, "password"))
		return 1;
	return 0;
}

int cli_password_option(const char *name, const char *eq, int argc,
			char **argv, int *i, int *handled)
{
	*handled = 0;
	if (!strcmp(name, "password-stdin")) {
		*handled = 1;
		use_stdin = 1;
		return 0;
	}
	if (!is_pw_option(name))
		return 0;
	*handled = 1;
	if (n_given == (int)ZEN_ARRAY_SIZE(given)) {
		cli_error("too many password options");
		return ZEN_EINVAL;
	}
	snprintf(given[n_given].name, sizeof(given[0].name), "%s", name);
	if (eq) {
		given[n_given].value = eq + 1;
	} else if (*i + 1 < argc) {
		given[n_given].value = argv[++*i];
	} else {
		cli_error("option --%s needs a value (see zen --help)", name);
		return ZEN_EINVAL;
	}
	n_given++;
	return 0;
}

static const char *given_value(const char *name)
{
	for (int i = n_given - 1; i >= 0; i--)
		if (!strcmp(given[i].name, name))
			return given[i].value;
	return NULL;
}

/* One line from fd into buf (sodium_malloc'd, LINE_MAX_ bytes), byte by
 * byte so that nothing after the line is consumed. */
static int read_line_fd(int fd, char *buf, const char *what)
{
	size_t n = 0;

	for (;;) {
		char c;
		ssize_t r = read(fd, &c, 1);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			cli_error("cannot read %s: %s", what, strerror(errno));
			return ZEN_EINVAL;
		}
		if (r == 0 || c == '\n')
			break;
		if (n + 1 >= LINE_MAX_) {
			cli_error("%s: line too long", what);
			return ZEN_EINVAL;
		}
		buf[n++] = c;
	}
	if (n && buf[n - 1] == '\r')
		n--;
	buf[n] = 0;
	return 0;
}

static int read_line_file(const char *path, char *buf)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0) {
		cli_error("cannot open %s: %s", path, strerror(errno));
		return ZEN_EINVAL;
	}
	rc = read_line_fd(fd, buf, path);
	close(fd);
	return rc;
}

static int parse_fd(const char *s, int *fd)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || end == s || v < 0 || v > 65535) {
		cli_error("invalid file descriptor '%s'", s);
		return ZEN_EINVAL;
	}
	*fd = (int)v;
	return 0;
}

/* A no-echo prompt on the terminal.  ZEN_EINVAL when there is none. */
static int prompt(const char *text, char *buf)
{
	struct termios old, quiet;
	int fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY), rc, echo_off;

	if (fd < 0)
		return -1;
	if (write(fd, text, strlen(text)) < 0) {
		close(fd);
		return -1;
	}
	echo_off = !tcgetattr(fd, &old);
	if (echo_off) {
		quiet = old;
		quiet.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
		tcsetattr(fd, TCSAFLUSH, &quiet);
	}
	rc = read_line_fd(fd, buf, "the terminal");
	if (echo_off)
		tcsetattr(fd, TCSAFLUSH, &old);
	if (write(fd, "\n", 1) < 0)
		rc = rc ? rc : ZEN_EINVAL;
	close(fd);
	return rc;
}

static int is_new_password(const struct zen_op *op, const struct zen_param *p)
{
	return !strcmp(p->name, "new") ||
	       (op->verb && (!strcmp(op->verb, "create") ||
			     !strcmp(op->verb, "import")));
}

static int ask(const struct zen_op *op, const struct zen_param *p, char *buf)
{
	char text[96], *again;
	int rc;

	snprintf(text, sizeof(text), "%s: ",
		 p->type == ZEN_PT_WORDS ? "Mnemonic words" :
		 !strcmp(p->name, "new") ? "New password" :
		 !strcmp(p->name, "old") ? "Current password" : "Password");
	rc = prompt(text, buf);
	if (rc < 0) {
		if (p->type == ZEN_PT_WORDS)
			cli_error("no mnemonic words: give --words-file FILE "
				  "(- for standard input)");
		else
			cli_error("no password: give --%s FILE, --password-fd N, "
				  "--password-stdin or ZEN_PASSWORD_FILE (there "
				  "is no terminal to ask on)", cli_param_option(p));
		return ZEN_EINVAL;
	}
	if (rc || p->type != ZEN_PT_PASSWORD || !is_new_password(op, p))
		return rc;
	again = sodium_malloc(LINE_MAX_);
	if (!again)
		return ZEN_EINTERNAL;
	rc = prompt("Repeat the password: ", again);
	if (!rc && strcmp(buf, again)) {
		cli_error("the passwords differ");
		rc = ZEN_EINVAL;
	}
	sodium_free(again);
	return rc;
}

/* password_value's answer for "none given, and none to ask": the request
 * goes without one (a remote node's wallet session may stand for it). */
#define NO_PASSWORD (-2)

static int has_terminal(void)
{
	int fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY);

	if (fd >= 0)
		close(fd);
	return fd >= 0;
}

static int password_value(const struct zen_op *op, const struct zen_param *p,
			  int first, int remote, char *buf)
{
	char fdname[64];
	const char *file = given_value(cli_param_option(p)), *fd, *env;
	int n;

	snprintf(fdname, sizeof(fdname), "%s", cli_param_option(p));
	n = (int)strlen(fdname);
	snprintf(fdname + n - 5, sizeof(fdname) - (size_t)n + 5, "-fd");
	fd = given_value(fdname);
	if (first && !file && !fd) {
		file = given_value("password-file");
		fd = given_value("password-fd");
	}
	if (file)
		return read_line_file(file, buf);
	if (fd) {
		int num, rc = parse_fd(fd, &num);

		return rc ? rc : read_line_fd(num, buf, "the password descriptor");
	}
	if (use_stdin)
		return read_line_fd(STDIN_FILENO, buf, "standard input");
	env = getenv("ZEN_PASSWORD_FILE");
	if (first && env && *env)
		return read_line_file(env, buf);
	if (remote && (op->flags & ZEN_OPF_SESSION) && !has_terminal())
		return NO_PASSWORD;
	return ask(op, p, buf);
}

static int words_value(const struct zen_op *op, const struct zen_param *p,
		       char *buf)
{
	const char *file = given_value("words-file");

	if (file && !strcmp(file, "-"))
		return read_line_fd(STDIN_FILENO, buf, "standard input");
	if (file)
		return read_line_file(file, buf);
	return ask(op, p, buf);
}

static int set_value(json_t *raw, const struct zen_param *p, char *buf)
{
	json_t *v = json_string(buf);

	sodium_memzero(buf, LINE_MAX_);
	if (!v) {
		cli_error("%s is not valid UTF-8", p->name);
		return ZEN_EINVAL;
	}
	json_object_set_new(raw, p->name, v);
	return 0;
}

int cli_password_load(const struct zen_op *op, json_t *raw, int remote)
{
	char *buf;
	int rc = 0, first = 1, any = 0;

	for (const struct zen_param *p = op->params; p->name; p++)
		any |= p->type == ZEN_PT_PASSWORD || p->type == ZEN_PT_WORDS;
	if (!any)
		return 0;
	if (sodium_init() < 0 || !(buf = sodium_malloc(LINE_MAX_))) {
		cli_error("out of secure memory");
		return ZEN_EINTERNAL;
	}
	/* Words first: they may come from standard input before passwords. */
	for (const struct zen_param *p = op->params; !rc && p->name; p++)
		if (p->type == ZEN_PT_WORDS) {
			rc = words_value(op, p, buf) ?: set_value(raw, p, buf);
		}
	for (const struct zen_param *p = op->params; !rc && p->name; p++) {
		if (p->type != ZEN_PT_PASSWORD)
			continue;
		rc = password_value(op, p, first, remote, buf);
		rc = rc == NO_PASSWORD ? 0 : rc ?: set_value(raw, p, buf);
		first = 0;
	}
	sodium_free(buf);
	return rc;
}
