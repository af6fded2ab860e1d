/*
 * testtx - make fully signed transactions for the black-box tests.
 *
 *   testtx --mnemonic WORDS [--path PATH] [--chain local|test|main]
 *          --input TXHASH:INDEX:AMOUNT[:coinbase=BLOCKNUMBER] ...
 *          --output ADDRESS:AMOUNT ... [--fee AMOUNT]
 *          [--sighash txhash|following] [--allow-unbalanced] [--txhash]
 *   testtx --mnemonic WORDS [--path PATH] [--chain C] --address|--pkhash|--pubkey
 *   testtx --verify HEX
 *
 * The transaction is version 0, spends the inputs in the given order (all
 * owned by the key at PATH, default m/44'/258'/0'/0/0), pays the outputs
 * in the given order (PK or contract addresses of the chain, ZP amounts in
 * kalapas), then one Fee output when --fee is given and nonzero.  Each
 * input gets a PK witness signed with the key, as the wallet signs
 * (wallet.md 11.2): the last input uses --sighash (default txhash), the
 * others TxHash.  The input amounts (and the coinbase block number, which
 * only describes the spent output: a Coinbase output is signed like a PK
 * one) serve the balance check, inputs = outputs + fee, which
 * --allow-unbalanced skips (to make transactions the node must refuse).
 *
 * Prints the hex of the signed transaction, or with --txhash its hash.
 * --verify decodes a transaction and checks the signature of each of its
 * PK witnesses against the message of its sighash (protocol.md 3.8),
 * printing "N PK witness signature(s) verify" or failing on the first bad
 * one.
 * Exit status: 0, 2 for usage errors, 1 when the transaction cannot be
 * made.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/consensus/address.h"
#include "core/base/buf.h"
#include "core/encoding/hex.h"
#include "core/types/tx.h"
#include "core/wallet/bip32.h"
#include "core/wallet/bip39.h"
#include "core/crypto/keys.h"
#include "core/wallet/txbuild.h"

#define MAX_ITEMS 10000

static const char usage[] =
	"usage: testtx --mnemonic WORDS [--path PATH] [--chain local|test|main]\n"
	"              --input TXHASH:INDEX:AMOUNT[:coinbase=BLOCKNUMBER] ...\n"
	"              --output ADDRESS:AMOUNT ... [--fee AMOUNT]\n"
	"              [--sighash txhash|following] [--allow-unbalanced] [--txhash]\n"
	"   or: testtx --mnemonic WORDS [--path PATH] [--chain C] "
	"--address|--pkhash|--pubkey\n"
	"   or: testtx --verify HEX\n";

ZEN_NORETURN ZEN_PRINTF(2, 3)
static void die(int code, const char *fmt, ...);

static void die(int code, const char *fmt, ...)
{
	va_list ap;

	fputs("testtx: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(code);
}

/* Strict decimal u64 of s[0..len). */
static int parse_u64(uint64_t *out, const char *s, size_t len)
{
	uint64_t v = 0;

	if (!len || len > 20)
		return -1;
	for (size_t i = 0; i < len; i++) {
		unsigned d;

		if (s[i] < '0' || s[i] > '9')
			return -1;
		d = (unsigned)(s[i] - '0');
		if (v > (UINT64_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

struct in_spec {
	struct zen_outpoint op;
	uint64_t amount;
	int coinbase;
	uint64_t coinbase_block;
};

/* TXHASH:INDEX:AMOUNT[:coinbase=BLOCKNUMBER] */
static void parse_input(struct in_spec *in, const char *arg)
{
	const char *p = strchr(arg, ':'), *q, *r;
	uint64_t index;

	memset(in, 0, sizeof(*in));
	if (!p || p - arg != 2 * ZEN_HASH_LEN)
		die(2, "invalid --input '%s': expected TXHASH:INDEX:AMOUNT", arg);
	{
		char hex[2 * ZEN_HASH_LEN + 1];

		memcpy(hex, arg, 2 * ZEN_HASH_LEN);
		hex[2 * ZEN_HASH_LEN] = 0;
		if (zen_hex_decode_fixed(in->op.tx_hash, ZEN_HASH_LEN, hex,
					 NULL))
			die(2, "invalid --input '%s': bad tx hash", arg);
	}
	q = strchr(p + 1, ':');
	if (!q || parse_u64(&index, p + 1, (size_t)(q - p - 1)) ||
	    index > UINT32_MAX)
		die(2, "invalid --input '%s': bad index", arg);
	in->op.index = (uint32_t)index;
	r = strchr(q + 1, ':');
	if (parse_u64(&in->amount, q + 1,
		      r ? (size_t)(r - q - 1) : strlen(q + 1)))
		die(2, "invalid --input '%s': bad amount", arg);
	if (r) {
		if (strncmp(r + 1, "coinbase=", 9) ||
		    parse_u64(&in->coinbase_block, r + 10, strlen(r + 10)) ||
		    in->coinbase_block > UINT32_MAX)
			die(2, "invalid --input '%s': expected "
			    "coinbase=BLOCKNUMBER after the amount", arg);
		in->coinbase = 1;
	}
}

/* ADDRESS:AMOUNT into an initialized output. */
static void parse_output(struct zen_output *o, enum zen_chain chain,
			 const char *arg)
{
	const char *colon = strrchr(arg, ':');
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_address addr;
	char *text;

	if (!colon || parse_u64(&o->spend.amount, colon + 1, strlen(colon + 1)))
		die(2, "invalid --output '%s': expected ADDRESS:AMOUNT", arg);
	text = zen_xmemdup(arg, (size_t)(colon - arg) + 1);
	text[colon - arg] = 0;
	if (zen_address_decode_any(&addr, chain, text, &err))
		die(2, "invalid --output '%s': %s", arg, err.msg);
	free(text);
	if (addr.is_contract) {
		o->lock.id = ZEN_LOCK_CONTRACT;
		o->lock.cid = addr.cid;
	} else {
		o->lock.id = ZEN_LOCK_PK;
		memcpy(o->lock.pk_hash, addr.pk_hash, ZEN_HASH_LEN);
	}
}

static void derive_key(struct zen_xprv *key, const char *mnemonic,
		       const char *path)
{
	uint8_t seed[ZEN_BIP39_SEED_LEN];
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_xprv master;
	int ret = zen_bip39_check(NULL, NULL, mnemonic, &err);

	if (!ret)
		ret = zen_bip39_seed(seed, mnemonic, NULL, &err);
	if (!ret)
		ret = zen_bip32_master(&master, seed, sizeof(seed), &err);
	if (!ret) {
		ret = zen_bip32_derive_text(key, &master, path, &err);
		zen_xprv_wipe(&master);
	}
	memset(seed, 0, sizeof(seed));
	if (ret)
		die(2, "%s", err.msg);
}

/* --verify: every PK witness signs its sighash message. */
static int verify_tx(const char *hex_text)
{
	struct zen_buf raw = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_tx tx;
	size_t n_pk = 0;

	zen_tx_init(&tx);
	if (zen_hex_decode(&raw, hex_text, strlen(hex_text), &err) ||
	    zen_tx_decode(&tx, raw.data, raw.len, &err))
		die(2, "cannot decode the transaction: %s", err.msg);
	if (tx.raw_len != raw.len)
		die(2, "trailing bytes after the transaction");
	for (size_t i = 0; i < tx.n_witnesses; i++) {
		const struct zen_witness *w = &tx.witnesses[i];
		uint8_t msg[ZEN_HASH_LEN];

		if (w->id != ZEN_WITNESS_PK)
			continue;
		if (zen_sighash_message(msg, tx.tx_hash, w->sighash,
					w + 1, tx.n_witnesses - i - 1, &err))
			die(1, "witness %zu: %s", i, err.msg);
		if (!zen_ecdsa_verify(w->signature, msg, w->pubkey))
			die(1, "witness %zu: invalid signature", i);
		n_pk++;
	}
	printf("%zu PK witness signature(s) verify\n", n_pk);
	zen_tx_release(&tx);
	zen_buf_release(&raw);
	return 0;
}

int main(int argc, char **argv)
{
	const char *mnemonic = NULL, *path = ZEN_WALLET_EXTERNAL_PATH;
	const char *chain_name = "local", *sighash_name = "txhash";
	const char *show = NULL, *fee_arg = NULL;
	const char **in_args, **out_args;
	size_t n_in = 0, n_out = 0;
	int allow_unbalanced = 0, print_hash = 0;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_buf b = ZEN_BUF_INIT, hex = ZEN_BUF_INIT;
	uint8_t pub[ZEN_PUBKEY_LEN], pk_hash[ZEN_HASH_LEN];
	uint8_t (*keys)[ZEN_SECKEY_LEN];
	uint64_t fee = 0, in_sum = 0, out_sum = 0;
	enum zen_chain chain;
	struct zen_xprv key;
	struct zen_tx tx;
	uint8_t sighash;

	if (argc >= 2 && !strcmp(argv[1], "--verify")) {
		if (argc != 3)
			die(2, "--verify takes one transaction and nothing "
			    "else\n%s", usage);
		return verify_tx(argv[2]);
	}
	in_args = zen_xcalloc((size_t)argc, sizeof(*in_args));
	out_args = zen_xcalloc((size_t)argc, sizeof(*out_args));
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int takes = !strcmp(a, "--mnemonic") || !strcmp(a, "--path") ||
			    !strcmp(a, "--chain") || !strcmp(a, "--input") ||
			    !strcmp(a, "--output") || !strcmp(a, "--fee") ||
			    !strcmp(a, "--sighash");

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(usage, stdout);
			return 0;
		}
		if (takes && i + 1 >= argc)
			die(2, "%s needs a value\n%s", a, usage);
		if (!strcmp(a, "--mnemonic"))
			mnemonic = argv[++i];
		else if (!strcmp(a, "--path"))
			path = argv[++i];
		else if (!strcmp(a, "--chain"))
			chain_name = argv[++i];
		else if (!strcmp(a, "--input"))
			in_args[n_in++] = argv[++i];
		else if (!strcmp(a, "--output"))
			out_args[n_out++] = argv[++i];
		else if (!strcmp(a, "--fee"))
			fee_arg = argv[++i];
		else if (!strcmp(a, "--sighash"))
			sighash_name = argv[++i];
		else if (!strcmp(a, "--allow-unbalanced"))
			allow_unbalanced = 1;
		else if (!strcmp(a, "--txhash"))
			print_hash = 1;
		else if (!strcmp(a, "--address") || !strcmp(a, "--pkhash") ||
			 !strcmp(a, "--pubkey"))
			show = a + 2;
		else
			die(2, "unknown argument '%s'\n%s", a, usage);
	}
	if (!mnemonic)
		die(2, "--mnemonic is required\n%s", usage);
	if (zen_chain_from_name(&chain, chain_name, &err))
		die(2, "%s", err.msg);
	if (!strcmp(sighash_name, "txhash"))
		sighash = ZEN_SIGHASH_TXHASH;
	else if (!strcmp(sighash_name, "following"))
		sighash = ZEN_SIGHASH_FOLLOWING;
	else
		die(2, "--sighash must be txhash or following");
	if (fee_arg && parse_u64(&fee, fee_arg, strlen(fee_arg)))
		die(2, "invalid --fee '%s'", fee_arg);

	derive_key(&key, mnemonic, path);
	if (zen_pubkey_from_seckey(pub, key.key, &err))
		die(1, "%s", err.msg);
	zen_pubkey_hash(pk_hash, pub);
	if (show) {
		if (n_in || n_out || fee_arg)
			die(2, "--%s takes no inputs or outputs", show);
		if (!strcmp(show, "address"))
			zen_address_pk(&b, chain, pk_hash);
		else if (!strcmp(show, "pkhash"))
			zen_hex_encode(&b, pk_hash, ZEN_HASH_LEN);
		else
			zen_hex_encode(&b, pub, ZEN_PUBKEY_LEN);
		printf("%s\n", zen_buf_str(&b));
		goto out;
	}
	if (!n_in || !n_out)
		die(2, "at least one --input and one --output are required\n%s",
		    usage);
	if (n_in > MAX_ITEMS || n_out > MAX_ITEMS)
		die(2, "at most %d inputs and outputs", MAX_ITEMS);

	zen_tx_init(&tx);
	tx.version = 0;
	tx.inputs = zen_xcalloc(n_in, sizeof(*tx.inputs));
	tx.n_inputs = n_in;
	for (size_t i = 0; i < n_in; i++) {
		struct in_spec in;

		parse_input(&in, in_args[i]);
		tx.inputs[i].kind = ZEN_INPUT_OUTPOINT;
		tx.inputs[i].outpoint = in.op;
		if (in_sum + in.amount < in_sum)
			die(2, "input amounts overflow");
		in_sum += in.amount;
	}
	tx.outputs = zen_xcalloc(n_out + 1, sizeof(*tx.outputs));
	for (size_t i = 0; i < n_out; i++) {
		zen_output_init(&tx.outputs[i]);
		parse_output(&tx.outputs[i], chain, out_args[i]);
		if (out_sum + tx.outputs[i].spend.amount < out_sum)
			die(2, "output amounts overflow");
		out_sum += tx.outputs[i].spend.amount;
	}
	tx.n_outputs = n_out;
	if (fee) {
		zen_output_init(&tx.outputs[n_out]);
		tx.outputs[n_out].lock.id = ZEN_LOCK_FEE;
		tx.outputs[n_out].spend.amount = fee;
		tx.n_outputs++;
		if (out_sum + fee < out_sum)
			die(2, "output amounts overflow");
		out_sum += fee;
	}
	if (!allow_unbalanced && in_sum != out_sum)
		die(2, "inputs (%llu) do not balance outputs + fee (%llu); "
		    "--allow-unbalanced makes it anyway",
		    (unsigned long long)in_sum, (unsigned long long)out_sum);

	keys = zen_xcalloc(n_in, sizeof(*keys));
	for (size_t i = 0; i < n_in; i++)
		memcpy(keys[i], key.key, ZEN_SECKEY_LEN);
	if (zen_wallet_sign_inputs(&tx, (const uint8_t (*)[ZEN_SECKEY_LEN])keys,
				   n_in, sighash, &err))
		die(1, "cannot sign: %s", err.msg);
	memset(keys, 0, n_in * sizeof(*keys));
	free(keys);
	zen_tx_finalize(&tx);
	if (print_hash)
		zen_hex_encode(&hex, tx.tx_hash, ZEN_HASH_LEN);
	else
		zen_hex_encode(&hex, tx.raw, tx.raw_len);
	printf("%s\n", zen_buf_str(&hex));
	zen_tx_release(&tx);
out:
	zen_xprv_wipe(&key);
	zen_buf_release(&b);
	zen_buf_release(&hex);
	free(in_args);
	free(out_args);
	return 0;
}
