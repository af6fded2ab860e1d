/*
 * fuzz-contract.c - libFuzzer harness for the ZF* front end: parse the
 * input as contract source.  Any input must give a module or exactly one
 * error message "FILE:LINE:COL: ..." (or the size error), never a crash,
 * and a module must print and pass the entry-point check without trouble.
 *
 * Round trip: a module that parses is written back as source
 * (core/contract/unparse.h); that text must parse, and to the same tree:
 * the S-expression prints (ast.h, the canonical form) of both are equal.
 * Two exceptions: text longer than ZC_MAX_SOURCE, which the parser
 * refuses by size (the printer spaces operators, so a source close to the
 * limit may print longer than it; libFuzzer's inputs never come close),
 * and text that needs more of the parser's recursion than the source did
 * ("nesting too deep"): the printer's spelling of a node (a section
 * applied to two arguments printed infix, parentheses it adds) can take
 * more recursive calls to parse than the source's, so a tree within the
 * limit may print as text just past it.
 *
 * The same bytes as a source file's text (zen_text_to_ascii, what the CLI
 * and the API do to code before anything else): ASCII out, never longer,
 * the input's ASCII bytes kept in order with only '?' added, and a second
 * pass changes nothing.
 */
#include "core/contract/parser.h"
#include "core/contract/unparse.h"
#include "core/types/ser.h"
#include "fuzz.h"

static void check_text_to_ascii(const uint8_t *data, size_t size)
{
	char *s = zen_xmalloc(size + 1);
	size_t n, i = 0, j = 0;

	memcpy(s, data, size);
	n = zen_text_to_ascii(s, size);
	FUZZ_CHECK(n <= size);
	for (;;) {	/* the ASCII but '?' of both, in order */
		while (i < size && (data[i] >= 0x80 || data[i] == '?'))
			i++;
		while (j < n && s[j] == '?')
			j++;
		if (i == size || j == n)
			break;
		FUZZ_CHECK(data[i++] == (uint8_t)s[j++]);
	}
	FUZZ_CHECK(i == size && j == n);
	for (size_t k = 0; k < n; k++)
		FUZZ_CHECK((uint8_t)s[k] < 0x80);
	FUZZ_CHECK(zen_text_to_ascii(s, n) == n);
	free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_module *m = NULL, *again = NULL;
	struct zen_buf b = ZEN_BUF_INIT, src = ZEN_BUF_INIT,
		       b2 = ZEN_BUF_INIT;
	int rc;

	check_text_to_ascii(data, size);
	rc = zc_parse((const char *)data, size, "f.fst", 0, &m, &err);
	if (rc) {
		FUZZ_CHECK(rc == ZEN_EINVAL && m == NULL);
		FUZZ_CHECK(!strncmp(err.msg, "f.fst:", 6));
		return 0;
	}
	FUZZ_CHECK(m != NULL);
	zc_print_module(&b, m);
	(void)zc_check_entry_points(m, "f.fst", NULL);
	zc_unparse_module(&src, m);
	zc_module_free(m);
	if (src.len <= ZC_MAX_SOURCE) {
		rc = zc_parse((const char *)src.data, src.len, "u.fst", 0,
			      &again, &err);
		if (rc && strstr(err.msg, ": nesting too deep (limit ")) {
			zen_buf_release(&b);
			zen_buf_release(&src);
			return 0;
		}
		if (rc)
			fprintf(stderr, "unparsed text does not parse: %s\n"
				"---\n%s---\n", err.msg, zen_buf_str(&src));
		FUZZ_CHECK(rc == 0);
		zc_print_module(&b2, again);
		zc_module_free(again);
		if (strcmp(zen_buf_str(&b), zen_buf_str(&b2)))
			fprintf(stderr, "---\n%s---\n%s---\n%s---\n",
				zen_buf_str(&src), zen_buf_str(&b),
				zen_buf_str(&b2));
		FUZZ_CHECK(b.len == b2.len &&
			   !strcmp(zen_buf_str(&b), zen_buf_str(&b2)));
	}
	zen_buf_release(&b);
	zen_buf_release(&b2);
	zen_buf_release(&src);
	return 0;
}
