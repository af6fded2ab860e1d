/*
 * eval-int.h - the program representation shared by the resolver
 * (resolve.c, load time) and the evaluator (eval.c, run time); private to
 * those two files.  See eval.h for the whole story.
 *
 * Load time turns the AST into a small tree of `struct node`: every name
 * is resolved once against the scope in force at that point (3.6), locals
 * become environment indexes (de Bruijn), globals become slots (a Zulib
 * native, a user constructor, a type, or a top-level binding).  Run time
 * walks that tree with a linked environment allocated in the runtime's
 * arena.
 */
#ifndef ZEN_CONTRACT_EVAL_INT_H
#define ZEN_CONTRACT_EVAL_INT_H

#include <stdint.h>

#include "core/contract/eval.h"
#include "core/contract/zulib.h"

/* ------------------------------------------------------------------ */
/* Program representation                                             */
/* ------------------------------------------------------------------ */

enum nkind {
	N_LOCAL, N_GLOBAL, N_CONST, N_APP, N_SHORT, N_TUPLE, N_LIST, N_CONS,
	N_RECORD, N_PROJ, N_FUN, N_LET, N_LETREC, N_LETBANG, N_IF, N_MATCH,
	N_INC, N_PAD, N_COSTOF, N_COSTARG,
};

enum pkind { P_WILD, P_VAR, P_CONST, P_CON, P_TUPLE, P_LIST, P_CONS,
	     P_RECORD, P_OR };

enum { CON_PLAIN, CON_NIL, CON_CONS };

struct rpat {
	uint8_t kind;
	uint8_t con_list;	/* P_CON: CON_* */
	struct zc_pos pos;
	zv *k;			/* P_CONST */
	const char *name;	/* P_CON: constructor name */
	struct rpat **sub;	/* CON args, TUPLE/LIST items, CONS hd tl,
				 * RECORD pats, OR alternatives */
	size_t n;
	const char **fields;	/* P_RECORD */
	size_t nvars;		/* P_OR: variables bound */
	size_t **perm;		/* P_OR: perm[i][j] = position in
				 * alternative i of variable j */
};

struct node;

/*
 * A function.  nraw (0 or nparams): the arguments themselves are pushed
 * on the environment before the parameter patterns bind theirs, so that
 * the cost index of a `val` signature can name them (see N_PAD).
 */
struct lam {
	size_t nparams;
	struct rpat **params;
	struct node *body;
	size_t nraw;
};

struct node {
	uint8_t kind;
	struct zc_pos pos;
	union {
		size_t idx;	/* LOCAL; COSTOF: the cost carried by the
				 * local idx (a cost value, forced), as an
				 * int, else the erased token: an implicit
				 * binder `#n` of a `val` whose argument has
				 * type `cost T n` (cost indexes only) */
		size_t g;	/* GLOBAL */
		zv *k;		/* CONST */
		struct node *arg;	/* COSTARG: a cost-only argument of
					 * a native (`inc k`): its value as
					 * a cost index (an int >= 0), else
					 * the erased token; never fails */
		struct {
			struct node *fn;
			struct node **args;
			size_t n;
		} app;
		struct {
			int is_or;
			struct node *a, *b;
		} sc;
		struct {
			struct node **items;
			size_t n;
		} items;
		struct {
			struct node *hd, *tl;
		} cons;
		struct {
			struct node *base;
			const char **fields;
			struct node **vals;
			size_t n;
		} rec;
		struct {
			struct node *e;
			const char *field;
		} proj;
		struct lam *fun;
		struct {
			struct rpat **pats;
			struct node **vals;
			size_t n;
			struct node *body;
		} let;
		struct {
			struct lam **funs;
			size_t n;
			struct node *body;
		} letrec;
		struct {
			struct node *rhs;
			struct lam *k;
			const char *what;	/* "let!", or "if!" it stands for */
		} letbang;
		struct {
			struct node *c, *a, *b;
		} if_;
		struct {
			struct node *scrut;
			struct rpat **pats;
			struct node **bodies;
			size_t n;
		} match;
		struct {
			uint64_t k;
			struct node *e;
		} inc;
		struct {	/* e padded up to the value of idx, a
				 * declared cost index (eval.h) evaluated
				 * in the environment minus skip entries */
			struct node *idx;
			size_t skip;
			struct node *e;
			/* the declaration, for zc_exec_over */
			enum zc_declarer decl;
			const char *name;
		} pad;
	} u;
};

enum gkind { G_NATIVE, G_USER, G_ERASED };

struct gslot {
	uint8_t kind;
	const struct zen_native *nat;	/* G_NATIVE */
	const char *name;		/* G_USER */
};

/* A top-level binding group evaluated at the start of every run. */
struct init {
	struct rpat *pat;
	struct node *val;
	size_t *slots;		/* slots of the pattern's variables, in
				 * binding order */
	size_t nslots;
};

struct zc_program {
	struct zc_arena *a;
	struct gslot *g;
	size_t ng, gcap;
	struct init *init;
	size_t ninit, initcap;
	size_t erased_g;	/* a G_ERASED slot (dropped implicit binders
				 * in cost indexes), 0 until made */
};

#endif
