/*
 * op_cgp.c - the Common Goods Pool's read operations (cgp-and-chain.md 8,
 * api.md 3.11, 5.1-5.3 and 7): the state the next block sees, the state
 * at the end of every past interval, the payout's message body, the
 * tally's winner and the candidates.  The bookkeeping behind them is
 * core/chain/cgpstate.h's; every reply is read in one snapshot.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/chain/cgpstate.h"
#include "core/consensus/address.h"
#include "core/consensus/consensus.h"
#include "core/encoding/hex.h"
#include "ops/handlers.h"
#include "ops/json_tx.h"
#include "ops/op_cgp.h"

/* ---- JSON ------------------------------------------------------------ */

static json_t *recipient_address(const struct zen_cgp_recipient *r,
				 enum zen_chain chain)
{
	struct zen_buf b = ZEN_BUF_INIT;
	json_t *j;

	if (r->is_contract)
		zen_address_contract(&b, chain, &r->cid);
	else
		zen_address_pk(&b, chain, r->pk_hash);
	j = json_string(zen_buf_str(&b));
	zen_buf_release(&b);
	return j;
}

static json_t *spend_list(const struct zen_spend *s, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, zen_json_spend(&s[i]));
	return a;
}

json_t *zen_json_cgp_payout(const struct zen_cgp_payout *p,
			    enum zen_chain chain)
{
	return json_pack("{s:o, s:o}",
		"recipient", recipient_address(&p->recipient, chain),
		"spendlist", spend_list(p->spends, p->n_spends));
}

json_t *zen_json_cgp_state(uint32_t interval, const struct zen_cgp_state *s,
			   enum zen_chain chain)
{
	return json_pack("{s:I, s:I, s:o}",
		"interval", (json_int_t)interval,
		"allocation", (json_int_t)s->allocation,
		"payout", s->has_payout ?
			zen_json_cgp_payout(&s->payout, chain) : json_object());
}

static json_t *contract_id_json(const struct zen_contract_id *cid)
{
	char text[ZEN_CONTRACT_ID_TEXT_LEN + 1];

	zen_contract_id_text(text, cid);
	return json_string(text);
}

json_t *zen_json_cgp_contract(const struct zen_cgp_state *s,
			      const struct zen_chain_params *p)
{
	json_t *raw = json_null(), *encoded = json_null();

	if (s && s->has_payout) {
		struct zen_buf bytes = ZEN_BUF_INIT, hex = ZEN_BUF_INIT;
		struct zen_data body;

		zen_data_init(&body);
		zen_cgp_payout_body(&body, &s->payout);
		raw = zen_json_data(&body, p->chain);
		zen_data_serialize(&bytes, &body);
		zen_hex_encode(&hex, bytes.data, bytes.len);
		encoded = json_string(zen_buf_str(&hex));
		zen_buf_release(&hex);
		zen_buf_release(&bytes);
		zen_data_release(&body);
	}
	return json_pack("{s:o, s:o, s:o, s:o}", "raw", raw, "encoded", encoded,
			 "cgpContract", contract_id_json(&p->cgp_contract_id),
			 "votingContract",
			 contract_id_json(&p->voting_contract_id));
}

const char *zen_cgp_phase(const struct zen_chain_params *p, uint32_t tip,
			  uint64_t *end)
{
	/* 64 bits: the last interval's end may lie past block 2^32 - 1 */
	uint64_t first = (uint64_t)(zen_cgp_interval(p, tip) - 1) *
			 p->interval_length;
	uint64_t snapshot = first + p->snapshot;

	if (tip <= snapshot) {
		*end = snapshot;
		return "beforeSnapshot";
	}
	if (tip <= snapshot + p->nomination) {
		*end = snapshot + p->nomination;
		return "nomination";
	}
	*end = first + p->interval_length;
	return "voting";
}

/* ---- the readable form ------------------------------------------------ */

/* "12.3 ZP" for ZP, else "1000 ASSET" (kalapas, or the asset's units);
 * any other node's text as it is. */
static void add_amount(struct zen_buf *out, const json_t *spend)
{
	const json_t *a = json_object_get(spend, "amount");
	const char *asset = json_string_value(json_object_get(spend, "asset"));
	const char *text = json_is_string(a) ? json_string_value(a) : "?";
	char number[32];

	if (asset && !strcmp(asset, "00") && !zen_json_add_zp(out, a))
		return;
	if (json_is_integer(a)) {
		snprintf(number, sizeof(number), "%" JSON_INTEGER_FORMAT,
			 json_integer_value(a));
		text = number;
	}
	zen_buf_addf(out, "%s %s", text, asset ? asset : "?");
}

/* One line per spend of list, under a label. */
static void add_spends(struct zen_buf *out, const json_t *list)
{
	const json_t *s;
	size_t i;

	json_array_foreach(list, i, s) {
		zen_buf_addstr(out, i ? "             " : "");
		add_amount(out, s);
		zen_buf_addch(out, '\n');
	}
}

static const char *phase_text(const char *phase)
{
	if (!strcmp(phase, "beforeSnapshot"))
		return "before snapshot";
	return phase;
}

static void add_phase(struct zen_buf *out, const json_t *result)
{
	const json_t *tip = json_object_get(result, "tip");
	const json_t *end = json_object_get(result, "phaseEnd");
	const char *phase = json_string_value(json_object_get(result, "phase"));
	json_int_t left;

	if (!phase || !json_is_integer(tip) || !json_is_integer(end))
		return;
	left = json_integer_value(end) - json_integer_value(tip);
	zen_buf_addf(out, "phase:       %s, %" JSON_INTEGER_FORMAT
		     " block%s left (to block %" JSON_INTEGER_FORMAT ")\n",
		     phase_text(phase), left, left == 1 ? "" : "s",
		     json_integer_value(end));
}

static void add_payout(struct zen_buf *out, const json_t *payout)
{
	const char *to = json_string_value(json_object_get(payout, "recipient"));
	const json_t *list = json_object_get(payout, "spendlist");

	if (!to || !json_is_array(list)) {
		zen_buf_addstr(out, "payout:      none\n");
		return;
	}
	zen_buf_addf(out, "payout:      to %s\n             ", to);
	if (!json_array_size(list))
		zen_buf_addstr(out, "nothing\n");
	add_spends(out, list);
}

int op_cgp_readable(struct zen_buf *out, const json_t *result)
{
	const json_t *interval = json_object_get(result, "interval");
	const json_t *allocation = json_object_get(result, "allocation");
	const json_t *payout = json_object_get(result, "payout");
	const json_t *tip = json_object_get(result, "tip");
	const json_t *funds = json_object_get(result, "funds");

	if (!json_is_integer(interval) || !json_is_integer(allocation) ||
	    !json_is_object(payout))
		return -1;
	zen_buf_addf(out, "interval:    %" JSON_INTEGER_FORMAT,
		     json_integer_value(interval));
	if (json_is_integer(tip))
		zen_buf_addf(out, " (tip: block %" JSON_INTEGER_FORMAT ")",
			     json_integer_value(tip));
	zen_buf_addch(out, '\n');
	add_phase(out, result);
	zen_buf_addf(out, "allocation:  %" JSON_INTEGER_FORMAT
		     "%% of each block reward\n", json_integer_value(allocation));
	add_payout(out, payout);
	if (json_is_array(funds)) {
		zen_buf_addstr(out, "pool funds:  ");
		if (!json_array_size(funds))
			zen_buf_addstr(out, "none\n");
		add_spends(out, funds);
	}
	return 0;
}

/* ---- the handlers ------------------------------------------------------ */

/* The reference answers its CGP refusals ("No tip", "Winner was not
 * found") with 400, not the 404 of a missing block. */
static int refuse_400(struct zen_call *call, int rc)
{
	if (rc == ZEN_ENOTFOUND)
		call->http_status = 400;
	return rc;
}

/* The tip's number, 0 when there is none (as the reference's
 * Option.defaultValue 0ul: interval 1). */
static int tip_number(struct zen_chain_read *r, uint32_t *tip,
		      struct zen_err *err)
{
	struct zen_block_info info;
	int rc = zen_chain_read_tip(r, &info, err);

	*tip = rc ? 0 : info.header.block_number;
	return rc == ZEN_ENOTFOUND ? 0 : rc;
}

/* zen's additions to /blockchain/cgp, after the reference's keys: the
 * tip, the phase it is in and that phase's last block, and what the
 * CGP contract holds. */
static void add_cgp_extras(json_t *o, const struct zen_chain_params *p,
			   uint32_t tip, const struct zen_spend *funds,
			   size_t n_funds)
{
	uint64_t end;
	const char *phase = zen_cgp_phase(p, tip, &end);

	json_object_set_new(o, "tip", json_integer(tip));
	json_object_set_new(o, "phase", json_string(phase));
	json_object_set_new(o, "phaseEnd", json_integer((json_int_t)end));
	json_object_set_new(o, "funds", spend_list(funds, n_funds));
}

int op_blockchain_cgp(struct zen_call *call)
{
	struct zen_cgp_view view;
	struct zen_chain_read *r;
	struct zen_spend *funds = NULL;
	size_t n_funds = 0;
	int rc = zen_call_read(call, &r);

	if (rc)
		return rc;
	rc = zen_chain_read_cgp(r, &view, &call->err);
	if (!rc)
		rc = zen_chain_read_cgp_funds(r, &funds, &n_funds, &call->err);
	zen_chain_read_end(r);
	if (!rc) {
		call->result = zen_json_cgp_state(view.interval, &view.next,
						  call->node->chain);
		add_cgp_extras(call->result, call->node->params, view.tip,
			       funds, n_funds);
		zen_cgp_state_release(&view.next);
	}
	free(funds);
	return refuse_400(call, rc);
}

/* One entry per completed interval: the state after its last block. */
static int history(struct zen_call *call, struct zen_chain_read *r,
		   json_t *list)
{
	const struct zen_chain_params *p = call->node->params;
	uint32_t tip, last;
	int rc = tip_number(r, &tip, &call->err);

	if (rc || !tip)
		return rc;
	last = zen_cgp_interval(p, tip);
	for (uint32_t k = 1; k < last; k++) {
		struct zen_cgp_state s;

		rc = zen_chain_read_cgp_after(r, k * p->interval_length, &s,
					      &call->err);
		if (rc)
			return rc;
		json_array_append_new(list,
			zen_json_cgp_state(k, &s, call->node->chain));
		zen_cgp_state_release(&s);
	}
	return 0;
}

int op_blockchain_cgphistory(struct zen_call *call)
{
	struct zen_chain_read *r;
	json_t *list = json_array();
	int rc = zen_call_read(call, &r);

	if (!rc) {
		rc = history(call, r, list);
		zen_chain_read_end(r);
	}
	if (rc)
		json_decref(list);
	else
		call->result = list;
	return rc;
}

int op_blockchain_contractcgp(struct zen_call *call)
{
	struct zen_cgp_view view;
	struct zen_chain_read *r;
	int rc = zen_call_read(call, &r), have;

	if (rc)
		return rc;
	rc = zen_chain_read_cgp(r, &view, &call->err);
	zen_chain_read_end(r);
	/* before genesis: the initial state, no payout (as the reference) */
	have = !rc;
	if (rc && rc != ZEN_ENOTFOUND)
		return rc;
	call->result = zen_json_cgp_contract(have ? &view.next : NULL,
					     call->node->params);
	if (have)
		zen_cgp_state_release(&view.next);
	return 0;
}

int op_blockchain_winner(struct zen_call *call)
{
	struct zen_cgp_state s;
	struct zen_chain_read *r;
	uint32_t tip, interval = 0;
	int rc = zen_call_read(call, &r);

	if (rc)
		return rc;
	rc = tip_number(r, &tip, &call->err);
	if (!rc) {
		interval = zen_cgp_interval(call->node->params, tip);
		rc = zen_chain_read_cgp_winner(r, interval, &s, &call->err);
	}
	zen_chain_read_end(r);
	if (!rc) {
		call->result = zen_json_cgp_state(interval, &s,
						  call->node->chain);
		zen_cgp_state_release(&s);
	}
	return refuse_400(call, rc);
}

int op_blockchain_candidates(struct zen_call *call)
{
	struct zen_cgp_payout *c = NULL;
	struct zen_chain_read *r;
	uint64_t interval;
	uint32_t tip;
	size_t n = 0;
	int rc = zen_call_read(call, &r);

	if (rc)
		return rc;
	if (!zen_args_u64(call->args, "interval", &interval)) {
		rc = tip_number(r, &tip, &call->err);
		interval = zen_cgp_interval(call->node->params, tip);
	}
	if (!rc)
		rc = zen_chain_read_cgp_candidates(r, (uint32_t)interval, &c,
						   &n, &call->err);
	zen_chain_read_end(r);
	if (rc)
		return rc;
	call->result = json_array();
	for (size_t i = 0; i < n; i++)
		json_array_append_new(call->result,
			zen_json_cgp_payout(&c[i], call->node->chain));
	zen_cgp_payouts_free(c, n);
	return 0;
}
