/*
 * Unit tests of the consensus serialization: every vector of
 * serialization.json, transactions.json and blocks.json, plus edge cases
 * (truncation, garbage tags, count quirks, oversized lengths).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <secp256k1.h>

#include "core/types/block.h"
#include "core/consensus/consensus.h"
#include "core/types/data.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"
#include "core/types/ser.h"
#include "core/types/tx.h"
#include "tap.h"

static struct zen_buf unhex(const char *hex)
{
	struct zen_buf b = ZEN_BUF_INIT;

	if (zen_hex_decode(&b, hex, strlen(hex), NULL)) {
		tap_diag("bad hex in vector: %s", hex);
		abort();
	}
	return b;
}

static void unhex32(uint8_t out[32], const char *hex)
{
	if (zen_hex_decode_fixed(out, 32, hex, NULL))
		abort();
}

static uint64_t ju64(json_t *o, const char *key)
{
	return tap_ju64(o, key);
}

/* ---------------- VarInt ---------------- */

static void test_varint_vectors(void)
{
	json_t *vs = tap_vectors_all("serialization.json"), *v;
	size_t i;

	json_array_foreach(vs, i, v) {
		const char *id = tap_jstr(v, "id");
		struct zen_buf b = ZEN_BUF_INIT, want;
		struct zen_reader r;
		uint32_t got = 0, val;

		if (strncmp(id, "varint-", 7))
			continue;
		tap_mark(id);
		val = (uint32_t)ju64(tap_jget(v, "input"), "value");
		want = unhex(tap_jstr(tap_jget(v, "expected"), "hex"));
		zen_write_varint(&b, val);
		tap_hex(b.data, b.len, tap_jstr(tap_jget(v, "expected"), "hex"),
			"%s encodes", id);
		tap_u64(zen_varint_size(val), want.len, "%s size", id);
		zen_reader_init(&r, want.data, want.len);
		tap_ok(!zen_read_varint(&r, &got, NULL) && got == val &&
		       r.pos == want.len, "%s decodes", id);
		zen_buf_release(&b);
		zen_buf_release(&want);
	}
}

static void test_varint_edges(void)
{
	static const uint8_t wrap[] = { 0x80, 0x80, 0x80, 0x80, 0x80, 0x00 };
	static const uint8_t cont[] = { 0x80, 0x80 };
	struct zen_reader r;
	uint32_t v;

	zen_reader_init(&r, wrap, sizeof(wrap));
	/* hand-computed: ((((1*128+1)*128+1)*128+1)*128+1)*128 mod 2^32 */
	tap_ok(!zen_read_varint(&r, &v, NULL) && v == 270549120u &&
	       r.pos == 6, "6-byte varint decodes with 32-bit wrap");
	zen_reader_init(&r, cont, sizeof(cont));
	tap_ok(zen_read_varint(&r, &v, NULL) == ZEN_EINVAL,
	       "varint ending in a continuation byte is refused");
	zen_reader_init(&r, NULL, 0);
	tap_ok(zen_read_varint(&r, &v, NULL) == ZEN_EINVAL,
	       "varint of empty input is refused");
}

/* ---------------- Amount ---------------- */

static void test_amount_vectors(void)
{
	json_t *vs = tap_vectors("serialization.json"), *v;
	size_t i;

	json_array_foreach(vs, i, v) {
		const char *id = tap_jstr(v, "id");
		json_t *in = tap_jget(v, "input"), *ex = tap_jget(v, "expected");
		struct zen_buf b = ZEN_BUF_INIT, raw;
		struct zen_reader r;
		uint64_t got = 0, val;
		int ret;

		if (strncmp(id, "amount-", 7))
			continue;
		tap_mark(id);
		if (!strncmp(id, "amount-read-", 12)) {
			raw = unhex(tap_jstr(in, "hex"));
			zen_reader_init(&r, raw.data, raw.len);
			ret = zen_read_amount(&r, &got, NULL);
			if (json_object_get(ex, "error")) {
				tap_ok(ret == ZEN_EINVAL, "%s is refused", id);
			} else {
				tap_ok(!ret && got == ju64(ex, "value") &&
				       r.pos == raw.len, "%s reads", id);
				zen_write_amount(&b, got);
				tap_hex(b.data, b.len,
					tap_jstr(ex, "canonicalHex"),
					"%s canonical form", id);
			}
			zen_buf_release(&raw);
			zen_buf_release(&b);
			continue;
		}
		val = ju64(in, "value");
		zen_write_amount(&b, val);
		tap_hex(b.data, b.len, tap_jstr(ex, "hex"), "%s encodes", id);
		tap_u64(zen_amount_size(val), ju64(ex, "length"), "%s size", id);
		zen_reader_init(&r, b.data, b.len);
		tap_ok(!zen_read_amount(&r, &got, NULL) && got == val,
		       "%s round trip", id);
		zen_buf_release(&b);
	}
}

static void test_amount_edges(void)
{
	static const uint8_t e13[] = { 0xb4, 0x00, 0x00, 0x01 };
	struct zen_buf b = ZEN_BUF_INIT;
	struct zen_reader r;
	uint64_t v;

	zen_reader_init(&r, e13, sizeof(e13));
	tap_ok(!zen_read_amount(&r, &v, NULL) && v == 10000000000000ull,
	       "32-bit amount with exponent 13 reads as 1e13");
	zen_write_amount(&b, v);
	tap_hex(b.data, b.len, "3401", "1e13 is written in 2 bytes");
	zen_buf_reset(&b);
	/* 4-8 digits with exponent > 12 are rescaled to exponent 12 */
	zen_write_amount(&b, 12340000000000000000ull);
	zen_reader_init(&r, b.data, b.len);
	tap_ok(b.len == 4 && !zen_read_amount(&r, &v, NULL) &&
	       v == 12340000000000000000ull, "1234e16 round trip in 4 bytes");
	zen_buf_release(&b);
}

/* ---------------- Asset ---------------- */

static void asset_from_json(struct zen_asset *a, json_t *o)
{
	a->cid.version = (uint32_t)ju64(o, "version");
	unhex32(a->cid.hash, tap_jstr(o, "contractHash"));
	unhex32(a->subtype, tap_jstr(o, "subType"));
}

static void test_asset_vector(json_t *v, const char *id)
{
	json_t *ex = tap_jget(v, "expected");
	struct zen_asset a, back;
	struct zen_buf b = ZEN_BUF_INIT;
	struct zen_reader r;
	char text[ZEN_ASSET_TEXT_MAX];

	asset_from_json(&a, tap_jget(v, "input"));
	zen_write_asset(&b, &a);
	tap_hex(b.data, b.len, tap_jstr(ex, "hex"), "%s encodes", id);
	tap_u64(zen_asset_size(&a), ju64(ex, "length"), "%s size", id);
	zen_asset_text(text, &a);
	tap_str(text, tap_jstr(ex, "text"), "%s text", id);
	zen_reader_init(&r, b.data, b.len);
	tap_ok(!zen_read_asset(&r, &back, NULL) && r.pos == b.len &&
	       !memcmp(&back, &a, sizeof(a)), "%s decodes", id);
	zen_buf_release(&b);
}

static void test_asset_vectors(void)
{
	json_t *vs = tap_vectors("serialization.json"), *v;
	size_t i;

	json_array_foreach(vs, i, v) {
		const char *id = tap_jstr(v, "id");
		json_t *ex = tap_jget(v, "expected");
		struct zen_asset a, want;
		struct zen_buf raw, b = ZEN_BUF_INIT;
		struct zen_reader r;
		int ret;

		if (strncmp(id, "asset-", 6))
			continue;
		tap_mark(id);
		if (strncmp(id, "asset-read-", 11)) {
			test_asset_vector(v, id);
			continue;
		}
		raw = unhex(tap_jstr(tap_jget(v, "input"), "hex"));
		zen_reader_init(&r, raw.data, raw.len);
		ret = zen_read_asset(&r, &a, NULL);
		if (json_object_get(ex, "error")) {
			tap_ok(ret == ZEN_EINVAL, "%s is refused", id);
		} else {
			asset_from_json(&want, ex);
			tap_ok(!ret && !memcmp(&a, &want, sizeof(a)),
			       "%s reads", id);
			zen_write_asset(&b, &a);
			tap_hex(b.data, b.len, tap_jstr(ex, "canonicalHex"),
				"%s canonical form", id);
		}
		zen_buf_release(&raw);
		zen_buf_release(&b);
	}
}

static int asset_hex_fails(const char *hex)
{
	struct zen_buf raw = unhex(hex);
	struct zen_reader r;
	struct zen_asset a;
	struct zen_err err = ZEN_ERR_INIT;
	int ret;

	zen_reader_init(&r, raw.data, raw.len);
	ret = zen_read_asset(&r, &a, &err);
	zen_buf_release(&raw);
	return ret == ZEN_EINVAL && err.msg[0];
}

#define H60 "60de85a214850bf6192e7c4416fbccaf3cfcc0a927dd6b770a70ff08d24046d3"

static void test_asset_edges(void)
{
	tap_ok(asset_hex_fails("40" H60 "00"),
	       "asset with compressed subtype of length 0 is refused");
	tap_ok(asset_hex_fails("40" H60 "21"
			       "0101010101010101010101010101010101010101010101"
			       "010101010101010101010101"),
	       "asset with compressed subtype length 33 is refused");
	tap_ok(asset_hex_fails("c0" H60 "01000000000000000000000000000000"
			       "00000000000000000000000000000000"),
	       "asset with a compressible subtype in full form is refused");
	tap_ok(asset_hex_fails("a08005" H60),
	       "asset version with a zero continuation group is refused");
	tap_ok(asset_hex_fails("a0ffffffff7f" H60),
	       "asset version with five continuation groups is refused");
	tap_ok(asset_hex_fails("80"), "asset truncated in the hash is refused");
}

/* ---------------- Locks ---------------- */

static void lock_from_json(struct zen_lock *l, json_t *arr)
{
	const char *kind = json_string_value(json_array_get(arr, 0));
	json_t *a1 = json_array_get(arr, 1), *a2 = json_array_get(arr, 2);
	struct zen_buf b;

	zen_lock_init(l);
	if (!strcmp(kind, "PK")) {
		l->id = ZEN_LOCK_PK;
		unhex32(l->pk_hash, json_string_value(a1));
	} else if (!strcmp(kind, "Contract") ||
		   !strcmp(kind, "ExtensionSacrifice")) {
		l->id = kind[0] == 'C' ? ZEN_LOCK_CONTRACT :
					 ZEN_LOCK_EXTENSION_SACRIFICE;
		l->cid.version = (uint32_t)json_integer_value(
			json_array_get(a1, 0));
		unhex32(l->cid.hash, json_string_value(json_array_get(a1, 1)));
	} else if (!strcmp(kind, "Coinbase")) {
		l->id = ZEN_LOCK_COINBASE;
		l->block_number = (uint32_t)json_integer_value(a1);
		unhex32(l->pk_hash, json_string_value(a2));
	} else if (!strcmp(kind, "Fee")) {
		l->id = ZEN_LOCK_FEE;
	} else if (!strcmp(kind, "ActivationSacrifice")) {
		l->id = ZEN_LOCK_ACTIVATION_SACRIFICE;
	} else if (!strcmp(kind, "Destroy")) {
		l->id = ZEN_LOCK_DESTROY;
	} else if (!strcmp(kind, "HighV")) {
		l->id = (uint32_t)json_integer_value(a1);
		b = unhex(json_string_value(a2));
		l->data = zen_buf_detach(&b, &l->len);
	} else {
		tap_diag("unknown lock kind %s", kind);
		abort();
	}
}

static void test_lock_vectors(void)
{
	json_t *vs = tap_vectors("serialization.json"), *v;
	size_t i;

	json_array_foreach(vs, i, v) {
		const char *id = tap_jstr(v, "id");
		struct zen_lock l, back;
		struct zen_buf b = ZEN_BUF_INIT, b2 = ZEN_BUF_INIT;
		struct zen_reader r;

		if (strncmp(id, "lock-", 5))
			continue;
		tap_mark(id);
		lock_from_json(&l, tap_jget(tap_jget(v, "input"), "lock"));
		zen_lock_write(&b, &l);
		tap_hex(b.data, b.len, tap_jstr(tap_jget(v, "expected"), "hex"),
			"%s encodes", id);
		tap_u64(zen_lock_size(&l), b.len, "%s size", id);
		zen_lock_init(&back);
		zen_reader_init(&r, b.data, b.len);
		tap_ok(!zen_lock_read(&r, &back, NULL) && r.pos == b.len,
		       "%s decodes", id);
		zen_lock_write(&b2, &back);
		tap_ok(b2.len == b.len && !memcmp(b.data, b2.data, b.len),
		       "%s re-encodes", id);
		zen_lock_release(&l);
		zen_lock_release(&back);
		zen_buf_release(&b);
		zen_buf_release(&b2);
	}
}

static int lock_hex_fails(const char *hex)
{
	struct zen_buf raw = unhex(hex);
	struct zen_reader r;
	struct zen_lock l;
	int ret;

	zen_lock_init(&l);
	zen_reader_init(&r, raw.data, raw.len);
	ret = zen_lock_read(&r, &l, NULL);
	zen_lock_release(&l);
	zen_buf_release(&raw);
	return ret == ZEN_EINVAL;
}

static void test_lock_edges(void)
{
	struct zen_lock l;

	tap_ok(lock_hex_fails("010100"), "Fee lock with length 1 is refused");
	tap_ok(lock_hex_fails("0221" H60 "00"),
	       "PK lock with length 33 is refused");
	tap_ok(lock_hex_fails("0886fefefe7f"),
	       "HighVLock longer than the input is refused");
	tap_ok(lock_hex_fails("08" "8efefefe7f"),
	       "HighVLock length with bit 31 is refused");
	tap_ok(!lock_hex_fails("0000"), "lock id 0 parses as a HighVLock");
	zen_lock_init(&l);
	for (uint32_t id = 1; id <= 11; id++) {
		static const int want[] = { 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0 };

		l.id = id;
		tap_ok(zen_lock_spendable(&l) == want[id],
		       "lock id %u spendability", id);
	}
	tap_ok(zen_lock_is_highv(0) && zen_lock_is_highv(8) &&
	       !zen_lock_is_highv(7), "HighVLock identifiers");
}

/* ---------------- data ---------------- */

static void set_u32(struct zen_data *d, uint32_t v)
{
	zen_data_init(d);
	d->kind = ZEN_DATA_U32;
	d->u.u32 = v;
}

static void set_coll(struct zen_data *d, enum zen_data_kind kind, size_t n)
{
	zen_data_init(d);
	d->kind = kind;
	d->u.coll.n = n;
	d->u.coll.items = n ? zen_xcalloc(n, sizeof(*d)) : NULL;
}

static void set_bytes(struct zen_data *d, enum zen_data_kind kind,
		      const void *p, size_t n)
{
	zen_data_init(d);
	d->kind = kind;
	d->u.bytes.p = zen_xmalloc(n + 1);
	memcpy(d->u.bytes.p, p, n);
	d->u.bytes.p[n] = 0;
	d->u.bytes.len = n;
}

static void set_dict_entry(struct zen_data_entry *e, const char *key)
{
	e->key = zen_xstrdup(key);
	e->key_len = strlen(key);
}

/* The values of the data-* vectors, built by hand from their inputs. */
static void build_data(struct zen_data *d, const char *id)
{
	struct zen_data *it;

	zen_data_init(d);
	if (!strcmp(id, "data-I64-9")) {
		d->kind = ZEN_DATA_I64;
		d->u.i64 = -2;
	} else if (!strcmp(id, "data-Byte-2")) {
		d->kind = ZEN_DATA_BYTE;
		d->u.byte = 7;
	} else if (!strcmp(id, "data-ByteArray-5")) {
		set_bytes(d, ZEN_DATA_BYTES, "\x01\x02\x03", 3);
	} else if (!strcmp(id, "data-U32-5")) {
		set_u32(d, 1);
	} else if (!strcmp(id, "data-U64-9")) {
		d->kind = ZEN_DATA_U64;
		d->u.u64 = 1099511627776ull;
	} else if (!strcmp(id, "data-String-12")) {
		set_bytes(d, ZEN_DATA_STRING, "Allocation", 10);
	} else if (!strcmp(id, "data-Hash-33")) {
		d->kind = ZEN_DATA_HASH;
		unhex32(d->u.hash, H60);
	} else if (!strcmp(id, "data-Lock-35")) {
		d->kind = ZEN_DATA_LOCK;
		d->u.lock.id = ZEN_LOCK_PK;
		unhex32(d->u.lock.pk_hash, "30759b07ca01caf8e524fc279946a1e9"
			"6afc3546ee5f1fd4a1cfaf644763c2b4");
	} else if (!strcmp(id, "data-Array-9")) {
		set_coll(d, ZEN_DATA_ARRAY, 2);
		set_u32(&d->u.coll.items[0], 1);
		it = &d->u.coll.items[1];
		it->kind = ZEN_DATA_BYTE;
		it->u.byte = 2;
	} else if (!strcmp(id, "data-Dict-25")) {
		d->kind = ZEN_DATA_DICT;
		d->u.dict.n = 3;
		d->u.dict.entries = zen_xcalloc(3, sizeof(struct zen_data_entry));
		set_dict_entry(&d->u.dict.entries[0], "bb");
		set_u32(&d->u.dict.entries[0].value, 2);
		set_dict_entry(&d->u.dict.entries[1], "a");
		set_u32(&d->u.dict.entries[1].value, 1);
		set_dict_entry(&d->u.dict.entries[2], "ab");
		set_u32(&d->u.dict.entries[2].value, 3);
		/* in the input's order; test_data_vector normalizes */
	} else if (!strcmp(id, "data-List-7")) {
		set_coll(d, ZEN_DATA_LIST, 1);
		set_u32(&d->u.coll.items[0], 1);
	} else if (!strcmp(id, "data-List-13")) {
		set_coll(d, ZEN_DATA_LIST, 2);
		set_coll(&d->u.coll.items[0], ZEN_DATA_LIST, 0);
		it = &d->u.coll.items[1];
		it->kind = ZEN_DATA_U64;
		it->u.u64 = 5;
	} else {
		tap_diag("no builder for %s", id);
		abort();
	}
}

/* Python's repr of bytes: b'..' (b".." when only ' occurs), escapes as
 * python writes them. */
static void py_bytes(struct zen_buf *out, const uint8_t *p, size_t n)
{
	char q = memchr(p, '\'', n) && !memchr(p, '"', n) ? '"' : '\'';

	zen_buf_addf(out, "b%c", q);
	for (size_t i = 0; i < n; i++) {
		uint8_t c = p[i];

		if (c == '\\' || c == (uint8_t)q)
			zen_buf_addf(out, "\\%c", c);
		else if (c == '\n' || c == '\r' || c == '\t')
			zen_buf_addstr(out, c == '\n' ? "\\n" : c == '\r' ? "\\r" : "\\t");
		else if (c < 0x20 || c >= 0x7f)
			zen_buf_addf(out, "\\x%02x", c);
		else
			zen_buf_addch(out, (char)c);
	}
	zen_buf_addch(out, q);
}

/* The vectors' input.data notation of a value built here:
 * ('Kind', value), python literals inside. */
static void py_data(struct zen_buf *out, const struct zen_data *d)
{
	static const char *const kinds[] = {
		[ZEN_DATA_I64] = "I64", [ZEN_DATA_BYTE] = "Byte",
		[ZEN_DATA_BYTES] = "ByteArray", [ZEN_DATA_U32] = "U32",
		[ZEN_DATA_U64] = "U64", [ZEN_DATA_STRING] = "String",
		[ZEN_DATA_HASH] = "Hash", [ZEN_DATA_LOCK] = "Lock",
		[ZEN_DATA_ARRAY] = "Array", [ZEN_DATA_DICT] = "Dict",
		[ZEN_DATA_LIST] = "List",
	};
	char hex[65];

	zen_buf_addf(out, "('%s', ", kinds[d->kind]);
	switch (d->kind) {
	case ZEN_DATA_I64:
		zen_buf_addf(out, "%lld", (long long)d->u.i64);
		break;
	case ZEN_DATA_BYTE:
		zen_buf_addf(out, "%u", d->u.byte);
		break;
	case ZEN_DATA_U32:
		zen_buf_addf(out, "%u", d->u.u32);
		break;
	case ZEN_DATA_U64:
		zen_buf_addf(out, "%llu", (unsigned long long)d->u.u64);
		break;
	case ZEN_DATA_BYTES:
	case ZEN_DATA_STRING:
		py_bytes(out, d->u.bytes.p, d->u.bytes.len);
		break;
	case ZEN_DATA_HASH:
		py_bytes(out, d->u.hash, 32);
		break;
	case ZEN_DATA_LOCK:	/* only PK locks in the vectors */
		zen_hex_encode_to(hex, d->u.lock.pk_hash, 32);
		zen_buf_addf(out, "('PK', '%s')", hex);
		break;
	case ZEN_DATA_ARRAY:
	case ZEN_DATA_LIST:
		zen_buf_addch(out, '[');
		for (size_t i = 0; i < d->u.coll.n; i++) {
			zen_buf_addstr(out, i ? ", " : "");
			py_data(out, &d->u.coll.items[i]);
		}
		zen_buf_addch(out, ']');
		break;
	default:		/* DICT */
		zen_buf_addch(out, '[');
		for (size_t i = 0; i < d->u.dict.n; i++) {
			const struct zen_data_entry *e = &d->u.dict.entries[i];

			zen_buf_addstr(out, i ? ", (" : "(");
			py_bytes(out, (const uint8_t *)e->key, e->key_len);
			zen_buf_addstr(out, ", ");
			py_data(out, &e->value);
			zen_buf_addch(out, ')');
		}
		zen_buf_addch(out, ']');
		break;
	}
	zen_buf_addch(out, ')');
}

static void check_data_roundtrip(const struct zen_buf *written,
				 const char *id)
{
	struct zen_data back;
	struct zen_buf b = ZEN_BUF_INIT;
	size_t used = 0;

	zen_data_init(&back);
	tap_ok(!zen_data_decode(&back, written->data, written->len, &used,
				NULL) && used == written->len, "%s decodes", id);
	zen_data_write(&b, &back);
	tap_ok(b.len == written->len && !memcmp(b.data, written->data, b.len),
	       "%s re-encodes", id);
	zen_data_release(&back);
	zen_data_release(&back);
	zen_buf_release(&b);
}

static void test_data_vector(json_t *v, const char *id)
{
	json_t *ex = tap_jget(v, "expected");
	struct zen_buf w = ZEN_BUF_INIT, p = ZEN_BUF_INIT;
	struct zen_data d;
	uint8_t h[ZEN_HASH_LEN];

	build_data(&d, id);
	/* the value built by hand is the vector's input (a dict in the
	 * input's order, before it is sorted for writing) */
	py_data(&w, &d);
	tap_str(zen_buf_str(&w), tap_jstr(tap_jget(v, "input"), "data"),
		"%s: the value built here is the input", id);
	zen_buf_reset(&w);
	if (d.kind == ZEN_DATA_DICT)
		zen_data_dict_normalize(&d);
	zen_data_write(&w, &d);
	tap_hex(w.data, w.len, tap_jstr(ex, "writtenHex"), "%s written", id);
	tap_u64(zen_data_size(&d), w.len, "%s written size", id);
	tap_u64(zen_data_ref_size(&d), ju64(ex, "referenceSize"),
		"%s reference size", id);
	zen_data_serialize(&p, &d);
	tap_hex(p.data, p.len, tap_jstr(ex, "serializeBufferHex"),
		"%s padded buffer", id);
	zen_sha3(h, p.data, p.len);
	tap_hex(h, 32, tap_jstr(ex, "stateCommitmentHash"),
		"%s state commitment hash", id);
	check_data_roundtrip(&w, id);
	zen_data_release(&d);
	zen_buf_release(&w);
	zen_buf_release(&p);
}

/* Dict{"Outputs": List[List[Lock, List[String asset, U64 amount]]...]} */
static void test_cgp_payout_body(json_t *v)
{
	json_t *outs = tap_jget(tap_jget(v, "input"), "outputs"), *o;
	json_t *ex = tap_jget(v, "expected");
	struct zen_data d, *list;
	struct zen_buf w = ZEN_BUF_INIT;
	size_t i;

	zen_data_init(&d);
	d.kind = ZEN_DATA_DICT;
	d.u.dict.n = 1;
	d.u.dict.entries = zen_xcalloc(1, sizeof(struct zen_data_entry));
	set_dict_entry(&d.u.dict.entries[0], "Outputs");
	list = &d.u.dict.entries[0].value;
	set_coll(list, ZEN_DATA_LIST, json_array_size(outs));
	json_array_foreach(outs, i, o) {
		struct zen_data *pair = &list->u.coll.items[i], *spend;
		char zeros[73];

		set_coll(pair, ZEN_DATA_LIST, 2);
		pair->u.coll.items[0].kind = ZEN_DATA_LOCK;
		pair->u.coll.items[0].u.lock.id = ZEN_LOCK_PK;
		unhex32(pair->u.coll.items[0].u.lock.pk_hash,
			tap_jstr(tap_jget(o, "lock"), "PK"));
		spend = &pair->u.coll.items[1];
		set_coll(spend, ZEN_DATA_LIST, 2);
		/* ZP is written as its 72-zero contract id text */
		tap_str(tap_jstr(o, "asset"), "00", "cgp payout asset is ZP");
		memset(zeros, '0', 72);
		set_bytes(&spend->u.coll.items[0], ZEN_DATA_STRING, zeros, 72);
		spend->u.coll.items[1].kind = ZEN_DATA_U64;
		spend->u.coll.items[1].u.u64 = ju64(o, "amount");
	}
	zen_data_write(&w, &d);
	tap_hex(w.data, w.len, tap_jstr(ex, "writtenHex"),
		"data-cgp-payout-body written");
	tap_u64(zen_data_list_nodes(&d), ju64(ex, "listNodes"),
		"data-cgp-payout-body list nodes");
	tap_u64(zen_data_ref_size(&d), ju64(ex, "referenceSize"),
		"data-cgp-payout-body reference size");
	check_data_roundtrip(&w, "data-cgp-payout-body");
	zen_data_release(&d);
	zen_buf_release(&w);
}

static void test_data_vectors(void)
{
	json_t *vs = tap_vectors("serialization.json"), *v;
	size_t i;

	json_array_foreach(vs, i, v) {
		const char *id = tap_jstr(v, "id");

		if (strncmp(id, "data-", 5))
			continue;
		tap_mark(id);
		if (!strcmp(id, "data-cgp-payout-body"))
			test_cgp_payout_body(v);
		else
			test_data_vector(v, id);
	}
}

static int data_hex(const char *hex, struct zen_data *d)
{
	struct zen_buf raw = unhex(hex);
	int ret;

	zen_data_init(d);
	ret = zen_data_decode(d, raw.data, raw.len, NULL, NULL);
	zen_buf_release(&raw);
	return ret;
}

static void test_data_edges(void)
{
	struct zen_data d;
	struct zen_buf b = ZEN_BUF_INIT;
	uint8_t *deep;
	size_t n = 2 * (ZEN_DATA_MAX_DEPTH + 2);

	tap_ok(data_hex("00", &d) == ZEN_EINVAL, "data tag 0 is refused");
	zen_data_release(&d);
	tap_ok(data_hex("0e", &d) == ZEN_EINVAL, "data tag 14 is refused");
	zen_data_release(&d);
	tap_ok(!data_hex("0d8efefefe7f", &d) && d.kind == ZEN_DATA_LIST &&
	       d.u.coll.n == 0, "data List count with bit 31 is empty");
	zen_data_release(&d);
	tap_ok(data_hex("0b8efefefe7f", &d) == ZEN_EINVAL,
	       "data Array count with bit 31 is refused");
	zen_data_release(&d);
	tap_ok(data_hex("038efefefe7f", &d) == ZEN_EINVAL,
	       "data ByteArray length with bit 31 is refused");
	zen_data_release(&d);
	tap_ok(data_hex("0b86fefefe7f", &d) == ZEN_EINVAL,
	       "data Array of 2^31-1 items in 6 bytes fails without allocating");
	zen_data_release(&d);
	tap_ok(!data_hex("0603ff4180", &d) && d.kind == ZEN_DATA_STRING &&
	       !strcmp((char *)d.u.bytes.p, "?A?"),
	       "string bytes >= 0x80 decode as '?'");
	zen_data_release(&d);
	tap_ok(data_hex("0c02026262040000000201610400000001", &d) ==
	       ZEN_EINVAL, "dict with keys out of order is refused");
	zen_data_release(&d);
	tap_ok(!data_hex("0c03016104000000010161040000000201620400000003",
			 &d) && d.u.dict.n == 2 &&
	       d.u.dict.entries[0].value.u.u32 == 2,
	       "dict duplicate key: the last value wins");
	zen_data_write(&b, &d);
	tap_hex(b.data, b.len, "0c0201610400000002016204000000" "03",
		"dict with a duplicate re-encodes without it");
	zen_data_release(&d);
	tap_ok(data_hex("0c020161040000000201610400000001", &d) ==
	       ZEN_EINVAL, "dict duplicate with decreasing values is refused");
	zen_data_release(&d);
	tap_ok(data_hex("09" "ffffffffffffffffffffffffffffffff"
			"ffffffffffffffffffffffffffffffff"
			"ffffffffffffffffffffffffffffffff"
			"ffffffffffffffffffffffffffffffff", &d) == ZEN_EINVAL,
	       "signature with r >= n is refused");
	zen_data_release(&d);
	tap_ok(data_hex("0a04" H60, &d) == ZEN_EINVAL,
	       "public key with prefix 04 is refused");
	zen_data_release(&d);
	deep = zen_xmalloc(n);
	for (size_t i = 0; i < n; i += 2) {
		deep[i] = 0x0d;
		deep[i + 1] = 1;
	}
	zen_data_init(&d);
	tap_ok(zen_data_decode(&d, deep, n, NULL, NULL) == ZEN_EINVAL,
	       "data nested deeper than the limit is refused");
	zen_data_release(&d);
	free(deep);
	zen_buf_release(&b);
}

/* ---------------- header ---------------- */

static void test_header_layout(void)
{
	json_t *v = tap_vector("serialization.json", "header-layout");
	json_t *fields = tap_jget(tap_jget(v, "expected"), "fields"), *f;
	struct zen_buf raw = unhex(tap_jstr(tap_jget(v, "input"), "headerHex"));
	struct zen_header h;
	uint8_t back[ZEN_HEADER_LEN];
	size_t i;

	tap_mark("header-layout");
	tap_ok(!zen_header_decode(&h, raw.data, raw.len, NULL),
	       "header-layout decodes");
	zen_header_encode(back, &h);
	tap_ok(!memcmp(back, raw.data, ZEN_HEADER_LEN),
	       "header-layout re-encodes");
	json_array_foreach(fields, i, f) {
		unsigned lo, hi;

		if (sscanf(json_string_value(json_array_get(f, 0)), "%u..%u",
			   &lo, &hi) != 2)
			abort();
		tap_hex(back + lo, hi - lo + 1,
			json_string_value(json_array_get(f, 2)),
			"header-layout field %s", json_string_value(
				json_array_get(f, 1)));
	}
	tap_ok(h.block_number == 1 && h.difficulty == 0x20ffffff &&
	       h.timestamp == 0x00000160e073fe8full,
	       "header-layout field values");
	tap_ok(zen_header_decode(&h, raw.data, 99, NULL) == ZEN_EINVAL,
	       "99-byte header is refused");
	zen_buf_add(&raw, "", 1);
	tap_ok(zen_header_decode(&h, raw.data, 101, NULL) == ZEN_EINVAL,
	       "101-byte header is refused");
	zen_buf_release(&raw);
}

/* ---------------- transactions ---------------- */

static void check_outputs(const struct zen_tx *tx, json_t *outs,
			  const char *id)
{
	json_t *o;
	size_t i;

	tap_u64(tx->n_outputs, json_array_size(outs), "%s output count", id);
	json_array_foreach(outs, i, o) {
		const struct zen_output *out = &tx->outputs[i];
		json_t *lock = tap_jget(o, "lock"), *cb;
		char asset[ZEN_ASSET_TEXT_MAX];

		if (i >= tx->n_outputs)
			break;
		zen_asset_text(asset, &out->spend.asset);
		tap_str(asset, tap_jstr(o, "asset"), "%s output %zu asset",
			id, i);
		tap_u64(out->spend.amount, ju64(o, "amount"),
			"%s output %zu amount", id, i);
		if ((cb = json_object_get(lock, "Coinbase"))) {
			tap_ok(out->lock.id == ZEN_LOCK_COINBASE &&
			       out->lock.block_number ==
			       ju64(cb, "blockNumber"),
			       "%s output %zu coinbase lock", id, i);
			tap_hex(out->lock.pk_hash, 32, tap_jstr(cb, "pkHash"),
				"%s output %zu pk hash", id, i);
		} else {
			tap_ok(out->lock.id == ZEN_LOCK_PK,
			       "%s output %zu PK lock", id, i);
			tap_hex(out->lock.pk_hash, 32, tap_jstr(lock, "PK"),
				"%s output %zu pk hash", id, i);
		}
	}
}

static void check_reencode(const struct zen_tx *tx, const struct zen_buf *raw,
			   const char *id)
{
	struct zen_buf b = ZEN_BUF_INIT;

	zen_tx_encode(&b, tx, ZEN_TX_FULL);
	tap_ok(b.len == raw->len && !memcmp(b.data, raw->data, b.len),
	       "%s re-encodes byte for byte", id);
	tap_u64(zen_tx_size(tx, ZEN_TX_FULL), raw->len, "%s size", id);
	zen_buf_release(&b);
}

static void check_signature(const struct zen_tx *tx, json_t *ex)
{
	const struct zen_witness *w = &tx->witnesses[0];
	secp256k1_pubkey pk;
	secp256k1_ecdsa_signature sig;
	int valid;

	tap_hex(tx->tx_hash, 32, tap_jstr(ex, "signatureMessage"),
		"signed-pk-tx signature message is the txHash");
	valid = secp256k1_ec_pubkey_parse(secp256k1_context_static, &pk,
					  w->pubkey, 33) &&
		secp256k1_ecdsa_signature_parse_compact(
			secp256k1_context_static, &sig, w->signature) &&
		secp256k1_ecdsa_verify(secp256k1_context_static, &sig,
				       tx->tx_hash, &pk);
	tap_ok(valid == json_is_true(tap_jget(ex, "signatureValid")),
	       "signed-pk-tx signature verifies");
}

static void test_signed_tx(json_t *v)
{
	json_t *ex = tap_jget(v, "expected"), *parsed = tap_jget(ex, "parsed");
	json_t *in0 = json_array_get(tap_jget(parsed, "inputs"), 0);
	json_t *w0 = tap_jget(json_array_get(tap_jget(parsed, "witnesses"), 0),
			      "PKWitness");
	struct zen_buf raw = unhex(tap_jstr(tap_jget(v, "input"), "txHex"));
	struct zen_tx tx;

	zen_tx_init(&tx);
	tap_ok(!zen_tx_decode(&tx, raw.data, raw.len, NULL),
	       "signed-pk-tx decodes");
	tap_u64(tx.raw_len, ju64(ex, "length"), "signed-pk-tx length");
	tap_u64(zen_tx_size(&tx, ZEN_TX_WITHOUT_WITNESS),
		ju64(ex, "nonWitnessLength"), "signed-pk-tx non-witness length");
	tap_hex(tx.tx_hash, 32, tap_jstr(ex, "txHash"), "signed-pk-tx txHash");
	tap_hex(tx.witness_hash, 32, tap_jstr(ex, "witnessHash"),
		"signed-pk-tx witnessHash");
	tap_ok(tx.version == ju64(parsed, "version") && tx.n_inputs == 1 &&
	       tx.inputs[0].kind == ZEN_INPUT_OUTPOINT && !tx.has_contract &&
	       json_is_null(tap_jget(parsed, "contract")) &&
	       tx.inputs[0].outpoint.index ==
	       ju64(tap_jget(in0, "outpoint"), "index"),
	       "signed-pk-tx version, input and contract");
	tap_hex(tx.inputs[0].outpoint.tx_hash, 32,
		tap_jstr(tap_jget(in0, "outpoint"), "txHash"),
		"signed-pk-tx outpoint txHash");
	check_outputs(&tx, tap_jget(parsed, "outputs"), "signed-pk-tx");
	tap_ok(tx.n_witnesses == 1 && tx.witnesses[0].id == ZEN_WITNESS_PK &&
	       tx.witnesses[0].sighash == ju64(w0, "sigHash"),
	       "signed-pk-tx PK witness and sighash");
	tap_hex(tx.witnesses[0].pubkey, 33, tap_jstr(w0, "publicKey"),
		"signed-pk-tx witness public key");
	tap_hex(tx.witnesses[0].signature, 64, tap_jstr(w0, "signature"),
		"signed-pk-tx witness signature");
	check_signature(&tx, ex);
	/* the hash the reference's tests state (a hash, then where) */
	tap_ok(!strncmp(tap_jstr(tap_jget(v, "stated"), "txHash"),
			tap_jstr(ex, "txHash"), 64), "signed-pk-tx stated txHash");
	check_reencode(&tx, &raw, "signed-pk-tx");
	zen_tx_release(&tx);
	zen_buf_release(&raw);
}

static void test_coinbase_tx(json_t *v, const char *id)
{
	json_t *ex = tap_jget(v, "expected");
	struct zen_buf raw = unhex(tap_jstr(tap_jget(v, "input"), "txHex"));
	struct zen_tx tx;

	zen_tx_init(&tx);
	tap_ok(!zen_tx_decode(&tx, raw.data, raw.len, NULL) &&
	       tx.raw_len == raw.len && tx.n_inputs == 0 &&
	       tx.n_witnesses == 0, "%s decodes", id);
	tap_hex(tx.tx_hash, 32, tap_jstr(ex, "txHash"), "%s txHash", id);
	tap_hex(tx.witness_hash, 32, tap_jstr(ex, "witnessHash"),
		"%s witnessHash", id);
	check_outputs(&tx, tap_jget(ex, "outputs"), id);
	check_reencode(&tx, &raw, id);
	zen_tx_release(&tx);
	zen_buf_release(&raw);
}

/* The layout of root-tx-structure, piece by piece, is its full hex; an
 * abbreviated piece "ab...cd" stands for the pk hash (hash_len hex). */
static void check_layout(json_t *layout, const char *full, size_t hash_len)
{
	size_t at = 0, i, n;
	json_t *row;
	int ok = 1;

	json_array_foreach(layout, i, row) {
		const char *piece = json_string_value(json_array_get(row, 0));
		const char *dots = piece ? strstr(piece, "...") : NULL;

		if (!piece || !json_is_string(json_array_get(row, 1))) {
			ok = 0;
			break;
		}
		if (dots) {
			n = (size_t)(dots - piece);
			ok &= at + hash_len <= strlen(full) &&
			      !strncmp(full + at, piece, n) &&
			      !strncmp(full + at + hash_len - strlen(dots + 3),
				       dots + 3, strlen(dots + 3));
			at += hash_len;
		} else {
			n = strlen(piece);
			ok &= !strncmp(full + at, piece, n);
			at += n;
		}
	}
	tap_ok(ok && at == strlen(full),
	       "root-tx-structure layout pieces make the full hex");
}

static void test_root_tx(json_t *v)
{
	json_t *in = tap_jget(v, "input"), *ex = tap_jget(v, "expected");
	json_t *o = json_array_get(tap_jget(in, "outputs"), 0);
	struct zen_buf b = ZEN_BUF_INIT;
	struct zen_tx tx;
	uint8_t h[ZEN_HASH_LEN];

	zen_tx_init(&tx);
	tap_ok(json_array_size(tap_jget(in, "inputs")) == 0 &&
	       json_array_size(tap_jget(in, "witnesses")) == 0 &&
	       json_is_null(tap_jget(in, "contract")) &&
	       !strcmp(tap_jstr(o, "asset"), "00"), "root-tx-structure shape");
	tx.version = (uint32_t)ju64(in, "version");
	tx.n_outputs = 1;
	tx.outputs = zen_xcalloc(1, sizeof(*tx.outputs));
	tx.outputs[0].lock.id = ZEN_LOCK_PK;
	unhex32(tx.outputs[0].lock.pk_hash, tap_jstr(tap_jget(o, "lock"), "PK"));
	tx.outputs[0].spend.amount = ju64(o, "amount");
	zen_tx_encode(&b, &tx, ZEN_TX_FULL);
	tap_hex(b.data, b.len, tap_jstr(ex, "fullHex"),
		"root-tx-structure Full encoding");
	zen_buf_reset(&b);
	zen_tx_encode(&b, &tx, ZEN_TX_WITHOUT_WITNESS);
	tap_hex(b.data, b.len, tap_jstr(ex, "withoutWitnessHex"),
		"root-tx-structure WithoutWitness encoding");
	zen_tx_compute_hash(h, &tx);
	tap_hex(h, 32, tap_jstr(ex, "txHash"), "root-tx-structure txHash");
	zen_tx_finalize(&tx);
	tap_hex(tx.tx_hash, 32, tap_jstr(ex, "txHash"),
		"root-tx-structure finalize txHash");
	tap_hex(tx.raw, tx.raw_len, tap_jstr(ex, "fullHex"),
		"root-tx-structure finalize raw");
	check_layout(tap_jget(ex, "layout"), tap_jstr(ex, "fullHex"),
		     strlen(tap_jstr(tap_jget(o, "lock"), "PK")));
	zen_tx_release(&tx);
	zen_buf_release(&b);
}

static void test_tx_vectors(void)
{
	json_t *vs = tap_vectors_all("transactions.json"), *v;
	size_t i;

	json_array_foreach(vs, i, v) {
		const char *id = tap_jstr(v, "id");

		tap_mark(id);
		if (!strcmp(id, "signed-pk-tx"))
			test_signed_tx(v);
		else if (!strcmp(id, "root-tx-structure"))
			test_root_tx(v);
		else
			test_coinbase_tx(v, id);
	}
}

/* Every strict prefix of a vector must fail to decode, cleanly. */
static void test_tx_truncation(void)
{
	json_t *vs = tap_vectors("transactions.json"), *v;
	size_t i;

	json_array_foreach(vs, i, v) {
		json_t *hex = json_object_get(tap_jget(v, "input"), "txHex");
		struct zen_buf raw;
		int all_fail = 1;

		if (!hex)
			continue;
		raw = unhex(json_string_value(hex));
		for (size_t n = 0; n < raw.len; n++) {
			uint8_t *copy = zen_xmalloc(n ? n : 1);
			struct zen_tx tx;
			struct zen_err err = ZEN_ERR_INIT;

			memcpy(copy, raw.data, n);
			zen_tx_init(&tx);
			if (zen_tx_decode(&tx, copy, n, &err) != ZEN_EINVAL ||
			    !err.msg[0])
				all_fail = 0;
			zen_tx_release(&tx);
			free(copy);
		}
		tap_ok(all_fail, "%s: every truncation fails cleanly",
		       tap_jstr(v, "id"));
		zen_buf_release(&raw);
	}
}

static int tx_hex(const char *hex, struct zen_tx *tx, struct zen_err *err)
{
	struct zen_buf raw = unhex(hex);
	int ret;

	zen_tx_init(tx);
	ret = zen_tx_decode(tx, raw.data, raw.len, err);
	zen_buf_release(&raw);
	return ret;
}

#define PKW "0162" PKW_BODY
#define PKW_BODY "01" \
	"02b43a1cb4cb6472e1fcd71b237eb9c1378335cd200dd07536594348d9e450967e" \
	"0b6be83f6eb9f27d76020f1805d08aac2a3f38860177ff5ebd2cb32081094d04" \
	"4474e9636c3ee6c5b599ef9e93268d5d80c4abf1d4625e8e95c0ed5d6741d9b1"

static void test_tx_edges(void)
{
	static const uint8_t zeros[8];
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_reader r;
	struct zen_tx tx;
	uint8_t h[ZEN_HASH_LEN];

	tap_ok(tx_hex("0000000000000000", &tx, &err) == ZEN_EINVAL &&
	       strstr(err.msg, "zero"), "all-zero transaction is refused");
	zen_tx_release(&tx);
	zen_reader_init(&r, zeros, sizeof(zeros));
	tap_ok(!zen_tx_read(&r, &tx, NULL) && tx.raw_len == 8,
	       "the same bytes read inside a block are an empty transaction");
	zen_tx_release(&tx);
	tap_ok(!tx_hex("00000000000000000000ff", &tx, NULL) &&
	       tx.raw_len == 8, "trailing bytes are left unconsumed");
	zen_tx_release(&tx);
	/* input count 2^31 (bit 31): an empty list, but hashed over raw[0..7) */
	tap_ok(!tx_hex("00000001" "86fefeff00" "00" "00" "00", &tx, NULL) &&
	       tx.n_inputs == 0 && tx.raw_len == 12,
	       "input count with bit 31 decodes as an empty list");
	zen_sha3(h, tx.raw, 7);
	tap_ok(!memcmp(h, tx.tx_hash, 32),
	       "txHash covers the canonical size, not the bytes read");
	zen_tx_release(&tx);
	tap_ok(tx_hex("00000000" "01" "03", &tx, NULL) == ZEN_EINVAL,
	       "input tag 3 is refused");
	zen_tx_release(&tx);
	tap_ok(tx_hex("00000000" "00" "00" "02" "00", &tx, NULL) == ZEN_EINVAL,
	       "contract option tag 2 is refused");
	zen_tx_release(&tx);
	tap_ok(tx_hex("00000000" "00" "00" "00" "86fefefe7f", &tx, NULL) ==
	       ZEN_EINVAL, "2^31-1 witnesses in 5 bytes fail early");
	zen_tx_release(&tx);
	tap_ok(!tx_hex("00000000" "00" "00" "00" "01" PKW, &tx, NULL) &&
	       tx.n_witnesses == 1, "PK witness parses");
	zen_tx_release(&tx);
	tap_ok(tx_hex("00000000" "00" "00" "00" "01" "0163" PKW_BODY, &tx,
		      NULL) == ZEN_EINVAL, "PK witness with length 99 is refused");
	zen_tx_release(&tx);
	tap_ok(!tx_hex("00000000" "00" "00" "00" "01" "0902abcd", &tx, NULL) &&
	       tx.witnesses[0].id == 9 && tx.witnesses[0].len == 2,
	       "HighV witness parses");
	zen_tx_release(&tx);
	/* non-canonical amount 7e..01 (8 bytes for 1): canonical N is shorter */
	tap_ok(!tx_hex("00000000" "00" "01" "0100" "00" "7e00000000000001"
		       "00" "00", &tx, NULL) && tx.raw_len == 19,
	       "non-canonical amount decodes");
	zen_sha3(h, tx.raw, 12);
	tap_ok(!memcmp(h, tx.tx_hash, 32),
	       "txHash of a non-canonical tx hashes the canonical length");
	zen_tx_release(&tx);
	/* a 2-byte amount re-encoded in 4 bytes makes N exceed the input */
	tap_ok(tx_hex("00000000" "00" "01" "0100" "00" "6000" "00" "00", &tx,
		      NULL) == ZEN_EINVAL,
	       "canonical size beyond the consumed bytes is refused");
	zen_tx_release(&tx);
	tap_ok(tx_hex("00000000" "00" "00" "01" "00" "05" "00000000" "00", &tx,
		      NULL) == ZEN_EINVAL,
	       "V0 contract with a wrong payload length is refused");
	zen_tx_release(&tx);
	tap_ok(!tx_hex("00000000" "00" "00" "01" "00" "06" "0161" "0162"
		       "05" "06" "00", &tx, NULL) && tx.has_contract &&
	       tx.contract.rlimit == 5 && tx.contract.queries == 6 &&
	       !strcmp(tx.contract.code, "a"), "V0 contract parses");
	zen_tx_release(&tx);
	tap_ok(!tx_hex("00000000" "00" "00" "01" "07" "01ff" "00", &tx, NULL) &&
	       tx.contract.version == 7 && tx.contract.len == 1,
	       "HighV contract parses");
	zen_tx_release(&tx);
}

/* A contract witness whose body has a List: the length field over-counts. */
static void test_contract_witness(void)
{
	struct zen_tx tx, back;
	struct zen_witness *w;
	struct zen_buf b = ZEN_BUF_INIT, p = ZEN_BUF_INIT;
	struct zen_reader r;
	size_t written;

	zen_tx_init(&tx);
	tx.n_witnesses = 1;
	tx.witnesses = w = zen_xcalloc(1, sizeof(*w));
	w->id = ZEN_WITNESS_CONTRACT;
	unhex32(w->cid.hash, H60);
	w->command = zen_xstrdup("go");
	w->command_len = 2;
	w->body = zen_xmalloc(sizeof(*w->body));
	build_data(w->body, "data-List-7");
	w->state = ZEN_STATE_HASH;
	w->inputs_length = 300;
	w->cost = 77;
	zen_tx_encode(&b, &tx, ZEN_TX_FULL);
	/* payload: cid 33 + cmd 3 + body 1+7 + state 33 + varints 1+1+2+1
	 * + sig option 1 + cost 8 = 91 written, 92 in the length field */
	written = b.len;
	tap_u64(zen_witness_payload_size(w), 92,
		"contract witness length field counts the List node");
	tap_hex(b.data + 4 + 1 + 1 + 1 + 1, 2, "025c",
		"contract witness header carries id 2 and length 92");
	tap_u64(zen_tx_ref_size(&tx, ZEN_TX_FULL), written + 1,
		"reference tx size is one byte larger");
	zen_tx_serialize(&p, &tx, ZEN_TX_FULL);
	tap_ok(p.len == written + 1 && p.data[written] == 0,
	       "padded serialization ends in a zero byte");
	zen_tx_init(&back);
	zen_reader_init(&r, b.data, b.len);
	tap_ok(!zen_tx_read(&r, &back, NULL) && back.raw_len == written &&
	       back.witnesses[0].body && back.witnesses[0].cost == 77 &&
	       back.witnesses[0].inputs_length == 300,
	       "contract witness with over-counted length decodes");
	zen_tx_release(&back);
	b.data[4 + 1 + 1 + 1 + 1 + 1] = 0x5b;
	zen_reader_init(&r, b.data, b.len);
	tap_ok(zen_tx_read(&r, &back, NULL) == ZEN_EINVAL,
	       "contract witness with the true length is refused");
	zen_tx_release(&back);
	zen_buf_reset(&p);
	zen_witnesses_serialize(&p, tx.witnesses, 1);
	tap_ok(p.len == written - 7 + 1 && p.data[p.len - 1] == 0,
	       "witness list buffer is padded too");
	zen_buf_reset(&p);
	zen_message_serialize(&p, &w->cid, "go", 2, w->body, 1);
	tap_u64(p.len, 33 + 3 + 1 + 7 + 1, "message buffer is padded");
	zen_tx_release(&tx);
	zen_buf_release(&b);
	zen_buf_release(&p);
}

/* ---------------- blocks ---------------- */

static void check_block_txs(const struct zen_block *b, json_t *txs,
			    const char *id)
{
	json_t *t;
	size_t i;

	tap_u64(b->n_txs, json_array_size(txs), "%s tx count", id);
	json_array_foreach(txs, i, t) {
		const struct zen_tx *tx = &b->txs[i];

		if (i >= b->n_txs)
			break;
		tap_hex(tx->raw, tx->raw_len, tap_jstr(t, "raw"),
			"%s tx %zu raw", id, i);
		tap_u64(zen_tx_size(tx, ZEN_TX_WITHOUT_WITNESS),
			ju64(t, "nonWitnessLength"),
			"%s tx %zu non-witness length", id, i);
		tap_hex(tx->tx_hash, 32, tap_jstr(t, "txHash"),
			"%s tx %zu txHash", id, i);
		tap_hex(tx->witness_hash, 32, tap_jstr(t, "witnessHash"),
			"%s tx %zu witnessHash", id, i);
	}
}

static void check_header_json(const struct zen_header *h, json_t *jh,
			      const char *id)
{
	unsigned long diff = strtoul(tap_jstr(jh, "difficulty"), NULL, 16);
	json_t *nonce = tap_jget(jh, "nonce");

	tap_ok(h->version == ju64(jh, "version") &&
	       h->block_number == ju64(jh, "blockNumber") &&
	       h->timestamp == ju64(jh, "timestamp") && h->difficulty == diff,
	       "%s header fields", id);
	tap_ok(h->nonce[0] == strtoull(json_string_value(
			json_array_get(nonce, 0)), NULL, 10) &&
	       h->nonce[1] == strtoull(json_string_value(
			json_array_get(nonce, 1)), NULL, 10),
	       "%s header nonce", id);
	tap_hex(h->parent, 32, tap_jstr(jh, "parent"), "%s parent", id);
	tap_hex(h->commitments, 32, tap_jstr(jh, "commitments"),
		"%s header commitments", id);
}

static void check_block_roots(const struct zen_block *b, json_t *ex,
			      const char *id)
{
	json_t *list = tap_jget(ex, "commitmentsList");
	uint8_t txr[32], wr[32], acs[32], root[32];

	tap_u64(b->n_commitments, json_array_size(list),
		"%s commitment count", id);
	for (size_t i = 0; i < b->n_commitments && i < json_array_size(list);
	     i++)
		tap_hex(b->commitments[i], 32,
			json_string_value(json_array_get(list, i)),
			"%s commitment %zu", id, i);
	tap_ok(!zen_block_tx_roots(txr, wr, b, NULL), "%s roots", id);
	tap_hex(txr, 32, json_string_value(json_array_get(list, 0)),
		"%s tx merkle root recomputed", id);
	tap_hex(wr, 32, json_string_value(json_array_get(list, 1)),
		"%s witness merkle root recomputed", id);
	unhex32(acs, "be653064be80f760b9d471dc9afbac2b"
		"24236c9f2eb0f08b7427942852dc7802");
	tap_hex(acs, 32, json_string_value(json_array_get(list, 2)),
		"%s empty ACS root", id);
	/* the vector names the three in the order recomputed above */
	list = tap_jget(ex, "commitmentsListMeaning");
	tap_ok(json_array_size(list) == 3 &&
	       !strcmp(json_string_value(json_array_get(list, 0)), "txMerkleRoot") &&
	       !strcmp(json_string_value(json_array_get(list, 1)), "witnessMerkleRoot") &&
	       !strcmp(json_string_value(json_array_get(list, 2)),
		       "activeContractSetMerkleRoot"),
	       "%s commitments are tx, witness, ACS roots", id);
	zen_commitments_root(root, txr, wr, acs, NULL, 0);
	tap_ok(!memcmp(root, b->header.commitments, 32),
	       "%s header commitments recomputed", id);
	zen_block_commitments_root(root, b);
	tap_ok(!memcmp(root, b->header.commitments, 32),
	       "%s header commits to the block's list", id);
}

/* What the reference's tests state about the block, against the block:
 * its hash, its first transaction's hash, its parent. */
static void check_block_stated(const struct zen_block *b,
			       const uint8_t hash[32], json_t *st,
			       const char *id)
{
	json_t *x;
	size_t n = 0;

	if ((x = json_object_get(st, "blockHash")) && ++n)
		tap_hex(hash, 32, json_string_value(x), "%s stated hash", id);
	if ((x = json_object_get(st, "transactions[0].txHash")) && ++n)
		tap_hex(b->n_txs ? b->txs[0].tx_hash : hash, 32,
			json_string_value(x), "%s stated first tx hash", id);
	if ((x = json_object_get(st, "header.parent")) && ++n)
		tap_hex(b->header.parent, 32, json_string_value(x),
			"%s stated parent", id);
	tap_u64(n, json_object_size(st), "%s every stated field checked", id);
}

/* What zen_block_decode_each showed: the transactions in order, each
 * with its hashes set when shown. */
struct seen_txs {
	size_t n;		/* calls */
	int in_order;		/* call k was for transaction k, the last decoded */
	uint8_t (*hashes)[ZEN_HASH_LEN];
};

static void see_tx(void *ctx, const struct zen_block *b, size_t i)
{
	struct seen_txs *s = ctx;

	s->in_order &= i == s->n && b->n_txs == i + 1;
	s->hashes = zen_xrealloc(s->hashes, (s->n + 1) * ZEN_HASH_LEN);
	memcpy(s->hashes[s->n++], b->txs[i].tx_hash, ZEN_HASH_LEN);
}

/* Decoding p[0..len) shows each transaction decoded, in order, with its
 * hashes, and no other: of full (the whole block decoded) the first
 * shown ones. */
static int decode_shows_each(const struct zen_block *full, const uint8_t *p,
			     size_t len)
{
	struct seen_txs s = { .in_order = 1 };
	struct zen_block b;
	int ret, ok;

	zen_block_init(&b);
	ret = zen_block_decode_each(&b, p, len, NULL, see_tx, &s, NULL);
	ok = s.in_order && s.n <= full->n_txs && (ret || s.n == full->n_txs);
	for (size_t i = 0; ok && i < s.n; i++)
		ok = !memcmp(s.hashes[i], full->txs[i].tx_hash, ZEN_HASH_LEN);
	zen_block_release(&b);
	free(s.hashes);
	return ok;
}

static void test_block_vector(json_t *v, const char *id)
{
	json_t *ex = tap_jget(v, "expected");
	struct zen_buf raw = unhex(tap_jstr(tap_jget(v, "input"), "blockHex"));
	struct zen_buf b = ZEN_BUF_INIT;
	struct zen_block blk;
	uint8_t hdr[ZEN_HEADER_LEN], h[32], hh[32];
	size_t used = 0;

	zen_block_init(&blk);
	tap_ok(!zen_block_decode(&blk, raw.data, raw.len, &used, NULL),
	       "%s decodes", id);
	tap_u64(used, ju64(ex, "blockLength"), "%s length", id);
	zen_header_encode(hdr, &blk.header);
	tap_hex(hdr, sizeof(hdr), tap_jstr(ex, "headerHex"), "%s header", id);
	check_header_json(&blk.header, tap_jget(ex, "header"), id);
	zen_header_hash(h, &blk.header);
	tap_hex(h, 32, tap_jstr(ex, "blockHash"), "%s block hash", id);
	zen_sha3(hh, h, 32);
	tap_hex(hh, 32, tap_jstr(ex, "blockHashHash"), "%s hash of hash", id);
	check_block_roots(&blk, ex, id);
	check_block_txs(&blk, tap_jget(ex, "transactions"), id);
	check_block_stated(&blk, h, tap_jget(v, "stated"), id);
	zen_block_encode(&b, &blk);
	tap_ok(b.len == raw.len && !memcmp(b.data, raw.data, b.len),
	       "%s re-encodes byte for byte", id);
	tap_ok(decode_shows_each(&blk, raw.data, raw.len),
	       "%s decoded shows each of its %zu transactions in order", id,
	       blk.n_txs);
	for (size_t n = 0; n < raw.len; n++) {
		struct zen_block t;
		uint8_t *copy = zen_xmalloc(n ? n : 1);
		int ret, shown;

		memcpy(copy, raw.data, n);
		zen_block_init(&t);
		ret = zen_block_decode(&t, copy, n, NULL, NULL);
		shown = decode_shows_each(&blk, copy, n);
		zen_block_release(&t);
		free(copy);
		if (ret != ZEN_EINVAL || !shown) {
			tap_ok(0, "%s truncated to %zu bytes fails, showing "
			       "only the transactions before the cut", id, n);
			break;
		}
	}
	tap_ok(1, "%s truncations checked", id);
	zen_block_release(&blk);
	zen_buf_release(&raw);
	zen_buf_release(&b);
}

static void test_pow_vector(json_t *v)
{
	json_t *in = tap_jget(v, "input"), *ex = tap_jget(v, "expected");
	struct zen_u256 target;
	uint8_t hash[32];
	uint32_t diff = (uint32_t)strtoul(tap_jstr(in, "difficulty"), NULL, 16);

	unhex32(hash, tap_jstr(in, "blockHash"));
	zen_difficulty_uncompress(&target, diff);
	tap_hex(target.b, 32, tap_jstr(ex, "target"),
		"pow-check-api-block-2 target");
	tap_ok(zen_pow_valid(hash, diff, 0x20ffffff) ==
	       json_is_true(tap_jget(ex, "passes")),
	       "pow-check-api-block-2 passes");
}

static void test_block_vectors(void)
{
	json_t *vs = tap_vectors_all("blocks.json"), *v;
	size_t i;

	json_array_foreach(vs, i, v) {
		const char *id = tap_jstr(v, "id");

		tap_mark(id);
		if (!strcmp(id, "pow-check-api-block-2"))
			test_pow_vector(v);
		else
			test_block_vector(v, id);
	}
}

/*
 * A block of the transaction vectors with their bytes (four distinct
 * transactions after 100 zero header bytes and three zero commitments):
 * decode_each shows them in the block's order, each with the hash
 * zen_tx_decode gives it alone, and every cut shows only those before it.
 */
static void test_block_each_order(void)
{
	json_t *vs = tap_vectors_all("transactions.json"), *v;
	struct zen_buf raw = ZEN_BUF_INIT;
	struct zen_block want;
	size_t i, n = 0, cut_ok = 1;

	zen_block_init(&want);
	for (i = 0; i < ZEN_HEADER_LEN + 1 + 3 * 32; i++)
		zen_buf_addch(&raw, i == ZEN_HEADER_LEN ? 3 : 0);
	json_array_foreach(vs, i, v)
		if (json_object_get(tap_jget(v, "input"), "txHex"))
			n++;
	zen_buf_addch(&raw, (uint8_t)n);
	want.txs = zen_xcalloc(n, sizeof(*want.txs));
	json_array_foreach(vs, i, v) {
		json_t *hex = json_object_get(tap_jget(v, "input"), "txHex");
		struct zen_buf tx;

		if (!hex)
			continue;
		tx = unhex(json_string_value(hex));
		zen_tx_init(&want.txs[want.n_txs]);
		if (zen_tx_decode(&want.txs[want.n_txs++], tx.data, tx.len,
				  NULL))
			tap_ok(0, "transaction vector %zu decodes", i);
		zen_buf_add(&raw, tx.data, tx.len);
		zen_buf_release(&tx);
	}
	tap_ok(n >= 3 && decode_shows_each(&want, raw.data, raw.len),
	       "a block of %zu transaction vectors shows each in order", n);
	for (size_t len = 0; len < raw.len; len++)
		cut_ok &= decode_shows_each(&want, raw.data, len);
	tap_ok(cut_ok, "cut anywhere, it shows only the transactions before "
	       "the cut");
	zen_block_release(&want);
	zen_buf_release(&raw);
}

/* Decode 100 zero header bytes followed by tail. */
static int block_hex(const char *tail, size_t *used)
{
	struct zen_buf raw = ZEN_BUF_INIT, t = unhex(tail);
	struct zen_block b;
	int ret;

	for (int i = 0; i < ZEN_HEADER_LEN; i++)
		zen_buf_addch(&raw, 0);
	zen_buf_add(&raw, t.data, t.len);
	zen_buf_release(&t);

	zen_block_init(&b);
	ret = zen_block_decode(&b, raw.data, raw.len, used, NULL);
	zen_block_release(&b);
	zen_buf_release(&raw);
	return ret;
}

static void test_block_edges(void)
{
	size_t used = 0;

	tap_ok(block_hex("02" H60 H60 "00", NULL) == ZEN_EINVAL,
	       "block with two commitments is refused");
	tap_ok(!block_hex("03" H60 H60 H60 "00" "ff", &used) &&
	       used == 100 + 1 + 96 + 1,
	       "block with no transactions and trailing bytes decodes");
	tap_ok(block_hex("86fefeff00" "00", NULL) == ZEN_EINVAL,
	       "commitment count with bit 31 is empty, hence too few");
	tap_ok(block_hex("86fefefe7f", NULL) == ZEN_EINVAL,
	       "a huge commitment count fails without allocating");
}

/*
 * UTF-8 text to a String as .NET's ASCII encoding of the UTF-16 text
 * (zen_text_to_ascii): one '?' per UTF-16 code unit, by hand from RFC 3629
 * and UTF-16's surrogate pairs.
 */
static void test_text_to_ascii(void)
{
	static const struct {
		const char *in, *want, *what;
	} cases[] = {
		{ "plain ascii\n", "plain ascii\n", "ASCII unchanged" },
		{ "r\xc3\xa9sum\xc3\xa9", "r?sum?", "U+00E9 (2 bytes): one ?" },
		{ "a\xe2\x80\x94" "b", "a?b", "U+2014 (3 bytes): one ?" },
		{ "\xef\xbb\xbfx", "?x", "U+FEFF inside text: one ?" },
		{ "\xf0\x9f\x98\x80" "!", "?" "?!", "U+1F600 (4 bytes): two ?" },
		{ "\xf4\x8f\xbf\xbf", "??", "U+10FFFF: two ?" },
		{ "\xff\xfe", "??", "bytes that start nothing: one ? each" },
		{ "\xc3", "?", "a sequence cut by the end: ?" },
		{ "\xc3(", "?(", "a lead byte before ASCII: ? and the ASCII" },
		{ "\xc0\xaf", "??", "an overlong form: one ? per byte" },
		{ "\xe0\x80\xaf", "???", "an overlong 3-byte form" },
		{ "\xed\xa0\x80", "???", "a UTF-16 surrogate in UTF-8" },
		{ "\xf4\x90\x80\x80", "????", "past U+10FFFF" },
		{ "\x80", "?", "a lone continuation byte" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char buf[32];
		size_t n = strlen(cases[i].in);

		memcpy(buf, cases[i].in, n + 1);
		n = zen_text_to_ascii(buf, n);
		buf[n] = 0;
		tap_str(buf, cases[i].want, "text to ASCII: %s", cases[i].what);
	}
}

int main(void)
{
	test_varint_vectors();
	test_varint_edges();
	test_amount_vectors();
	test_amount_edges();
	test_asset_vectors();
	test_asset_edges();
	test_lock_vectors();
	test_lock_edges();
	test_data_vectors();
	test_data_edges();
	test_header_layout();
	test_tx_vectors();
	test_tx_truncation();
	test_tx_edges();
	test_contract_witness();
	test_block_vectors();
	test_block_each_order();
	test_block_edges();
	test_text_to_ascii();
	return tap_done();
}
