/*
 * verify.c - `zen node verify`: replay the main chain into a scratch
 * UTXO set and compare everything the store derived from it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/consensus/address.h"
#include "core/chain/addr-int.h"
#include "core/chain/cgp-int.h"
#include "core/chain/chain_int.h"
#include "core/encoding/hex.h"

#define differs(err, ...) chain_check_failed(err, "", __VA_ARGS__)

static void short_hex(char out[17], const uint8_t *h)
{
	zen_hex_encode_to(out, h, 8);
}

/* Replay block number n (already loaded) into the scratch set. */
static int replay_block(struct zen_store_txn *t, struct chain_ovl *scratch,
			uint64_t *unspent, const struct zen_block *b,
			const uint8_t hash[ZEN_HASH_LEN], size_t raw_len,
			int genesis, uint64_t *txs, struct zen_err *err)
{
	struct zen_buf ob = ZEN_BUF_INIT;
	size_t offset = raw_len;
	int rc = 0;

	for (size_t i = 0; i < b->n_txs; i++)
		offset -= b->txs[i].raw_len;
	for (size_t i = 0; !rc && i < b->n_txs; i++) {
		const struct zen_tx *tx = &b->txs[i];
		struct zen_slice loc;
		uint8_t key[CHAIN_OP_KEY_LEN];
		struct zen_outpoint op;
		char hx[17];

		short_hex(hx, tx->tx_hash);
		rc = zen_store_get(t, ZEN_DB_TXS, tx->tx_hash, ZEN_HASH_LEN,
				   &loc, err);
		if (rc == ZEN_ENOTFOUND) {
			rc = differs(err, "transaction %s... of block %u is "
				     "not indexed", hx, b->header.block_number);
			break;
		}
		if (rc)
			break;
		if (loc.len != ZEN_HASH_LEN + 16 ||
		    memcmp(loc.p, hash, ZEN_HASH_LEN) ||
		    chain_get32(loc.p + 32) != b->header.block_number ||
		    chain_get32(loc.p + 36) != i ||
		    chain_get32(loc.p + 40) != offset ||
		    chain_get32(loc.p + 44) != tx->raw_len) {
			rc = differs(err, "index entry of transaction %s... "
				     "differs", hx);
			break;
		}
		offset += tx->raw_len;
		(*txs)++;
		for (size_t j = 0; !genesis && i > 0 && j < tx->n_inputs; j++) {
			struct chain_ovl_entry *e;

			if (tx->inputs[j].kind != ZEN_INPUT_OUTPOINT)
				continue;
			chain_op_key(key, &tx->inputs[j].outpoint);
			e = chain_ovl_find(scratch, key);
			if (!e || e->state != ZEN_UTXO_UNSPENT) {
				rc = differs(err, "block %u spends an output "
					     "that is not unspent",
					     b->header.block_number);
				break;
			}
			chain_ovl_set(scratch, key, ZEN_UTXO_SPENT, NULL, 0);
			(*unspent)--;
		}
		memcpy(op.tx_hash, tx->tx_hash, ZEN_HASH_LEN);
		for (size_t j = 0; !rc && j < tx->n_outputs; j++) {
			struct chain_ovl_entry *e;

			if (!zen_lock_spendable(&tx->outputs[j].lock))
				continue;
			op.index = (uint32_t)j;
			chain_op_key(key, &op);
			e = chain_ovl_find(scratch, key);
			if (!e || e->state != ZEN_UTXO_UNSPENT)
				(*unspent)++;
			chain_output_bytes(&ob, &tx->outputs[j]);
			chain_ovl_set(scratch, key, ZEN_UTXO_UNSPENT, ob.data,
				      ob.len);
		}
	}
	zen_buf_release(&ob);
	return rc;
}

static int ema_equal(const struct zen_ema *a, const struct zen_ema *b)
{
	if (a->difficulty != b->difficulty || a->count != b->count)
		return 0;
	for (unsigned i = 0; i < a->count; i++)
		if (a->delayed[i] != b->delayed[i])
			return 0;
	return 1;
}

static int check_main(struct zen_chainstate *chain, struct zen_store_txn *t,
		      const struct zen_block_info *tip,
		      struct chain_ovl *scratch, uint64_t *unspent,
		      struct zen_chain_verify_report *rep,
		      const struct zen_work *work, struct zen_err *err)
{
	const struct zen_chain_params *p = chain->params;
	struct zen_block_info prev, info;
	struct zen_buf raw = ZEN_BUF_INIT;
	uint8_t prev_hash[ZEN_HASH_LEN] = { 0 };
	int rc = 0;

	memset(&prev, 0, sizeof(prev));
	zen_ema_init(&prev.ema, p);
	for (uint32_t n = 1; !rc && n <= tip->header.block_number; n++) {
		struct zen_block_info want;
		struct zen_slice v;
		struct zen_block b;
		struct zen_u256 w;
		uint8_t be[4], hash[ZEN_HASH_LEN], h2[ZEN_HASH_LEN];
		int genesis;

		if (zen_work_cancelled(work))
			return zen_fail(err, ZEN_EREFUSED, "verification "
					"cancelled at block %u", n);
		chain_put32(be, n);
		rc = zen_store_get(t, ZEN_DB_MAIN, be, 4, &v, err);
		if (rc == ZEN_ENOTFOUND)
			return differs(err, "main-chain block %u is not "
				       "indexed", n);
		if (rc)
			return rc;
		if (v.len != ZEN_HASH_LEN)
			return differs(err, "bad main-chain entry %u", n);
		memcpy(hash, v.p, ZEN_HASH_LEN);
		rc = chain_record_get(t, &info, hash, err);
		if (rc == ZEN_ENOTFOUND)
			return differs(err, "main-chain block %u has no "
				       "record", n);
		if (rc)
			return rc;
		if (info.status != ZEN_BLOCK_MAIN ||
		    info.header.block_number != n)
			return differs(err, "block %u is not recorded as on "
				       "the main chain at that number", n);
		genesis = n == 1;
		if (genesis != zen_block_is_genesis(p, &info.header) ||
		    (!genesis && memcmp(info.header.parent, prev_hash,
					ZEN_HASH_LEN)))
			return differs(err, "block %u does not follow block "
				       "%u", n, n - 1);
		want = prev;
		zen_chain_work(&w, info.header.difficulty);
		zen_u256_add(&want.work, &w);
		zen_ema_push(&want.ema, p, info.header.timestamp);
		if (zen_u256_cmp(&want.work, &info.work))
			return differs(err, "chain work of block %u is wrong",
				       n);
		if (!ema_equal(&want.ema, &info.ema))
			return differs(err, "EMA state of block %u is wrong",
				       n);
		if (info.header.difficulty != prev.ema.difficulty)
			return differs(err, "difficulty of block %u is not "
				       "the EMA's", n);
		rc = zen_store_get(t, ZEN_DB_UNDO, hash, ZEN_HASH_LEN, NULL,
				   err);
		if (rc == ZEN_ENOTFOUND)
			return differs(err, "block %u has no undo data", n);
		if (rc)
			return rc;
		rc = zen_store_get(t, ZEN_DB_BLOCKS, hash, ZEN_HASH_LEN, &v,
				   err);
		if (rc == ZEN_ENOTFOUND)
			return differs(err, "block %u has no bytes", n);
		if (rc)
			return rc;
		zen_block_init(&b);
		if (zen_block_decode(&b, v.p, v.len, NULL, NULL)) {
			zen_block_release(&b);
			return differs(err, "block %u does not decode", n);
		}
		zen_header_hash(h2, &b.header);
		if (memcmp(h2, hash, ZEN_HASH_LEN)) {
			zen_block_release(&b);
			return differs(err, "bytes of block %u are another "
				       "block", n);
		}
		rc = replay_block(t, scratch, unspent, &b, hash, v.len,
				  genesis, &rep->txs, err);
		zen_block_release(&b);
		prev = info;
		memcpy(prev_hash, hash, ZEN_HASH_LEN);
		rep->blocks = n;
		zen_work_progress(work, n, tip->header.block_number);
	}
	zen_buf_release(&raw);
	if (!rc && memcmp(prev_hash, tip->hash, ZEN_HASH_LEN))
		rc = differs(err, "the tip is not the last main-chain block");
	return rc;
}

static int check_utxos(struct zen_store_txn *t, const struct chain_ovl *scratch,
		       uint64_t unspent, struct zen_chain_verify_report *rep,
		       struct zen_err *err)
{
	struct zen_store_cursor *c;
	struct zen_slice k, v;
	int rc = zen_store_cursor_open(t, ZEN_DB_UTXO, &c, err);

	if (rc)
		return rc;
	rc = zen_store_cursor_seek(c, ZEN_SEEK_FIRST, NULL, 0, &k, &v, err);
	while (!rc) {
		struct chain_ovl_entry *e = k.len == CHAIN_OP_KEY_LEN ?
			chain_ovl_find(scratch, k.p) : NULL;

		if (!e || e->state != ZEN_UTXO_UNSPENT) {
			char hx[17];

			short_hex(hx, k.p);
			rc = differs(err, "stored unspent output %s... is not "
				     "unspent in the replay", hx);
			break;
		}
		if (e->out.len != v.len || memcmp(e->out.data, v.p, v.len)) {
			rc = differs(err, "a stored unspent output differs "
				     "from the replay");
			break;
		}
		rep->utxos++;
		rc = zen_store_cursor_seek(c, ZEN_SEEK_NEXT, NULL, 0, &k, &v,
					   err);
	}
	zen_store_cursor_close(c);
	if (rc != ZEN_ENOTFOUND)
		return rc;
	if (rep->utxos != unspent)
		return differs(err, "%llu unspent outputs stored, %llu in "
			       "the replay", (unsigned long long)rep->utxos,
			       (unsigned long long)unspent);
	return 0;
}

/* Statuses of every stored block against the main index. */
static int check_index(struct zen_store_txn *t, uint32_t tip_number,
		       struct zen_chain_verify_report *rep,
		       struct zen_err *err)
{
	struct zen_store_cursor *c;
	struct zen_slice k;
	uint64_t main = 0, orphans = 0, n;
	int rc = zen_store_cursor_open(t, ZEN_DB_INDEX, &c, err);

	if (rc)
		return rc;
	rc = zen_store_cursor_seek(c, ZEN_SEEK_FIRST, NULL, 0, &k, NULL, err);
	while (!rc) {
		struct zen_block_info info;
		uint8_t hash[ZEN_HASH_LEN];

		if (k.len != ZEN_HASH_LEN) {
			rc = differs(err, "bad block index key");
			break;
		}
		memcpy(hash, k.p, ZEN_HASH_LEN);
		if ((rc = chain_record_get(t, &info, hash, err)))
			break;
		main += info.status == ZEN_BLOCK_MAIN;
		orphans += info.status == ZEN_BLOCK_ORPHAN;
		if (info.status != ZEN_BLOCK_INVALID &&
		    (rc = zen_store_get(t, ZEN_DB_BLOCKS, hash, ZEN_HASH_LEN,
					NULL, err))) {
			if (rc == ZEN_ENOTFOUND)
				rc = differs(err, "a stored block has no bytes");
			break;
		}
		rep->stored++;
		rc = zen_store_cursor_seek(c, ZEN_SEEK_NEXT, NULL, 0, &k, NULL,
					   err);
	}
	zen_store_cursor_close(c);
	if (rc != ZEN_ENOTFOUND)
		return rc;
	if (main != tip_number)
		return differs(err, "%llu blocks marked main, tip is %u",
			       (unsigned long long)main, tip_number);
	if ((rc = zen_store_count(t, ZEN_DB_MAIN, &n, err)))
		return rc;
	if (n != tip_number)
		return differs(err, "%llu main-chain index entries, tip is %u",
			       (unsigned long long)n, tip_number);
	if ((rc = zen_store_count(t, ZEN_DB_UNDO, &n, err)))
		return rc;
	if (n != tip_number)
		return differs(err, "%llu undo entries, tip is %u",
			       (unsigned long long)n, tip_number);
	if ((rc = zen_store_count(t, ZEN_DB_ORPHANS, &n, err)))
		return rc;
	if (n != orphans)
		return differs(err, "%llu orphan entries, %llu orphan blocks",
			       (unsigned long long)n,
			       (unsigned long long)orphans);
	if ((rc = zen_store_count(t, ZEN_DB_TXS, &n, err)))
		return rc;
	if (n != rep->txs)
		return differs(err, "%llu transaction index entries, %llu "
			       "main-chain transactions",
			       (unsigned long long)n,
			       (unsigned long long)rep->txs);
	return 0;
}

static int check_mempool(struct zen_chainstate *chain, struct zen_store_txn *t,
			 const struct zen_block_info *tip,
			 struct zen_chain_verify_report *rep,
			 struct zen_err *err)
{
	struct zen_store_cursor *c;
	struct zen_slice k, v, e;
	struct chain_ovl ovl;
	struct zen_contract_delta contracts, delta;
	struct zen_buf ob = ZEN_BUF_INIT;
	const char *what;
	uint64_t spent = 0, outs = 0, bytes = 0, n;
	int rc = zen_store_cursor_open(t, ZEN_DB_MEMPOOL, &c, err);

	if (rc)
		return rc;
	chain_ovl_init(&ovl);
	/* the mempool's contract effects, rebuilt as its transactions are
	 * replayed (the mempool databases hold them all at once) */
	zen_contract_delta_init(&contracts);
	zen_contract_delta_init(&delta);
	rc = zen_store_cursor_seek(c, ZEN_SEEK_FIRST, NULL, 0, &k, &v, err);
	while (!rc) {
		struct zen_utxo_view view;
		struct chain_view cv;
		struct zen_acs_view acs;
		struct chain_acs ca;
		struct zen_err te = ZEN_ERR_INIT;
		struct zen_tx tx;
		char hx[17];

		zen_tx_init(&tx);
		if (v.len <= ZEN_HASH_LEN ||
		    zen_tx_decode(&tx, v.p + ZEN_HASH_LEN, v.len - ZEN_HASH_LEN,
				  NULL) ||
		    memcmp(tx.tx_hash, v.p, ZEN_HASH_LEN)) {
			zen_tx_release(&tx);
			rc = differs(err, "bad mempool entry");
			break;
		}
		short_hex(hx, tx.tx_hash);
		rc = zen_store_get(t, ZEN_DB_MEMPOOL_TX, tx.tx_hash,
				   ZEN_HASH_LEN, &e, err);
		if (rc || e.len != 8 || memcmp(e.p, k.p, 8)) {
			zen_tx_release(&tx);
			if (rc == ZEN_ENOTFOUND || !rc)
				rc = differs(err, "mempool transaction %s... "
					     "is not indexed", hx);
			break;
		}
		chain_view_init(&view, &cv, t, &ovl, 0);
		chain_acs_init(&acs, &ca, chain, t, &contracts, 0);
		rc = zen_tx_validate_basic(&tx, &te);
		if (!rc)
			rc = chain_mempool_check(chain, t, tip, &view, &acs,
						 &tx, NULL, &delta, &te);
		if (!rc)
			chain_contracts_merge(&contracts, &delta);
		if (rc) {
			zen_tx_release(&tx);
			rc = cv.failed ? zen_fail(err, te.code, "%s", te.msg) :
			     differs(err, "mempool transaction %s... is not "
				     "valid on the tip: %s", hx, te.msg);
			break;
		}
		for (size_t i = 0; !rc && i < tx.n_inputs; i++) {
			uint8_t key[CHAIN_OP_KEY_LEN];

			if (tx.inputs[i].kind != ZEN_INPUT_OUTPOINT)
				continue;
			chain_op_key(key, &tx.inputs[i].outpoint);
			spent++;
			rc = zen_store_get(t, ZEN_DB_MEMPOOL_SPENT, key,
					   sizeof(key), &e, err);
			if (rc == ZEN_ENOTFOUND || (!rc &&
			    (e.len != ZEN_HASH_LEN ||
			     memcmp(e.p, tx.tx_hash, ZEN_HASH_LEN))))
				rc = differs(err, "mempool spent index of %s... "
					     "differs", hx);
		}
		for (size_t i = 0; !rc && i < tx.n_outputs; i++) {
			uint8_t key[CHAIN_OP_KEY_LEN];
			struct zen_outpoint op;

			if (!zen_lock_spendable(&tx.outputs[i].lock))
				continue;
			memcpy(op.tx_hash, tx.tx_hash, ZEN_HASH_LEN);
			op.index = (uint32_t)i;
			chain_op_key(key, &op);
			outs++;
			chain_output_bytes(&ob, &tx.outputs[i]);
			rc = zen_store_get(t, ZEN_DB_MEMPOOL_OUT, key,
					   sizeof(key), &e, err);
			if (rc == ZEN_ENOTFOUND || (!rc &&
			    (e.len != ob.len || memcmp(e.p, ob.data, ob.len))))
				rc = differs(err, "mempool output index of "
					     "%s... differs", hx);
		}
		chain_ovl_apply(&ovl, &tx);
		bytes += tx.raw_len;
		rep->mempool++;
		zen_tx_release(&tx);
		if (!rc)
			rc = zen_store_cursor_seek(c, ZEN_SEEK_NEXT, NULL, 0,
						   &k, &v, err);
	}
	zen_store_cursor_close(c);
	chain_ovl_release(&ovl);
	if (rc == ZEN_ENOTFOUND) {
		rc = chain_mempool_contracts_check(t, &contracts, &what, err);
		if (!rc && what)
			rc = differs(err, "%s differ from its transactions",
				     what);
		if (!rc)
			rc = ZEN_ENOTFOUND;
	}
	zen_contract_delta_release(&contracts);
	zen_contract_delta_release(&delta);
	zen_buf_release(&ob);
	if (rc != ZEN_ENOTFOUND)
		return rc;
	if ((rc = zen_store_count(t, ZEN_DB_MEMPOOL_TX, &n, err)))
		return rc;
	if (n != rep->mempool)
		return differs(err, "mempool hash index has %llu entries for "
			       "%llu transactions", (unsigned long long)n,
			       (unsigned long long)rep->mempool);
	if ((rc = zen_store_count(t, ZEN_DB_MEMPOOL_SPENT, &n, err)))
		return rc;
	if (n != spent)
		return differs(err, "mempool spent index has %llu entries, "
			       "expected %llu", (unsigned long long)n,
			       (unsigned long long)spent);
	if ((rc = zen_store_count(t, ZEN_DB_MEMPOOL_OUT, &n, err)))
		return rc;
	if (n != outs)
		return differs(err, "mempool output index has %llu entries, "
			       "expected %llu", (unsigned long long)n,
			       (unsigned long long)outs);
	if ((rc = chain_meta_u64(t, "mempool-bytes", &n, err)))
		return rc;
	if (n != bytes)
		return differs(err, "mempool size is recorded as %llu bytes, "
			       "is %llu", (unsigned long long)n,
			       (unsigned long long)bytes);
	return 0;
}

/* Every active contract is stored under the hash of its code and runs
 * after the tip (an entry at or below it missed its expiry). */
static int check_acs(struct zen_store_txn *t, uint32_t tip_number,
		     struct zen_err *err)
{
	struct zen_store_cursor *c;
	struct zen_slice k, v;
	struct zen_contract_id cid;
	char hx[17];
	int rc = zen_store_cursor_open(t, ZEN_DB_ACS, &c, err);

	if (rc)
		return rc;
	rc = zen_store_cursor_seek(c, ZEN_SEEK_FIRST, NULL, 0, &k, &v, err);
	while (!rc) {
		if (k.len != ZEN_HASH_LEN || v.len < 4) {
			rc = differs(err, "bad active contract entry");
			break;
		}
		short_hex(hx, k.p);
		zen_contract_id_from_code(&cid, (const char *)v.p + 4,
					  v.len - 4);
		if (memcmp(cid.hash, k.p, ZEN_HASH_LEN)) {
			rc = differs(err, "active contract %s... is not the "
				     "hash of its code", hx);
			break;
		}
		if (chain_get32(v.p) <= tip_number) {
			rc = differs(err, "active contract %s... expired at "
				     "block %u, the tip is %u", hx,
				     chain_get32(v.p), tip_number);
			break;
		}
		rc = zen_store_cursor_seek(c, ZEN_SEEK_NEXT, NULL, 0, &k, &v,
					   err);
	}
	zen_store_cursor_close(c);
	return rc == ZEN_ENOTFOUND ? 0 : rc;
}

int zen_chain_verify(struct zen_chainstate *chain,
		     struct zen_chain_verify_report *report,
		     struct zen_err *err)
{
	return zen_chain_verify_work(chain, report, NULL, err);
}

int zen_chain_verify_work(struct zen_chainstate *chain,
			  struct zen_chain_verify_report *report,
			  const struct zen_work *work, struct zen_err *err)
{
	struct zen_store_txn *t;
	struct zen_block_info tip;
	struct chain_ovl scratch;
	uint64_t unspent = 0;
	int rc;

	memset(report, 0, sizeof(*report));
	if ((rc = zen_store_begin(chain->store, NULL, 0, &t, err)))
		return rc;
	chain_ovl_init(&scratch);
	rc = chain_tip_get(t, &tip, err);
	if (rc == ZEN_ENOTFOUND) {
		memset(&tip, 0, sizeof(tip));
		rc = 0;
	} else if (!rc) {
		rc = check_main(chain, t, &tip, &scratch, &unspent, report,
				work, err);
	}
	if (!rc)
		rc = check_utxos(t, &scratch, unspent, report, err);
	if (!rc)
		rc = check_index(t, tip.header.block_number, report, err);
	if (!rc)
		rc = check_acs(t, tip.header.block_number, err);
	if (!rc)
		rc = chain_cgp_verify(chain->params, t,
				      tip.header.block_number, err);
	if (!rc)
		rc = chain_addr_verify(chain->params, t,
				       tip.header.block_number, err);
	if (!rc && tip.header.block_number)
		rc = check_mempool(chain, t, &tip, report, err);
	else if (!rc)
		rc = zen_store_count(t, ZEN_DB_MEMPOOL, &report->mempool, err);
	if (!rc && !tip.header.block_number && report->mempool)
		rc = differs(err, "mempool is not empty without a tip");
	chain_ovl_release(&scratch);
	zen_store_abort(t);
	return rc;
}
