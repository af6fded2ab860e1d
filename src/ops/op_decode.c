/* op_decode.c - offline decoders: `zen tx decode`, `zen block decode`. */
#include <string.h>

#include "core/types/block.h"
#include "core/encoding/hex.h"
#include "ops/handlers.h"
#include "ops/json_tx.h"

/* The hex parameter as bytes (already checked to be hex by validation). */
static int hex_arg(struct zen_call *call, struct zen_buf *bytes)
{
	const char *hex = zen_args_str(call->args, "hex");

	return zen_hex_decode(bytes, hex, strlen(hex), &call->err);
}

static int refuse_trailing(struct zen_call *call, const char *what,
			   size_t used, size_t len)
{
	if (used == len)
		return 0;
	return zen_fail(&call->err, ZEN_EINVAL,
			"trailing bytes after the %s (%zu of %zu bytes used)",
			what, used, len);
}

int op_tx_decode(struct zen_call *call)
{
	struct zen_buf bytes = ZEN_BUF_INIT;
	char hash[2 * ZEN_HASH_LEN + 1];
	struct zen_tx tx;
	int rc;

	zen_tx_init(&tx);
	if ((rc = hex_arg(call, &bytes)) ||
	    (rc = zen_tx_decode(&tx, bytes.data, bytes.len, &call->err)) ||
	    (rc = refuse_trailing(call, "transaction", tx.raw_len, bytes.len)))
		goto out;
	call->result = json_object();
	zen_hex_encode_to(hash, tx.tx_hash, ZEN_HASH_LEN);
	json_object_set_new(call->result, "txHash", json_string(hash));
	zen_hex_encode_to(hash, tx.witness_hash, ZEN_HASH_LEN);
	json_object_set_new(call->result, "witnessHash", json_string(hash));
	json_object_set_new(call->result, "tx", zen_json_tx(&tx, call->node->chain));
out:
	if (rc)
		zen_err_prefix(&call->err, "cannot decode transaction");
	zen_tx_release(&tx);
	zen_buf_release(&bytes);
	return rc;
}

int op_block_decode(struct zen_call *call)
{
	struct zen_buf bytes = ZEN_BUF_INIT;
	struct zen_block block;
	size_t used = 0;
	int rc;

	zen_block_init(&block);
	if ((rc = hex_arg(call, &bytes)) ||
	    (rc = zen_block_decode(&block, bytes.data, bytes.len, &used,
				   &call->err)) ||
	    (rc = refuse_trailing(call, "block", used, bytes.len)))
		goto out;
	call->result = zen_json_block(&block, call->node->chain);
out:
	if (rc)
		zen_err_prefix(&call->err, "cannot decode block");
	zen_block_release(&block);
	zen_buf_release(&bytes);
	return rc;
}
