/*
 * zulib_tx.c - Zen.TxSkeleton and Zen.Wallet (4.8), Zen.Asset and
 * Zen.ContractId (4.9), Zen.ContractReturn and Zen.ContractResult (4.10),
 * the Zen.Types constructors.
 *
 * A txSkeleton value is two append-only sequences (inputs in insertion
 * order, outputs in insertion order) plus per-asset checked totals.  The
 * sequences share one buffer between a skeleton and its extensions: the
 * newest skeleton appends in place, an older one copies first (so linear
 * use is O(1) per add and values stay immutable).
 */
#include "core/encoding/hex.h"
#include "core/contract/zulib_int.h"
#include "core/crypto/hash.h"

zv *zl_skel_empty(struct zen_rt *rt)
{
	zv *v = zen_rt_alloc(rt, sizeof(*v));
	struct zv_skel *s = zen_rt_alloc(rt, sizeof(*s));

	if (!v || !s || !(s->in = zen_rt_alloc(rt, sizeof(*s->in))) ||
	    !(s->out = zen_rt_alloc(rt, sizeof(*s->out))))
		return NULL;
	v->tag = ZV_SKEL;
	v->u.skel = s;
	return v;
}

static int spend_parts(struct zen_rt *rt, const zv *spend, uint8_t key[68],
		       uint64_t *amount)
{
	zv *amt = zv_field(spend, "amount");

	if (!amt || amt->tag != ZV_U64)
		return zen_rt_fail(rt, "malformed spend");
	*amount = amt->u.u;
	return zv_asset_key(rt, zv_field(spend, "asset"), key);
}

/* The spend of an input (Mint spend / PointedOutput (op, output)) or of
 * an output record. */
static int item_spend(struct zen_rt *rt, const zv *item, int output,
		      const zv **spend)
{
	if (output) {
		*spend = zv_field(item, "spend");
	} else if (zv_is_con(item, "Mint") && item->u.con.n == 1) {
		*spend = item->u.con.args[0];
	} else if (zv_is_con(item, "PointedOutput") && item->u.con.n == 1 &&
		   item->u.con.args[0]->tag == ZV_TUPLE &&
		   item->u.con.args[0]->u.seq.n == 2) {
		*spend = zv_field(item->u.con.args[0]->u.seq.items[1],
				  "spend");
	} else {
		return zen_rt_fail(rt, "malformed transaction input");
	}
	if (!*spend)
		return zen_rt_fail(rt, "malformed %s",
				   output ? "output" : "input");
	return 0;
}

int zl_skel_add(struct zen_rt *rt, const zv *skel, int output, zv *item,
		zv **out)
{
	const struct zv_skel *s = skel->u.skel;
	struct zv_skel *ns;
	struct zv_seq_buf *b = output ? s->out : s->in, *nb;
	size_t n = output ? s->n_out : s->n_in, i;
	const zv *spend;
	uint8_t key[68];
	uint64_t amount, *tot;
	zv *v;

	if (!item)
		return ZEN_EREFUSED;
	TRY(item_spend(rt, item, output, &spend));
	TRY(spend_parts(rt, spend, key, &amount));
	if (!(v = zen_rt_alloc(rt, sizeof(*v))) ||
	    !(ns = zen_rt_alloc(rt, sizeof(*ns))))
		return ZEN_EREFUSED;
	*ns = *s;
	/* totals: copy, then checked add */
	for (i = 0; i < s->n_tot; i++)
		if (!memcmp(s->tot[i].asset, key, 68))
			break;
	ns->n_tot = s->n_tot + (i == s->n_tot);
	if (!(ns->tot = zen_rt_alloc(rt, ns->n_tot * sizeof(*ns->tot))))
		return ZEN_EREFUSED;
	if (s->n_tot)
		memcpy(ns->tot, s->tot, s->n_tot * sizeof(*ns->tot));
	memcpy(ns->tot[i].asset, key, 68);
	tot = output ? &ns->tot[i].out : &ns->tot[i].in;
	if (__builtin_add_overflow(*tot, amount, tot))
		return zen_rt_fail(rt, "amount overflow in transaction %s",
				   output ? "outputs" : "inputs");
	if (output)
		ns->tot[i].has_out = 1;
	else
		ns->tot[i].has_in = 1;
	/* sequence */
	if (b->used == n && n < b->cap) {
		nb = b;
	} else {
		if (!(nb = zen_rt_alloc(rt, sizeof(*nb))))
			return ZEN_EREFUSED;
		nb->cap = 2 * n + 4;
		if (!(nb->items = zen_rt_alloc(rt, nb->cap * sizeof(zv *))))
			return ZEN_EREFUSED;
		if (n)
			memcpy(nb->items, b->items, n * sizeof(zv *));
	}
	nb->items[n] = item;
	nb->used = n + 1;
	if (output) {
		ns->out = nb;
		ns->n_out = n + 1;
	} else {
		ns->in = nb;
		ns->n_in = n + 1;
	}
	v->tag = ZV_SKEL;
	v->u.skel = ns;
	*out = v;
	return 0;
}

static zv *mk_spend(struct zen_rt *rt, zv *asset, zv *amount)
{
	zv *vals[2] = { asset, amount };

	return asset && amount ? zv_record(rt, 2, zl_spend_t.fields, vals) : NULL;
}

static zv *mk_output(struct zen_rt *rt, zv *lock, zv *spend)
{
	zv *vals[2] = { lock, spend };

	return lock && spend ? zv_record(rt, 2, zl_output_t.fields, vals) : NULL;
}

static int want_skel(struct zen_rt *rt, const struct zen_native *self,
		     const zv *v)
{
	return zl_want(rt, self, v, ZV_SKEL);
}

static uint64_t available(const zv *skel, const uint8_t key[68])
{
	const struct zv_skel *s = skel->u.skel;
	size_t i;

	for (i = 0; i < s->n_tot; i++)
		if (!memcmp(s->tot[i].asset, key, 68))
			return s->tot[i].in > s->tot[i].out
				       ? s->tot[i].in - s->tot[i].out : 0;
	return 0;
}

NATIVE(tx_available)	/* getAvailableTokens asset tx */
{
	uint8_t key[68];

	TRY(zv_asset_key(rt, a[0], key));
	TRY(want_skel(rt, self, a[1]));
	RET(zv_u64(rt, available(a[1], key)));
}

NATIVE(tx_add_input)
{
	TRY(want_skel(rt, self, a[1]));
	return zl_skel_add(rt, a[1], 0, a[0], out);
}

NATIVE(tx_add_inputs)
{
	zv *l = a[0], *s = a[1];

	TRY(zl_list(rt, self, l));
	TRY(want_skel(rt, self, s));
	for (; l->u.list.len; l = l->u.list.tail)
		TRY(zl_skel_add(rt, s, 0, l->u.list.head, &s));
	RET(s);
}

static int lock_out(struct zen_rt *rt, const struct zen_native *self,
		    zv *asset, zv *amount, zv *lock, zv *skel, zv **out)
{
	uint8_t key[68];

	TRY(zv_asset_key(rt, asset, key));
	TRY(zl_want(rt, self, amount, ZV_U64));
	TRY(want_skel(rt, self, skel));
	return zl_skel_add(rt, skel, 1,
			   mk_output(rt, lock, mk_spend(rt, asset, amount)),
			   out);
}

enum { LK_CONTRACT, LK_PKHASH, LK_PUBKEY, LK_ANY };

NATIVE(tx_lock)	/* lockTo* asset amount target tx */
{
	zv *lock = NULL;

	switch (self->aux) {
	case LK_CONTRACT:
		lock = zv_con1(rt, "ContractLock", a[2]);
		break;
	case LK_PKHASH:
		TRY(zl_hash(rt, self, a[2]));
		lock = zv_con1(rt, "PKLock", a[2]);
		break;
	case LK_PUBKEY: {
		uint8_t cpk[33], h[32];

		TRY(zl_bytes(rt, self, a[2]));
		if (a[2]->u.bytes.len != 64)
			return zen_rt_fail(rt, "%s: expected a public key",
					   self->name);
		zen_pubkey_from_internal(cpk, a[2]->u.bytes.p);
		zen_sha3(h, cpk, 33);
		lock = zv_con1(rt, "PKLock", zv_bytes(rt, h, 32));
		break;
	}
	default:
		lock = a[2];
		break;
	}
	if (!lock)
		return ZEN_EREFUSED;
	return lock_out(rt, self, a[0], a[1], lock, a[3], out);
}

NATIVE(tx_change)	/* addChangeOutput asset cid tx (even when 0) */
{
	uint8_t key[68];

	TRY(zv_asset_key(rt, a[0], key));
	TRY(want_skel(rt, self, a[2]));
	return lock_out(rt, self, a[0], zv_u64(rt, available(a[2], key)),
			zv_con1(rt, "ContractLock", a[1]), a[2], out);
}

enum { MT_MINT, MT_SAFE, MT_DESTROY };

NATIVE(tx_mint)	/* mint / safeMint / destroy amount asset tx */
{
	uint8_t key[68];

	TRY(zl_want(rt, self, a[0], ZV_U64));
	TRY(zv_asset_key(rt, a[1], key));
	TRY(want_skel(rt, self, a[2]));
	if (self->aux == MT_DESTROY)
		return lock_out(rt, self, a[1], a[0],
				zv_con0(rt, "DestroyLock"), a[2], out);
	if (self->aux == MT_SAFE && a[0]->u.u == 0)
		RET(zv_none());
	TRY(zl_skel_add(rt, a[2], 0,
			zv_con1(rt, "Mint", mk_spend(rt, a[1], a[0])), out));
	if (self->aux == MT_SAFE)
		RET(zv_some(rt, *out));
	return 0;
}

NATIVE(tx_from_wallet)	/* fromWallet asset amount cid wallet tx */
{
	zv *w = a[3], *s = a[4], **taken;
	uint8_t key[68], k2[68];
	uint64_t amt, sum = 0, x;
	size_t n = 0, i;

	TRY(zv_asset_key(rt, a[0], key));
	TRY(zl_want(rt, self, a[1], ZV_U64));
	TRY(zl_list(rt, self, w));
	TRY(want_skel(rt, self, s));
	amt = a[1]->u.u;
	if (!(taken = zen_rt_alloc(rt, (w->u.list.len + 1) * sizeof(zv *))))
		return ZEN_EREFUSED;
	for (; w->u.list.len; w = w->u.list.tail) {
		zv *po = w->u.list.head, *o;

		if (po->tag != ZV_TUPLE || po->u.seq.n != 2 ||
		    !(o = zv_field(po->u.seq.items[1], "spend")))
			return zen_rt_fail(rt, "%s: malformed wallet entry",
					   self->name);
		TRY(spend_parts(rt, o, k2, &x));
		if (memcmp(k2, key, 68) || sum >= amt)
			continue;
		if (__builtin_add_overflow(sum, x, &sum))
			return zen_rt_fail(rt, "%s: amount overflow",
					   self->name);
		taken[n++] = po;
	}
	if (!n || sum < amt)
		RET(zv_none());
	for (i = 0; i < n; i++)
		TRY(zl_skel_add(rt, s, 0,
				zv_con1(rt, "PointedOutput", taken[i]), &s));
	if (sum > amt)
		TRY(lock_out(rt, self, a[0], zv_u64(rt, sum - amt),
			     zv_con1(rt, "ContractLock", a[2]), s, &s));
	RET(zv_some(rt, s));
}

NATIVE(tx_is_valid)
{
	const struct zv_skel *s;
	size_t i;
	int ok = 1;

	TRY(want_skel(rt, self, a[0]));
	s = a[0]->u.skel;
	for (i = 0; i < s->n_tot; i++)
		ok &= s->tot[i].has_in == s->tot[i].has_out &&
		      s->tot[i].in == s->tot[i].out;
	RET(zv_bool(ok));
}

const struct zen_native zl_txskel[] = {
	EC("getAvailableTokens", tx_available, 2, 0, CK(64)),
	EC("addInput", tx_add_input, 2, 0, CK(64)),
	EC("addInputs", tx_add_inputs, 2, 0, CLEN(64, 0, 64)),
	EC("lockToContract", tx_lock, 4, LK_CONTRACT, CK(64)),
	EC("lockToPubKey", tx_lock, 4, LK_PKHASH, CK(64)),
	EC("lockToPublicKey", tx_lock, 4, LK_PUBKEY, CK(610)),
	EC("lockToAddress", tx_lock, 4, LK_ANY, CK(64)),
	EC("addChangeOutput", tx_change, 3, 0, CK(64)),
	EC("mint", tx_mint, 3, MT_MINT, CK(64)),
	EC("safeMint", tx_mint, 3, MT_SAFE, CK(64)),
	EC("destroy", tx_mint, 3, MT_DESTROY, CK(64)),
	EC("fromWallet", tx_from_wallet, 5, 0, CLEN(128, 3, 192)),
	EC("isValid", tx_is_valid, 1, 0, CK(64)),
	ETYPE("txSkeleton"), ETYPE("t"),
	EEND
};

NATIVE(w_size)
{
	TRY(zl_list(rt, self, a[0]));
	RET(zv_int(rt, (int64_t)a[0]->u.list.len));
}

const struct zen_native zl_wallet[] = {
	E("size", w_size, 1, 0), ETYPE("wallet"), ETYPE("t"),
	EEND
};

/* ---- Zen.Asset, Zen.ContractId ---- */

static const uint8_t zero32[32];

static int want_cid(struct zen_rt *rt, const struct zen_native *self,
		    const zv *v)
{
	if (v && v->tag == ZV_TUPLE && v->u.seq.n == 2 &&
	    v->u.seq.items[0]->tag == ZV_U32 &&
	    v->u.seq.items[1]->tag == ZV_BYTES &&
	    v->u.seq.items[1]->u.bytes.len == 32)
		return 0;
	return zen_rt_fail(rt, "%s: expected a contract id", self->name);
}

static zv *asset_of(struct zen_rt *rt, const zv *cid, const uint8_t sub[32])
{
	return zv_tuple3(rt, cid->u.seq.items[0], cid->u.seq.items[1],
			 zv_bytes(rt, sub, 32));
}

NATIVE(as_zero_hash) { RET(zv_bytes(rt, zero32, 32)); }

NATIVE(as_zen)
{
	RET(zv_tuple3(rt, zv_u32(rt, 0), zv_bytes(rt, zero32, 32),
		      zv_bytes(rt, zero32, 32)));
}

NATIVE(as_default)
{
	TRY(want_cid(rt, self, a[0]));
	RET(asset_of(rt, a[0], zero32));
}

NATIVE(as_sub_string)
{
	uint8_t sub[32] = { 0 };

	TRY(want_cid(rt, self, a[0]));
	TRY(zl_bytes(rt, self, a[1]));
	if (a[1]->u.bytes.len > 32)
		return zen_rt_fail(rt, "%s: subtype longer than 32 bytes",
				   self->name);
	memcpy(sub, a[1]->u.bytes.p, a[1]->u.bytes.len);
	RET(asset_of(rt, a[0], sub));
}

NATIVE(as_sub_int)
{
	uint8_t sub[32] = { 0 };
	uint64_t n;

	TRY(want_cid(rt, self, a[0]));
	TRY(zl_want(rt, self, a[1], ZV_U32));
	n = a[1]->u.u;
	sub[1] = (uint8_t)(n >> 24);
	sub[2] = (uint8_t)(n >> 16);
	sub[3] = (uint8_t)(n >> 8);
	sub[4] = (uint8_t)n;
	RET(asset_of(rt, a[0], sub));
}


/* Decode 2n hex chars; 0 on success. */
static int unhex(uint8_t *out, const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		int h = zen_hex_value(p[2 * i]), l = zen_hex_value(p[2 * i + 1]);

		if (h < 0 || l < 0)
			return -1;
		out[i] = (uint8_t)(h << 4 | l);
	}
	return 0;
}

static zv *parse_cid(struct zen_rt *rt, const uint8_t *p)
{
	uint8_t raw[36];

	if (unhex(raw, p, 36))
		return zv_none();
	return zv_tuple2(rt, zv_u32(rt, (uint32_t)raw[0] << 24 |
				    (uint32_t)raw[1] << 16 |
				    (uint32_t)raw[2] << 8 | raw[3]),
			 zv_bytes(rt, raw + 4, 32));
}

NATIVE(cid_parse)
{
	TRY(zl_bytes(rt, self, a[0]));
	if (a[0]->u.bytes.len != 72)
		RET(zv_none());
	{
		zv *c = parse_cid(rt, a[0]->u.bytes.p);

		if (!c)
			return ZEN_EREFUSED;
		RET(c->tag == ZV_TUPLE ? zv_some(rt, c) : c);
	}
}

NATIVE(as_parse)
{
	const uint8_t *p;
	size_t n, i;
	uint8_t sub[32];
	zv *c;

	TRY(zl_bytes(rt, self, a[0]));
	p = a[0]->u.bytes.p;
	n = a[0]->u.bytes.len;
	if (n % 2 || n > 136)
		RET(zv_none());
	for (i = 0; i < n && p[i] == '0'; i++)
		;
	if (i == n) {
		TRY(as_zen(rt, self, a, &c, cost));
		RET(zv_some(rt, c));
	}
	if (n < 72)
		RET(zv_none());
	if (!(c = parse_cid(rt, p)))
		return ZEN_EREFUSED;
	if (c->tag != ZV_TUPLE)
		RET(c);
	memset(sub, 0, sizeof(sub));
	/* a tail shorter than 64 hex chars would break the reference later:
	 * treated as a failure (4.9) */
	if (n != 72 && (n != 136 || unhex(sub, p + 72, 32)))
		RET(zv_none());
	RET(zv_some(rt, asset_of(rt, c, sub)));
}

const struct zen_native zl_asset[] = {
	E("zeroHash", as_zero_hash, 0, 0), E("zenAsset", as_zen, 0, 0),
	EC("getDefault", as_default, 1, 0, CK(64)),
	EC("fromSubtypeString", as_sub_string, 2, 0, CK(64)),
	EC("fromSubtypeInt", as_sub_int, 2, 0, CK(64)),
	EC("parse", as_parse, 1, 0, CK(64)),
	ETYPE("asset"), ETYPE("t"),
	EEND
};

const struct zen_native zl_contractid[] = {
	EC("parse", cid_parse, 1, 0, CK(64)),
	ETYPE("contractId"), ETYPE("t"),
	EEND
};

/* ---- Zen.ContractReturn / Zen.ContractResult ---- */

enum { CR_OF_TX, CR_SET_TX, CR_SET_MSG, CR_SET_STATE, CR_DELETE,
       CR_NOCHANGE, CR_UPDATE, CR_OF_RESULT, CR_OF_OPTION };

static zv *cr_of_tx(struct zen_rt *rt, zv *tx)
{
	zv *vals[3] = { tx, zv_none(), zv_con0(rt, "NoChange") };

	return vals[2] ? zv_record(rt, 3, zl_return_t.fields, vals) : NULL;
}

/* apply a setter to a contractReturn record */
static int cr_set(struct zen_rt *rt, const struct zen_native *self, int op,
		  zv *arg, zv *r, zv **out)
{
	if (r->tag != ZV_RECORD || !zv_field(r, "tx"))
		return zen_rt_fail(rt, "%s: expected a contract return",
				   self->name);
	switch (op) {
	case CR_SET_TX:
		RET(zv_record_set(rt, r, "tx", arg));
	case CR_SET_MSG:
		if (!zv_is_con(arg, "Some") && !zv_is_con(arg, "None"))
			arg = zv_some(rt, arg);
		RET(zv_record_set(rt, r, "message", arg));
	case CR_SET_STATE:
		RET(zv_record_set(rt, r, "state", arg));
	case CR_DELETE:
		RET(zv_record_set(rt, r, "state", zv_con0(rt, "Delete")));
	case CR_NOCHANGE:
		RET(zv_record_set(rt, r, "state", zv_con0(rt, "NoChange")));
	default:
		RET(zv_record_set(rt, r, "state",
				  zv_con1(rt, "Update", arg)));
	}
}

NATIVE(cret)	/* ContractReturn: ofTxSkel tx; setX [arg] r */
{
	if (self->aux == CR_OF_TX)
		RET(cr_of_tx(rt, a[0]));
	if (self->arity == 1)
		return cr_set(rt, self, (int)self->aux, NULL, a[0], out);
	return cr_set(rt, self, (int)self->aux, a[0], a[1], out);
}

NATIVE(cres)	/* ContractResult: same on OK, ERR passes through */
{
	zv *r, *v;

	switch (self->aux) {
	case CR_OF_TX:
		RET(zv_ok(rt, cr_of_tx(rt, a[0])));
	case CR_OF_RESULT:
		if (zv_is_con(a[0], "ERR"))
			RET(a[0]);
		if (!zv_is_con(a[0], "OK"))
			return zen_rt_fail(rt, "%s: expected a result",
					   self->name);
		RET(zv_ok(rt, cr_of_tx(rt, zl_payload(a[0]))));
	case CR_OF_OPTION:
		if (zv_is_con(a[1], "None"))
			RET(zv_errv(rt, a[0]));
		if (!zv_is_con(a[1], "Some"))
			return zen_rt_fail(rt, "%s: expected an option",
					   self->name);
		RET(zv_ok(rt, cr_of_tx(rt, zl_payload(a[1]))));
	}
	r = a[self->arity - 1];
	if (zv_is_con(r, "ERR"))
		RET(r);
	if (!zv_is_con(r, "OK"))
		return zen_rt_fail(rt, "%s: expected a contract result",
				   self->name);
	TRY(cr_set(rt, self, (int)self->aux,
		   self->arity == 2 ? a[0] : NULL, zl_payload(r), &v));
	RET(zv_ok(rt, v));
}

#define CR_ENTRIES(fn)							\
	EC("setMessage", fn, 2, CR_SET_MSG, CK(3)),			\
	EC("setState", fn, 2, CR_SET_STATE, CK(3)),			\
	EC("setStateDelete", fn, 1, CR_DELETE, CK(3)),			\
	EC("setStateNoChange", fn, 1, CR_NOCHANGE, CK(3)),		\
	EC("setStateUpdate", fn, 2, CR_UPDATE, CK(3)),			\
	EC("ofTxSkel", fn, 1, CR_OF_TX, CK(3))

const struct zen_native zl_creturn[] = {
	/* setTx: ContractReturn only (Zulib's ContractResult has none) */
	CR_ENTRIES(cret), EC("setTx", cret, 2, CR_SET_TX, CK(3)), ETYPE("t"),
	EEND
};

const struct zen_native zl_cresult[] = {
	CR_ENTRIES(cres),
	EC("ofResultTxSkel", cres, 1, CR_OF_RESULT, CK(3)),
	EC("ofOptionTxSkel", cres, 2, CR_OF_OPTION, CK(3)),
	ETYPE("t"),
	EEND
};

/* ---- Zen.Types constructors ---- */

const struct zen_native zl_types_extracted[] = {
	ECTOR("PKLock", 1), ECTOR("ContractLock", 1), ECTOR("FeeLock", 0),
	ECTOR("DestroyLock", 0), ECTOR("ActivationSacrificeLock", 0),
	/* `CoinbaseLock of U32.t ** hash`, `HighVLock of U32.t ** (l:nat &
	 * bytes)`: one argument each, a pair (Zen.Types.Extracted.fst) */
	ECTOR("ExtensionSacrificeLock", 1), ECTOR("CoinbaseLock", 1),
	ECTOR("HighVLock", 1),
	ECTOR("PointedOutput", 1), ECTOR("Mint", 1),
	ERECORD("Mkoutpoint", zl_outpoint_t, 2),
	ERECORD("Mkspend", zl_spend_t, 2), ERECORD("Mkoutput", zl_output_t, 2),
	ERECORD("MkblockHeader", zl_header_t, 7),
	ETYPE("lock"), ETYPE("spend"), ETYPE("outpoint"), ETYPE("output"),
	ETYPE("pointedOutput"), ETYPE("input"), ETYPE("contractId"),
	ETYPE("asset"), ETYPE("hash"), ETYPE("publicKey"), ETYPE("signature"),
	ETYPE("byte"), ETYPE("opcode"), ETYPE("contractHash"),
	ETYPE("witness"), ETYPE("nonce"), ETYPE("timestamp"),
	ETYPE("blockHeader"),
	EEND
};

const struct zen_native zl_types_data[] = {
	ECTOR("I64", 1), ECTOR("Byte", 1), ECTOR("ByteArray", 1),
	ECTOR("U32", 1), ECTOR("U64", 1), ECTOR("String", 1),
	ECTOR("Hash", 1), ECTOR("Lock", 1), ECTOR("Signature", 1),
	ECTOR("PublicKey", 1), ECTOR("Collection", 1), ECTOR("Array", 1),
	ECTOR("Dict", 1), ECTOR("List", 1),
	ETYPE("data"), ETYPE("dataCollection"),
	EEND
};

const struct zen_native zl_types_realized[] = {
	ETYPE("txSkeleton"), ETYPE("wallet"),
	EEND
};

/* maxCost: the bound of a cost function's own cost index (1.8) */
NATIVE(tm_max_cost) { RET(zv_int(rt, 200)); }

const struct zen_native zl_types_main[] = {
	E("maxCost", tm_max_cost, 0, 0),
	/* sender and stateUpdate are Zen.Types.Main's (Zulib's
	 * Zen.Types.Main.fst), so Zen.Types.Main.NoChange names one */
	ECTOR("PK", 1), ECTOR("Contract", 1), ECTOR("Anonymous", 0),
	ECTOR("NoChange", 0), ECTOR("Update", 1), ECTOR("Delete", 0),
	ECTOR("MainFunc", 2), ECTOR("CostFunc", 1),
	ERECORD("Mkmessage", zl_message_t, 3),
	ERECORD("Mkcontext", zl_context_t, 2),
	ERECORD("MkcontractReturn", zl_return_t, 3),
	ETYPE("sender"), ETYPE("message"), ETYPE("stateUpdate"),
	ETYPE("contractReturn"), ETYPE("contractResult"), ETYPE("context"),
	ETYPE("mainFunction"), ETYPE("costFunction"), ETYPE("mainFunc"),
	EEND
};
