/*
 * wallet.c - the wallet store, its encrypted secret, chain tracking and
 * the mempool view (wallet.h has the schema and the formats).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

#include "core/base/buf.h"
#include "core/chain/store.h"
#include "core/encoding/hex.h"
#include "core/wallet/bip39.h"
#include "core/crypto/keys.h"
#include "core/wallet/wallet.h"

enum {
	WDB_META = 0,
	WDB_ADDRESSES,
	WDB_OUTPUTS,
	WDB_UNDO,
	WDB_RESERVED,
	WDB_COUNT_
};

static const char *const wdb_names[WDB_COUNT_] = {
	"meta", "addresses", "outputs", "undo", "reserved",
};

#define DB(x) ((enum zen_store_db)(x))

struct zen_wallet {
	struct zen_store *store;
	const struct zen_chain_params *params;
	uint64_t (*now)(void *ctx);	/* unix seconds; NULL: time() */
	void *now_ctx;
};

/* A spend: the wallet's write transaction and the coins of its view. */
struct zen_wallet_spend {
	struct zen_wallet *w;
	struct zen_store_txn *t;
	struct zen_outpoint *mine;	/* sorted: spendable by the wallet */
	size_t n_mine;
};

#define SECRET_MAGIC "ZENW"
#define SECRET_HEAD_LEN (4 + 1 + 1 + 8 + 8 + 16 + 24 + 4)
#define SUM_LEN 32
#define OUTREC_FIXED (32 + 1 + 4 + 4 + 4 + 1 + 32 + 4 + 4)
#define RESREC_LEN (32 + 1 + 8)
#define SYNC_BATCH 200

/* ---- small helpers ---------------------------------------------------- */

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static void put64(uint8_t *p, uint64_t v)
{
	put32(p, (uint32_t)(v >> 32));
	put32(p + 4, (uint32_t)v);
}

static uint64_t get64(const uint8_t *p)
{
	return (uint64_t)get32(p) << 32 | get32(p + 4);
}

static void outpoint_key(uint8_t key[36], const struct zen_outpoint *op)
{
	memcpy(key, op->tx_hash, 32);
	put32(key + 32, op->index);
}

static int damaged(struct zen_err *err, const char *what)
{
	return zen_fail(err, ZEN_ESTORE, "wallet store is damaged: %s", what);
}

static void checksum(uint8_t out[SUM_LEN], const uint8_t *p, size_t n)
{
	crypto_generichash(out, SUM_LEN, p, n, NULL, 0);
}

int zen_wallet_kdf_default(struct zen_kdf *kdf, struct zen_err *err)
{
	const char *v = getenv("ZEN_WALLET_KDF");

	if (!v || !*v || !strcmp(v, "moderate")) {
		kdf->opslimit = crypto_pwhash_OPSLIMIT_MODERATE;
		kdf->memlimit = crypto_pwhash_MEMLIMIT_MODERATE;
	} else if (!strcmp(v, "interactive")) {
		kdf->opslimit = crypto_pwhash_OPSLIMIT_INTERACTIVE;
		kdf->memlimit = crypto_pwhash_MEMLIMIT_INTERACTIVE;
	} else if (!strcmp(v, "sensitive")) {
		kdf->opslimit = crypto_pwhash_OPSLIMIT_SENSITIVE;
		kdf->memlimit = crypto_pwhash_MEMLIMIT_SENSITIVE;
	} else if (!strcmp(v, "fast")) {
		kdf->opslimit = 1;
		kdf->memlimit = 64 * 1024;
	} else {
		return zen_fail(err, ZEN_EINVAL, "invalid ZEN_WALLET_KDF '%.40s' "
				"(moderate, interactive, sensitive or fast)", v);
	}
	return 0;
}

/* ---- open / close ----------------------------------------------------- */

int zen_wallet_open(struct zen_wallet **out, const char *datadir,
		    const struct zen_chain_params *params, struct zen_err *err)
{
	struct zen_buf dir = ZEN_BUF_INIT;
	struct zen_wallet *w;
	int rc;

	*out = NULL;
	if (sodium_init() < 0)
		return zen_fail(err, ZEN_EINTERNAL, "cannot initialise libsodium");
	zen_buf_addf(&dir, "%s/wallet", datadir);
	w = zen_xcalloc(1, sizeof(*w));
	w->params = params;
	rc = zen_store_open_env(&w->store, zen_buf_str(&dir), wdb_names,
				WDB_COUNT_, ZEN_WALLET_SCHEMA, err);
	zen_buf_release(&dir);
	if (rc) {
		zen_err_prefix(err, "wallet");
		free(w);
		return rc;
	}
	*out = w;
	return 0;
}

void zen_wallet_close(struct zen_wallet *w)
{
	if (!w)
		return;
	zen_store_close(w->store);
	free(w);
}

/* ---- account record --------------------------------------------------- */

static int read_account(struct zen_store_txn *t, const struct zen_wallet *w,
			struct zen_wallet_account *acc, struct zen_err *err)
{
	struct zen_slice v;
	uint8_t sum[SUM_LEN];
	size_t tlen;
	int rc = zen_store_get(t, DB(WDB_META), "account", 7, &v, err);

	if (rc == ZEN_ENOTFOUND)
		return zen_fail(err, ZEN_EREFUSED, "no account");
	if (rc)
		return rc;
	memset(acc, 0, sizeof(*acc));
	if (v.len < 15 + SUM_LEN || v.p[0] != 1)
		return damaged(err, "bad account record");
	tlen = v.p[14];
	if (v.len != 15 + tlen + SUM_LEN || tlen >= sizeof(acc->xpub_text))
		return damaged(err, "bad account record");
	checksum(sum, v.p, v.len - SUM_LEN);
	if (sodium_memcmp(sum, v.p + v.len - SUM_LEN, SUM_LEN))
		return damaged(err, "account record checksum mismatch");
	if (get32(v.p + 2) != w->params->network_id)
		return zen_fail(err, ZEN_ESTORE, "wallet belongs to another chain");
	acc->watch_only = v.p[1] & 1;
	acc->payment_counter = get32(v.p + 6);
	acc->lookahead_end = get32(v.p + 10);
	memcpy(acc->xpub_text, v.p + 15, tlen);
	acc->xpub_text[tlen] = 0;
	if (zen_xpub_decode(&acc->xpub, w->params->chain, acc->xpub_text, NULL))
		return damaged(err, "bad account key");
	return 0;
}

static int write_account(struct zen_store_txn *t, const struct zen_wallet *w,
			 const struct zen_wallet_account *acc,
			 struct zen_err *err)
{
	uint8_t rec[15 + 128 + SUM_LEN];
	size_t tlen = strlen(acc->xpub_text);

	rec[0] = 1;
	rec[1] = acc->watch_only ? 1 : 0;
	put32(rec + 2, w->params->network_id);
	put32(rec + 6, acc->payment_counter);
	put32(rec + 10, acc->lookahead_end);
	rec[14] = (uint8_t)tlen;
	memcpy(rec + 15, acc->xpub_text, tlen);
	checksum(rec + 15 + tlen, rec, 15 + tlen);
	return zen_store_put(t, DB(WDB_META), "account", 7, rec,
			     15 + tlen + SUM_LEN, err);
}

int zen_wallet_exists(struct zen_wallet *w, int *exists, struct zen_err *err)
{
	struct zen_store_txn *t;
	int rc = zen_store_begin(w->store, NULL, 0, &t, err);

	if (rc)
		return rc;
	rc = zen_store_get(t, DB(WDB_META), "account", 7, NULL, err);
	zen_store_abort(t);
	*exists = rc == 0;
	return rc == ZEN_ENOTFOUND ? 0 : rc;
}

int zen_wallet_account(struct zen_wallet *w, struct zen_wallet_account *acc,
		       struct zen_err *err)
{
	struct zen_store_txn *t;
	int rc = zen_store_begin(w->store, NULL, 0, &t, err);

	if (rc)
		return rc;
	rc = read_account(t, w, acc, err);
	zen_store_abort(t);
	return rc;
}

/* ---- keys --------------------------------------------------------------- */

int zen_wallet_address_key(const struct zen_xpub *account,
			   enum zen_waddr_kind kind, uint32_t index,
			   uint8_t pub[ZEN_PUBKEY_LEN],
			   uint8_t pk_hash[ZEN_HASH_LEN], struct zen_err *err)
{
	struct zen_xpub chain, leaf;
	int rc;

	if (kind > ZEN_WADDR_PAYMENT)
		return zen_fail(err, ZEN_EINVAL, "watch-only address has no key");
	rc = zen_bip32_pub_derive(&chain, account, (uint32_t)kind, err);
	if (!rc)
		rc = zen_bip32_pub_derive(&leaf, &chain, index, err);
	if (rc)
		return rc;
	memcpy(pub, leaf.key, ZEN_PUBKEY_LEN);
	zen_pubkey_hash(pk_hash, pub);
	return 0;
}

int zen_wallet_address_seckey(const struct zen_xprv *account,
			      enum zen_waddr_kind kind, uint32_t index,
			      uint8_t sec[ZEN_SECKEY_LEN], struct zen_err *err)
{
	struct zen_xprv *k = sodium_init() < 0 ? NULL : sodium_malloc(2 * sizeof(*k));
	int rc;

	if (!k)
		return zen_fail(err, ZEN_EINTERNAL, "out of secure memory");
	if (kind > ZEN_WADDR_PAYMENT)
		rc = zen_fail(err, ZEN_EINVAL, "watch-only address has no key");
	else
		rc = zen_bip32_derive(&k[0], account, (uint32_t)kind, err);
	if (!rc)
		rc = zen_bip32_derive(&k[1], &k[0], index, err);
	if (!rc)
		memcpy(sec, k[1].key, ZEN_SECKEY_LEN);
	sodium_free(k);	/* wipes */
	return rc;
}

static int put_address(struct zen_store_txn *t, const uint8_t pkh[32],
		       enum zen_waddr_kind kind, uint32_t index,
		       struct zen_err *err)
{
	uint8_t rec[5];

	rec[0] = (uint8_t)kind;
	put32(rec + 1, index);
	return zen_store_put(t, DB(WDB_ADDRESSES), pkh, 32, rec, 5, err);
}

static int add_key_address(struct zen_store_txn *t,
			   const struct zen_xpub *account,
			   enum zen_waddr_kind kind, uint32_t index,
			   struct zen_err *err)
{
	uint8_t pub[ZEN_PUBKEY_LEN], pkh[ZEN_HASH_LEN];
	int rc = zen_wallet_address_key(account, kind, index, pub, pkh, err);

	return rc ? rc : put_address(t, pkh, kind, index, err);
}

/* Watch payment addresses up to counter + LOOKAHEAD. */
static int extend_lookahead(struct zen_store_txn *t,
			    struct zen_wallet_account *acc, struct zen_err *err)
{
	int rc = 0;

	while (!rc && acc->lookahead_end < acc->payment_counter + ZEN_WALLET_LOOKAHEAD)
		rc = add_key_address(t, &acc->xpub, ZEN_WADDR_PAYMENT,
				     acc->lookahead_end++, err);
	return rc;
}

/* ---- the encrypted secret ----------------------------------------------- */

static int derive_key(uint8_t key[32], const char *password,
		      const uint8_t salt[16], uint64_t ops, uint64_t mem,
		      struct zen_err *err)
{
	if (crypto_pwhash(key, 32, password, strlen(password), salt,
			  ops, (size_t)mem, crypto_pwhash_ALG_ARGON2ID13))
		return zen_fail(err, ZEN_EINTERNAL,
				"cannot derive the key (out of memory)");
	return 0;
}

static int seal_secret(struct zen_buf *out, const char *sentence,
		       const char *password, const struct zen_kdf *kdf,
		       struct zen_err *err)
{
	size_t plen = strlen(sentence);
	size_t ctlen = plen + crypto_aead_xchacha20poly1305_ietf_ABYTES;
	uint8_t head[SECRET_HEAD_LEN], *ct, sum[SUM_LEN];
	uint8_t *key = sodium_init() < 0 ? NULL : sodium_malloc(32);
	int rc;

	if (!key)
		return zen_fail(err, ZEN_EINTERNAL, "out of secure memory");
	memcpy(head, SECRET_MAGIC, 4);
	head[4] = 1;
	head[5] = 1;
	put64(head + 6, kdf->opslimit);
	put64(head + 14, kdf->memlimit);
	randombytes_buf(head + 22, 16);
	randombytes_buf(head + 38, 24);
	put32(head + 62, (uint32_t)ctlen);
	rc = derive_key(key, password, head + 22, kdf->opslimit, kdf->memlimit,
			err);
	if (rc) {
		sodium_free(key);
		return rc;
	}
	ct = zen_xmalloc(ctlen);
	crypto_aead_xchacha20poly1305_ietf_encrypt(ct, NULL,
		(const uint8_t *)sentence, plen, head, sizeof(head), NULL,
		head + 38, key);
	sodium_free(key);
	zen_buf_add(out, head, sizeof(head));
	zen_buf_add(out, ct, ctlen);
	checksum(sum, out->data, out->len);
	zen_buf_add(out, sum, SUM_LEN);
	free(ct);
	return 0;
}

/* Decrypt into s->sentence.  ZEN_ESTORE for a damaged record. */
static int open_secret(struct zen_wallet_secret *s, const uint8_t *p,
		       size_t n, const char *password, struct zen_err *err)
{
	uint8_t sum[SUM_LEN], *key;
	uint64_t ops, mem;
	size_t ctlen;
	unsigned long long plen = 0;
	int rc = 0;

	if (n < SECRET_HEAD_LEN + SUM_LEN || memcmp(p, SECRET_MAGIC, 4))
		return damaged(err, "bad secret record");
	checksum(sum, p, n - SUM_LEN);
	if (sodium_memcmp(sum, p + n - SUM_LEN, SUM_LEN))
		return damaged(err, "secret record checksum mismatch");
	if (p[4] != 1 || p[5] != 1)
		return damaged(err, "unknown secret format");
	ops = get64(p + 6);
	mem = get64(p + 14);
	ctlen = get32(p + 62);
	if (ctlen != n - SECRET_HEAD_LEN - SUM_LEN ||
	    ctlen < crypto_aead_xchacha20poly1305_ietf_ABYTES ||
	    ctlen - crypto_aead_xchacha20poly1305_ietf_ABYTES > ZEN_WALLET_SENTENCE_MAX)
		return damaged(err, "bad secret length");
	if (ops < crypto_pwhash_OPSLIMIT_MIN || ops > 64 ||
	    mem < crypto_pwhash_MEMLIMIT_MIN || mem > (4ULL << 30))
		return damaged(err, "bad key derivation parameters");
	key = sodium_malloc(32);
	if (!key)
		return zen_fail(err, ZEN_EINTERNAL, "out of secure memory");
	rc = derive_key(key, password, p + 22, ops, mem, err);
	if (!rc && crypto_aead_xchacha20poly1305_ietf_decrypt(
		    (uint8_t *)s->sentence, &plen, NULL, p + SECRET_HEAD_LEN,
		    ctlen, p, SECRET_HEAD_LEN, p + 38, key))
		rc = zen_fail(err, ZEN_EPASSWORD, "Bad password");
	sodium_free(key);
	s->sentence[rc ? 0 : plen] = 0;
	return rc;
}

static int master_of(struct zen_wallet_secret *s, struct zen_err *err)
{
	uint8_t *seed = sodium_malloc(ZEN_BIP39_SEED_LEN);
	int rc;

	if (!seed)
		return zen_fail(err, ZEN_EINTERNAL, "out of secure memory");
	rc = zen_bip39_seed(seed, s->sentence, "", err);
	if (!rc)
		rc = zen_bip32_master(&s->master, seed, ZEN_BIP39_SEED_LEN, err);
	if (!rc)
		rc = zen_bip32_derive_text(&s->account, &s->master,
					   ZEN_WALLET_ACCOUNT_PATH, err);
	sodium_free(seed);
	return rc;
}

static struct zen_wallet_secret *secret_new(struct zen_err *err)
{
	struct zen_wallet_secret *s = sodium_init() < 0 ? NULL : sodium_malloc(sizeof(*s));

	if (!s)
		zen_fail(err, ZEN_EINTERNAL, "out of secure memory");
	else
		sodium_memzero(s, sizeof(*s));
	return s;
}

struct zen_wallet_secret *zen_wallet_secret_dup(const struct zen_wallet_secret *s,
					       struct zen_err *err)
{
	struct zen_wallet_secret *d = secret_new(err);

	if (d)
		memcpy(d, s, sizeof(*d));
	return d;
}

void zen_wallet_secret_free(struct zen_wallet_secret *s)
{
	if (s)
		sodium_free(s);	/* wipes before freeing */
}

static int xpub_text_of(char out[128], enum zen_chain chain,
			const struct zen_xprv *account, struct zen_xpub *pub,
			struct zen_err *err)
{
	struct zen_buf b = ZEN_BUF_INIT;
	int rc = zen_bip32_neuter(pub, account, err);

	if (rc)
		return rc;
	zen_xpub_encode(&b, chain, pub);
	snprintf(out, 128, "%s", zen_buf_str(&b));
	zen_buf_release(&b);
	return 0;
}

/* Unlock inside t: read the account and the secret, decrypt, check that
 * the mnemonic gives the stored account key. */
static int unlock_in(struct zen_store_txn *t, struct zen_wallet *w,
		     const char *password, struct zen_wallet_secret **out,
		     struct zen_err *err)
{
	struct zen_wallet_account acc;
	struct zen_wallet_secret *s;
	struct zen_xpub pub;
	struct zen_slice v;
	char text[128];
	int rc;

	*out = NULL;
	if ((rc = read_account(t, w, &acc, err)))
		return rc;
	if (acc.watch_only)
		return zen_fail(err, ZEN_EREFUSED, "watch-only wallet: no secret");
	if (!*password)
		return zen_fail(err, ZEN_EINVAL, "Password is empty");
	rc = zen_store_get(t, DB(WDB_META), "secret", 6, &v, err);
	if (rc == ZEN_ENOTFOUND)
		return damaged(err, "the secret is missing");
	if (rc)
		return rc;
	if (!(s = secret_new(err)))
		return ZEN_EINTERNAL;
	rc = open_secret(s, v.p, v.len, password, err);
	if (!rc && (zen_bip39_check(NULL, NULL, s->sentence, NULL) ||
		    master_of(s, NULL) ||
		    xpub_text_of(text, w->params->chain, &s->account, &pub, NULL) ||
		    strcmp(text, acc.xpub_text)))
		rc = damaged(err, "the secret does not match the account key");
	if (rc) {
		zen_wallet_secret_free(s);
		return rc;
	}
	*out = s;
	return 0;
}

int zen_wallet_unlock(struct zen_wallet *w, const char *password,
		      struct zen_wallet_secret **out, struct zen_err *err)
{
	struct zen_store_txn *t;
	int rc = zen_store_begin(w->store, NULL, 0, &t, err);

	*out = NULL;
	if (rc)
		return rc;
	rc = unlock_in(t, w, password, out, err);
	zen_store_abort(t);
	return rc;
}

static int new_account(struct zen_wallet *w, struct zen_wallet_account *acc,
		       const struct zen_buf *secret, struct zen_err *err)
{
	struct zen_store_txn *t;
	uint8_t tip[36] = { 0 };
	int rc = zen_store_begin(w->store, NULL, 1, &t, err);

	if (rc)
		return rc;
	rc = zen_store_get(t, DB(WDB_META), "account", 7, NULL, err);
	if (!rc)
		rc = zen_fail(err, ZEN_EREFUSED, "account already exist");
	else if (rc == ZEN_ENOTFOUND)
		rc = 0;
	if (!rc)
		rc = zen_store_clear(t, DB(WDB_ADDRESSES), err) ?:
		     zen_store_clear(t, DB(WDB_OUTPUTS), err) ?:
		     zen_store_clear(t, DB(WDB_UNDO), err) ?:
		     zen_store_clear(t, DB(WDB_RESERVED), err);
	if (!rc)
		rc = add_key_address(t, &acc->xpub, ZEN_WADDR_EXTERNAL, 0, err) ?:
		     add_key_address(t, &acc->xpub, ZEN_WADDR_CHANGE, 0, err) ?:
		     extend_lookahead(t, acc, err);
	if (!rc && secret)
		rc = zen_store_put(t, DB(WDB_META), "secret", 6, secret->data,
				   secret->len, err);
	if (!rc)
		rc = write_account(t, w, acc, err) ?:
		     zen_store_put(t, DB(WDB_META), "tip", 3, tip, 36, err);
	if (rc) {
		zen_store_abort(t);
		return rc;
	}
	return zen_store_commit(t, err);
}

int zen_wallet_import(struct zen_wallet *w, const char *sentence,
		      const char *password, const struct zen_kdf *kdf,
		      struct zen_err *err)
{
	struct zen_wallet_account acc;
	struct zen_wallet_secret *s;
	struct zen_buf secret = ZEN_BUF_INIT;
	int exists, rc;

	if (!*password)
		return zen_fail(err, ZEN_EINVAL, "Password is empty");
	if (strlen(sentence) > ZEN_WALLET_SENTENCE_MAX)
		return zen_fail(err, ZEN_EINVAL, "mnemonic too long");
	if ((rc = zen_wallet_exists(w, &exists, err)))
		return rc;
	if (exists)
		return zen_fail(err, ZEN_EREFUSED, "account already exist");
	if (!(s = secret_new(err)))
		return ZEN_EINTERNAL;
	memset(&acc, 0, sizeof(acc));
	snprintf(s->sentence, sizeof(s->sentence), "%s", sentence);
	rc = master_of(s, err);
	if (!rc)
		rc = xpub_text_of(acc.xpub_text, w->params->chain, &s->account,
				  &acc.xpub, err);
	zen_wallet_secret_free(s);
	if (!rc)
		rc = seal_secret(&secret, sentence, password, kdf, err);
	if (!rc)
		rc = new_account(w, &acc, &secret, err);
	sodium_memzero(secret.data, secret.len);
	zen_buf_release(&secret);
	return rc;
}

int zen_wallet_import_xpub(struct zen_wallet *w, const char *xpub,
			   struct zen_err *err)
{
	struct zen_wallet_account acc;
	int rc;

	memset(&acc, 0, sizeof(acc));
	acc.watch_only = 1;
	if (strlen(xpub) >= sizeof(acc.xpub_text))
		return zen_fail(err, ZEN_EINVAL, "invalid public key");
	if ((rc = zen_xpub_decode(&acc.xpub, w->params->chain, xpub, err)))
		return rc;
	snprintf(acc.xpub_text, sizeof(acc.xpub_text), "%s", xpub);
	return new_account(w, &acc, NULL, err);
}

int zen_wallet_change_password(struct zen_wallet *w, const char *old_pw,
			       const char *new_pw, const struct zen_kdf *kdf,
			       struct zen_err *err)
{
	struct zen_wallet_secret *s = NULL;
	struct zen_buf secret = ZEN_BUF_INIT;
	struct zen_store_txn *t;
	int rc;

	if (!*old_pw || !*new_pw)
		return zen_fail(err, ZEN_EINVAL, "Password are empty");
	if ((rc = zen_store_begin(w->store, NULL, 1, &t, err)))
		return rc;
	rc = unlock_in(t, w, old_pw, &s, err);
	if (!rc)
		rc = seal_secret(&secret, s->sentence, new_pw, kdf, err);
	zen_wallet_secret_free(s);
	if (!rc)
		rc = zen_store_put(t, DB(WDB_META), "secret", 6, secret.data,
				   secret.len, err);
	sodium_memzero(secret.data, secret.len);
	zen_buf_release(&secret);
	if (rc) {
		zen_store_abort(t);
		return rc;
	}
	return zen_store_commit(t, err);
}

int zen_wallet_remove(struct zen_wallet *w, const char *password,
		      struct zen_err *err)
{
	struct zen_wallet_account acc;
	struct zen_wallet_secret *s = NULL;
	struct zen_store_txn *t;
	int rc;

	if ((rc = zen_store_begin(w->store, NULL, 1, &t, err)))
		return rc;
	rc = read_account(t, w, &acc, err);
	if (!rc && !acc.watch_only)
		rc = unlock_in(t, w, password, &s, err);
	zen_wallet_secret_free(s);
	if (!rc)
		rc = zen_store_del(t, DB(WDB_META), "account", 7, err);
	if (!rc) {
		rc = zen_store_del(t, DB(WDB_META), "secret", 6, err);
		if (rc == ZEN_ENOTFOUND)
			rc = 0;
	}
	if (!rc) {
		rc = zen_store_del(t, DB(WDB_META), "tip", 3, err);
		if (rc == ZEN_ENOTFOUND)
			rc = 0;
	}
	if (!rc)
		rc = zen_store_clear(t, DB(WDB_ADDRESSES), err) ?:
		     zen_store_clear(t, DB(WDB_OUTPUTS), err) ?:
		     zen_store_clear(t, DB(WDB_UNDO), err) ?:
		     zen_store_clear(t, DB(WDB_RESERVED), err);
	if (rc) {
		zen_store_abort(t);
		return rc;
	}
	return zen_store_commit(t, err);
}

int zen_wallet_new_address(struct zen_wallet *w, uint32_t *index,
			   uint8_t pk_hash[ZEN_HASH_LEN], struct zen_err *err)
{
	struct zen_wallet_account acc;
	struct zen_store_txn *t;
	uint8_t pub[ZEN_PUBKEY_LEN];
	int rc;

	if ((rc = zen_store_begin(w->store, NULL, 1, &t, err)))
		return rc;
	rc = read_account(t, w, &acc, err);
	if (!rc) {
		*index = acc.payment_counter++;
		rc = zen_wallet_address_key(&acc.xpub, ZEN_WADDR_PAYMENT, *index,
					    pub, pk_hash, err);
	}
	if (!rc)
		rc = extend_lookahead(t, &acc, err) ?: write_account(t, w, &acc, err);
	if (rc) {
		zen_store_abort(t);
		return rc;
	}
	return zen_store_commit(t, err);
}

int zen_wallet_restore_new_addresses(struct zen_wallet *w, uint32_t max,
				     struct zen_err *err)
{
	struct zen_wallet_account acc;
	struct zen_store_txn *t;
	int rc;

	if ((rc = zen_store_begin(w->store, NULL, 1, &t, err)))
		return rc;
	rc = read_account(t, w, &acc, err);
	if (!rc && max > ZEN_WALLET_MAX_RESTORE)
		rc = zen_fail(err, ZEN_EINVAL, "max is too large (at most %u)",
			      ZEN_WALLET_MAX_RESTORE);
	else if (!rc && acc.payment_counter <= max)
		acc.payment_counter = max + 1;
	if (!rc)
		rc = extend_lookahead(t, &acc, err) ?: write_account(t, w, &acc, err);
	if (rc) {
		zen_store_abort(t);
		return rc;
	}
	return zen_store_commit(t, err) ?: zen_wallet_reset(w, err);
}

int zen_wallet_add_watch(struct zen_wallet *w,
			 const uint8_t pk_hash[ZEN_HASH_LEN],
			 struct zen_err *err)
{
	struct zen_wallet_account acc;
	struct zen_store_txn *t;
	int rc;

	if ((rc = zen_store_begin(w->store, NULL, 1, &t, err)))
		return rc;
	rc = read_account(t, w, &acc, err);
	if (!rc) {
		rc = zen_store_get(t, DB(WDB_ADDRESSES), pk_hash, 32, NULL, err);
		if (!rc)
			rc = zen_fail(err, ZEN_EREFUSED, "address already exist");
		else if (rc == ZEN_ENOTFOUND)
			rc = put_address(t, pk_hash, ZEN_WADDR_WATCH, 0, err);
	}
	if (rc) {
		zen_store_abort(t);
		return rc;
	}
	return zen_store_commit(t, err);
}

static int reset_in(struct zen_store_txn *t, struct zen_err *err)
{
	uint8_t tip[36] = { 0 };

	return zen_store_clear(t, DB(WDB_OUTPUTS), err) ?:
	       zen_store_clear(t, DB(WDB_UNDO), err) ?:
	       zen_store_put(t, DB(WDB_META), "tip", 3, tip, 36, err);
}

int zen_wallet_reset(struct zen_wallet *w, struct zen_err *err)
{
	struct zen_wallet_account acc;
	struct zen_store_txn *t;
	int rc;

	if ((rc = zen_store_begin(w->store, NULL, 1, &t, err)))
		return rc;
	rc = read_account(t, w, &acc, err) ?: reset_in(t, err);
	if (rc) {
		zen_store_abort(t);
		return rc;
	}
	return zen_store_commit(t, err);
}

/* ---- tracking ------------------------------------------------------------ */

static int read_tip(struct zen_store_txn *t, uint8_t hash[32],
		    uint32_t *number, struct zen_err *err)
{
	struct zen_slice v;
	int rc = zen_store_get(t, DB(WDB_META), "tip", 3, &v, err);

	if (rc == ZEN_ENOTFOUND)
		return damaged(err, "the tip is missing");
	if (rc)
		return rc;
	if (v.len != 36)
		return damaged(err, "bad tip record");
	memcpy(hash, v.p, 32);
	*number = get32(v.p + 32);
	return 0;
}

static int write_tip(struct zen_store_txn *t, const uint8_t hash[32],
		     uint32_t number, struct zen_err *err)
{
	uint8_t rec[36];

	memcpy(rec, hash, 32);
	put32(rec + 32, number);
	return zen_store_put(t, DB(WDB_META), "tip", 3, rec, 36, err);
}

/* The address record of pkh inside t.  ZEN_ENOTFOUND when not ours. */
static int lookup_address(struct zen_store_txn *t, const uint8_t pkh[32],
			  enum zen_waddr_kind *kind, uint32_t *index,
			  struct zen_err *err)
{
	struct zen_slice v;
	int rc = zen_store_get(t, DB(WDB_ADDRESSES), pkh, 32, &v, err);

	if (rc)
		return rc;
	if (v.len != 5 || v.p[0] > ZEN_WADDR_WATCH)
		return damaged(err, "bad address record");
	*kind = (enum zen_waddr_kind)v.p[0];
	*index = get32(v.p + 1);
	return 0;
}

/* The pkHash of a PK or Coinbase lock, or NULL. */
static const uint8_t *lock_pkh(const struct zen_lock *lock)
{
	if (lock->id == ZEN_LOCK_PK || lock->id == ZEN_LOCK_COINBASE)
		return lock->pk_hash;
	return NULL;
}

struct undo_rec {
	struct zen_buf created, spent;
	uint32_t n_created, n_spent;
};

static int apply_tx(struct zen_store_txn *t, struct zen_wallet_account *acc,
		    int *acc_dirty, const struct zen_tx *tx, uint32_t number,
		    uint32_t pos, struct undo_rec *u, struct zen_err *err)
{
	struct zen_buf rec = ZEN_BUF_INIT;
	int rc = 0;

	for (size_t i = 0; !rc && i < tx->n_inputs; i++) {
		const struct zen_input *in = &tx->inputs[i];
		struct zen_slice v;
		uint8_t key[36], *copy;

		if (in->kind != ZEN_INPUT_OUTPOINT)
			continue;
		outpoint_key(key, &in->outpoint);
		rc = zen_store_get(t, DB(WDB_OUTPUTS), key, 36, &v, err);
		if (rc == ZEN_ENOTFOUND) {
			rc = 0;
			continue;
		}
		if (rc)
			break;
		if (v.len < OUTREC_FIXED) {
			rc = damaged(err, "bad output record");
			break;
		}
		copy = zen_xmemdup(v.p, v.len);
		copy[45] = 1;
		memcpy(copy + 46, tx->tx_hash, 32);
		put32(copy + 78, number);
		put32(copy + 82, pos);
		rc = zen_store_put(t, DB(WDB_OUTPUTS), key, 36, copy, v.len, err);
		free(copy);
		/* Spent on the main chain: whatever reserved it is done. */
		if (!rc && (rc = zen_store_del(t, DB(WDB_RESERVED), key, 36,
					       err)) == ZEN_ENOTFOUND)
			rc = 0;
		zen_buf_add(&u->spent, key, 36);
		u->n_spent++;
	}
	for (size_t j = 0; !rc && j < tx->n_outputs; j++) {
		const struct zen_output *o = &tx->outputs[j];
		const uint8_t *pkh = lock_pkh(&o->lock);
		enum zen_waddr_kind kind = ZEN_WADDR_WATCH;
		uint32_t index = 0;
		uint8_t key[36], fixed[OUTREC_FIXED];
		struct zen_outpoint op;

		if (!pkh)
			continue;
		rc = lookup_address(t, pkh, &kind, &index, err);
		if (rc == ZEN_ENOTFOUND) {
			rc = 0;
			continue;
		}
		if (rc)
			break;
		memcpy(op.tx_hash, tx->tx_hash, 32);
		op.index = (uint32_t)j;
		outpoint_key(key, &op);
		memset(fixed, 0, sizeof(fixed));
		memcpy(fixed, pkh, 32);
		fixed[32] = (uint8_t)kind;
		put32(fixed + 33, index);
		put32(fixed + 37, number);
		put32(fixed + 41, pos);
		zen_buf_reset(&rec);
		zen_buf_add(&rec, fixed, sizeof(fixed));
		zen_output_write(&rec, o);
		rc = zen_store_put(t, DB(WDB_OUTPUTS), key, 36, rec.data, rec.len,
				   err);
		zen_buf_add(&u->created, key, 36);
		u->n_created++;
		if (!rc && kind == ZEN_WADDR_PAYMENT &&
		    index >= acc->payment_counter) {
			acc->payment_counter = index + 1;
			*acc_dirty = 1;
			rc = extend_lookahead(t, acc, err);
		}
	}
	zen_buf_release(&rec);
	return rc;
}

static int apply_block(struct zen_store_txn *t, struct zen_wallet_account *acc,
		       int *acc_dirty, const struct zen_block *b,
		       const uint8_t hash[32], struct zen_err *err)
{
	struct undo_rec u = { ZEN_BUF_INIT, ZEN_BUF_INIT, 0, 0 };
	struct zen_buf rec = ZEN_BUF_INIT;
	uint32_t number = b->header.block_number;
	uint8_t key[4], n4[4];
	int rc = 0;

	for (size_t i = 0; !rc && i < b->n_txs; i++)
		rc = apply_tx(t, acc, acc_dirty, &b->txs[i], number, (uint32_t)i,
			      &u, err);
	if (!rc) {
		zen_buf_add(&rec, hash, 32);
		put32(n4, u.n_created);
		zen_buf_add(&rec, n4, 4);
		zen_buf_add(&rec, u.created.data, u.created.len);
		put32(n4, u.n_spent);
		zen_buf_add(&rec, n4, 4);
		zen_buf_add(&rec, u.spent.data, u.spent.len);
		put32(key, number);
		rc = zen_store_put(t, DB(WDB_UNDO), key, 4, rec.data, rec.len, err);
	}
	if (!rc && number > ZEN_WALLET_UNDO_KEEP) {
		put32(key, number - ZEN_WALLET_UNDO_KEEP);
		rc = zen_store_del(t, DB(WDB_UNDO), key, 4, err);
		if (rc == ZEN_ENOTFOUND)
			rc = 0;
	}
	if (!rc)
		rc = write_tip(t, hash, number, err);
	zen_buf_release(&rec);
	zen_buf_release(&u.created);
	zen_buf_release(&u.spent);
	return rc;
}

/* Undo block number (the wallet's tip).  *gone: no undo record (too old):
 * the caller rescans. */
static int undo_block(struct zen_store_txn *t, uint32_t number, int *gone,
		      struct zen_err *err)
{
	struct zen_slice v;
	uint8_t key[4], *rec, prev[32] = { 0 };
	size_t len, off;
	uint32_t nc, ns = 0;
	int rc;

	*gone = 0;
	put32(key, number);
	rc = zen_store_get(t, DB(WDB_UNDO), key, 4, &v, err);
	if (rc == ZEN_ENOTFOUND) {
		*gone = 1;
		return 0;
	}
	if (rc)
		return rc;
	rec = zen_xmemdup(v.p, v.len);
	len = v.len;
	rc = len < 40 ? damaged(err, "bad undo record") : 0;
	nc = rc ? 0 : get32(rec + 32);
	off = 36 + (size_t)nc * 36;
	if (!rc && (off + 4 > len ||
		    (ns = get32(rec + off), off + 4 + (size_t)ns * 36 != len)))
		rc = damaged(err, "bad undo record");
	for (uint32_t i = 0; !rc && i < ns; i++) {
		const uint8_t *k = rec + off + 4 + (size_t)i * 36;
		uint8_t *copy;

		rc = zen_store_get(t, DB(WDB_OUTPUTS), k, 36, &v, err);
		if (rc == ZEN_ENOTFOUND) {
			rc = 0;
			continue;
		}
		if (rc)
			break;
		if (v.len < OUTREC_FIXED) {
			rc = damaged(err, "bad output record");
			break;
		}
		copy = zen_xmemdup(v.p, v.len);
		memset(copy + 45, 0, 1 + 32 + 4 + 4);
		rc = zen_store_put(t, DB(WDB_OUTPUTS), k, 36, copy, v.len, err);
		free(copy);
	}
	for (uint32_t i = 0; !rc && i < nc; i++) {
		rc = zen_store_del(t, DB(WDB_OUTPUTS), rec + 36 + (size_t)i * 36,
				   36, err);
		if (rc == ZEN_ENOTFOUND)
			rc = 0;
	}
	if (!rc)
		rc = zen_store_del(t, DB(WDB_UNDO), key, 4, err);
	if (!rc && number > 1) {
		put32(key, number - 1);
		rc = zen_store_get(t, DB(WDB_UNDO), key, 4, &v, err);
		if (rc == ZEN_ENOTFOUND) {
			*gone = 1;
			rc = 0;
		} else if (!rc && v.len >= 32) {
			memcpy(prev, v.p, 32);
		} else if (!rc) {
			rc = damaged(err, "bad undo record");
		}
	}
	if (!rc && !*gone)
		rc = write_tip(t, prev, number - 1, err);
	free(rec);
	return rc;
}

/* Does the wallet's tip need work against the chain's main chain? */
static int tip_current(struct zen_chain_read *r, const uint8_t hash[32],
		       uint32_t number, uint32_t chain_tip)
{
	struct zen_block_info info;

	if (number != chain_tip)
		return 0;
	if (number == 0)
		return 1;
	if (zen_chain_read_main(r, &info, number, NULL))
		return 0;
	return !memcmp(info.hash, hash, 32);
}

static int chain_tip_number(struct zen_chain_read *r, uint32_t *n,
			    struct zen_err *err)
{
	struct zen_block_info tip;
	int rc = zen_chain_read_tip(r, &tip, err);

	if (rc == ZEN_ENOTFOUND) {
		*n = 0;
		return 0;
	}
	if (!rc)
		*n = tip.header.block_number;
	return rc;
}

/* Sync work inside the write transaction t: back to the fork point, then
 * forward along the main chain of r, at most max_steps blocks (0: no
 * limit).  *done when the wallet reached the chain's tip. */
static int sync_in(struct zen_store_txn *t, struct zen_wallet *w,
		   struct zen_chain_read *r, uint32_t chain_tip,
		   unsigned max_steps, int *done, uint32_t *reached,
		   struct zen_err *err)
{
	struct zen_wallet_account acc;
	struct zen_buf raw = ZEN_BUF_INIT;
	uint8_t hash[32];
	uint32_t number;
	unsigned steps = 0;
	int rc, acc_dirty = 0;

	*done = 0;
	if (!max_steps)
		max_steps = ~0u;
	rc = read_account(t, w, &acc, err) ?: read_tip(t, hash, &number, err);
	/* Back to the fork point. */
	while (!rc && number > 0 && steps < max_steps) {
		struct zen_block_info info;
		int gone;

		if (number <= chain_tip &&
		    !zen_chain_read_main(r, &info, number, NULL) &&
		    !memcmp(info.hash, hash, 32))
			break;
		rc = undo_block(t, number, &gone, err);
		steps++;
		if (!rc && gone) {
			rc = reset_in(t, err);
			memset(hash, 0, 32);
			number = 0;
			break;
		}
		if (!rc)
			rc = read_tip(t, hash, &number, err);
	}
	/* Forward along the main chain. */
	while (!rc && number < chain_tip && steps < max_steps) {
		struct zen_block_info info;
		struct zen_block b;
		size_t used;

		rc = zen_chain_read_main(r, &info, number + 1, err);
		zen_buf_reset(&raw);
		if (!rc)
			rc = zen_chain_read_block(r, &raw, NULL, info.hash, err);
		if (rc)
			break;
		zen_block_init(&b);
		rc = zen_block_decode(&b, raw.data, raw.len, &used, err);
		if (!rc)
			rc = apply_block(t, &acc, &acc_dirty, &b, info.hash, err);
		zen_block_release(&b);
		if (!rc) {
			memcpy(hash, info.hash, 32);
			number++;
		}
		steps++;
	}
	zen_buf_release(&raw);
	if (!rc && acc_dirty)
		rc = write_account(t, w, &acc, err);
	if (!rc)
		*done = tip_current(r, hash, number, chain_tip);
	if (!rc && reached)
		*reached = number;
	return rc;
}

/* One batch of sync work in one write transaction of its own, so that a
 * long catch-up does not hold the writer lock. */
static int sync_batch(struct zen_wallet *w, struct zen_chain_read *r,
		      uint32_t chain_tip, int *done, uint32_t *reached,
		      struct zen_err *err)
{
	struct zen_store_txn *t;
	int rc;

	*done = 0;
	if ((rc = zen_store_begin(w->store, NULL, 1, &t, err)))
		return rc;
	rc = sync_in(t, w, r, chain_tip, SYNC_BATCH, done, reached, err);
	if (rc) {
		zen_store_abort(t);
		*done = 0;
		return rc;
	}
	return zen_store_commit(t, err);
}

int zen_wallet_sync(struct zen_wallet *w, struct zen_chain_read *r,
		    struct zen_err *err)
{
	return zen_wallet_sync_work(w, r, NULL, err);
}

int zen_wallet_sync_work(struct zen_wallet *w, struct zen_chain_read *r,
			 const struct zen_work *work, struct zen_err *err)
{
	struct zen_wallet_account acc;
	struct zen_store_txn *t;
	uint8_t hash[32];
	uint32_t number, chain_tip;
	int rc, done = 0;

	if ((rc = chain_tip_number(r, &chain_tip, err)))
		return rc;
	/* Cheap check first, without the writer lock. */
	if ((rc = zen_store_begin(w->store, NULL, 0, &t, err)))
		return rc;
	rc = read_account(t, w, &acc, err) ?: read_tip(t, hash, &number, err);
	zen_store_abort(t);
	if (rc)
		return rc;
	if (tip_current(r, hash, number, chain_tip))
		return 0;
	while (!rc && !done) {
		if (zen_work_cancelled(work))
			return zen_fail(err, ZEN_EREFUSED, "rescan cancelled");
		rc = sync_batch(w, r, chain_tip, &done, &number, err);
		if (!rc)
			zen_work_progress(work, number, chain_tip);
	}
	return rc;
}

/* ---- the view --------------------------------------------------------- */

void zen_wallet_view_release(struct zen_wallet_view *v)
{
	for (size_t i = 0; i < v->n_outs; i++)
		zen_output_release(&v->outs[i].output);
	free(v->outs);
	free(v->addrs);
	memset(v, 0, sizeof(*v));
}

static int addr_cmp(const void *a, const void *b)
{
	return memcmp(((const struct zen_waddr *)a)->pk_hash,
		      ((const struct zen_waddr *)b)->pk_hash, 32);
}

const struct zen_waddr *zen_wallet_view_addr(const struct zen_wallet_view *v,
					     const uint8_t pk_hash[ZEN_HASH_LEN])
{
	struct zen_waddr key;

	memcpy(key.pk_hash, pk_hash, 32);
	return v->n_addrs ? bsearch(&key, v->addrs, v->n_addrs, sizeof(key),
				    addr_cmp) : NULL;
}

static struct zen_wview_output *find_out(struct zen_wallet_view *v,
					 size_t n_confirmed,
					 const struct zen_outpoint *op)
{
	size_t lo = 0, hi = n_confirmed;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = zen_outpoint_cmp(&v->outs[mid].outpoint, op);

		if (!c)
			return &v->outs[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = n_confirmed; i < v->n_outs; i++)
		if (!zen_outpoint_cmp(&v->outs[i].outpoint, op))
			return &v->outs[i];
	return NULL;
}

static struct zen_wview_output *push_out(struct zen_wallet_view *v, size_t *cap)
{
	ZEN_GROW(v->outs, v->n_outs + 1, *cap);
	memset(&v->outs[v->n_outs], 0, sizeof(v->outs[0]));
	zen_output_init(&v->outs[v->n_outs].output);
	return &v->outs[v->n_outs++];
}

static int load_outputs(struct zen_store_txn *t, struct zen_wallet_view *v,
			size_t *cap, struct zen_err *err)
{
	struct zen_store_cursor *c;
	struct zen_slice k, val;
	int rc = zen_store_cursor_open(t, DB(WDB_OUTPUTS), &c, err);
	enum zen_store_seek how = ZEN_SEEK_FIRST;

	while (!rc && !(rc = zen_store_cursor_seek(c, how, NULL, 0, &k, &val, err))) {
		struct zen_wview_output *o;
		struct zen_reader rd;

		how = ZEN_SEEK_NEXT;
		if (k.len != 36 || val.len < OUTREC_FIXED) {
			rc = damaged(err, "bad output record");
			break;
		}
		o = push_out(v, cap);
		memcpy(o->outpoint.tx_hash, k.p, 32);
		o->outpoint.index = get32(k.p + 32);
		memcpy(o->pk_hash, val.p, 32);
		o->kind = (enum zen_waddr_kind)val.p[32];
		o->addr_index = get32(val.p + 33);
		o->confirmed = 1;
		o->block_number = get32(val.p + 37);
		o->tx_index = get32(val.p + 41);
		o->spent = val.p[45] != 0;
		o->spent_confirmed = o->spent;
		memcpy(o->spent_tx, val.p + 46, 32);
		o->spent_block = get32(val.p + 78);
		o->spent_index = get32(val.p + 82);
		zen_reader_init(&rd, val.p + OUTREC_FIXED, val.len - OUTREC_FIXED);
		if (zen_output_read(&rd, &o->output, NULL) ||
		    zen_reader_left(&rd) || !lock_pkh(&o->output.lock) ||
		    o->kind > ZEN_WADDR_WATCH) {
			rc = damaged(err, "bad output record");
			break;
		}
	}
	if (rc == ZEN_ENOTFOUND)
		rc = 0;
	zen_store_cursor_close(c);
	return rc;
}

static int load_addresses(struct zen_store_txn *t, struct zen_wallet_view *v,
			  struct zen_err *err)
{
	struct zen_store_cursor *c;
	struct zen_slice k, val;
	size_t cap = 0;
	int rc = zen_store_cursor_open(t, DB(WDB_ADDRESSES), &c, err);
	enum zen_store_seek how = ZEN_SEEK_FIRST;

	while (!rc && !(rc = zen_store_cursor_seek(c, how, NULL, 0, &k, &val, err))) {
		how = ZEN_SEEK_NEXT;
		if (k.len != 32 || val.len != 5 || val.p[0] > ZEN_WADDR_WATCH) {
			rc = damaged(err, "bad address record");
			break;
		}
		ZEN_GROW(v->addrs, v->n_addrs + 1, cap);
		memcpy(v->addrs[v->n_addrs].pk_hash, k.p, 32);
		v->addrs[v->n_addrs].kind = (enum zen_waddr_kind)val.p[0];
		v->addrs[v->n_addrs].index = get32(val.p + 1);
		v->n_addrs++;
	}
	if (rc == ZEN_ENOTFOUND)
		rc = 0;
	zen_store_cursor_close(c);
	return rc;
}

struct overlay {
	struct zen_wallet_view *v;
	size_t n_confirmed;
	size_t *cap;
	uint32_t pos;
};

static int overlay_tx(void *ctx, const uint8_t hash[ZEN_HASH_LEN],
		      const uint8_t *raw, size_t len)
{
	struct overlay *ov = ctx;
	struct zen_tx tx;

	(void)hash;
	zen_tx_init(&tx);
	if (zen_tx_decode(&tx, raw, len, NULL)) {
		zen_tx_release(&tx);
		return 0;
	}
	for (size_t i = 0; i < tx.n_inputs; i++) {
		struct zen_wview_output *o;

		if (tx.inputs[i].kind != ZEN_INPUT_OUTPOINT)
			continue;
		o = find_out(ov->v, ov->n_confirmed, &tx.inputs[i].outpoint);
		if (o && !o->spent) {
			o->spent = 1;
			o->spent_confirmed = 0;
			memcpy(o->spent_tx, tx.tx_hash, 32);
			o->spent_block = 0;
			o->spent_index = ov->pos;
		}
	}
	for (size_t j = 0; j < tx.n_outputs; j++) {
		const uint8_t *pkh = lock_pkh(&tx.outputs[j].lock);
		const struct zen_waddr *a = pkh ? zen_wallet_view_addr(ov->v, pkh) : NULL;
		struct zen_wview_output *o;

		if (!a)
			continue;
		o = push_out(ov->v, ov->cap);
		memcpy(o->outpoint.tx_hash, tx.tx_hash, 32);
		o->outpoint.index = (uint32_t)j;
		zen_lock_copy(&o->output.lock, &tx.outputs[j].lock);
		o->output.spend = tx.outputs[j].spend;
		memcpy(o->pk_hash, pkh, 32);
		o->kind = a->kind;
		o->addr_index = a->index;
		o->tx_index = ov->pos;
	}
	ov->pos++;
	zen_tx_release(&tx);
	return 0;
}

/* ---- reservations ------------------------------------------------------ */

static uint64_t now_of(const struct zen_wallet *w)
{
	return w->now ? w->now(w->now_ctx) : (uint64_t)time(NULL);
}

void zen_wallet_set_clock(struct zen_wallet *w, uint64_t (*now)(void *ctx),
			  void *ctx)
{
	w->now = now;
	w->now_ctx = ctx;
}

static int parse_reservation(struct zen_wallet_reservation *res,
			     struct zen_slice v, struct zen_err *err)
{
	if (v.len != RESREC_LEN || v.p[32] > ZEN_WSPEND_RAW)
		return damaged(err, "bad reservation record");
	memcpy(res->tx_hash, v.p, 32);
	res->kind = (enum zen_wallet_spend_kind)v.p[32];
	res->time = get64(v.p + 33);
	return 0;
}

int zen_wallet_reservation(struct zen_wallet *w, const struct zen_outpoint *op,
			   struct zen_wallet_reservation *res,
			   struct zen_err *err)
{
	struct zen_store_txn *t;
	struct zen_slice v;
	uint8_t key[36];
	int rc = zen_store_begin(w->store, NULL, 0, &t, err);

	if (rc)
		return rc;
	outpoint_key(key, op);
	rc = zen_store_get(t, DB(WDB_RESERVED), key, 36, &v, err);
	if (!rc)
		rc = parse_reservation(res, v, err);
	zen_store_abort(t);
	return rc;
}

/* Does the reservation res of output o (NULL: not in the view) still
 * hold, seen from snapshot r at time now?  (wallet.h, "Spending".) */
static int reservation_holds(struct zen_chain_read *r,
			     const struct zen_wview_output *o,
			     const struct zen_wallet_reservation *res,
			     uint64_t now, struct zen_err *err, int *holds)
{
	struct zen_buf raw = ZEN_BUF_INIT;
	struct zen_err e = ZEN_ERR_INIT;
	int rc;

	*holds = 0;
	if (!o || o->spent_confirmed)
		return 0;		/* the coin is gone or spent for good */
	if (o->spent && !memcmp(o->spent_tx, res->tx_hash, 32)) {
		*holds = 1;		/* its transaction is in the mempool */
		return 0;
	}
	rc = zen_chain_read_tx(r, &raw, NULL, res->tx_hash, &e);
	zen_buf_release(&raw);
	if (!rc) {
		*holds = 1;
		return 0;
	}
	if (rc != ZEN_ENOTFOUND)
		return zen_fail(err, rc, "%s", e.msg);
	*holds = res->kind == ZEN_WSPEND_RAW &&
		 now < res->time + ZEN_WALLET_RAW_HOLD;
	return 0;
}

/* Mark the coins of v (its first n_confirmed outputs are the confirmed
 * ones, by outpoint) that a holding reservation keeps; with a write
 * transaction t, delete the reservations that no longer hold. */
static int apply_reservations(struct zen_store_txn *t, struct zen_chain_read *r,
			      struct zen_wallet_view *v, size_t n_confirmed,
			      uint64_t now, struct zen_err *err)
{
	struct zen_store_cursor *c;
	struct zen_slice k, val;
	struct zen_buf dead = ZEN_BUF_INIT;
	enum zen_store_seek how = ZEN_SEEK_FIRST;
	int rc = zen_store_cursor_open(t, DB(WDB_RESERVED), &c, err);

	while (!rc && !(rc = zen_store_cursor_seek(c, how, NULL, 0, &k, &val, err))) {
		struct zen_wallet_reservation res;
		struct zen_wview_output *o;
		struct zen_outpoint op;
		int holds;

		how = ZEN_SEEK_NEXT;
		if (k.len != 36) {
			rc = damaged(err, "bad reservation record");
			break;
		}
		if ((rc = parse_reservation(&res, val, err)))
			break;
		memcpy(op.tx_hash, k.p, 32);
		op.index = get32(k.p + 32);
		o = find_out(v, n_confirmed, &op);
		if ((rc = reservation_holds(r, o, &res, now, err, &holds)))
			break;
		/* (A spent coin is held by the mempool already.) */
		if (!holds)
			zen_buf_add(&dead, k.p, 36);
		else if (!o->spent)
			o->reserved = 1;
	}
	if (rc == ZEN_ENOTFOUND)
		rc = 0;
	zen_store_cursor_close(c);
	for (size_t i = 0; !rc && zen_store_txn_writable(t) && i < dead.len;
	     i += 36)
		rc = zen_store_del(t, DB(WDB_RESERVED), dead.data + i, 36, err);
	zen_buf_release(&dead);
	return rc;
}

/* Read the view inside t (the wallet at r's tip) and put the mempool of
 * r and the reservations on top. */
static int load_view(struct zen_store_txn *t, struct zen_wallet *w,
		     struct zen_chain_read *r, struct zen_wallet_view *v,
		     struct zen_err *err)
{
	struct overlay ov;
	size_t cap = 0;
	uint8_t hash[32];
	int rc = read_account(t, w, &v->account, err) ?:
		 read_tip(t, hash, &v->tip, err) ?:
		 load_addresses(t, v, err) ?:
		 load_outputs(t, v, &cap, err);

	if (!rc) {
		ov.v = v;
		ov.n_confirmed = v->n_outs;
		ov.cap = &cap;
		ov.pos = 0;
		rc = zen_chain_read_mempool(r, overlay_tx, &ov, err);
	}
	if (!rc)
		rc = apply_reservations(t, r, v, ov.n_confirmed, now_of(w), err);
	if (rc)
		zen_wallet_view_release(v);
	return rc;
}

int zen_wallet_view(struct zen_wallet *w, struct zen_chain_read *r,
		    struct zen_wallet_view *v, struct zen_err *err)
{
	struct zen_store_txn *t;
	int rc;

	zen_wallet_view_release(v);
	if ((rc = zen_wallet_sync(w, r, err)))
		return rc;
	if ((rc = zen_store_begin(w->store, NULL, 0, &t, err)))
		return rc;
	rc = load_view(t, w, r, v, err);
	zen_store_abort(t);
	return rc;
}

/* ---- spends ------------------------------------------------------------ */

static int outpoint_cmp_v(const void *a, const void *b)
{
	return zen_outpoint_cmp(a, b);
}

/* The coins the wallet could sign for (in the view, not watch-only),
 * sorted: the inputs a commit reserves. */
static void spend_keep_mine(struct zen_wallet_spend *sp,
			    const struct zen_wallet_view *v)
{
	sp->mine = zen_xcalloc(v->n_outs ? v->n_outs : 1, sizeof(*sp->mine));
	for (size_t i = 0; i < v->n_outs; i++)
		if (v->outs[i].kind != ZEN_WADDR_WATCH)
			sp->mine[sp->n_mine++] = v->outs[i].outpoint;
	zen_qsort(sp->mine, sp->n_mine, sizeof(*sp->mine), outpoint_cmp_v);
}

/* Inside the spend: sync the blocks the chain got since the first sync,
 * then load the view. */
static int spend_load(struct zen_wallet_spend *sp, struct zen_chain_read *r,
		      struct zen_wallet_view *v, struct zen_err *err)
{
	uint32_t chain_tip;
	int rc = chain_tip_number(r, &chain_tip, err), done = 0;

	while (!rc && !done)
		rc = sync_in(sp->t, sp->w, r, chain_tip, 0, &done, NULL, err);
	if (!rc)
		rc = load_view(sp->t, sp->w, r, v, err);
	if (!rc)
		spend_keep_mine(sp, v);
	return rc;
}

int zen_wallet_spend_begin(struct zen_wallet *w, struct zen_chainstate *chain,
			   struct zen_wallet_spend **out,
			   struct zen_wallet_view *v, struct zen_err *err)
{
	struct zen_wallet_spend *sp;
	struct zen_chain_read *r = NULL;
	int rc;

	*out = NULL;
	zen_wallet_view_release(v);
	/* Catch up first in short transactions of its own. */
	if ((rc = zen_chain_read_begin(chain, &r, err)))
		return rc;
	rc = zen_wallet_sync(w, r, err);
	zen_chain_read_end(r);
	r = NULL;
	if (rc)
		return rc;
	sp = zen_xcalloc(1, sizeof(*sp));
	sp->w = w;
	/* The lock first, then the snapshot: every spend committed before
	 * this one is in the snapshot's mempool or chain. */
	rc = zen_store_begin(w->store, NULL, 1, &sp->t, err) ?:
	     zen_chain_read_begin(chain, &r, err) ?:
	     spend_load(sp, r, v, err);
	zen_chain_read_end(r);
	if (rc) {
		zen_wallet_spend_abort(sp);
		return rc;
	}
	*out = sp;
	return 0;
}

void zen_wallet_spend_abort(struct zen_wallet_spend *sp)
{
	if (!sp)
		return;
	zen_store_abort(sp->t);
	free(sp->mine);
	free(sp);
}

/* Reserve op for tx_hash inside t, unless a reservation for another
 * transaction holds it. */
static int reserve(struct zen_store_txn *t, const struct zen_outpoint *op,
		   const uint8_t tx_hash[32], enum zen_wallet_spend_kind kind,
		   uint64_t now, struct zen_err *err)
{
	struct zen_wallet_reservation old;
	struct zen_slice v;
	uint8_t key[36], rec[RESREC_LEN];
	int rc;

	outpoint_key(key, op);
	rc = zen_store_get(t, DB(WDB_RESERVED), key, 36, &v, err);
	if (!rc && !(rc = parse_reservation(&old, v, err)) &&
	    memcmp(old.tx_hash, tx_hash, 32)) {
		char coin[65], other[65];

		zen_hex_encode_to(coin, op->tx_hash, 32);
		zen_hex_encode_to(other, old.tx_hash, 32);
		return zen_fail(err, ZEN_EREFUSED, "coin %s:%u is reserved for "
				"transaction %s", coin, (unsigned)op->index,
				other);
	}
	if (rc && rc != ZEN_ENOTFOUND)
		return rc;
	memcpy(rec, tx_hash, 32);
	rec[32] = (uint8_t)kind;
	put64(rec + 33, now);
	return zen_store_put(t, DB(WDB_RESERVED), key, 36, rec, sizeof(rec),
			     err);
}

int zen_wallet_spend_commit(struct zen_wallet_spend *sp,
			    const struct zen_tx *tx,
			    enum zen_wallet_spend_kind kind,
			    struct zen_err *err)
{
	uint64_t now = now_of(sp->w);
	int rc = 0;

	for (size_t i = 0; !rc && i < tx->n_inputs; i++) {
		const struct zen_outpoint *op = &tx->inputs[i].outpoint;

		if (tx->inputs[i].kind != ZEN_INPUT_OUTPOINT ||
		    !bsearch(op, sp->mine, sp->n_mine, sizeof(*op),
			     outpoint_cmp_v))
			continue;
		rc = reserve(sp->t, op, tx->tx_hash, kind, now, err);
	}
	if (!rc) {
		rc = zen_store_commit(sp->t, err);
		sp->t = NULL;
	}
	zen_wallet_spend_abort(sp);
	return rc;
}

int zen_wallet_view_touches(const struct zen_wallet_view *v,
			    const struct zen_tx *tx)
{
	for (size_t j = 0; j < tx->n_outputs; j++) {
		const uint8_t *pkh = lock_pkh(&tx->outputs[j].lock);

		if (pkh && zen_wallet_view_addr(v, pkh))
			return 1;
	}
	for (size_t i = 0; i < tx->n_inputs; i++)
		for (size_t k = 0; k < v->n_outs; k++)
			if (tx->inputs[i].kind == ZEN_INPUT_OUTPOINT &&
			    !zen_outpoint_cmp(&v->outs[k].outpoint,
					      &tx->inputs[i].outpoint))
				return 1;
	return 0;
}

void zen_wallet_view_coins(const struct zen_wallet_view *v,
			   struct zen_wallet_coin **coins, size_t *n)
{
	*coins = zen_xcalloc(v->n_outs ? v->n_outs : 1, sizeof(**coins));
	*n = 0;
	for (size_t i = 0; i < v->n_outs; i++) {
		const struct zen_wview_output *o = &v->outs[i];
		struct zen_wallet_coin *c;

		if (o->spent || o->reserved || o->kind == ZEN_WADDR_WATCH)
			continue;
		c = &(*coins)[(*n)++];
		c->outpoint = o->outpoint;
		c->spend = o->output.spend;
		memcpy(c->pk_hash, o->pk_hash, 32);
		c->coinbase = o->output.lock.id == ZEN_LOCK_COINBASE;
		c->coinbase_block = o->output.lock.block_number;
	}
}
