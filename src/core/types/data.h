/*
 * data.h - the contract `data` type (protocol.md 2.14) as an owned tree.
 *
 * struct zen_data d; zen_data_init(&d); ... zen_data_release(&d);
 * Each node owns its payload (bytes, string, lock, children).
 *
 * Serialization has two outputs (2.14.1): the written bytes
 * (zen_data_write) and the reference's buffer (zen_data_serialize), which
 * is the written bytes followed by one zero byte per List node; its
 * length is zen_data_ref_size().  Hashes over stand-alone data (state
 * commitments, signature messages) use the padded buffer.
 *
 * Dict entries are kept in the wire order of 1.8 (shorter key first, then
 * unsigned lexicographic) without duplicate keys.  Decoded dicts are
 * always in that form; dicts built by hand must be passed through
 * zen_data_dict_normalize() before writing.
 *
 * Deviation: decoding refuses nesting deeper than ZEN_DATA_MAX_DEPTH
 * collections (the reference has no limit but runs out of stack long
 * before an input of a few megabytes is exhausted).
 */
#ifndef ZEN_DATA_H
#define ZEN_DATA_H

#include "core/base/buf.h"
#include "core/base/err.h"
#include "core/types/ser.h"
#include "core/types/lock.h"

#define ZEN_DATA_MAX_DEPTH 512

enum zen_data_kind {
	ZEN_DATA_NONE = 0,		/* only after init */
	ZEN_DATA_I64 = 1,
	ZEN_DATA_BYTE = 2,
	ZEN_DATA_BYTES = 3,		/* ByteArray */
	ZEN_DATA_U32 = 4,
	ZEN_DATA_U64 = 5,
	ZEN_DATA_STRING = 6,
	ZEN_DATA_HASH = 7,
	ZEN_DATA_LOCK = 8,
	ZEN_DATA_SIGNATURE = 9,
	ZEN_DATA_PUBKEY = 10,
	ZEN_DATA_ARRAY = 11,
	ZEN_DATA_DICT = 12,
	ZEN_DATA_LIST = 13,
};

struct zen_data_entry;

struct zen_data {
	enum zen_data_kind kind;
	union {
		int64_t i64;
		uint8_t byte;
		uint32_t u32;
		uint64_t u64;
		struct {			/* BYTES, STRING */
			uint8_t *p;		/* owned; NUL-terminated */
			size_t len;
		} bytes;
		uint8_t hash[ZEN_HASH_LEN];
		uint8_t signature[ZEN_SIGNATURE_LEN];
		uint8_t pubkey[ZEN_PUBKEY_LEN];
		struct zen_lock lock;
		struct {			/* ARRAY, LIST */
			struct zen_data *items;	/* owned */
			size_t n;
		} coll;
		struct {			/* DICT */
			struct zen_data_entry *entries;	/* owned */
			size_t n;
		} dict;
	} u;
};

struct zen_data_entry {
	char *key;		/* owned, NUL-terminated, may contain NUL */
	size_t key_len;
	struct zen_data value;
};

void zen_data_init(struct zen_data *d);
/* Free everything d owns; d is as after init. */
void zen_data_release(struct zen_data *d);

/* (Addition.)  A malloc'ed deep copy of d (NULL gives NULL). */
struct zen_data *zen_data_dup(const struct zen_data *d);
/* (Addition.)  Release and free a malloc'ed value (NULL is a no-op). */
void zen_data_free(struct zen_data *d);

/* Read one data value from r into an initialized d. */
int zen_data_read(struct zen_reader *r, struct zen_data *d,
		  struct zen_err *err) ZEN_WARN_UNUSED;
/* Stand-alone decode of p[0..len); *consumed (may be NULL) gets the bytes
 * used.  Trailing bytes are not checked (like the reference). */
int zen_data_decode(struct zen_data *d, const uint8_t *p, size_t len,
		    size_t *consumed, struct zen_err *err) ZEN_WARN_UNUSED;

/* Append the written bytes. */
void zen_data_write(struct zen_buf *out, const struct zen_data *d);
/* Length of the written bytes. */
size_t zen_data_size(const struct zen_data *d);
/* Number of List nodes (any depth, d included). */
size_t zen_data_list_nodes(const struct zen_data *d);
/* The reference size: zen_data_size + zen_data_list_nodes. */
size_t zen_data_ref_size(const struct zen_data *d);
/* Append the reference buffer: written bytes + one zero per List node. */
void zen_data_serialize(struct zen_buf *out, const struct zen_data *d);

/*
 * Sort a dict's entries by key (1.8 order) and drop duplicate keys, the
 * last of each group winning (as when reading).  No-op for other kinds.
 */
void zen_data_dict_normalize(struct zen_data *d);
/* F#-style key order: shorter first, then unsigned lexicographic. */
int zen_data_key_cmp(const char *a, size_t alen, const char *b, size_t blen);

#endif
