(* A raffle of four seats.  "Enter": a ticket costs exactly ticketPrice
   kalapas, locked to the contract; the body is the player's lock, put in
   front of the state (the list of entries).  "Draw" (the operator, with
   a U64 seed as the body, once the four seats are taken): the winner is
   the entry at index (first byte of SHA3(BE64 seed)) mod 4, taken from
   an array of the entries; the prize comes from the contract's wallet
   and the state is deleted. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module A = Zen.Array
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U8 = FStar.UInt8
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Crypto = Zen.Crypto
module Sha3 = Zen.Sha3
module Wallet = Zen.Wallet
module C = Zen.Cost

let operatorKey = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
let ticketPrice : U64.t = 10UL
let prize : U64.t = 40UL

// as in token-sale.fst.  137.
val isOperator: sender -> bool `cost` 137
let isOperator sender =
  let! key = Crypto.parsePublicKey operatorKey in
  match key, sender with
  | Some key, PK pk -> incRet 3 (key = pk)
  | _ -> incRet 3 false

// let! player 4; let! paid 4; let entries (match leaves 4 + 1) 5; match:
// leaves 3, max(if 3 + (&& 2 + = 2 + < 2 + length 1) 7 + max(>>= 2 +
// >>= 2 + lockToContract 4 + setStateUpdate 1 + Collection 1 + List 1 +
// (::) 2 + Lock 1 = 14, incFailw 2) = 24, incFailw 2): 27.  Count 40.
// Zulib tryLock 2 + getAvailableTokens 64 + (lockToContract 64 +
// ofTxSkel 3 + setStateUpdate 3, or incFailw 70).  176.
val enter: txSkeleton -> contractId -> option data -> option data
  -> CR.t `cost` 176
let enter txSkel contractId messageBody state =
  let! player = messageBody >!= tryLock in
  let! paid = Tx.getAvailableTokens Asset.zenAsset txSkel in
  let entries = match state with | Some (Collection (List l)) -> l | _ -> [] in
  match player with
  | Some player ->
    if paid = ticketPrice && length entries < 4 then
      Tx.lockToContract Asset.zenAsset paid contractId txSkel
      >>= CR.ofTxSkel
      >>= CR.setStateUpdate (Collection (List (Lock player :: entries)))
    else RT.incFailw 70 "pay exactly the ticket price while there are seats"
  | None -> RT.incFailw 70 "the body must be a lock"

// let! ok 3; match: triple 3, leaves (true 1, Some (U64 seed) 3, Some
// (Collection (List [4 locks])) 3 + 8) 15 + 1, max(let! h (2 + >>= 2 +
// updateU64 2) 6 + let! tickets (ofList 1 + list of 4: 8) 11 + let
// winner (item 2 + (%) 2 + U8.v 1 + item 2) 7 + let! txSkel 7 + match
// (leaves 3, max(>>= 2 + >>= 2 + lockToAddress 4, 2)) 11 = 42, incFailw
// 2 + (+) 2 + (*) 2 + size 1 = 7): 61.  Count 64.
// Zulib isOperator 137; the drawing branch: updateU64 48 + finalize 20 +
// ofList (4 * 2 + 2) 10 + fromWallet (192 + 128 s) + (lockToAddress 64 +
// ofTxSkel 3 + setStateDelete 3, or incFailw 70) = 340 + 128 s, which
// the ERR branch pads.  64 + 137 + 340 + 128 s = 541 + 128 s.
val draw: txSkeleton -> contractId -> sender -> w:wallet -> option data
  -> option data -> CR.t `cost` (541 + Wallet.size w * 128)
let draw txSkel contractId sender wallet messageBody state =
  let! ok = isOperator sender in
  match ok, messageBody, state with
  | true, Some (U64 seed),
    Some (Collection (List [ Lock a; Lock b; Lock c; Lock d ])) -> begin
    let! h = Sha3.updateU64 seed Sha3.empty >>= Sha3.finalize in
    let! tickets = A.ofList [ a; b; c; d ] in
    let winner = A.item (U8.v (A.item 0 h) % 4) tickets in
    let! txSkel =
      Tx.fromWallet Asset.zenAsset prize contractId wallet txSkel in
    match txSkel with
    | Some txSkel ->
      Tx.lockToAddress Asset.zenAsset prize winner txSkel
      >>= CR.ofTxSkel
      >>= CR.setStateDelete
    | None -> RT.incFailw 70 "not enough ZP in the contract"
    end
  | _ -> RT.incFailw (340 + Wallet.size wallet * 128)
           "the operator draws a full raffle with a U64 seed"

// match leaves 3 + max(enter 4, draw 6, failw 1) = 9.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "Enter" -> 185
                  | "Draw" -> 550 + Wallet.size w * 128
                  | _ -> 9)
let main txSkel _ contractId command sender messageBody wallet state =
  match command with
  | "Enter" -> enter txSkel contractId messageBody state
  | "Draw" -> draw txSkel contractId sender wallet messageBody state
  | _ -> RT.failw "unknown command"

// match leaves 3 + max(0, 5, 0) = 8; |> cast nat |> C.ret 5.  13.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 13
let cf _ _ command _ _ wallet _ =
  (match command with
   | "Enter" -> 185
   | "Draw" -> 550 + Wallet.size wallet * 128
   | _ -> 9)
  |> cast nat
  |> C.ret
