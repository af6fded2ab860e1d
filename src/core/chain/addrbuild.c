/*
 * addrbuild.c - turning the address index on and off, rebuilding it,
 * catching it up with the chain, and its status (addrindex.h).
 *
 * The build indexes the main-chain blocks after the synced mark, a batch
 * per write transaction, under the chain's write lock: block submissions
 * of this process wait for a batch at most, and other processes' for the
 * LMDB writer lock the same way.  Each batch reads the mark again, so a
 * reorganisation between two batches (which undoes the index down to the
 * fork point if it had got that far) is simply followed.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/base/clock.h"
#include "core/chain/addr-int.h"

/* Milliseconds of one batch when no block count is given. */
#define BATCH_MS 250

/* fn in a write transaction under the chain's write lock. */
static int in_write(struct zen_chainstate *chain,
		    int (*fn)(struct zen_chainstate *chain,
			      struct zen_store_txn *t, void *ctx,
			      struct zen_err *err),
		    void *ctx, struct zen_err *err)
{
	struct zen_store_txn *t;
	int rc;

	pthread_mutex_lock(&chain->write_lock);
	rc = zen_store_begin(chain->store, NULL, 1, &t, err);
	if (!rc) {
		rc = fn(chain, t, ctx, err);
		if (rc)
			zen_store_abort(t);
		else
			rc = zen_store_commit(t, err);
	}
	pthread_mutex_unlock(&chain->write_lock);
	return rc;
}

static int drop(struct zen_store_txn *t, struct zen_err *err)
{
	return zen_store_clear(t, ZEN_DB_ADDR, err) ?:
	       zen_store_clear(t, ZEN_DB_ADDR_UNDO, err);
}

static int do_set(struct zen_chainstate *chain, struct zen_store_txn *t,
		  void *ctx, struct zen_err *err)
{
	struct addr_mark m;
	int on = *(int *)ctx, rc = addr_mark_get(t, &m, err);

	(void)chain;
	if (rc || on == m.enabled)
		return rc;
	if (!on)
		return drop(t, err);
	memset(&m, 0, sizeof(m));
	m.enabled = 1;
	return addr_mark_put(t, &m, err);
}

int zen_chain_addr_set(struct zen_chainstate *chain, int on,
		       struct zen_err *err)
{
	on = !!on;
	return in_write(chain, do_set, &on, err);
}

static int do_reset(struct zen_chainstate *chain, struct zen_store_txn *t,
		    void *ctx, struct zen_err *err)
{
	struct addr_mark m;
	int *was = ctx, rc = addr_mark_get(t, &m, err);

	(void)chain;
	*was = m.enabled;
	if (rc || !m.enabled)
		return rc;
	memset(&m, 0, sizeof(m));
	m.enabled = 1;
	return drop(t, err) ?: addr_mark_put(t, &m, err);
}

int zen_chain_addr_reset(struct zen_chainstate *chain, int *was_enabled,
			 struct zen_err *err)
{
	int was = 0, rc = in_write(chain, do_reset, &was, err);

	if (was_enabled)
		*was_enabled = was;
	return rc;
}

/* ---- the build ---- */

/* The main-chain block after m's, indexed (m follows). */
static int build_one(struct zen_chainstate *chain, struct zen_store_txn *t,
		     struct addr_mark *m, struct zen_err *err)
{
	struct zen_buf undo = ZEN_BUF_INIT;
	struct chain_addr_block blk;
	struct zen_block_info info;
	struct zen_slice v;
	struct zen_block b;
	uint8_t be[4], hash[ZEN_HASH_LEN];
	int rc;

	chain_put32(be, m->synced + 1);
	rc = zen_store_get(t, ZEN_DB_MAIN, be, 4, &v, err);
	if (!rc && v.len != ZEN_HASH_LEN)
		rc = ZEN_ENOTFOUND;
	if (rc)
		return rc == ZEN_ENOTFOUND ? zen_fail(err, ZEN_ESTORE, "store is "
			"damaged: main-chain block %u missing", m->synced + 1) : rc;
	memcpy(hash, v.p, ZEN_HASH_LEN);
	if ((rc = chain_record_get(t, &info, hash, err)))
		return rc == ZEN_ENOTFOUND ? zen_fail(err, ZEN_ESTORE, "store is "
			"damaged: main-chain block missing") : rc;
	if (m->synced && memcmp(info.header.parent, m->hash, ZEN_HASH_LEN))
		return zen_fail(err, ZEN_ESTORE, "store is damaged: address "
				"index mark is off the main chain");
	rc = zen_store_get(t, ZEN_DB_BLOCKS, hash, ZEN_HASH_LEN, &v, err);
	zen_block_init(&b);
	/* decoding copies: the slices die with the first write */
	if (!rc && zen_block_decode(&b, v.p, v.len, NULL, NULL))
		rc = zen_fail(err, ZEN_ESTORE, "store is damaged: bad stored "
			      "block");
	if (!rc && (rc = zen_store_get(t, ZEN_DB_UNDO, hash, ZEN_HASH_LEN, &v,
				       err)) == ZEN_ENOTFOUND)
		rc = zen_fail(err, ZEN_ESTORE, "store is damaged: undo missing");
	if (!rc) {
		zen_buf_add(&undo, v.p, v.len);
		blk.b = &b;
		blk.hash = hash;
		blk.spent = undo.data;
		blk.spent_len = undo.len;
		rc = chain_addr_index(chain->params, t, m, &blk, err);
	}
	if (!rc) {
		m->synced++;
		memcpy(m->hash, hash, ZEN_HASH_LEN);
	}
	zen_block_release(&b);
	zen_buf_release(&undo);
	return rc;
}

struct build {
	uint32_t max;
	const atomic_int *cancel;
	struct zen_addr_status st;
};

static int do_build(struct zen_chainstate *chain, struct zen_store_txn *t,
		    void *ctx, struct zen_err *err)
{
	struct build *bd = ctx;
	struct zen_block_info tip;
	struct addr_mark m;
	uint64_t start = zen_monotonic_ms();
	uint32_t n = 0;
	int rc = addr_mark_get(t, &m, err);

	if (!rc && (rc = chain_tip_get(t, &tip, err)) == ZEN_ENOTFOUND) {
		memset(&tip, 0, sizeof(tip));
		rc = 0;
	}
	while (!rc && m.enabled && m.synced < tip.header.block_number &&
	       (bd->max ? n < bd->max : zen_monotonic_ms() - start < BATCH_MS) &&
	       !(bd->cancel && atomic_load(bd->cancel))) {
		rc = build_one(chain, t, &m, err);
		n++;
	}
	bd->st.enabled = m.enabled;
	bd->st.blocks = m.synced;
	bd->st.tip = tip.header.block_number;
	bd->st.synced = m.enabled && m.synced == tip.header.block_number;
	return rc;
}

int zen_chain_addr_build(struct zen_chainstate *chain, uint32_t max_blocks,
			 const atomic_int *cancel, struct zen_addr_status *st,
			 struct zen_err *err)
{
	struct build bd = { .max = max_blocks, .cancel = cancel };
	int rc = in_write(chain, do_build, &bd, err);

	if (st)
		*st = bd.st;
	return rc;
}

int zen_chain_read_addr_status(struct zen_chain_read *r,
			       struct zen_addr_status *out,
			       struct zen_err *err)
{
	struct zen_block_info tip;
	struct addr_mark m;
	int rc = addr_mark_get(r->t, &m, err);

	memset(out, 0, sizeof(*out));
	if (!rc && (rc = chain_tip_get(r->t, &tip, err)) == ZEN_ENOTFOUND) {
		memset(&tip, 0, sizeof(tip));
		rc = 0;
	}
	if (rc)
		return rc;
	out->enabled = m.enabled;
	out->blocks = m.synced;
	out->tip = tip.header.block_number;
	out->synced = m.enabled && m.synced == out->tip;
	return 0;
}
