/*
 * fuzz-cgp.c - libFuzzer harness for the CGP byte parsers (src/core/cgp):
 * the input is read as a ballot (what a vote carries, hex-decoded) and as
 * a stored CGP state.  Whatever reads must write back to bytes that read
 * to the same value, and a payout read must make a message body that
 * pays exactly it.  Never a crash.
 */
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	ballot(data, size);
	state(data, size);
	return 0;
}
