(* An authenticated supply.  "Issue": mints `Amount` tokens (the contract's
   default asset) to `returnAddress` when `Signature` is the authority's
   signature over SHA3(BE64 nonce || BE64 Amount); the nonce is the state
   (a U64, 0 when there is none) and goes up by one with every issue, so a
   signature is good once.  "Destroy" (signed by the authority's key, the
   sender): destroys every token of the contract handed to it. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module Opt = Zen.Option
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Crypto = Zen.Crypto
module Sha3 = Zen.Hash.Sha3
module C = Zen.Cost

let authorityKey = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"

// two let! (2 + 2 args) 8 + finalize 1: 9.  Zulib 2 * updateU64 48
// + finalize 20 = 116.  125.
val messageHash: U64.t -> U64.t -> hash `cost` 125
let messageHash nonce amount =
  let! s = Sha3.updateU64 nonce Sha3.empty in
  let! s = Sha3.updateU64 amount s in
  Sha3.finalize s

// let! key 3; let! msg (2 args) 4; match: leaves Some key 2 + None 1,
// max(verify 3, incRet 2) 6.  Count 13; Zulib parsePublicKey 120 +
// messageHash 125 + (verify 800, or incRet 800) = 1045.  1058.
val isAuthorized: U64.t -> U64.t -> signature -> bool `cost` 1058
let isAuthorized nonce amount signature =
  let! key = Crypto.parsePublicKey authorityKey in
  let! msg = messageHash nonce amount in
  match key with
  | Some key -> Crypto.verify key signature msg
  | None -> incRet 800 false

// let! dict 4; three let! (>!= 2 + >?= 2 + tryFind 1) 21; let! nonce 4;
// let nonce (fromOption 2) 2; match: triple 3, leaves 3 * 2 + 1, max(let!
// ok (3 args) 5 + if 3 + (&& 2 + `U64.gt` 2) 4 + max(let! token 3 + let!
// txSkel (2 + >>= 2 + mint 3 + lockToAddress 3) 10 + (>>= 2 + ofTxSkel 1
// + setStateUpdate 1 + U64 1 + `U64.add_mod` 2) 7 = 20, incFailw 2) =
// 27: 32, incFailw 2): 42.  Count 73.
// Zulib: tryDict 4 + 3 * (tryFind 64 + try* 2) + tryU64 2 = 204; the
// signed branch: isAuthorized 1058 + (getDefault 64 + mint 64 +
// lockToAddress 64 + ofTxSkel 3 + setStateUpdate 3, or incFailw 198) =
// 1256, which the ERR branch pads.  73 + 204 + 1256 = 1533.
val issue: txSkeleton -> contractId -> option data -> option data
  -> CR.t `cost` 1533
let issue txSkel contractId messageBody state =
  let! dict = messageBody >!= tryDict in
  let! amount = dict >!= Dict.tryFind "Amount" >?= tryU64 in
  let! returnAddress = dict >!= Dict.tryFind "returnAddress" >?= tryLock in
  let! signature = dict >!= Dict.tryFind "Signature" >?= trySignature in
  let! nonce = state >!= tryU64 in
  let nonce = Opt.fromOption 0UL nonce in
  match amount, returnAddress, signature with
  | Some amount, Some returnAddress, Some signature -> begin
    let! ok = isAuthorized nonce amount signature in
    if ok && amount `U64.gt` 0UL then begin
      let! token = Asset.getDefault contractId in
      let! txSkel =
        Tx.mint amount token txSkel
        >>= Tx.lockToAddress token amount returnAddress in
      CR.ofTxSkel txSkel
      >>= CR.setStateUpdate (U64 (nonce `U64.add_mod` 1UL))
    end
    else RT.incFailw 198 "not authorized"
    end
  | _ -> RT.incFailw 1256 "Amount, returnAddress and Signature are required"

// let! key 3; match: pair 2, leaves (Some key 2, PK pk 2) 4 + 1,
// max(incRet 2 + (=) 2, 2) 4: 11.  Count 14; Zulib parsePublicKey 120 +
// incRet 3.  137.
val isAuthority: sender -> bool `cost` 137
let isAuthority sender =
  let! key = Crypto.parsePublicKey authorityKey in
  match key, sender with
  | Some key, PK pk -> incRet 3 (key = pk)
  | _ -> incRet 3 false

// let! ok 3; let! token 3; let! amount 4; if 3 + (not 1) + max(incFailw
// 2, if 3 + `U64.gt` 2 + max(>>= 2 + destroy 3, incFailw 2) 5 = 10) =
// 14.  Count 24; Zulib isAuthority 137 + getDefault 64 +
// getAvailableTokens 64 + (destroy 64 + ofTxSkel 3, or incFailw 67) =
// 332.  356.
val destroy: txSkeleton -> contractId -> sender -> CR.t `cost` 356
let destroy txSkel contractId sender =
  let! ok = isAuthority sender in
  let! token = Asset.getDefault contractId in
  let! amount = Tx.getAvailableTokens token txSkel in
  if not ok then RT.incFailw 67 "only the authority destroys tokens"
  else if amount `U64.gt` 0UL then
    Tx.destroy amount token txSkel >>= CR.ofTxSkel
  else RT.incFailw 67 "nothing to destroy"

// match leaves 3 + max(issue 4, destroy 3, failw 1) = 7.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> wallet -> option data
  -> CR.t `cost` (match command with
                  | "Issue" -> 1540
                  | "Destroy" -> 363
                  | _ -> 7)
let main txSkel _ contractId command sender messageBody _ state =
  match command with
  | "Issue" -> issue txSkel contractId messageBody state
  | "Destroy" -> destroy txSkel contractId sender
  | _ -> RT.failw "unknown command"

val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 8
let cf _ _ command _ _ _ _ =
  (match command with
   | "Issue" -> 1540
   | "Destroy" -> 363
   | _ -> 7)
  |> cast nat
  |> C.ret
