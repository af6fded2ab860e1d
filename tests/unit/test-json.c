/*
 * Unit tests of the reference JSON encoders (src/ops/json_tx.h) against
 * the shapes of api.md sections 3.1-3.10.
 *
 * Every expected text below was written by hand from api.md (field names,
 * field order, which values are strings and which numbers) and from the
 * vectors for the values (pk hashes, addresses, contract ids, hashes):
 * nothing was copied from the encoders' output.  Each result is compared
 * twice: structurally (json_equal) and as compact text in insertion
 * order, because the key order is part of the reference shape.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/consensus/address.h"
#include "core/base/buf.h"
#include "core/encoding/hex.h"
#include "ops/json_tx.h"
#include "tap.h"

/* ---- values from the vectors (addresses.json, wallet.json,
 * contract_ids.json, transactions.json) ---- */

/* pk hash of the test wallet key m/44'/258'/0'/0/0 */
#define PKH_A "30759b07ca01caf8e524fc279946a1e96afc3546ee5f1fd4a1cfaf644763c2b4"
#define ADDR_A_TEST "tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr"
#define ADDR_A_MAIN "zen1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qjk4wvz"
/* its public key (SHA3 of it is PKH_A) */
#define PUBKEY_A "02b43a1cb4cb6472e1fcd71b237eb9c1378335cd200dd07536594348d9e450967e"
/* change key m/44'/258'/0'/1/0 */
#define PKH_B "9b95835b9af67bdc345c0ae879b93a58d0f3f90784c982a2da52fbd71d8700a3"
#define ADDR_B_TEST "tzn1qnw2cxku67eaacdzupt58nwf6trg087g8snyc9gk62taaw8v8qz3sy7v0d9"
/* the API tests' sendTo address */
#define PKH_C "2b0f0c3e50543dea575f330d86a3dd01a39c97c352243352139b799ff533c3bd"
#define ADDR_C_TEST "tzn1q9v8sc0js2s77546lxvxcdg7aqx3ee97r2gjrx5snnduelafncw7sz5hhpf"
/* the sample contract */
#define CID "0000000060de85a214850bf6192e7c4416fbccaf3cfcc0a927dd6b770a70ff08d24046d3"
#define CADDR_TEST "ctzn1qqqqqqqrqm6z6y9y9p0mpjtnugst0hn908n7vp2f8m44hwznsluydyszx6vjk2kpw"
#define CADDR_MAIN "czen1qqqqqqqrqm6z6y9y9p0mpjtnugst0hn908n7vp2f8m44hwznsluydyszx6vur49sl"
/* the main-net CGP contract */
#define CID_CGP "00000000cdaa2a511cd2e1d07555b00314d1be40a649d3b6f419eb1e4e7a8e63240a36d1"
#define CADDR_CGP_MAIN "czen1qqqqqqqxd4g49z8xju8g824dsqv2dr0jq5eya8dh5r843unn63e3jgz3k6yt4ljj3"
/* the genesis coinbase of the API tests, and the signature of signed-pk-tx */
#define TXH_GEN "835300081736d721821c6316bd8f2324ce973e02ab3e579e1230c30bd5f02f17"
#define SIG "0b6be83f6eb9f27d76020f1805d08aac2a3f38860177ff5ebd2cb32081094d04" \
	"4474e9636c3ee6c5b599ef9e93268d5d80c4abf1d4625e8e95c0ed5d6741d9b1"
#define SUBTYPE "0102030405060708090a0b0c0d0e0f10" \
	"1112131415161718191a1b1c1d1e1f20"
#define ZEROS72 "0000000000000000000000000000000000000000000000000000000000000000" \
	"00000000"

/* ---- harness ---- */

/*
 * Compare got (consumed) with the hand-written JSON text want: the same
 * JSON value (json_equal) and the same compact text (key order).
 */
static int check_json(json_t *got, const char *want, const char *name)
{
	json_error_t jerr;
	json_t *w = zen_json_loadb(want, strlen(want),
				   JSON_DECODE_ANY | JSON_ALLOW_NUL, &jerr);
	char *gs, *ws;
	int ok;

	if (!w) {
		tap_ok(0, "%s: expected text parses", name);
		tap_diag("%s at column %d", jerr.text, jerr.column);
		json_decref(got);
		return 0;
	}
	gs = zen_json_dumps(got, JSON_COMPACT | JSON_ENCODE_ANY);
	ws = zen_json_dumps(w, JSON_COMPACT | JSON_ENCODE_ANY);
	ok = tap_ok(got && json_equal(got, w), "%s (structure)", name);
	if (!ok)
		tap_diag("got:  %s\n# want: %s", gs ? gs : "(null)", ws);
	ok &= tap_str(gs, ws, "%s (compact text, key order)", name);
	free(gs);
	free(ws);
	json_decref(w);
	json_decref(got);
	return ok;
}

/* The member key of obj (a new reference); obj is consumed. */
static json_t *take(json_t *obj, const char *key)
{
	json_t *m = json_incref(json_object_get(obj, key));

	json_decref(obj);
	return m;
}

static void hexb(uint8_t *out, size_t n, const char *hex)
{
	if (zen_hex_decode_fixed(out, n, hex, NULL)) {
		printf("Bail out! bad hex in the test: %s\n", hex);
		exit(99);
	}
}

static void cid_of(struct zen_contract_id *cid, const char *text)
{
	if (zen_contract_id_parse(cid, text, NULL)) {
		printf("Bail out! bad contract id in the test: %s\n", text);
		exit(99);
	}
}

/* A data value decoded from hex written by hand after protocol.md 2.14. */
static struct zen_data *data_of(const char *hex)
{
	struct zen_buf b = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;
	struct zen_data *d = zen_xmalloc(sizeof(*d));
	size_t used = 0;

	zen_data_init(d);
	if (zen_hex_decode(&b, hex, strlen(hex), &err) ||
	    zen_data_decode(d, b.data, b.len, &used, &err) || used != b.len) {
		printf("Bail out! bad data hex in the test: %s (%s)\n", hex,
		       err.msg);
		exit(99);
	}
	zen_buf_release(&b);
	return d;
}

static void data_free(struct zen_data *d)
{
	zen_data_release(d);
	free(d);
}

static void check_data(const char *hex, enum zen_chain chain,
		       const char *want, const char *name)
{
	struct zen_data *d = data_of(hex);

	check_json(zen_json_data(d, chain), want, name);
	data_free(d);
}

/* ---- numbers above INT64_MAX (json_num.h) ---- */

/* text read with zen_json_loadb and dumped with flags gives want */
static void round_trip(const char *text, size_t flags, const char *want,
		       const char *name)
{
	json_t *v = zen_json_loadb(text, strlen(text), JSON_DECODE_ANY, NULL);
	char *s = v ? zen_json_dumps(v, flags | JSON_ENCODE_ANY) : NULL;

	tap_str(s, want, "%s", name);
	free(s);
	json_decref(v);
}

static void test_numbers(void)
{
	const char *big = "[18446744073709551615,9223372036854775807,"
			  "9223372036854775808,-9223372036854775808,"
			  "10000000000000000000000,\"18446744073709551616\"]";
	json_t *v = zen_json_loadb(big, strlen(big), 0, NULL), *m;
	json_error_t jerr;
	uint64_t u;

	tap_str(zen_json_big_digits(json_array_get(v, 0)),
		"18446744073709551615", "2^64 - 1 read as a marker");
	tap_ok(json_integer_value(json_array_get(v, 1)) == INT64_MAX,
	       "INT64_MAX stays an integer");
	tap_str(zen_json_big_digits(json_array_get(v, 2)),
		"9223372036854775808", "INT64_MAX + 1 read as a marker");
	tap_ok(json_integer_value(json_array_get(v, 3)) == INT64_MIN,
	       "INT64_MIN stays an integer");
	tap_str(zen_json_big_digits(json_array_get(v, 4)),
		"10000000000000000000000", "past 64 bits: a marker too");
	tap_ok(json_is_string(json_array_get(v, 5)) &&
	       !zen_json_big_digits(json_array_get(v, 5)),
	       "digits in a string stay a string");
	json_decref(v);
	round_trip(big, JSON_COMPACT, big, "the same text printed again");
	round_trip("{\"a\":{\"u64\":18446744073709551615},\"b\":[1]}",
		   JSON_INDENT(2),
		   "{\n  \"a\": {\n    \"u64\": 18446744073709551615\n  },\n"
		   "  \"b\": [\n    1\n  ]\n}", "indented");
	tap_ok(!zen_json_loadb("[1.5,1e400]", 11, 0, &jerr),
	       "1e400: jansson's error, as before (%s)", jerr.text);
	round_trip("[1.5,-2.5e3,12345678901234567890.5]", JSON_COMPACT,
		   "[1.5,-2500.0,1.2345678901234567e19]",
		   "reals are jansson's, however long");
	tap_ok(!zen_json_loadb("[-9223372036854775809]", 22, 0, &jerr),
	       "below INT64_MIN: jansson's error (%s)", jerr.text);
	/* no string prints as a number, even one spelling the marker */
	round_trip("[\"{\\\"\\\\u0001u64\\\":\\\"5\\\"}\",\"\\u0001u64\"]",
		   JSON_COMPACT,
		   "[\"{\\\"\\\\u0001u64\\\":\\\"5\\\"}\",\"\\u0001u64\"]",
		   "a string holding the marker's text stays a string");
	round_trip("{\"k\":{\"\\u0001u64\":\"18446744073709551615\"}}",
		   JSON_COMPACT, "{\"k\":18446744073709551615}",
		   "a client's marker object is that number");
	/* what a marker holds is what JSON writes of a number past
	 * INT64_MAX: anything else stays the object it is, so that what
	 * zen prints reads back the same (the fuzz harness args checks) */
	round_trip("[{\"\\u0001u64\":\"5\"},{\"\\u0001u64\":\"5x\"},"
		   "{\"\\u0001u64\":\"018446744073709551615\"}]", JSON_COMPACT,
		   "[{\"\\u0001u64\":\"5\"},{\"\\u0001u64\":\"5x\"},"
		   "{\"\\u0001u64\":\"018446744073709551615\"}]",
		   "a small number, not digits, a leading zero: no marker");
	m = zen_json_u64(UINT64_MAX);
	tap_ok(!zen_json_amount(m, 0, &u) && u == UINT64_MAX,
	       "an amount of 2^64 - 1 read from a marker");
	json_decref(m);
	m = zen_json_loadb("18446744073709551616", 20, JSON_DECODE_ANY, NULL);
	tap_ok(zen_json_amount(m, 0, &u) == -1, "2^64: no amount");
	json_decref(m);
	m = zen_json_u64((uint64_t)INT64_MAX);
	tap_ok(json_is_integer(m), "zen_json_u64(INT64_MAX): an integer");
	json_decref(m);
}

/* ---- harness self-check: the text comparison sees key order ---- */

static void test_harness(void)
{
	json_t *a = json_loads("{\"a\":1,\"b\":2}", 0, NULL);
	json_t *b = json_loads("{\"b\":2,\"a\":1}", 0, NULL);
	char *as = json_dumps(a, JSON_COMPACT), *bs = json_dumps(b, JSON_COMPACT);

	tap_ok(json_equal(a, b) && strcmp(as, bs) != 0,
	       "harness: reordered keys are equal as values but differ as text");
	free(as);
	free(bs);
	json_decref(a);
	json_decref(b);
}

/* ---- 3.1 spend, outpoint, input ---- */

static void test_spend_outpoint_input(void)
{
	struct zen_spend s;
	struct zen_outpoint op;
	struct zen_input in;

	memset(&s, 0, sizeof(s));
	s.amount = 2300000000000ULL;
	check_json(zen_json_spend(&s),
		   "{\"asset\":\"00\",\"amount\":\"2300000000000\"}",
		   "spend of ZP: asset \"00\", amount a decimal string");
	s.amount = 0;
	check_json(zen_json_spend(&s), "{\"asset\":\"00\",\"amount\":\"0\"}",
		   "spend of zero kalapas");

	cid_of(&s.asset.cid, CID);
	s.amount = 1000;
	check_json(zen_json_spend(&s),
		   "{\"asset\":\"" CID "\",\"amount\":\"1000\"}",
		   "spend of a contract's default asset: 72-hex asset");

	hexb(s.asset.subtype, 32, SUBTYPE);
	s.amount = UINT64_MAX;
	check_json(zen_json_spend(&s),
		   "{\"asset\":\"" CID SUBTYPE "\","
		   "\"amount\":\"18446744073709551615\"}",
		   "spend of a sub-typed asset: 136-hex asset, u64 max amount "
		   "exact");

	memset(&op, 0, sizeof(op));
	hexb(op.tx_hash, 32, TXH_GEN);
	check_json(zen_json_outpoint(&op),
		   "{\"txHash\":\"" TXH_GEN "\",\"index\":0}",
		   "outpoint: index is a number");
	op.index = UINT32_MAX;
	check_json(zen_json_outpoint(&op),
		   "{\"txHash\":\"" TXH_GEN "\",\"index\":4294967295}",
		   "outpoint with index 2^32-1");

	memset(&in, 0, sizeof(in));
	in.kind = ZEN_INPUT_OUTPOINT;
	hexb(in.outpoint.tx_hash, 32, TXH_GEN);
	in.outpoint.index = 0;
	check_json(zen_json_input(&in),
		   "{\"outpoint\":{\"txHash\":\"" TXH_GEN "\",\"index\":0}}",
		   "input spending an outpoint");

	memset(&in, 0, sizeof(in));
	in.kind = ZEN_INPUT_MINT;
	cid_of(&in.mint.asset.cid, CID);
	in.mint.amount = 1000;
	check_json(zen_json_input(&in),
		   "{\"mint\":{\"asset\":\"" CID "\",\"amount\":\"1000\"}}",
		   "input minting an asset");
}

/* ---- 3.2 locks ---- */

struct chain_case {
	enum zen_chain chain;
	const char *name;
	const char *addr_a;	/* PK address of PKH_A */
	const char *caddr;	/* contract address of CID */
};

static const struct chain_case chains[] = {
	{ ZEN_CHAIN_TEST, "test", ADDR_A_TEST, CADDR_TEST },
	{ ZEN_CHAIN_MAIN, "main", ADDR_A_MAIN, CADDR_MAIN },
	{ ZEN_CHAIN_LOCAL, "local", ADDR_A_TEST, CADDR_TEST },
};

static void check_lock(const struct zen_lock *lock, enum zen_chain chain,
		       const char *want, const char *name)
{
	check_json(zen_json_lock(lock, chain), want, name);
}

static void test_locks(void)
{
	struct zen_buf w = ZEN_BUF_INIT;
	struct zen_lock lock;
	char name[128];

	for (size_t i = 0; i < sizeof(chains) / sizeof(chains[0]); i++) {
		const struct chain_case *c = &chains[i];

		zen_lock_init(&lock);
		lock.id = ZEN_LOCK_PK;
		hexb(lock.pk_hash, 32, PKH_A);
		zen_buf_reset(&w);
		zen_buf_addf(&w, "{\"PK\":{\"hash\":\"" PKH_A "\","
			     "\"address\":\"%s\"}}", c->addr_a);
		snprintf(name, sizeof(name), "lock PK (%s chain)", c->name);
		check_lock(&lock, c->chain, zen_buf_str(&w), name);

		zen_lock_init(&lock);
		lock.id = ZEN_LOCK_CONTRACT;
		cid_of(&lock.cid, CID);
		zen_buf_reset(&w);
		zen_buf_addf(&w, "{\"Contract\":{\"id\":\"" CID "\","
			     "\"address\":\"%s\"}}", c->caddr);
		snprintf(name, sizeof(name), "lock Contract (%s chain)",
			 c->name);
		check_lock(&lock, c->chain, zen_buf_str(&w), name);

		zen_lock_init(&lock);
		lock.id = ZEN_LOCK_COINBASE;
		lock.block_number = 10;
		hexb(lock.pk_hash, 32, PKH_A);
		zen_buf_reset(&w);
		zen_buf_addf(&w, "{\"Coinbase\":{\"blockNumber\":10,"
			     "\"pkHash\":\"" PKH_A "\",\"address\":\"%s\"}}",
			     c->addr_a);
		snprintf(name, sizeof(name), "lock Coinbase (%s chain)",
			 c->name);
		check_lock(&lock, c->chain, zen_buf_str(&w), name);

		zen_lock_init(&lock);
		lock.id = ZEN_LOCK_EXTENSION_SACRIFICE;
		cid_of(&lock.cid, CID);
		zen_buf_reset(&w);
		zen_buf_addf(&w, "{\"ExtensionSacrifice\":{\"id\":\"" CID "\","
			     "\"address\":\"%s\"}}", c->caddr);
		snprintf(name, sizeof(name),
			 "lock ExtensionSacrifice (%s chain)", c->name);
		check_lock(&lock, c->chain, zen_buf_str(&w), name);

		zen_lock_init(&lock);
		lock.id = ZEN_LOCK_FEE;
		snprintf(name, sizeof(name), "lock Fee is a bare string (%s)",
			 c->name);
		check_lock(&lock, c->chain, "\"Fee\"", name);
		lock.id = ZEN_LOCK_ACTIVATION_SACRIFICE;
		snprintf(name, sizeof(name),
			 "lock ActivationSacrifice is a bare string (%s)",
			 c->name);
		check_lock(&lock, c->chain, "\"ActivationSacrifice\"", name);
		lock.id = ZEN_LOCK_DESTROY;
		snprintf(name, sizeof(name),
			 "lock Destroy is a bare string (%s)", c->name);
		check_lock(&lock, c->chain, "\"Destroy\"", name);
	}

	/* the CGP contract on main: another czen address */
	zen_lock_init(&lock);
	lock.id = ZEN_LOCK_CONTRACT;
	cid_of(&lock.cid, CID_CGP);
	check_lock(&lock, ZEN_CHAIN_MAIN,
		   "{\"Contract\":{\"id\":\"" CID_CGP "\","
		   "\"address\":\"" CADDR_CGP_MAIN "\"}}",
		   "lock Contract of the main CGP contract");

	/* Coinbase with the largest block number: still a plain number */
	zen_lock_init(&lock);
	lock.id = ZEN_LOCK_COINBASE;
	lock.block_number = UINT32_MAX;
	hexb(lock.pk_hash, 32, PKH_A);
	check_lock(&lock, ZEN_CHAIN_TEST,
		   "{\"Coinbase\":{\"blockNumber\":4294967295,"
		   "\"pkHash\":\"" PKH_A "\",\"address\":\"" ADDR_A_TEST "\"}}",
		   "lock Coinbase with block number 2^32-1");

	/* HighVLock: identifier number, data hex */
	zen_lock_init(&lock);
	lock.id = 56;
	lock.data = zen_xmemdup("\xab\xcd\x01", 3);
	lock.len = 3;
	check_lock(&lock, ZEN_CHAIN_TEST,
		   "{\"HighVLock\":{\"identifier\":56,\"data\":\"abcd01\"}}",
		   "lock HighVLock (identifier 56, hex data)");
	check_lock(&lock, ZEN_CHAIN_MAIN,
		   "{\"HighVLock\":{\"identifier\":56,\"data\":\"abcd01\"}}",
		   "lock HighVLock does not depend on the chain");
	zen_lock_release(&lock);
	lock.id = 0;
	check_lock(&lock, ZEN_CHAIN_TEST,
		   "{\"HighVLock\":{\"identifier\":0,\"data\":\"\"}}",
		   "lock HighVLock with identifier 0 and no data");
	lock.id = UINT32_MAX;
	check_lock(&lock, ZEN_CHAIN_TEST,
		   "{\"HighVLock\":{\"identifier\":4294967295,\"data\":\"\"}}",
		   "lock HighVLock with identifier 2^32-1");
	zen_lock_release(&lock);
	zen_buf_release(&w);
}

/* ---- 3.3 output, pointed output ---- */

static void test_outputs(void)
{
	struct zen_output o;
	struct zen_outpoint op;

	zen_output_init(&o);
	o.lock.id = ZEN_LOCK_PK;
	hexb(o.lock.pk_hash, 32, PKH_B);
	o.spend.amount = 1;
	check_json(zen_json_output(&o, ZEN_CHAIN_TEST),
		   "{\"lock\":{\"PK\":{\"hash\":\"" PKH_B "\","
		   "\"address\":\"" ADDR_B_TEST "\"}},"
		   "\"spend\":{\"asset\":\"00\",\"amount\":\"1\"}}",
		   "output: lock then spend");

	zen_output_init(&o);
	o.lock.id = ZEN_LOCK_FEE;
	cid_of(&o.spend.asset.cid, CID);
	o.spend.amount = 7;
	check_json(zen_json_output(&o, ZEN_CHAIN_MAIN),
		   "{\"lock\":\"Fee\",\"spend\":{\"asset\":\"" CID "\","
		   "\"amount\":\"7\"}}",
		   "output with a bare-string lock and a contract asset");

	zen_output_init(&o);
	o.lock.id = ZEN_LOCK_PK;
	hexb(o.lock.pk_hash, 32, PKH_A);
	o.spend.amount = 2300000000000ULL;
	memset(&op, 0, sizeof(op));
	hexb(op.tx_hash, 32, TXH_GEN);
	check_json(zen_json_pointed_output(&op, &o, ZEN_CHAIN_TEST),
		   "{\"outpoint\":{\"txHash\":\"" TXH_GEN "\",\"index\":0},"
		   "\"lock\":{\"PK\":{\"hash\":\"" PKH_A "\","
		   "\"address\":\"" ADDR_A_TEST "\"}},"
		   "\"spend\":{\"asset\":\"00\",\"amount\":\"2300000000000\"}}",
		   "pointed output: outpoint, lock, spend");
	op.index = 3;
	check_json(zen_json_pointed_output(&op, &o, ZEN_CHAIN_MAIN),
		   "{\"outpoint\":{\"txHash\":\"" TXH_GEN "\",\"index\":3},"
		   "\"lock\":{\"PK\":{\"hash\":\"" PKH_A "\","
		   "\"address\":\"" ADDR_A_MAIN "\"}},"
		   "\"spend\":{\"asset\":\"00\",\"amount\":\"2300000000000\"}}",
		   "pointed output on main");
}

/* ---- 3.4 contract ---- */

static const char *sample_code(void)
{
	json_t *v = tap_vector("contract_ids.json", "contract-id-sample");

	return tap_jstr(tap_jget(v, "input"), "code");
}

/* The code as a JSON string literal (escaping by jansson, not by the
 * encoder under test). */
static char *code_literal(const char *code)
{
	json_t *s = json_string(code);
	char *lit = json_dumps(s, JSON_ENCODE_ANY);

	json_decref(s);
	return lit;
}

static void add_output(struct zen_tx *tx, uint32_t lock_id,
		       const char *asset_cid, uint64_t amount)
{
	struct zen_output *o;

	tx->outputs = realloc(tx->outputs,
			      (tx->n_outputs + 1) * sizeof(*tx->outputs));
	if (!tx->outputs)
		abort();
	o = &tx->outputs[tx->n_outputs++];
	zen_output_init(o);
	o->lock.id = lock_id;
	if (lock_id == ZEN_LOCK_PK)
		hexb(o->lock.pk_hash, 32, PKH_A);
	if (asset_cid)
		cid_of(&o->spend.asset.cid, asset_cid);
	o->spend.amount = amount;
}

/*
 * An activating transaction: one outpoint input, sacrifice outputs worth
 * 3000 + 3423 = 6423 kalapas for the 584-byte sample code (6423 / 584 =
 * 10.99 -> 10 blocks), a fee and a PK output that do not count.
 */
static void make_activation_tx(struct zen_tx *tx, const char *code)
{
	zen_tx_init(tx);
	tx->inputs = zen_xcalloc(1, sizeof(*tx->inputs));
	tx->n_inputs = 1;
	tx->inputs[0].kind = ZEN_INPUT_OUTPOINT;
	hexb(tx->inputs[0].outpoint.tx_hash, 32, TXH_GEN);
	add_output(tx, ZEN_LOCK_ACTIVATION_SACRIFICE, NULL, 3000);
	add_output(tx, ZEN_LOCK_FEE, NULL, 100000);
	add_output(tx, ZEN_LOCK_ACTIVATION_SACRIFICE, NULL, 3423);
	add_output(tx, ZEN_LOCK_PK, NULL, 5000000);
	tx->has_contract = 1;
	zen_contract_init(&tx->contract);
	tx->contract.version = 0;
	tx->contract.code = zen_xstrdup(code);
	tx->contract.code_len = strlen(code);
	tx->contract.hints = zen_xstrdup("hints");
	tx->contract.hints_len = 5;
	tx->contract.rlimit = 2723280;
	tx->contract.queries = 17;
}

static void test_contract(void)
{
	struct zen_buf w = ZEN_BUF_INIT;
	const char *code = sample_code();
	char *lit = code_literal(code);
	struct zen_tx tx;

	if (!tap_u64(strlen(code), 584, "sample contract code is 584 bytes"))
		goto out;
	make_activation_tx(&tx, code);

	zen_buf_addf(&w, "{\"contractId\":\"" CID "\","
		     "\"address\":\"" CADDR_TEST "\",\"rlimit\":\"2723280\","
		     "\"code\":%s,\"expire\":\"10\"}", lit);
	check_json(zen_json_contract(&tx, ZEN_CHAIN_TEST), zen_buf_str(&w),
		   "contract (test): id, address, rlimit and expire strings");

	zen_buf_reset(&w);
	zen_buf_addf(&w, "{\"contractId\":\"" CID "\","
		     "\"address\":\"" CADDR_MAIN "\",\"rlimit\":\"2723280\","
		     "\"code\":%s,\"expire\":\"10\"}", lit);
	check_json(zen_json_contract(&tx, ZEN_CHAIN_MAIN), zen_buf_str(&w),
		   "contract (main): czen address");

	/* exactly 3 blocks' worth: 3 * 584 = 1752 */
	tx.outputs[0].spend.amount = 1000;
	tx.outputs[2].spend.amount = 752;
	zen_buf_reset(&w);
	zen_buf_addf(&w, "{\"contractId\":\"" CID "\","
		     "\"address\":\"" CADDR_TEST "\",\"rlimit\":\"2723280\","
		     "\"code\":%s,\"expire\":\"3\"}", lit);
	check_json(zen_json_contract(&tx, ZEN_CHAIN_TEST), zen_buf_str(&w),
		   "contract: expire = sacrifice / code length (exact)");

	/* one kalapa short of a block */
	tx.outputs[0].spend.amount = 583;
	tx.outputs[2].spend.amount = 0;
	zen_buf_reset(&w);
	zen_buf_addf(&w, "{\"contractId\":\"" CID "\","
		     "\"address\":\"" CADDR_TEST "\",\"rlimit\":\"2723280\","
		     "\"code\":%s,\"expire\":\"0\"}", lit);
	check_json(zen_json_contract(&tx, ZEN_CHAIN_TEST), zen_buf_str(&w),
		   "contract: expire rounds down");

	/* a future contract version is null */
	zen_contract_release(&tx.contract);
	tx.contract.version = 1;
	tx.contract.data = zen_xmemdup("\x01\x02", 2);
	tx.contract.len = 2;
	check_json(zen_json_contract(&tx, ZEN_CHAIN_TEST), "null",
		   "contract of a HighV contract is null");
	tx.has_contract = 0;
	zen_contract_release(&tx.contract);
	check_json(zen_json_contract(&tx, ZEN_CHAIN_TEST), "null",
		   "contract of a transaction without one is null");
	zen_tx_release(&tx);
out:
	free(lit);
	zen_buf_release(&w);
}

/* ---- 3.5 witnesses ---- */

static void pk_witness(struct zen_witness *w, uint8_t sighash)
{
	zen_witness_init(w);
	w->id = ZEN_WITNESS_PK;
	w->sighash = sighash;
	hexb(w->pubkey, ZEN_PUBKEY_LEN, PUBKEY_A);
	hexb(w->signature, ZEN_SIGNATURE_LEN, SIG);
}

static void contract_witness(struct zen_witness *w, const char *command,
			     const char *body_hex)
{
	zen_witness_init(w);
	w->id = ZEN_WITNESS_CONTRACT;
	cid_of(&w->cid, CID);
	w->command = zen_xstrdup(command);
	w->command_len = strlen(command);
	w->body = body_hex ? data_of(body_hex) : NULL;
	/* fields the JSON does not show */
	w->state = ZEN_STATE_HASH;
	memset(w->state_hash, 0x11, sizeof(w->state_hash));
	w->begin_inputs = 1;
	w->begin_outputs = 2;
	w->inputs_length = 3;
	w->outputs_length = 4;
	w->cost = 12345;
}

/* The CGP payout body of serialization.json#data-cgp-payout-body:
 * Dict{"Outputs": List[List[Lock PK, List[String "0"*72, U64 5e9]]]},
 * three List nodes. */
#define CGP_BODY_HEX "0c01074f7574707574730d010d02" \
	"0802" "20" PKH_A "0d02" "0648" \
	"303030303030303030303030303030303030303030303030303030303030303030" \
	"303030303030303030303030303030303030303030303030303030303030303030" \
	"303030303030" "05000000012a05f200"

static void test_witnesses(void)
{
	struct zen_witness w;

	pk_witness(&w, ZEN_SIGHASH_TXHASH);
	check_json(zen_json_witness(&w, ZEN_CHAIN_TEST),
		   "{\"PKWitness\":{\"sigHash\":\"txHash\",\"hash\":\"" PKH_A "\","
		   "\"address\":\"" ADDR_A_TEST "\",\"signature\":\"" SIG "\"}}",
		   "PKWitness sigHash txHash: hash and address of the pubkey");
	check_json(zen_json_witness(&w, ZEN_CHAIN_MAIN),
		   "{\"PKWitness\":{\"sigHash\":\"txHash\",\"hash\":\"" PKH_A "\","
		   "\"address\":\"" ADDR_A_MAIN "\",\"signature\":\"" SIG "\"}}",
		   "PKWitness on main");
	zen_witness_release(&w);

	pk_witness(&w, ZEN_SIGHASH_FOLLOWING);
	check_json(zen_json_witness(&w, ZEN_CHAIN_TEST),
		   "{\"PKWitness\":{\"sigHash\":\"FollowingWitnesses\","
		   "\"hash\":\"" PKH_A "\",\"address\":\"" ADDR_A_TEST "\","
		   "\"signature\":\"" SIG "\"}}",
		   "PKWitness sigHash FollowingWitnesses");
	zen_witness_release(&w);

	pk_witness(&w, 2);
	check_json(zen_json_witness(&w, ZEN_CHAIN_TEST),
		   "{\"PKWitness\":{\"sigHash\":\"Unknown Sig Hash 2\","
		   "\"hash\":\"" PKH_A "\",\"address\":\"" ADDR_A_TEST "\","
		   "\"signature\":\"" SIG "\"}}",
		   "PKWitness with an unknown sighash 2");
	zen_witness_release(&w);
	pk_witness(&w, 0);
	check_json(zen_json_witness(&w, ZEN_CHAIN_TEST),
		   "{\"PKWitness\":{\"sigHash\":\"Unknown Sig Hash 0\","
		   "\"hash\":\"" PKH_A "\",\"address\":\"" ADDR_A_TEST "\","
		   "\"signature\":\"" SIG "\"}}",
		   "PKWitness with an unknown sighash 0");
	zen_witness_release(&w);
	pk_witness(&w, 255);
	check_json(zen_json_witness(&w, ZEN_CHAIN_TEST),
		   "{\"PKWitness\":{\"sigHash\":\"Unknown Sig Hash 255\","
		   "\"hash\":\"" PKH_A "\",\"address\":\"" ADDR_A_TEST "\","
		   "\"signature\":\"" SIG "\"}}",
		   "PKWitness with an unknown sighash 255");
	zen_witness_release(&w);

	contract_witness(&w, "buy", NULL);
	check_json(zen_json_witness(&w, ZEN_CHAIN_TEST),
		   "{\"ContractWitness\":{\"contractId\":\"" CID "\","
		   "\"command\":\"buy\"}}",
		   "ContractWitness without a body: no messageBody fields");
	zen_witness_release(&w);

	contract_witness(&w, "", NULL);
	check_json(zen_json_witness(&w, ZEN_CHAIN_MAIN),
		   "{\"ContractWitness\":{\"contractId\":\"" CID "\","
		   "\"command\":\"\"}}",
		   "ContractWitness with an empty command");
	zen_witness_release(&w);

	/* Dict{"a": U32 1}: no List, raw = the written bytes */
	contract_witness(&w, "vote", "0c01" "0161" "0400000001");
	check_json(zen_json_witness(&w, ZEN_CHAIN_TEST),
		   "{\"ContractWitness\":{\"contractId\":\"" CID "\","
		   "\"command\":\"vote\","
		   "\"messageBody\":{\"dict\":[[\"a\",{\"u32\":1}]]},"
		   "\"messageBodyRaw\":\"0c01016104000000" "01\"}}",
		   "ContractWitness with a body: messageBody, messageBodyRaw");
	zen_witness_release(&w);

	/* List[U32 1]: the raw buffer has one padding zero (2.14.1) */
	contract_witness(&w, "x", "0d01" "0400000001");
	check_json(zen_json_witness(&w, ZEN_CHAIN_TEST),
		   "{\"ContractWitness\":{\"contractId\":\"" CID "\","
		   "\"command\":\"x\","
		   "\"messageBody\":{\"list\":[{\"u32\":1}]},"
		   "\"messageBodyRaw\":\"0d01040000000100\"}}",
		   "ContractWitness List body: messageBodyRaw has the padding");
	zen_witness_release(&w);

	/* the CGP payout body on both chains: three padding zeros */
	contract_witness(&w, "Payout", CGP_BODY_HEX);
	check_json(zen_json_witness(&w, ZEN_CHAIN_TEST),
		   "{\"ContractWitness\":{\"contractId\":\"" CID "\","
		   "\"command\":\"Payout\","
		   "\"messageBody\":{\"dict\":[[\"Outputs\",{\"list\":["
		   "{\"list\":[{\"lock\":{\"PK\":{\"hash\":\"" PKH_A "\","
		   "\"address\":\"" ADDR_A_TEST "\"}}},"
		   "{\"list\":[{\"string\":\"" ZEROS72 "\"},"
		   "{\"u64\":5000000000}]}]}]}]]},"
		   "\"messageBodyRaw\":\"" CGP_BODY_HEX "000000\"}}",
		   "ContractWitness with a CGP payout body (test)");
	check_json(zen_json_witness(&w, ZEN_CHAIN_MAIN),
		   "{\"ContractWitness\":{\"contractId\":\"" CID "\","
		   "\"command\":\"Payout\","
		   "\"messageBody\":{\"dict\":[[\"Outputs\",{\"list\":["
		   "{\"list\":[{\"lock\":{\"PK\":{\"hash\":\"" PKH_A "\","
		   "\"address\":\"" ADDR_A_MAIN "\"}}},"
		   "{\"list\":[{\"string\":\"" ZEROS72 "\"},"
		   "{\"u64\":5000000000}]}]}]}]]},"
		   "\"messageBodyRaw\":\"" CGP_BODY_HEX "000000\"}}",
		   "ContractWitness with a CGP payout body (main addresses)");
	zen_witness_release(&w);

	zen_witness_init(&w);
	w.id = 5;
	w.data = zen_xmemdup("\xab\xcd", 2);
	w.len = 2;
	check_json(zen_json_witness(&w, ZEN_CHAIN_TEST),
		   "{\"HighWitness\":{\"version\":5,\"bytes\":\"abcd\"}}",
		   "HighWitness: version number, hex bytes");
	zen_witness_release(&w);
	zen_witness_init(&w);
	w.id = 0;
	check_json(zen_json_witness(&w, ZEN_CHAIN_TEST),
		   "{\"HighWitness\":{\"version\":0,\"bytes\":\"\"}}",
		   "HighWitness with version 0 and no bytes");
	zen_witness_release(&w);
}

/* ---- 3.6 data ---- */

static void test_data(void)
{
	struct zen_data d;

	check_data("01fffffffffffffffe", ZEN_CHAIN_TEST, "{\"i64\":-2}",
		   "data i64 -2");
	check_data("018000000000000000", ZEN_CHAIN_TEST,
		   "{\"i64\":-9223372036854775808}", "data i64 min");
	check_data("017fffffffffffffff", ZEN_CHAIN_TEST,
		   "{\"i64\":9223372036854775807}", "data i64 max");
	check_data("0207", ZEN_CHAIN_TEST, "{\"byte\":7}", "data byte");
	check_data("02ff", ZEN_CHAIN_TEST, "{\"byte\":255}", "data byte 255");
	check_data("0303010203", ZEN_CHAIN_TEST, "{\"byteArray\":[1,2,3]}",
		   "data byteArray: array of numbers");
	check_data("0302ff00", ZEN_CHAIN_TEST, "{\"byteArray\":[255,0]}",
		   "data byteArray with 255 and 0");
	check_data("0300", ZEN_CHAIN_TEST, "{\"byteArray\":[]}",
		   "data empty byteArray");
	check_data("0400000001", ZEN_CHAIN_TEST, "{\"u32\":1}", "data u32");
	check_data("04ffffffff", ZEN_CHAIN_TEST, "{\"u32\":4294967295}",
		   "data u32 max");
	check_data("050000010000000000", ZEN_CHAIN_TEST,
		   "{\"u64\":1099511627776}", "data u64 2^40: a number");
	check_data("057fffffffffffffff", ZEN_CHAIN_TEST,
		   "{\"u64\":9223372036854775807}",
		   "data u64 = INT64_MAX: still a number");
	/* a number above INT64_MAX too, as the reference prints it
	 * (json_num.h) */
	check_data("058000000000000000", ZEN_CHAIN_TEST,
		   "{\"u64\":9223372036854775808}",
		   "data u64 = INT64_MAX + 1: a number");
	check_data("05ffffffffffffffff", ZEN_CHAIN_TEST,
		   "{\"u64\":18446744073709551615}",
		   "data u64 max: a number");
	check_data("060a416c6c6f636174696f6e", ZEN_CHAIN_TEST,
		   "{\"string\":\"Allocation\"}", "data string");
	check_data("0600", ZEN_CHAIN_TEST, "{\"string\":\"\"}",
		   "data empty string");
	check_data("0603612262", ZEN_CHAIN_TEST, "{\"string\":\"a\\\"b\"}",
		   "data string with a quote");
	/* protocol.md 1.3: strings are ASCII, bytes >= 0x80 read as '?' */
	check_data("0604636166e9", ZEN_CHAIN_TEST, "{\"string\":\"caf?\"}",
		   "data string with a byte >= 0x80 shows '?'");
	check_data("0603610062", ZEN_CHAIN_TEST,
		   "{\"string\":\"a\\u0000b\"}",
		   "data string with an embedded NUL keeps it");
	check_data("07" PKH_B, ZEN_CHAIN_TEST, "{\"hash\":\"" PKH_B "\"}",
		   "data hash: 64 hex");
	check_data("08" "0220" PKH_A, ZEN_CHAIN_TEST,
		   "{\"lock\":{\"PK\":{\"hash\":\"" PKH_A "\","
		   "\"address\":\"" ADDR_A_TEST "\"}}}",
		   "data lock PK (test)");
	check_data("08" "0220" PKH_A, ZEN_CHAIN_MAIN,
		   "{\"lock\":{\"PK\":{\"hash\":\"" PKH_A "\","
		   "\"address\":\"" ADDR_A_MAIN "\"}}}",
		   "data lock PK (main)");
	check_data("08" "0421" "00" "60de85a214850bf6192e7c4416fbccaf"
		   "3cfcc0a927dd6b770a70ff08d24046d3", ZEN_CHAIN_MAIN,
		   "{\"lock\":{\"Contract\":{\"id\":\"" CID "\","
		   "\"address\":\"" CADDR_MAIN "\"}}}",
		   "data lock Contract (main)");
	check_data("08" "0100", ZEN_CHAIN_TEST, "{\"lock\":\"Fee\"}",
		   "data lock Fee");
	check_data("09" SIG, ZEN_CHAIN_TEST, "{\"signature\":\"" SIG "\"}",
		   "data signature: 128 hex");
	check_data("0a" PUBKEY_A, ZEN_CHAIN_TEST, "{\"pk\":\"" PUBKEY_A "\"}",
		   "data pk: 66 hex");
	check_data("0b02" "0400000001" "0202", ZEN_CHAIN_TEST,
		   "{\"array\":[{\"u32\":1},{\"byte\":2}]}",
		   "data array of data objects");
	check_data("0b00", ZEN_CHAIN_TEST, "{\"array\":[]}",
		   "data empty array");
	/* entries in the wire order of protocol.md 1.8 (shorter first) */
	check_data("0c03" "0161" "0400000001" "026162" "0400000003"
		   "026262" "0400000002", ZEN_CHAIN_TEST,
		   "{\"dict\":[[\"a\",{\"u32\":1}],[\"ab\",{\"u32\":3}],"
		   "[\"bb\",{\"u32\":2}]]}",
		   "data dict: array of [key, data] pairs");
	check_data("0c00", ZEN_CHAIN_TEST, "{\"dict\":[]}", "data empty dict");
	check_data("0d02" "0d00" "050000000000000005", ZEN_CHAIN_TEST,
		   "{\"list\":[{\"list\":[]},{\"u64\":5}]}",
		   "data list with a nested empty list");
	check_data("0b01" "0c01" "0178" "0d01" "08" "0220" PKH_A,
		   ZEN_CHAIN_MAIN,
		   "{\"array\":[{\"dict\":[[\"x\",{\"list\":[{\"lock\":{\"PK\":"
		   "{\"hash\":\"" PKH_A "\",\"address\":\"" ADDR_A_MAIN "\"}}}]}"
		   "]]}]}",
		   "data nested array/dict/list/lock uses the chain's HRP");

	/* a value built in memory (not decoded) */
	zen_data_init(&d);
	d.kind = ZEN_DATA_U64;
	d.u.u64 = 12345678901234567890ULL;
	check_json(zen_json_data(&d, ZEN_CHAIN_TEST),
		   "{\"u64\":12345678901234567890}",
		   "data u64 12345678901234567890 built in memory");
	zen_data_release(&d);
}

/* ---- 3.7 transaction ---- */

static void decode_tx(struct zen_tx *tx, const char *file, const char *id)
{
	json_t *v = tap_vector(file, id);
	const char *hex = tap_jstr(tap_jget(v, "input"), "txHex");
	struct zen_buf b = ZEN_BUF_INIT;
	struct zen_err err = ZEN_ERR_INIT;

	zen_tx_init(tx);
	if (zen_hex_decode(&b, hex, strlen(hex), &err) ||
	    zen_tx_decode(tx, b.data, b.len, &err)) {
		printf("Bail out! %s#%s does not decode: %s\n", file, id,
		       err.msg);
		exit(99);
	}
	zen_buf_release(&b);
}

/* signed-pk-tx of transactions.json, by hand from its description */
#define SIGNED_TX_HASH \
	"03ae57cd8ee6339ad138bf2c1c7dae7b3571d839bc987a818d8c067a7801a784"
#define SIGNED_TX_JSON \
	"{\"version\":0," \
	"\"inputs\":[{\"outpoint\":{\"txHash\":\"" TXH_GEN "\",\"index\":0}}]," \
	"\"outputs\":[" \
	"{\"lock\":{\"PK\":{\"hash\":\"" PKH_C "\",\"address\":\"" \
	ADDR_C_TEST "\"}},\"spend\":{\"asset\":\"00\",\"amount\":\"1\"}}," \
	"{\"lock\":{\"PK\":{\"hash\":\"" PKH_B "\",\"address\":\"" \
	ADDR_B_TEST "\"}},\"spend\":{\"asset\":\"00\"," \
	"\"amount\":\"2299999999999\"}}]," \
	"\"witness\":[{\"PKWitness\":{\"sigHash\":\"txHash\"," \
	"\"hash\":\"" PKH_A "\",\"address\":\"" ADDR_A_TEST "\"," \
	"\"signature\":\"" SIG "\"}}]}"

static void test_tx(void)
{
	struct zen_buf w = ZEN_BUF_INIT;
	const char *code = sample_code();
	char *lit = code_literal(code);
	struct zen_tx tx;

	decode_tx(&tx, "transactions.json", "signed-pk-tx");
	check_json(zen_json_tx(&tx, ZEN_CHAIN_TEST), SIGNED_TX_JSON,
		   "transaction: no contract key, singular witness");
	zen_tx_release(&tx);

	/* an activating transaction with a contract and two witnesses */
	make_activation_tx(&tx, code);
	tx.witnesses = zen_xcalloc(2, sizeof(*tx.witnesses));
	tx.n_witnesses = 2;
	pk_witness(&tx.witnesses[0], ZEN_SIGHASH_TXHASH);
	tx.witnesses[1].id = 9;
	tx.witnesses[1].data = zen_xmemdup("\x01", 1);
	tx.witnesses[1].len = 1;
	tx.version = 1;
	zen_buf_addf(&w,
		"{\"version\":1,"
		"\"inputs\":[{\"outpoint\":{\"txHash\":\"" TXH_GEN "\","
		"\"index\":0}}],"
		"\"outputs\":["
		"{\"lock\":\"ActivationSacrifice\",\"spend\":{\"asset\":\"00\","
		"\"amount\":\"3000\"}},"
		"{\"lock\":\"Fee\",\"spend\":{\"asset\":\"00\","
		"\"amount\":\"100000\"}},"
		"{\"lock\":\"ActivationSacrifice\",\"spend\":{\"asset\":\"00\","
		"\"amount\":\"3423\"}},"
		"{\"lock\":{\"PK\":{\"hash\":\"" PKH_A "\",\"address\":\""
		ADDR_A_MAIN "\"}},\"spend\":{\"asset\":\"00\","
		"\"amount\":\"5000000\"}}],"
		"\"contract\":{\"contractId\":\"" CID "\","
		"\"address\":\"" CADDR_MAIN "\",\"rlimit\":\"2723280\","
		"\"code\":%s,\"expire\":\"10\"},"
		"\"witness\":[{\"PKWitness\":{\"sigHash\":\"txHash\","
		"\"hash\":\"" PKH_A "\",\"address\":\"" ADDR_A_MAIN "\","
		"\"signature\":\"" SIG "\"}},"
		"{\"HighWitness\":{\"version\":9,\"bytes\":\"01\"}}]}", lit);
	check_json(zen_json_tx(&tx, ZEN_CHAIN_MAIN), zen_buf_str(&w),
		   "activating transaction: contract between outputs and "
		   "witness");

	/* a HighV contract is null and so removed */
	zen_contract_release(&tx.contract);
	tx.contract.version = 7;
	tx.contract.data = zen_xmemdup("\x00", 1);
	tx.contract.len = 1;
	zen_buf_reset(&w);
	zen_buf_addf(&w,
		"{\"version\":1,"
		"\"inputs\":[{\"outpoint\":{\"txHash\":\"" TXH_GEN "\","
		"\"index\":0}}],"
		"\"outputs\":["
		"{\"lock\":\"ActivationSacrifice\",\"spend\":{\"asset\":\"00\","
		"\"amount\":\"3000\"}},"
		"{\"lock\":\"Fee\",\"spend\":{\"asset\":\"00\","
		"\"amount\":\"100000\"}},"
		"{\"lock\":\"ActivationSacrifice\",\"spend\":{\"asset\":\"00\","
		"\"amount\":\"3423\"}},"
		"{\"lock\":{\"PK\":{\"hash\":\"" PKH_A "\",\"address\":\""
		ADDR_A_TEST "\"}},\"spend\":{\"asset\":\"00\","
		"\"amount\":\"5000000\"}}],"
		"\"witness\":[{\"PKWitness\":{\"sigHash\":\"txHash\","
		"\"hash\":\"" PKH_A "\",\"address\":\"" ADDR_A_TEST "\","
		"\"signature\":\"" SIG "\"}},"
		"{\"HighWitness\":{\"version\":9,\"bytes\":\"01\"}}]}");
	check_json(zen_json_tx(&tx, ZEN_CHAIN_TEST), zen_buf_str(&w),
		   "transaction with a HighV contract: contract key removed");
	zen_tx_release(&tx);

	/* the empty transaction: empty arrays, not removed */
	zen_tx_init(&tx);
	check_json(zen_json_tx(&tx, ZEN_CHAIN_TEST),
		   "{\"version\":0,\"inputs\":[],\"outputs\":[],\"witness\":[]}",
		   "empty transaction keeps its empty arrays");
	zen_tx_release(&tx);

	free(lit);
	zen_buf_release(&w);
}

/* ---- 3.8 header, 3.10 block ---- */

/* Testnet block 10 (api.md 3.10). */
static void block10_header(struct zen_header *h)
{
	memset(h, 0, sizeof(*h));
	h->version = 0;
	hexb(h->parent, 32, "0000000699e0b9d1082d5f17b9ddbc0cfcb61994"
	     "718fed1f84f555124d7e089d");
	h->block_number = 10;
	hexb(h->commitments, 32, "74a98fcbd9c8ef3eb484d62610ba4b6f"
	     "4e2c239bf093fd5299f5fc4e77d6ddaa");
	h->timestamp = 1546372111350ULL;
	h->difficulty = 0x1dccccb1;
	h->nonce[0] = 7629065784959912282ULL;
	h->nonce[1] = 30994912;
}

#define BLOCK10_HASH \
	"00000060bd7c2bee4299c66b0debfdeaf9a9d955a14cc7dbdac952a544acbbcd"
#define BLOCK10_HEADER_JSON \
	"{\"version\":0,\"parent\":\"0000000699e0b9d1082d5f17b9ddbc0cfcb6199" \
	"4718fed1f84f555124d7e089d\",\"blockNumber\":10,\"commitments\":" \
	"\"74a98fcbd9c8ef3eb484d62610ba4b6f4e2c239bf093fd5299f5fc4e77d6ddaa\"," \
	"\"timestamp\":1546372111350,\"difficulty\":499961009," \
	"\"nonce\":[7629065784959912282,30994912]}"
#define COINBASE10_HASH \
	"80ffb30731f17bb3e90406d8ebe8f93a56fd079667c2259843dce63426e80b68"
#define COINBASE10_JSON \
	"{\"version\":0,\"inputs\":[]," \
	"\"outputs\":[{\"lock\":{\"Coinbase\":{\"blockNumber\":10," \
	"\"pkHash\":\"" PKH_A "\",\"address\":\"" ADDR_A_TEST "\"}}," \
	"\"spend\":{\"asset\":\"00\",\"amount\":\"5000000000\"}}]," \
	"\"witness\":[]}"

static void test_header(void)
{
	struct zen_header h;

	block10_header(&h);
	check_json(zen_json_header(&h), BLOCK10_HEADER_JSON,
		   "header of testnet block 10 (api.md 3.8)");

	h.version = 1;
	h.block_number = UINT32_MAX;
	h.timestamp = 1700000000000ULL;
	h.difficulty = 0x20ffffff;
	h.nonce[0] = UINT64_MAX;
	h.nonce[1] = 0x8000000000000000ULL;
	check_json(zen_json_header(&h),
		   "{\"version\":1,\"parent\":\"0000000699e0b9d1082d5f17b9ddbc0"
		   "cfcb61994718fed1f84f555124d7e089d\",\"blockNumber\":"
		   "4294967295,\"commitments\":\"74a98fcbd9c8ef3eb484d62610ba4b"
		   "6f4e2c239bf093fd5299f5fc4e77d6ddaa\",\"timestamp\":"
		   "1700000000000,\"difficulty\":553648127,"
		   "\"nonce\":[-1,-9223372036854775808]}",
		   "header: nonce words >= 2^63 print as negative int64");
	h.nonce[0] = 0x7fffffffffffffffULL;
	h.nonce[1] = 0xfffffffffffffffeULL;
	check_json(take(zen_json_header(&h), "nonce"),
		   "[9223372036854775807,-2]",
		   "header: nonce 2^63-1 positive, 2^64-2 is -2");
}

static void coinbase10(struct zen_tx *tx)
{
	zen_tx_init(tx);
	add_output(tx, ZEN_LOCK_COINBASE, NULL, 5000000000ULL);
	tx->outputs[0].lock.block_number = 10;
	hexb(tx->outputs[0].lock.pk_hash, 32, PKH_A);
	zen_tx_finalize(tx);
}

static void test_block(void)
{
	struct zen_block b;
	struct zen_tx t;
	uint8_t hash[ZEN_HASH_LEN];

	zen_block_init(&b);
	block10_header(&b.header);
	zen_header_hash(hash, &b.header);
	tap_hex(hash, 32, BLOCK10_HASH, "block 10 header hashes to the "
		"api.md block hash (the header fields are right)");
	b.txs = zen_xcalloc(2, sizeof(*b.txs));
	coinbase10(&b.txs[0]);
	b.n_txs = 1;
	tap_hex(b.txs[0].tx_hash, 32, COINBASE10_HASH,
		"block 10 coinbase hashes to the api.md key");

	check_json(zen_json_block(&b, ZEN_CHAIN_TEST),
		   "{\"hash\":\"" BLOCK10_HASH "\","
		   "\"header\":" BLOCK10_HEADER_JSON ","
		   "\"transactions\":{\"" COINBASE10_HASH "\":"
		   COINBASE10_JSON "}}",
		   "block: testnet block 10 exactly as api.md 3.10");

	/* keys follow block order, not hash order (80ff.. before 03ae..) */
	decode_tx(&b.txs[1], "transactions.json", "signed-pk-tx");
	b.n_txs = 2;
	tap_hex(b.txs[1].tx_hash, 32, SIGNED_TX_HASH,
		"signed-pk-tx hash");
	check_json(zen_json_block(&b, ZEN_CHAIN_TEST),
		   "{\"hash\":\"" BLOCK10_HASH "\","
		   "\"header\":" BLOCK10_HEADER_JSON ","
		   "\"transactions\":{"
		   "\"" COINBASE10_HASH "\":" COINBASE10_JSON ","
		   "\"" SIGNED_TX_HASH "\":" SIGNED_TX_JSON "}}",
		   "block: transactions keyed by tx hash in block order");
	t = b.txs[0];
	b.txs[0] = b.txs[1];
	b.txs[1] = t;
	check_json(zen_json_block(&b, ZEN_CHAIN_TEST),
		   "{\"hash\":\"" BLOCK10_HASH "\","
		   "\"header\":" BLOCK10_HEADER_JSON ","
		   "\"transactions\":{"
		   "\"" SIGNED_TX_HASH "\":" SIGNED_TX_JSON ","
		   "\"" COINBASE10_HASH "\":" COINBASE10_JSON "}}",
		   "block: reordered transactions keep their block order");

	/* main chain: the coinbase lock address becomes zen1... */
	b.n_txs = 2;
	check_json(take(take(zen_json_block(&b, ZEN_CHAIN_MAIN),
			     "transactions"), COINBASE10_HASH),
		   "{\"version\":0,\"inputs\":[],"
		   "\"outputs\":[{\"lock\":{\"Coinbase\":{\"blockNumber\":10,"
		   "\"pkHash\":\"" PKH_A "\",\"address\":\"" ADDR_A_MAIN "\"}},"
		   "\"spend\":{\"asset\":\"00\",\"amount\":\"5000000000\"}}],"
		   "\"witness\":[]}",
		   "block on main: addresses use the main HRP");
	zen_block_release(&b);
}

int main(void)
{
	test_numbers();
	test_harness();
	test_spend_outpoint_input();
	test_locks();
	test_outputs();
	test_contract();
	test_witnesses();
	test_data();
	test_tx();
	test_header();
	test_block();
	return tap_done();
}
