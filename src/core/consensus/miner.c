/*
 * miner.c - the proof-of-work search of miner.h.
 *
 * Each thread keeps its own copy of the 100-byte header encoding and
 * rewrites only the nonce[1] bytes (84..99 hold the nonces) before each
 * hash.  SHA3-256 has a 136-byte rate, so the whole header is a single
 * Keccak block: there is no absorbed prefix worth reusing, and the cost
 * per try is one zen_sha3() call, which reuses a per-thread libcrypto
 * context (hash.c).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/base/buf.h"
#include "core/consensus/consensus.h"
#include "core/crypto/hash.h"
#include "core/consensus/miner.h"

/* More threads than this is a caller bug (it would only thrash). */
#define MAX_THREADS 4096

/* Offsets in the 100-byte encoding (protocol.md 2.12). */
#define OFF_TIMESTAMP 72
#define OFF_NONCE0 84
#define OFF_NONCE1 92

enum end_reason {
	END_FOUND,		/* this thread claimed a solution */
	END_HALTED,		/* another thread found one, or launch failed */
	END_STOPPED,
	END_LIMIT,
	END_EXHAUSTED,
};

struct shared {
	uint8_t raw[ZEN_HEADER_LEN];
	uint8_t target[ZEN_HASH_LEN];
	uint64_t nonce1_start;
	uint64_t timestamp;
	uint64_t span;
	int allow_bump;
	const atomic_int *stop;
	_Atomic uint64_t *hashes_live;
	atomic_int halt;
	atomic_int claimed;
	/* Written by the thread that claimed, read after the joins. */
	uint64_t sol_nonce0, sol_nonce1, sol_timestamp;
};

/* Each on its own cache line: the threads write only their own. */
struct worker {
	_Alignas(64) struct shared *s;
	pthread_t thread;
	uint64_t nonce0;
	int limited;
	uint64_t budget;
	uint64_t done;
	enum end_reason end;
};

static void put_be64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (56 - 8 * i));
}

static void flush(struct shared *s, uint64_t *pending)
{
	if (s->hashes_live && *pending)
		atomic_fetch_add_explicit(s->hashes_live, *pending,
					  memory_order_relaxed);
	*pending = 0;
}

static void *search(void *arg)
{
	struct worker *w = arg;
	struct shared *s = w->s;
	uint8_t raw[ZEN_HEADER_LEN], hash[ZEN_HASH_LEN];
	uint64_t n1 = s->nonce1_start, ts = s->timestamp;
	uint64_t in_span = 0, pending = 0, done = 0;

	memcpy(raw, s->raw, sizeof(raw));
	put_be64(raw + OFF_NONCE0, w->nonce0);
	for (;;) {
		if (atomic_load_explicit(&s->halt, memory_order_relaxed)) {
			w->end = END_HALTED;
			break;
		}
		if (s->stop &&
		    atomic_load_explicit(s->stop, memory_order_relaxed)) {
			w->end = END_STOPPED;
			break;
		}
		if (w->limited && done == w->budget) {
			w->end = END_LIMIT;
			break;
		}
		put_be64(raw + OFF_NONCE1, n1);
		zen_sha3(hash, raw, sizeof(raw));
		done++;
		pending++;
		if (memcmp(hash, s->target, ZEN_HASH_LEN) <= 0) {
			int expect = 0;

			if (atomic_compare_exchange_strong(&s->claimed,
							   &expect, 1)) {
				s->sol_nonce0 = w->nonce0;
				s->sol_nonce1 = n1;
				s->sol_timestamp = ts;
				atomic_store(&s->halt, 1);
				w->end = END_FOUND;
			} else {
				w->end = END_HALTED;
			}
			break;
		}
		if (pending == ZEN_MINE_FLUSH)
			flush(s, &pending);
		n1++;
		/* Span 0 = 2^64: in_span only gets back to 0 by wrapping. */
		if (++in_span == s->span) {
			if (!s->allow_bump || ts == UINT64_MAX) {
				w->end = END_EXHAUSTED;
				break;
			}
			ts++;
			put_be64(raw + OFF_TIMESTAMP, ts);
			n1 = s->nonce1_start;
			in_span = 0;
		}
	}
	flush(s, &pending);
	w->done = done;
	return NULL;
}

unsigned zen_mine_default_threads(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	if (n < 1)
		return 1;
	return n > MAX_THREADS ? MAX_THREADS : (unsigned)n;
}

const char *zen_mine_status_name(enum zen_mine_status status)
{
	switch (status) {
	case ZEN_MINE_FOUND:
		return "found";
	case ZEN_MINE_STOPPED:
		return "stopped";
	case ZEN_MINE_LIMIT:
		return "hash limit reached";
	case ZEN_MINE_EXHAUSTED:
		return "nonce space exhausted";
	}
	return "unknown";
}

static enum zen_mine_status overall(const struct worker *w, unsigned n)
{
	int stopped = 0, limit = 0;

	for (unsigned i = 0; i < n; i++) {
		if (w[i].end == END_FOUND)
			return ZEN_MINE_FOUND;
		stopped |= w[i].end == END_STOPPED;
		limit |= w[i].end == END_LIMIT;
	}
	if (stopped)
		return ZEN_MINE_STOPPED;
	return limit ? ZEN_MINE_LIMIT : ZEN_MINE_EXHAUSTED;
}

int zen_mine(enum zen_mine_status *status, uint64_t *hashes,
	     struct zen_header *header, const struct zen_mine_opts *opts,
	     struct zen_err *err)
{
	struct shared s;
	struct worker *w;
	struct zen_u256 target;
	unsigned n = opts->nthreads ? opts->nthreads : zen_mine_default_threads();
	unsigned started = 0;
	uint64_t total = 0;
	int ret = 0;

	ZEN_ASSERT(n <= MAX_THREADS);
	memset(&s, 0, sizeof(s));
	zen_header_encode(s.raw, header);
	zen_difficulty_uncompress(&target, header->difficulty);
	memcpy(s.target, target.b, ZEN_HASH_LEN);
	s.nonce1_start = header->nonce[1];
	s.timestamp = header->timestamp;
	s.span = opts->nonce1_span;
	s.allow_bump = opts->allow_timestamp_bump;
	s.stop = opts->stop;
	s.hashes_live = opts->hashes_live;
	atomic_init(&s.halt, 0);
	atomic_init(&s.claimed, 0);

	/* sizeof(*w) is a multiple of its 64-byte alignment. */
	w = aligned_alloc(_Alignof(struct worker), n * sizeof(*w));
	if (!w)
		ZEN_BUG("out of memory");
	memset(w, 0, n * sizeof(*w));
	for (unsigned i = 0; i < n; i++) {
		w[i].s = &s;
		w[i].nonce0 = header->nonce[0] + i;
		w[i].limited = opts->max_hashes != 0;
		w[i].budget = opts->max_hashes / n + (i < opts->max_hashes % n);
	}
	if (n == 1) {
		search(&w[0]);
		started = 1;
	} else {
		for (; started < n; started++) {
			int e = pthread_create(&w[started].thread, NULL, search,
					       &w[started]);

			if (e) {
				atomic_store(&s.halt, 1);
				ret = zen_fail(err, ZEN_EINTERNAL,
					       "cannot start mining thread: %s",
					       strerror(e));
				break;
			}
		}
		for (unsigned i = 0; i < started; i++)
			pthread_join(w[i].thread, NULL);
	}
	for (unsigned i = 0; i < started; i++)
		total += w[i].done;
	if (hashes)
		*hashes = total;
	if (ret) {
		*status = ZEN_MINE_STOPPED;
		goto out;
	}
	*status = overall(w, n);
	if (*status == ZEN_MINE_FOUND) {
		header->nonce[0] = s.sol_nonce0;
		header->nonce[1] = s.sol_nonce1;
		header->timestamp = s.sol_timestamp;
	}
out:
	free(w);
	return ret;
}
