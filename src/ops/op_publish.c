/*
 * op_publish.c - the operations that change the chain: publish blocks and
 * transactions, block templates, mining (api.md 5.10-5.13), and the
 * consistency check.
 */
#include <string.h>

#include "core/consensus/address.h"
#include "core/encoding/hex.h"
#include "ops/handlers.h"
#include "ops/mining.h"
#include "ops/node.h"
#include "ops/op_wallet.h"

static int hex_param(struct zen_call *call, const char *name,
		     struct zen_buf *out)
{
	const char *hex = zen_args_str(call->args, name);

	return zen_hex_decode(out, hex, strlen(hex), &call->err);
}

static void reply_hash(struct zen_call *call, const uint8_t hash[ZEN_HASH_LEN])
{
	char hex[2 * ZEN_HASH_LEN + 1];

	zen_hex_encode_to(hex, hash, ZEN_HASH_LEN);
	call->result = json_string(hex);
}

/* api.md 5.10: {"block"} or {"header", "body"} (or a bare string). */
static int block_bytes(struct zen_call *call, struct zen_buf *bytes)
{
	int has_block = json_object_get(call->args, "block") != NULL;
	int has_header = json_object_get(call->args, "header") != NULL;
	int has_body = json_object_get(call->args, "body") != NULL;

	if (has_block && !has_header && !has_body)
		return hex_param(call, "block", bytes) ?
		       zen_fail(&call->err, ZEN_EINVAL, "invalid block") : 0;
	/* any other combination: the reference's words (api.md 5.10) */
	if (has_block || !has_header || !has_body)
		return zen_fail(&call->err, ZEN_EINVAL, "Json is invalid");
	if (strlen(zen_args_str(call->args, "header")) != 2 * 100)
		return zen_fail(&call->err, ZEN_EINVAL, "invalid header size");
	if (hex_param(call, "header", bytes) || hex_param(call, "body", bytes))
		return zen_fail(&call->err, ZEN_EINVAL, "invalid block");
	return 0;
}

int op_blockchain_publishblock(struct zen_call *call)
{
	struct zen_buf bytes = ZEN_BUF_INIT;
	struct zen_block_result res;
	int rc = block_bytes(call, &bytes);

	if (!rc)
		rc = zen_publish_block(call->node, &res, bytes.data, bytes.len,
				       &call->err);
	if (!rc)
		reply_hash(call, res.hash);
	zen_buf_release(&bytes);
	return rc;
}

int op_blockchain_submitheader(struct zen_call *call)
{
	struct zen_buf header = ZEN_BUF_INIT, block = ZEN_BUF_INIT;
	struct zen_block_result res;
	int rc = hex_param(call, "header", &header);

	if (rc || header.len != 100)
		rc = zen_fail(&call->err, ZEN_EINVAL,
			      "error parsing header, error: invalid header");
	if (!rc)
		rc = zen_template_complete(&block, header.data, &call->err);
	if (!rc)
		rc = zen_publish_block(call->node, &res, block.data, block.len,
				       &call->err);
	if (!rc)
		reply_hash(call, res.hash);
	zen_buf_release(&header);
	zen_buf_release(&block);
	return rc;
}

int op_blockchain_publishtransaction(struct zen_call *call)
{
	struct zen_buf tx = ZEN_BUF_INIT;
	enum zen_tx_outcome outcome = ZEN_TX_INVALID;
	uint8_t hash[ZEN_HASH_LEN];
	int rc = hex_param(call, "tx", &tx) ?
		 zen_fail(&call->err, ZEN_EINVAL, "invalid transaction") : 0;

	if (!rc)
		rc = zen_chain_submit_tx(call->chain, &outcome, hash, tx.data, tx.len,
					 &call->err);
	zen_buf_release(&tx);
	/* Known to the mempool already: the reference answers its hash. */
	if (rc && outcome == ZEN_TX_IN_MEMPOOL)
		rc = 0;
	if (rc && outcome == ZEN_TX_IN_BLOCK) {
		call->http_status = 302;
		return zen_fail(&call->err, ZEN_EREFUSED,
				"transaction already exists");
	}
	if (!rc)
		reply_hash(call, hash);
	return rc;
}

/* The coinbase recipient: a PK address of the node's chain. */
static int recipient(struct zen_call *call, uint8_t pk_hash[ZEN_HASH_LEN])
{
	const char *address = zen_args_str(call->args, "address");

	struct zen_wallet *w;

	/* Without an address the reference pays its wallet's address.  The
	 * wallet is opened only then, so a miner that names its address
	 * works on a node without one (zen serve --public). */
	if (!address) {
		if (call->node->no_wallet)
			return zen_fail(&call->err, ZEN_EREFUSED, "no account");
		return zen_node_wallet(call->node, &w, &call->err) ?:
		       op_wallet_first_address(w, pk_hash, &call->err);
	}
	return zen_address_decode_pk(pk_hash, call->node->chain, address,
				     &call->err);
}

int op_blockchain_blocktemplate(struct zen_call *call)
{
	struct zen_buf block = ZEN_BUF_INIT, hex = ZEN_BUF_INIT;
	uint8_t pk_hash[ZEN_HASH_LEN];
	struct zen_header header;
	struct zen_u256 target;
	uint32_t number;
	char target_hex[65], parent_hex[65];
	int rc = recipient(call, pk_hash);

	if (!rc)
		rc = zen_template_build(call->node, &block, &number, pk_hash,
					&call->err);
	if (!rc)
		rc = zen_header_decode(&header, block.data, 100, &call->err);
	if (!rc) {
		zen_difficulty_uncompress(&target, header.difficulty);
		zen_hex_encode_to(target_hex, target.b, 32);
		zen_hex_encode_to(parent_hex, header.parent, 32);
		zen_hex_encode(&hex, block.data, block.len);
		call->result = json_pack("{s:s%, s:s, s:s, s:s, s:I}",
			"header", zen_buf_str(&hex), (size_t)200,
			"body", zen_buf_str(&hex) + 200,
			"target", target_hex, "parent", parent_hex,
			"blockNumber", (json_int_t)number);
	}
	zen_buf_release(&block);
	zen_buf_release(&hex);
	return rc;
}

int op_blockchain_mine(struct zen_call *call)
{
	uint8_t pk_hash[ZEN_HASH_LEN];
	uint64_t blocks = 0, threads = 0;
	int rc = recipient(call, pk_hash);

	zen_args_u64(call->args, "blocks", &blocks);
	zen_args_u64(call->args, "threads", &threads);
	if (!rc && (blocks < 1 || blocks > 10000))
		rc = zen_fail(&call->err, ZEN_EINVAL,
			      "invalid blocks (1 to 10000)");
	if (!rc && threads > 64)
		rc = zen_fail(&call->err, ZEN_EINVAL, "invalid threads (at most 64)");
	call->result = rc ? NULL : json_array();
	for (uint64_t i = 0; !rc && i < blocks; i++) {
		struct zen_block_result res;
		char hex[2 * ZEN_HASH_LEN + 1];

		rc = zen_mine_block(call->node, &res, pk_hash, (unsigned)threads,
				    call->cancel, &call->err);
		if (!rc) {
			zen_hex_encode_to(hex, res.hash, ZEN_HASH_LEN);
			json_array_append_new(call->result, json_string(hex));
			if (call->progress)
				call->progress(call->progress_ctx, i + 1, blocks);
		}
	}
	return rc;
}

int op_node_verify(struct zen_call *call)
{
	struct zen_chain_verify_report report;
	struct zen_work work = zen_call_work(call);
	int rc = zen_chain_verify_work(call->chain, &report, &work, &call->err);
	if (!rc)
		call->result = json_pack("{s:I, s:I, s:I, s:I, s:I}",
			"blocks", (json_int_t)report.blocks,
			"transactions", (json_int_t)report.txs,
			"utxos", (json_int_t)report.utxos,
			"mempool", (json_int_t)report.mempool,
			"indexEntries", (json_int_t)report.stored);
	return rc;
}
