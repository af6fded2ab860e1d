/*
 * builtin.c - the local chain's built-in CGP and voting contracts
 * (builtin.h).  The sources are arrays that tools/embed-code generates
 * from src/core/cgp/contracts/NAME.fst (mk/cgp.am).
 */
#include <string.h>

#include "core/base/err.h"
#include "core/cgp/builtin.h"

/* Defined in the generated builtin-code.c. */
extern const char zen_cgp_code_cgp[];
extern const size_t zen_cgp_code_cgp_len;
extern const char zen_cgp_code_voting[];
extern const size_t zen_cgp_code_voting_len;

const char *zen_cgp_builtin_code(int which, size_t *len)
{
	switch (which) {
	case ZEN_CGP_BUILTIN_CGP:
		*len = zen_cgp_code_cgp_len;
		return zen_cgp_code_cgp;
	case ZEN_CGP_BUILTIN_VOTING:
		*len = zen_cgp_code_voting_len;
		return zen_cgp_code_voting;
	default:
		*len = 0;
		return NULL;
	}
}

size_t zen_cgp_builtin_count(const struct zen_chain_params *p)
{
	return p->chain == ZEN_CHAIN_LOCAL ? ZEN_CGP_BUILTIN_COUNT : 0;
}

void zen_cgp_builtin_get(const struct zen_chain_params *p, size_t i,
			 struct zen_cgp_builtin *out)
{
	if (i >= zen_cgp_builtin_count(p))
		ZEN_BUG("no such built-in contract");
	out->code = zen_cgp_builtin_code((int)i, &out->code_len);
	if (i == ZEN_CGP_BUILTIN_CGP) {
		out->name = "cgp";
		out->cid = p->cgp_contract_id;
	} else {
		out->name = "voting";
		out->cid = p->voting_contract_id;
	}
}

int zen_cgp_builtin_find(const struct zen_chain_params *p,
			 const uint8_t hash[ZEN_HASH_LEN],
			 struct zen_cgp_builtin *out)
{
	struct zen_cgp_builtin b;

	for (size_t i = 0; i < zen_cgp_builtin_count(p); i++) {
		zen_cgp_builtin_get(p, i, &b);
		if (!memcmp(b.cid.hash, hash, ZEN_HASH_LEN)) {
			if (out)
				*out = b;
			return 1;
		}
	}
	return 0;
}
