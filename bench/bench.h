/*
 * bench.h - shared helpers of the benchmark programs under bench/: a
 * monotonic clock, the per-measurement duration (ZEN_BENCH_SECONDS,
 * default 2, at most 60) and the online core count.  Benchmarks print
 * figures; they never fail on a target.
 */
#ifndef ZEN_BENCH_H
#define ZEN_BENCH_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static inline double bench_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* CPU seconds used by the calling thread / by the whole process. */
static inline double bench_thread_cpu(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static inline double bench_process_cpu(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Seconds per measurement: ZEN_BENCH_SECONDS (0.1 .. 60), default 2. */
static inline double bench_seconds(void)
{
	const char *s = getenv("ZEN_BENCH_SECONDS");
	double d = s ? strtod(s, NULL) : 2.0;

	if (!(d >= 0.1))
		d = 0.1;
	if (d > 60)
		d = 60;
	return d;
}

static inline int bench_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median of v[0..n) (v is sorted in place): every figure of
 * interleaved runs is reported as theirs, not as the best. */
static inline double bench_median(double *v, size_t n)
{
	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), bench_cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static inline unsigned bench_cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (unsigned)n : 1;
}

static inline void bench_sleep(double seconds)
{
	struct timespec t;

	t.tv_sec = (time_t)seconds;
	t.tv_nsec = (long)((seconds - (double)t.tv_sec) * 1e9);
	while (nanosleep(&t, &t) != 0)
		;
}

#ifdef ZEN_SRCDIR
#include "core/base/buf.h"

/* Append tests/contracts/NAME of the source tree to b, or exit. */
static inline void bench_load_contract(struct zen_buf *b, const char *name)
{
	char path[4096], chunk[4096];
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/tests/contracts/%s", ZEN_SRCDIR, name);
	f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "bench: cannot open %s\n", path);
		exit(1);
	}
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		zen_buf_add(b, chunk, n);
	fclose(f);
}
#endif

#endif
