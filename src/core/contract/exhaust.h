/*
 * exhaust.h - matches F* cannot prove complete (the activation check).
 *
 * F* refuses a contract whose match (or refutable pattern of a let, let! or a
 * parameter) does not cover every value of its scrutinee's type, unless
 * it proves the values left out impossible there ("Patterns are
 * incomplete").  zen cannot prove, so it reports a pattern set that
 * leaves a value out only where nothing could make F* prove it away: the
 * scrutinee is a variable (or a tuple of them) that nothing constrains
 * (a parameter, a let! variable, a lambda's parameter), its type such
 * that it may carry no refinement (no refinement, precondition or unseen
 * arrow in its function's declared types; no refined right-hand side of
 * its let!, no refined argument before its lambda, Zulib's refining
 * functions included), and no condition on the way (an if, a match, a
 * && or ||) names it or what stands for it (a pure let, a refined let!,
 * a pattern of a match on it).  Three rounds of probes written to make
 * it refuse what F* accepts (h48, h49, h50) shaped these rules; a branch
 * F* proves unreachable is still judged.  Constructors are known from
 * Zulib's types and the contract's own variants (not when one of its
 * types holds a refinement or is indexed); a column of another kind is
 * taken as complete.
 *
 * zc_check_matches calls fn once per incomplete match or pattern, in
 * source order, with its position and a value it leaves out ("None",
 * "Some (U32 _)", "(_, Anonymous)"); what is "the match" or "the
 * pattern" (a let! or a parameter).
 */
#ifndef ZEN_CONTRACT_EXHAUST_H
#define ZEN_CONTRACT_EXHAUST_H

#include "core/contract/ast.h"

typedef void zc_incomplete_fn(void *ctx, struct zc_pos pos, const char *what,
			      const char *missing);

void zc_check_matches(const struct zc_module *m, zc_incomplete_fn *fn,
		      void *ctx);

#endif
