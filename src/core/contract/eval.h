/*
 * eval.h - the ZF* evaluator: resolves a parsed module (ast.h) against the
 * Zulib registry (zulib.h) and evaluates it with the runtime's values
 * (value.h).  contracts.md sections 3.5, 3.6 and 3.8.  Load time is
 * resolve.c, run time eval.c; eval-int.h is the tree they share.
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
 *
 * COST ACCOUNTING (contracts.md 1.8, 1.10; value.h COST VALUES)
 *   Values never depend on costs.  The cost a cost value carries is the
 *   Zulib costs of section 4 plus the elaborator's increments (each
 *   top-level let body, lambda body and local function body is
 *   `inc k body`, k a syntactic count in which implicit arguments `#x`
 *   count as arguments; the rules of the pinned elaborator, ZFS-Tools
 *   0.0.24, are resolve.c's elab_count).
 *
 * COST INDEXES
 *   In the reference the type checker makes every declared cost index
 *   hold; the run-time count alone cannot know what a short-circuit
 *   charges (OptT/RT bind on None/ERR and `>!=` on None charge the index
 *   of the skipped callback: the binds charge it themselves when they
 *   can read it without running the callback, a Zulib function waiting
 *   for its last argument or a closure whose val index does not need
 *   that argument, zulib_monad.c skipped_cost; a lambda's they cannot)
 *   or what autoInc/autoFailw pad to.  So the
 *   front end keeps the cost index E of declared types (ast.h) and the
 *   evaluator pads the cost of the computation up to E (never down):
 *     - `val f : x1:T1 -> ... -> xn:Tn -> cost T E` (also ``T `cost` E``,
 *       `optionT T E`, `resultT T E`, OptT.t, RT.t) before
 *       `let f p1 .. pn = body`: when f returns, with x1..xn bound to the
 *       arguments by position (binders before the colon, `val f (x y :
 *       nat) : T`, first); an implicit binder `#n` is the cost of the
 *       first argument whose declared type is `cost U n` (optionT U n,
 *       resultT U n): `val f : #n:nat -> m:cost nat n -> cost nat
 *       (n + 3)` charges the argument's cost + 3;
 *       the same through the contract's type abbreviations (`type
 *       priced (n:nat) = nat `cost` (n + 6)`, `val f : k:nat -> priced k`:
 *       k + 6; a val written as an arrow abbreviation, `val main : entry
 *       5`, is that arrow, its parameters bound), and for `let g = fun x
 *       -> e` (or `function`, or
 *       `let g y = fun x -> e`) with a val of as many arrows, and for
 *       a cost value `val zp : cost T E` / `let zp = e`;
 *     - `let f p1 .. pn : cost T E = body`: E sees the parameters, and
 *       an implicit `(#n:nat)` is the cost of the parameter declared
 *       `(m : cost U n)`;
 *     - `e <: cost T E` and `(e : cost T E)`: E in e's scope, e's own
 *       cost; an ascription of a whole body is inside the body's
 *       increment (the reference type-checks `inc k (e' <: T)`), so
 *       `autoInc m <: cost T E` and `RT.autoFailw msg <: CR.t `cost` E`
 *       get their target and the body costs k + E;
 *     - `f #e m` where f's val binds `#n` to m's cost: m is ascribed
 *       `cost U e` (the implicit arguments bind the val's implicit
 *       binders in order);
 *     - main, through MainFunc: its type is ``contractResult `cost`
 *       (cf txSkel context command sender messageBody wallet state)``,
 *       so contract.c pads main's cost to cf's value for the same
 *       arguments (zc_exec_index_call).
 *   Other dropped implicit binders (`#n:nat`) in E are the erased token,
 *   and E only pads when it evaluates to an int >= 0 (`length ls * (n + 12)`
 *   with n implicit does not).  Names E cannot resolve drop the index,
 *   never the contract.  E is evaluated when the computation is built
 *   (it only depends on the arguments), on a budget of its own:
 *   ZC_INDEX_MAX_STEPS steps and ZC_INDEX_MAX_MEM bytes each, within
 *   max_steps steps and mem_limit / 4 bytes for all indexes of a run.
 *   An index that fails or runs out of budget pads nothing: it never
 *   makes the run fail, and the run's error, steps and memory limit are
 *   left as they were.  A cost above its index sets the value's `over`
 *   flag (reported as cost_exact = 0 by contract.h).
 *   The cost-only argument of a native (`inc k m`, `RT.incFailw k msg`)
 *   is evaluated the same way, as an index: an integer literal as it
 *   is, any other expression on the index budget; one that fails, is no
 *   number or names an erased implicit charges 0 and makes the cost
 *   inexact.
 *
 * MESSAGE CHAINS
 *   zc_limits.max_chain is not applied here, nor by contract.c: one
 *   execution is one contract run.  The chain's message loop bounds the
 *   runs of one chain with its own constant (src/core/chain/execute.c,
 *   ZEN_EXECUTE_MAX_CHAIN in src/core/chain/chain.h).
 */
#ifndef ZEN_CONTRACT_EVAL_H
#define ZEN_CONTRACT_EVAL_H

#include <stdatomic.h>

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
 *   max_chain   contracts in one message chain (1.6 step 9), default 16.
 *               Not used by the evaluator or contract.c: the chain's
 *               message loop applies its own ZEN_EXECUTE_MAX_CHAIN (see
 *               MESSAGE CHAINS above).
 *   cancel      NULL, or a flag another thread sets to stop the run (the
 *               server's request time limit): read every
 *               ZC_CANCEL_EVERY steps, the run then ends in ZEN_EREFUSED
 *               "run cancelled".  Never set by consensus code: a run's
 *               outcome does not depend on it unless it is set.
 */
struct zc_limits {
	uint64_t max_steps;
	unsigned max_depth;
	size_t mem_limit;
	unsigned max_chain;
	const atomic_int *cancel;
};

/* Steps between two reads of zc_limits.cancel (a power of two).  Natives
 * that do much work in one step (a signature check, about 1000 ordinary
 * steps) keep this small. */
#define ZC_CANCEL_EVERY 256u

#define ZC_DEFAULT_MAX_STEPS 2000000u
#define ZC_DEFAULT_MAX_DEPTH 3000u
#define ZC_DEFAULT_MEM_LIMIT ((size_t)64 << 20)
#define ZC_DEFAULT_MAX_CHAIN 16u

/* The budget of one cost index evaluation (COST INDEXES). */
#define ZC_INDEX_MAX_STEPS 50000u
#define ZC_INDEX_MAX_MEM ((size_t)1 << 20)

void zc_limits_default(struct zc_limits *l);

struct zc_program;

/* Resolve m (see LOADING).  file names the source in messages.  The
 * program does not keep pointers into m. */
int zc_program_load(const struct zc_module *m, const char *file,
		    struct zc_program **out, struct zen_err *err);
/*
 * The same for tools (zen contract check): every resolution error is
 * passed to fn (ctx, "FILE:LINE:COL: message"), in the order met, and
 * resolution goes on past the errors it can (an unbound name, an unknown
 * constructor or module); err is the first error.  It also applies the
 * activation check's arity rule (check.h stage 2): a Zulib function
 * whose result cannot be a function (a cost value, a constructor, a
 * boolean operator) given more arguments than it takes is an error
 * here, where every name is known (the contract's own constructors are
 * not checked).  fn NULL: zc_program_load.
 */
typedef void zc_error_fn(void *ctx, const char *msg);
int zc_program_load_all(const struct zc_module *m, const char *file,
			struct zc_program **out, struct zen_err *err,
			zc_error_fn *fn, void *ctx);
void zc_program_free(struct zc_program *p);
/* Number of top-level user bindings and global slots (for tests). */
size_t zc_program_nglobals(const struct zc_program *p);
/* Every Zulib function the program names, once each (for tests: the
 * corpus must name every one). */
void zc_program_foreach_native(const struct zc_program *p,
			       void (*fn)(void *ctx, const struct zen_native *),
			       void *ctx);

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

/*
 * fn applied to args[0..n), forced if it is a cost value, as a cost index
 * (COST INDEXES: own budget, never fails the run, rt->err untouched).
 * Returns 1 and *out when that is an int >= 0, else 0.
 */
int zc_exec_index_call(struct zc_exec *ex, zv *fn, size_t n,
		       zv *const *args, uint64_t *out);

/* What declares a cost index (struct zc_over). */
enum zc_declarer {
	ZC_BY_VAL,		/* `val f : ... -> cost T E` */
	ZC_BY_TYPE,		/* `let f x : cost T E = ...` */
	ZC_BY_ASCRIPTION	/* `e <: cost T E`, `(e : cost T E)` */
};

/* A declared cost index that a run's count exceeded (value.h rt->over),
 * or that is above a complete count (rt->under). */
struct zc_over {
	struct zc_pos pos;	/* of the declaration */
	enum zc_declarer decl;
	const char *name;	/* the function or value; NULL: ascription */
	uint64_t cost;		/* what the body cost, at least */
	uint64_t index;		/* what the declaration says */
};

/* The first declared cost index the run so far exceeded: 1 and *o, or 0
 * when none was. */
int zc_exec_over(const struct zc_exec *ex, struct zc_over *o);
/* The same for the first declared index above a complete count (value.h
 * COST VALUES: no short-circuit left the count short of the type's). */
int zc_exec_under(const struct zc_exec *ex, struct zc_over *o);
/* The first body of count k > 0 the run found ending on no cost value
 * (the elaborator's `inc k` could not type it): 1, its position and k.
 * The activation check says why, k given twice (also for the bodies it
 * finds without a run, resolve.c plain_body): */
#define ZC_UNCOST_WHY "(the reference's elaborator wraps it in inc %llu, " \
	"which F* types on cost values only)"
int zc_exec_uncost(const struct zc_exec *ex, struct zc_pos *pos,
		   uint64_t *k);

#endif
