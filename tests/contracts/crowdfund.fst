(* A crowdfund with refunds.  "Pledge" (before deadline): the ZP handed
   over is locked to the contract and the backer's returnAddress gets as
   many "pledge" tokens; the state is the total raised (U64).  "Claim"
   (from the deadline on, if the goal was reached): the owner's key takes
   the total.  "Refund" (from the deadline on, if it was not): the pledge
   tokens handed over are destroyed and as many kalapas go back to
   returnAddress. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module Opt = Zen.Option
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U32 = FStar.UInt32
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Crypto = Zen.Crypto
module Wallet = Zen.Wallet
module C = Zen.Cost

let ownerKey = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
let goal : U64.t = 1000UL
let deadline : U32.t = 50ul

// >?= 2 + >?= 2 + >!= 2 + tryFind 1 = 7; Zulib 4 + 64 + 2.  77.
val getReturnAddress: option data -> option lock `cost` 77
let getReturnAddress messageBody =
  messageBody >!= tryDict >?= Dict.tryFind "returnAddress" >?= tryLock

// let! returnAddress 3; let! raised 4; let raised 2; let! amount 4; let!
// token 4; match: leaves 2 + 1, max(if 3 + (&& 2 + `U64.gt` 2 + `U32.lt`
// 2 + projection 1) 7 + max(4 * >>= 8 + lockToContract 4 + mint 2 +
// lockToAddress 3 + setStateUpdate 1 + U64 1 + `U64.add_mod` 2 = 21,
// incFailw 2) = 31, incFailw 2): 34.  Count 51.
// Zulib: getReturnAddress 77 + tryU64 2 + getAvailableTokens 64 +
// fromSubtypeString 64 = 207; lockToContract 64 + mint 64 +
// lockToAddress 64 + ofTxSkel 3 + setStateUpdate 3 = 198, which the ERR
// branches pad.  51 + 207 + 198 = 456.
val pledge: txSkeleton -> context -> contractId -> option data
  -> option data -> CR.t `cost` 456
let pledge txSkel context contractId messageBody state =
  let! returnAddress = getReturnAddress messageBody in
  let! raised = state >!= tryU64 in
  let raised = Opt.fromOption 0UL raised in
  let! amount = Tx.getAvailableTokens Asset.zenAsset txSkel in
  let! token = Asset.fromSubtypeString contractId "pledge" in
  match returnAddress with
  | Some returnAddress ->
    if amount `U64.gt` 0UL && context.blockNumber `U32.lt` deadline then
      Tx.lockToContract Asset.zenAsset amount contractId txSkel
      >>= Tx.mint amount token
      >>= Tx.lockToAddress token amount returnAddress
      >>= CR.ofTxSkel
      >>= CR.setStateUpdate (U64 (raised `U64.add_mod` amount))
    else RT.incFailw 198 "nothing pledged or too late"
  | None -> RT.incFailw 198 "returnAddress is required"

// let! owner 3; let! raised 4; match: triple 3, leaves 3 * 2 + 1, max(if
// 3 + (&& 2 + && 2 + = 2 + `U64.gte` 2 + `U32.gte` 2 + projection 1) 11
// + max(let! txSkel 7 + match (leaves 2 + 1, max(>>= 2 + >>= 2 +
// lockToPublicKey 4, 2)) 11 = 18, incFailw 7) = 32, incFailw 7): 42.
// Count 49.  Zulib parsePublicKey 120 + tryU64 2 = 122; the claiming
// branch: fromWallet (192 + 128 s) + (lockToPublicKey 610 + ofTxSkel 3 +
// setStateDelete 3, or incFailw 616) = 808 + 128 s.
// 49 + 122 + 808 + 128 s = 979 + 128 s.
val claim: txSkeleton -> context -> contractId -> sender -> w:wallet
  -> option data -> CR.t `cost` (979 + Wallet.size w * 128)
let claim txSkel context contractId sender wallet state =
  let! owner = Crypto.parsePublicKey ownerKey in
  let! raised = state >!= tryU64 in
  match owner, sender, raised with
  | Some owner, PK pk, Some raised ->
    if pk = owner && raised `U64.gte` goal
       && context.blockNumber `U32.gte` deadline then begin
      let! txSkel =
        Tx.fromWallet Asset.zenAsset raised contractId wallet txSkel in
      match txSkel with
      | Some txSkel ->
        Tx.lockToPublicKey Asset.zenAsset raised pk txSkel
        >>= CR.ofTxSkel
        >>= CR.setStateDelete
      | None -> RT.incFailw 616 "not enough ZP in the contract"
    end
    else RT.incFailw (808 + Wallet.size wallet * 128)
           "only the owner claims a funded campaign after the deadline"
  | _ -> RT.incFailw (808 + Wallet.size wallet * 128) "nothing to claim"

// let! returnAddress 3; let! raised 4; let! token 4; let! amount 4;
// match: pair 2, leaves 2 * 2 + 1, max(if 3 + (&& 2 + && 2 + `U64.lt` 2
// + `U32.gte` 2 + projection 1 + `U64.gt` 2) 11 + max(let! txSkel (2 +
// >>= 2 + destroy 3 + fromWallet 4) 11 + match (leaves 2 + 1, max(>>= 2
// + >>= 2 + lockToAddress 4 + setStateUpdate 1 + U64 1 + `U64.sub_mod`
// 2, 2)) 15 = 26, incFailw 7) = 40, incFailw 7): 47.  Count 62.
// Zulib: getReturnAddress 77 + tryU64 2 + fromSubtypeString 64 +
// getAvailableTokens 64 = 207; the refund: destroy 64 + fromWallet (192
// + 128 s) + (lockToAddress 64 + ofTxSkel 3 + setStateUpdate 3, or
// incFailw 70) = 326 + 128 s.  62 + 207 + 326 + 128 s = 595 + 128 s.
val refund: txSkeleton -> context -> contractId -> w:wallet -> option data
  -> option data -> CR.t `cost` (595 + Wallet.size w * 128)
let refund txSkel context contractId wallet messageBody state =
  let! returnAddress = getReturnAddress messageBody in
  let! raised = state >!= tryU64 in
  let! token = Asset.fromSubtypeString contractId "pledge" in
  let! amount = Tx.getAvailableTokens token txSkel in
  match returnAddress, raised with
  | Some returnAddress, Some raised ->
    if raised `U64.lt` goal && context.blockNumber `U32.gte` deadline
       && amount `U64.gt` 0UL then begin
      let! txSkel =
        Tx.destroy amount token txSkel
        >>= Tx.fromWallet Asset.zenAsset amount contractId wallet in
      match txSkel with
      | Some txSkel ->
        Tx.lockToAddress Asset.zenAsset amount returnAddress txSkel
        >>= CR.ofTxSkel
        >>= CR.setStateUpdate (U64 (raised `U64.sub_mod` amount))
      | None -> RT.incFailw 70 "not enough ZP in the contract"
    end
    else RT.incFailw (326 + Wallet.size wallet * 128)
           "no refunds for this campaign"
  | _ -> RT.incFailw (326 + Wallet.size wallet * 128)
           "returnAddress and a campaign are required"

// match leaves 4 + max(pledge 5, claim 6, refund 6, failw 1) = 10.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "Pledge" -> 466
                  | "Claim" -> 989 + Wallet.size w * 128
                  | "Refund" -> 605 + Wallet.size w * 128
                  | _ -> 10)
let main txSkel context contractId command sender messageBody wallet state =
  match command with
  | "Pledge" -> pledge txSkel context contractId messageBody state
  | "Claim" -> claim txSkel context contractId sender wallet state
  | "Refund" -> refund txSkel context contractId wallet messageBody state
  | _ -> RT.failw "unknown command"

// match leaves 4 + max(0, 5, 5, 0) = 9; |> cast nat |> C.ret 5.  14.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 14
let cf _ _ command _ _ wallet _ =
  (match command with
   | "Pledge" -> 466
   | "Claim" -> 989 + Wallet.size wallet * 128
   | "Refund" -> 605 + Wallet.size wallet * 128
   | _ -> 10)
  |> cast nat
  |> C.ret
