/*
 * lexer.h - tokens of ZF* source (contracts.md 3.1).  Used by parser.c;
 * exposed for tests and tools.
 *
 * Decisions:
 *  - Identifiers: [a-z_][A-Za-z0-9_']* (ZC_T_IDENT) or [A-Z]... (UIDENT).
 *    A dotted path written without spaces (`A.B.c`, `x.f.g`, `A.B.C`) is
 *    one token; its kind is UIDENT when every component is capitalized,
 *    else IDENT.  The parser splits an IDENT path into the qualified name
 *    (leading capitalized components plus the first lowercase one) and
 *    field projections (the rest).  `U64 amount` (with a space) is two
 *    tokens.
 *  - Keywords are single components only; `let!` and `if!` are one token.
 *  - Integer literals: decimal or 0x hex, optional suffix uy us ul UL y s l
 *    L.  The lexer keeps the magnitude (anything up to 2^64-1; larger is an
 *    error) and the kind; the parser range-checks with the sign.
 *  - Strings: escapes \n \t \r \b \f \v \0 \\ \" \' \xHH, \DDD (decimal,
 *    <= 255), \uHHHH (<= 0x7f).  Raw bytes >= 0x80 and newlines are kept.
 *  - Operators: maximal runs of ! $ % & * + - / < = > ? @ ^ | ~ : \
 *    The runs -> <: :: : := = | are special tokens; a run starting with
 *    ! ~ ? is a prefix operator; everything else is ZC_T_OP (|> included)
 *    whose precedence class the parser takes from the first character.
 *    `(*)` is the operator * in parentheses, not a comment.
 *  - `#` followed directly by set-options, reset-options, push-options,
 *    pop-options, restart-solver or light is a pragma token (forbidden).
 *  - Comments: // to end of line, (* ... *) nested.
 *  - Any other byte outside strings and comments (control characters,
 *    bytes >= 0x80, ...) is an error.
 */
#ifndef ZEN_CONTRACT_LEXER_H
#define ZEN_CONTRACT_LEXER_H

#include "core/contract/ast.h"

enum zc_tok {
	ZC_T_EOF,
	ZC_T_ERROR,	/* message in the lexer */
	ZC_T_IDENT,	/* text: value path */
	ZC_T_UIDENT,	/* text: constructor or module path */
	ZC_T_INT,	/* mag, int_kind */
	ZC_T_STRING,	/* str */
	ZC_T_OP,	/* text: infix operator */
	ZC_T_PREFIXOP,	/* text: ! ~ ? operators */
	ZC_T_LPAREN, ZC_T_RPAREN, ZC_T_LBRACK, ZC_T_RBRACK,
	ZC_T_LBRACE, ZC_T_RBRACE, ZC_T_COMMA, ZC_T_SEMI, ZC_T_SEMISEMI,
	ZC_T_COLON, ZC_T_COLONCOLON, ZC_T_COLONEQ, ZC_T_ARROW, ZC_T_SUBTYPE,
	ZC_T_BAR, ZC_T_EQUALS, ZC_T_HASH, ZC_T_BACKTICK, ZC_T_UNDERSCORE,
	ZC_T_DOT, ZC_T_PRAGMA, ZC_T_CHAR,
	/* keywords */
	ZC_T_MODULE, ZC_T_OPEN, ZC_T_INCLUDE, ZC_T_LET, ZC_T_LETBANG,
	ZC_T_IFBANG, ZC_T_REC, ZC_T_AND, ZC_T_IN, ZC_T_VAL, ZC_T_TYPE,
	ZC_T_OF, ZC_T_MATCH, ZC_T_WITH, ZC_T_FUN, ZC_T_FUNCTION, ZC_T_IF,
	ZC_T_THEN, ZC_T_ELSE, ZC_T_BEGIN, ZC_T_END, ZC_T_TRUE, ZC_T_FALSE,
	ZC_T_WHEN, ZC_T_TRY, ZC_T_ASSUME, ZC_T_EFFECT, ZC_T_EXCEPTION,
	ZC_T_QUALIFIER, ZC_T_FORALL, ZC_T_EXISTS, ZC_T_BY,
};

struct zc_token {
	enum zc_tok kind;
	enum zc_int_kind int_kind;
	uint32_t line, col;
	uint32_t off, len;	/* source span */
	uint64_t mag;		/* ZC_T_INT */
	bool big;		/* ZC_T_INT of 2^64 or more (mag is then
				   UINT64_MAX): a type may hold it, a term
				   may not (the parser decides) */
	const char *text;	/* IDENT UIDENT OP PREFIXOP PRAGMA keywords */
	struct zc_bytes str;	/* ZC_T_STRING */
};

struct zc_lexer {
	const char *src;
	size_t len, i;
	uint32_t line, col;
	struct zc_arena *arena;
	char err[160];		/* after a ZC_T_ERROR token */
};

void zc_lexer_init(struct zc_lexer *lx, const char *src, size_t len,
		   struct zc_arena *arena);
/* The next token; ZC_T_ERROR (with lx->err set and the position of the
 * offending text) on bad input, ZC_T_EOF at the end. */
void zc_lex_next(struct zc_lexer *lx, struct zc_token *t);

#endif
