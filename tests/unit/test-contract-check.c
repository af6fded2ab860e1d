/*
 * test-contract-check - the activation check (src/core/contract/check.h)
 * on small contracts written for each rule: which commands the cost bound
 * compares, what it compares, when it refuses; the Zulib arity rule and
 * its limits (partial application, shadowing); the report and the
 * loaded contract.  tests/t/t0810-contract-check.sh runs the corpus and
 * the messages through the command line.
 */
#include <string.h>

#include "core/contract/check.h"
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

/* main declares 230 (the whole body ascribed), cf 214 for "buy". */
static void test_cost_refusal(void)
{
	const char *src = HEAD
		"let main txSkel _ _ command _ _ _ _ =\n"
		"  " OKBODY " <: contractResult `cost` 230\n"
		"let cf _ _ command _ _ _ _ = match command with\n"
		"  | \"buy\" -> ret (214 <: nat) | _ -> ret (235 <: nat)\n";
	struct zen_check_report rep = ZEN_CHECK_REPORT_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c = (struct zc_contract *)&rep;
	char costs[256];

	tap_ok(check(src, &rep, &c, &err) == ZEN_EINVAL && !c,
	       "cost: refused, no contract out");
	tap_str(err.msg, "t.fst:6:5: main costs 230 but cf says 214 for "
		"command \"buy\"", "cost: the first error in err");
	costs_text(costs, sizeof(costs), &rep, 1);
	tap_str(costs, "=235/230 buy=214/230 zen-check-other-0=235/230",
		"cost: \"\", the command cf dispatches on, one other");
	tap_ok(rep.n == 1, "cost: one error");
	zen_check_report_release(&rep);
}

/* Commands from `=` either way round, a tuple match, and main's own
 * dispatch; the unknown command steps past a name the contract uses. */
static void test_commands_found(void)
{
	const char *src = HEAD
		"let main txSkel _ _ command sender _ _ _ =\n"
		"  match command, sender with\n"
		"  | \"zen-check-other-0\", _ -> " OKBODY "\n"
		"  | \"tup\", _ | \"or\", _ -> " OKBODY "\n"
		"  | _ -> if \"eq\" = command then " OKBODY "\n"
		"         else if command = \"qe\" then " OKBODY "\n"
		"         else RT.failw \"no\"\n"
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

/* A main that fails on the neutral input compares nothing. */
static void test_failed_run(void)
{
	const char *src = HEAD
		"let main txSkel _ _ command _ messageBody _ _ =\n"
		"  match messageBody with | Some _ -> " OKBODY "\n"
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
	tap_ok(!check(good, &rep, NULL, &err),
	       "arity: partial application and a local shadowing a Zulib "
	       "name pass (%s)", err.msg);
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

int main(void)
{
	test_cost_refusal();
	test_commands_found();
	test_failed_run();
	test_zulib_arity();
	test_val_arity();
	test_no_report();
	return tap_done();
}
