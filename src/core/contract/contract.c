/*
 * contract.c - the contract ABI over the evaluator (see contract.h).
 */
#include <stdlib.h>
#include <string.h>

#include "core/consensus/address.h"
#include "core/base/buf.h"
#include "core/contract/contract.h"
#include "core/contract/parser.h"

struct zc_contract {
	struct zc_program *prog;
	struct zen_contract_id id;
	size_t len;
};

int zen_contract_load_module(const struct zc_module *m, const char *src,
			     size_t len, const char *file,
			     struct zc_contract **out, struct zen_err *err,
			     zc_error_fn *fn, void *ctx)
{
	struct zc_contract *c = zen_xcalloc(1, sizeof(*c));
	int rc;

	*out = NULL;
	if ((rc = zc_program_load_all(m, file ? file : "<contract>", &c->prog,
				      err, fn, ctx))) {
		free(c);
		return rc;
	}
	zen_contract_id_from_code(&c->id, src, len);
	c->len = len;
	*out = c;
	return 0;
}

int zen_contract_load(const char *src, size_t len, const char *file,
		      struct zc_contract **out, struct zen_err *err)
{
	struct zc_module *m = NULL;
	int rc;

	*out = NULL;
	if (!file)
		file = "<contract>";
	if ((rc = zc_parse(src, len, file, 0, &m, err)))
		return rc;
	if (!(rc = zc_check_entry_points(m, file, err)))
		rc = zen_contract_load_module(m, src, len, file, out, err,
					      NULL, NULL);
	zc_module_free(m);
	return rc;
}

void zen_contract_free(struct zc_contract *c)
{
	if (!c)
		return;
	zc_program_free(c->prog);
	free(c);
}

const struct zen_contract_id *zen_contract_get_id(const struct zc_contract *c)
{
	return &c->id;
}

void zen_contract_restricted_wallet(const struct zen_skel *s, size_t begin,
				    const struct zen_contract_id *cid,
				    struct zen_outpoint **ops,
				    struct zen_output **outs, size_t *n)
{
	*ops = zen_xcalloc(s->n_inputs + 1, sizeof(**ops));
	*outs = zen_xcalloc(s->n_inputs + 1, sizeof(**outs));
	*n = 0;
	for (size_t i = begin; i < s->n_inputs; i++) {
		const struct zen_skel_input *in = &s->inputs[i];

		if (in->is_mint || in->output.lock.id != ZEN_LOCK_CONTRACT ||
		    in->output.lock.cid.version != cid->version ||
		    memcmp(in->output.lock.cid.hash, cid->hash, ZEN_HASH_LEN))
			continue;
		(*ops)[*n] = in->outpoint;
		(*outs)[(*n)++] = in->output;	/* shallow */
	}
}

size_t zen_contract_code_len(const struct zc_contract *c)
{
	return c->len;
}

void zen_contract_foreach_native(const struct zc_contract *c,
				 void (*fn)(void *ctx,
					    const struct zen_native *),
				 void *ctx)
{
	zc_program_foreach_native(c->prog, fn, ctx);
}

/* The common arguments: skeleton, context, [cid,] command, sender, body,
 * wallet, state.  Returns the count. */
static int build_args(const struct zc_contract *c,
		      const struct zen_contract_args *a, struct zen_rt *rt,
		      int with_cid, zv **v, size_t *n)
{
	struct zen_skel empty;
	size_t k = 0;
	int rc;

	zen_skel_init(&empty);
	if ((rc = zv_of_skel(rt, a->tx ? a->tx : &empty, &v[k++])))
		return rc;
	if (!(v[k++] = zv_context(rt, a->block_number, a->timestamp)))
		return ZEN_EREFUSED;
	if (with_cid && !(v[k++] = zv_of_cid(rt, &c->id)))
		return ZEN_EREFUSED;
	if (!(v[k++] = zv_command(rt, a->command ? a->command : "",
				  a->command ? a->command_len : 0)))
		return ZEN_EREFUSED;
	switch (a->sender) {
	case ZEN_SENDER_PK:
		if ((rc = zv_sender_pk(rt, a->sender_pk, &v[k++])))
			return rc;
		break;
	case ZEN_SENDER_CONTRACT:
		if (!(v[k++] = zv_sender_contract(rt, &a->sender_cid)))
			return ZEN_EREFUSED;
		break;
	default:
		v[k++] = zv_sender_anonymous();
		break;
	}
	if ((rc = zv_of_data_option(rt, a->body, &v[k++])))
		return rc;
	if ((rc = zv_wallet(rt, a->wallet_outpoints, a->wallet_outputs,
			    a->wallet_n, &v[k++])))
		return rc;
	if ((rc = zv_of_data_option(rt, a->state, &v[k++])))
		return rc;
	*n = k;
	return 0;
}

/*
 * MainFunc (1.10) gives main the type ``contractResult `cost` (cf txSkel
 * context command sender messageBody wallet state)``: pad main's forced
 * cost to cf's value for main's arguments (args: main's 8, cf takes all
 * but the contract id), as a cost index (eval.h COST INDEXES: it never
 * fails the run; nothing happens when cf does not give a number).
 */
static void pad_to_cf(struct zc_exec *ex, zv *const *args, uint64_t *cost,
		      int *exact, int *over, int complete, int *under)
{
	zv *cf, *cfargs[7] = { args[0], args[1], args[3], args[4], args[5],
			       args[6], args[7] };
	uint64_t target;

	if (zc_exec_global(ex, "cf", &cf) ||
	    !zc_exec_index_call(ex, cf, 7, cfargs, &target))
		return;
	if (*cost > target) {
		*over = 1;
		return;
	}
	/* F* makes main's cost equal cf's: below it, the count must have
	 * fallen short of the type's cost somewhere, or it is refused */
	*under = complete && *cost < target;
	*cost = target;
	*exact = 1;
}

/* Evaluate entry point `name` on the arguments and force it. */
static int call_entry(const struct zc_contract *c,
		      const struct zen_contract_args *a, struct zen_rt *rt,
		      const char *name, zv **val,
		      struct zen_contract_stats *st)
{
	struct zc_limits def;
	const struct zc_limits *lim = a->limits;
	struct zc_exec *ex;
	zv *args[8], *f, *r;
	size_t n;
	uint64_t cost = 0;
	int with_cid = !strcmp(name, "main"), rc;

	if (!lim) {
		zc_limits_default(&def);
		lim = &def;
	}
	zen_rt_init(rt, lim->mem_limit);
	rt->assume_valid = a->assume_valid != 0;
	rt->trace = a->trace;
	if ((rc = zc_exec_begin(&ex, c->prog, rt, lim)))
		return rc;
	if ((rc = build_args(c, a, rt, with_cid, args, &n)))
		return rc;
	if ((rc = zc_exec_global(ex, name, &f)))
		return rc == ZEN_ENOTFOUND
			? zen_rt_fail(rt, "no top-level '%s'", name) : rc;
	if ((rc = zen_apply_n(rt, f, n, args, &r)))
		goto out;
	if (r->tag != ZV_COST) {
		rc = zen_rt_fail(rt, "%s returned a %s, not a cost value",
				 name, zv_tag_name(r));
		goto out;
	}
	rc = zen_force(rt, r, val, &cost);
	if (st && !rc) {
		int exact = r->u.cost->exact, over = r->u.cost->over;
		int complete = exact && !over && !r->u.cost->shortcut;

		st->cost = st->cost_body = cost;
		if (with_cid)
			pad_to_cf(ex, args, &st->cost, &exact, &over,
				  complete, &st->main_under);
		st->cost_exact = exact && !over;
	}
out:
	if (st) {
		st->steps = zc_exec_steps(ex);
		st->mem = rt->mem_used;
		st->over_found = zc_exec_over(ex, &st->over);
		st->under_found = zc_exec_under(ex, &st->under);
		st->uncost_found = zc_exec_uncost(ex, &st->uncost_pos,
						  &st->uncost_k);
	}
	return rc;
}

static int run_error(struct zen_rt *rt, int rc, const char *what,
		     struct zen_err *err)
{
	if (!rt->err.msg[0])
		zen_rt_fail(rt, "run failed");
	return zen_fail(err, rc == ZEN_EINVAL ? ZEN_EINVAL : ZEN_EREFUSED,
			"%s: %s", what, rt->err.msg);
}

int zen_contract_cost(const struct zc_contract *c,
		      const struct zen_contract_args *a, uint64_t *cost,
		      struct zen_err *err)
{
	struct zen_rt rt;
	zv *v;
	int rc;

	if ((rc = call_entry(c, a, &rt, "cf", &v, NULL)) ||
	    (rc = zen_rt_cost_result(&rt, v, cost)))
		rc = run_error(&rt, rc, "cf", err);
	zen_rt_release(&rt);
	return rc;
}

int zen_contract_run(const struct zc_contract *c,
		     const struct zen_contract_args *a,
		     struct zen_contract_return *ret,
		     struct zen_contract_stats *st, struct zen_err *err)
{
	struct zen_rt rt;
	zv *v;
	int rc;

	if (st)
		memset(st, 0, sizeof(*st));
	if ((rc = call_entry(c, a, &rt, "main", &v, st)) ||
	    (rc = zen_rt_contract_result(&rt, v, ret)))
		rc = run_error(&rt, rc, "main", err);
	zen_rt_release(&rt);
	return rc;
}
