/*
 * eval.c - run time of the ZF* evaluator (eval.h RUNNING): walks the
 * program tree that resolve.c built (eval-int.h) with a linked environment
 * allocated in the runtime's arena.  Each node kind has its own ev_*
 * function; eval() only dispatches and loops: a construct either leaves a
 * value or hands a tail (node, environment) back to the loop, so tail
 * positions (let/if/match bodies, saturated closure calls) never recurse.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/contract/eval-int.h"
#include "core/base/buf.h"

/* ------------------------------------------------------------------ */
/* Evaluation                                                         */
/* ------------------------------------------------------------------ */

struct env {
	zv *v;
	struct env *up;
};

struct zc_exec {
	const struct zc_program *p;
	struct zen_rt *rt;
	zv **g;
	uint64_t steps, max_steps;
	const atomic_int *cancel;	/* zc_limits.cancel */
	/* cost indexes (eval.h COST INDEXES): nesting, and what is left of
	 * the run's budget for all of them */
	unsigned in_index;
	uint64_t index_steps_left;
	size_t index_mem_left;
	/* the run's limits while an index runs (ev_costof) */
	uint64_t run_max_steps;
	size_t run_mem_limit;
	/* the first increment a run found on no cost value (zc_exec_uncost) */
	const struct node *uncost_at;
	uint64_t uncost_k;
};

static int eval(struct zc_exec *ex, const struct node *n, struct env *env,
		zv **out);

static int push_env(struct zen_rt *rt, struct env **env, zv *v)
{
	struct env *e = zen_rt_alloc(rt, sizeof(*e));

	if (!e)
		return ZEN_EREFUSED;
	e->v = v;
	e->up = *env;
	*env = e;
	return 0;
}

/* 1 matched (variables pushed on *env), 0 no match, -1 error. */
static int match(struct zc_exec *ex, const struct rpat *p, zv *v,
		 struct env **env)
{
	struct zen_rt *rt = ex->rt;
	size_t i;
	int r;

	switch (p->kind) {
	case P_WILD:
		return 1;
	case P_VAR:
		return push_env(rt, env, v) ? -1 : 1;
	case P_CONST:
		if (v->tag == ZV_ERASED)
			return 1;
		return zv_equal(rt, p->k, v);
	case P_TUPLE:
		if (v->tag != ZV_TUPLE || v->u.seq.n != p->n)
			return 0;
		for (i = 0; i < p->n; i++)
			if ((r = match(ex, p->sub[i], v->u.seq.items[i],
				       env)) != 1)
				return r;
		return 1;
	case P_LIST:
		if (v->tag != ZV_LIST || v->u.list.len != p->n)
			return 0;
		for (i = 0; i < p->n; i++, v = v->u.list.tail)
			if ((r = match(ex, p->sub[i], v->u.list.head,
				       env)) != 1)
				return r;
		return 1;
	case P_CONS:
		if (v->tag != ZV_LIST || !v->u.list.len)
			return 0;
		if ((r = match(ex, p->sub[0], v->u.list.head, env)) != 1)
			return r;
		return match(ex, p->sub[1], v->u.list.tail, env);
	case P_RECORD:
		if (v->tag != ZV_RECORD)
			return 0;
		for (i = 0; i < p->n; i++) {
			zv *f = zv_field(v, p->fields[i]);

			if (!f) {
				zen_rt_fail(rt, "record has no field '%s'",
					    p->fields[i]);
				return -1;
			}
			if ((r = match(ex, p->sub[i], f, env)) != 1)
				return r;
		}
		return 1;
	case P_CON: {
		zv *const *args;
		size_t n;

		if (p->con_list == CON_NIL)
			return v->tag == ZV_LIST && !v->u.list.len;
		if (p->con_list == CON_CONS) {
			zv *two[2];

			if (v->tag != ZV_LIST || !v->u.list.len)
				return 0;
			two[0] = v->u.list.head;
			two[1] = v->u.list.tail;
			if (p->n == 2) {
				if ((r = match(ex, p->sub[0], two[0], env)) != 1)
					return r;
				return match(ex, p->sub[1], two[1], env);
			}
			if (p->n == 1) {
				zv *t = zv_tuple(rt, 2, two);

				return t ? match(ex, p->sub[0], t, env) : -1;
			}
			return 1;
		}
		if (v->tag != ZV_CON || strcmp(v->u.con.name, p->name))
			return 0;
		args = v->u.con.args;
		n = v->u.con.n;
		if (p->n == 0)
			return 1;
		if (p->n == n) {
			for (i = 0; i < n; i++)
				if ((r = match(ex, p->sub[i], args[i],
					       env)) != 1)
					return r;
			return 1;
		}
		if (p->n == 1 && n > 1) {
			/* C (a, b) against a constructor of two arguments */
			zv *t = zv_tuple(rt, n, args);

			return t ? match(ex, p->sub[0], t, env) : -1;
		}
		if (n == 1 && args[0]->tag == ZV_TUPLE &&
		    args[0]->u.seq.n == p->n) {
			for (i = 0; i < p->n; i++)
				if ((r = match(ex, p->sub[i],
					       args[0]->u.seq.items[i],
					       env)) != 1)
					return r;
			return 1;
		}
		return 0;
	}
	case P_OR:
		for (i = 0; i < p->n; i++) {
			struct env *tmp = NULL, *e;
			zv **vals;
			size_t j, k;

			r = match(ex, p->sub[i], v, &tmp);
			if (r == 0)
				continue;
			if (r < 0)
				return r;
			if (!p->nvars)
				return 1;
			if (!(vals = zen_rt_alloc(rt, p->nvars * sizeof(zv *))))
				return -1;
			for (e = tmp, k = p->nvars; e && k; e = e->up)
				vals[--k] = e->v;
			for (j = 0; j < p->nvars; j++)
				if (push_env(rt, env, vals[p->perm[i][j]]))
					return -1;
			return 1;
		}
		return 0;
	}
	return 0;
}

static int global_value(struct zc_exec *ex, size_t g, zv **out)
{
	const struct gslot *s = &ex->p->g[g];
	int rc;

	if (ex->g[g]) {
		*out = ex->g[g];
		return 0;
	}
	switch (s->kind) {
	case G_NATIVE:
		if ((rc = zen_native_value(ex->rt, s->nat, &ex->g[g])))
			return rc;
		*out = ex->g[g];
		return 0;
	case G_ERASED:
		*out = ex->g[g] = zv_erased();
		return 0;
	default:
		return zen_rt_fail(ex->rt, "'%s' used before its definition",
				   s->name ? s->name : "?");
	}
}

/* A run-time error at pos: "LINE:COL: message". */
static int fail_at(struct zc_exec *ex, struct zc_pos pos, const char *fmt,
		   ...) ZEN_PRINTF(3, 4);
static int fail_at(struct zc_exec *ex, struct zc_pos pos, const char *fmt,
		   ...)
{
	char what[ZEN_ERR_MSG_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return zen_rt_fail(ex->rt, "%u:%u: %s", (unsigned)pos.line,
			   (unsigned)pos.col, what);
}

/* Bind a saturated closure's parameters: *env becomes the body's env. */
static int bind_params(struct zc_exec *ex, const struct lam *l,
		       zv *const *args, struct env **env)
{
	size_t i;
	int r;

	for (i = 0; i < l->nraw; i++)
		if (push_env(ex->rt, env, args[i]))
			return ZEN_EREFUSED;
	for (i = 0; i < l->nparams; i++) {
		r = match(ex, l->params[i], args[i], env);
		if (r < 0)
			return ZEN_EREFUSED;
		if (r == 0)
			return fail_at(ex, l->params[i]->pos,
				       "parameter pattern does not match");
	}
	return 0;
}

static int apply_cb(void *ctx, struct zen_rt *rt, zv *fn, zv *arg, zv **out)
{
	struct zc_exec *ex = ctx;
	const struct lam *l = fn->u.clo.code;
	struct env *env = fn->u.clo.env;
	zv **args;
	int rc;

	if (fn->u.clo.n + 1 < fn->u.clo.arity)
		return (*out = zv_closure_push(rt, fn, arg)) ? 0 : ZEN_EREFUSED;
	if (!(args = zen_rt_alloc(rt, fn->u.clo.arity * sizeof(zv *))))
		return ZEN_EREFUSED;
	if (fn->u.clo.n)
		memcpy(args, fn->u.clo.args, fn->u.clo.n * sizeof(zv *));
	args[fn->u.clo.n] = arg;
	if ((rc = bind_params(ex, l, args, &env)))
		return rc;
	return eval(ex, l->body, env, out);
}

static zv *lookup_env(struct env *env, size_t idx)
{
	while (idx--)
		env = env->up;
	return env->v;
}

static int want_bool(struct zc_exec *ex, const struct node *n, zv *v)
{
	if (v->tag != ZV_BOOL)
		return fail_at(ex, n->pos, "expected a bool, got %s",
			       zv_tag_name(v));
	return 0;
}

static int eval_app(struct zc_exec *ex, const struct node *n,
		    struct env *env, zv **out, const struct node **tail,
		    struct env **tail_env)
{
	struct zen_rt *rt = ex->rt;
	zv *f, *arg;
	size_t i = 0, nargs = n->u.app.n;
	int rc;

	if ((rc = eval(ex, n->u.app.fn, env, &f)))
		return rc;
	while (i < nargs) {
		if (f->tag == ZV_ERASED) {
			*out = f;	/* a type applied to types */
			return 0;
		}
		if (f->tag == ZV_CLOSURE && f->u.clo.n == 0 &&
		    nargs - i >= f->u.clo.arity) {
			const struct lam *l = f->u.clo.code;
			struct env *e2 = f->u.clo.env;
			size_t k, ar = f->u.clo.arity;
			zv *args[16], **ap = args;

			if (ar > 16 && !(ap = zen_rt_alloc(rt, ar * sizeof(zv *))))
				return ZEN_EREFUSED;
			for (k = 0; k < ar; k++)
				if ((rc = eval(ex, n->u.app.args[i + k], env,
					       &ap[k])))
					return rc;
			i += ar;
			if ((rc = bind_params(ex, l, ap, &e2)))
				return rc;
			if (i == nargs) {
				*tail = l->body;
				*tail_env = e2;
				return 0;
			}
			if ((rc = zen_rt_enter(rt)))
				return rc;
			rc = eval(ex, l->body, e2, &f);
			zen_rt_leave(rt);
			if (rc)
				return rc;
			continue;
		}
		/* a cost-only parameter: erased, unless it is an integer
		 * literal or a cost index (kept by the resolver, res_app) */
		if (f->tag == ZV_NATIVE && zen_next_param_lazy(f) &&
		    n->u.app.args[i]->kind != N_COSTARG &&
		    !(n->u.app.args[i]->kind == N_CONST &&
		      n->u.app.args[i]->u.k &&
		      n->u.app.args[i]->u.k->tag == ZV_INT))
			arg = zv_erased();
		else if ((rc = eval(ex, n->u.app.args[i], env, &arg)))
			return rc;
		if ((rc = zen_apply(rt, f, arg, &f))) {
			if (!rt->err.msg[0])
				zen_rt_fail(rt, "application failed");
			return rc;
		}
		i++;
	}
	*out = f;
	return 0;
}

/*
 * The value of a cost index (eval.h COST INDEXES): 1 and *out when ix
 * evaluates (forced first if force and it is a cost value) to a
 * non-negative int, else 0.  Never fails the run: it has its own step
 * and memory budget, and the run's error, oom flag, step count and
 * memory limit are as before (the index's memory is added to the limit,
 * so it does not count against the run).
 */
struct index_state {
	struct zen_err err;
	int had_err, oom;
	uint64_t steps, max_steps;
	size_t mem_limit, mem_used;
};

/* 0 if the budget for cost indexes is spent. */
static int index_begin(struct zc_exec *ex, struct index_state *st)
{
	struct zen_rt *rt = ex->rt;
	uint64_t n;
	size_t m;

	st->had_err = rt->err.code != ZEN_OK;
	if (st->had_err)
		st->err = rt->err;
	st->oom = rt->oom;
	st->steps = ex->steps;
	st->max_steps = ex->max_steps;
	st->mem_limit = rt->mem_limit;
	st->mem_used = rt->mem_used;
	if (!ex->in_index) {	/* nested indexes share the outer budget */
		if (!ex->index_steps_left || !ex->index_mem_left)
			return 0;
		ex->run_max_steps = st->max_steps;
		ex->run_mem_limit = st->mem_limit;
		n = ex->index_steps_left < ZC_INDEX_MAX_STEPS
			? ex->index_steps_left : ZC_INDEX_MAX_STEPS;
		ex->max_steps = st->steps + n < st->steps ? UINT64_MAX
							  : st->steps + n;
		m = ex->index_mem_left < ZC_INDEX_MAX_MEM
			? ex->index_mem_left : ZC_INDEX_MAX_MEM;
		rt->mem_limit = st->mem_used + m < st->mem_used
			? SIZE_MAX : st->mem_used + m;
	}
	ex->in_index++;
	return 1;
}

/* Restore what index_begin saved; returns ok if v is a number (*out). */
static int index_end(struct zc_exec *ex, struct index_state *st, int ok,
		     const zv *v, uint64_t *out)
{
	struct zen_rt *rt = ex->rt;
	uint64_t n;
	size_t m;

	ex->in_index--;
	if (!ex->in_index) {
		n = ex->steps - st->steps;
		ex->index_steps_left -= n < ex->index_steps_left
			? n : ex->index_steps_left;
		ex->steps = st->steps;
		ex->max_steps = st->max_steps;
		m = rt->mem_used - st->mem_used;
		ex->index_mem_left -= m < ex->index_mem_left
			? m : ex->index_mem_left;
		rt->mem_limit = st->mem_limit + m;
	}
	if (st->had_err) {
		rt->err = st->err;
	} else {
		rt->err.code = ZEN_OK;
		rt->err.msg[0] = 0;
	}
	rt->oom = st->oom;
	if (!ok || !v || v->tag != ZV_INT || v->u.i < 0)
		return 0;
	*out = (uint64_t)v->u.i;
	return 1;
}

static int eval_index(struct zc_exec *ex, const struct node *ix,
		      struct env *env, uint64_t *out)
{
	struct index_state st;
	zv *v = NULL;
	int rc;

	if (!index_begin(ex, &st))
		return 0;
	rc = eval(ex, ix, env, &v);
	return index_end(ex, &st, !rc, v, out);
}

int zc_exec_index_call(struct zc_exec *ex, zv *fn, size_t n,
		       zv *const *args, uint64_t *out)
{
	struct index_state st;
	zv *v = NULL;
	int rc;

	if (!index_begin(ex, &st))
		return 0;
	rc = zen_apply_n(ex->rt, fn, n, args, &v);
	if (!rc && v->tag == ZV_COST)
		rc = zen_force(ex->rt, v, &v, NULL);
	return index_end(ex, &st, !rc, v, out);
}

/* The environment minus its innermost skip entries. */
static struct env *env_skip(struct env *env, size_t skip)
{
	while (skip-- && env)
		env = env->up;
	return env;
}

/*
 * zen_skipped_fn: the index of the val that closure fn's body is padded to
 * (N_PAD), evaluated with the parameter that never came erased, on the
 * budget of cost indexes; 0 when the body has no index, or the index
 * needs that parameter (arithmetic on the erased token is no number), and
 * then the count is short of the type's (rt->sub_short, value.h).
 */
static uint64_t skipped_cb(void *ctx, struct zen_rt *rt, const zv *fn)
{
	struct zc_exec *ex = ctx;
	const struct lam *l;
	struct env *env;
	struct index_state st;
	zv **args, *v = NULL;
	uint64_t k = 0;
	uint8_t short_before = rt->sub_short;
	int rc;

	rt->sub_short = 1;	/* until the index is read */
	if (fn->tag != ZV_CLOSURE || fn->u.clo.n + 1 != fn->u.clo.arity)
		return 0;
	l = fn->u.clo.code;
	env = fn->u.clo.env;
	if (l->body->kind != N_PAD || !index_begin(ex, &st))
		return 0;
	rc = (args = zen_rt_alloc(rt, fn->u.clo.arity * sizeof(zv *)))
		? 0 : ZEN_EREFUSED;
	if (!rc) {
		if (fn->u.clo.n)
			memcpy(args, fn->u.clo.args,
			       fn->u.clo.n * sizeof(zv *));
		args[fn->u.clo.n] = zv_erased();
		rc = bind_params(ex, l, args, &env);
	}
	if (!rc)
		rc = eval(ex, l->body->u.pad.idx,
			  env_skip(env, l->body->u.pad.skip), &v);
	if (index_end(ex, &st, !rc, v, &k))
		rt->sub_short = short_before;
	return k;
}

/*
 * One construct of the tree.  A construct either leaves its value in
 * *out (t->n stays NULL) or hands a tail back to the loop of eval():
 * t->n and t->env, the node to evaluate next in place of this one.
 * t->pend gathers the increments and paddings met in tail position
 * (outermost first), applied once to the final cost value; t->inc_at is
 * the first increment among them.
 */
struct tail {
	const struct node *n;
	struct env *env;
	struct zv_cost_adj *pend;
	const struct node *inc_at;
};

typedef int ev_fn(struct zc_exec *ex, const struct node *n, struct env *env,
		  zv **out, struct tail *t);

static int ev_local(struct zc_exec *ex, const struct node *n,
		    struct env *env, zv **out, struct tail *t)
{
	(void)t;
	*out = lookup_env(env, n->u.idx);
	if (!*out)
		return fail_at(ex, n->pos, "recursive value used before its "
			       "definition");
	return 0;
}

static int ev_global(struct zc_exec *ex, const struct node *n,
		     struct env *env, zv **out, struct tail *t)
{
	(void)env;
	(void)t;
	return global_value(ex, n->u.g, out);
}

static int ev_const(struct zc_exec *ex, const struct node *n,
		    struct env *env, zv **out, struct tail *t)
{
	(void)ex;
	(void)env;
	(void)t;
	*out = n->u.k;
	return 0;
}

static int ev_app(struct zc_exec *ex, const struct node *n, struct env *env,
		  zv **out, struct tail *t)
{
	return eval_app(ex, n, env, out, &t->n, &t->env);
}

/* a && b, a || b: b only when a does not decide */
static int ev_short(struct zc_exec *ex, const struct node *n,
		    struct env *env, zv **out, struct tail *t)
{
	zv *v, *w;
	int rc;

	(void)t;
	if ((rc = eval(ex, n->u.sc.a, env, &v)) ||
	    (rc = want_bool(ex, n->u.sc.a, v)))
		return rc;
	if (v->u.i == n->u.sc.is_or) {	/* true || _, false && _ */
		*out = v;
		return 0;
	}
	if ((rc = eval(ex, n->u.sc.b, env, &w)) ||
	    (rc = want_bool(ex, n->u.sc.b, w)))
		return rc;
	*out = w;
	return 0;
}

/* the values of items[0..n), in order */
static int eval_items(struct zc_exec *ex, struct node *const *items,
		      size_t n, struct env *env, zv ***out)
{
	zv **vals = zen_rt_alloc(ex->rt, n * sizeof(zv *) + 1);
	size_t i;
	int rc;

	if (!vals)
		return ZEN_EREFUSED;
	for (i = 0; i < n; i++)
		if ((rc = eval(ex, items[i], env, &vals[i])))
			return rc;
	*out = vals;
	return 0;
}

/* A tuple or a list of the node's items, made by make. */
static int ev_items_as(struct zc_exec *ex, const struct node *n,
		      struct env *env, zv **out,
		      zv *(*make)(struct zen_rt *, size_t, zv *const *))
{
	zv **items;
	int rc;

	if ((rc = eval_items(ex, n->u.items.items, n->u.items.n, env, &items)))
		return rc;
	*out = make(ex->rt, n->u.items.n, items);
	return *out ? 0 : ZEN_EREFUSED;
}

static int ev_tuple(struct zc_exec *ex, const struct node *n,
		    struct env *env, zv **out, struct tail *t)
{
	(void)t;
	return ev_items_as(ex, n, env, out, zv_tuple);
}

static int ev_list(struct zc_exec *ex, const struct node *n,
		   struct env *env, zv **out, struct tail *t)
{
	(void)t;
	return ev_items_as(ex, n, env, out, zv_list);
}

static int ev_cons(struct zc_exec *ex, const struct node *n,
		   struct env *env, zv **out, struct tail *t)
{
	zv *v, *w;
	int rc;

	(void)t;
	if ((rc = eval(ex, n->u.cons.hd, env, &v)) ||
	    (rc = eval(ex, n->u.cons.tl, env, &w)))
		return rc;
	if (w->tag != ZV_LIST)
		return fail_at(ex, n->pos, "'::' expects a list");
	*out = zv_cons(ex->rt, v, w);
	return *out ? 0 : ZEN_EREFUSED;
}

/* { f = e; ... } and { r with f = e; ... } */
static int ev_record(struct zc_exec *ex, const struct node *n,
		     struct env *env, zv **out, struct tail *t)
{
	zv **vals, *v;
	size_t i;
	int rc;

	(void)t;
	if ((rc = eval_items(ex, n->u.rec.vals, n->u.rec.n, env, &vals)))
		return rc;
	if (!n->u.rec.base) {
		*out = zv_record(ex->rt, n->u.rec.n, n->u.rec.fields, vals);
		return *out ? 0 : ZEN_EREFUSED;
	}
	if ((rc = eval(ex, n->u.rec.base, env, &v)))
		return rc;
	if (v->tag != ZV_RECORD)
		return fail_at(ex, n->pos, "'with' expects a record");
	for (i = 0; i < n->u.rec.n && v; i++)
		v = zv_record_set(ex->rt, v, n->u.rec.fields[i], vals[i]);
	*out = v;
	return v ? 0 : ZEN_EREFUSED;
}

static int ev_proj(struct zc_exec *ex, const struct node *n,
		   struct env *env, zv **out, struct tail *t)
{
	zv *v, *w;
	int rc;

	(void)t;
	if ((rc = eval(ex, n->u.proj.e, env, &v)))
		return rc;
	if (v->tag != ZV_RECORD || !(w = zv_field(v, n->u.proj.field)))
		return fail_at(ex, n->pos, "no field '%s' in a %s",
			       n->u.proj.field, zv_tag_name(v));
	*out = w;
	return 0;
}

static int ev_fun(struct zc_exec *ex, const struct node *n,
		  struct env *env, zv **out, struct tail *t)
{
	(void)t;
	*out = zv_closure(ex->rt, n->u.fun, env, n->u.fun->nparams);
	return *out ? 0 : ZEN_EREFUSED;
}

/* let p1 = e1 and p2 = e2 ... in body: values first, then the patterns */
static int ev_let(struct zc_exec *ex, const struct node *n,
		  struct env *env, zv **out, struct tail *t)
{
	zv *one, **vals = &one;
	struct env *e2 = env;
	size_t i;
	int rc, r;

	(void)out;
	if (n->u.let.n > 1 &&
	    !(vals = zen_rt_alloc(ex->rt, n->u.let.n * sizeof(zv *))))
		return ZEN_EREFUSED;
	for (i = 0; i < n->u.let.n; i++)
		if ((rc = eval(ex, n->u.let.vals[i], env, &vals[i])))
			return rc;
	for (i = 0; i < n->u.let.n; i++) {
		r = match(ex, n->u.let.pats[i], vals[i], &e2);
		if (r < 0)
			return ZEN_EREFUSED;
		if (r == 0)
			return fail_at(ex, n->u.let.pats[i]->pos,
				       "let pattern does not match");
	}
	t->n = n->u.let.body;
	t->env = e2;
	return 0;
}

static int ev_letrec(struct zc_exec *ex, const struct node *n,
		     struct env *env, zv **out, struct tail *t)
{
	struct env *e2 = env, *c;
	size_t i;
	int rc;

	(void)out;
	for (i = 0; i < n->u.letrec.n; i++)
		if ((rc = push_env(ex->rt, &e2, NULL)))
			return rc;
	/* the cells are in reverse order: the last function is index 0 */
	for (i = n->u.letrec.n, c = e2; i--; c = c->up) {
		const struct lam *l = n->u.letrec.funs[i];

		if (!(c->v = zv_closure(ex->rt, (void *)l, e2, l->nparams)))
			return ZEN_EREFUSED;
	}
	t->n = n->u.letrec.body;
	t->env = e2;
	return 0;
}

/* let! p = m in e: Zen.Cost.bind m (fun p -> e) */
static int ev_letbang(struct zc_exec *ex, const struct node *n,
		      struct env *env, zv **out, struct tail *t)
{
	zv *v, *w;
	int rc;

	(void)t;
	if ((rc = eval(ex, n->u.letbang.rhs, env, &v)))
		return rc;
	if (v->tag != ZV_COST)
		return fail_at(ex, n->pos, "%s expects a cost value, got %s",
			       n->u.letbang.what, zv_tag_name(v));
	if (!(w = zv_closure(ex->rt, n->u.letbang.k, env, 1)) ||
	    !(*out = zen_cost_bind(ex->rt, v, w)))
		return ZEN_EREFUSED;
	return 0;
}

static int ev_if(struct zc_exec *ex, const struct node *n, struct env *env,
		 zv **out, struct tail *t)
{
	zv *v;
	int rc;

	(void)out;
	if ((rc = eval(ex, n->u.if_.c, env, &v)) ||
	    (rc = want_bool(ex, n->u.if_.c, v)))
		return rc;
	t->n = v->u.i ? n->u.if_.a : n->u.if_.b;
	t->env = env;
	return 0;
}

/* the first branch whose pattern matches, top to bottom */
static int ev_match(struct zc_exec *ex, const struct node *n,
		    struct env *env, zv **out, struct tail *t)
{
	zv *v;
	size_t i;
	int rc, r;

	(void)out;
	if ((rc = eval(ex, n->u.match.scrut, env, &v)))
		return rc;
	for (i = 0; i < n->u.match.n; i++) {
		struct env *e2 = env;

		r = match(ex, n->u.match.pats[i], v, &e2);
		if (r < 0)
			return ZEN_EREFUSED;
		if (r == 1) {
			t->n = n->u.match.bodies[i];
			t->env = e2;
			return 0;
		}
	}
	return fail_at(ex, n->pos, "no match case for a %s", zv_tag_name(v));
}

/*
 * inc a (inc b m) = inc (a + b) m: increments in tail position are summed
 * and applied once to the final value, so tail calls stay loops.  Only
 * cost values carry a cost.
 */
static int ev_inc(struct zc_exec *ex, const struct node *n,
		  struct env *env, zv **out, struct tail *t)
{
	(void)ex;
	(void)out;
	if (!t->inc_at)
		t->inc_at = n;
	t->pend->add = zc_sat_add(t->pend->add, n->u.inc.k);
	t->n = n->u.inc.e;
	t->env = env;
	return 0;
}

/*
 * pad T (the cost c of e) = max(c, T).  The index only depends on the
 * environment, so it is evaluated first and the padding joins the pending
 * adjustment: with the increments `a` met so far (outside it), the result
 * is max(c + a, T + a), and T + a below an earlier (outer) target means
 * that target is exceeded (value.h).
 */
static int ev_pad(struct zc_exec *ex, const struct node *n,
		  struct env *env, zv **out, struct tail *t)
{
	struct zv_cost_adj *pend = t->pend;
	uint64_t target, s;

	(void)out;
	if (eval_index(ex, n->u.pad.idx, env_skip(env, n->u.pad.skip),
		       &target)) {
		s = zc_sat_add(target, pend->add);
		if (pend->padded && s > pend->least)
			pend->over = 1;
		if (!pend->padded || s > pend->floor) {
			pend->floor = s;
			pend->floor_at = n;
			pend->floor_base = pend->add;
		}
		if (s < pend->least) {
			pend->least = s;
			pend->least_at = n;
			pend->least_base = pend->add;
		}
		pend->padded = 1;
	}
	t->n = n->u.pad.e;
	t->env = env;
	return 0;
}

/*
 * The cost a cost value carries, as an int (N_COSTOF, cost indexes only).
 * Forcing it is what the callee's bind does anyway (the value is
 * memoized), so it runs on the run's limits, not the index's: a thunk
 * that an index gave up on half way could not be forced again.  A
 * failure still stays inside the index (eval_index).
 */
static int ev_costof(struct zc_exec *ex, const struct node *n,
		     struct env *env, zv **out, struct tail *t)
{
	zv *v = lookup_env(env, n->u.idx), *x;
	uint64_t c = 0, max_steps = ex->max_steps, steps = ex->steps;
	size_t mem_limit = ex->rt->mem_limit, used = ex->rt->mem_used;
	int rc;

	(void)t;
	if (!v || v->tag != ZV_COST) {
		*out = zv_erased();
		return 0;
	}
	ex->max_steps = ex->run_max_steps;
	ex->rt->mem_limit = ex->run_mem_limit;
	rc = zen_force(ex->rt, v, &x, &c);
	/* the index's budget again, less nothing of what the force used */
	ex->max_steps = zc_sat_add(max_steps, ex->steps - steps);
	used = ex->rt->mem_used - used;
	ex->rt->mem_limit = mem_limit + used < mem_limit ? SIZE_MAX
							 : mem_limit + used;
	if (rc)
		return rc;
	if (c > INT64_MAX)
		return fail_at(ex, n->pos, "cost overflow");
	*out = zv_int(ex->rt, (int64_t)c);
	return *out ? 0 : ZEN_EREFUSED;
}

static int ev_costarg(struct zc_exec *ex, const struct node *n,
		      struct env *env, zv **out, struct tail *t)
{
	uint64_t k;

	(void)t;
	if (!eval_index(ex, n->u.arg, env, &k) || k > INT64_MAX) {
		*out = zv_erased();
		return 0;
	}
	*out = zv_int(ex->rt, (int64_t)k);
	return *out ? 0 : ZEN_EREFUSED;
}

static ev_fn *const ev_table[] = {
	[N_LOCAL] = ev_local,	[N_GLOBAL] = ev_global,
	[N_CONST] = ev_const,	[N_APP] = ev_app,
	[N_SHORT] = ev_short,	[N_TUPLE] = ev_tuple,
	[N_LIST] = ev_list,	[N_CONS] = ev_cons,
	[N_RECORD] = ev_record,	[N_PROJ] = ev_proj,
	[N_FUN] = ev_fun,	[N_LET] = ev_let,
	[N_LETREC] = ev_letrec,	[N_LETBANG] = ev_letbang,
	[N_IF] = ev_if,		[N_MATCH] = ev_match,
	[N_INC] = ev_inc,	[N_PAD] = ev_pad,
	[N_COSTOF] = ev_costof,	[N_COSTARG] = ev_costarg,
};

/* one step of the budget: 0, or the run's end (steps, cancellation) */
static int count_step(struct zc_exec *ex)
{
	if (++ex->steps > ex->max_steps)
		return zen_rt_fail(ex->rt, "step limit exceeded (%llu)",
				   (unsigned long long)ex->max_steps);
	if (!(ex->steps & (ZC_CANCEL_EVERY - 1)) && ex->cancel &&
	    atomic_load_explicit(ex->cancel, memory_order_relaxed))
		return zen_rt_fail(ex->rt, "run cancelled");
	return 0;
}

/*
 * The elaborator wraps a body of count k > 0 (a function's, a lambda's, a
 * top-level value's) in `inc k`, which F* only types on a cost value: one
 * that ends on anything else (`let double x = x + x`) is refused by the
 * reference.  The first a run meets is kept for zen contract check;
 * indexes, which run with erased arguments, do not count.
 */
static void note_uncost(struct zc_exec *ex, const struct node *at,
			uint64_t k)
{
	if (!ex->uncost_at && !ex->in_index) {
		ex->uncost_at = at;
		ex->uncost_k = k;
	}
}

static int eval(struct zc_exec *ex, const struct node *n, struct env *env,
		zv **out)
{
	struct zen_rt *rt = ex->rt;
	struct zv_cost_adj pend = { .least = UINT64_MAX };
	struct tail t;
	int rc;

	if ((rc = zen_rt_enter(rt)))
		return rc;
	t.pend = &pend;
	t.inc_at = NULL;
	for (;;) {
		if ((rc = count_step(ex)))
			break;
		if (n->kind >= ZEN_ARRAY_SIZE(ev_table) || !ev_table[n->kind]) {
			rc = zen_rt_fail(rt, "unknown node");
			break;
		}
		t.n = NULL;
		if ((rc = ev_table[n->kind](ex, n, env, out, &t)) || !t.n)
			break;
		n = t.n;
		env = t.env;
	}
	if (!rc && (pend.add || pend.padded) && (*out)->tag == ZV_COST) {
		if (pend.add > INT64_MAX)
			rc = zen_rt_fail(rt, "cost overflow");
		else if (!(*out = zen_cost_adjust(rt, *out, &pend)))
			rc = ZEN_EREFUSED;
	} else if (!rc && t.inc_at) {
		note_uncost(ex, t.inc_at, pend.add);
	}
	zen_rt_leave(rt);
	return rc;
}

int zc_exec_begin(struct zc_exec **out, const struct zc_program *p,
		  struct zen_rt *rt, const struct zc_limits *lim)
{
	struct zc_limits def;
	struct zc_exec *ex;
	size_t i, j;
	int rc, r;

	if (!lim) {
		zc_limits_default(&def);
		lim = &def;
	}
	rt->mem_limit = lim->mem_limit;
	rt->max_depth = lim->max_depth;
	*out = NULL;
	if (!(ex = zen_rt_alloc(rt, sizeof(*ex))) ||
	    !(ex->g = zen_rt_alloc(rt, (p->ng + 1) * sizeof(zv *))))
		return ZEN_EREFUSED;
	ex->p = p;
	ex->rt = rt;
	ex->max_steps = lim->max_steps;
	ex->cancel = lim->cancel;
	ex->index_steps_left = lim->max_steps;
	ex->index_mem_left = lim->mem_limit / 4;
	zen_rt_set_apply(rt, apply_cb, skipped_cb, ex);
	for (i = 0; i < p->ninit; i++) {
		const struct init *in = &p->init[i];
		struct env *env = NULL, *e;
		zv *v;

		if (in->val->kind == N_FUN && in->nslots == 1 &&
		    in->pat->kind == P_VAR) {
			/* a top-level function: its closure refers to
			 * globals by slot, so recursion needs nothing */
			ex->g[in->slots[0]] = zv_closure(
				rt, in->val->u.fun, NULL,
				in->val->u.fun->nparams);
			if (!ex->g[in->slots[0]])
				return ZEN_EREFUSED;
			continue;
		}
		if ((rc = eval(ex, in->val, NULL, &v)))
			return rc;
		r = match(ex, in->pat, v, &env);
		if (r != 1)
			return r < 0 ? ZEN_EREFUSED
				     : fail_at(ex, in->pat->pos, "top-level "
					       "pattern does not match");
		for (j = in->nslots, e = env; j-- && e; e = e->up)
			ex->g[in->slots[j]] = e->v;
	}
	*out = ex;
	return 0;
}

int zc_exec_global(struct zc_exec *ex, const char *name, zv **out)
{
	size_t i;

	for (i = ex->p->ng; i--;)
		if (ex->p->g[i].kind == G_USER &&
		    !strcmp(ex->p->g[i].name, name))
			return global_value(ex, i, out);
	return ZEN_ENOTFOUND;
}

uint64_t zc_exec_steps(const struct zc_exec *ex)
{
	return ex->steps;
}

static int exec_found(const struct zv_over *f, struct zc_over *o)
{
	const struct node *n = f->at;

	if (!n)
		return 0;
	o->pos = n->pos;
	o->decl = n->u.pad.decl;
	o->name = n->u.pad.name;
	o->cost = f->cost;
	o->index = f->index;
	return 1;
}

int zc_exec_over(const struct zc_exec *ex, struct zc_over *o)
{
	return exec_found(&ex->rt->over, o);
}

int zc_exec_under(const struct zc_exec *ex, struct zc_over *o)
{
	return exec_found(&ex->rt->under, o);
}

int zc_exec_uncost(const struct zc_exec *ex, struct zc_pos *pos,
		   uint64_t *k)
{
	if (!ex->uncost_at)
		return 0;
	*pos = ex->uncost_at->pos;
	*k = ex->uncost_k;
	return 1;
}
