/*
 * The own contract corpus of issue 16 (tests/contracts, files other than
 * lang-* and zulib-*): contracts in the style of published Zen contracts,
 * every function with a `val` and its cost, run command by command.
 *
 * For every case the expected `cf` value (which main's cost must equal:
 * contracts.md 1.7 step 6, 1.8) and the expected result of main were
 * computed by hand from the contract source, contracts.md 1.10 (the
 * elaborator's counts) and section 4 (Zulib costs and semantics); the
 * derivation is in the contract's comments and next to each case, never
 * copied from the engine's output.
 *
 * Cases are written in a small text notation so that a table row reads
 * like the transaction it describes:
 *   asset   zp | self | self:NAME (subtype string) | self#N (fromSubtypeInt)
 *           | c:XX (contract (0, XX..XX), default subtype)
 *   lock    pk:XX (PK hash XX..XX) | pk:K1..K3 (SHA3 of key Kn) | self |
 *           c:XX | destroy | fee
 *   tx      "in TT ASSET AMT; out LOCK ASSET AMT; mint ASSET AMT" (an input
 *           spends outpoint (TT..TT, 0), locked to pk:TT)
 *   wallet  "TT ASSET AMT; ..." (outpoint (TT..TT, 0) locked to self)
 *   data    u64:N u32:N i64:N byte:N str:TEXT hash:XX (or 64 hex)
 *           lock:LOCK pk:K1 sig:HEX (compact, 128 hex) [d, d] (list)
 *           {key=d, key=d} (dict)
 *   sender  NULL (Anonymous) | K1..K3 (PK) | c:XX (Contract)
 * The keys K1, K2, K3 are the secp256k1 keys of secrets 1, 2 and 3; their
 * compressed forms are written in the contracts that name them.
 * A result renders as "ERR message" or
 *   "OK in=[..; ..] out=[..; ..] S=nochange|delete|DATA [M=recipient cmd
 *    body]".
 *
 * Each case is checked three ways: cf's value, main's cost (which must be
 * cf's value, exact: the declared `val` indexes pad nothing beyond what
 * the reference charges) and main's result; then the contract is loaded
 * again with every `val` blanked out, and main's own count (no declared
 * index to pad it) must be the hand count too: equal to cf where every
 * bind runs, and where a bind short-circuits past Zulib functions only
 * (their declared cost is charged, as Zulib's binds pad None / ERR to m +
 * n); less by a skipped function of the contract itself, whose cost only
 * its val says (noted per case).
 */
#include <ctype.h>
#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/consensus/address.h"
#include "core/contract/contract.h"
#include "core/crypto/hash.h"
#include "core/crypto/keys.h"
#include "contract-fixture.h"
#include "core/encoding/hex.h"
#include "tap.h"

#ifndef ZEN_SRCDIR
#define ZEN_SRCDIR "."
#endif

/* Compressed keys of the secrets 1, 2, 3 (K1 = G, K2 = 2G, K3 = 3G). */
static uint8_t keys[3][33];
static uint8_t key_hash[3][32];

static const struct zen_contract_id *self;	/* the contract under test */

/* ---- parsing the notation ---- */

static int hexbyte(const char *s, uint8_t *b)
{
	return !zen_hex_decode_fixed(b, 1, (char[3]){ s[0], s[1], 0 }, NULL);
}

static int parse_hash(const char *s, uint8_t h[32])
{
	uint8_t b;

	if (strlen(s) == 64)
		return !zen_hex_decode_fixed(h, 32, s, NULL);
	if (strlen(s) != 2 || !hexbyte(s, &b))
		return 0;
	memset(h, b, 32);
	return 1;
}

static int parse_asset(const char *s, struct zen_asset *a)
{
	memset(a, 0, sizeof(*a));
	if (!strcmp(s, "zp"))
		return 1;
	if (!strncmp(s, "c:", 2)) {
		a->cid.version = 0;
		return parse_hash(s + 2, a->cid.hash);
	}
	if (strncmp(s, "self", 4))
		return 0;
	a->cid = *self;
	if (s[4] == ':' && strlen(s + 5) <= 32)
		memcpy(a->subtype, s + 5, strlen(s + 5));
	else if (s[4] == '#') {
		uint32_t n = (uint32_t)strtoul(s + 5, NULL, 10);

		a->subtype[1] = (uint8_t)(n >> 24);
		a->subtype[2] = (uint8_t)(n >> 16);
		a->subtype[3] = (uint8_t)(n >> 8);
		a->subtype[4] = (uint8_t)n;
	} else if (s[4])
		return 0;
	return 1;
}

static int parse_lock(const char *s, struct zen_lock *l)
{
	zen_lock_init(l);
	if (!strcmp(s, "self")) {
		l->id = ZEN_LOCK_CONTRACT;
		l->cid = *self;
		return 1;
	}
	if (!strcmp(s, "destroy")) {
		l->id = ZEN_LOCK_DESTROY;
		return 1;
	}
	if (!strcmp(s, "fee")) {
		l->id = ZEN_LOCK_FEE;
		return 1;
	}
	if (!strncmp(s, "c:", 2)) {
		l->id = ZEN_LOCK_CONTRACT;
		return parse_hash(s + 2, l->cid.hash);
	}
	if (strncmp(s, "pk:", 3))
		return 0;
	l->id = ZEN_LOCK_PK;
	if (s[3] == 'K' && s[4] >= '1' && s[4] <= '3' && !s[5]) {
		memcpy(l->pk_hash, key_hash[s[4] - '1'], 32);
		return 1;
	}
	return parse_hash(s + 3, l->pk_hash);
}

static struct zen_data *d_new(enum zen_data_kind k)
{
	struct zen_data *d = zen_xcalloc(1, sizeof(*d));

	zen_data_init(d);
	d->kind = k;
	return d;
}

/* One token of the data notation: up to , ] } or the end. */
static size_t tok_len(const char *s)
{
	size_t n = 0;

	while (s[n] && s[n] != ',' && s[n] != ']' && s[n] != '}')
		n++;
	return n;
}

static int parse_scalar(const char *t, struct zen_data *d)
{
	const char *v = strchr(t, ':');

	if (!v)
		return 0;
	v++;
	if (!strncmp(t, "u64:", 4))
		d->kind = ZEN_DATA_U64, d->u.u64 = strtoull(v, NULL, 10);
	else if (!strncmp(t, "u32:", 4))
		d->kind = ZEN_DATA_U32, d->u.u32 = (uint32_t)strtoul(v, NULL, 10);
	else if (!strncmp(t, "i64:", 4))
		d->kind = ZEN_DATA_I64, d->u.i64 = strtoll(v, NULL, 10);
	else if (!strncmp(t, "byte:", 5))
		d->kind = ZEN_DATA_BYTE, d->u.byte = (uint8_t)atoi(v);
	else if (!strncmp(t, "str:", 4)) {
		d->kind = ZEN_DATA_STRING;
		d->u.bytes.p = (uint8_t *)zen_xstrdup(v);
		d->u.bytes.len = strlen(v);
	} else if (!strncmp(t, "hash:", 5)) {
		d->kind = ZEN_DATA_HASH;
		return parse_hash(v, d->u.hash);
	} else if (!strncmp(t, "lock:", 5)) {
		d->kind = ZEN_DATA_LOCK;
		return parse_lock(v, &d->u.lock);
	} else if (!strncmp(t, "sig:", 4)) {
		d->kind = ZEN_DATA_SIGNATURE;
		return !zen_hex_decode_fixed(d->u.signature, 64, v, NULL);
	} else if (!strncmp(t, "pk:K", 4) && v[1] >= '1' && v[1] <= '3') {
		d->kind = ZEN_DATA_PUBKEY;
		memcpy(d->u.pubkey, keys[v[1] - '1'], 33);
	} else
		return 0;
	return 1;
}

static const char *parse_data_at(const char *s, struct zen_data *d);

/* Items of a list ([...]) or a dict ({k=v,...}) up to the closing char. */
static const char *parse_items(const char *s, struct zen_data *d, int dict)
{
	char close = dict ? '}' : ']';
	size_t n = 0;

	d->kind = dict ? ZEN_DATA_DICT : ZEN_DATA_LIST;
	while (s && *s != close) {
		struct zen_data *item;
		const char *eq = strchr(s, '=');

		if (dict) {
			d->u.dict.entries = realloc(d->u.dict.entries,
						    (n + 1) * sizeof(*d->u.dict.entries));
			if (!eq)
				return NULL;
			d->u.dict.entries[n].key = zen_xcalloc(1, (size_t)(eq - s) + 1);
			memcpy(d->u.dict.entries[n].key, s, (size_t)(eq - s));
			d->u.dict.entries[n].key_len = (size_t)(eq - s);
			item = &d->u.dict.entries[n].value;
			s = eq + 1;
		} else {
			d->u.coll.items = realloc(d->u.coll.items,
						  (n + 1) * sizeof(*d->u.coll.items));
			item = &d->u.coll.items[n];
		}
		zen_data_init(item);
		n++;
		if (dict)
			d->u.dict.n = n;
		else
			d->u.coll.n = n;
		s = parse_data_at(s, item);
		if (s && *s == ',')
			s++;
		else if (s && *s != close)
			return NULL;
	}
	if (dict)
		zen_data_dict_normalize(d);
	return s ? s + 1 : NULL;
}

static const char *parse_data_at(const char *s, struct zen_data *d)
{
	char tok[300];
	size_t n;

	if (*s == '[' || *s == '{')
		return parse_items(s + 1, d, *s == '{');
	n = tok_len(s);
	if (n >= sizeof(tok))
		return NULL;
	memcpy(tok, s, n);
	tok[n] = 0;
	return parse_scalar(tok, d) ? s + n : NULL;
}

/* A malloc'ed data value from the notation, or NULL for NULL. */
static struct zen_data *data_of(const char *s)
{
	struct zen_data *d;
	const char *end;

	if (!s)
		return NULL;
	d = d_new(ZEN_DATA_NONE);
	end = parse_data_at(s, d);
	if (!end || *end) {
		tap_diag("bad data notation: %s", s);
		abort();
	}
	return d;
}

static void must(int ok, const char *what, const char *s)
{
	if (!ok) {
		tap_diag("bad %s notation: %s", what, s);
		abort();
	}
}

/* Items of a ';'-separated spec, each given to fn (a writable copy). */
static void each_item(const char *spec, void (*fn)(char *item, void *ud),
		      void *ud)
{
	char *copy, *p, *item, *save = NULL;

	if (!spec)
		return;
	copy = zen_xstrdup(spec);
	for (p = copy; (item = strtok_r(p, ";", &save)); p = NULL) {
		while (*item == ' ')
			item++;
		fn(item, ud);
	}
	free(copy);
}

static void skel_item(char *item, void *ud)
{
	struct zen_skel *s = ud;
	char kind[8], a1[80], a2[80], a3[40];
	int n = sscanf(item, "%7s %79s %79s %39s", kind, a1, a2, a3);

	if (!strcmp(kind, "mint") && n == 3) {
		struct zen_skel_input *in;

		s->inputs = realloc(s->inputs, (s->n_inputs + 1) * sizeof(*in));
		in = &s->inputs[s->n_inputs++];
		memset(in, 0, sizeof(*in));
		in->is_mint = 1;
		must(parse_asset(a1, &in->mint.asset), "asset", item);
		in->mint.amount = strtoull(a2, NULL, 10);
	} else if (!strcmp(kind, "in") && n == 4) {
		struct zen_skel_input *in;
		char lock[96];

		s->inputs = realloc(s->inputs, (s->n_inputs + 1) * sizeof(*in));
		in = &s->inputs[s->n_inputs++];
		memset(in, 0, sizeof(*in));
		must(parse_hash(a1, in->outpoint.tx_hash), "input", item);
		snprintf(lock, sizeof(lock), "pk:%s", a1);
		must(parse_lock(lock, &in->output.lock), "lock", item);
		must(parse_asset(a2, &in->output.spend.asset), "asset", item);
		in->output.spend.amount = strtoull(a3, NULL, 10);
	} else if (!strcmp(kind, "out") && n == 4) {
		struct zen_output *o;

		s->outputs = realloc(s->outputs, (s->n_outputs + 1) * sizeof(*o));
		o = &s->outputs[s->n_outputs++];
		memset(o, 0, sizeof(*o));
		must(parse_lock(a1, &o->lock), "lock", item);
		must(parse_asset(a2, &o->spend.asset), "asset", item);
		o->spend.amount = strtoull(a3, NULL, 10);
	} else
		must(0, "tx", item);
}

struct wallet {
	struct zen_outpoint ops[16];
	struct zen_output outs[16];
	size_t n;
};

static void wallet_item(char *item, void *ud)
{
	struct wallet *w = ud;
	char a1[8], a2[80], a3[40];

	must(w->n < 16 && sscanf(item, "%7s %79s %39s", a1, a2, a3) == 3,
	     "wallet", item);
	memset(&w->ops[w->n], 0, sizeof(w->ops[0]));
	memset(&w->outs[w->n], 0, sizeof(w->outs[0]));
	must(parse_hash(a1, w->ops[w->n].tx_hash), "wallet", item);
	must(parse_lock("self", &w->outs[w->n].lock), "lock", item);
	must(parse_asset(a2, &w->outs[w->n].spend.asset), "asset", item);
	w->outs[w->n].spend.amount = strtoull(a3, NULL, 10);
	w->n++;
}

/* ---- rendering a result in the same notation ---- */

struct out {
	char s[4096];
	size_t n;
};

static void put(struct out *o, const char *fmt, ...) ZEN_PRINTF(2, 3);
static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (o->n >= sizeof(o->s))
		return;
	va_start(ap, fmt);
	k = vsnprintf(o->s + o->n, sizeof(o->s) - o->n, fmt, ap);
	va_end(ap);
	if (k > 0)
		o->n += (size_t)k;
}

static int uniform(const uint8_t *h, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (h[i] != h[0])
			return 0;
	return 1;
}

static void put_hash(struct out *o, const uint8_t h[32])
{
	size_t i;

	if (uniform(h, 32)) {
		put(o, "%02x", h[0]);
		return;
	}
	for (i = 0; i < 32; i++)
		put(o, "%02x", h[i]);
}

static void put_cid(struct out *o, const struct zen_contract_id *c)
{
	if (!memcmp(c, self, sizeof(*c))) {
		put(o, "self");
		return;
	}
	put(o, "c:");
	if (c->version)
		put(o, "v%" PRIu32 ":", c->version);
	put_hash(o, c->hash);
}

static void put_asset(struct out *o, const struct zen_asset *a)
{
	static const uint8_t zero[32];
	size_t n;

	if (!a->cid.version && !memcmp(a->cid.hash, zero, 32) &&
	    !memcmp(a->subtype, zero, 32)) {
		put(o, "zp");
		return;
	}
	put_cid(o, &a->cid);
	if (!memcmp(a->subtype, zero, 32))
		return;
	if (!a->subtype[0] && !memcmp(a->subtype + 5, zero, 27)) {
		put(o, "#%" PRIu32, (uint32_t)a->subtype[1] << 24 |
		    (uint32_t)a->subtype[2] << 16 | (uint32_t)a->subtype[3] << 8 |
		    a->subtype[4]);
		return;
	}
	for (n = 0; n < 32 && isprint(a->subtype[n]); n++)
		;
	if (n && !memcmp(a->subtype + n, zero, 32 - n)) {
		put(o, ":%.*s", (int)n, (const char *)a->subtype);
		return;
	}
	put(o, ":#");
	put_hash(o, a->subtype);
}

static void put_lock(struct out *o, const struct zen_lock *l)
{
	int i;

	switch (l->id) {
	case ZEN_LOCK_PK:
		for (i = 0; i < 3; i++)
			if (!memcmp(l->pk_hash, key_hash[i], 32)) {
				put(o, "pk:K%d", i + 1);
				return;
			}
		put(o, "pk:");
		put_hash(o, l->pk_hash);
		return;
	case ZEN_LOCK_CONTRACT:
		put_cid(o, &l->cid);
		return;
	case ZEN_LOCK_DESTROY:
		put(o, "destroy");
		return;
	case ZEN_LOCK_FEE:
		put(o, "fee");
		return;
	default:
		put(o, "lock%" PRIu32, l->id);
	}
}

static void put_data(struct out *o, const struct zen_data *d)
{
	size_t i;

	switch (d->kind) {
	case ZEN_DATA_U64:
		put(o, "u64:%" PRIu64, d->u.u64);
		return;
	case ZEN_DATA_U32:
		put(o, "u32:%" PRIu32, d->u.u32);
		return;
	case ZEN_DATA_I64:
		put(o, "i64:%" PRId64, d->u.i64);
		return;
	case ZEN_DATA_BYTE:
		put(o, "byte:%u", d->u.byte);
		return;
	case ZEN_DATA_STRING:
		put(o, "str:%.*s", (int)d->u.bytes.len,
		    (const char *)d->u.bytes.p);
		return;
	case ZEN_DATA_HASH:
		put(o, "hash:");
		put_hash(o, d->u.hash);
		return;
	case ZEN_DATA_LOCK:
		put(o, "lock:");
		put_lock(o, &d->u.lock);
		return;
	case ZEN_DATA_PUBKEY:
		for (i = 0; i < 3; i++)
			if (!memcmp(d->u.pubkey, keys[i], 33)) {
				put(o, "pk:K%zu", i + 1);
				return;
			}
		put(o, "pk:?");
		return;
	case ZEN_DATA_LIST:
	case ZEN_DATA_ARRAY:
		put(o, d->kind == ZEN_DATA_LIST ? "[" : "array[");
		for (i = 0; i < d->u.coll.n; i++) {
			put(o, i ? "," : "");
			put_data(o, &d->u.coll.items[i]);
		}
		put(o, "]");
		return;
	case ZEN_DATA_DICT:
		put(o, "{");
		for (i = 0; i < d->u.dict.n; i++) {
			put(o, "%s%.*s=", i ? "," : "",
			    (int)d->u.dict.entries[i].key_len,
			    d->u.dict.entries[i].key);
			put_data(o, &d->u.dict.entries[i].value);
		}
		put(o, "}");
		return;
	default:
		put(o, "data%d", (int)d->kind);
	}
}

static void render(struct out *o, const struct zen_contract_return *r)
{
	size_t i;

	if (!r->ok) {
		put(o, "ERR %s", r->err_msg ? r->err_msg : "?");
		return;
	}
	put(o, "OK in=[");
	for (i = 0; i < r->tx.n_inputs; i++) {
		const struct zen_skel_input *in = &r->tx.inputs[i];

		put(o, i ? "; " : "");
		if (in->is_mint) {
			put(o, "mint ");
			put_asset(o, &in->mint.asset);
			put(o, " %" PRIu64, in->mint.amount);
			continue;
		}
		put(o, "in ");
		put_hash(o, in->outpoint.tx_hash);
		put(o, " ");
		put_asset(o, &in->output.spend.asset);
		put(o, " %" PRIu64, in->output.spend.amount);
	}
	put(o, "] out=[");
	for (i = 0; i < r->tx.n_outputs; i++) {
		const struct zen_output *out = &r->tx.outputs[i];

		put(o, i ? "; " : "");
		put_lock(o, &out->lock);
		put(o, " ");
		put_asset(o, &out->spend.asset);
		put(o, " %" PRIu64, out->spend.amount);
	}
	put(o, "] S=");
	if (r->state == ZEN_STATE_NOCHANGE)
		put(o, "nochange");
	else if (r->state == ZEN_STATE_DELETE)
		put(o, "delete");
	else
		put_data(o, &r->state_data);
	if (r->has_message) {
		put(o, " M=");
		put_cid(o, &r->recipient);
		put(o, " %.*s ", (int)r->command_len, r->command);
		if (r->body)
			put_data(o, r->body);
		else
			put(o, "none");
	}
}

/* ---- running a case ---- */

struct tcase {
	const char *cmd;
	const char *sender;	/* NULL, "K1".."K3", "c:XX" */
	const char *body;	/* data notation or NULL */
	const char *tx;		/* skeleton notation or NULL */
	const char *wallet;	/* wallet notation or NULL */
	const char *state;	/* data notation or NULL */
	uint32_t block;
	uint64_t time;
	uint64_t cost;		/* cf = main's cost, by hand */
	const char *want;	/* rendered result, by hand */
	/* main's own count with every `val` removed (no declared index
	 * pads anything), by hand; 0: not checked.  It equals cost where
	 * every bind runs; a short-circuit (`>!=`, `>?=`, OptT/RT binds on
	 * None/ERR) charges a skipped Zulib function's declared cost but
	 * not a skipped function of the contract, which only the declared
	 * indexes charge. */
	uint64_t raw;
};

static void skel_release(struct zen_skel *s)
{
	size_t i;

	for (i = 0; i < s->n_inputs; i++)
		if (!s->inputs[i].is_mint)
			zen_lock_release(&s->inputs[i].output.lock);
	for (i = 0; i < s->n_outputs; i++)
		zen_lock_release(&s->outputs[i].lock);
	free(s->inputs);
	free(s->outputs);
}

/* The arguments of a case, built from its notation. */
struct built {
	struct zen_contract_args a;
	struct zen_skel s;
	struct wallet w;
	struct zen_data *body, *state;
};

static void case_build(struct built *k, const struct tcase *t)
{
	memset(k, 0, sizeof(*k));
	k->body = data_of(t->body);
	k->state = data_of(t->state);
	k->a.command = t->cmd;
	k->a.command_len = strlen(t->cmd);
	if (t->sender && t->sender[0] == 'K') {
		k->a.sender = ZEN_SENDER_PK;
		memcpy(k->a.sender_pk, keys[t->sender[1] - '1'], 33);
	} else if (t->sender) {
		k->a.sender = ZEN_SENDER_CONTRACT;
		must(!strncmp(t->sender, "c:", 2) &&
		     parse_hash(t->sender + 2, k->a.sender_cid.hash), "sender",
		     t->sender);
	}
	each_item(t->tx, skel_item, &k->s);
	each_item(t->wallet, wallet_item, &k->w);
	k->a.tx = &k->s;
	k->a.body = k->body;
	k->a.state = k->state;
	k->a.wallet_outpoints = k->w.ops;
	k->a.wallet_outputs = k->w.outs;
	k->a.wallet_n = k->w.n;
	k->a.block_number = t->block;
	k->a.timestamp = t->time;
}

static void case_release(struct built *k)
{
	size_t i;

	skel_release(&k->s);
	for (i = 0; i < k->w.n; i++)
		zen_lock_release(&k->w.outs[i].lock);
	zen_data_free(k->body);
	zen_data_free(k->state);
}

static void run_case(const struct zc_contract *c, const char *name,
		     const struct tcase *t)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_contract_return r;
	struct zen_contract_stats st;
	struct built k;
	uint64_t cf = (uint64_t)-1;
	struct out o;
	int rc, crc;

	case_build(&k, t);
	memset(&st, 0, sizeof(st));
	o.n = 0;
	o.s[0] = 0;
	crc = zen_contract_cost(c, &k.a, &cf, &err);
	if (crc)
		tap_diag("%s %s: cf: %s", name, t->cmd, err.msg);
	zen_contract_return_init(&r);
	rc = zen_contract_run(c, &k.a, &r, &st, &err);
	if (rc)
		put(&o, "FAILED %s", err.msg);
	else
		render(&o, &r);
	tap_ok(!crc && cf == t->cost, "%s \"%s\": cf = %" PRIu64 " (got %"
	       PRIu64 ")", name, t->cmd, t->cost, cf);
	tap_ok(!rc && st.cost_exact && st.cost == t->cost &&
	       st.cost_body == t->cost,
	       "%s \"%s\": main's cost = %" PRIu64 " (got %" PRIu64
	       ", own count %" PRIu64 ", exact %d)", name, t->cmd, t->cost,
	       st.cost, st.cost_body, st.cost_exact);
	tap_str(o.s, t->want, "%s \"%s\": result", name, t->cmd);
	zen_contract_return_release(&r);
	case_release(&k);
}

/* main's own count, without padding to declared indexes (c has no
 * `val`s): t->raw. */
static void raw_case(const struct zc_contract *c, const char *name,
		     const struct tcase *t)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_contract_return r;
	struct zen_contract_stats st;
	struct built k;
	int rc;

	case_build(&k, t);
	memset(&st, 0, sizeof(st));
	zen_contract_return_init(&r);
	rc = zen_contract_run(c, &k.a, &r, &st, &err);
	if (rc)
		tap_diag("%s", err.msg);
	tap_ok(!rc && st.cost_body == t->raw, "%s \"%s\" without vals: own "
	       "count %" PRIu64 " (got %" PRIu64 ")", name, t->cmd, t->raw,
	       st.cost_body);
	zen_contract_return_release(&r);
	case_release(&k);
}

/* Blank out every `val` declaration: from a line starting with "val "
 * to the next line that starts in column 0. */
static void strip_vals(char *src)
{
	char *p = src;
	int in_val = 0;

	while (*p) {
		char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);

		if (!strncmp(p, "val ", 4))
			in_val = 1;
		else if (n && p[0] != ' ' && p[0] != '\t')
			in_val = 0;
		if (in_val)
			memset(p, ' ', n);
		if (!eol)
			break;
		p = eol + 1;
	}
}

static void run_contract(const char *file, const struct tcase *cases,
			 size_t n)
{
	struct zc_contract *c = cx_load_file(file, NULL, "");
	size_t i;

	if (!c)
		return;
	self = zen_contract_get_id(c);
	for (i = 0; i < n; i++)
		run_case(c, file, &cases[i]);
	zen_contract_free(c);
	if (!(c = cx_load_file(file, strip_vals, " without vals")))
		return;
	self = zen_contract_get_id(c);
	for (i = 0; i < n; i++)
		if (cases[i].raw)
			raw_case(c, file, &cases[i]);
	self = NULL;
	zen_contract_free(c);
}

#define RUN(file, cases) \
	run_contract(file, cases, sizeof(cases) / sizeof(cases[0]))


/* ================================================================== */
/* The contracts.  Each table's derivations refer to the comments of   */
/* its .fst file.                                                      */
/* ================================================================== */

/* CASES */

/* named-token.fst: 465 on every path (the derivation is in the file). */
static const struct tcase named_token[] = {
	{ "", NULL, "{returnAddress=lock:pk:aa,amount=u64:7,name=str:gold}",
	  "in 11 zp 5", NULL, NULL, 0, 0, 465,
	  /* mint then lockToAddress, after the existing input */
	  "OK in=[in 11 zp 5; mint self:gold 7] out=[pk:aa self:gold 7] "
	  "S=nochange", 465 },
	/* no body: >!= never calls tryDict, but charges its 4 (Zulib's
	 * binds pad None / ERR to the full m + n) */
	{ "anything", NULL, NULL, NULL, NULL, NULL, 0, 0, 465,
	  "ERR message body must be a dictionary", 465 },
	{ "", NULL, "{returnAddress=lock:pk:aa,amount=u64:0,name=str:gold}",
	  NULL, NULL, NULL, 0, 0, 465, "ERR invalid name or amount", 465 },
	/* 33 bytes: more than a subtype holds */
	{ "", NULL, "{returnAddress=lock:pk:aa,amount=u64:1,"
	  "name=str:abcdefghijklmnopqrstuvwxyz0123456}",
	  NULL, NULL, NULL, 0, 0, 465, "ERR invalid name or amount", 465 },
	/* exactly 32 bytes is allowed */
	{ "", NULL, "{returnAddress=lock:pk:K1,amount=u64:1,"
	  "name=str:abcdefghijklmnopqrstuvwxyz012345}",
	  NULL, NULL, NULL, 0, 0, 465,
	  "OK in=[mint self:abcdefghijklmnopqrstuvwxyz012345 1] "
	  "out=[pk:K1 self:abcdefghijklmnopqrstuvwxyz012345 1] S=nochange",
	  465 },
	/* no name: getName's >?= skips tryString and charges its 2 */
	{ "", NULL, "{returnAddress=lock:pk:aa,amount=u64:7}",
	  NULL, NULL, NULL, 0, 0, 465,
	  "ERR returnAddress, amount and name are required", 465 },
	/* amount of the wrong kind: tryU64 runs and gives None */
	{ "", NULL, "{returnAddress=lock:pk:aa,amount=u32:7,name=str:x}",
	  NULL, NULL, NULL, 0, 0, 465,
	  "ERR returnAddress, amount and name are required", 465 },
};

/* token-sale.fst: "SetPrice" 171, "Buy" 455, others 7. */
static const struct tcase token_sale[] = {
	{ "SetPrice", "K1", "u64:200", NULL, NULL, NULL, 0, 0, 171,
	  "OK in=[] out=[] S=u64:200", 171 },
	{ "SetPrice", "K2", "u64:200", NULL, NULL, NULL, 0, 0, 171,
	  "ERR only the oracle sets the price", 171 },
	/* no body: >!= skips tryU64 and charges its 2 */
	{ "SetPrice", NULL, NULL, NULL, NULL, NULL, 0, 0, 171,
	  "ERR only the oracle sets the price", 171 },
	{ "SetPrice", "K1", "u64:0", NULL, NULL, "u64:9", 0, 0, 171,
	  "ERR price must be positive", 171 },
	/* 1000 / 200 = 5 tokens; the ZP is locked to the contract first */
	{ "Buy", NULL, "{returnAddress=lock:pk:aa}", "in 11 zp 1000", NULL,
	  "u64:200", 0, 0, 455,
	  "OK in=[in 11 zp 1000; mint self 5] out=[self zp 1000; "
	  "pk:aa self 5] S=nochange", 455 },
	/* 1099 / 200 = 5 (U64.div truncates), over two inputs 1000 + 99 */
	{ "Buy", "K2", "{returnAddress=lock:pk:K2}",
	  "in 11 zp 1000; in 12 zp 99", NULL, "u64:200", 0, 0, 455,
	  "OK in=[in 11 zp 1000; in 12 zp 99; mint self 5] out=[self zp 1099;"
	  " pk:K2 self 5] S=nochange", 455 },
	/* 1000 ZP in, 900 of it already spent to an output: 100 < 200 */
	{ "Buy", NULL, "{returnAddress=lock:pk:aa}",
	  "in 11 zp 1000; out pk:bb zp 900", NULL, "u64:200", 0, 0, 455,
	  "ERR not enough ZP for one token", 455 },
	/* no state: >!= skips tryU64 and charges its 2 */
	{ "Buy", NULL, "{returnAddress=lock:pk:aa}", "in 11 zp 1000", NULL,
	  NULL, 0, 0, 455, "ERR no price yet", 455 },
	/* no body: getReturnAddress skips tryDict 4, tryFind 64, tryLock 2
	 * and charges them */
	{ "Buy", NULL, NULL, "in 11 zp 1000", NULL, "u64:200", 0, 0, 455,
	  "ERR returnAddress is required", 455 },
	{ "Sell", "K1", "u64:200", NULL, NULL, NULL, 0, 0, 7,
	  "ERR unknown command", 7 },
};

/* attest-oracle.fst: "Attest" 494, "Verify" 354, others 7. */
static const struct tcase attest_oracle[] = {
	/* no state yet: the book starts empty; >!= skips tryDict and
	 * charges its 4 */
	{ "Attest", "K1", "{Ticker=str:ZP,Price=u64:150,Time=u64:1000}",
	  NULL, NULL, NULL, 0, 0, 494,
	  "OK in=[] out=[] S={ZP=[u64:1000,u64:150]}", 494 },
	/* keys in shortlex order: "ZP" before "BTC" */
	{ "Attest", "K1", "{Ticker=str:ZP,Price=u64:150,Time=u64:1000}",
	  NULL, NULL, "{BTC=[u64:5,u64:6]}", 0, 0, 494,
	  "OK in=[] out=[] S={ZP=[u64:1000,u64:150],BTC=[u64:5,u64:6]}", 494 },
	/* a newer attestation replaces the ticker's entry */
	{ "Attest", "K1", "{Ticker=str:ZP,Price=u64:151,Time=u64:2000}",
	  NULL, NULL, "{ZP=[u64:1000,u64:150]}", 0, 0, 494,
	  "OK in=[] out=[] S={ZP=[u64:2000,u64:151]}", 494 },
	{ "Attest", "K2", "{Ticker=str:ZP,Price=u64:150,Time=u64:1000}",
	  NULL, NULL, "{BTC=[u64:5,u64:6]}", 0, 0, 494,
	  "ERR only the oracle attests", 494 },
	/* no Price: parseAttestation's >?= skips tryU64, charged (2) */
	{ "Attest", "K1", "{Ticker=str:ZP,Time=u64:1000}",
	  NULL, NULL, "{BTC=[u64:5,u64:6]}", 0, 0, 494,
	  "ERR bad attestation", 494 },
	{ "Verify", "c:ab", "{Ticker=str:ZP,Price=u64:150,Time=u64:1000}",
	  "in 11 zp 5", NULL, "{ZP=[u64:1000,u64:150]}", 0, 0, 354,
	  "OK in=[in 11 zp 5] out=[] S=nochange", 354 },
	{ "Verify", NULL, "{Ticker=str:ZP,Price=u64:151,Time=u64:1000}",
	  NULL, NULL, "{ZP=[u64:1000,u64:150]}", 0, 0, 354,
	  "ERR attestation does not match", 354 },
	{ "Verify", NULL, "{Ticker=str:ZP,Price=u64:150,Time=u64:1000}",
	  NULL, NULL, "{BTC=[u64:1000,u64:150]}", 0, 0, 354,
	  "ERR no such attestation", 354 },
	/* no body: >!= skips tryDict (its 4 charged), >?= skips
	 * parseAttestation 230 (a function of the contract: only its val
	 * says what it costs) */
	{ "Verify", NULL, NULL, NULL, NULL, "{ZP=[u64:1000,u64:150]}", 0, 0,
	  354, "ERR no such attestation", 354 - 230 },
	{ "Other", "K1", NULL, NULL, NULL, NULL, 0, 0, 7,
	  "ERR unknown command", 7 },
};

/* bet.fst: "Bull"/"Bear" 443, "Redeem" 1024 + 128 s, others 8. */
#define BET_BODY(p, t) "{returnAddress=lock:pk:aa,Price=u64:" p \
	",Time=u64:" t "}"
static const struct tcase bet[] = {
	{ "Bull", NULL, "{returnAddress=lock:pk:aa}", "in 11 zp 100", NULL,
	  NULL, 0, 0, 443,
	  "OK in=[in 11 zp 100; mint self:Bull 100] out=[self zp 100; "
	  "pk:aa self:Bull 100] S=nochange", 443 },
	{ "Bear", NULL, "{returnAddress=lock:pk:K3}", "in 11 zp 7", NULL,
	  NULL, 0, 0, 443,
	  "OK in=[in 11 zp 7; mint self:Bear 7] out=[self zp 7; "
	  "pk:K3 self:Bear 7] S=nochange", 443 },
	{ "Bear", NULL, "{returnAddress=lock:pk:aa}", NULL, NULL, NULL, 0, 0,
	  443, "ERR nothing paid", 443 },
	/* no body: >!= skips tryDict (4, charged), >?= skips
	 * getReturnAddress 70 (the contract's) */
	{ "Bull", NULL, NULL, "in 11 zp 100", NULL, NULL, 0, 0, 443,
	  "ERR returnAddress is required", 443 - 70 },
	/* 150 >= strike: Bull wins; 100 Bull destroyed, 200 ZP paid from
	 * the 500 UTXO (change 300); the body goes to the oracle */
	{ "Redeem", NULL, BET_BODY("150", "1000"), "in 11 self:Bull 100",
	  "33 zp 500", NULL, 0, 0, 1024 + 128,
	  "OK in=[in 11 self:Bull 100; in 33 zp 500] out=[destroy self:Bull "
	  "100; self zp 300; pk:aa zp 200] S=nochange M=c:ab Verify "
	  "{Time=u64:1000,Price=u64:150,Ticker=str:ZP}", 1024 + 128 },
	/* 149 < strike: Bear wins; two UTXOs (150, then 100: sum 250),
	 * change 50 */
	{ "Redeem", NULL, BET_BODY("149", "1000"), "in 11 self:Bear 100",
	  "33 zp 150; 34 zp 100", NULL, 0, 0, 1024 + 256,
	  "OK in=[in 11 self:Bear 100; in 33 zp 150; in 34 zp 100] "
	  "out=[destroy self:Bear 100; self zp 50; pk:aa zp 200] S=nochange "
	  "M=c:ab Verify {Time=u64:1000,Price=u64:149,Ticker=str:ZP}",
	  1024 + 256 },
	/* losing tokens: 0 winning tokens, fromWallet 0 is None */
	{ "Redeem", NULL, BET_BODY("150", "1000"), "in 11 self:Bear 100",
	  "33 zp 500", NULL, 0, 0, 1024 + 128,
	  "ERR no winning tokens or not enough ZP", 1024 + 128 },
	/* 2 * 100 > 150 in the wallet */
	{ "Redeem", NULL, BET_BODY("150", "1000"), "in 11 self:Bull 100",
	  "33 zp 150", NULL, 0, 0, 1024 + 128,
	  "ERR no winning tokens or not enough ZP", 1024 + 128 },
	{ "Redeem", NULL, BET_BODY("150", "999"), "in 11 self:Bull 100",
	  "33 zp 500", NULL, 0, 0, 1024 + 128,
	  "ERR the event has not been attested yet", 1024 + 128 },
	/* no body: tryDict 4, getReturnAddress 70, 2 * (tryFind 64 +
	 * tryU64 2) skipped; all but getReturnAddress (the contract's)
	 * charged */
	{ "Redeem", NULL, NULL, NULL, "33 zp 500", NULL, 0, 0, 1024 + 128,
	  "ERR returnAddress, Price and Time are required",
	  1024 + 128 - 70 },
	{ "Cancel", NULL, NULL, NULL, NULL, NULL, 0, 0, 8,
	  "ERR unknown command", 8 },
};


/* dex.fst: "Make" 495, "Cancel" 1096 + 128 s, "Take" 1378 + 128 s,
 * others 10. */
#define O1 "o1=[pk:K1,u64:100,u64:30]"
#define O2 "o2=[pk:K2,u64:7,u64:5]"
static const struct tcase dex[] = {
	/* no state: >!= skips tryDict, charged (4) */
	{ "Make", "K1", "{Id=str:o1,Price=u64:30}", "in 11 zp 100", NULL, NULL,
	  0, 0, 495, "OK in=[in 11 zp 100] out=[self zp 100] S={" O1 "}",
	  495 },
	{ "Make", "K2", "{Id=str:o2,Price=u64:5}", "in 12 zp 7", NULL,
	  "{" O1 "}", 0, 0, 495,
	  "OK in=[in 12 zp 7] out=[self zp 7] S={" O1 "," O2 "}", 495 },
	{ "Make", "K2", "{Id=str:o1,Price=u64:5}", "in 12 zp 7", NULL,
	  "{" O1 "}", 0, 0, 495, "ERR invalid order", 495 },
	{ "Make", "K2", "{Id=str:o3,Price=u64:5}", NULL, NULL, "{" O1 "}", 0,
	  0, 495, "ERR invalid order", 495 },
	{ "Make", NULL, "{Id=str:o3,Price=u64:5}", "in 12 zp 7", NULL,
	  "{" O1 "}", 0, 0, 495, "ERR only a public key can make an order",
	  495 },
	/* no body: tryDict 4, getId 70, tryFind 64 + tryU64 2 skipped;
	 * all but getId (the contract's) charged */
	{ "Make", "K1", NULL, "in 12 zp 7", NULL, "{" O1 "}", 0, 0, 495,
	  "ERR Id and Price are required", 495 - 70 },
	/* 100 of the 500 UTXO back to the maker's key (PKLock of SHA3 of
	 * the compressed key), change 400 */
	{ "Cancel", "K1", "{Id=str:o1}", NULL, "33 zp 500",
	  "{" O1 "," O2 "}", 0, 0, 1096 + 128,
	  "OK in=[in 33 zp 500] out=[self zp 400; pk:K1 zp 100] S={" O2 "}",
	  1096 + 128 },
	{ "Cancel", "K1", "{Id=str:o1}", NULL, "33 zp 50",
	  "{" O1 "," O2 "}", 0, 0, 1096 + 128,
	  "ERR not enough ZP in the contract", 1096 + 128 },
	{ "Cancel", "K2", "{Id=str:o1}", NULL, "33 zp 500",
	  "{" O1 "," O2 "}", 0, 0, 1096 + 128,
	  "ERR only the maker can cancel", 1096 + 128 },
	{ "Cancel", "K1", "{Id=str:o3}", NULL, "33 zp 500; 34 zp 1",
	  "{" O1 "," O2 "}", 0, 0, 1096 + 256, "ERR no such order",
	  1096 + 256 /* no "o3": tryList skipped, charged */ },
	/* 30 tokens to the maker, 100 ZP of the 500 UTXO to the taker */
	{ "Take", NULL, "{Id=str:o1,returnAddress=lock:pk:bb}",
	  "in 11 c:cd 30", "33 zp 500", "{" O1 "}", 0, 0, 1378 + 128,
	  "OK in=[in 11 c:cd 30; in 33 zp 500] out=[pk:K1 c:cd 30; self zp "
	  "400; pk:bb zp 100] S={}", 1378 + 128 },
	{ "Take", "K3", "{Id=str:o2,returnAddress=lock:pk:K3}",
	  "in 11 c:cd 6", "33 zp 4; 34 zp 3; 35 zp 9", "{" O1 "," O2 "}", 0,
	  0, 1378 + 384,
	  "OK in=[in 11 c:cd 6; in 33 zp 4; in 34 zp 3] out=[pk:K2 c:cd 5; "
	  "pk:K3 zp 7] S={" O1 "}", 1378 + 384 },
	{ "Take", NULL, "{Id=str:o1,returnAddress=lock:pk:bb}",
	  "in 11 c:cd 29", "33 zp 500", "{" O1 "}", 0, 0, 1378 + 128,
	  "ERR not enough tokens paid", 1378 + 128 },
	{ "Take", NULL, "{Id=str:o2,returnAddress=lock:pk:bb}",
	  "in 11 c:cd 29", "33 zp 500", "{" O1 "}", 0, 0, 1378 + 128,
	  "ERR no such order", 1378 + 128 /* tryList skipped, charged */ },
	{ "List", NULL, NULL, NULL, NULL, NULL, 0, 0, 10,
	  "ERR unknown command", 10 },
};

/* SHA3(0x69 || l || r): a merkle node (contracts.md 4.12) */
static void node(uint8_t out[32], const uint8_t l[32], const uint8_t r[32])
{
	uint8_t pre[65];

	pre[0] = 0x69;
	memcpy(pre + 1, l, 32);
	memcpy(pre + 33, r, 32);
	zen_sha3(out, pre, sizeof(pre));
}

/*
 * fixed-payout.fst: "Commit" 169, "Redeem" 2407 + 128 s, "Withdraw" 986 +
 * 128 s, others 10.  The tree: K2's leaf SHA3(compressed K2) (updateCPK:
 * parity byte, then x: the 33 bytes) at index 1 of 4, path [p0; p1] =
 * [0x01.., 0x02..] from the root down: index 1 < split 2, so root =
 * H(n1 || p0); in the subtree index 1 >= split 1, so n1 = H(p1 || leaf).
 */
static void test_fixed_payout(void)
{
	uint8_t leaf[32], p0[32], p1[32], n1[32], root[32];
	char rooth[65], state[80], body[300], body0[300], bad[300];

	zen_sha3(leaf, keys[1], 33);
	memset(p0, 0x01, 32);
	memset(p1, 0x02, 32);
	node(n1, p1, leaf);
	node(root, n1, p0);
	zen_hex_encode_to(rooth, root, 32);
	snprintf(state, sizeof(state), "hash:%s", rooth);
	snprintf(body, sizeof(body), "{Path=[hash:01,hash:02],Index=u64:1}");
	snprintf(body0, sizeof(body0), "{Path=[hash:01,hash:02],Index=u64:0}");
	snprintf(bad, sizeof(bad), "{Path=[hash:01],Index=u64:1}");
	{
		const struct tcase cases[] = {
			{ "Commit", "K1", state, NULL, NULL, NULL, 0, 0, 169,
			  NULL, 169 },
			{ "Commit", "K2", state, NULL, NULL, NULL, 0, 0, 169,
			  "ERR only the issuer commits a root", 169 },
			/* 1000 of the 1500 UTXO to K2, change 500 */
			{ "Redeem", "K2", body, NULL, "33 zp 1500", state, 0, 0,
			  2407 + 128, "OK in=[in 33 zp 1500] out=[self zp 500; "
			  "pk:K2 zp 1000] S=nochange", 2407 + 128 },
			/* K3's leaf is not in the tree */
			{ "Redeem", "K3", body, NULL, "33 zp 1500", state, 0, 0,
			  2407 + 128, "ERR not a winner", 2407 + 128 },
			/* index 0: the leaf is hashed on the wrong side */
			{ "Redeem", "K2", body0, NULL, "33 zp 1500", state, 0, 0,
			  2407 + 128, "ERR not a winner", 2407 + 128 },
			{ "Redeem", "K2", body, NULL, "33 zp 999; 34 zp 1",
			  state, 0, 0, 2407 + 256,
			  "OK in=[in 33 zp 999; in 34 zp 1] out=[pk:K2 zp "
			  "1000] S=nochange", 2407 + 256 },
			{ "Redeem", "K2", body, NULL, "33 zp 999", state, 0, 0,
			  2407 + 128, "ERR not enough ZP in the contract",
			  2407 + 128 },
			{ "Redeem", "K2", bad, NULL, "33 zp 1500", state, 0, 0,
			  2407 + 128, "ERR a key, a path of 2 hashes, an index "
			  "and a root are required", 2407 + 128 },
			{ "Redeem", NULL, body, NULL, NULL, state, 0, 0, 2407,
			  "ERR a key, a path of 2 hashes, an index and a root "
			  "are required", 2407 },
			{ "Withdraw", "K1", "u64:300", NULL, "33 zp 1500", NULL,
			  0, 0, 986 + 128, "OK in=[in 33 zp 1500] out=[self zp "
			  "1200; pk:K1 zp 300] S=nochange", 986 + 128 },
			{ "Withdraw", "K2", "u64:300", NULL, "33 zp 1500", NULL,
			  0, 0, 986 + 128, "ERR only the issuer withdraws",
			  986 + 128 },
			{ "Withdraw", "K1", "u64:3000", NULL, "33 zp 1500",
			  NULL, 0, 0, 986 + 128,
			  "ERR not enough ZP in the contract", 986 + 128 },
			{ "Pay", "K1", NULL, NULL, NULL, NULL, 0, 0, 10,
			  "ERR unknown command", 10 },
		};
		char want[200];
		struct tcase c0[sizeof(cases) / sizeof(cases[0])];

		memcpy(c0, cases, sizeof(cases));
		snprintf(want, sizeof(want), "OK in=[] out=[] S=hash:%s",
			 rooth);
		c0[0].want = want;
		run_contract("fixed-payout.fst", c0,
			     sizeof(c0) / sizeof(c0[0]));
	}
}

/* The compact signature by secret sk1 (1..3) of SHA3(pre[0..n)), whose
 * first 16 bytes are set to BE64 nonce || BE64 amount, as hex. */
static void sig_hex(char out[129], uint8_t sk1, uint8_t *pre, size_t n,
		    uint64_t nonce, uint64_t amount)
{
	uint8_t h[32], sk[32], sig[64];
	int i;

	for (i = 0; i < 8; i++) {
		pre[i] = (uint8_t)(nonce >> (56 - 8 * i));
		pre[8 + i] = (uint8_t)(amount >> (56 - 8 * i));
	}
	zen_sha3(h, pre, n);
	memset(sk, 0, 32);
	sk[31] = sk1;
	if (zen_ecdsa_sign(sig, h, sk, NULL))
		abort();
	zen_hex_encode_to(out, sig, 64);
}

/* sig: the compact signature by secret sk1 of SHA3(BE64 nonce || BE64
 * amount), as hex (auth-supply.fst) */
static void auth_sig(char out[129], uint8_t sk1, uint64_t nonce,
		     uint64_t amount)
{
	uint8_t pre[16];

	sig_hex(out, sk1, pre, sizeof(pre), nonce, amount);
}

/* auth-supply.fst: "Issue" 1540, "Destroy" 363, others 7. */
static void test_auth_supply(void)
{
	char s00[129], s10[129], s20[129], s0z[129];
	char b1[400], b2[400], b3[400], b4[400];

	auth_sig(s00, 1, 0, 500);
	auth_sig(s10, 1, 1, 500);
	auth_sig(s20, 2, 0, 500);	/* K2 is not the authority */
	auth_sig(s0z, 1, 0, 0);
#define AUTH_BODY(buf, amt, sig) snprintf(buf, sizeof(buf), \
	"{Amount=u64:%s,returnAddress=lock:pk:aa,Signature=sig:%s}", amt, sig)
	AUTH_BODY(b1, "500", s00);
	AUTH_BODY(b2, "500", s10);
	AUTH_BODY(b3, "500", s20);
	AUTH_BODY(b4, "0", s0z);
	{
		const struct tcase cases[] = {
			/* no state: nonce 0; >!= skips tryU64, charged */
			{ "Issue", NULL, b1, NULL, NULL, NULL, 0, 0, 1540,
			  "OK in=[mint self 500] out=[pk:aa self 500] S=u64:1",
			  1540 },
			/* the same signature again, at nonce 1 */
			{ "Issue", NULL, b1, NULL, NULL, "u64:1", 0, 0, 1540,
			  "ERR not authorized", 1540 },
			{ "Issue", "K3", b2, "in 11 zp 1", NULL, "u64:1", 0, 0,
			  1540, "OK in=[in 11 zp 1; mint self 500] out=[pk:aa "
			  "self 500] S=u64:2", 1540 },
			{ "Issue", NULL, b3, NULL, NULL, "u64:0", 0, 0, 1540,
			  "ERR not authorized", 1540 },
			/* a good signature over 0, but 0 is not issued */
			{ "Issue", NULL, b4, NULL, NULL, "u64:0", 0, 0, 1540,
			  "ERR not authorized", 1540 },
			/* no body: tryDict 4 and 3 * (tryFind 64 + try* 2)
			 * skipped, and charged */
			{ "Issue", NULL, NULL, NULL, NULL, "u64:0", 0, 0, 1540,
			  "ERR Amount, returnAddress and Signature are "
			  "required", 1540 },
			{ "Destroy", "K1", NULL, "in 11 self 40; in 12 zp 5",
			  NULL, NULL, 0, 0, 363,
			  "OK in=[in 11 self 40; in 12 zp 5] out=[destroy self "
			  "40] S=nochange", 363 },
			{ "Destroy", "K1", NULL, "in 12 zp 5", NULL, NULL, 0, 0,
			  363, "ERR nothing to destroy", 363 },
			{ "Destroy", "K2", NULL, "in 11 self 40", NULL, NULL, 0,
			  0, 363, "ERR only the authority destroys tokens", 363 },
			{ "Destroy", NULL, NULL, "in 11 self 40", NULL, NULL, 0,
			  0, 363, "ERR only the authority destroys tokens", 363 },
			{ "Mint", NULL, b1, NULL, NULL, NULL, 0, 0, 7,
			  "ERR unknown command", 7 },
		};

		run_contract("auth-supply.fst", cases,
			     sizeof(cases) / sizeof(cases[0]));
	}
#undef AUTH_BODY
}

/* auction.fst: "Bid" 551 + 128 s, "Close" 1191 + 128 s, others 9. */
static const struct tcase auction[] = {
	/* the first bid: incSome (261 + 128 s) pads the refund */
	{ "Bid", NULL, "{returnAddress=lock:pk:aa}", "in 11 zp 100", NULL,
	  NULL, 50, 0, 551, "OK in=[in 11 zp 100] out=[self zp 100] "
	  "S=[u64:100,lock:pk:aa]", 551 },
	/* a higher bid refunds the first from the contract's UTXO */
	{ "Bid", NULL, "{returnAddress=lock:pk:bb}", "in 12 zp 150",
	  "33 zp 100", "[u64:100,lock:pk:aa]", 60, 0, 551 + 128,
	  "OK in=[in 12 zp 150; in 33 zp 100] out=[self zp 150; pk:aa zp "
	  "100] S=[u64:150,lock:pk:bb]", 551 + 128 },
	{ "Bid", NULL, "{returnAddress=lock:pk:bb}", "in 12 zp 100",
	  "33 zp 100", "[u64:100,lock:pk:aa]", 60, 0, 551 + 128,
	  "ERR bid too low or auction over", 551 + 128 },
	{ "Bid", NULL, "{returnAddress=lock:pk:bb}", "in 12 zp 500",
	  "33 zp 100", "[u64:100,lock:pk:aa]", 100, 0, 551 + 128,
	  "ERR bid too low or auction over", 551 + 128 },
	/* no body: tryDict 4, tryFind 64, tryLock 2 skipped, and charged */
	{ "Bid", NULL, NULL, "in 12 zp 500", NULL, NULL, 10, 0, 551,
	  "ERR returnAddress is required", 551 },
	/* fromWallet None: OptT's >>= skips the lambda (5 + 64) */
	{ "Bid", NULL, "{returnAddress=lock:pk:bb}", "in 12 zp 150",
	  "33 zp 50", "[u64:100,lock:pk:aa]", 60, 0, 551 + 128,
	  "ERR could not refund the previous bid", 551 + 128 - 69 },
	{ "Close", NULL, NULL, NULL, "33 zp 150; 34 zp 100",
	  "[u64:150,lock:pk:bb]", 100, 0, 1191 + 256,
	  "OK in=[in 33 zp 150; mint self:lot 1] out=[pk:K1 zp 150; pk:bb "
	  "self:lot 1] S=delete", 1191 + 256 },
	{ "Close", NULL, NULL, NULL, "33 zp 100; 34 zp 100",
	  "[u64:150,lock:pk:bb]", 101, 0, 1191 + 256,
	  "OK in=[in 33 zp 100; in 34 zp 100; mint self:lot 1] out=[self zp "
	  "50; pk:K1 zp 150; pk:bb self:lot 1] S=delete", 1191 + 256 },
	{ "Close", NULL, NULL, NULL, "33 zp 100", "[u64:150,lock:pk:bb]",
	  101, 0, 1191 + 128, "ERR not enough ZP in the contract",
	  1191 + 128 },
	{ "Close", NULL, NULL, NULL, "33 zp 150", "[u64:150,lock:pk:bb]", 99,
	  0, 1191 + 128, "ERR the auction is not over", 1191 + 128 },
	{ "Close", NULL, NULL, NULL, NULL, NULL, 200, 0, 1191,
	  "ERR no bids", 1191 },
	{ "Cancel", NULL, NULL, NULL, NULL, NULL, 0, 0, 9,
	  "ERR unknown command", 9 },
};

/* escrow.fst: "Deposit" 197, "Release"/"Refund" 990 + 128 s, others 10. */
#define ESC "[lock:pk:bb,pk:K1,u64:300]"
static const struct tcase escrow[] = {
	{ "Deposit", "K1", "lock:pk:bb", "in 11 zp 300", NULL, NULL, 0, 0, 197,
	  "OK in=[in 11 zp 300] out=[self zp 300] S=" ESC, 197 },
	{ "Deposit", "K1", "lock:pk:bb", "in 11 zp 300", NULL, ESC, 0, 0, 197,
	  "ERR already in escrow", 197 },
	{ "Deposit", NULL, "lock:pk:bb", "in 11 zp 300", NULL, NULL, 0, 0,
	  197, "ERR a buyer's key and a seller are required", 197 },
	{ "Deposit", "K1", "u64:5", "in 11 zp 300", NULL, NULL, 0, 0, 197,
	  "ERR a buyer's key and a seller are required", 197 },
	{ "Deposit", "K1", "lock:pk:bb", NULL, NULL, NULL, 0, 0, 197,
	  "ERR nothing deposited", 197 },
	{ "Release", "K3", NULL, NULL, "33 zp 300", ESC, 0, 0, 990 + 128,
	  "OK in=[in 33 zp 300] out=[pk:bb zp 300] S=delete", 990 + 128 },
	/* back to the buyer's key, change 200 */
	{ "Refund", "K3", NULL, NULL, "33 zp 500", ESC, 0, 0, 990 + 128,
	  "OK in=[in 33 zp 500] out=[self zp 200; pk:K1 zp 300] S=delete",
	  990 + 128 },
	{ "Release", "K3", NULL, NULL, "33 zp 299", ESC, 0, 0, 990 + 128,
	  "ERR not enough ZP in the contract", 990 + 128 },
	{ "Release", "K1", NULL, NULL, "33 zp 300", ESC, 0, 0, 990 + 128,
	  "ERR only the arbiter settles", 990 + 128 },
	{ "Refund", "K3", NULL, NULL, "33 zp 300; 34 zp 1", NULL, 0, 0,
	  990 + 256, "ERR nothing in escrow", 990 + 256 },
	{ "Dispute", "K3", NULL, NULL, NULL, NULL, 0, 0, 10,
	  "ERR unknown command", 10 },
};

/* vesting.fst: "Fund" 81, "Claim" 1008 + 128 s, others 9.  Vested at
 * block b: 1000 * (b - 100) / 100, 0 before 100, 1000 from 200. */
static const struct tcase vesting[] = {
	{ "Fund", NULL, NULL, "in 11 zp 600", NULL, NULL, 0, 0, 81,
	  "OK in=[in 11 zp 600] out=[self zp 600] S=nochange", 81 },
	/* block 150: 500 vested; no state: >!= skips tryU64, charged */
	{ "Claim", "K2", NULL, NULL, "33 zp 1000", NULL, 150, 0, 1008 + 128,
	  "OK in=[in 33 zp 1000] out=[self zp 500; pk:K2 zp 500] S=u64:500",
	  1008 + 128 },
	/* block 175: 750 vested, 500 claimed */
	{ "Claim", "K2", NULL, NULL, "33 zp 500", "u64:500", 175, 0,
	  1008 + 128, "OK in=[in 33 zp 500] out=[self zp 250; pk:K2 zp 250] "
	  "S=u64:750", 1008 + 128 },
	/* block 300: all 1000 vested */
	{ "Claim", "K2", NULL, NULL, "33 zp 100; 34 zp 200", "u64:750", 300, 0,
	  1008 + 256, "OK in=[in 33 zp 100; in 34 zp 200] out=[self zp 50; "
	  "pk:K2 zp 250] S=u64:1000", 1008 + 256 },
	{ "Claim", "K2", NULL, NULL, "33 zp 500", "u64:750", 175, 0, 1008 + 128,
	  "ERR nothing to claim for this key", 1008 + 128 },
	/* before startBlock: elapsed < 0 */
	{ "Claim", "K2", NULL, NULL, "33 zp 500", "u64:0", 50, 0, 1008 + 128,
	  "ERR nothing to claim for this key", 1008 + 128 },
	/* another key: the same branch as "nothing due" (pk = b fails) */
	{ "Claim", "K1", NULL, NULL, "33 zp 500", "u64:0", 150, 0, 1008 + 128,
	  "ERR nothing to claim for this key", 1008 + 128 },
	{ "Claim", NULL, NULL, NULL, "33 zp 500", "u64:0", 150, 0, 1008 + 128,
	  "ERR the beneficiary must sign", 1008 + 128 },
	{ "Claim", "K2", NULL, NULL, "33 zp 100", "u64:0", 150, 0, 1008 + 128,
	  "ERR not enough ZP in the contract", 1008 + 128 },
	{ "Stop", "K2", NULL, NULL, NULL, NULL, 0, 0, 9,
	  "ERR unknown command", 9 },
};


/* voting.fst: "Vote" 394, "Close" 37 + 15 * (keys of the tally) or 33
 * without a dictionary, others 7. */
static const struct tcase voting[] = {
	/* no state: tryDict skipped (4); "yes" not found: tryU64 skipped
	 * (2); both charged */
	{ "Vote", NULL, "str:yes", "in 11 self:ballot 5", NULL, NULL, 0, 0,
	  394, "OK in=[in 11 self:ballot 5] out=[destroy self:ballot 5] "
	  "S={yes=u64:5}", 394 },
	/* shortlex: "no" before "yes" */
	{ "Vote", "K1", "str:no", "in 11 self:ballot 3", NULL, "{yes=u64:5}",
	  0, 0, 394, "OK in=[in 11 self:ballot 3] out=[destroy self:ballot 3] "
	  "S={no=u64:3,yes=u64:5}", 394 },
	{ "Vote", NULL, "str:yes", "in 11 self:ballot 2; in 12 zp 1", NULL,
	  "{no=u64:3,yes=u64:5}", 0, 0, 394,
	  "OK in=[in 11 self:ballot 2; in 12 zp 1] out=[destroy self:ballot "
	  "2] S={no=u64:3,yes=u64:7}", 394 },
	/* ZP is not a ballot */
	{ "Vote", NULL, "str:yes", "in 12 zp 1", NULL, "{no=u64:3}", 0, 0, 394,
	  "ERR no ballots", 394 },
	/* no body: tryString skipped, charged (2) */
	{ "Vote", NULL, NULL, "in 11 self:ballot 2", NULL, "{no=u64:3}", 0, 0,
	  394, "ERR a choice is required", 394 },
};

/* voting.fst's "Close" and other commands (main's declared index matches
 * on the pair (command, state)). */
static const struct tcase voting_close[] = {
	{ "Close", NULL, NULL, NULL, NULL, "{no=u64:3,yes=u64:7}", 0, 0,
	  37 + 30, "OK in=[] out=[] S=[str:yes,u64:7]", 37 + 30 },
	/* a tie keeps the first in key order */
	{ "Close", NULL, NULL, NULL, NULL, "{no=u64:3,yes=u64:3}", 0, 0,
	  37 + 30, "OK in=[] out=[] S=[str:no,u64:3]", 37 + 30 },
	/* entries that are not U64 are skipped */
	{ "Close", NULL, NULL, NULL, NULL, "{a=str:x,bb=u64:1,ccc=u32:9}", 0,
	  0, 37 + 45, "OK in=[] out=[] S=[str:bb,u64:1]", 37 + 45 },
	{ "Close", NULL, NULL, NULL, NULL, "{}", 0, 0, 37,
	  "OK in=[] out=[] S=[str:,u64:0]", 37 },
	{ "Close", NULL, NULL, NULL, NULL, NULL, 0, 0, 33, "ERR no votes", 33 },
	{ "Close", NULL, NULL, NULL, NULL, "u64:3", 0, 0, 33,
	  "ERR no votes", 33 },
	{ "Count", NULL, NULL, NULL, NULL, NULL, 0, 0, 7,
	  "ERR unknown command", 7 },
};

/* subscription.fst: "Subscribe" 452, "Check" 387, others 7. */
static const struct tcase subscription[] = {
	/* 250 / 10 = 25 blocks from block 100: the pass of block 125 */
	{ "Subscribe", NULL, "{returnAddress=lock:pk:aa}", "in 11 zp 250",
	  NULL, NULL, 100, 0, 452, "OK in=[in 11 zp 250; mint self#125 1] "
	  "out=[self zp 250; pk:aa self#125 1] S=nochange", 452 },
	{ "Subscribe", NULL, "{returnAddress=lock:pk:aa}", "in 11 zp 9", NULL,
	  NULL, 100, 0, 452, "ERR pay for 1 to 99999 blocks", 452 },
	{ "Subscribe", NULL, "{returnAddress=lock:pk:aa}", "in 11 zp 1000000",
	  NULL, NULL, 100, 0, 452, "ERR pay for 1 to 99999 blocks", 452 },
	/* no body: tryDict 4, tryFind 64, tryLock 2 skipped, and charged */
	{ "Subscribe", NULL, NULL, "in 11 zp 250", NULL, NULL, 100, 0, 452,
	  "ERR returnAddress is required", 452 },
	{ "Check", NULL, "{Expiry=u32:125,returnAddress=lock:pk:bb}",
	  "in 11 self#125 1", NULL, NULL, 125, 0, 387,
	  "OK in=[in 11 self#125 1] out=[pk:bb self#125 1] S=nochange", 387 },
	{ "Check", NULL, "{Expiry=u32:125,returnAddress=lock:pk:bb}",
	  "in 11 self#125 1", NULL, NULL, 126, 0, 387, "ERR no valid pass",
	  387 },
	{ "Check", NULL, "{Expiry=u32:125,returnAddress=lock:pk:bb}",
	  "in 11 self#124 1", NULL, NULL, 120, 0, 387, "ERR no valid pass",
	  387 },
	/* no body: tryDict 4 and 2 * (tryFind 64 + try* 2) skipped, and
	 * charged */
	{ "Check", NULL, NULL, "in 11 self#125 1", NULL, NULL, 120, 0, 387,
	  "ERR Expiry and returnAddress are required", 387 },
	{ "Renew", NULL, NULL, NULL, NULL, NULL, 0, 0, 7,
	  "ERR unknown command", 7 },
};

/* lottery.fst: "Commit" 343, "Reveal" 404 + 128 s, others 9.  The
 * commitments SHA3(BE64 42) (even: wins) and SHA3(BE64 7) (odd). */
static void test_lottery(void)
{
	uint8_t pre[8], h[32];
	char h42[65], h7[65], c42[200], c7[200], st42[200], st7[200];

	memset(pre, 0, 8);
	pre[7] = 42;
	zen_sha3(h, pre, 8);
	zen_hex_encode_to(h42, h, 32);
	pre[7] = 7;
	zen_sha3(h, pre, 8);
	zen_hex_encode_to(h7, h, 32);
	snprintf(c42, sizeof(c42), "{Commitment=hash:%s,returnAddress=lock:"
		 "pk:aa}", h42);
	snprintf(c7, sizeof(c7), "{Commitment=hash:%s,returnAddress=lock:"
		 "pk:aa}", h7);
	snprintf(st42, sizeof(st42), "[hash:%s,lock:pk:aa,u64:50,u32:10]", h42);
	snprintf(st7, sizeof(st7), "[hash:%s,lock:pk:aa,u64:50,u32:10]", h7);
	{
		struct tcase cases[] = {
			{ "Commit", NULL, c42, "in 11 zp 50", NULL, NULL, 10, 0,
			  343, NULL, 343 },
			{ "Commit", NULL, c42, "in 11 zp 50", NULL, st7, 10, 0,
			  343, "ERR a game is already open", 343 },
			{ "Commit", NULL, c42, NULL, NULL, NULL, 10, 0, 343,
			  "ERR no bet", 343 },
			/* no body: tryDict 4 and 2 * (tryFind 64 + try* 2)
			 * skipped */
			{ "Commit", NULL, NULL, "in 11 zp 50", NULL, NULL, 10, 0,
			  343, "ERR Commitment and returnAddress are required",
			  343 },
			/* 42 is even: 2 * 50 from the wallet */
			{ "Reveal", NULL, "u64:42", NULL, "33 zp 100", st42, 11,
			  0, 404 + 128, "OK in=[in 33 zp 100] out=[pk:aa zp 100]"
			  " S=delete", 404 + 128 },
			{ "Reveal", NULL, "u64:42", NULL, "33 zp 99", st42, 11,
			  0, 404 + 128, "ERR not enough ZP in the contract",
			  404 + 128 },
			/* 7 is odd: the bet is lost; inc (262 + 128 s) pads */
			{ "Reveal", NULL, "u64:7", NULL, "33 zp 100", st7, 11, 0,
			  404 + 128, "OK in=[] out=[] S=delete", 404 + 128 },
			{ "Reveal", NULL, "u64:42", NULL, "33 zp 100", st42, 10,
			  0, 404 + 128, "ERR wrong secret or too early",
			  404 + 128 },
			{ "Reveal", NULL, "u64:43", NULL, "33 zp 100", st42, 11,
			  0, 404 + 128, "ERR wrong secret or too early",
			  404 + 128 },
			{ "Reveal", NULL, "u64:42", NULL, NULL, NULL, 11, 0, 404,
			  "ERR a secret and an open game are required", 404 },
			{ "Play", NULL, NULL, NULL, NULL, NULL, 0, 0, 9,
			  "ERR unknown command", 9 },
		};
		char want[300];

		snprintf(want, sizeof(want), "OK in=[in 11 zp 50] out=[self zp "
			 "50] S=%s", st42);
		cases[0].want = want;
		run_contract("lottery.fst", cases,
			     sizeof(cases) / sizeof(cases[0]));
	}
}

/* crowdfund.fst: "Pledge" 466, "Claim" 989 + 128 s, "Refund" 605 +
 * 128 s, others 10.  Goal 1000, deadline block 50. */
static const struct tcase crowdfund[] = {
	/* no state: tryU64 skipped, charged (2) */
	{ "Pledge", NULL, "{returnAddress=lock:pk:aa}", "in 11 zp 300", NULL,
	  NULL, 10, 0, 466, "OK in=[in 11 zp 300; mint self:pledge 300] "
	  "out=[self zp 300; pk:aa self:pledge 300] S=u64:300", 466 },
	{ "Pledge", NULL, "{returnAddress=lock:pk:bb}", "in 12 zp 200", NULL,
	  "u64:300", 49, 0, 466, "OK in=[in 12 zp 200; mint self:pledge 200] "
	  "out=[self zp 200; pk:bb self:pledge 200] S=u64:500", 466 },
	{ "Pledge", NULL, "{returnAddress=lock:pk:bb}", "in 12 zp 200", NULL,
	  "u64:300", 50, 0, 466, "ERR nothing pledged or too late", 466 },
	/* no body: getReturnAddress's tryDict 4, tryFind 64, tryLock 2
	 * skipped, and charged */
	{ "Pledge", NULL, NULL, "in 12 zp 200", NULL, "u64:300", 10, 0, 466,
	  "ERR returnAddress is required", 466 },
	{ "Claim", "K1", NULL, NULL, "33 zp 1200", "u64:1200", 50, 0,
	  989 + 128, "OK in=[in 33 zp 1200] out=[pk:K1 zp 1200] S=delete",
	  989 + 128 },
	{ "Claim", "K1", NULL, NULL, "33 zp 1000", "u64:1200", 50, 0,
	  989 + 128, "ERR not enough ZP in the contract", 989 + 128 },
	{ "Claim", "K1", NULL, NULL, "33 zp 1200", "u64:1200", 49, 0,
	  989 + 128, "ERR only the owner claims a funded campaign after the "
	  "deadline", 989 + 128 },
	{ "Claim", "K1", NULL, NULL, "33 zp 999", "u64:999", 60, 0, 989 + 128,
	  "ERR only the owner claims a funded campaign after the deadline",
	  989 + 128 },
	{ "Claim", "K2", NULL, NULL, "33 zp 1200", "u64:1200", 60, 0,
	  989 + 128, "ERR only the owner claims a funded campaign after the "
	  "deadline", 989 + 128 },
	{ "Claim", NULL, NULL, NULL, NULL, "u64:1200", 60, 0, 989,
	  "ERR nothing to claim", 989 },
	/* 200 pledge tokens destroyed, 200 of the 300 UTXO back */
	{ "Refund", NULL, "{returnAddress=lock:pk:bb}",
	  "in 11 self:pledge 200", "33 zp 300", "u64:500", 60, 0, 605 + 128,
	  "OK in=[in 11 self:pledge 200; in 33 zp 300] out=[destroy "
	  "self:pledge 200; self zp 100; pk:bb zp 200] S=u64:300",
	  605 + 128 },
	{ "Refund", NULL, "{returnAddress=lock:pk:bb}",
	  "in 11 self:pledge 200", "33 zp 300", "u64:1000", 60, 0, 605 + 128,
	  "ERR no refunds for this campaign", 605 + 128 },
	{ "Refund", NULL, "{returnAddress=lock:pk:bb}", "in 11 zp 200",
	  "33 zp 300", "u64:500", 60, 0, 605 + 128,
	  "ERR no refunds for this campaign", 605 + 128 },
	{ "Refund", NULL, "{returnAddress=lock:pk:bb}",
	  "in 11 self:pledge 200", "33 zp 100", "u64:500", 60, 0, 605 + 128,
	  "ERR not enough ZP in the contract", 605 + 128 },
	{ "Extend", NULL, NULL, NULL, NULL, NULL, 0, 0, 10,
	  "ERR unknown command", 10 },
};

/* split-payment.fst: "Split" 108 + 83 L for a list of L payees, 24 for
 * another body, others 4. */
static const struct tcase split_payment[] = {
	{ "Split", NULL, "[[lock:pk:aa,u64:60],[lock:pk:bb,u64:40]]",
	  "in 11 zp 100", NULL, NULL, 0, 0, 108 + 166,
	  "OK in=[in 11 zp 100] out=[pk:aa zp 60; pk:bb zp 40] S=nochange",
	  108 + 166 },
	{ "Split", NULL, "[[lock:pk:aa,u64:60],[lock:pk:bb,u64:30]]",
	  "in 11 zp 100", NULL, NULL, 0, 0, 108 + 166,
	  "ERR the amounts must add up to what was paid", 108 + 166 },
	/* a bad second entry: incNone (83 + 0) pads it */
	{ "Split", NULL, "[[lock:pk:aa,u64:60],u64:5]", "in 11 zp 100", NULL,
	  NULL, 0, 0, 108 + 166, "ERR every payee must be [Lock; U64]",
	  108 + 166 },
	{ "Split", NULL, "[]", "in 11 zp 100; out pk:cc zp 100", NULL, NULL,
	  0, 0, 108, "OK in=[in 11 zp 100] out=[pk:cc zp 100] S=nochange", 108 },
	{ "Split", NULL, "[lock:pk:aa]", "in 11 zp 100", NULL, NULL, 0, 0,
	  108 + 83, "ERR every payee must be [Lock; U64]", 108 + 83 },
	{ "Split", NULL, "u64:5", NULL, NULL, NULL, 0, 0, 24,
	  "ERR the body must be a list of payees", 24 },
	{ "Split", NULL, NULL, NULL, NULL, NULL, 0, 0, 24,
	  "ERR the body must be a list of payees", 24 },
	{ "Pay", NULL, "[]", NULL, NULL, NULL, 0, 0, 4,
	  "ERR unknown command", 4 },
};

/* the compact signature by secret sk1 of the multisig message
 * SHA3(BE64 nonce || BE64 amount || BE32 2 || 0xaa..) (a PK lock: lock id
 * 2, then the hash; Sha3.updateLock, contracts.md 4.11) */
static void ms_sig(char out[129], uint8_t sk1, uint64_t nonce,
		   uint64_t amount)
{
	uint8_t pre[52];

	memset(pre + 16, 0, 4);
	pre[19] = 2;
	memset(pre + 20, 0xaa, 32);
	sig_hex(out, sk1, pre, sizeof(pre), nonce, amount);
}

/* multisig.fst: "Spend" 3971 + 128 s, others 7. */
static void test_multisig(void)
{
	char a0[129], b0[129], a1[129], c1[129], b1[129];
	char m1[700], m2[700], m3[700], m4[700], m5[700];

	ms_sig(a0, 1, 0, 100);
	ms_sig(b0, 2, 0, 100);
	ms_sig(a1, 1, 1, 100);
	ms_sig(c1, 3, 1, 100);
	ms_sig(b1, 2, 1, 100);
	snprintf(m1, sizeof(m1), "{Amount=u64:100,To=lock:pk:aa,Sig0=sig:%s,"
		 "Sig1=sig:%s}", a0, b0);
	snprintf(m2, sizeof(m2), "{Amount=u64:100,To=lock:pk:aa,Sig0=sig:%s,"
		 "Sig2=sig:%s}", a1, c1);
	snprintf(m3, sizeof(m3), "{Amount=u64:100,To=lock:pk:aa,Sig0=sig:%s}",
		 a0);
	/* K1's signature in K2's place */
	snprintf(m4, sizeof(m4), "{Amount=u64:100,To=lock:pk:aa,Sig0=sig:%s,"
		 "Sig1=sig:%s}", a0, a0);
	snprintf(m5, sizeof(m5), "{Amount=u64:100,To=lock:pk:aa,Sig0=sig:%s,"
		 "Sig1=sig:%s,Sig2=sig:%s}", a1, b1, c1);
	{
		const struct tcase cases[] = {
			/* no state: tryU64 skipped (2); no Sig2: trySignature
			 * skipped (2) */
			{ "Spend", NULL, m1, NULL, "33 zp 500", NULL, 0, 0,
			  3971 + 128, "OK in=[in 33 zp 500] out=[self zp 400; "
			  "pk:aa zp 100] S=u64:1", 3971 + 128 },
			{ "Spend", "K3", m2, NULL, "33 zp 60; 34 zp 40",
			  "u64:1", 0, 0, 3971 + 256, "OK in=[in 33 zp 60; in 34 "
			  "zp 40] out=[pk:aa zp 100] S=u64:2", 3971 + 256 },
			{ "Spend", NULL, m5, NULL, "33 zp 100", "u64:1", 0, 0,
			  3971 + 128, "OK in=[in 33 zp 100] out=[pk:aa zp 100] "
			  "S=u64:2", 3971 + 128 },
			/* no state: tryU64 skipped (2); Sig1 and Sig2 missing:
			 * trySignature skipped twice (4) */
			{ "Spend", NULL, m3, NULL, "33 zp 500", NULL, 0, 0,
			  3971 + 128, "ERR two signatures are required",
			  3971 + 128 },
			{ "Spend", NULL, m4, NULL, "33 zp 500", NULL, 0, 0,
			  3971 + 128, "ERR two signatures are required",
			  3971 + 128 },
			/* the nonce-0 signatures again, at nonce 1 */
			{ "Spend", NULL, m1, NULL, "33 zp 500", "u64:1", 0, 0,
			  3971 + 128, "ERR two signatures are required",
			  3971 + 128 },
			{ "Spend", NULL, m1, NULL, "33 zp 50", NULL, 0, 0,
			  3971 + 128, "ERR not enough ZP in the contract",
			  3971 + 128 },
			{ "Spend", NULL, NULL, NULL, "33 zp 500", NULL, 0, 0,
			  3971 + 128, "ERR Amount and To are required",
			  /* tryDict 4, 2 * (tryFind 64 + try* 2), tryU64 2
			   * skipped, and charged */
			  3971 + 128 },
			{ "Sign", NULL, NULL, NULL, NULL, NULL, 0, 0, 7,
			  "ERR unknown command", 7 },
		};

		run_contract("multisig.fst", cases,
			     sizeof(cases) / sizeof(cases[0]));
	}
}

/* registry.fst: "Register" 1126, "Transfer" 367, others 9.  Fee 100,
 * period 1000 blocks. */
#define ALICE1 "{alice=[pk:K1,u32:1010]}"
static const struct tcase registry[] = {
	/* no state: tryDict skipped, charged (4) */
	{ "Register", "K1", "str:alice", "in 11 zp 100", NULL, NULL, 10, 0,
	  1126, "OK in=[in 11 zp 100; mint self:alice 1] out=[self zp 100; "
	  "pk:K1 self:alice 1] S=" ALICE1, 1126 },
	{ "Register", "K2", "str:alice", "in 11 zp 100", NULL, ALICE1, 500, 0,
	  1126, "ERR name taken, too long or fee not paid", 1126 },
	/* expired at 1010: free again at 1011 */
	{ "Register", "K2", "str:alice", "in 11 zp 150", NULL, ALICE1, 1011,
	  0, 1126, "OK in=[in 11 zp 150; mint self:alice 1] out=[self zp 150;"
	  " pk:K2 self:alice 1] S={alice=[pk:K2,u32:2011]}", 1126 },
	{ "Register", "K1", "str:bob", "in 11 zp 99", NULL, ALICE1, 10, 0,
	  1126, "ERR name taken, too long or fee not paid", 1126 },
	{ "Register", "K1", "str:", "in 11 zp 100", NULL, ALICE1, 10, 0, 1126,
	  "ERR name taken, too long or fee not paid", 1126 },
	{ "Register", NULL, "str:bob", "in 11 zp 100", NULL, ALICE1, 10, 0,
	  1126, "ERR a key and a name are required", 1126 },
	{ "Transfer", "K1", "{Name=str:alice,To=pk:K2}", NULL, NULL, ALICE1,
	  500, 0, 367, "OK in=[] out=[] S={alice=[pk:K2,u32:1010]}", 367 },
	{ "Transfer", "K2", "{Name=str:alice,To=pk:K2}", NULL, NULL, ALICE1,
	  500, 0, 367, "ERR only the owner transfers a live name", 367 },
	{ "Transfer", "K1", "{Name=str:alice,To=pk:K2}", NULL, NULL, ALICE1,
	  1011, 0, 367, "ERR only the owner transfers a live name", 367 },
	{ "Transfer", "K1", "{Name=str:bob,To=pk:K2}", NULL, NULL, ALICE1,
	  500, 0, 367, "ERR no such name", 367 },
	/* no body: tryDict 4 and 2 * (tryFind 64 + try* 2) skipped, and
	 * charged */
	{ "Transfer", "K1", NULL, NULL, NULL, ALICE1, 500, 0, 367,
	  "ERR Name, To and a key are required", 367 },
	{ "Renew", "K1", NULL, NULL, NULL, NULL, 0, 0, 9,
	  "ERR unknown command", 9 },
};

/*
 * bet.fst's "Redeem" message, delivered (contracts.md 1.6 step 9): the
 * oracle's "Verify" runs with sender Contract (bet's id), the message's
 * command and body, on the skeleton bet returned, and the oracle's state
 * {ZP=[u64:1000,u64:150]}: OK with the skeleton unchanged when the price
 * was attested, ERR when it was not.
 */
static void chain_case(const char *price, const char *want_oracle)
{
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *b = cx_load_file("bet.fst", NULL, "");
	struct zc_contract *o = cx_load_file("attest-oracle.fst", NULL, "");
	struct zen_contract_args a;
	struct zen_contract_return r, r2;
	struct zen_skel s;
	struct wallet w;
	struct zen_data *body, *state = data_of("{ZP=[u64:1000,u64:150]}");
	char spec[200];
	struct out out;
	uint64_t cost = 0;

	zen_contract_return_init(&r);
	zen_contract_return_init(&r2);
	if (!b || !o)
		goto done;
	self = zen_contract_get_id(b);
	snprintf(spec, sizeof(spec), BET_BODY("%s", "1000"), price);
	body = data_of(spec);
	memset(&a, 0, sizeof(a));
	memset(&s, 0, sizeof(s));
	memset(&w, 0, sizeof(w));
	each_item("in 11 self:Bull 100", skel_item, &s);
	each_item("33 zp 500", wallet_item, &w);
	a.command = "Redeem";
	a.command_len = 6;
	a.tx = &s;
	a.body = body;
	a.wallet_outpoints = w.ops;
	a.wallet_outputs = w.outs;
	a.wallet_n = w.n;
	tap_ok(!zen_contract_run(b, &a, &r, NULL, &err) && r.ok &&
	       r.has_message, "bet Redeem at %s: OK with a message", price);
	if (r.ok && r.has_message) {
		/* the oracle as the recipient would be: its own id */
		memset(&a, 0, sizeof(a));
		a.command = r.command;
		a.command_len = r.command_len;
		a.sender = ZEN_SENDER_CONTRACT;
		a.sender_cid = *zen_contract_get_id(b);
		a.body = r.body;
		a.state = state;
		a.tx = &r.tx;
		tap_ok(!zen_contract_cost(o, &a, &cost, &err) && cost == 354,
		       "oracle %.*s from bet: cf 354", (int)r.command_len,
		       r.command);
		self = zen_contract_get_id(o);
		if (zen_contract_run(o, &a, &r2, NULL, &err))
			tap_diag("%s", err.msg);
		out.n = 0;
		out.s[0] = 0;
		/* bet's skeleton, rendered with bet as "self" */
		self = zen_contract_get_id(b);
		render(&out, &r2);
		tap_str(out.s, want_oracle, "oracle Verify of bet's %s",
			price);
	}
	skel_release(&s);
	zen_lock_release(&w.outs[0].lock);
	zen_data_free(body);
done:
	self = NULL;
	zen_data_free(state);
	zen_contract_return_release(&r);
	zen_contract_return_release(&r2);
	zen_contract_free(b);
	zen_contract_free(o);
}

static void test_bet_oracle_chain(void)
{
	chain_case("150", "OK in=[in 11 self:Bull 100; in 33 zp 500] "
		   "out=[destroy self:Bull 100; self zp 300; pk:aa zp 200] "
		   "S=nochange");
	/* 151 was not attested: bet alone pays the Bull side (151 >= 150),
	 * the oracle refuses, so the whole chain fails */
	chain_case("151", "ERR attestation does not match");
}

/* wrapped-token.fst: "Wrap" 509, "Unwrap" 638 + 128 s, others 7. */
static const struct tcase wrapped_token[] = {
	{ "Wrap", NULL, "{returnAddress=lock:pk:aa}", "in 11 c:cd 40", NULL,
	  NULL, 0, 0, 509, "OK in=[in 11 c:cd 40; mint self 40] out=[self "
	  "c:cd 40; pk:aa self 40] S=nochange", 509 },
	/* safeMint 0 is None: RT's >>= skips the two last steps (lambda 5
	 * + lockToAddress 64, ofTxSkel 3); ofTxSkel's 3 charged, the
	 * lambda's cost unknown without running it */
	{ "Wrap", NULL, "{returnAddress=lock:pk:aa}", "in 11 zp 40", NULL,
	  NULL, 0, 0, 509, "ERR nothing to wrap", 509 - 69 },
	/* no body: only main 7, wrap's own 5 (its `let open` body:
	 * the open counts nothing itself) and getReturnAddress's own 7 run,
	 * and its skipped tryDict 4, tryFind 64 and tryLock 2 are charged */
	{ "Wrap", NULL, NULL, "in 11 c:cd 40", NULL, NULL, 0, 0, 509,
	  "ERR returnAddress is required", 19 + 70 },
	/* 30 wrapped tokens destroyed, 30 of the 100 original tokens back,
	 * change 70 */
	{ "Unwrap", NULL, "{returnAddress=lock:pk:aa}", "in 11 self 30",
	  "33 c:cd 100", NULL, 0, 0, 638 + 128,
	  "OK in=[in 11 self 30; in 33 c:cd 100] out=[destroy self 30; self "
	  "c:cd 70; pk:aa c:cd 30] S=nochange", 638 + 128 },
	{ "Unwrap", NULL, "{returnAddress=lock:pk:aa}", "in 11 self 30",
	  "33 zp 100", NULL, 0, 0, 638 + 128,
	  "ERR not enough wrapped tokens in the contract", 638 + 128 - 69 },
	{ "Burn", NULL, NULL, NULL, NULL, NULL, 0, 0, 7,
	  "ERR unknown command", 7 },
};

/* ---- contracts.md 1.1: ids and code lengths ---- */

/* SHA3(BE32 0 || code) as 72 hex: the contract id text, computed here */
static void id_text(char out[73], const uint8_t *code, size_t n)
{
	struct zen_sha3_ctx *ctx = zen_sha3_begin();
	uint8_t v[4] = { 0, 0, 0, 0 }, h[32];

	zen_sha3_update(ctx, v, 4);
	zen_sha3_update(ctx, code, n);
	zen_sha3_end(ctx, h);
	memcpy(out, "00000000", 8);
	zen_hex_encode_to(out + 8, h, 32);
}

static void test_ids(void)
{
	static const char *const files[] = {
		"named-token.fst", "token-sale.fst", "attest-oracle.fst",
		"bet.fst", "dex.fst", "fixed-payout.fst", "auth-supply.fst",
		"auction.fst", "escrow.fst", "vesting.fst", "voting.fst",
		"subscription.fst", "lottery.fst", "crowdfund.fst",
		"split-payment.fst", "multisig.fst", "registry.fst",
		"wrapped-token.fst", "dividend.fst", "notary.fst",
		"treasury.fst", "take-turns.fst", "price-index.fst",
		"raffle.fst", "ledger.fst",
	};
	struct zen_err err = ZEN_ERR_INIT;
	char want[73], got[ZEN_CONTRACT_ID_TEXT_LEN + 1];
	size_t i, len;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char *src = tap_read_file(ZEN_SRCDIR "/tests/contracts",
					  files[i], &len);
		struct zc_contract *c = NULL;

		if (!src || zen_contract_load(src, len, files[i], &c, &err)) {
			tap_ok(0, "%s loads: %s", files[i], err.msg);
			free(src);
			continue;
		}
		id_text(want, (const uint8_t *)src, len);
		zen_contract_id_text(got, zen_contract_get_id(c));
		tap_str(got, want, "%s: id = SHA3(BE32 0 || its bytes)",
			files[i]);
		/* the activation fee per block is the byte count (1.2) */
		tap_u64(zen_contract_code_len(c), len, "%s: code length %zu",
			files[i], len);
		zen_contract_free(c);
		free(src);
	}
}

/*
 * The reference decodes the code as ASCII: a byte >= 0x80 becomes '?'
 * (1.1), and the id and the length are those of the decoded code.  A
 * comment with 0xe9 ("cafe" with an acute e in Latin-1) and 0xff.
 */
static void test_id_ascii(void)
{
	static const char body[] =
		"open Zen.Types\nopen Zen.Base\nopen Zen.Cost\n"
		"module RT = Zen.ResultT\n"
		"let main txSkel _ _ _ _ _ _ _ =\n"
		"  RT.ok @ { tx = txSkel; message = None; state = NoChange }\n"
		"let cf _ _ _ _ _ _ _ = 5 |> cast nat |> Zen.Cost.ret\n";
	char raw[600], dec[600], want[73], got[ZEN_CONTRACT_ID_TEXT_LEN + 1];
	struct zen_err err = ZEN_ERR_INIT;
	struct zc_contract *c = NULL;
	size_t n;

	n = (size_t)snprintf(raw, sizeof(raw), "(* caf\xe9 \xff *)\n%s", body);
	snprintf(dec, sizeof(dec), "(* caf? ? *)\n%s", body);
	id_text(want, (const uint8_t *)dec, n);
	if (zen_contract_load(raw, n, "t.fst", &c, &err)) {
		tap_ok(0, "a contract with bytes >= 0x80 loads: %s", err.msg);
		return;
	}
	zen_contract_id_text(got, zen_contract_get_id(c));
	tap_str(got, want, "bytes >= 0x80 hash as '?' (1.1)");
	tap_u64(zen_contract_code_len(c), n, "code length counts them once");
	zen_contract_free(c);
	/* the node writes `module Z<hash>` itself: deployed code must not
	 * have its own module line (1.1) */
	c = NULL;
	n = (size_t)snprintf(raw, sizeof(raw), "module Named\n%s", body);
	tap_ok(zen_contract_load(raw, n, "t.fst", &c, &err) == ZEN_EINVAL &&
	       !c && strstr(err.msg, "module"),
	       "a module line is refused: %s", err.msg);
}

/* dividend.fst: "Pay" 134 + 116 L with a register of L entries, 39
 * without one; "Register" 162; others 6. */
#define REG "[[lock:pk:aa,u64:1],[lock:pk:bb,u64:3]]"
static const struct tcase dividend[] = {
	/* 100 * 1 / 4 = 25, 100 * 3 / 4 = 75 */
	{ "Pay", NULL, NULL, "in 11 zp 100", NULL, REG, 0, 0, 134 + 232,
	  "OK in=[in 11 zp 100] out=[pk:aa zp 25; pk:bb zp 75] S=nochange",
	  134 + 232 },
	/* 10 / 4 = 2, 30 / 4 = 7: one kalapa is left */
	{ "Pay", NULL, NULL, "in 11 zp 10", NULL, REG, 0, 0, 134 + 232,
	  "OK in=[in 11 zp 10] out=[pk:aa zp 2; pk:bb zp 7] S=nochange",
	  134 + 232 },
	/* a malformed entry: tryMapT is None (it charges L * 33 + 20 all
	 * the same), incFailw (83 L + 75) pads */
	{ "Pay", NULL, NULL, "in 11 zp 100", NULL,
	  "[[lock:pk:aa,u64:1],[u64:3]]", 0, 0, 134 + 232, "ERR bad register",
	  134 + 232 },
	{ "Pay", NULL, NULL, "in 11 zp 100", NULL, "[[lock:pk:aa,u64:0]]", 0,
	  0, 134 + 116, "ERR no shares", 134 + 116 },
	{ "Pay", NULL, NULL, "in 11 zp 100", NULL, NULL, 0, 0, 39,
	  "ERR no register", 39 },
	{ "Pay", NULL, NULL, "in 11 zp 100", NULL, "u64:5", 0, 0, 39,
	  "ERR no register", 39 },
	{ "Register", "K1", REG, NULL, NULL, NULL, 0, 0, 162,
	  "OK in=[] out=[] S=" REG, 162 },
	{ "Register", "K2", REG, NULL, NULL, NULL, 0, 0, 162,
	  "ERR only the issuer registers holders", 162 },
	{ "Vote", NULL, NULL, NULL, NULL, NULL, 0, 0, 6,
	  "ERR unknown command", 6 },
};

/* notary.fst: "Notarize" 591 + 6 * (bytes of the document), 49 for
 * another body; others 6.  The digest SHA3(BE32 0 || contract hash ||
 * document || BE32 block) is computed here. */
static void notary_digest(char out[65], const struct zen_contract_id *id,
			  const char *doc, uint32_t block)
{
	struct zen_sha3_ctx *ctx = zen_sha3_begin();
	uint8_t v[4] = { 0, 0, 0, 0 }, b[4], h[32];

	zen_sha3_update(ctx, v, 4);
	zen_sha3_update(ctx, id->hash, 32);
	zen_sha3_update(ctx, doc, strlen(doc));
	b[0] = (uint8_t)(block >> 24);
	b[1] = (uint8_t)(block >> 16);
	b[2] = (uint8_t)(block >> 8);
	b[3] = (uint8_t)block;
	zen_sha3_update(ctx, b, 4);
	zen_sha3_end(ctx, h);
	zen_hex_encode_to(out, h, 32);
}

static void test_notary(void)
{
	struct zc_contract *c = cx_load_file("notary.fst", NULL, "");
	char d1[65], d2[65], w1[400], w2[400];

	if (!c)
		return;
	notary_digest(d1, zen_contract_get_id(c), "hello", 7);
	notary_digest(d2, zen_contract_get_id(c), "", 8);
	zen_contract_free(c);
	snprintf(w1, sizeof(w1), "OK in=[mint self:seal 1] out=[self "
		 "self:seal 1] S=hash:%s M=c:ef Log hash:%s", d1, d1);
	snprintf(w2, sizeof(w2), "OK in=[in 11 zp 1; mint self:seal 1] "
		 "out=[self self:seal 1] S=hash:%s M=c:ef Log hash:%s", d2, d2);
	{
		const struct tcase cases[] = {
			{ "Notarize", NULL, "str:hello", NULL, NULL, NULL, 7, 0,
			  591 + 30, w1, 591 + 30 },
			{ "Notarize", "K2", "str:", "in 11 zp 1", NULL,
			  "u64:1", 8, 0, 591, w2, 591 },
			{ "Notarize", NULL, "u64:5", NULL, NULL, NULL, 7, 0, 49,
			  "ERR the document must be a String", 49 },
			{ "Notarize", NULL, NULL, NULL, NULL, NULL, 7, 0, 49,
			  "ERR the document must be a String", 49 },
			{ "Log", NULL, "str:hello", NULL, NULL, NULL, 7, 0, 6,
			  "ERR unknown command", 6 },
		};

		run_contract("notary.fst", cases,
			     sizeof(cases) / sizeof(cases[0]));
	}
}

/* treasury.fst: "Payout" 66 + L * (381 + 128 s) with a list of L
 * outputs, 39 for another body; others 7.  Payout blocks: multiples of
 * 10. */
#define CD "00000000" \
	"cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"
#define OUTS "[[lock:pk:aa,[str:00,u64:100]],[lock:pk:bb,[str:" CD ",u64:20]]]"
static const struct tcase treasury[] = {
	/* ZP 100 from the 500 UTXO (change 400), then 20 c:cd from the 50
	 * one (the ZP UTXO is skipped: another asset; change 30) */
	{ "Payout", NULL, OUTS, NULL, "33 zp 500; 34 c:cd 50", NULL, 20, 0,
	  66 + 2 * (381 + 256),
	  "OK in=[in 33 zp 500; in 34 c:cd 50] out=[self zp 400; pk:aa zp "
	  "100; self c:cd 30; pk:bb c:cd 20] S=nochange", 66 + 2 * (381 + 256) },
	{ "Payout", NULL, OUTS, NULL, "33 zp 500; 34 c:cd 50", NULL, 21, 0,
	  66 + 2 * (381 + 256), "ERR not a payout block",
	  66 + 2 * (381 + 256) },
	/* a bad asset text: Asset.parse is None (OptT's >>= skips the
	 * lambda, 4) */
	{ "Payout", NULL, "[[lock:pk:aa,[str:0g,u64:100]]]", NULL, "33 zp 500",
	  NULL, 20, 0, 66 + 381 + 128, "ERR bad outputs", 66 + 381 + 128 - 4 },
	{ "Payout", NULL, "[[lock:pk:aa,[u64:100]]]", NULL, "33 zp 500",
	  NULL, 20, 0, 66 + 381 + 128, "ERR bad outputs", 66 + 381 + 128 },
	/* 600 ZP wanted: the first output fails, the second is skipped */
	{ "Payout", NULL,
	  "[[lock:pk:aa,[str:00,u64:600]],[lock:pk:bb,[str:" CD ",u64:20]]]",
	  NULL, "33 zp 500; 34 c:cd 50", NULL, 20, 0, 66 + 2 * (381 + 256),
	  "ERR not enough funds in the treasury", 66 + 2 * (381 + 256) },
	{ "Payout", NULL, "[]", "in 11 zp 1", "33 zp 500", NULL, 10, 0, 66,
	  "OK in=[in 11 zp 1] out=[] S=nochange", 66 },
	{ "Payout", NULL, "u64:5", NULL, NULL, NULL, 10, 0, 39,
	  "ERR the body must be a list of outputs", 39 },
	{ "Vote", NULL, NULL, NULL, NULL, NULL, 10, 0, 7,
	  "ERR unknown command", 7 },
};

/* take-turns.fst: "Split" 112 + 81 L with L amounts after the two locks,
 * 21 for another body; others 4. */
static const struct tcase take_turns[] = {
	{ "Split", NULL, "[lock:pk:aa,lock:pk:bb,u64:10,u64:20,u64:30]",
	  "in 11 zp 60", NULL, NULL, 0, 0, 112 + 243,
	  "OK in=[in 11 zp 60] out=[pk:aa zp 10; pk:bb zp 20; pk:aa zp 30] "
	  "S=nochange", 112 + 243 },
	{ "Split", NULL, "[lock:pk:aa,lock:pk:bb,u64:10,u64:20,u64:30]",
	  "in 11 zp 50", NULL, NULL, 0, 0, 112 + 243,
	  "ERR the amounts must add up to what was paid", 112 + 243 },
	/* str:x in b's turn: payB pads the rest (81 + 0) */
	{ "Split", NULL, "[lock:pk:aa,lock:pk:bb,u64:10,str:x]", "in 11 zp 10",
	  NULL, NULL, 0, 0, 112 + 162, "ERR the amounts must be U64",
	  112 + 162 },
	{ "Split", NULL, "[lock:pk:aa,lock:pk:bb]",
	  "in 11 zp 5; out pk:cc zp 5", NULL, NULL, 0, 0, 112,
	  "OK in=[in 11 zp 5] out=[pk:cc zp 5] S=nochange", 112 },
	{ "Split", NULL, "[lock:pk:aa,u64:5]", "in 11 zp 5", NULL, NULL, 0, 0,
	  21, "ERR the body must be [Lock; Lock; U64 ...]", 21 },
	{ "Pay", NULL, NULL, NULL, NULL, NULL, 0, 0, 4,
	  "ERR unknown command", 4 },
};

/* price-index.fst: "Push" 192 + 18 min(3, L), "Publish" 151 + 29 L with
 * a String body and a list of L prices (63 otherwise), others 7. */
#define AB "00000000" \
	"abababababababababababababababababababababababababababababababab"
#define P4 "[u64:130,u64:120,u64:110,u64:100]"
static const struct tcase price_index[] = {
	{ "Push", "K1", "u64:100", NULL, NULL, NULL, 0, 0, 192,
	  "OK in=[] out=[] S=[u64:100]", 192 },
	{ "Push", "K1", "u64:110", NULL, NULL, "[u64:100]", 0, 0, 192 + 18,
	  "OK in=[] out=[] S=[u64:110,u64:100]", 192 + 18 },
	/* the fifth price pushes the oldest out */
	{ "Push", "K1", "u64:130", NULL, NULL,
	  "[u64:120,u64:110,u64:100,u64:90]", 0, 0, 192 + 54,
	  "OK in=[] out=[] S=" P4, 192 + 54 },
	{ "Push", "K2", "u64:130", NULL, NULL, "[u64:100]", 0, 0, 192 + 18,
	  "ERR only the oracle pushes a price", 192 + 18 },
	/* (130 + 120 + 110 + 100) / 4 = 115 */
	{ "Publish", NULL, "str:" AB, "in 11 zp 1", NULL, P4, 0, 0, 151 + 116,
	  "OK in=[in 11 zp 1] out=[] S=nochange M=c:ab Price u64:115",
	  151 + 116 },
	/* 3 / 2 = 1 */
	{ "Publish", NULL, "str:" AB, NULL, NULL, "[u64:1,u64:2]", 0, 0,
	  151 + 58, "OK in=[] out=[] S=nochange M=c:ab Price u64:1", 151 + 58 },
	{ "Publish", NULL, "str:" AB, NULL, NULL, "[]", 0, 0, 151,
	  "ERR no prices", 151 },
	{ "Publish", NULL, "str:" AB, NULL, NULL, "[u64:1,str:x]", 0, 0,
	  151 + 58, "ERR the prices must be U64 and the body a contract id",
	  151 + 58 },
	{ "Publish", NULL, "str:abab", NULL, NULL, P4, 0, 0, 151 + 116,
	  "ERR the prices must be U64 and the body a contract id", 151 + 116 },
	{ "Publish", NULL, "u64:5", NULL, NULL, P4, 0, 0, 63,
	  "ERR the body must be a contract id and the state a list of prices",
	  63 },
	{ "Reset", "K1", NULL, NULL, NULL, NULL, 0, 0, 7,
	  "ERR unknown command", 7 },
};

/* raffle.fst: "Enter" 185, "Draw" 550 + 128 s, others 9.  The winner of
 * a draw: entry (first byte of SHA3(BE64 seed)) mod 4 of the state's
 * list, computed here. */
static void test_raffle(void)
{
	static const char *const seats[4] = { "pk:aa", "pk:bb", "pk:cc",
					      "pk:dd" };
	char w7[200], w8[200];
	uint8_t pre[8], h[32];

	memset(pre, 0, 8);
	pre[7] = 7;
	zen_sha3(h, pre, 8);
	snprintf(w7, sizeof(w7), "OK in=[in 33 zp 50] out=[self zp 10; %s zp "
		 "40] S=delete", seats[h[0] % 4]);
	pre[7] = 8;
	zen_sha3(h, pre, 8);
	snprintf(w8, sizeof(w8), "OK in=[in 33 zp 40] out=[%s zp 40] "
		 "S=delete", seats[h[0] % 4]);
	{
#define FULL "[lock:pk:aa,lock:pk:bb,lock:pk:cc,lock:pk:dd]"
		const struct tcase cases[] = {
			{ "Enter", NULL, "lock:pk:dd", "in 11 zp 10", NULL, NULL,
			  0, 0, 185, "OK in=[in 11 zp 10] out=[self zp 10] "
			  "S=[lock:pk:dd]", 185 },
			{ "Enter", NULL, "lock:pk:aa", "in 11 zp 10", NULL,
			  "[lock:pk:bb,lock:pk:cc,lock:pk:dd]", 0, 0, 185,
			  "OK in=[in 11 zp 10] out=[self zp 10] S=" FULL, 185 },
			{ "Enter", NULL, "lock:pk:ee", "in 11 zp 10", NULL, FULL,
			  0, 0, 185, "ERR pay exactly the ticket price while "
			  "there are seats", 185 },
			{ "Enter", NULL, "lock:pk:ee", "in 11 zp 11", NULL, NULL,
			  0, 0, 185, "ERR pay exactly the ticket price while "
			  "there are seats", 185 },
			/* no body: >!= skips tryLock, charged (2) */
			{ "Enter", NULL, NULL, "in 11 zp 10", NULL, NULL, 0, 0,
			  185, "ERR the body must be a lock", 185 },
			{ "Draw", "K1", "u64:7", NULL, "33 zp 50", FULL, 0, 0,
			  550 + 128, w7, 550 + 128 },
			{ "Draw", "K1", "u64:8", NULL, "33 zp 40", FULL, 0, 0,
			  550 + 128, w8, 550 + 128 },
			{ "Draw", "K1", "u64:7", NULL, "33 zp 39", FULL, 0, 0,
			  550 + 128, "ERR not enough ZP in the contract",
			  550 + 128 },
			{ "Draw", "K2", "u64:7", NULL, "33 zp 50", FULL, 0, 0,
			  550 + 128, "ERR the operator draws a full raffle with "
			  "a U64 seed", 550 + 128 },
			{ "Draw", "K1", "u64:7", NULL, "33 zp 50",
			  "[lock:pk:aa,lock:pk:bb,lock:pk:cc]", 0, 0, 550 + 128,
			  "ERR the operator draws a full raffle with a U64 seed",
			  550 + 128 },
			{ "Refund", "K1", NULL, NULL, NULL, NULL, 0, 0, 9,
			  "ERR unknown command", 9 },
		};
#undef FULL

		run_contract("raffle.fst", cases,
			     sizeof(cases) / sizeof(cases[0]));
	}
}

/* ledger.fst: "Deposit" 434, "Withdraw" 1188 + 128 s, others 9. */
#define AL(o, b) "{alice=[pk:" o ",u64:" b "]}"
static const struct tcase ledger[] = {
	/* no state: tryDict skipped, charged (4); a new account is the
	 * sender's */
	{ "Deposit", "K1", "{Account=str:alice}", "in 11 zp 100", NULL, NULL,
	  0, 0, 434, "OK in=[in 11 zp 100] out=[self zp 100] S="
	  AL("K1", "100"), 434 },
	/* anyone credits an account; the owner stays */
	{ "Deposit", "K2", "{Account=str:alice}", "in 11 zp 50", NULL,
	  AL("K1", "100"), 0, 0, 434, "OK in=[in 11 zp 50] out=[self zp 50] "
	  "S=" AL("K1", "150"), 434 },
	{ "Deposit", "K2", "{Account=str:alice}", "in 11 zp 1", NULL,
	  AL("K1", "18446744073709551615"), 0, 0, 434,
	  "ERR balance overflow", 434 },
	{ "Deposit", "K2", "{Account=str:alice}", NULL, NULL, AL("K1", "100"),
	  0, 0, 434, "ERR nothing deposited", 434 },
	{ "Deposit", NULL, "{Account=str:alice}", "in 11 zp 1", NULL,
	  AL("K1", "100"), 0, 0, 434,
	  "ERR an account name and a key are required", 434 },
	{ "Withdraw", "K1", "{Account=str:alice,Amount=u64:30}", NULL,
	  "33 zp 100", AL("K1", "100"), 0, 0, 1188 + 128,
	  "OK in=[in 33 zp 100] out=[self zp 70; pk:K1 zp 30] S="
	  AL("K1", "70"), 1188 + 128 },
	{ "Withdraw", "K1", "{Account=str:alice,Amount=u64:101}", NULL,
	  "33 zp 200", AL("K1", "100"), 0, 0, 1188 + 128,
	  "ERR insufficient balance", 1188 + 128 },
	{ "Withdraw", "K2", "{Account=str:alice,Amount=u64:30}", NULL,
	  "33 zp 100", AL("K1", "100"), 0, 0, 1188 + 128,
	  "ERR only the owner withdraws", 1188 + 128 },
	{ "Withdraw", "K1", "{Account=str:bob,Amount=u64:30}", NULL,
	  "33 zp 100", AL("K1", "100"), 0, 0, 1188 + 128,
	  "ERR no such account", 1188 + 128 },
	{ "Withdraw", "K1", "{Account=str:alice,Amount=u64:30}", NULL,
	  "33 zp 10", AL("K1", "100"), 0, 0, 1188 + 128,
	  "ERR not enough ZP in the contract", 1188 + 128 },
	/* no state: tryDict skipped, charged (4) */
	{ "Withdraw", "K1", "{Account=str:alice,Amount=u64:30}", NULL,
	  "33 zp 100", NULL, 0, 0, 1188 + 128,
	  "ERR Account, Amount and a key are required", 1188 + 128 },
	{ "Close", "K1", NULL, NULL, NULL, NULL, 0, 0, 9,
	  "ERR unknown command", 9 },
};

/* END CASES */

/*
 * The Zulib coverage contracts, tests/contracts/zcov-*.fst, carry their
 * cases in their own comments, one line each, every field by hand:
 *   // case: COMMAND | BODY | COST | RAW | WANT
 * BODY is data notation or "-" (None); COST is cf = main's cost; RAW is
 * main's own count without its vals (0: not checked); WANT is the
 * rendered result.  The sender is Anonymous, the skeleton, wallet and
 * state empty, the block and time 0.
 */
#define MAX_FILE_CASES 16

struct file_cases {
	struct tcase t[MAX_FILE_CASES];
	char *fields[MAX_FILE_CASES][3];	/* cmd, body, want: owned */
	size_t n;
};

static char *trimmed_copy(const char *s, size_t n)
{
	char *out;

	while (n && isspace((unsigned char)*s))
		s++, n--;
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	out = zen_xmalloc(n + 1);
	memcpy(out, s, n);
	out[n] = 0;
	return out;
}

/* One "// case:" line (after the tag) into fc; 0 when malformed. */
static int parse_case_line(struct file_cases *fc, const char *line)
{
	const char *f[5];
	size_t len[5], k = 0;
	const char *p = line;
	struct tcase *t = &fc->t[fc->n];
	char **own = fc->fields[fc->n];

	if (fc->n == MAX_FILE_CASES)
		return 0;
	for (; k < 5; k++) {
		const char *bar = k < 4 ? strstr(p, " | ") : NULL;

		f[k] = p;
		len[k] = bar ? (size_t)(bar - p) : strcspn(p, "\n");
		if (k < 4 && !bar)
			return 0;
		p = bar ? bar + 3 : p;
	}
	memset(t, 0, sizeof(*t));
	own[0] = trimmed_copy(f[0], len[0]);
	own[1] = trimmed_copy(f[1], len[1]);
	own[2] = trimmed_copy(f[4], len[4]);
	t->cmd = own[0];
	t->body = strcmp(own[1], "-") ? own[1] : NULL;
	t->cost = strtoull(f[2], NULL, 10);
	t->raw = strtoull(f[3], NULL, 10);
	t->want = own[2];
	fc->n++;
	return 1;
}

static char *next_line(char *l)
{
	char *eol = strchr(l, '\n');

	return eol ? eol + 1 : NULL;
}

static void run_file(const char *name)
{
	static const char tag[] = "// case: ";
	struct file_cases fc = { .n = 0 };
	size_t len;
	char *src = tap_read_file(ZEN_SRCDIR "/tests/contracts", name, &len);
	int ok = src != NULL;

	for (char *l = src; ok && l && *l; l = next_line(l))
		if (!strncmp(l, tag, sizeof(tag) - 1))
			ok = parse_case_line(&fc, l + sizeof(tag) - 1);
	tap_ok(ok && fc.n, "%s: %zu cases read", name, fc.n);
	if (ok && fc.n)
		run_contract(name, fc.t, fc.n);
	for (size_t i = 0; i < fc.n; i++)
		for (int k = 0; k < 3; k++)
			free(fc.fields[i][k]);
	free(src);
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every zcov-*.fst, in name order. */
static void run_coverage_contracts(void)
{
	DIR *d = opendir(ZEN_SRCDIR "/tests/contracts");
	struct dirent *de;
	char *names[64];
	size_t n = 0;

	while (d && (de = readdir(d)))
		if (!strncmp(de->d_name, "zcov-", 5) && n < 64 &&
		    strstr(de->d_name, ".fst"))
			names[n++] = zen_xstrdup(de->d_name);
	if (d)
		closedir(d);
	qsort(names, n, sizeof(*names), name_cmp);
	for (size_t i = 0; i < n; i++) {
		run_file(names[i]);
		free(names[i]);
	}
}

static void run_all(void)
{
	RUN("named-token.fst", named_token);
	RUN("token-sale.fst", token_sale);
	RUN("attest-oracle.fst", attest_oracle);
	RUN("bet.fst", bet);
	RUN("dex.fst", dex);
	test_fixed_payout();
	test_auth_supply();
	RUN("auction.fst", auction);
	RUN("escrow.fst", escrow);
	RUN("vesting.fst", vesting);
	RUN("voting.fst", voting);
	RUN("voting.fst", voting_close);
	RUN("subscription.fst", subscription);
	test_lottery();
	RUN("crowdfund.fst", crowdfund);
	RUN("split-payment.fst", split_payment);
	test_multisig();
	RUN("registry.fst", registry);
	test_bet_oracle_chain();
	RUN("wrapped-token.fst", wrapped_token);
	test_notary();
	test_raffle();
	RUN("dividend.fst", dividend);
	RUN("treasury.fst", treasury);
	RUN("take-turns.fst", take_turns);
	RUN("price-index.fst", price_index);
	RUN("ledger.fst", ledger);
	test_ids();
	test_id_ascii();
	run_coverage_contracts();
}

static void init_keys(void)
{
	uint8_t sk[32];
	int i;

	for (i = 0; i < 3; i++) {
		memset(sk, 0, sizeof(sk));
		sk[31] = (uint8_t)(i + 1);
		if (zen_pubkey_from_seckey(keys[i], sk, NULL))
			abort();
		zen_sha3(key_hash[i], keys[i], 33);
	}
}

int main(void)
{
	init_keys();
	/* the keys the contracts name: K1 = G, K2 = 2G */
	tap_hex(keys[0], 33, "0279be667ef9dcbbac55a06295ce870b"
		"07029bfcdb2dce28d959f2815b16f81798",
		"K1 = G");
	tap_hex(keys[1], 33, "02c6047f9441ed7d6d3045406e95c07c"
		"d85c778e4b8cef3ca7abac09b95c709ee5",
		"K2 = 2G");
	run_all();
	return tap_done();
}
