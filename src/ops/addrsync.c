/*
 * addrsync.c - the address index's build, in the foreground or in a
 * thread (addrsync.h).
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "ops/addrsync.h"
#include "ops/node.h"

/* The tests' knobs: blocks per batch (0: 250 ms of work), pause. */
static uint32_t env_u32(const char *name)
{
	const char *v = getenv(name);
	char *end;
	unsigned long n;

	if (!v || !*v)
		return 0;
	errno = 0;
	n = strtoul(v, &end, 10);
	return errno || *end || n > UINT32_MAX ? 0 : (uint32_t)n;
}

/* One batch: 0 and *more when there is more to do. */
static int batch(struct zen_chainstate *chain, zen_addrsync_progress progress,
		 void *ctx, const atomic_int *cancel, int *more,
		 struct zen_err *err)
{
	struct zen_addr_status st;
	struct zen_chain_read *r;
	int rc = zen_chain_read_begin(chain, &r, err);

	*more = 0;
	if (rc)
		return rc;
	rc = zen_chain_read_addr_status(r, &st, err);
	zen_chain_read_end(r);
	if (rc || !st.enabled || st.synced)
		return rc;
	rc = zen_chain_addr_build(chain, env_u32("ZEN_ADDRDB_BATCH"), cancel,
				  &st, err);
	if (!rc && progress)
		progress(ctx, &st, NULL);
	*more = !rc && st.enabled && !st.synced;
	return rc;
}

int zen_addrsync_run(struct zen_node *node, zen_addrsync_progress progress,
		     void *ctx, struct zen_err *err)
{
	struct zen_chainstate *chain;
	int more = 1, rc = zen_node_chain(node, &chain, err);

	while (!rc && more)
		rc = batch(chain, progress, ctx, NULL, &more, err);
	return rc;
}

struct zen_addrsync {
	struct zen_node *node;
	zen_addrsync_progress progress;
	void *ctx;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int stop;
	atomic_int cancel;	/* set with stop: ends a batch early */
};

/* Sleep ms unless stopped meanwhile; returns the stop flag. */
static int nap(struct zen_addrsync *s, uint32_t ms)
{
	struct timespec ts;
	int stop;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += ms / 1000;
	ts.tv_nsec += (long)(ms % 1000) * 1000000L;
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&s->lock);
	if (!s->stop)
		pthread_cond_timedwait(&s->cond, &s->lock, &ts);
	stop = s->stop;
	pthread_mutex_unlock(&s->lock);
	return stop;
}

static void *sync_main(void *data)
{
	struct zen_addrsync *s = data;
	uint32_t pause = env_u32("ZEN_ADDRDB_PAUSE_MS");
	int more = 0;

	do {
		struct zen_err err = ZEN_ERR_INIT;
		struct zen_chainstate *chain;

		if (zen_node_chain(s->node, &chain, &err) ||
		    batch(chain, s->progress, s->ctx, &s->cancel, &more,
			  &err)) {
			/* a store error: told, tried again later */
			if (s->progress)
				s->progress(s->ctx, NULL, &err);
			more = 0;
		}
		/* a pause between batches lets block submissions in */
	} while (!nap(s, more ? (pause ? pause : 5) : 500));
	return NULL;
}

int zen_addrsync_start(struct zen_addrsync **out, struct zen_node *node,
		       zen_addrsync_progress progress, void *ctx,
		       struct zen_err *err)
{
	struct zen_addrsync *s = zen_xcalloc(1, sizeof(*s));

	*out = NULL;
	s->node = node;
	s->progress = progress;
	s->ctx = ctx;
	pthread_mutex_init(&s->lock, NULL);
	pthread_cond_init(&s->cond, NULL);
	atomic_init(&s->cancel, 0);
	if (pthread_create(&s->thread, NULL, sync_main, s)) {
		pthread_mutex_destroy(&s->lock);
		pthread_cond_destroy(&s->cond);
		free(s);
		return zen_fail(err, ZEN_EINTERNAL,
				"cannot start the address index thread");
	}
	*out = s;
	return 0;
}

void zen_addrsync_stop(struct zen_addrsync *s)
{
	if (!s)
		return;
	pthread_mutex_lock(&s->lock);
	s->stop = 1;
	atomic_store(&s->cancel, 1);
	pthread_cond_signal(&s->cond);
	pthread_mutex_unlock(&s->lock);
	pthread_join(s->thread, NULL);
	pthread_mutex_destroy(&s->lock);
	pthread_cond_destroy(&s->cond);
	free(s);
}
