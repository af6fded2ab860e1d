/*
 * op_network.c - the node's peer-to-peer side as the API shows it
 * (api.md 7: /network/connections/count; zen's own /network/peers,
 * /network/banned, /network/ban, /network/unban).
 *
 * Peers and the download state come from the P2P front of `zen serve`
 * (node->net, ops/netif.h); a command run locally has no network of its
 * own and answers as a node alone (0, []).  The ban list lives in the
 * peer store of the data directory (core/chain/peerstore.h), so a ban
 * made locally reaches a node serving the same directory (it reads the
 * list again every few seconds) and one made through the node applies at
 * once.
 */
#include <string.h>
#include <time.h>

#include "core/base/clock.h"
#include "core/chain/peerstore.h"
#include "ops/handlers.h"
#include "ops/json_num.h"
#include "ops/netif.h"
#include "ops/node.h"

/* The longest ban: ten years. */
#define BAN_MAX_SECONDS (10ULL * 366 * 86400)
#define BAN_DEFAULT_SECONDS 86400ULL

int op_network_connections(struct zen_call *call)
{
	const struct zen_netif *net = call->node->net;

	call->result = json_integer(net ? (json_int_t)net->connections(net->ctx)
				    : 0);
	return 0;
}

int op_network_peers(struct zen_call *call)
{
	const struct zen_netif *net = call->node->net;

	call->result = net ? net->peers(net->ctx) : json_array();
	return 0;
}

static json_t *ban_json(const struct zen_peer_ban *b)
{
	return json_pack("{s:s, s:I, s:s}", "address", b->address,
			 "bannedUntil", (json_int_t)(b->until_ms / 1000),
			 "reason", b->reason);
}

int op_network_banned(struct zen_call *call)
{
	struct zen_peerstore *ps;
	struct zen_peer_ban *bans = NULL;
	size_t n = 0;
	int rc = zen_node_peers(call->node, &ps, &call->err);

	if (!rc)
		rc = zen_peerstore_bans(ps, zen_wall_ms(), &bans, &n, &call->err);
	if (rc)
		return rc;
	call->result = json_array();
	for (size_t i = 0; i < n; i++)
		json_array_append_new(call->result, ban_json(&bans[i]));
	free(bans);
	return 0;
}

static void tell_front(struct zen_call *call)
{
	const struct zen_netif *net = call->node->net;

	if (net)
		net->bans_changed(net->ctx);
}

int op_network_ban(struct zen_call *call)
{
	struct zen_peer_ban b = { .reason = "banned by the operator" };
	uint64_t seconds = BAN_DEFAULT_SECONDS;
	struct zen_peerstore *ps;
	int rc;

	if (zen_args_u64(call->args, "seconds", &seconds) &&
	    (!seconds || seconds > BAN_MAX_SECONDS))
		return zen_fail(&call->err, ZEN_EINVAL, "invalid seconds (1 to "
				"%llu)", (unsigned long long)BAN_MAX_SECONDS);
	if ((rc = zen_peer_ip_canonical(b.address,
					zen_args_str(call->args, "address"),
					&call->err)) ||
	    (rc = zen_node_peers(call->node, &ps, &call->err)))
		return rc;
	b.until_ms = zen_wall_ms() + seconds * 1000;
	if ((rc = zen_peerstore_ban(ps, b.address, b.until_ms, b.reason,
				    &call->err)))
		return rc;
	tell_front(call);
	call->result = ban_json(&b);
	return 0;
}

int op_network_unban(struct zen_call *call)
{
	char ip[ZEN_PEER_ADDRESS_MAX + 1];
	struct zen_peerstore *ps;
	int rc;

	if ((rc = zen_peer_ip_canonical(ip, zen_args_str(call->args, "address"),
					&call->err)) ||
	    (rc = zen_node_peers(call->node, &ps, &call->err)) ||
	    (rc = zen_peerstore_unban(ps, ip, &call->err)))
		return rc;
	tell_front(call);
	call->result = json_pack("{s:s}", "address", ip);
	return 0;
}

/* ---- /blockchain/info on a terminal -------------------------------------- */

static void add_scalar(struct zen_buf *out, const json_t *v)
{
	char *s;

	if (json_is_string(v)) {
		zen_buf_addstr(out, json_string_value(v));
		return;
	}
	s = zen_json_dumps(v, JSON_ENCODE_ANY | JSON_REAL_PRECISION(15));
	zen_buf_addstr(out, s ? s : "?");
	free(s);
}

/* The generic "key: value" lines (one level of nesting), then, while the
 * node downloads the chain, how far it is. */
int op_blockchain_info_readable(struct zen_buf *out, const json_t *result)
{
	const json_t *blocks = json_object_get(result, "blocks");
	const json_t *headers = json_object_get(result, "headers");
	const char *key, *k2;
	json_t *v, *v2;

	if (!json_is_object(result) || !json_is_integer(blocks) ||
	    !json_is_integer(headers))
		return -1;
	json_object_foreach((json_t *)result, key, v) {
		zen_buf_addf(out, "%s:", key);
		if (!json_is_object(v)) {
			zen_buf_addch(out, ' ');
			add_scalar(out, v);
		}
		zen_buf_addch(out, '\n');
		json_object_foreach(v, k2, v2) {
			zen_buf_addf(out, "  %s: ", k2);
			add_scalar(out, v2);
			zen_buf_addch(out, '\n');
		}
	}
	if (json_is_true(json_object_get(result, "initialBlockDownload")) &&
	    json_integer_value(headers) > 0)
		zen_buf_addf(out, "downloading: block %" JSON_INTEGER_FORMAT
			     " of %" JSON_INTEGER_FORMAT " (%.1f%%)\n",
			     json_integer_value(blocks), json_integer_value(headers),
			     100.0 * (double)json_integer_value(blocks) /
			     (double)json_integer_value(headers));
	return 0;
}
