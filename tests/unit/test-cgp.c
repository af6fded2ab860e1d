/*
 * test-cgp.c - the CGP rules of src/core/cgp against the worked examples
 * of cgp-and-chain.md Part A (sections 6.4-7.3 and 20), values worked out
 * by hand, and digests computed independently (Python hashlib over the
 * text 6.1 describes).
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/cgp/cgp.h"
#include "core/encoding/hex.h"
#include "tap.h"

static const struct zen_chain_params *main_params(void)
{
	return zen_chain_params(ZEN_CHAIN_MAIN);
}

/* The allocations valid after prev, as "lo..hi" (they are contiguous). */
static void valid_range(const struct zen_chain_params *p, uint8_t prev,
			char *out, size_t size)
{
	int lo = -1, hi = -1, holes = 0;

	for (int x = 0; x <= 100; x++) {
		if (!zen_cgp_allocation_valid(p, prev, (uint8_t)x))
			continue;
		if (hi >= 0 && x != hi + 1)
			holes = 1;
		if (lo < 0)
			lo = x;
		hi = x;
	}
	snprintf(out, size, holes ? "holes" : "%d..%d", lo, hi);
}

static void test_allocation_rule(void)
{
	static const struct { uint8_t prev; const char *range; } cases[] = {
		{ 0, "0..15" }, { 15, "0..28" }, { 28, "16..39" },
		{ 50, "42..58" }, { 80, "77..83" }, { 90, "89..90" },
	};
	/* mainnet's allocations, intervals 26-42 (section 20), from 0 */
	static const uint8_t history[] = { 0, 15, 27, 37, 46, 54, 60, 66, 71,
		75, 78, 81, 83, 85, 87, 88, 89, 90 };
	struct zen_chain_params tally = *main_params();
	char got[32];
	int ok = 1;

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(cases); i++) {
		valid_range(main_params(), cases[i].prev, got, sizeof(got));
		tap_str(got, cases[i].range, "allocation after %u: %s",
			cases[i].prev, cases[i].range);
	}
	for (size_t i = 1; i < ZEN_ARRAY_SIZE(history); i++)
		ok &= zen_cgp_allocation_valid(main_params(), history[i - 1],
					       history[i]);
	tap_ok(ok, "every step of mainnet's allocation history is valid");
	tap_ok(zen_cgp_allocation_valid(main_params(), 90, 89) &&
	       !zen_cgp_allocation_valid(main_params(), 90, 88) &&
	       !zen_cgp_allocation_valid(main_params(), 15, 29) &&
	       !zen_cgp_allocation_valid(main_params(), 0, 101) &&
	       !zen_cgp_allocation_valid(main_params(), 90, 91),
	       "29 after 15, 101 and 91 after 90 are not");
	/* Blockchain.Tests Tally.fs: cap ratio 90, previous ratio 20 */
	tally.allocation_correction_cap = 10;
	for (int r = 16; r <= 24; r++)
		tap_u64((uint64_t)zen_cgp_allocation_valid(&tally, 80,
							  (uint8_t)(100 - r)),
			r >= 18 && r <= 22, "Tally.fs: ratio %d after ratio 20", r);
}

static void test_median(void)
{
	struct zen_cgp_weighted a[] = { { 10, 3 }, { 20, 3 } };
	struct zen_cgp_weighted b[] = { { 30, 1 }, { 10, 1 }, { 20, 5 } };
	struct zen_cgp_weighted c[] = { { 9, 2 }, { 5, 2 }, { 7, 1 } };
	struct zen_cgp_weighted d[] = { { 20, 3 }, { 10, 1 }, { 10, 2 } };
	struct zen_cgp_weighted big[] = { { 90, UINT64_MAX / 2 },
					  { 10, UINT64_MAX / 2 } };
	struct zen_cgp_weighted zero[] = { { 40, 0 } };
	uint8_t m = 0;

	tap_ok(!zen_cgp_weighted_median(a, 2, &m) && m == 15,
	       "{10: 3, 20: 3} -> 15 (got %u)", m);
	tap_ok(!zen_cgp_weighted_median(b, 3, &m) && m == 20,
	       "{10: 1, 20: 5, 30: 1} -> 20 (got %u)", m);
	tap_ok(!zen_cgp_weighted_median(c, 3, &m) && m == 7,
	       "{5: 2, 7: 1, 9: 2} -> 7 (got %u)", m);
	tap_ok(!zen_cgp_weighted_median(d, 3, &m) && m == 15,
	       "votes for one value add up: {10: 1+2, 20: 3} -> 15 (got %u)", m);
	tap_ok(!zen_cgp_weighted_median(big, 2, &m) && m == 50,
	       "weights near 2^63 do not overflow -> 50 (got %u)", m);
	tap_u64((uint64_t)zen_cgp_weighted_median(zero, 1, &m), ZEN_ENOTFOUND,
		"no weight: no allocation result");
	tap_u64((uint64_t)zen_cgp_weighted_median(NULL, 0, &m), ZEN_ENOTFOUND,
		"no votes: no allocation result");
}

static void test_winner(void)
{
	static const uint64_t tie[] = { 5, 3, 5 }, one[] = { 1, 7, 3 };

	tap_ok(zen_cgp_payout_winner(tie, 3) == -1, "a shared top weight elects nobody");
	tap_ok(zen_cgp_payout_winner(one, 3) == 1, "the strictly heaviest payout wins");
	tap_ok(zen_cgp_payout_winner(NULL, 0) == -1, "no payout votes, no winner");
}

static void test_threshold(void)
{
	tap_u64(zen_cgp_threshold(main_params(), 1), 61349850000000ULL,
		"main interval 1: 3%% of 2,044,995,000,000,000 issued at block 9000");
	tap_u64(zen_cgp_threshold(zen_chain_params(ZEN_CHAIN_LOCAL), 1),
		(1 + 5000000000ULL * 89) / 500,
		"local interval 1: 1/500 of the ZP issued at block 90");
}

static struct zen_spend spend(uint8_t version_byte, uint64_t amount)
{
	struct zen_spend s;

	memset(&s, 0, sizeof(s));
	s.asset.cid.version = version_byte;	/* 0: ZP */
	if (version_byte)
		memset(s.asset.cid.hash, 0xab, ZEN_HASH_LEN);
	s.amount = amount;
	return s;
}

static int nominee(struct zen_spend *s, size_t n, const struct zen_spend *funds,
		   size_t n_funds)
{
	struct zen_cgp_payout p = { { 0 }, s, n };

	return zen_cgp_nominee_valid(&p, funds, n_funds);
}

static void test_nominee(void)
{
	struct zen_spend funds3[] = { spend(0, 3) }, funds2[] = { spend(0, 2) };
	struct zen_spend both[] = { spend(0, 10), spend(1, 10) };
	struct zen_spend ok[] = { spend(0, 1), spend(0, 2) };
	struct zen_spend same[] = { spend(0, 1), spend(0, 1) };
	struct zen_spend zero[] = { spend(0, 0) };
	struct zen_spend sorted[] = { spend(0, 1), spend(1, 1) };
	struct zen_spend unsorted[] = { spend(1, 1), spend(0, 1) };
	struct zen_spend other[] = { spend(1, 1) };
	struct zen_spend many[ZEN_CGP_MAX_SPENDS + 1];
	struct zen_spend rich[] = { spend(0, 1000000) };

	tap_ok(nominee(ok, 2, funds3, 1), "[ZP 1, ZP 2] with 3 ZP in the pool");
	tap_ok(!nominee(ok, 2, funds2, 1), "[ZP 1, ZP 2] with only 2 ZP");
	tap_ok(!nominee(same, 2, funds3, 1), "[ZP 1, ZP 1]: equal neighbours");
	tap_ok(!nominee(zero, 1, funds3, 1), "an amount of zero");
	tap_ok(nominee(sorted, 2, both, 2), "two assets in order");
	tap_ok(!nominee(unsorted, 2, both, 2), "two assets out of order");
	tap_ok(!nominee(other, 1, funds3, 1), "an asset the pool lacks");
	tap_ok(!nominee(NULL, 0, funds3, 1), "no spends");
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(many); i++)
		many[i] = spend(0, i + 1);
	tap_ok(nominee(many, ZEN_CGP_MAX_SPENDS, rich, 1) &&
	       !nominee(many, ZEN_CGP_MAX_SPENDS + 1, rich, 1),
	       "100 spends may be nominated, 101 may not");
}

static void test_ballots(void)
{
	struct zen_cgp_ballot b = { ZEN_CGP_BALLOT_ALLOCATION, 15, { { 0 }, 0, 0 } };
	struct zen_cgp_ballot back;
	struct zen_spend s = spend(0, 1000);
	struct zen_buf w = ZEN_BUF_INIT;
	char want[256];
	uint8_t tail[] = { 1, 15, 0xff, 0xee };
	int rc;

	zen_cgp_ballot_write(&w, &b);
	tap_hex(w.data, w.len, "010f", "an allocation ballot of 15");
	rc = zen_cgp_ballot_decode(&back, tail, sizeof(tail), NULL);
	tap_ok(!rc && back.kind == ZEN_CGP_BALLOT_ALLOCATION &&
	       back.allocation == 15, "bytes after a ballot are ignored (20.2)");
	zen_buf_reset(&w);
	b.kind = ZEN_CGP_BALLOT_PAYOUT;
	memset(b.payout.recipient.pk_hash, 0xab, ZEN_HASH_LEN);
	b.payout.spends = &s;
	b.payout.n_spends = 1;
	zen_cgp_ballot_write(&w, &b);
	snprintf(want, sizeof(want), "0201%s01000c01",
		 "abababababababababababababababababababababababababababababababab");
	tap_hex(w.data, w.len, want, "a payout ballot: 1000 kalapas ZP to a PK");
	rc = zen_cgp_ballot_decode(&back, w.data, w.len, NULL);
	tap_ok(!rc && back.kind == ZEN_CGP_BALLOT_PAYOUT &&
	       !zen_cgp_payout_cmp(&back.payout, &b.payout),
	       "the payout ballot reads back");
	zen_cgp_ballot_release(&back);
	tap_ok(zen_cgp_ballot_decode(&back, (const uint8_t *)"\x03\x01", 2, NULL) ==
	       ZEN_EINVAL, "ballot tag 3 is refused");
	tap_ok(zen_cgp_ballot_decode(&back, (const uint8_t *)"\x02\x01", 2, NULL) ==
	       ZEN_EINVAL, "a truncated payout ballot is refused");
	zen_buf_release(&w);
}

/* A vote's body written out by hand (protocol.md 2.14: dict tag 12,
 * entries shorter key first; String tag 6; Signature tag 9). */
static void vote_body(struct zen_data *d, const char *command,
		      const char *ballot_hex, int extra_entries)
{
	struct zen_buf b = ZEN_BUF_INIT;
	char pk[67];
	uint8_t sig[ZEN_SIGNATURE_LEN];
	size_t clen = strlen(command), hlen = strlen(ballot_hex);

	memset(pk, 0, sizeof(pk));
	for (int i = 0; i < 66; i++)
		pk[i] = "0123456789abcdef"[(i * 7 + 2) % 16];
	pk[0] = '0';
	pk[1] = '2';
	for (size_t i = 0; i < sizeof(sig); i++)
		sig[i] = (uint8_t)i;
	zen_buf_addch(&b, 12);
	zen_buf_addch(&b, 2);
	/* keys shorter first: "Payout" (6), "Signature" (9), "Allocation" */
	if (clen < 9) {
		zen_buf_addch(&b, (uint8_t)clen);
		zen_buf_add(&b, command, clen);
		zen_buf_addch(&b, 6);
		zen_buf_addch(&b, (uint8_t)hlen);
		zen_buf_add(&b, ballot_hex, hlen);
	}
	zen_buf_addch(&b, 9);
	zen_buf_add(&b, "Signature", 9);
	zen_buf_addch(&b, 12);
	zen_buf_addch(&b, (uint8_t)(1 + 2 * extra_entries));
	if (extra_entries) {
		/* a key too short, and a value that is not a Signature */
		zen_buf_addch(&b, 2);
		zen_buf_add(&b, "02", 2);
		zen_buf_addch(&b, 9);
		zen_buf_add(&b, sig, sizeof(sig));
	}
	zen_buf_addch(&b, 66);
	zen_buf_add(&b, pk, 66);
	zen_buf_addch(&b, 9);
	zen_buf_add(&b, sig, sizeof(sig));
	if (extra_entries) {
		pk[65] = 'f';	/* sorts after the first key */
		zen_buf_addch(&b, 66);
		zen_buf_add(&b, pk, 66);
		zen_buf_addch(&b, 6);
		zen_buf_addch(&b, 1);
		zen_buf_addch(&b, 'x');
	}
	if (clen >= 9) {
		zen_buf_addch(&b, (uint8_t)clen);
		zen_buf_add(&b, command, clen);
		zen_buf_addch(&b, 6);
		zen_buf_addch(&b, (uint8_t)hlen);
		zen_buf_add(&b, ballot_hex, hlen);
	}
	zen_data_init(d);
	if (!tap_ok(!zen_data_decode(d, b.data, b.len, NULL, NULL),
		    "the hand-written body of a %s vote decodes", command))
		exit(1);
	zen_buf_release(&b);
}

static void test_vote_parse(void)
{
	struct zen_cgp_vote v;
	struct zen_data d;
	int rc;

	vote_body(&d, "Allocation", "010f", 0);
	rc = zen_cgp_vote_parse(&v, "Allocation", 10, &d, NULL);
	tap_ok(!rc && v.ballot.kind == ZEN_CGP_BALLOT_ALLOCATION &&
	       v.ballot.allocation == 15 && v.n_signers == 1 &&
	       v.signers[0].pubkey[0] == 0x02 &&
	       v.signers[0].signature[63] == 63 && v.ballot_hex_len == 4 &&
	       !memcmp(v.ballot_hex, "010f", 4),
	       "an allocation vote: its ballot, its signer and the signed text");
	zen_cgp_vote_release(&v);
	tap_ok(zen_cgp_vote_parse(&v, "Payout", 6, &d, NULL) == ZEN_EINVAL,
	       "no ballot under another command: not a vote");
	zen_cgp_vote_release(&v);
	tap_ok(zen_cgp_vote_parse(&v, "Other", 5, &d, NULL) == ZEN_EINVAL,
	       "another command is not a vote");
	zen_cgp_vote_release(&v);
	zen_data_release(&d);

	vote_body(&d, "Payout", "010f", 0);
	tap_ok(zen_cgp_vote_parse(&v, "Payout", 6, &d, NULL) == ZEN_EINVAL,
	       "an allocation ballot under Payout is not a vote");
	zen_cgp_vote_release(&v);
	zen_data_release(&d);

	vote_body(&d, "Nomination", "010f00ff", 1);
	rc = zen_cgp_vote_parse(&v, "Nomination", 10, &d, NULL);
	tap_ok(rc == ZEN_EINVAL, "an allocation ballot under Nomination is "
	       "not a vote");
	zen_cgp_vote_release(&v);
	zen_data_release(&d);

	vote_body(&d, "Allocation", "010fabcd", 1);
	rc = zen_cgp_vote_parse(&v, "Allocation", 10, &d, NULL);
	tap_ok(!rc && v.ballot.allocation == 15 && v.n_signers == 1 &&
	       v.ballot_hex_len == 8,
	       "bytes after the ballot count (20.2); signature entries of "
	       "another shape are dropped");
	zen_cgp_vote_release(&v);
	zen_data_release(&d);

	vote_body(&d, "Allocation", "01f", 0);
	tap_ok(zen_cgp_vote_parse(&v, "Allocation", 10, &d, NULL) ==
	       ZEN_EINVAL, "ballot text that is not hex: not a vote");
	zen_cgp_vote_release(&v);
	zen_data_release(&d);

	zen_data_init(&d);
	d.kind = ZEN_DATA_U32;
	tap_ok(zen_cgp_vote_parse(&v, "Allocation", 10, &d, NULL) ==
	       ZEN_EINVAL, "a body that is not a dictionary: not a vote");
	zen_cgp_vote_release(&v);
	tap_ok(zen_cgp_vote_parse(&v, "Allocation", 10, NULL, NULL) ==
	       ZEN_EINVAL, "no body: not a vote");
	zen_cgp_vote_release(&v);
}

static void test_payout_order(void)
{
	struct zen_spend one[] = { spend(0, 1) }, two[] = { spend(0, 1), spend(1, 1) };
	struct zen_cgp_payout pk = { { 0 }, one, 1 }, pk2 = { { 0 }, two, 2 };
	struct zen_cgp_payout con = { .recipient.is_contract = 1, .spends = one,
				      .n_spends = 1 };

	tap_ok(zen_cgp_payout_cmp(&pk, &con) < 0 && zen_cgp_payout_cmp(&con, &pk) > 0,
	       "PK recipients before contract recipients");
	tap_ok(zen_cgp_payout_cmp(&pk, &pk2) < 0 && !zen_cgp_payout_cmp(&pk2, &pk2),
	       "a spend list before its extensions; equal to itself");
}

static void test_state(void)
{
	struct zen_spend s = spend(1, 7);
	struct zen_cgp_state st = { 15, 0, { { 0 }, 0, 0 } }, back;
	struct zen_buf w = ZEN_BUF_INIT;
	int rc;

	zen_cgp_state_write(&w, &st);
	tap_hex(w.data, w.len, "0f00", "state: allocation 15, no payout");
	st.has_payout = 1;
	st.payout.recipient.is_contract = 1;
	st.payout.recipient.cid.version = 0;
	memset(st.payout.recipient.cid.hash, 0x11, ZEN_HASH_LEN);
	st.payout.spends = &s;
	st.payout.n_spends = 1;
	zen_buf_reset(&w);
	zen_cgp_state_write(&w, &st);
	rc = zen_cgp_state_decode(&back, w.data, w.len, NULL);
	tap_ok(!rc && back.allocation == 15 && back.has_payout &&
	       !zen_cgp_payout_cmp(&back.payout, &st.payout),
	       "state with a contract payout reads back");
	zen_cgp_state_release(&back);
	zen_buf_addch(&w, 0);
	tap_ok(zen_cgp_state_decode(&back, w.data, w.len, NULL) == ZEN_EINVAL,
	       "a stored state with trailing bytes is refused");
	zen_buf_release(&w);
}

static void test_digest(void)
{
	static const struct {
		uint32_t interval;
		int nomination;
		const char *ballot, *digest;
	} cases[] = {
		{ 1, 0, "010f",
		  "de4783d0aab00c430eac54f17c0fca389f82ae0006c691d5eeaa378d7a3e3d55" },
		{ 7, 1, "0201abababababababababababababababababababababababababababababababab00",
		  "12f4a36f8759a94dfebf13b7342726a09afcbe0f37a7cbd2bf6c913d21de7a56" },
		{ 2, 0, "010F",	/* hashed as sent (20.4) */
		  "4d230f7e5e321bb44c89ec2b6275c90aed71141993f6e4b2c61e257e59243ecb" },
	};
	uint8_t d[ZEN_HASH_LEN];

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(cases); i++) {
		zen_cgp_vote_digest(d, cases[i].interval, cases[i].nomination,
				    cases[i].ballot, strlen(cases[i].ballot));
		tap_hex(d, sizeof(d), cases[i].digest, "vote digest: interval %u, %s, %s",
			cases[i].interval, cases[i].nomination ? "Nomination" : "Vote",
			cases[i].ballot);
	}
}

/* serialization.json#data-cgp-payout-body: the reference's own body for
 * 50 ZP to PK(30759b..). */
static void test_payout_body_vector(void)
{
	json_t *v = tap_vector("serialization.json", "data-cgp-payout-body");
	json_t *out = json_array_get(json_object_get(json_object_get(v, "input"),
						     "outputs"), 0);
	const char *pk = json_string_value(json_object_get(
		json_object_get(out, "lock"), "PK"));
	struct zen_spend s = spend(0, strtoull(json_string_value(
		json_object_get(out, "amount")), NULL, 10));
	struct zen_cgp_payout p = { { 0 }, &s, 1 };
	struct zen_buf w = ZEN_BUF_INIT;
	struct zen_data d;

	if (!pk || zen_hex_decode_fixed(p.recipient.pk_hash, ZEN_HASH_LEN, pk,
					NULL)) {
		tap_ok(0, "the payout body vector reads");
		return;
	}
	zen_data_init(&d);
	zen_cgp_payout_body(&d, &p);
	zen_data_write(&w, &d);
	tap_hex(w.data, w.len, json_string_value(json_object_get(
		json_object_get(v, "expected"), "writtenHex")),
		"the payout body equals the reference's (vector)");
	zen_data_release(&d);
	zen_buf_release(&w);
}

static void test_payout_body(void)
{
	struct zen_spend s = spend(0, 1000);
	struct zen_spend two[] = { spend(0, 5), spend(1, 9) };
	struct zen_spend swapped[] = { spend(1, 9), spend(0, 5) };
	struct zen_cgp_payout p = { { 0 }, &s, 1 };
	struct zen_cgp_payout w2 = { { 0 }, two, 2 }, b2 = { { 0 }, swapped, 2 };
	struct zen_cgp_payout other = { { 0 }, two, 2 };
	struct zen_data d, bad;
	struct zen_buf w = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	char want[300];

	zen_data_init(&d);
	zen_cgp_payout_body(&d, &p);
	zen_data_write(&w, &d);
	snprintf(want, sizeof(want), "0c01074f7574707574730d010d02080220%064d"
		 "0d020648%s0500000000000003e8", 0,
		 "303030303030303030303030303030303030303030303030303030303030303030303030"
		 "303030303030303030303030303030303030303030303030303030303030303030303030");
	tap_u64(w.len, 134, "7.2's example body is 134 bytes");
	tap_hex(w.data, w.len, want, "7.2's example: 1000 kalapas ZP to PK(0)");
	tap_ok(!zen_cgp_check_payout_body(&d, &p, &err), "the canonical body pays the winner");

	zen_cgp_payout_body(&d, &b2);
	tap_ok(!zen_cgp_check_payout_body(&d, &w2, &err),
	       "outputs compare as multisets: the order does not matter");
	memset(other.recipient.pk_hash, 1, ZEN_HASH_LEN);
	tap_ok(zen_cgp_check_payout_body(&d, &other, &err) == ZEN_EREFUSED &&
	       !strcmp(err.msg, "Contract outputs are not the same as the payout winner"),
	       "another recipient: %s", err.msg);
	tap_ok(zen_cgp_check_payout_body(&d, &p, &err) == ZEN_EREFUSED,
	       "other spends are refused");
	zen_data_init(&bad);
	bad.kind = ZEN_DATA_U32;
	tap_ok(zen_cgp_check_payout_body(&bad, &p, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "Couldn't parse message body"),
	       "a body that is not the dict: %s", err.msg);
	tap_ok(zen_cgp_check_payout_body(NULL, &p, &err) == ZEN_EINVAL,
	       "no body at all cannot be parsed");
	/* break one asset string */
	zen_cgp_payout_body(&d, &p);
	d.u.dict.entries[0].value.u.coll.items[0].u.coll.items[1].u.coll.items[0]
		.u.bytes.p[0] = 'x';
	tap_ok(zen_cgp_check_payout_body(&d, &p, &err) == ZEN_EINVAL,
	       "an asset string that is not hex cannot be parsed");
	zen_data_release(&d);
	zen_buf_release(&w);
}

int main(void)
{
	test_allocation_rule();
	test_median();
	test_winner();
	test_threshold();
	test_nominee();
	test_ballots();
	test_vote_parse();
	test_payout_order();
	test_state();
	test_digest();
	test_payout_body();
	test_payout_body_vector();
	return tap_done();
}
