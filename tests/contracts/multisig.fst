(* A 2-of-3 multisig wallet.  "Spend": pays `Amount` kalapas from the
   contract to the lock `To` when at least two of the three keys signed
   SHA3(BE64 nonce || BE64 Amount || lock To) (Sha3.updateLock); the
   signatures are the body's optional "Sig0", "Sig1", "Sig2" (one per
   key), and the state is the nonce (a U64; none means 0), one more after
   every spend. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module Opt = Zen.Option
module Dict = Zen.Dictionary
module L = Zen.List
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Crypto = Zen.Crypto
module Sha3 = Zen.Sha3
module Wallet = Zen.Wallet
module C = Zen.Cost

let key0 = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
let key1 = "02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5"
let key2 = "02f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9"

// 3 * >>= 6 + updateU64 2 + updateU64 1 + updateLock 1 = 10; Zulib
// updateU64 48 * 2 + updateLock 293 + finalize 20 = 409.  419.
val messageHash: U64.t -> U64.t -> lock -> hash `cost` 419
let messageHash nonce amount recipient =
  Sha3.updateU64 nonce Sha3.empty
  >>= Sha3.updateU64 amount
  >>= Sha3.updateLock recipient
  >>= Sha3.finalize

// let! dict 4; let! amount 7; let! recipient 7; let! nonce 4; let nonce
// 2; match: triple 3, leaves 3 * 2 + 1, max(let! msg (3 args) 5 + let
// signers (list of 3: 6 + 3 pairs: 6) 12 + let! valid (|> 2 + mapT 1) 5
// + let! count (foldT 3) 5 + if 3 + (>= 2) + max(let! txSkel 7 + match
// (leaves 2 + 1, max(>>= 2 + >>= 2 + lockToAddress 4 + setStateUpdate 1
// + U64 1 + `U64.add_mod` 2, 2)) 15 = 22, incFailw 7) = 27 = 54,
// incFailw 7): 64.  Count 88.
// The mapT callback: let! key 3 + let! signature (2 + >?= 2 + tryFind 2)
// 6 + match (pair 2, leaves 2 * 2 + 1, max(verify 3, incRet 2)) 10 =
// 19; Zulib parsePublicKey 120 + tryFind 64 + trySignature 2 + (verify
// 800, or incRet 800) = 986: n = 1005, mapT = 3 * (1005 + 2) + 2 =
// 3023.  The foldT callback: ret 1 + if 3 + max((+) 2, 0) = 6: foldT =
// 3 * (6 + 4) + 4 = 34.
// Zulib: tryDict 4 + 2 * (tryFind 64 + try* 2) + tryU64 2 = 138; the
// signed branch: messageHash 419 + mapT 3023 + foldT 34 + fromWallet
// (192 + 128 s) + (lockToAddress 64 + ofTxSkel 3 + setStateUpdate 3, or
// incFailw 70) = 3738 + 128 s, which the ERR branches pad.
// 88 + 138 + 3738 + 128 s = 3964 + 128 s.
val spend: txSkeleton -> contractId -> w:wallet -> option data
  -> option data -> CR.t `cost` (3964 + Wallet.size w * 128)
let spend txSkel contractId wallet messageBody state =
  let! dict = messageBody >!= tryDict in
  let! amount = dict >!= Dict.tryFind "Amount" >?= tryU64 in
  let! recipient = dict >!= Dict.tryFind "To" >?= tryLock in
  let! nonce = state >!= tryU64 in
  let nonce = Opt.fromOption 0UL nonce in
  match dict, amount, recipient with
  | Some dict, Some amount, Some recipient -> begin
    let! msg = messageHash nonce amount recipient in
    let signers = [ (key0, "Sig0"); (key1, "Sig1"); (key2, "Sig2") ] in
    let! valid =
      signers
      |> L.mapT (fun (keyHex, field) ->
           let! key = Crypto.parsePublicKey keyHex in
           let! signature = Dict.tryFind field dict >?= trySignature in
           match key, signature with
           | Some key, Some signature -> Crypto.verify key signature msg
           | _ -> incRet 800 false) in
    let! count = L.foldT (fun n ok -> ret (if ok then n + 1 else n)) 0 valid in
    if count >= 2 then begin
      let! txSkel =
        Tx.fromWallet Asset.zenAsset amount contractId wallet txSkel in
      match txSkel with
      | Some txSkel ->
        Tx.lockToAddress Asset.zenAsset amount recipient txSkel
        >>= CR.ofTxSkel
        >>= CR.setStateUpdate (U64 (nonce `U64.add_mod` 1UL))
      | None -> RT.incFailw 70 "not enough ZP in the contract"
    end
    else RT.incFailw (262 + Wallet.size wallet * 128)
           "two signatures are required"
    end
  | _ -> RT.incFailw (3738 + Wallet.size wallet * 128)
           "Amount and To are required"

// match leaves 2 + max(spend 5, failw 1) = 7.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "Spend" -> 3971 + Wallet.size w * 128
                  | _ -> 7)
let main txSkel _ contractId command _ messageBody wallet state =
  match command with
  | "Spend" -> spend txSkel contractId wallet messageBody state
  | _ -> RT.failw "unknown command"

// match leaves 2 + max(5, 0) = 7; |> cast nat |> C.ret 5.  12.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 12
let cf _ _ command _ _ wallet _ =
  (match command with
   | "Spend" -> 3971 + Wallet.size wallet * 128
   | _ -> 7)
  |> cast nat
  |> C.ret
