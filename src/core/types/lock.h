/*
 * lock.h - output locks (protocol.md 2.6), below both the transaction
 * (tx.h: outputs carry locks) and the contract data type (data.h: a data
 * value may be a lock), so neither needs the other for them.
 */
#ifndef ZEN_LOCK_H
#define ZEN_LOCK_H

#include "core/base/buf.h"
#include "core/base/err.h"
#include "core/types/ser.h"
#include "core/types/types.h"

/* ---- Lock (2.6) ---- */
enum zen_lock_id {
	ZEN_LOCK_FEE = 1,
	ZEN_LOCK_PK = 2,
	ZEN_LOCK_ACTIVATION_SACRIFICE = 3,
	ZEN_LOCK_CONTRACT = 4,
	ZEN_LOCK_EXTENSION_SACRIFICE = 5,
	ZEN_LOCK_COINBASE = 6,
	ZEN_LOCK_DESTROY = 7,
};
#define ZEN_LOCK_LAST_RESERVED 7

/*
 * A lock.  id is the wire identifier; ids 1..7 are the structured locks
 * above, any other id (0 included) is a HighVLock carrying data[0..len).
 */
struct zen_lock {
	uint32_t id;
	uint8_t pk_hash[ZEN_HASH_LEN];	/* PK, Coinbase */
	uint32_t block_number;		/* Coinbase */
	struct zen_contract_id cid;	/* Contract, ExtensionSacrifice */
	uint8_t *data;			/* HighVLock payload (owned) */
	size_t len;
};

void zen_lock_init(struct zen_lock *lock);
void zen_lock_release(struct zen_lock *lock);
/* Deep copy into an initialized dst (released first). */
void zen_lock_copy(struct zen_lock *dst, const struct zen_lock *src);
/* 1 if id is a HighVLock identifier (not 1..7). */
int zen_lock_is_highv(uint32_t id);
int zen_lock_read(struct zen_reader *r, struct zen_lock *lock,
		  struct zen_err *err) ZEN_WARN_UNUSED;
void zen_lock_write(struct zen_buf *out, const struct zen_lock *lock);
size_t zen_lock_size(const struct zen_lock *lock);
/* Spendability (2.6): PK, Coinbase, Contract, even-id HighVLock. */
int zen_lock_spendable(const struct zen_lock *lock);

#endif
