/*
 * state.c - shared pieces of the chain: its clock, big-endian helpers,
 * block records, outpoint keys, the in-memory UTXO overlay, UTXO views
 * over the store and the embedded local genesis block.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/base/clock.h"
#include "core/chain/chain_int.h"
#include "core/types/ser.h"

/* blocks.json#local-genesis: hash 6d678ab9...4811c7 (protocol.md 5). */
const uint8_t chain_local_genesis[] = {
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x01, 0x3c, 0xa8, 0x3b, 0xcc, 0x84, 0x83, 0xb5, 0xa8,
	0x70, 0x6a, 0x8f, 0xed, 0x28, 0xe4, 0xec, 0x64, 0x95, 0x2d, 0x7d, 0x6b,
	0x65, 0x62, 0x4c, 0x8e, 0x80, 0x26, 0xf4, 0x8c, 0xf1, 0x77, 0x17, 0x67,
	0x00, 0x00, 0x01, 0x60, 0xe0, 0x73, 0xfe, 0x8f, 0x20, 0xff, 0xff, 0xff,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x03, 0xb0, 0x10, 0x98, 0x75, 0x6b, 0xcf, 0x63,
	0x7b, 0xef, 0x2a, 0x16, 0x1b, 0xd4, 0x94, 0x12, 0xca, 0xd0, 0xa1, 0x0a,
	0xdf, 0x12, 0xe6, 0x4a, 0x69, 0x4c, 0x41, 0xf9, 0xc5, 0xb9, 0x71, 0x64,
	0x20, 0x29, 0xf0, 0x99, 0x9d, 0xef, 0x95, 0x3f, 0x2a, 0x14, 0xad, 0x6c,
	0x14, 0x3e, 0x2a, 0x0e, 0xbf, 0x3b, 0x4f, 0x79, 0x4d, 0x8b, 0x17, 0xfc,
	0x12, 0x03, 0xc1, 0x23, 0x65, 0x42, 0x7c, 0x09, 0xd3, 0xbe, 0x65, 0x30,
	0x64, 0xbe, 0x80, 0xf7, 0x60, 0xb9, 0xd4, 0x71, 0xdc, 0x9a, 0xfb, 0xac,
	0x2b, 0x24, 0x23, 0x6c, 0x9f, 0x2e, 0xb0, 0xf0, 0x8b, 0x74, 0x27, 0x94,
	0x28, 0x52, 0xdc, 0x78, 0x02, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01,
	0x02, 0x20, 0x30, 0x75, 0x9b, 0x07, 0xca, 0x01, 0xca, 0xf8, 0xe5, 0x24,
	0xfc, 0x27, 0x99, 0x46, 0xa1, 0xe9, 0x6a, 0xfc, 0x35, 0x46, 0xee, 0x5f,
	0x1f, 0xd4, 0xa1, 0xcf, 0xaf, 0x64, 0x47, 0x63, 0xc2, 0xb4, 0x00, 0x2c,
	0x01, 0x00, 0x00,
};
const size_t chain_local_genesis_len = sizeof(chain_local_genesis);

/* ---- Clock: the chain's wall clock, replaceable by tests ---- */

static uint64_t system_now(void *ctx)
{
	(void)ctx;
	return zen_wall_ms();
}

uint64_t chain_now(const struct zen_chainstate *chain)
{
	return chain->now(chain->now_ctx);
}

void zen_chain_set_clock(struct zen_chainstate *chain, uint64_t (*now)(void *ctx),
			 void *ctx)
{
	chain->now = now ? now : system_now;
	chain->now_ctx = now ? ctx : NULL;
}

void chain_put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

void chain_put64(uint8_t *p, uint64_t v)
{
	chain_put32(p, (uint32_t)(v >> 32));
	chain_put32(p + 4, (uint32_t)v);
}

uint32_t chain_get32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

uint64_t chain_get64(const uint8_t *p)
{
	return (uint64_t)chain_get32(p) << 32 | chain_get32(p + 4);
}

/* ---- Block records ---- */

void chain_record_encode(uint8_t out[CHAIN_RECORD_LEN],
			 const struct zen_block_info *info)
{
	uint8_t *p = out;

	zen_header_encode(p, &info->header);
	p += ZEN_HEADER_LEN;
	*p++ = (uint8_t)info->status;
	memcpy(p, info->work.b, 32);
	p += 32;
	chain_put32(p, info->ema.difficulty);
	p += 4;
	*p++ = (uint8_t)info->ema.count;
	for (unsigned i = 0; i < 11; i++, p += 8)
		chain_put64(p, i < info->ema.count ? info->ema.delayed[i] : 0);
	*p++ = info->cgp.allocation;
	*p++ = (uint8_t)(info->cgp.has_payout != 0);
	ZEN_ASSERT(p == out + CHAIN_RECORD_LEN);
}

static int record_decode(struct zen_block_info *info, const uint8_t *p,
			 size_t len, struct zen_err *err)
{
	const uint8_t *q = p;

	if (len != CHAIN_RECORD_LEN ||
	    zen_header_decode(&info->header, p, ZEN_HEADER_LEN, NULL))
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: bad block record");
	q += ZEN_HEADER_LEN;
	info->status = (enum zen_block_status)*q++;
	memcpy(info->work.b, q, 32);
	q += 32;
	info->ema.difficulty = chain_get32(q);
	q += 4;
	info->ema.count = *q++;
	for (unsigned i = 0; i < 11; i++, q += 8)
		info->ema.delayed[i] = chain_get64(q);
	info->cgp.allocation = *q++;
	info->cgp.has_payout = *q++;
	if (info->status < ZEN_BLOCK_ORPHAN ||
	    info->status > ZEN_BLOCK_INVALID || info->ema.count > 11 ||
	    info->cgp.has_payout > 1)
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: bad block record");
	return 0;
}

int chain_record_get(struct zen_store_txn *t, struct zen_block_info *info,
		     const uint8_t hash[ZEN_HASH_LEN], struct zen_err *err)
{
	struct zen_slice v;
	int rc = zen_store_get(t, ZEN_DB_INDEX, hash, ZEN_HASH_LEN, &v, err);

	if (rc)
		return rc;
	memcpy(info->hash, hash, ZEN_HASH_LEN);
	return record_decode(info, v.p, v.len, err);
}

int chain_record_put(struct zen_store_txn *t,
		     const struct zen_block_info *info, struct zen_err *err)
{
	uint8_t rec[CHAIN_RECORD_LEN];

	chain_record_encode(rec, info);
	return zen_store_put(t, ZEN_DB_INDEX, info->hash, ZEN_HASH_LEN, rec,
			     sizeof(rec), err);
}

int chain_tip_get(struct zen_store_txn *t, struct zen_block_info *info,
		  struct zen_err *err)
{
	struct zen_slice v;
	uint8_t hash[ZEN_HASH_LEN];
	int rc = zen_store_get(t, ZEN_DB_META, "tip", 3, &v, err);

	if (rc)
		return rc;
	if (v.len != ZEN_HASH_LEN)
		return zen_fail(err, ZEN_ESTORE, "store is damaged: bad tip");
	memcpy(hash, v.p, ZEN_HASH_LEN);
	rc = chain_record_get(t, info, hash, err);
	if (rc == ZEN_ENOTFOUND)
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: tip block is not stored");
	return rc;
}

int chain_meta_u64(struct zen_store_txn *t, const char *name, uint64_t *v,
		   struct zen_err *err)
{
	struct zen_slice s;
	int rc = zen_store_get(t, ZEN_DB_META, name, strlen(name), &s, err);

	*v = 0;
	if (rc == ZEN_ENOTFOUND)
		return 0;
	if (rc)
		return rc;
	if (s.len != 8)
		return zen_fail(err, ZEN_ESTORE, "store is damaged: bad %s",
				name);
	*v = chain_get64(s.p);
	return 0;
}

int chain_meta_put_u64(struct zen_store_txn *t, const char *name, uint64_t v,
		       struct zen_err *err)
{
	uint8_t be[8];

	chain_put64(be, v);
	return zen_store_put(t, ZEN_DB_META, name, strlen(name), be, 8, err);
}

/* ---- Outpoints and outputs ---- */

void chain_op_key(uint8_t key[CHAIN_OP_KEY_LEN], const struct zen_outpoint *op)
{
	memcpy(key, op->tx_hash, ZEN_HASH_LEN);
	chain_put32(key + ZEN_HASH_LEN, op->index);
}

void chain_op_from_key(struct zen_outpoint *op, const uint8_t *key)
{
	memcpy(op->tx_hash, key, ZEN_HASH_LEN);
	op->index = chain_get32(key + ZEN_HASH_LEN);
}

int chain_output_decode(struct zen_output *out, const uint8_t *p, size_t len,
			struct zen_err *err)
{
	struct zen_reader r;

	zen_output_release(out);
	zen_output_init(out);
	zen_reader_init(&r, p, len);
	if (zen_output_read(&r, out, NULL) || zen_reader_left(&r))
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: bad output record");
	return 0;
}

void chain_output_bytes(struct zen_buf *out, const struct zen_output *o)
{
	zen_buf_reset(out);
	zen_output_write(out, o);
}

/* ---- Overlay ---- */

void chain_ovl_init(struct chain_ovl *o)
{
	memset(o, 0, sizeof(*o));
}

void chain_ovl_release(struct chain_ovl *o)
{
	for (size_t i = 0; i < o->n; i++)
		zen_buf_release(&o->e[i].out);
	free(o->e);
	free(o->ix);
	chain_ovl_init(o);
}

/*
 * The entries are kept densely, in insertion order; an open-addressing
 * index (linear probing) maps a key to its entry.  An index slot holds
 * the upper half of the key's hash and the entry's position + 1 (0: an
 * empty slot), so that a probe compares keys only on a hash match and a
 * miss never leaves the index, which is small (8 bytes a slot).
 */
static uint64_t ovl_hash(const uint8_t *key)
{
	uint64_t h = 0, w;

	/*
	 * Every byte counts, and the result goes through a full 64-bit
	 * finalizer: the slot is taken from the low bits, which a plain
	 * byte-wise FNV leaves poorly mixed for outpoints of one
	 * transaction (keys differing in the index only).
	 */
	for (size_t i = 0; i < ZEN_HASH_LEN; i += 8) {
		memcpy(&w, key + i, 8);
		h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
		h ^= h >> 32;
	}
	h ^= (uint64_t)chain_get32(key + ZEN_HASH_LEN) * 0xc2b2ae3d27d4eb4fULL;
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return h;
}

/* The index slot of key: where it is, or the empty slot ending its
 * probe. */
static size_t ovl_probe(const struct chain_ovl *o, const uint8_t *key,
			uint64_t h)
{
	uint64_t tag = h >> 32;
	size_t i = (size_t)h & (o->cap - 1);

	for (;; i = (i + 1) & (o->cap - 1)) {
		uint64_t v = o->ix[i];

		if (!v)
			return i;
		if (v >> 32 == tag &&
		    !memcmp(o->e[(uint32_t)v - 1].key, key, CHAIN_OP_KEY_LEN))
			return i;
	}
}

struct chain_ovl_entry *chain_ovl_find(const struct chain_ovl *o,
				       const uint8_t key[CHAIN_OP_KEY_LEN])
{
	uint64_t v;

	if (!o->cap)
		return NULL;
	v = o->ix[ovl_probe(o, key, ovl_hash(key))];
	return v ? &o->e[(uint32_t)v - 1] : NULL;
}

/* Room for n entries: index at most 3/4 full, entries allocated. */
static void ovl_room(struct chain_ovl *o, size_t n)
{
	size_t cap = o->cap ? o->cap : 64;

	ZEN_ASSERT(n < UINT32_MAX);
	while ((n + 1) * 4 > cap * 3)
		cap *= 2;
	if (cap != o->cap) {
		free(o->ix);
		o->ix = zen_xcalloc(cap, sizeof(*o->ix));
		o->cap = cap;
		for (size_t k = 0; k < o->n; k++) {
			uint64_t h = ovl_hash(o->e[k].key);
			size_t i = (size_t)h & (cap - 1);

			while (o->ix[i])
				i = (i + 1) & (cap - 1);
			o->ix[i] = (h >> 32) << 32 | (uint64_t)(k + 1);
		}
	}
	ZEN_GROW(o->e, n, o->cap_e);
}

void chain_ovl_reserve(struct chain_ovl *o, size_t n)
{
	ovl_room(o, n);
}

void chain_ovl_set(struct chain_ovl *o, const uint8_t key[CHAIN_OP_KEY_LEN],
		   enum zen_utxo_state state, const uint8_t *out, size_t len)
{
	struct chain_ovl_entry *e;
	uint64_t h = ovl_hash(key);
	size_t i = 0;

	if (o->cap)
		i = ovl_probe(o, key, h);
	if (!o->cap || !o->ix[i]) {
		if (o->n + 1 > o->cap_e || (o->n + 2) * 4 > o->cap * 3) {
			ovl_room(o, o->n + 1);
			i = ovl_probe(o, key, h);
		}
		e = &o->e[o->n];
		memset(e, 0, sizeof(*e));
		e->used = 1;
		memcpy(e->key, key, CHAIN_OP_KEY_LEN);
		o->ix[i] = (h >> 32) << 32 | (uint64_t)(++o->n);
	} else {
		e = &o->e[(uint32_t)o->ix[i] - 1];
	}
	e->state = state;
	zen_buf_reset(&e->out);
	if (len)
		zen_buf_add(&e->out, out, len);
}

void chain_ovl_apply(struct chain_ovl *o, const struct zen_tx *tx)
{
	uint8_t key[CHAIN_OP_KEY_LEN];
	struct zen_buf b = ZEN_BUF_INIT;

	for (size_t i = 0; i < tx->n_inputs; i++) {
		if (tx->inputs[i].kind != ZEN_INPUT_OUTPOINT)
			continue;
		chain_op_key(key, &tx->inputs[i].outpoint);
		chain_ovl_set(o, key, ZEN_UTXO_SPENT, NULL, 0);
	}
	for (size_t i = 0; i < tx->n_outputs; i++) {
		struct zen_outpoint op;

		if (!zen_lock_spendable(&tx->outputs[i].lock))
			continue;
		memcpy(op.tx_hash, tx->tx_hash, ZEN_HASH_LEN);
		op.index = (uint32_t)i;
		chain_op_key(key, &op);
		chain_output_bytes(&b, &tx->outputs[i]);
		chain_ovl_set(o, key, ZEN_UTXO_UNSPENT, b.data, b.len);
	}
	zen_buf_release(&b);
}

/* ---- Views ---- */

void chain_view_init(struct zen_utxo_view *view, struct chain_view *cv,
		     struct zen_store_txn *t, struct chain_ovl *ovl,
		     int mempool)
{
	memset(cv, 0, sizeof(*cv));
	cv->t = t;
	cv->ovl = ovl;
	cv->mempool = mempool;
	view->lookup = chain_view_lookup;
	view->ctx = cv;
}

int chain_tx_raw(struct zen_store_txn *t, struct zen_slice *raw,
		 uint8_t block_hash[ZEN_HASH_LEN], uint32_t *number,
		 uint32_t *index, const uint8_t hash[ZEN_HASH_LEN],
		 struct zen_err *err)
{
	struct zen_slice loc, blk;
	uint32_t off, len;
	int rc = zen_store_get(t, ZEN_DB_TXS, hash, ZEN_HASH_LEN, &loc, err);

	if (rc)
		return rc;
	if (loc.len != ZEN_HASH_LEN + 16)
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: bad transaction entry");
	if (block_hash)
		memcpy(block_hash, loc.p, ZEN_HASH_LEN);
	if (number)
		*number = chain_get32(loc.p + 32);
	if (index)
		*index = chain_get32(loc.p + 36);
	off = chain_get32(loc.p + 40);
	len = chain_get32(loc.p + 44);
	rc = zen_store_get(t, ZEN_DB_BLOCKS, loc.p, ZEN_HASH_LEN, &blk, err);
	if (rc == ZEN_ENOTFOUND || (!rc && ((uint64_t)off + len > blk.len)))
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: transaction's block missing");
	if (rc)
		return rc;
	raw->p = blk.p + off;
	raw->len = len;
	return 0;
}

static enum zen_utxo_state view_fail(struct chain_view *cv, int rc)
{
	(void)rc;
	cv->failed = 1;
	return ZEN_UTXO_MISSING;
}

enum zen_utxo_state chain_view_lookup(void *ctx, const struct zen_outpoint *op,
				      struct zen_output *out)
{
	struct chain_view *cv = ctx;
	uint8_t key[CHAIN_OP_KEY_LEN];
	struct zen_slice v;
	struct zen_tx tx;
	enum zen_utxo_state st;
	int rc;

	chain_op_key(key, op);
	if (cv->ovl) {
		struct chain_ovl_entry *e = chain_ovl_find(cv->ovl, key);

		if (e && e->state != ZEN_UTXO_UNSPENT)
			return e->state;
		if (e) {
			if (chain_output_decode(out, e->out.data, e->out.len,
						&cv->err))
				return view_fail(cv, ZEN_ESTORE);
			return ZEN_UTXO_UNSPENT;
		}
	}
	if (cv->mempool) {
		rc = cv->mempool == 1 ?
		     zen_store_get(cv->t, ZEN_DB_MEMPOOL_SPENT, key,
				   sizeof(key), NULL, &cv->err) : ZEN_ENOTFOUND;
		if (!rc)
			return ZEN_UTXO_SPENT;
		if (rc != ZEN_ENOTFOUND)
			return view_fail(cv, rc);
		rc = zen_store_get(cv->t, ZEN_DB_MEMPOOL_OUT, key, sizeof(key),
				   &v, &cv->err);
		if (!rc)
			return chain_output_decode(out, v.p, v.len, &cv->err) ?
			       view_fail(cv, ZEN_ESTORE) : ZEN_UTXO_UNSPENT;
		if (rc != ZEN_ENOTFOUND)
			return view_fail(cv, rc);
	}
	rc = zen_store_get(cv->t, ZEN_DB_UTXO, key, sizeof(key), &v, &cv->err);
	if (!rc)
		return chain_output_decode(out, v.p, v.len, &cv->err) ?
		       view_fail(cv, ZEN_ESTORE) : ZEN_UTXO_UNSPENT;
	if (rc != ZEN_ENOTFOUND)
		return view_fail(cv, rc);
	/* Not unspent: spent if its transaction is on the main chain and
	 * the output exists and is spendable (the reference keeps such rows
	 * as Spent), else missing. */
	rc = chain_tx_raw(cv->t, &v, NULL, NULL, NULL, op->tx_hash, &cv->err);
	if (rc == ZEN_ENOTFOUND)
		return ZEN_UTXO_MISSING;
	if (rc)
		return view_fail(cv, rc);
	zen_tx_init(&tx);
	if (zen_tx_decode(&tx, v.p, v.len, NULL)) {
		zen_tx_release(&tx);
		zen_fail(&cv->err, ZEN_ESTORE,
			 "store is damaged: bad stored transaction");
		return view_fail(cv, ZEN_ESTORE);
	}
	st = op->index < tx.n_outputs &&
	     zen_lock_spendable(&tx.outputs[op->index].lock) ?
	     ZEN_UTXO_SPENT : ZEN_UTXO_MISSING;
	zen_tx_release(&tx);
	return st;
}

/* Below the checks of verify.c, cgpstate.c and addrverify.c, which all
 * word their failures with it (no two of them call each other). */
int chain_check_failed(struct zen_err *err, const char *part,
		       const char *fmt, ...)
{
	char msg[ZEN_ERR_MSG_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return zen_fail(err, ZEN_ESTORE, "store check failed: %s%s", part,
			msg);
}
