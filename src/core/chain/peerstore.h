/*
 * peerstore.h - the node's peer store: the address book of p2p.md 8.2 and
 * the ban list, kept in LMDB in an environment of their own,
 * <datadir>/peers/ (store.h zen_store_open_env), so that their frequent
 * small writes (a timestamp refreshed on every Ping) neither change the
 * chain store's generation nor wait for its writers.
 *
 * The handle is thread-safe (LMDB serializes writers across threads and
 * processes): the network front of `zen serve` and a `zen network ban`
 * run in another process may use one data directory at once.
 *
 * SCHEMA (version ZEN_PEERSTORE_SCHEMA), integers big-endian:
 *   meta       "schema" -> u32
 *   addresses  "host:port" (the text of 8.1) -> u64 timestamp, ms: when
 *              the address was last seen alive
 *   bans       IP address in its canonical text (inet_ntop) -> u64 until,
 *              ms since the epoch || reason (text, no NUL)
 */
#ifndef ZEN_CHAIN_PEERSTORE_H
#define ZEN_CHAIN_PEERSTORE_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/err.h"

#define ZEN_PEERSTORE_SCHEMA 1
/* The address book holds at most this many entries; past it, addresses
 * not yet known are not added (known ones are still refreshed). */
#define ZEN_PEERSTORE_MAX_ADDRESSES 10000
/* Longest "host:port" kept (an IPv6 literal and a port fit easily). */
#define ZEN_PEER_ADDRESS_MAX 64
#define ZEN_PEER_REASON_MAX 120

struct zen_peerstore;

/*
 * Open (creating when needed) the peer store of datadir.
 * Returns: 0 or ZEN_ESTORE ("peer store: ..." as store.h words it).
 * Out: out, NULL on failure; zen_peerstore_close() releases it.
 */
int zen_peerstore_open(struct zen_peerstore **out, const char *datadir,
		       struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);
/* NULL is a no-op. */
void zen_peerstore_close(struct zen_peerstore *ps);

/* ---- address book ---------------------------------------------------- */

struct zen_peer_addr {
	char address[ZEN_PEER_ADDRESS_MAX + 1];
	uint64_t timestamp_ms;
};

/*
 * Add or refresh entries in one write transaction (8.2): a timestamp is
 * clamped to now_ms; an existing entry is replaced only by a newer one;
 * a new entry is added only while the book holds fewer than
 * ZEN_PEERSTORE_MAX_ADDRESSES.  Entries whose text is longer than
 * ZEN_PEER_ADDRESS_MAX are skipped.  Validity (8.1) is the caller's.
 * Returns: 0 or ZEN_ESTORE.  Out: added (may be NULL): how many were new.
 */
int zen_peerstore_put_addrs(struct zen_peerstore *ps,
			    const struct zen_peer_addr *a, size_t n,
			    uint64_t now_ms, size_t *added,
			    struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1);

/* Is address in the book?  Returns 1, 0 (also on a store error). */
int zen_peerstore_has_addr(struct zen_peerstore *ps, const char *address)
	ZEN_NONNULL(1, 2);

/*
 * The entries whose timestamp is at least min_ts_ms, in key order, at
 * most max of them.
 * Returns: 0 or ZEN_ESTORE.  Out: *out (malloc'ed, NULL when none; free
 * it), *n.
 */
int zen_peerstore_addrs(struct zen_peerstore *ps, uint64_t min_ts_ms,
			size_t max, struct zen_peer_addr **out, size_t *n,
			struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 4, 5);

/* ---- bans -------------------------------------------------------------- */

struct zen_peer_ban {
	char address[ZEN_PEER_ADDRESS_MAX + 1];	/* canonical IP text */
	uint64_t until_ms;
	char reason[ZEN_PEER_REASON_MAX + 1];
};

/*
 * The canonical text (inet_ntop) of the IP address text names: an IPv4
 * or IPv6 literal as it is, else the host of "host:port" split at the
 * last colon (brackets around an IPv6 host are dropped).  A bare IPv6
 * literal is always read whole: "::1:9655" is an address, not ::1 with
 * a port; write "[::1]:9655" for that.
 * Returns: 0, or ZEN_EINVAL "invalid address 'x' (an IP address)".
 */
int zen_peer_ip_canonical(char out[ZEN_PEER_ADDRESS_MAX + 1],
			  const char *text, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * Ban ip (canonical text) until until_ms, replacing an earlier ban.
 * Returns: 0 or ZEN_ESTORE.
 */
int zen_peerstore_ban(struct zen_peerstore *ps, const char *ip,
		      uint64_t until_ms, const char *reason,
		      struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/* Lift the ban of ip.  Returns: 0, ZEN_ENOTFOUND "address not banned",
 * ZEN_ESTORE. */
int zen_peerstore_unban(struct zen_peerstore *ps, const char *ip,
			struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * The bans still in force at now_ms, in key order; expired ones are
 * deleted on the way when the store can be written (a failure to delete
 * is not an error: they are skipped all the same).
 * Returns: 0 or ZEN_ESTORE.  Out: *out (malloc'ed, NULL when none), *n.
 */
int zen_peerstore_bans(struct zen_peerstore *ps, uint64_t now_ms,
		       struct zen_peer_ban **out, size_t *n,
		       struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 3, 4);

#endif
