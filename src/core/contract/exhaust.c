/*
 * exhaust.c - matches F* cannot prove complete (exhaust.h).
 *
 * Two parts: which scrutinees nothing constrains (a walk of every body
 * with the variables in scope), and whether a set of patterns covers
 * every value (the usefulness of a wildcard row over a pattern matrix,
 * as in Maranget's "Warnings for pattern matching", which also gives a
 * value left out).
 */
#include <stdlib.h>
#include <string.h>

#include "core/base/zen.h"
#include "core/contract/exhaust.h"

/* Matrices looked at before giving up on a match (it is then taken as
 * complete): the source is outside data. */
#define MAX_STEPS 20000
/* Pure lets followed from a condition to what they stand for. */
#define MAX_DEFS 8
/* Rows of one matrix, and variables bound in one contract, before giving
 * up (no more reports): the node runs this on every activation. */
#define MAX_ROWS 4096
#define MAX_BOUNDS 1000000

/* ---- names --------------------------------------------------------------- */

/* An index of names, sorted (find_named): the last of a name declared
 * shadows the others. */
struct named {
	const char *name;
	size_t order;		/* declaration order, for shadowing */
	const void *p;
};

static int named_cmp(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* The last declaration of name in the sorted index, NULL if none. */
static const void *find_named(const struct named *idx, size_t n,
			      const char *name)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {	/* the first entry above name */
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(idx[mid].name, name) <= 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo && !strcmp(idx[lo - 1].name, name) ? idx[lo - 1].p : NULL;
}

/* ---- constructor signatures ------------------------------------------ */

/* A constructor; arguments are one column (a tuple when several). */
struct ctor {
	const char *name;
	unsigned char arity;	/* 0 or 1 */
};

struct sig {
	const struct ctor *c;
	size_t n;
};

static const struct ctor option_c[] = { { "Some", 1 }, { "None", 0 } };
static const struct ctor result_c[] = { { "OK", 1 }, { "ERR", 1 } };
static const struct ctor either_c[] = { { "Inl", 1 }, { "Inr", 1 } };
static const struct ctor data_c[] = {
	{ "I64", 1 }, { "Byte", 1 }, { "ByteArray", 1 }, { "U32", 1 },
	{ "U64", 1 }, { "String", 1 }, { "Hash", 1 }, { "Lock", 1 },
	{ "Signature", 1 }, { "PublicKey", 1 }, { "Collection", 1 },
};
static const struct ctor coll_c[] = {
	{ "Array", 1 }, { "Dict", 1 }, { "List", 1 },
};
static const struct ctor sender_c[] = {
	{ "PK", 1 }, { "Contract", 1 }, { "Anonymous", 0 },
};
static const struct ctor update_c[] = {
	{ "Delete", 0 }, { "NoChange", 0 }, { "Update", 1 },
};
static const struct ctor lock_c[] = {
	{ "PKLock", 1 }, { "ContractLock", 1 }, { "FeeLock", 0 },
	{ "DestroyLock", 0 }, { "ActivationSacrificeLock", 0 },
	{ "ExtensionSacrificeLock", 1 }, { "CoinbaseLock", 1 },
	{ "HighVLock", 1 },
};
static const struct ctor input_c[] = {
	{ "PointedOutput", 1 }, { "Mint", 1 },
};

#define SIG(a) { a, sizeof(a) / sizeof((a)[0]) }
/* Zulib's variants (Prims, FStar.Pervasives, Zen.Types) */
static const struct sig zulib_sigs[] = {
	SIG(option_c), SIG(result_c), SIG(either_c), SIG(data_c),
	SIG(coll_c), SIG(sender_c), SIG(update_c), SIG(lock_c),
	SIG(input_c),
};

/* ---- patterns ---------------------------------------------------------- */

/* The head of a pattern: the constructor of its outermost form. */
enum hkind {
	H_WILD,		/* _, a variable, () */
	H_CTOR,		/* a variant's constructor: sig, i */
	H_BOOL,		/* i: 0 true, 1 false */
	H_LIST,		/* i: 0 [], 1 :: */
	H_TUPLE,	/* n items */
	H_RECORD,
	H_LIT,		/* a number or string: infinitely many */
	H_OTHER,	/* unknown: the column is taken as complete */
};

struct head {
	enum hkind k;
	const struct sig *sig;
	size_t i, n;
};

struct ex {
	struct zc_arena *a;
	struct sig *user;	/* the contract's variants */
	size_t nuser;
	/* a type of the contract's may constrain its values (a refinement
	 * in one, an arrow or abstract type): its variants' and records'
	 * arguments may be refined, so their columns are not judged */
	int user_refined;
	/* every constructor by name (struct ctor_ref), the contract's
	 * after Zulib's, later ones after earlier (they shadow) */
	struct named *ctors;
	size_t nctors;
	unsigned long steps;
	int gave_up;
};

struct ctor_ref {
	const struct sig *sig;
	size_t i;
};

/* The constructor name (its last component) stands for. */
static int find_ctor(const struct ex *x, const char *name, struct head *h)
{
	const struct ctor_ref *c = find_named(x->ctors, x->nctors,
					      zc_name_last(name));

	if (!c)
		return 0;
	h->sig = c->sig;
	h->i = c->i;
	return 1;
}

static void index_sig(struct ex *x, const struct sig *sig, size_t *order)
{
	for (size_t i = 0; i < sig->n; i++) {
		struct ctor_ref *c = zc_arena_alloc(x->a, sizeof(*c));

		c->sig = sig;
		c->i = i;
		x->ctors[x->nctors++] = (struct named){ sig->c[i].name,
							(*order)++, c };
	}
}

/* x's index of constructors: Zulib's, then the contract's */
static void index_ctors(struct ex *x)
{
	size_t n = 0, order = 0;

	for (size_t u = 0; u < ZEN_ARRAY_SIZE(zulib_sigs); u++)
		n += zulib_sigs[u].n;
	for (size_t u = 0; u < x->nuser; u++)
		n += x->user[u].n;
	x->ctors = zc_arena_alloc(x->a, (n + 1) * sizeof(*x->ctors));
	for (size_t u = 0; u < ZEN_ARRAY_SIZE(zulib_sigs); u++)
		index_sig(x, &zulib_sigs[u], &order);
	for (size_t u = 0; u < x->nuser; u++)
		index_sig(x, &x->user[u], &order);
	qsort(x->ctors, x->nctors, sizeof(*x->ctors), named_cmp);
}

static int is_user(const struct ex *x, const struct sig *sig)
{
	for (size_t i = 0; i < x->nuser; i++)
		if (sig == &x->user[i])
			return 1;
	return 0;
}

static struct head head_of(const struct ex *x, const struct zc_pat *p)
{
	struct head h = { H_WILD, NULL, 0, 0 };

	if (!p)
		return h;
	if (p->refined) {	/* (p : T{...}): T may leave values out */
		h.k = H_OTHER;
		return h;
	}
	switch (p->kind) {
	case ZC_P_BOOL:
		h.k = H_BOOL;
		h.i = !p->u.b;
		break;
	case ZC_P_INT: case ZC_P_STRING:
		h.k = H_LIT;
		break;
	case ZC_P_CON:
		h.k = H_CTOR;
		if (!find_ctor(x, p->u.con.name, &h) ||
		    !p->u.con.nargs != !h.sig->c[h.i].arity ||
		    (x->user_refined && is_user(x, h.sig)))
			h.k = H_OTHER;
		break;
	case ZC_P_TUPLE:
		h.k = H_TUPLE;
		h.n = p->u.items.n;
		break;
	case ZC_P_LIST:
		h.k = H_LIST;
		h.i = p->u.items.n > 0;
		break;
	case ZC_P_CONS:
		h.k = H_LIST;
		h.i = 1;
		break;
	case ZC_P_RECORD:
		h.k = x->user_refined ? H_OTHER : H_RECORD;
		break;
	case ZC_P_OR:
		h.k = H_OTHER;	/* expanded before */
		break;
	default:	/* _, variables, () */
		break;
	}
	return h;
}

static struct zc_pat *synth(struct ex *x, enum zc_pat_kind k,
			    struct zc_pat **items, size_t n)
{
	struct zc_pat *p = zc_arena_alloc(x->a, sizeof(*p));

	memset(p, 0, sizeof(*p));
	p->kind = k;
	p->u.items.items = items;
	p->u.items.n = n;
	return p;
}

/* ---- the matrix ---------------------------------------------------------
 *
 * rows[r][c]: the pattern of row r in column c, NULL for a wildcard.
 */

struct mat {
	const struct zc_pat ***rows;
	size_t n, cols;
};

static const struct zc_pat **row_new(struct ex *x, size_t cols)
{
	return zc_arena_alloc(x->a, (cols ? cols : 1) * sizeof(void *));
}

static void mat_push(struct ex *x, struct mat *m, size_t *cap,
		     const struct zc_pat **row)
{
	if (m->n >= MAX_ROWS) {
		x->gave_up = 1;
		return;
	}
	if (m->n == *cap) {
		size_t c = *cap ? 2 * *cap : 8;
		const struct zc_pat ***r = zc_arena_alloc(x->a,
							  c * sizeof(*r));

		if (m->n)
			memcpy(r, m->rows, m->n * sizeof(*r));
		m->rows = r;
		*cap = c;
	}
	m->rows[m->n++] = row;
}

/* Row r with its first column replaced by p. */
static const struct zc_pat **row_with(struct ex *x, const struct mat *m,
				      size_t r, const struct zc_pat *p)
{
	const struct zc_pat **row = row_new(x, m->cols);

	memcpy(row, m->rows[r], m->cols * sizeof(*row));
	row[0] = p;
	return row;
}

static void push_alternatives(struct ex *x, struct mat *out, size_t *cap,
			      const struct mat *m, size_t r,
			      const struct zc_pat *p)
{
	if (p && p->kind == ZC_P_OR) {
		for (size_t i = 0; i < p->u.items.n; i++)
			push_alternatives(x, out, cap, m, r,
					  p->u.items.items[i]);
		return;
	}
	mat_push(x, out, cap, row_with(x, m, r, p));
}

/* m with the or-patterns of its first column spread over rows. */
static struct mat expand_or(struct ex *x, const struct mat *m)
{
	struct mat out = { NULL, 0, m->cols };
	size_t cap = 0;

	for (size_t r = 0; r < m->n; r++)
		push_alternatives(x, &out, &cap, m, r, m->rows[r][0]);
	return out;
}

/* The field names of the record patterns in the first column. */
static size_t record_fields(struct ex *x, const struct mat *m,
			    const char ***out)
{
	const char **f = NULL;
	size_t n = 0, cap = 0;

	for (size_t r = 0; r < m->n; r++) {
		const struct zc_pat *p = m->rows[r][0];

		for (size_t i = 0; p && p->kind == ZC_P_RECORD &&
				   i < p->u.record.n; i++) {
			size_t j;

			for (j = 0; j < n && strcmp(f[j],
						    p->u.record.fields[i]); j++)
				;
			if (j < n)
				continue;
			if (n == cap) {
				const char **g;

				cap = cap ? 2 * cap : 8;
				g = zc_arena_alloc(x->a, cap * sizeof(*g));
				if (n)
					memcpy(g, f, n * sizeof(*g));
				f = g;
			}
			f[n++] = p->u.record.fields[i];
		}
	}
	*out = f;
	return n;
}

/* The arguments of p, whose head is h, as columns args[0..arity). */
static void args_of(struct ex *x, const struct zc_pat *p,
		    const struct head *h, const char *const *fields,
		    size_t arity, const struct zc_pat **args)
{
	size_t i, j;

	switch (h->k) {
	case H_CTOR:
		if (arity)
			args[0] = p->u.con.nargs == 1 ? p->u.con.args[0]
				: synth(x, ZC_P_TUPLE, p->u.con.args,
					p->u.con.nargs);
		break;
	case H_TUPLE:
		for (i = 0; i < arity; i++)
			args[i] = p->u.items.items[i];
		break;
	case H_LIST:
		if (!arity)
			break;
		if (p->kind == ZC_P_CONS) {
			args[0] = p->u.cons.hd;
			args[1] = p->u.cons.tl;
		} else {
			args[0] = p->u.items.items[0];
			args[1] = synth(x, ZC_P_LIST, p->u.items.items + 1,
					p->u.items.n - 1);
		}
		break;
	case H_RECORD:
		for (i = 0; i < arity; i++) {
			args[i] = NULL;
			for (j = 0; j < p->u.record.n; j++)
				if (!strcmp(p->u.record.fields[j], fields[i]))
					args[i] = p->u.record.pats[j];
		}
		break;
	default:
		break;
	}
}

static int same_ctor(const struct head *a, const struct head *b)
{
	if (a->k != b->k)
		return 0;
	switch (a->k) {
	case H_CTOR:
		return a->sig == b->sig && a->i == b->i;
	case H_BOOL: case H_LIST:
		return a->i == b->i;
	default:	/* tuples and records: one constructor */
		return 1;
	}
}

/*
 * The rows whose first column is constructor h (its arguments in front
 * of the other columns) or a wildcard (arity wildcards): with h NULL,
 * the wildcard rows only, without the first column.
 */
static struct mat specialize(struct ex *x, const struct mat *m,
			     const struct head *h, size_t arity,
			     const char *const *fields)
{
	struct mat out = { NULL, 0, m->cols - 1 + arity };
	size_t cap = 0;

	for (size_t r = 0; r < m->n; r++) {
		const struct zc_pat *p = m->rows[r][0];
		struct head ph = head_of(x, p);
		const struct zc_pat **row;

		if (ph.k != H_WILD && (!h || !same_ctor(&ph, h)))
			continue;
		row = row_new(x, out.cols);
		if (ph.k == H_WILD)
			memset(row, 0, arity * sizeof(*row));
		else
			args_of(x, p, &ph, fields, arity, row);
		memcpy(row + arity, m->rows[r] + 1,
		       (m->cols - 1) * sizeof(*row));
		mat_push(x, &out, &cap, row);
	}
	return out;
}

/* ---- values left out ---------------------------------------------------- */

/* a, b and c one after the other */
static const char *join(struct ex *x, const char *a, const char *b,
			const char *c)
{
	size_t la = strlen(a), lb = strlen(b), lc = strlen(c);
	char *s = zc_arena_alloc(x->a, la + lb + lc + 1);

	memcpy(s, a, la);
	memcpy(s + la, b, lb);
	memcpy(s + la + lb, c, lc + 1);
	return s;
}

/* s is one bracket pair and what it encloses: "(a, b)", "{ f = _ }" */
static int enclosed(const char *s)
{
	size_t n = strlen(s);
	int depth = 0;

	if (!n || !strchr("({[", s[0]))
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (strchr("({[", s[i]))
			depth++;
		else if (strchr(")}]", s[i]) && --depth == 0)
			return i == n - 1;
	}
	return 0;
}

/* s as an argument */
static const char *arg_text(struct ex *x, const char *s)
{
	if (!strchr(s, ' ') || enclosed(s))
		return s;
	return join(x, "(", s, ")");
}

/* The value of head h with arguments a[0..arity) */
static const char *value_text(struct ex *x, const struct head *h,
			      const char *const *a, size_t arity,
			      const char *const *fields)
{
	const char *s;
	size_t i;

	switch (h->k) {
	case H_CTOR:
		s = h->sig->c[h->i].name;
		return arity ? join(x, s, " ", arg_text(x, a[0])) : s;
	case H_BOOL:
		return h->i ? "false" : "true";
	case H_LIST:
		return h->i ? join(x, arg_text(x, a[0]), " :: ", a[1])
			    : "[]";
	case H_TUPLE:
		s = a[0];
		for (i = 1; i < arity; i++)
			s = join(x, s, ", ", a[i]);
		return join(x, "(", s, ")");
	case H_RECORD:
		s = "";
		for (i = 0; i < arity; i++)
			s = join(x, s, i ? "; " : "",
				 join(x, fields[i], " = ", a[i]));
		return join(x, "{ ", s, " }");
	default:
		return "_";
	}
}

static const char **wild_args(struct ex *x, size_t n)
{
	const char **a = zc_arena_alloc(x->a, (n ? n : 1) * sizeof(*a));

	for (size_t i = 0; i < n; i++)
		a[i] = "_";
	return a;
}

/* v in front of the values of w[0..cols) */
static const char **w_push(struct ex *x, const char *v,
			   const char *const *w, size_t cols)
{
	const char **out = zc_arena_alloc(x->a, (cols + 1) * sizeof(*out));

	out[0] = v;
	memcpy(out + 1, w, cols * sizeof(*out));
	return out;
}

/* ---- usefulness ---------------------------------------------------------- */

static const char **left_out(struct ex *x, const struct mat *m);

/* A value left out by the rows of constructor h, else NULL. */
static const char **left_out_by(struct ex *x, const struct mat *m,
				const struct head *h, size_t arity,
				const char *const *fields)
{
	struct mat s = specialize(x, m, h, arity, fields);
	const char **w = left_out(x, &s);

	if (!w)
		return NULL;
	return w_push(x, value_text(x, h, w, arity, fields), w + arity,
		      m->cols - 1);
}

/* Constructors of the first column's kind h (variants, bool, lists). */
static size_t kind_ctors(const struct head *h)
{
	return h->k == H_CTOR ? h->sig->n : 2;
}

static size_t ctor_arity(const struct head *h)
{
	switch (h->k) {
	case H_CTOR:
		return h->sig->c[h->i].arity;
	case H_LIST:
		return h->i ? 2 : 0;
	default:
		return 0;
	}
}

/* The first column's head, when every row's is a wildcard or of one
 * kind; H_OTHER when they mix or one is unknown. */
static struct head column_kind(const struct ex *x, const struct mat *m)
{
	struct head k = { H_WILD, NULL, 0, 0 };

	for (size_t r = 0; r < m->n; r++) {
		struct head h = head_of(x, m->rows[r][0]);

		if (h.k == H_WILD)
			continue;
		if (h.k == H_OTHER ||
		    (k.k != H_WILD && (k.k != h.k || k.sig != h.sig ||
				       (h.k == H_TUPLE && k.n != h.n))))
			return (struct head){ H_OTHER, NULL, 0, 0 };
		k = h;
	}
	return k;
}

/* A finite column: every constructor present, each looked into, or a
 * missing one with the wildcard rows. */
static const char **left_out_finite(struct ex *x, const struct mat *m,
				    const struct head *k)
{
	size_t n = kind_ctors(k), c, r;
	struct head h = *k;
	struct mat d;
	const char **w;

	for (c = 0; c < n; c++) {
		h.i = c;
		for (r = 0; r < m->n; r++) {
			struct head ph = head_of(x, m->rows[r][0]);

			if (ph.k != H_WILD && same_ctor(&ph, &h))
				break;
		}
		if (r == m->n)
			break;
	}
	if (c == n) {
		for (c = 0; c < n; c++) {
			h.i = c;
			if ((w = left_out_by(x, m, &h, ctor_arity(&h), NULL)))
				return w;
		}
		return NULL;
	}
	d = specialize(x, m, NULL, 0, NULL);
	if (!(w = left_out(x, &d)))
		return NULL;
	return w_push(x, value_text(x, &h, wild_args(x, ctor_arity(&h)),
				    ctor_arity(&h), NULL), w, m->cols - 1);
}

/*
 * A value (one per column) that no row of m matches, NULL when the rows
 * cover every value or the search gave up.
 */
static const char **left_out(struct ex *x, const struct mat *m0)
{
	struct head k;
	struct mat m, d;
	const char **w, **fields = NULL;
	size_t arity;

	if (x->gave_up || ++x->steps > MAX_STEPS) {
		x->gave_up = 1;
		return NULL;
	}
	if (!m0->cols)
		return m0->n ? NULL : wild_args(x, 0);
	m = expand_or(x, m0);
	k = column_kind(x, &m);
	switch (k.k) {
	case H_OTHER:
		return NULL;
	case H_CTOR: case H_BOOL: case H_LIST:
		return left_out_finite(x, &m, &k);
	case H_TUPLE: case H_RECORD:
		arity = k.k == H_TUPLE ? k.n : record_fields(x, &m, &fields);
		return left_out_by(x, &m, &k, arity, fields);
	default:	/* wildcards only, or literals: another value */
		d = specialize(x, &m, NULL, 0, NULL);
		if (!(w = left_out(x, &d)))
			return NULL;
		return w_push(x, "_", w, m.cols - 1);
	}
}

/* ---- scrutinees nothing constrains -------------------------------------- */

/* A variable in scope: whether nothing constrains it (free), what it
 * stands for (a pure let's or refined let!'s right-hand side, a match's
 * scrutinee), whether its type may carry a refinement (for a function:
 * its result's). */
struct bound {
	const char *name;
	int free;
	const struct zc_expr *def;
	int refined;
	const struct bound *up;
	unsigned long seen;	/* the constrain_by call that followed def */
};

struct walk {
	struct ex x;
	const struct zc_module *m;
	zc_incomplete_fn *fn;
	void *ctx;
	size_t bounds;		/* variables bound so far (MAX_BOUNDS) */
	unsigned long constrains;	/* constrain_by calls so far */
	const struct bound *spare;	/* bound once they are exhausted */
	/* the module's top-level bindings and type definitions by name,
	 * the last of a name where several have it (it shadows) */
	struct named *lets, *types;
	size_t nlets, ntypes;
};


static const struct bound *push_bound(struct walk *w, const struct bound *up,
				      const char *name, int free,
				      const struct zc_expr *def)
{
	struct bound *b;

	/* past the budget every variable is one constrained spare, and
	 * nothing more is judged (check_pats) */
	if (++w->bounds > MAX_BOUNDS)
		return w->spare;
	b = zc_arena_alloc(w->x.a, sizeof(*b));
	b->name = name;
	b->free = free;
	b->def = def;
	b->refined = 0;
	b->up = up;
	return b;
}

static const struct bound *find_bound(const struct bound *env,
				      const char *name)
{
	for (; env; env = env->up)
		if (!strcmp(env->name, name))
			return env;
	return NULL;
}

/* Application e's function (i = 0), then its arguments; NULL after. */
static const struct zc_expr *app_part(const struct zc_expr *e, size_t i)
{
	if (!i)
		return e->u.app.fn;
	return i <= e->u.app.nargs ? e->u.app.args[i - 1] : NULL;
}

static const struct zc_typedef *find_typedef(const struct walk *w,
					     const char *name)
{
	return find_named(w->types, w->ntypes, name);
}

/* The last top-level binding whose pattern is the variable name. */
static const struct zc_binding *find_let(const struct walk *w,
					 const char *name)
{
	return find_named(w->lets, w->nlets, name);
}

static int names_any(const struct zc_expr *t, const char *const *names);

/* Zulib's types that are refinements: squash p is x:unit{p} */
static const char *const refining_types[] = { "squash", "refineType",
					      NULL };

/* t, or a type it is made of or abbreviates, may hold a refinement */
static int type_refined(const struct walk *w, const struct zc_expr *t,
			int depth)
{
	const struct zc_typedef *td;
	const struct zc_expr *p;

	if (!t || depth > 8)
		return 0;
	/* (x:T{...}) read as an expression is x ascribed T */
	if (t->refined || (t->ascribed && type_refined(w, t->ascribed,
						       depth + 1)))
		return 1;
	switch (t->kind) {
	case ZC_E_APP:
		for (size_t i = 0; (p = app_part(t, i)); i++)
			if (type_refined(w, p, depth))
				return 1;
		return 0;
	case ZC_E_TUPLE:
		for (size_t i = 0; i < t->u.items.n; i++)
			if (type_refined(w, t->u.items.items[i], depth))
				return 1;
		return 0;
	case ZC_E_VAR:
		if (names_any(t, refining_types))
			return 1;
		td = find_typedef(w, t->u.name);
		return td && (td->refined ||
			      type_refined(w, td->abbrev, depth + 1));
	default:
		return 0;
	}
}

/* t names one of names[] (Pure, requires ...: a precondition) */
static int names_any(const struct zc_expr *t, const char *const *names)
{
	const struct zc_expr *p;

	if (!t)
		return 0;
	switch (t->kind) {
	case ZC_E_VAR: case ZC_E_CON:
		for (; *names; names++)
			if (!strcmp(zc_name_last(t->u.name), *names))
				return 1;
		return 0;
	case ZC_E_APP:
		for (size_t i = 0; (p = app_part(t, i)); i++)
			if (names_any(p, names))
				return 1;
		return 0;
	default:
		return 0;
	}
}

static const char *const preconditions[] = { "Pure", "requires", "Div",
					     "GTot", "squash", NULL };

/* A val whose domains, codomain or precondition may constrain the
 * arguments: a refinement in them, arrows not all seen (a codomain in
 * parentheses, `val f : handler someNat`) */
static int sig_constrains(const struct walk *w, const struct zc_sig *sig)
{
	if (!sig)
		return 0;
	if (sig->via || names_any(sig->ret, preconditions) ||
	    type_refined(w, sig->ret, 0))
		return 1;
	for (size_t i = 0; sig->types && i < sig->n; i++)
		if (type_refined(w, sig->types[i], 0))
			return 1;
	return 0;
}

/* The contract's function name, if its declared result is refined. */
static int top_refined(const struct walk *w, const char *name)
{
	const struct zc_binding *b = find_let(w, name);

	return b && (type_refined(w, b->ret_type, 0) ||
		     (b->sig && (type_refined(w, b->sig->ret, 0) ||
				 names_any(b->sig->ret, preconditions))));
}

/* Zulib's functions whose result, or callback's domain, is refined:
 * by their argument's value (bind_dep ...), a length (Array.toList's
 * list, init_pure's i:nat{i < l}) */
static const char *const refining[] = {
	"bind_dep", "ifBang", "refine_in", "refine_eq_in", "refine_out",
	"refine_eq_out", "refine", "toList", "init_pure", "joinOptions",
	"chunkBySize", "zip", "zipWithT", "sub", "append", "concat3",
	"tryMapT", "mapT", NULL,
};

/* e's value may carry a refinement (a let!'s right-hand side) */
static int rhs_refined(const struct walk *w, const struct zc_expr *e,
		       const struct bound *env)
{
	const struct bound *b;
	const struct zc_expr *p;

	if (!e)
		return 0;
	if (e->ascribed && type_refined(w, e->ascribed, 0))
		return 1;
	for (uint32_t i = 0; i < e->nimplicit; i++)	/* ret #(x:T{..}) */
		if (type_refined(w, e->implicit_args[i], 0))
			return 1;
	switch (e->kind) {
	case ZC_E_VAR:
		if ((b = find_bound(env, e->u.name)))
			return b->refined;	/* its definition's, when bound */
		/* a function whose result is refined, or a refined type
		 * given as an argument (cast someNat x) */
		return names_any(e, refining) || top_refined(w, e->u.name) ||
		       type_refined(w, e, 0);
	case ZC_E_APP:
		for (size_t i = 0; (p = app_part(e, i)); i++)
			if (rhs_refined(w, p, env))
				return 1;
		return 0;
	case ZC_E_CON: case ZC_E_INT: case ZC_E_STRING: case ZC_E_BOOL:
	case ZC_E_UNIT: case ZC_E_ERASED:
		return 0;
	case ZC_E_TUPLE: case ZC_E_LIST:
		for (size_t i = 0; i < e->u.items.n; i++)
			if (rhs_refined(w, e->u.items.items[i], env))
				return 1;
		return 0;
	default:	/* an if, a match, a let ...: not looked into */
		return 1;
	}
}

/* env with every variable in it constrained */
static const struct bound *constrain_all(struct walk *w,
					 const struct bound *env)
{
	const struct bound *out = env;

	for (const struct bound *b = env; b; b = b->up)
		if (b->free)
			out = push_bound(w, out, b->name, 0, NULL);
	return out;
}

/* env, with every variable c names anywhere constrained (and what those
 * with a definition stand for): F* knows c's value on the way */
static const struct bound *constrain(struct walk *w, const struct bound *env,
				     const struct zc_expr *c, int depth)
{
	const struct bound *b;
	const struct zc_expr *p;
	size_t i;

	if (!c)
		return env;
	switch (c->kind) {
	case ZC_E_VAR:
		b = find_bound(env, c->u.name);
		if (b && b->free)	/* (a name bound no other way is not) */
			env = push_bound(w, env, c->u.name, 0, NULL);
		if (b && b->refined)	/* its refinement may name anything */
			return constrain_all(w, env);
		/* each definition once per condition: they share names */
		if (b && b->def && depth < MAX_DEFS &&
		    b->seen != w->constrains) {
			((struct bound *)b)->seen = w->constrains;
			env = constrain(w, env, b->def, depth + 1);
		}
		return env;
	case ZC_E_APP:
		for (i = 0; (p = app_part(c, i)); i++)
			env = constrain(w, env, p, depth);
		return env;
	case ZC_E_TUPLE: case ZC_E_LIST:
		for (i = 0; i < c->u.items.n; i++)
			env = constrain(w, env, c->u.items.items[i], depth);
		return env;
	case ZC_E_CONS:
		env = constrain(w, env, c->u.cons.hd, depth);
		return constrain(w, env, c->u.cons.tl, depth);
	case ZC_E_PROJ:
		return constrain(w, env, c->u.proj.e, depth);
	case ZC_E_RECORD:
		env = constrain(w, env, c->u.record.base, depth);
		for (i = 0; i < c->u.record.n; i++)
			env = constrain(w, env, c->u.record.values[i], depth);
		return env;
	case ZC_E_FUN:
		return constrain(w, env, c->u.fun.body, depth);
	case ZC_E_IF:
		env = constrain(w, env, c->u.if_.cond, depth);
		env = constrain(w, env, c->u.if_.then_, depth);
		return constrain(w, env, c->u.if_.else_, depth);
	case ZC_E_MATCH:
		env = constrain(w, env, c->u.match.scrut, depth);
		for (i = 0; i < c->u.match.n; i++)
			env = constrain(w, env, c->u.match.branches[i].body,
					depth);
		return env;
	case ZC_E_LET:
		for (i = 0; i < c->u.let.nbinds; i++)
			env = constrain(w, env, c->u.let.binds[i].body, depth);
		return constrain(w, env, c->u.let.body, depth);
	case ZC_E_LETBANG:
		env = constrain(w, env, c->u.letbang.rhs, depth);
		return constrain(w, env, c->u.letbang.body, depth);
	case ZC_E_LETOPEN:
		return constrain(w, env, c->u.letopen.body, depth);
	default:
		return env;
	}
}

/* How a pattern binds its variables: free or not, to a part of def (a
 * pure let's or a refined let!'s right-hand side, which a condition on
 * them speaks of), of a type that may be refined. */
struct bind_as {
	int free;
	const struct zc_expr *def;
	int refined;
};

/* env, with what condition c names constrained */
static const struct bound *constrain_by(struct walk *w,
					const struct bound *env,
					const struct zc_expr *c)
{
	w->constrains++;
	return constrain(w, env, c, 0);
}

/* env with the variables of p bound as `as` says */
static const struct bound *bind_pat(struct walk *w, const struct bound *env,
				    const struct zc_pat *p,
				    const struct bind_as *as)
{
	struct bind_as sub = *as;
	struct bound *b;
	size_t i;

	/* under an annotation, a refined record or variant of the
	 * contract's, or an unknown constructor: maybe refined */
	if (head_of(&w->x, p).k == H_OTHER) {
		sub.free = 0;
		sub.refined = 1;
	}
	switch (p->kind) {
	case ZC_P_VAR:
		b = (struct bound *)push_bound(w, env, p->u.name, sub.free,
					       sub.def);
		b->refined = sub.refined;
		return b;
	case ZC_P_CON:
		for (i = 0; i < p->u.con.nargs; i++)
			env = bind_pat(w, env, p->u.con.args[i], &sub);
		return env;
	case ZC_P_TUPLE: case ZC_P_LIST: case ZC_P_OR:
		for (i = 0; i < p->u.items.n; i++)
			env = bind_pat(w, env, p->u.items.items[i], &sub);
		return env;
	case ZC_P_CONS:
		env = bind_pat(w, env, p->u.cons.hd, &sub);
		return bind_pat(w, env, p->u.cons.tl, &sub);
	case ZC_P_RECORD:
		for (i = 0; i < p->u.record.n; i++)
			env = bind_pat(w, env, p->u.record.pats[i], &sub);
		return env;
	default:
		return env;
	}
}

/* Report what the patterns pats[0..n) leave out, if anything. */
static void check_pats(struct walk *w, struct zc_pos pos, const char *what,
		       const struct zc_pat *const *pats, size_t n)
{
	struct mat m = { NULL, 0, 1 };
	size_t cap = 0;
	const char **left;

	if (w->bounds > MAX_BOUNDS)
		return;
	for (size_t i = 0; i < n; i++) {
		const struct zc_pat **row = row_new(&w->x, 1);

		row[0] = pats[i];
		mat_push(&w->x, &m, &cap, row);
	}
	w->x.steps = 0;
	w->x.gave_up = 0;
	if ((left = left_out(&w->x, &m)))
		w->fn(w->ctx, pos, what, left[0]);
}

/* A refutable pattern of a let, a let! or a parameter: one branch.  (An
 * annotated one, (p : T{...}), is not judged: head_of.) */
static void check_pat(struct walk *w, const struct zc_pat *p)
{
	check_pats(w, p->pos, "pattern", &p, 1);
}

static int is_free_var(const struct zc_expr *e, const struct bound *env)
{
	const struct bound *b;

	return e->kind == ZC_E_VAR && !e->ascribed &&
	       (b = find_bound(env, e->u.name)) && b->free;
}

/* A scrutinee nothing constrains: a free variable, or a tuple of them. */
static int free_scrutinee(const struct zc_expr *e, const struct bound *env)
{
	if (e->kind != ZC_E_TUPLE || e->ascribed)
		return is_free_var(e, env);
	for (size_t i = 0; i < e->u.items.n; i++)
		if (!is_free_var(e->u.items.items[i], env))
			return 0;
	return 1;
}

/* Branch i's head differs from every earlier branch's: their failure
 * tells nothing of the values its pattern binds. */
static int apart_from_earlier(const struct walk *w, const struct zc_expr *e,
			      size_t i)
{
	struct head h = head_of(&w->x, e->u.match.branches[i].pat);

	if (h.k != H_CTOR && h.k != H_BOOL && h.k != H_LIST)
		return 0;
	for (size_t j = 0; j < i; j++) {
		struct head g = head_of(&w->x, e->u.match.branches[j].pat);

		if (g.k != h.k || g.sig != h.sig || g.i == h.i)
			return 0;
	}
	return 1;
}

static void walk_expr(struct walk *w, const struct zc_expr *e,
		      const struct bound *env);

/* The parameters params[0..n), bound as as[i] says, and the body. */
static void walk_params(struct walk *w, struct zc_pat *const *params,
			size_t n, const struct bind_as *as,
			const struct zc_expr *body, const struct bound *env)
{
	for (size_t i = 0; i < n; i++) {
		if (as[i].free)
			check_pat(w, params[i]);
		env = bind_pat(w, env, params[i], &as[i]);
	}
	walk_expr(w, body, env);
}

/* A function's parameters are free unless its declared types may
 * constrain them: the parameter's own, the val's domain. */
static void walk_function(struct walk *w, const struct zc_binding *b,
			  const struct zc_sig *sig, int may_be_free,
			  const struct bound *env)
{
	struct bind_as *as = zc_arena_alloc(w->x.a, (b->nparams + 1) *
						       sizeof(*as));

	/* a refinement on one parameter may name another (y:nat{x <> 0}),
	 * a precondition any (Pure T (requires ...), in a val or not), a
	 * refined return type or arrow a parameter */
	int constrains = sig_constrains(w, sig) || b->ret_constrains ||
			 names_any(b->ret_type, preconditions);

	for (size_t i = 0; i < b->nparams; i++) {
		as[i].def = NULL;
		as[i].refined = b->params[i]->refined ||
			(b->param_types &&
			 type_refined(w, b->param_types[i], 0)) ||
			(sig && sig->types && i < sig->n &&
			 type_refined(w, sig->types[i], 0));
		constrains |= as[i].refined;
	}
	for (size_t i = 0; i < b->nparams; i++)
		as[i].free = may_be_free && !constrains;
	/* a local function's types may speak of what it captures */
	if (constrains)
		env = constrain_all(w, env);
	walk_params(w, b->params, b->nparams, as, b->body, env);
}

static void walk_lambda(struct walk *w, const struct zc_expr *e, int free,
			const struct bound *env)
{
	size_t n = e->u.fun.nparams;
	struct bind_as *as = zc_arena_alloc(w->x.a, (n + 1) * sizeof(*as));

	free = free && !(e->ascribed && type_refined(w, e->ascribed, 0));
	for (size_t i = 0; i < n; i++) {
		as[i].free = free;
		as[i].def = NULL;
		as[i].refined = !free;	/* its type unknown, or refined */
	}
	walk_params(w, e->u.fun.params, n, as, e->u.fun.body, env);
}

static int is_short(const struct zc_expr *fn)
{
	static const char *const ops[] = { "&&", "||", "op_AmpAmp",
					   "op_BarBar", NULL };

	return fn->kind == ZC_E_VAR && names_any(fn, ops);
}

/* A lambda given to fn checks against fn's parameter type: Zulib's
 * callbacks (>>=, map, foldT ...) have no refinement, but bind_dep's and
 * ifBang's have; the contract's own functions, if their val has none. */
static int callback_free(const struct walk *w, const struct zc_expr *fn,
			 const struct bound *env)
{
	const struct zc_binding *b;

	if (fn->kind != ZC_E_VAR || find_bound(env, fn->u.name) ||
	    names_any(fn, refining))
		return 0;
	if (!(b = find_let(w, fn->u.name)))
		return 1;
	if (!b->sig || !b->sig->types || sig_constrains(w, b->sig))
		return 0;
	/* a domain not kept (an arrow's) may be the refined one */
	for (size_t i = 0; i < b->sig->n; i++)
		if (!b->sig->types[i])
			return 0;
	return 1;
}

/*
 * F* types a lambda argument after the arguments before it: its
 * parameter takes their refinement (`g () >>= fun x -> ...` with g's
 * result refined; bind_dep, ifBang: x == force mx), and a condition on
 * it speaks of what they name.
 */
static int others_refined(const struct walk *w, const struct zc_expr *e,
			  size_t lambda, const struct bound *env)
{
	if (names_any(e->u.app.fn, refining))
		return 1;
	for (size_t i = 0; i < e->u.app.nargs; i++)
		if (i != lambda && e->u.app.args[i]->kind != ZC_E_FUN &&
		    rhs_refined(w, e->u.app.args[i], env))
			return 1;
	return 0;
}

static const struct bound *constrain_others(struct walk *w,
					    const struct zc_expr *e,
					    size_t lambda,
					    const struct bound *env)
{
	for (size_t i = 0; i < e->u.app.nargs; i++)
		if (i != lambda)
			env = constrain_by(w, env, e->u.app.args[i]);
	return env;
}

static void walk_app(struct walk *w, const struct zc_expr *e,
		     const struct bound *env)
{
	const struct zc_expr *fn = e->u.app.fn;

	if (is_short(fn) && e->u.app.nargs == 2) {
		walk_expr(w, e->u.app.args[0], env);
		walk_expr(w, e->u.app.args[1],
			  constrain_by(w, env, e->u.app.args[0]));
		return;
	}
	walk_expr(w, fn, env);
	for (size_t i = 0; i < e->u.app.nargs; i++) {
		const struct zc_expr *a = e->u.app.args[i];

		if (a->kind != ZC_E_FUN)
			walk_expr(w, a, env);
		else if (others_refined(w, e, i, env))
			walk_lambda(w, a, 0, constrain_others(w, e, i, env));
		else
			walk_lambda(w, a, callback_free(w, fn, env), env);
	}
}

static void walk_let(struct walk *w, const struct zc_expr *e,
		     const struct bound *env)
{
	const struct bound *inner = env;
	size_t i;

	for (i = 0; i < e->u.let.nbinds; i++) {
		const struct zc_binding *b = &e->u.let.binds[i];
		/* F* knows a pure let's variables by their definition */
		struct bind_as as = {
			0, b->nparams ? NULL : b->body,
			type_refined(w, b->ret_type, 0) ||
			(!b->nparams && rhs_refined(w, b->body, env)),
		};

		if (b->nparams)
			walk_function(w, b, NULL, 1, env);
		else if (b->body->kind == ZC_E_FUN)	/* its type unknown */
			walk_lambda(w, b->body, 0, b->ret_constrains
					? constrain_all(w, env) : env);
		else
			walk_expr(w, b->body, env);
		/* let Some z = x in ...: a match of one branch (h48's za1) */
		if (!b->nparams && !b->ret_type &&
		    free_scrutinee(b->body, env))
			check_pat(w, b->pat);
		inner = bind_pat(w, inner, b->pat, &as);
	}
	walk_expr(w, e->u.let.body, inner);
}

/* let! p = rhs in body: p's variables are free unless rhs's type may be
 * refined; then a variable keeps rhs, which a condition on it speaks of
 * (let! b = chk x, chk's result b:bool{b = (x <> None)}) */
static void walk_letbang(struct walk *w, const struct zc_expr *e,
			 const struct bound *env)
{
	const struct zc_pat *p = e->u.letbang.pat;
	int free = !rhs_refined(w, e->u.letbang.rhs, env);
	struct bind_as as = { free, free ? NULL : e->u.letbang.rhs, !free };

	walk_expr(w, e->u.letbang.rhs, env);
	if (free)
		check_pat(w, p);
	walk_expr(w, e->u.letbang.body, bind_pat(w, env, p, &as));
}

static void walk_match(struct walk *w, const struct zc_expr *e,
		       const struct bound *env)
{
	const struct zc_expr *s = e->u.match.scrut;
	int free = free_scrutinee(s, env);
	const struct bound *after;
	size_t i;

	walk_expr(w, s, env);
	if (free) {
		const struct zc_pat **pats = zc_arena_alloc(
			w->x.a, e->u.match.n * sizeof(*pats));

		for (i = 0; i < e->u.match.n; i++)
			pats[i] = e->u.match.branches[i].pat;
		check_pats(w, e->pos, "match", pats, e->u.match.n);
	}
	after = constrain_by(w, env, s);
	for (i = 0; i < e->u.match.n; i++) {
		/* F* knows the scrutinee equals the pattern */
		struct bind_as as = { 0, s, 1 };

		as.free = free && s->kind == ZC_E_VAR &&
			  apart_from_earlier(w, e, i);
		as.refined = !as.free;
		walk_expr(w, e->u.match.branches[i].body,
			  bind_pat(w, after, e->u.match.branches[i].pat,
				   &as));
	}
}

static void walk_expr(struct walk *w, const struct zc_expr *e,
		      const struct bound *env)
{
	size_t i;

	if (!e)
		return;
	switch (e->kind) {
	case ZC_E_APP:
		walk_app(w, e, env);
		break;
	case ZC_E_TUPLE: case ZC_E_LIST:
		for (i = 0; i < e->u.items.n; i++)
			walk_expr(w, e->u.items.items[i], env);
		break;
	case ZC_E_CONS:
		walk_expr(w, e->u.cons.hd, env);
		walk_expr(w, e->u.cons.tl, env);
		break;
	case ZC_E_RECORD:
		walk_expr(w, e->u.record.base, env);
		for (i = 0; i < e->u.record.n; i++)
			walk_expr(w, e->u.record.values[i], env);
		break;
	case ZC_E_PROJ:
		walk_expr(w, e->u.proj.e, env);
		break;
	case ZC_E_FUN:	/* not a callback: its type is not known here */
		walk_lambda(w, e, 0, env);
		break;
	case ZC_E_LET:
		walk_let(w, e, env);
		break;
	case ZC_E_LETBANG:
		walk_letbang(w, e, env);
		break;
	case ZC_E_LETOPEN:
		walk_expr(w, e->u.letopen.body, env);
		break;
	case ZC_E_IF:
		walk_expr(w, e->u.if_.cond, env);
		env = constrain_by(w, env, e->u.if_.cond);
		walk_expr(w, e->u.if_.then_, env);
		walk_expr(w, e->u.if_.else_, env);
		break;
	case ZC_E_MATCH:
		walk_match(w, e, env);
		break;
	default:	/* names and constants */
		break;
	}
}

/* ---- the module ------------------------------------------------------------ */

/* The contract's variant t, as a signature of x's. */
static void add_variant(struct ex *x, const struct zc_typedef *t)
{
	struct ctor *c = zc_arena_alloc(x->a, (t->nctors + 1) * sizeof(*c));

	for (size_t q = 0; q < t->nctors; q++) {
		c[q].name = t->ctors[q].name;
		c[q].arity = t->ctors[q].arity > 0;
	}
	x->user[x->nuser].c = c;
	x->user[x->nuser++].n = t->nctors;
}

/* w's indexes of the module's bindings, types and constructors */
static void index_module(struct walk *w)
{
	const struct zc_module *m = w->m;
	size_t nl = 0, nt = 0, order = 0;

	for (size_t i = 0; i < m->ndecls; i++) {
		const struct zc_decl *d = &m->decls[i];

		nl += d->kind == ZC_D_LET ? d->u.let.nbinds : 0;
		nt += d->kind == ZC_D_TYPE ? d->u.type.n : 0;
	}
	w->lets = zc_arena_alloc(w->x.a, (nl + 1) * sizeof(*w->lets));
	w->types = zc_arena_alloc(w->x.a, (nt + 1) * sizeof(*w->types));
	w->x.user = zc_arena_alloc(w->x.a, (nt + 1) * sizeof(*w->x.user));
	for (size_t i = 0; i < m->ndecls; i++) {
		const struct zc_decl *d = &m->decls[i];

		for (size_t j = 0; d->kind == ZC_D_LET &&
				   j < d->u.let.nbinds; j++) {
			const struct zc_binding *b = &d->u.let.binds[j];

			if (b->pat->kind == ZC_P_VAR)
				w->lets[w->nlets++] = (struct named){
					b->pat->u.name, order++, b };
		}
		for (size_t j = 0; d->kind == ZC_D_TYPE && j < d->u.type.n;
		     j++) {
			const struct zc_typedef *t = &d->u.type.types[j];

			w->types[w->ntypes++] = (struct named){ t->name,
								order++, t };
			w->x.user_refined |= t->refined;
			if (t->form == ZC_TY_VARIANT)
				add_variant(&w->x, t);
		}
	}
	qsort(w->lets, w->nlets, sizeof(*w->lets), named_cmp);
	qsort(w->types, w->ntypes, sizeof(*w->types), named_cmp);
	index_ctors(&w->x);
}

static void walk_binding(struct walk *w, const struct zc_binding *b)
{
	if (b->nparams)
		walk_function(w, b, b->sig, 1, NULL);
	else if (b->body->kind == ZC_E_FUN)	/* `let f = fun x -> ...` */
		walk_lambda(w, b->body, b->sig && !sig_constrains(w, b->sig),
			    NULL);
	else
		walk_expr(w, b->body, NULL);
}

void zc_check_matches(const struct zc_module *m, zc_incomplete_fn *fn,
		      void *ctx)
{
	static const struct bound spare = { "", 0, NULL, 1, NULL, 0 };
	struct walk w;

	memset(&w, 0, sizeof(w));
	w.x.a = zc_arena_new();
	w.m = m;
	w.fn = fn;
	w.ctx = ctx;
	w.spare = &spare;
	index_module(&w);
	for (size_t i = 0; i < m->ndecls; i++)
		for (size_t j = 0; m->decls[i].kind == ZC_D_LET &&
				   j < m->decls[i].u.let.nbinds; j++)
			walk_binding(&w, &m->decls[i].u.let.binds[j]);
	zc_arena_free(w.x.a);
}
