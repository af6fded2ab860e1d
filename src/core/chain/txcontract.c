/*
 * txcontract.c - the contract parts of a transaction in context
 * (protocol.md 8.3 and 8.6, contracts.md 1.2-1.7): executing contract
 * witnesses reached by the input walk, then activation and extension.
 *
 * Nothing here writes state: a transaction's effects on the active
 * contract set and on contract states go to ctx->delta, which the caller
 * applies once the whole transaction is valid.  Within the transaction a
 * later witness sees the states the earlier ones left (delta first, then
 * the view); the active contract set is the one before the transaction
 * (the walk runs before activation).
 */
#include <stdlib.h>
#include <string.h>

#include "core/cgp/builtin.h"
#include "core/consensus/address.h"
#include "core/chain/chain.h"
#include "core/chain/validate-int.h"
#include "core/contract/contract.h"
#include "core/types/data.h"
#include "core/crypto/hash.h"

/* ---- The delta ---- */

void zen_contract_delta_init(struct zen_contract_delta *d)
{
	memset(d, 0, sizeof(*d));
}

void zen_contract_delta_reset(struct zen_contract_delta *d)
{
	for (size_t k = 0; k < d->n_states; k++)
		zen_data_free(d->states[k].state);
	d->n_acs = 0;
	d->n_states = 0;
}

void zen_contract_delta_release(struct zen_contract_delta *d)
{
	zen_contract_delta_reset(d);
	free(d->acs);
	free(d->states);
	zen_contract_delta_init(d);
}

static struct zen_acs_ref *delta_acs(struct zen_contract_delta *d,
				     const uint8_t hash[ZEN_HASH_LEN])
{
	for (size_t k = 0; k < d->n_acs; k++)
		if (!memcmp(d->acs[k].cid.hash, hash, ZEN_HASH_LEN))
			return &d->acs[k];
	return NULL;
}

/* Set (or replace) the delta's entry for ref's contract. */
static void delta_put_acs(struct zen_contract_delta *d,
			  const struct zen_acs_ref *ref)
{
	struct zen_acs_ref *e = delta_acs(d, ref->cid.hash);

	if (!e) {
		ZEN_GROW(d->acs, d->n_acs + 1, d->cap_acs);
		e = &d->acs[d->n_acs++];
	}
	*e = *ref;
}

static struct zen_state_change *delta_state(struct zen_contract_delta *d,
					    const struct zen_contract_id *cid)
{
	for (size_t k = 0; k < d->n_states; k++)
		if (d->states[k].cid.version == cid->version &&
		    !memcmp(d->states[k].cid.hash, cid->hash, ZEN_HASH_LEN))
			return &d->states[k];
	return NULL;
}

/* Record cid's new state (taken; NULL: deleted). */
static void delta_put_state(struct zen_contract_delta *d,
			    const struct zen_contract_id *cid,
			    struct zen_data *state)
{
	struct zen_state_change *e = delta_state(d, cid);

	if (e) {
		zen_data_free(e->state);
	} else {
		ZEN_GROW(d->states, d->n_states + 1, d->cap_states);
		e = &d->states[d->n_states++];
		e->cid = *cid;
	}
	e->state = state;
}

/* ---- Lookups through the delta ---- */

/* The active contract by hash: the delta's entry, else the view's. */
static int acs_lookup(struct zen_walk *wk, const uint8_t hash[ZEN_HASH_LEN],
		      struct zen_acs_ref *out)
{
	const struct zen_acs_view *v = wk->ctx->acs;
	struct zen_acs_ref *e = wk->ctx->delta ?
				delta_acs(wk->ctx->delta, hash) : NULL;

	if (e) {
		*out = *e;
		return 0;
	}
	return v->lookup(v->ctx, hash, out, wk->err);
}

/* A copy of cid's current state (NULL: none). */
static int state_lookup(struct zen_walk *wk, const struct zen_contract_id *cid,
			struct zen_data **out)
{
	const struct zen_acs_view *v = wk->ctx->acs;
	struct zen_state_change *e = wk->ctx->delta ?
				     delta_state(wk->ctx->delta, cid) : NULL;

	if (e) {
		*out = zen_data_dup(e->state);
		return 0;
	}
	return v->state(v->ctx, cid, out, wk->err);
}

/* ---- The transaction as a skeleton ---- */

static void skel_build(struct zen_skel *s, const struct zen_tx *tx,
		       const struct zen_output *resolved)
{
	zen_skel_init(s);
	s->inputs = zen_xcalloc(tx->n_inputs + 1, sizeof(*s->inputs));
	s->outputs = zen_xcalloc(tx->n_outputs + 1, sizeof(*s->outputs));
	for (size_t i = 0; i < tx->n_inputs; i++) {
		struct zen_skel_input *in = &s->inputs[i];

		zen_output_init(&in->output);
		if (tx->inputs[i].kind == ZEN_INPUT_MINT) {
			in->is_mint = 1;
			in->mint = tx->inputs[i].mint;
			continue;
		}
		in->outpoint = tx->inputs[i].outpoint;
		zen_lock_copy(&in->output.lock, &resolved[i].lock);
		in->output.spend = resolved[i].spend;
	}
	s->n_inputs = tx->n_inputs;
	for (size_t i = 0; i < tx->n_outputs; i++) {
		zen_output_init(&s->outputs[i]);
		zen_lock_copy(&s->outputs[i].lock, &tx->outputs[i].lock);
		s->outputs[i].spend = tx->outputs[i].spend;
	}
	s->n_outputs = tx->n_outputs;
}

static const struct zen_skel *walk_skel(struct zen_walk *wk)
{
	if (!wk->skel) {
		wk->skel = zen_xcalloc(1, sizeof(*wk->skel));
		skel_build(wk->skel, wk->tx, wk->resolved);
	}
	return wk->skel;
}

void zen_walk_release(struct zen_walk *wk)
{
	zen_buf_release(&wk->wits);
	free(wk->off);
	free(wk->pad);
	if (wk->skel) {
		zen_skel_release(wk->skel);
		free(wk->skel);
	}
}

static int outputs_equal(const struct zen_output *a, const struct zen_output *b)
{
	struct zen_buf x = ZEN_BUF_INIT, y = ZEN_BUF_INIT;
	int eq;

	zen_output_write(&x, a);
	zen_output_write(&y, b);
	eq = x.len == y.len && !memcmp(x.data, y.data, x.len);
	zen_buf_release(&x);
	zen_buf_release(&y);
	return eq;
}

static int spends_equal(const struct zen_spend *a, const struct zen_spend *b)
{
	return a->amount == b->amount &&
	       a->asset.cid.version == b->asset.cid.version &&
	       !memcmp(a->asset.cid.hash, b->asset.cid.hash, ZEN_HASH_LEN) &&
	       !memcmp(a->asset.subtype, b->asset.subtype, ZEN_HASH_LEN);
}

static int skel_inputs_equal(const struct zen_skel_input *a,
			     const struct zen_skel_input *b)
{
	if (a->is_mint != b->is_mint)
		return 0;
	if (a->is_mint)
		return spends_equal(&a->mint, &b->mint);
	return !memcmp(a->outpoint.tx_hash, b->outpoint.tx_hash,
		       ZEN_HASH_LEN) &&
	       a->outpoint.index == b->outpoint.index &&
	       outputs_equal(&a->output, &b->output);
}

/* Is part's every input and output the same as full's at that place? */
static int skel_is_prefix(const struct zen_skel *part,
			  const struct zen_skel *full)
{
	if (part->n_inputs > full->n_inputs ||
	    part->n_outputs > full->n_outputs)
		return 0;
	for (size_t i = 0; i < part->n_inputs; i++)
		if (!skel_inputs_equal(&part->inputs[i], &full->inputs[i]))
			return 0;
	for (size_t i = 0; i < part->n_outputs; i++)
		if (!outputs_equal(&part->outputs[i], &full->outputs[i]))
			return 0;
	return 1;
}

/* ---- Executing one contract witness (contracts.md 1.7) ---- */

static int same_cid(const struct zen_contract_id *a,
		    const struct zen_contract_id *b)
{
	return a->version == b->version &&
	       !memcmp(a->hash, b->hash, ZEN_HASH_LEN);
}

static int not_active(struct zen_walk *wk)
{
	*wk->verdict = ZEN_TX_CONTRACT_NOT_ACTIVE;
	return zen_fail(wk->err, ZEN_EREFUSED, "ContractNotActive");
}

static int state_matches(const struct zen_witness *w,
			 const struct zen_data *state)
{
	struct zen_buf b = ZEN_BUF_INIT;
	uint8_t h[ZEN_HASH_LEN];

	switch (w->state) {
	case ZEN_STATE_NONE:
		return state == NULL;
	case ZEN_STATE_HASH:
		if (!state)
			return 0;
		zen_data_serialize(&b, state);
		zen_sha3(h, b.data, b.len);
		zen_buf_release(&b);
		return !memcmp(h, w->state_hash, ZEN_HASH_LEN);
	case ZEN_STATE_NOT_COMMITTED:
		return 1;
	}
	return 0;
}

/* The restricted wallet (1.7 step 4): inputs [begin, begin + len) that
 * spend outputs locked to cid. */
struct restricted {
	struct zen_outpoint *ops;
	struct zen_output *outs;	/* shallow: the skeleton owns them */
	size_t n;
};

static void restricted_wallet(struct restricted *rw, const struct zen_skel *s,
			      size_t begin, size_t len,
			      const struct zen_contract_id *cid)
{
	rw->ops = zen_xcalloc(len + 1, sizeof(*rw->ops));
	rw->outs = zen_xcalloc(len + 1, sizeof(*rw->outs));
	rw->n = 0;
	for (size_t i = begin; i < begin + len && i < s->n_inputs; i++) {
		const struct zen_skel_input *in = &s->inputs[i];

		if (in->is_mint || in->output.lock.id != ZEN_LOCK_CONTRACT ||
		    !same_cid(&in->output.lock.cid, cid))
			continue;
		rw->ops[rw->n] = in->outpoint;
		rw->outs[rw->n++] = in->output;
	}
}

struct run {
	const struct zen_witness *w;
	struct zen_acs_ref contract;
	struct zen_contract_args args;
	struct zen_skel input_tx;	/* shallow cut of the full skeleton */
	struct restricted wallet;
	struct zen_data *state;
	struct zen_contract_return ret;
};

static void run_release(struct run *r)
{
	free(r->wallet.ops);
	free(r->wallet.outs);
	zen_data_free(r->state);
	zen_contract_return_release(&r->ret);
}

/* Steps 3-6: the contract, the mask, the wallet, the state. */
static int run_prepare(struct zen_walk *wk, struct run *r,
		       const uint8_t *sender_pk,
		       const struct zen_contract_id *sender_cid)
{
	const struct zen_witness *w = r->w;
	const struct zen_skel *full = walk_skel(wk);
	int rc = acs_lookup(wk, w->cid.hash, &r->contract);

	if (rc == ZEN_ENOTFOUND ||
	    (!rc && r->contract.cid.version != w->cid.version))
		return not_active(wk);
	if (rc)
		return rc;
	if (full->n_inputs < w->inputs_length ||
	    full->n_outputs < w->outputs_length ||
	    full->n_inputs < w->begin_inputs ||
	    full->n_outputs < w->begin_outputs)
		return zen_validate_general(wk->err, "could not apply mask");
	r->input_tx.inputs = full->inputs;
	r->input_tx.n_inputs = w->begin_inputs;
	r->input_tx.outputs = full->outputs;
	r->input_tx.n_outputs = w->begin_outputs;
	restricted_wallet(&r->wallet, full, w->begin_inputs, w->inputs_length,
			  &w->cid);
	if ((rc = state_lookup(wk, &w->cid, &r->state)))
		return rc;
	if (!state_matches(w, r->state))
		return zen_validate_general(wk->err,
				"state commitment mismatch");

	r->args.tx = &r->input_tx;
	r->args.block_number = wk->ctx->block_number;
	r->args.timestamp = wk->ctx->timestamp;
	r->args.command = w->command ? w->command : "";
	r->args.command_len = w->command ? w->command_len : 0;
	if (sender_pk) {
		r->args.sender = ZEN_SENDER_PK;
		memcpy(r->args.sender_pk, sender_pk, sizeof(r->args.sender_pk));
	} else if (sender_cid) {
		r->args.sender = ZEN_SENDER_CONTRACT;
		r->args.sender_cid = *sender_cid;
	}
	r->args.body = w->body;
	r->args.wallet_outpoints = r->wallet.ops;
	r->args.wallet_outputs = r->wallet.outs;
	r->args.wallet_n = r->wallet.n;
	r->args.state = r->state;
	return 0;
}

/* A failed run of the engine: the contract's fault, so a General text. */
static int engine_failure(struct zen_walk *wk, const struct zen_err *e)
{
	return zen_validate_general(wk->err, "%s", e->msg);
}

/* Steps 7-8: the cost commitment, then main. */
static int run_contract(struct zen_walk *wk, struct run *r)
{
	struct zen_err e = ZEN_ERR_INIT;
	uint64_t cost;

	if (zen_contract_cost(r->contract.c, &r->args, &cost, &e))
		return engine_failure(wk, &e);
	if (cost != r->w->cost)
		return zen_validate_general(wk->err,
				"execution cost commitment mismatch");
	if (zen_contract_run(r->contract.c, &r->args, &r->ret, NULL, &e))
		return engine_failure(wk, &e);
	if (!r->ret.ok)
		return zen_validate_general(wk->err, "%s",
				r->ret.err_msg ? r->ret.err_msg : "");
	return 0;
}

/* Step 8 (state), 9 (the window) and the input consumption. */
static int run_apply(struct zen_walk *wk, struct run *r)
{
	const struct zen_witness *w = r->w;
	const struct zen_skel *full = walk_skel(wk);

	if (wk->ctx->delta && r->ret.state != ZEN_STATE_NOCHANGE) {
		struct zen_data *next = NULL;

		if (r->ret.state == ZEN_STATE_UPDATE)
			next = zen_data_dup(&r->ret.state_data);
		delta_put_state(wk->ctx->delta, &w->cid, next);
	}
	if (!skel_is_prefix(&r->ret.tx, full))
		return zen_validate_general(wk->err, "invalid prefix");
	if (r->ret.tx.n_inputs != (size_t)w->begin_inputs + w->inputs_length ||
	    r->ret.tx.n_outputs != (size_t)w->begin_outputs + w->outputs_length)
		return zen_validate_general(wk->err,
				"input/output length mismatch");
	for (uint32_t k = 0; k < w->inputs_length; k++, wk->i++) {
		const struct zen_skel_input *in;

		if (wk->i >= full->n_inputs)
			return zen_validate_general(wk->err,
					"input/output length mismatch");
		in = &full->inputs[wk->i];
		if (in->is_mint && !same_cid(&in->mint.asset.cid, &w->cid))
			return zen_validate_general(wk->err,
					"illegal creation of tokens");
		if (!in->is_mint && (in->output.lock.id != ZEN_LOCK_CONTRACT ||
				     !same_cid(&in->output.lock.cid, &w->cid)))
			return zen_validate_general(wk->err,
					"cannot unlock input");
	}
	return 0;
}

/* The chained witness a message asks for (1.7 step 11). */
static int chained_ok(const struct zen_witness *prev,
		      const struct zen_contract_return *ret,
		      const struct zen_witness *next)
{
	struct zen_buf a = ZEN_BUF_INIT, b = ZEN_BUF_INIT;
	int same_body;

	if (next->id != ZEN_WITNESS_CONTRACT || next->has_cw_signature ||
	    !same_cid(&next->cid, &ret->recipient) ||
	    next->begin_inputs != prev->begin_inputs + prev->inputs_length ||
	    next->begin_outputs != prev->begin_outputs + prev->outputs_length ||
	    next->command_len != ret->command_len ||
	    (ret->command_len &&
	     memcmp(next->command, ret->command, ret->command_len)) ||
	    !next->body != !ret->body)
		return 0;
	if (!next->body)
		return 1;
	zen_data_write(&a, next->body);
	zen_data_write(&b, ret->body);
	same_body = a.len == b.len && !memcmp(a.data, b.data, a.len);
	zen_buf_release(&a);
	zen_buf_release(&b);
	return same_body;
}

int zen_walk_contract(struct zen_walk *wk, const uint8_t *sender_pk)
{
	struct zen_contract_id from;
	const struct zen_contract_id *sender_cid = NULL;
	int rc;

	/* One iteration per witness of a message chain; the chain is as
	 * long as the witnesses the transaction carries, no longer. */
	for (;;) {
		struct run r;
		const struct zen_witness *next;

		memset(&r, 0, sizeof(r));
		zen_contract_return_init(&r.ret);
		r.w = &wk->tx->witnesses[wk->j];
		rc = run_prepare(wk, &r, sender_pk, sender_cid);
		if (!rc)
			rc = run_contract(wk, &r);
		if (!rc)
			rc = run_apply(wk, &r);
		wk->j++;
		if (rc || !r.ret.has_message) {
			run_release(&r);
			return rc;
		}
		next = wk->j < wk->tx->n_witnesses ?
		       &wk->tx->witnesses[wk->j] : NULL;
		if (!next || !chained_ok(r.w, &r.ret, next))
			rc = zen_validate_general(wk->err, next ?
				"expecting chained contract witness" :
				"chained contract witness expected");
		from = r.w->cid;
		run_release(&r);
		if (rc)
			return rc;
		sender_pk = NULL;
		sender_cid = &from;
	}
}

/* ---- Activation and extension (8.6; contracts.md 1.2, 1.3) ---- */

/* Blocks paid by amount for a contract of code_len bytes: the u64
 * quotient truncated to u32, as the reference does. */
static uint32_t blocks_paid(const struct zen_walk *wk, uint64_t amount,
			    size_t code_len)
{
	uint64_t per_block = wk->ctx->params->sacrifice_per_byte_block *
			     (uint64_t)code_len;

	return per_block ? (uint32_t)(amount / per_block) : 0;
}

/*
 * The local chain's built-in contracts (core/cgp/builtin.h) run from
 * genesis without an expiry and are kept out of the ACS database; an
 * activation or extension of their code would put them there (changing
 * the ACS root and the coinbase sacrifice) and burns its sacrifice for
 * nothing, so it is refused.  Main and test have no built-ins.
 */
static int builtin_refused(struct zen_walk *wk)
{
	return zen_validate_general(wk->err, "contract is built in");
}

static int activation_sacrifice(struct zen_walk *wk, uint64_t *sum)
{
	int found = 0;

	*sum = 0;
	for (size_t i = 0; i < wk->tx->n_outputs; i++) {
		const struct zen_output *o = &wk->tx->outputs[i];

		if (o->lock.id != ZEN_LOCK_ACTIVATION_SACRIFICE)
			continue;
		if (!zen_asset_is_zp(&o->spend.asset))
			return zen_validate_general(wk->err,
					"Sacrifice must be paid in Zen");
		*sum += o->spend.amount;	/* u64 sum, as the reference */
		found = 1;
	}
	if (!found)
		return zen_validate_general(wk->err,
			"Contract activation must include activation sacrifice");
	return 0;
}

static int activate(struct zen_walk *wk)
{
	const struct zen_contract *c = &wk->tx->contract;
	const struct zen_acs_view *v = wk->ctx->acs;
	struct zen_acs_ref ref;
	struct zen_err e = ZEN_ERR_INIT;
	struct zen_contract_id cid;
	const uint8_t *hash = cid.hash;
	uint64_t sacrifice;
	uint32_t queries, blocks;
	int rc;

	if (c->version != 0)
		return zen_validate_general(wk->err,
				"High version contracts not supported");
	if (zen_hints_queries(c->hints, c->hints_len, &queries, &e))
		return zen_validate_general(wk->err, "%s", e.msg);
	if (queries != c->queries)
		return zen_validate_general(wk->err, "Total queries mismatch");
	zen_contract_id_from_code(&cid, c->code, c->code_len);
	if ((rc = activation_sacrifice(wk, &sacrifice)))
		return rc;
	blocks = blocks_paid(wk, sacrifice, c->code_len);
	if (!blocks)
		return zen_validate_general(wk->err,
			"Contract must be activated for at least one block");
	if (zen_cgp_builtin_find(wk->ctx->params, hash, NULL))
		return builtin_refused(wk);
	rc = acs_lookup(wk, hash, &ref);
	if (!rc) {
		ref.expiry += blocks;	/* re-activation: no "- 1" */
	} else if (rc == ZEN_ENOTFOUND) {
		if (v->compile(v->ctx, hash, c->code, c->code_len, &ref, &e)) {
			*wk->verdict = ZEN_TX_BAD_CONTRACT;
			return zen_fail(wk->err, ZEN_EREFUSED, "BadContract");
		}
		ref.expiry = wk->ctx->block_number + blocks - 1;
	} else {
		return rc;
	}
	if (wk->ctx->delta)
		delta_put_acs(wk->ctx->delta, &ref);
	return 0;
}

static int extend(struct zen_walk *wk, const struct zen_output *o)
{
	struct zen_acs_ref ref;
	uint32_t blocks;
	int rc;

	if (o->lock.cid.version == 0 &&
	    zen_cgp_builtin_find(wk->ctx->params, o->lock.cid.hash, NULL))
		return builtin_refused(wk);
	rc = acs_lookup(wk, o->lock.cid.hash, &ref);
	if (rc == ZEN_ENOTFOUND ||
	    (!rc && ref.cid.version != o->lock.cid.version))
		return zen_validate_general(wk->err,
				"Contract(s) must be active");
	if (rc)
		return rc;
	blocks = blocks_paid(wk, o->spend.amount, ref.code_len);
	if (!blocks)
		return zen_validate_general(wk->err,
			"Contract must be activated for at least one block");
	ref.expiry += blocks - 1;	/* the reference's "- 1" (1.3) */
	if (wk->ctx->delta)
		delta_put_acs(wk->ctx->delta, &ref);
	return 0;
}

int zen_walk_activation(struct zen_walk *wk)
{
	int rc;

	/* all ExtensionSacrifice outputs in Zen, before anything runs */
	for (size_t i = 0; i < wk->tx->n_outputs; i++) {
		const struct zen_output *o = &wk->tx->outputs[i];

		if (o->lock.id == ZEN_LOCK_EXTENSION_SACRIFICE &&
		    !zen_asset_is_zp(&o->spend.asset))
			return zen_validate_general(wk->err,
					"Sacrifice must be paid in Zen");
	}
	if (wk->tx->has_contract && (rc = activate(wk)))
		return rc;
	for (size_t i = 0; i < wk->tx->n_outputs; i++) {
		const struct zen_output *o = &wk->tx->outputs[i];

		if (o->lock.id == ZEN_LOCK_EXTENSION_SACRIFICE &&
		    (rc = extend(wk, o)))
			return rc;
	}
	return 0;
}
