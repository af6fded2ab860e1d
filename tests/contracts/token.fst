(* A token sold for ZP at a fixed rate: "buy" mints, "redeem" pays back. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module U64 = FStar.UInt64
module CR = Zen.ContractResult
module Asset = Zen.Asset
module Wallet = Zen.Wallet
module C = Zen.Cost

let rate : U64.t = 1000UL

let getReturnAddress (dict: option (Dict.t data)) =
  dict >!= Dict.tryFind "returnAddress" >?= tryLock

let buy txSkel contractId returnAddress =
  let! tokens = Tx.getAvailableTokens Asset.zenAsset txSkel in
  let! contractToken = Asset.getDefault contractId in
  let amount = tokens `U64.mul_mod` rate in
  let! txSkel =
    Tx.lockToContract Asset.zenAsset tokens contractId txSkel
    >>= Tx.mint amount contractToken
    >>= Tx.lockToAddress contractToken amount returnAddress in
  CR.ofTxSkel txSkel

let redeem txSkel contractId returnAddress wallet =
  let! contractToken = Asset.getDefault contractId in
  let! tokens = Tx.getAvailableTokens contractToken txSkel in
  let amount = tokens `U64.div` rate in
  let! txSkel =
    Tx.destroy tokens contractToken txSkel
    >>= Tx.fromWallet Asset.zenAsset amount contractId wallet in
  match txSkel with
  | Some txSkel ->
    let! txSkel = Tx.lockToAddress Asset.zenAsset amount returnAddress txSkel in
    CR.ofTxSkel txSkel
  | None -> RT.incFailw 67 "contract does not have enough zens"

let main txSkel context contractId command sender messageBody wallet state =
  let! dict = messageBody >!= tryDict in
  let! returnAddress = getReturnAddress dict in
  match returnAddress with
  | Some returnAddress ->
    if command = "buy" then
      buy txSkel contractId returnAddress
      |> autoInc
    else if command = "redeem" then
      redeem txSkel contractId returnAddress wallet
      |> autoInc
    else
      RT.autoFailw "unsupported command"
  | None -> RT.autoFailw "returnAddress is required"

// main's cost, s = Wallet.size wallet (contracts.md 1.10, 4).
// main's body: let! dict = mb >!= tryDict 2 + 2 = 4; let! ra =
//   getReturnAddress dict 3; match: leaves Some x 2 + None 1 = 3, + max:
//   if 3 + (= 2) + max(buy .. |> autoInc 2 + 3, if 3 + 2 + max(redeem
//   .. |> autoInc 2 + 4, 1)) = 16 -> 19.  Total 26; Zulib tryDict 4.
// getReturnAddress: >?= 2 + >!= 2 + tryFind "k" 1 = 5; Zulib
//   tryFind 64 + tryLock 2.  Prefix of every path: 26 + 4 + 71 = 101.
// buy: let! 2+2 = 4, let! 2+1 = 3, let amount = `U64.mul_mod` 2,
//   let! txSkel = (lockToContract 4 >>= mint 2 >>= lockToAddress 3,
//   two >>= 4) 2 + 13 = 15, CR.ofTxSkel 1: 25; Zulib
//   getAvailableTokens, getDefault, lockToContract, mint,
//   lockToAddress 5 * 64 + ofTxSkel 3 = 323.  "buy": 101 + 348 = 449.
// redeem: let! 3, let! 4, let amount = `U64.div` 2, let! txSkel =
//   destroy 3 >>= (2) fromWallet 4: 2 + 9 = 11; match: leaves Some x 2
//   + None 1 = 3 + max(let! 2 + lockToAddress 4 + CR.ofTxSkel 1 = 7,
//   incFailw 2) = 10: 30; Zulib getDefault 64 + getAvailableTokens 64
//   + destroy 64 + fromWallet (128 s + 192) + (lockToAddress 64 +
//   ofTxSkel 3, or incFailw 67) = 451 + 128 s.
//   "redeem": 101 + 30 + 451 + 128 s = 582 + 128 s.
// other commands: 101 (autoFailw: 0).
let cf txSkel context command sender messageBody wallet state =
  match command with
  | "buy" -> C.ret (449 <: nat)
  | "redeem" -> C.ret (582 + Wallet.size wallet * 128 <: nat)
  | _ -> C.ret (101 <: nat)
