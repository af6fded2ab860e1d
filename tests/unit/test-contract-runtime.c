/*
 * Unit tests of the contract runtime: values, the cost monad, the Zulib
 * natives and the boundary conversions.  A tiny fake evaluator provides
 * closures backed by C functions.
 */
#include <stdlib.h>
#include <string.h>

#include "core/contract/zulib_int.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"
#include "tap.h"

static struct zen_rt RT;
static struct zen_rt *rt = &RT;

/* ---- fake evaluator: closure code = struct cfun ---- */

typedef int (*cfun_fn)(zv *const *args, zv **out);
struct cfun {
	cfun_fn fn;
};

static int fake_apply(void *ctx, struct zen_rt *r, zv *fn, zv *arg, zv **out)
{
	zv *c = zv_closure_push(r, fn, arg);
	const struct cfun *cf = fn->u.clo.code;

	(void)ctx;
	if (!c)
		return ZEN_EREFUSED;
	if (c->u.clo.n < c->u.clo.arity) {
		*out = c;
		return 0;
	}
	return cf->fn(c->u.clo.args, out);
}

static zv *clo(const struct cfun *f, size_t arity)
{
	return zv_closure(rt, (void *)f, NULL, arity);
}

/* closures used by tests */
static int f_inc_ret(zv *const *a, zv **out)	/* x -> ret (x + 1), cost 3 */
{
	*out = zen_cost_ret_k(rt, zv_int(rt, a[0]->u.i + 1), 3);
	return 0;
}
static const struct cfun F_INC_RET = { f_inc_ret };

static const struct cfun F_CHAIN;
static int f_chain(zv *const *a, zv **out)	/* x -> ret x+1 >>= chain */
{
	zv *x = zv_int(rt, a[0]->u.i + 1);

	if (a[0]->u.i >= 100000) {
		*out = zen_cost_ret(rt, a[0]);
		return 0;
	}
	*out = zen_cost_bind(rt, zen_cost_ret_k(rt, x, 3),
			     zv_closure(rt, (void *)&F_CHAIN, NULL, 1));
	return 0;
}
static const struct cfun F_CHAIN = { f_chain };

static int f_double(zv *const *a, zv **out)	/* plain x -> 2x */
{
	*out = zv_int(rt, a[0]->u.i * 2);
	return 0;
}
static const struct cfun F_DOUBLE = { f_double };

static int f_fail(zv *const *a, zv **out)	/* always fails */
{
	(void)a;
	(void)out;
	return zen_rt_fail(rt, "boom");
}
static const struct cfun F_FAIL = { f_fail };

static int f_add2(zv *const *a, zv **out)	/* x y -> ret (x + y) */
{
	*out = zen_cost_ret(rt, zv_int(rt, a[0]->u.i + a[1]->u.i));
	return 0;
}
static const struct cfun F_ADD2 = { f_add2 };

static int f_some_if_pos(zv *const *a, zv **out)	/* optionT */
{
	*out = zen_cost_ret_k(rt, a[0]->u.i > 0 ? zv_some(rt, a[0])
						 : zv_none(), 2);
	return 0;
}
static const struct cfun F_SOME_POS = { f_some_if_pos };

static int f_fold_keys(zv *const *a, zv **out)	/* s k v -> ret (s ^ k) */
{
	size_t n = a[0]->u.bytes.len + a[1]->u.bytes.len;
	char *b = malloc(n + 1);

	memcpy(b, a[0]->u.bytes.p, a[0]->u.bytes.len);
	memcpy(b + a[0]->u.bytes.len, a[1]->u.bytes.p, a[1]->u.bytes.len);
	*out = zen_cost_ret_k(rt, zv_bytes(rt, b, n), 1);
	free(b);
	return 0;
}
static const struct cfun F_FOLD_KEYS = { f_fold_keys };

/* ---- helpers ---- */

static const struct zen_native *N(const char *mod, const char *name)
{
	const struct zen_native *e = zen_zulib_get(mod, name);

	if (!e) {
		tap_diag("missing %s.%s", mod, name);
		abort();
	}
	return e;
}

static zv *nv(const char *mod, const char *name)
{
	zv *v;

	if (zen_native_value(rt, N(mod, name), &v))
		abort();
	return v;
}

/* call and return the value (NULL on error); forces cost results */
static zv *call(const char *mod, const char *name, size_t n, ...)
{
	zv *args[8], *v;
	va_list ap;
	size_t i;

	va_start(ap, n);
	for (i = 0; i < n; i++)
		args[i] = va_arg(ap, zv *);
	va_end(ap);
	rt->err.code = ZEN_OK;
	if (zen_apply_n(rt, nv(mod, name), n, args, &v))
		return NULL;
	if (v->tag == ZV_COST && zen_force(rt, v, &v, NULL))
		return NULL;
	return v;
}

static uint64_t last_cost(const char *mod, const char *name, size_t n,
			  zv *a0, zv *a1, zv *a2)
{
	zv *args[3] = { a0, a1, a2 }, *v, *x;
	uint64_t c = 0;

	rt->err.code = ZEN_OK;
	if (zen_apply_n(rt, nv(mod, name), n, args, &v) ||
	    zen_force(rt, v, &x, &c))
		return UINT64_MAX;
	return c;
}

static zv *I(int64_t i) { return zv_int(rt, i); }
static zv *U64(uint64_t x) { return zv_u64(rt, x); }
static zv *U32(uint32_t x) { return zv_u32(rt, x); }
static zv *S(const char *s) { return zv_str(rt, s); }

static int is_int(zv *v, int64_t i) { return v && v->tag == ZV_INT && v->u.i == i; }
static int is_u(zv *v, int tag, uint64_t x)
{
	return v && v->tag == tag && v->u.u == x;
}
static int is_bool(zv *v, int b) { return v && v->tag == ZV_BOOL && v->u.i == b; }
static int failed(zv *v, const char *msg)
{
	return !v && rt->err.code == ZEN_EREFUSED &&
	       (!msg || strstr(rt->err.msg, msg));
}

/* ---- tests ---- */

static void test_prims(void)
{
	tap_ok(is_int(call("Prims", "+", 2, I(2), I(3)), 5), "2 + 3");
	tap_ok(failed(call("Prims", "+", 2, I(INT64_MAX), I(1)), "overflow"),
	       "int + overflows");
	tap_ok(failed(call("Prims", "*", 2, I(INT64_MIN), I(-1)), "overflow"),
	       "int * overflows");
	tap_ok(failed(call("Prims", "-", 2, I(INT64_MIN), I(1)), "overflow"),
	       "int - overflows");
	tap_ok(is_int(call("Prims", "/", 2, I(-7), I(2)), -4),
	       "-7 / 2 = -4 (Euclidean)");
	tap_ok(is_int(call("Prims", "/", 2, I(7), I(-2)), -3),
	       "7 / -2 = -3 (Euclidean)");
	tap_ok(is_int(call("Prims", "/", 2, I(-7), I(-2)), 4),
	       "-7 / -2 = 4 (Euclidean)");
	tap_ok(is_int(call("Prims", "%", 2, I(-7), I(2)), -1),
	       "-7 %% 2 = -1 (sign of dividend)");
	tap_ok(is_int(call("Prims", "%", 2, I(7), I(-2)), 1), "7 %% -2 = 1");
	tap_ok(failed(call("Prims", "/", 2, I(1), I(0)), "division by zero"),
	       "int / 0 fails");
	tap_ok(failed(call("Prims", "%", 2, I(1), I(0)), "division by zero"),
	       "int %% 0 fails");
	tap_ok(is_bool(call("Prims", "<=", 2, I(3), I(3)), 1), "3 <= 3");
	tap_ok(is_int(call("Prims", "~-", 1, I(5)), -5), "unary minus");
	tap_ok(is_int(call("Prims", "abs", 1, I(-5)), 5), "abs");
	tap_ok(is_int(call("Prims", "min", 2, I(-5), I(2)), -5), "min");
	tap_ok(is_int(call("Prims", "pow2", 1, I(10)), 1024), "pow2 10");
	tap_ok(call("Prims", "+", 2, zv_erased(), I(1))->tag == ZV_ERASED,
	       "arithmetic on an erased token stays erased");
	tap_ok(is_bool(call("Prims", "&&", 2, zv_bool(1), zv_bool(0)), 0),
	       "&&");
	tap_ok(N("Prims", "&&")->flags & ZEN_NATIVE_SHORT,
	       "&& is marked short-circuit");
	tap_ok(is_int(call("Prims", "length", 1,
			   zv_cons(rt, I(1), zv_cons(rt, I(2), zv_nil()))), 2),
	       "length of a list (cached)");
	tap_ok(is_int(call("FStar.Pervasives.Native", "snd", 1,
			   zv_tuple2(rt, I(1), I(2))), 2), "snd");
	tap_ok(zv_is_con(call("FStar.Pervasives.Native", "Some", 1, I(1)),
			 "Some"), "Some constructor");
	tap_ok(nv("Prims", "nat")->tag == ZV_ERASED, "nat is an erased token");
}

static void test_equality(void)
{
	zv *a = zv_some(rt, zv_tuple2(rt, S("ab"), zv_list(rt, 0, NULL)));
	zv *b = zv_some(rt, zv_tuple2(rt, S("ab"), zv_nil()));
	zv *c = zv_some(rt, zv_tuple2(rt, S("ac"), zv_nil()));
	const char *n1[] = { "x", "y" }, *n2[] = { "y", "x" };
	zv *v1[] = { I(1), I(2) }, *v2[] = { I(2), I(1) };
	zv *arr[] = { zv_u8(rt, 'a'), zv_u8(rt, 'b') };

	tap_ok(zv_equal(rt, a, b) == 1, "deep equality of equal values");
	tap_ok(zv_equal(rt, a, c) == 0, "deep equality sees byte content");
	tap_ok(zv_equal(rt, zv_record(rt, 2, n1, v1),
			zv_record(rt, 2, n2, v2)) == 1,
	       "records compare by field, not order");
	tap_ok(zv_equal(rt, S("ab"), zv_array(rt, 2, arr)) == 1,
	       "bytes equal an array of the same U8 values");
	tap_ok(zv_equal(rt, U64(1), U32(1)) == 0, "U64 1 <> U32 1");
	tap_ok(is_bool(call("Prims", "<>", 2, zv_none(), zv_some(rt, I(1))), 1),
	       "None <> Some 1");
	tap_ok(is_bool(call("Prims", "=", 2, zv_none(), zv_none()), 1),
	       "None = None");
}

static void test_machine(void)
{
	tap_ok(is_u(call("FStar.UInt64", "+%^", 2, U64(UINT64_MAX), U64(2)),
		    ZV_U64, 1), "U64 +%%^ wraps");
	tap_ok(is_u(call("FStar.UInt64", "+^", 2, U64(UINT64_MAX), U64(2)),
		    ZV_U64, 1), "U64 +^ wraps (realized)");
	tap_ok(is_u(call("FStar.UInt8", "+^", 2, zv_u8(rt, 250), zv_u8(rt, 10)),
		    ZV_U8, 4), "U8 +^ wraps at 256");
	tap_ok(is_u(call("FStar.UInt32", "-%^", 2, U32(0), U32(1)), ZV_U32,
		    UINT32_MAX), "U32 -%%^ wraps");
	tap_ok(zv_is_con(call("FStar.UInt64", "+?^", 2, U64(UINT64_MAX),
			      U64(1)), "None"), "U64 +?^ overflow is None");
	tap_ok(zv_is_con(call("FStar.UInt32", "*?^", 2, U32(70000),
			      U32(70000)), "None"), "U32 *?^ overflow is None");
	tap_ok(failed(call("FStar.UInt64", "/^", 2, U64(1), U64(0)),
		      "division by zero"), "U64 /^ 0 fails");
	tap_ok(failed(call("FStar.UInt32", "%^", 2, U32(1), U32(0)),
		      "division by zero"), "U32 %%^ 0 fails");
	tap_ok(is_u(call("FStar.UInt32", "rem", 2, U32(17), U32(5)), ZV_U32, 2),
	       "U32.rem");
	tap_ok(is_u(call("FStar.UInt64", "/^", 2, U64(17), U64(5)), ZV_U64, 3),
	       "U64 /^");
	tap_ok(is_int(call("FStar.UInt64", "v", 1, U64(1ull << 62)),
		      (int64_t)1 << 62), "U64.v in range");
	tap_ok(failed(call("FStar.UInt64", "v", 1, U64(1ull << 63)), "fit"),
	       "U64.v >= 2^63 fails");
	tap_ok(is_u(call("FStar.UInt32", "uint_to_t", 1, I(7)), ZV_U32, 7),
	       "U32.uint_to_t");
	tap_ok(failed(call("FStar.UInt32", "uint_to_t", 1, I(1ll << 32)),
		      "out of range"), "U32.uint_to_t 2^32 fails");
	tap_ok(failed(call("FStar.UInt8", "uint_to_t", 1, I(-1)),
		      "out of range"), "U8.uint_to_t -1 fails");
	tap_ok(is_u(call("FStar.Int64", "/^", 2, zv_i64(rt, -7),
			 zv_i64(rt, 2)), ZV_I64, (uint64_t)-3),
	       "I64 /^ truncates");
	tap_ok(failed(call("FStar.Int64", "/^", 2, zv_i64(rt, INT64_MIN),
			   zv_i64(rt, -1)), "overflow"), "I64 MIN /^ -1 fails");
	tap_ok(is_bool(call("FStar.Int64", "<^", 2, zv_i64(rt, -1),
			    zv_i64(rt, 0)), 1), "I64 <^ is signed");
	tap_ok(is_bool(call("FStar.UInt64", ">=^", 2, U64(3), U64(3)), 1),
	       "U64 >=^");
	{
		zv *s = call("FStar.UInt64", "to_string", 1, U64(UINT64_MAX));

		tap_ok(s && s->u.bytes.len == 20 &&
		       !memcmp(s->u.bytes.p, "18446744073709551615", 20),
		       "U64.to_string");
	}
	tap_ok(is_u(zl_payload(call("FStar.UInt32", "of_string", 1,
				    S("4294967295"))), ZV_U32, UINT32_MAX),
	       "U32.of_string max");
	tap_ok(zv_is_con(call("FStar.UInt32", "of_string", 1, S("4294967296")),
			 "None"), "U32.of_string overflow is None");
	tap_ok(zv_is_con(call("FStar.UInt32", "of_string", 1, S("1a")),
			 "None"), "U32.of_string bad digit is None");
	tap_ok(is_int(call("FStar.String", "length", 1, S("abc")), 3),
	       "String.length");
	tap_ok(is_u(call("FStar.Char", "uppercase", 1, zv_u8(rt, 'q')), ZV_U8,
		    'Q'), "Char.uppercase");
}

/* forced m: value int want_v, cost want_c, flags exact / over */
static int adj_is(zv *m, int64_t want_v, uint64_t want_c, int exact, int over)
{
	zv *v;
	uint64_t c;

	return m && !zen_force(rt, m, &v, &c) && is_int(v, want_v) &&
	       c == want_c && m->u.cost->exact == exact &&
	       m->u.cost->over == over;
}

/*
 * zen_cost_adjust (value.h COST VALUES): c -> c + add, or
 * max(c + add, floor) when padded; over when c + add > least.
 */
static void test_cost_adjust(zv *clo_inc)
{
	struct zv_cost_adj add4 = { 4, 0, UINT64_MAX, 0, 0 };
	struct zv_cost_adj pad10 = { 2, 10, 10, 1, 0 };
	struct zv_cost_adj pad5 = { 0, 5, 5, 1, 0 };
	struct zv_cost_adj one = { 1, 0, UINT64_MAX, 0, 0 };
	zv *m, *over, *b, *inexact;
	int i;

	/* ret_k 1 at 3, + 4: 7 */
	tap_ok(adj_is(zen_cost_adjust(rt, zen_cost_ret_k(rt, I(1), 3), &add4),
		      1, 7, 1, 0), "adjust: add 4 to 3 = 7");
	/* 3 + 2 = 5 <= 10: padded to 10 */
	tap_ok(adj_is(zen_cost_adjust(rt, zen_cost_ret_k(rt, I(1), 3), &pad10),
		      1, 10, 1, 0), "adjust: 3 + 2 padded to 10");
	/* 9 + 2 = 11 > 10: kept, over */
	over = zen_cost_adjust(rt, zen_cost_ret_k(rt, I(1), 9), &pad10);
	tap_ok(adj_is(over, 1, 11, 1, 1), "adjust: 9 + 2 > 10 is kept, over");
	/* inc with an erased (skipped) amount is not exact: 0 + 0; padded
	 * to 5 it is exact again (its declared cost) */
	zen_apply2(rt, nv("Zen.Cost", "inc"), zv_erased(),
		   zen_cost_ret(rt, I(1)), &inexact);
	tap_ok(adj_is(inexact, 1, 0, 0, 0), "inc of an erased amount: "
	       "inexact");
	zen_apply2(rt, nv("Zen.Cost", "inc"), zv_erased(),
		   zen_cost_ret(rt, I(1)), &inexact);
	tap_ok(adj_is(zen_cost_adjust(rt, inexact, &pad5), 1, 5, 1, 0),
	       "padding makes it exact (5)");
	/* over is sticky: a Cost bind after it (11 + 3), an OptT bind
	 * through a native that forces it (zl_force) */
	b = zen_cost_bind(rt, over, clo_inc);
	tap_ok(adj_is(b, 2, 14, 1, 1), "over passes through a Cost bind");
	m = zen_cost_adjust(rt, zen_cost_ret_k(rt, zv_some(rt, I(5)), 9),
			    &pad10);
	zen_apply2(rt, nv("Zen.OptionT", ">>="), m, clo(&F_SOME_POS, 1), &b);
	{
		zv *v;
		uint64_t c;

		/* 11 + F_SOME_POS's 2 */
		tap_ok(b && !zen_force(rt, b, &v, &c) &&
		       zv_is_con(v, "Some") && c == 13 && b->u.cost->over,
		       "over passes through OptT >>= (a native forcing it)");
	}
	/* nested adjustments are forced in a loop */
	m = zen_cost_ret(rt, I(3));
	for (i = 0; i < 100000; i++)
		m = zen_cost_adjust(rt, m, &one);
	tap_ok(adj_is(m, 3, 100000, 1, 0) && rt->depth == 0,
	       "100000 nested adjustments: cost 100000, no recursion");
}

static void test_cost(void)
{
	zv *m, *v, *b, *clo_inc = clo(&F_INC_RET, 1);
	uint64_t c;
	int i;

	/* ret has cost 0; inc adds k; bind adds both sides */
	m = zen_cost_ret(rt, I(1));
	tap_ok(zen_cost_forced(m), "ret is already forced");
	zen_apply2(rt, nv("Zen.Cost", "inc"), I(5), m, &v);
	tap_ok(!zen_cost_forced(v), "inc builds a thunk");
	tap_ok(!zen_force(rt, v, &b, &c) && is_int(b, 1) && c == 5,
	       "inc 5 (ret 1) = 1 at cost 5");
	zen_apply2(rt, nv("Zen.Cost", ">>="), v, clo_inc, &b);
	tap_ok(!zen_force(rt, b, &v, &c) && is_int(v, 2) && c == 8,
	       "inc 5 (ret 1) >>= (+1 at 3): value 2, cost 8");
	/* left-nested binds recurse (bounded) */
	m = zen_cost_ret(rt, I(0));
	for (i = 0; i < 1000; i++)
		m = zen_cost_bind(rt, m, clo_inc);
	tap_ok(!zen_force(rt, m, &v, &c) && is_int(v, 1000) && c == 3000,
	       "1000 left-nested binds: value 1000, cost 3000");
	m = zen_cost_ret(rt, I(0));
	for (i = 0; i < 100000; i++)
		m = zen_cost_bind(rt, m, clo_inc);
	tap_ok(zen_force(rt, m, &v, &c) == ZEN_EREFUSED &&
	       strstr(rt->err.msg, "deeply"),
	       "100000 left-nested binds hit the depth limit cleanly");
	rt->err.code = ZEN_OK;
	tap_ok(rt->depth == 0, "depth unwinds after an error");
	/* a long right-nested chain (let! x = .. in let! ..) is a loop */
	zen_apply(rt, clo(&F_CHAIN, 1), I(0), &m);
	tap_ok(!zen_force(rt, m, &v, &c) && is_int(v, 100000) && c == 300000,
	       "100000 right-nested binds: value 100000, cost 300000");
	/* laziness: a failing continuation is not run until forced */
	m = zen_cost_bind(rt, zen_cost_ret(rt, I(1)), clo(&F_FAIL, 1));
	tap_ok(m != NULL, "bind with a failing continuation builds");
	rt->err.code = ZEN_OK;
	tap_ok(zen_force(rt, m, &v, NULL) == ZEN_EREFUSED &&
	       !strcmp(rt->err.msg, "boom"), "forcing it fails cleanly");
	rt->err.code = ZEN_OK;
	/* lazy mask */
	tap_ok(zen_next_param_lazy(nv("Zen.Cost", "inc")),
	       "inc's first parameter is cost-only");
	zen_apply(rt, nv("Zen.Cost", "incRet"), zv_erased(), &v);
	tap_ok(!zen_next_param_lazy(v), "incRet's second parameter is not");
	/* map / bind2 / join */
	zen_apply2(rt, nv("Zen.Cost", "map"), clo(&F_DOUBLE, 1),
		   zen_cost_ret_k(rt, I(4), 2), &m);
	tap_ok(!zen_force(rt, m, &v, &c) && is_int(v, 8) && c == 2,
	       "Cost.map");
	zen_apply3(rt, nv("Zen.Cost", "bind2"), zen_cost_ret_k(rt, I(4), 1),
		   zen_cost_ret_k(rt, I(5), 2), clo(&F_ADD2, 2), &m);
	tap_ok(!zen_force(rt, m, &v, &c) && is_int(v, 9) && c == 3,
	       "Cost.bind2");
	zen_apply(rt, nv("Zen.Cost", "join"),
		  zen_cost_ret_k(rt, zen_cost_ret_k(rt, I(7), 4), 1), &m);
	tap_ok(!zen_force(rt, m, &v, &c) && is_int(v, 7) && c == 5,
	       "Cost.join");
	tap_ok(failed(call("Zen.Cost", "force", 1, m), "not executable"),
	       "Cost.force is not executable");
	test_cost_adjust(clo_inc);
	/* Base */
	tap_ok(is_int(call("Zen.Base", "|>", 2, I(3), clo(&F_DOUBLE, 1)), 6),
	       "x |> f");
	tap_ok(is_int(call("Zen.Base", ">>", 3, clo(&F_DOUBLE, 1),
			   clo(&F_DOUBLE, 1), I(3)), 12), "f >> g");
	tap_ok(is_int(call("Zen.Base", "cast", 2, zv_erased(), I(3)), 3),
	       "cast nat x = x");
	tap_ok(zen_next_param_lazy(nv("Zen.Base", "cast")),
	       "cast's type argument is lazy");
}

static void test_option_result(void)
{
	zv *m, *v, *none_t = zen_cost_ret(rt, zv_none());
	uint64_t c;

	tap_ok(is_int(call("Zen.Option", "maybe", 3, I(0), clo(&F_DOUBLE, 1),
			   zv_some(rt, I(4))), 8), "Option.maybe Some");
	tap_ok(is_int(call("Zen.Option", "maybe", 3, I(0), clo(&F_DOUBLE, 1),
			   zv_none()), 0), "Option.maybe None");
	v = call("Zen.Option", "map", 2, clo(&F_DOUBLE, 1), zv_some(rt, I(2)));
	tap_ok(zv_is_con(v, "Some") && is_int(zl_payload(v), 4), "Option.map");
	v = call("Zen.Result", "map", 2, clo(&F_DOUBLE, 1), zv_err_str(rt, "e"));
	tap_ok(zv_is_con(v, "ERR") && zv_equal(rt, zl_payload(v), S("e")),
	       "Result.map keeps ERR msg");
	v = call("Zen.Result", "ofOption", 2, S("none!"), zv_none());
	tap_ok(zv_is_con(v, "ERR"), "Result.ofOption None");
	/* OptionT */
	zen_apply2(rt, nv("Zen.OptionT", ">>="),
		   zen_cost_ret_k(rt, zv_some(rt, I(5)), 1),
		   clo(&F_SOME_POS, 1), &m);
	tap_ok(!zen_force(rt, m, &v, &c) && zv_is_con(v, "Some") && c == 3,
	       "OptT >>= Some continues (cost 1+2)");
	zen_apply2(rt, nv("Zen.OptionT", ">>="), none_t, clo(&F_FAIL, 1), &m);
	tap_ok(!zen_force(rt, m, &v, &c) && zv_is_con(v, "None"),
	       "OptT >>= None short-circuits");
	v = call("Zen.OptionT", "incSome", 2, I(9), I(1));
	tap_ok(zv_is_con(v, "Some"), "OptT.incSome");
	zen_apply2(rt, nv("Zen.OptionT", "tryMapT"), clo(&F_SOME_POS, 1),
		   zv_list(rt, 2, (zv *[]){ I(1), I(2) }), &m);
	tap_ok(!zen_force(rt, m, &v, &c) && zv_is_con(v, "Some") &&
	       zl_payload(v)->u.list.len == 2 && c == 2 * (2 + 20) + 20,
	       "OptT.tryMapT all Some, cost len*(n+20)+20");
	zen_apply2(rt, nv("Zen.OptionT", "tryMapT"), clo(&F_SOME_POS, 1),
		   zv_list(rt, 2, (zv *[]){ I(1), I(-2) }), &m);
	tap_ok(!zen_force(rt, m, &v, NULL) && zv_is_con(v, "None"),
	       "OptT.tryMapT with a None");
	/* ResultT bind3 laziness: b and c are never forced after ERR */
	{
		zv *errm = zen_cost_ret(rt, zv_err_str(rt, "first"));
		zv *bad, *args[4];

		bad = zen_cost_bind(rt, zen_cost_ret(rt, I(0)), clo(&F_FAIL, 1));
		args[0] = errm;
		args[1] = bad;
		args[2] = bad;
		args[3] = clo(&F_FAIL, 3);
		zen_apply_n(rt, nv("Zen.ResultT", "bind3"), 4, args, &m);
		rt->err.code = ZEN_OK;
		tap_ok(!zen_force(rt, m, &v, NULL) && zv_is_con(v, "ERR") &&
		       zv_equal(rt, zl_payload(v), S("first")),
		       "RT.bind3 ERR a: b and c are not forced");
		tap_ok(!zen_cost_forced(bad), "... b is still unforced");
		args[0] = zen_cost_ret(rt, zv_ok(rt, I(1)));
		zen_apply_n(rt, nv("Zen.ResultT", "bind3"), 4, args, &m);
		tap_ok(zen_force(rt, m, &v, NULL) == ZEN_EREFUSED,
		       "RT.bind3 OK a: b is forced and its failure surfaces");
		rt->err.code = ZEN_OK;
	}
	v = call("Zen.ResultT", "ofOptionT", 2, S("m"), none_t);
	tap_ok(zv_is_con(v, "ERR"), "RT.ofOptionT None -> ERR");
	v = call("Zen.ResultT", "incFailw", 2, I(3), S("bad"));
	tap_ok(zv_is_con(v, "ERR"), "RT.incFailw");
}

static void test_data_dict(void)
{
	zv *d = zv_dict_empty(), *v, *body;
	uint64_t c;

	d = call("Zen.Dictionary", "add", 3, S("bb"), I(1), d);
	d = call("Zen.Dictionary", "add", 3, S("a"), I(2), d);
	d = call("Zen.Dictionary", "add", 3, S("ab"), I(3), d);
	d = call("Zen.Dictionary", "add", 3, S("c"), I(4), d);
	d = call("Zen.Dictionary", "add", 3, S("a"), I(5), d);
	tap_ok(is_int(call("Zen.Dictionary", "size", 1, d), 4),
	       "dict size counts keys once");
	tap_ok(d->u.dict.e[0].klen == 1 && d->u.dict.e[0].key[0] == 'a' &&
	       d->u.dict.e[1].key[0] == 'c' && d->u.dict.e[2].key[0] == 'a' &&
	       d->u.dict.e[3].key[0] == 'b', "shortlex order: a c ab bb");
	v = call("Zen.Dictionary", "tryFind", 2, S("a"), d);
	tap_ok(zv_is_con(v, "Some") && is_int(zl_payload(v), 5),
	       "add replaces");
	tap_ok(is_bool(call("Zen.Dictionary", "containsKey", 2, S("zz"), d), 0),
	       "containsKey missing");
	v = call("Zen.Dictionary", "remove", 2, S("ab"), d);
	tap_ok(is_int(call("Zen.Dictionary", "size", 1, v), 3), "remove");
	v = call("Zen.Dictionary", "remove", 2, S("nope"), v);
	tap_ok(is_int(call("Zen.Dictionary", "size", 1, v), 3),
	       "remove missing keeps size");
	tap_ok(last_cost("Zen.Dictionary", "foldT", 3, clo(&F_FOLD_KEYS, 3),
			 S(""), d) == 4 * (1 + 4) + 4,
	       "Dict.foldT cost size*(n+4)+4");
	v = call("Zen.Dictionary", "foldT", 3, clo(&F_FOLD_KEYS, 3), S(""), d);
	tap_ok(v && v->u.bytes.len == 6 && !memcmp(v->u.bytes.p, "acabbb", 6),
	       "Dict.foldT in key order");
	/* the parsing idiom: body >!= tryDict >?= tryFind "k" >?= tryU64 */
	{
		zv *k, *m1, *m2, *f_find;

		d = call("Zen.Dictionary", "add", 3, S("amount"),
			 zv_con1(rt, "U64", U64(42)), zv_dict_empty());
		body = zv_some(rt, zv_con1(rt, "Collection",
					   zv_con1(rt, "Dict", d)));
		zen_apply2(rt, nv("Zen.Data", ">!="), body,
			   nv("Zen.Data", "tryDict"), &m1);
		zen_apply(rt, nv("Zen.Dictionary", "tryFind"), S("amount"),
			  &f_find);
		zen_apply2(rt, nv("Zen.Data", ">?="), m1, f_find, &m2);
		zen_apply2(rt, nv("Zen.Data", ">?="), m2,
			   nv("Zen.Data", "tryU64"), &k);
		tap_ok(!zen_force(rt, k, &v, &c) && zv_is_con(v, "Some") &&
		       is_u(zl_payload(v), ZV_U64, 42) && c == 70,
		       "Data parsing idiom gives Some 42 at cost 70");
		v = call("Zen.Data", "tryU32", 1, zv_con1(rt, "U64", U64(1)));
		tap_ok(zv_is_con(v, "None"), "tryU32 on U64 data is None");
	}
}

static uint8_t H1[32] = { 1 }, H2[32] = { 2 };

static zv *cidv(const uint8_t *h)
{
	return zv_tuple2(rt, U32(0), zv_bytes(rt, h, 32));
}

static zv *pointed_out(const uint8_t *txh, uint32_t idx, zv *asset,
		       uint64_t amt, zv *cid)
{
	const char *of[] = { "txHash", "index" }, *sf[] = { "asset", "amount" },
		   *outf[] = { "lock", "spend" };
	zv *op = zv_record(rt, 2, of, (zv *[]){ zv_bytes(rt, txh, 32),
						U32(idx) });
	zv *sp = zv_record(rt, 2, sf, (zv *[]){ asset, U64(amt) });
	zv *o = zv_record(rt, 2, outf, (zv *[]){
		zv_con1(rt, "ContractLock", cid), sp });

	return zv_tuple2(rt, op, o);
}

static void test_txskel(void)
{
	zv *cid = cidv(H1), *asset, *tx, *v, *zen, *w;
	struct zen_skel s;
	uint8_t key[68];

	zen = call("Zen.Asset", "zenAsset", 0);
	if (!zen)
		zen_native_value(rt, N("Zen.Asset", "zenAsset"), &zen);
	asset = call("Zen.Asset", "getDefault", 1, cid);
	tap_ok(asset && zv_asset_key(rt, asset, key) == 0 &&
	       !memcmp(key + 4, H1, 32), "getDefault (v, h, zero)");
	tx = zl_skel_empty(rt);
	tx = call("Zen.TxSkeleton", "mint", 3, U64(1000), asset, tx);
	tx = call("Zen.TxSkeleton", "lockToContract", 4, asset, U64(600), cid,
		  tx);
	tap_ok(is_u(call("Zen.TxSkeleton", "getAvailableTokens", 2, asset, tx),
		    ZV_U64, 400), "available = minted - locked");
	tap_ok(is_bool(call("Zen.TxSkeleton", "isValid", 1, tx), 0),
	       "unbalanced skeleton is not valid");
	v = call("Zen.TxSkeleton", "addChangeOutput", 3, asset, cid, tx);
	tap_ok(is_bool(call("Zen.TxSkeleton", "isValid", 1, v), 1),
	       "after addChangeOutput it balances");
	v = call("Zen.TxSkeleton", "addChangeOutput", 3, asset, cid, v);
	tap_ok(v && v->u.skel->n_out == 3,
	       "addChangeOutput adds an output even for 0");
	tap_ok(zv_is_con(call("Zen.TxSkeleton", "safeMint", 3, U64(0), asset,
			      tx), "None"), "safeMint 0 is None");
	v = call("Zen.TxSkeleton", "mint", 3, U64(UINT64_MAX), asset, tx);
	tap_ok(failed(v, "overflow"), "mint overflowing the total fails");
	v = call("Zen.TxSkeleton", "destroy", 3, U64(400), asset, tx);
	tap_ok(is_bool(call("Zen.TxSkeleton", "isValid", 1, v), 1),
	       "destroy balances");
	/* immutability: tx still has 1 output after extensions */
	tap_ok(tx->u.skel->n_out == 1 && tx->u.skel->n_in == 1,
	       "skeletons are immutable values");
	/* fromWallet */
	w = zv_list(rt, 4, (zv *[]){
		pointed_out(H2, 0, asset, 30, cid),
		pointed_out(H2, 1, zen, 500, cid),
		pointed_out(H2, 2, asset, 50, cid),
		pointed_out(H2, 3, asset, 70, cid) });
	tap_ok(is_int(call("Zen.Wallet", "size", 1, w), 4), "Wallet.size");
	v = call("Zen.TxSkeleton", "fromWallet", 5, asset, U64(60), cid, w,
		 zl_skel_empty(rt));
	tap_ok(zv_is_con(v, "Some") && zl_payload(v)->u.skel->n_in == 2 &&
	       zl_payload(v)->u.skel->n_out == 1,
	       "fromWallet 60: takes 30 + 50, change 20");
	tap_ok(is_u(call("Zen.TxSkeleton", "getAvailableTokens", 2, asset,
			 zl_payload(v)), ZV_U64, 60), "... 60 available");
	v = call("Zen.TxSkeleton", "fromWallet", 5, asset, U64(80), cid, w,
		 zl_skel_empty(rt));
	tap_ok(zv_is_con(v, "Some") && zl_payload(v)->u.skel->n_out == 0,
	       "fromWallet exact sum has no change");
	v = call("Zen.TxSkeleton", "fromWallet", 5, asset, U64(151), cid, w,
		 zl_skel_empty(rt));
	tap_ok(zv_is_con(v, "None"), "fromWallet short is None");
	v = call("Zen.TxSkeleton", "fromWallet", 5, asset, U64(0), cid, w,
		 zl_skel_empty(rt));
	tap_ok(zv_is_con(v, "None"), "fromWallet 0 is None");
	tap_ok(last_cost("Zen.TxSkeleton", "getAvailableTokens", 2, asset, tx,
			 NULL) == 64, "getAvailableTokens costs 64");
	/* round trip to a node skeleton */
	zen_skel_init(&s);
	v = call("Zen.TxSkeleton", "fromWallet", 5, asset, U64(60), cid, w,
		 tx);
	tap_ok(zv_to_skel(rt, zl_payload(v), &s) == 0 && s.n_inputs == 3 &&
	       s.inputs[0].is_mint && s.inputs[0].mint.amount == 1000 &&
	       !s.inputs[1].is_mint && s.inputs[1].outpoint.index == 0 &&
	       s.inputs[2].outpoint.index == 2 && s.n_outputs == 2 &&
	       s.outputs[1].spend.amount == 20 &&
	       s.outputs[1].lock.id == ZEN_LOCK_CONTRACT,
	       "txSkeleton -> node skeleton in insertion order");
	{
		zv *back;

		tap_ok(zv_of_skel(rt, &s, &back) == 0 &&
		       zv_equal(rt, back, zl_payload(v)) == 1,
		       "node skeleton -> txSkeleton round trip");
		tap_ok(zv_restricted_wallet(rt, &s, 1, 2,
					    &(struct zen_contract_id){ 0, {1} },
					    &back) == 0 &&
		       back->u.list.len == 2, "restricted wallet");
	}
	zen_skel_release(&s);
	/* Asset / ContractId parsing */
	{
		char hex[137];
		size_t i;

		memset(hex, '0', 136);
		hex[136] = 0;
		v = call("Zen.Asset", "parse", 1, S("00"));
		tap_ok(zv_is_con(v, "Some") && zv_equal(rt, zl_payload(v), zen),
		       "Asset.parse \"00\" is the Zen asset");
		tap_ok(zv_is_con(call("Zen.Asset", "parse", 1, S("0")), "None"),
		       "Asset.parse odd length is None");
		for (i = 0; i < 72; i++)
			hex[i] = "0000000001"[i < 10 ? i : 0];
		hex[9] = '0';
		hex[71] = 'A';
		hex[72] = 0;
		v = call("Zen.ContractId", "parse", 1, S(hex));
		tap_ok(zv_is_con(v, "Some") &&
		       zl_payload(v)->u.seq.items[1]->u.bytes.p[31] == 0x0a,
		       "ContractId.parse 72 hex");
		v = call("Zen.Asset", "parse", 1, S(hex));
		tap_ok(zv_is_con(v, "Some"), "Asset.parse 72 hex = default");
		hex[72] = '1';
		hex[73] = '2';
		hex[74] = 0;
		tap_ok(zv_is_con(call("Zen.Asset", "parse", 1, S(hex)), "None"),
		       "Asset.parse short subtype is refused");
		v = call("Zen.Asset", "fromSubtypeInt", 2, cid, U32(0x01020304));
		tap_ok(v && v->u.seq.items[2]->u.bytes.p[0] == 0 &&
		       v->u.seq.items[2]->u.bytes.p[1] == 1 &&
		       v->u.seq.items[2]->u.bytes.p[4] == 4,
		       "fromSubtypeInt: 0x00, BE32 n");
		v = call("Zen.Asset", "fromSubtypeString", 2, cid, S("abc"));
		tap_ok(v && v->u.seq.items[2]->u.bytes.p[2] == 'c' &&
		       v->u.seq.items[2]->u.bytes.p[3] == 0,
		       "fromSubtypeString zero pads");
	}
	/* ContractResult */
	v = call("Zen.ContractResult", "ofTxSkel", 1, tx);
	v = call("Zen.ContractResult", "setStateUpdate", 2,
		 zv_con1(rt, "U32", U32(10)), v);
	{
		struct zen_contract_return r;

		zen_contract_return_init(&r);
		tap_ok(zen_rt_contract_result(rt, v, &r) == 0 && r.ok &&
		       r.state == ZEN_STATE_UPDATE &&
		       r.state_data.kind == ZEN_DATA_U32 &&
		       r.state_data.u.u32 == 10 && r.tx.n_inputs == 1,
		       "contract result conversion");
		v = call("Zen.ContractResult", "ofOptionTxSkel", 2, S("no tx"),
			 zv_none());
		tap_ok(zen_rt_contract_result(rt, v, &r) == 0 && !r.ok &&
		       !strcmp(r.err_msg, "no tx"), "ERR result conversion");
		zen_contract_return_release(&r);
	}
}

static void test_data_roundtrip(void)
{
	static const char *hexes[] = {
		/* Dict {"a": U64 5, "bb": List [String "x", I64 -1]} */
		NULL,
	};
	struct zen_data d, d2;
	struct zen_buf b1 = ZEN_BUF_INIT, b2 = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	zv *v, *x;
	uint8_t cpk[33];

	(void)hexes;
	/* build by values, convert, serialize, decode, convert back */
	x = zv_dict_empty();
	x = zv_dict_add(rt, x, (const uint8_t *)"bb", 2,
			zv_con1(rt, "Collection", zv_con1(rt, "List",
				zv_list(rt, 2, (zv *[]){
					zv_con1(rt, "String", S("x")),
					zv_con1(rt, "I64", zv_i64(rt, -1)) }))));
	x = zv_dict_add(rt, x, (const uint8_t *)"a", 1,
			zv_con1(rt, "U64", U64(5)));
	if (zen_hex_decode_fixed(cpk, 33,
		"02b43a1cb4cb6472e1fcd71b237eb9c1378335cd200dd07536594348d9e450967e",
		NULL))
		abort();
	{
		zv *pk;

		zv_sender_pk(rt, cpk, &pk);
		x = zv_dict_add(rt, x, (const uint8_t *)"pk", 2,
				zv_con1(rt, "PublicKey", zl_payload(pk)));
	}
	x = zv_dict_add(rt, x, (const uint8_t *)"lock", 4,
			zv_con1(rt, "Lock", zv_con1(rt, "ContractLock",
						     cidv(H1))));
	v = zv_con1(rt, "Collection", zv_con1(rt, "Dict", x));
	zen_data_init(&d);
	zen_data_init(&d2);
	tap_ok(zv_to_data(rt, v, &d) == 0 && d.kind == ZEN_DATA_DICT &&
	       d.u.dict.n == 4, "value -> data");
	tap_ok(d.u.dict.entries[2].value.kind == ZEN_DATA_PUBKEY &&
	       !memcmp(d.u.dict.entries[2].value.u.pubkey, cpk, 33),
	       "public key back to its compressed wire form");
	zen_data_write(&b1, &d);
	tap_ok(zen_data_decode(&d2, b1.data, b1.len, NULL, &err) == 0,
	       "serialized data decodes");
	{
		zv *back;

		tap_ok(zv_of_data(rt, &d2, &back) == 0 &&
		       zv_equal(rt, back, v) == 1, "data -> value round trip");
		zen_data_release(&d2);
		zen_data_init(&d2);
		tap_ok(zv_to_data(rt, back, &d2) == 0, "again to data");
		zen_data_write(&b2, &d2);
		tap_ok(b1.len == b2.len && !memcmp(b1.data, b2.data, b1.len),
		       "byte-identical re-serialization");
	}
	tap_ok(zv_to_data(rt, zv_con1(rt, "U64", U32(1)), &d2) ==
	       ZEN_EREFUSED, "ill-typed data is refused");
	rt->err.code = ZEN_OK;
	zen_data_release(&d);
	zen_data_release(&d2);
	zen_buf_release(&b1);
	zen_buf_release(&b2);
}

static zv *hexv(const char *h)
{
	struct zen_buf b = ZEN_BUF_INIT;
	zv *v;

	if (zen_hex_decode(&b, h, strlen(h), NULL))
		abort();
	v = zv_bytes(rt, b.data, b.len);
	zen_buf_release(&b);
	return v;
}

static void test_crypto(void)
{
	json_t *vec = tap_vectors("signatures.json"), *t;
	size_t i;
	zv *s, *v, *st;
	uint8_t h[32];
	int n = 0;

	/* Sha3 */
	st = call("Zen.Sha3", "empty", 0);
	if (!st)
		zen_native_value(rt, N("Zen.Sha3", "empty"), &st);
	v = call("Zen.Sha3", "finalize", 1, st);
	tap_ok(v && tap_hex(v->u.bytes.p, 32, tap_jstr(tap_jget(tap_vector(
		"hashes.json", "sha3-256-empty"), "expected"), "hash"),
		"Sha3 finalize empty"), "Sha3 empty digest");
	s = call("Zen.Sha3", "updateString", 2, S("ab"), st);
	s = call("Zen.Sha3", "updateByte", 2, zv_u8(rt, 'c'), s);
	v = call("Zen.Sha3", "finalize", 1, s);
	tap_hex(v->u.bytes.p, 32, tap_jstr(tap_jget(tap_vector("hashes.json",
		"sha3-256-abc"), "expected"), "hash"), "Sha3 \"ab\" + 'c'");
	v = call("Zen.Hash", "finalize", 1, st);
	tap_ok(v != NULL, "the old state stays usable");
	s = call("Zen.Sha3", "updateU32", 2, U32(0x01020304), st);
	s = call("Zen.Sha3", "updateU64", 2, U64(5), s);
	v = call("Zen.Sha3", "finalize", 1, s);
	zen_sha3(h, "\x01\x02\x03\x04\0\0\0\0\0\0\0\x05", 12);
	tap_ok(v && !memcmp(v->u.bytes.p, h, 32), "updateU32/U64 big-endian");
	s = call("Zen.Sha3", "updateLock", 2, zv_con0(rt, "FeeLock"), st);
	v = call("Zen.Sha3", "finalize", 1, s);
	zen_sha3(h, "\0\0\0\x01", 4);
	tap_ok(v && !memcmp(v->u.bytes.p, h, 32), "updateLock FeeLock = BE32 1");
	tap_ok(last_cost("Zen.Sha3", "updateString", 2, S("abcd"), st, NULL)
	       == 24, "updateString costs 6*len");
	/* signatures: internal forms */
	json_array_foreach(vec, i, t) {
		json_t *in = json_object_get(t, "input"),
		       *ex = json_object_get(t, "expected");
		const char *pkh, *msg, *sig;
		uint8_t cpk[33], pk[64], sg[64];
		zv *pkv, *r;

		if (!in || !ex || !json_object_get(in, "publicKey") ||
		    !json_object_get(in, "message") ||
		    !json_object_get(ex, "signature"))
			continue;
		pkh = json_string_value(json_object_get(in, "publicKey"));
		msg = json_string_value(json_object_get(in, "message"));
		sig = json_string_value(json_object_get(ex, "signature"));
		if (!pkh || !msg || !sig || strlen(pkh) != 66)
			continue;
		if (zen_hex_decode_fixed(cpk, 33, pkh, NULL))
			abort();
		if (zen_hex_decode_fixed(sg, 64, sig, NULL))
			abort();
		if (zen_pubkey_to_internal(pk, cpk))
			continue;
		zen_sig_swap(sg, sg);
		pkv = call("Zen.Crypto", "parsePublicKey", 1, S(pkh));
		tap_ok(zv_is_con(pkv, "Some") &&
		       !memcmp(zl_payload(pkv)->u.bytes.p, pk, 64),
		       "%s: parsePublicKey internal form",
		       tap_jstr(t, "id"));
		r = call("Zen.Crypto", "verify", 3, zl_payload(pkv),
			 zv_bytes(rt, sg, 64), hexv(msg));
		tap_ok(is_bool(r, 1), "%s: Crypto.verify", tap_jstr(t, "id"));
		sg[0] ^= 1;
		r = call("Zen.Crypto", "verify", 3, zl_payload(pkv),
			 zv_bytes(rt, sg, 64), hexv(msg));
		tap_ok(is_bool(r, 0), "%s: tampered signature fails",
		       tap_jstr(t, "id"));
		v = call("Zen.PublicKey", "compress", 1, zl_payload(pkv));
		tap_ok(v && is_u(v->u.seq.items[0], ZV_U8, cpk[0]) &&
		       !memcmp(v->u.seq.items[1]->u.bytes.p, cpk + 1, 32),
		       "%s: compress", tap_jstr(t, "id"));
		s = call("Zen.Sha3", "updatePublicKey", 2, zl_payload(pkv),
			 call("Zen.Sha3", "updateByte", 2, zv_u8(rt, 9), st));
		v = call("Zen.Sha3", "finalize", 1, s);
		zen_sha3(h, cpk, 33);
		tap_ok(v && !memcmp(v->u.bytes.p, h, 32),
		       "%s: updatePublicKey ignores the state (quirk)",
		       tap_jstr(t, "id"));
		n++;
	}
	tap_ok(n > 0, "signature vectors exercised");
	tap_ok(zv_is_con(call("Zen.Crypto", "parsePublicKey", 1, S("02zz")),
			 "None"), "parsePublicKey bad hex");
	/* Merkle: 4 leaves; root from zen_merkle_root */
	{
		uint8_t leaves[4][32], root[32], l01[32], l23[32], buf[65];
		zv *path, *ok;
		int j;

		for (j = 0; j < 4; j++)
			zen_sha3(leaves[j], &j, 1);
		zen_merkle_root(root, (const uint8_t (*)[32])leaves, 4);
		buf[0] = 0x69;
		memcpy(buf + 1, leaves[0], 32);
		memcpy(buf + 33, leaves[1], 32);
		zen_sha3(l01, buf, 65);
		memcpy(buf + 1, leaves[2], 32);
		memcpy(buf + 33, leaves[3], 32);
		zen_sha3(l23, buf, 65);
		path = zv_list(rt, 2, (zv *[]){ zv_bytes(rt, l01, 32),
						zv_bytes(rt, leaves[3], 32) });
		ok = call("Zen.MerkleTree", "verify", 4, zv_bytes(rt, root, 32),
			  path, I(2), zv_bytes(rt, leaves[2], 32));
		tap_ok(is_bool(ok, 1), "MerkleTree.verify leaf 2 of 4");
		ok = call("Zen.MerkleTree", "verify", 4, zv_bytes(rt, root, 32),
			  path, I(3), zv_bytes(rt, leaves[2], 32));
		tap_ok(is_bool(ok, 0), "MerkleTree.verify wrong index");
		path = zv_list(rt, 2, (zv *[]){ zv_bytes(rt, l23, 32),
						zv_bytes(rt, leaves[0], 32) });
		ok = call("Zen.MerkleTree", "verify", 4, zv_bytes(rt, root, 32),
			  path, I(1), zv_bytes(rt, leaves[1], 32));
		tap_ok(is_bool(ok, 1), "MerkleTree.verify leaf 1 of 4");
	}
}

static void test_lists_arrays(void)
{
	zv *l = zv_list(rt, 3, (zv *[]){ I(1), I(2), I(3) }), *v;

	v = call("Zen.List", "rev", 1, l);
	tap_ok(v && is_int(v->u.list.head, 3), "List.rev");
	tap_ok(is_int(call("Zen.List", "sum", 1, l), 6), "List.sum");
	tap_ok(is_int(call("Zen.List", "max", 1, l), 3), "List.max");
	tap_ok(failed(call("Zen.List", "max", 1, zv_nil()), "empty"),
	       "List.max [] fails");
	tap_ok(is_bool(call("Zen.List", "or_", 1,
			    zv_list(rt, 1, (zv *[]){ zv_bool(0) })), 1),
	       "List.or_ is always true (quirk)");
	tap_ok(is_int(call("Zen.List", "nth", 2, l, I(1)), 2), "List.nth");
	tap_ok(failed(call("Zen.List", "nth", 2, l, I(3)), "range"),
	       "List.nth out of range fails");
	tap_ok(zv_is_con(call("Zen.List", "tryNth", 2, l, I(3)), "None"),
	       "List.tryNth out of range");
	v = call("Zen.List", "take", 2, I(2), l);
	tap_ok(v && v->u.list.len == 2, "List.take");
	v = call("Zen.List", "mapT", 2, clo(&F_INC_RET, 1), l);
	tap_ok(v && is_int(v->u.list.head, 2) && v->u.list.len == 3,
	       "List.mapT");
	tap_ok(last_cost("Zen.List", "mapT", 2, clo(&F_INC_RET, 1), l, NULL) ==
	       3 * (3 + 2) + 2, "List.mapT cost len*(n+2)+2");
	v = call("Zen.List", "foldT", 3, clo(&F_ADD2, 2), I(10), l);
	tap_ok(is_int(v, 16), "List.foldT");
	v = call("Zen.Array", "ofList", 1, l);
	tap_ok(is_int(call("Zen.Array", "item", 2, I(2), v), 3), "Array.item");
	tap_ok(failed(call("Zen.Array", "item", 2, I(3), v), "range"),
	       "Array.item out of range fails");
	v = call("Zen.Array", "init_pure", 2, I(4), clo(&F_DOUBLE, 1));
	tap_ok(v && v->u.seq.n == 4 && is_int(v->u.seq.items[3], 6),
	       "Array.init_pure");
	v = call("Zen.Array", "toList", 1, v);
	tap_ok(v && v->u.list.len == 4, "Array.toList");
	tap_ok(is_u(call("Zen.Array", "item", 2, I(1), S("xy")), ZV_U8, 'y'),
	       "Array.item on bytes gives a U8");
}

static void test_registry_and_limits(void)
{
	const struct zen_zulib_module *m = zen_zulib_find("Zen.Cost");
	const struct zen_native *a = zen_zulib_get("Zen.Cost", ">>="),
		*b = zen_zulib_get("Zen.ResultT", ">>="),
		*c = zen_zulib_get("Zen.OptionT", ">>=");
	struct zen_rt small;
	size_t n, i, total = 0;
	const struct zen_zulib_module *all = zen_zulib_modules(&n);
	zv *v;

	tap_ok(m && zen_zulib_lookup(m, "ret") && zen_zulib_lookup(m, "autoInc"),
	       "Zen.Cost includes Realized and Extracted");
	tap_ok(a && b && c && a != b && b != c,
	       ">>= resolves per module by its symbol");
	tap_ok(zen_zulib_get("Zen.Types", "Mint") &&
	       zen_zulib_get("Zen.Types", "U64") &&
	       zen_zulib_get("Zen.Hash", "updateHash") &&
	       zen_zulib_get("Zen.Array", "init_pure"),
	       "module inclusions of 3.6");
	tap_ok(!zen_zulib_find("Zen.Set") && !zen_zulib_get("Zen.List", "nope"),
	       "unknown modules and names are NULL");
	tap_ok(zen_zulib_prelude()[0] == zen_zulib_find("Prims"),
	       "prelude starts with Prims");
	for (i = 0; i < n; i++) {
		const struct zen_native *e;

		for (e = all[i].entries; e->name; e++)
			total++;
	}
	tap_ok(total > 350, "registry has %zu entries", total);
	/* memory limit: a clean error */
	zen_rt_init(&small, 1 << 20);
	v = NULL;
	for (i = 0; i < 100000; i++)
		if (!(v = zv_bytes(&small, "0123456789abcdef", 16)))
			break;
	tap_ok(!v && small.oom && strstr(small.err.msg, "memory limit"),
	       "memory limit gives a clean error");
	zen_rt_release(&small);
}

int main(void)
{
	zen_rt_init(rt, 0);
	zen_rt_set_apply(rt, fake_apply, NULL);
	test_prims();
	test_equality();
	test_machine();
	test_cost();
	test_option_result();
	test_data_dict();
	test_txskel();
	test_data_roundtrip();
	test_crypto();
	test_lists_arrays();
	test_registry_and_limits();
	zen_rt_release(rt);
	return tap_done();
}
