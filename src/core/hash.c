#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "buf.h"
#include "err.h"
#include "hash.h"

struct zen_sha3_ctx {
	EVP_MD_CTX *md;
};

struct zen_sha3_ctx *zen_sha3_begin(void)
{
	struct zen_sha3_ctx *ctx = zen_xmalloc(sizeof(*ctx));

	ctx->md = EVP_MD_CTX_new();
	if (!ctx->md || EVP_DigestInit_ex(ctx->md, EVP_sha3_256(), NULL) != 1)
		ZEN_BUG("cannot initialise sha3-256");
	return ctx;
}

void zen_sha3_update(struct zen_sha3_ctx *ctx, const void *p, size_t n)
{
	if (EVP_DigestUpdate(ctx->md, p, n) != 1)
		ZEN_BUG("sha3-256 update failed");
}

void zen_sha3_end(struct zen_sha3_ctx *ctx, uint8_t out[ZEN_HASH_LEN])
{
	unsigned int len = 0;

	if (EVP_DigestFinal_ex(ctx->md, out, &len) != 1 || len != ZEN_HASH_LEN)
		ZEN_BUG("sha3-256 final failed");
	EVP_MD_CTX_free(ctx->md);
	free(ctx);
}

void zen_sha3(uint8_t out[ZEN_HASH_LEN], const void *p, size_t n)
{
	unsigned int len = 0;

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
