(* An escrow between a buyer and a seller, settled by an arbiter.
   "Deposit": the buyer (a public key) hands over ZP and names the seller
   (body: a Lock); the state is [Lock seller; PublicKey buyer; U64
   amount].  "Release" (the arbiter): the amount goes to the seller.
   "Refund" (the arbiter): it goes back to the buyer's key.  Both delete
   the state. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module OptT = Zen.OptionT
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Crypto = Zen.Crypto
module Wallet = Zen.Wallet
module C = Zen.Cost

let arbiterKey = "02f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9"

// `function`: the body is a lambda (0 here), whose match counts leaves
// (Some 1 + Lock 1 + l 1) 3 + 1 + max(incSome 2, incNone 1) = 6; Zulib
// 2.  8.
val lockOf: option data -> option lock `cost` 8
let lockOf = function
  | Some (Lock l) -> OptT.incSome 2 l
  | _ -> OptT.incNone 2

// let! seller 3; let! amount 4; match: triple 3, leaves (PK buyer, Some
// seller, None) 5 + (_, _, Some _) 4 + 1, max(if 3 + `U64.gt` 2 + max(
// >>= 2 + >>= 2 + lockToContract 4 + setStateUpdate 1 + Collection 1 +
// List 1 + list of 3: 6 + 3 constructors 3 = 20, incFailw 2) = 25, 2,
// 2): 38.  Count 45.  Zulib lockOf 8 + getAvailableTokens 64 +
// (lockToContract 64 + ofTxSkel 3 + setStateUpdate 3, or incFailw 70).
// 187.
val deposit: txSkeleton -> contractId -> sender -> option data
  -> option data -> CR.t `cost` 187
let deposit txSkel contractId sender messageBody state =
  let! seller = lockOf messageBody in
  let! amount = Tx.getAvailableTokens Asset.zenAsset txSkel in
  match sender, seller, state with
  | PK buyer, Some seller, None ->
    if amount `U64.gt` 0UL then
      Tx.lockToContract Asset.zenAsset amount contractId txSkel
      >>= CR.ofTxSkel
      >>= CR.setStateUpdate
            (Collection (List [ Lock seller; PublicKey buyer; U64 amount ]))
    else RT.incFailw 70 "nothing deposited"
  | _, _, Some _ -> RT.incFailw 70 "already in escrow"
  | _ -> RT.incFailw 70 "a buyer's key and a seller are required"

// let! arbiter 3; match: triple 3, leaves (2 + 2 + (Some 1 + Collection 1
// + List 1 + 3 * 2)) 13 + 1, max(if 3 + (= 2) + max(let! txSkel 7 +
// match (pair 2, leaves 3 + 3 + 2, max(inc 2 + >>= 2 + >>= 2 +
// lockToAddress 4 = 10, 8, 2)) 20 = 27, incFailw 7) = 32, incFailw 7):
// 49.  Count 52.
// Zulib: parsePublicKey 120; the arbiter's branch: fromWallet (192 + 128
// s) + (inc 546 + lockToAddress 64 + ofTxSkel 3 + setStateDelete 3, or
// lockToPublicKey 610 + 3 + 3, or incFailw 616) = 808 + 128 s.
// 52 + 120 + 808 + 128 s = 980 + 128 s.
val settle: txSkeleton -> contractId -> sender -> w:wallet -> bool
  -> option data -> CR.t `cost` (980 + Wallet.size w * 128)
let settle txSkel contractId sender wallet release state =
  let! arbiter = Crypto.parsePublicKey arbiterKey in
  match arbiter, sender, state with
  | Some arbiter, PK pk,
    Some (Collection (List [ Lock seller; PublicKey buyer; U64 amount ])) ->
    if pk = arbiter then begin
      let! txSkel =
        Tx.fromWallet Asset.zenAsset amount contractId wallet txSkel in
      match txSkel, release with
      | Some txSkel, true ->
        inc 546 (Tx.lockToAddress Asset.zenAsset amount seller txSkel
                 >>= CR.ofTxSkel
                 >>= CR.setStateDelete)
      | Some txSkel, false ->
        Tx.lockToPublicKey Asset.zenAsset amount buyer txSkel
        >>= CR.ofTxSkel
        >>= CR.setStateDelete
      | None, _ -> RT.incFailw 616 "not enough ZP in the contract"
    end
    else RT.incFailw (808 + Wallet.size wallet * 128)
           "only the arbiter settles"
  | _ -> RT.incFailw (808 + Wallet.size wallet * 128) "nothing in escrow"

// match leaves 4 + max(deposit 5, settle 6, settle 6, failw 1) = 10.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "Deposit" -> 197
                  | "Release" | "Refund" -> 990 + Wallet.size w * 128
                  | _ -> 10)
let main txSkel _ contractId command sender messageBody wallet state =
  match command with
  | "Deposit" -> deposit txSkel contractId sender messageBody state
  | "Release" -> settle txSkel contractId sender wallet true state
  | "Refund" -> settle txSkel contractId sender wallet false state
  | _ -> RT.failw "unknown command"

// match leaves 4 + max(0, 5, 5, 0) = 9; |> cast nat |> C.ret 5.  14.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 14
let cf _ _ command _ _ wallet _ =
  (match command with
   | "Deposit" -> 197
   | "Release" -> 990 + Wallet.size wallet * 128
   | "Refund" -> 990 + Wallet.size wallet * 128
   | _ -> 10)
  |> cast nat
  |> C.ret
