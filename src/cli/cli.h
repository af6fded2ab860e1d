/*
 * cli.h - the command-line front: argument parsing, output, help, man page
 * and completion, all read from the operation table.
 */
#ifndef ZEN_CLI_H
#define ZEN_CLI_H

#include <stdarg.h>
#include <stdio.h>

#include <jansson.h>

#include "ops/op.h"

/* Global options, shared by every command. */
struct cli_opts {
	const char *url;	/* --url / ZEN_URL: remote node, NULL = local */
	const char *chain_name;	/* --chain */
	const char *datadir;	/* --datadir / ZEN_DATADIR */
	const char *token_file;	/* --api-token-file / ZEN_API_TOKEN_FILE */
	const char *conf;	/* --conf / ZEN_CONF (config.c) */
	int addressdb;		/* --addressdb[=BOOL]: 1 on, -1 off, 0 unset
				   (zen_node.addressdb) */
	int json;		/* --json: force JSON even on a terminal */
	int zp;			/* --zp: amounts in ZP (zp.c) */
	int help;
	int version;
	double wait;		/* --wait[=SECONDS]: < 0 without a limit */
};

/* output.c */
/* Print a successful reply: text as is, JSON compact for scripts or
 * readable on a terminal. */
void cli_print_reply(FILE *out, const struct zen_op *op, json_t *result,
		     const char *text, int json_mode);
/* Print a streamed JSON reply as it comes, then a newline.  A failure
 * after the first batch leaves that much printed.  Returns 0 or the
 * stream's code (message in err). */
int cli_print_stream(FILE *out, struct zen_stream *s, struct zen_err *err);
/* "zen: <message>" on stderr. */
void cli_error(const char *fmt, ...) ZEN_PRINTF(1, 2);
/* "zen: <message><suffix>" on stderr. */
void cli_verror(const char *suffix, const char *fmt, va_list ap)
	ZEN_PRINTF(2, 0);

/* progress.c: long work's progress line, on a terminal only. */
struct cli_progress {
	char what[64];		/* "blockchain mine" */
	uint64_t started_us, drawn_us;
	int width, shown;
};
/* Start a progress line of what; 1 when stderr is a terminal (where
 * cli_progress_step draws), else 0 (nothing is drawn). */
int cli_progress_init(struct cli_progress *p, const char *what);
/* done of total steps (ctx: the cli_progress). */
void cli_progress_step(void *ctx, uint64_t done, uint64_t total);
/* Give call a progress line when stderr is a terminal. */
void cli_progress_begin(struct cli_progress *p, struct zen_call *call,
			const struct zen_op *op);
/* End the line (a newline) if one was drawn. */
void cli_progress_end(struct cli_progress *p);

/* zp.c */
/* --zp: amounts of op's parameters given as bare numbers are ZP. */
void cli_zp_args(const struct zen_op *op, json_t *raw);
/* --zp: the reply's ZP amounts as "1.50000000". */
void cli_zp_reply(json_t *reply);

/* help.c */
void cli_help_main(FILE *out);
void cli_help_group(FILE *out, const char *group);
void cli_help_op(FILE *out, const struct zen_op *op);
void cli_usage_line(FILE *out, const struct zen_op *op);
/* `zen __man`: the whole zen(1) page in roff. */
void cli_man(FILE *out);
/* `zen __complete WORD...`: candidates for the last word, one a line. */
void cli_complete(FILE *out, int argc, char **argv);
/* kebab-case CLI spelling of a camelCase parameter name (static buffer). */
const char *cli_option_name(const char *param_name);
/* The CLI option of a parameter: cli_option_name, or for passwords and
 * mnemonic words the --NAME-file form (static buffer). */
const char *cli_param_option(const struct zen_param *p);

/* The global options, for help, man and completion. */
struct cli_global_opt {
	const char *name;
	const char *metavar;	/* NULL for flags */
	const char *help;
};
extern const struct cli_global_opt cli_global_opts[];

/* password.c */
/* Options --*password-file, --*password-fd, --password-stdin and
 * --words-file; *handled says whether name was one. */
int cli_password_option(const char *name, const char *eq, int argc,
			char **argv, int *i, int *handled);
/* Fill op's password and words parameters of raw from their sources. */
/* remote: the command goes to --url, where with no password given and no
 * terminal to ask on the request goes without one (wallet unlock). */
int cli_password_load(const struct zen_op *op, json_t *raw, int remote);

/* config.c: zen.conf and the environment under the command line. */
struct cli_config;
/*
 * Resolve the configuration: given holds what the command line set (key
 * as on the command line -> its text, "true" for a flag); over it the
 * environment (ZEN_KEY), then the file (--conf, ZEN_CONF or
 * DATADIR/zen.conf).  Returns 0 or ZEN_EINVAL, with "FILE:LINE: ..." or
 * "environment ZEN_X=...: ..." in err; *cfg is NULL then.
 */
int cli_config_load(struct cli_config **cfg, json_t *given,
		    struct zen_err *err);
/* The options the command line did not set, as "--key=value" arguments
 * (each ending with a NUL) for its parser: the global ones, and op's own
 * when op is zen serve. */
void cli_config_args(const struct cli_config *cfg, const struct zen_op *op,
		     struct zen_buf *args);
/* {"key": {"value": ..., "source": ...}} for `zen config show`. */
json_t *cli_config_show(const struct cli_config *cfg);
void cli_config_free(struct cli_config *cfg);
/* Every key (as on the command line) and its environment variable. */
void cli_config_keys(void (*fn)(void *ctx, const char *key, const char *env),
		     void *ctx);

/* main.c */
/* $XDG_DATA_HOME/zen/CHAIN or ~/.local/share/zen/CHAIN; -1 without HOME. */
int cli_default_datadir(struct zen_buf *out, const char *chain_cli_name);
/* --wait's SECONDS: 0 for a number from 0.1 to 31536000, else -1. */
int cli_parse_wait(const char *s, double *seconds);

/* addressdb.c: a local /addressdb command catches the address index up
 * first (after: resync's, after it runs), progress on a terminal.
 * Returns 0 or the store's error. */
int cli_addressdb_sync(const struct zen_op *op, struct zen_node *node,
		       int after, struct zen_err *err);

/* Exit codes: the zen_code values (err.h), documented in zen(1). */

/* "did you mean ...?" (suggest.c): begin with the typed word, add every
 * known name, print the closest (several when they tie) on stderr, each
 * after prefix ("--" for options), or nothing when none is close. */
#define CLI_SUGGEST_MAX 4
struct cli_suggest {
	const char *typed;
	const char *names[CLI_SUGGEST_MAX];
	size_t n, best, limit;
};
void cli_suggest_begin(struct cli_suggest *s, const char *typed);
void cli_suggest_add(struct cli_suggest *s, const char *name);
void cli_suggest_print(const struct cli_suggest *s, const char *prefix);

#endif
