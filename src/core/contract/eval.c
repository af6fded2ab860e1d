/*
 * eval.c - resolution and evaluation of ZF* contracts (see eval.h).
 *
 * Load time turns the AST into a small tree of `struct node`: every name
 * is resolved once against the scope in force at that point (3.6), locals
 * become environment indexes (de Bruijn), globals become slots (a Zulib
 * native, a user constructor, a type, or a top-level binding).  Run time
 * walks that tree with a linked environment allocated in the runtime's
 * arena; tail positions (let/if/match bodies, saturated closure calls)
 * loop instead of recursing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/contract/eval.h"
#include "core/contract/zulib.h"
#include "core/base/buf.h"

/* ------------------------------------------------------------------ */
/* Program representation                                             */
/* ------------------------------------------------------------------ */

enum nkind {
	N_LOCAL, N_GLOBAL, N_CONST, N_APP, N_SHORT, N_TUPLE, N_LIST, N_CONS,
	N_RECORD, N_PROJ, N_FUN, N_LET, N_LETREC, N_LETBANG, N_IF, N_MATCH,
	N_INC, N_PAD,
};

enum pkind { P_WILD, P_VAR, P_CONST, P_CON, P_TUPLE, P_LIST, P_CONS,
	     P_RECORD, P_OR };

enum { CON_PLAIN, CON_NIL, CON_CONS };

struct rpat {
	uint8_t kind;
	uint8_t con_list;	/* P_CON: CON_* */
	struct zc_pos pos;
	zv *k;			/* P_CONST */
	const char *name;	/* P_CON: constructor name */
	struct rpat **sub;	/* CON args, TUPLE/LIST items, CONS hd tl,
				 * RECORD pats, OR alternatives */
	size_t n;
	const char **fields;	/* P_RECORD */
	size_t nvars;		/* P_OR: variables bound */
	size_t **perm;		/* P_OR: perm[i][j] = position in
				 * alternative i of variable j */
};

struct node;

/*
 * A function.  nraw (0 or nparams): the arguments themselves are pushed
 * on the environment before the parameter patterns bind theirs, so that
 * the cost index of a `val` signature can name them (see N_PAD).
 */
struct lam {
	size_t nparams;
	struct rpat **params;
	struct node *body;
	size_t nraw;
};

struct node {
	uint8_t kind;
	struct zc_pos pos;
	union {
		size_t idx;	/* LOCAL */
		size_t g;	/* GLOBAL */
		zv *k;		/* CONST */
		struct {
			struct node *fn;
			struct node **args;
			size_t n;
		} app;
		struct {
			int is_or;
			struct node *a, *b;
		} sc;
		struct {
			struct node **items;
			size_t n;
		} items;
		struct {
			struct node *hd, *tl;
		} cons;
		struct {
			struct node *base;
			const char **fields;
			struct node **vals;
			size_t n;
		} rec;
		struct {
			struct node *e;
			const char *field;
		} proj;
		struct lam *fun;
		struct {
			struct rpat **pats;
			struct node **vals;
			size_t n;
			struct node *body;
		} let;
		struct {
			struct lam **funs;
			size_t n;
			struct node *body;
		} letrec;
		struct {
			struct node *rhs;
			struct lam *k;
		} letbang;
		struct {
			struct node *c, *a, *b;
		} if_;
		struct {
			struct node *scrut;
			struct rpat **pats;
			struct node **bodies;
			size_t n;
		} match;
		struct {
			uint64_t k;
			struct node *e;
		} inc;
		struct {	/* e padded up to the value of idx, a
				 * declared cost index (eval.h) evaluated
				 * in the environment minus skip entries */
			struct node *idx;
			size_t skip;
			struct node *e;
		} pad;
	} u;
};

enum gkind { G_NATIVE, G_USER, G_ERASED };

struct gslot {
	uint8_t kind;
	const struct zen_native *nat;	/* G_NATIVE */
	const char *name;		/* G_USER */
};

/* A top-level binding group evaluated at the start of every run. */
struct init {
	struct rpat *pat;
	struct node *val;
	size_t *slots;		/* slots of the pattern's variables, in
				 * binding order */
	size_t nslots;
};

struct zc_program {
	struct zc_arena *a;
	struct gslot *g;
	size_t ng, gcap;
	struct init *init;
	size_t ninit, initcap;
	size_t erased_g;	/* a G_ERASED slot (dropped implicit binders
				 * in cost indexes), 0 until made */
};

/* ------------------------------------------------------------------ */
/* Resolution                                                         */
/* ------------------------------------------------------------------ */

enum skind { S_LOCAL, S_MODULE, S_GLOBAL };

struct scope {
	uint8_t kind;
	const char *name;
	const struct zen_zulib_module *mod;
	size_t g;
	const struct scope *up;
};

struct alias {
	const char *alias, *module;
};

struct res {
	struct zc_program *p;
	const char *file;
	struct zen_err *err;
	struct alias *al;
	size_t nal, alcap;
	int failed;
	/* resolving a cost index: errors only set quiet_failed (the index
	 * is then dropped; a type never makes loading fail) */
	int quiet, quiet_failed;
};

static void *alloc(struct res *r, size_t n)
{
	return zc_arena_alloc(r->p->a, n ? n : 1);
}

static const char *sdup(struct res *r, const char *s)
{
	return zc_arena_strndup(r->p->a, s, strlen(s));
}

static int rfail(struct res *r, struct zc_pos pos, const char *fmt, ...)
	ZEN_PRINTF(3, 4);

static int rfail(struct res *r, struct zc_pos pos, const char *fmt, ...)
{
	char msg[200];
	va_list ap;

	if (r->quiet) {
		r->quiet_failed = 1;
		return ZEN_EINVAL;
	}
	if (r->failed)
		return ZEN_EINVAL;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	r->failed = 1;
	return zen_fail(r->err, ZEN_EINVAL, "%s:%u:%u: %s", r->file,
			(unsigned)pos.line, (unsigned)pos.col, msg);
}

static size_t new_slot(struct res *r, uint8_t kind,
		       const struct zen_native *nat, const char *name)
{
	struct zc_program *p = r->p;

	ZEN_GROW(p->g, p->ng + 1, p->gcap);
	p->g[p->ng].kind = kind;
	p->g[p->ng].nat = nat;
	p->g[p->ng].name = name;
	return p->ng++;
}

static size_t native_slot(struct res *r, const struct zen_native *nat)
{
	size_t i;

	for (i = 0; i < r->p->ng; i++)
		if (r->p->g[i].kind == G_NATIVE && r->p->g[i].nat == nat)
			return i;
	return new_slot(r, G_NATIVE, nat, NULL);
}

static const struct scope *push(struct res *r, const struct scope *up,
				uint8_t kind, const char *name)
{
	struct scope *s = alloc(r, sizeof(*s));

	s->kind = kind;
	s->name = name;
	s->up = up;
	return s;
}

static int is_ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/* The module path an alias or a written path stands for. */
static const char *unalias(const struct res *r, const char *m)
{
	size_t i;

	for (i = r->nal; i--;)
		if (!strcmp(r->al[i].alias, m))
			return r->al[i].module;
	return m;
}

static const struct zen_zulib_module *find_module(const struct res *r,
						  const char *path)
{
	return zen_zulib_find(unalias(r, path));
}

/*
 * Look name up.  Returns 0 and fills *kind and *val: S_LOCAL with the index,
 * or S_GLOBAL with the slot.  ZEN_ENOTFOUND if unbound (no message).
 */
static int lookup(struct res *r, const struct scope *s, const char *name,
		  int *kind, size_t *val)
{
	const struct zen_native *e;
	size_t idx = 0;
	const char *dot;

	if (is_ident_start(name[0]) && (dot = strrchr(name, '.'))) {
		char mod[256];
		const struct zen_zulib_module *m;
		size_t ml = (size_t)(dot - name);

		if (ml >= sizeof(mod))
			return ZEN_ENOTFOUND;
		memcpy(mod, name, ml);
		mod[ml] = 0;
		m = find_module(r, mod);
		if (!m || !(e = zen_zulib_lookup(m, dot + 1)))
			return ZEN_ENOTFOUND;
		*kind = S_GLOBAL;
		*val = native_slot(r, e);
		return 0;
	}
	for (; s; s = s->up) {
		switch (s->kind) {
		case S_LOCAL:
			if (!strcmp(s->name, name)) {
				*kind = S_LOCAL;
				*val = idx;
				return 0;
			}
			idx++;
			break;
		case S_GLOBAL:
			if (!strcmp(s->name, name)) {
				*kind = S_GLOBAL;
				*val = s->g;
				return 0;
			}
			break;
		case S_MODULE:
			if ((e = zen_zulib_lookup(s->mod, name))) {
				*kind = S_GLOBAL;
				*val = native_slot(r, e);
				return 0;
			}
			break;
		}
	}
	return ZEN_ENOTFOUND;
}

static struct node *mknode(struct res *r, uint8_t kind, struct zc_pos pos)
{
	struct node *n = alloc(r, sizeof(*n));

	n->kind = kind;
	n->pos = pos;
	return n;
}

static zv *mkzv(struct res *r, uint8_t tag)
{
	zv *v = alloc(r, sizeof(*v));

	v->tag = tag;
	return v;
}

static zv *int_const(struct res *r, const struct zc_int *li)
{
	zv *v;

	switch (li->kind) {
	case ZC_INT_U8: v = mkzv(r, ZV_U8); v->u.u = li->v.u; break;
	case ZC_INT_U16: v = mkzv(r, ZV_U16); v->u.u = li->v.u; break;
	case ZC_INT_U32: v = mkzv(r, ZV_U32); v->u.u = li->v.u; break;
	case ZC_INT_U64: v = mkzv(r, ZV_U64); v->u.u = li->v.u; break;
	case ZC_INT_I64: v = mkzv(r, ZV_I64); v->u.i = li->v.i; break;
	default:
		/* int and the narrow signed kinds (unused by Zulib): a
		 * checked int64 */
		v = mkzv(r, ZV_INT);
		v->u.i = li->v.i;
		break;
	}
	return v;
}

static zv *bytes_const(struct res *r, const struct zc_bytes *b)
{
	zv *v = mkzv(r, ZV_BYTES);
	uint8_t *p = alloc(r, b->len + 1);

	if (b->len)
		memcpy(p, b->data, b->len);
	v->u.bytes.p = p;
	v->u.bytes.len = b->len;
	return v;
}

/* ---- patterns ---- */

static struct rpat *res_pat(struct res *r, const struct zc_pat *p,
			    const struct scope **s);

static struct rpat *mkpat(struct res *r, uint8_t kind, struct zc_pos pos)
{
	struct rpat *q = alloc(r, sizeof(*q));

	q->kind = kind;
	q->pos = pos;
	return q;
}

static int res_pats(struct res *r, struct zc_pat *const *ps, size_t n,
		    struct rpat ***out, const struct scope **s)
{
	size_t i;

	*out = alloc(r, n * sizeof(**out));
	for (i = 0; i < n; i++)
		if (!((*out)[i] = res_pat(r, ps[i], s)))
			return ZEN_EINVAL;
	return 0;
}

/* Variables pushed between `top` and `base`, in push order. */
static size_t scope_vars(const struct scope *top, const struct scope *base,
			 const char **names, size_t max)
{
	size_t n = 0, i;
	const struct scope *s;

	for (s = top; s && s != base; s = s->up)
		if (s->kind == S_LOCAL)
			n++;
	if (n > max)
		return n;
	i = n;
	for (s = top; s && s != base; s = s->up)
		if (s->kind == S_LOCAL)
			names[--i] = s->name;
	return n;
}

#define MAX_PAT_VARS 256

static struct rpat *res_or(struct res *r, const struct zc_pat *p,
			   const struct scope **s)
{
	struct rpat *q = mkpat(r, P_OR, p->pos);
	const struct scope *base = *s, *t;
	const char *n0[MAX_PAT_VARS], *ni[MAX_PAT_VARS];
	size_t nv = 0, i, j, k, m;

	q->n = p->u.items.n;
	q->sub = alloc(r, q->n * sizeof(*q->sub));
	q->perm = alloc(r, q->n * sizeof(*q->perm));
	for (i = 0; i < q->n; i++) {
		t = base;
		if (!(q->sub[i] = res_pat(r, p->u.items.items[i], &t)))
			return NULL;
		m = scope_vars(t, base, i ? ni : n0, MAX_PAT_VARS);
		if (m > MAX_PAT_VARS) {
			rfail(r, p->pos, "too many variables in a pattern");
			return NULL;
		}
		if (i == 0) {
			nv = m;
			*s = t;	/* the first alternative's order is canonical */
		} else if (m != nv) {
			rfail(r, p->u.items.items[i]->pos,
			      "or-pattern alternatives bind different "
			      "variables");
			return NULL;
		}
		q->perm[i] = alloc(r, (nv ? nv : 1) * sizeof(size_t));
		for (j = 0; j < nv; j++) {
			const char *want = n0[j];

			if (i == 0) {
				q->perm[i][j] = j;
				continue;
			}
			for (k = 0; k < nv && strcmp(ni[k], want); k++)
				;
			if (k == nv) {
				rfail(r, p->u.items.items[i]->pos,
				      "or-pattern alternatives bind different "
				      "variables");
				return NULL;
			}
			q->perm[i][j] = k;
		}
	}
	q->nvars = nv;
	return q;
}

static struct rpat *res_pat(struct res *r, const struct zc_pat *p,
			    const struct scope **s)
{
	struct rpat *q;
	struct zc_pat *two[2];
	int kind;
	size_t val, i;

	switch (p->kind) {
	case ZC_P_WILD:
		return mkpat(r, P_WILD, p->pos);
	case ZC_P_VAR:
		q = mkpat(r, P_VAR, p->pos);
		*s = push(r, *s, S_LOCAL, sdup(r, p->u.name));
		return q;
	case ZC_P_INT:
		q = mkpat(r, P_CONST, p->pos);
		q->k = int_const(r, &p->u.lit_int);
		return q;
	case ZC_P_STRING:
		q = mkpat(r, P_CONST, p->pos);
		q->k = bytes_const(r, &p->u.str);
		return q;
	case ZC_P_BOOL:
		q = mkpat(r, P_CONST, p->pos);
		q->k = zv_bool(p->u.b);
		return q;
	case ZC_P_UNIT:
		q = mkpat(r, P_CONST, p->pos);
		q->k = zv_unit();
		return q;
	case ZC_P_CON: {
		const struct gslot *g;

		q = mkpat(r, P_CON, p->pos);
		if (lookup(r, *s, p->u.con.name, &kind, &val) ||
		    kind != S_GLOBAL) {
			rfail(r, p->pos, "unbound constructor '%s'",
			      p->u.con.name);
			return NULL;
		}
		g = &r->p->g[val];
		if (g->kind != G_NATIVE || !(g->nat->flags & ZEN_NATIVE_CTOR)) {
			rfail(r, p->pos, "'%s' is not a constructor",
			      p->u.con.name);
			return NULL;
		}
		q->name = (const char *)g->nat->aux;
		if (!strcmp(q->name, "Nil"))
			q->con_list = CON_NIL;
		else if (!strcmp(q->name, "Cons"))
			q->con_list = CON_CONS;
		q->n = p->u.con.nargs;
		if (res_pats(r, p->u.con.args, q->n, &q->sub, s))
			return NULL;
		return q;
	}
	case ZC_P_TUPLE:
	case ZC_P_LIST:
		q = mkpat(r, p->kind == ZC_P_TUPLE ? P_TUPLE : P_LIST, p->pos);
		q->n = p->u.items.n;
		if (res_pats(r, p->u.items.items, q->n, &q->sub, s))
			return NULL;
		return q;
	case ZC_P_CONS:
		q = mkpat(r, P_CONS, p->pos);
		q->n = 2;
		two[0] = p->u.cons.hd;
		two[1] = p->u.cons.tl;
		if (res_pats(r, two, 2, &q->sub, s))
			return NULL;
		return q;
	case ZC_P_RECORD:
		q = mkpat(r, P_RECORD, p->pos);
		q->n = p->u.record.n;
		q->fields = alloc(r, q->n * sizeof(*q->fields));
		for (i = 0; i < q->n; i++)
			q->fields[i] = sdup(r, p->u.record.fields[i]);
		if (res_pats(r, p->u.record.pats, q->n, &q->sub, s))
			return NULL;
		return q;
	case ZC_P_OR:
		return res_or(r, p, s);
	}
	rfail(r, p->pos, "unknown pattern");
	return NULL;
}

/* ---- expressions ---- */

static struct node *res_expr(struct res *r, const struct zc_expr *e,
			     const struct scope *s);

static int res_exprs(struct res *r, struct zc_expr *const *es, size_t n,
		     struct node ***out, const struct scope *s)
{
	size_t i;

	*out = alloc(r, n * sizeof(**out));
	for (i = 0; i < n; i++)
		if (!((*out)[i] = res_expr(r, es[i], s)))
			return ZEN_EINVAL;
	return 0;
}

/*
 * The elaborator's cost increments (contracts.md 1.10): every top-level
 * let body, lambda body, local function body and `let open` body is
 * wrapped as `Zen.Cost.inc k body` when k > 0, with k a syntactic count
 * of the body: 0 for names and constants, 1 per argument of an
 * application, operator or constructor (implicit arguments `#x`
 * included, though evaluation drops them), 1 per projection, 1 per record
 * field, if = 3 + condition + the larger branch, match = scrutinee + one
 * per pattern leaf + the largest branch, let! = 1 + pattern leaves + both
 * sides.  Lambdas and `let open` bodies count 0 where they occur (they
 * carry their own increment).  Tuples and list literals count as the
 * constructor applications they stand for (n, and 2 per element).
 * Elaboration never changes a value; it only makes the cost that main's
 * value carries equal to what the type checker proves cf computes.
 */
static uint64_t sat_add(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

static uint64_t pat_leaves(const struct zc_pat *p)
{
	uint64_t n = 0;
	size_t i;

	switch (p->kind) {
	case ZC_P_CON:
		if (!p->u.con.nargs)
			return 1;
		for (i = 0; i < p->u.con.nargs; i++)
			n = sat_add(n, pat_leaves(p->u.con.args[i]));
		return n;
	case ZC_P_TUPLE:
	case ZC_P_LIST:
	case ZC_P_OR:
		if (!p->u.items.n)
			return 1;
		for (i = 0; i < p->u.items.n; i++)
			n = sat_add(n, pat_leaves(p->u.items.items[i]));
		return n;
	case ZC_P_CONS:
		return sat_add(pat_leaves(p->u.cons.hd), pat_leaves(p->u.cons.tl));
	case ZC_P_RECORD:
		for (i = 0; i < p->u.record.n; i++)
			n = sat_add(n, pat_leaves(p->u.record.pats[i]));
		return n ? n : 1;
	default:
		return 1;
	}
}

static uint64_t elab_count_bare(const struct zc_expr *e);

/* Implicit arguments are arguments of the application (1 each), though
 * the front end dropped them (ast.h: nimplicit). */
static uint64_t elab_count(const struct zc_expr *e)
{
	return sat_add(e->nimplicit, elab_count_bare(e));
}

static uint64_t elab_count_bare(const struct zc_expr *e)
{
	uint64_t n = 0, m, best;
	size_t i;

	switch (e->kind) {
	case ZC_E_APP:
		n = sat_add(e->u.app.nargs, elab_count(e->u.app.fn));
		for (i = 0; i < e->u.app.nargs; i++)
			n = sat_add(n, elab_count(e->u.app.args[i]));
		return n;
	case ZC_E_TUPLE:
	case ZC_E_LIST:
		n = e->kind == ZC_E_TUPLE ? e->u.items.n : 2 * e->u.items.n;
		for (i = 0; i < e->u.items.n; i++)
			n = sat_add(n, elab_count(e->u.items.items[i]));
		return n;
	case ZC_E_CONS:
		return sat_add(2, sat_add(elab_count(e->u.cons.hd),
					  elab_count(e->u.cons.tl)));
	case ZC_E_RECORD:
		n = e->u.record.n;
		if (e->u.record.base)
			n = sat_add(n, elab_count(e->u.record.base));
		for (i = 0; i < e->u.record.n; i++)
			n = sat_add(n, elab_count(e->u.record.values[i]));
		return n;
	case ZC_E_PROJ:
		return sat_add(1, elab_count(e->u.proj.e));
	case ZC_E_LET:
		n = elab_count(e->u.let.body);
		for (i = 0; i < e->u.let.nbinds; i++)
			if (!e->u.let.binds[i].nparams)
				n = sat_add(n, elab_count(e->u.let.binds[i].body));
		return n;
	case ZC_E_LETBANG:
		return sat_add(sat_add(1, pat_leaves(e->u.letbang.pat)),
			       sat_add(elab_count(e->u.letbang.rhs),
				       elab_count(e->u.letbang.body)));
	case ZC_E_IF:
		n = elab_count(e->u.if_.then_);
		m = elab_count(e->u.if_.else_);
		return sat_add(sat_add(3, elab_count(e->u.if_.cond)),
			       n > m ? n : m);
	case ZC_E_MATCH:
		n = elab_count(e->u.match.scrut);
		best = 0;
		for (i = 0; i < e->u.match.n; i++) {
			n = sat_add(n, pat_leaves(e->u.match.branches[i].pat));
			m = elab_count(e->u.match.branches[i].body);
			if (m > best)
				best = m;
		}
		return sat_add(n, best);
	default:	/* names, constants, fun, let open */
		return 0;
	}
}

/* body wrapped in its increment, when the count is not 0 */
static struct node *with_inc(struct res *r, const struct zc_expr *e,
			     struct node *body)
{
	uint64_t k;
	struct node *n;

	if (!body || !(k = elab_count(e)))
		return body;
	n = mknode(r, N_INC, e->pos);
	n->u.inc.k = k;
	n->u.inc.e = body;
	return n;
}

/*
 * Declared cost indexes (eval.h COST INDEXES).  A type carries one when
 * it is `cost T E` (``T `cost` E``, C.cost, Zen.Cost.cost), `optionT T E`
 * or `resultT T E` (OptT.t, RT.t: option / result inside `cost E`),
 * possibly under Tot/GTot.  CR.t has none (contracts write
 * ``CR.t `cost` E``).  Names are matched after module aliases; `cost` is
 * reserved (1.10), so it always means Zen.Cost's.
 */
static int is_cost_type(struct res *r, const struct scope *s,
			const char *name)
{
	const char *dot = strrchr(name, '.'), *last, *mod;
	char buf[256];
	size_t ml;
	int kind;
	size_t val;

	if (!dot) {
		if (!strcmp(name, "cost"))
			return 1;
		if (strcmp(name, "optionT") && strcmp(name, "resultT"))
			return 0;
		if (lookup(r, s, name, &kind, &val) || kind != S_GLOBAL ||
		    r->p->g[val].kind != G_NATIVE)
			return 0;
		return r->p->g[val].nat ==
			       zen_zulib_get("Zen.OptionT", "optionT") ||
		       r->p->g[val].nat ==
			       zen_zulib_get("Zen.ResultT", "resultT");
	}
	ml = (size_t)(dot - name);
	if (ml >= sizeof(buf))
		return 0;
	memcpy(buf, name, ml);
	buf[ml] = 0;
	mod = unalias(r, buf);
	last = dot + 1;
	if (!strcmp(last, "cost"))
		return !strcmp(mod, "Zen.Cost") ||
		       !strncmp(mod, "Zen.Cost.", 9);
	if (!strcmp(mod, "Zen.OptionT"))
		return !strcmp(last, "t") || !strcmp(last, "optionT");
	if (!strcmp(mod, "Zen.ResultT"))
		return !strcmp(last, "t") || !strcmp(last, "resultT");
	return 0;
}

/* The cost index E of type t, or NULL. */
static const struct zc_expr *cost_index_of(struct res *r,
					   const struct scope *s,
					   const struct zc_expr *t)
{
	const struct zc_expr *fn;
	int i;

	for (i = 0; t && i < 8; i++) {
		if (t->kind != ZC_E_APP)
			return NULL;
		fn = t->u.app.fn;
		if (fn->kind == ZC_E_CON && t->u.app.nargs == 1 &&
		    (!strcmp(fn->u.name, "Tot") ||
		     !strcmp(fn->u.name, "GTot"))) {
			t = t->u.app.args[0];
			continue;
		}
		if (fn->kind == ZC_E_VAR && t->u.app.nargs == 2 &&
		    is_cost_type(r, s, fn->u.name))
			return t->u.app.args[1];
		return NULL;
	}
	return NULL;
}

/* Resolve a cost index (quietly: NULL if it does not resolve). */
static struct node *res_index(struct res *r, const struct zc_expr *ix,
			      const struct scope *s)
{
	int q = r->quiet, qf = r->quiet_failed;
	struct node *n;

	r->quiet = 1;
	r->quiet_failed = 0;
	n = res_expr(r, ix, s);
	if (r->quiet_failed)
		n = NULL;
	r->quiet = q;
	r->quiet_failed = qf;
	return n;
}

/* s with each of names[0..n) bound to the erased token. */
static const struct scope *push_erased(struct res *r, const struct scope *s,
				       const char *const *names, size_t n)
{
	size_t i;

	if (n && !r->p->erased_g)
		r->p->erased_g = new_slot(r, G_ERASED, NULL, "%erased");
	for (i = 0; i < n; i++) {
		struct scope *g;

		if (!names[i])
			continue;
		g = (struct scope *)push(r, s, S_GLOBAL, sdup(r, names[i]));
		g->g = r->p->erased_g;
		s = g;
	}
	return s;
}

/* e padded up to the value of idx (skip: see N_PAD); e if idx is NULL. */
static struct node *pad_node(struct res *r, struct zc_pos pos,
			     struct node *idx, size_t skip, struct node *e)
{
	struct node *n;

	if (!e || !idx)
		return e;
	n = mknode(r, N_PAD, pos);
	n->u.pad.idx = idx;
	n->u.pad.skip = skip;
	n->u.pad.e = e;
	return n;
}

/* n, padded to the cost index of e's ascription (`e <: T`, `(e : T)`). */
static struct node *with_ascription(struct res *r, const struct zc_expr *e,
				    const struct scope *s, struct node *n)
{
	const struct zc_expr *ix;

	if (!n || !e->ascribed || !(ix = cost_index_of(r, s, e->ascribed)))
		return n;
	return pad_node(r, e->pos, res_index(r, ix, s), 0, n);
}

static struct node *res_expr_bare(struct res *r, const struct zc_expr *e,
				  const struct scope *s);

static struct node *res_expr(struct res *r, const struct zc_expr *e,
			     const struct scope *s)
{
	return with_ascription(r, e, s, res_expr_bare(r, e, s));
}

/*
 * A body that the elaborator wraps (1.10): `inc k body`.  An ascription
 * of the whole body stays outside: the reference type-checks
 * `(inc k body) <: T` (empty.fst needs it), so the padding wraps the
 * increment, never the other way round.
 */
static struct node *res_body(struct res *r, const struct zc_expr *e,
			     const struct scope *s)
{
	return with_ascription(r, e, s, with_inc(r, e, res_expr_bare(r, e,
								       s)));
}

/* A source lambda: its body carries its increment. */
static struct lam *res_lam(struct res *r, struct zc_pat *const *params,
			   size_t n, const struct zc_expr *body,
			   const struct scope *s)
{
	struct lam *l = alloc(r, sizeof(*l));

	l->nparams = n;
	if (res_pats(r, params, n, &l->params, &s))
		return NULL;
	l->body = res_body(r, body, s);
	return l->body ? l : NULL;
}

/* The continuation of let! (no increment of its own). */
static struct lam *res_cont(struct res *r, struct zc_pat *pat,
			    const struct zc_expr *body, const struct scope *s)
{
	struct lam *l = alloc(r, sizeof(*l));

	l->nparams = 1;
	if (res_pats(r, &pat, 1, &l->params, &s))
		return NULL;
	l->body = res_expr(r, body, s);
	return l->body ? l : NULL;
}

/* Number of local variables pushed between top and base. */
static size_t nlocals(const struct scope *top, const struct scope *base)
{
	size_t n = 0;

	for (; top && top != base; top = top->up)
		if (top->kind == S_LOCAL)
			n++;
	return n;
}

/*
 * A function binding `let f p1 .. pn = body`: a lambda whose body carries
 * its increment, padded to the cost index of its return type
 * (`let f x : cost T E = ...`, E may name the parameters) and of its `val`
 * (`val f : x:T -> cost U E`, E names the val's binders, which stand for
 * the arguments by position).  Dropped implicit binders in E are the
 * erased token.  The val padding wraps the return-type one.
 */
static struct lam *res_fun_binding(struct res *r, const struct zc_binding *b,
				   const struct scope *s)
{
	struct lam *l = alloc(r, sizeof(*l));
	const struct zc_expr *sig_ix = NULL, *ret_ix;
	const struct scope *raw = s, *t;
	size_t i, n = b->nparams;

	l->nparams = n;
	if (b->sig && b->sig->ret && b->sig->n == n)
		sig_ix = cost_index_of(r, s, b->sig->ret);
	if (sig_ix) {
		l->nraw = n;
		for (i = 0; i < n; i++)
			raw = push(r, raw, S_LOCAL, "%arg");
	}
	t = raw;
	if (res_pats(r, b->params, n, &l->params, &t))
		return NULL;
	if (!(l->body = res_body(r, b->body, t)))
		return NULL;
	if (b->ret_type && (ret_ix = cost_index_of(r, t, b->ret_type)))
		l->body = pad_node(r, b->pos,
				   res_index(r, ret_ix,
					     push_erased(r, t, b->implicits,
							 b->nimplicits)),
				   0, l->body);
	if (sig_ix) {
		const struct scope *ts = s;

		for (i = 0; i < n; i++)
			ts = push(r, ts, S_LOCAL, b->sig->names[i]
				  ? sdup(r, b->sig->names[i]) : "%arg");
		ts = push_erased(r, ts, b->sig->implicits,
				 b->sig->nimplicits);
		l->body = pad_node(r, b->sig->pos, res_index(r, sig_ix, ts),
				   nlocals(t, raw), l->body);
	}
	return l;
}

static struct node *fun_node(struct res *r, struct zc_pos pos,
			     struct lam *l)
{
	struct node *n;

	if (!l)
		return NULL;
	n = mknode(r, N_FUN, pos);
	n->u.fun = l;
	return n;
}

/*
 * The value of a binding: fun params -> body (res_fun_binding), or its
 * body, padded to the cost index of its type (`let x : cost T E = e`).
 * A top-level value's body carries its increment (1.10).
 */
static struct node *res_binding_value(struct res *r,
				      const struct zc_binding *b,
				      const struct scope *s, int top)
{
	const struct zc_expr *ix;
	struct node *v;

	if (b->nparams)
		return fun_node(r, b->pos, res_fun_binding(r, b, s));
	v = top ? res_body(r, b->body, s) : res_expr(r, b->body, s);
	if (v && b->ret_type && (ix = cost_index_of(r, s, b->ret_type)))
		v = pad_node(r, b->pos, res_index(r, ix, s), 0, v);
	return v;
}

static struct node *res_name(struct res *r, const struct zc_expr *e,
			     const struct scope *s, int con)
{
	struct node *n;
	int kind;
	size_t val;

	if (lookup(r, s, e->u.name, &kind, &val)) {
		rfail(r, e->pos, "unbound %s '%s'",
		      con ? "constructor" : "name", e->u.name);
		return NULL;
	}
	if (kind == S_LOCAL) {
		n = mknode(r, N_LOCAL, e->pos);
		n->u.idx = val;
	} else if (r->p->g[val].kind == G_ERASED) {
		n = mknode(r, N_CONST, e->pos);
		n->u.k = zv_erased();
	} else {
		n = mknode(r, N_GLOBAL, e->pos);
		n->u.g = val;
	}
	return n;
}

/* e without its ascription (res_expr adds the padding) */
static struct node *res_expr_bare(struct res *r, const struct zc_expr *e,
				  const struct scope *s)
{
	struct node *n;
	size_t i;

	switch (e->kind) {
	case ZC_E_VAR:
	case ZC_E_CON:
		return res_name(r, e, s, e->kind == ZC_E_CON);
	case ZC_E_INT:
		n = mknode(r, N_CONST, e->pos);
		n->u.k = int_const(r, &e->u.lit_int);
		return n;
	case ZC_E_STRING:
		n = mknode(r, N_CONST, e->pos);
		n->u.k = bytes_const(r, &e->u.str);
		return n;
	case ZC_E_BOOL:
		n = mknode(r, N_CONST, e->pos);
		n->u.k = zv_bool(e->u.b);
		return n;
	case ZC_E_UNIT:
		n = mknode(r, N_CONST, e->pos);
		n->u.k = zv_unit();
		return n;
	case ZC_E_ERASED:
		n = mknode(r, N_CONST, e->pos);
		n->u.k = zv_erased();
		return n;
	case ZC_E_APP: {
		struct node *fn = res_expr(r, e->u.app.fn, s);

		if (!fn)
			return NULL;
		if (fn->kind == N_GLOBAL && e->u.app.nargs == 2 &&
		    r->p->g[fn->u.g].kind == G_NATIVE &&
		    (r->p->g[fn->u.g].nat->flags & ZEN_NATIVE_SHORT)) {
			n = mknode(r, N_SHORT, e->pos);
			n->u.sc.is_or = !strcmp(r->p->g[fn->u.g].nat->name,
						"||");
			if (!(n->u.sc.a = res_expr(r, e->u.app.args[0], s)) ||
			    !(n->u.sc.b = res_expr(r, e->u.app.args[1], s)))
				return NULL;
			return n;
		}
		n = mknode(r, N_APP, e->pos);
		n->u.app.fn = fn;
		n->u.app.n = e->u.app.nargs;
		n->u.app.args = alloc(r, n->u.app.n * sizeof(struct node *));
		for (i = 0; i < n->u.app.n; i++) {
			/*
			 * A cost-only parameter of a native (`inc k`,
			 * `incNone n`, ...) is never evaluated (3.8), and
			 * is not resolved either: it may name an implicit
			 * binder that the front end erased (`#n:nat`).
			 * An integer literal (`inc 26`, `incFailw 67 m`)
			 * cannot fail, so it is kept: the cost value then
			 * carries its exact cost (1.10, value.h).
			 */
			if (fn->kind == N_GLOBAL && i < 16 &&
			    r->p->g[fn->u.g].kind == G_NATIVE &&
			    i < r->p->g[fn->u.g].nat->arity &&
			    (r->p->g[fn->u.g].nat->lazy >> i & 1) &&
			    e->u.app.args[i]->kind != ZC_E_INT) {
				n->u.app.args[i] = mknode(r, N_CONST,
							  e->u.app.args[i]->pos);
				n->u.app.args[i]->u.k = zv_erased();
				continue;
			}
			if (!(n->u.app.args[i] = res_expr(r, e->u.app.args[i],
							  s)))
				return NULL;
		}
		return n;
	}
	case ZC_E_TUPLE:
	case ZC_E_LIST:
		n = mknode(r, e->kind == ZC_E_TUPLE ? N_TUPLE : N_LIST,
			   e->pos);
		n->u.items.n = e->u.items.n;
		if (res_exprs(r, e->u.items.items, n->u.items.n,
			      &n->u.items.items, s))
			return NULL;
		return n;
	case ZC_E_CONS:
		n = mknode(r, N_CONS, e->pos);
		if (!(n->u.cons.hd = res_expr(r, e->u.cons.hd, s)) ||
		    !(n->u.cons.tl = res_expr(r, e->u.cons.tl, s)))
			return NULL;
		return n;
	case ZC_E_RECORD:
		n = mknode(r, N_RECORD, e->pos);
		if (e->u.record.base &&
		    !(n->u.rec.base = res_expr(r, e->u.record.base, s)))
			return NULL;
		n->u.rec.n = e->u.record.n;
		n->u.rec.fields = alloc(r, n->u.rec.n * sizeof(char *));
		for (i = 0; i < n->u.rec.n; i++)
			n->u.rec.fields[i] = sdup(r, e->u.record.fields[i]);
		if (res_exprs(r, e->u.record.values, n->u.rec.n,
			      &n->u.rec.vals, s))
			return NULL;
		return n;
	case ZC_E_PROJ:
		n = mknode(r, N_PROJ, e->pos);
		n->u.proj.field = sdup(r, e->u.proj.field);
		if (!(n->u.proj.e = res_expr(r, e->u.proj.e, s)))
			return NULL;
		return n;
	case ZC_E_FUN:
		return fun_node(r, e->pos, res_lam(r, e->u.fun.params,
						   e->u.fun.nparams,
						   e->u.fun.body, s));
	case ZC_E_LET:
		if (e->u.let.rec) {
			const struct scope *t = s;

			n = mknode(r, N_LETREC, e->pos);
			n->u.letrec.n = e->u.let.nbinds;
			n->u.letrec.funs = alloc(r, n->u.letrec.n *
						 sizeof(struct lam *));
			for (i = 0; i < n->u.letrec.n; i++) {
				const struct zc_binding *b =
					&e->u.let.binds[i];

				if (b->pat->kind != ZC_P_VAR || !b->nparams) {
					rfail(r, b->pos, "let rec binds a "
					      "function name");
					return NULL;
				}
				t = push(r, t, S_LOCAL, sdup(r, b->pat->u.name));
			}
			for (i = 0; i < n->u.letrec.n; i++) {
				const struct zc_binding *b =
					&e->u.let.binds[i];

				if (!(n->u.letrec.funs[i] =
				      res_fun_binding(r, b, t)))
					return NULL;
			}
			if (!(n->u.letrec.body = res_expr(r, e->u.let.body,
							  t)))
				return NULL;
			return n;
		} else {
			const struct scope *t = s;

			n = mknode(r, N_LET, e->pos);
			n->u.let.n = e->u.let.nbinds;
			n->u.let.vals = alloc(r, n->u.let.n *
					      sizeof(struct node *));
			n->u.let.pats = alloc(r, n->u.let.n *
					      sizeof(struct rpat *));
			for (i = 0; i < n->u.let.n; i++)
				if (!(n->u.let.vals[i] = res_binding_value(
					      r, &e->u.let.binds[i], s, 0)))
					return NULL;
			for (i = 0; i < n->u.let.n; i++)
				if (!(n->u.let.pats[i] = res_pat(
					      r, e->u.let.binds[i].pat, &t)))
					return NULL;
			if (!(n->u.let.body = res_expr(r, e->u.let.body, t)))
				return NULL;
			return n;
		}
	case ZC_E_LETBANG: {
		struct zc_pat *pat = e->u.letbang.pat;

		n = mknode(r, N_LETBANG, e->pos);
		if (!(n->u.letbang.rhs = res_expr(r, e->u.letbang.rhs, s)) ||
		    !(n->u.letbang.k = res_cont(r, pat, e->u.letbang.body,
						s)))
			return NULL;
		return n;
	}
	case ZC_E_LETOPEN: {
		const struct zen_zulib_module *m =
			find_module(r, e->u.letopen.module);
		struct scope *t;

		if (!m) {
			rfail(r, e->pos, "unknown module '%s'",
			      e->u.letopen.module);
			return NULL;
		}
		t = (struct scope *)push(r, s, S_MODULE, NULL);
		t->mod = m;
		return res_body(r, e->u.letopen.body, t);
	}
	case ZC_E_IF:
		n = mknode(r, N_IF, e->pos);
		if (!(n->u.if_.c = res_expr(r, e->u.if_.cond, s)) ||
		    !(n->u.if_.a = res_expr(r, e->u.if_.then_, s)) ||
		    !(n->u.if_.b = res_expr(r, e->u.if_.else_, s)))
			return NULL;
		return n;
	case ZC_E_MATCH:
		n = mknode(r, N_MATCH, e->pos);
		if (!(n->u.match.scrut = res_expr(r, e->u.match.scrut, s)))
			return NULL;
		n->u.match.n = e->u.match.n;
		n->u.match.pats = alloc(r, n->u.match.n *
					sizeof(struct rpat *));
		n->u.match.bodies = alloc(r, n->u.match.n *
					  sizeof(struct node *));
		for (i = 0; i < n->u.match.n; i++) {
			const struct scope *t = s;

			if (!(n->u.match.pats[i] = res_pat(
				      r, e->u.match.branches[i].pat, &t)) ||
			    !(n->u.match.bodies[i] = res_expr(
				      r, e->u.match.branches[i].body, t)))
				return NULL;
		}
		return n;
	}
	rfail(r, e->pos, "unknown expression");
	return NULL;
}

/* ---- declarations ---- */

static int ctor_fn(struct zen_rt *rt, const struct zen_native *self,
		   zv *const *a, zv **out, uint64_t *cost)
{
	(void)cost;
	*out = zv_con(rt, (const char *)self->aux, self->arity, a);
	return *out ? 0 : ZEN_EREFUSED;
}

static struct init *new_init(struct zc_program *p)
{
	ZEN_GROW(p->init, p->ninit + 1, p->initcap);
	memset(&p->init[p->ninit], 0, sizeof(*p->init));
	return &p->init[p->ninit++];
}

/* Give the variables pushed between top and base global slots: returns
 * the new scope with S_GLOBAL entries instead. */
static const struct scope *globalize(struct res *r, struct init *in,
				     const struct scope *top,
				     const struct scope *base)
{
	const char *names[MAX_PAT_VARS];
	size_t n = scope_vars(top, base, names, MAX_PAT_VARS), i;
	const struct scope *s = base;

	if (n > MAX_PAT_VARS)
		n = MAX_PAT_VARS;
	in->slots = alloc(r, (n ? n : 1) * sizeof(size_t));
	in->nslots = n;
	for (i = 0; i < n; i++) {
		struct scope *g;

		in->slots[i] = new_slot(r, G_USER, NULL, names[i]);
		g = (struct scope *)push(r, s, S_GLOBAL, names[i]);
		g->g = in->slots[i];
		s = g;
	}
	return s;
}

static int res_decl(struct res *r, const struct zc_decl *d,
		    const struct scope **s)
{
	size_t i, j;

	switch (d->kind) {
	case ZC_D_OPEN: {
		const struct zen_zulib_module *m =
			find_module(r, d->u.open.module);
		struct scope *t;

		if (!m)
			return rfail(r, d->pos, "unknown module '%s'",
				     d->u.open.module);
		t = (struct scope *)push(r, *s, S_MODULE, NULL);
		t->mod = m;
		*s = t;
		return 0;
	}
	case ZC_D_ALIAS: {
		const char *target = unalias(r, d->u.alias.module);

		if (!zen_zulib_find(target))
			return rfail(r, d->pos, "unknown module '%s'",
				     d->u.alias.module);
		ZEN_GROW(r->al, r->nal + 1, r->alcap);
		r->al[r->nal].alias = sdup(r, d->u.alias.alias);
		r->al[r->nal].module = sdup(r, target);
		r->nal++;
		return 0;
	}
	case ZC_D_TYPE:
		for (i = 0; i < d->u.type.n; i++) {
			const struct zc_typedef *t = &d->u.type.types[i];
			struct scope *g;

			g = (struct scope *)push(r, *s, S_GLOBAL,
						 sdup(r, t->name));
			g->g = new_slot(r, G_ERASED, NULL, g->name);
			*s = g;
			for (j = 0; j < t->nctors; j++) {
				struct zen_native *nat = alloc(r, sizeof(*nat));
				const char *cn = sdup(r, t->ctors[j].name);

				if (t->ctors[j].arity > 16)
					return rfail(r, t->ctors[j].pos,
						     "constructor with too "
						     "many arguments");
				nat->name = cn;
				nat->fn = ctor_fn;
				nat->arity = (uint8_t)t->ctors[j].arity;
				nat->flags = ZEN_NATIVE_CTOR;
				nat->aux = (intptr_t)cn;
				g = (struct scope *)push(r, *s, S_GLOBAL, cn);
				g->g = native_slot(r, nat);
				*s = g;
			}
		}
		return 0;
	case ZC_D_LET:
		if (d->u.let.rec) {
			/* every name first, then the bodies */
			const struct scope *base = *s;
			struct init *in0;
			size_t first = r->p->ninit;

			for (i = 0; i < d->u.let.nbinds; i++) {
				const struct zc_binding *b = &d->u.let.binds[i];
				struct init *in = new_init(r->p);
				const struct scope *t = *s;

				if (b->pat->kind != ZC_P_VAR)
					return rfail(r, b->pos, "let rec binds "
						     "a function name");
				if (!(in->pat = res_pat(r, b->pat, &t)))
					return ZEN_EINVAL;
				*s = globalize(r, in, t, *s);
			}
			(void)base;
			for (i = 0; i < d->u.let.nbinds; i++) {
				in0 = &r->p->init[first + i];
				if (!(in0->val = res_binding_value(
					      r, &d->u.let.binds[i], *s, 1)))
					return ZEN_EINVAL;
			}
			return 0;
		}
		{
			/* all values in the old scope, then the names */
			const struct scope *old = *s;
			size_t first = r->p->ninit;

			for (i = 0; i < d->u.let.nbinds; i++) {
				struct init *in = new_init(r->p);
				const struct zc_binding *b = &d->u.let.binds[i];

				in->val = res_binding_value(r, b, old, 1);
				if (!in->val)
					return ZEN_EINVAL;
			}
			for (i = 0; i < d->u.let.nbinds; i++) {
				struct init *in = &r->p->init[first + i];
				const struct scope *t = *s;

				if (!(in->pat = res_pat(r, d->u.let.binds[i].pat,
							&t)))
					return ZEN_EINVAL;
				*s = globalize(r, in, t, *s);
			}
			return 0;
		}
	}
	return rfail(r, d->pos, "unknown declaration");
}

int zc_program_load(const struct zc_module *m, const char *file,
		    struct zc_program **out, struct zen_err *err)
{
	struct res r;
	struct zc_program *p = zen_xcalloc(1, sizeof(*p));
	const struct zen_zulib_module *const *pre = zen_zulib_prelude();
	const struct scope *s = NULL;
	size_t i;
	int rc = 0;

	*out = NULL;
	p->a = zc_arena_new();
	memset(&r, 0, sizeof(r));
	r.p = p;
	r.file = file ? file : "<contract>";
	r.err = err;
	for (; *pre; pre++) {
		struct scope *t = (struct scope *)push(&r, s, S_MODULE, NULL);

		t->mod = *pre;
		s = t;
	}
	for (i = 0; i < m->ndecls && !rc; i++)
		rc = res_decl(&r, &m->decls[i], &s);
	free(r.al);
	if (rc || r.failed) {
		zc_program_free(p);
		return rc ? rc : ZEN_EINVAL;
	}
	*out = p;
	return 0;
}

void zc_program_free(struct zc_program *p)
{
	if (!p)
		return;
	zc_arena_free(p->a);
	free(p->g);
	free(p->init);
	free(p);
}

size_t zc_program_nglobals(const struct zc_program *p)
{
	return p->ng;
}

void zc_limits_default(struct zc_limits *l)
{
	l->max_steps = ZC_DEFAULT_MAX_STEPS;
	l->max_depth = ZC_DEFAULT_MAX_DEPTH;
	l->mem_limit = ZC_DEFAULT_MEM_LIMIT;
	l->max_chain = ZC_DEFAULT_MAX_CHAIN;
	l->cancel = NULL;
}

/* ------------------------------------------------------------------ */
/* Evaluation                                                         */
/* ------------------------------------------------------------------ */

struct env {
	zv *v;
	struct env *up;
};

struct zc_exec {
	const struct zc_program *p;
	struct zen_rt *rt;
	zv **g;
	uint64_t steps, max_steps;
	const atomic_int *cancel;	/* zc_limits.cancel */
	/* cost indexes (eval.h COST INDEXES): nesting, and what is left of
	 * the run's budget for all of them */
	unsigned in_index;
	uint64_t index_steps_left;
	size_t index_mem_left;
};

static int eval(struct zc_exec *ex, const struct node *n, struct env *env,
		zv **out);

static int push_env(struct zen_rt *rt, struct env **env, zv *v)
{
	struct env *e = zen_rt_alloc(rt, sizeof(*e));

	if (!e)
		return ZEN_EREFUSED;
	e->v = v;
	e->up = *env;
	*env = e;
	return 0;
}

/* 1 matched (variables pushed on *env), 0 no match, -1 error. */
static int match(struct zc_exec *ex, const struct rpat *p, zv *v,
		 struct env **env)
{
	struct zen_rt *rt = ex->rt;
	size_t i;
	int r;

	switch (p->kind) {
	case P_WILD:
		return 1;
	case P_VAR:
		return push_env(rt, env, v) ? -1 : 1;
	case P_CONST:
		if (v->tag == ZV_ERASED)
			return 1;
		return zv_equal(rt, p->k, v);
	case P_TUPLE:
		if (v->tag != ZV_TUPLE || v->u.seq.n != p->n)
			return 0;
		for (i = 0; i < p->n; i++)
			if ((r = match(ex, p->sub[i], v->u.seq.items[i],
				       env)) != 1)
				return r;
		return 1;
	case P_LIST:
		if (v->tag != ZV_LIST || v->u.list.len != p->n)
			return 0;
		for (i = 0; i < p->n; i++, v = v->u.list.tail)
			if ((r = match(ex, p->sub[i], v->u.list.head,
				       env)) != 1)
				return r;
		return 1;
	case P_CONS:
		if (v->tag != ZV_LIST || !v->u.list.len)
			return 0;
		if ((r = match(ex, p->sub[0], v->u.list.head, env)) != 1)
			return r;
		return match(ex, p->sub[1], v->u.list.tail, env);
	case P_RECORD:
		if (v->tag != ZV_RECORD)
			return 0;
		for (i = 0; i < p->n; i++) {
			zv *f = zv_field(v, p->fields[i]);

			if (!f) {
				zen_rt_fail(rt, "record has no field '%s'",
					    p->fields[i]);
				return -1;
			}
			if ((r = match(ex, p->sub[i], f, env)) != 1)
				return r;
		}
		return 1;
	case P_CON: {
		zv *const *args;
		size_t n;

		if (p->con_list == CON_NIL)
			return v->tag == ZV_LIST && !v->u.list.len;
		if (p->con_list == CON_CONS) {
			zv *two[2];

			if (v->tag != ZV_LIST || !v->u.list.len)
				return 0;
			two[0] = v->u.list.head;
			two[1] = v->u.list.tail;
			if (p->n == 2) {
				if ((r = match(ex, p->sub[0], two[0], env)) != 1)
					return r;
				return match(ex, p->sub[1], two[1], env);
			}
			if (p->n == 1) {
				zv *t = zv_tuple(rt, 2, two);

				return t ? match(ex, p->sub[0], t, env) : -1;
			}
			return 1;
		}
		if (v->tag != ZV_CON || strcmp(v->u.con.name, p->name))
			return 0;
		args = v->u.con.args;
		n = v->u.con.n;
		if (p->n == 0)
			return 1;
		if (p->n == n) {
			for (i = 0; i < n; i++)
				if ((r = match(ex, p->sub[i], args[i],
					       env)) != 1)
					return r;
			return 1;
		}
		if (p->n == 1 && n > 1) {
			/* C (a, b) against a constructor of two arguments */
			zv *t = zv_tuple(rt, n, args);

			return t ? match(ex, p->sub[0], t, env) : -1;
		}
		if (n == 1 && args[0]->tag == ZV_TUPLE &&
		    args[0]->u.seq.n == p->n) {
			for (i = 0; i < p->n; i++)
				if ((r = match(ex, p->sub[i],
					       args[0]->u.seq.items[i],
					       env)) != 1)
					return r;
			return 1;
		}
		return 0;
	}
	case P_OR:
		for (i = 0; i < p->n; i++) {
			struct env *tmp = NULL, *e;
			zv **vals;
			size_t j, k;

			r = match(ex, p->sub[i], v, &tmp);
			if (r == 0)
				continue;
			if (r < 0)
				return r;
			if (!p->nvars)
				return 1;
			if (!(vals = zen_rt_alloc(rt, p->nvars * sizeof(zv *))))
				return -1;
			for (e = tmp, k = p->nvars; e && k; e = e->up)
				vals[--k] = e->v;
			for (j = 0; j < p->nvars; j++)
				if (push_env(rt, env, vals[p->perm[i][j]]))
					return -1;
			return 1;
		}
		return 0;
	}
	return 0;
}

static int global_value(struct zc_exec *ex, size_t g, zv **out)
{
	const struct gslot *s = &ex->p->g[g];
	int rc;

	if (ex->g[g]) {
		*out = ex->g[g];
		return 0;
	}
	switch (s->kind) {
	case G_NATIVE:
		if ((rc = zen_native_value(ex->rt, s->nat, &ex->g[g])))
			return rc;
		*out = ex->g[g];
		return 0;
	case G_ERASED:
		*out = ex->g[g] = zv_erased();
		return 0;
	default:
		return zen_rt_fail(ex->rt, "'%s' used before its definition",
				   s->name ? s->name : "?");
	}
}

/* Bind a saturated closure's parameters: *env becomes the body's env. */
static int bind_params(struct zc_exec *ex, const struct lam *l,
		       zv *const *args, struct env **env)
{
	size_t i;
	int r;

	for (i = 0; i < l->nraw; i++)
		if (push_env(ex->rt, env, args[i]))
			return ZEN_EREFUSED;
	for (i = 0; i < l->nparams; i++) {
		r = match(ex, l->params[i], args[i], env);
		if (r < 0)
			return ZEN_EREFUSED;
		if (r == 0)
			return zen_rt_fail(ex->rt, "%u:%u: parameter pattern "
					   "does not match",
					   (unsigned)l->params[i]->pos.line,
					   (unsigned)l->params[i]->pos.col);
	}
	return 0;
}

static int apply_cb(void *ctx, struct zen_rt *rt, zv *fn, zv *arg, zv **out)
{
	struct zc_exec *ex = ctx;
	const struct lam *l = fn->u.clo.code;
	struct env *env = fn->u.clo.env;
	zv **args;
	int rc;

	if (fn->u.clo.n + 1 < fn->u.clo.arity)
		return (*out = zv_closure_push(rt, fn, arg)) ? 0 : ZEN_EREFUSED;
	if (!(args = zen_rt_alloc(rt, fn->u.clo.arity * sizeof(zv *))))
		return ZEN_EREFUSED;
	if (fn->u.clo.n)
		memcpy(args, fn->u.clo.args, fn->u.clo.n * sizeof(zv *));
	args[fn->u.clo.n] = arg;
	if ((rc = bind_params(ex, l, args, &env)))
		return rc;
	return eval(ex, l->body, env, out);
}

static zv *lookup_env(struct env *env, size_t idx)
{
	while (idx--)
		env = env->up;
	return env->v;
}

static int want_bool(struct zc_exec *ex, const struct node *n, zv *v)
{
	if (v->tag != ZV_BOOL)
		return zen_rt_fail(ex->rt, "%u:%u: expected a bool, got %s",
				   (unsigned)n->pos.line, (unsigned)n->pos.col,
				   zv_tag_name(v));
	return 0;
}

static int eval_app(struct zc_exec *ex, const struct node *n,
		    struct env *env, zv **out, const struct node **tail,
		    struct env **tail_env)
{
	struct zen_rt *rt = ex->rt;
	zv *f, *arg;
	size_t i = 0, nargs = n->u.app.n;
	int rc;

	if ((rc = eval(ex, n->u.app.fn, env, &f)))
		return rc;
	while (i < nargs) {
		if (f->tag == ZV_ERASED) {
			*out = f;	/* a type applied to types */
			return 0;
		}
		if (f->tag == ZV_CLOSURE && f->u.clo.n == 0 &&
		    nargs - i >= f->u.clo.arity) {
			const struct lam *l = f->u.clo.code;
			struct env *e2 = f->u.clo.env;
			size_t k, ar = f->u.clo.arity;
			zv *args[16], **ap = args;

			if (ar > 16 && !(ap = zen_rt_alloc(rt, ar * sizeof(zv *))))
				return ZEN_EREFUSED;
			for (k = 0; k < ar; k++)
				if ((rc = eval(ex, n->u.app.args[i + k], env,
					       &ap[k])))
					return rc;
			i += ar;
			if ((rc = bind_params(ex, l, ap, &e2)))
				return rc;
			if (i == nargs) {
				*tail = l->body;
				*tail_env = e2;
				return 0;
			}
			if ((rc = zen_rt_enter(rt)))
				return rc;
			rc = eval(ex, l->body, e2, &f);
			zen_rt_leave(rt);
			if (rc)
				return rc;
			continue;
		}
		/* a cost-only parameter: erased, unless it is an integer
		 * literal (kept by the resolver, see res_expr) */
		if (f->tag == ZV_NATIVE && zen_next_param_lazy(f) &&
		    !(n->u.app.args[i]->kind == N_CONST &&
		      n->u.app.args[i]->u.k &&
		      n->u.app.args[i]->u.k->tag == ZV_INT))
			arg = zv_erased();
		else if ((rc = eval(ex, n->u.app.args[i], env, &arg)))
			return rc;
		if ((rc = zen_apply(rt, f, arg, &f))) {
			if (!rt->err.msg[0])
				zen_rt_fail(rt, "application failed");
			return rc;
		}
		i++;
	}
	*out = f;
	return 0;
}

/*
 * The value of a cost index (eval.h COST INDEXES): 1 and *out when ix
 * evaluates (forced first if force and it is a cost value) to a
 * non-negative int, else 0.  Never fails the run: it has its own step
 * and memory budget, and the run's error, oom flag, step count and
 * memory limit are as before (the index's memory is added to the limit,
 * so it does not count against the run).
 */
struct index_state {
	struct zen_err err;
	int had_err, oom;
	uint64_t steps, max_steps;
	size_t mem_limit, mem_used;
};

/* 0 if the budget for cost indexes is spent. */
static int index_begin(struct zc_exec *ex, struct index_state *st)
{
	struct zen_rt *rt = ex->rt;
	uint64_t n;
	size_t m;

	st->had_err = rt->err.code != ZEN_OK;
	if (st->had_err)
		st->err = rt->err;
	st->oom = rt->oom;
	st->steps = ex->steps;
	st->max_steps = ex->max_steps;
	st->mem_limit = rt->mem_limit;
	st->mem_used = rt->mem_used;
	if (!ex->in_index) {	/* nested indexes share the outer budget */
		if (!ex->index_steps_left || !ex->index_mem_left)
			return 0;
		n = ex->index_steps_left < ZC_INDEX_MAX_STEPS
			? ex->index_steps_left : ZC_INDEX_MAX_STEPS;
		ex->max_steps = st->steps + n < st->steps ? UINT64_MAX
							  : st->steps + n;
		m = ex->index_mem_left < ZC_INDEX_MAX_MEM
			? ex->index_mem_left : ZC_INDEX_MAX_MEM;
		rt->mem_limit = st->mem_used + m < st->mem_used
			? SIZE_MAX : st->mem_used + m;
	}
	ex->in_index++;
	return 1;
}

/* Restore what index_begin saved; returns ok if v is a number (*out). */
static int index_end(struct zc_exec *ex, struct index_state *st, int ok,
		     const zv *v, uint64_t *out)
{
	struct zen_rt *rt = ex->rt;
	uint64_t n;
	size_t m;

	ex->in_index--;
	if (!ex->in_index) {
		n = ex->steps - st->steps;
		ex->index_steps_left -= n < ex->index_steps_left
			? n : ex->index_steps_left;
		ex->steps = st->steps;
		ex->max_steps = st->max_steps;
		m = rt->mem_used - st->mem_used;
		ex->index_mem_left -= m < ex->index_mem_left
			? m : ex->index_mem_left;
		rt->mem_limit = st->mem_limit + m;
	}
	if (st->had_err) {
		rt->err = st->err;
	} else {
		rt->err.code = ZEN_OK;
		rt->err.msg[0] = 0;
	}
	rt->oom = st->oom;
	if (!ok || !v || v->tag != ZV_INT || v->u.i < 0)
		return 0;
	*out = (uint64_t)v->u.i;
	return 1;
}

static int eval_index(struct zc_exec *ex, const struct node *ix,
		      struct env *env, uint64_t *out)
{
	struct index_state st;
	zv *v = NULL;
	int rc;

	if (!index_begin(ex, &st))
		return 0;
	rc = eval(ex, ix, env, &v);
	return index_end(ex, &st, !rc, v, out);
}

int zc_exec_index_call(struct zc_exec *ex, zv *fn, size_t n,
		       zv *const *args, uint64_t *out)
{
	struct index_state st;
	zv *v = NULL;
	int rc;

	if (!index_begin(ex, &st))
		return 0;
	rc = zen_apply_n(ex->rt, fn, n, args, &v);
	if (!rc && v->tag == ZV_COST)
		rc = zen_force(ex->rt, v, &v, NULL);
	return index_end(ex, &st, !rc, v, out);
}

/* The environment minus its innermost skip entries. */
static struct env *env_skip(struct env *env, size_t skip)
{
	while (skip-- && env)
		env = env->up;
	return env;
}

static int eval(struct zc_exec *ex, const struct node *n, struct env *env,
		zv **out)
{
	struct zen_rt *rt = ex->rt;
	zv *v, *w;
	/* increments and paddings met in tail position, outermost first,
	 * composed into one adjustment of the final cost value */
	struct zv_cost_adj pend = { 0, 0, UINT64_MAX, 0, 0 };
	uint64_t target, s;
	size_t i;
	int rc, r;

	if ((rc = zen_rt_enter(rt)))
		return rc;
again:
	if (++ex->steps > ex->max_steps) {
		rc = zen_rt_fail(rt, "step limit exceeded (%llu)",
				 (unsigned long long)ex->max_steps);
		goto done;
	}
	if (!(ex->steps & (ZC_CANCEL_EVERY - 1)) && ex->cancel &&
	    atomic_load_explicit(ex->cancel, memory_order_relaxed)) {
		rc = zen_rt_fail(rt, "run cancelled");
		goto done;
	}
	switch (n->kind) {
	case N_LOCAL:
		*out = lookup_env(env, n->u.idx);
		if (!*out)
			rc = zen_rt_fail(rt, "%u:%u: recursive value used "
					 "before its definition",
					 (unsigned)n->pos.line,
					 (unsigned)n->pos.col);
		goto done;
	case N_GLOBAL:
		rc = global_value(ex, n->u.g, out);
		goto done;
	case N_CONST:
		*out = n->u.k;
		goto done;
	case N_APP: {
		const struct node *t = NULL;
		struct env *te = NULL;

		if ((rc = eval_app(ex, n, env, out, &t, &te)))
			goto done;
		if (t) {
			n = t;
			env = te;
			goto again;
		}
		goto done;
	}
	case N_SHORT:
		if ((rc = eval(ex, n->u.sc.a, env, &v)) ||
		    (rc = want_bool(ex, n->u.sc.a, v)))
			goto done;
		if (v->u.i == n->u.sc.is_or) {	/* true || _, false && _ */
			*out = v;
			goto done;
		}
		if ((rc = eval(ex, n->u.sc.b, env, &w)) ||
		    (rc = want_bool(ex, n->u.sc.b, w)))
			goto done;
		*out = w;
		goto done;
	case N_TUPLE:
	case N_LIST: {
		zv **items = zen_rt_alloc(rt, n->u.items.n * sizeof(zv *) + 1);

		if (!items) {
			rc = ZEN_EREFUSED;
			goto done;
		}
		for (i = 0; i < n->u.items.n; i++)
			if ((rc = eval(ex, n->u.items.items[i], env,
				       &items[i])))
				goto done;
		*out = n->kind == N_TUPLE
			? zv_tuple(rt, n->u.items.n, items)
			: zv_list(rt, n->u.items.n, items);
		rc = *out ? 0 : ZEN_EREFUSED;
		goto done;
	}
	case N_CONS:
		if ((rc = eval(ex, n->u.cons.hd, env, &v)) ||
		    (rc = eval(ex, n->u.cons.tl, env, &w)))
			goto done;
		if (w->tag != ZV_LIST) {
			rc = zen_rt_fail(rt, "%u:%u: '::' expects a list",
					 (unsigned)n->pos.line,
					 (unsigned)n->pos.col);
			goto done;
		}
		*out = zv_cons(rt, v, w);
		rc = *out ? 0 : ZEN_EREFUSED;
		goto done;
	case N_RECORD: {
		zv **vals = zen_rt_alloc(rt, n->u.rec.n * sizeof(zv *) + 1);

		if (!vals) {
			rc = ZEN_EREFUSED;
			goto done;
		}
		for (i = 0; i < n->u.rec.n; i++)
			if ((rc = eval(ex, n->u.rec.vals[i], env, &vals[i])))
				goto done;
		if (!n->u.rec.base) {
			*out = zv_record(rt, n->u.rec.n, n->u.rec.fields, vals);
			rc = *out ? 0 : ZEN_EREFUSED;
			goto done;
		}
		if ((rc = eval(ex, n->u.rec.base, env, &v)))
			goto done;
		if (v->tag != ZV_RECORD) {
			rc = zen_rt_fail(rt, "%u:%u: 'with' expects a record",
					 (unsigned)n->pos.line,
					 (unsigned)n->pos.col);
			goto done;
		}
		for (i = 0; i < n->u.rec.n && v; i++)
			v = zv_record_set(rt, v, n->u.rec.fields[i], vals[i]);
		*out = v;
		rc = v ? 0 : ZEN_EREFUSED;
		goto done;
	}
	case N_PROJ:
		if ((rc = eval(ex, n->u.proj.e, env, &v)))
			goto done;
		if (v->tag != ZV_RECORD || !(w = zv_field(v, n->u.proj.field))) {
			rc = zen_rt_fail(rt, "%u:%u: no field '%s' in a %s",
					 (unsigned)n->pos.line,
					 (unsigned)n->pos.col,
					 n->u.proj.field, zv_tag_name(v));
			goto done;
		}
		*out = w;
		goto done;
	case N_FUN:
		*out = zv_closure(rt, n->u.fun, env, n->u.fun->nparams);
		rc = *out ? 0 : ZEN_EREFUSED;
		goto done;
	case N_LET: {
		zv *one, **vals = &one;
		struct env *e2 = env;

		if (n->u.let.n > 1 &&
		    !(vals = zen_rt_alloc(rt, n->u.let.n * sizeof(zv *)))) {
			rc = ZEN_EREFUSED;
			goto done;
		}
		for (i = 0; i < n->u.let.n; i++)
			if ((rc = eval(ex, n->u.let.vals[i], env, &vals[i])))
				goto done;
		for (i = 0; i < n->u.let.n; i++) {
			r = match(ex, n->u.let.pats[i], vals[i], &e2);
			if (r != 1) {
				rc = r < 0 ? ZEN_EREFUSED
					   : zen_rt_fail(
						   rt, "%u:%u: let pattern does "
						   "not match",
						   (unsigned)n->u.let.pats[i]->pos.line,
						   (unsigned)n->u.let.pats[i]->pos.col);
				goto done;
			}
		}
		n = n->u.let.body;
		env = e2;
		goto again;
	}
	case N_LETREC: {
		struct env *e2 = env, *c;

		for (i = 0; i < n->u.letrec.n; i++)
			if ((rc = push_env(rt, &e2, NULL)))
				goto done;
		/* the cells are in reverse order: the last function is
		 * index 0 */
		for (i = n->u.letrec.n, c = e2; i--; c = c->up) {
			const struct lam *l = n->u.letrec.funs[i];

			if (!(c->v = zv_closure(rt, (void *)l, e2, l->nparams))) {
				rc = ZEN_EREFUSED;
				goto done;
			}
		}
		n = n->u.letrec.body;
		env = e2;
		goto again;
	}
	case N_LETBANG:
		if ((rc = eval(ex, n->u.letbang.rhs, env, &v)))
			goto done;
		if (v->tag != ZV_COST) {
			rc = zen_rt_fail(rt, "%u:%u: let! expects a cost value, "
					 "got %s", (unsigned)n->pos.line,
					 (unsigned)n->pos.col, zv_tag_name(v));
			goto done;
		}
		if (!(w = zv_closure(rt, n->u.letbang.k, env, 1)) ||
		    !(*out = zen_cost_bind(rt, v, w)))
			rc = ZEN_EREFUSED;
		goto done;
	case N_IF:
		if ((rc = eval(ex, n->u.if_.c, env, &v)) ||
		    (rc = want_bool(ex, n->u.if_.c, v)))
			goto done;
		n = v->u.i ? n->u.if_.a : n->u.if_.b;
		goto again;
	case N_MATCH:
		if ((rc = eval(ex, n->u.match.scrut, env, &v)))
			goto done;
		for (i = 0; i < n->u.match.n; i++) {
			struct env *e2 = env;

			r = match(ex, n->u.match.pats[i], v, &e2);
			if (r < 0) {
				rc = ZEN_EREFUSED;
				goto done;
			}
			if (r == 1) {
				n = n->u.match.bodies[i];
				env = e2;
				goto again;
			}
		}
		rc = zen_rt_fail(rt, "%u:%u: no match case for a %s",
				 (unsigned)n->pos.line, (unsigned)n->pos.col,
				 zv_tag_name(v));
		goto done;
	case N_INC:
		/*
		 * inc a (inc b m) = inc (a + b) m: increments in tail
		 * position are summed and applied once to the final value,
		 * so tail calls stay loops.  Only cost values carry a cost.
		 */
		pend.add = sat_add(pend.add, n->u.inc.k);
		n = n->u.inc.e;
		goto again;
	case N_PAD:
		/*
		 * pad T (the cost c of e) = max(c, T).  The index only
		 * depends on the environment, so it is evaluated first and
		 * the padding joins the pending adjustment: with the
		 * increments `a` met so far (outside it), the result is
		 * max(c + a, T + a), and T + a below an earlier (outer)
		 * target means that target is exceeded (value.h).
		 */
		if (eval_index(ex, n->u.pad.idx, env_skip(env, n->u.pad.skip),
			       &target)) {
			s = sat_add(target, pend.add);
			if (pend.padded && s > pend.least)
				pend.over = 1;
			if (!pend.padded || s > pend.floor)
				pend.floor = s;
			if (s < pend.least)
				pend.least = s;
			pend.padded = 1;
		}
		n = n->u.pad.e;
		goto again;
	}
	rc = zen_rt_fail(rt, "unknown node");
done:
	if (!rc && (pend.add || pend.padded) && (*out)->tag == ZV_COST) {
		if (pend.add > INT64_MAX)
			rc = zen_rt_fail(rt, "cost overflow");
		else if (!(*out = zen_cost_adjust(rt, *out, &pend)))
			rc = ZEN_EREFUSED;
	}
	zen_rt_leave(rt);
	return rc;
}

int zc_exec_begin(struct zc_exec **out, const struct zc_program *p,
		  struct zen_rt *rt, const struct zc_limits *lim)
{
	struct zc_limits def;
	struct zc_exec *ex;
	size_t i, j;
	int rc, r;

	if (!lim) {
		zc_limits_default(&def);
		lim = &def;
	}
	rt->mem_limit = lim->mem_limit;
	rt->max_depth = lim->max_depth;
	*out = NULL;
	if (!(ex = zen_rt_alloc(rt, sizeof(*ex))) ||
	    !(ex->g = zen_rt_alloc(rt, (p->ng + 1) * sizeof(zv *))))
		return ZEN_EREFUSED;
	ex->p = p;
	ex->rt = rt;
	ex->max_steps = lim->max_steps;
	ex->cancel = lim->cancel;
	ex->index_steps_left = lim->max_steps;
	ex->index_mem_left = lim->mem_limit / 4;
	zen_rt_set_apply(rt, apply_cb, ex);
	for (i = 0; i < p->ninit; i++) {
		const struct init *in = &p->init[i];
		struct env *env = NULL, *e;
		zv *v;

		if (in->val->kind == N_FUN && in->nslots == 1 &&
		    in->pat->kind == P_VAR) {
			/* a top-level function: its closure refers to
			 * globals by slot, so recursion needs nothing */
			ex->g[in->slots[0]] = zv_closure(
				rt, in->val->u.fun, NULL,
				in->val->u.fun->nparams);
			if (!ex->g[in->slots[0]])
				return ZEN_EREFUSED;
			continue;
		}
		if ((rc = eval(ex, in->val, NULL, &v)))
			return rc;
		r = match(ex, in->pat, v, &env);
		if (r != 1)
			return r < 0 ? ZEN_EREFUSED
				     : zen_rt_fail(rt, "%u:%u: top-level pattern "
						   "does not match",
						   (unsigned)in->pat->pos.line,
						   (unsigned)in->pat->pos.col);
		for (j = in->nslots, e = env; j-- && e; e = e->up)
			ex->g[in->slots[j]] = e->v;
	}
	*out = ex;
	return 0;
}

int zc_exec_global(struct zc_exec *ex, const char *name, zv **out)
{
	size_t i;

	for (i = ex->p->ng; i--;)
		if (ex->p->g[i].kind == G_USER &&
		    !strcmp(ex->p->g[i].name, name))
			return global_value(ex, i, out);
	return ZEN_ENOTFOUND;
}

uint64_t zc_exec_steps(const struct zc_exec *ex)
{
	return ex->steps;
}
