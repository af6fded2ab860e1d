/*
 * contract_tx.c - activation and extension layouts, the activation fee,
 * synthetic hints and the return address of an execution body.
 */
#include <stdlib.h>
#include <string.h>

#include "core/consensus/address.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"
#include "core/wallet/contract_tx.h"
#include "core/wallet/txbuild.h"

uint32_t zen_activation_fee(uint32_t queries, uint32_t rlimit)
{
	return (uint32_t)(queries * rlimit) / 100u;
}

void zen_synthetic_hints(struct zen_buf *out, const char *code, size_t len)
{
	struct zen_contract_id cid;
	uint8_t digest[ZEN_HASH_LEN];
	char hex[2 * ZEN_HASH_LEN + 1];

	zen_sha3(digest, code, len);
	zen_hex_encode_to(hex, digest, ZEN_HASH_LEN);
	zen_buf_addf(out, "[\"%s\",[[\"Z", hex);
	zen_contract_id_from_code(&cid, code, len);
	zen_hex_encode_to(hex, cid.hash, ZEN_HASH_LEN);
	zen_buf_addf(out, "%s.main\",1,2,1,[\"@query\"],0,\"\"]]]", hex);
}

static void zp_output(struct zen_output *o, uint32_t lock_id, uint64_t amount)
{
	zen_output_init(o);
	o->lock.id = lock_id;
	memset(&o->spend, 0, sizeof(o->spend));
	o->spend.amount = amount;
}

static void copy_contract(struct zen_contract *dst, const struct zen_contract *src)
{
	zen_contract_release(dst);
	dst->version = 0;
	dst->code = zen_xmalloc(src->code_len + 1);
	memcpy(dst->code, src->code, src->code_len);
	dst->code[src->code_len] = 0;
	dst->code_len = src->code_len;
	dst->hints = zen_xmalloc(src->hints_len + 1);
	memcpy(dst->hints, src->hints, src->hints_len);
	dst->hints[src->hints_len] = 0;
	dst->hints_len = src->hints_len;
	dst->rlimit = src->rlimit;
	dst->queries = src->queries;
}

static int check_blocks(size_t code_len, uint32_t blocks, struct zen_err *err)
{
	if (!code_len)
		return zen_fail(err, ZEN_EINVAL, "Contract code is empty");
	if (!blocks)
		return zen_fail(err, ZEN_EINVAL, "Number of blocks is zero");
	return 0;
}

int zen_wallet_build_activate(struct zen_tx *tx, struct zen_coin_selection *sel,
			      const struct zen_wallet_coin *coins,
			      size_t n_coins, const struct zen_contract *c,
			      uint32_t blocks,
			      const uint8_t change_pk_hash[ZEN_HASH_LEN],
			      uint32_t tip, uint32_t maturity,
			      struct zen_err *err)
{
	struct zen_output outs[2];
	uint32_t fee;
	size_t n = 1;
	int rc;

	zen_tx_release(tx);
	zen_coin_selection_release(sel);
	if ((rc = check_blocks(c->code_len, blocks, err)))
		return rc;
	if (c->version != 0 || !c->hints_len || !c->rlimit || !c->queries)
		return zen_fail(err, ZEN_EINVAL, "invalid contract");
	/* Both factors are below 2^32: the product fits in 64 bits. */
	zp_output(&outs[0], ZEN_LOCK_ACTIVATION_SACRIFICE,
		  (uint64_t)c->code_len * blocks);
	fee = zen_activation_fee(c->queries, c->rlimit);
	if (fee)
		zp_output(&outs[n++], ZEN_LOCK_FEE, fee);
	rc = zen_wallet_build_send(tx, sel, coins, n_coins, outs, n,
				   change_pk_hash, tip, maturity, err);
	for (size_t i = 0; i < n; i++)
		zen_output_release(&outs[i]);
	if (rc)
		return rc;
	tx->has_contract = 1;
	copy_contract(&tx->contract, c);
	return 0;
}

int zen_wallet_build_extend(struct zen_tx *tx, struct zen_coin_selection *sel,
			    const struct zen_wallet_coin *coins,
			    size_t n_coins, const struct zen_contract_id *cid,
			    size_t code_len, uint32_t blocks,
			    const uint8_t change_pk_hash[ZEN_HASH_LEN],
			    uint32_t tip, uint32_t maturity,
			    struct zen_err *err)
{
	struct zen_output out;
	int rc;

	zen_tx_release(tx);
	zen_coin_selection_release(sel);
	if ((rc = check_blocks(code_len, blocks, err)))
		return rc;
	zp_output(&out, ZEN_LOCK_EXTENSION_SACRIFICE, (uint64_t)code_len * blocks);
	out.lock.cid = *cid;
	rc = zen_wallet_build_send(tx, sel, coins, n_coins, &out, 1,
				   change_pk_hash, tip, maturity, err);
	zen_output_release(&out);
	return rc;
}

#define RETURN_ADDRESS "returnAddress"

int zen_data_set_return_address(struct zen_data **body,
				const uint8_t pk_hash[ZEN_HASH_LEN],
				struct zen_err *err)
{
	struct zen_data *d = *body;
	struct zen_data_entry *e;

	if (d && d->kind != ZEN_DATA_DICT)
		return zen_fail(err, ZEN_EINVAL, "data can only be empty or dict "
				"in order to add return address");
	if (!d) {
		d = zen_xmalloc(sizeof(*d));
		zen_data_init(d);
		d->kind = ZEN_DATA_DICT;
	}
	/* Appended last: normalizing keeps the last entry of equal keys. */
	ZEN_REALLOC_ARRAY(d->u.dict.entries, d->u.dict.n + 1);
	e = &d->u.dict.entries[d->u.dict.n++];
	e->key = zen_xmemdup(RETURN_ADDRESS, sizeof(RETURN_ADDRESS));
	e->key_len = sizeof(RETURN_ADDRESS) - 1;
	zen_data_init(&e->value);
	e->value.kind = ZEN_DATA_LOCK;
	zen_lock_init(&e->value.u.lock);
	e->value.u.lock.id = ZEN_LOCK_PK;
	memcpy(e->value.u.lock.pk_hash, pk_hash, ZEN_HASH_LEN);
	zen_data_dict_normalize(d);
	*body = d;
	return 0;
}
