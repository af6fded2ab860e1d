/*
 * block.c - block headers and blocks (protocol.md 2.12, 2.13, 3.2-3.5).
 */
#include <stdlib.h>
#include <string.h>

#include "core/types/block.h"
#include "core/crypto/hash.h"
#include "core/types/ser.h"

/* A transaction takes at least version + 3 empty counts + option tag. */
#define MIN_TX_SIZE 8

static void put_be(uint8_t *p, uint64_t v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * (n - 1 - i)));
}

void zen_header_encode(uint8_t out[ZEN_HEADER_LEN],
		       const struct zen_header *h)
{
	put_be(out, h->version, 4);
	memcpy(out + 4, h->parent, ZEN_HASH_LEN);
	put_be(out + 36, h->block_number, 4);
	memcpy(out + 40, h->commitments, ZEN_HASH_LEN);
	put_be(out + 72, h->timestamp, 8);
	put_be(out + 80, h->difficulty, 4);
	put_be(out + 84, h->nonce[0], 8);
	put_be(out + 92, h->nonce[1], 8);
}

static int read_header(struct zen_reader *r, struct zen_header *h,
		       struct zen_err *err)
{
	int ret = zen_read_u32(r, &h->version, err);

	if (!ret)
		ret = zen_read_hash(r, h->parent, err);
	if (!ret)
		ret = zen_read_u32(r, &h->block_number, err);
	if (!ret)
		ret = zen_read_hash(r, h->commitments, err);
	if (!ret)
		ret = zen_read_u64(r, &h->timestamp, err);
	if (!ret)
		ret = zen_read_u32(r, &h->difficulty, err);
	if (!ret)
		ret = zen_read_u64(r, &h->nonce[0], err);
	if (!ret)
		ret = zen_read_u64(r, &h->nonce[1], err);
	return ret;
}

int zen_header_decode(struct zen_header *h, const uint8_t *p, size_t len,
		      struct zen_err *err)
{
	struct zen_reader r;

	if (len != ZEN_HEADER_LEN)
		return zen_fail(err, ZEN_EINVAL,
				"invalid block header: %zu bytes, expected %d",
				len, ZEN_HEADER_LEN);
	zen_reader_init(&r, p, len);
	return read_header(&r, h, err);
}

void zen_header_hash(uint8_t out[ZEN_HASH_LEN], const struct zen_header *h)
{
	uint8_t raw[ZEN_HEADER_LEN];

	zen_header_encode(raw, h);
	zen_sha3(out, raw, sizeof(raw));
}

void zen_block_init(struct zen_block *b)
{
	memset(b, 0, sizeof(*b));
}

void zen_block_release(struct zen_block *b)
{
	for (size_t i = 0; i < b->n_txs; i++)
		zen_tx_release(&b->txs[i]);
	free(b->txs);
	free(b->commitments);
	zen_block_init(b);
}

static int read_commitments(struct zen_reader *r, struct zen_block *b,
			    struct zen_err *err)
{
	size_t n;
	int ret = zen_read_list_count(r, &n, ZEN_HASH_LEN, err);

	if (ret || !n)
		return ret;
	b->commitments = zen_xcalloc(n, ZEN_HASH_LEN);
	b->n_commitments = n;
	for (size_t i = 0; i < n; i++) {
		ret = zen_read_hash(r, b->commitments[i], err);
		if (ret)
			return ret;
	}
	return 0;
}

static int read_txs(struct zen_reader *r, struct zen_block *b,
		    zen_block_tx_fn *each, void *ctx, struct zen_err *err)
{
	size_t n;
	int ret = zen_read_list_count(r, &n, MIN_TX_SIZE, err);

	if (ret || !n)
		return ret;
	b->txs = zen_xcalloc(n, sizeof(*b->txs));
	while (b->n_txs < n) {
		ret = zen_tx_read(r, &b->txs[b->n_txs++], err);
		if (ret) {
			if (err)
				zen_err_prefix(err, "transaction %zu",
					       b->n_txs - 1);
			return ret;
		}
		if (each)
			each(ctx, b, b->n_txs - 1);
	}
	return 0;
}

int zen_block_decode(struct zen_block *b, const uint8_t *p, size_t len,
		     size_t *consumed, struct zen_err *err)
{
	return zen_block_decode_each(b, p, len, consumed, NULL, NULL, err);
}

int zen_block_decode_each(struct zen_block *b, const uint8_t *p, size_t len,
			  size_t *consumed, zen_block_tx_fn *each, void *ctx,
			  struct zen_err *err)
{
	struct zen_reader r;
	int ret;

	zen_block_release(b);
	zen_reader_init(&r, p, len);
	ret = read_header(&r, &b->header, err);
	if (!ret)
		ret = read_commitments(&r, b, err);
	if (!ret)
		ret = read_txs(&r, b, each, ctx, err);
	if (ret)
		return ret;
	if (b->n_commitments < ZEN_BLOCK_MIN_COMMITMENTS)
		return zen_fail(err, ZEN_EINVAL,
				"invalid block: %zu commitments, expected at least %d",
				b->n_commitments, ZEN_BLOCK_MIN_COMMITMENTS);
	if (consumed)
		*consumed = r.pos;
	return 0;
}

void zen_block_encode(struct zen_buf *out, const struct zen_block *b)
{
	uint8_t header[ZEN_HEADER_LEN];

	zen_header_encode(header, &b->header);
	zen_buf_add(out, header, sizeof(header));
	zen_write_varint(out, (uint32_t)b->n_commitments);
	if (b->n_commitments)
		zen_buf_add(out, b->commitments,
			    b->n_commitments * ZEN_HASH_LEN);
	zen_write_varint(out, (uint32_t)b->n_txs);
	for (size_t i = 0; i < b->n_txs; i++) {
		const struct zen_tx *tx = &b->txs[i];

		if (tx->raw)
			zen_buf_add(out, tx->raw, tx->raw_len);
		else
			zen_tx_encode(out, tx, ZEN_TX_FULL);
	}
}

int zen_block_tx_roots(uint8_t tx_root[ZEN_HASH_LEN],
		       uint8_t witness_root[ZEN_HASH_LEN],
		       const struct zen_block *b, struct zen_err *err)
{
	uint8_t (*leaves)[ZEN_HASH_LEN];

	if (!b->n_txs)
		return zen_fail(err, ZEN_EINVAL, "invalid block: no transactions");
	leaves = zen_xcalloc(b->n_txs, ZEN_HASH_LEN);
	for (size_t i = 0; i < b->n_txs; i++)
		memcpy(leaves[i], b->txs[i].tx_hash, ZEN_HASH_LEN);
	zen_merkle_root(tx_root, (const uint8_t (*)[ZEN_HASH_LEN])leaves,
			b->n_txs);
	for (size_t i = 0; i < b->n_txs; i++)
		memcpy(leaves[i], b->txs[i].witness_hash, ZEN_HASH_LEN);
	zen_merkle_root(witness_root, (const uint8_t (*)[ZEN_HASH_LEN])leaves,
			b->n_txs);
	free(leaves);
	return 0;
}

void zen_commitments_root(uint8_t out[ZEN_HASH_LEN],
			  const uint8_t tx_root[ZEN_HASH_LEN],
			  const uint8_t witness_root[ZEN_HASH_LEN],
			  const uint8_t acs_root[ZEN_HASH_LEN],
			  const uint8_t (*extra)[ZEN_HASH_LEN], size_t n_extra)
{
	uint8_t (*leaves)[ZEN_HASH_LEN] = zen_xcalloc(3 + n_extra,
						     ZEN_HASH_LEN);

	memcpy(leaves[0], tx_root, ZEN_HASH_LEN);
	memcpy(leaves[1], witness_root, ZEN_HASH_LEN);
	memcpy(leaves[2], acs_root, ZEN_HASH_LEN);
	if (n_extra)
		memcpy(leaves[3], extra, n_extra * ZEN_HASH_LEN);
	zen_merkle_root(out, (const uint8_t (*)[ZEN_HASH_LEN])leaves,
			3 + n_extra);
	free(leaves);
}

void zen_block_commitments_root(uint8_t out[ZEN_HASH_LEN],
				const struct zen_block *b)
{
	ZEN_ASSERT(b->n_commitments >= 1);
	zen_merkle_root(out, (const uint8_t (*)[ZEN_HASH_LEN])b->commitments,
			b->n_commitments);
}
