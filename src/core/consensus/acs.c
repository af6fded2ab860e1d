/*
 * acs.c - the active-contract-set sparse merkle root (protocol.md 3.6).
 *
 * The tree has 256 levels, but only the paths to the n keys are hashed:
 * the root is computed by recursion over the sorted keys, splitting on one
 * key bit per level, and every empty subtree is its default hash d[h].
 * The cost is at most 256 hashes per entry.
 */
#include <stdlib.h>
#include <string.h>

#include "core/base/buf.h"
#include "core/consensus/consensus.h"
#include "core/crypto/hash.h"

#define ACS_LEVELS 256

static const char cwt[] = "zenprotocol-activecontractset";

struct acs_ctx {
	uint8_t defaults[ACS_LEVELS + 1][ZEN_HASH_LEN];
};

static void default_hashes(uint8_t d[ACS_LEVELS + 1][ZEN_HASH_LEN])
{
	uint8_t pair[2 * ZEN_HASH_LEN];

	zen_sha3(d[0], cwt, sizeof(cwt) - 1);
	for (int i = 1; i <= ACS_LEVELS; i++) {
		memcpy(pair, d[i - 1], ZEN_HASH_LEN);
		memcpy(pair + ZEN_HASH_LEN, d[i - 1], ZEN_HASH_LEN);
		zen_sha3(d[i], pair, sizeof(pair));
	}
}

void zen_acs_default_hash(uint8_t out[ZEN_HASH_LEN], unsigned height)
{
	uint8_t d[ACS_LEVELS + 1][ZEN_HASH_LEN];

	ZEN_ASSERT(height <= ACS_LEVELS);
	default_hashes(d);
	memcpy(out, d[height], ZEN_HASH_LEN);
}

static int key_bit(const uint8_t key[ZEN_HASH_LEN], unsigned bit)
{
	return key[bit / 8] >> (7 - bit % 8) & 1;
}

static void leaf_hash(uint8_t out[ZEN_HASH_LEN], const struct zen_acs_entry *e)
{
	uint8_t buf[sizeof(cwt) - 1 + 4 + ZEN_HASH_LEN], *p = buf;

	memcpy(p, cwt, sizeof(cwt) - 1);
	p += sizeof(cwt) - 1;
	*p++ = (uint8_t)(e->expiry >> 24);
	*p++ = (uint8_t)(e->expiry >> 16);
	*p++ = (uint8_t)(e->expiry >> 8);
	*p++ = (uint8_t)e->expiry;
	memcpy(p, e->contract_hash, ZEN_HASH_LEN);
	zen_sha3(out, buf, sizeof(buf));
}

static void interior_hash(uint8_t out[ZEN_HASH_LEN],
			  const uint8_t l[ZEN_HASH_LEN],
			  const uint8_t r[ZEN_HASH_LEN], unsigned height,
			  const uint8_t base[ZEN_HASH_LEN])
{
	uint8_t buf[3 * ZEN_HASH_LEN + 8], *p = buf + 2 * ZEN_HASH_LEN;

	memcpy(buf, l, ZEN_HASH_LEN);
	memcpy(buf + ZEN_HASH_LEN, r, ZEN_HASH_LEN);
	if (!memcmp(l, r, ZEN_HASH_LEN)) {
		zen_sha3(out, buf, 2 * ZEN_HASH_LEN);
		return;
	}
	for (int i = 7; i >= 0; i--)
		*p++ = (uint8_t)((uint64_t)height >> (8 * i));
	memcpy(p, base, ZEN_HASH_LEN);
	zen_sha3(out, buf, sizeof(buf));
}

/*
 * Node at height h over the sorted entries e[0..n), which all share the
 * key prefix fixed by base (base has every lower bit clear).
 */
static void node_hash(uint8_t out[ZEN_HASH_LEN], const struct acs_ctx *ctx,
		      const struct zen_acs_entry *e, size_t n, unsigned h,
		      const uint8_t base[ZEN_HASH_LEN])
{
	uint8_t l[ZEN_HASH_LEN], r[ZEN_HASH_LEN], rbase[ZEN_HASH_LEN];
	unsigned bit;
	size_t split = 0;

	if (!n) {
		memcpy(out, ctx->defaults[h], ZEN_HASH_LEN);
		return;
	}
	if (!h) {
		ZEN_ASSERT(n == 1);	/* keys are distinct */
		leaf_hash(out, e);
		return;
	}
	bit = ACS_LEVELS - h;
	while (split < n && !key_bit(e[split].contract_hash, bit))
		split++;
	memcpy(rbase, base, ZEN_HASH_LEN);
	rbase[bit / 8] |= (uint8_t)(0x80 >> bit % 8);
	node_hash(l, ctx, e, split, h - 1, base);
	node_hash(r, ctx, e + split, n - split, h - 1, rbase);
	interior_hash(out, l, r, h, base);
}

static int cmp_entry(const void *a, const void *b)
{
	const struct zen_acs_entry *x = a, *y = b;

	return memcmp(x->contract_hash, y->contract_hash, ZEN_HASH_LEN);
}

void zen_acs_root(uint8_t root[ZEN_HASH_LEN], const struct zen_acs_entry *e,
		  size_t n)
{
	static const uint8_t zero[ZEN_HASH_LEN];
	struct acs_ctx *ctx = zen_xmalloc(sizeof(*ctx));
	struct zen_acs_entry *sorted = NULL;

	default_hashes(ctx->defaults);
	if (n) {
		sorted = zen_xmemdup(e, n * sizeof(*e));
		zen_qsort(sorted, n, sizeof(*sorted), cmp_entry);
	}
	node_hash(root, ctx, sorted, n, ACS_LEVELS, zero);
	free(sorted);
	free(ctx);
}
