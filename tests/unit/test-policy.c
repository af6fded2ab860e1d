/*
 * test-policy.c - src/server/policy.c: which route public mode serves, who
 * needs the api token, the per-source token bucket (with a clock the test
 * moves), the CORS headers and the body cap.
 *
 * Expected values come from the rules of issue 12 and zen(1), written out
 * here: the 13 public routes, the two CPU routes, the bucket's arithmetic.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/queue.h>

#include <event2/http.h>
#include <event2/keyvalq_struct.h>

#include "server/policy.h"
#include "tap.h"

#define SEC 1000000ull

/* The routes `zen serve --public` serves: the read-only chain, contract
 * and address routes, and publishtransaction. */
static const char *const public_routes[][2] = {
	{ "GET", "/blockchain/info" },
	{ "GET", "/blockchain/headers" },
	{ "GET", "/blockchain/block" },
	{ "GET", "/blockchain/blocks" },
	{ "GET", "/blockchain/blockreward" },
	{ "GET", "/blockchain/totalzp" },
	{ "GET", "/blockchain/transaction" },
	{ "GET", "/blockchain/mempool" },
	{ "POST", "/blockchain/publishtransaction" },
	{ "POST", "/blockchain/contract/execute" },
	{ "GET", "/address/decode" },
	{ "GET", "/contract/contractId" },
	{ "GET", "/contract/active" },
	/* the CGP's reads (issue 13) */
	{ "GET", "/blockchain/cgp" },
	{ "GET", "/blockchain/cgp/history" },
	{ "GET", "/blockchain/contract/cgp" },
	{ "GET", "/blockchain/winner" },
	{ "GET", "/blockchain/candidates" },
	/* the address index's reads (issue 17) */
	{ "POST", "/addressdb/balance" },
	{ "POST", "/addressdb/outputs" },
	{ "POST", "/addressdb/transactions" },
	{ "POST", "/addressdb/transactions/filterByBlockNumber" },
	{ "POST", "/addressdb/transactioncount" },
	{ "POST", "/addressdb/discovery" },
	{ "POST", "/addressdb/contract/history" },
	{ "POST", "/addressdb/contract/history/filterByBlockNumber" },
	{ "POST", "/addressdb/contract/mint" },
	{ "GET", "/metrics" },
};

/* Routes that spend the node's CPU without a bound (a resync rebuilds
 * the address index from genesis). */
static const char *const cpu_routes[] = { "/blockchain/mine", "/node/verify",
					  "/addressdb/resync" };
/* The routes that ban and unban peers (issue 15), protected alike. */
static const char *const admin_routes[] = { "/network/ban", "/network/unban",
					    "/node/status" };

static const char TOKEN[] = "0123456789abcdef-the-token";

struct fake_clock {
	uint64_t now;
};

static uint64_t fake_now(void *ctx)
{
	return ((struct fake_clock *)ctx)->now;
}

static struct srv_policy *policy(int public_mode, unsigned rate, int loopback,
				 const char *token, struct fake_clock *clock)
{
	struct srv_policy_conf conf = { .public_mode = public_mode, .rate_limit = rate,
					.loopback = loopback, .token = token };
	struct zen_err err = ZEN_ERR_INIT;
	struct srv_policy *p = srv_policy_new(&conf, &err);

	if (!p) {
		tap_diag("srv_policy_new: %s", err.msg);
		return NULL;
	}
	if (clock)
		srv_policy_set_clock(p, fake_now, clock);
	return p;
}

struct verdict {
	int rc;
	int status;
	const char *msg;
	unsigned retry;
};

static struct verdict admit(struct srv_policy *p, const char *source,
			    const struct zen_op *op, const char *auth)
{
	struct verdict v;

	v.rc = srv_policy_admit(p, source, op, op ? op->path : "/x", auth,
				&v.status, &v.msg, &v.retry);
	return v;
}

static int is_public(const struct zen_op *op)
{
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(public_routes); i++)
		if (!strcmp(op->method, public_routes[i][0]) &&
		    !strcmp(op->path, public_routes[i][1]))
			return 1;
	return 0;
}

static int is_protected(const struct zen_op *op)
{
	if (!strncmp(op->path, "/wallet/", 8))
		return 1;
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(cpu_routes); i++)
		if (!strcmp(op->path, cpu_routes[i]))
			return 1;
	for (size_t i = 0; i < ZEN_ARRAY_SIZE(admin_routes); i++)
		if (!strcmp(op->path, admin_routes[i]))
			return 1;
	return 0;
}

/* --- public mode: every route ------------------------------------------ */

static void test_public_routes(void)
{
	struct srv_policy *p = policy(1, 100000, 0, "", NULL);
	unsigned served = 0;

	for (size_t i = 0; i < ZEN_ARRAY_SIZE(public_routes); i++)
		tap_ok(zen_op_find_route(public_routes[i][0], public_routes[i][1]) != NULL,
		       "public list: %s %s is a route", public_routes[i][0],
		       public_routes[i][1]);
	for (const struct zen_op *op = zen_ops; op->group; op++) {
		struct verdict v;

		if (!op->path)
			continue;
		v = admit(p, "192.0.2.1", op, NULL);
		if (is_public(op)) {
			served++;
			tap_ok(v.rc == 0 && v.status == 0 && v.msg == NULL,
			       "public mode serves %s %s", op->method, op->path);
		} else {
			tap_ok(v.rc == ZEN_EREFUSED && v.status == 403 &&
			       v.msg && !strcmp(v.msg, "not available on a public node") &&
			       v.retry == 0,
			       "public mode refuses %s %s with 403", op->method, op->path);
		}
	}
	tap_u64(served, ZEN_ARRAY_SIZE(public_routes), "public mode serves the 28 public routes");
	/* The token is neither needed nor enough. */
	tap_ok(admit(p, "192.0.2.1", zen_op_find_route("GET", "/blockchain/info"),
		     "Bearer wrong").rc == 0, "public: a wrong token does not matter");
	srv_policy_free(p);
	p = policy(1, 100000, 1, TOKEN, NULL);
	tap_ok(admit(p, "127.0.0.1", zen_op_find_route("GET", "/wallet/balance"),
		     "Bearer 0123456789abcdef-the-token").status == 403,
	       "public: the right token does not open the wallet routes");
	tap_ok(admit(p, "127.0.0.1", zen_op_find_route("POST", "/blockchain/mine"),
		     "Bearer 0123456789abcdef-the-token").status == 403,
	       "public: nor the cpu routes");
	tap_ok(admit(p, "127.0.0.1", NULL, NULL).rc == 0,
	       "public: an unknown route is left to the caller (400)");
	srv_policy_free(p);
}

/* --- the token ---------------------------------------------------------- */

static void check_token_case(struct srv_policy *p, const char *route_method,
			     const char *route, const char *auth, int want_401,
			     const char *what)
{
	const struct zen_op *op = zen_op_find_route(route_method, route);
	struct verdict v;

	if (!tap_ok(op != NULL, "%s: %s %s exists", what, route_method, route))
		return;
	v = admit(p, "127.0.0.1", op, auth);
	if (want_401)
		tap_ok(v.rc == ZEN_EPASSWORD && v.status == 401 && v.msg &&
		       !strcmp(v.msg, "missing or wrong api token") && v.retry == 0,
		       "%s: %s answers 401", what, route);
	else
		tap_ok(v.rc == 0 && v.status == 0, "%s: %s is served", what, route);
}

static void test_token_matrix(void)
{
	static const char *const routes[][2] = {
		{ "GET", "/wallet/balance" }, { "POST", "/wallet/send" },
		{ "POST", "/wallet/rawtransaction/sign" },
		{ "POST", "/blockchain/mine" }, { "GET", "/node/verify" },
		{ "GET", "/blockchain/info" },
		{ "POST", "/blockchain/publishblock" },
		{ "GET", "/blockchain/blocktemplate" },
	};
	static const struct {
		const char *auth, *name;
		int right;
	} auths[] = {
		{ NULL, "no header", 0 },
		{ "Bearer 0123456789abcdef-the-token", "right token", 1 },
		{ "bearer 0123456789abcdef-the-token", "scheme in lower case", 1 },
		{ "Bearer 0123456789abcdef-the-tokeN", "wrong token", 0 },
		{ "Bearer 0123456789abcdef-the-toke", "a prefix", 0 },
		{ "Bearer 0123456789abcdef-the-token ", "trailing space", 0 },
		{ "Bearer ", "empty token", 0 },
		{ "Basic 0123456789abcdef-the-token", "other scheme", 0 },
		{ "0123456789abcdef-the-token", "no scheme", 0 },
	};

	for (int loopback = 0; loopback <= 1; loopback++) {
		struct srv_policy *with = policy(0, 0, loopback, TOKEN, NULL);
		struct srv_policy *without = policy(0, 0, loopback, "", NULL);
		char what[160];

		for (size_t r = 0; r < ZEN_ARRAY_SIZE(routes); r++) {
			const struct zen_op *op = zen_op_find_route(routes[r][0], routes[r][1]);
			int protect = op && is_protected(op);

			for (size_t a = 0; a < ZEN_ARRAY_SIZE(auths); a++) {
				snprintf(what, sizeof(what), "%s, token, %s",
					 loopback ? "loopback" : "beyond loopback",
					 auths[a].name);
				check_token_case(with, routes[r][0], routes[r][1],
						 auths[a].auth, protect && !auths[a].right,
						 what);
			}
			/* No token: nothing asked on loopback; beyond it
			 * the private routes stay closed, whatever is sent. */
			snprintf(what, sizeof(what), "%s, no token",
				 loopback ? "loopback" : "beyond loopback");
			check_token_case(without, routes[r][0], routes[r][1], NULL,
					 protect && !loopback, what);
			check_token_case(without, routes[r][0], routes[r][1],
					 "Bearer ", protect && !loopback, what);
		}
		srv_policy_free(with);
		srv_policy_free(without);
	}
}

/* Every row: with a token, the /wallet/ and CPU routes need it, the rest
 * does not. */
static void test_token_rows(void)
{
	struct srv_policy *p = policy(0, 0, 1, TOKEN, NULL);
	unsigned protected = 0, cpu = 0;

	for (const struct zen_op *op = zen_ops; op->group; op++) {
		struct verdict v;

		if (!op->path)
			continue;
		v = admit(p, "127.0.0.1", op, NULL);
		if (is_protected(op)) {
			protected++;
			cpu += !!strncmp(op->path, "/wallet/", 8);
			tap_ok(v.status == 401, "token needed for %s %s", op->method, op->path);
		} else {
			tap_ok(v.rc == 0, "no token needed for %s %s", op->method, op->path);
		}
	}
	tap_u64(cpu, ZEN_ARRAY_SIZE(cpu_routes) + ZEN_ARRAY_SIZE(admin_routes),
		"the cpu and the ban routes are in the table");
	tap_ok(protected > 20, "the wallet routes are in the table (%u)", protected);
	tap_ok(admit(p, "127.0.0.1", NULL, NULL).rc == 0,
	       "an unknown route is left to the caller");
	srv_policy_free(p);
}

/* --- the token bucket --------------------------------------------------- */

static const struct zen_op *info_op(void)
{
	return zen_op_find_route("GET", "/blockchain/info");
}

/* n requests from source at the clock's time: how many were admitted. */
static unsigned burst(struct srv_policy *p, const char *source, unsigned n)
{
	unsigned ok = 0;

	for (unsigned i = 0; i < n; i++)
		ok += admit(p, source, info_op(), NULL).rc == 0;
	return ok;
}

static int refused_429(struct srv_policy *p, const char *source,
		       unsigned want_retry)
{
	struct verdict v = admit(p, source, info_op(), NULL);

	return v.rc == ZEN_EUNREACHABLE && v.status == 429 && v.msg &&
	       !strcmp(v.msg, "too many requests") && v.retry == want_retry;
}

static void test_bucket_basics(void)
{
	struct fake_clock c = { 1000 * SEC };
	struct srv_policy *p = policy(1, 5, 0, "", &c);
	struct srv_policy *dflt = policy(1, 0, 0, "", &c);

	tap_u64(burst(p, "192.0.2.1", 100), 10, "rate 5: a burst of 10");
	tap_ok(refused_429(p, "192.0.2.1", 1), "then 429, Retry-After 1");
	c.now += SEC / 5;
	tap_u64(burst(p, "192.0.2.1", 10), 1, "200 ms later: one more");
	c.now += SEC;
	tap_u64(burst(p, "192.0.2.1", 10), 5, "1 s later: five more");
	c.now += 3600 * SEC;
	tap_u64(burst(p, "192.0.2.1", 100), 10, "an hour later: the burst, not more");
	tap_u64(burst(p, "192.0.2.2", 100), 10, "another source has its own bucket");
	tap_u64(burst(dflt, "192.0.2.1", 100), 40, "default: 20 per second, burst 40");
	c.now += SEC;
	tap_u64(burst(dflt, "192.0.2.1", 100), 20, "default: 20 back in a second");
	srv_policy_free(p);
	srv_policy_free(dflt);
}

static void test_bucket_exact(void)
{
	struct fake_clock c = { 5 * SEC };
	struct srv_policy *p = policy(1, 3, 0, "", &c);
	struct srv_policy *one = policy(1, 1, 0, "", &c);
	uint64_t t0 = c.now;

	/* Rate 3: a token every 333333.33 us. */
	tap_u64(burst(p, "192.0.2.9", 6), 6, "rate 3: burst 6");
	c.now = t0 + 333333;
	tap_ok(refused_429(p, "192.0.2.9", 1), "333333 us: not yet a token");
	c.now = t0 + 333334;
	tap_u64(burst(p, "192.0.2.9", 2), 1, "333334 us: one token");
	/* Rate 1, burst 2: Retry-After is the wait for one token, rounded
	 * up to whole seconds, never 0, and true. */
	c.now = t0;
	tap_u64(burst(one, "198.51.100.1", 5), 2, "rate 1: burst 2");
	tap_ok(refused_429(one, "198.51.100.1", 1), "a whole second to wait: 1");
	c.now = t0 + SEC - 1;
	tap_ok(refused_429(one, "198.51.100.1", 1), "1 us to wait: rounded up to 1");
	c.now = t0 + SEC;
	tap_u64(burst(one, "198.51.100.1", 2), 1, "after Retry-After: admitted");
	/* A refused request takes nothing: hammering does not delay. */
	c.now = t0 + 10 * SEC;
	tap_u64(burst(one, "198.51.100.1", 50), 2, "refill after a pause");
	c.now += SEC / 2;
	tap_u64(burst(one, "198.51.100.1", 1000), 0, "half a second: still none");
	c.now += SEC / 2;
	tap_u64(burst(one, "198.51.100.1", 1), 1, "refusals did not cost tokens");
	/* The clock going back does not mint tokens. */
	c.now = t0;
	tap_u64(burst(one, "198.51.100.1", 5), 0, "a clock going back mints nothing");
	srv_policy_free(p);
	srv_policy_free(one);
}

static void test_bucket_keys(void)
{
	struct fake_clock c = { 7 * SEC };
	struct srv_policy *p = policy(1, 1, 0, "", &c);

	tap_u64(burst(p, "2001:db8::1", 5), 2, "ipv6: burst 2");
	tap_u64(burst(p, "2001:db8::ffff:2", 5), 0, "ipv6: the same /64 shares it");
	tap_u64(burst(p, "2001:db8:0:1::1", 5), 2, "ipv6: another /64 does not");
	tap_u64(burst(p, "192.0.2.44", 5), 2, "ipv4: burst 2");
	tap_u64(burst(p, "::ffff:192.0.2.44", 5), 0, "ipv4-mapped ipv6 is the ipv4 address");
	tap_u64(burst(p, "192.0.2.45", 5), 2, "the next ipv4 address is its own");
	tap_u64(burst(p, "fe80::1%eth0", 5), 2, "a zone is ignored");
	tap_u64(burst(p, "fe80::2", 5), 0, "same /64 without the zone");
	tap_u64(burst(p, NULL, 5), 2, "no source: one shared bucket");
	tap_u64(burst(p, "not an address", 5), 0, "not an address: the same bucket");
	srv_policy_free(p);
}

/*
 * The table full: 40000 distinct addresses at one instant, each making one
 * request.  Each entry is then short of a token, so none can be evicted:
 * 4096 of them get an entry, the rest share the overflow bucket (burst 2).
 * A source being limited before the flood is still limited after it.
 */
static void test_bucket_full(void)
{
	struct fake_clock c = { 11 * SEC };
	struct srv_policy *p = policy(1, 1, 0, "", &c);
	unsigned ok = 0, entries = SRV_RATE_SETS * SRV_RATE_WAYS;
	char src[32];

	tap_u64(entries, 4096, "the table holds 4096 sources");
	tap_u64(burst(p, "203.0.113.1", 5), 2, "busy source: burst 2, then limited");
	c.now += 1000;
	for (unsigned i = 0; i < 40000; i++) {
		snprintf(src, sizeof(src), "10.%u.%u.%u", i >> 16, (i >> 8) & 255, i & 255);
		ok += burst(p, src, 1);
	}
	/* One entry is the busy source's. */
	tap_u64(ok, entries - 1 + 2, "a flood: 4095 entries plus the overflow's burst");
	tap_ok(refused_429(p, "203.0.113.1", 1), "the busy source was not evicted");
	tap_u64(burst(p, "198.18.0.1", 3), 0, "a newcomer waits in the overflow bucket");
	c.now += SEC;
	tap_u64(burst(p, "203.0.113.1", 5), 1, "1 s later the busy source has one token");
	tap_u64(burst(p, "198.18.0.2", 5), 2, "and refilled entries make room again");
	srv_policy_free(p);
}

/* Several threads at once, the clock frozen: exactly the bursts. */
struct hammer {
	struct srv_policy *p;
	pthread_barrier_t *start;
	unsigned seed;
	unsigned ok;
};

static void *hammer_main(void *data)
{
	struct hammer *h = data;
	char src[32];

	pthread_barrier_wait(h->start);
	for (unsigned i = 0; i < 200000; i++) {
		snprintf(src, sizeof(src), "192.0.2.%u", (i / 8 + h->seed) % 50);
		h->ok += admit(h->p, src, info_op(), NULL).rc == 0;
	}
	return NULL;
}

static void test_bucket_threads(void)
{
	struct fake_clock c = { 13 * SEC };
	struct srv_policy *p = policy(1, 10, 0, "", &c);
	pthread_barrier_t start;
	struct hammer h[4];
	pthread_t t[4];
	unsigned ok = 0;

	pthread_barrier_init(&start, NULL, 4);
	for (unsigned i = 0; i < 4; i++) {
		h[i] = (struct hammer){ p, &start, 0, 0 };
		pthread_create(&t[i], NULL, hammer_main, &h[i]);
	}
	for (unsigned i = 0; i < 4; i++) {
		pthread_join(t[i], NULL);
		ok += h[i].ok;
	}
	pthread_barrier_destroy(&start);
	tap_u64(ok, 50 * 20, "4 threads, 50 sources: exactly 50 bursts of 20");
	srv_policy_free(p);
}

/* Outside public mode there is no rate limit. */
static void test_no_limit_private(void)
{
	struct fake_clock c = { 17 * SEC };
	struct srv_policy *p = policy(0, 0, 1, "", &c);

	tap_u64(burst(p, "127.0.0.1", 1000), 1000, "not public: no rate limit");
	srv_policy_free(p);
}

/* --- headers, body cap, configuration ----------------------------------- */

static void test_headers(void)
{
	struct srv_policy *pub = policy(1, 0, 0, "", NULL);
	struct srv_policy *priv = policy(0, 0, 1, "", NULL);
	struct evkeyvalq h;

	TAILQ_INIT(&h);
	srv_policy_headers(pub, "https://wallet.example", &h);
	tap_str(evhttp_find_header(&h, "Access-Control-Allow-Origin"), "*",
		"public: Access-Control-Allow-Origin");
	tap_str(evhttp_find_header(&h, "Access-Control-Allow-Headers"),
		"Origin, X-Requested-With, Content-Type, Accept",
		"public: Access-Control-Allow-Headers");
	tap_str(evhttp_find_header(&h, "Access-Control-Allow-Methods"), "GET, POST",
		"public: Access-Control-Allow-Methods");
	tap_str(evhttp_find_header(&h, "Access-Control-Max-Age"), "1728000",
		"public: Access-Control-Max-Age");
	evhttp_clear_headers(&h);
	srv_policy_headers(priv, "https://wallet.example", &h);
	tap_ok(TAILQ_EMPTY(&h), "not public: no CORS header");
	tap_u64(srv_policy_max_body(pub), 262144, "public: bodies up to 256 KiB");
	tap_u64(srv_policy_max_body(priv), 16777216, "not public: up to 16 MiB");
	srv_policy_free(pub);
	srv_policy_free(priv);
	srv_policy_free(NULL);
}

/* A policy with --origin (not public, loopback, no token). */
static struct srv_policy *with_origin(const char *origin, int unsafe,
				      struct zen_err *err)
{
	struct srv_policy_conf conf = { 0, 0, 1, "", origin, unsafe };

	return srv_policy_new(&conf, err);
}

/* The Allow-Origin and Vary headers p sends to a request from origin. */
static void cors_of(struct srv_policy *p, const char *origin,
		    char allow[128], char vary[32])
{
	struct evkeyvalq h;
	const char *a, *v;

	TAILQ_INIT(&h);
	srv_policy_headers(p, origin, &h);
	a = evhttp_find_header(&h, "Access-Control-Allow-Origin");
	v = evhttp_find_header(&h, "Vary");
	snprintf(allow, 128, "%s", a ? a : "(none)");
	snprintf(vary, 32, "%s", v ? v : "(none)");
	evhttp_clear_headers(&h);
}

static void test_origin(void)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct srv_policy *p;
	char allow[128], vary[32];

	p = with_origin("any", 0, &err);
	tap_ok(!p && err.code == ZEN_EINVAL && !strcmp(err.msg, "--origin any "
	       "lets every web page use the wallet: use --public, or add "
	       "--unsafe-cors"), "--origin any with the wallet: refused (%s)", err.msg);
	p = with_origin("any", 1, &err);
	cors_of(p, "https://evil.example", allow, vary);
	tap_str(allow, "*", "--origin any --unsafe-cors: Allow-Origin *");
	tap_str(vary, "(none)", "--origin any: no Vary");
	srv_policy_free(p);

	p = with_origin("https://wallet.example", 0, &err);
	cors_of(p, "https://evil.example", allow, vary);
	tap_str(allow, "https://wallet.example", "--origin TEXT: sent verbatim, "
		"whatever the request's Origin (as the reference)");
	cors_of(p, NULL, allow, vary);
	tap_str(allow, "https://wallet.example", "--origin TEXT: also without Origin");
	srv_policy_free(p);

	p = with_origin("https://a.example,http://localhost:3000", 0, &err);
	cors_of(p, "http://localhost:3000", allow, vary);
	tap_str(allow, "http://localhost:3000", "allow-list: a listed Origin is echoed");
	tap_str(vary, "Origin", "allow-list: Vary: Origin");
	cors_of(p, "https://a.example", allow, vary);
	tap_str(allow, "https://a.example", "allow-list: the first entry too");
	cors_of(p, "https://a.example.evil", allow, vary);
	tap_str(allow, "(none)", "allow-list: a longer origin is not listed");
	tap_str(vary, "Origin", "allow-list: Vary also when refused");
	cors_of(p, "http://localhost", allow, vary);
	tap_str(allow, "(none)", "allow-list: a prefix of an entry is not listed");
	cors_of(p, NULL, allow, vary);
	tap_str(allow, "(none)", "allow-list: no Origin, no Allow-Origin");
	srv_policy_free(p);

	tap_ok(!with_origin("", 0, &err) && err.code == ZEN_EINVAL,
	       "an empty --origin is refused");
	tap_ok(!with_origin("https://a.example,,x", 0, &err) &&
	       !strcmp(err.msg, "invalid origin 'https://a.example,,x'"),
	       "an empty list entry is refused (%s)", err.msg);
	tap_ok(!with_origin("https://a.example,", 0, &err), "a trailing comma is refused");
}

static void test_conf(void)
{
	struct srv_policy_conf conf = { .rate_limit = 5, .loopback = 1, .token = "" };
	struct zen_err err = ZEN_ERR_INIT;
	struct srv_policy *p = srv_policy_new(&conf, &err);

	tap_ok(p == NULL && err.code == ZEN_EINVAL &&
	       !strcmp(err.msg, "--rate-limit goes with --public"),
	       "--rate-limit without --public is refused");
	conf.token = NULL;
	conf.rate_limit = 0;
	p = srv_policy_new(&conf, &err);
	tap_ok(p && admit(p, "127.0.0.1", zen_op_find_route("GET", "/wallet/balance"),
			  NULL).rc == 0, "a NULL token is no token");
	srv_policy_free(p);
}

int main(void)
{
	test_public_routes();
	test_token_matrix();
	test_token_rows();
	test_bucket_basics();
	test_bucket_exact();
	test_bucket_keys();
	test_bucket_full();
	test_bucket_threads();
	test_no_limit_private();
	test_headers();
	test_origin();
	test_conf();
	return tap_done();
}
