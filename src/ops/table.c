/*
 * table.c - THE operation table.  Add an operation here and the CLI, the
 * HTTP server, the remote client, --help, zen(1) and the completions all
 * know it.  Groups appear in help in the order of their first row.
 */
#include "ops/handlers.h"

#define REQ ZEN_PF_REQUIRED
#define POS ZEN_PF_POSITIONAL

const struct zen_op zen_ops[] = {
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
	    { "threads", ZEN_PT_U32, 0, "N", "worker threads (default: cores)" } } },
	{ NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL, { { NULL, 0, 0, NULL, NULL } } },
};
