/*
 * cgp-int.h - what the CGP's files in the chain share (not a public
 * header): keys of the cgp database (store.h has the schema), the writer
 * that logs every change for the block's undo, and the hooks block
 * connection calls (chain.c).
 */
#ifndef ZEN_CHAIN_CGP_INT_H
#define ZEN_CHAIN_CGP_INT_H

#include "core/chain/cgpstate.h"
#include "core/chain/chain_int.h"

enum cgp_kind {
	CGP_BALANCE = 'B',
	CGP_SNAP_BALANCE = 'S',
	CGP_FUNDS = 'F',
	CGP_SNAP_FUNDS = 'G',
	CGP_CANDIDATES = 'c',
	CGP_WINNER = 'w',
	CGP_STATE = 's',
	/* and the vote tables of enum zen_cgp_table */
};

/* kind || u32 interval || the longest tail: an asset's encoding */
#define CGP_KEY_MAX (1 + 4 + 80)

struct cgp_key {
	uint8_t b[CGP_KEY_MAX];
	size_t len;
};

void cgp_key_start(struct cgp_key *k, uint8_t kind);
void cgp_key_u32(struct cgp_key *k, uint32_t v);
void cgp_key_bytes(struct cgp_key *k, const void *p, size_t n);
/* An asset as its wire bytes. */
void cgp_key_asset(struct cgp_key *k, const struct zen_asset *a);

/* Writes of one block, each logged (its previous value) for the undo. */
struct cgp_writer {
	struct zen_store_txn *t;
	struct zen_buf log;
	struct zen_err *err;
};

int cgp_put(struct cgp_writer *w, const struct cgp_key *k, const void *val,
	    size_t vlen) ZEN_WARN_UNUSED;
int cgp_del(struct cgp_writer *w, const struct cgp_key *k) ZEN_WARN_UNUSED;
/* A u64 value; absent is 0.  Returns 0 or ZEN_ESTORE. */
int cgp_get_u64(struct zen_store_txn *t, const struct cgp_key *k,
		uint64_t *v, struct zen_err *err) ZEN_WARN_UNUSED;
/* Set k, which holds old (as cgp_get_u64 read it in w's transaction), to
 * v: logged without reading k again. */
int cgp_put_u64(struct cgp_writer *w, const struct cgp_key *k, uint64_t old,
		uint64_t v) ZEN_WARN_UNUSED;

/* What a scan callback returns for an entry it cannot read (the caller
 * words the damage). */
#define CGP_SCAN_DAMAGED (-1)

/*
 * Call fn for every entry whose key starts with prefix, in key order (fn
 * gets the key's tail after the prefix).  fn must not write to the cgp
 * database.  Returns 0, fn's non-zero return, or ZEN_ESTORE.
 */
int cgp_scan(struct zen_store_txn *t, const struct cgp_key *prefix,
	     int (*fn)(void *ctx, const uint8_t *tail, size_t tlen,
		       const uint8_t *val, size_t vlen),
	     void *ctx, struct zen_err *err) ZEN_WARN_UNUSED;

/* A CGP state stored under k: 0, ZEN_ENOTFOUND (err untouched),
 * ZEN_ESTORE.  And its writing. */
int cgp_state_get(struct zen_store_txn *t, const struct cgp_key *k,
		  struct zen_cgp_state *out, struct zen_err *err)
	ZEN_WARN_UNUSED;
int cgp_state_put(struct cgp_writer *w, const struct cgp_key *k,
		  const struct zen_cgp_state *s) ZEN_WARN_UNUSED;
/* The stored winner of interval: 0, ZEN_ENOTFOUND (err untouched). */
int cgp_winner_get(struct zen_store_txn *t, uint32_t interval,
		   struct zen_cgp_state *out, struct zen_err *err)
	ZEN_WARN_UNUSED;
/* A funds table (prefix: the running one, or a snapshot with its
 * interval), in asset order; free *out.  Returns 0 or ZEN_ESTORE. */
int cgp_funds_get(struct zen_store_txn *t, const struct cgp_key *prefix,
		  struct zen_spend **out, size_t *n, struct zen_err *err)
	ZEN_WARN_UNUSED;
/* The stored candidates of interval (none: 0 and *n 0). */
int cgp_candidates_get(struct zen_store_txn *t, uint32_t interval,
		       struct zen_cgp_payout **out, size_t *n,
		       struct zen_err *err) ZEN_WARN_UNUSED;

/* ---- cgpstate.c: the hooks of block connection (chain.c) ---- */

/* The whole CGP state after the block of info.  Returns 0 or ZEN_ESTORE. */
int chain_cgp_after(struct zen_store_txn *t, const struct zen_block_info *info,
		    struct zen_cgp_state *state, struct zen_err *err)
	ZEN_WARN_UNUSED;

/*
 * The state block number is validated with, from the state after its
 * parent (in *state, updated in place): at a payout block the winner of
 * its interval takes over (5), none keeps the allocation and clears the
 * payout.  Returns 0 or ZEN_ESTORE.
 */
int chain_cgp_for_block(const struct zen_chain_params *p,
			struct zen_store_txn *t, uint32_t number,
			struct zen_cgp_state *state, struct zen_err *err)
	ZEN_WARN_UNUSED;

/* A block being connected, as the tally sees it. */
struct chain_cgp_block {
	const struct zen_block *b;
	const uint8_t *hash;
	/* the outputs its inputs spent, in block order (the undo data) */
	const uint8_t *spent;
	size_t spent_len;
	const struct zen_cgp_state *state;	/* the state after it */
	unsigned threads;			/* for vote signatures */
};

/*
 * The tally's bookkeeping of a connected main-chain block (6.3): the
 * balances and pool funds it moves, the snapshot at the snapshot block,
 * its votes, the candidates at the end of nomination, the winner at the
 * first block of an interval; and the state after it.  Everything is
 * logged for chain_cgp_disconnect.  Returns 0 or ZEN_ESTORE.
 */
int chain_cgp_connect(const struct zen_chain_params *p,
		      struct zen_store_txn *t, const struct chain_cgp_block *blk,
		      struct zen_err *err) ZEN_WARN_UNUSED;

/* Undo exactly what chain_cgp_connect did for the block hash. */
int chain_cgp_disconnect(struct zen_store_txn *t,
			 const uint8_t hash[ZEN_HASH_LEN], struct zen_err *err)
	ZEN_WARN_UNUSED;

/*
 * `zen node verify`: the running balances and pool funds equal the sums
 * of the unspent outputs, and every main-chain block (main_blocks of
 * them) has its undo record.  Returns 0 or ZEN_ESTORE "store check
 * failed: ...".
 */
int chain_cgp_verify(const struct zen_chain_params *p, struct zen_store_txn *t,
		     uint32_t main_blocks, struct zen_err *err) ZEN_WARN_UNUSED;

/* ---- cgpvotes.c: the tally's steps for a connected block ---- */

/* Record the votes block b carries (interval and phase of b's number). */
int cgp_record_votes(const struct zen_chain_params *p, struct cgp_writer *w,
		     const struct zen_block *b, unsigned threads)
	ZEN_WARN_UNUSED;
/* The candidates of interval, at the end of its nomination phase. */
int cgp_nominate(const struct zen_chain_params *p, struct cgp_writer *w,
		 uint32_t interval) ZEN_WARN_UNUSED;
/* The winner of interval from the votes of interval - 1 (6.6); interval
 * 1 has none to count. */
int cgp_tally(const struct zen_chain_params *p, struct cgp_writer *w,
	      uint32_t interval) ZEN_WARN_UNUSED;

#endif
