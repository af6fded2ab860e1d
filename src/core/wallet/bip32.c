/*
 * bip32.c - BIP32 master key, child derivation, key paths and xpub text.
 */
#include <string.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <secp256k1.h>
#include <sodium.h>

#include "core/wallet/base58.h"
#include "core/wallet/bip32.h"

#define XPUB_VERSION_MAIN 0x0488B21Eu
#define XPUB_VERSION_TEST 0x043587CFu

void zen_xprv_wipe(struct zen_xprv *k)
{
	sodium_memzero(k, sizeof(*k));
}

static void hmac_sha512(uint8_t out[64], const void *key, size_t key_len,
			const uint8_t *data, size_t len)
{
	unsigned int out_len = 0;

	if (!HMAC(EVP_sha512(), key, (int)key_len, data, len, out, &out_len) ||
	    out_len != 64)
		ZEN_BUG("hmac-sha512 failed");
}

static void put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static uint32_t get_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

void zen_key_fingerprint(uint8_t out[4], const uint8_t pub[ZEN_PUBKEY_LEN])
{
	uint8_t sha[32], rmd[EVP_MAX_MD_SIZE];
	unsigned int len = 0;

	if (EVP_Digest(pub, ZEN_PUBKEY_LEN, sha, NULL, EVP_sha256(), NULL) != 1 ||
	    EVP_Digest(sha, 32, rmd, &len, EVP_ripemd160(), NULL) != 1 ||
	    len != 20)
		ZEN_BUG("hash160 failed (is ripemd160 available in libcrypto?)");
	memcpy(out, rmd, 4);
}

int zen_bip32_master(struct zen_xprv *out, const uint8_t *seed, size_t len,
		     struct zen_err *err)
{
	static const char key[] = "Bitcoin seed";
	uint8_t I[64];

	hmac_sha512(I, key, sizeof(key) - 1, seed, len);
	memset(out, 0, sizeof(*out));
	memcpy(out->key, I, 32);
	memcpy(out->chain_code, I + 32, 32);
	sodium_memzero(I, sizeof(I));
	if (!zen_seckey_valid(out->key)) {
		zen_xprv_wipe(out);
		return zen_fail(err, ZEN_EINVAL, "invalid seed");
	}
	return 0;
}

int zen_bip32_derive(struct zen_xprv *out, const struct zen_xprv *parent,
		     uint32_t index, struct zen_err *err)
{
	uint8_t data[1 + 32 + 4], pub[ZEN_PUBKEY_LEN], I[64];
	struct zen_xprv child;
	int rc = 0;

	if (parent->depth == 255 ||
	    zen_pubkey_from_seckey(pub, parent->key, NULL)) {
		rc = zen_fail(err, ZEN_EINVAL, "cannot derive");
		goto out;
	}
	if (index & ZEN_BIP32_HARDENED) {
		data[0] = 0;
		memcpy(data + 1, parent->key, 32);
	} else {
		memcpy(data, pub, ZEN_PUBKEY_LEN);
	}
	put_be32(data + 33, index);
	hmac_sha512(I, parent->chain_code, 32, data, sizeof(data));

	memcpy(child.key, parent->key, 32);
	/* Fails when IL >= n or the sum is zero. */
	if (!secp256k1_ec_seckey_tweak_add(zen_secp_ctx(), child.key, I)) {
		rc = zen_fail(err, ZEN_EINVAL, "cannot derive");
		goto out;
	}
	memcpy(child.chain_code, I + 32, 32);
	child.depth = parent->depth + 1;
	zen_key_fingerprint(child.parent_fp, pub);
	child.child = index;
	*out = child;
out:
	if (rc)
		zen_xprv_wipe(out);
	sodium_memzero(&child, sizeof(child));
	sodium_memzero(data, sizeof(data));
	sodium_memzero(I, sizeof(I));
	return rc;
}

int zen_bip32_derive_path(struct zen_xprv *out, const struct zen_xprv *k,
			  const uint32_t *path, size_t n, struct zen_err *err)
{
	if (out != k)
		*out = *k;
	for (size_t i = 0; i < n; i++) {
		int rc = zen_bip32_derive(out, out, path[i], err);

		if (rc)
			return rc;
	}
	return 0;
}

int zen_bip32_derive_text(struct zen_xprv *out, const struct zen_xprv *master,
			  const char *path, struct zen_err *err)
{
	uint32_t idx[ZEN_KEYPATH_MAX];
	size_t n;
	int rc;

	rc = zen_keypath_parse(idx, ZEN_KEYPATH_MAX, &n, path, err);
	if (rc)
		return rc;
	return zen_bip32_derive_path(out, master, idx, n, err);
}

int zen_bip32_neuter(struct zen_xpub *out, const struct zen_xprv *k,
		     struct zen_err *err)
{
	int rc = zen_pubkey_from_seckey(out->key, k->key, err);

	if (rc)
		return rc;
	memcpy(out->chain_code, k->chain_code, 32);
	out->depth = k->depth;
	memcpy(out->parent_fp, k->parent_fp, 4);
	out->child = k->child;
	return 0;
}

static int pub_tweak(uint8_t pub[ZEN_PUBKEY_LEN], const uint8_t tweak[32])
{
	const secp256k1_context *ctx = zen_secp_ctx();
	secp256k1_pubkey pk;
	size_t len = ZEN_PUBKEY_LEN;

	if (!secp256k1_ec_pubkey_parse(ctx, &pk, pub, ZEN_PUBKEY_LEN) ||
	    !secp256k1_ec_pubkey_tweak_add(ctx, &pk, tweak))
		return 0;
	return secp256k1_ec_pubkey_serialize(ctx, pub, &len, &pk,
					     SECP256K1_EC_COMPRESSED) == 1;
}

static int pub_valid(const uint8_t pub[ZEN_PUBKEY_LEN])
{
	secp256k1_pubkey pk;

	return secp256k1_ec_pubkey_parse(zen_secp_ctx(), &pk, pub,
					 ZEN_PUBKEY_LEN) == 1;
}

int zen_bip32_pub_derive(struct zen_xpub *out, const struct zen_xpub *parent,
			 uint32_t index, struct zen_err *err)
{
	uint8_t data[ZEN_PUBKEY_LEN + 4], I[64];
	struct zen_xpub child;

	if ((index & ZEN_BIP32_HARDENED) || parent->depth == 255)
		return zen_fail(err, ZEN_EINVAL, "cannot derive");
	memcpy(data, parent->key, ZEN_PUBKEY_LEN);
	put_be32(data + ZEN_PUBKEY_LEN, index);
	hmac_sha512(I, parent->chain_code, 32, data, sizeof(data));
	memcpy(child.key, parent->key, ZEN_PUBKEY_LEN);
	if (!pub_tweak(child.key, I))
		return zen_fail(err, ZEN_EINVAL, "cannot derive");
	memcpy(child.chain_code, I + 32, 32);
	child.depth = parent->depth + 1;
	zen_key_fingerprint(child.parent_fp, parent->key);
	child.child = index;
	*out = child;
	return 0;
}

/* One path component at *p: digits then an optional "'".  Advances *p. */
static int keypath_component(uint32_t *out, const char **p)
{
	const char *s = *p;
	uint64_t v = 0;

	if (*s < '0' || *s > '9')
		return -1;
	while (*s >= '0' && *s <= '9') {
		v = v * 10 + (uint64_t)(*s++ - '0');
		if (v >= ZEN_BIP32_HARDENED)
			return -1;
	}
	if (*s == '\'') {
		v |= ZEN_BIP32_HARDENED;
		s++;
	}
	*out = (uint32_t)v;
	*p = s;
	return 0;
}

int zen_keypath_parse(uint32_t *path, size_t max, size_t *n,
		      const char *text, struct zen_err *err)
{
	const char *p = text;
	size_t count = 0;

	*n = 0;
	if (strncmp(p, "m/", 2))
		return zen_fail(err, ZEN_EINVAL, "invalid key path");
	p += 2;
	while (*p) {
		uint32_t v;

		if (count == max || keypath_component(&v, &p))
			return zen_fail(err, ZEN_EINVAL, "invalid key path");
		path[count++] = v;
		if (*p == '/')
			p++;
		else if (*p)
			return zen_fail(err, ZEN_EINVAL, "invalid key path");
	}
	*n = count;
	return 0;
}

void zen_xpub_serialize(uint8_t out[ZEN_XKEY_SER_LEN], uint32_t version,
			const struct zen_xpub *k)
{
	put_be32(out, version);
	out[4] = k->depth;
	memcpy(out + 5, k->parent_fp, 4);
	put_be32(out + 9, k->child);
	memcpy(out + 13, k->chain_code, 32);
	memcpy(out + 45, k->key, ZEN_PUBKEY_LEN);
}

static uint32_t xpub_version(enum zen_chain chain)
{
	return chain == ZEN_CHAIN_MAIN ? XPUB_VERSION_MAIN : XPUB_VERSION_TEST;
}

void zen_xpub_encode(struct zen_buf *out, enum zen_chain chain,
		     const struct zen_xpub *k)
{
	uint8_t ser[ZEN_XKEY_SER_LEN];

	zen_xpub_serialize(ser, xpub_version(chain), k);
	zen_base58check_encode(out, ser, sizeof(ser));
}

int zen_xpub_decode(struct zen_xpub *out, enum zen_chain chain,
		    const char *text, struct zen_err *err)
{
	struct zen_buf raw = ZEN_BUF_INIT;
	const uint8_t *p;
	int rc;

	rc = zen_base58check_decode(&raw, text, err);
	if (rc)
		return rc;
	p = raw.data;
	if (raw.len != ZEN_XKEY_SER_LEN || get_be32(p) != xpub_version(chain) ||
	    !pub_valid(p + 45)) {
		rc = zen_fail(err, ZEN_EINVAL, "invalid extended public key");
		goto out;
	}
	out->depth = p[4];
	memcpy(out->parent_fp, p + 5, 4);
	out->child = get_be32(p + 9);
	memcpy(out->chain_code, p + 13, 32);
	memcpy(out->key, p + 45, ZEN_PUBKEY_LEN);
out:
	zen_buf_release(&raw);
	return rc;
}
