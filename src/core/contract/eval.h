/*
 * eval.h - the ZF* evaluator: resolves a parsed module (ast.h) against the
 * Zulib registry (zulib.h) and evaluates it with the runtime's values
 * (value.h).  contracts.md sections 3.5, 3.6 and 3.8.
 *
 * LOADING (zc_program_load)
 *   The declarations are resolved in source order.  Scope (3.6): the
 *   prelude (Prims, FStar.Pervasives, FStar.Pervasives.Native), then every
 *   top-level `open`/`include`, `let`, `type` in order, later shadowing
 *   earlier; `let open M in e` shadows for e only; `module A = M.N`
 *   aliases apply to qualified names only (`A.x`, `let open A`).
 *   Operators are names looked up by symbol in that scope, so `>>=` means
 *   whatever the innermost open module exports.  `let!` is always the cost
 *   bind.  Every name is resolved once, at load time: an unbound name, an
 *   unknown module, or an unknown constructor in a pattern is a load error
 *   "FILE:LINE:COL: unbound name 'x'" (ZEN_EINVAL).  The result is a
 *   compact tree with locals as environment indexes and globals as slots,
 *   independent of the AST (the module may be freed after loading).
 *
 * RUNNING (zc_exec_*)
 *   One execution uses one struct zen_rt (the arena, the memory and depth
 *   limits) plus the step limit of struct zc_limits.  A runaway contract
 *   ends in ZEN_EREFUSED with "step limit exceeded", "depth limit
 *   exceeded" or "memory limit exceeded" in the error; the evaluator never
 *   recurses on the C stack past max_depth nested evaluations.
 */
#ifndef ZEN_CONTRACT_EVAL_H
#define ZEN_CONTRACT_EVAL_H

#include "core/contract/ast.h"
#include "core/contract/value.h"

/*
 * Limits of one execution (main or cf).  The defaults are a policy
 * (the reference meters nothing, 3.9); every contract of the public corpus
 * needs well under 1% of each (its biggest runs take a few thousand steps,
 * depth < 100 and < 1 MiB).
 *   max_steps   evaluation steps (one per expression node evaluated and per
 *               closure call), default 2,000,000 (about 0.1 s)
 *   max_depth   nested evaluations, closure calls and forces (the C stack
 *               guard), default 3000
 *   mem_limit   bytes of the execution arena, default 64 MiB
 *   max_chain   contracts in one message chain (for the node's run loop,
 *               1.6 step 9; unused by a single run), default 16
 */
struct zc_limits {
	uint64_t max_steps;
	unsigned max_depth;
	size_t mem_limit;
	unsigned max_chain;
};

#define ZC_DEFAULT_MAX_STEPS 2000000u
#define ZC_DEFAULT_MAX_DEPTH 3000u
#define ZC_DEFAULT_MEM_LIMIT ((size_t)64 << 20)
#define ZC_DEFAULT_MAX_CHAIN 16u

void zc_limits_default(struct zc_limits *l);

struct zc_program;

/* Resolve m (see LOADING).  file names the source in messages.  The
 * program does not keep pointers into m. */
int zc_program_load(const struct zc_module *m, const char *file,
		    struct zc_program **out, struct zen_err *err);
void zc_program_free(struct zc_program *p);
/* Number of top-level user bindings and global slots (for tests). */
size_t zc_program_nglobals(const struct zc_program *p);

/*
 * One execution.  zc_exec_begin installs the evaluator in rt (rt must be
 * initialized; its mem_limit and max_depth are set from lim) and evaluates
 * the top-level declarations in order.  zc_exec_global gives the value of
 * a top-level binding by name (ZEN_ENOTFOUND if there is none).
 * zc_exec_steps tells the steps used so far.  rt->err holds run errors.
 */
struct zc_exec;

int zc_exec_begin(struct zc_exec **out, const struct zc_program *p,
		  struct zen_rt *rt, const struct zc_limits *lim);
int zc_exec_global(struct zc_exec *ex, const char *name, zv **out);
uint64_t zc_exec_steps(const struct zc_exec *ex);

#endif
