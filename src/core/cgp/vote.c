/*
 * vote.c - a vote as a wallet casts it (vote.h): windows, the payout's
 * spend order and the signed message body.
 */
#include <string.h>

#include "core/cgp/vote.h"
#include "core/consensus/consensus.h"
#include "core/encoding/hex.h"

static const char SIGNATURE_KEY[] = "Signature";

const char *zen_cgp_vote_command(enum zen_cgp_vote_kind kind)
{
	switch (kind) {
	case ZEN_CGP_VOTE_NOMINATION: return "Nomination";
	case ZEN_CGP_VOTE_ALLOCATION: return "Allocation";
	case ZEN_CGP_VOTE_PAYOUT: return "Payout";
	}
	ZEN_BUG("unknown vote kind");
}

/* The window of kind in interval n. */
static void window_of(const struct zen_chain_params *p,
		      enum zen_cgp_vote_kind kind, uint32_t n,
		      struct zen_cgp_window *w)
{
	uint32_t nom_end = zen_cgp_end_of_nomination(p, n);

	w->interval = n;
	if (kind == ZEN_CGP_VOTE_NOMINATION) {
		w->first = zen_cgp_snapshot_block(p, n) + 1;
		w->last = nom_end;
	} else {
		w->first = nom_end + 1;
		w->last = n * p->interval_length;
	}
}

int zen_cgp_vote_window(const struct zen_chain_params *p,
			enum zen_cgp_vote_kind kind, uint32_t b,
			struct zen_cgp_window *w)
{
	uint32_t n = zen_cgp_interval(p, b);

	window_of(p, kind, n, w);
	/* past this interval's window: the next interval's is the next one */
	if (b > w->last)
		window_of(p, kind, n + 1, w);
	return b >= w->first && b <= w->last;
}

void zen_cgp_allocation_range(const struct zen_chain_params *p, uint8_t prev,
			      uint8_t *lo, uint8_t *hi)
{
	int first = -1, last = -1;

	for (int x = 0; x <= 100; x++)
		if (zen_cgp_allocation_valid(p, prev, (uint8_t)x)) {
			if (first < 0)
				first = x;
			last = x;
		}
	if (first < 0)
		ZEN_BUG("no allocation is valid");
	*lo = (uint8_t)first;
	*hi = (uint8_t)last;
}

/* ---- the payout's spends ---------------------------------------------- */

static int same_spend(const struct zen_spend *a, const struct zen_spend *b)
{
	return a->amount == b->amount && !zen_asset_cmp(&a->asset, &b->asset);
}

int zen_cgp_payout_sort(struct zen_cgp_payout *p, struct zen_err *err)
{
	struct zen_spend *s = p->spends;
	size_t n = p->n_spends;

	if (n < 1 || n > ZEN_CGP_MAX_SPENDS)
		return zen_fail(err, ZEN_EINVAL, "a payout needs 1 to %d spends",
				ZEN_CGP_MAX_SPENDS);
	/* insertion sort: stable, and n is at most 100 */
	for (size_t i = 1; i < n; i++) {
		struct zen_spend x = s[i];
		size_t j = i;

		for (; j > 0 && zen_asset_cmp(&s[j - 1].asset, &x.asset) > 0; j--)
			s[j] = s[j - 1];
		s[j] = x;
	}
	for (size_t i = 0; i < n; i++) {
		char asset[ZEN_ASSET_TEXT_MAX];

		if (!s[i].amount)
			return zen_fail(err, ZEN_EINVAL, "a spend of 0 kalapas");
		if (i && same_spend(&s[i - 1], &s[i])) {
			zen_asset_text(asset, &s[i].asset);
			return zen_fail(err, ZEN_EINVAL, "spend %llu:%s is given "
					"twice", (unsigned long long)s[i].amount,
					asset);
		}
	}
	return 0;
}

/* ---- the message body ------------------------------------------------- */

static void set_key(struct zen_data_entry *e, const char *key, size_t len)
{
	e->key = zen_xmalloc(len + 1);
	memcpy(e->key, key, len);
	e->key[len] = 0;
	e->key_len = len;
	zen_data_init(&e->value);
}

static void make_dict(struct zen_data *d, size_t n)
{
	d->kind = ZEN_DATA_DICT;
	d->u.dict.n = n;
	d->u.dict.entries = zen_xcalloc(n ? n : 1, sizeof(*d->u.dict.entries));
}

/* "Signature": Dict{hex pubkey: Signature over digest}, one entry a key. */
static int sign_all(struct zen_data *sigs, const uint8_t digest[ZEN_HASH_LEN],
		    const uint8_t (*seckeys)[ZEN_SECKEY_LEN], size_t n,
		    struct zen_err *err)
{
	int rc = 0;

	make_dict(sigs, n);
	for (size_t i = 0; !rc && i < n; i++) {
		struct zen_data_entry *e = &sigs->u.dict.entries[i];
		uint8_t pub[ZEN_PUBKEY_LEN];
		char hex[2 * ZEN_PUBKEY_LEN + 1];

		rc = zen_pubkey_from_seckey(pub, seckeys[i], err);
		if (rc)
			break;
		zen_hex_encode_to(hex, pub, ZEN_PUBKEY_LEN);
		set_key(e, hex, 2 * ZEN_PUBKEY_LEN);
		e->value.kind = ZEN_DATA_SIGNATURE;
		rc = zen_ecdsa_sign(e->value.u.signature, digest, seckeys[i], err);
	}
	/* a key given twice gave the same entry twice: keep one */
	if (!rc)
		zen_data_dict_normalize(sigs);
	return rc;
}

static int ballot_fits(enum zen_cgp_vote_kind kind,
		       const struct zen_cgp_ballot *ballot, struct zen_err *err)
{
	int want = kind == ZEN_CGP_VOTE_ALLOCATION ? ZEN_CGP_BALLOT_ALLOCATION
						     : ZEN_CGP_BALLOT_PAYOUT;

	if ((int)ballot->kind == want)
		return 0;
	return zen_fail(err, ZEN_EINVAL, "a%s %s vote carries %s ballot",
			kind == ZEN_CGP_VOTE_ALLOCATION ? "n" : "",
			zen_cgp_vote_command(kind),
			want == ZEN_CGP_BALLOT_PAYOUT ? "a payout" :
			"an allocation");
}

int zen_cgp_vote_body(struct zen_data *body, const struct zen_chain_params *p,
		      uint32_t b, enum zen_cgp_vote_kind kind,
		      const struct zen_cgp_ballot *ballot,
		      const uint8_t (*seckeys)[ZEN_SECKEY_LEN], size_t n_keys,
		      struct zen_err *err)
{
	const char *command = zen_cgp_vote_command(kind);
	struct zen_buf bytes = ZEN_BUF_INIT, hex = ZEN_BUF_INIT;
	struct zen_data_entry *e;
	uint8_t digest[ZEN_HASH_LEN];
	int rc;

	zen_data_release(body);
	if ((rc = ballot_fits(kind, ballot, err)))
		return rc;
	if (!n_keys || !seckeys)
		return zen_fail(err, ZEN_EINVAL, "no key to sign the vote with");
	zen_cgp_ballot_write(&bytes, ballot);
	zen_hex_encode(&hex, bytes.data, bytes.len);
	zen_cgp_vote_digest(digest, zen_cgp_interval(p, b),
			    zen_cgp_is_nominee_phase(p, b),
			    zen_buf_str(&hex), hex.len);
	make_dict(body, 2);
	e = body->u.dict.entries;
	set_key(&e[0], command, strlen(command));
	e[0].value.kind = ZEN_DATA_STRING;
	e[0].value.u.bytes.len = hex.len;
	e[0].value.u.bytes.p = zen_buf_detach(&hex, NULL);
	set_key(&e[1], SIGNATURE_KEY, strlen(SIGNATURE_KEY));
	rc = sign_all(&e[1].value, digest, seckeys, n_keys, err);
	zen_data_dict_normalize(body);
	zen_buf_release(&bytes);
	zen_buf_release(&hex);
	if (rc)
		zen_data_release(body);
	return rc;
}
