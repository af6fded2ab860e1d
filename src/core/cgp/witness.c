/*
 * witness.c - what a voting-contract witness says (cgp-and-chain.md 6.1,
 * section 20): the ballot of its message body and the keys that signed it.
 *
 * A witness that does not have the shape below is not a vote: the tally
 * ignores it, it is never an error of the block.
 */
#include <stdlib.h>
#include <string.h>

#include "core/cgp/cgp.h"
#include "core/encoding/hex.h"

void zen_cgp_vote_release(struct zen_cgp_vote *v)
{
	zen_cgp_ballot_release(&v->ballot);
	free(v->signers);
	memset(v, 0, sizeof(*v));
}

static const struct zen_data *dict_get(const struct zen_data *d,
				       const char *key, size_t len)
{
	for (size_t i = 0; i < d->u.dict.n; i++)
		if (d->u.dict.entries[i].key_len == len &&
		    !memcmp(d->u.dict.entries[i].key, key, len))
			return &d->u.dict.entries[i].value;
	return NULL;
}

static int command_is(const char *command, size_t len, const char *name)
{
	return len == strlen(name) && !memcmp(command, name, len);
}

/* The ballot kind a command carries, 0 for any other command. */
static int command_kind(const char *command, size_t len)
{
	if (command_is(command, len, "Allocation"))
		return ZEN_CGP_BALLOT_ALLOCATION;
	if (command_is(command, len, "Payout") ||
	    command_is(command, len, "Nomination"))
		return ZEN_CGP_BALLOT_PAYOUT;
	return 0;
}

/* Every entry of the "Signature" dictionary whose key is the hex of 33
 * bytes and whose value is a Signature; other entries are dropped. */
static void collect_signers(struct zen_cgp_vote *v, const struct zen_data *sigs)
{
	size_t cap = 0;

	for (size_t i = 0; i < sigs->u.dict.n; i++) {
		const struct zen_data_entry *e = &sigs->u.dict.entries[i];
		struct zen_cgp_signer s;

		if (e->value.kind != ZEN_DATA_SIGNATURE ||
		    e->key_len != 2 * ZEN_PUBKEY_LEN ||
		    zen_hex_decode_fixed(s.pubkey, ZEN_PUBKEY_LEN, e->key,
					 NULL))
			continue;
		memcpy(s.signature, e->value.u.signature, ZEN_SIGNATURE_LEN);
		ZEN_GROW(v->signers, v->n_signers + 1, cap);
		v->signers[v->n_signers++] = s;
	}
}

int zen_cgp_vote_parse(struct zen_cgp_vote *v, const char *command,
		       size_t command_len, const struct zen_data *body,
		       struct zen_err *err)
{
	const struct zen_data *hex, *sigs;
	struct zen_buf bytes = ZEN_BUF_INIT;
	int kind = command_kind(command, command_len), rc;

	memset(v, 0, sizeof(*v));
	if (!kind)
		return zen_fail(err, ZEN_EINVAL, "not a voting command");
	if (!body || body->kind != ZEN_DATA_DICT)
		return zen_fail(err, ZEN_EINVAL, "the body is not a dictionary");
	hex = dict_get(body, command, command_len);
	sigs = dict_get(body, "Signature", 9);
	if (!hex || hex->kind != ZEN_DATA_STRING)
		return zen_fail(err, ZEN_EINVAL, "no ballot under the command");
	if (!sigs || sigs->kind != ZEN_DATA_DICT)
		return zen_fail(err, ZEN_EINVAL, "no Signature dictionary");
	rc = zen_hex_decode(&bytes, (const char *)hex->u.bytes.p,
			    hex->u.bytes.len, err);
	if (!rc)
		rc = zen_cgp_ballot_decode(&v->ballot, bytes.data, bytes.len,
					   err);
	zen_buf_release(&bytes);
	if (rc)
		return rc;
	if ((int)v->ballot.kind != kind) {
		zen_cgp_ballot_release(&v->ballot);
		return zen_fail(err, ZEN_EINVAL,
				"the ballot does not match the command");
	}
	v->ballot_hex = (const char *)hex->u.bytes.p;
	v->ballot_hex_len = hex->u.bytes.len;
	collect_signers(v, sigs);
	return 0;
}
