(* A token sale with a price oracle.  "SetPrice": the oracle (the holder of
   oracleKey) sets the price of one token in kalapas, a U64 message body
   kept as the contract's state.  "Buy": the ZP handed to the contract
   buys paid / price tokens (the contract's default asset), sent to the
   body's returnAddress; all the ZP stays with the contract. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Crypto = Zen.Crypto
module C = Zen.Cost

let oracleKey = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"

// let! key (2 + 1) 3; match on a pair 2, leaves (Some key, PK pk) 4
// + `_` 1, max(incRet 2 + (=) 2, incRet 2) 4: 11.  Count 14; Zulib
// parsePublicKey 120 + incRet 3: 137.
val isOracle: sender -> bool `cost` 137
let isOracle sender =
  let! key = Crypto.parsePublicKey oracleKey in
  match key, sender with
  | Some key, PK pk -> incRet 3 (key = pk)
  | _ -> incRet 3 false

// let! ok 3; let! price (2 + >!= 2) 4; match: pair 2, leaves
// (true, Some price) 3 + 1, max(if 3 + `U64.gt` 2 + max(@ 2 + record 3 +
// Update 1 + U64 1, failw 1) = 12, failw 1): 18.  Count 25; Zulib
// isOracle 137 + tryU64 2: 164.
val setPrice: txSkeleton -> sender -> option data -> CR.t `cost` 164
let setPrice txSkel sender messageBody =
  let! ok = isOracle sender in
  let! price = messageBody >!= tryU64 in
  match ok, price with
  | true, Some price ->
    if price `U64.gt` 0UL then
      RT.ok @ { tx = txSkel; message = None; state = Update (U64 price) }
    else RT.failw "price must be positive"
  | _ -> RT.failw "only the oracle sets the price"

// >?= 2 + >?= 2 + >!= 2 + tryFind 1 = 7; Zulib tryDict 4 + tryFind 64 +
// tryLock 2 = 70.  77.
val getReturnAddress: option data -> option lock `cost` 77
let getReturnAddress messageBody =
  messageBody >!= tryDict >?= Dict.tryFind "returnAddress" >?= tryLock

// let! price 4, let! returnAddress 3, let! paid (2 args) 4; match: pair
// 2, leaves 4 + 2 + 1, max(let tokens (`U64.div` 2) + if 3 + `U64.gt` 2
// + max(let! token 3 + let! txSkel (2 + >>= 2 + >>= 2 +
// lockToContract 4 + mint 2 + lockToAddress 3) 15 + ofTxSkel 1 = 19,
// incFailw 2) = 26, 2, 2): 35.  Count 46.
// Zulib: tryU64 2 + getReturnAddress 77 + getAvailableTokens 64, then
// the paying branch getDefault 64 + lockToContract 64 + mint 64 +
// lockToAddress 64 + ofTxSkel 3 = 259, which the ERR branches pad.
// 46 + 143 + 259 = 448.
val buy: txSkeleton -> contractId -> option data -> option data
  -> CR.t `cost` 448
let buy txSkel contractId messageBody state =
  let! price = state >!= tryU64 in
  let! returnAddress = getReturnAddress messageBody in
  let! paid = Tx.getAvailableTokens Asset.zenAsset txSkel in
  match price, returnAddress with
  | Some price, Some returnAddress ->
    let tokens = paid `U64.div` price in
    if tokens `U64.gt` 0UL then begin
      let! token = Asset.getDefault contractId in
      let! txSkel =
        Tx.lockToContract Asset.zenAsset paid contractId txSkel
        >>= Tx.mint tokens token
        >>= Tx.lockToAddress token tokens returnAddress in
      CR.ofTxSkel txSkel
    end
    else RT.incFailw 259 "not enough ZP for one token"
  | None, _ -> RT.incFailw 259 "no price yet"
  | _ -> RT.incFailw 259 "returnAddress is required"

// main: match leaves 3 + max(setPrice 3, buy 4, failw 1) = 7.
// "SetPrice" 7 + 164 = 171; "Buy" 7 + 448 = 455; others 7.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> wallet -> option data
  -> CR.t `cost` (match command with
                  | "SetPrice" -> 171
                  | "Buy" -> 455
                  | _ -> 7)
let main txSkel _ contractId command sender messageBody _ state =
  match command with
  | "SetPrice" -> setPrice txSkel sender messageBody
  | "Buy" -> buy txSkel contractId messageBody state
  | _ -> RT.failw "unknown command"

// match leaves 3; |> 2 + cast nat 1 + |> 2: 8
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 8
let cf _ _ command _ _ _ _ =
  (match command with
   | "SetPrice" -> 171
   | "Buy" -> 455
   | _ -> 7)
  |> cast nat
  |> C.ret
