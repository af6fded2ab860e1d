/*
 * Unit tests of wallet transaction building and signing: the send layout,
 * the execution fee rule and sighash plan, PK and contract-witness
 * signatures (wallet.json transaction vectors), over the serializer of
 * core/tx.h.
 */
#include <stdlib.h>
#include <string.h>

#include "core/consensus/address.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"
#include "core/wallet/txbuild.h"
#include "wallet-helpers.h"

#define ROOT_MNEMONIC "feel muffin volcano click mercy abuse bachelor " \
	"ginger limb tomorrow okay input spend athlete boring security " \
	"document exclude liar dune usage camera ranch thought"

static void pk_hash_at(uint8_t out[ZEN_HASH_LEN], const char *mnemonic,
		       const char *path)
{
	uint8_t pub[ZEN_PUBKEY_LEN];
	struct zen_xprv k;

	tw_key(&k, mnemonic, path);
	if (zen_pubkey_from_seckey(pub, k.key, NULL))
		tap_ok(0, "public key at %s", path);
	zen_pubkey_hash(out, pub);
	zen_xprv_wipe(&k);
}

static void encode_hex(struct zen_buf *hex, const struct zen_tx *tx,
		       enum zen_tx_mode mode)
{
	struct zen_buf b = ZEN_BUF_INIT;

	zen_tx_encode(&b, tx, mode);
	zen_buf_reset(hex);
	zen_hex_encode(hex, b.data, b.len);
	zen_buf_release(&b);
}

/* The Typescript vector: version 0, Outpoint(0, 0) -> PK(0) 100 ZP. */
static void typescript_tx(struct zen_tx *tx)
{
	zen_tx_init(tx);
	tx->inputs = zen_xcalloc(1, sizeof(*tx->inputs));
	tx->n_inputs = 1;
	tx->inputs[0].kind = ZEN_INPUT_OUTPOINT;
	tx->outputs = zen_xcalloc(1, sizeof(*tx->outputs));
	tx->n_outputs = 1;
	zen_output_init(&tx->outputs[0]);
	tx->outputs[0].lock.id = ZEN_LOCK_PK;
	tx->outputs[0].spend.amount = 100;
}

static void test_typescript_vectors(void)
{
	const char *id = "txhash-typescript-vector";
	json_t *v = tap_vector("wallet.json", id), *in, *ex;
	struct zen_buf hex = ZEN_BUF_INIT;
	uint8_t h[ZEN_HASH_LEN], key[1][ZEN_SECKEY_LEN];
	struct zen_xprv k;
	struct zen_tx tx;

	typescript_tx(&tx);
	encode_hex(&hex, &tx, ZEN_TX_WITHOUT_WITNESS);
	tap_str(zen_buf_str(&hex), tap_jstr(tap_jget(v, "input"),
			"tx_without_witness_hex"), "%s serialization", id);
	zen_tx_compute_hash(h, &tx);
	tap_hex(h, sizeof(h), tap_jstr(tap_jget(v, "expected"), "tx_hash"),
		"%s", id);

	id = "tx-signed-typescript-vector";
	v = tap_vector("wallet.json", id);
	in = tap_jget(v, "input");
	ex = tap_jget(v, "expected");
	encode_hex(&hex, &tx, ZEN_TX_WITHOUT_WITNESS);
	tap_str(zen_buf_str(&hex), tap_jstr(in, "tx_without_witness_hex"),
		"%s unsigned serialization", id);
	tw_key(&k, tap_jstr(in, "mnemonic"), tap_jstr(in, "path"));
	memcpy(key[0], k.key, ZEN_SECKEY_LEN);
	tap_ok(!zen_wallet_sign_inputs(&tx, (const uint8_t (*)[32])key, 1,
				       ZEN_SIGHASH_TXHASH, NULL) &&
	       tx.n_witnesses == 1 && tx.witnesses[0].id == ZEN_WITNESS_PK &&
	       tx.witnesses[0].sighash == ZEN_SIGHASH_TXHASH,
	       "%s signs one TxHash witness", id);
	tap_hex(tx.witnesses[0].signature, ZEN_SIGNATURE_LEN,
		tap_jstr(ex, "signature"), "%s signature", id);
	encode_hex(&hex, &tx, ZEN_TX_FULL);
	tap_str(zen_buf_str(&hex), tap_jstr(ex, "tx_full_hex"),
		"%s full serialization", id);
	zen_tx_finalize(&tx);
	tap_hex(tx.witness_hash, ZEN_HASH_LEN, tap_jstr(ex, "witness_hash"),
		"%s witness hash", id);
	tap_ok(!memcmp(tx.tx_hash, h, ZEN_HASH_LEN),
	       "%s: witnesses do not change the tx hash", id);
	zen_xprv_wipe(&k);
	memset(key, 0, sizeof(key));
	zen_tx_release(&tx);
	zen_buf_release(&hex);
}

static void test_send_vector(void)
{
	const char *id = "send-root-1-kalapa";
	json_t *v = tap_vector("wallet.json", id);
	json_t *in = tap_jget(v, "input"), *ex = tap_jget(v, "expected");
	json_t *utxo = tap_jget(in, "utxo");
	struct zen_coin_selection sel = ZEN_COIN_SELECTION_INIT;
	struct zen_buf hex = ZEN_BUF_INIT;
	uint8_t change[ZEN_HASH_LEN], h[ZEN_HASH_LEN], key[1][ZEN_SECKEY_LEN];
	struct zen_wallet_coin coin;
	struct zen_output out;
	struct zen_xprv k;
	struct zen_tx tx;
	char op[80], txid[65];
	const char *colon;

	memset(&coin, 0, sizeof(coin));
	colon = strchr(tap_jstr(utxo, "outpoint"), ':');
	snprintf(txid, sizeof(txid), "%.64s", tap_jstr(utxo, "outpoint"));
	tw_unhex(coin.outpoint.tx_hash, ZEN_HASH_LEN, txid);
	coin.outpoint.index = (uint32_t)strtoul(colon + 1, NULL, 10);
	coin.spend.amount = tap_ju64(utxo, "amount");
	pk_hash_at(coin.pk_hash, ROOT_MNEMONIC, ZEN_WALLET_EXTERNAL_PATH);
	pk_hash_at(change, ROOT_MNEMONIC, ZEN_WALLET_CHANGE_PATH);

	zen_output_init(&out);
	out.lock.id = ZEN_LOCK_PK;
	tap_ok(!zen_address_decode_pk(out.lock.pk_hash, ZEN_CHAIN_TEST,
				      tap_jstr(in, "send_to"), NULL),
	       "%s recipient decodes", id);
	tap_hex(out.lock.pk_hash, ZEN_HASH_LEN, tap_jstr(ex, "send_to_pk_hash"),
		"%s recipient pk hash", id);
	out.spend.amount = tap_ju64(in, "amount");

	zen_tx_init(&tx);
	tap_ok(!zen_wallet_build_send(&tx, &sel, &coin, 1, &out, 1, change, 0,
				      10, NULL) && sel.n_picked == 1 &&
	       tx.n_inputs == 1 && tx.n_outputs == 2,
	       "%s builds: 1 input, 2 outputs", id);
	encode_hex(&hex, &tx, ZEN_TX_WITHOUT_WITNESS);
	tap_str(zen_buf_str(&hex), tap_jstr(ex, "tx_without_witness_hex"),
		"%s serialization", id);
	zen_tx_compute_hash(h, &tx);
	tap_hex(h, sizeof(h), tap_jstr(ex, "tx_hash"), "%s tx hash", id);
	zen_buf_reset(&hex);
	zen_hex_encode(&hex, h, sizeof(h));
	snprintf(op, sizeof(op), "%s:1", zen_buf_str(&hex));
	tap_str(op, tap_jstr(ex, "change_outpoint"), "%s change outpoint", id);
	tap_ok(tx.outputs[1].lock.id == ZEN_LOCK_PK &&
	       !memcmp(tx.outputs[1].lock.pk_hash, change, ZEN_HASH_LEN),
	       "%s change goes to m/44'/258'/0'/1/0", id);
	tap_u64(tx.outputs[1].spend.amount, tap_ju64(ex, "change_amount"),
		"%s change amount", id);
	{
		/* the coin and both outputs are of the vector's assets */
		char a[ZEN_ASSET_TEXT_MAX], b[ZEN_ASSET_TEXT_MAX],
		     c[ZEN_ASSET_TEXT_MAX];

		zen_asset_text(a, &coin.spend.asset);
		zen_asset_text(b, &tx.outputs[0].spend.asset);
		zen_asset_text(c, &tx.outputs[1].spend.asset);
		tap_ok(!strcmp(a, tap_jstr(utxo, "asset")) &&
		       !strcmp(b, tap_jstr(in, "asset")) &&
		       !strcmp(c, tap_jstr(utxo, "asset")),
		       "%s assets: the utxo's, the payment's, the change's", id);
	}

	/* Signing it gives the witness of signatures.json#sign-txhash-witness */
	tw_key(&k, ROOT_MNEMONIC, ZEN_WALLET_EXTERNAL_PATH);
	memcpy(key[0], k.key, ZEN_SECKEY_LEN);
	tap_ok(!zen_wallet_sign_inputs(&tx, (const uint8_t (*)[32])key, 1,
				       ZEN_SIGHASH_TXHASH, NULL),
	       "%s signs", id);
	tap_hex(tx.witnesses[0].signature, ZEN_SIGNATURE_LEN,
		"0b6be83f6eb9f27d76020f1805d08aac2a3f38860177ff5ebd2cb3208109"
		"4d044474e9636c3ee6c5b599ef9e93268d5d80c4abf1d4625e8e95c0ed5d"
		"6741d9b1", "%s signature is the reference's", id);
	zen_xprv_wipe(&k);
	memset(key, 0, sizeof(key));

	coin.spend.amount = 0;
	tap_ok(zen_wallet_build_send(&tx, &sel, &coin, 1, &out, 1, change, 0,
				     10, NULL) == ZEN_EINVAL &&
	       tx.n_inputs == 0 && tx.n_outputs == 0,
	       "a send without funds fails and leaves an empty tx");
	zen_coin_selection_release(&sel);
	zen_output_release(&out);
	zen_tx_release(&tx);
	zen_buf_release(&hex);
}

/* A contract witness of contract 0/0 with command "" and no body. */
static void add_contract_witness(struct zen_tx *tx)
{
	struct zen_witness *w;

	tx->witnesses = zen_xrealloc(tx->witnesses,
				     (tx->n_witnesses + 1) * sizeof(*w));
	w = &tx->witnesses[tx->n_witnesses++];
	zen_witness_init(w);
	w->id = ZEN_WITNESS_CONTRACT;
	w->command = zen_xstrdup("");
	w->state = ZEN_STATE_NONE;
	w->inputs_length = 1;
	w->cost = 5;
}

/* Verify PK witness i of tx against the rule of protocol.md 3.8, with
 * the following-witness list serialized here by hand. */
static int pk_witness_ok(const struct zen_tx *tx, size_t i)
{
	const struct zen_witness *w = &tx->witnesses[i];
	struct zen_buf list = ZEN_BUF_INIT;
	uint8_t h[2 * ZEN_HASH_LEN], msg[ZEN_HASH_LEN];

	zen_tx_compute_hash(h, tx);
	if (w->sighash == ZEN_SIGHASH_FOLLOWING) {
		zen_write_varint(&list, (uint32_t)(tx->n_witnesses - i - 1));
		for (size_t j = i + 1; j < tx->n_witnesses; j++)
			zen_witness_write(&list, &tx->witnesses[j]);
		zen_sha3(h + ZEN_HASH_LEN, list.data, list.len);
		zen_sha3(msg, h, sizeof(h));
	} else {
		memcpy(msg, h, ZEN_HASH_LEN);
	}
	zen_buf_release(&list);
	return zen_ecdsa_verify(w->signature, msg, w->pubkey);
}

static void test_execute_fee_vector(void)
{
	const char *id = "execute-contract-no-spends-fee";
	json_t *v = tap_vector("wallet.json", id), *ex = tap_jget(v, "expected");
	json_t *fee = tap_jget(ex, "fee_output");
	struct zen_coin_selection sel = ZEN_COIN_SELECTION_INIT;
	struct zen_wallet_coin coins[2];
	uint8_t change[ZEN_HASH_LEN], keys[2][ZEN_SECKEY_LEN];
	struct zen_spend spend;
	struct zen_xprv k;
	struct zen_tx tx;
	const struct zen_output *o;

	tap_ok(json_object_size(tap_jget(tap_jget(v, "input"), "spends")) == 0,
	       "%s has empty spends", id);
	memset(coins, 0, sizeof(coins));
	coins[0].outpoint.tx_hash[0] = 1;
	coins[0].spend.amount = 10;
	coins[1].outpoint.tx_hash[0] = 2;
	coins[1].spend.amount = 4;
	memset(change, 0xcc, sizeof(change));
	zen_tx_init(&tx);
	tap_ok(!zen_wallet_build_execute(&tx, &sel, coins, 1, NULL, 0, change,
					 0, 10, NULL),
	       "%s builds", id);
	tap_u64(tx.n_inputs, tap_ju64(ex, "inputs"), "%s inputs", id);
	o = &tx.outputs[tx.n_outputs - 1];
	tap_ok(tx.n_outputs == 2 && o->lock.id == ZEN_LOCK_FEE &&
	       !strcmp(tap_jstr(fee, "lock"), "Fee") &&
	       !strcmp(tap_jstr(fee, "asset"), "00") &&
	       zen_asset_is_zp(&o->spend.asset) &&
	       o->spend.amount == tap_ju64(fee, "amount") &&
	       tx.outputs[0].lock.id == ZEN_LOCK_PK &&
	       tx.outputs[0].spend.amount == 9,
	       "%s: change of 9, then a Fee output of 1 kalapa ZP", id);

	/* The node adds the contract witness; the wallet then signs with
	 * FollowingWitnesses, so the last PK witness commits to it. */
	add_contract_witness(&tx);
	tw_key(&k, ROOT_MNEMONIC, ZEN_WALLET_EXTERNAL_PATH);
	memcpy(keys[0], k.key, ZEN_SECKEY_LEN);
	tap_ok(!zen_wallet_sign_inputs(&tx, (const uint8_t (*)[32])keys, 1,
				       ZEN_SIGHASH_FOLLOWING, NULL) &&
	       tx.n_witnesses == 2 && tx.witnesses[0].id == ZEN_WITNESS_PK &&
	       tx.witnesses[1].id == ZEN_WITNESS_CONTRACT,
	       "%s: the PK witness goes in front of the contract witness", id);
	tap_ok(tx.witnesses[0].sighash == ZEN_SIGHASH_FOLLOWING &&
	       !strcmp(tap_jstr(ex, "last_pk_witness_sighash"),
		       "FollowingWitnesses") && pk_witness_ok(&tx, 0),
	       "%s: last PK witness is FollowingWitnesses and verifies", id);

	/* With spends: no fee; two inputs get [TxHash, FollowingWitnesses]. */
	spend = coins[0].spend;
	spend.amount = 12;
	tap_ok(!zen_wallet_build_execute(&tx, &sel, coins, 2, &spend, 1, change,
					 0, 10, NULL) && tx.n_inputs == 2 &&
	       tx.n_outputs == 1 && tx.outputs[0].lock.id == ZEN_LOCK_PK &&
	       tx.outputs[0].spend.amount == 2,
	       "execution with spends: no fee, change only");
	add_contract_witness(&tx);
	memcpy(keys[1], k.key, ZEN_SECKEY_LEN);
	tap_ok(!zen_wallet_sign_inputs(&tx, (const uint8_t (*)[32])keys, 2,
				       ZEN_SIGHASH_FOLLOWING, NULL) &&
	       tx.n_witnesses == 3 &&
	       tx.witnesses[0].sighash == ZEN_SIGHASH_TXHASH &&
	       tx.witnesses[1].sighash == ZEN_SIGHASH_FOLLOWING &&
	       pk_witness_ok(&tx, 0) && pk_witness_ok(&tx, 1),
	       "two inputs: TxHash then FollowingWitnesses, both verify");
	tap_ok(zen_wallet_input_sighash(0, 3, ZEN_SIGHASH_FOLLOWING) ==
	       ZEN_SIGHASH_TXHASH && zen_wallet_input_sighash(2, 3,
	       ZEN_SIGHASH_FOLLOWING) == ZEN_SIGHASH_FOLLOWING,
	       "sighash plan: only the last input gets the initial sighash");
	tap_ok(zen_wallet_sign_inputs(&tx, (const uint8_t (*)[32])keys, 2, 0x02,
				      NULL) == ZEN_EINVAL && tx.n_witnesses == 3,
	       "an unknown sighash is refused and the tx is unchanged");
	tap_ok(zen_wallet_build_execute(&tx, &sel, coins, 2, NULL, 0, change,
					 0, 10, NULL) == 0 &&
	       tx.n_inputs == 1 && tx.inputs[0].outpoint.tx_hash[0] == 2,
	       "the fee input is the highest outpoint");
	zen_xprv_wipe(&k);
	memset(keys, 0, sizeof(keys));
	zen_coin_selection_release(&sel);
	zen_tx_release(&tx);
}

static void test_sighash_message(void)
{
	json_t *v = tap_vector("hashes.json", "sighash-following-witnesses");
	json_t *in = tap_jget(v, "input"), *ex = tap_jget(v, "expected");
	struct zen_buf list = ZEN_BUF_INIT;
	uint8_t txh[ZEN_HASH_LEN], msg[ZEN_HASH_LEN];
	struct zen_reader r;
	struct zen_witness w;
	struct zen_err err = ZEN_ERR_INIT;
	uint8_t count;
	int ok;

	tw_unhex(txh, sizeof(txh), tap_jstr(in, "txHash"));
	tap_ok(!zen_sighash_message(msg, txh, ZEN_SIGHASH_FOLLOWING, NULL, 0,
				    NULL), "following-witnesses message A");
	tap_hex(msg, sizeof(msg), tap_jstr(ex, "message_A"),
		"FollowingWitnesses with nothing after (hashes.json A)");
	ok = !zen_hex_decode(&list, tap_jstr(in, "followingWitnessListHex_B"),
			     strlen(tap_jstr(in, "followingWitnessListHex_B")),
			     NULL);
	zen_witness_init(&w);
	zen_reader_init(&r, list.data, list.len);
	ok = ok && !zen_read_u8(&r, &count, NULL) && count == 1 &&
	     !zen_witness_read(&r, &w, NULL);
	tap_ok(ok && !zen_sighash_message(msg, txh, ZEN_SIGHASH_FOLLOWING, &w,
					  1, NULL), "following-witnesses B");
	tap_hex(msg, sizeof(msg), tap_jstr(ex, "message_B"),
		"FollowingWitnesses over one PK witness (hashes.json B)");
	tap_ok(!zen_sighash_message(msg, txh, ZEN_SIGHASH_TXHASH, &w, 1, NULL) &&
	       !memcmp(msg, txh, sizeof(txh)), "TxHash signs the tx hash");
	tap_ok(zen_sighash_message(msg, txh, 0x02, NULL, 0, &err) ==
	       ZEN_EINVAL && !strcmp(err.msg, "unknown sighash"),
	       "an unknown sighash has no message");
	zen_witness_release(&w);
	zen_buf_release(&list);
}

static void test_contract_witness_vector(void)
{
	const char *id = "contract-witness-signature-message";
	json_t *v = tap_vector("wallet.json", id);
	json_t *in = tap_jget(v, "input"), *ex = tap_jget(v, "expected");
	struct zen_buf b = ZEN_BUF_INIT, m = ZEN_BUF_INIT;
	uint8_t h[ZEN_HASH_LEN], msg[ZEN_HASH_LEN], sec[ZEN_SECKEY_LEN];
	struct zen_contract_id cid;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_xprv k;
	struct zen_tx tx;

	tap_ok(!zen_contract_id_parse(&cid, tap_jstr(in, "recipient"), NULL) &&
	       json_is_null(tap_jget(in, "body")), "%s input", id);
	zen_message_serialize(&b, &cid, tap_jstr(in, "command"),
			      strlen(tap_jstr(in, "command")), NULL, 1);
	tap_hex(b.data, b.len, tap_jstr(ex, "message_bytes_hex"),
		"%s message bytes", id);

	typescript_tx(&tx);
	add_contract_witness(&tx);
	tw_key(&k, tap_jstr(in, "mnemonic"), tap_jstr(in, "sign_path"));
	memcpy(sec, k.key, sizeof(sec));
	tap_ok(!zen_wallet_sign_contract_witness(&tx, sec, NULL) &&
	       tx.witnesses[0].has_cw_signature, "%s signs", id);
	tap_hex(tx.witnesses[0].cw_pubkey, ZEN_PUBKEY_LEN,
		tap_jstr(ex, "signer_public_key"), "%s signer", id);
	/* H(txHash || message bytes), built here by hand. */
	zen_tx_compute_hash(h, &tx);
	zen_buf_add(&m, h, ZEN_HASH_LEN);
	zen_buf_add(&m, b.data, b.len);
	zen_sha3(msg, m.data, m.len);
	tap_ok(zen_ecdsa_verify(tx.witnesses[0].cw_signature, msg,
				tx.witnesses[0].cw_pubkey),
	       "%s: signature over H(txHash || message) verifies", id);

	/* hashes.json's example with a command. */
	v = tap_vector("hashes.json", "contract-witness-signature-message");
	in = tap_jget(v, "input");
	tw_unhex(h, ZEN_HASH_LEN, tap_jstr(in, "txHash"));
	tap_ok(!zen_contract_id_parse(&cid, tap_jstr(in, "contractId"), NULL),
	       "contract witness digest input");
	zen_contract_sig_message(msg, h, &cid, "hello", 5, NULL);
	tap_hex(msg, sizeof(msg), tap_jstr(tap_jget(v, "expected"),
			"signedDigest"), "contract witness digest (hashes.json)");

	zen_tx_release(&tx);
	typescript_tx(&tx);
	tap_ok(zen_wallet_sign_contract_witness(&tx, sec, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "no contract witness to sign"),
	       "signing without a contract witness is refused");
	zen_xprv_wipe(&k);
	memset(sec, 0, sizeof(sec));
	zen_tx_release(&tx);
	zen_buf_release(&b);
	zen_buf_release(&m);
}

void test_wallet_tx(void)
{
	test_typescript_vectors();
	test_send_vector();
	test_execute_fee_vector();
	test_sighash_message();
	test_contract_witness_vector();
}
