/*
 * secp.c - the process-wide libsecp256k1 context (keys.h), below the
 * users of it that call each other's neighbours (keys.c, keycache.c).
 */
#include <pthread.h>

#include <secp256k1.h>
#include <sodium.h>

#include "core/crypto/keys.h"

static secp256k1_context *secp_ctx;
static pthread_once_t secp_once = PTHREAD_ONCE_INIT;

static void secp_init(void)
{
	unsigned char seed[32];
	secp256k1_context *ctx;

	if (sodium_init() < 0)
		ZEN_BUG("cannot initialise libsodium");
	ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
	if (!ctx)
		ZEN_BUG("cannot create secp256k1 context");
	randombytes_buf(seed, sizeof(seed));
	if (!secp256k1_context_randomize(ctx, seed))
		ZEN_BUG("cannot randomize secp256k1 context");
	sodium_memzero(seed, sizeof(seed));
	secp_ctx = ctx;
}

const struct secp256k1_context_struct *zen_secp_ctx(void)
{
	if (pthread_once(&secp_once, secp_init))
		ZEN_BUG("pthread_once failed");
	return secp_ctx;
}
