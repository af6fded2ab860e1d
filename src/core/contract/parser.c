/*
 * parser.c - recursive descent parser of ZF* contracts (parser.h, ast.h).
 *
 * The whole input is tokenized first (stopping at the first lexical
 * error, which becomes a ZC_T_ERROR token), so lookahead is free and
 * token pointers are stable.  Errors longjmp back to zc_parse(); all
 * memory is in the arena (plus the token array, freed by zc_parse).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/contract/lexer.h"
#include "core/contract/parser.h"

struct vec {
	void **v;
	size_t n, cap;
};

struct parser {
	struct zc_token *toks;
	size_t ntoks, pos;
	const char *file;
	struct zc_arena *a;
	struct zen_err *err;
	const char *lexerr;
	jmp_buf jb;
	unsigned depth;
	int tymode;
	int lemma;		/* a lemma's body: types, and `;` */
	struct vec *vals;	/* the top level's pending vals, else NULL */
	struct vec arrows;	/* the arrow abbreviations so far (typedefs) */
	const char *last_val;	/* the val just before this declaration */
	unsigned flags;
	/* refinements skipped and type arrows read so far (ast.h
	 * zc_expr.refined) */
	size_t refinements, type_arrows;
};

typedef struct parser P;

static void vpush(P *p, struct vec *v, void *x)
{
	if (v->n == v->cap) {
		size_t cap = v->cap ? v->cap * 2 : 4;
		void **nv = zc_arena_alloc(p->a, cap * sizeof(void *));

		if (v->n)
			memcpy(nv, v->v, v->n * sizeof(void *));
		v->v = nv;
		v->cap = cap;
	}
	v->v[v->n++] = x;
}

/* ---- tokens and errors ---------------------------------------------- */

static const struct zc_token *cur(P *p)
{
	return &p->toks[p->pos];
}

static const struct zc_token *peek(P *p, size_t k)
{
	size_t i = p->pos + k;

	return &p->toks[i < p->ntoks ? i : p->ntoks - 1];
}

static const struct zc_token *advance(P *p)
{
	const struct zc_token *t = &p->toks[p->pos];

	if (p->pos + 1 < p->ntoks)
		p->pos++;
	return t;
}

static int is(P *p, enum zc_tok k)
{
	return cur(p)->kind == k;
}

static int accept(P *p, enum zc_tok k)
{
	if (!is(p, k))
		return 0;
	advance(p);
	return 1;
}

static ZEN_NORETURN ZEN_PRINTF(4, 5) void fail_at(P *p, uint32_t line,
						  uint32_t col,
						  const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	zen_fail(p->err, ZEN_EINVAL, "%s:%u:%u: %s", p->file, (unsigned)line,
		 (unsigned)col, msg);
	longjmp(p->jb, 1);
}

static const char *describe(P *p, const struct zc_token *t, char *buf,
			    size_t n)
{
	(void)p;
	switch (t->kind) {
	case ZC_T_EOF:
		return "end of input";
	case ZC_T_STRING:
		return "string literal";
	default:
		if (t->text) {
			size_t len = strlen(t->text);

			if (len > 40)
				snprintf(buf, n, "'%.40s...'", t->text);
			else
				snprintf(buf, n, "'%s'", t->text);
		} else {
			snprintf(buf, n, "token");
		}
		return buf;
	}
}

static const char *punct_text(enum zc_tok k)
{
	switch (k) {
	case ZC_T_LPAREN: return "(";
	case ZC_T_RPAREN: return ")";
	case ZC_T_LBRACK: return "[";
	case ZC_T_RBRACK: return "]";
	case ZC_T_LBRACE: return "{";
	case ZC_T_RBRACE: return "}";
	case ZC_T_COMMA: return ",";
	case ZC_T_SEMI: return ";";
	case ZC_T_SEMISEMI: return ";;";
	case ZC_T_HASH: return "#";
	case ZC_T_BACKTICK: return "`";
	case ZC_T_DOT: return ".";
	default: return NULL;
	}
}

static ZEN_NORETURN void fail_tok(P *p, const struct zc_token *t,
				  const char *what)
{
	char buf[64];
	const char *got;

	switch (t->kind) {
	case ZC_T_ERROR:
		fail_at(p, t->line, t->col, "%s", p->lexerr);
	case ZC_T_PRAGMA:
		fail_at(p, t->line, t->col, "forbidden: pragma '#%s'", t->text);
	case ZC_T_TRY:
		fail_at(p, t->line, t->col, "forbidden: 'try ... with'");
	case ZC_T_WHEN:
		fail_at(p, t->line, t->col, "when guards are not allowed in "
			"contracts (line %u, column %u)", (unsigned)t->line,
			(unsigned)t->col);
	case ZC_T_EFFECT:
		fail_at(p, t->line, t->col,
			"forbidden: effect declarations ('%s')", t->text);
	case ZC_T_EXCEPTION:
		fail_at(p, t->line, t->col,
			"forbidden: exception declarations");
	case ZC_T_ASSUME:
		fail_at(p, t->line, t->col, "forbidden: 'assume'");
	case ZC_T_SEMISEMI:
		fail_at(p, t->line, t->col, "unsupported: ';;' sequencing");
	case ZC_T_COLONEQ:
		fail_at(p, t->line, t->col, "unsupported: ':=' assignment");
	default:
		break;
	}
	if (punct_text(t->kind)) {
		snprintf(buf, sizeof(buf), "'%s'", punct_text(t->kind));
		got = buf;
	} else {
		got = describe(p, t, buf, sizeof(buf));
	}
	fail_at(p, t->line, t->col, "expected %s, got %s", what, got);
}

static ZEN_NORETURN void fail_expected(P *p, const char *what)
{
	fail_tok(p, cur(p), what);
}

static const struct zc_token *expect(P *p, enum zc_tok k, const char *what)
{
	if (!is(p, k))
		fail_expected(p, what);
	return advance(p);
}

static void enter(P *p)
{
	if (++p->depth > ZC_MAX_DEPTH)
		fail_at(p, cur(p)->line, cur(p)->col,
			"nesting too deep (limit %d)", ZC_MAX_DEPTH);
}

static void leave(P *p)
{
	p->depth--;
}

/* ---- names the reference refuses to bind -------------------------------- */

/*
 * The checker the reference pins (zenprotocol/ZFS-Tools 0.0.24,
 * ASTUtils.fs check_name) refuses a bound name that is an F# keyword
 * (F*'s FStar.Extraction.ML.Syntax.fsharpkeywords: the extracted code
 * could not use it) or starts with get_ or set_ (it would clash with the
 * extracted code's properties).  The list ends with the words F# reserves
 * for later use (atomic .. volatile); the F* builds of 2018 already list
 * them (their extracted FStar_Extraction_ML_Syntax.ml, with E_GHOST and
 * CMacro, as h37's blind round found).  The reserved cost names of
 * contracts.md 1.10 (cost, ret, inc, log, exp, +, >>=, ...) come from an
 * earlier checker: the pinned one binds them as any other name, so zen
 * does too.
 */
static const char *const fsharp_keywords[] = {
	"abstract", "and", "as", "asr", "assert", "atomic", "base", "begin",
	"break", "checked", "class", "component", "const", "constraint",
	"constructor", "continue", "default", "delegate", "do", "done",
	"downcast", "downto", "eager", "elif", "else", "end", "event",
	"exception", "extern", "external", "false", "finally", "fixed",
	"for", "fun", "function", "functor", "global", "if", "in", "include",
	"inherit", "inline", "interface", "internal", "land", "lazy", "let",
	"lor", "lsl", "lsr", "lxor", "match", "member", "method", "mixin",
	"mod", "module", "mutable", "namespace", "new", "not", "null",
	"object", "of", "open", "or", "override", "parallel", "private",
	"process", "protected", "public", "pure", "rec", "return", "sealed",
	"select", "sig", "static", "struct", "tailcall", "then", "to",
	"trait", "true", "try", "type", "upcast", "use", "val", "virtual",
	"void", "volatile", "when", "while", "with", "yield",
};

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void check_binder(P *p, const char *name, const struct zc_token *t)
{
	if (bsearch(&name, fsharp_keywords, ZEN_ARRAY_SIZE(fsharp_keywords),
		    sizeof(*fsharp_keywords), cmp_name))
		fail_at(p, t->line, t->col, "forbidden: '%s' is not permitted "
			"as an identifier (an F# keyword)", name);
	if (!strncmp(name, "get_", 4) || !strncmp(name, "set_", 4))
		fail_at(p, t->line, t->col, "forbidden: the name '%s' "
			"(names may not start with \"get_\" or \"set_\")",
			name);
}

/* The checker refuses to let a module abbreviation stand for the names
 * of the library's roots (ASTUtils.fs reserved_module_names). */
static void check_abbrev(P *p, const struct zc_token *t)
{
	static const char *const roots[] = { "FStar", "Prims", "Zen",
					     "ZFStar" };

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(roots); i++)
		if (!strcmp(t->text, roots[i]))
			fail_at(p, t->line, t->col, "forbidden: '%s' is not "
				"permitted as a module abbreviation", t->text);
}

/* ---- node helpers --------------------------------------------------- */

static uint32_t umax(uint32_t a, uint32_t b)
{
	return a > b ? a : b;
}

static void seal_pat(P *p, struct zc_pat *x)
{
	uint32_t d = 0;
	size_t i;

	switch (x->kind) {
	case ZC_P_CON:
		for (i = 0; i < x->u.con.nargs; i++)
			d = umax(d, x->u.con.args[i]->depth);
		break;
	case ZC_P_TUPLE:
	case ZC_P_LIST:
	case ZC_P_OR:
		for (i = 0; i < x->u.items.n; i++)
			d = umax(d, x->u.items.items[i]->depth);
		break;
	case ZC_P_CONS:
		d = umax(x->u.cons.hd->depth, x->u.cons.tl->depth);
		break;
	case ZC_P_RECORD:
		for (i = 0; i < x->u.record.n; i++)
			d = umax(d, x->u.record.pats[i]->depth);
		break;
	default:
		break;
	}
	x->depth = d + 1;
	if (x->depth > ZC_MAX_DEPTH)
		fail_at(p, x->pos.line, x->pos.col,
			"nesting too deep (limit %d)", ZC_MAX_DEPTH);
}

static uint32_t pats_depth(struct zc_pat **ps, size_t n)
{
	uint32_t d = 0;

	for (size_t i = 0; i < n; i++)
		d = umax(d, ps[i]->depth);
	return d;
}

static void seal(P *p, struct zc_expr *e)
{
	uint32_t d = 0;
	size_t i;

	switch (e->kind) {
	case ZC_E_APP:
		d = e->u.app.fn->depth;
		for (i = 0; i < e->u.app.nargs; i++)
			d = umax(d, e->u.app.args[i]->depth);
		break;
	case ZC_E_TUPLE:
	case ZC_E_LIST:
		for (i = 0; i < e->u.items.n; i++)
			d = umax(d, e->u.items.items[i]->depth);
		break;
	case ZC_E_CONS:
		d = umax(e->u.cons.hd->depth, e->u.cons.tl->depth);
		break;
	case ZC_E_RECORD:
		if (e->u.record.base)
			d = e->u.record.base->depth;
		for (i = 0; i < e->u.record.n; i++)
			d = umax(d, e->u.record.values[i]->depth);
		break;
	case ZC_E_PROJ:
		d = e->u.proj.e->depth;
		break;
	case ZC_E_FUN:
		d = umax(pats_depth(e->u.fun.params, e->u.fun.nparams),
			 e->u.fun.body->depth);
		break;
	case ZC_E_LET:
		d = e->u.let.body->depth;
		for (i = 0; i < e->u.let.nbinds; i++) {
			struct zc_binding *b = &e->u.let.binds[i];

			d = umax(d, b->pat->depth);
			d = umax(d, pats_depth(b->params, b->nparams));
			d = umax(d, b->body->depth);
		}
		break;
	case ZC_E_LETBANG:
		d = umax(e->u.letbang.pat->depth,
			 umax(e->u.letbang.rhs->depth,
			      e->u.letbang.body->depth));
		break;
	case ZC_E_LETOPEN:
		d = e->u.letopen.body->depth;
		break;
	case ZC_E_IF:
		d = umax(e->u.if_.cond->depth,
			 umax(e->u.if_.then_->depth, e->u.if_.else_->depth));
		break;
	case ZC_E_MATCH:
		d = e->u.match.scrut->depth;
		for (i = 0; i < e->u.match.n; i++) {
			d = umax(d, e->u.match.branches[i].pat->depth);
			d = umax(d, e->u.match.branches[i].body->depth);
		}
		break;
	default:
		break;
	}
	e->depth = d + 1;
	if (e->depth > ZC_MAX_DEPTH)
		fail_at(p, e->pos.line, e->pos.col,
			"nesting too deep (limit %d)", ZC_MAX_DEPTH);
}

static struct zc_expr *mk(P *p, enum zc_expr_kind k, const struct zc_token *t)
{
	struct zc_expr *e = zc_arena_alloc(p->a, sizeof(*e));

	e->kind = k;
	e->pos.line = t->line;
	e->pos.col = t->col;
	e->depth = 1;
	return e;
}

static struct zc_pat *mkpat(P *p, enum zc_pat_kind k,
			    const struct zc_token *t)
{
	struct zc_pat *x = zc_arena_alloc(p->a, sizeof(*x));

	x->kind = k;
	x->pos.line = t->line;
	x->pos.col = t->col;
	x->depth = 1;
	return x;
}

static struct zc_expr *mkvar(P *p, const char *name, const struct zc_token *t)
{
	struct zc_expr *e = mk(p, ZC_E_VAR, t);

	e->u.name = name;
	return e;
}

static struct zc_expr *mkapp(P *p, struct zc_expr *fn, struct zc_expr **args,
			     size_t n, const struct zc_token *t)
{
	struct zc_expr *e = mk(p, ZC_E_APP, t);

	e->u.app.fn = fn;
	e->u.app.args = args;
	e->u.app.nargs = n;
	seal(p, e);
	return e;
}

static struct zc_expr *mkapp2(P *p, struct zc_expr *fn, struct zc_expr *a,
			      struct zc_expr *b, const struct zc_token *t)
{
	struct zc_expr **args = zc_arena_alloc(p->a, 2 * sizeof(*args));

	args[0] = a;
	args[1] = b;
	return mkapp(p, fn, args, 2, t);
}

static int simple_name(const struct zc_token *t)
{
	return t->kind == ZC_T_IDENT && !strchr(t->text, '.');
}

static int is_opsym(const struct zc_token *t)
{
	return t->kind == ZC_T_OP || t->kind == ZC_T_PREFIXOP ||
	       t->kind == ZC_T_EQUALS;
}

static const char *opsym_text(const struct zc_token *t)
{
	return t->kind == ZC_T_EQUALS ? "=" : t->text;
}

/* Integer literal value with its sign; range-checked. */
static struct zc_int int_value(P *p, const struct zc_token *t, int neg,
			       const struct zc_token *at)
{
	static const char *const names[] = {
		"int", "uint8", "uint16", "uint32", "uint64", "int8", "int16",
		"int32", "int64",
	};
	static const uint64_t umaxs[] = {
		0, 0xff, 0xffff, 0xffffffffu, UINT64_MAX,
	};
	static const int bits[] = { 64, 0, 0, 0, 0, 8, 16, 32, 64 };
	struct zc_int v;
	enum zc_int_kind k = t->int_kind;

	v.kind = k;
	v.minus_op = false;
	/* A type (a refinement, a lemma's spec or proof) is never run and
	 * F*'s int is unbounded there: any literal holds, its value clamped
	 * (only its count matters). */
	if (p->tymode) {
		v.v.u = t->mag;
		if (zc_int_kind_signed(k))
			v.v.i = t->mag > INT64_MAX ? (neg ? INT64_MIN :
						      INT64_MAX) :
				neg ? -(int64_t)t->mag : (int64_t)t->mag;
		return v;
	}
	if (t->big)
		fail_at(p, t->line, t->col, "integer literal '%s' out of range",
			t->text);
	if (!zc_int_kind_signed(k)) {
		if (neg && t->mag)
			fail_at(p, at->line, at->col,
				"integer literal -%s out of range for %s",
				t->text, names[k]);
		if (t->mag > umaxs[k])
			fail_at(p, at->line, at->col,
				"integer literal %s out of range for %s",
				t->text, names[k]);
		v.v.u = t->mag;
		return v;
	}
	{
		uint64_t lim = (uint64_t)1 << (bits[k] - 1);

		if (neg ? t->mag > lim : t->mag >= lim)
			fail_at(p, at->line, at->col,
				"integer literal %s%s out of range for %s",
				neg ? "-" : "", t->text, names[k]);
		if (neg)
			v.v.i = t->mag == lim ? (int64_t)(0 - t->mag) :
					-(int64_t)t->mag;
		else
			v.v.i = (int64_t)t->mag;
	}
	return v;
}

/* ---- forward declarations ------------------------------------------- */

static struct zc_expr *parse_term(P *p);
static struct zc_expr *parse_tuple(P *p);
static struct zc_expr *parse_noseq(P *p);
static struct zc_expr *parse_binop(P *p, int min);
static struct zc_expr *parse_atom(P *p);
static struct zc_pat *parse_pattern(P *p, int allow_or);
static struct zc_pat *parse_atomic_pat(P *p);
static size_t parse_type(P *p, int min);

/* Skip from an opening token to its matching closer (iteratively). */
static void skip_balanced(P *p, enum zc_tok open, enum zc_tok close,
			  const char *what)
{
	size_t depth = 0;

	do {
		const struct zc_token *t = cur(p);

		if (t->kind == ZC_T_EOF || t->kind == ZC_T_ERROR)
			fail_expected(p, what);
		if (t->kind == open)
			depth++;
		else if (t->kind == close)
			depth--;
		advance(p);
	} while (depth);
}

/* ---- types: parsed in type mode, kept only for their cost index ------ */

/* What parse_tyarrow saw (every field optional for the caller). */
struct tyinfo {
	struct zc_expr *cod;	/* the last operand: the codomain */
	size_t narrows;		/* arrows, implicit domains included */
	struct vec names;	/* binder name of each explicit domain */
	struct vec types;	/* the type of each explicit domain */
	struct vec implicits;	/* binder names of the implicit domains */
};

/* What may constrain a type's values was read since marks m were taken:
 * a refinement or an arrow (ast.h zc_expr.refined). */
struct marks {
	size_t refinements, arrows;
};

static struct marks marks_now(const P *p)
{
	return (struct marks){ p->refinements, p->type_arrows };
}

static bool marks_moved(const P *p, struct marks m)
{
	return p->refinements != m.refinements || p->type_arrows != m.arrows;
}

/* A type annotation of a pattern (p : T): 1 when T may constrain the
 * values (ast.h zc_pat.refined). */
static bool parse_type_constrains(P *p)
{
	struct marks m = marks_now(p);

	parse_type(p, L_0A);
	return marks_moved(p, m);
}

/*
 * An operand of a type arrow, marked refined when a refinement or an
 * arrow was read inside it (`(x:nat{x > 0} -> U)` keeps U only): it may
 * constrain values in ways zen does not see.
 */
static struct zc_expr *parse_operand_type(P *p, int min)
{
	struct marks m = marks_now(p);
	struct zc_expr *e = parse_binop(p, min);

	if (e && marks_moved(p, m))
		e->refined = true;
	return e;
}

/*
 * tmArrow: [#] [x:] operand (-> ...)*, where operands are binary
 * expressions from level min.  Returns the number of explicit domains.
 * `x:T -> ...` and `(x:T) -> ...` name their domain; `#n:T -> ...` and
 * `(#a:Type) -> ...` are implicit domains.
 */
static size_t parse_tyarrow(P *p, int min, struct tyinfo *ti)
{
	size_t n = 0;

	enter(p);
	for (;;) {
		int implicit = accept(p, ZC_T_HASH);
		const char *name = NULL;
		struct zc_expr *e;

		if ((simple_name(cur(p)) || is(p, ZC_T_UNDERSCORE)) &&
		    peek(p, 1)->kind == ZC_T_COLON) {
			if (is(p, ZC_T_IDENT)) {
				name = cur(p)->text;
				check_binder(p, name, cur(p));
			}
			advance(p);
			advance(p);
		} else if (is(p, ZC_T_LPAREN) &&
			   peek(p, 1)->kind == ZC_T_HASH) {
			implicit = 1;
			if (simple_name(peek(p, 2))) {
				name = peek(p, 2)->text;
				check_binder(p, name, peek(p, 2));
			}
		} else if (is(p, ZC_T_LPAREN) && simple_name(peek(p, 1)) &&
			   peek(p, 2)->kind == ZC_T_COLON) {
			name = peek(p, 1)->text;
			check_binder(p, name, peek(p, 1));
		}
		e = parse_operand_type(p, min);
		if (!accept(p, ZC_T_ARROW)) {
			if (ti)
				ti->cod = e;
			break;
		}
		if (ti) {
			ti->narrows++;
			if (implicit && name)
				vpush(p, &ti->implicits, (void *)name);
			else if (!implicit) {
				vpush(p, &ti->names, (void *)name);
				vpush(p, &ti->types, e);
			}
		}
		if (!implicit)
			n++;
		p->type_arrows++;
	}
	leave(p);
	return n;
}

static size_t parse_type_info(P *p, int min, struct tyinfo *ti)
{
	int saved = p->tymode;
	size_t n;

	p->tymode = 1;
	n = parse_tyarrow(p, min, ti);
	p->tymode = saved;
	return n;
}

static size_t parse_type(P *p, int min)
{
	return parse_type_info(p, min, NULL);
}

/*
 * A type annotation (e <: T, (e : T), let f x : T = ...): T itself when it
 * is not an arrow (it may carry a cost index), else NULL.
 */
static const struct zc_expr *parse_annot(P *p, int min)
{
	struct tyinfo ti;

	memset(&ti, 0, sizeof(ti));
	parse_type_info(p, min, &ti);
	return ti.narrows ? NULL : ti.cod;
}

/* `e <: T by tac`: the reference's elaborator has no case for an
 * ascription with a tactic (ASTUtils.fs elab_term), so activation fails
 * there. */
static void refuse_tactic(P *p)
{
	const struct zc_token *t = cur(p);

	if (t->kind == ZC_T_BY)
		fail_at(p, t->line, t->col, "forbidden: a tactic ('by') in "
			"an ascription (the reference's elaborator has no "
			"case for it)");
}

/* ---- expressions ---------------------------------------------------- */

/* `[@ a b]` or `[@@ a; b]` before a declaration or a let: skipped */
static int at_attribute(P *p)
{
	return is(p, ZC_T_LBRACK) && peek(p, 1)->kind == ZC_T_OP &&
	       peek(p, 1)->text[0] == '@';
}

static int starts_atom(const struct zc_token *t)
{
	switch (t->kind) {
	case ZC_T_IDENT: case ZC_T_UIDENT: case ZC_T_INT: case ZC_T_STRING:
	case ZC_T_TRUE: case ZC_T_FALSE: case ZC_T_LPAREN: case ZC_T_LBRACK:
	case ZC_T_BEGIN: case ZC_T_UNDERSCORE: case ZC_T_PREFIXOP:
		return 1;
	default:
		return 0;
	}
}

/* Whether the components from dot on reach a lowercase one: the module
 * names before it qualify that field. */
static int qualifies_field(const char *dot)
{
	for (; dot; dot = strchr(dot + 1, '.'))
		if ((dot[1] >= 'a' && dot[1] <= 'z') || dot[1] == '_')
			return 1;
	return 0;
}

/* IDENT path: qualified name, then field projections. */
static struct zc_expr *ident_expr(P *p, const struct zc_token *t)
{
	const char *s = t->text, *c = s, *end;
	struct zc_expr *e;

	/* C? or C?.f (IDENT: no operator), a type variable 'a */
	if (strchr(s, '?') || s[0] == '\'')
		return mkvar(p, s, t);
	/* F*'s keyword: `assert p` is Prims._assert p, a proof (a lemma at
	 * run time: unit, p not run) */
	if (!strcmp(s, "assert"))
		return mkvar(p, "Prims._assert", t);
	/* find the first lowercase component */
	while (!(*c >= 'a' && *c <= 'z') && *c != '_') {
		c = strchr(c, '.');
		if (!c)
			ZEN_BUG("identifier path without a value component");
		c++;
	}
	end = strchr(c, '.');
	if (!end)
		return mkvar(p, s, t);
	e = mkvar(p, zc_arena_strndup(p->a, s, (size_t)(end - s)), t);
	while (end) {
		const char *f = end + 1;
		struct zc_expr *pr;

		end = strchr(f, '.');
		/* e.M.f projects the field f qualified by its module (F*'s
		 * projectionLHS DOT qlident: context.T.blockNumber with
		 * module T = Zen.Types): the field's name is f.  Module
		 * names only qualify a field that follows them. */
		if (*f >= 'A' && *f <= 'Z' && qualifies_field(end))
			continue;
		pr = mk(p, ZC_E_PROJ, t);
		pr->u.proj.e = e;
		pr->u.proj.field = zc_arena_strndup(p->a, f, end ?
						    (size_t)(end - f) :
						    strlen(f));
		seal(p, pr);
		e = pr;
	}
	return e;
}

static struct zc_expr *parse_list(P *p)
{
	const struct zc_token *t = advance(p);
	struct vec items = { 0 };
	struct zc_expr *e;

	if (is(p, ZC_T_BAR))
		fail_at(p, t->line, t->col, "unsupported: array literals [| |]");
	if (!is(p, ZC_T_RBRACK)) {
		for (;;) {
			vpush(p, &items, parse_noseq(p));
			if (!accept(p, ZC_T_SEMI) || is(p, ZC_T_RBRACK))
				break;
		}
	}
	expect(p, ZC_T_RBRACK, items.n ? "';' or ']'" : "expression or ']'");
	e = mk(p, ZC_E_LIST, t);
	e->u.items.items = (struct zc_expr **)items.v;
	e->u.items.n = items.n;
	seal(p, e);
	return e;
}

/*
 * (| a, b |): F*'s dependent tuple, Mkdtuple2 a b (dtuple3, dtuple4 for
 * more items).  At run time it is a tuple: dfst and dsnd are fst and snd,
 * and the elaboration counts the constructor's arguments as a tuple's.
 */
static struct zc_expr *parse_dtuple(P *p)
{
	const struct zc_token *t = cur(p);
	struct zc_expr *e;

	if (p->tymode)
		fail_at(p, t->line, t->col, "unsupported: a dependent tuple "
			"(| ... |) in a type");
	advance(p);
	advance(p);
	e = parse_tuple(p);
	if (e->kind != ZC_E_TUPLE)
		fail_at(p, t->line, t->col, "a dependent tuple (| ... |) "
			"needs two or more items");
	expect(p, ZC_T_BAR, "'|)'");
	expect(p, ZC_T_RPAREN, "')'");
	return e;
}

static struct zc_expr *parse_paren(P *p)
{
	const struct zc_token *t = cur(p);
	struct zc_expr *e;

	if (peek(p, 1)->kind == ZC_T_RPAREN) {
		advance(p);
		advance(p);
		return mk(p, ZC_E_UNIT, t);
	}
	if ((is_opsym(peek(p, 1)) || peek(p, 1)->kind == ZC_T_COLONCOLON) &&
	    peek(p, 2)->kind == ZC_T_RPAREN) {
		/* ( :: ) names the operator of that name in scope, Zen.List's
		 * when it is open: the infix form is always the constructor */
		const char *name = peek(p, 1)->kind == ZC_T_COLONCOLON ? "::" :
				   opsym_text(peek(p, 1));

		advance(p);
		advance(p);
		advance(p);
		return mkvar(p, name, t);
	}
	if (peek(p, 1)->kind == ZC_T_BAR)
		return parse_dtuple(p);
	advance(p);
	e = parse_term(p);
	if (accept(p, ZC_T_COLON)) {
		const struct zc_expr *ty = parse_annot(p, L_CONS);

		refuse_tactic(p);
		if (!p->tymode)
			e->ascribed = ty;
		else if (ty)	/* a binder `(x : T)`: its type */
			e = (struct zc_expr *)ty;
	}
	expect(p, ZC_T_RPAREN, "')'");
	return e;
}

/*
 * e.(i) and e.[i]: F*'s dotOperator, an application of whatever
 * op_Array_Access (op_String_Access) is in scope, as F*'s desugaring
 * looks the operator up: Zen.Array's (Zen.Array.Indexed's item with its
 * arguments swapped).  Zulib has no op_String_Access, so e.[i] is an
 * unbound name, as in F*.
 */
static struct zc_expr *parse_index(P *p, struct zc_expr *e)
{
	const struct zc_token *dot = advance(p);
	int paren = is(p, ZC_T_LPAREN);
	struct zc_expr *i;

	advance(p);
	enter(p);
	i = parse_term(p);
	leave(p);
	expect(p, paren ? ZC_T_RPAREN : ZC_T_RBRACK, paren ? "')'" : "']'");
	return mkapp2(p, mkvar(p, paren ? "op_Array_Access" :
			       "op_String_Access", dot), e, i, dot);
}

/* M.(e), F*'s local open: let open M in e, M the name of the atom t
 * (the parser is at the dot). */
static struct zc_expr *parse_local_open(P *p, const struct zc_token *t)
{
	struct zc_expr *e = mk(p, ZC_E_LETOPEN, t);

	advance(p);
	advance(p);
	enter(p);
	e->u.letopen.module = t->text;
	e->u.letopen.body = parse_term(p);
	leave(p);
	expect(p, ZC_T_RPAREN, "')'");
	seal(p, e);
	return e;
}

static struct zc_expr *parse_atom(P *p)
{
	const struct zc_token *t = cur(p);
	struct zc_expr *e;

	switch (t->kind) {
	case ZC_T_IDENT:
		advance(p);
		e = ident_expr(p, t);
		break;
	case ZC_T_UIDENT:
		advance(p);
		e = mk(p, ZC_E_CON, t);
		e->u.name = t->text;
		break;
	case ZC_T_INT:
		advance(p);
		e = mk(p, ZC_E_INT, t);
		e->u.lit_int = int_value(p, t, 0, t);
		break;
	case ZC_T_STRING:
		advance(p);
		e = mk(p, ZC_E_STRING, t);
		e->u.str = t->str;
		break;
	case ZC_T_TRUE:
	case ZC_T_FALSE:
		advance(p);
		e = mk(p, ZC_E_BOOL, t);
		e->u.b = t->kind == ZC_T_TRUE;
		break;
	case ZC_T_UNDERSCORE:
		advance(p);
		e = mk(p, ZC_E_ERASED, t);
		break;
	case ZC_T_PREFIXOP: {
		struct zc_expr *arg, **args;

		advance(p);
		enter(p);
		arg = parse_atom(p);
		leave(p);
		if (!arg)
			fail_expected(p, "expression");
		args = zc_arena_alloc(p->a, sizeof(*args));
		args[0] = arg;
		e = mkapp(p, mkvar(p, t->text, t), args, 1, t);
		break;
	}
	case ZC_T_LPAREN:
		enter(p);
		e = parse_paren(p);
		leave(p);
		break;
	case ZC_T_LBRACK:
		enter(p);
		e = parse_list(p);
		leave(p);
		break;
	case ZC_T_BEGIN:
		advance(p);
		enter(p);
		e = parse_term(p);
		leave(p);
		expect(p, ZC_T_END, "'end'");
		break;
	case ZC_T_FORALL:
	case ZC_T_EXISTS:
		if (!p->tymode)
			return NULL;
		/* quantified formula (types and refinements only) */
		advance(p);
		while (!is(p, ZC_T_DOT)) {
			if (is(p, ZC_T_LPAREN))
				skip_balanced(p, ZC_T_LPAREN, ZC_T_RPAREN,
					      "')'");
			else if (is(p, ZC_T_EOF) || is(p, ZC_T_ERROR))
				fail_expected(p, "'.'");
			else
				advance(p);
		}
		advance(p);
		enter(p);
		parse_noseq(p);
		leave(p);
		return mk(p, ZC_E_ERASED, t);
	default:
		return NULL;
	}
	/* postfix: refinements (types), projections after ( ) */
	for (;;) {
		if (p->tymode && is(p, ZC_T_LBRACE)) {
			skip_balanced(p, ZC_T_LBRACE, ZC_T_RBRACE, "'}'");
			e->refined = true;
			p->refinements++;
		} else if (is(p, ZC_T_DOT) && peek(p, 1)->kind == ZC_T_LPAREN &&
			   t->kind == ZC_T_UIDENT && e->kind == ZC_E_CON &&
			   !p->tymode) {
			e = parse_local_open(p, t);
		} else if (is(p, ZC_T_DOT) && !p->tymode &&
			   (peek(p, 1)->kind == ZC_T_LPAREN ||
			    peek(p, 1)->kind == ZC_T_LBRACK)) {
			e = parse_index(p, e);
		} else if (is(p, ZC_T_DOT) &&
			   (peek(p, 1)->kind == ZC_T_IDENT ||
			    peek(p, 1)->kind == ZC_T_UIDENT) &&
			   t->kind != ZC_T_UIDENT) {
			/* (e).f, and x .f with blanks around the dot, which
			 * F*'s lexer reads as a DOT token too (x.f without
			 * them is one name, the lexer's) */
			const struct zc_token *f;
			const char *s, *end;

			advance(p);
			f = advance(p);
			for (s = f->text; s; s = end ? end + 1 : NULL) {
				struct zc_expr *pr = mk(p, ZC_E_PROJ, f);

				end = strchr(s, '.');
				/* a lone _ is F*'s wildcard, no field */
				if (s[0] == '_' && (!s[1] || s[1] == '.'))
					fail_at(p, f->line, f->col, "expected "
						"field name, got '_'");
				pr->u.proj.e = e;
				pr->u.proj.field = zc_arena_strndup(
					p->a, s, end ? (size_t)(end - s) :
					strlen(s));
				seal(p, pr);
				e = pr;
			}
		} else {
			break;
		}
	}
	return e;
}

/*
 * `fun` and `function` as an argument (`f fun x -> e`): no F* grammar
 * has it, and it is ambiguous to a reader; it must be written
 * `f (fun x -> e)`.  As the operand of an operator they are accepted
 * (parse_operand).
 */
static ZEN_NORETURN void fail_fun_operand(P *p)
{
	const struct zc_token *t = cur(p);

	fail_at(p, t->line, t->col,
		"expected expression, got '%s' ('%s' must be parenthesized "
		"as an argument)", t->text, t->text);
}

static int is_fun_kw(const struct zc_token *t)
{
	return t->kind == ZC_T_FUN || t->kind == ZC_T_FUNCTION;
}

/* e's implicit arguments, then those of imps (`(f #a) #b`) */
static void add_implicits(P *p, struct zc_expr *e, const struct vec *imps)
{
	size_t n = e->nimplicit + imps->n;
	struct zc_expr **all;

	if (n > UINT32_MAX)
		fail_at(p, e->pos.line, e->pos.col, "too many implicit "
			"arguments");
	all = zc_arena_alloc(p->a, n * sizeof(*all));
	if (e->nimplicit)
		memcpy(all, e->implicit_args, e->nimplicit * sizeof(*all));
	memcpy(all + e->nimplicit, imps->v, imps->n * sizeof(*all));
	e->implicit_args = all;
	e->nimplicit = (uint32_t)n;
}

static struct zc_expr *parse_app(P *p)
{
	const struct zc_token *t = cur(p);
	struct zc_expr *head = parse_atom(p), *e;
	struct vec args = { 0 }, imps = { 0 };

	if (!head) {
		if (is_fun_kw(cur(p)) && !p->tymode)
			fail_fun_operand(p);
		fail_expected(p, "expression");
	}
	for (;;) {
		if (accept(p, ZC_T_HASH)) {
			/* implicit argument: dropped, but counted (1.10) */
			struct zc_expr *a = parse_atom(p);

			if (!a)
				fail_expected(p, "implicit argument");
			vpush(p, &imps, a);
			continue;
		}
		if (is_fun_kw(cur(p)) && !p->tymode)
			fail_fun_operand(p);
		if (!starts_atom(cur(p)) || at_attribute(p))
			break;	/* `[@attr]` starts the next declaration */
		vpush(p, &args, parse_atom(p));
	}
	if (!args.n) {
		e = head;
	} else {
		e = mkapp(p, head, (struct zc_expr **)args.v, args.n, t);
	}
	if (imps.n)
		add_implicits(p, e, &imps);
	return e;
}

static struct zc_expr *parse_record(P *p)
{
	const struct zc_token *t = advance(p);
	struct zc_expr *e = mk(p, ZC_E_RECORD, t);
	struct vec fields = { 0 }, values = { 0 };

	if (!(is(p, ZC_T_IDENT) && (peek(p, 1)->kind == ZC_T_EQUALS ||
				    peek(p, 1)->kind == ZC_T_SEMI ||
				    peek(p, 1)->kind == ZC_T_RBRACE))) {
		if (!starts_atom(cur(p)))
			fail_expected(p, "field name");
		e->u.record.base = parse_app(p);
		expect(p, ZC_T_WITH, "'with'");
	}
	for (;;) {
		const struct zc_token *f = expect(p, ZC_T_IDENT, "field name");

		vpush(p, &fields, (void *)zc_name_last(f->text));
		if (!strchr(f->text, '.') && !is(p, ZC_T_EQUALS) &&
		    (is(p, ZC_T_SEMI) || is(p, ZC_T_RBRACE))) {
			/* `{ f }` is `{ f = f }` (simpleDef: qlident; a
			 * qualified `{ M.f }` is left out) */
			vpush(p, &values, mkvar(p, f->text, f));
		} else {
			expect(p, ZC_T_EQUALS, "'='");
			vpush(p, &values, parse_noseq(p));
		}
		if (!accept(p, ZC_T_SEMI) || is(p, ZC_T_RBRACE))
			break;
	}
	expect(p, ZC_T_RBRACE, "';' or '}'");
	e->u.record.fields = (const char **)fields.v;
	e->u.record.values = (struct zc_expr **)values.v;
	e->u.record.n = fields.n;
	seal(p, e);
	return e;
}

enum zc_level zc_op_level(const char *s, int *right)
{
	*right = 0;
	if (s[0] == '*' && s[1] == '*') {
		*right = 1;
		return L_4;
	}
	switch (s[0]) {
	case '|':
		return strcmp(s, "|>") ? L_0A : L_0C;
	case '\\':
		return L_0A;
	case '&':
		return L_0B;
	case '=': case '<': case '>':
		return L_0C;
	case '$':
		return L_0D;
	case '@': case '^':
		*right = 1;
		return L_1;
	case '+': case '-':
		return L_2;
	case '*': case '/': case '%':
		return L_3;
	default:
		return L_NONE;	/* ! ~ ?: prefix operators */
	}
}

static int binop_level(const struct zc_token *t, int *right)
{
	*right = 0;
	switch (t->kind) {
	case ZC_T_EQUALS:
		return L_0C;
	case ZC_T_COLONCOLON:
		*right = 1;
		return L_CONS;
	case ZC_T_BACKTICK:
		return L_BACKTICK;
	case ZC_T_OP:
		break;
	default:
		return L_NONE;
	}
	return zc_op_level(t->text, right);
}

/*
 * A term that extends as far right as it can (`fun`, `function`, `let`,
 * `match`, `if`) may be the operand of an operator:
 * `x |> fun y -> e`, `m >>= fun x -> e`, `1 + let y = 2 in y`, `a &&
 * match b with ...`.  It takes the rest of the expression, as in OCaml
 * and F#, so `m >>= fun x -> f x >>= g` is `m >>= (fun x -> (f x >>=
 * g))`.  F*'s parse.mly (simpleTerm: tmIff | FUN ...) only has `fun`
 * at the start of a term; this is a superset that gives every such
 * program its only possible reading.
 */
static int starts_open_term(const struct zc_token *t)
{
	switch (t->kind) {
	case ZC_T_FUN: case ZC_T_FUNCTION: case ZC_T_LET: case ZC_T_MATCH:
	case ZC_T_IF:
		return 1;
	default:
		return 0;
	}
}

static struct zc_expr *parse_operand(P *p, int min)
{
	const struct zc_token *t = cur(p);

	(void)min;
	if (!p->tymode && t->kind == ZC_T_OP && !strcmp(t->text, "-")) {
		struct zc_expr *e, **args;

		advance(p);
		if (is(p, ZC_T_INT)) {
			const struct zc_token *lit = advance(p);

			e = mk(p, ZC_E_INT, t);
			e->u.lit_int = int_value(p, lit, 1, t);
			e->u.lit_int.minus_op =
				!zc_int_kind_signed(e->u.lit_int.kind) ||
				e->u.lit_int.kind == ZC_INT_INT;
			return e;
		}
		args = zc_arena_alloc(p->a, sizeof(*args));
		args[0] = parse_binop(p, L_CONS);
		return mkapp(p, mkvar(p, "~-", t), args, 1, t);
	}
	if (!p->tymode && t->kind == ZC_T_LBRACE)
		return parse_record(p);
	if (!p->tymode && starts_open_term(t))
		return parse_noseq(p);
	return parse_app(p);
}

static struct zc_expr *parse_binop(P *p, int min)
{
	struct zc_expr *lhs;

	enter(p);
	lhs = parse_operand(p, min);
	for (;;) {
		const struct zc_token *op = cur(p);
		int right, lvl = binop_level(op, &right);
		struct zc_expr *rhs;

		if (lvl == L_NONE || lvl < min)
			break;
		advance(p);
		if (lvl == L_BACKTICK) {
			const struct zc_token *f = cur(p);
			struct zc_expr *fn;

			if (is(p, ZC_T_IDENT))
				fn = ident_expr(p, f);
			else if (is(p, ZC_T_UIDENT))
				fn = mk(p, ZC_E_CON, f), fn->u.name = f->text;
			else
				fail_expected(p, "function name after '`'");
			advance(p);
			expect(p, ZC_T_BACKTICK, "closing '`'");
			rhs = parse_binop(p, lvl + 1);
			lhs = mkapp2(p, fn, lhs, rhs, op);
			continue;
		}
		rhs = parse_binop(p, right ? lvl : lvl + 1);
		if (op->kind == ZC_T_COLONCOLON) {
			struct zc_expr *c = mk(p, ZC_E_CONS, op);

			c->u.cons.hd = lhs;
			c->u.cons.tl = rhs;
			seal(p, c);
			lhs = c;
		} else {
			lhs = mkapp2(p, mkvar(p, opsym_text(op), op), lhs, rhs,
				     op);
		}
	}
	leave(p);
	return lhs;
}

static struct zc_expr *parse_tuple(P *p)
{
	const struct zc_token *t = cur(p);
	struct zc_expr *first, *e;
	struct vec items = { 0 };

	if (p->tymode) {
		struct tyinfo ti;

		/* a type in parentheses keeps its codomain when it is no
		 * arrow, so that `(cost a (n + 1))` keeps its index */
		memset(&ti, 0, sizeof(ti));
		parse_tyarrow(p, L_0A, &ti);
		first = ti.narrows || !ti.cod ? mk(p, ZC_E_ERASED, t) : ti.cod;
	} else {
		first = parse_binop(p, L_0A);
	}
	if (!is(p, ZC_T_COMMA))
		return first;
	/* in a type, a tuple keeps its items that are no arrows: a cost
	 * index may match on one (`match command, state with ...`) */
	vpush(p, &items, first);
	while (accept(p, ZC_T_COMMA)) {
		if (p->tymode) {
			struct tyinfo ti;

			memset(&ti, 0, sizeof(ti));
			parse_tyarrow(p, L_0A, &ti);
			vpush(p, &items, ti.narrows || !ti.cod
			      ? mk(p, ZC_E_ERASED, t) : ti.cod);
		} else {
			vpush(p, &items, parse_binop(p, L_0A));
		}
	}
	e = mk(p, ZC_E_TUPLE, t);
	e->u.items.items = (struct zc_expr **)items.v;
	e->u.items.n = items.n;
	seal(p, e);
	return e;
}

static int starts_param(const struct zc_token *t)
{
	switch (t->kind) {
	case ZC_T_IDENT:
		return !strchr(t->text, '.');
	case ZC_T_UIDENT: case ZC_T_UNDERSCORE: case ZC_T_LPAREN:
	case ZC_T_LBRACK: case ZC_T_LBRACE: case ZC_T_HASH: case ZC_T_INT:
	case ZC_T_STRING: case ZC_T_TRUE: case ZC_T_FALSE:
		return 1;
	default:
		return 0;
	}
}

/*
 * One parameter group: a pattern, an implicit (dropped; its name goes to
 * impl, which may be NULL) or (x y : T).
 */
static void parse_param(P *p, struct vec *params, struct vec *impl,
			struct vec *types)
{
	const struct zc_expr *ty;
	struct zc_pat *x;
	size_t first = params->n;
	struct marks m;

	if (impl && is(p, ZC_T_HASH) && simple_name(peek(p, 1)))
		vpush(p, impl, (void *)peek(p, 1)->text);
	if (is(p, ZC_T_LPAREN)) {
		size_t k = 1, names = 0;

		for (;;) {
			size_t j = k;

			if (peek(p, j)->kind == ZC_T_HASH)
				j++;
			if (!simple_name(peek(p, j)) &&
			    peek(p, j)->kind != ZC_T_UNDERSCORE)
				break;
			k = j + 1;
			names++;
		}
		if (names && peek(p, k)->kind == ZC_T_COLON) {
			advance(p);
			while (!is(p, ZC_T_COLON)) {
				int implicit = accept(p, ZC_T_HASH);
				const struct zc_token *n = advance(p);

				if (implicit) {
					if (impl && n->kind == ZC_T_IDENT)
						vpush(p, impl, (void *)n->text);
					continue;
				}
				if (n->kind == ZC_T_UNDERSCORE) {
					vpush(p, params,
					      mkpat(p, ZC_P_WILD, n));
					continue;
				}
				check_binder(p, n->text, n);
				x = mkpat(p, ZC_P_VAR, n);
				x->u.name = n->text;
				vpush(p, params, x);
			}
			advance(p);
			m = marks_now(p);
			ty = parse_annot(p, L_0A);
			for (size_t i = first; i < params->n; i++)
				((struct zc_pat *)params->v[i])->refined =
					marks_moved(p, m);
			expect(p, ZC_T_RPAREN, "')'");
			while (types && types->n < params->n)
				vpush(p, types, (void *)ty);
			return;
		}
	}
	x = parse_atomic_pat(p);
	if (x)
		vpush(p, params, x);
	while (types && types->n < params->n)
		vpush(p, types, NULL);
}

static struct zc_pat *var_pat(P *p, const char *name, const struct zc_token *t)
{
	struct zc_pat *x = mkpat(p, ZC_P_VAR, t);

	x->u.name = name;
	return x;
}

/* A top-level val, until the let of its name takes it. */
struct pending_val {
	const char *name;	/* NULL once used */
	struct zc_sig *sig;
};

/* `Lemma`, `Lemma p`, `Lemma (requires p) (ensures q)`: a lemma's type */
static int is_lemma_type(const struct zc_expr *t)
{
	if (t && t->kind == ZC_E_APP)
		t = t->u.app.fn;
	return t && (t->kind == ZC_E_CON || t->kind == ZC_E_VAR) &&
	       !strcmp(t->u.name, "Lemma");
}

/*
 * A top-level let of name is a lemma when its return type is a Lemma or
 * the val of its name is (the val attach_val will give it).  The
 * reference's elaborator leaves lemmas alone (ZFS-Tools 0.0.24
 * is_lemma_tll, is_lemma_val) and extraction erases them.
 */
static int is_lemma(const struct vec *vals, const char *name,
		    const struct zc_binding *b)
{
	if (is_lemma_type(b->ret_type))
		return 1;
	for (size_t i = vals->n; i--;) {
		const struct pending_val *v = vals->v[i];

		if (v->name && !strcmp(v->name, name))
			return is_lemma_type(v->sig->ret);
	}
	return 0;
}

/*
 * The elaborator leaves a let alone for its Lemma val only when the val
 * is the declaration just before it (ASTUtils elab_decls); otherwise it
 * wraps the proof in `inc k`, which F* refuses against the Lemma type.
 * A proof of count 0, `()`, is left as it is either way.
 */
static void check_lemma_val(P *p, const char *name, const struct zc_binding *b,
			    const struct zc_token *t)
{
	if (is_lemma_type(b->ret_type) ||
	    (is(p, ZC_T_LPAREN) && peek(p, 1)->kind == ZC_T_RPAREN))
		return;
	if (!p->last_val || strcmp(p->last_val, name))
		fail_at(p, t->line, t->col, "forbidden: the Lemma val of "
			"'%s' is not the declaration just before its let (the "
			"reference's elaborator then wraps the proof in inc, "
			"which F* refuses)", name);
}

/*
 * A lemma's body is a proof: parsed as types are (forall, ==, C? ...) and
 * dropped; the lemma is a function that gives unit, as extracted.
 */
static void parse_lemma_body(P *p, struct zc_binding *b)
{
	const struct zc_token *t = cur(p);
	int tymode = p->tymode, lemma = p->lemma;

	p->tymode = p->lemma = 1;
	parse_term(p);
	p->tymode = tymode;
	p->lemma = lemma;
	b->body = mk(p, ZC_E_UNIT, t);
}

/*
 * A let binding (after `let`, `let rec` or `and`); a top-level one
 * (p->vals set) may be a lemma.
 */
static void parse_binding(P *p, int rec, struct zc_binding *b)
{
	const struct zc_token *t = cur(p);
	const char *name = NULL;
	struct vec *vals = p->vals;

	b->pos.line = t->line;
	b->pos.col = t->col;
	if (is(p, ZC_T_LPAREN) && is_opsym(peek(p, 1)) &&
	    peek(p, 2)->kind == ZC_T_RPAREN) {
		name = opsym_text(peek(p, 1));
		advance(p);
		advance(p);
		advance(p);
	} else if (simple_name(t) && peek(p, 1)->kind != ZC_T_COMMA &&
		   peek(p, 1)->kind != ZC_T_COLONCOLON) {
		name = t->text;
		advance(p);
	}
	if (name) {
		struct vec params = { 0 }, impl = { 0 }, types = { 0 };

		check_binder(p, name, t);
		while (starts_param(cur(p)))
			parse_param(p, &params, &impl, &types);
		b->pat = var_pat(p, name, t);
		seal_pat(p, b->pat);
		b->params = (struct zc_pat **)params.v;
		b->nparams = params.n;
		b->implicits = (const char **)impl.v;
		b->nimplicits = impl.n;
		b->param_types = (const struct zc_expr **)types.v;
	} else {
		if (rec)
			fail_expected(p, "function name");
		b->pat = parse_pattern(p, 0);
	}
	if (accept(p, ZC_T_COLON)) {
		struct marks m = marks_now(p);

		b->ret_type = parse_annot(p, L_CONS);
		b->ret_constrains = marks_moved(p, m);
	}
	expect(p, ZC_T_EQUALS, "'='");
	p->vals = NULL;		/* the body's lets are local */
	if (name && vals && is_lemma(vals, name, b)) {
		check_lemma_val(p, name, b, t);
		parse_lemma_body(p, b);
	}
	else
		b->body = parse_term(p);
	p->vals = vals;
}

static void skip_attributes(P *p)
{
	while (at_attribute(p))
		skip_balanced(p, ZC_T_LBRACK, ZC_T_RBRACK, "']'");
}

/*
 * The reference's checker (ZFS-Tools 0.0.24 check_term) refuses a local
 * let whose binding carries attributes; a declaration's are skipped.
 */
#define LOCAL_ATTRIBUTES \
	"forbidden: attributes on a local let (the reference's checker " \
	"refuses them)"

static void no_local_attributes(P *p)
{
	const struct zc_token *t = cur(p);

	if (at_attribute(p))
		fail_at(p, t->line, t->col, LOCAL_ATTRIBUTES);
}

/* The bindings of a let, top level or local (`let x = 1 and y = 2`). */
static struct zc_binding *parse_bindings(P *p, int rec, int local, size_t *n)
{
	struct vec v = { 0 };
	struct zc_binding *bs;

	do {
		struct zc_binding *b = zc_arena_alloc(p->a, sizeof(*b));

		if (local)
			no_local_attributes(p);
		skip_attributes(p);	/* `and [@attr] g = ...` */
		parse_binding(p, rec, b);
		vpush(p, &v, b);
	} while (accept(p, ZC_T_AND));
	bs = zc_arena_alloc(p->a, v.n * sizeof(*bs));
	for (size_t i = 0; i < v.n; i++)
		bs[i] = *(struct zc_binding *)v.v[i];
	*n = v.n;
	return bs;
}

static struct zc_expr *parse_let(P *p)
{
	const struct zc_token *t = advance(p);
	struct zc_expr *e;

	if (accept(p, ZC_T_OPEN)) {
		const struct zc_token *m = expect(p, ZC_T_UIDENT,
						  "module name");

		expect(p, ZC_T_IN, "'in'");
		e = mk(p, ZC_E_LETOPEN, t);
		e->u.letopen.module = m->text;
		e->u.letopen.body = parse_term(p);
		seal(p, e);
		return e;
	}
	e = mk(p, ZC_E_LET, t);
	e->u.let.rec = accept(p, ZC_T_REC);
	e->u.let.binds = parse_bindings(p, e->u.let.rec, 1,
				       &e->u.let.nbinds);
	expect(p, ZC_T_IN, "'in'");
	e->u.let.body = parse_term(p);
	seal(p, e);
	return e;
}

/*
 * `| pat when guard -> e`: F*'s grammar has it (patternBranch: maybeWhen),
 * the reference's elaborator refuses it (contracts.md 1.10).  The guard
 * is parsed, so that the message names the guard and not a syntax error.
 */
static ZEN_NORETURN void refuse_when(P *p)
{
	const struct zc_token *w = advance(p);

	parse_noseq(p);
	fail_at(p, w->line, w->col, "when guards are not allowed in contracts "
		"(line %u, column %u)", (unsigned)w->line, (unsigned)w->col);
}

static void parse_branches(P *p, struct zc_expr *m)
{
	struct vec v = { 0 };
	struct zc_branch *bs;

	accept(p, ZC_T_BAR);
	do {
		struct zc_branch *b = zc_arena_alloc(p->a, sizeof(*b));

		b->pat = parse_pattern(p, 1);
		if (is(p, ZC_T_WHEN))
			refuse_when(p);
		expect(p, ZC_T_ARROW, "'->'");
		b->body = parse_term(p);
		vpush(p, &v, b);
	} while (accept(p, ZC_T_BAR));
	bs = zc_arena_alloc(p->a, v.n * sizeof(*bs));
	for (size_t i = 0; i < v.n; i++)
		bs[i] = *(struct zc_branch *)v.v[i];
	m->u.match.branches = bs;
	m->u.match.n = v.n;
	seal(p, m);
}

static struct zc_expr *parse_fun(P *p)
{
	const struct zc_token *t = advance(p);
	struct vec params = { 0 };
	struct zc_expr *e, *body;

	if (!starts_param(cur(p)))
		fail_expected(p, "pattern");
	while (starts_param(cur(p)))
		parse_param(p, &params, NULL, NULL);
	expect(p, ZC_T_ARROW, "'->'");
	body = parse_term(p);
	if (!params.n)
		return body;	/* only implicit binders */
	e = mk(p, ZC_E_FUN, t);
	e->u.fun.params = (struct zc_pat **)params.v;
	e->u.fun.nparams = params.n;
	e->u.fun.body = body;
	seal(p, e);
	return e;
}

static struct zc_expr *parse_noseq(P *p)
{
	const struct zc_token *t = cur(p);
	struct zc_expr *e;

	enter(p);
	switch (t->kind) {
	case ZC_T_IF:
	case ZC_T_IFBANG:	/* ZF*'s if!: Zen.Cost.ifBang (ZFS-Tools IfBind) */
		advance(p);
		e = mk(p, ZC_E_IF, t);
		e->u.if_.bang = t->kind == ZC_T_IFBANG;
		e->u.if_.cond = parse_noseq(p);
		expect(p, ZC_T_THEN, "'then'");
		e->u.if_.then_ = parse_noseq(p);
		if (accept(p, ZC_T_ELSE))
			e->u.if_.else_ = parse_noseq(p);
		else
			e->u.if_.else_ = mk(p, ZC_E_UNIT, t);
		seal(p, e);
		break;
	case ZC_T_MATCH:
		advance(p);
		e = mk(p, ZC_E_MATCH, t);
		e->u.match.scrut = parse_term(p);
		expect(p, ZC_T_WITH, "'with'");
		parse_branches(p, e);
		break;
	case ZC_T_FUNCTION: {
		struct zc_expr *m;

		advance(p);
		m = mk(p, ZC_E_MATCH, t);
		m->u.match.scrut = mkvar(p, "%function", t);
		parse_branches(p, m);
		e = mk(p, ZC_E_FUN, t);
		e->u.fun.params = zc_arena_alloc(p->a, sizeof(struct zc_pat *));
		e->u.fun.params[0] = var_pat(p, "%function", t);
		e->u.fun.nparams = 1;
		e->u.fun.body = m;
		seal(p, e);
		break;
	}
	case ZC_T_LET:
		e = parse_let(p);
		break;
	case ZC_T_FUN:
		e = parse_fun(p);
		break;
	case ZC_T_LBRACK:
		if (!at_attribute(p) || p->tymode)
			goto other;
		/* `[@attr] let x = e in t` (noSeqTerm: attribute LET) */
		fail_at(p, t->line, t->col, LOCAL_ATTRIBUTES);
	case ZC_T_LETBANG:
		fail_at(p, t->line, t->col,
			"expected expression, got 'let!' (a 'let!' cannot "
			"appear here: wrap it in begin ... end)");
	default:
	other:
		e = parse_tuple(p);
		if (accept(p, ZC_T_SUBTYPE)) {
			/* e <: T: erased, T kept for its cost index */
			const struct zc_expr *ty = parse_annot(p, L_CONS);

			refuse_tactic(p);
			if (!p->tymode)
				e->ascribed = ty;
		}
		break;
	}
	leave(p);
	return e;
}

/*
 * e1; e2 (F*'s Seq, e1 of type unit): `let _ = e1 in e2`, the same
 * value and, for the elaborator, the same count (Seq counts e1 + e2; a
 * let of a pattern counts its value's count + the body's).
 */
static struct zc_expr *parse_seq(P *p, struct zc_expr *first)
{
	const struct zc_token *semi = advance(p);
	struct zc_binding *b = zc_arena_alloc(p->a, sizeof(*b));
	struct zc_expr *e;

	enter(p);
	b->pos = first->pos;
	b->pat = mkpat(p, ZC_P_WILD, semi);
	b->body = first;
	e = mk(p, ZC_E_LET, semi);
	e->pos = first->pos;
	e->u.let.binds = b;
	e->u.let.nbinds = 1;
	e->u.let.body = parse_term(p);
	seal(p, e);
	leave(p);
	return e;
}

/*
 * e1;; e2 (F*'s Bind with a fresh name): `let! _ = e1 in e2`, Zen.Cost's
 * bind (contracts.md 3.5), counted as a let! (2 + both sides).
 */
static struct zc_expr *parse_bind_seq(P *p, struct zc_expr *first)
{
	const struct zc_token *semi = advance(p);
	struct zc_expr *e;

	enter(p);
	e = mk(p, ZC_E_LETBANG, semi);
	e->pos = first->pos;
	e->u.letbang.pat = mkpat(p, ZC_P_WILD, semi);
	e->u.letbang.rhs = first;
	e->u.letbang.body = parse_term(p);
	seal(p, e);
	leave(p);
	return e;
}

static struct zc_expr *parse_term(P *p)
{
	const struct zc_token *t = cur(p);
	struct zc_expr *e;

	if (t->kind == ZC_T_LETBANG) {
		enter(p);
		advance(p);
		e = mk(p, ZC_E_LETBANG, t);
		e->u.letbang.pat = parse_pattern(p, 0);
		if (accept(p, ZC_T_COLON))
			parse_type(p, L_CONS);
		expect(p, ZC_T_EQUALS, "'='");
		e->u.letbang.rhs = parse_term(p);
		expect(p, ZC_T_IN, "'in'");
		e->u.letbang.body = parse_term(p);
		seal(p, e);
		leave(p);
	} else {
		e = parse_noseq(p);
	}
	if (is(p, ZC_T_SEMI) && (!p->tymode || p->lemma))
		return parse_seq(p, e);
	if (is(p, ZC_T_SEMISEMI) && !p->tymode)
		return parse_bind_seq(p, e);
	return e;
}

/* ---- patterns ------------------------------------------------------- */

static int starts_atomic_pat(P *p)
{
	const struct zc_token *t = cur(p);

	switch (t->kind) {
	case ZC_T_IDENT: case ZC_T_UIDENT: case ZC_T_UNDERSCORE:
	case ZC_T_INT: case ZC_T_STRING: case ZC_T_TRUE: case ZC_T_FALSE:
	case ZC_T_LPAREN: case ZC_T_LBRACK: case ZC_T_LBRACE: case ZC_T_HASH:
		return 1;
	case ZC_T_OP:
		return !strcmp(t->text, "-") && peek(p, 1)->kind == ZC_T_INT;
	default:
		return 0;
	}
}

static struct zc_pat *pat_items(P *p, enum zc_pat_kind k,
				const struct zc_token *t, struct vec *v)
{
	struct zc_pat *x = mkpat(p, k, t);

	x->u.items.items = (struct zc_pat **)v->v;
	x->u.items.n = v->n;
	seal_pat(p, x);
	return x;
}

static struct zc_pat *parse_pat_tuple(P *p);

/* (| p, q |): a dependent tuple's pattern, a tuple's (parse_dtuple). */
static struct zc_pat *parse_dtuple_pat(P *p)
{
	const struct zc_token *t = cur(p);
	struct zc_pat *x;

	advance(p);
	advance(p);
	x = parse_pat_tuple(p);
	if (!x || x->kind != ZC_P_TUPLE)
		fail_at(p, t->line, t->col, "a dependent tuple (| ... |) "
			"needs two or more items");
	expect(p, ZC_T_BAR, "'|)'");
	expect(p, ZC_T_RPAREN, "')'");
	return x;
}

/* returns NULL for an implicit binder (#x), which is dropped */
static struct zc_pat *parse_atomic_pat(P *p)
{
	const struct zc_token *t = cur(p);
	struct zc_pat *x;

	enter(p);
	switch (t->kind) {
	case ZC_T_UNDERSCORE:
		advance(p);
		x = mkpat(p, ZC_P_WILD, t);
		break;
	case ZC_T_IDENT:
		if (strchr(t->text, '.'))
			fail_expected(p, "pattern");
		advance(p);
		check_binder(p, t->text, t);
		x = var_pat(p, t->text, t);
		break;
	case ZC_T_UIDENT:
		advance(p);
		check_binder(p, zc_name_last(t->text), t);
		x = mkpat(p, ZC_P_CON, t);
		x->u.con.name = t->text;
		break;
	case ZC_T_INT:
		advance(p);
		x = mkpat(p, ZC_P_INT, t);
		x->u.lit_int = int_value(p, t, 0, t);
		break;
	case ZC_T_OP:
		if (strcmp(t->text, "-") || peek(p, 1)->kind != ZC_T_INT)
			fail_expected(p, "pattern");
		advance(p);
		x = mkpat(p, ZC_P_INT, t);
		x->u.lit_int = int_value(p, advance(p), 1, t);
		break;
	case ZC_T_STRING:
		advance(p);
		x = mkpat(p, ZC_P_STRING, t);
		x->u.str = t->str;
		break;
	case ZC_T_TRUE:
	case ZC_T_FALSE:
		advance(p);
		x = mkpat(p, ZC_P_BOOL, t);
		x->u.b = t->kind == ZC_T_TRUE;
		break;
	case ZC_T_LPAREN:
		if (peek(p, 1)->kind == ZC_T_RPAREN) {
			advance(p);
			advance(p);
			x = mkpat(p, ZC_P_UNIT, t);
			break;
		}
		if (is_opsym(peek(p, 1)) && peek(p, 2)->kind == ZC_T_RPAREN) {
			const char *name = opsym_text(peek(p, 1));

			check_binder(p, name, t);
			advance(p);
			advance(p);
			advance(p);
			x = var_pat(p, name, t);
			break;
		}
		if (peek(p, 1)->kind == ZC_T_BAR) {
			x = parse_dtuple_pat(p);
			break;
		}
		advance(p);
		if (is(p, ZC_T_HASH)) {
			/* (#a : T) in a pattern position: implicit, dropped */
			advance(p);
			parse_atomic_pat(p);
			if (accept(p, ZC_T_COLON))
				parse_type(p, L_0A);
			expect(p, ZC_T_RPAREN, "')'");
			leave(p);
			return NULL;
		}
		x = parse_pattern(p, 1);
		if (accept(p, ZC_T_COLON))
			x->refined = parse_type_constrains(p);
		expect(p, ZC_T_RPAREN, "')'");
		break;
	case ZC_T_LBRACK: {
		struct vec v = { 0 };

		advance(p);
		if (is(p, ZC_T_BAR))
			fail_at(p, t->line, t->col,
				"unsupported: array patterns [| |]");
		if (!is(p, ZC_T_RBRACK))
			for (;;) {
				vpush(p, &v, parse_pat_tuple(p));
				if (!accept(p, ZC_T_SEMI) ||
				    is(p, ZC_T_RBRACK))
					break;
			}
		expect(p, ZC_T_RBRACK, v.n ? "';' or ']'" : "pattern or ']'");
		x = pat_items(p, ZC_P_LIST, t, &v);
		break;
	}
	case ZC_T_LBRACE: {
		struct vec f = { 0 }, v = { 0 };

		advance(p);
		for (;;) {
			const struct zc_token *n = expect(p, ZC_T_IDENT,
							  "field name");

			vpush(p, &f, (void *)zc_name_last(n->text));
			if (!is(p, ZC_T_EQUALS) && !strchr(n->text, '.')) {
				/* `{ f }` is `{ f = f }` (fieldPattern) */
				struct zc_pat *b = mkpat(p, ZC_P_VAR, n);

				check_binder(p, n->text, n);
				b->u.name = n->text;
				seal_pat(p, b);
				vpush(p, &v, b);
			} else {
				expect(p, ZC_T_EQUALS, "'='");
				vpush(p, &v, parse_pat_tuple(p));
			}
			if (!accept(p, ZC_T_SEMI) || is(p, ZC_T_RBRACE))
				break;
		}
		expect(p, ZC_T_RBRACE, "';' or '}'");
		x = mkpat(p, ZC_P_RECORD, t);
		x->u.record.fields = (const char **)f.v;
		x->u.record.pats = (struct zc_pat **)v.v;
		x->u.record.n = f.n;
		break;
	}
	case ZC_T_HASH:
		advance(p);
		parse_atomic_pat(p);
		leave(p);
		return NULL;
	default:
		fail_expected(p, "pattern");
	}
	seal_pat(p, x);
	leave(p);
	return x;
}

static struct zc_pat *parse_pat_app(P *p)
{
	const struct zc_token *t = cur(p);
	struct zc_pat *x;

	if (t->kind == ZC_T_UIDENT) {
		struct vec args = { 0 };

		advance(p);
		check_binder(p, zc_name_last(t->text), t);
		while (starts_atomic_pat(p)) {
			struct zc_pat *a = parse_atomic_pat(p);

			if (a)
				vpush(p, &args, a);
		}
		x = mkpat(p, ZC_P_CON, t);
		x->u.con.name = t->text;
		x->u.con.args = (struct zc_pat **)args.v;
		x->u.con.nargs = args.n;
		seal_pat(p, x);
		return x;
	}
	if (!starts_atomic_pat(p))
		fail_expected(p, "pattern");
	x = parse_atomic_pat(p);
	if (!x)
		fail_at(p, t->line, t->col,
			"expected pattern, got an implicit binder");
	return x;
}

static struct zc_pat *parse_pat_cons(P *p)
{
	struct zc_pat *hd, *x;
	const struct zc_token *op;

	enter(p);
	hd = parse_pat_app(p);
	if (!is(p, ZC_T_COLONCOLON)) {
		leave(p);
		return hd;
	}
	op = advance(p);
	x = mkpat(p, ZC_P_CONS, op);
	x->u.cons.hd = hd;
	x->u.cons.tl = parse_pat_cons(p);
	seal_pat(p, x);
	leave(p);
	return x;
}

static struct zc_pat *parse_pat_tuple(P *p)
{
	const struct zc_token *t = cur(p);
	struct zc_pat *first = parse_pat_cons(p);
	struct vec v = { 0 };

	if (!is(p, ZC_T_COMMA))
		return first;
	vpush(p, &v, first);
	while (accept(p, ZC_T_COMMA))
		vpush(p, &v, parse_pat_cons(p));
	return pat_items(p, ZC_P_TUPLE, t, &v);
}

static struct zc_pat *parse_pattern(P *p, int allow_or)
{
	const struct zc_token *t = cur(p);
	struct zc_pat *first;
	struct vec v = { 0 };

	enter(p);
	first = parse_pat_tuple(p);
	if (!allow_or || !is(p, ZC_T_BAR)) {
		leave(p);
		return first;
	}
	vpush(p, &v, first);
	while (accept(p, ZC_T_BAR))
		vpush(p, &v, parse_pat_tuple(p));
	leave(p);
	return pat_items(p, ZC_P_OR, t, &v);
}

/* ---- declarations --------------------------------------------------- */

/* `type t params = T`: T, or T's domains and codomain when it is an
 * arrow (for the vals written with t, parse_val). */
static void parse_abbrev(P *p, struct zc_typedef *td)
{
	struct zc_sig *sig;
	struct tyinfo ti;
	size_t n;

	memset(&ti, 0, sizeof(ti));
	n = parse_type_info(p, L_CONS, &ti);
	if (!ti.narrows) {
		td->abbrev = ti.cod;
		return;
	}
	sig = zc_arena_alloc(p->a, sizeof(*sig));
	memset(sig, 0, sizeof(*sig));
	sig->pos = td->pos;
	sig->n = n;
	sig->names = (const char **)ti.names.v;
	sig->types = (const struct zc_expr **)ti.types.v;
	sig->implicits = (const char **)ti.implicits.v;
	sig->nimplicits = ti.implicits.n;
	sig->ret = ti.cod;
	td->arrow = sig;
	vpush(p, &p->arrows, td);
}

static void parse_typedef(P *p, struct zc_typedef *td)
{
	const struct zc_token *t = cur(p);
	struct vec params = { 0 };

	if (!simple_name(t))
		fail_expected(p, "type name");
	advance(p);
	check_binder(p, t->text, t);
	td->name = t->text;
	td->pos.line = t->line;
	td->pos.col = t->col;
	td->form = ZC_TY_ABBREV;
	/* binders: their names are checked and kept, their types skipped */
	for (;;) {
		if (is(p, ZC_T_LPAREN)) {
			size_t i = 1 + (peek(p, 1)->kind == ZC_T_HASH);

			for (; simple_name(peek(p, i)); i++) {
				check_binder(p, peek(p, i)->text, peek(p, i));
				vpush(p, &params, (void *)peek(p, i)->text);
			}
			skip_balanced(p, ZC_T_LPAREN, ZC_T_RPAREN, "')'");
		} else if (simple_name(cur(p))) {
			check_binder(p, cur(p)->text, cur(p));
			vpush(p, &params, (void *)advance(p)->text);
		} else if (is(p, ZC_T_UNDERSCORE)) {
			vpush(p, &params, NULL);
			advance(p);
		} else if (is(p, ZC_T_HASH)) {
			advance(p);
		} else {
			break;
		}
	}
	td->params = (const char **)params.v;
	td->nparams = params.n;
	if (accept(p, ZC_T_COLON)) {
		parse_type(p, L_CONS);
		td->refined = true;	/* t : nat -> Type: an indexed family */
	}
	if (!accept(p, ZC_T_EQUALS))
		return;	/* abstract type */
	if (is(p, ZC_T_LBRACE)) {
		struct vec f = { 0 };

		advance(p);
		td->form = ZC_TY_RECORD;
		for (;;) {
			const struct zc_token *n = cur(p);

			if (!simple_name(n))
				fail_expected(p, "field name");
			advance(p);
			check_binder(p, n->text, n);
			vpush(p, &f, (void *)n->text);
			expect(p, ZC_T_COLON, "':'");
			parse_type(p, L_CONS);
			if (!accept(p, ZC_T_SEMI) || is(p, ZC_T_RBRACE))
				break;
		}
		expect(p, ZC_T_RBRACE, "';' or '}'");
		td->fields = (const char **)f.v;
		td->nfields = f.n;
		return;
	}
	if (is(p, ZC_T_BAR) ||
	    (is(p, ZC_T_UIDENT) && !strchr(cur(p)->text, '.') &&
	     (peek(p, 1)->kind == ZC_T_BAR || peek(p, 1)->kind == ZC_T_OF ||
	      peek(p, 1)->kind == ZC_T_COLON))) {
		struct vec v = { 0 };
		struct zc_ctor *cs;

		td->form = ZC_TY_VARIANT;
		accept(p, ZC_T_BAR);
		do {
			const struct zc_token *c = cur(p);
			struct zc_ctor *ct = zc_arena_alloc(p->a, sizeof(*ct));

			if (c->kind != ZC_T_UIDENT || strchr(c->text, '.'))
				fail_expected(p, "constructor name");
			advance(p);
			check_binder(p, c->text, c);
			ct->name = c->text;
			ct->pos.line = c->line;
			ct->pos.col = c->col;
			if (accept(p, ZC_T_OF)) {
				parse_type(p, L_CONS);
				ct->arity = 1;
			} else if (accept(p, ZC_T_COLON)) {
				struct tyinfo ti;

				/* C : ... -> t i: its type may be indexed */
				td->refined = true;
				memset(&ti, 0, sizeof(ti));
				ct->arity = parse_type_info(p, L_CONS, &ti);
				if (ti.names.n == ct->arity)
					ct->fields = (const char **)ti.names.v;
			}
			vpush(p, &v, ct);
		} while (accept(p, ZC_T_BAR));
		cs = zc_arena_alloc(p->a, v.n * sizeof(*cs));
		for (size_t i = 0; i < v.n; i++)
			cs[i] = *(struct zc_ctor *)v.v[i];
		td->ctors = cs;
		td->nctors = v.n;
		return;
	}
	parse_abbrev(p, td);
}

static int starts_decl(P *p)
{
	switch (cur(p)->kind) {
	case ZC_T_EOF: case ZC_T_OPEN: case ZC_T_INCLUDE: case ZC_T_MODULE:
	case ZC_T_LET: case ZC_T_VAL: case ZC_T_TYPE: case ZC_T_QUALIFIER:
	case ZC_T_ASSUME:
		return 1;
	case ZC_T_LBRACK:
		return peek(p, 1)->kind == ZC_T_OP &&
		       peek(p, 1)->text[0] == '@';
	default:
		return 0;
	}
}

/*
 * One group of binders before the colon of a `val` (parse.mly: VAL
 * lidentOrOperator list(multiBinder) COLON typ): `(x y : T)`, `(#n:nat)`,
 * `(x:T{phi})`.  They come before the arrow's domains, in order.
 */
static void parse_val_binders(P *p, struct tyinfo *ti)
{
	struct vec names = { 0 }, impl = { 0 };
	const struct zc_expr *ty;
	struct tyinfo one;
	size_t i;

	advance(p);
	while (!is(p, ZC_T_COLON)) {
		int implicit = accept(p, ZC_T_HASH);
		const struct zc_token *n = cur(p);

		if (!simple_name(n) && !is(p, ZC_T_UNDERSCORE))
			fail_expected(p, "binder name or ':'");
		advance(p);
		if (n->kind == ZC_T_IDENT)
			check_binder(p, n->text, n);
		vpush(p, &names, n->kind == ZC_T_IDENT ? (void *)n->text : NULL);
		vpush(p, &impl, implicit ? (void *)n : NULL);
	}
	advance(p);
	memset(&one, 0, sizeof(one));
	parse_type_info(p, L_0A, &one);
	ty = one.narrows ? NULL : one.cod;
	expect(p, ZC_T_RPAREN, "')'");
	for (i = 0; i < names.n; i++) {
		if (impl.v[i]) {
			if (names.v[i])
				vpush(p, &ti->implicits, names.v[i]);
			continue;
		}
		vpush(p, &ti->names, names.v[i]);
		vpush(p, &ti->types, (void *)ty);
	}
}

/* A val written as an arrow abbreviation (`val cf : costFn`, `val main :
 * entry 5`) has the abbreviation's domains and codomain, as F* unfolds
 * it; the resolver binds its parameters in the index (zc_sig via). */
static void take_arrow(P *p, struct zc_sig *sig)
{
	const struct zc_typedef *td = sig->ret ? zc_typedef_applied(
		(const struct zc_typedef *const *)p->arrows.v, p->arrows.n,
		sig->ret) : NULL;

	if (!td)
		return;
	sig->via = td;
	sig->via_type = sig->ret;
	sig->n = td->arrow->n;
	sig->names = td->arrow->names;
	sig->types = td->arrow->types;
	sig->implicits = td->arrow->implicits;
	sig->nimplicits = td->arrow->nimplicits;
	sig->ret = td->arrow->ret;
}

/* `val name : T` (after `val`): its signature joins the pending ones. */
static void parse_val(P *p, struct vec *vals)
{
	const struct zc_token *t = cur(p);
	struct pending_val *v = zc_arena_alloc(p->a, sizeof(*v));
	struct zc_sig *sig = zc_arena_alloc(p->a, sizeof(*sig));
	struct tyinfo ti;

	if (is(p, ZC_T_LPAREN) && is_opsym(peek(p, 1)) &&
	    peek(p, 2)->kind == ZC_T_RPAREN) {
		v->name = opsym_text(peek(p, 1));
		advance(p);
		advance(p);
		advance(p);
	} else if (simple_name(t)) {
		v->name = t->text;
		advance(p);
	} else {
		fail_expected(p, "name");
	}
	memset(&ti, 0, sizeof(ti));
	while (is(p, ZC_T_LPAREN))	/* val f (x y : T) (#n:nat) : U */
		parse_val_binders(p, &ti);
	expect(p, ZC_T_COLON, "':'");
	sig->pos.line = t->line;
	sig->pos.col = t->col;
	sig->n = ti.names.n;
	sig->n += parse_type_info(p, L_CONS, &ti);
	sig->names = (const char **)ti.names.v;
	sig->types = (const struct zc_expr **)ti.types.v;
	sig->implicits = (const char **)ti.implicits.v;
	sig->nimplicits = ti.implicits.n;
	sig->ret = ti.cod;
	if (!ti.narrows && !sig->n)
		take_arrow(p, sig);
	v->sig = sig;
	vpush(p, vals, v);
}

/*
 * F* checks a top-level let against the `val` of its name declared before
 * it: give b the latest such val not yet used by an earlier let.
 */
static void attach_val(struct vec *vals, struct zc_binding *b)
{
	if (b->pat->kind != ZC_P_VAR)
		return;
	for (size_t i = vals->n; i--;) {
		struct pending_val *v = vals->v[i];

		if (v->name && !strcmp(v->name, b->pat->u.name)) {
			b->sig = v->sig;
			v->name = NULL;
			return;
		}
	}
}

static struct zc_module *parse_module(P *p)
{
	struct zc_module *m = zc_arena_alloc(p->a, sizeof(*m));
	struct vec decls = { 0 }, vals = { 0 };

	m->arena = p->a;
	while (!is(p, ZC_T_EOF)) {
		const struct zc_token *t;
		struct zc_decl *d;

		if (!starts_decl(p))
			fail_expected(p, "declaration");
		/* attributes and qualifiers */
		for (;;) {
			if (at_attribute(p))
				skip_attributes(p);
			else if (!accept(p, ZC_T_QUALIFIER))
				break;
		}
		t = cur(p);
		d = zc_arena_alloc(p->a, sizeof(*d));
		d->pos.line = t->line;
		d->pos.col = t->col;
		if (t->kind != ZC_T_LET)
			p->last_val = NULL;
		switch (t->kind) {
		case ZC_T_OPEN:
			advance(p);
			d->kind = ZC_D_OPEN;
			d->u.open.module = expect(p, ZC_T_UIDENT,
						  "module name")->text;
			break;
		case ZC_T_INCLUDE:
			fail_at(p, t->line, t->col, "forbidden: include (the "
				"reference permits no includes; open the "
				"module)");
		case ZC_T_MODULE:
			if (peek(p, 1)->kind == ZC_T_UIDENT &&
			    peek(p, 2)->kind == ZC_T_EQUALS) {
				advance(p);
				d->kind = ZC_D_ALIAS;
				check_abbrev(p, cur(p));
				d->u.alias.alias = advance(p)->text;
				advance(p);
				d->u.alias.module = expect(p, ZC_T_UIDENT,
							   "module name")->text;
				break;
			}
			if ((p->flags & ZC_PARSE_ALLOW_MODULE_LINE) &&
			    !decls.n && !m->module_name &&
			    peek(p, 1)->kind == ZC_T_UIDENT) {
				advance(p);
				m->module_name = advance(p)->text;
				continue;
			}
			fail_at(p, t->line, t->col,
				"forbidden: a 'module' line in deployed "
				"contract code (the node adds its own)");
		case ZC_T_LET:
			advance(p);
			d->kind = ZC_D_LET;
			d->u.let.rec = accept(p, ZC_T_REC);
			p->vals = &vals;
			d->u.let.binds = parse_bindings(p, d->u.let.rec, 0,
							&d->u.let.nbinds);
			p->vals = NULL;
			p->last_val = NULL;
			for (size_t i = 0; i < d->u.let.nbinds; i++)
				attach_val(&vals, &d->u.let.binds[i]);
			break;
		case ZC_T_VAL:
			advance(p);
			parse_val(p, &vals);
			p->last_val = ((struct pending_val *)
				       vals.v[vals.n - 1])->name;
			continue;	/* no declaration of its own */
		case ZC_T_TYPE: {
			struct vec v = { 0 };

			advance(p);
			d->kind = ZC_D_TYPE;
			do {
				struct zc_typedef *td =
					zc_arena_alloc(p->a, sizeof(*td));
				size_t refinements = p->refinements;

				parse_typedef(p, td);
				td->refined |= p->refinements != refinements ||
					       (td->form == ZC_TY_ABBREV &&
						!td->abbrev);
				vpush(p, &v, td);
			} while (accept(p, ZC_T_AND));
			d->u.type.types = zc_arena_alloc(
				p->a, v.n * sizeof(struct zc_typedef));
			for (size_t i = 0; i < v.n; i++)
				d->u.type.types[i] =
					*(struct zc_typedef *)v.v[i];
			d->u.type.n = v.n;
			break;
		}
		case ZC_T_ASSUME:
			fail_at(p, t->line, t->col,
				"forbidden: top-level 'assume' declarations");
		default:
			fail_expected(p, "declaration");
		}
		vpush(p, &decls, d);
	}
	m->decls = zc_arena_alloc(p->a, decls.n * sizeof(struct zc_decl));
	for (size_t i = 0; i < decls.n; i++)
		m->decls[i] = *(struct zc_decl *)decls.v[i];
	m->ndecls = decls.n;
	return m;
}

/* ---- entry points --------------------------------------------------- */

static int setup(P *p, const char *src, size_t len, const char *file,
		 unsigned flags, struct zen_err *err)
{
	struct zc_lexer lx;
	size_t cap = 64;

	memset(p, 0, sizeof(*p));
	p->file = file ? file : "<contract>";
	p->err = err;
	p->flags = flags;
	if (len > ZC_MAX_SOURCE)
		return zen_fail(err, ZEN_EINVAL,
				"%s: source too large (%zu bytes, limit %u)",
				p->file, len, ZC_MAX_SOURCE);
	p->a = zc_arena_new();
	p->toks = zen_xmalloc(cap * sizeof(*p->toks));
	zc_lexer_init(&lx, src, len, p->a);
	for (;;) {
		struct zc_token *t;

		if (p->ntoks == cap) {
			cap *= 2;
			p->toks = zen_xrealloc(p->toks, cap * sizeof(*p->toks));
		}
		t = &p->toks[p->ntoks++];
		zc_lex_next(&lx, t);
		if (t->kind == ZC_T_EOF)
			break;
		if (t->kind == ZC_T_ERROR) {
			p->lexerr = zc_arena_strndup(p->a, lx.err,
						     strlen(lx.err));
			break;
		}
	}
	return 0;
}

int zc_parse(const char *src, size_t len, const char *file, unsigned flags,
	     struct zc_module **out, struct zen_err *err)
{
	P *p = zen_xmalloc(sizeof(*p));
	struct zc_module *m;
	int rc;

	*out = NULL;
	rc = setup(p, src, len, file, flags, err);
	if (rc) {
		free(p);
		return rc;
	}
	if (setjmp(p->jb)) {
		free(p->toks);
		zc_arena_free(p->a);
		free(p);
		return ZEN_EINVAL;
	}
	m = parse_module(p);
	free(p->toks);
	free(p);
	*out = m;
	return 0;
}

int zc_parse_expr(const char *src, size_t len, const char *file,
		  struct zc_arena **arena, struct zc_expr **out,
		  struct zen_err *err)
{
	P *p = zen_xmalloc(sizeof(*p));
	struct zc_expr *e;
	int rc;

	*out = NULL;
	*arena = NULL;
	rc = setup(p, src, len, file, 0, err);
	if (rc) {
		free(p);
		return rc;
	}
	if (setjmp(p->jb)) {
		free(p->toks);
		zc_arena_free(p->a);
		free(p);
		return ZEN_EINVAL;
	}
	e = parse_term(p);
	if (!is(p, ZC_T_EOF))
		fail_expected(p, "end of input");
	free(p->toks);
	*arena = p->a;
	free(p);
	*out = e;
	return 0;
}

int zc_check_entry_points(const struct zc_module *m, const char *file,
			  struct zen_err *err)
{
	static const struct {
		const char *name;
		size_t arity;
	} entries[] = { { "main", 8 }, { "cf", 7 } };

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(entries); i++) {
		const struct zc_binding *b = zc_module_find(m, entries[i].name);

		if (!b)
			return zen_fail(err, ZEN_EINVAL,
					"%s: no top-level '%s'", file,
					entries[i].name);
		if (zc_binding_arity(b) != entries[i].arity)
			return zen_fail(err, ZEN_EINVAL,
					"%s:%u:%u: '%s' takes %zu parameters, "
					"expected %zu", file,
					(unsigned)b->pos.line,
					(unsigned)b->pos.col, entries[i].name,
					zc_binding_arity(b),
					entries[i].arity);
	}
	return 0;
}
