/*
 * tx.h - transactions and their parts (protocol.md 2.5-2.10, 2.15, 3.3).
 *
 * Every type that owns memory has an init and a release function; release
 * is safe to call twice and leaves the object as after init.  Decoders
 * fill a caller-initialized object; on failure the object holds whatever
 * was decoded so far and must still be released.
 *
 * Decoding is permissive like the reference (non-canonical VarInts,
 * Amounts and Assets are accepted); encoding is canonical.  No decoder
 * here checks for trailing bytes (the reference does not): the consumed
 * length is reported so that callers can refuse them (`zen tx decode`
 * does).
 */
#ifndef ZEN_TX_H
#define ZEN_TX_H

#include "core/base/buf.h"
#include "core/base/err.h"
#include "core/types/ser.h"
#include "core/types/lock.h"
#include "core/types/types.h"

struct zen_data;

/* ---- Input (2.5) ---- */
enum zen_input_kind {
	ZEN_INPUT_OUTPOINT = 1,
	ZEN_INPUT_MINT = 2,
};

struct zen_input {
	enum zen_input_kind kind;
	struct zen_outpoint outpoint;	/* ZEN_INPUT_OUTPOINT */
	struct zen_spend mint;		/* ZEN_INPUT_MINT */
};

int zen_input_read(struct zen_reader *r, struct zen_input *in,
		   struct zen_err *err) ZEN_WARN_UNUSED;
void zen_input_write(struct zen_buf *out, const struct zen_input *in);
size_t zen_input_size(const struct zen_input *in);

/* ---- Output (2.7) ---- */
struct zen_output {
	struct zen_lock lock;
	struct zen_spend spend;
};

void zen_output_init(struct zen_output *o);
void zen_output_release(struct zen_output *o);
int zen_output_read(struct zen_reader *r, struct zen_output *o,
		    struct zen_err *err) ZEN_WARN_UNUSED;
void zen_output_write(struct zen_buf *out, const struct zen_output *o);
size_t zen_output_size(const struct zen_output *o);

/* ---- Witness (2.8) ---- */
enum zen_witness_id {
	ZEN_WITNESS_PK = 1,
	ZEN_WITNESS_CONTRACT = 2,
};

enum zen_sighash {
	ZEN_SIGHASH_TXHASH = 0x01,
	ZEN_SIGHASH_FOLLOWING = 0x03,
	/* anything else: "UnknownSigHash(x)" */
};

enum zen_state_commitment {
	ZEN_STATE_NONE = 1,		/* NoState */
	ZEN_STATE_HASH = 2,		/* State hash */
	ZEN_STATE_NOT_COMMITTED = 3,	/* NotCommitted */
};

struct zen_witness {
	uint32_t id;	/* 1 PK, 2 Contract, anything else HighVWitness */

	/* PKWitness */
	uint8_t sighash;
	uint8_t pubkey[ZEN_PUBKEY_LEN];
	uint8_t signature[ZEN_SIGNATURE_LEN];

	/* ContractWitness */
	struct zen_contract_id cid;
	char *command;			/* owned, NUL-terminated */
	size_t command_len;
	struct zen_data *body;		/* owned; NULL = None */
	enum zen_state_commitment state;
	uint8_t state_hash[ZEN_HASH_LEN];
	uint32_t begin_inputs, begin_outputs;
	uint32_t inputs_length, outputs_length;
	int has_cw_signature;		/* Option<PublicKey || Signature> */
	uint8_t cw_pubkey[ZEN_PUBKEY_LEN];
	uint8_t cw_signature[ZEN_SIGNATURE_LEN];
	uint64_t cost;

	/* HighVWitness */
	uint8_t *data;			/* owned */
	size_t len;
};

void zen_witness_init(struct zen_witness *w);
void zen_witness_release(struct zen_witness *w);
/*
 * Read one witness.  For ids 1 and 2 the payloadLength must equal the
 * reference's computed size, which for a ContractWitness counts one extra
 * byte per data List node of its body (2.14.1).
 */
int zen_witness_read(struct zen_reader *r, struct zen_witness *w,
		     struct zen_err *err) ZEN_WARN_UNUSED;
/* Written bytes: the payloadLength field carries the over-counted size. */
void zen_witness_write(struct zen_buf *out, const struct zen_witness *w);
/* Bytes zen_witness_write produces. */
size_t zen_witness_size(const struct zen_witness *w);
/* The reference's size (written size + List nodes of a contract body). */
size_t zen_witness_ref_size(const struct zen_witness *w);
/* The payloadLength value (reference payload size). */
size_t zen_witness_payload_size(const struct zen_witness *w);

/*
 * The reference's stand-alone List<Witness> buffer (varint count ||
 * witnesses, then one zero byte per List node in contract bodies), as
 * hashed by the FollowingWitnesses sighash (3.8).  Appends to out.
 */
void zen_witnesses_serialize(struct zen_buf *out, const struct zen_witness *w,
			     size_t n);

/* ---- Contract (2.9) ---- */
struct zen_contract {
	uint32_t version;	/* 0 = V0; anything else HighV */
	char *code;		/* V0, owned, NUL-terminated */
	size_t code_len;
	char *hints;		/* V0, owned */
	size_t hints_len;
	uint32_t rlimit;	/* V0 */
	uint32_t queries;	/* V0 */
	uint8_t *data;		/* HighV payload, owned */
	size_t len;
};

void zen_contract_init(struct zen_contract *c);
void zen_contract_release(struct zen_contract *c);
int zen_contract_read(struct zen_reader *r, struct zen_contract *c,
		      struct zen_err *err) ZEN_WARN_UNUSED;
void zen_contract_write(struct zen_buf *out, const struct zen_contract *c);
size_t zen_contract_size(const struct zen_contract *c);

/* ---- Transaction (2.10, 3.3) ---- */
enum zen_tx_mode {
	ZEN_TX_FULL = 0,
	ZEN_TX_WITHOUT_WITNESS = 1,
};

struct zen_tx {
	uint32_t version;
	struct zen_input *inputs;
	size_t n_inputs;
	struct zen_output *outputs;
	size_t n_outputs;
	int has_contract;
	struct zen_contract contract;
	struct zen_witness *witnesses;
	size_t n_witnesses;

	/* Set by zen_tx_decode/zen_tx_read and zen_tx_finalize. */
	uint8_t *raw;		/* owned: the exact bytes decoded */
	size_t raw_len;
	uint8_t tx_hash[ZEN_HASH_LEN];
	uint8_t witness_hash[ZEN_HASH_LEN];
};

void zen_tx_init(struct zen_tx *tx);
void zen_tx_release(struct zen_tx *tx);

/*
 * Read a Full-mode transaction from r (as inside a block): fills the
 * fields, raw (the consumed bytes), tx_hash = H(raw[0..N)) with N the
 * canonical size of the non-witness part (3.3; ZEN_EINVAL if N exceeds
 * the consumed length) and witness_hash = H(raw).
 */
int zen_tx_read(struct zen_reader *r, struct zen_tx *tx, struct zen_err *err)
	ZEN_WARN_UNUSED;
/*
 * Stand-alone decode (API, mempool): like zen_tx_read over p[0..len), but
 * an input of only zero bytes is refused first (2.10).  Trailing bytes are
 * not an error: tx->raw_len tells how many bytes were consumed.
 */
int zen_tx_decode(struct zen_tx *tx, const uint8_t *p, size_t len,
		  struct zen_err *err) ZEN_WARN_UNUSED;

/* Canonical encoding, appended to out (no List padding). */
void zen_tx_encode(struct zen_buf *out, const struct zen_tx *tx,
		   enum zen_tx_mode mode);
/* Bytes zen_tx_encode produces. */
size_t zen_tx_size(const struct zen_tx *tx, enum zen_tx_mode mode);
/* The reference's size: Full adds one byte per List node of contract
 * witness bodies; WithoutWitness equals zen_tx_size. */
size_t zen_tx_ref_size(const struct zen_tx *tx, enum zen_tx_mode mode);
/* The reference's padded buffer (encoding + trailing zeros up to
 * zen_tx_ref_size), used for weight (4.5). */
void zen_tx_serialize(struct zen_buf *out, const struct zen_tx *tx,
		      enum zen_tx_mode mode);
/* H(canonical WithoutWitness encoding). */
void zen_tx_compute_hash(uint8_t out[ZEN_HASH_LEN], const struct zen_tx *tx);
/*
 * For a locally built transaction: set raw to the Full written bytes (no
 * padding, see protocol.md 2.14.1 point 3), tx_hash and witness_hash =
 * H(raw).  (Deviation: the reference hashes its padded buffer for the
 * witness hash of local transactions; we hash what is relayed, which is
 * also what every receiving node computes.)
 */
void zen_tx_finalize(struct zen_tx *tx);

/* ---- Message (2.15) ---- */
/*
 * ContractId || String command || Option<data> body, appended to out.
 * padded: add the reference's trailing zero per List node (what the
 * contract-witness signature hashes, 3.8).
 */
void zen_message_serialize(struct zen_buf *out,
			   const struct zen_contract_id *recipient,
			   const char *command, size_t command_len,
			   const struct zen_data *body, int padded);

#endif
