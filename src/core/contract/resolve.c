/*
 * resolve.c - load time of the ZF* evaluator (eval.h LOADING): resolves
 * a parsed module against the Zulib registry and the module's own
 * declarations, and builds the program tree of eval-int.h.
 *
 * Every expression form has its own res_* function; res_expr_bare only
 * dispatches on the kind (adding a production is adding a function and a
 * case).  Names are looked up once, here; the evaluator never sees one.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/contract/eval-int.h"
#include "core/base/buf.h"


/* S_COSTOF: a name for the cost of the local g entries below it */
enum skind { S_LOCAL, S_MODULE, S_GLOBAL, S_COSTOF };

struct scope {
	uint8_t kind;
	const char *name;
	const struct zen_zulib_module *mod;
	size_t g;
	const struct scope *up;
};

/* A `module A = M.N` declaration: the alias and the module path it
 * stands for (itself unaliased when the declaration was met). */
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
	/* zc_program_load_all: every error goes to fn, and resolution goes
	 * on past the ones it can (unbound names, constructors, modules) */
	zc_error_fn *fn;
	void *ctx;
	/* the contract's type abbreviations so far, for cost indexes */
	const struct zc_typedef **abbrevs;
	size_t nabbrevs, abbrevcap;
	/* the contract's constructors whose arguments have names (C?.x) */
	struct named_ctor {
		const struct zen_native *nat;
		const char **fields;
	} *named;
	size_t nnamed, namedcap;
	/* the slots of the contract's record and variant type names */
	size_t *data_types;
	size_t ndata_types, data_typecap;
	/* the top-level functions with a val: slot and val */
	struct user_sig {
		size_t slot;
		const struct zc_sig *sig;
	} *sigs;
	size_t nsigs, sigcap;
	/* errors passed to fn so far */
	size_t errors;
	/* the last body reported as no cost value (plain_body) */
	const struct zc_expr *plain_reported;
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
	if (r->failed && !r->fn)
		return ZEN_EINVAL;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (r->fn) {
		char line[sizeof(msg) + 300];

		snprintf(line, sizeof(line), "%s:%u:%u: %s", r->file,
			 (unsigned)pos.line, (unsigned)pos.col, msg);
		r->fn(r->ctx, line);
		r->errors++;
		if (r->failed)
			return ZEN_EINVAL;
	}
	r->failed = 1;
	return zen_fail(r->err, ZEN_EINVAL, "%s:%u:%u: %s", r->file,
			(unsigned)pos.line, (unsigned)pos.col, msg);
}

/* 1 if resolution goes on after an error (zc_program_load_all) */
static int going_on(const struct res *r)
{
	return r->fn && !r->quiet;
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

/* The module path an alias or a written path stands for (the latest
 * alias first; LOADING: aliases apply to qualified names and `let open
 * A`). */
static const char *unalias(const struct res *r, const char *m)
{
	for (size_t n = r->nal; n--;)
		if (!strcmp(r->al[n].alias, m))
			return r->al[n].module;
	return m;
}

/*
 * The module a written path names, as a path of the registry: an alias's
 * module, the module itself, or one in the FStar namespace, which F*
 * opens in every module (FStar.Parser.Dep's implicit `open FStar`), so
 * that UInt64.v is FStar.UInt64.v and String.length FStar.String.length.
 * NULL when there is none.
 */
static const char *module_path(struct res *r, const char *path)
{
	const char *m = unalias(r, path);
	char fstar[256];

	if (zen_zulib_find(m))
		return m;
	if (m != path || snprintf(fstar, sizeof(fstar), "FStar.%s", path) >=
			     (int)sizeof(fstar) || !zen_zulib_find(fstar))
		return NULL;
	return sdup(r, fstar);
}

static const struct zen_zulib_module *find_module(struct res *r,
						  const char *path)
{
	const char *m = module_path(r, path);

	return m ? zen_zulib_find(m) : NULL;
}

/* compile_op's word for each operator character */
static const struct {
	const char *word;
	char c;
} op_words[] = {
	{ "Amp", '&' }, { "At", '@' }, { "Plus", '+' },
	{ "Minus", '-' }, { "Subtraction", '-' }, { "Slash", '/' },
	{ "Less", '<' }, { "Equals", '=' }, { "Greater", '>' },
	{ "Underscore", '_' }, { "Bar", '|' }, { "Bang", '!' },
	{ "Hat", '^' }, { "Percent", '%' }, { "Star", '*' },
	{ "Question", '?' }, { "Colon", ':' },
};

/*
 * The operator an op_ name spells, as F*'s parser names operators
 * (compile_op: op_ and one word per character, joined by '_'), so that
 * `L.op_Colon_Colon` is Zen.List's ( :: ) and `U64.op_Plus_Hat` is ( +^ ).
 * 0 when name is no such spelling.
 */
static int op_symbol(const char *name, char *sym, size_t size)
{
	const char *w = name + 3;
	size_t n = 0;

	if (strncmp(name, "op_", 3))
		return 0;
	while (*w) {
		size_t len = strcspn(w, "_"), i;

		for (i = 0; i < ZEN_ARRAY_SIZE(op_words); i++)
			if (strlen(op_words[i].word) == len &&
			    !strncmp(op_words[i].word, w, len))
				break;
		if (i == ZEN_ARRAY_SIZE(op_words) || n + 1 >= size)
			return 0;
		sym[n++] = op_words[i].c;
		w += len;
		if (*w && !*++w)
			return 0;	/* a trailing '_' */
	}
	sym[n] = 0;
	return n > 0;
}

/*
 * The op_ name of operator sym (compile_op's: ^^ is op_Hat_Hat), so that
 * `let op_Hat_Hat a b = ...` binds what `a ^^ b` applies.  0 when sym has
 * a character compile_op has no word for here.
 */
static int op_name(const char *sym, char *name, size_t size)
{
	size_t n = (size_t)snprintf(name, size, "op");

	for (; *sym && n < size; sym++) {
		size_t i;

		for (i = 0; i < ZEN_ARRAY_SIZE(op_words); i++)
			if (op_words[i].c == *sym)
				break;
		if (i == ZEN_ARRAY_SIZE(op_words))
			return 0;
		n += (size_t)snprintf(name + n, size - n, "_%s",
				      op_words[i].word);
	}
	return n < size;
}

static int lookup_spelled(struct res *r, const struct scope *s,
			  const char *name, int *kind, size_t *val);

/* Look name up as spelled (lookup_spelled), else an op_ name as the
 * operator it spells, and ( :: ) as Zen.List's. */
static int lookup(struct res *r, const struct scope *s, const char *name,
		  int *kind, size_t *val)
{
	const char *dot = strrchr(name, '.');
	const char *base = dot && is_ident_start(name[0]) ? dot + 1 : name;
	char sym[32], alt[256];
	int rc = lookup_spelled(r, s, name, kind, val);

	/* ( :: ) where no module names it: the list constructor, which is
	 * what Zen.List's ( :: ) is */
	if (rc == ZEN_ENOTFOUND && !strcmp(name, "::"))
		return lookup_spelled(r, s, "Zen.List.::", kind, val);
	if (rc == ZEN_ENOTFOUND && base == name && !is_ident_start(name[0]) &&
	    op_name(name, alt, sizeof(alt)))
		return lookup_spelled(r, s, alt, kind, val);
	if (rc != ZEN_ENOTFOUND || !op_symbol(base, sym, sizeof(sym)) ||
	    (size_t)snprintf(alt, sizeof(alt), "%.*s%s", (int)(base - name),
			     name, sym) >= sizeof(alt))
		return rc;
	return lookup_spelled(r, s, alt, kind, val);
}

/*
 * Look name up.  Returns 0 and fills *kind and *val: S_LOCAL with the index,
 * or S_GLOBAL with the slot.  ZEN_ENOTFOUND if unbound (no message).
 */
static int lookup_spelled(struct res *r, const struct scope *s,
			  const char *name, int *kind, size_t *val)
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
		case S_COSTOF:
			if (!strcmp(s->name, name)) {
				*kind = S_COSTOF;
				*val = idx + s->g;
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
	case ZC_INT_U32: v = mkzv(r, ZV_U32); v->u.u = li->v.u; break;
	case ZC_INT_U64: v = mkzv(r, ZV_U64); v->u.u = li->v.u; break;
	case ZC_INT_I64: v = mkzv(r, ZV_I64); v->u.i = li->v.i; break;
	default:
		/* int, a checked int64 (and the kinds of a module Zulib
		 * lacks, which int_literal has refused) */
		v = mkzv(r, ZV_INT);
		v->u.i = li->v.i;
		break;
	}
	return v;
}

/*
 * The module a literal's type needs when Zulib v0.3.43 lacks it: F*
 * reads 1us as FStar.UInt16.__uint_to_t 1, and Zulib ships no
 * FStar.UInt16, Int8, Int16 or Int32.  NULL for the others.
 */
static const char *missing_int_module(const struct zc_int *li)
{
	switch (li->kind) {
	case ZC_INT_U16: return "FStar.UInt16";
	case ZC_INT_I8: return "FStar.Int8";
	case ZC_INT_I16: return "FStar.Int16";
	case ZC_INT_I32: return "FStar.Int32";
	default: return NULL;
	}
}

/* A literal's value; a literal of a type Zulib lacks is an error. */
static zv *int_literal(struct res *r, struct zc_pos pos,
		       const struct zc_int *li)
{
	const char *missing = missing_int_module(li);

	if (missing)
		rfail(r, pos, "unknown module '%s' (the type of this "
		      "literal)", missing);
	return int_const(r, li);
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

/* The constructor name names in s: its native (its run-time name in
 * aux), or NULL after rfail. */
static const struct zen_native *find_con(struct res *r, struct zc_pos pos,
					 const char *name,
					 const struct scope *s)
{
	const struct gslot *g;
	int kind;
	size_t val;

	if (lookup(r, s, name, &kind, &val) || kind != S_GLOBAL) {
		rfail(r, pos, "unbound constructor '%s'", name);
		return NULL;
	}
	g = &r->p->g[val];
	if (g->kind != G_NATIVE || !(g->nat->flags & ZEN_NATIVE_CTOR)) {
		rfail(r, pos, "'%s' is not a constructor", name);
		return NULL;
	}
	return g->nat;
}

static struct rpat *res_pat(struct res *r, const struct zc_pat *p,
			    const struct scope **s);

/*
 * Mk<t> p1 .. pn, the constructor c of a record (or tuple) type t in a
 * pattern: the pattern { f1 = p1; ... } (or (p1, ..., pn)); NULL after
 * rfail.
 */
static struct rpat *record_con_pat(struct res *r, const struct zc_pat *p,
				   const struct zen_native *c,
				   const struct scope **s)
{
	const struct zen_record_type *t =
		(const struct zen_record_type *)c->aux;
	struct zc_pat x = *p;

	if (p->u.con.nargs != t->n) {
		rfail(r, p->pos, "'%s' takes %zu arguments, given %zu",
		      p->u.con.name, t->n, p->u.con.nargs);
		return NULL;
	}
	if (t->tuple) {
		x.kind = ZC_P_TUPLE;
		x.u.items.items = p->u.con.args;
		x.u.items.n = t->n;
	} else {
		x.kind = ZC_P_RECORD;
		x.u.record.fields = (const char **)t->fields;
		x.u.record.pats = p->u.con.args;
		x.u.record.n = t->n;
	}
	return res_pat(r, &x, s);
}

static struct rpat *res_pat(struct res *r, const struct zc_pat *p,
			    const struct scope **s)
{
	struct rpat *q;
	struct zc_pat *two[2];
	size_t i;

	switch (p->kind) {
	case ZC_P_WILD:
		return mkpat(r, P_WILD, p->pos);
	case ZC_P_VAR:
		q = mkpat(r, P_VAR, p->pos);
		*s = push(r, *s, S_LOCAL, sdup(r, p->u.name));
		return q;
	case ZC_P_INT:
		q = mkpat(r, P_CONST, p->pos);
		q->k = int_literal(r, p->pos, &p->u.lit_int);
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
		const struct zen_native *c = find_con(r, p->pos,
						      p->u.con.name, *s);

		if (c && (c->flags & ZEN_NATIVE_RECORD))
			return record_con_pat(r, p, c, s);
		q = mkpat(r, P_CON, p->pos);
		if (!(q->name = c ? (const char *)c->aux : NULL)) {
			if (!going_on(r))
				return NULL;
			q->name = "%unbound";	/* its variables still bind */
		}
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
 * The elaborator's cost increments, as the elaborator the reference pins
 * counts them (zenprotocol/ZFS-Tools 0.0.24, ASTUtils.fs: pat_cost and
 * elab_term; contracts.md 1.10 describes an earlier one): every top-level
 * let body, lambda body and local function body is wrapped as
 * `Zen.Cost.inc k body` when k > 0, with k a syntactic count of the body:
 * 0 for names and constants, 1 for a projector C?.f, 1 per argument of an
 * application, operator or constructor (implicit arguments `#x` included,
 * though evaluation drops them), 1 per projection, 1 per record field,
 * if = 3 + condition + the larger branch, match = scrutinee + the leaves
 * of every pattern + the largest branch, let! = 2 + both sides (its
 * pattern is not counted).  Lambdas count 0 where they occur (they carry
 * their own increment); `let open M in e` is no wrapped body, e counts
 * where it stands.  Tuples and list literals count as the constructor
 * applications they stand for (n, and 2 per element).
 *
 * The leaves are those of F*'s pattern tree: a variable, _, a constant,
 * and a constructor's name, so `None` is 1, `Some x` 2, `hd :: tl` 3
 * (Cons hd tl), `[]` 0 (an empty list pattern), a tuple the sum of its
 * items.  The reference's compiled test contracts agree (Z3fa7f77b...,
 * c3: Some/None 3, main 36; Zadd0e93..., c2: 57; Z1af0ff19..., the CGP:
 * a match on `a :: b :: [] | _` inside which a `let open` adds no
 * increment of its own, 11).
 * Elaboration never changes a value; it only makes the cost that main's
 * value carries equal to what the type checker proves cf computes.
 */
static uint64_t pat_leaves(const struct zc_pat *p)
{
	uint64_t n = 0;
	size_t i;

	switch (p->kind) {
	case ZC_P_CON:		/* the constructor's name is a leaf too */
		n = 1;
		for (i = 0; i < p->u.con.nargs; i++)
			n = zc_sat_add(n, pat_leaves(p->u.con.args[i]));
		return n;
	case ZC_P_TUPLE:
	case ZC_P_LIST:		/* [] has no leaf */
	case ZC_P_OR:
		for (i = 0; i < p->u.items.n; i++)
			n = zc_sat_add(n, pat_leaves(p->u.items.items[i]));
		return n;
	case ZC_P_CONS:		/* Cons hd tl */
		return zc_sat_add(1, zc_sat_add(pat_leaves(p->u.cons.hd),
					      pat_leaves(p->u.cons.tl)));
	case ZC_P_RECORD:
		for (i = 0; i < p->u.record.n; i++)
			n = zc_sat_add(n, pat_leaves(p->u.record.pats[i]));
		return n;
	default:	/* _, a variable, a constant, () */
		return 1;
	}
}

static uint64_t elab_count_bare(const struct zc_expr *e);

/* Implicit arguments are arguments of the application (1 each, and
 * their own count: ASTUtils' App ignores imp), though the front end
 * dropped them (ast.h: nimplicit). */
static uint64_t elab_count(const struct zc_expr *e)
{
	uint64_t n = zc_sat_add(e->nimplicit, elab_count_bare(e));

	for (uint32_t i = 0; i < e->nimplicit; i++)
		n = zc_sat_add(n, elab_count(e->implicit_args[i]));
	return n;
}

static uint64_t elab_count_bare(const struct zc_expr *e)
{
	uint64_t n = 0, m, best;
	size_t i;

	switch (e->kind) {
	case ZC_E_APP:
		n = zc_sat_add(e->u.app.nargs, elab_count(e->u.app.fn));
		for (i = 0; i < e->u.app.nargs; i++)
			n = zc_sat_add(n, elab_count(e->u.app.args[i]));
		return n;
	case ZC_E_TUPLE:
	case ZC_E_LIST:
		n = e->kind == ZC_E_TUPLE ? e->u.items.n : 2 * e->u.items.n;
		for (i = 0; i < e->u.items.n; i++)
			n = zc_sat_add(n, elab_count(e->u.items.items[i]));
		return n;
	case ZC_E_CONS:
		return zc_sat_add(2, zc_sat_add(elab_count(e->u.cons.hd),
					  elab_count(e->u.cons.tl)));
	case ZC_E_RECORD:
		n = e->u.record.n;
		if (e->u.record.base)
			n = zc_sat_add(n, elab_count(e->u.record.base));
		for (i = 0; i < e->u.record.n; i++)
			n = zc_sat_add(n, elab_count(e->u.record.values[i]));
		return n;
	case ZC_E_PROJ:
		return zc_sat_add(1, elab_count(e->u.proj.e));
	case ZC_E_LET:
		n = elab_count(e->u.let.body);
		for (i = 0; i < e->u.let.nbinds; i++)
			if (!e->u.let.binds[i].nparams)
				n = zc_sat_add(n, elab_count(e->u.let.binds[i].body));
		return n;
	case ZC_E_LETBANG:
		return zc_sat_add(2, zc_sat_add(elab_count(e->u.letbang.rhs),
					      elab_count(e->u.letbang.body)));
	case ZC_E_IF:
		n = elab_count(e->u.if_.then_);
		m = elab_count(e->u.if_.else_);
		return zc_sat_add(zc_sat_add(3, elab_count(e->u.if_.cond)),
			       n > m ? n : m);
	case ZC_E_MATCH:
		n = elab_count(e->u.match.scrut);
		best = 0;
		for (i = 0; i < e->u.match.n; i++) {
			n = zc_sat_add(n, pat_leaves(e->u.match.branches[i].pat));
			m = elab_count(e->u.match.branches[i].body);
			if (m > best)
				best = m;
		}
		return zc_sat_add(n, best);
	case ZC_E_LETOPEN:
		return elab_count(e->u.letopen.body);
	case ZC_E_INT:		/* -5 is Op ("-", [5]); -5L a constant */
		return e->u.lit_int.minus_op;
	case ZC_E_VAR:		/* a projector C?.f is 1, other names 0 */
	case ZC_E_CON:
		return strstr(e->u.name, "?.") != NULL;
	default:	/* constants, fun */
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
	/* Zen.Cost.Realized's `type t (a:Type) (n:nat) = cost a n` */
	if (!strcmp(last, "t") && (!strcmp(mod, "Zen.Cost") ||
				   !strncmp(mod, "Zen.Cost.", 9)))
		return 1;
	if (!strcmp(mod, "Zen.OptionT"))
		return !strcmp(last, "t") || !strcmp(last, "optionT");
	if (!strcmp(mod, "Zen.ResultT"))
		return !strcmp(last, "t") || !strcmp(last, "resultT");
	return 0;
}

/* The contract's abbreviation t stands for (`type amountT = U64.t `cost`
 * 8`, `type priced (n:nat) = nat `cost` (n * 64)`), NULL if t is none. */
static const struct zc_typedef *abbrev_of(struct res *r,
					  const struct zc_expr *t)
{
	return zc_typedef_applied(r->abbrevs, r->nabbrevs, t);
}

/* e with abbreviation td's parameters replaced by args.  An index is
 * names, literals and applications (operators); any other form gives
 * NULL (no index). */
static const struct zc_expr *subst_params(struct res *r,
					  const struct zc_typedef *td,
					  const struct zc_expr *const *args,
					  const struct zc_expr *e)
{
	struct zc_expr *c;

	switch (e->kind) {
	case ZC_E_VAR:
		for (size_t i = 0; i < td->nparams; i++)
			if (td->params[i] && !strcmp(td->params[i], e->u.name))
				return args[i];
		return e;
	case ZC_E_CON: case ZC_E_INT:
		return e;
	case ZC_E_APP:
		c = alloc(r, sizeof(*c));
		*c = *e;
		c->u.app.args = alloc(r, e->u.app.nargs * sizeof(*c->u.app.args));
		if (!(c->u.app.fn = (struct zc_expr *)subst_params(r, td, args,
							e->u.app.fn)))
			return NULL;
		for (size_t i = 0; i < e->u.app.nargs; i++)
			if (!(c->u.app.args[i] = (struct zc_expr *)subst_params(
				      r, td, args, e->u.app.args[i])))
				return NULL;
		return c;
	default:
		return NULL;
	}
}

/* T of `Tot T` or `GTot T` (also `Tot T (decreases e)`, as Zulib's foldT
 * writes), else NULL. */
static const struct zc_expr *under_tot(const struct zc_expr *t)
{
	const struct zc_expr *fn;

	if (t->kind != ZC_E_APP)
		return NULL;
	fn = t->u.app.fn;
	if (fn->kind != ZC_E_CON || (strcmp(fn->u.name, "Tot") &&
				     strcmp(fn->u.name, "GTot")))
		return NULL;
	return t->u.app.args[0];
}

/* The cost index E of type t, or NULL (depth: abbreviations followed so
 * far, 8 at most: `type cost a n = cost a n` would not end). */
static const struct zc_expr *cost_index_at(struct res *r,
					   const struct scope *s,
					   const struct zc_expr *t, int depth)
{
	const struct zc_typedef *td;
	const struct zc_expr *fn, *ix;
	int i;

	for (i = 0; t && i < 8; i++) {
		if ((td = abbrev_of(r, t))) {
			/* the abbreviation's index, its parameters replaced by
			 * the arguments */
			if (depth >= 8 ||
			    !(ix = cost_index_at(r, s, td->abbrev, depth + 1)))
				return NULL;
			return subst_params(r, td, t->kind == ZC_E_APP
					    ? (const struct zc_expr *const *)
					      t->u.app.args : NULL, ix);
		}
		if (t->kind != ZC_E_APP)
			return NULL;
		fn = t->u.app.fn;
		if ((ix = under_tot(t))) {
			t = ix;
			continue;
		}
		if (fn->kind == ZC_E_VAR && t->u.app.nargs == 2 &&
		    is_cost_type(r, s, fn->u.name))
			return t->u.app.args[1];
		return NULL;
	}
	return NULL;
}

static const struct zc_expr *cost_index_of(struct res *r,
					   const struct scope *s,
					   const struct zc_expr *t)
{
	return cost_index_at(r, s, t, 0);
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

/*
 * The scope of a `val`'s cost index, above its n explicit binders (the
 * arguments, locals): each implicit binder `#n` is the cost of the first
 * argument whose declared type is `cost T n` (also optionT/resultT; as
 * in Zulib's `inc : #n:nat -> k:nat -> cost a n -> cost a (n + k)`),
 * else the erased token (it then makes the index pad nothing).
 */
static const struct scope *push_implicits(struct res *r,
					  const struct scope *s,
					  const struct zc_sig *sig,
					  const struct scope *tys)
{
	size_t i, k;

	for (i = 0; i < sig->nimplicits; i++) {
		const char *name = sig->implicits[i];
		struct scope *c;

		if (!name)
			continue;
		for (k = 0; sig->types && k < sig->n; k++) {
			const struct zc_expr *ix = sig->types[k]
				? cost_index_of(r, tys, sig->types[k]) : NULL;

			if (ix && ix->kind == ZC_E_VAR &&
			    !strcmp(ix->u.name, name))
				break;
		}
		if (!sig->types || k == sig->n) {
			s = push_erased(r, s, &name, 1);
			continue;
		}
		c = (struct scope *)push(r, s, S_COSTOF, sdup(r, name));
		c->g = sig->n - 1 - k;
		s = c;
	}
	return s;
}

/*
 * The same for the return type of `let f (#n:nat) (m : cost U n) : cost T
 * (n + 3) = ...`: in t, the scope of the body, `#n` is the cost of the
 * parameter m whose declared type names it, else the erased token.
 */
static const struct scope *push_let_implicits(struct res *r,
					      const struct scope *t,
					      const struct zc_binding *b)
{
	size_t i, k, val;
	int kind;

	for (i = 0; i < b->nimplicits; i++) {
		const char *name = b->implicits[i];
		struct scope *c;

		for (k = 0; b->param_types && k < b->nparams; k++) {
			const struct zc_expr *ix = b->param_types[k]
				? cost_index_of(r, t, b->param_types[k]) : NULL;

			if (ix && ix->kind == ZC_E_VAR &&
			    !strcmp(ix->u.name, name) &&
			    b->params[k]->kind == ZC_P_VAR)
				break;
		}
		if (!b->param_types || k == b->nparams ||
		    lookup(r, t, b->params[k]->u.name, &kind, &val) ||
		    kind != S_LOCAL) {
			t = push_erased(r, t, &name, 1);
			continue;
		}
		c = (struct scope *)push(r, t, S_COSTOF, sdup(r, name));
		c->g = val;
		t = c;
	}
	return t;
}

/* The name a binding binds, for messages; NULL if it binds a pattern. */
static const char *binding_name(struct res *r, const struct zc_binding *b)
{
	return b->pat->kind == ZC_P_VAR ? sdup(r, b->pat->u.name) : NULL;
}

/* e padded up to the value of idx (skip: see N_PAD), which declaration
 * decl of name (NULL: an ascription) declares; e if idx is NULL. */
static struct node *pad_node(struct res *r, struct zc_pos pos,
			     struct node *idx, size_t skip, struct node *e,
			     enum zc_declarer decl, const char *name)
{
	struct node *n;

	if (!e || !idx)
		return e;
	n = mknode(r, N_PAD, pos);
	n->u.pad.idx = idx;
	n->u.pad.skip = skip;
	n->u.pad.e = e;
	n->u.pad.decl = decl;
	n->u.pad.name = name;
	return n;
}

/* n, padded to the cost index of e's ascription (`e <: T`, `(e : T)`). */
static struct node *with_ascription(struct res *r, const struct zc_expr *e,
				    const struct scope *s, struct node *n)
{
	const struct zc_expr *ix;

	if (!n || !e->ascribed || !(ix = cost_index_of(r, s, e->ascribed)))
		return n;
	return pad_node(r, e->pos, res_index(r, ix, s), 0, n,
			ZC_BY_ASCRIPTION, NULL);
}

static struct node *res_expr_bare(struct res *r, const struct zc_expr *e,
				  const struct scope *s);

static struct node *res_expr(struct res *r, const struct zc_expr *e,
			     const struct scope *s)
{
	return with_ascription(r, e, s, res_expr_bare(r, e, s));
}

/* ---- bodies of no cost value -------------------------------------------
 *
 * The elaborator wraps a body of count k > 0 (a top-level let's, a local
 * function's, a lambda's) in `inc k`, which F* types on cost values only
 * (eval.c note_uncost finds the bodies a run meets).  The activation check
 * (the tools, r->fn) also refuses, wherever they are, the bodies that are
 * surely no cost value: by their declared type, or by what they end on.
 * "Surely" only: a name, a projection, a function of the contract's own
 * or a padding may be a cost value, and are left to the run.
 */

static const struct zen_native *head_native(struct res *r,
					    const struct node *fn);

/* nat is one of Zulib's cost types (Zen.Cost's cost and t, optionT,
 * resultT and their t) */
static int cost_type_native(const struct zen_native *nat)
{
	static const char *const types[][2] = {
		{ "Zen.Cost.Realized", "cost" }, { "Zen.Cost.Realized", "t" },
		{ "Zen.OptionT", "optionT" }, { "Zen.OptionT", "t" },
		{ "Zen.ResultT", "resultT" }, { "Zen.ResultT", "t" },
	};

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(types); i++)
		if (nat == zen_zulib_get(types[i][0], types[i][1]))
			return 1;
	return 0;
}

/* A type of values: not a cost type, nor a sort (Type, prop ...), which
 * a type-level function would return. */
static int plain_type_native(const struct zen_native *nat)
{
	static const char *const sorts[] = { "Type", "Type0", "eqtype",
					     "prop", "refineType" };

	if (!(nat->flags & ZEN_NATIVE_TYPE) || cost_type_native(nat))
		return 0;
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(sorts); i++)
		if (!strcmp(nat->name, sorts[i]))
			return 0;
	return 1;
}

static int is_data_type(const struct res *r, size_t slot)
{
	for (size_t i = 0; i < r->ndata_types; i++)
		if (r->data_types[i] == slot)
			return 1;
	return 0;
}

/* 1 when type t (a declared return type) is surely no cost type: a type
 * of Zulib's that is none, or the contract's own record or variant,
 * through the contract's abbreviations and Tot. */
static int plain_type(struct res *r, const struct scope *s,
		      const struct zc_expr *t)
{
	for (int i = 0; t && i < 8; i++) {
		const struct zc_typedef *td = abbrev_of(r, t);
		const struct zc_expr *fn = t->kind == ZC_E_APP ? t->u.app.fn
							      : t;
		int kind;
		size_t val;

		if (td || under_tot(t)) {
			t = td ? td->abbrev : under_tot(t);
			continue;
		}
		if (fn->kind != ZC_E_VAR ||
		    lookup(r, s, fn->u.name, &kind, &val) || kind != S_GLOBAL)
			return 0;
		if (r->p->g[val].kind == G_NATIVE)
			return plain_type_native(r->p->g[val].nat);
		return r->p->g[val].kind == G_ERASED && is_data_type(r, val);
	}
	return 0;
}

/* A function whose result is no cost value: a constructor (Zulib's or
 * the contract's), or a function of Prims or FStar's machine integers,
 * strings and chars (arithmetic, comparisons, conversions). */
static int plain_native(const struct zen_native *nat)
{
	static const char *const modules[] = {
		"Prims", "FStar.UInt8", "FStar.UInt32", "FStar.UInt64",
		"FStar.Int64", "FStar.String", "FStar.Char",
	};

	if (nat->flags & (ZEN_NATIVE_COST | ZEN_NATIVE_GHOST |
			  ZEN_NATIVE_TYPE))
		return 0;
	if (nat->flags & (ZEN_NATIVE_CTOR | ZEN_NATIVE_RECORD))
		return 1;
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(modules); i++)
		if (nat == zen_zulib_get(modules[i], nat->name))
			return 1;
	return 0;
}

static int plain_const(const zv *k)
{
	switch (k->tag) {
	case ZV_INT: case ZV_U8: case ZV_U32: case ZV_U64: case ZV_I64:
	case ZV_BOOL: case ZV_UNIT: case ZV_BYTES:
		return 1;
	default:
		return 0;
	}
}

/* 1 when the resolved body n surely ends on no cost value: a literal, a
 * tuple, list, record or constructed value, a plain function's result;
 * a branch of an if or a match that is one (F* gives every branch the
 * same type). */
static int plain_node(struct res *r, const struct node *n)
{
	const struct zen_native *nat;

	switch (n->kind) {
	case N_CONST:
		return plain_const(n->u.k);
	case N_SHORT: case N_TUPLE: case N_LIST: case N_CONS: case N_RECORD:
		return 1;
	case N_APP:
		return (nat = head_native(r, n->u.app.fn)) && plain_native(nat);
	case N_GLOBAL:	/* None, a constructor of no arguments */
		return (nat = head_native(r, n)) && !nat->arity &&
		       (nat->flags & ZEN_NATIVE_CTOR);
	case N_LET:
		return plain_node(r, n->u.let.body);
	case N_LETREC:
		return plain_node(r, n->u.letrec.body);
	case N_IF:
		return plain_node(r, n->u.if_.a) || plain_node(r, n->u.if_.b);
	case N_MATCH:
		for (size_t i = 0; i < n->u.match.n; i++)
			if (plain_node(r, n->u.match.bodies[i]))
				return 1;
		return 0;
	default:
		return 0;
	}
}

/* The activation check's error at body e (once), `why` it is no cost
 * value. */
static void plain_body(struct res *r, const struct zc_expr *e,
		       const char *why)
{
	unsigned long long k = elab_count(e);
	int quiet = r->quiet;

	if (r->plain_reported == e)
		return;
	r->plain_reported = e;
	r->quiet = 0;
	rfail(r, e->pos, "this body counts %llu but %s " ZC_UNCOST_WHY, k, why,
	      k);
	r->quiet = quiet;
}

/* The same by the body's declared type t (a return type, a val's). */
static void plain_by_type(struct res *r, const struct zc_expr *e,
			  const struct scope *s, const struct zc_expr *t)
{
	if (r->fn && !r->quiet && t && plain_type(r, s, t) && elab_count(e))
		plain_body(r, e, "its type is no cost type");
}

/*
 * A body that the elaborator wraps (1.10): `inc k body`.  An ascription
 * of the whole body is part of the body (ASTUtils.fs elab_term keeps
 * Ascribed(e', T) and the increment goes around it): the reference
 * type-checks `inc k (e' <: T)`, so T's index is e's own cost, without k.
 */
static struct node *res_body(struct res *r, const struct zc_expr *e,
			     const struct scope *s)
{
	size_t errors = r->errors;
	struct node *n = res_expr(r, e, s);

	/* a body with errors of its own is judged once they are fixed */
	if (n && r->fn && !r->quiet && r->errors == errors &&
	    plain_node(r, n) && elab_count(e))
		plain_body(r, e, "is no cost value");
	return with_inc(r, e, n);
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
/* The cost index of a val: its codomain's, with the parameters of the
 * arrow abbreviation it is written with bound to the arguments written
 * (`type entry (n:nat) = ... -> contractResult `cost` n`, `val main :
 * entry 5`: 5). */
static const struct zc_expr *sig_index(struct res *r, const struct scope *s,
				       const struct zc_sig *sig)
{
	const struct zc_expr *ix = cost_index_of(r, s, sig->ret);
	const struct zc_expr *t = sig->via_type;

	if (!ix || !sig->via)
		return ix;
	return subst_params(r, sig->via, t->kind == ZC_E_APP
			    ? (const struct zc_expr *const *)t->u.app.args
			    : NULL, ix);
}

static struct lam *res_fun_binding(struct res *r, const struct zc_binding *b,
				   const struct scope *s)
{
	struct lam *l = alloc(r, sizeof(*l));
	const struct zc_expr *sig_ix = NULL, *ret_ix;
	const struct scope *raw = s, *t;
	size_t i, n = b->nparams;

	l->nparams = n;
	if (b->sig && b->sig->ret && b->sig->n == n)
		sig_ix = sig_index(r, s, b->sig);
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
	plain_by_type(r, b->body, t, b->ret_type);
	if (b->sig && b->sig->n == n)
		plain_by_type(r, b->body, s, b->sig->ret);
	if (b->ret_type && (ret_ix = cost_index_of(r, t, b->ret_type)))
		l->body = pad_node(r, b->pos,
				   res_index(r, ret_ix,
					     push_let_implicits(r, t, b)),
				   0, l->body, ZC_BY_TYPE,
				   binding_name(r, b));
	if (sig_ix) {
		const struct scope *ts = s;

		for (i = 0; i < n; i++)
			ts = push(r, ts, S_LOCAL, b->sig->names[i]
				  ? sdup(r, b->sig->names[i]) : "%arg");
		ts = push_implicits(r, ts, b->sig, s);
		l->body = pad_node(r, b->sig->pos, res_index(r, sig_ix, ts),
				   nlocals(t, raw), l->body, ZC_BY_VAL,
				   binding_name(r, b));
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
 * `let g = fun x -> e` (or `function`), `let g y = fun x -> e`, with a
 * val of as many arrows as parameters in all: the lambdas carry the
 * increment of e (the elaborator's Abs case), as `let g y x = e` does, so
 * *out is that binding, which takes the val the same way.  0 when b is
 * not of that form (an ascribed lambda keeps its ascription).
 */
static int lambda_binding(struct res *r, const struct zc_binding *b,
			  struct zc_binding *out)
{
	struct zc_expr *e = b->body;
	struct zc_pat **ps;
	size_t n = b->nparams, k = 0;

	while (e->kind == ZC_E_FUN && !e->ascribed && n < b->sig->n) {
		n += e->u.fun.nparams;
		e = e->u.fun.body;
	}
	if (e == b->body || n != b->sig->n)
		return 0;
	ps = alloc(r, n * sizeof(*ps));
	for (size_t i = 0; i < b->nparams; i++)
		ps[k++] = b->params[i];
	for (e = b->body; k < n; e = e->u.fun.body)
		for (size_t i = 0; i < e->u.fun.nparams; i++)
			ps[k++] = e->u.fun.params[i];
	*out = *b;
	out->params = ps;
	out->nparams = n;
	out->body = e;
	out->ret_type = NULL;
	out->param_types = NULL;
	return 1;
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
	struct zc_binding fb;
	struct node *v;

	if (b->sig && lambda_binding(r, b, &fb))
		b = &fb;
	if (b->nparams)
		return fun_node(r, b->pos, res_fun_binding(r, b, s));
	v = top ? res_body(r, b->body, s) : res_expr(r, b->body, s);
	if (v && top) {
		plain_by_type(r, b->body, s, b->ret_type);
		if (b->sig && !b->sig->n && !b->sig->nimplicits)
			plain_by_type(r, b->body, s, b->sig->ret);
	}
	if (v && b->ret_type && (ix = cost_index_of(r, s, b->ret_type)))
		v = pad_node(r, b->pos, res_index(r, ix, s), 0, v,
			     ZC_BY_TYPE, binding_name(r, b));
	/* `val zp : cost T E` then `let zp = e`: a cost value's val */
	if (v && b->sig && !b->sig->n && !b->sig->nimplicits &&
	    b->sig->ret && (ix = cost_index_of(r, s, b->sig->ret)))
		v = pad_node(r, b->sig->pos, res_index(r, ix, s), 0, v,
			     ZC_BY_VAL, binding_name(r, b));
	return v;
}

/* ---- discriminators and projectors: C? x, C?.f x ---- */

/* What C?.f reads: argument index of constructor con (run-time name). */
struct proj {
	const char *con;
	size_t index;
	const char *name;	/* "C?.f" */
	/* Mk<t>?.f of a record or tuple type t (ZEN_NATIVE_RECORD): its
	 * field index of t; NULL for a constructor's argument */
	const struct zen_record_type *rec;
};

/* C?: is the value built with constructor self->aux?  Lists are no
 * constructors at run time (value.h): Nil? and Cons? ask whether a list
 * is empty. */
static int disc_fn(struct zen_rt *rt, const struct zen_native *self,
		   zv *const *a, zv **out, uint64_t *cost)
{
	const char *con = (const char *)self->aux;
	int yes;

	(void)rt;
	(void)cost;
	if (a[0]->tag == ZV_LIST)
		yes = !strcmp(con, "Cons") ? a[0]->u.list.len > 0 :
		      !strcmp(con, "Nil") && !a[0]->u.list.len;
	else
		yes = zv_is_con(a[0], con);
	*out = zv_bool(yes);
	return 0;
}

/* Mk<t>?.f: field pj->index of a record (or an item of a tuple) of t. */
static int record_field(struct zen_rt *rt, const struct proj *pj,
			const zv *v, zv **out)
{
	const struct zen_record_type *t = pj->rec;

	if (t->tuple && v->tag == ZV_TUPLE && v->u.seq.n == t->n)
		*out = v->u.seq.items[pj->index];
	else if (t->tuple || v->tag != ZV_RECORD ||
		 !(*out = zv_field(v, t->fields[pj->index])))
		return zen_rt_fail(rt, "%s of a value that is no such %s",
				   pj->name, t->tuple ? "tuple" : "record");
	return 0;
}

/* C?.f: an argument of a value built with C.  F* proves that it is (a
 * refinement C? x), so a run that gets another value fails. */
static int proj_fn(struct zen_rt *rt, const struct zen_native *self,
		   zv *const *a, zv **out, uint64_t *cost)
{
	const struct proj *pj = (const struct proj *)self->aux;
	const zv *v = a[0];

	(void)cost;
	if (pj->rec)
		return record_field(rt, pj, v, out);
	if (v->tag == ZV_LIST && !strcmp(pj->con, "Cons") && v->u.list.len)
		*out = pj->index ? v->u.list.tail : v->u.list.head;
	else if (zv_is_con(v, pj->con) && pj->index < v->u.con.n)
		*out = v->u.con.args[pj->index];
	else
		return zen_rt_fail(rt, "%s of a value not built with %s",
				   pj->name, pj->con);
	return 0;
}

/* The index of field f of constructor con of arity n: _0, _1 ... for an
 * argument without a name, and the names Prims and FStar.Pervasives
 * give theirs (Some?.v, Cons?.hd, Cons?.tl).  0 or -1. */
static int field_index(struct res *r, const char *f,
		       const struct zen_native *c, size_t *index)
{
	static const struct {
		const char *con, *field;
		size_t index;
	} named[] = {
		{ "Some", "v", 0 }, { "Inl", "v", 0 }, { "Inr", "v", 0 },
		{ "Cons", "hd", 0 }, { "Cons", "tl", 1 },
		{ "OK", "v", 0 }, { "ERR", "msg", 0 },
	};
	const char *con = (const char *)c->aux;
	size_t n = c->arity;
	char *end;

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(named); i++)
		if (!strcmp(con, named[i].con) && !strcmp(f, named[i].field)) {
			*index = named[i].index;
			return 0;
		}
	for (size_t i = 0; i < r->nnamed; i++) {
		if (r->named[i].nat != c)
			continue;
		for (size_t k = 0; k < n; k++)
			if (r->named[i].fields[k] &&
			    !strcmp(r->named[i].fields[k], f)) {
				*index = k;
				return 0;
			}
	}
	if (f[0] != '_' || (f[1] < '0' || f[1] > '9'))
		return -1;
	*index = (size_t)strtoul(f + 1, &end, 10);
	return *end || *index >= n ? -1 : 0;
}

/* Mk<t>? (every record of t is one) and Mk<t>?.f (the field f). */
static int record_disc_fn(struct zen_rt *rt, const struct zen_native *self,
			  zv *const *a, zv **out, uint64_t *cost)
{
	(void)rt;
	(void)self;
	(void)a;
	(void)cost;
	*out = zv_bool(1);
	return 0;
}

/* The discriminator or projector name (q: its '?') of record constructor
 * c (named con): a native of one argument; NULL after rfail. */
static struct zen_native *record_proj_native(struct res *r, struct zc_pos pos,
					     const struct zen_native *c,
					     const char *con, const char *name,
					     const char *q)
{
	const struct zen_record_type *t =
		(const struct zen_record_type *)c->aux;
	struct zen_native *nat = alloc(r, sizeof(*nat));
	struct proj *pj;
	size_t i;

	nat->name = sdup(r, name);
	nat->arity = 1;
	nat->fn = record_disc_fn;
	if (!q[1])
		return nat;
	for (i = 0; i < t->n && strcmp(t->fields[i], q + 2); i++)
		;
	if (i == t->n) {
		rfail(r, pos, "record '%s' has no field '%s'", con, q + 2);
		return NULL;
	}
	pj = alloc(r, sizeof(*pj));
	pj->con = c->name;
	pj->name = nat->name;
	pj->index = i;
	pj->rec = t;
	nat->fn = proj_fn;
	nat->aux = (intptr_t)pj;
	return nat;
}

/* Name C? or C?.f (M.C? ...): a native of one argument over constructor
 * C; NULL after rfail. */
static struct zen_native *disc_native(struct res *r, struct zc_pos pos,
				      const char *name,
				      const struct scope *s)
{
	const char *q = strchr(name, '?');
	const struct zen_native *c;
	struct zen_native *nat;
	struct proj *pj;
	char con[256];
	size_t n = (size_t)(q - name);

	if (n >= sizeof(con)) {
		rfail(r, pos, "unbound name '%s'", name);
		return NULL;
	}
	memcpy(con, name, n);
	con[n] = 0;
	if (!(c = find_con(r, pos, con, s)))
		return NULL;
	if (c->flags & ZEN_NATIVE_RECORD)
		return record_proj_native(r, pos, c, con, name, q);
	nat = alloc(r, sizeof(*nat));
	nat->name = sdup(r, name);
	nat->arity = 1;
	nat->fn = disc_fn;
	nat->aux = c->aux;
	if (!q[1])
		return nat;
	pj = alloc(r, sizeof(*pj));
	pj->con = (const char *)c->aux;
	pj->name = nat->name;
	if (field_index(r, q + 2, c, &pj->index)) {
		rfail(r, pos, "constructor '%s' has no field '%s'", con, q + 2);
		return NULL;
	}
	nat->fn = proj_fn;
	nat->aux = (intptr_t)pj;
	return nat;
}

static struct node *res_name(struct res *r, const struct zc_expr *e,
			     const struct scope *s, int con)
{
	struct node *n;
	int kind;
	size_t val;

	/* C? and C?.f, not an operator such as >?= */
	if (e->u.name[0] >= 'A' && e->u.name[0] <= 'Z' &&
	    strchr(e->u.name, '?')) {
		struct zen_native *nat;

		/* The pinned elaborator (ZFS-Tools 0.0.24 elab_term) has no
		 * case for a discriminator, so a body with one fails to
		 * elaborate; a cost index is not elaborated. */
		if (!r->quiet && e->u.name[strlen(e->u.name) - 1] == '?') {
			rfail(r, e->pos, "unsupported: the discriminator '%s' "
			      "(the reference's elaborator refuses it; match "
			      "on the constructor instead)", e->u.name);
			if (!going_on(r))
				return NULL;
		}
		nat = disc_native(r, e->pos, e->u.name, s);

		if (!nat && !going_on(r))
			return NULL;
		n = mknode(r, nat ? N_GLOBAL : N_CONST, e->pos);
		if (nat)
			n->u.g = native_slot(r, nat);
		else
			n->u.k = zv_erased();	/* go on: never run */
		return n;
	}
	if (lookup(r, s, e->u.name, &kind, &val)) {
		rfail(r, e->pos, "unbound %s '%s'",
		      con ? "constructor" : "name", e->u.name);
		if (!going_on(r))
			return NULL;
		n = mknode(r, N_CONST, e->pos);	/* go on: never run */
		n->u.k = zv_erased();
		return n;
	}
	if (kind == S_LOCAL || kind == S_COSTOF) {
		n = mknode(r, kind == S_LOCAL ? N_LOCAL : N_COSTOF, e->pos);
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

/*
 * One function per expression form (ast.h zc_expr_kind); res_expr_bare
 * dispatches.  Each resolves e in scope s, without e's ascription
 * (res_expr adds the padding), and returns NULL after rfail.
 */
typedef struct node *res_fn(struct res *r, const struct zc_expr *e,
			    const struct scope *s);

static struct node *const_node(struct res *r, struct zc_pos pos, zv *k)
{
	struct node *n = mknode(r, N_CONST, pos);

	n->u.k = k;
	return n;
}

static struct node *res_var(struct res *r, const struct zc_expr *e,
			    const struct scope *s)
{
	return res_name(r, e, s, e->kind == ZC_E_CON);
}

static struct node *res_int(struct res *r, const struct zc_expr *e,
			    const struct scope *s)
{
	(void)s;
	return const_node(r, e->pos, int_literal(r, e->pos, &e->u.lit_int));
}

static struct node *res_string(struct res *r, const struct zc_expr *e,
			       const struct scope *s)
{
	(void)s;
	return const_node(r, e->pos, bytes_const(r, &e->u.str));
}

static struct node *res_bool(struct res *r, const struct zc_expr *e,
			     const struct scope *s)
{
	(void)s;
	return const_node(r, e->pos, zv_bool(e->u.b));
}

static struct node *res_unit(struct res *r, const struct zc_expr *e,
			     const struct scope *s)
{
	(void)s;
	return const_node(r, e->pos, zv_unit());
}

static struct node *res_erased(struct res *r, const struct zc_expr *e,
			       const struct scope *s)
{
	(void)s;
	return const_node(r, e->pos, zv_erased());
}

/* the native a resolved head stands for, or NULL */
static const struct zen_native *head_native(struct res *r,
					    const struct node *fn)
{
	if (fn->kind != N_GLOBAL || r->p->g[fn->u.g].kind != G_NATIVE)
		return NULL;
	return r->p->g[fn->u.g].nat;
}

/* a && b, a || b as a node of their own: b is evaluated only if needed */
static struct node *res_short(struct res *r, const struct zc_expr *e,
			      const struct scope *s, const struct node *fn)
{
	struct node *n = mknode(r, N_SHORT, e->pos);

	n->u.sc.is_or = !strcmp(head_native(r, fn)->name, "||");
	if (!(n->u.sc.a = res_expr(r, e->u.app.args[0], s)) ||
	    !(n->u.sc.b = res_expr(r, e->u.app.args[1], s)))
		return NULL;
	return n;
}

/*
 * A cost-only parameter of a native (`inc k`, `incNone n`, `RT.incFailw
 * (640 + Wallet.size w * 128) msg`, ...) has no effect on values (3.8),
 * but its value is the cost the native charges.  An integer literal
 * cannot fail, so it is kept as it is.  Any other expression is resolved
 * quietly and evaluated as a cost index (N_COSTARG: own budget, a failure
 * or a non-number gives the erased token, never a failed run): it may
 * name an implicit binder that the front end erased (`#n:nat`), and then
 * it does not resolve and is erased (the cost value is then inexact).
 */
static int cost_only_arg(const struct zen_native *nat, size_t i,
			 const struct zc_expr *arg)
{
	return nat && i < 16 && i < nat->arity && (nat->lazy >> i & 1) &&
	       arg->kind != ZC_E_INT;
}

static struct node *cost_arg_node(struct res *r, const struct zc_expr *a,
				  const struct scope *s)
{
	struct node *ix = res_index(r, a, s), *n;

	if (!ix)
		return const_node(r, a->pos, zv_erased());
	n = mknode(r, N_COSTARG, a->pos);
	n->u.arg = ix;
	return n;
}

static int ctor_fn(struct zen_rt *rt, const struct zen_native *self,
		   zv *const *a, zv **out, uint64_t *cost);

/*
 * The activation check's arity rule (check.h stage 2), for the tools
 * only (fn): a Zulib function whose result cannot be a function (a cost
 * value, a constructor, a boolean operator) given more arguments than it
 * takes.  The contract's own constructors are left alone.  Reported in a
 * cost index too (a cost-only argument is one): the rule is the
 * contract's, not the index's, so it does not just drop the index.
 */
static void over_applied(struct res *r, const struct zc_expr *e,
			 const struct zen_native *nat)
{
	const struct zc_expr *f = e->u.app.fn;
	int quiet = r->quiet;

	if (!r->fn || !nat || nat->fn == ctor_fn ||
	    e->u.app.nargs <= nat->arity ||
	    !(nat->flags & (ZEN_NATIVE_COST | ZEN_NATIVE_CTOR |
			    ZEN_NATIVE_SHORT)) ||
	    (f->kind != ZC_E_VAR && f->kind != ZC_E_CON))
		return;
	r->quiet = 0;
	rfail(r, f->pos, "'%s' takes %u argument%s, given %zu", f->u.name,
	      (unsigned)nat->arity, nat->arity == 1 ? "" : "s",
	      e->u.app.nargs);
	r->quiet = quiet;
}

/* The val of the contract's function fn names, NULL if none. */
static const struct zc_sig *user_sig(const struct res *r,
				     const struct node *fn)
{
	if (fn->kind != N_GLOBAL || r->p->g[fn->u.g].kind != G_USER)
		return NULL;
	for (size_t i = 0; i < r->nsigs; i++)
		if (r->sigs[i].slot == fn->u.g)
			return r->sigs[i].sig;
	return NULL;
}

/*
 * `f #e x` where f's val binds its implicit binder `#n` to the cost of a
 * parameter (`val f : #n:nat -> m:cost T n -> ...`, push_implicits): F*
 * binds n to e, so that argument is of type `cost T e`, as if it were
 * ascribed (padded to e, its count checked against e), and f's index
 * sees e (h47's blind round: `orFail #(W.size w * 128 + 201) "msg"
 * (spend w |> autoInc)`).  Implicit arguments bind the val's implicit
 * binders in order.
 */
static void implicit_pads(struct res *r, const struct zc_expr *e,
			  const struct scope *s, struct node *n)
{
	const struct zc_sig *sig = user_sig(r, n->u.app.fn);
	size_t i, k;

	for (i = 0; sig && sig->types && i < e->nimplicit &&
		    i < sig->nimplicits; i++) {
		const char *name = sig->implicits[i];
		const struct zc_expr *a = e->implicit_args[i];

		if (!name || a->kind == ZC_E_ERASED)
			continue;
		for (k = 0; k < sig->n && k < n->u.app.n; k++) {
			const struct zc_expr *ix = sig->types[k]
				? cost_index_of(r, s, sig->types[k]) : NULL;

			if (ix && ix->kind == ZC_E_VAR &&
			    !strcmp(ix->u.name, name))
				break;
		}
		if (k < sig->n && k < n->u.app.n)
			n->u.app.args[k] = pad_node(r, e->u.app.args[k]->pos,
						    res_index(r, a, s), 0,
						    n->u.app.args[k],
						    ZC_BY_ASCRIPTION, NULL);
	}
}

static struct node *res_app(struct res *r, const struct zc_expr *e,
			    const struct scope *s)
{
	struct node *fn, *n;
	const struct zen_native *nat;
	size_t i;

	if (!(fn = res_expr(r, e->u.app.fn, s)))
		return NULL;
	nat = head_native(r, fn);
	over_applied(r, e, nat);
	if (nat && e->u.app.nargs == 2 && (nat->flags & ZEN_NATIVE_SHORT))
		return res_short(r, e, s, fn);
	n = mknode(r, N_APP, e->pos);
	n->u.app.fn = fn;
	n->u.app.n = e->u.app.nargs;
	n->u.app.args = alloc(r, n->u.app.n * sizeof(struct node *));
	for (i = 0; i < n->u.app.n; i++) {
		const struct zc_expr *a = e->u.app.args[i];

		if (cost_only_arg(nat, i, a))
			n->u.app.args[i] = cost_arg_node(r, a, s);
		else if (!(n->u.app.args[i] = res_expr(r, a, s)))
			return NULL;
	}
	if (e->nimplicit)
		implicit_pads(r, e, s, n);
	return n;
}

static struct node *res_items(struct res *r, const struct zc_expr *e,
			      const struct scope *s)
{
	struct node *n = mknode(r, e->kind == ZC_E_TUPLE ? N_TUPLE : N_LIST,
				e->pos);

	n->u.items.n = e->u.items.n;
	if (res_exprs(r, e->u.items.items, n->u.items.n, &n->u.items.items,
		      s))
		return NULL;
	return n;
}

static struct node *res_cons(struct res *r, const struct zc_expr *e,
			     const struct scope *s)
{
	struct node *n = mknode(r, N_CONS, e->pos);

	if (!(n->u.cons.hd = res_expr(r, e->u.cons.hd, s)) ||
	    !(n->u.cons.tl = res_expr(r, e->u.cons.tl, s)))
		return NULL;
	return n;
}

static struct node *res_record(struct res *r, const struct zc_expr *e,
			       const struct scope *s)
{
	struct node *n = mknode(r, N_RECORD, e->pos);
	size_t i;

	if (e->u.record.base &&
	    !(n->u.rec.base = res_expr(r, e->u.record.base, s)))
		return NULL;
	n->u.rec.n = e->u.record.n;
	n->u.rec.fields = alloc(r, n->u.rec.n * sizeof(char *));
	for (i = 0; i < n->u.rec.n; i++)
		n->u.rec.fields[i] = sdup(r, e->u.record.fields[i]);
	if (res_exprs(r, e->u.record.values, n->u.rec.n, &n->u.rec.vals, s))
		return NULL;
	return n;
}

static struct node *res_proj(struct res *r, const struct zc_expr *e,
			     const struct scope *s)
{
	struct node *n = mknode(r, N_PROJ, e->pos);

	n->u.proj.field = sdup(r, e->u.proj.field);
	if (!(n->u.proj.e = res_expr(r, e->u.proj.e, s)))
		return NULL;
	return n;
}

static struct node *res_fun(struct res *r, const struct zc_expr *e,
			    const struct scope *s)
{
	return fun_node(r, e->pos, res_lam(r, e->u.fun.params,
					   e->u.fun.nparams, e->u.fun.body,
					   s));
}

/* let rec f .. and g .. in body: every name is in scope in every body */
static struct node *res_letrec(struct res *r, const struct zc_expr *e,
			       const struct scope *s)
{
	struct node *n = mknode(r, N_LETREC, e->pos);
	const struct scope *t = s;
	size_t i;

	n->u.letrec.n = e->u.let.nbinds;
	n->u.letrec.funs = alloc(r, n->u.letrec.n * sizeof(struct lam *));
	for (i = 0; i < n->u.letrec.n; i++) {
		const struct zc_binding *b = &e->u.let.binds[i];

		if (b->pat->kind != ZC_P_VAR || !b->nparams) {
			rfail(r, b->pos, "let rec binds a function name");
			return NULL;
		}
		t = push(r, t, S_LOCAL, sdup(r, b->pat->u.name));
	}
	for (i = 0; i < n->u.letrec.n; i++)
		if (!(n->u.letrec.funs[i] = res_fun_binding(
			      r, &e->u.let.binds[i], t)))
			return NULL;
	if (!(n->u.letrec.body = res_expr(r, e->u.let.body, t)))
		return NULL;
	return n;
}

/* let p1 = e1 and p2 = e2 in body: the values see the outer scope */
static struct node *res_let(struct res *r, const struct zc_expr *e,
			    const struct scope *s)
{
	struct node *n;
	const struct scope *t = s;
	size_t i;

	if (e->u.let.rec)
		return res_letrec(r, e, s);
	n = mknode(r, N_LET, e->pos);
	n->u.let.n = e->u.let.nbinds;
	n->u.let.vals = alloc(r, n->u.let.n * sizeof(struct node *));
	n->u.let.pats = alloc(r, n->u.let.n * sizeof(struct rpat *));
	for (i = 0; i < n->u.let.n; i++)
		if (!(n->u.let.vals[i] = res_binding_value(
			      r, &e->u.let.binds[i], s, 0)))
			return NULL;
	for (i = 0; i < n->u.let.n; i++)
		if (!(n->u.let.pats[i] = res_pat(r, e->u.let.binds[i].pat,
						 &t)))
			return NULL;
	if (!(n->u.let.body = res_expr(r, e->u.let.body, t)))
		return NULL;
	return n;
}

static struct node *res_letbang(struct res *r, const struct zc_expr *e,
				const struct scope *s)
{
	struct node *n = mknode(r, N_LETBANG, e->pos);

	n->u.letbang.what = "let!";
	if (!(n->u.letbang.rhs = res_expr(r, e->u.letbang.rhs, s)) ||
	    !(n->u.letbang.k = res_cont(r, e->u.letbang.pat,
					e->u.letbang.body, s)))
		return NULL;
	return n;
}

/* let open M in body: M's exports shadow for body (counted in place) */
static struct node *res_letopen(struct res *r, const struct zc_expr *e,
				const struct scope *s)
{
	const struct zen_zulib_module *m = find_module(r, e->u.letopen.module);
	struct scope *t;

	if (!m) {
		rfail(r, e->pos, "unknown module '%s'", e->u.letopen.module);
		return going_on(r) ? res_expr(r, e->u.letopen.body, s) : NULL;
	}
	t = (struct scope *)push(r, s, S_MODULE, NULL);
	t->mod = m;
	return res_expr(r, e->u.letopen.body, t);
}

/*
 * if! c then a else b: Zen.Cost.ifBang c (fun x -> if x then a else b),
 * c a cost bool: a let! of c (binding a name no source can write) into
 * the plain if.  It counts as an if (3 + c + the larger branch; elab_count
 * sees the if! itself), with no let!'s 2: ifBang is bind.
 */
static struct node *res_ifbang(struct res *r, const struct zc_expr *e,
			       const struct scope *s)
{
	struct node *n = mknode(r, N_LETBANG, e->pos);
	struct zc_pat *x = alloc(r, sizeof(*x));
	struct zc_expr *v = alloc(r, sizeof(*v)), *plain = alloc(r, sizeof(*plain));

	x->kind = ZC_P_VAR;
	x->pos = e->pos;
	x->u.name = "if!";
	v->kind = ZC_E_VAR;
	v->pos = e->u.if_.cond->pos;
	v->u.name = "if!";
	*plain = *e;
	plain->ascribed = NULL;	/* res_expr(e) applies e's */
	plain->u.if_.bang = false;
	plain->u.if_.cond = v;
	n->u.letbang.what = "if!";
	if (!(n->u.letbang.rhs = res_expr(r, e->u.if_.cond, s)) ||
	    !(n->u.letbang.k = res_cont(r, x, plain, s)))
		return NULL;
	return n;
}

static struct node *res_if(struct res *r, const struct zc_expr *e,
			   const struct scope *s)
{
	struct node *n;

	if (e->u.if_.bang)
		return res_ifbang(r, e, s);
	n = mknode(r, N_IF, e->pos);
	if (!(n->u.if_.c = res_expr(r, e->u.if_.cond, s)) ||
	    !(n->u.if_.a = res_expr(r, e->u.if_.then_, s)) ||
	    !(n->u.if_.b = res_expr(r, e->u.if_.else_, s)))
		return NULL;
	return n;
}

static struct node *res_match(struct res *r, const struct zc_expr *e,
			      const struct scope *s)
{
	struct node *n = mknode(r, N_MATCH, e->pos);
	size_t i;

	if (!(n->u.match.scrut = res_expr(r, e->u.match.scrut, s)))
		return NULL;
	n->u.match.n = e->u.match.n;
	n->u.match.pats = alloc(r, n->u.match.n * sizeof(struct rpat *));
	n->u.match.bodies = alloc(r, n->u.match.n * sizeof(struct node *));
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

static res_fn *const res_table[] = {
	[ZC_E_VAR] = res_var,		[ZC_E_CON] = res_var,
	[ZC_E_INT] = res_int,		[ZC_E_STRING] = res_string,
	[ZC_E_BOOL] = res_bool,		[ZC_E_UNIT] = res_unit,
	[ZC_E_ERASED] = res_erased,	[ZC_E_APP] = res_app,
	[ZC_E_TUPLE] = res_items,	[ZC_E_LIST] = res_items,
	[ZC_E_CONS] = res_cons,		[ZC_E_RECORD] = res_record,
	[ZC_E_PROJ] = res_proj,		[ZC_E_FUN] = res_fun,
	[ZC_E_LET] = res_let,		[ZC_E_LETBANG] = res_letbang,
	[ZC_E_LETOPEN] = res_letopen,	[ZC_E_IF] = res_if,
	[ZC_E_MATCH] = res_match,
};

static struct node *res_expr_bare(struct res *r, const struct zc_expr *e,
				  const struct scope *s)
{
	if ((size_t)e->kind >= ZEN_ARRAY_SIZE(res_table) ||
	    !res_table[e->kind]) {
		rfail(r, e->pos, "unknown expression");
		return NULL;
	}
	return res_table[e->kind](r, e, s);
}

/* ---- declarations ---- */

static int ctor_fn(struct zen_rt *rt, const struct zen_native *self,
		   zv *const *a, zv **out, uint64_t *cost)
{
	(void)cost;
	*out = zv_con(rt, (const char *)self->aux, self->arity, a);
	return *out ? 0 : ZEN_EREFUSED;
}

/* *s with name bound to a new native of the contract's: the constructor
 * fn of arity arguments (flags besides ZEN_NATIVE_CTOR, aux). */
static struct zen_native *declare_ctor(struct res *r, const struct scope **s,
				       const char *name, zen_native_fn fn,
				       size_t arity, uint8_t flags,
				       intptr_t aux)
{
	struct zen_native *nat = alloc(r, sizeof(*nat));
	struct scope *g;

	nat->name = name;
	nat->fn = fn;
	nat->arity = (uint8_t)arity;
	nat->flags = ZEN_NATIVE_CTOR | flags;
	nat->aux = aux;
	g = (struct scope *)push(r, *s, S_GLOBAL, name);
	g->g = native_slot(r, nat);
	*s = g;
	return nat;
}

/* F*'s constructor Mk<t> of the contract's record type t. */
static void declare_record_ctor(struct res *r, const struct zc_typedef *t,
				const struct scope **s)
{
	struct zen_record_type *rt = alloc(r, sizeof(*rt));
	const char **fields = alloc(r, t->nfields * sizeof(*fields));
	size_t len = strlen(t->name) + 3;
	char *name = alloc(r, len);

	for (size_t i = 0; i < t->nfields; i++)
		fields[i] = sdup(r, t->fields[i]);
	rt->n = t->nfields;
	rt->fields = fields;
	snprintf(name, len, "Mk%s", t->name);
	declare_ctor(r, s, name, zen_record_ctor, t->nfields,
		     ZEN_NATIVE_RECORD, (intptr_t)rt);
}

/*
 * Type t: its name (erased), its constructors (a variant's, with their
 * argument names for C?.x; a record's Mk<t>), and, an abbreviation, its
 * type for cost indexes.
 */
static int declare_type(struct res *r, const struct zc_typedef *t,
			const struct scope **s)
{
	struct scope *g = (struct scope *)push(r, *s, S_GLOBAL,
					       sdup(r, t->name));

	g->g = new_slot(r, G_ERASED, NULL, g->name);
	*s = g;
	if (t->form != ZC_TY_ABBREV) {
		ZEN_GROW(r->data_types, r->ndata_types + 1, r->data_typecap);
		r->data_types[r->ndata_types++] = g->g;
	}
	for (size_t j = 0; j < t->nctors; j++) {
		const struct zc_ctor *ct = &t->ctors[j];
		const char *cn = sdup(r, ct->name);
		const struct zen_native *nat;

		if (ct->arity > 16)
			return rfail(r, ct->pos, "constructor with too many "
				     "arguments");
		nat = declare_ctor(r, s, cn, ctor_fn, ct->arity, 0,
				   (intptr_t)cn);
		if (ct->fields) {
			ZEN_GROW(r->named, r->nnamed + 1, r->namedcap);
			r->named[r->nnamed].nat = nat;
			r->named[r->nnamed++].fields = ct->fields;
		}
	}
	if (t->form == ZC_TY_RECORD) {
		if (t->nfields > 16)
			return rfail(r, t->pos, "record with too many fields");
		declare_record_ctor(r, t, s);
	}
	if (t->form == ZC_TY_ABBREV && t->abbrev) {
		ZEN_GROW(r->abbrevs, r->nabbrevs + 1, r->abbrevcap);
		r->abbrevs[r->nabbrevs++] = t;
	}
	return 0;
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

/* b's val, for the calls of the function it binds (implicit_pads) */
static void keep_sig(struct res *r, const struct zc_binding *b,
		     const struct init *in)
{
	if (!b->sig || b->pat->kind != ZC_P_VAR || in->nslots != 1)
		return;
	ZEN_GROW(r->sigs, r->nsigs + 1, r->sigcap);
	r->sigs[r->nsigs].slot = in->slots[0];
	r->sigs[r->nsigs++].sig = b->sig;
}

static int res_decl(struct res *r, const struct zc_decl *d,
		    const struct scope **s)
{
	size_t i;
	int rc;

	switch (d->kind) {
	case ZC_D_OPEN: {
		const struct zen_zulib_module *m =
			find_module(r, d->u.open.module);
		struct scope *t;

		if (!m)
			return going_on(r) ? (rfail(r, d->pos, "unknown module "
						   "'%s'", d->u.open.module), 0)
					  : rfail(r, d->pos, "unknown module "
						  "'%s'", d->u.open.module);
		t = (struct scope *)push(r, *s, S_MODULE, NULL);
		t->mod = m;
		*s = t;
		return 0;
	}
	case ZC_D_ALIAS: {
		const char *target = module_path(r, d->u.alias.module);

		if (!target)
			return rfail(r, d->pos, "unknown module '%s'",
				     d->u.alias.module);
		ZEN_GROW(r->al, r->nal + 1, r->alcap);
		r->al[r->nal].alias = sdup(r, d->u.alias.alias);
		r->al[r->nal].module = sdup(r, target);
		r->nal++;
		return 0;
	}
	case ZC_D_TYPE:
		for (i = 0; i < d->u.type.n; i++)
			if ((rc = declare_type(r, &d->u.type.types[i], s)))
				return rc;
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
				keep_sig(r, b, in);
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
				keep_sig(r, &d->u.let.binds[i], in);
			}
			return 0;
		}
	}
	return rfail(r, d->pos, "unknown declaration");
}

int zc_program_load(const struct zc_module *m, const char *file,
		    struct zc_program **out, struct zen_err *err)
{
	return zc_program_load_all(m, file, out, err, NULL, NULL);
}

int zc_program_load_all(const struct zc_module *m, const char *file,
			struct zc_program **out, struct zen_err *err,
			zc_error_fn *fn, void *ctx)
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
	r.fn = fn;
	r.ctx = ctx;
	for (; *pre; pre++) {
		struct scope *t = (struct scope *)push(&r, s, S_MODULE, NULL);

		t->mod = *pre;
		s = t;
	}
	for (i = 0; i < m->ndecls && (!rc || fn); i++) {
		int x = res_decl(&r, &m->decls[i], &s);

		if (x && !rc)
			rc = x;
	}
	free(r.al);
	free(r.abbrevs);
	free(r.named);
	free(r.data_types);
	free(r.sigs);
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

void zc_program_foreach_native(const struct zc_program *p,
			       void (*fn)(void *ctx, const struct zen_native *),
			       void *ctx)
{
	for (size_t i = 0; i < p->ng; i++)
		if (p->g[i].kind == G_NATIVE)
			fn(ctx, p->g[i].nat);
}

void zc_limits_default(struct zc_limits *l)
{
	l->max_steps = ZC_DEFAULT_MAX_STEPS;
	l->max_depth = ZC_DEFAULT_MAX_DEPTH;
	l->mem_limit = ZC_DEFAULT_MEM_LIMIT;
	l->max_chain = ZC_DEFAULT_MAX_CHAIN;
	l->cancel = NULL;
}
