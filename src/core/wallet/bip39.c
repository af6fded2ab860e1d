/*
 * bip39.c - BIP39 English mnemonics: checks, checksum, seed, generation.
 */
#include <string.h>

#include <openssl/evp.h>
#include <sodium.h>

#include "core/wallet/bip39.h"
#include "core/wallet/bip39_english.h"
#include "core/crypto/keys.h"

#define BIP39_LIST_LEN 2048
#define BIP39_WORD_MAX 8

const char *zen_bip39_word(unsigned int i)
{
	return i < BIP39_LIST_LEN ? bip39_english[i] : NULL;
}

/*
 * Index of the len-byte word w, comparing against every list entry so the
 * time does not depend on which word it is.  Returns 1 and sets *index if
 * found, else 0.
 */
static int word_index(uint16_t *index, const char *w, size_t len)
{
	unsigned char pad[BIP39_WORD_MAX] = { 0 };
	uint32_t found = 0, idx = 0;

	if (len == 0 || len > BIP39_WORD_MAX)
		return 0;
	memcpy(pad, w, len);
	for (uint32_t i = 0; i < BIP39_LIST_LEN; i++) {
		uint32_t diff = 0, eq;

		for (size_t j = 0; j < BIP39_WORD_MAX; j++)
			diff |= pad[j] ^ (unsigned char)bip39_english[i][j];
		eq = ((diff - 1) >> 8) & 1;	/* 1 iff diff == 0 */
		idx |= i & (0u - eq);
		found |= eq;
	}
	*index = (uint16_t)idx;
	sodium_memzero(pad, sizeof(pad));
	return (int)found;
}

/* word = list entry v (8 bytes, NUL-padded), reading every entry. */
static void select_word(char word[BIP39_WORD_MAX], uint32_t v)
{
	memset(word, 0, BIP39_WORD_MAX);
	for (uint32_t i = 0; i < BIP39_LIST_LEN; i++) {
		uint32_t x = i ^ v;
		unsigned char mask = (unsigned char)(0u - (((x - 1) >> 16) & 1));

		for (size_t j = 0; j < BIP39_WORD_MAX; j++)
			word[j] |= (char)(bip39_english[i][j] & mask);
	}
}

static int count_ok(size_t n)
{
	return n >= 12 && n <= 24 && n % 3 == 0;
}

int zen_bip39_check(uint16_t *indexes, size_t *n_words, const char *sentence,
		    struct zen_err *err)
{
	uint16_t idx[ZEN_BIP39_WORDS_MAX];
	const char *p = sentence;
	size_t n = 0, bad = 0;
	int rc = 0;

	while (*p) {
		size_t len;

		while (*p == ' ')
			p++;
		if (!*p)
			break;
		len = strcspn(p, " ");
		if (n < ZEN_BIP39_WORDS_MAX) {
			if (!word_index(&idx[n], p, len) && !bad)
				bad = n + 1;
		}
		n++;
		p += len;
	}
	if (!count_ok(n))
		rc = zen_fail(err, ZEN_EINVAL,
			      "word count should be 12, 15, 18, 21 or 24");
	else if (bad)
		rc = zen_fail(err, ZEN_EINVAL,
			      "word %zu is not in the BIP39 English word list",
			      bad);
	if (!rc && indexes)
		memcpy(indexes, idx, n * sizeof(idx[0]));
	else if (indexes)
		sodium_memzero(indexes, ZEN_BIP39_WORDS_MAX * sizeof(idx[0]));
	if (n_words)
		*n_words = rc ? 0 : n;
	sodium_memzero(idx, sizeof(idx));
	return rc;
}

static void sha256(uint8_t out[32], const void *p, size_t n)
{
	if (EVP_Digest(p, n, out, NULL, EVP_sha256(), NULL) != 1)
		ZEN_BUG("sha-256 failed");
}

int zen_bip39_checksum(const char *sentence, struct zen_err *err)
{
	uint16_t idx[ZEN_BIP39_WORDS_MAX];
	uint8_t bits[33] = { 0 }, digest[32];
	size_t n, ent_len, cs;
	unsigned int got, want;
	int rc;

	rc = zen_bip39_check(idx, &n, sentence, err);
	if (rc)
		return rc;
	for (size_t i = 0; i < n * 11; i++) {
		unsigned int bit = (idx[i / 11] >> (10 - i % 11)) & 1;

		bits[i / 8] |= (uint8_t)(bit << (7 - i % 8));
	}
	ent_len = n * 11 * 32 / 33 / 8;
	cs = n / 3;
	sha256(digest, bits, ent_len);
	got = bits[ent_len] >> (8 - cs);
	want = digest[0] >> (8 - cs);
	sodium_memzero(idx, sizeof(idx));
	sodium_memzero(bits, sizeof(bits));
	sodium_memzero(digest, sizeof(digest));
	if (got != want)
		return zen_fail(err, ZEN_EINVAL, "invalid mnemonic checksum");
	return 0;
}

int zen_bip39_seed(uint8_t seed[ZEN_BIP39_SEED_LEN], const char *sentence,
		   const char *passphrase, struct zen_err *err)
{
	static const char prefix[] = "mnemonic";
	size_t plen = passphrase ? strlen(passphrase) : 0;
	size_t slen = strlen(sentence);
	size_t salt_len = sizeof(prefix) - 1 + plen;
	unsigned char *salt;
	int ok;

	if (slen > INT32_MAX || salt_len > INT32_MAX)
		return zen_fail(err, ZEN_EINVAL, "mnemonic too long");
	(void)zen_secp_ctx();	/* initialises libsodium */
	salt = sodium_malloc(salt_len ? salt_len : 1);
	if (!salt)
		return zen_fail(err, ZEN_EINTERNAL, "out of secure memory");
	memcpy(salt, prefix, sizeof(prefix) - 1);
	if (plen)
		memcpy(salt + sizeof(prefix) - 1, passphrase, plen);
	ok = PKCS5_PBKDF2_HMAC(sentence, (int)slen, salt, (int)salt_len, 2048,
			       EVP_sha512(), ZEN_BIP39_SEED_LEN, seed);
	sodium_free(salt);	/* wipes */
	if (ok != 1) {
		sodium_memzero(seed, ZEN_BIP39_SEED_LEN);
		return zen_fail(err, ZEN_EINTERNAL, "pbkdf2 failed");
	}
	return 0;
}

int zen_bip39_from_entropy(char out[ZEN_BIP39_SENTENCE_MAX],
			   const uint8_t *entropy, size_t len,
			   struct zen_err *err)
{
	uint8_t bits[33], digest[32];
	char word[BIP39_WORD_MAX];
	size_t n, pos = 0;

	if (len < 16 || len > 32 || len % 4)
		return zen_fail(err, ZEN_EINVAL, "invalid entropy length");
	memcpy(bits, entropy, len);
	sha256(digest, entropy, len);
	bits[len] = digest[0];
	n = (len * 8 + len / 4) / 11;
	for (size_t w = 0; w < n; w++) {
		unsigned int v = 0;
		size_t wl;

		for (size_t b = w * 11; b < w * 11 + 11; b++)
			v = (v << 1) | ((bits[b / 8] >> (7 - b % 8)) & 1);
		select_word(word, v);
		wl = strnlen(word, BIP39_WORD_MAX);
		if (w)
			out[pos++] = ' ';
		memcpy(out + pos, word, wl);
		pos += wl;
	}
	out[pos] = '\0';
	sodium_memzero(word, sizeof(word));
	sodium_memzero(bits, sizeof(bits));
	sodium_memzero(digest, sizeof(digest));
	return 0;
}

int zen_bip39_generate(char out[ZEN_BIP39_SENTENCE_MAX], struct zen_err *err)
{
	uint8_t entropy[32];
	int rc;

	(void)zen_secp_ctx();	/* initialises libsodium */
	randombytes_buf(entropy, sizeof(entropy));
	rc = zen_bip39_from_entropy(out, entropy, sizeof(entropy), err);
	sodium_memzero(entropy, sizeof(entropy));
	return rc;
}
