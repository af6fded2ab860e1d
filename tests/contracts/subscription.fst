(* Subscriptions sold by the block at pricePerBlock kalapas.
   "Subscribe": the ZP handed over pays for paid / pricePerBlock blocks
   (1 to 99999); the subscriber's returnAddress gets one pass, the token
   whose subtype is the expiry block (Asset.fromSubtypeInt).  "Check": a
   pass handed over with {Expiry: U32; returnAddress: Lock} is valid while
   Expiry >= the block number; it goes back to returnAddress. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U32 = FStar.UInt32
module U64 = FStar.UInt64
module Asset = Zen.Asset
module C = Zen.Cost

let pricePerBlock : U64.t = 10UL

// let! returnAddress (2 + >!= 2 + >?= 2 + >?= 2 + tryFind 1) 9; let!
// paid 4; let blocks (`U64.div` 2) 2; match: leaves 3, max(if 3 + (&& 2
// + `U64.gt` 2 + `U64.lt` 2) 6 + max(let expiry (backtick 2 +
// projection 1 + uint_to_t 1 + U64.v 1) 5 + let! pass 4 + let! txSkel
// (2 + >>= 2 + >>= 2 + lockToContract 4 + mint 2 + lockToAddress 3)
// 15 + ofTxSkel 1 = 25, incFailw 2) = 34, incFailw 2): 37.  Count 52.
// Zulib: tryDict 4 + tryFind 64 + tryLock 2 + getAvailableTokens 64 =
// 134; the selling branch: fromSubtypeInt 64 + lockToContract 64 + mint
// 64 + lockToAddress 64 + ofTxSkel 3 = 259, which the ERR branches pad.
// 52 + 134 + 259 = 445.
val subscribe: txSkeleton -> context -> contractId -> option data
  -> CR.t `cost` 445
let subscribe txSkel context contractId messageBody =
  let! returnAddress =
    messageBody >!= tryDict >?= Dict.tryFind "returnAddress" >?= tryLock in
  let! paid = Tx.getAvailableTokens Asset.zenAsset txSkel in
  let blocks = paid `U64.div` pricePerBlock in
  match returnAddress with
  | Some returnAddress ->
    if blocks `U64.gt` 0UL && blocks `U64.lt` 100000UL then begin
      let expiry =
        context.blockNumber `U32.add_mod` U32.uint_to_t (U64.v blocks) in
      let! pass = Asset.fromSubtypeInt contractId expiry in
      let! txSkel =
        Tx.lockToContract Asset.zenAsset paid contractId txSkel
        >>= Tx.mint 1UL pass
        >>= Tx.lockToAddress pass 1UL returnAddress in
      CR.ofTxSkel txSkel
    end
    else RT.incFailw 259 "pay for 1 to 99999 blocks"
  | None -> RT.incFailw 259 "returnAddress is required"

// let! dict 4; let! expiry 7; let! returnAddress 7; match: pair 2,
// leaves 4 + 1, max(let! pass 4 + let! held 4 + if 3 + (&& 2 +
// `U64.gte` 2 + `U32.gte` 2 + projection 1) 7 + max(>>= 2 +
// lockToAddress 4, incFailw 2) 6 = 24, incFailw 2): 31.  Count 49.
// Zulib: tryDict 4 + 2 * (tryFind 64 + try* 2) = 136; the pass branch:
// fromSubtypeInt 64 + getAvailableTokens 64 + (lockToAddress 64 +
// ofTxSkel 3, or incFailw 67) = 195, which the ERR branch pads.
// 49 + 136 + 195 = 380.
val check: txSkeleton -> context -> contractId -> option data
  -> CR.t `cost` 380
let check txSkel context contractId messageBody =
  let! dict = messageBody >!= tryDict in
  let! expiry = dict >!= Dict.tryFind "Expiry" >?= tryU32 in
  let! returnAddress = dict >!= Dict.tryFind "returnAddress" >?= tryLock in
  match expiry, returnAddress with
  | Some expiry, Some returnAddress -> begin
    let! pass = Asset.fromSubtypeInt contractId expiry in
    let! held = Tx.getAvailableTokens pass txSkel in
    if held `U64.gte` 1UL && expiry `U32.gte` context.blockNumber then
      Tx.lockToAddress pass held returnAddress txSkel >>= CR.ofTxSkel
    else RT.incFailw 67 "no valid pass"
    end
  | _ -> RT.incFailw 195 "Expiry and returnAddress are required"

// match leaves 3 + max(subscribe 4, check 4, failw 1) = 7.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> wallet -> option data
  -> CR.t `cost` (match command with
                  | "Subscribe" -> 452
                  | "Check" -> 387
                  | _ -> 7)
let main txSkel context contractId command _ messageBody _ _ =
  match command with
  | "Subscribe" -> subscribe txSkel context contractId messageBody
  | "Check" -> check txSkel context contractId messageBody
  | _ -> RT.failw "unknown command"

val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 8
let cf _ _ command _ _ _ _ =
  (match command with
   | "Subscribe" -> 452
   | "Check" -> 387
   | _ -> 7)
  |> cast nat
  |> C.ret
