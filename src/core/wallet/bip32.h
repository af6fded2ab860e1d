/*
 * bip32.h - BIP32 hierarchical deterministic keys on secp256k1 (wallet.md
 * 3, 4): master key from a seed ("Bitcoin seed"), private and public child
 * derivation, absolute key paths ("m/44'/258'/0'/0/0"), and the Base58Check
 * form of extended public keys (xpub on main, tpub on test and local).
 *
 * struct zen_xprv holds a secret: keep it in sodium_malloc'd memory where
 * practical and wipe it with zen_xprv_wipe().  Every function here wipes
 * its own temporaries.  Derivation of a child whose tweak is not a valid
 * key (probability about 2^-127) fails with ZEN_EINVAL "cannot derive"
 * rather than skipping to the next index.
 */
#ifndef ZEN_WALLET_BIP32_H
#define ZEN_WALLET_BIP32_H

#include "core/base/buf.h"
#include "core/base/err.h"
#include "core/consensus/params.h"
#include "core/crypto/keys.h"

#define ZEN_BIP32_HARDENED 0x80000000u
/* Deepest path zen_keypath_parse() accepts (depth is one byte). */
#define ZEN_KEYPATH_MAX 255
/* The 78-byte serialized extended key (version .. key). */
#define ZEN_XKEY_SER_LEN 78

/* The reference account node and its two used chains (wallet.md 3.2). */
#define ZEN_WALLET_ACCOUNT_PATH "m/44'/258'/0'"
#define ZEN_WALLET_EXTERNAL_PATH "m/44'/258'/0'/0/0"
#define ZEN_WALLET_CHANGE_PATH "m/44'/258'/0'/1/0"

struct zen_xprv {
	uint8_t key[ZEN_SECKEY_LEN];
	uint8_t chain_code[32];
	uint8_t depth;
	uint8_t parent_fp[4];
	uint32_t child;
};

struct zen_xpub {
	uint8_t key[ZEN_PUBKEY_LEN];
	uint8_t chain_code[32];
	uint8_t depth;
	uint8_t parent_fp[4];
	uint32_t child;
};

/* Wipe an extended private key (sodium_memzero). */
void zen_xprv_wipe(struct zen_xprv *k) ZEN_NONNULL(1);

/*
 * Master key: I = HMAC-SHA512("Bitcoin seed", seed); key = I[0..32),
 * chain code = I[32..64).
 * Returns: 0, or ZEN_EINVAL "invalid seed" (out is wiped).
 */
int zen_bip32_master(struct zen_xprv *out, const uint8_t *seed, size_t len,
		     struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * Child index of parent (hardened when index >= ZEN_BIP32_HARDENED).
 * out may be parent.  Returns: 0, or ZEN_EINVAL "cannot derive" (out wiped).
 */
int zen_bip32_derive(struct zen_xprv *out, const struct zen_xprv *parent,
		     uint32_t index, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * Derive along path[0..n) from k (n may be 0: a copy).  out may be k.
 * Returns: 0, or the zen_bip32_derive() error (out wiped).
 */
int zen_bip32_derive_path(struct zen_xprv *out, const struct zen_xprv *k,
			  const uint32_t *path, size_t n, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * Parse an absolute path and derive it from the master key: the common
 * "key at this path" helper.  Returns: 0 or the parse/derive error.
 */
int zen_bip32_derive_text(struct zen_xprv *out, const struct zen_xprv *master,
			  const char *path, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2, 3);

/*
 * The public node of k.  Returns: 0, or ZEN_EINVAL "invalid secret key".
 */
int zen_bip32_neuter(struct zen_xpub *out, const struct zen_xprv *k,
		     struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * Non-hardened child of a public node.  out may be parent.
 * Returns: 0, or ZEN_EINVAL "cannot derive" (hardened index, or an invalid
 * tweak).
 */
int zen_bip32_pub_derive(struct zen_xpub *out, const struct zen_xpub *parent,
			 uint32_t index, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * Parse a key path: "m/" then zero or more components of decimal digits
 * (value <= 2^31-1) each optionally followed by "'" (hardened), separated
 * by "/"; one trailing "/" is allowed ("m/" is the master itself).
 * Returns: 0, or ZEN_EINVAL "invalid key path" (*n = 0).
 * Out: path (max slots), n: the number of components.
 */
int zen_keypath_parse(uint32_t *path, size_t max, size_t *n,
		      const char *text, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 3, 4);

/*
 * Base58Check extended public key: version 0x0488B21E ("xpub") on main,
 * 0x043587CF ("tpub") on test and local.  Appends to out.
 */
void zen_xpub_encode(struct zen_buf *out, enum zen_chain chain,
		     const struct zen_xpub *k) ZEN_NONNULL(1, 3);

/*
 * Parse an extended public key of chain (the version must be the chain's).
 * Returns: 0, or ZEN_EINVAL: the base58 errors, "invalid extended public
 * key" (length, version, or key not a valid point).
 */
int zen_xpub_decode(struct zen_xpub *out, enum zen_chain chain,
		    const char *text, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 3);

/*
 * The 78-byte BIP32 serialization of a public node with a given version.
 */
void zen_xpub_serialize(uint8_t out[ZEN_XKEY_SER_LEN], uint32_t version,
			const struct zen_xpub *k) ZEN_NONNULL(1, 3);

/*
 * Key fingerprint: first 4 bytes of RIPEMD160(SHA-256(pub)).
 */
void zen_key_fingerprint(uint8_t out[4], const uint8_t pub[ZEN_PUBKEY_LEN])
	ZEN_NONNULL(1, 2);

#endif
