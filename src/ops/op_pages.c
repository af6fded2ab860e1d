/*
 * op_pages.c - /blockchain/headers and /blockchain/blocks (api.md 5.5, 7,
 * K12, F12): pages of main-chain rows, newest first from blockNumber
 * (default and ceiling: the tip), or without take the whole chain oldest
 * first when it has at most PAGE_MAX_ROWS blocks.
 *
 * A page is a stream (op.h): its rows are read and encoded one batch at a
 * time, each batch in a read snapshot of its own, so that a page of ten
 * thousand blocks for a slow client holds neither the whole reply in
 * memory nor a snapshot open.  The rows of one page are one stretch of
 * one chain: every row must be the parent (newest first) or the child
 * (oldest first) of the row before; when a reorganisation between two
 * batches breaks that, the page fails ("the chain changed while the page
 * was read"), which after the first batch cuts the reply short.
 *
 * A block page also stops before the block that would take its JSON past
 * PAGE_MAX_BYTES (a page has one block at least): a client that gets
 * fewer blocks than it asked for asks again from the block below the
 * last one.
 *
 * Pages are what explorers poll (the newest hundred headers, again and
 * again): one of at most PAGE_CACHE_BYTES is kept, encoded, for as long as
 * the store's generation is the one its snapshots saw, as /blockchain/info
 * keeps its reply (PAGE_CACHE_SLOTS of them; the tip they were read under
 * tells apart the chains of a process that opens several, as the tests
 * do).  A cached page goes to the server whole, without a copy.
 *
 * The rows are written here and only here, straight to bytes: the same
 * bytes jansson's compact encoding gives (keys in this order, integers as
 * %llu, strings that never need escapes: hex, digits, "0x..."), which the
 * black-box tests check against an independent encoder.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/consensus/consensus.h"
#include "core/encoding/hex.h"
#include "ops/handlers.h"
#include "ops/node.h"

#define PAGE_MAX_ROWS 10000u
#ifndef PAGE_MAX_BYTES		/* tests/unit/test-pages.c makes it small */
#define PAGE_MAX_BYTES (64u << 20)
#endif
#define PAGE_CACHE_BYTES (2u << 20)
#define PAGE_CACHE_SLOTS 4

enum page_kind { PAGE_HEADERS, PAGE_BLOCKS };

/* Which rows: count of them from first, down (or up when oldest_first),
 * of the chain whose tip was tip when the page began. */
struct page {
	enum page_kind kind;
	uint32_t first, count;
	int oldest_first;
	uint8_t tip[ZEN_HASH_LEN];	/* zero for an empty chain */
};

/* An encoded page, shared by the streams that send it (refcounted). */
struct page_blob {
	atomic_uint refs;
	const struct zen_chainstate *chain;
	uint64_t generation;
	struct page page;
	size_t len;
	uint8_t bytes[];
};

struct page_stream {
	struct zen_stream s;		/* first: the stream is the page */
	struct zen_chainstate *chain;
	struct page page;
	uint64_t generation;		/* its first snapshot's */
	int mixed;			/* a later snapshot saw another one */
	uint32_t i;			/* rows written */
	int opened;			/* '[' written */
	size_t bytes;			/* of the reply so far */
	uint8_t link[ZEN_HASH_LEN];	/* what the next row must match */
	struct zen_buf raw;		/* a block's bytes, reused */
	struct zen_buf keep;		/* the whole page, while it may be
					   cached (keeping set) */
	int keeping;
	struct page_blob *blob;		/* a cached page being sent, or NULL */
	size_t sent;			/* of blob */
};

/* ---- the cache ------------------------------------------------------------ */

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct page_blob *cache[PAGE_CACHE_SLOTS];
static unsigned cache_next;

static void blob_unref(struct page_blob *b)
{
	if (b && atomic_fetch_sub(&b->refs, 1) == 1)
		free(b);
}

static int same_page(const struct page *a, const struct page *b)
{
	return a->kind == b->kind && a->first == b->first &&
	       a->count == b->count && a->oldest_first == b->oldest_first &&
	       !memcmp(a->tip, b->tip, ZEN_HASH_LEN);
}

static struct page_blob *cache_find(const struct zen_chainstate *chain,
				    uint64_t generation, const struct page *p)
{
	struct page_blob *hit = NULL;

	pthread_mutex_lock(&cache_lock);
	for (unsigned i = 0; i < PAGE_CACHE_SLOTS && !hit; i++)
		if (cache[i] && cache[i]->chain == chain &&
		    cache[i]->generation == generation &&
		    same_page(&cache[i]->page, p)) {
			hit = cache[i];
			atomic_fetch_add(&hit->refs, 1);
		}
	pthread_mutex_unlock(&cache_lock);
	return hit;
}

/* Keep a page read whole at one generation; an older one makes room. */
static void cache_put(struct page_stream *ps)
{
	struct page_blob *b = zen_xmalloc(sizeof(*b) + ps->keep.len);
	struct page_blob *old;

	atomic_init(&b->refs, 1);
	b->chain = ps->chain;
	b->generation = ps->generation;
	b->page = ps->page;
	b->len = ps->keep.len;
	memcpy(b->bytes, ps->keep.data, ps->keep.len);
	pthread_mutex_lock(&cache_lock);
	for (unsigned i = 0; i < PAGE_CACHE_SLOTS; i++)
		if (cache[i] && cache[i]->generation != b->generation) {
			cache_next = i;
			break;
		}
	old = cache[cache_next];
	cache[cache_next] = b;
	cache_next = (cache_next + 1) % PAGE_CACHE_SLOTS;
	pthread_mutex_unlock(&cache_lock);
	blob_unref(old);
}

/* ---- rows ----------------------------------------------------------------- */

/* api.md 3.9: the header summary. */
static void header_row(struct zen_buf *out, const struct zen_block_info *info)
{
	struct zen_u256 target;
	char hash[2 * ZEN_HASH_LEN + 1], hex[65];
	time_t secs = (time_t)(info->header.timestamp / 1000);
	struct tm tm;

	gmtime_r(&secs, &tm);
	zen_hex_encode_to(hash, info->hash, ZEN_HASH_LEN);
	zen_difficulty_uncompress(&target, info->header.difficulty);
	zen_hex_encode_to(hex, target.b, sizeof(target.b));
	/* Two-digit year, as the reference prints it (api.md 3.9). */
	zen_buf_addf(out, "{\"hash\":\"%s\",\"timestamp\":%" PRIu64
		     ",\"date\":\"%02d-%02d-%02d %02d:%02d:%02d\""
		     ",\"blockNumber\":%" PRIu32 ",\"difficulty\":\"0x%x\""
		     ",\"target\":\"%s\"}",
		     hash, info->header.timestamp, tm.tm_year % 100,
		     tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min,
		     tm.tm_sec, info->header.block_number,
		     info->header.difficulty, hex);
}

/* api.md 7: a block as {"blockNumber":N,"rawBlock":"<hex>"}. */
static void block_row(struct zen_buf *out, uint32_t number,
		      const struct zen_buf *raw)
{
	zen_buf_addf(out, "{\"blockNumber\":%" PRIu32 ",\"rawBlock\":\"", number);
	zen_hex_encode(out, raw->data, raw->len);
	zen_buf_add(out, "\"}", 2);
}

static size_t block_row_len(uint32_t number, const struct zen_buf *raw)
{
	char digits[16];

	return sizeof("{\"blockNumber\":,\"rawBlock\":\"\"}") - 1 +
	       (size_t)snprintf(digits, sizeof(digits), "%" PRIu32, number) +
	       2 * raw->len;
}

static uint32_t page_number(const struct page *p, uint32_t i)
{
	return p->oldest_first ? p->first + i : p->first - i;
}

static int chain_changed(struct zen_err *err)
{
	return zen_fail(err, ZEN_EREFUSED,
			"the chain changed while the page was read");
}

/* Does info continue the stretch of chain the page has written so far? */
static int linked(const struct page_stream *ps,
		  const struct zen_block_info *info)
{
	const uint8_t *h = ps->page.oldest_first ? info->header.parent
						 : info->hash;

	return !ps->i || !memcmp(h, ps->link, ZEN_HASH_LEN);
}

/*
 * The next row, appended to out.  Sets *full instead when it would take
 * a block page past PAGE_MAX_BYTES.
 */
static int page_row(struct page_stream *ps, struct zen_chain_read *r,
		    struct zen_buf *out, int *full, struct zen_err *err)
{
	struct zen_block_info info;
	size_t at = out->len;
	int rc;

	rc = zen_chain_read_main(r, &info, page_number(&ps->page, ps->i), err);
	if (rc == ZEN_ENOTFOUND || (!rc && !linked(ps, &info)))
		return chain_changed(err);
	if (!rc && ps->page.kind == PAGE_BLOCKS) {
		zen_buf_reset(&ps->raw);
		rc = zen_chain_read_block(r, &ps->raw, NULL, info.hash, err);
	}
	if (rc)
		return rc == ZEN_ENOTFOUND ? chain_changed(err) : rc;
	/* a block page ends before a row (with its comma, and the closing
	 * bracket) that would take it past its budget */
	if (ps->page.kind == PAGE_BLOCKS && ps->i &&
	    ps->bytes + 1 + block_row_len(info.header.block_number, &ps->raw) +
	    1 > PAGE_MAX_BYTES) {
		*full = 1;
		return 0;
	}
	if (ps->i)
		zen_buf_addch(out, ',');
	if (ps->page.kind == PAGE_HEADERS)
		header_row(out, &info);
	else
		block_row(out, info.header.block_number, &ps->raw);
	ps->bytes += out->len - at;
	memcpy(ps->link, ps->page.oldest_first ? info.hash : info.header.parent,
	       ZEN_HASH_LEN);
	ps->i++;
	return 0;
}

/* Rows until about want bytes are in out, in one read snapshot. */
static int page_rows(struct page_stream *ps, struct zen_buf *out, size_t want,
		     int *full, struct zen_err *err)
{
	struct zen_chain_read *r;
	size_t start = out->len;
	int rc = zen_chain_read_begin(ps->chain, &r, err);

	if (!rc && zen_chain_read_generation(r) != ps->generation)
		ps->mixed = 1;	/* the rows span a write: never kept */
	while (!rc && !*full && ps->i < ps->page.count &&
	       out->len - start < want)
		rc = page_row(ps, r, out, full, err);
	zen_chain_read_end(r);
	return rc;
}

/* The page is whole (ended) or too big to keep: keep it in the cache
 * if it ended and was read at one generation. */
static void page_keep_end(struct page_stream *ps, int ended)
{
	if (ended && ps->keeping && !ps->mixed)
		cache_put(ps);
	zen_buf_release(&ps->keep);
	ps->keeping = 0;
}

static int page_next(struct zen_stream *s, struct zen_buf *out, size_t want,
		     int *done, struct zen_err *err)
{
	struct page_stream *ps = (struct page_stream *)s;
	size_t start = out->len;
	int full = 0, rc = 0;

	if (ps->blob) {		/* a cached page: slices of it */
		size_t n = ps->blob->len - ps->sent;

		n = n < want ? n : want;
		zen_buf_add(out, ps->blob->bytes + ps->sent, n);
		ps->sent += n;
		*done = ps->sent == ps->blob->len;
		return 0;
	}
	if (!ps->opened) {
		zen_buf_addch(out, '[');
		ps->opened = 1;
		ps->bytes++;
	}
	if (ps->i < ps->page.count)
		rc = page_rows(ps, out, want, &full, err);
	if (rc)
		return rc;
	*done = full || ps->i == ps->page.count;
	if (*done) {
		zen_buf_addch(out, ']');
		ps->bytes++;
	}
	if (ps->keeping && ps->bytes <= PAGE_CACHE_BYTES)
		zen_buf_add(&ps->keep, out->data + start, out->len - start);
	else if (ps->keeping)
		page_keep_end(ps, 0);
	if (*done)
		page_keep_end(ps, 1);
	return 0;
}

static const uint8_t *page_whole(struct zen_stream *s, size_t *len)
{
	struct page_stream *ps = (struct page_stream *)s;

	if (!ps->blob || ps->sent)
		return NULL;
	*len = ps->blob->len;
	return ps->blob->bytes;
}

static void page_free(struct zen_stream *s)
{
	struct page_stream *ps = (struct page_stream *)s;

	blob_unref(ps->blob);
	zen_buf_release(&ps->raw);
	zen_buf_release(&ps->keep);
	free(ps);
}

/* ---- the handlers ----------------------------------------------------------- */

/* Which rows the arguments ask for, against the tip of the store at
 * *generation (zen_chain_tip_now: pages asked again are answered without
 * a snapshot). */
static int page_args(struct zen_call *call, uint64_t *generation,
		     struct page *page)
{
	struct zen_block_info tip;
	uint64_t take, from;
	uint32_t top;
	int rc = zen_chain_tip_now(call->chain, &tip, generation, &call->err);

	page->count = 0;
	page->first = 1;
	page->oldest_first = 0;
	memset(page->tip, 0, ZEN_HASH_LEN);
	if (rc == ZEN_ENOTFOUND)
		return 0;
	if (rc)
		return rc;
	memcpy(page->tip, tip.hash, ZEN_HASH_LEN);
	top = tip.header.block_number;
	if (!zen_args_u64(call->args, "take", &take)) {
		if (top > PAGE_MAX_ROWS)
			return zen_fail(&call->err, ZEN_EINVAL,
					"the chain has more than %u blocks: "
					"give take (at most %u)",
					PAGE_MAX_ROWS, PAGE_MAX_ROWS);
		page->count = top;
		page->oldest_first = 1;
		return 0;
	}
	if (take > PAGE_MAX_ROWS)
		return zen_fail(&call->err, ZEN_EINVAL,
				"invalid take (at most %u)", PAGE_MAX_ROWS);
	if (!zen_args_u64(call->args, "blockNumber", &from) || from > top)
		from = top;
	page->first = (uint32_t)from;
	page->count = (uint32_t)(take < from ? take : from);
	return 0;
}

/* Check the arguments now (a refusal is an ordinary error reply), then
 * leave the page as the call's stream. */
static int page_start(struct zen_call *call, enum page_kind kind)
{
	struct page_stream *ps = zen_xcalloc(1, sizeof(*ps));
	int rc;

	ps->s.next = page_next;
	ps->s.free = page_free;
	ps->s.whole = page_whole;
	ps->chain = call->chain;
	ps->page.kind = kind;
	/* The generation of the snapshot the tip was read in, not
	 * zen_chain_generation: that may already count a commit new readers
	 * do not see yet (store.h), and a page read before it would be kept
	 * under it, stale until the next write. */
	if (!call->chain)
		ZEN_BUG("a chain read by an op without ZEN_OPF_STORE");
	rc = page_args(call, &ps->generation, &ps->page);
	if (rc) {
		page_free(&ps->s);
		return rc;
	}
	ps->blob = cache_find(ps->chain, ps->generation, &ps->page);
	ps->keeping = !ps->blob;
	call->stream = &ps->s;
	return 0;
}

int op_blockchain_headers(struct zen_call *call)
{
	return page_start(call, PAGE_HEADERS);
}

int op_blockchain_blocks(struct zen_call *call)
{
	return page_start(call, PAGE_BLOCKS);
}
