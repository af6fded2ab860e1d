/*
 * execute.c - running a contract to build a transaction (contracts.md
 * 1.6), the node half of /wallet/contract/execute and
 * /blockchain/contract/execute.
 *
 * Everything runs on one read snapshot against the mempool's view: the
 * active contract set and contract states including mempool effects, and
 * the contract's wallet made of its unspent outputs, confirmed first,
 * then mempool ones.  Deviation: the reference shuffles each group; we
 * keep outpoint order, so that a run is reproducible (two concurrent
 * runs picking the same output is a double spend the mempool refuses,
 * as it would be in the reference when shuffling happens to collide).
 *
 * The cost written into each witness is cf over the input skeleton and
 * the state before the run, which is what validation computes (1.8: the
 * reference passes the updated state here, a quirk we do not copy).
 */
#include <stdlib.h>
#include <string.h>

#include "core/chain/chain_int.h"
#include "core/contract/contract.h"
#include "core/types/data.h"

struct coins {
	struct zen_outpoint *ops;
	struct zen_output *outs;
	size_t n, cap_ops, cap_outs;
};

static void coins_release(struct coins *c)
{
	for (size_t i = 0; i < c->n; i++)
		zen_output_release(&c->outs[i]);
	free(c->ops);
	free(c->outs);
	memset(c, 0, sizeof(*c));
}

static int in_skel(const struct zen_skel *s, const struct zen_outpoint *op)
{
	for (size_t i = 0; i < s->n_inputs; i++)
		if (!s->inputs[i].is_mint &&
		    s->inputs[i].outpoint.index == op->index &&
		    !memcmp(s->inputs[i].outpoint.tx_hash, op->tx_hash,
			    ZEN_HASH_LEN))
			return 1;
	return 0;
}

struct coin_scan {
	struct zen_store_txn *t;
	const struct zen_contract_id *cid;
	const struct zen_skel *skel;
	struct coins *out;
	struct zen_err *err;
};

/* Add key -> output bytes when locked to the contract, not spent by the
 * mempool and not already in the skeleton. */
static int coin_consider(struct coin_scan *cs, const struct zen_slice *k,
			 const struct zen_slice *v)
{
	struct zen_output o;
	struct zen_outpoint op;
	int rc;

	if (k->len != CHAIN_OP_KEY_LEN)
		return zen_fail(cs->err, ZEN_ESTORE,
				"store is damaged: bad outpoint key");
	zen_output_init(&o);
	if ((rc = chain_output_decode(&o, v->p, v->len, cs->err)))
		return rc;
	chain_op_from_key(&op, k->p);
	if (o.lock.id != ZEN_LOCK_CONTRACT ||
	    o.lock.cid.version != cs->cid->version ||
	    memcmp(o.lock.cid.hash, cs->cid->hash, ZEN_HASH_LEN) ||
	    in_skel(cs->skel, &op))
		goto skip;
	rc = zen_store_get(cs->t, ZEN_DB_MEMPOOL_SPENT, k->p, k->len, NULL,
			   cs->err);
	if (rc != ZEN_ENOTFOUND)
		goto skip;	/* spent by the mempool, or a store error */
	ZEN_GROW(cs->out->ops, cs->out->n + 1, cs->out->cap_ops);
	ZEN_GROW(cs->out->outs, cs->out->n + 1, cs->out->cap_outs);
	cs->out->ops[cs->out->n] = op;
	cs->out->outs[cs->out->n++] = o;
	return 0;
skip:
	zen_output_release(&o);
	return rc == ZEN_ENOTFOUND || rc == 0 ? 0 : rc;
}

static int coin_scan_db(struct coin_scan *cs, enum zen_store_db db)
{
	struct zen_store_cursor *c;
	struct zen_slice k, v;
	int rc;

	if ((rc = zen_store_cursor_open(cs->t, db, &c, cs->err)))
		return rc;
	rc = zen_store_cursor_seek(c, ZEN_SEEK_FIRST, NULL, 0, &k, &v,
				   cs->err);
	while (!rc) {
		if ((rc = coin_consider(cs, &k, &v)))
			break;
		rc = zen_store_cursor_seek(c, ZEN_SEEK_NEXT, NULL, 0, &k, &v,
					   cs->err);
	}
	zen_store_cursor_close(c);
	return rc == ZEN_ENOTFOUND ? 0 : rc;
}

/* The contract's wallet: its unspent outputs (confirmed, then mempool),
 * minus those the skeleton spends already.  A scan of the UTXO set: the
 * store has no index by lock. */
static int contract_coins(struct zen_store_txn *t,
			  const struct zen_contract_id *cid,
			  const struct zen_skel *skel, struct coins *out,
			  struct zen_err *err)
{
	struct coin_scan cs = { t, cid, skel, out, err };
	int rc = coin_scan_db(&cs, ZEN_DB_UTXO);

	return rc ? rc : coin_scan_db(&cs, ZEN_DB_MEMPOOL_OUT);
}

/* ---- The initial skeleton ---- */

static void skel_from_request(struct zen_skel *s,
			      const struct zen_execute_request *rq)
{
	zen_skel_init(s);
	s->inputs = zen_xcalloc(rq->n_in + 1, sizeof(*s->inputs));
	s->outputs = zen_xcalloc(rq->n_outputs + 1, sizeof(*s->outputs));
	for (size_t i = 0; i < rq->n_in; i++) {
		struct zen_skel_input *in = &s->inputs[i];

		zen_output_init(&in->output);
		if (rq->in_mints && rq->in_mints[i].amount) {
			in->is_mint = 1;
			in->mint = rq->in_mints[i];
			continue;
		}
		in->outpoint = rq->in_outpoints[i];
		zen_lock_copy(&in->output.lock, &rq->in_outputs[i].lock);
		in->output.spend = rq->in_outputs[i].spend;
	}
	s->n_inputs = rq->n_in;
	for (size_t i = 0; i < rq->n_outputs; i++) {
		zen_output_init(&s->outputs[i]);
		zen_lock_copy(&s->outputs[i].lock, &rq->outputs[i].lock);
		s->outputs[i].spend = rq->outputs[i].spend;
	}
	s->n_outputs = rq->n_outputs;
}

/* Does next extend prev (prev's inputs and outputs a prefix of it)? */
static int extends(const struct zen_skel *prev, const struct zen_skel *next)
{
	struct zen_buf a = ZEN_BUF_INIT, b = ZEN_BUF_INIT;
	int ok = next->n_inputs >= prev->n_inputs &&
		 next->n_outputs >= prev->n_outputs;

	for (size_t i = 0; ok && i < prev->n_inputs; i++) {
		const struct zen_skel_input *x = &prev->inputs[i];
		const struct zen_skel_input *y = &next->inputs[i];

		ok = x->is_mint == y->is_mint;
		if (ok && x->is_mint)
			ok = x->mint.amount == y->mint.amount &&
			     x->mint.asset.cid.version ==
			     y->mint.asset.cid.version &&
			     !memcmp(x->mint.asset.cid.hash,
				     y->mint.asset.cid.hash, ZEN_HASH_LEN) &&
			     !memcmp(x->mint.asset.subtype,
				     y->mint.asset.subtype, ZEN_HASH_LEN);
		else if (ok)
			ok = x->outpoint.index == y->outpoint.index &&
			     !memcmp(x->outpoint.tx_hash, y->outpoint.tx_hash,
				     ZEN_HASH_LEN);
	}
	for (size_t i = 0; ok && i < prev->n_outputs; i++) {
		zen_buf_reset(&a);
		zen_buf_reset(&b);
		zen_output_write(&a, &prev->outputs[i]);
		zen_output_write(&b, &next->outputs[i]);
		ok = a.len == b.len && !memcmp(a.data, b.data, a.len);
	}
	zen_buf_release(&a);
	zen_buf_release(&b);
	return ok;
}

/* ---- One run ---- */

struct exec {
	struct zen_chainstate *chain;
	struct zen_store_txn *t;
	struct zen_acs_view acs;
	struct chain_acs ca;
	struct zen_contract_delta states;	/* the runs' state updates */
	uint32_t block_number;
	uint64_t timestamp;
	struct zen_skel skel;			/* grows run by run */
	struct zen_witness *wits;
	size_t n_wits, cap_wits;
	struct zen_err *err;
	const atomic_int *cancel;		/* zen_execute_request.cancel */
};

/* Who is calling, and with what (one step of the message chain). */
struct call {
	struct zen_contract_id cid;
	char *command;
	size_t command_len;
	struct zen_data *body;
	enum zen_sender_kind sender;
	uint8_t sender_pk[ZEN_PUBKEY_LEN];
	struct zen_contract_id sender_cid;
};

static void call_release(struct call *c)
{
	free(c->command);
	zen_data_free(c->body);
}

static void witness_of(struct zen_witness *w, const struct call *c,
		       const struct zen_skel *before,
		       const struct zen_skel *after, uint64_t cost)
{
	zen_witness_init(w);
	w->id = ZEN_WITNESS_CONTRACT;
	w->cid = c->cid;
	w->command = zen_xmalloc(c->command_len + 1);
	memcpy(w->command, c->command, c->command_len);
	w->command[c->command_len] = '\0';
	w->command_len = c->command_len;
	w->body = zen_data_dup(c->body);
	w->state = ZEN_STATE_NOT_COMMITTED;
	w->begin_inputs = (uint32_t)before->n_inputs;
	w->begin_outputs = (uint32_t)before->n_outputs;
	w->inputs_length = (uint32_t)(after->n_inputs - before->n_inputs);
	w->outputs_length = (uint32_t)(after->n_outputs - before->n_outputs);
	w->cost = cost;
}

static int run_one(struct exec *ex, const struct call *c,
		   struct zen_contract_return *ret)
{
	struct zen_contract_args a;
	struct zc_limits lim;
	struct zen_acs_ref ref;
	struct zen_data *state = NULL;
	struct coins wallet, rw;
	struct zen_err e = ZEN_ERR_INIT;
	uint64_t cost;
	int rc;

	memset(&wallet, 0, sizeof(wallet));
	memset(&rw, 0, sizeof(rw));
	rc = ex->acs.lookup(ex->acs.ctx, c->cid.hash, &ref, ex->err);
	if (rc == ZEN_ENOTFOUND || (!rc && ref.cid.version != c->cid.version))
		return zen_fail(ex->err, ZEN_EREFUSED, "Contract not active");
	if (rc)
		return rc;
	if ((rc = contract_coins(ex->t, &c->cid, &ex->skel, &wallet, ex->err)))
		goto out;
	if ((rc = ex->acs.state(ex->acs.ctx, &c->cid, &state, ex->err)))
		goto out;
	memset(&a, 0, sizeof(a));
	a.tx = &ex->skel;
	a.block_number = ex->block_number;
	a.timestamp = ex->timestamp;
	a.command = c->command;
	a.command_len = c->command_len;
	a.sender = c->sender;
	memcpy(a.sender_pk, c->sender_pk, sizeof(a.sender_pk));
	a.sender_cid = c->sender_cid;
	a.body = c->body;
	a.wallet_outpoints = wallet.ops;
	a.wallet_outputs = wallet.outs;
	a.wallet_n = wallet.n;
	a.state = state;
	zc_limits_default(&lim);
	lim.cancel = ex->cancel;
	a.limits = &lim;
	if (zen_contract_run(ref.c, &a, ret, NULL, &e)) {
		rc = zen_fail(ex->err, ZEN_EREFUSED, "%s", e.msg);
		goto out;
	}
	if (!ret->ok) {
		rc = zen_fail(ex->err, ZEN_EREFUSED, "%s",
			      ret->err_msg ? ret->err_msg : "contract failed");
		goto out;
	}
	if (!extends(&ex->skel, &ret->tx)) {
		rc = zen_fail(ex->err, ZEN_EREFUSED, "invalid prefix");
		goto out;
	}
	/* cf as validation will compute it: the restricted wallet of the
	 * inputs this run added, the state before the run */
	zen_contract_restricted_wallet(&ret->tx, ex->skel.n_inputs, &c->cid,
				       &rw.ops, &rw.outs, &rw.n);
	a.wallet_outpoints = rw.ops;
	a.wallet_outputs = rw.outs;
	a.wallet_n = rw.n;
	if (zen_contract_cost(ref.c, &a, &cost, &e)) {
		rc = zen_fail(ex->err, ZEN_EREFUSED, "%s", e.msg);
		goto out;
	}
	ZEN_GROW(ex->wits, ex->n_wits + 1, ex->cap_wits);
	witness_of(&ex->wits[ex->n_wits++], c, &ex->skel, &ret->tx, cost);
out:
	coins_release(&wallet);
	free(rw.ops);
	free(rw.outs);
	zen_data_free(state);
	return rc;
}

/* After a run: its state update, its skeleton, and the next call. */
static int run_advance(struct exec *ex, struct call *c,
		       struct zen_contract_return *ret, int *more)
{
	struct zen_contract_delta one;

	if (ret->state != ZEN_STATE_NOCHANGE) {
		zen_contract_delta_init(&one);
		one.states = zen_xcalloc(1, sizeof(*one.states));
		one.n_states = one.cap_states = 1;
		one.states[0].cid = c->cid;
		one.states[0].state = ret->state == ZEN_STATE_UPDATE ?
				      zen_data_dup(&ret->state_data) : NULL;
		chain_contracts_merge(&ex->states, &one);
		zen_contract_delta_release(&one);
	}
	zen_skel_release(&ex->skel);
	ex->skel = ret->tx;
	zen_skel_init(&ret->tx);
	*more = ret->has_message;
	if (!*more)
		return 0;
	c->sender = ZEN_SENDER_CONTRACT;
	c->sender_cid = c->cid;
	c->cid = ret->recipient;
	free(c->command);
	c->command = ret->command;
	c->command_len = ret->command_len;
	ret->command = NULL;
	zen_data_free(c->body);
	c->body = ret->body;
	ret->body = NULL;
	return 0;
}

/* The transaction: inputs, outputs, the contract witnesses. */
static void build_tx(struct zen_tx *tx, struct exec *ex)
{
	const struct zen_skel *s = &ex->skel;

	zen_tx_release(tx);
	zen_tx_init(tx);
	tx->version = 0;
	tx->inputs = zen_xcalloc(s->n_inputs + 1, sizeof(*tx->inputs));
	tx->n_inputs = s->n_inputs;
	for (size_t i = 0; i < s->n_inputs; i++) {
		if (s->inputs[i].is_mint) {
			tx->inputs[i].kind = ZEN_INPUT_MINT;
			tx->inputs[i].mint = s->inputs[i].mint;
		} else {
			tx->inputs[i].kind = ZEN_INPUT_OUTPOINT;
			tx->inputs[i].outpoint = s->inputs[i].outpoint;
		}
	}
	tx->outputs = zen_xcalloc(s->n_outputs + 1, sizeof(*tx->outputs));
	tx->n_outputs = s->n_outputs;
	for (size_t i = 0; i < s->n_outputs; i++) {
		zen_output_init(&tx->outputs[i]);
		zen_lock_copy(&tx->outputs[i].lock, &s->outputs[i].lock);
		tx->outputs[i].spend = s->outputs[i].spend;
	}
	tx->witnesses = ex->wits;
	tx->n_witnesses = ex->n_wits;
	ex->wits = NULL;
	ex->n_wits = ex->cap_wits = 0;
	zen_tx_finalize(tx);
}

static int exec_begin(struct exec *ex, struct zen_chainstate *chain,
		      struct zen_err *err)
{
	struct zen_block_info tip;
	int rc;

	memset(ex, 0, sizeof(*ex));
	ex->chain = chain;
	ex->err = err;
	zen_skel_init(&ex->skel);
	zen_contract_delta_init(&ex->states);
	if ((rc = zen_store_begin(chain->store, NULL, 0, &ex->t, err)))
		return rc;
	rc = chain_tip_get(ex->t, &tip, err);
	if (rc == ZEN_ENOTFOUND)
		return zen_fail(err, ZEN_ENOTFOUND, "No tip");
	if (rc)
		return rc;
	/* runs see the mempool's contracts plus their own state updates */
	chain_acs_init(&ex->acs, &ex->ca, chain, ex->t, &ex->states, 1);
	ex->block_number = tip.header.block_number + 1;
	ex->timestamp = chain_now(chain);
	return 0;
}

static void exec_end(struct exec *ex)
{
	for (size_t i = 0; i < ex->n_wits; i++)
		zen_witness_release(&ex->wits[i]);
	free(ex->wits);
	zen_skel_release(&ex->skel);
	zen_contract_delta_release(&ex->states);
	zen_store_abort(ex->t);
}

int zen_chain_execute(struct zen_chainstate *chain,
		      const struct zen_execute_request *rq, struct zen_tx *tx,
		      struct zen_err *err)
{
	struct exec ex;
	struct call c;
	int rc, more = 1;

	memset(&c, 0, sizeof(c));
	c.cid = rq->cid;
	c.command_len = rq->command ? rq->command_len : 0;
	c.command = zen_xmalloc(c.command_len + 1);
	memcpy(c.command, rq->command ? rq->command : "", c.command_len);
	c.command[c.command_len] = '\0';
	c.body = zen_data_dup(rq->body);
	c.sender = rq->sender_is_pk ? ZEN_SENDER_PK : ZEN_SENDER_ANONYMOUS;
	memcpy(c.sender_pk, rq->sender_pk, sizeof(c.sender_pk));
	if ((rc = exec_begin(&ex, chain, err)))
		goto out;
	ex.cancel = rq->cancel;
	skel_from_request(&ex.skel, rq);
	for (unsigned depth = 0; !rc && more; depth++) {
		struct zen_contract_return ret;

		if (depth == ZEN_EXECUTE_MAX_CHAIN) {
			rc = zen_fail(err, ZEN_EREFUSED, "contract message "
				      "chain longer than %d runs",
				      ZEN_EXECUTE_MAX_CHAIN);
			break;
		}
		zen_contract_return_init(&ret);
		rc = run_one(&ex, &c, &ret);
		if (!rc)
			rc = run_advance(&ex, &c, &ret, &more);
		zen_contract_return_release(&ret);
	}
	if (!rc)
		build_tx(tx, &ex);
out:
	exec_end(&ex);
	call_release(&c);
	return rc;
}
