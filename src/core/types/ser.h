/*
 * ser.h - the primitive consensus encodings of protocol.md section 1 and the
 * small composite values of section 2 (contract id, asset, spend,
 * outpoint, keys and signatures).
 *
 * Reading goes through struct zen_reader, a bounds-checked cursor over a
 * caller-owned byte range: every read checks the remaining length first and
 * never touches memory outside [p, p + len).  A failed read leaves the
 * cursor wherever it stopped (the caller abandons the whole object) and
 * returns ZEN_EINVAL with a message naming what was being read.
 *
 * Writing appends to a struct zen_buf (which may reallocate) and cannot
 * fail.  Writers always produce the canonical form; readers accept every
 * form the reference accepts (protocol.md 9.2), so callers that need the
 * canonical bytes re-encode.
 *
 * Amounts of quirks reproduced here:
 *  - VarInt decoding has no length limit and wraps modulo 2^32 (1.2);
 *  - Strings decode bytes >= 0x80 as '?' (1.3);
 *  - List counts with bit 31 set decode as empty lists, while array and
 *    byte-string lengths with bit 31 set are errors (9.3).
 */
#ifndef ZEN_SER_H
#define ZEN_SER_H

#include "core/base/buf.h"
#include "core/base/err.h"
#include "core/crypto/keys.h"	/* ZEN_PUBKEY_LEN, zen_pubkey_valid */
#include "core/types/types.h"


struct zen_reader {
	const uint8_t *p;
	size_t len;
	size_t pos;
};

/* Start reading p[0..len).  p may be NULL when len is 0. */
void zen_reader_init(struct zen_reader *r, const uint8_t *p, size_t len);
/* Bytes not yet consumed. */
size_t zen_reader_left(const struct zen_reader *r);

/*
 * Fixed-width big-endian integers and raw bytes.  Returns 0, or ZEN_EINVAL
 * when fewer bytes remain than needed.
 */
int zen_read_u8(struct zen_reader *r, uint8_t *out, struct zen_err *err)
	ZEN_WARN_UNUSED;
int zen_read_u16(struct zen_reader *r, uint16_t *out, struct zen_err *err)
	ZEN_WARN_UNUSED;
int zen_read_u32(struct zen_reader *r, uint32_t *out, struct zen_err *err)
	ZEN_WARN_UNUSED;
int zen_read_u64(struct zen_reader *r, uint64_t *out, struct zen_err *err)
	ZEN_WARN_UNUSED;
/* Copy exactly n bytes to out. */
int zen_read_fixed(struct zen_reader *r, uint8_t *out, size_t n,
		   struct zen_err *err) ZEN_WARN_UNUSED;
/* Point *out at the next n bytes of the input (no copy) and skip them. */
int zen_read_view(struct zen_reader *r, const uint8_t **out, size_t n,
		  struct zen_err *err) ZEN_WARN_UNUSED;
int zen_read_hash(struct zen_reader *r, uint8_t out[ZEN_HASH_LEN],
		  struct zen_err *err) ZEN_WARN_UNUSED;

/* VarInt (1.2): any length, wrapping modulo 2^32 like the reference. */
int zen_read_varint(struct zen_reader *r, uint32_t *out, struct zen_err *err)
	ZEN_WARN_UNUSED;

/*
 * A length-prefixed byte string (1.3).  Out: *out points into the input
 * (no copy), *n is its length.  A length with bit 31 set, or longer than
 * the remaining input, is ZEN_EINVAL.
 */
int zen_read_bytes_view(struct zen_reader *r, const uint8_t **out, size_t *n,
			struct zen_err *err) ZEN_WARN_UNUSED;
/*
 * A String (1.3): like bytes, but copied into a new NUL-terminated
 * allocation (free() it) with every byte >= 0x80 replaced by '?'.  The
 * result may contain NUL bytes; *n is the exact length.  On failure *out
 * is NULL.
 */
int zen_read_string(struct zen_reader *r, char **out, size_t *n,
		    struct zen_err *err) ZEN_WARN_UNUSED;

/*
 * The raw payload of a HighV variant (locks, witnesses, contracts), count
 * bytes whose length came before: copied into a new allocation (never
 * NULL, at least one byte) in *data.  A count with bit 31 set is invalid
 * (the reference throws on the negative size).
 */
int zen_read_payload(struct zen_reader *r, uint32_t count, uint8_t **data,
		     size_t *len, struct zen_err *err) ZEN_WARN_UNUSED;

/* Option tag (1.4): *present = 0 or 1; any other tag is ZEN_EINVAL. */
int zen_read_option(struct zen_reader *r, int *present, struct zen_err *err)
	ZEN_WARN_UNUSED;

/*
 * Element counts (1.5, 9.3).  zen_read_list_count: a count with bit 31 set
 * is 0 (the reference's empty-list quirk).  zen_read_array_count: such a
 * count is ZEN_EINVAL.  Both also fail early when count * min_elem_size
 * exceeds the remaining input: every element takes at least min_elem_size
 * (>= 1) bytes, so that list could not decode anyway, and callers may
 * therefore size allocations from the count.
 */
int zen_read_list_count(struct zen_reader *r, size_t *count,
			size_t min_elem_size, struct zen_err *err)
	ZEN_WARN_UNUSED;
int zen_read_array_count(struct zen_reader *r, size_t *count,
			 size_t min_elem_size, struct zen_err *err)
	ZEN_WARN_UNUSED;

/* Amount (1.6): every reader form; the NaN/Infinity first bytes fail. */
int zen_read_amount(struct zen_reader *r, uint64_t *out, struct zen_err *err)
	ZEN_WARN_UNUSED;

/* ContractId wire form (2.2): varint version || hash. */
int zen_read_contract_id(struct zen_reader *r, struct zen_contract_id *out,
			 struct zen_err *err) ZEN_WARN_UNUSED;
/* Asset (2.3): all forms and the reject rules. */
int zen_read_asset(struct zen_reader *r, struct zen_asset *out,
		   struct zen_err *err) ZEN_WARN_UNUSED;
/* Spend (2.4) = Asset || Amount. */
int zen_read_spend(struct zen_reader *r, struct zen_spend *out,
		   struct zen_err *err) ZEN_WARN_UNUSED;
/* Outpoint (2.1) = Hash || varint index. */
int zen_read_outpoint(struct zen_reader *r, struct zen_outpoint *out,
		      struct zen_err *err) ZEN_WARN_UNUSED;

/*
 * A 33-byte compressed public key, validated with libsecp256k1
 * (ec_pubkey_parse), and a 64-byte compact signature (r or s >= n fails).
 */
int zen_read_pubkey(struct zen_reader *r, uint8_t out[ZEN_PUBKEY_LEN],
		    struct zen_err *err) ZEN_WARN_UNUSED;
int zen_read_signature(struct zen_reader *r, uint8_t out[ZEN_SIGNATURE_LEN],
		       struct zen_err *err) ZEN_WARN_UNUSED;

/* Writers: append the canonical encoding to out (may reallocate). */
void zen_write_u8(struct zen_buf *out, uint8_t v);
void zen_write_u16(struct zen_buf *out, uint16_t v);
void zen_write_u32(struct zen_buf *out, uint32_t v);
void zen_write_u64(struct zen_buf *out, uint64_t v);
void zen_write_varint(struct zen_buf *out, uint32_t v);
/* varint length || bytes.  n must fit in a u32. */
void zen_write_bytes(struct zen_buf *out, const uint8_t *p, size_t n);
/* varint length || ASCII; bytes >= 0x80 are written as '?'. */
void zen_write_string(struct zen_buf *out, const char *s, size_t n);
/*
 * UTF-8 text (a file, a JSON string) as the reference puts it in a String:
 * .NET holds text as UTF-16 and its ASCII encoding writes each code unit
 * that is not ASCII as one '?', so a character of two or three UTF-8
 * bytes becomes one '?' and one of four (a surrogate pair) two.  A byte
 * that starts no valid sequence is one '?', as the decoder's U+FFFD.
 * Rewrites s[0..n) in place (never longer) and returns the new length.
 */
size_t zen_text_to_ascii(char *s, size_t n);
void zen_write_amount(struct zen_buf *out, uint64_t v);
void zen_write_contract_id(struct zen_buf *out,
			   const struct zen_contract_id *cid);
void zen_write_asset(struct zen_buf *out, const struct zen_asset *a);
void zen_write_spend(struct zen_buf *out, const struct zen_spend *s);
void zen_write_outpoint(struct zen_buf *out, const struct zen_outpoint *o);

/* Encoded sizes of the canonical forms. */
size_t zen_varint_size(uint32_t v);
size_t zen_amount_size(uint64_t v);
size_t zen_contract_id_size(const struct zen_contract_id *cid);
size_t zen_asset_size(const struct zen_asset *a);
size_t zen_spend_size(const struct zen_spend *s);
size_t zen_outpoint_size(const struct zen_outpoint *o);

/* 1 if the asset is ZP (version 0, zero hash, zero subtype). */
int zen_asset_is_zp(const struct zen_asset *a);

/*
 * Asset text (2.3, api.md 2): "00" for ZP, else 72 hex (zero subtype) or
 * 136 hex.  Writes a NUL-terminated string into out.
 */
#define ZEN_ASSET_TEXT_MAX 137
void zen_asset_text(char out[ZEN_ASSET_TEXT_MAX], const struct zen_asset *a);
/*
 * The reverse, for s[0..len): "00", 72 hex (a contract id; 72 zeros is ZP
 * too) or 136 hex (contract id and subtype), either case.  Returns 0 or
 * -1 (a is then zero).
 */
int zen_asset_parse(struct zen_asset *a, const char *s, size_t len);

#endif
