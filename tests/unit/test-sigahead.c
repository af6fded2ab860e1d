/*
 * test-sigahead.c - a submitted block's signatures are verified ahead of
 * its connection (chain.c, decode_verifying_ahead: from the decoding
 * of its transactions on), and the answers stay those
 * of a connection that verifies each signature when validation reaches
 * it: the first failure in block order decides the reason, a refusal of a
 * later step gives way to a bad signature, the signature of a leftover
 * public-key witness is never judged (the weight walk refuses the
 * witness itself, protocol.md 8.3), a block refused before its
 * transactions is refused as before, and a block cut short after its
 * pipeline started is invalid and changes nothing.
 *
 * Keys 0-20 of the test mnemonic; block 2 splits the genesis output
 * (key 0) into 10 ZP for each of keys 1-20 and 800 back to key 0; the
 * blocks after it spend those outputs, one transaction per key, 20 to a
 * block: enough signatures to be verified ahead (SIGS_AHEAD_MIN), which
 * the chain's statistics confirm.
 */
#include <stdlib.h>
#include <string.h>

#include "chain-fixture.h"
#include "core/encoding/hex.h"
#include "tap.h"

#define ZP(n) ((uint64_t)(n) * 100000000ULL)
#define N_SPENDS 20
#define N_KEYS (N_SPENDS + 1)
/* the weight walk's refusal of a PK witness no input consumes */
#define LEFTOVER "expecting a contract 0 witness"

static uint8_t sec[N_KEYS][ZEN_SECKEY_LEN], pkh[N_KEYS][ZEN_HASH_LEN];
static struct zen_tx split;	/* block 2's */

/* A transaction spending in[0..n_in) (each signed by its key) to
 * out[0..n_out), signed with sighash. */
struct pay {
	int key;
	uint64_t amount;
};

static void make_tx(struct zen_tx *tx, const struct fx_coin *in, size_t n_in,
		    const struct pay *out, size_t n_out, uint8_t sighash)
{
	zen_tx_init(tx);
	for (size_t i = 0; i < n_out; i++)
		fx_add_output(tx, ZEN_LOCK_PK, pkh[out[i].key], out[i].amount);
	fx_sign_inputs(tx, in, n_in, sighash);
}

/* Key key's 10 ZP of the split back to key 0. */
static void spend_of(struct zen_tx *tx, int key, uint8_t sighash)
{
	make_tx(tx, (struct fx_coin[]){ { split.tx_hash, (uint32_t)key - 1,
					  sec[key] } }, 1,
		(struct pay[]){ { 0, ZP(10) } }, 1, sighash);
}

static uint64_t sigs_ahead(struct zen_chainstate *c)
{
	struct zen_chain_stats st;

	zen_chain_stats(c, &st);
	return st.sigs_ahead;
}

/* Flip a bit of witness j's signature (still a well-formed witness). */
static void spoil(struct zen_tx *tx, size_t j)
{
	tx->witnesses[j].signature[40] ^= 1;
	zen_tx_finalize(tx);
}

/* A copy of witness 0 after the others, its signature spoiled: a witness
 * no input consumes, whose check is verified ahead all the same. */
static void add_leftover(struct zen_tx *tx)
{
	size_t n = tx->n_witnesses;

	tx->witnesses = zen_xrealloc(tx->witnesses,
				     (n + 1) * sizeof(*tx->witnesses));
	zen_witness_init(&tx->witnesses[n]);
	tx->witnesses[n].id = ZEN_WITNESS_PK;
	tx->witnesses[n].sighash = tx->witnesses[0].sighash;
	memcpy(tx->witnesses[n].pubkey, tx->witnesses[0].pubkey,
	       ZEN_PUBKEY_LEN);
	memcpy(tx->witnesses[n].signature, tx->witnesses[0].signature,
	       ZEN_SIGNATURE_LEN);
	tx->witnesses[n].signature[40] ^= 1;
	tx->n_witnesses = n + 1;
	zen_tx_finalize(tx);
}

static struct zen_block_result submit(struct zen_chainstate *c,
				      const struct zen_block *b)
{
	struct zen_buf raw = ZEN_BUF_INIT;
	struct zen_block_result res;
	struct zen_err err = ZEN_ERR_INIT;

	zen_block_encode(&raw, b);
	if (zen_chain_submit_block(c, &res, raw.data, raw.len, &err))
		fx_die("submit", &err);
	zen_buf_release(&raw);
	return res;
}

/* The block of txs[0..n) on c's tip is rejected with a reason that
 * contains reason, and the tip stays. */
static void expect_rejected(struct zen_chainstate *c, struct zen_block *b,
			    const char *reason, const char *what)
{
	uint32_t before = fx_tip_number(c);
	struct zen_block_result res = submit(c, b);

	tap_ok(res.outcome == ZEN_BLOCK_REJECTED &&
	       strstr(res.reason, reason) && fx_tip_number(c) == before,
	       "%s: rejected with \"%s\" (%s)", what, reason, res.reason);
	zen_block_release(b);
}

/* The block connects, its ahead signatures verified ahead. */
static void expect_connected(struct zen_chainstate *c, struct zen_block *b,
			     uint64_t ahead, const char *what)
{
	uint32_t before = fx_tip_number(c);
	uint64_t was = sigs_ahead(c);
	struct zen_block_result res = submit(c, b);

	tap_ok(res.outcome == ZEN_BLOCK_ON_MAIN &&
	       fx_tip_number(c) == before + 1, "%s: connected (%s)", what,
	       res.reason);
	tap_u64(sigs_ahead(c) - was, ahead, "%s: signatures verified ahead",
		what);
	zen_block_release(b);
}

/* Block b cut in its last transaction: its pipeline starts (the first
 * transactions have signatures enough), and decoding then fails. */
static void expect_cut_invalid(struct zen_chainstate *c, struct zen_block *b)
{
	struct zen_buf raw = ZEN_BUF_INIT;
	struct zen_block_result res;
	struct zen_err err = ZEN_ERR_INIT;
	uint32_t before = fx_tip_number(c);
	uint64_t was = sigs_ahead(c);
	int rc;

	zen_block_encode(&raw, b);
	rc = zen_chain_submit_block(c, &res, raw.data,
				    raw.len - b->txs[b->n_txs - 1].raw_len / 2,
				    &err);
	tap_ok(rc == ZEN_EINVAL && strstr(err.msg, "invalid block") &&
	       fx_tip_number(c) == before && sigs_ahead(c) == was,
	       "a block cut in its last transaction: invalid, nothing "
	       "changes (%s)", err.msg);
	zen_buf_release(&raw);
	zen_block_release(b);
}

/* txs[0..n): the spends of keys 1..n, bad (1-based, 0 for none) with
 * its signature spoiled. */
static void spends(struct zen_tx *txs, int n, int bad)
{
	for (int i = 0; i < n; i++) {
		spend_of(&txs[i], i + 1, ZEN_SIGHASH_TXHASH);
		if (i + 1 == bad)
			spoil(&txs[i], 0);
	}
}

static void release_all(struct zen_tx *txs, int n)
{
	for (int i = 0; i < n; i++)
		zen_tx_release(&txs[i]);
}

/* A block of the spends of keys 1..N_SPENDS, bad as in spends(). */
static void block_of_spends(struct zen_chainstate *c, struct zen_block *b,
			    int bad)
{
	struct zen_tx txs[N_SPENDS];

	spends(txs, N_SPENDS, bad);
	fx_block_with(c, b, pkh[0], txs, N_SPENDS);
	release_all(txs, N_SPENDS);
}

static void test_refusals(struct zen_chainstate *c)
{
	struct zen_block b;
	struct zen_tx txs[N_SPENDS];

	block_of_spends(c, &b, N_SPENDS / 2);
	expect_rejected(c, &b, "invalid PK witness signature",
			"a bad signature in the middle");

	block_of_spends(c, &b, N_SPENDS);
	expect_rejected(c, &b, "invalid PK witness signature",
			"a bad signature in the last transaction");

	/* a bad signature, and an ACS root that the commitments step
	 * refuses after the transactions */
	block_of_spends(c, &b, 1);
	b.commitments[2][0] ^= 1;
	fx_block_finish(&b);
	expect_rejected(c, &b, "invalid PK witness signature",
			"a bad signature before a bad ACS root");

	block_of_spends(c, &b, 0);
	b.commitments[2][0] ^= 1;
	fx_block_finish(&b);
	expect_rejected(c, &b, "commitments mismatch",
			"good signatures, a bad ACS root");

	/* a bad signature in tx 1, a double spend of its coin last */
	spends(txs, N_SPENDS, 1);
	zen_tx_release(&txs[N_SPENDS - 1]);
	make_tx(&txs[N_SPENDS - 1],
		(struct fx_coin[]){ { split.tx_hash, 0, sec[1] } }, 1,
		(struct pay[]){ { 2, ZP(10) } }, 1, ZEN_SIGHASH_TXHASH);
	fx_block_with(c, &b, pkh[0], txs, N_SPENDS);
	expect_rejected(c, &b, "invalid PK witness signature",
			"a bad signature before a double spend");
	release_all(txs, N_SPENDS);

	/* an input of nothing in tx 1, a bad signature after it: tx 1's
	 * refusal comes first */
	spends(txs, N_SPENDS, N_SPENDS / 2);
	zen_tx_release(&txs[0]);
	make_tx(&txs[0], (struct fx_coin[]){ { split.tx_hash, 99, sec[1] } }, 1,
		(struct pay[]){ { 0, ZP(10) } }, 1, ZEN_SIGHASH_TXHASH);
	fx_block_with(c, &b, pkh[0], txs, N_SPENDS);
	expect_rejected(c, &b, "Orphan",
			"a missing input before a bad signature");
	release_all(txs, N_SPENDS);

	/* a leftover witness with a bad signature, first and last:
	 * validation refuses the witness, never asks for its check */
	spends(txs, N_SPENDS, 0);
	add_leftover(&txs[0]);
	fx_block_with(c, &b, pkh[0], txs, N_SPENDS);
	expect_rejected(c, &b, LEFTOVER, "a leftover witness in tx 1");
	release_all(txs, N_SPENDS);
	spends(txs, N_SPENDS, 0);
	add_leftover(&txs[N_SPENDS - 1]);
	fx_block_with(c, &b, pkh[0], txs, N_SPENDS);
	expect_rejected(c, &b, LEFTOVER, "a leftover witness in the last tx");
	release_all(txs, N_SPENDS);

	/* refused at its header: the signatures never decide */
	block_of_spends(c, &b, N_SPENDS / 2);
	b.header.difficulty ^= 1;
	fx_block_finish(&b);
	expect_rejected(c, &b, "incorrect proof of work",
			"a wrong difficulty over a bad signature");
	block_of_spends(c, &b, 0);
	expect_cut_invalid(c, &b);
	tap_u64(sigs_ahead(c), 0, "no refused block counts signatures ahead");
}

/* The outputs of block 3's spends (key 0's, 10 ZP each) spent with
 * FollowingWitnesses, one in two, and TxHash. */
static void test_following(struct zen_chainstate *c, const struct zen_tx *prev)
{
	struct zen_tx txs[N_SPENDS];
	struct zen_block b;

	for (int i = 0; i < N_SPENDS; i++)
		make_tx(&txs[i], (struct fx_coin[]){ { prev[i].tx_hash, 0, sec[0] } },
			1, (struct pay[]){ { 1, ZP(10) } }, 1,
			i % 2 ? ZEN_SIGHASH_FOLLOWING : ZEN_SIGHASH_TXHASH);
	fx_block_with(c, &b, pkh[0], txs, N_SPENDS);
	expect_connected(c, &b, N_SPENDS, "FollowingWitnesses and TxHash");
	release_all(txs, N_SPENDS);
}

static void test_connections(struct zen_chainstate *c)
{
	struct zen_tx txs[N_SPENDS];
	struct zen_block b;

	spends(txs, N_SPENDS, 0);
	fx_block_with(c, &b, pkh[0], txs, N_SPENDS);
	expect_connected(c, &b, N_SPENDS, "twenty good spends");
	test_following(c, txs);
	release_all(txs, N_SPENDS);
}

int main(void)
{
	char dir[] = "/tmp/zen-test-sigahead.XXXXXX";
	struct zen_chainstate *c;
	struct zen_block b;
	struct zen_err err = ZEN_ERR_INIT;
	uint8_t g[ZEN_HASH_LEN];
	struct pay pays[N_SPENDS + 1];

	for (int i = 0; i < N_KEYS; i++)
		fx_key((uint32_t)i, sec[i], pkh[i]);
	c = fx_chain_open(dir, zen_chain_params(ZEN_CHAIN_LOCAL), 1);
	if (zen_hex_decode_fixed(g, ZEN_HASH_LEN, FX_GENESIS_TX, &err))
		fx_die("genesis", &err);
	for (int i = 0; i < N_SPENDS; i++)
		pays[i] = (struct pay){ i + 1, ZP(10) };
	pays[N_SPENDS] = (struct pay){ 0, ZP(1000) - N_SPENDS * ZP(10) };
	make_tx(&split, (struct fx_coin[]){ { g, 0, sec[0] } }, 1, pays, N_SPENDS + 1,
		ZEN_SIGHASH_TXHASH);
	fx_block_with(c, &b, pkh[0], &split, 1);
	expect_connected(c, &b, 0, "block 2, the split (one signature)");
	test_refusals(c);
	test_connections(c);
	zen_tx_release(&split);
	fx_chain_drop(c, dir);
	return tap_done();
}
