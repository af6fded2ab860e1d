/*
 * address.h - Zen addresses (protocol.md 6.2), bech32 (encoding/bech32.h)
 * with the chain's HRPs.
 *
 * PK addresses carry the 32-byte pk hash under HRP zen (main) or tzn (test,
 * local); contract addresses carry the 36-byte u32 BE version || hash under
 * czen / ctzn.  The data part is the version word 0 then the payload in
 * 5-bit groups.  Decoding errors use the reference's texts: "could not
 * decode address", "invalid HRP", "address version mismatch",
 * "invalid address", "invalid address data" (all ZEN_EINVAL).
 */
#ifndef ZEN_ADDRESS_H
#define ZEN_ADDRESS_H

#include "core/base/buf.h"
#include "core/base/err.h"
#include "core/consensus/params.h"
#include "core/encoding/bech32.h"
#include "core/types/types.h"

/* Address texts (append to out). */
void zen_address_pk(struct zen_buf *out, enum zen_chain chain,
		    const uint8_t pk_hash[ZEN_HASH_LEN]);
void zen_address_contract(struct zen_buf *out, enum zen_chain chain,
			  const struct zen_contract_id *cid);

int zen_address_decode_pk(uint8_t pk_hash[ZEN_HASH_LEN], enum zen_chain chain,
			  const char *addr, struct zen_err *err) ZEN_WARN_UNUSED;
int zen_address_decode_contract(struct zen_contract_id *cid,
				enum zen_chain chain, const char *addr,
				struct zen_err *err) ZEN_WARN_UNUSED;

/* "Any" decoding as /address/decode: PK if it starts with the chain's PK
 * HRP (zen/tzn), else contract. */
struct zen_address {
	int is_contract;
	uint8_t pk_hash[ZEN_HASH_LEN];
	struct zen_contract_id cid;
};
int zen_address_decode_any(struct zen_address *out, enum zen_chain chain,
			   const char *addr, struct zen_err *err) ZEN_WARN_UNUSED;

/* Contract id text (72 lowercase hex) into out[73]. */
void zen_contract_id_text(char out[ZEN_CONTRACT_ID_TEXT_LEN + 1],
			  const struct zen_contract_id *cid);
/* Parse the 72-hex text form.  ZEN_EINVAL "invalid contract id". */
int zen_contract_id_parse(struct zen_contract_id *cid, const char *text,
			  struct zen_err *err) ZEN_WARN_UNUSED;
/* protocol.md 6.1: (0, SHA3(u32 BE 0 || code)) where code is the ASCII
 * form (bytes >= 0x80 become '?'). */
void zen_contract_id_from_code(struct zen_contract_id *cid,
			       const char *code, size_t len);

#endif
