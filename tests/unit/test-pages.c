/*
 * test-pages.c - the pages of /blockchain/headers and /blockchain/blocks
 * as streams (src/ops/op_pages.c), on chains mined here, for what the
 * black-box tests (tests/t/t0540-big-pages.sh) cannot reach:
 *
 *  - a block page stops before the row that would take it past its byte
 *    budget (compiled here at PAGE_MAX_BYTES 3000, not 64 MiB), with one
 *    row at least;
 *  - a reorganisation between two batches: a page newest first fails
 *    ("the chain changed while the page was read"); a page oldest first
 *    goes on along the new chain, one stretch of it;
 *  - a page read whole (a front that does not take streams) is the
 *    streamed bytes parsed; a page asked again at the same generation
 *    comes from the cache, and a new block ends that.
 *
 * op_pages.c is compiled into this test (its handlers take the place of
 * libzenops's), so that the budget can be small.
 */
#define _GNU_SOURCE		/* nftw */
#include <ftw.h>
#include <sys/stat.h>

#define PAGE_MAX_BYTES 3000u
#include "ops/op_pages.c"

#include "core/consensus/address.h"
#include "ops/mining.h"
#include "tap.h"

#define ADDR_X "tzn1qnw2cxku67eaacdzupt58nwf6trg087g8snyc9gk62taaw8v8qz3sy7v0d9"
#define ADDR_Y "tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr"

static void die(const char *what, const struct zen_err *err)
{
	fprintf(stderr, "test-pages: %s: %s\n", what, err ? err->msg : "");
	exit(99);
}

static int rm_entry(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

static uint64_t fake_now(void *ctx)
{
	return *(uint64_t *)ctx;
}

struct chain {
	struct zen_node node;
	char dir[512];
	uint64_t now;
};

static void chain_open(struct chain *c)
{
	const char *tmp = getenv("TMPDIR");
	struct zen_chainstate *cs;
	struct zen_err err = ZEN_ERR_INIT;

	memset(&c->node, 0, sizeof(c->node));
	snprintf(c->dir, sizeof(c->dir), "%s/zen-pages-XXXXXX", tmp ? tmp : "/tmp");
	if (!mkdtemp(c->dir))
		die("mkdtemp", NULL);
	c->node.chain = ZEN_CHAIN_LOCAL;
	c->node.params = zen_chain_params(ZEN_CHAIN_LOCAL);
	c->node.datadir = c->dir;
	if (zen_node_chain(&c->node, &cs, &err))
		die("open", &err);
	c->now = 1515594186383ULL;	/* the genesis block's time */
	zen_chain_set_clock(cs, fake_now, &c->now);
}

static void chain_close(struct chain *c)
{
	zen_node_close(&c->node);
	nftw(c->dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void mine_n(struct chain *c, int n, const char *address)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_block_result res;
	uint8_t pk[ZEN_HASH_LEN];

	if (zen_address_decode_pk(pk, ZEN_CHAIN_LOCAL, address, &err))
		die("address", &err);
	while (n--) {
		c->now += c->node.params->block_interval_ms;
		if (zen_mine_block(&c->node, &res, pk, 1, NULL, &err))
			die("mine", &err);
	}
}

/* A call of verb with args {"take": take, "blockNumber": from} (-1:
 * absent), run as a front that takes streams (streams) or not. */
static int call_page(struct zen_call *call, struct chain *c, const char *verb,
		     long take, long from, int streams)
{
	json_t *raw = json_object();
	char n[32];
	int rc;

	memset(call, 0, sizeof(*call));
	call->op = zen_op_find("blockchain", verb);
	call->node = &c->node;
	call->streams = streams;
	if (take >= 0) {
		snprintf(n, sizeof(n), "%ld", take);
		json_object_set_new(raw, "take", json_string(n));
	}
	if (from >= 0) {
		snprintf(n, sizeof(n), "%ld", from);
		json_object_set_new(raw, "blockNumber", json_string(n));
	}
	rc = zen_args_validate(&call->args, call->op, raw, &call->err);
	json_decref(raw);
	return rc ? rc : zen_call_run(call);
}

/* The rest of a stream into out; its code. */
static int drain(struct zen_stream *s, struct zen_buf *out, struct zen_err *err)
{
	int done = 0, rc = 0;

	while (!rc && !done)
		rc = s->next(s, out, 1, &done, err);	/* a row a batch */
	return rc;
}

/* The whole page as text (NUL-terminated in out). */
static void page_text(struct zen_buf *out, struct chain *c, const char *verb,
		      long take, long from)
{
	struct zen_call call;

	zen_buf_reset(out);
	if (call_page(&call, c, verb, take, from, 1) ||
	    drain(call.stream, out, &call.err))
		die(verb, &call.err);
	zen_call_release(&call);
}

static json_t *parse(const struct zen_buf *b)
{
	json_t *v = json_loadb((const char *)b->data, b->len, 0, NULL);

	if (!v)
		die("page is not json", NULL);
	return v;
}

static size_t row_len(json_t *row)
{
	char *s = json_dumps(row, JSON_COMPACT);
	size_t n = strlen(s);

	free(s);
	return n;
}

static void test_budget(struct chain *c)
{
	struct zen_buf b = ZEN_BUF_INIT, next = ZEN_BUF_INIT;
	json_t *page, *after;
	size_t rows;
	uint64_t last;

	page_text(&b, c, "blocks", 3, -1);
	page = parse(&b);
	tap_u64(json_array_size(page), 3, "budget: a small block page is whole");
	json_decref(page);

	page_text(&b, c, "blocks", 100, -1);
	page = parse(&b);
	rows = json_array_size(page);
	last = json_integer_value(json_object_get(json_array_get(page, rows - 1),
						  "blockNumber"));
	page_text(&next, c, "blocks", 1, (long)last - 1);
	after = parse(&next);
	tap_ok(rows > 1 && rows < 100, "budget: a page of %zu of 100 blocks", rows);
	tap_ok(b.len <= PAGE_MAX_BYTES, "budget: %zu bytes, at most %u", b.len,
	       PAGE_MAX_BYTES);
	tap_ok(b.len + 1 + row_len(json_array_get(after, 0)) > PAGE_MAX_BYTES,
	       "budget: the next block would not have fitted");
	json_decref(page);
	json_decref(after);

	page_text(&b, c, "headers", 100, -1);
	page = parse(&b);
	tap_u64(json_array_size(page), 22, "budget: header pages have none");
	json_decref(page);
	zen_buf_release(&b);
	zen_buf_release(&next);
}

/* The same page through a front without streams: the bytes parsed. */
static void test_whole(struct chain *c)
{
	struct zen_buf b = ZEN_BUF_INIT;
	const char *verbs[] = { "headers", "blocks" };

	for (size_t i = 0; i < 2; i++) {
		struct zen_call call;
		char *s;

		page_text(&b, c, verbs[i], 4, 20);
		if (call_page(&call, c, verbs[i], 4, 20, 0))
			die(verbs[i], &call.err);
		s = json_dumps(call.result, JSON_COMPACT);
		tap_ok(!call.stream && s && !strcmp(s, zen_buf_str(&b)),
		       "whole: %s read whole is the stream's bytes", verbs[i]);
		free(s);
		zen_call_release(&call);
	}
	zen_buf_release(&b);
}

static int from_cache(struct chain *c, const char *verb, long take)
{
	struct zen_call call;
	int hit;

	if (call_page(&call, c, verb, take, -1, 1))
		die(verb, &call.err);
	hit = ((struct page_stream *)call.stream)->blob != NULL;
	zen_call_release(&call);
	return hit;
}

static void test_cache(struct chain *c)
{
	struct zen_buf a = ZEN_BUF_INIT, b = ZEN_BUF_INIT;
	json_t *page;

	page_text(&a, c, "headers", 5, -1);
	tap_ok(from_cache(c, "headers", 5), "cache: the same page again is kept");
	page_text(&b, c, "headers", 5, -1);
	tap_str(zen_buf_str(&b), zen_buf_str(&a), "cache: with the same bytes");
	tap_ok(!from_cache(c, "headers", 6), "cache: another page is not");
	mine_n(c, 1, ADDR_X);
	tap_ok(!from_cache(c, "headers", 5), "cache: a new block ends it");
	page_text(&b, c, "headers", 5, -1);
	page = parse(&b);
	tap_u64(json_integer_value(json_object_get(json_array_get(page, 0),
						   "blockNumber")), 23,
		"cache: the page read again has the new tip");
	json_decref(page);
	zen_buf_release(&a);
	zen_buf_release(&b);
}

/* B's blocks 2..top into A, oldest first. */
static void publish_branch(struct chain *a, struct chain *b, uint32_t top)
{
	struct zen_buf raw = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_block_result res;
	struct zen_chain_read *r;

	for (uint32_t n = 2; n <= top; n++) {
		struct zen_block_info info;

		zen_buf_reset(&raw);
		if (zen_node_read(&b->node, &r, &err))
			die("read b", &err);
		if (zen_chain_read_main(r, &info, n, &err) ||
		    zen_chain_read_block(r, &raw, NULL, info.hash, &err))
			die("read b block", &err);
		zen_chain_read_end(r);
		if (zen_publish_block(&a->node, &res, raw.data, raw.len, &err))
			die("publish", &err);
	}
	zen_buf_release(&raw);
}

/* Two branches from genesis, A's 20 blocks and B's 25; B's go to A while
 * two pages of A are half-read. */
static void test_reorg(void)
{
	struct chain a, b;
	struct zen_call down, up;
	struct zen_buf bd = ZEN_BUF_INIT, bu = ZEN_BUF_INIT, want = ZEN_BUF_INIT;
	int done = 0, rc;

	chain_open(&a);
	chain_open(&b);
	mine_n(&a, 20, ADDR_X);		/* A: 21 blocks */
	mine_n(&b, 25, ADDR_Y);		/* B: 26, from genesis on */
	if (call_page(&down, &a, "headers", 21, -1, 1) ||
	    call_page(&up, &a, "headers", -1, -1, 1))
		die("pages", NULL);
	/* the first batch of each: a row (and '[') */
	if (down.stream->next(down.stream, &bd, 1, &done, &down.err) ||
	    up.stream->next(up.stream, &bu, 1, &done, &up.err))
		die("first batch", NULL);
	publish_branch(&a, &b, 26);
	rc = drain(down.stream, &bd, &down.err);
	tap_u64(rc, ZEN_EREFUSED, "reorg: a page newest first fails");
	tap_str(down.err.msg, "the chain changed while the page was read",
		"reorg: and says why");
	rc = drain(up.stream, &bu, &up.err);
	tap_u64(rc, 0, "reorg: a page oldest first goes on");
	/* blocks 1..21 of the chain A now has (B's), as asked before it */
	page_text(&want, &b, "headers", 21, 21);
	{
		json_t *got = parse(&bu), *w = parse(&want);
		size_t n = json_array_size(w), ok = json_array_size(got) == n;

		for (size_t i = 0; ok && i < n; i++)
			ok = json_equal(json_array_get(got, i),
					json_array_get(w, n - 1 - i));
		tap_ok(ok, "reorg: along the new chain, 21 rows, one stretch");
		json_decref(got);
		json_decref(w);
	}
	zen_call_release(&down);
	zen_call_release(&up);
	zen_buf_release(&bd);
	zen_buf_release(&bu);
	zen_buf_release(&want);
	chain_close(&a);
	chain_close(&b);
}

int main(void)
{
	struct chain c;

	chain_open(&c);
	mine_n(&c, 21, ADDR_X);		/* 22 blocks */
	test_budget(&c);
	test_whole(&c);
	test_cache(&c);
	chain_close(&c);
	test_reorg();
	return tap_done();
}
