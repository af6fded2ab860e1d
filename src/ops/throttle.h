/*
 * throttle.h - the wrong-password throttle, shared by every front.
 *
 * Guessing a wallet password over the API is slowed per source address,
 * never refused: the throttle only says when an attempt may run, and the
 * front waits (the server with a timer, not a sleeping thread).
 *
 *  - A source with no wrong password in the last ZEN_PW_WINDOW_MS runs at
 *    once when none of its attempts is under way; attempts made while
 *    others are (a burst of simultaneous requests) are spaced
 *    ZEN_PW_SOURCE_GAP_MS apart, so a burst is not a burst of guesses.
 *  - A source with a wrong password in that window is suspect: its
 *    attempts get slots ZEN_PW_SOURCE_GAP_MS apart, and each also takes a
 *    slot of one global queue spaced 1000 / ZEN_PW_GLOBAL_RATE ms, shared
 *    by every suspect source: a guesser spread over many addresses gets
 *    ZEN_PW_GLOBAL_RATE tries a second in all.
 *  - A right password resets its source.
 *  - At most ZEN_PW_SOURCES sources are remembered; entries without a
 *    failure in the window and without a slot ahead are evicted when the
 *    table is full, and while it stays full a source it does not know is
 *    treated as suspect (the global queue).
 *
 * Times are milliseconds of a monotonic clock, given by the caller (tests
 * drive them).  A NULL source is not throttled: the CLI makes one attempt
 * per process.  Thread-safe.
 */
#ifndef ZEN_THROTTLE_H
#define ZEN_THROTTLE_H

#include <stdint.h>

#include "core/base/zen.h"

#define ZEN_PW_WINDOW_MS (10u * 60u * 1000u)
#define ZEN_PW_SOURCE_GAP_MS 1000u
#define ZEN_PW_GLOBAL_RATE 10u
#define ZEN_PW_SOURCES 4096u
/* Longest source text kept (an IPv6 address with a zone fits). */
#define ZEN_PW_SOURCE_MAX 63u

/*
 * The time at which an attempt from source may run (>= now_ms), and that
 * slot is reserved: the next attempt gets a later one.  Every admitted
 * attempt ends with zen_pw_done.
 */
uint64_t zen_pw_admit(const char *source, uint64_t now_ms);

/* The attempt admitted for source has ended, whatever its result. */
void zen_pw_done(const char *source);

/*
 * 1 if source has had a wrong password within the window (or is not
 * remembered while the table is full), else 0.  For the server's job
 * queue, which runs such attempts after everything else.
 */
int zen_pw_suspect(const char *source, uint64_t now_ms);

/*
 * The result of an attempt: rc ZEN_EPASSWORD is a wrong password, 0 a
 * right one (the source is reset); other codes change nothing.
 */
void zen_pw_note(const char *source, int rc, uint64_t now_ms);

/* Forget every source (tests). */
void zen_pw_reset(void);

/* The monotonic clock in milliseconds, for callers of the above. */
uint64_t zen_pw_now_ms(void);

#endif
