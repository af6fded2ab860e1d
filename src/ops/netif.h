/*
 * netif.h - what the operations ask of the peer-to-peer front (src/net)
 * while `zen serve` runs it.  The front fills one of these and sets
 * node->net; without one (a command run locally, a node started with no
 * network) the operations answer as a node alone: no peers, no download.
 * Every function may be called from any thread and returns at once: the
 * front keeps what they read in a snapshot of its own.
 */
#ifndef ZEN_NETIF_H
#define ZEN_NETIF_H

#include <stdint.h>

#include <jansson.h>

/* The download state that /blockchain/info shows. */
struct zen_net_sync {
	uint32_t headers;	/* the best header known (0: none beyond the
				   tip) */
	int ibd;		/* the initial block download runs */
	uint32_t ibd_target;	/* during it: the number it downloads to */
	uint64_t version;	/* changes whenever any field above does */
};

struct zen_netif {
	void *ctx;
	/* Peers with a completed handshake, inbound and outbound. */
	unsigned (*connections)(void *ctx);
	/* [{"address","inbound","tip","version","banScore",
	 * "connectedSince"}], a new reference. */
	json_t *(*peers)(void *ctx);
	void (*sync)(void *ctx, struct zen_net_sync *out);
	/* The ban list in the peer store changed: apply it now (drop the
	 * peers of a banned address, forget the score of an unbanned one). */
	void (*bans_changed)(void *ctx);
};

#endif
