/*
 * Unit tests of the ZF* front end (src/core/contract/{lexer,parser,ast}):
 * precedence (contracts.md 3.3), every feature of the inventory 3.7,
 * patterns 3.4, literals, syntax errors with positions, the forbidden
 * constructs of 1.10, limits, and the test contracts of tests/contracts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/contract/parser.h"
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

/* expression -> S-expression, or "ERR <message>" */
static char *sx(const char *src)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_buf b = ZEN_BUF_INIT;
	struct zc_arena *a;
	struct zc_expr *e;
	size_t n;

	if (zc_parse_expr(src, strlen(src), "t.fst", &a, &e, &err))
		zen_buf_addf(&b, "ERR %s", err.msg);
	else
		zc_print_expr(&b, e);
	zc_arena_free(a);
	zen_buf_addch(&b, 0);
	return (char *)zen_buf_detach(&b, &n);
}

/* module -> printed declarations, or "ERR <message>" */
static char *mx(const char *src, unsigned flags)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_buf b = ZEN_BUF_INIT;
	struct zc_module *m;
	size_t n;

	if (zc_parse(src, strlen(src), "c.fst", flags, &m, &err))
		zen_buf_addf(&b, "ERR %s", err.msg);
	else
		zc_print_module(&b, m);
	zc_module_free(m);
	zen_buf_addch(&b, 0);
	return (char *)zen_buf_detach(&b, &n);
}

static void E(const char *src, const char *want)
{
	char *got = sx(src);

	tap_str(got, want, "expr: %s", name_of(src));
	free(got);
}

static void M(const char *src, const char *want)
{
	char *got = mx(src, 0);

	tap_str(got, want, "module: %s", name_of(src));
	free(got);
}

/* the error message must be exactly want (without the ERR prefix) */
static void ERR(const char *src, const char *want)
{
	char *got = mx(src, 0);

	tap_str(strncmp(got, "ERR ", 4) ? got : got + 4, want, "error: %s",
		name_of(src));
	free(got);
}

/* src parses as a module */
static void PARSES(const char *src)
{
	char *got = mx(src, 0);

	tap_ok(strncmp(got, "ERR ", 4) != 0, "parses: %s (%s)", name_of(src),
	       got);
	free(got);
}

static void EERR(const char *src, const char *want)
{
	char *got = sx(src);

	tap_str(strncmp(got, "ERR ", 4) ? got : got + 4, want,
		"expr error: %s", name_of(src));
	free(got);
}

static void test_precedence(void)
{
	E("1 + 2 * 3", "(+ 1 (* 2 3))");
	E("1 * 2 + 3", "(+ (* 1 2) 3)");
	E("a - b - c", "(- (- a b) c)");
	E("x |> f >>= g", "(>>= (|> x f) g)");
	/* |> sits with the 0c operators (contracts.md 3.3), not above
	 * the $ ones as today's F* parse.mly declares PIPE_RIGHT: the
	 * reference's own Faucet test contract writes `messageBody >!=
	 * tryDict >?= D.tryFind "returnAddress" >?= tryLock |> RT.ofOptionT
	 * "..." >>= get ...`, which type-checks only when read this way */
	/* dotOperator: e.(i) is op_Array_Access e i, an argument-level
	 * term (indexingTerm), the operators folded left */
	E("arr.(1)", "(op_Array_Access arr 1)");
	E("f arr.(i + 1) x", "(f (op_Array_Access arr (+ i 1)) x)");
	E("a.(i).(j) * 2", "(* (op_Array_Access (op_Array_Access a i) j) 2)");
	E("U64.(a).(1)", "(op_Array_Access (open U64 a) 1)");
	E("s.[0]", "(op_String_Access s 0)");
	E("(g x).(0)", "(op_Array_Access (g x) 0)");
	E("m >>= f |> g", "(|> (>>= m f) g)");
	E("m >?= f |> g >>= h", "(>>= (|> (>?= m f) g) h)");
	E("x |> f $> g", "(|> x ($> f g))");
	E("a = b |> f", "(|> (= a b) f)");
	E("x |> f |> g", "(|> (|> x f) g)");
	E("l @ m |> f", "(|> (@ l m) f)");
	E("a && b |> f", "(&& a (|> b f))");
	E("dict >!= D.tryFind \"k\" >?= tryLock",
	  "(>?= (>!= dict (D.tryFind \"k\")) tryLock)");
	E("context.blockNumber `U32.rem` (U32.uint_to_t n) = 0ul",
	  "(= (U32.rem (. context blockNumber) (U32.uint_to_t n)) 0ul)");
	E("a `f` b * c", "(* (f a b) c)");
	E("a * b `f` c", "(* a (f b c))");
	E("a `f` b ** c", "(f a (** b c))");
	E("a ** b ** c", "(** a (** b c))");
	E("Arr.item 32 pk %^ 2uy", "(%^ (Arr.item 32 pk) 2uy)");
	E("W.size w * 256 + 3267", "(+ (* (W.size w) 256) 3267)");
	E("a :: b :: []", "(:: a (:: b (list)))");
	E("a + b :: c", "(+ a (:: b c))");
	E("a :: b * c", "(:: a (* b c))");
	E("f @ g @ x", "(@ f (@ g x))");
	E("f @ {tx = t; message = None}",
	  "(@ f (record (tx t) (message None)))");
	E("RT.ok @ { tx = txSkel; message = None; state = NoChange }",
	  "(@ RT.ok (record (tx txSkel) (message None) (state NoChange)))");
	E("a || b && c", "(|| a (&& b c))");
	E("a && b = c", "(&& a (= b c))");
	E("a = b $> c", "(= a ($> b c))");
	E("a $> b @ c", "($> a (@ b c))");
	E("a @ b + c", "(@ a (+ b c))");
	E("x <> y || z <^ w", "(|| (<> x y) (<^ z w))");
	E("f >> g << h", "(<< (>> f g) h)");
	E("a +%^ b *%^ c", "(+%^ a (*%^ b c))");
	E("-5 + -x", "(+ -5 (~- x))");
	E("- f x", "(~- (f x))");
	E("a >>= f <: cost nat 5", "(>>= a f)");
	E("!x", "(! x)");
	E("a, b, c", "(tuple a b c)");
	E("f a b c", "(f a b c)");
	E("(f a) b", "((f a) b)");
	E("Some @ x", "(@ Some x)");
	E("(+) 1 2", "(+ 1 2)");
	E("(=) a", "(= a)");
	E("( * ) a", "(* a)");
	/* F*'s lexer opens a comment at every "(*", `(*)` included */
	E("1 (*) a comment *) + 2", "(+ 1 2)");
	EERR("(*) a", "t.fst:1:1: unterminated comment");
	/* '\\' newline blanks: a continuation, nothing of the string */
	E("\"ab\\\n    cd\"", "\"abcd\"");
	E("\"ab\\\r\n\tcd\"", "\"abcd\"");
	/* x .f: blanks around the dot, as F*'s DOT token allows */
	E("x .fa + y. fb + z\n  .fc", "(+ (+ (. x fa) (. y fb)) (. z fc))");
}

static void test_features(void)
{
	/* let!, let, let open, if/else if, match, fun, begin/end */
	E("if c then begin let! x = e in y end else z",
	  "(if c (let! x e y) z)");
	E("if a then b else if c then d", "(if a b (if c d ()))");
	E("if a then b", "(if a b ())");
	/* ZF*'s if! (ZFS-Tools IfBind): its condition is a cost bool */
	E("if! a then b else c", "(if! a b c)");
	E("if! f x then b else if! g then d", "(if! (f x) b (if! g d ()))");
	E("let open RT in a >>= b", "(open RT (>>= a b))");
	E("let open FStar.UInt64 in x +^ y", "(open FStar.UInt64 (+^ x y))");
	/* discriminators and projectors: names */
	E("Some? x && Cons?.hd l > 0", "(&& (Some? x) (> (Cons?.hd l) 0))");
	E("N.Some?.v o", "(N.Some?.v o)");
	E("f Some? None?", "(f Some? None?)");
	/* a '?' that starts an operator after a constructor stays one */
	E("None>?=f", "(>?= None f)");
	/* M.(e), the local open: an atom */
	E("U64.(x +^ y)", "(open U64 (+^ x y))");
	E("f FStar.UInt64.(x *%^ 2UL) z",
	  "(f (open FStar.UInt64 (*%^ x 2UL)) z)");
	E("U64.(a >^ b) && c", "(&& (open U64 (>^ a b)) c)");
	E("let x = 1 in let y = 2 in x + y",
	  "(let (x 1) (let (y 2) (+ x y)))");
	E("let f (x:nat{x > 0}) : cost nat 3 = ret x in f",
	  "(let (f (x) (ret x)) f)");
	E("let rec f x = g x and g y = f y in f",
	  "(let rec (f (x) (g x)) (g (y) (f y)) f)");
	E("let (a, b) = p in a", "(let ((tuple a b) p) a)");
	E("let! {commitment = c; timestamp = t} = e in c",
	  "(let! (record (commitment c) (timestamp t)) e c)");
	E("let! (x : nat) = e in x", "(let! x e x)");
	E("fun (x:nat) #a (y, z) -> x", "(fun (x (tuple y z)) x)");
	E("fun (x y : U64.t) -> x", "(fun (x y) x)");
	E("fun (#a #b : Type) x -> x", "(fun (x) x)");
	E("fun #a -> 1", "1");
	E("function | Some x -> x | None -> 0",
	  "(fun (%function) (match %function ((Some x) x) (None 0)))");
	E("begin a end", "a");
	E("match x with | A -> begin match y with | B -> 1 end | C -> 2",
	  "(match x (A (match y (B 1))) (C 2))");
	E("match a, b with Some x, None -> 1 | _ -> 2",
	  "(match (tuple a b) ((tuple (Some x) None) 1) (_ 2))");
	/* records, update, projections */
	E("{ r with f = 1; g = 2 }", "(with r (f 1) (g 2))");
	E("{ commitment = v, h, c; pubKey = pk; }",
	  "(record (commitment (tuple v h c)) (pubKey pk))");
	E("{ Zen.Types.tx = t }", "(record (tx t))");
	E("x.f.g", "(. (. x f) g)");
	E("M.N.x.f", "(. M.N.x f)");
	E("(f x).tx.y", "(. (. (f x) tx) y)");
	E("context.timestamp", "(. context timestamp)");
	/* a field qualified by its module (projectionLHS DOT qlident) */
	E("context.T.blockNumber", "(. context blockNumber)");
	E("c.Zen.Types.Main.timestamp.x", "(. (. c timestamp) x)");
	/* constructors and module paths */
	E("U64 amount", "(U64 amount)");
	E("U64.v amount", "(U64.v amount)");
	E("Zen.Types.PK pk", "(Zen.Types.PK pk)");
	E("Some (Lock recip)", "(Some (Lock recip))");
	/* lists */
	E("[1; 2; 3;]", "(list 1 2 3)");
	E("[]", "(list)");
	E("[a, b]", "(list (tuple a b))");
	/* erasure */
	E("(x : nat)", "x");
	E("(x <: nat)", "x");
	E("C.ret #nat 5", "(C.ret 5)");
	E("f #(option nat) x", "(f x)");
	E("cast nat x", "(cast nat x)");
	E("cast (option U64.t) x", "(cast (option U64.t) x)");
	E("f _ x", "(f _ x)");
	E("()", "()");
	/* comments */
	E("a (* c (* nested *) *) + // rest\n b", "(+ a b)");
	E("(** doc *) 1", "1");
	/* literals */
	E("0", "0");
	E("4294967296UL", "4294967296UL");
	E("18446744073709551615UL", "18446744073709551615UL");
	E("255uy", "255uy");
	/* character literals: UInt8 (Zulib's char) */
	E("'a'", "97uy");
	E("'\\n' = '\\x41'", "(= 10uy 65uy)");
	E("match c with | 'q' -> 1 | '\\'' -> 2",
	  "(match c (113uy 1) (39uy 2))");
	E("65535us", "65535us");
	E("4294967295ul", "4294967295ul");
	E("127y", "127y");
	E("-128y", "-128y");
	E("32767s", "32767s");
	E("-2147483648l", "-2147483648l");
	E("9223372036854775807L", "9223372036854775807L");
	E("-9223372036854775808L", "-9223372036854775808L");
	E("9223372036854775807", "9223372036854775807");
	E("-9223372036854775808", "-9223372036854775808");
	E("0xffUL", "255UL");
	E("0x10", "16");
	/* F*'s lexer: u or U for unsigned (the reference's own test
	 * contract writes 1000uL), 0o octal and 0b binary */
	E("1000uL", "1000UL");
	E("``a name`` + 1", "(+ a name 1)");
	E("65z + 'A'B + '\\065'", "(+ (+ 65uy 65uy) 65uy)");
	E("7Uy + 7Ul + 7Us", "(+ (+ 7uy 7ul) 7us)");
	E("0o17 + 0b101 + 0B11uy", "(+ (+ 15 5) 3uy)");
	E("\"a\\\"b\\n\\x41\\065\\\\\"", "\"a\\\"b\\nAA\\\\\"");
	E("\"tab\\tq\\'\"", "\"tab\\x09q'\"");
	E("true && false", "(&& true false)");
	E("hd' :: take' xs", "(:: hd' (take' xs))");
}

static void test_patterns(void)
{
	E("match x with | _ -> 0", "(match x (_ 0))");
	E("match x with | \"Buy\" -> 1 | \"Sell\" -> 2",
	  "(match x (\"Buy\" 1) (\"Sell\" 2))");
	E("match x with | true -> 1 | false -> 0",
	  "(match x (true 1) (false 0))");
	E("match x with | 0 -> a | -1 -> b | 5UL -> c",
	  "(match x (0 a) (-1 b) (5UL c))");
	E("match x with | Some (Lock recip) -> 1",
	  "(match x ((Some (Lock recip)) 1))");
	E("match x with | OK v -> v | ERR msg -> msg",
	  "(match x ((OK v) v) ((ERR msg) msg))");
	E("match x with | Some a, Some b -> 1",
	  "(match x ((tuple (Some a) (Some b)) 1))");
	E("match l with | (x, y) :: r -> 1 | [] -> 2 | [e] -> 3",
	  "(match l ((:: (tuple x y) r) 1) ((list) 2) ((list e) 3))");
	E("match l with | a :: b :: [] -> 1",
	  "(match l ((:: a (:: b (list))) 1))");
	E("match r with | { underlyingAmount = ua; orderTotal = ot } -> ua",
	  "(match r ((record (underlyingAmount ua) (orderTotal ot)) ua))");
	E("match r with | ({commitment = c}) -> c",
	  "(match r ((record (commitment c)) c))");
	E("match p with | true , Bull | false, Bear -> 1 | _ -> 0",
	  "(match p ((| (tuple true Bull) (tuple false Bear)) 1) (_ 0))");
	E("match p with | (A | B) -> 1",
	  "(match p ((| A B) 1))");
	E("match p with | (x : nat) -> x | (i:nat{i < 32}) -> i",
	  "(match p (x x) (i i))");
	E("match p with | () -> 1", "(match p (() 1))");
	E("match p with | Collection (List [Lock l; U64 a]) -> 1",
	  "(match p ((Collection (List (list (Lock l) (U64 a)))) 1))");
}

static void test_decls(void)
{
	M("open Zen.Types\nmodule RT = Zen.ResultT\nopen Zen.Base\n",
	  "(open Zen.Types)\n(alias RT Zen.ResultT)\n(open Zen.Base)\n");
	M("val f : nat -> nat\nlet f x = x\n", "(def f (x) x)\n");
	/* a type variable 'a: erased with its type */
	M("val p : 'a -> list 'a -> 'a\nlet p x _ = x\n", "(def p (x _) x)\n");
	M("val main: txSkeleton -> context -> contractId -> command:string"
	  " -> sender -> option data -> wallet -> option data ->"
	  " contractResult `cost` 2\nlet x = 1\n", "(def x 1)\n");
	M("val g : #a:Type -> x:a{x == x} -> Tot (cost a 3)\nlet y = 2\n",
	  "(def y 2)\n");
	M("val l : x:nat -> Lemma (requires (x > 0)) (ensures (forall y. y >= 0))"
	  "\nlet z = 3\n", "(def z 3)\n");
	M("let rec f x = f x\n", "(def rec (f (x) (f x)))\n");
	M("let (>>?) a b = a\n", "(def >>? (a b) a)\n");
	M("type t = { f : nat; g : x:U64.t{U64.v x > 0}; h : a -> b }\n",
	  "(type t record f g h)\n");
	M("type position = | Bull | Bear\n",
	  "(type position variant (Bull 0) (Bear 0))\n");
	M("type position = Bull | Bear\n",
	  "(type position variant (Bull 0) (Bear 0))\n");
	M("type o = | A of nat * nat | B : x:nat -> #a:Type -> y:a -> o\n",
	  "(type o variant (A 1) (B 2))\n");
	M("type amount (n:nat) = x:U64.t { U64.v x <= n }\n",
	  "(type amount abbrev)\n");
	M("noeq type a = nat and b = { x : a }\n",
	  "(type a abbrev)\n(type b record x)\n");
	M("unfold let x = 1\ninline_for_extraction private let y = 2\n",
	  "(def x 1)\n(def y 2)\n");
	M("[@ \"attr\"] let x = 1\n", "(def x 1)\n");
	M("let x : nat = 1\nlet (a, b) = p\n",
	  "(def x 1)\n(def (tuple a b) p)\n");
	M("let f (#a:Type) (x:a) (#n:nat) : cost a n = ret x\n",
	  "(def f (x) (ret x))\n");
	M("let main = fun a b -> a\n", "(def main (fun (a b) a))\n");
	M("", "");
	M("// only a comment\n", "");
}

static void test_module_line(void)
{
	char *got = mx("module Token\nopen Zen.Types\n",
		       ZC_PARSE_ALLOW_MODULE_LINE);

	tap_str(got, "(open Zen.Types)\n", "module line allowed by flag");
	free(got);
	ERR("module Token\nopen Zen.Types\n",
	    "c.fst:1:1: forbidden: a 'module' line in deployed contract code"
	    " (the node adds its own)");
	got = mx("open Zen.Types\nmodule Token\n", ZC_PARSE_ALLOW_MODULE_LINE);
	tap_ok(strstr(got, "forbidden: a 'module' line") != NULL,
	       "module line after a declaration is refused even with the flag");
	free(got);
}

static void test_errors(void)
{
	ERR("let x = \n", "c.fst:2:1: expected expression, got end of input");
	ERR("let x = (1 + 2\n", "c.fst:2:1: expected ')', got end of input");
	ERR("let x = 1 in x\n", "c.fst:1:11: expected declaration, got 'in'");
	ERR("let x = f a }\n", "c.fst:1:13: expected declaration, got '}'");
	ERR("let f x = match x with | A -> 1 | B 2\n",
	    "c.fst:2:1: expected '->', got end of input");
	ERR("let x = if a b else c\n",
	    "c.fst:1:16: expected 'then', got 'else'");
	ERR("let x = [1; 2\n", "c.fst:2:1: expected ';' or ']', got end of input");
	ERR("let x = { f = 1; g 2 }\n",
	    "c.fst:1:20: expected '=', got '2'");
	ERR("let x = {}\n", "c.fst:1:10: expected field name, got '}'");
	ERR("let x = begin a\n", "c.fst:2:1: expected 'end', got end of input");
	ERR("let x = let! y = a b\n",
	    "c.fst:2:1: expected 'in', got end of input");
	ERR("let x = a `f b\n",
	    "c.fst:1:14: expected closing '`', got 'b'");
	ERR("let f (a # : nat) = a\n",
	    "c.fst:1:10: expected ')', got '#'");
	ERR("let x = fun -> 1\n", "c.fst:1:13: expected pattern, got '->'");
	ERR("let x = a +\n", "c.fst:2:1: expected expression, got end of input");
	ERR("let x = match y with | A.b -> 1\n",
	    "c.fst:1:24: expected pattern, got 'A.b'");
	ERR("open\n", "c.fst:2:1: expected module name, got end of input");
	ERR("type = nat\n", "c.fst:1:6: expected type name, got '='");
	ERR("let x = 1\n  )\n", "c.fst:2:3: expected declaration, got ')'");
	ERR("let x = if c then let! y = a in y else z\n",
	    "c.fst:1:19: expected expression, got 'let!' (a 'let!' cannot "
	    "appear here: wrap it in begin ... end)");
	ERR("let x = f (fun y -> y\n",
	    "c.fst:2:1: expected ')', got end of input");
	/* `fun` as an argument must be parenthesized (as an operand it
	 * is accepted: test_open_operands) */
	ERR("let x = f fun y -> y\n",
	    "c.fst:1:11: expected expression, got 'fun' ('fun' must be "
	    "parenthesized as an argument)");
	ERR("let x = f a function | _ -> 1\n",
	    "c.fst:1:13: expected expression, got 'function' ('function' "
	    "must be parenthesized as an argument)");
	ERR("let x = [@ a] 1\n",
	    "c.fst:1:9: forbidden: attributes on a local let (the "
	    "reference's checker refuses them)");
	ERR("let x = let a = 1 and [@ b] c = 2 in a\n",
	    "c.fst:1:23: forbidden: attributes on a local let (the "
	    "reference's checker refuses them)");
	EERR("1 2 )", "t.fst:1:5: expected end of input, got ')'");
	/* lexical errors */
	ERR("let x = \"abc\n", "c.fst:1:9: unterminated string literal");
	ERR("let x = 1 (* open\n (* nested *)\n",
	    "c.fst:1:11: unterminated comment");
	ERR("let x = \"a\\qb\"\n",
	    "c.fst:1:11: invalid escape sequence in string literal");
	ERR("let x = 1 $$ \x01\n", "c.fst:1:14: invalid character 0x01 in source");
	ERR("let x = \xc3\xa9\n", "c.fst:1:9: invalid character 0xc3 in source");
	ERR("let x = ''\n", "c.fst:1:9: invalid character literal (an ASCII "
	    "character or an escape between single quotes)");
	ERR("let x = '\xc3\xa9'\n", "c.fst:1:9: invalid character literal (an "
	    "ASCII character or an escape between single quotes)");
	ERR("let x = '\\q'\n", "c.fst:1:9: invalid character literal (an "
	    "ASCII character or an escape between single quotes)");
	ERR("let x = \"ab\"B\n",
	    "c.fst:1:9: unsupported: bytearray literals (\"...\"B)");
	ERR("let x = 12xy\n", "c.fst:1:9: invalid integer literal '12xy'");
	ERR("let x = 0x\n", "c.fst:1:9: invalid integer literal '0x'");
	ERR("let x = 0b102\n", "c.fst:1:9: invalid integer literal '0b102'");
	ERR("let x = 0o8\n", "c.fst:1:9: invalid integer literal '0o8'");
	ERR("let x = 5LU\n", "c.fst:1:9: invalid integer literal '5LU'");
	ERR("let x = ``open\n", "c.fst:1:9: unsupported ``quoted name`` (zen "
	    "takes a lowercase letter or _ first, then letters, digits, _, ' "
	    "and spaces)");
	ERR("let x = ``A.b``\n", "c.fst:1:9: unsupported ``quoted name`` (zen "
	    "takes a lowercase letter or _ first, then letters, digits, _, ' "
	    "and spaces)");
	ERR("let x = 256z\n", "c.fst:1:9: integer literal 256z out of range for uint8");
	ERR("let x = 256uy\n",
	    "c.fst:1:9: integer literal 256uy out of range for uint8");
	ERR("let x = 65536us\n",
	    "c.fst:1:9: integer literal 65536us out of range for uint16");
	ERR("let x = 4294967296ul\n",
	    "c.fst:1:9: integer literal 4294967296ul out of range for uint32");
	ERR("let x = 18446744073709551616UL\n",
	    "c.fst:1:9: integer literal '18446744073709551616UL' out of range");
	ERR("let x = 128y\n",
	    "c.fst:1:9: integer literal 128y out of range for int8");
	ERR("let x = -129y\n",
	    "c.fst:1:9: integer literal -129y out of range for int8");
	ERR("let x = -1ul\n",
	    "c.fst:1:9: integer literal -1ul out of range for uint32");
	ERR("let x = 9223372036854775808\n",
	    "c.fst:1:9: integer literal 9223372036854775808 out of range for"
	    " int");
	ERR("let x = 9223372036854775808L\n",
	    "c.fst:1:9: integer literal 9223372036854775808L out of range for"
	    " int64");
	/* the first error in the file wins */
	ERR("let x = )\nlet y = \"unterminated\n",
	    "c.fst:1:9: expected expression, got ')'");
}

static void test_forbidden(void)
{
	ERR("effect Foo = bar\n",
	    "c.fst:1:1: forbidden: effect declarations ('effect')");
	ERR("new_effect FOO = BAR\n",
	    "c.fst:1:1: forbidden: effect declarations ('new_effect')");
	ERR("sub_effect A ~> B = c\n",
	    "c.fst:1:1: forbidden: effect declarations ('sub_effect')");
	ERR("exception Boom\n",
	    "c.fst:1:1: forbidden: exception declarations");
	ERR("assume val x : nat\n",
	    "c.fst:1:1: forbidden: top-level 'assume' declarations");
	ERR("#set-options \"--z3rlimit 10\"\nlet x = 1\n",
	    "c.fst:1:1: forbidden: pragma '#set-options'");
	ERR("let x = 1\n#reset-options\n",
	    "c.fst:2:1: forbidden: pragma '#reset-options'");
	ERR("let x = try f y with | _ -> 0\n",
	    "c.fst:1:9: forbidden: 'try ... with'");
	/* when guards are parsed, then refused (1.10) */
	ERR("let x = match y with | Some z when z > 0 -> 1 | _ -> 0\n",
	    "c.fst:1:31: when guards are not allowed in contracts (line 1, "
	    "column 31)");
	ERR("let x = function\n  | (a, b) when a = b -> 1\n  | _ -> 0\n",
	    "c.fst:2:12: when guards are not allowed in contracts (line 2, "
	    "column 12)");
	ERR("let x = match y with | A when (match z with | _ -> true) -> 1\n",
	    "c.fst:1:26: when guards are not allowed in contracts (line 1, "
	    "column 26)");
	/* a `when` where no branch is: the same message */
	ERR("let x = y when\n",
	    "c.fst:1:11: when guards are not allowed in contracts (line 1, "
	    "column 11)");
	/* The pinned checker (ZFS-Tools 0.0.24 check_name) refuses bound
	 * names that start with get_ or set_, and binds the cost names
	 * (ret, cost, inc, log, exp, +, >>=) as any other. */
	ERR("let get_price x = x\n",
	    "c.fst:1:5: forbidden: the name 'get_price' (names may not "
	    "start with \"get_\" or \"set_\")");
	ERR("let f x = match x with | Some set_y -> set_y\n",
	    "c.fst:1:31: forbidden: the name 'set_y' (names may not "
	    "start with \"get_\" or \"set_\")");
	ERR("type t = { get_a : nat }\n",
	    "c.fst:1:12: forbidden: the name 'get_a' (names may not "
	    "start with \"get_\" or \"set_\")");
	PARSES("let ret x = x\n");
	PARSES("let cost = 5\n");
	PARSES("let (>>=) a b = a\n");
	PARSES("let ( + ) a b = a\n");
	PARSES("let f inc = inc\n");
	PARSES("let f x = match x with | Some pow -> pow\n");
	PARSES("let f = fun (log : nat) -> 1\n");
	PARSES("let f = let! hide = a in hide\n");
	PARSES("type cost = nat\n");
	PARSES("let f (a, exp) = a\n");
	PARSES("let getter = 1\nlet settle = 2\n");
	/* F#'s keywords, as names (check_name's fsharpkeywords) */
	ERR("let f fixed = fixed\n",
	    "c.fst:1:7: forbidden: 'fixed' is not permitted as an identifier "
	    "(an F# keyword)");
	ERR("type r = { to : nat }\n",
	    "c.fst:1:12: forbidden: 'to' is not permitted as an identifier "
	    "(an F# keyword)");
	ERR("let x = match y with | Some base -> base\n",
	    "c.fst:1:29: forbidden: 'base' is not permitted as an identifier "
	    "(an F# keyword)");
	/* a Lemma val must be the declaration just before its let, or the
	 * elaborator wraps the proof in inc (ASTUtils elab_decls; h44) */
	ERR("val lem : x:nat -> Lemma (x + 0 = x)\nlet other = 5\n"
	    "let lem x = assert (x + 0 = x)\n",
	    "c.fst:3:5: forbidden: the Lemma val of 'lem' is not the "
	    "declaration just before its let (the reference's elaborator "
	    "then wraps the proof in inc, which F* refuses)");
	PARSES("val lem : x:nat -> Lemma (x + 0 = x)\n"
	       "let lem x = assert (x + 0 = x)\n");
	PARSES("val lem : x:nat -> Lemma (x + 0 = x)\nlet other = 5\n"
	       "let lem x = ()\n");
	PARSES("let other = 5\n"
	       "let lem (x:nat) : Lemma (x + 0 = x) = assert (x + 0 = x)\n");
	/* and the words F# reserves for later use, listed since 2018
	 * (h37's blind round) */
	ERR("let f event = event\n",
	    "c.fst:1:7: forbidden: 'event' is not permitted as an identifier "
	    "(an F# keyword)");
	ERR("let x = let checked = 1 in checked\n",
	    "c.fst:1:13: forbidden: 'checked' is not permitted as an "
	    "identifier (an F# keyword)");
	ERR("let volatile = 1\n",
	    "c.fst:1:5: forbidden: 'volatile' is not permitted as an "
	    "identifier (an F# keyword)");
	PARSES("let events = 1\nlet process1 = 2\nlet fixedFee = 3\n"
	       "let atomics = 4\nlet purely = 5\n");
	/* the binders of types are checked too (check_binder: a val's
	 * arrows and binders, refinements, type parameters) */
	ERR("val f : get_x:nat -> nat\n",
	    "c.fst:1:9: forbidden: the name 'get_x' (names may not "
	    "start with \"get_\" or \"set_\")");
	ERR("val f (#default:nat) : nat\n",
	    "c.fst:1:9: forbidden: 'default' is not permitted as an "
	    "identifier (an F# keyword)");
	ERR("val f : (#set_n:nat) -> nat\n",
	    "c.fst:1:11: forbidden: the name 'set_n' (names may not "
	    "start with \"get_\" or \"set_\")");
	PARSES("let f (x : (y:nat{y > 0})) = x\n");
	ERR("type t (get_a: Type) (b: Type) = | A\n",
	    "c.fst:1:9: forbidden: the name 'get_a' (names may not "
	    "start with \"get_\" or \"set_\")");
	ERR("type t (#a member: Type) = | A\n",
	    "c.fst:1:12: forbidden: 'member' is not permitted as an "
	    "identifier (an F# keyword)");
	ERR("type t a done = | A\n",
	    "c.fst:1:10: forbidden: 'done' is not permitted as an "
	    "identifier (an F# keyword)");
	PARSES("val f : get:nat -> (y:nat{y > get}) -> nat\n");
	/* module abbreviations may not take the library's root names
	 * (ASTUtils.fs reserved_module_names); include is refused */
	ERR("module Zen = Zen.Option\n",
	    "c.fst:1:8: forbidden: 'Zen' is not permitted as a module "
	    "abbreviation");
	ERR("module ZFStar = Zen.Option\n",
	    "c.fst:1:8: forbidden: 'ZFStar' is not permitted as a module "
	    "abbreviation");
	PARSES("module Zenith = Zen.Option\nmodule FStar1 = FStar.UInt64\n");
	/* a lone _ is the wildcard, never a field (F*'s UNDERSCORE
	 * token): e._.D is no projection (libFuzzer: the printer's
	 * (e._).D did not read back) */
	ERR("let t = r._.D\n", "c.fst:1:11: expected field name, got '_'");
	ERR("let t = (f #x)._.D\n",
	    "c.fst:1:16: expected field name, got '_'");
	M("let t = Prims._assert r._x\n", "(def t (Prims._assert (. r _x)))\n");
	/* an ascription with a tactic: elab_term has no case for it */
	ERR("let f x = x <: nat by tac\n",
	    "c.fst:1:20: forbidden: a tactic ('by') in an ascription (the "
	    "reference's elaborator has no case for it)");
	ERR("let f x = (x : nat by tac)\n",
	    "c.fst:1:20: forbidden: a tactic ('by') in an ascription (the "
	    "reference's elaborator has no case for it)");
	ERR("let by = 1\n", "c.fst:1:5: expected pattern, got 'by'");
	ERR("open Zen.Types\ninclude Zen.Base\n",
	    "c.fst:2:1: forbidden: include (the reference permits no "
	    "includes; open the module)");
	/* unsupported but legal F* */
	/* e1; e2 is let _ = e1 in e2 (F*'s Seq: the same count) */
	M("let x = a; b\n", "(def x (let (_ a) b))\n");
	M("let x = f 1; g 2; c\n", "(def x (let (_ (f 1)) (let (_ (g 2)) c)))\n");
	/* e1;; e2 is let! _ = e1 in e2 (contracts.md 3.5) */
	M("let x = a;; b\n", "(def x (let! _ a b))\n");
	ERR("let x = (| a |)\n",
	    "c.fst:1:9: a dependent tuple (| ... |) needs two or more items");
	ERR("let x = match p with | (| a |) -> a\n",
	    "c.fst:1:24: a dependent tuple (| ... |) needs two or more items");
	ERR("val f: (| a, b |) -> int\n",
	    "c.fst:1:8: unsupported: a dependent tuple (| ... |) in a type");
	ERR("let x = [| a |]\n", "c.fst:1:9: unsupported: array literals [| |]");
	ERR("let x = r := 1\n", "c.fst:1:11: unsupported: ':=' assignment");
}

static void test_limits(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_module *m;
	struct zen_buf b = ZEN_BUF_INIT;
	char *got;
	size_t i;

	/* moderate nesting is fine */
	zen_buf_addstr(&b, "let x = ");
	for (i = 0; i < 200; i++)
		zen_buf_addch(&b, '(');
	zen_buf_addch(&b, '1');
	for (i = 0; i < 200; i++)
		zen_buf_addch(&b, ')');
	got = mx(zen_buf_str(&b), 0);
	tap_str(got, "(def x 1)\n", "200 nested parentheses parse");
	free(got);
	zen_buf_reset(&b);
	/* hostile nesting is refused, not a crash */
	zen_buf_addstr(&b, "let x = ");
	for (i = 0; i < 100000; i++)
		zen_buf_addch(&b, '(');
	got = mx(zen_buf_str(&b), 0);
	tap_ok(strstr(got, "nesting too deep (limit 1000)") != NULL,
	       "100000 open parentheses refused");
	free(got);
	zen_buf_reset(&b);
	zen_buf_addstr(&b, "let x = ");
	for (i = 0; i < 5000; i++)
		zen_buf_addstr(&b, "a :: ");
	zen_buf_addstr(&b, "[]");
	got = mx(zen_buf_str(&b), 0);
	tap_ok(strstr(got, "nesting too deep") != NULL, "5000 conses refused");
	free(got);
	zen_buf_reset(&b);
	zen_buf_addstr(&b, "let x = 0");
	for (i = 0; i < 5000; i++)
		zen_buf_addstr(&b, " + 1");
	got = mx(zen_buf_str(&b), 0);
	tap_ok(strstr(got, "nesting too deep") != NULL,
	       "a 5000-term left-nested sum is refused (tree depth)");
	free(got);
	zen_buf_reset(&b);
	zen_buf_addstr(&b, "let x = ");
	for (i = 0; i < 5000; i++)
		zen_buf_addstr(&b, "let! a = b in ");
	zen_buf_addstr(&b, "a");
	got = mx(zen_buf_str(&b), 0);
	tap_ok(strstr(got, "nesting too deep") != NULL,
	       "5000 chained let! refused");
	free(got);
	zen_buf_reset(&b);
	zen_buf_addstr(&b, "let x = ");
	for (i = 0; i < 300; i++)
		zen_buf_addstr(&b, "let! a = b in ");
	zen_buf_addstr(&b, "a");
	got = mx(zen_buf_str(&b), 0);
	tap_ok(!strncmp(got, "(def x (let! a b", 16), "300 chained let! parse");
	free(got);
	zen_buf_reset(&b);
	/* a long flat list is fine (no depth) */
	zen_buf_addstr(&b, "let x = [");
	for (i = 0; i < 20000; i++)
		zen_buf_addstr(&b, "1; ");
	zen_buf_addstr(&b, "]");
	tap_ok(zc_parse(zen_buf_str(&b), b.len, "c.fst", 0, &m, &err) == 0,
	       "a 20000-element list literal parses");
	zc_module_free(m);
	zen_buf_reset(&b);
	/* size limit */
	zen_buf_grow(&b, ZC_MAX_SOURCE + 1);
	memset(b.data, ' ', ZC_MAX_SOURCE + 1);
	b.len = ZC_MAX_SOURCE + 1;
	tap_ok(zc_parse((const char *)b.data, b.len, "big.fst", 0, &m, &err) ==
	       ZEN_EINVAL && strstr(err.msg, "big.fst: source too large"),
	       "oversized source refused: %s", err.msg);
	tap_ok(zc_parse((const char *)b.data, ZC_MAX_SOURCE, "c.fst", 0, &m,
			&err) == 0, "source at the size limit accepted");
	zc_module_free(m);
	/* NUL bytes are characters, not terminators */
	tap_ok(zc_parse("let x = 1\0", 10, "c.fst", 0, &m, &err) ==
	       ZEN_EINVAL && strstr(err.msg, "1:10: invalid character 0x00"),
	       "NUL byte refused: %s", err.msg);
	zen_buf_release(&b);
}

static void test_api(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_module *m;
	const char *src =
		"open Zen.Types\n"
		"let main txSkel context contractId command sender body"
		" wallet state = ret 1\n"
		"let cf _ _ _ _ _ _ = fun w -> 3\n";
	const struct zc_binding *b;

	if (!tap_ok(zc_parse(src, strlen(src), "c.fst", 0, &m, &err) == 0,
		    "api module parses"))
		return;
	b = zc_module_find(m, "main");
	tap_ok(b && b->nparams == 8 && b->pos.line == 2 && b->pos.col == 5 &&
	       b->body->kind == ZC_E_APP && b->body->pos.line == 2,
	       "main found with 8 params and positions");
	tap_ok(m->decls[0].kind == ZC_D_OPEN && m->decls[0].pos.line == 1,
	       "open declaration");
	tap_ok(zc_check_entry_points(m, "c.fst", &err) == 0,
	       "entry points: main 8, cf 6 + 1 through fun");
	zc_module_free(m);
	src = "let main a b = 1\nlet cf a b c d e f g = 2\n";
	zc_parse(src, strlen(src), "c.fst", 0, &m, &err);
	tap_ok(zc_check_entry_points(m, "c.fst", &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "c.fst:1:5: 'main' takes 2 parameters, "
		       "expected 8"), "wrong main arity: %s", err.msg);
	zc_module_free(m);
	src = "let main a b c d e f g h = 1\n";
	zc_parse(src, strlen(src), "c.fst", 0, &m, &err);
	tap_ok(zc_check_entry_points(m, "c.fst", &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "c.fst: no top-level 'cf'"), "missing cf");
	zc_module_free(m);
	/* kinds of literal nodes */
	{
		struct zc_arena *a;
		struct zc_expr *e;

		zc_parse_expr("f 10ul \"ab\" true", 16, "t", &a, &e, &err);
		tap_ok(e && e->kind == ZC_E_APP && e->u.app.nargs == 3 &&
		       e->u.app.args[0]->u.lit_int.kind == ZC_INT_U32 &&
		       e->u.app.args[0]->u.lit_int.v.u == 10 &&
		       e->u.app.args[1]->u.str.len == 2 &&
		       e->u.app.args[2]->kind == ZC_E_BOOL &&
		       e->u.app.args[1]->pos.col == 8, "literal nodes");
		zc_arena_free(a);
	}
}

static char *pe(const struct zc_expr *e)
{
	struct zen_buf b = ZEN_BUF_INIT;
	size_t n;

	if (e)
		zc_print_expr(&b, e);
	else
		zen_buf_addstr(&b, "NULL");
	zen_buf_addch(&b, 0);
	return (char *)zen_buf_detach(&b, &n);
}

static void expr_is(const struct zc_expr *e, const char *want,
		    const char *what)
{
	char *got = pe(e);

	tap_str(got, want, "%s", what);
	free(got);
}

/*
 * The productions of issue 16 (man/zen-contracts.7 lists them): each
 * with the tree it must give.  Evaluation of the same constructs is in
 * test-contract-lang.c.
 */
static void test_open_operands(void)
{
	/* fun / function / let / match / if as the right operand of an
	 * operator take the rest of the expression (OCaml, F#) */
	E("x |> fun y -> y + 1", "(|> x (fun (y) (+ y 1)))");
	E("m >>= fun x -> f x >>= fun y -> g y",
	  "(>>= m (fun (x) (>>= (f x) (fun (y) (g y)))))");
	E("m >>= function | Some x -> x | None -> 0",
	  "(>>= m (fun (%function) (match %function ((Some x) x) "
	  "(None 0))))");
	E("1 + let y = 2 in y * 3", "(+ 1 (let (y 2) (* y 3)))");
	E("a && match b with | true -> c | false -> d",
	  "(&& a (match b (true c) (false d)))");
	E("a || if b then c else d", "(|| a (if b c d))");
	E("a :: fun x -> x", "(:: a (fun (x) x))");
	E("a, fun x -> x, b", "(tuple a (fun (x) (tuple x b)))");
	E("f (fun x -> x) >>= g", "(>>= (f (fun (x) x)) g)");
	E("a `RT.bind` fun x -> x", "(RT.bind a (fun (x) x))");
	E("m >>= fun x -> e <: cost nat 3", "(>>= m (fun (x) e))");
}

static void test_productions(void)
{
	/* nested begin ... end */
	E("begin begin begin a end end end", "a");
	E("begin match x with | A -> begin begin 1 end end end + 2",
	  "(+ (match x (A 1)) 2)");
	/* tuples and records of any depth in patterns */
	E("match p with | ((a, (b, c)), { f = { g = (d, e) } }) -> a",
	  "(match p ((tuple (tuple a (tuple b c)) (record (f (record (g "
	  "(tuple d e)))))) a))");
	E("match p with | [ (a, [ { x = Some (b, c) } ]) ] -> a",
	  "(match p ((list (tuple a (list (record (x (Some (tuple b c)))"
	  ")))) a))");
	E("fun ((a, b), { c = (d, e) }) -> a",
	  "(fun ((tuple (tuple a b) (record (c (tuple d e))))) a)");
	E("let ((a, b), c) = p in a", "(let ((tuple (tuple a b) c) p) a)");
	/* dependent tuples: tuples at run time (Mkdtuple2, dfst, dsnd) */
	E("(| a, f b |)", "(tuple a (f b))");
	E("(| a, b, c |)", "(tuple a b c)");
	E("match p with | (| x, (| y, z |) |) -> x",
	  "(match p ((tuple x (tuple y z)) x))");
	/* operator sections */
	E("( + )", "+");
	E("( + ) 1", "(+ 1)");
	E("(+) 1 2", "(+ 1 2)");
	E("( >>= ) m f", "(>>= m f)");
	E("( :: ) a l", "(:: a l)");
	E("List.map (( * ) 2) l", "(List.map (* 2) l)");
	/* local operator definitions (not reserved names) */
	E("let ( <+> ) a b = a + b in 1 <+> 2",
	  "(let (<+> (a b) (+ a b)) (<+> 1 2))");
	E("let ( |?> ) o d = d in a |?> b",
	  "(let (|?> (o d) d) (|?> a b))");
	/* let rec ... and ... */
	E("let rec ev n = od n and od n = ev n and z x = x in ev 2",
	  "(let rec (ev (n) (od n)) (od (n) (ev n)) (z (x) x) (ev 2))");
	/* qualified constructors */
	E("M.Some 1", "(M.Some 1)");
	E("FStar.Pervasives.Native.None", "FStar.Pervasives.Native.None");
	E("match x with | M.Some (Zen.Types.PK k) -> k",
	  "(match x ((M.Some (Zen.Types.PK k)) k))");
	/* # arguments at call sites */
	E("f #nat #(option U64.t) x #_ y", "(f x y)");
	/* attributes: of declarations (skipped), never of a local let */
	EERR("[@ inline_let] let x = 1 in x",
	     "t.fst:1:1: forbidden: attributes on a local let (the "
	     "reference's checker refuses them)");
	EERR("let rec f x = g x and [@@ foo] g x = f x in f",
	     "t.fst:1:23: forbidden: attributes on a local let (the "
	     "reference's checker refuses them)");
	M("let rec f x = g x\nand [@@ foo] g x = f x\n",
	  "(def rec (f (x) (g x)) (g (x) (f x)))\n");
	M("[@@ \"substitute\"]\nlet x = 1\n[@ a b]\nunfold let y = x\n",
	  "(def x 1)\n(def y x)\n");
	M("let x = f 1\n[@ a] let y = 2\n", "(def x (f 1))\n(def y 2)\n");
	/* record field punning: { f } is { f = f } */
	E("{ a; b = 2 }", "(record (a a) (b 2))");
	E("{ r with a }", "(with r (a a))");
	E("match r with | { a; b = c } -> a", "(match r ((record (a a) (b c)) a))");
	E("fun { x; y } -> x", "(fun ((record (x x) (y y))) x)");
	/* noeq / unopteq type declarations */
	M("noeq type r = { a : nat -> nat }\n", "(type r record a)\n");
	M("unopteq type t = | A of (nat -> nat) | B\n",
	  "(type t variant (A 1) (B 0))\n");
	M("private noeq type t (a:Type) = | C : x:a -> t a\n",
	  "(type t variant (C 1))\n");
}

/* The declared types kept for the cost accounting (ast.h), and the
 * implicit arguments counted (1.10). */
static void test_declared_types(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_module *m;
	const struct zc_binding *b;
	const char *src =
		"val f : x:nat -> #n:nat -> (y:nat) -> (#a:Type) -> "
		"cost nat (x + y)\n"
		"val f : nat -> nat\n"
		"let f a = ret a\n";

	if (!tap_ok(zc_parse(src, strlen(src), "c.fst", 0, &m, &err) == 0,
		    "declared types parse: %s", err.msg))
		return;
	/* f: the latest val before the let (nat -> nat: no binder names) */
	b = zc_module_find(m, "f");
	tap_ok(b && b->sig && b->sig->n == 1 && !b->sig->names[0] &&
	       !b->sig->nimplicits, "f gets the latest val");
	expr_is(b && b->sig ? b->sig->ret : NULL, "nat", "f: its codomain");
	zc_module_free(m);
	src = "val f : x:nat -> #n:nat -> (y:nat) -> (#a:Type) -> "
	      "cost nat (x + y)\nlet f a b = ret a\n";
	zc_parse(src, strlen(src), "c.fst", 0, &m, &err);
	b = zc_module_find(m, "f");
	tap_ok(b && b->sig && b->sig->n == 2 &&
	       !strcmp(b->sig->names[0], "x") &&
	       !strcmp(b->sig->names[1], "y") && b->sig->nimplicits == 2 &&
	       !strcmp(b->sig->implicits[0], "n") &&
	       !strcmp(b->sig->implicits[1], "a"),
	       "val: explicit binders x y, implicit n and (#a:Type)");
	expr_is(b && b->sig ? b->sig->ret : NULL, "(cost nat (+ x y))",
		"val: the codomain keeps its cost index");
	zc_module_free(m);
	/* the declared type of each let parameter */
	src = "let f (#n:nat) (m : cost nat n) (x y : nat) z = m\n";
	zc_parse(src, strlen(src), "c.fst", 0, &m, &err);
	b = zc_module_find(m, "f");
	tap_ok(b && b->nparams == 4 && b->param_types && !b->param_types[3],
	       "let f: 4 params, z without a type");
	expr_is(b && b->param_types ? b->param_types[0] : NULL, "(cost nat n)",
		"let: type of (m : T)");
	expr_is(b && b->param_types ? b->param_types[2] : NULL, "nat",
		"let: type of y in (x y : T)");
	zc_module_free(m);
	/* the type of each explicit domain, for implicit binders bound by
	 * a cost-typed argument (x:T, (x:T), bare T) */
	src = "val g : #n:nat -> m:cost nat n -> (k : option U64.t) -> "
	      "list nat -> cost nat (n + 3)\nlet g m k l = m\n";
	zc_parse(src, strlen(src), "c.fst", 0, &m, &err);
	b = zc_module_find(m, "g");
	tap_ok(b && b->sig && b->sig->n == 3 && b->sig->types &&
	       b->sig->nimplicits == 1, "val g: 3 explicit domains, 1 implicit");
	expr_is(b && b->sig ? b->sig->types[0] : NULL, "(cost nat n)",
		"val: type of m:T");
	expr_is(b && b->sig ? b->sig->types[1] : NULL, "(option U64.t)",
		"val: type of (k : T)");
	expr_is(b && b->sig ? b->sig->types[2] : NULL, "(list nat)",
		"val: type of a bare domain");
	zc_module_free(m);
	src = "let g (#a #b : Type) (#n:nat) x : option nat `cost` (n + 1) ="
	      " (OptT.none <: OptT.t nat (n + 1))\n"
	      "let k (x : nat) = C.ret #nat (x : nat)\n"
	      "let h x = ret #(option nat) #_ (f #nat)\n"
	      "let p : (nat -> cost nat 5) = fun x -> ret x\n";
	zc_parse(src, strlen(src), "c.fst", 0, &m, &err);
	b = zc_module_find(m, "g");
	tap_ok(b && !b->sig && b->nparams == 1 && b->nimplicits == 3 &&
	       !strcmp(b->implicits[0], "a") &&
	       !strcmp(b->implicits[1], "b") &&
	       !strcmp(b->implicits[2], "n"), "let: implicit binder names");
	expr_is(b ? b->ret_type : NULL, "(cost (option nat) (+ n 1))",
		"let: the return type");
	expr_is(b ? b->body->ascribed : NULL, "(OptT.t nat (+ n 1))",
		"e <: T keeps T");
	tap_ok(b && b->param_types && !b->param_types[0],
	       "let: param x has no declared type");
	b = zc_module_find(m, "k");
	tap_ok(b && !b->ret_type && b->body->nimplicit == 1 &&
	       b->body->kind == ZC_E_APP &&
	       b->body->u.app.args[0]->ascribed &&
	       b->body->u.app.args[0]->ascribed->kind == ZC_E_VAR,
	       "(e : T) keeps T; C.ret #nat x has 1 implicit argument");
	b = zc_module_find(m, "h");
	tap_ok(b && b->body->nimplicit == 2 &&
	       b->body->u.app.nargs == 1 &&
	       b->body->u.app.args[0]->kind == ZC_E_VAR &&
	       b->body->u.app.args[0]->nimplicit == 1,
	       "implicit arguments: 2 on ret, 1 on f alone");
	b = zc_module_find(m, "p");
	tap_ok(b && b->ret_type && b->ret_type->kind == ZC_E_ERASED,
	       "an arrow type in parentheses keeps no index");
	zc_module_free(m);
}

static void test_contracts(void)
{
	static const char *const files[] = {
		"empty.fst", "mint-sample.fst", "counter.fst", "token.fst",
		"faucet.fst", "messenger.fst", "receiver.fst",
		"dict-parser.fst", "oracle.fst", "orderbook.fst",
		"merkle-payout.fst", "payout-list.fst",
	};
	const char *srcdir = getenv("ZEN_SRCDIR");
	char path[4096];

	if (!srcdir)
		srcdir = ZEN_VECTOR_DIR "/../..";
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(files); i++) {
		struct zen_err err = ZEN_ERR_INIT;
		struct zc_module *m = NULL;
		struct zen_buf b = ZEN_BUF_INIT;
		FILE *f;
		char chunk[4096];
		size_t n;

		snprintf(path, sizeof(path), "%s/tests/contracts/%s", srcdir,
			 files[i]);
		f = fopen(path, "rb");
		if (!tap_ok(f != NULL, "open %s", path))
			continue;
		while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
			zen_buf_add(&b, chunk, n);
		fclose(f);
		tap_ok(zc_parse((const char *)b.data, b.len, files[i], 0, &m,
				&err) == 0, "%s parses: %s", files[i], err.msg);
		if (m)
			tap_ok(zc_check_entry_points(m, files[i], &err) == 0,
			       "%s has main/8 and cf/7: %s", files[i], err.msg);
		zc_module_free(m);
		zen_buf_release(&b);
	}
}

int main(void)
{
	test_precedence();
	test_features();
	test_patterns();
	test_decls();
	test_module_line();
	test_errors();
	test_forbidden();
	test_open_operands();
	test_productions();
	test_limits();
	test_api();
	test_declared_types();
	test_contracts();
	return tap_done();
}
