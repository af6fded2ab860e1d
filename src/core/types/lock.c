/* lock.c - output locks (protocol.md 2.6). */
#include <stdlib.h>
#include <string.h>

#include "core/types/lock.h"

void zen_lock_init(struct zen_lock *lock)
{
	memset(lock, 0, sizeof(*lock));
}

void zen_lock_release(struct zen_lock *lock)
{
	free(lock->data);
	zen_lock_init(lock);
}

void zen_lock_copy(struct zen_lock *dst, const struct zen_lock *src)
{
	zen_lock_release(dst);
	*dst = *src;
	if (src->data) {
		dst->data = zen_xmalloc(src->len ? src->len : 1);
		if (src->len)
			memcpy(dst->data, src->data, src->len);
	}
}

int zen_lock_is_highv(uint32_t id)
{
	return id == 0 || id > ZEN_LOCK_LAST_RESERVED;
}

static size_t lock_payload_size(const struct zen_lock *lock)
{
	switch (lock->id) {
	case ZEN_LOCK_PK:
		return ZEN_HASH_LEN;
	case ZEN_LOCK_CONTRACT:
	case ZEN_LOCK_EXTENSION_SACRIFICE:
		return zen_contract_id_size(&lock->cid);
	case ZEN_LOCK_COINBASE:
		return 4 + ZEN_HASH_LEN;
	case ZEN_LOCK_FEE:
	case ZEN_LOCK_ACTIVATION_SACRIFICE:
	case ZEN_LOCK_DESTROY:
		return 0;
	default:
		return lock->len;
	}
}

static int lock_read_payload(struct zen_reader *r, struct zen_lock *lock,
			     uint32_t count, struct zen_err *err)
{
	int ret;

	switch (lock->id) {
	case ZEN_LOCK_PK:
		return zen_read_hash(r, lock->pk_hash, err);
	case ZEN_LOCK_CONTRACT:
	case ZEN_LOCK_EXTENSION_SACRIFICE:
		return zen_read_contract_id(r, &lock->cid, err);
	case ZEN_LOCK_COINBASE:
		ret = zen_read_u32(r, &lock->block_number, err);
		return ret ? ret : zen_read_hash(r, lock->pk_hash, err);
	case ZEN_LOCK_FEE:
	case ZEN_LOCK_ACTIVATION_SACRIFICE:
	case ZEN_LOCK_DESTROY:
		return 0;
	default:
		return zen_read_payload(r, count, &lock->data, &lock->len, err);
	}
}

int zen_lock_read(struct zen_reader *r, struct zen_lock *lock,
		  struct zen_err *err)
{
	uint32_t count;
	int ret;

	zen_lock_release(lock);
	ret = zen_read_varint(r, &lock->id, err);
	if (!ret)
		ret = zen_read_varint(r, &count, err);
	if (!ret)
		ret = lock_read_payload(r, lock, count, err);
	if (ret)
		return ret;
	if (count != lock_payload_size(lock))
		return zen_fail(err, ZEN_EINVAL,
				"invalid lock: payload length %u, expected %zu",
				count, lock_payload_size(lock));
	return 0;
}

void zen_lock_write(struct zen_buf *out, const struct zen_lock *lock)
{
	zen_write_varint(out, lock->id);
	zen_write_varint(out, (uint32_t)lock_payload_size(lock));
	switch (lock->id) {
	case ZEN_LOCK_PK:
		zen_buf_add(out, lock->pk_hash, ZEN_HASH_LEN);
		break;
	case ZEN_LOCK_CONTRACT:
	case ZEN_LOCK_EXTENSION_SACRIFICE:
		zen_write_contract_id(out, &lock->cid);
		break;
	case ZEN_LOCK_COINBASE:
		zen_write_u32(out, lock->block_number);
		zen_buf_add(out, lock->pk_hash, ZEN_HASH_LEN);
		break;
	case ZEN_LOCK_FEE:
	case ZEN_LOCK_ACTIVATION_SACRIFICE:
	case ZEN_LOCK_DESTROY:
		break;
	default:
		if (lock->len)
			zen_buf_add(out, lock->data, lock->len);
		break;
	}
}

size_t zen_lock_size(const struct zen_lock *lock)
{
	size_t n = lock_payload_size(lock);

	return zen_varint_size(lock->id) + zen_varint_size((uint32_t)n) + n;
}

int zen_lock_spendable(const struct zen_lock *lock)
{
	switch (lock->id) {
	case ZEN_LOCK_PK:
	case ZEN_LOCK_COINBASE:
	case ZEN_LOCK_CONTRACT:
		return 1;
	case ZEN_LOCK_FEE:
	case ZEN_LOCK_DESTROY:
	case ZEN_LOCK_ACTIVATION_SACRIFICE:
	case ZEN_LOCK_EXTENSION_SACRIFICE:
		return 0;
	default:
		return lock->id % 2 == 0;
	}
}
