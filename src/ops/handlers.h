/* handlers.h - the handlers named by the operation table (table.c). */
#ifndef ZEN_HANDLERS_H
#define ZEN_HANDLERS_H

#include "ops/op.h"

int op_address_decode(struct zen_call *call);
int op_network_connections(struct zen_call *call);
int op_status(struct zen_call *call);
int op_wallet_unlock_session(struct zen_call *call);
int op_wallet_lock(struct zen_call *call);
int op_status_readable(struct zen_buf *out, const json_t *result);
int op_network_peers(struct zen_call *call);
int op_network_banned(struct zen_call *call);
int op_network_ban(struct zen_call *call);
int op_network_unban(struct zen_call *call);
int op_blockchain_info_readable(struct zen_buf *out, const json_t *result);
int op_wallet_addressoutputs(struct zen_call *call);
int op_contract_contractid(struct zen_call *call);
int op_contract_id(struct zen_call *call);
int op_contract_check(struct zen_call *call);
int op_contract_cost(struct zen_call *call);
int op_contract_run(struct zen_call *call);
int op_contract_active(struct zen_call *call);
int op_contract_activate(struct zen_call *call);
int op_contract_extend(struct zen_call *call);
int op_contract_execute(struct zen_call *call);
int op_blockchain_contractexecute(struct zen_call *call);
int op_blockchain_blockreward(struct zen_call *call);
int op_blockchain_totalzp(struct zen_call *call);
int op_blockchain_info(struct zen_call *call);
int op_blockchain_headers(struct zen_call *call);
int op_blockchain_block(struct zen_call *call);
int op_blockchain_blocks(struct zen_call *call);
int op_blockchain_transaction(struct zen_call *call);
int op_blockchain_mempool(struct zen_call *call);
int op_blockchain_publishblock(struct zen_call *call);
int op_blockchain_submitheader(struct zen_call *call);
int op_blockchain_publishtransaction(struct zen_call *call);
int op_blockchain_blocktemplate(struct zen_call *call);
int op_blockchain_mine(struct zen_call *call);
/* op_cgp.c */
int op_blockchain_cgp(struct zen_call *call);
int op_blockchain_cgphistory(struct zen_call *call);
int op_blockchain_contractcgp(struct zen_call *call);
int op_blockchain_winner(struct zen_call *call);
int op_blockchain_candidates(struct zen_call *call);
int op_node_verify(struct zen_call *call);
int op_node_metrics(struct zen_call *call);
/* op_addressdb.c */
int op_address_balance(struct zen_call *call);
int op_address_outputs(struct zen_call *call);
int op_address_transactions(struct zen_call *call);
int op_address_transactionsbyblock(struct zen_call *call);
int op_address_transactioncount(struct zen_call *call);
int op_address_discovery(struct zen_call *call);
int op_address_contracthistory(struct zen_call *call);
int op_address_contracthistorybyblock(struct zen_call *call);
int op_address_mint(struct zen_call *call);
int op_address_contractinfo(struct zen_call *call);
int op_address_resync(struct zen_call *call);
int op_tx_decode(struct zen_call *call);
int op_block_decode(struct zen_call *call);

int op_wallet_exists(struct zen_call *call);
int op_wallet_create(struct zen_call *call);
int op_wallet_import(struct zen_call *call);
int op_wallet_remove(struct zen_call *call);
int op_wallet_checkpassword(struct zen_call *call);
int op_wallet_changepassword(struct zen_call *call);
int op_wallet_mnemonicphrase(struct zen_call *call);
int op_wallet_address(struct zen_call *call);
int op_wallet_getnewaddress(struct zen_call *call);
int op_wallet_balance(struct zen_call *call);
int op_wallet_addressbalance(struct zen_call *call);
int op_wallet_transactioncount(struct zen_call *call);
int op_wallet_transactions(struct zen_call *call);
int op_wallet_utxo(struct zen_call *call);
int op_wallet_receivedbyaddress(struct zen_call *call);
int op_wallet_keys(struct zen_call *call);
int op_wallet_publickey(struct zen_call *call);
int op_wallet_zenpublickey(struct zen_call *call);
int op_wallet_importzenpublickey(struct zen_call *call);
int op_wallet_importwatchonlyaddress(struct zen_call *call);
int op_wallet_restorenewaddresses(struct zen_call *call);
int op_wallet_sign(struct zen_call *call);
int op_wallet_resync(struct zen_call *call);
int op_wallet_send(struct zen_call *call);
int op_wallet_createtransaction(struct zen_call *call);
/* op_vote.c */
int op_wallet_vote(struct zen_call *call);
int op_wallet_vote_allocation(struct zen_call *call);
int op_wallet_vote_payout(struct zen_call *call);
int op_wallet_vote_nominate(struct zen_call *call);
int op_contract_cgp(struct zen_call *call);
/* The readable form of op_wallet_vote's reply (op.h, readable). */
int op_vote_readable(struct zen_buf *out, const json_t *result);
int op_rawtx_create(struct zen_call *call);
int op_rawtx_sign(struct zen_call *call);
int op_rawtx_publish(struct zen_call *call);

#endif
