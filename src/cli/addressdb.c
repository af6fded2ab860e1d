/*
 * addressdb.c - the CLI's side of the address index: a local /addressdb
 * command catches the index up with the chain before it runs (resync:
 * after it), with its progress on a terminal.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "ops/addrsync.h"

static void on_progress(void *ctx, const struct zen_addr_status *st,
			const struct zen_err *err)
{
	if (!err && st)
		cli_progress_step(ctx, st->blocks, st->tip);
}

int cli_addressdb_sync(const struct zen_op *op, struct zen_node *node,
		       int after, struct zen_err *err)
{
	int resync = op->path && !strcmp(op->path, "/addressdb/resync");
	struct cli_progress p;
	int rc;

	if (!op->path || strncmp(op->path, "/addressdb/", 11) ||
	    after != resync)
		return 0;
	rc = zen_addrsync_run(node, cli_progress_init(&p, "building the "
			      "address index") ? on_progress : NULL, &p, err);
	cli_progress_end(&p);
	return rc;
}
