/*
 * clock.h - the two clocks zen reads: the wall clock (timestamps, ages)
 * and the monotonic one (durations, deadlines: never jumps).
 */
#ifndef ZEN_CLOCK_H
#define ZEN_CLOCK_H

#include <stdint.h>

/* Milliseconds since the epoch (CLOCK_REALTIME). */
uint64_t zen_wall_ms(void);
/* Milliseconds and microseconds of CLOCK_MONOTONIC. */
uint64_t zen_monotonic_ms(void);
uint64_t zen_monotonic_us(void);

#endif
