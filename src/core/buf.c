#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "err.h"

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

void zen_buf_grow(struct zen_buf *b, size_t extra)
{
	size_t need;

	if (extra > SIZE_MAX - b->len - 1)
		ZEN_BUG("buffer size overflow");
	need = b->len + extra + 1;
	if (need <= b->cap)
		return;
	if (b->cap && b->cap < SIZE_MAX / 2 && need < b->cap * 2)
		need = b->cap * 2;
	if (need < 64)
		need = 64;
	b->data = zen_xrealloc(b->data, need);
	b->cap = need;
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
