/*
 * config.c - zen.conf, the environment and the command line, in that
 * order of strength (the command line wins), as bitcoind reads
 * bitcoin.conf.
 *
 * The keys are the long options of the global options (cli_global_opts,
 * but for help, version and conf itself) and of `zen serve` (its row of
 * the operation table), spelled as on the command line: `bind = HOST:PORT`,
 * `log-level = debug`, `max-connections = 100`.  A new option in either
 * table is a new key, and an environment variable: ZEN_ and the key in
 * capitals with '_' for '-' (ZEN_LOG_LEVEL, ZEN_URL, ZEN_DATADIR).
 *
 * The file: --conf FILE, else $ZEN_CONF, else DATADIR/zen.conf if it
 * exists.  Lines are `key = value`, blank, or comments ('#' first, or
 * after a blank in a value's line); `[main]`, `[test]` and `[local]` start
 * a section whose lines count only on that chain, over the lines before
 * any section.  A key given twice counts as the command line's does: the
 * last one wins.  An unknown key, section or bad value is an error with
 * the file and line, and zen does not start (exit 2).
 *
 * DATADIR/zen.conf cannot move the data directory (datadir) nor, in the
 * default data directory of a chain, name another chain: a file that
 * does is refused rather than half obeyed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "server/serve.h"

enum source { SRC_DEFAULT, SRC_FILE, SRC_ENV, SRC_CLI };

/* One `key = value` line of the file. */
struct line {
	char *value;
	unsigned no;
	int section;		/* -1: before any section, else enum zen_chain */
};

struct key {
	char *name;				/* as on the command line */
	const struct cli_global_opt *g;		/* a global option, or */
	const struct zen_param *p;		/* a parameter of serve */
	char env[80];				/* its variable */
	const char *cli;			/* the command line's value */
	const char *envval;			/* the environment's */
	struct line *lines;
	size_t nlines, cap;
};

struct cli_config {
	struct key *keys;
	size_t nkeys;
	const struct zen_op *serve;
	char *file;		/* the file read, or NULL */
	int chain;		/* enum zen_chain in effect */
};

static const char *const sections[] = { "main", "test", "local" };

/* ---- the keys ------------------------------------------------------------ */

static int configurable(const struct cli_global_opt *g)
{
	return strcmp(g->name, "help") && strcmp(g->name, "version");
}

static void add_key(struct cli_config *cfg, const char *name,
		    const struct cli_global_opt *g, const struct zen_param *p)
{
	struct key *k = &cfg->keys[cfg->nkeys++];
	size_t j = 0;

	memset(k, 0, sizeof(*k));
	k->name = zen_xstrdup(name);
	k->g = g;
	k->p = p;
	j = (size_t)snprintf(k->env, sizeof(k->env), "ZEN_");
	for (const char *s = name; *s && j < sizeof(k->env) - 1; s++)
		k->env[j++] = *s == '-' ? '_' : (char)(*s >= 'a' && *s <= 'z'
						       ? *s - 'a' + 'A' : *s);
	k->env[j] = 0;
}

static struct key *find_key(const struct cli_config *cfg, const char *name)
{
	for (size_t i = 0; i < cfg->nkeys; i++)
		if (!strcmp(cfg->keys[i].name, name))
			return &cfg->keys[i];
	return NULL;
}

static void build_keys(struct cli_config *cfg)
{
	size_t n = 0;

	cfg->serve = zen_op_find("serve", NULL);
	for (const struct cli_global_opt *g = cli_global_opts; g->name; g++)
		n++;
	for (const struct zen_param *p = cfg->serve->params; p->name; p++)
		n++;
	cfg->keys = zen_xcalloc(n, sizeof(*cfg->keys));
	for (const struct cli_global_opt *g = cli_global_opts; g->name; g++)
		if (configurable(g))
			add_key(cfg, g->name, g, NULL);
	/* a parameter of serve that is a global option too (api-token-file)
	 * is that option's key */
	for (const struct zen_param *p = cfg->serve->params; p->name; p++)
		if (!find_key(cfg, cli_param_option(p)))
			add_key(cfg, cli_param_option(p), NULL, p);
}

/* ---- values ------------------------------------------------------------- */

/* A value of key k, as given (text), checked as the command line checks
 * it; where says where it comes from.  Returns 0 or ZEN_EINVAL. */
static int check_value(const struct cli_config *cfg, const struct key *k,
		       const char *value, const char *where,
		       struct zen_err *err)
{
	struct zen_err why = ZEN_ERR_INIT;
	json_t *raw, *typed = NULL;
	enum zen_chain chain;
	double secs;
	int rc = 0;

	if (!(raw = json_string(value)))
		return zen_fail(err, ZEN_EINVAL, "%s: not UTF-8 text", where);
	json_decref(raw);
	if (k->p) {
		raw = json_pack("{s:s}", k->p->name, value);
		rc = zen_args_validate(&typed, cfg->serve, raw, &why) ?:
		     srv_option_check(k->p->name,
				      json_object_get(typed, k->p->name), &why);
		json_decref(raw);
		json_decref(typed);
	} else if (!strcmp(k->name, "chain")) {
		rc = zen_chain_from_name(&chain, value, &why);
	} else if (!strcmp(k->name, "wait")) {
		if (strcmp(value, "true") && strcmp(value, "false") &&
		    cli_parse_wait(value, &secs))
			rc = zen_fail(&why, ZEN_EINVAL, "invalid wait (true, false "
				      "or seconds, 0.1 to 31536000)");
	} else if ((!k->g->metavar || !strcmp(k->g->metavar, "[=BOOL]")) &&
		   strcmp(value, "true") && strcmp(value, "false")) {
		rc = zen_fail(&why, ZEN_EINVAL, "invalid %s (true or false)",
			      k->name);
	}
	if (rc)
		return zen_fail(err, ZEN_EINVAL, "%s: %s", where, why.msg);
	return 0;
}

/* ---- the file ---------------------------------------------------------- */

static char *trim(char *s)
{
	char *e = s + strlen(s);

	while (*s == ' ' || *s == '\t')
		s++;
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' ||
			 e[-1] == '\n'))
		*--e = 0;
	return s;
}

/* A comment after a value starts with a blank and '#'. */
static void cut_comment(char *value)
{
	for (char *s = value; *s; s++)
		if (*s == '#' && s > value && (s[-1] == ' ' || s[-1] == '\t')) {
			*s = 0;
			break;
		}
}

/* "unknown key 'x'", and the keys closest to it (a camelCase spelling is
 * compared in its command-line form). */
static int unknown_key(const struct cli_config *cfg, const char *where,
		       const char *name, struct zen_err *err)
{
	char *kebab = zen_xstrdup(cli_option_name(name));
	struct cli_suggest s;
	char hint[256] = "";
	size_t n = 0;

	cli_suggest_begin(&s, kebab);
	for (size_t i = 0; i < cfg->nkeys; i++)
		cli_suggest_add(&s, cfg->keys[i].name);
	for (size_t i = 0; i < s.n && n < sizeof(hint); i++)
		n += (size_t)snprintf(hint + n, sizeof(hint) - n, "%s'%s'",
				      !i ? " (did you mean " :
				      i + 1 == s.n ? " or " : ", ", s.names[i]);
	if (s.n && n < sizeof(hint))
		snprintf(hint + n, sizeof(hint) - n, "?)");
	free(kebab);
	return zen_fail(err, ZEN_EINVAL, "%s: unknown key '%s'%s", where, name,
			hint);
}

static int section_of(const char *name)
{
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(sections); i++) {
		enum zen_chain c;

		if (!strcmp(name, sections[i]) &&
		    !zen_chain_from_name(&c, name, NULL))
			return (int)c;
	}
	return -2;
}

/* One line of the file (already trimmed, not blank, not a comment). */
static int read_line(struct cli_config *cfg, char *s, unsigned no,
		     int *section, struct zen_err *err)
{
	char where[4200], *eq = strchr(s, '='), *name, *value;
	size_t n = strlen(s);
	struct key *k;

	snprintf(where, sizeof(where), "%s:%u", cfg->file, no);
	if (s[0] == '[') {
		int ok = s[n - 1] == ']';

		s[n - 1] = 0;
		if (!ok || (*section = section_of(trim(s + 1))) == -2)
			return zen_fail(err, ZEN_EINVAL, "%s: unknown section "
					"'%s' (main, test or local)", where,
					trim(s + 1));
		return 0;
	}
	if (!eq)
		return zen_fail(err, ZEN_EINVAL, "%s: expected 'key = value'",
				where);
	*eq = 0;
	name = trim(s);
	value = eq + 1;
	cut_comment(value);
	value = trim(value);
	if (!(k = find_key(cfg, name)))
		return unknown_key(cfg, where, name, err);
	if (!strcmp(name, "conf"))
		return zen_fail(err, ZEN_EINVAL, "%s: conf cannot be set in a "
				"configuration file", where);
	if (!strcmp(name, "chain") && *section >= 0)
		return zen_fail(err, ZEN_EINVAL, "%s: chain cannot be set in "
				"a section", where);
	if (!*value)
		return zen_fail(err, ZEN_EINVAL, "%s: %s has no value", where,
				name);
	ZEN_GROW(k->lines, k->nlines + 1, k->cap);
	k->lines[k->nlines++] = (struct line){ zen_xstrdup(value), no,
					       *section };
	return 0;
}

/* Read the file; a missing one is no error unless named (must). */
static int read_file(struct cli_config *cfg, const char *file, int must,
		     struct zen_err *err)
{
	FILE *f = fopen(file, "r");
	char *buf = NULL;
	size_t cap = 0;
	unsigned no = 0;
	int section = -1, rc = 0;

	/* no file there (nor a directory for it): nothing to read */
	if (!f)
		return !must && (errno == ENOENT || errno == ENOTDIR) ? 0 :
		       zen_fail(err, ZEN_EINVAL, "cannot open %s: %s", file,
				strerror(errno));
	cfg->file = zen_xstrdup(file);
	while (!rc && getline(&buf, &cap, f) > 0) {
		char *s = buf;

		no++;
		if (no == 1 && !strncmp(s, "\xef\xbb\xbf", 3))
			s += 3;		/* a byte-order mark */
		s = trim(s);
		if (*s && *s != '#')
			rc = read_line(cfg, s, no, &section, err);
	}
	if (!rc && ferror(f))
		rc = zen_fail(err, ZEN_EINVAL, "cannot read %s: %s", file,
			      strerror(errno));
	free(buf);
	fclose(f);
	return rc;
}

/* ---- strength ------------------------------------------------------------ */

/* Which of the file's lines of k count on chain: those of its section
 * if it has any (chain), else those before any section (-1). */
static int counting(const struct key *k, int chain)
{
	for (size_t i = 0; i < k->nlines; i++)
		if (k->lines[i].section == chain)
			return chain;
	return -1;
}

/* The strongest value of k for chain, where it comes from, and the file
 * line it is on (0 if none). */
static const char *effective(const struct key *k, int chain,
			     enum source *src, unsigned *no)
{
	int sec = counting(k, chain);

	*no = 0;
	if (k->cli) {
		*src = SRC_CLI;
		return k->cli;
	}
	if (k->envval) {
		*src = SRC_ENV;
		return k->envval;
	}
	for (size_t i = k->nlines; i-- > 0;)
		if (k->lines[i].section == sec) {
			*src = SRC_FILE;
			*no = k->lines[i].no;
			return k->lines[i].value;
		}
	*src = SRC_DEFAULT;
	return NULL;
}

/* The chain in effect, without the file's sections (chain has none). */
static int chain_of(const struct cli_config *cfg, const char *fallback,
		    struct zen_err *err)
{
	enum zen_chain c;
	enum source src;
	unsigned no;
	const char *v = effective(find_key(cfg, "chain"), -1, &src, &no);

	if (zen_chain_from_name(&c, v ? v : fallback, err))
		return -1;
	return (int)c;
}

/* ---- loading -------------------------------------------------------------- */

static void take_given(struct cli_config *cfg, json_t *given)
{
	for (size_t i = 0; i < cfg->nkeys; i++) {
		struct key *k = &cfg->keys[i];
		const char *e = getenv(k->env);

		k->cli = json_string_value(json_object_get(given, k->name));
		k->envval = e && *e ? e : NULL;
	}
}

/* DATADIR/zen.conf: it may not move the data directory it sits in, nor
 * name another chain than the one whose default directory it is in. */
static int check_datadir_file(const struct cli_config *cfg, int derived,
			      const char *chain0, struct zen_err *err)
{
	const struct key *d = find_key(cfg, "datadir"), *c = find_key(cfg, "chain");

	if (d->nlines)
		return zen_fail(err, ZEN_EINVAL, "%s:%u: datadir cannot be set "
				"in the data directory's own zen.conf (use "
				"--conf FILE)", cfg->file, d->lines[0].no);
	for (size_t i = 0; derived && i < c->nlines; i++)
		if (strcmp(c->lines[i].value, chain0))
			return zen_fail(err, ZEN_EINVAL, "%s:%u: chain = %s in the "
					"default data directory of the %s chain "
					"(use --datadir or --conf)", cfg->file,
					c->lines[i].no, c->lines[i].value, chain0);
	return 0;
}

/* Find and read the file; sets cfg->chain. */
static int locate(struct cli_config *cfg, struct zen_err *err)
{
	struct key *conf = find_key(cfg, "conf"), *dir = find_key(cfg, "datadir");
	struct zen_buf path = ZEN_BUF_INIT;
	const char *named = conf->cli ? conf->cli : conf->envval;
	const char *datadir = dir->cli ? dir->cli : dir->envval;
	int rc = 0, chain0;

	if (named)
		return read_file(cfg, named, 1, err);
	/* the command line's and the environment's chain: the file is not
	 * read yet (the environment's value is checked already) */
	if ((chain0 = chain_of(cfg, "local", err)) < 0)
		return ZEN_EINVAL;
	if (datadir)
		zen_buf_addf(&path, "%s/zen.conf", datadir);
	else if (!cli_default_datadir(&path,
			zen_chain_params((enum zen_chain)chain0)->cli_name))
		zen_buf_addstr(&path, "/zen.conf");
	else
		zen_buf_reset(&path);	/* no home: no file */
	if (path.len)
		rc = read_file(cfg, zen_buf_str(&path), 0, err);
	if (!rc && cfg->file)
		rc = check_datadir_file(cfg, !datadir,
			zen_chain_params((enum zen_chain)chain0)->cli_name, err);
	zen_buf_release(&path);
	return rc;
}

/* Every value of the environment, as it would be used. */
static int check_env(const struct cli_config *cfg, struct zen_err *err)
{
	char where[4300];
	int rc;

	for (size_t i = 0; i < cfg->nkeys; i++) {
		const struct key *k = &cfg->keys[i];

		if (!k->envval || !strcmp(k->name, "conf"))
			continue;
		snprintf(where, sizeof(where), "environment %s=%s", k->env,
			 k->envval);
		if ((rc = check_value(cfg, k, k->envval, where, err)))
			return rc;
	}
	return 0;
}

/* Every line of the file, as it would be used (all sections). */
static int check_file(const struct cli_config *cfg, struct zen_err *err)
{
	char where[4300];
	int rc;

	for (size_t i = 0; i < cfg->nkeys; i++) {
		const struct key *k = &cfg->keys[i];

		for (size_t j = 0; j < k->nlines; j++) {
			snprintf(where, sizeof(where), "%s:%u: %s = %s",
				 cfg->file, k->lines[j].no, k->name,
				 k->lines[j].value);
			if ((rc = check_value(cfg, k, k->lines[j].value, where, err)))
				return rc;
		}
	}
	return 0;
}

int cli_config_load(struct cli_config **out, json_t *given,
		    struct zen_err *err)
{
	struct cli_config *cfg = zen_xcalloc(1, sizeof(*cfg));
	int rc;

	build_keys(cfg);
	take_given(cfg, given);
	rc = check_env(cfg, err) ?: locate(cfg, err) ?: check_file(cfg, err);
	if (!rc && (cfg->chain = chain_of(cfg, "local", err)) < 0)
		rc = ZEN_EINVAL;
	if (rc) {
		cli_config_free(cfg);
		cfg = NULL;
	}
	*out = cfg;
	return rc;
}

void cli_config_free(struct cli_config *cfg)
{
	if (!cfg)
		return;
	for (size_t i = 0; i < cfg->nkeys; i++) {
		for (size_t j = 0; j < cfg->keys[i].nlines; j++)
			free(cfg->keys[i].lines[j].value);
		free(cfg->keys[i].lines);
		free(cfg->keys[i].name);
	}
	free(cfg->keys);
	free(cfg->file);
	free(cfg);
}

/* ---- use ------------------------------------------------------------------ */

/* One option for the command-line parser: "--key=value" ("--key" for a
 * flag that is true), or nothing for a flag that is false. */
static void add_arg(struct zen_buf *args, const struct key *k,
		    const char *value)
{
	int flag = k->g ? !k->g->metavar || !strcmp(k->name, "wait")
		   : k->p->type == ZEN_PT_BOOL;

	if (flag && !strcmp(value, "false") && k->g)
		return;
	if (flag && !strcmp(value, "true") && k->g)
		zen_buf_addf(args, "--%s", k->name);
	else
		zen_buf_addf(args, "--%s=%s", k->name, value);
	zen_buf_add(args, "", 1);
}

void cli_config_args(const struct cli_config *cfg, const struct zen_op *op,
		     struct zen_buf *args)
{
	for (size_t i = 0; i < cfg->nkeys; i++) {
		const struct key *k = &cfg->keys[i];
		int sec = counting(k, cfg->chain);

		if (k->cli || (k->p && op != cfg->serve) ||
		    !strcmp(k->name, "conf"))
			continue;
		if (k->envval) {
			add_arg(args, k, k->envval);
		} else {
			/* every line that counts, in order: the parser keeps
			 * the last, or all of those it collects */
			for (size_t j = 0; j < k->nlines; j++)
				if (k->lines[j].section == sec)
					add_arg(args, k, k->lines[j].value);
		}
	}
}

void cli_config_keys(void (*fn)(void *ctx, const char *key, const char *env),
		     void *ctx)
{
	struct cli_config cfg = { .keys = NULL };

	build_keys(&cfg);
	for (size_t i = 0; i < cfg.nkeys; i++) {
		fn(ctx, cfg.keys[i].name, cfg.keys[i].env);
		free(cfg.keys[i].name);
	}
	free(cfg.keys);
}

/* The value of k shown: typed as the option reads it. */
static json_t *shown(const struct cli_config *cfg, const struct key *k,
		     const char *value)
{
	json_t *raw, *typed = NULL, *v;
	double secs;

	if (k->p) {
		raw = json_pack("{s:s}", k->p->name, value);
		v = zen_args_validate(&typed, cfg->serve, raw, NULL) ? NULL :
		    json_incref(json_object_get(typed, k->p->name));
		json_decref(raw);
		json_decref(typed);
		return v ? v : json_string(value);
	}
	if (!k->g->metavar || !strcmp(value, "true") || !strcmp(value, "false"))
		return json_boolean(!strcmp(value, "true"));
	if (!strcmp(k->name, "wait") && !cli_parse_wait(value, &secs))
		return json_real(secs);
	return json_string(value);
}

/* A key's built-in value, when it is a plain one (else null: what zen
 * serve --help describes). */
static json_t *builtin(const struct cli_config *cfg, const struct key *k)
{
	const struct zen_chain_params *params =
		zen_chain_params((enum zen_chain)cfg->chain);
	struct zen_buf dir = ZEN_BUF_INIT;
	json_t *v = json_null();

	if (!strcmp(k->name, "chain"))
		v = json_string(params->cli_name);
	else if (!strcmp(k->name, "datadir") &&
		 !cli_default_datadir(&dir, params->cli_name))
		v = json_string(zen_buf_str(&dir));
	else if (!strcmp(k->name, "bind"))
		v = json_sprintf("127.0.0.1:%u", params->api_port);
	else if (!strcmp(k->name, "listen"))
		v = json_sprintf("%s:%u", params->p2p_host, params->p2p_port);
	else if (!strcmp(k->name, "conf") && cfg->file)
		v = json_string(cfg->file);
	else if (k->p && !strcmp(k->p->name, "logLevel"))
		v = json_string("info");
	else if ((k->p && k->p->type == ZEN_PT_BOOL) || (k->g && !k->g->metavar))
		v = json_false();
	zen_buf_release(&dir);
	return v;
}

static json_t *source_of(const struct cli_config *cfg, const struct key *k,
			 enum source src, unsigned no)
{
	switch (src) {
	case SRC_CLI: return json_string("command line");
	case SRC_ENV: return json_sprintf("environment %s", k->env);
	case SRC_FILE: return json_sprintf("%s:%u", cfg->file, no);
	default: return json_string("default");
	}
}

/* A repeatable option's lines that count, in order, as one array. */
static json_t *repeated(const struct cli_config *cfg, const struct key *k)
{
	json_t *all = json_array();
	int sec = counting(k, cfg->chain);

	for (size_t j = 0; j < k->nlines; j++)
		if (k->lines[j].section == sec)
			json_array_append_new(all, json_string(k->lines[j].value));
	return all;
}

json_t *cli_config_show(const struct cli_config *cfg)
{
	json_t *all = json_object();

	for (size_t i = 0; i < cfg->nkeys; i++) {
		const struct key *k = &cfg->keys[i];
		enum source src;
		unsigned no;
		const char *v = effective(k, cfg->chain, &src, &no);

		json_t *value;

		if (!strcmp(k->name, "conf") && src == SRC_DEFAULT)
			v = NULL;	/* the file found, or none */
		value = v ? shown(cfg, k, v) : builtin(cfg, k);
		if (src == SRC_FILE && k->p && (k->p->flags & ZEN_PF_REPEAT)) {
			json_decref(value);
			value = repeated(cfg, k);
		}
		json_object_set_new(all, k->name, json_pack("{s:o, s:o}",
			"value", value, "source", source_of(cfg, k, src, no)));
	}
	return all;
}
