/*
 * Unit tests of the wallet's contract transactions (core/wallet/
 * contract_tx.h, txskel.h): the activation fee and its 32-bit wrap, the
 * synthetic hints, the activation and extension layouts, the
 * returnAddress of an execution body, and the TxSkeleton codec of
 * POST /blockchain/contract/execute.  Expected values are computed by hand
 * in the comments.
 */
#include <stdlib.h>
#include <string.h>

#include "core/consensus/address.h"
#include "core/chain/chain.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"
#include "core/wallet/contract_tx.h"
#include "core/wallet/txskel.h"
#include "tap.h"

static void test_fee(void)
{
	/* 1 * 2723280 / 100 = 27232 (27232.8 truncated). */
	tap_u64(zen_activation_fee(1, ZEN_DEFAULT_RLIMIT), 27232,
		"fee: one query at the default rlimit");
	/* The Api.Tests hints: 31 queries, 31 * 2723280 = 84421680. */
	tap_u64(zen_activation_fee(31, ZEN_DEFAULT_RLIMIT), 844216,
		"fee: 31 queries");
	/* 2000 * 2723280 = 5446560000 = 2^32 + 1151592704: wraps. */
	tap_u64(zen_activation_fee(2000, ZEN_DEFAULT_RLIMIT), 11515927,
		"fee: the product wraps in 32 bits, as the reference's");
	tap_u64(zen_activation_fee(1, 99), 0, "fee: below 100 is 0");
}

/*
 * The synthetic hints of contract_tx.h, written out by hand:
 * ["<SHA3-256 of the code>",[["Z<contract hash>.main",1,2,1,["@query"],0,""]]]
 * with the contract hash SHA3-256(BE32(0) || code) (contracts.md 1.1).
 * Digests by an independent SHA3 (python3 hashlib.sha3_256).
 */
static void check_synthetic(const char *code, const char *want,
			    const char *what)
{
	struct zen_buf b = ZEN_BUF_INIT;
	uint32_t q = 0;
	int rc;

	zen_synthetic_hints(&b, code, strlen(code));
	tap_str(zen_buf_str(&b), want, "synthetic hints text: %s", what);
	rc = zen_hints_queries(zen_buf_str(&b), b.len, &q, NULL);
	tap_ok(!rc && q == 1 && ZEN_SYNTHETIC_HINTS_QUERIES == 1,
	       "synthetic hints of %s: the node counts one query (got %u)",
	       what, q);
	zen_buf_release(&b);
}

static void test_synthetic_hints(void)
{
	json_t *v = tap_vector("contract_ids.json", "contract-id-sample");
	const char *hash = tap_jstr(tap_jget(v, "expected"), "contractHash");
	char want[512];

	/* sha3("let main = 1") = d523a5dc...; sha3(00000000 || it) = 7df1c134... */
	check_synthetic("let main = 1",
		"[\"d523a5dc07e64c62e55a9a2f7927768864a44b43127bc578d54f2ad838fa5b2b\","
		"[[\"Z7df1c134848327ded68b899854c6891b57cff6df73450ca449a2809e1df34edb"
		".main\",1,2,1,[\"@query\"],0,\"\"]]]", "let main = 1");
	/* The SampleContract: its hash is the vector's contractHash (from
	 * the reference); sha3 of its code is 641d2d04... */
	snprintf(want, sizeof(want), "[\"641d2d048ffdb939d8cb4afe7d587d48b34f"
		 "74d8df1b86b439d491bb69b6465d\",[[\"Z%s.main\",1,2,1,"
		 "[\"@query\"],0,\"\"]]]", hash);
	check_synthetic(tap_jstr(tap_jget(v, "input"), "code"), want,
			"the SampleContract");
}

/* Two ZP coins of 100000 and 50 kalapas. */
static void two_coins(struct zen_wallet_coin coins[2])
{
	memset(coins, 0, 2 * sizeof(*coins));
	coins[0].outpoint.tx_hash[0] = 1;
	coins[0].spend.amount = 100000;
	coins[1].outpoint.tx_hash[0] = 2;
	coins[1].spend.amount = 50;
}

static void test_activate(void)
{
	struct zen_coin_selection sel = ZEN_COIN_SELECTION_INIT;
	struct zen_wallet_coin coins[2];
	struct zen_contract c;
	struct zen_tx tx;
	struct zen_err err = ZEN_ERR_INIT;
	uint8_t change[ZEN_HASH_LEN];
	char code[] = "0123456789";		/* 10 bytes */
	char hints[] = "[\"h\",[]]";

	two_coins(coins);
	memset(change, 0xcc, sizeof(change));
	zen_contract_init(&c);
	c.code = code;
	c.code_len = 10;
	c.hints = hints;
	c.hints_len = strlen(hints);
	c.rlimit = 5000;		/* fee 3 * 5000 / 100 = 150 */
	c.queries = 3;
	zen_tx_init(&tx);
	/* 10 bytes x 7 blocks = 70, + fee 150 = 220.  Coins are visited
	 * in descending outpoint order: 50 (not enough), then 100000; the
	 * change is 100050 - 220 = 99830. */
	tap_ok(!zen_wallet_build_activate(&tx, &sel, coins, 2, &c, 7, change,
					  0, 10, &err), "activate builds");
	tap_ok(tx.n_inputs == 2 && tx.inputs[0].outpoint.tx_hash[0] == 2 &&
	       tx.inputs[1].outpoint.tx_hash[0] == 1,
	       "activate: both coins, the higher outpoint first");
	tap_ok(tx.n_outputs == 3 &&
	       tx.outputs[0].lock.id == ZEN_LOCK_ACTIVATION_SACRIFICE &&
	       zen_asset_is_zp(&tx.outputs[0].spend.asset) &&
	       tx.outputs[0].spend.amount == 70 &&
	       tx.outputs[1].lock.id == ZEN_LOCK_FEE &&
	       tx.outputs[1].spend.amount == 150 &&
	       tx.outputs[2].lock.id == ZEN_LOCK_PK &&
	       tx.outputs[2].spend.amount == 99830 &&
	       !memcmp(tx.outputs[2].lock.pk_hash, change, 32),
	       "activate: sacrifice 70, fee 150, then change 99830");
	tap_ok(tx.has_contract && tx.contract.version == 0 &&
	       tx.contract.code_len == 10 && !memcmp(tx.contract.code, code, 10) &&
	       tx.contract.code != code && tx.contract.hints_len == c.hints_len &&
	       tx.contract.rlimit == 5000 && tx.contract.queries == 3,
	       "activate: the contract is a deep copy of V0 {code, hints, "
	       "rlimit, queries}");
	c.rlimit = 33;			/* fee 3 * 33 / 100 = 0: no output */
	tap_ok(!zen_wallet_build_activate(&tx, &sel, coins, 2, &c, 7, change,
					  0, 10, &err) && tx.n_outputs == 2 &&
	       tx.outputs[0].spend.amount == 70 &&
	       tx.outputs[1].lock.id == ZEN_LOCK_PK,
	       "activate: a zero fee gets no Fee output");
	tap_ok(zen_wallet_build_activate(&tx, &sel, coins, 2, &c, 10006, change,
					 0, 10, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "not enough tokens") && !tx.n_inputs &&
	       !tx.n_outputs && !tx.has_contract,
	       "activate: 100060 > 100050 kalapas is not enough, tx empty");
	tap_ok(!zen_wallet_build_activate(&tx, &sel, coins, 2, &c, 10005, change,
					  0, 10, &err) && tx.n_inputs == 2 &&
	       tx.n_outputs == 1, "activate: exactly the balance, no change");
	tap_ok(zen_wallet_build_activate(&tx, &sel, coins, 2, &c, 0, change,
					 0, 10, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "Number of blocks is zero"),
	       "activate: zero blocks refused");
	c.code_len = 0;
	tap_ok(zen_wallet_build_activate(&tx, &sel, coins, 2, &c, 1, change,
					 0, 10, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "Contract code is empty"),
	       "activate: empty code refused");
	c.code_len = 10;
	c.queries = 0;
	tap_ok(zen_wallet_build_activate(&tx, &sel, coins, 2, &c, 1, change,
					 0, 10, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "invalid contract"),
	       "activate: zero queries refused");
	/* The sacrifice does not overflow: 2^32-1 bytes x 2^32-1 blocks. */
	c.queries = 3;
	c.code_len = UINT32_MAX;
	tap_ok(zen_wallet_build_activate(&tx, &sel, coins, 2, &c, UINT32_MAX,
					 change, 0, 10, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "not enough tokens"),
	       "activate: the largest sacrifice is computed in 64 bits");
	zen_coin_selection_release(&sel);
	zen_tx_release(&tx);
}

static void test_extend(void)
{
	struct zen_coin_selection sel = ZEN_COIN_SELECTION_INIT;
	struct zen_wallet_coin coins[2];
	struct zen_contract_id cid;
	struct zen_tx tx;
	struct zen_err err = ZEN_ERR_INIT;
	uint8_t change[ZEN_HASH_LEN];

	two_coins(coins);
	memset(change, 0xcc, sizeof(change));
	memset(&cid, 0, sizeof(cid));
	cid.hash[0] = 0xab;
	zen_tx_init(&tx);
	/* 584 bytes (the SampleContract) x 3 blocks = 1752. */
	tap_ok(!zen_wallet_build_extend(&tx, &sel, coins, 2, &cid, 584, 3,
					change, 0, 10, &err) &&
	       tx.n_outputs == 2 &&
	       tx.outputs[0].lock.id == ZEN_LOCK_EXTENSION_SACRIFICE &&
	       tx.outputs[0].lock.cid.hash[0] == 0xab &&
	       tx.outputs[0].spend.amount == 1752 &&
	       tx.outputs[1].spend.amount == 100050 - 1752 && !tx.has_contract,
	       "extend: ExtensionSacrifice(cid) 1752, change 98298");
	tap_ok(zen_wallet_build_extend(&tx, &sel, coins, 2, &cid, 584, 0,
				       change, 0, 10, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "Number of blocks is zero"),
	       "extend: zero blocks refused");
	zen_coin_selection_release(&sel);
	zen_tx_release(&tx);
}

static void free_data(struct zen_data *d)
{
	zen_data_release(d);
	free(d);
}

static void test_return_address(void)
{
	struct zen_data *body = NULL;
	struct zen_buf b = ZEN_BUF_INIT, hex = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	uint8_t pkh[ZEN_HASH_LEN];
	const char *pkh_hex =
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";

	memset(pkh, 0xaa, sizeof(pkh));
	tap_ok(!zen_data_set_return_address(&body, pkh, &err) && body &&
	       body->kind == ZEN_DATA_DICT && body->u.dict.n == 1,
	       "returnAddress: None becomes a one-entry dict");
	/* Dict (tag 12) of 1 entry: "returnAddress" (13 bytes), Lock (tag 8)
	 * PK (lock id 2, payload length 32, hash). */
	zen_data_write(&b, body);
	zen_hex_encode(&hex, b.data, b.len);
	{
		struct zen_buf want = ZEN_BUF_INIT;
		const char *key = "returnAddress";

		zen_buf_addf(&want, "0c01");
		zen_buf_addf(&want, "0d");
		for (const char *k = key; *k; k++)
			zen_buf_addf(&want, "%02x", (unsigned)*k);
		zen_buf_addf(&want, "080220%s", pkh_hex);
		tap_str(zen_buf_str(&hex), zen_buf_str(&want),
			"returnAddress: serialized dict");
		zen_buf_release(&want);
	}
	/* Set again: replaced, not duplicated. */
	pkh[0] = 0xbb;
	tap_ok(!zen_data_set_return_address(&body, pkh, &err) &&
	       body->u.dict.n == 1 &&
	       body->u.dict.entries[0].value.u.lock.pk_hash[0] == 0xbb,
	       "returnAddress: an existing key is replaced");
	free_data(body);

	body = zen_xmalloc(sizeof(*body));
	zen_data_init(body);
	body->kind = ZEN_DATA_U32;
	body->u.u32 = 5;
	tap_ok(zen_data_set_return_address(&body, pkh, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "data can only be empty or dict in order to "
		       "add return address") && body->kind == ZEN_DATA_U32 &&
	       body->u.u32 == 5,
	       "returnAddress: a U32 body is refused and unchanged");
	free_data(body);
	zen_buf_release(&b);
	zen_buf_release(&hex);
}

static int decode_hex(struct zen_txskel *s, const char *hex,
		      struct zen_err *err)
{
	struct zen_buf b = ZEN_BUF_INIT;
	int rc = zen_hex_decode(&b, hex, strlen(hex), err) ?:
		 zen_txskel_decode(s, b.data, b.len, err);

	zen_buf_release(&b);
	return rc;
}

static void test_txskel(void)
{
	struct zen_txskel s, t;
	struct zen_buf b = ZEN_BUF_INIT, hex = ZEN_BUF_INIT, h2 = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	const char *cid72 = "0000000060de85a214850bf6192e7c4416fbccaf3cfcc0a927dd6b770a70ff08d24046d3";
	struct zen_contract_id cid;

	zen_txskel_init(&s);
	zen_txskel_init(&t);
	tap_ok(!decode_hex(&s, "0000", &err) && !s.n_in && !s.n_outputs,
	       "txskel: 0000 is the empty skeleton");
	tap_ok(decode_hex(&s, "000000", &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "trailing bytes"), "txskel: trailing bytes");
	tap_ok(decode_hex(&s, "00", &err) == ZEN_EINVAL, "txskel: truncated");
	tap_ok(decode_hex(&s, "", &err) == ZEN_EINVAL, "txskel: empty input");
	tap_ok(decode_hex(&s, "01030000", &err) == ZEN_EINVAL,
	       "txskel: input tag 3 refused");

	/* One pointed output (outpoint 11..11:1 spending PK(aa..) 7 ZP), one
	 * mint of 1000 of the SampleContract's asset, one output: Contract
	 * lock, 1000 of that asset. */
	if (zen_contract_id_parse(&cid, cid72, NULL))
		tap_ok(0, "contract id parses");
	s.n_in = 2;
	s.in_outpoints = zen_xcalloc(2, sizeof(*s.in_outpoints));
	s.in_outputs = zen_xcalloc(2, sizeof(*s.in_outputs));
	s.in_mints = zen_xcalloc(2, sizeof(*s.in_mints));
	s.in_is_mint = zen_xcalloc(2, sizeof(*s.in_is_mint));
	zen_output_init(&s.in_outputs[0]);
	zen_output_init(&s.in_outputs[1]);
	memset(s.in_outpoints[0].tx_hash, 0x11, 32);
	s.in_outpoints[0].index = 1;
	s.in_outputs[0].lock.id = ZEN_LOCK_PK;
	memset(s.in_outputs[0].lock.pk_hash, 0xaa, 32);
	s.in_outputs[0].spend.amount = 7;
	s.in_is_mint[1] = 1;
	s.in_mints[1].asset.cid = cid;
	s.in_mints[1].amount = 1000;
	s.n_outputs = 1;
	s.outputs = zen_xcalloc(1, sizeof(*s.outputs));
	zen_output_init(&s.outputs[0]);
	s.outputs[0].lock.id = ZEN_LOCK_CONTRACT;
	s.outputs[0].lock.cid = cid;
	s.outputs[0].spend.asset.cid = cid;
	s.outputs[0].spend.amount = 1000;
	zen_txskel_encode(&b, &s);
	zen_hex_encode(&hex, b.data, b.len);
	/* By hand from txskel.h and serialization.json: inputs 02; tag 01,
	 * outpoint 11*32 || index 01, output PK (02, length 20, aa*32) ||
	 * ZP (00) 7 (0007); tag 02, mint: asset v0 (80 || H) || 1000 (0c01).
	 * Outputs 01: Contract lock (04, length 21, version 00 || H) ||
	 * asset 80 || H, 1000 (0c01).  H = 60de85a2...d3. */
	{
		const char *h = cid72 + 8;
		char want[1024];

		snprintf(want, sizeof(want), "0201%s01" "0220%s" "000007"
			 "0280%s0c01" "01" "042100%s" "80%s0c01",
			 "1111111111111111111111111111111111111111111111111111111111111111",
			 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
			 h, h, h);
		tap_str(zen_buf_str(&hex), want, "txskel: the encoding, byte for byte");
	}
	tap_ok(!zen_txskel_decode(&t, b.data, b.len, &err) && t.n_in == 2 &&
	       !t.in_is_mint[0] && t.in_is_mint[1] &&
	       t.in_outpoints[0].index == 1 &&
	       t.in_outputs[0].lock.id == ZEN_LOCK_PK &&
	       t.in_outputs[0].spend.amount == 7 &&
	       t.in_mints[1].amount == 1000 &&
	       !memcmp(t.in_mints[1].asset.cid.hash, cid.hash, 32) &&
	       t.n_outputs == 1 && t.outputs[0].lock.id == ZEN_LOCK_CONTRACT,
	       "txskel: decodes what it encodes");
	zen_buf_reset(&b);
	zen_txskel_encode(&b, &t);
	zen_hex_encode(&h2, b.data, b.len);
	tap_str(zen_buf_str(&h2), zen_buf_str(&hex), "txskel: round trip");
	/* The asset of the mint and of the output, from their bytes. */
	tap_ok(!memcmp(t.outputs[0].lock.cid.hash, cid.hash, 32) &&
	       !memcmp(t.outputs[0].spend.asset.cid.hash, cid.hash, 32) &&
	       t.outputs[0].spend.amount == 1000 &&
	       !memcmp(t.in_outputs[0].lock.pk_hash, s.in_outputs[0].lock.pk_hash, 32) &&
	       !memcmp(t.in_outpoints[0].tx_hash, s.in_outpoints[0].tx_hash, 32),
	       "txskel: hashes and amounts decode to what was written");
	/* A mint of 0: the amount byte(s) of the spend set to 0. */
	s.in_mints[1].amount = 0;
	zen_buf_reset(&b);
	zen_txskel_encode(&b, &s);
	tap_ok(zen_txskel_decode(&t, b.data, b.len, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "mint of amount 0") && !t.n_in,
	       "txskel: a mint of 0 is refused and the skeleton released");
	zen_txskel_release(&s);
	zen_txskel_release(&t);
	zen_buf_release(&b);
	zen_buf_release(&hex);
	zen_buf_release(&h2);
}

int main(void)
{
	test_fee();
	test_synthetic_hints();
	test_activate();
	test_extend();
	test_return_address();
	test_txskel();
	return tap_done();
}
