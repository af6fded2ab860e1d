/*
 * unparse.c - the contract AST as ZF* source (unparse.h).
 *
 * Every expression is printed for a context: the grammar level the parser
 * reads at that spot (parser.h: term > noSeq > tuple > binary levels >
 * operand > application > atom) and what may follow it.  A node whose own
 * level is looser than the context, or whose right end would swallow what
 * follows (a `match` before the next `|`, `- x` before `* y`, a `let`
 * before `;`), is put in parentheses; nothing else is.
 */
#include <inttypes.h>
#include <stdint.h>
#include <string.h>

#include "core/contract/lexer.h"
#include "core/contract/parser.h"
#include "core/contract/unparse.h"

/* Expression contexts, loosest first; LV_BIN(L) is parse_binop(L), and
 * LV_BIN(L_4 + 1) reads just an operand. */
enum {
	LV_TERM, LV_NOSEQ, LV_TUPLE,
	LV_OPERAND = 2 + L_4 + 1, LV_APP, LV_ATOM,
};
#define LV_BIN(l) (2 + (l))

/* What may follow an expression (its right end must not take it). */
#define F_TIGHT 1u	/* a binary operator of level >= L_CONS */
#define F_BAR 2u	/* `|` of a further match arm */
#define F_ELSE 4u	/* `else` of an enclosing if */
#define F_SEMI 8u	/* `;` of a list or record */

/* Pattern contexts (parse_pattern, _tuple, _cons, _app, atomic). */
enum { PL_OR, PL_TUPLE, PL_CONS, PL_APP, PL_ATOM };

/* Indentation stops growing here, so the text stays linear in size. */
#define MAX_INDENT 64u

struct up {
	struct zen_buf *b;
	unsigned indent;
	int tymode;		/* printing a type: the parser's type mode */
	struct zc_arena *arena;	/* for the lexer, made on first use */
};

static void pr_expr(struct up *u, const struct zc_expr *e, int ctx,
		    unsigned fl);
static void pr_pat(struct up *u, const struct zc_pat *p, int ctx);

/* ---- text ----------------------------------------------------------- */

static void emit(struct up *u, const char *s)
{
	zen_buf_addstr(u->b, s);
}

static void nl(struct up *u)
{
	unsigned n = u->indent < MAX_INDENT ? u->indent : MAX_INDENT;

	zen_buf_addch(u->b, '\n');
	for (unsigned i = 0; i < n; i++)
		zen_buf_addch(u->b, ' ');
}

static int is_symbol_char(int c)
{
	return c > 0 && c < 128 && strchr("!$%&*+-/<=>?@^|~:\\", c);
}

/* A name spelled with symbols (an operator), written `( op )`. */
static int is_op_name(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!is_symbol_char((unsigned char)*s))
			return 0;
	return 1;
}

/* `( op )` with spaces: `(*` would open a comment. */
static void emit_name(struct up *u, const char *s)
{
	if (is_op_name(s)) {
		emit(u, "( ");
		emit(u, s);
		emit(u, " )");
	} else {
		emit(u, s);
	}
}

/* Does s lex as one plain identifier token (not a keyword)? */
static int lexes_as_ident(struct up *u, const char *s)
{
	struct zc_lexer lx;
	struct zc_token t;

	if (!u->arena)
		u->arena = zc_arena_new();
	zc_lexer_init(&lx, s, strlen(s), u->arena);
	zc_lex_next(&lx, &t);
	return t.kind == ZC_T_IDENT && t.len == strlen(s) && !strchr(s, '.');
}

/*
 * A record field (the parser keeps the last component of the name): a
 * field that is a keyword or capitalized cannot stand alone, but `_.f`
 * is a path whose last component is f.
 */
static void emit_field(struct up *u, const char *f)
{
	if (!lexes_as_ident(u, f))
		emit(u, "_.");
	emit(u, f);
}

static void emit_int(struct up *u, const struct zc_int *v)
{
	static const char *const suffix[] = {
		"", "uy", "us", "ul", "UL", "y", "s", "l", "L",
	};

	if (zc_int_kind_signed(v->kind)) {
		if (v->v.i < 0)	/* the magnitude, INT64_MIN included */
			zen_buf_addf(u->b, "-%" PRIu64, 0 - (uint64_t)v->v.i);
		else
			zen_buf_addf(u->b, "%" PRId64, v->v.i);
	} else {
		zen_buf_addf(u->b, "%" PRIu64, v->v.u);
	}
	emit(u, suffix[v->kind]);
}

static int int_negative(const struct zc_int *v)
{
	return zc_int_kind_signed(v->kind) && v->v.i < 0;
}

/* Escapes the lexer reads back byte for byte (lexer.h). */
static void emit_str(struct up *u, const struct zc_bytes *s)
{
	zen_buf_addch(u->b, '"');
	for (size_t i = 0; i < s->len; i++) {
		uint8_t c = s->data[i];

		if (c == '"' || c == '\\')
			zen_buf_addf(u->b, "\\%c", c);
		else if (c == '\n')
			emit(u, "\\n");
		else if (c == '\t')
			emit(u, "\\t");
		else if (c == '\r')
			emit(u, "\\r");
		else if (c < 0x20 || c >= 0x7f)
			zen_buf_addf(u->b, "\\x%02x", c);
		else
			zen_buf_addch(u->b, c);
	}
	zen_buf_addch(u->b, '"');
}

/* ---- patterns ------------------------------------------------------- */

static int pat_level(const struct zc_pat *p)
{
	switch (p->kind) {
	case ZC_P_OR:
		return PL_OR;
	case ZC_P_TUPLE:
		return PL_TUPLE;
	case ZC_P_CONS:
		return PL_CONS;
	case ZC_P_CON:
		return p->u.con.nargs ? PL_APP : PL_ATOM;
	default:
		return PL_ATOM;
	}
}

static void pr_pats(struct up *u, struct zc_pat *const *ps, size_t n,
		    int ctx, const char *sep)
{
	for (size_t i = 0; i < n; i++) {
		if (i)
			emit(u, sep);
		pr_pat(u, ps[i], ctx);
	}
}

static void pr_pat(struct up *u, const struct zc_pat *p, int ctx)
{
	if (pat_level(p) < ctx) {
		emit(u, "(");
		pr_pat(u, p, PL_OR);
		emit(u, ")");
		return;
	}
	switch (p->kind) {
	case ZC_P_WILD:
		emit(u, "_");
		break;
	case ZC_P_VAR:
		emit_name(u, p->u.name);
		break;
	case ZC_P_INT:
		emit_int(u, &p->u.lit_int);
		break;
	case ZC_P_STRING:
		emit_str(u, &p->u.str);
		break;
	case ZC_P_BOOL:
		emit(u, p->u.b ? "true" : "false");
		break;
	case ZC_P_UNIT:
		emit(u, "()");
		break;
	case ZC_P_CON:
		emit(u, p->u.con.name);
		for (size_t i = 0; i < p->u.con.nargs; i++) {
			emit(u, " ");
			pr_pat(u, p->u.con.args[i], PL_ATOM);
		}
		break;
	case ZC_P_TUPLE:
		pr_pats(u, p->u.items.items, p->u.items.n, PL_CONS, ", ");
		break;
	case ZC_P_LIST:
		emit(u, "[");
		pr_pats(u, p->u.items.items, p->u.items.n, PL_TUPLE, "; ");
		emit(u, "]");
		break;
	case ZC_P_CONS:
		pr_pat(u, p->u.cons.hd, PL_APP);
		emit(u, " :: ");
		pr_pat(u, p->u.cons.tl, PL_CONS);
		break;
	case ZC_P_RECORD:
		emit(u, "{ ");
		for (size_t i = 0; i < p->u.record.n; i++) {
			if (i)
				emit(u, "; ");
			emit_field(u, p->u.record.fields[i]);
			emit(u, " = ");
			pr_pat(u, p->u.record.pats[i], PL_TUPLE);
		}
		emit(u, " }");
		break;
	case ZC_P_OR:
		pr_pats(u, p->u.items.items, p->u.items.n, PL_TUPLE, " | ");
		break;
	}
}

/* A parameter of fun or let: atomic, and `-1` is not one there. */
static void pr_param(struct up *u, const struct zc_pat *p)
{
	if (p->kind == ZC_P_INT && int_negative(&p->u.lit_int)) {
		emit(u, "(");
		emit_int(u, &p->u.lit_int);
		emit(u, ")");
		return;
	}
	pr_pat(u, p, PL_ATOM);
}

/* ---- expressions: forms and levels ---------------------------------- */

static int infix_level(const char *s, int *right)
{
	*right = 0;
	return is_op_name(s) ? (int)zc_op_level(s, right) : L_NONE;
}

/* no ascription and no implicit arguments on it */
static int plain(const struct zc_expr *e)
{
	return !e->ascribed && !e->nimplicit;
}

/* `function | ...`: the parser's FUN(%function, MATCH(%function, ...)) */
static int is_function(const struct zc_expr *e)
{
	const struct zc_expr *m;

	if (e->kind != ZC_E_FUN || e->u.fun.nparams != 1 ||
	    e->u.fun.params[0]->kind != ZC_P_VAR ||
	    strcmp(e->u.fun.params[0]->u.name, "%function"))
		return 0;
	m = e->u.fun.body;
	return m->kind == ZC_E_MATCH && plain(m) &&
	       m->u.match.scrut->kind == ZC_E_VAR &&
	       plain(m->u.match.scrut) &&
	       !strcmp(m->u.match.scrut->u.name, "%function");
}

enum app_form { A_GENERAL, A_PREFIX, A_NEG, A_INFIX, A_BACKTICK };

static int lvl(const struct up *u, const struct zc_expr *e);

static enum app_form app_form(const struct up *u, const struct zc_expr *e,
			      int *level, int *right)
{
	const struct zc_expr *fn = e->u.app.fn;
	size_t n = e->u.app.nargs;
	int l;

	*right = 0;
	if (fn->kind == ZC_E_VAR && plain(fn) && is_op_name(fn->u.name)) {
		const char *s = fn->u.name;

		if (n == 1 && strchr("!~?", s[0])) {
			if (!strcmp(s, "~-") && !u->tymode) {
				*level = LV_OPERAND;	/* - x */
				return A_NEG;
			}
			*level = LV_ATOM;	/* !x, and ~- x in types */
			return A_PREFIX;
		}
		if (n == 2 && (l = infix_level(s, right)) != L_NONE) {
			*level = LV_BIN(l);
			return A_INFIX;
		}
	}
	/*
	 * a `f` b where `f a b` would need parentheses around a that
	 * a `f` b does not: left-nested chains of backticks cost the
	 * parser no nesting, and must not cost it any when read again.
	 */
	if (n == 2 && plain(fn) &&
	    (fn->kind == ZC_E_CON ||
	     (fn->kind == ZC_E_VAR && !is_op_name(fn->u.name)))) {
		const struct zc_expr *a0 = e->u.app.args[0];
		int a = lvl(u, a0);

		/* (a literal -1 or a `- x` gains nothing: leaves, or in
		 * parentheses anyway before a backtick) */
		if (a < LV_ATOM && a >= LV_BIN(L_BACKTICK) &&
		    a0->kind != ZC_E_INT && !(a0->kind == ZC_E_APP &&
		    a == LV_OPERAND)) {
			*level = LV_BIN(L_BACKTICK);
			return A_BACKTICK;
		}
	}
	*level = LV_APP;
	return A_GENERAL;
}

/* The level of e's own form, without ascription and implicit arguments. */
static int core_level(const struct up *u, const struct zc_expr *e)
{
	int l, r;

	switch (e->kind) {
	case ZC_E_INT:
		return int_negative(&e->u.lit_int) ? LV_OPERAND : LV_ATOM;
	case ZC_E_APP:
		app_form(u, e, &l, &r);
		return l;
	case ZC_E_TUPLE:
		return LV_TUPLE;
	case ZC_E_CONS:
		return LV_BIN(L_CONS);
	case ZC_E_RECORD:
		return LV_OPERAND;
	case ZC_E_FUN: case ZC_E_LET: case ZC_E_LETOPEN: case ZC_E_IF:
	case ZC_E_MATCH:
		return LV_NOSEQ;
	case ZC_E_LETBANG:
		return LV_TERM;
	default:
		return LV_ATOM;
	}
}

/* The level of e without its ascription: `x #_` is an application. */
static int lvl_noasc(const struct up *u, const struct zc_expr *e)
{
	return e->nimplicit ? LV_APP : core_level(u, e);
}

/* The level of e outside a noSeq context (ascribed: `(e : T)`). */
static int lvl(const struct up *u, const struct zc_expr *e)
{
	return e->ascribed ? LV_ATOM : lvl_noasc(u, e);
}

/* Does the right end of e read a term (which refuses a following `;`)? */
static int ends_in_term(const struct zc_expr *e)
{
	switch (e->kind) {
	case ZC_E_FUN: case ZC_E_LET: case ZC_E_LETOPEN: case ZC_E_LETBANG:
	case ZC_E_MATCH:
		return 1;
	default:
		return 0;
	}
}

/* Would e, printed in its own form, take what fl says may follow it? */
static int swallows(const struct up *u, const struct zc_expr *e, unsigned fl)
{
	if (!plain(e))
		return 0;	/* `x #_`, `(e : T)`: closed */
	if ((fl & F_BAR) && (e->kind == ZC_E_MATCH || is_function(e)))
		return 1;
	if ((fl & F_SEMI) && !u->tymode && ends_in_term(e))
		return 1;
	return 0;
}

/* Worth its own lines?  (Looks a few levels down only.) */
static int is_big(const struct zc_expr *e, int budget)
{
	if (!budget)
		return 1;
	switch (e->kind) {
	case ZC_E_LET: case ZC_E_LETBANG: case ZC_E_LETOPEN: case ZC_E_MATCH:
		return 1;
	case ZC_E_FUN:
		return is_function(e) || is_big(e->u.fun.body, budget - 1);
	case ZC_E_IF:
		return is_big(e->u.if_.then_, budget - 1) ||
		       is_big(e->u.if_.else_, budget - 1);
	default:
		return 0;
	}
}

/* " " and e, or e on the next line one step in when it is big */
static void pr_body(struct up *u, const struct zc_expr *e, unsigned fl)
{
	if (is_big(e, 8)) {
		u->indent += 2;
		nl(u);
		pr_expr(u, e, LV_TERM, fl);
		u->indent -= 2;
	} else {
		emit(u, " ");
		pr_expr(u, e, LV_TERM, fl);
	}
}

/* ---- expressions: printing ------------------------------------------ */

static void pr_type(struct up *u, const struct zc_expr *t)
{
	int saved = u->tymode;

	u->tymode = 1;
	pr_expr(u, t, LV_BIN(L_CONS), 0);
	u->tymode = saved;
}

/* the fields from base (exclusive) out to e, innermost first; before the
 * one numbered brk (from 0) the open parenthesis is closed */
static void pr_fields(struct up *u, const struct zc_expr *e,
		      const struct zc_expr *base, size_t *i, size_t brk)
{
	if (e == base)
		return;
	pr_fields(u, e->u.proj.e, base, i, brk);
	if (*i == brk)
		emit(u, ")");
	emit(u, ".");
	emit(u, e->u.proj.field);
	(*i)++;
}

/* the fields from base (exclusive) out to e, innermost first, each
 * projection closed: `((x).N).f`, so that no capitalized field reads
 * as the module of the next (x.N.f is x's field f) */
static void pr_fields_closed(struct up *u, const struct zc_expr *e,
			     const struct zc_expr *base)
{
	if (e == base)
		return;
	pr_fields_closed(u, e->u.proj.e, base);
	emit(u, ".");
	emit(u, e->u.proj.field);
	emit(u, ")");
}

/* e.f.g: `x.f.g` as one path token while it lasts, else `(e).f.g` */
static void pr_proj(struct up *u, const struct zc_expr *e)
{
	const struct zc_expr *base = e, *q;
	size_t n = 0, i = 0, brk = SIZE_MAX;
	int upper = 0;

	/* an inner node with an ascription or implicit arguments ends the
	 * chain (it prints in parentheses) */
	while (base->kind == ZC_E_PROJ && (base == e || plain(base))) {
		n++;
		base = base->u.proj.e;
	}
	for (q = e; q != base; q = q->u.proj.e)
		upper |= q->u.proj.field[0] >= 'A' && q->u.proj.field[0] <= 'Z';
	if (upper) {
		for (i = 0; i < n; i++)
			emit(u, "(");
		if (base->kind == ZC_E_VAR && plain(base) &&
		    !is_op_name(base->u.name)) {
			emit(u, base->u.name);
		} else {
			emit(u, "(");
			pr_expr(u, base, LV_TERM, 0);
			emit(u, ")");
		}
		pr_fields_closed(u, e, base);
		return;
	}
	if (base->kind == ZC_E_VAR && plain(base) &&
	    !is_op_name(base->u.name)) {
		/* a path does not continue at a field starting with `_`:
		 * close a parenthesis before the innermost such field */
		const struct zc_expr *p = e;

		for (size_t k = 0; k < n; k++, p = p->u.proj.e)
			if (p->u.proj.field[0] == '_')
				brk = n - 1 - k;
		if (brk != SIZE_MAX)
			emit(u, "(");
		emit(u, base->u.name);
	} else if (plain(base) && (base->kind == ZC_E_LIST ||
				   base->kind == ZC_E_STRING ||
				   base->kind == ZC_E_UNIT ||
				   base->kind == ZC_E_VAR)) {
		pr_expr(u, base, LV_ATOM, 0);	/* [..] "..." () ( op ) */
	} else {
		/* `A.f` would be a name, `!x.f` the projection of x */
		emit(u, "(");
		pr_expr(u, base, LV_TERM, 0);
		emit(u, ")");
	}
	pr_fields(u, e, base, &i, brk);
}

/* `!x`, `~-x`: a space only before another prefix operator, which
 * would run into this one */
static void pr_prefix(struct up *u, const char *op, const struct zc_expr *x)
{
	enum app_form f = A_GENERAL;
	int l, r;

	if (x->kind == ZC_E_APP && plain(x))
		f = app_form(u, x, &l, &r);
	emit(u, op);
	if (f == A_PREFIX || f == A_NEG)
		emit(u, " ");
	pr_expr(u, x, LV_ATOM, 0);
}

static void pr_args(struct up *u, const struct zc_expr *e)
{
	for (size_t i = 0; i < e->u.app.nargs; i++) {
		emit(u, " ");
		pr_expr(u, e->u.app.args[i], LV_ATOM, 0);
	}
}

/* `- x`: x reads at level L_CONS and must not start with a literal,
 * which the minus would take as its own (`- 5` is the literal -5) */
static void pr_neg(struct up *u, const struct zc_expr *x, unsigned fl)
{
	size_t at;

	emit(u, "- ");
	at = u->b->len;
	pr_expr(u, x, LV_BIN(L_CONS), fl);
	if (u->b->len > at && u->b->data[at] >= '0' && u->b->data[at] <= '9') {
		size_t n = u->b->len - at;

		zen_buf_addch(u->b, ')');	/* room for the '(' */
		memmove(u->b->data + at + 1, u->b->data + at, n);
		u->b->data[at] = '(';
		zen_buf_addch(u->b, ')');
	}
}

static void pr_app(struct up *u, const struct zc_expr *e, unsigned fl)
{
	const struct zc_expr *fn = e->u.app.fn;
	struct zc_expr *const *a = e->u.app.args;
	int l, right;

	switch (app_form(u, e, &l, &right)) {
	case A_PREFIX:
		pr_prefix(u, fn->u.name, a[0]);
		return;
	case A_NEG:
		pr_neg(u, a[0], fl);
		return;
	case A_INFIX:
		l -= LV_BIN(0);
		pr_expr(u, a[0], LV_BIN(right ? l + 1 : l),
			l >= L_CONS ? F_TIGHT : 0);
		emit(u, " ");
		emit(u, fn->u.name);
		emit(u, " ");
		pr_expr(u, a[1], LV_BIN(right ? l : l + 1), fl);
		return;
	case A_BACKTICK:
		pr_expr(u, a[0], LV_BIN(L_BACKTICK), F_TIGHT);
		emit(u, " `");
		emit(u, fn->u.name);
		emit(u, "` ");
		pr_expr(u, a[1], LV_BIN(L_BACKTICK + 1), fl);
		return;
	case A_GENERAL:
		pr_expr(u, fn, LV_ATOM, 0);
		pr_args(u, e);
		return;
	}
}

static void pr_items(struct up *u, struct zc_expr *const *items, size_t n,
		     int ctx, const char *sep, unsigned last_fl, unsigned fl)
{
	for (size_t i = 0; i < n; i++) {
		if (i)
			emit(u, sep);
		pr_expr(u, items[i], ctx, i + 1 < n ? fl : last_fl);
	}
}

static void pr_record(struct up *u, const struct zc_expr *e)
{
	emit(u, "{ ");
	if (e->u.record.base) {
		pr_expr(u, e->u.record.base, LV_APP, 0);
		emit(u, " with ");
	}
	for (size_t i = 0; i < e->u.record.n; i++) {
		if (i)
			emit(u, "; ");
		emit_field(u, e->u.record.fields[i]);
		emit(u, " = ");
		pr_expr(u, e->u.record.values[i], LV_NOSEQ,
			i + 1 < e->u.record.n ? F_SEMI : 0);
	}
	emit(u, " }");
}

static void pr_arms(struct up *u, const struct zc_expr *m, unsigned fl)
{
	for (size_t i = 0; i < m->u.match.n; i++) {
		const struct zc_branch *br = &m->u.match.branches[i];

		nl(u);
		emit(u, "| ");
		pr_pat(u, br->pat, PL_OR);
		emit(u, " ->");
		pr_body(u, br->body, i + 1 < m->u.match.n ? F_BAR : fl);
	}
}

static void pr_fun(struct up *u, const struct zc_expr *e, unsigned fl)
{
	if (is_function(e)) {
		emit(u, "function");
		pr_arms(u, e->u.fun.body, fl);
		return;
	}
	emit(u, "fun");
	for (size_t i = 0; i < e->u.fun.nparams; i++) {
		emit(u, " ");
		pr_param(u, e->u.fun.params[i]);
	}
	emit(u, " ->");
	pr_body(u, e->u.fun.body, fl);
}

static void pr_binding(struct up *u, const struct zc_binding *bd);

static void pr_let(struct up *u, const struct zc_expr *e, unsigned fl)
{
	emit(u, e->u.let.rec ? "let rec " : "let ");
	for (size_t i = 0; i < e->u.let.nbinds; i++) {
		if (i) {
			nl(u);
			emit(u, "and ");
		}
		pr_binding(u, &e->u.let.binds[i]);
	}
	emit(u, " in");
	nl(u);
	pr_expr(u, e->u.let.body, LV_TERM, fl);
}

static int is_plain_unit(const struct zc_expr *e)
{
	return e->kind == ZC_E_UNIT && plain(e);
}

static void pr_if(struct up *u, const struct zc_expr *e, unsigned fl)
{
	const struct zc_expr *c = e->u.if_.cond, *a = e->u.if_.then_,
			     *b = e->u.if_.else_;
	int has_else = !is_plain_unit(b) || (fl & F_ELSE);
	int big = is_big(a, 8) || (has_else && is_big(b, 8));

	emit(u, e->u.if_.bang ? "if! " : "if ");
	pr_expr(u, c, LV_NOSEQ, 0);
	emit(u, " then");
	if (big) {
		u->indent += 2;
		nl(u);
	} else {
		emit(u, " ");
	}
	pr_expr(u, a, LV_NOSEQ, has_else ? F_ELSE : fl);
	if (big)
		u->indent -= 2;
	if (!has_else)
		return;
	if (big)
		nl(u);
	else
		emit(u, " ");
	emit(u, "else");
	if (big && !(b->kind == ZC_E_IF && plain(b))) {
		u->indent += 2;
		nl(u);
		pr_expr(u, b, LV_NOSEQ, fl);
		u->indent -= 2;
	} else {
		emit(u, " ");
		pr_expr(u, b, LV_NOSEQ, fl);
	}
}

/* e in its own form, ascription and implicit arguments aside */
static void pr_core(struct up *u, const struct zc_expr *e, unsigned fl)
{
	switch (e->kind) {
	case ZC_E_VAR:
	case ZC_E_CON:
		emit_name(u, e->u.name);
		break;
	case ZC_E_INT:
		emit_int(u, &e->u.lit_int);
		break;
	case ZC_E_STRING:
		emit_str(u, &e->u.str);
		break;
	case ZC_E_BOOL:
		emit(u, e->u.b ? "true" : "false");
		break;
	case ZC_E_UNIT:
		emit(u, "()");
		break;
	case ZC_E_ERASED:
		emit(u, "_");
		break;
	case ZC_E_APP:
		pr_app(u, e, fl);
		break;
	case ZC_E_TUPLE:
		pr_items(u, (struct zc_expr *const *)e->u.items.items,
			 e->u.items.n, LV_BIN(L_0A), ", ", fl, 0);
		break;
	case ZC_E_LIST:
		emit(u, "[");
		pr_items(u, (struct zc_expr *const *)e->u.items.items,
			 e->u.items.n, LV_NOSEQ, "; ", 0, F_SEMI);
		emit(u, "]");
		break;
	case ZC_E_CONS:
		pr_expr(u, e->u.cons.hd, LV_BIN(L_CONS + 1), F_TIGHT);
		emit(u, " :: ");
		pr_expr(u, e->u.cons.tl, LV_BIN(L_CONS), fl);
		break;
	case ZC_E_RECORD:
		pr_record(u, e);
		break;
	case ZC_E_PROJ:
		pr_proj(u, e);
		break;
	case ZC_E_FUN:
		pr_fun(u, e, fl);
		break;
	case ZC_E_LET:
		pr_let(u, e, fl);
		break;
	case ZC_E_LETBANG:
		emit(u, "let! ");
		pr_pat(u, e->u.letbang.pat, PL_TUPLE);
		emit(u, " =");
		pr_body(u, e->u.letbang.rhs, 0);
		emit(u, " in");
		nl(u);
		pr_expr(u, e->u.letbang.body, LV_TERM, fl);
		break;
	case ZC_E_LETOPEN:
		emit(u, "let open ");
		emit(u, e->u.letopen.module);
		emit(u, " in");
		nl(u);
		pr_expr(u, e->u.letopen.body, LV_TERM, fl);
		break;
	case ZC_E_IF:
		pr_if(u, e, fl);
		break;
	case ZC_E_MATCH:
		emit(u, "match ");
		pr_expr(u, e->u.match.scrut, LV_TERM, 0);
		emit(u, " with");
		pr_arms(u, e, fl);
		break;
	}
}

static void pr_noasc(struct up *u, const struct zc_expr *e, int ctx,
		     unsigned fl);

/* e (ascription aside) in parentheses, one step in when it is big */
static void pr_paren(struct up *u, const struct zc_expr *e)
{
	int big = is_big(e, 8);

	emit(u, "(");
	if (big)
		u->indent += 2;
	pr_noasc(u, e, LV_TERM, 0);
	if (big)
		u->indent -= 2;
	emit(u, ")");
}

/* e without its ascription: its form, then `#a` per implicit argument */
static void pr_noasc(struct up *u, const struct zc_expr *e, int ctx,
		     unsigned fl)
{
	int l, r;

	/* `- x` where an atom is read, or before `*`: `~- x` is an atom
	 * and costs the parser one level where `(- x)` costs four */
	if (e->kind == ZC_E_APP && plain(e) &&
	    app_form(u, e, &l, &r) == A_NEG &&
	    (ctx > LV_OPERAND || (fl & F_TIGHT))) {
		pr_prefix(u, "~-", e->u.app.args[0]);
		return;
	}
	if (lvl_noasc(u, e) < ctx || swallows(u, e, fl)) {
		pr_paren(u, e);
		return;
	}
	if (!e->nimplicit) {
		pr_core(u, e, fl);
		return;
	}
	/* `f a #_` counts on the application; anything else is the head
	 * of an application without explicit arguments: `(x) #_` */
	if ((e->kind == ZC_E_APP && app_form(u, e, &l, &r) == A_GENERAL) ||
	    core_level(u, e) == LV_ATOM) {
		pr_core(u, e, 0);
	} else {
		emit(u, "(");
		pr_core(u, e, 0);
		emit(u, ")");
	}
	for (uint32_t i = 0; i < e->nimplicit; i++) {
		emit(u, " #");
		pr_expr(u, e->implicit_args[i], LV_ATOM, 0);
	}
}

static void pr_expr(struct up *u, const struct zc_expr *e, int ctx,
		    unsigned fl)
{
	if (!e->ascribed) {
		pr_noasc(u, e, ctx, fl);
		return;
	}
	/* `e <: T` where a noSeq term is read and e is a tuple or
	 * tighter; `(e : T)` elsewhere (the parser keeps the outermost) */
	if (ctx <= LV_NOSEQ && lvl_noasc(u, e) >= LV_TUPLE) {
		pr_noasc(u, e, LV_TUPLE, 0);
		emit(u, " <: ");
		pr_type(u, e->ascribed);
		return;
	}
	emit(u, "(");
	pr_noasc(u, e, LV_TERM, 0);
	emit(u, " : ");
	pr_type(u, e->ascribed);
	emit(u, ")");
}

/* ---- bindings and declarations -------------------------------------- */

/* the first pattern a binding's pattern starts with */
static const struct zc_pat *leftmost_pat(const struct zc_pat *p)
{
	while (p->kind == ZC_P_TUPLE || p->kind == ZC_P_CONS)
		p = p->kind == ZC_P_TUPLE ? p->u.items.items[0] : p->u.cons.hd;
	return p;
}

static void pr_binding(struct up *u, const struct zc_binding *bd)
{
	if (bd->nparams || bd->pat->kind == ZC_P_VAR) {
		emit_name(u, bd->pat->u.name);
		if (bd->nimplicits) {
			/* a group keeps the names, even reserved ones */
			emit(u, " (");
			for (size_t i = 0; i < bd->nimplicits; i++) {
				emit(u, i ? " #" : "#");
				emit(u, bd->implicits[i]);
			}
			emit(u, " : Type)");
		}
		for (size_t i = 0; i < bd->nparams; i++) {
			emit(u, " ");
			pr_param(u, bd->params[i]);
		}
	} else if (leftmost_pat(bd->pat)->kind == ZC_P_VAR) {
		/* `let ( op ), y = ...` would name a function ( op ) */
		emit(u, "(");
		pr_pat(u, bd->pat, PL_OR);
		emit(u, ")");
	} else {
		pr_pat(u, bd->pat, PL_TUPLE);
	}
	if (bd->ret_type) {
		emit(u, " : ");
		pr_type(u, bd->ret_type);
	}
	emit(u, " =");
	pr_body(u, bd->body, 0);
}

/* `val f : x:_ -> #n:_ -> _ -> T`: binder names kept, domains not */
static void pr_sig(struct up *u, const struct zc_binding *bd)
{
	const struct zc_sig *s = bd->sig;

	emit(u, "val ");
	emit_name(u, bd->pat->u.name);
	emit(u, " :");
	for (size_t i = 0; i < s->nimplicits; i++) {
		emit(u, " #");
		emit(u, s->implicits[i]);
		emit(u, ":_ ->");
	}
	for (size_t i = 0; i < s->n; i++) {
		emit(u, " ");
		if (s->names[i]) {
			emit(u, s->names[i]);
			emit(u, ":");
		}
		emit(u, "_ ->");
	}
	emit(u, " ");
	if (s->ret)
		pr_type(u, s->ret);
	else
		emit(u, "_");
	emit(u, "\n");
}

static void pr_typedef(struct up *u, const struct zc_typedef *t)
{
	emit(u, t->name);
	switch (t->form) {
	case ZC_TY_ABBREV:
		break;
	case ZC_TY_RECORD:
		emit(u, " = {");
		for (size_t i = 0; i < t->nfields; i++) {
			emit(u, i ? "; " : " ");
			emit(u, t->fields[i]);
			emit(u, " : _");
		}
		emit(u, " }");
		break;
	case ZC_TY_VARIANT:
		emit(u, " =");
		for (size_t i = 0; i < t->nctors; i++) {
			const struct zc_ctor *c = &t->ctors[i];

			emit(u, "\n  | ");
			emit(u, c->name);
			if (c->arity == 1) {
				emit(u, " of _");
			} else if (c->arity) {
				emit(u, " :");
				for (size_t k = 0; k < c->arity; k++)
					emit(u, " _ ->");
				emit(u, " ");
				emit(u, t->name);
			}
		}
		break;
	}
}

static void pr_decl(struct up *u, const struct zc_decl *d)
{
	size_t i;

	switch (d->kind) {
	case ZC_D_OPEN:
		emit(u, "open ");
		emit(u, d->u.open.module);
		break;
	case ZC_D_ALIAS:
		emit(u, "module ");
		emit(u, d->u.alias.alias);
		emit(u, " = ");
		emit(u, d->u.alias.module);
		break;
	case ZC_D_LET:
		/* each val goes to the latest unused one of its name, so
		 * vals of one name are written last binding first */
		for (i = d->u.let.nbinds; i--;)
			if (d->u.let.binds[i].sig)
				pr_sig(u, &d->u.let.binds[i]);
		emit(u, d->u.let.rec ? "let rec " : "let ");
		for (i = 0; i < d->u.let.nbinds; i++) {
			if (i) {
				nl(u);
				emit(u, "and ");
			}
			pr_binding(u, &d->u.let.binds[i]);
		}
		break;
	case ZC_D_TYPE:
		emit(u, "type ");
		for (i = 0; i < d->u.type.n; i++) {
			if (i)
				emit(u, "\nand ");
			pr_typedef(u, &d->u.type.types[i]);
		}
		break;
	}
	emit(u, "\n");
}

static void done(struct up *u)
{
	zc_arena_free(u->arena);
	u->arena = NULL;
}

static int is_paragraph(const struct zc_decl *d)
{
	return d->kind == ZC_D_LET || d->kind == ZC_D_TYPE;
}

void zc_unparse_module(struct zen_buf *b, const struct zc_module *m)
{
	struct up u = { b, 0, 0, NULL };

	if (m->module_name) {
		emit(&u, "module ");
		emit(&u, m->module_name);
		emit(&u, "\n\n");
	}
	for (size_t i = 0; i < m->ndecls; i++) {
		/* a paragraph per let or type; opens and aliases together */
		if (i && (is_paragraph(&m->decls[i]) ||
			  is_paragraph(&m->decls[i - 1])))
			emit(&u, "\n");
		pr_decl(&u, &m->decls[i]);
	}
	done(&u);
}

void zc_unparse_expr(struct zen_buf *b, const struct zc_expr *e,
		     unsigned indent)
{
	struct up u = { b, indent, 0, NULL };

	pr_expr(&u, e, LV_TERM, 0);
	done(&u);
}

void zc_unparse_pat(struct zen_buf *b, const struct zc_pat *p)
{
	struct up u = { b, 0, 0, NULL };

	pr_pat(&u, p, PL_OR);
	done(&u);
}
