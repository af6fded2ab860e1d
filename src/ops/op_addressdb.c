/*
 * op_addressdb.c - the /addressdb routes (api.md 7 and 12, issue 17): the
 * balance, outputs and history of any addresses, the executions and
 * mints of contracts, discovery, a contract's id and hints, and resync.
 * The index is core/chain/addrindex.h's; every reply reads one snapshot.
 *
 * The reference's order of checks: the body first (Json invalid: ...,
 * Empty addresses list, the address's decoding error, invalid asset,
 * invalid contractId, unrecognized mode), then its AddressDB: "AddressDB
 * not running" without the index, and (zen's) "addressdb is syncing"
 * while it is being built.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/chain/addrindex.h"
#include "core/consensus/address.h"
#include "core/contract/contract.h"
#include "core/encoding/hex.h"
#include "core/wallet/contract_tx.h"
#include "ops/handlers.h"
#include "ops/json_tx.h"

/* A page's default size when take is not given (the reference requires
 * skip and take: zen answers without them). */
#define DEFAULT_TAKE 100

/* ---- the index's state ------------------------------------------------ */

/* The index answers: enabled and caught up.  *tip: the tip's number. */
static int ready(struct zen_call *call, struct zen_chain_read *r,
		 uint32_t *tip)
{
	struct zen_addr_status st;
	int rc = zen_chain_read_addr_status(r, &st, &call->err);

	if (rc)
		return rc;
	if (!st.enabled)
		return zen_fail(&call->err, ZEN_EREFUSED, "AddressDB not running");
	/* how far it got: /blockchain/info */
	if (!st.synced)
		return zen_fail(&call->err, ZEN_EREFUSED, "addressdb is syncing");
	if (tip)
		*tip = st.tip;
	return 0;
}

/* ---- request fields --------------------------------------------------- */

/* The distinct addresses of the addresses field, decoded. */
static int addresses(struct zen_call *call, struct zen_address **out,
		     size_t *n)
{
	json_t *list = json_object_get(call->args, "addresses"), *v;
	size_t i;

	*out = NULL;
	*n = 0;
	/* a missing array reads as [] (api.md 1.3) */
	if (list && !json_is_array(list))
		return zen_fail(&call->err, ZEN_EINVAL,
				"Json invalid: invalid addresses");
	if (!json_array_size(list))
		return zen_fail(&call->err, ZEN_EINVAL, "Empty addresses list");
	*out = zen_xcalloc(json_array_size(list), sizeof(**out));
	json_array_foreach(list, i, v) {
		struct zen_address a;
		size_t j;
		int rc;

		memset(&a, 0, sizeof(a));	/* compared whole below */
		if (!json_is_string(v)) {
			free(*out);
			*out = NULL;
			*n = 0;
			return zen_fail(&call->err, ZEN_EINVAL,
					"Json invalid: invalid addresses");
		}
		rc = zen_address_decode_any(&a, call->node->chain,
					    json_string_value(v), &call->err);
		if (rc) {
			free(*out);
			*out = NULL;
			*n = 0;
			return rc;
		}
		for (j = 0; j < *n && memcmp(&(*out)[j], &a, sizeof(a)); j++)
			;
		if (j == *n)
			(*out)[(*n)++] = a;
	}
	return 0;
}

/* skip and take (default 0 and DEFAULT_TAKE). */
static void paging(struct zen_call *call, uint32_t *skip, uint32_t *take)
{
	uint64_t v;

	*skip = zen_args_u64(call->args, "skip", &v) ? (uint32_t)v : 0;
	*take = zen_args_u64(call->args, "take", &v) ? (uint32_t)v : DEFAULT_TAKE;
}

static void range(struct zen_call *call, uint32_t *start, uint32_t *end)
{
	uint64_t v = 0;

	zen_args_u64(call->args, "start", &v);
	*start = (uint32_t)v;
	v = 0;
	zen_args_u64(call->args, "end", &v);
	*end = (uint32_t)v;
}

/* A contract id (72 hex) or, zen's addition, a contract address. */
static int contract_id(struct zen_call *call, struct zen_contract_id *cid)
{
	const char *text = zen_args_str(call->args, "contractId");

	if (text && !zen_contract_id_parse(cid, text, NULL))
		return 0;
	if (text && !zen_address_decode_contract(cid, call->node->chain, text,
						 NULL))
		return 0;
	return zen_fail(&call->err, ZEN_EINVAL, "invalid contractId");
}

/* ---- JSON ------------------------------------------------------------- */

/* A 128-bit amount as decimal text. */
static void u128_text(char out[48], unsigned __int128 v)
{
	char tmp[48];
	size_t n = 0;

	do {
		tmp[n++] = (char)('0' + (int)(v % 10));
		v /= 10;
	} while (v);
	for (size_t i = 0; i < n; i++)
		out[i] = tmp[n - 1 - i];
	out[n] = 0;
}

/* A JSON number, or past the JSON integers the exact digits as a string
 * (json_tx.h). */
static json_t *u128_number(unsigned __int128 v)
{
	char text[48];

	if (v <= INT64_MAX)
		return json_integer((json_int_t)v);
	u128_text(text, v);
	return json_string(text);
}

static json_t *asset_json(const struct zen_asset *a)
{
	char text[ZEN_ASSET_TEXT_MAX];

	zen_asset_text(text, a);
	return json_string(text);
}

static json_t *hash_json(const uint8_t h[ZEN_HASH_LEN])
{
	char hex[2 * ZEN_HASH_LEN + 1];

	zen_hex_encode_to(hex, h, ZEN_HASH_LEN);
	return json_string(hex);
}

static json_t *signed_text(__int128 v)
{
	char text[49];

	if (v < 0) {
		text[0] = '-';
		u128_text(text + 1, (unsigned __int128)-v);
	} else {
		u128_text(text, (unsigned __int128)v);
	}
	return json_string(text);
}

static uint32_t confirmations(uint32_t tip, uint32_t block)
{
	return tip >= block ? tip - block + 1 : 0;
}

/* ---- balance ------------------------------------------------------------ */

int op_address_balance(struct zen_call *call)
{
	struct zen_addr_balance *b = NULL;
	struct zen_address *a;
	struct zen_chain_read *r;
	uint64_t at64 = 0;
	uint32_t at;
	size_t n_a, n = 0;
	int rc = addresses(call, &a, &n_a), has_at;

	has_at = zen_args_u64(call->args, "blockNumber", &at64);
	at = (uint32_t)at64;
	if (!rc && !(rc = zen_call_read(call, &r))) {
		rc = ready(call, r, NULL) ?:
		     zen_chain_read_addr_balance(r, a, n_a, has_at ? &at : NULL,
						 &b, &n, &call->err);
		zen_chain_read_end(r);
	}
	if (!rc) {
		call->result = json_array();
		for (size_t i = 0; i < n; i++)
			json_array_append_new(call->result, json_pack("{s:o, s:o}",
				"asset", asset_json(&b[i].asset),
				"balance", u128_number(b[i].amount)));
	}
	free(b);
	free(a);
	return rc;
}

/* ---- outputs ------------------------------------------------------------ */

struct outputs {
	json_t *list;
	enum zen_chain chain;
};

static int output_json(void *ctx, const struct zen_outpoint *op,
		       const struct zen_output *o)
{
	struct outputs *x = ctx;

	json_array_append_new(x->list, zen_json_pointed_output(op, o, x->chain));
	return 0;
}

int op_address_outputs(struct zen_call *call)
{
	const char *mode = zen_args_str(call->args, "mode");
	struct outputs x = { .chain = call->node->chain };
	struct zen_address *a;
	struct zen_chain_read *r;
	size_t n_a;
	int rc = addresses(call, &a, &n_a), unspent;

	unspent = mode && !strcmp(mode, "unspentOnly");
	if (!rc && !unspent && (!mode || strcmp(mode, "all")))
		rc = zen_fail(&call->err, ZEN_EINVAL, "unrecognized mode");
	if (!rc && !(rc = zen_call_read(call, &r))) {
		x.list = json_array();
		rc = ready(call, r, NULL) ?:
		     zen_chain_read_addr_outputs(r, a, n_a, unspent, output_json,
						 &x, &call->err);
		zen_chain_read_end(r);
	}
	if (!rc)
		call->result = x.list;
	else
		json_decref(x.list);
	free(a);
	return rc;
}

/* ---- history ------------------------------------------------------------ */

struct history {
	json_t *list;
	enum zen_chain chain;
	uint32_t tip;
};

static int tx_json(void *ctx, const struct zen_addr_tx *e)
{
	struct history *h = ctx;

	json_array_append_new(h->list, json_pack("{s:o, s:o, s:o, s:I, s:I, s:o}",
		"txHash", hash_json(e->tx_hash),
		"asset", asset_json(&e->asset),
		"amount", signed_text(e->amount),
		"confirmations", (json_int_t)confirmations(h->tip, e->block),
		"timestamp", (json_int_t)e->timestamp,
		"lock", zen_json_lock(&e->lock, h->chain)));
	return 0;
}

/* The history of the addresses: a page, or (ranged) blocks start..end. */
static int history(struct zen_call *call, int ranged)
{
	struct history h = { .chain = call->node->chain };
	struct zen_address *a;
	struct zen_chain_read *r;
	uint32_t x, y;
	size_t n_a;
	int rc = addresses(call, &a, &n_a);

	if (ranged)
		range(call, &x, &y);
	else
		paging(call, &x, &y);
	if (!rc && !(rc = zen_call_read(call, &r))) {
		h.list = json_array();
		rc = ready(call, r, &h.tip);
		if (!rc && ranged)
			rc = zen_chain_read_addr_txs_range(r, a, n_a, x, y,
							   tx_json, &h,
							   &call->err);
		else if (!rc)
			rc = zen_chain_read_addr_txs(r, a, n_a, x, y, tx_json,
						     &h, &call->err);
		zen_chain_read_end(r);
	}
	if (!rc)
		call->result = h.list;
	else
		json_decref(h.list);
	free(a);
	return rc;
}

int op_address_transactions(struct zen_call *call)
{
	return history(call, 0);
}

int op_address_transactionsbyblock(struct zen_call *call)
{
	return history(call, 1);
}

int op_address_transactioncount(struct zen_call *call)
{
	struct zen_addr_status st;
	struct zen_address *a;
	struct zen_chain_read *r;
	uint64_t count = 0;
	size_t n_a;
	int rc = addresses(call, &a, &n_a);

	if (!rc && !(rc = zen_call_read(call, &r))) {
		rc = zen_chain_read_addr_status(r, &st, &call->err);
		/* the reference asks for the tip before its AddressDB */
		if (!rc && !st.tip)
			rc = zen_fail(&call->err, ZEN_EREFUSED, "No tip");
		rc = rc ?: ready(call, r, NULL) ?:
		     zen_chain_read_addr_tx_count(r, a, n_a, &count, &call->err);
		zen_chain_read_end(r);
	}
	if (!rc)
		call->result = zen_json_u64(count);
	free(a);
	return rc;
}

/* ---- discovery ---------------------------------------------------------- */

static json_t *address_text(const struct zen_address *a, enum zen_chain chain)
{
	struct zen_buf b = ZEN_BUF_INIT;
	json_t *j;

	if (a->is_contract)
		zen_address_contract(&b, chain, &a->cid);
	else
		zen_address_pk(&b, chain, a->pk_hash);
	j = json_string(zen_buf_str(&b));
	zen_buf_release(&b);
	return j;
}

/* One address's {"address", "balance"?, "hasBalance", "txs"?, "hasTxs"}. */
static int discover(struct zen_call *call, struct zen_chain_read *r,
		    const struct zen_address *a, int full, json_t **out)
{
	struct zen_addr_balance *b = NULL;
	json_t *spends = json_array();
	uint64_t txs = 0;
	size_t n = 0;
	int rc = zen_chain_read_addr_tx_count(r, a, 1, &txs, &call->err) ?:
		 zen_chain_read_addr_balance(r, a, 1, NULL, &b, &n, &call->err);

	for (size_t i = 0; !rc && i < n; i++) {
		char text[48];

		u128_text(text, b[i].amount);
		json_array_append_new(spends, json_pack("{s:o, s:s}",
			"asset", asset_json(&b[i].asset), "amount", text));
	}
	free(b);
	if (rc) {
		json_decref(spends);
		return rc;
	}
	*out = json_object();
	json_object_set_new(*out, "address", address_text(a, call->node->chain));
	if (full)
		json_object_set(*out, "balance", spends);
	json_object_set_new(*out, "hasBalance", json_boolean(n > 0));
	if (full)
		json_object_set_new(*out, "txs", zen_json_u64(txs));
	json_object_set_new(*out, "hasTxs", json_boolean(txs > 0));
	json_decref(spends);
	return 0;
}

int op_address_discovery(struct zen_call *call)
{
	int full = zen_args_bool(call->args, "full", 0);
	struct zen_address *a;
	struct zen_chain_read *r;
	json_t *list = NULL;
	size_t n_a;
	int rc = addresses(call, &a, &n_a);

	if (!rc && !(rc = zen_call_read(call, &r))) {
		list = json_array();
		rc = ready(call, r, NULL);
		for (size_t i = 0; !rc && i < n_a; i++) {
			json_t *one;

			if (!(rc = discover(call, r, &a[i], full, &one)))
				json_array_append_new(list, one);
		}
		zen_chain_read_end(r);
	}
	if (!rc)
		call->result = list;
	else
		json_decref(list);
	free(a);
	return rc;
}

/* ---- executions and mints ------------------------------------------------ */

static json_t *body_json(const struct zen_witness *w, enum zen_chain chain)
{
	return w->body ? zen_json_data(w->body, chain) : json_null();
}

static int call_json(void *ctx, const struct zen_addr_call *c,
		     const struct zen_witness *w)
{
	struct history *h = ctx;

	json_array_append_new(h->list, json_pack("{s:o, s:o, s:o, s:I}",
		"command", json_stringn(w->command ? w->command : "",
					w->command_len),
		"messageBody", body_json(w, h->chain),
		"txHash", hash_json(c->tx_hash),
		"confirmations", (json_int_t)confirmations(h->tip, c->block)));
	return 0;
}

/* The executions of contractId: a page, or (ranged) blocks start..end. */
static int contract_history(struct zen_call *call, int ranged)
{
	struct history h = { .chain = call->node->chain };
	struct zen_contract_id cid;
	struct zen_chain_read *r;
	uint32_t x, y;
	int rc = contract_id(call, &cid);

	if (ranged)
		range(call, &x, &y);
	else
		paging(call, &x, &y);
	if (!rc && !(rc = zen_call_read(call, &r))) {
		h.list = json_array();
		rc = ready(call, r, &h.tip);
		if (!rc && ranged)
			rc = zen_chain_read_addr_calls_range(r, &cid, x, y,
							     call_json, &h,
							     &call->err);
		else if (!rc)
			rc = zen_chain_read_addr_calls(r, &cid, x, y, call_json,
						       &h, &call->err);
		zen_chain_read_end(r);
	}
	if (!rc)
		call->result = h.list;
	else
		json_decref(h.list);
	return rc;
}

int op_address_contracthistory(struct zen_call *call)
{
	return contract_history(call, 0);
}

int op_address_contracthistorybyblock(struct zen_call *call)
{
	return contract_history(call, 1);
}

static int mint_json(void *ctx, const struct zen_addr_call *c,
		     const struct zen_witness *w)
{
	struct history *h = ctx;
	json_t *sender = json_null(), *raw = json_null();

	if (w->has_cw_signature) {
		char hex[2 * ZEN_PUBKEY_LEN + 1];

		zen_hex_encode_to(hex, w->cw_pubkey, ZEN_PUBKEY_LEN);
		json_decref(sender);
		sender = json_string(hex);
	}
	if (w->body) {
		struct zen_buf bytes = ZEN_BUF_INIT, hex = ZEN_BUF_INIT;

		zen_data_serialize(&bytes, w->body);
		zen_hex_encode(&hex, bytes.data, bytes.len);
		json_decref(raw);
		raw = json_string(zen_buf_str(&hex));
		zen_buf_release(&bytes);
		zen_buf_release(&hex);
	}
	h->list = json_pack("{s:I, s:o, s:o, s:o, s:o}",
		"executionBlock", (json_int_t)c->block,
		"sender", sender,
		"command", json_stringn(w->command ? w->command : "",
					w->command_len),
		"messageBody", body_json(w, h->chain),
		"messageBodyRaw", raw);
	return 0;
}

int op_address_mint(struct zen_call *call)
{
	const char *text = zen_args_str(call->args, "asset");
	struct history h = { .chain = call->node->chain };
	struct zen_chain_read *r;
	struct zen_asset asset;
	int rc = 0;

	if (!text || zen_asset_parse(&asset, text, strlen(text)))
		return zen_fail(&call->err, ZEN_EINVAL, "invalid asset");
	if ((rc = zen_call_read(call, &r)))
		return rc;
	rc = ready(call, r, NULL) ?:
	     zen_chain_read_addr_mint(r, &asset, mint_json, &h, &call->err);
	zen_chain_read_end(r);
	if (!rc)
		call->result = h.list;
	else
		json_decref(h.list);
	if (rc == ZEN_ENOTFOUND)	/* "No data" is a 400 */
		call->http_status = 400;
	return rc;
}

/* ---- contract info and resync -------------------------------------------- */

int op_address_contractinfo(struct zen_call *call)
{
	json_t *code = json_object_get(call->args, "code");
	const char *src = json_string_value(code);
	size_t len = json_string_length(code);
	struct zen_buf hints = ZEN_BUF_INIT, addr = ZEN_BUF_INIT;
	struct zen_addr_status st;
	struct zen_contract_id cid;
	struct zc_contract *loaded = NULL;
	struct zen_chain_read *r;
	char id[ZEN_CONTRACT_ID_TEXT_LEN + 1];
	uint64_t rlimit = 0;
	int rc;

	if (!len)
		return zen_fail(&call->err, ZEN_EINVAL, "Contract code is empty");
	if ((rc = zen_call_read(call, &r)))
		return rc;
	rc = zen_chain_read_addr_status(r, &st, &call->err);
	zen_chain_read_end(r);
	if (!rc && !st.enabled)
		rc = zen_fail(&call->err, ZEN_EREFUSED, "AddressDB not running");
	/* what the node would refuse at activation */
	if (!rc)
		rc = zen_contract_load(src, len, "code", &loaded, &call->err);
	zen_contract_free(loaded);
	if (rc)
		return rc;
	zen_args_u64(call->args, "rlimit", &rlimit);
	zen_contract_id_from_code(&cid, src, len);
	zen_contract_id_text(id, &cid);
	zen_address_contract(&addr, call->node->chain, &cid);
	/* zen cannot run F*: the hints of an activation without --hints */
	zen_synthetic_hints(&hints, src, len);
	call->result = json_pack("{s:s, s:s, s:s, s:I, s:I}",
		"contractId", id, "address", zen_buf_str(&addr),
		"hints", zen_buf_str(&hints),
		"queries", (json_int_t)ZEN_SYNTHETIC_HINTS_QUERIES,
		"rlimit", (json_int_t)(rlimit ? rlimit : ZEN_DEFAULT_RLIMIT));
	zen_buf_release(&hints);
	zen_buf_release(&addr);
	return 0;
}

int op_address_resync(struct zen_call *call)
{
	int rc = zen_chain_addr_reset(call->chain, NULL, &call->err);

	if (!rc)
		call->text = zen_xstrdup("");
	return rc;
}
