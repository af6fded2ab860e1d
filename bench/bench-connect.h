/*
 * bench-connect.h - the block-connection part of bench-verify: signatures
 * verified per second while a fresh local-chain store connects a block
 * full of signed transactions (bench-connect.c).
 */
#ifndef ZEN_BENCH_CONNECT_H
#define ZEN_BENCH_CONNECT_H

#include "core/base/buf.h"
#include "core/chain/chain.h"

/* The local chain's genesis output: its transaction, amount, and the
 * words of the key m/44'/258'/0'/0/0 that owns it. */
#define MNEMONIC "feel muffin volcano click mercy abuse bachelor ginger " \
	"limb tomorrow okay input spend athlete boring security document " \
	"exclude liar dune usage camera ranch thought"
#define GENESIS_TX \
	"b01098756bcf637bef2a161bd49412cad0a10adf12e64a694c41f9c5b9716420"
#define GENESIS_AMOUNT 100000000000ull

/* Measure and print, with its own anchor (the same signatures verified
 * raw); seconds scales the number of signatures and the rounds' time. */
void bench_connect(double seconds);

/* Template on chain's tip, plus txs[0..n) (moved into the block), with
 * the roots recomputed and the header mined.  raw gets the block. */
int bench_build_block(struct zen_buf *raw, struct zen_chainstate *chain,
		      const uint8_t pk_hash[ZEN_HASH_LEN], struct zen_tx *txs,
		      size_t n, struct zen_err *err);
/* Submit raw to chain; anything but a new main-chain tip is an error. */
int bench_submit(struct zen_chainstate *chain, const struct zen_buf *raw,
		 struct zen_err *err);
/* rm -rf dir. */
void bench_remove_tree(const char *dir);

#endif
