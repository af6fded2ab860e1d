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
	int *shown = ctx;

	if (err || !st)
		return;
	fprintf(stderr, "\rzen: building the address index: block %u of %u",
		st->blocks, st->tip);
	*shown = 1;
}

int cli_addressdb_sync(const struct zen_op *op, struct zen_node *node,
		       int after, struct zen_err *err)
{
	int tty = isatty(STDERR_FILENO), shown = 0, rc;
	int resync = op->path && !strcmp(op->path, "/addressdb/resync");

	if (!op->path || strncmp(op->path, "/addressdb/", 11) ||
	    after != resync)
		return 0;
	rc = zen_addrsync_run(node, tty ? on_progress : NULL, &shown, err);
	if (shown)
		fputc('\n', stderr);
	return rc;
}
