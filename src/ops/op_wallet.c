/*
 * op_wallet.c - the wallet operations (api.md 6, wallet.md 8-12): the
 * account and its secret, balances and history, sending, offline signing.
 *
 * Every operation that reads balances first brings the wallet up to the
 * chain (zen_wallet_view), on one chain snapshot.  Every operation that
 * spends its coins (send, createtransaction, rawtx create and sign) does
 * it in a spend (op_wallet.h): no coin goes to two transactions, however
 * many threads and processes spend at once.  Passwords: an empty one
 * is "Password is empty" before anything else; a wrong one is
 * ZEN_EPASSWORD "Bad password" (HTTP 400, as the reference), and every attempt's result is
 * noted for the password throttle of its source (throttle.h; the server
 * waits before it runs an attempt, nothing here sleeps).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

#include "core/consensus/address.h"
#include "core/encoding/hex.h"
#include "core/wallet/bip39.h"
#include "core/wallet/history.h"
#include "core/wallet/rawtx.h"
#include "core/wallet/txbuild.h"
#include "core/wallet/wallet.h"
#include "ops/handlers.h"
#include "ops/json_tx.h"
#include "ops/node.h"
#include "ops/op_wallet.h"
#include "ops/session.h"
#include "ops/throttle.h"

/* ---- common ------------------------------------------------------------- */

static void *secure_alloc(size_t n)
{
	if (sodium_init() < 0)
		return NULL;
	return sodium_malloc(n);
}

const char *op_arg_str(struct zen_call *call, const char *name)
{
	const char *s = zen_args_str(call->args, name);

	return s ? s : "";
}

int op_password_of(struct zen_call *call, const char *name,
		   const char **pw)
{
	*pw = op_arg_str(call, name);
	if (!**pw)
		return zen_fail(&call->err, ZEN_EINVAL, "Password is empty");
	return 0;
}

int op_password_or_session(struct zen_call *call, const char *name,
			   const char **pw)
{
	*pw = op_arg_str(call, name);
	if (!**pw && op_session_left())
		return 0;
	return op_password_of(call, name, pw);
}

int op_wallet_unlock(struct zen_call *call, struct zen_wallet *w,
		     const char *pw, struct zen_wallet_secret **s)
{
	int rc;

	if (!*pw && (*s = op_session_secret()))
		return 0;
	rc = zen_wallet_unlock(w, pw, s, &call->err);
	zen_pw_note(call->source, rc, zen_pw_now_ms());
	return rc;
}

/* The password, then unlock the wallet (session: a live wallet session
 * may stand for the password). */
static int unlock_with(struct zen_call *call, struct zen_wallet_secret **s,
		       int session)
{
	const char *pw;

	*s = NULL;
	return (session ? op_password_or_session(call, "password", &pw) :
			  op_password_of(call, "password", &pw)) ?:
	       op_wallet_unlock(call, call->wallet, pw, s);
}

static int open_unlock(struct zen_call *call, struct zen_wallet_secret **s)
{
	return unlock_with(call, s, 0);
}

static int open_unlock_or_session(struct zen_call *call,
				  struct zen_wallet_secret **s)
{
	return unlock_with(call, s, 1);
}

/* A view of the wallet on a fresh chain snapshot (r stays open). */
static int view_of(struct zen_call *call, struct zen_wallet *w,
		   struct zen_chain_read **r, struct zen_wallet_view *v)
{
	int rc = zen_call_read(call, r);

	if (rc)
		return rc;
	rc = zen_wallet_view(w, *r, v, &call->err);
	if (rc) {
		zen_chain_read_end(*r);
		*r = NULL;
	}
	return rc;
}

static int open_view(struct zen_call *call, struct zen_chain_read **r,
		     struct zen_wallet_view *v)
{
	*r = NULL;
	return view_of(call, call->wallet, r, v);
}

static json_t *address_json(enum zen_chain chain, const uint8_t pkh[32])
{
	struct zen_buf b = ZEN_BUF_INIT;
	json_t *s;

	zen_address_pk(&b, chain, pkh);
	s = json_string(zen_buf_str(&b));
	zen_buf_release(&b);
	return s;
}

static json_t *hex_json(const uint8_t *p, size_t n)
{
	struct zen_buf b = ZEN_BUF_INIT;
	json_t *s;

	zen_hex_encode(&b, p, n);
	s = json_string(zen_buf_str(&b));
	zen_buf_release(&b);
	return s;
}

static void key_path(char out[64], enum zen_waddr_kind kind, uint32_t index)
{
	snprintf(out, 64, "%s/%u/%u", ZEN_WALLET_ACCOUNT_PATH, (unsigned)kind,
		 (unsigned)index);
}

static void set_text(struct zen_call *call, const char *s)
{
	call->text = zen_xstrdup(s);
}

/* ---- account ------------------------------------------------------------ */

int op_wallet_exists(struct zen_call *call)
{
	struct zen_wallet *w = call->wallet;
	int exists = 0;
	int rc = zen_wallet_exists(w, &exists, &call->err);

	if (!rc)
		call->result = json_boolean(exists);
	return rc;
}

static int import_sentence(struct zen_call *call, const char *sentence)
{
	struct zen_wallet *w = call->wallet;
	struct zen_kdf kdf;
	const char *pw;

	return op_password_of(call, "password", &pw) ?:
	       zen_wallet_kdf_default(&kdf, &call->err) ?:
	       zen_wallet_import(w, sentence, pw, &kdf, &call->err);
}

int op_wallet_create(struct zen_call *call)
{
	char *words = secure_alloc(ZEN_BIP39_SENTENCE_MAX);
	int rc;

	if (!words)
		return zen_fail(&call->err, ZEN_EINTERNAL, "out of secure memory");
	rc = zen_bip39_generate(words, &call->err) ?: import_sentence(call, words);
	if (!rc)
		call->result = json_pack("{s:s}", "mnemonic", words);
	sodium_free(words);
	return rc;
}

/* The words of an import: one string or an array joined by spaces,
 * without leading and trailing spaces. */
static char *join_words(json_t *words)
{
	struct zen_buf b = ZEN_BUF_INIT;
	char *s, *start, *end;
	size_t i;
	json_t *wd;

	if (json_is_string(words)) {
		zen_buf_addstr(&b, json_string_value(words));
	} else {
		json_array_foreach(words, i, wd) {
			if (i)
				zen_buf_addch(&b, ' ');
			zen_buf_addstr(&b, json_string_value(wd));
		}
	}
	s = secure_alloc(b.len + 1);
	if (s) {
		memcpy(s, zen_buf_str(&b), b.len + 1);
		for (start = s; *start == ' ' || *start == '\n' || *start == '\t';)
			start++;
		memmove(s, start, strlen(start) + 1);
		end = s + strlen(s);
		while (end > s && (end[-1] == ' ' || end[-1] == '\n' ||
				   end[-1] == '\r' || end[-1] == '\t'))
			*--end = 0;
	}
	sodium_memzero(b.data, b.len);
	zen_buf_release(&b);
	return s;
}

int op_wallet_import(struct zen_call *call)
{
	const char *pw;
	char *sentence;
	int rc;

	if ((rc = op_password_of(call, "password", &pw)))
		return rc;
	sentence = join_words(json_object_get(call->args, "words"));
	if (!sentence)
		return zen_fail(&call->err, ZEN_EINTERNAL, "out of secure memory");
	rc = zen_bip39_check(NULL, NULL, sentence, &call->err);
	if (!rc && !zen_args_bool(call->args, "allowBadChecksum", 0) &&
	    zen_bip39_checksum(sentence, NULL))
		rc = zen_fail(&call->err, ZEN_EINVAL, "invalid mnemonic checksum "
			      "(allowBadChecksum accepts it, as the reference "
			      "node does)");
	if (!rc)
		rc = import_sentence(call, sentence);
	sodium_free(sentence);
	if (!rc)
		set_text(call, "account imported");
	return rc;
}

int op_wallet_importzenpublickey(struct zen_call *call)
{
	struct zen_wallet *w = call->wallet;
	int rc = zen_wallet_import_xpub(w, op_arg_str(call, "publicKey"), &call->err);

	if (!rc)
		set_text(call, "zenKey imported");
	return rc;
}

int op_wallet_remove(struct zen_call *call)
{
	struct zen_wallet *w = call->wallet;
	const char *pw;
	int rc = op_password_of(call, "password", &pw);

	if (!rc) {
		rc = zen_wallet_remove(w, pw, &call->err);
		zen_pw_note(call->source, rc, zen_pw_now_ms());
	}
	if (!rc)
		set_text(call, "wallet removed");
	return rc;
}

/* Most a session may last: a day (a script's run, not a standing key). */
#define SESSION_MAX_SECONDS 86400

int op_wallet_unlock_session(struct zen_call *call)
{
	struct zen_wallet_secret *s = NULL;
	uint64_t seconds = 60;
	int rc;

	if (!call->source)	/* a command's process ends with it */
		return zen_fail(&call->err, ZEN_EINVAL, "wallet unlock keeps "
				"the key in a running zen serve: give --url");
	zen_args_u64(call->args, "timeout", &seconds);
	if (!seconds || seconds > SESSION_MAX_SECONDS)
		return zen_fail(&call->err, ZEN_EINVAL, "invalid timeout "
				"(1 to %d seconds)", SESSION_MAX_SECONDS);
	rc = open_unlock(call, &s) ?:
	     op_session_keep(s, seconds, &call->err);
	zen_wallet_secret_free(s);
	if (!rc)
		call->result = json_pack("{s:b, s:I}", "unlocked", 1,
					 "seconds", (json_int_t)seconds);
	return rc;
}

int op_wallet_lock(struct zen_call *call)
{
	op_session_end();
	call->result = json_pack("{s:b}", "unlocked", 0);
	return 0;
}

int op_wallet_checkpassword(struct zen_call *call)
{
	struct zen_wallet_secret *s = NULL;
	int rc = open_unlock(call, &s);

	zen_wallet_secret_free(s);
	if (rc == ZEN_EPASSWORD)
		rc = 0, call->result = json_false();
	else if (!rc)
		call->result = json_true();
	return rc;
}

int op_wallet_changepassword(struct zen_call *call)
{
	const char *old_pw = op_arg_str(call, "old"), *new_pw = op_arg_str(call, "new");
	struct zen_wallet *w = call->wallet;
	struct zen_kdf kdf;
	int rc;

	if (!*old_pw || !*new_pw)
		return zen_fail(&call->err, ZEN_EINVAL, "Password are empty");
	rc = zen_wallet_kdf_default(&kdf, &call->err);
	if (!rc) {
		rc = zen_wallet_change_password(w, old_pw, new_pw, &kdf,
						&call->err);
		zen_pw_note(call->source, rc, zen_pw_now_ms());
	}
	if (!rc)
		call->result = json_string("Password changed");
	return rc;
}

int op_wallet_mnemonicphrase(struct zen_call *call)
{
	struct zen_wallet_secret *s;
	int rc = open_unlock(call, &s);

	if (!rc)
		set_text(call, s->sentence);
	zen_wallet_secret_free(s);
	return rc;
}

int op_wallet_zenpublickey(struct zen_call *call)
{
	struct zen_wallet *w = call->wallet;
	struct zen_wallet_account acc;
	int rc = zen_wallet_account(w, &acc, &call->err);

	if (!rc)
		call->result = json_string(acc.xpub_text);
	return rc;
}

int op_wallet_first_address(struct zen_wallet *w, uint8_t pkh[ZEN_HASH_LEN],
			    struct zen_err *err)
{
	struct zen_wallet_account acc;
	uint8_t pub[ZEN_PUBKEY_LEN];

	return zen_wallet_account(w, &acc, err) ?:
	       zen_wallet_address_key(&acc.xpub, ZEN_WADDR_EXTERNAL, 0, pub,
				      pkh, err);
}

int op_wallet_address(struct zen_call *call)
{
	uint8_t pkh[ZEN_HASH_LEN];
	int rc = op_wallet_first_address(call->wallet, pkh, &call->err);

	if (!rc)
		call->result = address_json(call->node->chain, pkh);
	return rc;
}

int op_wallet_getnewaddress(struct zen_call *call)
{
	struct zen_wallet *w = call->wallet;
	uint8_t pkh[ZEN_HASH_LEN];
	uint32_t index;
	int rc = zen_wallet_new_address(w, &index, pkh, &call->err);

	if (!rc)
		call->result = json_pack("{s:o, s:I}", "address",
					 address_json(call->node->chain, pkh),
					 "index", (json_int_t)index);
	return rc;
}

int op_wallet_importwatchonlyaddress(struct zen_call *call)
{
	struct zen_wallet *w = call->wallet;
	uint8_t pkh[ZEN_HASH_LEN];
	int rc = zen_address_decode_pk(pkh, call->node->chain,
				       op_arg_str(call, "address"), &call->err) ?:
		 zen_wallet_add_watch(w, pkh, &call->err) ?:
		 zen_wallet_reset(w, &call->err);	/* find its past outputs */

	if (!rc)
		set_text(call, "");
	return rc;
}

int op_wallet_restorenewaddresses(struct zen_call *call)
{
	struct zen_wallet *w = call->wallet;
	uint64_t max = 0;
	int rc;

	zen_args_u64(call->args, "max", &max);
	rc = zen_wallet_restore_new_addresses(w, (uint32_t)max, &call->err);
	if (rc == ZEN_EREFUSED)	/* no account: never refused (api.md 1.9) */
		rc = 0;
	if (!rc)
		set_text(call, "");
	return rc;
}

int op_wallet_resync(struct zen_call *call)
{
	struct zen_wallet *w = call->wallet;
	struct zen_chain_read *r;
	int rc = zen_wallet_reset(w, &call->err);

	if (rc == ZEN_EREFUSED) {	/* no account: nothing to do */
		set_text(call, "");
		return 0;
	}
	if (!rc && !(rc = zen_call_read(call, &r))) {
		struct zen_work work = zen_call_work(call);

		rc = zen_wallet_sync_work(w, r, &work, &call->err);
		zen_chain_read_end(r);
	}
	if (!rc)
		set_text(call, "");
	return rc;
}

/* ---- keys and signatures ----------------------------------------------- */

int op_wallet_keys(struct zen_call *call)
{
	struct zen_wallet *w = call->wallet;
	struct zen_wallet_secret *s;
	struct zen_wallet_account acc;
	int rc = open_unlock_or_session(call, &s);

	zen_wallet_secret_free(s);
	if (!rc)
		rc = zen_wallet_account(w, &acc, &call->err);
	call->result = rc ? NULL : json_array();
	for (uint32_t i = 0; !rc && i < acc.payment_counter + 2; i++) {
		enum zen_waddr_kind kind = i == 0 ? ZEN_WADDR_EXTERNAL :
			i == 1 ? ZEN_WADDR_CHANGE : ZEN_WADDR_PAYMENT;
		uint32_t index = i < 2 ? 0 : i - 2;
		uint8_t pub[ZEN_PUBKEY_LEN], pkh[ZEN_HASH_LEN];
		char path[64];

		rc = zen_wallet_address_key(&acc.xpub, kind, index, pub, pkh,
					    &call->err);
		key_path(path, kind, index);
		if (!rc)
			json_array_append_new(call->result, json_pack("{s:o, s:s}",
				"publicKey", hex_json(pub, ZEN_PUBKEY_LEN),
				"path", path));
	}
	return rc;
}

int op_key_path_error(struct zen_call *call, const char *path)
{
	if (strncmp(path, "m/", 2))
		return zen_fail(&call->err, ZEN_EINVAL, "invalid key path");
	return zen_fail(&call->err, ZEN_EINVAL, "invalid key path %.200s", path);
}

static int derive_path(struct zen_call *call, struct zen_wallet_secret *s,
		       struct zen_xprv *k)
{
	const char *path = op_arg_str(call, "path");

	if (!*path)
		return zen_fail(&call->err, ZEN_EINVAL, "Path is empty");
	if (zen_bip32_derive_text(k, &s->master, path, NULL))
		return op_key_path_error(call, path);
	return 0;
}

int op_wallet_publickey(struct zen_call *call)
{
	struct zen_wallet_secret *s = NULL;
	struct zen_xprv *k = secure_alloc(sizeof(*k));
	uint8_t pub[ZEN_PUBKEY_LEN];
	int rc;

	if (!k)
		return zen_fail(&call->err, ZEN_EINTERNAL, "out of secure memory");
	rc = *op_arg_str(call, "path") ? 0 :
	     zen_fail(&call->err, ZEN_EINVAL, "Path is empty");
	if (!rc)
		rc = open_unlock_or_session(call, &s) ?: derive_path(call, s, k) ?:
		     zen_pubkey_from_seckey(pub, k->key, &call->err);
	if (!rc)
		call->result = hex_json(pub, ZEN_PUBKEY_LEN);
	zen_wallet_secret_free(s);
	sodium_free(k);
	return rc;
}

int op_wallet_sign(struct zen_call *call)
{
	struct zen_wallet_secret *s = NULL;
	struct zen_xprv *k = secure_alloc(sizeof(*k));
	uint8_t msg[ZEN_HASH_LEN], sig[ZEN_SIGNATURE_LEN];
	const char *m = op_arg_str(call, "message"), *pw;
	int rc;

	if (!k)
		return zen_fail(&call->err, ZEN_EINTERNAL, "out of secure memory");
	/* the reference's order: path, password, message (api.md 12) */
	if (!*op_arg_str(call, "path"))
		rc = zen_fail(&call->err, ZEN_EINVAL, "Path is empty");
	else
		rc = op_password_of(call, "password", &pw);
	if (!rc && zen_hex_decode_fixed(msg, ZEN_HASH_LEN, m, NULL))
		rc = zen_fail(&call->err, ZEN_EINVAL, "invalid message");
	if (!rc)
		rc = open_unlock_or_session(call, &s) ?: derive_path(call, s, k) ?:
		     zen_ecdsa_sign(sig, msg, k->key, &call->err);
	if (!rc)
		call->result = hex_json(sig, ZEN_SIGNATURE_LEN);
	zen_wallet_secret_free(s);
	sodium_free(k);
	return rc;
}

/* ---- balances and history ------------------------------------------------ */

struct asset_sum {
	struct zen_asset asset;
	uint64_t amount;
};

static int sum_add(struct asset_sum **sums, size_t *n,
		   const struct zen_spend *sp, struct zen_err *err)
{
	for (size_t i = 0; i < *n; i++)
		if (!zen_asset_cmp(&(*sums)[i].asset, &sp->asset)) {
			if ((*sums)[i].amount > UINT64_MAX - sp->amount)
				return zen_fail(err, ZEN_EINTERNAL, "amount overflow");
			(*sums)[i].amount += sp->amount;
			return 0;
		}
	ZEN_REALLOC_ARRAY(*sums, *n + 1);
	(*sums)[*n].asset = sp->asset;
	(*sums)[*n].amount = sp->amount;
	(*n)++;
	return 0;
}

static int sum_cmp(const void *a, const void *b)
{
	return zen_asset_cmp(&((const struct asset_sum *)a)->asset,
			     &((const struct asset_sum *)b)->asset);
}

static json_t *balance_json(struct asset_sum *sums, size_t n)
{
	json_t *arr = json_array();

	zen_qsort(sums, n, sizeof(*sums), sum_cmp);
	for (size_t i = 0; i < n; i++) {
		char asset[ZEN_ASSET_TEXT_MAX];

		zen_asset_text(asset, &sums[i].asset);
		json_array_append_new(arr, json_pack("{s:s, s:o}", "asset", asset,
			"balance", json_integer((json_int_t)(sums[i].amount > INT64_MAX
				? INT64_MAX : sums[i].amount))));
	}
	return arr;
}

/* Unspent outputs per asset: not watch-only (pkh NULL), or of one pkh. */
static int balance_of(struct zen_call *call, const uint8_t *pkh)
{
	struct zen_chain_read *r;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	struct asset_sum *sums = NULL;
	size_t n = 0;
	int rc = open_view(call, &r, &v);

	for (size_t i = 0; !rc && i < v.n_outs; i++) {
		const struct zen_wview_output *o = &v.outs[i];

		if (o->spent || (pkh ? memcmp(o->pk_hash, pkh, 32) :
				 o->kind == ZEN_WADDR_WATCH))
			continue;
		rc = sum_add(&sums, &n, &o->output.spend, &call->err);
	}
	if (!rc)
		call->result = balance_json(sums, n);
	free(sums);
	zen_wallet_view_release(&v);
	zen_chain_read_end(r);
	return rc;
}

int op_wallet_balance(struct zen_call *call)
{
	return balance_of(call, NULL);
}

int op_wallet_addressbalance(struct zen_call *call)
{
	uint8_t pkh[ZEN_HASH_LEN];
	int rc = zen_address_decode_pk(pkh, call->node->chain,
				       op_arg_str(call, "address"), &call->err);

	return rc ? rc : balance_of(call, pkh);
}

int op_wallet_utxo(struct zen_call *call)
{
	struct zen_chain_read *r;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	int rc = open_view(call, &r, &v);

	if (!rc) {
		call->result = json_array();
		for (size_t i = 0; i < v.n_outs; i++)
			if (!v.outs[i].spent)
				json_array_append_new(call->result,
					zen_json_pointed_output(&v.outs[i].outpoint,
						&v.outs[i].output, call->node->chain));
	}
	zen_wallet_view_release(&v);
	zen_chain_read_end(r);
	return rc;
}

/* One output as /wallet/addressoutputs shows it (api.md 7). */
static json_t *address_output_json(const struct zen_wview_output *o,
				   uint32_t tip)
{
	char asset[ZEN_ASSET_TEXT_MAX], amount[24];
	uint32_t conf = o->confirmed && tip >= o->block_number
			? tip - o->block_number + 1 : 0;

	zen_asset_text(asset, &o->output.spend.asset);
	snprintf(amount, sizeof(amount), "%llu",
		 (unsigned long long)o->output.spend.amount);
	return json_pack("{s:{s:o, s:I}, s:s, s:s, s:I, s:b}",
			 "outpoint", "txHash",
			 hex_json(o->outpoint.tx_hash, ZEN_HASH_LEN),
			 "index", (json_int_t)o->outpoint.index,
			 "asset", asset, "amount", amount,
			 "confirmations", (json_int_t)conf, "spent", o->spent);
}

/* Every output the wallet saw at one of its addresses, spent ones too. */
int op_wallet_addressoutputs(struct zen_call *call)
{
	struct zen_chain_read *r = NULL;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	uint8_t pkh[ZEN_HASH_LEN];
	int rc = zen_address_decode_pk(pkh, call->node->chain,
				       op_arg_str(call, "address"), &call->err) ?:
		 open_view(call, &r, &v);

	if (!rc) {
		call->result = json_array();
		for (size_t i = 0; i < v.n_outs; i++)
			if (!memcmp(v.outs[i].pk_hash, pkh, ZEN_HASH_LEN))
				json_array_append_new(call->result,
					address_output_json(&v.outs[i], v.tip));
	}
	zen_wallet_view_release(&v);
	zen_chain_read_end(r);
	return rc;
}

static int passes(const struct zen_wview_output *o, uint32_t tip, uint64_t n)
{
	if (n == 0)
		return 1;
	if (!o->confirmed)
		return 0;
	return n == 1 || (uint64_t)o->block_number + n - 1 <= tip;
}

int op_wallet_receivedbyaddress(struct zen_call *call)
{
	struct zen_chain_read *r;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	uint64_t conf = 0;
	int rc;

	zen_args_u64(call->args, "confirmations", &conf);
	rc = open_view(call, &r, &v);
	if (!rc)
		call->result = json_array();
	/* Group by address (pkHash order), then asset. */
	for (size_t a = 0; !rc && a < v.n_addrs; a++) {
		struct asset_sum *sums = NULL;
		size_t n = 0;

		for (size_t i = 0; !rc && i < v.n_outs; i++)
			if (!memcmp(v.outs[i].pk_hash, v.addrs[a].pk_hash, 32) &&
			    passes(&v.outs[i], v.tip, conf))
				rc = sum_add(&sums, &n, &v.outs[i].output.spend,
					     &call->err);
		zen_qsort(sums, n, sizeof(*sums), sum_cmp);
		for (size_t i = 0; !rc && i < n; i++) {
			char asset[ZEN_ASSET_TEXT_MAX], amount[24];

			zen_asset_text(asset, &sums[i].asset);
			snprintf(amount, sizeof(amount), "%llu",
				 (unsigned long long)sums[i].amount);
			json_array_append_new(call->result, json_pack(
				"{s:o, s:s, s:s}", "address",
				address_json(call->node->chain, v.addrs[a].pk_hash),
				"asset", asset, "amount", amount));
		}
		free(sums);
	}
	zen_wallet_view_release(&v);
	zen_chain_read_end(r);
	return rc;
}

static void history_tx(struct zen_history_tx *h, const uint8_t hash[32],
		       int confirmed, uint32_t block, uint32_t index,
		       uint32_t tip)
{
	memcpy(h->tx_hash, hash, 32);
	h->confirmations = confirmed ? tip - block + 1 : 0;
	h->index = index;
}

/* The history of the view: entries (free()) and, per entry, the lock to
 * show (an output of the wallet that the transaction created or spent). */
static int history_of(struct zen_call *call, struct zen_wallet_view *v,
		      struct zen_history_entry **e, size_t *n)
{
	struct zen_history_output *outs;
	int rc;

	outs = zen_xcalloc(v->n_outs ? v->n_outs : 1, sizeof(*outs));
	for (size_t i = 0; i < v->n_outs; i++) {
		const struct zen_wview_output *o = &v->outs[i];

		outs[i].spend = o->output.spend;
		history_tx(&outs[i].created, o->outpoint.tx_hash, o->confirmed,
			   o->block_number, o->tx_index, v->tip);
		outs[i].spent = o->spent;
		if (o->spent)
			history_tx(&outs[i].spent_by, o->spent_tx,
				   o->spent_confirmed, o->spent_block,
				   o->spent_index, v->tip);
	}
	rc = zen_wallet_history(e, n, outs, v->n_outs, &call->err);
	free(outs);
	return rc;
}

static const struct zen_lock *entry_lock(const struct zen_wallet_view *v,
					 const struct zen_history_entry *e)
{
	const struct zen_lock *spent = NULL;

	for (size_t i = 0; i < v->n_outs; i++) {
		const struct zen_wview_output *o = &v->outs[i];

		if (zen_asset_cmp(&o->output.spend.asset, &e->asset))
			continue;
		if (!memcmp(o->outpoint.tx_hash, e->tx.tx_hash, 32))
			return &o->output.lock;
		if (!spent && o->spent && !memcmp(o->spent_tx, e->tx.tx_hash, 32))
			spent = &o->output.lock;
	}
	return spent;
}

int op_wallet_transactions(struct zen_call *call)
{
	struct zen_chain_read *r;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	struct zen_history_entry *e = NULL;
	uint64_t skip = 0, take = 0;
	size_t n = 0;
	int rc;

	/* both, each a non-negative 32-bit integer (api.md 6) */
	if (!zen_args_u64(call->args, "skip", &skip) || skip > INT32_MAX ||
	    !zen_args_u64(call->args, "take", &take) || take > INT32_MAX)
		return zen_fail(&call->err, ZEN_EINVAL, "Invalid values");
	rc = open_view(call, &r, &v) ?: history_of(call, &v, &e, &n);
	if (!rc)
		call->result = json_array();
	for (uint64_t i = skip; !rc && i < n && i - skip < take; i++) {
		char asset[ZEN_ASSET_TEXT_MAX], amount[24];
		const struct zen_lock *lock = entry_lock(&v, &e[i]);

		zen_asset_text(asset, &e[i].asset);
		snprintf(amount, sizeof(amount), "%s%llu", e[i].out ? "-" : "",
			 (unsigned long long)e[i].amount);
		json_array_append_new(call->result, json_pack(
			"{s:o, s:s, s:s, s:I, s:o}",
			"txHash", hex_json(e[i].tx.tx_hash, 32), "asset", asset,
			"amount", amount,
			"confirmations", (json_int_t)e[i].tx.confirmations,
			"lock", lock ? zen_json_lock(lock, call->node->chain)
				     : json_null()));
	}
	free(e);
	zen_wallet_view_release(&v);
	zen_chain_read_end(r);
	return rc;
}

int op_wallet_transactioncount(struct zen_call *call)
{
	struct zen_chain_read *r;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	struct zen_history_entry *e = NULL;
	size_t n = 0;
	int rc = open_view(call, &r, &v) ?: history_of(call, &v, &e, &n);

	if (!rc)
		call->result = json_integer((json_int_t)n);
	free(e);
	zen_wallet_view_release(&v);
	zen_chain_read_end(r);
	return rc;
}

/* ---- building transactions ------------------------------------------------ */

/* "00", 72 hex (contract id) or 136 hex (contract id and subtype). */

/* A strict positive decimal amount (string or JSON integer). */
int op_parse_amount(uint64_t *out, json_t *v)
{
	uint64_t x;

	if (zen_json_amount(v, 1, &x) || !x)
		return -1;
	*out = x;
	return 0;
}

struct outputs {
	struct zen_output *o;
	size_t n;
};

static void outputs_release(struct outputs *os)
{
	for (size_t i = 0; i < os->n; i++)
		zen_output_release(&os->o[i]);
	free(os->o);
	os->o = NULL;
	os->n = 0;
}

static int parse_output(struct zen_call *call, struct zen_output *o,
			json_t *item, int pk_only)
{
	const char *addr = json_string_value(json_object_get(item, "address"));
	const char *asset = json_string_value(json_object_get(item, "asset"));
	struct zen_address a;
	struct zen_err e = ZEN_ERR_INIT;

	if (!json_is_object(item))
		return zen_fail(&call->err, ZEN_EINVAL, "Json invalid: an output "
				"is not an object");
	if (pk_only ? zen_address_decode_pk(a.pk_hash, call->node->chain,
					    addr ? addr : "", &e)
		    : zen_address_decode_any(&a, call->node->chain,
					     addr ? addr : "", &e))
		return zen_fail(&call->err, ZEN_EINVAL, "Address is invalid: %s",
				e.msg);
	if (pk_only)
		a.is_contract = 0;
	if (!asset || zen_asset_parse(&o->spend.asset, asset, strlen(asset)))
		return zen_fail(&call->err, ZEN_EINVAL, "invalid asset");
	if (op_parse_amount(&o->spend.amount, json_object_get(item, "amount")))
		return zen_fail(&call->err, ZEN_EINVAL, "invalid amount (a whole "
				"number of kalapas, 1 to 18446744073709551615)");
	if (a.is_contract) {
		o->lock.id = ZEN_LOCK_CONTRACT;
		o->lock.cid = a.cid;
	} else {
		o->lock.id = ZEN_LOCK_PK;
		memcpy(o->lock.pk_hash, a.pk_hash, 32);
	}
	return 0;
}

/* Add e's message to all's, a space between (all keeps its first code). */
static void err_join(struct zen_err *all, const struct zen_err *e)
{
	size_t n = strlen(all->msg), room = sizeof(all->msg) - 1 - n;
	size_t m = strlen(e->msg);

	if (!all->code)
		all->code = e->code;
	if (n && room) {
		all->msg[n++] = ' ';
		room--;
	}
	if (m > room)	/* cut, as zen_fail cuts a long message */
		m = room;
	memcpy(all->msg + n, e->msg, m);
	all->msg[n + m] = 0;
}

/* outputs, or one output from address, asset (default 00) and amount.
 * Every bad output is named, as the reference does (api.md 12). */
static int parse_outputs(struct zen_call *call, struct outputs *os, int pk_only)
{
	json_t *list = json_object_get(call->args, "outputs"), *one = NULL, *item;
	struct zen_err all = ZEN_ERR_INIT;
	size_t i;

	os->o = NULL;
	os->n = 0;
	if (!list && zen_args_str(call->args, "address")) {
		json_t *amount = json_object_get(call->args, "amount");

		one = json_pack("[{s:s, s:s, s:O}]", "address",
				op_arg_str(call, "address"), "asset",
				zen_args_str(call->args, "asset") ?
				op_arg_str(call, "asset") : "00",
				"amount", amount ? amount : json_string(""));
		list = one;
	}
	if (!json_is_array(list) || !json_array_size(list)) {
		json_decref(one);
		return zen_fail(&call->err, ZEN_EINVAL, "Outputs is empty");
	}
	os->o = zen_xcalloc(json_array_size(list), sizeof(*os->o));
	json_array_foreach(list, i, item) {
		zen_output_init(&os->o[i]);
		os->n++;
		if (parse_output(call, &os->o[i], item, pk_only))
			err_join(&all, &call->err);
	}
	json_decref(one);
	if (!all.code)
		return 0;
	outputs_release(os);
	call->err = all;
	return all.code;
}

/* The input of a send: its errors joined with a space, the password's
 * first ("Password is empty Outputs is empty", api.md 12). */
static int send_input(struct zen_call *call, struct outputs *os,
		      const char **pw)
{
	struct zen_err all = ZEN_ERR_INIT;

	if (op_password_or_session(call, "password", pw))
		err_join(&all, &call->err);
	if (parse_outputs(call, os, 0))
		err_join(&all, &call->err);
	if (!all.code)
		return 0;
	call->err = all;
	return all.code;
}

/* Build an unsigned send from the view.  Out: tx, the coins and the
 * selection (which coin each input spends). */
static int build(struct zen_call *call, struct zen_wallet_view *v,
		 const struct outputs *os, struct zen_tx *tx,
		 struct zen_wallet_coin **coins, struct zen_coin_selection *sel)
{
	uint8_t pub[ZEN_PUBKEY_LEN], change[ZEN_HASH_LEN];
	size_t n = 0;
	int rc = zen_wallet_address_key(&v->account.xpub, ZEN_WADDR_CHANGE, 0,
					pub, change, &call->err);

	if (rc)
		return rc;
	zen_wallet_view_coins(v, coins, &n);
	rc = zen_wallet_build_send(tx, sel, *coins, n, os->o, os->n, change,
				   v->tip, call->node->params->coinbase_maturity,
				   &call->err);
	/* Refused by the state of the wallet rather than bad input. */
	if (rc && !strcmp(call->err.msg, "not enough tokens"))
		rc = zen_fail(&call->err, ZEN_EREFUSED, "Not enough tokens");
	return rc;
}

static int sign_tx(struct zen_call *call, struct zen_wallet_view *v,
		   struct zen_wallet_secret *s, struct zen_tx *tx,
		   const struct zen_wallet_coin *coins,
		   const struct zen_coin_selection *sel)
{
	size_t n = sel->n_picked;
	uint8_t (*keys)[ZEN_SECKEY_LEN] = secure_alloc(n ? n * ZEN_SECKEY_LEN : 1);
	int rc = 0;

	if (!keys)
		return zen_fail(&call->err, ZEN_EINTERNAL, "out of secure memory");
	for (size_t i = 0; !rc && i < n; i++) {
		const struct zen_waddr *a =
			zen_wallet_view_addr(v, coins[sel->picked[i]].pk_hash);

		rc = a ? zen_wallet_address_seckey(&s->account, a->kind, a->index,
						   keys[i], &call->err)
		       : zen_fail(&call->err, ZEN_EINTERNAL, "coin of no address");
	}
	if (!rc)
		rc = zen_wallet_sign_inputs(tx, (const uint8_t (*)[ZEN_SECKEY_LEN])keys,
					    n, ZEN_SIGHASH_TXHASH, &call->err);
	sodium_free(keys);
	if (!rc)
		zen_tx_finalize(tx);
	return rc;
}

/* Build and sign a send in a new spend: *sp is open on success (the
 * caller publishes or commits it), NULL on failure. */
static int signed_send(struct zen_call *call, struct zen_tx *tx,
		       struct zen_wallet_spend **sp)
{
	struct zen_wallet *w = call->wallet;
	struct zen_wallet_secret *s = NULL;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	struct zen_wallet_coin *coins = NULL;
	struct zen_coin_selection sel = ZEN_COIN_SELECTION_INIT;
	struct outputs os = { NULL, 0 };
	const char *pw;
	int rc;

	*sp = NULL;
	rc = send_input(call, &os, &pw) ?: op_wallet_unlock(call, w, pw, &s) ?:
	     op_spend_begin(call, w, sp, &v) ?:
	     build(call, &v, &os, tx, &coins, &sel) ?:
	     sign_tx(call, &v, s, tx, coins, &sel);
	if (rc) {
		zen_wallet_spend_abort(*sp);
		*sp = NULL;
	}
	zen_wallet_secret_free(s);
	zen_wallet_view_release(&v);
	zen_coin_selection_release(&sel);
	free(coins);
	outputs_release(&os);
	return rc;
}

/* Hand tx to the mempool.  Already in a block: 302 "transaction already
 * exists".  Already in the mempool is success only when known_ok (a raw
 * transaction published again): a spend that met its own transaction
 * there would acknowledge one payment twice. */
static int submit(struct zen_call *call, const struct zen_tx *tx, int known_ok)
{
	enum zen_tx_outcome outcome = ZEN_TX_INVALID;
	int rc = zen_chain_submit_tx(call->chain, &outcome, NULL, tx->raw,
				     tx->raw_len, &call->err);

	if (rc && known_ok && outcome == ZEN_TX_IN_MEMPOOL)
		rc = 0;
	if (rc && outcome == ZEN_TX_IN_BLOCK) {
		call->http_status = 302;
		return zen_fail(&call->err, ZEN_EREFUSED,
				"transaction already exists");
	}
	return rc;
}

int op_spend_begin(struct zen_call *call, struct zen_wallet *w,
		   struct zen_wallet_spend **sp, struct zen_wallet_view *v)
{
	*sp = NULL;
	return zen_wallet_spend_begin(w, call->chain, sp, v, &call->err);
}

int op_spend_commit(struct zen_call *call, struct zen_wallet_spend **sp,
		    const struct zen_tx *tx, enum zen_wallet_spend_kind kind)
{
	struct zen_wallet_spend *s = *sp;

	*sp = NULL;
	return zen_wallet_spend_commit(s, tx, kind, &call->err);
}

int op_spend_publish(struct zen_call *call, struct zen_wallet_spend **sp,
		     const struct zen_tx *tx)
{
	int rc = submit(call, tx, 0);

	if (rc) {
		zen_wallet_spend_abort(*sp);
		*sp = NULL;
		return rc;
	}
	return op_spend_commit(call, sp, tx, ZEN_WSPEND_SEND);
}

int op_wallet_send(struct zen_call *call)
{
	struct zen_wallet_spend *sp = NULL;
	struct zen_tx tx;
	int rc;

	zen_tx_init(&tx);
	rc = signed_send(call, &tx, &sp) ?: op_spend_publish(call, &sp, &tx);
	if (!rc)
		call->result = hex_json(tx.tx_hash, ZEN_HASH_LEN);
	zen_wallet_spend_abort(sp);
	zen_tx_release(&tx);
	return rc;
}

/* Signed but not published: its coins are held like a raw transaction's
 * (ZEN_WALLET_RAW_HOLD) until it reaches the mempool. */
int op_wallet_createtransaction(struct zen_call *call)
{
	struct zen_wallet_spend *sp = NULL;
	struct zen_tx tx;
	int rc;

	zen_tx_init(&tx);
	rc = signed_send(call, &tx, &sp) ?:
	     op_spend_commit(call, &sp, &tx, ZEN_WSPEND_RAW);
	if (!rc) {
		struct zen_buf hex = ZEN_BUF_INIT;

		zen_hex_encode(&hex, tx.raw, tx.raw_len);
		call->text = (char *)zen_buf_detach(&hex, NULL);
	}
	zen_wallet_spend_abort(sp);
	zen_tx_release(&tx);
	return rc;
}

static void raw_reply(struct zen_call *call, const struct zen_rawtx *rt)
{
	struct zen_buf b = ZEN_BUF_INIT;

	zen_rawtx_encode(&b, rt);
	call->result = json_pack("{s:o, s:o}", "txHash",
				 hex_json(rt->tx.tx_hash, ZEN_HASH_LEN),
				 "tx", hex_json(b.data, b.len));
	zen_buf_release(&b);
}

int op_rawtx_create(struct zen_call *call)
{
	struct zen_wallet *w = call->wallet;
	struct zen_wallet_spend *sp = NULL;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	struct zen_wallet_coin *coins = NULL;
	struct zen_coin_selection sel = ZEN_COIN_SELECTION_INIT;
	struct outputs os = { NULL, 0 };
	struct zen_rawtx rt;
	int rc;

	zen_rawtx_init(&rt);
	rc = parse_outputs(call, &os, 1) ?: op_spend_begin(call, w, &sp, &v) ?:
	     build(call, &v, &os, &rt.tx, &coins, &sel);
	for (size_t i = 0; !rc && i < sel.n_picked; i++) {
		const struct zen_waddr *a =
			zen_wallet_view_addr(&v, coins[sel.picked[i]].pk_hash);
		uint8_t pub[ZEN_PUBKEY_LEN], pkh[ZEN_HASH_LEN];
		char path[64];

		if (!a) {
			rc = zen_fail(&call->err, ZEN_EINTERNAL, "coin of no address");
			break;
		}
		rc = zen_wallet_address_key(&v.account.xpub, a->kind, a->index,
					    pub, pkh, &call->err);
		key_path(path, a->kind, a->index);
		if (!rc)
			zen_rawtx_add_empty(&rt, ZEN_SIGHASH_TXHASH, pub, path);
	}
	if (!rc) {
		zen_tx_compute_hash(rt.tx.tx_hash, &rt.tx);
		rc = op_spend_commit(call, &sp, &rt.tx, ZEN_WSPEND_RAW);
	}
	if (!rc)
		raw_reply(call, &rt);
	zen_wallet_spend_abort(sp);
	zen_wallet_view_release(&v);
	zen_coin_selection_release(&sel);
	free(coins);
	outputs_release(&os);
	zen_rawtx_release(&rt);
	return rc;
}

static int raw_param(struct zen_call *call, struct zen_rawtx *rt)
{
	struct zen_buf b = ZEN_BUF_INIT;
	const char *hex = op_arg_str(call, "tx");
	int rc = zen_hex_decode(&b, hex, strlen(hex), NULL) ?
		 zen_fail(&call->err, ZEN_EINVAL, "Invalid tx: decoding") :
		 zen_rawtx_decode(rt, b.data, b.len, &call->err);

	zen_buf_release(&b);
	return rc;
}

/* The inputs that spend wallet coins are reserved for this transaction
 * (ZEN_WALLET_RAW_HOLD from now); one reserved for another transaction
 * of this wallet refuses the signing. */
int op_rawtx_sign(struct zen_call *call)
{
	struct zen_wallet *w = call->wallet;
	struct zen_wallet_secret *s = NULL;
	struct zen_wallet_spend *sp = NULL;
	struct zen_wallet_view v = ZEN_WALLET_VIEW_INIT;
	struct zen_rawtx rt;
	const char *pw;
	size_t n = 0;
	int rc;

	zen_rawtx_init(&rt);
	rc = op_password_or_session(call, "password", &pw) ?:
	     raw_param(call, &rt) ?: op_wallet_unlock(call, w, pw, &s) ?:
	     zen_rawtx_sign(&rt, &s->master, &n, &call->err) ?:
	     op_spend_begin(call, w, &sp, &v) ?:
	     op_spend_commit(call, &sp, &rt.tx, ZEN_WSPEND_RAW);
	if (!rc)
		raw_reply(call, &rt);
	zen_wallet_spend_abort(sp);
	zen_wallet_view_release(&v);
	zen_wallet_secret_free(s);
	zen_rawtx_release(&rt);
	return rc;
}

int op_rawtx_publish(struct zen_call *call)
{
	struct zen_rawtx rt;
	struct zen_tx tx;
	int rc;

	zen_rawtx_init(&rt);
	zen_tx_init(&tx);
	rc = raw_param(call, &rt) ?: zen_rawtx_to_tx(&tx, &rt, &call->err) ?:
	     submit(call, &tx, 1);
	if (!rc)
		call->result = hex_json(tx.tx_hash, ZEN_HASH_LEN);
	zen_tx_release(&tx);
	zen_rawtx_release(&rt);
	return rc;
}
