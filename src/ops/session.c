/*
 * session.c - the wallet session of `zen wallet unlock` (session.h).
 *
 * An expired secret is wiped at the next question about it, or when the
 * session is replaced or ended; `zen serve` ends it when it stops.
 */
#include <pthread.h>
#include <time.h>

#include "core/base/clock.h"
#include "ops/session.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct zen_wallet_secret *kept;	/* under lock */
static uint64_t until_ms;		/* monotonic */

/* Wipe an expired secret.  Under lock. */
static void expire(void)
{
	if (kept && zen_monotonic_ms() >= until_ms) {
		zen_wallet_secret_free(kept);
		kept = NULL;
	}
}

int op_session_keep(const struct zen_wallet_secret *s, uint64_t seconds,
		    struct zen_err *err)
{
	struct zen_wallet_secret *copy = zen_wallet_secret_dup(s, err);

	if (!copy)
		return err ? err->code : ZEN_EINTERNAL;
	pthread_mutex_lock(&lock);
	zen_wallet_secret_free(kept);
	kept = copy;
	until_ms = zen_monotonic_ms() + seconds * 1000;
	pthread_mutex_unlock(&lock);
	return 0;
}

void op_session_end(void)
{
	pthread_mutex_lock(&lock);
	zen_wallet_secret_free(kept);
	kept = NULL;
	pthread_mutex_unlock(&lock);
}

struct zen_wallet_secret *op_session_secret(void)
{
	struct zen_wallet_secret *copy = NULL;

	pthread_mutex_lock(&lock);
	expire();
	if (kept)
		copy = zen_wallet_secret_dup(kept, NULL);
	pthread_mutex_unlock(&lock);
	return copy;
}

uint64_t op_session_left(void)
{
	uint64_t left = 0, now = zen_monotonic_ms();

	pthread_mutex_lock(&lock);
	expire();
	if (kept)
		left = (until_ms - now + 999) / 1000;
	pthread_mutex_unlock(&lock);
	return left;
}
