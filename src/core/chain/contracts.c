/*
 * contracts.c - the active contract set and contract states in the store
 * (contracts.md 1.4, 1.5; schema in store.h): the loaded-contract cache,
 * the contract views handed to validation, a block's sacrifice, expiry,
 * root, writes and undo, and the mempool's contract overlay.
 *
 * Views.  Validation asks a struct zen_acs_view; here it is backed by
 * the store plus an overlay delta (the block or template being built),
 * and for the mempool also by the mempool-acs / mempool-states
 * databases, which hold what the mempool's transactions did.
 *
 * Built-in contracts.  On the local chain the CGP and voting contracts
 * (src/core/cgp/builtin.h) are active from genesis without an activation:
 * a lookup that finds no entry for their hash in the overlay, the
 * mempool's set or the store answers the built-in, loaded once into the
 * cache below like any contract, with expiry UINT32_MAX.  They are never
 * written to the ACS database, so they are in no ACS root, no genesis
 * block and no coinbase's contract sacrifice (chain_contracts_connect
 * reads only the database and the overlay), and every local node agrees
 * on them with nothing on the chain.  Validation refuses an activation or
 * extension of their code ("contract is built in", txcontract.c), so no
 * overlay entry ever shadows them.  Main and test have none.
 *
 * Loaded contracts.  Parsing a contract costs about a millisecond per
 * 300 lines, so each code is loaded once per process and kept until the
 * chain is closed (the set of distinct contracts ever seen by a process
 * is small; a contract is immutable once loaded and safe to run from
 * several threads).
 */
#include <stdlib.h>
#include <string.h>

#include "core/cgp/builtin.h"
#include "core/chain/chain_int.h"
#include "core/contract/check.h"
#include "core/contract/contract.h"
#include "core/types/data.h"

/* ---- The cache of loaded contracts ---- */

struct chain_contract {
	struct zen_contract_id cid;
	char *code;
	size_t code_len;
	struct zc_contract *c;
};

void chain_contracts_init(struct chain_contracts *cc)
{
	memset(cc, 0, sizeof(*cc));
	pthread_mutex_init(&cc->lock, NULL);
}

void chain_contracts_release(struct chain_contracts *cc)
{
	for (size_t i = 0; i < cc->n; i++) {
		zen_contract_free(cc->e[i]->c);
		free(cc->e[i]->code);
		free(cc->e[i]);
	}
	free(cc->e);
	pthread_mutex_destroy(&cc->lock);
}

static struct chain_contract *cache_find(struct chain_contracts *cc,
					 const uint8_t hash[ZEN_HASH_LEN])
{
	for (size_t i = 0; i < cc->n; i++)
		if (!memcmp(cc->e[i]->cid.hash, hash, ZEN_HASH_LEN))
			return cc->e[i];
	return NULL;
}

static void ref_of(struct zen_acs_ref *ref, const struct chain_contract *e)
{
	ref->c = e->c;
	ref->cid = e->cid;
	ref->code = e->code;
	ref->code_len = e->code_len;
}

/*
 * The loaded contract of code (whose hash the caller computed or read
 * from the store).  c: the contract already loaded (taken), or NULL.
 * Returns 0, or ZEN_EINVAL with the loader's message.
 */
static int cache_get(struct chain_contracts *cc,
		     const uint8_t hash[ZEN_HASH_LEN], const char *code,
		     size_t len, struct zc_contract *c, struct zen_acs_ref *ref,
		     struct zen_err *err)
{
	struct chain_contract *e;
	int rc;

	pthread_mutex_lock(&cc->lock);
	e = cache_find(cc, hash);
	pthread_mutex_unlock(&cc->lock);
	if (e) {
		zen_contract_free(c);
		ref_of(ref, e);
		return 0;
	}
	/* loaded outside the lock: another thread may load it too, and
	 * the second to finish frees its copy */
	if (!c && (rc = zen_contract_load(code, len, "contract", &c, err)))
		return rc;
	pthread_mutex_lock(&cc->lock);
	e = cache_find(cc, hash);
	if (!e) {
		e = zen_xcalloc(1, sizeof(*e));
		e->cid.version = 0;
		memcpy(e->cid.hash, hash, ZEN_HASH_LEN);
		e->code = zen_xmalloc(len + 1);
		memcpy(e->code, code, len);
		e->code[len] = '\0';
		e->code_len = len;
		e->c = c;
		c = NULL;
		ZEN_GROW(cc->e, cc->n + 1, cc->cap);
		cc->e[cc->n++] = e;
	}
	pthread_mutex_unlock(&cc->lock);
	zen_contract_free(c);
	ref_of(ref, e);
	return 0;
}

/* ---- Stored values ---- */

/* acs value: u32 expiry || code. */
static int acs_decode(struct chain_acs *ca, const uint8_t hash[ZEN_HASH_LEN],
		      const struct zen_slice *v, struct zen_acs_ref *out,
		      struct zen_err *err)
{
	struct zen_err e = ZEN_ERR_INIT;

	if (v->len < 4)
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: bad contract entry");
	if (cache_get(&ca->chain->contracts, hash, (const char *)v->p + 4,
		      v->len - 4, NULL, out, &e))
		return zen_fail(err, ZEN_ESTORE, "store is damaged: an active "
				"contract does not load: %s", e.msg);
	out->expiry = chain_get32(v->p);
	return 0;
}

static void acs_encode(struct zen_buf *out, const struct zen_acs_ref *ref)
{
	uint8_t be[4];

	zen_buf_reset(out);
	chain_put32(be, ref->expiry);
	zen_buf_add(out, be, 4);
	zen_buf_add(out, ref->code, ref->code_len);
}

static void cid_key(uint8_t key[CHAIN_CID_KEY_LEN],
		    const struct zen_contract_id *cid)
{
	chain_put32(key, cid->version);
	memcpy(key + 4, cid->hash, ZEN_HASH_LEN);
}

static int data_decode_new(struct zen_data **out, const uint8_t *p, size_t len,
			   struct zen_err *err)
{
	struct zen_data *d = zen_xcalloc(1, sizeof(*d));
	size_t used;

	zen_data_init(d);
	if (zen_data_decode(d, p, len, &used, NULL) || used != len) {
		zen_data_free(d);
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: bad contract state");
	}
	*out = d;
	return 0;
}

/* ---- Built-in contracts (see the top of this file) ---- */

/* The built-in of chain whose hash is hash: 0 and *out, or ZEN_ENOTFOUND. */
static int builtin_lookup(struct zen_chainstate *chain,
			  const uint8_t hash[ZEN_HASH_LEN],
			  struct zen_acs_ref *out, struct zen_err *err)
{
	struct zen_cgp_builtin b;
	struct zen_err e = ZEN_ERR_INIT;

	if (!zen_cgp_builtin_find(chain->params, hash, &b))
		return ZEN_ENOTFOUND;
	if (cache_get(&chain->contracts, hash, b.code, b.code_len, NULL, out,
		      &e))
		return zen_fail(err, ZEN_EINTERNAL, "the built-in %s contract "
				"does not load: %s", b.name, e.msg);
	out->expiry = UINT32_MAX;
	return 0;
}

/* ---- The view ---- */

static struct zen_acs_ref *ovl_acs(const struct zen_contract_delta *d,
				   const uint8_t hash[ZEN_HASH_LEN])
{
	for (size_t k = 0; d && k < d->n_acs; k++)
		if (!memcmp(d->acs[k].cid.hash, hash, ZEN_HASH_LEN))
			return &d->acs[k];
	return NULL;
}

static struct zen_state_change *ovl_state(const struct zen_contract_delta *d,
					  const struct zen_contract_id *cid)
{
	for (size_t k = 0; d && k < d->n_states; k++)
		if (d->states[k].cid.version == cid->version &&
		    !memcmp(d->states[k].cid.hash, cid->hash, ZEN_HASH_LEN))
			return &d->states[k];
	return NULL;
}

static int view_lookup(void *ctx, const uint8_t hash[ZEN_HASH_LEN],
		       struct zen_acs_ref *out, struct zen_err *err)
{
	struct chain_acs *ca = ctx;
	struct zen_acs_ref *o = ovl_acs(ca->ovl, hash);
	struct zen_slice v;
	int rc = ZEN_ENOTFOUND;

	if (o) {
		*out = *o;
		return 0;
	}
	if (ca->mempool)
		rc = zen_store_get(ca->t, ZEN_DB_MEMPOOL_ACS, hash,
				   ZEN_HASH_LEN, &v, err);
	if (rc == ZEN_ENOTFOUND)
		rc = zen_store_get(ca->t, ZEN_DB_ACS, hash, ZEN_HASH_LEN, &v,
				   err);
	if (rc == ZEN_ENOTFOUND)
		return builtin_lookup(ca->chain, hash, out, err);
	if (rc)
		return rc;
	return acs_decode(ca, hash, &v, out, err);
}

static int view_state(void *ctx, const struct zen_contract_id *cid,
		      struct zen_data **out, struct zen_err *err)
{
	struct chain_acs *ca = ctx;
	struct zen_state_change *o = ovl_state(ca->ovl, cid);
	uint8_t key[CHAIN_CID_KEY_LEN];
	struct zen_slice v;
	int rc = ZEN_ENOTFOUND;

	*out = NULL;
	if (o) {
		*out = zen_data_dup(o->state);
		return 0;
	}
	cid_key(key, cid);
	if (ca->mempool) {
		rc = zen_store_get(ca->t, ZEN_DB_MEMPOOL_STATES, key,
				   sizeof(key), &v, err);
		if (!rc) {
			if (v.len < 1)
				return zen_fail(err, ZEN_ESTORE, "store is "
						"damaged: bad mempool state");
			if (!v.p[0])
				return 0;	/* deleted by the mempool */
			return data_decode_new(out, v.p + 1, v.len - 1, err);
		}
	}
	if (rc == ZEN_ENOTFOUND)
		rc = zen_store_get(ca->t, ZEN_DB_STATES, key, sizeof(key), &v,
				   err);
	if (rc == ZEN_ENOTFOUND)
		return 0;
	if (rc)
		return rc;
	return data_decode_new(out, v.p, v.len, err);
}

static int view_compile(void *ctx, const uint8_t hash[ZEN_HASH_LEN],
			const char *code, size_t len, struct zen_acs_ref *out,
			struct zen_err *err)
{
	struct chain_acs *ca = ctx;
	struct zc_contract *c;
	int rc;

	/* the activation check (check.h), run whether or not the code is
	 * cached, so that every node gives the same verdict */
	if ((rc = zen_contract_check(code, len, "contract", NULL, &c, err)))
		return rc;
	return cache_get(&ca->chain->contracts, hash, code, len, c, out, err);
}

void chain_acs_init(struct zen_acs_view *view, struct chain_acs *ca,
		    struct zen_chainstate *chain, struct zen_store_txn *t,
		    const struct zen_contract_delta *ovl, int mempool)
{
	ca->chain = chain;
	ca->t = t;
	ca->ovl = ovl;
	ca->mempool = mempool;
	view->lookup = view_lookup;
	view->state = view_state;
	view->compile = view_compile;
	view->ctx = ca;
}

/* ---- The active contract set after a block's transactions ---- */

struct acs_item {
	uint8_t hash[ZEN_HASH_LEN];
	uint32_t expiry;
	size_t code_len;
	const struct zen_acs_ref *ovl;	/* set by the block; else stored */
};

struct acs_list {
	struct acs_item *e;
	size_t n, cap;
};

static void acs_list_add(struct acs_list *l, const uint8_t hash[ZEN_HASH_LEN],
			 uint32_t expiry, size_t code_len,
			 const struct zen_acs_ref *ovl)
{
	ZEN_GROW(l->e, l->n + 1, l->cap);
	memcpy(l->e[l->n].hash, hash, ZEN_HASH_LEN);
	l->e[l->n].expiry = expiry;
	l->e[l->n].code_len = code_len;
	l->e[l->n++].ovl = ovl;
}

/* The stored set with the overlay's entries in place of stored ones. */
static int acs_collect(struct zen_store_txn *t,
		       const struct zen_contract_delta *ovl,
		       struct acs_list *out, struct zen_err *err)
{
	struct zen_store_cursor *c;
	struct zen_slice k, v;
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = zen_store_cursor_open(t, ZEN_DB_ACS, &c, err)))
		return rc;
	rc = zen_store_cursor_seek(c, ZEN_SEEK_FIRST, NULL, 0, &k, &v, err);
	while (!rc) {
		if (k.len != ZEN_HASH_LEN || v.len < 4) {
			rc = zen_fail(err, ZEN_ESTORE,
				      "store is damaged: bad contract entry");
			break;
		}
		if (!ovl_acs(ovl, k.p))
			acs_list_add(out, k.p, chain_get32(v.p), v.len - 4,
				     NULL);
		rc = zen_store_cursor_seek(c, ZEN_SEEK_NEXT, NULL, 0, &k, &v,
					   err);
	}
	zen_store_cursor_close(c);
	if (rc != ZEN_ENOTFOUND) {
		free(out->e);
		return rc;
	}
	for (size_t i = 0; ovl && i < ovl->n_acs; i++)
		acs_list_add(out, ovl->acs[i].cid.hash, ovl->acs[i].expiry,
			     ovl->acs[i].code_len, &ovl->acs[i]);
	return 0;
}

/* An undo record: the previous value of key in db (prev NULL: absent). */
static void undo_add(struct zen_buf *undo, uint8_t db, const uint8_t *key,
		     size_t klen, const struct zen_slice *prev)
{
	uint8_t be[4], had = prev != NULL;

	zen_buf_add(undo, &db, 1);
	zen_buf_add(undo, key, klen);
	zen_buf_add(undo, &had, 1);
	if (prev) {
		chain_put32(be, (uint32_t)prev->len);
		zen_buf_add(undo, be, 4);
		zen_buf_add(undo, prev->p, prev->len);
	}
}

/* Remember key's current value in undo, then put val (NULL: delete). */
static int undo_and_set(struct zen_store_txn *t, struct zen_buf *undo,
			enum zen_store_db db, const uint8_t *key, size_t klen,
			const uint8_t *val, size_t vlen, struct zen_err *err)
{
	struct zen_slice prev;
	int rc = zen_store_get(t, db, key, klen, &prev, err);

	if (rc && rc != ZEN_ENOTFOUND)
		return rc;
	undo_add(undo, db == ZEN_DB_ACS ? 1 : 2, key, klen,
		 rc ? NULL : &prev);
	if (val)
		return zen_store_put(t, db, key, klen, val, vlen, err);
	rc = zen_store_del(t, db, key, klen, err);
	return rc == ZEN_ENOTFOUND ? 0 : rc;
}

static int write_states(struct zen_store_txn *t,
			const struct zen_contract_delta *ovl,
			struct zen_buf *undo, struct zen_err *err)
{
	struct zen_buf val = ZEN_BUF_INIT;
	uint8_t key[CHAIN_CID_KEY_LEN];
	int rc = 0;

	for (size_t i = 0; !rc && ovl && i < ovl->n_states; i++) {
		const struct zen_state_change *s = &ovl->states[i];

		cid_key(key, &s->cid);
		zen_buf_reset(&val);
		if (s->state)
			zen_data_write(&val, s->state);
		rc = undo_and_set(t, undo, ZEN_DB_STATES, key, sizeof(key),
				  s->state ? val.data : NULL, val.len, err);
	}
	zen_buf_release(&val);
	return rc;
}

static int write_acs(struct zen_store_txn *t, const struct acs_list *l,
		     uint32_t block_number, struct zen_buf *undo,
		     struct zen_err *err)
{
	struct zen_buf val = ZEN_BUF_INIT;
	int rc = 0;

	for (size_t i = 0; !rc && i < l->n; i++) {
		const struct acs_item *e = &l->e[i];
		int expires = e->expiry == block_number;

		if (!e->ovl && !expires)
			continue;	/* unchanged */
		if (!expires)
			acs_encode(&val, e->ovl);
		rc = undo_and_set(t, undo, ZEN_DB_ACS, e->hash, ZEN_HASH_LEN,
				  expires ? NULL : val.data, val.len, err);
	}
	zen_buf_release(&val);
	return rc;
}

int chain_contracts_connect(const struct zen_chain_params *p,
			    struct zen_store_txn *t,
			    const struct zen_contract_delta *ovl,
			    uint32_t block_number,
			    const uint8_t block_hash[ZEN_HASH_LEN],
			    uint64_t *sacrifice, uint8_t acs_root[ZEN_HASH_LEN],
			    struct zen_err *err)
{
	struct zen_acs_entry *live;
	struct zen_buf undo = ZEN_BUF_INIT;
	struct acs_list l;
	size_t n_live = 0;
	int rc = acs_collect(t, ovl, &l, err);

	if (rc)
		return rc;
	/* the sacrifice: the set before expiry; wrapping u64 sums, as the
	 * reference's fund arithmetic */
	*sacrifice = 0;
	for (size_t i = 0; i < l.n; i++)
		*sacrifice += (uint64_t)l.e[i].code_len *
			      p->contract_sacrifice_per_byte_block;
	/* expiry: removed at the end of its last block (1.4) */
	live = zen_xcalloc(l.n + 1, sizeof(*live));
	for (size_t i = 0; i < l.n; i++) {
		if (l.e[i].expiry == block_number)
			continue;
		memcpy(live[n_live].contract_hash, l.e[i].hash, ZEN_HASH_LEN);
		live[n_live++].expiry = l.e[i].expiry;
	}
	zen_acs_root(acs_root, live, n_live);
	free(live);
	if (block_hash) {
		rc = write_acs(t, &l, block_number, &undo, err);
		if (!rc)
			rc = write_states(t, ovl, &undo, err);
		if (!rc && undo.len)
			rc = zen_store_put(t, ZEN_DB_CUNDO, block_hash,
					   ZEN_HASH_LEN, undo.data, undo.len,
					   err);
	}
	zen_buf_release(&undo);
	free(l.e);
	return rc;
}

static int undo_apply(struct zen_store_txn *t, const uint8_t *p, size_t len,
		      struct zen_err *err)
{
	int rc = 0;

	while (!rc && len) {
		enum zen_store_db db = p[0] == 1 ? ZEN_DB_ACS : ZEN_DB_STATES;
		size_t klen = p[0] == 1 ? ZEN_HASH_LEN : CHAIN_CID_KEY_LEN;
		const uint8_t *key = p + 1;
		size_t vlen;

		if ((p[0] != 1 && p[0] != 2) || len < 2 + klen)
			goto damaged;
		p += 1 + klen;
		len -= 1 + klen;
		if (p[0]) {
			if (len < 5 || len - 5 < chain_get32(p + 1))
				goto damaged;
			vlen = chain_get32(p + 1);
			rc = zen_store_put(t, db, key, klen, p + 5, vlen, err);
			p += 5 + vlen;
			len -= 5 + vlen;
		} else {
			rc = zen_store_del(t, db, key, klen, err);
			if (rc == ZEN_ENOTFOUND)
				rc = 0;
			p++;
			len--;
		}
	}
	return rc;
damaged:
	return zen_fail(err, ZEN_ESTORE, "store is damaged: bad contract undo");
}

int chain_contracts_disconnect(struct zen_store_txn *t,
			       const uint8_t block_hash[ZEN_HASH_LEN],
			       struct zen_err *err)
{
	struct zen_buf copy = ZEN_BUF_INIT;
	struct zen_slice v;
	int rc = zen_store_get(t, ZEN_DB_CUNDO, block_hash, ZEN_HASH_LEN, &v,
			       err);

	if (rc == ZEN_ENOTFOUND)
		return 0;	/* the block changed no contract */
	if (rc)
		return rc;
	/* the slice dies with the first write */
	zen_buf_add(&copy, v.p, v.len);
	rc = undo_apply(t, copy.data, copy.len, err);
	zen_buf_release(&copy);
	if (!rc)
		rc = zen_store_del(t, ZEN_DB_CUNDO, block_hash, ZEN_HASH_LEN,
				   err);
	return rc;
}

/* ---- The overlay of a block being built ---- */

static struct zen_acs_ref *merge_acs_slot(struct zen_contract_delta *dst,
					  const uint8_t hash[ZEN_HASH_LEN])
{
	struct zen_acs_ref *e = ovl_acs(dst, hash);

	if (e)
		return e;
	ZEN_GROW(dst->acs, dst->n_acs + 1, dst->cap_acs);
	return &dst->acs[dst->n_acs++];
}

static struct zen_state_change *merge_state_slot(
		struct zen_contract_delta *dst,
		const struct zen_contract_id *cid)
{
	struct zen_state_change *e = ovl_state(dst, cid);

	if (e) {
		zen_data_free(e->state);
		return e;
	}
	ZEN_GROW(dst->states, dst->n_states + 1, dst->cap_states);
	e = &dst->states[dst->n_states++];
	e->cid = *cid;
	return e;
}

void chain_contracts_merge(struct zen_contract_delta *dst,
			   const struct zen_contract_delta *src)
{
	for (size_t i = 0; i < src->n_acs; i++)
		*merge_acs_slot(dst, src->acs[i].cid.hash) = src->acs[i];
	for (size_t i = 0; i < src->n_states; i++)
		merge_state_slot(dst, &src->states[i].cid)->state =
			zen_data_dup(src->states[i].state);
}

/* ---- The mempool's overlay ---- */

int chain_mempool_contracts_add(struct zen_store_txn *t,
				const struct zen_contract_delta *d,
				struct zen_err *err)
{
	struct zen_buf val = ZEN_BUF_INIT;
	uint8_t key[CHAIN_CID_KEY_LEN];
	int rc = 0;

	for (size_t i = 0; !rc && d && i < d->n_acs; i++) {
		acs_encode(&val, &d->acs[i]);
		rc = zen_store_put(t, ZEN_DB_MEMPOOL_ACS, d->acs[i].cid.hash,
				   ZEN_HASH_LEN, val.data, val.len, err);
	}
	for (size_t i = 0; !rc && d && i < d->n_states; i++) {
		const struct zen_state_change *s = &d->states[i];
		uint8_t present = s->state != NULL;

		zen_buf_reset(&val);
		zen_buf_add(&val, &present, 1);
		if (s->state)
			zen_data_write(&val, s->state);
		cid_key(key, &s->cid);
		rc = zen_store_put(t, ZEN_DB_MEMPOOL_STATES, key, sizeof(key),
				   val.data, val.len, err);
	}
	zen_buf_release(&val);
	return rc;
}

/* Is db's value at key exactly val (vlen bytes)? */
static int stored_is(struct zen_store_txn *t, enum zen_store_db db,
		     const uint8_t *key, size_t klen, const struct zen_buf *val,
		     int *same, struct zen_err *err)
{
	struct zen_slice v;
	int rc = zen_store_get(t, db, key, klen, &v, err);

	*same = !rc && v.len == val->len && !memcmp(v.p, val->data, v.len);
	return rc == ZEN_ENOTFOUND ? 0 : rc;
}

int chain_mempool_contracts_check(struct zen_store_txn *t,
				  const struct zen_contract_delta *d,
				  const char **what, struct zen_err *err)
{
	struct zen_buf val = ZEN_BUF_INIT;
	uint8_t key[CHAIN_CID_KEY_LEN];
	uint64_t n_acs, n_states;
	int rc, same = 1;

	*what = NULL;
	rc = zen_store_count(t, ZEN_DB_MEMPOOL_ACS, &n_acs, err) ?:
	     zen_store_count(t, ZEN_DB_MEMPOOL_STATES, &n_states, err);
	for (size_t i = 0; !rc && same && i < d->n_acs; i++) {
		acs_encode(&val, &d->acs[i]);
		rc = stored_is(t, ZEN_DB_MEMPOOL_ACS, d->acs[i].cid.hash,
			       ZEN_HASH_LEN, &val, &same, err);
	}
	if (!rc && (!same || n_acs != d->n_acs))
		*what = "the mempool's active contract entries";
	for (size_t i = 0; !rc && same && i < d->n_states; i++) {
		uint8_t present = d->states[i].state != NULL;

		zen_buf_reset(&val);
		zen_buf_add(&val, &present, 1);
		if (present)
			zen_data_write(&val, d->states[i].state);
		cid_key(key, &d->states[i].cid);
		rc = stored_is(t, ZEN_DB_MEMPOOL_STATES, key, sizeof(key),
			       &val, &same, err);
	}
	if (!rc && !*what && (!same || n_states != d->n_states))
		*what = "the mempool's contract states";
	zen_buf_release(&val);
	return rc;
}

int chain_mempool_contracts_clear(struct zen_store_txn *t, struct zen_err *err)
{
	int rc = zen_store_clear(t, ZEN_DB_MEMPOOL_ACS, err);

	return rc ? rc : zen_store_clear(t, ZEN_DB_MEMPOOL_STATES, err);
}

/* ---- Reading: the mempool view of the set ---- */

static int active_cmp(const void *a, const void *b)
{
	return memcmp(((const struct zen_active_contract *)a)->cid.hash,
		      ((const struct zen_active_contract *)b)->cid.hash,
		      ZEN_HASH_LEN);
}

static void active_add(struct zen_active_contract **a, size_t *n,
		       size_t *cap, const uint8_t hash[ZEN_HASH_LEN],
		       const struct zen_slice *v)
{
	struct zen_active_contract *e;

	ZEN_GROW(*a, *n + 1, *cap);
	e = &(*a)[(*n)++];
	e->cid.version = 0;
	memcpy(e->cid.hash, hash, ZEN_HASH_LEN);
	e->expiry = chain_get32(v->p);
	e->code_len = v->len - 4;
	e->code = zen_xmalloc(e->code_len + 1);
	memcpy(e->code, v->p + 4, e->code_len);
	e->code[e->code_len] = '\0';
}

/* Every entry of db; with skip_mempool, not those mempool-acs overrides. */
static int active_scan(struct zen_store_txn *t, enum zen_store_db db,
		       int skip_mempool, struct zen_active_contract **a,
		       size_t *n, size_t *cap, struct zen_err *err)
{
	struct zen_store_cursor *c;
	struct zen_slice k, v;
	int rc;

	if ((rc = zen_store_cursor_open(t, db, &c, err)))
		return rc;
	rc = zen_store_cursor_seek(c, ZEN_SEEK_FIRST, NULL, 0, &k, &v, err);
	while (!rc) {
		if (k.len != ZEN_HASH_LEN || v.len < 4) {
			rc = zen_fail(err, ZEN_ESTORE,
				      "store is damaged: bad contract entry");
			break;
		}
		if (skip_mempool) {
			rc = zen_store_get(t, ZEN_DB_MEMPOOL_ACS, k.p,
					   ZEN_HASH_LEN, NULL, err);
			if (rc && rc != ZEN_ENOTFOUND)
				break;
		}
		if (!skip_mempool || rc == ZEN_ENOTFOUND)
			active_add(a, n, cap, k.p, &v);
		rc = zen_store_cursor_seek(c, ZEN_SEEK_NEXT, NULL, 0, &k, &v,
					   err);
	}
	zen_store_cursor_close(c);
	return rc == ZEN_ENOTFOUND ? 0 : rc;
}

/* The chain's built-ins that no stored entry shadows, never expiring. */
static void active_builtins(const struct zen_chain_params *p,
			    struct zen_active_contract **a, size_t *n,
			    size_t *cap)
{
	struct zen_cgp_builtin b;
	struct zen_active_contract *e;
	size_t stored = *n;

	for (size_t i = 0; i < zen_cgp_builtin_count(p); i++) {
		size_t k = 0;

		zen_cgp_builtin_get(p, i, &b);
		while (k < stored && memcmp((*a)[k].cid.hash, b.cid.hash,
					    ZEN_HASH_LEN))
			k++;
		if (k < stored)
			continue;
		ZEN_GROW(*a, *n + 1, *cap);
		e = &(*a)[(*n)++];
		e->cid = b.cid;
		e->expiry = UINT32_MAX;
		e->code_len = b.code_len;
		e->code = zen_xmalloc(b.code_len + 1);
		memcpy(e->code, b.code, b.code_len + 1);
	}
}

int zen_chain_read_active(struct zen_chain_read *r,
			  struct zen_active_contract **out, size_t *n,
			  struct zen_err *err)
{
	struct zen_active_contract *a = NULL;
	size_t cap = 0;
	int rc;

	*out = NULL;
	*n = 0;
	rc = active_scan(r->t, ZEN_DB_MEMPOOL_ACS, 0, &a, n, &cap, err);
	if (!rc)
		rc = active_scan(r->t, ZEN_DB_ACS, 1, &a, n, &cap, err);
	if (!rc)
		active_builtins(r->chain->params, &a, n, &cap);
	if (rc) {
		zen_active_contracts_free(a, *n);
		*n = 0;
		return rc;
	}
	if (*n > 1)
		qsort(a, *n, sizeof(*a), active_cmp);
	*out = a;
	return 0;
}

void zen_active_contracts_free(struct zen_active_contract *a, size_t n)
{
	for (size_t i = 0; a && i < n; i++)
		free(a[i].code);
	free(a);
}
