/*
 * progress.c - the progress line of long work on a terminal (issue 18):
 * "zen: blockchain mine: 120 of 1000 (12%), 45.2/s, 19 s left", redrawn
 * in place at most five times a second, on stderr, and only when stderr
 * is a terminal: through a pipe or into a file nothing is written, so
 * scripts and logs see no carriage returns.
 */
#include <stdio.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/base/clock.h"

#define REDRAW_US 200000

static void draw(struct cli_progress *p, uint64_t done, uint64_t total,
		 uint64_t now)
{
	double secs = (double)(now - p->started_us) / 1e6;
	double rate = secs > 0 ? (double)done / secs : 0;
	int width;

	width = fprintf(stderr, "\rzen: %s: %llu of %llu (%llu%%)", p->what,
			(unsigned long long)done, (unsigned long long)total,
			(unsigned long long)(total ? done * 100 / total : 100));
	if (rate > 0 && secs >= 0.5)
		width += fprintf(stderr, ", %.1f/s, %.0f s left", rate,
				 (double)(total - done) / rate);
	/* wipe what a longer line before left */
	for (int i = width; i < p->width; i++)
		fputc(' ', stderr);
	p->width = width;
	fflush(stderr);
	p->drawn_us = now;
	p->shown = 1;
}

void cli_progress_step(void *ctx, uint64_t done, uint64_t total)
{
	struct cli_progress *p = ctx;
	uint64_t now = zen_monotonic_us();

	if (done > total)
		total = done;
	if (done < total && p->shown && now - p->drawn_us < REDRAW_US)
		return;
	draw(p, done, total, now);
}

int cli_progress_init(struct cli_progress *p, const char *what)
{
	snprintf(p->what, sizeof(p->what), "%s", what);
	p->started_us = zen_monotonic_us();
	p->drawn_us = 0;
	p->width = 0;
	p->shown = 0;
	return isatty(STDERR_FILENO);
}

void cli_progress_begin(struct cli_progress *p, struct zen_call *call,
			const struct zen_op *op)
{
	char what[64];

	snprintf(what, sizeof(what), "%s%s%s", op->group, op->verb ? " " : "",
		 op->verb ? op->verb : "");
	if (!cli_progress_init(p, what))
		return;
	call->progress = cli_progress_step;
	call->progress_ctx = p;
}

void cli_progress_end(struct cli_progress *p)
{
	if (p->shown)
		fputc('\n', stderr);
	p->shown = 0;
}
