/*
 * Unit tests of the CGP reads' JSON (src/ops/op_cgp.h) against api.md
 * 3.11 and 5.3 and cgp-and-chain.md 7.2 and 8, and of their readable
 * form and phase arithmetic (cgp-and-chain.md 3).
 *
 * Every expected text was written by hand: shapes and key order from
 * api.md, addresses and contract ids from the vectors (wallet.json,
 * addresses.json), the message body bytes from the worked example of
 * cgp-and-chain.md 7.2 plus the reference's List padding (protocol.md
 * 2.14.1: Data.serialize sizes one extra byte per List node).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/buf.h"
#include "core/consensus/address.h"
#include "core/encoding/hex.h"
#include "core/types/ser.h"
#include "ops/op_cgp.h"
#include "tap.h"

/* pk hash of the test wallet key m/44'/258'/0'/0/0 and its addresses */
#define PKH_A "30759b07ca01caf8e524fc279946a1e96afc3546ee5f1fd4a1cfaf644763c2b4"
#define ADDR_A_TEST "tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr"
#define ADDR_A_MAIN "zen1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qjk4wvz"
/* the testnet CGP and voting contracts (contract-address-*-test) */
#define CID_CGP_TEST "00000000eac6c58bed912ff310df9f6960e8ed5c28aac83b8a98964224bab1e06c779b93"
#define CADDR_CGP_TEST "ctzn1qqqqqqq82cmzchmv39le3phuld9sw3m2u9z4vswu2nztyyf96k8sxcaumjvdw5gac"
#define CID_VOTING_TEST "00000000e89738718a802a7d217941882efe8e585e20b20901391bc37af25fac2f22c8ab"
/* the sample contract, as a token's asset */
#define CID "0000000060de85a214850bf6192e7c4416fbccaf3cfcc0a927dd6b770a70ff08d24046d3"
#define ZEROS72 "0000000000000000000000000000000000000000000000000000000000000000" \
	"00000000"
#define CHARS72 "303030303030303030303030303030303030303030303030" \
	"303030303030303030303030303030303030303030303030" \
	"303030303030303030303030303030303030303030303030"

static int check_json(json_t *got, const char *want, const char *name)
{
	json_error_t jerr;
	json_t *w = json_loads(want, JSON_DECODE_ANY, &jerr);
	char *gs, *ws;
	int ok;

	if (!w) {
		tap_ok(0, "%s: expected text parses (%s)", name, jerr.text);
		json_decref(got);
		return 0;
	}
	gs = json_dumps(got, JSON_COMPACT | JSON_ENCODE_ANY);
	ws = json_dumps(w, JSON_COMPACT | JSON_ENCODE_ANY);
	/* compact text in insertion order: the key order is the shape */
	ok = tap_str(gs, ws, "%s", name);
	free(gs);
	free(ws);
	json_decref(w);
	json_decref(got);
	return ok;
}

static void pk_payout(struct zen_cgp_payout *p, const char *pkh_hex,
		      uint64_t zp)
{
	memset(p, 0, sizeof(*p));
	if (zen_hex_decode_fixed(p->recipient.pk_hash, ZEN_HASH_LEN, pkh_hex,
				 NULL))
		exit(99);
	p->spends = zen_xcalloc(1, sizeof(*p->spends));
	p->n_spends = 1;
	p->spends[0].amount = zp;	/* asset all zeros: ZP */
}

static void test_state(void)
{
	struct zen_cgp_state s = { 0 };

	check_json(zen_json_cgp_state(2, &s, ZEN_CHAIN_LOCAL),
		   "{\"interval\":2,\"allocation\":0,\"payout\":{}}",
		   "no payout: payout is {} (api.md 3.11, K6)");
	s.allocation = 90;
	s.has_payout = 1;
	pk_payout(&s.payout, PKH_A, 12300000000u);
	check_json(zen_json_cgp_state(2391, &s, ZEN_CHAIN_TEST),
		   "{\"interval\":2391,\"allocation\":90,\"payout\":{"
		   "\"recipient\":\"" ADDR_A_TEST "\",\"spendlist\":"
		   "[{\"asset\":\"00\",\"amount\":\"12300000000\"}]}}",
		   "a PK payout: test address, amounts as strings");
	check_json(zen_json_cgp_state(1, &s, ZEN_CHAIN_MAIN),
		   "{\"interval\":1,\"allocation\":90,\"payout\":{"
		   "\"recipient\":\"" ADDR_A_MAIN "\",\"spendlist\":"
		   "[{\"asset\":\"00\",\"amount\":\"12300000000\"}]}}",
		   "the same on main: the main address");
	zen_cgp_state_release(&s);
}

static void test_contract_payout(void)
{
	struct zen_cgp_payout p = { 0 };

	p.recipient.is_contract = 1;
	if (zen_contract_id_parse(&p.recipient.cid, CID_CGP_TEST, NULL))
		exit(99);
	p.spends = zen_xcalloc(2, sizeof(*p.spends));
	p.n_spends = 2;
	p.spends[0].amount = 1;
	if (zen_contract_id_parse(&p.spends[1].asset.cid, CID, NULL))
		exit(99);
	p.spends[1].amount = 18446744073709551615u;
	check_json(zen_json_cgp_payout(&p, ZEN_CHAIN_TEST),
		   "{\"recipient\":\"" CADDR_CGP_TEST "\",\"spendlist\":["
		   "{\"asset\":\"00\",\"amount\":\"1\"},"
		   "{\"asset\":\"" CID "\",\"amount\":\"18446744073709551615\"}]}",
		   "a contract payout of two assets: contract address, asset ids");
	zen_cgp_payout_release(&p);
}

static void test_contract_body(void)
{
	const struct zen_chain_params *test = zen_chain_params(ZEN_CHAIN_TEST);
	struct zen_cgp_state s = { 0 };

	check_json(zen_json_cgp_contract(NULL, test),
		   "{\"raw\":null,\"encoded\":null,\"cgpContract\":\""
		   CID_CGP_TEST "\",\"votingContract\":\"" CID_VOTING_TEST "\"}",
		   "no state: raw and encoded null, present (K6)");
	check_json(zen_json_cgp_contract(&s, test),
		   "{\"raw\":null,\"encoded\":null,\"cgpContract\":\""
		   CID_CGP_TEST "\",\"votingContract\":\"" CID_VOTING_TEST "\"}",
		   "no payout: raw and encoded null");
	s.has_payout = 1;
	pk_payout(&s.payout, PKH_A, 1000);
	/* 7.2: 0c 01 07 "Outputs" 0d 01 0d 02 08 02 20 <pkh> 0d 02 06 48
	 * <72 '0'> 05 <u64 BE 1000>, then 3 zeros for its 3 Lists */
	check_json(zen_json_cgp_contract(&s, test),
		   "{\"raw\":{\"dict\":[[\"Outputs\",{\"list\":[{\"list\":["
		   "{\"lock\":{\"PK\":{\"hash\":\"" PKH_A "\",\"address\":\""
		   ADDR_A_TEST "\"}}},{\"list\":[{\"string\":\"" ZEROS72 "\"},"
		   "{\"u64\":1000}]}]}]}]]},"
		   "\"encoded\":\"0c01074f7574707574730d010d02080220" PKH_A
		   "0d020648" CHARS72 "0500000000000003e8" "000000\","
		   "\"cgpContract\":\"" CID_CGP_TEST "\","
		   "\"votingContract\":\"" CID_VOTING_TEST "\"}",
		   "the payout body of 7.2: raw data JSON, encoded as Data.serialize");
	zen_cgp_state_release(&s);
}

static void check_phase(const struct zen_chain_params *p, uint32_t tip,
			const char *want, uint64_t want_end)
{
	uint64_t end = 0;
	const char *got = zen_cgp_phase(p, tip, &end);

	tap_ok(!strcmp(got, want) && end == want_end,
	       "%s block %u: %s to %llu (got %s to %llu)", p->cli_name, tip,
	       want, (unsigned long long)want_end, got,
	       (unsigned long long)end);
}

static void test_phase(void)
{
	const struct zen_chain_params *local = zen_chain_params(ZEN_CHAIN_LOCAL);
	const struct zen_chain_params *main = zen_chain_params(ZEN_CHAIN_MAIN);

	/* local: L 100, S 90, M 5 */
	check_phase(local, 1, "beforeSnapshot", 90);
	check_phase(local, 90, "beforeSnapshot", 90);
	check_phase(local, 91, "nomination", 95);
	check_phase(local, 95, "nomination", 95);
	check_phase(local, 96, "voting", 100);
	check_phase(local, 100, "voting", 100);
	check_phase(local, 101, "beforeSnapshot", 190);
	check_phase(local, 151, "beforeSnapshot", 190);
	check_phase(local, 251, "beforeSnapshot", 290);
	/* main: L 10000, S 9000, M 500 */
	check_phase(main, 9000, "beforeSnapshot", 9000);
	check_phase(main, 9001, "nomination", 9500);
	check_phase(main, 9501, "voting", 10000);
	check_phase(main, 19500, "nomination", 19500);
	/* the phases of the last interval a u32 block reaches end past
	 * 2^32 - 1: block 4294967295 is in interval 429497, whose blocks
	 * are 4294960001 to 4294970000, its snapshot 4294969000 */
	check_phase(main, 4294967295u, "beforeSnapshot", 4294969000u);
}

static void check_readable(const char *reply, const char *want,
			   const char *name)
{
	json_t *j = json_loads(reply, 0, NULL);
	struct zen_buf out = ZEN_BUF_INIT;
	int rc = op_cgp_readable(&out, j);

	if (!want) {
		tap_ok(rc == -1 && out.len == 0, "%s: not rendered", name);
	} else if (tap_ok(rc == 0, "%s: rendered", name)) {
		tap_str(zen_buf_str(&out), want, "%s", name);
	}
	zen_buf_release(&out);
	json_decref(j);
}

static void test_readable(void)
{
	check_readable(
		"{\"interval\":2,\"allocation\":0,\"payout\":{},\"tip\":151,"
		"\"phase\":\"beforeSnapshot\",\"phaseEnd\":190,\"funds\":[]}",
		"interval:    2 (tip: block 151)\n"
		"phase:       before snapshot, 39 blocks left (to block 190)\n"
		"allocation:  0% of each block reward\n"
		"payout:      none\n"
		"pool funds:  none\n",
		"a chain without votes");
	check_readable(
		"{\"interval\":3,\"allocation\":15,\"payout\":{\"recipient\":"
		"\"" ADDR_A_TEST "\",\"spendlist\":[{\"asset\":\"00\","
		"\"amount\":\"1230000000\"},{\"asset\":\"" CID "\",\"amount\":"
		"\"7\"}]},\"tip\":295,\"phase\":\"nomination\",\"phaseEnd\":295,"
		"\"funds\":[{\"asset\":\"00\",\"amount\":\"1\"},{\"asset\":\"00\","
		"\"amount\":\"500000000000\"}]}",
		"interval:    3 (tip: block 295)\n"
		"phase:       nomination, 0 blocks left (to block 295)\n"
		"allocation:  15% of each block reward\n"
		"payout:      to " ADDR_A_TEST "\n"
		"             12.3 ZP\n"
		"             7 " CID "\n"
		"pool funds:  0.00000001 ZP\n"
		"             5000 ZP\n",
		"a payout of two assets and funds: ZP shown as ZP");
	/* a reply of another node (the reference's), without zen's additions */
	check_readable(
		"{\"interval\":9,\"allocation\":5,\"payout\":{}}",
		"interval:    9\n"
		"allocation:  5% of each block reward\n"
		"payout:      none\n",
		"the reference's reply: only its fields");
	/* amounts no u64 holds, or not digits: shown as they came */
	check_readable(
		"{\"interval\":9,\"allocation\":5,\"payout\":{},\"funds\":["
		"{\"asset\":\"00\",\"amount\":\"123456789012345678901\"},"
		"{\"asset\":\"00\",\"amount\":-5},{\"asset\":\"00\"}]}",
		"interval:    9\n"
		"allocation:  5% of each block reward\n"
		"payout:      none\n"
		"pool funds:  123456789012345678901 00\n"
		"             -5 00\n"
		"             ? 00\n",
		"odd amounts of another node");
	check_readable("{\"interval\":\"x\",\"allocation\":5,\"payout\":{}}",
		       NULL, "a reply of another shape");
	check_readable("[]", NULL, "an array");
}

int main(void)
{
	test_state();
	test_contract_payout();
	test_contract_body();
	test_phase();
	test_readable();
	return tap_done();
}
