/*
 * tx.c - transactions and their parts (protocol.md 2.5-2.10, 2.15, 3.3).
 */
#include <stdlib.h>
#include <string.h>

#include "core/types/data.h"
#include "core/crypto/hash.h"
#include "core/types/tx.h"

/* Lower bounds of encoded sizes, used to refuse impossible counts early. */
#define MIN_INPUT_SIZE 4	/* tag + ZP asset + 2-byte amount */
#define MIN_OUTPUT_SIZE 5	/* lock id + length + ZP spend */
#define MIN_WITNESS_SIZE 2	/* id + length */

/* ---- Input ---- */

int zen_input_read(struct zen_reader *r, struct zen_input *in,
		   struct zen_err *err)
{
	uint8_t tag;
	int ret = zen_read_u8(r, &tag, err);

	if (ret)
		return ret;
	memset(in, 0, sizeof(*in));
	in->kind = (enum zen_input_kind)tag;
	if (tag == ZEN_INPUT_OUTPOINT)
		return zen_read_outpoint(r, &in->outpoint, err);
	if (tag == ZEN_INPUT_MINT)
		return zen_read_spend(r, &in->mint, err);
	return zen_fail(err, ZEN_EINVAL, "invalid input tag %u", tag);
}

void zen_input_write(struct zen_buf *out, const struct zen_input *in)
{
	zen_write_u8(out, (uint8_t)in->kind);
	if (in->kind == ZEN_INPUT_OUTPOINT)
		zen_write_outpoint(out, &in->outpoint);
	else
		zen_write_spend(out, &in->mint);
}

size_t zen_input_size(const struct zen_input *in)
{
	if (in->kind == ZEN_INPUT_OUTPOINT)
		return 1 + zen_outpoint_size(&in->outpoint);
	return 1 + zen_spend_size(&in->mint);
}

/* ---- Output ---- */

void zen_output_init(struct zen_output *o)
{
	memset(o, 0, sizeof(*o));
}

void zen_output_release(struct zen_output *o)
{
	zen_lock_release(&o->lock);
	zen_output_init(o);
}

int zen_output_read(struct zen_reader *r, struct zen_output *o,
		    struct zen_err *err)
{
	int ret = zen_lock_read(r, &o->lock, err);

	if (ret)
		return ret;
	return zen_read_spend(r, &o->spend, err);
}

void zen_output_write(struct zen_buf *out, const struct zen_output *o)
{
	zen_lock_write(out, &o->lock);
	zen_write_spend(out, &o->spend);
}

size_t zen_output_size(const struct zen_output *o)
{
	return zen_lock_size(&o->lock) + zen_spend_size(&o->spend);
}

/* ---- Witness ---- */

void zen_witness_init(struct zen_witness *w)
{
	memset(w, 0, sizeof(*w));
}

void zen_witness_release(struct zen_witness *w)
{
	free(w->command);
	if (w->body) {
		zen_data_release(w->body);
		free(w->body);
	}
	free(w->data);
	zen_witness_init(w);
}

/* Payload size with the body sized by body_size (written or reference). */
static size_t cw_payload_size(const struct zen_witness *w, int ref)
{
	size_t n = zen_contract_id_size(&w->cid) +
		   zen_varint_size((uint32_t)w->command_len) + w->command_len;

	n += 1;
	if (w->body)
		n += ref ? zen_data_ref_size(w->body) : zen_data_size(w->body);
	n += w->state == ZEN_STATE_HASH ? 1 + ZEN_HASH_LEN : 1;
	n += zen_varint_size(w->begin_inputs) +
	     zen_varint_size(w->begin_outputs) +
	     zen_varint_size(w->inputs_length) +
	     zen_varint_size(w->outputs_length);
	n += 1 + (w->has_cw_signature ? ZEN_PUBKEY_LEN + ZEN_SIGNATURE_LEN : 0);
	return n + 8;
}

static size_t witness_payload(const struct zen_witness *w, int ref)
{
	switch (w->id) {
	case ZEN_WITNESS_PK:
		return 1 + ZEN_PUBKEY_LEN + ZEN_SIGNATURE_LEN;
	case ZEN_WITNESS_CONTRACT:
		return cw_payload_size(w, ref);
	default:
		return w->len;
	}
}

size_t zen_witness_payload_size(const struct zen_witness *w)
{
	return witness_payload(w, 1);
}

size_t zen_witness_size(const struct zen_witness *w)
{
	size_t field = witness_payload(w, 1);

	return zen_varint_size(w->id) + zen_varint_size((uint32_t)field) +
	       witness_payload(w, 0);
}

size_t zen_witness_ref_size(const struct zen_witness *w)
{
	size_t field = witness_payload(w, 1);

	return zen_varint_size(w->id) + zen_varint_size((uint32_t)field) +
	       field;
}

static int read_pk_witness(struct zen_reader *r, struct zen_witness *w,
			   struct zen_err *err)
{
	int ret = zen_read_u8(r, &w->sighash, err);

	if (!ret)
		ret = zen_read_pubkey(r, w->pubkey, err);
	if (!ret)
		ret = zen_read_signature(r, w->signature, err);
	return ret;
}

static int read_cw_body(struct zen_reader *r, struct zen_witness *w,
			struct zen_err *err)
{
	int present, ret = zen_read_option(r, &present, err);

	if (ret || !present)
		return ret;
	w->body = zen_xmalloc(sizeof(*w->body));
	zen_data_init(w->body);
	return zen_data_read(r, w->body, err);
}

static int read_cw_state(struct zen_reader *r, struct zen_witness *w,
			 struct zen_err *err)
{
	uint8_t tag;
	int ret = zen_read_u8(r, &tag, err);

	if (ret)
		return ret;
	if (tag < ZEN_STATE_NONE || tag > ZEN_STATE_NOT_COMMITTED)
		return zen_fail(err, ZEN_EINVAL,
				"invalid state commitment tag %u", tag);
	w->state = (enum zen_state_commitment)tag;
	if (tag == ZEN_STATE_HASH)
		return zen_read_hash(r, w->state_hash, err);
	return 0;
}

static int read_cw_signature(struct zen_reader *r, struct zen_witness *w,
			     struct zen_err *err)
{
	int ret = zen_read_option(r, &w->has_cw_signature, err);

	if (ret || !w->has_cw_signature)
		return ret;
	ret = zen_read_pubkey(r, w->cw_pubkey, err);
	return ret ? ret : zen_read_signature(r, w->cw_signature, err);
}

static int read_contract_witness(struct zen_reader *r, struct zen_witness *w,
				 struct zen_err *err)
{
	int ret = zen_read_contract_id(r, &w->cid, err);

	if (!ret)
		ret = zen_read_string(r, &w->command, &w->command_len, err);
	if (!ret)
		ret = read_cw_body(r, w, err);
	if (!ret)
		ret = read_cw_state(r, w, err);
	if (!ret)
		ret = zen_read_varint(r, &w->begin_inputs, err);
	if (!ret)
		ret = zen_read_varint(r, &w->begin_outputs, err);
	if (!ret)
		ret = zen_read_varint(r, &w->inputs_length, err);
	if (!ret)
		ret = zen_read_varint(r, &w->outputs_length, err);
	if (!ret)
		ret = read_cw_signature(r, w, err);
	if (!ret)
		ret = zen_read_u64(r, &w->cost, err);
	return ret;
}

int zen_witness_read(struct zen_reader *r, struct zen_witness *w,
		     struct zen_err *err)
{
	uint32_t count;
	int ret;

	zen_witness_release(w);
	ret = zen_read_varint(r, &w->id, err);
	if (!ret)
		ret = zen_read_varint(r, &count, err);
	if (ret)
		return ret;
	if (w->id == ZEN_WITNESS_PK)
		ret = read_pk_witness(r, w, err);
	else if (w->id == ZEN_WITNESS_CONTRACT)
		ret = read_contract_witness(r, w, err);
	else
		ret = zen_read_payload(r, count, &w->data, &w->len, err);
	if (ret)
		return ret;
	if (count != zen_witness_payload_size(w))
		return zen_fail(err, ZEN_EINVAL,
				"invalid witness: payload length %u, expected %zu",
				count, zen_witness_payload_size(w));
	return 0;
}

static void write_contract_witness(struct zen_buf *out,
				   const struct zen_witness *w)
{
	zen_write_contract_id(out, &w->cid);
	zen_write_string(out, w->command, w->command_len);
	zen_write_u8(out, w->body != NULL);
	if (w->body)
		zen_data_write(out, w->body);
	zen_write_u8(out, (uint8_t)w->state);
	if (w->state == ZEN_STATE_HASH)
		zen_buf_add(out, w->state_hash, ZEN_HASH_LEN);
	zen_write_varint(out, w->begin_inputs);
	zen_write_varint(out, w->begin_outputs);
	zen_write_varint(out, w->inputs_length);
	zen_write_varint(out, w->outputs_length);
	zen_write_u8(out, w->has_cw_signature != 0);
	if (w->has_cw_signature) {
		zen_buf_add(out, w->cw_pubkey, ZEN_PUBKEY_LEN);
		zen_buf_add(out, w->cw_signature, ZEN_SIGNATURE_LEN);
	}
	zen_write_u64(out, w->cost);
}

void zen_witness_write(struct zen_buf *out, const struct zen_witness *w)
{
	zen_write_varint(out, w->id);
	zen_write_varint(out, (uint32_t)zen_witness_payload_size(w));
	if (w->id == ZEN_WITNESS_PK) {
		zen_write_u8(out, w->sighash);
		zen_buf_add(out, w->pubkey, ZEN_PUBKEY_LEN);
		zen_buf_add(out, w->signature, ZEN_SIGNATURE_LEN);
	} else if (w->id == ZEN_WITNESS_CONTRACT) {
		write_contract_witness(out, w);
	} else if (w->len) {
		zen_buf_add(out, w->data, w->len);
	}
}

static size_t witness_list_nodes(const struct zen_witness *w, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (w[i].id == ZEN_WITNESS_CONTRACT && w[i].body)
			k += zen_data_list_nodes(w[i].body);
	return k;
}

static void write_witness_list(struct zen_buf *out,
			       const struct zen_witness *w, size_t n)
{
	zen_write_varint(out, (uint32_t)n);
	for (size_t i = 0; i < n; i++)
		zen_witness_write(out, &w[i]);
}

static void add_zeros(struct zen_buf *out, size_t n)
{
	while (n--)
		zen_buf_addch(out, 0);
}

void zen_witnesses_serialize(struct zen_buf *out, const struct zen_witness *w,
			     size_t n)
{
	write_witness_list(out, w, n);
	add_zeros(out, witness_list_nodes(w, n));
}

/* ---- Contract ---- */

void zen_contract_init(struct zen_contract *c)
{
	memset(c, 0, sizeof(*c));
}

void zen_contract_release(struct zen_contract *c)
{
	free(c->code);
	free(c->hints);
	free(c->data);
	zen_contract_init(c);
}

static size_t contract_payload_size(const struct zen_contract *c)
{
	if (c->version != 0)
		return c->len;
	return zen_varint_size((uint32_t)c->code_len) + c->code_len +
	       zen_varint_size((uint32_t)c->hints_len) + c->hints_len +
	       zen_varint_size(c->rlimit) + zen_varint_size(c->queries);
}

size_t zen_contract_size(const struct zen_contract *c)
{
	size_t n = contract_payload_size(c);

	return zen_varint_size(c->version) + zen_varint_size((uint32_t)n) + n;
}

static int read_contract_v0(struct zen_reader *r, struct zen_contract *c,
			    struct zen_err *err)
{
	int ret = zen_read_string(r, &c->code, &c->code_len, err);

	if (!ret)
		ret = zen_read_string(r, &c->hints, &c->hints_len, err);
	if (!ret)
		ret = zen_read_varint(r, &c->rlimit, err);
	if (!ret)
		ret = zen_read_varint(r, &c->queries, err);
	return ret;
}

int zen_contract_read(struct zen_reader *r, struct zen_contract *c,
		      struct zen_err *err)
{
	uint32_t count;
	int ret;

	zen_contract_release(c);
	ret = zen_read_varint(r, &c->version, err);
	if (!ret)
		ret = zen_read_varint(r, &count, err);
	if (ret)
		return ret;
	if (c->version == 0)
		ret = read_contract_v0(r, c, err);
	else
		ret = zen_read_payload(r, count, &c->data, &c->len, err);
	if (ret)
		return ret;
	if (count != contract_payload_size(c))
		return zen_fail(err, ZEN_EINVAL,
				"invalid contract: payload length %u, expected %zu",
				count, contract_payload_size(c));
	return 0;
}

void zen_contract_write(struct zen_buf *out, const struct zen_contract *c)
{
	zen_write_varint(out, c->version);
	zen_write_varint(out, (uint32_t)contract_payload_size(c));
	if (c->version != 0) {
		if (c->len)
			zen_buf_add(out, c->data, c->len);
		return;
	}
	zen_write_string(out, c->code, c->code_len);
	zen_write_string(out, c->hints, c->hints_len);
	zen_write_varint(out, c->rlimit);
	zen_write_varint(out, c->queries);
}

/* ---- Transaction ---- */

void zen_tx_init(struct zen_tx *tx)
{
	memset(tx, 0, sizeof(*tx));
}

void zen_tx_release(struct zen_tx *tx)
{
	for (size_t i = 0; i < tx->n_outputs; i++)
		zen_output_release(&tx->outputs[i]);
	for (size_t i = 0; i < tx->n_witnesses; i++)
		zen_witness_release(&tx->witnesses[i]);
	free(tx->inputs);
	free(tx->outputs);
	free(tx->witnesses);
	zen_contract_release(&tx->contract);
	free(tx->raw);
	zen_tx_init(tx);
}

static int read_inputs(struct zen_reader *r, struct zen_tx *tx,
		       struct zen_err *err)
{
	size_t n;
	int ret = zen_read_list_count(r, &n, MIN_INPUT_SIZE, err);

	if (ret || !n)
		return ret;
	tx->inputs = zen_xcalloc(n, sizeof(*tx->inputs));
	for (tx->n_inputs = 0; tx->n_inputs < n; tx->n_inputs++) {
		ret = zen_input_read(r, &tx->inputs[tx->n_inputs], err);
		if (ret)
			return ret;
	}
	return 0;
}

static int read_outputs(struct zen_reader *r, struct zen_tx *tx,
			struct zen_err *err)
{
	size_t n;
	int ret = zen_read_list_count(r, &n, MIN_OUTPUT_SIZE, err);

	if (ret || !n)
		return ret;
	tx->outputs = zen_xcalloc(n, sizeof(*tx->outputs));
	while (tx->n_outputs < n) {
		/* counted before reading so that release frees it */
		ret = zen_output_read(r, &tx->outputs[tx->n_outputs++], err);
		if (ret)
			return ret;
	}
	return 0;
}

static int read_witnesses(struct zen_reader *r, struct zen_tx *tx,
			  struct zen_err *err)
{
	size_t n;
	int ret = zen_read_list_count(r, &n, MIN_WITNESS_SIZE, err);

	if (ret || !n)
		return ret;
	tx->witnesses = zen_xcalloc(n, sizeof(*tx->witnesses));
	while (tx->n_witnesses < n) {
		ret = zen_witness_read(r, &tx->witnesses[tx->n_witnesses++],
				       err);
		if (ret)
			return ret;
	}
	return 0;
}

static int read_tx_fields(struct zen_reader *r, struct zen_tx *tx,
			  struct zen_err *err)
{
	int ret = zen_read_u32(r, &tx->version, err);

	if (!ret)
		ret = read_inputs(r, tx, err);
	if (!ret)
		ret = read_outputs(r, tx, err);
	if (!ret)
		ret = zen_read_option(r, &tx->has_contract, err);
	if (!ret && tx->has_contract)
		ret = zen_contract_read(r, &tx->contract, err);
	if (!ret)
		ret = read_witnesses(r, tx, err);
	return ret;
}

int zen_tx_read(struct zen_reader *r, struct zen_tx *tx, struct zen_err *err)
{
	size_t begin = r->pos, n;
	int ret;

	zen_tx_release(tx);
	ret = read_tx_fields(r, tx, err);
	if (ret)
		return ret;
	tx->raw_len = r->pos - begin;
	tx->raw = zen_xmemdup(r->p + begin, tx->raw_len);
	n = zen_tx_size(tx, ZEN_TX_WITHOUT_WITNESS);
	if (n > tx->raw_len)
		return zen_fail(err, ZEN_EINVAL,
				"invalid transaction: canonical size %zu exceeds %zu bytes read",
				n, tx->raw_len);
	zen_sha3(tx->tx_hash, tx->raw, n);
	zen_sha3(tx->witness_hash, tx->raw, tx->raw_len);
	return 0;
}

int zen_tx_decode(struct zen_tx *tx, const uint8_t *p, size_t len,
		  struct zen_err *err)
{
	struct zen_reader r;
	size_t i;

	for (i = 0; i < len && !p[i]; i++)
		;
	if (i == len)
		return zen_fail(err, ZEN_EINVAL,
				"invalid transaction: all bytes are zero");
	zen_reader_init(&r, p, len);
	return zen_tx_read(&r, tx, err);
}

static void write_tx_prefix(struct zen_buf *out, const struct zen_tx *tx)
{
	zen_write_u32(out, tx->version);
	zen_write_varint(out, (uint32_t)tx->n_inputs);
	for (size_t i = 0; i < tx->n_inputs; i++)
		zen_input_write(out, &tx->inputs[i]);
	zen_write_varint(out, (uint32_t)tx->n_outputs);
	for (size_t i = 0; i < tx->n_outputs; i++)
		zen_output_write(out, &tx->outputs[i]);
	zen_write_u8(out, tx->has_contract != 0);
	if (tx->has_contract)
		zen_contract_write(out, &tx->contract);
}

void zen_tx_encode(struct zen_buf *out, const struct zen_tx *tx,
		   enum zen_tx_mode mode)
{
	write_tx_prefix(out, tx);
	if (mode == ZEN_TX_FULL)
		write_witness_list(out, tx->witnesses, tx->n_witnesses);
}

static size_t tx_prefix_size(const struct zen_tx *tx)
{
	size_t n = 4 + zen_varint_size((uint32_t)tx->n_inputs) +
		   zen_varint_size((uint32_t)tx->n_outputs) + 1;

	for (size_t i = 0; i < tx->n_inputs; i++)
		n += zen_input_size(&tx->inputs[i]);
	for (size_t i = 0; i < tx->n_outputs; i++)
		n += zen_output_size(&tx->outputs[i]);
	if (tx->has_contract)
		n += zen_contract_size(&tx->contract);
	return n;
}

size_t zen_tx_size(const struct zen_tx *tx, enum zen_tx_mode mode)
{
	size_t n = tx_prefix_size(tx);

	if (mode == ZEN_TX_WITHOUT_WITNESS)
		return n;
	n += zen_varint_size((uint32_t)tx->n_witnesses);
	for (size_t i = 0; i < tx->n_witnesses; i++)
		n += zen_witness_size(&tx->witnesses[i]);
	return n;
}

size_t zen_tx_ref_size(const struct zen_tx *tx, enum zen_tx_mode mode)
{
	size_t n = zen_tx_size(tx, mode);

	if (mode == ZEN_TX_FULL)
		n += witness_list_nodes(tx->witnesses, tx->n_witnesses);
	return n;
}

void zen_tx_serialize(struct zen_buf *out, const struct zen_tx *tx,
		      enum zen_tx_mode mode)
{
	zen_tx_encode(out, tx, mode);
	if (mode == ZEN_TX_FULL)
		add_zeros(out, witness_list_nodes(tx->witnesses,
						  tx->n_witnesses));
}

void zen_tx_compute_hash(uint8_t out[ZEN_HASH_LEN], const struct zen_tx *tx)
{
	struct zen_buf b = ZEN_BUF_INIT;

	zen_tx_encode(&b, tx, ZEN_TX_WITHOUT_WITNESS);
	zen_sha3(out, b.data, b.len);
	zen_buf_release(&b);
}

void zen_tx_finalize(struct zen_tx *tx)
{
	struct zen_buf b = ZEN_BUF_INIT;

	free(tx->raw);
	zen_tx_encode(&b, tx, ZEN_TX_FULL);
	zen_sha3(tx->tx_hash, b.data, zen_tx_size(tx, ZEN_TX_WITHOUT_WITNESS));
	zen_sha3(tx->witness_hash, b.data, b.len);
	tx->raw = zen_buf_detach(&b, &tx->raw_len);
}

/* ---- Message ---- */

void zen_message_serialize(struct zen_buf *out,
			   const struct zen_contract_id *recipient,
			   const char *command, size_t command_len,
			   const struct zen_data *body, int padded)
{
	zen_write_contract_id(out, recipient);
	zen_write_string(out, command, command_len);
	zen_write_u8(out, body != NULL);
	if (!body)
		return;
	zen_data_write(out, body);
	if (padded)
		add_zeros(out, zen_data_list_nodes(body));
}
