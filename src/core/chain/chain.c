/*
 * chain.c - opening the chain, accepting blocks, connecting and
 * disconnecting them, and switching to the branch with the most work
 * (cgp-and-chain.md 11-13, protocol.md 4.2-4.4, 8.5-8.7).
 *
 * Every block submission is one write transaction W.  Switching branches
 * happens in a transaction nested in W, and each block is connected in a
 * transaction nested in that one, so that a block failing connection is
 * rolled back alone and a switch that does not end with more work than
 * the old tip is rolled back whole.  Only W's commit makes anything
 * durable.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/base/clock.h"
#include "core/chain/addr-int.h"
#include "core/chain/cgp-int.h"
#include "core/chain/chain_int.h"
#include "core/chain/validate-int.h"
#include "core/consensus/consensus.h"
#include "core/crypto/hash.h"

/* Raw transactions going back to the mempool after a reorganisation. */
struct txlist {
	struct zen_buf *v;
	size_t n, cap;
};

static void txlist_release(struct txlist *l)
{
	for (size_t i = 0; i < l->n; i++)
		zen_buf_release(&l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

/* Insert raw at position at. */
static void txlist_insert(struct txlist *l, size_t at, const uint8_t *raw,
			  size_t len)
{
	ZEN_GROW(l->v, l->n + 1, l->cap);
	memmove(&l->v[at + 1], &l->v[at], (l->n - at) * sizeof(*l->v));
	memset(&l->v[at], 0, sizeof(*l->v));
	zen_buf_add(&l->v[at], raw, len);
	l->n++;
}


void zen_chain_set_threads(struct zen_chainstate *chain, unsigned n)
{
	chain->threads = n;
}

uint64_t zen_chain_generation(struct zen_chainstate *chain)
{
	return zen_store_generation(chain->store);
}

const struct zen_chain_params *zen_chain_get_params(
	const struct zen_chainstate *chain)
{
	return chain->params;
}

static int check_network(struct zen_chainstate *chain, struct zen_err *err)
{
	struct zen_store_txn *t;
	struct zen_slice v;
	uint8_t be[4];
	int rc = zen_store_begin(chain->store, NULL, 1, &t, err);

	if (rc)
		return rc;
	rc = zen_store_get(t, ZEN_DB_META, "network", 7, &v, err);
	if (rc == ZEN_ENOTFOUND) {
		chain_put32(be, chain->params->network_id);
		rc = zen_store_put(t, ZEN_DB_META, "network", 7, be, 4, err);
	} else if (!rc && (v.len != 4 ||
			   chain_get32(v.p) != chain->params->network_id)) {
		rc = zen_fail(err, ZEN_ESTORE,
			      "store holds chain %u, not %s",
			      v.len == 4 ? chain_get32(v.p) : 0,
			      chain->params->name);
	}
	if (rc) {
		zen_store_abort(t);
		return rc;
	}
	return zen_store_commit(t, err);
}

int zen_chain_open(struct zen_chainstate **out, const char *datadir,
		   const struct zen_chain_params *params, struct zen_err *err)
{
	struct zen_chainstate *chain;
	struct zen_buf dir = ZEN_BUF_INIT;
	struct zen_block_result res;
	struct zen_block_info tip;
	struct zen_store_txn *t;
	int rc;

	*out = NULL;
	if ((rc = zen_store_mkdirs(datadir, err)))
		return rc;
	zen_buf_addf(&dir, "%s/chain", datadir);
	chain = zen_xcalloc(1, sizeof(*chain));
	chain->params = params;
	zen_chain_set_clock(chain, NULL, NULL);
	pthread_mutex_init(&chain->write_lock, NULL);
	pthread_mutex_init(&chain->memo_lock, NULL);
	chain_contracts_init(&chain->contracts);
	rc = zen_store_open(&chain->store, zen_buf_str(&dir), err);
	zen_buf_release(&dir);
	if (rc)
		goto fail;
	if ((rc = check_network(chain, err)))
		goto fail;
	if (params->chain == ZEN_CHAIN_LOCAL) {
		if ((rc = zen_store_begin(chain->store, NULL, 0, &t, err)))
			goto fail;
		rc = chain_tip_get(t, &tip, err);
		zen_store_abort(t);
		if (rc == ZEN_ENOTFOUND) {
			rc = zen_chain_submit_block(chain, &res,
						    chain_local_genesis,
						    chain_local_genesis_len,
						    err);
			if (!rc && res.outcome != ZEN_BLOCK_ON_MAIN &&
			    res.outcome != ZEN_BLOCK_KNOWN)
				rc = zen_fail(err, ZEN_EINTERNAL,
					      "cannot connect the local genesis "
					      "block: %s", res.reason);
		}
		if (rc)
			goto fail;
	}
	*out = chain;
	return 0;
fail:
	zen_store_close(chain->store);
	pthread_mutex_destroy(&chain->write_lock);
	pthread_mutex_destroy(&chain->memo_lock);
	chain_contracts_release(&chain->contracts);
	free(chain);
	return rc;
}

void zen_chain_close(struct zen_chainstate *chain)
{
	if (!chain)
		return;
	zen_store_close(chain->store);
	pthread_mutex_destroy(&chain->write_lock);
	pthread_mutex_destroy(&chain->memo_lock);
	chain_contracts_release(&chain->contracts);
	free(chain);
}

/* ---- Tree walks ---- */

/* The children of hash (stored blocks of any status) into *out. */
static int children_of(struct zen_store_txn *t,
		       const uint8_t hash[ZEN_HASH_LEN],
		       uint8_t (**out)[ZEN_HASH_LEN], size_t *n,
		       struct zen_err *err)
{
	struct zen_store_cursor *c;
	struct zen_slice k;
	size_t cap = 0;
	int rc = zen_store_cursor_open(t, ZEN_DB_CHILDREN, &c, err);

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	rc = zen_store_cursor_seek(c, ZEN_SEEK_GE, hash, ZEN_HASH_LEN, &k,
				   NULL, err);
	while (!rc && k.len == 2 * ZEN_HASH_LEN &&
	       !memcmp(k.p, hash, ZEN_HASH_LEN)) {
		ZEN_GROW(*out, *n + 1, cap);
		memcpy((*out)[(*n)++], k.p + ZEN_HASH_LEN, ZEN_HASH_LEN);
		rc = zen_store_cursor_seek(c, ZEN_SEEK_NEXT, NULL, 0, &k, NULL,
					   err);
	}
	zen_store_cursor_close(c);
	if (rc == ZEN_ENOTFOUND)
		rc = 0;
	if (rc) {
		free(*out);
		*out = NULL;
		*n = 0;
	}
	return rc;
}

/* A stack of hashes for the walks. */
struct hstack {
	uint8_t (*v)[ZEN_HASH_LEN];
	size_t n, cap;
};

static void hstack_push(struct hstack *s, const uint8_t h[ZEN_HASH_LEN])
{
	ZEN_GROW(s->v, s->n + 1, s->cap);
	memcpy(s->v[s->n++], h, ZEN_HASH_LEN);
}

/* child's chain work, EMA and CGP state from its parent's. */
static void derive(struct zen_chainstate *chain, struct zen_block_info *child,
		   const struct zen_block_info *parent)
{
	struct zen_u256 w;

	if (parent) {
		child->work = parent->work;
		child->ema = parent->ema;
		child->cgp = parent->cgp;
	} else {
		memset(&child->work, 0, sizeof(child->work));
		zen_ema_init(&child->ema, chain->params);
		memset(&child->cgp, 0, sizeof(child->cgp));
	}
	zen_chain_work(&w, child->header.difficulty);
	zen_u256_add(&child->work, &w);
	zen_ema_push(&child->ema, chain->params, child->header.timestamp);
	child->status = ZEN_BLOCK_CONNECTABLE;
}

/* Mark hash and its stored descendants invalid (their bytes go). */
static int mark_invalid(struct zen_store_txn *t,
			const uint8_t hash[ZEN_HASH_LEN], struct zen_err *err)
{
	struct hstack s = { 0 };
	int rc = 0;

	hstack_push(&s, hash);
	while (!rc && s.n) {
		uint8_t h[ZEN_HASH_LEN], (*kids)[ZEN_HASH_LEN];
		struct zen_block_info info;
		size_t nk;

		memcpy(h, s.v[--s.n], ZEN_HASH_LEN);
		if ((rc = chain_record_get(t, &info, h, err)))
			break;
		ZEN_ASSERT(info.status != ZEN_BLOCK_MAIN);
		if (info.status == ZEN_BLOCK_INVALID)
			continue;
		info.status = ZEN_BLOCK_INVALID;
		if ((rc = chain_record_put(t, &info, err)))
			break;
		rc = zen_store_del(t, ZEN_DB_BLOCKS, h, ZEN_HASH_LEN, err);
		if (!rc || rc == ZEN_ENOTFOUND)
			rc = zen_store_del(t, ZEN_DB_ORPHANS, h, ZEN_HASH_LEN,
					   err);
		if (rc == ZEN_ENOTFOUND)
			rc = 0;
		if (!rc && !(rc = children_of(t, h, &kids, &nk, err))) {
			for (size_t i = 0; i < nk; i++)
				hstack_push(&s, kids[i]);
			free(kids);
		}
	}
	free(s.v);
	return rc;
}

/* root was just stored with a known ancestry: its orphan descendants get
 * their chain work and EMA state (or become invalid under an invalid
 * root). */
static int unorphan(struct zen_chainstate *chain, struct zen_store_txn *t,
		    const uint8_t root[ZEN_HASH_LEN], struct zen_err *err)
{
	struct hstack s = { 0 };
	int rc = 0;

	hstack_push(&s, root);
	while (!rc && s.n) {
		uint8_t h[ZEN_HASH_LEN], (*kids)[ZEN_HASH_LEN] = NULL;
		struct zen_block_info parent, child;
		size_t nk = 0;

		memcpy(h, s.v[--s.n], ZEN_HASH_LEN);
		if ((rc = chain_record_get(t, &parent, h, err)) ||
		    (rc = children_of(t, h, &kids, &nk, err)))
			break;
		for (size_t i = 0; !rc && i < nk; i++) {
			if ((rc = chain_record_get(t, &child, kids[i], err)))
				break;
			if (child.status != ZEN_BLOCK_ORPHAN)
				continue;
			rc = zen_store_del(t, ZEN_DB_ORPHANS, kids[i],
					   ZEN_HASH_LEN, err);
			if (rc == ZEN_ENOTFOUND)
				rc = 0;
			if (rc)
				break;
			if (parent.status == ZEN_BLOCK_INVALID) {
				rc = mark_invalid(t, kids[i], err);
				continue;
			}
			derive(chain, &child, &parent);
			if (!(rc = chain_record_put(t, &child, err)))
				hstack_push(&s, kids[i]);
		}
		free(kids);
	}
	free(s.v);
	return rc;
}

/* The stored block of the subtree of root (through main and connectable
 * blocks) with the most chain work, if it has more than floor. */
static int best_below(struct zen_store_txn *t, const uint8_t root[ZEN_HASH_LEN],
		      const struct zen_u256 *floor, int *found,
		      uint8_t best[ZEN_HASH_LEN], struct zen_err *err)
{
	struct hstack s = { 0 };
	struct zen_u256 most = *floor;
	int rc = 0;

	*found = 0;
	hstack_push(&s, root);
	while (!rc && s.n) {
		uint8_t h[ZEN_HASH_LEN], (*kids)[ZEN_HASH_LEN];
		struct zen_block_info info;
		size_t nk;

		memcpy(h, s.v[--s.n], ZEN_HASH_LEN);
		if ((rc = chain_record_get(t, &info, h, err)))
			break;
		if (info.status != ZEN_BLOCK_CONNECTABLE &&
		    info.status != ZEN_BLOCK_MAIN)
			continue;
		if (info.status == ZEN_BLOCK_CONNECTABLE &&
		    zen_u256_cmp(&info.work, &most) > 0) {
			most = info.work;
			memcpy(best, h, ZEN_HASH_LEN);
			*found = 1;
		}
		if ((rc = children_of(t, h, &kids, &nk, err)))
			break;
		for (size_t i = 0; i < nk; i++)
			hstack_push(&s, kids[i]);
		free(kids);
	}
	free(s.v);
	return rc;
}

/* ---- Connecting and disconnecting ---- */

static int put_tip(struct zen_store_txn *t, const uint8_t hash[ZEN_HASH_LEN],
		   struct zen_err *err)
{
	return zen_store_put(t, ZEN_DB_META, "tip", 3, hash, ZEN_HASH_LEN, err);
}

/* Copy a stored block out of the store and decode it. */
static int load_block(struct zen_store_txn *t, struct zen_block *b,
		      struct zen_buf *raw, const uint8_t hash[ZEN_HASH_LEN],
		      struct zen_err *err)
{
	struct zen_slice v;
	int rc = zen_store_get(t, ZEN_DB_BLOCKS, hash, ZEN_HASH_LEN, &v, err);

	if (rc == ZEN_ENOTFOUND)
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: block bytes missing");
	if (rc)
		return rc;
	zen_buf_reset(raw);
	zen_buf_add(raw, v.p, v.len);
	if (zen_block_decode(b, raw->data, raw->len, NULL, NULL))
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: bad stored block");
	return 0;
}

/*
 * The storage work of a block connection, gathered while its transactions
 * are validated (through an overlay, so that they see each other's
 * outputs) and written at the end in key order, where LMDB stays on the
 * page it is on: the unspent outputs created, the ones spent and the
 * transaction locations.
 */
struct block_del {
	uint8_t key[CHAIN_OP_KEY_LEN];
	int own;		/* created by this block: may be absent */
};

struct block_txloc {
	uint8_t hash[ZEN_HASH_LEN];
	uint8_t loc[ZEN_HASH_LEN + 16];
};

struct block_writes {
	struct chain_ovl ovl;
	struct block_del *dels;
	size_t n_dels, cap_dels;
	struct block_txloc *locs;
	size_t n_locs;
	struct zen_buf scratch;
};

/* Sized for block b (NULL: empty). */
static void block_writes_init(struct block_writes *bw,
			      const struct zen_block *b)
{
	size_t n_in = 0, n_out = 0, n_txs = b ? b->n_txs : 0;

	memset(bw, 0, sizeof(*bw));
	chain_ovl_init(&bw->ovl);
	for (size_t i = 0; i < n_txs; i++) {
		n_in += b->txs[i].n_inputs;
		n_out += b->txs[i].n_outputs;
	}
	if (n_in + n_out)
		chain_ovl_reserve(&bw->ovl, n_in + n_out);
	bw->cap_dels = n_in ? n_in : 1;
	bw->dels = zen_xcalloc(bw->cap_dels, sizeof(*bw->dels));
	bw->locs = zen_xcalloc(n_txs ? n_txs : 1, sizeof(*bw->locs));
}

static void block_writes_release(struct block_writes *bw)
{
	chain_ovl_release(&bw->ovl);
	free(bw->dels);
	free(bw->locs);
	zen_buf_release(&bw->scratch);
}

/* tx goes into the overlay: its outpoint inputs (when spend) are spent,
 * its spendable outputs unspent. */
static void block_apply(struct block_writes *bw, const struct zen_tx *tx,
			int spend)
{
	uint8_t key[CHAIN_OP_KEY_LEN];
	struct zen_outpoint op;

	for (size_t j = 0; spend && j < tx->n_inputs; j++) {
		struct chain_ovl_entry *e;
		struct block_del *d;

		if (tx->inputs[j].kind != ZEN_INPUT_OUTPOINT)
			continue;
		chain_op_key(key, &tx->inputs[j].outpoint);
		ZEN_GROW(bw->dels, bw->n_dels + 1, bw->cap_dels);
		d = &bw->dels[bw->n_dels++];
		memcpy(d->key, key, sizeof(key));
		e = chain_ovl_find(&bw->ovl, key);
		d->own = e != NULL;
		if (e) {	/* as chain_ovl_set, without a second search */
			e->state = ZEN_UTXO_SPENT;
			zen_buf_reset(&e->out);
		} else {
			chain_ovl_set(&bw->ovl, key, ZEN_UTXO_SPENT, NULL, 0);
		}
	}
	memcpy(op.tx_hash, tx->tx_hash, ZEN_HASH_LEN);
	for (size_t j = 0; j < tx->n_outputs; j++) {
		if (!zen_lock_spendable(&tx->outputs[j].lock))
			continue;
		op.index = (uint32_t)j;
		chain_op_key(key, &op);
		chain_output_bytes(&bw->scratch, &tx->outputs[j]);
		chain_ovl_set(&bw->ovl, key, ZEN_UTXO_UNSPENT,
			      bw->scratch.data, bw->scratch.len);
	}
}

static int del_cmp(const void *a, const void *b)
{
	const struct block_del *x = a, *y = b;
	int c = memcmp(x->key, y->key, CHAIN_OP_KEY_LEN);

	/* an outpoint spent from the store, then created and spent again:
	 * the store's entry is deleted first */
	return c ? c : x->own - y->own;
}

static int entry_cmp(const void *a, const void *b)
{
	const struct chain_ovl_entry *const *x = a, *const *y = b;

	return memcmp((*x)->key, (*y)->key, CHAIN_OP_KEY_LEN);
}

static int loc_cmp(const void *a, const void *b)
{
	return memcmp(((const struct block_txloc *)a)->hash,
		      ((const struct block_txloc *)b)->hash, ZEN_HASH_LEN);
}

/* The gathered writes into t: deletions, then unspent outputs (the
 * final state of every outpoint), then transaction locations. */
static int block_write(struct zen_store_txn *t, struct block_writes *bw,
		       struct zen_err *err)
{
	struct zen_store_cursor *c = NULL;
	struct chain_ovl_entry **put = NULL;
	size_t n_put = 0;
	int rc;

	if (bw->n_dels > 1)
		qsort(bw->dels, bw->n_dels, sizeof(*bw->dels), del_cmp);
	if ((rc = zen_store_cursor_open(t, ZEN_DB_UTXO, &c, err)))
		return rc;
	for (size_t i = 0; !rc && i < bw->n_dels; i++) {
		const struct block_del *d = &bw->dels[i];
		struct zen_slice k;

		rc = zen_store_cursor_seek(c, ZEN_SEEK_GE, d->key,
					   CHAIN_OP_KEY_LEN, &k, NULL, err);
		if (!rc && (k.len != CHAIN_OP_KEY_LEN ||
			    memcmp(k.p, d->key, CHAIN_OP_KEY_LEN)))
			rc = ZEN_ENOTFOUND;
		if (!rc)
			rc = zen_store_cursor_del(c, err);
		if (rc == ZEN_ENOTFOUND)
			rc = d->own ? 0 :
			     zen_fail(err, ZEN_ESTORE, "store is damaged: "
				      "resolved input missing");
	}
	if (!rc && bw->ovl.n) {
		put = zen_xcalloc(bw->ovl.n, sizeof(*put));
		for (size_t i = 0; i < bw->ovl.n; i++)
			if (bw->ovl.e[i].state == ZEN_UTXO_UNSPENT)
				put[n_put++] = &bw->ovl.e[i];
		if (n_put > 1)
			qsort(put, n_put, sizeof(*put), entry_cmp);
	}
	for (size_t i = 0; !rc && i < n_put; i++)
		rc = zen_store_cursor_put(c, put[i]->key, CHAIN_OP_KEY_LEN,
					  put[i]->out.data, put[i]->out.len,
					  err);
	free(put);
	zen_store_cursor_close(c);
	c = NULL;
	if (rc)
		return rc;
	if (bw->n_locs > 1)
		qsort(bw->locs, bw->n_locs, sizeof(*bw->locs), loc_cmp);
	if ((rc = zen_store_cursor_open(t, ZEN_DB_TXS, &c, err)))
		return rc;
	for (size_t i = 0; !rc && i < bw->n_locs; i++)
		rc = zen_store_cursor_put(c, bw->locs[i].hash, ZEN_HASH_LEN,
					  bw->locs[i].loc,
					  sizeof(bw->locs[i].loc), err);
	zen_store_cursor_close(c);
	return rc;
}

/* A connection failure: ZEN_EREFUSED with the reason in err. */
static int refuse(struct zen_err *err, const char *fmt, ...) ZEN_PRINTF(2, 3);
static int refuse(struct zen_err *err, const char *fmt, ...)
{
	va_list ap;
	char msg[ZEN_ERR_MSG_MAX];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return zen_fail(err, ZEN_EREFUSED, "%s", msg);
}

/* A block already decoded (the one being submitted): its hash, the
 * length of its stored encoding, and its signatures being verified ahead
 * (decode_verifying_ahead; taken by its connection). */
struct known_block {
	const uint8_t *hash;
	const struct zen_block *b;
	size_t len;
	struct zen_sig_pipe *ahead;
};

/*
 * A block's signatures, verified ahead: the check of every public-key
 * witness (zen_tx_sig_checks) goes to a pipeline as the block is decoded,
 * once its header shows valid work, so that verification runs on every
 * core while the rest is decoded and the block is checked, stored and its
 * transactions validated; the pipeline has one worker per thread, as this
 * thread is busy until the end.  The connection then confirms that
 * validation asks for the same checks in the same order
 * (connect_feed_signatures); anything else falls back to a pipeline fed
 * by validation.  A block that is not connected (known, refused, an
 * orphan, a side branch) stops the pipeline: what it cost is the
 * verification done meanwhile, and only a header with valid work gets
 * that far.  A block of a few signatures is left to the connection's own
 * pipeline: threads started ahead would cost more than they save.
 */
#define SIGS_AHEAD_MIN 16
#define SIGS_AHEAD_FEED 16	/* checks handed over at a time, once started */

struct sigs_ahead {
	const struct zen_chainstate *chain;
	uint8_t *hash;			/* the header's, once it is in */
	int hashed;
	int worth;			/* valid work, not the genesis */
	struct zen_sig_batch batch;	/* checks not handed over yet */
	struct zen_sig_pipe *pipe;
};

/* zen_block_tx_fn: transaction i of the block being decoded. */
static void sigs_ahead_tx(void *ctx, const struct zen_block *b, size_t i)
{
	struct sigs_ahead *sa = ctx;
	const struct zen_chain_params *p = sa->chain->params;

	if (i == 0) {	/* the coinbase: no signature, but the header is in */
		zen_header_hash(sa->hash, &b->header);
		sa->hashed = 1;
		sa->worth = !zen_block_is_genesis(p, &b->header) &&
			    zen_pow_valid(sa->hash, b->header.difficulty,
					  p->pow_limit);
		return;
	}
	if (!sa->worth)
		return;
	sa->batch.tx_index = i;
	zen_tx_sig_checks(&sa->batch, &b->txs[i]);
	if (!sa->pipe && sa->batch.n >= SIGS_AHEAD_MIN)
		sa->pipe = zen_sig_pipe_start(sa->chain->threads, 1);
	if (sa->pipe && sa->batch.n >= SIGS_AHEAD_FEED) {
		zen_sig_pipe_feed(sa->pipe, sa->batch.checks, sa->batch.n);
		sa->batch.n = 0;
	}
}

/* Decode raw into b and its header's hash into hash, starting its
 * signatures' pipeline on the way: returned in *ahead (NULL for a block
 * of a few signatures or without valid work). */
static int decode_verifying_ahead(struct zen_chainstate *chain,
				  struct zen_block *b, const uint8_t *raw,
				  size_t len, uint8_t hash[ZEN_HASH_LEN],
				  struct zen_sig_pipe **ahead)
{
	struct sigs_ahead sa = { .chain = chain, .hash = hash };
	int rc;

	zen_sig_batch_init(&sa.batch);
	rc = zen_block_decode_each(b, raw, len, NULL, sigs_ahead_tx, &sa,
				   NULL);
	if (!rc && sa.pipe && sa.batch.n)
		zen_sig_pipe_feed(sa.pipe, sa.batch.checks, sa.batch.n);
	zen_sig_batch_release(&sa.batch);
	if (rc) {
		zen_sig_pipe_abort(sa.pipe);
		sa.pipe = NULL;
	} else if (!sa.hashed) {	/* no transaction: refused later */
		zen_header_hash(hash, &b->header);
	}
	*ahead = sa.pipe;
	return rc;
}

/*
 * A block being connected: what its steps share.  connect_block runs the
 * steps in order; each returns 0, ZEN_EREFUSED with the block-connection
 * text, or a store error, and on failure t must be aborted.
 */
struct connect {
	struct zen_chainstate *chain;
	struct zen_store_txn *t;
	const uint8_t *hash;
	struct zen_err *err;
	struct zen_block_info info, parent;
	struct zen_block b;		/* loaded, unless known */
	const struct zen_block *bk;	/* the block */
	size_t len;			/* its stored encoding's length */
	int genesis;
	struct zen_buf raw, undo;
	struct block_writes bw;
	struct zen_sig_batch batch;
	struct zen_sig_pipe *pipe;	/* started by the first signature */
	struct zen_sig_pipe *ahead;	/* the block's, verified ahead */
	size_t matched;			/* ahead's checks validation asked for */
	struct zen_utxo_view view;
	struct chain_view cv;
	struct zen_acs_view acs;
	struct chain_acs ca;
	struct zen_contract_delta contracts, delta;
	struct zen_tx_context ctx;
	struct zen_cgp_state cgp;	/* the state the block is validated
					   with, and the state after it */
	int fork;			/* connected while switching branches */
	size_t payout_txs;		/* transactions with a CGP witness */
	uint64_t weight, sacrifice;
	uint8_t acs_root[ZEN_HASH_LEN];
	size_t offset;			/* of the next transaction */
};

static void connect_init(struct connect *cn, struct zen_chainstate *chain,
			 struct zen_store_txn *t, const uint8_t *hash,
			 struct zen_err *err)
{
	memset(cn, 0, sizeof(*cn));
	cn->chain = chain;
	cn->t = t;
	cn->hash = hash;
	cn->err = err;
	cn->bk = &cn->b;
	zen_block_init(&cn->b);
	zen_contract_delta_init(&cn->contracts);
	zen_contract_delta_init(&cn->delta);
	zen_sig_batch_init(&cn->batch);
	block_writes_init(&cn->bw, NULL);
}

static void connect_release(struct connect *cn)
{
	zen_sig_pipe_abort(cn->pipe);
	zen_sig_pipe_abort(cn->ahead);
	zen_sig_batch_release(&cn->batch);
	zen_block_release(&cn->b);
	zen_buf_release(&cn->raw);
	zen_buf_release(&cn->undo);
	block_writes_release(&cn->bw);
	zen_contract_delta_release(&cn->contracts);
	zen_contract_delta_release(&cn->delta);
	zen_cgp_state_release(&cn->cgp);
}

/* The block's record and body (decoded already when known), its parent. */
static int connect_load(struct connect *cn, struct known_block *known)
{
	const struct zen_chain_params *p = cn->chain->params;
	int rc = chain_record_get(cn->t, &cn->info, cn->hash, cn->err);

	if (rc)
		return rc;
	if (known && !memcmp(known->hash, cn->hash, ZEN_HASH_LEN)) {
		cn->bk = known->b;
		cn->len = known->len;
		cn->ahead = known->ahead;
		known->ahead = NULL;
	} else if ((rc = load_block(cn->t, &cn->b, &cn->raw, cn->hash,
				    cn->err))) {
		return rc;
	} else {
		cn->len = cn->raw.len;
	}
	cn->genesis = zen_block_is_genesis(p, &cn->bk->header);
	if (cn->genesis) {
		zen_ema_init(&cn->parent.ema, p);
		return 0;
	}
	rc = chain_record_get(cn->t, &cn->parent, cn->bk->header.parent,
			      cn->err);
	if (rc == ZEN_ENOTFOUND)
		rc = zen_fail(cn->err, ZEN_ESTORE,
			      "store is damaged: parent missing");
	return rc;
}

/* 1, 2: number, difficulty, timestamps. */
static int connect_check_header(struct connect *cn)
{
	const struct zen_header *h = &cn->bk->header;

	if (h->block_number != cn->parent.header.block_number + 1)
		return refuse(cn->err, "blockNumber mismatch");
	if (h->difficulty != cn->parent.ema.difficulty)
		return refuse(cn->err, "incorrect proof of work");
	if (cn->genesis)
		return 0;
	if (h->timestamp <= zen_ema_earliest(&cn->parent.ema))
		return refuse(cn->err, "block's timestamp is too early");
	if (h->timestamp > chain_now(cn->chain) + ZEN_MAX_FUTURE_MS)
		return refuse(cn->err, "block timestamp too far in the future");
	return 0;
}

/*
 * The CGP state the block is validated with (cgp-and-chain.md 5): its
 * parent's, with the winner of the interval taken over at a payout block.
 * Blocks connected while switching to another branch keep the parent's
 * state even at a payout block, as the reference's fork connection does
 * (its quirk 18.1): which side branches are accepted is consensus.
 */
static int connect_cgp_state(struct connect *cn)
{
	const struct zen_chain_params *p = cn->chain->params;
	int rc;

	if (cn->genesis)
		return 0;
	rc = chain_cgp_after(cn->t, &cn->parent, &cn->cgp, cn->err);
	if (!rc && !cn->fork)
		rc = chain_cgp_for_block(p, cn->t,
					 cn->bk->header.block_number,
					 &cn->cgp, cn->err);
	return rc;
}

/* The views transactions are validated against: the store as the block's
 * earlier transactions left it. */
static void connect_views(struct connect *cn)
{
	const struct zen_block *bk = cn->bk;

	block_writes_release(&cn->bw);
	block_writes_init(&cn->bw, bk);
	chain_view_init(&cn->view, &cn->cv, cn->t, &cn->bw.ovl, 0);
	chain_acs_init(&cn->acs, &cn->ca, cn->chain, cn->t, &cn->contracts, 0);
	cn->ctx.params = cn->chain->params;
	cn->ctx.block_number = bk->header.block_number;
	cn->ctx.timestamp = bk->header.timestamp;
	cn->ctx.acs = &cn->acs;
	cn->ctx.delta = &cn->delta;
	cn->offset = cn->len;
	for (size_t i = 0; i < bk->n_txs; i++)
		cn->offset -= bk->txs[i].raw_len;
}

/* The batch holds the next checks of the block's pipeline verified
 * ahead, the same in the same order. */
static int batch_matches_ahead(const struct connect *cn)
{
	if (zen_sig_pipe_count(cn->ahead) - cn->matched < cn->batch.n)
		return 0;
	for (size_t k = 0; k < cn->batch.n; k++) {
		const struct zen_sig_check *a =
			zen_sig_pipe_check(cn->ahead, cn->matched + k);
		const struct zen_sig_check *c = &cn->batch.checks[k];

		if (a->tx_index != c->tx_index ||
		    memcmp(a->msg, c->msg, ZEN_HASH_LEN) ||
		    memcmp(a->pubkey, c->pubkey, ZEN_PUBKEY_LEN) ||
		    memcmp(a->sig, c->sig, ZEN_SIGNATURE_LEN))
			return 0;
	}
	return 1;
}

/* Validation asked for other checks than those verified ahead: the ones
 * it asked for so far go to a pipeline of their own. */
static void connect_leave_ahead(struct connect *cn)
{
	cn->pipe = zen_sig_pipe_start(cn->chain->threads, 0);
	for (size_t k = 0; k < cn->matched; k++)
		zen_sig_pipe_feed(cn->pipe, zen_sig_pipe_check(cn->ahead, k), 1);
	zen_sig_pipe_abort(cn->ahead);
	cn->ahead = NULL;
}

/* Hand the signatures tx i left in the batch to the pipeline. */
static void connect_feed_signatures(struct connect *cn)
{
	if (!cn->batch.n)
		return;
	if (cn->ahead && batch_matches_ahead(cn))
		cn->matched += cn->batch.n;
	else {
		if (cn->ahead)
			connect_leave_ahead(cn);
		if (!cn->pipe)
			cn->pipe = zen_sig_pipe_start(cn->chain->threads, 0);
		zen_sig_pipe_feed(cn->pipe, cn->batch.checks, cn->batch.n);
	}
	cn->batch.n = 0;
}

/* Every check validation asked for verifies (the pipelines are finished):
 * those verified ahead that it never asked for do not count. */
static int connect_signatures_ok(struct connect *cn)
{
	size_t bad = 0;
	int ok = zen_sig_pipe_finish(cn->pipe, NULL);

	cn->pipe = NULL;
	if (!cn->matched)
		zen_sig_pipe_abort(cn->ahead);
	else if (!zen_sig_pipe_finish(cn->ahead, &bad) && bad < cn->matched)
		ok = 0;
	cn->ahead = NULL;
	return ok;
}

/* 3, 5 for a transaction after the coinbase: contextual validation (its
 * signatures go to the pipeline), its contract results, its undo data. */
static int connect_validate_tx(struct connect *cn, size_t i, uint64_t *w)
{
	const struct zen_tx *tx = &cn->bk->txs[i];
	struct zen_output *resolved;
	enum zen_tx_verdict verdict;
	struct zen_err e = ZEN_ERR_INIT;
	int rc;

	resolved = zen_xcalloc(tx->n_inputs ? tx->n_inputs : 1,
			       sizeof(*resolved));
	for (size_t j = 0; j < tx->n_inputs; j++)
		zen_output_init(&resolved[j]);
	cn->batch.tx_index = i;
	rc = zen_tx_validate_context_weight(&verdict, resolved, &cn->ctx,
					    &cn->view, tx, &cn->batch, w, &e);
	if (!rc)
		connect_feed_signatures(cn);
	if (cn->cv.failed)
		rc = zen_fail(cn->err, cn->cv.err.code, "%s", cn->cv.err.msg);
	else if (rc)	/* an earlier transaction's bad signature is the
			 * first error (validate.h) */
		rc = refuse(cn->err, "transactions failed inputs validation "
			    "due to %s", !connect_signatures_ok(cn) ?
			    ZEN_SIG_BATCH_FAILURE : e.msg);
	if (!rc)
		chain_contracts_merge(&cn->contracts, &cn->delta);
	for (size_t j = 0; !rc && j < tx->n_inputs; j++)
		if (tx->inputs[j].kind == ZEN_INPUT_OUTPOINT)
			zen_output_write(&cn->undo, &resolved[j]);
	for (size_t j = 0; j < tx->n_inputs; j++)
		zen_output_release(&resolved[j]);
	free(resolved);
	return rc;
}

/* Transaction i: validated (the coinbase and genesis only weighed),
 * applied to the block's writes, and indexed by its location. */
static int connect_tx(struct connect *cn, size_t i)
{
	const struct zen_tx *tx = &cn->bk->txs[i];
	int contextual = !cn->genesis && i > 0;
	struct zen_err e = ZEN_ERR_INIT;
	uint64_t w = 0;
	uint8_t *loc;
	int rc;

	if (contextual)
		rc = connect_validate_tx(cn, i, &w);
	else if ((rc = zen_tx_weight(&w, tx, NULL, &e)))
		rc = refuse(cn->err, "%s", e.msg);
	if (rc)
		return rc;
	cn->weight = zen_weight_add(cn->weight, w);
	cn->payout_txs += zen_tx_is_cgp_payout(cn->chain->params, tx);
	block_apply(&cn->bw, tx, contextual);
	loc = cn->bw.locs[cn->bw.n_locs].loc;
	memcpy(cn->bw.locs[cn->bw.n_locs++].hash, tx->tx_hash, ZEN_HASH_LEN);
	memcpy(loc, cn->hash, ZEN_HASH_LEN);
	chain_put32(loc + 32, cn->bk->header.block_number);
	chain_put32(loc + 36, (uint32_t)i);
	chain_put32(loc + 40, (uint32_t)cn->offset);
	chain_put32(loc + 44, (uint32_t)tx->raw_len);
	cn->offset += tx->raw_len;
	return 0;
}

/* 3, 5: the transactions in order, the block's weight, the writes, while
 * the pipelines verify the signatures (connect_signatures waits for them;
 * a weight refusal, step 3, does not). */
static int connect_txs(struct connect *cn)
{
	int rc = 0;

	connect_views(cn);
	for (size_t i = 0; !rc && i < cn->bk->n_txs; i++)
		rc = connect_tx(cn, i);
	if (rc)
		return rc;
	/* a block with one payout transaction is exempt (section 20) */
	if (cn->weight > cn->chain->params->max_block_weight &&
	    cn->payout_txs != 1)
		return refuse(cn->err, "block weight exceeds maximum");
	/* while the pipeline verifies signatures */
	return block_write(cn->t, &cn->bw, cn->err);
}

/*
 * 5: the signatures, waited for after the steps that follow the
 * transactions (rc is theirs), which run meanwhile; a bad one is still
 * the answer over a refusal of those steps, which the reference only
 * reaches with every signature checked.
 */
static int connect_signatures(struct connect *cn, int rc)
{
	if (rc && rc != ZEN_EREFUSED)
		return rc;	/* a store error: the block is not judged */
	if (!connect_signatures_ok(cn))
		return refuse(cn->err, "transactions failed inputs validation "
			      "due to %s", ZEN_SIG_BATCH_FAILURE);
	return rc;
}

/* The contract writes (expiry included) and what 6 and 7 need: the
 * sacrifice of the set before expiry, the root after it. */
static int connect_contracts(struct connect *cn)
{
	return chain_contracts_connect(cn->chain->params, cn->t, &cn->contracts,
				       cn->bk->header.block_number, cn->hash,
				       &cn->sacrifice, cn->acs_root, cn->err);
}

/* 6: coinbase amounts with the allocation in force. */
static int connect_coinbase(struct connect *cn)
{
	struct zen_err e = ZEN_ERR_INIT;

	if (cn->genesis)
		return 0;
	if (zen_coinbase_validate_amounts(cn->chain->params, cn->bk,
					  cn->sacrifice, cn->cgp.allocation,
					  &e))
		return refuse(cn->err, "%s", e.msg);
	return 0;
}

/* The one CGP witness of the block (its count in *n). */
static const struct zen_witness *payout_witness(struct connect *cn, size_t *n)
{
	const struct zen_chain_params *p = cn->chain->params;
	const struct zen_witness *found = NULL;

	*n = 0;
	for (size_t i = 1; i < cn->bk->n_txs; i++)
		for (size_t j = 0; j < cn->bk->txs[i].n_witnesses; j++) {
			const struct zen_witness *w =
				&cn->bk->txs[i].witnesses[j];

			if (zen_witness_runs(w, &p->cgp_contract_id)) {
				found = w;
				++*n;
			}
		}
	return found;
}

/* PayoutTx.check (cgp-and-chain.md 7.3), in payout blocks only; before
 * the transactions, as the reference (12.2): two payouts spending the
 * same pool coins are "Multiple payout Txs", not a double spend. */
static int connect_payout(struct connect *cn)
{
	struct zen_err e = ZEN_ERR_INIT;
	const struct zen_witness *w;
	size_t n;

	if (cn->genesis ||
	    !zen_cgp_is_payout_block(cn->chain->params,
				     cn->bk->header.block_number))
		return 0;
	w = payout_witness(cn, &n);
	if (n > 1)
		return refuse(cn->err, "Multiple payout Txs");
	if (!n)
		return cn->cgp.has_payout ? refuse(cn->err, "No payout Tx") : 0;
	if (!cn->cgp.has_payout)
		return refuse(cn->err, "There shouldn't be a payout - there is "
			      "no payout winner");
	if (!w->body ||
	    zen_cgp_check_payout_body(w->body, &cn->cgp.payout, &e))
		return refuse(cn->err, "%s", w->body ? e.msg :
			      "Couldn't parse message body");
	return 0;
}

/* 7: commitments. */
static int connect_commitments(struct connect *cn)
{
	const struct zen_block *bk = cn->bk;
	uint8_t root[ZEN_HASH_LEN];

	zen_commitments_root(root, bk->commitments[0], bk->commitments[1],
			     cn->acs_root, (const uint8_t (*)[ZEN_HASH_LEN])
			     (bk->commitments + ZEN_BLOCK_MIN_COMMITMENTS),
			     bk->n_commitments - ZEN_BLOCK_MIN_COMMITMENTS);
	if (memcmp(root, bk->header.commitments, ZEN_HASH_LEN))
		return refuse(cn->err, "commitments mismatch");
	return 0;
}

/* The tally's bookkeeping of the block (cgp-and-chain.md 6.3). */
static int connect_tally(struct connect *cn)
{
	struct chain_cgp_block blk = {
		.b = cn->bk, .hash = cn->hash, .spent = cn->undo.data,
		.spent_len = cn->undo.len, .state = &cn->cgp,
		.threads = cn->chain->threads,
	};

	return chain_cgp_connect(cn->chain->params, cn->t, &blk, cn->err);
}

/* The address index's part of the block, when it keeps up (addrindex.h). */
static int connect_addr(struct connect *cn)
{
	struct chain_addr_block blk = {
		.b = cn->bk, .hash = cn->hash, .spent = cn->undo.data,
		.spent_len = cn->undo.len,
	};

	return chain_addr_connect(cn->chain->params, cn->t, &blk, cn->err);
}

/* The block becomes the tip: its undo data, main-chain number, record. */
static int connect_record(struct connect *cn)
{
	uint8_t be[4];
	int rc;

	chain_put32(be, cn->bk->header.block_number);
	cn->info.status = ZEN_BLOCK_MAIN;
	cn->info.cgp.allocation = cn->cgp.allocation;
	cn->info.cgp.has_payout = cn->cgp.has_payout;
	rc = zen_store_put(cn->t, ZEN_DB_UNDO, cn->hash, ZEN_HASH_LEN,
			   cn->undo.data, cn->undo.len, cn->err) ?:
	     zen_store_put(cn->t, ZEN_DB_MAIN, be, 4, cn->hash, ZEN_HASH_LEN,
			   cn->err) ?:
	     chain_record_put(cn->t, &cn->info, cn->err) ?:
	     put_tip(cn->t, cn->hash, cn->err);
	if (!rc && cn->genesis)
		rc = zen_store_put(cn->t, ZEN_DB_META, "genesis", 7, cn->hash,
				   ZEN_HASH_LEN, cn->err);
	return rc;
}

/* 6, 7 and the block's bookkeeping. */
static int connect_after_txs(struct connect *cn)
{
	return connect_contracts(cn) ?:
	       connect_coinbase(cn) ?:
	       connect_commitments(cn) ?:
	       connect_tally(cn) ?:
	       connect_addr(cn) ?:
	       connect_record(cn);
}

/*
 * Connect the stored block hash on top of the tip (its parent) in t
 * (8.5, 8.7); fork: while switching to another branch.  Returns 0,
 * ZEN_EREFUSED with the block-connection text, or a store error.  On
 * failure t must be aborted.
 */
static int connect_block(struct zen_chainstate *chain, struct zen_store_txn *t,
			 const uint8_t hash[ZEN_HASH_LEN],
			 struct known_block *known, int fork,
			 struct zen_err *err)
{
	uint64_t started = zen_monotonic_us();
	struct connect cn;
	int rc;

	connect_init(&cn, chain, t, hash, err);
	cn.fork = fork;
	rc = connect_load(&cn, known) ?:
	     connect_check_header(&cn) ?:
	     connect_cgp_state(&cn) ?:
	     connect_payout(&cn) ?:
	     connect_txs(&cn) ?:
	     connect_signatures(&cn, connect_after_txs(&cn));
	connect_release(&cn);
	if (!rc) {
		atomic_fetch_add_explicit(&chain->blocks_connected, 1,
					  memory_order_relaxed);
		atomic_fetch_add_explicit(&chain->sigs_ahead, cn.matched,
					  memory_order_relaxed);
		atomic_fetch_add_explicit(&chain->connect_us,
					  zen_monotonic_us() - started,
					  memory_order_relaxed);
	}
	return rc;
}

void zen_chain_stats(struct zen_chainstate *chain, struct zen_chain_stats *out)
{
	out->blocks_connected = atomic_load_explicit(&chain->blocks_connected,
						     memory_order_relaxed);
	out->sigs_ahead = atomic_load_explicit(&chain->sigs_ahead,
					       memory_order_relaxed);
	out->connect_us = atomic_load_explicit(&chain->connect_us,
					       memory_order_relaxed);
}

/* The address index's part of a disconnection (addrindex.h). */
static int disconnect_addr(struct zen_chainstate *chain,
			   struct zen_store_txn *t, const struct zen_block *b,
			   const uint8_t hash[ZEN_HASH_LEN],
			   const struct zen_buf *undo, struct zen_err *err)
{
	struct chain_addr_block blk = {
		.b = b, .hash = hash, .spent = undo->data,
		.spent_len = undo->len,
	};

	return chain_addr_disconnect(chain->params, t, &blk, err);
}

/*
 * Take the tip off the main chain in t, restoring the outputs it spent
 * from its undo data.  Its non-coinbase transactions are inserted at
 * back[0..] in block order.  *tip becomes the new tip (has_tip 0 when the
 * chain became empty).
 */
static int disconnect_tip(struct zen_chainstate *chain, struct zen_store_txn *t,
			  struct zen_block_info *tip, int *has_tip,
			  struct txlist *back, struct zen_err *err)
{
	struct zen_block b;
	struct zen_buf raw = ZEN_BUF_INIT, undo = ZEN_BUF_INIT;
	struct zen_output *spent = NULL;
	struct zen_slice v;
	struct zen_reader r;
	size_t n_spent = 0, k = 0;
	uint8_t be[4];
	int rc, genesis;

	zen_block_init(&b);
	if ((rc = load_block(t, &b, &raw, tip->hash, err)))
		goto out;
	genesis = zen_block_is_genesis(chain->params, &b.header);
	rc = zen_store_get(t, ZEN_DB_UNDO, tip->hash, ZEN_HASH_LEN, &v, err);
	if (rc == ZEN_ENOTFOUND)
		rc = zen_fail(err, ZEN_ESTORE, "store is damaged: undo missing");
	if (rc)
		goto out;
	zen_buf_add(&undo, v.p, v.len);
	for (size_t i = 1; !genesis && i < b.n_txs; i++)
		for (size_t j = 0; j < b.txs[i].n_inputs; j++)
			n_spent += b.txs[i].inputs[j].kind == ZEN_INPUT_OUTPOINT;
	spent = zen_xcalloc(n_spent + 1, sizeof(*spent));
	zen_reader_init(&r, undo.data, undo.len);
	for (k = 0; k < n_spent; k++) {
		zen_output_init(&spent[k]);
		if (zen_output_read(&r, &spent[k], NULL)) {
			rc = zen_fail(err, ZEN_ESTORE,
				      "store is damaged: bad undo data");
			k++;
			goto out;
		}
	}
	if (zen_reader_left(&r)) {
		rc = zen_fail(err, ZEN_ESTORE, "store is damaged: bad undo data");
		goto out;
	}
	for (size_t i = b.n_txs; i-- > 0;) {
		const struct zen_tx *tx = &b.txs[i];
		uint8_t key[CHAIN_OP_KEY_LEN];
		struct zen_outpoint op;

		memcpy(op.tx_hash, tx->tx_hash, ZEN_HASH_LEN);
		for (size_t j = 0; j < tx->n_outputs; j++) {
			if (!zen_lock_spendable(&tx->outputs[j].lock))
				continue;
			op.index = (uint32_t)j;
			chain_op_key(key, &op);
			rc = zen_store_del(t, ZEN_DB_UTXO, key, sizeof(key),
					   err);
			if (rc == ZEN_ENOTFOUND)
				rc = zen_fail(err, ZEN_ESTORE, "store is "
					      "damaged: output to undo missing");
			if (rc)
				goto out;
		}
		for (size_t j = tx->n_inputs; !genesis && i > 0 && j-- > 0;) {
			struct zen_buf ob = ZEN_BUF_INIT;

			if (tx->inputs[j].kind != ZEN_INPUT_OUTPOINT)
				continue;
			chain_op_key(key, &tx->inputs[j].outpoint);
			zen_output_write(&ob, &spent[--n_spent]);
			rc = zen_store_put(t, ZEN_DB_UTXO, key, sizeof(key),
					   ob.data, ob.len, err);
			zen_buf_release(&ob);
			if (rc)
				goto out;
		}
		rc = zen_store_del(t, ZEN_DB_TXS, tx->tx_hash, ZEN_HASH_LEN,
				   err);
		if (rc && rc != ZEN_ENOTFOUND)
			goto out;
		rc = 0;
	}
	if ((rc = chain_contracts_disconnect(t, tip->hash, err)) ||
	    (rc = chain_cgp_disconnect(t, tip->hash, err)) ||
	    (rc = disconnect_addr(chain, t, &b, tip->hash, &undo, err)))
		goto out;
	for (size_t i = 1; !genesis && i < b.n_txs; i++)
		txlist_insert(back, i - 1, b.txs[i].raw, b.txs[i].raw_len);
	chain_put32(be, tip->header.block_number);
	rc = zen_store_del(t, ZEN_DB_MAIN, be, 4, err);
	if (!rc || rc == ZEN_ENOTFOUND)
		rc = zen_store_del(t, ZEN_DB_UNDO, tip->hash, ZEN_HASH_LEN, err);
	if (rc && rc != ZEN_ENOTFOUND)
		goto out;
	tip->status = ZEN_BLOCK_CONNECTABLE;
	if ((rc = chain_record_put(t, tip, err)))
		goto out;
	rc = chain_record_get(t, tip, b.header.parent, err);
	if (rc == ZEN_ENOTFOUND) {
		*has_tip = 0;
		rc = zen_store_del(t, ZEN_DB_META, "tip", 3, err);
		if (rc == ZEN_ENOTFOUND)
			rc = 0;
	} else if (!rc) {
		rc = put_tip(t, tip->hash, err);
	}
out:
	for (size_t i = 0; spent && i < k; i++)
		zen_output_release(&spent[i]);
	free(spent);
	zen_block_release(&b);
	zen_buf_release(&raw);
	zen_buf_release(&undo);
	return rc;
}

/*
 * Try to make target the tip, in a transaction nested in w: disconnect to
 * the fork point, connect target's branch block by block.  Kept when the
 * tip reached has more work than the old one.  A block that fails is
 * reported in *failed / failed_hash / reason (the caller marks it).
 */
static int switch_to(struct zen_chainstate *chain, struct zen_store_txn *w,
		     const uint8_t target[ZEN_HASH_LEN],
		     struct known_block *known, struct txlist *back,
		     struct zen_block_result *res, int *failed,
		     uint8_t failed_hash[ZEN_HASH_LEN], char *reason,
		     struct zen_err *err)
{
	struct zen_store_txn *n = NULL, *c;
	struct zen_block_info tip, old, info;
	struct hstack path = { 0 };
	struct txlist mine = { 0 };
	uint8_t h[ZEN_HASH_LEN];
	uint32_t disc = 0, conn = 0;
	int has_tip, had_tip, rc, fork_known = 0;
	uint8_t fork[ZEN_HASH_LEN];

	*failed = 0;
	rc = chain_tip_get(w, &tip, err);
	had_tip = has_tip = rc == 0;
	if (rc && rc != ZEN_ENOTFOUND)
		return rc;
	if (!has_tip)
		memset(&tip, 0, sizeof(tip));
	old = tip;
	memcpy(h, target, ZEN_HASH_LEN);
	for (;;) {
		rc = chain_record_get(w, &info, h, err);
		if (rc == ZEN_ENOTFOUND) {	/* above the genesis block */
			rc = 0;
			break;
		}
		if (rc)
			goto out;
		if (info.status == ZEN_BLOCK_MAIN) {
			fork_known = 1;
			memcpy(fork, h, ZEN_HASH_LEN);
			break;
		}
		ZEN_ASSERT(info.status == ZEN_BLOCK_CONNECTABLE);
		hstack_push(&path, h);
		if (zen_block_is_genesis(chain->params, &info.header))
			break;
		memcpy(h, info.header.parent, ZEN_HASH_LEN);
	}
	if ((rc = zen_store_begin(chain->store, w, 1, &n, err)))
		goto out;
	while (has_tip &&
	       !(fork_known && !memcmp(tip.hash, fork, ZEN_HASH_LEN))) {
		if ((rc = disconnect_tip(chain, n, &tip, &has_tip, &mine, err)))
			goto out;
		disc++;
	}
	while (path.n) {
		struct zen_err e = ZEN_ERR_INIT;

		memcpy(h, path.v[--path.n], ZEN_HASH_LEN);
		if ((rc = zen_store_begin(chain->store, n, 1, &c, err)))
			goto out;
		rc = connect_block(chain, c, h, known, disc > 0, &e);
		if (rc) {
			zen_store_abort(c);
			if (rc != ZEN_EREFUSED) {
				rc = zen_fail(err, e.code, "%s", e.msg);
				goto out;
			}
			rc = 0;
			*failed = 1;
			memcpy(failed_hash, h, ZEN_HASH_LEN);
			snprintf(reason, ZEN_ERR_MSG_MAX, "%s", e.msg);
			break;
		}
		if ((rc = zen_store_commit(c, err)))
			goto out;
		conn++;
	}
	if ((rc = chain_tip_get(n, &tip, err)) && rc != ZEN_ENOTFOUND)
		goto out;
	if (!rc && (!had_tip || zen_u256_cmp(&tip.work, &old.work) > 0)) {
		struct zen_store_txn *keep = n;

		n = NULL;
		if ((rc = zen_store_commit(keep, err)))
			goto out;
		/* the undone transactions go before those of earlier
		 * switches in this submission */
		for (size_t i = 0; i < mine.n; i++)
			txlist_insert(back, i, mine.v[i].data, mine.v[i].len);
		res->tip_changed = 1;
		res->disconnected += disc;
		res->connected += conn;
	}
	rc = 0;
out:
	zen_store_abort(n);
	txlist_release(&mine);
	free(path.v);
	return rc;
}

/* ---- Block submission ---- */

/* Store a new block (not yet known, context-free valid) in w and settle
 * the main chain. */
static int store_block(struct zen_chainstate *chain, struct zen_store_txn *w,
		       const struct zen_block *b, struct zen_sig_pipe **ahead,
		       struct zen_block_result *res, struct zen_err *err)
{
	struct zen_block_info info, parent;
	struct zen_buf enc = ZEN_BUF_INIT;
	struct known_block known;
	struct txlist back = { 0 };
	uint8_t child_key[2 * ZEN_HASH_LEN];
	int rc, genesis = zen_block_is_genesis(chain->params, &b->header);

	memset(&info, 0, sizeof(info));
	memcpy(info.hash, res->hash, ZEN_HASH_LEN);
	info.header = b->header;
	zen_block_encode(&enc, b);
	known.hash = res->hash;
	known.b = b;
	known.len = enc.len;
	known.ahead = NULL;
	rc = zen_store_put(w, ZEN_DB_BLOCKS, res->hash, ZEN_HASH_LEN, enc.data,
			   enc.len, err);
	zen_buf_release(&enc);
	memcpy(child_key, b->header.parent, ZEN_HASH_LEN);
	memcpy(child_key + ZEN_HASH_LEN, res->hash, ZEN_HASH_LEN);
	if (!rc)
		rc = zen_store_put(w, ZEN_DB_CHILDREN, child_key,
				   sizeof(child_key), NULL, 0, err);
	if (rc)
		return rc;

	if (genesis) {
		derive(chain, &info, NULL);
	} else {
		rc = chain_record_get(w, &parent, b->header.parent, err);
		if (rc && rc != ZEN_ENOTFOUND)
			return rc;
		if (rc == ZEN_ENOTFOUND || parent.status == ZEN_BLOCK_ORPHAN) {
			uint64_t n;

			if ((rc = zen_store_count(w, ZEN_DB_ORPHANS, &n, err)))
				return rc;
			if (n >= ZEN_CHAIN_MAX_ORPHANS)
				return zen_fail(err, ZEN_EREFUSED,
						"too many orphan blocks");
			info.status = ZEN_BLOCK_ORPHAN;
			res->outcome = ZEN_BLOCK_STORED_ORPHAN;
			res->status = ZEN_BLOCK_ORPHAN;
			if ((rc = zen_store_put(w, ZEN_DB_ORPHANS, res->hash,
						ZEN_HASH_LEN, NULL, 0, err)))
				return rc;
			return chain_record_put(w, &info, err);
		}
		if (parent.status == ZEN_BLOCK_INVALID) {
			info.status = ZEN_BLOCK_INVALID;
			res->outcome = ZEN_BLOCK_REJECTED;
			res->status = ZEN_BLOCK_INVALID;
			snprintf(res->reason, sizeof(res->reason),
				 "parent block is invalid");
			rc = zen_store_del(w, ZEN_DB_BLOCKS, res->hash,
					   ZEN_HASH_LEN, err);
			if (rc && rc != ZEN_ENOTFOUND)
				return rc;
			return chain_record_put(w, &info, err);
		}
		derive(chain, &info, &parent);
	}
	if ((rc = chain_record_put(w, &info, err)) ||
	    (rc = unorphan(chain, w, res->hash, err)))
		return rc;
	known.ahead = *ahead;	/* the connection takes it */
	*ahead = NULL;

	/* Switch to the best branch below this block while one has more
	 * work than the tip (each failure marks a block invalid). */
	for (;;) {
		struct zen_block_info tip;
		uint8_t best[ZEN_HASH_LEN], bad[ZEN_HASH_LEN];
		int found, failed;

		rc = chain_tip_get(w, &tip, err);
		if (rc == ZEN_ENOTFOUND)
			memset(&tip, 0, sizeof(tip));
		else if (rc)
			break;
		if ((rc = best_below(w, res->hash, &tip.work, &found, best,
				     err)) || !found)
			break;
		if ((rc = switch_to(chain, w, best, &known, &back, res,
				    &failed, bad, res->reason, err)))
			break;
		if (!failed)
			break;
		if ((rc = mark_invalid(w, bad, err)))
			break;
	}
	zen_sig_pipe_abort(known.ahead);	/* not connected */
	if (!rc && res->tip_changed)
		rc = chain_mempool_rebuild(chain, w, back.v, back.n, err);
	txlist_release(&back);
	if (rc)
		return rc;
	if ((rc = chain_record_get(w, &info, res->hash, err)))
		return rc;
	res->status = info.status;
	res->outcome = info.status == ZEN_BLOCK_MAIN ? ZEN_BLOCK_ON_MAIN :
		       info.status == ZEN_BLOCK_INVALID ? ZEN_BLOCK_REJECTED :
		       ZEN_BLOCK_ON_SIDE;
	return 0;
}

int zen_chain_submit_block(struct zen_chainstate *chain,
			   struct zen_block_result *res, const uint8_t *raw,
			   size_t len, struct zen_err *err)
{
	struct zen_store_txn *w = NULL;
	struct zen_block_info info;
	struct zen_block b;
	struct zen_sig_pipe *ahead;
	int rc;

	memset(res, 0, sizeof(*res));
	zen_block_init(&b);
	if (decode_verifying_ahead(chain, &b, raw, len, res->hash, &ahead)) {
		zen_block_release(&b);
		return zen_fail(err, ZEN_EINVAL, "invalid block");
	}
	pthread_mutex_lock(&chain->write_lock);
	if ((rc = zen_store_begin(chain->store, NULL, 1, &w, err)))
		goto out;
	rc = chain_record_get(w, &info, res->hash, err);
	if (!rc) {
		res->outcome = ZEN_BLOCK_KNOWN;
		res->status = info.status;
	} else if (rc == ZEN_ENOTFOUND) {
		rc = zen_block_validate_basic(chain->params, &b, err);
		if (!rc)
			rc = store_block(chain, w, &b, &ahead, res, err);
	}
	if (!rc && !(rc = chain_tip_get(w, &info, err))) {
		memcpy(res->tip, info.hash, ZEN_HASH_LEN);
		res->tip_number = info.header.block_number;
	} else if (rc == ZEN_ENOTFOUND) {
		rc = 0;
	}
	if (rc || res->outcome == ZEN_BLOCK_KNOWN) {
		zen_store_abort(w);
	} else {
		rc = zen_store_commit(w, err);
		if (rc)
			res->tip_changed = 0;
	}
out:
	pthread_mutex_unlock(&chain->write_lock);
	zen_sig_pipe_abort(ahead);
	zen_block_release(&b);
	return rc;
}
