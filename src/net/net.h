/*
 * net.h - the peer-to-peer front of `zen serve` (p2p.md; issue 15): one
 * thread of its own, beside the HTTP server's, that speaks the
 * reference's protocol over ZeroMQ (a ROUTER socket for the peers it
 * dials, p2p.md 1.7; a STREAM socket for those it accepts), serves
 * peers' requests, gossips blocks and transactions, downloads the chain
 * and keeps the address book and the ban list.
 *
 * It reaches the chain only through the interfaces every front uses
 * (core/chain/chain.h: read snapshots, zen_chain_submit_block,
 * zen_chain_submit_tx; core/chain/peerstore.h for the address book and
 * the bans), and the operations reach it only through
 * ops/netif.h: it never blocks the HTTP event loops, and no HTTP request
 * ever waits for it.  Blocks and transactions added by anyone else (the
 * HTTP API, the miner, another process on the same data directory) are
 * found by watching the chain store's generation (every NET_POLL_MS).
 *
 * The files: net.c (start, stop, the loop, what other threads read),
 * peer.c (peers, sending, the handshake, keep-alive, misbehaviour, bans,
 * limits; why two sockets), zmtp.c (ZMTP/2.0 for the connections zen
 * accepts), reqs.c (requests served, 5.1), sync.c (tips, blocks,
 * orphans, the initial download, 6.1 and 7), gossip.c (watching the
 * chain, transactions, 6.2), addr.c (addresses, the book, the connector,
 * seeds, 8); net-int.h has what they share and every limit.
 */
#ifndef ZEN_NET_NET_H
#define ZEN_NET_NET_H

#include <jansson.h>

#include "core/base/err.h"
#include "ops/op.h"

struct zen_net;

/*
 * Read the peer-to-peer options of `zen serve` from its validated
 * arguments (listen, noListen, connect, addnode, noSeeds, maxPeers,
 * externalAddress); nothing is opened yet.
 * Returns: 0, or ZEN_EINVAL with the option's problem.
 * Out: out, released by zen_net_free.
 */
int zen_net_new(struct zen_net **out, struct zen_node *node,
		const json_t *args, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);

/*
 * The check of one peer-to-peer option of `zen serve` that needs no
 * other (name as in the table, value as validated): the command line's
 * and zen.conf's errors are the same.  Returns 0, or ZEN_EINVAL with the
 * message; 0 for any other name.
 */
int zen_net_option_check(const char *name, const json_t *value,
			 struct zen_err *err) ZEN_NONNULL(1);

/*
 * Open the peer store, bind (unless --no-listen) and start the thread;
 * then node->net answers the operations.  A default listening address
 * that is in use is only a warning (the node dials, nobody can dial it);
 * an explicit --listen that cannot be bound is an error.
 * Returns: 0, ZEN_EINVAL "cannot listen on ...", ZEN_ESTORE, ZEN_EINTERNAL.
 */
int zen_net_start(struct zen_net *net, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1);

/* Stop the thread (promptly: it is woken) and close every connection;
 * node->net is cleared first.  What the operations read of it stays
 * readable until zen_net_free, for a request that took node->net just
 * before.  NULL or a second call: a no-op. */
void zen_net_stop(struct zen_net *net);

/* zen_net_stop, then free everything (once no thread can be using
 * node->net's old value).  NULL is a no-op. */
void zen_net_free(struct zen_net *net);

#endif
