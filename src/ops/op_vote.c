/*
 * op_vote.c - the wallet's part in the Common Goods Pool (issue 13;
 * cgp-and-chain.md 6, 7.4, 20; wallet.md 12.6): its votes (zen wallet
 * vote ..., /wallet/vote/...) and the payout transaction (zen contract
 * cgp, POST /wallet/contract/cgp).
 *
 * Both end in the one execution path of POST /wallet/contract/execute
 * (op_contract_wallet.c): they build the very request a user could send
 * there by hand (the contract's address, the command, the hex message
 * body, no return address) and run it, so what is funded, signed and
 * published is what that route does.
 *
 * A vote is refused before anything is built or unlocked when the chain
 * would not count it: outside its window (for the next block, which is
 * where it goes), an allocation outside the range of 6.5, a payout that
 * is not a candidate, a nomination the pool cannot pay, keys that have
 * voted already.  Such a ballot would not be merely ignored: the first
 * signed ballot of a key takes the key's one vote in its table (section
 * 20.1).  force sends it all the same (to see the chain ignore it).
 */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "core/cgp/vote.h"
#include "core/chain/cgpstate.h"
#include "core/consensus/address.h"
#include "core/consensus/consensus.h"
#include "core/encoding/hex.h"
#include "core/wallet/wallet.h"
#include "ops/handlers.h"
#include "ops/json_tx.h"
#include "ops/op_cgp.h"
#include "ops/op_contract.h"
#include "ops/op_wallet.h"

/* ---- the execution path ------------------------------------------------- */

/*
 * Run the request {address, command, messageBody, options: {returnAddress:
 * false}, password} of POST /wallet/contract/execute on this call; body_hex
 * NULL or "" is no body.  s: the wallet already unlocked, or NULL.
 */
static int execute(struct zen_call *call, const struct zen_contract_id *cid,
		   const char *command, const char *body_hex,
		   struct zen_wallet_secret *s)
{
	const struct zen_op *op = zen_op_find("contract", "execute");
	struct zen_buf addr = ZEN_BUF_INIT;
	json_t *raw, *args = NULL, *mine = call->args;
	int rc;

	if (!op)
		ZEN_BUG("no contract execute operation");
	zen_address_contract(&addr, call->node->chain, cid);
	raw = json_pack("{s:s, s:s, s:s, s:{s:b}, s:s}",
			"address", zen_buf_str(&addr), "command", command,
			"messageBody", body_hex ? body_hex : "",
			"options", "returnAddress", 0,
			"password", op_arg_str(call, "password"));
	rc = zen_args_validate(&args, op, raw, &call->err);
	if (!rc) {
		call->args = args;
		rc = s ? op_contract_execute_unlocked(call, s)
		       : op_contract_execute(call);
		call->args = mine;
	}
	json_decref(args);
	json_decref(raw);
	zen_buf_release(&addr);
	return rc;
}

static void body_hex(struct zen_buf *hex, const struct zen_data *body)
{
	struct zen_buf bytes = ZEN_BUF_INIT;

	zen_data_write(&bytes, body);
	zen_hex_encode(hex, bytes.data, bytes.len);
	zen_buf_release(&bytes);
}

/* The CGP as block tip + 1 sees it. */
static int cgp_now(struct zen_call *call, struct zen_chain_read **r,
		   struct zen_cgp_view *view)
{
	int rc = zen_call_read(call, r);

	memset(view, 0, sizeof(*view));
	if (rc)
		return rc;
	rc = zen_chain_read_cgp(*r, view, &call->err);
	if (rc) {
		zen_chain_read_end(*r);
		*r = NULL;
	}
	return rc;
}

/* ---- POST /wallet/contract/cgp ------------------------------------------ */

/*
 * As the reference (wallet.md 12.6): the payout due at the next block, in
 * its canonical body (7.2); with none due the contract runs without a body
 * and its refusal is the answer, as on the reference node.
 */
int op_contract_cgp(struct zen_call *call)
{
	struct zen_chain_read *r = NULL;
	struct zen_cgp_view view;
	struct zen_data body;
	struct zen_buf hex = ZEN_BUF_INIT;
	const char *pw;
	int rc;

	memset(&view, 0, sizeof(view));
	zen_data_init(&body);
	rc = op_password_or_session(call, "password", &pw) ?: cgp_now(call, &r, &view);
	zen_chain_read_end(r);
	if (!rc && view.next.has_payout) {
		zen_cgp_payout_body(&body, &view.next.payout);
		body_hex(&hex, &body);
	}
	if (!rc)
		rc = execute(call, &call->node->params->cgp_contract_id,
			     "Payout", zen_buf_str(&hex), NULL);
	zen_cgp_state_release(&view.next);
	zen_data_release(&body);
	zen_buf_release(&hex);
	return rc;
}

/* ---- the ballot of a request -------------------------------------------- */

static const char *kind_noun(enum zen_cgp_vote_kind kind)
{
	switch (kind) {
	case ZEN_CGP_VOTE_NOMINATION: return "nomination";
	case ZEN_CGP_VOTE_ALLOCATION: return "allocation";
	case ZEN_CGP_VOTE_PAYOUT: return "payout";
	}
	ZEN_BUG("unknown vote kind");
}

static int allocation_of(struct zen_call *call, struct zen_cgp_ballot *b)
{
	uint64_t x = 0;

	zen_args_u64(call->args, "allocation", &x);
	if (x > 100)
		return zen_fail(&call->err, ZEN_EINVAL, "invalid allocation: a "
				"percentage, 0 to 100");
	b->kind = ZEN_CGP_BALLOT_ALLOCATION;
	b->allocation = (uint8_t)x;
	return 0;
}

static int recipient_of(struct zen_call *call, struct zen_cgp_recipient *rc)
{
	struct zen_address a;
	struct zen_err e = ZEN_ERR_INIT;

	if (zen_address_decode_any(&a, call->node->chain,
				   op_arg_str(call, "address"), &e))
		return zen_fail(&call->err, ZEN_EINVAL, "Address is invalid: %s",
				e.msg);
	memset(rc, 0, sizeof(*rc));
	rc->is_contract = a.is_contract;
	memcpy(rc->pk_hash, a.pk_hash, ZEN_HASH_LEN);
	rc->cid = a.cid;
	return 0;
}

/* "AMOUNT" or "AMOUNT:ASSET" (ZP when absent). */
static int spend_text(struct zen_spend *s, const char *text)
{
	const char *colon = strchr(text, ':');
	size_t n = colon ? (size_t)(colon - text) : strlen(text);
	char amount[24];
	json_t *j;
	int rc;

	if (!n || n >= sizeof(amount))
		return -1;
	memcpy(amount, text, n);
	amount[n] = 0;
	j = json_string(amount);
	rc = op_parse_amount(&s->amount, j);
	json_decref(j);
	if (colon)
		rc = rc ?: zen_asset_parse(&s->asset, colon + 1, strlen(colon + 1));
	return rc;
}

/* {"asset" (default ZP), "amount"}, as contract execute's spends. */
static int spend_object(struct zen_spend *s, json_t *o)
{
	const char *asset = json_string_value(json_object_get(o, "asset"));

	if (asset && zen_asset_parse(&s->asset, asset, strlen(asset)))
		return -1;
	return op_parse_amount(&s->amount, json_object_get(o, "amount"));
}

/* The spends: AMOUNT[:ASSET] texts or {asset, amount} objects. */
static int spends_of(struct zen_call *call, struct zen_cgp_payout *p)
{
	json_t *list = json_object_get(call->args, "spends"), *item;
	size_t i;

	if (list && !json_is_array(list))
		return zen_fail(&call->err, ZEN_EINVAL, "invalid spends: a list "
				"of AMOUNT[:ASSET]");
	if (json_array_size(list) > ZEN_CGP_MAX_SPENDS)
		return zen_fail(&call->err, ZEN_EINVAL, "a payout needs 1 to %d "
				"spends", ZEN_CGP_MAX_SPENDS);
	p->spends = zen_xcalloc(json_array_size(list) + 1, sizeof(*p->spends));
	json_array_foreach(list, i, item) {
		struct zen_spend *s = &p->spends[i];
		int bad = json_is_string(item) ?
			  spend_text(s, json_string_value(item)) :
			  json_is_object(item) ? spend_object(s, item) : -1;

		if (bad)
			return zen_fail(&call->err, ZEN_EINVAL, "invalid spend "
					"'%.200s': AMOUNT[:ASSET], a whole "
					"number of kalapas above 0 and an asset "
					"(default 00, ZP)", json_is_string(item)
					? json_string_value(item) : "(not text)");
		p->n_spends++;
	}
	return zen_cgp_payout_sort(p, &call->err);
}

static int ballot_of(struct zen_call *call, enum zen_cgp_vote_kind kind,
		     struct zen_cgp_ballot *b)
{
	memset(b, 0, sizeof(*b));
	if (kind == ZEN_CGP_VOTE_ALLOCATION)
		return allocation_of(call, b);
	b->kind = ZEN_CGP_BALLOT_PAYOUT;
	return recipient_of(call, &b->payout.recipient) ?:
	       spends_of(call, &b->payout);
}

/* ---- would the chain count it? ------------------------------------------ */

static int in_window(struct zen_call *call, enum zen_cgp_vote_kind kind,
		     uint32_t b)
{
	struct zen_cgp_window w;

	if (zen_cgp_vote_window(call->node->params, kind, b, &w))
		return 0;
	return zen_fail(&call->err, ZEN_EREFUSED, "%s votes of interval %u are "
			"taken in blocks %u-%u; the next block is %u",
			kind_noun(kind), w.interval, w.first, w.last, b);
}

static int allocation_counts(struct zen_call *call, uint8_t prev, uint8_t x)
{
	uint8_t lo, hi;

	if (zen_cgp_allocation_valid(call->node->params, prev, x))
		return 0;
	zen_cgp_allocation_range(call->node->params, prev, &lo, &hi);
	return zen_fail(&call->err, ZEN_EREFUSED, "allocation %u is out of "
			"range: after an allocation of %u the chain counts "
			"votes of %u to %u", x, prev, lo, hi);
}

static int is_candidate(struct zen_call *call, struct zen_chain_read *r,
			uint32_t interval, const struct zen_cgp_payout *p)
{
	struct zen_cgp_payout *c = NULL;
	size_t n = 0;
	int rc = zen_chain_read_cgp_candidates(r, interval, &c, &n, &call->err),
	    found = 0;

	for (size_t i = 0; !rc && i < n && !found; i++)
		found = !zen_cgp_payout_cmp(&c[i], p);
	zen_cgp_payouts_free(c, n);
	if (rc || found)
		return rc;
	if (!n)
		return zen_fail(&call->err, ZEN_EREFUSED, "interval %u has no "
				"payout candidates to vote for", interval);
	return zen_fail(&call->err, ZEN_EREFUSED, "this payout is not a "
			"candidate of interval %u (zen blockchain candidates "
			"lists them)", interval);
}

/* The pool pays nominees from what it held at the snapshot, and it pays
 * nothing between the snapshot and the end of nomination: what it holds
 * now is at least that, so a nominee it cannot pay now is invalid. */
static int pool_can_pay(struct zen_call *call, struct zen_chain_read *r,
			const struct zen_cgp_payout *p)
{
	struct zen_spend *funds = NULL;
	size_t n = 0;
	int rc = zen_chain_read_cgp_funds(r, &funds, &n, &call->err);

	if (!rc && !zen_cgp_nominee_valid(p, funds, n))
		rc = zen_fail(&call->err, ZEN_EREFUSED, "the Common Goods Pool "
			      "cannot pay this payout from what it holds");
	free(funds);
	return rc;
}

static int vote_counts(struct zen_call *call, struct zen_chain_read *r,
		       const struct zen_cgp_view *view,
		       enum zen_cgp_vote_kind kind,
		       const struct zen_cgp_ballot *b)
{
	uint32_t next = view->tip + 1;
	int rc = in_window(call, kind, next);

	if (rc)
		return rc;
	switch (kind) {
	case ZEN_CGP_VOTE_ALLOCATION:
		return allocation_counts(call, view->next.allocation,
					 b->allocation);
	case ZEN_CGP_VOTE_PAYOUT:
		return is_candidate(call, r, zen_cgp_interval(call->node->params,
							      next), &b->payout);
	case ZEN_CGP_VOTE_NOMINATION:
		return pool_can_pay(call, r, &b->payout);
	}
	return 0;
}

/* ---- the voters ---------------------------------------------------------- */

/* A wallet key that votes, and its weight in the interval. */
struct voter {
	struct zen_waddr addr;
	uint8_t pub[ZEN_PUBKEY_LEN];
	uint64_t weight;
};

static int holds_zp(const struct zen_wallet_view *v,
		    const uint8_t pk_hash[ZEN_HASH_LEN])
{
	for (size_t i = 0; i < v->n_outs; i++)
		if (!v->outs[i].spent &&
		    !memcmp(v->outs[i].pk_hash, pk_hash, ZEN_HASH_LEN) &&
		    zen_asset_is_zp(&v->outs[i].output.spend.asset))
			return 1;
	return 0;
}

/*
 * The wallet's keys that vote: every one that holds ZP now or has a
 * weight in interval (its balance at the snapshot, once frozen: a key
 * spent since still has it).  all: every key of the wallet instead.
 */
static int voters_of(struct zen_call *call, struct zen_chain_read *r,
		     const struct zen_wallet_view *v, uint32_t interval,
		     int all, struct voter **out, size_t *n)
{
	size_t cap = 0;
	int rc = 0;

	*out = NULL;
	*n = 0;
	for (size_t i = 0; !rc && i < v->n_addrs; i++) {
		const struct zen_waddr *a = &v->addrs[i];
		struct voter x = { .addr = *a };
		uint8_t pkh[ZEN_HASH_LEN];

		if (a->kind == ZEN_WADDR_WATCH)
			continue;
		rc = zen_chain_read_cgp_weight(r, interval, a->pk_hash,
					       &x.weight, NULL, &call->err) ?:
		     zen_wallet_address_key(&v->account.xpub, a->kind, a->index,
					    x.pub, pkh, &call->err);
		if (rc || (!all && !x.weight && !holds_zp(v, a->pk_hash)))
			continue;
		ZEN_GROW(*out, *n + 1, cap);
		(*out)[(*n)++] = x;
	}
	return rc;
}

static json_t *address_json(enum zen_chain chain, const uint8_t pkh[ZEN_HASH_LEN])
{
	struct zen_buf b = ZEN_BUF_INIT;
	json_t *s;

	zen_address_pk(&b, chain, pkh);
	s = json_string(zen_buf_str(&b));
	zen_buf_release(&b);
	return s;
}

static json_t *u64_text(uint64_t v)
{
	char s[24];

	snprintf(s, sizeof(s), "%llu", (unsigned long long)v);
	return json_string(s);
}

static json_t *key_json(enum zen_chain chain, const struct voter *x)
{
	char pub[2 * ZEN_PUBKEY_LEN + 1];

	zen_hex_encode_to(pub, x->pub, ZEN_PUBKEY_LEN);
	return json_pack("{s:o, s:s, s:o}", "address",
			 address_json(chain, x->addr.pk_hash), "publicKey", pub,
			 "weight", u64_text(x->weight));
}

/* ---- POST /wallet/vote/... ------------------------------------------------ */

/* The voters' secret keys, in voter order (sodium_malloc'ed). */
static int voter_keys(struct zen_call *call, const struct zen_wallet_secret *s,
		      const struct voter *x, size_t n,
		      uint8_t (**keys)[ZEN_SECKEY_LEN])
{
	int rc = 0;

	*keys = sodium_malloc(n * ZEN_SECKEY_LEN);
	if (!*keys)
		return zen_fail(&call->err, ZEN_EINTERNAL, "out of secure memory");
	for (size_t i = 0; !rc && i < n; i++)
		rc = zen_wallet_address_seckey(&s->account, x[i].addr.kind,
					       x[i].addr.index, (*keys)[i],
					       &call->err);
	return rc;
}

/* The signed body of the vote, as hex. */
static int signed_body(struct zen_call *call, const struct zen_wallet_secret *s,
		       uint32_t block, enum zen_cgp_vote_kind kind,
		       const struct zen_cgp_ballot *b, const struct voter *x,
		       size_t n, struct zen_buf *hex)
{
	uint8_t (*keys)[ZEN_SECKEY_LEN] = NULL;
	struct zen_data body;
	int rc;

	zen_data_init(&body);
	rc = voter_keys(call, s, x, n, &keys) ?:
	     zen_cgp_vote_body(&body, call->node->params, block, kind, b,
			       (const uint8_t (*)[ZEN_SECKEY_LEN])keys, n,
			       &call->err);
	if (keys)
		sodium_free(keys);
	if (!rc)
		body_hex(hex, &body);
	zen_data_release(&body);
	return rc;
}

/* {"txHash", "interval", "command", "ballot", "weight", "keys"} */
static json_t *vote_answer(struct zen_call *call, uint32_t interval,
			   enum zen_cgp_vote_kind kind,
			   const struct zen_cgp_ballot *b,
			   const struct voter *x, size_t n)
{
	struct zen_buf bytes = ZEN_BUF_INIT, hex = ZEN_BUF_INIT;
	json_t *keys = json_array(), *o;
	uint64_t weight = 0;

	for (size_t i = 0; i < n; i++) {
		weight += x[i].weight;
		json_array_append_new(keys, key_json(call->node->chain, &x[i]));
	}
	zen_cgp_ballot_write(&bytes, b);
	zen_hex_encode(&hex, bytes.data, bytes.len);
	o = json_pack("{s:O, s:i, s:s, s:s, s:o, s:o}", "txHash", call->result,
		      "interval", (json_int_t)interval,
		      "command", zen_cgp_vote_command(kind),
		      "ballot", zen_buf_str(&hex), "weight", u64_text(weight),
		      "keys", keys);
	zen_buf_release(&bytes);
	zen_buf_release(&hex);
	return o;
}

static enum zen_cgp_table table_of(enum zen_cgp_vote_kind kind)
{
	switch (kind) {
	case ZEN_CGP_VOTE_NOMINATION: return ZEN_CGP_NOMINEES;
	case ZEN_CGP_VOTE_ALLOCATION: return ZEN_CGP_ALLOCATIONS;
	case ZEN_CGP_VOTE_PAYOUT: return ZEN_CGP_PAYOUTS;
	}
	ZEN_BUG("unknown vote kind");
}

/* Drop the voters whose vote of kind the chain already holds: it counts
 * a key's first ballot only. */
static int not_voted(struct zen_call *call, struct zen_chain_read *r,
		     uint32_t interval, enum zen_cgp_vote_kind kind,
		     struct voter *x, size_t *n)
{
	size_t kept = 0;

	for (size_t i = 0; i < *n; i++) {
		struct zen_cgp_ballot b;
		int rc = zen_chain_read_cgp_vote(r, interval, table_of(kind),
						 x[i].pub, &b, &call->err);

		if (!rc)
			zen_cgp_ballot_release(&b);
		else if (rc == ZEN_ENOTFOUND)
			x[kept++] = x[i];
		else
			return rc;
	}
	if (*n && !kept)
		return zen_fail(&call->err, ZEN_EREFUSED, "the keys of this "
				"wallet have cast their %s vote of interval %u "
				"already: the chain counts a key's first one",
				kind_noun(kind), interval);
	*n = kept;
	return 0;
}

/* What the wallet has to vote with, on r: its voters of kind in
 * interval. */
static int wallet_voters(struct zen_call *call, struct zen_chain_read *r,
			 uint32_t interval, enum zen_cgp_vote_kind kind,
			 struct voter **x, size_t *n)
{
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	int rc = zen_wallet_view(call->wallet, r, &v, &call->err) ?:
		 voters_of(call, r, &v, interval, 0, x, n);

	zen_wallet_view_release(&v);
	if (!rc && !*n)
		rc = zen_fail(&call->err, ZEN_EREFUSED, "this wallet holds no "
			      "ZP to vote with");
	if (rc || zen_args_bool(call->args, "force", 0))
		return rc;
	return not_voted(call, r, interval, kind, *x, n);
}

static int vote(struct zen_call *call, enum zen_cgp_vote_kind kind)
{
	struct zen_chain_read *r = NULL;
	struct zen_wallet_secret *s = NULL;
	struct zen_cgp_view view;
	struct zen_cgp_ballot b;
	struct zen_buf hex = ZEN_BUF_INIT;
	struct voter *x = NULL;
	size_t n = 0;
	const char *pw;
	uint32_t next = 0;
	struct zen_wallet_account acc;
	int rc;

	memset(&view, 0, sizeof(view));
	rc = ballot_of(call, kind, &b) ?: op_password_or_session(call, "password", &pw) ?:
	     zen_wallet_account(call->wallet, &acc, &call->err) ?:
	     cgp_now(call, &r, &view);
	if (!rc) {
		next = view.tip + 1;
		rc = (zen_args_bool(call->args, "force", 0) ? 0 :
		      vote_counts(call, r, &view, kind, &b)) ?:
		     wallet_voters(call, r, zen_cgp_interval(call->node->params,
							     next), kind, &x, &n);
	}
	zen_cgp_state_release(&view.next);
	zen_chain_read_end(r);
	if (!rc)
		rc = op_wallet_unlock(call, call->wallet, pw, &s) ?:
		     signed_body(call, s, next, kind, &b, x, n, &hex) ?:
		     execute(call, &call->node->params->voting_contract_id,
			     zen_cgp_vote_command(kind), zen_buf_str(&hex), s);
	if (!rc) {
		json_t *o = vote_answer(call, zen_cgp_interval(call->node->params,
							       next),
					kind, &b, x, n);

		json_decref(call->result);
		call->result = o;
	}
	zen_wallet_secret_free(s);
	zen_cgp_ballot_release(&b);
	zen_buf_release(&hex);
	free(x);
	return rc;
}

int op_wallet_vote_allocation(struct zen_call *call)
{
	return vote(call, ZEN_CGP_VOTE_ALLOCATION);
}

int op_wallet_vote_payout(struct zen_call *call)
{
	return vote(call, ZEN_CGP_VOTE_PAYOUT);
}

int op_wallet_vote_nominate(struct zen_call *call)
{
	return vote(call, ZEN_CGP_VOTE_NOMINATION);
}

/* ---- GET /wallet/vote ------------------------------------------------------ */

static json_t *window_json(const struct zen_chain_params *p,
			   enum zen_cgp_vote_kind kind, uint32_t b)
{
	struct zen_cgp_window w;
	int open = zen_cgp_vote_window(p, kind, b, &w);

	return json_pack("{s:i, s:i, s:i, s:b}", "interval",
			 (json_int_t)w.interval, "first", (json_int_t)w.first,
			 "last", (json_int_t)w.last, "open", open);
}

/* The phase block b is in (the names of /blockchain/cgp's). */
static const char *phase_of(const struct zen_chain_params *p, uint32_t b)
{
	struct zen_cgp_window w;

	if (zen_cgp_vote_window(p, ZEN_CGP_VOTE_NOMINATION, b, &w))
		return "nomination";
	if (zen_cgp_vote_window(p, ZEN_CGP_VOTE_ALLOCATION, b, &w))
		return "voting";
	return "beforeSnapshot";
}

/* One recorded vote of a key: {"kind", "address", "publicKey", and
 * "allocation" or "payout"}. */
static json_t *cast_json(enum zen_chain chain, const char *kind,
			 const struct voter *x, const struct zen_cgp_ballot *b)
{
	char pub[2 * ZEN_PUBKEY_LEN + 1];
	json_t *o;

	zen_hex_encode_to(pub, x->pub, ZEN_PUBKEY_LEN);
	o = json_pack("{s:s, s:o, s:s}", "kind", kind, "address",
		      address_json(chain, x->addr.pk_hash), "publicKey", pub);
	if (b->kind == ZEN_CGP_BALLOT_ALLOCATION)
		json_object_set_new(o, "allocation",
				    json_integer(b->allocation));
	else
		json_object_set_new(o, "payout",
				    zen_json_cgp_payout(&b->payout, chain));
	return o;
}

/* The ballots the chain recorded for the voters in interval. */
static int casts_json(struct zen_call *call, struct zen_chain_read *r,
		      uint32_t interval, const struct voter *x, size_t n,
		      json_t *out)
{
	static const struct { enum zen_cgp_table t; const char *kind; } tables[] = {
		{ ZEN_CGP_NOMINEES, "nomination" },
		{ ZEN_CGP_ALLOCATIONS, "allocation" },
		{ ZEN_CGP_PAYOUTS, "payout" },
	};

	for (size_t t = 0; t < ZEN_ARRAY_SIZE(tables); t++)
		for (size_t i = 0; i < n; i++) {
			struct zen_cgp_ballot b;
			int rc = zen_chain_read_cgp_vote(r, interval, tables[t].t,
							 x[i].pub, &b, &call->err);

			if (rc == ZEN_ENOTFOUND)
				continue;
			if (rc)
				return rc;
			json_array_append_new(out, cast_json(call->node->chain,
							     tables[t].kind,
							     &x[i], &b));
			zen_cgp_ballot_release(&b);
		}
	return 0;
}

static json_t *status_json(struct zen_call *call,
			   const struct zen_cgp_view *view, uint32_t interval,
			   const struct voter *x, size_t n)
{
	const struct zen_chain_params *p = call->node->params;
	uint32_t next = view->tip + 1;
	uint64_t weight = 0;
	/* the balances of the snapshot block, once it is on the chain */
	int frozen = view->tip >= zen_cgp_snapshot_block(p, interval);
	uint8_t lo, hi;
	json_t *keys = json_array();

	for (size_t i = 0; i < n; i++) {
		weight += x[i].weight;
		if (x[i].weight)
			json_array_append_new(keys, key_json(call->node->chain,
							     &x[i]));
	}
	zen_cgp_allocation_range(p, view->next.allocation, &lo, &hi);
	return json_pack("{s:i, s:i, s:s, s:i, s:{s:o, s:o, s:o}, s:i, "
			 "s:{s:i, s:i}, s:o, s:b, s:o, s:[]}",
			 "interval", (json_int_t)interval,
			 "nextBlock", (json_int_t)next,
			 "phase", phase_of(p, next),
			 "snapshotBlock",
			 (json_int_t)zen_cgp_snapshot_block(p, interval),
			 "windows",
			 "nomination", window_json(p, ZEN_CGP_VOTE_NOMINATION, next),
			 "allocation", window_json(p, ZEN_CGP_VOTE_ALLOCATION, next),
			 "payout", window_json(p, ZEN_CGP_VOTE_PAYOUT, next),
			 "allocation", (json_int_t)view->next.allocation,
			 "allocationVotes", "from", (json_int_t)lo, "to",
			 (json_int_t)hi,
			 "weight", u64_text(weight), "weightFrozen", frozen,
			 "keys", keys, "votes");
}

int op_wallet_vote(struct zen_call *call)
{
	struct zen_chain_read *r = NULL;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	struct zen_cgp_view view;
	struct voter *x = NULL;
	size_t n = 0;
	uint32_t interval = 0;
	int rc = cgp_now(call, &r, &view);

	if (!rc) {
		interval = zen_cgp_interval(call->node->params, view.tip + 1);
		rc = zen_wallet_view(call->wallet, r, &v, &call->err) ?:
		     voters_of(call, r, &v, interval, 1, &x, &n);
	}
	if (!rc) {
		call->result = status_json(call, &view, interval, x, n);
		rc = casts_json(call, r, interval, x, n,
				json_object_get(call->result, "votes"));
	}
	zen_chain_read_end(r);
	zen_wallet_view_release(&v);
	zen_cgp_state_release(&view.next);
	free(x);
	return rc;
}

/* ---- the readable status -------------------------------------------------- */

static json_int_t int_of(const json_t *o, const char *key)
{
	return json_integer_value(json_object_get(o, key));
}

static const char *str_of(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "?";
}

static void add_window(struct zen_buf *out, const char *label,
		       const json_t *w)
{
	zen_buf_addf(out, "%-19sblocks %" JSON_INTEGER_FORMAT "-%"
		     JSON_INTEGER_FORMAT " of interval %" JSON_INTEGER_FORMAT
		     "%s\n", label, int_of(w, "first"), int_of(w, "last"),
		     int_of(w, "interval"),
		     json_is_true(json_object_get(w, "open")) ? " (open)" : "");
}

/* "to ADDRESS: 10 ZP, 5 ASSET" */
static void add_payout(struct zen_buf *out, const json_t *p)
{
	const json_t *s;
	size_t i;

	zen_buf_addf(out, "to %s:", str_of(p, "recipient"));
	json_array_foreach(json_object_get(p, "spendlist"), i, s) {
		zen_buf_addstr(out, i ? ", " : " ");
		if (!strcmp(str_of(s, "asset"), "00"))
			zen_json_add_zp(out, json_object_get(s, "amount"));
		else
			zen_buf_addf(out, "%s %s", str_of(s, "amount"),
				     str_of(s, "asset"));
	}
}

static void add_votes(struct zen_buf *out, const json_t *votes)
{
	const json_t *v;
	size_t i;

	if (!json_array_size(votes))
		zen_buf_addf(out, "%-19snone this interval\n", "votes:");
	json_array_foreach(votes, i, v) {
		const json_t *payout = json_object_get(v, "payout");

		zen_buf_addf(out, "%-19s%s ", i ? "" : "votes:",
			     str_of(v, "kind"));
		if (payout)
			add_payout(out, payout);
		else
			zen_buf_addf(out, "%" JSON_INTEGER_FORMAT "%%",
				     int_of(v, "allocation"));
		zen_buf_addf(out, ", by %s\n", str_of(v, "address"));
	}
}

int op_vote_readable(struct zen_buf *out, const json_t *result)
{
	const json_t *windows = json_object_get(result, "windows");
	const json_t *range = json_object_get(result, "allocationVotes");
	const json_t *keys = json_object_get(result, "keys"), *k;
	const char *phase = json_string_value(json_object_get(result, "phase"));
	size_t i;

	if (!phase || !json_is_object(windows) || !json_is_object(range) ||
	    !json_is_array(keys) ||
	    !json_is_array(json_object_get(result, "votes")))
		return -1;
	zen_buf_addf(out, "interval %" JSON_INTEGER_FORMAT ", next block %"
		     JSON_INTEGER_FORMAT " (%s)\n", int_of(result, "interval"),
		     int_of(result, "nextBlock"),
		     !strcmp(phase, "beforeSnapshot") ? "before the snapshot" :
		     !strcmp(phase, "nomination") ? "nomination phase" :
		     "voting phase");
	add_window(out, "nomination votes:", json_object_get(windows, "nomination"));
	add_window(out, "allocation votes:", json_object_get(windows, "allocation"));
	add_window(out, "payout votes:", json_object_get(windows, "payout"));
	zen_buf_addf(out, "%-19s%" JSON_INTEGER_FORMAT "%% in force; votes of %"
		     JSON_INTEGER_FORMAT "%% to %" JSON_INTEGER_FORMAT
		     "%% count\n", "allocation:", int_of(result, "allocation"),
		     int_of(range, "from"), int_of(range, "to"));
	zen_buf_addf(out, "%-19s", "weight:");
	zen_json_add_zp(out, json_object_get(result, "weight"));
	zen_buf_addf(out, json_is_true(json_object_get(result, "weightFrozen")) ?
		     ", the balance at the snapshot (block %" JSON_INTEGER_FORMAT
		     ")\n" : ", the balance now (frozen at the snapshot, block %"
		     JSON_INTEGER_FORMAT ")\n", int_of(result, "snapshotBlock"));
	json_array_foreach(keys, i, k) {
		zen_buf_addf(out, "%-19s%s ", i ? "" : "keys:",
			     str_of(k, "address"));
		zen_json_add_zp(out, json_object_get(k, "weight"));
		zen_buf_addch(out, '\n');
	}
	add_votes(out, json_object_get(result, "votes"));
	return 0;
}
