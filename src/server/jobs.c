/*
 * jobs.c - operations that may take long run off the event loops.
 *
 * A job is one request whose row is ZEN_OPF_BLOCKING (or takes a
 * password).  On its worker's loop: when it takes a password, the
 * throttle (throttle.h) gives the time its attempt may run and a timer
 * waits for it (never a sleep on a loop thread: other clients go on being
 * served); then the request's time limit starts and the job joins the
 * pool's queue.  A pool thread runs the handler and makes the job's done
 * event active; the reply goes out from the job's own loop.
 *
 * The time limit (--request-timeout): when it passes first, the job's
 * cancel flag is set (long work polls it: contract runs, verification,
 * mining, and fails with its transaction aborted), the client gets 503
 * "request timed out after N s" at once, and whatever the handler ends
 * with is dropped.  When the client's connection goes while a job runs
 * (conn.c's close callback), the reply is dropped the same way, without
 * touching the request evhttp has freed.  evhttp does not read a
 * connection while its request is being answered, so a job watches the
 * socket itself: when the client has gone (end of file), the job is
 * cancelled and the connection closed.
 *
 * The pool: SRV_POOL_PER_CORE threads per core, at least SRV_POOL_MIN
 * (serve.h).  Attempts
 * from suspect password sources (throttle.h) queue behind everything
 * else and may hold at most half of the threads, so guessing never fills
 * the pool ahead of other clients.  Pool threads run at a lower priority
 * (nice +POOL_NICE, SCHED_BATCH) than the event loops, which answer the
 * cheap requests: a send must not push the loops off the cores.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/http.h>

#include "core/base/buf.h"
#include "log/log.h"
#include "ops/throttle.h"
#include "server/srv.h"

#define POOL_NICE 10
/* How long a stop waits for the pool's threads.  Work that polls its
 * cancel flag ends within milliseconds; a password's key derivation
 * (argon2id: half a second, uninterruptible) does not, and the process
 * then ends without it (serve.c), so that a stop takes at most this
 * long more than a cancelled run does. */
#define POOL_STOP_GRACE_MS 25

enum { Q_NORMAL, Q_SUSPECT, Q_N };

struct srv_job {
	struct srv_worker *w;
	struct srv_conn *conn;		/* NULL once gone or answered */
	struct evhttp_request *req;	/* NULL once gone or answered */
	int json;
	int suspect;			/* queued behind the others */
	int admitted;			/* holds a throttle admission */
	struct zen_call call;
	char source[ZEN_PW_SOURCE_MAX + 1];
	atomic_int cancel;
	int rc;
	struct event *slot_ev;		/* the throttle's wait */
	struct event *limit_ev;		/* the time limit */
	struct event *done_ev;		/* made active by the pool thread */
	struct event *watch_ev;		/* the client's socket, for its end */
	struct srv_job *qnext;		/* the pool's queue */
	struct srv_job *next, *prev;	/* the worker's jobs */
};

struct srv_pool {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct srv_job *head[Q_N], *tail[Q_N];
	unsigned running_suspect, max_suspect;
	int stop;
	unsigned nthreads;
	unsigned alive;			/* threads not yet past their loop */
	pthread_t *threads;
};

static struct event *must(struct event *ev)
{
	if (!ev)
		ZEN_BUG("out of memory");
	return ev;
}

/* ---- the pool ------------------------------------------------------------ */

static struct srv_job *pool_take(struct srv_pool *p)
{
	struct srv_job *job = NULL;
	int q;

	for (q = 0; q < Q_N && !job; q++) {
		if (q == Q_SUSPECT && p->running_suspect >= p->max_suspect)
			break;
		if ((job = p->head[q])) {
			p->head[q] = job->qnext;
			if (!p->head[q])
				p->tail[q] = NULL;
		}
	}
	if (job && job->suspect)
		p->running_suspect++;
	return job;
}

/*
 * Below the event loops: SCHED_BATCH (no wake-up preemption of the loops,
 * which answer in microseconds) and nice +POOL_NICE (Linux: a thread's
 * nice value is its own).  Best effort: elsewhere the pool runs as is.
 */
static void pool_thread_priority(void)
{
#ifdef SCHED_BATCH
	struct sched_param sp = { 0 };

	pthread_setschedparam(pthread_self(), SCHED_BATCH, &sp);
#endif
	setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), POOL_NICE);
}

static void *pool_main(void *arg)
{
	struct srv *srv = arg;
	struct srv_pool *p = srv->pool;

	pool_thread_priority();
	pthread_mutex_lock(&p->lock);
	for (;;) {
		struct srv_job *job;
		int suspect;

		while (!p->stop && !(job = pool_take(p)))
			pthread_cond_wait(&p->cond, &p->lock);
		if (p->stop)
			break;
		pthread_mutex_unlock(&p->lock);
		suspect = job->suspect;
		if (atomic_load(&job->cancel))
			job->rc = ZEN_EUNREACHABLE;	/* timed out in the queue */
		else
			job->rc = zen_call_run(&job->call);
		/* after this the loop may free the job at any time */
		event_active(job->done_ev, EV_TIMEOUT, 1);
		pthread_mutex_lock(&p->lock);
		if (suspect) {
			p->running_suspect--;
			pthread_cond_signal(&p->cond);
		}
	}
	p->alive--;
	pthread_cond_broadcast(&p->cond);	/* srv_pool_stop waits */
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

int srv_pool_start(struct srv *srv, struct zen_err *err)
{
	struct srv_pool *p = zen_xcalloc(1, sizeof(*p));

	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->cond, NULL);
	p->max_suspect = srv->pool_threads > 1 ? srv->pool_threads / 2 : 1;
	p->threads = zen_xcalloc(srv->pool_threads, sizeof(*p->threads));
	srv->pool = p;
	for (; p->nthreads < srv->pool_threads; p->nthreads++) {
		pthread_mutex_lock(&p->lock);
		p->alive++;
		pthread_mutex_unlock(&p->lock);
		if (pthread_create(&p->threads[p->nthreads], NULL, pool_main, srv)) {
			pthread_mutex_lock(&p->lock);
			p->alive--;
			pthread_mutex_unlock(&p->lock);
			return zen_fail(err, ZEN_EINTERNAL,
					"cannot start the job threads");
		}
	}
	return 0;
}

/* Wait at most POOL_STOP_GRACE_MS for every thread to leave its loop;
 * returns how many have not (p->lock held). */
static unsigned pool_wait(struct srv_pool *p)
{
	struct timespec until;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_nsec += POOL_STOP_GRACE_MS * 1000000L;
	until.tv_sec += until.tv_nsec / 1000000000L;
	until.tv_nsec %= 1000000000L;
	while (p->alive &&
	       pthread_cond_timedwait(&p->cond, &p->lock, &until) != ETIMEDOUT)
		;
	return p->alive;
}

unsigned srv_pool_stop(struct srv *srv)
{
	struct srv_pool *p = srv->pool;
	unsigned left;

	if (!p)
		return 0;
	/* the loops have stopped: their job lists are ours to read */
	for (unsigned i = 0; srv->workers && i < srv->nworkers; i++)
		for (struct srv_job *j = srv->workers[i].jobs; j; j = j->next)
			atomic_store(&j->cancel, 1);
	pthread_mutex_lock(&p->lock);
	p->stop = 1;
	pthread_cond_broadcast(&p->cond);
	left = pool_wait(p);
	pthread_mutex_unlock(&p->lock);
	zen_log_debug("stop: the job pool has stopped, %u thread%s busy", left,
		      left == 1 ? "" : "s");
	if (left)	/* still running: nothing they use may go */
		return left;
	for (unsigned i = 0; i < p->nthreads; i++)
		pthread_join(p->threads[i], NULL);
	pthread_cond_destroy(&p->cond);
	pthread_mutex_destroy(&p->lock);
	free(p->threads);
	free(p);
	srv->pool = NULL;
	return 0;
}

static void pool_push(struct srv_pool *p, struct srv_job *job)
{
	int q = job->suspect ? Q_SUSPECT : Q_NORMAL;

	pthread_mutex_lock(&p->lock);
	job->qnext = NULL;
	if (p->tail[q])
		p->tail[q]->qnext = job;
	else
		p->head[q] = job;
	p->tail[q] = job;
	pthread_cond_signal(&p->cond);
	pthread_mutex_unlock(&p->lock);
}

/* ---- one job, on its worker's loop --------------------------------------- */

static void job_free(struct srv_job *job)
{
	struct srv_worker *w = job->w;

	if (job->admitted)
		zen_pw_done(job->source);
	if (job->conn)
		srv_conn_set_job(job->conn, NULL);
	if (job->prev)
		job->prev->next = job->next;
	else
		w->jobs = job->next;
	if (job->next)
		job->next->prev = job->prev;
	if (job->slot_ev)
		event_free(job->slot_ev);
	if (job->watch_ev)
		event_free(job->watch_ev);
	event_free(job->limit_ev);
	event_free(job->done_ev);
	zen_call_release(&job->call);
	free(job);
}

/* The job has no request to answer any more. */
static void job_detach(struct srv_job *job)
{
	if (job->conn)
		srv_conn_set_job(job->conn, NULL);
	if (job->watch_ev)
		event_del(job->watch_ev);
	job->conn = NULL;
	job->req = NULL;
}

/* The client's socket is readable while its request runs: if that is the
 * end of the connection, nobody waits for the answer. */
static void watch_cb(evutil_socket_t fd, short what, void *arg)
{
	struct srv_job *job = arg;
	struct evhttp_connection *evcon;
	ssize_t n;
	char b;

	(void)what;
	n = recv(fd, &b, 1, MSG_PEEK | MSG_DONTWAIT);
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
		event_add(job->watch_ev, NULL);
		return;
	}
	if (n > 0 || !job->req)
		return;		/* a next request: evhttp reads it later */
	atomic_store(&job->cancel, 1);
	evcon = evhttp_request_get_connection(job->req);
	if (evcon)
		evhttp_connection_free(evcon);	/* srv_job_conn_gone */
}

static void watch(struct srv_job *job)
{
	struct evhttp_connection *evcon = evhttp_request_get_connection(job->req);
	evutil_socket_t fd = -1;

	if (evcon)
		fd = bufferevent_getfd(evhttp_connection_get_bufferevent(evcon));
	if (fd < 0)
		return;
	job->watch_ev = must(event_new(job->w->base, fd, EV_READ, watch_cb, job));
	event_add(job->watch_ev, NULL);
}

static void done_cb(evutil_socket_t fd, short what, void *arg)
{
	struct srv_job *job = arg;

	(void)fd;
	(void)what;
	if (job->watch_ev)
		event_del(job->watch_ev);	/* evhttp reads it again */
	if (job->req)
		srv_send_call(job->w->srv, job->conn, job->req, job->json,
			      job->rc, &job->call);
	job_free(job);
}

static void limit_cb(evutil_socket_t fd, short what, void *arg)
{
	struct srv_job *job = arg;
	char msg[64];

	(void)fd;
	(void)what;
	atomic_store(&job->cancel, 1);
	if (!job->req)
		return;
	snprintf(msg, sizeof(msg), "request timed out after %u s",
		 job->w->srv->request_timeout);
	if (job->watch_ev)
		event_del(job->watch_ev);
	srv_send_error(job->w->srv, job->conn, job->req, job->json,
		       ZEN_EUNREACHABLE, 503, msg);
	/* the connection may take its next request while the job ends */
	job_detach(job);
}

/* The work starts: the time limit runs from now. */
static void job_queue(struct srv_job *job)
{
	struct timeval tv = { (time_t)job->w->srv->request_timeout, 0 };

	evtimer_add(job->limit_ev, &tv);
	pool_push(job->w->srv->pool, job);
}

static void slot_cb(evutil_socket_t fd, short what, void *arg)
{
	(void)fd;
	(void)what;
	job_queue(arg);
}

void srv_job_start(struct srv_worker *w, struct srv_conn *c,
		   struct evhttp_request *req, const struct zen_op *op,
		   json_t *args, int json)
{
	struct srv_job *job = zen_xcalloc(1, sizeof(*job));
	uint64_t now, slot;

	job->w = w;
	job->conn = c;
	job->req = req;
	job->json = json;
	snprintf(job->source, sizeof(job->source), "%s",
		 c ? srv_conn_key(c) : "");
	atomic_init(&job->cancel, 0);
	job->call.op = op;
	job->call.node = w->srv->node;
	job->call.args = args;
	job->call.source = job->source;
	job->call.cancel = &job->cancel;
	job->limit_ev = must(evtimer_new(w->base, limit_cb, job));
	job->done_ev = must(event_new(w->base, -1, 0, done_cb, job));
	job->next = w->jobs;
	if (w->jobs)
		w->jobs->prev = job;
	w->jobs = job;
	srv_conn_set_job(c, job);
	watch(job);
	now = zen_pw_now_ms();
	slot = now;
	for (const struct zen_param *p = op->params; p->name; p++)
		if (p->type == ZEN_PT_PASSWORD) {
			job->suspect = zen_pw_suspect(job->source, now);
			slot = zen_pw_admit(job->source, now);
			job->admitted = 1;
			break;
		}
	if (slot > now) {
		struct timeval tv = { (time_t)((slot - now) / 1000),
				      (suseconds_t)((slot - now) % 1000) * 1000 };

		job->slot_ev = must(evtimer_new(w->base, slot_cb, job));
		evtimer_add(job->slot_ev, &tv);
		return;
	}
	job_queue(job);
}

void srv_job_conn_gone(struct srv_job *job, struct evhttp_connection *evcon)
{
	job->conn = NULL;
	if (job->watch_ev)	/* before evhttp closes the socket */
		event_del(job->watch_ev);
	/* evhttp frees the request with its connection, unless it detached
	 * it first (then answering it is what frees it) */
	if (job->req && evhttp_request_get_connection(job->req) == evcon)
		job->req = NULL;
	atomic_store(&job->cancel, 1);
}

void srv_worker_jobs_free(struct srv_worker *w)
{
	while (w->jobs) {
		struct srv_job *job = w->jobs;

		if (job->req)	/* detached by evhttp, never answered */
			evhttp_request_free(job->req);
		job->req = NULL;
		job_free(job);
	}
}
