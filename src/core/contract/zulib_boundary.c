/*
 * zulib_boundary.c - node <-> contract conversions (contracts.md 2.2-2.4).
 */
#include <stdlib.h>

#include "core/base/buf.h"
#include "core/contract/zulib_int.h"


static int bad(struct zen_rt *rt, const char *what)
{
	return zen_rt_fail(rt, "malformed %s in contract value", what);
}

static int get_hash(const zv *v, uint8_t out[32])
{
	if (!v || v->tag != ZV_BYTES || v->u.bytes.len != 32)
		return -1;
	memcpy(out, v->u.bytes.p, 32);
	return 0;
}

zv *zv_of_cid(struct zen_rt *rt, const struct zen_contract_id *cid)
{
	return zv_tuple2(rt, zv_u32(rt, cid->version),
			 zv_bytes(rt, cid->hash, 32));
}

int zv_to_cid(struct zen_rt *rt, const zv *v, struct zen_contract_id *cid)
{
	if (!v || v->tag != ZV_TUPLE || v->u.seq.n != 2 ||
	    v->u.seq.items[0]->tag != ZV_U32 ||
	    get_hash(v->u.seq.items[1], cid->hash))
		return bad(rt, "contract id");
	cid->version = (uint32_t)v->u.seq.items[0]->u.u;
	return 0;
}

zv *zv_of_asset(struct zen_rt *rt, const struct zen_asset *a)
{
	return zv_tuple3(rt, zv_u32(rt, a->cid.version),
			 zv_bytes(rt, a->cid.hash, 32),
			 zv_bytes(rt, a->subtype, 32));
}

int zv_to_asset(struct zen_rt *rt, const zv *v, struct zen_asset *a)
{
	uint8_t key[68];

	TRY(zv_asset_key(rt, v, key));
	a->cid.version = (uint32_t)key[0] << 24 | (uint32_t)key[1] << 16 |
			 (uint32_t)key[2] << 8 | key[3];
	memcpy(a->cid.hash, key + 4, 32);
	memcpy(a->subtype, key + 36, 32);
	return 0;
}

zv *zv_of_spend(struct zen_rt *rt, const struct zen_spend *s)
{
	zv *vals[2] = { zv_of_asset(rt, &s->asset), zv_u64(rt, s->amount) };

	return vals[0] && vals[1] ? zv_record(rt, 2, zl_spend_t.fields, vals) : NULL;
}

int zv_to_spend(struct zen_rt *rt, const zv *v, struct zen_spend *s)
{
	zv *amt = zv_field(v, "amount");

	if (!amt || amt->tag != ZV_U64)
		return bad(rt, "spend");
	s->amount = amt->u.u;
	return zv_to_asset(rt, zv_field(v, "asset"), &s->asset);
}

zv *zv_of_outpoint(struct zen_rt *rt, const struct zen_outpoint *o)
{
	zv *vals[2] = { zv_bytes(rt, o->tx_hash, 32), zv_u32(rt, o->index) };

	return vals[0] && vals[1] ? zv_record(rt, 2, zl_outpoint_t.fields, vals) : NULL;
}

int zv_to_outpoint(struct zen_rt *rt, const zv *v, struct zen_outpoint *o)
{
	zv *i = zv_field(v, "index");

	if (!i || i->tag != ZV_U32 || get_hash(zv_field(v, "txHash"),
					       o->tx_hash))
		return bad(rt, "outpoint");
	o->index = (uint32_t)i->u.u;
	return 0;
}

/* C (a, b), a lock constructor of one pair (Zen.Types.Extracted). */
static zv *pair_lock(struct zen_rt *rt, const char *name, zv **ab)
{
	zv *t = ab[0] && ab[1] ? zv_tuple2(rt, ab[0], ab[1]) : NULL;

	return t ? zv_con1(rt, name, t) : NULL;
}

zv *zv_of_lock(struct zen_rt *rt, const struct zen_lock *l)
{
	zv *args[2];

	switch (l->id) {
	case ZEN_LOCK_FEE: return zv_con0(rt, "FeeLock");
	case ZEN_LOCK_DESTROY: return zv_con0(rt, "DestroyLock");
	case ZEN_LOCK_ACTIVATION_SACRIFICE:
		return zv_con0(rt, "ActivationSacrificeLock");
	case ZEN_LOCK_PK:
		return zv_con1(rt, "PKLock", zv_bytes(rt, l->pk_hash, 32));
	case ZEN_LOCK_CONTRACT:
		return zv_con1(rt, "ContractLock", zv_of_cid(rt, &l->cid));
	case ZEN_LOCK_EXTENSION_SACRIFICE:
		return zv_con1(rt, "ExtensionSacrificeLock",
			       zv_of_cid(rt, &l->cid));
	case ZEN_LOCK_COINBASE:
		args[0] = zv_u32(rt, l->block_number);
		args[1] = zv_bytes(rt, l->pk_hash, 32);
		return pair_lock(rt, "CoinbaseLock", args);
	default:
		args[0] = zv_u32(rt, l->id);
		args[1] = zv_tuple2(rt, zv_int(rt, (int64_t)l->len),
				    zv_bytes(rt, l->data, l->len));
		return pair_lock(rt, "HighVLock", args);
	}
}

/* The pair a lock constructor of one tuple argument holds, or NULL. */
static zv *const *lock_pair(const zv *v)
{
	const zv *t = v->u.con.n == 1 ? v->u.con.args[0] : NULL;

	return t && t->tag == ZV_TUPLE && t->u.seq.n == 2 ? t->u.seq.items
							  : NULL;
}

int zv_to_lock(struct zen_rt *rt, const zv *v, struct zen_lock *l)
{
	zv *const *p;

	zen_lock_release(l);
	zen_lock_init(l);
	if (!v || v->tag != ZV_CON)
		return bad(rt, "lock");
	if (zv_is_con(v, "FeeLock")) {
		l->id = ZEN_LOCK_FEE;
	} else if (zv_is_con(v, "DestroyLock")) {
		l->id = ZEN_LOCK_DESTROY;
	} else if (zv_is_con(v, "ActivationSacrificeLock")) {
		l->id = ZEN_LOCK_ACTIVATION_SACRIFICE;
	} else if (zv_is_con(v, "PKLock") && v->u.con.n == 1) {
		l->id = ZEN_LOCK_PK;
		if (get_hash(v->u.con.args[0], l->pk_hash))
			return bad(rt, "lock");
	} else if ((zv_is_con(v, "ContractLock") ||
		    zv_is_con(v, "ExtensionSacrificeLock")) &&
		   v->u.con.n == 1) {
		l->id = zv_is_con(v, "ContractLock")
				? ZEN_LOCK_CONTRACT : ZEN_LOCK_EXTENSION_SACRIFICE;
		return zv_to_cid(rt, v->u.con.args[0], &l->cid);
	} else if (zv_is_con(v, "CoinbaseLock") && (p = lock_pair(v)) &&
		   p[0]->tag == ZV_U32) {
		l->id = ZEN_LOCK_COINBASE;
		l->block_number = (uint32_t)p[0]->u.u;
		if (get_hash(p[1], l->pk_hash))
			return bad(rt, "lock");
	} else if (zv_is_con(v, "HighVLock") && (p = lock_pair(v)) &&
		   p[0]->tag == ZV_U32 && p[1]->tag == ZV_TUPLE &&
		   p[1]->u.seq.n == 2 &&
		   p[1]->u.seq.items[1]->tag == ZV_BYTES) {
		const zv *b = p[1]->u.seq.items[1];

		l->id = (uint32_t)p[0]->u.u;
		if (!zen_lock_is_highv(l->id))
			return bad(rt, "lock");
		l->len = b->u.bytes.len;
		l->data = zen_xmemdup(b->u.bytes.p, b->u.bytes.len + 1);
	} else {
		return bad(rt, "lock");
	}
	return 0;
}

zv *zv_of_output(struct zen_rt *rt, const struct zen_output *o)
{
	zv *vals[2] = { zv_of_lock(rt, &o->lock), zv_of_spend(rt, &o->spend) };

	return vals[0] && vals[1] ? zv_record(rt, 2, zl_output_t.fields, vals) : NULL;
}

int zv_to_output(struct zen_rt *rt, const zv *v, struct zen_output *o)
{
	TRY(zv_to_lock(rt, zv_field(v, "lock"), &o->lock));
	return zv_to_spend(rt, zv_field(v, "spend"), &o->spend);
}

/* ---- data ---- */

/*
 * Dict d as `Dict dict`.  A data dictionary is normally normalized
 * (shortlex-sorted, unique keys): then the entries are taken in order,
 * one allocation; anything else goes through zv_dict_add.
 */
static int of_dict(struct zen_rt *rt, const struct zen_data *d, zv **out)
{
	size_t n = d->u.dict.n, i;
	struct zv_dict_entry *e = zen_rt_alloc(rt, (n ? n : 1) * sizeof(*e));
	zv *dict;
	int sorted = 1;

	if (!e)
		return ZEN_EREFUSED;
	for (i = 0; i < n; i++) {
		const struct zen_data_entry *de = &d->u.dict.entries[i];

		TRY(zv_of_data(rt, &de->value, &e[i].val));
		if (!(e[i].key = zen_rt_memdup(rt, de->key, de->key_len)))
			return ZEN_EREFUSED;
		e[i].klen = de->key_len;
		if (i && zv_key_cmp(e[i - 1].key, e[i - 1].klen, e[i].key,
				    e[i].klen) >= 0)
			sorted = 0;
	}
	if (sorted) {
		dict = zv_dict_of_sorted(rt, e, n);
	} else {
		dict = zv_dict_empty();
		for (i = 0; i < n && dict; i++)
			dict = zv_dict_add(rt, dict, e[i].key, e[i].klen,
					   e[i].val);
	}
	RET(zv_con1(rt, "Dict", dict));
}

int zv_of_data(struct zen_rt *rt, const struct zen_data *d, zv **out)
{
	const char *name = NULL;
	zv *p = NULL, **it;
	size_t i;
	uint8_t buf[64];

	switch (d->kind) {
	case ZEN_DATA_I64: name = "I64"; p = zv_i64(rt, d->u.i64); break;
	case ZEN_DATA_BYTE: name = "Byte"; p = zv_u8(rt, d->u.byte); break;
	case ZEN_DATA_BYTES:
		name = "ByteArray";
		p = zv_bytes(rt, d->u.bytes.p, d->u.bytes.len);
		break;
	case ZEN_DATA_U32: name = "U32"; p = zv_u32(rt, d->u.u32); break;
	case ZEN_DATA_U64: name = "U64"; p = zv_u64(rt, d->u.u64); break;
	case ZEN_DATA_STRING:
		name = "String";
		p = zv_bytes(rt, d->u.bytes.p, d->u.bytes.len);
		break;
	case ZEN_DATA_HASH: name = "Hash"; p = zv_bytes(rt, d->u.hash, 32);
		break;
	case ZEN_DATA_LOCK: name = "Lock"; p = zv_of_lock(rt, &d->u.lock);
		break;
	case ZEN_DATA_SIGNATURE:
		name = "Signature";
		zen_sig_swap(buf, d->u.signature);
		p = zv_bytes(rt, buf, 64);
		break;
	case ZEN_DATA_PUBKEY:
		name = "PublicKey";
		if (zen_pubkey_to_internal(buf, d->u.pubkey))
			return zen_rt_fail(rt, "invalid public key in data");
		p = zv_bytes(rt, buf, 64);
		break;
	case ZEN_DATA_ARRAY: case ZEN_DATA_LIST:
		TRY(zen_rt_enter(rt));
		if (!(it = zen_rt_alloc(rt, (d->u.coll.n + 1) * sizeof(zv *))))
			return ZEN_EREFUSED;
		for (i = 0; i < d->u.coll.n; i++) {
			int rc = zv_of_data(rt, &d->u.coll.items[i], &it[i]);

			if (rc) {
				zen_rt_leave(rt);
				return rc;
			}
		}
		zen_rt_leave(rt);
		p = d->kind == ZEN_DATA_ARRAY
			? zv_con1(rt, "Array", zv_array(rt, d->u.coll.n, it))
			: zv_con1(rt, "List", zv_list(rt, d->u.coll.n, it));
		name = "Collection";
		break;
	case ZEN_DATA_DICT: {
		int rc;

		TRY(zen_rt_enter(rt));
		rc = of_dict(rt, d, &p);
		zen_rt_leave(rt);
		if (rc)
			return rc;
		name = "Collection";
		break;
	}
	default:
		return zen_rt_fail(rt, "empty data value");
	}
	RET(zv_con1(rt, name, p));
}

int zv_of_data_option(struct zen_rt *rt, const struct zen_data *d, zv **out)
{
	zv *x;

	if (!d)
		RET(zv_none());
	TRY(zv_of_data(rt, d, &x));
	RET(zv_some(rt, x));
}

static int to_data(struct zen_rt *rt, const zv *v, struct zen_data *d,
		   int depth)
{
	const zv *p;
	const char *n;
	size_t i;

	zen_data_release(d);
	if (!v || v->tag != ZV_CON || v->u.con.n != 1)
		return bad(rt, "data");
	n = v->u.con.name;
	p = v->u.con.args[0];
	if (!strcmp(n, "I64") && p->tag == ZV_I64) {
		d->kind = ZEN_DATA_I64;
		d->u.i64 = p->u.i;
	} else if (!strcmp(n, "Byte") && p->tag == ZV_U8) {
		d->kind = ZEN_DATA_BYTE;
		d->u.byte = (uint8_t)p->u.u;
	} else if (!strcmp(n, "U32") && p->tag == ZV_U32) {
		d->kind = ZEN_DATA_U32;
		d->u.u32 = (uint32_t)p->u.u;
	} else if (!strcmp(n, "U64") && p->tag == ZV_U64) {
		d->kind = ZEN_DATA_U64;
		d->u.u64 = p->u.u;
	} else if (!strcmp(n, "ByteArray") || !strcmp(n, "String")) {
		const uint8_t *b;
		size_t len;
		static const struct zen_native self = { "data", NULL, 0, 0, 0,
							0, CNONE };

		if (p->tag != ZV_BYTES && (n[0] == 'S' || p->tag != ZV_ARRAY))
			return bad(rt, "data");
		TRY(zl_byteseq(rt, &self, p, &b, &len));
		d->kind = n[0] == 'S' ? ZEN_DATA_STRING : ZEN_DATA_BYTES;
		d->u.bytes.p = zen_xmalloc(len + 1);
		if (len)
			memcpy(d->u.bytes.p, b, len);
		d->u.bytes.p[len] = 0;
		d->u.bytes.len = len;
	} else if (!strcmp(n, "Hash")) {
		if (get_hash(p, d->u.hash))
			return bad(rt, "data");
		d->kind = ZEN_DATA_HASH;
	} else if (!strcmp(n, "Lock")) {
		d->kind = ZEN_DATA_LOCK;
		zen_lock_init(&d->u.lock);
		return zv_to_lock(rt, p, &d->u.lock);
	} else if (!strcmp(n, "Signature") || !strcmp(n, "PublicKey")) {
		if (p->tag != ZV_BYTES || p->u.bytes.len != 64)
			return bad(rt, "data");
		if (n[0] == 'S') {
			d->kind = ZEN_DATA_SIGNATURE;
			zen_sig_swap(d->u.signature, p->u.bytes.p);
		} else {
			d->kind = ZEN_DATA_PUBKEY;
			zen_pubkey_from_internal(d->u.pubkey, p->u.bytes.p);
		}
	} else if (!strcmp(n, "Collection") && p->tag == ZV_CON &&
		   p->u.con.n == 1) {
		const zv *c = p->u.con.args[0];
		zv **it = NULL;
		size_t cnt = 0;

		if (depth >= ZEN_DATA_MAX_DEPTH)
			return zen_rt_fail(rt, "data nested too deeply");
		if (zv_is_con(p, "Dict") && c->tag == ZV_DICT) {
			d->kind = ZEN_DATA_DICT;
			d->u.dict.entries = zen_xcalloc(c->u.dict.n + 1,
						sizeof(*d->u.dict.entries));
			for (i = 0; i < c->u.dict.n; i++) {
				const struct zv_dict_entry *e = &c->u.dict.e[i];
				struct zen_data_entry *de =
					&d->u.dict.entries[i];

				de->key = zen_xmalloc(e->klen + 1);
				memcpy(de->key, e->key, e->klen);
				de->key[e->klen] = 0;
				de->key_len = e->klen;
				zen_data_init(&de->value);
				d->u.dict.n = i + 1;
				TRY(to_data(rt, e->val, &de->value, depth + 1));
			}
			return 0;
		}
		if (zv_is_con(p, "Array") && c->tag == ZV_ARRAY) {
			d->kind = ZEN_DATA_ARRAY;
			it = c->u.seq.items;
			cnt = c->u.seq.n;
		} else if (zv_is_con(p, "List") && c->tag == ZV_LIST) {
			d->kind = ZEN_DATA_LIST;
			cnt = c->u.list.len;
			if (!(it = zv_list_items(rt, c)))
				return ZEN_EREFUSED;
		} else {
			return bad(rt, "data");
		}
		d->u.coll.items = zen_xcalloc(cnt + 1, sizeof(struct zen_data));
		for (i = 0; i < cnt; i++) {
			zen_data_init(&d->u.coll.items[i]);
			d->u.coll.n = i + 1;
			TRY(to_data(rt, it[i], &d->u.coll.items[i], depth + 1));
		}
	} else {
		return bad(rt, "data");
	}
	return 0;
}

int zv_to_data(struct zen_rt *rt, const zv *v, struct zen_data *d)
{
	return to_data(rt, v, d, 0);
}

/* ---- arguments of main / cf ---- */

zv *zv_context(struct zen_rt *rt, uint32_t block_number, uint64_t timestamp)
{
	zv *vals[2] = { zv_u32(rt, block_number), zv_u64(rt, timestamp) };

	return vals[0] && vals[1] ? zv_record(rt, 2, zl_context_t.fields, vals) : NULL;
}

zv *zv_sender_anonymous(void)
{
	static zv anon = { .tag = ZV_CON, .u.con = { "Anonymous", 0, NULL } };

	return &anon;
}

int zv_sender_pk(struct zen_rt *rt, const uint8_t cpk[33], zv **out)
{
	uint8_t pk[64];

	if (zen_pubkey_to_internal(pk, cpk))
		return zen_rt_fail(rt, "invalid sender public key");
	RET(zv_con1(rt, "PK", zv_bytes(rt, pk, 64)));
}

zv *zv_sender_contract(struct zen_rt *rt, const struct zen_contract_id *c)
{
	return zv_con1(rt, "Contract", zv_of_cid(rt, c));
}

zv *zv_command(struct zen_rt *rt, const char *cmd, size_t len)
{
	zv *v = zv_bytes(rt, cmd, len);
	size_t i;

	if (v)
		for (i = 0; i < len; i++)
			if ((uint8_t)cmd[i] >= 0x80)
				((uint8_t *)v->u.bytes.p)[i] = '?';
	return v;
}

/* ---- skeletons ---- */

void zen_skel_init(struct zen_skel *s)
{
	memset(s, 0, sizeof(*s));
}

void zen_skel_release(struct zen_skel *s)
{
	size_t i;

	for (i = 0; i < s->n_inputs; i++)
		zen_output_release(&s->inputs[i].output);
	for (i = 0; i < s->n_outputs; i++)
		zen_output_release(&s->outputs[i]);
	free(s->inputs);
	free(s->outputs);
	zen_skel_init(s);
}

static zv *pointed(struct zen_rt *rt, const struct zen_outpoint *op,
		   const struct zen_output *o)
{
	return zv_tuple2(rt, zv_of_outpoint(rt, op), zv_of_output(rt, o));
}

int zv_of_skel(struct zen_rt *rt, const struct zen_skel *s, zv **out)
{
	zv *v = zl_skel_empty(rt), *item;
	size_t i;

	if (!v)
		return ZEN_EREFUSED;
	for (i = 0; i < s->n_inputs; i++) {
		const struct zen_skel_input *in = &s->inputs[i];

		item = in->is_mint
			? zv_con1(rt, "Mint", zv_of_spend(rt, &in->mint))
			: zv_con1(rt, "PointedOutput",
				  pointed(rt, &in->outpoint, &in->output));
		TRY(zl_skel_add(rt, v, 0, item, &v));
	}
	for (i = 0; i < s->n_outputs; i++)
		TRY(zl_skel_add(rt, v, 1, zv_of_output(rt, &s->outputs[i]),
				&v));
	RET(v);
}

int zv_to_skel(struct zen_rt *rt, const zv *v, struct zen_skel *s)
{
	const struct zv_skel *k;
	size_t i;

	zen_skel_release(s);
	if (!v || v->tag != ZV_SKEL)
		return bad(rt, "transaction skeleton");
	k = v->u.skel;
	s->inputs = zen_xcalloc(k->n_in + 1, sizeof(*s->inputs));
	s->outputs = zen_xcalloc(k->n_out + 1, sizeof(*s->outputs));
	for (i = 0; i < k->n_in; i++) {
		const zv *it = zv_skel_item(v, 0, i);
		struct zen_skel_input *in = &s->inputs[i];

		zen_output_init(&in->output);
		s->n_inputs = i + 1;
		if (zv_is_con(it, "Mint")) {
			in->is_mint = 1;
			TRY(zv_to_spend(rt, it->u.con.args[0], &in->mint));
		} else {
			const zv *t = it->u.con.args[0];

			TRY(zv_to_outpoint(rt, t->u.seq.items[0],
					   &in->outpoint));
			TRY(zv_to_output(rt, t->u.seq.items[1], &in->output));
		}
	}
	for (i = 0; i < k->n_out; i++) {
		zen_output_init(&s->outputs[i]);
		s->n_outputs = i + 1;
		TRY(zv_to_output(rt, zv_skel_item(v, 1, i), &s->outputs[i]));
	}
	return 0;
}

int zv_wallet(struct zen_rt *rt, const struct zen_outpoint *ops,
	      const struct zen_output *outs, size_t n, zv **out)
{
	zv **it = zen_rt_alloc(rt, (n + 1) * sizeof(zv *));
	size_t i;

	if (!it)
		return ZEN_EREFUSED;
	for (i = 0; i < n; i++)
		if (!(it[i] = pointed(rt, &ops[i], &outs[i])))
			return ZEN_EREFUSED;
	RET(zv_list(rt, n, it));
}

int zv_restricted_wallet(struct zen_rt *rt, const struct zen_skel *s,
			 size_t begin, size_t len,
			 const struct zen_contract_id *cid, zv **out)
{
	zv **it = zen_rt_alloc(rt, (len + 1) * sizeof(zv *));
	size_t i, k = 0;

	if (!it)
		return ZEN_EREFUSED;
	for (i = begin; i < begin + len && i < s->n_inputs; i++) {
		const struct zen_skel_input *in = &s->inputs[i];

		if (in->is_mint || in->output.lock.id != ZEN_LOCK_CONTRACT ||
		    in->output.lock.cid.version != cid->version ||
		    memcmp(in->output.lock.cid.hash, cid->hash, 32))
			continue;
		if (!(it[k++] = pointed(rt, &in->outpoint, &in->output)))
			return ZEN_EREFUSED;
	}
	RET(zv_list(rt, k, it));
}

/* ---- results ---- */

void zen_contract_return_init(struct zen_contract_return *r)
{
	memset(r, 0, sizeof(*r));
	zen_skel_init(&r->tx);
	zen_data_init(&r->state_data);
}

void zen_contract_return_release(struct zen_contract_return *r)
{
	free(r->err_msg);
	free(r->command);
	zen_skel_release(&r->tx);
	if (r->body) {
		zen_data_release(r->body);
		free(r->body);
	}
	zen_data_release(&r->state_data);
	zen_contract_return_init(r);
}

static char *dupbytes(const zv *b)
{
	char *s = zen_xmalloc(b->u.bytes.len + 1);

	memcpy(s, b->u.bytes.p, b->u.bytes.len);
	s[b->u.bytes.len] = 0;
	return s;
}

int zen_rt_contract_result(struct zen_rt *rt, const zv *v,
			   struct zen_contract_return *r)
{
	const zv *ret, *msg, *st;

	zen_contract_return_release(r);
	if (zv_is_con(v, "ERR") && v->u.con.n == 1 &&
	    v->u.con.args[0]->tag == ZV_BYTES) {
		r->err_msg = dupbytes(v->u.con.args[0]);
		return 0;
	}
	if (!zv_is_con(v, "OK") || v->u.con.n != 1)
		return bad(rt, "contract result");
	r->ok = 1;
	ret = v->u.con.args[0];
	msg = zv_field(ret, "message");
	st = zv_field(ret, "state");
	TRY(zv_to_skel(rt, zv_field(ret, "tx"), &r->tx));
	if (zv_is_con(msg, "Some") && msg->u.con.n == 1) {
		const zv *m = msg->u.con.args[0], *cmd = zv_field(m, "command"),
			 *body = zv_field(m, "body");

		if (!cmd || cmd->tag != ZV_BYTES || !body)
			return bad(rt, "message");
		r->has_message = 1;
		TRY(zv_to_cid(rt, zv_field(m, "recipient"), &r->recipient));
		r->command = dupbytes(cmd);
		r->command_len = cmd->u.bytes.len;
		if (zv_is_con(body, "Some") && body->u.con.n == 1) {
			r->body = zen_xmalloc(sizeof(*r->body));
			zen_data_init(r->body);
			TRY(zv_to_data(rt, body->u.con.args[0], r->body));
		} else if (!zv_is_con(body, "None")) {
			return bad(rt, "message body");
		}
	} else if (!zv_is_con(msg, "None")) {
		return bad(rt, "message");
	}
	if (zv_is_con(st, "NoChange")) {
		r->state = ZEN_STATE_NOCHANGE;
	} else if (zv_is_con(st, "Delete")) {
		r->state = ZEN_STATE_DELETE;
	} else if (zv_is_con(st, "Update") && st->u.con.n == 1) {
		r->state = ZEN_STATE_UPDATE;
		TRY(zv_to_data(rt, st->u.con.args[0], &r->state_data));
	} else {
		return bad(rt, "state update");
	}
	return 0;
}

int zen_rt_cost_result(struct zen_rt *rt, const zv *v, uint64_t *cost)
{
	if (!v || v->tag != ZV_INT || v->u.i < 0)
		return bad(rt, "cost");
	*cost = (uint64_t)v->u.i;
	return 0;
}
