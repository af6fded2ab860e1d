/*
 * unparse.h - the contract AST (ast.h) written back as ZF* source text.
 *
 * The S-expression printer of ast.h is the canonical form used to compare
 * trees; this one writes source that zc_parse() accepts, for people and
 * for round-trip tests:
 *
 *     print(parse(unparse(parse(src)))) == print(parse(src))
 *
 * holds for every src that parses (the fuzz harness fuzz-contract.c checks
 * it), and so does every field the S-expression form leaves out but the
 * cost accounting reads: ascriptions, return types, `val` signatures,
 * implicit binders and implicit arguments (as counts).
 *
 * Layout: one declaration per paragraph, a newline per let, let!, match
 * arm and long if; two spaces of indentation per level, capped so deep
 * trees stay linear in size.  Parentheses only where the grammar needs
 * them (parser.h gives the levels): `a - (b - c)` but `a - b - c`,
 * `(f x) y`, `x.f.g`.  Minimal parentheses matter beyond looks: the parser
 * refuses nesting deeper than ZC_MAX_DEPTH, and each redundant pair costs
 * three levels, so a printer that parenthesized everything could not give
 * back a deep tree that the source spelled without them.
 *
 * What the tree does not keep, and so the text cannot show: comments,
 * hex spelling of literals, `begin`/`end` (written as parentheses),
 * `a `f` b` (written `f a b` unless that would need more parentheses),
 * attributes and qualifiers, the types of parameters, patterns and `let!`
 * (dropped by the parser), the domains of a `val` (written `_`; their
 * binder names are kept), the right-hand sides of type definitions
 * (written `type t`, fields as `f : _`, constructors as `C of _` or
 * `C : _ -> ... -> t` with their arity), `val`s that no `let` follows,
 * where implicit arguments stood (written `#_` after the explicit ones)
 * and implicit binders (written first, as `(#a #b : Type)`).  None of
 * these changes the tree.
 *
 * Output of a source close to ZC_MAX_SOURCE may be longer than the
 * source (spaces around operators) and then too large to parse again.
 */
#ifndef ZEN_CONTRACT_UNPARSE_H
#define ZEN_CONTRACT_UNPARSE_H

#include "core/base/buf.h"
#include "core/contract/ast.h"

/*
 * Append the source of m to b: every declaration, each ending in a
 * newline; a leading `module X` line when m->module_name is set (parse
 * it again with ZC_PARSE_ALLOW_MODULE_LINE).
 */
void zc_unparse_module(struct zen_buf *b, const struct zc_module *m);

/* Append e as a term (what zc_parse_expr() reads), without a newline;
 * indent is the column of continuation lines. */
void zc_unparse_expr(struct zen_buf *b, const struct zc_expr *e,
		     unsigned indent);

/* Append p as the pattern of a match arm (or-patterns allowed). */
void zc_unparse_pat(struct zen_buf *b, const struct zc_pat *p);

#endif
