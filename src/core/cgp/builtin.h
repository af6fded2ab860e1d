/*
 * builtin.h - the contracts zen carries in its binary: the local chain's
 * CGP and voting contracts (issue 13), src/core/cgp/contracts/cgp.fst and
 * voting.fst, embedded byte for byte by tools/embed-code at build time.
 *
 * On the local chain both are active from genesis without an activation:
 * the chain's active-contract lookup finds them when the store has no
 * entry for their hash (src/core/chain/contracts.c).  Their ids are the
 * local chain's cgp_contract_id and voting_contract_id (params.c), which
 * tests/unit/test-cgp-builtin.c checks against the hash of these bytes.
 * Main and test have no built-ins.
 */
#ifndef ZEN_CGP_BUILTIN_H
#define ZEN_CGP_BUILTIN_H

#include <stddef.h>

#include "core/consensus/params.h"
#include "core/types/types.h"

enum zen_cgp_builtin_which {
	ZEN_CGP_BUILTIN_CGP = 0,
	ZEN_CGP_BUILTIN_VOTING = 1,
	ZEN_CGP_BUILTIN_COUNT
};

/* A built-in contract of a chain. */
struct zen_cgp_builtin {
	const char *name;		/* "cgp", "voting" */
	const char *code;		/* NUL-terminated, static */
	size_t code_len;		/* without the NUL */
	struct zen_contract_id cid;	/* the chain's id for it */
};

/* The embedded source of which (the .fst file's bytes) and its length;
 * NULL for an unknown which. */
const char *zen_cgp_builtin_code(int which, size_t *len);

/* How many built-ins chain p has: 2 on local, 0 on main and test. */
size_t zen_cgp_builtin_count(const struct zen_chain_params *p)
	ZEN_NONNULL(1);

/* The i-th built-in of chain p (i < zen_cgp_builtin_count(p)). */
void zen_cgp_builtin_get(const struct zen_chain_params *p, size_t i,
			 struct zen_cgp_builtin *out) ZEN_NONNULL(1, 3);

/* Is the contract hash a built-in of chain p?  1 and *out (out may be
 * NULL), else 0. */
int zen_cgp_builtin_find(const struct zen_chain_params *p,
			 const uint8_t hash[ZEN_HASH_LEN],
			 struct zen_cgp_builtin *out) ZEN_NONNULL(1, 2);

#endif
