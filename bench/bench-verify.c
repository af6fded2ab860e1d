/*
 * bench-verify - ECDSA verification on all cores: raw libsecp256k1
 * (secp256k1_ecdsa_verify over pre-parsed keys and signatures, and with
 * the parsing the node must do per check) beside the node's signature
 * batch (zen_sig_batch_verify) over the same distinct (message, key,
 * signature) triples, then block connection (bench-connect.c).  The batch
 * runs with its keys new (the process-wide key cache emptied before each
 * pass, so that it decompresses every key, as the raw parse + verify
 * does) and with its keys in the cache (decompressed already, as the
 * parsed keys of the raw figure).  Each
 * figure gets ZEN_BENCH_SECONDS (default 2) in all, as ROUNDS runs
 * interleaved with the others', and is reported as their median.
 */
#include <string.h>

#include "bench.h"
#include "bench-connect.h"
#include "bench-raw.h"
#include "core/chain/validate.h"
#include "core/crypto/keycache.h"

#define N_TRIPLES 2048
#define ROUNDS 5

static struct bench_sig triples[N_TRIPLES];

/* Distinct keys and messages: key i and message i from SHA3 seeds. */
static int make_triples(void)
{
	for (int i = 0; i < N_TRIPLES; i++) {
		struct bench_sig *t = &triples[i];
		uint8_t seed[16], sec[ZEN_SECKEY_LEN];

		memcpy(seed, "bench-key", 9);
		memcpy(seed + 9, &i, sizeof(i));
		seed[15] = 'k';
		zen_sha3(sec, seed, sizeof(seed));
		seed[15] = 'm';
		zen_sha3(t->msg, seed, sizeof(seed));
		if (zen_pubkey_from_seckey(t->pub, sec, NULL) ||
		    zen_ecdsa_sign(t->sig, t->msg, sec, NULL))
			return 0;
	}
	return bench_sigs_parse(triples, N_TRIPLES);
}

/* zen_sig_batch_verify over all triples, repeatedly; new_keys: each
 * pass with the key cache emptied first (not timed). */
static double batch_rate(double seconds, int new_keys, int *all_ok)
{
	struct zen_sig_batch b;
	double start, spent = 0;
	uint64_t n = 0;

	zen_sig_batch_init(&b);
	for (int i = 0; i < N_TRIPLES; i++)
		zen_sig_batch_add(&b, triples[i].msg, triples[i].pub,
				  triples[i].sig);
	*all_ok = 1;
	if (!new_keys && !zen_sig_batch_verify(&b, 0, NULL))
		*all_ok = 0;	/* fills the cache */
	do {
		if (new_keys)
			zen_keycache_clear();
		start = bench_now();
		if (!zen_sig_batch_verify(&b, 0, NULL))
			*all_ok = 0;
		spent += bench_now() - start;
		n += b.n;
	} while (spent < seconds);
	zen_sig_batch_release(&b);
	return (double)n / spent;
}

static void print_figures(double raw1, double raw, double parse, double batch,
			  double known, unsigned cores, int all_ok)
{
	printf("  %-44s %10.0f verifies/s\n",
	       "raw secp256k1_ecdsa_verify, 1 thread", raw1);
	printf("  %-44s %10.0f verifies/s (%u threads)\n",
	       "raw secp256k1_ecdsa_verify, all cores", raw, cores);
	printf("  %-44s %10.0f verifies/s\n", "raw parse + verify, all cores",
	       parse);
	printf("  %-44s %10.0f verifies/s%s\n",
	       "zen_sig_batch_verify, keys new, all cores", batch,
	       all_ok ? "" : " (A CHECK FAILED)");
	printf("  %-44s %10.0f verifies/s\n",
	       "zen_sig_batch_verify, keys in the cache", known);
	printf("ratio batch, keys new / raw verify, all cores: %.3f "
	       "(target >= 0.8)\n", batch / raw);
	printf("ratio batch, keys new / raw parse + verify, all cores: %.3f\n",
	       batch / parse);
	printf("ratio batch, keys in the cache / raw verify, all cores: %.3f\n",
	       known / raw);
}

int main(void)
{
	double secs = bench_seconds(), slice = secs / ROUNDS;
	double raw1[ROUNDS], raw[ROUNDS], parse[ROUNDS], batch[ROUNDS];
	double known[ROUNDS];
	unsigned cores = bench_cores();
	uint64_t bad, bad_total = 0;
	int ok, all_ok = 1;

	if (!make_triples()) {
		fprintf(stderr, "bench-verify: cannot make test signatures\n");
		return 1;
	}
	printf("bench-verify: ECDSA (secp256k1) verification of %d distinct "
	       "keys and messages, %.1f s per figure (median of %d "
	       "interleaved runs), %u online core(s)\n", N_TRIPLES, secs,
	       ROUNDS, cores);
	for (int r = 0; r < ROUNDS; r++) {
		raw1[r] = bench_raw_rate(triples, N_TRIPLES, 1, 0, slice, &bad);
		bad_total += bad;
		raw[r] = bench_raw_rate(triples, N_TRIPLES, cores, 0, slice, &bad);
		bad_total += bad;
		parse[r] = bench_raw_rate(triples, N_TRIPLES, cores, 1, slice,
					  &bad);
		bad_total += bad;
		batch[r] = batch_rate(slice, 1, &ok);
		all_ok &= ok;
		known[r] = batch_rate(slice, 0, &ok);
		all_ok &= ok;
	}
	print_figures(bench_median(raw1, ROUNDS), bench_median(raw, ROUNDS),
		      bench_median(parse, ROUNDS), bench_median(batch, ROUNDS),
		      bench_median(known, ROUNDS), cores, all_ok);
	if (bad_total)
		printf("  warning: raw verification failed %llu time(s)\n",
		       (unsigned long long)bad_total);
	bench_connect(secs);
	return 0;
}
