/*
 * bench-mine - header hashes per second per core with the miner, beside
 * raw SHA3-256 of 100-byte inputs through libcrypto:
 *   - plain EVP_Digest (allocates and fetches per call),
 *   - one EVP_MD_CTX per thread with a fetched EVP_MD (Init_ex2),
 *   - EVP_MD_CTX_copy_ex of a context that has absorbed the 84 fixed bytes,
 *   - the default provider's SHA3-256 functions called directly (looked up
 *     with OSSL_PROVIDER_query_operation), one context per thread,
 *   - zen_sha3() itself.
 * The fastest raw loop is the baseline of the printed ratio miner / raw.
 * "Per core" rates divide by the CPU time the hashing threads actually
 * got (CLOCK_THREAD_CPUTIME_ID, CLOCK_PROCESS_CPUTIME_ID), so that other
 * load on the machine does not skew the ratios; the miner's total rate is
 * also given in wall-clock time.  Each figure gets ZEN_BENCH_SECONDS
 * (default 2) in all, as ROUNDS interleaved runs, and is their median.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <strings.h>

#include <openssl/core_dispatch.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "bench.h"
#include "core/types/block.h"
#include "core/crypto/hash.h"
#include "core/consensus/miner.h"

enum method {
	M_EVP_DIGEST,
	M_EVP_CTX,
	M_EVP_COPY,
	M_PROVIDER,
	M_ZEN_SHA3,
	M_COUNT,
};

static const char *const method_name[M_COUNT] = {
	"EVP_Digest (plain)",
	"EVP_MD_CTX reuse, Init_ex2",
	"EVP_MD_CTX_copy_ex, 84 B absorbed",
	"provider functions, direct",
	"zen_sha3",
};

static EVP_MD *sha3_md;

static struct {
	void *provctx;
	OSSL_FUNC_digest_newctx_fn *newctx;
	OSSL_FUNC_digest_init_fn *init;
	OSSL_FUNC_digest_update_fn *update;
	OSSL_FUNC_digest_final_fn *final;
	OSSL_FUNC_digest_freectx_fn *freectx;
} prov;

static int name_listed(const char *list, const char *name)
{
	size_t n = strlen(name);

	while (list && *list) {
		const char *end = strchr(list, ':');
		size_t len = end ? (size_t)(end - list) : strlen(list);

		if (len == n && !strncasecmp(list, name, n))
			return 1;
		list = end ? end + 1 : NULL;
	}
	return 0;
}

static int setup_provider(void)
{
	OSSL_PROVIDER *p = OSSL_PROVIDER_load(NULL, "default");
	const OSSL_ALGORITHM *algs, *a;
	const OSSL_DISPATCH *d = NULL;
	int no_cache = 0;

	if (!p)
		return 0;
	algs = OSSL_PROVIDER_query_operation(p, OSSL_OP_DIGEST, &no_cache);
	for (a = algs; a && a->algorithm_names; a++)
		if (name_listed(a->algorithm_names, "SHA3-256"))
			d = a->implementation;
	for (; d && d->function_id; d++) {
		switch (d->function_id) {
		case OSSL_FUNC_DIGEST_NEWCTX:
			prov.newctx = OSSL_FUNC_digest_newctx(d);
			break;
		case OSSL_FUNC_DIGEST_INIT:
			prov.init = OSSL_FUNC_digest_init(d);
			break;
		case OSSL_FUNC_DIGEST_UPDATE:
			prov.update = OSSL_FUNC_digest_update(d);
			break;
		case OSSL_FUNC_DIGEST_FINAL:
			prov.final = OSSL_FUNC_digest_final(d);
			break;
		case OSSL_FUNC_DIGEST_FREECTX:
			prov.freectx = OSSL_FUNC_digest_freectx(d);
			break;
		default:
			break;
		}
	}
	if (algs)
		OSSL_PROVIDER_unquery_operation(p, OSSL_OP_DIGEST, algs);
	prov.provctx = OSSL_PROVIDER_get0_provider_ctx(p);
	return prov.newctx && prov.init && prov.update && prov.final &&
	       prov.freectx;
}

struct run {
	enum method m;
	double seconds;
	uint64_t count;
	double cpu;
	uint8_t sink;
	pthread_t thread;
};

#define CHUNK 1024
#define ROUNDS 5

/* Hash 100-byte inputs whose last 8 bytes count, for r->seconds. */
static void *raw_loop(void *arg)
{
	struct run *r = arg;
	uint8_t in[ZEN_HEADER_LEN], out[ZEN_HASH_LEN];
	EVP_MD_CTX *ctx = NULL, *base = NULL;
	void *pctx = NULL;
	double start, end, cpu0;
	uint64_t n = 0;
	unsigned int len;
	size_t plen;

	for (size_t i = 0; i < sizeof(in); i++)
		in[i] = (uint8_t)(i * 7);
	if (r->m == M_EVP_CTX || r->m == M_EVP_COPY)
		ctx = EVP_MD_CTX_new();
	if (r->m == M_EVP_COPY) {
		base = EVP_MD_CTX_new();
		EVP_DigestInit_ex2(base, sha3_md, NULL);
		EVP_DigestUpdate(base, in, 84);
	}
	if (r->m == M_PROVIDER)
		pctx = prov.newctx(prov.provctx);
	cpu0 = bench_thread_cpu();
	start = bench_now();
	do {
		for (int i = 0; i < CHUNK; i++, n++) {
			memcpy(in + 92, &n, 8);
			switch (r->m) {
			case M_EVP_DIGEST:
				EVP_Digest(in, sizeof(in), out, &len,
					   EVP_sha3_256(), NULL);
				break;
			case M_EVP_CTX:
				EVP_DigestInit_ex2(ctx, sha3_md, NULL);
				EVP_DigestUpdate(ctx, in, sizeof(in));
				EVP_DigestFinal_ex(ctx, out, &len);
				break;
			case M_EVP_COPY:
				EVP_MD_CTX_copy_ex(ctx, base);
				EVP_DigestUpdate(ctx, in + 84, 16);
				EVP_DigestFinal_ex(ctx, out, &len);
				break;
			case M_PROVIDER:
				prov.init(pctx, NULL);
				prov.update(pctx, in, sizeof(in));
				prov.final(pctx, out, &plen, sizeof(out));
				break;
			default:
				zen_sha3(out, in, sizeof(in));
				break;
			}
			r->sink ^= out[0];
		}
		end = bench_now();
	} while (end - start < r->seconds);
	r->count = n;
	r->cpu = bench_thread_cpu() - cpu0;
	if (pctx)
		prov.freectx(pctx);
	EVP_MD_CTX_free(ctx);
	EVP_MD_CTX_free(base);
	return NULL;
}

/* Hashes per CPU second of method m on nthreads threads at once. */
static double raw_rate(enum method m, unsigned nthreads, double seconds)
{
	struct run *r = calloc(nthreads, sizeof(*r));
	double per_core = 0;

	if (!r)
		abort();
	for (unsigned t = 0; t < nthreads; t++) {
		r[t].m = m;
		r[t].seconds = seconds;
		if (pthread_create(&r[t].thread, NULL, raw_loop, &r[t]))
			abort();
	}
	for (unsigned t = 0; t < nthreads; t++) {
		pthread_join(r[t].thread, NULL);
		per_core += (double)r[t].count / r[t].cpu;
	}
	free(r);
	return per_core / nthreads;
}

struct mine_run {
	unsigned nthreads;
	atomic_int stop;
	uint64_t hashes;
	double elapsed;
	enum zen_mine_status status;
};

static void *mine_main(void *arg)
{
	struct mine_run *m = arg;
	struct zen_mine_opts o = ZEN_MINE_OPTS_INIT;
	struct zen_header h;
	double start;

	memset(&h, 0, sizeof(h));
	h.version = 1;
	h.block_number = 1000;
	h.timestamp = 1700000000000ull;
	memset(h.parent, 0x5a, sizeof(h.parent));
	memset(h.commitments, 0xa5, sizeof(h.commitments));
	h.difficulty = 0x03000001;	/* target 1: never found */
	o.nthreads = m->nthreads;
	o.stop = &m->stop;
	start = bench_now();
	if (zen_mine(&m->status, &m->hashes, &h, &o, NULL))
		m->hashes = 0;
	m->elapsed = bench_now() - start;
	return NULL;
}

/* Miner hashes per CPU second (this thread only sleeps meanwhile); *wall
 * gets the hashes per wall-clock second of all threads. */
static double mine_rate(unsigned nthreads, double seconds, double *wall)
{
	struct mine_run m;
	double cpu0 = bench_process_cpu(), cpu;
	pthread_t t;

	memset(&m, 0, sizeof(m));
	m.nthreads = nthreads;
	atomic_init(&m.stop, 0);
	if (pthread_create(&t, NULL, mine_main, &m))
		abort();
	bench_sleep(seconds);
	atomic_store(&m.stop, 1);
	pthread_join(t, NULL);
	cpu = bench_process_cpu() - cpu0;
	*wall = (double)m.hashes / m.elapsed;
	return (double)m.hashes / cpu;
}

int main(void)
{
	double secs = bench_seconds(), slice, rate[M_COUNT] = { 0 }, best = 0;
	double runs[M_COUNT][ROUNDS], m1[ROUNDS], ma[ROUNDS], raw_a[ROUNDS];
	double wa[ROUNDS], best_all, mine1, mine_all, wall_all;
	unsigned cores = bench_cores();
	enum method fastest = M_EVP_DIGEST;
	int have_prov;

	sha3_md = EVP_MD_fetch(NULL, "SHA3-256", NULL);
	if (!sha3_md) {
		fprintf(stderr, "bench-mine: SHA3-256 is not available\n");
		return 1;
	}
	have_prov = setup_provider();
	slice = secs / ROUNDS;
	printf("bench-mine: SHA3-256 of 100-byte headers, %.1f s per figure "
	       "(median of %d interleaved runs), %u online core(s)\n", secs,
	       ROUNDS, cores);
	/* One thread: every raw loop and the miner, interleaved. */
	for (int r = 0; r < ROUNDS; r++) {
		for (int m = 0; m < M_COUNT; m++)
			runs[m][r] = m != M_PROVIDER || have_prov ?
				     raw_rate((enum method)m, 1, slice) : 0;
		m1[r] = mine_rate(1, slice, &wa[r]);
	}
	for (int m = 0; m < M_COUNT; m++)
		rate[m] = bench_median(runs[m], ROUNDS);
	mine1 = bench_median(m1, ROUNDS);
	printf("raw libcrypto loops, 1 thread, per CPU second:\n");
	for (int m = 0; m < M_COUNT; m++) {
		if (m == M_PROVIDER && !have_prov) {
			printf("  %-36s (not available)\n", method_name[m]);
			continue;
		}
		printf("  %-36s %12.0f hashes/s\n", method_name[m], rate[m]);
		/* zen_sha3 is the node, not a raw loop. */
		if (m != M_ZEN_SHA3 && rate[m] > best) {
			best = rate[m];
			fastest = (enum method)m;
		}
	}
	printf("  fastest raw loop: %s\n", method_name[fastest]);
	printf("  zen_sha3 backend: %s\n", zen_sha3_backend());
	/* All cores: the fastest raw loop and the miner, interleaved. */
	for (int r = 0; r < ROUNDS; r++) {
		raw_a[r] = raw_rate(fastest, cores, slice);
		ma[r] = mine_rate(cores, slice, &wa[r]);
	}
	best_all = bench_median(raw_a, ROUNDS);
	mine_all = bench_median(ma, ROUNDS);
	wall_all = bench_median(wa, ROUNDS);
	printf("  %-36s %12.0f hashes/s per core (%u threads)\n",
	       "fastest raw loop, all cores", best_all, cores);
	printf("miner (zen_mine):\n");
	printf("  %-36s %12.0f hashes/s per core\n", "1 thread", mine1);
	printf("  %-36s %12.0f hashes/s per core (%.0f/s wall-clock "
	       "in all)\n", "all cores", mine_all, wall_all);
	printf("ratio miner / fastest raw, 1 thread:   %.3f (target >= 0.9)\n",
	       mine1 / best);
	printf("ratio miner / fastest raw, all cores:  %.3f (target >= 0.9)\n",
	       mine_all / best_all);
	printf("ratio miner / plain one-call-per-hash EVP_Digest loop, 1 thread: "
	       "%.3f (issue 18 target >= 1.1)\n",
	       mine1 / rate[M_EVP_DIGEST]);
	EVP_MD_free(sha3_md);
	return 0;
}
