/*
 * test-contract-check - the activation check (src/core/contract/check.h)
 * on small contracts written for each rule: which commands the cost bound
 * compares, what it compares, when it refuses; the Zulib arity rule and
 * its limits (partial application, shadowing); the report and the
 * loaded contract.  tests/t/t0810-contract-check.sh runs the corpus and
 * the messages through the command line.
 */
#include <stdlib.h>
#include <string.h>

#include "core/contract/check.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"
#include "tap.h"

#define HEAD "open Zen.Types\nopen Zen.Base\nopen Zen.Cost\n" \
	"module RT = Zen.ResultT\nmodule Tx = Zen.TxSkeleton\n"
#define OKBODY "RT.ok @ { tx = txSkel; message = None; state = NoChange }"

static int check(const char *src, struct zen_check_report *rep,
		 struct zc_contract **c, struct zen_err *err)
{
	return zen_contract_check(src, strlen(src), "t.fst", rep, c, err);
}

/* "cmd=cf/main ..." of the costs compared ("cmd=cf" without main),
 * "cmd=failed" for a failed run */
static void costs_text(char *out, size_t cap, const struct zen_check_report *r,
		       int with_main)
{
	size_t k = 0;

	out[0] = 0;
	for (size_t i = 0; i < r->ncosts && k < cap; i++) {
		const struct zen_check_cost *c = &r->costs[i];

		if (c->ran && !with_main)
			k += (size_t)snprintf(out + k, cap - k, "%s%s=%llu",
					      i ? " " : "", c->command,
					      (unsigned long long)c->cf);
		else if (c->ran)
			k += (size_t)snprintf(out + k, cap - k,
					      "%s%s=%llu/%llu",
					      i ? " " : "", c->command,
					      (unsigned long long)c->cf,
					      (unsigned long long)c->main);
		else
			k += (size_t)snprintf(out + k, cap - k, "%s%s=failed",
					      i ? " " : "", c->command);
	}
}

/* main costs 231 (its whole body ascribed 225, inside its increment:
 * autoInc 1, @ 2 and a record of 3 fields 5: 6), cf 214 for "buy" and
 * 231 for every other command. */
static void test_cost_refusal(void)
{
	const char *src = HEAD
		"let main txSkel _ _ command _ _ _ _ =\n"
		"  autoInc (" OKBODY ") <: contractResult `cost` 225\n"
		"let cf _ _ command _ _ _ _ = match command with\n"
		"  | \"buy\" -> ret (214 <: nat) | _ -> ret (231 <: nat)\n";
	struct zen_check_report rep = ZEN_CHECK_REPORT_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c = (struct zc_contract *)&rep;
	char costs[256];

	tap_ok(check(src, &rep, &c, &err) == ZEN_EINVAL && !c,
	       "cost: refused, no contract out");
	tap_str(err.msg, "t.fst:6:5: main costs 231 but cf says 214 for "
		"command \"buy\"", "cost: the first error in err");
	costs_text(costs, sizeof(costs), &rep, 1);
	tap_str(costs, "=231/231 buy=214/231 zen-check-other-0=231/231",
		"cost: \"\", the command cf dispatches on, one other");
	tap_ok(rep.n == 1, "cost: one error");
	zen_check_report_release(&rep);
}

/*
 * A body dearer than its declared cost index (a val, a return type, an
 * ascription; a helper's, cf's) is refused at the declaration, once,
 * though main stays within cf: the reference's type checker makes every
 * body cost what its type says.  Counts (the elaborator's, 1.10):
 * `inc 20 (ret x)` is an application of 2 arguments 2 + `ret x` 1, and
 * inc 20: 23; `g x` 1; `ret (100 <: nat)` 1.
 */
#define OVER_MAIN(call) \
	"let main txSkel _ _ command _ _ _ _ =\n" \
	"  (let! _ = " call " in " OKBODY ")\n" \
	"  |> autoInc\n"
#define OVER_CF "let cf _ _ _ _ _ _ _ = ret (100 <: nat)\n"

static void over_case(const char *src, const char *want, size_t n,
		      const char *what)
{
	struct zen_check_report rep = ZEN_CHECK_REPORT_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c = NULL;

	if (!want) {
		tap_ok(!check(src, &rep, &c, &err) && c, "%s: accepted (%s)",
		       what, err.msg);
		zen_contract_free(c);
	} else {
		tap_ok(check(src, &rep, &c, &err) == ZEN_EINVAL && !c &&
		       rep.n == n, "%s: refused, %zu error(s) (%zu)", what, n,
		       rep.n);
		tap_str(err.msg, want, "%s: at the declaration", what);
	}
	zen_check_report_release(&rep);
}

/*
 * The other way (h36's blind round): an index above a body's count is
 * refused too when nothing on the path fell short of the type's cost: a
 * bind's failure whose skipped callback has no index it can read (a
 * lambda), autoInc and the auto* constructors, an implicit #n bound by
 * the caller's type (`incRet n x`).  main below cf likewise.
 */
/*
 * A val written as an arrow abbreviation is that arrow type, as F*
 * unfolds it (h35's and h39's blind rounds): `val cf : costFn`, and
 * `val main : entry 4` with entry's parameter bound in its index.
 */
#define COST_FN "type costFn = txSkeleton -> context -> string -> " \
	"sender -> option data -> wallet -> option data -> nat `cost` "
#define ENTRY "module CR = Zen.ContractResult\n" \
	"type entry (n:nat) = txSkeleton -> context -> contractId -> " \
	"string -> sender -> option data -> wallet -> option data -> " \
	"contractResult `cost` n\n"
#define ENTRY_MAIN "let main txSkel _ _ _ _ _ _ _ = CR.ofTxSkel txSkel\n"

static void test_arrow_abbreviations(void)
{
	over_case(HEAD OVER_MAIN("ret 1UL") COST_FN "1\nval cf : costFn\n"
		  OVER_CF, NULL, 0, "cf's val an arrow abbreviation, exact");
	over_case(HEAD OVER_MAIN("ret 1UL") COST_FN "0\nval cf : costFn\n"
		  OVER_CF,
		  "t.fst:10:5: cf costs 1 but its val says 0 for command "
		  "\"\"", 1, "cf's val an arrow abbreviation, short");
	over_case(HEAD ENTRY "val main : entry 4\n" ENTRY_MAIN
		  "let cf _ _ _ _ _ _ _ = ret (4 <: nat)\n", NULL, 0,
		  "main's val a parameterised arrow abbreviation, exact");
	over_case(HEAD ENTRY "val main : entry 5\n" ENTRY_MAIN
		  "let cf _ _ _ _ _ _ _ = ret (5 <: nat)\n",
		  "t.fst:8:5: main costs 4 but its val says 5 for command "
		  "\"\"", 1, "main's val a parameterised arrow abbreviation, "
		  "above its body");
}

/*
 * The elaborator wraps every body of count k > 0 (a function's, a
 * top-level value's, a lambda's) in `inc k`, which F* types on cost
 * values only (h36's blind round): a body that is surely no cost value,
 * by what it ends on or by its declared type, is refused wherever it is,
 * called or not; one the check cannot judge (a function of its own, a
 * name) where a run meets it; one of count 0, or a cost function, is not.
 */
#define UNCOST_MAIN(call) \
	"let main txSkel _ _ command _ _ _ _ =\n" \
	"  let! _ = " call " in " OKBODY "\n" \
	"let cf _ _ _ _ _ _ _ = ret (100 <: nat)\n"
#define UNCOST(k) "this body counts " #k " but is no cost value (the " \
	"reference's elaborator wraps it in inc " #k ", which F* types on " \
	"cost values only)"
#define UNTYPED(k) "this body counts " #k " but its type is no cost type " \
	"(the reference's elaborator wraps it in inc " #k ", which F* " \
	"types on cost values only)"

static void test_uncost(void)
{
	over_case(HEAD "let double (x: nat) : nat = x + x\n"
		  UNCOST_MAIN("ret (double 2)"), "t.fst:6:31: " UNCOST(2), 1,
		  "a pure function");
	over_case(HEAD "let tiers = [1; 2]\n" UNCOST_MAIN("ret tiers"),
		  "t.fst:6:13: " UNCOST(4), 1, "a top-level list");
	over_case(HEAD UNCOST_MAIN("(fun x -> x + 1) <$> incRet 3 4"),
		  "t.fst:7:24: " UNCOST(2), 1, "a pure lambda");
	/* never called: refused all the same, each one */
	over_case(HEAD "type point = { px: nat; py: nat }\n"
		  "let twice x = x * 2\n"
		  "val mk: nat -> point\nlet mk n = { px = n; py = n }\n"
		  "let flag (b: bool) = if b then 1UL else 0UL\n"
		  "let pick n = match n with | 0 -> None | _ -> Some n\n"
		  UNCOST_MAIN("ret 1"), "t.fst:7:17: " UNCOST(2), 4,
		  "pure helpers never called");
	/* by the declared type, when the body is a function of the
	 * contract's own: a Zulib type, the contract's record, through an
	 * abbreviation and Tot */
	over_case(HEAD "type point = { px: nat; py: nat }\n"
		  "val mk: nat -> point\nlet mk n = { px = n; py = n }\n"
		  "val mk2: nat -> point\nlet mk2 n = mk n\n"
		  UNCOST_MAIN("ret 1"), "t.fst:8:12: " UNCOST(2), 2,
		  "a record by its val");
	over_case(HEAD "module U64 = FStar.UInt64\ntype amount = U64.t\n"
		  "val half: U64.t -> Tot amount\n"
		  "let half x = U64.sub x 1UL\n"
		  "let halve (x: U64.t) : amount = half x\n"
		  UNCOST_MAIN("ret 1"), "t.fst:9:14: " UNCOST(2), 2,
		  "an abbreviation and Tot");
	over_case(HEAD "val zero: nat -> nat\nlet zero = fun _ -> id 0\n"
		  UNCOST_MAIN("ret 1"), "t.fst:7:21: " UNTYPED(1), 1,
		  "a lambda binding by its val");
	over_case(HEAD "let first (p: nat * nat) = fst p\n"
		  UNCOST_MAIN("ret (first (1, 2))"),
		  "t.fst:6:28: " UNCOST(1) " for command \"\"", 1,
		  "a name of no declared type: where a run meets it");
	/* count 0, cost values and unjudged names: accepted */
	over_case(HEAD "let two = 2\nlet add = op_Addition\n"
		  "val double: nat -> nat `cost` 3\n"
		  "let double x = ret (x + x)\n"
		  "type priced = nat `cost` 3\n"
		  "val triple: nat -> priced\n"
		  "let triple x = double x >>= (fun y -> ret (y + x))\n"
		  "let zero (x: nat) : Tot (nat `cost` 2) = incRet 2 0\n"
		  "let unjudged x = triple x\n"
		  "let positive = refine_in (fun _ -> True) (incRet 1 3)\n"
		  "let main txSkel _ _ command _ _ _ _ = autoInc begin\n"
		  "  let! _ = double two >>= (add 1 >> ret) in " OKBODY
		  " end\n"
		  "let cf _ _ _ _ _ _ _ = ret (100 <: nat)\n", NULL, 0,
		  "count 0 and cost functions");
}

/*
 * An implicit argument given for a val's implicit cost binder (`twice #3
 * m`, `val twice: #n:nat -> nat `cost` n -> ...`) is the cost of the
 * argument of that index, as if it were ascribed: autoInc's target there
 * (h47's blind round), and a count above it refused.  main counts 7
 * (let! 2, twice #3 (autoInc (ret 1)) 4, CR.ofTxSkel txSkel 1), twice
 * 3 + 5 (>>= 2, the lambda's ret (x + x) 3), ofTxSkel 3: 18.
 */
#define TWICE(arg, k) HEAD "module CR = Zen.ContractResult\n" \
	"val twice: #n:nat -> nat `cost` n -> nat `cost` (n + 5)\n" \
	"let twice #n mx = mx >>= (fun x -> ret (x + x))\n" \
	"val main: txSkeleton -> context -> contractId -> string -> sender " \
	"-> option data -> wallet -> option data -> CR.t `cost` " #k "\n" \
	"let main txSkel _ _ _ _ _ _ _ =\n" \
	"  let! y = twice " arg " in\n" \
	"  CR.ofTxSkel txSkel\n" \
	"let cf _ _ _ _ _ _ _ = ret (" #k " <: nat)\n"

static void test_explicit_implicits(void)
{
	over_case(TWICE("#3 (autoInc (ret 1))", 18), NULL, 0,
		  "an implicit argument, autoInc's target");
	over_case(TWICE("#2 (incRet 2 1)", 17), NULL, 0,
		  "an implicit argument, the argument's cost");
	over_case(TWICE("#0 (incRet 2 1)", 17),
		  "t.fst:11:22: this expression costs 2 but its type says 0 "
		  "for command \"\"", 1, "an implicit argument below the "
		  "argument's cost");
}

/*
 * A match F* cannot prove complete is refused ("Patterns are
 * incomplete"), where nothing constrains its scrutinee: a parameter, a
 * let! variable, of no refined type, that no condition on the way names.
 * Helpers from line 8, never called: the check is static.
 */
#define MATCHES(helpers) HEAD "open Zen.Data\nmodule CR = " \
	"Zen.ContractResult\n" helpers \
	"let main txSkel _ _ _ _ _ _ _ = CR.ofTxSkel txSkel\n" \
	"let cf _ _ _ _ _ _ _ = ret (4 <: nat)\n"
#define INCOMPLETE "(F* refuses a match it cannot prove complete: " \
	"\"Patterns are incomplete\")"

static void test_incomplete_matches(void)
{
	over_case(MATCHES("type color = | Red | Green | Blue of nat\n"
			  "val pick: color -> nat `cost` 0\n"
			  "let pick c = match c with | Red -> ret 1 "
			  "| Blue n -> ret n\n"),
		  "t.fst:10:14: this match does not cover Green " INCOMPLETE,
		  1, "a variant of the contract's");
	over_case(HEAD "module CR = Zen.ContractResult\n"
		  "let main txSkel _ _ command sender _ _ _ =\n"
		  "  match command, sender with\n"
		  "  | \"buy\", PK _ -> CR.ofTxSkel txSkel\n"
		  "  | _, Anonymous -> RT.autoFailw \"anonymous\"\n"
		  "let cf _ _ _ _ _ _ _ = ret (4 <: nat)\n",
		  "t.fst:8:3: this match does not cover (_, PK _) " INCOMPLETE,
		  1, "main's command and sender");
	over_case(MATCHES("val f: option data -> nat `cost` 0\n"
			  "let f b = match b with | Some (U64 n) -> ret 1 "
			  "| None -> ret 0\n"),
		  "t.fst:9:11: this match does not cover Some (I64 _) "
		  INCOMPLETE, 1, "nested data");
	over_case(MATCHES("val f: list nat -> nat `cost` 0\n"
			  "let f l = match l with | [] -> ret 0 "
			  "| [x] -> ret x\n"),
		  "t.fst:9:11: this match does not cover _ :: _ :: _ "
		  INCOMPLETE, 1, "a list");
	over_case(MATCHES("val f: option nat `cost` 2 -> nat `cost` 3\n"
			  "let f m = m >>= (function | Some n -> ret n)\n"),
		  "t.fst:9:18: this match does not cover None " INCOMPLETE, 1,
		  "a callback of >>=");
	over_case(MATCHES("val f: nat -> nat `cost` 2\n"
			  "let f k = let! (Some n) = ret (Some k) in ret n\n"),
		  "t.fst:9:17: this pattern does not cover None " INCOMPLETE,
		  1, "a let! pattern");
	over_case(MATCHES("val get: option nat -> nat `cost` 0\n"
			  "let get (Some n) = ret n\n"),
		  "t.fst:9:10: this pattern does not cover None " INCOMPLETE,
		  1, "a parameter pattern");
	/* complete, or F* may prove it so */
	over_case(MATCHES("type color = | Red | Green | Blue of nat\n"
			  "val f: color -> option nat -> nat `cost` 0\n"
			  "let f c o = match c, o with | Red, _ -> ret 0 "
			  "| Green, Some n -> ret n | Green, None -> ret 1 "
			  "| Blue n, _ -> ret n\n"
			  "val g: list (option nat) -> nat `cost` 0\n"
			  "let g l = match l with | [] | [None] -> ret 0 "
			  "| Some n :: _ -> ret n | None :: _ :: _ -> ret 2\n"
			  "val h: option data -> nat `cost` 0\n"
			  "let h b = match b with | Some (Collection (Dict _)) "
			  "-> ret 1 | Some _ | None -> ret 0\n"),
		  NULL, 0, "complete matches");
	over_case(MATCHES("val f: option nat -> nat `cost` 0\n"
			  "let f x = if x = None then ret 0 else "
			  "match x with | Some n -> ret n\n"
			  "val g: option nat -> nat `cost` 0\n"
			  "let g x = let b = x = None in if b then ret 0 else "
			  "match x with | Some n -> ret n\n"
			  "val h: option nat -> nat `cost` 0\n"
			  "let h x = match x with | Some _ -> "
			  "(match x with | Some n -> ret n) | None -> ret 0\n"
			  "val k: option nat -> nat `cost` 0\n"
			  "let k x = if x <> None && (match x with "
			  "| Some n -> n > 0) then ret 1 else ret 0\n"),
		  NULL, 0, "a condition on the way");
	over_case(MATCHES("let f (x: option nat{Some? x}) : nat `cost` 0 =\n"
			  "  match x with | Some n -> ret n\n"
			  "val g: x:option nat{Some? x} -> nat `cost` 0\n"
			  "let g x = match x with | Some n -> ret n\n"
			  "val some: nat -> (r:option nat{Some? r}) `cost` 0\n"
			  "let some k = ret (Some k)\n"
			  "val h: nat -> nat `cost` 0\n"
			  "let h k = let! y = some k in match y with "
			  "| Some n -> ret n\n"
			  "val p: x:option nat -> Pure (nat `cost` 0) "
			  "(requires (Some? x)) (ensures (fun _ -> True))\n"
			  "let p x = match x with | Some n -> ret n\n"),
		  NULL, 0, "refinements and preconditions");
	/* Zulib's refined results and callback domains, a val's arrow
	 * domain (its refinement is not kept) */
	over_case(MATCHES("module A = Zen.Array\nmodule L = Zen.List\n"
			  "val f: A.indexed nat 2 -> nat `cost` 10\n"
			  "let f arr = let! l = A.toList arr in match l with "
			  "| [a; b] -> incRet 2 (a + b)\n"
			  "val g: nat -> list nat `cost` 10\n"
			  "let g k = L.init_pure 2 (fun i -> match i with "
			  "| 0 -> ret 1 | 1 -> ret 2)\n"
			  "val apply: (x:option nat{Some? x} -> nat `cost` 1) "
			  "-> nat `cost` 2\n"
			  "let apply h = h (Some 1) |> inc 1\n"
			  "val h: nat -> nat `cost` 2\n"
			  "let h k = apply (fun x -> match x with "
			  "| Some n -> incRet 1 n)\n"),
		  NULL, 0, "refined results and callbacks");
	/* h48's probes, each accepted by F*: a lambda's parameter takes the
	 * refinement of the arguments before it, or its own annotation */
	over_case(MATCHES("type someNat = o:option nat{o <> None}\n"
			  "val g: unit -> cost someNat 2\n"
			  "let g _ = ret (Some 3 <: someNat)\n"
			  "val f: unit -> cost nat 8\n"
			  "let f _ = g () >>= (fun x -> match x with "
			  "| Some z -> ret z)\n"
			  "val f2: unit -> cost nat 8\n"
			  "let f2 _ = ret (Some 3) >>= (fun (x:option nat"
			  "{x <> None}) -> match x with | Some z -> ret z)\n"
			  "val f3: option nat -> cost nat 11\n"
			  "let f3 x = ifBang (ret (x <> None)) (fun b -> "
			  "if b then begin match x with | Some z -> ret z end "
			  "else ret 0)\n"
			  "type cb = o:option nat{o <> None} -> cost nat 3\n"
			  "val app: cb -> cost nat 5\n"
			  "let app k = k (Some 1)\n"
			  "val f4: unit -> cost nat 6\n"
			  "let f4 _ = app (fun x -> match x with "
			  "| Some z -> ret z)\n"
			  "val f5: unit -> cost nat 8\n"
			  "let f5 _ = let! x = ret #(o:option nat{o <> None}) "
			  "(Some 3) in match x with | Some z -> ret z\n"),
		  NULL, 0, "refined lambdas");
	/* a let! of a refined result that a condition speaks of, or that is
	 * not a plain call */
	over_case(MATCHES("type someNat = o:option nat{o <> None}\n"
			  "val g: unit -> cost someNat 2\n"
			  "let g _ = ret (Some 3 <: someNat)\n"
			  "val chk: x:option nat -> cost (b:bool"
			  "{b = (x <> None)}) 3\n"
			  "let chk x = ret (x <> None)\n"
			  "val f: option nat -> cost nat 12\n"
			  "let f x = let! b = chk x in if b then begin match x "
			  "with | Some z -> ret z end else ret 0\n"
			  "val f2: nat -> cost nat 13\n"
			  "let f2 y = let! x = (if y = 0 then g () else g ()) "
			  "in match x with | Some z -> ret z\n"),
		  NULL, 0, "refined let!");
	/* a refinement on another parameter, squash */
	over_case(MATCHES("let f (x:option nat) (y:nat{x <> None}) : "
			  "cost nat 3 = match x with | Some z -> ret z\n"
			  "val f2: x:option nat -> squash (x <> None) -> "
			  "cost nat 3\n"
			  "let f2 x _ = match x with | Some z -> ret z\n"),
		  NULL, 0, "another parameter's refinement");
	/* refined record fields and constructor arguments */
	over_case(MATCHES("type someNat = o:option nat{o <> None}\n"
			  "type r = { a: someNat; b: nat }\n"
			  "val f: r -> cost nat 3\n"
			  "let f ({a = x}) = match x with | Some z -> ret z\n"
			  "type t = | A of someNat | B\n"
			  "val f2: t -> cost nat 5\n"
			  "let f2 x = match x with | A (Some z) -> ret z "
			  "| B -> ret 0\n"),
		  NULL, 0, "refined fields and arguments");
	/* h49's probes: what a pure let or a condition stands for, whatever
	 * its form; a refined let! tuple; a refinement inside a parameter's
	 * type; tryMapT's length; a precondition in a return type */
	over_case(MATCHES("val f: option nat -> cost nat 8\n"
			  "let f x = let d = (match x with | None -> true "
			  "| _ -> false) in if d then ret 0 else "
			  "(match x with | Some z -> ret z)\n"
			  "val f2: option nat -> cost nat 9\n"
			  "let f2 x = if (match x with | Some _ -> true "
			  "| None -> false) then (match x with "
			  "| Some z -> ret z) else ret 0\n"
			  "val f3: option nat -> cost nat 10\n"
			  "let f3 x = let (a, b) = (x <> None, 1) in if a then "
			  "(match x with | Some z -> ret z) else ret 0\n"),
		  NULL, 0, "conditions of any form");
	over_case(MATCHES("val g: x:option nat -> cost ((b:bool"
			  "{b = (x <> None)}) * nat) 5\n"
			  "let g x = ret (((x <> None) <: (b:bool"
			  "{b = (x <> None)})), (1 <: nat))\n"
			  "val f: option nat -> cost nat 14\n"
			  "let f x = let! (b, _) = g x in if b then "
			  "(match x with | Some z -> ret z) else ret 0\n"
			  "val f2: cost (o:option nat{o <> None}) 0 -> "
			  "cost nat 5\n"
			  "let f2 mx = let! x = mx in match x with "
			  "| Some z -> ret z\n"
			  "val inc1: nat -> nat `RT.t` 3\n"
			  "let inc1 n = RT.ok (n + 1)\n"
			  "val f3: unit -> cost nat 81\n"
			  "let f3 _ = let! r = RT.tryMapT inc1 [1; 2] in "
			  "match r with | OK (h :: _) -> ret h | ERR _ -> ret 0\n"
			  "let f4 (x:option nat) : Pure (cost nat 3) "
			  "(requires (x <> None)) (ensures (fun _ -> True)) = "
			  "match x with | Some z -> ret z\n"),
		  NULL, 0, "refined let! tuples, parameters, results");
	/* h50's probes: a refined type given to cast, a local function's
	 * types that speak of what it captures, arrows the val does not
	 * show, an indexed family */
	over_case(MATCHES("type someNat = o:option nat{o <> None}\n"
			  "val f: option nat -> cost nat 13\n"
			  "let f x = if x = None then ret 0 else (let! y = "
			  "ret (cast someNat x) in match y with "
			  "| Some z -> ret z)\n"
			  "val f2: list nat -> cost nat 14\n"
			  "let f2 ls =\n"
			  "  let get (i:nat{i < length ls}) : cost nat 4 = "
			  "(match ls with | h :: _ -> ret h) in\n"
			  "  if length ls > 0 then get 0 else (ret 0 |> inc 4)\n"
			  "val f3: option nat -> cost nat 12\n"
			  "let f3 x =\n"
			  "  let chk (u:unit) : cost (b:bool{b = (x <> None)}) 3"
			  " = ret (x <> None) in\n"
			  "  let! b = chk () in\n"
			  "  if b then (match x with | Some z -> ret z) "
			  "else ret 0\n"),
		  NULL, 0, "cast, captured refinements");
	over_case(MATCHES("val f: nat -> (x:option nat{x <> None} -> "
			  "cost nat 3)\n"
			  "let f n x = match x with | Some z -> ret z\n"
			  "type someNat = o:option nat{o <> None}\n"
			  "type handler (a:Type) (n:nat) = a -> cost nat n\n"
			  "val f2: handler someNat 3\n"
			  "let f2 x = match x with | Some z -> ret z\n"
			  "let f3 (x:option nat) : (u:unit{x <> None}) -> "
			  "cost nat 3 = fun u -> match x with "
			  "| Some z -> ret z\n"
			  "type t : nat -> Type = | A : t 0 "
			  "| B : n:nat -> t (n + 1)\n"
			  "val f4: t 0 -> cost nat 2\n"
			  "let f4 x = match x with | A -> ret 0\n"),
		  NULL, 0, "arrows not shown, an indexed family");
	/* a refutable pure let of a parameter is a match of one branch */
	over_case(MATCHES("val f: option nat -> nat `cost` 1\n"
			  "let f x = let Some z = x in ret z\n"),
		  "t.fst:9:15: this pattern does not cover None " INCOMPLETE,
		  1, "a refutable pure let");
	/* still judged: a val of more arrows than parameters */
	over_case(MATCHES("val f: option nat -> nat -> cost nat 5\n"
			  "let f x = fun n -> match x with "
			  "| Some z -> ret z\n"),
		  "t.fst:9:20: this match does not cover None " INCOMPLETE, 1,
		  "a val's later arrow");
}

static void test_declared_index_above(void)
{
	over_case(HEAD "val fee: U64.t -> U64.t `cost` 30\n"
		  "let fee x = inc 20 (ret x)\n" OVER_MAIN("fee 1UL") OVER_CF,
		  "t.fst:6:5: fee costs 23 but its val says 30 for command "
		  "\"\"", 1, "a helper's val above its body");
	/* RT.failw "x" >>= (fun y -> RT.incOK 9 y): the failure skips the
	 * lambda, whose 9 + 2 the type still counts: 11 + >>= 2 + failw 1 */
	over_case(HEAD "val g: U64.t -> result U64.t `cost` 14\n"
		  "let g x = RT.failw \"x\" >>= (fun y -> RT.incOK 9 y)\n"
		  OVER_MAIN("g 1UL") OVER_CF, NULL, 0,
		  "a lambda skipped by a failure: not judged");
	over_case(HEAD "val g: U64.t -> result U64.t `cost` 40\n"
		  "let g x = RT.autoOK x\n" OVER_MAIN("g 1UL") OVER_CF, NULL,
		  0, "an auto* constructor: not judged");
	over_case(HEAD "val g: U64.t -> U64.t `cost` 40\n"
		  "let g x = autoInc (incRet 3 x)\n" OVER_MAIN("g 1UL")
		  OVER_CF, NULL, 0, "autoInc: not judged");
	/* F* binds n from the caller's type: pad 0 costs 7 there */
	over_case(HEAD "val pad: #n:nat -> nat -> nat `cost` (n + 2)\n"
		  "let pad #n x = incRet n x\n"
		  "val f: option nat -> nat `cost` 12\n"
		  "let f o = match o with | Some x -> incRet 7 x "
		  "| None -> pad 0\n" OVER_MAIN("f None") OVER_CF, NULL, 0,
		  "an implicit the caller's type binds: not judged");
	/* main's own val, and main below cf: `CR.ofTxSkel t` is 1 + 3 */
	over_case(HEAD "module CR = Zen.ContractResult\n"
		  "val main: txSkeleton -> context -> contractId -> string -> "
		  "sender -> option data -> wallet -> option data -> "
		  "CR.t `cost` 20\n"
		  "let main txSkel _ _ _ _ _ _ _ = CR.ofTxSkel txSkel\n"
		  "let cf _ _ _ _ _ _ _ = ret (20 <: nat)\n",
		  "t.fst:7:5: main costs 4 but its val says 20 for command "
		  "\"\"", 1, "main's val above its body");
	over_case(HEAD "module CR = Zen.ContractResult\n"
		  "let main txSkel _ _ _ _ _ _ _ = CR.ofTxSkel txSkel\n"
		  "let cf _ _ _ _ _ _ _ = ret (20 <: nat)\n",
		  "t.fst:7:5: main costs 4 but cf says 20 for command \"\"", 2,
		  "main below cf (and the command no one knows)");
	over_case(HEAD "module CR = Zen.ContractResult\n"
		  "let main txSkel _ _ _ _ _ _ _ = CR.ofTxSkel txSkel\n"
		  "let cf _ _ _ _ _ _ _ = ret (4 <: nat)\n", NULL, 0,
		  "main as cf");
	test_arrow_abbreviations();
	test_uncost();
	test_explicit_implicits();
	test_incomplete_matches();
}

static void test_declared_index(void)
{
	over_case(HEAD "val fee: U64.t -> U64.t `cost` 3\n"
		  "let fee x = inc 20 (ret x)\n" OVER_MAIN("fee 1UL") OVER_CF,
		  "t.fst:6:5: fee costs 23 but its val says 3 for command "
		  "\"\"", 1, "a helper's val");
	over_case(HEAD "val fee: U64.t -> U64.t `cost` 23\n"
		  "let fee x = inc 20 (ret x)\n" OVER_MAIN("fee 1UL") OVER_CF,
		  NULL, 0, "a helper's val, exact");
	over_case(HEAD "let fee (x: U64.t) : U64.t `cost` 3 =\n"
		  "  inc 20 (ret x)\n" OVER_MAIN("fee 1UL") OVER_CF,
		  "t.fst:6:5: fee costs 23 but its type says 3 for command "
		  "\"\"", 1, "a return type");
	/* an ascription pads what it ascribes, which carries no increment
	 * of its own: 20 */
	over_case(HEAD OVER_MAIN("(inc 20 (ret 1UL) <: U64.t `cost` 3)")
		  OVER_CF,
		  "t.fst:7:14: this expression costs 20 but its type says 3 "
		  "for command \"\"", 1, "an ascription");
	/* a whole body ascribed is inside the body's increment (the
	 * elaborator wraps Ascribed (e', T)): inc 2 (incRet 3 x <: ... 3)
	 * costs 5, as its val says (h32's blind round) */
	over_case(HEAD "val f: nat -> nat `cost` 5\n"
		  "let f x = (incRet 3 x <: nat `cost` 3)\n" OVER_MAIN("f 1")
		  OVER_CF, NULL, 0, "a body ascribed, its val with the increment");
	over_case(HEAD "val f: nat -> nat `cost` 4\n"
		  "let f x = (incRet 3 x <: nat `cost` 3)\n" OVER_MAIN("f 1")
		  OVER_CF, "t.fst:6:5: f costs 5 but its val says 4 for command "
		  "\"\"", 1, "a body ascribed, its val without the increment");
	/* `let g = function ...`: the lambda carries the increment, so
	 * the val covers it (match: leaves Some x 2, None 1, max(ret x,
	 * ret 0) 1: 4) (h32's blind round) */
	over_case(HEAD "val g: option nat -> nat `cost` 4\n"
		  "let g = function | Some x -> ret x | None -> ret 0\n"
		  OVER_MAIN("g (Some 1)") OVER_CF, NULL, 0,
		  "let g = function, its val exact");
	over_case(HEAD "val g: option nat -> nat `cost` 3\n"
		  "let g = function | Some x -> ret x | None -> ret 0\n"
		  OVER_MAIN("g (Some 1)") OVER_CF,
		  "t.fst:6:5: g costs 4 but its val says 3 for command \"\"", 1,
		  "let g = function, its val short");
	over_case(HEAD "val g: nat -> option nat -> nat `cost` 3\n"
		  "let g y = fun o -> match o with | Some x -> ret x "
		  "| None -> ret y\n" OVER_MAIN("g 0 (Some 1)") OVER_CF,
		  "t.fst:6:5: g costs 4 but its val says 3 for command \"\"", 1,
		  "let g y = fun o -> ..., its val short");
	/* a val through the contract's type abbreviations, parameters
	 * replaced (h33's blind round): incRet k k is 2 + k */
	over_case(HEAD "type priced (a:Type) (n:nat) = a `cost` (n + 2)\n"
		  "val g: k:nat -> priced nat k\nlet g k = incRet k k\n"
		  OVER_MAIN("g 3") OVER_CF, NULL, 0,
		  "a val through an abbreviation, exact");
	over_case(HEAD "type priced (a:Type) (n:nat) = a `cost` (n + 1)\n"
		  "val g: k:nat -> priced nat k\nlet g k = incRet k k\n"
		  OVER_MAIN("g 3") OVER_CF,
		  "t.fst:7:5: g costs 5 but its val says 4 for command \"\"", 1,
		  "a val through an abbreviation, short");
	over_case(HEAD "type small = nat `cost` 2\nval zp: small\n"
		  "let zp = incRet 1 5\n" OVER_MAIN("zp") OVER_CF,
		  "t.fst:7:5: zp costs 3 but its val says 2 for command \"\"", 1,
		  "a cost value's val through an abbreviation, short");
	/* Zen.Cost.t is cost (h35's blind round) */
	over_case(HEAD "module C = Zen.Cost\nval zp: C.t nat 2\n"
		  "let zp = incRet 1 5\n" OVER_MAIN("zp") OVER_CF,
		  "t.fst:7:5: zp costs 3 but its val says 2 for command \"\"", 1,
		  "a val of C.t, short");
	/* a cost value's val: incRet 1 5, 2 arguments 2 + 1 */
	over_case(HEAD "val zp: nat `cost` 3\nlet zp = incRet 1 5\n"
		  OVER_MAIN("zp") OVER_CF, NULL, 0, "a cost value, its val exact");
	over_case(HEAD "val zp: nat `cost` 2\nlet zp = incRet 1 5\n"
		  OVER_MAIN("zp") OVER_CF,
		  "t.fst:6:5: zp costs 3 but its val says 2 for command \"\"", 1,
		  "a cost value, its val short");
	/* f's body is g x in tail position: 1 + g's exact 10 */
	over_case(HEAD "val g: U64.t -> U64.t `cost` 10\n"
		  "let g x = inc 7 (ret x)\n"
		  "val f: U64.t -> U64.t `cost` 5\n"
		  "let f x = g x\n" OVER_MAIN("f 1UL") OVER_CF,
		  "t.fst:8:5: f costs 11 but its val says 5 for command "
		  "\"\"", 1, "a tail call dearer than the caller's val");
	over_case(HEAD OVER_MAIN("ret 1UL")
		  "val cf: txSkeleton -> context -> string -> sender -> "
		  "option data -> wallet -> option data -> nat `cost` 0\n"
		  OVER_CF,
		  "t.fst:9:5: cf costs 1 but its val says 0 for command "
		  "\"\"", 1, "cf's val");
	over_case(HEAD OVER_MAIN("ret 1UL")
		  "val cf: txSkeleton -> context -> string -> sender -> "
		  "option data -> wallet -> option data -> nat `cost` 1\n"
		  OVER_CF, NULL, 0, "cf's val, exact");
	test_declared_index_above();
}

/* Commands from `=` either way round, a tuple match, and main's own
 * dispatch; the unknown command steps past a name the contract uses. */
static void test_commands_found(void)
{
	const char *src = HEAD
		"let main txSkel _ _ command sender _ _ _ = autoInc begin\n"
		"  match command, sender with\n"
		"  | \"zen-check-other-0\", _ -> " OKBODY "\n"
		"  | \"tup\", _ | \"or\", _ -> " OKBODY "\n"
		"  | _ -> if \"eq\" = command then " OKBODY "\n"
		"         else if command = \"qe\" then " OKBODY "\n"
		"         else RT.failw \"no\" end\n"
		"let cf _ _ _ _ _ _ _ = ret (100 <: nat)\n";
	struct zen_check_report rep = ZEN_CHECK_REPORT_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	char costs[512];

	tap_ok(!check(src, &rep, NULL, &err), "commands: accepted (%s)",
	       err.msg);
	/* (main's counts are the elaborator's: test-contract-eval's) */
	costs_text(costs, sizeof(costs), &rep, 0);
	tap_str(costs, "=100 zen-check-other-0=100 tup=100 or=100 eq=100 "
		"qe=100 zen-check-other-1=100",
		"commands: match (or-patterns, tuples) and = both ways");
	zen_check_report_release(&rep);
}

/* A main that fails on every input compares nothing. */
static void test_failed_run(void)
{
	const char *src = HEAD
		"let main txSkel _ _ command _ messageBody _ _ =\n"
		"  match messageBody, 1 with | Some _, 0 -> " OKBODY "\n"
		"  <: contractResult `cost` 900\n"
		"let cf _ _ _ _ _ _ _ = ret (5 <: nat)\n";
	struct zen_check_report rep = ZEN_CHECK_REPORT_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c = NULL;
	char costs[256];

	tap_ok(!check(src, &rep, &c, &err) && c,
	       "failed run: accepted, contract out (%s)", err.msg);
	costs_text(costs, sizeof(costs), &rep, 1);
	tap_str(costs, "=failed zen-check-other-0=failed",
		"failed run: no comparison");
	zen_contract_free(c);
	zen_check_report_release(&rep);
}

/* ---- the inputs explored: paths the neutral input does not take ---------- */

#define HEAD2 HEAD "open Zen.Data\nmodule Dict = Zen.Dictionary\n" \
	"module Asset = Zen.Asset\nmodule U64 = FStar.UInt64\n" \
	"module U32 = FStar.UInt32\n"
#define H32 "0101010101010101010101010101010101010101010101010101010101010101"
#define MAIN_LINE 11	/* of `let main` after HEAD2 */
#define DEAR "inc 1000 (" OKBODY ")"

/* The generator point, compressed: the explored PK sender's key. */
static const uint8_t g_pk[33] = {
	0x02, 0x79, 0xbe, 0x66, 0x7e, 0xf9, 0xdc, 0xbb, 0xac, 0x55, 0xa0,
	0x62, 0x95, 0xce, 0x87, 0x0b, 0x07, 0x02, 0x9b, 0xfc, 0xdb, 0x2d,
	0xce, 0x28, 0xd9, 0x59, 0xf2, 0x81, 0x5b, 0x16, 0xf8, 0x17, 0x98,
};

/* main's own count (cost_body) for the arguments a, or 0 if it fails: the
 * engine's figure for the path, which the message must repeat. */
static uint64_t main_cost(const char *src, const struct zen_contract_args *a)
{
	struct zc_contract *c;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_contract_return ret;
	struct zen_contract_stats st;

	memset(&st, 0, sizeof(st));
	if (zen_contract_load(src, strlen(src), "t.fst", &c, &err))
		return 0;
	zen_contract_return_init(&ret);
	if (zen_contract_run(c, a, &ret, &st, &err))
		st.cost_body = 0;
	zen_contract_return_release(&ret);
	zen_contract_free(c);
	return st.cost_body;
}

static const struct zen_check_cost *cost_of(const struct zen_check_report *r,
					    const char *cmd)
{
	for (size_t i = 0; i < r->ncosts; i++)
		if (!strcmp(r->costs[i].command, cmd))
			return &r->costs[i];
	return NULL;
}

/*
 * main_src with main's body in `autoInc begin .. end`: F* pads a body up
 * to its type's index only there (autoInc : cost a m -> cost a n, m <=
 * n), so that cf may bound main from above, as these cases need; a
 * complete count below cf is refused as one above it is.
 */
static void autoinc_main(char *out, size_t cap, const char *src)
{
	const char *at = strstr(strstr(src, "let main"), "=\n") + 2;
	const char *end = strstr(at, "\nlet cf");

	if (!end)
		end = strstr(at, "\nval cf");
	end = end ? end + 1 : at + strlen(at);
	snprintf(out, cap, "%.*s  autoInc begin\n%.*s  end\n%s",
		 (int)(at - src), src, (int)(end - at), at, end);
}

/* autoinc_main of a whole contract, in one of a few static buffers */
static const char *bounded(const char *src)
{
	static char buf[4][4096];
	static unsigned i;

	i = (i + 1) % 4;
	autoinc_main(buf[i], sizeof(buf[i]), src);
	return buf[i];
}

/*
 * main (after HEAD2) costs 1000 more on a path only input a (command cmd)
 * takes, and cf says 400 everywhere: refused, the message naming cmd and
 * the input as desc, with main's cost on a, hand (the neutral input is
 * cheaper than 400: the check of one neutral input accepted all of
 * these).  With cf 5000 the same main is accepted, and cmd compared on
 * several inputs, within the budget.
 *
 * hand is counted from main_src (contracts.md 1.10, section 4): DEAR is
 * inc (2 arguments) 2 + OKBODY (@ 2 + 3 fields) 5 = 7, and Zulib's inc
 * 1000; OKBODY alone counts 5; `if command <> "x" then RT.failw "no"
 * else E` is 3 + 2 + E (E is larger than failw's 1).
 */
static void dear_case(const char *what, const char *main_src,
		      const char *cmd, struct zen_contract_args *a,
		      const char *desc, uint64_t hand)
{
	char src[2048], fixed[2048], want[512], bounded[1536];
	struct zen_check_report rep = ZEN_CHECK_REPORT_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	const struct zen_check_cost *k;
	size_t total = 0;
	uint64_t dear;

	autoinc_main(bounded, sizeof(bounded), main_src);
	hand++;		/* autoInc's application */
	snprintf(src, sizeof(src), "%s%slet cf _ _ _ _ _ _ _ = "
		 "ret (400 <: nat)\n", HEAD2, bounded);
	snprintf(fixed, sizeof(fixed), "%s%slet cf _ _ _ _ _ _ _ = "
		 "ret (5000 <: nat)\n", HEAD2, bounded);
	a->command = cmd;
	a->command_len = strlen(cmd);
	dear = main_cost(src, a);
	tap_ok(dear == hand, "%s: main costs %llu there (got %llu)", what,
	       (unsigned long long)hand, (unsigned long long)dear);
	snprintf(want, sizeof(want), "t.fst:%d:5: main costs %llu but cf "
		 "says 400 for command \"%s\" (%s)", MAIN_LINE,
		 (unsigned long long)hand, cmd, desc);
	tap_ok(check(src, &rep, NULL, &err) == ZEN_EINVAL && rep.n == 1,
	       "%s: refused, one error", what);
	tap_str(err.msg, want, "%s: the command and the input named", what);
	k = cost_of(&rep, cmd);
	tap_ok(k && k->ran && k->cf == 400 && k->main < 400,
	       "%s: the neutral input is within cf", what);
	zen_check_report_release(&rep);
	tap_ok(!check(fixed, &rep, NULL, &err), "%s: accepted with cf 5000 "
	       "(%s)", what, err.msg);
	k = cost_of(&rep, cmd);
	for (size_t i = 0; i < rep.ncosts; i++)
		total += rep.costs[i].inputs;
	tap_ok(k && k->inputs > 1 && total <= ZEN_CHECK_MAX_RUNS,
	       "%s: %zu inputs of \"%s\" compared, %zu in all", what,
	       k ? k->inputs : 0, cmd, total);
	zen_check_report_release(&rep);
}

/* A U64 value v. */
static void u64_of(struct zen_data *d, uint64_t v)
{
	zen_data_init(d);
	d->kind = ZEN_DATA_U64;
	d->u.u64 = v;
}

/* A hash value, h. */
static void hash_of(struct zen_data *d, const uint8_t *h)
{
	zen_data_init(d);
	d->kind = ZEN_DATA_HASH;
	memcpy(d->u.hash, h, ZEN_HASH_LEN);
}

/* d becomes a dict of one key, whose value (returned) is a U64 v. */
static struct zen_data *dict_of(struct zen_data *d, const char *key,
				uint64_t v)
{
	struct zen_data *val;

	zen_data_init(d);
	d->kind = ZEN_DATA_DICT;
	d->u.dict.entries = calloc(1, sizeof(*d->u.dict.entries));
	d->u.dict.n = 1;
	d->u.dict.entries[0].key = strdup(key);
	d->u.dict.entries[0].key_len = strlen(key);
	val = &d->u.dict.entries[0].value;
	u64_of(val, v);
	return val;
}

/* A key of a dict body, read as a U64. */
static void test_dear_body(void)
{
	struct zen_data body;
	struct zen_contract_args a;

	memset(&a, 0, sizeof(a));
	dict_of(&body, "amount", 5);
	a.body = &body;
	dear_case("body key",
		  "let main txSkel _ _ command _ messageBody _ _ =\n"
		  "  if command <> \"buy\" then RT.failw \"no\" else begin\n"
		  "  let! amount = messageBody >!= tryDict\n"
		  "    >?= Dict.tryFind \"amount\" >?= tryU64 in\n"
		  "  match amount with\n"
		  "  | Some _ -> " DEAR "\n"
		  "  | None -> " OKBODY "\n"
		  "  end\n", "buy", &a, "body {\"amount\": u64}",
		  /* if 3 + 2 + (let! 2 + (3 operators 6 + tryFind
		   * "amount" 1) + match (leaves Some _ 2 + None 1 + DEAR
		   * 7)) = 24; tryDict 4 + tryFind 64 + tryU64 2 + inc 1000 */
		  24 + 1070);
	zen_data_release(&body);
}

/* a: command "buy" and a body dict with "amount" as U64 v (in body, to
 * release); desc: that body as the check's messages name it. */
static void amount_args(struct zen_contract_args *a, struct zen_data *body,
			uint64_t v, char *desc, size_t cap)
{
	memset(a, 0, sizeof(*a));
	dict_of(body, "amount", v);
	a->command = "buy";
	a->command_len = 3;
	a->body = body;
	snprintf(desc, cap, "body {\"amount\": u64 %llu}",
		 (unsigned long long)v);
}

/* A main (after HEAD2) of command "buy" that reads the body's "amount"
 * as n and costs DEAR where cond (an expression of n) holds. */
#define AMOUNT_MAIN(cond) \
	"let main txSkel _ _ command _ messageBody _ _ =\n" \
	"  if command <> \"buy\" then RT.failw \"no\" else begin\n" \
	"  let! amount = messageBody >!= tryDict\n" \
	"    >?= Dict.tryFind \"amount\" >?= tryU64 in\n" \
	"  match amount with\n" \
	"  | Some n -> if " cond " then " DEAR "\n" \
	"              else " OKBODY "\n" \
	"  | None -> " OKBODY "\n" \
	"  end\n"

/* dear_case for an AMOUNT_MAIN dearer at amount v. */
static void amount_case(const char *what, const char *main_src, uint64_t v,
			uint64_t hand)
{
	struct zen_data body;
	struct zen_contract_args a;
	char desc[64];

	amount_args(&a, &body, v, desc, sizeof(desc));
	dear_case(what, main_src, "buy", &a, desc, hand);
	zen_data_release(&body);
}

/*
 * An amount past a threshold, and one below another: the body's numbers
 * of the explored inputs (1000) take neither path; past the largest
 * literal (5000, so 5001) and 0 do.
 */
static void test_dear_threshold(void)
{
	/* as test_dear_body, with the Some branch an if (3 + U64.gt 2 +
	 * DEAR 7) = 12 for DEAR 7: 24 + 5 = 29; tryDict 4 + tryFind 64 +
	 * tryU64 2 + inc 1000 */
	amount_case("above a threshold", AMOUNT_MAIN("n `U64.gt` 5000UL"),
		    5001, 29 + 1070);
	/* the same count, U64.lt for U64.gt */
	amount_case("below a threshold", AMOUNT_MAIN("n `U64.lt` 10UL"), 0,
		    29 + 1070);
}

/*
 * An amount between two thresholds: neither 1000 (the numbers of the
 * explored inputs), past the largest literal (3001) nor 0 takes it; the
 * literal compared plus one (2001) does.
 */
static void test_dear_between(void)
{
	/* as test_dear_threshold, with the condition && 2 + U64.gt 2 +
	 * U64.lt 2 = 6 for U64.gt's 2: 29 + 4 = 33 */
	amount_case("between two thresholds",
		    AMOUNT_MAIN("n `U64.gt` 2000UL && n `U64.lt` 3000UL"), 2001,
		    33 + 1070);
}

/* src is refused with one error, want. */
static void refused_with(const char *src, const char *want, const char *what)
{
	struct zen_check_report rep = ZEN_CHECK_REPORT_INIT;
	struct zen_err err = ZEN_ERR_INIT;

	tap_ok(check(src, &rep, NULL, &err) == ZEN_EINVAL && rep.n == 1,
	       "%s: refused, one error", what);
	tap_str(err.msg, want, "%s: the command and the input named", what);
	zen_check_report_release(&rep);
}

/* The contract of HEAD2, two top-level lines top, AMOUNT_MAIN(cond) and
 * a cf of 400 costs hand at amount v, and is refused with that input
 * named. */
static void amount_refused(const char *what, const char *top,
			   const char *cond, uint64_t v, uint64_t hand)
{
	struct zen_contract_args a;
	struct zen_data body;
	char src[2048], desc[64], want[256];

	snprintf(src, sizeof(src), HEAD2 "%s" AMOUNT_MAIN("%s")
		 "let cf _ _ _ _ _ _ _ = ret (400 <: nat)\n", top, cond);
	hand++;		/* bounded's autoInc */
	amount_args(&a, &body, v, desc, sizeof(desc));
	tap_u64(main_cost(bounded(src), &a), hand, "%s: main's cost at %llu",
		what, (unsigned long long)v);
	snprintf(want, sizeof(want), "t.fst:13:5: main costs %llu but cf says "
		 "400 for command \"buy\" (%s)", (unsigned long long)hand,
		 desc);
	refused_with(bounded(src), want, what);
	zen_data_release(&body);
}

/*
 * The same thresholds named at the top level (`let low = 2000UL`), as
 * real contracts write their prices and limits: the number past the
 * first name's value (2001) takes the path.
 */
static void test_dear_named_thresholds(void)
{
	/* as test_dear_between: a name costs what the literal did */
	amount_refused("named thresholds",
		       "let low = 2000UL\nlet high = 3000UL\n",
		       "n `U64.gt` low && n `U64.lt` high", 2001, 33 + 1070);
}

/* A string body compared with a constant: the explored strings ("zen")
 * do not take the path, the constant does. */
static void test_dear_string(void)
{
	struct zen_data body;
	struct zen_contract_args a;

	memset(&a, 0, sizeof(a));
	zen_data_init(&body);
	body.kind = ZEN_DATA_STRING;
	body.u.bytes.p = (uint8_t *)strdup("open");
	body.u.bytes.len = 4;
	a.body = &body;
	dear_case("a string compared",
		  "let main txSkel _ _ command _ messageBody _ _ =\n"
		  "  if command <> \"go\" then RT.failw \"no\" else\n"
		  "  match messageBody with\n"
		  "  | Some (String s) -> if s = \"open\" then " DEAR "\n"
		  "                       else " OKBODY "\n"
		  "  | _ -> " OKBODY "\n", "go", &a, "body string \"open\"",
		  /* if 3 + 2 + match (leaves Some (String s) 3 and _ 1 +
		   * if (3 + = 2 + DEAR 7)) = 21; inc 1000 */
		  21 + 1000);
	zen_data_release(&body);
}

/* A count read from a dict inside the state dict: the state of every key
 * has "book" as a dict of every key again (down to four levels, the
 * third and fourth written {...}), and so "count" inside "book". */
static void test_dear_deeper(void)
{
	struct zen_data st;
	struct zen_contract_args a;

	memset(&a, 0, sizeof(a));
	/* {"book": {"count": 7}}: the value of "book" made a dict again */
	dict_of(dict_of(&st, "book", 0), "count", 7);
	a.state = &st;
	dear_case("a state read deeper",
		  "let main txSkel _ _ command _ _ _ state =\n"
		  "  if command <> \"tick\" then RT.failw \"no\" else begin\n"
		  "  let! n = state >!= tryDict >?= Dict.tryFind \"book\"\n"
		  "    >?= tryDict >?= Dict.tryFind \"count\" >?= tryU64 in\n"
		  "  match n with\n"
		  "  | Some _ -> " DEAR "\n"
		  "  | None -> " OKBODY "\n"
		  "  end\n", "tick", &a,
		  "state {\"book\": {\"book\": {...}, \"count\": u64}, "
		  "\"count\": u64}",
		  /* if 3 + 2 + (let! 2 + (5 operators 10 + two tryFind
		   * applied 2) + match (leaves Some _ 2 + None 1 + DEAR 7))
		   * = 29; tryDict 4 twice, tryFind 64 twice, tryU64 2, inc
		   * 1000 */
		  29 + 1138);
	zen_data_release(&st);
}

/*
 * Dearer behind a signature that verifies, which no explored input has:
 * the check runs it with every signature taken as valid.  A PK sender
 * signs a constant hash; the body is the signature.  cf says 1000.
 *
 * By the rules of dear_case, past the command test (3 + 2): let! 2 +
 * parseHash applied to 1 argument 1 + match (a triple 3 + leaves PK p
 * 2, Some (Signature s) 3, Some m 2 and _ 1 + the branch: let! 2 +
 * verify applied to 3 arguments 3 + if (3 + DEAR 7)) = 34, and Zulib's
 * parseHash 32, verify 800 and inc 1000: 1866.  Without the signature:
 * the same count (an if counts its larger branch, as `if command <> ...`
 * does) and no inc, 866, within cf; the neutral input (no sender key, no body) takes
 * the `_` branch, cheaper still.
 */
static void test_dear_signature(void)
{
	const char *src = HEAD2
		"let main txSkel _ _ command sender messageBody _ _ =\n"
		"  if command <> \"claim\" then RT.failw \"no\" else begin\n"
		"  let! h = Zen.Crypto.parseHash \"" H32 "\" in\n"
		"  match sender, messageBody, h with\n"
		"  | PK p, Some (Signature s), Some m ->\n"
		"      let! ok = Zen.Crypto.verify p s m in\n"
		"      if ok then " DEAR " else " OKBODY "\n"
		"  | _ -> " OKBODY "\n"
		"  end\n"
		"let cf _ _ _ _ _ _ _ = ret (1000 <: nat)\n";
	struct zen_check_report rep = ZEN_CHECK_REPORT_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	const struct zen_check_cost *k;
	struct zen_contract_args a;
	struct zen_data sig;

	memset(&a, 0, sizeof(a));
	zen_data_init(&sig);
	sig.kind = ZEN_DATA_SIGNATURE;
	memset(sig.u.signature, 3, sizeof(sig.u.signature));
	a.command = "claim";
	a.command_len = 5;
	a.sender = ZEN_SENDER_PK;
	memcpy(a.sender_pk, g_pk, sizeof(g_pk));
	a.body = &sig;
	src = bounded(src);	/* autoInc 1 more */
	tap_u64(main_cost(src, &a), 867, "signature: 867 with a signature "
		"that does not verify");
	a.assume_valid = 1;
	tap_u64(main_cost(src, &a), 1867, "signature: 1867 with one that "
		"does");
	tap_ok(check(src, &rep, NULL, &err) == ZEN_EINVAL && rep.n == 1,
	       "signature: refused, one error");
	tap_str(err.msg, "t.fst:11:5: main costs 1867 but cf says 1000 for "
		"command \"claim\" (body signature, sender PK, signatures "
		"and proofs valid)", "signature: the command and the input "
		"named");
	k = cost_of(&rep, "claim");
	tap_ok(k && k->ran && k->main < 1000, "signature: the neutral input "
	       "is within cf (%llu)", k ? (unsigned long long)k->main : 0);
	zen_check_report_release(&rep);
}

/* 2G, compressed: a key no explored sender has unless the contract
 * names it */
#define PK2 "02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5"

/*
 * A path for the owner only: the sender's key compared with a key parsed
 * from a constant.  The explored PK sender (the generator) does not take
 * it; the sender with the parsed key does.
 */
static void test_dear_owner(void)
{
	static const uint8_t two_g[33] = {
		0x02, 0xc6, 0x04, 0x7f, 0x94, 0x41, 0xed, 0x7d, 0x6d, 0x30,
		0x45, 0x40, 0x6e, 0x95, 0xc0, 0x7c, 0xd8, 0x5c, 0x77, 0x8e,
		0x4b, 0x8c, 0xef, 0x3c, 0xa7, 0xab, 0xac, 0x09, 0xb9, 0x5c,
		0x70, 0x9e, 0xe5,
	};
	struct zen_contract_args a;

	memset(&a, 0, sizeof(a));
	a.sender = ZEN_SENDER_PK;
	memcpy(a.sender_pk, two_g, sizeof(two_g));
	dear_case("the owner's key",
		  "let main txSkel _ _ command sender _ _ _ =\n"
		  "  if command <> \"mint\" then RT.failw \"no\" else begin\n"
		  "  let! key = Zen.Crypto.parsePublicKey \"" PK2 "\" in\n"
		  "  match sender, key with\n"
		  "  | PK p, Some k -> if p = k then " DEAR " else " OKBODY "\n"
		  "  | _ -> " OKBODY "\n"
		  "  end\n", "mint", &a, "sender PK " PK2,
		  /* if 3 + 2 + (let! 2 + parsePublicKey applied 1 + match
		   * (a pair 2 + leaves PK p 2, Some k 2 and _ 1 + if (3 + =
		   * 2 + DEAR 7))) = 27; parsePublicKey 120 + inc 1000 */
		  27 + 1120);
}

/*
 * A body hash compared with a hash parsed from a top-level constant: the
 * explored hashes (0x01 bytes) miss it, the parsed one takes it.
 */
static void test_dear_hash(void)
{
	const char *src = HEAD2
		"let target = \"0a0b0c0d" "01010101010101010101010101010101"
		"010101010101010101010101\"\n"
		"let main txSkel _ _ command _ messageBody _ _ =\n"
		"  if command <> \"open\" then RT.failw \"no\" else begin\n"
		"  let! t = Zen.Crypto.parseHash target in\n"
		"  match messageBody, t with\n"
		"  | Some (Hash h), Some x -> if h = x then " DEAR "\n"
		"                            else " OKBODY "\n"
		"  | _ -> " OKBODY "\n"
		"  end\n"
		"let cf _ _ _ _ _ _ _ = ret (400 <: nat)\n";
	struct zen_contract_args a;
	struct zen_data h;
	uint8_t hash[ZEN_HASH_LEN];

	memset(&a, 0, sizeof(a));
	memset(hash, 1, sizeof(hash));
	memcpy(hash, "\x0a\x0b\x0c\x0d", 4);
	hash_of(&h, hash);
	a.command = "open";
	a.command_len = 4;
	a.body = &h;
	/* as test_dear_owner, with leaves Some (Hash h) 3 for PK p 2 (28)
	 * and parseHash 32 for parsePublicKey 120 */
	src = bounded(src);	/* autoInc 1 more */
	tap_u64(main_cost(src, &a), 29 + 1032, "hash: main's cost on the "
		"parsed hash");
	refused_with(src, "t.fst:12:5: main costs 1061 but cf says 400 for "
		     "command \"open\" (body hash 0a0b0c0d01010101010101010101"
		     "010101010101010101010101010101010101)", "hash");
}

/* Any output in the wallet. */
static void test_dear_wallet(void)
{
	struct zen_output o;
	struct zen_outpoint op;
	struct zen_contract_args a;

	memset(&a, 0, sizeof(a));
	memset(&op, 7, sizeof(op));
	zen_output_init(&o);
	o.lock.id = ZEN_LOCK_PK;
	o.spend.amount = 5;
	a.wallet_outputs = &o;
	a.wallet_outpoints = &op;
	a.wallet_n = 1;
	dear_case("wallet",
		  "let main txSkel _ _ command _ _ wallet _ =\n"
		  "  if command <> \"pay\" then RT.failw \"no\" else\n"
		  "  match wallet with\n"
		  "  | [] -> " OKBODY "\n"
		  "  | _ -> " DEAR "\n", "pay", &a,
		  "wallet of 4: 3 ZP, 1 of its asset",
		  /* if 3 + 2 + match (leaves [] 0 + _ 1 + DEAR 7) = 13 */
		  13 + 1000);
}

/* A contract sender: not the first sender tried (a PK is). */
static void test_dear_sender(void)
{
	struct zen_contract_args a;

	memset(&a, 0, sizeof(a));
	a.sender = ZEN_SENDER_CONTRACT;
	dear_case("sender",
		  "let main txSkel _ _ command sender _ _ _ =\n"
		  "  if command <> \"call\" then RT.failw \"no\" else\n"
		  "  match sender with\n"
		  "  | Contract _ -> " DEAR "\n"
		  "  | _ -> " OKBODY "\n", "call", &a, "sender a contract",
		  /* if 3 + 2 + match (leaves Contract _ 2 + _ 1 + DEAR 7)
		   * = 15 */
		  15 + 1000);
}

/* A state, read as a U64. */
static void test_dear_state(void)
{
	struct zen_data st;
	struct zen_contract_args a;

	memset(&a, 0, sizeof(a));
	u64_of(&st, 5);
	a.state = &st;
	dear_case("state",
		  "let main txSkel _ _ command _ _ _ state =\n"
		  "  if command <> \"tick\" then RT.failw \"no\" else begin\n"
		  "  let! n = state >!= tryU64 in\n"
		  "  match n with\n"
		  "  | Some _ -> " DEAR "\n"
		  "  | None -> " OKBODY "\n"
		  "  end\n", "tick", &a, "state u64",
		  /* if 3 + 2 + (let! 2 + >!= 2 + match (3 + 7)) = 19;
		   * tryU64 2 + inc 1000 */
		  19 + 1002);
}

/* ZP available in the skeleton (getAvailableTokens). */
static void test_dear_skeleton(void)
{
	struct zen_skel_input in;
	struct zen_skel sk;
	struct zen_contract_args a;

	memset(&a, 0, sizeof(a));
	memset(&in, 0, sizeof(in));
	zen_output_init(&in.output);
	in.output.lock.id = ZEN_LOCK_PK;
	in.output.spend.amount = 5;
	zen_skel_init(&sk);
	sk.inputs = &in;
	sk.n_inputs = 1;
	a.tx = &sk;
	dear_case("skeleton",
		  "let main txSkel _ _ command _ _ _ _ =\n"
		  "  if command <> \"sell\" then RT.failw \"no\" else begin\n"
		  "  let! zp = Tx.getAvailableTokens Asset.zenAsset txSkel in\n"
		  "  if zp `U64.gt` 0UL then " DEAR "\n"
		  "  else " OKBODY "\n"
		  "  end\n", "sell", &a, "ZP and its asset in the skeleton",
		  /* if 3 + 2 + (let! 2 + getAvailableTokens 2 + if (3 +
		   * U64.gt 2 + DEAR 7)) = 21; getAvailableTokens 64 + inc
		   * 1000 */
		  21 + 1064);
}

/* A block number past 500: not the neutral context (block 0). */
static void test_dear_context(void)
{
	struct zen_contract_args a;

	memset(&a, 0, sizeof(a));
	a.block_number = 1000;
	dear_case("context",
		  "let main txSkel context _ command _ _ _ _ =\n"
		  "  if command <> \"late\" then RT.failw \"no\" else\n"
		  "  if context.blockNumber `U32.gt` 500ul then " DEAR "\n"
		  "  else " OKBODY "\n", "late", &a,
		  "block 1000 at 1600000000000 ms",
		  /* if 3 + 2 + if (3 + U32.gt 2 + projection 1 + DEAR 7)
		   * = 18; inc 1000 */
		  18 + 1000);
}

/* A path that needs a body key, a PK sender and a wallet at once; the
 * same verdict and message every time. */
static void test_dear_combined(void)
{
	const char *src = HEAD2
		"let main txSkel _ _ command sender messageBody wallet _ =\n"
		"  let! r = messageBody >!= tryDict\n"
		"    >?= Dict.tryFind \"returnAddress\" >?= tryLock in\n"
		"  match r, sender, wallet with\n"
		"  | Some _, PK _, _ :: _ -> " DEAR "\n"
		"  | _ -> " OKBODY "\n"
		"let cf _ _ _ _ _ _ _ = ret (400 <: nat)\n";
	struct zen_err e1 = ZEN_ERR_INIT, e2 = ZEN_ERR_INIT;

	/* let! 2 + (3 operators 6 + tryFind 1) = 9; match (a triple 3 +
	 * leaves Some _ 2, PK _ 2, _ :: _ 3, _ 1 + DEAR 7) = 18: 27;
	 * tryDict 4 + tryFind 64 + tryLock 2 + inc 1000 */
	src = bounded(src);	/* autoInc 1 more */
	tap_ok(check(src, NULL, NULL, &e1) == ZEN_EINVAL, "combined: refused");
	tap_str(e1.msg, "t.fst:11:5: main costs 1098 but cf says 400 for "
		"command \"zen-check-other-0\" (body {\"returnAddress\": "
		"lock}, wallet of 4: 3 ZP, 1 of its asset, sender PK)",
		"combined: the message");
	tap_ok(check(src, NULL, NULL, &e2) == ZEN_EINVAL &&
	       !strcmp(e1.msg, e2.msg), "combined: the same message again");
}

/* ---- comparisons traced: the second round's inputs ----------------------- */

/*
 * main reads a U64 price p from the state and a U64 n from the body for
 * command "buy", and costs 1000 more when cond holds of them (cond with
 * && and two comparisons each applying one or two U64.mul_mod, as hand
 * counts): dear_case at body u64 n and state u64 p (desc names them).
 */
#define PRICE_MAIN(cond) \
	"let main txSkel _ _ command _ messageBody _ state =\n" \
	"  if command <> \"buy\" then RT.failw \"no\" else begin\n" \
	"  let! p = state >!= tryU64 in\n" \
	"  let! n = messageBody >!= tryU64 in\n" \
	"  match p, n with\n" \
	"  | Some p, Some n ->\n" \
	"      if " cond "\n" \
	"      then " DEAR " else " OKBODY "\n" \
	"  | _ -> " OKBODY "\n" \
	"  end\n"

static void price_case(const char *what, const char *main_src, uint64_t n,
		       uint64_t p, const char *desc, uint64_t hand)
{
	struct zen_data body, st;
	struct zen_contract_args a;

	memset(&a, 0, sizeof(a));
	u64_of(&body, n);
	u64_of(&st, p);
	a.body = &body;
	a.state = &st;
	dear_case(what, main_src, "buy", &a, desc, hand);
	zen_data_release(&body);
	zen_data_release(&st);
}

/*
 * A threshold computed at run time: a thousand times a price read from
 * the state.  The numbers of the first round (1000, past the largest
 * literal 1001, 0, the compared 500 and 501) never pass it; the operand
 * traced on the first round's rich input (state and body U64 1000),
 * 1000000, and one more do.
 */
static void test_dear_computed_threshold(void)
{
	price_case("a computed threshold",
		   PRICE_MAIN("p `U64.gte` 500UL &&\n"
			      "         n `U64.gt` U64.mul_mod p 1000UL"),
		   1000001, 1000, "body u64 1000001, state u64",
		   /* if 3 + 2 + (two let! (2 + >!= 2) 8 + match (a pair 2
		    * + leaves Some p 2, Some n 2 and _ 1 + if (3 + && 2 +
		    * U64.gte 2 + U64.gt 2 + mul_mod 2 + DEAR 7))) = 38;
		    * tryU64 2 twice, inc 1000 */
		   38 + 1004);
}

/*
 * A threshold computed from a value the second round found: the body is
 * compared with three times the state only once the state equals 7777
 * (7 * 1111, compared at run time), so the operand 23331 is traced on a
 * second round's run, and the third round takes the path.
 */
static void test_dear_third_round(void)
{
	price_case("a threshold of the second round",
		   PRICE_MAIN("p = U64.mul_mod 7UL 1111UL &&\n"
			      "         n = U64.mul_mod p 3UL"),
		   23331, 7777, "body u64 23331, state u64 7777",
		   /* as test_dear_computed_threshold, with = 2 + mul_mod 2
		    * for U64.gte 2: 40; tryU64 2 twice, inc 1000 */
		   40 + 1004);
}

/*
 * A value an equality compares first and an ordering later: 7777 is
 * traced where the state is compared with 7 * 1111; the state 7777 takes
 * that path and compares the body with it by U64.gt, so the next round
 * runs that input with the body one more.
 */
static void test_dear_ordered_later(void)
{
	price_case("an equality's value ordered later",
		   PRICE_MAIN("p = U64.mul_mod 7UL 1111UL &&\n"
			      "         n `U64.gt` p"),
		   7778, 7777, "body u64 7778, state u64 7777",
		   /* as test_dear_computed_threshold, with = 2 for U64.gte
		    * 2 and no second mul_mod for the first: 38; tryU64 2
		    * twice, inc 1000 */
		   38 + 1004);
}

/*
 * A chain of three values computed at run time: the body is compared
 * with three times the state once the state equals 7777, and the time
 * with the body and 5 once the body equals 23331.  The first round
 * traces 7777, the second 23331, the third 23336 (on the rich input's
 * context, block 1000), and a fourth round takes the path.
 */
static void test_dear_fourth_round(void)
{
	struct zen_data body, st;
	struct zen_contract_args a;

	memset(&a, 0, sizeof(a));
	u64_of(&body, 23331);
	u64_of(&st, 7777);
	a.body = &body;
	a.state = &st;
	a.block_number = 1000;
	a.timestamp = 23336;
	dear_case("a threshold of the third round",
		  "let main txSkel context _ command _ messageBody _ state =\n"
		  "  if command <> \"buy\" then RT.failw \"no\" else begin\n"
		  "  let! p = state >!= tryU64 in\n"
		  "  let! n = messageBody >!= tryU64 in\n"
		  "  match p, n with\n"
		  "  | Some p, Some n ->\n"
		  "      if p = U64.mul_mod 7UL 1111UL &&\n"
		  "         n = U64.mul_mod p 3UL &&\n"
		  "         context.timestamp = U64.add_mod n 5UL\n"
		  "      then " DEAR " else " OKBODY "\n"
		  "  | _ -> " OKBODY "\n"
		  "  end\n", "buy", &a,
		  "body u64 23331, state u64 7777, block 1000 at 23336 ms",
		  /* as test_dear_third_round, with && 2 + = 2 + projection
		   * 1 + add_mod 2: 47; tryU64 2 twice, inc 1000 */
		  47 + 1004);
	zen_data_release(&body);
	zen_data_release(&st);
}

/*
 * main of command "pay" reading a name from the body (a string) and
 * looking key up in the state's dict (key an expression of name): DEAR
 * when found.  The input that takes that path: body "zen", state
 * { state_key: U64 1000 }; hand is main's cost there.
 */
#define KEY_MAIN(key) \
	"let main txSkel _ _ command _ messageBody _ state =\n" \
	"  if command <> \"pay\" then RT.failw \"no\" else begin\n" \
	"  let! name = messageBody >!= tryString in\n" \
	"  let! d = state >!= tryDict in\n" \
	"  match name, d with\n" \
	"  | Some name, Some d -> begin\n" \
	"      let! acct = Dict.tryFind " key " d in\n" \
	"      match acct with\n" \
	"      | Some _ -> " DEAR "\n" \
	"      | None -> " OKBODY "\n" \
	"      end\n" \
	"  | _ -> " OKBODY "\n" \
	"  end\n"

static void key_case(const char *what, const char *main_src,
		     const char *state_key, const char *desc, uint64_t hand)
{
	struct zen_data body, st;
	struct zen_contract_args a;
	struct zen_data_entry *e;

	memset(&a, 0, sizeof(a));
	zen_data_init(&body);
	body.kind = ZEN_DATA_STRING;
	body.u.bytes.p = (uint8_t *)zen_xstrdup("zen");
	body.u.bytes.len = 3;
	zen_data_init(&st);
	st.kind = ZEN_DATA_DICT;
	st.u.dict.entries = e = zen_xcalloc(1, sizeof(*e));
	st.u.dict.n = 1;
	e->key = zen_xstrdup(state_key);
	e->key_len = strlen(state_key);
	u64_of(&e->value, 1000);
	a.body = &body;
	a.state = &st;
	dear_case(what, main_src, "pay", &a, desc, hand);
	zen_data_release(&body);
	zen_data_release(&st);
}

/*
 * A dict key computed at run time: the state's entry under "acct:" and
 * the body's name.  The explored dicts hold only the keys the contract
 * names, so the lookup finds nothing; the key traced, "acct:zen" (the
 * body's plain string), put in the state's dict takes the path.
 */
static void test_dear_computed_key(void)
{
	key_case("a computed key", KEY_MAIN("(strcat \"acct:\" name)"),
		 "acct:zen", "body string, state {\"acct:zen\": u64}",
		 /* if 3 + 2 + (two let! 8 + match (a pair 2 + leaves Some
		  * name 2, Some d 2 and _ 1 + let! acct = tryFind (2 args,
		  * strcat 2) 2 + 4 + match (leaves Some _ 2 + None 1 + DEAR
		  * 7))) = 36; tryString 2, tryDict 4, tryFind 64, inc 1000 */
		 36 + 2 + 4 + 64 + 1000);
}

/*
 * A key read from the body and looked up in the state: the body's string
 * is the plain one ("zen"), a value every input has, but as a key of the
 * state's dict no input had it (h33's blind round).
 */
static void test_dear_key_from_body(void)
{
	key_case("a key from the body", KEY_MAIN("name"), "zen",
		 "body string, state {\"zen\": u64}",
		 /* test_dear_computed_key's 36 but strcat's 2 */
		 34 + 2 + 4 + 64 + 1000);
}

/*
 * A threshold computed from a top-level constant (three times 2500): not
 * compared itself, so the first round's numbers (1000, past the largest
 * literal 2501, 0) miss it; the operand traced, 7500, and one more take
 * the path.
 */
static void test_dear_computed_limit(void)
{
	/* as test_dear_threshold, the limit computed in the condition
	 * (U64.mul_mod applied to 2 arguments 2 more: 31): a top-level
	 * `let limit = U64.mul_mod price 3UL` counts 2 and is no cost value,
	 * which F* refuses */
	amount_refused("computed limit",
		       "let price = 2500UL\n"
		       "let factor = 3UL\n",
		       "n `U64.gt` U64.mul_mod price factor", 7501, 31 + 1070);
}

/*
 * The state's hash compared with the hash of the sender's key: the
 * first round's rich input (a PK sender, the generator; a state hash of
 * 0x01 bytes) computes it, the second round's state has it beside the
 * same sender.
 */
static void test_dear_sender_hash(void)
{
	const char *src = HEAD2
		"let main txSkel _ _ command sender _ _ state =\n"
		"  if command <> \"claim\" then RT.failw \"no\" else\n"
		"  match sender, state with\n"
		"  | PK pk, Some (Hash h) ->\n"
		"      let! k = Zen.Sha3.updatePublicKey pk Zen.Sha3.empty\n"
		"        >>= Zen.Sha3.finalize in\n"
		"      if h = k then " DEAR " else " OKBODY "\n"
		"  | _ -> " OKBODY "\n"
		"let cf _ _ _ _ _ _ _ = ret (1000 <: nat)\n";
	/* the same k, put in the state: the hash the run computes */
	const char *put = HEAD2
		"let main txSkel _ _ _ sender _ _ _ =\n"
		"  match sender with\n"
		"  | PK pk ->\n"
		"      let! k = Zen.Sha3.updatePublicKey pk Zen.Sha3.empty\n"
		"        >>= Zen.Sha3.finalize in\n"
		"      RT.ok @ { tx = txSkel; message = None;\n"
		"                state = Update (Hash k) }\n"
		"  | _ -> RT.failw \"no\"\n"
		"let cf _ _ _ _ _ _ _ = ret (5000 <: nat)\n";
	struct zen_contract_return ret;
	struct zen_contract_args a;
	struct zc_contract *c = NULL;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_data st;
	char want[512], hex[2 * ZEN_HASH_LEN + 1];

	memset(&a, 0, sizeof(a));
	a.sender = ZEN_SENDER_PK;
	memcpy(a.sender_pk, g_pk, sizeof(g_pk));
	zen_contract_return_init(&ret);
	tap_ok(!zen_contract_load(put, strlen(put), "t.fst", &c, &err) &&
	       !zen_contract_run(c, &a, &ret, NULL, &err) && ret.ok &&
	       ret.state == ZEN_STATE_UPDATE &&
	       ret.state_data.kind == ZEN_DATA_HASH,
	       "sender hash: the hash of the sender's key (%s)", err.msg);
	hash_of(&st, ret.state_data.u.hash);
	zen_contract_return_release(&ret);
	zen_contract_free(c);
	a.command = "claim";
	a.command_len = 5;
	a.state = &st;
	/* if 3 + 2 + match (a pair 2 + leaves PK pk 2, Some (Hash h) 3 and
	 * _ 1 + let! 2 + (>>= 2 + updatePublicKey applied to 2 arguments
	 * 2) + if (3 + = 2 + DEAR 7)) = 31; updatePublicKey 384, finalize
	 * 20, inc 1000: 1435, and 435 without the inc, within cf's 1000 */
	src = bounded(src);	/* autoInc 1 more */
	tap_u64(main_cost(src, &a), 32 + 1404, "sender hash: main's cost on "
		"the sender's hash");
	zen_hex_encode_to(hex, st.u.hash, ZEN_HASH_LEN);
	snprintf(want, sizeof(want), "t.fst:11:5: main costs 1436 but cf says "
		 "1000 for command \"claim\" (state hash %s, sender PK)", hex);
	refused_with(src, want, "sender hash");
	zen_data_release(&st);
}

/*
 * Hashes computed at run time: a body hash compared with the hash of a
 * constant string (and test_dear_sender_hash).  No hash of the first
 * round (0x01 bytes, none parsed) is it; the operand traced is.
 */
static void test_dear_computed_hash(void)
{
	/* SHA3-256 of "secret", as Sha3.updateString absorbs it: what the
	 * run computes (dear_case checks the path is taken) */
	uint8_t h[ZEN_HASH_LEN];
	struct zen_data d;
	struct zen_contract_args a;
	char desc[160], hex[2 * ZEN_HASH_LEN + 1];

	memset(&a, 0, sizeof(a));
	zen_sha3(h, "secret", 6);
	hash_of(&d, h);
	a.body = &d;
	zen_hex_encode_to(hex, h, sizeof(h));
	snprintf(desc, sizeof(desc), "body hash %s", hex);
	dear_case("a hash of a constant",
		  "let main txSkel _ _ command _ messageBody _ _ =\n"
		  "  if command <> \"open\" then RT.failw \"no\" else begin\n"
		  "  let! h = Zen.Sha3.hashWith Zen.Sha3.updateString "
		  "\"secret\" in\n"
		  "  match messageBody with\n"
		  "  | Some (Hash x) -> if x = h then " DEAR " else " OKBODY
		  "\n"
		  "  | _ -> " OKBODY "\n"
		  "  end\n", "open", &a, desc,
		  /* if 3 + 2 + (let! 2 + hashWith applied to 2 arguments 2
		   * + match (leaves Some (Hash x) 3 and _ 1 + if (3 + = 2 +
		   * DEAR 7))) = 25; hashWith: updateString 6 * 6 + 26, inc
		   * 1000 */
		  25 + 1062);
	zen_data_release(&d);
}

/*
 * A price computed at run time, compared with the ZP the transaction
 * brings (a token sale): a million times the state's unit price times
 * the body's quantity.  Every first-round skeleton (none, or 1 ZP) is
 * below it; the operand traced on the rich input (state and body U64
 * 1000: 10^12) and one more, as the ZP of a skeleton, pass it.
 */
static void test_dear_computed_price(void)
{
	struct zen_skel_input ins[2];
	struct zen_skel sk;
	struct zen_data body, st;
	struct zen_contract_args a;

	memset(&a, 0, sizeof(a));
	memset(ins, 0, sizeof(ins));
	for (int i = 0; i < 2; i++) {
		zen_output_init(&ins[i].output);
		ins[i].output.lock.id = ZEN_LOCK_PK;
		ins[i].output.spend.amount = 1000000000001ull;
	}
	zen_skel_init(&sk);
	sk.inputs = ins;
	sk.n_inputs = 1;	/* the ZP one: the other's asset is the
				 * contract's, whose id the check makes */
	u64_of(&body, 1000);
	u64_of(&st, 1000);
	a.body = &body;
	a.state = &st;
	a.tx = &sk;
	dear_case("a computed price",
		  "let main txSkel _ _ command _ messageBody _ state =\n"
		  "  if command <> \"buy\" then RT.failw \"no\" else begin\n"
		  "  let! p = state >!= tryU64 in\n"
		  "  let! q = messageBody >!= tryU64 in\n"
		  "  let! zp = Tx.getAvailableTokens Asset.zenAsset txSkel in\n"
		  "  match p, q with\n"
		  "  | Some p, Some q ->\n"
		  "      if p `U64.gte` 500UL && q `U64.gte` 1UL &&\n"
		  "         U64.mul_mod p (U64.mul_mod q 1000000UL) `U64.lt` zp\n"
		  "      then " DEAR " else " OKBODY "\n"
		  "  | _ -> " OKBODY "\n"
		  "  end\n", "buy", &a, "body u64, state u64, 1000000000001 "
		  "kalapas and 1000000000001 of its asset in the skeleton",
		  /* if 3 + 2 + (three let! (2 + 2) 12 + match (a pair 2 +
		   * leaves Some p 2, Some q 2 and _ 1 + if (3 + two && 4 +
		   * U64.gte 2 twice + U64.lt 2 + mul_mod 2 twice + DEAR
		   * 7))) = 48; tryU64 2 twice, getAvailableTokens 64, inc
		   * 1000 */
		  48 + 1068);
	zen_data_release(&body);
	zen_data_release(&st);
}

/*
 * A time window computed at run time: an hour from a top-level start.
 * Every first-round context (time 0, 1600000000000 and 4102444800000
 * ms) is outside it; the end traced on the rich one, 8600000, less one,
 * as the time of a context, is in.
 */
static void test_dear_computed_window(void)
{
	const char *src = HEAD2
		"let start = 5000000UL\n"
		"let main txSkel context _ command _ _ _ _ =\n"
		"  if command <> \"bid\" then RT.failw \"no\" else\n"
		"  if context.timestamp `U64.gte` start &&\n"
		"     context.timestamp `U64.lt` U64.add_mod start 3600000UL\n"
		"  then " DEAR " else " OKBODY "\n"
		"let cf _ _ _ _ _ _ _ = ret (400 <: nat)\n";
	struct zen_contract_args a;

	memset(&a, 0, sizeof(a));
	a.command = "bid";
	a.command_len = 3;
	a.block_number = 1000;
	a.timestamp = 8599999;
	/* if 3 + 2 + if (3 + && 2 + U64.gte 2 + projection 1 + U64.lt 2 +
	 * projection 1 + add_mod 2 + DEAR 7) = 25, autoInc 1; inc 1000 */
	src = bounded(src);
	tap_u64(main_cost(src, &a), 26 + 1000, "computed window: main's "
		"cost in the window");
	refused_with(src, "t.fst:12:5: main costs 1026 but cf says 400 for "
		     "command \"bid\" (block 1000 at 8599999 ms)",
		     "computed window");
}

/*
 * A time computed at run time, compared at block 0 only: the operand is
 * traced on an input at the neutral context (block 0 at time 0), which
 * the second round runs at that time and one more.
 */
static void test_dear_neutral_context(void)
{
	struct zen_data body;
	struct zen_contract_args a;

	memset(&a, 0, sizeof(a));
	u64_of(&body, 1000);
	a.body = &body;
	a.timestamp = 1000001;
	dear_case("a time traced at block 0",
		  "let main txSkel context _ command _ messageBody _ _ =\n"
		  "  if command <> \"go\" then RT.failw \"no\" else begin\n"
		  "  let! n = messageBody >!= tryU64 in\n"
		  "  match n with\n"
		  "  | Some n ->\n"
		  "      if context.blockNumber = 0ul &&\n"
		  "         context.timestamp `U64.gt` U64.mul_mod n 1000UL\n"
		  "      then " DEAR " else " OKBODY "\n"
		  "  | None -> " OKBODY "\n"
		  "  end\n", "go", &a, "body u64, block 0 at 1000001 ms",
		  /* if 3 + 2 + (let! 2 + >!= 2 + match (leaves Some n 2
		   * and None 1 + if (3 + && 2 + = 2 + projection 1 + U64.gt
		   * 2 + projection 1 + mul_mod 2 + DEAR 7))) = 32; tryU64 2,
		   * inc 1000 */
		  32 + 1002);
	zen_data_release(&body);
}

/*
 * A dict nested three deep: "count" in the dict of "page" in the dict of
 * "book" in the state.  The explored state dicts used to hold a dict in
 * a key read as one once only, so "page" in "book" was empty.
 */
static void test_dear_nested(void)
{
	struct zen_data st;
	struct zen_contract_args a;

	memset(&a, 0, sizeof(a));
	dict_of(dict_of(dict_of(&st, "book", 0), "page", 0), "count", 7);
	a.state = &st;
	dear_case("a dict three deep",
		  "let main txSkel _ _ command _ _ _ state =\n"
		  "  if command <> \"tick\" then RT.failw \"no\" else begin\n"
		  "  let! n = state >!= tryDict >?= Dict.tryFind \"book\"\n"
		  "    >?= tryDict >?= Dict.tryFind \"page\" >?= tryDict\n"
		  "    >?= Dict.tryFind \"count\" >?= tryU64 in\n"
		  "  match n with\n"
		  "  | Some _ -> " DEAR "\n"
		  "  | None -> " OKBODY "\n"
		  "  end\n", "tick", &a, "state {\"book\": {\"book\": {...}, "
		  "\"page\": {...}, \"count\": u64}, \"page\": {\"book\": "
		  "{...}, \"page\": {...}, \"count\": u64}, \"count\": u64}",
		  /* if 3 + 2 + (let! 2 + (7 operators 14 + three tryFind
		   * applied 3) + match (leaves Some _ 2 + None 1 + DEAR 7))
		   * = 34; tryDict 4 three times, tryFind 64 three times,
		   * tryU64 2, inc 1000 */
		  34 + 1206);
	zen_data_release(&st);
}

/* The body of test_computed_exact's main and cf: a threshold and a hash
 * computed at run time on commands "buy" and "open", each with a dear
 * and a cheap branch. */
#define EXACT(buy_dear, buy, open_dear, open, other) \
	"  match command with\n" \
	"  | \"buy\" -> begin\n" \
	"      let! p = state >!= tryU64 in\n" \
	"      let! n = messageBody >!= tryU64 in\n" \
	"      match p, n with\n" \
	"      | Some p, Some n ->\n" \
	"          if p `U64.gte` 500UL &&\n" \
	"             n `U64.gt` U64.mul_mod p 1000UL then " buy_dear "\n" \
	"          else " buy "\n" \
	"      | _ -> " buy "\n" \
	"      end\n" \
	"  | \"open\" -> begin\n" \
	"      let! h =\n" \
	"        Zen.Sha3.hashWith Zen.Sha3.updateString \"secret\" in\n" \
	"      match messageBody with\n" \
	"      | Some (Hash x) -> if x = h then " open_dear " else " open "\n" \
	"      | _ -> " open "\n" \
	"      end\n" \
	"  | _ -> " other "\n"
#define EXACT_MAIN \
	"let main txSkel _ _ command _ messageBody _ state =\n" \
	EXACT(DEAR, OKBODY, DEAR, OKBODY, "RT.failw \"no\"")
/* cf: buy past the threshold costing the first %d, open with the hash
 * the second */
#define EXACT_CF \
	"let cf _ _ command _ messageBody _ state =\n" \
	EXACT("ret (%d <: nat)", "ret (40 <: nat)", "ret (%d <: nat)", \
	      "ret (98 <: nat)", "ret (36 <: nat)")

/*
 * No false refusal: a cf that computes the same threshold and hash as
 * main and says main's cost on either side of each is accepted, though
 * the second round runs the dearer sides; one less on either, refused.
 *
 * main, as test_dear_computed_threshold and test_dear_computed_hash: a
 * match (leaves "buy", "open" and _ 3 + the larger branch, buy's: two
 * let! 8 + match (a pair 2 + leaves 5 + if (3 + && 2 + U64.gte 2 +
 * U64.gt 2 + mul_mod 2 + DEAR 7))) = 36 on every path; Zulib: buy tryU64
 * 2 twice (40; where one is not read cf says 40 too, main costs less)
 * and inc 1000 past the threshold (1040); open hashWith 62 (98) and inc
 * 1000 with the hash (1098); any other command 36.
 */
static void test_computed_exact(void)
{
	char src[4096];
	struct zen_check_report rep = ZEN_CHECK_REPORT_INIT;
	struct zen_err err = ZEN_ERR_INIT;

	snprintf(src, sizeof(src), HEAD2 EXACT_MAIN EXACT_CF, 1040, 1098);
	tap_ok(!check(src, &rep, NULL, &err) && !rep.n, "computed, exact: "
	       "accepted (%s)", err.msg);
	zen_check_report_release(&rep);
	snprintf(src, sizeof(src), HEAD2 EXACT_MAIN EXACT_CF, 1039, 1098);
	refused_with(src, "t.fst:11:5: main costs 1040 but cf says 1039 for "
		     "command \"buy\" (body u64 1000001, state u64)",
		     "computed, one less past the threshold");
	/* f5a5...: SHA3-256 of "secret" (test_dear_computed_hash) */
	snprintf(src, sizeof(src), HEAD2 EXACT_MAIN EXACT_CF, 1040, 1097);
	refused_with(src, "t.fst:11:5: main costs 1098 but cf says 1097 for "
		     "command \"open\" (body hash f5a5207a8729b1f709cb7103117"
		     "51eb2fc8acad5a1fb8ac991b736e69b6529a3, state u64)",
		     "computed, one less with the hash");
}

/* Runs of some 80,000 steps: ZEN_CHECK_EXPLORE_STEPS ends the
 * exploration (main's steps counted twice each) long before the share
 * of inputs of each command, and the neutral runs are not counted. */
static void test_step_budget(void)
{
	const char *src = HEAD "module L = Zen.List\n"
		"let main txSkel _ _ command sender _ wallet _ =\n"
		"  let _ = (sender, wallet) in\n"
		"  let! l = L.init 20000 (fun i -> ret i) in " OKBODY "\n"
		"let cf _ _ command _ _ _ _ = match command with\n"
		"  | \"a\" | \"b\" | \"c\" -> ret (900000 <: nat)\n"
		"  | _ -> ret (900000 <: nat)\n";
	struct zen_check_report rep = ZEN_CHECK_REPORT_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_contract_args a;
	struct zc_contract *c = NULL;
	struct zen_contract_return ret;
	struct zen_contract_stats st;
	size_t explored = 0;
	uint64_t per;

	memset(&a, 0, sizeof(a));
	memset(&st, 0, sizeof(st));
	src = bounded(src);	/* cf bounds main (autoInc) */
	tap_ok(!zen_contract_load(src, strlen(src), "t.fst", &c, &err),
	       "budget: loaded (%s)", err.msg);
	zen_contract_return_init(&ret);
	if (!c || zen_contract_run(c, &a, &ret, &st, &err))
		st.steps = 0;
	tap_ok(st.steps > 60000 && st.steps < 100000,
	       "budget: %llu steps a run", (unsigned long long)st.steps);
	zen_contract_return_release(&ret);
	zen_contract_free(c);
	per = 2 * (st.steps ? st.steps : 1);
	tap_ok(!check(src, &rep, NULL, &err), "budget: accepted (%s)",
	       err.msg);
	for (size_t i = 0; i < rep.ncosts; i++)
		explored += rep.costs[i].inputs - (rep.costs[i].ran != 0);
	/* each explored input but the last is charged its 2 * steps; the
	 * last may run on what is left */
	tap_ok(explored >= ZEN_CHECK_EXPLORE_STEPS / per &&
	       explored <= ZEN_CHECK_EXPLORE_STEPS / per + 1 &&
	       rep.ncosts == 5 && rep.costs[0].inputs == 1,
	       "budget: %zu inputs explored for %llu steps, %llu each",
	       explored, (unsigned long long)ZEN_CHECK_EXPLORE_STEPS,
	       (unsigned long long)per);
	zen_check_report_release(&rep);
}

/* Over-application of cost functions and constructors only; partial
 * application and the contract's own names are left alone. */
static void test_zulib_arity(void)
{
	const char *bad = HEAD
		"let main txSkel _ _ _ _ _ _ _ =\n"
		"  let x = Some 1 2 in\n"
		"  let! t = Tx.lockToContract 1 2 3 4 5 in " OKBODY "\n"
		"let cf _ _ _ _ _ _ _ = ret (5 <: nat)\n";
	const char *good = HEAD "open Zen.TxSkeleton\n"
		"let main txSkel _ _ _ _ _ _ _ =\n"
		"  let f = Tx.mint 1 in\n"
		"  let mint a b c d = ret 1 in\n"
		"  let! x = mint 1 2 3 4 in " OKBODY "\n"
		"let cf _ _ _ _ _ _ _ = ret (100 <: nat)\n";
	struct zen_check_report rep = ZEN_CHECK_REPORT_INIT;
	struct zen_err err = ZEN_ERR_INIT;

	int rc = check(bad, &rep, NULL, &err);

	tap_ok(rc == ZEN_EINVAL && rep.n == 2, "arity: two errors (%zu)",
	       rep.n);
	tap_str(rep.n == 2 ? rep.d[0].msg : "", "'Some' takes 1 argument, "
		"given 2", "arity: a constructor");
	tap_str(rep.n == 2 ? rep.d[1].msg : "", "'Tx.lockToContract' takes "
		"4 arguments, given 5", "arity: a cost function");
	tap_ok(rep.n == 2 && rep.d[1].line == 8 && rep.d[1].col == 12,
	       "arity: at the function's position");
	zen_check_report_release(&rep);
	tap_ok(!check(bounded(good), &rep, NULL, &err),
	       "arity: partial application and a local shadowing a Zulib "
	       "name pass (%s)", err.msg);
	zen_check_report_release(&rep);
}

/* A name a top-level pattern binds shadows the Zulib function of an open
 * module, for the arity rule as for the resolver: `mint` here takes 4
 * (Zen.TxSkeleton's takes 3).  The rule once had its own lookup that
 * missed pattern bindings and refused this contract. */
static void test_pattern_let_shadows(void)
{
	const char *src = HEAD "open Zen.TxSkeleton\n"
		"let (mint, _) = ((fun a b c d -> ret a), 0)\n"
		"let main txSkel _ _ _ _ _ _ _ =\n"
		"  let! x = mint 1 2 3 4 in " OKBODY "\n"
		"let cf _ _ _ _ _ _ _ = ret (1000 <: nat)\n";
	struct zen_check_report rep = ZEN_CHECK_REPORT_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	size_t arity = 0;

	/* (the tuple itself counts 2 and is no cost value, which F* refuses
	 * and the check reports too: only the arity rule is looked at) */
	(void)check(bounded(src), &rep, NULL, &err);
	for (size_t i = 0; i < rep.n; i++)
		arity += strstr(rep.d[i].msg, " takes ") != NULL;
	tap_ok(rep.n && !arity, "a pattern-bound name shadows Zulib's: no "
	       "arity error (%s)", err.msg);
	zen_check_report_release(&rep);
}

/* An alias of an alias names the module the first one does, for the
 * arity rule as for the resolver. */
static void test_alias_chain(void)
{
	const char *src = HEAD "module U = Tx\n"
		"let main txSkel _ _ _ _ _ _ _ =\n"
		"  let! t = U.lockToContract 1 2 3 4 5 in " OKBODY "\n"
		"let cf _ _ _ _ _ _ _ = ret (5 <: nat)\n";
	struct zen_check_report rep = ZEN_CHECK_REPORT_INIT;
	struct zen_err err = ZEN_ERR_INIT;

	tap_ok(check(src, &rep, NULL, &err) == ZEN_EINVAL && rep.n == 1,
	       "alias chain: one error (%zu)", rep.n);
	tap_str(err.msg, "t.fst:8:12: 'U.lockToContract' takes 4 arguments, "
		"given 5", "alias chain: U is Zen.TxSkeleton");
	zen_check_report_release(&rep);
}

/* Fewer arrows ending in a name that may abbreviate the rest, as F*
 * unfolds it (h24): accepted. */
static void test_val_abbreviation(void)
{
	const char *src = HEAD
		"type costFunc (n:nat) = txSkeleton -> context -> string -> "
		"sender -> option data -> wallet -> option data -> nat `cost` n\n"
		"let main txSkel _ _ _ _ _ _ _ = " OKBODY "\n"
		"val cf: costFunc 1\n"
		"let cf _ _ _ _ _ _ _ = ret (5 <: nat)\n";
	struct zen_check_report rep = ZEN_CHECK_REPORT_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	int rc = check(src, &rep, NULL, &err);

	tap_ok(rc == 0, "val: an abbreviation of the arrows accepted (%s)",
	       rc ? err.msg : "ok");
	zen_check_report_release(&rep);
}

/* A val of main or cf with the wrong number of arrows. */
static void test_val_arity(void)
{
	const char *src = HEAD
		"let main txSkel _ _ _ _ _ _ _ = " OKBODY "\n"
		"val cf: txSkeleton -> context -> string -> sender -> wallet\n"
		"  -> option data -> nat `cost` 1\n"
		"let cf _ _ _ _ _ _ _ = ret (5 <: nat)\n";
	struct zen_check_report rep = ZEN_CHECK_REPORT_INIT;
	struct zen_err err = ZEN_ERR_INIT;

	tap_ok(check(src, &rep, NULL, &err) == ZEN_EINVAL,
	       "val: 6 arrows for cf refused");
	tap_str(err.msg, "t.fst:7:5: 'val cf' has 6 arguments, expected 7",
		"val: the message, at the val");
	zen_check_report_release(&rep);
	test_val_abbreviation();
}

/* The report may be NULL; a syntax error is one error. */
static void test_no_report(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c = NULL;

	tap_ok(check("let main = (", NULL, &c, &err) == ZEN_EINVAL && !c &&
	       !strncmp(err.msg, "t.fst:1:", 8), "syntax: %s", err.msg);
	tap_ok(check(HEAD "let main a b c d e f g h = " "ret 1\n"
		     "let cf a b c d e f g = ret (1 <: nat)\n", NULL, NULL,
		     &err) == 0, "no report, no contract out: accepted");
}

/* ---- costs that grow with the input ---------------------------------- */

#define GROW_HEAD HEAD2 "module L = Zen.List\nmodule Wallet = Zen.Wallet\n"
#define GROW_MAIN_LINE 15	/* of `let main` after GROW_HEAD and cnt */
/* count: ret 1 + (acc + 1) 2 = 3, its declared index */
#define COUNT_FN \
	"val cnt: nat -> data -> nat `cost` 3\n" \
	"let cnt acc _ = ret (acc + 1)\n"
/* main for command cmd (its parameters from the sender on: params)
 * reads v from read and runs some with Some v, OKBODY with None. */
#define READ_MAIN(params, cmd, v, read, some) \
	"let main txSkel _ _ command _ " params " =\n" \
	"  if command <> \"" cmd "\" then RT.failw \"no\" else begin\n" \
	"  let! " v " = " read " in\n" \
	"  match " v " with\n" \
	"  | Some " v " -> " some "\n" \
	"  | None -> " OKBODY "\n" \
	"  end\n"
#define COUNT_MAIN \
	READ_MAIN("messageBody _ _", "count", "l", "messageBody >!= tryList", \
		  "let! n = L.foldT cnt 0 l in " OKBODY)

/* main's cost on a test's input grown f times (0 if main fails). */
typedef uint64_t grown_cost_fn(const char *src, size_t f);

/*
 * A growth refused: main (in src) costs cost(1) on the explored input,
 * rise more at each repetition (counted from Zulib's declared indexes),
 * and cf says cf_value whatever the size; within cf twice and three
 * times over; the check runs the first f where main passes cf, and
 * refuses it there, the message naming main's cost, command cmd, main's
 * line, and the input as desc with "with its WHAT repeated f times".
 */
static void growth_refused(const char *what, const char *src,
			   grown_cost_fn *cost, uint64_t rise,
			   uint64_t cf_value, const char *cmd, int line,
			   const char *desc, const char *grown)
{
	char want[320];
	uint64_t once, at;
	size_t f;

	src = bounded(src);	/* cf bounds main (autoInc) */
	once = cost(src, 1);

	tap_ok(once > 0 && once + 2 * rise <= cf_value, "%s: main within cf "
	       "once, twice and three times over (%llu)", what,
	       (unsigned long long)once);
	tap_u64(cost(src, 3) - once, 2 * rise, "%s: %llu a repetition", what,
		(unsigned long long)rise);
	for (f = 1; once + rise * (f - 1) <= cf_value; f++)
		;
	at = cost(src, f);
	tap_u64(at, once + rise * (f - 1), "%s: main's cost %zu times over",
		what, f);
	snprintf(want, sizeof(want), "t.fst:%d:5: main costs %llu but cf says "
		 "%llu for command \"%s\" (%s, with its %s repeated %zu times)",
		 line, (unsigned long long)at, (unsigned long long)cf_value,
		 cmd, desc, grown, f);
	refused_with(src, want, what);
}

/* A body list of n hashes (of 0x01 bytes, the explored hash). */
static void hash_list(struct zen_data *d, size_t n)
{
	zen_data_init(d);
	d->kind = ZEN_DATA_LIST;
	d->u.coll.items = zen_xcalloc(n, sizeof(*d->u.coll.items));
	d->u.coll.n = n;
	for (size_t i = 0; i < n; i++) {
		d->u.coll.items[i].kind = ZEN_DATA_HASH;
		memset(d->u.coll.items[i].u.hash, 1, ZEN_HASH_LEN);
	}
}

/* main's cost for command cmd with body and state (NULL: None), which it
 * releases. */
static uint64_t cost_on(const char *src, const char *cmd,
			struct zen_data *body, struct zen_data *state)
{
	struct zen_contract_args a;
	uint64_t cost;

	memset(&a, 0, sizeof(a));
	a.command = cmd;
	a.command_len = strlen(cmd);
	a.body = body;
	a.state = state;
	cost = main_cost(src, &a);
	if (body)
		zen_data_release(body);
	if (state)
		zen_data_release(state);
	return cost;
}

/* main's cost with a body list of n hashes (command "count"). */
static uint64_t count_cost(const char *src, size_t n)
{
	struct zen_data body;

	hash_list(&body, n);
	return cost_on(src, "count", &body, NULL);
}

/* The explored body, two hashes, f times over. */
static uint64_t count_cost_f(const char *src, size_t f)
{
	return count_cost(src, 2 * f);
}

/*
 * A cost that grows with a list of the body faster than cf's: L.foldT
 * charges each item its function's index 3 and its own 4, 7 (Zulib's
 * foldT: len * (n + 4) + 4), and cf says 200 whatever the length.  The
 * explored body, a list of two hashes, is within cf; so are the lists
 * twice and three times as long; the check runs the length where main's
 * rise of 14 per repetition passes 200, and refuses it there.
 */
static void test_dear_list_growth(void)
{
	char src[2048];

	snprintf(src, sizeof(src), GROW_HEAD COUNT_FN COUNT_MAIN
		 "let cf _ _ _ _ _ _ _ = ret (200 <: nat)\n");
	growth_refused("list growth", src, count_cost_f, 2 * 7, 200, "count",
		       GROW_MAIN_LINE, "body list", "collections");
}

/* The same main with a cf that grows as fast (7 per item): accepted. */
static void test_list_growth_exact(void)
{
	char src[2048];
	struct zen_check_report rep = ZEN_CHECK_REPORT_INIT;
	struct zen_err err = ZEN_ERR_INIT;

	snprintf(src, sizeof(src), GROW_HEAD COUNT_FN COUNT_MAIN
		 "let cf _ _ _ _ messageBody _ _ =\n"
		 "  match messageBody with\n"
		 "  | Some (Collection (List l)) -> "
		 "ret (200 + 7 * length l <: nat)\n"
		 "  | _ -> ret (200 <: nat)\n");
	tap_ok(!check(bounded(src), &rep, NULL, &err) && !rep.n,
	       "list growth, cf as fast: accepted (%s)", err.msg);
	zen_check_report_release(&rep);
}

/* a: command "pay" with a wallet of the first 4 of n outputs (outs,
 * on outpoints ops), each of amount kalapas, locked to a PK. */
static void pay_args(struct zen_contract_args *a, struct zen_output *outs,
		     struct zen_outpoint *ops, size_t n, uint64_t amount)
{
	memset(a, 0, sizeof(*a));
	a->command = "pay";
	a->command_len = 3;
	for (size_t i = 0; i < n; i++) {
		zen_output_init(&outs[i]);
		outs[i].lock.id = ZEN_LOCK_PK;
		outs[i].spend.amount = amount;
		memset(&ops[i], (int)i, sizeof(ops[i]));
	}
	a->wallet_outputs = outs;
	a->wallet_outpoints = ops;
	a->wallet_n = 4;
}

/*
 * The wallet: fromWallet charges 128 per output (Zulib's index 128 s +
 * 192) and cf gives 100 per output.  Explored, the wallet of 4 outputs
 * comes nearest to cf; the check repeats it until main's rise of 4 * 28
 * per repetition passes cf.
 */
static void test_dear_wallet_growth(void)
{
	const char *src = GROW_HEAD COUNT_FN
		"let main txSkel _ contractId command _ _ wallet _ =\n"
		"  if command <> \"pay\" then RT.failw \"no\" else begin\n"
		"  let! r = Tx.fromWallet Asset.zenAsset 1UL contractId wallet "
		"txSkel in\n"
		"  match r with\n"
		"  | Some tx -> RT.ok @ { tx = tx; message = None; "
		"state = NoChange }\n"
		"  | None -> " OKBODY "\n"
		"  end\n"
		"let cf _ _ _ _ _ wallet _ =\n"
		"  ret (600 + 100 * Wallet.size wallet <: nat)\n";
	struct zen_output outs[64];
	struct zen_outpoint ops[64];
	struct zen_contract_args a;
	uint64_t four, at;
	char want[256];
	size_t f;

	pay_args(&a, outs, ops, 64, 100000000);
	src = bounded(src);	/* cf bounds main (autoInc) */
	four = main_cost(src, &a);
	tap_ok(four > 0 && four + 2 * 4 * 28 <= 1000, "wallet growth: main "
	       "within cf with 4, 8 and 12 outputs (%llu)",
	       (unsigned long long)four);
	for (f = 1; four + 4 * 128 * (f - 1) <= 600 + 4 * 100 * f; f++)
		;
	a.wallet_n = 4 * f;
	at = main_cost(src, &a);
	tap_u64(at, four + 4 * 128 * (f - 1), "wallet growth: main's cost "
		"with %zu outputs", 4 * f);
	snprintf(want, sizeof(want), "t.fst:%d:5: main costs %llu but cf says "
		 "%zu for command \"pay\" (wallet of 4: 3 ZP, 1 of its asset, "
		 "with its wallet repeated %zu times)", GROW_MAIN_LINE,
		 (unsigned long long)at, 600 + 400 * f, f);
	refused_with(src, want, "wallet growth");
}

/*
 * A payout of a constant amount from the contract's wallet: 1000 ZP,
 * more than the explored wallets hold (3 ZP), so fromWallet gives None
 * on them; the wallet whose outputs each hold one more kalapa than the
 * contract's largest literal takes the payout's path.  cf covers
 * fromWallet's 128 per output.
 */
static void test_dear_rich_wallet(void)
{
	const char *src = GROW_HEAD
		"let main txSkel _ contractId command _ _ wallet _ =\n"
		"  if command <> \"pay\" then RT.failw \"no\" else begin\n"
		"  let! r = Tx.fromWallet Asset.zenAsset 100000000000UL "
		"contractId wallet txSkel in\n"
		"  match r with\n"
		"  | Some tx -> inc 1000 (RT.ok @ { tx = tx; message = None; "
		"state = NoChange })\n"
		"  | None -> " OKBODY "\n"
		"  end\n"
		"let cf _ _ _ _ _ wallet _ =\n"
		"  ret (600 + 128 * Wallet.size wallet <: nat)\n";
	struct zen_output outs[4];
	struct zen_outpoint ops[4];
	struct zen_contract_args a;
	uint64_t rich;
	char want[256];

	pay_args(&a, outs, ops, 4, 100000000001);
	src = bounded(src);	/* cf bounds main (autoInc) */
	rich = main_cost(src, &a);
	tap_ok(rich > 600 + 128 * 4, "rich wallet: main past cf with the "
	       "payout (%llu)", (unsigned long long)rich);
	for (size_t i = 0; i < 4; i++)
		outs[i].spend.amount = 100000000;
	tap_ok(main_cost(src, &a) > 0 && main_cost(src, &a) <= 600 + 128 * 4,
	       "rich wallet: within cf when the wallet cannot pay");
	/* main's line: GROW_HEAD's, without COUNT_FN */
	snprintf(want, sizeof(want), "t.fst:%d:5: main costs %llu but cf says "
		 "%u for command \"pay\" (wallet of 4: 3 ZP, 1 of its asset, "
		 "100000000001 each)", GROW_MAIN_LINE - 2,
		 (unsigned long long)rich, 600 + 128 * 4);
	refused_with(src, want, "rich wallet");
}

/*
 * A dict of the state folded whole (Dict.foldT: each entry its
 * function's 3 and foldT's 4, 7) against a cf of 300: the explored state
 * has one entry, "owner", the key main looks up; grown, the entries come
 * again as "owner~1", "owner~2" ..., and the check runs the size where
 * main's rise of 7 per repetition passes 300.
 */
#define TALLY_MAIN \
	"val cntd: nat -> string -> data -> nat `cost` 3\n" \
	"let cntd acc _ _ = ret (acc + 1)\n" \
	READ_MAIN("_ _ state", "tally", "d", "state >!= tryDict", \
		  "begin\n" \
		  "      let! o = Dict.tryFind \"owner\" d in\n" \
		  "      let! n = Dict.foldT cntd 0 d in " OKBODY " end")

/* main's cost with a state dict of n entries "owner", "owner~1" ...,
 * each U64 1000 (command "tally"). */
static uint64_t tally_cost(const char *src, size_t n)
{
	struct zen_data st;

	zen_data_init(&st);
	st.kind = ZEN_DATA_DICT;
	st.u.dict.entries = zen_xcalloc(n, sizeof(*st.u.dict.entries));
	st.u.dict.n = n;
	for (size_t i = 0; i < n; i++) {
		struct zen_data_entry *e = &st.u.dict.entries[i];
		char key[32];

		snprintf(key, sizeof(key), i ? "owner~%zu" : "owner", i);
		e->key = zen_xstrdup(key);
		e->key_len = strlen(key);
		u64_of(&e->value, 1000);
	}
	zen_data_dict_normalize(&st);
	return cost_on(src, "tally", NULL, &st);
}

static void test_dear_dict_growth(void)
{
	char src[2048];

	snprintf(src, sizeof(src), GROW_HEAD TALLY_MAIN
		 "let cf _ _ _ _ _ _ _ = ret (300 <: nat)\n");
	growth_refused("dict growth", src, tally_cost, 7, 300, "tally", 15,
		       "state {\"owner\": u64}", "collections");
}

/*
 * A string of the body hashed (Sha3.updateString: 6 per byte, its
 * declared index) against a cf of 200: the explored string, "zen", is
 * within cf; repeated, its 18 per repetition passes 200, and the check
 * runs that length.  The strings grow apart from the collections.
 */
#define HASH_MAIN \
	READ_MAIN("messageBody _ _", "hash", "s", "messageBody >!= tryString", \
		  "let! h = Zen.Sha3.hashWith Zen.Sha3.updateString s in " \
		  OKBODY)

/* main's cost with the body String "zen" f times over. */
static uint64_t hash_cost(const char *src, size_t f)
{
	struct zen_data body;

	zen_data_init(&body);
	body.kind = ZEN_DATA_STRING;
	body.u.bytes.p = zen_xmalloc(3 * f + 1);
	for (size_t i = 0; i < f; i++)
		memcpy(body.u.bytes.p + 3 * i, "zen", 3);
	body.u.bytes.p[3 * f] = 0;
	body.u.bytes.len = 3 * f;
	return cost_on(src, "hash", &body, NULL);
}

static void test_dear_string_growth(void)
{
	char src[2048];

	snprintf(src, sizeof(src), GROW_HEAD HASH_MAIN
		 "let cf _ _ _ _ _ _ _ = ret (200 <: nat)\n");
	growth_refused("string growth", src, hash_cost, 3 * 6, 200, "hash", 13,
		       "body string", "strings");
}

int main(void)
{
	test_cost_refusal();
	test_declared_index();
	test_commands_found();
	test_failed_run();
	test_dear_body();
	test_dear_threshold();
	test_dear_between();
	test_dear_named_thresholds();
	test_dear_string();
	test_dear_deeper();
	test_dear_owner();
	test_dear_hash();
	test_dear_signature();
	test_dear_wallet();
	test_dear_sender();
	test_dear_state();
	test_dear_skeleton();
	test_dear_context();
	test_dear_combined();
	test_dear_computed_threshold();
	test_dear_third_round();
	test_dear_fourth_round();
	test_dear_ordered_later();
	test_dear_computed_key();
	test_dear_key_from_body();
	test_dear_computed_limit();
	test_dear_computed_hash();
	test_dear_computed_price();
	test_dear_computed_window();
	test_dear_neutral_context();
	test_dear_sender_hash();
	test_dear_nested();
	test_computed_exact();
	test_dear_list_growth();
	test_list_growth_exact();
	test_dear_wallet_growth();
	test_dear_rich_wallet();
	test_dear_dict_growth();
	test_dear_string_growth();
	test_step_budget();
	test_zulib_arity();
	test_pattern_let_shadows();
	test_alias_chain();
	test_val_arity();
	test_no_report();
	return tap_done();
}
