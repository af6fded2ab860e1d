/*
 * addrsync.h - catching the address index up with the chain
 * (core/chain/addrindex.h): in the foreground for a local command, or in
 * a thread of zen serve that keeps at it whenever the index is behind
 * (turned on for a chain with blocks, a resync, blocks another process
 * connected while it was off).
 */
#ifndef ZEN_OPS_ADDRSYNC_H
#define ZEN_OPS_ADDRSYNC_H

#include "core/chain/addrindex.h"
#include "ops/op.h"

/* Told after every batch the build indexes (st: how far it got), or of
 * its failure (err not NULL; the thread tries again later). */
typedef void (*zen_addrsync_progress)(void *ctx,
				      const struct zen_addr_status *st,
				      const struct zen_err *err);

/*
 * Build the index of node's chain up to the tip now, a batch at a time
 * (nothing when it is not enabled or caught up already).
 * Returns: 0, or the store's error.
 */
int zen_addrsync_run(struct zen_node *node, zen_addrsync_progress progress,
		     void *ctx, struct zen_err *err) ZEN_WARN_UNUSED;

struct zen_addrsync;

/*
 * The thread of zen serve: it looks at the index twice a second and
 * builds while it is behind, progress on every batch (from the thread).
 * ZEN_ADDRDB_BATCH (blocks per batch, default: 250 ms of work) and
 * ZEN_ADDRDB_PAUSE_MS (a pause between batches) are for tests.
 * Returns: 0, or ZEN_EINTERNAL "cannot start the address index thread".
 */
int zen_addrsync_start(struct zen_addrsync **out, struct zen_node *node,
		       zen_addrsync_progress progress, void *ctx,
		       struct zen_err *err) ZEN_WARN_UNUSED;
/* Stop the thread (it ends its batch first) and free it.  NULL: no-op. */
void zen_addrsync_stop(struct zen_addrsync *s);

#endif
