/*
 * hash.c - SHA3-256 through libcrypto.
 *
 * EVP_Digest costs about three times the Keccak permutation for a short
 * input: every call fetches the algorithm, allocates a context and goes
 * through the EVP bookkeeping.  So the digest functions of the default
 * provider are looked up once (OSSL_PROVIDER_query_operation, public API
 * since OpenSSL 3.0) and called directly on a context kept per thread.
 * The lookup is checked against a known answer; if anything is missing or
 * wrong, every function falls back to plain EVP.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <openssl/core_dispatch.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "core/base/buf.h"
#include "core/base/err.h"
#include "core/crypto/hash.h"

struct sha3_impl {
	void *provctx;
	OSSL_FUNC_digest_newctx_fn *newctx;
	OSSL_FUNC_digest_init_fn *init;
	OSSL_FUNC_digest_update_fn *update;
	OSSL_FUNC_digest_final_fn *final;
	OSSL_FUNC_digest_freectx_fn *freectx;
};

static struct sha3_impl impl;	/* valid iff have_impl */
static int have_impl;
static pthread_once_t impl_once = PTHREAD_ONCE_INIT;
static pthread_key_t tls_key;	/* this thread's provider context */

/* Is name one of the ':'-separated names of list? */
static int has_name(const char *list, const char *name)
{
	size_t n = strlen(name);

	while (list && *list) {
		const char *end = strchr(list, ':');
		size_t len = end ? (size_t)(end - list) : strlen(list);

		if (len == n && !strncasecmp(list, name, n))
			return 1;
		list = end ? end + 1 : NULL;
	}
	return 0;
}

static void take_functions(struct sha3_impl *s, const OSSL_DISPATCH *d)
{
	for (; d->function_id; d++) {
		switch (d->function_id) {
		case OSSL_FUNC_DIGEST_NEWCTX:
			s->newctx = OSSL_FUNC_digest_newctx(d);
			break;
		case OSSL_FUNC_DIGEST_INIT:
			s->init = OSSL_FUNC_digest_init(d);
			break;
		case OSSL_FUNC_DIGEST_UPDATE:
			s->update = OSSL_FUNC_digest_update(d);
			break;
		case OSSL_FUNC_DIGEST_FINAL:
			s->final = OSSL_FUNC_digest_final(d);
			break;
		case OSSL_FUNC_DIGEST_FREECTX:
			s->freectx = OSSL_FUNC_digest_freectx(d);
			break;
		default:
			break;
		}
	}
}

static int impl_digest(const struct sha3_impl *s, void *ctx,
		       uint8_t out[ZEN_HASH_LEN], const void *p, size_t n)
{
	size_t len = 0;

	return s->init(ctx, NULL) == 1 &&
	       (n == 0 || s->update(ctx, p, n) == 1) &&
	       s->final(ctx, out, &len, ZEN_HASH_LEN) == 1 &&
	       len == ZEN_HASH_LEN;
}

static void free_tls_ctx(void *ctx)
{
	impl.freectx(ctx);
}

static void impl_setup(void)
{
	/* SHA3-256("abc"), FIPS 202 example. */
	static const uint8_t abc[ZEN_HASH_LEN] = {
		0x3a, 0x98, 0x5d, 0xa7, 0x4f, 0xe2, 0x25, 0xb2, 0x04, 0x5c, 0x17,
		0x2d, 0x6b, 0xd3, 0x90, 0xbd, 0x85, 0x5f, 0x08, 0x6e, 0x3e, 0x9d,
		0x52, 0x5b, 0x46, 0xbf, 0xe2, 0x45, 0x11, 0x43, 0x15, 0x32,
	};
	struct sha3_impl s = { 0 };
	const OSSL_ALGORITHM *algs, *a;
	OSSL_PROVIDER *prov;
	uint8_t got[ZEN_HASH_LEN];
	int no_cache = 0, ok;
	void *ctx;

	/* Loading an already loaded provider only takes a reference, which
	 * is kept for the life of the process. */
	prov = OSSL_PROVIDER_load(NULL, "default");
	if (!prov)
		return;
	algs = OSSL_PROVIDER_query_operation(prov, OSSL_OP_DIGEST, &no_cache);
	for (a = algs; a && a->algorithm_names; a++) {
		if (has_name(a->algorithm_names, "SHA3-256")) {
			take_functions(&s, a->implementation);
			break;
		}
	}
	if (algs)
		OSSL_PROVIDER_unquery_operation(prov, OSSL_OP_DIGEST, algs);
	s.provctx = OSSL_PROVIDER_get0_provider_ctx(prov);
	if (!s.newctx || !s.init || !s.update || !s.final || !s.freectx)
		return;
	ctx = s.newctx(s.provctx);
	if (!ctx)
		return;
	ok = impl_digest(&s, ctx, got, "abc", 3) && !memcmp(got, abc, sizeof(got));
	s.freectx(ctx);
	if (!ok || pthread_key_create(&tls_key, free_tls_ctx) != 0)
		return;
	impl = s;
	have_impl = 1;
}

/* This thread's context, or NULL to use EVP. */
static void *tls_ctx(void)
{
	void *ctx;

	pthread_once(&impl_once, impl_setup);
	if (!have_impl)
		return NULL;
	ctx = pthread_getspecific(tls_key);
	if (!ctx) {
		ctx = impl.newctx(impl.provctx);
		if (!ctx)
			ZEN_BUG("cannot allocate a sha3-256 context");
		if (pthread_setspecific(tls_key, ctx) != 0)
			ZEN_BUG("cannot keep a sha3-256 context");
	}
	return ctx;
}

const char *zen_sha3_backend(void)
{
	pthread_once(&impl_once, impl_setup);
	return have_impl ? "provider" : "evp";
}

struct zen_sha3_ctx {
	void *prov;		/* provider context, or NULL for EVP */
	EVP_MD_CTX *md;
};

struct zen_sha3_ctx *zen_sha3_begin(void)
{
	struct zen_sha3_ctx *ctx = zen_xcalloc(1, sizeof(*ctx));

	pthread_once(&impl_once, impl_setup);
	if (have_impl) {
		ctx->prov = impl.newctx(impl.provctx);
		if (!ctx->prov || impl.init(ctx->prov, NULL) != 1)
			ZEN_BUG("cannot initialise sha3-256");
		return ctx;
	}
	ctx->md = EVP_MD_CTX_new();
	if (!ctx->md || EVP_DigestInit_ex(ctx->md, EVP_sha3_256(), NULL) != 1)
		ZEN_BUG("cannot initialise sha3-256");
	return ctx;
}

void zen_sha3_update(struct zen_sha3_ctx *ctx, const void *p, size_t n)
{
	if (ctx->prov) {
		if (n && impl.update(ctx->prov, p, n) != 1)
			ZEN_BUG("sha3-256 update failed");
	} else if (EVP_DigestUpdate(ctx->md, p, n) != 1) {
		ZEN_BUG("sha3-256 update failed");
	}
}

void zen_sha3_end(struct zen_sha3_ctx *ctx, uint8_t out[ZEN_HASH_LEN])
{
	if (ctx->prov) {
		size_t len = 0;

		if (impl.final(ctx->prov, out, &len, ZEN_HASH_LEN) != 1 ||
		    len != ZEN_HASH_LEN)
			ZEN_BUG("sha3-256 final failed");
		impl.freectx(ctx->prov);
	} else {
		unsigned int len = 0;

		if (EVP_DigestFinal_ex(ctx->md, out, &len) != 1 ||
		    len != ZEN_HASH_LEN)
			ZEN_BUG("sha3-256 final failed");
		EVP_MD_CTX_free(ctx->md);
	}
	free(ctx);
}

void zen_sha3(uint8_t out[ZEN_HASH_LEN], const void *p, size_t n)
{
	void *ctx = tls_ctx();
	unsigned int len = 0;

	if (ctx) {
		if (!impl_digest(&impl, ctx, out, p, n))
			ZEN_BUG("sha3-256 failed");
		return;
	}
	if (EVP_Digest(p, n, out, &len, EVP_sha3_256(), NULL) != 1 ||
	    len != ZEN_HASH_LEN)
		ZEN_BUG("sha3-256 failed");
}

static size_t split_point(size_t n)
{
	size_t k = 1;

	while (k * 2 < n)
		k *= 2;
	return k;
}

void zen_merkle_root(uint8_t out[ZEN_HASH_LEN],
		     const uint8_t (*leaves)[ZEN_HASH_LEN], size_t n)
{
	uint8_t node[1 + 2 * ZEN_HASH_LEN];
	size_t k;

	ZEN_ASSERT(n > 0);
	if (n == 1) {
		memcpy(out, leaves[0], ZEN_HASH_LEN);
		return;
	}
	k = split_point(n);
	node[0] = 0x69;
	zen_merkle_root(node + 1, leaves, k);
	zen_merkle_root(node + 1 + ZEN_HASH_LEN, leaves + k, n - k);
	zen_sha3(out, node, sizeof(node));
}
