/* op_address.c - address and contract-id operations (no chain state). */
#include <string.h>

#include "core/consensus/address.h"
#include "core/encoding/hex.h"
#include "ops/handlers.h"

int op_address_decode(struct zen_call *call)
{
	const char *text = zen_args_str(call->args, "address");
	struct zen_address addr;
	char hex[2 * ZEN_CONTRACT_ID_RAW_LEN + 1];
	int rc;

	rc = zen_address_decode_any(&addr, call->node->chain, text, &call->err);
	if (rc)
		return rc;
	call->result = json_object();
	if (addr.is_contract) {
		zen_contract_id_text(hex, &addr.cid);
		json_object_set_new(call->result, "contractId", json_string(hex));
	} else {
		zen_hex_encode_to(hex, addr.pk_hash, ZEN_HASH_LEN);
		json_object_set_new(call->result, "pkHash", json_string(hex));
	}
	return 0;
}

int op_contract_contractid(struct zen_call *call)
{
	const char *text = zen_args_str(call->args, "address");
	struct zen_contract_id cid;
	char hex[ZEN_CONTRACT_ID_TEXT_LEN + 1];
	int rc;

	rc = zen_address_decode_contract(&cid, call->node->chain, text,
					 &call->err);
	if (rc)
		return rc;
	zen_contract_id_text(hex, &cid);
	call->text = zen_xstrdup(hex);
	return 0;
}

int op_contract_id(struct zen_call *call)
{
	json_t *code = json_object_get(call->args, "code");
	struct zen_contract_id cid;
	struct zen_buf addr = ZEN_BUF_INIT;
	char hex[ZEN_CONTRACT_ID_TEXT_LEN + 1];

	zen_contract_id_from_code(&cid, json_string_value(code),
				  json_string_length(code));
	zen_contract_id_text(hex, &cid);
	zen_address_contract(&addr, call->node->chain, &cid);
	call->result = json_object();
	json_object_set_new(call->result, "contractId", json_string(hex));
	json_object_set_new(call->result, "address",
			    json_string(zen_buf_str(&addr)));
	zen_buf_release(&addr);
	return 0;
}
