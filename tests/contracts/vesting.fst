(* A vesting schedule: `vestingTotal` kalapas vest linearly to the beneficiary's
   key between startBlock and startBlock + duration.  "Fund": the ZP
   handed over goes to the contract.  "Claim" (the beneficiary): pays
   what has vested and was not claimed yet; the state is the amount
   claimed so far (a U64; none means 0). *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module Opt = Zen.Option
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U32 = FStar.UInt32
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Crypto = Zen.Crypto
module Wallet = Zen.Wallet
module C = Zen.Cost

let beneficiaryKey = "02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5"
let vestingTotal : nat = 1000
let startBlock : nat = 100
let duration : nat = 100

// >>= 2 + addChangeOutput 3 = 5; Zulib addChangeOutput 64 + ofTxSkel 3.
// 72.
val fund: txSkeleton -> contractId -> CR.t `cost` 72
let fund txSkel contractId =
  Tx.addChangeOutput Asset.zenAsset contractId txSkel >>= CR.ofTxSkel

// let! beneficiary 3; let! claimed 4; let claimed (fromOption 2) 2; let
// elapsed (- 2 + U32.v 1 + projection 1) 4; let vestedNow (if 3 + (<=)
// 2 + max(0, if 3 + (>=) 2 + max(0, (/) 2 + (*) 2)) 9) 14; let due (-
// 2 + U64.v 1) 3; match: pair 2, leaves 4 + 1, max(if 3 + (&& 2 + = 2 +
// > 2) 6 + max(let amount (uint_to_t 1) 1 + let! txSkel 7 + match
// (leaves 3, max(>>= 2 + >>= 2 + lockToPublicKey 4 + setStateUpdate 1 +
// U64 1 + `U64.add_mod` 2 = 12, incFailw 2)) 15 = 23, incFailw 7) = 32,
// incFailw 7): 39.  Count 69.
// Zulib: parsePublicKey 120 + tryU64 2 = 122; the paying branch:
// fromWallet (192 + 128 s) + (lockToPublicKey 610 + ofTxSkel 3 +
// setStateUpdate 3, or incFailw 616) = 808 + 128 s.  69 + 122 + 808 +
// 128 s = 999 + 128 s.
val claim: txSkeleton -> context -> contractId -> sender -> w:wallet
  -> option data -> CR.t `cost` (999 + Wallet.size w * 128)
let claim txSkel context contractId sender wallet state =
  let! beneficiary = Crypto.parsePublicKey beneficiaryKey in
  let! claimed = state >!= tryU64 in
  let claimed = Opt.fromOption 0UL claimed in
  let elapsed = U32.v context.blockNumber - startBlock in
  let vestedNow =
    if elapsed <= 0 then 0
    else if elapsed >= duration then vestingTotal
    else vestingTotal * elapsed / duration in
  let due = vestedNow - U64.v claimed in
  match beneficiary, sender with
  | Some b, PK pk ->
    if pk = b && due > 0 then begin
      let amount = U64.uint_to_t due in
      let! txSkel =
        Tx.fromWallet Asset.zenAsset amount contractId wallet txSkel in
      match txSkel with
      | Some txSkel ->
        Tx.lockToPublicKey Asset.zenAsset amount pk txSkel
        >>= CR.ofTxSkel
        >>= CR.setStateUpdate (U64 (claimed `U64.add_mod` amount))
      | None -> RT.incFailw 616 "not enough ZP in the contract"
    end
    else RT.incFailw (808 + Wallet.size wallet * 128) "nothing to claim for this key"
  | _ -> RT.incFailw (808 + Wallet.size wallet * 128)
           "the beneficiary must sign"

// match leaves 3 + max(fund 2, claim 6, failw 1) = 9.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "Fund" -> 81
                  | "Claim" -> 1008 + Wallet.size w * 128
                  | _ -> 9)
let main txSkel context contractId command sender _ wallet state =
  match command with
  | "Fund" -> fund txSkel contractId
  | "Claim" -> claim txSkel context contractId sender wallet state
  | _ -> RT.failw "unknown command"

// match leaves 3 + max(0, 5, 0) = 8; |> cast nat |> C.ret 5.  13.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 13
let cf _ _ command _ _ wallet _ =
  (match command with
   | "Fund" -> 81
   | "Claim" -> 1008 + Wallet.size wallet * 128
   | _ -> 9)
  |> cast nat
  |> C.ret
