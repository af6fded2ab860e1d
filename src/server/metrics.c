/*
 * metrics.c - zen serve's part of /metrics: HTTP requests by route and
 * status, a latency histogram by route, and the connections each worker
 * holds (Prometheus text format).
 *
 * Every worker thread counts into the same arrays with relaxed atomic
 * adds: a request costs a few uncontended increments, and a scrape reads
 * counters that are each exact, though not a snapshot of one instant (as
 * every Prometheus client library does).
 */
#include <inttypes.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "core/base/buf.h"
#include "server/srv.h"

/* The statuses zen answers with; any other counts as "other". */
static const int statuses[] = { 200, 202, 302, 400, 401, 403, 404, 405,
				413, 415, 429, 431, 500, 503 };
#define NSTATUS (ZEN_ARRAY_SIZE(statuses) + 1)

/* Upper bounds of the latency buckets, microseconds (+Inf is implied). */
static const uint64_t bounds_us[] = { 100, 250, 500, 1000, 2500, 5000,
				      10000, 25000, 50000, 100000, 250000,
				      500000, 1000000, 2500000, 5000000,
				      10000000 };
#define NBOUND ZEN_ARRAY_SIZE(bounds_us)

struct route_counts {
	atomic_uint_least64_t by_status[NSTATUS];
	atomic_uint_least64_t by_bucket[NBOUND + 1];	/* not cumulative */
	atomic_uint_least64_t us;
};

struct srv_metrics {
	size_t nroutes;		/* the table's rows, then "unmatched" */
	struct route_counts *routes;
};

struct srv_metrics *srv_metrics_new(void)
{
	struct srv_metrics *m = zen_xcalloc(1, sizeof(*m));

	while (zen_ops[m->nroutes].group)
		m->nroutes++;
	m->nroutes++;
	m->routes = zen_xcalloc(m->nroutes, sizeof(*m->routes));
	return m;
}

void srv_metrics_free(struct srv_metrics *m)
{
	if (m)
		free(m->routes);
	free(m);
}

static size_t status_index(int status)
{
	size_t i;

	for (i = 0; i < ZEN_ARRAY_SIZE(statuses); i++)
		if (statuses[i] == status)
			break;
	return i;
}

static size_t bucket_index(uint64_t us)
{
	size_t i;

	for (i = 0; i < NBOUND && us > bounds_us[i]; i++)
		;
	return i;
}

void srv_metrics_request(struct srv_metrics *m, const struct zen_op *op,
			 int status, uint64_t us)
{
	struct route_counts *r;

	if (!m)
		return;
	r = &m->routes[op ? (size_t)(op - zen_ops) : m->nroutes - 1];
	atomic_fetch_add_explicit(&r->by_status[status_index(status)], 1,
				  memory_order_relaxed);
	atomic_fetch_add_explicit(&r->by_bucket[bucket_index(us)], 1,
				  memory_order_relaxed);
	atomic_fetch_add_explicit(&r->us, us, memory_order_relaxed);
}

static uint64_t get(atomic_uint_least64_t *v)
{
	return atomic_load_explicit(v, memory_order_relaxed);
}

static const char *route_label(const struct srv_metrics *m, size_t i)
{
	return i == m->nroutes - 1 ? "unmatched" : zen_ops[i].path;
}

static void add_requests(const struct srv_metrics *m, struct zen_buf *out)
{
	zen_buf_addstr(out, "# HELP zen_http_requests_total HTTP requests "
		       "answered, by route and status.\n# TYPE zen_http_"
		       "requests_total counter\n");
	for (size_t i = 0; i < m->nroutes; i++)
		for (size_t s = 0; s < NSTATUS; s++) {
			uint64_t n = get(&m->routes[i].by_status[s]);
			char status[8];

			if (!n)
				continue;
			if (s < ZEN_ARRAY_SIZE(statuses))
				snprintf(status, sizeof(status), "%d",
					 statuses[s]);
			else
				snprintf(status, sizeof(status), "other");
			zen_buf_addf(out, "zen_http_requests_total{route=\"%s\","
				     "status=\"%s\"} %" PRIu64 "\n",
				     route_label(m, i), status, n);
		}
}

static void add_histogram(const struct srv_metrics *m, size_t i,
			  struct zen_buf *out)
{
	struct route_counts *r = &m->routes[i];
	const char *route = route_label(m, i);
	uint64_t total = 0, us = get(&r->us);

	for (size_t b = 0; b <= NBOUND; b++) {
		total += get(&r->by_bucket[b]);
		if (b < NBOUND)
			zen_buf_addf(out, "zen_http_request_duration_seconds_"
				     "bucket{route=\"%s\",le=\"%" PRIu64
				     ".%06" PRIu64 "\"} %" PRIu64 "\n", route,
				     bounds_us[b] / 1000000,
				     bounds_us[b] % 1000000, total);
	}
	zen_buf_addf(out, "zen_http_request_duration_seconds_bucket{route="
		     "\"%s\",le=\"+Inf\"} %" PRIu64 "\n"
		     "zen_http_request_duration_seconds_sum{route=\"%s\"} %"
		     PRIu64 ".%06" PRIu64 "\n"
		     "zen_http_request_duration_seconds_count{route=\"%s\"} %"
		     PRIu64 "\n", route, total, route, us / 1000000,
		     us % 1000000, route, total);
}

/* How evenly the workers share the connections (conn.c's balance). */
static void add_connections(const struct srv *srv, struct zen_buf *out)
{
	zen_buf_addstr(out, "# HELP zen_http_connections Open connections, "
		       "by worker thread.\n# TYPE zen_http_connections "
		       "gauge\n");
	for (unsigned i = 0; srv->workers && i < srv->nworkers; i++)
		zen_buf_addf(out, "zen_http_connections{worker=\"%u\"} %u\n",
			     i, atomic_load(&srv->workers[i].held));
}

void srv_metrics_text(void *ctx, struct zen_buf *out)
{
	const struct srv *srv = ctx;
	const struct srv_metrics *m = srv->metrics;

	add_connections(srv, out);
	add_requests(m, out);
	zen_buf_addstr(out, "# HELP zen_http_request_duration_seconds Time "
		       "from a request's head to its reply.\n# TYPE zen_http_"
		       "request_duration_seconds histogram\n");
	for (size_t i = 0; i < m->nroutes; i++) {
		uint64_t any = 0;

		for (size_t b = 0; b <= NBOUND; b++)
			any += get(&m->routes[i].by_bucket[b]);
		if (any)
			add_histogram(m, i, out);
	}
}
