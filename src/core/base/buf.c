#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/buf.h"
#include "core/base/err.h"

void *zen_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		ZEN_BUG("out of memory");
	return p;
}

void *zen_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		ZEN_BUG("out of memory");
	return p;
}

void *zen_xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		ZEN_BUG("out of memory");
	return p;
}

char *zen_xstrdup(const char *s)
{
	return zen_xmemdup(s, strlen(s) + 1);
}

void *zen_xmemdup(const void *p, size_t n)
{
	void *q = zen_xmalloc(n);

	if (n)
		memcpy(q, p, n);
	return q;
}

void *zen_xreallocarray(void *p, size_t n, size_t elem_size)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, elem_size, &bytes))
		ZEN_BUG("array size overflow");
	return zen_xrealloc(p, bytes);
}

/* The geometric step after cap, (cap + 16) * 3 / 2, or 0 on overflow. */
static size_t grow_step(size_t cap)
{
	size_t next;

	if (__builtin_add_overflow(cap, 16, &next) ||
	    __builtin_mul_overflow(next, 3, &next))
		return 0;
	return next / 2;
}

void *zen_grow_array(void *p, size_t need, size_t *cap, size_t elem_size)
{
	size_t alloc, bytes;

	if (need <= *cap)
		return p;
	alloc = grow_step(*cap);
	if (alloc < need || __builtin_mul_overflow(alloc, elem_size, &bytes))
		alloc = need;
	if (__builtin_mul_overflow(alloc, elem_size, &bytes))
		ZEN_BUG("array size overflow");
	p = zen_xrealloc(p, bytes);
	*cap = alloc;
	return p;
}

void zen_buf_grow(struct zen_buf *b, size_t extra)
{
	size_t need;

	/* one more for the NUL kept after len */
	if (__builtin_add_overflow(b->len, extra, &need) ||
	    __builtin_add_overflow(need, 1, &need))
		ZEN_BUG("buffer size overflow");
	b->data = zen_grow_array(b->data, need, &b->cap, 1);
}

void zen_buf_add(struct zen_buf *b, const void *p, size_t n)
{
	zen_buf_grow(b, n);
	if (n)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = 0;
}

void zen_buf_addch(struct zen_buf *b, uint8_t c)
{
	zen_buf_add(b, &c, 1);
}

void zen_buf_addstr(struct zen_buf *b, const char *s)
{
	zen_buf_add(b, s, strlen(s));
}

void zen_buf_addf(struct zen_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		ZEN_BUG("bad format");
	zen_buf_grow(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf((char *)b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void zen_buf_reset(struct zen_buf *b)
{
	b->len = 0;
	if (b->data)
		b->data[0] = 0;
}

void zen_buf_release(struct zen_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

uint8_t *zen_buf_detach(struct zen_buf *b, size_t *len)
{
	uint8_t *p;

	if (!b->data)
		zen_buf_grow(b, 0);
	p = b->data;
	if (len)
		*len = b->len;
	b->data = NULL;
	b->len = b->cap = 0;
	return p;
}

const char *zen_buf_str(const struct zen_buf *b)
{
	return b->data ? (const char *)b->data : "";
}
