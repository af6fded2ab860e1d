/*
 * Unit tests of the wallet's pure logic: coin selection, coinbase
 * maturity, history netting and ordering (wallet.json behaviour vectors).
 */
#include <stdlib.h>
#include <string.h>

#include "core/wallet/coins.h"
#include "core/wallet/history.h"
#include "wallet-helpers.h"

/* A ZP coin whose txHash is all b. */
static struct zen_wallet_coin zp_coin(uint8_t b, uint32_t index, uint64_t amount)
{
	struct zen_wallet_coin c;

	memset(&c, 0, sizeof(c));
	memset(c.outpoint.tx_hash, b, ZEN_HASH_LEN);
	c.outpoint.index = index;
	c.spend.amount = amount;
	return c;
}

static struct zen_spend zp(uint64_t amount)
{
	struct zen_spend s;

	memset(&s, 0, sizeof(s));
	s.amount = amount;
	return s;
}

static void test_selection_vectors(void)
{
	static const char *const ids[] = {
		"coin-selection-change", "coin-selection-multi",
		"coin-selection-insufficient",
	};

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(ids); i++) {
		json_t *v = tap_vector("wallet.json", ids[i]), *a;
		json_t *in = tap_jget(v, "input"), *ex = tap_jget(v, "expected");
		struct zen_coin_selection sel = ZEN_COIN_SELECTION_INIT;
		struct zen_err err = ZEN_ERR_INIT;
		struct zen_wallet_coin coins[8];
		struct zen_spend req = zp(tap_ju64(in, "send"));
		uint64_t balance = 0;
		size_t n = 0, j;
		int rc;

		json_array_foreach(tap_jget(in, "utxos"), j, a) {
			coins[n] = zp_coin((uint8_t)(j + 1), 0,
					   (uint64_t)json_integer_value(a));
			balance += coins[n++].spend.amount;
		}
		rc = zen_coins_select(&sel, coins, n, &req, 1, 0, 10, &err);
		if (json_object_get(ex, "error")) {
			tap_ok(rc == ZEN_EINVAL && sel.n_picked == 0 &&
			       !strcasecmp(err.msg, tap_jstr(ex, "error")),
			       "%s: %s", ids[i], err.msg);
			continue;
		}
		tap_ok(rc == 0, "%s selects", ids[i]);
		tap_u64(sel.n_picked, tap_ju64(ex, "inputs"), "%s inputs", ids[i]);
		for (j = 0; j < sel.n_picked; j++)
			balance -= coins[sel.picked[j]].spend.amount;
		for (j = 0; j < sel.n_change; j++)
			balance += sel.change[j].amount;
		tap_u64(balance, tap_ju64(ex, "balance_after"),
			"%s balance after", ids[i]);
		zen_coin_selection_release(&sel);
		zen_coin_selection_release(&sel);
	}
}

static void test_maturity_vector(void)
{
	const char *id = "coinbase-maturity";
	json_t *v = tap_vector("wallet.json", id), *t;
	json_t *in = tap_jget(v, "input"), *ex = tap_jget(v, "expected");
	struct zen_wallet_coin c = zp_coin(1, 0, 50);
	uint32_t maturity = (uint32_t)tap_ju64(in, "coinbase_maturity");
	struct zen_spend req = zp(50);
	size_t i;

	c.coinbase = 1;
	c.coinbase_block = (uint32_t)tap_ju64(in, "coinbase_lock_block");
	json_array_foreach(tap_jget(in, "account_tip"), i, t) {
		struct zen_coin_selection sel = ZEN_COIN_SELECTION_INIT;
		struct zen_err err = ZEN_ERR_INIT;
		uint32_t tip = (uint32_t)json_integer_value(t);
		int want = json_is_true(json_array_get(
				tap_jget(ex, "spendable"), i));
		int rc = zen_coins_select(&sel, &c, 1, &req, 1, tip, maturity,
					  &err);

		tap_ok(zen_coin_mature(&c, tip, maturity) == want,
		       "%s at tip %u", id, tip);
		tap_ok(want ? rc == 0 && sel.n_picked == 1 :
		       rc == ZEN_EINVAL &&
		       !strcasecmp(err.msg, tap_jstr(ex, "error_when_not")),
		       "%s selection at tip %u", id, tip);
		zen_coin_selection_release(&sel);
	}
	c.coinbase_block = 20;
	tap_ok(!zen_coin_mature(&c, 5, 0),
	       "a coinbase from a future block is not mature");
	c.coinbase_block = 0xffffffffu;
	tap_ok(zen_coin_mature(&c, 0xffffffffu, 1),
	       "maturity arithmetic does not wrap at the top");
}

static void test_selection_order(void)
{
	struct zen_coin_selection sel = ZEN_COIN_SELECTION_INIT;
	struct zen_wallet_coin coins[5];
	struct zen_spend req[3];
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_spend *sum;
	size_t n;

	coins[0] = zp_coin(0x10, 0, 4);
	coins[1] = zp_coin(0x30, 0, 4);
	coins[2] = zp_coin(0x30, 1, 4);
	coins[3] = zp_coin(0x20, 0, 4);
	coins[4] = zp_coin(0x40, 0, 9);
	coins[4].spend.asset.cid.hash[0] = 1;	/* another asset */
	req[0] = zp(5);
	req[1] = coins[4].spend;
	req[1].amount = 2;
	req[2] = zp(4);
	tap_ok(!zen_coins_select(&sel, coins, 5, req, 3, 0, 10, &err) &&
	       sel.n_picked == 4 && sel.picked[0] == 2 && sel.picked[1] == 1 &&
	       sel.picked[2] == 3 && sel.picked[3] == 4,
	       "candidates are taken in descending outpoint order, ZP first");
	tap_ok(sel.n_change == 2 && sel.change[0].amount == 3 &&
	       sel.change[1].amount == 7 &&
	       sel.change[1].asset.cid.hash[0] == 1,
	       "one change amount per asset, ascending");
	tap_ok(!zen_spends_sum(&sum, &n, req, 3, NULL) && n == 2 &&
	       sum[0].amount == 9 && sum[1].amount == 2,
	       "required amounts are summed per asset");
	free(sum);
	req[0] = zp(UINT64_MAX);
	tap_ok(zen_coins_select(&sel, coins, 5, req, 3, 0, 10, &err) ==
	       ZEN_EINVAL && !strcmp(err.msg, "amount overflow"),
	       "an overflowing requirement is refused");
	req[0] = zp(16);
	tap_ok(!zen_coins_select(&sel, coins, 5, req, 1, 0, 10, &err) &&
	       sel.n_picked == 4 && sel.n_change == 0,
	       "an exact cover has no change");
	tap_ok(zen_coins_select(&sel, NULL, 0, req, 1, 0, 10, &err) ==
	       ZEN_EINVAL && sel.picked == NULL, "no coins: not enough tokens");
	zen_coin_selection_release(&sel);
}

/* tx name -> hash with every byte equal to the digit. */
static void tx_ref(struct zen_history_tx *t, int name, uint32_t conf,
		   uint32_t index)
{
	memset(t->tx_hash, name, ZEN_HASH_LEN);
	t->confirmations = conf;
	t->index = index;
}

static int history_matches(json_t *want, const struct zen_history_entry *e,
			   size_t n)
{
	json_t *row;
	size_t i;

	if (json_array_size(want) != n)
		return 0;
	json_array_foreach(want, i, row) {
		int name = json_string_value(json_array_get(row, 0))[2] - '0';
		const char *dir = json_string_value(json_array_get(row, 1));

		if (e[i].tx.tx_hash[0] != name ||
		    e[i].out != !strcmp(dir, "Out") ||
		    e[i].amount != (uint64_t)json_integer_value(
			    json_array_get(row, 2)) ||
		    e[i].tx.confirmations != (uint32_t)json_integer_value(
			    json_array_get(row, 3)))
			return 0;
	}
	return 1;
}

static void test_history_vector(void)
{
	const char *id = "history-net-per-tx";
	json_t *v = tap_vector("wallet.json", id);
	json_t *ex = tap_jget(v, "expected"), *in = tap_jget(v, "input");
	struct zen_history_output o[3];
	struct zen_history_entry *e;
	/* tip - block + 1: the confirmations of both (1) */
	uint32_t conf = (uint32_t)(tap_ju64(in, "tip") -
				   tap_ju64(in, "both_in_block") + 1);
	size_t n;

	/* tx1 (block 2, index 0) pays 10; tx2 (block 2, index 1) spends
	 * it, pays 2 away and 8 back (input.tx1, input.tx2). */
	memset(o, 0, sizeof(o));
	o[0].spend.amount = 10;
	tx_ref(&o[0].created, 1, conf, 0);
	o[0].spent = 1;
	tx_ref(&o[0].spent_by, 2, conf, 1);
	o[1].spend.amount = 8;
	tx_ref(&o[1].created, 2, conf, 1);
	tap_ok(!zen_wallet_history(&e, &n, o, 2, NULL) &&
	       history_matches(tap_jget(ex, "history_confirmed"), e, n),
	       "%s confirmed", id);
	free(e);

	/* tx3 in the mempool spends tx2:1, pays 3 away and 5 back. */
	o[1].spent = 1;
	tx_ref(&o[1].spent_by, 3, 0, 0);
	o[2].spend.amount = 5;
	tx_ref(&o[2].created, 3, 0, 0);
	tap_ok(!zen_wallet_history(&e, &n, o, 3, NULL) &&
	       history_matches(tap_jget(ex, "history_with_mempool"), e, n),
	       "%s with mempool", id);
	free(e);
	tap_ok(!zen_wallet_history(&e, &n, o, 0, NULL) && !e && n == 0,
	       "an empty history");
}

void test_wallet_logic(void)
{
	test_selection_vectors();
	test_maturity_vector();
	test_selection_order();
	test_history_vector();
}
