/*
 * clock.c - wall and monotonic time (clock.h).
 */
#include <time.h>

#include "core/base/clock.h"

static uint64_t read_us(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

uint64_t zen_wall_ms(void)
{
	return read_us(CLOCK_REALTIME) / 1000u;
}

uint64_t zen_monotonic_ms(void)
{
	return read_us(CLOCK_MONOTONIC) / 1000u;
}

uint64_t zen_monotonic_us(void)
{
	return read_us(CLOCK_MONOTONIC);
}
