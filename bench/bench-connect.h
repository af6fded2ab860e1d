/*
 * bench-connect.h - the block-connection part of bench-verify: signatures
 * verified per second while a fresh local-chain store connects a block
 * full of signed transactions (bench-connect.c).
 */
#ifndef ZEN_BENCH_CONNECT_H
#define ZEN_BENCH_CONNECT_H

/* Measure and print; raw_rate is the raw all-core verify rate, for the
 * ratio; seconds scales the number of signatures. */
void bench_connect(double raw_rate, double seconds);

#endif
