/*
 * op_status.c - `zen status`: one look at a node for a person at a
 * terminal (issue 18), as `bitcoin-cli -getinfo`: the chain and its tip's
 * age, the download, peers, the mempool, the wallet's balance and the
 * CGP's phase.  It asks the other operations of the table (so every
 * figure is the one its own command gives) and keeps what answered: a
 * part that fails (no wallet, no genesis) is null.  Its layout may
 * change; scripts keep to the commands it reads.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/base/clock.h"
#include "ops/handlers.h"
#include "ops/json_tx.h"

/* The reply of `zen GROUP VERB` with args (JSON text), or null. */
static json_t *part(struct zen_call *call, const char *group,
		    const char *verb, const char *args)
{
	struct zen_call sub = { .op = zen_op_find(group, verb),
				.node = call->node, .source = call->source,
				.cancel = call->cancel };
	json_t *raw = json_loads(args, 0, NULL), *r = NULL;

	if (sub.op && raw && !zen_args_validate(&sub.args, sub.op, raw, &sub.err) &&
	    !zen_call_run(&sub))
		r = json_incref(sub.result);
	json_decref(raw);
	zen_call_release(&sub);
	return r ? r : json_null();
}

/* Seconds since the tip's timestamp, from the first header, or null. */
static json_t *tip_age(json_t *headers)
{
	json_t *ts = json_object_get(json_array_get(headers, 0), "timestamp");
	uint64_t t = (uint64_t)json_integer_value(ts), now = zen_wall_ms();

	if (!json_is_integer(ts))
		return json_null();
	return json_integer(now > t ? (json_int_t)((now - t) / 1000) : 0);
}

int op_status(struct zen_call *call)
{
	json_t *info = part(call, "blockchain", "info", "{}");
	json_t *headers = part(call, "blockchain", "headers", "{\"take\":\"1\"}");
	json_t *mempool = part(call, "blockchain", "mempool", "{}");

	call->result = json_pack("{s:o, s:o, s:o, s:I, s:o, s:o}",
		"blockchain", info,
		"tipAge", tip_age(headers),
		"peers", part(call, "network", "connections", "{}"),
		"mempool", (json_int_t)json_array_size(mempool),
		"wallet", part(call, "wallet", "balance", "{}"),
		"cgp", part(call, "blockchain", "cgp", "{}"));
	json_decref(headers);
	json_decref(mempool);
	return 0;
}

static void add_wallet(struct zen_buf *out, const json_t *wallet)
{
	size_t i;
	json_t *e;

	zen_buf_addstr(out, "wallet:     ");
	if (!json_is_array(wallet)) {
		zen_buf_addstr(out, "none\n");
		return;
	}
	if (!json_array_size(wallet))
		zen_buf_addstr(out, "empty");
	json_array_foreach(wallet, i, e) {
		const char *asset = json_string_value(json_object_get(e, "asset"));

		if (i)
			zen_buf_addstr(out, ", ");
		if (asset && !strcmp(asset, "00"))
			zen_json_add_zp(out, json_object_get(e, "balance"));
		else
			zen_buf_addf(out, "%s of %.16s...", json_string_value(
				json_object_get(e, "balance")) ?: "?",
				asset ? asset : "?");
	}
	zen_buf_addstr(out, "\n");
}

/* The CGP phase of blockchain cgp's reply, in words. */
static const char *phase_text(const char *phase)
{
	if (!phase)
		return "phase unknown";
	if (!strcmp(phase, "beforeSnapshot"))
		return "before the snapshot";
	if (!strcmp(phase, "nomination"))
		return "nomination phase";
	if (!strcmp(phase, "voting"))
		return "voting phase";
	return phase;
}

int op_status_readable(struct zen_buf *out, const json_t *r)
{
	const json_t *info = json_object_get(r, "blockchain");
	const json_t *cgp = json_object_get(r, "cgp");
	json_int_t blocks = json_integer_value(json_object_get(info, "blocks"));
	json_int_t headers = json_integer_value(json_object_get(info, "headers"));

	if (!json_is_object(r))
		return -1;
	if (!json_is_object(info)) {
		zen_buf_addstr(out, "chain:      no genesis block yet\n");
	} else {
		zen_buf_addf(out, "chain:      %s, block %" JSON_INTEGER_FORMAT,
			     json_string_value(json_object_get(info, "chain")) ?: "?",
			     blocks);
		if (json_is_integer(json_object_get(r, "tipAge")))
			zen_buf_addf(out, " (%" JSON_INTEGER_FORMAT " s old)",
				     json_integer_value(json_object_get(r, "tipAge")));
		zen_buf_addf(out, "\nsync:       %s\n",
			     json_is_true(json_object_get(info, "initialBlockDownload")) ?
			     "downloading" : headers > blocks ? "behind" : "up to date");
	}
	zen_buf_addf(out, "peers:      %" JSON_INTEGER_FORMAT "\n",
		     json_integer_value(json_object_get(r, "peers")));
	zen_buf_addf(out, "mempool:    %" JSON_INTEGER_FORMAT " transaction(s)\n",
		     json_integer_value(json_object_get(r, "mempool")));
	add_wallet(out, json_object_get(r, "wallet"));
	if (json_is_object(cgp))
		zen_buf_addf(out, "cgp:        interval %" JSON_INTEGER_FORMAT
			     ", %s, allocation %" JSON_INTEGER_FORMAT "%%\n",
			     json_integer_value(json_object_get(cgp, "interval")),
			     phase_text(json_string_value(
				     json_object_get(cgp, "phase"))),
			     json_integer_value(json_object_get(cgp, "allocation")));
	return 0;
}
