/*
 * fuzz.h - shared helpers of the fuzz harnesses.  Each harness defines the
 * libFuzzer entry point; replay.c drives it without libFuzzer.
 */
#ifndef ZEN_FUZZ_H
#define ZEN_FUZZ_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/zen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Abort (a finding) when cond is false. */
#define FUZZ_CHECK(cond) do { \
	if (!(cond)) { \
		fprintf(stderr, "%s:%d: fuzz check failed: %s\n", \
			__FILE__, __LINE__, #cond); \
		abort(); \
	} \
} while (0)

#endif
