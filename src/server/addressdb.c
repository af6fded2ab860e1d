/*
 * addressdb.c - zen serve's side of the address index: the thread that
 * builds it while it is behind the chain (ops/addrsync.h), its progress
 * in the log.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "log/log.h"
#include "ops/addrsync.h"
#include "server/srv.h"

/* A progress line at most this often while building (seconds). */
#define PROGRESS_EVERY 10

struct progress {
	time_t last;		/* of the last "building" line */
	int building;		/* a catch-up is logged as under way */
	char error[ZEN_ERR_MSG_MAX];	/* the last one logged */
};

static struct progress progress_state;

static void on_progress(void *ctx, const struct zen_addr_status *st,
			const struct zen_err *err)
{
	struct progress *p = ctx;
	time_t now = time(NULL);

	if (err) {
		/* once, not every half second */
		if (strcmp(p->error, err->msg))
			zen_log_warn("address index: %s", err->msg);
		snprintf(p->error, sizeof(p->error), "%s", err->msg);
		return;
	}
	p->error[0] = 0;
	/* told only after a batch: something was built */
	if (st->synced) {
		zen_log_info("address index: caught up at block %u",
			     st->blocks);
		p->building = 0;
		return;
	}
	if (!p->building || now - p->last >= PROGRESS_EVERY) {
		zen_log_info("address index: building, block %u of %u",
			     st->blocks, st->tip);
		p->last = now;
		p->building = 1;
	}
}

int srv_addressdb_start(struct zen_node *node, struct zen_addrsync **out,
			struct zen_err *err)
{
	memset(&progress_state, 0, sizeof(progress_state));
	return zen_addrsync_start(out, node, on_progress, &progress_state, err);
}
