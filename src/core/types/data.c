/*
 * data.c - the contract `data` type (protocol.md 2.14, 1.8).
 */
#include <stdlib.h>
#include <string.h>

#include "core/types/data.h"

void zen_data_init(struct zen_data *d)
{
	memset(d, 0, sizeof(*d));
	d->kind = ZEN_DATA_NONE;
}

static void release_items(struct zen_data *items, size_t n)
{
	for (size_t i = 0; i < n; i++)
		zen_data_release(&items[i]);
	free(items);
}

static void release_entries(struct zen_data_entry *e, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(e[i].key);
		zen_data_release(&e[i].value);
	}
	free(e);
}

/* A deep copy through the written form: one code path that is already
 * exercised by every vector, rather than a second walk over the kinds. */
struct zen_data *zen_data_dup(const struct zen_data *d)
{
	struct zen_buf b = ZEN_BUF_INIT;
	struct zen_data *copy;

	if (!d)
		return NULL;
	copy = zen_xcalloc(1, sizeof(*copy));
	zen_data_init(copy);
	zen_data_write(&b, d);
	if (zen_data_decode(copy, b.data, b.len, NULL, NULL))
		ZEN_BUG("data does not read back what it wrote");
	zen_buf_release(&b);
	return copy;
}

void zen_data_free(struct zen_data *d)
{
	if (!d)
		return;
	zen_data_release(d);
	free(d);
}

void zen_data_release(struct zen_data *d)
{
	switch (d->kind) {
	case ZEN_DATA_BYTES:
	case ZEN_DATA_STRING:
		free(d->u.bytes.p);
		break;
	case ZEN_DATA_LOCK:
		zen_lock_release(&d->u.lock);
		break;
	case ZEN_DATA_ARRAY:
	case ZEN_DATA_LIST:
		release_items(d->u.coll.items, d->u.coll.n);
		break;
	case ZEN_DATA_DICT:
		release_entries(d->u.dict.entries, d->u.dict.n);
		break;
	default:
		break;
	}
	zen_data_init(d);
}

int zen_data_key_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	int c;

	if (alen != blen)
		return alen < blen ? -1 : 1;
	c = alen ? memcmp(a, b, alen) : 0;
	return c < 0 ? -1 : c > 0;
}

static int read_node(struct zen_reader *r, struct zen_data *d, int depth,
		     struct zen_err *err);

static int read_bytes_node(struct zen_reader *r, struct zen_data *d,
			   struct zen_err *err)
{
	const uint8_t *p;
	size_t n;
	int ret = zen_read_bytes_view(r, &p, &n, err);

	if (ret)
		return ret;
	d->u.bytes.p = zen_xmalloc(n + 1);
	if (n)
		memcpy(d->u.bytes.p, p, n);
	d->u.bytes.p[n] = 0;
	d->u.bytes.len = n;
	return 0;
}

static int read_string_node(struct zen_reader *r, struct zen_data *d,
			    struct zen_err *err)
{
	char *s;
	size_t n;
	int ret = zen_read_string(r, &s, &n, err);

	if (ret)
		return ret;
	d->u.bytes.p = (uint8_t *)s;
	d->u.bytes.len = n;
	return 0;
}

static int read_coll(struct zen_reader *r, struct zen_data *d, int depth,
		     struct zen_err *err)
{
	size_t n;
	int ret;

	if (d->kind == ZEN_DATA_LIST)
		ret = zen_read_list_count(r, &n, 1, err);
	else
		ret = zen_read_array_count(r, &n, 1, err);
	if (ret)
		return ret;
	d->u.coll.items = n ? zen_xcalloc(n, sizeof(struct zen_data)) : NULL;
	for (size_t i = 0; i < n; i++) {
		/* count every item read so far, so release frees them */
		d->u.coll.n = i + 1;
		ret = read_node(r, &d->u.coll.items[i], depth + 1, err);
		if (ret)
			return ret;
	}
	return 0;
}

/* Order of two values under equal keys.  Exact for the scalar kinds; for
 * locks and collections an approximation (written bytes, shorter first). */
static int value_cmp(const struct zen_data *a, const struct zen_data *b)
{
	struct zen_buf x = ZEN_BUF_INIT, y = ZEN_BUF_INIT;
	int c;

	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	switch (a->kind) {
	case ZEN_DATA_I64:
		return (a->u.i64 > b->u.i64) - (a->u.i64 < b->u.i64);
	case ZEN_DATA_BYTE:
		return (a->u.byte > b->u.byte) - (a->u.byte < b->u.byte);
	case ZEN_DATA_U32:
		return (a->u.u32 > b->u.u32) - (a->u.u32 < b->u.u32);
	case ZEN_DATA_U64:
		return (a->u.u64 > b->u.u64) - (a->u.u64 < b->u.u64);
	case ZEN_DATA_BYTES:
	case ZEN_DATA_STRING:
		return zen_data_key_cmp((const char *)a->u.bytes.p,
					a->u.bytes.len,
					(const char *)b->u.bytes.p,
					b->u.bytes.len);
	default:
		break;
	}
	zen_data_write(&x, a);
	zen_data_write(&y, b);
	c = zen_data_key_cmp((const char *)x.data, x.len,
			     (const char *)y.data, y.len);
	zen_buf_release(&x);
	zen_buf_release(&y);
	return c;
}

static int entry_cmp(const struct zen_data_entry *a,
		     const struct zen_data_entry *b)
{
	int c = zen_data_key_cmp(a->key, a->key_len, b->key, b->key_len);

	return c ? c : value_cmp(&a->value, &b->value);
}

static int read_entry(struct zen_reader *r, struct zen_data_entry *e,
		      int depth, struct zen_err *err)
{
	int ret = zen_read_string(r, &e->key, &e->key_len, err);

	if (ret)
		return ret;
	return read_node(r, &e->value, depth + 1, err);
}

/* Drop entry i-1 in favour of entry i (same key: the last wins). */
static void replace_previous(struct zen_data *d, size_t *n)
{
	struct zen_data_entry *e = d->u.dict.entries;

	free(e[*n - 2].key);
	zen_data_release(&e[*n - 2].value);
	e[*n - 2] = e[*n - 1];
	memset(&e[*n - 1], 0, sizeof(e[0]));
	(*n)--;
}

static int read_dict(struct zen_reader *r, struct zen_data *d, int depth,
		     struct zen_err *err)
{
	struct zen_data_entry *e;
	size_t n, kept = 0;
	int ret = zen_read_list_count(r, &n, 2, err);

	if (ret)
		return ret;
	e = d->u.dict.entries = n ? zen_xcalloc(n, sizeof(*e)) : NULL;
	for (size_t i = 0; i < n; i++) {
		d->u.dict.n = ++kept;
		ret = read_entry(r, &e[kept - 1], depth, err);
		if (ret)
			return ret;
		if (kept < 2)
			continue;
		if (entry_cmp(&e[kept - 2], &e[kept - 1]) > 0)
			return zen_fail(err, ZEN_EINVAL,
					"invalid data: dict keys out of order");
		if (!zen_data_key_cmp(e[kept - 2].key, e[kept - 2].key_len,
				      e[kept - 1].key, e[kept - 1].key_len)) {
			replace_previous(d, &kept);
			d->u.dict.n = kept;
		}
	}
	return 0;
}

static int read_payload(struct zen_reader *r, struct zen_data *d, int depth,
			struct zen_err *err)
{
	uint64_t v = 0;
	int ret;

	switch (d->kind) {
	case ZEN_DATA_I64:
		ret = zen_read_u64(r, &v, err);
		d->u.i64 = (int64_t)v;
		return ret;
	case ZEN_DATA_BYTE:
		return zen_read_u8(r, &d->u.byte, err);
	case ZEN_DATA_BYTES:
		return read_bytes_node(r, d, err);
	case ZEN_DATA_U32:
		return zen_read_u32(r, &d->u.u32, err);
	case ZEN_DATA_U64:
		return zen_read_u64(r, &d->u.u64, err);
	case ZEN_DATA_STRING:
		return read_string_node(r, d, err);
	case ZEN_DATA_HASH:
		return zen_read_hash(r, d->u.hash, err);
	case ZEN_DATA_LOCK:
		zen_lock_init(&d->u.lock);
		return zen_lock_read(r, &d->u.lock, err);
	case ZEN_DATA_SIGNATURE:
		return zen_read_signature(r, d->u.signature, err);
	case ZEN_DATA_PUBKEY:
		return zen_read_pubkey(r, d->u.pubkey, err);
	case ZEN_DATA_ARRAY:
	case ZEN_DATA_LIST:
		return read_coll(r, d, depth, err);
	case ZEN_DATA_DICT:
		return read_dict(r, d, depth, err);
	default:
		ZEN_BUG("unreachable data kind");
	}
}

static int read_node(struct zen_reader *r, struct zen_data *d, int depth,
		     struct zen_err *err)
{
	uint8_t tag;
	int ret;

	if (depth > ZEN_DATA_MAX_DEPTH)
		return zen_fail(err, ZEN_EINVAL, "invalid data: nested too deep");
	ret = zen_read_u8(r, &tag, err);
	if (ret)
		return ret;
	if (tag < ZEN_DATA_I64 || tag > ZEN_DATA_LIST)
		return zen_fail(err, ZEN_EINVAL, "invalid data tag %u", tag);
	zen_data_init(d);
	d->kind = (enum zen_data_kind)tag;
	return read_payload(r, d, depth, err);
}

int zen_data_read(struct zen_reader *r, struct zen_data *d,
		  struct zen_err *err)
{
	return read_node(r, d, 0, err);
}

int zen_data_decode(struct zen_data *d, const uint8_t *p, size_t len,
		    size_t *consumed, struct zen_err *err)
{
	struct zen_reader r;
	int ret;

	zen_reader_init(&r, p, len);
	ret = zen_data_read(&r, d, err);
	if (!ret && consumed)
		*consumed = r.pos;
	return ret;
}

static void write_items(struct zen_buf *out, const struct zen_data *d)
{
	zen_write_varint(out, (uint32_t)d->u.coll.n);
	for (size_t i = 0; i < d->u.coll.n; i++)
		zen_data_write(out, &d->u.coll.items[i]);
}

static void write_dict(struct zen_buf *out, const struct zen_data *d)
{
	zen_write_varint(out, (uint32_t)d->u.dict.n);
	for (size_t i = 0; i < d->u.dict.n; i++) {
		const struct zen_data_entry *e = &d->u.dict.entries[i];

		zen_write_string(out, e->key, e->key_len);
		zen_data_write(out, &e->value);
	}
}

void zen_data_write(struct zen_buf *out, const struct zen_data *d)
{
	zen_write_u8(out, (uint8_t)d->kind);
	switch (d->kind) {
	case ZEN_DATA_I64:
		zen_write_u64(out, (uint64_t)d->u.i64);
		break;
	case ZEN_DATA_BYTE:
		zen_write_u8(out, d->u.byte);
		break;
	case ZEN_DATA_BYTES:
		zen_write_bytes(out, d->u.bytes.p, d->u.bytes.len);
		break;
	case ZEN_DATA_U32:
		zen_write_u32(out, d->u.u32);
		break;
	case ZEN_DATA_U64:
		zen_write_u64(out, d->u.u64);
		break;
	case ZEN_DATA_STRING:
		zen_write_string(out, (const char *)d->u.bytes.p,
				 d->u.bytes.len);
		break;
	case ZEN_DATA_HASH:
		zen_buf_add(out, d->u.hash, ZEN_HASH_LEN);
		break;
	case ZEN_DATA_LOCK:
		zen_lock_write(out, &d->u.lock);
		break;
	case ZEN_DATA_SIGNATURE:
		zen_buf_add(out, d->u.signature, ZEN_SIGNATURE_LEN);
		break;
	case ZEN_DATA_PUBKEY:
		zen_buf_add(out, d->u.pubkey, ZEN_PUBKEY_LEN);
		break;
	case ZEN_DATA_ARRAY:
	case ZEN_DATA_LIST:
		write_items(out, d);
		break;
	case ZEN_DATA_DICT:
		write_dict(out, d);
		break;
	default:
		ZEN_BUG("writing an uninitialized data value");
	}
}

static size_t payload_size(const struct zen_data *d)
{
	size_t n;

	switch (d->kind) {
	case ZEN_DATA_I64:
	case ZEN_DATA_U64:
		return 8;
	case ZEN_DATA_BYTE:
		return 1;
	case ZEN_DATA_U32:
		return 4;
	case ZEN_DATA_BYTES:
	case ZEN_DATA_STRING:
		return zen_varint_size((uint32_t)d->u.bytes.len) +
		       d->u.bytes.len;
	case ZEN_DATA_HASH:
		return ZEN_HASH_LEN;
	case ZEN_DATA_LOCK:
		return zen_lock_size(&d->u.lock);
	case ZEN_DATA_SIGNATURE:
		return ZEN_SIGNATURE_LEN;
	case ZEN_DATA_PUBKEY:
		return ZEN_PUBKEY_LEN;
	case ZEN_DATA_ARRAY:
	case ZEN_DATA_LIST:
		n = zen_varint_size((uint32_t)d->u.coll.n);
		for (size_t i = 0; i < d->u.coll.n; i++)
			n += zen_data_size(&d->u.coll.items[i]);
		return n;
	case ZEN_DATA_DICT:
		n = zen_varint_size((uint32_t)d->u.dict.n);
		for (size_t i = 0; i < d->u.dict.n; i++) {
			const struct zen_data_entry *e = &d->u.dict.entries[i];

			n += zen_varint_size((uint32_t)e->key_len) +
			     e->key_len + zen_data_size(&e->value);
		}
		return n;
	default:
		ZEN_BUG("sizing an uninitialized data value");
	}
}

size_t zen_data_size(const struct zen_data *d)
{
	return 1 + payload_size(d);
}

size_t zen_data_list_nodes(const struct zen_data *d)
{
	size_t n = 0;

	switch (d->kind) {
	case ZEN_DATA_LIST:
		n = 1;
		/* fall through */
	case ZEN_DATA_ARRAY:
		for (size_t i = 0; i < d->u.coll.n; i++)
			n += zen_data_list_nodes(&d->u.coll.items[i]);
		return n;
	case ZEN_DATA_DICT:
		for (size_t i = 0; i < d->u.dict.n; i++)
			n += zen_data_list_nodes(&d->u.dict.entries[i].value);
		return n;
	default:
		return 0;
	}
}

size_t zen_data_ref_size(const struct zen_data *d)
{
	return zen_data_size(d) + zen_data_list_nodes(d);
}

void zen_data_serialize(struct zen_buf *out, const struct zen_data *d)
{
	size_t pad = zen_data_list_nodes(d);

	zen_data_write(out, d);
	while (pad--)
		zen_buf_addch(out, 0);
}

static int entry_key_cmp(const void *a, const void *b)
{
	const struct zen_data_entry *x = a, *y = b;

	return zen_data_key_cmp(x->key, x->key_len, y->key, y->key_len);
}

/* Entries with equal keys keep their relative order (insertion sort is
 * stable), then all but the last of each run are dropped. */
void zen_data_dict_normalize(struct zen_data *d)
{
	struct zen_data_entry *e, tmp;
	size_t n, kept = 0;

	if (d->kind != ZEN_DATA_DICT)
		return;
	e = d->u.dict.entries;
	n = d->u.dict.n;
	for (size_t i = 1; i < n; i++) {
		size_t j = i;

		tmp = e[i];
		while (j > 0 && entry_key_cmp(&e[j - 1], &tmp) > 0) {
			e[j] = e[j - 1];
			j--;
		}
		e[j] = tmp;
	}
	for (size_t i = 0; i < n; i++) {
		if (i + 1 < n && !entry_key_cmp(&e[i], &e[i + 1])) {
			free(e[i].key);
			zen_data_release(&e[i].value);
			continue;
		}
		e[kept++] = e[i];
	}
	d->u.dict.n = kept;
}
