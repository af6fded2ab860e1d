/*
 * value.c - arena, values, equality, application and the cost monad.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/contract/value.h"

enum { ZV_COST_NATIVE = 0, ZV_COST_BIND = 1, ZV_COST_DONE = 2,
       ZV_COST_RUNNING = 3, ZV_COST_ADJUST = 4 };

/* ---- arena ---- */

struct zen_arena_chunk {
	struct zen_arena_chunk *next;
	size_t size, used;
	_Alignas(16) unsigned char data[];
};

#define CHUNK_SIZE ((size_t)64 << 10)

void zen_rt_init(struct zen_rt *rt, size_t mem_limit)
{
	memset(rt, 0, sizeof(*rt));
	rt->mem_limit = mem_limit ? mem_limit : ZEN_RT_DEFAULT_MEM_LIMIT;
	rt->max_depth = ZEN_RT_DEFAULT_MAX_DEPTH;
	rt->err.code = ZEN_OK;
}

void zen_rt_release(struct zen_rt *rt)
{
	struct zen_arena_chunk *c = rt->chunks, *n;

	while (c) {
		n = c->next;
		free(c);
		c = n;
	}
	rt->chunks = NULL;
	rt->mem_used = 0;
}

void zen_rt_set_apply(struct zen_rt *rt, zen_apply_fn fn,
		      zen_skipped_fn skipped, void *ctx)
{
	rt->apply = fn;
	rt->skipped = skipped;
	rt->apply_ctx = ctx;
}

int zen_rt_fail(struct zen_rt *rt, const char *fmt, ...)
{
	va_list ap;

	if (rt->err.code == ZEN_OK) {
		rt->err.code = ZEN_EREFUSED;
		va_start(ap, fmt);
		vsnprintf(rt->err.msg, sizeof(rt->err.msg), fmt, ap);
		va_end(ap);
	}
	return ZEN_EREFUSED;
}

void *zen_rt_alloc(struct zen_rt *rt, size_t n)
{
	struct zen_arena_chunk *c = rt->chunks;
	size_t need = (n + 15) & ~(size_t)15, size;

	if (n > rt->mem_limit)
		goto oom;
	if (!c || c->size - c->used < need) {
		size = need > CHUNK_SIZE / 4 ? need : CHUNK_SIZE;
		if (rt->mem_used + size + sizeof(*c) > rt->mem_limit)
			goto oom;
		c = malloc(sizeof(*c) + size);
		if (!c)
			goto oom;
		c->size = size;
		c->used = 0;
		rt->mem_used += size + sizeof(*c);
		if (size == CHUNK_SIZE || !rt->chunks) {
			c->next = rt->chunks;
			rt->chunks = c;
		} else {	/* big block: keep the current chunk in front */
			c->next = rt->chunks->next;
			rt->chunks->next = c;
		}
	}
	c->used += need;
	memset(c->data + c->used - need, 0, need);
	return c->data + c->used - need;
oom:
	rt->oom = 1;
	zen_rt_fail(rt, "memory limit exceeded");
	return NULL;
}

uint8_t *zen_rt_memdup(struct zen_rt *rt, const void *p, size_t n)
{
	uint8_t *q = zen_rt_alloc(rt, n + 1);

	if (q && n)
		memcpy(q, p, n);
	return q;
}

int zen_rt_enter(struct zen_rt *rt)
{
	if (rt->depth >= rt->max_depth)
		return zen_rt_fail(rt, "evaluation nested too deeply");
	rt->depth++;
	return 0;
}

/* ---- constructors ---- */

static zv s_unit = { .tag = ZV_UNIT };
static zv s_true = { .tag = ZV_BOOL, .u.i = 1 };
static zv s_false = { .tag = ZV_BOOL, .u.i = 0 };
static zv s_erased = { .tag = ZV_ERASED };
static zv s_none = { .tag = ZV_CON, .u.con = { "None", 0, NULL } };
static zv s_nil = { .tag = ZV_LIST };
static zv s_dict = { .tag = ZV_DICT };

zv *zv_unit(void) { return &s_unit; }
zv *zv_bool(int b) { return b ? &s_true : &s_false; }
zv *zv_erased(void) { return &s_erased; }
zv *zv_none(void) { return &s_none; }
zv *zv_nil(void) { return &s_nil; }
zv *zv_dict_empty(void) { return &s_dict; }

static zv *mk(struct zen_rt *rt, int tag)
{
	zv *v = zen_rt_alloc(rt, sizeof(*v));

	if (v)
		v->tag = (uint8_t)tag;
	return v;
}

zv *zv_int(struct zen_rt *rt, int64_t i)
{
	zv *v = mk(rt, ZV_INT);

	if (v)
		v->u.i = i;
	return v;
}

zv *zv_mint(struct zen_rt *rt, int tag, uint64_t x)
{
	zv *v = mk(rt, tag);

	if (!v)
		return NULL;
	switch (tag) {
	case ZV_U8: x &= 0xff; break;
	case ZV_U32: x &= 0xffffffffu; break;
	default: break;
	}
	v->u.u = x;
	return v;
}

zv *zv_u8(struct zen_rt *rt, uint8_t x) { return zv_mint(rt, ZV_U8, x); }
zv *zv_u32(struct zen_rt *rt, uint32_t x) { return zv_mint(rt, ZV_U32, x); }
zv *zv_u64(struct zen_rt *rt, uint64_t x) { return zv_mint(rt, ZV_U64, x); }
zv *zv_i64(struct zen_rt *rt, int64_t x)
{
	return zv_mint(rt, ZV_I64, (uint64_t)x);
}

zv *zv_bytes(struct zen_rt *rt, const void *p, size_t len)
{
	zv *v = mk(rt, ZV_BYTES);
	uint8_t *q;

	if (!v || !(q = zen_rt_memdup(rt, p, len)))
		return NULL;
	v->u.bytes.p = q;
	v->u.bytes.len = len;
	return v;
}

zv *zv_str(struct zen_rt *rt, const char *s)
{
	return zv_bytes(rt, s, strlen(s));
}

static zv **copy_items(struct zen_rt *rt, size_t n, zv *const *items)
{
	zv **a = zen_rt_alloc(rt, (n ? n : 1) * sizeof(*a));

	if (a && n)
		memcpy(a, items, n * sizeof(*a));
	return a;
}

static zv *mkseq(struct zen_rt *rt, int tag, size_t n, zv *const *items)
{
	zv *v = mk(rt, tag);

	if (!v || !(v->u.seq.items = copy_items(rt, n, items)))
		return NULL;
	v->u.seq.n = n;
	return v;
}

zv *zv_tuple(struct zen_rt *rt, size_t n, zv *const *items)
{
	return mkseq(rt, ZV_TUPLE, n, items);
}

zv *zv_tuple2(struct zen_rt *rt, zv *a, zv *b)
{
	zv *it[2] = { a, b };

	return a && b ? zv_tuple(rt, 2, it) : NULL;
}

zv *zv_tuple3(struct zen_rt *rt, zv *a, zv *b, zv *c)
{
	zv *it[3] = { a, b, c };

	return a && b && c ? zv_tuple(rt, 3, it) : NULL;
}

zv *zv_array(struct zen_rt *rt, size_t n, zv *const *items)
{
	return mkseq(rt, ZV_ARRAY, n, items);
}

zv *zv_record(struct zen_rt *rt, size_t n, const char *const *names,
	      zv *const *vals)
{
	zv *v = mk(rt, ZV_RECORD);

	if (!v)
		return NULL;
	v->u.rec.names = zen_rt_alloc(rt, (n ? n : 1) * sizeof(char *));
	v->u.rec.vals = copy_items(rt, n, vals);
	if (!v->u.rec.names || !v->u.rec.vals)
		return NULL;
	if (n)
		memcpy(v->u.rec.names, names, n * sizeof(char *));
	v->u.rec.n = n;
	return v;
}

zv *zv_con(struct zen_rt *rt, const char *name, size_t n, zv *const *args)
{
	zv *v = mk(rt, ZV_CON);

	if (!v || !(v->u.con.args = copy_items(rt, n, args)))
		return NULL;
	v->u.con.name = name;
	v->u.con.n = n;
	return v;
}

zv *zv_con0(struct zen_rt *rt, const char *name)
{
	return zv_con(rt, name, 0, NULL);
}

zv *zv_con1(struct zen_rt *rt, const char *name, zv *a)
{
	return a ? zv_con(rt, name, 1, &a) : NULL;
}

zv *zv_some(struct zen_rt *rt, zv *x) { return zv_con1(rt, "Some", x); }
zv *zv_ok(struct zen_rt *rt, zv *x) { return zv_con1(rt, "OK", x); }
zv *zv_errv(struct zen_rt *rt, zv *msg) { return zv_con1(rt, "ERR", msg); }
zv *zv_err_str(struct zen_rt *rt, const char *msg)
{
	return zv_errv(rt, zv_str(rt, msg));
}

zv *zv_cons(struct zen_rt *rt, zv *head, zv *tail)
{
	zv *v;

	if (!head || !tail)
		return NULL;
	if (tail->tag != ZV_LIST) {
		zen_rt_fail(rt, "cons onto a non-list");
		return NULL;
	}
	if (!(v = mk(rt, ZV_LIST)))
		return NULL;
	v->u.list.head = head;
	v->u.list.tail = tail;
	v->u.list.len = tail->u.list.len + 1;
	return v;
}

zv *zv_list(struct zen_rt *rt, size_t n, zv *const *items)
{
	zv *l = zv_nil();

	while (n-- && l)
		l = zv_cons(rt, items[n], l);
	return l;
}

zv *zv_closure(struct zen_rt *rt, void *code, void *env, size_t arity)
{
	zv *v = mk(rt, ZV_CLOSURE);

	if (!v)
		return NULL;
	v->u.clo.code = code;
	v->u.clo.env = env;
	v->u.clo.arity = arity;
	return v;
}

zv *zv_closure_push(struct zen_rt *rt, const zv *clo, zv *arg)
{
	zv *v = mk(rt, ZV_CLOSURE);
	size_t n = clo->u.clo.n;

	if (!v)
		return NULL;
	v->u.clo = clo->u.clo;
	if (!(v->u.clo.args = zen_rt_alloc(rt, (n + 1) * sizeof(zv *))))
		return NULL;
	if (n)
		memcpy(v->u.clo.args, clo->u.clo.args, n * sizeof(zv *));
	v->u.clo.args[n] = arg;
	v->u.clo.n = n + 1;
	return v;
}

zv *zv_native(struct zen_rt *rt, const struct zen_native *nat)
{
	zv *v = mk(rt, ZV_NATIVE);

	if (v)
		v->u.nat.nat = nat;
	return v;
}

/* ---- accessors ---- */

int zv_is_con(const zv *v, const char *name)
{
	return v && v->tag == ZV_CON && !strcmp(v->u.con.name, name);
}

zv *zv_field(const zv *rec, const char *name)
{
	size_t i;

	if (!rec || rec->tag != ZV_RECORD)
		return NULL;
	for (i = 0; i < rec->u.rec.n; i++)
		if (!strcmp(rec->u.rec.names[i], name))
			return rec->u.rec.vals[i];
	return NULL;
}

zv *zv_record_set(struct zen_rt *rt, const zv *rec, const char *name,
		  zv *val)
{
	size_t n = rec->u.rec.n, i;
	const char **names;
	zv **vals;
	zv *v;

	if (!val)
		return NULL;
	names = zen_rt_alloc(rt, (n + 1) * sizeof(*names));
	vals = zen_rt_alloc(rt, (n + 1) * sizeof(*vals));
	if (!names || !vals)
		return NULL;
	if (n) {
		memcpy(names, rec->u.rec.names, n * sizeof(*names));
		memcpy(vals, rec->u.rec.vals, n * sizeof(*vals));
	}
	for (i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			break;
	names[i] = name;
	vals[i] = val;
	if (!(v = mk(rt, ZV_RECORD)))
		return NULL;
	v->u.rec.n = i == n ? n + 1 : n;
	v->u.rec.names = names;
	v->u.rec.vals = vals;
	return v;
}

zv **zv_list_items(struct zen_rt *rt, const zv *list)
{
	size_t n = list->u.list.len, i;
	zv **a = zen_rt_alloc(rt, (n ? n : 1) * sizeof(*a));

	if (!a)
		return NULL;
	for (i = 0; i < n; i++, list = list->u.list.tail)
		a[i] = list->u.list.head;
	return a;
}

int zv_array_items(struct zen_rt *rt, const zv *arr, zv ***items, size_t *n)
{
	size_t i;

	if (arr->tag == ZV_ARRAY || arr->tag == ZV_TUPLE) {
		*items = arr->u.seq.items;
		*n = arr->u.seq.n;
		return 0;
	}
	if (arr->tag != ZV_BYTES)
		return zen_rt_fail(rt, "expected an array, got %s",
				   zv_tag_name(arr));
	*n = arr->u.bytes.len;
	if (!(*items = zen_rt_alloc(rt, (*n ? *n : 1) * sizeof(zv *))))
		return ZEN_EREFUSED;
	for (i = 0; i < *n; i++)
		if (!((*items)[i] = zv_u8(rt, arr->u.bytes.p[i])))
			return ZEN_EREFUSED;
	return 0;
}

const char *zv_tag_name(const zv *v)
{
	static const char *const names[] = {
		"?", "int", "U8", "U32", "U64", "I64", "bool", "unit",
		"bytes", "tuple", "array", "record", "constructor", "list",
		"closure", "native", "cost", "erased", "dictionary", "sha3",
		"txSkeleton",
	};

	if (!v)
		return "nothing";
	return v->tag < ZEN_ARRAY_SIZE(names) ? names[v->tag] : "?";
}

zv *zv_skel_item(const zv *v, int outputs, size_t i)
{
	const struct zv_skel *s = v->u.skel;

	return (outputs ? s->out : s->in)->items[i];
}

int zv_asset_key(struct zen_rt *rt, const zv *asset, uint8_t key[68])
{
	zv *const *it;

	if (!asset || asset->tag != ZV_TUPLE || asset->u.seq.n != 3)
		return zen_rt_fail(rt, "malformed asset");
	it = asset->u.seq.items;
	if (it[0]->tag != ZV_U32 || it[1]->tag != ZV_BYTES ||
	    it[1]->u.bytes.len != 32 || it[2]->tag != ZV_BYTES ||
	    it[2]->u.bytes.len != 32)
		return zen_rt_fail(rt, "malformed asset");
	key[0] = (uint8_t)(it[0]->u.u >> 24);
	key[1] = (uint8_t)(it[0]->u.u >> 16);
	key[2] = (uint8_t)(it[0]->u.u >> 8);
	key[3] = (uint8_t)it[0]->u.u;
	memcpy(key + 4, it[1]->u.bytes.p, 32);
	memcpy(key + 36, it[2]->u.bytes.p, 32);
	return 0;
}

/* ---- dictionaries ---- */

int zv_key_cmp(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
	int c;

	if (alen != blen)
		return alen < blen ? -1 : 1;
	c = alen ? memcmp(a, b, alen) : 0;
	return c < 0 ? -1 : c > 0;
}

/* Index of k, or -(insertion point) - 1. */
static long dict_search(const zv *d, const uint8_t *k, size_t klen)
{
	size_t lo = 0, hi = d->u.dict.n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = zv_key_cmp(d->u.dict.e[mid].key, d->u.dict.e[mid].klen,
				   k, klen);

		if (!c)
			return (long)mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -(long)lo - 1;
}

zv *zv_dict_find(const zv *d, const uint8_t *k, size_t klen)
{
	long i = dict_search(d, k, klen);

	return i >= 0 ? d->u.dict.e[i].val : NULL;
}

zv *zv_dict_add(struct zen_rt *rt, const zv *d, const uint8_t *k,
		size_t klen, zv *val)
{
	long i = dict_search(d, k, klen);
	size_t n = d->u.dict.n, at, nn = i >= 0 ? n : n + 1;
	struct zv_dict_entry *e;
	zv *v;

	if (!val || !(v = mk(rt, ZV_DICT)))
		return NULL;
	if (!(e = zen_rt_alloc(rt, nn * sizeof(*e))))
		return NULL;
	at = i >= 0 ? (size_t)i : (size_t)(-i - 1);
	if (at)
		memcpy(e, d->u.dict.e, at * sizeof(*e));
	if (i >= 0) {
		if (n > at + 1)
			memcpy(e + at + 1, d->u.dict.e + at + 1,
			       (n - at - 1) * sizeof(*e));
		e[at].key = d->u.dict.e[at].key;
		e[at].klen = d->u.dict.e[at].klen;
	} else {
		if (n > at)
			memcpy(e + at + 1, d->u.dict.e + at,
			       (n - at) * sizeof(*e));
		if (!(e[at].key = zen_rt_memdup(rt, k, klen)))
			return NULL;
		e[at].klen = klen;
	}
	e[at].val = val;
	v->u.dict.n = nn;
	v->u.dict.e = e;
	return v;
}

zv *zv_dict_of_sorted(struct zen_rt *rt, struct zv_dict_entry *e, size_t n)
{
	zv *v = mk(rt, ZV_DICT);

	if (!v)
		return NULL;
	v->u.dict.n = n;
	v->u.dict.e = e;
	return v;
}

zv *zv_dict_remove(struct zen_rt *rt, const zv *d, const uint8_t *k,
		   size_t klen)
{
	long i = dict_search(d, k, klen);
	size_t n = d->u.dict.n;
	struct zv_dict_entry *e;
	zv *v;

	if (i < 0)
		return (zv *)d;
	if (!(v = mk(rt, ZV_DICT)))
		return NULL;
	if (!(e = zen_rt_alloc(rt, (n ? n : 1) * sizeof(*e))))
		return NULL;
	memcpy(e, d->u.dict.e, (size_t)i * sizeof(*e));
	memcpy(e + i, d->u.dict.e + i + 1, (n - (size_t)i - 1) * sizeof(*e));
	v->u.dict.n = n - 1;
	v->u.dict.e = e;
	return v;
}

/* ---- equality and ordering ---- */

/* Absorbed bytes of a Sha3 state into an arena buffer. */
uint8_t *zv_sha3_bytes(struct zen_rt *rt, const struct zv_sha3 *s,
		       size_t *len);

uint8_t *zv_sha3_bytes(struct zen_rt *rt, const struct zv_sha3 *s,
		       size_t *len)
{
	size_t total = s ? s->total : 0;
	uint8_t *buf = zen_rt_alloc(rt, total + 1);
	size_t end = total;

	if (!buf)
		return NULL;
	for (; s; s = s->parent) {
		end -= s->len;
		memcpy(buf + end, s->bytes, s->len);
	}
	*len = total;
	return buf;
}

static int is_int_tag(int t)
{
	return t == ZV_INT || (t >= ZV_U8 && t <= ZV_I64) || t == ZV_BOOL;
}

static int cmp_i(int64_t a, int64_t b) { return (a > b) - (a < b); }
static int cmp_u(uint64_t a, uint64_t b) { return (a > b) - (a < b); }

static int compare(struct zen_rt *rt, const zv *a, const zv *b, int *c,
		   int eq_only);

static int cmp_seq(struct zen_rt *rt, zv *const *x, size_t nx,
		   zv *const *y, size_t ny, int *c, int eq_only)
{
	size_t i;
	int rc;

	if (eq_only && nx != ny) {
		*c = 1;
		return 0;
	}
	for (i = 0; i < nx && i < ny; i++) {
		if ((rc = compare(rt, x[i], y[i], c, eq_only)))
			return rc;
		if (*c)
			return 0;
	}
	*c = cmp_u(nx, ny);
	return 0;
}

static int compare(struct zen_rt *rt, const zv *a, const zv *b, int *c,
		   int eq_only)
{
	int rc = 0;
	size_t i;

	*c = 0;
	zc_trace_cmp(rt, a, b, !eq_only);
	if (a == b)
		return 0;
	/* BYTES vs ARRAY of U8 */
	if ((a->tag == ZV_BYTES && b->tag == ZV_ARRAY) ||
	    (a->tag == ZV_ARRAY && b->tag == ZV_BYTES)) {
		zv **x, **y;
		size_t nx, ny;

		if ((rc = zv_array_items(rt, a, &x, &nx)) ||
		    (rc = zv_array_items(rt, b, &y, &ny)))
			return rc;
		return cmp_seq(rt, x, nx, y, ny, c, eq_only);
	}
	if (a->tag != b->tag) {
		*c = a->tag < b->tag ? -1 : 1;
		return 0;
	}
	if ((rc = zen_rt_enter(rt)))
		return rc;
	switch (a->tag) {
	case ZV_INT: case ZV_I64: case ZV_BOOL:
		*c = cmp_i(a->u.i, b->u.i);
		break;
	case ZV_U8: case ZV_U32: case ZV_U64:
		*c = cmp_u(a->u.u, b->u.u);
		break;
	case ZV_UNIT: case ZV_ERASED:
		break;
	case ZV_BYTES:
		*c = zv_key_cmp(a->u.bytes.p, a->u.bytes.len, b->u.bytes.p,
				b->u.bytes.len);
		break;
	case ZV_TUPLE: case ZV_ARRAY:
		rc = cmp_seq(rt, a->u.seq.items, a->u.seq.n, b->u.seq.items,
			     b->u.seq.n, c, eq_only);
		break;
	case ZV_RECORD:
		if (a->u.rec.n != b->u.rec.n) {
			*c = cmp_u(a->u.rec.n, b->u.rec.n);
			break;
		}
		for (i = 0; i < a->u.rec.n && !*c && !rc; i++) {
			zv *y = zv_field(b, a->u.rec.names[i]);

			if (!y)
				*c = 1;
			else
				rc = compare(rt, a->u.rec.vals[i], y, c,
					     eq_only);
		}
		break;
	case ZV_CON:
		*c = strcmp(a->u.con.name, b->u.con.name);
		*c = (*c > 0) - (*c < 0);
		if (!*c)
			rc = cmp_seq(rt, a->u.con.args, a->u.con.n,
				     b->u.con.args, b->u.con.n, c, eq_only);
		break;
	case ZV_LIST: {
		const zv *x = a, *y = b;

		if (eq_only && x->u.list.len != y->u.list.len) {
			*c = 1;
			break;
		}
		while (x->u.list.len && y->u.list.len && !rc) {
			if ((rc = compare(rt, x->u.list.head, y->u.list.head,
					  c, eq_only)) || *c)
				break;
			x = x->u.list.tail;
			y = y->u.list.tail;
		}
		if (!rc && !*c)
			*c = cmp_u(x->u.list.len, y->u.list.len);
		break;
	}
	case ZV_DICT:
		if (a->u.dict.n != b->u.dict.n) {
			*c = cmp_u(a->u.dict.n, b->u.dict.n);
			break;
		}
		for (i = 0; i < a->u.dict.n && !*c && !rc; i++) {
			const struct zv_dict_entry *x = &a->u.dict.e[i],
				*y = &b->u.dict.e[i];

			*c = zv_key_cmp(x->key, x->klen, y->key, y->klen);
			if (!*c)
				rc = compare(rt, x->val, y->val, c, eq_only);
		}
		break;
	case ZV_SHA3: {
		uint8_t *x, *y;
		size_t nx, ny;

		if (!(x = zv_sha3_bytes(rt, a->u.sha3, &nx)) ||
		    !(y = zv_sha3_bytes(rt, b->u.sha3, &ny))) {
			rc = ZEN_EREFUSED;
			break;
		}
		*c = zv_key_cmp(x, nx, y, ny);
		break;
	}
	case ZV_SKEL: {
		const struct zv_skel *x = a->u.skel, *y = b->u.skel;
		int side;

		for (side = 0; side < 2 && !*c && !rc; side++) {
			size_t nx = side ? x->n_out : x->n_in;
			size_t ny = side ? y->n_out : y->n_in;

			for (i = 0; i < nx && i < ny && !*c && !rc; i++)
				rc = compare(rt, zv_skel_item(a, side, i),
					     zv_skel_item(b, side, i), c,
					     eq_only);
			if (!*c && !rc)
				*c = cmp_u(nx, ny);
		}
		break;
	}
	default:	/* closures, natives, cost values: identity */
		*c = a < b ? -1 : 1;
		break;
	}
	zen_rt_leave(rt);
	return rc;
}

int zv_equal(struct zen_rt *rt, const zv *a, const zv *b)
{
	int c;

	if (compare(rt, a, b, &c, 1))
		return -1;
	return c == 0;
}

int zv_compare(struct zen_rt *rt, const zv *a, const zv *b, int *cmp)
{
	if (is_int_tag(a->tag) && a->tag == b->tag) {
		zc_trace_cmp(rt, a, b, 1);
		*cmp = a->tag == ZV_INT || a->tag == ZV_I64 ||
		       a->tag == ZV_BOOL ? cmp_i(a->u.i, b->u.i)
					 : cmp_u(a->u.u, b->u.u);
		return 0;
	}
	return compare(rt, a, b, cmp, 0);
}

/* ---- application ---- */

static zv *mkcost(struct zen_rt *rt, int state)
{
	zv *v = mk(rt, ZV_COST);

	if (!v || !(v->u.cost = zen_rt_alloc(rt, sizeof(struct zv_cost))))
		return NULL;
	v->u.cost->state = (uint8_t)state;
	v->u.cost->exact = 1;
	return v;
}

/* A cost-only argument (`inc k m`'s k) that was no number: an implicit
 * the caller's type binds (`pad #n x = incRet n x`), counted 0, so the
 * cost built is short of its type's (value.h COST VALUES). */
static int index_erased(const struct zen_native *nat, zv *const *args)
{
	for (unsigned i = 0; i < nat->arity; i++)
		if (((nat->lazy >> i) & 1) && args[i]->tag != ZV_INT)
			return 1;
	return 0;
}

static int run_native(struct zen_rt *rt, const struct zen_native *nat,
		      zv *const *args, zv **out)
{
	uint64_t cost = 0;
	int rc;
	zv *v;

	if (nat->flags & ZEN_NATIVE_GHOST)
		return zen_rt_fail(rt, "%s is not executable", nat->name);
	if (nat->flags & ZEN_NATIVE_COST) {
		if (!(v = mkcost(rt, ZV_COST_NATIVE)))
			return ZEN_EREFUSED;
		v->u.cost->nat = nat;
		v->u.cost->args = (zv **)args;
		*out = v;
		return 0;
	}
	if ((rc = zen_rt_enter(rt)))
		return rc;
	rc = nat->fn(rt, nat, args, out, &cost);
	zen_rt_leave(rt);
	if (rc == ZEN_NATIVE_TAIL)
		return zen_rt_fail(rt, "%s: tail call outside cost", nat->name);
	if (!rc && *out && (*out)->tag == ZV_COST &&
	    ((nat->flags & ZEN_NATIVE_AUTO) || index_erased(nat, args)))
		*out = zen_cost_short(rt, *out);
	if (!rc && !*out)
		return ZEN_EREFUSED;	/* OOM inside the native */
	return rc;
}

int zen_apply(struct zen_rt *rt, zv *fn, zv *arg, zv **out)
{
	const struct zen_native *nat;
	size_t n;
	zv **args, *v;

	if (!fn || !arg)
		return ZEN_EREFUSED;
	if (fn->tag == ZV_CLOSURE) {
		int rc;

		if (!rt->apply)
			return zen_rt_fail(rt, "no evaluator to apply a closure");
		if ((rc = zen_rt_enter(rt)))
			return rc;
		rc = rt->apply(rt->apply_ctx, rt, fn, arg, out);
		zen_rt_leave(rt);
		return rc;
	}
	if (fn->tag != ZV_NATIVE)
		return zen_rt_fail(rt, "cannot apply a value of type %s",
				   zv_tag_name(fn));
	nat = fn->u.nat.nat;
	n = fn->u.nat.n;
	if (!(args = zen_rt_alloc(rt, (n + 1) * sizeof(zv *))))
		return ZEN_EREFUSED;
	if (n)
		memcpy(args, fn->u.nat.args, n * sizeof(zv *));
	args[n] = arg;
	if (n + 1 >= nat->arity)
		return run_native(rt, nat, args, out);
	if (!(v = mk(rt, ZV_NATIVE)))
		return ZEN_EREFUSED;
	v->u.nat.nat = nat;
	v->u.nat.n = n + 1;
	v->u.nat.args = args;
	*out = v;
	return 0;
}

int zen_apply_n(struct zen_rt *rt, zv *fn, size_t n, zv *const *args,
		zv **out)
{
	zv *f = fn;
	size_t i;
	int rc;

	/* out may alias an element of args */
	for (i = 0; i < n; i++)
		if ((rc = zen_apply(rt, f, args[i], &f)))
			return rc;
	*out = f;
	return 0;
}

int zen_apply2(struct zen_rt *rt, zv *fn, zv *a, zv *b, zv **out)
{
	zv *args[2] = { a, b };

	return zen_apply_n(rt, fn, 2, args, out);
}

int zen_apply3(struct zen_rt *rt, zv *fn, zv *a, zv *b, zv *c, zv **out)
{
	zv *args[3] = { a, b, c };

	return zen_apply_n(rt, fn, 3, args, out);
}

int zen_next_param_lazy(const zv *fn)
{
	if (!fn || fn->tag != ZV_NATIVE)
		return 0;
	return (fn->u.nat.nat->lazy >> fn->u.nat.n) & 1;
}

int zen_native_value(struct zen_rt *rt, const struct zen_native *nat,
		     zv **out)
{
	if (nat->flags & ZEN_NATIVE_TYPE) {
		*out = zv_erased();
		return 0;
	}
	if (nat->arity == 0)
		return run_native(rt, nat, NULL, out);
	return (*out = zv_native(rt, nat)) ? 0 : ZEN_EREFUSED;
}

/* ---- cost monad ---- */

zv *zen_cost_ret_k(struct zen_rt *rt, zv *x, uint64_t cost)
{
	zv *v;

	if (!x || !(v = mkcost(rt, ZV_COST_DONE)))
		return NULL;
	v->u.cost->val = x;
	v->u.cost->cost = cost;
	return v;
}

zv *zen_cost_ret(struct zen_rt *rt, zv *x)
{
	return zen_cost_ret_k(rt, x, 0);
}

zv *zen_cost_bind(struct zen_rt *rt, zv *m, zv *f)
{
	zv *v;

	if (!m || !f || !(v = mkcost(rt, ZV_COST_BIND)))
		return NULL;
	v->u.cost->m = m;
	v->u.cost->f = f;
	return v;
}

zv *zen_cost_adjust(struct zen_rt *rt, zv *m, const struct zv_cost_adj *adj)
{
	struct zv_cost_adj *a;
	zv *v;

	if (!m || !(a = zen_rt_alloc(rt, sizeof(*a))) ||
	    !(v = mkcost(rt, ZV_COST_ADJUST)))
		return NULL;
	*a = *adj;
	v->u.cost->m = m;
	v->u.cost->adj = a;
	return v;
}

zv *zen_cost_short(struct zen_rt *rt, zv *m)
{
	const struct zv_cost_adj a = { .shortcut = 1 };

	return zen_cost_adjust(rt, m, &a);
}

int zen_cost_forced(const zv *v)
{
	return v && v->tag == ZV_COST && v->u.cost->state == ZV_COST_DONE;
}

/* The flags a forced cost value carries (zv_cost). */
struct cost_flags {
	int exact, over, shortcut;
};

static void flags_join(struct cost_flags *f, struct cost_flags g)
{
	f->exact &= g.exact;
	f->over |= g.over;
	f->shortcut |= g.shortcut;
}

static struct cost_flags flags_of(const struct zv_cost *c)
{
	return (struct cost_flags){ c->exact, c->over, c->shortcut };
}

static void flags_keep(struct zv_cost *c, const struct cost_flags *f)
{
	c->exact = (uint8_t)f->exact;
	c->over = (uint8_t)f->over;
	c->shortcut = (uint8_t)f->shortcut;
}

/* The first declared index found above a complete count (value.h). */
static void note_under(struct zen_rt *rt, const struct zv_cost_adj *a,
		       uint64_t c, const struct cost_flags *f)
{
	if (f->exact && !f->shortcut && !f->over && c < a->floor &&
	    a->floor_at && !rt->under.at) {
		rt->under.at = a->floor_at;
		rt->under.cost = c - a->floor_base;
		rt->under.index = a->floor - a->floor_base;
	}
}

/* Apply an adjustment to a forced cost and its flags. */
static void apply_adj(struct zen_rt *rt, const struct zv_cost_adj *a,
		      uint64_t *cost, struct cost_flags *f)
{
	uint64_t c = zc_sat_add(*cost, a->add);

	if (a->padded) {
		uint64_t padded = c > a->floor ? c : a->floor;

		note_under(rt, a, c, f);
		if (a->over || c > a->least) {
			f->over = 1;
			if (!rt->over.at && a->least_at) {
				rt->over.at = a->least_at;
				rt->over.cost = padded - a->least_base;
				rt->over.index = a->least - a->least_base;
			}
		}
		*cost = padded;
		f->exact = 1;
		f->shortcut = 0;
	} else {
		*cost = c;
		f->shortcut |= a->shortcut;
	}
}

struct pending {
	struct zv_cost *c;
	uint64_t left;
	struct cost_flags f;
	const struct zv_cost_adj *adj;	/* an adjustment level */
};

int zen_force(struct zen_rt *rt, zv *v, zv **out, uint64_t *cost)
{
	struct pending local[16], *stack = local;
	size_t sp = 0, cap = ZEN_ARRAY_SIZE(local);
	struct zv_cost *c;
	const struct zv_cost_adj *adj;
	zv *res = NULL;
	uint64_t total = 0, add;
	struct cost_flags f = { 1, 0, 0 };
	int rc = 0;

	if (!v)
		return ZEN_EREFUSED;
	if (v->tag != ZV_COST)
		return zen_rt_fail(rt, "expected a cost value, got %s",
				   zv_tag_name(v));
	if ((rc = zen_rt_enter(rt)))
		return rc;
	for (;;) {
		zv *next = NULL, *x;
		uint64_t mc;

		c = v->u.cost;
		if (c->state == ZV_COST_DONE) {
			res = c->val;
			total = c->cost;
			f = flags_of(c);
			break;
		}
		if (c->state == ZV_COST_RUNNING) {
			rc = zen_rt_fail(rt, "cost value forced recursively");
			goto out;
		}
		add = 0;
		adj = NULL;
		if (c->state == ZV_COST_ADJUST) {
			/* applied to m's cost when unwinding */
			c->state = ZV_COST_RUNNING;
			adj = c->adj;
			next = c->m;
		} else if (c->state == ZV_COST_BIND) {
			c->state = ZV_COST_RUNNING;
			if ((rc = zen_force(rt, c->m, &x, &mc)))
				goto out;
			add = mc;
			flags_join(&f, flags_of(c->m->u.cost));
			if ((rc = zen_apply(rt, c->f, x, &next)))
				goto out;
		} else {	/* deferred native */
			const struct zen_native *nat = c->nat;
			uint8_t si = rt->sub_inexact, so = rt->sub_over,
				ss = rt->sub_short;

			c->state = ZV_COST_RUNNING;
			rt->sub_inexact = rt->sub_over = rt->sub_short = 0;
			/* the declared cost index, charged in full (1.8) */
			add = zen_native_cost(nat, c->args);
			rc = nat->fn(rt, nat, c->args, &next, &add);
			if (rt->sub_inexact)
				f.exact = 0;
			if (rt->sub_over)
				f.over = 1;
			if (rt->sub_short)
				f.shortcut = 1;
			rt->sub_inexact = si;
			rt->sub_over = so;
			rt->sub_short = ss;
			if (rc && rc != ZEN_NATIVE_TAIL)
				goto out;
			if (!next) {
				rc = ZEN_EREFUSED;
				goto out;
			}
			if (index_erased(nat, c->args))
				f.exact = 0;
			if (!rc) {	/* plain result */
				c->val = next;
				c->cost = add;
				flags_keep(c, &f);
				c->state = ZV_COST_DONE;
				res = next;
				total = add;
				break;
			}
			rc = 0;
		}
		if (next->tag != ZV_COST) {
			rc = zen_rt_fail(rt, "expected a cost value, got %s",
					 zv_tag_name(next));
			goto out;
		}
		if (sp == cap) {
			struct pending *ns = zen_rt_alloc(rt, 2 * cap *
							  sizeof(*ns));

			if (!ns) {
				rc = ZEN_EREFUSED;
				goto out;
			}
			memcpy(ns, stack, sp * sizeof(*ns));
			stack = ns;
			cap *= 2;
		}
		stack[sp].c = c;
		stack[sp].left = add;
		stack[sp].f = f;
		stack[sp].adj = adj;
		sp++;
		f = (struct cost_flags){ 1, 0, 0 };
		v = next;
	}
	while (sp--) {
		c = stack[sp].c;
		if (stack[sp].adj) {
			apply_adj(rt, stack[sp].adj, &total, &f);
		} else {
			total = zc_sat_add(total, stack[sp].left);
			flags_join(&f, stack[sp].f);
		}
		c->val = res;
		c->cost = total;
		flags_keep(c, &f);
		c->state = ZV_COST_DONE;
	}
	*out = res;
	if (cost)
		*cost = total;
out:
	zen_rt_leave(rt);
	return rc;
}

/* ---- declared costs (value.h struct zen_cost_rule) ---- */

static uint64_t measure_len(const zv *v)
{
	if (!v)
		return 0;
	switch (v->tag) {
	case ZV_LIST: return v->u.list.len;
	case ZV_ARRAY: case ZV_TUPLE: return v->u.seq.n;
	case ZV_BYTES: return v->u.bytes.len;
	case ZV_DICT: return v->u.dict.n;
	default: return 0;
	}
}

static uint64_t measure_nat(const zv *v)
{
	return v && v->tag == ZV_INT && v->u.i > 0 ? (uint64_t)v->u.i : 0;
}

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
	return a && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

uint64_t zen_native_cost(const struct zen_native *nat, zv *const *args)
{
	const struct zen_cost_rule *r = &nat->cost;
	const zv *x = NULL, *y = NULL;
	uint64_t m = 0, size;

	if (!r->declared)
		return 0;
	if (r->measure != ZEN_CM_NONE) {
		x = r->arg < nat->arity ? args[r->arg] : NULL;
		y = r->arg2 < nat->arity ? args[r->arg2] : NULL;
	}
	switch (r->measure) {
	case ZEN_CM_LEN: m = measure_len(x); break;
	case ZEN_CM_NAT: m = measure_nat(x); break;
	case ZEN_CM_LEN2: m = zc_sat_add(measure_len(x), measure_len(y)); break;
	case ZEN_CM_MINLEN:
		m = measure_nat(x);
		if (measure_len(y) < m)
			m = measure_len(y);
		break;
	case ZEN_CM_CHUNK:	/* (l / size) * (4 * size + per) */
		size = measure_nat(x);
		if (!size)
			return r->k;
		return zc_sat_add(sat_mul(measure_len(y) / size,
				       zc_sat_add(sat_mul(4, size), r->per)),
			       r->k);
	default: break;
	}
	return zc_sat_add(sat_mul(m, r->per), r->k);
}

static void rule_measure(const struct zen_cost_rule *r, char *b, size_t n)
{
	unsigned a = r->arg + 1u, c = r->arg2 + 1u;

	switch (r->measure) {
	case ZEN_CM_LEN: snprintf(b, n, "len($%u)", a); break;
	case ZEN_CM_NAT: snprintf(b, n, "$%u", a); break;
	case ZEN_CM_LEN2: snprintf(b, n, "(len($%u)+len($%u))", a, c); break;
	case ZEN_CM_MINLEN: snprintf(b, n, "min($%u,len($%u))", a, c); break;
	case ZEN_CM_CHUNK:
		snprintf(b, n, "(len($%u)/$%u)*(4*$%u+%u)", c, a, a,
			 (unsigned)r->per);
		break;
	default: b[0] = 0; break;
	}
}

const char *zen_cost_rule_format(const struct zen_native *nat, char *buf,
				 size_t size)
{
	static const char *const cbs[] = { "", "", "n", "m", "m+n", "sum",
					   "branch" };
	const struct zen_cost_rule *r = &nat->cost;
	char ms[64], term[96];
	size_t len;

	if (!r->declared) {
		snprintf(buf, size, "-");
		return buf;
	}
	rule_measure(r, ms, sizeof(ms));
	term[0] = 0;
	if (r->cb == ZEN_CB_EACH)
		snprintf(term, sizeof(term), r->per ? "%s*(n+%u)" : "%s*n",
			 ms, (unsigned)r->per);
	else if (r->measure == ZEN_CM_CHUNK || (ms[0] && r->per == 1))
		snprintf(term, sizeof(term), "%s", ms);
	else if (ms[0] && r->per)
		snprintf(term, sizeof(term), "%u*%s", (unsigned)r->per, ms);
	snprintf(buf, size, "%s", r->cb < ZEN_ARRAY_SIZE(cbs) ? cbs[r->cb] : "?");
	len = strlen(buf);
	if (term[0])
		len += (size_t)snprintf(buf + len, len < size ? size - len : 0,
					"%s%s", len ? "+" : "", term);
	if (r->k || (!term[0] && !buf[0]))
		snprintf(buf + len, len < size ? size - len : 0, "%s%u",
			 len ? "+" : "", (unsigned)r->k);
	return buf;
}
