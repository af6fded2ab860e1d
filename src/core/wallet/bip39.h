/*
 * bip39.h - BIP39 mnemonics with the English word list (wallet.md 2).
 *
 * A sentence is words separated by single ASCII spaces.  The reference
 * accepts 12, 15, 18, 21 or 24 words from the list and never checks the
 * checksum; zen_bip39_check() mirrors that and zen_bip39_checksum() is the
 * separate, stricter test the import front applies unless told otherwise.
 *
 * Mnemonics are secrets: word lookups are constant time (every word of the
 * list is compared), temporaries are wiped, and error messages name the
 * position of a bad word, never the word itself.
 */
#ifndef ZEN_WALLET_BIP39_H
#define ZEN_WALLET_BIP39_H

#include "core/base/err.h"
#include "core/base/zen.h"

#define ZEN_BIP39_SEED_LEN 64
#define ZEN_BIP39_WORDS_MAX 24
/* Longest sentence: 24 words of at most 8 letters, 23 spaces, NUL. */
#define ZEN_BIP39_SENTENCE_MAX (24 * 8 + 23 + 1)

/*
 * Word i (0..2047) of the English list.  Returns NULL for i >= 2048.
 */
const char *zen_bip39_word(unsigned int i);

/*
 * Split sentence into words (separated by runs of ASCII spaces, leading and
 * trailing spaces ignored, as the reference's parser) and check the count
 * (12, 15, 18, 21 or 24) and that every word is in the English list.
 * Returns: 0, or ZEN_EINVAL with "word count should be 12, 15, 18, 21 or 24"
 * or "word N is not in the BIP39 English word list" (N counts from 1).
 * Out: indexes (may be NULL): the word indexes, ZEN_BIP39_WORDS_MAX slots;
 *      n_words (may be NULL): the number of words.  Wiped on failure.
 */
int zen_bip39_check(uint16_t *indexes, size_t *n_words, const char *sentence,
		    struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(3);

/*
 * Verify the BIP39 checksum of a sentence that passes zen_bip39_check().
 * Returns: 0, the zen_bip39_check() error, or ZEN_EINVAL
 * "invalid mnemonic checksum".
 */
int zen_bip39_checksum(const char *sentence, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1);

/*
 * Seed = PBKDF2-HMAC-SHA512(sentence, "mnemonic" || passphrase, 2048, 64).
 * The sentence is used byte for byte (no NFKD: the English list is ASCII,
 * and the caller normalises spacing).  passphrase may be NULL ("").
 * Returns: 0, or ZEN_EINTERNAL when libcrypto fails (seed is wiped).
 */
int zen_bip39_seed(uint8_t seed[ZEN_BIP39_SEED_LEN], const char *sentence,
		   const char *passphrase, struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * The mnemonic of entropy (16, 20, 24, 28 or 32 bytes: 12..24 words), with
 * its checksum, as a NUL-terminated sentence.
 * Returns: 0, or ZEN_EINVAL "invalid entropy length".
 * Out: out, at least ZEN_BIP39_SENTENCE_MAX bytes.
 */
int zen_bip39_from_entropy(char out[ZEN_BIP39_SENTENCE_MAX],
			   const uint8_t *entropy, size_t len,
			   struct zen_err *err) ZEN_WARN_UNUSED ZEN_NONNULL(1, 2);

/*
 * A fresh 24-word mnemonic from 32 bytes of libsodium randomness (the
 * reference wallet-create).  Returns 0 (cannot fail for a valid out).
 */
int zen_bip39_generate(char out[ZEN_BIP39_SENTENCE_MAX], struct zen_err *err)
	ZEN_WARN_UNUSED ZEN_NONNULL(1);

#endif
