/*
 * lexer.c - tokens of ZF* source; decisions in lexer.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/encoding/hex.h"
#include "core/contract/lexer.h"

void zc_lexer_init(struct zc_lexer *lx, const char *src, size_t len,
		   struct zc_arena *arena)
{
	memset(lx, 0, sizeof(*lx));
	lx->src = src;
	lx->len = len;
	lx->line = 1;
	lx->col = 1;
	lx->arena = arena;
}

static int at(const struct zc_lexer *lx, size_t k)
{
	return lx->i + k < lx->len ? (unsigned char)lx->src[lx->i + k] : -1;
}

static void bump(struct zc_lexer *lx)
{
	if (lx->src[lx->i] == '\n') {
		lx->line++;
		lx->col = 1;
	} else {
		lx->col++;
	}
	lx->i++;
}

static int is_lower(int c)
{
	return (c >= 'a' && c <= 'z') || c == '_';
}

static int is_upper(int c)
{
	return c >= 'A' && c <= 'Z';
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int is_idchar(int c)
{
	return is_lower(c) || is_upper(c) || is_digit(c) || c == '\'';
}

static int is_symbol(int c)
{
	return c >= 0 && c < 128 && strchr("!$%&*+-/<=>?@^|~:\\", c) && c;
}

static ZEN_PRINTF(3, 4) void lex_error(struct zc_lexer *lx,
					struct zc_token *t,
					const char *fmt, ...)
{
	va_list ap;

	t->kind = ZC_T_ERROR;
	va_start(ap, fmt);
	vsnprintf(lx->err, sizeof(lx->err), fmt, ap);
	va_end(ap);
}

/* A keyword and its length: most identifiers are told apart by length. */
#define KW(w, k) { w, sizeof(w) - 1, k }

static const struct {
	const char *word;
	size_t len;
	enum zc_tok kind;
} keywords[] = {
	KW("module", ZC_T_MODULE), KW("open", ZC_T_OPEN),
	KW("include", ZC_T_INCLUDE), KW("let", ZC_T_LET),
	KW("rec", ZC_T_REC), KW("and", ZC_T_AND), KW("in", ZC_T_IN),
	KW("val", ZC_T_VAL), KW("type", ZC_T_TYPE), KW("of", ZC_T_OF),
	KW("match", ZC_T_MATCH), KW("with", ZC_T_WITH), KW("fun", ZC_T_FUN),
	KW("function", ZC_T_FUNCTION), KW("if", ZC_T_IF),
	KW("then", ZC_T_THEN), KW("else", ZC_T_ELSE),
	KW("begin", ZC_T_BEGIN), KW("end", ZC_T_END),
	KW("true", ZC_T_TRUE), KW("false", ZC_T_FALSE),
	KW("when", ZC_T_WHEN), KW("try", ZC_T_TRY),
	KW("assume", ZC_T_ASSUME), KW("effect", ZC_T_EFFECT),
	KW("new_effect", ZC_T_EFFECT), KW("sub_effect", ZC_T_EFFECT),
	KW("new_effect_for_free", ZC_T_EFFECT),
	KW("total_effect", ZC_T_EFFECT), KW("exception", ZC_T_EXCEPTION),
	KW("forall", ZC_T_FORALL), KW("exists", ZC_T_EXISTS),
	KW("by", ZC_T_BY),
	KW("unfold", ZC_T_QUALIFIER), KW("abstract", ZC_T_QUALIFIER),
	KW("private", ZC_T_QUALIFIER), KW("noeq", ZC_T_QUALIFIER),
	KW("unopteq", ZC_T_QUALIFIER), KW("new", ZC_T_QUALIFIER),
	KW("inline_for_extraction", ZC_T_QUALIFIER),
	KW("irreducible", ZC_T_QUALIFIER), KW("noextract", ZC_T_QUALIFIER),
	KW("inline", ZC_T_QUALIFIER), KW("opaque", ZC_T_QUALIFIER),
	KW("logic", ZC_T_QUALIFIER), KW("reifiable", ZC_T_QUALIFIER),
	KW("reflectable", ZC_T_QUALIFIER), KW("total", ZC_T_QUALIFIER),
};

static const char *const pragmas[] = {
	"set-options", "reset-options", "push-options", "pop-options",
	"restart-solver", "light",
};

/*
 * After constructor C (the path just read, all upper), F*'s
 * discriminator `C?` and projector `C?.f` (no spaces): 1 and the '?'
 * (and '.f') consumed; 0 for a '?' that starts an operator.
 */
static int lex_discriminator(struct zc_lexer *lx)
{
	if (at(lx, 0) != '?')
		return 0;
	if (at(lx, 1) == '.' && is_lower(at(lx, 2))) {
		bump(lx);
		bump(lx);
		while (is_idchar(at(lx, 0)))
			bump(lx);
		return 1;
	}
	if (is_symbol(at(lx, 1)))
		return 0;
	bump(lx);
	return 1;
}

static void lex_ident(struct zc_lexer *lx, struct zc_token *t)
{
	size_t start = lx->i;
	int all_upper = 1, components = 0, disc;

	for (;;) {
		if (!is_upper(at(lx, 0)))
			all_upper = 0;
		components++;
		while (is_idchar(at(lx, 0)))
			bump(lx);
		/* `X.y` without spaces continues the path; `M._x` too (a
		 * module's name: Prims._assert), not `x._1` (the parser's
		 * projection of a value) */
		if (at(lx, 0) == '.' &&
		    (is_lower(at(lx, 1)) || is_upper(at(lx, 1))) &&
		    (at(lx, 1) != '_' || all_upper)) {
			bump(lx);
			continue;
		}
		break;
	}
	/* a discriminator or projector is a function: a name, not a
	 * constructor */
	disc = all_upper && lex_discriminator(lx);
	t->text = zc_arena_strndup(lx->arena, lx->src + start, lx->i - start);
	t->kind = all_upper && !disc ? ZC_T_UIDENT : ZC_T_IDENT;
	if (disc)
		return;
	if (components != 1)
		return;
	if (!strcmp(t->text, "_")) {
		t->kind = ZC_T_UNDERSCORE;
		return;
	}
	if ((!strcmp(t->text, "let") || !strcmp(t->text, "if")) &&
	    at(lx, 0) == '!') {
		t->kind = t->text[0] == 'l' ? ZC_T_LETBANG : ZC_T_IFBANG;
		bump(lx);
		t->text = t->kind == ZC_T_LETBANG ? "let!" : "if!";
		return;
	}
	for (size_t k = 0; k < ZEN_ARRAY_SIZE(keywords); k++)
		if (keywords[k].len == lx->i - start &&
		    !memcmp(t->text, keywords[k].word, keywords[k].len)) {
			t->kind = keywords[k].kind;
			return;
		}
}

static void lex_int(struct zc_lexer *lx, struct zc_token *t)
{
	size_t start = lx->i;
	uint64_t v = 0;
	int overflow = 0, hex = 0, base = 10, digits = 0;
	char suf[4];
	size_t ns = 0;

	/* F*'s lexer: 0x hex, 0o octal, 0b binary */
	if (at(lx, 0) == '0' && at(lx, 1) > 0 && strchr("xXoObB", at(lx, 1))) {
		int p = at(lx, 1) | 0x20;

		hex = p == 'x';
		base = hex ? 16 : p == 'o' ? 8 : 2;
		bump(lx);
		bump(lx);
	}
	for (;;) {
		int c = at(lx, 0), d;

		if (is_digit(c) && c - '0' < base)
			d = c - '0';
		else if (hex && c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (hex && c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			break;
		if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
			overflow = 1;
		else
			v = v * (uint64_t)base + (uint64_t)d;
		digits++;
		bump(lx);
	}
	while (is_idchar(at(lx, 0))) {
		if (ns < sizeof(suf) - 1)
			suf[ns] = (char)at(lx, 0);
		ns++;
		bump(lx);
	}
	t->text = zc_arena_strndup(lx->arena, lx->src + start, lx->i - start);
	if (!digits) {
		lex_error(lx, t, "invalid integer literal '%s'", t->text);
		return;
	}
	t->kind = ZC_T_INT;
	t->mag = v;
	t->int_kind = ZC_INT_INT;
	if (ns) {
		static const struct {
			const char *s;
			enum zc_int_kind k;
		} sufs[] = {
			/* unsigned is u or U before the width letter: y 8,
			 * s 16, l 32, L 64 (F*'s lexer; the reference's own
			 * test contract writes 1000uL) */
			{ "uy", ZC_INT_U8 }, { "Uy", ZC_INT_U8 },
			{ "us", ZC_INT_U16 }, { "Us", ZC_INT_U16 },
			{ "ul", ZC_INT_U32 }, { "Ul", ZC_INT_U32 },
			{ "uL", ZC_INT_U64 }, { "UL", ZC_INT_U64 },
			{ "y", ZC_INT_I8 }, { "s", ZC_INT_I16 },
			{ "l", ZC_INT_I32 }, { "L", ZC_INT_I64 },
			/* a char by its code: Zulib's char is UInt8 */
			{ "z", ZC_INT_U8 },
		};
		size_t k;

		if (ns >= sizeof(suf))
			ns = sizeof(suf) - 1;
		suf[ns] = 0;
		for (k = 0; k < ZEN_ARRAY_SIZE(sufs); k++)
			if (!strcmp(suf, sufs[k].s))
				break;
		if (k == ZEN_ARRAY_SIZE(sufs)) {
			lex_error(lx, t, "invalid integer literal '%s'",
				  t->text);
			return;
		}
		t->int_kind = sufs[k].k;
	}
	if (overflow) {
		t->mag = UINT64_MAX;
		t->big = true;
	}
}


/*
 * The byte of the escape sequence after a backslash, lx at its first
 * character, consumed: \n \t \r \b \f \v \\ \" \' \xHH, \uHHHH up to
 * 0x7f, \0 and \DDD up to 255; -1 for any other.
 */
static int lex_escape(struct zc_lexer *lx)
{
	static const char plain[] = "n\nt\tr\rb\bf\fv\v\\\\\"\"''";
	int c = at(lx, 0), v = -1;

	for (size_t k = 0; plain[k]; k += 2)
		if (c == plain[k])
			v = (unsigned char)plain[k + 1];
	if (c == 'x') {
		int h = zen_hex_value(at(lx, 1)), l = zen_hex_value(at(lx, 2));

		if (h < 0 || l < 0)
			return -1;
		v = h * 16 + l;
		bump(lx);
		bump(lx);
	} else if (c == 'u') {
		v = 0;
		for (size_t k = 1; k <= 4; k++) {
			int h = zen_hex_value(at(lx, k));

			if (h < 0)
				return -1;
			v = v * 16 + h;
		}
		if (v > 0x7f)
			return -1;
		for (int k = 0; k < 4; k++)
			bump(lx);
	} else if (is_digit(c)) {
		v = c - '0';
		if (is_digit(at(lx, 1))) {	/* \DDD; \0 alone */
			if (!is_digit(at(lx, 2)))
				return -1;
			v = v * 100 + (at(lx, 1) - '0') * 10 + (at(lx, 2) - '0');
			if (v > 255)
				return -1;
			bump(lx);
			bump(lx);
		}
	}
	if (v >= 0)
		bump(lx);
	return v;
}

/*
 * After a quote: a character literal, 'c' or an escape ('\n', '\065'),
 * also with F*'s B suffix, is a UInt8, as Zulib's FStar.Char defines char
 * (ASCII only: wider ones do not fit); 'a, a type variable, is a name
 * (types are erased).
 */
static void lex_quote(struct zc_lexer *lx, struct zc_token *t)
{
	size_t start = lx->i;
	int c = at(lx, 1), v = -1;

	if (is_lower(c) && at(lx, 2) != '\'') {
		bump(lx);
		while (is_idchar(at(lx, 0)))
			bump(lx);
		t->kind = ZC_T_IDENT;
		t->text = zc_arena_strndup(lx->arena, lx->src + start,
					   lx->i - start);
		return;
	}
	bump(lx);
	if (c == '\\') {
		bump(lx);
		v = lex_escape(lx);
	} else if (c >= 0x20 && c < 0x7f && c != '\'') {
		v = c;
		bump(lx);
	}
	if (v < 0 || at(lx, 0) != '\'') {
		lex_error(lx, t, "invalid character literal (an ASCII "
			  "character or an escape between single quotes)");
		return;
	}
	bump(lx);
	/* 'c'B is F*'s byte form of the same literal */
	if (at(lx, 0) == 'B' && !is_idchar(at(lx, 1)))
		bump(lx);
	t->kind = ZC_T_INT;
	t->int_kind = ZC_INT_U8;
	t->mag = (uint64_t)v;
	t->text = zc_arena_strndup(lx->arena, lx->src + start, lx->i - start);
}

/*
 * ``a name``: F*'s (and F#'s) quoted identifier, the text between the
 * double backticks.  F* takes any character but a tab, a line break or a
 * double backtick; zen takes the names that cannot read as anything else
 * (a qualified name, a discriminator, a constructor): a lowercase letter
 * or _ first, then letters, digits, _, ' and spaces.
 */
static int quoted_name_char(int c, int first)
{
	return is_lower(c) || c == '_' ||
	       (!first && (is_upper(c) || is_digit(c) || c == '\'' ||
			   c == ' '));
}

static void lex_quoted_ident(struct zc_lexer *lx, struct zc_token *t)
{
	size_t start;

	bump(lx);
	bump(lx);
	start = lx->i;
	while (quoted_name_char(at(lx, 0), lx->i == start))
		bump(lx);
	if (at(lx, 0) != '`' || at(lx, 1) != '`' || lx->i == start) {
		lex_error(lx, t, "unsupported ``quoted name`` (zen takes a "
			  "lowercase letter or _ first, then letters, digits, "
			  "_, ' and spaces)");
		return;
	}
	t->kind = ZC_T_IDENT;
	t->text = zc_arena_strndup(lx->arena, lx->src + start, lx->i - start);
	bump(lx);
	bump(lx);
}

/*
 * After a backslash in a string: a line break and the blanks after it are
 * a continuation, nothing of the string (F*'s lexer: '\\' newline
 * anywhite*).  1 when one was skipped.
 */
static int skip_continuation(struct zc_lexer *lx)
{
	int k = at(lx, 0) == '\r' ? 1 : 0;

	if (at(lx, k) != '\n')
		return 0;
	while (k-- >= 0)
		bump(lx);
	while (at(lx, 0) == ' ' || at(lx, 0) == '\t')
		bump(lx);
	return 1;
}

static void lex_string(struct zc_lexer *lx, struct zc_token *t)
{
	uint8_t *out;
	size_t n = 0, end;

	/* the decoded length is at most the raw length up to the closing
	 * quote: allocate that much, not the rest of the input */
	bump(lx);
	for (end = lx->i; end < lx->len && lx->src[end] != '"'; end++)
		if (lx->src[end] == '\\')
			end++;
	out = zc_arena_alloc(lx->arena, end - lx->i + 1);
	for (;;) {
		int c = at(lx, 0);

		if (c < 0) {
			lex_error(lx, t, "unterminated string literal");
			return;
		}
		if (c == '"') {
			bump(lx);
			break;
		}
		bump(lx);
		if (c == '\\' && skip_continuation(lx))
			continue;
		if (c == '\\' && (c = lex_escape(lx)) < 0)
			goto bad;
		out[n++] = (uint8_t)c;
	}
	if (at(lx, 0) == 'B') {
		lex_error(lx, t, "unsupported: bytearray literals (\"...\"B)");
		return;
	}
	t->kind = ZC_T_STRING;
	t->str.data = out;
	t->str.len = n;
	return;
bad:
	lex_error(lx, t, "invalid escape sequence in string literal");
	/* point at the backslash */
	t->line = lx->line;
	t->col = lx->col - 1;
}

/* Skip blanks and comments; 0, or -1 with t set to the error. */
static int skip_space(struct zc_lexer *lx, struct zc_token *t)
{
	for (;;) {
		int c = at(lx, 0);

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			bump(lx);
		} else if (c == '/' && at(lx, 1) == '/') {
			while (at(lx, 0) >= 0 && at(lx, 0) != '\n')
				bump(lx);
		} else if (c == '(' && at(lx, 1) == '*') {
			/* `(*)` too: F*'s lexer opens a comment at every
			 * "(*" (the multiplication section is `( * )`) */
			uint32_t line = lx->line, col = lx->col;
			size_t depth = 0;

			do {
				if (at(lx, 0) < 0) {
					t->line = line;
					t->col = col;
					lex_error(lx, t,
						  "unterminated comment");
					return -1;
				}
				if (at(lx, 0) == '(' && at(lx, 1) == '*') {
					depth++;
					bump(lx);
				} else if (at(lx, 0) == '*' &&
					   at(lx, 1) == ')') {
					depth--;
					bump(lx);
				}
				bump(lx);
			} while (depth);
		} else {
			return 0;
		}
	}
}

void zc_lex_next(struct zc_lexer *lx, struct zc_token *t)
{
	int c;

	memset(t, 0, sizeof(*t));
	if (skip_space(lx, t))
		return;
	t->line = lx->line;
	t->col = lx->col;
	t->off = (uint32_t)lx->i;
	c = at(lx, 0);
	if (c < 0) {
		t->kind = ZC_T_EOF;
		return;
	}
	if (is_lower(c) || is_upper(c)) {
		lex_ident(lx, t);
	} else if (is_digit(c)) {
		lex_int(lx, t);
	} else if (c == '"') {
		lex_string(lx, t);
	} else if (c == '\'') {
		lex_quote(lx, t);
	} else if (c == '`' && at(lx, 1) == '`') {
		lex_quoted_ident(lx, t);
	} else if (c == '#') {
		bump(lx);
		t->kind = ZC_T_HASH;
		for (size_t k = 0; k < ZEN_ARRAY_SIZE(pragmas); k++) {
			size_t n = strlen(pragmas[k]);

			if (lx->len - lx->i >= n &&
			    !memcmp(lx->src + lx->i, pragmas[k], n) &&
			    !is_idchar(at(lx, n)) && at(lx, n) != '-') {
				for (size_t j = 0; j < n; j++)
					bump(lx);
				t->kind = ZC_T_PRAGMA;
				t->text = pragmas[k];
				break;
			}
		}
	} else if (is_symbol(c)) {
		size_t start = lx->i, n;
		const char *s;

		while (is_symbol(at(lx, 0)))
			bump(lx);
		n = lx->i - start;
		s = lx->src + start;
		t->text = zc_arena_strndup(lx->arena, s, n);
#define IS(lit) (n == sizeof(lit) - 1 && !memcmp(s, lit, n))
		if (IS("->"))
			t->kind = ZC_T_ARROW;
		else if (IS("<:"))
			t->kind = ZC_T_SUBTYPE;
		else if (IS("::"))
			t->kind = ZC_T_COLONCOLON;
		else if (IS(":"))
			t->kind = ZC_T_COLON;
		else if (IS(":="))
			t->kind = ZC_T_COLONEQ;
		else if (IS("="))
			t->kind = ZC_T_EQUALS;
		else if (IS("|"))
			t->kind = ZC_T_BAR;
		else if (s[0] == '!' || s[0] == '~' || s[0] == '?')
			t->kind = ZC_T_PREFIXOP;
		else if (s[0] == ':')
			lex_error(lx, t, "invalid operator '%s'", t->text);
		else
			t->kind = ZC_T_OP;
#undef IS
	} else {
		static const char punct[] = "()[]{},;`.";
		static const enum zc_tok kinds[] = {
			ZC_T_LPAREN, ZC_T_RPAREN, ZC_T_LBRACK, ZC_T_RBRACK,
			ZC_T_LBRACE, ZC_T_RBRACE, ZC_T_COMMA, ZC_T_SEMI,
			ZC_T_BACKTICK, ZC_T_DOT,
		};
		const char *p = c < 128 && c ? strchr(punct, c) : NULL;

		if (!p) {
			char buf[16];

			snprintf(buf, sizeof(buf), "0x%02x", (unsigned)c);
			lex_error(lx, t, "invalid character %s in source", buf);
			return;
		}
		bump(lx);
		t->kind = kinds[p - punct];
		if (t->kind == ZC_T_SEMI && at(lx, 0) == ';') {
			bump(lx);
			t->kind = ZC_T_SEMISEMI;
		}
	}
	t->len = (uint32_t)(lx->i - t->off);
}
