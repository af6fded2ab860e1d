/*
 * ballot.c - payouts, ballots and the CGP state as bytes (protocol.md
 * 2.16), their order, and the digest a voter signs (cgp-and-chain.md 6.1).
 */
#include <stdlib.h>
#include <string.h>

#include "core/cgp/cgp.h"
#include "core/crypto/hash.h"
#include "core/encoding/hex.h"

enum { RECIPIENT_PK = 1, RECIPIENT_CONTRACT = 2 };

void zen_cgp_payout_release(struct zen_cgp_payout *p)
{
	free(p->spends);
	memset(p, 0, sizeof(*p));
}

void zen_cgp_payout_copy(struct zen_cgp_payout *dst,
			 const struct zen_cgp_payout *src)
{
	*dst = *src;
	dst->spends = src->n_spends ?
		zen_xmemdup(src->spends, src->n_spends * sizeof(*src->spends)) :
		NULL;
}

void zen_cgp_ballot_release(struct zen_cgp_ballot *b)
{
	zen_cgp_payout_release(&b->payout);
	memset(b, 0, sizeof(*b));
}

void zen_cgp_state_release(struct zen_cgp_state *s)
{
	zen_cgp_payout_release(&s->payout);
	memset(s, 0, sizeof(*s));
}

static int recipient_cmp(const struct zen_cgp_recipient *a,
			 const struct zen_cgp_recipient *b)
{
	if (a->is_contract != b->is_contract)
		return a->is_contract ? 1 : -1;
	if (!a->is_contract)
		return memcmp(a->pk_hash, b->pk_hash, ZEN_HASH_LEN);
	if (a->cid.version != b->cid.version)
		return a->cid.version < b->cid.version ? -1 : 1;
	return memcmp(a->cid.hash, b->cid.hash, ZEN_HASH_LEN);
}

static int spend_cmp(const struct zen_spend *a, const struct zen_spend *b)
{
	int c = zen_asset_cmp(&a->asset, &b->asset);

	if (c)
		return c;
	return (a->amount > b->amount) - (a->amount < b->amount);
}

int zen_cgp_payout_cmp(const struct zen_cgp_payout *a,
		       const struct zen_cgp_payout *b)
{
	int c = recipient_cmp(&a->recipient, &b->recipient);

	for (size_t i = 0; !c; i++) {
		if (i == a->n_spends || i == b->n_spends)
			return (i < a->n_spends) - (i < b->n_spends);
		c = spend_cmp(&a->spends[i], &b->spends[i]);
	}
	return c;
}

/* ---- serialization --------------------------------------------------- */

static void recipient_write(struct zen_buf *out,
			    const struct zen_cgp_recipient *r)
{
	if (r->is_contract) {
		zen_write_u8(out, RECIPIENT_CONTRACT);
		zen_write_contract_id(out, &r->cid);
	} else {
		zen_write_u8(out, RECIPIENT_PK);
		zen_buf_add(out, r->pk_hash, ZEN_HASH_LEN);
	}
}

static int recipient_read(struct zen_reader *r, struct zen_cgp_recipient *rc,
			  struct zen_err *err)
{
	uint8_t tag;
	int rv = zen_read_u8(r, &tag, err);

	memset(rc, 0, sizeof(*rc));
	if (rv)
		return rv;
	if (tag == RECIPIENT_PK)
		return zen_read_hash(r, rc->pk_hash, err);
	if (tag == RECIPIENT_CONTRACT) {
		rc->is_contract = 1;
		return zen_read_contract_id(r, &rc->cid, err);
	}
	return zen_fail(err, ZEN_EINVAL, "invalid recipient tag %u", tag);
}

void zen_cgp_payout_write(struct zen_buf *out, const struct zen_cgp_payout *p)
{
	recipient_write(out, &p->recipient);
	zen_write_varint(out, (uint32_t)p->n_spends);
	for (size_t i = 0; i < p->n_spends; i++)
		zen_write_spend(out, &p->spends[i]);
}

/* The smallest spend on the wire: a one-byte asset and a one-byte amount. */
#define MIN_SPEND_SIZE 2

int zen_cgp_payout_read(struct zen_reader *r, struct zen_cgp_payout *p,
			struct zen_err *err)
{
	size_t n;
	int rc;

	memset(p, 0, sizeof(*p));
	rc = recipient_read(r, &p->recipient, err) ?:
	     zen_read_list_count(r, &n, MIN_SPEND_SIZE, err);
	if (rc)
		return rc;
	p->spends = n ? zen_xcalloc(n, sizeof(*p->spends)) : NULL;
	for (; p->n_spends < n; p->n_spends++)
		if ((rc = zen_read_spend(r, &p->spends[p->n_spends], err)))
			break;
	if (rc)
		zen_cgp_payout_release(p);
	return rc;
}

void zen_cgp_ballot_write(struct zen_buf *out, const struct zen_cgp_ballot *b)
{
	zen_write_u8(out, (uint8_t)b->kind);
	if (b->kind == ZEN_CGP_BALLOT_ALLOCATION)
		zen_write_u8(out, b->allocation);
	else
		zen_cgp_payout_write(out, &b->payout);
}

int zen_cgp_ballot_decode(struct zen_cgp_ballot *b, const uint8_t *p,
			  size_t len, struct zen_err *err)
{
	struct zen_reader r;
	uint8_t tag;
	int rc;

	memset(b, 0, sizeof(*b));
	zen_reader_init(&r, p, len);
	if ((rc = zen_read_u8(&r, &tag, err)))
		return rc;
	b->kind = (enum zen_cgp_ballot_kind)tag;
	if (tag == ZEN_CGP_BALLOT_ALLOCATION)
		return zen_read_u8(&r, &b->allocation, err);
	if (tag == ZEN_CGP_BALLOT_PAYOUT)
		return zen_cgp_payout_read(&r, &b->payout, err);
	return zen_fail(err, ZEN_EINVAL, "invalid ballot tag %u", tag);
}

void zen_cgp_state_write(struct zen_buf *out, const struct zen_cgp_state *s)
{
	zen_write_u8(out, s->allocation);
	zen_write_u8(out, s->has_payout ? 1 : 0);
	if (s->has_payout)
		zen_cgp_payout_write(out, &s->payout);
}

int zen_cgp_state_decode(struct zen_cgp_state *s, const uint8_t *p,
			 size_t len, struct zen_err *err)
{
	struct zen_reader r;
	int rc;

	memset(s, 0, sizeof(*s));
	zen_reader_init(&r, p, len);
	rc = zen_read_u8(&r, &s->allocation, err) ?:
	     zen_read_option(&r, &s->has_payout, err);
	if (!rc && s->has_payout)
		rc = zen_cgp_payout_read(&r, &s->payout, err);
	if (!rc && zen_reader_left(&r))
		rc = zen_fail(err, ZEN_EINVAL, "trailing bytes after a cgp state");
	if (rc)
		zen_cgp_state_release(s);
	return rc;
}

/* ---- the vote digest ------------------------------------------------- */

/* Append the lowercase hex of b to text, and empty b. */
static void add_hex(struct zen_buf *text, struct zen_buf *b)
{
	zen_hex_encode(text, b->data, b->len);
	zen_buf_reset(b);
}

/* Data String s (tag 6, varint length, the bytes). */
static void data_string(struct zen_buf *out, const char *s, size_t n)
{
	zen_write_u8(out, ZEN_DATA_STRING);
	zen_write_bytes(out, (const uint8_t *)s, n);
}

void zen_cgp_vote_digest(uint8_t out[ZEN_HASH_LEN], uint32_t interval,
			 int nomination_phase, const char *ballot_hex,
			 size_t ballot_hex_len)
{
	const char *phase = nomination_phase ? "Nomination" : "Vote";
	struct zen_buf b = ZEN_BUF_INIT, text = ZEN_BUF_INIT;

	zen_write_u8(&b, ZEN_DATA_U32);
	zen_write_u32(&b, interval);
	add_hex(&text, &b);
	data_string(&b, phase, strlen(phase));
	add_hex(&text, &b);
	data_string(&b, ballot_hex, ballot_hex_len);
	add_hex(&text, &b);
	zen_sha3(out, text.data, text.len);
	zen_buf_release(&b);
	zen_buf_release(&text);
}
