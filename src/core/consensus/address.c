/*
 * address.c - Zen PK and contract addresses (protocol.md 6.2) and the
 * contract id forms (protocol.md 2.2, 6.1).
 */
#include <string.h>
#include <strings.h>

#include "core/consensus/address.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"

#define ADDRESS_VERSION 0

/* The HRP's chain part: "zen" on main, "tzn" on test and local. */
static const char *chain_prefix(enum zen_chain chain)
{
	return zen_chain_params(chain)->hrp_pk;
}

static void contract_id_raw(uint8_t raw[ZEN_CONTRACT_ID_RAW_LEN],
			    const struct zen_contract_id *cid)
{
	raw[0] = (uint8_t)(cid->version >> 24);
	raw[1] = (uint8_t)(cid->version >> 16);
	raw[2] = (uint8_t)(cid->version >> 8);
	raw[3] = (uint8_t)cid->version;
	memcpy(raw + 4, cid->hash, ZEN_HASH_LEN);
}

static void contract_id_from_raw(struct zen_contract_id *cid,
				 const uint8_t raw[ZEN_CONTRACT_ID_RAW_LEN])
{
	cid->version = (uint32_t)raw[0] << 24 | (uint32_t)raw[1] << 16 |
		       (uint32_t)raw[2] << 8 | raw[3];
	memcpy(cid->hash, raw + 4, ZEN_HASH_LEN);
}

static void address_encode(struct zen_buf *out, const char *hrp,
			   const uint8_t *payload, size_t len)
{
	struct zen_buf data = ZEN_BUF_INIT;

	zen_buf_addch(&data, ADDRESS_VERSION);
	if (zen_convert_bits(&data, payload, len, 8, 5, 1) ||
	    zen_bech32_encode(out, hrp, data.data, data.len, NULL))
		ZEN_BUG("cannot encode an address");
	zen_buf_release(&data);
}

void zen_address_pk(struct zen_buf *out, enum zen_chain chain,
		    const uint8_t pk_hash[ZEN_HASH_LEN])
{
	address_encode(out, zen_chain_params(chain)->hrp_pk, pk_hash,
		       ZEN_HASH_LEN);
}

void zen_address_contract(struct zen_buf *out, enum zen_chain chain,
			  const struct zen_contract_id *cid)
{
	uint8_t raw[ZEN_CONTRACT_ID_RAW_LEN];

	contract_id_raw(raw, cid);
	address_encode(out, zen_chain_params(chain)->hrp_contract, raw,
		       sizeof(raw));
}

/* "zen"/"tzn" for a PK address, "czen"/"ctzn" for a contract address. */
static int hrp_matches(const char *hrp, enum zen_chain chain, int contract)
{
	if (contract) {
		if (strlen(hrp) != 4 || hrp[0] != 'c')
			return 0;
		hrp++;
	} else if (strlen(hrp) != 3) {
		return 0;
	}
	return !strcmp(hrp, chain_prefix(chain));
}

/* Decode the payload (len bytes) of an address of the given type. */
static int address_decode(uint8_t *payload, size_t len, enum zen_chain chain,
			  int contract, const char *addr, struct zen_err *err)
{
	struct zen_buf data = ZEN_BUF_INIT, bytes = ZEN_BUF_INIT;
	char hrp[84];
	int rc;

	if (zen_bech32_decode(hrp, &data, addr, NULL)) {
		rc = zen_fail(err, ZEN_EINVAL, "could not decode address");
		goto out;
	}
	if (!hrp_matches(hrp, chain, contract)) {
		rc = zen_fail(err, ZEN_EINVAL, "invalid HRP");
		goto out;
	}
	if (!data.len || data.data[0] != ADDRESS_VERSION) {
		rc = zen_fail(err, ZEN_EINVAL, "address version mismatch");
		goto out;
	}
	if (zen_convert_bits(&bytes, data.data + 1, data.len - 1, 5, 8, 0)) {
		rc = zen_fail(err, ZEN_EINVAL, "invalid address");
		goto out;
	}
	if (bytes.len != len) {
		rc = zen_fail(err, ZEN_EINVAL, "invalid address data");
		goto out;
	}
	memcpy(payload, bytes.data, len);
	rc = 0;
out:
	zen_buf_release(&data);
	zen_buf_release(&bytes);
	return rc;
}

int zen_address_decode_pk(uint8_t pk_hash[ZEN_HASH_LEN], enum zen_chain chain,
			  const char *addr, struct zen_err *err)
{
	return address_decode(pk_hash, ZEN_HASH_LEN, chain, 0, addr, err);
}

int zen_address_decode_contract(struct zen_contract_id *cid,
				enum zen_chain chain, const char *addr,
				struct zen_err *err)
{
	uint8_t raw[ZEN_CONTRACT_ID_RAW_LEN];
	int rc = address_decode(raw, sizeof(raw), chain, 1, addr, err);

	if (!rc)
		contract_id_from_raw(cid, raw);
	return rc;
}

int zen_address_decode_any(struct zen_address *out, enum zen_chain chain,
			   const char *addr, struct zen_err *err)
{
	const char *prefix = chain_prefix(chain);

	memset(out, 0, sizeof(*out));
	/* BIP-173 allows all-upper-case addresses, so compare without case
	 * (the reference compares case-sensitively and refuses them). */
	if (!strncasecmp(addr, prefix, strlen(prefix)))
		return zen_address_decode_pk(out->pk_hash, chain, addr, err);
	out->is_contract = 1;
	return zen_address_decode_contract(&out->cid, chain, addr, err);
}

void zen_contract_id_text(char out[ZEN_CONTRACT_ID_TEXT_LEN + 1],
			  const struct zen_contract_id *cid)
{
	uint8_t raw[ZEN_CONTRACT_ID_RAW_LEN];

	contract_id_raw(raw, cid);
	zen_hex_encode_to(out, raw, sizeof(raw));
}

int zen_contract_id_parse(struct zen_contract_id *cid, const char *text,
			  struct zen_err *err)
{
	uint8_t raw[ZEN_CONTRACT_ID_RAW_LEN];

	if (zen_hex_decode_fixed(raw, sizeof(raw), text, NULL))
		return zen_fail(err, ZEN_EINVAL, "invalid contract id");
	contract_id_from_raw(cid, raw);
	return 0;
}

void zen_contract_id_from_code(struct zen_contract_id *cid,
			       const char *code, size_t len)
{
	static const uint8_t version[4] = { 0, 0, 0, 0 };
	struct zen_sha3_ctx *ctx = zen_sha3_begin();
	uint8_t chunk[256];
	size_t n = 0;

	zen_sha3_update(ctx, version, sizeof(version));
	for (size_t i = 0; i < len; i++) {
		uint8_t c = (uint8_t)code[i];

		chunk[n++] = c < 0x80 ? c : '?';
		if (n == sizeof(chunk)) {
			zen_sha3_update(ctx, chunk, n);
			n = 0;
		}
	}
	zen_sha3_update(ctx, chunk, n);
	cid->version = 0;
	zen_sha3_end(ctx, cid->hash);
}
