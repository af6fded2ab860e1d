/*
 * zulib_coll.c - Zen.Dictionary (4.7), Zen.Set, Zen.Array and Zen.List
 * (4.13).
 *
 * Costs are realized at run time: the fixed part of the declared formula
 * plus the actual costs of the forced callbacks (which equals the formula
 * when every callback costs its declared n).  Callbacks may return plain
 * values or cost values (cost values are forced in order).
 */
#include "core/contract/zulib_int.h"

/* ---- Zen.Dictionary ---- */

NATIVE(dict_size)
{
	TRY(zl_want(rt, self, a[0], ZV_DICT));
	RET(zv_int(rt, (int64_t)a[0]->u.dict.n));
}

NATIVE(dict_empty) { RET(zv_dict_empty()); }

enum { DK_CONTAINS, DK_FIND, DK_ADD, DK_REMOVE };

NATIVE(dict_key_op)	/* containsKey k d, tryFind k d, add k v d, remove k d */
{
	zv *k = a[0], *d = a[self->aux == DK_ADD ? 2 : 1], *v;

	TRY(zl_bytes(rt, self, k));
	TRY(zl_want(rt, self, d, ZV_DICT));
	v = zv_dict_find(d, k->u.bytes.p, k->u.bytes.len);
	if (self->aux == DK_CONTAINS || self->aux == DK_FIND)
		zc_trace_key(rt, k);
	switch (self->aux) {
	case DK_CONTAINS:
		RET(zv_bool(v != NULL));
	case DK_FIND:
		RET(v ? zv_some(rt, v) : zv_none());
	case DK_ADD:
		if (!v && d->u.dict.n >= UINT32_MAX)
			return zen_rt_fail(rt, "%s: dictionary full",
					   self->name);
		RET(zv_dict_add(rt, d, k->u.bytes.p, k->u.bytes.len, a[1]));
	default:
		RET(zv_dict_remove(rt, d, k->u.bytes.p, k->u.bytes.len));
	}
}

static zv *key_value(struct zen_rt *rt, const struct zv_dict_entry *e)
{
	return zv_bytes(rt, e->key, e->klen);
}

NATIVE(dict_map)	/* mapT f d: size*(n+2)+2 */
{
	const zv *d = a[1];
	struct zv_dict_entry *e;
	size_t i, n;
	zv *v, *args[2];

	TRY(zl_want(rt, self, d, ZV_DICT));
	n = d->u.dict.n;
	if (!(e = zen_rt_alloc(rt, (n ? n : 1) * sizeof(*e))))
		return ZEN_EREFUSED;
	for (i = 0; i < n; i++) {
		e[i] = d->u.dict.e[i];
		if (!(args[0] = key_value(rt, &e[i])))
			return ZEN_EREFUSED;
		args[1] = e[i].val;
		TRY(zl_call(rt, a[0], 2, args, &e[i].val, cost));
	}
	if (!(v = zen_rt_alloc(rt, sizeof(*v))))
		return ZEN_EREFUSED;
	v->tag = ZV_DICT;
	v->u.dict.n = n;
	v->u.dict.e = e;
	RET(v);
}

NATIVE(dict_fold)	/* foldT f s d: size*(n+4)+4, key order */
{
	const zv *d = a[2];
	size_t i;
	zv *s = a[1], *args[3];

	TRY(zl_want(rt, self, d, ZV_DICT));
	for (i = 0; i < d->u.dict.n; i++) {
		args[0] = s;
		if (!(args[1] = key_value(rt, &d->u.dict.e[i])))
			return ZEN_EREFUSED;
		args[2] = d->u.dict.e[i].val;
		TRY(zl_call(rt, a[0], 3, args, &s, cost));
	}
	RET(s);
}

const struct zen_native zl_dict[] = {
	/* lemmas: proofs, unit and free (ELEMMA) */
	ELEMMA("dictionary_containsKey_size", 2),
	ELEMMA("dictionary_nonempty_containsKey", 1),
	ELEMMA("tryFind_ContainsKey", 2), ELEMMA("add_size", 3),
	ELEMMA("add_key_exist", 3),
	ELEMMA("add_key_exist_negative", 3), ELEMMA("add_tryFind", 3),
	ELEMMA("remove_size", 2), ELEMMA("remove_key", 2),
	ELEMMA("remove_key_negative", 2), ELEMMA("remove_tryFind", 2),
	ELEMMA("empty_size", 1), ELEMMA("empty_unique", 1),
	ELEMMA("empty_ContainsKey", 1), ELEMMA("force_mapT_length", 2),
	E("size", dict_size, 1, 0), E("empty", dict_empty, 0, 0),
	EC("containsKey", dict_key_op, 2, DK_CONTAINS, CK(64)),
	EC("tryFind", dict_key_op, 2, DK_FIND, CK(64)),
	EC("add", dict_key_op, 3, DK_ADD, CK(64)),
	EC("remove", dict_key_op, 2, DK_REMOVE, CK(64)),
	EC("mapT", dict_map, 2, 0, CEACH(2, 1, 2)),
	EC("foldT", dict_fold, 3, 0, CEACH(4, 2, 4)),
	ETYPE("t"), ETYPE("dictionary"),
	EEND
};

/* ---- Zen.Set (Zulib's fsharp/Realized/Zen.Set.fs) ---- */

/*
 * A set is a list of distinct elements in zv_compare's order, so that two
 * sets of the same elements are equal (=), as F#'s Set values are.
 * Zulib declares count too, but its F# side defines none: the reference
 * cannot compile a contract that names it, so zen does not know it.
 */
enum { SET_CONTAINS, SET_ADD, SET_REMOVE };

NATIVE(set_empty) { RET(zv_nil()); }

/* items[0..n) as a list, with insert put before items[at], or (insert
 * NULL) without items[at]. */
static zv *set_rebuild(struct zen_rt *rt, zv **items, size_t n, size_t at,
		       zv *insert)
{
	zv *r = zv_nil();

	for (size_t i = n + 1; i-- > 0 && r;) {	/* from the end */
		if (i < n && (i != at || insert))
			r = zv_cons(rt, items[i], r);
		if (i == at && insert)
			r = zv_cons(rt, insert, r);
	}
	return r;
}

NATIVE(set_op)	/* contains x s, add x s, remove x s: 64 each */
{
	zv **items;
	size_t n, at;
	int cmp = 1, found;

	TRY(zl_list(rt, self, a[1]));
	n = a[1]->u.list.len;
	if (!(items = zv_list_items(rt, a[1])))
		return ZEN_EREFUSED;
	for (at = 0; at < n; at++) {
		TRY(zv_compare(rt, items[at], a[0], &cmp));
		if (cmp >= 0)
			break;
	}
	found = at < n && cmp == 0;
	switch (self->aux) {
	case SET_CONTAINS:
		RET(zv_bool(found));
	case SET_ADD:
		if (found)
			RET(a[1]);
		if (n >= UINT32_MAX)	/* the F# side's bound */
			return zen_rt_fail(rt, "Exceeded max set size");
		RET(set_rebuild(rt, items, n, at, a[0]));
	default:
		if (!found)
			RET(a[1]);
		RET(set_rebuild(rt, items, n, at, NULL));
	}
}

const struct zen_native zl_set[] = {
	/* lemmas: proofs, unit and free (ELEMMA) */
	ELEMMA("add_contains", 2), ELEMMA("add_contains_invariant", 3),
	ELEMMA("add_count", 2), ELEMMA("remove_contains", 2),
	ELEMMA("remove_contains_invariant", 3),
	ELEMMA("remove_count", 2), ELEMMA("empty_contains", 1),
	ELEMMA("empty_count", 1), ELEMMA("empty_unique", 1),
	E("empty", set_empty, 0, 0),
	EC("contains", set_op, 2, SET_CONTAINS, CK(64)),
	EC("add", set_op, 2, SET_ADD, CK(64)),
	EC("remove", set_op, 2, SET_REMOVE, CK(64)),
	ETYPE("set"), ETYPE("t"),
	EEND
};

/* ---- Zen.Array ---- */

static int arr(struct zen_rt *rt, const struct zen_native *self,
	       const zv *v, zv ***it, size_t *n)
{
	if (!v || (v->tag != ZV_ARRAY && v->tag != ZV_BYTES))
		return zen_rt_fail(rt, "%s: expected an array, got %s",
				   self->name, zv_tag_name(v));
	return zv_array_items(rt, v, it, n);
}

NATIVE(a_length)
{
	zv **it;
	size_t n;

	TRY(arr(rt, self, a[0], &it, &n));
	RET(zv_int(rt, (int64_t)n));
}

NATIVE(a_get)	/* aux 0: get arr i; 1: item i arr */
{
	zv *av = a[self->aux ? 1 : 0], *iv = a[self->aux ? 0 : 1], **it;
	uint64_t i;
	size_t n;

	TRY(zl_nat(rt, self, iv, &i));
	if (av->tag == ZV_BYTES) {
		if (i >= av->u.bytes.len)
			goto range;
		RET(zv_u8(rt, av->u.bytes.p[i]));
	}
	TRY(arr(rt, self, av, &it, &n));
	if (i >= n)
		goto range;
	RET(it[i]);
range:
	return zen_rt_fail(rt, "%s: index out of range", self->name);
}

NATIVE(a_empty) { RET(zv_array(rt, 0, NULL)); }

NATIVE(a_of_list)
{
	zv **it;

	TRY(zl_list(rt, self, a[0]));
	if (!(it = zv_list_items(rt, a[0])))
		return ZEN_EREFUSED;
	RET(zv_array(rt, a[0]->u.list.len, it));
}

NATIVE(a_to_list)
{
	zv **it;
	size_t n;

	TRY(arr(rt, self, a[0], &it, &n));
	RET(zv_list(rt, n, it));
}

NATIVE(a_init)	/* init l f: [f 0 .. f (l-1)], l*(n+4)+4 */
{
	uint64_t l, i;
	zv **it, *x;

	TRY(zl_nat(rt, self, a[0], &l));
	if (l > rt->mem_limit / sizeof(zv *))
		return zen_rt_fail(rt, "memory limit exceeded");
	if (!(it = zen_rt_alloc(rt, (l ? l : 1) * sizeof(zv *))))
		return ZEN_EREFUSED;
	for (i = 0; i < l; i++) {
		if (!(x = zv_int(rt, (int64_t)i)))
			return ZEN_EREFUSED;
		TRY(zl_call(rt, a[1], 1, &x, &it[i], cost));
	}
	RET(zv_array(rt, l, it));
}

NATIVE(a_create)
{
	uint64_t l, i;
	zv **it;

	TRY(zl_nat(rt, self, a[0], &l));
	if (l > rt->mem_limit / sizeof(zv *))
		return zen_rt_fail(rt, "memory limit exceeded");
	if (!(it = zen_rt_alloc(rt, (l ? l : 1) * sizeof(zv *))))
		return ZEN_EREFUSED;
	for (i = 0; i < l; i++)
		it[i] = a[1];
	RET(zv_array(rt, l, it));
}

NATIVE(a_sub)	/* sub arr i j: elements i .. i+j-1 */
{
	uint64_t i, j;
	zv **it;
	size_t n;

	TRY(arr(rt, self, a[0], &it, &n));
	TRY(zl_nat(rt, self, a[1], &i));
	TRY(zl_nat(rt, self, a[2], &j));
	if (i > n || j > n - i)
		return zen_rt_fail(rt, "%s: index out of range", self->name);
	RET(zv_array(rt, j, it + i));
}

NATIVE(a_map)
{
	zv **it, **o;
	size_t n, i;

	TRY(arr(rt, self, a[1], &it, &n));
	if (!(o = zen_rt_alloc(rt, (n ? n : 1) * sizeof(zv *))))
		return ZEN_EREFUSED;
	for (i = 0; i < n; i++)
		TRY(zl_call(rt, a[0], 1, &it[i], &o[i], cost));
	RET(zv_array(rt, n, o));
}

NATIVE(a_append)
{
	zv **x, **y, **o;
	size_t nx, ny;

	TRY(arr(rt, self, a[0], &x, &nx));
	TRY(arr(rt, self, a[1], &y, &ny));
	if (!(o = zen_rt_alloc(rt, (nx + ny + 1) * sizeof(zv *))))
		return ZEN_EREFUSED;
	memcpy(o, x, nx * sizeof(zv *));
	memcpy(o + nx, y, ny * sizeof(zv *));
	RET(zv_array(rt, nx + ny, o));
}

NATIVE(a_chunk)	/* chunkBySize size arr: n/size chunks, remainder dropped */
{
	uint64_t size;
	zv **it, **o;
	size_t n, i, k;

	TRY(zl_nat(rt, self, a[0], &size));
	TRY(arr(rt, self, a[1], &it, &n));
	if (!size)
		return zen_rt_fail(rt, "%s: chunk size 0", self->name);
	k = n / size;
	if (!(o = zen_rt_alloc(rt, (k ? k : 1) * sizeof(zv *))))
		return ZEN_EREFUSED;
	for (i = 0; i < k; i++)
		if (!(o[i] = zv_array(rt, size, it + i * size)))
			return ZEN_EREFUSED;
	RET(zv_array(rt, k, o));
}

/*
 * joinOptions (aux 0); tryMap f (aux 1) is `map f arr >>= joinOptions` in
 * Zulib: every callback runs (and may fail) before the first None counts.
 */
NATIVE(a_try_map)
{
	zv **it, **o, *v;
	size_t n, i;

	TRY(arr(rt, self, a[self->aux ? 1 : 0], &it, &n));
	if (!(o = zen_rt_alloc(rt, (n ? n : 1) * sizeof(zv *))))
		return ZEN_EREFUSED;
	for (i = 0; self->aux && i < n; i++)
		TRY(zl_call(rt, a[0], 1, &it[i], &o[i], cost));
	for (i = 0; i < n; i++) {
		v = self->aux ? o[i] : it[i];
		if (zv_is_con(v, "None"))
			RET(zv_none());
		if (!zv_is_con(v, "Some"))
			return zen_rt_fail(rt, "%s: expected an option",
					   self->name);
		o[i] = zl_payload(v);
	}
	RET(zv_some(rt, zv_array(rt, n, o)));
}

NATIVE(a_fold)	/* fold f s arr (4l+4) / foldT (l*(n+4)+4) */
{
	zv **it, *s = a[1], *args[2];
	size_t n, i;

	TRY(arr(rt, self, a[2], &it, &n));
	for (i = 0; i < n; i++) {
		args[0] = s;
		args[1] = it[i];
		TRY(zl_call(rt, a[0], 2, args, &s, cost));
	}
	RET(s);
}

/* ofArray arr = (| length arr, arr |): a dependent pair, a tuple here */
NATIVE(a_of_array)
{
	zv **it, *l;
	size_t n;

	TRY(arr(rt, self, a[0], &it, &n));
	if (!(l = zv_int(rt, (int64_t)n)))
		return ZEN_EREFUSED;
	RET(zv_tuple2(rt, l, a[0]));
}

/* Zen.Array.Base: the realized primitives (Zulib's Zen.Array.Base.fsti) */
const struct zen_native zl_array_base[] = {
	/* lemmas: proofs, unit and free (ELEMMA) */
	ELEMMA("empty_uniq", 1), ELEMMA("ofList_get", 2),
	E("length", a_length, 1, 0), E("get", a_get, 2, 0),
	E("empty", a_empty, 0, 0),
	EC("ofList", a_of_list, 1, 0, CLEN(2, 0, 2)),
	EC("fold", a_fold, 3, 0, CLEN(4, 2, 4)),
	EC("foldT", a_fold, 3, 0, CEACH(4, 2, 4)),
	ETYPE("t"), ETYPE("array"), ETYPE("indexed"),
	EEND
};

/* Zen.Array.Indexed: the functions over `indexed a l` */
const struct zen_native zl_array_indexed[] = {
	E("ofArray", a_of_array, 1, 0),
	EC("toList", a_to_list, 1, 0, CLEN(2, 0, 2)),
	E("item", a_get, 2, 1), E("op_Array_Access", a_get, 2, 0),
	EC("init_pure", a_init, 2, 0, CNEACH(4, 0, 4)),
	EC("init", a_init, 2, 0, CNEACH(4, 0, 4)),
	EC("create", a_create, 2, 0, CNAT(4, 0, 4)),
	EC("sub", a_sub, 3, 0, CNAT(4, 2, 4)),
	EC("map", a_map, 2, 0, CEACH(4, 1, 4)),
	EC("append", a_append, 2, 0,
	   CR(ZEN_CM_LEN2, 0, 1, ZEN_CB_NONE, 4, 4)),
	EC("chunkBySize", a_chunk, 2, 0,
	   CR(ZEN_CM_CHUNK, 0, 1, ZEN_CB_NONE, 8, 4)),
	EC("joinOptions", a_try_map, 1, 0, CLEN(4, 0, 4)),
	EC("tryMap", a_try_map, 2, 1, CEACH(8, 1, 8)),
	ETYPE("t"),
	EEND
};

/* ---- Zen.List ---- */

NATIVE(l_basic)	/* aux 0 head, 1 tail, 2 isNull, 3 length */
{
	TRY(zl_list(rt, self, a[0]));
	if (self->aux == 2)
		RET(zv_bool(a[0]->u.list.len == 0));
	if (self->aux == 3)
		RET(zv_int(rt, (int64_t)a[0]->u.list.len));
	if (!a[0]->u.list.len)
		return zen_rt_fail(rt, "%s of an empty list", self->name);
	RET(self->aux ? a[0]->u.list.tail : a[0]->u.list.head);
}

NATIVE(l_cons)
{
	TRY(zl_list(rt, self, a[1]));
	RET(zv_cons(rt, a[0], a[1]));
}

NATIVE(l_append)	/* append l1 l2 (aux 0); revAppend l1 l2 (aux 1) */
{
	zv **it, *r = a[1];
	size_t n, i;

	TRY(zl_list(rt, self, a[0]));
	TRY(zl_list(rt, self, a[1]));
	n = a[0]->u.list.len;
	if (!(it = zv_list_items(rt, a[0])))
		return ZEN_EREFUSED;
	for (i = 0; i < n && r; i++)
		r = zv_cons(rt, it[self->aux ? i : n - 1 - i], r);
	RET(r);
}

NATIVE(l_rev)
{
	zv *r = zv_nil(), *l = a[0];

	TRY(zl_list(rt, self, l));
	for (; l->u.list.len && r; l = l->u.list.tail)
		r = zv_cons(rt, l->u.list.head, r);
	RET(r);
}

NATIVE(l_init)	/* init l f: l*(n+2)+2 */
{
	uint64_t l, i;
	zv **it, *x;

	TRY(zl_nat(rt, self, a[0], &l));
	if (l > rt->mem_limit / sizeof(zv *))
		return zen_rt_fail(rt, "memory limit exceeded");
	if (!(it = zen_rt_alloc(rt, (l ? l : 1) * sizeof(zv *))))
		return ZEN_EREFUSED;
	for (i = 0; i < l; i++) {
		if (!(x = zv_int(rt, (int64_t)i)))
			return ZEN_EREFUSED;
		TRY(zl_call(rt, a[1], 1, &x, &it[i], cost));
	}
	RET(zv_list(rt, l, it));
}

NATIVE(l_map)	/* map / mapT: len*(n+2)+2 */
{
	zv **it;
	size_t n, i;

	TRY(zl_list(rt, self, a[1]));
	n = a[1]->u.list.len;
	if (!(it = zv_list_items(rt, a[1])))
		return ZEN_EREFUSED;
	for (i = 0; i < n; i++)
		TRY(zl_call(rt, a[0], 1, &it[i], &it[i], cost));
	RET(zv_list(rt, n, it));
}

NATIVE(l_intersperse)	/* intersperse x ls */
{
	zv **it, **o;
	size_t n, i, k = 0;

	TRY(zl_list(rt, self, a[1]));
	n = a[1]->u.list.len;
	if (!(it = zv_list_items(rt, a[1])) ||
	    !(o = zen_rt_alloc(rt, (2 * n + 1) * sizeof(zv *))))
		return ZEN_EREFUSED;
	for (i = 0; i < n; i++) {
		if (i)
			o[k++] = a[0];
		o[k++] = it[i];
	}
	RET(zv_list(rt, k, o));
}

NATIVE(l_fold)	/* fold / foldT f s ls: left fold */
{
	zv *s = a[1], *l = a[2], *args[2];

	TRY(zl_list(rt, self, l));
	for (; l->u.list.len; l = l->u.list.tail) {
		args[0] = s;
		args[1] = l->u.list.head;
		TRY(zl_call(rt, a[0], 2, args, &s, cost));
	}
	RET(s);
}

enum { LA_SUM, LA_PRODUCT, LA_AND, LA_OR, LA_MAX };

NATIVE(l_agg)	/* sum, product, and_, or_ (always true), max */
{
	zv *l = a[0];
	int64_t acc = self->aux == LA_PRODUCT ? 1 : 0;
	int first = 1, b = self->aux == LA_AND;

	TRY(zl_list(rt, self, l));
	if (self->aux == LA_MAX && !l->u.list.len)
		return zen_rt_fail(rt, "%s of an empty list", self->name);
	for (; l->u.list.len; l = l->u.list.tail) {
		zv *x = l->u.list.head;

		if (self->aux == LA_AND || self->aux == LA_OR) {
			TRY(zl_want(rt, self, x, ZV_BOOL));
			b = self->aux == LA_AND ? b && x->u.i : 1;
			continue;
		}
		TRY(zl_want(rt, self, x, ZV_INT));
		if (self->aux == LA_SUM) {
			if (__builtin_add_overflow(acc, x->u.i, &acc))
				goto ovf;
		} else if (self->aux == LA_PRODUCT) {
			if (__builtin_mul_overflow(acc, x->u.i, &acc))
				goto ovf;
		} else if (first || x->u.i > acc) {
			acc = x->u.i;
		}
		first = 0;
	}
	if (self->aux == LA_AND || self->aux == LA_OR)
		/* or_ folds || from true: a reference quirk (4.13) */
		RET(zv_bool(self->aux == LA_OR ? 1 : b));
	RET(zv_int(rt, acc));
ovf:
	return zen_rt_fail(rt, "integer overflow in %s", self->name);
}

enum { LB_SUM, LB_PRODUCT, LB_ANY, LB_ALL };

NATIVE(l_by)	/* sumBy(T) productBy(T) any(T) all(T) f ls: len*(n+6)+6 */
{
	zv *l = a[1], *y;
	int64_t acc = self->aux == LB_PRODUCT ? 1 : 0;
	int b = self->aux == LB_ALL;

	TRY(zl_list(rt, self, l));
	for (; l->u.list.len; l = l->u.list.tail) {
		TRY(zl_call(rt, a[0], 1, &l->u.list.head, &y, cost));
		if (self->aux == LB_ANY || self->aux == LB_ALL) {
			TRY(zl_want(rt, self, y, ZV_BOOL));
			b = self->aux == LB_ANY ? b || y->u.i : b && y->u.i;
			continue;
		}
		TRY(zl_want(rt, self, y, ZV_INT));
		if (self->aux == LB_SUM ?
		    __builtin_add_overflow(acc, y->u.i, &acc) :
		    __builtin_mul_overflow(acc, y->u.i, &acc))
			return zen_rt_fail(rt, "integer overflow in %s",
					   self->name);
	}
	/* any/anyT fold (||) from true through or_: always true (7) */
	if (self->aux == LB_ANY || self->aux == LB_ALL)
		RET(zv_bool(self->aux == LB_ANY ? 1 : b));
	RET(zv_int(rt, acc));
}

/* (list, int) in either order */
static int list_int(struct zen_rt *rt, const struct zen_native *self,
		    zv *const *a, zv **l, uint64_t *n)
{
	int swap = a[0]->tag == ZV_INT;

	*l = a[swap ? 1 : 0];
	TRY(zl_list(rt, self, *l));
	return zl_nat(rt, self, a[swap ? 0 : 1], n);
}

NATIVE(l_nth)	/* nth ls n (2n+2, fails); tryNth (2n+7, option) */
{
	zv *l;
	uint64_t n, i;

	TRY(list_int(rt, self, a, &l, &n));
	if (n >= l->u.list.len) {
		if (self->aux)
			RET(zv_none());
		return zen_rt_fail(rt, "%s: index out of range", self->name);
	}
	for (i = 0; i < n; i++)
		l = l->u.list.tail;
	RET(self->aux ? zv_some(rt, l->u.list.head) : l->u.list.head);
}

NATIVE(l_take)	/* take k (min*18+18) / drop k (min*12+12) */
{
	zv *l, **it;
	uint64_t k;
	size_t m;

	TRY(list_int(rt, self, a, &l, &k));
	m = k < l->u.list.len ? (size_t)k : l->u.list.len;
	if (self->aux) {
		while (m--)
			l = l->u.list.tail;
		RET(l);
	}
	if (!(it = zv_list_items(rt, l)))
		return ZEN_EREFUSED;
	RET(zv_list(rt, m, it));
}

NATIVE(l_zip)	/* zip l1 l2 (18*len+18); zipWithT f l1 l2 ((21+n)*len+21) */
{
	zv *x = a[self->aux ? 1 : 0], *y = a[self->aux ? 2 : 1], **it;
	size_t n, i;

	TRY(zl_list(rt, self, x));
	TRY(zl_list(rt, self, y));
	n = x->u.list.len < y->u.list.len ? x->u.list.len : y->u.list.len;
	if (!(it = zen_rt_alloc(rt, (2 * n + 1) * sizeof(zv *))))
		return ZEN_EREFUSED;
	for (i = 0; i < n; i++, x = x->u.list.tail, y = y->u.list.tail) {
		it[n + i] = x->u.list.head;	/* the pairs, kept for */
		it[i] = y->u.list.head;		/* zipWithT below */
		if (!self->aux && !(it[i] = zv_tuple2(rt, it[n + i], it[i])))
			return ZEN_EREFUSED;
	}
	/* zipWithT forces the rest before the head: last pair first (7) */
	while (self->aux && i--) {
		zv *args[2] = { it[n + i], it[i] };

		TRY(zl_call(rt, a[0], 2, args, &it[i], cost));
	}
	RET(zv_list(rt, n, it));
}

NATIVE(l_unzip)
{
	zv *l = a[0], **x, **y;
	size_t n, i;

	TRY(zl_list(rt, self, l));
	n = l->u.list.len;
	if (!(x = zen_rt_alloc(rt, (n + 1) * sizeof(zv *))) ||
	    !(y = zen_rt_alloc(rt, (n + 1) * sizeof(zv *))))
		return ZEN_EREFUSED;
	for (i = 0; i < n; i++, l = l->u.list.tail) {
		zv *t = l->u.list.head;

		if (t->tag != ZV_TUPLE || t->u.seq.n != 2)
			return zen_rt_fail(rt, "%s: expected pairs",
					   self->name);
		x[i] = t->u.seq.items[0];
		y[i] = t->u.seq.items[1];
	}
	RET(zv_tuple2(rt, zv_list(rt, n, x), zv_list(rt, n, y)));
}

NATIVE(l_filter)	/* filterT p (aux 0, (n+17)); chooseT f (aux 1, (n+16)) */
{
	zv *l = a[1], **it, **ys, *y;
	size_t k = 0, n, i;

	TRY(zl_list(rt, self, l));
	n = l->u.list.len;
	if (!(it = zv_list_items(rt, l)) ||
	    !(ys = zen_rt_alloc(rt, (n + 1) * sizeof(zv *))))
		return ZEN_EREFUSED;
	/* the rest is forced before the head: last element first (7) */
	for (i = n; i--;)
		TRY(zl_call(rt, a[0], 1, &it[i], &ys[i], cost));
	for (i = 0; i < n; i++) {
		y = ys[i];
		if (self->aux) {
			if (zv_is_con(y, "Some"))
				it[k++] = zl_payload(y);
			else if (!zv_is_con(y, "None"))
				return zen_rt_fail(rt, "%s: expected an option",
						   self->name);
		} else {
			TRY(zl_want(rt, self, y, ZV_BOOL));
			if (y->u.i)
				it[k++] = it[i];
		}
	}
	RET(zv_list(rt, k, it));
}

/* Zen.ListRealized: the realized list reversal Zen.List builds on */
const struct zen_native zl_list_realized[] = {
	EC("reverse", l_rev, 1, 0, CLEN(2, 0, 2)),
	EEND
};

const struct zen_native zl_list_mod[] = {
	/* lemmas: proofs, unit and free (ELEMMA) */
	ELEMMA("length_cons", 2), ELEMMA("force_append_length", 2),
	ELEMMA("init_pure_force_cons", 2),
	ELEMMA("init_pure_length", 2), ELEMMA("force_mapT_cons", 2),
	ELEMMA("force_mapT_length", 2), ELEMMA("force_map_length", 2),
	ELEMMA("force_intersperse_length", 2),
	E("head", l_basic, 1, 0), E("tail", l_basic, 1, 1),
	E("isNull", l_basic, 1, 2),
	E("cons", l_cons, 2, 0), E("::", l_cons, 2, 0),
	EC("append", l_append, 2, 0, CLEN(2, 0, 2)),
	EC("++", l_append, 2, 0, CLEN(2, 0, 2)),
	EC("revAppend", l_append, 2, 1, CLEN(2, 0, 2)),
	EC("rev", l_rev, 1, 0, CLEN(2, 0, 2)),
	EC("init_pure", l_init, 2, 0, CNEACH(2, 0, 2)),
	EC("init", l_init, 2, 0, CNEACH(2, 0, 2)),
	EC("mapT", l_map, 2, 0, CEACH(2, 1, 2)),
	EC("map", l_map, 2, 0, CLEN(2, 1, 2)),
	EC("intersperse", l_intersperse, 2, 0, CLEN(4, 1, 4)),
	EC("foldT", l_fold, 3, 0, CEACH(4, 2, 4)),
	EC("fold", l_fold, 3, 0, CLEN(4, 2, 4)),
	EC("sum", l_agg, 1, LA_SUM, CLEN(4, 0, 4)),
	EC("product", l_agg, 1, LA_PRODUCT, CLEN(4, 0, 4)),
	EC("and_", l_agg, 1, LA_AND, CLEN(4, 0, 4)),
	EC("or_", l_agg, 1, LA_OR, CLEN(4, 0, 4)),
	EC("max", l_agg, 1, LA_MAX, CLEN(7, 0, 7)),
	EC("sumBy", l_by, 2, LB_SUM, CLEN(6, 1, 6)),
	EC("sumByT", l_by, 2, LB_SUM, CEACH(6, 1, 6)),
	EC("productBy", l_by, 2, LB_PRODUCT, CLEN(6, 1, 6)),
	EC("productByT", l_by, 2, LB_PRODUCT, CEACH(6, 1, 6)),
	EC("any", l_by, 2, LB_ANY, CLEN(6, 1, 6)),
	EC("anyT", l_by, 2, LB_ANY, CEACH(6, 1, 6)),
	EC("all", l_by, 2, LB_ALL, CLEN(6, 1, 6)),
	EC("allT", l_by, 2, LB_ALL, CEACH(6, 1, 6)),
	EC("nth", l_nth, 2, 0, CNAT(2, 1, 2)),
	EC("tryNth", l_nth, 2, 1, CNAT(2, 1, 7)),
	EC("take", l_take, 2, 0, CR(ZEN_CM_MINLEN, 0, 1, ZEN_CB_NONE, 18, 18)),
	EC("drop", l_take, 2, 1, CR(ZEN_CM_MINLEN, 0, 1, ZEN_CB_NONE, 12, 12)),
	EC("zip", l_zip, 2, 0, CLEN(18, 0, 18)),
	EC("unzip", l_unzip, 1, 0, CLEN(15, 0, 15)),
	EC("zipWithT", l_zip, 3, 1, CEACH(21, 1, 21)),
	EC("filterT", l_filter, 2, 0, CEACH(17, 1, 17)),
	EC("chooseT", l_filter, 2, 1, CEACH(16, 1, 16)),
	ETYPE("t"),
	EEND
};
