/*
 * Unit tests of the ZF* language as the evaluator runs it (issue 16):
 * the contracts tests/contracts/lang-*.fst, written as real authors write
 * them (a `val` for every function), each command with its result and
 * its cost computed by hand in the contract's comments; and the
 * productions of man/zen-contracts.7 evaluated one by one.
 *
 * Costs: cf's value must be the hand-derived number, and so must main's
 * own count (contracts.md 1.8, 1.10): the count of the contract loaded
 * without main's `val` (whose index names cf and would pad main up to
 * it, hiding a count that falls short), exact (no declared index
 * exceeded).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/contract/contract.h"
#include "core/contract/parser.h"
#include "core/encoding/hex.h"
#include "tap.h"

#ifndef ZEN_SRCDIR
#define ZEN_SRCDIR "."
#endif

/* One command of a contract and what it must give. */
struct want {
	const char *command;
	int64_t state;		/* main: OK, state Update (I64 state) */
	const char *err;	/* or main: ERR err */
	uint64_t cost;		/* cf = main's cost */
	/* main's own count when it is less than cost (a short-circuit that
	 * the reference charges in full, contracts.md 7), else 0 */
	uint64_t own;
	/* the arguments: block number; sender 1 = a public key (the
	 * oracle key of test-contract-eval.c); state and body I64 values */
	uint32_t block;
	int pk_sender;
	int has_state, has_body;
	int64_t state_in, body_in;
};

static const char *SENDER_PK =
	"02add2eb8158d81b7ea51e35ddde9c8a95e24449bdab8391f40c5517bdb9a3e117";

/* src without its `val main ...` declaration (up to `let main`). */
static char *strip_val_main(const char *src)
{
	const char *v = strstr(src, "\nval main"), *l;
	size_t n = strlen(src);
	char *out = malloc(n + 1);

	if (!out)
		abort();
	if (!v || !(l = strstr(v, "\nlet main"))) {
		memcpy(out, src, n + 1);
		return out;
	}
	memcpy(out, src, (size_t)(v - src));
	memcpy(out + (v - src), l, n - (size_t)(l - src) + 1);
	return out;
}

static struct zc_contract *load(const char *name, const char *src,
				size_t len)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c = NULL;

	if (zen_contract_load(src, len, name, &c, &err))
		tap_diag("%s", err.msg);
	return c;
}

static void args_init(struct zen_contract_args *a, const char *cmd)
{
	memset(a, 0, sizeof(*a));
	a->command = cmd;
	a->command_len = strlen(cmd);
}

/* main's result as want says (OK with the I64 state, or ERR msg) */
static int result_ok(const struct zen_contract_return *r,
		     const struct want *w)
{
	if (w->err)
		return !r->ok && r->err_msg && !strcmp(r->err_msg, w->err);
	return r->ok && r->state == ZEN_STATE_UPDATE &&
	       r->state_data.kind == ZEN_DATA_I64 &&
	       r->state_data.u.i64 == w->state;
}

static void check_command(const char *name, struct zc_contract *c,
			  struct zc_contract *bare, const struct want *w)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zen_contract_stats st;
	struct zen_data state, body;
	uint64_t cf = (uint64_t)-1, own = w->own ? w->own : w->cost;
	int rc;

	args_init(&a, w->command);
	a.block_number = w->block;
	if (w->pk_sender) {
		a.sender = ZEN_SENDER_PK;
		if (zen_hex_decode_fixed(a.sender_pk, 33, SENDER_PK, NULL))
			abort();
	}
	zen_data_init(&state);
	zen_data_init(&body);
	state.kind = body.kind = ZEN_DATA_I64;
	state.u.i64 = w->state_in;
	body.u.i64 = w->body_in;
	if (w->has_state)
		a.state = &state;
	if (w->has_body)
		a.body = &body;
	if (zen_contract_cost(c, &a, &cf, &err))
		tap_diag("cf: %s", err.msg);
	tap_ok(cf == w->cost, "%s %s: cf = %llu (got %llu)", name, w->command,
	       (unsigned long long)w->cost, (unsigned long long)cf);
	zen_contract_return_init(&r);
	memset(&st, 0, sizeof(st));
	rc = zen_contract_run(c, &a, &r, &st, &err);
	if (rc)
		tap_diag("main: %s", err.msg);
	tap_ok(!rc && result_ok(&r, w) && st.cost == w->cost,
	       "%s %s: main gives %s%lld, cost %llu", name, w->command,
	       w->err ? w->err : "state ", (long long)w->state,
	       (unsigned long long)st.cost);
	zen_contract_return_release(&r);
	zen_contract_return_init(&r);
	memset(&st, 0, sizeof(st));
	rc = zen_contract_run(bare, &a, &r, &st, &err);
	if (rc)
		tap_diag("main: %s", err.msg);
	tap_ok(!rc && result_ok(&r, w) && st.cost_body == own &&
	       st.cost_exact, "%s %s: main's own count %llu = %llu (exact %d)",
	       name, w->command, (unsigned long long)st.cost_body,
	       (unsigned long long)own, st.cost_exact);
	zen_contract_return_release(&r);
}

static void check_contract(const char *name, const struct want *ws,
			   size_t n)
{
	size_t len, i;
	char *src = tap_read_file(ZEN_SRCDIR "/tests/contracts", name, &len);
	char *bare_src;
	struct zc_contract *c, *bare;

	if (!tap_ok(src != NULL, "read %s", name))
		return;
	bare_src = strip_val_main(src);
	c = load(name, src, len);
	bare = load(name, bare_src, strlen(bare_src));
	if (tap_ok(c && bare, "load %s", name))
		for (i = 0; i < n; i++)
			check_command(name, c, bare, &ws[i]);
	zen_contract_free(c);
	zen_contract_free(bare);
	free(bare_src);
	free(src);
}

#define CHECK(name, ws) check_contract(name, ws, sizeof(ws) / sizeof(ws[0]))

static void test_pipeline(void)
{
	/* values: 123456 * 30 / 10000 = 370; 41 is odd: None -> 999; 42 / 2
	 * = 21; 10 + length [20; 30] = 12; [] -> 0.  costs: the comments
	 * of lang-pipeline.fst (22 + callee) */
	static const struct want ws[] = {
		{ .command = "fee", .state = 370, .cost = 22 + 13 },
		{ .command = "odd", .state = 999, .cost = 22 + 20 + 4 },
		{ .command = "even", .state = 21, .cost = 22 + 20 + 4 },
		{ .command = "total", .state = 12, .cost = 22 + 14 },
		{ .command = "", .state = 0, .cost = 22 + 14 },
	};

	CHECK("lang-pipeline.fst", ws);
}

static void test_patterns(void)
{
	/* values: tri o, p = (4, 0), q = (0, 3): (4 - 0) * (3 - 0) - (0 -
	 * 0) * (0 - 0) = 12, + 1000 for a triangle; seg, dot: 0.  costs:
	 * main 22 + parse 21 (+ area2 29) */
	static const struct want ws[] = {
		{ .command = "tri", .state = 1012, .cost = 22 + 21 + 29 },
		{ .command = "seg", .state = 0, .cost = 22 + 21 + 29 },
		{ .command = "dot", .state = 0, .cost = 22 + 21 + 29 },
		{ .command = "hexagon", .err = "unknown shape", .cost = 22 + 21 },
	};

	CHECK("lang-patterns.fst", ws);
}

static void test_localops(void)
{
	/* values: base *% 150 = 640 * 150 / 100 = 960; cap: 960 +| 200 =
	 * 1000 (saturated), Scale 1: 1000; bonus: 960 + 200 = 1160; scale:
	 * ( - ) 1000 640 = 360, ( +| ) 10 360 = 370; parity: isEven 640 &&
	 * isOdd 7 = 1; neg.apply 640 = -640.  costs: 35 + run 20, + *% 5
	 * (cap, bonus), + +| 10 (cap), + isEven 640 5128 + isOdd 7 64
	 * (parity) */
	static const struct want ws[] = {
		{ .command = "cap", .state = 1000, .cost = 70 },
		{ .command = "bonus", .state = 1160, .cost = 60 },
		{ .command = "scale", .state = 370, .cost = 55 },
		{ .command = "parity", .state = 1, .cost = 5247 },
		{ .command = "", .state = -640, .cost = 55 },
	};

	CHECK("lang-localops.fst", ws);
}

static void test_implicits(void)
{
	/* values: larger 17 42 = 42; positive 5 = OK 5; positive (0 - 5)
	 * = ERR; repeatAdd 7 3 = 21.  costs: main 13 + the callees
	 * (comments of lang-implicits.fst); positive's ERR path is n + 9
	 * = 12 by its own count, charged n + 10 = 13 */
	static const struct want ws[] = {
		{ .command = "larger", .state = 42, .cost = 13 + 9 + 8 },
		{ .command = "pos", .state = 5, .cost = 13 + 13 + 6 + 8 },
		{ .command = "neg", .err = "not positive", .cost = 13 + 13 + 6 },
		{ .command = "rep", .state = 21, .cost = 13 + 53 + 8 },
		{ .command = "div", .err = "unknown command", .cost = 13 },
	};

	CHECK("lang-implicits.fst", ws);
}

static void test_timelock(void)
{
	/* main costs 28, 42 on the ("open", key) path (lang-timelock.fst).
	 * values: a key at block 150 with 4 openings: 5; at block 100 without state: 1;
	 * before block 100, or a contract... anonymous: ERR */
	static const struct want ws[] = {
		{ .command = "open", .state = 5, .cost = 42, .block = 150,
		  .pk_sender = 1, .has_state = 1, .state_in = 4 },
		{ .command = "open", .state = 1, .cost = 42, .block = 100,
		  .pk_sender = 1 },
		{ .command = "open", .err = "locked", .cost = 42, .block = 99,
		  .pk_sender = 1, .has_state = 1, .state_in = 4 },
		{ .command = "open", .err = "anonymous sender", .cost = 28,
		  .block = 150 },
		{ .command = "close", .err = "unknown command", .cost = 28,
		  .block = 150, .pk_sender = 1 },
	};

	CHECK("lang-timelock.fst", ws);
}

static void test_escrow(void)
{
	/* values: 100 + 50 - fee 2 = 148; without state 0 + 50 - 2 = 48;
	 * release: 0.  costs (lang-escrow.fst): deposit 53, its own count
	 * 28 without a body (ofOptionT gives ERR, RT's bind charges the rest
	 * by its type); release and others 21 */
	static const struct want ws[] = {
		{ .command = "deposit", .state = 148, .cost = 53,
		  .has_state = 1, .state_in = 100, .has_body = 1,
		  .body_in = 50 },
		{ .command = "deposit", .state = 48, .cost = 53,
		  .has_body = 1, .body_in = 50 },
		{ .command = "deposit", .err = "no amount", .cost = 53,
		  .own = 28, .has_state = 1, .state_in = 100 },
		{ .command = "release", .state = 0, .cost = 21,
		  .has_state = 1, .state_in = 100 },
		{ .command = "refund", .err = "unknown command", .cost = 21 },
	};

	CHECK("lang-escrow.fst", ws);
}

static void test_ballot(void)
{
	/* values: yes = alice 3 + carol 1 = 4; n = bob 2 + erin 4 = 6;
	 * abstain = dave 5.  costs (lang-ballot.fst): 178, none 17 */
	static const struct want ws[] = {
		{ .command = "yes", .state = 4, .cost = 178 },
		{ .command = "n", .state = 6, .cost = 178 },
		{ .command = "abstain", .state = 5, .cost = 178 },
		{ .command = "maybe", .err = "no such choice", .cost = 17 },
	};

	CHECK("lang-ballot.fst", ws);
}

static void test_orderbook(void)
{
	/* values: best bid max (101, 99) = 101, best ask min (104, 103) =
	 * 103: spread 2; depth 5 + 7 + 2 + 9 = 23.  costs
	 * (lang-orderbook.fst): 17 + 349, 17 + 75, 17 */
	static const struct want ws[] = {
		{ .command = "spread", .state = 2, .cost = 17 + 349 },
		{ .command = "depth", .state = 23, .cost = 17 + 75 },
		{ .command = "cancel", .err = "unknown command", .cost = 17 },
	};

	CHECK("lang-orderbook.fst", ws);
}

/* ---- productions, one by one ---- */

static const char *HEAD =
	"open Zen.Types\nopen Zen.Base\nopen Zen.Cost\n"
	"module C = Zen.Cost\nmodule RT = Zen.ResultT\n"
	"module OptT = Zen.OptionT\nmodule I = FStar.Int64\n"
	"module N = FStar.Pervasives.Native\n";

/*
 * defs, then a main whose state is I64 of the int expression e (after
 * `let! r = pre in` when pre is not NULL), and a cf that is not a number
 * (so main is not padded to it, and last_exact is main's own).  *val is
 * the state, *own main's own count; returns 0 or the load/run error.
 */
static int last_exact;	/* cost_exact of the last run_src */

static int run_src(const char *defs, const char *pre, const char *e,
		   int64_t *val, uint64_t *own, struct zen_err *err)
{
	char src[4096];
	struct zc_contract *c;
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zen_contract_stats st;
	int rc;

	snprintf(src, sizeof(src), "%s%s\nlet main txSkel _ _ _ _ _ _ _ =\n"
		 "%s%s%s RT.ok @ { tx = txSkel; message = None; state = Update "
		 "(I64 (I.int_to_t (%s))) }\nlet cf _ _ _ _ _ _ _ = C.ret (0 - 1)"
		 "\n", HEAD, defs, pre ? "let! r = " : "", pre ? pre : "",
		 pre ? " in" : "", e);
	if ((rc = zen_contract_load(src, strlen(src), "t.fst", &c, err)))
		return rc;
	args_init(&a, "");
	zen_contract_return_init(&r);
	memset(&st, 0, sizeof(st));
	rc = zen_contract_run(c, &a, &r, &st, err);
	if (!rc && (!r.ok || r.state != ZEN_STATE_UPDATE))
		rc = zen_fail(err, ZEN_EREFUSED, "main did not update");
	if (!rc) {
		*val = r.state_data.u.i64;
		*own = st.cost_body;
		last_exact = st.cost_exact;
	}
	zen_contract_return_release(&r);
	zen_contract_free(c);
	return rc;
}

static void value_is(const char *defs, const char *e, int64_t want,
		     const char *what)
{
	struct zen_err err = ZEN_ERR_INIT;
	int64_t v = 0;
	uint64_t own = 0;
	int rc = run_src(defs, NULL, e, &v, &own, &err);

	if (rc)
		tap_diag("%s", err.msg);
	tap_ok(!rc && v == want, "%s: %lld (got %lld)", what, (long long)want,
	       (long long)v);
}

static void load_fails(const char *defs, const char *msg, const char *what)
{
	struct zen_err err = ZEN_ERR_INIT;
	int64_t v;
	uint64_t own;
	int rc = run_src(defs, NULL, "0", &v, &own, &err);

	tap_ok(rc == ZEN_EINVAL && !strcmp(err.msg, msg), "%s: %s", what,
	       err.msg);
}

/* M.(e) is let open M in e: the same value (3 * 2 + 1, wrapping
 * operators of FStar.UInt64 unqualified) and the same count. */
static void test_local_open(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	int64_t v[2] = { 0, 0 };
	uint64_t own[2] = { 0, 0 };
	int rc = run_src("", NULL, "FStar.UInt64.v FStar.UInt64.(3UL *%^ 2UL "
			 "+%^ 1UL)", &v[0], &own[0], &err) ?:
		 run_src("", NULL, "FStar.UInt64.v (let open FStar.UInt64 in "
			 "3UL *%^ 2UL +%^ 1UL)", &v[1], &own[1], &err);

	if (rc)
		tap_diag("%s", err.msg);
	tap_ok(!rc && v[0] == 7 && v[1] == 7, "M.(e): 7 (got %lld)",
	       (long long)v[0]);
	tap_ok(!rc && own[0] == own[1] && own[0] > 0, "M.(e): counted as "
	       "let open M in e (%llu, %llu)", (unsigned long long)own[0],
	       (unsigned long long)own[1]);
}

/* FStar.Char.lowercase 'Q' is 'q', 113. */
static void char_lowercase(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	int64_t v = 0;
	uint64_t own;
	int rc = run_src("", "FStar.Char.lowercase 'Q'", "FStar.UInt8.v r", &v,
			 &own, &err);

	tap_ok(!rc && v == 113, "FStar.Char.lowercase of a literal: 113 "
	       "(got %lld) %s", (long long)v, rc ? err.msg : "");
}

/* Character literals are UInt8, as Zulib's FStar.Char defines char:
 * 'a' is 97, escapes decode as in strings, patterns match them, and
 * FStar.Char.lowercase takes them. */
static void test_chars(void)
{
	value_is("", "FStar.UInt8.v 'a' + FStar.UInt8.v '\\n' + "
		 "FStar.UInt8.v '\\x41' + FStar.UInt8.v '\\''", 97 + 10 + 65 + 39,
		 "character literals");
	value_is("let cls (c:FStar.Char.char) = match c with | 'a' -> 1 | "
		 "'\\t' -> 2 | _ -> 3\n", "cls 'a' * 100 + cls '\\t' * 10 + "
		 "cls 'z'", 123, "character patterns");
	char_lowercase();
}

/*
 * F*'s projectors C?.f: functions of one value, over Zulib's constructors
 * (Some?.v, Cons?.hd, Cons?.tl; lists are no constructors at run time),
 * the contract's own (A?._0) and qualified ones (N.Some?.v).  A
 * projector of a value built otherwise fails the run, as F* proves it
 * never is; a field the constructor lacks, or a name that is no
 * constructor, fails the load.  A discriminator C? fails the load too:
 * the pinned elaborator (ZFS-Tools 0.0.24 elab_term) has no case for it,
 * so the reference cannot activate a contract that uses one.
 */
static void test_discriminators(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	int64_t v;
	uint64_t own;
	int rc;

	value_is("", "Some?.v (Some 5) + Cons?.hd [7; 8] + "
		 "Cons?.hd (Cons?.tl [7; 8]) + N.Some?.v (N.Some 1)", 21,
		 "projectors: 5 + 7 + 8 + 1");
	value_is("type t = | A of int | B of int * int | C\n",
		 "A?._0 (A 4) + A?._0 (A 2)", 6,
		 "the contract's constructors: 4 + 2");
	rc = run_src("", NULL, "Some?.v None", &v, &own, &err);
	tap_ok(rc == ZEN_EREFUSED && strstr(err.msg, "Some?.v of a value not "
					   "built with Some"),
	       "a projector of another constructor fails the run: %s",
	       err.msg);
	load_fails("let x = Some?.w (Some 1)\n",
		   "t.fst:9:9: constructor 'Some' has no field 'w'",
		   "a field the constructor lacks");
	load_fails("type t = | A of int\nlet x = A?._1 (A 1)\n",
		   "t.fst:10:9: constructor 'A' has no field '_1'",
		   "an argument past the constructor's");
	load_fails("let x = Foo?.v 1\n", "t.fst:9:9: unbound constructor 'Foo'",
		   "no such constructor");
	load_fails("let x = if Some? (Some 3) then 1 else 0\n",
		   "t.fst:9:12: unsupported: the discriminator 'Some?' (the "
		   "reference's elaborator refuses it; match on the constructor "
		   "instead)", "a discriminator");
	load_fails("let ap (f: option int -> bool) x = f x\n"
		   "let y = ap N.None? None\n",
		   "t.fst:10:12: unsupported: the discriminator 'N.None?' (the "
		   "reference's elaborator refuses it; match on the constructor "
		   "instead)", "a discriminator as an argument, qualified");
}

/*
 * F*'s constructor Mk<t> of a record type t, and its projectors Mk<t>?.f:
 * the contract's records and Zulib's (spend, output, outpoint, message,
 * context, contractReturn), the same records as the literal { f = e }
 * (h33's blind round).  A pattern does not take one.
 */
static void test_record_constructors(void)
{
	/* (with them, h34's: ^ is Prims.strcat, F*'s desugaring) */
	value_is("", "(if \"ab\" ^ \"c\" = strcat \"a\" \"bc\" then 1 else 0) + "
		 "(if \"x\" ^ \"y\" = \"xy\" then 2 else 0)", 3,
		 "a ^ b is Prims.strcat a b");
	value_is("let ( ^ ) (a: string) (b: string) = a\n",
		 "if \"x\" ^ \"y\" = \"x\" then 1 else 0", 1,
		 "a contract's own ( ^ ) shadows it");
	value_is("type pt = { x: int; y: int }\n",
		 "(Mkpt 3 4).y + Mkpt?.x (Mkpt 5 6) + Mkpt?.y ({ x = 1; y = 7 })",
		 4 + 5 + 7, "Mkpt builds the record, Mkpt?.x reads a field");
	value_is("", "FStar.UInt64.v (Mkspend?.amount (Mkspend "
		 "Zen.Asset.zenAsset 7UL)) + FStar.UInt64.v ({ asset = "
		 "Zen.Asset.zenAsset; amount = 9UL } <: spend).amount",
		 7 + 9, "Zulib's Mkspend and Mkspend?.amount");
	value_is("", "FStar.UInt32.v (Mkcontext 12ul 5UL).blockNumber",
		 12, "Mkcontext");
	/* in a pattern, Mk<t> matches the record (h34's blind round) */
	value_is("type pt = { x: int; y: int }\n"
		 "let f p = match p with | Mkpt a b -> a - b\n",
		 "f ({ x = 9; y = 2 }) + (match ({ asset = Zen.Asset.zenAsset; "
		 "amount = 5UL } <: spend) with | Mkspend _ amt -> "
		 "FStar.UInt64.v amt)", 7 + 5, "Mkpt a b and Mkspend _ amt "
		 "as patterns");
	load_fails("type pt = { x: int; y: int }\n"
		   "let f p = match p with | Mkpt a -> a\n",
		   "t.fst:10:26: 'Mkpt' takes 2 arguments, given 1",
		   "a record constructor in a pattern, short");
	/* F*'s tuples (Zulib's fst is Mktuple2?._1 x) */
	value_is("", "Mktuple2?._1 (3, 4) + Mktuple2?._2 (Mktuple2 5 6) + "
		 "(match (1, 2, 3) with | Mktuple3 a _ c -> a + c)",
		 3 + 6 + 4, "Mktuple2, Mktuple2?._1, Mktuple3 as a pattern");
	value_is("", "Mktuple8?._8 (Mktuple8 1 2 3 4 5 6 7 8) + "
		 "(match (1, 2, 3, 4, 5, 6) with | Mktuple6 a _ _ _ _ f -> "
		 "a * 10 + f) + Mktuple7?._7 (1, 2, 3, 4, 5, 6, 70)",
		 8 + 16 + 70, "Mktuple6..8 (FStar.Pervasives' tuple6..8)");
	/* Zen.Types.Extracted's blockHeader, a record like the others */
	value_is("", "FStar.UInt32.v (MkblockHeader 1ul Zen.Asset.zeroHash 7ul "
		 "Zen.Asset.zeroHash 9UL 3ul (2UL, 5UL)).blockNumber + "
		 "FStar.UInt64.v (snd (MkblockHeader?.nonce ({ version = 0ul; "
		 "parent = Zen.Asset.zeroHash; blockNumber = 1ul; commitments "
		 "= Zen.Asset.zeroHash; timestamp = 4UL; difficulty = 3ul; "
		 "nonce = (6UL, 50UL) } <: blockHeader)))", 7 + 50,
		 "MkblockHeader and MkblockHeader?.nonce");
	load_fails("type pt = { x: int; y: int }\nlet z = Mkpt?.z\n",
		   "t.fst:10:9: record 'Mkpt' has no field 'z'",
		   "a field the record lacks");
}

/*
 * F*'s parser names an operator op_ and a word per character (compile_op:
 * +^ is op_Plus_Hat), and a program may use that name; ( :: ) is an
 * operator section like the others, Zen.List's where nothing else binds
 * it (the same function as the constructor).
 */
static void test_op_names(void)
{
	/* the other way: an operator bound by its op_ name, as Zulib binds
	 * some (unfold let op_Plus_Hat = add) */
	value_is("let op_Hat_Hat a b = a - b\nlet op_Bar_Greater_Greater a b "
		 "= a * b\n", "(10 ^^ 3) + (2 |>> 5)", 17,
		 "^^ and |>> bound as op_Hat_Hat and op_Bar_Greater_Greater");
	value_is("", "FStar.UInt64.v (FStar.UInt64.op_Plus_Hat 3UL 4UL) + "
		 "FStar.UInt64.v (let open FStar.UInt64 in "
		 "op_Star_Percent_Hat 3UL 5UL) + "
		 "FStar.UInt64.v (FStar.UInt64.op_Subtraction_Hat 9UL 1UL)",
		 7 + 15 + 8, "op_ names of FStar.UInt64's operators");
	value_is("", "length (Zen.List.op_Colon_Colon 1 [2]) * 100 + "
		 "length (( :: ) 1 []) * 10 + "
		 "length (let open Zen.List in ( :: ) 1 [2; 3])", 213,
		 "op_Colon_Colon and ( :: )");
	load_fails("let x = FStar.UInt64.op_Plus_Plus_Hat 1UL 2UL\n",
		   "t.fst:9:9: unbound name 'FStar.UInt64.op_Plus_Plus_Hat'",
		   "an op_ name of no operator");
	load_fails("let x = op_Plus_ 1\n", "t.fst:9:9: unbound name 'op_Plus_'",
		   "a trailing '_' spells nothing");
}

/*
 * What Zulib v0.3.43 does not have is unknown: the bitwise functions and
 * shifts of the machine integers (commented out there), and the literals
 * of the integer types it ships no module for (F* reads 1us as
 * FStar.UInt16.__uint_to_t 1).  Propositions (==, /\, ~, b2t, ...) are
 * types: they resolve, and only where they are erased, in assert_norm's
 * argument or a refinement predicate that nothing applies.
 */
static void test_zulib_bounds(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	int64_t v = 0;
	uint64_t own;
	int rc;

	load_fails("let x = FStar.UInt64.logand 1UL 2UL\n",
		   "t.fst:9:9: unbound name 'FStar.UInt64.logand'",
		   "UInt64.logand is commented out in Zulib");
	load_fails("let x = FStar.UInt8.shift_left 1uy 2ul\n",
		   "t.fst:9:9: unbound name 'FStar.UInt8.shift_left'",
		   "UInt8.shift_left is commented out in Zulib");
	load_fails("let x = 1us\n", "t.fst:9:9: unknown module 'FStar.UInt16' "
		   "(the type of this literal)", "a UInt16 literal");
	load_fails("let f x = match x with | 3l -> 1 | _ -> 0\n",
		   "t.fst:9:26: unknown module 'FStar.Int32' (the type of this "
		   "literal)", "an Int32 literal in a pattern");
	value_is("let ``two words`` = 4\n", "``two words`` + 1", 5,
		 "a ``quoted name``");
	value_is("open Zen.Util\n", "3", 3,
		 "open Zen.Util (a module without exports, as the "
		 "reference's own test contracts open it)");
	load_fails("let x = Zen.Util.debug 1\n",
		   "t.fst:9:9: unbound name 'Zen.Util.debug'",
		   "Zen.Util.debug is commented out in Zulib");
	value_is("", "let u = assert_norm (1 + 1 == 2 /\\ ~(1 == 2) \\/ "
		 "b2t true ==> (1 === 1) <==> (2 == 2)) in 7", 7,
		 "propositions in assert_norm's argument");
	rc = run_src("", "refine_in (fun x -> x == 5) (incRet 1 5)", "r * 10",
		     &v, &own, &err);
	tap_ok(!rc && v == 50, "a predicate with == passed to refine_in: %s",
	       rc ? err.msg : "50");
	rc = run_src("", NULL, "if 1 == 1 then 1 else 0", &v, &own, &err);
	tap_ok(rc == ZEN_EREFUSED && strstr(err.msg, "== is not executable"),
	       "a proposition where a bool is run fails the run: %s",
	       err.msg);
}

static void test_expressions(void)
{
	value_is("", "5 |> fun y -> y * 2 + 1", 11, "fun as the operand of |>");
	value_is("", "1 + let y = 2 in y * 10", 21, "let as an operand");
	value_is("", "100 + match N.Some 3 with | N.Some x -> x | N.None -> 0",
		 103, "match as an operand, qualified constructors");
	value_is("", "(if true || false then 1 else 2) + if false then 10 "
		 "else 20", 21, "if as an operand, short-circuit ||");
	/* OK and ERR live in FStar.Pervasives (Zulib's); Zen.Types does
	 * not include it, so F* has no Zen.Types.OK either */
	value_is("", "match FStar.Pervasives.OK 6 with | OK v -> v | ERR _ -> 0",
		 6, "FStar.Pervasives.OK");
	load_fails("let x = Zen.Types.OK 1\n",
		   "t.fst:9:9: unbound constructor 'Zen.Types.OK'",
		   "Zen.Types.OK is not exported by Zen.Types");
	/* e.(i): Zen.Array's op_Array_Access (Zen.Array.Indexed), in scope
	 * with Zen.Array open; Zulib has no op_String_Access */
	{
		struct zen_err err = ZEN_ERR_INIT;
		uint64_t own;
		int64_t v;
		int rc = run_src("open Zen.Array\n",
				 "init_pure 3 (fun i -> ret (i * 10))",
				 "r.(2) + r.(1) * 2", &v, &own, &err);

		tap_ok(!rc && v == 40, "arr.(2) + arr.(1) * 2 over [0; 10; "
		       "20] = 40: %s", rc ? err.msg : "ran");
	}
	load_fails("let x = \"ab\".[0]\n",
		   "t.fst:9:13: unbound name 'op_String_Access'",
		   "e.[i] without an op_String_Access");
	/* F* opens the FStar namespace in every module (FStar.Parser.Dep's
	 * implicit deps): UInt64 is FStar.UInt64, in names, aliases and
	 * opens; no such namespace is open for Zen */
	value_is("module U = UInt64\n", "String.length \"abcd\" + UInt64.v "
		 "5UL + U.v 7UL + Int64.v 1L + (let open UInt32 in v (3ul +^ "
		 "1ul))", 21, "UInt64.v, String.length: FStar's namespace");
	load_fails("let x = Cost.ret 1\n", "t.fst:9:9: unbound name 'Cost.ret'",
		   "no Zen namespace: Cost.ret");
	load_fails("module M = Wallet\n", "t.fst:9:1: unknown module 'Wallet'",
		   "no Zen namespace: module M = Wallet");
	/* each constructor under the module Zulib defines it in: sender
	 * and stateUpdate in Zen.Types.Main, lock in Zen.Types.Extracted,
	 * data in Zen.Types.Data (all included by Zen.Types) */
	value_is("", "(match Zen.Types.Main.Update (Zen.Types.Data.U64 2UL) "
		 "with | Zen.Types.Main.Update (U64 _) -> 1 | _ -> 0) + "
		 "(if Zen.Types.Main.Anonymous = Anonymous && "
		 "Zen.Types.Main.NoChange = Zen.Types.NoChange && "
		 "Zen.Types.Extracted.FeeLock = FeeLock then 10 else 0)", 11,
		 "Zen.Types.Main.Update, .Anonymous, .NoChange by full name");
	load_fails("let x = Zen.Types.Extracted.NoChange\n",
		   "t.fst:9:9: unbound constructor 'Zen.Types.Extracted.NoChange'",
		   "NoChange is not Zen.Types.Extracted's");
	value_is("let pick = function | (a, (b, { x = c })) -> a + b * c\n",
		 "pick (1, (2, { x = 3 }))", 7,
		 "function over a nested tuple / record pattern");
	value_is("type r = { x : int }\n", "begin begin 4 end end * begin 2 end",
		 8, "nested begin ... end");
	value_is("type pt = { x : int; y : int }\n",
		 "let x = 3 in let y = 4 in match { x; y } with "
		 "| { x; y = z } -> x * 10 + z", 34, "record field punning");
	value_is("", "( + ) 1 2 + (( * ) 3) 4 + (( - ) 10) 4", 21,
		 "operator sections");
	value_is("", "let ( +% ) a b = (a + b) % 7 in 5 +% 4 +% 6", 1,
		 "a local operator: (5 +% 4) +% 6 = 2 +% 6 = 1");
	value_is("let rec ev (n:nat) : bool = if n = 0 then true else od (n - 1)"
		 "\nand od (n:nat) : bool = if n = 0 then false else ev (n - 1)"
		 "\n", "if ev 10 && od 7 && not (ev 3) then 1 else 0", 1,
		 "let rec ... and ...");
	value_is("", "let rec f (n:nat) : int = if n = 0 then 0 else g (n - 1) + 1"
		 "\n and g (n:nat) : int = if n = 0 then 100 else f (n - 1) in "
		 "f 3", 102, "local let rec ... and: f 3 = g 2 + 1 = f 1 + 1 = "
		 "g 0 + 2");
	value_is("let id (#a:Type) (x:a) : a = x\n", "id #int 4 + id #_ 5",
		 9, "# arguments");
	value_is("[@ \"inline\"] let one = 1\n[@@ a; b] unfold let two = 2\n",
		 "let t = one + two in t", 3, "attributes of declarations");
	load_fails("let x = [@ a] let t = 1 in t\n",
		   "t.fst:9:9: forbidden: attributes on a local let (the "
		   "reference's checker refuses them)",
		   "attributes of a local let");
	value_is("noeq type box = { f : int -> int }\n"
		 "unopteq type w = | W of (int -> int)\n",
		 "match W ({ f = fun x -> x + 1 }).f with | W g -> g 41", 42,
		 "noeq / unopteq types");
	load_fails("let f x = match x with | Some y when y > 1 -> y | _ -> 0\n",
		   "t.fst:9:33: when guards are not allowed in contracts (line 9,"
		   " column 33)", "when guard refused");
	load_fails("let f = function | y when true -> 1\n",
		   "t.fst:9:22: when guards are not allowed in contracts (line 9,"
		   " column 22)", "when guard in function refused");
}

/*
 * `val f : #n:nat -> m:cost nat n -> cost nat (n + 3)` binds n to the
 * cost of m: f's cost is padded to n + 3 (eval.h COST INDEXES).  main:
 * let! 1 + leaf 1 + f (C.incRet 7 1) (1 + 2) 3 + RT.ok @ {...} 8 = 13,
 * + f: 7 + 3 = 10 (7 by its own count: its body `m` is 0): 23.
 */
static void own_is(const char *defs, const char *pre, uint64_t want,
		   const char *what)
{
	struct zen_err err = ZEN_ERR_INIT;
	int64_t v = 0;
	uint64_t own = 0;
	int rc = run_src(defs, pre, "r", &v, &own, &err);

	if (rc)
		tap_diag("%s", err.msg);
	tap_ok(!rc && own == want && last_exact, "%s: own count %llu (got "
	       "%llu, exact %d)", what, (unsigned long long)want,
	       (unsigned long long)own, last_exact);
}

/*
 * ZF*'s if! c then a else b (ZFS-Tools IfBind, Zen.Cost.ifBang): c is a
 * cost bool, run first; the elaborator counts it as an if, 3 + c + the
 * larger branch.  main: let! 2 + the if! + RT.ok @ {...} 8; its value is
 * main's state.
 */
static void test_ifbang(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	int64_t v = 0;
	uint64_t own = 0;
	int rc;

	/* if! 3 + C.incRet 4 true 2 + max (C.ret 7, C.ret 9) 1 = 6:
	 * 2 + 6 + 8 = 16, and incRet's 4: 20 */
	rc = run_src("", "if! C.incRet 4 true then C.ret 7 else C.ret 9", "r",
		     &v, &own, &err);
	tap_ok(!rc && v == 7 && own == 20, "if! true: 7, own count 20 (got "
	       "%lld, %llu: %s)", (long long)v, (unsigned long long)own,
	       rc ? err.msg : "ok");
	/* if! 3 + C.ret false 1 + max (C.ret 7 1, C.incRet 5 9 2) = 6:
	 * 16, and incRet's 5: 21 */
	rc = run_src("", "if! C.ret false then C.ret 7 else C.incRet 5 9", "r",
		     &v, &own, &err);
	tap_ok(!rc && v == 9 && own == 21, "if! false: 9, own count 21 (got "
	       "%lld, %llu: %s)", (long long)v, (unsigned long long)own,
	       rc ? err.msg : "ok");
	/* the condition must be a cost bool: a plain bool fails the run */
	rc = run_src("", "if! true then C.ret 7 else C.ret 9", "r", &v, &own,
		     &err);
	tap_ok(rc == ZEN_EREFUSED, "if! of a plain bool fails the run: %s",
	       err.msg);
}

static void test_implicit_binding(void)
{
	own_is("val f : #n:nat -> m:cost nat n -> cost nat (n + 3)\n"
	       "let f #n m = m\n", "f (C.incRet 7 1)", 13 + 7 + 3,
	       "implicit n bound by the argument's cost: n + 3");
	own_is("val f (#n:nat) (m : cost nat n) : cost nat (n + 3)\n"
	       "let f #n m = m\n", "f (C.incRet 7 1)", 13 + 7 + 3,
	       "the same with binders before the colon");
	/* a let's return type: #n is the cost of the parameter typed
	 * cost nat n; with a second parameter k in the index: main 1 + 1 +
	 * (f (C.incRet 4 1) 5: 2 + 2) + 8 = 14, + 4 + 5 */
	own_is("let f (#n:nat) (m : cost nat n) : cost nat (n + 3) = m\n",
	       "f (C.incRet 7 1)", 13 + 7 + 3,
	       "let return type: implicit n bound by the parameter's cost");
	own_is("let f (#n:nat) (m : cost nat n) (k : nat) : cost nat (n + k) "
	       "= m\n", "f (C.incRet 4 1) 5", 14 + 4 + 5,
	       "let return type: n and an explicit parameter");
	/* the argument is the second: n is its cost, 4; main 1 + 1 + (f 5
	 * (C.incRet 4 1): 2 + 2) + 8 = 14, + 4 + 5 = 23 */
	own_is("val f : #a:Type -> k:nat -> #n:nat -> m:cost nat n -> "
	       "cost nat (n + k)\nlet f k #n m = m\n", "f 5 (C.incRet 4 1)",
	       14 + 4 + 5, "implicit n after an explicit k");
	/* optionT: n is the cost of an option computation; the None path
	 * (OptT.none 0 + body: let! 2 + match leaves Some x 2 + None 1 +
	 * max (OptT.incSome 1 x 2, OptT.none 0) = 7) is charged n + 10 = 13 */
	own_is("val g : #n:nat -> m:cost (option nat) n -> "
	       "cost (option nat) (n + 10)\n"
	       "let g #n m = let! o = m in match o with | Some x -> "
	       "OptT.incSome 1 x | None -> OptT.none\n",
	       "g (OptT.incNone 3) >>= fun _ -> C.ret 0",
	       /* main: let! 1 + 1 + (>>= 2 + g (...) 1 + 1 = 4) + 8 = 14;
		* the lambda 1 (C.ret 0); g 3 + 10 */
	       14 + 1 + 13, "optionT: the short path charged n + 10");
	/* forcing the argument for n runs on the run's budget, not the
	 * index's (50,000 steps): spin 20000 takes some 100,000 steps when
	 * the bind forces it; f's index then pads, and main's let! finds
	 * the value memoized (no "forced recursively") */
	{
		struct zen_err err = ZEN_ERR_INIT;
		int64_t v = 0;
		uint64_t own = 0;
		int rc = run_src("val f : #n:nat -> m:cost nat n -> "
				 "cost nat (n + 3)\nlet f #n m = m\n"
				 "let rec spin (k:nat) = if k = 0 then C.ret 7 "
				 "else spin (k - 1)\n",
				 "f (C.ret 0 >>= fun _ -> spin 20000)", "r", &v,
				 &own, &err);

		if (rc)
			tap_diag("%s", err.msg);
		tap_ok(!rc && v == 7, "an argument heavier than the index "
		       "budget: forced once, main runs");
	}
	/* no cost-typed argument names n: the index is not a number, no
	 * padding: f 2 costs its own count, C.incRet 1 x 2 + incRet 1 = 3;
	 * main 1 + 1 + (f 2: 1) + 8 = 11: 14 */
	own_is("val f : #n:nat -> x:nat -> cost nat (n + 3)\n"
	       "let f #n x = C.incRet 1 x\n", "f 2", 11 + 1 + 2,
	       "an implicit no argument binds: no padding");
}

/*
 * A cost-only argument that is not a literal is evaluated as a cost
 * index (engine-gaps.md, found by corpus): `inc (2 * 5) m` charges 10.
 * main: let! 1 + leaf 1 + C.inc (2 * 5) (C.ret 1) (2 + 2 + 1) 5 + 8 =
 * 15, + inc 10: 25.
 */
static void test_cost_args(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	int64_t v = 0;
	uint64_t own = 0;
	int rc;

	own_is("", "C.inc (2 * 5) (C.ret 1)", 15 + 10,
	       "a cost-only argument computed: inc (2 * 5)");
	/* let k = 3 counts 0 (a constant): 15 + 6 */
	own_is("", "(let k = 3 in C.inc (2 * k) (C.ret 1))", 15 + 6,
	       "a cost-only argument naming a value binder");
	/* RT.incFailw (10 + length l) "no" is charged 10 + 2 (a result,
	 * bound by Cost's >>=) */
	own_is("let l = [1; 2]\n",
	       "(RT.incFailw (10 + length l) \"no\" >>= fun _ -> C.ret 0) "
	       ">>= fun _ -> C.ret 5",
	       /* never reached: RT.incFailw is a result, >>= is Cost's:
		* let! 1 + 1 + (>>= 2 + (>>= 2 + incFailw (2 + (+ 2 + 1)
		* ) 5 = 7) = 9) + 8 = 19; lambdas 1 + 1; incFailw 12 */
	       19 + 1 + 1 + 12, "incFailw (10 + length l)");
	/* an erased implicit in a cost-only argument: not evaluated, the
	 * cost is inexact (f's own: C.inc n (C.ret x) 2 + 1 = 3) */
	rc = run_src("let f #n (x:nat) = C.inc n (C.ret x)\n", "f 4", "r", &v,
		     &own, &err);
	tap_ok(!rc && v == 4 && !last_exact && own == 1 + 1 + 1 + 8 + 3,
	       "an erased implicit in a cost-only argument: inexact (own %llu,"
	       " exact %d)", (unsigned long long)own, last_exact);
}

/* main's own count with `let! r = pre[i]` for each of n pre (0 where
 * the run failed, its error in the diagnostics) */
static void own_counts(const char *defs, const char *const *pre, size_t n,
		       uint64_t *own)
{
	struct zen_err err = ZEN_ERR_INIT;
	int64_t v;

	for (size_t i = 0; i < n; i++)
		if (run_src(defs, pre[i], "r", &v, &own[i], &err)) {
			tap_diag("%s", err.msg);
			own[i] = 0;
		}
}

/*
 * Zulib's binds pad their None / ERR path to m + n (Zen.OptionT.bind's
 * autoNone, RT.bind, Zen.Data's >!=), n the callback's cost index: F*
 * proves one cost for every path.  A skipped Zulib callback is charged
 * its index, so main's own count is the same whatever the body holds
 * (tryU64 2; tryDict 4, Dict.tryFind 64, tryU64 2); so is a function
 * of the contract whose val's index does not need the missing argument.
 */
static void test_skipped_costs(void)
{
	static const char defs[] =
		"module D = Zen.Dictionary\nopen Zen.Data\n"
		"let pick (n: nat) =\n"
		"  if n = 3 then D.add \"k\" (U64 7UL) D.empty\n"
		"    $> (fun d -> Some (Collection (Dict d)))\n"
		"  else incRet 64 (if n = 0 then None else if n = 1 then\n"
		"    Some (U32 5ul) else Some (Collection (Dict D.empty)))\n";
#define SKIP_CHAIN(n) "pick " #n " >>= (fun b -> C.map (fun _ -> 0) " \
	"(b >!= tryDict >?= D.tryFind \"k\" >?= tryU64))"
	static const char *const one[] = {
		"pick 0 >>= (fun b -> C.map (fun _ -> 0) (b >!= tryU64))",
		"pick 1 >>= (fun b -> C.map (fun _ -> 0) (b >!= tryU64))",
	};
	static const char *const chain[] = {
		SKIP_CHAIN(0), SKIP_CHAIN(1), SKIP_CHAIN(2), SKIP_CHAIN(3),
	};
#undef SKIP_CHAIN
	static const char kdefs[] =
		"val k30: nat -> result nat `cost` 30\n"
		"let k30 x = RT.incOK 28 x\n"
		"val kdep: n:nat -> result nat `cost` (n + 2)\n"
		"let kdep n = RT.incOK n 0\n";
	static const char *const kpre[] = {
		"C.map (fun _ -> 0) (RT.bind (RT.failw \"e\") k30)",
		"C.map (fun _ -> 0) (RT.bind (RT.ok 1) k30)",
		"C.map (fun _ -> 0) (OptT.maybeT (ERR \"n\") k30 None)",
		"C.map (fun _ -> 0) (OptT.maybeT (ERR \"n\") k30 (Some 1))",
		"C.map (fun _ -> 0) (RT.bind (RT.failw \"e\") kdep)",
		"C.map (fun _ -> 0) (RT.bind (RT.ok 3) kdep)",
	};
	uint64_t o[2], c[4], k[6];

	own_counts(defs, one, 2, o);
	tap_ok(o[0] && o[0] == o[1], ">!= on None charges tryU64 as on "
	       "Some: %llu = %llu", (unsigned long long)o[0],
	       (unsigned long long)o[1]);
	own_counts(defs, chain, 4, c);
	tap_ok(c[0] && c[0] == c[1] && c[1] == c[2] && c[2] == c[3],
	       ">!= tryDict >?= tryFind >?= tryU64 costs the same on every "
	       "path: %llu %llu %llu %llu", (unsigned long long)c[0],
	       (unsigned long long)c[1], (unsigned long long)c[2],
	       (unsigned long long)c[3]);
	/* the chain's lambda body counts two more operators (2 each) and
	 * D.tryFind's one argument (1.10): 5; its Zulib functions tryDict 4
	 * + tryFind 64 + tryU64 2 against the one step's tryU64 2: 68 */
	tap_u64(c[3] - o[1], 5 + 68, "the chain over the single step: 5 of "
		"syntax, 68 of Zulib");
	/* a function of the contract skipped: its val's index is charged
	 * when it does not need the argument that never came (k30: 2 for
	 * incOK's two arguments + 28); one that does (kdep: cost n + 2)
	 * charges only what runs.  None and (Some 1) differ by Some's one
	 * argument (1.10) */
	own_counts(kdefs, kpre, 6, k);
	tap_ok(k[0] && k[0] == k[1], "RT.bind past ERR charges k30's val: "
	       "%llu = %llu", (unsigned long long)k[0],
	       (unsigned long long)k[1]);
	tap_ok(k[2] && k[2] + 1 == k[3], "maybeT on None charges k30's val: "
	       "%llu + 1 = %llu", (unsigned long long)k[2],
	       (unsigned long long)k[3]);
	tap_u64(k[5] - k[4], 3 + 2, "an index that needs the missing "
		"argument charges nothing past ERR (kdep 3 + 2)");
}

/*
 * Zulib's tryMapT binds f hd, then the map of the tail, and only then
 * looks at both (Zen.OptionT.fst, Zen.ResultT.fst): f runs on every
 * element, head first, and the first None / ERR in the list's order is
 * the result.  A `val`'s Tot T (decreases e) carries T's cost index, as
 * Zulib's own foldT writes it.
 */
static void test_try_map_all(void)
{
	static const char defs[] =
		"let f (x: int) = if x = 0 then OptT.none else "
		"OptT.some (100 / (x - 1))\n"
		"let g (x: int) = if x > 5 then RT.failw (if x = 7 then "
		"\"seven\" else \"other\") else RT.ok x\n"
		"val dec: ls:list int -> Tot (int `cost` 33) (decreases ls)\n"
		"let dec ls = ret 1\n"
		"val nodec: ls:list int -> int `cost` 33\n"
		"let nodec ls = ret 1\n";
	struct zen_err err = ZEN_ERR_INIT;
	uint64_t own = 0, own2 = 0;
	int64_t v;
	int rc;

	rc = run_src(defs, "OptT.tryMapT f [0; 1]", "0", &v, &own, &err);
	tap_ok(rc == ZEN_EREFUSED && strstr(err.msg, "division by zero"),
	       "tryMapT runs f on the element after a None: %s",
	       rc ? err.msg : "ran");
	rc = run_src(defs, "RT.tryMapT g [1; 7; 9] >>= (fun r -> "
		     "ret (match r with | ERR \"seven\" -> 7 | _ -> 0))", "r",
		     &v, &own, &err);
	tap_ok(!rc && v == 7, "RT.tryMapT: the first ERR in the list's order: "
	       "%s", rc ? err.msg : "seven");
	rc = run_src(defs, "dec []", "r", &v, &own, &err) ?:
	     run_src(defs, "nodec []", "r", &v, &own2, &err);
	tap_ok(!rc && own == own2 && own >= 33, "Tot (T `cost` 33) "
	       "(decreases ls) pads as T `cost` 33: %llu = %llu",
	       (unsigned long long)own, (unsigned long long)own2);
}

/*
 * A cost index that matches on a tuple (engine-gaps.md, found by
 * corpus): `match command, state with | "A", _ -> 50 | _ -> 20` is 50
 * for command "A" and 20 for "B".  main's own count: RT.ok @ {...} 2 + 3 = 5, padded
 * to its val's index.
 */
static void test_tuple_index(void)
{
	static const char *src =
		"open Zen.Types\nopen Zen.Base\nopen Zen.Cost\n"
		"module RT = Zen.ResultT\n"
		"val main : txSkeleton -> context -> contractId -> "
		"command:string -> sender -> option data -> wallet -> "
		"state:option data -> contractResult `cost` "
		"(match command, state with | \"A\", _ -> 50 | _ -> 20)\n"
		"let main txSkel _ _ command _ _ _ state =\n"
		"  RT.ok @ { tx = txSkel; message = None; state = NoChange }\n"
		"let cf _ _ _ _ _ _ _ = ret 5\n";
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c = load("t.fst", src, strlen(src));
	struct zen_contract_args a;
	struct zen_contract_return r;
	struct zen_contract_stats st;
	int i;

	if (!tap_ok(c != NULL, "tuple index: loads"))
		return;
	for (i = 0; i < 2; i++) {
		args_init(&a, i ? "A" : "B");
		zen_contract_return_init(&r);
		memset(&st, 0, sizeof(st));
		tap_ok(!zen_contract_run(c, &a, &r, &st, &err) &&
		       st.cost_body == (i ? 50u : 20u),
		       "tuple index, command %s: %u (got %llu)", a.command,
		       i ? 50u : 20u, (unsigned long long)st.cost_body);
		zen_contract_return_release(&r);
	}
	zen_contract_free(c);
}

/* zc_program_load_all: every resolution error, in order */
static void collect(void *ctx, const char *msg)
{
	struct zen_buf *b = ctx;

	zen_buf_addf(b, "%s\n", msg);
}

static void test_all_errors(void)
{
	static const char *src =
		"open Zen.Cost\nopen Zen.Nope\n"
		"let f x = match x with | Nope y -> y + foo | _ -> bar\n"
		"let main a b c d e f g h = let open Zen.Gone in ret (baz + f 1)\n";
	struct zen_err err = ZEN_ERR_INIT, err2 = ZEN_ERR_INIT;
	struct zen_buf b = ZEN_BUF_INIT;
	struct zc_module *m = NULL;
	struct zc_program *p = (struct zc_program *)1;
	int rc;

	if (!tap_ok(!zc_parse(src, strlen(src), "t.fst", 0, &m, &err),
		    "all errors: parses"))
		return;
	rc = zc_program_load_all(m, "t.fst", &p, &err, collect, &b);
	tap_ok(rc == ZEN_EINVAL && !p &&
	       !strcmp(err.msg, "t.fst:2:1: unknown module 'Zen.Nope'"),
	       "all errors: the first one in err (%s)", err.msg);
	tap_str(zen_buf_str(&b),
		"t.fst:2:1: unknown module 'Zen.Nope'\n"
		"t.fst:3:26: unbound constructor 'Nope'\n"
		"t.fst:3:40: unbound name 'foo'\n"
		"t.fst:3:51: unbound name 'bar'\n"
		"t.fst:4:28: unknown module 'Zen.Gone'\n"
		"t.fst:4:54: unbound name 'baz'\n",
		"all errors: each one, y and f still bound");
	rc = zc_program_load(m, "t.fst", &p, &err2);
	tap_ok(rc == ZEN_EINVAL && !strcmp(err.msg, err2.msg),
	       "zc_program_load stops at the first");
	zen_buf_release(&b);
	zc_module_free(m);
}

int main(void)
{
	test_pipeline();
	test_patterns();
	test_localops();
	test_implicits();
	test_timelock();
	test_escrow();
	test_ballot();
	test_orderbook();
	test_expressions();
	test_op_names();
	test_zulib_bounds();
	test_local_open();
	test_discriminators();
	test_record_constructors();
	test_ifbang();
	test_chars();
	test_implicit_binding();
	test_cost_args();
	test_tuple_index();
	test_skipped_costs();
	test_try_map_all();
	test_all_errors();
	return tap_done();
}
