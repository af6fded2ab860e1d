/*
 * Unit tests of the consensus arithmetic: chain parameters, compact
 * difficulty, chain work, EMA, rewards, issuance, CGP intervals, the ACS
 * root and the block/genesis/sighash digests of hashes.json.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/consensus/address.h"
#include "core/consensus/consensus.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"
#include "tap.h"

/* hashes.json vectors checked by test-core instead of here. */
static const char *const hashes_elsewhere[] = { "sha3-256-", "merkle-root-" };

static uint32_t compact_of(const char *text)
{
	return (uint32_t)strtoul(text, NULL, 16);
}

static void hex32(uint8_t out[32], const char *hex)
{
	if (zen_hex_decode_fixed(out, 32, hex, NULL))
		tap_ok(0, "malformed 32-byte hex in vector: %s", hex);
}

static const struct zen_chain_params *chain_named(const char *name)
{
	enum zen_chain c = ZEN_CHAIN_MAIN;

	if (zen_chain_from_name(&c, name, NULL))
		tap_ok(0, "vector names unknown chain %s", name);
	return zen_chain_params(c);
}

static void check_cid(const struct zen_contract_id *cid, const char *want,
		      const char *what, const char *chain)
{
	char text[ZEN_CONTRACT_ID_TEXT_LEN + 1];

	zen_contract_id_text(text, cid);
	tap_str(text, want, "%s %s", chain, what);
}

static void check_chain(const char *key, json_t *e)
{
	const struct zen_chain_params *p = chain_named(key);
	struct zen_u256 limit;
	uint8_t hh[32];
	json_t *tf = tap_jget(e, "thresholdFactor");

	tap_str(p->name, tap_jstr(e, "name"), "%s name", key);
	tap_u64(p->network_id, tap_ju64(e, "networkId"), "%s networkId", key);
	tap_u64(p->pow_limit, compact_of(tap_jstr(e, "proofOfWorkLimitCompact")),
		"%s proofOfWorkLimitCompact", key);
	zen_difficulty_uncompress(&limit, p->pow_limit);
	tap_hex(limit.b, 32, tap_jstr(e, "proofOfWorkLimit"),
		"%s proofOfWorkLimit", key);
	tap_u64(p->block_interval_ms, tap_ju64(e, "blockInterval_ms"),
		"%s blockInterval", key);
	tap_u64(p->smoothing, tap_ju64(e, "smoothingFactor"), "%s smoothing", key);
	tap_u64(p->max_block_weight, tap_ju64(e, "maxBlockWeight"),
		"%s maxBlockWeight", key);
	tap_u64(p->sacrifice_per_byte_block, tap_ju64(e, "sacrificePerByteBlock"),
		"%s sacrificePerByteBlock", key);
	tap_u64(p->contract_sacrifice_per_byte_block,
		tap_ju64(e, "contractSacrificePerBytePerBlock"),
		"%s contractSacrificePerBytePerBlock", key);
	tap_hex(p->genesis_hash_hash, 32, tap_jstr(e, "genesisHashHash"),
		"%s genesisHashHash", key);
	if (json_object_get(e, "genesisHash")) {
		tap_ok(p->has_genesis_hash, "%s has a genesis hash", key);
		tap_hex(p->genesis_hash, 32, tap_jstr(e, "genesisHash"),
			"%s genesisHash", key);
		zen_sha3(hh, p->genesis_hash, 32);
		tap_ok(!memcmp(hh, p->genesis_hash_hash, 32),
		       "%s genesisHashHash = H(genesisHash)", key);
	} else {
		tap_ok(!p->has_genesis_hash, "%s has no genesis hash", key);
	}
	tap_u64(p->genesis_time_ms, tap_ju64(e, "genesisTime_ms"),
		"%s genesisTime", key);
	tap_u64(p->coinbase_maturity, tap_ju64(e, "coinbaseMaturity"),
		"%s coinbaseMaturity", key);
	tap_u64(p->interval_length, tap_ju64(e, "intervalLength"),
		"%s intervalLength", key);
	tap_u64(p->snapshot, tap_ju64(e, "snapshot"), "%s snapshot", key);
	tap_u64(p->nomination, tap_ju64(e, "nomination"), "%s nomination", key);
	tap_u64(p->allocation_correction_cap,
		tap_ju64(e, "allocationCorrectionCap"),
		"%s allocationCorrectionCap", key);
	tap_u64(p->upper_allocation_bound, tap_ju64(e, "upperAllocationBound"),
		"%s upperAllocationBound", key);
	tap_ok(json_array_size(tf) == 2 &&
	       p->threshold_num == json_integer_value(json_array_get(tf, 0)) &&
	       p->threshold_den == json_integer_value(json_array_get(tf, 1)),
	       "%s thresholdFactor", key);
	tap_u64(p->genesis_total, tap_ju64(e, "genesisTotal"),
		"%s genesisTotal", key);
	/* zen's local chain runs its own built-in contracts, not the
	 * reference's (testnet's) ids: test-cgp-builtin checks those */
	if (p->chain != ZEN_CHAIN_LOCAL) {
		check_cid(&p->cgp_contract_id, tap_jstr(e, "cgpContractId"),
			  "cgpContractId", key);
		check_cid(&p->voting_contract_id,
			  tap_jstr(e, "votingContractId"), "votingContractId",
			  key);
	}
	tap_str(p->hrp_pk, tap_jstr(e, "pkHrp"), "%s pkHrp", key);
	tap_str(p->hrp_contract, tap_jstr(e, "contractHrp"),
		"%s contractHrp", key);
}

static void vec_chain_parameters(json_t *v)
{
	json_t *exp = tap_jget(v, "expected"), *e;
	const char *key;
	int n = 0;

	json_object_foreach(exp, key, e) {
		check_chain(key, e);
		n++;
	}
	tap_ok(n == 3, "chain-parameters covers three chains");
}

static void vec_reward(json_t *v)
{
	const char *id = tap_jstr(v, "id");
	json_t *in = tap_jget(v, "input"), *exp = tap_jget(v, "expected");
	uint32_t bn = (uint32_t)tap_ju64(in, "blockNumber");
	uint8_t a = (uint8_t)tap_ju64(in, "allocation");

	tap_u64(zen_reward_period(bn), tap_ju64(exp, "period"), "%s period", id);
	tap_u64(zen_block_total_reward(bn), tap_ju64(exp, "blockTotalReward"),
		"%s blockTotalReward", id);
	tap_u64(zen_block_reward(bn, a), tap_ju64(exp, "blockReward"),
		"%s blockReward", id);
	tap_u64(zen_block_allocation(bn, a), tap_ju64(exp, "blockAllocation"),
		"%s blockAllocation", id);
}

static void vec_issuance(json_t *v)
{
	const char *id = tap_jstr(v, "id");
	json_t *in = tap_jget(v, "input");
	const char *chain = tap_jstr(in, "chain");
	uint32_t bn = (uint32_t)tap_ju64(in, "blockNumber");
	uint64_t want = tap_ju64(tap_jget(v, "expected"), "issuance");

	if (!strcmp(chain, "testnet/local")) {
		tap_u64(zen_total_issuance(zen_chain_params(ZEN_CHAIN_TEST), bn),
			want, "%s (testnet)", id);
		tap_u64(zen_total_issuance(zen_chain_params(ZEN_CHAIN_LOCAL), bn),
			want, "%s (local)", id);
	} else {
		tap_u64(zen_total_issuance(chain_named(chain), bn), want,
			"%s", id);
	}
}

static void vec_cgp_intervals(json_t *v)
{
	const char *id = tap_jstr(v, "id");
	json_t *in = tap_jget(v, "input"), *rows, *r;
	const struct zen_chain_params *p = chain_named(tap_jstr(in, "chain"));
	size_t i;

	tap_ok(p->interval_length == tap_ju64(in, "intervalLength") &&
	       p->snapshot == tap_ju64(in, "snapshot") &&
	       p->nomination == tap_ju64(in, "nomination") &&
	       p->coinbase_maturity == tap_ju64(in, "coinbaseMaturity"),
	       "%s parameters", id);
	rows = tap_jget(tap_jget(v, "expected"), "rows");
	json_array_foreach(rows, i, r) {
		uint32_t bn = (uint32_t)tap_ju64(r, "blockNumber");
		uint32_t iv = zen_cgp_interval(p, bn);

		tap_ok(iv == tap_ju64(r, "interval") &&
		       zen_cgp_snapshot_block(p, iv) == tap_ju64(r, "snapshotBlock") &&
		       zen_cgp_end_of_nomination(p, iv) ==
		       tap_ju64(r, "endOfNomination") &&
		       zen_cgp_is_payout_block(p, bn) ==
		       json_is_true(tap_jget(r, "isPayoutBlock")) &&
		       zen_cgp_is_nominee_phase(p, bn) ==
		       json_is_true(tap_jget(r, "isNomineePhase")),
		       "%s block %u", id, bn);
	}
}

static void test_chain_params_vectors(void)
{
	json_t *vectors = tap_vectors_all("chain_params.json"), *v;
	size_t i;

	json_array_foreach(vectors, i, v) {
		const char *id = tap_jstr(v, "id");

		if (!strcmp(id, "chain-parameters"))
			vec_chain_parameters(v);
		else if (!strncmp(id, "reward-", 7))
			vec_reward(v);
		else if (!strncmp(id, "issuance-", 9))
			vec_issuance(v);
		else if (!strncmp(id, "cgp-intervals-", 14))
			vec_cgp_intervals(v);
		else
			continue;
		tap_mark(id);
	}
}

static void vec_uncompress(json_t *v)
{
	const char *id = tap_jstr(v, "id");
	json_t *exp = tap_jget(v, "expected");
	uint32_t c = compact_of(tap_jstr(tap_jget(v, "input"), "compact"));
	struct zen_u256 t, w;
	char dec[ZEN_U256_DECIMAL_LEN + 1];

	zen_difficulty_uncompress(&t, c);
	tap_hex(t.b, 32, tap_jstr(exp, "target"), "%s target", id);
	tap_u64(zen_difficulty_compress(&t),
		compact_of(tap_jstr(exp, "recompressed")), "%s recompressed", id);
	zen_chain_work(&w, c);
	zen_u256_decimal(dec, &w);
	tap_str(dec, tap_jstr(exp, "chainWork"), "%s chain work", id);
}

static void vec_compress(json_t *v)
{
	const char *id = tap_jstr(v, "id");
	json_t *exp = tap_jget(v, "expected");
	struct zen_u256 t, back;
	uint32_t c;

	hex32(t.b, tap_jstr(tap_jget(v, "input"), "target"));
	c = zen_difficulty_compress(&t);
	tap_u64(c, compact_of(tap_jstr(exp, "compact")), "%s compact", id);
	zen_difficulty_uncompress(&back, c);
	tap_hex(back.b, 32, tap_jstr(exp, "uncompressed"), "%s uncompressed", id);
	tap_ok(zen_u256_cmp(&back, &t) <= 0, "%s uncompress(compress(t)) <= t", id);
}

static void vec_ema_t(json_t *v)
{
	const char *id = tap_jstr(v, "id");
	json_t *exp = tap_jget(v, "expected");
	uint64_t interval = tap_ju64(tap_jget(v, "input"), "blockInterval");
	uint64_t t = zen_ema_solve_time(interval);
	int chains = 0;

	tap_u64(t, tap_ju64(exp, "t"), "%s t", id);
	tap_u64(6 * t, tap_ju64(exp, "sixT"), "%s 6t", id);
	for (int c = ZEN_CHAIN_MAIN; c <= ZEN_CHAIN_LOCAL; c++) {
		const struct zen_chain_params *p = zen_chain_params(c);

		if (p->block_interval_ms != interval)
			continue;
		chains++;
		tap_u64(p->smoothing, tap_ju64(exp, "smoothing"),
			"%s smoothing of %s", id, p->name);
	}
	tap_ok(chains > 0, "%s interval belongs to a chain", id);
}

static int delayed_equal(const struct zen_ema *ema, json_t *want)
{
	size_t i;
	json_t *x;

	if (json_array_size(want) != ema->count)
		return 0;
	json_array_foreach(want, i, x)
		if ((uint64_t)json_integer_value(x) != ema->delayed[i])
			return 0;
	return 1;
}

static void vec_ema_negative_delta(json_t *v)
{
	const char *id = tap_jstr(v, "id");
	json_t *in = tap_jget(v, "input"), *exp = tap_jget(v, "expected"), *x;
	const struct zen_chain_params *p = chain_named(tap_jstr(in, "chain"));
	struct zen_ema ema;
	uint32_t before;
	size_t i;

	zen_ema_init(&ema, p);
	ema.difficulty = before = compact_of(tap_jstr(in, "difficulty"));
	json_array_foreach(tap_jget(in, "delayedOldestFirst"), i, x)
		ema.delayed[ema.count++] = (uint64_t)json_integer_value(x);
	tap_u64(zen_ema_earliest(&ema), tap_ju64(exp, "earliestBefore"),
		"%s earliest before", id);
	zen_ema_push(&ema, p, tap_ju64(in, "newTimestamp"));
	tap_u64(ema.difficulty, compact_of(tap_jstr(exp, "difficulty")),
		"%s difficulty", id);
	tap_ok(delayed_equal(&ema, tap_jget(exp, "delayedOldestFirst")),
	       "%s delayed list", id);
	{
		struct zen_u256 a, b;

		zen_difficulty_uncompress(&a, ema.difficulty);
		zen_difficulty_uncompress(&b, before);
		tap_ok(zen_u256_cmp(&a, &b) < 0, "%s target decreased", id);
	}
}

static void vec_ema_main_sequence(json_t *v)
{
	const char *id = tap_jstr(v, "id");
	const struct zen_chain_params *p = chain_named(
		tap_jstr(tap_jget(v, "input"), "chain"));
	json_t *blocks = tap_jget(tap_jget(v, "expected"), "blocks"), *b;
	struct zen_ema ema;
	size_t i;

	zen_ema_init(&ema, p);
	json_array_foreach(blocks, i, b) {
		uint64_t bn = tap_ju64(b, "blockNumber");
		int ok = ema.difficulty ==
			 compact_of(tap_jstr(b, "requiredDifficulty")) &&
			 zen_ema_earliest(&ema) ==
			 tap_ju64(b, "earliestAllowedExclusive");

		zen_ema_push(&ema, p, tap_ju64(b, "timestamp"));
		ok &= ema.difficulty == compact_of(tap_jstr(b, "difficultyAfter"));
		tap_ok(ok, "%s block %llu", id, (unsigned long long)bn);
	}
	tap_ok(json_array_size(blocks) ==
	       json_array_size(tap_jget(tap_jget(v, "input"), "timestamps")),
	       "%s covers every timestamp", id);
	/* the input's timestamps are the ones pushed above, in order */
	json_array_foreach(blocks, i, b)
		tap_u64(tap_ju64(b, "timestamp"), (uint64_t)json_integer_value(
			json_array_get(tap_jget(tap_jget(v, "input"), "timestamps"), i)),
			"%s timestamp %zu is the input's", id, i);
}

static void vec_ema_local(json_t *v)
{
	const char *id = tap_jstr(v, "id");
	json_t *ts = tap_jget(tap_jget(v, "input"), "timestamps");
	json_t *want = tap_jget(tap_jget(v, "expected"), "difficultyAfterEach");
	const struct zen_chain_params *p = zen_chain_params(ZEN_CHAIN_LOCAL);
	struct zen_ema ema;
	size_t i;
	json_t *x;

	zen_ema_init(&ema, p);
	json_array_foreach(ts, i, x) {
		zen_ema_push(&ema, p, (uint64_t)json_integer_value(x));
		tap_u64(ema.difficulty,
			compact_of(json_string_value(json_array_get(want, i))),
			"%s after block %zu", id, i + 1);
	}
}

/* Blocks 1 ms apart: test retargets upwards, local stays at its limit. */
static void test_ema_fast_blocks(void)
{
	const struct zen_chain_params *local = zen_chain_params(ZEN_CHAIN_LOCAL);
	const struct zen_chain_params *test = zen_chain_params(ZEN_CHAIN_TEST);
	struct zen_ema el, et;
	int local_fixed = 1;

	zen_ema_init(&el, local);
	zen_ema_init(&et, test);
	for (uint64_t i = 0; i < 3000; i++) {
		zen_ema_push(&el, local, 1515594186383ULL + i);
		zen_ema_push(&et, test, 1515594186383ULL + i);
		local_fixed &= el.difficulty == 0x20ffffff;
	}
	tap_ok(local_fixed, "local: 3000 blocks 1 ms apart all carry 0x20ffffff");
	tap_ok(et.difficulty != test->pow_limit,
	       "test: the same blocks retarget away from the limit (0x%08x)",
	       et.difficulty);
	tap_u64(zen_ema_earliest(&el), 1515594186383ULL + 2994,
		"local: the median-time rule still follows the timestamps");
}

static void test_difficulty_vectors(void)
{
	json_t *vectors = tap_vectors_all("difficulty.json"), *v;
	size_t i;

	json_array_foreach(vectors, i, v) {
		const char *id = tap_jstr(v, "id");

		if (!strncmp(id, "uncompress-", 11))
			vec_uncompress(v);
		else if (!strncmp(id, "compress-", 9))
			vec_compress(v);
		else if (!strncmp(id, "ema-t-", 6))
			vec_ema_t(v);
		else if (!strcmp(id, "ema-negative-delta"))
			vec_ema_negative_delta(v);
		else if (!strcmp(id, "ema-main-sequence"))
			vec_ema_main_sequence(v);
		else if (!strcmp(id, "ema-local-api-blocks"))
			vec_ema_local(v);
		else
			continue;
		tap_mark(id);
	}
}

static void sha3_hex(uint8_t out[32], const char *hex)
{
	struct zen_buf b = ZEN_BUF_INIT;

	if (zen_hex_decode(&b, hex, strlen(hex), NULL))
		tap_ok(0, "malformed hex in vector");
	zen_sha3(out, b.data ? b.data : (const uint8_t *)"", b.len);
	zen_buf_release(&b);
}

static void vec_block_hash(json_t *v)
{
	const char *id = tap_jstr(v, "id");
	const char *header = tap_jstr(tap_jget(v, "input"), "headerHex");
	uint8_t h[32];

	tap_u64(strlen(header), 200, "%s header is 100 bytes", id);
	sha3_hex(h, header);
	tap_hex(h, 32, tap_jstr(tap_jget(v, "expected"), "hash"), "%s", id);
	tap_ok(!memcmp(h, zen_chain_params(ZEN_CHAIN_LOCAL)->genesis_hash, 32),
	       "%s is the local genesis hash of the parameters", id);
}

static void vec_genesis_hash_hash(json_t *v)
{
	const char *id = tap_jstr(v, "id");
	const char *want = tap_jstr(tap_jget(v, "expected"), "genesisHashHash");
	const char *chain = id + strlen("genesis-hash-hash-");
	const struct zen_chain_params *p = chain_named(chain);
	json_t *gh = json_object_get(tap_jget(v, "input"), "genesisHash");
	uint8_t g[32], hh[32];

	tap_hex(p->genesis_hash_hash, 32, want, "%s parameters", id);
	if (!gh) {
		tap_ok(!p->has_genesis_hash, "%s: no genesis hash known", id);
		return;
	}
	hex32(g, json_string_value(gh));
	zen_sha3(hh, g, 32);
	tap_hex(hh, 32, want, "%s = H(genesis hash)", id);
	tap_ok(p->has_genesis_hash && !memcmp(g, p->genesis_hash, 32),
	       "%s genesis hash in parameters", id);
}

static void vec_commitments(json_t *v)
{
	const char *id = tap_jstr(v, "id");
	json_t *c = tap_jget(tap_jget(v, "input"), "commitments");
	json_t *exp = tap_jget(v, "expected");
	uint8_t leaves[3][32], root[32], acs[32];

	tap_u64(json_array_size(c), 3, "%s has three commitments", id);
	for (size_t i = 0; i < 3; i++)
		hex32(leaves[i], json_string_value(json_array_get(c, i)));
	zen_merkle_root(root, (const uint8_t (*)[32])leaves, 2);
	tap_hex(root, 32, tap_jstr(exp, "innerLeft"), "%s inner left", id);
	zen_merkle_root(root, (const uint8_t (*)[32])leaves, 3);
	tap_hex(root, 32, tap_jstr(exp, "root"), "%s root", id);
	zen_acs_root(acs, NULL, 0);
	tap_ok(!memcmp(acs, leaves[2], 32), "%s acs root is the empty ACS root",
	       id);
}

static void vec_acs_defaults(json_t *v)
{
	static const struct { const char *key; unsigned h; } rows[] = {
		{ "d0", 0 }, { "d1", 1 }, { "d2", 2 }, { "d255", 255 },
		{ "d256_emptyRoot", 256 },
	};
	const char *id = tap_jstr(v, "id");
	json_t *exp = tap_jget(v, "expected");
	const char *cwt = tap_jstr(tap_jget(v, "input"), "cwtAscii");
	uint8_t d[32];

	zen_sha3(d, cwt, strlen(cwt));
	tap_hex(d, 32, tap_jstr(exp, "d0"), "%s H(cwt)", id);
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(rows); i++) {
		zen_acs_default_hash(d, rows[i].h);
		tap_hex(d, 32, tap_jstr(exp, rows[i].key), "%s %s", id,
			rows[i].key);
	}
	zen_acs_root(d, NULL, 0);
	tap_hex(d, 32, tap_jstr(exp, "d256_emptyRoot"), "%s empty root", id);
}

static void vec_acs_root(json_t *v)
{
	const char *id = tap_jstr(v, "id");
	json_t *cs = tap_jget(tap_jget(v, "input"), "contracts"), *c;
	const char *want = tap_jstr(tap_jget(v, "expected"), "root");
	size_t n = json_array_size(cs), i;
	struct zen_acs_entry *e = zen_xcalloc(n, sizeof(*e)), *rev;
	uint8_t root[32];

	json_array_foreach(cs, i, c) {
		hex32(e[i].contract_hash, tap_jstr(c, "contractHash"));
		e[i].expiry = (uint32_t)tap_ju64(c, "expiry");
	}
	zen_acs_root(root, e, n);
	tap_hex(root, 32, want, "%s", id);
	rev = zen_xcalloc(n, sizeof(*e));
	for (i = 0; i < n; i++)
		rev[i] = e[n - 1 - i];
	zen_acs_root(root, rev, n);
	tap_hex(root, 32, want, "%s (entries in reverse order)", id);
	free(rev);
	free(e);
}

/* H(a || b) of two 32-byte values. */
static void hash_pair(uint8_t out[32], const uint8_t a[32], const uint8_t b[32])
{
	uint8_t buf[64];

	memcpy(buf, a, 32);
	memcpy(buf + 32, b, 32);
	zen_sha3(out, buf, sizeof(buf));
}

static void vec_sighash_following(json_t *v)
{
	const char *id = tap_jstr(v, "id");
	json_t *in = tap_jget(v, "input"), *exp = tap_jget(v, "expected");
	uint8_t tx[32], wh[32], msg[32];
	const char *cases[] = { "A", "B" };
	char key[64];

	hex32(tx, tap_jstr(in, "txHash"));
	for (int i = 0; i < 2; i++) {
		snprintf(key, sizeof(key), "followingWitnessListHex_%s", cases[i]);
		sha3_hex(wh, tap_jstr(in, key));
		snprintf(key, sizeof(key), "witnessesHash_%s", cases[i]);
		tap_hex(wh, 32, tap_jstr(exp, key), "%s %s", id, key);
		hash_pair(msg, tx, wh);
		snprintf(key, sizeof(key), "message_%s", cases[i]);
		tap_hex(msg, 32, tap_jstr(exp, key), "%s %s", id, key);
	}
}

static void vec_contract_witness_message(json_t *v)
{
	const char *id = tap_jstr(v, "id");
	json_t *in = tap_jget(v, "input"), *exp = tap_jget(v, "expected");
	const char *cmd = tap_jstr(in, "command");
	struct zen_contract_id cid;
	struct zen_buf msg = ZEN_BUF_INIT, hex = ZEN_BUF_INIT;
	uint8_t tx[32], h[32];

	/* Message = varint version || hash || String command || Option body */
	tap_ok(zen_contract_id_parse(&cid, tap_jstr(in, "contractId"), NULL) == 0 &&
	       cid.version < 0x80 && strlen(cmd) < 0x80 &&
	       json_is_null(tap_jget(in, "body")), "%s input shape", id);
	zen_buf_addch(&msg, (uint8_t)cid.version);
	zen_buf_add(&msg, cid.hash, 32);
	zen_buf_addch(&msg, (uint8_t)strlen(cmd));
	zen_buf_addstr(&msg, cmd);
	zen_buf_addch(&msg, 0);
	zen_hex_encode(&hex, msg.data, msg.len);
	tap_str(zen_buf_str(&hex), tap_jstr(exp, "messageHex"),
		"%s message bytes", id);
	hex32(tx, tap_jstr(in, "txHash"));
	zen_sha3(h, msg.data, msg.len);
	{
		struct zen_sha3_ctx *ctx = zen_sha3_begin();

		zen_sha3_update(ctx, tx, 32);
		zen_sha3_update(ctx, msg.data, msg.len);
		zen_sha3_end(ctx, h);
	}
	tap_hex(h, 32, tap_jstr(exp, "signedDigest"), "%s signed digest", id);
	zen_buf_release(&msg);
	zen_buf_release(&hex);
}

static int covered_elsewhere(const char *id)
{
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(hashes_elsewhere); i++)
		if (!strncmp(id, hashes_elsewhere[i], strlen(hashes_elsewhere[i])))
			return 1;
	return 0;
}

/*
 * hashes.json is shared with test-core (sha3 and merkle vectors), so this
 * program cannot require every id through tap_vectors_all(); instead any
 * id that is neither handled here nor listed in hashes_elsewhere fails.
 */
static void test_hash_vectors(void)
{
	json_t *vectors = tap_vectors("hashes.json"), *v;
	size_t i;

	json_array_foreach(vectors, i, v) {
		const char *id = tap_jstr(v, "id");

		if (!strcmp(id, "block-hash-local-genesis"))
			vec_block_hash(v);
		else if (!strncmp(id, "genesis-hash-hash-", 18))
			vec_genesis_hash_hash(v);
		else if (!strcmp(id, "commitments-root-local-genesis"))
			vec_commitments(v);
		else if (!strcmp(id, "acs-smt-default-hashes"))
			vec_acs_defaults(v);
		else if (!strncmp(id, "acs-smt-", 8))
			vec_acs_root(v);
		else if (!strcmp(id, "sighash-following-witnesses"))
			vec_sighash_following(v);
		else if (!strcmp(id, "contract-witness-signature-message"))
			vec_contract_witness_message(v);
		else if (!covered_elsewhere(id))
			tap_ok(0, "hashes.json vector %s is not checked", id);
		else
			continue;
		tap_mark(id);
	}
}

/* ---- hand-computed edge cases ---- */

static void test_params_misc(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	enum zen_chain c = ZEN_CHAIN_MAIN;
	static const struct { const char *name; enum zen_chain chain; } ok[] = {
		{ "main", ZEN_CHAIN_MAIN }, { "test", ZEN_CHAIN_TEST },
		{ "testnet", ZEN_CHAIN_TEST }, { "local", ZEN_CHAIN_LOCAL },
	};

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(ok); i++)
		tap_ok(zen_chain_from_name(&c, ok[i].name, &err) == 0 &&
		       c == ok[i].chain, "chain name %s", ok[i].name);
	tap_ok(zen_chain_from_name(&c, "mainnet", &err) == ZEN_EINVAL,
	       "chain name mainnet is refused");
	tap_str(err.msg, "unknown chain 'mainnet' (expected main, test or local)",
		"unknown chain message");
	tap_ok(zen_chain_from_name(&c, "Main", NULL) == ZEN_EINVAL,
	       "chain names are case-sensitive");
	tap_u64(zen_chain_params(ZEN_CHAIN_MAIN)->api_port, 11567, "main api port");
	tap_u64(zen_chain_params(ZEN_CHAIN_TEST)->api_port, 31567, "test api port");
	tap_u64(zen_chain_params(ZEN_CHAIN_LOCAL)->api_port, 20000,
		"local api port");
	tap_str(zen_chain_params(ZEN_CHAIN_TEST)->cli_name, "test",
		"testnet cli name");
	for (int i = ZEN_CHAIN_MAIN; i <= ZEN_CHAIN_LOCAL; i++)
		tap_ok(zen_chain_params(i)->chain == (enum zen_chain)i,
		       "parameters of chain %d say so", i);
}

static void u256_hex(struct zen_u256 *a, const char *hex)
{
	hex32(a->b, hex);
}

static void test_u256(void)
{
	struct zen_u256 a, b, w;
	char dec[ZEN_U256_DECIMAL_LEN + 1];

	memset(a.b, 0xff, 32);
	zen_u256_decimal(dec, &a);
	tap_str(dec, "1157920892373161954235709850086879078532699846656405640394"
		"57584007913129639935", "decimal of 2^256 - 1");
	memset(b.b, 0, 32);
	zen_u256_decimal(dec, &b);
	tap_str(dec, "0", "decimal of 0");
	b.b[31] = 1;
	zen_u256_add(&a, &b);
	tap_hex(a.b, 32, "0000000000000000000000000000000000000000000000000000000000000000",
		"(2^256 - 1) + 1 wraps to 0");
	u256_hex(&a, "00000000000000000000000000000000000000000000000000000000ffffffff");
	zen_u256_add(&a, &b);
	tap_hex(a.b, 32, "0000000000000000000000000000000000000000000000000000000100000000",
		"add carries across bytes");
	u256_hex(&b, "0100000000000000000000000000000000000000000000000000000000000000");
	tap_ok(zen_u256_cmp(&a, &b) < 0 && zen_u256_cmp(&b, &a) > 0 &&
	       zen_u256_cmp(&a, &a) == 0, "u256 compare is big-endian");

	/* chain work extremes */
	zen_chain_work(&w, 0x00000000);
	zen_u256_decimal(dec, &w);
	tap_str(dec, "1157920892373161954235709850086879078532699846656405640394"
		"57584007913129639935", "work of target 0 saturates at 2^256 - 1");
	zen_chain_work(&w, 0x01000001);
	u256_hex(&a, "8000000000000000000000000000000000000000000000000000000000000000");
	tap_ok(zen_u256_cmp(&w, &a) == 0, "work of target 1 is 2^255");
	zen_chain_work(&w, 0xffffffff);
	zen_u256_decimal(dec, &w);
	tap_str(dec, "1", "work of the largest target is 1");
	zen_chain_work(&w, 0x03000002);
	zen_u256_decimal(dec, &w);
	tap_str(dec, "3859736307910539847452366166956263595108999488854685467981"
		"9194669304376546645", "work of target 2 is floor(2^256 / 3)");
}

static void test_compact_edges(void)
{
	struct zen_u256 t, t2, limit;
	uint8_t hash[32];
	int ok = 1;

	for (uint32_t exp = 3; exp <= 32; exp++) {
		uint32_t c = exp << 24 | 0x9a3456;

		zen_difficulty_uncompress(&t, c);
		ok &= zen_difficulty_compress(&t) == c;
	}
	tap_ok(ok, "compress(uncompress(c)) == c for exponents 3..32");
	zen_difficulty_uncompress(&t, 0x01123456);
	zen_difficulty_uncompress(&t2, 0x03123456);
	tap_ok(!zen_u256_cmp(&t, &t2), "exponent 1 does not shift the mantissa");
	zen_difficulty_uncompress(&t, 0xff123456);
	zen_difficulty_uncompress(&t2, 0x20123456);
	tap_ok(!zen_u256_cmp(&t, &t2), "exponent 255 clamps to 32");
	memset(t.b, 0xff, 32);
	tap_u64(zen_difficulty_compress(&t), 0x20ffffff,
		"compress of the largest target");

	/* PoW */
	zen_difficulty_uncompress(&t, 0x1c1d0000);
	memcpy(hash, t.b, 32);
	tap_ok(zen_pow_valid(hash, 0x1c1d0000, 0x1c1ddec6),
	       "hash equal to the target is valid");
	hash[31] = 1;
	tap_ok(!zen_pow_valid(hash, 0x1c1d0000, 0x1c1ddec6),
	       "hash one above the target is invalid");
	memset(hash, 0, 32);
	tap_ok(zen_pow_valid(hash, 0x1c1ddec6, 0x1c1ddec6),
	       "target equal to the limit is allowed");
	tap_ok(!zen_pow_valid(hash, 0x1c1ddec7, 0x1c1ddec6),
	       "target above the limit is invalid even for a zero hash");
	zen_difficulty_uncompress(&limit, 0x20ffffff);
	memcpy(hash, limit.b, 32);
	hash[3] = 1;
	tap_ok(!zen_pow_valid(hash, 0x20ffffff, 0x20ffffff),
	       "local: hash above ffffff00.. is invalid");
}

static void test_difficulty_number(void)
{
	double d = zen_difficulty_number(0x1dccccb1);

	tap_ok(fabs(d - 0.00488274810764174) < 1e-17,
	       "difficulty number of testnet block 10 (%.17g)", d);
	tap_ok(zen_difficulty_number(0x1d00ffff) == 1.0,
	       "difficulty number of 0x1d00ffff is 1");
	tap_ok(zen_difficulty_number(0x1c00ffff) == 256.0,
	       "one exponent step below 29 multiplies by 256");
	tap_ok(zen_difficulty_number(0x1e00ffff) == 1.0 / 256,
	       "one exponent step above 29 divides by 256");
	tap_ok(zen_difficulty_number(0x1d000000) == 0.0,
	       "zero mantissa gives 0");
}

static void test_ema_edges(void)
{
	struct zen_chain_params p = *zen_chain_params(ZEN_CHAIN_MAIN);
	struct zen_u256 a, b, lim;
	struct zen_ema ema;

	zen_ema_init(&ema, &p);
	tap_ok(ema.count == 0 && zen_ema_earliest(&ema) == 0 &&
	       ema.difficulty == p.pow_limit, "initial EMA state");
	zen_ema_push(&ema, &p, 1000);
	tap_ok(ema.difficulty == p.pow_limit && zen_ema_earliest(&ema) == 1000,
	       "first block leaves the difficulty unchanged");
	/* A very slow block: the solve time clamps at 6t, and the target
	 * cannot rise above the limit. */
	zen_ema_push(&ema, &p, 1000 + 100000000);
	tap_u64(ema.difficulty, p.pow_limit, "slow block stays at the limit");
	/* Fast blocks lower the target: (27t + 0) / 28t per block. */
	zen_ema_push(&ema, &p, 1000 + 100000000);
	zen_difficulty_uncompress(&a, ema.difficulty);
	zen_difficulty_uncompress(&lim, p.pow_limit);
	tap_ok(zen_u256_cmp(&a, &lim) < 0, "zero solve time lowers the target");
	/* 0x1ddec6 00.. * 27 / 28 = 0x1ccdac 6d.. (truncated to 3 bytes) */
	tap_u64(ema.difficulty, 0x1c1ccdac, "zero solve time: target * 27 / 28");
	for (int i = 0; i < 20; i++)
		zen_ema_push(&ema, &p, 5000 + (uint64_t)i);
	tap_u64(ema.count, 11, "delayed keeps 11 timestamps");
	tap_u64(ema.delayed[0], 5009, "oldest timestamp dropped first");
	tap_u64(zen_ema_earliest(&ema), 5014, "median of the last 11");

	/* With smoothing 1 the numerator is the clamped solve time: a
	 * negative one clamps the next target to 1 (0x01000001). */
	p.smoothing = 1;
	zen_ema_init(&ema, &p);
	zen_ema_push(&ema, &p, 2000000);
	zen_ema_push(&ema, &p, 1000000);
	tap_u64(ema.difficulty, 0x01000001, "non-positive numerator gives target 1");
	zen_ema_push(&ema, &p, 1000000 + 6 * 232421);
	zen_difficulty_uncompress(&a, ema.difficulty);
	memset(b.b, 0, 32);
	b.b[31] = 6;
	tap_ok(!zen_u256_cmp(&a, &b), "smoothing 1: target * 6t / t = 6");
}

static uint64_t naive_issuance(const struct zen_chain_params *p, uint32_t bn)
{
	uint64_t sum = p->genesis_total;

	for (uint32_t b = 2; b <= bn; b++)
		sum += zen_block_total_reward(b);
	return sum;
}

static void test_reward_edges(void)
{
	const struct zen_chain_params *main = zen_chain_params(ZEN_CHAIN_MAIN);
	const struct zen_chain_params *test = zen_chain_params(ZEN_CHAIN_TEST);
	uint64_t sum;
	int ok = 1;

	tap_ok(zen_reward_period(0) == 0 && zen_reward_period(1) == 0 &&
	       zen_reward_period(2) == 0 && zen_reward_period(800001) == 0 &&
	       zen_reward_period(800002) == 1, "period boundaries");
	tap_u64(zen_block_total_reward(0), 5000000000ULL, "reward at block 0");
	tap_u64(zen_block_total_reward(800002), 2500000000ULL,
		"reward halves at block 800002");
	tap_u64(zen_reward_period(51200001), 63, "period 63");
	tap_u64(zen_block_total_reward(51200001), 0, "5e9 >> 63 is 0");
	tap_u64(zen_reward_period(UINT32_MAX), 5368, "period of the last block");
	tap_u64(zen_block_total_reward(UINT32_MAX), 0,
		"period 5368 shifts by 56: 5e9 >> 56 is 0");
	tap_u64(zen_block_total_reward(2 + 64 * 800000 + 5 * 800000),
		5000000000ULL >> 5, "period 69 shifts by 5");
	tap_ok(zen_block_reward(10, 100) == 0 &&
	       zen_block_allocation(10, 100) == 5000000000ULL,
	       "allocation 100 pays everything to the CGP");
	tap_ok(zen_block_reward(800002, 33) == 1675000000ULL &&
	       zen_block_allocation(800002, 33) == 825000000ULL,
	       "split in period 1 shifts the miner part");
	tap_ok(zen_block_reward(1600002, 3) == (4850000000ULL >> 2) &&
	       zen_block_allocation(1600002, 3) ==
	       (5000000000ULL >> 2) - (4850000000ULL >> 2),
	       "allocation absorbs the rounding of the shifted miner part");

	tap_u64(zen_total_issuance(test, 0), 1, "issuance at 0");
	tap_u64(zen_total_issuance(test, 1), 1, "issuance at 1");
	tap_u64(zen_total_issuance(test, 2), 5000000001ULL, "issuance at 2");
	tap_u64(zen_total_issuance(test, 800001), 1 + 800000 * 5000000000ULL,
		"issuance at 800001");
	tap_u64(zen_total_issuance(test, 800002),
		1 + 800000 * 5000000000ULL + 2500000000ULL, "issuance at 800002");
	tap_u64(zen_total_issuance(test, UINT32_MAX), 671999999260800001ULL,
		"issuance at the last u32 block");
	tap_u64(zen_total_issuance(main, UINT32_MAX),
		671999999260800000ULL + 2000000000000000ULL,
		"main issuance at the last u32 block");
	/* closed form == naive sum, across the first period boundaries */
	sum = naive_issuance(main, 1);
	for (uint32_t bn = 2; bn <= 2400010; bn++) {
		sum += zen_block_total_reward(bn);
		if (bn % 9973 == 0 || bn % 800000 <= 3)
			ok &= zen_total_issuance(main, bn) == sum;
	}
	tap_ok(ok, "closed-form issuance equals the naive sum up to 2400010");
	tap_u64(zen_total_issuance(main, 51200003), naive_issuance(main, 51200003),
		"issuance past the shift wrap equals the naive sum");
}

static void test_cgp_edges(void)
{
	const struct zen_chain_params *p = zen_chain_params(ZEN_CHAIN_MAIN);

	tap_u64(zen_cgp_interval(p, 0), 1, "block 0 is in interval 1");
	tap_ok(zen_cgp_is_payout_block(p, 100) && zen_cgp_is_payout_block(p, 10100) &&
	       !zen_cgp_is_payout_block(p, 10000) && !zen_cgp_is_payout_block(p, 0),
	       "main payout blocks are 100, 10100, ...");
	tap_u64(zen_cgp_interval(p, 4294967295u), 429497, "interval of the last block");
	tap_ok(!zen_cgp_is_nominee_phase(p, 0) && zen_cgp_is_nominee_phase(p, 19001),
	       "nominee phase of interval 2 starts after its snapshot");
}

static void test_acs_edges(void)
{
	struct zen_acs_entry e[3];
	uint8_t r1[32], r2[32], d[32];

	memset(e, 0, sizeof(e));
	/* keys differing only in the last bit: the split is at the leaves */
	e[1].contract_hash[31] = 1;
	e[0].expiry = e[1].expiry = 7;
	zen_acs_root(r1, e, 2);
	zen_acs_root(r2, e, 1);
	tap_ok(memcmp(r1, r2, 32) != 0, "adjacent keys change the root");
	e[2].contract_hash[0] = 0x80;
	zen_acs_root(r2, e, 3);
	tap_ok(memcmp(r1, r2, 32) != 0, "a key in the right half changes the root");
	e[0].expiry = 8;
	zen_acs_root(r2, e, 2);
	tap_ok(memcmp(r1, r2, 32) != 0, "the expiry is part of the leaf");
	zen_acs_default_hash(d, 256);
	tap_ok(memcmp(r1, d, 32) != 0, "a non-empty root is not the empty root");
}

int main(void)
{
	test_chain_params_vectors();
	test_difficulty_vectors();
	test_ema_fast_blocks();
	test_hash_vectors();
	test_params_misc();
	test_u256();
	test_compact_edges();
	test_difficulty_number();
	test_ema_edges();
	test_reward_edges();
	test_cgp_edges();
	test_acs_edges();
	return tap_done();
}
