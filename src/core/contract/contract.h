/*
 * contract.h - the contract ABI (contracts.md sections 1.6-1.8, 2): load
 * a ZF* contract, evaluate its cost function `cf` and run its `main`, with
 * the argument order of 2.1 and the boundary conversions of zulib.h.
 *
 *   main txSkeleton context contractId command sender messageBody wallet
 *        state
 *   cf   txSkeleton context command sender messageBody wallet state
 *
 * A loaded contract is immutable and may be run any number of times, from
 * several threads at once (every run has its own arena).  Runs never crash
 * or hang on bad contracts: the limits of struct zc_limits (eval.h) end
 * them with ZEN_EREFUSED and a message.
 */
#ifndef ZEN_CONTRACT_CONTRACT_H
#define ZEN_CONTRACT_CONTRACT_H

#include "core/contract/eval.h"
#include "core/contract/zulib.h"

struct zc_contract;

/*
 * Parse and resolve src[0..len).  Errors (ZEN_EINVAL), one line:
 *   FILE:LINE:COL: expected X, got Y      syntax (parser.h)
 *   FILE:LINE:COL: forbidden: ...         1.10
 *   FILE:LINE:COL: unbound name 'x'       also: unbound constructor,
 *                                         unknown module
 *   FILE: ... main ... / cf ...           entry points (8 and 7 params)
 * The contract id is SHA3(BE32 0 || src) as for activation (1.1).
 */
int zen_contract_load(const char *src, size_t len, const char *file,
		      struct zc_contract **out, struct zen_err *err);
/* Resolve m, parsed from src[0..len), into a contract (check.c parses
 * once for its checks and the load).  No entry point check.  fn (may be
 * NULL) gets every resolution error, as zc_program_load_all (eval.h). */
int zen_contract_load_module(const struct zc_module *m, const char *src,
			     size_t len, const char *file,
			     struct zc_contract **out, struct zen_err *err,
			     zc_error_fn *fn, void *ctx);
void zen_contract_free(struct zc_contract *c);
const struct zen_contract_id *zen_contract_get_id(const struct zc_contract *c);

/*
 * The restricted wallet of a run (contracts.md 1.6, step 8): the inputs of
 * s from begin on that spend outputs locked to contract cid, as validation
 * gives them to cf for the witness's cost.  *ops and *outs hold n entries
 * (shallow copies: the outputs' locks are s's); free() both.
 */
void zen_contract_restricted_wallet(const struct zen_skel *s, size_t begin,
				    const struct zen_contract_id *cid,
				    struct zen_outpoint **ops,
				    struct zen_output **outs, size_t *n);
/* Bytes of source (the activation fee per block, 5.1). */
size_t zen_contract_code_len(const struct zc_contract *c);
/* Every Zulib function c names (zc_program_foreach_native). */
void zen_contract_foreach_native(const struct zc_contract *c,
				 void (*fn)(void *ctx,
					    const struct zen_native *),
				 void *ctx);

enum zen_sender_kind {
	ZEN_SENDER_ANONYMOUS,
	ZEN_SENDER_PK,		/* sender_pk: 33-byte compressed key */
	ZEN_SENDER_CONTRACT,	/* sender_cid */
};

/* The inputs of main and cf.  Zero-initialize, then fill what is known:
 * zeroes mean an empty skeleton, block 0, time 0, command "", Anonymous,
 * no body, an empty wallet, no state and the default limits. */
struct zen_contract_args {
	const struct zen_skel *tx;
	uint32_t block_number;
	uint64_t timestamp;		/* ms */
	const char *command;
	size_t command_len;
	enum zen_sender_kind sender;
	uint8_t sender_pk[33];
	struct zen_contract_id sender_cid;
	const struct zen_data *body;	/* NULL: None */
	const struct zen_outpoint *wallet_outpoints;
	const struct zen_output *wallet_outputs;
	size_t wallet_n;
	const struct zen_data *state;	/* NULL: None */
	const struct zc_limits *limits;	/* NULL: zc_limits_default */
	/* zen contract check's exploration only: every Crypto.verify and
	 * MerkleTree.verify answers true, so that the paths behind a valid
	 * signature or proof are run (their costs are the same) */
	int assume_valid;
	/* zen contract check's exploration only: the comparisons main and
	 * cf evaluate are reported there (value.h struct zc_trace) */
	const struct zc_trace *trace;
};

/*
 * What a run used.
 *
 * cost is main's cost as the reference charges it: the Zulib costs and
 * elaboration increments of main's value (cost_body), padded up to cf's
 * value for the same arguments, since MainFunc declares main's type as
 * ``contractResult `cost` (cf ...)`` (eval.h COST INDEXES).  So cost =
 * cf on every path, ERR and None short-circuits included, unless the
 * engine's own count exceeds cf (then cost = cost_body, cost_exact = 0)
 * or cf could not be evaluated (then cost = cost_body).
 */
struct zen_contract_stats {
	uint64_t cost;		/* main's cost, padded to cf (above) */
	/* 1 if cost is the reference's: padded to a declared index, or
	 * every cost-only argument counted; 0 if some was skipped or a
	 * cost exceeded its declared index */
	int cost_exact;
	uint64_t steps;
	size_t mem;		/* arena bytes */
	uint64_t cost_body;	/* main's own count before the padding to cf
				 * (declared indexes inside main applied) */
	/* 1 and which, when the run (failed or not) found a declared cost
	 * index of the contract (a val, a return type, an ascription; cf's
	 * too, when main's padding ran it) below what its body cost: the
	 * reference's type checker refuses such a contract */
	int over_found;
	struct zc_over over;
	/* the other way: a declared index above its body's complete count
	 * (no short-circuit: value.h COST VALUES), refused as well; and
	 * main_under, main's complete count below cf's value */
	int under_found, main_under;
	struct zc_over under;
	/* a body of count uncost_k > 0 ending on no cost value, at
	 * uncost_pos (eval.h zc_exec_uncost): F* refuses its `inc` */
	int uncost_found;
	struct zc_pos uncost_pos;
	uint64_t uncost_k;
};

/*
 * cf for these arguments.  0 and *cost, or ZEN_EREFUSED (the run failed:
 * message in err) or ZEN_EINVAL (bad arguments: an invalid public key).
 */
int zen_contract_cost(const struct zc_contract *c,
		      const struct zen_contract_args *a, uint64_t *cost,
		      struct zen_err *err);

/*
 * main for these arguments.  0 when main returned a value: ret (initialized
 * by the caller with zen_contract_return_init) holds OK (ret->ok = 1: the
 * skeleton, message and state update) or ERR (ret->ok = 0, ret->err_msg).
 * ZEN_EREFUSED when the run failed (exception, limit; message in err).
 * st may be NULL.
 */
int zen_contract_run(const struct zc_contract *c,
		     const struct zen_contract_args *a,
		     struct zen_contract_return *ret,
		     struct zen_contract_stats *st, struct zen_err *err);

#endif
