/*
 * Unit tests of the ZF* source printer (src/core/contract/unparse.c).
 *
 * Round trip: for every contract of tests/contracts and for snippets that
 * cover every node kind, every operator class and the precedence traps,
 * parse, unparse and parse again; the two trees must print the same
 * S-expressions (ast.h, the canonical form) and carry the same side fields
 * the S-expressions leave out (ascriptions, return types, val signatures,
 * implicit binders and implicit argument counts), compared by a walker
 * written here.  Exact texts written by hand check what a round trip
 * cannot see: layout, minimal parentheses, spelling of literals.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/contract/parser.h"
#include "core/contract/unparse.h"
#include "tap.h"

/* a test name: the source on one line, at most 60 characters */
static const char *name_of(const char *src)
{
	static char buf[64];
	size_t i;

	for (i = 0; src[i] && i < sizeof(buf) - 1; i++)
		buf[i] = src[i] == '\n' || (unsigned char)src[i] < 0x20 ||
			 (unsigned char)src[i] >= 0x7f || src[i] == '#' ?
			 '.' : src[i];
	buf[i] = 0;
	return buf;
}

/* ---- the side fields, which zc_print_* leaves out ------------------- */

static void side_expr(struct zen_buf *b, const struct zc_expr *e);

static void side_type(struct zen_buf *b, const char *what,
		      const struct zc_expr *t)
{
	zen_buf_addf(b, " %s:", what);
	if (!t) {
		zen_buf_addstr(b, "null");
		return;
	}
	zc_print_expr(b, t);
	side_expr(b, t);
}

static void side_binding(struct zen_buf *b, const struct zc_binding *bd)
{
	size_t i;

	zen_buf_addstr(b, " [bind");
	side_type(b, "ret", bd->ret_type);
	for (i = 0; i < bd->nimplicits; i++)
		zen_buf_addf(b, " #%s", bd->implicits[i]);
	if (bd->sig) {
		zen_buf_addf(b, " sig %zu:", bd->sig->n);
		for (i = 0; i < bd->sig->n; i++)
			zen_buf_addf(b, " %s", bd->sig->names[i] ?
				     bd->sig->names[i] : "_");
		for (i = 0; i < bd->sig->nimplicits; i++)
			zen_buf_addf(b, " #%s", bd->sig->implicits[i]);
		side_type(b, "cod", bd->sig->ret);
	}
	side_expr(b, bd->body);
	zen_buf_addch(b, ']');
}

static void side_list(struct zen_buf *b, struct zc_expr *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		side_expr(b, v[i]);
}

static void side_expr(struct zen_buf *b, const struct zc_expr *e)
{
	size_t i;

	zen_buf_addch(b, '(');
	if (e->nimplicit)
		zen_buf_addf(b, "#%u", (unsigned)e->nimplicit);
	if (e->ascribed)
		side_type(b, "asc", e->ascribed);
	switch (e->kind) {
	case ZC_E_APP:
		side_expr(b, e->u.app.fn);
		side_list(b, e->u.app.args, e->u.app.nargs);
		break;
	case ZC_E_TUPLE:
	case ZC_E_LIST:
		side_list(b, e->u.items.items, e->u.items.n);
		break;
	case ZC_E_CONS:
		side_expr(b, e->u.cons.hd);
		side_expr(b, e->u.cons.tl);
		break;
	case ZC_E_RECORD:
		if (e->u.record.base)
			side_expr(b, e->u.record.base);
		side_list(b, e->u.record.values, e->u.record.n);
		break;
	case ZC_E_PROJ:
		side_expr(b, e->u.proj.e);
		break;
	case ZC_E_FUN:
		side_expr(b, e->u.fun.body);
		break;
	case ZC_E_LET:
		for (i = 0; i < e->u.let.nbinds; i++)
			side_binding(b, &e->u.let.binds[i]);
		side_expr(b, e->u.let.body);
		break;
	case ZC_E_LETBANG:
		side_expr(b, e->u.letbang.rhs);
		side_expr(b, e->u.letbang.body);
		break;
	case ZC_E_LETOPEN:
		side_expr(b, e->u.letopen.body);
		break;
	case ZC_E_IF:
		side_expr(b, e->u.if_.cond);
		side_expr(b, e->u.if_.then_);
		side_expr(b, e->u.if_.else_);
		break;
	case ZC_E_MATCH:
		side_expr(b, e->u.match.scrut);
		for (i = 0; i < e->u.match.n; i++)
			side_expr(b, e->u.match.branches[i].body);
		break;
	default:
		break;
	}
	zen_buf_addch(b, ')');
}

static void side_module(struct zen_buf *b, const struct zc_module *m)
{
	for (size_t i = 0; i < m->ndecls; i++)
		if (m->decls[i].kind == ZC_D_LET)
			for (size_t j = 0; j < m->decls[i].u.let.nbinds; j++)
				side_binding(b, &m->decls[i].u.let.binds[j]);
}

/* ---- round trips ---------------------------------------------------- */

/* S-expression and side fields of a module, or of an expression */
static void full_module(struct zen_buf *b, const struct zc_module *m)
{
	zc_print_module(b, m);
	zen_buf_addstr(b, "side:");
	side_module(b, m);
	if (m->module_name)
		zen_buf_addf(b, " module %s", m->module_name);
}

static void full_expr(struct zen_buf *b, const struct zc_expr *e)
{
	zc_print_expr(b, e);
	zen_buf_addstr(b, " side:");
	side_expr(b, e);
}

/*
 * Parse src as a module, unparse it, parse that: both must parse and give
 * the same tree.  The unparsed text is left in text (if not NULL).
 */
static void rt_module(const char *src, size_t len, const char *name,
		      unsigned flags, struct zen_buf *text)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_module *m = NULL, *m2 = NULL;
	struct zen_buf out = ZEN_BUF_INIT, a = ZEN_BUF_INIT, b = ZEN_BUF_INIT;

	if (!tap_ok(zc_parse(src, len, "c.fst", flags, &m, &err) == 0,
		    "%s parses: %s", name, err.msg))
		return;
	zc_unparse_module(&out, m);
	full_module(&a, m);
	if (tap_ok(zc_parse((const char *)out.data, out.len, "u.fst", flags,
			    &m2, &err) == 0,
		   "%s: its unparsed text parses: %s", name, err.msg)) {
		full_module(&b, m2);
		tap_str(zen_buf_str(&b), zen_buf_str(&a),
			"%s: parses back to the same tree", name);
	} else {
		tap_diag("unparsed text:\n%s", zen_buf_str(&out));
	}
	if (text) {
		zen_buf_reset(text);
		zen_buf_add(text, out.data, out.len);
	}
	zc_module_free(m);
	zc_module_free(m2);
	zen_buf_release(&out);
	zen_buf_release(&a);
	zen_buf_release(&b);
}

static void rt_expr(const char *src, struct zen_buf *text)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_arena *ar = NULL, *ar2 = NULL;
	struct zc_expr *e, *e2;
	struct zen_buf out = ZEN_BUF_INIT, a = ZEN_BUF_INIT, b = ZEN_BUF_INIT;

	if (!tap_ok(zc_parse_expr(src, strlen(src), "t.fst", &ar, &e,
				  &err) == 0,
		    "expr parses: %s: %s", name_of(src), err.msg))
		return;
	zc_unparse_expr(&out, e, 0);
	full_expr(&a, e);
	if (tap_ok(zc_parse_expr((const char *)out.data, out.len, "u.fst",
				 &ar2, &e2, &err) == 0,
		   "expr round trip parses: %s: %s", name_of(src), err.msg)) {
		full_expr(&b, e2);
		tap_str(zen_buf_str(&b), zen_buf_str(&a),
			"expr round trip: %s", name_of(src));
	} else {
		tap_diag("unparsed text:\n%s", zen_buf_str(&out));
	}
	if (text) {
		zen_buf_reset(text);
		zen_buf_add(text, out.data, out.len);
	}
	zc_arena_free(ar);
	zc_arena_free(ar2);
	zen_buf_release(&out);
	zen_buf_release(&a);
	zen_buf_release(&b);
}

/* round trip, and the unparsed text must be exactly want */
static void E(const char *src, const char *want)
{
	struct zen_buf t = ZEN_BUF_INIT;

	rt_expr(src, &t);
	tap_str(zen_buf_str(&t), want, "unparse: %s", name_of(src));
	zen_buf_release(&t);
}

static void M(const char *src, const char *want)
{
	struct zen_buf t = ZEN_BUF_INIT;

	rt_module(src, strlen(src), name_of(src), 0, &t);
	if (want)
		tap_str(zen_buf_str(&t), want, "unparse module: %s",
			name_of(src));
	zen_buf_release(&t);
}

/* ---- cases ---------------------------------------------------------- */

static void test_precedence(void)
{
	static const char *const rt[] = {
		"a || b && c", "(a || b) && c", "a && b = c", "(a && b) = c",
		"a = b $> c", "(a = b) $> c", "a $> b @ c", "a @ b + c",
		"(a @ b) + c", "a + b :: c", "(a + b) :: c", "a :: b * c",
		"(a :: b) * c", "a * b `f` c", "(a * b) `f` c",
		"a `f` b ** c", "(a `f` b) ** c", "a ** b ** c",
		"(a ** b) ** c", "a @ b @ c", "(a @ b) @ c", "a ^ b ^ c",
		"(a ^ b) ^ c", "a :: b :: c", "(a :: b) :: c",
		"a - b - c", "a - (b - c)", "a / (b * c)", "a * b / c",
		"a = (b = c)", "(a = b) = c", "x |> f |> g", "x |> (f |> g)",
		"a <> b || c <= d && e >= f", "a < b", "a > b",
		"a +^ b -%^ c *%^ d /^ e %^ f", "a \\/ b /\\ c",
		"m >>= f >>= g", "m >>= (fun x -> f x >>= g)",
		"m >!= f >?= g", "x $> f", "a |> b = c",
		"- x", "- f x", "- x * y", "(- x) * y", "a * (- b) * c",
		"a * - b", "- (5)", "- (5 :: l)", "- -5", "-5 + -x",
		"- (- x)", "f (- x)", "(- x) :: l", "a - -1", "-1 + a",
		"~- x", "!x", "!(f x)", "!(!x)", "f !x y", "(!x) y",
		"(f x) y", "f (x y)", "f x y", "((f x) y) z", "f (g x) y",
		"a `f` b `f` c", "a `f` (b `f` c)", "(g x) `f` y",
		"a `M.f` b", "a `Some` b", "(+) a", "( * ) a b", "(=) a b",
		"(+) a b c", "(!) a b", "(~-) a b", "(-) a",
		"f (if c then a else b) x", "f (fun x -> x)",
		"f x (fun y -> y)", "map (fun x -> x + 1) l",
		"g (match x with | A -> 1 | B -> 2) y", "f (a, b) [c]",
		"f ({ a = 1 })", "f (-1)", "f (-x)", "f ({ r with a = 1 }) x",
	};

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(rt); i++)
		rt_expr(rt[i], NULL);
}

static void test_nodes(void)
{
	static const char *const rt[] = {
		/* literals */
		"0uy", "255uy", "0us", "65535us", "0ul", "4294967295ul",
		"0UL", "18446744073709551615UL", "127y", "-128y", "32767s",
		"-32768s", "2147483647l", "-2147483648l",
		"9223372036854775807L", "-9223372036854775808L",
		"9223372036854775807", "-9223372036854775808", "0x1F", "-0",
		"-0ul", "\"\"", "\"a\\\"b\\n\\t\\r\\x00\\x7f\\\\ c\\255\"",
		"\"\\u0041\\'\\b\\f\\v\\0\\1234\"", "\"(* not a comment *)\"",
		"true", "false", "()", "_", "f _ ()",
		/* names */
		"x", "Some", "Zen.Types.Mint", "U64.v", "x'", "_x",
		/* collections */
		"(a, b, c)", "((a, b), c)", "(a, (b, c))", "[a; b; c]", "[]",
		"[a, b; c]", "[[a]; []]", "a :: b :: []",
		"{ f = 1; g = x + 1 }", "{ r with f = 1 }",
		"{ f r with g = 1; h = 2 }", "{ a = (match x with | A -> 1); b = 2 }",
		"{ a = (fun x -> x); b = if c then d else let y = 1 in y }",
		"{ a = if c then (let y = 1 in y) else d; b = 2 }",
		"[ (let x = 1 in x); 2 ]", "[fun x -> x]", "[1; let x = 1 in x]",
		"{ x.match = 1 }", "{ a.B = 1 }", "{ r with M.f = 1 }",
		/* projections */
		"x.f", "x.f.g", "(f x).g", "A.b.c", "(x)._f", "(x.f)._g.h",
		"(Some x).f", "[1].f", "\"s\".len", "().f", "x.match.f",
		"((+)).f", "(x.f #a).g", "(_).f", "(true).f", "(!x).f",
		"(1).f", "x.Foo.bar", "(x).f.g",
		/* functions and lets */
		"fun x -> x", "fun (a, b) (Some x) [] -> a", "fun (-1) -> 0",
		"fun #a x -> x", "fun (x y : int) -> x",
		"function | A -> 1 | B -> 2",
		"function | A -> (function | B -> 1) | C -> (fun x -> x)",
		"fun x -> function | A -> x",
		"let x = 1 in x", "let rec f x = f x and g y = g y in f",
		"let (a, b) = p in a", "let _ = p in 1", "let Some x = p in x",
		"let x, y = p in x", "let h :: t = l in h",
		"let ((+%), y) = p in y",
		"let f (x:int) #a : nat = x in f", "let f #a #b = 1 in f",
		"let f (#a #cost : Type) x = x in f",
		"let f x : cost nat (n + 1) = x in f",
		"let f x : nat -> nat = x in f",
		"let (+%) a b = a in 1 +% 2", "let x = let y = 1 in y in x",
		"let! x = m in ret x", "let! (a, b) = m in a",
		"let! x = let! y = m in ret y in ret x",
		"let! x : int = m in x", "let open M in x",
		"let open M in let! x = m in x",
		/* if */
		"if a then b else c", "if a then b",
		"if a then (if b then c) else d",
		"if a then if b then c else d else e",
		"if a then (let! x = m in x) else y",
		"if let x = 1 in x then a else b",
		"if a then match x with | A -> 1 else 2",
		"if a then (match x with | A -> if b then c) else 2",
		"if a then fun x -> if b then c else d else e",
		"if a then let x = 1 in if b then c else () else e",
		"if a then b else if c then d else e",
		"if a then (b <: t) else c",
		/* matches */
		"match x with | A -> (match y with | B -> 1 | C -> 2) | D -> 3",
		"match x with | A -> 1 | B -> (match y with | C -> 2 | D -> 3)",
		"match x with | A -> (fun y -> match y with | B -> 1) | C -> 2",
		"match x with | A -> (let y = 1 in match y with | B -> 1) | C -> 2",
		"match x with | A -> (if a then b else match y with | B -> 1) | C -> 2",
		"match x with | A -> (if a then match y with | B -> 1) | C -> 2",
		"match match x with | A -> y with | B -> 1",
		"match let! y = m in y with | B -> 1",
		"match x with | A -> let! y = m in y | B -> 2",
		"match x with | A -> y <: t | B -> z",
		"match x with\n| _ -> 1 | y -> 2 | 1 -> 3 | -1 -> 4 | \"s\" -> 5"
		" | true -> 6 | () -> 7 | Some (Some x) -> 8 | (a, b) -> 9"
		" | [a; b] -> 10 | [] -> 11 | h :: t -> 12"
		" | { f = x; g = _ } -> 13 | A | B -> 14 | (A | B), c -> 15"
		" | Some -1 -> 16 | (h :: t) :: u -> 17 | M.C x y -> 18"
		" | [a, b; c] -> 19 | (+%) -> 20 | A (B C) D -> 21"
		" | 255uy -> 22 | -128y -> 23 | { a.B = x; c = (d | e) } -> 24"
		" | Some (x : int) -> 25 | [(A | B)] -> 26 | (x, y) :: z -> 27",
		/* implicits and ascriptions */
		"f #a x", "f #a", "(f x) #b", "(a + b) #c", "f #a #b x y",
		"(fun x -> x) #a", "(-1) #a", "(- x) #a", "_ #a", "((f #a) #b) x",
		"((+) #a) x y", "(x : nat)", "x <: cost nat 5", "f (x : t)",
		"[x <: t; y]", "(let x = 1 in x : t)", "(a, b) <: t",
		"a >>= f <: cost nat 5", "(a + b : cost (x #i) 5)",
		"(x : ~- 1)", "(x : (match y with | A -> 1))",
		"(x : (fun y -> y))", "(x : f (g #i) [1; 2])",
		"(x : (-) 1)", "((x : t) : u)", "f ((x <: t) : u)",
		"{ a = x <: t }", "(x <: t).f",
	};

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(rt); i++)
		rt_expr(rt[i], NULL);
}

static void test_modules(void)
{
	static const char *const rt[] = {
		"open Zen.Types\nopen M\nmodule A = B.C\nlet x = 1\n",
		"type t = | A | B of int | C : int -> int -> t\n"
		"and r = { f : int; g : nat }\ntype a\nlet x = 1",
		"type t (a:Type) = a\nnoeq type u = { f : int }\n"
		"type v = A | B\ntype w = Cons : #a:Type -> hd:a -> w\n",
		"val f : x:nat -> #n:nat -> int -> cost nat (n + 1)\n"
		"let f x y = y\n",
		"val f : nat\nval f : int\nlet f = 1 and f = 2\n",
		"val f : nat\nlet f = 1\nlet f = 2\n",
		"val g : nat\nlet f = 1\nlet g = 2\n",
		"val (+%) : nat -> nat\nlet (+%) x = x\n",
		"val f : (#a:Type) -> a -> _ -> (x:int) -> a `cost` 3\n"
		"let f x = x\n",
		"let rec f x = g x\nand g y = f y\n",
		"let (a, b) = (1, 2)\nlet _ = 3\n",
		"let x = match y with | A -> 1\nlet z = 2\n",
		"let f = function | A -> 1\nlet g = fun x -> x\n",
		"let main a b c d e f g h = 1\nlet cf a b c d e f g = 2\n",
		"[@attr] unfold let x = 1\nprivate let y = 2\n",
	};

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(rt); i++)
		M(rt[i], NULL);
	{
		static const char src[] = "module M\nopen A\nlet x = 1\n";
		struct zen_buf t = ZEN_BUF_INIT;

		rt_module(src, strlen(src), "module line",
			  ZC_PARSE_ALLOW_MODULE_LINE, &t);
		tap_str(zen_buf_str(&t), "module M\n\nopen A\n\nlet x = 1\n",
			"the module line is written first");
		zen_buf_release(&t);
	}
}

/* exact texts, written by hand */
static void test_exact(void)
{
	E("a - (b - c)", "a - (b - c)");
	E("((a - b) - c)", "a - b - c");
	E("(a * b) + c", "a * b + c");
	E("a * (b + c)", "a * (b + c)");
	E("a :: (b :: c)", "a :: b :: c");
	E("(a :: b) :: c", "(a :: b) :: c");
	E("(f x) y", "(f x) y");
	E("((f x y))", "f x y");
	E("- x", "- x");
	E("-5", "-5");
	E("- (5)", "- (5)");
	E("- (5 * a)", "- (5 * a)");
	E("(- x) * y", "~-x * y");
	E("f (-1) (- x)", "f (-1) ~-x");
	E("~- x", "- x");
	E("f !x (!(!y)) (~- ~- z)", "f !x ! !y ~- ~-z");
	E("x.f.g", "x.f.g");
	E("(x)._f", "(x)._f");
	E("(f x).g", "(f x).g");
	E("{ x.match = 1 }", "{ _.match = 1 }");
	E("{ r with f = 1; g = 2 }", "{ r with f = 1; g = 2 }");
	E("[ (let x = 1 in x); let y = 2 in y ]",
	  "[(let x = 1 in\n  x); let y = 2 in\ny]");
	E("f #a x", "f x #a");
	E("f #(W.size w * 2 + 1) x", "f x #(W.size w * 2 + 1)");
	E("(x : nat)", "x <: nat");
	E("f (x : nat)", "f (x : nat)");
	E("if a then (if b then c) else d",
	  "if a then if b then c else () else d");
	E("if a then b", "if a then b");
	E("f (if c then a else b) x", "f (if c then a else b) x");
	E("f x (fun y -> y + 1)", "f x (fun y -> y + 1)");
	E("f (g x) y", "g x `f` y");
	E("0x10UL", "16UL");
	E("-128y", "-128y");
	E("(-9223372036854775808L, 18446744073709551615UL, 255uy, 65535us)",
	  "-9223372036854775808L, 18446744073709551615UL, 255uy, 65535us");
	E("\"q\\\"b\\\\s\\n\\t\\x01\\200\"", "\"q\\\"b\\\\s\\n\\t\\x01\\xc8\"");
	E("(+) 1", "( + ) 1");
	E("( *) 1", "( * ) 1");
	E("let! x = m in ret x", "let! x = m in\nret x");
	E("match x with | A -> (match y with | B -> 1) | C -> 2",
	  "match x with\n| A ->\n  (match y with\n    | B -> 1)\n| C -> 2");
	E("function | A -> 1", "function\n| A -> 1");
	M("open Zen.Types\nmodule RT = Zen.ResultT\n"
	  "let main a b = match a with | Some x -> x + b | None -> b\n"
	  "let cf _ = 1 |> C.ret",
	  "open Zen.Types\n"
	  "module RT = Zen.ResultT\n"
	  "\n"
	  "let main a b =\n"
	  "  match a with\n"
	  "  | Some x -> x + b\n"
	  "  | None -> b\n"
	  "\n"
	  "let cf _ = 1 |> C.ret\n");
	M("type t = | A | B of int | C : int -> int -> t\nand r = { f : int }\n"
	  "val f : x:nat -> #n:nat -> cost nat 5\nlet f (#a:Type) x : t = x",
	  "type t =\n  | A\n  | B of _\n  | C : _ -> _ -> t\n"
	  "and r = { f : _ }\n"
	  "\n"
	  "val f : #n:_ -> x:_ -> cost nat 5\n"
	  "let f (#a : Type) x : t = x\n");
}

/* a chain as deep as the parser allows must come back without more
 * nesting than the source had */
static void test_deep(void)
{
	struct zen_buf src = ZEN_BUF_INIT;
	size_t i;

	zen_buf_addstr(&src, "let x = a");
	for (i = 0; i < 990; i++)
		zen_buf_addstr(&src, " + a");
	zen_buf_addstr(&src, "\nlet y = a");
	for (i = 0; i < 990; i++)
		zen_buf_addstr(&src, " `f` a");
	zen_buf_addstr(&src, "\nlet z = x");
	for (i = 0; i < 990; i++)
		zen_buf_addstr(&src, ".f");
	zen_buf_addstr(&src, "\nlet w = ");
	for (i = 0; i < 300; i++)
		zen_buf_addstr(&src, "- ");
	zen_buf_addstr(&src, "x\nlet v = ");
	for (i = 0; i < 300; i++)
		zen_buf_addstr(&src, "let x = 1 in ");
	zen_buf_addstr(&src, "x\n");
	rt_module((const char *)src.data, src.len, "deep chains", 0, NULL);
	zen_buf_reset(&src);
	zen_buf_addstr(&src, "let x = ");
	for (i = 0; i < 300; i++)
		zen_buf_addstr(&src, "[");
	for (i = 0; i < 300; i++)
		zen_buf_addstr(&src, "]");
	rt_module((const char *)src.data, src.len, "deep lists", 0, NULL);
	zen_buf_release(&src);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void test_contracts(void)
{
	const char *srcdir = getenv("ZEN_SRCDIR");
	char dir[4096], path[8192], *names[256];
	size_t n = 0;
	DIR *d;
	struct dirent *de;

	if (!srcdir)
		srcdir = ZEN_VECTOR_DIR "/../..";
	snprintf(dir, sizeof(dir), "%s/tests/contracts", srcdir);
	d = opendir(dir);
	if (!tap_ok(d != NULL, "open %s", dir))
		return;
	while ((de = readdir(d)) && n < ZEN_ARRAY_SIZE(names)) {
		size_t len = strlen(de->d_name);

		if (len > 4 && !strcmp(de->d_name + len - 4, ".fst"))
			names[n++] = zen_xstrdup(de->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof(*names), cmp_str);
	/* a loop over nothing passes nothing */
	tap_ok(n >= 12, "%zu test contracts found in %s", n, dir);
	for (size_t i = 0; i < n; i++) {
		struct zen_buf b = ZEN_BUF_INIT;
		char chunk[4096];
		size_t k;
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		f = fopen(path, "rb");
		if (tap_ok(f != NULL, "open %s", path)) {
			while ((k = fread(chunk, 1, sizeof(chunk), f)) > 0)
				zen_buf_add(&b, chunk, k);
			fclose(f);
			rt_module((const char *)b.data, b.len, names[i], 0,
				  NULL);
		}
		zen_buf_release(&b);
		free(names[i]);
	}
}

int main(void)
{
	test_precedence();
	test_nodes();
	test_modules();
	test_exact();
	test_deep();
	test_contracts();
	return tap_done();
}
