/*
 * keys.c - secp256k1 keys, pk hashes, signing and verification.
 */
#include <string.h>

#include <secp256k1.h>
#include <sodium.h>

#include "core/crypto/hash.h"
#include "core/crypto/keycache.h"
#include "core/crypto/keys.h"

int zen_seckey_valid(const uint8_t sec[ZEN_SECKEY_LEN])
{
	return secp256k1_ec_seckey_verify(zen_secp_ctx(), sec) == 1;
}

int zen_pubkey_from_seckey(uint8_t pub[ZEN_PUBKEY_LEN],
			   const uint8_t sec[ZEN_SECKEY_LEN],
			   struct zen_err *err)
{
	const secp256k1_context *ctx = zen_secp_ctx();
	secp256k1_pubkey pk;
	size_t len = ZEN_PUBKEY_LEN;

	if (!secp256k1_ec_pubkey_create(ctx, &pk, sec)) {
		memset(pub, 0, ZEN_PUBKEY_LEN);
		return zen_fail(err, ZEN_EINVAL, "invalid secret key");
	}
	if (!secp256k1_ec_pubkey_serialize(ctx, pub, &len, &pk,
					   SECP256K1_EC_COMPRESSED) ||
	    len != ZEN_PUBKEY_LEN)
		ZEN_BUG("cannot serialize a public key");
	return 0;
}

/* Through the process-wide cache of decompressed keys (keycache.h): the
 * compressed form's parse takes a square root, which the decoder of the
 * key's transaction has usually paid already; the uncompressed form's
 * parse only checks that the point is on the curve. */
static int parse_pubkey(secp256k1_pubkey *pk, const uint8_t pub[ZEN_PUBKEY_LEN])
{
	uint8_t u[65];

	u[0] = 0x04;
	if (!zen_pubkey_decompress(u + 1, pub))
		return 0;
	return secp256k1_ec_pubkey_parse(zen_secp_ctx(), pk, u,
					 sizeof(u)) == 1;
}

void zen_pubkey_hash(uint8_t out[ZEN_HASH_LEN],
		     const uint8_t pub[ZEN_PUBKEY_LEN])
{
	zen_sha3(out, pub, ZEN_PUBKEY_LEN);
}

int zen_ecdsa_sign(uint8_t sig[ZEN_SIGNATURE_LEN],
		   const uint8_t msg[ZEN_HASH_LEN],
		   const uint8_t sec[ZEN_SECKEY_LEN], struct zen_err *err)
{
	const secp256k1_context *ctx = zen_secp_ctx();
	secp256k1_ecdsa_signature s;
	int ok;

	/* NULL nonce function = RFC 6979; the output is already low-S. */
	ok = secp256k1_ecdsa_sign(ctx, &s, msg, sec, NULL, NULL);
	if (ok)
		ok = secp256k1_ecdsa_signature_serialize_compact(ctx, sig, &s);
	sodium_memzero(&s, sizeof(s));
	if (!ok) {
		memset(sig, 0, ZEN_SIGNATURE_LEN);
		return zen_fail(err, ZEN_EINVAL, "invalid secret key");
	}
	return 0;
}

int zen_ecdsa_verify(const uint8_t sig[ZEN_SIGNATURE_LEN],
		     const uint8_t msg[ZEN_HASH_LEN],
		     const uint8_t pub[ZEN_PUBKEY_LEN])
{
	const secp256k1_context *ctx = zen_secp_ctx();
	secp256k1_ecdsa_signature s;
	secp256k1_pubkey pk;

	if (!parse_pubkey(&pk, pub))
		return 0;
	if (!secp256k1_ecdsa_signature_parse_compact(ctx, &s, sig))
		return 0;
	/* secp256k1_ecdsa_verify refuses high-S signatures by itself. */
	return secp256k1_ecdsa_verify(ctx, &s, msg, &pk) == 1;
}

/* Through the process-wide cache of keycache.c: a block or a contract
 * state often carries one key many times, and the parse takes a square
 * root (microseconds). */
int zen_pubkey_valid(const uint8_t pk[ZEN_PUBKEY_LEN])
{
	uint8_t xy[64];

	return zen_pubkey_decompress(xy, pk);
}

int zen_signature_valid(const uint8_t sig[ZEN_SIGNATURE_LEN])
{
	secp256k1_ecdsa_signature parsed;

	return secp256k1_ecdsa_signature_parse_compact(zen_secp_ctx(), &parsed, sig);
}
