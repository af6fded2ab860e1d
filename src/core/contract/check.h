/*
 * check.h - the activation check of a contract: what the node verifies
 * before it adds a contract to the active set, and what `zen contract
 * check` tells a user before paying for an activation (contracts.md 1.10,
 * 2).  One function, zen_contract_check, serves the node (block and
 * mempool validation, src/core/chain), the wallet's `contract activate`
 * and `zen contract check`, so that the tool's verdict is the node's.
 *
 * WHAT IS CHECKED, in order (a stage runs only when the previous ones
 * passed, since it needs their result; within a stage every error is
 * reported, as a compiler does; stages 2 and 3 run together):
 *   1. syntax and the forbidden constructs of 1.10 (parser.h: the first
 *      error only, the parser stops there);
 *   2. entry points: top-level `main` with the 8 parameters and `cf`
 *      with the 7 of the calling convention (2.1), both reported, and
 *      as many arrows in their `val`s where they have one;
 *      message bodies and states (main's messageBody and state, cf's
 *      too) matched or built with constructors of the `data` type (2.3:
 *      I64 Byte ByteArray U32 U64 String Hash Lock Signature PublicKey
 *      Collection of Array, Dict or List) and not the contract's own;
 *      Zulib calls with more arguments than the function takes, where
 *      the result cannot be a function (a cost value, a constructor, a
 *      boolean operator);
 *   3. name resolution (eval.h LOADING: every name, module and
 *      constructor bound; every error of zc_program_load_all);
 *   4. the cost bound (below).
 *
 * THE COST BOUND (1.8)
 *   The reference proves with F* and Z3 that main costs exactly cf's
 *   value for every argument, and refuses the contract otherwise.  We
 *   approximate: the commands main and cf dispatch on are the string
 *   constants matched against their command parameter (`match command
 *   with | "buy" -> ...`, `command = "buy"`), plus "" and one command
 *   neither knows.  For each, cf and main run on a neutral input (an
 *   empty skeleton, block 0, time 0, Anonymous, no body, an empty
 *   wallet, no state), and the cost the engine charges main (its count
 *   with every declared cost index applied, before the padding to cf:
 *   contract.h cost_body) must not exceed cf's value, else
 *     FILE:LINE:COL: main costs 230 but cf says 214 for command "buy"
 *   A run that fails (a failed match, an overflow, a limit) compares
 *   nothing.  So a contract is refused only for a path the engine ran and
 *   found dearer than cf says; paths that need a body, a wallet or a
 *   state are not explored.
 *
 * Errors go to the report (sorted by position) and the first one to err,
 * as "FILE:LINE:COL: message" (or "FILE: message" without a position).
 */
#ifndef ZEN_CONTRACT_CHECK_H
#define ZEN_CONTRACT_CHECK_H

#include "core/base/err.h"
#include "core/contract/contract.h"

/* Commands compared at most, and the steps of one run in the cost
 * check (a neutral input needs far fewer; a run that reaches the limit
 * compares nothing). */
#define ZEN_CHECK_MAX_COMMANDS 32
#define ZEN_CHECK_MAX_STEPS 200000u

struct zen_check_diag {
	uint32_t line, col;	/* 0, 0: no position */
	char *msg;		/* malloc'ed, without the FILE:LINE:COL */
};

/* The cost compared for one command (both values when ran = 1). */
struct zen_check_cost {
	char *command;		/* malloc'ed, NUL-terminated */
	int ran;		/* 0: cf or main failed on the neutral input */
	uint64_t cf, main;
};

struct zen_check_report {
	struct zen_check_diag *d;
	size_t n, cap;
	struct zen_check_cost *costs;
	size_t ncosts, costcap;
};

#define ZEN_CHECK_REPORT_INIT { NULL, 0, 0, NULL, 0, 0 }

void zen_check_report_release(struct zen_check_report *r);

/*
 * Check src[0..len) for activation (above).  file names the source in
 * messages.  Returns 0 when activation would accept it, then *out (if
 * out is not NULL) is the loaded contract, to free with
 * zen_contract_free.  Else ZEN_EINVAL, *out NULL, the first error in
 * err.  rep (may be NULL) receives every error and the costs compared;
 * release it with zen_check_report_release.
 */
int zen_contract_check(const char *src, size_t len, const char *file,
		       struct zen_check_report *rep, struct zc_contract **out,
		       struct zen_err *err);

#endif
