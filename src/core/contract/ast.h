/*
 * ast.h - the abstract syntax tree of a ZF* contract, as produced by the
 * front end (lexer.c, parser.c).  This header is the contract between the
 * front end and the evaluator: everything the evaluator needs is here, and
 * everything evaluation may ignore (types, proofs, implicit arguments)
 * is already gone from the tree, except the few declared types and counts
 * kept on the side for the cost accounting (see "Erased things" below).
 * Reference: contracts.md of the project reference docs section 3 ("the
 * ZF* language subset").
 *
 * Memory
 * ------
 * Every node, string and array of one parse lives in one arena owned by the
 * struct zc_module; zc_module_free() releases all of it at once.  Nodes are
 * immutable after parsing; the evaluator may keep pointers into the tree as
 * long as the module lives.  Strings are NUL-terminated and never NULL
 * unless a field says so.
 *
 * Positions
 * ---------
 * Every expression, pattern, binding and declaration carries pos: 1-based
 * line and 1-based column (in bytes, a tab counts as one) of its first
 * token.  Operator applications carry the position of the operator.
 *
 * Depth
 * -----
 * The parser refuses input whose tree would be deeper than ZC_MAX_DEPTH
 * (counting expression and pattern nodes along any path), so a recursive
 * evaluator or printer needs at most ZC_MAX_DEPTH nested calls per tree
 * level it walks.
 *
 * Names
 * -----
 * A name is the source spelling, module prefix included: "x", "hd'",
 * "U64.v", "Zen.TxSkeleton.mint", "RT.ok".  Module aliases are NOT resolved
 * (`module RT = Zen.ResultT` is a ZC_D_ALIAS declaration; resolving "RT.ok"
 * through it, and through `open`/`let open`, is the evaluator's job, 3.6).
 * Operators are names too: the symbol itself (">>=", "|>", "+^", "=",
 * "<>", "&&"), never the op_ spelling.  Unary minus is the name "~-" (F*'s
 * op_Minus; binary minus is "-", F*'s op_Subtraction).  A prefix operator
 * such as `!x` is APP(VAR "!", x).
 *
 * Constructors (capitalized names: "Some", "PK", "Zen.Types.Mint", "U64")
 * are ZC_E_CON in expressions and ZC_P_CON in patterns; they are curried
 * functions when applied (`Some @ x`, `OK v`, `Cons <$> ...`).  A
 * capitalized path that is really a module (as in `U64.v`) never appears
 * alone: `U64.v` is one VAR.  `Cons`/`Nil` may appear as plain names;
 * `::` and `[..]` get their own nodes (below).
 *
 * Erased things and type tokens
 * -----------------------------
 * Dropped from evaluation: `val` declarations, every type annotation
 * ((x : T), e <: T, return types, refinements {phi}), implicit binders
 * (#a, (#n:nat), #_), implicit arguments (f #nat x is APP(f, x)),
 * `begin`/`end` and parentheses, attributes [@...] and qualifiers
 * (unfold, private, noeq, inline_for_extraction, ...).
 * Kept on the side for the cost accounting only (contracts.md 1.8, 1.10;
 * evaluation never looks at them, see eval.h COST INDEXES): the declared
 * types that may carry a cost index, as type expressions parsed by the
 * expression grammar (``a `cost` n`` is APP(VAR "cost", [a, n]); a
 * parenthesized type is its codomain, `(cost a (n + 1))`):
 *   - zc_expr.ascribed: T of `e <: T` and `(e : T)` (the outermost one);
 *   - zc_binding.ret_type: T of `let f x : T = ...`;
 *   - zc_binding.sig: the `val f : x:T1 -> #n:T2 -> ... -> T` that
 *     precedes a top-level binding of the same name;
 *   - zc_binding.implicits: the names of the binding's implicit binders;
 *   - zc_expr.nimplicit: the implicit arguments (`#x`) an application
 *     had (the elaborator counts them, 1.10).
 * Kept as values: a type passed as an explicit argument, as in
 * `cast nat x` or `retype (option U64.t) y`, is an ordinary expression
 * (VAR "nat", APP(VAR "option", VAR "U64.t")).  The evaluator must bind
 * every name that denotes a type (Prims: int nat pos bool string unit list
 * option result ...; Zulib: U64.t, dictionary, ...; the module's own types,
 * listed in its ZC_D_TYPE declarations) to an erased token, and applying
 * an erased token to anything must give the erased token.  `_` in
 * expression position is ZC_E_ERASED.
 *
 * Desugarings done here
 * ---------------------
 *   a OP b            APP(VAR OP, [a, b])      (OP looked up by scope!)
 *   a `f` b           APP(f, [a, b])           (f a VAR, possibly qualified)
 *   -e                APP(VAR "~-", [e]); `-5`, `-5L` are INT literals
 *   [a; b]            LIST [a, b]              (empty list: LIST [])
 *   a :: b            CONS(a, b)
 *   begin e end, (e)  e
 *   if c then a       IF(c, a, UNIT)
 *   function | ...    FUN([VAR "%function"], MATCH(VAR "%function", ...))
 *   let f x y = e     binding with params [x, y] (= let f = fun x y -> e)
 *   { f; g = e }      RECORD [f = VAR f, g = e] (field punning; also in
 *                     record patterns: { f } binds f)
 *   f #i a            APP(f, [a]) with nimplicit 1 (`f #i` alone: the
 *                     node of f, with nimplicit 1)
 * Left to the evaluator (3.5): `let!` is ZC_E_LETBANG, meaning
 * Zen.Cost.letBang rhs (fun pat -> body) whatever is in scope; `if!` is
 * ZC_E_IF with bang set (Zen.Cost.ifBang); `{ r with f = e }` is a
 * RECORD with base r; `let open M in e` is ZC_E_LETOPEN.
 *
 * Not accepted (the parser reports them; see parser.h and the list of
 * man/zen-contracts.7): `;` and `;;` sequencing, `when` guards, `try`,
 * effects, exceptions, `assume`, pragmas, bytearray literals, array
 * literals `[| |]`, and binding a name that starts with get_ or set_.
 */
#ifndef ZEN_CONTRACT_AST_H
#define ZEN_CONTRACT_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/base/buf.h"

/* Limits: input size in bytes, and nesting depth: both the parser's
 * recursion levels (about three per parenthesis or bracket, one per
 * chained let/let!/match, so ~330 nested parentheses) and the depth of
 * the resulting tree (so a left-nested chain `a + b + ...` of more than
 * ~1000 operators is refused too). */
#define ZC_MAX_SOURCE (512u * 1024u)
#define ZC_MAX_DEPTH 1000

/* ---- arena ---------------------------------------------------------- */

struct zc_arena;

struct zc_arena *zc_arena_new(void);
/* Zeroed, 16-byte aligned memory; aborts on exhaustion like zen_xmalloc. */
void *zc_arena_alloc(struct zc_arena *a, size_t n);
char *zc_arena_strndup(struct zc_arena *a, const char *s, size_t n);
/* Bytes handed out so far. */
size_t zc_arena_used(const struct zc_arena *a);
void zc_arena_free(struct zc_arena *a);

/* ---- literals ------------------------------------------------------- */

struct zc_pos {
	uint32_t line, col;
};

/* Integer literal kinds by suffix (3.1). */
enum zc_int_kind {
	ZC_INT_INT,	/* no suffix: Prims int, range-checked to int64 */
	ZC_INT_U8,	/* uy */
	ZC_INT_U16,	/* us */
	ZC_INT_U32,	/* ul */
	ZC_INT_U64,	/* UL */
	ZC_INT_I8,	/* y */
	ZC_INT_I16,	/* s */
	ZC_INT_I32,	/* l */
	ZC_INT_I64,	/* L */
};

/*
 * The value of an integer literal, already range-checked for its kind.
 * Unsigned kinds: value in u.  Signed kinds and ZC_INT_INT: value in i
 * (negative literals come from a unary minus written directly before the
 * digits, `-5`, `-128y`).  Prims int literals outside int64 are refused by
 * the parser: at run time Prims int is a checked int64 anyway (3.8).
 */
struct zc_int {
	enum zc_int_kind kind;
	union {
		uint64_t u;
		int64_t i;
	} v;
	/* `-` written before an int or unsigned literal: folded here, but
	 * F*'s mk_uminus folds only signed sized ones (-5L), so for the
	 * elaborator it is Op ("-", [lit]), one argument */
	bool minus_op;
};

static inline bool zc_int_kind_signed(enum zc_int_kind k)
{
	return k == ZC_INT_INT || k >= ZC_INT_I8;
}

/* Byte string (string literals: escapes already decoded, may hold NUL). */
struct zc_bytes {
	const uint8_t *data;
	size_t len;
};

/* ---- patterns ------------------------------------------------------- */

enum zc_pat_kind {
	ZC_P_WILD,	/* _ */
	ZC_P_VAR,	/* u.name: binds it */
	ZC_P_INT,	/* u.lit_int */
	ZC_P_STRING,	/* u.str */
	ZC_P_BOOL,	/* u.b */
	ZC_P_UNIT,	/* () */
	ZC_P_CON,	/* u.con: constructor with 0..n argument patterns */
	ZC_P_TUPLE,	/* u.items (n >= 2) */
	ZC_P_LIST,	/* u.items: [p1; p2] (n >= 0; [] is n = 0) */
	ZC_P_CONS,	/* u.cons: hd :: tl */
	ZC_P_RECORD,	/* u.record: partial record, fields in source order */
	ZC_P_OR,	/* u.items: alternatives, first match wins */
};

struct zc_pat {
	enum zc_pat_kind kind;
	struct zc_pos pos;
	uint32_t depth;		/* 1 + deepest child */
	/* annotated `(p : T)` with a T that may constrain it (a refinement
	 * or an arrow in it, not kept) */
	bool refined;
	union {
		const char *name;
		struct zc_int lit_int;
		struct zc_bytes str;
		bool b;
		struct {
			const char *name;
			struct zc_pat **args;
			size_t nargs;
		} con;
		struct {
			struct zc_pat **items;
			size_t n;
		} items;
		struct {
			struct zc_pat *hd, *tl;
		} cons;
		struct {
			const char **fields;	/* last component of the name */
			struct zc_pat **pats;
			size_t n;
		} record;
	} u;
};

/* ---- expressions ---------------------------------------------------- */

enum zc_expr_kind {
	ZC_E_VAR,	/* u.name: value or operator name, maybe qualified */
	ZC_E_CON,	/* u.name: constructor, maybe qualified */
	ZC_E_INT,	/* u.lit_int */
	ZC_E_STRING,	/* u.str */
	ZC_E_BOOL,	/* u.b */
	ZC_E_UNIT,	/* () */
	ZC_E_ERASED,	/* `_` as a term */
	ZC_E_APP,	/* u.app: fn applied to nargs >= 1 args, left to right */
	ZC_E_TUPLE,	/* u.items, n >= 2 */
	ZC_E_LIST,	/* u.items, n >= 0 */
	ZC_E_CONS,	/* u.cons: hd :: tl */
	ZC_E_RECORD,	/* u.record: { f = e; ... } or { base with f = e; ... } */
	ZC_E_PROJ,	/* u.proj: e.field */
	ZC_E_FUN,	/* u.fun: fun p1 .. pn -> body (n >= 1) */
	ZC_E_LET,	/* u.let: let [rec] b1 and b2 ... in body */
	ZC_E_LETBANG,	/* u.letbang: let! pat = rhs in body (Cost bind) */
	ZC_E_LETOPEN,	/* u.letopen: let open M in body */
	ZC_E_IF,	/* u.if_: if c then a else b (b is UNIT if absent);
			   if! c ... when u.if_.bang */
	ZC_E_MATCH,	/* u.match: match scrut with branches, top to bottom */
};

struct zc_expr;

/*
 * The signature of a top-level `val f : T`, kept for its cost index.  T is
 * an arrow type d1 -> ... -> dk -> C.  names[i] is the binder name of the
 * i-th explicit domain (`x:T` or `(x:T)`; NULL when it has none), n their
 * count; implicit domains (`#n:nat`, `(#a:Type)`) are not counted, their
 * names are in implicits.  ret is C (NULL if it could not be kept).
 * types[i] is the type of the i-th explicit domain (`T` of `x:T`, `(x:T)`
 * or a bare `T`): an implicit binder is bound by the cost index of the
 * argument whose type is `cost T n` (eval.h COST INDEXES).  Domains
 * inside a parenthesized codomain are not seen.
 */
struct zc_sig {
	struct zc_pos pos;
	const char **names;
	const struct zc_expr **types;
	size_t n;
	const char **implicits;
	size_t nimplicits;
	const struct zc_expr *ret;
	/* written as an arrow abbreviation (`val main : entry 5`): ret is
	 * its codomain, whose index sees via's parameters bound to the
	 * arguments of via_type (the type written); NULL otherwise */
	const struct zc_typedef *via;
	const struct zc_expr *via_type;
};

/*
 * One binding of a let (top level or local).  Functions: nparams >= 1,
 * pat is ZC_P_VAR naming the function (an operator definition
 * `let (>>=) a b = ...` gives the name ">>="), and the bound value is
 * `fun params -> body`.  Values: nparams = 0, pat is any pattern
 * (`let x = e`, `let (a, b) = e`, `let { f = x } = e`).  In a `let rec`
 * group every pat is a ZC_P_VAR and all names are in scope in all bodies.
 */
struct zc_binding {
	struct zc_pos pos;
	struct zc_pat *pat;
	struct zc_pat **params;
	size_t nparams;
	struct zc_expr *body;
	/* Declared types (cost accounting only, see above): the return type
	 * written on the binding (NULL if none); for a top-level binding the
	 * `val` of the same name before it (NULL if none); the names of the
	 * implicit binders among the params (`#n`, `(#a #b : Type)`). */
	const struct zc_expr *ret_type;
	/* the return type holds a refinement or an arrow (not kept) */
	bool ret_constrains;
	const struct zc_sig *sig;
	const char **implicits;
	size_t nimplicits;
	/* the declared type of each param, `T` of `(x : T)` or `(x y : T)`
	 * (NULL where none or an arrow; the array is NULL without params):
	 * an implicit binder `#n` in ret_type's index is the cost of the
	 * param whose type is `cost U n` */
	const struct zc_expr **param_types;
};

struct zc_branch {
	struct zc_pat *pat;
	struct zc_expr *body;
};

struct zc_expr {
	enum zc_expr_kind kind;
	struct zc_pos pos;
	uint32_t depth;		/* 1 + deepest child (patterns included) */
	uint32_t nimplicit;	/* implicit arguments `#x` dropped (above) */
	/* those arguments, in source order (NULL when none): they count
	 * as the elaborator counts any argument, and one given for a
	 * `val`'s implicit cost binder is the cost of the argument of that
	 * index (resolve.c) */
	struct zc_expr **implicit_args;
	/* a type followed by a refinement `{ ... }` (the refinement itself
	 * is not kept), or a type operand holding one or an arrow not kept
	 * (`(x:nat{x > 0} -> U)`): it may constrain its values */
	bool refined;
	/* T of `e <: T` or `(e : T)` (cost accounting only), else NULL */
	const struct zc_expr *ascribed;
	union {
		const char *name;
		struct zc_int lit_int;
		struct zc_bytes str;
		bool b;
		struct {
			struct zc_expr *fn;
			struct zc_expr **args;
			size_t nargs;
		} app;
		struct {
			struct zc_expr **items;
			size_t n;
		} items;
		struct {
			struct zc_expr *hd, *tl;
		} cons;
		struct {
			struct zc_expr *base;	/* NULL: construction */
			const char **fields;	/* last component of the name */
			struct zc_expr **values;
			size_t n;
		} record;
		struct {
			struct zc_expr *e;
			const char *field;
		} proj;
		struct {
			struct zc_pat **params;
			size_t nparams;
			struct zc_expr *body;
		} fun;
		struct {
			bool rec;
			struct zc_binding *binds;
			size_t nbinds;
			struct zc_expr *body;
		} let;
		struct {
			struct zc_pat *pat;
			struct zc_expr *rhs, *body;
		} letbang;
		struct {
			const char *module;	/* as written, alias not resolved */
			struct zc_expr *body;
		} letopen;
		struct {
			struct zc_expr *cond, *then_, *else_;
			bool bang;	/* if!: cond is a cost bool */
		} if_;
		struct {
			struct zc_expr *scrut;
			struct zc_branch *branches;
			size_t n;	/* >= 1 */
		} match;
	} u;
};

/* ---- declarations --------------------------------------------------- */

enum zc_decl_kind {
	ZC_D_OPEN,	/* u.open: open M */
	ZC_D_ALIAS,	/* u.alias: module A = M.N */
	ZC_D_LET,	/* u.let: top-level let [rec] ... and ... */
	ZC_D_TYPE,	/* u.type: type t1 ... and t2 ... */
};

enum zc_type_form {
	ZC_TY_ABBREV,	/* type t ... = T (also refinements, parameterized) */
	ZC_TY_RECORD,	/* type t = { f1 : T1; ... } */
	ZC_TY_VARIANT,	/* type t = | A | B of T | C : T1 -> T2 -> t */
};

struct zc_ctor {
	const char *name;
	/* Explicit arguments: 0 for `| A`, 1 for `| B of T` (a tuple type is
	 * one argument), the number of explicit arrows for `| C : T1 -> t`. */
	size_t arity;
	struct zc_pos pos;
	/* the binder names of `| C : x:T1 -> y:T2 -> t` (arity of them,
	 * NULL where a domain has none; NULL for the other forms): F* names
	 * C's projectors after them (C?.x) */
	const char **fields;
};

struct zc_typedef {
	const char *name;	/* a type name: bind it to an erased token */
	struct zc_pos pos;
	enum zc_type_form form;
	const char **fields;	/* ZC_TY_RECORD */
	size_t nfields;
	struct zc_ctor *ctors;	/* ZC_TY_VARIANT */
	size_t nctors;
	/* ZC_TY_ABBREV: the type it stands for (NULL: an abstract type or an
	 * arrow), kept for its cost index, and the names of the type's
	 * parameters in order (NULL for `_`) */
	const struct zc_expr *abbrev;
	const char **params;
	size_t nparams;
	/* a refinement in its definition, or an arrow or abstract type: it
	 * may constrain its values in ways zen does not see */
	bool refined;
	/* ZC_TY_ABBREV of an arrow type (`type costFn = txSkeleton -> ... ->
	 * nat `cost` 4`): its domains and codomain, for the vals written
	 * with it (`val cf : costFn`); NULL otherwise */
	const struct zc_sig *arrow;
};

struct zc_decl {
	enum zc_decl_kind kind;
	struct zc_pos pos;
	union {
		struct {
			const char *module;
		} open;
		struct {
			const char *alias, *module;
		} alias;
		struct {
			bool rec;
			struct zc_binding *binds;
			size_t nbinds;
		} let;
		struct {
			struct zc_typedef *types;
			size_t n;
		} type;
	} u;
};

/* A parsed contract: its declarations in source order. */
struct zc_module {
	struct zc_decl *decls;
	size_t ndecls;
	/* `module X` first line, only with ZC_PARSE_ALLOW_MODULE_LINE; NULL
	 * when absent. */
	const char *module_name;
	struct zc_arena *arena;	/* owns everything above */
};

void zc_module_free(struct zc_module *m);

/*
 * The last top-level binding whose pattern is the variable name (later
 * declarations shadow earlier ones), or NULL.
 */
const struct zc_binding *zc_module_find(const struct zc_module *m,
					const char *name);

/* The last component of a dotted name ("Zen.Types.PK" -> "PK"). */
const char *zc_name_last(const char *name);

/* The type abbreviation the type t applies (`t` or `t a1 .. an`): the
 * last of tds[0..n) of its name, when it takes n arguments; else NULL. */
const struct zc_typedef *zc_typedef_applied(const struct zc_typedef *const *tds,
					    size_t n, const struct zc_expr *t);

/*
 * The syntactic arity of a binding: its params plus the params of `fun`s
 * directly in its body (`let main = fun a b -> ...`).  Activation checks
 * main = 8, cf = 7 (1.10) with this.
 */
size_t zc_binding_arity(const struct zc_binding *b);

/* ---- printing (S-expressions, used by the tests and tools) ----------- */

/*
 * Formats (one line, single spaces):
 *   VAR/CON  name            INT  5, -5, 10ul, 4294967296UL
 *   STRING   "a\"b\n"        BOOL true   UNIT ()   ERASED _
 *   APP      (f a b)         operators: (>>= (|> x f) g)
 *   TUPLE    (tuple a b)     LIST (list a b)   CONS (:: a b)
 *   RECORD   (record (f e) (g e))   update: (with r (f e))
 *   PROJ     (. e f)
 *   FUN      (fun (p1 p2) body)
 *   LET      (let (x e) body); function: (let (f (x y) e) body);
 *            rec: (let rec (f (x) e) (g (y) e) body)
 *   LETBANG  (let! p e body)      LETOPEN (open M body)
 *   IF       (if c a b)           MATCH (match s (p e) (p e))
 * Patterns: _, x, literals, Bull, (Some x), (tuple p q), (list p q),
 *   (:: h t), (record (f p)), (| p q).
 * Declarations, one per line: (open M), (alias A M),
 *   (def x e), (def f (x y) e), (def rec (f (x) e) (g (y) e)),
 *   (type t abbrev), (type t record f g), (type t variant (A 0) (B 1)).
 */
void zc_print_expr(struct zen_buf *b, const struct zc_expr *e);
void zc_print_pat(struct zen_buf *b, const struct zc_pat *p);
void zc_print_module(struct zen_buf *b, const struct zc_module *m);

#endif
