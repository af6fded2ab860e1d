/*
 * Unit tests of the wallet core: BIP39, BIP32, keys and signatures, the
 * reference Secured blob, addresses of wallet keys and contract ids.
 * Every vector of wallet.json and signatures.json, and addresses.json's
 * wallet-mnemonic-keys, must be exercised (tap_vectors_all + tap_mark);
 * the transaction and coin vectors are in test-wallet-tx.c and
 * test-wallet-logic.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "core/consensus/address.h"
#include "core/encoding/hex.h"
#include "core/consensus/params.h"
#include "core/wallet/base58.h"
#include "core/wallet/bip39.h"
#include "core/crypto/keys.h"
#include "core/wallet/secured.h"
#include "wallet-helpers.h"

#define ROOT_MNEMONIC "feel muffin volcano click mercy abuse bachelor " \
	"ginger limb tomorrow okay input spend athlete boring security " \
	"document exclude liar dune usage camera ranch thought"

void tw_unhex(uint8_t *out, size_t n, const char *hex)
{
	struct zen_err err = ZEN_ERR_INIT;

	if (zen_hex_decode_fixed(out, n, hex, &err)) {
		fprintf(stderr, "bad hex in vector: %s\n", err.msg);
		exit(99);
	}
}

void tw_key(struct zen_xprv *out, const char *mnemonic, const char *path)
{
	struct zen_err err = ZEN_ERR_INIT;
	uint8_t seed[ZEN_BIP39_SEED_LEN];
	struct zen_xprv master;

	if (zen_bip39_seed(seed, mnemonic, "", &err) ||
	    zen_bip32_master(&master, seed, sizeof(seed), &err) ||
	    zen_bip32_derive_text(out, &master, path, &err)) {
		fprintf(stderr, "cannot derive %s: %s\n", path, err.msg);
		exit(99);
	}
	zen_xprv_wipe(&master);
}

static enum zen_chain chain_of(const char *name)
{
	enum zen_chain c;

	if (zen_chain_from_name(&c, name, NULL)) {
		fprintf(stderr, "bad chain %s\n", name);
		exit(99);
	}
	return c;
}

static void check_address(const uint8_t pk_hash[ZEN_HASH_LEN],
			  enum zen_chain chain, const char *want,
			  const char *id)
{
	struct zen_buf b = ZEN_BUF_INIT;
	uint8_t back[ZEN_HASH_LEN];

	zen_address_pk(&b, chain, pk_hash);
	tap_str(zen_buf_str(&b), want, "%s address (chain %d)", id, chain);
	tap_ok(!zen_address_decode_pk(back, chain, want, NULL) &&
	       !memcmp(back, pk_hash, ZEN_HASH_LEN),
	       "%s address decodes back", id);
	zen_buf_release(&b);
}

/* ---- BIP39 ---- */

static void test_bip39_seeds(void)
{
	static const char *const ids[] = {
		"bip39-seed-root", "bip39-seed-one12", "bip39-seed-one24",
	};
	uint8_t seed[ZEN_BIP39_SEED_LEN];

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(ids); i++) {
		json_t *v = tap_vector("wallet.json", ids[i]);
		json_t *in = tap_jget(v, "input");

		tap_ok(!zen_bip39_seed(seed, tap_jstr(in, "mnemonic"),
				       tap_jstr(in, "passphrase"), NULL),
		       "%s derives", ids[i]);
		tap_hex(seed, sizeof(seed),
			tap_jstr(tap_jget(v, "expected"), "seed_hex"), "%s",
			ids[i]);
	}
	/* Trezor's BIP39 vector with a passphrase. */
	tap_ok(!zen_bip39_seed(seed, "abandon abandon abandon abandon abandon "
			       "abandon abandon abandon abandon abandon "
			       "abandon about", "TREZOR", NULL),
	       "seed with passphrase derives");
	tap_hex(seed, sizeof(seed),
		"c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e534"
		"95531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698"
		"e7463b04", "seed with passphrase TREZOR (BIP39 vector)");
}

static void test_bip39_checksum_vector(void)
{
	const char *id = "bip39-checksum-not-enforced";
	json_t *v = tap_vector("wallet.json", id), *m;
	json_t *valid = tap_jget(tap_jget(v, "expected"), "bip39_checksum_valid");
	json_t *acc = tap_jget(tap_jget(v, "expected"), "accepted_by_reference");
	size_t i;

	json_array_foreach(tap_jget(tap_jget(v, "input"), "mnemonics"), i, m) {
		const char *s = json_string_value(m);
		size_t n = 0;

		tap_ok((zen_bip39_check(NULL, &n, s, NULL) == 0) ==
		       json_is_true(json_array_get(acc, i)) && n >= 12,
		       "%s[%zu] passes the reference's checks", id, i);
		tap_ok((zen_bip39_checksum(s, NULL) == 0) ==
		       json_is_true(json_array_get(valid, i)),
		       "%s[%zu] checksum validity", id, i);
	}
	tap_ok(zen_bip39_checksum(ROOT_MNEMONIC, NULL) == 0,
	       "the root mnemonic has a valid checksum");
}

static void test_bip39_checks(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	uint16_t idx[ZEN_BIP39_WORDS_MAX];
	size_t n;

	tap_ok(zen_bip39_check(idx, &n, "  " ROOT_MNEMONIC "  ", &err) == 0 &&
	       n == 24 && idx[0] == 678 && idx[23] == 1799,
	       "check returns word indexes (feel = 678, thought = 1799)");
	tap_ok(zen_bip39_check(NULL, &n, "one one one one one one one one one "
			       "one one", &err) == ZEN_EINVAL && n == 0 &&
	       !strcmp(err.msg, "word count should be 12, 15, 18, 21 or 24"),
	       "11 words are refused");
	tap_ok(zen_bip39_check(NULL, NULL, "one one one one one one one one "
			       "one one one one one", &err) == ZEN_EINVAL,
	       "13 words are refused");
	tap_ok(zen_bip39_check(NULL, NULL, "", &err) == ZEN_EINVAL,
	       "an empty sentence is refused");
	tap_ok(zen_bip39_check(NULL, NULL, ROOT_MNEMONIC " feel", &err) ==
	       ZEN_EINVAL, "25 words are refused");
	tap_ok(zen_bip39_check(NULL, NULL, "one one onee one one one one one "
			       "one one one one", &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "word 3 is not in the BIP39 English word list"),
	       "an unknown word is refused by position: %s", err.msg);
	tap_ok(zen_bip39_check(NULL, NULL, "one one One one one one one one "
			       "one one one one", &err) == ZEN_EINVAL,
	       "words are case-sensitive like the reference");
	tap_ok(zen_bip39_check(NULL, NULL, "one one abandonment one one one "
			       "one one one one one one", &err) == ZEN_EINVAL,
	       "a word longer than any in the list is refused");
	tap_ok(zen_bip39_checksum("one one one one one one one one one one "
				  "one one", &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "invalid mnemonic checksum"),
	       "checksum error text");
	tap_str(zen_bip39_word(0), "abandon", "word 0");
	tap_str(zen_bip39_word(2047), "zoo", "word 2047");
	tap_ok(zen_bip39_word(2048) == NULL, "word 2048 does not exist");
}

static void test_bip39_generate(void)
{
	char s[ZEN_BIP39_SENTENCE_MAX], t[ZEN_BIP39_SENTENCE_MAX];
	uint8_t ent[32] = { 0 };
	struct zen_err err = ZEN_ERR_INIT;
	size_t n;

	tap_ok(!zen_bip39_from_entropy(s, ent, 32, NULL), "entropy 0^32");
	tap_str(s, "abandon abandon abandon abandon abandon abandon abandon "
		"abandon abandon abandon abandon abandon abandon abandon "
		"abandon abandon abandon abandon abandon abandon abandon "
		"abandon abandon art", "24 words of zero entropy (BIP39 vector)");
	tap_ok(!zen_bip39_from_entropy(s, ent, 16, NULL), "entropy 0^16");
	tap_str(s, "abandon abandon abandon abandon abandon abandon abandon "
		"abandon abandon abandon abandon about",
		"12 words of zero entropy (BIP39 vector)");
	memset(ent, 0xff, sizeof(ent));
	tap_ok(!zen_bip39_from_entropy(s, ent, 32, NULL), "entropy ff^32");
	tap_str(s, "zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo "
		"zoo zoo zoo zoo zoo zoo zoo zoo zoo vote",
		"24 words of all-ones entropy (BIP39 vector)");
	memset(ent, 0x7f, sizeof(ent));
	tap_ok(!zen_bip39_from_entropy(s, ent, 32, NULL) &&
	       !strncmp(s, "legal winner thank year wave sausage worth useful "
			"legal winner thank year wave sausage worth useful "
			"legal winner thank year wave sausage worth title",
			sizeof(s)),
	       "24 words of 7f entropy (BIP39 vector): %s", s);
	tap_ok(zen_bip39_from_entropy(s, ent, 15, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "invalid entropy length"),
	       "entropy of 15 bytes is refused");
	tap_ok(!zen_bip39_generate(s, NULL) && !zen_bip39_generate(t, NULL) &&
	       strcmp(s, t), "two generated mnemonics differ");
	tap_ok(!zen_bip39_check(NULL, &n, s, NULL) && n == 24 &&
	       !zen_bip39_checksum(s, NULL),
	       "a generated mnemonic has 24 words and a valid checksum");
}

/* ---- key paths and BIP32 ---- */

static void test_keypath(void)
{
	static const char *const bad[] = {
		"", "m", "M/1", "m//1", "m/1//", "m/1h", "m/1H", "m/ 1",
		"m/1 ", "m/-1", "m/1''", "m/'", "m/2147483648",
		"m/4294967300", "m/99999999999999999999", "/1", "m/1/a",
	};
	json_t *v = tap_vector("wallet.json", "keypath-parse-1"), *e;
	struct zen_err err = ZEN_ERR_INIT;
	uint32_t p[ZEN_KEYPATH_MAX];
	size_t n, i;
	int ok;

	ok = !zen_keypath_parse(p, ZEN_KEYPATH_MAX, &n,
				tap_jstr(tap_jget(v, "input"), "path"), NULL);
	e = tap_jget(tap_jget(v, "expected"), "indexes");
	ok = ok && n == json_array_size(e);
	for (i = 0; ok && i < n; i++)
		ok = p[i] == (uint32_t)json_integer_value(json_array_get(e, i));
	tap_ok(ok, "keypath-parse-1");
	/* the same indexes in hex (BE32 text), hardened bit included */
	e = tap_jget(tap_jget(v, "expected"), "indexes_hex");
	ok = n == json_array_size(e);
	for (i = 0; ok && i < n; i++)
		ok = p[i] == strtoul(json_string_value(json_array_get(e, i)),
				     NULL, 16);
	tap_ok(ok, "keypath-parse-1 indexes_hex");

	for (i = 0; i < ZEN_ARRAY_SIZE(bad); i++)
		tap_ok(zen_keypath_parse(p, ZEN_KEYPATH_MAX, &n, bad[i], &err) ==
		       ZEN_EINVAL && n == 0 &&
		       !strcmp(err.msg, "invalid key path"),
		       "key path \"%s\" is refused", bad[i]);
	tap_ok(!zen_keypath_parse(p, ZEN_KEYPATH_MAX, &n, "m/", NULL) && n == 0,
	       "\"m/\" is the master key");
	tap_ok(!zen_keypath_parse(p, ZEN_KEYPATH_MAX, &n, "m/44'/258'/0'/",
				  NULL) && n == 3 && p[2] == 0x80000000u,
	       "a trailing slash is accepted");
	tap_ok(!zen_keypath_parse(p, ZEN_KEYPATH_MAX, &n, "m/2147483647'",
				  NULL) && n == 1 && p[0] == 0xffffffffu,
	       "the largest hardened index");
	tap_ok(zen_keypath_parse(p, 2, &n, "m/1/2/3", NULL) == ZEN_EINVAL,
	       "a path deeper than the output array is refused");
}

/* Vectors with a mnemonic, a path and any of public_key, secret_key,
 * pk_hash, address_test, address_main. */
static void check_key_vector(json_t *v)
{
	const char *id = tap_jstr(v, "id");
	json_t *in = tap_jget(v, "input"), *ex = tap_jget(v, "expected");
	uint8_t pub[ZEN_PUBKEY_LEN], h[ZEN_HASH_LEN];
	struct zen_xprv k;
	json_t *f;

	tap_mark(id);
	tw_key(&k, tap_jstr(in, "mnemonic"), tap_jstr(in, "path"));
	tap_ok(!zen_pubkey_from_seckey(pub, k.key, NULL), "%s pubkey", id);
	zen_pubkey_hash(h, pub);
	if ((f = json_object_get(ex, "public_key")))
		tap_hex(pub, sizeof(pub), json_string_value(f),
			"%s public key", id);
	if ((f = json_object_get(ex, "secret_key")))
		tap_hex(k.key, 32, json_string_value(f), "%s secret key", id);
	if ((f = json_object_get(ex, "pk_hash")))
		tap_hex(h, sizeof(h), json_string_value(f), "%s pk hash", id);
	if ((f = json_object_get(ex, "address_test")))
		check_address(h, ZEN_CHAIN_TEST, json_string_value(f), id);
	if ((f = json_object_get(ex, "address_main")))
		check_address(h, ZEN_CHAIN_MAIN, json_string_value(f), id);
	zen_xprv_wipe(&k);
}

static void test_key_vectors(void)
{
	json_t *vectors = tap_vectors("wallet.json"), *v;
	size_t i;

	json_array_foreach(vectors, i, v) {
		json_t *in = tap_jget(v, "input");

		if (!strncmp(tap_jstr(v, "id"), "bip32-", 6) &&
		    json_object_get(in, "mnemonic") &&
		    json_object_get(in, "path"))
			check_key_vector(v);
	}
}

static void test_pkhash_address_vectors(void)
{
	static const char *const pk[] = {
		"pkhash-root-external-0", "pkhash-root-change-0",
	};
	static const char *const addr[] = {
		"address-root-external-0-testnet",
		"address-root-change-0-testnet",
		"address-root-external-0-mainnet",
	};
	uint8_t pub[ZEN_PUBKEY_LEN], h[ZEN_HASH_LEN];
	json_t *v;

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(pk); i++) {
		v = tap_vector("wallet.json", pk[i]);
		tw_unhex(pub, sizeof(pub),
			 tap_jstr(tap_jget(v, "input"), "public_key"));
		zen_pubkey_hash(h, pub);
		tap_hex(h, sizeof(h),
			tap_jstr(tap_jget(v, "expected"), "pk_hash"), "%s", pk[i]);
	}
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(addr); i++) {
		json_t *in;

		v = tap_vector("wallet.json", addr[i]);
		in = tap_jget(v, "input");
		tw_unhex(h, sizeof(h), tap_jstr(in, "pk_hash"));
		check_address(h, chain_of(tap_jstr(in, "chain")),
			      tap_jstr(tap_jget(v, "expected"), "address"),
			      addr[i]);
	}
	v = tap_vector("wallet.json", "address-zero-hash");
	tw_unhex(h, sizeof(h), tap_jstr(tap_jget(v, "input"), "pk_hash"));
	check_address(h, ZEN_CHAIN_MAIN,
		      tap_jstr(tap_jget(v, "expected"), "main"),
		      "address-zero-hash main");
	check_address(h, ZEN_CHAIN_TEST,
		      tap_jstr(tap_jget(v, "expected"), "test"),
		      "address-zero-hash test");
}

static void account_xpub(struct zen_buf *out, const char *mnemonic,
			 const char *path, enum zen_chain chain)
{
	struct zen_xprv k;
	struct zen_xpub p;

	tw_key(&k, mnemonic, path);
	if (zen_bip32_neuter(&p, &k, NULL))
		tap_ok(0, "neuter %s", path);
	zen_xpub_encode(out, chain, &p);
	zen_xprv_wipe(&k);
}

static void test_xpub_vectors(void)
{
	static const char *const ids[] = {
		"xpub-root-account-testnet", "xpub-root-account-mainnet",
	};
	static const char *const both[] = {
		"xpub-one12-account", "xpub-one24-account",
	};
	struct zen_buf b = ZEN_BUF_INIT;
	json_t *v, *in;

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(ids); i++) {
		v = tap_vector("wallet.json", ids[i]);
		in = tap_jget(v, "input");
		zen_buf_reset(&b);
		account_xpub(&b, tap_jstr(in, "mnemonic"), tap_jstr(in, "path"),
			     chain_of(tap_jstr(in, "chain")));
		tap_str(zen_buf_str(&b), tap_jstr(tap_jget(v, "expected"),
				"extended_public_key"), "%s", ids[i]);
	}
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(both); i++) {
		v = tap_vector("wallet.json", both[i]);
		in = tap_jget(v, "input");
		zen_buf_reset(&b);
		account_xpub(&b, tap_jstr(in, "mnemonic"), tap_jstr(in, "path"),
			     ZEN_CHAIN_TEST);
		tap_str(zen_buf_str(&b), tap_jstr(tap_jget(v, "expected"),
				"tpub"), "%s tpub", both[i]);
		zen_buf_reset(&b);
		account_xpub(&b, tap_jstr(in, "mnemonic"), tap_jstr(in, "path"),
			     ZEN_CHAIN_MAIN);
		tap_str(zen_buf_str(&b), tap_jstr(tap_jget(v, "expected"),
				"xpub"), "%s xpub", both[i]);
	}
	zen_buf_release(&b);
}

static void test_xpub_payload_and_public_derivation(void)
{
	const char *id = "xpub-root-account-testnet-payload";
	json_t *v = tap_vector("wallet.json", id), *ex = tap_jget(v, "expected");
	const char *text = tap_jstr(tap_jget(v, "input"), "extended_public_key");
	struct zen_buf raw = ZEN_BUF_INIT, again = ZEN_BUF_INIT;
	uint8_t child[4], ser[ZEN_XKEY_SER_LEN];
	struct zen_xpub p, c;
	char path[64];
	uint32_t idx[4];
	size_t n;

	tap_ok(!zen_base58check_decode(&raw, text, NULL), "%s decodes", id);
	tap_hex(raw.data, raw.len, tap_jstr(ex, "payload_hex"), "%s payload", id);
	tap_ok(!zen_xpub_decode(&p, ZEN_CHAIN_TEST, text, NULL) &&
	       p.depth == tap_ju64(ex, "depth"), "%s depth", id);
	child[0] = (uint8_t)(p.child >> 24);
	child[1] = (uint8_t)(p.child >> 16);
	child[2] = (uint8_t)(p.child >> 8);
	child[3] = (uint8_t)p.child;
	tap_hex(child, 4, tap_jstr(ex, "child_number_hex"), "%s child", id);
	zen_xpub_serialize(ser, 0x043587CFu, &p);
	tap_hex(ser, sizeof(ser), tap_jstr(ex, "payload_hex"),
		"%s serializes back", id);
	zen_xpub_encode(&again, ZEN_CHAIN_TEST, &p);
	tap_str(zen_buf_str(&again), text, "%s encodes back", id);

	id = "bip32-public-derivation-root";
	v = tap_vector("wallet.json", id);
	snprintf(path, sizeof(path), "m/%s",
		 tap_jstr(tap_jget(v, "input"), "relative_path"));
	tap_ok(!zen_xpub_decode(&p, ZEN_CHAIN_TEST, tap_jstr(tap_jget(v,
			"input"), "extended_public_key"), NULL) &&
	       !zen_keypath_parse(idx, 4, &n, path, NULL) && n == 2 &&
	       !zen_bip32_pub_derive(&c, &p, idx[0], NULL) &&
	       !zen_bip32_pub_derive(&c, &c, idx[1], NULL), "%s derives", id);
	tap_hex(c.key, sizeof(c.key),
		tap_jstr(tap_jget(v, "expected"), "public_key"), "%s", id);
	zen_buf_release(&raw);
	zen_buf_release(&again);
}

static void test_xpub_errors(void)
{
	const char *good = "tpubDCeTZv9MDcNe6Ahv8UQaoAWhK9XKmpzzJjpiVbCZ4jhsJYd"
			   "N67Qh18nDjuJFtWfGfLL2hRkGid6Ga5h2FoW9QoRjdcEUQRBW4"
			   "tkpkCbMtKb";
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_xpub p, c;
	char bad[128];

	snprintf(bad, sizeof(bad), "%s", good);
	bad[strlen(bad) - 1] = bad[strlen(bad) - 1] == 'b' ? 'c' : 'b';
	tap_ok(zen_xpub_decode(&p, ZEN_CHAIN_TEST, bad, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "invalid base58 checksum"),
	       "an xpub with a bad checksum is refused");
	tap_ok(zen_xpub_decode(&p, ZEN_CHAIN_MAIN, good, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "invalid extended public key"),
	       "a tpub is refused on main");
	tap_ok(zen_xpub_decode(&p, ZEN_CHAIN_LOCAL, good, NULL) == 0,
	       "a tpub is accepted on local");
	snprintf(bad, sizeof(bad), "%s", good);
	bad[10] = '0';
	tap_ok(zen_xpub_decode(&p, ZEN_CHAIN_TEST, bad, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "invalid base58 character"),
	       "a non-base58 character is refused");
	tap_ok(zen_xpub_decode(&p, ZEN_CHAIN_TEST, "", &err) == ZEN_EINVAL,
	       "an empty xpub is refused");
	tap_ok(zen_xpub_decode(&p, ZEN_CHAIN_TEST, good, NULL) == 0 &&
	       zen_bip32_pub_derive(&c, &p, ZEN_BIP32_HARDENED, &err) ==
	       ZEN_EINVAL && !strcmp(err.msg, "cannot derive"),
	       "public derivation of a hardened index is refused");
}

static void test_bip32_standard(void)
{
	/* BIP32 test vector 1 (seed 000102..0f). */
	struct zen_buf b = ZEN_BUF_INIT;
	struct zen_xprv m, k;
	struct zen_xpub p;
	uint8_t seed[16];

	for (int i = 0; i < 16; i++)
		seed[i] = (uint8_t)i;
	tap_ok(!zen_bip32_master(&m, seed, sizeof(seed), NULL) &&
	       !zen_bip32_neuter(&p, &m, NULL), "bip32 tv1 master");
	zen_xpub_encode(&b, ZEN_CHAIN_MAIN, &p);
	tap_str(zen_buf_str(&b), "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9g"
		"SE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1"
		"EGMcet8", "bip32 tv1 m");
	zen_buf_reset(&b);
	tap_ok(!zen_bip32_derive_text(&k, &m, "m/0'", NULL) &&
	       !zen_bip32_neuter(&p, &k, NULL), "bip32 tv1 m/0'");
	zen_xpub_encode(&b, ZEN_CHAIN_MAIN, &p);
	tap_str(zen_buf_str(&b), "xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXo"
		"QRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZ"
		"XvgGDnw", "bip32 tv1 m/0'");
	tap_ok(!zen_bip32_derive_text(&k, &m, "m/", NULL) &&
	       !memcmp(k.key, m.key, 32) && k.depth == 0,
	       "path m/ is the master key");
	zen_xprv_wipe(&m);
	zen_xprv_wipe(&k);
	zen_buf_release(&b);
}

/* ---- signatures ---- */

static void test_sign_message_root(void)
{
	const char *id = "sign-message-root";
	json_t *v = tap_vector("wallet.json", id), *in = tap_jget(v, "input");
	uint8_t msg[32], sig[ZEN_SIGNATURE_LEN], pub[ZEN_PUBKEY_LEN];
	struct zen_xprv k;

	tw_key(&k, tap_jstr(in, "mnemonic"), tap_jstr(in, "path"));
	tw_unhex(msg, 32, tap_jstr(in, "message"));
	tap_ok(!zen_ecdsa_sign(sig, msg, k.key, NULL), "%s signs", id);
	tap_hex(sig, sizeof(sig), tap_jstr(tap_jget(v, "expected"),
					   "signature"), "%s", id);
	tap_ok(!zen_pubkey_from_seckey(pub, k.key, NULL) &&
	       zen_ecdsa_verify(sig, msg, pub), "%s verifies", id);
	zen_xprv_wipe(&k);
}

static void test_signatures_json(void)
{
	json_t *v;
	uint8_t sec[32], pub[ZEN_PUBKEY_LEN], got_pub[ZEN_PUBKEY_LEN];
	uint8_t msg[32], sig[ZEN_SIGNATURE_LEN], want[ZEN_SIGNATURE_LEN];
	struct zen_err err = ZEN_ERR_INIT;
	static const char *const ids[] = {
		"sign-message-api", "sign-txhash-witness",
	};

	tap_vectors_all("signatures.json");
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(ids); i++) {
		json_t *in;

		v = tap_vector("signatures.json", ids[i]);
		in = tap_jget(v, "input");
		tw_unhex(sec, 32, tap_jstr(in, "secretKey"));
		tw_unhex(pub, sizeof(pub), tap_jstr(in, "publicKey"));
		tw_unhex(msg, 32, tap_jstr(in, "message"));
		tw_unhex(want, sizeof(want),
			 tap_jstr(tap_jget(v, "expected"), "signature"));
		tap_ok(!zen_pubkey_from_seckey(got_pub, sec, NULL) &&
		       !memcmp(got_pub, pub, sizeof(pub)),
		       "%s public key of the secret key", ids[i]);
		tap_ok(!zen_ecdsa_sign(sig, msg, sec, NULL) &&
		       !memcmp(sig, want, sizeof(sig)), "%s signature", ids[i]);
		tap_ok(zen_ecdsa_verify(want, msg, pub), "%s verifies", ids[i]);
		if (json_object_get(in, "keyPath")) {
			/* the key is the root mnemonic's at that path */
			struct zen_xprv k;

			tw_key(&k, tap_jstr(tap_jget(tap_vector("wallet.json",
				"bip39-seed-root"), "input"), "mnemonic"),
			       tap_jstr(in, "keyPath"));
			tap_ok(!memcmp(k.key, sec, 32),
			       "%s secret key is the root's at its keyPath", ids[i]);
			zen_xprv_wipe(&k);
		}
		msg[0] ^= 1;
		tap_ok(!zen_ecdsa_verify(want, msg, pub),
		       "%s fails on another message", ids[i]);
	}

	v = tap_vector("signatures.json", "verify-high-s-rejected");
	tw_unhex(pub, sizeof(pub), tap_jstr(tap_jget(v, "input"), "publicKey"));
	tw_unhex(msg, 32, tap_jstr(tap_jget(v, "input"), "message"));
	tw_unhex(sig, sizeof(sig), tap_jstr(tap_jget(v, "input"), "signature"));
	tap_ok(zen_ecdsa_verify(sig, msg, pub) ==
	       json_is_true(tap_jget(tap_jget(v, "expected"), "valid")),
	       "verify-high-s-rejected");
	/* Same r, low s: the valid signature of sign-message-api. */
	tw_unhex(want, sizeof(want), "26f56caf7ae4b4ec60660a8bede29c9df2d8fcf4"
		 "64fc7307327ad30bba8cf1e8584db6a995eff5fdcb6df3edbe64d123cd931e"
		 "0f33a91fdd2e16e0a327943022");
	tap_ok(!memcmp(want, sig, 32) && zen_ecdsa_verify(want, msg, pub),
	       "the low-S twin of the high-S signature verifies");

	pub[0] = 0x04;
	tap_ok(!zen_ecdsa_verify(want, msg, pub),
	       "a key with a bad prefix does not verify");
	memset(sig, 0xff, sizeof(sig));
	pub[0] = 0x02;
	tap_ok(!zen_ecdsa_verify(sig, msg, pub),
	       "r, s >= n does not verify");
	memset(sec, 0, sizeof(sec));
	tap_ok(zen_ecdsa_sign(sig, msg, sec, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "invalid secret key"),
	       "the zero secret key cannot sign");
	tap_ok(zen_pubkey_from_seckey(pub, sec, NULL) == ZEN_EINVAL,
	       "the zero secret key has no public key");
}

static void test_addresses_json(void)
{
	json_t *v = tap_vector("addresses.json", "wallet-mnemonic-keys");
	json_t *in = tap_jget(v, "input"), *ex = tap_jget(v, "expected"), *k;
	uint8_t seed[ZEN_BIP39_SEED_LEN], pub[ZEN_PUBKEY_LEN], h[ZEN_HASH_LEN];
	const char *m = tap_jstr(in, "mnemonic");
	size_t i;

	tap_ok(!zen_bip39_seed(seed, m, tap_jstr(in, "passphrase"), NULL),
	       "wallet-mnemonic-keys seed derives");
	tap_hex(seed, sizeof(seed), tap_jstr(ex, "seed"),
		"wallet-mnemonic-keys seed");
	json_array_foreach(tap_jget(ex, "keys"), i, k) {
		const char *path = tap_jstr(k, "path");
		struct zen_xprv x;

		tw_key(&x, m, path);
		tap_hex(x.key, 32, tap_jstr(k, "secretKey"),
			"wallet-mnemonic-keys %s secret", path);
		tap_ok(!zen_pubkey_from_seckey(pub, x.key, NULL),
		       "wallet-mnemonic-keys %s pubkey", path);
		tap_hex(pub, sizeof(pub), tap_jstr(k, "publicKey"),
			"wallet-mnemonic-keys %s public key", path);
		zen_pubkey_hash(h, pub);
		tap_hex(h, sizeof(h), tap_jstr(k, "pkHash"),
			"wallet-mnemonic-keys %s pk hash", path);
		check_address(h, ZEN_CHAIN_TEST, tap_jstr(k, "testnetAddress"),
			      "wallet-mnemonic-keys");
		zen_xprv_wipe(&x);
	}
}

/* ---- reference Secured blob ---- */

static void test_secured(void)
{
	const char *id = "secured-reference-format";
	json_t *v = tap_vector("wallet.json", id);
	json_t *in = tap_jget(v, "input"), *ex = tap_jget(v, "expected");
	const char *pw = tap_jstr(in, "password"), *pt = tap_jstr(in, "plaintext");
	struct zen_buf blob = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	uint8_t salt[16], k[64], *plain;
	size_t n;

	tw_unhex(salt, sizeof(salt), tap_jstr(in, "salt_hex"));
	tap_ok(PKCS5_PBKDF2_HMAC(pw, (int)strlen(pw), salt, 16, 1000,
				 EVP_sha1(), 64, k) == 1, "%s kdf", id);
	tap_hex(k, 64, tap_jstr(ex, "pbkdf2_64_hex"),
		"%s PBKDF2-HMAC-SHA1 stream (the format's assumption)", id);
	tap_ok(!zen_secured_encrypt(&blob, pw, salt, (const uint8_t *)pt,
				    strlen(pt), NULL), "%s encrypts", id);
	tap_u64(blob.len, tap_ju64(ex, "blob_length"), "%s blob length", id);
	tap_hex(blob.data, blob.len, tap_jstr(ex, "blob_hex"), "%s blob", id);

	plain = zen_xmalloc(blob.len);
	tap_ok(!zen_secured_decrypt(plain, &n, pw, blob.data, blob.len, NULL) &&
	       n == strlen(pt) && !memcmp(plain, pt, n), "%s decrypts", id);
	tap_ok(zen_secured_decrypt(plain, &n, "12345", blob.data, blob.len,
				   &err) == ZEN_EPASSWORD &&
	       !strcmp(err.msg, "bad password") && n == 0,
	       "a wrong password is \"bad password\"");
	blob.data[blob.len - 1] ^= 0x01;
	tap_ok(zen_secured_decrypt(plain, &n, pw, blob.data, blob.len, &err) ==
	       ZEN_EPASSWORD, "a tampered ciphertext is detected");
	blob.data[blob.len - 1] ^= 0x01;
	blob.data[20] ^= 0x80;
	tap_ok(zen_secured_decrypt(plain, &n, pw, blob.data, blob.len, &err) ==
	       ZEN_EPASSWORD, "a tampered MAC is detected");
	blob.data[20] ^= 0x80;
	tap_ok(zen_secured_decrypt(plain, &n, pw, blob.data, 60, &err) ==
	       ZEN_EINVAL && !strcmp(err.msg, "invalid secured blob"),
	       "a truncated blob is refused");
	zen_buf_reset(&blob);
	tap_ok(!zen_secured_encrypt(&blob, pw, salt, (const uint8_t *)"", 0,
				    NULL) && blob.len == 48 + 16 &&
	       !zen_secured_decrypt(plain, &n, pw, blob.data, blob.len, NULL) &&
	       n == 0, "an empty plaintext round-trips");
	free(plain);
	zen_buf_release(&blob);
}

/* ---- contract ids and contract addresses ---- */

static void test_contracts(void)
{
	static const char *const ids[] = {
		"contract-address-testnet", "contract-address-cgp-main",
		"contract-address-voting-main", "contract-address-cgp-test",
		"contract-address-voting-test",
	};
	struct zen_buf b = ZEN_BUF_INIT;
	struct zen_contract_id cid;
	char text[ZEN_CONTRACT_ID_TEXT_LEN + 1];
	json_t *v, *c, *in;

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(ids); i++) {
		enum zen_chain chain;

		v = tap_vector("wallet.json", ids[i]);
		in = tap_jget(v, "input");
		if (json_object_get(in, "chain"))
			chain = chain_of(tap_jstr(in, "chain"));
		else
			chain = !strcmp(tap_jstr(in, "hrp"), "czen") ?
				ZEN_CHAIN_MAIN : ZEN_CHAIN_TEST;
		zen_buf_reset(&b);
		tap_ok(!zen_contract_id_parse(&cid, tap_jstr(in, "contract_id"),
					      NULL), "%s id parses", ids[i]);
		zen_address_contract(&b, chain, &cid);
		tap_str(zen_buf_str(&b), tap_jstr(tap_jget(v, "expected"),
				"address"), "%s", ids[i]);
	}

	v = tap_vector("wallet.json", "contract-id-testnet-voting");
	c = tap_vector("contract_ids.json", "contract-id-testnet-voting");
	in = tap_jget(c, "input");
	zen_contract_id_from_code(&cid, tap_jstr(in, "code"),
				  strlen(tap_jstr(in, "code")));
	zen_contract_id_text(text, &cid);
	tap_str(text, tap_jstr(tap_jget(v, "expected"), "contract_id"),
		"contract-id-testnet-voting from its code");
	zen_contract_id_text(text,
			     &zen_chain_params(ZEN_CHAIN_TEST)->voting_contract_id);
	tap_str(text, tap_jstr(tap_jget(v, "expected"), "contract_id"),
		"contract-id-testnet-voting is the test chain parameter");
	tap_u64(cid.version, tap_ju64(tap_jget(v, "input"), "version"),
		"contract-id-testnet-voting version");

	/* The 9026-byte code is not in the tree (reference licence). */
	v = tap_vector("wallet.json", "contract-id-testnet-cgp");
	zen_contract_id_text(text,
			     &zen_chain_params(ZEN_CHAIN_TEST)->cgp_contract_id);
	tap_str(text, tap_jstr(tap_jget(v, "expected"), "contract_id"),
		"contract-id-testnet-cgp is the test chain parameter");
	tap_u64(zen_chain_params(ZEN_CHAIN_TEST)->cgp_contract_id.version,
		tap_ju64(tap_jget(v, "input"), "version"),
		"contract-id-testnet-cgp version");
	zen_buf_release(&b);
}

int main(void)
{
	tap_vectors_all("wallet.json");
	test_bip39_seeds();
	test_bip39_checksum_vector();
	test_bip39_checks();
	test_bip39_generate();
	test_keypath();
	test_key_vectors();
	test_pkhash_address_vectors();
	test_xpub_vectors();
	test_xpub_payload_and_public_derivation();
	test_xpub_errors();
	test_bip32_standard();
	test_sign_message_root();
	test_signatures_json();
	test_addresses_json();
	test_secured();
	test_contracts();
	test_wallet_logic();
	test_wallet_tx();
	return tap_done();
}
