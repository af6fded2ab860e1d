/*
 * zulib.h - the Zulib standard library in C (contracts.md section 4), its
 * module registry (3.6), and the boundary conversions node <-> contract
 * (2.2-2.4).  Values are those of value.h.
 *
 * REGISTRY
 *   Every Zulib module is a table of struct zen_native entries keyed by the
 *   exported name; operators are keyed by their symbol string (">>=",
 *   "+%^", "|>", ...), so `open M` / `let open M in` shadowing works by
 *   looking the same string up in a different module.  Module inclusions
 *   of 3.6 are followed by lookups and by iteration:
 *     Zen.Cost = Zen.Cost.Realized + Zen.Cost.Extracted
 *     Zen.Types = Zen.Types.Realized + .Extracted + .Data + .Main
 *     Zen.Hash = Zen.Hash.Sha3 + Zen.Hash.Base
 *     Zen.Sha3 = Zen.Sha3.Realized + Zen.Sha3.Extracted
 *     Zen.Array = Zen.Array.Indexed + Zen.Array.Base
 *     FStar.Pervasives includes FStar.Pervasives.Native.
 *   Module paths known: Prims, FStar.Pervasives(.Native), FStar.UInt8,
 *   FStar.UInt32, FStar.UInt64, FStar.Int64, FStar.String,
 *   FStar.Char, Zen.Base, Zen.Cost(.Realized/.Extracted), Zen.Option,
 *   Zen.OptionT, Zen.Result, Zen.ResultT, Zen.Data, Zen.Dictionary,
 *   Zen.Set, Zen.TxSkeleton, Zen.Wallet, Zen.Asset, Zen.ContractId,
 *   Zen.ContractReturn, Zen.ContractResult, Zen.Sha3(...), Zen.Hash(...),
 *   Zen.Crypto, Zen.PublicKey, Zen.MerkleTree, Zen.Bitcoin,
 *   Zen.Array(...), Zen.List, Zen.ListRealized, Zen.Integers, Zen.Util
 *   (empty), Zen.Types(...).  Anything else is unknown: activation must
 *   fail with "unknown module" (4.14).  Each name sits in the module
 *   Zulib v0.3.43 defines it in; tests/zulib-audit.txt lists every
 *   exported function with its arity and declared cost, and
 *   test-contract-runtime checks the registry against it.
 *
 * COSTS
 *   An entry's declared cost index is data (value.h struct
 *   zen_cost_rule): the runtime charges it and zen_cost_rule_format
 *   prints it, so there is no second copy to drift.
 *
 * WHAT THE EVALUATOR DOES
 *   1. zen_rt_init(); zen_rt_set_apply(rt, my_apply, NULL, ctx).
 *   2. Initial scope: zen_zulib_prelude() (Prims + FStar.Pervasives, 3.6).
 *      For `open M`: zen_zulib_find(M) then zen_zulib_foreach(); for
 *      `M.x` or an alias: zen_zulib_lookup(M, "x").  An entry's value is
 *      zen_native_value(rt, entry, &v).
 *   3. Application: zen_apply(rt, f, arg, &out) for every value head
 *      (natives run here, closures go back to my_apply).  Before
 *      evaluating an argument expression, zen_next_param_lazy(f) says
 *      whether it is cost-only (then pass zv_erased() instead).
 *   4. `let! p = m in e`: zen_cost_bind(rt, m, closure of \p.e).  The
 *      elaborator's `inc` may be skipped (it only changes the cost; eval.c
 *      keeps it, see eval.h).  `&&`/`||` (ZEN_NATIVE_SHORT):
 *      short-circuit syntactically.  `::` and `[]` build ZV_LIST with
 *      zv_cons / zv_nil.  Literals: 10 -> zv_int, 10ul -> zv_u32, 10UL ->
 *      zv_u64, 10uy -> zv_u8, 10L -> zv_i64, "s" -> zv_bytes.
 *   5. Build the arguments of main/cf with the boundary functions below,
 *      apply, zen_force() the result, and convert the contract result
 *      back with zen_rt_contract_result().
 *   6. zen_rt_release().
 */
#ifndef ZEN_CONTRACT_ZULIB_H
#define ZEN_CONTRACT_ZULIB_H

#include "core/contract/value.h"
#include "core/types/data.h"
#include "core/types/tx.h"
#include "core/types/types.h"

/* ------------------------------------------------------------------ */
/* Registry                                                           */
/* ------------------------------------------------------------------ */

struct zen_zulib_module {
	const char *path;		/* "Zen.Cost" */
	const struct zen_native *entries;	/* ends with name == NULL */
	const char *const *includes;	/* re-exported modules, NULL-ended;
					 * may be NULL */
};

/* The module with this exact path, or NULL. */
const struct zen_zulib_module *zen_zulib_find(const char *module_path);
/* A name exported by m (own entries first, then inclusions), or NULL. */
const struct zen_native *zen_zulib_lookup(const struct zen_zulib_module *m,
					  const char *name);
/* Shorthand: zen_zulib_lookup(zen_zulib_find(path), name). */
const struct zen_native *zen_zulib_get(const char *module_path,
				       const char *name);
/*
 * Every export of m, inclusions included, in an order such that a later
 * entry shadows an earlier one of the same name (apply them in order to
 * an environment to implement `open m`).  Stops early when cb returns
 * nonzero and returns that value.
 */
int zen_zulib_foreach(const struct zen_zulib_module *m,
		      int (*cb)(void *ud, const struct zen_native *e),
		      void *ud);
/* The always-open modules in opening order: Prims, FStar.Pervasives,
 * FStar.Pervasives.Native.  NULL-terminated. */
const struct zen_zulib_module *const *zen_zulib_prelude(void);

/* The fn of a ZEN_NATIVE_RECORD native, F*'s Mk<t> (Zulib's records and,
 * through the resolver, the contract's own): the record of its
 * arguments, with the fields of aux's struct zen_record_type. */
int zen_record_ctor(struct zen_rt *rt, const struct zen_native *self,
		    zv *const *a, zv **out, uint64_t *cost);

/* All modules (for tools and tests): *n of them. */
const struct zen_zulib_module *zen_zulib_modules(size_t *n);

/* ------------------------------------------------------------------ */
/* Boundary conversions (2.4)                                         */
/* ------------------------------------------------------------------ */

/* contractId = (U32 version, hash). */
zv *zv_of_cid(struct zen_rt *rt, const struct zen_contract_id *cid);
int zv_to_cid(struct zen_rt *rt, const zv *v, struct zen_contract_id *cid);
/* asset = (U32 version, hash, subtype). */
zv *zv_of_asset(struct zen_rt *rt, const struct zen_asset *a);
int zv_to_asset(struct zen_rt *rt, const zv *v, struct zen_asset *a);
/* spend = {asset; amount: U64}. */
zv *zv_of_spend(struct zen_rt *rt, const struct zen_spend *s);
int zv_to_spend(struct zen_rt *rt, const zv *v, struct zen_spend *s);
/* outpoint = {txHash; index: U32}. */
zv *zv_of_outpoint(struct zen_rt *rt, const struct zen_outpoint *o);
int zv_to_outpoint(struct zen_rt *rt, const zv *v, struct zen_outpoint *o);
/* Locks (2.2).  zv_to_lock fills an initialized lock (HighV data is
 * malloc'ed and owned by the lock). */
zv *zv_of_lock(struct zen_rt *rt, const struct zen_lock *l);
int zv_to_lock(struct zen_rt *rt, const zv *v, struct zen_lock *l);
/* output = {lock; spend}. */
zv *zv_of_output(struct zen_rt *rt, const struct zen_output *o);
int zv_to_output(struct zen_rt *rt, const zv *v, struct zen_output *o);

/* Public keys: 33-byte compressed wire form <-> 64-byte internal form
 * (X little-endian, Y little-endian; 2.2).  Return 0 or ZEN_EINVAL. */
int zen_pubkey_to_internal(uint8_t out[64], const uint8_t cpk[33]);
void zen_pubkey_from_internal(uint8_t out[33], const uint8_t pk[64]);
/* Signatures: compact r||s big-endian <-> internal (r LE, s LE). */
void zen_sig_swap(uint8_t out[64], const uint8_t in[64]);

/* data (2.3) <-> value.  zv_to_data fills an initialized d (owned,
 * malloc'ed, dicts normalized); values nested deeper than
 * ZEN_DATA_MAX_DEPTH are refused. */
int zv_of_data(struct zen_rt *rt, const struct zen_data *d, zv **out);
int zv_to_data(struct zen_rt *rt, const zv *v, struct zen_data *d);
/* option data: NULL -> None. */
int zv_of_data_option(struct zen_rt *rt, const struct zen_data *d, zv **out);

/* context = {blockNumber: U32; timestamp: U64}. */
zv *zv_context(struct zen_rt *rt, uint32_t block_number, uint64_t timestamp);
/* sender: Anonymous | PK publicKey (from 33 bytes) | Contract cid. */
zv *zv_sender_anonymous(void);
int zv_sender_pk(struct zen_rt *rt, const uint8_t cpk[33], zv **out);
zv *zv_sender_contract(struct zen_rt *rt, const struct zen_contract_id *c);
/* The command: bytes >= 0x80 become '?' (2.4). */
zv *zv_command(struct zen_rt *rt, const char *cmd, size_t len);

/* A node-side transaction skeleton: inputs with their spent outputs. */
struct zen_skel_input {
	int is_mint;
	struct zen_spend mint;		/* is_mint */
	struct zen_outpoint outpoint;	/* !is_mint */
	struct zen_output output;	/* !is_mint: the output it spends */
};

struct zen_skel {
	struct zen_skel_input *inputs;
	size_t n_inputs;
	struct zen_output *outputs;
	size_t n_outputs;
};

void zen_skel_init(struct zen_skel *s);
void zen_skel_release(struct zen_skel *s);

/* Node skeleton -> txSkeleton: inputs then outputs, in order, with checked
 * totals (2.2). */
int zv_of_skel(struct zen_rt *rt, const struct zen_skel *s, zv **out);
/* txSkeleton -> node skeleton (initialized s): insertion order. */
int zv_to_skel(struct zen_rt *rt, const zv *v, struct zen_skel *s);
/* A wallet: list of pointedOutput ((outpoint, output)) values. */
int zv_wallet(struct zen_rt *rt, const struct zen_outpoint *ops,
	      const struct zen_output *outs, size_t n, zv **out);
/*
 * The restricted wallet of 1.7 step 4: inputs [begin, begin + len) of s
 * that are PointedOutputs locked to cid, in order.
 */
int zv_restricted_wallet(struct zen_rt *rt, const struct zen_skel *s,
			 size_t begin, size_t len,
			 const struct zen_contract_id *cid, zv **out);

/* The outcome of main (2.1). */
enum zen_state_update { ZEN_STATE_NOCHANGE, ZEN_STATE_UPDATE,
			ZEN_STATE_DELETE };

struct zen_contract_return {
	int ok;				/* 0: ERR err_msg */
	char *err_msg;			/* malloc'ed, NUL-terminated */
	struct zen_skel tx;
	int has_message;
	struct zen_contract_id recipient;
	char *command;			/* malloc'ed */
	size_t command_len;
	struct zen_data *body;		/* malloc'ed, NULL = None */
	enum zen_state_update state;
	struct zen_data state_data;	/* ZEN_STATE_UPDATE */
};

void zen_contract_return_init(struct zen_contract_return *r);
void zen_contract_return_release(struct zen_contract_return *r);
/* v is the forced value of main: OK {tx; message; state} or ERR msg. */
int zen_rt_contract_result(struct zen_rt *rt, const zv *v,
			   struct zen_contract_return *r);
/* cf's forced value (nat) as uint64 (1.8); negative fails. */
int zen_rt_cost_result(struct zen_rt *rt, const zv *v, uint64_t *cost);

#endif
