/*
 * hints.c - the F* hints database of a contract activation (contracts.md
 * 1.9): its shape and its total number of queries.
 *
 * The database is JSON: [ moduleDigest, [ hint-or-null, ... ] ], a hint
 * being [name, index, fuel, ifuel, unsatCore, elapsedMs, queryHash?] with
 * unsatCore an array of strings or null.  We cannot replay hints (that
 * needs F* and Z3); what we check is what the reference checks before
 * replaying them: the shape, at least one usable hint (the reference
 * takes the maximum fuel over the hints, which fails on none), and the
 * query count the transaction declares.
 */
#include <jansson.h>
#include <string.h>

#include "core/chain/chain.h"

static int bad(struct zen_err *err, const char *why)
{
	return zen_fail(err, ZEN_EINVAL, "invalid hints: %s", why);
}

/* One hint: 0 and *queries (its unsat-core length), *usable. */
static int hint_queries(const json_t *hint, uint64_t *queries, int *usable,
			struct zen_err *err)
{
	const json_t *core;
	size_t n = json_array_size(hint);

	*queries = 0;
	*usable = 0;
	if (json_is_null(hint) || (json_is_array(hint) && n == 0))
		return 0;
	if (!json_is_array(hint) || (n != 6 && n != 7))
		return bad(err, "a hint is not an array of 6 or 7 elements");
	if (!json_is_string(json_array_get(hint, 0)) ||
	    !json_is_integer(json_array_get(hint, 1)) ||
	    !json_is_integer(json_array_get(hint, 2)) ||
	    !json_is_integer(json_array_get(hint, 3)) ||
	    !json_is_number(json_array_get(hint, 5)) ||
	    (n == 7 && !json_is_string(json_array_get(hint, 6)) &&
	     !json_is_null(json_array_get(hint, 6))))
		return bad(err, "a hint has a field of the wrong type");
	core = json_array_get(hint, 4);
	if (json_is_array(core)) {
		for (size_t i = 0; i < json_array_size(core); i++)
			if (!json_is_string(json_array_get(core, i)))
				return bad(err, "an unsat core is not strings");
		*queries = json_array_size(core);
	} else if (!json_is_null(core)) {
		return bad(err, "an unsat core is not an array");
	}
	*usable = 1;
	return 0;
}

static int count_queries(const json_t *db, uint32_t *queries,
			 struct zen_err *err)
{
	const json_t *hints = json_array_get(db, 1);
	uint64_t total = 0;
	int any = 0;

	if (!json_is_array(db) || json_array_size(db) != 2 ||
	    !json_is_string(json_array_get(db, 0)) || !json_is_array(hints))
		return bad(err, "not [digest, [hints]]");
	for (size_t i = 0; i < json_array_size(hints); i++) {
		uint64_t q;
		int usable, rc;

		if ((rc = hint_queries(json_array_get(hints, i), &q, &usable,
				       err)))
			return rc;
		total += q;
		any |= usable;
		if (total > UINT32_MAX)
			return bad(err, "too many queries");
	}
	if (!any)
		return bad(err, "no usable hint");
	*queries = (uint32_t)total;
	return 0;
}

int zen_hints_queries(const char *hints, size_t len, uint32_t *queries,
		      struct zen_err *err)
{
	json_error_t jerr;
	json_t *db;
	int rc;

	*queries = 0;
	if (!hints || !len)
		return bad(err, "empty");
	db = json_loadb(hints, len, JSON_REJECT_DUPLICATES, &jerr);
	if (!db)
		return bad(err, "not JSON");
	rc = count_queries(db, queries, err);
	json_decref(db);
	return rc;
}
