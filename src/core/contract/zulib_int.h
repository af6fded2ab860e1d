/*
 * zulib_int.h - helpers shared by the zulib_*.c files (not for the
 * evaluator).
 */
#ifndef ZEN_CONTRACT_ZULIB_INT_H
#define ZEN_CONTRACT_ZULIB_INT_H

#include <string.h>

#include "core/contract/zulib.h"

#define NATIVE(fn)							\
	static int fn(struct zen_rt *rt, const struct zen_native *self,	\
		      zv *const *a, zv **out, uint64_t *cost)

/* Store a freshly built value (NULL = OOM, error already set). */
#define RET(x) return (*out = (x)) ? 0 : ZEN_EREFUSED
/* Return a cost value to be forced in tail position. */
#define TAIL(x) return (*out = (x)) ? ZEN_NATIVE_TAIL : ZEN_EREFUSED
#define TRY(e) do { int rc_ = (e); if (rc_) return rc_; } while (0)

/* Declared cost rules (value.h struct zen_cost_rule):
 *   CK(k)            k
 *   CLEN(p, i, k)    p*len($i)+k
 *   CNAT(p, i, k)    p*$i+k            ($i a nat argument)
 *   CEACH(p, i, k)   len($i)*(n+p)+k   (a callback per element)
 *   CNEACH(p, i, k)  $i*(n+p)+k
 *   CCB(cb, k)       what the native forces (ZEN_CB_*), plus k */
#define CR(me, a1, a2, cb, p, k) { 1, me, a1, a2, cb, p, k }
#define CK(k) CR(ZEN_CM_NONE, 0, 0, ZEN_CB_NONE, 0, k)
#define CLEN(p, i, k) CR(ZEN_CM_LEN, i, 0, ZEN_CB_NONE, p, k)
#define CNAT(p, i, k) CR(ZEN_CM_NAT, i, 0, ZEN_CB_NONE, p, k)
#define CEACH(p, i, k) CR(ZEN_CM_LEN, i, 0, ZEN_CB_EACH, p, k)
#define CNEACH(p, i, k) CR(ZEN_CM_NAT, i, 0, ZEN_CB_EACH, p, k)
#define CCB(cb, k) CR(ZEN_CM_NONE, 0, 0, cb, 0, k)
#define CNONE { 0, 0, 0, 0, 0, 0, 0 }

/* Entry shorthands: E(name, fn, arity, aux) a plain function without a
 * cost index; EP = plain, but with a declared cost rule (its result is a
 * cost value the native builds itself: ret, incRet k, ...) and a lazy
 * mask; EC = cost native (charged its rule when forced); EL = cost
 * native with a lazy mask. */
#define E(n, f, ar, aux) { n, f, ar, 0, 0, (intptr_t)(aux), CNONE }
#define EP(n, f, ar, lazy, aux, c) { n, f, ar, 0, lazy, (intptr_t)(aux), c }
#define EC(n, f, ar, aux, c) { n, f, ar, ZEN_NATIVE_COST, 0,		\
			       (intptr_t)(aux), c }
/* A Zulib lemma (a val whose type is a Lemma): a proof, erased by the
 * reference's extraction, so unit; its arguments are never run (they may
 * be types or propositions) and it costs nothing. */
int zl_unit(struct zen_rt *rt, const struct zen_native *self, zv *const *a,
	    zv **out, uint64_t *cost);
#define ELEMMA(n, ar) EP(n, zl_unit, ar, (1u << (ar)) - 1, 0, CNONE)
#define EL(n, f, ar, lazy, aux, c) { n, f, ar, ZEN_NATIVE_COST, lazy,	\
				     (intptr_t)(aux), c }
#define ETYPE(n) { n, NULL, 0, ZEN_NATIVE_TYPE, 0, 0, CNONE }
/* autoInc and the auto* constructors: their target is their type's */
#define EAUTO(n, f, ar, aux) { n, f, ar, ZEN_NATIVE_AUTO, 0,		\
			       (intptr_t)(aux), CNONE }
#define ECTOR(n, ar) { n, zl_ctor, ar, ZEN_NATIVE_CTOR, 0,		\
		       (intptr_t)(n), CNONE }
#define EEND { NULL, NULL, 0, 0, 0, 0, CNONE }
/* Mk<t> of record type t (a struct zen_record_type of n fields) */
#define ERECORD(name, t, n) { name, zen_record_ctor, n,			\
			      ZEN_NATIVE_CTOR | ZEN_NATIVE_RECORD, 0,	\
			      (intptr_t)&(t), CNONE }

int zl_ctor(struct zen_rt *rt, const struct zen_native *self,
	    zv *const *a, zv **out, uint64_t *cost);

/* Zulib's records (zulib_core.c) */
extern const struct zen_record_type zl_spend_t, zl_outpoint_t, zl_output_t,
	zl_context_t, zl_message_t, zl_return_t, zl_header_t;

/* Argument checks: fail with "<native>: expected <what>". */
int zl_want(struct zen_rt *rt, const struct zen_native *self, const zv *v,
	    int tag);
int zl_int(struct zen_rt *rt, const struct zen_native *self, const zv *v,
	   int64_t *i);
int zl_nat(struct zen_rt *rt, const struct zen_native *self, const zv *v,
	   uint64_t *n);
int zl_list(struct zen_rt *rt, const struct zen_native *self, const zv *v);
int zl_bytes(struct zen_rt *rt, const struct zen_native *self, const zv *v);
int zl_hash(struct zen_rt *rt, const struct zen_native *self, const zv *v);
/* Bytes of an ARRAY of U8 or of BYTES, into *p and *n. */
int zl_byteseq(struct zen_rt *rt, const struct zen_native *self,
	       const zv *v, const uint8_t **p, size_t *n);

/* Apply f to args; force the result if it is a cost value, adding its
 * cost to *cost. */
int zl_call(struct zen_rt *rt, zv *f, size_t n, zv *const *args, zv **out,
	    uint64_t *cost);
/* Force a cost argument, adding its cost. */
int zl_force(struct zen_rt *rt, zv *m, zv **out, uint64_t *cost);

/* option/result helpers */
int zl_is_fail(const zv *v);	/* None or ERR _ */
zv *zl_payload(const zv *v);	/* x of Some x / OK x */

/* Sha3 chain */
zv *zl_sha3_update(struct zen_rt *rt, const zv *s, const void *p, size_t n);
uint8_t *zv_sha3_bytes(struct zen_rt *rt, const struct zv_sha3 *s,
		       size_t *len);
/* Append-only skeleton helpers (zulib_tx.c). */
zv *zl_skel_empty(struct zen_rt *rt);
int zl_skel_add(struct zen_rt *rt, const zv *skel, int output, zv *item,
		zv **out);

/* Module tables */
extern const struct zen_native zl_prims[], zl_pervasives[], zl_native[];
extern const struct zen_native zl_base[], zl_cost_realized[],
	zl_cost_extracted[];
extern const struct zen_native zl_uint8[], zl_uint32[],
	zl_uint64[], zl_int64[], zl_string[], zl_char[];
extern const struct zen_native zl_option[], zl_optiont[], zl_result[],
	zl_resultt[], zl_data[];
extern const struct zen_native zl_dict[], zl_set[], zl_array_base[],
	zl_array_indexed[], zl_list_mod[], zl_list_realized[], zl_integers[];
extern const struct zen_native zl_txskel[], zl_wallet[], zl_asset[],
	zl_contractid[], zl_creturn[], zl_cresult[], zl_types_data[],
	zl_types_realized[], zl_types_extracted[], zl_types_main[];
extern const struct zen_native zl_sha3_realized[], zl_sha3_extracted[],
	zl_hash_sha3[], zl_hash_base[], zl_crypto[], zl_pubkey[],
	zl_merkle[];
extern const struct zen_native zl_bitcoin[];

#endif
