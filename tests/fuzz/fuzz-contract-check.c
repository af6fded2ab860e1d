/*
 * fuzz-contract-check.c - libFuzzer harness for the activation check
 * (core/contract/check.h), which block validation runs on the code of
 * every contract activated: any input must end in a loaded contract or
 * in a refusal "f.fst..." (ZEN_EINVAL, no contract), never in a crash or
 * a hang (its runs are bounded); and the verdict must be a function of
 * the source alone.  Checked twice, the same source gives the same
 * verdict, message, diagnostics and costs: every node must agree on it.
 */
#include "core/contract/check.h"
#include "core/contract/contract.h"
#include "fuzz.h"

/* The two reports agree: diagnostics (place and text) and costs. */
static int same_report(const struct zen_check_report *a,
		       const struct zen_check_report *b)
{
	if (a->n != b->n || a->ncosts != b->ncosts)
		return 0;
	for (size_t i = 0; i < a->n; i++)
		if (a->d[i].line != b->d[i].line || a->d[i].col != b->d[i].col ||
		    strcmp(a->d[i].msg, b->d[i].msg))
			return 0;
	for (size_t i = 0; i < a->ncosts; i++) {
		const struct zen_check_cost *x = &a->costs[i], *y = &b->costs[i];

		if (strcmp(x->command, y->command) || x->ran != y->ran ||
		    x->cf != y->cf || x->main != y->main ||
		    x->inputs != y->inputs)
			return 0;
	}
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zen_check_report r1 = ZEN_CHECK_REPORT_INIT,
				r2 = ZEN_CHECK_REPORT_INIT;
	struct zen_err e1 = ZEN_ERR_INIT, e2 = ZEN_ERR_INIT;
	struct zc_contract *c = NULL;
	int rc1, rc2;

	rc1 = zen_contract_check((const char *)data, size, "f.fst", &r1, &c,
				 &e1);
	if (rc1)
		FUZZ_CHECK(rc1 == ZEN_EINVAL && c == NULL && r1.n > 0 &&
			   !strncmp(e1.msg, "f.fst", 5));
	else
		FUZZ_CHECK(c != NULL && r1.n == 0);
	zen_contract_free(c);
	rc2 = zen_contract_check((const char *)data, size, "f.fst", &r2, NULL,
				 &e2);
	FUZZ_CHECK(rc1 == rc2 && !strcmp(e1.msg, e2.msg));
	FUZZ_CHECK(same_report(&r1, &r2));
	zen_check_report_release(&r1);
	zen_check_report_release(&r2);
	return 0;
}
