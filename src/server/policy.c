/*
 * policy.c - the api token, public mode, the rate limit, CORS, the body cap
 * (policy.h states the rules).
 *
 * The rate limit is a token bucket per source, kept in micro-tokens so that
 * integer arithmetic refills it exactly: a bucket gains `rate` micro-tokens
 * per microsecond, holds at most burst * 10^6 and a request takes 10^6.
 *
 * Memory is fixed: SRV_RATE_SETS sets of SRV_RATE_WAYS entries, the set
 * chosen by SipHash of the source under a key drawn at start, so nobody can
 * aim many addresses at one set.  A source without an entry takes an empty
 * one or one whose bucket has refilled to full.  Evicting a full bucket
 * loses nothing: a source that comes back gets a new full bucket, which is
 * exactly what it had.  So a source that is being limited keeps its entry
 * until it has been quiet for burst/rate seconds (2 s), however many other
 * addresses arrive, and the limit cannot be reset by flooding the table.
 * When a set holds only sources still being limited, a newcomer shares one
 * overflow bucket (same rate and burst) with every other such newcomer:
 * a flood of distinct addresses then costs the node at most `rate` more
 * requests per second, and holding a set takes `rate` requests per second
 * from each of its SRV_RATE_WAYS addresses.
 */
#include <arpa/inet.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <event2/http.h>
#include <event2/keyvalq_struct.h>
#include <sodium.h>

#include "core/base/clock.h"
#include "core/base/buf.h"
#include "server/policy.h"
#include "server/serve.h"

#define ONE 1000000u		/* micro-tokens in a token; us in a second */
#define KEY_LEN 17		/* family byte, then up to 16 address bytes */

struct rate_entry {
	uint8_t key[KEY_LEN];
	uint8_t used;
	uint64_t tokens;	/* micro-tokens at `last` */
	uint64_t last;		/* clock, us */
};

struct rate_set {
	pthread_mutex_t lock;
	struct rate_entry e[SRV_RATE_WAYS];
};

struct srv_policy {
	int public_mode;
	char *origin;		/* NULL: no CORS; "*" for any */
	int origin_list;	/* origin is a comma-separated allow-list */
	int loopback;
	int has_token;
	uint8_t token_hash[crypto_generichash_BYTES];
	uint64_t rate;		/* tokens per second */
	uint64_t cap;		/* burst, in micro-tokens */
	uint8_t hash_key[crypto_shorthash_KEYBYTES];
	uint64_t (*now_us)(void *);
	void *clock_ctx;
	struct rate_set *sets;
	pthread_mutex_t overflow_lock;
	struct rate_entry overflow;
};

static uint64_t monotonic_us(void *ctx)
{
	(void)ctx;
	return zen_monotonic_us();
}

/* --origin any lets every web page a browser visits call the node and read
 * the answers: with the wallet routes served, that is every page reading
 * balances and trying passwords (api.md 10). */
static int check_origin(const struct srv_policy_conf *conf, struct zen_err *err)
{
	const char *o = conf->origin;

	if (!o)
		return 0;
	if (!*o || strstr(o, ",,") || *o == ',' || o[strlen(o) - 1] == ',')
		return zen_fail(err, ZEN_EINVAL, "invalid origin '%s'", o);
	if (!strcmp(o, "any") && !conf->public_mode && !conf->unsafe_cors)
		return zen_fail(err, ZEN_EINVAL, "--origin any lets every web "
				"page use the wallet: use --public, or add "
				"--unsafe-cors");
	return 0;
}

/* Is origin one of the comma-separated entries of list? */
static int origin_listed(const char *list, const char *origin)
{
	size_t n = strlen(origin);

	for (const char *e = list; e; e = strchr(e, ',') ? strchr(e, ',') + 1 : NULL) {
		size_t len = strcspn(e, ",");

		if (len == n && !memcmp(e, origin, n))
			return 1;
	}
	return 0;
}

struct srv_policy *srv_policy_new(const struct srv_policy_conf *conf,
				  struct zen_err *err)
{
	struct srv_policy *p;
	const char *token = conf->token ? conf->token : "";

	if (!conf->public_mode && conf->rate_limit) {
		zen_fail(err, ZEN_EINVAL, "--rate-limit goes with --public");
		return NULL;
	}
	if (check_origin(conf, err))
		return NULL;
	if (sodium_init() < 0) {
		zen_fail(err, ZEN_EINTERNAL, "cannot initialise libsodium");
		return NULL;
	}
	p = zen_xcalloc(1, sizeof(*p));
	if (conf->origin)
		p->origin = zen_xstrdup(strcmp(conf->origin, "any") ? conf->origin : "*");
	p->origin_list = conf->origin && strchr(conf->origin, ',') != NULL;
	p->public_mode = !!conf->public_mode;
	p->loopback = !!conf->loopback;
	/* Only the token's hash is kept: admit compares fixed-size hashes,
	 * so the time taken tells nothing of the token, not even its length. */
	p->has_token = token[0] != 0;
	crypto_generichash(p->token_hash, sizeof(p->token_hash),
			   (const uint8_t *)token, strlen(token), NULL, 0);
	p->rate = conf->rate_limit ? conf->rate_limit : SRV_RATE_DEFAULT;
	p->cap = p->rate * SRV_RATE_BURST_FACTOR * ONE;
	randombytes_buf(p->hash_key, sizeof(p->hash_key));
	p->now_us = monotonic_us;
	if (p->public_mode) {
		p->sets = zen_xcalloc(SRV_RATE_SETS, sizeof(*p->sets));
		for (unsigned i = 0; i < SRV_RATE_SETS; i++)
			pthread_mutex_init(&p->sets[i].lock, NULL);
	}
	pthread_mutex_init(&p->overflow_lock, NULL);
	p->overflow.tokens = p->cap;
	return p;
}

void srv_policy_free(struct srv_policy *p)
{
	if (!p)
		return;
	if (p->sets) {
		for (unsigned i = 0; i < SRV_RATE_SETS; i++)
			pthread_mutex_destroy(&p->sets[i].lock);
		free(p->sets);
	}
	pthread_mutex_destroy(&p->overflow_lock);
	free(p->origin);
	sodium_memzero(p, sizeof(*p));
	free(p);
}

void srv_policy_set_clock(struct srv_policy *p, uint64_t (*now_us)(void *),
			  void *ctx)
{
	p->now_us = now_us;
	p->clock_ctx = ctx;
}

/* --- the rate limit ---------------------------------------------------- */

/*
 * The bucket's key: an IPv4 address, the /64 of an IPv6 address (one
 * subscriber commonly holds a whole /64, so per-address buckets would not
 * limit anyone), IPv4-mapped IPv6 as IPv4.  Anything else, NULL included,
 * gets the all-zero key: one shared bucket.
 */
static void source_key(uint8_t key[KEY_LEN], const char *source)
{
	struct in6_addr a6;
	struct in_addr a4;
	char text[64];

	memset(key, 0, KEY_LEN);
	if (!source)
		return;
	/* A link-local peer comes with its zone: "fe80::1%eth0". */
	snprintf(text, sizeof(text), "%.*s", (int)strcspn(source, "%"), source);
	if (inet_pton(AF_INET, text, &a4) == 1) {
		key[0] = 4;
		memcpy(key + 1, &a4, 4);
	} else if (inet_pton(AF_INET6, text, &a6) == 1) {
		if (IN6_IS_ADDR_V4MAPPED(&a6)) {
			key[0] = 4;
			memcpy(key + 1, a6.s6_addr + 12, 4);
		} else {
			key[0] = 6;
			memcpy(key + 1, a6.s6_addr, 8);
		}
	}
}

/* Bring a bucket up to now: rate micro-tokens per us, up to cap. */
static void refill(const struct srv_policy *p, struct rate_entry *e,
		   uint64_t now)
{
	uint64_t dt = now > e->last ? now - e->last : 0;
	uint64_t missing = p->cap - e->tokens;

	/* dt <= missing / rate keeps dt * rate <= missing: no overflow. */
	if (dt > missing / p->rate)
		e->tokens = p->cap;
	else
		e->tokens += dt * p->rate;
	if (now > e->last)
		e->last = now;
}

/* Take one token, or say in whole seconds (at least 1, rounded up) when
 * the next one is back. */
static int take(const struct srv_policy *p, struct rate_entry *e,
		uint64_t now, unsigned *retry_after)
{
	uint64_t wait_us;

	refill(p, e, now);
	if (e->tokens >= ONE) {
		e->tokens -= ONE;
		return 1;
	}
	wait_us = (ONE - e->tokens + p->rate - 1) / p->rate;
	*retry_after = (unsigned)((wait_us + ONE - 1) / ONE);
	if (!*retry_after)
		*retry_after = 1;
	return 0;
}

/* The entry of key in set s (locked), a new one, or NULL: set full of
 * sources still being limited. */
static struct rate_entry *find_entry(const struct srv_policy *p,
				     struct rate_set *s, const uint8_t *key,
				     uint64_t now)
{
	struct rate_entry *spare = NULL;

	for (unsigned i = 0; i < SRV_RATE_WAYS; i++) {
		struct rate_entry *e = &s->e[i];

		if (e->used && !memcmp(e->key, key, KEY_LEN))
			return e;
		if (!spare && !e->used)
			spare = e;
	}
	for (unsigned i = 0; !spare && i < SRV_RATE_WAYS; i++) {
		refill(p, &s->e[i], now);
		if (s->e[i].tokens == p->cap)
			spare = &s->e[i];
	}
	if (spare) {
		memcpy(spare->key, key, KEY_LEN);
		spare->used = 1;
		spare->tokens = p->cap;
		spare->last = now;
	}
	return spare;
}

/* 1 if source may make a request now, else 0 and *retry_after. */
static int rate_ok(struct srv_policy *p, const char *source,
		   unsigned *retry_after)
{
	uint8_t key[KEY_LEN], h[crypto_shorthash_BYTES];
	uint64_t now = p->now_us(p->clock_ctx), idx;
	struct rate_set *s;
	struct rate_entry *e;
	int ok;

	source_key(key, source);
	crypto_shorthash(h, key, KEY_LEN, p->hash_key);
	memcpy(&idx, h, sizeof(idx));
	s = &p->sets[idx % SRV_RATE_SETS];
	pthread_mutex_lock(&s->lock);
	e = find_entry(p, s, key, now);
	if (e) {
		ok = take(p, e, now, retry_after);
		pthread_mutex_unlock(&s->lock);
		return ok;
	}
	pthread_mutex_unlock(&s->lock);
	pthread_mutex_lock(&p->overflow_lock);
	ok = take(p, &p->overflow, now, retry_after);
	pthread_mutex_unlock(&p->overflow_lock);
	return ok;
}

/* --- admission --------------------------------------------------------- */

static int needs_token(const struct zen_op *op)
{
	return (op->path && !strncmp(op->path, "/wallet/", 8)) ||
	       (op->flags & (ZEN_OPF_WALLET | ZEN_OPF_CPU | ZEN_OPF_ADMIN));
}

/* "Bearer TOKEN" (the scheme in any case, RFC 7235), in constant time. */
static int token_ok(const struct srv_policy *p, const char *authorization)
{
	uint8_t h[crypto_generichash_BYTES];
	const char *given;
	int ok;

	if (!p->has_token || !authorization ||
	    strncasecmp(authorization, "Bearer ", 7))
		return 0;
	given = authorization + 7;
	crypto_generichash(h, sizeof(h), (const uint8_t *)given, strlen(given),
			   NULL, 0);
	ok = sodium_memcmp(h, p->token_hash, sizeof(h)) == 0;
	sodium_memzero(h, sizeof(h));
	return ok;
}

static int refuse(int *status, const char **msg, int code, const char *text,
		  enum zen_code zcode)
{
	*status = code;
	*msg = text;
	return zcode;
}

int srv_policy_admit(struct srv_policy *p, const char *source,
		     const struct zen_op *op, const char *path,
		     const char *authorization, int *status, const char **msg,
		     unsigned *retry_after)
{
	(void)path;
	*status = 0;
	*msg = NULL;
	*retry_after = 0;
	if (p->public_mode) {
		if (!rate_ok(p, source, retry_after))
			return refuse(status, msg, 429, "too many requests",
				      ZEN_EUNREACHABLE);
		if (op && !(op->flags & ZEN_OPF_PUBLIC))
			return refuse(status, msg, 403,
				      "not available on a public node",
				      ZEN_EREFUSED);
		return 0;
	}
	/* Without a token on loopback nothing is asked; without one beyond
	 * loopback (never configured so) the private routes stay closed. */
	if (op && needs_token(op) && (p->has_token || !p->loopback) &&
	    !token_ok(p, authorization))
		return refuse(status, msg, 401, "missing or wrong api token",
			      ZEN_EPASSWORD);
	return 0;
}

/* --- replies ----------------------------------------------------------- */

void srv_policy_headers(struct srv_policy *p, const char *request_origin,
			struct evkeyvalq *out)
{
	const char *allow = p->public_mode ? "*" : p->origin;

	if (p->origin_list && !p->public_mode) {
		evhttp_add_header(out, "Vary", "Origin");
		allow = request_origin && origin_listed(p->origin, request_origin)
			? request_origin : NULL;
	}
	if (!allow)
		return;
	evhttp_add_header(out, "Access-Control-Allow-Origin", allow);
	evhttp_add_header(out, "Access-Control-Allow-Headers",
			  "Origin, X-Requested-With, Content-Type, Accept");
	evhttp_add_header(out, "Access-Control-Allow-Methods", "GET, POST");
	evhttp_add_header(out, "Access-Control-Max-Age", "1728000");
}

size_t srv_policy_max_body(const struct srv_policy *p)
{
	return p->public_mode ? SRV_PUBLIC_MAX_BODY : SRV_MAX_BODY;
}
