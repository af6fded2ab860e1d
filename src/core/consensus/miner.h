/*
 * miner.h - the proof-of-work search (protocol.md 2.12, 3.2, 4.1, 4.2):
 * vary the nonce of a header until its block hash, SHA3-256 of the
 * 100-byte encoding, is <= the target of header.difficulty.
 *
 * The search runs on N threads.  Thread t of N tries nonce[0] = start0 + t
 * (start0 is the header's nonce[0] as given) and counts nonce[1] up from
 * the header's nonce[1], so the threads never try the same header twice.
 * A thread whose nonce[1] span is used up either moves its own timestamp
 * on by 1 ms and starts the span again (only when the caller allows it) or
 * finishes.  Only the 16 nonce bytes (and, after a bump, the 8 timestamp
 * bytes) change between two hashes; the rest of the encoding is built once.
 *
 * The caller owns the stop flag and may raise it from any thread (or a
 * signal handler); every search thread reads it before each hash.  The
 * optional live counter lets another thread watch the hash rate.
 *
 * The miner does not check the target against the chain's proof-of-work
 * limit (zen_pow_valid does, for the block as a whole): it just finds a
 * hash under the header's own target.
 */
#ifndef ZEN_MINER_H
#define ZEN_MINER_H

#include <stdatomic.h>

#include "core/types/block.h"
#include "core/base/err.h"

/* Live hash counters are flushed at least this often per thread. */
#define ZEN_MINE_FLUSH 1024

struct zen_mine_opts {
	/* Search threads; 0 = one per online core. */
	unsigned nthreads;
	/* Stop after this many hashes in all (split evenly between the
	 * threads, so the total is exact); 0 = no limit. */
	uint64_t max_hashes;
	/* nonce[1] values each thread tries per timestamp, counting up
	 * (wrapping) from the header's nonce[1]; 0 = all 2^64. */
	uint64_t nonce1_span;
	/* When a thread's span is used up: 1 = add 1 ms to its timestamp
	 * and start the span again; 0 = that thread finishes. */
	int allow_timestamp_bump;
	/* Caller-owned stop flag, or NULL.  Nonzero stops the search. */
	const atomic_int *stop;
	/* Caller-owned live count of hashes tried, or NULL: the miner adds
	 * to it every ZEN_MINE_FLUSH hashes per thread and at the end. */
	_Atomic uint64_t *hashes_live;
};

#define ZEN_MINE_OPTS_INIT { 0, 0, 0, 0, NULL, NULL }

enum zen_mine_status {
	ZEN_MINE_FOUND = 0,	/* the header now carries a solution */
	ZEN_MINE_STOPPED,	/* the stop flag was raised */
	ZEN_MINE_LIMIT,		/* max_hashes tried without a solution */
	ZEN_MINE_EXHAUSTED,	/* every thread used up its span, no bump */
};

/*
 * Search nonces for header.
 * Returns: 0, or ZEN_EINTERNAL when a thread cannot be started (the
 *          threads already running are stopped, their work is discarded
 *          and the header is unchanged).
 * Out: status: why the search ended.  hashes (may be NULL): hashes tried
 *      in all.
 * In-Out: header: on ZEN_MINE_FOUND its nonce (and, after a bump, its
 *      timestamp) are the solution's, and zen_header_hash(header) is <= the
 *      target of header->difficulty; otherwise it is unchanged.
 * When several threads find a solution at about the same time, the first
 * to claim it wins.
 */
int zen_mine(enum zen_mine_status *status, uint64_t *hashes,
	     struct zen_header *header, const struct zen_mine_opts *opts,
	     struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 3, 4);

/* Threads zen_mine uses for nthreads = 0: the online cores (>= 1). */
unsigned zen_mine_default_threads(void);

/* A short name of a status ("found", "stopped", ...). */
const char *zen_mine_status_name(enum zen_mine_status status);

#endif
