/*
 * bench-raw.h - the anchor of the signature figures: raw libsecp256k1
 * verification (secp256k1_ecdsa_verify) of given (message, key,
 * signature) triples on several threads.
 */
#ifndef ZEN_BENCH_RAW_H
#define ZEN_BENCH_RAW_H

#include <stddef.h>
#include <stdint.h>

#include <secp256k1.h>

#include "core/crypto/keys.h"
#include "core/crypto/hash.h"

struct bench_sig {
	uint8_t msg[ZEN_HASH_LEN];
	uint8_t pub[ZEN_PUBKEY_LEN];
	uint8_t sig[ZEN_SIGNATURE_LEN];
	secp256k1_pubkey pk;		/* parsed by bench_sigs_parse */
	secp256k1_ecdsa_signature s;
};

/* Parse every triple's key and signature; 0 when one does not parse. */
int bench_sigs_parse(struct bench_sig *t, size_t n);

/* Verifications per second of t[0..n) on nthreads threads together for
 * seconds, each thread going through its share in turn; parse: parse
 * the key and signature before each check, as a node must.  *bad counts
 * the checks that failed (0 for good triples). */
double bench_raw_rate(const struct bench_sig *t, size_t n, unsigned nthreads,
		      int parse, double seconds, uint64_t *bad);

#endif
