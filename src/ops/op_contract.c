/*
 * op_contract.c - `zen contract check | cost | run`: the offline contract
 * tools (contracts.md 1.6-1.8, 2) over src/core/contract/contract.h; the
 * active contract set (GET /contract/active) and the unsigned execution
 * of POST /blockchain/contract/execute (api.md 4.1, 5.14).  The wallet's
 * contract operations are in op_contract_wallet.c.
 *
 * JSON forms of the inputs (also accepted as hex where noted):
 *   data (--body, --state): hex of the serialized data, or the JSON data
 *     rendering of api.md 3.6 (what zen_json_data prints, so results feed
 *     back): {"u64": 5}, {"u32": 1}, {"i64": -1}, {"byte": 7},
 *     {"string": "s"}, {"hash": "64 hex"}, {"pk": "66 hex"} (compressed),
 *     {"signature": "128 hex"}, {"byteArray": [1, 2]} (or "hex"),
 *     {"lock": LOCK}, {"list": [data...]}, {"array": [data...]},
 *     {"dict": [["key", data], ...]} or {"dict": {"key": data, ...}}.
 *   LOCK: api.md 3.2 ({"PK": {"hash"|"address"}}, {"Contract": {"id"|
 *     "address"}}, {"ExtensionSacrifice": ...}, {"Coinbase":
 *     {"blockNumber", "pkHash"}}, {"HighVLock": {"identifier", "data"}},
 *     "Fee", "Destroy", "ActivationSacrifice"), an address (PK or
 *     contract, of the chain), {"PK": "pk hash hex"}, {"Contract": "cid"}.
 *   asset: "00" (ZP), 72 hex (default subtype) or 136 hex.
 *   --tx: {"inputs": [IN...], "outputs": [OUT...]}, IN = {"mint":
 *     {"asset", "amount"}} or {"txHash", "index", "lock"|"address",
 *     "asset", "amount"}; OUT = {"lock"|"address", "asset", "amount"}.
 *   --wallet: [{"txHash", "index", "lock"|"address", "asset", "amount"}].
 */
#include <stdlib.h>
#include <string.h>

#include "core/consensus/address.h"
#include "core/consensus/amount.h"
#include "core/contract/check.h"
#include "core/contract/contract.h"
#include "core/encoding/hex.h"
#include "core/wallet/txskel.h"
#include "ops/handlers.h"
#include "ops/json_tx.h"
#include "ops/node.h"
#include "ops/op.h"
#include "ops/op_contract.h"

struct cin {
	struct zen_contract_args a;
	struct zen_skel skel;
	struct zen_outpoint *wops;
	struct zen_output *wouts;
	struct zen_data body, state;
	char *command;
	struct zc_limits limits;
};

static int bad(struct zen_err *err, const char *what)
{
	return zen_fail(err, ZEN_EINVAL, "invalid %s", what);
}

/* maxSteps, maxDepth, memLimit over the defaults (0 is refused: a run
 * could not even start). */
static int limits_parse(json_t *args, struct zc_limits *l,
			struct zen_err *err)
{
	uint64_t u;

	zc_limits_default(l);
	if (zen_args_u64(args, "maxSteps", &u)) {
		if (!u)
			return bad(err, "maxSteps");
		l->max_steps = u;
	}
	if (zen_args_u64(args, "maxDepth", &u)) {
		if (!u)
			return bad(err, "maxDepth");
		l->max_depth = (unsigned)u;
	}
	if (zen_args_u64(args, "memLimit", &u)) {
		if (!u || u > SIZE_MAX)
			return bad(err, "memLimit");
		l->mem_limit = (size_t)u;
	}
	return 0;
}

static int parse_asset(const char *s, struct zen_asset *a,
		       struct zen_err *err)
{
	size_t n = s ? strlen(s) : 0;
	struct zen_err e2 = ZEN_ERR_INIT;
	char head[ZEN_CONTRACT_ID_TEXT_LEN + 1];

	memset(a, 0, sizeof(*a));
	if (n == 2 && !strcmp(s, "00"))
		return 0;
	if (n != 72 && n != 136)
		return bad(err, "asset");
	memcpy(head, s, 72);
	head[72] = 0;
	if (zen_contract_id_parse(&a->cid, head, &e2) ||
	    (n == 136 && zen_hex_decode_fixed(a->subtype, 32, s + 72, &e2)))
		return bad(err, "asset");
	return 0;
}

/* Kalapas, 0 included (a skeleton may hold zero), or ZP with the unit. */
static int parse_amount(json_t *j, uint64_t *out, struct zen_err *err)
{
	return zen_json_amount(j, 1, out) ? bad(err, "amount") : 0;
}

/* A PK hash: 64 hex, or {"hash": hex} / {"address": a PK address}
 * (api.md 3.2). */
static int lock_pk_hash(json_t *j, const char *hash_key, enum zen_chain chain,
			uint8_t out[ZEN_HASH_LEN])
{
	struct zen_err e2 = ZEN_ERR_INIT;
	struct zen_address ad;
	json_t *h = json_is_object(j) ? json_object_get(j, hash_key) : j,
	       *a = json_object_get(j, "address");

	if (json_is_string(h))
		return zen_hex_decode_fixed(out, ZEN_HASH_LEN,
					   json_string_value(h), &e2);
	if (!json_is_string(a) ||
	    zen_address_decode_any(&ad, chain, json_string_value(a), &e2) ||
	    ad.is_contract)
		return ZEN_EINVAL;
	memcpy(out, ad.pk_hash, ZEN_HASH_LEN);
	return 0;
}

/* A contract id: 72 hex, or {"id": hex} / {"address": a contract
 * address}. */
static int lock_cid(json_t *j, enum zen_chain chain,
		    struct zen_contract_id *out)
{
	struct zen_err e2 = ZEN_ERR_INIT;
	struct zen_address ad;
	json_t *h = json_is_object(j) ? json_object_get(j, "id") : j,
	       *a = json_object_get(j, "address");

	if (json_is_string(h))
		return zen_contract_id_parse(out, json_string_value(h), &e2);
	if (!json_is_string(a) ||
	    zen_address_decode_any(&ad, chain, json_string_value(a), &e2) ||
	    !ad.is_contract)
		return ZEN_EINVAL;
	*out = ad.cid;
	return 0;
}

/* {"HighVLock": {"identifier": N, "data": hex}}. */
static int lock_highv(json_t *j, struct zen_lock *l)
{
	json_t *id = json_object_get(j, "identifier"),
	       *data = json_object_get(j, "data");
	struct zen_buf b = ZEN_BUF_INIT;

	if (!json_is_integer(id) || json_integer_value(id) < 0 ||
	    json_integer_value(id) > UINT32_MAX ||
	    !zen_lock_is_highv((uint32_t)json_integer_value(id)) ||
	    !json_is_string(data) ||
	    zen_hex_decode(&b, json_string_value(data),
			   json_string_length(data), NULL)) {
		zen_buf_release(&b);
		return ZEN_EINVAL;
	}
	l->id = (uint32_t)json_integer_value(id);
	l->len = b.len;
	l->data = zen_buf_detach(&b, NULL);
	return 0;
}

/* A lock: the rendering of api.md 3.2 (as zen prints them), an address,
 * or the short forms {"PK": "pk hash hex"}, {"Contract": "cid"}. */
static int parse_lock(json_t *j, enum zen_chain chain, struct zen_lock *l,
		      struct zen_err *err)
{
	struct zen_err e2 = ZEN_ERR_INIT;
	json_t *v, *n;
	const char *k;

	zen_lock_init(l);
	if (json_is_string(j)) {
		const char *s = json_string_value(j);
		struct zen_address ad;

		if (!strcmp(s, "Fee"))
			l->id = ZEN_LOCK_FEE;
		else if (!strcmp(s, "Destroy"))
			l->id = ZEN_LOCK_DESTROY;
		else if (!strcmp(s, "ActivationSacrifice"))
			l->id = ZEN_LOCK_ACTIVATION_SACRIFICE;
		else if (zen_address_decode_any(&ad, chain, s, &e2))
			return bad(err, "lock");
		else if (ad.is_contract) {
			l->id = ZEN_LOCK_CONTRACT;
			l->cid = ad.cid;
		} else {
			l->id = ZEN_LOCK_PK;
			memcpy(l->pk_hash, ad.pk_hash, ZEN_HASH_LEN);
		}
		return 0;
	}
	if (!json_is_object(j) || json_object_size(j) != 1)
		return bad(err, "lock");
	k = json_object_iter_key(json_object_iter(j));
	v = json_object_iter_value(json_object_iter(j));
	if (!strcmp(k, "PK")) {
		l->id = ZEN_LOCK_PK;
		return lock_pk_hash(v, "hash", chain, l->pk_hash) ?
		       bad(err, "lock") : 0;
	}
	if (!strcmp(k, "Contract") || !strcmp(k, "ExtensionSacrifice")) {
		l->id = k[0] == 'C' ? ZEN_LOCK_CONTRACT :
			ZEN_LOCK_EXTENSION_SACRIFICE;
		return lock_cid(v, chain, &l->cid) ? bad(err, "lock") : 0;
	}
	if (!strcmp(k, "Coinbase")) {
		n = json_object_get(v, "blockNumber");
		l->id = ZEN_LOCK_COINBASE;
		if (!json_is_integer(n) || json_integer_value(n) < 0 ||
		    json_integer_value(n) > UINT32_MAX ||
		    lock_pk_hash(v, "pkHash", chain, l->pk_hash))
			return bad(err, "lock");
		l->block_number = (uint32_t)json_integer_value(n);
		return 0;
	}
	if (!strcmp(k, "HighVLock"))
		return lock_highv(v, l) ? bad(err, "lock") : 0;
	return bad(err, "lock");
}

static int parse_output(json_t *j, enum zen_chain chain, struct zen_output *o,
			struct zen_err *err)
{
	json_t *l = json_object_get(j, "lock");
	int rc;

	if (!l)
		l = json_object_get(j, "address");
	if ((rc = parse_lock(l, chain, &o->lock, err)) ||
	    (rc = parse_asset(json_string_value(json_object_get(j, "asset")),
			      &o->spend.asset, err)) ||
	    (rc = parse_amount(json_object_get(j, "amount"),
			       &o->spend.amount, err)))
		return rc;
	return 0;
}

static int parse_outpoint(json_t *j, struct zen_outpoint *op,
			  struct zen_err *err)
{
	struct zen_err e2 = ZEN_ERR_INIT;
	json_t *ix = json_object_get(j, "index");

	if (!json_is_string(json_object_get(j, "txHash")) ||
	    zen_hex_decode_fixed(op->tx_hash, ZEN_HASH_LEN,
				 json_string_value(json_object_get(j, "txHash")),
				 &e2) ||
	    !json_is_integer(ix) || json_integer_value(ix) < 0 ||
	    json_integer_value(ix) > UINT32_MAX)
		return bad(err, "outpoint");
	op->index = (uint32_t)json_integer_value(ix);
	return 0;
}

static int parse_data(json_t *j, enum zen_chain chain, struct zen_data *d,
		      int depth, struct zen_err *err);

static int parse_items(json_t *a, enum zen_chain chain, struct zen_data *d,
		       int depth, struct zen_err *err)
{
	size_t i, n = json_array_size(a);
	int rc;

	if (!json_is_array(a))
		return bad(err, "data collection");
	d->u.coll.items = zen_xcalloc(n ? n : 1, sizeof(*d->u.coll.items));
	d->u.coll.n = n;
	for (i = 0; i < n; i++)
		zen_data_init(&d->u.coll.items[i]);
	for (i = 0; i < n; i++)
		if ((rc = parse_data(json_array_get(a, i), chain,
				     &d->u.coll.items[i], depth + 1, err)))
			return rc;
	return 0;
}

static int add_entry(struct zen_data *d, size_t i, const char *k, size_t kl,
		     json_t *v, enum zen_chain chain, int depth,
		     struct zen_err *err)
{
	struct zen_data_entry *e = &d->u.dict.entries[i];

	e->key = zen_xmalloc(kl + 1);
	memcpy(e->key, k, kl);
	e->key[kl] = 0;
	e->key_len = kl;
	return parse_data(v, chain, &e->value, depth + 1, err);
}

/* {"byteArray": [1, 2, 255]}: api.md 3.6, as zen prints it. */
static int parse_byte_array(json_t *a, struct zen_data *d,
			    struct zen_err *err)
{
	size_t n = json_array_size(a);

	d->kind = ZEN_DATA_BYTES;
	d->u.bytes.p = zen_xmalloc(n + 1);
	d->u.bytes.len = n;
	d->u.bytes.p[n] = 0;
	for (size_t i = 0; i < n; i++) {
		json_t *x = json_array_get(a, i);

		if (!json_is_integer(x) || json_integer_value(x) < 0 ||
		    json_integer_value(x) > 255)
			return bad(err, "byteArray");
		d->u.bytes.p[i] = (uint8_t)json_integer_value(x);
	}
	return 0;
}

static int parse_data(json_t *j, enum zen_chain chain, struct zen_data *d,
		      int depth, struct zen_err *err)
{
	struct zen_err e2 = ZEN_ERR_INIT;
	const char *key;
	json_t *v;
	struct zen_buf b = ZEN_BUF_INIT;
	uint64_t u;
	int rc = 0;

	if (depth > 64 || !json_is_object(j) || json_object_size(j) != 1)
		return bad(err, "data");
	key = json_object_iter_key(json_object_iter(j));
	v = json_object_iter_value(json_object_iter(j));
	if (!strcmp(key, "u64") || !strcmp(key, "u32") || !strcmp(key, "byte")) {
		if ((rc = parse_amount(v, &u, err)))
			return bad(err, "data number");
		if (key[0] == 'u' && key[1] == '6') {
			d->kind = ZEN_DATA_U64;
			d->u.u64 = u;
		} else if (key[0] == 'u') {
			if (u > UINT32_MAX)
				return bad(err, "u32");
			d->kind = ZEN_DATA_U32;
			d->u.u32 = (uint32_t)u;
		} else {
			if (u > 255)
				return bad(err, "byte");
			d->kind = ZEN_DATA_BYTE;
			d->u.byte = (uint8_t)u;
		}
		return 0;
	}
	if (!strcmp(key, "i64")) {
		if (!json_is_integer(v))
			return bad(err, "i64");
		d->kind = ZEN_DATA_I64;
		d->u.i64 = json_integer_value(v);
		return 0;
	}
	if (!strcmp(key, "byteArray") && json_is_array(v))
		return parse_byte_array(v, d, err);
	if (!strcmp(key, "string") || !strcmp(key, "byteArray")) {
		if (!json_is_string(v))
			return bad(err, key);
		if (key[0] == 's') {
			d->kind = ZEN_DATA_STRING;
			zen_buf_add(&b, json_string_value(v),
				       json_string_length(v));
		} else {
			d->kind = ZEN_DATA_BYTES;
			if (zen_hex_decode(&b, json_string_value(v),
					   json_string_length(v), &e2)) {
				zen_buf_release(&b);
				return bad(err, "byteArray");
			}
		}
		d->u.bytes.len = b.len;
		d->u.bytes.p = zen_xmalloc(b.len + 1);
		if (b.len)
			memcpy(d->u.bytes.p, b.data, b.len);
		d->u.bytes.p[b.len] = 0;
		zen_buf_release(&b);
		return 0;
	}
	if (!strcmp(key, "hash")) {
		d->kind = ZEN_DATA_HASH;
		return zen_hex_decode_fixed(d->u.hash, ZEN_HASH_LEN,
					    json_string_value(v) ?
					    json_string_value(v) : "", &e2)
			? bad(err, "hash") : 0;
	}
	if (!strcmp(key, "pk")) {
		d->kind = ZEN_DATA_PUBKEY;
		return zen_hex_decode_fixed(d->u.pubkey, ZEN_PUBKEY_LEN,
					    json_string_value(v) ?
					    json_string_value(v) : "", &e2)
			? bad(err, "pk") : 0;
	}
	if (!strcmp(key, "signature")) {
		d->kind = ZEN_DATA_SIGNATURE;
		return zen_hex_decode_fixed(d->u.signature, ZEN_SIGNATURE_LEN,
					    json_string_value(v) ?
					    json_string_value(v) : "", &e2)
			? bad(err, "signature") : 0;
	}
	if (!strcmp(key, "lock")) {
		d->kind = ZEN_DATA_LOCK;
		return parse_lock(v, chain, &d->u.lock, err);
	}
	if (!strcmp(key, "list") || !strcmp(key, "array")) {
		d->kind = key[0] == 'l' ? ZEN_DATA_LIST : ZEN_DATA_ARRAY;
		return parse_items(v, chain, d, depth, err);
	}
	if (!strcmp(key, "dict")) {
		size_t n, i = 0;

		d->kind = ZEN_DATA_DICT;
		if (json_is_array(v)) {
			n = json_array_size(v);
			d->u.dict.entries = zen_xcalloc(n ? n : 1,
							sizeof(struct zen_data_entry));
			for (i = 0; i < n; i++)
				zen_data_init(&d->u.dict.entries[i].value);
			d->u.dict.n = n;
			for (i = 0; i < n && !rc; i++) {
				json_t *p = json_array_get(v, i);

				if (!json_is_array(p) || json_array_size(p) != 2 ||
				    !json_is_string(json_array_get(p, 0)))
					return bad(err, "dict entry");
				rc = add_entry(d, i, json_string_value(json_array_get(p, 0)),
					       json_string_length(json_array_get(p, 0)),
					       json_array_get(p, 1), chain, depth, err);
			}
		} else if (json_is_object(v)) {
			const char *k;
			json_t *x;

			n = json_object_size(v);
			d->u.dict.entries = zen_xcalloc(n ? n : 1,
							sizeof(struct zen_data_entry));
			for (i = 0; i < n; i++)
				zen_data_init(&d->u.dict.entries[i].value);
			d->u.dict.n = n;
			i = 0;
			json_object_foreach(v, k, x) {
				if (!rc)
					rc = add_entry(d, i, k, strlen(k), x,
						       chain, depth, err);
				i++;
			}
		} else {
			return bad(err, "dict");
		}
		if (!rc)
			zen_data_dict_normalize(d);
		return rc;
	}
	return bad(err, "data");
}

/* Hex of serialized data, or JSON text. */
static int parse_data_arg(const char *s, enum zen_chain chain,
			  struct zen_data *d, const char *what,
			  struct zen_err *err)
{
	struct zen_buf b = ZEN_BUF_INIT;
	struct zen_err e2 = ZEN_ERR_INIT;
	json_error_t je;
	json_t *j;
	int rc;

	if (!zen_hex_decode(&b, s, strlen(s), &e2) && b.len) {
		size_t used = 0;

		rc = zen_data_decode(d, b.data, b.len, &used, &e2);
		if (!rc && used != b.len)
			rc = zen_fail(&e2, ZEN_EINVAL, "%zu byte%s after "
				      "the data", b.len - used,
				      b.len - used == 1 ? "" : "s");
		zen_buf_release(&b);
		return rc ? zen_fail(err, ZEN_EINVAL, "invalid %s: %s", what,
				     e2.msg) : 0;
	}
	zen_buf_release(&b);
	if (!(j = zen_json_loadb(s, strlen(s), 0, &je)))
		return zen_fail(err, ZEN_EINVAL, "invalid %s: neither hex nor "
				"JSON", what);
	rc = parse_data(j, chain, d, 0, err);
	json_decref(j);
	return rc ? zen_err_prefix(err, "%s", what) : 0;
}

static int parse_skel(json_t *j, enum zen_chain chain, struct zen_skel *s,
		      struct zen_err *err)
{
	json_t *ins = json_object_get(j, "inputs"),
	       *outs = json_object_get(j, "outputs");
	size_t i;
	int rc;

	if (!json_is_object(j) || (ins && !json_is_array(ins)) ||
	    (outs && !json_is_array(outs)))
		return bad(err, "tx skeleton");
	s->n_inputs = json_array_size(ins);
	s->inputs = zen_xcalloc(s->n_inputs + 1, sizeof(*s->inputs));
	for (i = 0; i < s->n_inputs; i++)
		zen_lock_init(&s->inputs[i].output.lock);
	for (i = 0; i < s->n_inputs; i++) {
		json_t *in = json_array_get(ins, i), *m;
		struct zen_skel_input *si = &s->inputs[i];

		if ((m = json_object_get(in, "mint"))) {
			si->is_mint = 1;
			if ((rc = parse_asset(json_string_value(
						      json_object_get(m, "asset")),
					      &si->mint.asset, err)) ||
			    (rc = parse_amount(json_object_get(m, "amount"),
					       &si->mint.amount, err)))
				return rc;
		} else if ((rc = parse_outpoint(in, &si->outpoint, err)) ||
			   (rc = parse_output(in, chain, &si->output, err))) {
			return rc;
		}
	}
	s->n_outputs = json_array_size(outs);
	s->outputs = zen_xcalloc(s->n_outputs + 1, sizeof(*s->outputs));
	for (i = 0; i < s->n_outputs; i++)
		zen_lock_init(&s->outputs[i].lock);
	for (i = 0; i < s->n_outputs; i++)
		if ((rc = parse_output(json_array_get(outs, i), chain,
				       &s->outputs[i], err)))
			return rc;
	return 0;
}

static void cin_release(struct cin *c, size_t nw)
{
	size_t i;

	zen_skel_release(&c->skel);
	for (i = 0; i < nw; i++)
		zen_lock_release(&c->wouts[i].lock);
	free(c->wops);
	free(c->wouts);
	zen_data_release(&c->body);
	zen_data_release(&c->state);
	free(c->command);
}

static int cin_parse(struct zen_call *call, struct cin *c)
{
	json_t *args = call->args, *w;
	enum zen_chain chain = call->node->chain;
	struct zen_err *err = &call->err, e2 = ZEN_ERR_INIT;
	const char *s;
	uint64_t u;
	size_t i;
	int rc;

	memset(c, 0, sizeof(*c));
	zen_skel_init(&c->skel);
	zen_data_init(&c->body);
	zen_data_init(&c->state);
	if ((rc = limits_parse(args, &c->limits, err)))
		return rc;
	c->a.limits = &c->limits;
	s = zen_args_str(args, "command");
	c->command = zen_xstrdup(s ? s : "");
	c->a.command = c->command;
	c->a.command_len = strlen(c->command);
	if (zen_args_u64(args, "blockNumber", &u))
		c->a.block_number = (uint32_t)u;
	if (zen_args_u64(args, "timestamp", &u))
		c->a.timestamp = u;
	if ((s = zen_args_str(args, "sender")) && strcmp(s, "anonymous")) {
		if (strlen(s) == 66 &&
		    !zen_hex_decode_fixed(c->a.sender_pk, 33, s, &e2)) {
			c->a.sender = ZEN_SENDER_PK;
		} else if (!zen_contract_id_parse(&c->a.sender_cid, s, &e2)) {
			c->a.sender = ZEN_SENDER_CONTRACT;
		} else {
			return zen_fail(err, ZEN_EINVAL, "invalid sender: "
					"anonymous, a compressed public key "
					"(66 hex) or a contract id (72 hex)");
		}
	}
	if ((s = zen_args_str(args, "body"))) {
		if ((rc = parse_data_arg(s, chain, &c->body, "body", err)))
			return rc;
		c->a.body = &c->body;
	}
	if ((s = zen_args_str(args, "state"))) {
		if ((rc = parse_data_arg(s, chain, &c->state, "state", err)))
			return rc;
		c->a.state = &c->state;
	}
	if ((w = json_object_get(args, "tx"))) {
		if ((rc = parse_skel(w, chain, &c->skel, err)))
			return rc;
		c->a.tx = &c->skel;
	}
	if ((w = json_object_get(args, "wallet"))) {
		size_t n = json_array_size(w);

		if (!json_is_array(w))
			return bad(err, "wallet");
		c->wops = zen_xcalloc(n + 1, sizeof(*c->wops));
		c->wouts = zen_xcalloc(n + 1, sizeof(*c->wouts));
		for (i = 0; i < n; i++)
			zen_lock_init(&c->wouts[i].lock);
		c->a.wallet_outpoints = c->wops;
		c->a.wallet_outputs = c->wouts;
		c->a.wallet_n = n;
		for (i = 0; i < n; i++)
			if ((rc = parse_outpoint(json_array_get(w, i),
						 &c->wops[i], err)) ||
			    (rc = parse_output(json_array_get(w, i), chain,
					       &c->wouts[i], err)))
				return rc;
	}
	return 0;
}

static int load(struct zen_call *call, struct zc_contract **c)
{
	json_t *code = json_object_get(call->args, "code");

	return zen_contract_load(json_string_value(code),
				 json_string_length(code),
				 call->source_name ? call->source_name : "contract", c,
				 &call->err);
}

static void set_id(struct zen_call *call, const struct zc_contract *c)
{
	char hex[ZEN_CONTRACT_ID_TEXT_LEN + 1];
	struct zen_buf addr = ZEN_BUF_INIT;

	zen_contract_id_text(hex, zen_contract_get_id(c));
	zen_address_contract(&addr, call->node->chain, zen_contract_get_id(c));
	json_object_set_new(call->result, "contractId", json_string(hex));
	json_object_set_new(call->result, "address",
			    json_string(zen_buf_str(&addr)));
	zen_buf_release(&addr);
}

/*
 * Every error of the report, one per line as a compiler writes them (the
 * CLI prints the first after "zen: "), as many as fit in err.
 */
static int check_errors(struct zen_err *err, const char *file,
			const struct zen_check_report *rep)
{
	struct zen_buf b = ZEN_BUF_INIT;
	size_t i, mark;

	for (i = 0; i < rep->n; i++) {
		const struct zen_check_diag *d = &rep->d[i];

		mark = b.len;
		if (i)
			zen_buf_addstr(&b, "\n");
		if (d->line)
			zen_buf_addf(&b, "%s:%u:%u: %s", file,
				     (unsigned)d->line, (unsigned)d->col,
				     d->msg);
		else
			zen_buf_addf(&b, "%s: %s", file, d->msg);
		if (b.len + 40 >= ZEN_ERR_MSG_MAX && i) {
			b.len = mark;
			zen_buf_addf(&b, "\n%s: %zu more error%s", file,
				     rep->n - i, rep->n - i == 1 ? "" : "s");
			break;
		}
	}
	zen_fail(err, ZEN_EINVAL, "%s", zen_buf_str(&b));
	zen_buf_release(&b);
	return ZEN_EINVAL;
}

static json_t *check_costs(const struct zen_check_report *rep)
{
	json_t *a = json_array();

	for (size_t i = 0; i < rep->ncosts; i++) {
		const struct zen_check_cost *k = &rep->costs[i];

		json_array_append_new(a, k->ran ?
			json_pack("{s:s, s:o, s:o, s:I}", "command",
				  k->command, "cf", zen_json_u64(k->cf),
				  "main", zen_json_u64(k->main),
				  "inputs", (json_int_t)k->inputs) :
			json_pack("{s:s, s:b}", "command", k->command,
				  "failed", 1));
	}
	return a;
}

static json_int_t int_of(const json_t *o, const char *key)
{
	return json_integer_value(json_object_get(o, key));
}

/* "  buy    30 <= 448, 30 inputs": main and cf on the first input. */
static void check_cost_line(struct zen_buf *out, const json_t *c)
{
	const char *cmd = json_string_value(json_object_get(c, "command"));
	json_int_t n = int_of(c, "inputs");

	zen_buf_addf(out, "  %-22s ", cmd && *cmd ? cmd : "\"\"");
	if (json_is_true(json_object_get(c, "failed")))
		zen_buf_addstr(out, "not compared (every run failed)\n");
	else
		zen_buf_addf(out, "%" JSON_INTEGER_FORMAT " <= %"
			     JSON_INTEGER_FORMAT ", %" JSON_INTEGER_FORMAT
			     " input%s\n", int_of(c, "main"), int_of(c, "cf"),
			     n, n == 1 ? "" : "s");
}

int op_contract_check_readable(struct zen_buf *out, const json_t *r)
{
	const json_t *costs = json_object_get(r, "costs"), *c;
	size_t i;

	if (!json_is_true(json_object_get(r, "ok")) || !json_is_array(costs))
		return -1;
	zen_buf_addf(out, "accepted:   %s (%" JSON_INTEGER_FORMAT " bytes)\n"
		     "address:    %s\n",
		     json_string_value(json_object_get(r, "contractId")) ?: "?",
		     int_of(r, "codeLength"),
		     json_string_value(json_object_get(r, "address")) ?: "?");
	zen_buf_addstr(out, "cost bound: main <= cf on every input compared "
		       "(the first one shown)\n");
	json_array_foreach(costs, i, c)
		check_cost_line(out, c);
	return 0;
}

int op_contract_check(struct zen_call *call)
{
	struct zen_check_report rep = ZEN_CHECK_REPORT_INIT;
	const char *file = call->source_name ? call->source_name : "contract";
	json_t *code = json_object_get(call->args, "code");
	struct zc_contract *c;
	int rc;

	rc = zen_contract_check(json_string_value(code),
				json_string_length(code), file, &rep, &c,
				&call->err);
	if (rc) {
		if (rep.n > 1)
			check_errors(&call->err, file, &rep);
		zen_check_report_release(&rep);
		return rc;
	}
	call->result = json_object();
	json_object_set_new(call->result, "ok", json_true());
	set_id(call, c);
	json_object_set_new(call->result, "codeLength",
			    json_integer((json_int_t)zen_contract_code_len(c)));
	json_object_set_new(call->result, "costs", check_costs(&rep));
	zen_check_report_release(&rep);
	zen_contract_free(c);
	return 0;
}

int op_contract_cost(struct zen_call *call)
{
	struct zc_contract *c = NULL;
	struct cin in;
	uint64_t cost;
	int rc;

	if ((rc = cin_parse(call, &in)) || (rc = load(call, &c)) ||
	    (rc = zen_contract_cost(c, &in.a, &cost, &call->err)))
		goto out;
	call->result = json_object();
	json_object_set_new(call->result, "cost", zen_json_u64(cost));
out:
	zen_contract_free(c);
	cin_release(&in, in.a.wallet_n);
	return rc;
}

static json_t *skel_json(const struct zen_skel *s, enum zen_chain chain)
{
	json_t *o = json_object(), *a = json_array();
	size_t i;

	for (i = 0; i < s->n_inputs; i++) {
		const struct zen_skel_input *in = &s->inputs[i];
		json_t *x;

		if (in->is_mint) {
			x = json_object();
			json_object_set_new(x, "mint", zen_json_spend(&in->mint));
		} else {
			x = zen_json_pointed_output(&in->outpoint, &in->output,
						    chain);
		}
		json_array_append_new(a, x);
	}
	json_object_set_new(o, "inputs", a);
	a = json_array();
	for (i = 0; i < s->n_outputs; i++)
		json_array_append_new(a, zen_json_output(&s->outputs[i], chain));
	json_object_set_new(o, "outputs", a);
	return o;
}

/*
 * What an execution's witness commits (contracts.md 1.6, step 8): cf on
 * the restricted wallet, the inputs the run added to a's skeleton that
 * spend the contract's outputs, where cf on a's whole wallet is the run's.
 */
static int witness_cost(const struct zc_contract *c,
			const struct zen_contract_args *a,
			const struct zen_skel *after, uint64_t *cost,
			struct zen_err *err)
{
	struct zen_contract_args wa = *a;
	struct zen_outpoint *ops;
	struct zen_output *outs;
	size_t n;
	int rc;

	zen_contract_restricted_wallet(after, a->tx ? a->tx->n_inputs : 0,
				       zen_contract_get_id(c), &ops, &outs,
				       &n);
	wa.wallet_outpoints = ops;
	wa.wallet_outputs = outs;
	wa.wallet_n = n;
	rc = zen_contract_cost(c, &wa, cost, err);
	free(ops);
	free(outs);
	return rc;
}

int op_contract_run(struct zen_call *call)
{
	enum zen_chain chain = call->node->chain;
	struct zc_contract *c = NULL;
	struct zen_contract_return r;
	struct zen_contract_stats st;
	struct cin in;
	uint64_t cost = 0, wcost = 0;
	json_t *o;
	int rc;

	zen_contract_return_init(&r);
	if ((rc = cin_parse(call, &in)) || (rc = load(call, &c)) ||
	    (rc = zen_contract_cost(c, &in.a, &cost, &call->err)) ||
	    (rc = zen_contract_run(c, &in.a, &r, &st, &call->err)))
		goto out;
	if (!r.ok) {
		rc = zen_fail(&call->err, ZEN_EREFUSED, "contract returned "
			      "ERR: %s", r.err_msg ? r.err_msg : "");
		goto out;
	}
	if ((rc = witness_cost(c, &in.a, &r.tx, &wcost, &call->err)))
		goto out;
	call->result = json_object();
	json_object_set_new(call->result, "tx", skel_json(&r.tx, chain));
	if (r.has_message) {
		char hex[ZEN_CONTRACT_ID_TEXT_LEN + 1];

		o = json_object();
		zen_contract_id_text(hex, &r.recipient);
		json_object_set_new(o, "recipient", json_string(hex));
		json_object_set_new(o, "command",
				    json_stringn(r.command, r.command_len));
		json_object_set_new(o, "body", r.body ?
				    zen_json_data(r.body, chain) : json_null());
		json_object_set_new(call->result, "message", o);
	} else {
		json_object_set_new(call->result, "message", json_null());
	}
	if (r.state == ZEN_STATE_UPDATE) {
		o = json_object();
		json_object_set_new(o, "update", zen_json_data(&r.state_data,
							       chain));
		json_object_set_new(call->result, "state", o);
	} else {
		json_object_set_new(call->result, "state", json_string(
			r.state == ZEN_STATE_DELETE ? "delete" : "noChange"));
	}
	json_object_set_new(call->result, "cost", zen_json_u64(cost));
	json_object_set_new(call->result, "zulibCost", zen_json_u64(st.cost));
	json_object_set_new(call->result, "mainCost",
			    zen_json_u64(st.cost_body));
	json_object_set_new(call->result, "steps", zen_json_u64(st.steps));
	json_object_set_new(call->result, "witnessCost", zen_json_u64(wcost));
out:
	zen_contract_return_release(&r);
	zen_contract_free(c);
	cin_release(&in, in.a.wallet_n);
	return rc;
}

/* ---- execution inputs shared with the wallet --------------------------- */

void op_contract_body_free(struct zen_data *body)
{
	if (body) {
		zen_data_release(body);
		free(body);
	}
}

int op_contract_body(struct zen_call *call, const char *text,
		     struct zen_data **body)
{
	struct zen_buf b = ZEN_BUF_INIT;
	struct zen_data *d;
	size_t used = 0;
	int rc;

	*body = NULL;
	if (!text || !*text)
		return 0;
	d = zen_xmalloc(sizeof(*d));
	zen_data_init(d);
	if (*text == '{') {
		json_t *j = zen_json_loadb(text, strlen(text), 0, NULL);

		rc = j ? parse_data(j, call->node->chain, d, 0, &call->err) :
		     zen_fail(&call->err, ZEN_EINVAL, "decoding");
		json_decref(j);
		if (rc)
			rc = zen_err_prefix(&call->err, "Invalid data");
	} else if (zen_hex_decode(&b, text, strlen(text), NULL)) {
		rc = zen_fail(&call->err, ZEN_EINVAL, "Invalid data: decoding");
	} else if (zen_data_decode(d, b.data, b.len, &used, NULL) ||
		   used != b.len) {
		rc = zen_fail(&call->err, ZEN_EINVAL,
			      "Invalid data: deserializing");
	} else {
		rc = 0;
	}
	zen_buf_release(&b);
	if (rc) {
		op_contract_body_free(d);
		return rc;
	}
	*body = d;
	return 0;
}

/* ---- GET /contract/active ----------------------------------------------- */

int op_contract_active(struct zen_call *call)
{
	struct zen_chain_read *r;
	struct zen_active_contract *a = NULL;
	size_t n = 0;
	int rc = zen_call_read(call, &r);

	if (rc)
		return rc;
	rc = zen_chain_read_active(r, &a, &n, &call->err);
	zen_chain_read_end(r);
	if (rc)
		return rc;
	call->result = json_array();
	for (size_t i = 0; i < n; i++) {
		char id[ZEN_CONTRACT_ID_TEXT_LEN + 1];
		struct zen_buf addr = ZEN_BUF_INIT;

		zen_contract_id_text(id, &a[i].cid);
		zen_address_contract(&addr, call->node->chain, &a[i].cid);
		json_array_append_new(call->result, json_pack(
			"{s:s, s:s, s:s, s:I, s:s%}",
			"contractId", id,
			"contractHash", id + 8,		/* the hash part */
			"address", zen_buf_str(&addr),
			"expire", (json_int_t)a[i].expiry,
			"code", a[i].code, a[i].code_len));
		zen_buf_release(&addr);
	}
	zen_active_contracts_free(a, n);
	return 0;
}

/* ---- POST /blockchain/contract/execute ---------------------------------- */

/* options.sender, else the top-level sender: "" anonymous, else 66 hex. */
static int exec_sender(struct zen_call *call, struct zen_execute_request *rq)
{
	json_t *opts = json_object_get(call->args, "options");
	json_t *s = json_object_get(opts, "sender");
	const char *text;

	if (s && !json_is_string(s) && !json_is_null(s))
		return zen_fail(&call->err, ZEN_EINVAL, "Invalid sender: decoding");
	text = json_is_string(s) ? json_string_value(s) :
	       zen_args_str(call->args, "sender");
	if (!text || !*text)
		return 0;
	if (strlen(text) % 2 || strspn(text, "0123456789abcdefABCDEF") !=
	    strlen(text))
		return zen_fail(&call->err, ZEN_EINVAL, "Invalid sender: decoding");
	if (strlen(text) != 2 * ZEN_PUBKEY_LEN ||
	    zen_hex_decode_fixed(rq->sender_pk, ZEN_PUBKEY_LEN, text, NULL) ||
	    !zen_pubkey_valid(rq->sender_pk))
		return zen_fail(&call->err, ZEN_EINVAL,
				"Invalid sender: deserializing");
	rq->sender_is_pk = 1;
	return 0;
}

static int exec_skeleton(struct zen_call *call, struct zen_txskel *skel)
{
	const char *hex = zen_args_str(call->args, "tx");
	struct zen_buf b = ZEN_BUF_INIT;
	int rc;

	if (zen_hex_decode(&b, hex, strlen(hex), NULL))
		rc = zen_fail(&call->err, ZEN_EINVAL, "Invalid tx: decoding");
	else if (zen_txskel_decode(skel, b.data, b.len, NULL))
		rc = zen_fail(&call->err, ZEN_EINVAL, "Invalid tx: deserializing");
	else
		rc = 0;
	zen_buf_release(&b);
	return rc;
}

int op_blockchain_contractexecute(struct zen_call *call)
{
	struct zen_execute_request rq;
	struct zen_txskel skel;
	struct zen_data *body = NULL;
	struct zen_tx tx;
	const char *command = zen_args_str(call->args, "command");
	int rc;

	memset(&rq, 0, sizeof(rq));
	zen_txskel_init(&skel);
	zen_tx_init(&tx);
	rc = zen_address_decode_contract(&rq.cid, call->node->chain,
					 zen_args_str(call->args, "address"),
					 &call->err) ?:
	     op_contract_body(call, zen_args_str(call->args, "messageBody"),
			      &body) ?:
	     exec_sender(call, &rq) ?: exec_skeleton(call, &skel);
	if (!rc) {
		rq.command = command ? command : "";
		rq.command_len = strlen(rq.command);
		rq.body = body;
		rq.in_outpoints = skel.in_outpoints;
		rq.in_outputs = skel.in_outputs;
		rq.in_mints = skel.in_mints;
		rq.n_in = skel.n_in;
		rq.outputs = skel.outputs;
		rq.n_outputs = skel.n_outputs;
		rq.cancel = call->cancel;
		rc = zen_chain_execute(call->chain, &rq, &tx, &call->err);
	}
	if (!rc) {
		struct zen_buf raw = ZEN_BUF_INIT, hex = ZEN_BUF_INIT;

		zen_tx_encode(&raw, &tx, ZEN_TX_FULL);
		zen_hex_encode(&hex, raw.data, raw.len);
		call->text = (char *)zen_buf_detach(&hex, NULL);
		zen_buf_release(&raw);
	}
	zen_tx_release(&tx);
	zen_txskel_release(&skel);
	op_contract_body_free(body);
	return rc;
}
