/*
 * test-wallet-spend.c - spends and coin reservations (wallet.h,
 * "Spending") on a real chain store and wallet store of the local chain:
 * the genesis output of ROOT_WORDS is split into coins of 1000 kalapas
 * (the rest paid away, so the wallet holds exactly those coins), then
 * spends pick disjoint coins, an unfundable spend fails, an aborted spend
 * reserves nothing, reservations are released as wallet.h says (a send
 * that is not in the mempool at once, a raw one after
 * ZEN_WALLET_RAW_HOLD seconds of an injected clock, any once its coin is
 * spent in a block), and threads spending from one wallet at once never
 * share a coin.
 */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/chain/chain.h"
#include "core/consensus/consensus.h"
#include "core/encoding/hex.h"
#include "core/wallet/txbuild.h"
#include "core/wallet/wallet.h"
#include "tap.h"

#define ROOT_WORDS "feel muffin volcano click mercy abuse bachelor ginger limb " \
	"tomorrow okay input spend athlete boring security document exclude " \
	"liar dune usage camera ranch thought"
#define GENESIS_AMOUNT 100000000000ULL
#define COIN 1000

static const struct zen_chain_params *P;
static const uint8_t FOREIGN[ZEN_HASH_LEN] = { 0x77, 0x77, 0x77 };

/* The wallet's clock (unix seconds), moved by the tests. */
static uint64_t wclock = 1700000000;

static uint64_t test_wclock(void *ctx)
{
	(void)ctx;
	return wclock;
}

struct fixture {
	char dir[64];
	struct zen_chainstate *chain;
	struct zen_wallet *w;
	struct zen_wallet_secret *s;
	uint8_t root[ZEN_HASH_LEN];	/* pkHash of external 0 */
};

static int rm_entry(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

static void die(const char *what, const struct zen_err *err)
{
	tap_ok(0, "%s: %s", what, err ? err->msg : "");
	tap_done();
	exit(1);
}

/* ---- building transactions -------------------------------------------- */

/* outputs: n payments of amount to pkh. */
static struct zen_output *outputs_to(const uint8_t pkh[ZEN_HASH_LEN],
				     uint64_t amount, size_t n)
{
	struct zen_output *o = calloc(n, sizeof(*o));

	for (size_t i = 0; i < n; i++) {
		zen_output_init(&o[i]);
		o[i].lock.id = ZEN_LOCK_PK;
		memcpy(o[i].lock.pk_hash, pkh, ZEN_HASH_LEN);
		o[i].spend.amount = amount;
	}
	return o;
}

static void outputs_free(struct zen_output *o, size_t n)
{
	for (size_t i = 0; i < n; i++)
		zen_output_release(&o[i]);
	free(o);
}

/* Sign the wallet inputs of tx with the keys of the view's addresses. */
static int sign(struct fixture *f, const struct zen_wallet_view *v,
		struct zen_tx *tx, const struct zen_wallet_coin *coins,
		const struct zen_coin_selection *sel, struct zen_err *err)
{
	uint8_t (*keys)[ZEN_SECKEY_LEN] = calloc(sel->n_picked + 1,
						 ZEN_SECKEY_LEN);
	int rc = 0;

	for (size_t i = 0; !rc && i < sel->n_picked; i++) {
		const struct zen_waddr *a =
			zen_wallet_view_addr(v, coins[sel->picked[i]].pk_hash);

		rc = a ? zen_wallet_address_seckey(&f->s->account, a->kind,
						   a->index, keys[i], err)
		       : zen_fail(err, ZEN_EINTERNAL, "coin of no address");
	}
	if (!rc)
		rc = zen_wallet_sign_inputs(tx, (const uint8_t (*)[ZEN_SECKEY_LEN])keys,
					    sel->n_picked, ZEN_SIGHASH_TXHASH, err);
	free(keys);
	if (!rc)
		zen_tx_finalize(tx);
	return rc;
}

/* Build and sign, in the open spend sp, a payment of outs from the
 * spend's view v. */
static int build_signed(struct fixture *f, const struct zen_wallet_view *v,
			const struct zen_output *outs, size_t n_outs,
			struct zen_tx *tx, struct zen_err *err)
{
	struct zen_wallet_coin *coins = NULL;
	struct zen_coin_selection sel = ZEN_COIN_SELECTION_INIT;
	uint8_t pub[ZEN_PUBKEY_LEN], change[ZEN_HASH_LEN];
	size_t n = 0;
	int rc = zen_wallet_address_key(&v->account.xpub, ZEN_WADDR_CHANGE, 0,
					pub, change, err);

	zen_wallet_view_coins(v, &coins, &n);
	if (!rc)
		rc = zen_wallet_build_send(tx, &sel, coins, n, outs, n_outs,
					   change, v->tip, P->coinbase_maturity,
					   err) ?:
		     sign(f, v, tx, coins, &sel, err);
	zen_coin_selection_release(&sel);
	free(coins);
	return rc;
}

/*
 * One whole spend: begin, pay outs, submit to the mempool when publish,
 * commit with kind.  Out: tx (initialized by the caller).
 */
static int spend(struct fixture *f, const struct zen_output *outs,
		 size_t n_outs, int publish, enum zen_wallet_spend_kind kind,
		 struct zen_tx *tx, struct zen_err *err)
{
	struct zen_wallet_spend *sp = NULL;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	int rc = zen_wallet_spend_begin(f->w, f->chain, &sp, &v, err) ?:
		 build_signed(f, &v, outs, n_outs, tx, err);

	if (!rc && publish)
		rc = zen_chain_submit_tx(f->chain, NULL, NULL, tx->raw,
					 tx->raw_len, err);
	if (!rc)
		rc = zen_wallet_spend_commit(sp, tx, kind, err);
	else
		zen_wallet_spend_abort(sp);
	zen_wallet_view_release(&v);
	return rc;
}

/* Pay amount to FOREIGN. */
static int pay(struct fixture *f, uint64_t amount, int publish,
	       enum zen_wallet_spend_kind kind, struct zen_tx *tx,
	       struct zen_err *err)
{
	struct zen_output *o = outputs_to(FOREIGN, amount, 1);
	int rc = spend(f, o, 1, publish, kind, tx, err);

	outputs_free(o, 1);
	return rc;
}

/* ---- the chain ----------------------------------------------------------- */

static void mine_block(struct fixture *f)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_block_result res;
	struct zen_buf raw = ZEN_BUF_INIT;
	struct zen_block b;
	uint8_t h[ZEN_HASH_LEN];

	zen_block_init(&b);
	if (zen_chain_template(f->chain, &b, FOREIGN, &err))
		die("template", &err);
	for (b.header.nonce[1] = 0;; b.header.nonce[1]++) {
		zen_header_hash(h, &b.header);
		if (zen_pow_valid(h, b.header.difficulty, P->pow_limit))
			break;
	}
	zen_block_encode(&raw, &b);
	if (zen_chain_submit_block(f->chain, &res, raw.data, raw.len, &err) ||
	    res.outcome != ZEN_BLOCK_ON_MAIN)
		die("mined block refused", &err);
	zen_buf_release(&raw);
	zen_block_release(&b);
}

/* Where tx is: 1 mempool, 2 main chain, 0 nowhere. */
static int tx_where(struct fixture *f, const uint8_t hash[ZEN_HASH_LEN])
{
	struct zen_chain_read *r;
	struct zen_tx_location loc;
	struct zen_buf raw = ZEN_BUF_INIT;
	int rc, where = 0;

	if (zen_chain_read_begin(f->chain, &r, NULL))
		return -1;
	rc = zen_chain_read_tx(r, &raw, &loc, hash, NULL);
	if (!rc)
		where = loc.in_mempool ? 1 : 2;
	zen_chain_read_end(r);
	zen_buf_release(&raw);
	return where;
}

/*
 * A chain and a wallet of ROOT_WORDS whose genesis output is split into
 * n coins of COIN kalapas, confirmed; the rest goes to FOREIGN.
 */
static void fixture_open(struct fixture *f, size_t n)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_kdf kdf = { 1, 65536 };
	struct zen_output *o = outputs_to(f->root, COIN, n + 1);
	struct zen_tx tx;
	uint8_t pub[ZEN_PUBKEY_LEN];
	struct zen_wallet_account acc;

	snprintf(f->dir, sizeof(f->dir), "/tmp/zen-wallet-spend.XXXXXX");
	if (!mkdtemp(f->dir) || zen_chain_open(&f->chain, f->dir, P, &err) ||
	    zen_wallet_open(&f->w, f->dir, P, &err) ||
	    zen_wallet_import(f->w, ROOT_WORDS, "pw", &kdf, &err) ||
	    zen_wallet_unlock(f->w, "pw", &f->s, &err) ||
	    zen_wallet_account(f->w, &acc, &err) ||
	    zen_wallet_address_key(&acc.xpub, ZEN_WADDR_EXTERNAL, 0, pub,
				   f->root, &err))
		die("fixture", &err);
	zen_wallet_set_clock(f->w, test_wclock, NULL);
	outputs_free(o, n + 1);
	o = outputs_to(f->root, COIN, n + 1);
	memcpy(o[n].lock.pk_hash, FOREIGN, ZEN_HASH_LEN);
	o[n].spend.amount = GENESIS_AMOUNT - n * COIN;
	zen_tx_init(&tx);
	if (spend(f, o, n + 1, 1, ZEN_WSPEND_SEND, &tx, &err))
		die("split the genesis output", &err);
	zen_tx_release(&tx);
	outputs_free(o, n + 1);
	mine_block(f);
}

static void fixture_close(struct fixture *f)
{
	zen_wallet_secret_free(f->s);
	zen_wallet_close(f->w);
	zen_chain_close(f->chain);
	nftw(f->dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* ---- helpers over views ------------------------------------------------- */

/* The coins a new spend would offer (the spend is aborted: nothing is
 * written, the sweep included). */
static size_t offered(struct fixture *f)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_wallet_spend *sp;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	struct zen_wallet_coin *coins = NULL;
	size_t n = 0;

	if (zen_wallet_spend_begin(f->w, f->chain, &sp, &v, &err))
		die("spend begin", &err);
	zen_wallet_view_coins(&v, &coins, &n);
	free(coins);
	zen_wallet_spend_abort(sp);
	zen_wallet_view_release(&v);
	return n;
}

/* The read-only view: unspent coins, how many of them reserved. */
static void read_view(struct fixture *f, size_t *unspent, size_t *reserved)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_chain_read *r;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;

	*unspent = *reserved = 0;
	if (zen_chain_read_begin(f->chain, &r, &err) ||
	    zen_wallet_view(f->w, r, &v, &err))
		die("view", &err);
	for (size_t i = 0; i < v.n_outs; i++) {
		*unspent += !v.outs[i].spent;
		*reserved += v.outs[i].reserved;
	}
	zen_wallet_view_release(&v);
	zen_chain_read_end(r);
}

/* A spend that spends nothing: its commit keeps what the sweep of its
 * begin deleted. */
static void sweep(struct fixture *f)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_wallet_spend *sp;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	struct zen_tx none;

	zen_tx_init(&none);
	if (zen_wallet_spend_begin(f->w, f->chain, &sp, &v, &err) ||
	    zen_wallet_spend_commit(sp, &none, ZEN_WSPEND_SEND, &err))
		die("sweep", &err);
	zen_tx_release(&none);
	zen_wallet_view_release(&v);
}

static int inputs_disjoint(const struct zen_tx *a, const struct zen_tx *b)
{
	for (size_t i = 0; i < a->n_inputs; i++)
		for (size_t j = 0; j < b->n_inputs; j++)
			if (!zen_outpoint_cmp(&a->inputs[i].outpoint,
					      &b->inputs[j].outpoint))
				return 0;
	return 1;
}

/* Is every input of tx reserved for tx with kind?  (0 when not.) */
static int reserved_for(struct fixture *f, const struct zen_tx *tx,
			enum zen_wallet_spend_kind kind)
{
	for (size_t i = 0; i < tx->n_inputs; i++) {
		struct zen_wallet_reservation res;

		if (zen_wallet_reservation(f->w, &tx->inputs[i].outpoint, &res,
					   NULL) ||
		    memcmp(res.tx_hash, tx->tx_hash, ZEN_HASH_LEN) ||
		    res.kind != kind || res.time != wclock)
			return 0;
	}
	return tx->n_inputs > 0;
}

/* Is no input of tx reserved (for any transaction)? */
static int none_reserved(struct fixture *f, const struct zen_tx *tx)
{
	for (size_t i = 0; i < tx->n_inputs; i++) {
		struct zen_wallet_reservation res;

		if (zen_wallet_reservation(f->w, &tx->inputs[i].outpoint, &res,
					   NULL) != ZEN_ENOTFOUND)
			return 0;
	}
	return 1;
}

/* ---- the cases ------------------------------------------------------------ */

static void test_reservations(void)
{
	struct fixture f;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_tx t1, t2, r1, x1, x2, fake;
	struct zen_wallet_reservation res;
	size_t unspent, reserved;
	uint64_t t0;

	fixture_open(&f, 8);
	zen_tx_init(&t1), zen_tx_init(&t2), zen_tx_init(&r1);
	zen_tx_init(&x1), zen_tx_init(&x2), zen_tx_init(&fake);
	tap_u64(offered(&f), 8, "the wallet holds the 8 coins of the split");

	/* Two sends in a row, each of two coins. */
	tap_ok(!pay(&f, 2 * COIN, 1, ZEN_WSPEND_SEND, &t1, &err) &&
	       !pay(&f, 2 * COIN, 1, ZEN_WSPEND_SEND, &t2, &err),
	       "two sends of two coins: %s", err.msg);
	tap_ok(t1.n_inputs == 2 && t2.n_inputs == 2 && inputs_disjoint(&t1, &t2) &&
	       memcmp(t1.tx_hash, t2.tx_hash, ZEN_HASH_LEN),
	       "two spends in a row: two transactions, disjoint coins");
	tap_ok(tx_where(&f, t1.tx_hash) == 1 && tx_where(&f, t2.tx_hash) == 1,
	       "both are in the mempool");
	tap_ok(reserved_for(&f, &t1, ZEN_WSPEND_SEND) &&
	       reserved_for(&f, &t2, ZEN_WSPEND_SEND),
	       "their coins are reserved for them, kind send, at the clock's time");

	/* A raw transaction: the mempool does not know it, only the
	 * reservations keep its coins. */
	t0 = wclock;
	tap_ok(!pay(&f, 2 * COIN, 0, ZEN_WSPEND_RAW, &r1, &err) &&
	       r1.n_inputs == 2 && inputs_disjoint(&r1, &t1) &&
	       inputs_disjoint(&r1, &t2) && reserved_for(&f, &r1, ZEN_WSPEND_RAW),
	       "a raw spend reserves two other coins: %s", err.msg);
	tap_u64(offered(&f), 2, "two coins are left to offer");
	read_view(&f, &unspent, &reserved);
	tap_ok(unspent == 4 && reserved == 2, "the read-only view counts the raw "
	       "spend's coins as unspent and marks them reserved (%zu, %zu)",
	       unspent, reserved);
	tap_ok(pay(&f, 2 * COIN + 1, 1, ZEN_WSPEND_SEND, &x1, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "not enough tokens"),
	       "more than the unreserved coins: not enough tokens (%s)", err.msg);
	tap_u64(offered(&f), 2, "the refused spend reserved nothing");

	/* Abort. */
	{
		struct zen_wallet_spend *sp;
		struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
		struct zen_output *o = outputs_to(FOREIGN, COIN, 1);
		int rc = zen_wallet_spend_begin(f.w, f.chain, &sp, &v, &err) ?:
			 build_signed(&f, &v, o, 1, &x1, &err);

		zen_wallet_spend_abort(sp);
		zen_wallet_view_release(&v);
		rc = rc ?: zen_wallet_spend_begin(f.w, f.chain, &sp, &v, &err) ?:
		     build_signed(&f, &v, o, 1, &x2, &err);
		zen_wallet_spend_abort(sp);
		zen_wallet_view_release(&v);
		outputs_free(o, 1);
		tap_ok(!rc && x1.n_inputs == 1 && !inputs_disjoint(&x1, &x2) &&
		       none_reserved(&f, &x1),
		       "an aborted spend reserves nothing: the next offers its coin "
		       "again (%s)", err.msg);
	}

	/* A send that never reached the mempool is released at once. */
	tap_ok(!pay(&f, COIN, 0, ZEN_WSPEND_SEND, &fake, &err) &&
	       reserved_for(&f, &fake, ZEN_WSPEND_SEND),
	       "a send committed without the mempool is recorded: %s", err.msg);
	read_view(&f, &unspent, &reserved);
	tap_ok(reserved == 2, "the read-only view does not hold its coin (%zu)",
	       reserved);
	tap_u64(offered(&f), 2, "the next spend offers its coin again");
	sweep(&f);
	tap_ok(none_reserved(&f, &fake), "a committed spend deleted the stale "
	       "reservation");
	tap_ok(reserved_for(&f, &r1, ZEN_WSPEND_RAW), "and kept the raw one");
	zen_tx_release(&x1);
	zen_tx_init(&x1);
	tap_ok(!pay(&f, 2 * COIN, 1, ZEN_WSPEND_SEND, &x1, &err) &&
	       !inputs_disjoint(&x1, &fake) &&
	       !zen_wallet_reservation(f.w, &fake.inputs[0].outpoint, &res, &err) &&
	       !memcmp(res.tx_hash, x1.tx_hash, ZEN_HASH_LEN),
	       "a send takes the coin (%s)", err.msg);
	tap_u64(offered(&f), 0, "every coin is spent or reserved");

	/* The raw spend's hold. */
	wclock = t0 + ZEN_WALLET_RAW_HOLD - 1;
	tap_u64(offered(&f), 0, "a raw spend's coins are held for "
		"ZEN_WALLET_RAW_HOLD - 1 s");
	wclock = t0 + ZEN_WALLET_RAW_HOLD;
	tap_u64(offered(&f), 2, "and released after ZEN_WALLET_RAW_HOLD s");
	read_view(&f, &unspent, &reserved);
	tap_u64(reserved, 0, "the read-only view agrees");
	wclock = t0 + 1;
	tap_u64(offered(&f), 0, "(an aborted spend deleted nothing: held again "
		"at an earlier time)");

	/* Published elsewhere, then mined: every coin is spent on the main
	 * chain and every reservation is gone, whatever its kind. */
	tap_ok(!zen_chain_submit_tx(f.chain, NULL, NULL, r1.raw, r1.raw_len, &err),
	       "the raw transaction is published: %s", err.msg);
	wclock = t0 + 2 * ZEN_WALLET_RAW_HOLD;
	tap_u64(offered(&f), 0, "in the mempool, its coins stay spent past the hold");
	sweep(&f);
	read_view(&f, &unspent, &reserved);
	tap_ok(!zen_wallet_reservation(f.w, &r1.inputs[0].outpoint, &res, &err) &&
	       !zen_wallet_reservation(f.w, &r1.inputs[1].outpoint, &res, &err) &&
	       reserved == 0, "its reservations hold while it is in the mempool "
	       "(its coins are spent there, not marked reserved)");
	mine_block(&f);
	tap_ok(tx_where(&f, t1.tx_hash) == 2 && tx_where(&f, r1.tx_hash) == 2 &&
	       tx_where(&f, x1.tx_hash) == 2, "the block confirms them");
	read_view(&f, &unspent, &reserved);
	tap_ok(none_reserved(&f, &t1) && none_reserved(&f, &t2) &&
	       none_reserved(&f, &r1) && none_reserved(&f, &x1),
	       "the sync that saw the block deleted their reservations");
	tap_ok(unspent == 0 && reserved == 0, "nothing is left (%zu, %zu)",
	       unspent, reserved);

	zen_tx_release(&t1), zen_tx_release(&t2), zen_tx_release(&r1);
	zen_tx_release(&x1), zen_tx_release(&x2), zen_tx_release(&fake);
	fixture_close(&f);
	wclock = 1700000000;
}

/* A raw transaction signed again keeps its coins; another transaction
 * spending one of them is refused at commit. */
static void test_conflict(void)
{
	struct fixture f;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_wallet_spend *sp;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	struct zen_output *o = outputs_to(FOREIGN, COIN, 1);
	struct zen_tx r1, r2;
	char want[256];
	int rc;

	fixture_open(&f, 1);
	zen_tx_init(&r1);
	zen_tx_init(&r2);
	tap_ok(!pay(&f, COIN, 0, ZEN_WSPEND_RAW, &r1, &err), "raw spend: %s",
	       err.msg);
	/* The same coin, another transaction (as a raw transaction built
	 * elsewhere and brought to this wallet to sign). */
	if (zen_tx_decode(&r2, r1.raw, r1.raw_len, &err))
		die("decode", &err);
	r2.outputs[0].spend.amount = COIN - 1;
	zen_tx_compute_hash(r2.tx_hash, &r2);
	rc = zen_wallet_spend_begin(f.w, f.chain, &sp, &v, &err) ?:
	     zen_wallet_spend_commit(sp, &r2, ZEN_WSPEND_RAW, &err);
	{
		char coin[65], other[65];

		zen_hex_encode_to(coin, r1.inputs[0].outpoint.tx_hash, 32);
		zen_hex_encode_to(other, r1.tx_hash, 32);
		snprintf(want, sizeof(want), "coin %s:%u is reserved for "
			 "transaction %s", coin, r1.inputs[0].outpoint.index, other);
	}
	tap_ok(rc == ZEN_EREFUSED, "a coin reserved for another raw transaction "
	       "is refused");
	tap_str(err.msg, want, "the message names the coin and the transaction");
	tap_ok(reserved_for(&f, &r1, ZEN_WSPEND_RAW),
	       "the refused commit wrote nothing");
	wclock += 60;
	rc = zen_wallet_spend_begin(f.w, f.chain, &sp, &v, &err) ?:
	     zen_wallet_spend_commit(sp, &r1, ZEN_WSPEND_RAW, &err);
	tap_ok(!rc && reserved_for(&f, &r1, ZEN_WSPEND_RAW),
	       "the same transaction again refreshes its time: %s", err.msg);
	zen_wallet_view_release(&v);
	outputs_free(o, 1);
	zen_tx_release(&r1);
	zen_tx_release(&r2);
	fixture_close(&f);
	wclock = 1700000000;
}

/* ---- threads ---------------------------------------------------------------- */

#define N_COINS 12
#define N_THREADS 18

struct worker {
	pthread_t th;
	struct fixture *f;
	struct zen_tx tx;
	struct zen_err err;
	int rc;
};

static void *work(void *arg)
{
	struct worker *wk = arg;

	wk->rc = pay(wk->f, COIN, 1, ZEN_WSPEND_SEND, &wk->tx, &wk->err);
	return NULL;
}

static void test_threads(void)
{
	struct fixture f;
	struct worker wk[N_THREADS];
	size_t ok = 0, short_ = 0, other = 0, in_pool = 0, disjoint = 1;

	fixture_open(&f, N_COINS);
	for (int i = 0; i < N_THREADS; i++) {
		wk[i].f = &f;
		zen_tx_init(&wk[i].tx);
		wk[i].err = (struct zen_err)ZEN_ERR_INIT;
		wk[i].rc = -1;
		if (pthread_create(&wk[i].th, NULL, work, &wk[i]))
			die("pthread_create", NULL);
	}
	for (int i = 0; i < N_THREADS; i++)
		pthread_join(wk[i].th, NULL);
	for (int i = 0; i < N_THREADS; i++) {
		if (!wk[i].rc) {
			ok++;
			in_pool += tx_where(&f, wk[i].tx.tx_hash) == 1;
			for (int j = 0; j < i; j++)
				if (!wk[j].rc && (!inputs_disjoint(&wk[i].tx, &wk[j].tx) ||
				    !memcmp(wk[i].tx.tx_hash, wk[j].tx.tx_hash, 32)))
					disjoint = 0;
		} else if (!strcmp(wk[i].err.msg, "not enough tokens")) {
			short_++;
		} else {
			other++;
			tap_diag("thread %d: %s", i, wk[i].err.msg);
		}
	}
	tap_u64(ok, N_COINS, "%d threads spending one coin each at once: one "
		"success per coin", N_THREADS);
	tap_u64(short_, N_THREADS - N_COINS, "the others: not enough tokens");
	tap_u64(other, 0, "no other failure");
	tap_ok(disjoint, "every success is its own transaction on its own coin");
	tap_u64(in_pool, ok, "every success is in the mempool");
	for (int i = 0; i < N_THREADS; i++)
		zen_tx_release(&wk[i].tx);
	fixture_close(&f);
}

int main(void)
{
	P = zen_chain_params(ZEN_CHAIN_LOCAL);
	test_reservations();
	test_conflict();
	test_threads();
	return tap_done();
}
