#include <pthread.h>
#include <stdio.h>

#include "core/chain/peerstore.h"
#include "core/chain/addrindex.h"
#include "core/wallet/wallet.h"
#include "ops/node.h"

/* One chain per process: LMDB forbids opening an environment twice. */
static pthread_mutex_t open_lock = PTHREAD_MUTEX_INITIALIZER;

/* A node made without a data directory (the argument fuzzer's, a
 * front that only validates) answers every store operation with an
 * error instead of opening "(null)". */
static int need_datadir(struct zen_err *err)
{
	return zen_fail(err, ZEN_ESTORE, "no data directory");
}

int zen_node_chain(struct zen_node *node, struct zen_chainstate **chain,
		   struct zen_err *err)
{
	int rc = 0;

	/* Opened once, never replaced while requests run: after the first
	 * open the hot path needs no lock. */
	*chain = __atomic_load_n(&node->store, __ATOMIC_ACQUIRE);
	if (*chain)
		return 0;
	if (!node->datadir)
		return need_datadir(err);
	pthread_mutex_lock(&open_lock);
	if (!node->store) {
		struct zen_chainstate *opened = NULL;

		rc = zen_chain_open(&opened, node->datadir, node->params, err);
		if (!rc && node->addressdb)
			rc = zen_chain_addr_set(opened, node->addressdb > 0,
						err);
		if (rc) {
			zen_chain_close(opened);
			opened = NULL;
		}
		__atomic_store_n(&node->store, opened, __ATOMIC_RELEASE);
	}
	*chain = node->store;
	pthread_mutex_unlock(&open_lock);
	return rc;
}

void zen_node_close(struct zen_node *node)
{
	pthread_mutex_lock(&open_lock);
	zen_chain_close(node->store);
	node->store = NULL;
	zen_wallet_close(node->wallet);
	node->wallet = NULL;
	zen_peerstore_close(node->peers);
	node->peers = NULL;
	pthread_mutex_unlock(&open_lock);
}

int zen_node_read(struct zen_node *node, struct zen_chain_read **r,
		  struct zen_err *err)
{
	struct zen_chainstate *chain;
	int rc = zen_node_chain(node, &chain, err);

	return rc ? rc : zen_chain_read_begin(chain, r, err);
}

int zen_node_wallet(struct zen_node *node, struct zen_wallet **wallet,
		    struct zen_err *err)
{
	int rc = 0;

	*wallet = NULL;
	if (node->no_wallet)
		return zen_fail(err, ZEN_EREFUSED, "not available on a public node");
	*wallet = __atomic_load_n(&node->wallet, __ATOMIC_ACQUIRE);
	if (*wallet)
		return 0;
	if (!node->datadir)
		return need_datadir(err);
	pthread_mutex_lock(&open_lock);
	if (!node->wallet) {
		struct zen_wallet *opened = NULL;

		rc = zen_wallet_open(&opened, node->datadir, node->params, err);
		__atomic_store_n(&node->wallet, opened, __ATOMIC_RELEASE);
	}
	*wallet = node->wallet;
	pthread_mutex_unlock(&open_lock);
	return rc;
}

int zen_node_peers(struct zen_node *node, struct zen_peerstore **peers,
		   struct zen_err *err)
{
	int rc = 0;

	*peers = __atomic_load_n(&node->peers, __ATOMIC_ACQUIRE);
	if (*peers)
		return 0;
	if (!node->datadir)
		return need_datadir(err);
	pthread_mutex_lock(&open_lock);
	if (!node->peers) {
		struct zen_peerstore *opened = NULL;

		rc = zen_peerstore_open(&opened, node->datadir, err);
		__atomic_store_n(&node->peers, opened, __ATOMIC_RELEASE);
	}
	*peers = node->peers;
	pthread_mutex_unlock(&open_lock);
	return rc;
}
