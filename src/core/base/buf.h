/*
 * buf.h - a growable byte buffer (git's strbuf contract).
 *
 * struct zen_buf b = ZEN_BUF_INIT;  ... zen_buf_release(&b);
 * data is NULL only while len == 0 and nothing was ever appended.  The
 * buffer keeps one spare NUL byte after len so text can be used as a C
 * string.  Allocation failure aborts (like git's xmalloc): the node cannot
 * do anything useful without memory, and it keeps every caller simple.
 */
#ifndef ZEN_BUF_H
#define ZEN_BUF_H

#include "core/base/zen.h"

struct zen_buf {
	uint8_t *data;
	size_t len;
	size_t cap;
};

#define ZEN_BUF_INIT { NULL, 0, 0 }

/* Make room for extra more bytes (grows as zen_grow_array; aborts when
 * len + extra overflows).  May move data. */
void zen_buf_grow(struct zen_buf *b, size_t extra);
void zen_buf_add(struct zen_buf *b, const void *p, size_t n);
void zen_buf_addch(struct zen_buf *b, uint8_t c);
void zen_buf_addstr(struct zen_buf *b, const char *s);
void zen_buf_addf(struct zen_buf *b, const char *fmt, ...) ZEN_PRINTF(2, 3);
void zen_buf_reset(struct zen_buf *b);	/* len = 0, keeps the memory */
/* Free the memory; the buffer is reusable (as if ZEN_BUF_INIT) after. */
void zen_buf_release(struct zen_buf *b);
/* Hand the memory to the caller (free() it); the buffer is reset. */
uint8_t *zen_buf_detach(struct zen_buf *b, size_t *len);
/* Text view: never NULL, NUL-terminated. */
const char *zen_buf_str(const struct zen_buf *b);

/* Allocation helpers that abort on failure. */
void *zen_xmalloc(size_t n);
void *zen_xcalloc(size_t n, size_t size);
void *zen_xrealloc(void *p, size_t n);
char *zen_xstrdup(const char *s);
void *zen_xmemdup(const void *p, size_t n);

/*
 * p resized to exactly n elements of elem_size bytes (git's
 * REALLOC_ARRAY): for the one-shot resizes that are not growth.  Aborts
 * when n * elem_size overflows size_t or memory runs out.
 */
void *zen_xreallocarray(void *p, size_t n, size_t elem_size)
	ZEN_WARN_UNUSED;
#define ZEN_REALLOC_ARRAY(p, n) \
	((p) = zen_xreallocarray((p), (n), sizeof(*(p))))

/*
 * The one way an array grows (git's ALLOC_GROW).  Returns p (may move)
 * with room for at least need elements of elem_size bytes; *cap is the
 * number of elements p has room for, updated when it grows.  Nothing
 * happens while need <= *cap.  Otherwise the new capacity is
 * max(need, (*cap + 16) * 3 / 2): geometric, so n appends cost O(n)
 * copying, and 1.5 rather than 2 wastes at most a third of the block and
 * lets the allocator reuse the blocks freed before; the + 16 skips the
 * tiny first steps.  When that step would overflow size_t it is exactly
 * need; when need * elem_size overflows it aborts, like an allocation
 * failure.  *cap may understate what p holds (0 for an exactly sized
 * array is fine), never overstate it.
 */
void *zen_grow_array(void *p, size_t need, size_t *cap, size_t elem_size)
	ZEN_WARN_UNUSED;
/* p grown to hold need elements; cap a size_t lvalue.  p is evaluated
 * twice. */
#define ZEN_GROW(p, need, cap) \
	((p) = zen_grow_array((p), (need), &(cap), sizeof(*(p))))

#endif
