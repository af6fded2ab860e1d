/*
 * table.c - THE operation table.  Add an operation here and the CLI, the
 * HTTP server, the remote client, --help, zen(1) and the completions all
 * know it.  Groups appear in help in the order of their first row.
 */
#include "ops/handlers.h"

#define REQ ZEN_PF_REQUIRED
#define POS ZEN_PF_POSITIONAL

const struct zen_op zen_ops[] = {
	{ "blockchain", "info", "GET", "/blockchain/info", ZEN_OPF_STORE,
	  op_blockchain_info,
	  "chain, tip, difficulty and median time of the node",
	  "blocks is the tip's number (0 before genesis), difficulty the "
	  "Bitcoin-style number of the tip's target, medianTime the median "
	  "timestamp of the last 11 blocks in milliseconds.",
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "blockchain", "headers", "GET", "/blockchain/headers", ZEN_OPF_STORE,
	  op_blockchain_headers,
	  "header summaries of the main chain, newest first",
	  "With take: take headers from blockNumber (default: the tip) "
	  "down, at most 2000.  Without take: every header, oldest first, "
	  "when the chain has at most 2000 blocks.",
	  { { "blockNumber", ZEN_PT_U32, 0, "N", "highest block (default: tip)" },
	    { "take", ZEN_PT_U32, 0, "N", "number of headers (at most 2000)" } } },
	{ "blockchain", "block", "GET", "/blockchain/block", ZEN_OPF_STORE,
	  op_blockchain_block,
	  "a main-chain block by number or hash",
	  "The hash wins when both are given.  Blocks off the main chain are "
	  "not found.",
	  { { "blockNumber", ZEN_PT_U32, POS, "N", "block number" },
	    { "hash", ZEN_PT_HASH, 0, "HASH", "block hash" } } },
	{ "blockchain", "blocks", "GET", "/blockchain/blocks", ZEN_OPF_STORE,
	  op_blockchain_blocks,
	  "serialized main-chain blocks, newest first",
	  "Paged like headers, at most 100 blocks a page.",
	  { { "blockNumber", ZEN_PT_U32, 0, "N", "highest block (default: tip)" },
	    { "take", ZEN_PT_U32, 0, "N", "number of blocks (at most 100)" } } },
	{ "blockchain", "blockreward", "GET", "/blockchain/blockreward", 0,
	  op_blockchain_blockreward,
	  "block subsidy of a block number, in kalapas",
	  "The full subsidy (miner share plus common-good-pool allocation) of "
	  "block N: 50 ZP halved every 800,000 blocks.  The block need not "
	  "exist yet.",
	  { { "blockNumber", ZEN_PT_U32, REQ | POS, "N", "block number" } } },
	{ "blockchain", "totalzp", "GET", "/blockchain/totalzp", ZEN_OPF_STORE,
	  op_blockchain_totalzp,
	  "total ZP issued up to a block, in kalapas",
	  "Genesis allocation plus every block subsidy up to block N "
	  "(the tip when N is not given).",
	  { { "blockNumber", ZEN_PT_U32, POS, "N", "block number (default: tip)" } } },
	{ "blockchain", "transaction", "GET", "/blockchain/transaction",
	  ZEN_OPF_STORE, op_blockchain_transaction,
	  "a transaction of the main chain or the mempool",
	  "confirmations is 0 for a mempool transaction, else tip - block + 1.",
	  { { "hash", ZEN_PT_HASH, REQ | POS, "HASH", "transaction hash" },
	    { "hex", ZEN_PT_BOOL, 0, "BOOL", "true: the serialization in hex" } } },
	{ "blockchain", "mempool", "GET", "/blockchain/mempool", ZEN_OPF_STORE,
	  op_blockchain_mempool,
	  "the transactions waiting for a block, in arrival order",
	  NULL,
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "blockchain", "publishblock", "POST", "/blockchain/publishblock",
	  ZEN_OPF_STORE | ZEN_OPF_WRITE | ZEN_OPF_BARE_BODY,
	  op_blockchain_publishblock,
	  "validate and store a block; answers its hash",
	  "The block is checked before it is stored; 200 means it is stored "
	  "(on the main chain, a side branch, or waiting for its parent).  "
	  "Give block, or header (100 bytes) and body.",
	  { { "block", ZEN_PT_HEX, POS, "HEX", "the whole serialized block" },
	    { "header", ZEN_PT_HEX, 0, "HEX", "serialized header" },
	    { "body", ZEN_PT_HEX, 0, "HEX", "the rest of the block" } } },
	{ "blockchain", "submitheader", "POST", "/blockchain/submitheader",
	  ZEN_OPF_STORE | ZEN_OPF_WRITE, op_blockchain_submitheader,
	  "complete a block template of this node with a mined header",
	  "The header must match a template this node process handed out, "
	  "except for timestamp and nonce.",
	  { { "header", ZEN_PT_HEX, REQ | POS, "HEX", "mined header (100 bytes)" } } },
	{ "blockchain", "publishtransaction", "POST",
	  "/blockchain/publishtransaction", ZEN_OPF_STORE | ZEN_OPF_WRITE,
	  op_blockchain_publishtransaction,
	  "validate a transaction and add it to the mempool",
	  "Answers the transaction hash; a transaction already in a block is "
	  "refused with HTTP 302, as the reference node does.",
	  { { "tx", ZEN_PT_HEX, REQ | POS, "HEX", "full serialization" } } },
	{ "blockchain", "blocktemplate", "GET", "/blockchain/blocktemplate",
	  ZEN_OPF_STORE | ZEN_OPF_ALSO_POST, op_blockchain_blocktemplate,
	  "a block to mine on the tip, paying ADDRESS",
	  "Answers header, body, target, parent and blockNumber.  Also "
	  "served for POST, with address in the query or the JSON body.",
	  { { "address", ZEN_PT_STRING, POS, "ADDRESS", "PK address of the coinbase" } } },
	{ "blockchain", "mine", "POST", "/blockchain/mine",
	  ZEN_OPF_STORE | ZEN_OPF_WRITE, op_blockchain_mine,
	  "mine blocks paying ADDRESS and answer their hashes",
	  "For test and local chains, like bitcoind's generatetoaddress.",
	  { { "blocks", ZEN_PT_U32, REQ, "N", "number of blocks" },
	    { "address", ZEN_PT_STRING, REQ, "ADDRESS", "PK address of the coinbase" },
	    { "threads", ZEN_PT_U32, 0, "N", "mining threads (default: cores)" } } },
	{ "node", "verify", "GET", "/node/verify", ZEN_OPF_STORE, op_node_verify,
	  "check the store: the UTXO set equals a replay of the main chain",
	  "Replays the main chain from genesis and compares the UTXO set, the "
	  "indexes, chain work, difficulty state and the mempool.  Exit 6 "
	  "when the store is damaged.",
	  { { NULL, 0, 0, NULL, NULL } } },
	{ "address", "decode", "GET", "/address/decode", 0,
	  op_address_decode,
	  "decode an address to its pk hash or contract id",
	  "Decodes a bech32 address of the node's chain: a PK address gives "
	  "{\"pkHash\"}, a contract address {\"contractId\"}.",
	  { { "address", ZEN_PT_STRING, REQ | POS, "ADDRESS", "PK or contract address" } } },
	{ "contract", "contractid", "GET", "/contract/contractId", ZEN_OPF_TEXT,
	  op_contract_contractid,
	  "contract id (72 hex) of a contract address",
	  "Answers text, not JSON, as the reference node does.",
	  { { "address", ZEN_PT_STRING, REQ | POS, "ADDRESS", "contract address" } } },
	{ "contract", "id", NULL, NULL, ZEN_OPF_LOCAL_ONLY,
	  op_contract_id,
	  "contract id and address of a contract source file",
	  "Hashes the source as the node hashes it when the contract is "
	  "activated.  FILE may be - for standard input.",
	  { { "code", ZEN_PT_FILE, REQ | POS, "FILE", "ZF* source file" } } },
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
	    { "mineThreads", ZEN_PT_U32, 0, "N", "mining threads (default: cores)" } } },
	{ NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL, { { NULL, 0, 0, NULL, NULL } } },
};
