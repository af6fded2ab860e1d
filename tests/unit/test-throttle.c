/*
 * test-throttle.c - the wrong-password throttle (src/ops/throttle.h):
 * slots per source and in the global queue, the reset by a right
 * password, the window, the full table, and many threads at once.  The
 * expected slots follow from the rules in throttle.h (1 s per source, 10 a
 * second for all suspect sources, 10 minutes of memory), worked out by
 * hand below; times are the test's own.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/err.h"
#include "ops/throttle.h"
#include "tap.h"

#define MIN10 (10u * 60u * 1000u)
#define LONG_SOURCE "a-very-long-source-name-that-is-longer-than-the-sixty-three-characters-kept"

static void test_clean_source(void)
{
	zen_pw_reset();
	tap_u64(zen_pw_admit(NULL, 500), 500, "no source: no throttle");
	tap_u64(zen_pw_admit(NULL, 500), 500, "no source, again: still none");
	tap_u64(zen_pw_admit("10.0.0.1", 1000), 1000, "a new source runs at once");
	tap_u64(zen_pw_admit("10.0.0.1", 1000), 2000,
		"its second attempt at the same time waits 1 s");
	tap_u64(zen_pw_admit("10.0.0.1", 1200), 3000, "its third, 1 s after that");
	tap_u64(zen_pw_admit("10.0.0.2", 1200), 1200, "another source is not delayed");
	tap_ok(!zen_pw_suspect("10.0.0.1", 1200), "no failure: not suspect");
	zen_pw_done("10.0.0.1");
	zen_pw_done("10.0.0.1");
	tap_u64(zen_pw_admit("10.0.0.1", 1250), 4000,
		"one attempt still under way: the next waits behind it");
	zen_pw_done("10.0.0.1");
	zen_pw_done("10.0.0.1");
	tap_u64(zen_pw_admit("10.0.0.1", 1300), 1300,
		"none under way: a clean source runs at once");
	zen_pw_done("10.0.0.1");
	zen_pw_done("10.0.0.1");	/* one too many: ignored */
	zen_pw_note("10.0.0.1", ZEN_EINVAL, 1400);
	tap_u64(zen_pw_admit("10.0.0.1", 1400), 1400,
		"another error is not a failure");
	tap_u64(zen_pw_admit("10.0.0.1", 1400), 2400, "and the burst rule holds");
	zen_pw_note("10.0.0.1", 0, 1500);
	tap_u64(zen_pw_admit("10.0.0.1", 1500), 1500,
		"a right password resets the source");
}

static void test_suspect(void)
{
	zen_pw_reset();
	tap_u64(zen_pw_admit("a", 10000), 10000, "first guess at once");
	zen_pw_note("a", ZEN_EPASSWORD, 10050);
	tap_ok(zen_pw_suspect("a", 10050), "a wrong password makes it suspect");
	tap_u64(zen_pw_admit("a", 10100), 11000, "next guess 1 s after the first");
	tap_u64(zen_pw_admit("a", 10100), 12000, "and the one after, 1 s later");
	/* b is clean: no global slot needed */
	tap_u64(zen_pw_admit("b", 10100), 10100, "a clean source is not queued");
	zen_pw_note("b", ZEN_EPASSWORD, 10100);
	/* b suspect: its own slot is 11100, the global queue's next is 12100
	 * (a took 11000 and 12000, each holding 100 ms) */
	tap_u64(zen_pw_admit("b", 10200), 12100,
		"a second suspect waits for the global queue");
	zen_pw_note("a", 0, 12500);
	tap_ok(!zen_pw_suspect("a", 12500), "a right password clears the failure");
	tap_u64(zen_pw_admit("a", 12500), 12500, "and the source runs at once again");
	zen_pw_note("b", ZEN_EPASSWORD, 13000);
	tap_ok(zen_pw_suspect("b", 13000 + MIN10 - 1), "suspect until the window ends");
	tap_ok(!zen_pw_suspect("b", 13000 + MIN10), "not after it");
	tap_u64(zen_pw_admit("b", 13000 + MIN10), 13000 + MIN10,
		"after the window the source runs at once");
}

/* 40 suspect sources asking at once: slots 100 ms apart, none sooner
 * than now, at most 10 in any second. */
static void test_global_rate(void)
{
	uint64_t slots[40];
	char src[32];
	int ok = 1;

	zen_pw_reset();
	for (int i = 0; i < 40; i++) {
		snprintf(src, sizeof(src), "192.0.2.%d", i);
		zen_pw_note(src, ZEN_EPASSWORD, 1000);
	}
	for (int i = 0; i < 40; i++) {
		snprintf(src, sizeof(src), "192.0.2.%d", i);
		slots[i] = zen_pw_admit(src, 2000);
	}
	for (int i = 0; i < 40; i++)
		if (slots[i] != 2000 + 100u * (uint64_t)i)
			ok = 0;
	tap_ok(ok, "40 suspect sources get slots 100 ms apart from now");
	tap_u64(slots[39] - slots[0], 3900, "the 40th guess waits 3.9 s");
}

/* The table holds ZEN_PW_SOURCES sources; then unknown ones are suspect. */
static void test_full_table(void)
{
	char src[32];
	uint64_t s1, s2;

	zen_pw_reset();
	for (unsigned i = 0; i < ZEN_PW_SOURCES; i++) {
		snprintf(src, sizeof(src), "10.1.%u.%u", i / 256, i % 256);
		zen_pw_note(src, ZEN_EPASSWORD, 5000);
	}
	tap_ok(zen_pw_suspect("10.9.9.9", 6000), "full table: an unknown source is suspect");
	s1 = zen_pw_admit("10.9.9.9", 6000);
	s2 = zen_pw_admit("10.9.9.8", 6000);
	tap_u64(s1, 6000, "full table: the first unknown takes the global queue's slot");
	tap_u64(s2, 6100, "full table: the next unknown the next global slot");
	tap_ok(zen_pw_suspect("10.1.0.7", 6000), "the remembered failures stay");
	/* after the window every entry is stale: room again */
	tap_u64(zen_pw_admit("10.9.9.9", 5000 + MIN10), 5000 + MIN10,
		"after the window the unknown source gets an entry and runs at once");
	tap_ok(!zen_pw_suspect("10.9.9.7", 5000 + MIN10), "and others are clean again");
	tap_u64(zen_pw_admit(LONG_SOURCE, 5000 + MIN10), 5000 + MIN10,
		"a source longer than the key kept runs at once");
	tap_u64(zen_pw_admit(LONG_SOURCE, 5000 + MIN10), 6000 + MIN10,
		"and is found again by its kept prefix");
}

struct racer {
	uint64_t slots[50];
};

static void *race(void *arg)
{
	struct racer *r = arg;

	for (int i = 0; i < 50; i++)
		r->slots[i] = zen_pw_admit("203.0.113.9", 100000);
	return NULL;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* 4 threads x 50 attempts of one suspect source: 200 distinct slots, 1 s
 * apart, the first at now. */
static void test_threads(void)
{
	struct racer r[4];
	pthread_t t[4];
	uint64_t all[200];
	int ok = 1;

	zen_pw_reset();
	zen_pw_note("203.0.113.9", ZEN_EPASSWORD, 99000);
	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, race, &r[i]);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < 4; i++)
		memcpy(all + 50 * i, r[i].slots, sizeof(r[i].slots));
	qsort(all, 200, sizeof(all[0]), cmp_u64);
	for (int i = 0; i < 200; i++)
		if (all[i] != 100000 + 1000u * (uint64_t)i)
			ok = 0;
	tap_ok(ok, "200 simultaneous attempts from one source: one a second");
}

int main(void)
{
	test_clean_source();
	test_suspect();
	test_global_rate();
	test_full_table();
	test_threads();
	return tap_done();
}
