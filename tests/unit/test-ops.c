/*
 * Unit tests of the operation table and of argument validation: the
 * invariants every front relies on.
 */
#include <string.h>

#include "ops/op.h"
#include "tap.h"

static void test_table_shape(void)
{
	int rows = 0, ok_summary = 1, ok_unique = 1, ok_routes = 1,
	    ok_groups = 1, ok_params = 1, ok_route_shape = 1;

	for (const struct zen_op *op = zen_ops; op->group; op++, rows++) {
		if (!op->summary || !*op->summary ||
		    op->summary[strlen(op->summary) - 1] == '.')
			ok_summary = 0;
		if (zen_op_find(op->group, op->verb) != op)
			ok_unique = 0;
		if (op->path && zen_op_find_route(op->method, op->path) != op)
			ok_routes = 0;
		if ((!op->path) != !!(op->flags & ZEN_OPF_LOCAL_ONLY) ||
		    (op->path && op->path[0] != '/') ||
		    (op->method && strcmp(op->method, "GET") &&
		     strcmp(op->method, "POST")))
			ok_route_shape = 0;
		/* A group's rows are contiguous: help and man list by group. */
		for (const struct zen_op *prev = zen_ops; prev < op - 1; prev++)
			if (!strcmp(prev->group, op->group) &&
			    strcmp(op[-1].group, op->group))
				ok_groups = 0;
		for (const struct zen_param *p = op->params; p->name; p++)
			if (zen_op_param(op, p->name) != p || !p->help ||
			    !p->metavar)
				ok_params = 0;
	}
	tap_ok(rows >= 8, "the table has its rows (%d)", rows);
	tap_ok(ok_summary, "every row has a one-line summary without a period");
	tap_ok(ok_unique, "CLI words are unique");
	tap_ok(ok_routes, "HTTP routes are unique");
	tap_ok(ok_route_shape, "rows with a route have GET/POST and an absolute "
	       "path; the others are local-only");
	tap_ok(ok_groups, "the rows of a group are contiguous");
	tap_ok(ok_params, "parameter names are unique and documented");
	tap_ok(zen_op_find_route("GET", "/blockchain/blockreward") ==
	       zen_op_find("blockchain", "blockreward"),
	       "route and words find the same row");
	tap_ok(!zen_op_find_route("POST", "/blockchain/blockreward") &&
	       zen_op_path_known("/blockchain/blockreward"),
	       "a known path with another method is not a route");
	tap_ok(zen_op_find_route("POST", "/wallet/createrawtransaction") ==
	       zen_op_find("wallet", "createtransaction") &&
	       !zen_op_find_route("GET", "/wallet/createrawtransaction") &&
	       zen_op_path_known("/wallet/createrawtransaction"),
	       "an old path finds its row, for its method only");
}

/* Validate raw (a JSON text) for op group/verb; returns the code. */
static int validate(const char *group, const char *verb, const char *raw_text,
		    json_t **typed, struct zen_err *err)
{
	json_t *raw = json_loads(raw_text, 0, NULL);
	int rc = zen_args_validate(typed, zen_op_find(group, verb), raw, err);

	json_decref(raw);
	return rc;
}

static void expect_error(const char *raw, const char *msg)
{
	struct zen_err err = ZEN_ERR_INIT;
	json_t *typed = NULL;
	int rc = validate("blockchain", "blockreward", raw, &typed, &err);

	tap_ok(rc == ZEN_EINVAL && typed == NULL && !strcmp(err.msg, msg),
	       "blockreward %s -> %s (got: %s)", raw, msg, err.msg);
}

static void expect_u32(const char *raw, uint64_t want)
{
	struct zen_err err = ZEN_ERR_INIT;
	json_t *typed = NULL;
	uint64_t got = 0;
	int rc = validate("blockchain", "blockreward", raw, &typed, &err);

	tap_ok(rc == 0 && zen_args_u64(typed, "blockNumber", &got) && got == want,
	       "blockreward %s -> %llu", raw, (unsigned long long)want);
	json_decref(typed);
}

static void test_validation(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	json_t *typed = NULL;

	expect_u32("{\"blockNumber\": 10}", 10);
	expect_u32("{\"blockNumber\": \"10\"}", 10);
	expect_u32("{\"blockNumber\": \"0\"}", 0);
	expect_u32("{\"blockNumber\": \"4294967295\"}", 4294967295u);
	expect_u32("{\"blockNumber\": 4294967295}", 4294967295u);
	expect_error("{}", "blockNumber is missing");
	expect_error("{\"blockNumber\": \"4294967296\"}", "invalid blockNumber");
	expect_error("{\"blockNumber\": -1}", "invalid blockNumber");
	expect_error("{\"blockNumber\": \"-1\"}", "invalid blockNumber");
	expect_error("{\"blockNumber\": \"+1\"}", "invalid blockNumber");
	expect_error("{\"blockNumber\": \" 1\"}", "invalid blockNumber");
	expect_error("{\"blockNumber\": \"1e3\"}", "invalid blockNumber");
	expect_error("{\"blockNumber\": 1.0}", "invalid blockNumber");
	expect_error("{\"blockNumber\": \"\"}", "invalid blockNumber");
	expect_error("{\"blockNumber\": \"99999999999999999999999\"}",
		     "invalid blockNumber");
	expect_error("{\"blockNumber\": true}", "invalid blockNumber");
	expect_error("{\"blockNumber\": null}", "invalid blockNumber");
	expect_error("{\"blockNumber\": [1]}", "invalid blockNumber");
	expect_error("{\"blockNumber\": 1, \"extra\": 2}",
		     "unknown parameter 'extra'");

	tap_ok(validate("address", "decode", "{\"address\": 12}", &typed, &err) == 0 &&
	       !strcmp(zen_args_str(typed, "address"), "12"),
	       "numbers are accepted as text where text is expected");
	json_decref(typed);
	tap_ok(validate("tx", "decode", "{\"hex\": \"0g\"}", &typed, &err) == ZEN_EINVAL &&
	       !strcmp(err.msg, "invalid hex"), "hex parameters must be hex");
	tap_ok(validate("tx", "decode", "{\"hex\": \"abc\"}", &typed, &err) == ZEN_EINVAL,
	       "hex parameters must have an even length");
	tap_ok(validate("tx", "decode", "{\"hex\": \"aBcD\"}", &typed, &err) == 0,
	       "hex parameters accept both cases");
	json_decref(typed);
	{
		json_t *array = json_array();

		tap_ok(zen_args_validate(&typed, zen_op_find("address", "decode"),
					 array, &err) == ZEN_EINVAL,
		       "parameters must be an object");
		json_decref(array);
	}
}

int main(void)
{
	test_table_shape();
	test_validation();
	return tap_done();
}
