/*
 * addrstore.c - the addr database's plumbing (addr-int.h): keys, the
 * values of balances, history entries and executions, the synced mark,
 * and the writer that logs every change of a block for its undo.
 */
#include <stdlib.h>
#include <string.h>

#include "core/chain/addr-int.h"

/* ---- keys ---- */

void addr_key_start(struct addr_key *k, uint8_t kind)
{
	k->b[0] = kind;
	k->len = 1;
}

void addr_key_bytes(struct addr_key *k, const void *p, size_t n)
{
	ZEN_ASSERT(k->len + n <= ADDR_KEY_MAX);
	memcpy(k->b + k->len, p, n);
	k->len += n;
}

void addr_key_u32(struct addr_key *k, uint32_t v)
{
	uint8_t be[4];

	chain_put32(be, v);
	addr_key_bytes(k, be, 4);
}

void addr_key_cid(struct addr_key *k, const struct zen_contract_id *cid)
{
	addr_key_u32(k, cid->version);
	addr_key_bytes(k, cid->hash, ZEN_HASH_LEN);
}

void addr_key_addr(struct addr_key *k, const struct zen_address *a)
{
	addr_key_bytes(k, (const uint8_t[]){ a->is_contract ? 1 : 0 }, 1);
	if (a->is_contract)
		addr_key_cid(k, &a->cid);
	else
		addr_key_bytes(k, a->pk_hash, ZEN_HASH_LEN);
}

void addr_key_asset(struct addr_key *k, const struct zen_asset *a)
{
	struct zen_buf b = ZEN_BUF_INIT;

	zen_write_asset(&b, a);
	addr_key_bytes(k, b.data, b.len);
	zen_buf_release(&b);
}

void addr_key_loc(struct addr_key *k, const struct addr_loc *l)
{
	addr_key_u32(k, l->block);
	addr_key_u32(k, l->index);
	addr_key_u32(k, l->output);
}

int addr_of_lock(struct zen_address *a, const struct zen_lock *l)
{
	memset(a, 0, sizeof(*a));
	switch (l->id) {
	case ZEN_LOCK_PK:
	case ZEN_LOCK_COINBASE:
		memcpy(a->pk_hash, l->pk_hash, ZEN_HASH_LEN);
		return 1;
	case ZEN_LOCK_CONTRACT:
		a->is_contract = 1;
		a->cid = l->cid;
		return 1;
	default:
		return 0;
	}
}

size_t addr_decode(struct zen_address *a, const uint8_t *p, size_t len)
{
	memset(a, 0, sizeof(*a));
	if (len >= ADDR_LEN_PK && p[0] == 0) {
		memcpy(a->pk_hash, p + 1, ZEN_HASH_LEN);
		return ADDR_LEN_PK;
	}
	if (len >= ADDR_LEN_CONTRACT && p[0] == 1) {
		a->is_contract = 1;
		a->cid.version = chain_get32(p + 1);
		memcpy(a->cid.hash, p + 5, ZEN_HASH_LEN);
		return ADDR_LEN_CONTRACT;
	}
	return 0;
}

/* ---- the mark ---- */

#define MARK_KEY "mmark"
#define MARK_LEN (1 + 4 + ZEN_HASH_LEN)

int addr_mark_get(struct zen_store_txn *t, struct addr_mark *m,
		  struct zen_err *err)
{
	struct zen_slice v;
	int rc = zen_store_get(t, ZEN_DB_ADDR, MARK_KEY, 5, &v, err);

	memset(m, 0, sizeof(*m));
	if (rc == ZEN_ENOTFOUND)
		return 0;
	if (rc)
		return rc;
	if (v.len != MARK_LEN || v.p[0] != 1)
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: bad address index mark");
	m->enabled = 1;
	m->synced = chain_get32(v.p + 1);
	memcpy(m->hash, v.p + 5, ZEN_HASH_LEN);
	return 0;
}

int addr_mark_put(struct zen_store_txn *t, const struct addr_mark *m,
		  struct zen_err *err)
{
	uint8_t v[MARK_LEN];

	if (!m->enabled) {
		int rc = zen_store_del(t, ZEN_DB_ADDR, MARK_KEY, 5, err);

		return rc == ZEN_ENOTFOUND ? 0 : rc;
	}
	v[0] = 1;
	chain_put32(v + 1, m->synced);
	memcpy(v + 5, m->hash, ZEN_HASH_LEN);
	return zen_store_put(t, ZEN_DB_ADDR, MARK_KEY, 5, v, sizeof(v), err);
}

/* ---- the logged writer ---- */

static void log_key(struct addr_writer *w, const struct addr_key *k, int had)
{
	uint8_t be[2] = { (uint8_t)(k->len >> 8), (uint8_t)k->len };

	zen_buf_add(&w->log, be, 2);
	zen_buf_add(&w->log, k->b, k->len);
	zen_buf_addch(&w->log, (uint8_t)had);
}

int addr_prior(struct addr_writer *w, const struct addr_key *k,
	       struct zen_slice *v, int *had)
{
	uint8_t be[4];
	int rc = zen_store_get(w->t, ZEN_DB_ADDR, k->b, k->len, v, w->err);

	if (rc && rc != ZEN_ENOTFOUND)
		return rc;
	*had = !rc;
	log_key(w, k, *had);
	if (*had) {
		chain_put32(be, (uint32_t)v->len);
		zen_buf_add(&w->log, be, 4);
		zen_buf_add(&w->log, v->p, v->len);
	} else {
		v->p = NULL;
		v->len = 0;
	}
	return 0;
}

int addr_put(struct addr_writer *w, const struct addr_key *k, const void *val,
	     size_t vlen)
{
	struct zen_slice v;
	int had;

	return addr_prior(w, k, &v, &had) ?:
	       zen_store_put(w->t, ZEN_DB_ADDR, k->b, k->len, val, vlen,
			     w->err);
}

int addr_del(struct addr_writer *w, const struct addr_key *k)
{
	struct zen_slice v;
	int had, rc = addr_prior(w, k, &v, &had);

	if (rc)
		return rc;
	if (!had)
		return ZEN_ENOTFOUND;
	return zen_store_del(w->t, ZEN_DB_ADDR, k->b, k->len, w->err);
}

/* The record at *at of p[0..len), *at moved past it.  0 or -1. */
static int undo_next(const uint8_t *p, size_t len, size_t *at,
		     struct addr_undo_rec *r)
{
	memset(r, 0, sizeof(*r));
	if (len - *at < 3)
		return -1;
	r->klen = (size_t)p[*at] << 8 | p[*at + 1];
	*at += 2;
	if (len - *at < r->klen + 1)
		return -1;
	r->key = p + *at;
	*at += r->klen;
	r->had = p[(*at)++];
	if (!r->had)
		return 0;
	if (len - *at < 4)
		return -1;
	r->vlen = chain_get32(p + *at);
	*at += 4;
	if (len - *at < r->vlen)
		return -1;
	r->val = p + *at;
	*at += r->vlen;
	return 0;
}

int addr_undo_parse(const uint8_t *log, size_t len,
		    struct addr_undo_rec **out, size_t *n, struct zen_err *err)
{
	size_t cap = 0, at = 0;

	*out = NULL;
	*n = 0;
	while (at < len) {
		ZEN_GROW(*out, *n + 1, cap);
		if (undo_next(log, len, &at, &(*out)[(*n)++])) {
			free(*out);
			*out = NULL;
			*n = 0;
			return zen_fail(err, ZEN_ESTORE, "store is damaged: "
					"bad address index undo data");
		}
	}
	return 0;
}

int addr_undo_log(struct zen_store_txn *t, const uint8_t *log, size_t len,
		  struct zen_err *err)
{
	struct addr_undo_rec *recs;
	size_t n;
	int rc = addr_undo_parse(log, len, &recs, &n, err);

	while (!rc && n-- > 0) {
		const struct addr_undo_rec *r = &recs[n];

		if (r->had)
			rc = zen_store_put(t, ZEN_DB_ADDR, r->key, r->klen,
					   r->val, r->vlen, err);
		else if ((rc = zen_store_del(t, ZEN_DB_ADDR, r->key, r->klen,
					     err)) == ZEN_ENOTFOUND)
			rc = 0;
	}
	free(recs);
	return rc;
}

int addr_get_u32(struct zen_store_txn *t, const struct addr_key *k,
		 uint32_t *v, struct zen_err *err)
{
	struct zen_slice s;
	int rc = zen_store_get(t, ZEN_DB_ADDR, k->b, k->len, &s, err);

	*v = 0;
	if (rc == ZEN_ENOTFOUND)
		return 0;
	if (rc)
		return rc;
	if (s.len != 4)
		return zen_fail(err, ZEN_ESTORE,
				"store is damaged: bad address index count");
	*v = chain_get32(s.p);
	return 0;
}

/* ---- values ---- */

void addr_balance_encode(uint8_t out[ADDR_BALANCE_LEN], uint64_t outputs,
			 unsigned __int128 amount)
{
	chain_put64(out, outputs);
	chain_put64(out + 8, (uint64_t)(amount >> 64));
	chain_put64(out + 16, (uint64_t)amount);
}

void addr_balance_decode(const uint8_t in[ADDR_BALANCE_LEN],
			 uint64_t *outputs, unsigned __int128 *amount)
{
	*outputs = chain_get64(in);
	*amount = (unsigned __int128)chain_get64(in + 8) << 64 |
		  chain_get64(in + 16);
}

/* flags of an entry */
#define F_NEGATIVE 0x01
#define F_INCOMING 0x02
#define F_LOCK_SHIFT 2
#define F_LOCK_MASK 0x0c

void addr_entry_write(struct zen_buf *out, const struct addr_entry *e)
{
	uint8_t b[4 + 4 + ZEN_HASH_LEN + 8 + 1 + 8 + 4];
	size_t n = 0;

	chain_put32(b, e->block);
	chain_put32(b + 4, e->index);
	memcpy(b + 8, e->tx_hash, ZEN_HASH_LEN);
	chain_put64(b + 40, e->timestamp);
	b[48] = (uint8_t)((e->negative ? F_NEGATIVE : 0) |
			  (e->incoming ? F_INCOMING : 0) |
			  (unsigned)e->lock << F_LOCK_SHIFT);
	chain_put64(b + 49, e->amount);
	n = 57;
	if (e->lock == ADDR_LOCK_COINBASE) {
		chain_put32(b + 57, e->lock_block);
		n += 4;
	}
	zen_buf_add(out, b, n);
	zen_write_asset(out, &e->asset);
}

int addr_entry_read(struct addr_entry *e, const uint8_t *p, size_t len)
{
	struct zen_reader r;
	size_t at = 57;

	memset(e, 0, sizeof(*e));
	if (len < at)
		return -1;
	e->block = chain_get32(p);
	e->index = chain_get32(p + 4);
	memcpy(e->tx_hash, p + 8, ZEN_HASH_LEN);
	e->timestamp = chain_get64(p + 40);
	e->negative = !!(p[48] & F_NEGATIVE);
	e->incoming = !!(p[48] & F_INCOMING);
	e->lock = (enum addr_lock_kind)((p[48] & F_LOCK_MASK) >> F_LOCK_SHIFT);
	e->amount = chain_get64(p + 49);
	if (e->lock == ADDR_LOCK_COINBASE) {
		if (len < at + 4)
			return -1;
		e->lock_block = chain_get32(p + at);
		at += 4;
	} else if (e->lock != ADDR_LOCK_PK && e->lock != ADDR_LOCK_CONTRACT) {
		return -1;
	}
	zen_reader_init(&r, p + at, len - at);
	if (zen_read_asset(&r, &e->asset, NULL) || zen_reader_left(&r))
		return -1;
	return 0;
}

void addr_entry_lock(struct addr_entry *e, const struct zen_lock *l)
{
	e->lock = l->id == ZEN_LOCK_COINBASE ? ADDR_LOCK_COINBASE :
		  l->id == ZEN_LOCK_CONTRACT ? ADDR_LOCK_CONTRACT :
		  ADDR_LOCK_PK;
	e->lock_block = l->id == ZEN_LOCK_COINBASE ? l->block_number : 0;
}

void addr_entry_lock_of(struct zen_lock *l, const struct addr_entry *e,
			const struct zen_address *a)
{
	zen_lock_release(l);
	switch (e->lock) {
	case ADDR_LOCK_CONTRACT:
		l->id = ZEN_LOCK_CONTRACT;
		l->cid = a->cid;
		break;
	case ADDR_LOCK_COINBASE:
		l->id = ZEN_LOCK_COINBASE;
		l->block_number = e->lock_block;
		memcpy(l->pk_hash, a->pk_hash, ZEN_HASH_LEN);
		break;
	default:
		l->id = ZEN_LOCK_PK;
		memcpy(l->pk_hash, a->pk_hash, ZEN_HASH_LEN);
		break;
	}
}

void addr_call_encode(uint8_t out[ADDR_CALL_LEN], const struct zen_addr_call *c)
{
	chain_put32(out, c->block);
	chain_put32(out + 4, c->index);
	chain_put32(out + 8, c->witness);
	memcpy(out + 12, c->tx_hash, ZEN_HASH_LEN);
}

void addr_call_decode(struct zen_addr_call *c, const uint8_t in[ADDR_CALL_LEN])
{
	c->block = chain_get32(in);
	c->index = chain_get32(in + 4);
	c->witness = chain_get32(in + 8);
	memcpy(c->tx_hash, in + 12, ZEN_HASH_LEN);
}
