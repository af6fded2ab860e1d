/*
 * parser.h - ZF* source to the AST of ast.h (contracts.md section 3).
 *
 * Precedence follows contracts.md 3.3 exactly, loosest first:
 *   term      let! p = e in t      (and `e; e` sequencing: refused)
 *   noSeq     if/then/else, if!, match, let/let rec/let open ... in,
 *             fun, function, e <: T
 *   tuple     a, b, c
 *   tmEq      ||  <  &&  <  = |> and 0c ops (= < >)  <  $ ops  <
 *             @ ^ ops (right)  <  + - ops and unary -
 *   tmNoEq    :: (right)  <  * / % ops  <  `f` backtick  <  ** (right)
 *             records { ... } sit here too (not application arguments)
 *   app       f a #b c
 *   atom      names, literals, (e), (e : T), (op), begin e end, [a; b],
 *             projections e.f
 * All binary levels are left associative except :: @ ^ and **.
 * `if` branches are noSeq terms: `if c then let! ...` is refused with a
 * hint to use begin ... end, as F* does.  A `fun`, `if`, `match` or `let`
 * is not an operand: write `x >>= (fun y -> ...)`.  `fun` and `function`
 * there get "expected expression, got 'fun' ('fun' must be parenthesized
 * as an operand or an argument)": the F* grammar of the ZF* era refuses
 * `m >>= fun x -> e` too.
 *
 * Types (annotations, `val`, type definitions, refinements) are parsed by
 * the same expression grammar in a type mode (arrows, binders `x:T`,
 * `#a:Type`, refinements `T{phi}` skipped as balanced braces, forall/exists).
 * Evaluation never sees them; the few that may carry a cost index are kept
 * on the side (ast.h: ascribed, ret_type, sig).
 *
 * Errors: one error, then stop.  The message in err (code ZEN_EINVAL) is
 *   FILE:LINE:COL: expected X, got Y
 *   FILE:LINE:COL: forbidden: ...       (1.10: module line, effects,
 *                                        exceptions, assume, pragmas, try,
 *                                        when guards, names starting
 *                                        with get_ or set_)
 *   FILE:LINE:COL: unsupported: ...     (legal F* outside the subset)
 *   FILE:LINE:COL: <lexical error>      (bad character, literal, ...)
 *   FILE:LINE:COL: nesting too deep (limit 1000)
 *   FILE: source too large (N bytes, limit 524288)
 */
#ifndef ZEN_CONTRACT_PARSER_H
#define ZEN_CONTRACT_PARSER_H

#include "core/contract/ast.h"
#include "core/base/err.h"

/* Accept (and record in module_name) a leading `module X` line, as in
 * contracts kept for local tooling.  Deployed code must not have one. */
#define ZC_PARSE_ALLOW_MODULE_LINE 1u

/*
 * Parse src[0..len) (need not be NUL-terminated).  file names the source
 * in messages.  On success *out is a module to free with zc_module_free().
 * Runs in time and memory linear in len (512 KiB of hostile input
 * parses or fails in < 0.2 s); parser recursion and tree depth are both
 * bounded by ZC_MAX_DEPTH (see ast.h).
 */
int zc_parse(const char *src, size_t len, const char *file, unsigned flags,
	     struct zc_module **out, struct zen_err *err);

/* Parse one expression (a `term`) followed by the end of input; for
 * tests.  *arena receives the arena owning the tree (free it with
 * zc_arena_free, also on failure it is NULL). */
int zc_parse_expr(const char *src, size_t len, const char *file,
		  struct zc_arena **arena, struct zc_expr **out,
		  struct zen_err *err);

/*
 * Activation-level checks beyond syntax (1.10): top-level `main` with 8
 * and `cf` with 7 parameters (zc_binding_arity).  0 or ZEN_EINVAL.
 */
int zc_check_entry_points(const struct zc_module *m, const char *file,
			  struct zen_err *err);

/*
 * The binary operator levels of the grammar above, loosest first (the
 * parser reads with them; the unparser parenthesizes by them).
 */
enum zc_level {
	L_NONE, L_0A, L_0B, L_0C, L_0D, L_1, L_2, L_CONS, L_3, L_BACKTICK, L_4,
};

/*
 * The level of an operator token's text op (a run of symbol characters:
 * `|>`, `+`, `**`, ...), *right set for the right-associative ones;
 * L_NONE for the prefix operators (! ~ ?) and anything else.  `=`, `::`
 * and backticks are tokens of their own and not handled here.
 */
enum zc_level zc_op_level(const char *op, int *right);

#endif
