/*
 * fuzz-cgp.c - libFuzzer harness for the CGP byte parsers (src/core/cgp):
 * the input is read as a ballot (what a vote carries, hex-decoded) and as
 * a stored CGP state, and as a data value read as the message body of a
 * vote under each command.  Whatever reads must write back to bytes that
 * read to the same value, a payout read must make a message body that
 * pays exactly it, and a vote's ballot must match its command and be in
 * its own ballot text.  Never a crash.
 */
#include <string.h>

#include "core/cgp/cgp.h"
#include "fuzz.h"

static void check_payout_body(const struct zen_cgp_payout *p)
{
	struct zen_data body;

	zen_data_init(&body);
	zen_cgp_payout_body(&body, p);
	FUZZ_CHECK(!zen_cgp_check_payout_body(&body, p, NULL));
	zen_data_release(&body);
}

static void ballot(const uint8_t *data, size_t size)
{
	struct zen_cgp_ballot b, again;
	struct zen_buf w = ZEN_BUF_INIT;

	if (zen_cgp_ballot_decode(&b, data, size, NULL))
		return;
	zen_cgp_ballot_write(&w, &b);
	FUZZ_CHECK(!zen_cgp_ballot_decode(&again, w.data, w.len, NULL));
	FUZZ_CHECK(again.kind == b.kind);
	if (b.kind == ZEN_CGP_BALLOT_ALLOCATION) {
		FUZZ_CHECK(again.allocation == b.allocation);
	} else {
		FUZZ_CHECK(!zen_cgp_payout_cmp(&again.payout, &b.payout));
		check_payout_body(&b.payout);
	}
	zen_cgp_ballot_release(&again);
	zen_cgp_ballot_release(&b);
	zen_buf_release(&w);
}

static void state(const uint8_t *data, size_t size)
{
	struct zen_cgp_state s, again;
	struct zen_buf w = ZEN_BUF_INIT;

	if (zen_cgp_state_decode(&s, data, size, NULL))
		return;
	zen_cgp_state_write(&w, &s);
	FUZZ_CHECK(!zen_cgp_state_decode(&again, w.data, w.len, NULL));
	FUZZ_CHECK(again.allocation == s.allocation &&
		   again.has_payout == s.has_payout &&
		   (!s.has_payout || !zen_cgp_payout_cmp(&again.payout, &s.payout)));
	zen_cgp_state_release(&again);
	zen_cgp_state_release(&s);
	zen_buf_release(&w);
}

static void vote(const uint8_t *data, size_t size)
{
	static const char *const commands[] = { "Allocation", "Payout",
						"Nomination", "Other" };
	struct zen_data body;

	zen_data_init(&body);
	if (zen_data_decode(&body, data, size, NULL, NULL)) {
		zen_data_release(&body);
		return;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(*commands); i++) {
		struct zen_cgp_vote v;
		size_t n = strlen(commands[i]);

		if (!zen_cgp_vote_parse(&v, commands[i], n, &body, NULL)) {
			FUZZ_CHECK(i < 3);
			FUZZ_CHECK((v.ballot.kind == ZEN_CGP_BALLOT_ALLOCATION) ==
				   (i == 0));
			FUZZ_CHECK(v.ballot_hex_len >= 4);
		}
		zen_cgp_vote_release(&v);
	}
	zen_data_release(&body);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	ballot(data, size);
	state(data, size);
	vote(data, size);
	return 0;
}
