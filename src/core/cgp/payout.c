/*
 * payout.c - the message body of the CGP payout transaction: what the
 * node builds for the winner (cgp-and-chain.md 7.2) and how a payout
 * block's transaction is checked against it (7.3).
 */
#include <stdlib.h>
#include <string.h>

#include "core/cgp/cgp.h"
#include "core/encoding/hex.h"

static const char OUTPUTS_KEY[] = "Outputs";

static void set_lock(struct zen_lock *lock, const struct zen_cgp_recipient *r)
{
	zen_lock_init(lock);
	if (r->is_contract) {
		lock->id = ZEN_LOCK_CONTRACT;
		lock->cid = r->cid;
	} else {
		lock->id = ZEN_LOCK_PK;
		memcpy(lock->pk_hash, r->pk_hash, ZEN_HASH_LEN);
	}
}

/* An initialized list of n initialized items. */
static void make_list(struct zen_data *d, size_t n)
{
	d->kind = ZEN_DATA_LIST;
	d->u.coll.n = n;
	d->u.coll.items = zen_xcalloc(n ? n : 1, sizeof(*d->u.coll.items));
	for (size_t i = 0; i < n; i++)
		zen_data_init(&d->u.coll.items[i]);
}

static void make_string(struct zen_data *d, const char *s)
{
	d->kind = ZEN_DATA_STRING;
	d->u.bytes.len = strlen(s);
	d->u.bytes.p = (uint8_t *)zen_xstrdup(s);
}

/* Asset.toString, but ZP as 72 zeros (the CGP contract's form). */
static void asset_string(char out[ZEN_ASSET_TEXT_MAX], const struct zen_asset *a)
{
	if (zen_asset_is_zp(a)) {
		memset(out, '0', ZEN_CONTRACT_ID_TEXT_LEN);
		out[ZEN_CONTRACT_ID_TEXT_LEN] = 0;
	} else {
		zen_asset_text(out, a);
	}
}

/* [Lock recipient, [String asset, U64 amount]] */
static void make_output(struct zen_data *d, const struct zen_cgp_recipient *r,
			const struct zen_spend *s)
{
	char asset[ZEN_ASSET_TEXT_MAX];
	struct zen_data *pair;

	make_list(d, 2);
	d->u.coll.items[0].kind = ZEN_DATA_LOCK;
	set_lock(&d->u.coll.items[0].u.lock, r);
	make_list(&d->u.coll.items[1], 2);
	pair = d->u.coll.items[1].u.coll.items;
	asset_string(asset, &s->asset);
	make_string(&pair[0], asset);
	pair[1].kind = ZEN_DATA_U64;
	pair[1].u.u64 = s->amount;
}

void zen_cgp_payout_body(struct zen_data *d, const struct zen_cgp_payout *payout)
{
	struct zen_data_entry *e;

	zen_data_release(d);
	d->kind = ZEN_DATA_DICT;
	d->u.dict.n = 1;
	d->u.dict.entries = e = zen_xcalloc(1, sizeof(*e));
	e->key = zen_xstrdup(OUTPUTS_KEY);
	e->key_len = strlen(OUTPUTS_KEY);
	zen_data_init(&e->value);
	make_list(&e->value, payout->n_spends);
	for (size_t i = 0; i < payout->n_spends; i++)
		make_output(&e->value.u.coll.items[i], &payout->recipient,
			    &payout->spends[i]);
}

/* ---- checking a body against the winner ------------------------------ */

static const struct zen_data *dict_get(const struct zen_data *d,
				       const char *key)
{
	size_t n = strlen(key);

	if (d->kind != ZEN_DATA_DICT)
		return NULL;
	for (size_t i = 0; i < d->u.dict.n; i++)
		if (d->u.dict.entries[i].key_len == n &&
		    !memcmp(d->u.dict.entries[i].key, key, n))
			return &d->u.dict.entries[i].value;
	return NULL;
}

static int is_list_of(const struct zen_data *d, size_t n)
{
	return d->kind == ZEN_DATA_LIST && d->u.coll.n == n;
}

/* One output [Lock, [String, U64]] into *lock and *s; 0 or -1. */
static int parse_output(const struct zen_data *d, const struct zen_lock **lock,
			struct zen_spend *s)
{
	const struct zen_data *pair;

	if (!is_list_of(d, 2) || d->u.coll.items[0].kind != ZEN_DATA_LOCK ||
	    !is_list_of(&d->u.coll.items[1], 2))
		return -1;
	pair = d->u.coll.items[1].u.coll.items;
	if (pair[0].kind != ZEN_DATA_STRING || pair[1].kind != ZEN_DATA_U64 ||
	    zen_asset_parse(&s->asset, (const char *)pair[0].u.bytes.p,
			    pair[0].u.bytes.len))
		return -1;
	s->amount = pair[1].u.u64;
	*lock = &d->u.coll.items[0].u.lock;
	return 0;
}

static int locks_to(const struct zen_lock *lock, const struct zen_cgp_recipient *r)
{
	if (r->is_contract)
		return lock->id == ZEN_LOCK_CONTRACT &&
		       lock->cid.version == r->cid.version &&
		       !memcmp(lock->cid.hash, r->cid.hash, ZEN_HASH_LEN);
	return lock->id == ZEN_LOCK_PK &&
	       !memcmp(lock->pk_hash, r->pk_hash, ZEN_HASH_LEN);
}

static int by_spend(const void *a, const void *b)
{
	const struct zen_spend *x = a, *y = b;
	int c = zen_asset_cmp(&x->asset, &y->asset);

	return c ? c : (x->amount > y->amount) - (x->amount < y->amount);
}

/* Equal as multisets; sorts both. */
static int same_spends(struct zen_spend *a, struct zen_spend *b, size_t n)
{
	qsort(a, n, sizeof(*a), by_spend);
	qsort(b, n, sizeof(*b), by_spend);
	for (size_t i = 0; i < n; i++)
		if (by_spend(&a[i], &b[i]))
			return 0;
	return 1;
}

int zen_cgp_check_payout_body(const struct zen_data *body,
			      const struct zen_cgp_payout *winner,
			      struct zen_err *err)
{
	const struct zen_data *outs = body ? dict_get(body, OUTPUTS_KEY) : NULL;
	struct zen_spend *got = NULL, *want = NULL;
	size_t n;
	int locked = 1, same;

	if (!outs || outs->kind != ZEN_DATA_LIST)
		return zen_fail(err, ZEN_EINVAL, "Couldn't parse message body");
	n = outs->u.coll.n;
	got = zen_xcalloc(n ? n : 1, sizeof(*got));
	for (size_t i = 0; i < n; i++) {
		const struct zen_lock *lock;

		if (parse_output(&outs->u.coll.items[i], &lock, &got[i])) {
			free(got);
			return zen_fail(err, ZEN_EINVAL,
					"Couldn't parse message body");
		}
		locked &= locks_to(lock, &winner->recipient);
	}
	same = locked && n == winner->n_spends;
	if (same && n) {
		want = zen_xmemdup(winner->spends, n * sizeof(*want));
		same = same_spends(got, want, n);
	}
	free(got);
	free(want);
	if (!same)
		return zen_fail(err, ZEN_EREFUSED, "Contract outputs are not the "
				"same as the payout winner");
	return 0;
}
