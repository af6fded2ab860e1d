/*
 * contract-fixture.h - the contracts of tests/contracts, loaded for the
 * unit tests of the evaluator (test-contract-eval, test-contract-corpus).
 * The program is built with -DZEN_SRCDIR (the source tree).
 */
#ifndef ZEN_CONTRACT_FIXTURE_H
#define ZEN_CONTRACT_FIXTURE_H

#include "core/contract/contract.h"

/*
 * tests/contracts/<name>, loaded: one check "load <name><suffix>".  When
 * edit is not NULL it may rewrite the text in place first (without
 * changing its length).  NULL, and a failed check, when the file cannot
 * be read or does not load (the load error as a diagnostic).
 */
struct zc_contract *cx_load_file(const char *name, void (*edit)(char *src),
				 const char *suffix);

/* Item i of the list main's result stores as its state, if it has kind
 * k; NULL otherwise (no update, no list, too short, another kind). */
const struct zen_data *cx_state_item(const struct zen_contract_return *r,
				     size_t i, enum zen_data_kind k);

#endif
