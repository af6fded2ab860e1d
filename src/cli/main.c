/*
 * main.c - the zen binary: global options, then `zen GROUP VERB [args]`
 * looked up in the operation table and run locally, or sent to a remote
 * node with --url, or `zen serve`.
 *
 *   exit 0 ok, 1 refused by the node, 2 usage or bad input, 3 not found,
 *   4 wrong password, 5 node unreachable, 6 store locked or damaged,
 *   70 internal error (zen(1), EXIT STATUS).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>
#include <jansson.h>
#include <lmdb.h>
#include <openssl/crypto.h>
#include <sodium.h>

#include "cli/cli.h"
#include "client/curl_lazy.h"
#include "client/remote.h"
#include "ops/node.h"
#include "core/base/buf.h"
#include "server/serve.h"
#include "ops/json_num.h"

const struct cli_global_opt cli_global_opts[] = {
	{ "url", "URL", "send the command to the node at URL (also ZEN_URL)" },
	{ "chain", "CHAIN", "main, test or local (default: local)" },
	{ "datadir", "DIR", "data directory (also ZEN_DATADIR; default: "
	  "$XDG_DATA_HOME/zen/CHAIN)" },
	{ "api-token-file", "FILE", "bearer token of the node's /wallet/, "
	  "/blockchain/mine and /node/verify routes (also ZEN_API_TOKEN_FILE; "
	  "for serve: the token to require)" },
	{ "wait", "[=SECONDS]", "with --url: while nothing listens at URL yet "
	  "(a node starting), try again until it answers, at most SECONDS "
	  "(default: no limit), as bitcoin-cli -rpcwait" },
	{ "conf", "FILE", "configuration file (also ZEN_CONF; default: "
	  "DATADIR/zen.conf if it exists): one 'key = value' a line for any "
	  "option above or of zen serve; zen config show" },
	{ "addressdb", "[=BOOL]", "keep the address index of the /addressdb "
	  "routes in the data directory from now on (built from the chain "
	  "first, then kept with every block); =false drops it" },
	{ "json", NULL, "print JSON even on a terminal" },
	{ "zp", NULL, "amounts in ZP: a bare number given for an amount is "
	  "ZP (--amount 1.5), and the reply's ZP amounts show as ZP with 8 "
	  "decimals; without it amounts are kalapas unless written 1.5zp" },
	{ "help", NULL, "show help for zen, a group or a command" },
	{ "version", NULL, "print the version" },
	{ NULL, NULL, NULL },
};

/* Positional arguments at most (a rest parameter takes many). */
#define CLI_MAX_POSITIONAL 256

/* Parsed command line: global options plus the words and parameters. */
struct cli_cmd {
	struct cli_opts opts;
	const char *words[2];
	int nwords;
	const struct zen_op *op;
	json_t *raw;		/* parameters as given: name -> string */
	json_t *given;		/* options given: key -> text (config.c) */
	uint8_t *config_args;	/* what zen.conf and the environment set */
	struct cli_config *config;
	const char *positional[CLI_MAX_POSITIONAL];
	int npositional;
	char source_name[1024];		/* the FILE parameter's file name */
};

static int usage_error(const char *fmt, ...) ZEN_PRINTF(1, 2);
static int usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cli_verror(" (see zen --help)", fmt, ap);
	va_end(ap);
	return ZEN_EINVAL;
}

/* The camelCase parameter of op spelled name or name-in-kebab-case. */
static const struct zen_param *find_param(const struct zen_op *op,
					  const char *name)
{
	for (const struct zen_param *p = op->params; p->name; p++)
		if (!strcmp(p->name, name) ||
		    !strcmp(cli_option_name(p->name), name))
			return p;
	return NULL;
}

/* Split "--name=value" or take the next argument as the value. */
static int option_value(int argc, char **argv, int *i, const char *eq,
			const char **value)
{
	if (eq) {
		*value = eq + 1;
		return 0;
	}
	if (*i + 1 >= argc)
		return -1;
	*value = argv[++*i];
	return 0;
}

int cli_parse_wait(const char *s, double *seconds)
{
	char *end;

	*seconds = strtod(s, &end);
	return end == s || *end || !(*seconds >= 0.1 && *seconds <= 31536000)
	       ? -1 : 0;
}

/* --wait (no limit) or --wait=SECONDS, a number from 0.1 to 31536000. */
static int parse_wait(struct cli_opts *opts, const char *eq)
{
	if (!eq) {
		opts->wait = -1;
		return 0;
	}
	if (cli_parse_wait(eq + 1, &opts->wait))
		return usage_error("invalid --wait '%s' (seconds, 0.1 to "
				   "31536000)", eq + 1);
	return 0;
}

/* --addressdb (on), --addressdb=true or --addressdb=false. */
static int parse_addressdb(struct cli_opts *opts, const char *eq)
{
	if (!eq || !strcmp(eq + 1, "true"))
		opts->addressdb = 1;
	else if (!strcmp(eq + 1, "false"))
		opts->addressdb = -1;
	else
		return usage_error("invalid --addressdb '%s' (true or false)",
				   eq + 1);
	return 0;
}

static int parse_global(struct cli_cmd *cmd, const char *name, const char *eq,
			int argc, char **argv, int *i, int *handled)
{
	const char **slot = NULL;

	*handled = 1;
	if (!strcmp(name, "help") || !strcmp(name, "h")) {
		cmd->opts.help = 1;
		return 0;
	}
	if (!strcmp(name, "version")) {
		cmd->opts.version = 1;
		return 0;
	}
	if (!strcmp(name, "json")) {
		cmd->opts.json = 1;
		return 0;
	}
	if (!strcmp(name, "zp")) {
		cmd->opts.zp = 1;
		return 0;
	}
	if (!strcmp(name, "wait"))
		return parse_wait(&cmd->opts, eq);
	if (!strcmp(name, "addressdb"))
		return parse_addressdb(&cmd->opts, eq);
	if (!strcmp(name, "url"))
		slot = &cmd->opts.url;
	else if (!strcmp(name, "chain"))
		slot = &cmd->opts.chain_name;
	else if (!strcmp(name, "datadir"))
		slot = &cmd->opts.datadir;
	else if (!strcmp(name, "api-token-file"))
		slot = &cmd->opts.token_file;
	else if (!strcmp(name, "conf"))
		slot = &cmd->opts.conf;
	if (!slot) {
		*handled = 0;
		return 0;
	}
	if (option_value(argc, argv, i, eq, slot))
		return usage_error("option --%s needs a value", name);
	return 0;
}

/* An unknown option, and the global and command options closest to it. */
static int unknown_option(const struct cli_cmd *cmd, const char *name)
{
	struct cli_suggest s;
	int rc = usage_error("unknown option '--%s'", name);

	cli_suggest_begin(&s, name);
	for (const struct cli_global_opt *g = cli_global_opts; g->name; g++)
		cli_suggest_add(&s, g->name);
	for (const struct zen_param *p = cmd->op ? cmd->op->params : NULL;
	     p && p->name; p++)
		cli_suggest_add(&s, cli_param_option(p));
	cli_suggest_print(&s, "--");
	return rc;
}

static int parse_param(struct cli_cmd *cmd, const char *name, const char *eq,
		       int argc, char **argv, int *i)
{
	const struct zen_param *p = cmd->op ? find_param(cmd->op, name) : NULL;
	const char *value;

	if (!p)
		return unknown_option(cmd, name);
	if (p->type == ZEN_PT_PASSWORD)
		return usage_error("passwords are never taken from the command "
				   "line: use --%s FILE, --password-fd N, "
				   "--password-stdin or ZEN_PASSWORD_FILE",
				   cli_param_option(p));
	if (p->type == ZEN_PT_WORDS)
		return usage_error("mnemonic words are never taken from the "
				   "command line: use --words-file FILE (- for "
				   "standard input)");
	/* A boolean given alone is a flag: `--mine` means `--mine true`. */
	if (p->type == ZEN_PT_BOOL && !eq &&
	    (*i + 1 >= argc || (strcmp(argv[*i + 1], "true") &&
				strcmp(argv[*i + 1], "false")))) {
		json_object_set_new(cmd->raw, p->name, json_string("true"));
		return 0;
	}
	if (option_value(argc, argv, i, eq, &value))
		return usage_error("option --%s needs a value", name);
	if (p->flags & ZEN_PF_REPEAT) {
		json_t *all = json_object_get(cmd->raw, p->name);

		if (!json_is_array(all)) {
			all = json_array();
			json_object_set_new(cmd->raw, p->name, all);
		}
		json_array_append_new(all, json_string(value));
		return 0;
	}
	json_object_set_new(cmd->raw, p->name, json_string(value));
	return 0;
}

/*
 * The operation whose HTTP path the words spell, if any: a user of the
 * reference's API types `zen wallet contract execute` for the route
 * /wallet/contract/execute, which zen calls `contract execute`.  The
 * longest match of the first two to four words wins.
 */
static const struct zen_op *op_by_route(const char *const *words, size_t n)
{
	for (size_t k = n < 4 ? n : 4; k >= 2; k--) {
		char path[256];
		size_t len = 0;

		for (size_t w = 0; w < k && len < sizeof(path); w++)
			len += (size_t)snprintf(path + len, sizeof(path) - len,
						"/%s", words[w]);
		if (len >= sizeof(path))
			continue;
		for (const struct zen_op *op = zen_ops; op->group; op++)
			if (op->verb && op->path && !strcmp(op->path, path))
				return op;
	}
	return NULL;
}

/*
 * An unknown group or command of group (NULL: a group), and the known
 * names closest to it; words are those typed, from the group on, when
 * they spell the HTTP path of an operation under other words.
 */
static int unknown_command(const char *group, const char *arg,
			   const char *const *words, size_t n)
{
	const struct zen_op *route = op_by_route(words, n);
	struct cli_suggest s;
	int rc = usage_error("unknown command '%s'", arg);

	if (route) {
		fprintf(stderr, "zen: did you mean 'zen %s %s'? (the route %s)\n",
			route->group, route->verb, route->path);
		return rc;
	}

	cli_suggest_begin(&s, arg);
	if (!group) {
		cli_suggest_add(&s, "help");
		cli_suggest_add(&s, "version");
	}
	for (const struct zen_op *op = zen_ops; op->group; op++)
		if (!group)
			cli_suggest_add(&s, op->group);
		else if (op->verb && !strcmp(op->group, group))
			cli_suggest_add(&s, op->verb);
	cli_suggest_print(&s, "");
	return rc;
}

/* The op of a two-word verb: GROUP VERB ARG when the table has it. */
static const struct zen_op *sub_op(const struct cli_cmd *cmd, const char *arg)
{
	char verb[128];

	if (cmd->nwords != 2 || cmd->npositional ||
	    snprintf(verb, sizeof(verb), "%s %s", cmd->words[1], arg) >=
	    (int)sizeof(verb))
		return NULL;
	return zen_op_find(cmd->words[0], verb);
}

/* The words of argv from argv[i] on, options skipped, at most max. */
static size_t words_from(int argc, char **argv, int i, const char **words,
			 size_t max)
{
	size_t n = 0;

	for (; i < argc && n < max; i++)
		if (argv[i][0] != '-')
			words[n++] = argv[i];
	return n;
}

/* Word argv[i], arg, of the command line. */
static int take_word(struct cli_cmd *cmd, const char *arg, int argc,
		     char **argv, int i)
{
	const struct zen_op *sub = cmd->op ? sub_op(cmd, arg) : NULL;
	const char *words[4];
	size_t n;

	if (sub) {
		cmd->op = sub;
		return 0;
	}
	if (!cmd->op && cmd->nwords < 2) {
		/* `zen help [GROUP [COMMAND]]` and `zen version`, as git's */
		if (!cmd->nwords && !strcmp(arg, "help") && !cmd->opts.help) {
			cmd->opts.help = 1;
			return 0;
		}
		if (!cmd->nwords && !strcmp(arg, "version")) {
			cmd->opts.version = 1;
			return 0;
		}
		cmd->words[cmd->nwords++] = arg;
		if (cmd->nwords == 1 && !zen_op_group_known(arg)) {
			n = words_from(argc, argv, i, words, 4);
			return unknown_command(NULL, arg, words, n);
		}
		cmd->op = zen_op_find(cmd->words[0],
				      cmd->nwords == 2 ? cmd->words[1] : NULL);
		if (cmd->nwords == 2 && !cmd->op) {
			words[0] = cmd->words[0];
			n = 1 + words_from(argc, argv, i, words + 1, 3);
			return unknown_command(cmd->words[0], arg, words, n);
		}
		return 0;
	}
	if (cmd->npositional >= CLI_MAX_POSITIONAL)
		return usage_error("too many arguments");
	cmd->positional[cmd->npositional++] = arg;
	return 0;
}

static int parse_args(struct cli_cmd *cmd, int argc, char **argv)
{
	int only_words = 0;

	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		char name[128];
		const char *eq;
		int handled, rc, at = i;

		if (only_words || arg[0] != '-' || !arg[1]) {
			if ((rc = take_word(cmd, arg, argc, argv, i)))
				return rc;
			continue;
		}
		if (!strcmp(arg, "--")) {
			only_words = 1;
			continue;
		}
		arg += arg[1] == '-' ? 2 : 1;
		eq = strchr(arg, '=');
		snprintf(name, sizeof(name), "%.*s",
			 (int)(eq ? (size_t)(eq - arg) : strlen(arg)), arg);
		if ((rc = parse_global(cmd, name, eq, argc, argv, &i, &handled)))
			return rc;
		if (!handled && (rc = cli_password_option(name, eq, argc, argv,
							   &i, &handled)))
			return rc;
		if (!handled && (rc = parse_param(cmd, name, eq, argc, argv, &i)))
			return rc;
		/* for zen.conf: what the command line set is not looked up */
		json_object_set_new(cmd->given, cli_option_name(name),
				    json_string(i > at ? argv[i] :
						eq ? eq + 1 : "true"));
	}
	return 0;
}

/* zen.conf and the environment (config.c), for what the command line did
 * not set, parsed as if it had; cfg is kept for `zen config show`. */
static int apply_config(struct cli_cmd *cmd, struct cli_config **cfg)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_buf args = ZEN_BUF_INIT;
	char **argv = NULL;
	size_t argc = 1, len;
	int rc;

	if ((rc = cli_config_load(cfg, cmd->given, &err))) {
		cli_error("%s", err.msg);
		return rc;
	}
	cli_config_args(*cfg, cmd->op, &args);
	/* the strings stay with cmd: options keep pointers into them */
	cmd->config_args = zen_buf_detach(&args, &len);
	for (size_t i = 0; i < len; i++)
		argc += !cmd->config_args[i];
	argv = zen_xcalloc(argc + 1, sizeof(*argv));
	argc = 1;
	for (size_t i = 0; i < len; i += strlen(argv[argc++]) + 1)
		argv[argc] = (char *)cmd->config_args + i;
	rc = parse_args(cmd, (int)argc, argv);
	free(argv);
	return rc;
}

/* Positional arguments fill the POSITIONAL parameters not given by name. */
static int bind_positional(struct cli_cmd *cmd)
{
	int next = 0;

	for (const struct zen_param *p = cmd->op->params;
	     p->name && next < cmd->npositional; p++) {
		json_t *rest;

		if (!(p->flags & ZEN_PF_POSITIONAL) ||
		    json_object_get(cmd->raw, p->name))
			continue;
		if (!(p->flags & ZEN_PF_REST)) {
			json_object_set_new(cmd->raw, p->name,
					    json_string(cmd->positional[next++]));
			continue;
		}
		rest = json_array();
		while (next < cmd->npositional)
			json_array_append_new(rest,
				json_string(cmd->positional[next++]));
		json_object_set_new(cmd->raw, p->name, rest);
	}
	if (next < cmd->npositional)
		return usage_error("unexpected argument '%s'",
				   cmd->positional[next]);
	return 0;
}

/*
 * A file's content as the text of parameter name.  The reference's CLI
 * reads it with .NET's File.ReadAllText, which drops a UTF-8 byte order
 * mark.  The bytes go on unchecked (a file need not be UTF-8): the
 * argument layer turns every FILE text into the ASCII the reference's
 * transaction holds (args.c, zen_text_to_ascii), for a file as for HTTP.
 * A NUL byte becomes '?': the text is a C string from here on.
 */
static void set_file_text(json_t *raw, const char *name, struct zen_buf *b)
{
	static const char bom[] = "\xef\xbb\xbf";
	char *s = b->len ? (char *)b->data : NULL;
	size_t n = b->len;

	if (n >= 3 && !memcmp(s, bom, 3))
		s += 3, n -= 3;
	for (size_t i = 0; i < n; i++)
		if (!s[i])
			s[i] = '?';
	/* an empty file has no buffer: json_stringn(NULL, 0) fails */
	json_object_set_new(raw, name, json_stringn_nocheck(n ? s : "", n));
}

/* Read FILE parameters ("-" = stdin) into their content. */
static int load_files(struct cli_cmd *cmd)
{
	for (const struct zen_param *p = cmd->op->params; p->name; p++) {
		const char *name = json_string_value(json_object_get(cmd->raw, p->name));
		struct zen_buf content = ZEN_BUF_INIT;
		char chunk[65536];
		FILE *f;
		size_t n;

		if (p->type == ZEN_PT_JSON && name) {
			json_t *v = zen_json_loadb(name, strlen(name), 0, NULL);

			if (v)
				json_object_set_new(cmd->raw, p->name, v);
			continue;
		}
		if (p->type != ZEN_PT_FILE || !name)
			continue;
		snprintf(cmd->source_name, sizeof(cmd->source_name), "%s",
			 strcmp(name, "-") ? name : "<stdin>");
		f = strcmp(name, "-") ? fopen(name, "rb") : stdin;
		if (!f) {
			cli_error("cannot open %s: %s", name, strerror(errno));
			return ZEN_EINVAL;
		}
		while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
			zen_buf_add(&content, chunk, n);
		if (ferror(f)) {
			cli_error("cannot read %s: %s", name, strerror(errno));
			if (f != stdin)
				fclose(f);
			zen_buf_release(&content);
			return ZEN_EINVAL;
		}
		if (f != stdin)
			fclose(f);
		set_file_text(cmd->raw, p->name, &content);
		zen_buf_release(&content);
	}
	return 0;
}

int cli_default_datadir(struct zen_buf *out, const char *chain_cli_name)
{
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");

	if (xdg && *xdg)
		zen_buf_addf(out, "%s/zen/%s", xdg, chain_cli_name);
	else if (home && *home)
		zen_buf_addf(out, "%s/.local/share/zen/%s", home, chain_cli_name);
	else
		return -1;
	return 0;
}

static int setup_node(struct zen_node *node, struct cli_opts *opts,
		      struct zen_buf *datadir)
{
	struct zen_err err = ZEN_ERR_INIT;
	const char *name = opts->chain_name ? opts->chain_name : "local";

	/* every field a front does not set is unset (hooks, handles) */
	memset(node, 0, sizeof(*node));
	if (zen_chain_from_name(&node->chain, name, &err)) {
		cli_error("%s", err.msg);
		return ZEN_EINVAL;
	}
	node->params = zen_chain_params(node->chain);
	node->store = NULL;
	node->wallet = NULL;
	node->no_wallet = 0;
	node->addressdb = opts->addressdb;
	if (opts->datadir && *opts->datadir)
		zen_buf_addstr(datadir, opts->datadir);
	else if (cli_default_datadir(datadir, node->params->cli_name)) {
		cli_error("no data directory: set --datadir, ZEN_DATADIR or HOME");
		return ZEN_EINVAL;
	}
	node->datadir = zen_buf_str(datadir);
	return 0;
}

/* `zen wallet create` shows the words once: say so where people look. */
static void after_create(const struct zen_op *op)
{
	if (op->verb && !strcmp(op->group, "wallet") && !strcmp(op->verb, "create"))
		fputs("zen: write these 24 words down and keep them safe: they "
		      "are the only way to restore this wallet, and zen will not "
		      "show them again unprompted\n", stderr);
}

/* The reply, its ZP amounts as ZP with --zp (an operation's own readable
 * form shows ZP already). */
static void print_reply(const struct cli_cmd *cmd, json_t *result,
			const char *text, int json_mode)
{
	if (cmd->opts.zp && (json_mode || !cmd->op->readable))
		cli_zp_reply(result);
	cli_print_reply(stdout, cmd->op, result, text, json_mode);
}

static int run_local(struct cli_cmd *cmd, struct zen_node *node)
{
	struct zen_call call = { .op = cmd->op, .node = node,
				 .source_name = cmd->source_name[0] ?
						cmd->source_name : NULL };
	int json_mode = cmd->opts.json || !isatty(STDOUT_FILENO), rc;
	struct cli_progress progress;

	/* JSON goes out as it comes; the readable form needs it whole */
	call.streams = json_mode && !cmd->opts.zp;
	cli_progress_begin(&progress, &call, cmd->op);
	rc = zen_args_require_late(cmd->op, cmd->raw, &call.err) ?:
	     zen_args_validate(&call.args, cmd->op, cmd->raw, &call.err) ?:
	     cli_addressdb_sync(cmd->op, node, 0, &call.err) ?:
	     zen_call_run(&call) ?:
	     cli_addressdb_sync(cmd->op, node, 1, &call.err);
	cli_progress_end(&progress);
	if (!rc && call.stream)
		rc = cli_print_stream(stdout, call.stream, &call.err);
	else if (!rc)
		print_reply(cmd, call.result, call.text, json_mode);
	if (rc)
		cli_error("%s", call.err.msg);
	if (!rc)
		after_create(cmd->op);
	zen_call_release(&call);
	return rc;
}

static int run_remote(struct cli_cmd *cmd)
{
	struct rcl_reply reply = RCL_REPLY_INIT;
	json_t *args = NULL;
	/* Checked here as a local run checks them: the server reads bodies as
	 * leniently as the reference node (api.md 1.3), and a bad argument
	 * must get the same message wherever the command runs. */
	int rc = zen_args_require_late(cmd->op, cmd->raw, &reply.err) ?:
		 zen_args_validate(&args, cmd->op, cmd->raw, &reply.err) ?:
		 rcl_set_token_file(cmd->opts.token_file, &reply.err) ?:
		 (rcl_set_wait(cmd->opts.wait), 0) ?:
		 rcl_call(&reply, cmd->opts.url, cmd->op, cmd->raw);

	json_decref(args);
	if (rc)
		cli_error("%s", reply.err.msg);
	else
		print_reply(cmd, reply.json, reply.text,
			    cmd->opts.json || !isatty(STDOUT_FILENO));
	if (!rc)
		after_create(cmd->op);
	rcl_reply_release(&reply);
	return rc;
}

/* `zen version`: zen's, then the libraries' actually loaded (as curl -V),
 * which is what a bug report needs. */
static int print_version(void)
{
	const struct zen_curl *cu = zen_curl(NULL);
	int major, minor, patch;

	mdb_version(&major, &minor, &patch);
	printf("zen %s\n", ZEN_VERSION_STRING);
	printf("libraries: libcurl %s, LMDB %d.%d.%d, libsodium %s, jansson %s, "
	       "libevent %s, %s, libsecp256k1\n",
	       cu ? cu->version_info(CURLVERSION_NOW)->version : "(not found)",
	       major, minor,
	       patch, sodium_version_string(), jansson_version_str(),
	       event_get_version(), OpenSSL_version(OPENSSL_VERSION));
	return 0;
}

static int show_help(struct cli_cmd *cmd)
{
	if (cmd->op)
		cli_help_op(stdout, cmd->op);
	else if (cmd->nwords == 1)
		cli_help_group(stdout, cmd->words[0]);
	else
		cli_help_main(stdout);
	return 0;
}

static int dispatch(struct cli_cmd *cmd)
{
	struct zen_buf datadir = ZEN_BUF_INIT;
	struct zen_node node;
	int rc;

	if (cmd->opts.version)
		return print_version();
	if (cmd->opts.help || !cmd->nwords)
		return show_help(cmd);
	if (!cmd->op)
		return usage_error("'%s' needs a command", cmd->words[0]);
	if (!strcmp(cmd->op->group, "config")) {	/* zen config show */
		json_t *shown = cli_config_show(cmd->config);

		cli_print_reply(stdout, cmd->op, shown, NULL,
				cmd->opts.json || !isatty(STDOUT_FILENO));
		json_decref(shown);
		return 0;
	}
	if ((rc = bind_positional(cmd)) || (rc = load_files(cmd)))
		return rc;
	if (cmd->opts.zp)
		cli_zp_args(cmd->op, cmd->raw);
	if (cmd->op->handler &&
	    (rc = cli_password_load(cmd->op, cmd->raw,
				    cmd->opts.url && *cmd->opts.url)))
		return rc;
	if (cmd->op->handler && cmd->opts.url && *cmd->opts.url &&
	    !(cmd->op->flags & ZEN_OPF_LOCAL_ONLY))
		return run_remote(cmd);
	if ((rc = setup_node(&node, &cmd->opts, &datadir)))
		goto out;
	if (!cmd->op->handler) {
		if (cmd->opts.token_file && *cmd->opts.token_file)
			json_object_set_new(cmd->raw, "apiTokenFile",
					    json_string(cmd->opts.token_file));
		rc = srv_main(&node, cmd->raw);
	}
	else
		rc = run_local(cmd, &node);
	zen_node_close(&node);
out:
	zen_buf_release(&datadir);
	return rc;
}

/* Like git's run_builtin: a failed write to stdout is an error, not a
 * silently truncated answer. */
static int finish_output(int rc)
{
	if (fflush(stdout) || ferror(stdout)) {
		if (errno != EPIPE)
			cli_error("cannot write output: %s", strerror(errno));
		return rc ? rc : ZEN_EINTERNAL;
	}
	return rc;
}

int main(int argc, char **argv)
{
	struct cli_cmd cmd = { .raw = NULL };
	int rc;

	if (argc >= 2 && !strcmp(argv[1], "__complete")) {
		cli_complete(stdout, argc - 2, argv + 2);
		return finish_output(0);
	}
	if (argc == 2 && !strcmp(argv[1], "__man")) {
		cli_man(stdout);
		return finish_output(0);
	}
	cmd.raw = json_object();
	cmd.given = json_object();
	rc = parse_args(&cmd, argc, argv);
	/* help and version read no configuration: they work when it is bad */
	if (!rc && cmd.op && !cmd.opts.help && !cmd.opts.version)
		rc = apply_config(&cmd, &cmd.config);
	if (!rc)
		rc = dispatch(&cmd);
	cli_config_free(cmd.config);
	free(cmd.config_args);
	json_decref(cmd.given);
	json_decref(cmd.raw);
	return finish_output(rc);
}
