/*
 * zulib_crypto.c - Zen.Sha3 / Zen.Hash (4.11), Zen.Crypto,
 * Zen.PublicKey, Zen.MerkleTree (4.12), and the public key / signature
 * form conversions.
 *
 * A Sha3 state is the persistent chain of the bytes absorbed so far
 * (struct zv_sha3); every update returns a new state, finalize hashes the
 * concatenation with zen_sha3().
 */
#include "core/contract/zulib_int.h"
#include "core/crypto/hash.h"
#include "core/crypto/keycache.h"
#include "core/crypto/keys.h"

/* ---- key and signature forms ---- */

/* Through the process-wide key cache: a node runs many commands over one
 * state, and decompressing its keys again would be most of each run. */
int zen_pubkey_to_internal(uint8_t out[64], const uint8_t cpk[33])
{
	uint8_t xy[64];
	size_t i;

	if (!zen_pubkey_decompress(xy, cpk))
		return ZEN_EINVAL;
	for (i = 0; i < 32; i++) {
		out[i] = xy[31 - i];		/* X little-endian */
		out[32 + i] = xy[63 - i];	/* Y little-endian */
	}
	return 0;
}

void zen_pubkey_from_internal(uint8_t out[33], const uint8_t pk[64])
{
	size_t i;

	out[0] = (uint8_t)((pk[32] & 1) + 2);
	for (i = 0; i < 32; i++)
		out[1 + i] = pk[31 - i];
}

void zen_sig_swap(uint8_t out[64], const uint8_t in[64])
{
	uint8_t t[64];
	size_t i;

	for (i = 0; i < 32; i++) {
		t[i] = in[31 - i];
		t[32 + i] = in[63 - i];
	}
	memcpy(out, t, 64);
}

/* ---- Sha3 ---- */

zv *zl_sha3_update(struct zen_rt *rt, const zv *s, const void *p, size_t n)
{
	struct zv_sha3 *node;
	zv *v;

	if (!(v = zen_rt_alloc(rt, sizeof(*v))) ||
	    !(node = zen_rt_alloc(rt, sizeof(*node) + n)))
		return NULL;
	node->parent = s ? s->u.sha3 : NULL;
	node->len = n;
	node->total = n + (node->parent ? node->parent->total : 0);
	if (n)
		memcpy(node->bytes, p, n);
	v->tag = ZV_SHA3;
	v->u.sha3 = node;
	return v;
}

static void be32(uint8_t *p, uint64_t x)
{
	p[0] = (uint8_t)(x >> 24);
	p[1] = (uint8_t)(x >> 16);
	p[2] = (uint8_t)(x >> 8);
	p[3] = (uint8_t)x;
}

static void be64(uint8_t *p, uint64_t x)
{
	be32(p, x >> 32);
	be32(p + 4, x);
}

NATIVE(h_empty)
{
	zv *v = zen_rt_alloc(rt, sizeof(*v));

	if (v)
		v->tag = ZV_SHA3;
	RET(v);
}

static int want_state(struct zen_rt *rt, const struct zen_native *self,
		      const zv *s)
{
	return zl_want(rt, self, s, ZV_SHA3);
}

/* Bytes a lock absorbs (updateLock) and its id. */
static int lock_bytes(struct zen_rt *rt, const struct zen_native *self,
		      const zv *l, uint8_t *buf, size_t *n, uint32_t *id)
{
	static const struct { const char *name; uint32_t id; } ids[] = {
		{ "FeeLock", 1 }, { "PKLock", 2 },
		{ "ActivationSacrificeLock", 3 }, { "ContractLock", 4 },
		{ "ExtensionSacrificeLock", 5 }, { "CoinbaseLock", 6 },
		{ "DestroyLock", 7 }, { "HighVLock", 0 },
	};
	size_t i;

	*n = 0;
	for (i = 0; i < ZEN_ARRAY_SIZE(ids); i++)
		if (zv_is_con(l, ids[i].name))
			break;
	if (i == ZEN_ARRAY_SIZE(ids))
		return zen_rt_fail(rt, "%s: expected a lock", self->name);
	*id = ids[i].id;
	if (!*id) {	/* HighV (id, (len, bytes)): absorbs nothing */
		const zv *p = l->u.con.n == 1 ? l->u.con.args[0] : NULL;

		if (!p || p->tag != ZV_TUPLE || p->u.seq.n != 2 ||
		    p->u.seq.items[0]->tag != ZV_U32)
			return zen_rt_fail(rt, "%s: malformed lock",
					   self->name);
		*id = (uint32_t)p->u.seq.items[0]->u.u;
		return 0;
	}
	be32(buf, *id);
	*n = 4;
	if (*id == 2) {
		TRY(zl_hash(rt, self, l->u.con.args[0]));
		memcpy(buf + 4, l->u.con.args[0]->u.bytes.p, 32);
		*n = 36;
	} else if (*id == 4 || *id == 5 || *id == 6) {
		const zv *c = l->u.con.args[0];
		const zv *x, *h;

		/* a contract id (version, hash), or Coinbase's (block,
		 * pk hash): a pair either way */
		if (c->tag != ZV_TUPLE || c->u.seq.n != 2)
			return zen_rt_fail(rt, "%s: malformed lock",
					   self->name);
		x = c->u.seq.items[0];
		h = c->u.seq.items[1];
		TRY(zl_want(rt, self, x, ZV_U32));
		TRY(zl_hash(rt, self, h));
		be32(buf + 4, x->u.u);
		memcpy(buf + 8, h->u.bytes.p, 32);
		*n = 40;
	}
	return 0;
}

enum { U_BYTE, U_U32, U_U64, U_I64, U_HASH, U_STRING, U_BYTEARRAY,
       U_ASSET, U_OUTPOINT, U_SIG, U_PUBKEY, U_CPK, U_CID, U_LOCK };

NATIVE(h_update)	/* updateX x state */
{
	uint8_t buf[80];
	const uint8_t *p = buf;
	size_t n = 0;
	zv *x = a[0], *s = a[1];
	uint32_t id;

	TRY(want_state(rt, self, s));
	switch (self->aux) {
	case U_BYTE:
		TRY(zl_want(rt, self, x, ZV_U8));
		buf[0] = (uint8_t)x->u.u;
		n = 1;
		break;
	case U_U32:
		TRY(zl_want(rt, self, x, ZV_U32));
		be32(buf, x->u.u);
		n = 4;
		break;
	case U_U64: case U_I64:
		TRY(zl_want(rt, self, x, self->aux == U_U64 ? ZV_U64 : ZV_I64));
		be64(buf, x->u.u);
		n = 8;
		break;
	case U_HASH:
		TRY(zl_hash(rt, self, x));
		p = x->u.bytes.p;
		n = 32;
		break;
	case U_STRING: case U_BYTEARRAY:
		TRY(zl_byteseq(rt, self, x, &p, &n));
		break;
	case U_ASSET:
		TRY(zv_asset_key(rt, x, buf));
		n = 68;
		break;
	case U_OUTPOINT: {
		zv *h = zv_field(x, "txHash"), *i = zv_field(x, "index");

		TRY(zl_hash(rt, self, h));
		TRY(zl_want(rt, self, i, ZV_U32));
		memcpy(buf, h->u.bytes.p, 32);
		be32(buf + 32, i->u.u);
		n = 36;
		break;
	}
	case U_SIG:
		TRY(zl_bytes(rt, self, x));
		if (x->u.bytes.len != 64)
			return zen_rt_fail(rt, "%s: expected a signature",
					   self->name);
		p = x->u.bytes.p;
		n = 64;
		break;
	case U_PUBKEY:	/* quirk: ignores the incoming state */
		TRY(zl_bytes(rt, self, x));
		if (x->u.bytes.len != 64)
			return zen_rt_fail(rt, "%s: expected a public key",
					   self->name);
		zen_pubkey_from_internal(buf, x->u.bytes.p);
		RET(zl_sha3_update(rt, NULL, buf, 33));
	case U_CPK: case U_CID: {
		zv *e0, *e1;

		if (x->tag != ZV_TUPLE || x->u.seq.n != 2)
			return zen_rt_fail(rt, "%s: expected a pair",
					   self->name);
		e0 = x->u.seq.items[0];
		e1 = x->u.seq.items[1];
		TRY(zl_hash(rt, self, e1));
		if (self->aux == U_CPK) {
			TRY(zl_want(rt, self, e0, ZV_U8));
			buf[0] = (uint8_t)e0->u.u;
			n = 1;
		} else {
			TRY(zl_want(rt, self, e0, ZV_U32));
			be32(buf, e0->u.u);
			n = 4;
		}
		memcpy(buf + n, e1->u.bytes.p, 32);
		n += 32;
		break;
	}
	case U_LOCK:
		TRY(lock_bytes(rt, self, x, buf, &n, &id));
		break;
	}
	RET(zl_sha3_update(rt, s, p, n));
}

NATIVE(h_lock_id)
{
	uint8_t buf[80];
	size_t n;
	uint32_t id;

	TRY(lock_bytes(rt, self, a[0], buf, &n, &id));
	RET(zv_u32(rt, id));
}

static int finalize(struct zen_rt *rt, const zv *s, zv **out)
{
	uint8_t *bytes, h[32];
	size_t n;

	if (!(bytes = zv_sha3_bytes(rt, s->u.sha3, &n)))
		return ZEN_EREFUSED;
	zen_sha3(h, bytes, n);
	RET(zv_bytes(rt, h, 32));
}

NATIVE(h_finalize)
{
	TRY(want_state(rt, self, a[0]));
	return finalize(rt, a[0], out);
}

NATIVE(h_update_with)	/* updateListWith / updateArrayWith upd xs s */
{
	zv **it, *s = a[2], *args[2];
	size_t n, i;

	if (self->aux) {
		TRY(zv_array_items(rt, a[1], &it, &n));
	} else {
		TRY(zl_list(rt, self, a[1]));
		n = a[1]->u.list.len;
		if (!(it = zv_list_items(rt, a[1])))
			return ZEN_EREFUSED;
	}
	for (i = 0; i < n; i++) {
		args[0] = it[i];
		args[1] = s;
		TRY(zl_call(rt, a[0], 2, args, &s, cost));
		TRY(want_state(rt, self, s));
	}
	RET(s);
}

NATIVE(h_hash_with)	/* hashWith upd x = finalize (upd x empty): n+26 */
{
	zv *s, *args[2];

	args[0] = a[1];
	TRY(h_empty(rt, self, a, &args[1], cost));
	TRY(zl_call(rt, a[0], 2, args, &s, cost));
	TRY(want_state(rt, self, s));
	return finalize(rt, s, out);
}

/* ---- parsing ---- */

static int hexdec(uint8_t *out, const zv *s, size_t n)
{
	size_t i;

	if (s->u.bytes.len != 2 * n)
		return -1;
	for (i = 0; i < 2 * n; i++) {
		uint8_t c = s->u.bytes.p[i];
		int v = c >= '0' && c <= '9' ? c - '0'
			: c >= 'a' && c <= 'f' ? c - 'a' + 10
			: c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;

		if (v < 0)
			return -1;
		if (i % 2)
			out[i / 2] = (uint8_t)(out[i / 2] | v);
		else
			out[i / 2] = (uint8_t)(v << 4);
	}
	return 0;
}

NATIVE(cr_parse_hash)
{
	uint8_t h[32];

	TRY(zl_bytes(rt, self, a[0]));
	if (hexdec(h, a[0], 32))
		RET(zv_none());
	RET(zv_some(rt, zv_bytes(rt, h, 32)));
}

NATIVE(cr_parse_pk)
{
	uint8_t c[33], pk[64];

	TRY(zl_bytes(rt, self, a[0]));
	if (hexdec(c, a[0], 33) || zen_pubkey_to_internal(pk, c))
		RET(zv_none());
	RET(zv_some(rt, zv_bytes(rt, pk, 64)));
}

NATIVE(cr_verify)	/* verify pk sig msg */
{
	uint8_t cpk[33], sig[64];

	TRY(zl_bytes(rt, self, a[0]));
	TRY(zl_bytes(rt, self, a[1]));
	TRY(zl_hash(rt, self, a[2]));
	if (a[0]->u.bytes.len != 64 || a[1]->u.bytes.len != 64)
		return zen_rt_fail(rt, "%s: malformed key or signature",
				   self->name);
	if (rt->assume_valid)
		RET(zv_bool(1));
	zen_pubkey_from_internal(cpk, a[0]->u.bytes.p);
	zen_sig_swap(sig, a[1]->u.bytes.p);
	RET(zv_bool(zen_ecdsa_verify(sig, a[2]->u.bytes.p, cpk)));
}

NATIVE(pk_compress)
{
	uint8_t c[33];

	TRY(zl_bytes(rt, self, a[0]));
	if (a[0]->u.bytes.len != 64)
		return zen_rt_fail(rt, "%s: expected a public key", self->name);
	zen_pubkey_from_internal(c, a[0]->u.bytes.p);
	RET(zv_tuple2(rt, zv_u8(rt, c[0]), zv_bytes(rt, c + 1, 32)));
}

/*
 * The side of each level of an audit path, top-down, as Zulib's F#
 * verify' finds it (fsharp/Realized/Zen.MerkleTree.fs), int64 arithmetic
 * included: at a level with L hashes left, length = max(pown 2L L,
 * index + 1L) and the split is the first pown 2L i with i * 2L >= length.
 * Zulib is compiled unchecked, so index + 1L wraps (index 2^63 - 1 gives
 * 2^L), but pown is checked: pown 2L 63 throws, which happens when L >= 63
 * or when length > 2^62 (i * 2L wraps negative at i = 2^62, and the
 * search goes on to 2^63).  A throw fails the run.
 */
static int mt_sides(struct zen_rt *rt, const struct zen_native *self,
		    uint64_t idx, size_t L, uint8_t *side)
{
	uint64_t ix = idx, len, split;

	for (size_t k = 0; k < L; k++) {
		size_t lvl = L - k;	/* hashes left at this level */
		int64_t next = (int64_t)(ix + 1);	/* wraps as int64 */

		if (lvl >= 63)
			return zen_rt_fail(rt, "arithmetic overflow in %s",
					   self->name);
		len = (uint64_t)1 << lvl;
		if (next > 0 && (uint64_t)next > len)
			len = (uint64_t)next;
		if (len > (uint64_t)1 << 62)
			return zen_rt_fail(rt, "arithmetic overflow in %s",
					   self->name);
		for (split = 1; 2 * split < len; split *= 2)
			;
		side[k] = ix >= split;
		if (side[k])
			ix -= split;
	}
	return 0;
}

NATIVE(mt_verify)	/* verify root path idx h */
{
	zv *path = a[1], **it;
	uint64_t idx;
	size_t L, k;
	uint8_t *side, h[32], buf[65];

	TRY(zl_hash(rt, self, a[0]));
	TRY(zl_list(rt, self, path));
	TRY(zl_nat(rt, self, a[2], &idx));
	TRY(zl_hash(rt, self, a[3]));
	L = path->u.list.len;
	if (!(it = zv_list_items(rt, path)) ||
	    !(side = zen_rt_alloc(rt, L + 1)))
		return ZEN_EREFUSED;
	for (k = 0; k < L; k++)
		TRY(zl_hash(rt, self, it[k]));
	TRY(mt_sides(rt, self, idx, L, side));
	memcpy(h, a[3]->u.bytes.p, 32);
	buf[0] = 0x69;
	for (k = L; k-- > 0;) {
		if (side[k]) {
			memcpy(buf + 1, it[k]->u.bytes.p, 32);
			memcpy(buf + 33, h, 32);
		} else {
			memcpy(buf + 1, h, 32);
			memcpy(buf + 33, it[k]->u.bytes.p, 32);
		}
		zen_sha3(h, buf, 65);
	}
	RET(zv_bool(rt->assume_valid || !memcmp(h, a[0]->u.bytes.p, 32)));
}

#define SHA3_COMMON							\
	E("empty", h_empty, 0, 0),					\
	EC("updateByte", h_update, 2, U_BYTE, CK(6)),			\
	EC("updateU32", h_update, 2, U_U32, CK(24)),			\
	EC("updateU64", h_update, 2, U_U64, CK(48)),			\
	EC("updateI64", h_update, 2, U_I64, CK(48)),			\
	EC("updateHash", h_update, 2, U_HASH, CK(192)),			\
	EC("updateString", h_update, 2, U_STRING, CLEN(6, 0, 0)),	\
	EC("updateByteArray", h_update, 2, U_BYTEARRAY, CLEN(6, 0, 0)),	\
	EC("updateAsset", h_update, 2, U_ASSET, CK(384)),		\
	EC("updateOutpoint", h_update, 2, U_OUTPOINT, CK(216)),		\
	EC("finalize", h_finalize, 1, 0, CK(20)),			\
	ETYPE("t")

const struct zen_native zl_sha3_realized[] = {
	SHA3_COMMON,
	EC("updateSignature", h_update, 2, U_SIG, CK(384)),
	EC("updatePublicKey", h_update, 2, U_PUBKEY, CK(384)),
	EEND
};

const struct zen_native zl_sha3_extracted[] = {
	EC("updateCPK", h_update, 2, U_CPK, CK(205)),
	EC("updateContractId", h_update, 2, U_CID, CK(223)),
	EC("lockId", h_lock_id, 1, 0, CK(17)),
	EC("updateLock", h_update, 2, U_LOCK, CK(293)),
	EC("updateListWith", h_update_with, 3, 0, CEACH(4, 1, 8)),
	EC("updateArrayWith", h_update_with, 3, 1, CEACH(4, 1, 8)),
	EC("hashWith", h_hash_with, 2, 0, CCB(ZEN_CB_ONCE, 26)),
	EEND
};

const struct zen_native zl_hash_sha3[] = {
	SHA3_COMMON,
	EEND
};

const struct zen_native zl_hash_base[] = {
	EC("parse", cr_parse_hash, 1, 0, CK(32)),
	ETYPE("hash"),
	EEND
};

const struct zen_native zl_crypto[] = {
	EC("verify", cr_verify, 3, 0, CK(800)),
	EC("parsePublicKey", cr_parse_pk, 1, 0, CK(120)),
	EC("parseHash", cr_parse_hash, 1, 0, CK(32)),
	ETYPE("publicKey"), ETYPE("signature"),
	EEND
};

const struct zen_native zl_pubkey[] = {
	EC("compress", pk_compress, 1, 0, CK(305)),
	ETYPE("t"), ETYPE("cpk"),
	EEND
};

const struct zen_native zl_merkle[] = {
	EC("verify", mt_verify, 4, 0, CLEN(420, 1, 4)),
	EEND
};
