/*
 * policy.h - who may run what on `zen serve`: the api token, public mode,
 * the per-source rate limit, CORS and the body cap.
 *
 * The server calls srv_policy_admit for every request after its Host check
 * and before it runs anything; the policy never replies itself, it says how
 * to refuse.  The rules (zen(1), HTTP API):
 *
 *  - The api token.  When the server has one (--api-token-file, or the
 *    cookie file it writes when bound beyond loopback), the wallet routes
 *    (/wallet/...) and the routes that spend the node's CPU without a bound
 *    (ZEN_OPF_CPU: /blockchain/mine, /node/verify) need
 *    "Authorization: Bearer TOKEN"; otherwise 401 "missing or wrong api
 *    token".  One rule whether bound to loopback or not: a configured token
 *    is always required.  Bound beyond loopback without a token (which the
 *    server never does outside public mode) those routes are refused
 *    outright, so a mistake upstream cannot expose the wallet.
 *
 *  - Public mode (--public).  Only the rows flagged ZEN_OPF_PUBLIC are
 *    served; every other route answers 403 "not available on a public
 *    node", token or not.  No token is needed (nothing private is served).
 *    Every request, refused or not and unknown routes included, first
 *    takes a token from its source's bucket: --rate-limit N per second
 *    (default 20) with a burst of 2N; an empty bucket answers 429 "too many
 *    requests" with Retry-After.  Bodies are capped at 256 KiB and every
 *    reply says Access-Control-Allow-Origin: *.
 */
#ifndef ZEN_POLICY_H
#define ZEN_POLICY_H

#include <stddef.h>
#include <stdint.h>

#include "core/base/err.h"
#include "ops/op.h"

struct evkeyvalq;

struct srv_policy_conf {
	int public_mode;	/* --public */
	unsigned rate_limit;	/* --rate-limit, requests per second per
				   source (0: the default 20) */
	int loopback;		/* bound to a loopback address */
	const char *token;	/* the api bearer token, "" or NULL if none */
	const char *origin;	/* --origin: NULL (no CORS), "any", one
				   origin sent verbatim, or a comma-separated
				   allow-list (the request's Origin echoed
				   when listed) */
	int unsafe_cors;	/* --unsafe-cors: allow --origin any with
				   the wallet routes served */
};

/* Public mode's numbers (zen(1)). */
#define SRV_RATE_DEFAULT 20u		/* requests per second per source */
#define SRV_RATE_BURST_FACTOR 2u	/* burst = factor * rate */
#define SRV_PUBLIC_MAX_BODY (256u << 10)
/* Sources tracked at once: SRV_RATE_SETS sets of SRV_RATE_WAYS entries,
 * picked by a keyed hash of the source (policy.c says why). */
#define SRV_RATE_SETS 512u
#define SRV_RATE_WAYS 8u

struct srv_policy;

/*
 * A policy for one server.  Returns NULL with ZEN_EINVAL in err when conf
 * makes no sense (--rate-limit without --public; --origin any with the
 * wallet routes served, unless unsafe_cors; an empty --origin or list
 * entry), ZEN_EINTERNAL when
 * libsodium cannot start.  The token is copied.
 */
struct srv_policy *srv_policy_new(const struct srv_policy_conf *conf,
				  struct zen_err *err) ZEN_WARN_UNUSED;
/* Wipes the token; p may be NULL. */
void srv_policy_free(struct srv_policy *p);

/*
 * Before running a request (after the Host check): 0 to serve it;
 * otherwise the zen_code for an error body's "code" (ZEN_EPASSWORD for 401,
 * ZEN_EREFUSED for 403, ZEN_EUNREACHABLE for 429: try again later), and
 * *status, *msg (static text) and *retry_after (whole seconds, 0 = none)
 * say how to refuse it.  The caller adds "WWW-Authenticate: Bearer" to a
 * 401 and Retry-After to a 429.
 *   source: the peer's address as text ("192.0.2.7", "2001:db8::1"); IPv6
 *           sources are limited per /64, IPv4-mapped IPv6 as IPv4, and
 *           sources that are not an address (NULL) share one bucket.
 *   op: the route's row, NULL for an unknown route (then only the rate
 *       limit applies: the caller answers 400 "unmatched request").
 *   path: the route's path (for messages; the rules read op).
 *   authorization: the request's Authorization header or NULL.
 * Thread-safe, no allocation, no system call but a clock read.
 */
int srv_policy_admit(struct srv_policy *p, const char *source,
		     const struct zen_op *op, const char *path,
		     const char *authorization, int *status, const char **msg,
		     unsigned *retry_after);

/*
 * Headers every reply gets (api.md 1.5), errors included: with public mode
 * or --origin any, Access-Control-Allow-Origin: *; with --origin TEXT,
 * TEXT verbatim; with an allow-list (a comma in --origin), the request's
 * Origin (request_origin, NULL if none) when it is on the list, and
 * "Vary: Origin" either way.  Whenever an Allow-Origin is sent, the
 * preflight headers too (Allow-Headers, Allow-Methods, Max-Age; browsers
 * read them on the OPTIONS reply and ignore them elsewhere, and this hook
 * does not see the method).  Nothing without public mode or --origin.
 */
void srv_policy_headers(struct srv_policy *p, const char *request_origin,
			struct evkeyvalq *out);

/* The largest request body accepted: SRV_PUBLIC_MAX_BODY in public mode,
 * SRV_MAX_BODY (serve.h) otherwise.  Larger bodies: 413 "request body too
 * large". */
size_t srv_policy_max_body(const struct srv_policy *p);

/*
 * For tests: replace the monotonic clock (microseconds) that the rate limit
 * reads.  Call before the policy is shared between threads.
 */
void srv_policy_set_clock(struct srv_policy *p, uint64_t (*now_us)(void *),
			  void *ctx);

#endif
