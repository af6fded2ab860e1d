/* rawtx.c - raw transactions for offline signing (rawtx.h). */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "core/crypto/keys.h"
#include "core/wallet/rawtx.h"
#include "core/wallet/txbuild.h"

void zen_rawtx_init(struct zen_rawtx *rt)
{
	zen_tx_init(&rt->tx);
	rt->wits = NULL;
	rt->n_wits = rt->cap_wits = 0;
}

void zen_rawtx_release(struct zen_rawtx *rt)
{
	zen_tx_release(&rt->tx);
	for (size_t i = 0; i < rt->n_wits; i++)
		zen_witness_release(&rt->wits[i].wit);
	free(rt->wits);
	rt->wits = NULL;
	rt->n_wits = rt->cap_wits = 0;
}

static struct zen_rawwit *push(struct zen_rawtx *rt)
{
	struct zen_rawwit *w;

	ZEN_GROW(rt->wits, rt->n_wits + 1, rt->cap_wits);
	w = &rt->wits[rt->n_wits++];
	memset(w, 0, sizeof(*w));
	zen_witness_init(&w->wit);
	return w;
}

void zen_rawtx_add_empty(struct zen_rawtx *rt, uint8_t sighash,
			 const uint8_t pubkey[ZEN_PUBKEY_LEN], const char *path)
{
	struct zen_rawwit *w = push(rt);

	w->empty = 1;
	w->sighash = sighash;
	memcpy(w->pubkey, pubkey, ZEN_PUBKEY_LEN);
	snprintf(w->path, sizeof(w->path), "%s", path);
}

void zen_rawtx_encode(struct zen_buf *out, const struct zen_rawtx *rt)
{
	struct zen_buf p = ZEN_BUF_INIT;

	zen_tx_encode(out, &rt->tx, ZEN_TX_WITHOUT_WITNESS);
	zen_write_varint(out, (uint32_t)rt->n_wits);
	for (size_t i = 0; i < rt->n_wits; i++) {
		const struct zen_rawwit *w = &rt->wits[i];

		zen_buf_reset(&p);
		if (w->empty) {
			zen_write_u8(&p, w->sighash);
			zen_buf_add(&p, w->pubkey, ZEN_PUBKEY_LEN);
			zen_write_string(&p, w->path, strlen(w->path));
		} else {
			zen_witness_write(&p, &w->wit);
		}
		zen_write_varint(out, w->empty ? 1 : 0);
		zen_write_varint(out, (uint32_t)p.len);
		zen_buf_add(out, p.data, p.len);
	}
	zen_buf_release(&p);
}

static int read_prefix(struct zen_reader *r, struct zen_tx *tx)
{
	uint32_t n;
	uint8_t opt;

	if (zen_read_u32(r, &tx->version, NULL) || zen_read_varint(r, &n, NULL) ||
	    n > zen_reader_left(r))
		return -1;
	tx->inputs = zen_xcalloc(n ? n : 1, sizeof(*tx->inputs));
	for (uint32_t i = 0; i < n; i++, tx->n_inputs++)
		if (zen_input_read(r, &tx->inputs[i], NULL))
			return -1;
	if (zen_read_varint(r, &n, NULL) || n > zen_reader_left(r))
		return -1;
	tx->outputs = zen_xcalloc(n ? n : 1, sizeof(*tx->outputs));
	for (uint32_t i = 0; i < n; i++) {
		zen_output_init(&tx->outputs[i]);
		tx->n_outputs++;
		if (zen_output_read(r, &tx->outputs[i], NULL))
			return -1;
	}
	if (zen_read_u8(r, &opt, NULL) || opt > 1)
		return -1;
	tx->has_contract = opt;
	if (opt && zen_contract_read(r, &tx->contract, NULL))
		return -1;
	return 0;
}

/* A key path is ASCII ("m/44'/258'/0'/0/0"): anything else could not be
 * encoded back as it came, and never names a key. */
static int path_text(const uint8_t *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] < 0x20 || s[i] > 0x7e)
			return 0;
	return 1;
}

static int read_wit(struct zen_rawtx *rt, struct zen_reader *r)
{
	uint32_t id, len;
	const uint8_t *p;
	struct zen_reader pr;
	struct zen_rawwit *w;

	if (zen_read_varint(r, &id, NULL) || zen_read_varint(r, &len, NULL) ||
	    zen_read_view(r, &p, len, NULL) || id > 1)
		return -1;
	w = push(rt);
	zen_reader_init(&pr, p, len);
	if (id == 0) {
		if (zen_witness_read(&pr, &w->wit, NULL))
			return -1;
	} else {
		const uint8_t *s;
		size_t n;

		w->empty = 1;
		if (zen_read_u8(&pr, &w->sighash, NULL) ||
		    zen_read_fixed(&pr, w->pubkey, ZEN_PUBKEY_LEN, NULL) ||
		    zen_read_bytes_view(&pr, &s, &n, NULL) ||
		    n >= ZEN_RAWTX_PATH_MAX || !path_text(s, n))
			return -1;
		memcpy(w->path, s, n);
		w->path[n] = 0;
	}
	return zen_reader_left(&pr) ? -1 : 0;
}

int zen_rawtx_decode(struct zen_rawtx *rt, const uint8_t *p, size_t len,
		     struct zen_err *err)
{
	struct zen_reader r;
	uint32_t n;

	zen_rawtx_release(rt);
	zen_reader_init(&r, p, len);
	if (read_prefix(&r, &rt->tx) || zen_read_varint(&r, &n, NULL) ||
	    n > zen_reader_left(&r))
		goto bad;
	for (uint32_t i = 0; i < n; i++)
		if (read_wit(rt, &r))
			goto bad;
	if (zen_reader_left(&r))
		goto bad;
	zen_tx_compute_hash(rt->tx.tx_hash, &rt->tx);
	return 0;
bad:
	zen_rawtx_release(rt);
	return zen_fail(err, ZEN_EINVAL, "Invalid tx: decoding");
}

int zen_rawtx_sign(struct zen_rawtx *rt, const struct zen_xprv *master,
		   size_t *n_signed, struct zen_err *err)
{
	struct zen_xprv *k = sodium_init() < 0 ? NULL : sodium_malloc(sizeof(*k));
	struct zen_witness *following = NULL;
	int rc = 0;

	*n_signed = 0;
	if (!k)
		return zen_fail(err, ZEN_EINTERNAL, "out of secure memory");
	zen_tx_compute_hash(rt->tx.tx_hash, &rt->tx);
	for (size_t i = rt->n_wits; !rc && i-- > 0;) {
		struct zen_rawwit *w = &rt->wits[i];
		uint8_t pub[ZEN_PUBKEY_LEN], msg[ZEN_HASH_LEN];
		size_t nf = rt->n_wits - i - 1;
		int later_done = 1;

		if (!w->empty)
			continue;
		if (w->sighash != ZEN_SIGHASH_TXHASH &&
		    w->sighash != ZEN_SIGHASH_FOLLOWING)
			continue;
		if (zen_bip32_derive_text(k, master, w->path, NULL) ||
		    zen_pubkey_from_seckey(pub, k->key, NULL) ||
		    memcmp(pub, w->pubkey, ZEN_PUBKEY_LEN))
			continue;	/* another signer's input */
		free(following);
		following = zen_xcalloc(nf ? nf : 1, sizeof(*following));
		for (size_t j = 0; j < nf; j++) {
			if (rt->wits[i + 1 + j].empty)
				later_done = 0;
			following[j] = rt->wits[i + 1 + j].wit;	/* view */
		}
		if (w->sighash == ZEN_SIGHASH_FOLLOWING && !later_done)
			continue;
		rc = zen_sighash_message(msg, rt->tx.tx_hash, w->sighash,
					 following, nf, err);
		if (!rc) {
			zen_witness_init(&w->wit);
			w->wit.id = ZEN_WITNESS_PK;
			w->wit.sighash = w->sighash;
			memcpy(w->wit.pubkey, pub, ZEN_PUBKEY_LEN);
			rc = zen_ecdsa_sign(w->wit.signature, msg, k->key, err);
		}
		if (!rc) {
			w->empty = 0;
			(*n_signed)++;
		}
	}
	free(following);
	sodium_free(k);
	return rc;
}

int zen_rawtx_to_tx(struct zen_tx *tx, const struct zen_rawtx *rt,
		    struct zen_err *err)
{
	struct zen_buf b = ZEN_BUF_INIT;
	int rc;

	zen_tx_release(tx);
	for (size_t i = 0; i < rt->n_wits; i++)
		if (rt->wits[i].empty)
			return zen_fail(err, ZEN_EREFUSED,
					"raw transaction is not fully signed");
	zen_tx_encode(&b, &rt->tx, ZEN_TX_WITHOUT_WITNESS);
	zen_write_varint(&b, (uint32_t)rt->n_wits);
	for (size_t i = 0; i < rt->n_wits; i++)
		zen_witness_write(&b, &rt->wits[i].wit);
	rc = zen_tx_decode(tx, b.data, b.len, NULL);
	zen_buf_release(&b);
	if (rc)
		return zen_fail(err, ZEN_EINVAL, "Invalid tx: decoding");
	return 0;
}
