/*
 * test-cgp-vote.c - votes as the wallet casts them (src/core/cgp/vote.c):
 * the windows of cgp-and-chain.md 3 on the local chain's numbers, the
 * spend order of 6.4, and the message body of 6.1 compared byte for byte
 * with bodies written out here by hand from protocol.md 2.14 (Data) and
 * 2.16 (ballots), each signature checked against zen_cgp_vote_digest.
 */
#include <stdlib.h>
#include <string.h>

#include "core/cgp/vote.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"
#include "tap.h"

static const struct zen_chain_params *local(void)
{
	return zen_chain_params(ZEN_CHAIN_LOCAL);
}

/* ---- windows ------------------------------------------------------------ */

static void check_window(enum zen_cgp_vote_kind kind, uint32_t b, int open,
			 uint32_t interval, uint32_t first, uint32_t last)
{
	struct zen_cgp_window w;
	int got = zen_cgp_vote_window(local(), kind, b, &w);

	tap_ok(got == open && w.interval == interval && w.first == first &&
	       w.last == last, "%s at block %u: %s, interval %u blocks %u-%u",
	       zen_cgp_vote_command(kind), b, open ? "open" : "closed",
	       interval, first, last);
	if (got != open || w.interval != interval || w.first != first ||
	    w.last != last)
		tap_diag("got %d, interval %u blocks %u-%u", got, w.interval,
			 w.first, w.last);
}

static void test_windows(void)
{
	/* local: interval 100, snapshot 90, nomination 5 */
	check_window(ZEN_CGP_VOTE_NOMINATION, 1, 0, 1, 91, 95);
	check_window(ZEN_CGP_VOTE_NOMINATION, 290, 0, 3, 291, 295);
	check_window(ZEN_CGP_VOTE_NOMINATION, 291, 1, 3, 291, 295);
	check_window(ZEN_CGP_VOTE_NOMINATION, 295, 1, 3, 291, 295);
	check_window(ZEN_CGP_VOTE_NOMINATION, 296, 0, 4, 391, 395);
	check_window(ZEN_CGP_VOTE_NOMINATION, 300, 0, 4, 391, 395);
	check_window(ZEN_CGP_VOTE_NOMINATION, 301, 0, 4, 391, 395);
	check_window(ZEN_CGP_VOTE_ALLOCATION, 250, 0, 3, 296, 300);
	check_window(ZEN_CGP_VOTE_ALLOCATION, 295, 0, 3, 296, 300);
	check_window(ZEN_CGP_VOTE_ALLOCATION, 296, 1, 3, 296, 300);
	check_window(ZEN_CGP_VOTE_PAYOUT, 300, 1, 3, 296, 300);
	check_window(ZEN_CGP_VOTE_PAYOUT, 301, 0, 4, 396, 400);
	check_window(ZEN_CGP_VOTE_PAYOUT, 0, 0, 1, 96, 100);
}

static void test_allocation_range(void)
{
	static const struct { uint8_t prev, lo, hi; } cases[] = {
		{ 0, 0, 15 }, { 15, 0, 28 }, { 28, 16, 39 }, { 90, 89, 90 },
	};

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(cases); i++) {
		uint8_t lo = 0, hi = 0;

		zen_cgp_allocation_range(local(), cases[i].prev, &lo, &hi);
		tap_ok(lo == cases[i].lo && hi == cases[i].hi,
		       "allocations after %u: %u..%u", cases[i].prev,
		       cases[i].lo, cases[i].hi);
	}
}

/* ---- spend order ---------------------------------------------------------- */

/* An asset of contract (0, h...h). */
static struct zen_asset token(uint8_t h)
{
	struct zen_asset a;

	memset(&a, 0, sizeof(a));
	memset(a.cid.hash, h, ZEN_HASH_LEN);
	return a;
}

static struct zen_spend spend(struct zen_asset a, uint64_t amount)
{
	struct zen_spend s = { a, amount };

	return s;
}

static void test_sort(void)
{
	struct zen_asset zp, t1 = token(1), t2 = token(2);
	struct zen_spend s[4];
	struct zen_cgp_payout p;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_spend *many;

	memset(&zp, 0, sizeof(zp));
	memset(&p, 0, sizeof(p));
	s[0] = spend(t2, 5);
	s[1] = spend(zp, 2);
	s[2] = spend(t1, 7);
	s[3] = spend(zp, 1);
	p.spends = s;
	p.n_spends = 4;
	tap_ok(!zen_cgp_payout_sort(&p, &err) &&
	       !zen_asset_cmp(&s[0].asset, &zp) && s[0].amount == 2 &&
	       !zen_asset_cmp(&s[1].asset, &zp) && s[1].amount == 1 &&
	       !zen_asset_cmp(&s[2].asset, &t1) && s[2].amount == 7 &&
	       !zen_asset_cmp(&s[3].asset, &t2) && s[3].amount == 5,
	       "spends sorted by asset, one asset's amounts kept in order");
	s[0] = spend(zp, 1);
	s[1] = spend(zp, 1);
	p.n_spends = 2;
	tap_ok(zen_cgp_payout_sort(&p, &err) == ZEN_EINVAL, "a spend given "
	       "twice is refused");
	tap_str(err.msg, "spend 1:00 is given twice", "... saying which");
	s[1] = spend(zp, 0);
	tap_ok(zen_cgp_payout_sort(&p, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "a spend of 0 kalapas"), "a spend of 0 is refused");
	p.n_spends = 0;
	tap_ok(zen_cgp_payout_sort(&p, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "a payout needs 1 to 100 spends"),
	       "no spend is refused");
	many = calloc(101, sizeof(*many));
	for (int i = 0; i < 101; i++)
		many[i] = spend(zp, (uint64_t)i + 1);
	p.spends = many;
	p.n_spends = 101;
	tap_ok(zen_cgp_payout_sort(&p, &err) == ZEN_EINVAL,
	       "101 spends are refused");
	p.n_spends = 100;
	tap_ok(!zen_cgp_payout_sort(&p, &err), "100 spends are taken");
	free(many);
}

/* ---- the body, by hand ---------------------------------------------------- */

static void add_hex(struct zen_buf *b, const char *hex)
{
	if (zen_hex_decode(b, hex, strlen(hex), NULL))
		abort();
}

/* Data String / dict key: varint length (< 128 here) and the bytes. */
static void add_text(struct zen_buf *b, const char *s)
{
	zen_buf_addch(b, (uint8_t)strlen(s));
	zen_buf_addstr(b, s);
}

static const uint8_t SEC_A[ZEN_SECKEY_LEN] = {
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
static const uint8_t SEC_B[ZEN_SECKEY_LEN] = {
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2 };

struct signer {
	char pub_hex[2 * ZEN_PUBKEY_LEN + 1];
	uint8_t sig[ZEN_SIGNATURE_LEN];
};

/* The key's entry, its signature made over digest here. */
static void signer_of(struct signer *s, const uint8_t sec[ZEN_SECKEY_LEN],
		      const uint8_t digest[ZEN_HASH_LEN])
{
	uint8_t pub[ZEN_PUBKEY_LEN];

	if (zen_pubkey_from_seckey(pub, sec, NULL) ||
	    zen_ecdsa_sign(s->sig, digest, sec, NULL))
		abort();
	zen_hex_encode_to(s->pub_hex, pub, ZEN_PUBKEY_LEN);
}

/* "Signature": Dict{pub hex: Signature} with the keys in text order. */
static void add_signatures(struct zen_buf *b, struct signer *s, size_t n)
{
	if (n == 2 && strcmp(s[0].pub_hex, s[1].pub_hex) > 0) {
		struct signer t = s[0];

		s[0] = s[1];
		s[1] = t;
	}
	add_text(b, "Signature");
	add_hex(b, "0c");
	zen_buf_addch(b, (uint8_t)n);
	for (size_t i = 0; i < n; i++) {
		add_text(b, s[i].pub_hex);
		add_hex(b, "09");
		zen_buf_add(b, s[i].sig, ZEN_SIGNATURE_LEN);
	}
}

/* Every signature of the body verifies against the node's digest. */
static int signatures_verify(const struct zen_data *body, uint32_t interval,
			     int nomination, const char *ballot_hex)
{
	const struct zen_data *sigs = NULL;
	uint8_t digest[ZEN_HASH_LEN], pub[ZEN_PUBKEY_LEN];
	int ok = 1;

	zen_cgp_vote_digest(digest, interval, nomination, ballot_hex,
			    strlen(ballot_hex));
	for (size_t i = 0; i < body->u.dict.n; i++)
		if (!strcmp(body->u.dict.entries[i].key, "Signature"))
			sigs = &body->u.dict.entries[i].value;
	if (!sigs || sigs->kind != ZEN_DATA_DICT || !sigs->u.dict.n)
		return 0;
	for (size_t i = 0; i < sigs->u.dict.n; i++) {
		const struct zen_data_entry *e = &sigs->u.dict.entries[i];

		ok &= e->value.kind == ZEN_DATA_SIGNATURE &&
		      !zen_hex_decode_fixed(pub, ZEN_PUBKEY_LEN, e->key, NULL) &&
		      zen_ecdsa_verify(e->value.u.signature, digest, pub);
	}
	return ok;
}

static int body_is(const struct zen_data *body, const struct zen_buf *want,
		   const char *what)
{
	struct zen_buf got = ZEN_BUF_INIT, hex = ZEN_BUF_INIT;
	int ok;

	zen_data_write(&got, body);
	ok = got.len == want->len && !memcmp(got.data, want->data, got.len);
	tap_ok(ok, "%s: the body written out by hand", what);
	if (!ok) {
		zen_hex_encode(&hex, got.data, got.len);
		tap_diag("got  %s", zen_buf_str(&hex));
		zen_buf_reset(&hex);
		zen_hex_encode(&hex, want->data, want->len);
		tap_diag("want %s", zen_buf_str(&hex));
	}
	zen_buf_release(&got);
	zen_buf_release(&hex);
	return ok;
}

/*
 * An allocation of 10% voted in block 296 (interval 3, voting phase) by
 * two keys.  Ballot 01 0a, hex "010a".  The digest is SHA3-256 of the text
 * hex(Data U32 3) hex(Data String "Vote") hex(Data String "010a").  Keys
 * of the body: "Signature" (9 bytes) before "Allocation" (10).
 */
static void test_allocation_body(void)
{
	static const char text[] = "0400000003" "0604566f7465" "060430313061";
	uint8_t keys[2][ZEN_SECKEY_LEN];
	struct zen_cgp_ballot ballot = { .kind = ZEN_CGP_BALLOT_ALLOCATION,
					 .allocation = 10 };
	struct zen_buf want = ZEN_BUF_INIT;
	struct zen_data body;
	struct zen_err err = ZEN_ERR_INIT;
	struct signer s[2];
	uint8_t digest[ZEN_HASH_LEN];
	int rc;

	memcpy(keys[0], SEC_A, ZEN_SECKEY_LEN);
	memcpy(keys[1], SEC_B, ZEN_SECKEY_LEN);
	zen_sha3(digest, text, strlen(text));
	signer_of(&s[0], SEC_A, digest);
	signer_of(&s[1], SEC_B, digest);
	add_hex(&want, "0c02");
	add_signatures(&want, s, 2);
	add_text(&want, "Allocation");
	add_hex(&want, "06");
	add_text(&want, "010a");

	zen_data_init(&body);
	rc = zen_cgp_vote_body(&body, local(), 296, ZEN_CGP_VOTE_ALLOCATION,
			       &ballot, (const uint8_t (*)[ZEN_SECKEY_LEN])keys, 2,
			       &err);
	tap_ok(!rc, "an allocation vote is built (%s)", err.msg);
	body_is(&body, &want, "allocation 10 in block 296, two keys");
	tap_ok(signatures_verify(&body, 3, 0, "010a"),
	       "each signature verifies against zen_cgp_vote_digest(3, Vote)");
	tap_ok(!signatures_verify(&body, 3, 1, "010a") &&
	       !signatures_verify(&body, 4, 0, "010a"),
	       "... and not against another phase or interval");
	zen_data_release(&body);
	zen_buf_release(&want);
}

/*
 * A nomination in block 291 (interval 3, nomination phase) of 1000
 * kalapas of ZP to PK 11..11, signed by one key given twice.  Ballot:
 * tag 02, recipient tag 01 and the hash, one spend: asset ZP (00) and the
 * amount 1000 = 1 x 10^3 (u16 0x0c01).  "Nomination" (10) comes after
 * "Signature" (9).
 */
static void test_nomination_body(void)
{
	struct zen_buf ballot_hex = ZEN_BUF_INIT, text = ZEN_BUF_INIT,
		       want = ZEN_BUF_INIT;
	uint8_t keys[2][ZEN_SECKEY_LEN];
	struct zen_spend zp1000;
	struct zen_cgp_ballot ballot;
	struct zen_data body;
	struct zen_cgp_vote parsed;
	struct zen_err err = ZEN_ERR_INIT;
	struct signer s;
	uint8_t digest[ZEN_HASH_LEN];
	int rc;

	memcpy(keys[0], SEC_A, ZEN_SECKEY_LEN);
	memcpy(keys[1], SEC_A, ZEN_SECKEY_LEN);
	memset(&zp1000, 0, sizeof(zp1000));
	zp1000.amount = 1000;
	memset(&ballot, 0, sizeof(ballot));
	ballot.kind = ZEN_CGP_BALLOT_PAYOUT;
	memset(ballot.payout.recipient.pk_hash, 0x11, ZEN_HASH_LEN);
	ballot.payout.spends = &zp1000;
	ballot.payout.n_spends = 1;

	zen_buf_addstr(&ballot_hex, "0201");
	for (int i = 0; i < ZEN_HASH_LEN; i++)
		zen_buf_addstr(&ballot_hex, "11");
	zen_buf_addstr(&ballot_hex, "01" "00" "0c01");
	/* hex(U32 3) hex(String "Nomination") hex(String ballot_hex), the
	 * ballot's hex 76 characters long */
	zen_buf_addstr(&text, "0400000003" "060a4e6f6d696e6174696f6e" "064c");
	for (size_t i = 0; i < ballot_hex.len; i++)
		zen_buf_addf(&text, "%02x", ballot_hex.data[i]);
	zen_sha3(digest, text.data, text.len);
	signer_of(&s, SEC_A, digest);
	add_hex(&want, "0c02");
	add_signatures(&want, &s, 1);
	add_text(&want, "Nomination");
	add_hex(&want, "06");
	add_text(&want, zen_buf_str(&ballot_hex));

	zen_data_init(&body);
	rc = zen_cgp_vote_body(&body, local(), 291, ZEN_CGP_VOTE_NOMINATION,
			       &ballot, (const uint8_t (*)[ZEN_SECKEY_LEN])keys, 2,
			       &err);
	tap_ok(!rc, "a nomination is built (%s)", err.msg);
	body_is(&body, &want, "nomination in block 291, one key given twice");
	tap_ok(signatures_verify(&body, 3, 1, zen_buf_str(&ballot_hex)),
	       "its signature verifies against zen_cgp_vote_digest(3, "
	       "Nomination)");
	rc = zen_cgp_vote_parse(&parsed, "Nomination", 10, &body, &err);
	tap_ok(!rc && parsed.n_signers == 1 &&
	       parsed.ballot.kind == ZEN_CGP_BALLOT_PAYOUT &&
	       !zen_cgp_payout_cmp(&parsed.ballot.payout, &ballot.payout),
	       "the chain's parser reads the ballot and the one key back");
	zen_cgp_vote_release(&parsed);
	zen_data_release(&body);
	zen_buf_release(&ballot_hex);
	zen_buf_release(&text);
	zen_buf_release(&want);
}

static void test_refusals(void)
{
	struct zen_cgp_ballot alloc = { .kind = ZEN_CGP_BALLOT_ALLOCATION };
	struct zen_cgp_ballot payout;
	struct zen_data body;
	struct zen_err err = ZEN_ERR_INIT;

	memset(&payout, 0, sizeof(payout));
	payout.kind = ZEN_CGP_BALLOT_PAYOUT;
	zen_data_init(&body);
	tap_ok(zen_cgp_vote_body(&body, local(), 296, ZEN_CGP_VOTE_PAYOUT,
				 &alloc, (const uint8_t (*)[32])&SEC_A, 1,
				 &err) == ZEN_EINVAL &&
	       body.kind == ZEN_DATA_NONE, "a payout vote with an allocation "
	       "ballot is refused");
	tap_str(err.msg, "a Payout vote carries a payout ballot", "... saying why");
	tap_ok(zen_cgp_vote_body(&body, local(), 296, ZEN_CGP_VOTE_ALLOCATION,
				 &payout, (const uint8_t (*)[32])&SEC_A, 1,
				 &err) == ZEN_EINVAL,
	       "an allocation vote with a payout ballot is refused");
	tap_str(err.msg, "an Allocation vote carries an allocation ballot",
		"... saying why");
	tap_ok(zen_cgp_vote_body(&body, local(), 296, ZEN_CGP_VOTE_ALLOCATION,
				 &alloc, NULL, 0, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "no key to sign the vote with"),
	       "a vote without keys is refused");
	zen_data_release(&body);
}

int main(void)
{
	test_windows();
	test_allocation_range();
	test_sort();
	test_allocation_body();
	test_nomination_body();
	test_refusals();
	return tap_done();
}
