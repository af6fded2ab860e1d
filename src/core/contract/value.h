/*
 * value.h - the run-time value model of the ZF* interpreter
 * (contracts.md 3.8, 3.9), the per-execution arena, the cost monad and
 * application of functions.
 *
 * This header is a contract between the runtime library (values and the
 * Zulib natives of zulib.h) and the evaluator (which walks the AST).
 *
 * OWNERSHIP AND LIFETIME
 *   Every value of one execution lives in the arena of one struct zen_rt.
 *   Nothing is freed individually: zen_rt_release() frees everything at
 *   once.  The arena has a byte limit; an allocation past it fails cleanly
 *   (the constructor returns NULL and rt->err holds "memory limit
 *   exceeded").  Values are IMMUTABLE once built (the only mutation is the
 *   memoization inside cost thunks), so they may be shared freely.
 *   A few singletons (unit, true, false, None, Nil, the erased token) are
 *   static and never need allocation.
 *
 * ERRORS
 *   Every fallible function returns int: 0 on success, otherwise
 *   ZEN_EREFUSED ("the run fails": checked overflow, division by zero, a
 *   failed `v` / `uint_to_t`, an index out of range, a malformed argument,
 *   the memory limit, the depth limit) with a one-line message in rt->err.
 *   Constructors return NULL on failure (only when the arena is full) with
 *   rt->err set.  Nothing in the runtime aborts the process on bad input.
 *
 * NUMBERS
 *   Prims `int`/`nat`/`pos` are ZV_INT: int64_t with CHECKED + - *
 *   (overflow fails the run), and `/` and `%` as the reference's
 *   extracted code runs them, Zulib's prims.fs ediv and erem (zulib_core.c
 *   p_arith; contracts.md 3.8 and 4.3 say truncating `%`, which holds for
 *   the F# op_Modulus that extraction never calls applied).
 *   No bignums: section 4 never needs more (cf values are int64 and the
 *   node casts them to uint64).  Machine integers have their own tags.
 *
 * TYPES AT RUN TIME
 *   Types are erased.  Every name that denotes a type should evaluate to
 *   zv_erased() (ZV_ERASED).  Prims int arithmetic with an erased operand
 *   gives the erased token again (so cost-only expressions over dropped
 *   implicit binders do not fail), but the cleaner path is to honour the
 *   lazy mask of natives (see NATIVES below) and not evaluate cost-only
 *   arguments at all.
 */
#ifndef ZEN_CONTRACT_VALUE_H
#define ZEN_CONTRACT_VALUE_H

#include <stdarg.h>

#include "core/base/err.h"
#include "core/base/zen.h"

struct zen_rt;
struct zen_native;
typedef struct zv zv;

/* ------------------------------------------------------------------ */
/* Tags                                                               */
/* ------------------------------------------------------------------ */

enum zv_tag {
	ZV_INT = 1,	/* Prims int/nat: u.i (int64, checked arithmetic) */
	ZV_U8,		/* FStar.UInt8 / byte / char: u.u */
	ZV_U32,		/* FStar.UInt32: u.u */
	ZV_U64,		/* FStar.UInt64: u.u */
	ZV_I64,		/* FStar.Int64: u.i */
	ZV_BOOL,	/* u.i is 0 or 1 */
	ZV_UNIT,
	ZV_BYTES,	/* strings, hashes (32), public keys (64, internal
			 * form), signatures (64, internal form), byte
			 * arrays: u.bytes.  Array natives index it as an
			 * array of U8, and equality treats it as one. */
	ZV_TUPLE,	/* u.seq (n >= 2) */
	ZV_ARRAY,	/* Zen.Array: u.seq */
	ZV_RECORD,	/* u.rec: field names -> values */
	ZV_CON,		/* constructor: u.con (name + arguments) */
	ZV_LIST,	/* u.list: Nil when len == 0, else Cons head tail */
	ZV_CLOSURE,	/* evaluator closure: u.clo (opaque to the runtime) */
	ZV_NATIVE,	/* partially applied native: u.nat */
	ZV_COST,	/* a value of type `a cost n`: u.cost (thunk) */
	ZV_ERASED,	/* an erased type or proof */
	ZV_DICT,	/* Zen.Dictionary: u.dict, shortlex-ordered */
	ZV_SHA3,	/* Zen.Sha3.t: u.sha3 (persistent, copy-on-update) */
	ZV_SKEL,	/* Zen.Types txSkeleton: u.skel */
};

/*
 * Constructors (ZV_CON).  The name is a C string compared with strcmp,
 * the arguments are in order.  The runtime uses these names:
 *   Prims/Pervasives: Some x, None, OK x, ERR msg, Inl x, Inr x.
 *   Lists are NOT constructors: `[]`/Nil and `::`/Cons are ZV_LIST.
 *   Zen.Types: Mint spend, PointedOutput (outpoint, output) [1 arg, a
 *   tuple], PKLock h, ContractLock cid, FeeLock, DestroyLock,
 *   ActivationSacrificeLock, ExtensionSacrificeLock cid,
 *   CoinbaseLock blockNumber h [2 args], HighVLock id (len, bytes)
 *   [2 args], PK pk, Contract cid, Anonymous, NoChange, Update d, Delete,
 *   data: I64 Byte ByteArray U32 U64 String Hash Lock Signature PublicKey
 *   (1 arg each), Collection c with c = Array arr | Dict d | List l,
 *   MainFunc, CostFunc.
 * Pattern matching note for the evaluator: a pattern `C (p1, ..., pn)`
 * should match either a constructor with n arguments or one with a single
 * n-tuple argument (F* source does not tell which form Zulib used;
 * PointedOutput is built with one tuple, CoinbaseLock with two args).
 *
 * Records (ZV_RECORD) used by Zulib (2.2): spend {asset; amount},
 * outpoint {txHash; index}, output {lock; spend}, context {blockNumber;
 * timestamp}, message {recipient; command; body}, contractReturn {tx;
 * message; state}.  Tuples: contractId (U32 version, hash), asset
 * (U32 version, hash, subtype), pointedOutput (outpoint, output).
 */

/* The append buffer txSkeletons share (zulib_tx.c appends; a skeleton
 * sees items[0 .. its own count)). */
struct zv_seq_buf {
	zv **items;
	size_t used, cap;
};

/*
 * An adjustment of the cost of a computation (see COST VALUES): the cost
 * c becomes max(c + add, floor) when padded, else c + add.  over is set
 * when a padding target is exceeded: c + add > least, or a target that an
 * inner padding already exceeded (over).
 */
struct zv_cost_adj {
	uint64_t add;		/* increments (elaboration inc) */
	uint64_t floor;		/* the largest padding target */
	uint64_t least;		/* the smallest padding target */
	uint8_t padded;		/* floor and least are valid */
	uint8_t over;		/* a target is already known exceeded */
	/* not padded: m's count is below what its type says (autoInc),
	 * which sets the cost's shortcut flag */
	uint8_t shortcut;
	/* where `least` and `floor` were declared (opaque to this file: the
	 * evaluator's node) and the increments met outside them (`least` =
	 * its index + least_base), for zen_rt.over and zen_rt.under */
	const void *least_at, *floor_at;
	uint64_t least_base, floor_base;
};

/* The first declared cost index a run found exceeded (zen_rt.over), or
 * above a count that is complete (zen_rt.under). */
struct zv_over {
	const void *at;		/* adj->least_at; NULL: none found */
	uint64_t cost;		/* what the computation cost, at least */
	uint64_t index;		/* what its declaration says */
};

struct zv_cost {	/* the cost monad; see COST VALUES below */
	uint8_t state;	/* internal: ZV_COST_* */
	uint8_t exact;	/* 0 if some cost-only argument was not evaluated */
	uint8_t over;	/* 1 if the cost exceeded a declared cost index */
	uint8_t shortcut; /* 1 if the count may be below the cost the
			   * reference's type gives (see COST VALUES) */
	uint64_t cost;	/* accumulated cost, valid once forced */
	zv *val;	/* result, valid once forced */
	zv *m, *f;	/* bind: m >>= f; adjustment: m */
	const struct zv_cost_adj *adj;	/* adjustment of m's cost */
	const struct zen_native *nat;	/* deferred native call */
	zv **args;
};

struct zv_dict_entry {
	const uint8_t *key;
	size_t klen;
	zv *val;
};

struct zv_sha3 {	/* bytes absorbed = parent's bytes, then bytes[] */
	const struct zv_sha3 *parent;
	size_t total;	/* bytes absorbed in all, parents included */
	size_t len;
	uint8_t bytes[];
};

struct zv_skel_total {	/* per-asset checked totals */
	uint8_t asset[68];	/* BE32 version || cid hash || subtype */
	uint64_t in, out;
	uint8_t has_in, has_out;	/* the asset occurs on that side */
};

struct zv_skel {
	struct zv_seq_buf *in, *out;	/* inputs (Mint / PointedOutput
					 * constructor values), outputs
					 * (output records) */
	size_t n_in, n_out;
	struct zv_skel_total *tot;
	size_t n_tot;
};

struct zv {
	uint8_t tag;	/* enum zv_tag */
	union {
		int64_t i;
		uint64_t u;
		struct {
			const uint8_t *p;
			size_t len;
		} bytes;
		struct {
			size_t n;
			zv **items;
		} seq;
		struct {
			size_t n;
			const char **names;
			zv **vals;
		} rec;
		struct {
			const char *name;
			size_t n;
			zv **args;
		} con;
		struct {
			zv *head, *tail;
			size_t len;
		} list;
		struct {
			void *code;	/* evaluator-owned */
			void *env;	/* evaluator-owned */
			size_t arity;	/* total parameters */
			size_t n;	/* arguments applied so far */
			zv **args;
		} clo;
		struct {
			const struct zen_native *nat;
			size_t n;
			zv **args;
		} nat;
		struct zv_cost *cost;
		struct {
			size_t n;
			struct zv_dict_entry *e;	/* shortlex order */
		} dict;
		const struct zv_sha3 *sha3;	/* NULL = empty state */
		const struct zv_skel *skel;
	} u;
};

/* ------------------------------------------------------------------ */
/* The run-time context                                               */
/* ------------------------------------------------------------------ */

/*
 * The evaluator's application callback.  The runtime calls it whenever it
 * must apply a ZV_CLOSURE `fn` to one argument (from zen_apply, i.e. from
 * bind, map, folds, ...).  It must return 0 and the result in *out, or a
 * nonzero code with rt->err set (use zen_rt_fail).  It is only ever called
 * with fn->tag == ZV_CLOSURE; use zv_closure_push() to build the partial
 * application when fn->u.clo.n + 1 < fn->u.clo.arity.
 */
typedef int (*zen_apply_fn)(void *ctx, struct zen_rt *rt, zv *fn, zv *arg,
			    zv **out);

/*
 * The evaluator's reading of a ZV_CLOSURE's declared cost: what fn would
 * cost applied to the one argument it still takes, without that argument
 * (a bind's None / ERR path charges it, zulib_monad.c).  0 when unknown,
 * and then it sets rt->sub_short (the count is short of the type's).
 */
typedef uint64_t (*zen_skipped_fn)(void *ctx, struct zen_rt *rt,
				   const zv *fn);

struct zen_arena_chunk;

/*
 * Comparison tracing, for zen contract check only (check.h THE COST
 * BOUND): with rt->trace set, every comparison the engine evaluates
 * reports its two operands to cmp, in the order the run evaluates them:
 * =, <> and pattern constants at every level of the values compared
 * (zv_equal, zv_compare), Prims' < <= > >= and the comparisons of the
 * machine integer modules (U64.gt, >^ ...); order is 1 for an ordering
 * (<, >= ..., zv_compare), 0 for an equality.  The operands live as long
 * as the run's arena; cmp must not touch rt.  The node's runs leave
 * trace NULL and pay one test per comparison.  key, when set, gets the
 * key of every Dict.tryFind and containsKey the same way (a lookup
 * compares the key with the dict's, out of sight of cmp).
 */
struct zc_trace {
	void (*cmp)(void *ctx, const zv *a, const zv *b, int order);
	void (*key)(void *ctx, const zv *k);
	void *ctx;
};

struct zen_rt {
	/* arena */
	struct zen_arena_chunk *chunks;
	size_t mem_used, mem_limit;
	/* errors: the message of the first failure */
	struct zen_err err;
	int oom;
	/* the evaluator */
	zen_apply_fn apply;
	zen_skipped_fn skipped;	/* NULL: closures' costs unknown */
	void *apply_ctx;
	/* nesting depth of force/apply/equality (C stack guard) */
	unsigned depth, max_depth;
	/* internal: the flags of the cost values a cost native forced
	 * (zl_force), merged into the native's own (zen_force) */
	uint8_t sub_inexact, sub_over, sub_short;
	/* zen_contract_args.assume_valid */
	uint8_t assume_valid;
	/* zen_contract_args.trace (NULL: no tracing) */
	const struct zc_trace *trace;
	/* the first declared cost index exceeded, and the first one above a
	 * complete count (see COST VALUES) */
	struct zv_over over, under;
};

#define ZEN_RT_DEFAULT_MEM_LIMIT ((size_t)256 << 20)
#define ZEN_RT_DEFAULT_MAX_DEPTH 2000u

/* Set up rt with an empty arena of at most mem_limit bytes (0 = default). */
void zen_rt_init(struct zen_rt *rt, size_t mem_limit);
/* Free every value of the execution.  rt may be reused after zen_rt_init. */
void zen_rt_release(struct zen_rt *rt);
/* Install the evaluator: its closure application and its reading of
 * closures' declared costs (NULL: unknown), both called with ctx. */
void zen_rt_set_apply(struct zen_rt *rt, zen_apply_fn fn,
		      zen_skipped_fn skipped, void *ctx);
/* Record a run failure (first message wins); returns ZEN_EREFUSED. */
int zen_rt_fail(struct zen_rt *rt, const char *fmt, ...) ZEN_PRINTF(2, 3);
/* Arena allocation (zeroed, 16-byte aligned); NULL + error past the limit. */
void *zen_rt_alloc(struct zen_rt *rt, size_t n);
/* Copy of p[0..n) in the arena, NUL-terminated; NULL past the limit. */
uint8_t *zen_rt_memdup(struct zen_rt *rt, const void *p, size_t n);
/* Enter / leave a nested evaluation level; enter fails past max_depth.
 * The evaluator should wrap its recursive eval calls with these too. */
int zen_rt_enter(struct zen_rt *rt);
static inline void zen_rt_leave(struct zen_rt *rt) { rt->depth--; }
/* Report a comparison of a and b to rt->trace, if any (above). */
static inline void zc_trace_cmp(const struct zen_rt *rt, const zv *a,
				const zv *b, int order)
{
	if (rt->trace)
		rt->trace->cmp(rt->trace->ctx, a, b, order);
}

/* Report a dict lookup of key k to rt->trace, if any (above). */
static inline void zc_trace_key(const struct zen_rt *rt, const zv *k)
{
	if (rt->trace && rt->trace->key)
		rt->trace->key(rt->trace->ctx, k);
}

/* ------------------------------------------------------------------ */
/* Constructors (NULL only when the arena is full)                    */
/* ------------------------------------------------------------------ */

zv *zv_unit(void);
zv *zv_bool(int b);
zv *zv_erased(void);
zv *zv_none(void);
zv *zv_nil(void);

/* a + b, saturating at UINT64_MAX (costs never wrap) */
static inline uint64_t zc_sat_add(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

zv *zv_int(struct zen_rt *rt, int64_t i);
zv *zv_u8(struct zen_rt *rt, uint8_t x);
zv *zv_u32(struct zen_rt *rt, uint32_t x);
zv *zv_u64(struct zen_rt *rt, uint64_t x);
zv *zv_i64(struct zen_rt *rt, int64_t x);
/* Machine integer of the given tag (ZV_U8..ZV_I64); x is masked. */
zv *zv_mint(struct zen_rt *rt, int tag, uint64_t x);
/* Bytes copied into the arena. */
zv *zv_bytes(struct zen_rt *rt, const void *p, size_t len);
zv *zv_str(struct zen_rt *rt, const char *s);
/* Tuple/array/con/record: the item arrays are COPIED. */
zv *zv_tuple(struct zen_rt *rt, size_t n, zv *const *items);
zv *zv_tuple2(struct zen_rt *rt, zv *a, zv *b);
zv *zv_tuple3(struct zen_rt *rt, zv *a, zv *b, zv *c);
zv *zv_array(struct zen_rt *rt, size_t n, zv *const *items);
zv *zv_record(struct zen_rt *rt, size_t n, const char *const *names,
	      zv *const *vals);
/* name must outlive rt (a literal, or a string the evaluator keeps). */
zv *zv_con(struct zen_rt *rt, const char *name, size_t n, zv *const *args);
zv *zv_con0(struct zen_rt *rt, const char *name);
zv *zv_con1(struct zen_rt *rt, const char *name, zv *a);
zv *zv_some(struct zen_rt *rt, zv *x);
zv *zv_ok(struct zen_rt *rt, zv *x);
zv *zv_errv(struct zen_rt *rt, zv *msg);
zv *zv_err_str(struct zen_rt *rt, const char *msg);
zv *zv_cons(struct zen_rt *rt, zv *head, zv *tail);
/* List of items[0..n) in order. */
zv *zv_list(struct zen_rt *rt, size_t n, zv *const *items);
/* A new closure with no applied arguments. */
zv *zv_closure(struct zen_rt *rt, void *code, void *env, size_t arity);
/* A copy of clo with arg appended to its applied arguments. */
zv *zv_closure_push(struct zen_rt *rt, const zv *clo, zv *arg);
/* A native with no arguments applied (arity >= 1). */
zv *zv_native(struct zen_rt *rt, const struct zen_native *nat);
zv *zv_dict_empty(void);

/* ------------------------------------------------------------------ */
/* Accessors                                                          */
/* ------------------------------------------------------------------ */

/* 1 if v is constructor `name` (any arity). */
int zv_is_con(const zv *v, const char *name);
/* Record field, or NULL. */
zv *zv_field(const zv *rec, const char *name);
/* Item i of a skeleton's inputs (outputs == 0) or outputs. */
zv *zv_skel_item(const zv *v, int outputs, size_t i);
/* The 68-byte key (version BE, hash, subtype) of an asset value
 * (u32, 32 bytes, 32 bytes); "malformed asset" otherwise. */
int zv_asset_key(struct zen_rt *rt, const zv *asset, uint8_t key[68]);
/* A record like rec with field name set to val (added if missing). */
zv *zv_record_set(struct zen_rt *rt, const zv *rec, const char *name,
		  zv *val);
/* List items into a fresh arena array of v->u.list.len entries. */
zv **zv_list_items(struct zen_rt *rt, const zv *list);
/* Items of an ARRAY, or of BYTES as U8 values (fresh array). */
int zv_array_items(struct zen_rt *rt, const zv *arr, zv ***items,
		   size_t *n);
/* Short type name for messages ("int", "U64", "list", ...). */
const char *zv_tag_name(const zv *v);

/* Dictionary (shortlex: shorter key first, then bytewise). */
zv *zv_dict_find(const zv *d, const uint8_t *k, size_t klen);
/* A new dict with k set to val.  NULL on OOM. */
zv *zv_dict_add(struct zen_rt *rt, const zv *d, const uint8_t *k,
		size_t klen, zv *val);
zv *zv_dict_remove(struct zen_rt *rt, const zv *d, const uint8_t *k,
		   size_t klen);
/* A dict of e[0..n), which must be arena memory in strictly increasing
 * shortlex key order (not checked, not copied).  NULL on OOM. */
zv *zv_dict_of_sorted(struct zen_rt *rt, struct zv_dict_entry *e, size_t n);
int zv_key_cmp(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen);

/* ------------------------------------------------------------------ */
/* Equality and ordering                                              */
/* ------------------------------------------------------------------ */

/*
 * Deep structural equality (`=` / `<>`): 1 equal, 0 different, -1 error
 * (depth limit; rt->err set).  Byte strings by content (BYTES equals an
 * ARRAY of the same U8 values), records by field set, dictionaries,
 * Sha3 states (absorbed bytes) and txSkeletons as values; lists
 * iteratively.  Closures, natives and cost values compare by identity.
 */
int zv_equal(struct zen_rt *rt, const zv *a, const zv *b);
/*
 * Total structural order (F#-like: ints numerically, bytes shortlex,
 * tuples/lists lexicographically, constructors by name then args).
 * Returns -1/0/1 in *cmp; nonzero on error.
 */
int zv_compare(struct zen_rt *rt, const zv *a, const zv *b, int *cmp);

/* ------------------------------------------------------------------ */
/* Application                                                        */
/* ------------------------------------------------------------------ */

/*
 * Apply fn to one argument.  ZV_NATIVE: the argument is appended; when
 * the native is saturated it runs (or, for cost natives, a deferred cost
 * thunk is returned).  ZV_CLOSURE: rt->apply is called.  Anything else
 * fails ("not a function").  The evaluator should use this for every
 * application whose head is a value.
 */
int zen_apply(struct zen_rt *rt, zv *fn, zv *arg, zv **out);
int zen_apply2(struct zen_rt *rt, zv *fn, zv *a, zv *b, zv **out);
int zen_apply3(struct zen_rt *rt, zv *fn, zv *a, zv *b, zv *c, zv **out);
int zen_apply_n(struct zen_rt *rt, zv *fn, size_t n, zv *const *args,
		zv **out);
/*
 * For an evaluator that honours lazy parameters: 1 if the next argument
 * of fn (a ZV_NATIVE) is cost-only and may be passed as zv_erased()
 * without being evaluated.  0 for anything else.
 */
int zen_next_param_lazy(const zv *fn);

/* ------------------------------------------------------------------ */
/* COST VALUES (the cost monad, 3.8)                                  */
/* ------------------------------------------------------------------ */
/*
 * A ZV_COST value is a memoized thunk.  `ret x` is already forced (cost
 * 0).  `bind m f` and every cost-returning native build an unforced
 * thunk; nothing inside runs until zen_force().  Forcing runs the thunk
 * once, memoizes (value, cost) and returns the value.  Errors raised
 * while forcing are returned by zen_force (never memoized as success).
 *
 * The cost carried is the accumulated cost index as far as it is known
 * at run time: natives add their declared cost (4.x), `inc k m` adds k,
 * bind adds both sides.  When an evaluator does not evaluate cost-only
 * arguments (it passes zv_erased()), those contributions count as 0 and
 * `exact` is cleared.  Consensus never uses this number (the committed
 * cost is the value `cf` returns); it is for tooling and tests.
 *
 * Padding (zen_cost_adjust): where the contract declares a cost index
 * (eval.h COST INDEXES), the evaluator pads the cost of that computation
 * up to the declared number, as the reference's type checker makes it
 * equal: short-circuits (OptT/RT bind on None/ERR, `>!=` on None) and
 * autoInc/autoFailw charge what their type says, which the run-time
 * accounting alone cannot know.  Padding never lowers a cost.  A padded
 * value is `exact` again (its cost is the declared one); a cost above
 * its target sets `over` instead (sticky: bind and natives pass it on),
 * the sign of a declared index the engine's own count exceeds.  The
 * first such index of a run is kept in rt->over (the cost at least
 * found and the index, both without the increments outside it), for
 * `zen contract check`: the reference's type checker refuses a body
 * whose cost differs from its declared index, and a run that exceeds
 * one shows that this body's does.
 *
 * The other way needs a complete count: `shortcut` is set where the
 * count may fall short of the type's cost, a bind's failure whose skipped
 * callback's index is unknown (a lambda), the later arguments of bind2,
 * ap or join after a failure, autoInc and the auto* constructors (their
 * target is their type's); it passes on as `over` does, and padding
 * clears it.  A padding target above a complete, exact count is kept in
 * rt->under (the first of a run), as rt->over is.
 *
 * Long right-nested bind chains (`let! x = a in let! y = b in ...`) and
 * tail-calling natives (OptT/RT bind, inc, ...) are forced in a loop, not
 * by recursion; left nesting recurses under the depth limit.
 *
 * Where the evaluator meets cost values:
 *   - `let! p = m in e`  ->  zen_cost_bind(rt, m, <closure \p. e>)
 *     (or zen_apply2 on Zen.Cost's bind native; same thing)
 *   - the top of main / cf: zen_force() the result.
 *   - the elaborator's `inc k e` wrappers and declared cost indexes only
 *     change the cost (zen_cost_adjust); an evaluator that does not
 *     track costs may skip them.
 */
zv *zen_cost_ret(struct zen_rt *rt, zv *x);
/* ret with a known cost (incRet k x). */
zv *zen_cost_ret_k(struct zen_rt *rt, zv *x, uint64_t cost);
/* An unforced bind thunk: force m, apply f to its value, force that. */
zv *zen_cost_bind(struct zen_rt *rt, zv *m, zv *f);
/* An unforced thunk with m's value and m's cost adjusted by *adj (copied):
 * max(c + add, floor) when adj->padded, else c + add; see above.  Nested
 * adjustments are forced in the same loop as binds (no C recursion). */
zv *zen_cost_adjust(struct zen_rt *rt, zv *m, const struct zv_cost_adj *adj);
/* m, its count marked short of its type's cost (autoInc: COST VALUES) */
zv *zen_cost_short(struct zen_rt *rt, zv *m);
/* Force v (must be ZV_COST): *out = value; *cost (may be NULL) = cost. */
int zen_force(struct zen_rt *rt, zv *v, zv **out, uint64_t *cost);
/* 1 if v is a forced cost value. */
int zen_cost_forced(const zv *v);

/* ------------------------------------------------------------------ */
/* NATIVES                                                            */
/* ------------------------------------------------------------------ */

/*
 * A native function.  fn receives exactly `arity` arguments (lazy ones may
 * be zv_erased()).  It returns 0 with the result in *out, or an error
 * code (rt->err set), or ZEN_NATIVE_TAIL: only for cost natives, meaning
 * "*out is a cost value whose forced value is my result" (a tail call;
 * *cost is still added).  *cost starts at 0; cost natives add the cost
 * they realize (their own declared cost plus forced callback costs).
 *
 * Flags:
 *   ZEN_NATIVE_COST   the result is a cost value: applying the last
 *                     argument returns an unforced thunk, fn runs when it
 *                     is forced (reference laziness, 3.8).
 *   ZEN_NATIVE_CTOR   a constructor function (aux = constructor name).
 *   ZEN_NATIVE_RECORD with CTOR: F*'s constructor Mk<t> of a record type
 *                     t, which builds the record of its arguments (aux =
 *                     its struct zen_record_type; in a pattern, the
 *                     record pattern of its fields).
 *   ZEN_NATIVE_SHORT  `&&` / `||`: the evaluator should short-circuit
 *                     when both operands are syntactically present; the
 *                     native itself is strict (for `List.fold (&&)`).
 *   ZEN_NATIVE_TYPE   the entry names a type: its value is zv_erased().
 *   ZEN_NATIVE_GHOST  never executable (Cost.force): fails when called.
 *   ZEN_NATIVE_AUTO   autoInc, autoRet, autoFailw ...: the cost value it
 *                     builds is short of its type's, its target (COST
 *                     VALUES: marked with zen_cost_short).
 * An arity-0 entry is a constant: its value is fn's result (wrapped as a
 * cost value if ZEN_NATIVE_COST).  Get it with zen_native_value().
 */
#define ZEN_NATIVE_TAIL (-1)

enum {
	ZEN_NATIVE_COST = 1,
	ZEN_NATIVE_CTOR = 2,
	ZEN_NATIVE_SHORT = 4,
	ZEN_NATIVE_TYPE = 8,
	ZEN_NATIVE_GHOST = 16,
	ZEN_NATIVE_RECORD = 32,
	ZEN_NATIVE_AUTO = 64,
};

/* A record type's fields, in declaration order (ZEN_NATIVE_RECORD);
 * F*'s tuples are records of fields _1 .. _n, held as tuples (tuple). */
struct zen_record_type {
	size_t n;
	const char *const *fields;
	int tuple;
};

typedef int (*zen_native_fn)(struct zen_rt *rt,
			     const struct zen_native *self,
			     zv *const *args, zv **out, uint64_t *cost);

/*
 * The declared cost index of a native (contracts.md 4, Zulib's `val`s), as
 * data: the one place a function's cost is written down.  The runtime
 * charges it (a ZEN_NATIVE_COST native is charged zen_native_cost(args)
 * before it runs; incRet-like natives read it with zen_native_cost), and
 * zen_cost_rule_format prints it for test-contract-runtime, which compares
 * it with the audit table tests/zulib-audit.txt.
 *
 *   cost = k + per * M(args) + the costs of the cost values the native
 *          forces (callbacks, cost arguments), as `cb` describes them.
 *
 * M reads the arguments `arg` (and `arg2`), 0-based: a length (list,
 * array, string or dictionary), the value of a nat argument, or the
 * combinations below.  An argument of the wrong type measures 0; the
 * native then fails on it anyway.
 */
enum zen_cost_measure {
	ZEN_CM_NONE,	/* constant */
	ZEN_CM_LEN,	/* len(arg) */
	ZEN_CM_NAT,	/* the nat value of arg (0 when erased) */
	ZEN_CM_LEN2,	/* len(arg) + len(arg2) */
	ZEN_CM_MINLEN,	/* min(nat arg, len(arg2)) */
	ZEN_CM_CHUNK,	/* (len(arg2) / nat arg) * (4 * nat arg + per) */
};

enum zen_cost_cb {
	ZEN_CB_NONE,	/* nothing forced */
	ZEN_CB_EACH,	/* a callback of cost n per unit of M:
			 * M * (per + n) + k */
	ZEN_CB_ONCE,	/* one callback: n + ... */
	ZEN_CB_M,	/* one cost argument: m + ... */
	ZEN_CB_MN,	/* a cost argument and a callback: m + n + ... */
	ZEN_CB_SUM,	/* every cost argument and the callback (bind2/3) */
	ZEN_CB_BRANCH,	/* the branch taken (handleT): branch + ... */
};

struct zen_cost_rule {
	uint8_t declared;	/* 0: no cost index (a plain function) */
	uint8_t measure;	/* enum zen_cost_measure */
	uint8_t arg, arg2;
	uint8_t cb;		/* enum zen_cost_cb */
	uint32_t per, k;
};

struct zen_native {
	const char *name;	/* exported name, operators by symbol: ">>=" */
	zen_native_fn fn;
	uint8_t arity;		/* number of explicit (non-implicit) params */
	uint8_t flags;		/* ZEN_NATIVE_* */
	uint16_t lazy;		/* bit i set: parameter i is cost-only */
	intptr_t aux;		/* per-entry parameter of fn */
	struct zen_cost_rule cost;	/* the declared cost index */
};

/*
 * The static part of nat's declared cost for these (arity) arguments:
 * k + per * M(args) (ZEN_CB_EACH: M * per + k); what the native forces is
 * added as it runs.  Saturates at UINT64_MAX.
 */
uint64_t zen_native_cost(const struct zen_native *nat, zv *const *args);
/*
 * nat's declared cost as text, e.g. "64", "6*len($1)",
 * "len($2)*(n+2)+2", "m+n", "-" (no cost index); $i is the i-th explicit
 * argument (1-based), n the cost of the callback, m of a cost argument.
 * Returns buf.
 */
const char *zen_cost_rule_format(const struct zen_native *nat, char *buf,
				 size_t size);

/* The value of a registry entry: a ZV_NATIVE for arity >= 1, the constant
 * for arity 0, zv_erased() for types. */
int zen_native_value(struct zen_rt *rt, const struct zen_native *nat,
		     zv **out);

#endif
