/*
 * bench-raw.c - raw libsecp256k1 verification rates (bench-raw.h).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "bench-raw.h"

static secp256k1_context *ctx(void)
{
	static secp256k1_context *c;

	if (!c)
		c = secp256k1_context_create(SECP256K1_CONTEXT_VERIFY);
	return c;
}

int bench_sigs_parse(struct bench_sig *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!secp256k1_ec_pubkey_parse(ctx(), &t[i].pk, t[i].pub,
					       ZEN_PUBKEY_LEN) ||
		    !secp256k1_ecdsa_signature_parse_compact(ctx(), &t[i].s,
							     t[i].sig))
			return 0;
	return 1;
}

struct worker {
	const struct bench_sig *t;
	size_t n, index, stride;
	int parse;
	double seconds, elapsed;
	uint64_t count, bad;
	pthread_t thread;
};

static int check(const struct bench_sig *t, int parse)
{
	secp256k1_pubkey pk;
	secp256k1_ecdsa_signature s;

	if (!parse)
		return secp256k1_ecdsa_verify(ctx(), &t->s, t->msg, &t->pk);
	return secp256k1_ec_pubkey_parse(ctx(), &pk, t->pub, ZEN_PUBKEY_LEN) &&
	       secp256k1_ecdsa_signature_parse_compact(ctx(), &s, t->sig) &&
	       secp256k1_ecdsa_verify(ctx(), &s, t->msg, &pk);
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	double start = bench_now(), end;
	size_t i = w->index;

	do {
		for (int k = 0; k < 64; k++, w->count++) {
			w->bad += !check(&w->t[i], w->parse);
			i += w->stride;
			if (i >= w->n)
				i = w->index;
		}
		end = bench_now();
	} while (end - start < w->seconds);
	w->elapsed = end - start;
	return NULL;
}

double bench_raw_rate(const struct bench_sig *t, size_t n, unsigned nthreads,
		      int parse, double seconds, uint64_t *bad)
{
	struct worker w[256];
	double rate = 0;

	if (nthreads > 256)
		nthreads = 256;
	if (nthreads > n)
		nthreads = (unsigned)n;
	ctx();	/* made before the threads share it */
	*bad = 0;
	for (unsigned k = 0; k < nthreads; k++) {
		memset(&w[k], 0, sizeof(w[k]));
		w[k].t = t;
		w[k].n = n;
		w[k].index = k;
		w[k].stride = nthreads;
		w[k].parse = parse;
		w[k].seconds = seconds;
		if (pthread_create(&w[k].thread, NULL, worker_main, &w[k]))
			abort();
	}
	for (unsigned k = 0; k < nthreads; k++) {
		pthread_join(w[k].thread, NULL);
		rate += (double)w[k].count / w[k].elapsed;
		*bad += w[k].bad;
	}
	return rate;
}
