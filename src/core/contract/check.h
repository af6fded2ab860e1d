/*
 * check.h - the activation check of a contract: what the node verifies
 * before it adds a contract to the active set, and what `zen contract
 * check` tells a user before paying for an activation (contracts.md 1.10,
 * 2).  One function, zen_contract_check, serves the node (block and
 * mempool validation, src/core/chain), the wallet's `contract activate`
 * and `zen contract check`, so that the tool's verdict is the node's.
 *
 * WHAT IS CHECKED, in order (a stage runs only when the previous ones
 * passed, since it needs their result; within a stage every error is
 * reported, as a compiler does; stages 2 and 3 run together):
 *   1. syntax and the forbidden constructs of 1.10 (parser.h: the first
 *      error only, the parser stops there);
 *   2. entry points: top-level `main` with the 8 parameters and `cf`
 *      with the 7 of the calling convention (2.1), both reported, and
 *      as many arrows in their `val`s where they have one;
 *      message bodies and states (main's messageBody and state, cf's
 *      too) matched or built with constructors of the `data` type (2.3:
 *      I64 Byte ByteArray U32 U64 String Hash Lock Signature PublicKey
 *      Collection of Array, Dict or List) and not the contract's own;
 *      Zulib calls with more arguments than the function takes, where
 *      the result cannot be a function (a cost value, a constructor, a
 *      boolean operator: the resolver's, which knows what each name
 *      denotes, zc_program_load_all); bodies that surely are no cost
 *      value (below, the resolver's too); matches F* cannot prove
 *      complete, where nothing constrains their scrutinee (exhaust.h);
 *   3. name resolution (eval.h LOADING: every name, module and
 *      constructor bound; every error of zc_program_load_all);
 *   4. the cost bound and the declared cost indexes (below).
 *
 * THE COST BOUND (1.8)
 *   The reference proves with F* and Z3 that main costs exactly cf's
 *   value for every argument, and refuses the contract otherwise.  We
 *   approximate by running both on inputs chosen from the source, the
 *   same on every node (no randomness, time or machine dependence), and
 *   compare the cost the engine charges main (its count with every
 *   declared cost index applied, before the padding to cf: contract.h
 *   cost_body) with cf's value:
 *     FILE:LINE:COL: main costs 230 but cf says 214 for command "buy"
 *       (body {"returnAddress": lock}, wallet of 3 ZP, sender PK)
 *   (one line; the parenthesis names the input, none for the neutral
 *   one).  A run that fails (a failed match, an overflow, a limit)
 *   compares nothing, so a contract is refused only for a path the
 *   engine ran and found dearer than cf says, or cheaper with a complete
 *   count (below).
 *
 *   The same runs check every cost index the contract declares (a val
 *   `... -> cost T E`, a return type, an ascription `e <: cost T E`;
 *   cf's too): F* makes each body cost exactly what its type says, so
 *   one found dearer on a run than its index is refused, at the
 *   declaration, once, though main stays within cf:
 *     FILE:LINE:COL: fee costs 23 but its val says 3 for command "buy"
 *   (the cost counts the body's increments and what it calls; eval.h
 *   COST INDEXES, value.h rt->over).  A body cheaper than its index, and
 *   main cheaper than cf, are refused the same way when the run's count
 *   is complete: nothing on the way fell short of what the type says (a
 *   bind's failure skipping a callback whose index the engine cannot
 *   read, a lambda; autoInc and the auto* constructors, whose target is
 *   their type's; an implicit index the caller's type binds), value.h
 *   COST VALUES, rt->under.  Where something did, the index pads it, as
 *   F* would find it equal.
 *
 *   And every body of count k > 0 (a function's, a top-level value's, a
 *   local function's or a lambda's) must end on a cost value: the
 *   elaborator wraps it in `inc k`, which F* types on cost values only,
 *   so `let double x = x + x` or `let tiers = [1; 2]` is refused at the
 *   body.  Stage 2 refuses those that surely are none, called or not (by
 *   what they end on, or by their declared type: resolve.c plain_body);
 *   the runs, the others they meet (eval.h zc_exec_uncost):
 *     FILE:LINE:COL: this body counts 2 but is no cost value (...)
 *     FILE:LINE:COL: this body counts 1 but its type is no cost type (...)
 *
 *   Commands: the string constants matched against main's and cf's
 *   command parameter (`match command with | "buy" -> ...`, `command =
 *   "buy"`), plus "" and one command neither knows ("zen-check-other-0",
 *   the fall-through path).
 *
 *   The neutral input: an empty skeleton, block 0, time 0, Anonymous,
 *   no body, an empty wallet, no state.  Every command is run on it
 *   first, and each one dearer there reported.
 *
 *   Then, if none was, a first round of explored inputs: the product of
 *     body    None; values of each kind the contract reads (the kinds
 *             its accessors tryU64, tryLock, tryDict ... and its
 *             patterns `Some (U64 n)` ask for; those read from the
 *             body parameter itself first), a dict being the dict of
 *             every key passed to Dict.tryFind (or to a top-level
 *             function of the contract: a wrapper) with the kind read
 *             from it (`Dict.tryFind "k" d >?= tryLock`: a lock; U64
 *             when none is seen; a second dict when a key is read as
 *             two kinds; a key read as a dict holds this dict again,
 *             down to four levels, fewer where every level having
 *             every key would make more than 64 entries; messages
 *             write the third and fourth {...}); then U64 and String;
 *             16 values with None;
 *     state   the same, those read from the state parameter first;
 *     wallet  empty; 3 ZP outputs and 1 of the contract's asset; the 3
 *             ZP outputs (locked to the contract); when the contract
 *             has an integer literal of 1000 or more, the 4 outputs
 *             again, each holding one more than its largest ("wallet
 *             of 4: 3 ZP, 1 of its asset, 100000000001 each": a payout
 *             of a constant amount from the wallet);
 *     sender  Anonymous; a PK (the generator point); a contract; a PK
 *             of each key and a contract of each contract id the
 *             contract parses from a constant (parsePublicKey "02..",
 *             ContractId.parse), its owner;
 *     skeleton empty; 1 ZP and 1000 of its asset in, only when the
 *             contract calls getAvailableTokens;
 *     context block 0 at time 0; block 1000 at 1600000000000 ms; block
 *             4294967295 at 4102444800000 ms;
 *     proofs  as they are; every Crypto.verify and MerkleTree.verify
 *             true (zen_contract_args.assume_valid), only when the
 *             contract names a verify function;
 *   a dimension main and cf never name (`_`, or a name their bodies
 *   do not use) keeping its neutral value only.  The values are U64
 *   1000, String "zen", a PK lock, a hash of 0x01 bytes, lists of two
 *   hashes ...; then, room left, the numbers and dicts again with
 *   their numbers past the contract's largest integer literal, at 0,
 *   and at each integer literal the contract compares with (an operand
 *   of =, <, U64.gt ..., or a pattern; a top-level name bound to a
 *   literal counts as the literal) and one more: every side of
 *   every such comparison, between two thresholds too; then the strings
 *   and dicts with each string literal it compares with or matches
 *   (those compared with the command left out), the keys, hashes and
 *   dicts with each key and hash it parses from a constant (a literal
 *   or a top-level name of one).  The combinations are run nearest to
 *   the rich input (value [1] of each: the first body read, the wallet
 *   with tokens, a PK sender, the skeleton with tokens, valid proofs)
 *   first, then in the order of the values, for each command
 *   but "" (the unknown command's path, unless the contract dispatches
 *   on ""), and stop at the first input where main is dearer than cf.
 *
 *   Then a second round, from the values main and cf compare at run
 *   time (as libFuzzer's comparison tracing; value.h struct zc_trace).
 *   The first round's runs of a command report the operands of every
 *   comparison they evaluate (=, <> and pattern constants at every
 *   level of the values compared, < <= > >=, U64.gt, >^ ... of every
 *   machine integer module); the first 12 that no input has already
 *   (none of the numbers above, amounts, blocks and times included;
 *   "zen", 0x01 bytes, a string or hash of the source, a command) are
 *   kept, each with the input of the run
 *   that compared it: a number (not negative), a 32-byte hash, a string
 *   of at most 48 bytes.  For each, in the order compared, and each of
 *   its values (a number v: v, and v + 1 and v - 1 if an ordering
 *   compared it, as a strict one holds only past v, where an equality
 *   holds nowhere but at v; an ordering that compares it on a later
 *   round's run, once its inputs were made, adds v + 1 and v - 1 with
 *   that run's input: `p = 7UL *%^ 1111UL && n `U64.gt` p`, body 7778
 *   and state 7777; a hash or string: itself),
 *   that input with its body, then its state, made that value of the
 *   kind it had there (a dict: with the value in each key that can
 *   hold it) is run, if new; and for a number, that input with a
 *   skeleton of v kalapas and v of its asset in, if the contract calls
 *   getAvailableTokens ("1000000000001 kalapas and 1000000000001 of
 *   its asset in the skeleton"), and at block v, then at time v ms, if
 *   main or cf reads its context ("block 1000 at 8599999 ms").  So a threshold computed at
 *   run time (`n `U64.gt` price *%^ 2UL` with price read from the state
 *   or computed by a top-level function), a price computed at run time
 *   compared with the tokens the transaction brings
 *   (getAvailableTokens), a deadline or time window computed at run
 *   time and a hash computed at run time (a body hash compared with the
 *   hash of a constant, a state hash with the hash of the sender's key)
 *   are taken, by the input that computed them.  The runs report the
 *   keys they look up in a dict too (Dict.tryFind, containsKey): a key
 *   none of the contract's lookups names (a key computed at run time,
 *   "acct:" ^ name) is added to the body's, then the state's dict of
 *   the input that looked it up, U64 1000 under it, in every dict at
 *   every depth ("state {\"acct:zen\": u64}").
 *
 *   Each later round's runs are traced too, and the next round runs the
 *   inputs of the first 12 operands they compared that neither an input
 *   nor an earlier round had, the same way, until a round compares
 *   nothing new, up to six rounds in all: so a chain of values computed
 *   at run time, each compared only once the one before took its path,
 *   is followed (`p = 7UL *%^ 1111UL && n = p *%^ 3UL && context.timestamp
 *   = n +%^ 5UL`: 7777 in the state, then 23331 in the body, then block
 *   1000 at 23336 ms).
 *
 *   Then the growth.  Of the command's explored inputs with a
 *   collection (a list, array or dict in its body or state, at any
 *   depth) or a wallet, the one where main came nearest to cf is run
 *   with every collection and the wallet repeated twice, then three
 *   times ("with its collections and wallet repeated 3 times"; a list's
 *   items over again, in order; a dict's entries again under new keys,
 *   "k~1", "k~2" ..., that no lookup names; the wallet's outputs on new
 *   outpoints).  If main - cf rose from once to twice and again to three
 *   times, the input is run once more as many times over as that last
 *   rise takes main past cf, at most GROW_MAX_ITEMS (4096) items and
 *   outputs in all.  So a cost that grows with a collection or the
 *   wallet faster than cf's (an unbounded fold over the body's outputs
 *   or the state's entries with a constant cf; fromWallet's 128 per
 *   output against a cf of 100 per output) is refused, where a run
 *   shows it, though cf's slack hides it at the explored sizes.  A
 *   contract that names Sha3.updateString or updateByteArray (6 per
 *   byte) has a second growth, the same way, of its strings: every
 *   String and ByteArray in the body and state repeated ("with its
 *   strings repeated 9 times"), apart from the collections, since a
 *   string repeated no longer equals what the contract looks for.
 *
 *   The work is bounded: ZEN_CHECK_MAX_RUNS inputs in all (the neutral
 *   ones included; each command the same share of the rest: the first
 *   round on two thirds of it, the later rounds, then the rest of the
 *   first on what is left, and three kept for each growth
 *   when there is something to grow), each run within ZEN_CHECK_MAX_STEPS steps,
 *   and ZEN_CHECK_EXPLORE_STEPS steps for all the explored runs (main's
 *   steps counted twice, for cf's; a run is given at most what is
 *   left).  cf is run apart only when main's padding did not give its
 *   value (contract.h).
 *
 *   Paths no such input takes are not explored, so a contract F* would
 *   refuse may pass: behind a chain of more than five values computed at
 *   run time (there are six rounds), past the first 12 operands of a
 *   round or the runs a command is given;
 *   behind a value the sender or the wallet would need (a key or amount
 *   computed at run time: those dimensions keep their values), or the
 *   skeleton but its amounts of ZP and of the contract's asset; behind a
 *   value no comparison gives (a relation other than order or equality,
 *   `n *%^ n `U64.gt` limit`; a negative number; a public key, longer
 *   than 48 bytes; a key computed at run time and looked up in a dict
 *   the input does not have, or under a value other than a U64);
 *   behind a dict nested deeper than the levels above; behind a size
 *   of a collection or wallet the growth does not reach (a cost that
 *   grows faster only past 4096 items, or not in step from two to three
 *   repetitions), or a collection the explored inputs leave empty.
 *
 * Errors go to the report (sorted by position) and the first one to err,
 * as "FILE:LINE:COL: message" (or "FILE: message" without a position).
 */
#ifndef ZEN_CONTRACT_CHECK_H
#define ZEN_CONTRACT_CHECK_H

#include "core/base/err.h"
#include "core/contract/contract.h"

/* Commands compared at most, and the steps of one run in the cost
 * check (a neutral input needs far fewer; a run that reaches the limit
 * compares nothing). */
#define ZEN_CHECK_MAX_COMMANDS 32
#define ZEN_CHECK_MAX_STEPS 200000u
/* Inputs run (one cf and one main run each) in one check, the neutral
 * ones included, and the steps of all the inputs explored beyond them
 * (main's steps counted twice, for cf's): THE COST BOUND.  96 is what
 * fits issue 16's 1 ms: bench-contract's 405-line contract checks in
 * about 0.8 ms with them, 0.5 ms on the neutral inputs alone (an
 * explored input costs 3 to 4 us there). */
#define ZEN_CHECK_MAX_RUNS 96u
#define ZEN_CHECK_EXPLORE_STEPS 2000000u

struct zen_check_diag {
	uint32_t line, col;	/* 0, 0: no position */
	char *msg;		/* malloc'ed, without the FILE:LINE:COL */
};

/* The costs compared for one command (cf and main when ran = 1). */
struct zen_check_cost {
	char *command;		/* malloc'ed, NUL-terminated */
	int ran;		/* 0: cf or main failed on every input */
	uint64_t cf, main;	/* of the first input compared (the neutral
				 * one when it ran) */
	size_t inputs;		/* inputs compared */
};

struct zen_check_report {
	struct zen_check_diag *d;
	size_t n, cap;
	struct zen_check_cost *costs;
	size_t ncosts, costcap;
};

#define ZEN_CHECK_REPORT_INIT { NULL, 0, 0, NULL, 0, 0 }

void zen_check_report_release(struct zen_check_report *r);

/*
 * Check src[0..len) for activation (above).  file names the source in
 * messages.  Returns 0 when activation would accept it, then *out (if
 * out is not NULL) is the loaded contract, to free with
 * zen_contract_free.  Else ZEN_EINVAL, *out NULL, the first error in
 * err.  rep (may be NULL) receives every error and the costs compared;
 * release it with zen_check_report_release.
 */
int zen_contract_check(const char *src, size_t len, const char *file,
		       struct zen_check_report *rep, struct zc_contract **out,
		       struct zen_err *err);

#endif
