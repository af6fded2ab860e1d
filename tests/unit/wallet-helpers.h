/* Shared helpers of the wallet unit tests (test-wallet*.c); not named
 * test-*.h so that .gitignore keeps it. */
#ifndef ZEN_WALLET_HELPERS_H
#define ZEN_WALLET_HELPERS_H

#include "core/wallet/bip32.h"
#include "tap.h"

/* Key at path of a mnemonic (empty passphrase); aborts the test run on
 * failure, which a vector-driven test cannot recover from. */
void tw_key(struct zen_xprv *out, const char *mnemonic, const char *path);
/* Decode exactly n bytes of hex or abort. */
void tw_unhex(uint8_t *out, size_t n, const char *hex);

void test_wallet_tx(void);
void test_wallet_logic(void);

#endif
