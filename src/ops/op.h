/*
 * op.h - the operation table: every operation of zen exists once, here.
 *
 * A row names the operation's CLI words, its HTTP method and path, its
 * parameters and flags, and the handler.  The CLI (src/cli), the HTTP server
 * (src/server), the remote client (src/client), --help, the man page and the
 * shell completions all read the same rows; none keeps a list of its own.
 *
 * A handler receives validated, typed parameters (zen_args_*) and leaves
 * either a JSON value or a text reply in the call.  It never knows which
 * front called it.
 */
#ifndef ZEN_OP_H
#define ZEN_OP_H

#include <stdatomic.h>

#include <jansson.h>

#include "core/base/buf.h"
#include "core/base/err.h"
#include "core/base/work.h"
#include "core/consensus/params.h"

enum zen_param_type {
	ZEN_PT_STRING,		/* any text; numbers and booleans become text */
	ZEN_PT_AMOUNT,		/* an amount, as text (STRING): kalapas or
				   "1.5zp" (zen_amount_parse, checked by the
				   handler where the reference checks it);
				   the CLI's --zp reads a bare number as ZP */
	ZEN_PT_U32,		/* JSON integer or decimal string, 0 .. 2^32-1 */
	ZEN_PT_U64,		/* JSON integer or decimal string, 0 .. 2^64-1 */
	ZEN_PT_BOOL,		/* true/false, or the strings "true"/"false" */
	ZEN_PT_HEX,		/* hex text, any even length */
	ZEN_PT_HASH,		/* 64 hex characters */
	ZEN_PT_FILE,		/* CLI: a file name ("-" = stdin) whose content
				   becomes the value; over HTTP, the content */
	ZEN_PT_PASSWORD,	/* text; the CLI never takes it from argv but
				   from --password-file/-fd/-stdin,
				   ZEN_PASSWORD_FILE or a no-echo prompt
				   (src/cli/password.c); HTTP: the body */
	ZEN_PT_JSON,		/* a JSON array or object (the CLI gives it as
				   JSON text) */
	ZEN_PT_WORDS,		/* mnemonic words: an array of strings or one
				   string; the CLI reads them like a
				   password (--words-file, a prompt) */
};

/* Parameter flags. */
#define ZEN_PF_REQUIRED   0x01
#define ZEN_PF_POSITIONAL 0x02	/* may be given without --name on the CLI */
#define ZEN_PF_REST       0x04	/* with POSITIONAL, the last one: takes
				   every positional argument left, as a
				   JSON array of strings (ZEN_PT_JSON) */
#define ZEN_PF_REPEAT     0x10	/* (ZEN_PT_JSON) an option the CLI takes
				   more than once (`--connect A --connect
				   B`): every value, in order, as a JSON
				   array of strings */
#define ZEN_PF_ASCII      0x20	/* (ZEN_PT_STRING) text the transaction
				   holds as the reference's wallet encodes
				   it: one '?' per UTF-16 code unit that is
				   not ASCII (a contract command) */
#define ZEN_PF_LATE       0x08	/* with REQUIRED: the handler reports its
				   absence, where the reference's checks
				   come to it (activate's numberOfBlocks
				   after code and password) */

struct zen_param {
	const char *name;	/* HTTP name, camelCase as the reference */
	enum zen_param_type type;
	unsigned flags;
	const char *metavar;	/* CLI placeholder, e.g. "N", "ADDRESS" */
	const char *help;
	const char *const *aliases;	/* other body keys the reference's
					   clients send it as (NULL-ended),
					   or NULL; the name wins */
};

/* Operation flags: what the dispatcher prepares before the handler runs. */
#define ZEN_OPF_STORE      0x01	/* reads the chain store */
#define ZEN_OPF_WRITE      0x02	/* writes the chain store */
#define ZEN_OPF_WALLET     0x04	/* needs the wallet */
#define ZEN_OPF_LOCAL_ONLY 0x08	/* CLI helper: no HTTP route, never remote */
#define ZEN_OPF_TEXT       0x10	/* replies text/plain, not JSON */
#define ZEN_OPF_ALSO_POST  0x20	/* a GET route that also answers POST */
#define ZEN_OPF_BARE_BODY  0x40	/* a POST body may be a bare JSON string,
				   taken as the first parameter */
#define ZEN_OPF_PUBLIC     0x80	/* served by `zen serve --public`: reads
				   nothing private, writes nothing but what
				   any peer may send (a transaction) */
#define ZEN_OPF_BLOCKING   0x100	/* may take long (a password's key
				   derivation, a contract run, a send, a
				   scan of the chain): the server runs it
				   off its event loops */
#define ZEN_OPF_CPU        0x200	/* spends the node's CPU without a bound
				   (mining, a full verification): needs
				   the api token off loopback, like /wallet/ */
#define ZEN_OPF_ADMIN      0x400	/* changes how the node treats others
				   (network ban, unban): needs the api
				   token off loopback, like /wallet/ */
#define ZEN_OPF_SESSION    0x800	/* a wallet session (wallet unlock) may
				   stand for its password: through --url
				   without a password source or terminal,
				   the CLI sends none */

/* zen serve's row has the most: its own options, P2P's and the index's. */
#define ZEN_MAX_PARAMS 32

struct zen_node;
struct zen_call;

typedef int (*zen_op_fn)(struct zen_call *call);

struct zen_op {
	const char *group;	/* CLI words: `zen GROUP VERB` */
	const char *verb;	/* one word, or two ("vote payout": `zen
				   wallet vote payout`, which the CLI
				   prefers to `wallet vote` with the
				   argument "payout"; the first word is
				   a verb of its own) */
	const char *method;	/* "GET", "POST", or NULL (local only) */
	const char *path;	/* "/blockchain/blockreward" */
	unsigned flags;
	zen_op_fn handler;
	const char *summary;	/* one line, lowercase, no period */
	const char *description;	/* a paragraph for the man page, or NULL */
	struct zen_param params[ZEN_MAX_PARAMS];	/* ends at name == NULL */
	const char *old_path;	/* an obsolete path the reference still
				   serves for this op, or NULL */
	const char *json_error;	/* the prefix of this route's JSON parse
				   errors when it is not "Json is invalid: "
				   (api.md F21: the reference's, kept) */
	/* The readable form of a successful reply (a terminal's, without
	 * --json) when the generic "key: value" lines do not say enough,
	 * or NULL.  It gets the JSON a local run or any node answered,
	 * appends text to out and returns 0, or -1 when the reply is not
	 * the shape it knows (then out is unchanged and the generic form
	 * is printed). */
	int (*readable)(struct zen_buf *out, const json_t *result);
};

/* The table, in display order, terminated by a row with group == NULL. */
extern const struct zen_op zen_ops[];

/* What every handler may use: the chain, the data directory, the store. */
struct zen_chainstate;
struct zen_wallet;
struct zen_block_result;
struct zen_peerstore;
struct zen_netif;

struct zen_node {
	enum zen_chain chain;
	const struct zen_chain_params *params;
	const char *datadir;
	struct zen_chainstate *store;	/* opened on first use: node.h */
	struct zen_wallet *wallet;	/* opened on first use: node.h */
	int no_wallet;		/* zen serve --public: zen_node_wallet refuses,
				   so no wallet is ever opened or created */
	/* Told of every block handed to the chain through zen_publish_block
	 * (mining.h: publish, submitheader, mine, serve --mine), on the
	 * thread that handed it, after the chain is done with it: the
	 * server logs connections and reorganisations with it (the core
	 * never prints).  NULL: nobody listens. */
	void (*on_block)(const struct zen_node *node,
			 const struct zen_block_result *res);
	struct zen_peerstore *peers;	/* address book and bans, opened on
					   first use: node.h */
	const struct zen_netif *net;	/* the peer-to-peer front while
					   `zen serve` runs it, else NULL
					   (ops/netif.h) */
	/* The front that serves /metrics adds its own figures (zen serve:
	 * HTTP requests, src/server/metrics.c); NULL: none. */
	void (*more_metrics)(void *ctx, struct zen_buf *out);
	void *more_metrics_ctx;
	int addressdb;		/* applied when the chain opens (node.h):
				   0 leaves the address index as the store
				   has it, 1 keeps one (--addressdb), -1
				   drops it (--addressdb=false) */
};

struct zen_call {
	const struct zen_op *op;
	struct zen_node *node;
	json_t *args;		/* validated: name -> string/integer/boolean */
	json_t *result;		/* out: the JSON reply (owned by the call) */
	char *text;		/* out: the text reply (malloc'd), ZEN_OPF_TEXT */
	int http_status;	/* out, optional: the status of a refusal when
				   it is not zen_code_http_status()'s (302) */
	const char *source_name;	/* in, optional: the file a ZEN_PT_FILE
					   parameter was read from (messages) */
	const char *source;	/* in, optional: who asks, for the password
				   throttle (throttle.h): the server's peer
				   address as text; NULL from the CLI */
	const atomic_int *cancel;	/* in, optional: set when the call must
					   stop (the server's time limit);
					   long work polls it and fails with
					   its transaction aborted */
	/* in, optional: told the steps of long work (blocks mined, rescanned,
	 * replayed) as they are done: the CLI's progress line. */
	void (*progress)(void *ctx, uint64_t done, uint64_t total);
	void *progress_ctx;
	/* Prepared by zen_call_run from the op's flags before the handler
	 * runs, so no handler opens anything itself: the chain state for
	 * ZEN_OPF_STORE, _WRITE and _WALLET (the chain first: opening it
	 * creates the data directory), the wallet store for ZEN_OPF_WALLET.
	 * NULL when the op's flags do not ask for them. */
	struct zen_chainstate *chain;
	struct zen_wallet *wallet;
	/* A reply too big to build whole (the header and block pages) may
	 * come as a stream instead of result.  A front that sets streams
	 * takes it as it is (call->stream, below); for any other,
	 * zen_call_run reads it whole into result. */
	int streams;		/* in: the front reads call->stream */
	struct zen_stream *stream;	/* out: the JSON reply in batches */
	struct zen_err err;
};

/*
 * A reply made batch by batch: its bytes are exactly those json_dumps
 * would give for the whole reply (compact, no trailing newline).  The
 * front asks for the next batch when it can take one (the server: when
 * the connection has sent the last), so nothing holds the whole reply.
 * A failure in the first batch leaves nothing written: the front answers
 * it as any failure; after that it can only cut the reply short.
 */
struct zen_stream {
	/* Append the next batch, about want bytes (a row at least), to out;
	 * *done is set with the last one.  Returns 0 or a zen_code (message
	 * in err). */
	int (*next)(struct zen_stream *s, struct zen_buf *out, size_t want,
		    int *done, struct zen_err *err);
	void (*free)(struct zen_stream *s);
	/* Optional: the whole reply when it is already made (a cached page),
	 * before any next; the bytes stay valid until free.  A front may send
	 * them as they are, without a copy.  NULL: ask next. */
	const uint8_t *(*whole)(struct zen_stream *s, size_t *len);
};

/* A batch of about this many bytes is what the fronts ask for. */
#define ZEN_STREAM_BATCH (256u << 10)

/* Lookups. NULL when absent. */
const struct zen_op *zen_op_find(const char *group, const char *verb);
const struct zen_op *zen_op_find_route(const char *method, const char *path);
/* Is there any operation at this path (with any method)? */
int zen_op_path_known(const char *path);
/* Is group a known group name? */
int zen_op_group_known(const char *group);
const struct zen_param *zen_op_param(const struct zen_op *op, const char *name);

/*
 * Validate raw parameters against op's table row.  raw is an object of
 * name -> JSON value (strings from the CLI and query strings, any JSON from
 * POST bodies).  On success *out is a new object of typed values.
 * Errors (ZEN_EINVAL): "unknown parameter 'x'", "<name> is missing",
 * "invalid <name>".
 */
int zen_args_validate(json_t **out, const struct zen_op *op, json_t *raw,
		      struct zen_err *err) ZEN_WARN_UNUSED;
/*
 * The command line's check of the required parameters that
 * zen_args_validate leaves to the handler (ZEN_PF_LATE: over HTTP the
 * reference's order of checks decides the message; at a command line a
 * missing argument is a usage error first).  Errors: "<name> is missing".
 */
int zen_args_require_late(const struct zen_op *op, json_t *raw,
			  struct zen_err *err) ZEN_WARN_UNUSED;

/* Typed getters over validated args.  `have` variants return 0 if absent. */
const char *zen_args_str(const json_t *args, const char *name);
int zen_args_u64(const json_t *args, const char *name, uint64_t *out);
int zen_args_bool(const json_t *args, const char *name, int dflt);

/* Run one call: validates nothing; opens what the op's flags ask for
 * (call->chain, call->wallet), runs the handler and checks that it left a
 * reply.  Returns 0 or the code of the failure (message in call->err): an
 * open that failed, or the handler's.  The HTTP status and text of every
 * code are decided in one place, zen_code_http_status() (core/err.h). */
int zen_call_run(struct zen_call *call);

/* The call's cancel flag and progress, for the core's long work. */
struct zen_work zen_call_work(const struct zen_call *call);

/* A read snapshot of the prepared chain (ZEN_OPF_STORE); end it with
 * zen_chain_read_end. */
struct zen_chain_read;
int zen_call_read(struct zen_call *call, struct zen_chain_read **r)
	ZEN_WARN_UNUSED;
void zen_call_release(struct zen_call *call);

#endif
