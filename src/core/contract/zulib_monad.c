/*
 * zulib_monad.c - Zen.Option, Zen.Result (no cost), Zen.OptionT,
 * Zen.ResultT (option / result inside cost) and Zen.Data (4.5, 4.6).
 *
 * aux = 0 for option, 1 for result.  A failure (None / ERR msg) is passed
 * on unchanged, so ERR keeps its message.
 */
#include "core/contract/zulib_int.h"

static zv *wrap(struct zen_rt *rt, intptr_t res, zv *x)
{
	return res ? zv_ok(rt, x) : zv_some(rt, x);
}

static int want_mon(struct zen_rt *rt, const struct zen_native *self,
		    const zv *v)
{
	if (self->aux ? (zv_is_con(v, "OK") || zv_is_con(v, "ERR"))
		      : (zv_is_con(v, "Some") || zv_is_con(v, "None")))
		return 0;
	return zen_rt_fail(rt, "%s: expected %s, got %s", self->name,
			   self->aux ? "a result" : "an option",
			   zv_tag_name(v));
}

/* ---- Zen.Option / Zen.Result ---- */

NATIVE(o_ret) { RET(wrap(rt, self->aux, a[0])); }

static int o_bind_impl(struct zen_rt *rt, const struct zen_native *self,
		       zv *m, zv *f, zv **out)
{
	TRY(want_mon(rt, self, m));
	if (zl_is_fail(m))
		RET(m);
	return zen_apply(rt, f, zl_payload(m), out);
}

NATIVE(o_bindl) { return o_bind_impl(rt, self, a[0], a[1], out); }
NATIVE(o_bindr) { return o_bind_impl(rt, self, a[1], a[0], out); }

static int o_map_impl(struct zen_rt *rt, const struct zen_native *self,
		      zv *f, zv *m, zv **out)
{
	zv *y;

	TRY(want_mon(rt, self, m));
	if (zl_is_fail(m))
		RET(m);
	TRY(zen_apply(rt, f, zl_payload(m), &y));
	RET(wrap(rt, self->aux, y));
}

NATIVE(o_map) { return o_map_impl(rt, self, a[0], a[1], out); }
NATIVE(o_mapr) { return o_map_impl(rt, self, a[1], a[0], out); }

static int o_ap_impl(struct zen_rt *rt, const struct zen_native *self,
		     zv *mf, zv *m, zv **out)
{
	zv *y;

	TRY(want_mon(rt, self, mf));
	if (zl_is_fail(mf))
		RET(mf);
	TRY(want_mon(rt, self, m));
	if (zl_is_fail(m))
		RET(m);
	TRY(zen_apply(rt, zl_payload(mf), zl_payload(m), &y));
	RET(wrap(rt, self->aux, y));
}

NATIVE(o_ap) { return o_ap_impl(rt, self, a[0], a[1], out); }
NATIVE(o_apr) { return o_ap_impl(rt, self, a[1], a[0], out); }

NATIVE(o_apv)
{
	zv *y;

	TRY(want_mon(rt, self, a[0]));
	if (zl_is_fail(a[0]))
		RET(a[0]);
	TRY(zen_apply(rt, zl_payload(a[0]), a[1], &y));
	RET(wrap(rt, self->aux, y));
}

static int o_kleisli_impl(struct zen_rt *rt, const struct zen_native *self,
			  zv *f, zv *g, zv *x, zv **out)
{
	zv *m;

	TRY(zen_apply(rt, f, x, &m));
	return o_bind_impl(rt, self, m, g, out);
}

NATIVE(o_kl) { return o_kleisli_impl(rt, self, a[0], a[1], a[2], out); }
NATIVE(o_klr) { return o_kleisli_impl(rt, self, a[1], a[0], a[2], out); }

NATIVE(o_bindn)	/* bind2 a b f / bind3 a b c f: strict (no cost) */
{
	size_t n = self->arity - 1, i;
	zv *x[3];

	for (i = 0; i < n; i++) {
		TRY(want_mon(rt, self, a[i]));
		if (zl_is_fail(a[i]))
			RET(a[i]);
		x[i] = zl_payload(a[i]);
	}
	return zen_apply_n(rt, a[n], n, x, out);
}

NATIVE(o_join)
{
	TRY(want_mon(rt, self, a[0]));
	RET(zl_is_fail(a[0]) ? a[0] : zl_payload(a[0]));
}

NATIVE(o_maybe)	/* maybe y f o */
{
	TRY(want_mon(rt, self, a[2]));
	if (zl_is_fail(a[2]))
		RET(a[0]);
	return zen_apply(rt, a[1], zl_payload(a[2]), out);
}

NATIVE(o_from)	/* fromOption y o */
{
	TRY(want_mon(rt, self, a[1]));
	RET(zl_is_fail(a[1]) ? a[0] : zl_payload(a[1]));
}

NATIVE(r_failw) { RET(zv_errv(rt, a[0])); }

NATIVE(r_of_option)	/* ofOption msg o; aux 1: wrapped in cost */
{
	zv *r;

	if (!zv_is_con(a[1], "Some") && !zv_is_con(a[1], "None"))
		return zen_rt_fail(rt, "%s: expected an option", self->name);
	r = zv_is_con(a[1], "None") ? zv_errv(rt, a[0])
				    : zv_ok(rt, zl_payload(a[1]));
	RET(self->aux ? zen_cost_ret(rt, r) : r);
}

NATIVE(r_handle)	/* handle f g r; COST variant: handleT (+5) */
{
	zv *arg, *f;

	if (zv_is_con(a[2], "OK"))
		f = a[0];
	else if (zv_is_con(a[2], "ERR"))
		f = a[1];
	else
		return zen_rt_fail(rt, "%s: expected a result", self->name);
	arg = zl_payload(a[2]);
	if (!(self->flags & ZEN_NATIVE_COST))
		return zen_apply(rt, f, arg, out);
	TRY(zen_apply(rt, f, arg, out));
	TRY(zl_want(rt, self, *out, ZV_COST));
	return ZEN_NATIVE_TAIL;
}

#define MONAD_ENTRIES(K)						\
	E("ret", o_ret, 1, K), E("bind", o_bindl, 2, K),		\
	E(">>=", o_bindl, 2, K), E("=<<", o_bindr, 2, K),		\
	E("map", o_map, 2, K), E("<$>", o_map, 2, K),			\
	E("$>", o_mapr, 2, K), E("ap", o_ap, 2, K),			\
	E("<*>", o_ap, 2, K), E("*>", o_apr, 2, K),			\
	E("<~>", o_apv, 2, K), E(">=>", o_kl, 3, K),			\
	E("<=<", o_klr, 3, K), E("bind2", o_bindn, 3, K),		\
	E("bind3", o_bindn, 4, K), E("join", o_join, 1, K)

const struct zen_native zl_option[] = {
	MONAD_ENTRIES(0),
	E("maybe", o_maybe, 3, 0), E("fromOption", o_from, 2, 0),
	EEND
};

const struct zen_native zl_result[] = {
	MONAD_ENTRIES(1),
	E("failw", r_failw, 1, 1), E("ofOption", r_of_option, 2, 0),
	E("handle", r_handle, 3, 1),
	EEND
};

/* ---- Zen.OptionT / Zen.ResultT ---- */

NATIVE(t_ret) { RET(zen_cost_ret(rt, wrap(rt, self->aux, a[0]))); }
NATIVE(t_none) { RET(zen_cost_ret(rt, zv_none())); }
NATIVE(t_failw) { RET(zen_cost_ret(rt, zv_errv(rt, a[0]))); }
NATIVE(t_lift)
{
	TRY(want_mon(rt, self, a[0]));
	RET(zen_cost_ret(rt, a[0]));
}
NATIVE(t_inc_some)	/* incSome k x / incOK k x / incRet k x */
{
	RET(zen_cost_ret_k(rt, wrap(rt, self->aux, a[1]),
			     zen_native_cost(self, a)));
}
NATIVE(t_inc_none)	/* incNone k */
{
	RET(zen_cost_ret_k(rt, zv_none(), zen_native_cost(self, a)));
}
NATIVE(t_inc_failw)	/* incFailw k msg */
{
	RET(zen_cost_ret_k(rt, zv_errv(rt, a[1]), zen_native_cost(self, a)));
}

NATIVE(t_lift_cost)	/* liftCost m: map Some / OK */
{
	zv *x;

	TRY(zl_force(rt, a[0], &x, cost));
	RET(wrap(rt, self->aux, x));
}

/* force a monadic cost value; *fail set when it is None/ERR */
static int t_get(struct zen_rt *rt, const struct zen_native *self, zv *m,
		 zv **v, uint64_t *cost)
{
	TRY(zl_force(rt, m, v, cost));
	return want_mon(rt, self, *v);
}

/* Does rule r measure argument i (0-based)? */
static int rule_reads(const struct zen_cost_rule *r, size_t i)
{
	switch (r->measure) {
	case ZEN_CM_NONE:
		return 0;
	case ZEN_CM_LEN: case ZEN_CM_NAT:
		return r->arg == i;
	default:	/* the two-argument measures */
		return r->arg == i || r->arg2 == i;
	}
}

/*
 * The declared cost of f x for an x that never came: Zulib's binds pad
 * their None / ERR path to m + n (Zen.OptionT.bind's autoNone, RT.bind,
 * Zen.Data's >!=), n being f's cost index, so `None >!= tryU64` costs
 * tryU64's 2 as `Some d >!= tryU64` does.  Known for a native waiting for
 * its last argument whose index neither reads that argument nor depends
 * on what it forces; for a closure, the evaluator reads its val's index
 * (zen_skipped_fn), when it has one that does not need the argument.
 * Unknown: 0, and the count is short (rt->sub_short, value.h).
 */
static uint64_t skipped_cost(struct zen_rt *rt, const zv *f)
{
	const struct zen_native *nat;
	const struct zen_cost_rule *r;
	zv *args[8];
	size_t last;

	if (f && f->tag == ZV_CLOSURE && rt->skipped)
		return rt->skipped(rt->apply_ctx, rt, f);
	if (!f || f->tag != ZV_NATIVE) {
		rt->sub_short = 1;
		return 0;
	}
	nat = f->u.nat.nat;
	r = &nat->cost;
	last = (size_t)nat->arity - 1;
	if (!(nat->flags & ZEN_NATIVE_COST) || !r->declared ||
	    r->cb != ZEN_CB_NONE || nat->arity > ZEN_ARRAY_SIZE(args) ||
	    f->u.nat.n != last || rule_reads(r, last)) {
		rt->sub_short = 1;
		return 0;
	}
	if (last)	/* a native of one argument has none applied yet */
		memcpy(args, f->u.nat.args, last * sizeof(*args));
	args[last] = zv_erased();
	return zen_native_cost(nat, args);
}

/* A bind's failure, charged what the continuation f would have cost. */
static int bind_failed(struct zen_rt *rt, zv *failure, const zv *f,
		       zv **out, uint64_t *cost)
{
	*cost = zc_sat_add(*cost, skipped_cost(rt, f));
	*out = failure;
	return 0;
}

static int t_bind_impl(struct zen_rt *rt, const struct zen_native *self,
		       zv *m, zv *f, zv **out, uint64_t *cost)
{
	zv *v;

	TRY(t_get(rt, self, m, &v, cost));
	if (zl_is_fail(v))
		return bind_failed(rt, v, f, out, cost);
	TRY(zen_apply(rt, f, zl_payload(v), out));
	TRY(zl_want(rt, self, *out, ZV_COST));
	return ZEN_NATIVE_TAIL;
}

NATIVE(t_bind) { return t_bind_impl(rt, self, a[0], a[1], out, cost); }
NATIVE(t_bindr) { return t_bind_impl(rt, self, a[1], a[0], out, cost); }

NATIVE(t_kl)
{
	zv *m;

	TRY(zen_apply(rt, a[0], a[2], &m));
	return t_bind_impl(rt, self, m, a[1], out, cost);
}

NATIVE(t_klr)
{
	zv *m;

	TRY(zen_apply(rt, a[1], a[2], &m));
	return t_bind_impl(rt, self, m, a[0], out, cost);
}

static int t_map_impl(struct zen_rt *rt, const struct zen_native *self,
		      zv *f, zv *m, zv **out, uint64_t *cost)
{
	zv *v, *y;

	TRY(t_get(rt, self, m, &v, cost));
	if (zl_is_fail(v))
		RET(v);
	TRY(zen_apply(rt, f, zl_payload(v), &y));
	RET(wrap(rt, self->aux, y));
}

NATIVE(t_map) { return t_map_impl(rt, self, a[0], a[1], out, cost); }
NATIVE(t_mapr) { return t_map_impl(rt, self, a[1], a[0], out, cost); }

static int t_ap_impl(struct zen_rt *rt, const struct zen_native *self,
		     zv *mf, zv *m, zv **out, uint64_t *cost)
{
	zv *f, *v, *y;

	TRY(t_get(rt, self, mf, &f, cost));
	if (zl_is_fail(f)) {
		rt->sub_short = 1;	/* m's cost, never forced */
		RET(f);
	}
	TRY(t_get(rt, self, m, &v, cost));
	if (zl_is_fail(v))
		RET(v);
	TRY(zen_apply(rt, zl_payload(f), zl_payload(v), &y));
	RET(wrap(rt, self->aux, y));
}

NATIVE(t_ap) { return t_ap_impl(rt, self, a[0], a[1], out, cost); }
NATIVE(t_apr) { return t_ap_impl(rt, self, a[1], a[0], out, cost); }

NATIVE(t_apv)
{
	zv *f, *y;

	TRY(t_get(rt, self, a[0], &f, cost));
	if (zl_is_fail(f))
		RET(f);
	TRY(zen_apply(rt, zl_payload(f), a[1], &y));
	RET(wrap(rt, self->aux, y));
}

NATIVE(t_bindn)	/* bind2/bind3: later arguments are not forced after a
		 * failure (AuthenticatedSupply relies on it, 3.8) */
{
	size_t n = self->arity - 1, i;
	zv *x[3], *v;

	for (i = 0; i < n; i++) {
		TRY(t_get(rt, self, a[i], &v, cost));
		if (zl_is_fail(v)) {
			rt->sub_short = 1;	/* the rest's and f's costs */
			RET(v);
		}
		x[i] = zl_payload(v);
	}
	TRY(zen_apply_n(rt, a[n], n, x, out));
	TRY(zl_want(rt, self, *out, ZV_COST));
	return ZEN_NATIVE_TAIL;
}

NATIVE(t_join)
{
	zv *v;

	TRY(t_get(rt, self, a[0], &v, cost));
	if (zl_is_fail(v)) {
		rt->sub_short = 1;	/* the inner computation's cost */
		RET(v);
	}
	TRY(zl_want(rt, self, zl_payload(v), ZV_COST));
	TAIL(zl_payload(v));
}

/* maybeT y f o: None -> y, charged f's n as Zulib's incRet (n + 5) does;
 * Some x -> f x; + 5 */
NATIVE(t_maybe)
{
	if (zv_is_con(a[2], "None"))
		return bind_failed(rt, a[0], a[1], out, cost);
	if (!zv_is_con(a[2], "Some"))
		return zen_rt_fail(rt, "%s: expected an option", self->name);
	TRY(zen_apply(rt, a[1], zl_payload(a[2]), out));
	TRY(zl_want(rt, self, *out, ZV_COST));
	return ZEN_NATIVE_TAIL;
}

/*
 * tryMapT f ls: len*(n+20)+20.  Zulib's recursion binds f hd, then the
 * map of the tail, and only then looks at both: f runs on every element,
 * head first, and the first None / ERR in the list's order is the result
 * (a later element that fails the run fails it, as in the reference).
 */
NATIVE(t_try_map)
{
	size_t n, i;
	zv **it, *v, *failed = NULL;

	TRY(zl_list(rt, self, a[1]));
	n = a[1]->u.list.len;
	if (!(it = zv_list_items(rt, a[1])))
		return ZEN_EREFUSED;
	for (i = 0; i < n; i++) {
		TRY(zl_call(rt, a[0], 1, &it[i], &v, cost));
		TRY(want_mon(rt, self, v));
		if (zl_is_fail(v) && !failed)
			failed = v;
		else if (!failed)
			it[i] = zl_payload(v);
	}
	if (failed)
		RET(failed);
	RET(wrap(rt, self->aux, zv_list(rt, n, it)));
}

NATIVE(t_of_option_t)	/* RT.ofOptionT msg mo */
{
	zv *v;

	TRY(zl_force(rt, a[1], &v, cost));
	if (zv_is_con(v, "None"))
		RET(zv_errv(rt, a[0]));
	if (!zv_is_con(v, "Some"))
		return zen_rt_fail(rt, "%s: expected an option", self->name);
	RET(zv_ok(rt, zl_payload(v)));
}

#define MONADT_ENTRIES(K)						\
	EP("ret", t_ret, 1, 0, K, CK(0)),				\
	EC("liftCost", t_lift_cost, 1, K, CCB(ZEN_CB_M, 0)),		\
	EAUTO("autoRet", t_ret, 1, K),					\
	EC("bind", t_bind, 2, K, CCB(ZEN_CB_MN, 0)),			\
	EC(">>=", t_bind, 2, K, CCB(ZEN_CB_MN, 0)),			\
	EC("=<<", t_bindr, 2, K, CCB(ZEN_CB_MN, 0)),			\
	EC("map", t_map, 2, K, CCB(ZEN_CB_M, 0)),			\
	EC("<$>", t_map, 2, K, CCB(ZEN_CB_M, 0)),			\
	EC("$>", t_mapr, 2, K, CCB(ZEN_CB_M, 0)),			\
	EC("ap", t_ap, 2, K, CCB(ZEN_CB_MN, 0)),			\
	EC("<*>", t_ap, 2, K, CCB(ZEN_CB_MN, 0)),			\
	EC("*>", t_apr, 2, K, CCB(ZEN_CB_MN, 0)),			\
	EC("<~>", t_apv, 2, K, CCB(ZEN_CB_M, 0)),			\
	EC(">=>", t_kl, 3, K, CCB(ZEN_CB_MN, 0)),			\
	EC("<=<", t_klr, 3, K, CCB(ZEN_CB_MN, 0)),			\
	EC("bind2", t_bindn, 3, K, CCB(ZEN_CB_SUM, 0)),			\
	EC("bind3", t_bindn, 4, K, CCB(ZEN_CB_SUM, 0)),			\
	EC("join", t_join, 1, K, CCB(ZEN_CB_MN, 0)),			\
	EC("tryMapT", t_try_map, 2, K, CEACH(20, 1, 20))

const struct zen_native zl_optiont[] = {
	MONADT_ENTRIES(0),
	EP("some", t_ret, 1, 0, 0, CK(0)), EP("none", t_none, 0, 0, 0, CK(0)),
	EP("liftOpt", t_lift, 1, 0, 0, CK(0)),
	EP("incSome", t_inc_some, 2, 1, 0, CNAT(1, 0, 0)),
	EP("incNone", t_inc_none, 1, 1, 0, CNAT(1, 0, 0)),
	EAUTO("autoSome", t_ret, 1, 0), EAUTO("autoNone", t_none, 0, 0),
	EC("maybeT", t_maybe, 3, 0, CCB(ZEN_CB_ONCE, 5)),
	ETYPE("optionT"),
	EEND
};

const struct zen_native zl_resultt[] = {
	MONADT_ENTRIES(1),
	EP("ok", t_ret, 1, 0, 1, CK(0)), EP("failw", t_failw, 1, 0, 1, CK(0)),
	EP("liftRes", t_lift, 1, 0, 1, CK(0)),
	EP("incRet", t_inc_some, 2, 1, 1, CNAT(1, 0, 0)),
	EP("incFailw", t_inc_failw, 2, 1, 1, CNAT(1, 0, 0)),
	EP("incOK", t_inc_some, 2, 1, 1, CNAT(1, 0, 0)),
	EAUTO("autoFailw", t_failw, 1, 1), EAUTO("autoOK", t_ret, 1, 1),
	EP("ofOption", r_of_option, 2, 0, 1, CK(0)),
	EC("ofOptionT", t_of_option_t, 2, 1, CCB(ZEN_CB_M, 0)),
	EC("handleT", r_handle, 3, 1, CCB(ZEN_CB_BRANCH, 5)),
	ETYPE("resultT"),
	EEND
};

/* ---- Zen.Data ---- */

NATIVE(d_bang)	/* o >!= f: None -> None; Some x -> f x */
{
	if (zv_is_con(a[0], "None"))
		return bind_failed(rt, a[0], a[1], out, cost);
	if (!zv_is_con(a[0], "Some"))
		return zen_rt_fail(rt, "%s: expected an option", self->name);
	TRY(zen_apply(rt, a[1], zl_payload(a[0]), out));
	TRY(zl_want(rt, self, *out, ZV_COST));
	return ZEN_NATIVE_TAIL;
}

/* aux: the data constructor name; Array/Dict/List go through Collection */
NATIVE(d_try)
{
	const char *name = (const char *)self->aux;
	int coll = !strcmp(name, "Array") || !strcmp(name, "Dict") ||
		   !strcmp(name, "List");
	zv *d = a[0];

	if (d->tag != ZV_CON)
		return zen_rt_fail(rt, "%s: expected data", self->name);
	if (coll) {
		if (!zv_is_con(d, "Collection") || d->u.con.n != 1)
			RET(zv_none());
		d = d->u.con.args[0];
	}
	if (!zv_is_con(d, name) || d->u.con.n != 1)
		RET(zv_none());
	RET(zv_some(rt, d->u.con.args[0]));
}

const struct zen_native zl_data[] = {
	EC(">?=", t_bind, 2, 0, CCB(ZEN_CB_MN, 0)),
	EC(">?>", t_kl, 3, 0, CCB(ZEN_CB_MN, 0)),
	EC(">!=", d_bang, 2, 0, CCB(ZEN_CB_ONCE, 0)),
	{ "tryI64", d_try, 1, ZEN_NATIVE_COST, 0, (intptr_t)"I64", CK(2) },
	{ "tryByte", d_try, 1, ZEN_NATIVE_COST, 0, (intptr_t)"Byte", CK(2) },
	{ "tryByteArray", d_try, 1, ZEN_NATIVE_COST, 0,
	  (intptr_t)"ByteArray", CK(2) },
	{ "tryU32", d_try, 1, ZEN_NATIVE_COST, 0, (intptr_t)"U32", CK(2) },
	{ "tryU64", d_try, 1, ZEN_NATIVE_COST, 0, (intptr_t)"U64", CK(2) },
	{ "tryString", d_try, 1, ZEN_NATIVE_COST, 0, (intptr_t)"String",
	  CK(2) },
	{ "tryHash", d_try, 1, ZEN_NATIVE_COST, 0, (intptr_t)"Hash", CK(2) },
	{ "tryLock", d_try, 1, ZEN_NATIVE_COST, 0, (intptr_t)"Lock", CK(2) },
	{ "trySignature", d_try, 1, ZEN_NATIVE_COST, 0,
	  (intptr_t)"Signature", CK(2) },
	{ "tryPublicKey", d_try, 1, ZEN_NATIVE_COST, 0,
	  (intptr_t)"PublicKey", CK(2) },
	{ "tryCollection", d_try, 1, ZEN_NATIVE_COST, 0,
	  (intptr_t)"Collection", CK(2) },
	{ "tryArray", d_try, 1, ZEN_NATIVE_COST, 0, (intptr_t)"Array", CK(4) },
	{ "tryDict", d_try, 1, ZEN_NATIVE_COST, 0, (intptr_t)"Dict", CK(4) },
	{ "tryList", d_try, 1, ZEN_NATIVE_COST, 0, (intptr_t)"List", CK(4) },
	EEND
};
