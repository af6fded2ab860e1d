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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chain-fixture.h"
#include "core/cgp/vote.h"
#include "core/chain/cgp-int.h"
#include "core/encoding/hex.h"
#include "core/types/data.h"
#include "core/wallet/txbuild.h"
#include "tap.h"

#define ZP(n) ((uint64_t)(n) * 100000000ULL)

static const struct zen_chain_params *P;
static uint8_t root_sec[ZEN_SECKEY_LEN], root_pkh[ZEN_HASH_LEN];

/* A coin of ROOT: what the next transaction spends. */
struct coin {
	struct zen_outpoint op;
	uint64_t amount;
};

/* ---- blocks ---- */

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
	fx_mine(c, root_pkh, txs, n);
}

static void mine_to(struct zen_chainstate *c, uint32_t number)
{
	while (fx_tip_number(c) < number)
		mine_block(c, NULL, 0);
}

/* Is the next block with txs refused with reason? */
static int refused(struct zen_chainstate *c, const struct zen_tx *txs,
		   size_t n, const char *reason)
{
	char got[ZEN_ERR_MSG_MAX];
	struct zen_block b;
	uint32_t before = fx_tip_number(c);
	int rc;

	fx_block_with(c, &b, root_pkh, txs, n);
	rc = submit(c, &b, got);
	zen_block_release(&b);
	if (!rc || !strstr(got, reason))
		tap_diag("got '%s', want '%s'", got, reason);
	return rc && strstr(got, reason) && fx_tip_number(c) == before;
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
 * to ROOT, sign it; the coin becomes the transaction's first output. */
static void execute(struct zen_chainstate *c, struct zen_tx *tx,
		    const struct zen_contract_id *cid, const char *command,
		    const struct zen_data *body, struct coin *coin)
{
	fx_execute(c, tx, cid, command, body, &coin->op, coin->amount,
		   root_sec, root_pkh);
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
				 FX_GENESIS_TX, &err))
		fx_die("genesis", &err);
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
		fx_die("sign", &err);
	zen_tx_finalize(&tx);
	mine_block(c, &tx, 1);
	for (uint32_t i = 0; i < 2; i++) {
		memcpy(coins[i].op.tx_hash, tx.tx_hash, ZEN_HASH_LEN);
		coins[i].op.index = i;
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
	if (zen_cgp_vote_body(&body, P, fx_tip_number(c) + 1, kind, ballot,
			      (const uint8_t (*)[ZEN_SECKEY_LEN])root_sec, 1,
			      &err))
		fx_die("vote body", &err);
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
		fx_die("read", &err);
	for (size_t i = 0; i < tx->n_inputs; i++) {
		zen_output_init(&in[i]);
		if (zen_chain_read_utxo(r, &in[i], &tx->inputs[i].outpoint,
					&err))
			fx_die("utxo", &err);
	}
	zen_chain_read_end(r);
	if (zen_tx_weight(&w, tx, in, &err))
		fx_die("weight", &err);
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
		fx_die("dump", NULL);
	zen_chain_read_end(r);
}

/* ---- the tests ---- */

/* The payout's weight, found by test_payout_rule (for the exemption). */
static uint64_t payout_weight;

static void test_payout_rule(void)
{
	char dir[] = "/tmp/zen-test-cgp.XXXXXX";
	struct zen_chainstate *c = fx_chain_open(dir, P, 1);
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
	       fx_tip_number(c) == 9, "... and nothing of them stays");
	zen_tx_release(&tx[0]);
	zen_tx_release(&tx[1]);
	mine_to(c, 10);
	tap_ok(1, "block 10 without a payout connects");

	/* ROOT nominates win (block 91), votes 5% and win (block 96) */
	elect(c, coins, &win, 5);

	mine_to(c, 109);
	if (zen_chain_read_begin(c, &r, NULL) || zen_chain_read_cgp(r, &view, NULL))
		fx_die("read cgp", NULL);
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
	tap_ok(fx_tip_number(c) == 110, "block 110 with the payout connects");
	{
		struct zen_chain_verify_report rep;
		struct zen_err err = ZEN_ERR_INIT;

		tap_ok(!zen_chain_verify(c, &rep, &err), "the pool's funds and "
		       "the balances agree with the UTXO set (%s)", err.msg);
	}
	zen_tx_release(&tx[0]);
	fx_chain_drop(c, dir);
}

/* Two stores: A connects blocks 2-95 with votes and then switches to a
 * longer branch forked at 89; B only ever sees blocks 2-89 and that
 * branch.  Their cgp tables must be the same bytes. */
static void test_reorg_exact(void)
{
	char da[] = "/tmp/zen-test-cgp-a.XXXXXX", db[] = "/tmp/zen-test-cgp-b.XXXXXX";
	struct zen_chainstate *a = fx_chain_open(da, P, 1);
	struct zen_chainstate *b = fx_chain_open(db, P, 1);
	struct zen_buf raw = ZEN_BUF_INIT, ta = ZEN_BUF_INIT, tb = ZEN_BUF_INIT;
	struct zen_block blk;
	struct zen_cgp_payout win;
	struct zen_spend s;
	struct coin coins[2];
	char reason[ZEN_ERR_MSG_MAX];

	fund(a, coins);
	/* B takes A's blocks as they come, up to 89 */
	while (fx_tip_number(a) < 89) {
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
			fx_die("read block", NULL);
		zen_chain_read_end(r);
		if (zen_chain_submit_block(b, &res, raw.data, raw.len, NULL) ||
		    res.outcome != ZEN_BLOCK_ON_MAIN)
			fx_die("copy a block", NULL);
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
		fx_block_with(b, &blk, root_pkh, NULL, 0);
		if (submit(b, &blk, reason))
			fx_die(reason, NULL);
		if (submit(a, &blk, reason) && i == 9)
			fx_die(reason, NULL);
		zen_block_release(&blk);
	}
	tap_ok(fx_tip_number(a) == 99 && fx_tip_number(b) == 99,
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
			fx_die("tamper", &err);
		tap_ok(zen_chain_verify(a, &rep, &err) == ZEN_ESTORE &&
		       strstr(err.msg, "cgp balances differ"),
		       "a stray cgp balance fails zen node verify (%s)",
		       err.msg);
	}
	zen_buf_release(&raw);
	zen_buf_release(&ta);
	zen_buf_release(&tb);
	fx_chain_drop(a, da);
	fx_chain_drop(b, db);
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
	c = fx_chain_open(dir, P, 1);
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
	tap_ok(fx_tip_number(c) == 110, "block 110 with the payout connects all "
	       "the same");
	zen_tx_release(&tx[1]);
	fx_block_with(c, &b, root_pkh, NULL, 0);
	tap_ok(b.header.block_number == 111, "the next template is fine");
	zen_block_release(&b);
	fx_chain_drop(c, dir);
	P = normal;
}

int main(void)
{
	P = zen_chain_params(ZEN_CHAIN_LOCAL);
	fx_key(0, root_sec, root_pkh);
	test_payout_rule();
	test_weight_exemption();
	test_reorg_exact();
	return tap_done();
}
