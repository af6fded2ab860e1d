/*
 * ser.c - primitive consensus encodings (protocol.md 1, 2.1-2.4).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>


#include "core/encoding/hex.h"
#include "core/types/ser.h"

static const uint8_t zero_hash[ZEN_HASH_LEN];

void zen_reader_init(struct zen_reader *r, const uint8_t *p, size_t len)
{
	r->p = p;
	r->len = len;
	r->pos = 0;
}

size_t zen_reader_left(const struct zen_reader *r)
{
	return r->len - r->pos;
}

static int need(struct zen_reader *r, size_t n, struct zen_err *err)
{
	if (zen_reader_left(r) < n)
		return zen_fail(err, ZEN_EINVAL,
				"truncated input: need %zu bytes at offset %zu, have %zu",
				n, r->pos, zen_reader_left(r));
	return 0;
}

int zen_read_view(struct zen_reader *r, const uint8_t **out, size_t n,
		  struct zen_err *err)
{
	int ret = need(r, n, err);

	if (ret)
		return ret;
	*out = r->p + r->pos;
	r->pos += n;
	return 0;
}

int zen_read_fixed(struct zen_reader *r, uint8_t *out, size_t n,
		   struct zen_err *err)
{
	const uint8_t *p;
	int ret = zen_read_view(r, &p, n, err);

	if (ret)
		return ret;
	if (n)
		memcpy(out, p, n);
	return 0;
}

static int read_be(struct zen_reader *r, uint64_t *out, size_t n,
		   struct zen_err *err)
{
	const uint8_t *p;
	uint64_t v = 0;
	int ret = zen_read_view(r, &p, n, err);

	if (ret)
		return ret;
	for (size_t i = 0; i < n; i++)
		v = (v << 8) | p[i];
	*out = v;
	return 0;
}

int zen_read_u8(struct zen_reader *r, uint8_t *out, struct zen_err *err)
{
	uint64_t v;
	int ret = read_be(r, &v, 1, err);

	if (!ret)
		*out = (uint8_t)v;
	return ret;
}

int zen_read_u16(struct zen_reader *r, uint16_t *out, struct zen_err *err)
{
	uint64_t v;
	int ret = read_be(r, &v, 2, err);

	if (!ret)
		*out = (uint16_t)v;
	return ret;
}

int zen_read_u32(struct zen_reader *r, uint32_t *out, struct zen_err *err)
{
	uint64_t v;
	int ret = read_be(r, &v, 4, err);

	if (!ret)
		*out = (uint32_t)v;
	return ret;
}

int zen_read_u64(struct zen_reader *r, uint64_t *out, struct zen_err *err)
{
	return read_be(r, out, 8, err);
}

int zen_read_hash(struct zen_reader *r, uint8_t out[ZEN_HASH_LEN],
		  struct zen_err *err)
{
	return zen_read_fixed(r, out, ZEN_HASH_LEN, err);
}

int zen_read_varint(struct zen_reader *r, uint32_t *out, struct zen_err *err)
{
	uint32_t n = 0;
	uint8_t b;
	int ret;

	do {
		ret = zen_read_u8(r, &b, err);
		if (ret)
			return ret;
		n = (n << 7) | (b & 0x7f);
		if (b & 0x80)
			n++;
	} while (b & 0x80);
	*out = n;
	return 0;
}

int zen_read_bytes_view(struct zen_reader *r, const uint8_t **out, size_t *n,
			struct zen_err *err)
{
	uint32_t len;
	int ret = zen_read_varint(r, &len, err);

	if (ret)
		return ret;
	if (len & 0x80000000u)
		return zen_fail(err, ZEN_EINVAL, "invalid byte string length %u",
				len);
	ret = zen_read_view(r, out, len, err);
	if (!ret)
		*n = len;
	return ret;
}

int zen_read_string(struct zen_reader *r, char **out, size_t *n,
		    struct zen_err *err)
{
	const uint8_t *p;
	size_t len;
	char *s;
	int ret;

	*out = NULL;
	ret = zen_read_bytes_view(r, &p, &len, err);
	if (ret)
		return ret;
	s = zen_xmalloc(len + 1);
	for (size_t i = 0; i < len; i++)
		s[i] = p[i] >= 0x80 ? '?' : (char)p[i];
	s[len] = '\0';
	*out = s;
	*n = len;
	return 0;
}

int zen_read_option(struct zen_reader *r, int *present, struct zen_err *err)
{
	uint8_t tag;
	int ret = zen_read_u8(r, &tag, err);

	if (ret)
		return ret;
	if (tag > 1)
		return zen_fail(err, ZEN_EINVAL, "invalid option tag %u", tag);
	*present = tag;
	return 0;
}

static int read_count(struct zen_reader *r, size_t *count, size_t min,
		      int is_list, struct zen_err *err)
{
	uint32_t n;
	int ret = zen_read_varint(r, &n, err);

	if (ret)
		return ret;
	if (n & 0x80000000u) {
		if (!is_list)
			return zen_fail(err, ZEN_EINVAL,
					"invalid array length %u", n);
		n = 0;
	}
	if (min && n > zen_reader_left(r) / min)
		return zen_fail(err, ZEN_EINVAL,
				"truncated input: %u elements cannot fit in %zu bytes",
				n, zen_reader_left(r));
	*count = n;
	return 0;
}

int zen_read_list_count(struct zen_reader *r, size_t *count,
			size_t min_elem_size, struct zen_err *err)
{
	return read_count(r, count, min_elem_size, 1, err);
}

int zen_read_array_count(struct zen_reader *r, size_t *count,
			 size_t min_elem_size, struct zen_err *err)
{
	return read_count(r, count, min_elem_size, 0, err);
}

/* s * 10^e with the silent u64 wrap of the reference. */
static uint64_t scale10(uint64_t s, unsigned e)
{
	while (e--)
		s *= 10;
	return s;
}

static int read_amount_wide(struct zen_reader *r, uint8_t first,
			    uint64_t *out, struct zen_err *err)
{
	uint64_t low;
	int ret;

	if (first >= 0x80)
		return zen_read_u64(r, out, err);
	ret = read_be(r, &low, 7, err);
	if (!ret)
		*out = low;
	return ret;
}

static int read_amount16(struct zen_reader *r, uint8_t first, uint64_t *out,
			 struct zen_err *err)
{
	uint8_t second;
	int ret = zen_read_u8(r, &second, err);

	if (ret)
		return ret;
	if ((first & 0x60) == 0x60)
		*out = scale10(0x400u + second, first & 0x1f);
	else
		*out = scale10(second + ((uint64_t)(first & 3) << 8),
			       (first & 0x7c) >> 2);
	return 0;
}

static int read_amount32(struct zen_reader *r, uint8_t first, uint64_t *out,
			 struct zen_err *err)
{
	uint64_t rest, s;
	int ret = read_be(r, &rest, 3, err);

	if (ret)
		return ret;
	if (!(first & 0x40)) {
		s = rest + ((uint64_t)(first & 3) << 24);
		*out = scale10(s, (first & 0x3c) >> 2);
	} else {
		s = rest + ((uint64_t)(first & 1) << 24) + 0x4000000u;
		*out = scale10(s, (first & 0x1e) >> 1);
	}
	return 0;
}

int zen_read_amount(struct zen_reader *r, uint64_t *out, struct zen_err *err)
{
	uint8_t first;
	int ret = zen_read_u8(r, &first, err);

	if (ret)
		return ret;
	if ((first & 0x7e) == 0x7c || (first & 0x7c) == 0x78)
		return zen_fail(err, ZEN_EINVAL,
				"invalid amount: NaN or infinity form 0x%02x",
				first);
	if ((first & 0x7e) == 0x7e)
		return read_amount_wide(r, first, out, err);
	if (first < 0x80)
		return read_amount16(r, first, out, err);
	return read_amount32(r, first, out, err);
}

int zen_read_contract_id(struct zen_reader *r, struct zen_contract_id *out,
			 struct zen_err *err)
{
	int ret = zen_read_varint(r, &out->version, err);

	if (ret)
		return ret;
	return zen_read_hash(r, out->hash, err);
}

/* The extra version groups of an asset (2.3, reader step 2). */
static int read_asset_version(struct zen_reader *r, uint32_t top,
			      uint32_t *version, struct zen_err *err)
{
	uint64_t acc = (uint64_t)top * 128, next;
	uint8_t b;
	int ret;

	for (int c = 0;; c++) {
		if (c > 3 || (c != 0 && acc == 0))
			return zen_fail(err, ZEN_EINVAL,
					"invalid asset version encoding");
		ret = zen_read_u8(r, &b, err);
		if (ret)
			return ret;
		next = acc + (b & 0x7f);
		if (!(b & 0x80)) {
			*version = (uint32_t)next;
			return 0;
		}
		if (next >= (1u << 25))
			return zen_fail(err, ZEN_EINVAL,
					"invalid asset version: too large");
		acc = next * 128;
	}
}

static int read_compressed_subtype(struct zen_reader *r,
				   uint8_t sub[ZEN_HASH_LEN],
				   struct zen_err *err)
{
	uint8_t n;
	int ret = zen_read_u8(r, &n, err);

	if (ret)
		return ret;
	if (n > ZEN_HASH_LEN)
		return zen_fail(err, ZEN_EINVAL,
				"invalid asset subtype length %u", n);
	memset(sub, 0, ZEN_HASH_LEN);
	return zen_read_fixed(r, sub, n, err);
}

static int asset_check(const struct zen_asset *a, int hash_present,
		       int sub_present, int sub_compressed,
		       struct zen_err *err)
{
	int zero_c = !memcmp(a->cid.hash, zero_hash, ZEN_HASH_LEN);
	int zero_s = !memcmp(a->subtype, zero_hash, ZEN_HASH_LEN);

	if (zero_c && zero_s && (hash_present || sub_present))
		return zen_fail(err, ZEN_EINVAL,
				"invalid asset: zero hash and subtype present");
	if (zero_s && sub_present)
		return zen_fail(err, ZEN_EINVAL,
				"invalid asset: zero subtype present");
	if (!zero_c && !zero_s && !sub_compressed && sub_present &&
	    !a->subtype[30] && !a->subtype[31])
		return zen_fail(err, ZEN_EINVAL,
				"invalid asset: compressible subtype in full form");
	return 0;
}

int zen_read_asset(struct zen_reader *r, struct zen_asset *out,
		   struct zen_err *err)
{
	uint8_t first, flags;
	int ret;

	memset(out, 0, sizeof(*out));
	ret = zen_read_u8(r, &first, err);
	if (ret || first == 0)
		return ret;
	out->cid.version = first & 0x1f;
	if (first & 0x20) {
		ret = read_asset_version(r, first & 0x1f, &out->cid.version,
					 err);
		if (ret)
			return ret;
	}
	flags = first & 0xc0;
	if (flags) {
		ret = zen_read_hash(r, out->cid.hash, err);
		if (ret)
			return ret;
	}
	if (flags == 0xc0)
		ret = zen_read_hash(r, out->subtype, err);
	else if (flags == 0x40)
		ret = read_compressed_subtype(r, out->subtype, err);
	if (ret)
		return ret;
	return asset_check(out, flags != 0, flags == 0xc0 || flags == 0x40,
			   flags == 0x40, err);
}

int zen_read_spend(struct zen_reader *r, struct zen_spend *out,
		   struct zen_err *err)
{
	int ret = zen_read_asset(r, &out->asset, err);

	if (ret)
		return ret;
	return zen_read_amount(r, &out->amount, err);
}

int zen_read_outpoint(struct zen_reader *r, struct zen_outpoint *out,
		      struct zen_err *err)
{
	int ret = zen_read_hash(r, out->tx_hash, err);

	if (ret)
		return ret;
	return zen_read_varint(r, &out->index, err);
}

int zen_read_pubkey(struct zen_reader *r, uint8_t out[ZEN_PUBKEY_LEN],
		    struct zen_err *err)
{
	int ret = zen_read_fixed(r, out, ZEN_PUBKEY_LEN, err);

	if (ret)
		return ret;
	if (!zen_pubkey_valid(out))
		return zen_fail(err, ZEN_EINVAL, "invalid public key");
	return 0;
}

int zen_read_signature(struct zen_reader *r, uint8_t out[ZEN_SIGNATURE_LEN],
		       struct zen_err *err)
{
	int ret = zen_read_fixed(r, out, ZEN_SIGNATURE_LEN, err);

	if (ret)
		return ret;
	if (!zen_signature_valid(out))
		return zen_fail(err, ZEN_EINVAL, "invalid signature");
	return 0;
}

static void write_be(struct zen_buf *out, uint64_t v, size_t n)
{
	uint8_t b[8];

	for (size_t i = 0; i < n; i++)
		b[i] = (uint8_t)(v >> (8 * (n - 1 - i)));
	zen_buf_add(out, b, n);
}

void zen_write_u8(struct zen_buf *out, uint8_t v)
{
	zen_buf_addch(out, v);
}

void zen_write_u16(struct zen_buf *out, uint16_t v)
{
	write_be(out, v, 2);
}

void zen_write_u32(struct zen_buf *out, uint32_t v)
{
	write_be(out, v, 4);
}

void zen_write_u64(struct zen_buf *out, uint64_t v)
{
	write_be(out, v, 8);
}

size_t zen_varint_size(uint32_t v)
{
	size_t n = 1;

	while (v > 0x7f) {
		v = (v >> 7) - 1;
		n++;
	}
	return n;
}

void zen_write_varint(struct zen_buf *out, uint32_t v)
{
	uint8_t tmp[5];
	size_t n = 0;

	tmp[n++] = v & 0x7f;
	while (v > 0x7f) {
		v = (v >> 7) - 1;
		tmp[n++] = (v & 0x7f) | 0x80;
	}
	while (n)
		zen_buf_addch(out, tmp[--n]);
}

void zen_write_bytes(struct zen_buf *out, const uint8_t *p, size_t n)
{
	ZEN_ASSERT(n <= UINT32_MAX);
	zen_write_varint(out, (uint32_t)n);
	if (n)
		zen_buf_add(out, p, n);
}

/* The length of the valid UTF-8 sequence at p[0..n) that starts with a
 * byte >= 0x80, or 0 (RFC 3629: no overlong forms, no surrogates, nothing
 * past U+10FFFF). */
static size_t utf8_sequence(const uint8_t *p, size_t n)
{
	uint8_t lo = 0x80, hi = 0xbf;
	size_t len;

	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		len = 2;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		len = 3;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (p[0] == 0xe0)
		lo = 0xa0;
	else if (p[0] == 0xed)
		hi = 0x9f;
	else if (p[0] == 0xf0)
		lo = 0x90;
	else if (p[0] == 0xf4)
		hi = 0x8f;
	if (n < len || p[1] < lo || p[1] > hi)
		return 0;
	for (size_t i = 2; i < len; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return len;
}

size_t zen_text_to_ascii(char *s, size_t n)
{
	uint8_t *p = (uint8_t *)s;
	size_t in = 0, out = 0;

	while (in < n) {
		size_t len = p[in] < 0x80 ? 1 : utf8_sequence(p + in, n - in);

		if (len == 1) {
			p[out++] = p[in++];
			continue;
		}
		p[out++] = '?';
		if (len == 4)
			p[out++] = '?';	/* two UTF-16 code units */
		in += len ? len : 1;
	}
	return out;
}

void zen_write_string(struct zen_buf *out, const char *s, size_t n)
{
	ZEN_ASSERT(n <= UINT32_MAX);
	zen_write_varint(out, (uint32_t)n);
	zen_buf_grow(out, n);
	for (size_t i = 0; i < n; i++)
		zen_buf_addch(out, (uint8_t)s[i] >= 0x80 ? '?' : (uint8_t)s[i]);
}

/* a = s * 10^e with s % 10 != 0 (or all zero); f = digits of s. */
static void amount_parse(uint64_t a, uint64_t *s, unsigned *e, unsigned *f)
{
	*s = a;
	*e = 0;
	*f = 0;
	if (!a)
		return;
	while (*s % 10 == 0) {
		*s /= 10;
		(*e)++;
	}
	for (uint64_t t = *s; t; t /= 10)
		(*f)++;
}

size_t zen_amount_size(uint64_t v)
{
	uint64_t s;
	unsigned e, f;

	amount_parse(v, &s, &e, &f);
	if (f <= 3)
		return 2;
	if (f <= 8)
		return 4;
	return v < ((uint64_t)1 << 56) ? 8 : 9;
}

static void write_amount32(struct zen_buf *out, uint32_t s, uint32_t e)
{
	if (s < 0x4000000u)
		zen_write_u32(out, s | ((0x20u | e) << 26));
	else
		zen_write_u32(out, (s - 0x4000000u) | ((0x60u | e) << 25));
}

void zen_write_amount(struct zen_buf *out, uint64_t v)
{
	uint64_t s;
	unsigned e, f;

	amount_parse(v, &s, &e, &f);
	if (f <= 3) {
		zen_write_u16(out, (uint16_t)(s | (e << 10)));
	} else if (f <= 8) {
		if (e > 12) {
			s = scale10(s, e - 12);
			e = 12;
		}
		write_amount32(out, (uint32_t)s, e);
	} else if (v < ((uint64_t)1 << 56)) {
		zen_write_u64(out, ((uint64_t)0x7e << 56) | v);
	} else {
		zen_write_u8(out, 0xfe);
		zen_write_u64(out, v);
	}
}

size_t zen_contract_id_size(const struct zen_contract_id *cid)
{
	return zen_varint_size(cid->version) + ZEN_HASH_LEN;
}

void zen_write_contract_id(struct zen_buf *out,
			   const struct zen_contract_id *cid)
{
	zen_write_varint(out, cid->version);
	zen_buf_add(out, cid->hash, ZEN_HASH_LEN);
}

/* The asset version bytes of 2.3; returns their count (1..5). */
static size_t asset_version_bytes(uint8_t b[5], uint32_t v)
{
	size_t n;

	if (v < 32) {
		b[0] = (uint8_t)v;
		return 1;
	}
	if (v < (1u << 12))
		n = 2;
	else if (v < (1u << 19))
		n = 3;
	else if (v < (1u << 26))
		n = 4;
	else
		n = 5;
	b[0] = (uint8_t)(0x20 | (v >> (7 * (n - 1))));
	for (size_t i = 1; i < n; i++)
		b[i] = (uint8_t)(((v >> (7 * (n - 1 - i))) & 0x7f) |
				 (i + 1 < n ? 0x80 : 0));
	return n;
}

/* Index of the last non-zero subtype byte, or -1. */
static int subtype_last(const struct zen_asset *a)
{
	uint64_t w[ZEN_HASH_LEN / 8];

	/* most subtypes are all zero: test them 8 bytes at a time */
	memcpy(w, a->subtype, sizeof(w));
	for (int k = ZEN_HASH_LEN / 8 - 1; k >= 0; k--) {
		if (!w[k])
			continue;
		for (int i = 8 * k + 7;; i--)
			if (a->subtype[i])
				return i;
	}
	return -1;
}

int zen_asset_is_zp(const struct zen_asset *a)
{
	return a->cid.version == 0 &&
	       !memcmp(a->cid.hash, zero_hash, ZEN_HASH_LEN) &&
	       !memcmp(a->subtype, zero_hash, ZEN_HASH_LEN);
}

size_t zen_asset_size(const struct zen_asset *a)
{
	uint8_t vb[5];
	size_t n = asset_version_bytes(vb, a->cid.version);
	int last = subtype_last(a);

	if (last < 0 && !memcmp(a->cid.hash, zero_hash, ZEN_HASH_LEN))
		return n;
	if (last < 0)
		return n + ZEN_HASH_LEN;
	if (last >= 30)
		return n + 2 * ZEN_HASH_LEN;
	return n + ZEN_HASH_LEN + 1 + (size_t)last + 1;
}

void zen_write_asset(struct zen_buf *out, const struct zen_asset *a)
{
	uint8_t vb[5];
	size_t n = asset_version_bytes(vb, a->cid.version);
	int last = subtype_last(a);

	if (last < 0 && !memcmp(a->cid.hash, zero_hash, ZEN_HASH_LEN)) {
		zen_buf_add(out, vb, n);
		return;
	}
	vb[0] |= last < 0 ? 0x80 : last < 30 ? 0x40 : 0xc0;
	zen_buf_add(out, vb, n);
	zen_buf_add(out, a->cid.hash, ZEN_HASH_LEN);
	if (last < 0)
		return;
	if (last < 30) {
		zen_write_u8(out, (uint8_t)(last + 1));
		zen_buf_add(out, a->subtype, (size_t)last + 1);
	} else {
		zen_buf_add(out, a->subtype, ZEN_HASH_LEN);
	}
}

size_t zen_spend_size(const struct zen_spend *s)
{
	return zen_asset_size(&s->asset) + zen_amount_size(s->amount);
}

void zen_write_spend(struct zen_buf *out, const struct zen_spend *s)
{
	zen_write_asset(out, &s->asset);
	zen_write_amount(out, s->amount);
}

size_t zen_outpoint_size(const struct zen_outpoint *o)
{
	return ZEN_HASH_LEN + zen_varint_size(o->index);
}

void zen_write_outpoint(struct zen_buf *out, const struct zen_outpoint *o)
{
	zen_buf_add(out, o->tx_hash, ZEN_HASH_LEN);
	zen_write_varint(out, o->index);
}

void zen_asset_text(char out[ZEN_ASSET_TEXT_MAX], const struct zen_asset *a)
{
	uint8_t v[4];

	if (zen_asset_is_zp(a)) {
		strcpy(out, "00");
		return;
	}
	for (int i = 0; i < 4; i++)
		v[i] = (uint8_t)(a->cid.version >> (24 - 8 * i));
	zen_hex_encode_to(out, v, 4);
	zen_hex_encode_to(out + 8, a->cid.hash, ZEN_HASH_LEN);
	if (subtype_last(a) >= 0)
		zen_hex_encode_to(out + 72, a->subtype, ZEN_HASH_LEN);
}

int zen_asset_parse(struct zen_asset *a, const char *s, size_t len)
{
	char cid[ZEN_CONTRACT_ID_TEXT_LEN + 1], sub[2 * ZEN_HASH_LEN + 1];
	uint8_t raw[ZEN_CONTRACT_ID_RAW_LEN];

	memset(a, 0, sizeof(*a));
	if (len == 2 && !memcmp(s, "00", 2))
		return 0;
	if (len != ZEN_CONTRACT_ID_TEXT_LEN &&
	    len != ZEN_CONTRACT_ID_TEXT_LEN + 2 * ZEN_HASH_LEN)
		return -1;
	memcpy(cid, s, ZEN_CONTRACT_ID_TEXT_LEN);
	cid[ZEN_CONTRACT_ID_TEXT_LEN] = 0;
	if (zen_hex_decode_fixed(raw, sizeof(raw), cid, NULL))
		return -1;
	a->cid.version = (uint32_t)raw[0] << 24 | (uint32_t)raw[1] << 16 |
			 (uint32_t)raw[2] << 8 | raw[3];
	memcpy(a->cid.hash, raw + 4, ZEN_HASH_LEN);
	if (len == ZEN_CONTRACT_ID_TEXT_LEN)
		return 0;
	memcpy(sub, s + ZEN_CONTRACT_ID_TEXT_LEN, 2 * ZEN_HASH_LEN);
	sub[2 * ZEN_HASH_LEN] = 0;
	if (zen_hex_decode_fixed(a->subtype, ZEN_HASH_LEN, sub, NULL)) {
		memset(a, 0, sizeof(*a));
		return -1;
	}
	return 0;
}

int zen_read_payload(struct zen_reader *r, uint32_t count, uint8_t **data,
		     size_t *len, struct zen_err *err)
{
	const uint8_t *p;
	int ret;

	if (count & 0x80000000u)
		return zen_fail(err, ZEN_EINVAL, "invalid payload length %u",
				count);
	ret = zen_read_view(r, &p, count, err);
	if (ret)
		return ret;
	/* at least one byte, so that data is never NULL */
	*data = zen_xmalloc(count ? count : 1);
	if (count)
		memcpy(*data, p, count);
	*len = count;
	return 0;
}
