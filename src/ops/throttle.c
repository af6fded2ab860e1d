/*
 * throttle.c - the wrong-password throttle (throttle.h): a bounded table
 * of sources with their next free slot and last failure, and one global
 * queue for suspect sources.  One mutex; every call is a few lookups.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/base/clock.h"
#include "core/base/err.h"
#include "ops/throttle.h"

#define NONE UINT32_MAX
#define BUCKETS 8192u	/* a power of two, twice the table */
#define GLOBAL_GAP_MS (1000u / ZEN_PW_GLOBAL_RATE)

struct pw_entry {
	char source[ZEN_PW_SOURCE_MAX + 1];
	uint64_t next_slot;	/* the earliest slot still free */
	uint64_t last_fail;
	int has_fail;
	unsigned pending;	/* attempts admitted, not yet done */
	uint32_t next;		/* bucket chain, or the free list */
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct pw_entry table[ZEN_PW_SOURCES];
static uint32_t buckets[BUCKETS];
static uint32_t free_head;
static uint32_t used;
static int ready;
static uint64_t global_next;	/* the global queue's next free slot */
static uint64_t evict_after;	/* no entry is evictable before this */

static void reset_locked(void)
{
	for (uint32_t i = 0; i < BUCKETS; i++)
		buckets[i] = NONE;
	for (uint32_t i = 0; i < ZEN_PW_SOURCES; i++)
		table[i].next = i + 1 < ZEN_PW_SOURCES ? i + 1 : NONE;
	free_head = 0;
	used = 0;
	global_next = 0;
	evict_after = 0;
	ready = 1;
}

static uint32_t hash_of(const char *s)
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	for (; *s; s++)
		h = (h ^ (uint8_t)*s) * 16777619u;
	return h & (BUCKETS - 1);
}

static uint32_t find(const char *source)
{
	uint32_t i = buckets[hash_of(source)];

	while (i != NONE && strcmp(table[i].source, source))
		i = table[i].next;
	return i;
}

static void unlink_entry(uint32_t idx)
{
	uint32_t *p = &buckets[hash_of(table[idx].source)];

	while (*p != idx)
		p = &table[*p].next;
	*p = table[idx].next;
	table[idx].next = free_head;
	free_head = idx;
	used--;
}

static int suspect(const struct pw_entry *e, uint64_t now)
{
	return e->has_fail && now - e->last_fail < ZEN_PW_WINDOW_MS;
}

/* Entries that neither remember a failure nor hold a slot ahead can go.
 * Also learns when the next one will be evictable, so that a full table
 * of live entries is not scanned again for every unknown source. */
static void evict(uint64_t now)
{
	uint64_t soonest = UINT64_MAX;

	if (now < evict_after)
		return;
	for (uint32_t i = 0; i < ZEN_PW_SOURCES; i++) {
		struct pw_entry *e = &table[i];
		uint64_t t;

		if (!e->source[0])
			continue;
		t = e->has_fail ? e->last_fail + ZEN_PW_WINDOW_MS : 0;
		if (e->next_slot > t)
			t = e->next_slot;
		if (e->pending)
			continue;	/* gone when its attempts are done */
		if (t <= now) {
			unlink_entry(i);
			e->source[0] = 0;
		} else if (t < soonest) {
			soonest = t;
		}
	}
	evict_after = used < ZEN_PW_SOURCES ? 0 : soonest;
}

/* The entry of source, made if needed; NONE when the table is full. */
static uint32_t entry(const char *source, uint64_t now)
{
	uint32_t i = find(source), h;

	if (i != NONE)
		return i;
	if (free_head == NONE)
		evict(now);
	if (free_head == NONE)
		return NONE;
	i = free_head;
	free_head = table[i].next;
	memset(&table[i], 0, sizeof(table[i]));
	snprintf(table[i].source, sizeof(table[i].source), "%s", source);
	h = hash_of(table[i].source);
	table[i].next = buckets[h];
	buckets[h] = i;
	used++;
	return i;
}

static uint64_t take_global(uint64_t slot)
{
	if (slot < global_next)
		slot = global_next;
	global_next = slot + GLOBAL_GAP_MS;
	return slot;
}

/* The key of a source: its first ZEN_PW_SOURCE_MAX characters. */
static const char *key_of(char *buf, const char *source)
{
	snprintf(buf, ZEN_PW_SOURCE_MAX + 1, "%s", source);
	return buf;
}

uint64_t zen_pw_admit(const char *source, uint64_t now_ms)
{
	char key[ZEN_PW_SOURCE_MAX + 1];
	uint64_t slot = now_ms;
	uint32_t i;

	if (!source)
		return now_ms;
	source = key_of(key, source);
	pthread_mutex_lock(&lock);
	if (!ready)
		reset_locked();
	i = entry(source, now_ms);
	if (i == NONE) {
		slot = take_global(slot);	/* unknown while full: suspect */
	} else {
		struct pw_entry *e = &table[i];
		int susp = suspect(e, now_ms);

		/* a clean source waits only behind its own attempts */
		if ((susp || e->pending) && slot < e->next_slot)
			slot = e->next_slot;
		if (susp)
			slot = take_global(slot);
		e->next_slot = slot + ZEN_PW_SOURCE_GAP_MS;
		e->pending++;
	}
	pthread_mutex_unlock(&lock);
	return slot;
}

int zen_pw_suspect(const char *source, uint64_t now_ms)
{
	char key[ZEN_PW_SOURCE_MAX + 1];
	uint32_t i;
	int r;

	if (!source)
		return 0;
	source = key_of(key, source);
	pthread_mutex_lock(&lock);
	if (!ready)
		reset_locked();
	i = find(source);
	r = i == NONE ? used >= ZEN_PW_SOURCES : suspect(&table[i], now_ms);
	pthread_mutex_unlock(&lock);
	return r;
}

void zen_pw_note(const char *source, int rc, uint64_t now_ms)
{
	char key[ZEN_PW_SOURCE_MAX + 1];
	uint32_t i;

	if (!source || (rc && rc != ZEN_EPASSWORD))
		return;
	source = key_of(key, source);
	pthread_mutex_lock(&lock);
	if (!ready)
		reset_locked();
	if (rc == ZEN_EPASSWORD) {
		i = entry(source, now_ms);
		if (i != NONE) {	/* else: full, and unknown is suspect */
			table[i].has_fail = 1;
			table[i].last_fail = now_ms;
		}
	} else if ((i = find(source)) != NONE) {
		unlink_entry(i);
		table[i].source[0] = 0;
	}
	pthread_mutex_unlock(&lock);
}

void zen_pw_done(const char *source)
{
	char key[ZEN_PW_SOURCE_MAX + 1];
	uint32_t i;

	if (!source)
		return;
	source = key_of(key, source);
	pthread_mutex_lock(&lock);
	if (ready && (i = find(source)) != NONE && table[i].pending)
		table[i].pending--;
	pthread_mutex_unlock(&lock);
}

void zen_pw_reset(void)
{
	pthread_mutex_lock(&lock);
	memset(table, 0, sizeof(table));
	reset_locked();
	pthread_mutex_unlock(&lock);
}

uint64_t zen_pw_now_ms(void)
{
	return zen_monotonic_ms();
}
