/*
 * check.c - the activation check (see check.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/buf.h"
#include "core/contract/check.h"
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

/* ---- names in scope: which calls are Zulib's -------------------------- */

/*
 * A scope as the resolver builds it (eval.h LOADING), reduced to what
 * tells a Zulib function from the contract's own names: a user name
 * shadows, an opened module offers its exports.
 */
struct sc {
	const char *name;			/* a user name, or NULL */
	const struct zen_zulib_module *mod;	/* an open module, or NULL */
	const struct sc *up;
};

struct walk {
	struct zen_check_report *rep;
	struct { const char *alias, *module; } *al;	/* module A = M.N */
	size_t nal, alcap;
	const struct zc_module *m;
	/* the body and state parameters of the entry point being walked */
	const char *body_name, *state_name;
};

static const struct sc *sc_push(const struct sc *up, const char *name,
				const struct zen_zulib_module *mod,
				struct sc *cell)
{
	cell->name = name;
	cell->mod = mod;
	cell->up = up;
	return cell;
}

static const char *unalias(const struct walk *w, const char *m)
{
	for (size_t i = w->nal; i--;)
		if (!strcmp(w->al[i].alias, m))
			return w->al[i].module;
	return m;
}

static const struct zen_zulib_module *module_of(const struct walk *w,
						const char *path)
{
	return zen_zulib_find(unalias(w, path));
}

static int is_ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/* The Zulib entry a name denotes in scope s, or NULL (a user name, or
 * unbound: the resolver says which). */
static const struct zen_native *native_of(const struct walk *w,
					  const struct sc *s,
					  const char *name)
{
	const struct zen_zulib_module *const *pre;
	const struct zen_native *e = NULL;
	const char *dot;

	if (is_ident_start(name[0]) && (dot = strrchr(name, '.'))) {
		char mod[256];
		size_t ml = (size_t)(dot - name);
		const struct zen_zulib_module *m;

		if (ml >= sizeof(mod))
			return NULL;
		memcpy(mod, name, ml);
		mod[ml] = 0;
		m = module_of(w, mod);
		return m ? zen_zulib_lookup(m, dot + 1) : NULL;
	}
	for (; s; s = s->up) {
		if (s->name && !strcmp(s->name, name))
			return NULL;
		if (s->mod && (e = zen_zulib_lookup(s->mod, name)))
			return e;
	}
	/* the prelude, the last opened first */
	pre = zen_zulib_prelude();
	for (size_t i = 0; pre[i]; i++) {
		const struct zen_native *x = zen_zulib_lookup(pre[i], name);

		if (x)
			e = x;
	}
	return e;
}

/* ---- data constructors (2.3) ------------------------------------------ */

static const char *last_part(const char *name)
{
	const char *dot = strrchr(name, '.');

	return dot ? dot + 1 : name;
}

static int in_list(const char *name, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(*list, name))
			return 1;
	return 0;
}

static const char *const data_ctors[] = {
	"I64", "Byte", "ByteArray", "U32", "U64", "String", "Hash", "Lock",
	"Signature", "PublicKey", "Collection", NULL,
};
static const char *const coll_ctors[] = { "Array", "Dict", "List", NULL };

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

static int data_ctor(const struct walk *w, const char *name,
		     const char *const *set)
{
	return in_list(last_part(name), set) && !own_ctor(w->m, name);
}

static void bad_data(struct walk *w, struct zc_pos pos, const char *what,
		     const char *name)
{
	diag(w->rep, pos, "%s: '%s' is not a data constructor", what, name);
}

/* A pattern matching a value of type data. */
static void data_pat(struct walk *w, const struct zc_pat *p,
		     const char *what)
{
	switch (p->kind) {
	case ZC_P_WILD:
	case ZC_P_VAR:
		return;
	case ZC_P_OR:
		for (size_t i = 0; i < p->u.items.n; i++)
			data_pat(w, p->u.items.items[i], what);
		return;
	case ZC_P_CON:
		if (!data_ctor(w, p->u.con.name, data_ctors)) {
			bad_data(w, p->pos, what, p->u.con.name);
			return;
		}
		if (!strcmp(last_part(p->u.con.name), "Collection") &&
		    p->u.con.nargs == 1) {
			const struct zc_pat *a = p->u.con.args[0];

			if (a->kind == ZC_P_CON &&
			    !data_ctor(w, a->u.con.name, coll_ctors))
				diag(w->rep, a->pos, "%s: '%s' is not Array, "
				     "Dict or List", what, a->u.con.name);
		}
		return;
	default:
		diag(w->rep, p->pos, "%s: expected a data constructor "
		     "pattern", what);
	}
}

/* A pattern matching an `option data`. */
static void option_data_pat(struct walk *w, const struct zc_pat *p,
			    const char *what)
{
	switch (p->kind) {
	case ZC_P_WILD:
	case ZC_P_VAR:
		return;
	case ZC_P_OR:
		for (size_t i = 0; i < p->u.items.n; i++)
			option_data_pat(w, p->u.items.items[i], what);
		return;
	case ZC_P_CON:
		if (!strcmp(last_part(p->u.con.name), "None") &&
		    !p->u.con.nargs)
			return;
		if (!strcmp(last_part(p->u.con.name), "Some") &&
		    p->u.con.nargs == 1) {
			data_pat(w, p->u.con.args[0], what);
			return;
		}
		/* fall through */
	default:
		diag(w->rep, p->pos, "%s is an option data: Some or None",
		     what);
	}
}

/* An expression building a data value: check only what is visibly a
 * constructor application. */
static void data_expr(struct walk *w, const struct zc_expr *e,
		      const char *what)
{
	const struct zc_expr *f = e->kind == ZC_E_APP ? e->u.app.fn : e;

	if (f->kind == ZC_E_CON && !data_ctor(w, f->u.name, data_ctors))
		bad_data(w, f->pos, what, f->u.name);
}

static void option_data_expr(struct walk *w, const struct zc_expr *e,
			     const char *what)
{
	if (e->kind == ZC_E_APP && e->u.app.fn->kind == ZC_E_CON &&
	    !strcmp(last_part(e->u.app.fn->u.name), "Some") &&
	    e->u.app.nargs == 1)
		data_expr(w, e->u.app.args[0], what);
}

/* ---- the walk ---------------------------------------------------------- */

static const struct sc *bind_pat(const struct sc *s, const struct zc_pat *p,
				 struct sc *cells, size_t *k, size_t max);

static size_t pat_vars(const struct zc_pat *p)
{
	size_t n = 0;

	switch (p->kind) {
	case ZC_P_VAR:
		return 1;
	case ZC_P_CON:
		for (size_t i = 0; i < p->u.con.nargs; i++)
			n += pat_vars(p->u.con.args[i]);
		return n;
	case ZC_P_TUPLE:
	case ZC_P_LIST:
		for (size_t i = 0; i < p->u.items.n; i++)
			n += pat_vars(p->u.items.items[i]);
		return n;
	case ZC_P_OR:
		return p->u.items.n ? pat_vars(p->u.items.items[0]) : 0;
	case ZC_P_CONS:
		return pat_vars(p->u.cons.hd) + pat_vars(p->u.cons.tl);
	case ZC_P_RECORD:
		for (size_t i = 0; i < p->u.record.n; i++)
			n += pat_vars(p->u.record.pats[i]);
		return n;
	default:
		return 0;
	}
}

static const struct sc *bind_pat(const struct sc *s, const struct zc_pat *p,
				 struct sc *cells, size_t *k, size_t max)
{
	switch (p->kind) {
	case ZC_P_VAR:
		if (*k < max) {
			s = sc_push(s, p->u.name, NULL, &cells[*k]);
			(*k)++;
		}
		return s;
	case ZC_P_CON:
		for (size_t i = 0; i < p->u.con.nargs; i++)
			s = bind_pat(s, p->u.con.args[i], cells, k, max);
		return s;
	case ZC_P_TUPLE:
	case ZC_P_LIST:
		for (size_t i = 0; i < p->u.items.n; i++)
			s = bind_pat(s, p->u.items.items[i], cells, k, max);
		return s;
	case ZC_P_OR:
		return p->u.items.n ?
		       bind_pat(s, p->u.items.items[0], cells, k, max) : s;
	case ZC_P_CONS:
		s = bind_pat(s, p->u.cons.hd, cells, k, max);
		return bind_pat(s, p->u.cons.tl, cells, k, max);
	case ZC_P_RECORD:
		for (size_t i = 0; i < p->u.record.n; i++)
			s = bind_pat(s, p->u.record.pats[i], cells, k, max);
		return s;
	default:
		return s;
	}
}

static void walk_expr(struct walk *w, const struct sc *s,
		      const struct zc_expr *e);

/* The variables of ps bound over s, then e walked in that scope. */
static void walk_in(struct walk *w, const struct sc *s,
		    struct zc_pat *const *ps, size_t np,
		    const struct zc_expr *e)
{
	size_t n = 0, k = 0;
	struct sc *cells;

	for (size_t i = 0; i < np; i++)
		n += pat_vars(ps[i]);
	cells = zen_xcalloc(n ? n : 1, sizeof(*cells));
	for (size_t i = 0; i < np; i++)
		s = bind_pat(s, ps[i], cells, &k, n);
	walk_expr(w, s, e);
	free(cells);
}

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

	option_data_pat(d->w, p, d->what);
}

static void check_match_pats(struct walk *w, const struct zc_expr *e,
			     const char *name, const char *what)
{
	long it = scrut_item(e->u.match.scrut, name);
	struct data_ctx d = { w, what };

	for (size_t i = 0; it >= 0 && i < e->u.match.n; i++)
		pat_item(e->u.match.branches[i].pat, it, data_item, &d);
}

/* An application: a Zulib function given more arguments than it takes,
 * when its result cannot be a function. */
static void check_app(struct walk *w, const struct sc *s,
		      const struct zc_expr *e)
{
	const struct zc_expr *f = e->u.app.fn;
	const struct zen_native *nat;

	if (f->kind == ZC_E_CON && !strcmp(last_part(f->u.name), "Update") &&
	    !own_ctor(w->m, f->u.name) && e->u.app.nargs == 1)
		data_expr(w, e->u.app.args[0], "state update");
	if (f->kind != ZC_E_VAR && f->kind != ZC_E_CON)
		return;
	if (f->kind == ZC_E_CON && own_ctor(w->m, f->u.name))
		return;
	nat = native_of(w, s, f->u.name);
	if (!nat || e->u.app.nargs <= nat->arity ||
	    !(nat->flags & (ZEN_NATIVE_COST | ZEN_NATIVE_CTOR |
			    ZEN_NATIVE_SHORT)))
		return;
	diag(w->rep, f->pos, "'%s' takes %u argument%s, given %zu", f->u.name,
	     (unsigned)nat->arity, nat->arity == 1 ? "" : "s",
	     e->u.app.nargs);
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

static const struct sc *bind_rec(const struct sc *s,
				 const struct zc_binding *b, size_t n,
				 struct sc *cells)
{
	for (size_t i = 0; i < n; i++)
		if (b[i].pat->kind == ZC_P_VAR)
			s = sc_push(s, b[i].pat->u.name, NULL, &cells[i]);
	return s;
}

static void walk_binding(struct walk *w, const struct sc *s,
			 const struct zc_binding *b)
{
	walk_in(w, s, b->params, b->nparams, b->body);
}

static void walk_let(struct walk *w, const struct sc *s,
		     const struct zc_expr *e)
{
	size_t n = e->u.let.nbinds;
	struct sc *cells = zen_xcalloc(n ? n : 1, sizeof(*cells));
	const struct sc *inner = bind_rec(s, e->u.let.binds, n, cells);

	for (size_t i = 0; i < n; i++)
		walk_binding(w, e->u.let.rec ? inner : s, &e->u.let.binds[i]);
	if (e->u.let.rec || (n == 1 && e->u.let.binds[0].nparams)) {
		walk_expr(w, inner, e->u.let.body);
	} else {
		struct zc_pat **ps = zen_xcalloc(n ? n : 1, sizeof(*ps));

		for (size_t i = 0; i < n; i++)
			ps[i] = e->u.let.binds[i].pat;
		walk_in(w, s, ps, n, e->u.let.body);
		free(ps);
	}
	free(cells);
}

static void walk_exprs(struct walk *w, const struct sc *s,
		       struct zc_expr *const *es, size_t n)
{
	for (size_t i = 0; i < n; i++)
		walk_expr(w, s, es[i]);
}

static void walk_expr(struct walk *w, const struct sc *s,
		      const struct zc_expr *e)
{
	struct sc cell;

	switch (e->kind) {
	case ZC_E_APP:
		check_app(w, s, e);
		walk_expr(w, s, e->u.app.fn);
		walk_exprs(w, s, e->u.app.args, e->u.app.nargs);
		return;
	case ZC_E_TUPLE:
	case ZC_E_LIST:
		walk_exprs(w, s, e->u.items.items, e->u.items.n);
		return;
	case ZC_E_CONS:
		walk_expr(w, s, e->u.cons.hd);
		walk_expr(w, s, e->u.cons.tl);
		return;
	case ZC_E_RECORD:
		check_record(w, e);
		if (e->u.record.base)
			walk_expr(w, s, e->u.record.base);
		walk_exprs(w, s, e->u.record.values, e->u.record.n);
		return;
	case ZC_E_PROJ:
		walk_expr(w, s, e->u.proj.e);
		return;
	case ZC_E_FUN:
		walk_in(w, s, e->u.fun.params, e->u.fun.nparams,
			e->u.fun.body);
		return;
	case ZC_E_LET:
		walk_let(w, s, e);
		return;
	case ZC_E_LETBANG:
		walk_expr(w, s, e->u.letbang.rhs);
		walk_in(w, s, &e->u.letbang.pat, 1, e->u.letbang.body);
		return;
	case ZC_E_LETOPEN: {
		const struct zen_zulib_module *m =
			module_of(w, e->u.letopen.module);

		walk_expr(w, m ? sc_push(s, NULL, m, &cell) : s,
			  e->u.letopen.body);
		return;
	}
	case ZC_E_IF:
		walk_expr(w, s, e->u.if_.cond);
		walk_expr(w, s, e->u.if_.then_);
		walk_expr(w, s, e->u.if_.else_);
		return;
	case ZC_E_MATCH:
		check_match_pats(w, e, w->body_name, "message body");
		check_match_pats(w, e, w->state_name, "state");
		walk_expr(w, s, e->u.match.scrut);
		for (size_t i = 0; i < e->u.match.n; i++)
			walk_in(w, s, &e->u.match.branches[i].pat, 1,
				e->u.match.branches[i].body);
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
		} else if (b->sig && b->sig->n != entries[i].arity) {
			/* the val's arrows are the calling convention's too */
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
			option_data_pat(w, p, "message body");
	}
}

/* A top-level let: its names over s (all of them in its bodies when
 * rec).  Returns the new scope; *cells to free. */
static const struct sc *walk_top_let(struct walk *w, const struct sc *s,
				     const struct zc_decl *d,
				     struct sc **cells)
{
	size_t nb = d->u.let.nbinds;
	const struct sc *outer = s;

	*cells = zen_xcalloc(nb ? nb : 1, sizeof(**cells));
	s = bind_rec(s, d->u.let.binds, nb, *cells);
	for (size_t j = 0; j < nb; j++) {
		entry_params(w, &d->u.let.binds[j]);
		walk_binding(w, d->u.let.rec ? s : outer, &d->u.let.binds[j]);
	}
	w->body_name = w->state_name = NULL;
	return s;
}

/* A type declaration: its type names and constructors over s. */
static const struct sc *bind_types(const struct sc *s,
				   const struct zc_decl *d, struct sc **cells)
{
	size_t k = 0, nn = 0;

	for (size_t j = 0; j < d->u.type.n; j++)
		nn += 1 + d->u.type.types[j].nctors;
	*cells = zen_xcalloc(nn ? nn : 1, sizeof(**cells));
	for (size_t j = 0; j < d->u.type.n; j++) {
		const struct zc_typedef *t = &d->u.type.types[j];

		s = sc_push(s, t->name, NULL, &(*cells)[k++]);
		for (size_t q = 0; q < t->nctors; q++)
			s = sc_push(s, t->ctors[q].name, NULL, &(*cells)[k++]);
	}
	return s;
}

/* Walk every top-level binding in its scope, declarations in order. */
static void walk_module(struct walk *w, const struct zc_module *m)
{
	size_t cap = 0, n = 0;
	struct sc **cells = NULL, *c = NULL;
	const struct sc *s = NULL;
	const struct zen_zulib_module *mod;

	for (size_t i = 0; i < m->ndecls; i++) {
		const struct zc_decl *d = &m->decls[i];

		switch (d->kind) {
		case ZC_D_OPEN:
			if (!(mod = module_of(w, d->u.open.module)))
				continue;
			c = zen_xcalloc(1, sizeof(*c));
			s = sc_push(s, NULL, mod, c);
			break;
		case ZC_D_ALIAS:
			ZEN_GROW(w->al, w->nal + 1, w->alcap);
			w->al[w->nal].alias = d->u.alias.alias;
			w->al[w->nal++].module = d->u.alias.module;
			continue;
		case ZC_D_TYPE:
			s = bind_types(s, d, &c);
			break;
		case ZC_D_LET:
			s = walk_top_let(w, s, d, &c);
			break;
		default:
			continue;
		}
		ZEN_GROW(cells, n + 1, cap);
		cells[n++] = c;
	}
	for (size_t i = 0; i < n; i++)
		free(cells[i]);
	free(cells);
}

/* ---- the cost bound ---------------------------------------------------- */

struct cmds {
	const char *s[ZEN_CHECK_MAX_COMMANDS];
	size_t len[ZEN_CHECK_MAX_COMMANDS];
	size_t n;
	char other[32];		/* the command neither dispatches on */
};

static void cmd_add(struct cmds *c, const char *s, size_t len)
{
	for (size_t i = 0; i < c->n; i++)
		if (c->len[i] == len && !memcmp(c->s[i], s, len))
			return;
	if (c->n < ZEN_CHECK_MAX_COMMANDS) {
		c->s[c->n] = s;
		c->len[c->n++] = len;
	}
}

static void cmd_pat(struct cmds *c, const struct zc_pat *p)
{
	if (p->kind == ZC_P_STRING)
		cmd_add(c, (const char *)p->u.str.data, p->u.str.len);
}

static void cmd_expr(struct cmds *c, const struct zc_expr *e,
		     const char *name);

static void cmd_exprs(struct cmds *c, struct zc_expr *const *es, size_t n,
		      const char *name)
{
	for (size_t i = 0; i < n; i++)
		cmd_expr(c, es[i], name);
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
	cmd_pat(ud, p);
}

static void cmd_match(struct cmds *c, const struct zc_expr *e,
		      const char *name)
{
	long it = scrut_item(e->u.match.scrut, name);

	for (size_t i = 0; it >= 0 && i < e->u.match.n; i++)
		pat_item(e->u.match.branches[i].pat, it, cmd_item, c);
	cmd_expr(c, e->u.match.scrut, name);
	for (size_t i = 0; i < e->u.match.n; i++)
		cmd_expr(c, e->u.match.branches[i].body, name);
}

/* The string constants the command parameter `name` is compared with
 * (shadowing is ignored: a few more commands to compare are harmless). */
static void cmd_expr(struct cmds *c, const struct zc_expr *e,
		     const char *name)
{
	switch (e->kind) {
	case ZC_E_APP:
		cmd_compare(c, e, name);
		cmd_expr(c, e->u.app.fn, name);
		cmd_exprs(c, e->u.app.args, e->u.app.nargs, name);
		return;
	case ZC_E_TUPLE:
	case ZC_E_LIST:
		cmd_exprs(c, e->u.items.items, e->u.items.n, name);
		return;
	case ZC_E_CONS:
		cmd_expr(c, e->u.cons.hd, name);
		cmd_expr(c, e->u.cons.tl, name);
		return;
	case ZC_E_RECORD:
		if (e->u.record.base)
			cmd_expr(c, e->u.record.base, name);
		cmd_exprs(c, e->u.record.values, e->u.record.n, name);
		return;
	case ZC_E_PROJ:
		cmd_expr(c, e->u.proj.e, name);
		return;
	case ZC_E_FUN:
		cmd_expr(c, e->u.fun.body, name);
		return;
	case ZC_E_LET:
		for (size_t i = 0; i < e->u.let.nbinds; i++)
			cmd_expr(c, e->u.let.binds[i].body, name);
		cmd_expr(c, e->u.let.body, name);
		return;
	case ZC_E_LETBANG:
		cmd_expr(c, e->u.letbang.rhs, name);
		cmd_expr(c, e->u.letbang.body, name);
		return;
	case ZC_E_LETOPEN:
		cmd_expr(c, e->u.letopen.body, name);
		return;
	case ZC_E_IF:
		cmd_expr(c, e->u.if_.cond, name);
		cmd_expr(c, e->u.if_.then_, name);
		cmd_expr(c, e->u.if_.else_, name);
		return;
	case ZC_E_MATCH:
		cmd_match(c, e, name);
		return;
	default:
		return;
	}
}

static void find_commands(const struct zc_module *m, struct cmds *c)
{
	cmd_add(c, "", 0);
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(entries); i++) {
		const struct zc_binding *b = zc_module_find(m, entries[i].name);
		const char *name = param_name(b, entries[i].command);

		if (name)
			cmd_expr(c, b->body, name);
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

static void cost_add(struct zen_check_report *r, const char *cmd,
		     size_t len, int ran, uint64_t cf, uint64_t main)
{
	struct zen_check_cost *k;

	ZEN_GROW(r->costs, r->ncosts + 1, r->costcap);
	k = &r->costs[r->ncosts++];
	k->command = zen_xmalloc(len + 1);
	memcpy(k->command, cmd, len);
	k->command[len] = 0;
	k->ran = ran;
	k->cf = cf;
	k->main = main;
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

static void cost_one(const struct zc_contract *c, const struct zc_binding *mb,
		     const char *cmd, size_t len,
		     struct zen_check_report *rep)
{
	struct zen_contract_args a;
	struct zen_contract_return ret;
	struct zen_contract_stats st;
	struct zc_limits lim;
	uint64_t cf;
	char q[160];
	int ran;

	memset(&a, 0, sizeof(a));
	zc_limits_default(&lim);
	lim.max_steps = ZEN_CHECK_MAX_STEPS;
	a.limits = &lim;
	a.command = cmd;
	a.command_len = len;
	zen_contract_return_init(&ret);
	ran = !zen_contract_cost(c, &a, &cf, NULL) &&
	      !zen_contract_run(c, &a, &ret, &st, NULL);
	zen_contract_return_release(&ret);
	cost_add(rep, cmd, len, ran, ran ? cf : 0, ran ? st.cost_body : 0);
	if (ran && st.cost_body > cf) {
		quote(q, sizeof(q), cmd, len);
		diag(rep, mb->pos, "main costs %llu but cf says %llu for "
		     "command %s", (unsigned long long)st.cost_body,
		     (unsigned long long)cf, q);
	}
}

static void check_cost(const struct zc_module *m, const struct zc_contract *c,
		       struct zen_check_report *rep)
{
	struct cmds cmds;

	cmds.n = 0;
	find_commands(m, &cmds);
	for (size_t i = 0; i < cmds.n; i++)
		cost_one(c, zc_module_find(m, "main"), cmds.s[i], cmds.len[i],
			 rep);
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
	free(w.al);
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
