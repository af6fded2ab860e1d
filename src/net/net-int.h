/*
 * net-int.h - what the files of the peer-to-peer front share (not an
 * interface: net.h is).  Everything here lives on the network thread,
 * except the snapshot fields of struct zen_net marked otherwise.
 */
#ifndef ZEN_NET_INT_H
#define ZEN_NET_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "core/base/buf.h"
#include "core/chain/chain.h"
#include "core/chain/peerstore.h"
#include "log/log.h"
#include "net/msg.h"
#include "net/net.h"
#include "ops/netif.h"

/* ---- limits and timings (p2p.md where it sets them; else ours) -------- */

#define NET_TICK_MS 1000		/* the timer of 3.1 */
#define NET_POLL_MS 20			/* the chain store is watched this often */
#define NET_BATCH 256			/* messages read per turn of the loop */
#define NET_HANDSHAKE_MS 5000		/* Hello -> HelloAck (3.2) */
#define NET_PING_IDLE_MS 60000		/* keep-alive (3.6) */
#define NET_PONG_MS 20000
#define NET_TX_BATCH_MS 200		/* NewTransactions batching (6.2) */
#define NET_OUTBOUND 10			/* outbound connections (8.3) */
#define NET_DEFAULT_MAX_PEERS 125	/* inbound (ours; the reference has none) */
/* Accepted connections beyond --max-peers that may be in their
 * handshake before new ones are closed at once, and how long one may
 * take to say Hello. */
#define NET_ACCEPT_SLACK 16
#define NET_PREHANDSHAKE_MS 10000
#define NET_PREHANDSHAKE_MSGS 16	/* messages on a connection before Hello */
#define NET_SNDHWM 1000			/* the reference's effective value (12) */
#define NET_RCVHWM 1000
#define NET_MAX_MSG (ZEN_MSG_MAX_CHUNK + 64)	/* the largest frame */
/* The largest frame an accepted peer may send while nothing big was
 * asked of it (a Block, Transactions): its receive buffer stays small. */
#define NET_MAX_FRAME_SMALL (4u << 20)
/* Bytes sent to a peer and not yet acknowledged (a Pong to a Ping sent
 * after them proves it read them): past this, its requests wait. */
#define NET_MAX_UNACKED (16u << 20)
#define NET_INBOX_MAX 64		/* requests waiting per peer */
/* Message rate per peer, in cost units (a message 1, and 1 more for each
 * transaction or address it carries): a token bucket; a message over it
 * is dropped and adds NET_SCORE_FLOOD.  Replies we asked for (Block,
 * Headers, Transactions within credit), Pong and requests are free of
 * it.  Requests have their own bucket: over it they wait in the inbox
 * (so a peer downloading fast is slowed, never starved), and what the
 * full inbox cannot take is dropped with NET_SCORE_FLOOD. */
#define NET_RATE_PER_S 500
#define NET_RATE_BURST 2000
#define NET_REQ_RATE_PER_S 5000
#define NET_REQ_RATE_BURST 10000
/* Misbehaviour (Bitcoin Core's old score): at NET_BAN_SCORE the address
 * is banned for NET_BAN_MS, except --connect and --addnode peers, which
 * are only disconnected. */
#define NET_BAN_SCORE 100
#define NET_BAN_MS (24ULL * 3600 * 1000)
#define NET_SCORE_MALFORMED 50		/* undecodable message */
#define NET_SCORE_INVALID_BLOCK 100	/* refused block, header without PoW */
#define NET_SCORE_BAD_TXS 20		/* a Transactions batch that does not parse */
#define NET_SCORE_BAD_LIST 10		/* hash list or addresses that are not */
#define NET_SCORE_UNSOLICITED 5		/* a Block or Transactions not asked for */
#define NET_SCORE_FLOOD 1		/* per message over the rate */
#define NET_SCORES_MAX 4096		/* addresses with a score kept */
#define NET_BANS_RELOAD_MS 5000		/* bans made by another process */
/* Download (7.3). */
#define NET_IBD_THRESHOLD 500
#define NET_MAX_HEADERS 2000
#define NET_IBD_INFLIGHT 20
#define NET_IBD_TIMEOUT_MS 10000
#define NET_IBD_TICK_GUARD_MS 3000
#define NET_ASKED_MAX 128		/* blocks asked of one peer, remembered */
#define NET_BLOCK_REQ_MS 10000		/* a block asked of one peer is not asked
					   of another for this long */
#define NET_ORPHAN_WALK_MAX 1000	/* stored orphans walked to their root */
#define NET_TX_REQUEST_MAX 10000	/* hashes asked in one GetTransactions */
#define NET_TX_CREDIT_MAX 100000
/* A transaction asked of one peer is not asked again (of any) for
 * between one and two of these. */
#define NET_TX_ASKED_MS 30000
/* Addresses (8). */
#define NET_GETADDR_MAX 1000
#define NET_GETADDR_WINDOW_MS (3ULL * 3600 * 1000)
#define NET_DIAL_WINDOW_MS (3ULL * 86400 * 1000)
#define NET_ADDR_RELAY 10
#define NET_ADDR_RELAY_PEERS 2
#define NET_SUSPEND_AFTER 6
#define NET_ADVERTISE_MS (24ULL * 3600 * 1000)
#define NET_SEEN_MS 60000		/* book refreshes per dialled peer, apart */
#define NET_DIAL_RETRY_MAX_MS 30000
#define NET_MANUAL_RETRY_MAX_MS 8000


/* ---- small containers -------------------------------------------------- */

/* A set of 32-byte hashes (keyed SipHash, linear probing). */
struct net_hset {
	uint8_t (*keys)[ZEN_HASH_LEN];
	uint8_t *used;
	size_t cap, n;
};
int net_hset_has(const struct net_hset *s, const uint8_t k[ZEN_HASH_LEN]);
void net_hset_add(struct net_hset *s, const uint8_t k[ZEN_HASH_LEN]);
void net_hset_clear(struct net_hset *s);
void net_hset_free(struct net_hset *s);

uint64_t net_now(void);			/* monotonic ms */
uint64_t net_wall(void);		/* ms since the epoch */
uint32_t net_random(void);

/* ---- peers ------------------------------------------------------------- */

enum net_state {
	NET_GREETING = 1,	/* accepted: the ZMTP greeting runs */
	NET_WAIT_HELLO,		/* accepted: no Hello yet (3.3) */
	NET_CONNECTING,		/* dialled: Hello sent, no HelloAck yet (3.2) */
	NET_ACTIVE,
};

struct net_asked {
	uint8_t hash[ZEN_HASH_LEN];
	uint64_t at;
};

struct net_inbox_msg {
	uint8_t *bytes;
	size_t len;
};

/* The ZMTP/2 state of an accepted connection (zmtp.c). */
struct net_zmtp {
	int stage;			/* 0 signature, 1 revision and type,
					   2 identity, 3 frames */
	struct zen_buf in;		/* received, from off on not parsed */
	size_t off;
	int parts;			/* frames of a multi-frame message */
};

struct net_peer {
	uint32_t id;			/* ours, never reused */
	uint8_t rid[256];		/* routing id on its socket */
	size_t rid_len;
	int inbound;			/* accepted: the STREAM socket, zmtp.c;
					   dialled: the ROUTER socket */
	struct net_zmtp z;
	unsigned pre_msgs;		/* messages before its Hello */
	int manual;			/* --connect / --addnode */
	int dead;			/* closed: reaped at the end of the turn */
	enum net_state state;
	char address[ZEN_PEER_ADDRESS_MAX + 8];	/* dialled as, or IP:port */
	char endpoint[ZEN_PEER_ADDRESS_MAX + 16];	/* outbound: tcp://... */
	char ip[ZEN_PEER_ADDRESS_MAX + 1];	/* canonical, "" unknown */
	uint64_t state_since;		/* net_now() */
	uint64_t connected_at;		/* net_wall() of the handshake */
	uint32_t version;
	/* keep-alive and flow control */
	int ping_wait;
	uint32_t ping_nonce;
	uint64_t ping_sent, last_pong;
	uint64_t bytes_sent, bytes_acked, ping_mark;
	uint64_t probe_at;		/* check that its connection is alive */
	uint64_t seen_at;		/* its book entry last refreshed */
	/* what it told of its chain */
	int has_tip;
	uint32_t tip_number;
	uint8_t tip_hash[ZEN_HASH_LEN];
	/* limits */
	uint64_t rate_tokens;		/* micro-units */
	uint64_t rate_at;
	uint64_t req_tokens;		/* micro-requests */
	uint64_t req_at;
	uint64_t tx_credit;
	struct net_asked asked[NET_ASKED_MAX];
	size_t nasked;
	struct net_inbox_msg inbox[NET_INBOX_MAX];
	size_t ninbox;
};

struct net_score {
	char ip[ZEN_PEER_ADDRESS_MAX + 1];
	unsigned score;
};

/* ---- the connector (8.3) ----------------------------------------------- */

enum net_dial_state {
	NET_DIAL_IDLE = 0,
	NET_DIAL_CONNECTING,
	NET_DIAL_CONNECTED,
	NET_DIAL_FAILED,
	NET_DIAL_SUSPENDED,
};

struct net_dial {
	char address[ZEN_PEER_ADDRESS_MAX + 1];
	int manual, seed;
	enum net_dial_state state;
	unsigned attempts;
	uint64_t next_try;
	uint32_t peer_id;
};

/* ---- the initial block download (7.3) ---------------------------------- */

enum net_ibd_state {
	NET_IBD_OFF = 0,
	NET_IBD_HEADERS,
	NET_IBD_BLOCKS,
};

struct net_ibd {
	enum net_ibd_state state;
	uint32_t peer;			/* peer id */
	uint8_t tip_hash[ZEN_HASH_LEN];	/* the peer's tip */
	uint32_t tip_number;
	uint64_t request_at, last_tick;
	uint8_t (*pending)[ZEN_HASH_LEN];	/* blocks still to ask for */
	size_t npending, next, cap;
	struct net_asked inflight[NET_IBD_INFLIGHT];
	size_t ninflight;
	int last_batch;
	uint8_t last_header[ZEN_HASH_LEN];	/* where the next batch starts */
};

/* A block asked of some peer (any reason), so no other is asked. */
struct net_inflight {
	uint8_t hash[ZEN_HASH_LEN];
	uint32_t peer;
	uint64_t at;
};
#define NET_INFLIGHT_MAX 256

/* What other threads read (netif.h), under snap_lock. */
struct net_peer_info {
	char address[ZEN_PEER_ADDRESS_MAX + 8];
	int inbound;
	uint32_t tip;
	uint32_t version;
	unsigned score;
	uint64_t since;			/* seconds since the epoch */
};

struct zen_net {
	struct zen_node *node;
	struct zen_chainstate *chain;
	struct zen_peerstore *ps;
	const struct zen_chain_params *params;
	/* configuration */
	char listen_host[ZEN_PEER_ADDRESS_MAX + 1];
	uint16_t listen_port;
	int listen_given, no_listen, no_seeds;
	unsigned max_peers;
	char external[ZEN_PEER_ADDRESS_MAX + 1];	/* "" none */
	int connect_only;		/* --connect given */
	/* zmq */
	void *zctx;
	void *sock;			/* ROUTER: the peers we dial */
	void *lsock;			/* STREAM: the peers we accept */
	void *mon;			/* the ROUTER's monitor */
	int wake_fd;
	int listening;
	char endpoint[ZEN_PEER_ADDRESS_MAX + 16];
	uint16_t port;			/* bound */
	uint32_t nonce;			/* of our Hellos (3.2) */
	/* the thread */
	pthread_t thread;
	int started;
	atomic_int stop;
	atomic_int bans_dirty;
	/* peers */
	struct net_peer **peers;
	size_t npeers, peers_cap;
	uint32_t next_id;
	int reap_due;
	struct net_score scores[NET_SCORES_MAX];
	size_t nscores;
	struct zen_peer_ban *bans;
	size_t nbans;
	uint64_t bans_at;
	/* connector */
	struct net_dial *dials;
	size_t ndials, dials_cap;
	int connector_due;
	uint64_t advertised_at;
	/* chain */
	uint64_t generation;
	int tip_recheck;		/* turns the tip is read again */
	int mempool_rescan;
	int have_tip;
	uint32_t tip_number;
	uint8_t tip_hash[ZEN_HASH_LEN];
	uint8_t announced[ZEN_HASH_LEN];
	int have_announced;
	uint32_t best_header;
	struct net_ibd ibd;
	struct net_inflight inflight[NET_INFLIGHT_MAX];
	size_t ninflight;
	/* transactions */
	struct net_hset mempool;	/* as of the last scan */
	struct net_hset tx_asked[2];	/* this period's and the last's */
	uint64_t tx_asked_at;
	uint64_t mempool_generation, mempool_scan_at;
	int mempool_scanned;
	uint64_t next_tick;
	/* for other threads */
	pthread_mutex_t snap_lock;
	struct net_peer_info *snap;
	size_t nsnap;
	struct zen_net_sync sync;
	atomic_uint connections;
	int snap_due;
	struct zen_netif iface;
};

/* ---- peer.c ------------------------------------------------------------ */

struct net_peer *net_peer_new(struct zen_net *net, const uint8_t *rid,
			      size_t rid_len, int inbound);
struct net_peer *net_peer_find(struct zen_net *net, const uint8_t *rid,
			       size_t len);
struct net_peer *net_peer_by_id(struct zen_net *net, uint32_t id);
/* Mark p closed (why: for the log): an outbound one is disconnected, an
 * inbound one's TCP connection cut; the record goes at net_reap. */
void net_close(struct zen_net *net, struct net_peer *p, const char *why);
void net_reap(struct zen_net *net);
/* Send m to p (any state).  Returns 0, or -1 when p was closed for it
 * (PipeFull, Unreachable). */
int net_send(struct zen_net *net, struct net_peer *p, const struct zen_msg *m);
/* To every Active peer (6.1, 6.2). */
void net_broadcast(struct zen_net *net, const struct zen_msg *m);
/* Raw bytes to an accepted peer's connection (zmtp.c). */
void net_send_stream(struct zen_net *net, struct net_peer *p,
		     const void *data, size_t len);
/* A message from a dialled peer (the ROUTER socket). */
void net_receive(struct zen_net *net, const uint8_t *rid, size_t rid_len,
		 const uint8_t *body, size_t len);
/* Bytes (or, len 0, its opening or closing) of an accepted connection
 * (the STREAM socket); fd and peer_ip as the transport saw them. */
void net_stream_data(struct zen_net *net, const uint8_t *rid, size_t rid_len,
		     const uint8_t *data, size_t len, int fd,
		     const char *peer_ip);
/* zmtp.c's calls back: the greeting is done; a message arrived. */
void net_zmtp_ready(struct zen_net *net, struct net_peer *p);
void net_inbound_message(struct zen_net *net, struct net_peer *p,
			 const uint8_t *body, size_t len);
/* The largest frame p may send now. */
size_t net_frame_max(struct zen_net *net, struct net_peer *p);
/* Misbehaviour of p (or, with p NULL, of ip). */
void net_misbehave(struct zen_net *net, struct net_peer *p, const char *ip,
		   unsigned points, const char *why);
unsigned net_score_of(struct zen_net *net, const char *ip);
int net_banned(struct zen_net *net, const char *ip);
void net_reload_bans(struct zen_net *net);
/* The ROUTER monitor: a dialled connection to endpoint dropped. */
void net_dial_dropped(struct zen_net *net, const char *endpoint);
/* Serve the requests that waited (rate, unread bytes), as they may. */
void net_serve_waiting(struct zen_net *net);
/* Once a second: handshakes, keep-alive, idle connections. */
void net_peers_tick(struct zen_net *net, uint64_t now);
/* Outbound: dial address (tcp), create the record, send Hello. */
struct net_peer *net_dial(struct zen_net *net, const char *address,
			  int manual);
unsigned net_count(struct zen_net *net, int inbound, int active_only);

/* ---- zmtp.c ------------------------------------------------------------ */

void net_zmtp_start(struct zen_net *net, struct net_peer *p);
/* Append the header of a frame of len bytes. */
void net_zmtp_frame(struct zen_buf *out, size_t len);
/* Returns 0, or -1 with *why when the bytes break the protocol. */
int net_zmtp_feed(struct zen_net *net, struct net_peer *p, const uint8_t *data,
		  size_t n, const char **why);

/* ---- reqs.c ------------------------------------------------------------ */

/* A request of 5.1 from an Active peer. */
void net_serve(struct zen_net *net, struct net_peer *p, const struct zen_msg *m);
int net_is_request(enum zen_msg_id id);

/* ---- sync.c ------------------------------------------------------------ */

void net_on_tip(struct zen_net *net, struct net_peer *p, const struct zen_msg *m);
void net_on_new_block(struct zen_net *net, struct net_peer *p,
		      const uint8_t header[ZEN_HEADER_LEN]);
void net_on_block(struct zen_net *net, struct net_peer *p, const struct zen_msg *m);
void net_on_headers(struct zen_net *net, struct net_peer *p, const struct zen_msg *m);
/* Does p expect this Block (asked of it)?  Also true during the download
 * for its blocks. */
int net_block_solicited(struct zen_net *net, struct net_peer *p,
			const uint8_t hash[ZEN_HASH_LEN]);
void net_ibd_tick(struct zen_net *net, uint64_t now);
/* The peer is going: an IBD with it ends, its requests are forgotten. */
void net_sync_peer_gone(struct zen_net *net, struct net_peer *p);
/* GetTip to every Active peer. */
void net_get_tip_all(struct zen_net *net);
/* Is the PoW of this header valid (genesis exempt, 6.1)? */
int net_header_pow_ok(struct zen_net *net, const struct zen_header *h,
		      const uint8_t hash[ZEN_HASH_LEN]);

/* ---- gossip.c ---------------------------------------------------------- */

/* Look at the chain store: a new tip is announced (6.1), new mempool
 * transactions queued and sent every NET_TX_BATCH_MS (6.2). */
void net_watch_chain(struct zen_net *net, uint64_t now);
void net_on_tx_hashes(struct zen_net *net, struct net_peer *p,
		      const struct zen_msg *m);
void net_on_transactions(struct zen_net *net, struct net_peer *p,
			 const struct zen_msg *m);

/* ---- addr.c ------------------------------------------------------------ */

/* p2p.md 8.1: "ip:port" with an IP literal and a port 1-65535. */
int net_addr_valid(const char *text);
/* "HOST:PORT" given by the operator -> "tcp://HOST:PORT" (brackets for
 * an IPv6 host).  Returns 0 or -1 when it is not HOST:PORT. */
int net_endpoint(char *out, size_t size, const char *address);
int net_connector_init(struct zen_net *net, const json_t *connect,
		       const json_t *addnode, struct zen_err *err);
void net_connector_run(struct zen_net *net, uint64_t now);
/* A dialled peer finished its handshake, or closed (handshaken or not). */
void net_connector_connected(struct zen_net *net, struct net_peer *p);
void net_connector_closed(struct zen_net *net, struct net_peer *p,
			  int was_active);
void net_on_addresses(struct zen_net *net, struct net_peer *p,
		      const struct zen_msg *m);
void net_send_addresses(struct zen_net *net, struct net_peer *p);
/* After the handshake (4): own address to a dialled peer. */
void net_advertise(struct zen_net *net, struct net_peer *p);
void net_addr_tick(struct zen_net *net, uint64_t now);
/* Refresh a dialled peer's address-book timestamp (8.2). */
void net_addr_seen(struct zen_net *net, struct net_peer *p);

/* ---- net.c ------------------------------------------------------------- */

/* Other threads' view changed (peers, tips, the download). */
void net_snapshot_due(struct zen_net *net);

/* Every entry of a --connect / --addnode list is a HOST:PORT we can
 * dial (net.c).  Returns 0 or ZEN_EINVAL "invalid OPT 'x' (HOST:PORT)". */
int net_check_peers(const char *opt, const json_t *list, struct zen_err *err);

#endif
