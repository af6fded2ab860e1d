/*
 * op_network.c - what the node tells of its peer-to-peer side
 * (api.md 7: /network/connections/count).
 *
 * zen has no peer-to-peer layer yet: a node has no peers, so it answers 0,
 * the number the reference's clients (the desktop wallet polls it) expect
 * from a node that is alone.
 */
#include "ops/handlers.h"

int op_network_connections(struct zen_call *call)
{
	call->result = json_integer(0);
	return 0;
}
