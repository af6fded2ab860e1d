/*
 * bench-cgp - what counting votes costs in block connection (issue 13):
 * a block carrying N signed allocation ballots, connected by a fresh
 * store, against the raw libsecp256k1 verification of those N
 * signatures, on one core and on all of them.
 *
 * A source chain (local) is mined to block 95; block 96, the first of
 * interval 1's voting phase, holds one transaction executing the voting
 * contract with a body signed by N keys (zen_cgp_vote_body, as
 * `zen wallet vote` makes it), paid from the genesis output.  A second
 * store connects blocks 2-95, then, timed, block 96: it verifies the
 * transaction's signature and the N vote signatures and records the
 * votes.  The goal: at most 1.25x the raw verification.
 *
 *   bench/bench-cgp [N]     (default 1000)
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <secp256k1.h>

#include "bench.h"
#include "bench-connect.h"
#include "core/cgp/vote.h"
#include "core/consensus/consensus.h"
#include "core/crypto/hash.h"
#include "core/crypto/keys.h"
#include "core/encoding/hex.h"
#include "core/types/data.h"
#include "core/wallet/bip32.h"
#include "core/wallet/bip39.h"
#include "core/wallet/txbuild.h"

#define VOTE_BLOCK 96

struct root {
	struct zen_xprv key;
	uint8_t pub[ZEN_PUBKEY_LEN], pk_hash[ZEN_HASH_LEN];
};

static int root_key(struct root *r, struct zen_err *err)
{
	uint8_t seed[ZEN_BIP39_SEED_LEN];
	struct zen_xprv master;
	int rc = zen_bip39_seed(seed, MNEMONIC, NULL, err) ?:
		 zen_bip32_master(&master, seed, sizeof(seed), err) ?:
		 zen_bip32_derive_text(&r->key, &master,
				       ZEN_WALLET_EXTERNAL_PATH, err) ?:
		 zen_pubkey_from_seckey(r->pub, r->key.key, err);

	if (!rc)
		zen_pubkey_hash(r->pk_hash, r->pub);
	zen_xprv_wipe(&master);
	memset(seed, 0, sizeof(seed));
	return rc;
}

/* n voters' secret keys: SHA3 of their index, all valid in practice. */
static uint8_t (*voter_keys(size_t n))[ZEN_SECKEY_LEN]
{
	uint8_t (*k)[ZEN_SECKEY_LEN] = zen_xcalloc(n, ZEN_SECKEY_LEN);

	for (size_t i = 0; i < n; i++) {
		uint64_t x = i + 1;

		zen_sha3(k[i], &x, sizeof(x));
	}
	return k;
}

/* The vote transaction: the genesis output back to root, running the
 * voting contract with body (no fee: bench_build_block keeps the
 * template's coinbase). */
static int vote_tx(struct zen_chainstate *chain, const struct root *r,
		   const struct zen_data *body, struct zen_tx *tx,
		   struct zen_err *err)
{
	const struct zen_chain_params *p = zen_chain_get_params(chain);
	struct zen_execute_request rq;
	struct zen_outpoint op;
	struct zen_output in, out;
	int rc;

	memset(&rq, 0, sizeof(rq));
	memset(&op, 0, sizeof(op));
	zen_output_init(&in);
	zen_output_init(&out);
	if ((rc = zen_hex_decode_fixed(op.tx_hash, ZEN_HASH_LEN, GENESIS_TX,
				       err)))
		return rc;
	in.lock.id = out.lock.id = ZEN_LOCK_PK;
	memcpy(in.lock.pk_hash, r->pk_hash, ZEN_HASH_LEN);
	memcpy(out.lock.pk_hash, r->pk_hash, ZEN_HASH_LEN);
	in.spend.amount = out.spend.amount = GENESIS_AMOUNT;
	rq.cid = p->voting_contract_id;
	rq.command = "Allocation";
	rq.command_len = 10;
	rq.body = body;
	rq.in_outpoints = &op;
	rq.in_outputs = &in;
	rq.n_in = 1;
	rq.outputs = &out;
	rq.n_outputs = 1;
	rc = zen_chain_execute(chain, &rq, tx, err) ?:
	     zen_wallet_sign_inputs(tx, (const uint8_t (*)[ZEN_SECKEY_LEN])
				    r->key.key, 1, ZEN_SIGHASH_FOLLOWING, err);
	if (!rc)
		zen_tx_finalize(tx);
	return rc;
}

/* The (message, key, signature) triples of the body, parsed for the
 * raw measurement. */
struct triple {
	uint8_t msg[ZEN_HASH_LEN];
	secp256k1_pubkey pk;
	secp256k1_ecdsa_signature sig;
};

static struct triple *triples_of(const struct zen_data *body, size_t *n)
{
	const secp256k1_context *ctx = zen_secp_ctx();
	struct zen_cgp_vote v;
	struct triple *t;
	uint8_t digest[ZEN_HASH_LEN];

	if (zen_cgp_vote_parse(&v, "Allocation", 10, body, NULL))
		return NULL;
	zen_cgp_vote_digest(digest, 1, 0, v.ballot_hex, v.ballot_hex_len);
	t = zen_xcalloc(v.n_signers + 1, sizeof(*t));
	for (size_t i = 0; i < v.n_signers; i++) {
		memcpy(t[i].msg, digest, ZEN_HASH_LEN);
		if (!secp256k1_ec_pubkey_parse(ctx, &t[i].pk,
					       v.signers[i].pubkey,
					       ZEN_PUBKEY_LEN) ||
		    !secp256k1_ecdsa_signature_parse_compact(
			    ctx, &t[i].sig, v.signers[i].signature)) {
			free(t);
			zen_cgp_vote_release(&v);
			return NULL;
		}
	}
	*n = v.n_signers;
	zen_cgp_vote_release(&v);
	return t;
}

/* Seconds for one core to verify all triples (median of five). */
static double raw_verify(const struct triple *t, size_t n)
{
	const secp256k1_context *ctx = zen_secp_ctx();
	double secs[5];

	for (int round = 0; round < 5; round++) {
		double start = bench_now();
		size_t ok = 0;

		for (size_t i = 0; i < n; i++)
			ok += secp256k1_ecdsa_verify(ctx, &t[i].sig, t[i].msg,
						     &t[i].pk) == 1;
		if (ok != n)
			return -1;
		secs[round] = bench_now() - start;
	}
	return bench_median(secs, 5);
}

/* Mine src to block 95 (blocks kept in raws[0..94) for the copy). */
static int mine_to_voting(struct zen_chainstate *src, const struct root *r,
			  struct zen_buf *raws, struct zen_err *err)
{
	int rc = 0;

	for (uint32_t b = 2; !rc && b < VOTE_BLOCK; b++)
		rc = bench_build_block(&raws[b - 2], src, r->pk_hash, NULL, 0,
				       err) ?:
		     bench_submit(src, &raws[b - 2], err);
	return rc;
}

static int run(size_t n_voters, double *connect, double *raw,
	       struct zen_err *err)
{
	const struct zen_chain_params *p = zen_chain_params(ZEN_CHAIN_LOCAL);
	char src_dir[] = "/tmp/zen-bench-cgp-src.XXXXXX";
	char dst_dir[] = "/tmp/zen-bench-cgp-dst.XXXXXX";
	struct zen_chainstate *src = NULL, *dst = NULL;
	struct zen_buf raws[VOTE_BLOCK - 1];
	struct zen_cgp_ballot ballot = { .kind = ZEN_CGP_BALLOT_ALLOCATION,
					 .allocation = 10 };
	uint8_t (*keys)[ZEN_SECKEY_LEN] = voter_keys(n_voters);
	struct triple *t = NULL;
	struct zen_data body;
	struct zen_tx tx;
	struct root r;
	size_t n_t = 0;
	double start;
	int rc, made_src = mkdtemp(src_dir) != NULL,
	    made_dst = mkdtemp(dst_dir) != NULL;

	memset(raws, 0, sizeof(raws));
	zen_data_init(&body);
	zen_tx_init(&tx);
	rc = root_key(&r, err) ?:
	     zen_cgp_vote_body(&body, p, VOTE_BLOCK, ZEN_CGP_VOTE_ALLOCATION,
			       &ballot, (const uint8_t (*)[ZEN_SECKEY_LEN])keys,
			       n_voters, err);
	if (!rc && !(made_src && made_dst))
		rc = zen_fail(err, ZEN_EINTERNAL, "no temporary directory");
	if (!rc && !(t = triples_of(&body, &n_t)))
		rc = zen_fail(err, ZEN_EINTERNAL, "the vote body does not parse");
	rc = rc ?: zen_chain_open(&src, src_dir, p, err) ?:
		   mine_to_voting(src, &r, raws, err) ?:
		   vote_tx(src, &r, &body, &tx, err) ?:
		   bench_build_block(&raws[VOTE_BLOCK - 2], src, r.pk_hash, &tx,
				     1, err) ?:
		   zen_chain_open(&dst, dst_dir, p, err);
	for (uint32_t b = 2; !rc && b < VOTE_BLOCK; b++)
		rc = bench_submit(dst, &raws[b - 2], err);
	if (!rc) {
		zen_chain_set_threads(dst, 0);
		start = bench_now();
		rc = bench_submit(dst, &raws[VOTE_BLOCK - 2], err);
		*connect = bench_now() - start;
		*raw = raw_verify(t, n_t);
	}
	zen_chain_close(dst);
	zen_chain_close(src);
	for (size_t i = 0; i < VOTE_BLOCK - 1; i++)
		zen_buf_release(&raws[i]);
	zen_tx_release(&tx);
	zen_data_release(&body);
	zen_xprv_wipe(&r.key);
	free(keys);
	free(t);
	if (made_src)
		bench_remove_tree(src_dir);
	if (made_dst)
		bench_remove_tree(dst_dir);
	return rc;
}

int main(int argc, char **argv)
{
	size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000;
	struct zen_err err = ZEN_ERR_INIT;
	double connect = 0, raw = 0;

	if (!n)
		n = 1000;
	printf("CGP votes in block connection (local chain, block %d, one "
	       "transaction carrying %zu signed allocation ballots):\n",
	       VOTE_BLOCK, n);
	fflush(stdout);
	if (run(n, &connect, &raw, &err)) {
		printf("  failed: %s\n", err.msg);
		return 0;
	}
	printf("  %-52s %8.3f ms\n", "block connected (zen_chain_submit_block)",
	       connect * 1e3);
	printf("  %-52s %8.3f ms\n", "raw secp256k1 verify of the ballots, 1 core",
	       raw * 1e3);
	printf("ratio connection / raw verification: %.3f (goal <= 1.25; %u "
	       "cores)\n", connect / raw, bench_cores());
	return 0;
}
