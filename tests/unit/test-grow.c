/*
 * Unit tests of the one growth rule (src/core/buf.h): zen_grow_array /
 * ZEN_GROW, ZEN_REALLOC_ARRAY and zen_buf_grow.  The capacities expected
 * below are worked out by hand from the documented rule,
 * max(need, (cap + 16) * 3 / 2); the overflow cases run in a fork()ed
 * child that must die of SIGABRT with the expected BUG message.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/base/buf.h"
#include "tap.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

static void test_from_zero(void)
{
	uint32_t *a = NULL;
	size_t cap = 0;
	void *before;

	ZEN_GROW(a, 1, cap);
	tap_ok(a != NULL, "grow from nothing allocates");
	tap_u64(cap, 24, "first step: (0 + 16) * 3 / 2 = 24");
	for (size_t i = 0; i < cap; i++)	/* ASan: all 24 are there */
		a[i] = (uint32_t)i;
	before = a;
	ZEN_GROW(a, 24, cap);
	tap_ok(a == before && cap == 24, "need <= cap: no move, cap kept");
	ZEN_GROW(a, 0, cap);
	tap_ok(a == before && cap == 24, "need 0: nothing happens");
	ZEN_GROW(a, 25, cap);
	tap_u64(cap, 60, "second step: (24 + 16) * 3 / 2 = 60");
	ZEN_GROW(a, 61, cap);
	tap_u64(cap, 114, "third step: (60 + 16) * 3 / 2 = 114");
	ZEN_GROW(a, 1000, cap);
	tap_u64(cap, 1000, "a need past the step is taken exactly");
	a[999] = 7;
	tap_ok(a[0] == 0 && a[23] == 23 && a[999] == 7,
	       "contents kept across the moves");
	free(a);

	a = NULL;
	cap = 0;
	ZEN_GROW(a, 0, cap);
	tap_ok(a == NULL && cap == 0, "need 0 from nothing allocates nothing");
}

/* From a given capacity, and from an exactly sized array with cap 0. */
static void test_from_cap(void)
{
	uint64_t *a = zen_xcalloc(100, sizeof(*a));
	size_t cap = 100;
	int ok = 1;

	for (size_t i = 0; i < 100; i++)
		a[i] = i * 3;
	ZEN_GROW(a, 101, cap);
	tap_u64(cap, 174, "from cap 100: (100 + 16) * 3 / 2 = 174");
	a[173] = 1;
	for (size_t i = 0; i < 100; i++)
		ok &= a[i] == i * 3;
	tap_ok(ok, "the first 100 elements kept");
	free(a);

	/* an exactly sized array may say cap 0: it still keeps its data */
	a = zen_xcalloc(5, sizeof(*a));
	for (size_t i = 0; i < 5; i++)
		a[i] = 100 + i;
	cap = 0;
	ZEN_GROW(a, 6, cap);
	tap_u64(cap, 24, "cap 0 over 5 elements grows to 24");
	tap_ok(a[0] == 100 && a[4] == 104, "understated cap keeps the data");
	free(a);
}

/* Appending one at a time: every element kept, few reallocations. */
static void test_appends(void)
{
	size_t *a = NULL, cap = 0, n = 0, moves = 0, prev = 0;
	int ok = 1;

	for (size_t i = 0; i < 100000; i++) {
		ZEN_GROW(a, n + 1, cap);
		if (cap != prev)
			moves++;
		prev = cap;
		if (cap < n + 1)
			ok = 0;
		a[n++] = i;
	}
	for (size_t i = 0; i < n; i++)
		ok &= a[i] == i;
	tap_ok(ok, "100000 appends: room each time, all kept in order");
	/* 24, 60, 114, ... 70755, 106156: 19 steps (doubling from 24
	 * would take 14, one at a time 100000) */
	tap_u64(moves, 19, "100000 appends grow 19 times");
	tap_u64(cap, 106156, "ending at 106156");
	free(a);
}

/* Element size is sizeof(*p), also for an array of fixed-size arrays. */
static void test_elem_size(void)
{
	uint8_t (*h)[32] = NULL;
	size_t cap = 0;

	ZEN_GROW(h, 3, cap);
	tap_u64(cap, 24, "hash stack: 24 slots");
	memset(h[23], 0xab, sizeof(h[23]));	/* ASan: 24 * 32 bytes */
	tap_ok(h[23][31] == 0xab, "the last 32-byte slot is writable");
	free(h);
}

static void test_realloc_array(void)
{
	uint16_t *a = NULL;

	ZEN_REALLOC_ARRAY(a, 3);
	a[0] = 1;
	a[2] = 3;
	ZEN_REALLOC_ARRAY(a, 10);
	a[9] = 10;
	tap_ok(a[0] == 1 && a[2] == 3 && a[9] == 10,
	       "ZEN_REALLOC_ARRAY resizes and keeps the data");
	free(a);
}

static void test_buf(void)
{
	struct zen_buf b = ZEN_BUF_INIT;
	char big[200];

	zen_buf_grow(&b, 0);
	tap_ok(b.data != NULL && b.cap == 24 && b.len == 0,
	       "zen_buf: the first growth is 24 bytes");
	zen_buf_add(&b, "abcdefghijklmnopqrstuvw", 23);	/* 23 + NUL = 24 */
	tap_u64(b.cap, 24, "zen_buf: 23 bytes and the NUL fit in 24");
	zen_buf_addch(&b, 'x');
	tap_u64(b.cap, 60, "zen_buf: the 25th byte grows it to 60");
	memset(big, 'y', sizeof(big));
	zen_buf_add(&b, big, sizeof(big));
	tap_u64(b.cap, 225, "zen_buf: a need past the step is taken exactly");
	tap_ok(b.len == 224 && b.data[224] == 0 && b.data[23] == 'x' &&
	       b.data[223] == 'y' && !memcmp(b.data, "abc", 3),
	       "zen_buf: bytes and the trailing NUL kept");
	zen_buf_release(&b);
}

/* ---- aborts, in a child ---- */

/*
 * Run fn in a child with stderr to a pipe: 1 when it died of SIGABRT and
 * said msg.
 */
static int aborts_with(void (*fn)(void), const char *msg)
{
	char out[512];
	size_t got = 0;
	ssize_t r;
	int fds[2], status;
	pid_t pid;

	if (pipe(fds))
		return 0;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return 0;
	if (!pid) {
		close(fds[0]);
		dup2(fds[1], 2);
		fn();
		_exit(0);	/* it returned: no abort */
	}
	close(fds[1]);
	while (got < sizeof(out) - 1 &&
	       (r = read(fds[0], out + got, sizeof(out) - 1 - got)) > 0)
		got += (size_t)r;
	out[got] = 0;
	close(fds[0]);
	if (waitpid(pid, &status, 0) != pid)
		return 0;
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGABRT ||
	    !strstr(out, msg)) {
		tap_diag("child status %d, stderr: %s", status, out);
		return 0;
	}
	return 1;
}

static void grow_bytes_overflow(void)
{
	uint64_t *a = NULL;
	size_t cap = 0;

	ZEN_GROW(a, SIZE_MAX / sizeof(*a) + 1, cap);
	free(a);
}

/* need fits, but need * 8 bytes only just does not */
static void grow_bytes_overflow_from_cap(void)
{
	uint64_t *a = zen_xcalloc(4, sizeof(*a));
	size_t cap = 4;

	ZEN_GROW(a, SIZE_MAX / 8 + 1, cap);
	free(a);
}

static void realloc_array_overflow(void)
{
	uint32_t *a = NULL;

	ZEN_REALLOC_ARRAY(a, SIZE_MAX / 4 + 1);
	free(a);
}

/* len + extra overflows; nothing is touched before the check */
static void buf_len_overflow(void)
{
	struct zen_buf b = { NULL, 10, 0 };

	zen_buf_grow(&b, SIZE_MAX - 5);
}

/* len + extra is SIZE_MAX: the NUL's byte overflows */
static void buf_nul_overflow(void)
{
	struct zen_buf b = { NULL, 10, 0 };

	zen_buf_grow(&b, SIZE_MAX - 10);
}

#ifndef UNDER_ASAN
/*
 * These two reach the allocator with a size it must refuse: ASan reports
 * such a size itself instead of returning NULL, so they run only
 * without it.
 */

/* The step (cap + 16) * 3 overflows; need alone fits: need is asked of
 * the allocator, which refuses it. */
static void grow_step_overflow(void)
{
	uint8_t *a = zen_xmalloc(1);
	size_t cap = SIZE_MAX / 2;

	ZEN_GROW(a, SIZE_MAX / 2 + 1, cap);
	free(a);
}

/* len + extra + 1 is SIZE_MAX: no overflow, the allocator refuses */
static void buf_no_overflow(void)
{
	struct zen_buf b = { NULL, 10, 0 };

	zen_buf_grow(&b, SIZE_MAX - 11);
}
#endif

static void test_aborts(void)
{
	tap_ok(aborts_with(grow_bytes_overflow, "array size overflow"),
	       "ZEN_GROW: need * elem_size overflowing aborts");
	tap_ok(aborts_with(grow_bytes_overflow_from_cap, "array size overflow"),
	       "ZEN_GROW: the same from a capacity of 4");
	tap_ok(aborts_with(realloc_array_overflow, "array size overflow"),
	       "ZEN_REALLOC_ARRAY: n * elem_size overflowing aborts");
	tap_ok(aborts_with(buf_len_overflow, "buffer size overflow"),
	       "zen_buf_grow: len + extra overflowing aborts");
	tap_ok(aborts_with(buf_nul_overflow, "buffer size overflow"),
	       "zen_buf_grow: len + extra + 1 overflowing aborts");
#ifndef UNDER_ASAN
	tap_ok(aborts_with(grow_step_overflow, "out of memory"),
	       "ZEN_GROW: an overflowing step falls back to need");
	tap_ok(aborts_with(buf_no_overflow, "out of memory"),
	       "zen_buf_grow: SIZE_MAX in all is no overflow");
#endif
}

int main(void)
{
	test_from_zero();
	test_from_cap();
	test_appends();
	test_elem_size();
	test_realloc_array();
	test_buf();
	test_aborts();
	return tap_done();
}
