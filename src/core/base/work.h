/*
 * work.h - long work (a rescan, a replay, mining many blocks) and its
 * caller: how the caller stops it between steps and follows it.  The
 * core reports; a front shows (the CLI's progress line on a terminal).
 */
#ifndef ZEN_WORK_H
#define ZEN_WORK_H

#include <stdatomic.h>
#include <stdint.h>

struct zen_work {
	const atomic_int *cancel;	/* set: stop at the next step */
	/* done of total steps (blocks), from the working thread */
	void (*progress)(void *ctx, uint64_t done, uint64_t total);
	void *ctx;
};

/* Has the caller asked the work to stop?  (NULL work: never.) */
static inline int zen_work_cancelled(const struct zen_work *w)
{
	return w && w->cancel &&
	       atomic_load_explicit(w->cancel, memory_order_relaxed);
}

static inline void zen_work_progress(const struct zen_work *w, uint64_t done,
				     uint64_t total)
{
	if (w && w->progress)
		w->progress(w->ctx, done, total);
}

#endif
