/*
 * bench-verify - ECDSA verification on all cores: raw libsecp256k1
 * (secp256k1_ecdsa_verify over pre-parsed keys and signatures, and with
 * the parsing the node must do per check) beside the node's signature
 * batch (zen_sig_batch_verify) over the same (message, signature, key)
 * triples.  Each figure gets ZEN_BENCH_SECONDS (default 2) in all, as
 * ROUNDS interleaved runs of which the best counts.
 */
#include <pthread.h>
#include <string.h>

#include <secp256k1.h>

#include "bench.h"
#include "core/chain/validate.h"
#include "core/crypto/hash.h"
#include "core/crypto/keys.h"
#include "bench-connect.h"

#define N_TRIPLES 2048
#define ROUNDS 3

struct triple {
	uint8_t msg[ZEN_HASH_LEN];
	uint8_t pub[ZEN_PUBKEY_LEN];
	uint8_t sig[ZEN_SIGNATURE_LEN];
	secp256k1_pubkey pk;
	secp256k1_ecdsa_signature s;
};

static struct triple triples[N_TRIPLES];
static secp256k1_context *raw_ctx;

static int make_triples(void)
{
	for (int i = 0; i < N_TRIPLES; i++) {
		struct triple *t = &triples[i];
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
		if (!secp256k1_ec_pubkey_parse(raw_ctx, &t->pk, t->pub,
					       ZEN_PUBKEY_LEN) ||
		    !secp256k1_ecdsa_signature_parse_compact(raw_ctx, &t->s,
							     t->sig))
			return 0;
	}
	return 1;
}

struct worker {
	unsigned index, stride;
	int parse;
	double seconds;
	uint64_t count, bad;
	double elapsed;
	pthread_t thread;
};

static void *raw_main(void *arg)
{
	struct worker *w = arg;
	double start = bench_now(), end;
	uint64_t n = 0, bad = 0;
	unsigned i = w->index;

	do {
		for (int k = 0; k < 64; k++, n++) {
			const struct triple *t = &triples[i];

			if (w->parse) {
				secp256k1_pubkey pk;
				secp256k1_ecdsa_signature s;

				bad += !secp256k1_ec_pubkey_parse(raw_ctx, &pk,
						t->pub, ZEN_PUBKEY_LEN) ||
				       !secp256k1_ecdsa_signature_parse_compact(
						raw_ctx, &s, t->sig) ||
				       !secp256k1_ecdsa_verify(raw_ctx, &s,
						t->msg, &pk);
			} else {
				bad += !secp256k1_ecdsa_verify(raw_ctx, &t->s,
							       t->msg, &t->pk);
			}
			i += w->stride;
			if (i >= N_TRIPLES)
				i = w->index;
		}
		end = bench_now();
	} while (end - start < w->seconds);
	w->count = n;
	w->bad = bad;
	w->elapsed = end - start;
	return NULL;
}

/* Verifications per second on nthreads threads (all together). */
static double raw_rate(unsigned nthreads, int parse, double seconds,
		       uint64_t *bad)
{
	struct worker w[256];
	double rate = 0;

	if (nthreads > 256)
		nthreads = 256;
	*bad = 0;
	for (unsigned t = 0; t < nthreads; t++) {
		memset(&w[t], 0, sizeof(w[t]));
		w[t].index = t;
		w[t].stride = nthreads;
		w[t].parse = parse;
		w[t].seconds = seconds;
		if (pthread_create(&w[t].thread, NULL, raw_main, &w[t]))
			abort();
	}
	for (unsigned t = 0; t < nthreads; t++) {
		pthread_join(w[t].thread, NULL);
		rate += (double)w[t].count / w[t].elapsed;
		*bad += w[t].bad;
	}
	return rate;
}

/* zen_sig_batch_verify over all triples, repeatedly. */
static double batch_rate(double seconds, int *all_ok)
{
	struct zen_sig_batch b;
	double start, end;
	uint64_t n = 0;

	zen_sig_batch_init(&b);
	for (int i = 0; i < N_TRIPLES; i++)
		zen_sig_batch_add(&b, triples[i].msg, triples[i].pub,
				  triples[i].sig);
	*all_ok = 1;
	start = bench_now();
	do {
		if (!zen_sig_batch_verify(&b, 0, NULL))
			*all_ok = 0;
		n += b.n;
		end = bench_now();
	} while (end - start < seconds);
	zen_sig_batch_release(&b);
	return (double)n / (end - start);
}

static double max2(double a, double b)
{
	return a > b ? a : b;
}

int main(void)
{
	double secs = bench_seconds(), slice = secs / ROUNDS;
	double raw1 = 0, raw = 0, raw_parse = 0, batch = 0;
	unsigned cores = bench_cores();
	uint64_t bad, bad_total = 0;
	int ok, all_ok = 1;

	raw_ctx = secp256k1_context_create(SECP256K1_CONTEXT_VERIFY |
					   SECP256K1_CONTEXT_SIGN);
	if (!raw_ctx || !make_triples()) {
		fprintf(stderr, "bench-verify: cannot make test signatures\n");
		return 1;
	}
	printf("bench-verify: ECDSA (secp256k1) verification of %d distinct "
	       "triples, %.1f s per figure (best of %d), %u online core(s)\n",
	       N_TRIPLES, secs, ROUNDS, cores);
	for (int r = 0; r < ROUNDS; r++) {
		raw1 = max2(raw1, raw_rate(1, 0, slice, &bad));
		bad_total += bad;
		raw = max2(raw, raw_rate(cores, 0, slice, &bad));
		bad_total += bad;
		raw_parse = max2(raw_parse, raw_rate(cores, 1, slice, &bad));
		bad_total += bad;
		batch = max2(batch, batch_rate(slice, &ok));
		all_ok &= ok;
	}
	printf("  %-44s %10.0f verifies/s\n",
	       "raw secp256k1_ecdsa_verify, 1 thread", raw1);
	printf("  %-44s %10.0f verifies/s (%u threads)\n",
	       "raw secp256k1_ecdsa_verify, all cores", raw, cores);
	printf("  %-44s %10.0f verifies/s\n",
	       "raw parse + verify, all cores", raw_parse);
	printf("  %-44s %10.0f verifies/s%s\n",
	       "zen_sig_batch_verify, all cores", batch,
	       all_ok ? "" : " (A CHECK FAILED)");
	if (bad_total)
		printf("  warning: raw verification failed %llu time(s)\n",
		       (unsigned long long)bad_total);
	printf("ratio batch / raw verify, all cores:         %.3f "
	       "(target >= 0.8)\n", batch / raw);
	printf("ratio batch / raw parse + verify, all cores: %.3f\n",
	       batch / raw_parse);
	bench_connect(raw, secs);
	secp256k1_context_destroy(raw_ctx);
	return 0;
}
