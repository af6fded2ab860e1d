/*
 * zulib_core.c - shared helpers, Prims / FStar.Pervasives (4.3),
 * Zen.Base (4.2), Zen.Cost (4.1), machine integers, FStar.String and
 * FStar.Char (4.4).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/contract/zulib_int.h"

/* ---- helpers ---- */

int zl_want(struct zen_rt *rt, const struct zen_native *self, const zv *v,
	    int tag)
{
	static const zv probe_tags[1] = { { .tag = 0 } };
	zv t = probe_tags[0];

	if (v && v->tag == tag)
		return 0;
	t.tag = (uint8_t)tag;
	return zen_rt_fail(rt, "%s: expected %s, got %s", self->name,
			   zv_tag_name(&t), zv_tag_name(v));
}

int zl_int(struct zen_rt *rt, const struct zen_native *self, const zv *v,
	   int64_t *i)
{
	TRY(zl_want(rt, self, v, ZV_INT));
	*i = v->u.i;
	return 0;
}

int zl_nat(struct zen_rt *rt, const struct zen_native *self, const zv *v,
	   uint64_t *n)
{
	TRY(zl_want(rt, self, v, ZV_INT));
	if (v->u.i < 0)
		return zen_rt_fail(rt, "%s: negative nat", self->name);
	*n = (uint64_t)v->u.i;
	return 0;
}

int zl_list(struct zen_rt *rt, const struct zen_native *self, const zv *v)
{
	return zl_want(rt, self, v, ZV_LIST);
}

int zl_bytes(struct zen_rt *rt, const struct zen_native *self, const zv *v)
{
	return zl_want(rt, self, v, ZV_BYTES);
}

int zl_hash(struct zen_rt *rt, const struct zen_native *self, const zv *v)
{
	TRY(zl_want(rt, self, v, ZV_BYTES));
	if (v->u.bytes.len != 32)
		return zen_rt_fail(rt, "%s: expected a 32-byte hash",
				   self->name);
	return 0;
}

int zl_byteseq(struct zen_rt *rt, const struct zen_native *self,
	       const zv *v, const uint8_t **p, size_t *n)
{
	uint8_t *b;
	size_t i;

	if (v && v->tag == ZV_BYTES) {
		*p = v->u.bytes.p;
		*n = v->u.bytes.len;
		return 0;
	}
	TRY(zl_want(rt, self, v, ZV_ARRAY));
	if (!(b = zen_rt_alloc(rt, v->u.seq.n + 1)))
		return ZEN_EREFUSED;
	for (i = 0; i < v->u.seq.n; i++) {
		TRY(zl_want(rt, self, v->u.seq.items[i], ZV_U8));
		b[i] = (uint8_t)v->u.seq.items[i]->u.u;
	}
	*p = b;
	*n = v->u.seq.n;
	return 0;
}

int zl_force(struct zen_rt *rt, zv *m, zv **out, uint64_t *cost)
{
	uint64_t c = 0;

	TRY(zen_force(rt, m, out, &c));
	*cost += c;
	/* the forced value's flags join the calling native's (zen_force) */
	if (!m->u.cost->exact)
		rt->sub_inexact = 1;
	if (m->u.cost->over)
		rt->sub_over = 1;
	if (m->u.cost->shortcut)
		rt->sub_short = 1;
	return 0;
}

int zl_call(struct zen_rt *rt, zv *f, size_t n, zv *const *args, zv **out,
	    uint64_t *cost)
{
	TRY(zen_apply_n(rt, f, n, args, out));
	if ((*out)->tag == ZV_COST)
		return zl_force(rt, *out, out, cost);
	return 0;
}

int zl_is_fail(const zv *v)
{
	return zv_is_con(v, "None") || zv_is_con(v, "ERR");
}

zv *zl_payload(const zv *v)
{
	return v->tag == ZV_CON && v->u.con.n ? v->u.con.args[0] : NULL;
}

/* Zulib's records (Zen.Types.Extracted.fst, Zen.Types.Main.fst): the
 * fields of the values zen builds and reads, and of their constructors
 * Mk<t> */
static const char *const spend_f[] = { "asset", "amount" };
static const char *const outpoint_f[] = { "txHash", "index" };
static const char *const output_f[] = { "lock", "spend" };
static const char *const context_f[] = { "blockNumber", "timestamp" };
static const char *const message_f[] = { "recipient", "command", "body" };
static const char *const return_f[] = { "tx", "message", "state" };
static const char *const header_f[] = { "version", "parent", "blockNumber",
					"commitments", "timestamp",
					"difficulty", "nonce" };
#define RECORD_TYPE(f) { ZEN_ARRAY_SIZE(f), f, 0 }
const struct zen_record_type zl_spend_t = RECORD_TYPE(spend_f),
	zl_outpoint_t = RECORD_TYPE(outpoint_f),
	zl_output_t = RECORD_TYPE(output_f),
	zl_context_t = RECORD_TYPE(context_f),
	zl_message_t = RECORD_TYPE(message_f),
	zl_return_t = RECORD_TYPE(return_f),
	zl_header_t = RECORD_TYPE(header_f);

int zen_record_ctor(struct zen_rt *rt, const struct zen_native *self,
		    zv *const *a, zv **out, uint64_t *cost)
{
	const struct zen_record_type *t =
		(const struct zen_record_type *)self->aux;

	(void)cost;
	RET(t->tuple ? zv_tuple(rt, t->n, a) : zv_record(rt, t->n, t->fields, a));
}

int zl_ctor(struct zen_rt *rt, const struct zen_native *self,
	    zv *const *a, zv **out, uint64_t *cost)
{
	const char *name = (const char *)self->aux;

	if (!strcmp(name, "Nil"))
		RET(zv_nil());
	if (!strcmp(name, "Cons")) {
		TRY(zl_list(rt, self, a[1]));
		RET(zv_cons(rt, a[0], a[1]));
	}
	if (!strcmp(name, "None"))
		RET(zv_none());
	RET(zv_con(rt, name, self->arity, a));
}

/* ---- Prims: int ---- */

enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_TREM, OP_LT, OP_LE, OP_GT, OP_GE,
       OP_MIN, OP_MAX };

/*
 * Prims' int arithmetic as the reference runs it.  F*'s extraction prints
 * an applied op_Division and op_Modulus infix, as / and mod (its ML
 * printer's infix_prim_ops), which Zulib's prims.fs defines as ediv and
 * erem: x / y is floor division for y > 0 and, for y < 0, the truncated
 * quotient plus one when quotient * y < x (prims.fs's cdiv, which is not
 * the ceiling for every x: 7 / -2 is -2, -7 / -2 is 3); x % y is the
 * truncated remainder plus |y| when negative, never below 0 (-7 % 2 is
 * 1).  Checked: an overflow fails the run, as Check.( * ) and abs do.
 */
NATIVE(p_arith)
{
	int64_t x, y, r = 0;

	if (a[0]->tag == ZV_ERASED || a[1]->tag == ZV_ERASED)
		RET(zv_erased());
	TRY(zl_int(rt, self, a[0], &x));
	TRY(zl_int(rt, self, a[1], &y));
	if (self->aux >= OP_LT && self->aux <= OP_GE)
		zc_trace_cmp(rt, a[0], a[1], 1);
	switch (self->aux) {
	case OP_ADD:
		if (__builtin_add_overflow(x, y, &r))
			goto ovf;
		break;
	case OP_SUB:
		if (__builtin_sub_overflow(x, y, &r))
			goto ovf;
		break;
	case OP_MUL:
		if (__builtin_mul_overflow(x, y, &r))
			goto ovf;
		break;
	case OP_DIV:	/* Zulib's prims.fs ediv (above) */
		if (!y)
			return zen_rt_fail(rt, "division by zero");
		if (x == INT64_MIN && y == -1)
			goto ovf;
		r = x / y;
		if (y > 0 ? r * y > x : r * y < x)
			r = y > 0 ? r - 1 : r + 1;
		break;
	case OP_MOD:	/* Zulib's prims.fs erem (above) */
		if (!y)
			return zen_rt_fail(rt, "division by zero");
		r = y == -1 ? 0 : x % y;
		if (r < 0 && y == INT64_MIN)
			goto ovf;	/* abs y overflows */
		if (r < 0)
			r += y < 0 ? -y : y;
		break;
	case OP_TREM:	/* the sign of the dividend: Int64.mod */
		if (!y)
			return zen_rt_fail(rt, "division by zero");
		r = y == -1 ? 0 : x % y;
		break;
	case OP_LT: RET(zv_bool(x < y));
	case OP_LE: RET(zv_bool(x <= y));
	case OP_GT: RET(zv_bool(x > y));
	case OP_GE: RET(zv_bool(x >= y));
	case OP_MIN: r = x < y ? x : y; break;
	case OP_MAX: r = x > y ? x : y; break;
	}
	RET(zv_int(rt, r));
ovf:
	return zen_rt_fail(rt, "integer overflow in %s", self->name);
}

NATIVE(p_neg)
{
	int64_t x;

	if (a[0]->tag == ZV_ERASED)
		RET(zv_erased());
	TRY(zl_int(rt, self, a[0], &x));
	if (x == INT64_MIN)
		return zen_rt_fail(rt, "integer overflow in %s", self->name);
	RET(zv_int(rt, self->aux ? (x < 0 ? -x : x) : -x));
}

NATIVE(p_eq)
{
	int e = zv_equal(rt, a[0], a[1]);

	if (e < 0)
		return ZEN_EREFUSED;
	RET(zv_bool(self->aux ? !e : e));
}

NATIVE(p_bool)
{
	TRY(zl_want(rt, self, a[0], ZV_BOOL));
	if (self->aux == 2)
		RET(zv_bool(!a[0]->u.i));
	TRY(zl_want(rt, self, a[1], ZV_BOOL));
	RET(zv_bool(self->aux ? (a[0]->u.i || a[1]->u.i)
			      : (a[0]->u.i && a[1]->u.i)));
}

NATIVE(p_length)
{
	TRY(zl_list(rt, self, a[0]));
	RET(zv_int(rt, (int64_t)a[0]->u.list.len));
}

/* unit whatever the arguments: ignore x, allow_inversion T, assert_norm
 * p and the lemmas (zulib_int.h ELEMMA) */
int zl_unit(struct zen_rt *rt, const struct zen_native *self, zv *const *a,
	    zv **out, uint64_t *cost)
{
	(void)rt; (void)self; (void)a; (void)cost;
	*out = zv_unit();
	return 0;
}

NATIVE(p_proj)
{
	zv *t = a[0];

	if (t->tag != ZV_TUPLE || t->u.seq.n <= (size_t)self->aux)
		return zen_rt_fail(rt, "%s: expected a tuple", self->name);
	RET(t->u.seq.items[self->aux]);
}

NATIVE(p_string_of)
{
	char buf[32];

	if (self->aux) {
		TRY(zl_want(rt, self, a[0], ZV_BOOL));
		RET(zv_str(rt, a[0]->u.i ? "true" : "false"));
	}
	TRY(zl_want(rt, self, a[0], ZV_INT));
	snprintf(buf, sizeof(buf), "%" PRId64, a[0]->u.i);
	RET(zv_str(rt, buf));
}

static zv *concat(struct zen_rt *rt, const zv *x, const zv *y)
{
	size_t n = x->u.bytes.len + y->u.bytes.len;
	uint8_t *p = zen_rt_alloc(rt, n + 1);
	zv *v;

	if (!p || !(v = zv_bytes(rt, "", 0)))
		return NULL;
	memcpy(p, x->u.bytes.p, x->u.bytes.len);
	memcpy(p + x->u.bytes.len, y->u.bytes.p, y->u.bytes.len);
	v->u.bytes.p = p;
	v->u.bytes.len = n;
	return v;
}

NATIVE(p_strcat)
{
	TRY(zl_bytes(rt, self, a[0]));
	TRY(zl_bytes(rt, self, a[1]));
	RET(concat(rt, a[0], a[1]));
}

const struct zen_native zl_prims[] = {
	/* proofs of Pure unit (prims.fst 290-300): unit, as a lemma */
	ELEMMA("_assert", 1), ELEMMA("assert_spinoff", 1), ELEMMA("cut", 1),
	E("+", p_arith, 2, OP_ADD), E("-", p_arith, 2, OP_SUB),
	E("*", p_arith, 2, OP_MUL), E("/", p_arith, 2, OP_DIV),
	E("%", p_arith, 2, OP_MOD), E("<", p_arith, 2, OP_LT),
	E("<=", p_arith, 2, OP_LE), E(">", p_arith, 2, OP_GT),
	E(">=", p_arith, 2, OP_GE), E("min", p_arith, 2, OP_MIN),
	E("max", p_arith, 2, OP_MAX), E("op_Addition", p_arith, 2, OP_ADD),
	E("op_Subtraction", p_arith, 2, OP_SUB),
	E("op_Multiply", p_arith, 2, OP_MUL),
	E("op_Division", p_arith, 2, OP_DIV),
	E("op_Modulus", p_arith, 2, OP_MOD),
	E("~-", p_neg, 1, 0), E("op_Minus", p_neg, 1, 0),
	E("abs", p_neg, 1, 1),
	E("op_LessThan", p_arith, 2, OP_LT),
	E("op_LessThanOrEqual", p_arith, 2, OP_LE),
	E("op_GreaterThan", p_arith, 2, OP_GT),
	E("op_GreaterThanOrEqual", p_arith, 2, OP_GE),
	E("=", p_eq, 2, 0), E("<>", p_eq, 2, 1),
	E("op_Equality", p_eq, 2, 0), E("op_disEquality", p_eq, 2, 1),
	{ "&&", p_bool, 2, ZEN_NATIVE_SHORT, 0, 0, CNONE },
	{ "||", p_bool, 2, ZEN_NATIVE_SHORT, 0, 1, CNONE },
	E("op_AmpAmp", p_bool, 2, 0), E("op_BarBar", p_bool, 2, 1),
	E("not", p_bool, 1, 2), E("op_Negation", p_bool, 1, 2),
	E("length", p_length, 1, 0),
	E("string_of_int", p_string_of, 1, 0),
	E("string_of_bool", p_string_of, 1, 1),
	/* Zulib's prims.fst has strcat, and neither ^ nor pow2; F*'s
	 * desugaring reads a ^ b as Prims.strcat a b when no op_Hat is in
	 * scope (ToSyntax's op_as_term), which this entry stands for (a
	 * contract's own ( ^ ) shadows it, as op_Hat would) */
	E("strcat", p_strcat, 2, 0), E("^", p_strcat, 2, 0),
	/* propositions: types, so only in what is erased (a refinement
	 * predicate passed to refine_in, assert_norm's argument); never run */
	{ "==", NULL, 2, ZEN_NATIVE_GHOST, 0, 0, CNONE },
	{ "===", NULL, 2, ZEN_NATIVE_GHOST, 0, 0, CNONE },
	{ "/\\", NULL, 2, ZEN_NATIVE_GHOST, 0, 0, CNONE },
	{ "\\/", NULL, 2, ZEN_NATIVE_GHOST, 0, 0, CNONE },
	{ "==>", NULL, 2, ZEN_NATIVE_GHOST, 0, 0, CNONE },
	{ "<==>", NULL, 2, ZEN_NATIVE_GHOST, 0, 0, CNONE },
	{ "~", NULL, 1, ZEN_NATIVE_GHOST, 0, 0, CNONE },
	{ "b2t", NULL, 1, ZEN_NATIVE_GHOST, 0, 0, CNONE },
	ECTOR("Nil", 0), ECTOR("Cons", 2),
	ETYPE("int"), ETYPE("nat"), ETYPE("pos"), ETYPE("bool"),
	ETYPE("string"), ETYPE("unit"), ETYPE("list"), ETYPE("Type"),
	ETYPE("Type0"), ETYPE("eqtype"), ETYPE("prop"),
	/* the propositions True and False (l_True, l_False): a refinement
	 * predicate `fun _ -> True` is a lambda of count 0 */
	ETYPE("True"), ETYPE("False"),
	EEND
};

const struct zen_native zl_pervasives[] = {
	ECTOR("OK", 1), ECTOR("ERR", 1), ECTOR("Inl", 1), ECTOR("Inr", 1),
	E("dfst", p_proj, 1, 0), E("dsnd", p_proj, 1, 1),
	E("ignore", zl_unit, 1, 0), E("allow_inversion", zl_unit, 1, 0),
	ELEMMA("invertOption", 1),
	/* false_elim takes a unit{false}: no call can be well typed */
	{ "false_elim", NULL, 1, ZEN_NATIVE_GHOST, 0, 0, CNONE },
	ETYPE("result"), ETYPE("either"), ETYPE("inversion"),
	EEND
};

/* F*'s tuples: Mktuple2 a b is (a, b), Mktuple2?._1 its first item */
static const char *const tuple_fields[] = { "_1", "_2", "_3", "_4", "_5",
					    "_6", "_7", "_8" };
static const struct zen_record_type tuple2_t = { 2, tuple_fields, 1 },
	tuple3_t = { 3, tuple_fields, 1 }, tuple4_t = { 4, tuple_fields, 1 },
	tuple5_t = { 5, tuple_fields, 1 }, tuple6_t = { 6, tuple_fields, 1 },
	tuple7_t = { 7, tuple_fields, 1 }, tuple8_t = { 8, tuple_fields, 1 };

const struct zen_native zl_native[] = {
	/* lemmas: proofs, unit and free (ELEMMA) */
	ELEMMA("normalize_term_spec", 1), ELEMMA("normalize_spec", 1),
	ELEMMA("norm_spec", 2),
	ECTOR("Some", 1), ECTOR("None", 0),
	ERECORD("Mktuple2", tuple2_t, 2), ERECORD("Mktuple3", tuple3_t, 3),
	ERECORD("Mktuple4", tuple4_t, 4), ERECORD("Mktuple5", tuple5_t, 5),
	ERECORD("Mktuple6", tuple6_t, 6), ERECORD("Mktuple7", tuple7_t, 7),
	ERECORD("Mktuple8", tuple8_t, 8),
	E("fst", p_proj, 1, 0), E("snd", p_proj, 1, 1),
	/* its argument is a proposition, erased: never evaluated */
	EP("assert_norm", zl_unit, 1, 1, 0, CNONE),
	ETYPE("option"),
	EEND
};

/* ---- Zen.Base ---- */

NATIVE(b_id) { RET(a[self->aux]); }

NATIVE(b_pipe)	/* x |> f = f x; aux: 0 |> (x f), 1 <| @ (f x) */
{
	return self->aux ? zen_apply(rt, a[0], a[1], out)
			 : zen_apply(rt, a[1], a[0], out);
}

NATIVE(b_compose)	/* aux 0: (f >> g) x = g (f x); 1: (f << g) x = f (g x) */
{
	zv *t;

	if (self->aux) {
		TRY(zen_apply(rt, a[1], a[2], &t));
		return zen_apply(rt, a[0], t, out);
	}
	TRY(zen_apply(rt, a[0], a[2], &t));
	return zen_apply(rt, a[1], t, out);
}

NATIVE(b_flip) { return zen_apply2(rt, a[0], a[2], a[1], out); }

NATIVE(b_swap)
{
	zv *t = a[0];

	if (t->tag != ZV_TUPLE || t->u.seq.n != 2)
		return zen_rt_fail(rt, "swap: expected a pair");
	RET(zv_tuple2(rt, t->u.seq.items[1], t->u.seq.items[0]));
}

NATIVE(b_curry)	/* curryN f x1..xN = f (x1, .., xN) */
{
	zv *t = zv_tuple(rt, (size_t)self->aux, a + 1);

	if (!t)
		return ZEN_EREFUSED;
	return zen_apply(rt, a[0], t, out);
}

NATIVE(b_uncurry)	/* uncurryN f (x1, .., xN) = f x1 .. xN */
{
	zv *t = a[1];

	if (t->tag != ZV_TUPLE || t->u.seq.n != (size_t)self->aux)
		return zen_rt_fail(rt, "%s: expected a %d-tuple", self->name,
				   (int)self->aux);
	return zen_apply_n(rt, a[0], t->u.seq.n, t->u.seq.items, out);
}

const struct zen_native zl_base[] = {
	/* lemmas: proofs, unit and free (ELEMMA) */
	ELEMMA("cast_id", 2), ELEMMA("retype_id", 2),
	E("id", b_id, 1, 0), E("konst", b_id, 2, 0),
	{ "cast", b_id, 2, 0, 1, 1, CNONE },
	{ "retype", b_id, 2, 0, 1, 1, CNONE },
	{ "refine", b_id, 2, 0, 1, 1, CNONE },
	E("|>", b_pipe, 2, 0), E("<|", b_pipe, 2, 1), E("@", b_pipe, 2, 1),
	E(">>", b_compose, 3, 0), E("<<", b_compose, 3, 1),
	E("@<<", b_compose, 3, 1),
	E("flip", b_flip, 3, 0), E("swap", b_swap, 1, 0),
	E("curry", b_curry, 3, 2), E("uncurry", b_uncurry, 2, 2),
	E("curry3", b_curry, 4, 3), E("uncurry3", b_uncurry, 2, 3),
	E("curry4", b_curry, 5, 4), E("uncurry4", b_uncurry, 2, 4),
	ETYPE("refineType"),
	EEND
};

/* ---- Zen.Cost ---- */

NATIVE(c_ret) { RET(zen_cost_ret(rt, a[0])); }

NATIVE(c_incret) { RET(zen_cost_ret_k(rt, a[1], zen_native_cost(self, a))); }

NATIVE(c_bind)	/* aux 0: bind m f; 1: =<< f m */
{
	zv *m = a[self->aux ? 1 : 0], *f = a[self->aux ? 0 : 1];

	TRY(zl_want(rt, self, m, ZV_COST));
	RET(zen_cost_bind(rt, m, f));
}

NATIVE(c_inc)	/* inc k m: m with k more cost */
{
	(void)cost;	/* k: the declared rule, charged by the runtime */
	TRY(zl_want(rt, self, a[1], ZV_COST));
	TAIL(a[1]);
}

/* autoInc m: identity here; its target n comes from the type around it,
 * which the evaluator pads to where it is declared (eval.h COST INDEXES) */
NATIVE(c_auto)	/* aux: which argument is the cost value */
{
	TRY(zl_want(rt, self, a[self->aux], ZV_COST));
	RET(a[self->aux]);
}

NATIVE(c_retf)	/* retf f x = ret (f x) */
{
	zv *y;

	TRY(zen_apply(rt, a[0], a[1], &y));
	RET(zen_cost_ret(rt, y));
}

NATIVE(c_map)	/* aux 0: map f m; 1: $> m f */
{
	zv *f = a[self->aux ? 1 : 0], *m = a[self->aux ? 0 : 1], *x, *y;

	TRY(zl_force(rt, m, &x, cost));
	TRY(zen_apply(rt, f, x, &y));
	RET(y);
}

NATIVE(c_ap)	/* aux 0: ap mf m; 1: *> m mf */
{
	zv *mf = a[self->aux ? 1 : 0], *m = a[self->aux ? 0 : 1], *f, *x;

	TRY(zl_force(rt, mf, &f, cost));
	TRY(zl_force(rt, m, &x, cost));
	return zen_apply(rt, f, x, out);
}

NATIVE(c_apv)	/* <~> mf x */
{
	zv *f;

	TRY(zl_force(rt, a[0], &f, cost));
	return zen_apply(rt, f, a[1], out);
}

NATIVE(c_bindn)	/* bind2 a b f, bind3 a b c f */
{
	size_t n = (size_t)self->aux, i;
	zv *x[3];

	for (i = 0; i < n; i++)
		TRY(zl_force(rt, a[i], &x[i], cost));
	TRY(zen_apply_n(rt, a[n], n, x, out));
	TRY(zl_want(rt, self, *out, ZV_COST));
	return ZEN_NATIVE_TAIL;
}

NATIVE(c_join)
{
	zv *inner;

	TRY(zl_force(rt, a[0], &inner, cost));
	TRY(zl_want(rt, self, inner, ZV_COST));
	TAIL(inner);
}

NATIVE(c_kleisli)	/* aux 0: (f >=> g) x; 1: (g <=< f) x */
{
	zv *f = a[self->aux ? 1 : 0], *g = a[self->aux ? 0 : 1], *m;

	TRY(zen_apply(rt, f, a[2], &m));
	TRY(zl_want(rt, self, m, ZV_COST));
	RET(zen_cost_bind(rt, m, g));
}

const struct zen_native zl_cost_realized[] = {
	/* lemmas: proofs, unit and free (ELEMMA) */
	ELEMMA("left_id", 2), ELEMMA("right_id", 1),
	ELEMMA("assoc", 3), ELEMMA("force_ret", 1),
	ELEMMA("force_inc", 2), ELEMMA("force_bind", 2),
	ELEMMA("force_bind_inc", 2),
	EP("ret", c_ret, 1, 0, 0, CK(0)),
	EP("bind", c_bind, 2, 0, 0, CCB(ZEN_CB_MN, 0)),
	EL("inc", c_inc, 2, 1, 0, CR(ZEN_CM_NAT, 0, 0, ZEN_CB_M, 1, 0)),
	/* refine_in p mx, refine_out p mx: identities (p is a proof) */
	EP("refine_in", c_auto, 2, 0, 1, CCB(ZEN_CB_M, 0)),
	EP("refine_out", c_auto, 2, 0, 1, CCB(ZEN_CB_M, 0)),
	{ "force", NULL, 1, ZEN_NATIVE_GHOST, 0, 0, CNONE },
	ETYPE("cost"), ETYPE("t"),
	EEND
};

const struct zen_native zl_cost_extracted[] = {
	/* lemmas: proofs, unit and free (ELEMMA) */
	ELEMMA("force_bind2", 3), ELEMMA("force_bind3", 4),
	ELEMMA("force_map", 2), ELEMMA("force_ap", 2),
	ELEMMA("force_kleisli", 2),
	EP("incRet", c_incret, 2, 1, 0, CNAT(1, 0, 0)),
	EP(">>=", c_bind, 2, 0, 0, CCB(ZEN_CB_MN, 0)),
	EP("=<<", c_bind, 2, 0, 1, CCB(ZEN_CB_MN, 0)),
	EP("letBang", c_bind, 2, 0, 0, CCB(ZEN_CB_MN, 0)),
	EP("bind_dep", c_bind, 2, 0, 0, CCB(ZEN_CB_MN, 0)),
	EP("ifBang", c_bind, 2, 0, 0, CCB(ZEN_CB_MN, 0)),
	EP("refine_eq_in", c_auto, 1, 0, 0, CCB(ZEN_CB_M, 0)),
	EP("refine_eq_out", c_auto, 2, 0, 1, CCB(ZEN_CB_M, 0)),
	EAUTO("autoInc", c_auto, 1, 0), EAUTO("autoRet", c_ret, 1, 0),
	EP("retf", c_retf, 2, 0, 0, CK(0)),
	EC("map", c_map, 2, 0, CCB(ZEN_CB_M, 0)),
	EC("<$>", c_map, 2, 0, CCB(ZEN_CB_M, 0)),
	EC("$>", c_map, 2, 1, CCB(ZEN_CB_M, 0)),
	EC("ap", c_ap, 2, 0, CCB(ZEN_CB_MN, 0)),
	EC("<*>", c_ap, 2, 0, CCB(ZEN_CB_MN, 0)),
	EC("*>", c_ap, 2, 1, CCB(ZEN_CB_MN, 0)),
	EC("<~>", c_apv, 2, 0, CCB(ZEN_CB_M, 0)),
	EC("bind2", c_bindn, 3, 2, CCB(ZEN_CB_SUM, 0)),
	EC("bind3", c_bindn, 4, 3, CCB(ZEN_CB_SUM, 0)),
	EC("join", c_join, 1, 0, CCB(ZEN_CB_MN, 0)),
	EP(">=>", c_kleisli, 3, 0, 0, CCB(ZEN_CB_MN, 0)),
	EP("<=<", c_kleisli, 3, 0, 1, CCB(ZEN_CB_MN, 0)),
	EEND
};

/* ---- machine integers ---- */

static int mbits(int tag)
{
	return tag == ZV_U8 ? 8 : tag == ZV_U32 ? 32 : 64;
}

static uint64_t mmax(int tag)
{
	return tag == ZV_I64 ? (uint64_t)INT64_MAX
	       : mbits(tag) == 64 ? UINT64_MAX
				  : ((uint64_t)1 << mbits(tag)) - 1;
}

enum { M_ADD, M_SUB, M_MUL, M_DIV, M_REM, M_CADD, M_CSUB, M_CMUL, M_CDIV,
       M_EQ, M_GT, M_GTE, M_LT, M_LTE };

#define MAUX(op, tag) ((op) * 16 + (tag))

NATIVE(m_bin)
{
	int op = (int)(self->aux / 16), tag = (int)(self->aux % 16);
	uint64_t x, y, r = 0;
	int64_t sx, sy, sr;
	int fail = 0;

	TRY(zl_want(rt, self, a[0], tag));
	TRY(zl_want(rt, self, a[1], tag));
	x = a[0]->u.u;
	y = a[1]->u.u;
	if (op >= M_EQ && op <= M_LTE)
		zc_trace_cmp(rt, a[0], a[1], op != M_EQ);
	sx = (int64_t)x;
	sy = (int64_t)y;
	switch (op) {
	case M_ADD: r = x + y; break;
	case M_SUB: r = x - y; break;
	case M_MUL: r = x * y; break;
	case M_DIV: case M_REM: case M_CDIV:
		if (!y || (tag == ZV_I64 && sx == INT64_MIN && sy == -1)) {
			if (op == M_CDIV)
				RET(zv_none());
			return zen_rt_fail(rt, y ? "integer overflow in %s"
					   : "division by zero in %s",
					   self->name);
		}
		if (tag == ZV_I64)
			r = (uint64_t)(op == M_REM ? sx % sy : sx / sy);
		else
			r = op == M_REM ? x % y : x / y;
		if (op == M_CDIV)
			RET(zv_some(rt, zv_mint(rt, tag, r)));
		break;
	case M_CADD: case M_CSUB: case M_CMUL:
		if (tag == ZV_I64) {
			fail = op == M_CADD ? __builtin_add_overflow(sx, sy, &sr)
			     : op == M_CSUB ? __builtin_sub_overflow(sx, sy, &sr)
					    : __builtin_mul_overflow(sx, sy, &sr);
			r = (uint64_t)sr;
		} else {
			fail = op == M_CADD ? __builtin_add_overflow(x, y, &r)
			     : op == M_CSUB ? __builtin_sub_overflow(x, y, &r)
					    : __builtin_mul_overflow(x, y, &r);
			fail |= r > mmax(tag);
		}
		if (fail)
			RET(zv_none());
		RET(zv_some(rt, zv_mint(rt, tag, r)));
	case M_EQ: RET(zv_bool(x == y));
	case M_GT: RET(zv_bool(tag == ZV_I64 ? sx > sy : x > y));
	case M_GTE: RET(zv_bool(tag == ZV_I64 ? sx >= sy : x >= y));
	case M_LT: RET(zv_bool(tag == ZV_I64 ? sx < sy : x < y));
	case M_LTE: RET(zv_bool(tag == ZV_I64 ? sx <= sy : x <= y));
	}
	RET(zv_mint(rt, tag, r));
}

NATIVE(m_v)
{
	int tag = (int)self->aux;

	TRY(zl_want(rt, self, a[0], tag));
	if (tag == ZV_U64 && a[0]->u.u > (uint64_t)INT64_MAX)
		return zen_rt_fail(rt, "%s: value does not fit an int",
				   self->name);
	RET(zv_int(rt, (int64_t)a[0]->u.u));
}

NATIVE(m_of_int)
{
	int tag = (int)self->aux;
	int64_t i;

	TRY(zl_int(rt, self, a[0], &i));
	if (tag != ZV_I64 && (i < 0 || (uint64_t)i > mmax(tag)))
		return zen_rt_fail(rt, "%s: %" PRId64 " out of range",
				   self->name, i);
	RET(zv_mint(rt, tag, (uint64_t)i));
}

/* to_string x = Prims.to_string (v x): v is a checked conversion to
 * int, so a UInt64 >= 2^63 fails (contracts.md 7) */
NATIVE(m_to_string)
{
	char buf[32];

	TRY(zl_want(rt, self, a[0], (int)self->aux));
	if (self->aux == ZV_U64 && a[0]->u.u > (uint64_t)INT64_MAX)
		return zen_rt_fail(rt, "%s: value does not fit an int",
				   self->name);
	if (self->aux == ZV_I64)
		snprintf(buf, sizeof(buf), "%" PRId64, a[0]->u.i);
	else
		snprintf(buf, sizeof(buf), "%" PRIu64, a[0]->u.u);
	RET(zv_str(rt, buf));
}

static int is_space(uint8_t c)	/* .NET Char.IsWhiteSpace on Latin-1 */
{
	return c == ' ' || (c >= 9 && c <= 13) || c == 0x85 || c == 0xa0;
}

/* digits of p[0..n) in base b, at most lim; -1 when not a number */
static int digits(const uint8_t *p, size_t n, unsigned b, uint64_t lim,
		  uint64_t *r)
{
	size_t i;

	*r = 0;
	if (!n)
		return -1;
	for (i = 0; i < n; i++) {
		unsigned d = p[i] >= '0' && p[i] <= '9' ? p[i] - '0' :
			     p[i] >= 'a' && p[i] <= 'f' ? p[i] - 'a' + 10 :
			     p[i] >= 'A' && p[i] <= 'F' ? p[i] - 'A' + 10 : 99;

		if (d >= b || *r > (lim - d) / b)
			return -1;
		*r = *r * b + d;
	}
	return 0;
}

/* FSharp.Core's parseBinaryUInt64 / parseOctalUInt64: digits of base b
 * (2 or 8), accumulated modulo 2^64 (unchecked *.. and +..). */
static int wrapping_digits(const uint8_t *p, size_t n, unsigned b,
			   uint64_t *r)
{
	*r = 0;
	if (!n)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (p[i] < '0' || p[i] >= '0' + b)
			return -1;
		*r = *r * b + (p[i] - '0');
	}
	return 0;
}

/* .NET's Parse ignores NUL characters after the number. */
static size_t without_trailing_nuls(const uint8_t *p, size_t n)
{
	while (n && !p[n - 1])
		n--;
	return n;
}

/*
 * .NET's decimal Parse with a leading sign allowed (and, with white,
 * leading and trailing white space: NumberStyles.Integer): a magnitude of
 * at most lim, or of at most lim + 1 when negative and neg_lim.  *neg set
 * when it had a '-'.  "-0" is 0.
 */
static int dotnet_decimal(const uint8_t *p, size_t n, int white,
			  uint64_t lim, int neg_lim, uint64_t *r, int *neg)
{
	n = without_trailing_nuls(p, n);
	if (white) {
		while (n && is_space(p[0]))
			p++, n--;
		while (n && is_space(p[n - 1]))
			n--;
	}
	*neg = n && p[0] == '-';
	if (n && (p[0] == '+' || p[0] == '-'))
		p++, n--;
	if (digits(p, n, 10, *neg && neg_lim ? lim + 1 : lim, r))
		return -1;
	return *neg && *r && !neg_lim ? -1 : 0;
}

/*
 * The of_string of Zulib's realized machine integers, FSharp.Core's
 * parsers (contracts.md 7): UInt64 `uint64 s` (ParseUInt64), UInt32
 * `uint32 s` (ParseUInt32), UInt8 `uint8 s` (ParseUInt32, then a checked
 * narrowing), Int64 Prims.parse_int (ParseInt64).  Each trims white space,
 * deletes every '_', and reads (Int64 only: a '-', then) 0x / 0o / 0b in
 * either case: hexadecimal with .NET's Parse (checked), octal or binary
 * accumulated modulo 2^64 (then narrowed to 32 bits for UInt32, negated
 * for Int64); else the whole text as .NET's decimal Parse: a sign, and for
 * UInt32 white space inside (NumberStyles.Integer).  0 and *r, or -1.
 */
static int fsharp_parse(struct zen_rt *rt, const uint8_t *p, size_t n,
			int tag, uint64_t *r)
{
	uint64_t lim = tag == ZV_I64 ? (uint64_t)INT64_MAX
		       : tag == ZV_U64 ? UINT64_MAX : UINT32_MAX;
	uint8_t *s;
	size_t l = 0, i = 0;
	int neg = 0, rc;
	unsigned b = 10;

	while (n && is_space(p[0]))
		p++, n--;
	while (n && is_space(p[n - 1]))
		n--;
	if (!(s = zen_rt_alloc(rt, n + 1)))
		return -1;
	for (size_t k = 0; k < n; k++)
		if (p[k] != '_')
			s[l++] = p[k];
	if (tag == ZV_I64 && l && s[0] == '-')
		neg = 1, i = 1;
	if (i + 1 < l && s[i] == '0' && strchr("xXoObB", s[i + 1]) &&
	    s[i + 1]) {
		b = s[i + 1] == 'x' || s[i + 1] == 'X' ? 16 :
		    s[i + 1] == 'o' || s[i + 1] == 'O' ? 8 : 2;
		i += 2;
	}
	if (b == 10) {	/* the whole text, its sign included */
		rc = dotnet_decimal(s, l, tag == ZV_U32 || tag == ZV_U8, lim,
				    tag == ZV_I64, r, &neg);
	} else if (b == 16) {
		rc = digits(s + i, without_trailing_nuls(s + i, l - i), 16,
			    tag == ZV_I64 ? UINT64_MAX : lim, r);
	} else {
		rc = wrapping_digits(s + i, l - i, b, r);
		if (tag == ZV_U32 || tag == ZV_U8)
			*r &= UINT32_MAX;	/* uint32 of the uint64 */
	}
	if (rc)
		return -1;
	if (neg)	/* Int64: -(magnitude), modulo 2^64 */
		*r = (uint64_t)0 - *r;
	return 0;
}

NATIVE(m_of_string)
{
	int tag = (int)self->aux;
	uint64_t r;

	TRY(zl_bytes(rt, self, a[0]));
	if (fsharp_parse(rt, a[0]->u.bytes.p, a[0]->u.bytes.len, tag, &r) ||
	    (tag == ZV_U8 && r > UINT8_MAX))	/* ParseByte: conv.ovf.u1 */
		RET(zv_none());
	RET(zv_some(rt, zv_mint(rt, tag, r)));
}


NATIVE(m_fits)	/* fits x: x is in the range of the type */
{
	int tag = (int)self->aux;
	int64_t i;

	TRY(zl_int(rt, self, a[0], &i));
	if (tag == ZV_I64)
		RET(zv_bool(1));
	RET(zv_bool(i >= 0 && (uint64_t)i <= mmax(tag)));
}

/* ---- Zen.Integers ---- */

/* v @% p: v % p (Prims' %, never negative: p_arith) moved into
 * [-p/2, p/2) */
NATIVE(i_circ_mod)
{
	int64_t v, p, m;

	TRY(zl_int(rt, self, a[0], &v));
	TRY(zl_int(rt, self, a[1], &p));
	if (p <= 0 || p % 2)
		return zen_rt_fail(rt, "%s: modulus must be positive and even",
				   self->name);
	m = v % p;
	if (m < 0)
		m += p;
	RET(zv_int(rt, m >= p / 2 ? m - p : m));
}

/* div_floor a b: Zulib's definition is -(|a| / |b|) for operands of
 * opposite signs, |a| / |b| otherwise, i.e. truncation */
NATIVE(i_div_floor)
{
	int64_t x, y;

	TRY(zl_int(rt, self, a[0], &x));
	TRY(zl_int(rt, self, a[1], &y));
	if (!y)
		return zen_rt_fail(rt, "division by zero");
	if (x == INT64_MIN || y == INT64_MIN)
		return zen_rt_fail(rt, "integer overflow in %s", self->name);
	RET(zv_int(rt, x / y));
}

const struct zen_native zl_integers[] = {
	/* lemmas: proofs, unit and free (ELEMMA) */
	ELEMMA("p2_m_plus_n", 2), ELEMMA("p2_double", 1),
	ELEMMA("p2_0", 1), ELEMMA("p2_1", 1), ELEMMA("p2_2", 1),
	ELEMMA("p2_4", 1), ELEMMA("p2_8", 1), ELEMMA("p2_16", 1),
	ELEMMA("p2_32", 1), ELEMMA("p2_64", 1), ELEMMA("p2_128", 1),
	ELEMMA("p2_values", 1),
	E("@%", i_circ_mod, 2, 0), E("op_At_Percent", i_circ_mod, 2, 0),
	E("div_floor", i_div_floor, 2, 0),
	/* p2 and lg2 are GTot: specification only */
	{ "p2", NULL, 1, ZEN_NATIVE_GHOST, 0, 0, CNONE },
	{ "lg2", NULL, 1, ZEN_NATIVE_GHOST, 0, 0, CNONE },
	EEND
};

#define MACHINE_TABLE(tbl, TAG, conv, ...)				\
const struct zen_native tbl[] = {					\
	E("v", m_v, 1, TAG), E(conv, m_of_int, 1, TAG),			\
	E("add", m_bin, 2, MAUX(M_ADD, TAG)),				\
	E("sub", m_bin, 2, MAUX(M_SUB, TAG)),				\
	E("mul", m_bin, 2, MAUX(M_MUL, TAG)),				\
	E("add_mod", m_bin, 2, MAUX(M_ADD, TAG)),			\
	E("sub_mod", m_bin, 2, MAUX(M_SUB, TAG)),			\
	E("mul_mod", m_bin, 2, MAUX(M_MUL, TAG)),			\
	E("checked_add", m_bin, 2, MAUX(M_CADD, TAG)),			\
	E("checked_sub", m_bin, 2, MAUX(M_CSUB, TAG)),			\
	E("checked_mul", m_bin, 2, MAUX(M_CMUL, TAG)),			\
	E("checked_div", m_bin, 2, MAUX(M_CDIV, TAG)),			\
	E("div", m_bin, 2, MAUX(M_DIV, TAG)),				\
	E("rem", m_bin, 2, MAUX(M_REM, TAG)),				\
	E("eq", m_bin, 2, MAUX(M_EQ, TAG)),				\
	E("gt", m_bin, 2, MAUX(M_GT, TAG)),				\
	E("gte", m_bin, 2, MAUX(M_GTE, TAG)),				\
	E("lt", m_bin, 2, MAUX(M_LT, TAG)),				\
	E("lte", m_bin, 2, MAUX(M_LTE, TAG)),				\
	E("to_string", m_to_string, 1, TAG),				\
	E("of_string", m_of_string, 1, TAG),				\
	E("fits", m_fits, 1, TAG), ETYPE("size"),			\
	E("+^", m_bin, 2, MAUX(M_ADD, TAG)),				\
	E("-^", m_bin, 2, MAUX(M_SUB, TAG)),				\
	E("*^", m_bin, 2, MAUX(M_MUL, TAG)),				\
	E("+%^", m_bin, 2, MAUX(M_ADD, TAG)),				\
	E("-%^", m_bin, 2, MAUX(M_SUB, TAG)),				\
	E("*%^", m_bin, 2, MAUX(M_MUL, TAG)),				\
	E("+?^", m_bin, 2, MAUX(M_CADD, TAG)),				\
	E("-?^", m_bin, 2, MAUX(M_CSUB, TAG)),				\
	E("*?^", m_bin, 2, MAUX(M_CMUL, TAG)),				\
	E("/?^", m_bin, 2, MAUX(M_CDIV, TAG)),				\
	E("/^", m_bin, 2, MAUX(M_DIV, TAG)),				\
	E("%^", m_bin, 2, MAUX(M_REM, TAG)),				\
	E("=^", m_bin, 2, MAUX(M_EQ, TAG)),				\
	E(">^", m_bin, 2, MAUX(M_GT, TAG)),				\
	E(">=^", m_bin, 2, MAUX(M_GTE, TAG)),				\
	E("<^", m_bin, 2, MAUX(M_LT, TAG)),				\
	E("<=^", m_bin, 2, MAUX(M_LTE, TAG)),				\
	ETYPE("t"), ETYPE("byte"),					\
	ELEMMA("uv_inv", 1), ELEMMA("vu_inv", 1), ELEMMA("v_inj", 2),	\
	__VA_ARGS__							\
	EEND								\
}

/* Zulib v0.3.43 comments out the bitwise functions and the shifts of
 * every machine integer module (with their infix forms), and ships no
 * FStar.UInt16: a contract that names them cannot activate. */
MACHINE_TABLE(zl_uint8, ZV_U8, "uint_to_t",);
MACHINE_TABLE(zl_uint32, ZV_U32, "uint_to_t",);
MACHINE_TABLE(zl_uint64, ZV_U64, "uint_to_t",);
/* Int64.mod a b = a - (a `div_floor` b) * b on ints: the remainder with
 * the sign of the dividend (div_floor truncates, Zen.Integers) */
MACHINE_TABLE(zl_int64, ZV_I64, "int_to_t", E("mod", p_arith, 2, OP_TREM),);

/* ---- FStar.String, FStar.Char ---- */

NATIVE(s_length)
{
	TRY(zl_bytes(rt, self, a[0]));
	RET(zv_int(rt, (int64_t)a[0]->u.bytes.len));
}

NATIVE(s_at)
{
	int64_t i;

	TRY(zl_bytes(rt, self, a[0]));
	TRY(zl_int(rt, self, a[1], &i));
	if (i < 0 || (uint64_t)i >= a[0]->u.bytes.len)
		return zen_rt_fail(rt, "%s: index out of range", self->name);
	RET(zv_bytes(rt, a[0]->u.bytes.p + i, 1));
}

NATIVE(s_to_chars)
{
	const uint8_t *p;
	size_t n;

	if (self->aux) {	/* ofChars: array/list of U8 -> string */
		if (a[0]->tag == ZV_LIST) {
			zv **it = zv_list_items(rt, a[0]);
			zv *arr;

			if (!it || !(arr = zv_array(rt, a[0]->u.list.len, it)))
				return ZEN_EREFUSED;
			TRY(zl_byteseq(rt, self, arr, &p, &n));
		} else {
			TRY(zl_byteseq(rt, self, a[0], &p, &n));
		}
		RET(zv_bytes(rt, p, n));
	}
	TRY(zl_bytes(rt, self, a[0]));
	RET(a[0]);
}

NATIVE(c_case)
{
	uint8_t c;

	TRY(zl_want(rt, self, a[0], ZV_U8));
	c = (uint8_t)a[0]->u.u;
	if (self->aux && c >= 'a' && c <= 'z')
		c = (uint8_t)(c - 32);
	else if (!self->aux && c >= 'A' && c <= 'Z')
		c = (uint8_t)(c + 32);
	RET(zv_u8(rt, c));
}

const struct zen_native zl_string[] = {
	/* lemmas: proofs, unit and free (ELEMMA) */
	ELEMMA("string_is_bytearray", 1), ELEMMA("length_eqiv", 1),
	E("length", s_length, 1, 0), E("strlen", s_length, 1, 0),
	E("at", s_at, 2, 0),
	EC("cat", p_strcat, 2, 0, CR(ZEN_CM_LEN2, 0, 1, ZEN_CB_NONE, 1, 2)),
	/* no strcat: Zulib's is private (Prims.strcat is public) */
	E("toChars", s_to_chars, 1, 0), E("ofChars", s_to_chars, 1, 1),
	ETYPE("t"), ETYPE("string"),
	EEND
};

const struct zen_native zl_char[] = {
	EC("lowercase", c_case, 1, 0, CK(2)),
	EC("uppercase", c_case, 1, 1, CK(2)),
	ETYPE("char"),
	EEND
};
