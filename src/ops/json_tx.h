/*
 * json_tx.h - the reference JSON shapes of transactions, blocks and their
 * parts (api.md 3.1-3.10), built with jansson.
 *
 * Every function returns a new reference (never NULL; allocation failure
 * aborts like the rest of zen) that the caller owns and json_decref()s.
 * Objects keep the reference's key order (jansson preserves insertion
 * order).  Address texts use the HRPs of chain.
 *
 * Integers: where the reference prints a u64 as a JSON number (data u64
 * values, api.md 3.6), so does zen, up to 2^64 - 1 (json_num.h: above
 * INT64_MAX, a marker that zen_json_dumps prints as the number).
 * Amounts of spends are decimal strings (api.md 3.1).  Header nonces are
 * printed as signed 64-bit numbers, as the reference does (api.md 3.8):
 * read them back as 64-bit bit patterns.
 */
#ifndef ZEN_OPS_JSON_TX_H
#define ZEN_OPS_JSON_TX_H

#include <jansson.h>

#include "core/base/buf.h"
#include "core/types/block.h"
#include "core/types/data.h"
#include "core/consensus/params.h"
#include "core/types/tx.h"
#include "ops/json_num.h"

/* {"asset":"00","amount":"1"} */
json_t *zen_json_spend(const struct zen_spend *s);
/* {"txHash":"<hex>","index":0} */
json_t *zen_json_outpoint(const struct zen_outpoint *o);
/* {"outpoint":{...}} or {"mint":{...}} */
json_t *zen_json_input(const struct zen_input *in);
/* "Fee" / {"PK":{"hash","address"}} / ... / {"HighVLock":{...}} */
json_t *zen_json_lock(const struct zen_lock *lock, enum zen_chain chain);
/* {"lock":...,"spend":...} */
json_t *zen_json_output(const struct zen_output *o, enum zen_chain chain);
/* {"outpoint":...,"lock":...,"spend":...} */
json_t *zen_json_pointed_output(const struct zen_outpoint *op,
				const struct zen_output *o,
				enum zen_chain chain);
/*
 * The contract a transaction activates (api.md 3.4):
 * {"contractId","address","rlimit","code","expire"}, rlimit and expire as
 * strings; expire = sum of the ZP ActivationSacrifice outputs divided by
 * the code length (0 for empty code).  Returns json_null() when the
 * transaction has no contract or a HighV one (dropped from tx objects).
 */
json_t *zen_json_contract(const struct zen_tx *tx, enum zen_chain chain);
/*
 * {"PKWitness":{"sigHash","hash","address","signature"}},
 * {"ContractWitness":{"contractId","command","messageBody",
 * "messageBodyRaw"}} (body fields only when present; messageBodyRaw is the
 * hex of the reference's data buffer, List padding included), or
 * {"HighWitness":{"version","bytes"}}.
 */
json_t *zen_json_witness(const struct zen_witness *w, enum zen_chain chain);
/* {"<kind>": value} of api.md 3.6. */
json_t *zen_json_data(const struct zen_data *d, enum zen_chain chain);
/* api.md 3.7: version, inputs, outputs, contract (if any), witness. */
json_t *zen_json_tx(const struct zen_tx *tx, enum zen_chain chain);
/* api.md 3.8 (full header). */
json_t *zen_json_header(const struct zen_header *h);
/* api.md 3.10: hash, header, transactions keyed by txHash in order. */
json_t *zen_json_block(const struct zen_block *b, enum zen_chain chain);

/* An amount: a JSON integer of kalapas, or a string of kalapas or, when
 * unit_ok, of ZP with the unit ("1.5zp", zen_amount_parse); 0 included.
 * Returns 0, or -1 for anything else. */
int zen_json_amount(const json_t *v, int unit_ok, uint64_t *kalapas);

/* The readable text's amounts: kalapas (zen_json_amount without units)
 * as "1.5 ZP".
 * Returns 0, or -1 (nothing added) for anything else. */
int zen_json_add_zp(struct zen_buf *out, const json_t *kalapas);

#endif
