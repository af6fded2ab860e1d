/*
 * check.c - the activation check (see check.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/buf.h"
#include "core/consensus/address.h"
#include "core/crypto/keys.h"
#include "core/encoding/hex.h"
#include "core/contract/check.h"
#include "core/contract/exhaust.h"
#include "core/contract/parser.h"

/* ---- the report ------------------------------------------------------- */

void zen_check_report_release(struct zen_check_report *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->n; i++)
		free(r->d[i].msg);
	for (size_t i = 0; i < r->ncosts; i++)
		free(r->costs[i].command);
	free(r->d);
	free(r->costs);
	memset(r, 0, sizeof(*r));
}

static void diag(struct zen_check_report *r, struct zc_pos pos,
		 const char *fmt, ...) ZEN_PRINTF(3, 4);

static void diag(struct zen_check_report *r, struct zc_pos pos,
		 const char *fmt, ...)
{
	char msg[ZEN_ERR_MSG_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	ZEN_GROW(r->d, r->n + 1, r->cap);
	r->d[r->n].line = pos.line;
	r->d[r->n].col = pos.col;
	r->d[r->n].msg = zen_xstrdup(msg);
	r->n++;
}

/*
 * A message of the parser or the resolver, "FILE:LINE:COL: text" or
 * "FILE: text", back into a diagnostic (none when one is at that
 * position already).
 */
static void diag_of_msg(struct zen_check_report *r, const char *file,
			const char *s)
{
	size_t fl = strlen(file);
	struct zc_pos pos = { 0, 0 };
	unsigned line, col;
	int used = 0;

	if (!strncmp(s, file, fl) && s[fl] == ':') {
		s += fl + 1;
		if (sscanf(s, "%u:%u: %n", &line, &col, &used) == 2 && used) {
			pos.line = line;
			pos.col = col;
			s += used;
		} else if (*s == ' ') {
			s++;
		}
	}
	for (size_t i = 0; i < r->n; i++)
		if (pos.line && r->d[i].line == pos.line &&
		    r->d[i].col == pos.col)
			return;		/* said already, by the walk */
	diag(r, pos, "%s", s);
}

static void diag_of_err(struct zen_check_report *r, const char *file,
			const struct zen_err *e)
{
	diag_of_msg(r, file, e->msg);
}

struct res_errors {
	struct zen_check_report *rep;
	const char *file;
};

/* zc_error_fn: every error of the resolver. */
static void res_error(void *ctx, const char *msg)
{
	struct res_errors *re = ctx;

	diag_of_msg(re->rep, re->file, msg);
}

static int pos_cmp(const void *a, const void *b)
{
	const struct zen_check_diag *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return 0;
}

/* ---- the walk's state ------------------------------------------------- */

struct walk {
	struct zen_check_report *rep;
	const struct zc_module *m;
	/* the body and state parameters of the entry point being walked */
	const char *body_name, *state_name;
};

/* ---- data constructors (2.3) ------------------------------------------ */

/* The data constructors (2.3), then the collections a Collection
 * holds, with the kind of each; the accessor `tryX` reads kind X
 * (Zen.Data). */
static const struct {
	const char *ctor;
	enum zen_data_kind kind;
} data_kinds[] = {
	{ "I64", ZEN_DATA_I64 }, { "Byte", ZEN_DATA_BYTE },
	{ "ByteArray", ZEN_DATA_BYTES }, { "U32", ZEN_DATA_U32 },
	{ "U64", ZEN_DATA_U64 }, { "String", ZEN_DATA_STRING },
	{ "Hash", ZEN_DATA_HASH }, { "Lock", ZEN_DATA_LOCK },
	{ "Signature", ZEN_DATA_SIGNATURE },
	{ "PublicKey", ZEN_DATA_PUBKEY }, { "Collection", ZEN_DATA_DICT },
	{ "Array", ZEN_DATA_ARRAY }, { "Dict", ZEN_DATA_DICT },
	{ "List", ZEN_DATA_LIST },
};
#define N_DATA_CTORS 11		/* the rest are collections */

/* Where ctor is in data_kinds, or ZEN_ARRAY_SIZE(data_kinds). */
static size_t data_index(const char *ctor)
{
	size_t i;

	for (i = 0; i < ZEN_ARRAY_SIZE(data_kinds); i++)
		if (!strcmp(data_kinds[i].ctor, ctor))
			break;
	return i;
}

/* Is name a constructor the contract defines itself? */
static int own_ctor(const struct zc_module *m, const char *name)
{
	for (size_t i = 0; i < m->ndecls; i++) {
		const struct zc_decl *d = &m->decls[i];

		if (d->kind != ZC_D_TYPE)
			continue;
		for (size_t j = 0; j < d->u.type.n; j++)
			for (size_t k = 0; k < d->u.type.types[j].nctors; k++)
				if (!strcmp(d->u.type.types[j].ctors[k].name,
					    name))
					return 1;
	}
	return 0;
}

/* name is a data constructor (coll = 0) or a collection (coll = 1). */
static int data_ctor(const struct walk *w, const char *name, int coll)
{
	size_t i = data_index(zc_name_last(name));

	return i < ZEN_ARRAY_SIZE(data_kinds) &&
	       (i >= N_DATA_CTORS) == coll && !own_ctor(w->m, name);
}

static void bad_data(struct walk *w, struct zc_pos pos, const char *what,
		     const char *name)
{
	diag(w->rep, pos, "%s: '%s' is not a data constructor", what, name);
}

static void data_pat(struct walk *w, const struct zc_pat *p,
		     const char *what, int opt);

/* A constructor pattern on a data: Collection holds a collection. */
static void data_con(struct walk *w, const struct zc_pat *p,
		     const char *what)
{
	const struct zc_pat *a = p->u.con.nargs == 1 ? p->u.con.args[0] : NULL;

	if (!data_ctor(w, p->u.con.name, 0))
		bad_data(w, p->pos, what, p->u.con.name);
	else if (!strcmp(zc_name_last(p->u.con.name), "Collection") && a &&
		 a->kind == ZC_P_CON && !data_ctor(w, a->u.con.name, 1))
		diag(w->rep, a->pos, "%s: '%s' is not Array, Dict or List",
		     what, a->u.con.name);
}

/* A constructor pattern on an option data: None, or Some of a data. */
static int option_con(struct walk *w, const struct zc_pat *p,
		      const char *what)
{
	const char *name = zc_name_last(p->u.con.name);

	if (!strcmp(name, "None") && !p->u.con.nargs)
		return 1;
	if (strcmp(name, "Some") || p->u.con.nargs != 1)
		return 0;
	data_pat(w, p->u.con.args[0], what, 0);
	return 1;
}

/* A pattern matching a value of type data, or (opt) option data. */
static void data_pat(struct walk *w, const struct zc_pat *p,
		     const char *what, int opt)
{
	switch (p->kind) {
	case ZC_P_WILD:
	case ZC_P_VAR:
		return;
	case ZC_P_OR:
		for (size_t i = 0; i < p->u.items.n; i++)
			data_pat(w, p->u.items.items[i], what, opt);
		return;
	case ZC_P_CON:
		if (!opt) {
			data_con(w, p, what);
			return;
		}
		if (option_con(w, p, what))
			return;
		/* fall through */
	default:
		diag(w->rep, p->pos, opt ? "%s is an option data: Some or None"
		     : "%s: expected a data constructor pattern", what);
	}
}

/* An expression building a data value: check only what is visibly a
 * constructor application. */
static void data_expr(struct walk *w, const struct zc_expr *e,
		      const char *what)
{
	const struct zc_expr *f = e->kind == ZC_E_APP ? e->u.app.fn : e;

	if (f->kind == ZC_E_CON && !data_ctor(w, f->u.name, 0))
		bad_data(w, f->pos, what, f->u.name);
}

static void option_data_expr(struct walk *w, const struct zc_expr *e,
			     const char *what)
{
	if (e->kind == ZC_E_APP && e->u.app.fn->kind == ZC_E_CON &&
	    !strcmp(zc_name_last(e->u.app.fn->u.name), "Some") &&
	    e->u.app.nargs == 1)
		data_expr(w, e->u.app.args[0], what);
}

/* ---- the walk ---------------------------------------------------------- */

static int is_var(const struct zc_expr *e, const char *name)
{
	return name && e->kind == ZC_E_VAR && !strcmp(e->u.name, name);
}

/* Which item of a match's scrutinee is the body (or state): -1 none,
 * 0 the whole scrutinee, i + 1 item i of a tuple. */
static long scrut_item(const struct zc_expr *e, const char *name)
{
	if (is_var(e, name))
		return 0;
	if (e->kind == ZC_E_TUPLE)
		for (size_t i = 0; i < e->u.items.n; i++)
			if (is_var(e->u.items.items[i], name))
				return (long)i + 1;
	return -1;
}

/*
 * Call fn on the part of branch pattern p that matches scrutinee item it
 * (scrut_item), through or-patterns.
 */
static void pat_item(const struct zc_pat *p, long it,
		     void (*fn)(void *ud, const struct zc_pat *p), void *ud)
{
	if (p->kind == ZC_P_OR) {
		for (size_t i = 0; i < p->u.items.n; i++)
			pat_item(p->u.items.items[i], it, fn, ud);
	} else if (it == 0) {
		fn(ud, p);
	} else if (p->kind == ZC_P_TUPLE && (size_t)it <= p->u.items.n) {
		fn(ud, p->u.items.items[it - 1]);
	}
}

struct data_ctx {
	struct walk *w;
	const char *what;
};

static void data_item(void *ud, const struct zc_pat *p)
{
	struct data_ctx *d = ud;

	data_pat(d->w, p, d->what, 1);
}

static void check_match_pats(struct walk *w, const struct zc_expr *e,
			     const char *name, const char *what)
{
	long it = scrut_item(e->u.match.scrut, name);
	struct data_ctx d = { w, what };

	for (size_t i = 0; it >= 0 && i < e->u.match.n; i++)
		pat_item(e->u.match.branches[i].pat, it, data_item, &d);
}

/* `Update x`: x builds a data.  (The arity rule is the resolver's, which
 * knows what every name denotes: eval.h LOADING.) */
static void check_app(struct walk *w, const struct zc_expr *e)
{
	const struct zc_expr *f = e->u.app.fn;

	if (f->kind == ZC_E_CON && !strcmp(zc_name_last(f->u.name), "Update") &&
	    !own_ctor(w->m, f->u.name) && e->u.app.nargs == 1)
		data_expr(w, e->u.app.args[0], "state update");
}

static void check_record(struct walk *w, const struct zc_expr *e)
{
	int is_message = 0;

	for (size_t i = 0; i < e->u.record.n; i++)
		if (!strcmp(e->u.record.fields[i], "recipient"))
			is_message = 1;
	for (size_t i = 0; is_message && i < e->u.record.n; i++)
		if (!strcmp(e->u.record.fields[i], "body"))
			option_data_expr(w, e->u.record.values[i],
					 "message body");
}

typedef void expr_fn(void *ud, const struct zc_expr *e);

static void visit(const struct zc_expr *e, expr_fn *fn, void *ud);

/* visit's fn for the walk: the data rules on one expression. */
static void walk_visit(void *ud, const struct zc_expr *e)
{
	struct walk *w = ud;

	switch (e->kind) {
	case ZC_E_APP:
		check_app(w, e);
		return;
	case ZC_E_RECORD:
		check_record(w, e);
		return;
	case ZC_E_MATCH:
		check_match_pats(w, e, w->body_name, "message body");
		check_match_pats(w, e, w->state_name, "state");
		return;
	default:
		return;
	}
}

/* ---- entry points ------------------------------------------------------ */

/* The i-th parameter pattern of an entry point (params, then the
 * parameters of `fun`s directly in its body), or NULL. */
static const struct zc_pat *entry_param(const struct zc_binding *b, size_t i)
{
	const struct zc_expr *e = b->body;

	if (i < b->nparams)
		return b->params[i];
	i -= b->nparams;
	while (e->kind == ZC_E_FUN) {
		if (i < e->u.fun.nparams)
			return e->u.fun.params[i];
		i -= e->u.fun.nparams;
		e = e->u.fun.body;
	}
	return NULL;
}

static const char *param_name(const struct zc_binding *b, size_t i)
{
	const struct zc_pat *p = entry_param(b, i);

	return p && p->kind == ZC_P_VAR ? p->u.name : NULL;
}

struct entry {
	const char *name;
	size_t arity, command, body, state;	/* parameter indexes */
};

static const struct entry entries[] = {
	{ "main", 8, 3, 5, 7 },
	{ "cf", 7, 2, 4, 6 },
};

/* A codomain that is a cost type itself (cost T E, T `cost` E, CR.t,
 * RT.t, optionT ...), not a name that may abbreviate more arrows. */
static int is_cost_codomain(const struct zc_expr *t)
{
	const char *last;

	while (t && t->kind == ZC_E_APP)
		t = t->u.app.fn;
	if (!t || (t->kind != ZC_E_VAR && t->kind != ZC_E_CON))
		return 1;	/* an arrow, a tuple ...: no abbreviation */
	last = zc_name_last(t->u.name);
	return !strcmp(last, "cost") || !strcmp(last, "optionT") ||
	       !strcmp(last, "resultT") || !strcmp(last, "t");
}

/* Both entry points present with their arity. */
static void check_entries(const struct zc_module *m,
			 struct zen_check_report *rep)
{
	static const struct zc_pos nopos = { 0, 0 };

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(entries); i++) {
		const struct zc_binding *b = zc_module_find(m, entries[i].name);

		if (!b) {
			diag(rep, nopos, "no top-level '%s'", entries[i].name);
		} else if (zc_binding_arity(b) != entries[i].arity) {
			diag(rep, b->pos, "'%s' takes %zu parameters, expected "
			     "%zu", entries[i].name, zc_binding_arity(b),
			     entries[i].arity);
		} else if (b->sig && b->sig->n != entries[i].arity &&
			   (b->sig->n > entries[i].arity ||
			    is_cost_codomain(b->sig->ret))) {
			/* the val's arrows are the calling convention's too;
			 * fewer ending in no cost type may end in an
			 * abbreviation (val cf : costFunc 1, type costFunc n =
			 * ... -> nat `cost` n), which F* unfolds and zen
			 * does not */
			diag(rep, b->sig->pos, "'val %s' has %zu arguments, "
			     "expected %zu", entries[i].name, b->sig->n,
			     entries[i].arity);
		}
	}
}

/* main's or cf's body and state parameters, for the walk of b; their
 * parameter pattern for a message body checked. */
static void entry_params(struct walk *w, const struct zc_binding *b)
{
	w->body_name = w->state_name = NULL;
	for (size_t q = 0; q < ZEN_ARRAY_SIZE(entries); q++) {
		const struct zc_pat *p;

		if (b != zc_module_find(w->m, entries[q].name))
			continue;
		w->body_name = param_name(b, entries[q].body);
		w->state_name = param_name(b, entries[q].state);
		if ((p = entry_param(b, entries[q].body)))
			data_pat(w, p, "message body", 1);
	}
}

/* Walk every top-level binding, main's and cf's with their body and
 * state parameters. */
static void walk_module(struct walk *w, const struct zc_module *m)
{
	for (size_t i = 0; i < m->ndecls; i++) {
		const struct zc_decl *d = &m->decls[i];

		for (size_t j = 0; d->kind == ZC_D_LET && j < d->u.let.nbinds;
		     j++) {
			entry_params(w, &d->u.let.binds[j]);
			visit(d->u.let.binds[j].body, walk_visit, w);
		}
	}
	w->body_name = w->state_name = NULL;
}

/* ---- expressions visited ---------------------------------------------- */

static void visit_n(struct zc_expr *const *es, size_t n, expr_fn *fn,
		    void *ud)
{
	for (size_t i = 0; i < n; i++)
		visit(es[i], fn, ud);
}

static void visit_let(const struct zc_expr *e, expr_fn *fn, void *ud)
{
	for (size_t i = 0; i < e->u.let.nbinds; i++)
		visit(e->u.let.binds[i].body, fn, ud);
	visit(e->u.let.body, fn, ud);
}

/* fn on e, then on every expression below it in source order
 * (patterns and types are not visited). */
static void visit(const struct zc_expr *e, expr_fn *fn, void *ud)
{
	fn(ud, e);
	switch (e->kind) {
	case ZC_E_APP:
		visit(e->u.app.fn, fn, ud);
		visit_n(e->u.app.args, e->u.app.nargs, fn, ud);
		return;
	case ZC_E_TUPLE:
	case ZC_E_LIST:
		visit_n(e->u.items.items, e->u.items.n, fn, ud);
		return;
	case ZC_E_CONS:
		visit(e->u.cons.hd, fn, ud);
		visit(e->u.cons.tl, fn, ud);
		return;
	case ZC_E_RECORD:
		if (e->u.record.base)
			visit(e->u.record.base, fn, ud);
		visit_n(e->u.record.values, e->u.record.n, fn, ud);
		return;
	case ZC_E_PROJ:
		visit(e->u.proj.e, fn, ud);
		return;
	case ZC_E_FUN:
		visit(e->u.fun.body, fn, ud);
		return;
	case ZC_E_LET:
		visit_let(e, fn, ud);
		return;
	case ZC_E_LETBANG:
		visit(e->u.letbang.rhs, fn, ud);
		visit(e->u.letbang.body, fn, ud);
		return;
	case ZC_E_LETOPEN:
		visit(e->u.letopen.body, fn, ud);
		return;
	case ZC_E_IF:
		visit(e->u.if_.cond, fn, ud);
		visit(e->u.if_.then_, fn, ud);
		visit(e->u.if_.else_, fn, ud);
		return;
	case ZC_E_MATCH:
		visit(e->u.match.scrut, fn, ud);
		for (size_t i = 0; i < e->u.match.n; i++)
			visit(e->u.match.branches[i].body, fn, ud);
		return;
	default:
		return;
	}
}

/* fn on every expression of every top-level binding. */
static void visit_module(const struct zc_module *m, expr_fn *fn, void *ud)
{
	for (size_t i = 0; i < m->ndecls; i++) {
		const struct zc_decl *d = &m->decls[i];

		for (size_t j = 0; d->kind == ZC_D_LET && j < d->u.let.nbinds;
		     j++)
			visit(d->u.let.binds[j].body, fn, ud);
	}
}

/* ---- the cost bound: the commands --------------------------------------- */

struct cmds {
	const char *s[ZEN_CHECK_MAX_COMMANDS];
	size_t len[ZEN_CHECK_MAX_COMMANDS];
	size_t n;
	char other[32];		/* the command neither dispatches on */
	int empty;		/* "" is dispatched on */
};

static void cmd_add(struct cmds *c, const char *s, size_t len)
{
	c->empty |= !len;
	for (size_t i = 0; i < c->n; i++)
		if (c->len[i] == len && !memcmp(c->s[i], s, len))
			return;
	if (c->n < ZEN_CHECK_MAX_COMMANDS) {
		c->s[c->n] = s;
		c->len[c->n++] = len;
	}
}

/* `command = "s"`, `"s" = command`, `<>` alike. */
static void cmd_compare(struct cmds *c, const struct zc_expr *e,
			const char *name)
{
	const struct zc_expr *f = e->u.app.fn, *a, *b;

	if (f->kind != ZC_E_VAR || e->u.app.nargs != 2 ||
	    (strcmp(f->u.name, "=") && strcmp(f->u.name, "<>")))
		return;
	a = e->u.app.args[0];
	b = e->u.app.args[1];
	if (is_var(b, name))
		a = b, b = e->u.app.args[0];
	if (is_var(a, name) && b->kind == ZC_E_STRING)
		cmd_add(c, (const char *)b->u.str.data, b->u.str.len);
}

static void cmd_item(void *ud, const struct zc_pat *p)
{
	if (p->kind == ZC_P_STRING)
		cmd_add(ud, (const char *)p->u.str.data, p->u.str.len);
}

struct cmd_ctx {
	struct cmds *c;
	const char *name;	/* the command parameter */
};

/* The string constants the command parameter is compared with
 * (shadowing is ignored: a few more commands to compare are harmless). */
static void cmd_visit(void *ud, const struct zc_expr *e)
{
	struct cmd_ctx *x = ud;
	long it;

	if (e->kind == ZC_E_APP)
		cmd_compare(x->c, e, x->name);
	if (e->kind != ZC_E_MATCH)
		return;
	it = scrut_item(e->u.match.scrut, x->name);
	for (size_t i = 0; it >= 0 && i < e->u.match.n; i++)
		pat_item(e->u.match.branches[i].pat, it, cmd_item, x->c);
}

static void find_commands(const struct zc_module *m, struct cmds *c)
{
	cmd_add(c, "", 0);
	c->empty = 0;	/* set again if the contract names "" */
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(entries); i++) {
		const struct zc_binding *b = zc_module_find(m, entries[i].name);
		struct cmd_ctx x = { c, param_name(b, entries[i].command) };

		if (x.name)
			visit(b->body, cmd_visit, &x);
	}
	/* one command neither dispatches on: the fall-through path */
	for (unsigned k = 0;; k++) {
		size_t n = c->n;

		snprintf(c->other, sizeof(c->other), "zen-check-other-%u", k);
		cmd_add(c, c->other, strlen(c->other));
		if (c->n > n || n == ZEN_CHECK_MAX_COMMANDS)
			break;
	}
}

/* ---- the cost bound: what the contract reads ---------------------------- */

#define SH_MAX_KEYS 12
#define SH_MAX_KINDS 14
#define SH_MAX_LITS 8		/* compared numbers, compared strings */
#define SH_MAX_PARSED 4		/* keys, hashes, contract ids parsed */

/* A key the contract looks up, with the kinds read from its value. */
struct sh_key {
	const char *s;
	size_t len;
	enum zen_data_kind kind[2];	/* ZEN_DATA_NONE: none seen */
};

enum { SH_BODY, SH_STATE, SH_ANY };

struct shapes {
	const struct zc_module *m;
	struct sh_key keys[SH_MAX_KEYS];
	size_t nkeys;
	/* the kinds accessors and patterns ask for, in the order met:
	 * of the body, of the state (read directly), anywhere */
	enum zen_data_kind kinds[3][SH_MAX_KINDS];
	size_t nkinds[3];
	int tokens;			/* getAvailableTokens is called */
	int verifies;			/* a verify function is named */
	int hashes_strings;		/* updateString or updateByteArray */
	uint64_t top;			/* the largest integer literal */
	/* the integer and string literals compared with something (an
	 * operand of a comparison, a pattern), commands left out */
	uint64_t nums[SH_MAX_LITS];
	const struct zc_bytes *strs[SH_MAX_LITS];
	size_t nnums, nstrs;
	/* the keys, hashes and contract ids the contract parses from
	 * string constants (Crypto.parsePublicKey "02...") */
	uint8_t pks[SH_MAX_PARSED][ZEN_PUBKEY_LEN];
	uint8_t hashes[SH_MAX_PARSED][ZEN_HASH_LEN];
	struct zen_contract_id cids[SH_MAX_PARSED];
	size_t npks, nhashes, ncids;
	const char *names[2][2];	/* main's and cf's body, state */
	const char *commands[2];	/* main's and cf's command */
	unsigned levels;		/* of a dict value (dict_levels) */
};

static enum zen_data_kind kind_of(const char *ctor)
{
	size_t i = data_index(ctor);

	return i < ZEN_ARRAY_SIZE(data_kinds) ? data_kinds[i].kind :
	       ZEN_DATA_NONE;
}

/* The kind an accessor `tryX` reads, or ZEN_DATA_NONE. */
static enum zen_data_kind accessor_kind(const struct zc_expr *e)
{
	const char *n;

	if (e->kind != ZC_E_VAR)
		return ZEN_DATA_NONE;
	n = zc_name_last(e->u.name);
	return strncmp(n, "try", 3) ? ZEN_DATA_NONE : kind_of(n + 3);
}

/* The kind a pattern on an `option data` (or a data) matches. */
static enum zen_data_kind pat_kind(const struct zc_pat *p)
{
	const char *name;
	enum zen_data_kind k;

	if (p->kind != ZC_P_CON)
		return ZEN_DATA_NONE;
	name = zc_name_last(p->u.con.name);
	if (!strcmp(name, "Some") && p->u.con.nargs == 1)
		return pat_kind(p->u.con.args[0]);
	if (!strcmp(name, "Collection") && p->u.con.nargs == 1 &&
	    (k = pat_kind(p->u.con.args[0])))
		return k;
	return kind_of(name);
}

static void kind_add(struct shapes *sh, int which, enum zen_data_kind k)
{
	size_t *n = &sh->nkinds[which];

	for (size_t i = 0; i < *n; i++)
		if (sh->kinds[which][i] == k)
			return;
	if (k != ZEN_DATA_NONE && *n < SH_MAX_KINDS)
		sh->kinds[which][(*n)++] = k;
}

static void key_add(struct shapes *sh, const struct zc_expr *s,
		    enum zen_data_kind k)
{
	struct sh_key *key = NULL;

	for (size_t i = 0; i < sh->nkeys && !key; i++)
		if (sh->keys[i].len == s->u.str.len &&
		    !memcmp(sh->keys[i].s, s->u.str.data, s->u.str.len))
			key = &sh->keys[i];
	if (!key && sh->nkeys < SH_MAX_KEYS) {
		key = &sh->keys[sh->nkeys++];
		key->s = (const char *)s->u.str.data;
		key->len = s->u.str.len;
	}
	if (!key || k == ZEN_DATA_NONE || key->kind[0] == k)
		return;
	if (key->kind[0] == ZEN_DATA_NONE)
		key->kind[0] = k;
	else if (key->kind[1] == ZEN_DATA_NONE)
		key->kind[1] = k;
}

/* `tryFind "k" ...`, or `f "k" ...` with f a top-level function of the
 * contract (a wrapper of tryFind): its string constants are keys. */
static int key_app(const struct shapes *sh, const struct zc_expr *e)
{
	const char *f;

	if (e->kind != ZC_E_APP || e->u.app.fn->kind != ZC_E_VAR)
		return 0;
	f = e->u.app.fn->u.name;
	if (!strcmp(zc_name_last(f), "tryFind"))
		return 1;
	return strcmp(f, "main") && strcmp(f, "cf") &&
	       zc_module_find(sh->m, f);
}

static void keys_of(struct shapes *sh, const struct zc_expr *e,
		    enum zen_data_kind k)
{
	for (size_t i = 0; i < e->u.app.nargs; i++)
		if (e->u.app.args[i]->kind == ZC_E_STRING)
			key_add(sh, e->u.app.args[i], k);
}

/* The key lookup whose result e is: e itself, or the last stage of a
 * pipeline (`d >!= Dict.tryFind "k"`), else NULL. */
static const struct zc_expr *key_stage(const struct shapes *sh,
				       const struct zc_expr *e)
{
	if (key_app(sh, e))
		return e;
	if (e->kind == ZC_E_APP && e->u.app.nargs == 2 &&
	    key_app(sh, e->u.app.args[1]))
		return e->u.app.args[1];
	return NULL;
}

/* An accessor of kind k applied to (the result of) e. */
static void shape_read(struct shapes *sh, const struct zc_expr *e,
		       enum zen_data_kind k)
{
	kind_add(sh, SH_ANY, k);
	for (int p = SH_BODY; p <= SH_STATE; p++)
		for (size_t j = 0; j < 2; j++)
			if (is_var(e, sh->names[p][j]))
				kind_add(sh, p, k);
	if ((e = key_stage(sh, e)))
		keys_of(sh, e, k);
}

struct sh_pat {
	struct shapes *sh;
	int which;
};

static void shape_pat(void *ud, const struct zc_pat *p)
{
	struct sh_pat *x = ud;
	enum zen_data_kind k = pat_kind(p);

	kind_add(x->sh, x->which, k);
	kind_add(x->sh, SH_ANY, k);
}

/* `match messageBody with | Some (U64 n) -> ...`: the kinds matched. */
static void shape_match(struct shapes *sh, const struct zc_expr *e)
{
	for (int p = SH_BODY; p <= SH_STATE; p++)
		for (size_t j = 0; j < 2; j++) {
			long it = scrut_item(e->u.match.scrut,
					    sh->names[p][j]);
			struct sh_pat x = { sh, p };

			for (size_t i = 0; it >= 0 && i < e->u.match.n; i++)
				pat_item(e->u.match.branches[i].pat, it,
					 shape_pat, &x);
		}
}

/* An integer literal's value, a negative one as 0. */
static uint64_t literal_of(const struct zc_int *n)
{
	if (!zc_int_kind_signed(n->kind))
		return n->v.u;
	return n->v.i > 0 ? (uint64_t)n->v.i : 0;
}

/* v, of size bytes, into set[0..*n) unless it is there; at most max. */
static void set_add(void *set, size_t size, size_t *n, size_t max,
		    const void *v)
{
	uint8_t *p = set;

	for (size_t i = 0; i < *n; i++)
		if (!memcmp(p + i * size, v, size))
			return;
	if (*n < max)
		memcpy(p + (*n)++ * size, v, size);
}

static void num_add(struct shapes *sh, uint64_t v)
{
	set_add(sh->nums, sizeof(v), &sh->nnums, SH_MAX_LITS, &v);
}

static void str_add(struct shapes *sh, const struct zc_bytes *s)
{
	for (size_t i = 0; i < sh->nstrs; i++)
		if (sh->strs[i]->len == s->len &&
		    !memcmp(sh->strs[i]->data, s->data, s->len))
			return;
	if (sh->nstrs < SH_MAX_LITS)
		sh->strs[sh->nstrs++] = s;
}

static int is_command(const struct shapes *sh, const struct zc_expr *e)
{
	return is_var(e, sh->commands[0]) || is_var(e, sh->commands[1]);
}

/* The literals a pattern compares with (all of its leaves). */
static void pat_literals(struct shapes *sh, const struct zc_pat *p)
{
	switch (p->kind) {
	case ZC_P_INT:
		num_add(sh, literal_of(&p->u.lit_int));
		return;
	case ZC_P_STRING:
		str_add(sh, &p->u.str);
		return;
	case ZC_P_CON:
		for (size_t i = 0; i < p->u.con.nargs; i++)
			pat_literals(sh, p->u.con.args[i]);
		return;
	case ZC_P_TUPLE:
	case ZC_P_LIST:
	case ZC_P_OR:
		for (size_t i = 0; i < p->u.items.n; i++)
			pat_literals(sh, p->u.items.items[i]);
		return;
	case ZC_P_CONS:
		pat_literals(sh, p->u.cons.hd);
		pat_literals(sh, p->u.cons.tl);
		return;
	case ZC_P_RECORD:
		for (size_t i = 0; i < p->u.record.n; i++)
			pat_literals(sh, p->u.record.pats[i]);
		return;
	default:
		return;
	}
}

/* `n > 5000UL`, `n `U64.lt` 10UL`, `s = "open"`: a comparison. */
static int is_comparison(const struct zc_expr *e)
{
	static const char *const ops[] = {
		"=", "<>", "<", ">", "<=", ">=", "=^", "<>^", "<^", ">^",
		"<=^", ">=^", "eq", "ne", "lt", "gt", "lte", "gte",
	};
	const char *n;

	if (e->kind != ZC_E_APP || e->u.app.nargs != 2 ||
	    e->u.app.fn->kind != ZC_E_VAR)
		return 0;
	n = zc_name_last(e->u.app.fn->u.name);
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(ops); i++)
		if (!strcmp(n, ops[i]))
			return 1;
	return 0;
}

/* The integer or string literal e is: itself, or the one a top-level
 * name is bound to (`let limit = 5000UL`); else NULL. */
static const struct zc_expr *constant_of(const struct shapes *sh,
					 const struct zc_expr *e)
{
	const struct zc_binding *b;

	if (e->kind == ZC_E_VAR && (b = zc_module_find(sh->m, e->u.name)) &&
	    !b->nparams)
		e = b->body;
	return e->kind == ZC_E_INT || e->kind == ZC_E_STRING ? e : NULL;
}

static void compared_literals(struct shapes *sh, const struct zc_expr *e)
{
	struct zc_expr *const *a = e->u.app.args;
	const struct zc_expr *c;

	if (is_command(sh, a[0]) || is_command(sh, a[1]))
		return;
	for (size_t i = 0; i < 2; i++)
		if (!(c = constant_of(sh, a[i])))
			continue;
		else if (c->kind == ZC_E_INT)
			num_add(sh, literal_of(&c->u.lit_int));
		else
			str_add(sh, &c->u.str);
}

/* The string e is: a literal, or the name of a top-level one. */
static const struct zc_bytes *string_of(const struct shapes *sh,
					const struct zc_expr *e)
{
	const struct zc_expr *c = constant_of(sh, e);

	return c && c->kind == ZC_E_STRING ? &c->u.str : NULL;
}

/* Zulib's parsers of keys, hashes and contract ids from hex. */
static int is_parser(const char *name)
{
	return !strcmp(name, "parsePublicKey") || !strcmp(name, "parseHash") ||
	       !strcmp(name, "parse");
}

/* `P s`, `s |> P` or `P <| s` with P a parser (is_parser) and s a
 * string constant: P's last name part, *s its string; else NULL. */
static const char *parse_app(const struct shapes *sh, const struct zc_expr *e,
			     const struct zc_bytes **s)
{
	const struct zc_expr *fn, *arg;

	if (e->kind != ZC_E_APP)
		return NULL;
	fn = e->u.app.fn;
	arg = e->u.app.args[0];
	if (e->u.app.nargs == 2 && is_var(fn, "|>")) {
		fn = e->u.app.args[1];
	} else if (e->u.app.nargs == 2 && is_var(fn, "<|")) {
		fn = e->u.app.args[0];
		arg = e->u.app.args[1];
	} else if (e->u.app.nargs != 1) {
		return NULL;
	}
	if (fn->kind != ZC_E_VAR || !is_parser(zc_name_last(fn->u.name)) ||
	    !(*s = string_of(sh, arg)))
		return NULL;
	return zc_name_last(fn->u.name);
}

/* A key, hash or contract id parsed from a constant: a sender or a
 * value that a comparison with it needs. */
static void parsed_literal(struct shapes *sh, const struct zc_expr *e)
{
	const struct zc_bytes *s;
	const char *f = parse_app(sh, e, &s);
	uint8_t pk[ZEN_PUBKEY_LEN], hash[ZEN_HASH_LEN];
	struct zen_contract_id cid;
	char text[2 * ZEN_CONTRACT_ID_TEXT_LEN];

	if (!f || s->len >= sizeof(text) || memchr(s->data, 0, s->len))
		return;
	memcpy(text, s->data, s->len);
	text[s->len] = 0;
	if (!strcmp(f, "parsePublicKey") &&
	    !zen_hex_decode_fixed(pk, sizeof(pk), text, NULL) &&
	    zen_pubkey_valid(pk))
		set_add(sh->pks, sizeof(pk), &sh->npks, SH_MAX_PARSED, pk);
	else if ((!strcmp(f, "parseHash") || !strcmp(f, "parse")) &&
		 !zen_hex_decode_fixed(hash, sizeof(hash), text, NULL))
		set_add(sh->hashes, sizeof(hash), &sh->nhashes, SH_MAX_PARSED,
			hash);
	else if (!strcmp(f, "parse") &&
		 !zen_contract_id_parse(&cid, text, NULL))
		set_add(sh->cids, sizeof(cid), &sh->ncids, SH_MAX_PARSED, &cid);
}

static void shape_visit(void *ud, const struct zc_expr *e)
{
	struct shapes *sh = ud;
	const struct zc_expr *f;
	enum zen_data_kind k;

	parsed_literal(sh, e);

	if (e->kind == ZC_E_MATCH) {
		shape_match(sh, e);
		for (size_t i = 0; i < e->u.match.n &&
		     !is_command(sh, e->u.match.scrut); i++)
			pat_literals(sh, e->u.match.branches[i].pat);
	}
	if (is_comparison(e))
		compared_literals(sh, e);
	if (e->kind == ZC_E_VAR && !strcmp(zc_name_last(e->u.name), "verify"))
		sh->verifies = 1;
	if (e->kind == ZC_E_VAR &&
	    (!strcmp(zc_name_last(e->u.name), "updateString") ||
	     !strcmp(zc_name_last(e->u.name), "updateByteArray")))
		sh->hashes_strings = 1;
	if (e->kind == ZC_E_INT && literal_of(&e->u.lit_int) > sh->top)
		sh->top = literal_of(&e->u.lit_int);
	if (e->kind != ZC_E_APP)
		return;
	f = e->u.app.fn;
	if (f->kind == ZC_E_VAR &&
	    !strcmp(zc_name_last(f->u.name), "getAvailableTokens"))
		sh->tokens = 1;
	if (key_app(sh, e))
		keys_of(sh, e, ZEN_DATA_NONE);
	if ((k = accessor_kind(f)) && e->u.app.nargs == 1)
		shape_read(sh, e->u.app.args[0], k);
	else if (e->u.app.nargs == 2 &&
		 (k = accessor_kind(e->u.app.args[1])))
		shape_read(sh, e->u.app.args[0], k);
}

#define DICT_LEVELS 4		/* of a dict value, the outer one counted */
#define DICT_MAX_ENTRIES 64	/* of a dict value, all levels counted */

/* How many levels a dict value has: every level has every key, so each
 * key read as a dict multiplies the entries of the next one; as many as
 * keep them within DICT_MAX_ENTRIES, DICT_LEVELS at most. */
static unsigned dict_levels(const struct shapes *sh)
{
	size_t nd = 0, level = sh->nkeys, all = 0;
	unsigned l;

	for (size_t i = 0; i < sh->nkeys; i++)
		nd += sh->keys[i].kind[0] == ZEN_DATA_DICT ||
		      sh->keys[i].kind[1] == ZEN_DATA_DICT;
	for (l = 0; l < DICT_LEVELS && all + level <= DICT_MAX_ENTRIES; l++) {
		all += level;
		level *= nd;
	}
	return l;
}

static void find_shapes(const struct zc_module *m, struct shapes *sh)
{
	memset(sh, 0, sizeof(*sh));
	sh->m = m;
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(entries); i++) {
		const struct zc_binding *b = zc_module_find(m, entries[i].name);

		sh->names[SH_BODY][i] = param_name(b, entries[i].body);
		sh->names[SH_STATE][i] = param_name(b, entries[i].state);
		sh->commands[i] = param_name(b, entries[i].command);
	}
	visit_module(m, shape_visit, sh);
	sh->levels = dict_levels(sh);
}

/* The command as a string literal for a message (ASCII printable,
 * else escaped). */
static void quote(char *out, size_t cap, const char *s, size_t len)
{
	size_t k = 0;

	out[k++] = '"';
	for (size_t i = 0; i < len && k + 6 < cap; i++) {
		unsigned char ch = (unsigned char)s[i];

		if (ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\')
			out[k++] = (char)ch;
		else
			k += (size_t)snprintf(out + k, cap - k, "\\x%02x", ch);
	}
	out[k++] = '"';
	out[k] = 0;
}

/* ---- the cost bound: the inputs ------------------------------------------ */

enum { D_BODY, D_STATE, D_WALLET, D_SENDER, D_SKEL, D_CTX, D_SIGS, D_N };
#define DIM_MAX 16		/* values of one dimension, [0] the neutral */
/* the body's and state's, with those the later rounds add */
#define VALUES_MAX (DIM_MAX + 16)
#define DESC_MAX 256
/* skeletons: [0] none, [1] ZP and its asset in, then those the later
 * rounds add */
#define SKELS_MAX 16
/* contexts: those of the table below, then those the later rounds add */
#define CTXS_MAX 24
#define WALLET_ASSET 1000u	/* the explored wallet's output of its asset */

/* A block number and time main and cf run at (ms). */
struct context {
	uint32_t block_number;
	uint64_t timestamp;
	char desc[64];
};

struct inputs {
	struct shapes sh;			/* what main and cf read */
	struct zen_data data[2][VALUES_MAX];	/* body, state; [0] None */
	char desc[2][VALUES_MAX][DESC_MAX];
	size_t n[D_N], rich[D_N];
	size_t first[D_N];	/* the first value the later rounds add to
				 * the body, state, skeleton and context */
	struct zen_contract_id other;		/* a contract sender */
	/* the senders: Anonymous, a PK (g_pk), a contract (other), then
	 * each key and contract id parsed from a constant */
	enum zen_sender_kind skind[DIM_MAX];
	uint8_t spk[DIM_MAX][ZEN_PUBKEY_LEN];
	struct zen_contract_id scid[DIM_MAX];
	char sdesc[DIM_MAX][96];
	struct zen_outpoint wop[4];
	/* 3 ZP, 1 of its asset; [1]: each holding one more than the
	 * largest literal (outputs_init) */
	struct zen_output wout[2][4];
	/* [i]: the skeleton's ZP and asset in (skel_fill) */
	struct zen_skel_input skin[SKELS_MAX][2];
	struct zen_skel skel[SKELS_MAX];
	char skdesc[SKELS_MAX][96];
	struct context ctx[CTXS_MAX];		/* [0]: block 0 at time 0 */
	/* the first inputs in the order they are run (inputs_order), and
	 * the later rounds' of one command (later_rounds): the value of
	 * each dimension */
	size_t order[ZEN_CHECK_MAX_RUNS][D_N];
	size_t norder;
	size_t next[ZEN_CHECK_MAX_RUNS][D_N];
	size_t nnext;
};

/* The contexts main and cf run in when they read theirs: the neutral
 * one (block 0 at time 0), an ordinary one, and the largest block
 * number at a time far ahead. */
static const struct context contexts[] = {
	{ 0, 0, "" },
	{ 1000, 1600000000000ull, "block 1000 at 1600000000000 ms" },
	{ UINT32_MAX, 4102444800000ull,
	  "block 4294967295 at 4102444800000 ms" },
};

/* The sender public key: the generator point, compressed. */
static const uint8_t g_pk[33] = {
	0x02, 0x79, 0xbe, 0x66, 0x7e, 0xf9, 0xdc, 0xbb, 0xac, 0x55, 0xa0,
	0x62, 0x95, 0xce, 0x87, 0x0b, 0x07, 0x02, 0x9b, 0xfc, 0xdb, 0x2d,
	0xce, 0x28, 0xd9, 0x59, 0xf2, 0x81, 0x5b, 0x16, 0xf8, 0x17, 0x98,
};

static const char *kind_name(enum zen_data_kind k)
{
	static const char *const names[] = {
		"none", "i64", "byte", "byteArray", "u32", "u64", "string",
		"hash", "lock", "signature", "publicKey", "array", "dict",
		"list",
	};

	return (size_t)k < ZEN_ARRAY_SIZE(names) ? names[k] : "?";
}

static void pk_lock(struct zen_lock *l, uint8_t fill)
{
	zen_lock_init(l);
	l->id = ZEN_LOCK_PK;
	memset(l->pk_hash, fill, sizeof(l->pk_hash));
}

/* The number every number value has at first (threshold_values adds
 * the numbers of threshold_fills). */
#define NUM_PLAIN 1000u

static int is_number(enum zen_data_kind k)
{
	return k == ZEN_DATA_I64 || k == ZEN_DATA_U32 || k == ZEN_DATA_U64;
}

/* The string and hash of the plain values (fill_plain). */
static const struct zc_bytes plain_str = { (const uint8_t *)"zen", 3 };
static const uint8_t plain_hash[ZEN_HASH_LEN] = {
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

/* What the numbers, strings, keys and hashes of a value are: num, and
 * str, pk, hash (NULL: plain_str, g_pk, plain_hash). */
struct fill {
	uint64_t num;
	const struct zc_bytes *str;
	const uint8_t *pk, *hash;
};

static const struct fill fill_plain = { NUM_PLAIN, NULL, NULL, NULL };

static void data_bytes(struct zen_data *d, const struct zc_bytes *str)
{
	if (!str)
		str = &plain_str;
	d->u.bytes.p = zen_xmalloc(str->len ? str->len : 1);
	memcpy(d->u.bytes.p, str->data, str->len);
	d->u.bytes.len = str->len;
}

/* A value of kind k that is no dict: U64 f->num, String f->str, a PK
 * lock, a list or array of two hashes ...; the number as large as the
 * kind holds. */
static void data_plain(struct zen_data *d, enum zen_data_kind k,
		       const struct fill *f)
{
	uint64_t num = f->num;

	zen_data_init(d);
	d->kind = k;
	switch (k) {
	case ZEN_DATA_I64: d->u.i64 = num > INT64_MAX ? INT64_MAX :
				      (int64_t)num; break;
	case ZEN_DATA_BYTE: d->u.byte = 1; break;
	case ZEN_DATA_U32: d->u.u32 = num > UINT32_MAX ? UINT32_MAX :
				      (uint32_t)num; break;
	case ZEN_DATA_U64: d->u.u64 = num; break;
	case ZEN_DATA_BYTES:
	case ZEN_DATA_STRING:
		data_bytes(d, f->str);
		break;
	case ZEN_DATA_HASH:
		memcpy(d->u.hash, f->hash ? f->hash : plain_hash,
		       sizeof(d->u.hash));
		break;
	case ZEN_DATA_LOCK: pk_lock(&d->u.lock, 2); break;
	case ZEN_DATA_SIGNATURE:
		memset(d->u.signature, 3, sizeof(d->u.signature));
		break;
	case ZEN_DATA_PUBKEY:
		memcpy(d->u.pubkey, f->pk ? f->pk : g_pk, sizeof(g_pk));
		break;
	case ZEN_DATA_ARRAY:
	case ZEN_DATA_LIST:
		d->u.coll.items = zen_xcalloc(2, sizeof(*d->u.coll.items));
		d->u.coll.n = 2;
		data_plain(&d->u.coll.items[0], ZEN_DATA_HASH, f);
		data_plain(&d->u.coll.items[1], ZEN_DATA_HASH, f);
		break;
	default:		/* an empty dict */
		d->kind = ZEN_DATA_DICT;
		break;
	}
}

/* e's key: p[0..n) and then tail, NUL-terminated. */
static void entry_key(struct zen_data_entry *e, const void *p, size_t n,
		      const char *tail)
{
	size_t tl = strlen(tail);

	e->key = zen_xmalloc(n + tl + 1);
	memcpy(e->key, p, n);
	memcpy(e->key + n, tail, tl + 1);
	e->key_len = n + tl;
}

/* The dict of every key the contract looks up, each with the kind read
 * from it (its alt-th one if it has two; U64 if none is known), filled
 * with f; a key read as a dict holds this dict again, down to
 * sh->levels (a state read deeper: `tryFind "book" >?= tryDict >?=
 * tryFind "count"`). */
static void data_dict(struct zen_data *d, const struct shapes *sh, int alt,
		      const struct fill *f, int depth)
{
	zen_data_init(d);
	d->kind = ZEN_DATA_DICT;
	d->u.dict.entries = zen_xcalloc(sh->nkeys ? sh->nkeys : 1,
					sizeof(*d->u.dict.entries));
	for (size_t i = 0; i < sh->nkeys; i++) {
		const struct sh_key *key = &sh->keys[i];
		struct zen_data_entry *en = &d->u.dict.entries[i];
		enum zen_data_kind k = key->kind[alt && key->kind[1]];

		entry_key(en, key->s, key->len, "");
		if (k == ZEN_DATA_DICT && depth + 1 < (int)sh->levels)
			data_dict(&en->value, sh, alt, f, depth + 1);
		else
			data_plain(&en->value, k ? k : ZEN_DATA_U64, f);
	}
	d->u.dict.n = sh->nkeys;
	zen_data_dict_normalize(d);
}

/* The number of a number value (is_number). */
static uint64_t number_of(const struct zen_data *d)
{
	switch (d->kind) {
	case ZEN_DATA_I64: return (uint64_t)d->u.i64;
	case ZEN_DATA_U32: return d->u.u32;
	default: return d->u.u64;
	}
}

static int is_plain_string(const struct zen_data *d)
{
	return d->u.bytes.len == plain_str.len &&
	       !memcmp(d->u.bytes.p, plain_str.data, plain_str.len);
}

/* The bytes of a key or hash other than the plain ones (g_pk,
 * plain_hash), n of them; else NULL. */
static const uint8_t *parsed_bytes(const struct zen_data *d, size_t *n)
{
	if (d->kind == ZEN_DATA_PUBKEY &&
	    memcmp(d->u.pubkey, g_pk, sizeof(g_pk))) {
		*n = sizeof(g_pk);
		return d->u.pubkey;
	}
	if (d->kind == ZEN_DATA_HASH &&
	    memcmp(d->u.hash, plain_hash, sizeof(plain_hash))) {
		*n = sizeof(plain_hash);
		return d->u.hash;
	}
	return NULL;
}

/* "u64" (a number other than NUM_PLAIN: "u64 5001", a string other than
 * "zen": string "open"), "{}", a kind; its length. */
static size_t plain_desc(char *out, size_t cap, const struct zen_data *d)
{
	char q[2 * ZEN_PUBKEY_LEN + 1];
	const uint8_t *p;
	size_t n;
	int k;

	if ((p = parsed_bytes(d, &n))) {
		zen_hex_encode_to(q, p, n);
		k = snprintf(out, cap, "%s %s", kind_name(d->kind), q);
	} else if (d->kind == ZEN_DATA_DICT) {
		k = snprintf(out, cap, "{}");
	} else if (is_number(d->kind) && number_of(d) != NUM_PLAIN) {
		k = snprintf(out, cap, "%s %llu", kind_name(d->kind),
			     (unsigned long long)number_of(d));
	} else if (d->kind == ZEN_DATA_STRING && !is_plain_string(d)) {
		quote(q, sizeof(q), (const char *)d->u.bytes.p,
		      d->u.bytes.len);
		k = snprintf(out, cap, "%s %s", kind_name(d->kind), q);
	} else {
		k = snprintf(out, cap, "%s", kind_name(d->kind));
	}
	return (size_t)k < cap ? (size_t)k : cap - 1;
}

/* "u64", or {"a": lock, "b": {"c": u64}}, cut at cap; a dict below
 * the second level (dict_levels) written {...}; its length.  level: of
 * d, 0 for the outer one. */
static size_t data_desc(char *out, size_t cap, const struct zen_data *d,
			int level)
{
	size_t k = 0;
	char q[64];

	if (d->kind != ZEN_DATA_DICT || !d->u.dict.n)
		return plain_desc(out, cap, d);
	if (level >= 2) {
		snprintf(out, cap, "{...}");
		return strlen(out);
	}
	for (size_t i = 0; i < d->u.dict.n && k + 1 < cap; i++) {
		const struct zen_data_entry *en = &d->u.dict.entries[i];

		quote(q, sizeof(q), en->key, en->key_len);
		k += (size_t)snprintf(out + k, cap - k, "%s%s: ",
				      i ? ", " : "{", q);
		if (k + 1 >= cap)
			return cap - 1;
		k += data_desc(out + k, cap - k, &en->value, level + 1);
	}
	if (k + 1 < cap)
		k += (size_t)snprintf(out + k, cap - k, "}");
	return k < cap ? k : cap - 1;
}

static int has_alt(const struct shapes *sh)
{
	for (size_t i = 0; i < sh->nkeys; i++)
		if (sh->keys[i].kind[1])
			return 1;
	return 0;
}

/* d (taken) into dimension p (D_BODY, D_STATE) unless a value of the
 * same description is there or max are: the index of d's value there,
 * 0 when full. */
static size_t value_add(struct inputs *in, int p, struct zen_data *d,
			size_t max)
{
	size_t *n = &in->n[p];

	if (*n >= max) {
		zen_data_release(d);
		return 0;
	}
	data_desc(in->desc[p][*n], DESC_MAX, d, 0);
	for (size_t i = 1; i < *n; i++)
		if (!strcmp(in->desc[p][i], in->desc[p][*n])) {
			zen_data_release(d);
			return i;
		}
	in->data[p][*n] = *d;
	return (*n)++;
}

static uint64_t next_of(uint64_t v)
{
	return v == UINT64_MAX ? v : v + 1;
}

#define FILLS_MAX (2 + 3 * SH_MAX_LITS + 2 * SH_MAX_PARSED)

/*
 * The fills that take every side of every comparison with a constant:
 * numbers past the largest literal, 0, then each compared literal L and
 * L + 1 (`n > 2000UL && n < 3000UL` holds at 2001); each string compared
 * with; each key and hash parsed from a constant.
 */
static size_t threshold_fills(struct fill *fs, const struct shapes *sh)
{
	size_t n = 0;

	for (size_t i = 0; i < FILLS_MAX; i++)
		fs[i] = fill_plain;
	fs[n++].num = next_of(sh->top);
	fs[n++].num = 0;
	for (size_t i = 0; i < sh->nnums; i++) {
		fs[n++].num = sh->nums[i];
		fs[n++].num = next_of(sh->nums[i]);
	}
	for (size_t i = 0; i < sh->nstrs; i++)
		fs[n++].str = sh->strs[i];
	for (size_t i = 0; i < sh->npks; i++)
		fs[n++].pk = sh->pks[i];
	for (size_t i = 0; i < sh->nhashes; i++)
		fs[n++].hash = sh->hashes[i];
	return n;
}

/* Does fill f make a value of kind k other than the plain one? */
static int fill_fits(const struct fill *f, enum zen_data_kind k)
{
	if (k == ZEN_DATA_DICT)
		return 1;
	if (f->str)
		return k == ZEN_DATA_STRING;
	if (f->pk)
		return k == ZEN_DATA_PUBKEY;
	if (f->hash)
		return k == ZEN_DATA_HASH;
	return is_number(k);
}

/* A value of kind k, a dict of every key (data_dict) too, filled with
 * f. */
static void data_fill(struct zen_data *d, const struct shapes *sh,
		      enum zen_data_kind k, const struct fill *f)
{
	if (k == ZEN_DATA_DICT)
		data_dict(d, sh, 0, f, 0);
	else
		data_plain(d, k, f);
}

/*
 * Then, room left, the values and dicts again with each fill of
 * threshold_fills: a path behind `amount > 5000UL`, between two
 * thresholds, behind `s = "open"` or behind a key given in the source is
 * taken by one of them.
 */
static void threshold_values(struct inputs *in, int p, const struct shapes *sh,
			     const enum zen_data_kind *ks, size_t nk)
{
	struct fill fs[FILLS_MAX];
	size_t nf = threshold_fills(fs, sh);
	struct zen_data d;

	for (size_t j = 0; j < nf; j++)
		for (size_t i = 0; i < nk && in->n[p] < DIM_MAX; i++) {
			if (!fill_fits(&fs[j], ks[i]))
				continue;
			data_fill(&d, sh, ks[i], &fs[j]);
			value_add(in, p, &d, DIM_MAX);	/* drops a repeat */
		}
}

/* The values of the body (p = D_BODY) or the state: None, then one of
 * each kind read, those read from it directly first, a dict as the dict
 * of every key (twice when a key is read as two kinds), then U64 and
 * String. */
static void param_values(struct inputs *in, int p, const struct shapes *sh,
			 int used)
{
	enum zen_data_kind ks[2 * SH_MAX_KINDS + 2];
	size_t nk = 0;
	struct zen_data d;

	in->n[p] = 1;
	if (!used)
		return;
	for (size_t i = 0; i < sh->nkinds[p]; i++)
		ks[nk++] = sh->kinds[p][i];
	for (size_t i = 0; i < sh->nkinds[SH_ANY]; i++)
		ks[nk++] = sh->kinds[SH_ANY][i];
	ks[nk++] = ZEN_DATA_U64;
	ks[nk++] = ZEN_DATA_STRING;
	for (size_t i = 0; i < nk && in->n[p] < DIM_MAX; i++) {
		data_fill(&d, sh, ks[i], &fill_plain);
		value_add(in, p, &d, DIM_MAX);
		if (ks[i] == ZEN_DATA_DICT && has_alt(sh) &&
		    in->n[p] < DIM_MAX) {
			data_dict(&d, sh, 1, &fill_plain, 0);
			value_add(in, p, &d, DIM_MAX);
		}
	}
	threshold_values(in, p, sh, ks, nk);
}

/* Skeleton i: ZP and the contract's asset in (the wallet's first ZP
 * output and its asset output, locked to a PK), of zp and asset. */
static void skel_fill(struct inputs *in, size_t i, uint64_t zp,
		      uint64_t asset)
{
	for (size_t j = 0; j < 2; j++) {
		struct zen_skel_input *s = &in->skin[i][j];

		memset(s, 0, sizeof(*s));
		memset(s->outpoint.tx_hash, (int)(0x20 + j), ZEN_HASH_LEN);
		s->output = in->wout[0][j ? 3 : 0];
		s->output.spend.amount = j ? asset : zp;
		pk_lock(&s->output.lock, 2);
	}
	zen_skel_init(&in->skel[i]);
	in->skel[i].inputs = in->skin[i];
	in->skel[i].n_inputs = 2;
	if (i == 1)
		snprintf(in->skdesc[i], sizeof(in->skdesc[i]),
			 "ZP and its asset in the skeleton");
	else
		snprintf(in->skdesc[i], sizeof(in->skdesc[i]), "%llu kalapas "
			 "and %llu of its asset in the skeleton",
			 (unsigned long long)zp, (unsigned long long)asset);
}

/*
 * 3 ZP outputs and 1 of the contract's asset, locked to the contract;
 * a skeleton with 1 ZP and 1000 of its asset in.  The same outputs again
 * each holding one more than the contract's largest literal, when that
 * is more than the 1000 of its asset: a payout of a constant amount
 * from the wallet (fromWallet, a fold over it) takes its path only with
 * that much.
 */
static void outputs_init(struct inputs *in, const struct zen_contract_id *id)
{
	uint64_t rich = next_of(in->sh.top);

	for (size_t i = 0; i < 4; i++) {
		struct zen_output *o = &in->wout[0][i];

		memset(in->wop[i].tx_hash, (int)(0x10 + i), ZEN_HASH_LEN);
		in->wop[i].index = (uint32_t)i;
		zen_output_init(o);
		o->lock.id = ZEN_LOCK_CONTRACT;
		o->lock.cid = *id;
		o->spend.amount = 100000000;
		if (i == 3) {
			o->spend.asset.cid = *id;
			o->spend.amount = WALLET_ASSET;
		}
	}
	for (size_t i = 0; i < 4; i++) {
		in->wout[1][i] = in->wout[0][i];
		in->wout[1][i].spend.amount = rich;
	}
	skel_fill(in, 1, in->wout[0][0].spend.amount,
		  in->wout[0][3].spend.amount);
	memset(&in->other, 0x5a, sizeof(in->other));
	in->other.version = 0;
}

struct name_ctx {
	const char *name;
	int seen;
};

static void name_visit(void *ud, const struct zc_expr *e)
{
	struct name_ctx *x = ud;

	x->seen |= is_var(e, x->name);
}

/* Does main or cf name its parameter `which` in its body (shadowing is
 * ignored: one more dimension explored is harmless)? */
static int param_used(const struct zc_module *m, int which)
{
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(entries); i++) {
		const struct zc_binding *b = zc_module_find(m, entries[i].name);
		size_t k = which == D_BODY ? entries[i].body :
			   which == D_STATE ? entries[i].state :
			   which == D_WALLET ? entries[i].body + 1 :
			   which == D_CTX ? 1 :	/* the context */
			   entries[i].body - 1;	/* the sender */
		struct name_ctx x = { b ? param_name(b, k) : NULL, 0 };

		if (x.name)
			visit(b->body, name_visit, &x);
		if (x.seen)
			return 1;
	}
	return 0;
}

/* How many values of sel are not the rich input's. */
static size_t sel_dist(const struct inputs *in, const size_t *sel)
{
	size_t d = 0;

	for (int i = 0; i < D_N; i++)
		d += sel[i] != in->rich[i];
	return d;
}

/* sel becomes combination c (the last dimension counting fastest); its
 * sel_dist. */
static size_t combo_dist(const struct inputs *in, size_t c, size_t *sel)
{
	for (int i = D_N; i--;) {
		sel[i] = c % in->n[i];
		c /= in->n[i];
	}
	return sel_dist(in, sel);
}

/* The first ZEN_CHECK_MAX_RUNS combinations of the values, nearest to
 * the rich input (value [1] of each: the first body read, a wallet with
 * tokens, a PK sender, an ordinary context...) first, then in the order
 * of the values; the neutral one (every value [0]) left out, as it is
 * run first.  No more are ever run. */
static void inputs_order(struct inputs *in)
{
	uint32_t at[D_N + 1][ZEN_CHECK_MAX_RUNS];
	size_t total = 1, sel[D_N] = { 0 }, n[D_N + 1] = { 0 };

	for (int i = 0; i < D_N; i++) {
		in->rich[i] = in->n[i] > 1;
		total *= in->n[i];
	}
	for (size_t c = 1; c < total; c++) {
		size_t d;

		/* sel becomes combination c as in combo_dist, by counting
		 * rather than dividing */
		for (int i = D_N - 1; ++sel[i] == in->n[i]; i--)
			sel[i] = 0;
		d = sel_dist(in, sel);
		if (n[d] < ZEN_CHECK_MAX_RUNS)
			at[d][n[d]++] = (uint32_t)c;
	}
	in->norder = 0;
	for (size_t d = 0; d <= D_N; d++)
		for (size_t i = 0; i < n[d] && in->norder < ZEN_CHECK_MAX_RUNS;
		     i++)
			combo_dist(in, at[d][i], in->order[in->norder++]);
}

static void sender_add(struct inputs *in, enum zen_sender_kind k,
		       const uint8_t *pk, const struct zen_contract_id *cid)
{
	size_t i = in->n[D_SENDER];
	char hex[2 * ZEN_CONTRACT_ID_TEXT_LEN + 1] = "";

	if (i >= DIM_MAX)
		return;
	in->n[D_SENDER]++;
	in->skind[i] = k;
	memcpy(in->spk[i], pk, ZEN_PUBKEY_LEN);
	in->scid[i] = *cid;
	if (k == ZEN_SENDER_PK && memcmp(pk, g_pk, ZEN_PUBKEY_LEN))
		zen_hex_encode_to(hex, pk, ZEN_PUBKEY_LEN);
	else if (k == ZEN_SENDER_CONTRACT && memcmp(cid, &in->other,
						    sizeof(*cid)))
		zen_contract_id_text(hex, cid);
	snprintf(in->sdesc[i], sizeof(in->sdesc[i]), "%s%s%s",
		 k == ZEN_SENDER_ANONYMOUS ? "" : k == ZEN_SENDER_PK ?
		 "sender PK" : hex[0] ? "sender contract" :
		 "sender a contract", hex[0] ? " " : "", hex);
}

/* Anonymous; then, when main or cf names its sender, a PK, a contract,
 * and each key and contract id the contract parses from a constant (a
 * path for its owner only). */
static void sender_values(struct inputs *in, const struct shapes *sh,
			  int used)
{
	in->n[D_SENDER] = 0;
	sender_add(in, ZEN_SENDER_ANONYMOUS, g_pk, &in->other);
	if (!used)
		return;
	sender_add(in, ZEN_SENDER_PK, g_pk, &in->other);
	sender_add(in, ZEN_SENDER_CONTRACT, g_pk, &in->other);
	for (size_t i = 0; i < sh->npks; i++)
		sender_add(in, ZEN_SENDER_PK, sh->pks[i], &in->other);
	for (size_t i = 0; i < sh->ncids; i++)
		sender_add(in, ZEN_SENDER_CONTRACT, g_pk, &sh->cids[i]);
}

static void inputs_init(struct inputs *in, const struct zc_module *m,
			const struct zc_contract *c)
{
	const struct shapes *sh = &in->sh;

	find_shapes(m, &in->sh);
	param_values(in, D_BODY, sh, param_used(m, D_BODY));
	param_values(in, D_STATE, sh, param_used(m, D_STATE));
	in->n[D_WALLET] = !param_used(m, D_WALLET) ? 1 :
			  sh->top >= WALLET_ASSET ? 4 : 3;
	in->n[D_SKEL] = sh->tokens ? 2 : 1;
	in->n[D_CTX] = param_used(m, D_CTX) ? ZEN_ARRAY_SIZE(contexts) : 1;
	memcpy(in->ctx, contexts, sizeof(contexts));
	in->n[D_SIGS] = sh->verifies ? 2 : 1;
	outputs_init(in, zen_contract_get_id(c));
	sender_values(in, sh, param_used(m, D_SENDER));
	inputs_order(in);
}

/* Release the body's and the state's values from from[p] on. */
static void values_trim(struct inputs *in, const size_t *from)
{
	for (int p = D_BODY; p <= D_STATE; p++) {
		for (size_t i = from[p]; i < in->n[p]; i++)
			zen_data_release(&in->data[p][i]);
		in->n[p] = from[p];
	}
}

static void inputs_release(struct inputs *in)
{
	static const size_t all[D_N] = { 1, 1 };

	values_trim(in, all);
}

/* The wallet's outputs for each value of D_WALLET (input_desc): none;
 * 3 ZP and 1 of its asset; the 3 ZP; the 4 richer (WALLET_RICH, the
 * outputs of in->wout[1]). */
static const size_t wallet_sizes[] = { 0, 4, 3, 4 };
#define WALLET_RICH 3

static void input_args(const struct inputs *in, const size_t *sel,
		       struct zen_contract_args *a)
{
	a->body = sel[D_BODY] ? &in->data[0][sel[D_BODY]] : NULL;
	a->state = sel[D_STATE] ? &in->data[1][sel[D_STATE]] : NULL;
	a->wallet_outpoints = in->wop;
	a->wallet_outputs = in->wout[sel[D_WALLET] == WALLET_RICH];
	a->wallet_n = wallet_sizes[sel[D_WALLET]];
	a->sender = in->skind[sel[D_SENDER]];
	memcpy(a->sender_pk, in->spk[sel[D_SENDER]], ZEN_PUBKEY_LEN);
	a->sender_cid = in->scid[sel[D_SENDER]];
	a->tx = sel[D_SKEL] ? &in->skel[sel[D_SKEL]] : NULL;
	a->block_number = in->ctx[sel[D_CTX]].block_number;
	a->timestamp = in->ctx[sel[D_CTX]].timestamp;
	a->assume_valid = sel[D_SIGS] != 0;
}

/* " (body {...}, wallet of 3 ZP)", or "" for the neutral input. */
static void input_desc(char *out, size_t cap, const struct inputs *in,
		       const size_t *sel)
{
	char rich[96];
	const char *const wallets[] = {
		"", "wallet of 4: 3 ZP, 1 of its asset", "wallet of 3 ZP", rich,
	};
	const char *parts[D_N] = {
		in->desc[0][sel[D_BODY]], in->desc[1][sel[D_STATE]],
		wallets[sel[D_WALLET]], in->sdesc[sel[D_SENDER]],
		in->skdesc[sel[D_SKEL]], in->ctx[sel[D_CTX]].desc,
		"signatures and proofs valid",
	};
	const char *pre[D_N] = { "body ", "state ", "", "", "", "", "" };
	size_t k = 0;

	snprintf(rich, sizeof(rich), "wallet of 4: 3 ZP, 1 of its asset, "
		 "%llu each", (unsigned long long)in->wout[1][0].spend.amount);
	out[0] = 0;
	for (int i = 0; i < D_N && k < cap; i++)
		if (sel[i])
			k += (size_t)snprintf(out + k, cap - k, "%s%s%s",
					      k ? ", " : " (", pre[i],
					      parts[i]);
	if (k && k + 1 < cap)
		snprintf(out + k, cap - k, ")");
}

/* ---- the cost bound: comparisons traced, the later rounds --------------- */

#define TR_MAX 12		/* operands traced by one round of a command */
#define TR_ROUNDS 6		/* rounds of a command, the first included */
#define TR_STR_MAX 48		/* bytes of a string traced, at most */

/* An operand of a comparison main or cf evaluated, as a fill: a number,
 * a string or a hash; with the input of the run that compared it. */
struct tr_val {
	struct fill f;
	uint8_t bytes[TR_STR_MAX];	/* of a string or hash */
	struct zc_bytes str;		/* bytes and their length */
	int key;			/* str is a key looked up in a dict */
	int order;			/* a number an ordering compared */
	int near_only;			/* its value's inputs were made: only
					 * its neighbours' (traced_fills) */
	size_t sel[D_N];
};

/* The operands of the comparisons of one command's rounds, and the keys
 * they looked up in dicts, that no input has (a threshold, hash or key
 * computed at run time), in the order met, TR_MAX at most for each
 * round: struct zc_trace's ctx. */
struct traced {
	const struct shapes *sh;
	const struct cmds *cmds;
	/* the numbers the inputs have: 1000, the fills, the amounts of
	 * the wallet and skeleton, the table's blocks and times */
	uint64_t known[FILLS_MAX + 3 + 2 * ZEN_ARRAY_SIZE(contexts)];
	size_t nknown;
	const size_t *sel;		/* the input being run */
	struct tr_val v[TR_ROUNDS * TR_MAX];
	size_t n, max;			/* max: the round's last, TR_MAX on */
	size_t made;			/* v[0..made) have their inputs */
};

static int is_number_fill(const struct fill *f)
{
	return fill_fits(f, ZEN_DATA_U64);
}

/* A run compares the numbers its input has (a context's time, the
 * skeleton's ZP): trying them again as other values of the body, state,
 * skeleton or context would take no new path, only runs. */
static void traced_init(struct traced *tr, const struct inputs *in,
			const struct cmds *cmds)
{
	struct fill fs[FILLS_MAX];
	size_t nf = threshold_fills(fs, &in->sh);

	memset(tr, 0, sizeof(*tr));
	tr->sh = &in->sh;
	tr->cmds = cmds;
	tr->known[tr->nknown++] = NUM_PLAIN;
	for (size_t i = 0; i < nf; i++)
		if (is_number_fill(&fs[i]))
			tr->known[tr->nknown++] = fs[i].num;
	tr->known[tr->nknown++] = in->wout[0][0].spend.amount;
	tr->known[tr->nknown++] = in->wout[0][3].spend.amount;
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(contexts); i++) {
		tr->known[tr->nknown++] = contexts[i].block_number;
		tr->known[tr->nknown++] = contexts[i].timestamp;
	}
}

static int num_known(const struct traced *tr, uint64_t v)
{
	for (size_t i = 0; i < tr->nknown; i++)
		if (tr->known[i] == v)
			return 1;
	return 0;
}

/*
 * Number v among the operands traced, compared now by an ordering
 * (order) or an equality: 0 if it is not there; 1 if it is, made an
 * ordering's when its inputs are still to be made; 2 if an ordering
 * compares it now and its inputs were made without v + 1 and v - 1
 * (an equality's): they are still to be run.
 */
static int num_traced(struct traced *tr, uint64_t v, int order)
{
	int made_plain = 0;

	for (size_t i = 0; i < tr->n; i++) {
		struct tr_val *t = &tr->v[i];

		if (!is_number_fill(&t->f) || t->f.num != v)
			continue;
		if (t->order || !order)
			return 1;
		if (i >= tr->made) {
			t->order = 1;
			return 1;
		}
		made_plain = 1;
	}
	return made_plain ? 2 : 0;
}

static int same_bytes(const struct zc_bytes *s, const uint8_t *p, size_t n)
{
	return s->len == n && !memcmp(s->data, p, n);
}

/* Is p[0..n) a hash or string of the inputs, a command, or traced? */
static int bytes_known(const struct traced *tr, const uint8_t *p, size_t n)
{
	const struct shapes *sh = tr->sh;

	if (n == ZEN_HASH_LEN)
		for (size_t i = 0; i < sh->nhashes; i++)
			if (!memcmp(sh->hashes[i], p, n))
				return 1;
	for (size_t i = 0; i < sh->nstrs; i++)
		if (same_bytes(sh->strs[i], p, n))
			return 1;
	for (size_t i = 0; i < tr->cmds->n; i++)
		if (tr->cmds->len[i] == n && !memcmp(tr->cmds->s[i], p, n))
			return 1;
	for (size_t i = 0; i < tr->n; i++)
		if (!is_number_fill(&tr->v[i].f) &&
		    same_bytes(&tr->v[i].str, p, n))
			return 1;
	return (n == ZEN_HASH_LEN && !memcmp(plain_hash, p, n)) ||
	       same_bytes(&plain_str, p, n);
}

/* 1 and *num for an operand that is a number, 0 for any other (and a
 * negative one: the inputs' numbers are unsigned). */
static int number_operand(const zv *v, uint64_t *num)
{
	if (v->tag == ZV_U32 || v->tag == ZV_U64)
		*num = v->u.u;
	else if ((v->tag == ZV_INT || v->tag == ZV_I64) && v->u.i >= 0)
		*num = (uint64_t)v->u.i;
	else
		return 0;
	return 1;
}

/* Is number operand num of an ordering (order) or an equality nothing
 * new, an input's or traced already?  0 with *near_only when only its
 * neighbours are new (num_traced's 2): they go with this run's input. */
static int num_old(struct traced *tr, uint64_t num, int order,
		   int *near_only)
{
	int seen;

	if (num_known(tr, num))
		return 1;
	seen = num_traced(tr, num, order);
	*near_only = seen == 2;
	return seen == 1;
}

/* Is p[0..n) a key traced already (this round or an earlier one)? */
static int key_traced(const struct traced *tr, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < tr->n; i++)
		if (tr->v[i].key && same_bytes(&tr->v[i].str, p, n))
			return 1;
	return 0;
}

/* Operand v of an ordering (order) or an equality, or a key looked up in
 * a dict (key), into tr, unless an input has it (a key: unless it was
 * traced before; the input's strings are values, not keys) or tr is
 * full: a number, a 32-byte hash, a string of at most TR_STR_MAX bytes. */
static void traced_add(struct traced *tr, const zv *v, int order, int key)
{
	struct tr_val *t = &tr->v[tr->n];
	uint64_t num;
	int is_num = !key && number_operand(v, &num), near_only = 0;
	size_t n;

	if ((is_num && num_old(tr, num, order, &near_only)) ||
	    tr->n == tr->max)
		return;
	t->f = fill_plain;
	t->key = key;
	t->order = order;
	t->near_only = near_only;
	if (is_num) {
		t->f.num = num;
	} else if (v->tag == ZV_BYTES && (n = v->u.bytes.len) <= TR_STR_MAX &&
		   !(key ? key_traced(tr, v->u.bytes.p, n)
			 : bytes_known(tr, v->u.bytes.p, n))) {
		memcpy(t->bytes, v->u.bytes.p, n);
		t->str.data = t->bytes;
		t->str.len = n;
		if (n == ZEN_HASH_LEN)
			t->f.hash = t->bytes;
		else
			t->f.str = &t->str;
	} else {
		return;
	}
	memcpy(t->sel, tr->sel, sizeof(t->sel));
	tr->n++;
}

/* struct zc_trace's cmp (value.h). */
static void trace_cmp(void *ctx, const zv *a, const zv *b, int order)
{
	traced_add(ctx, a, order, 0);
	traced_add(ctx, b, order, 0);
}

/* Is p[0..n) a key the contract looks up by name (its shapes')? */
static int key_known(const struct shapes *sh, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < sh->nkeys; i++)
		if (sh->keys[i].len == n && !memcmp(sh->keys[i].s, p, n))
			return 1;
	return 0;
}

/* struct zc_trace's key: a key computed at run time and looked up in a
 * dict, into tr as a string marked key, unless known or tr is full. */
static void trace_key(void *ctx, const zv *k)
{
	struct traced *tr = ctx;

	if (k->tag != ZV_BYTES || key_known(tr->sh, k->u.bytes.p,
					    k->u.bytes.len))
		return;
	traced_add(tr, k, 0, 1);
}

/* The fills of an operand traced: a hash or string itself; a number v,
 * and if an ordering compared it, v + 1 and v - 1 (`n > price *%^ 2UL`
 * holds at twice the price and one, `n < limit` at the limit less one;
 * next to an equality's v, every number takes the path of the input's
 * own). */
static size_t traced_fills(struct fill *fs, const struct tr_val *t)
{
	size_t n = 0;

	if (!t->near_only)
		fs[n++] = t->f;
	if (!is_number_fill(&t->f) || !t->order)
		return n;
	if (t->f.num != UINT64_MAX) {
		fs[n] = t->f;
		fs[n++].num = t->f.num + 1;
	}
	if (t->f.num) {
		fs[n] = t->f;
		fs[n++].num = t->f.num - 1;
	}
	return n;
}

static int next_has(const struct inputs *in, const size_t *sel)
{
	for (size_t i = 0; i < in->nnext; i++)
		if (!memcmp(in->next[i], sel, D_N * sizeof(*sel)))
			return 1;
	return 0;
}

/* Input sel0 with value i of dimension dim, into the later rounds
 * unless it is there or the round is full. */
static void next_push(struct inputs *in, const size_t *sel0, int dim,
		      size_t i)
{
	size_t sel[D_N];

	memcpy(sel, sel0, sizeof(sel));
	sel[dim] = i;
	if (in->nnext < ZEN_CHECK_MAX_RUNS && !next_has(in, sel))
		memcpy(in->next[in->nnext++], sel, sizeof(sel));
}

/* Input sel0 with its body (p = D_BODY) or state made f's value of the
 * kind it has there, when that value is new: an input of a later
 * round. */
static void next_add(struct inputs *in, const size_t *sel0, int p,
		     const struct fill *f)
{
	enum zen_data_kind k = in->data[p][sel0[p]].kind;
	struct zen_data d;
	size_t i;

	if (!sel0[p] || !fill_fits(f, k))
		return;
	data_fill(&d, &in->sh, k, f);
	i = value_add(in, p, &d, VALUES_MAX);
	if (i >= in->first[p])
		next_push(in, sel0, p, i);
}

/* Input sel0 with a skeleton of v ZP and v of its asset in (a price
 * computed at run time compared with getAvailableTokens), when the
 * contract reads its tokens and that input is new. */
static void next_add_skel(struct inputs *in, const size_t *sel0, uint64_t v)
{
	size_t i;

	if (in->first[D_SKEL] < 2)
		return;
	for (i = in->first[D_SKEL]; i < in->n[D_SKEL]; i++)
		if (in->skin[i][0].output.spend.amount == v)
			break;
	if (i == SKELS_MAX)
		return;
	if (i == in->n[D_SKEL])
		skel_fill(in, in->n[D_SKEL]++, v, v);
	next_push(in, sel0, D_SKEL, i);
}

/* Input sel0 at block b and time t, when main or cf reads its context
 * and that input is new. */
static void next_add_ctx(struct inputs *in, const size_t *sel0, uint64_t b,
			 uint64_t t)
{
	struct context *c;
	size_t i;

	if (in->first[D_CTX] < 2 || b > UINT32_MAX)
		return;
	for (i = 1; i < in->n[D_CTX]; i++)
		if (in->ctx[i].block_number == b && in->ctx[i].timestamp == t)
			break;
	if (i == CTXS_MAX || i == sel0[D_CTX])	/* full, or sel0 again */
		return;
	if (i == in->n[D_CTX]) {
		c = &in->ctx[in->n[D_CTX]++];
		c->block_number = (uint32_t)b;
		c->timestamp = t;
		snprintf(c->desc, sizeof(c->desc), "block %llu at %llu ms",
			 (unsigned long long)b, (unsigned long long)t);
	}
	next_push(in, sel0, D_CTX, i);
}

/* The inputs of a number v traced on sel0: its skeleton with v ZP and
 * v of its asset in; its context at block v, then at time v. */
static void next_add_number(struct inputs *in, const size_t *sel0,
			    uint64_t v)
{
	const struct context *c = &in->ctx[sel0[D_CTX]];

	next_add_skel(in, sel0, v);
	next_add_ctx(in, sel0, v, c->timestamp);
	next_add_ctx(in, sel0, c->block_number, v);
}

/* d with key k, U64 1000 under it, in every dict at every depth that
 * lacks it. */
static void dict_add_key(struct zen_data *d, const struct zc_bytes *k)
{
	struct zen_data_entry *e;
	size_t n;
	int has = 0;

	if (d->kind == ZEN_DATA_LIST || d->kind == ZEN_DATA_ARRAY)
		for (size_t i = 0; i < d->u.coll.n; i++)
			dict_add_key(&d->u.coll.items[i], k);
	if (d->kind != ZEN_DATA_DICT)
		return;
	n = d->u.dict.n;
	for (size_t i = 0; i < n; i++) {
		e = &d->u.dict.entries[i];
		has |= e->key_len == k->len && !memcmp(e->key, k->data, k->len);
		dict_add_key(&e->value, k);
	}
	if (has)
		return;
	d->u.dict.entries = zen_xrealloc(d->u.dict.entries,
					 (n + 1) * sizeof(*e));
	e = &d->u.dict.entries[n];
	entry_key(e, k->data, k->len, "");
	data_plain(&e->value, ZEN_DATA_U64, &fill_plain);
	d->u.dict.n = n + 1;
	zen_data_dict_normalize(d);
}

/* Input sel0 with its body (p = D_BODY) or state, a dict, holding key k
 * (dict_add_key), when that value is new: a dict key computed at run
 * time, a path behind an entry the explored dicts do not have. */
static void next_add_key(struct inputs *in, const size_t *sel0, int p,
			 const struct zc_bytes *k)
{
	struct zen_data *copy, d;
	size_t i;

	if (!sel0[p] || in->data[p][sel0[p]].kind != ZEN_DATA_DICT)
		return;
	copy = zen_data_dup(&in->data[p][sel0[p]]);
	d = *copy;
	free(copy);
	dict_add_key(&d, k);
	i = value_add(in, p, &d, VALUES_MAX);
	if (i >= in->first[p])
		next_push(in, sel0, p, i);
}

/*
 * The inputs of the operands traced tr->v[from..to) (check.h THE COST
 * BOUND), added to the round: for each, each of its fills, the input
 * that compared it with its body, then with its state, made that fill's
 * value of the kind it has there; then, a number, with a skeleton of
 * that amount of ZP and of its asset in, if the contract reads its
 * tokens, and at that block, then that time, if main or cf reads its
 * context.
 */
static void next_round(struct inputs *in, const struct traced *tr,
		       size_t from, size_t to)
{
	struct fill fs[3];

	for (size_t t = from; t < to; t++) {
		size_t nf;

		if (tr->v[t].key) {
			for (int p = D_BODY; p <= D_STATE; p++)
				next_add_key(in, tr->v[t].sel, p,
					     &tr->v[t].str);
			continue;
		}
		nf = traced_fills(fs, &tr->v[t]);
		for (size_t j = 0; j < nf; j++) {
			for (int p = D_BODY; p <= D_STATE; p++)
				next_add(in, tr->v[t].sel, p, &fs[j]);
			if (is_number_fill(&fs[j]))
				next_add_number(in, tr->v[t].sel, fs[j].num);
		}
	}
}

/* The rounds after a command's first begin with no input of their own;
 * rounds_end drops the values they added. */
static void rounds_begin(struct inputs *in)
{
	in->first[D_BODY] = in->n[D_BODY];
	in->first[D_STATE] = in->n[D_STATE];
	in->first[D_SKEL] = in->n[D_SKEL];
	in->first[D_CTX] = in->n[D_CTX];
	in->nnext = 0;
}

static void rounds_end(struct inputs *in)
{
	values_trim(in, in->first);
	in->n[D_SKEL] = in->first[D_SKEL];
	in->n[D_CTX] = in->first[D_CTX];
}

/* ---- the cost bound: the runs -------------------------------------------- */

static void cost_add(struct zen_check_report *r, const char *cmd,
		     size_t len)
{
	struct zen_check_cost *k;

	ZEN_GROW(r->costs, r->ncosts + 1, r->costcap);
	k = &r->costs[r->ncosts++];
	memset(k, 0, sizeof(*k));
	k->command = zen_xmalloc(len + 1);
	memcpy(k->command, cmd, len);
	k->command[len] = 0;
}

/*
 * What a growth repeats: the sizes (every collection's items and the
 * wallet's outputs) or the strings (every String and ByteArray's bytes,
 * for a contract that hashes them: Sha3.updateString and updateByteArray
 * charge 6 per byte).  Apart, since a string repeated no longer equals
 * what the contract may look for, and the path a collection takes would
 * change with it.
 */
enum grow_what { GROW_SIZES, GROW_STRINGS, GROW_WHATS };

struct explore {
	const struct zc_contract *c;
	struct zc_pos pos;		/* main's, for the message */
	struct zen_check_report *rep;
	struct inputs *in;
	uint64_t steps;			/* left of ZEN_CHECK_EXPLORE_STEPS */
	struct traced tr;		/* the rounds' comparisons and keys */
	struct zc_trace hook;		/* trace_cmp, trace_key on tr */
	int tracing;			/* the runs are a traced round's */
	/* for each growth, of the command's explored inputs that have
	 * something to grow, the one where main came nearest to cf */
	size_t best[GROW_WHATS][D_N];
	int64_t best_margin[GROW_WHATS];	/* main - cf there; INT64_MIN:
						 * none yet */
	int can_grow[GROW_WHATS];	/* an input has something to grow */
};

/* What a run of main found about the declared cost indexes
 * (contract.h zen_contract_stats). */
struct found {
	int over, under, main_under, uncost;
	struct zc_over o, u;
	struct zc_pos upos;	/* uncost: the body, and its count */
	uint64_t uk;
};

/*
 * main, then cf, on one input within max_steps each: 1 when both ran.
 * *steps: main's.  main's run pads its cost to cf's value (contract.h
 * zen_contract_stats): when that raised it, it is cf's value and above
 * main's own count, so cf is run apart only when it did not.  *fd: the
 * declared cost indexes main's run, whether it ended or not, found
 * exceeded, or above a complete count.
 */
static int run_input(const struct zc_contract *c,
		     const struct zen_contract_args *a0, uint64_t max_steps,
		     uint64_t *cf, uint64_t *main, uint64_t *steps,
		     struct found *fd)
{
	struct zen_contract_args a = *a0;
	struct zen_contract_return ret;
	struct zen_contract_stats st;
	struct zc_limits lim;
	int ran;

	zc_limits_default(&lim);
	lim.max_steps = max_steps;
	a.limits = &lim;
	zen_contract_return_init(&ret);
	ran = !zen_contract_run(c, &a, &ret, &st, NULL);
	zen_contract_return_release(&ret);
	*main = st.cost_body;
	*steps = st.steps;
	if ((fd->over = st.over_found))
		fd->o = st.over;
	if ((fd->under = st.under_found))
		fd->u = st.under;
	fd->main_under = ran && st.main_under;
	if ((fd->uncost = st.uncost_found)) {
		fd->upos = st.uncost_pos;
		fd->uk = st.uncost_k;
	}
	if (ran && st.cost > st.cost_body) {
		*cf = st.cost;
		return 1;
	}
	return ran && !zen_contract_cost(c, &a, cf, NULL);
}

/* main - cf, within int64_t (never INT64_MIN, which means no run). */
static int64_t margin_of(uint64_t main, uint64_t cf)
{
	uint64_t d = main >= cf ? main - cf : cf - main;

	if (d > INT64_MAX)
		d = INT64_MAX;
	return main >= cf ? (int64_t)d : -(int64_t)d;
}

/* The input sel (the neutral one when NULL) as input_desc names it,
 * and grown's words, if any, in its parenthesis. */
static void cost_desc(char *out, size_t cap, const struct inputs *in,
		      const size_t *sel, const char *grown)
{
	static const size_t neutral[D_N];
	size_t n;

	input_desc(out, cap, in, sel ? sel : neutral);
	n = strlen(out);
	if (!grown)
		return;
	if (n)		/* " (a, b)" */
		snprintf(out + n - 1, cap - (n - 1), ", %s)", grown);
	else
		snprintf(out, cap, " (%s)", grown);
}

/* A diagnostic at pos is in rep already (one per declaration). */
static int reported_at(const struct zen_check_report *rep, struct zc_pos pos)
{
	for (size_t i = 0; i < rep->n; i++)
		if (rep->d[i].line == pos.line && rep->d[i].col == pos.col)
			return 1;
	return 0;
}

/*
 * A declared cost index a run exceeded, or found above a complete count
 * (zc_over), at the declaration, once (the first input that showed it):
 *   FILE:LINE:COL: fee costs 40 but its val says 24 for command "buy" (...)
 * The reference's type checker makes every body cost what its type
 * says, so a body found dearer, or cheaper with no short-circuit on the
 * way, on one run is refused whatever cf says.
 */
static void over_diag(struct zen_check_report *rep, const struct zc_over *o,
		      const char *command, const char *desc)
{
	static const char *const says[] = {
		[ZC_BY_VAL] = "its val says",
		[ZC_BY_TYPE] = "its type says",
		[ZC_BY_ASCRIPTION] = "its type says",
	};

	if (reported_at(rep, o->pos))
		return;
	diag(rep, o->pos, "%s costs %llu but %s %llu for command %s%s",
	     o->name && o->decl != ZC_BY_ASCRIPTION ? o->name
						      : "this expression",
	     (unsigned long long)o->cost, says[o->decl],
	     (unsigned long long)o->index, command, desc);
}

/* A body of count k > 0 ending on no cost value (contract.h), once:
 *   FILE:LINE:COL: this body counts 2 but is no cost value (...) */
static void uncost_diag(struct zen_check_report *rep, const struct found *fd,
			const char *command, const char *desc)
{
	if (reported_at(rep, fd->upos))
		return;
	diag(rep, fd->upos, "this body counts %llu but is no cost value "
	     ZC_UNCOST_WHY " for command %s%s",
	     (unsigned long long)fd->uk, (unsigned long long)fd->uk, command,
	     desc);
}

/*
 * main and cf on arguments a of command k (a->command set), within the
 * steps left when explored (sel not NULL): 1 when main is dearer than cf
 * there, then the error is reported, naming sel (cost_desc).  *margin:
 * main - cf, when both ran (else it is left alone).
 */
static int cost_args(struct explore *x, struct zen_check_cost *k,
		     const struct zen_contract_args *a, const size_t *sel,
		     const char *grown, int64_t *margin)
{
	uint64_t cf, main, steps, max = ZEN_CHECK_MAX_STEPS;
	char q[160], desc[2 * DESC_MAX + 160];
	struct found fd = { 0 };
	int dear = 0, cheap = 0, explored = sel != NULL;

	if (explored && x->steps < max)
		max = x->steps;
	if (run_input(x->c, a, max, &cf, &main, &steps, &fd)) {
		if (!k->inputs++) {
			k->ran = 1;
			k->cf = cf;
			k->main = main;
		}
		*margin = margin_of(main, cf);
		dear = main > cf;
		cheap = fd.main_under && main < cf;
	}
	if (dear || cheap || fd.over || fd.under || fd.uncost) {
		quote(q, sizeof(q), a->command, a->command_len);
		cost_desc(desc, sizeof(desc), x->in, sel, grown);
	}
	if (fd.uncost)
		uncost_diag(x->rep, &fd, q, desc);
	else if (dear || (cheap && !fd.under))
		diag(x->rep, x->pos, "main costs %llu but cf says %llu for "
		     "command %s%s", (unsigned long long)main,
		     (unsigned long long)cf, q, desc);
	else if (fd.over)
		over_diag(x->rep, &fd.o, q, desc);
	else if (fd.under)
		over_diag(x->rep, &fd.u, q, desc);
	else if (explored) {	/* main's steps twice: cf's are not known */
		steps *= 2;
		x->steps -= steps < x->steps ? steps : x->steps;
	}
	return dear || cheap || fd.over || fd.under || fd.uncost;
}

static void best_note(struct explore *x, const size_t *sel, int64_t margin);

/* Input sel (NULL: the neutral one) of command k: 1 when main is dearer
 * than cf there (then the error is reported). */
static int cost_input(struct explore *x, struct zen_check_cost *k,
		      const size_t *sel)
{
	struct zen_contract_args a;
	int64_t margin = INT64_MIN;
	int dear;

	memset(&a, 0, sizeof(a));
	a.command = k->command;
	a.command_len = strlen(k->command);
	if (sel)
		input_args(x->in, sel, &a);
	if (sel && x->tracing) {
		x->tr.sel = sel;
		a.trace = &x->hook;
	}
	dear = cost_args(x, k, &a, sel, NULL, &margin);
	if (sel && margin != INT64_MIN)
		best_note(x, sel, margin);
	return dear;
}

/* ---- the cost bound: inputs grown --------------------------------------- */

#define GROW_RUNS 3		/* per growth: twice, three times, the crossing */
#define GROW_MAX_ITEMS 4096	/* items, outputs or bytes of a grown input */

static int is_string(const struct zen_data *d)
{
	return d->kind == ZEN_DATA_STRING || d->kind == ZEN_DATA_BYTES;
}

/* What d has to grow (of what), at every depth, once grown f times:
 * collection items, or string bytes; at most GROW_MAX_ITEMS + 1. */
static size_t data_items(const struct zen_data *d, size_t f,
			 enum grow_what what)
{
	size_t times = what == GROW_SIZES ? f : 1, self = times, n = 0;

	if (what == GROW_STRINGS) {
		self = 0;
		if (is_string(d))
			n = d->u.bytes.len * f;
	}
	if (d->kind == ZEN_DATA_LIST || d->kind == ZEN_DATA_ARRAY) {
		for (size_t i = 0; i < d->u.coll.n && n <= GROW_MAX_ITEMS; i++)
			n += self + times * data_items(&d->u.coll.items[i], f,
						       what);
	} else if (d->kind == ZEN_DATA_DICT) {
		for (size_t i = 0; i < d->u.dict.n && n <= GROW_MAX_ITEMS; i++)
			n += self + times *
			     data_items(&d->u.dict.entries[i].value, f, what);
	}
	return n > GROW_MAX_ITEMS ? GROW_MAX_ITEMS + 1 : n;
}

/* What input sel has to grow, grown f times (the wallet's outputs count
 * for the sizes). */
static size_t input_items(const struct inputs *in, const size_t *sel,
			  size_t f, enum grow_what what)
{
	size_t n = what == GROW_SIZES ? wallet_sizes[sel[D_WALLET]] * f : 0;

	for (int p = D_BODY; p <= D_STATE; p++)
		if (sel[p])
			n += data_items(&in->data[p][sel[p]], f, what);
	return n;
}

/* Has any input something to grow of what? */
static int inputs_growable(const struct inputs *in, enum grow_what what)
{
	if (what == GROW_STRINGS && !in->sh.hashes_strings)
		return 0;
	if (what == GROW_SIZES && in->n[D_WALLET] > 1)
		return 1;
	for (int p = D_BODY; p <= D_STATE; p++)
		for (size_t i = 1; i < in->n[p]; i++)
			if (data_items(&in->data[p][i], 1, what))
				return 1;
	return 0;
}

static void data_grow(struct zen_data *dst, const struct zen_data *src,
		      size_t f, enum grow_what what);

/* Copy j of entry e of a dict grown: its key, then "~j" after it past
 * the first copy (a key no lookup of the contract names, so only what
 * goes over every entry sees the copies), its value grown. */
static void entry_grow(struct zen_data_entry *o, const struct zen_data_entry *e,
		       size_t j, size_t f, enum grow_what what)
{
	char tail[24] = "";

	if (j)
		snprintf(tail, sizeof(tail), "~%zu", j);
	entry_key(o, e->key, e->key_len, tail);
	data_grow(&o->value, &e->value, f, what);
}

/* A String or ByteArray: src's bytes f times over. */
static void string_grow(struct zen_data *dst, const struct zen_data *src,
			size_t f)
{
	size_t n = src->u.bytes.len;

	*dst = *src;
	dst->u.bytes.p = zen_xmalloc(n * f + 1);
	for (size_t i = 0; i < f; i++)
		memcpy(dst->u.bytes.p + i * n, src->u.bytes.p, n);
	dst->u.bytes.p[n * f] = 0;
	dst->u.bytes.len = n * f;
}

/* dst: src grown f times, at every depth: its collections f times as
 * long for the sizes (a list's items over again, in order; a dict's
 * entries again under new keys, entry_grow), its strings f times over
 * for the strings. */
static void data_grow(struct zen_data *dst, const struct zen_data *src,
		      size_t f, enum grow_what what)
{
	size_t times = what == GROW_SIZES ? f : 1;

	if (src->kind == ZEN_DATA_LIST || src->kind == ZEN_DATA_ARRAY) {
		size_t n = src->u.coll.n;

		zen_data_init(dst);
		dst->kind = src->kind;
		dst->u.coll.items = zen_xcalloc(n ? n * times : 1,
						sizeof(*dst->u.coll.items));
		dst->u.coll.n = n * times;
		for (size_t i = 0; i < n * times; i++)
			data_grow(&dst->u.coll.items[i],
				  &src->u.coll.items[i % n], f, what);
	} else if (src->kind == ZEN_DATA_DICT) {
		size_t n = src->u.dict.n;

		zen_data_init(dst);
		dst->kind = ZEN_DATA_DICT;
		dst->u.dict.entries = zen_xcalloc(n ? n * times : 1,
						  sizeof(*dst->u.dict.entries));
		dst->u.dict.n = n * times;
		for (size_t i = 0; i < n * times; i++)
			entry_grow(&dst->u.dict.entries[i],
				   &src->u.dict.entries[i % n], i / n, f, what);
		zen_data_dict_normalize(dst);
	} else if (is_string(src) && src->u.bytes.p) {
		string_grow(dst, src, what == GROW_STRINGS ? f : 1);
	} else {
		*dst = *src;
	}
}

/* Input sel grown f times (of what): the body and state grown, for the
 * sizes the wallet's outputs over again on new outpoints. */
struct grown {
	struct zen_data data[2];
	int has[2];
	struct zen_outpoint *wop;
	struct zen_output *wout;
	char words[96];
};

/* The wallet of a (its wn outputs, as input_args gives it) f times
 * over, on new outpoints. */
static void grown_wallet(struct grown *g, size_t wn, size_t f,
			 struct zen_contract_args *a)
{
	g->wop = zen_xcalloc(wn * f + 1, sizeof(*g->wop));
	g->wout = zen_xcalloc(wn * f + 1, sizeof(*g->wout));
	for (size_t i = 0; i < wn * f; i++) {
		g->wop[i] = a->wallet_outpoints[i % wn];
		g->wop[i].index = (uint32_t)i;
		g->wout[i] = a->wallet_outputs[i % wn];
	}
	a->wallet_outpoints = g->wop;
	a->wallet_outputs = g->wout;
	a->wallet_n = wn * f;
}

static void grown_make(struct grown *g, const struct inputs *in,
		       const size_t *sel, size_t f, enum grow_what what,
		       struct zen_contract_args *a)
{
	size_t wn = wallet_sizes[sel[D_WALLET]];
	const char *which;

	memset(g, 0, sizeof(*g));
	input_args(in, sel, a);
	for (int p = D_BODY; p <= D_STATE; p++) {
		if (!sel[p])
			continue;
		data_grow(&g->data[p], &in->data[p][sel[p]], f, what);
		g->has[p] = 1;
	}
	a->body = g->has[0] ? &g->data[0] : NULL;
	a->state = g->has[1] ? &g->data[1] : NULL;
	if (what == GROW_STRINGS) {
		which = "strings";
	} else {
		grown_wallet(g, wn, f, a);
		which = input_items(in, sel, 1, what) == wn ? "wallet" :
			wn ? "collections and wallet" : "collections";
	}
	snprintf(g->words, sizeof(g->words), "with its %s repeated %zu times",
		 which, f);
}

static void grown_release(struct grown *g)
{
	for (int p = D_BODY; p <= D_STATE; p++)
		if (g->has[p])
			zen_data_release(&g->data[p]);
	free(g->wop);
	free(g->wout);
}

/* Input sel of command k grown f times: 1 when main is dearer than cf
 * there (reported); *margin as cost_args. */
static int grown_input(struct explore *x, struct zen_check_cost *k,
		       const size_t *sel, size_t f, enum grow_what what,
		       int64_t *margin)
{
	struct zen_contract_args a;
	struct grown g;
	int dear;

	memset(&a, 0, sizeof(a));
	a.command = k->command;
	a.command_len = strlen(k->command);
	grown_make(&g, x->in, sel, f, what, &a);
	dear = cost_args(x, k, &a, sel, g.words, margin);
	grown_release(&g);
	return dear;
}

/*
 * A growth of command k (check.h THE COST BOUND): the input where main
 * came nearest to cf, with what it has to grow twice and three times
 * over.  When main - cf rose from one to the next, it is run once more
 * as many times over as that rise would take main past cf, if that is
 * within GROW_MAX_ITEMS: a cost that grows faster than cf's, as F*
 * would refuse, and only refused here where a run shows it.
 */
static int grow_command(struct explore *x, struct zen_check_cost *k,
			enum grow_what what)
{
	const size_t *best = x->best[what];
	int64_t m2 = INT64_MIN, m3 = INT64_MIN, rise;
	size_t f;

	if (x->best_margin[what] == INT64_MIN)
		return 0;
	if (grown_input(x, k, best, 2, what, &m2) ||
	    grown_input(x, k, best, 3, what, &m3))
		return 1;
	if (m2 == INT64_MIN || m3 == INT64_MIN || m3 <= m2 ||
	    x->best_margin[what] >= m2)
		return 0;
	rise = m3 - m2;
	/* m3 <= 0 (not dear at 3): the first f where m3 + (f - 3) rise > 0,
	 * or the largest f within GROW_MAX_ITEMS */
	f = 3 + (size_t)(-m3 / rise) + 1;
	if (f > GROW_MAX_ITEMS)
		f = GROW_MAX_ITEMS;
	while (f > 3 && input_items(x->in, best, f, what) > GROW_MAX_ITEMS)
		f = f * 3 / 4;
	if (f <= 3)
		return 0;
	return grown_input(x, k, best, f, what, &m3);
}

/* Input sel ran with main - cf = margin: the best of each growth yet? */
static void best_note(struct explore *x, const size_t *sel, int64_t margin)
{
	for (int w = 0; w < GROW_WHATS; w++) {
		if (!x->can_grow[w] || margin <= x->best_margin[w] ||
		    !input_items(x->in, sel, 1, w))
			continue;
		memcpy(x->best[w], sel, sizeof(x->best[w]));
		x->best_margin[w] = margin;
	}
}

/* Inputs list[*i..nl) of command k while fewer than quota are run (*n
 * counts them) and steps are left: 1 at the first dearer than cf. */
static int run_list(struct explore *x, struct zen_check_cost *k,
		    size_t (*list)[D_N], size_t nl, size_t *i, size_t quota,
		    size_t *n)
{
	for (; *i < nl && *n < quota && x->steps; ++*i, ++*n)
		if (cost_input(x, k, list[*i]))
			return 1;
	return 0;
}

/*
 * The rounds after command k's first, traced: each runs the inputs of
 * the operands the round before traced, until a round traces nothing
 * new, TR_ROUNDS rounds in all, or the runs or steps are used up.  1 at
 * the first input dearer than cf.
 */
static int later_rounds(struct explore *x, struct zen_check_cost *k,
			size_t quota, size_t *n)
{
	struct inputs *in = x->in;
	size_t j = 0, from = 0;

	rounds_begin(in);
	for (int r = 1; r < TR_ROUNDS && from < x->tr.n; r++) {
		size_t traced = x->tr.n;

		next_round(in, &x->tr, from, traced);
		from = x->tr.made = traced;
		/* a round traces TR_MAX at most: v has room for them */
		x->tr.max = traced + TR_MAX;
		if (run_list(x, k, in->next, in->nnext, &j, quota, n))
			return 1;
		if (j < in->nnext)
			break;	/* the runs or the steps are used up */
	}
	return 0;
}

/* The explored inputs of command k, quota at most, while steps are
 * left: the first round, traced, on two thirds of them; the rounds
 * after it; the rest of the first; the growths: 1 at the first dearer
 * than cf. */
static int explore_command(struct explore *x, struct zen_check_cost *k,
			   size_t quota)
{
	struct inputs *in = x->in;
	size_t i = 0, n = 0;
	int dear;

	for (int w = 0; w < GROW_WHATS; w++) {
		if (x->can_grow[w] && quota > GROW_RUNS)
			quota -= GROW_RUNS;	/* kept for grow_command */
		x->best_margin[w] = INT64_MIN;
	}
	x->tr.n = 0;
	x->tr.made = 0;
	x->tr.max = TR_MAX;
	x->tracing = 1;
	if (run_list(x, k, in->order, in->norder, &i, quota - quota / 3,
		     &n)) {
		x->tracing = 0;
		return 1;
	}
	dear = later_rounds(x, k, quota, &n);
	x->tracing = 0;
	dear = dear || run_list(x, k, in->order, in->norder, &i, quota, &n);
	/* the best input may be one of a later round's */
	for (int w = 0; w < GROW_WHATS && !dear; w++)
		dear = x->can_grow[w] && x->steps && grow_command(x, k, w);
	rounds_end(in);
	return dear;
}

static void check_cost(const struct zc_module *m, const struct zc_contract *c,
		       struct zen_check_report *rep)
{
	struct cmds cmds;
	struct inputs *in = zen_xcalloc(1, sizeof(*in));
	struct explore x = { .c = c, .pos = zc_module_find(m, "main")->pos,
			     .rep = rep, .in = in,
			     .steps = ZEN_CHECK_EXPLORE_STEPS };
	size_t first = rep->ncosts, quota, explored;
	int dear = 0;

	cmds.n = 0;
	cmds.empty = 0;
	find_commands(m, &cmds);
	inputs_init(in, m, c);
	for (int w = 0; w < GROW_WHATS; w++)
		x.can_grow[w] = inputs_growable(in, w);
	traced_init(&x.tr, in, &cmds);
	x.hook.cmp = trace_cmp;
	x.hook.key = trace_key;
	x.hook.ctx = &x.tr;
	/* the neutral input of every command, each dearer one reported */
	for (size_t i = 0; i < cmds.n; i++) {
		cost_add(rep, cmds.s[i], cmds.len[i]);
		dear |= cost_input(&x, &rep->costs[rep->ncosts - 1], NULL);
	}
	/* then the others, up to the first dearer one; "" is the unknown
	 * command's path too unless the contract dispatches on it */
	explored = cmds.n - !cmds.empty;
	quota = (ZEN_CHECK_MAX_RUNS - cmds.n) / explored;
	for (size_t i = !cmds.empty; i < cmds.n && !dear; i++)
		dear = explore_command(&x, &rep->costs[first + i], quota);
	inputs_release(in);
	free(in);
}

/* ---- the check --------------------------------------------------------- */

static int finish(struct zen_check_report *rep, const char *file,
		  struct zen_err *err)
{
	const struct zen_check_diag *d;

	if (!rep->n)
		return 0;
	qsort(rep->d, rep->n, sizeof(*rep->d), pos_cmp);
	d = &rep->d[0];
	if (d->line)
		return zen_fail(err, ZEN_EINVAL, "%s:%u:%u: %s", file,
				(unsigned)d->line, (unsigned)d->col, d->msg);
	return zen_fail(err, ZEN_EINVAL, "%s: %s", file, d->msg);
}

/* exhaust.h: a match F* cannot prove complete */
static void incomplete(void *ctx, struct zc_pos pos, const char *what,
		       const char *missing)
{
	diag(ctx, pos, "this %s does not cover %s (F* refuses a match it "
	     "cannot prove complete: \"Patterns are incomplete\")", what,
	     missing);
}

/* Stage 2 and 3 on a parsed module: 0 and *c loaded when both pass. */
static void static_checks(const struct zc_module *m, const char *src,
			  size_t len, const char *file,
			  struct zen_check_report *rep, struct zc_contract **c)
{
	struct walk w;
	struct zen_err e = ZEN_ERR_INIT;
	struct res_errors re = { rep, file };
	size_t before = rep->n;

	memset(&w, 0, sizeof(w));
	w.rep = rep;
	w.m = m;
	check_entries(m, rep);
	walk_module(&w, m);
	zc_check_matches(m, incomplete, rep);
	if (zen_contract_load_module(m, src, len, file, c, &e, res_error,
				     &re) && rep->n == before)
		diag_of_err(rep, file, &e);
	if (rep->n > before) {
		zen_contract_free(*c);
		*c = NULL;
	}
}

int zen_contract_check(const char *src, size_t len, const char *file,
		       struct zen_check_report *rep, struct zc_contract **out,
		       struct zen_err *err)
{
	struct zen_check_report own = ZEN_CHECK_REPORT_INIT;
	struct zc_module *m = NULL;
	struct zc_contract *c = NULL;
	struct zen_err e = ZEN_ERR_INIT;
	int rc;

	if (out)
		*out = NULL;
	if (!rep)
		rep = &own;
	if (!file)
		file = "<contract>";
	if (zc_parse(src, len, file, 0, &m, &e)) {
		diag_of_err(rep, file, &e);
	} else {
		static_checks(m, src, len, file, rep, &c);
		if (c)
			check_cost(m, c, rep);
	}
	zc_module_free(m);
	rc = finish(rep, file, err);
	if (rc || !out)
		zen_contract_free(c);
	else
		*out = c;
	zen_check_report_release(&own);
	return rc;
}
