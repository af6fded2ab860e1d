/*
 * read.c - queries on a read snapshot (what the HTTP endpoints and the
 * CLI ask of the chain).
 */
#include <stdlib.h>
#include <string.h>

#include "core/chain/chain_int.h"

int zen_chain_read_begin(struct zen_chainstate *chain,
			 struct zen_chain_read **out, struct zen_err *err)
{
	struct zen_chain_read *r = zen_xcalloc(1, sizeof(*r));
	int rc = zen_store_begin(chain->store, NULL, 0, &r->t, err);

	*out = NULL;
	if (rc) {
		free(r);
		return rc;
	}
	r->chain = chain;
	*out = r;
	return 0;
}

uint64_t zen_chain_read_generation(const struct zen_chain_read *r)
{
	return zen_store_txn_generation(r->t);
}

void zen_chain_read_end(struct zen_chain_read *r)
{
	if (!r)
		return;
	zen_store_abort(r->t);
	free(r);
}

int zen_chain_read_tip(struct zen_chain_read *r, struct zen_block_info *info,
		       struct zen_err *err)
{
	int rc = chain_tip_get(r->t, info, err);

	return rc == ZEN_ENOTFOUND ? zen_fail(err, rc, "No tip") : rc;
}

/* The memo's answer if it is of generation g: 1 and *info, *rc. */
static int tip_memo_get(struct zen_chainstate *chain, uint64_t g,
			struct zen_block_info *info, int *rc)
{
	int hit;

	pthread_mutex_lock(&chain->memo_lock);
	hit = chain->tip_memo.valid && chain->tip_memo.generation == g;
	if (hit) {
		*info = chain->tip_memo.tip;
		*rc = chain->tip_memo.rc;
	}
	pthread_mutex_unlock(&chain->memo_lock);
	return hit;
}

static void tip_memo_put(struct zen_chainstate *chain, uint64_t g,
			 const struct zen_block_info *info, int rc)
{
	pthread_mutex_lock(&chain->memo_lock);
	chain->tip_memo.valid = 1;
	chain->tip_memo.generation = g;
	chain->tip_memo.tip = *info;
	chain->tip_memo.rc = rc;
	pthread_mutex_unlock(&chain->memo_lock);
}

/*
 * The generation is LMDB's last committed transaction id, of any process.
 * It counts a commit before new snapshots see it, so the memo is filled
 * with the generation of the snapshot it was read in, never the count:
 * equal to the count, that snapshot is of the newest state.
 */
int zen_chain_tip_now(struct zen_chainstate *chain,
		      struct zen_block_info *info, uint64_t *generation,
		      struct zen_err *err)
{
	struct zen_chain_read *r;
	uint64_t g = zen_store_generation(chain->store);
	int rc;

	if (g && tip_memo_get(chain, g, info, &rc)) {
		*generation = g;
		return rc ? zen_fail(err, rc, "No tip") : 0;
	}
	if ((rc = zen_chain_read_begin(chain, &r, err)))
		return rc;
	*generation = zen_chain_read_generation(r);
	memset(info, 0, sizeof(*info));
	rc = chain_tip_get(r->t, info, err);
	zen_chain_read_end(r);
	if (!rc || rc == ZEN_ENOTFOUND)
		tip_memo_put(chain, *generation, info, rc);
	return rc == ZEN_ENOTFOUND ? zen_fail(err, rc, "No tip") : rc;
}

int zen_chain_read_main(struct zen_chain_read *r, struct zen_block_info *info,
			uint32_t number, struct zen_err *err)
{
	struct zen_slice v;
	uint8_t be[4], hash[ZEN_HASH_LEN];
	int rc;

	chain_put32(be, number);
	rc = zen_store_get(r->t, ZEN_DB_MAIN, be, 4, &v, err);
	if (rc == ZEN_ENOTFOUND)
		return zen_fail(err, rc, "block not found");
	if (rc)
		return rc;
	if (v.len != ZEN_HASH_LEN)
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: bad main-chain entry");
	memcpy(hash, v.p, ZEN_HASH_LEN);
	rc = chain_record_get(r->t, info, hash, err);
	if (rc == ZEN_ENOTFOUND)
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: main-chain block missing");
	return rc;
}

int zen_chain_read_block_info(struct zen_chain_read *r,
			      struct zen_block_info *info,
			      const uint8_t hash[ZEN_HASH_LEN],
			      struct zen_err *err)
{
	int rc = chain_record_get(r->t, info, hash, err);

	return rc == ZEN_ENOTFOUND ? zen_fail(err, rc, "block not found") : rc;
}

int zen_chain_read_block(struct zen_chain_read *r, struct zen_buf *raw,
			 struct zen_block_info *info,
			 const uint8_t hash[ZEN_HASH_LEN], struct zen_err *err)
{
	struct zen_block_info tmp;
	struct zen_slice v;
	int rc = zen_chain_read_block_info(r, info ? info : &tmp, hash, err);

	if (rc)
		return rc;
	rc = zen_store_get(r->t, ZEN_DB_BLOCKS, hash, ZEN_HASH_LEN, &v, err);
	if (rc == ZEN_ENOTFOUND)
		return zen_fail(err, rc, "block not found");
	if (rc)
		return rc;
	zen_buf_add(raw, v.p, v.len);
	return 0;
}

int zen_chain_read_tx(struct zen_chain_read *r, struct zen_buf *raw,
		      struct zen_tx_location *loc,
		      const uint8_t hash[ZEN_HASH_LEN], struct zen_err *err)
{
	struct zen_tx_location l;
	struct zen_block_info tip;
	struct zen_slice v;
	uint8_t seq[8];
	int rc;

	memset(&l, 0, sizeof(l));
	rc = chain_tx_raw(r->t, &v, l.block_hash, &l.block_number, &l.index,
			  hash, err);
	if (!rc) {
		if ((rc = chain_tip_get(r->t, &tip, err)))
			return rc == ZEN_ENOTFOUND ?
			       zen_fail(err, ZEN_ESTORE,
					"store is damaged: no tip") : rc;
		l.confirmations = tip.header.block_number - l.block_number + 1;
		zen_buf_add(raw, v.p, v.len);
		if (loc)
			*loc = l;
		return 0;
	}
	if (rc != ZEN_ENOTFOUND)
		return rc;
	rc = zen_store_get(r->t, ZEN_DB_MEMPOOL_TX, hash, ZEN_HASH_LEN, &v,
			   err);
	if (!rc && v.len == 8) {
		memcpy(seq, v.p, 8);
		rc = zen_store_get(r->t, ZEN_DB_MEMPOOL, seq, 8, &v, err);
		if (!rc && v.len > ZEN_HASH_LEN) {
			zen_buf_add(raw, v.p + ZEN_HASH_LEN,
				    v.len - ZEN_HASH_LEN);
			l.in_mempool = 1;
			if (loc)
				*loc = l;
			return 0;
		}
	}
	if (rc == ZEN_ENOTFOUND)
		return zen_fail(err, rc, "transaction not found");
	return rc ? rc : zen_fail(err, ZEN_ESTORE,
				  "store is damaged: bad mempool entry");
}

int zen_chain_read_mempool(struct zen_chain_read *r,
			   int (*fn)(void *ctx, const uint8_t hash[ZEN_HASH_LEN],
				     const uint8_t *raw, size_t len),
			   void *ctx, struct zen_err *err)
{
	struct zen_store_cursor *c;
	struct zen_slice v;
	int rc = zen_store_cursor_open(r->t, ZEN_DB_MEMPOOL, &c, err);

	if (rc)
		return rc;
	rc = zen_store_cursor_seek(c, ZEN_SEEK_FIRST, NULL, 0, NULL, &v, err);
	while (!rc) {
		if (v.len <= ZEN_HASH_LEN) {
			rc = zen_fail(err, ZEN_ESTORE,
				      "store is damaged: bad mempool entry");
			break;
		}
		if ((rc = fn(ctx, v.p, v.p + ZEN_HASH_LEN,
			     v.len - ZEN_HASH_LEN)))
			break;
		rc = zen_store_cursor_seek(c, ZEN_SEEK_NEXT, NULL, 0, NULL, &v,
					   err);
	}
	zen_store_cursor_close(c);
	return rc == ZEN_ENOTFOUND ? 0 : rc;
}

int zen_chain_read_utxo(struct zen_chain_read *r, struct zen_output *out,
			const struct zen_outpoint *op, struct zen_err *err)
{
	uint8_t key[CHAIN_OP_KEY_LEN];
	struct zen_slice v;
	int rc;

	chain_op_key(key, op);
	rc = zen_store_get(r->t, ZEN_DB_UTXO, key, sizeof(key), &v, err);
	if (rc == ZEN_ENOTFOUND)
		return zen_fail(err, rc, "output not found");
	if (rc)
		return rc;
	return chain_output_decode(out, v.p, v.len, err);
}

int zen_chain_read_utxos(struct zen_chain_read *r,
			 int (*fn)(void *ctx, const struct zen_outpoint *op,
				   const struct zen_output *out),
			 void *ctx, struct zen_err *err)
{
	struct zen_store_cursor *c;
	struct zen_slice k, v;
	struct zen_output o;
	int rc = zen_store_cursor_open(r->t, ZEN_DB_UTXO, &c, err);

	if (rc)
		return rc;
	zen_output_init(&o);
	rc = zen_store_cursor_seek(c, ZEN_SEEK_FIRST, NULL, 0, &k, &v, err);
	while (!rc) {
		struct zen_outpoint op;

		if (k.len != CHAIN_OP_KEY_LEN) {
			rc = zen_fail(err, ZEN_ESTORE,
				      "store is damaged: bad utxo key");
			break;
		}
		chain_op_from_key(&op, k.p);
		if ((rc = chain_output_decode(&o, v.p, v.len, err)) ||
		    (rc = fn(ctx, &op, &o)))
			break;
		rc = zen_store_cursor_seek(c, ZEN_SEEK_NEXT, NULL, 0, &k, &v,
					   err);
	}
	zen_store_cursor_close(c);
	zen_output_release(&o);
	return rc == ZEN_ENOTFOUND ? 0 : rc;
}

int zen_chain_read_counts(struct zen_chain_read *r,
			  struct zen_chain_counts *out, struct zen_err *err)
{
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = zen_store_count(r->t, ZEN_DB_INDEX, &out->blocks, err)) ||
	    (rc = zen_store_count(r->t, ZEN_DB_ORPHANS, &out->orphans, err)) ||
	    (rc = zen_store_count(r->t, ZEN_DB_MAIN, &out->main, err)) ||
	    (rc = zen_store_count(r->t, ZEN_DB_TXS, &out->txs, err)) ||
	    (rc = zen_store_count(r->t, ZEN_DB_UTXO, &out->utxos, err)) ||
	    (rc = zen_store_count(r->t, ZEN_DB_MEMPOOL, &out->mempool, err)) ||
	    (rc = zen_store_count(r->t, ZEN_DB_ACS, &out->contracts, err)))
		return rc;
	return chain_meta_u64(r->t, "mempool-bytes", &out->mempool_bytes, err);
}
