/*
 * sigbatch.c - deferred signature checks, verified on several threads.
 *
 * Each thread verifies one contiguous slice of the checks and stops at its
 * first failure, which is the lowest failing index of that slice; the
 * lowest of the slices' answers is the batch's.  Verification only reads
 * the process-wide secp256k1 context (keys.h), which is thread-safe.
 *
 * The pipeline (validate-int.h, zen_sig_pipe) verifies checks in the
 * background while they are still being produced: workers claim small
 * runs of the published checks in order and keep the lowest failing
 * index.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/chain/validate-int.h"
#include "core/crypto/keys.h"

/* zen_ecdsa_verify finds the parsed key in the process-wide cache
 * (keycache.h), where the block's decoder put it. */
static int check_verify(const struct zen_sig_check *c)
{
	return zen_ecdsa_verify(c->sig, c->msg, c->pubkey);
}

void zen_sig_batch_init(struct zen_sig_batch *b)
{
	memset(b, 0, sizeof(*b));
}

void zen_sig_batch_release(struct zen_sig_batch *b)
{
	free(b->checks);
	zen_sig_batch_init(b);
}

void zen_sig_batch_add(struct zen_sig_batch *b, const uint8_t msg[ZEN_HASH_LEN],
		       const uint8_t pubkey[ZEN_PUBKEY_LEN],
		       const uint8_t sig[ZEN_SIGNATURE_LEN])
{
	struct zen_sig_check *c;

	ZEN_GROW(b->checks, b->n + 1, b->cap);
	c = &b->checks[b->n++];
	memcpy(c->msg, msg, ZEN_HASH_LEN);
	memcpy(c->pubkey, pubkey, ZEN_PUBKEY_LEN);
	memcpy(c->sig, sig, ZEN_SIGNATURE_LEN);
	c->tx_index = b->tx_index;
}

struct slice {
	const struct zen_sig_check *checks;
	uint8_t *ok;			/* NULL: stop at the first failure */
	size_t lo, hi;
	size_t bad;		/* first failing index, or hi */
	pthread_t thread;
	int started;
};

static void verify_slice(struct slice *s)
{
	for (s->bad = s->lo; s->bad < s->hi; s->bad++)
		if (!check_verify(&s->checks[s->bad]))
			return;
}

/* Every check of the slice, failures included, into ok[lo..hi). */
static void verify_slice_each(struct slice *s)
{
	for (size_t i = s->lo; i < s->hi; i++)
		s->ok[i] = (uint8_t)check_verify(&s->checks[i]);
	s->bad = s->hi;
}

static void *slice_main(void *arg)
{
	struct slice *s = arg;

	if (s->ok)
		verify_slice_each(s);
	else
		verify_slice(s);
	return NULL;
}

static unsigned online_cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (unsigned)n : 1;
}

/* Lowest failing index over all slices, or n when every check verifies.
 * With ok, every check is verified and its result kept in ok[]. */
static size_t run_slices(const struct zen_sig_batch *b, unsigned nthreads,
			 uint8_t *ok)
{
	struct slice *s = zen_xcalloc(nthreads, sizeof(*s));
	size_t per = b->n / nthreads, extra = b->n % nthreads, lo = 0;
	size_t bad = b->n;

	for (unsigned t = 0; t < nthreads; t++) {
		s[t].checks = b->checks;
		s[t].ok = ok;
		s[t].lo = lo;
		s[t].hi = lo + per + (t < extra);
		lo = s[t].hi;
	}
	/* Slice 0 runs here; a thread that cannot start runs here too. */
	for (unsigned t = 1; t < nthreads; t++)
		s[t].started = !pthread_create(&s[t].thread, NULL,
					       slice_main, &s[t]);
	slice_main(&s[0]);
	for (unsigned t = 1; t < nthreads; t++) {
		if (s[t].started)
			pthread_join(s[t].thread, NULL);
		else
			slice_main(&s[t]);
	}
	for (unsigned t = 0; t < nthreads && bad == b->n; t++)
		if (s[t].bad < s[t].hi)
			bad = s[t].bad;
	free(s);
	return bad;
}

/* The threads to use for n checks. */
static unsigned threads_for(size_t n, unsigned nthreads)
{
	if (!nthreads)
		nthreads = online_cores();
	if (nthreads > n)
		nthreads = (unsigned)n;
	(void)zen_secp_ctx();	/* create the shared context before threads */
	return nthreads;
}

void zen_sig_batch_verify_each(const struct zen_sig_batch *b,
			       unsigned nthreads, uint8_t *ok)
{
	if (b->n)
		(void)run_slices(b, threads_for(b->n, nthreads), ok);
}

int zen_sig_batch_verify(const struct zen_sig_batch *b, unsigned nthreads,
			 size_t *first_bad)
{
	size_t bad;

	if (!b->n)
		return 1;
	bad = run_slices(b, threads_for(b->n, nthreads), NULL);
	if (bad == b->n)
		return 1;
	if (first_bad)
		*first_bad = bad;
	return 0;
}

/* ---- Pipeline ---- */

#define PIPE_CHUNK 256		/* checks per chunk (chunks never move) */
#define PIPE_CLAIM 16		/* checks per claim */

struct zen_sig_pipe {
	pthread_mutex_t mu;
	pthread_cond_t more;		/* published grew, or closed */
	struct zen_sig_check **chunks;	/* table: only under mu */
	size_t n_chunks, cap_chunks;
	size_t n;			/* published */
	size_t next;			/* first unclaimed */
	size_t bad;			/* lowest failing index, or SIZE_MAX */
	int closed, cancel;
	unsigned waiting;		/* workers waiting on more */
	unsigned nworkers;
	pthread_t *threads;
};

/*
 * Claim the next run of published checks: 1 with [*lo, *hi) (within one
 * chunk) and *c its first check, 0 when there is nothing more to do
 * (closed and all claimed, a failure below every unclaimed check, or
 * cancelled).  Waits for publication unless closed.  Under p->mu.
 */
static int pipe_claim(struct zen_sig_pipe *p, const struct zen_sig_check **c,
		      size_t *lo, size_t *hi)
{
	size_t end;

	for (;;) {
		if (p->cancel || p->next >= p->bad)
			return 0;
		if (p->next < p->n)
			break;
		if (p->closed)
			return 0;
		p->waiting++;
		pthread_cond_wait(&p->more, &p->mu);
		p->waiting--;
	}
	*lo = p->next;
	end = *lo + PIPE_CLAIM;
	if (end > p->n)
		end = p->n;
	if (end > (*lo / PIPE_CHUNK + 1) * PIPE_CHUNK)
		end = (*lo / PIPE_CHUNK + 1) * PIPE_CHUNK;
	*hi = end;
	*c = &p->chunks[*lo / PIPE_CHUNK][*lo % PIPE_CHUNK];
	p->next = end;
	return 1;
}

/* Verify claimed runs until there is nothing more to do. */
static void pipe_work(struct zen_sig_pipe *p)
{
	const struct zen_sig_check *c;
	size_t lo, hi;

	pthread_mutex_lock(&p->mu);
	while (pipe_claim(p, &c, &lo, &hi)) {
		size_t k;

		pthread_mutex_unlock(&p->mu);
		for (k = lo; k < hi && check_verify(c); k++, c++)
			;
		pthread_mutex_lock(&p->mu);
		if (k < hi && k < p->bad)
			p->bad = k;
	}
	pthread_mutex_unlock(&p->mu);
}

static void *pipe_main(void *arg)
{
	pipe_work(arg);
	return NULL;
}

struct zen_sig_pipe *zen_sig_pipe_start(unsigned nthreads, int busy)
{
	struct zen_sig_pipe *p = zen_xcalloc(1, sizeof(*p));
	unsigned workers;

	if (!nthreads)
		nthreads = online_cores();
	/* the caller helps at the end; until then it produces checks, which
	 * is brief, or is busy with other work */
	workers = busy ? nthreads : nthreads - 1;
	(void)zen_secp_ctx();	/* create the shared context before threads */
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->more, NULL);
	p->bad = SIZE_MAX;
	p->threads = zen_xcalloc(workers + 1, sizeof(*p->threads));
	for (unsigned t = 0; t < workers; t++) {
		if (pthread_create(&p->threads[p->nworkers], NULL, pipe_main,
				   p))
			break;
		p->nworkers++;
	}
	return p;
}

void zen_sig_pipe_feed(struct zen_sig_pipe *p, const struct zen_sig_check *c,
		       size_t n)
{
	pthread_mutex_lock(&p->mu);
	for (size_t k = 0; k < n; k++) {
		size_t ci = p->n / PIPE_CHUNK;

		if (ci == p->n_chunks) {
			ZEN_GROW(p->chunks, ci + 1, p->cap_chunks);
			p->chunks[ci] = zen_xmalloc(PIPE_CHUNK *
						    sizeof(**p->chunks));
			p->n_chunks++;
		}
		p->chunks[ci][p->n % PIPE_CHUNK] = c[k];
		p->n++;
	}
	if (p->waiting)
		pthread_cond_signal(&p->more);
	pthread_mutex_unlock(&p->mu);
}

size_t zen_sig_pipe_count(const struct zen_sig_pipe *p)
{
	return p->n;	/* only the producer changes it */
}

const struct zen_sig_check *zen_sig_pipe_check(const struct zen_sig_pipe *p,
					       size_t i)
{
	return &p->chunks[i / PIPE_CHUNK][i % PIPE_CHUNK];
}

/* Stop (cancel: without verifying the rest), join, and free. */
static void pipe_end(struct zen_sig_pipe *p, int cancel)
{
	pthread_mutex_lock(&p->mu);
	p->closed = 1;
	p->cancel = cancel;
	pthread_cond_broadcast(&p->more);
	pthread_mutex_unlock(&p->mu);
	if (!cancel)
		pipe_work(p);
	for (unsigned t = 0; t < p->nworkers; t++)
		pthread_join(p->threads[t], NULL);
}

static void pipe_free(struct zen_sig_pipe *p)
{
	for (size_t i = 0; i < p->n_chunks; i++)
		free(p->chunks[i]);
	free(p->chunks);
	free(p->threads);
	pthread_cond_destroy(&p->more);
	pthread_mutex_destroy(&p->mu);
	free(p);
}

int zen_sig_pipe_finish(struct zen_sig_pipe *p, size_t *first_bad)
{
	int ok;

	if (!p)
		return 1;
	pipe_end(p, 0);
	ok = p->bad == SIZE_MAX;
	if (!ok && first_bad)
		*first_bad = p->bad;
	pipe_free(p);
	return ok;
}

void zen_sig_pipe_abort(struct zen_sig_pipe *p)
{
	if (!p)
		return;
	pipe_end(p, 1);
	pipe_free(p);
}
