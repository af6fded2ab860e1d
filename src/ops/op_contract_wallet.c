/*
 * op_contract_wallet.c - the wallet's contract operations (api.md 4.3-4.5,
 * wallet.md 12.3-12.5, contracts.md 1.2, 1.3, 1.6): activate, extend and
 * execute.  Each builds a transaction from the wallet's coins in a spend
 * (op_wallet.h: no coin is offered to two transactions), signs it and
 * hands it to the mempool; the answer comes only once the mempool took
 * it and its coins are reserved (api.md F22), otherwise the node's
 * reason is the error.
 *
 * Passwords as in op_wallet.c (op_wallet.h): empty is "Password is
 * empty" before the wallet is touched, wrong is ZEN_EPASSWORD "Bad
 * password" (HTTP 400), and wrong passwords slow the next attempts down
 * (one counter for every wallet operation).
 */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "core/consensus/address.h"
#include "core/contract/check.h"
#include "core/contract/contract.h"
#include "core/encoding/hex.h"
#include "core/wallet/contract_tx.h"
#include "core/wallet/txbuild.h"
#include "core/wallet/wallet.h"
#include "ops/handlers.h"
#include "ops/node.h"
#include "ops/op_contract.h"
#include "ops/op_wallet.h"

/* ---- common ------------------------------------------------------------- */

/* numberOfBlocks: 1 .. 2^32-1 (api.md F9; the upper bound is the table's
 * type). */
static int blocks_of(struct zen_call *call, uint32_t *blocks)
{
	uint64_t n = 0;

	if (!json_object_get(call->args, "numberOfBlocks"))
		return zen_fail(&call->err, ZEN_EINVAL,
				"Json is invalid: numberOfBlocks is missing");
	zen_args_u64(call->args, "numberOfBlocks", &n);
	if (!n)
		return zen_fail(&call->err, ZEN_EINVAL, "Number of blocks is zero");
	*blocks = (uint32_t)n;
	return 0;
}

/* "no account" when the wallet has none. */
static int has_account(struct zen_call *call)
{
	struct zen_wallet_account acc;

	return zen_wallet_account(call->wallet, &acc, &call->err);
}

static int change_of(struct zen_call *call, const struct zen_wallet_view *v,
		     uint8_t pkh[ZEN_HASH_LEN])
{
	uint8_t pub[ZEN_PUBKEY_LEN];

	return zen_wallet_address_key(&v->account.xpub, ZEN_WADDR_CHANGE, 0,
				      pub, pkh, &call->err);
}

/* Funding failed for want of coins: refused by the wallet's state. */
static int funding(struct zen_call *call, int rc)
{
	if (rc && !strcmp(call->err.msg, "not enough tokens"))
		return zen_fail(&call->err, ZEN_EREFUSED, "Not enough tokens");
	return rc;
}

/* The secret keys of the selected coins, in input order. */
static int input_keys(struct zen_call *call, const struct zen_wallet_view *v,
		      const struct zen_wallet_secret *s,
		      const struct zen_wallet_coin *coins,
		      const struct zen_coin_selection *sel,
		      uint8_t (**keys)[ZEN_SECKEY_LEN])
{
	size_t n = sel->n_picked;
	int rc = 0;

	*keys = sodium_malloc(n ? n * ZEN_SECKEY_LEN : 1);
	if (!*keys)
		return zen_fail(&call->err, ZEN_EINTERNAL, "out of secure memory");
	for (size_t i = 0; !rc && i < n; i++) {
		const struct zen_waddr *a =
			zen_wallet_view_addr(v, coins[sel->picked[i]].pk_hash);

		rc = a ? zen_wallet_address_seckey(&s->account, a->kind, a->index,
						   (*keys)[i], &call->err)
		       : zen_fail(&call->err, ZEN_EINTERNAL, "coin of no address");
	}
	return rc;
}

static int sign_inputs(struct zen_call *call, const struct zen_wallet_view *v,
		       const struct zen_wallet_secret *s, struct zen_tx *tx,
		       const struct zen_wallet_coin *coins,
		       const struct zen_coin_selection *sel, uint8_t sighash)
{
	uint8_t (*keys)[ZEN_SECKEY_LEN] = NULL;
	int rc = input_keys(call, v, s, coins, sel, &keys) ?:
		 zen_wallet_sign_inputs(tx, (const uint8_t (*)[ZEN_SECKEY_LEN])keys,
					sel->n_picked, sighash, &call->err);

	if (keys)
		sodium_free(keys);
	if (!rc)
		zen_tx_finalize(tx);
	return rc;
}

static json_t *hash_json(const uint8_t hash[ZEN_HASH_LEN])
{
	char hex[2 * ZEN_HASH_LEN + 1];

	zen_hex_encode_to(hex, hash, ZEN_HASH_LEN);
	return json_string(hex);
}

/* {address, contractId, txHash, numberOfBlocks (a string, api.md K5)} */
static json_t *answer(enum zen_chain chain, const struct zen_contract_id *cid,
		      const struct zen_tx *tx, uint32_t blocks)
{
	char id[ZEN_CONTRACT_ID_TEXT_LEN + 1], n[16];
	struct zen_buf addr = ZEN_BUF_INIT;
	json_t *o;

	zen_contract_id_text(id, cid);
	zen_address_contract(&addr, chain, cid);
	snprintf(n, sizeof(n), "%u", (unsigned)blocks);
	o = json_pack("{s:s, s:s, s:o, s:s}", "address", zen_buf_str(&addr),
		      "contractId", id, "txHash", hash_json(tx->tx_hash),
		      "numberOfBlocks", n);
	zen_buf_release(&addr);
	return o;
}

/* address (bech32) or contractId (72 hex); both must agree (api.md F3). */
static int contract_of(struct zen_call *call, struct zen_contract_id *cid)
{
	const char *addr = zen_args_str(call->args, "address");
	const char *id = zen_args_str(call->args, "contractId");
	struct zen_contract_id other;
	struct zen_err e = ZEN_ERR_INIT;

	if (id && zen_contract_id_parse(&other, id, &e))
		return zen_fail(&call->err, ZEN_EINVAL, "invalid contractId");
	if (!addr && id) {
		*cid = other;
		return 0;
	}
	if (zen_address_decode_contract(cid, call->node->chain,
					addr ? addr : "", &e))
		return zen_fail(&call->err, ZEN_EINVAL, "Address is invalid: %s",
				e.msg);
	if (id && (cid->version != other.version ||
		   memcmp(cid->hash, other.hash, ZEN_HASH_LEN)))
		return zen_fail(&call->err, ZEN_EINVAL, "address and contractId "
				"name different contracts");
	return 0;
}

/* ---- POST /wallet/contract/activate ------------------------------------- */

/* The contract of an activation: code, hints (given or synthetic),
 * rlimit (0 = default), queries. */
static int activation_contract(struct zen_call *call, struct zen_contract *c)
{
	json_t *code = json_object_get(call->args, "code");
	const char *hints = zen_args_str(call->args, "hints");
	uint64_t rlimit = 0;
	struct zen_buf h = ZEN_BUF_INIT;
	int rc;

	c->version = 0;
	c->code_len = json_string_length(code);
	c->code = zen_xmalloc(c->code_len + 1);
	if (c->code_len)
		memcpy(c->code, json_string_value(code), c->code_len);
	c->code[c->code_len] = 0;
	zen_args_u64(call->args, "rlimit", &rlimit);
	c->rlimit = rlimit ? (uint32_t)rlimit : ZEN_DEFAULT_RLIMIT;
	if (hints && *hints) {
		rc = zen_hints_queries(hints, strlen(hints), &c->queries,
				       &call->err);
		if (rc)
			return rc;
		zen_buf_addstr(&h, hints);
	} else {
		zen_synthetic_hints(&h, c->code, c->code_len);
		c->queries = ZEN_SYNTHETIC_HINTS_QUERIES;
	}
	c->hints_len = h.len;
	c->hints = (char *)zen_buf_detach(&h, NULL);
	/* What the node would refuse at activation, before any spending:
	 * the node's own check (check.h). */
	return zen_contract_check(c->code, c->code_len, "code", NULL, NULL,
				  &call->err);
}

int op_contract_activate(struct zen_call *call)
{
	struct zen_wallet *w = call->wallet;
	struct zen_wallet_secret *s = NULL;
	struct zen_wallet_spend *sp = NULL;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	struct zen_wallet_coin *coins = NULL;
	struct zen_coin_selection sel = ZEN_COIN_SELECTION_INIT;
	struct zen_contract c;
	struct zen_contract_id cid;
	struct zen_tx tx;
	uint8_t change[ZEN_HASH_LEN];
	uint32_t blocks = 0;
	size_t n = 0;
	const char *pw = NULL;
	int rc;

	zen_contract_init(&c);
	zen_tx_init(&tx);
	if (!json_string_length(json_object_get(call->args, "code")))
		rc = zen_fail(&call->err, ZEN_EINVAL, "Contract code is empty");
	else
		rc = op_password_or_session(call, "password", &pw) ?: blocks_of(call, &blocks) ?:
		     activation_contract(call, &c) ?: has_account(call) ?:
		     op_wallet_unlock(call, w, pw, &s) ?:
		     op_spend_begin(call, w, &sp, &v) ?:
		     change_of(call, &v, change);
	if (!rc) {
		zen_wallet_view_coins(&v, &coins, &n);
		rc = funding(call, zen_wallet_build_activate(&tx, &sel, coins, n,
				&c, blocks, change, v.tip,
				call->node->params->coinbase_maturity,
				&call->err)) ?:
		     sign_inputs(call, &v, s, &tx, coins, &sel,
				 ZEN_SIGHASH_TXHASH) ?:
		     op_spend_publish(call, &sp, &tx);
	}
	if (!rc) {
		zen_contract_id_from_code(&cid, c.code, c.code_len);
		call->result = answer(call->node->chain, &cid, &tx, blocks);
	}
	zen_wallet_spend_abort(sp);
	zen_wallet_secret_free(s);
	zen_wallet_view_release(&v);
	zen_coin_selection_release(&sel);
	free(coins);
	zen_tx_release(&tx);
	zen_contract_release(&c);
	return rc;
}

/* ---- POST /wallet/contract/extend --------------------------------------- */

/* The code length of an active contract (the mempool's view). */
static int active_code_len(struct zen_call *call,
			   const struct zen_contract_id *cid, size_t *len)
{
	struct zen_chain_read *r = NULL;
	struct zen_active_contract *a = NULL;
	size_t n = 0;
	int rc = zen_call_read(call, &r), found = 0;

	if (!rc)
		rc = zen_chain_read_active(r, &a, &n, &call->err);
	zen_chain_read_end(r);
	for (size_t i = 0; !rc && i < n && !found; i++)
		if (a[i].cid.version == cid->version &&
		    !memcmp(a[i].cid.hash, cid->hash, ZEN_HASH_LEN)) {
			*len = a[i].code_len;
			found = 1;
		}
	zen_active_contracts_free(a, n);
	if (!rc && !found)
		rc = zen_fail(&call->err, ZEN_EREFUSED, "contract is not active");
	return rc;
}

int op_contract_extend(struct zen_call *call)
{
	struct zen_wallet *w = call->wallet;
	struct zen_wallet_secret *s = NULL;
	struct zen_wallet_spend *sp = NULL;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	struct zen_wallet_coin *coins = NULL;
	struct zen_coin_selection sel = ZEN_COIN_SELECTION_INIT;
	struct zen_contract_id cid;
	struct zen_tx tx;
	uint8_t change[ZEN_HASH_LEN];
	uint32_t blocks = 0;
	size_t n = 0, code_len = 0;
	const char *pw = NULL;
	int rc;

	zen_tx_init(&tx);
	rc = op_password_or_session(call, "password", &pw) ?: blocks_of(call, &blocks) ?:
	     contract_of(call, &cid) ?: has_account(call) ?:
	     active_code_len(call, &cid, &code_len) ?:
	     op_wallet_unlock(call, w, pw, &s) ?:
	     op_spend_begin(call, w, &sp, &v) ?:
	     change_of(call, &v, change);
	if (!rc) {
		zen_wallet_view_coins(&v, &coins, &n);
		rc = funding(call, zen_wallet_build_extend(&tx, &sel, coins, n,
				&cid, code_len, blocks, change, v.tip,
				call->node->params->coinbase_maturity,
				&call->err)) ?:
		     sign_inputs(call, &v, s, &tx, coins, &sel,
				 ZEN_SIGHASH_TXHASH) ?:
		     op_spend_publish(call, &sp, &tx);
	}
	if (!rc)
		call->result = answer(call->node->chain, &cid, &tx, blocks);
	zen_wallet_spend_abort(sp);
	zen_wallet_secret_free(s);
	zen_wallet_view_release(&v);
	zen_coin_selection_release(&sel);
	free(coins);
	zen_tx_release(&tx);
	return rc;
}

/* ---- POST /wallet/contract/execute -------------------------------------- */

/* spends, or one spend from asset (default 00) and amount; duplicate
 * assets are summed (api.md F7).  Out: *out (free()), *n. */
static int spends_of(struct zen_call *call, struct zen_spend **out, size_t *n)
{
	json_t *list = json_object_get(call->args, "spends"), *one = NULL, *item;
	struct zen_spend *sp;
	size_t i;
	int rc = 0;

	*out = NULL;
	*n = 0;
	if (!list && json_object_get(call->args, "amount")) {
		one = json_pack("[{s:s, s:O}]", "asset",
				zen_args_str(call->args, "asset") ?
				op_arg_str(call, "asset") : "00",
				"amount", json_object_get(call->args, "amount"));
		list = one;
	}
	if (list && !json_is_array(list)) {
		json_decref(one);
		return zen_fail(&call->err, ZEN_EINVAL, "Json is invalid: spends "
				"is not an array");
	}
	sp = zen_xcalloc(json_array_size(list) + 1, sizeof(*sp));
	json_array_foreach(list, i, item) {
		const char *asset = json_string_value(json_object_get(item, "asset"));

		if (!json_is_object(item))
			rc = zen_fail(&call->err, ZEN_EINVAL, "Json is invalid: a "
				      "spend is not an object");
		else if (!asset || zen_asset_parse(&sp[i].asset, asset, strlen(asset)))
			rc = zen_fail(&call->err, ZEN_EINVAL, "invalid asset");
		else if (op_parse_amount(&sp[i].amount, json_object_get(item, "amount")))
			rc = zen_fail(&call->err, ZEN_EINVAL, "invalid amount (a "
				      "whole number of kalapas, 1 to "
				      "18446744073709551615)");
		if (rc)
			break;
	}
	if (!rc && json_array_size(list))
		rc = zen_spends_sum(out, n, sp, json_array_size(list), &call->err);
	free(sp);
	json_decref(one);
	return rc;
}

struct exec_opts {
	int return_address;
	const char *sign;	/* "" or NULL: none */
};

/* options {returnAddress, sign}, else the top-level returnAddress and
 * sign (api.md F6). */
static int options_of(struct zen_call *call, struct exec_opts *o)
{
	json_t *opts = json_object_get(call->args, "options"), *ra, *sg;

	if (opts && !json_is_object(opts))
		return zen_fail(&call->err, ZEN_EINVAL, "Json is invalid: options "
				"is not an object");
	ra = json_object_get(opts, "returnAddress");
	sg = json_object_get(opts, "sign");
	if (ra) {
		if (json_is_boolean(ra))
			o->return_address = json_is_true(ra);
		else if (json_is_string(ra) &&
			 (!strcmp(json_string_value(ra), "true") ||
			  !strcmp(json_string_value(ra), "false")))
			o->return_address = json_string_value(ra)[0] == 't';
		else
			return zen_fail(&call->err, ZEN_EINVAL, "Json is invalid: "
					"options.returnAddress is not a boolean");
	} else {
		o->return_address = zen_args_bool(call->args, "returnAddress", 0);
	}
	if (sg && !json_is_string(sg) && !json_is_null(sg))
		return zen_fail(&call->err, ZEN_EINVAL, "Json is invalid: "
				"options.sign is not a string");
	o->sign = json_is_string(sg) ? json_string_value(sg) :
		  zen_args_str(call->args, "sign");
	return 0;
}

/* What the funding skeleton's inputs spend, from the view. */
static int skeleton_inputs(struct zen_call *call, const struct zen_wallet_view *v,
			   const struct zen_tx *tx, struct zen_outpoint **ops,
			   struct zen_output **outs)
{
	*ops = zen_xcalloc(tx->n_inputs + 1, sizeof(**ops));
	*outs = zen_xcalloc(tx->n_inputs + 1, sizeof(**outs));
	for (size_t i = 0; i < tx->n_inputs; i++)
		zen_output_init(&(*outs)[i]);
	for (size_t i = 0; i < tx->n_inputs; i++) {
		const struct zen_wview_output *o = NULL;

		(*ops)[i] = tx->inputs[i].outpoint;
		for (size_t j = 0; j < v->n_outs && !o; j++)
			if (!zen_outpoint_cmp(&v->outs[j].outpoint,
					      &tx->inputs[i].outpoint))
				o = &v->outs[j];
		if (!o)
			return zen_fail(&call->err, ZEN_EINTERNAL,
					"input of no wallet output");
		zen_lock_copy(&(*outs)[i].lock, &o->output.lock);
		(*outs)[i].spend = o->output.spend;
	}
	return 0;
}

static void outputs_free(struct zen_output *o, size_t n)
{
	for (size_t i = 0; o && i < n; i++)
		zen_output_release(&o[i]);
	free(o);
}

/* The sender key of the sign option: derived from the master key. */
static int sign_key(struct zen_call *call, const struct zen_wallet_secret *s,
		    const char *path, struct zen_xprv *key,
		    struct zen_execute_request *rq)
{
	if (zen_bip32_derive_text(key, &s->master, path, NULL))
		return op_key_path_error(call, path);
	rq->sender_is_pk = 1;
	return zen_pubkey_from_seckey(rq->sender_pk, key->key, &call->err);
}

/* The execution; given: the wallet already unlocked by the caller (kept),
 * else the password unlocks it. */
static int execute(struct zen_call *call, struct zen_wallet_secret *given)
{
	struct zen_wallet *w = call->wallet;
	struct zen_wallet_secret *s = given;
	struct zen_wallet_spend *sp = NULL;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	struct zen_wallet_coin *coins = NULL;
	struct zen_coin_selection sel = ZEN_COIN_SELECTION_INIT;
	struct zen_execute_request rq;
	struct zen_spend *spends = NULL;
	struct zen_data *body = NULL;
	struct zen_outpoint *ops = NULL;
	struct zen_output *spent = NULL;
	struct zen_xprv *key = sodium_malloc(sizeof(*key));
	struct exec_opts opts = { 0, NULL };
	struct zen_tx skel, tx;
	uint8_t change[ZEN_HASH_LEN];
	size_t n_spends = 0, n = 0;
	const char *pw = NULL, *command = op_arg_str(call, "command");
	int signs, rc;

	if (!key)
		return zen_fail(&call->err, ZEN_EINTERNAL, "out of secure memory");
	memset(&rq, 0, sizeof(rq));
	zen_tx_init(&skel);
	zen_tx_init(&tx);
	rc = op_contract_body(call, zen_args_str(call->args, "messageBody"),
			      &body) ?:
	     options_of(call, &opts);
	signs = !rc && opts.sign && *opts.sign;
	if (!rc)
		rc = op_password_or_session(call, "password", &pw) ?: contract_of(call, &rq.cid) ?:
		     spends_of(call, &spends, &n_spends) ?: has_account(call) ?:
		     (given ? 0 : op_wallet_unlock(call, w, pw, &s)) ?:
		     op_spend_begin(call, w, &sp, &v) ?:
		     change_of(call, &v, change);
	if (!rc) {
		zen_wallet_view_coins(&v, &coins, &n);
		rc = funding(call, zen_wallet_build_execute(&skel, &sel, coins, n,
				spends, n_spends, change, v.tip,
				call->node->params->coinbase_maturity,
				&call->err));
	}
	/* after the password and the funding, as the reference's
	 * TransactionCreator adds the return address last */
	if (!rc && opts.return_address && body && body->kind != ZEN_DATA_DICT)
		rc = zen_fail(&call->err, ZEN_EINVAL, "data can only be empty or "
			      "dict in order to add return address");
	if (!rc && opts.return_address) {
		uint8_t pub[ZEN_PUBKEY_LEN], pkh[ZEN_HASH_LEN];

		rc = zen_wallet_address_key(&v.account.xpub, ZEN_WADDR_EXTERNAL,
					    0, pub, pkh, &call->err) ?:
		     zen_data_set_return_address(&body, pkh, &call->err);
	}
	if (!rc && signs)
		rc = sign_key(call, s, opts.sign, key, &rq);
	if (!rc)
		rc = skeleton_inputs(call, &v, &skel, &ops, &spent);
	if (!rc) {
		rq.command = command;
		rq.command_len = strlen(command);
		rq.body = body;
		rq.in_outpoints = ops;
		rq.in_outputs = spent;
		rq.n_in = skel.n_inputs;
		rq.outputs = skel.outputs;
		rq.n_outputs = skel.n_outputs;
		rq.cancel = call->cancel;
		rc = zen_chain_execute(call->chain, &rq, &tx, &call->err);
	}
	if (!rc && signs)
		rc = zen_wallet_sign_contract_witness(&tx, key->key, &call->err);
	if (!rc)
		rc = sign_inputs(call, &v, s, &tx, coins, &sel,
				 ZEN_SIGHASH_FOLLOWING) ?:
		     op_spend_publish(call, &sp, &tx);
	if (!rc)
		call->result = hash_json(tx.tx_hash);
	sodium_free(key);
	zen_wallet_spend_abort(sp);
	if (s != given)
		zen_wallet_secret_free(s);
	zen_wallet_view_release(&v);
	zen_coin_selection_release(&sel);
	free(coins);
	free(spends);
	free(ops);
	outputs_free(spent, skel.n_inputs);
	op_contract_body_free(body);
	zen_tx_release(&skel);
	zen_tx_release(&tx);
	return rc;
}

int op_contract_execute(struct zen_call *call)
{
	return execute(call, NULL);
}

int op_contract_execute_unlocked(struct zen_call *call,
				 struct zen_wallet_secret *s)
{
	return execute(call, s);
}
