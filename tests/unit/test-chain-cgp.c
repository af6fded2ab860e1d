/*
 * test-chain-cgp.c - the CGP's block rules and bookkeeping in the chain
 * store (cgp-and-chain.md 5, 6.3, 6.7, 7.3), with blocks built here: the
 * payout transaction rule of a payout block in each of its cases, the
 * allocation in force in the coinbase, and a reorganisation that leaves
 * the cgp tables byte for byte as a store that never saw the undone
 * blocks.
 *
 * The local chain's genesis output (1000 ZP) belongs to ROOT (the test
 * mnemonic's first key): it funds the pool and is the only voter, so its
 * weight is everything and its votes decide.
 */
#define _GNU_SOURCE
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/cgp/vote.h"
#include "core/chain/cgp-int.h"
#include "core/consensus/consensus.h"
#include "core/consensus/miner.h"
#include "core/crypto/keys.h"
#include "core/encoding/hex.h"
#include "core/types/data.h"
#include "core/wallet/bip32.h"
#include "core/wallet/bip39.h"
#include "core/wallet/txbuild.h"
#include "tap.h"

#define ROOT_MNEMONIC "feel muffin volcano click mercy abuse bachelor " \
	"ginger limb tomorrow okay input spend athlete boring security " \
	"document exclude liar dune usage camera ranch thought"
#define GENESIS_TX \
	"b01098756bcf637bef2a161bd49412cad0a10adf12e64a694c41f9c5b9716420"
#define ZP(n) ((uint64_t)(n) * 100000000ULL)

static const struct zen_chain_params *P;
static uint8_t root_sec[ZEN_SECKEY_LEN], root_pkh[ZEN_HASH_LEN];

/* A coin of ROOT: what the next transaction spends. */
struct coin {
	uint8_t tx[ZEN_HASH_LEN];
	uint32_t index;
	uint64_t amount;
};

static void die(const char *what, const struct zen_err *err)
{
	fprintf(stderr, "test-chain-cgp: %s: %s\n", what, err ? err->msg : "");
	exit(99);
}

static void root_key(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	uint8_t seed[ZEN_BIP39_SEED_LEN], pub[ZEN_PUBKEY_LEN];
	struct zen_xprv master, k;

	if (zen_bip39_seed(seed, ROOT_MNEMONIC, "", &err) ||
	    zen_bip32_master(&master, seed, sizeof(seed), &err) ||
	    zen_bip32_derive_text(&k, &master, "m/44'/258'/0'/0/0", &err) ||
	    zen_pubkey_from_seckey(pub, k.key, &err))
		die("derive key", &err);
	memcpy(root_sec, k.key, ZEN_SECKEY_LEN);
	zen_pubkey_hash(root_pkh, pub);
	zen_xprv_wipe(&master);
	zen_xprv_wipe(&k);
}

static int rm_entry(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static struct zen_chainstate *new_chain(char *dir)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_chainstate *c;

	if (!mkdtemp(dir) || zen_chain_open(&c, dir, P, &err))
		die("open", &err);
	return c;
}

static void drop_chain(struct zen_chainstate *c, const char *dir)
{
	zen_chain_close(c);
	nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static uint32_t tip_number(struct zen_chainstate *c)
{
	struct zen_chain_read *r;
	struct zen_block_info tip;

	if (zen_chain_read_begin(c, &r, NULL) ||
	    zen_chain_read_tip(r, &tip, NULL))
		die("tip", NULL);
	zen_chain_read_end(r);
	return tip.header.block_number;
}

/* ---- blocks ---- */

/* The template of the next block with txs[0..n) appended (copied: the
 * caller keeps them), the roots recomputed and the header mined. */
static void block_with(struct zen_chainstate *c, struct zen_block *b,
		       const struct zen_tx *txs, size_t n)
{
	struct zen_mine_opts o = ZEN_MINE_OPTS_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	enum zen_mine_status st;

	zen_block_init(b);
	if (zen_chain_template(c, b, root_pkh, &err))
		die("template", &err);
	b->txs = zen_xrealloc(b->txs, (b->n_txs + n) * sizeof(*b->txs));
	for (size_t i = 0; i < n; i++) {
		zen_tx_init(&b->txs[b->n_txs]);
		if (zen_tx_decode(&b->txs[b->n_txs], txs[i].raw,
				  txs[i].raw_len, &err))
			die("copy tx", &err);
		b->n_txs++;
	}
	if (zen_block_tx_roots(b->commitments[0], b->commitments[1], b, &err))
		die("roots", &err);
	zen_block_commitments_root(b->header.commitments, b);
	if (zen_mine(&st, NULL, &b->header, &o, &err) || st != ZEN_MINE_FOUND)
		die("mine", &err);
}

/* Submit: 0 and *reason empty when it became the tip, else the reason. */
static int submit(struct zen_chainstate *c, const struct zen_block *b,
		  char reason[ZEN_ERR_MSG_MAX])
{
	struct zen_buf raw = ZEN_BUF_INIT;
	struct zen_block_result res;
	struct zen_err err = ZEN_ERR_INIT;
	int rc;

	zen_block_encode(&raw, b);
	rc = zen_chain_submit_block(c, &res, raw.data, raw.len, &err);
	zen_buf_release(&raw);
	reason[0] = 0;
	if (rc)
		snprintf(reason, ZEN_ERR_MSG_MAX, "%s", err.msg);
	else if (res.outcome != ZEN_BLOCK_ON_MAIN)
		snprintf(reason, ZEN_ERR_MSG_MAX, "%s", res.reason[0] ?
			 res.reason : "not on the main chain");
	return reason[0] != 0;
}

static void mine_block(struct zen_chainstate *c, const struct zen_tx *txs,
		       size_t n)
{
	char reason[ZEN_ERR_MSG_MAX];
	struct zen_block b;

	block_with(c, &b, txs, n);
	if (submit(c, &b, reason)) {
		tap_diag("block %u: %s", b.header.block_number, reason);
		die("a block that should connect", NULL);
	}
	zen_block_release(&b);
}

static void mine_to(struct zen_chainstate *c, uint32_t number)
{
	while (tip_number(c) < number)
		mine_block(c, NULL, 0);
}

/* Is the next block with txs refused with reason? */
static int refused(struct zen_chainstate *c, const struct zen_tx *txs,
		   size_t n, const char *reason)
{
	char got[ZEN_ERR_MSG_MAX];
	struct zen_block b;
	uint32_t before = tip_number(c);
	int rc;

	block_with(c, &b, txs, n);
	rc = submit(c, &b, got);
	zen_block_release(&b);
	if (!rc || !strstr(got, reason))
		tap_diag("got '%s', want '%s'", got, reason);
	return rc && strstr(got, reason) && tip_number(c) == before;
}

/* ---- transactions ---- */

static void root_output(struct zen_output *o, uint64_t amount)
{
	zen_output_init(o);
	o->lock.id = ZEN_LOCK_PK;
	memcpy(o->lock.pk_hash, root_pkh, ZEN_HASH_LEN);
	o->spend.amount = amount;
}

/* Run contract cid's command with body on a skeleton spending coin back
 * to ROOT (no fee: block_with keeps the template's coinbase), sign it;
 * the coin becomes the transaction's first output. */
static void execute(struct zen_chainstate *c, struct zen_tx *tx,
		    const struct zen_contract_id *cid, const char *command,
		    const struct zen_data *body, struct coin *coin)
{
	struct zen_execute_request rq;
	struct zen_outpoint op;
	struct zen_output in, out;
	struct zen_err err = ZEN_ERR_INIT;

	memset(&rq, 0, sizeof(rq));
	memcpy(op.tx_hash, coin->tx, ZEN_HASH_LEN);
	op.index = coin->index;
	root_output(&in, coin->amount);
	root_output(&out, coin->amount);
	rq.cid = *cid;
	rq.command = command;
	rq.command_len = strlen(command);
	rq.body = body;
	rq.in_outpoints = &op;
	rq.in_outputs = &in;
	rq.n_in = 1;
	rq.outputs = &out;
	rq.n_outputs = 1;
	zen_tx_init(tx);
	if (zen_chain_execute(c, &rq, tx, &err) ||
	    zen_wallet_sign_inputs(tx, (const uint8_t (*)[ZEN_SECKEY_LEN])
				   root_sec, 1, ZEN_SIGHASH_FOLLOWING, &err))
		die(command, &err);
	zen_tx_finalize(tx);
	memcpy(coin->tx, tx->tx_hash, ZEN_HASH_LEN);
	coin->index = 0;
}

/* Block 2: the genesis output split into two coins of ROOT (450 ZP
 * each) and 100 ZP for the pool. */
static void fund(struct zen_chainstate *c, struct coin coins[2])
{
	const struct zen_contract_id *cgp = &P->cgp_contract_id;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_tx tx;

	zen_tx_init(&tx);
	tx.inputs = zen_xcalloc(1, sizeof(*tx.inputs));
	tx.n_inputs = 1;
	tx.inputs[0].kind = ZEN_INPUT_OUTPOINT;
	if (zen_hex_decode_fixed(tx.inputs[0].outpoint.tx_hash, ZEN_HASH_LEN,
				 GENESIS_TX, &err))
		die("genesis", &err);
	tx.outputs = zen_xcalloc(3, sizeof(*tx.outputs));
	tx.n_outputs = 3;
	root_output(&tx.outputs[0], ZP(450));
	root_output(&tx.outputs[1], ZP(450));
	zen_output_init(&tx.outputs[2]);
	tx.outputs[2].lock.id = ZEN_LOCK_CONTRACT;
	tx.outputs[2].lock.cid = *cgp;
	tx.outputs[2].spend.amount = ZP(100);
	if (zen_wallet_sign_inputs(&tx, (const uint8_t (*)[ZEN_SECKEY_LEN])
				   root_sec, 1, ZEN_SIGHASH_TXHASH, &err))
		die("sign", &err);
	zen_tx_finalize(&tx);
	mine_block(c, &tx, 1);
	for (uint32_t i = 0; i < 2; i++) {
		memcpy(coins[i].tx, tx.tx_hash, ZEN_HASH_LEN);
		coins[i].index = i;
		coins[i].amount = ZP(450);
	}
	zen_tx_release(&tx);
}

/* A payout of amount kalapas of ZP to ROOT. */
static void payout_to_root(struct zen_cgp_payout *p, struct zen_spend *s,
			   uint64_t amount)
{
	memset(p, 0, sizeof(*p));
	memset(s, 0, sizeof(*s));
	s->amount = amount;
	memcpy(p->recipient.pk_hash, root_pkh, ZEN_HASH_LEN);
	p->spends = s;
	p->n_spends = 1;
}

/* The CGP contract's Payout paying payout, spending coin. */
static void payout_tx(struct zen_chainstate *c, struct zen_tx *tx,
		      const struct zen_cgp_payout *payout, struct coin *coin)
{
	struct zen_data body;

	zen_data_init(&body);
	zen_cgp_payout_body(&body, payout);
	execute(c, tx, &P->cgp_contract_id, "Payout", &body, coin);
	zen_data_release(&body);
}

/* ROOT's vote in the next block, spending coin. */
static void vote_tx(struct zen_chainstate *c, struct zen_tx *tx,
		    enum zen_cgp_vote_kind kind,
		    const struct zen_cgp_ballot *ballot, struct coin *coin)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_data body;

	zen_data_init(&body);
	if (zen_cgp_vote_body(&body, P, tip_number(c) + 1, kind, ballot,
			      (const uint8_t (*)[ZEN_SECKEY_LEN])root_sec, 1,
			      &err))
		die("vote body", &err);
	execute(c, tx, &P->voting_contract_id, zen_cgp_vote_command(kind),
		&body, coin);
	zen_data_release(&body);
}

/* The weight of tx (4.5), its inputs resolved in c's UTXO set. */
static uint64_t weight_of(struct zen_chainstate *c, const struct zen_tx *tx)
{
	struct zen_output *in = zen_xcalloc(tx->n_inputs, sizeof(*in));
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_chain_read *r;
	uint64_t w = 0;

	if (zen_chain_read_begin(c, &r, &err))
		die("read", &err);
	for (size_t i = 0; i < tx->n_inputs; i++) {
		zen_output_init(&in[i]);
		if (zen_chain_read_utxo(r, &in[i], &tx->inputs[i].outpoint,
					&err))
			die("utxo", &err);
	}
	zen_chain_read_end(r);
	if (zen_tx_weight(&w, tx, in, &err))
		die("weight", &err);
	for (size_t i = 0; i < tx->n_inputs; i++)
		zen_output_release(&in[i]);
	free(in);
	return w;
}

/*
 * ROOT's votes for interval 1: it nominates win in block 91 and, in
 * block 96, votes for it and (allocation >= 0) for that allocation.  The
 * nomination and the payout vote spend coins[0], the allocation coins[1].
 */
static void elect(struct zen_chainstate *c, struct coin coins[2],
		  const struct zen_cgp_payout *win, int allocation)
{
	struct zen_cgp_ballot ballot;
	struct zen_tx tx[2];
	size_t n = 1;

	mine_to(c, 90);
	memset(&ballot, 0, sizeof(ballot));
	ballot.kind = ZEN_CGP_BALLOT_PAYOUT;
	ballot.payout = *win;
	vote_tx(c, &tx[0], ZEN_CGP_VOTE_NOMINATION, &ballot, &coins[0]);
	mine_block(c, &tx[0], 1);
	zen_tx_release(&tx[0]);
	mine_to(c, 95);
	vote_tx(c, &tx[0], ZEN_CGP_VOTE_PAYOUT, &ballot, &coins[0]);
	if (allocation >= 0) {
		memset(&ballot, 0, sizeof(ballot));
		ballot.kind = ZEN_CGP_BALLOT_ALLOCATION;
		ballot.allocation = (uint8_t)allocation;
		vote_tx(c, &tx[n++], ZEN_CGP_VOTE_ALLOCATION, &ballot,
			&coins[1]);
	}
	mine_block(c, tx, n);
	for (size_t i = 0; i < n; i++)
		zen_tx_release(&tx[i]);
}

/* ---- the cgp tables, whole ---- */

static int dump_one(void *ctx, const uint8_t *tail, size_t tlen,
		    const uint8_t *val, size_t vlen)
{
	struct zen_buf *out = ctx;
	uint8_t len[4];

	len[0] = (uint8_t)(tlen >> 8);
	len[1] = (uint8_t)tlen;
	len[2] = (uint8_t)(vlen >> 8);
	len[3] = (uint8_t)vlen;
	zen_buf_add(out, len, 4);
	zen_buf_add(out, tail, tlen);
	zen_buf_add(out, val, vlen);
	return 0;
}

/* Every entry of the cgp database, in key order. */
static void dump_cgp(struct zen_chainstate *c, struct zen_buf *out)
{
	struct zen_chain_read *r;
	struct cgp_key all = { .len = 0 };

	zen_buf_reset(out);
	if (zen_chain_read_begin(c, &r, NULL) ||
	    cgp_scan(r->t, &all, dump_one, out, NULL))
		die("dump", NULL);
	zen_chain_read_end(r);
}

/* ---- the tests ---- */

/* The payout's weight, found by test_payout_rule (for the exemption). */
static uint64_t payout_weight;

static void test_payout_rule(void)
{
	char dir[] = "/tmp/zen-test-cgp.XXXXXX";
	struct zen_chainstate *c = new_chain(dir);
	struct zen_cgp_payout win, other;
	struct zen_spend s_win, s_other;
	struct zen_tx tx[2];
	struct coin coins[2], spare[2];
	struct zen_cgp_view view;
	struct zen_chain_read *r;

	fund(c, coins);
	payout_to_root(&win, &s_win, 1000);
	payout_to_root(&other, &s_other, 999);

	/* block 10: no winner yet */
	mine_to(c, 9);
	spare[0] = coins[0];	/* the refused blocks spend nothing */
	spare[1] = coins[1];
	payout_tx(c, &tx[0], &win, &spare[0]);
	payout_tx(c, &tx[1], &win, &spare[1]);
	tap_ok(refused(c, tx, 1, "There shouldn't be a payout - there is no "
		       "payout winner"), "block 10 with a payout but no winner "
	       "is refused");
	tap_ok(refused(c, tx, 2, "Multiple payout Txs"),
	       "block 10 with two payouts is refused");
	tap_ok(refused(c, &tx[0], 1, "There shouldn't be a payout") &&
	       tip_number(c) == 9, "... and nothing of them stays");
	zen_tx_release(&tx[0]);
	zen_tx_release(&tx[1]);
	mine_to(c, 10);
	tap_ok(1, "block 10 without a payout connects");

	/* ROOT nominates win (block 91), votes 5% and win (block 96) */
	elect(c, coins, &win, 5);

	mine_to(c, 109);
	if (zen_chain_read_begin(c, &r, NULL) || zen_chain_read_cgp(r, &view, NULL))
		die("read cgp", NULL);
	zen_chain_read_end(r);
	tap_ok(view.interval == 2 && view.next.allocation == 5 &&
	       view.next.has_payout &&
	       !zen_cgp_payout_cmp(&view.next.payout, &win),
	       "at tip 109 the next block owes 5%% and the winner");
	zen_cgp_state_release(&view.next);

	tap_ok(refused(c, NULL, 0, "No payout Tx"),
	       "block 110 without the payout is refused");
	spare[0] = coins[0];
	payout_tx(c, &tx[0], &other, &spare[0]);
	tap_ok(refused(c, &tx[0], 1, "Contract outputs are not the same as "
		       "the payout winner"),
	       "block 110 paying 999 instead of 1000 is refused");
	zen_tx_release(&tx[0]);
	payout_tx(c, &tx[0], &win, &coins[1]);
	payout_weight = weight_of(c, &tx[0]);
	mine_block(c, &tx[0], 1);
	tap_ok(tip_number(c) == 110, "block 110 with the payout connects");
	{
		struct zen_chain_verify_report rep;
		struct zen_err err = ZEN_ERR_INIT;

		tap_ok(!zen_chain_verify(c, &rep, &err), "the pool's funds and "
		       "the balances agree with the UTXO set (%s)", err.msg);
	}
	zen_tx_release(&tx[0]);
	drop_chain(c, dir);
}

/* Two stores: A connects blocks 2-95 with votes and then switches to a
 * longer branch forked at 89; B only ever sees blocks 2-89 and that
 * branch.  Their cgp tables must be the same bytes. */
static void test_reorg_exact(void)
{
	char da[] = "/tmp/zen-test-cgp-a.XXXXXX", db[] = "/tmp/zen-test-cgp-b.XXXXXX";
	struct zen_chainstate *a = new_chain(da), *b = new_chain(db);
	struct zen_buf raw = ZEN_BUF_INIT, ta = ZEN_BUF_INIT, tb = ZEN_BUF_INIT;
	struct zen_block blk;
	struct zen_cgp_payout win;
	struct zen_spend s;
	struct coin coins[2];
	char reason[ZEN_ERR_MSG_MAX];

	fund(a, coins);
	/* B takes A's blocks as they come, up to 89 */
	while (tip_number(a) < 89) {
		mine_block(a, NULL, 0);
	}
	for (uint32_t n = 2; n <= 89; n++) {
		struct zen_chain_read *r;
		struct zen_block_info info;
		struct zen_block_result res;

		zen_buf_reset(&raw);
		if (zen_chain_read_begin(a, &r, NULL) ||
		    zen_chain_read_main(r, &info, n, NULL) ||
		    zen_chain_read_block(r, &raw, NULL, info.hash, NULL))
			die("read block", NULL);
		zen_chain_read_end(r);
		if (zen_chain_submit_block(b, &res, raw.data, raw.len, NULL) ||
		    res.outcome != ZEN_BLOCK_ON_MAIN)
			die("copy a block", NULL);
	}
	/* A goes on with a nomination and votes */
	payout_to_root(&win, &s, 1000);
	elect(a, coins, &win, -1);
	dump_cgp(a, &ta);
	dump_cgp(b, &tb);
	tap_ok(ta.len > tb.len, "A's tables hold more than B's (%zu, %zu)",
	       ta.len, tb.len);
	/* B mines 10 blocks on 89; they go to A, which switches to them */
	for (int i = 0; i < 10; i++) {
		block_with(b, &blk, NULL, 0);
		if (submit(b, &blk, reason))
			die(reason, NULL);
		if (submit(a, &blk, reason) && i == 9)
			die(reason, NULL);
		zen_block_release(&blk);
	}
	tap_ok(tip_number(a) == 99 && tip_number(b) == 99,
	       "A switched to B's branch at 99");
	dump_cgp(a, &ta);
	dump_cgp(b, &tb);
	tap_ok(ta.len == tb.len && !memcmp(ta.data, tb.data, ta.len),
	       "A's cgp tables after the switch are B's, byte for byte");
	{
		struct zen_chain_verify_report rep;
		struct zen_err err = ZEN_ERR_INIT;

		tap_ok(!zen_chain_verify(a, &rep, &err),
		       "A passes zen node verify: balances and undo records "
		       "(%s)", err.msg);
	}
	{	/* and it would see a balance nobody holds */
		struct zen_chain_verify_report rep;
		struct zen_err err = ZEN_ERR_INIT;
		struct zen_store_txn *t;
		uint8_t key[1 + ZEN_HASH_LEN] = { 'B' }, one[8] = { [7] = 1 };

		if (zen_store_begin(a->store, NULL, 1, &t, &err) ||
		    zen_store_put(t, ZEN_DB_CGP, key, sizeof(key), one, 8,
				  &err) ||
		    zen_store_commit(t, &err))
			die("tamper", &err);
		tap_ok(zen_chain_verify(a, &rep, &err) == ZEN_ESTORE &&
		       strstr(err.msg, "cgp balances differ"),
		       "a stray cgp balance fails zen node verify (%s)",
		       err.msg);
	}
	zen_buf_release(&raw);
	zen_buf_release(&ta);
	zen_buf_release(&tb);
	drop_chain(a, da);
	drop_chain(b, db);
}

/*
 * The payout is exempt from the weight limits (7.3, section 20): on a
 * chain whose limit is below the payout's own weight (every other block
 * stays far under it), block 110 with the payout still connects, and
 * the template takes the payout.
 */
static void test_weight_exemption(void)
{
	char dir[] = "/tmp/zen-test-cgp-w.XXXXXX";
	struct zen_chain_params small = *zen_chain_params(ZEN_CHAIN_LOCAL);
	const struct zen_chain_params *normal = P;
	struct zen_chainstate *c;
	struct zen_cgp_payout win;
	struct zen_spend s_win;
	struct zen_tx tx[2];
	struct coin coins[2];
	struct zen_block b;

	small.max_block_weight = payout_weight - 1;
	P = &small;
	c = new_chain(dir);
	fund(c, coins);
	payout_to_root(&win, &s_win, 1000);
	elect(c, coins, &win, -1);
	mine_to(c, 109);
	payout_tx(c, &tx[1], &win, &coins[1]);
	tap_ok(weight_of(c, &tx[1]) > small.max_block_weight,
	       "the payout weighs more than this chain's limit (%llu > %llu)",
	       (unsigned long long)weight_of(c, &tx[1]),
	       (unsigned long long)small.max_block_weight);
	mine_block(c, &tx[1], 1);
	tap_ok(tip_number(c) == 110, "block 110 with the payout connects all "
	       "the same");
	zen_tx_release(&tx[1]);
	block_with(c, &b, NULL, 0);
	tap_ok(b.header.block_number == 111, "the next template is fine");
	zen_block_release(&b);
	drop_chain(c, dir);
	P = normal;
}

int main(void)
{
	P = zen_chain_params(ZEN_CHAIN_LOCAL);
	root_key();
	test_payout_rule();
	test_weight_exemption();
	test_reorg_exact();
	return tap_done();
}
