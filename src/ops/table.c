/*
 * table.c - THE operation table.  Add an operation here and the CLI, the
 * HTTP server, the remote client, --help, zen(1) and the completions all
 * know it.  Groups appear in help in the order of their first row.
 */
#include "ops/handlers.h"
#include "ops/op_cgp.h"
#include "ops/op_contract.h"

/* Rows end at their params; the few with an old_path name it after them.
 * The fields left out are zero, which is what the others mean. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#define REQ ZEN_PF_REQUIRED
#define POS ZEN_PF_POSITIONAL
#define ASCII ZEN_PF_ASCII

/* The evaluator's limits (eval.h), for the offline contract tools. */
#define LIMIT_PARAMS \
	{ "maxSteps", ZEN_PT_U64, 0, "N", \
	  "evaluation steps before the run is stopped (default 2000000)" }, \
	{ "maxDepth", ZEN_PT_U32, 0, "N", \
	  "nested evaluations before the run is stopped (default 3000)" }, \
	{ "memLimit", ZEN_PT_U64, 0, "BYTES", \
	  "memory of one run (default 67108864, 64 MiB)" }

/* The arguments of an offline contract run (cf and main alike). */
#define RUN_PARAMS \
	{ "command", ZEN_PT_STRING, REQ | ASCII, "C", \
	  "the command (\"\" for none; a character that is not ASCII is " \
	  "one ?, two beyond U+FFFF, as in the transaction)" }, \
	{ "body", ZEN_PT_STRING, 0, "DATA", \
	  "message body: hex of serialized data, or JSON data ({\"u64\": 5}, {\"dict\": [...]})" }, \
	{ "sender", ZEN_PT_STRING, 0, "SENDER", \
	  "anonymous (default), a compressed public key (66 hex) or a contract id (72 hex)" }, \
	{ "tx", ZEN_PT_JSON, 0, "SKELETON", \
	  "input skeleton {\"inputs\": [...], \"outputs\": [...]}" }, \
	{ "wallet", ZEN_PT_JSON, 0, "JSON", \
	  "the contract's UTXOs [{\"txHash\",\"index\",\"address\",\"asset\",\"amount\"}]" }, \
	{ "state", ZEN_PT_STRING, 0, "DATA", "current state, as --body (default: none)" }, \
	{ "blockNumber", ZEN_PT_U32, 0, "N", "context block number (default 0)" }, \
	{ "timestamp", ZEN_PT_U64, 0, "T", "context timestamp in ms (default 0)" }, \
	LIMIT_PARAMS

/* The outputs of a wallet send, whole (outputs) or one on the command line. */
#define OUTPUT_PARAMS \
	{ "address", ZEN_PT_STRING, POS, "ADDRESS", "one output: recipient" }, \
	{ "amount", ZEN_PT_AMOUNT, POS, "AMOUNT", "one output: the amount" }, \
	{ "asset", ZEN_PT_STRING, 0, "ASSET", "one output: asset (default 00, ZP)" }, \
	{ "outputs", ZEN_PT_JSON, 0, "JSON", "the outputs" }
#define SEND_PARAMS \
	OUTPUT_PARAMS, \
	{ "password", ZEN_PT_PASSWORD, 0, "FILE", "the wallet's password" }

/* The address index's reads (op_addressdb.c). */
#define ADDRDB (ZEN_OPF_STORE | ZEN_OPF_PUBLIC | ZEN_OPF_BLOCKING)
#define ADDRESSES \
	{ "addresses", ZEN_PT_JSON, POS | ZEN_PF_REST, "ADDRESS", \
	  "PK or contract addresses (a JSON array over HTTP)" }

/* api.md 5.14 FIX: the seed's spellings of contract execute's sender. */
static const char *const seed_sender[] = { "otion.sender", "options.sender", NULL };

const struct zen_op zen_ops[] = {
	{ "blockchain", "info", "GET", "/blockchain/info", ZEN_OPF_STORE | ZEN_OPF_PUBLIC,
	  op_blockchain_info,
	  "chain, tip, difficulty and median time of the node",
	  "blocks is the tip's number (0 before genesis), difficulty the "
	  "Bitcoin-style number of the tip's target, medianTime the median "
	  "timestamp of the last 11 blocks in milliseconds.  headers is the "
	  "best header known from peers (at least blocks), "
	  "initialBlockDownload whether the node is downloading the chain "
	  "from a peer (p2p.md 7.3); on a terminal a line then says how far "
	  "it is.",
	  { { NULL, 0, 0, NULL, NULL } }, NULL, NULL,
	  op_blockchain_info_readable },
	{ "blockchain", "headers", "GET", "/blockchain/headers", ZEN_OPF_STORE | ZEN_OPF_PUBLIC,
	  op_blockchain_headers,
	  "header summaries of the main chain, newest first",
	  "With take: take headers from blockNumber (default: the tip) "
	  "down, at most 10000.  Without take: every header, oldest first, "
	  "when the chain has at most 10000 blocks.  Over HTTP a big page "
	  "is streamed (chunked); a failure after its first bytes, such as "
	  "a reorganisation while it is read, closes the connection.",
	  { { "blockNumber", ZEN_PT_U32, 0, "N", "highest block (default: tip)" },
	    { "take", ZEN_PT_U32, 0, "N", "number of headers (at most 10000)" } } },
	{ "blockchain", "block", "GET", "/blockchain/block", ZEN_OPF_STORE | ZEN_OPF_PUBLIC,
	  op_blockchain_block,
	  "a main-chain block by number or hash",
	  "The hash wins when both are given.  Blocks off the main chain are "
	  "not found.",
	  { { "blockNumber", ZEN_PT_U32, POS, "N", "block number" },
	    { "hash", ZEN_PT_STRING, 0, "HASH", "block hash" } } },
	{ "blockchain", "blocks", "GET", "/blockchain/blocks", ZEN_OPF_STORE | ZEN_OPF_PUBLIC,
	  op_blockchain_blocks,
	  "serialized main-chain blocks, newest first",
	  "Paged and streamed like headers, at most 10000 blocks a page, "
	  "and a page stops before the block that would take it past 64 "
	  "MiB of JSON (one block at least): with fewer blocks than asked "
	  "for, ask again from the block below the last one.",
	  { { "blockNumber", ZEN_PT_U32, 0, "N", "highest block (default: tip)" },
	    { "take", ZEN_PT_U32, 0, "N", "number of blocks (at most 10000)" } } },
	{ "blockchain", "blockreward", "GET", "/blockchain/blockreward", ZEN_OPF_PUBLIC,
	  op_blockchain_blockreward,
	  "block subsidy of a block number, in kalapas",
	  "The full subsidy (miner share plus common-good-pool allocation) of "
	  "block N: 50 ZP halved every 800,000 blocks.  The block need not "
	  "exist yet.",
	  { { "blockNumber", ZEN_PT_U32, REQ | POS, "N", "block number" } } },
	{ "blockchain", "totalzp", "GET", "/blockchain/totalzp", ZEN_OPF_STORE | ZEN_OPF_PUBLIC,
	  op_blockchain_totalzp,
	  "total ZP issued up to a block, in kalapas",
	  "Genesis allocation plus every block subsidy up to block N "
	  "(the tip when N is not given).",
	  { { "blockNumber", ZEN_PT_U32, POS, "N", "block number (default: tip)" } } },
	/* The Common Goods Pool (op_cgp.c). */
	{ "blockchain", "cgp", "GET", "/blockchain/cgp", ZEN_OPF_STORE | ZEN_OPF_PUBLIC,
	  op_blockchain_cgp,
	  "the common goods pool as the next block sees it",
	  "interval is the tip's; allocation (the percentage of each block "
	  "reward locked to the CGP contract) and payout (the vote winner "
	  "due, {\"recipient\", \"spendlist\"}, or {} when none) are what the "
	  "next block is validated with, the tally's winner applied first "
	  "when it is a payout block.  zen adds, after these: tip (its block "
	  "number), phase (beforeSnapshot, nomination or voting: the part of "
	  "the interval the tip is in), phaseEnd (the last block of that "
	  "part) and funds (what the CGP contract holds, "
	  "[{\"asset\", \"amount\"}]).  On a terminal: a summary.",
	  { { NULL, 0, 0, NULL, NULL } }, NULL, NULL, op_cgp_readable },
	{ "blockchain", "cgphistory", "GET", "/blockchain/cgp/history",
	  ZEN_OPF_STORE | ZEN_OPF_PUBLIC, op_blockchain_cgphistory,
	  "the common goods pool at the end of every past interval",
	  "One {\"interval\", \"allocation\", \"payout\"} per completed "
	  "interval, 1 to the tip's minus one: the state after the "
	  "interval's last block, read from the record kept with that block "
	  "(no walk of the chain).  [] in the first interval.",
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "blockchain", "contractcgp", "GET", "/blockchain/contract/cgp",
	  ZEN_OPF_STORE | ZEN_OPF_PUBLIC, op_blockchain_contractcgp,
	  "the message body that pays the common goods pool's payout",
	  "raw is the body of the payout due as data JSON "
	  "({\"dict\": [[\"Outputs\", {\"list\": [...]}]]}), encoded its "
	  "serialization in hex as the reference writes it (one zero byte "
	  "per List at the end); both null when no payout is due.  "
	  "cgpContract and votingContract are this chain's contract ids (72 "
	  "hex).  To pay: execute the CGP contract's Payout command with "
	  "encoded as messageBody one block before the payout block.",
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "blockchain", "winner", "GET", "/blockchain/winner", ZEN_OPF_STORE | ZEN_OPF_PUBLIC,
	  op_blockchain_winner,
	  "the vote winner of the tip's interval",
	  "{\"interval\", \"allocation\", \"payout\"}, tallied at the "
	  "interval's first block from the votes of the interval before.  "
	  "Refused with \"Winner was not found\" (HTTP 400, exit 3) when "
	  "there is none or it has no allocation.",
	  { { NULL, 0, 0, NULL, NULL } }, NULL, NULL, op_cgp_readable },
	{ "blockchain", "candidates", "GET", "/blockchain/candidates",
	  ZEN_OPF_STORE | ZEN_OPF_PUBLIC, op_blockchain_candidates,
	  "the payouts the vote of an interval may choose",
	  "[{\"recipient\", \"spendlist\"}], fixed at the end of the "
	  "interval's nomination phase; [] before that.",
	  { { "interval", ZEN_PT_U32, POS, "N", "interval (default: the tip's)" } } },
	{ "blockchain", "transaction", "GET", "/blockchain/transaction",
	  ZEN_OPF_STORE | ZEN_OPF_PUBLIC, op_blockchain_transaction,
	  "a transaction of the main chain or the mempool",
	  "confirmations is 0 for a mempool transaction, else tip - block + 1.",
	  { { "hash", ZEN_PT_HASH, REQ | POS, "HASH", "transaction hash" },
	    { "hex", ZEN_PT_BOOL, 0, "BOOL", "true: the serialization in hex" } } },
	{ "blockchain", "mempool", "GET", "/blockchain/mempool", ZEN_OPF_STORE | ZEN_OPF_PUBLIC,
	  op_blockchain_mempool,
	  "the transactions waiting for a block, in arrival order",
	  NULL,
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "blockchain", "publishblock", "POST", "/blockchain/publishblock",
	  ZEN_OPF_STORE | ZEN_OPF_WRITE | ZEN_OPF_BARE_BODY | ZEN_OPF_BLOCKING,
	  op_blockchain_publishblock,
	  "validate and store a block; answers its hash",
	  "The block is checked before it is stored; 200 means it is stored "
	  "(on the main chain, a side branch, or waiting for its parent).  "
	  "Give block, or header (100 bytes) and body.",
	  { { "block", ZEN_PT_STRING, POS, "HEX", "the whole serialized block" },
	    { "header", ZEN_PT_STRING, 0, "HEX", "serialized header" },
	    { "body", ZEN_PT_STRING, 0, "HEX", "the rest of the block" } } },
	{ "blockchain", "submitheader", "POST", "/blockchain/submitheader",
	  ZEN_OPF_STORE | ZEN_OPF_WRITE | ZEN_OPF_BLOCKING, op_blockchain_submitheader,
	  "complete a block template of this node with a mined header",
	  "The header must match a template this node process handed out, "
	  "except for timestamp and nonce.",
	  { { "header", ZEN_PT_STRING, REQ | POS, "HEX", "mined header (100 bytes)" } },
	  NULL, "error parsing header, error: Json is invalid: " },
	{ "blockchain", "publishtransaction", "POST",
	  "/blockchain/publishtransaction", ZEN_OPF_STORE | ZEN_OPF_WRITE | ZEN_OPF_PUBLIC | ZEN_OPF_BLOCKING,
	  op_blockchain_publishtransaction,
	  "validate a transaction and add it to the mempool",
	  "Answers the transaction hash; a transaction already in a block is "
	  "refused with HTTP 302, as the reference node does.",
	  { { "tx", ZEN_PT_STRING, REQ | POS, "HEX", "full serialization" } } },
	{ "blockchain", "contractexecute", "POST",
	  "/blockchain/contract/execute", ZEN_OPF_STORE | ZEN_OPF_TEXT | ZEN_OPF_PUBLIC | ZEN_OPF_BLOCKING,
	  op_blockchain_contractexecute,
	  "run a contract on a given skeleton; answers the unsigned tx (hex)",
	  "For wallets that sign themselves: nothing is signed, stored or "
	  "published.  tx is a serialized TxSkeleton (a list of inputs, each "
	  "a pointed output or a mint, then a list of outputs; 0000 is the "
	  "empty one).  The answer is text: the full serialization of the "
	  "transaction with the contract witnesses and no PK witnesses.  "
	  "options is {\"sender\": \"66 hex\"}; without options, sender "
	  "is read at the top level; absent or empty: anonymous.",
	  { { "address", ZEN_PT_STRING, REQ | POS, "ADDRESS", "contract address" },
	    { "command", ZEN_PT_STRING, ASCII, "COMMAND",
	      "the command (default \"\"; a character that is not ASCII "
	      "is one ?, two beyond U+FFFF)" },
	    { "messageBody", ZEN_PT_STRING, 0, "DATA",
	      "hex of serialized data, or tagged JSON (default: none)" },
	    { "options", ZEN_PT_JSON, 0, "JSON", "{\"sender\"}" },
	    { "sender", ZEN_PT_STRING, 0, "PUBKEY", "compressed public key, 66 hex",
	      seed_sender },
	    { "tx", ZEN_PT_STRING, REQ, "HEX", "serialized TxSkeleton" } },
	  NULL, "Invalid JSON " },
	{ "blockchain", "blocktemplate", "GET", "/blockchain/blocktemplate",
	  ZEN_OPF_STORE | ZEN_OPF_ALSO_POST | ZEN_OPF_BLOCKING, op_blockchain_blocktemplate,
	  "a block to mine on the tip, paying ADDRESS",
	  "Answers header, body, target, parent and blockNumber.  Also "
	  "served for POST, with address in the query or the JSON body.",
	  { { "address", ZEN_PT_STRING, POS, "ADDRESS", "PK address of the coinbase" } } },
	{ "blockchain", "mine", "POST", "/blockchain/mine",
	  ZEN_OPF_STORE | ZEN_OPF_WRITE | ZEN_OPF_BLOCKING | ZEN_OPF_CPU, op_blockchain_mine,
	  "mine blocks paying ADDRESS and answer their hashes",
	  "For test and local chains, like bitcoind's generatetoaddress.",
	  { { "blocks", ZEN_PT_U32, REQ | POS, "N", "number of blocks" },
	    { "address", ZEN_PT_STRING, REQ | POS, "ADDRESS", "PK address of the coinbase" },
	    { "threads", ZEN_PT_U32, 0, "N", "mining threads (default: cores)" } } },
	{ "node", "verify", "GET", "/node/verify", ZEN_OPF_STORE | ZEN_OPF_BLOCKING | ZEN_OPF_CPU, op_node_verify,
	  "check the store: the UTXO set equals a replay of the main chain",
	  "Replays the main chain from genesis and compares the UTXO set, the "
	  "indexes, chain work, difficulty state and the mempool, and the "
	  "address index (when there is one) with the blocks it covers.  "
	  "Exit 6 when the store is damaged.",
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "node", "metrics", "GET", "/metrics",
	  ZEN_OPF_STORE | ZEN_OPF_TEXT | ZEN_OPF_PUBLIC,
	  op_node_metrics,
	  "the node's figures for Prometheus (text exposition format)",
	  "Tip height, best header, mempool transactions and bytes, peers, "
	  "blocks connected and their time, whether a wallet session is "
	  "open; served by zen serve also HTTP requests by route and status "
	  "with a latency histogram, and the open connections of each of "
	  "its worker threads.  Served on a loopback address, or with "
	  "zen serve --metrics; elsewhere it answers as an unknown route.  "
	  "Locally: this process's figures (no HTTP, no peers).",
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "network", "connections", "GET", "/network/connections/count", 0,
	  op_network_connections,
	  "the number of connected peers",
	  "A JSON number, as the reference node answers: the peers of "
	  "zen serve's peer-to-peer network with a completed handshake, "
	  "inbound and outbound (the reference counts its outbound peers "
	  "only).  Run locally, without --url, it is 0: a command has no "
	  "network of its own.",
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "network", "peers", "GET", "/network/peers", 0, op_network_peers,
	  "the connected peers",
	  "An array of {\"address\", \"inbound\", \"tip\", \"version\", "
	  "\"banScore\", \"connectedSince\"}, one per peer with a completed "
	  "handshake: address is the HOST:PORT an outbound peer was dialled "
	  "at, or the IP:PORT an inbound one came from; tip the block number "
	  "of its last Tip or NewBlock (0: none yet); version what its Hello "
	  "or HelloAck said; banScore its address's misbehaviour score (100 "
	  "bans it); connectedSince the handshake's time, seconds since the "
	  "epoch.  [] when run locally.",
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "network", "banned", "GET", "/network/banned", 0, op_network_banned,
	  "the banned addresses",
	  "An array of {\"address\", \"bannedUntil\", \"reason\"} "
	  "(bannedUntil: seconds since the epoch), from the peer store of "
	  "the data directory.  A peer whose misbehaviour score reaches 100 "
	  "is banned for a day; --connect and --addnode peers are only "
	  "disconnected.",
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "network", "ban", "POST", "/network/ban",
	  ZEN_OPF_ADMIN | ZEN_OPF_BLOCKING, op_network_ban,
	  "ban an IP address from the peer-to-peer network",
	  "Its peers are disconnected and it is neither accepted nor dialled "
	  "until the ban ends.  Answers {\"address\", \"bannedUntil\", "
	  "\"reason\"}.  Kept in the data directory's peer store: a node "
	  "serving it applies a ban made locally within 5 seconds.",
	  { { "address", ZEN_PT_STRING, REQ | POS, "ADDRESS",
	      "IP address, or IP:PORT (the port is ignored)" },
	    { "seconds", ZEN_PT_U64, POS, "SECONDS",
	      "how long (default 86400, at most ten years)" } } },
	{ "network", "unban", "POST", "/network/unban",
	  ZEN_OPF_ADMIN | ZEN_OPF_BLOCKING, op_network_unban,
	  "lift the ban of an IP address",
	  "Also forgets its misbehaviour score.  Exit 3 (404) when the "
	  "address is not banned.  Answers {\"address\"}.",
	  { { "address", ZEN_PT_STRING, REQ | POS, "ADDRESS",
	      "IP address, or IP:PORT" } } },
	{ "address", "decode", "GET", "/address/decode", ZEN_OPF_PUBLIC,
	  op_address_decode,
	  "decode an address to its pk hash or contract id",
	  "Decodes a bech32 address of the node's chain: a PK address gives "
	  "{\"pkHash\"}, a contract address {\"contractId\"}.",
	  { { "address", ZEN_PT_STRING, REQ | POS, "ADDRESS", "PK or contract address" } } },
	/* The address index (op_addressdb.c, core/chain/addrindex.h). */
	{ "address", "balance", "POST", "/addressdb/balance", ADDRDB,
	  op_address_balance,
	  "balance per asset of any addresses (the address index)",
	  "[{\"asset\", \"balance\"}] in asset order: what the addresses' "
	  "unspent outputs add up to, or with blockNumber what they held "
	  "after that block.  Every /addressdb route needs the address index: "
	  "zen serve --addressdb (or zen --addressdb for local commands) "
	  "keeps it in the data directory from then on; without it they "
	  "answer \"AddressDB not running\", and while it is built from the "
	  "chain (in the background; /blockchain/info shows how far) "
	  "\"addressdb is syncing\" (HTTP 400, exit 1).  A local command "
	  "builds it first, with progress on a terminal.",
	  { ADDRESSES,
	    { "blockNumber", ZEN_PT_U32, 0, "N", "after this block (default: now)" } },
	  NULL, "Json invalid: " },
	{ "address", "outputs", "POST", "/addressdb/outputs", ADDRDB,
	  op_address_outputs,
	  "outputs sent to any addresses, spent ones too or not",
	  "[{\"outpoint\", \"lock\", \"spend\"}], address by address in the "
	  "order given, each by outpoint.  mode is all or unspentOnly.",
	  { ADDRESSES,
	    { "mode", ZEN_PT_STRING, REQ, "MODE", "all or unspentOnly" } },
	  NULL, "Json invalid: " },
	{ "address", "transactions", "POST", "/addressdb/transactions", ADDRDB,
	  op_address_transactions,
	  "history of any addresses, newest first, a page at a time",
	  "One entry per transaction and asset: [{\"txHash\", \"asset\", "
	  "\"amount\", \"confirmations\", \"timestamp\", \"lock\"}], amount "
	  "(a string) what the transaction's outputs paid the addresses less "
	  "what its inputs spent of theirs, timestamp the block's "
	  "(milliseconds), lock the one of the first output it paid them "
	  "(else of the first of theirs it spent).  Entries skip to skip + "
	  "take; of one address the page is read directly, several are "
	  "merged.",
	  { ADDRESSES,
	    { "skip", ZEN_PT_U32, 0, "N", "entries to skip (default 0)" },
	    { "take", ZEN_PT_U32, 0, "N", "entries to answer (default 100)" } },
	  NULL, "Json invalid: " },
	{ "address", "transactionsbyblock", "POST",
	  "/addressdb/transactions/filterByBlockNumber", ADDRDB,
	  op_address_transactionsbyblock,
	  "history of any addresses in a range of blocks",
	  "As transactions, every entry of the blocks start <= N < end.",
	  { ADDRESSES,
	    { "start", ZEN_PT_U32, REQ, "N", "first block" },
	    { "end", ZEN_PT_U32, REQ, "N", "the block after the last" } },
	  NULL, "Json invalid: " },
	{ "address", "transactioncount", "POST", "/addressdb/transactioncount",
	  ADDRDB, op_address_transactioncount,
	  "number of history entries of any addresses",
	  "A JSON number: the entries transactions would list.",
	  { ADDRESSES }, NULL, "Json invalid: " },
	{ "address", "discovery", "POST", "/addressdb/discovery", ADDRDB,
	  op_address_discovery,
	  "which addresses were ever used, for wallets restoring their keys",
	  "[{\"address\", \"hasBalance\", \"hasTxs\"}], or with full "
	  "[{\"address\", \"balance\", \"hasBalance\", \"txs\", \"hasTxs\"}] "
	  "(balance: [{\"asset\", \"amount\"}], txs: the number of history "
	  "entries), one per address in the order given.",
	  { ADDRESSES,
	    { "full", ZEN_PT_BOOL, 0, "BOOL", "true: balances and counts too" } },
	  NULL, "Json invalid: " },
	{ "address", "contracthistory", "POST", "/addressdb/contract/history",
	  ADDRDB, op_address_contracthistory,
	  "executions of a contract, newest block first",
	  "[{\"command\", \"messageBody\", \"txHash\", \"confirmations\"}], "
	  "one per contract witness that ran it (messageBody: data JSON or "
	  "null), newest block first and a block's in block order; entries "
	  "skip to skip + take.  CONTRACT is a contract id (72 hex) or, "
	  "zen's addition, a contract address.",
	  { { "contractId", ZEN_PT_STRING, REQ | POS, "CONTRACT",
	      "contract id or address" },
	    { "skip", ZEN_PT_U32, 0, "N", "entries to skip (default 0)" },
	    { "take", ZEN_PT_U32, 0, "N", "entries to answer (default 100)" } },
	  NULL, "Json invalid: " },
	{ "address", "contracthistorybyblock", "POST",
	  "/addressdb/contract/history/filterByBlockNumber", ADDRDB,
	  op_address_contracthistorybyblock,
	  "executions of a contract in a range of blocks",
	  "As contracthistory, every execution of the blocks start <= N < end.",
	  { { "contractId", ZEN_PT_STRING, REQ | POS, "CONTRACT",
	      "contract id or address" },
	    { "start", ZEN_PT_U32, REQ, "N", "first block" },
	    { "end", ZEN_PT_U32, REQ, "N", "the block after the last" } },
	  NULL, "Json invalid: " },
	{ "address", "mint", "POST", "/addressdb/contract/mint", ADDRDB,
	  op_address_mint,
	  "the last mint of an asset",
	  "{\"executionBlock\", \"sender\", \"command\", \"messageBody\", "
	  "\"messageBodyRaw\"}: the block of the last transaction that "
	  "minted the asset and its first contract witness (sender: the "
	  "public key that signed it, or null; messageBody data JSON and "
	  "messageBodyRaw its serialization in hex, or null).  \"No data\" "
	  "(HTTP 400, exit 3) for an asset never minted.",
	  { { "asset", ZEN_PT_STRING, REQ | POS, "ASSET",
	      "72 or 136 hex (a contract's asset)" } },
	  NULL, "Json invalid: " },
	{ "address", "contractinfo", "POST", "/addressdb/contract/info",
	  ZEN_OPF_STORE | ZEN_OPF_BLOCKING, op_address_contractinfo,
	  "contract id, address and hints of a contract source file",
	  "{\"contractId\", \"address\", \"hints\", \"queries\", \"rlimit\"}.  "
	  "zen cannot run F*: hints are the synthetic ones of contract "
	  "activate without --hints (one query), which only zen nodes "
	  "accept.  Needs the address index, as the reference's does.",
	  { { "code", ZEN_PT_FILE, REQ | POS, "FILE", "ZF* source file" },
	    { "rlimit", ZEN_PT_U32, 0, "N", "Z3 resource limit (default 2723280)" } } },
	{ "address", "resync", "GET", "/addressdb/resync",
	  ZEN_OPF_STORE | ZEN_OPF_TEXT | ZEN_OPF_ALSO_POST | ZEN_OPF_BLOCKING |
	  ZEN_OPF_CPU, op_address_resync,
	  "rebuild the address index from the chain",
	  "Drops the index and builds it again from genesis (zen serve in the "
	  "background, a local command before it answers).  Without the "
	  "index: nothing.  Answers an empty body.",
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "contract", "contractid", "GET", "/contract/contractId", ZEN_OPF_TEXT | ZEN_OPF_PUBLIC,
	  op_contract_contractid,
	  "contract id (72 hex) of a contract address",
	  "Answers text, not JSON, as the reference node does.",
	  { { "address", ZEN_PT_STRING, REQ | POS, "ADDRESS", "contract address" } } },
	{ "contract", "id", NULL, NULL, ZEN_OPF_LOCAL_ONLY,
	  op_contract_id,
	  "contract id and address of a contract source file",
	  "Hashes the source as the node hashes it when the contract is "
	  "activated.  FILE may be - for standard input.  As with every "
	  "contract FILE, a UTF-8 byte order mark is dropped and each "
	  "character that is not ASCII is read as one ? (two beyond "
	  "U+FFFF), as the reference's wallet writes code into the "
	  "transaction; code sent over HTTP is read the same way.",
	  { { "code", ZEN_PT_FILE, REQ | POS, "FILE", "ZF* source file" } } },
	{ "contract", "check", NULL, NULL, ZEN_OPF_LOCAL_ONLY,
	  op_contract_check,
	  "check a contract source file as activation does",
	  "Runs the node's activation check (the one of block validation "
	  "and of contract activate): the syntax and the forbidden "
	  "constructs of contracts.md 1.10; main with the 8 parameters of "
	  "the calling convention and cf with 7 (and as many arrows in "
	  "their vals); message bodies and states "
	  "matched or built with data constructors (I64, Byte, ByteArray, "
	  "U32, U64, String, Hash, Lock, Signature, PublicKey, Collection of "
	  "Array, Dict or List), not the contract's own types; no Zulib "
	  "function given more arguments than it takes where its result is "
	  "not a function (a cost value, a constructor); every name, module "
	  "and constructor bound; no body of count k > 0 that surely is no "
	  "cost value, by what it ends on or its declared type (the "
	  "elaborator wraps it in inc k, which F* types on cost values "
	  "only: \"this body counts 2 but is no cost value\"); no match or "
	  "refutable let, let! or parameter pattern that leaves a value out "
	  "where nothing constrains what it matches (a parameter or let! "
	  "variable of no refined type that no condition on the way names): "
	  "\"this match does not cover None\"; and main's cost bound.  "
	  "The reference proves with F* and Z3 that main costs what cf "
	  "says; zen approximates: it takes the commands main and cf "
	  "dispatch on (the string constants their command parameter is "
	  "matched or compared with), plus \"\" and one command neither "
	  "knows, runs cf and main on a neutral input for each (an empty "
	  "skeleton, block 0, Anonymous sender, no body, an empty wallet, "
	  "no state), then on inputs built from what the contract reads: "
	  "bodies and states of the kinds its try accessors and patterns "
	  "ask for, a dict with the keys it passes to tryFind (a key read "
	  "as a dict holding that dict again, down to four levels), U64 "
	  "and String, their "
	  "numbers 1000, then past the contract's largest integer literal, "
	  "0, and each integer literal the contract compares with (or a "
	  "top-level name bound to one) and one "
	  "more (so that paths behind `amount > 5000UL`, `amount < 10UL` "
	  "and between two such thresholds are run), their strings each "
	  "string literal it compares with or matches, their keys and "
	  "hashes each one it parses from a constant (Crypto.parsePublicKey "
	  "\"02...\", Hash.parse); a PK and a contract sender, and a sender "
	  "with each key and contract id it parses from a constant (a path "
	  "for its owner only); a "
	  "wallet of 3 ZP outputs "
	  "with and without one of its own asset, and its 4 outputs each "
	  "holding one more than the contract's largest integer literal "
	  "when that is 1000 or more (a payout of a constant amount from "
	  "the wallet); a skeleton with ZP and "
	  "its asset in when it calls getAvailableTokens; block 1000 at "
	  "1600000000000 ms and block 4294967295 at 4102444800000 ms when "
	  "main or cf reads its context; every signature and Merkle proof "
	  "taken as valid when it calls a verify function (their costs are "
	  "the same either way); the nearest to the richest input "
	  "first; then a second round: the values main and cf compared on "
	  "those runs that no input had (a number, and one more and one "
	  "less when it was compared by <, >, <= or >=; a hash; a string: "
	  "a threshold or hash computed at run time) in the body, then the state, of the input that compared "
	  "them, and a number as the ZP and asset in its skeleton (a price "
	  "computed at run time against getAvailableTokens) and as its "
	  "block number, then its time (a deadline computed at run time), "
	  "and a key looked up in a dict that the contract does not name "
	  "(computed at run time) in the body's, then the state's dict; "
	  "more rounds the same from the values each round's runs "
	  "compared, up to six in all (a chain of thresholds, each "
	  "computed from the one before); "
	  "then the input where main came nearest to cf with its "
	  "collections (lists, arrays and dicts, at every depth) and its "
	  "wallet repeated twice and three times, and, when main gained on "
	  "cf from one to the next, as many times as that gain takes main "
	  "past cf (4096 items at most: a cost that grows with a collection "
	  "or the wallet faster than cf says), and the same with its "
	  "strings repeated when it calls Sha3.updateString or "
	  "updateByteArray; "
	  "96 inputs at most in all.  It refuses "
	  "the contract at the first input where the cost the engine "
	  "charges main (the declared cost indexes applied) exceeds cf's "
	  "value: \"main costs 230 but cf says 214 for command \\\"buy\\\" "
	  "(body {\\\"returnAddress\\\": lock}, sender PK)\".  "
	  "On the same runs, a function, cf or expression whose body "
	  "costs more than the cost index its val, return type or "
	  "ascription declares (F* makes them equal) is refused at the "
	  "declaration: \"fee costs 23 but its val says 3 for command "
	  "\\\"buy\\\"\".  "
	  "A run that fails compares nothing, and paths no such input "
	  "takes (behind a chain of more than five values computed at run "
	  "time, "
	  "a key or amount computed at run time for the sender or "
	  "wallet, a dict key computed at run time where the input has "
	  "no dict, a dict "
	  "nested deeper than four levels, a size the growth does not "
	  "reach) are not explored, so a "
	  "contract F* would refuse may pass.  "
	  "Errors are FILE:LINE:COLUMN: message, one per "
	  "line, all of a stage (a syntax error stops at the first); exit "
	  "2 then.  On success (exit 0) it prints {\"ok\", \"contractId\", "
	  "\"address\", \"codeLength\", \"costs\"}, costs listing "
	  "{\"command\", \"cf\", \"main\", \"inputs\"} for each command "
	  "compared: cf and main on its first input compared (the neutral "
	  "one unless its run failed) and how many inputs were compared "
	  "({\"command\", \"failed\": true} when every run failed).",
	  { { "code", ZEN_PT_FILE, REQ | POS, "FILE", "ZF* source file" } },
	  NULL, NULL, op_contract_check_readable },
	{ "contract", "cost", NULL, NULL, ZEN_OPF_LOCAL_ONLY,
	  op_contract_cost,
	  "evaluate a contract's cost function cf",
	  "Evaluates cf on the given arguments (section 2 order: skeleton, "
	  "context, command, sender, body, wallet, state) and prints "
	  "{\"cost\"}.  Exit 1 when cf fails.",
	  { { "code", ZEN_PT_FILE, REQ | POS, "FILE", "ZF* source file" },
	    RUN_PARAMS,
	    { NULL, 0, 0, NULL, NULL } } },
	{ "contract", "run", NULL, NULL, ZEN_OPF_LOCAL_ONLY,
	  op_contract_run,
	  "run a contract's main offline",
	  "Runs main on the given arguments and prints the resulting "
	  "skeleton, message, state update (\"noChange\", \"delete\" or "
	  "{\"update\"}) and costs: cost is cf's value for the same "
	  "arguments (the whole --wallet), zulibCost "
	  "main's cost as the reference charges it (padded up to cf, as "
	  "main's type says), "
	  "mainCost main's own count before that padding (Zulib costs and "
	  "elaboration increments, its functions' val indexes applied): "
	  "above cf, activation refuses the contract; below, a branch "
	  "charges less than F* would prove; steps, then witnessCost, cf's "
	  "value on the restricted wallet, the wallet's outputs the run "
	  "spends (what an execution's witness commits to, contracts.md "
	  "1.6).  "
	  "Exit 1 when main fails or returns ERR.  A message body (--body) "
	  "or state (--state) is data (contracts.md 2.3) in one of two "
	  "forms.  Hex: the binary serialization of the data, as the "
	  "reference's messageBody fields take it, e.g. 050000000000000005 "
	  "for U64 5.  JSON: the data rendering of the HTTP API (api.md "
	  "3.6), which zen prints in a run's message and state, so a "
	  "result can be fed back: a one-key object {\"KIND\": VALUE} with "
	  "KIND i64, u32, u64, byte (a number, u64 up to "
	  "18446744073709551615; u64 also a decimal string), "
	  "string, hash (64 hex), pk (66 hex, compressed), signature (128 "
	  "hex), byteArray (an array of numbers, or hex), lock (a lock as "
	  "printed, e.g. {\"PK\": {\"hash\": \"64 hex\"}}, "
	  "{\"Contract\": {\"id\": \"72 hex\"}}, \"Fee\", or an "
	  "address; {\"PK\": \"64 hex\"} and {\"Contract\": \"72 hex\"} "
	  "too), list and array (arrays of data), dict (an array of "
	  "[key, data] pairs, or an object key: data).  Examples: --body "
	  "'{\"dict\": [[\"amount\", {\"u64\": 5}]]}' (in hex "
	  "0c0106616d6f756e74050000000000000005), --body '{\"dict\": "
	  "[[\"returnAddress\", {\"lock\": \"tzn1q...\"}]]}'.",
	  { { "code", ZEN_PT_FILE, REQ | POS, "FILE", "ZF* source file" },
	    RUN_PARAMS,
	    { NULL, 0, 0, NULL, NULL } } },
	{ "contract", "active", "GET", "/contract/active", ZEN_OPF_STORE | ZEN_OPF_PUBLIC,
	  op_contract_active,
	  "the active contract set, mempool activations included",
	  "Each entry is {\"contractId\", \"contractHash\", \"address\", "
	  "\"expire\", \"code\"}, ordered by contract hash; expire is the "
	  "last block in which the contract can run (it is removed after "
	  "that block).  contractHash is the 64-hex hash part of contractId "
	  "(the seed's name for it).  The local chain's CGP and voting "
	  "contracts, which zen carries (src/core/cgp/contracts), are "
	  "always listed, with expire 4294967295: they are active from "
	  "genesis without an activation and kept out of the stored set, so "
	  "they change no ACS root, genesis block or coinbase sacrifice; "
	  "activating or extending their code is refused (\"contract is "
	  "built in\").  Main and test have none.",
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "contract", "activate", "POST", "/wallet/contract/activate",
	  ZEN_OPF_WALLET | ZEN_OPF_SESSION | ZEN_OPF_BLOCKING, op_contract_activate,
	  "activate a contract, paid from the wallet",
	  "Pays an ActivationSacrifice of code length x numberOfBlocks "
	  "kalapas and a Fee of queries x rlimit / 100 kalapas (32-bit "
	  "arithmetic, as the reference), plus change; the contract is "
	  "active from the block that includes it for numberOfBlocks blocks "
	  "(activating an active contract adds numberOfBlocks to its expiry).  "
	  "The code must be accepted by `zen contract check` (without a "
	  "module line).  This node cannot run F*: without hints it writes "
	  "synthetic hints with one query (a well-formed database, "
	  "contracts.md 1.9).  Zen nodes accept such activations, but the "
	  "reference node would not replay those hints and refuses them, so "
	  "use them on local and test chains of zen nodes only; --hints gives "
	  "hints recorded by F* (their queries count is computed from them).  "
	  "Answers {\"address\", \"contractId\", \"txHash\", "
	  "\"numberOfBlocks\"} once the mempool took the transaction.",
	  { { "code", ZEN_PT_FILE, REQ | POS, "FILE", "ZF* source file" },
	    { "numberOfBlocks", ZEN_PT_U32, REQ | POS | ZEN_PF_LATE, "N",
	      "blocks to pay for, 1 to 4294967295" },
	    { "rlimit", ZEN_PT_U32, 0, "N",
	      "Z3 resource limit (default and 0: 2723280)" },
	    { "hints", ZEN_PT_FILE, 0, "FILE",
	      "F* hints database of the code (default: synthetic hints)" },
	    { "password", ZEN_PT_PASSWORD, 0, "FILE", "the wallet's password" } } },
	{ "contract", "extend", "POST", "/wallet/contract/extend",
	  ZEN_OPF_WALLET | ZEN_OPF_SESSION | ZEN_OPF_BLOCKING, op_contract_extend,
	  "pay for more blocks of an active contract",
	  "Pays code length x numberOfBlocks kalapas into an "
	  "ExtensionSacrifice output, plus change.  Consensus adds "
	  "numberOfBlocks - 1 to the expiry (a reference rule).  The "
	  "contract is named by its address or its contractId.  Answers as "
	  "activate.",
	  { { "address", ZEN_PT_STRING, POS, "ADDRESS", "contract address" },
	    { "numberOfBlocks", ZEN_PT_U32, REQ | POS, "N",
	      "blocks to pay for, 1 to 4294967295" },
	    { "contractId", ZEN_PT_STRING, 0, "ID",
	      "contract id (72 hex), instead of the address" },
	    { "password", ZEN_PT_PASSWORD, 0, "FILE", "the wallet's password" } } },
	{ "contract", "execute", "POST", "/wallet/contract/execute",
	  ZEN_OPF_WALLET | ZEN_OPF_SESSION | ZEN_OPF_BLOCKING, op_contract_execute,
	  "run a contract in a transaction paid and signed by the wallet",
	  "The wallet funds the spends (left unlocked for the contract; "
	  "without spends it pays a Fee of 1 kalapa), the node runs the "
	  "contract and any contracts it messages, then the wallet signs and "
	  "the transaction goes to the mempool.  options is "
	  "{\"returnAddress\": BOOL, \"sign\": \"PATH\"}; without "
	  "options, returnAddress and sign are read at the top level.  "
	  "returnAddress adds the wallet's address (m/44'/258'/0'/0/0) to "
	  "the message body (absent or a dict) as key returnAddress; sign "
	  "makes the key at PATH the sender and signs the contract witness.  "
	  "Spends of the same asset are summed.  Answers the transaction hash.  "
	  "messageBody takes the forms of contract run --body: hex of the "
	  "serialized data (what the reference's messageBody takes, e.g. "
	  "050000000000000005 for U64 5), or the JSON data rendering of "
	  "api.md 3.6 (text starting with {), e.g. --message-body "
	  "'{\"dict\": [[\"amount\", {\"u64\": 5}]]}'.",
	  { { "address", ZEN_PT_STRING, REQ | POS, "ADDRESS", "contract address" },
	    { "command", ZEN_PT_STRING, POS | ASCII, "COMMAND",
	      "the command (default \"\"; a character that is not ASCII "
	      "is one ?, two beyond U+FFFF)" },
	    { "messageBody", ZEN_PT_STRING, 0, "DATA",
	      "hex of serialized data, or JSON data ({\"u64\": 5}) as "
	      "contract run --body (default: none)" },
	    { "options", ZEN_PT_JSON, 0, "JSON", "{\"returnAddress\", \"sign\"}" },
	    { "returnAddress", ZEN_PT_BOOL, 0, "BOOL",
	      "true: put the wallet's address in the body" },
	    { "sign", ZEN_PT_STRING, 0, "PATH", "key path of the sender, e.g. m/44'/258'/0'/0/0" },
	    { "spends", ZEN_PT_JSON, 0, "JSON", "assets for the contract [{\"asset\",\"amount\"}]" },
	    { "asset", ZEN_PT_STRING, 0, "ASSET", "one spend: asset (default 00, ZP)" },
	    { "amount", ZEN_PT_AMOUNT, 0, "AMOUNT", "one spend: the amount" },
	    { "password", ZEN_PT_PASSWORD, 0, "FILE", "the wallet's password" } } },
	/* The payout of the Common Goods Pool (op_vote.c). */
	{ "contract", "cgp", "POST", "/wallet/contract/cgp",
	  ZEN_OPF_WALLET | ZEN_OPF_SESSION | ZEN_OPF_BLOCKING, op_contract_cgp,
	  "execute the common goods pool's payout due at the next block",
	  "Runs the CGP contract's Payout command with the canonical "
	  "message body of the payout due (the one blockchain contractcgp "
	  "shows), paid by the wallet with a Fee of 1 kalapa and no return "
	  "address, as the reference wallet does: the request of contract "
	  "execute.  Send it one block before the payout block (the block "
	  "whose number modulo the interval length is the coinbase "
	  "maturity: 10, 110, 210 ... on the local and test chains); the "
	  "contract runs in no other block (\"Not a payout block\"), and a "
	  "payout block without it is refused.  With no payout due the "
	  "contract runs without a body and its refusal is the answer, as "
	  "on the reference node.  Answers the transaction hash.",
	  { { "password", ZEN_PT_PASSWORD, 0, "FILE", "the wallet's password" } } },
	{ "tx", "decode", NULL, NULL, ZEN_OPF_LOCAL_ONLY,
	  op_tx_decode,
	  "decode a serialized transaction",
	  "Prints the transaction as the node's JSON encoder shows it, with its "
	  "txHash and witnessHash.  Trailing bytes are refused.",
	  { { "hex", ZEN_PT_HEX, REQ | POS, "HEX", "transaction, full serialization" } } },
	{ "block", "decode", NULL, NULL, ZEN_OPF_LOCAL_ONLY,
	  op_block_decode,
	  "decode a serialized block",
	  "Prints the block as the node's JSON encoder shows it, with its hash "
	  "and the hashes of its transactions.  Trailing bytes are refused.",
	  { { "hex", ZEN_PT_HEX, REQ | POS, "HEX", "block serialization" } } },
	{ "wallet", "exists", "GET", "/wallet/exists", ZEN_OPF_WALLET,
	  op_wallet_exists,
	  "whether the data directory holds a wallet",
	  NULL,
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "wallet", "create", "POST", "/wallet/create", ZEN_OPF_WALLET | ZEN_OPF_BLOCKING,
	  op_wallet_create,
	  "create a wallet with a new 24-word mnemonic, shown once",
	  "The mnemonic is generated from libsodium randomness, encrypted with "
	  "the password (argon2id, then XChaCha20-Poly1305) and answered "
	  "once as {\"mnemonic\"}: write the words down, they are the only "
	  "way to restore the wallet.  The password is asked twice on a "
	  "terminal.  Not in the reference node, whose CLI makes the words "
	  "itself.  ZEN_WALLET_KDF chooses the key derivation cost: "
	  "moderate (default: opslimit 3, 256 MiB), interactive, sensitive, "
	  "or fast (tests only).",
	  { { "password", ZEN_PT_PASSWORD, 0, "FILE", "the new wallet's password" } } },
	{ "wallet", "import", "POST", "/wallet/import",
	  ZEN_OPF_WALLET | ZEN_OPF_TEXT | ZEN_OPF_BLOCKING,
	  op_wallet_import,
	  "restore a wallet from its 12 to 24 mnemonic words",
	  "The words are read from --words-file (- for standard input, one "
	  "line) or asked on the terminal; over HTTP, words is an array of "
	  "words or one string.  The BIP39 checksum is checked unless "
	  "allowBadChecksum is true (the reference never checked it).  The "
	  "chain is scanned from genesis, so past funds are found.  Answers "
	  "\"account imported\".",
	  { { "words", ZEN_PT_WORDS, REQ, "FILE", "the mnemonic words" },
	    { "password", ZEN_PT_PASSWORD, 0, "FILE", "the new wallet's password" },
	    { "allowBadChecksum", ZEN_PT_BOOL, 0, "BOOL",
	      "true: accept words with a wrong BIP39 checksum" } } },
	{ "wallet", "remove", "POST", "/wallet/remove",
	  ZEN_OPF_WALLET | ZEN_OPF_TEXT | ZEN_OPF_BLOCKING,
	  op_wallet_remove,
	  "delete the wallet (the password is checked first)",
	  "Answers \"wallet removed\".  Without its mnemonic the funds are lost.",
	  { { "password", ZEN_PT_PASSWORD, 0, "FILE", "the wallet's password" } } },
	{ "wallet", "checkpassword", "POST", "/wallet/checkpassword",
	  ZEN_OPF_WALLET | ZEN_OPF_BLOCKING, op_wallet_checkpassword,
	  "whether the password opens the wallet (true or false)",
	  "Every wrong password delays the next password check of the node.",
	  { { "password", ZEN_PT_PASSWORD, 0, "FILE", "the wallet's password" } } },
	{ "wallet", "unlock", "POST", "/wallet/unlock",
	  ZEN_OPF_WALLET | ZEN_OPF_BLOCKING, op_wallet_unlock_session,
	  "keep the wallet unlocked in zen serve for a while (with --url)",
	  "As bitcoind's walletpassphrase: zen serve keeps the decrypted "
	  "secret in guarded, locked memory for --timeout seconds (1 to "
	  "86400, default 60), and until then a wallet request without a "
	  "password (send, contract activate, extend, execute, vote, rawtx "
	  "sign, keys, publickey, sign) uses it, so a script of many sends "
	  "pays the password's key derivation once.  A password in a request "
	  "still works as always; checkpassword, changepassword and "
	  "mnemonicphrase always need one.  Through --url the CLI then sends "
	  "such requests without a password when it has no terminal to ask "
	  "on.  A new unlock replaces the session; wallet lock or the end of "
	  "zen serve wipes it.  Answers {\"unlocked\": true, \"seconds\": N}.",
	  { { "password", ZEN_PT_PASSWORD, 0, "FILE", "the wallet's password" },
	    { "timeout", ZEN_PT_U32, 0, "SECONDS",
	      "how long, 1 to 86400 (default 60)" } } },
	{ "wallet", "lock", "POST", "/wallet/lock",
	  ZEN_OPF_WALLET, op_wallet_lock,
	  "end the session of wallet unlock",
	  "Wipes the secret zen serve keeps; answers {\"unlocked\": false}.",
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "wallet", "changepassword", "POST", "/wallet/changepassword",
	  ZEN_OPF_WALLET | ZEN_OPF_BLOCKING, op_wallet_changepassword,
	  "encrypt the wallet's secret under a new password",
	  "Answers \"Password changed\".",
	  { { "old", ZEN_PT_PASSWORD, 0, "FILE", "the current password" },
	    { "new", ZEN_PT_PASSWORD, 0, "FILE", "the new password" } } },
	{ "wallet", "mnemonicphrase", "POST", "/wallet/mnemonicphrase",
	  ZEN_OPF_WALLET | ZEN_OPF_TEXT | ZEN_OPF_BLOCKING, op_wallet_mnemonicphrase,
	  "the wallet's mnemonic words (text)",
	  NULL,
	  { { "password", ZEN_PT_PASSWORD, 0, "FILE", "the wallet's password" } } },
	{ "wallet", "address", "GET", "/wallet/address", ZEN_OPF_WALLET | ZEN_OPF_BLOCKING,
	  op_wallet_address,
	  "the wallet's receive address (m/44'/258'/0'/0/0)",
	  NULL,
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "wallet", "getnewaddress", "POST", "/wallet/getnewaddress",
	  ZEN_OPF_WALLET | ZEN_OPF_BLOCKING, op_wallet_getnewaddress,
	  "a new receive address (m/44'/258'/0'/2/i) and its index",
	  NULL,
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "wallet", "balance", "GET", "/wallet/balance", ZEN_OPF_WALLET | ZEN_OPF_BLOCKING,
	  op_wallet_balance,
	  "unspent amount per asset, unconfirmed included",
	  "Outputs spent by mempool transactions are left out, outputs they "
	  "create are counted; immature coinbase outputs are counted; "
	  "watch-only addresses are not.",
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "wallet", "addressbalance", "GET", "/wallet/addressbalance",
	  ZEN_OPF_WALLET | ZEN_OPF_BLOCKING, op_wallet_addressbalance,
	  "unspent amount per asset of one wallet address",
	  "A real balance, [{\"asset\",\"balance\"}] (the reference answers "
	  "the address's outputs here).",
	  { { "address", ZEN_PT_STRING, REQ | POS, "ADDRESS", "a wallet address" } } },
	{ "wallet", "addressoutputs", "GET", "/wallet/addressoutputs",
	  ZEN_OPF_WALLET | ZEN_OPF_BLOCKING, op_wallet_addressoutputs,
	  "every output of one wallet address, spent ones too",
	  "[{\"outpoint\": {\"txHash\", \"index\"}, \"asset\", \"amount\", "
	  "\"confirmations\", \"spent\"}] (api.md 7); the mempool counts, "
	  "with 0 confirmations.",
	  { { "address", ZEN_PT_STRING, REQ | POS, "ADDRESS", "a wallet address" } } },
	{ "wallet", "transactioncount", "GET", "/wallet/transactioncount",
	  ZEN_OPF_WALLET | ZEN_OPF_BLOCKING, op_wallet_transactioncount,
	  "number of history entries",
	  NULL,
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "wallet", "transactions", "GET", "/wallet/transactions", ZEN_OPF_WALLET | ZEN_OPF_BLOCKING,
	  op_wallet_transactions,
	  "history, newest first: one entry per transaction and asset",
	  "amount is the net change of the wallet, negative for a spend; "
	  "mempool transactions first with 0 confirmations.",
	  { { "skip", ZEN_PT_STRING, REQ | ZEN_PF_LATE, "N", "entries to skip, an integer >= 0" },
	    { "take", ZEN_PT_STRING, REQ | ZEN_PF_LATE, "N", "entries to answer, an integer >= 0" } } },
	{ "wallet", "utxo", "GET", "/wallet/utxo", ZEN_OPF_WALLET | ZEN_OPF_BLOCKING,
	  op_wallet_utxo,
	  "unspent outputs of the wallet, watch-only ones included",
	  NULL,
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "wallet", "receivedbyaddress", "GET", "/wallet/receivedbyaddress",
	  ZEN_OPF_WALLET | ZEN_OPF_BLOCKING, op_wallet_receivedbyaddress,
	  "total received per address and asset, spent or not",
	  "confirmations 0 counts every output, 1 confirmed ones, N those "
	  "with at least N confirmations.",
	  { { "confirmations", ZEN_PT_U32, 0, "N", "minimum confirmations (default 0)" } } },
	{ "wallet", "keys", "POST", "/wallet/keys", ZEN_OPF_WALLET | ZEN_OPF_SESSION | ZEN_OPF_BLOCKING,
	  op_wallet_keys,
	  "public keys and paths of the wallet's addresses",
	  NULL,
	  { { "password", ZEN_PT_PASSWORD, 0, "FILE", "the wallet's password" } } },
	{ "wallet", "publickey", "POST", "/wallet/publickey", ZEN_OPF_WALLET | ZEN_OPF_SESSION | ZEN_OPF_BLOCKING,
	  op_wallet_publickey,
	  "the public key at a path from the master key",
	  NULL,
	  { { "path", ZEN_PT_STRING, REQ | POS, "PATH", "key path, e.g. m/44'/258'/0'/0/0" },
	    { "password", ZEN_PT_PASSWORD, 0, "FILE", "the wallet's password" } } },
	{ "wallet", "zenpublickey", "GET", "/wallet/zenpublickey", ZEN_OPF_WALLET | ZEN_OPF_BLOCKING,
	  op_wallet_zenpublickey,
	  "the account's extended public key (xpub on main, tpub else)",
	  "For a watch-only wallet elsewhere (importzenpublickey).",
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "wallet", "importzenpublickey", "POST", "/wallet/importzenpublickey",
	  ZEN_OPF_WALLET | ZEN_OPF_TEXT | ZEN_OPF_BLOCKING, op_wallet_importzenpublickey,
	  "create a watch-only wallet from an account public key",
	  "It tracks the account's addresses and creates unsigned raw "
	  "transactions; it cannot sign.  Answers \"zenKey imported\".",
	  { { "publicKey", ZEN_PT_STRING, REQ | POS, "XPUB", "account extended public key" } } },
	{ "wallet", "importwatchonlyaddress", "POST",
	  "/wallet/importwatchonlyaddress", ZEN_OPF_WALLET | ZEN_OPF_TEXT | ZEN_OPF_BLOCKING,
	  op_wallet_importwatchonlyaddress,
	  "track an address that the wallet cannot spend from",
	  "Its past outputs are found by a rescan.  Answers an empty body.",
	  { { "address", ZEN_PT_STRING, REQ | POS, "ADDRESS", "PK address" } } },
	{ "wallet", "restorenewaddresses", "POST",
	  "/wallet/restorenewaddresses", ZEN_OPF_WALLET | ZEN_OPF_TEXT | ZEN_OPF_BLOCKING,
	  op_wallet_restorenewaddresses,
	  "hand out the new addresses up to index MAX, then rescan",
	  "For a restored wallet: getnewaddress addresses (m/44'/258'/0'/2/i) "
	  "up to i = MAX become the wallet's, and a rescan finds what was "
	  "sent to them.  MAX is at most 10000.  Answers an empty body.",
	  { { "max", ZEN_PT_U32, REQ | POS, "MAX", "last payment index" } } },
	{ "wallet", "sign", "POST", "/wallet/sign", ZEN_OPF_WALLET | ZEN_OPF_SESSION | ZEN_OPF_BLOCKING,
	  op_wallet_sign,
	  "sign a 32-byte message with the key at a path",
	  "RFC 6979, low-S, 64-byte compact signature of the bytes as given.",
	  { { "message", ZEN_PT_STRING, REQ | POS, "HEX", "64 hex characters" },
	    { "path", ZEN_PT_STRING, REQ | POS, "PATH", "key path from the master key" },
	    { "password", ZEN_PT_PASSWORD, 0, "FILE", "the wallet's password" } } },
	{ "wallet", "resync", "GET", "/wallet/resync",
	  ZEN_OPF_WALLET | ZEN_OPF_TEXT | ZEN_OPF_ALSO_POST | ZEN_OPF_BLOCKING, op_wallet_resync,
	  "rescan the chain for the wallet's outputs",
	  "Done when it answers (an empty body).  Never needed after import: "
	  "the wallet follows the chain, reorganisations included.",
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "wallet", "send", "POST", "/wallet/send", ZEN_OPF_WALLET | ZEN_OPF_SESSION | ZEN_OPF_BLOCKING,
	  op_wallet_send,
	  "send assets; answers the transaction hash once the mempool took it",
	  "outputs is [{\"address\",\"asset\",\"amount\"}] (PK or contract "
	  "addresses, any assets, amounts in kalapas as strings, or ZP as "
	  "\"1.5zp\"); on the command line ADDRESS AMOUNT (or --address "
	  "and --amount) and --asset (default 00) give one output.  Change "
	  "goes to m/44'/258'/0'/1/0.  A transaction the node refuses is "
	  "answered with the node's reason.  Sends running at once "
	  "(threads of zen serve, zen processes on one data directory) "
	  "never share a coin: each reserves its coins in the wallet as "
	  "the mempool takes it, and one that the coins not reserved "
	  "cannot fund is refused with Not enough tokens.",
	  { SEND_PARAMS }, NULL, "Json invalid: " },
	{ "wallet", "createtransaction", "POST", "/wallet/createtransaction",
	  ZEN_OPF_WALLET | ZEN_OPF_SESSION | ZEN_OPF_TEXT | ZEN_OPF_BLOCKING, op_wallet_createtransaction,
	  "build and sign a send without publishing it (hex text)",
	  "Its coins are reserved for it as for rawtx create: no other "
	  "spend of this wallet takes them for 600 seconds, or while it is "
	  "in the mempool.  Also served at /wallet/createrawtransaction, the "
	  "reference's obsolete name.",
	  { SEND_PARAMS }, "/wallet/createrawtransaction", "Json invalid: " },
	/* Voting in the Common Goods Pool (op_vote.c): zen's additions. */
	{ "wallet", "vote", "GET", "/wallet/vote", ZEN_OPF_WALLET | ZEN_OPF_BLOCKING,
	  op_wallet_vote,
	  "the common goods pool's vote, and this wallet's part in it",
	  "For nextBlock, the block a vote sent now goes into: its interval "
	  "and phase (beforeSnapshot, nomination or voting), the interval's "
	  "snapshot block, the window of each kind of vote (windows: "
	  "{interval, first, last, open}, the one open now or else the "
	  "next), the allocation in force and the allocation votes the "
	  "chain counts after it (allocationVotes {from, to}), this "
	  "wallet's weight (kalapas: the sum over its keys of their ZP at "
	  "the snapshot block once weightFrozen, their balance now before "
	  "that), its keys that have some (keys), and the votes its keys "
	  "cast in the interval (votes: kind, address, publicKey, then "
	  "allocation or payout).  No password needed.  On a terminal: a "
	  "summary.",
	  { { NULL, 0, 0, NULL, NULL } }, NULL, NULL, op_vote_readable },
	{ "wallet", "vote allocation", "POST", "/wallet/vote/allocation",
	  ZEN_OPF_WALLET | ZEN_OPF_SESSION | ZEN_OPF_BLOCKING, op_wallet_vote_allocation,
	  "vote for the share of the block reward given to the pool",
	  "Signs an Allocation ballot of PERCENT for the next block with "
	  "every key of the wallet that holds ZP or has a weight in the "
	  "interval (one signature per key) and executes the voting "
	  "contract with it, in one transaction: the request of contract "
	  "execute with command Allocation and messageBody "
	  "Dict{Allocation: String ballot hex, Signature: Dict{public key "
	  "hex: Signature}}, no return address, a Fee of 1 kalapa.  "
	  "Refused (exit 1) before anything is signed when the next block "
	  "is outside the interval's voting phase (the message names the "
	  "window), PERCENT is outside the range the chain counts after "
	  "the allocation in force (wallet vote shows it), or the keys have "
	  "voted already: a key's first ballot takes its vote even when it "
	  "cannot count (--force sends it all the same).  The vote counts "
	  "when a block of the same window takes it.  Answers {txHash, "
	  "interval, command, ballot, weight, keys}.",
	  { { "allocation", ZEN_PT_U32, REQ | POS, "PERCENT",
	      "the percentage of each block reward for the pool, 0 to 100" },
	    { "force", ZEN_PT_BOOL, 0, "BOOL",
	      "true: send it even when the chain would not count it" },
	    { "password", ZEN_PT_PASSWORD, 0, "FILE", "the wallet's password" } } },
	{ "wallet", "vote payout", "POST", "/wallet/vote/payout",
	  ZEN_OPF_WALLET | ZEN_OPF_SESSION | ZEN_OPF_BLOCKING, op_wallet_vote_payout,
	  "vote for one of the interval's payout candidates",
	  "As vote allocation, with a Payout ballot: ADDRESS (a PK or "
	  "contract address) paid the spends, sorted by asset.  In the "
	  "voting phase, for a payout that is exactly one of the interval's "
	  "candidates (blockchain candidates lists them).",
	  { { "address", ZEN_PT_STRING, REQ | POS, "ADDRESS", "the recipient" },
	    { "spends", ZEN_PT_JSON, POS | ZEN_PF_REST, "AMOUNT[:ASSET]",
	      "what it is paid: 1 to 100 spends of kalapas of ASSET "
	      "(default 00, ZP); over HTTP a list of such texts or of "
	      "{\"asset\", \"amount\"}" },
	    { "force", ZEN_PT_BOOL, 0, "BOOL",
	      "true: send it even when the chain would not count it" },
	    { "password", ZEN_PT_PASSWORD, 0, "FILE", "the wallet's password" } } },
	{ "wallet", "vote nominate", "POST", "/wallet/vote/nominate",
	  ZEN_OPF_WALLET | ZEN_OPF_SESSION | ZEN_OPF_BLOCKING, op_wallet_vote_nominate,
	  "nominate a payout for the interval's vote",
	  "As vote payout, with command Nomination, in the nomination phase "
	  "(the blocks after the snapshot).  Refused when the pool cannot "
	  "pay it from what it holds.  A payout becomes a candidate when "
	  "the weight of its nominations reaches the threshold: the ZP "
	  "issued at the snapshot block times 3/100 (main, test) or 1/500 "
	  "(local).",
	  { { "address", ZEN_PT_STRING, REQ | POS, "ADDRESS", "the recipient" },
	    { "spends", ZEN_PT_JSON, POS | ZEN_PF_REST, "AMOUNT[:ASSET]",
	      "what it is paid: 1 to 100 spends of kalapas of ASSET "
	      "(default 00, ZP); over HTTP a list of such texts or of "
	      "{\"asset\", \"amount\"}" },
	    { "force", ZEN_PT_BOOL, 0, "BOOL",
	      "true: send it even when the chain would not count it" },
	    { "password", ZEN_PT_PASSWORD, 0, "FILE", "the wallet's password" } } },
	{ "rawtx", "create", "POST", "/wallet/rawtransaction/create",
	  ZEN_OPF_WALLET | ZEN_OPF_BLOCKING, op_rawtx_create,
	  "an unsigned transaction with key paths, for offline signing",
	  "No password: works on a watch-only wallet.  PK addresses only.  "
	  "Answers {\"txHash\",\"tx\"} with tx the raw transaction in hex.  "
	  "Its coins are reserved for it: no other spend of this wallet "
	  "takes them for 600 seconds (signing starts them again), or while "
	  "the transaction is in the mempool; once a block spends them the "
	  "reservation ends.",
	  { OUTPUT_PARAMS }, NULL, "Json invalid: " },
	{ "rawtx", "sign", "POST", "/wallet/rawtransaction/sign", ZEN_OPF_WALLET | ZEN_OPF_SESSION | ZEN_OPF_BLOCKING,
	  op_rawtx_sign,
	  "sign the inputs of a raw transaction that this wallet owns",
	  "Inputs of other keys are left for their owners.  The wallet's "
	  "coins it spends are reserved for it for 600 seconds from the "
	  "signing (as for rawtx create); a coin reserved for another "
	  "transaction of this wallet refuses the signing: \"coin HASH:I is "
	  "reserved for transaction HASH\".",
	  { { "tx", ZEN_PT_STRING, REQ | POS, "HEX", "raw transaction" },
	    { "password", ZEN_PT_PASSWORD, 0, "FILE", "the wallet's password" } },
	  NULL, "Json invalid: " },
	{ "rawtx", "publish", "POST", "/wallet/rawtransaction/publish",
	  ZEN_OPF_WALLET | ZEN_OPF_BLOCKING, op_rawtx_publish,
	  "publish a fully signed raw transaction",
	  "As blockchain publishtransaction once every input is signed.",
	  { { "tx", ZEN_PT_STRING, REQ | POS, "HEX", "raw transaction" } },
	  NULL, "Json invalid: " },
	/* A person's look at the node (issue 18): the other rows' replies. */
	{ "status", NULL, "GET", "/node/status",
	  ZEN_OPF_BLOCKING | ZEN_OPF_ADMIN, op_status,
	  "the node at a glance: chain, tip age, sync, peers, mempool, wallet, cgp",
	  "For a person at a terminal, as bitcoin-cli -getinfo: the replies "
	  "of blockchain info, the tip's age, network connections, the "
	  "number of mempool transactions, wallet balance (null without a "
	  "wallet) and blockchain cgp, in one object.  Its layout may change "
	  "between versions: scripts should use those commands instead.  "
	  "Off loopback it needs the API token (it shows the wallet's "
	  "balance).",
	  { { NULL, 0, 0, NULL, NULL } }, NULL, NULL, op_status_readable },
	/* The configuration as the CLI front resolved it: no handler. */
	{ "config", "show", NULL, NULL, ZEN_OPF_LOCAL_ONLY, NULL,
	  "print the effective configuration and where each value comes from",
	  "Every key of zen.conf (the global options and those of zen serve), "
	  "with its value and its source: \"command line\", \"environment "
	  "ZEN_...\", \"FILE:LINE\" or \"default\" (a null value: the built-in "
	  "behaviour that zen serve --help describes).",
	  { { NULL, 0, 0, NULL, NULL } } },
	/* The server itself: the CLI front runs it; it has no handler. */
	{ "serve", NULL, NULL, NULL, ZEN_OPF_LOCAL_ONLY, NULL,
	  "run the node's HTTP API",
	  "Serves every operation above over HTTP with the reference node's "
	  "paths and JSON shapes.  Binds to loopback unless told otherwise; "
	  "stops cleanly on SIGINT or SIGTERM.",
	  { { "bind", ZEN_PT_STRING, 0, "HOST:PORT",
	      "listen address (default 127.0.0.1 and the chain's API port)" },
	    { "threads", ZEN_PT_U32, 0, "N", "worker threads (default: cores)" },
	    { "mine", ZEN_PT_BOOL, 0, "BOOL", "true: mine continuously" },
	    { "address", ZEN_PT_STRING, 0, "ADDRESS", "PK address paid by --mine" },
	    { "mineThreads", ZEN_PT_U32, 0, "N", "mining threads (default: cores)" },
	    { "apiTokenFile", ZEN_PT_STRING, 0, "FILE",
	      "bearer token for /wallet/, /blockchain/mine and /node/verify "
	      "(required with it; generated into DATADIR/.cookie when bound "
	      "beyond loopback)" },
	    { "maxConnections", ZEN_PT_U32, 0, "N",
	      "open connections at most (default: from the open-file limit)" },
	    { "maxConnectionsPerAddress", ZEN_PT_U32, 0, "N",
	      "open connections from one source address at most "
	      "(default: a quarter of --max-connections)" },
	    { "requestTimeout", ZEN_PT_U32, 0, "SECONDS",
	      "longest a request may run before it is stopped with 503 "
	      "(default 60)" },
	    { "public", ZEN_PT_BOOL, 0, "BOOL",
	      "true: serve only the public read routes and "
	      "publishtransaction, with a rate limit; no wallet" },
	    { "metrics", ZEN_PT_BOOL, 0, "BOOL",
	      "true: serve /metrics (Prometheus) also when bound beyond "
	      "loopback, where it is off by default" },
	    { "addressdb", ZEN_PT_BOOL, 0, "BOOL",
	      "true: keep the address index of the /addressdb routes from "
	      "now on (built in the background, progress in "
	      "/blockchain/info); false: drop it (default: as the data "
	      "directory has it)" },
	    { "origin", ZEN_PT_STRING, 0, "ORIGIN",
	      "CORS: \"any\", one origin sent as is, or a comma-separated "
	      "list (a listed request Origin is echoed; default: none)" },
	    { "unsafeCors", ZEN_PT_BOOL, 0, "BOOL",
	      "true: allow --origin any while the wallet routes are served" },
	    { "rateLimit", ZEN_PT_U32, 0, "N",
	      "with --public: requests per second per source address "
	      "(default 20, burst twice that)" },
	    { "logLevel", ZEN_PT_STRING, 0, "LEVEL",
	      "error, warn, info (default) or debug (one line per HTTP "
	      "request)" },
	    { "logFile", ZEN_PT_STRING, 0, "FILE",
	      "append the log to FILE, reopened on SIGHUP (default: "
	      "standard error)" },
	    { "pidFile", ZEN_PT_STRING, 0, "FILE",
	      "write the process id to FILE once listening, removed at a "
	      "clean stop; refused while another process holds it" },
	    { "listen", ZEN_PT_STRING, 0, "HOST:PORT",
	      "peer-to-peer address to listen on (default: *:9655 main, "
	      "*:29555 test, 127.0.0.1:10000 local; port 0 picks a free one)" },
	    { "noListen", ZEN_PT_BOOL, 0, "BOOL",
	      "true: accept no peer-to-peer connections, only dial" },
	    { "connect", ZEN_PT_JSON, ZEN_PF_REPEAT, "HOST:PORT",
	      "dial only this peer (repeatable): no address book, no seeds, "
	      "no other outbound connection" },
	    { "addnode", ZEN_PT_JSON, ZEN_PF_REPEAT, "HOST:PORT",
	      "a peer to keep connected besides the others (repeatable); "
	      "also added to the address book" },
	    { "noSeeds", ZEN_PT_BOOL, 0, "BOOL",
	      "true: never dial the chain's built-in seed nodes" },
	    { "maxPeers", ZEN_PT_U32, 0, "N",
	      "inbound peer-to-peer connections at most (default 125)" },
	    { "externalAddress", ZEN_PT_STRING, 0, "HOST:PORT",
	      "this node's public IP:PORT, advertised to the peers it dials "
	      "(default: none, nothing advertised)" } } },
	{ NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL, { { NULL, 0, 0, NULL, NULL } } },
};
