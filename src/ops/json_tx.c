/*
 * json_tx.c - reference JSON shapes of transactions and blocks (api.md 3).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/consensus/address.h"
#include "core/consensus/amount.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"
#include "ops/json_tx.h"

static json_t *hex_string(const uint8_t *p, size_t n)
{
	struct zen_buf b = ZEN_BUF_INIT;
	json_t *j;

	zen_hex_encode(&b, p, n);
	j = json_string(zen_buf_str(&b));
	zen_buf_release(&b);
	return j;
}

static json_t *u64_string(uint64_t v)
{
	char s[24];

	snprintf(s, sizeof(s), "%" PRIu64, v);
	return json_string(s);
}

/* A one-key object {key: value}, taking the value reference. */
static json_t *tagged(const char *key, json_t *value)
{
	json_t *o = json_object();

	json_object_set_new(o, key, value);
	return o;
}

static json_t *pk_address(const uint8_t hash[ZEN_HASH_LEN],
			  enum zen_chain chain)
{
	struct zen_buf b = ZEN_BUF_INIT;
	json_t *j;

	zen_address_pk(&b, chain, hash);
	j = json_string(zen_buf_str(&b));
	zen_buf_release(&b);
	return j;
}

static json_t *contract_address(const struct zen_contract_id *cid,
				enum zen_chain chain)
{
	struct zen_buf b = ZEN_BUF_INIT;
	json_t *j;

	zen_address_contract(&b, chain, cid);
	j = json_string(zen_buf_str(&b));
	zen_buf_release(&b);
	return j;
}

static json_t *contract_id_text(const struct zen_contract_id *cid)
{
	char text[ZEN_CONTRACT_ID_TEXT_LEN + 1];

	zen_contract_id_text(text, cid);
	return json_string(text);
}

json_t *zen_json_spend(const struct zen_spend *s)
{
	char asset[ZEN_ASSET_TEXT_MAX];
	json_t *o = json_object();

	zen_asset_text(asset, &s->asset);
	json_object_set_new(o, "asset", json_string(asset));
	json_object_set_new(o, "amount", u64_string(s->amount));
	return o;
}

json_t *zen_json_outpoint(const struct zen_outpoint *op)
{
	json_t *o = json_object();

	json_object_set_new(o, "txHash", hex_string(op->tx_hash, ZEN_HASH_LEN));
	json_object_set_new(o, "index", json_integer(op->index));
	return o;
}

json_t *zen_json_input(const struct zen_input *in)
{
	if (in->kind == ZEN_INPUT_OUTPOINT)
		return tagged("outpoint", zen_json_outpoint(&in->outpoint));
	return tagged("mint", zen_json_spend(&in->mint));
}

static json_t *contract_lock(const char *kind, const struct zen_lock *lock,
			     enum zen_chain chain)
{
	json_t *o = json_object();

	json_object_set_new(o, "id", contract_id_text(&lock->cid));
	json_object_set_new(o, "address", contract_address(&lock->cid, chain));
	return tagged(kind, o);
}

json_t *zen_json_lock(const struct zen_lock *lock, enum zen_chain chain)
{
	json_t *o = json_object();

	switch (lock->id) {
	case ZEN_LOCK_FEE:
		json_decref(o);
		return json_string("Fee");
	case ZEN_LOCK_ACTIVATION_SACRIFICE:
		json_decref(o);
		return json_string("ActivationSacrifice");
	case ZEN_LOCK_DESTROY:
		json_decref(o);
		return json_string("Destroy");
	case ZEN_LOCK_CONTRACT:
		json_decref(o);
		return contract_lock("Contract", lock, chain);
	case ZEN_LOCK_EXTENSION_SACRIFICE:
		json_decref(o);
		return contract_lock("ExtensionSacrifice", lock, chain);
	case ZEN_LOCK_PK:
		json_object_set_new(o, "hash",
				    hex_string(lock->pk_hash, ZEN_HASH_LEN));
		json_object_set_new(o, "address", pk_address(lock->pk_hash, chain));
		return tagged("PK", o);
	case ZEN_LOCK_COINBASE:
		json_object_set_new(o, "blockNumber",
				    json_integer(lock->block_number));
		json_object_set_new(o, "pkHash",
				    hex_string(lock->pk_hash, ZEN_HASH_LEN));
		json_object_set_new(o, "address", pk_address(lock->pk_hash, chain));
		return tagged("Coinbase", o);
	default:
		json_object_set_new(o, "identifier", json_integer(lock->id));
		json_object_set_new(o, "data", hex_string(lock->data, lock->len));
		return tagged("HighVLock", o);
	}
}

json_t *zen_json_output(const struct zen_output *out, enum zen_chain chain)
{
	json_t *o = json_object();

	json_object_set_new(o, "lock", zen_json_lock(&out->lock, chain));
	json_object_set_new(o, "spend", zen_json_spend(&out->spend));
	return o;
}

json_t *zen_json_pointed_output(const struct zen_outpoint *op,
				const struct zen_output *out,
				enum zen_chain chain)
{
	json_t *o = json_object();

	json_object_set_new(o, "outpoint", zen_json_outpoint(op));
	json_object_set_new(o, "lock", zen_json_lock(&out->lock, chain));
	json_object_set_new(o, "spend", zen_json_spend(&out->spend));
	return o;
}

static uint64_t activation_sacrifice(const struct zen_tx *tx)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < tx->n_outputs; i++)
		if (tx->outputs[i].lock.id == ZEN_LOCK_ACTIVATION_SACRIFICE &&
		    zen_asset_is_zp(&tx->outputs[i].spend.asset))
			sum += tx->outputs[i].spend.amount;
	return sum;
}

json_t *zen_json_contract(const struct zen_tx *tx, enum zen_chain chain)
{
	const struct zen_contract *c = &tx->contract;
	struct zen_contract_id cid;
	json_t *o;

	if (!tx->has_contract || c->version != 0)
		return json_null();
	zen_contract_id_from_code(&cid, c->code, c->code_len);
	o = json_object();
	json_object_set_new(o, "contractId", contract_id_text(&cid));
	json_object_set_new(o, "address", contract_address(&cid, chain));
	json_object_set_new(o, "rlimit", u64_string(c->rlimit));
	json_object_set_new(o, "code", json_stringn(c->code, c->code_len));
	json_object_set_new(o, "expire", u64_string(c->code_len ?
			    activation_sacrifice(tx) / c->code_len : 0));
	return o;
}

static json_t *sighash_text(uint8_t sighash)
{
	char s[32];

	if (sighash == ZEN_SIGHASH_TXHASH)
		return json_string("txHash");
	if (sighash == ZEN_SIGHASH_FOLLOWING)
		return json_string("FollowingWitnesses");
	snprintf(s, sizeof(s), "Unknown Sig Hash %u", sighash);
	return json_string(s);
}

static json_t *pk_witness(const struct zen_witness *w, enum zen_chain chain)
{
	uint8_t hash[ZEN_HASH_LEN];
	json_t *o = json_object();

	zen_sha3(hash, w->pubkey, ZEN_PUBKEY_LEN);
	json_object_set_new(o, "sigHash", sighash_text(w->sighash));
	json_object_set_new(o, "hash", hex_string(hash, ZEN_HASH_LEN));
	json_object_set_new(o, "address", pk_address(hash, chain));
	json_object_set_new(o, "signature",
			    hex_string(w->signature, ZEN_SIGNATURE_LEN));
	return tagged("PKWitness", o);
}

static json_t *contract_witness(const struct zen_witness *w,
				enum zen_chain chain)
{
	struct zen_buf raw = ZEN_BUF_INIT;
	json_t *o = json_object();

	json_object_set_new(o, "contractId", contract_id_text(&w->cid));
	json_object_set_new(o, "command",
			    json_stringn(w->command ? w->command : "",
					 w->command_len));
	if (w->body) {
		json_object_set_new(o, "messageBody",
				    zen_json_data(w->body, chain));
		zen_data_serialize(&raw, w->body);
		json_object_set_new(o, "messageBodyRaw",
				    hex_string(raw.data, raw.len));
	}
	zen_buf_release(&raw);
	return tagged("ContractWitness", o);
}

json_t *zen_json_witness(const struct zen_witness *w, enum zen_chain chain)
{
	json_t *o;

	if (w->id == ZEN_WITNESS_PK)
		return pk_witness(w, chain);
	if (w->id == ZEN_WITNESS_CONTRACT)
		return contract_witness(w, chain);
	o = json_object();
	json_object_set_new(o, "version", json_integer(w->id));
	json_object_set_new(o, "bytes", hex_string(w->data, w->len));
	return tagged("HighWitness", o);
}

static const char *data_kind_name(enum zen_data_kind kind)
{
	static const char *const names[] = {
		[ZEN_DATA_I64] = "i64", [ZEN_DATA_BYTE] = "byte",
		[ZEN_DATA_BYTES] = "byteArray", [ZEN_DATA_U32] = "u32",
		[ZEN_DATA_U64] = "u64", [ZEN_DATA_STRING] = "string",
		[ZEN_DATA_HASH] = "hash", [ZEN_DATA_LOCK] = "lock",
		[ZEN_DATA_SIGNATURE] = "signature", [ZEN_DATA_PUBKEY] = "pk",
		[ZEN_DATA_ARRAY] = "array", [ZEN_DATA_DICT] = "dict",
		[ZEN_DATA_LIST] = "list",
	};

	if (kind < ZEN_DATA_I64 || kind > ZEN_DATA_LIST)
		ZEN_BUG("json of an uninitialized data value");
	return names[kind];
}

static json_t *data_value(const struct zen_data *d, enum zen_chain chain);

static json_t *data_items(const struct zen_data *d, enum zen_chain chain)
{
	json_t *a = json_array();

	for (size_t i = 0; i < d->u.coll.n; i++)
		json_array_append_new(a, zen_json_data(&d->u.coll.items[i],
						       chain));
	return a;
}

static json_t *data_dict(const struct zen_data *d, enum zen_chain chain)
{
	json_t *a = json_array();

	for (size_t i = 0; i < d->u.dict.n; i++) {
		const struct zen_data_entry *e = &d->u.dict.entries[i];
		json_t *pair = json_array();

		json_array_append_new(pair, json_stringn(e->key, e->key_len));
		json_array_append_new(pair, zen_json_data(&e->value, chain));
		json_array_append_new(a, pair);
	}
	return a;
}

static json_t *data_bytes(const struct zen_data *d)
{
	json_t *a = json_array();

	for (size_t i = 0; i < d->u.bytes.len; i++)
		json_array_append_new(a, json_integer(d->u.bytes.p[i]));
	return a;
}

static json_t *data_value(const struct zen_data *d, enum zen_chain chain)
{
	switch (d->kind) {
	case ZEN_DATA_I64:
		return json_integer(d->u.i64);
	case ZEN_DATA_BYTE:
		return json_integer(d->u.byte);
	case ZEN_DATA_U32:
		return json_integer(d->u.u32);
	case ZEN_DATA_U64:
		return zen_json_u64(d->u.u64);
	case ZEN_DATA_BYTES:
		return data_bytes(d);
	case ZEN_DATA_STRING:
		return json_stringn((const char *)d->u.bytes.p, d->u.bytes.len);
	case ZEN_DATA_HASH:
		return hex_string(d->u.hash, ZEN_HASH_LEN);
	case ZEN_DATA_LOCK:
		return zen_json_lock(&d->u.lock, chain);
	case ZEN_DATA_SIGNATURE:
		return hex_string(d->u.signature, ZEN_SIGNATURE_LEN);
	case ZEN_DATA_PUBKEY:
		return hex_string(d->u.pubkey, ZEN_PUBKEY_LEN);
	case ZEN_DATA_ARRAY:
	case ZEN_DATA_LIST:
		return data_items(d, chain);
	case ZEN_DATA_DICT:
		return data_dict(d, chain);
	default:
		ZEN_BUG("json of an uninitialized data value");
	}
}

json_t *zen_json_data(const struct zen_data *d, enum zen_chain chain)
{
	return tagged(data_kind_name(d->kind), data_value(d, chain));
}

json_t *zen_json_tx(const struct zen_tx *tx, enum zen_chain chain)
{
	json_t *o = json_object(), *a, *c;

	json_object_set_new(o, "version", json_integer(tx->version));
	a = json_array();
	for (size_t i = 0; i < tx->n_inputs; i++)
		json_array_append_new(a, zen_json_input(&tx->inputs[i]));
	json_object_set_new(o, "inputs", a);
	a = json_array();
	for (size_t i = 0; i < tx->n_outputs; i++)
		json_array_append_new(a, zen_json_output(&tx->outputs[i],
							 chain));
	json_object_set_new(o, "outputs", a);
	c = zen_json_contract(tx, chain);
	if (json_is_null(c))
		json_decref(c);
	else
		json_object_set_new(o, "contract", c);
	a = json_array();
	for (size_t i = 0; i < tx->n_witnesses; i++)
		json_array_append_new(a, zen_json_witness(&tx->witnesses[i],
							  chain));
	json_object_set_new(o, "witness", a);
	return o;
}

json_t *zen_json_header(const struct zen_header *h)
{
	json_t *o = json_object(), *nonce = json_array();

	json_object_set_new(o, "version", json_integer(h->version));
	json_object_set_new(o, "parent", hex_string(h->parent, ZEN_HASH_LEN));
	json_object_set_new(o, "blockNumber", json_integer(h->block_number));
	json_object_set_new(o, "commitments",
			    hex_string(h->commitments, ZEN_HASH_LEN));
	json_object_set_new(o, "timestamp",
			    json_integer((json_int_t)h->timestamp));
	json_object_set_new(o, "difficulty", json_integer(h->difficulty));
	/* signed reinterpretation, as the reference prints them */
	json_array_append_new(nonce, json_integer((json_int_t)h->nonce[0]));
	json_array_append_new(nonce, json_integer((json_int_t)h->nonce[1]));
	json_object_set_new(o, "nonce", nonce);
	return o;
}

json_t *zen_json_block(const struct zen_block *b, enum zen_chain chain)
{
	json_t *o = json_object(), *txs = json_object();
	uint8_t hash[ZEN_HASH_LEN];
	char key[2 * ZEN_HASH_LEN + 1];

	zen_header_hash(hash, &b->header);
	json_object_set_new(o, "hash", hex_string(hash, ZEN_HASH_LEN));
	json_object_set_new(o, "header", zen_json_header(&b->header));
	for (size_t i = 0; i < b->n_txs; i++) {
		zen_hex_encode_to(key, b->txs[i].tx_hash, ZEN_HASH_LEN);
		json_object_set_new(txs, key, zen_json_tx(&b->txs[i], chain));
	}
	json_object_set_new(o, "transactions", txs);
	return o;
}

int zen_json_amount(const json_t *v, int unit_ok, uint64_t *kalapas)
{
	const char *big = zen_json_big_digits(v);

	if (json_is_integer(v) && json_integer_value(v) >= 0) {
		*kalapas = (uint64_t)json_integer_value(v);
		return 0;
	}
	if (big)
		return zen_amount_parse(big, kalapas);
	if (!json_is_string(v) ||
	    (!unit_ok && zen_amount_has_unit(json_string_value(v))))
		return -1;
	return zen_amount_parse(json_string_value(v), kalapas);
}

int zen_json_add_zp(struct zen_buf *out, const json_t *kalapas)
{
	char zp[ZEN_AMOUNT_ZP_MAX];
	uint64_t k;

	if (zen_json_amount(kalapas, 0, &k))
		return -1;
	zen_amount_zp(k, 1, zp);
	zen_buf_addf(out, "%s ZP", zp);
	return 0;
}
