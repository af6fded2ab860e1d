/*
 * bench-addressdb - what the address index costs and how fast it answers
 * (issue 17).
 *
 * A source chain (local) gets block 2, which splits the genesis output
 * into W outputs of the root key (m/44'/258'/0'/0/0 of the test
 * mnemonic); each of blocks 3 .. B + 2 then holds W signed transactions,
 * the j-th spending the j-th change output of the block before into 1
 * kalapa to address X and the change back to the root key.  So X ends
 * with B * W transactions in its history (100,000 by default), the root
 * key as many.
 *
 *   1. Block connection with and without the index: two fresh stores,
 *      one with the index enabled, connect the same blocks, alternately
 *      block by block (signatures, storage, one synced write each); the
 *      goal is at most 1.25x.
 *   2. The index's size: the bytes of its keys and values (undo records
 *      included) per block, per transaction and per output, for these
 *      blocks and for blocks with only a coinbase.
 *   3. Pages of X's history: /addressdb/transactions as the server runs
 *      it (the operation, JSON included), 100 entries at random skips;
 *      the goal is under 5 ms a page.  Also X with 20 addresses that
 *      never received anything (a wallet's gap of unused addresses),
 *      X with the root key (two lists merged, every entry in both), and
 *      the transaction count.
 *
 *   bench/bench-addressdb [BLOCKS [WIDTH]]     (default 100 1000)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "bench-connect.h"
#include "core/chain/addrindex.h"
#include "core/chain/store.h"
#include "core/consensus/address.h"
#include "core/crypto/hash.h"
#include "core/crypto/keys.h"
#include "core/encoding/hex.h"
#include "core/wallet/bip32.h"
#include "core/wallet/bip39.h"
#include "core/wallet/txbuild.h"
#include "ops/node.h"

#define X_ADDRESS \
	"tzn1qnfkht73gmh08xawzh65px25am96qk2g7wn82uhcvkk74cfmylpjqueqlux"

struct key {
	struct zen_xprv prv;
	uint8_t pk_hash[ZEN_HASH_LEN];
};

static int root_key(struct key *k, struct zen_err *err)
{
	uint8_t seed[ZEN_BIP39_SEED_LEN], pub[ZEN_PUBKEY_LEN];
	struct zen_xprv master;
	int rc = zen_bip39_seed(seed, MNEMONIC, NULL, err) ?:
		 zen_bip32_master(&master, seed, sizeof(seed), err) ?:
		 zen_bip32_derive_text(&k->prv, &master,
				       ZEN_WALLET_EXTERNAL_PATH, err) ?:
		 zen_pubkey_from_seckey(pub, k->prv.key, err);

	if (!rc)
		zen_pubkey_hash(k->pk_hash, pub);
	zen_xprv_wipe(&master);
	memset(seed, 0, sizeof(seed));
	return rc;
}

static void pk_output(struct zen_output *o, const uint8_t pk_hash[ZEN_HASH_LEN],
		      uint64_t amount)
{
	zen_output_init(o);
	o->lock.id = ZEN_LOCK_PK;
	memcpy(o->lock.pk_hash, pk_hash, ZEN_HASH_LEN);
	o->spend.amount = amount;
}

/* (hash, index) of amount into outputs: to[i] gets amounts[i]. */
static int spend(struct zen_tx *tx, const uint8_t hash[ZEN_HASH_LEN],
		 uint32_t index, const uint8_t (*to)[ZEN_HASH_LEN],
		 const uint64_t *amounts, size_t n, const struct key *k,
		 struct zen_err *err)
{
	zen_tx_init(tx);
	tx->inputs = zen_xcalloc(1, sizeof(*tx->inputs));
	tx->n_inputs = 1;
	tx->inputs[0].kind = ZEN_INPUT_OUTPOINT;
	memcpy(tx->inputs[0].outpoint.tx_hash, hash, ZEN_HASH_LEN);
	tx->inputs[0].outpoint.index = index;
	tx->outputs = zen_xcalloc(n, sizeof(*tx->outputs));
	tx->n_outputs = n;
	for (size_t i = 0; i < n; i++)
		pk_output(&tx->outputs[i], to[i], amounts[i]);
	if (zen_wallet_sign_inputs(tx, (const uint8_t (*)[ZEN_SECKEY_LEN])
				   k->prv.key, 1, ZEN_SIGHASH_TXHASH, err))
		return err->code;
	zen_tx_finalize(tx);
	return 0;
}

/* The blocks of the header comment, serialized, into raw[0 .. b + 1). */
static int make_blocks(struct zen_buf *raw, size_t b, size_t w,
		       const struct key *k, const uint8_t x[ZEN_HASH_LEN],
		       struct zen_err *err)
{
	const struct zen_chain_params *p = zen_chain_params(ZEN_CHAIN_LOCAL);
	char dir[] = "/tmp/zen-bench-addr-src.XXXXXX";
	struct zen_chainstate *src = NULL;
	uint8_t (*prev)[ZEN_HASH_LEN] = zen_xcalloc(w, ZEN_HASH_LEN);
	uint64_t *left = zen_xcalloc(w, sizeof(*left));
	uint8_t (*to)[ZEN_HASH_LEN] = zen_xcalloc(w, ZEN_HASH_LEN);
	struct zen_tx *txs = zen_xcalloc(w, sizeof(*txs));
	uint8_t genesis[ZEN_HASH_LEN];
	int rc = 0;

	if (!mkdtemp(dir))
		return zen_fail(err, ZEN_EINTERNAL, "cannot make a directory");
	for (size_t j = 0; j < w; j++) {
		memcpy(to[j], k->pk_hash, ZEN_HASH_LEN);
		left[j] = GENESIS_AMOUNT / w;
	}
	rc = zen_hex_decode_fixed(genesis, ZEN_HASH_LEN, GENESIS_TX, err) ?:
	     zen_chain_open(&src, dir, p, err) ?:
	     spend(&txs[0], genesis, 0, (const uint8_t (*)[ZEN_HASH_LEN])to,
		   left, w, k, err);
	for (size_t j = 0; !rc && j < w; j++)
		memcpy(prev[j], txs[0].tx_hash, ZEN_HASH_LEN);
	rc = rc ?: bench_build_block(&raw[0], src, k->pk_hash, txs, 1, err) ?:
	     bench_submit(src, &raw[0], err);
	for (size_t i = 1; !rc && i <= b; i++) {
		for (size_t j = 0; !rc && j < w; j++) {
			uint8_t dst[2][ZEN_HASH_LEN];
			uint64_t amounts[2] = { 1, left[j] - 1 };

			memcpy(dst[0], x, ZEN_HASH_LEN);
			memcpy(dst[1], k->pk_hash, ZEN_HASH_LEN);
			rc = spend(&txs[j], prev[j], i == 1 ? (uint32_t)j : 1,
				   (const uint8_t (*)[ZEN_HASH_LEN])dst, amounts,
				   2, k, err);
			memcpy(prev[j], txs[j].tx_hash, ZEN_HASH_LEN);
			left[j]--;
		}
		rc = rc ?: bench_build_block(&raw[i], src, k->pk_hash, txs, w,
					     err) ?:
		     bench_submit(src, &raw[i], err);
	}
	zen_chain_close(src);
	bench_remove_tree(dir);
	free(prev);
	free(left);
	free(to);
	free(txs);
	return rc;
}

/* The bytes of the keys and values of db in the store of dir. */
static int db_bytes(const char *dir, enum zen_store_db db, uint64_t *bytes,
		    uint64_t *entries, struct zen_err *err)
{
	char path[600];
	struct zen_store *s = NULL;
	struct zen_store_txn *t = NULL;
	struct zen_store_cursor *c = NULL;
	struct zen_slice k, v;
	enum zen_store_seek how = ZEN_SEEK_FIRST;
	int rc;

	*bytes = *entries = 0;
	snprintf(path, sizeof(path), "%s/chain", dir);
	rc = zen_store_open(&s, path, err) ?:
	     zen_store_begin(s, NULL, 0, &t, err) ?:
	     zen_store_cursor_open(t, db, &c, err);
	while (!rc && !(rc = zen_store_cursor_seek(c, how, NULL, 0, &k, &v,
						   err))) {
		how = ZEN_SEEK_NEXT;
		*bytes += k.len + v.len;
		++*entries;
	}
	if (rc == ZEN_ENOTFOUND)
		rc = 0;
	zen_store_cursor_close(c);
	zen_store_abort(t);
	zen_store_close(s);
	return rc;
}

static int index_bytes(const char *dir, uint64_t *bytes, struct zen_err *err)
{
	uint64_t b1, b2, n;
	int rc = db_bytes(dir, ZEN_DB_ADDR, &b1, &n, err) ?:
		 db_bytes(dir, ZEN_DB_ADDR_UNDO, &b2, &n, err);

	*bytes = b1 + b2;
	return rc;
}

struct store {
	char dir[64];
	struct zen_chainstate *chain;
	double seconds;
};

static int store_open(struct store *s, int with_index, struct zen_err *err)
{
	snprintf(s->dir, sizeof(s->dir), "/tmp/zen-bench-addr.XXXXXX");
	s->seconds = 0;
	s->chain = NULL;
	if (!mkdtemp(s->dir))
		return zen_fail(err, ZEN_EINTERNAL, "cannot make a directory");
	return zen_chain_open(&s->chain, s->dir,
			      zen_chain_params(ZEN_CHAIN_LOCAL), err) ?:
	       (with_index ? zen_chain_addr_set(s->chain, 1, err) : 0);
}

static int timed_submit(struct store *s, const struct zen_buf *raw,
			struct zen_err *err)
{
	double start = bench_now();
	int rc = bench_submit(s->chain, raw, err);

	s->seconds += bench_now() - start;
	return rc;
}

/* 1: the blocks into a store without and one with the index. */
static int connection(struct store *off, struct store *on,
		      const struct zen_buf *raw, size_t n, size_t w,
		      struct zen_err *err)
{
	int rc = store_open(off, 0, err) ?: store_open(on, 1, err);

	/* the genesis block, for the index too */
	rc = rc ?: zen_chain_addr_build(on->chain, 0, NULL, NULL, err);
	/* alternately first, so that neither always finds a warm cache */
	for (size_t i = 0; !rc && i < n; i++) {
		struct store *first = i % 2 ? on : off;
		struct store *second = i % 2 ? off : on;

		rc = timed_submit(first, &raw[i], err) ?:
		     timed_submit(second, &raw[i], err);
	}
	if (rc)
		return rc;
	printf("block connection, %zu blocks of %zu signed transactions "
	       "(1 input, 2 outputs):\n", n - 1, w);
	printf("  %-34s %8.3f s (%.2f ms a block)\n", "without the index",
	       off->seconds, 1e3 * off->seconds / (double)n);
	printf("  %-34s %8.3f s (%.2f ms a block)\n", "with the index",
	       on->seconds, 1e3 * on->seconds / (double)n);
	printf("ratio with / without: %.3f (target <= 1.25)\n",
	       on->seconds / off->seconds);
	return 0;
}

/* The index alone: built afterwards from the store without it (what a
 * node that turns it on does in the background). */
static int build_after(struct store *off, struct zen_err *err)
{
	struct zen_addr_status st = { 0 };
	double start = bench_now();
	int rc = zen_chain_addr_set(off->chain, 1, err);

	while (!rc && !st.synced)
		rc = zen_chain_addr_build(off->chain, 0, NULL, &st, err);
	if (!rc)
		printf("  %-34s %8.3f s (%.3f of the connection without it)\n",
		       "the index built afterwards", bench_now() - start,
		       (bench_now() - start) / off->seconds);
	return rc;
}

/* 2: bytes per block of coinbase-only blocks. */
static int coinbase_only(const struct key *k, double *per_block,
			 struct zen_err *err)
{
	struct store s;
	struct zen_buf raw = ZEN_BUF_INIT;
	uint64_t before, after;
	const size_t n = 50;
	int rc = store_open(&s, 1, err) ?:
		 zen_chain_addr_build(s.chain, 0, NULL, NULL, err);

	zen_chain_close(s.chain);
	s.chain = NULL;
	rc = rc ?: index_bytes(s.dir, &before, err) ?:
	     zen_chain_open(&s.chain, s.dir, zen_chain_params(ZEN_CHAIN_LOCAL),
			    err);
	for (size_t i = 0; !rc && i < n; i++) {
		struct zen_tx none;	/* no transaction but the coinbase */

		zen_tx_init(&none);
		zen_buf_reset(&raw);
		rc = bench_build_block(&raw, s.chain, k->pk_hash, &none, 0, err) ?:
		     bench_submit(s.chain, &raw, err);
	}
	zen_chain_close(s.chain);
	rc = rc ?: index_bytes(s.dir, &after, err);
	*per_block = (double)(after - before) / (double)n;
	zen_buf_release(&raw);
	bench_remove_tree(s.dir);
	return rc;
}

static int sizes(struct store *on, const struct key *k, size_t n, size_t w,
		 struct zen_err *err)
{
	uint64_t bytes, entries, undo, undo_entries;
	double cb = 0;
	int rc;

	zen_chain_close(on->chain);
	on->chain = NULL;
	rc = db_bytes(on->dir, ZEN_DB_ADDR, &bytes, &entries, err) ?:
	     db_bytes(on->dir, ZEN_DB_ADDR_UNDO, &undo, &undo_entries, err) ?:
	     coinbase_only(k, &cb, err);
	if (rc)
		return rc;
	printf("index size (keys and values; LMDB adds its pages' overhead):\n");
	printf("  %llu entries, %llu bytes, undo records %llu bytes\n",
	       (unsigned long long)entries, (unsigned long long)bytes,
	       (unsigned long long)undo);
	printf("  per block of %zu transactions: %.0f bytes (%.0f a "
	       "transaction, %.0f an output; undo included)\n", w,
	       (double)(bytes + undo) / (double)n,
	       (double)(bytes + undo) / (double)(n * w),
	       (double)(bytes + undo) / (double)(n * w * 2));
	printf("  per block with only a coinbase: %.0f bytes\n", cb);
	return zen_chain_open(&on->chain, on->dir,
			      zen_chain_params(ZEN_CHAIN_LOCAL), err);
}

/* One /addressdb/transactions call, as the server runs it. */
static int page(struct zen_node *node, const char *addresses, uint32_t skip,
		uint32_t take, const char *path, size_t *bytes,
		struct zen_err *err)
{
	const struct zen_op *op = zen_op_find_route("POST", path);
	struct zen_call call = { .op = op, .node = node };
	json_t *raw = json_pack("{s:o, s:I, s:I}", "addresses",
				json_loads(addresses, 0, NULL),
				"skip", (json_int_t)skip, "take", (json_int_t)take);
	char *s;
	int rc = zen_args_validate(&call.args, op, raw, &call.err) ?:
		 zen_call_run(&call);

	json_decref(raw);
	if (!rc) {
		s = json_dumps(call.result, JSON_COMPACT | JSON_ENCODE_ANY);
		*bytes = s ? strlen(s) : 0;
		free(s);
	} else {
		zen_fail(err, rc, "%s", call.err.msg);
	}
	zen_call_release(&call);
	return rc;
}

static int pages(struct store *on, const char *addresses, const char *label,
		 uint32_t n_entries, struct zen_err *err)
{
	struct zen_node node;
	double worst = 0, total = 0;
	size_t bytes = 0;
	const int rounds = 200;
	int rc = 0;

	memset(&node, 0, sizeof(node));
	node.chain = ZEN_CHAIN_LOCAL;
	node.params = zen_chain_params(ZEN_CHAIN_LOCAL);
	node.datadir = on->dir;
	node.store = on->chain;
	srand(7);
	for (int i = 0; !rc && i < rounds; i++) {
		uint32_t skip = i == 0 ? 0 : i == 1 ? n_entries - 100 :
				(uint32_t)rand() % n_entries;
		double start = bench_now(), t;

		rc = page(&node, addresses, skip, 100,
			  "/addressdb/transactions", &bytes, err);
		t = bench_now() - start;
		total += t;
		if (t > worst)
			worst = t;
	}
	if (!rc)
		printf("  %-40s %6.3f ms a page on average, %6.3f ms the "
		       "slowest (%zu bytes of JSON)\n", label,
		       1e3 * total / rounds, 1e3 * worst, bytes);
	node.store = NULL;
	return rc;
}

static int count(struct store *on, const char *addresses, const char *label,
		 struct zen_err *err)
{
	struct zen_node node;
	const struct zen_op *op = zen_op_find_route("POST",
						    "/addressdb/transactioncount");
	struct zen_call call = { .op = op, .node = &node };
	json_t *raw = json_pack("{s:o}", "addresses",
				json_loads(addresses, 0, NULL));
	double start = bench_now();
	int rc;

	memset(&node, 0, sizeof(node));
	node.chain = ZEN_CHAIN_LOCAL;
	node.params = zen_chain_params(ZEN_CHAIN_LOCAL);
	node.datadir = on->dir;
	node.store = on->chain;
	rc = zen_args_validate(&call.args, op, raw, &call.err) ?:
	     zen_call_run(&call);
	if (rc)
		zen_fail(err, rc, "%s", call.err.msg);
	else
		printf("  %-40s %6.3f ms (%lld entries)\n", label,
		       1e3 * (bench_now() - start),
		       (long long)json_integer_value(call.result));
	json_decref(raw);
	zen_call_release(&call);
	return rc;
}

/* X and 20 addresses that never received anything, as a wallet asks for
 * its history with the gap of unused addresses after its last used one:
 * a JSON array. */
static void with_unused(struct zen_buf *out)
{
	zen_buf_addstr(out, "[\"" X_ADDRESS "\"");
	for (uint32_t i = 0; i < 20; i++) {
		uint8_t seed[24] = "bench-addressdb-unused", h[ZEN_HASH_LEN];
		struct zen_buf a = ZEN_BUF_INIT;

		seed[23] = (uint8_t)i;
		zen_sha3(h, seed, sizeof(seed));
		zen_address_pk(&a, ZEN_CHAIN_LOCAL, h);
		zen_buf_addf(out, ", \"%s\"", zen_buf_str(&a));
		zen_buf_release(&a);
	}
	zen_buf_addstr(out, "]");
}

int main(int argc, char **argv)
{
	struct zen_err err = ZEN_ERR_INIT;
	size_t b = argc > 1 ? (size_t)atol(argv[1]) : 100;
	size_t w = argc > 2 ? (size_t)atol(argv[2]) : 1000;
	struct zen_buf *raw;
	struct store off = { .chain = NULL }, on = { .chain = NULL };
	struct zen_buf root = ZEN_BUF_INIT, wallet = ZEN_BUF_INIT;
	char both[300], one[200];
	uint8_t x[ZEN_HASH_LEN];
	struct key k;
	double start;
	int rc;

	if (b < 1 || w < 2 || w > 100000) {
		fprintf(stderr, "usage: bench-addressdb [BLOCKS [WIDTH]]\n");
		return 2;
	}
	raw = zen_xcalloc(b + 1, sizeof(*raw));
	printf("bench-addressdb: %zu blocks of %zu transactions to one "
	       "address\n", b, w);
	fflush(stdout);
	start = bench_now();
	rc = root_key(&k, &err) ?:
	     zen_address_decode_pk(x, ZEN_CHAIN_LOCAL, X_ADDRESS, &err) ?:
	     make_blocks(raw, b, w, &k, x, &err);
	if (!rc)
		printf("(blocks made in %.1f s)\n", bench_now() - start);
	rc = rc ?: connection(&off, &on, raw, b + 1, w, &err) ?:
	     build_after(&off, &err) ?: sizes(&on, &k, b, w, &err);
	zen_address_pk(&root, ZEN_CHAIN_LOCAL, k.pk_hash);
	snprintf(one, sizeof(one), "[\"%s\"]", X_ADDRESS);
	snprintf(both, sizeof(both), "[\"%s\", \"%s\"]", X_ADDRESS,
		 zen_buf_str(&root));
	with_unused(&wallet);
	if (!rc)
		printf("pages of 100 history entries at random skips "
		       "(target < 5 ms):\n");
	rc = rc ?: pages(&on, one, "one address", (uint32_t)(b * w), &err) ?:
	     pages(&on, zen_buf_str(&wallet), "one and 20 unused (merged)",
		   (uint32_t)(b * w), &err) ?:
	     pages(&on, both, "two addresses (merged)", (uint32_t)(b * w), &err) ?:
	     count(&on, one, "transaction count, one address", &err) ?:
	     count(&on, both, "transaction count, two addresses", &err);
	if (rc)
		printf("failed: %s\n", err.msg);
	zen_chain_close(off.chain);
	zen_chain_close(on.chain);
	if (off.dir[0])
		bench_remove_tree(off.dir);
	if (on.dir[0])
		bench_remove_tree(on.dir);
	for (size_t i = 0; i <= b; i++)
		zen_buf_release(&raw[i]);
	free(raw);
	zen_buf_release(&root);
	zen_buf_release(&wallet);
	zen_xprv_wipe(&k.prv);
	return rc ? 1 : 0;
}
