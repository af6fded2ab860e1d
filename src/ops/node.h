/*
 * node.h - what handlers ask of the node: its chain state, opened once per
 * process and shared by every front and thread.
 */
#ifndef ZEN_NODE_H
#define ZEN_NODE_H

#include "core/chain/chain.h"
#include "ops/op.h"

/*
 * The node's chain state, opened on first use in node->datadir (a fresh
 * local chain starts from its embedded genesis block), with the address
 * index turned on or off as node->addressdb says.  Thread-safe.
 * Returns: 0, or the store's error (ZEN_ESTORE: locked, damaged, another
 * chain's store).
 */
int zen_node_chain(struct zen_node *node, struct zen_chainstate **chain,
		   struct zen_err *err) ZEN_WARN_UNUSED;

/*
 * The wallet store of node->datadir (<datadir>/wallet/), opened on first
 * use, shared by every thread.  Returns: 0 or ZEN_ESTORE; ZEN_EREFUSED
 * "not available on a public node" when node->no_wallet is set (then
 * nothing is opened or created).
 */
int zen_node_wallet(struct zen_node *node, struct zen_wallet **wallet,
		    struct zen_err *err) ZEN_WARN_UNUSED;

/*
 * The peer store of node->datadir (<datadir>/peers/: the address book and
 * the ban list, core/chain/peerstore.h), opened on first use, shared by
 * every thread.  Returns: 0 or ZEN_ESTORE.
 */
struct zen_peerstore;
int zen_node_peers(struct zen_node *node, struct zen_peerstore **peers,
		   struct zen_err *err) ZEN_WARN_UNUSED;

/* Close what zen_node_chain, zen_node_wallet and zen_node_peers opened
 * (at exit). */
void zen_node_close(struct zen_node *node);

/* A read snapshot of the node's chain; end it with zen_chain_read_end. */
int zen_node_read(struct zen_node *node, struct zen_chain_read **r,
		  struct zen_err *err) ZEN_WARN_UNUSED;

#endif
