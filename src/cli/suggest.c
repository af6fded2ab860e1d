/*
 * suggest.c - "did you mean ...?" for a mistyped group, command or
 * option, as git does: the known names closest to the typed word by edit
 * distance, when they are close enough to be a typo.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

#define MAX_WORD 64

/* Damerau-Levenshtein (optimal string alignment) distance of a and b. */
static size_t distance(const char *a, const char *b)
{
	size_t n = strlen(a), m = strlen(b);
	size_t d[MAX_WORD + 1][MAX_WORD + 1];

	if (n > MAX_WORD || m > MAX_WORD)
		return (size_t)-1;
	for (size_t i = 0; i <= n; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= m; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= n; i++)
		for (size_t j = 1; j <= m; j++) {
			size_t cost = a[i - 1] != b[j - 1], best;

			best = d[i - 1][j - 1] + cost;
			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[n][m];
}

void cli_suggest_begin(struct cli_suggest *s, const char *typed)
{
	memset(s, 0, sizeof(*s));
	s->typed = typed;
	/* a typo, not another word: a third of the word, at least 1, at
	 * most 3 edits */
	s->limit = strlen(typed) / 3;
	if (s->limit < 1)
		s->limit = 1;
	if (s->limit > 3)
		s->limit = 3;
	s->best = s->limit + 1;
}

void cli_suggest_add(struct cli_suggest *s, const char *name)
{
	size_t dist = distance(s->typed, name);

	if (dist > s->limit)
		return;
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->names[i], name))
			return;
	if (dist < s->best) {
		s->best = dist;
		s->n = 0;
	}
	if (dist == s->best && s->n < CLI_SUGGEST_MAX)
		s->names[s->n++] = name;
}

void cli_suggest_print(const struct cli_suggest *s, const char *prefix)
{
	if (!s->n)
		return;
	fprintf(stderr, "zen: did you mean");
	for (size_t i = 0; i < s->n; i++)
		fprintf(stderr, "%s '%s%s'", i ? (i + 1 == s->n ? " or" : ",") : "",
			prefix, s->names[i]);
	fprintf(stderr, "?\n");
}
