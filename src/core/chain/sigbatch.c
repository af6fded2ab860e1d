/*
 * sigbatch.c - deferred signature checks, verified on several threads.
 *
 * Each thread verifies one contiguous slice of the checks and stops at its
 * first failure, which is the lowest failing index of that slice; the
 * lowest of the slices' answers is the batch's.  Verification only reads
 * the process-wide secp256k1 context (keys.h), which is thread-safe.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/chain/validate-int.h"
#include "core/wallet/keys.h"

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

	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 64;
		b->checks = zen_xrealloc(b->checks,
					 b->cap * sizeof(*b->checks));
	}
	c = &b->checks[b->n++];
	memcpy(c->msg, msg, ZEN_HASH_LEN);
	memcpy(c->pubkey, pubkey, ZEN_PUBKEY_LEN);
	memcpy(c->sig, sig, ZEN_SIGNATURE_LEN);
	c->tx_index = b->tx_index;
}

struct slice {
	const struct zen_sig_check *checks;
	size_t lo, hi;
	size_t bad;		/* first failing index, or hi */
	pthread_t thread;
	int started;
};

static void verify_slice(struct slice *s)
{
	for (s->bad = s->lo; s->bad < s->hi; s->bad++) {
		const struct zen_sig_check *c = &s->checks[s->bad];

		if (!zen_ecdsa_verify(c->sig, c->msg, c->pubkey))
			return;
	}
}

static void *slice_main(void *arg)
{
	verify_slice(arg);
	return NULL;
}

static unsigned online_cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (unsigned)n : 1;
}

/* Lowest failing index over all slices, or n when every check verifies. */
static size_t run_slices(const struct zen_sig_batch *b, unsigned nthreads)
{
	struct slice *s = zen_xcalloc(nthreads, sizeof(*s));
	size_t per = b->n / nthreads, extra = b->n % nthreads, lo = 0;
	size_t bad = b->n;

	for (unsigned t = 0; t < nthreads; t++) {
		s[t].checks = b->checks;
		s[t].lo = lo;
		s[t].hi = lo + per + (t < extra);
		lo = s[t].hi;
	}
	/* Slice 0 runs here; a thread that cannot start runs here too. */
	for (unsigned t = 1; t < nthreads; t++)
		s[t].started = !pthread_create(&s[t].thread, NULL,
					       slice_main, &s[t]);
	verify_slice(&s[0]);
	for (unsigned t = 1; t < nthreads; t++) {
		if (s[t].started)
			pthread_join(s[t].thread, NULL);
		else
			verify_slice(&s[t]);
	}
	for (unsigned t = 0; t < nthreads && bad == b->n; t++)
		if (s[t].bad < s[t].hi)
			bad = s[t].bad;
	free(s);
	return bad;
}

int zen_sig_batch_verify(const struct zen_sig_batch *b, unsigned nthreads,
			 size_t *first_bad)
{
	size_t bad;

	if (!b->n)
		return 1;
	if (!nthreads)
		nthreads = online_cores();
	if (nthreads > b->n)
		nthreads = (unsigned)b->n;
	(void)zen_secp_ctx();	/* create the shared context before threads */
	bad = run_slices(b, nthreads);
	if (bad == b->n)
		return 1;
	if (first_bad)
		*first_bad = bad;
	return 0;
}
