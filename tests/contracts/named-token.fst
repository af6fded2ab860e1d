(* A named token: any command mints `amount` tokens of the subtype `name`
   (at most 32 bytes) of this contract and sends them to `returnAddress`.
   The message body is a dictionary {returnAddress: Lock; amount: U64;
   name: String}. *)
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
module C = Zen.Cost

// Each getter: >?= 2 + tryFind (2 args) 2 = 4; Zulib tryFind 64 + try* 2.
val getReturnAddress: Dict.t data -> option lock `cost` 70
let getReturnAddress dict = Dict.tryFind "returnAddress" dict >?= tryLock

val getAmount: Dict.t data -> option U64.t `cost` 70
let getAmount dict = Dict.tryFind "amount" dict >?= tryU64

val getName: Dict.t data -> option string `cost` 70
let getName dict = Dict.tryFind "name" dict >?= tryString

// let! token (2 + 2 args) 4; let! txSkel (2 + >>= 2 + mint 3 +
// lockToAddress 3) 10; ofTxSkel 1: 15.  Zulib fromSubtypeString 64 +
// mint 64 + lockToAddress 64 + ofTxSkel 3 = 195.  210.
val mintTo: txSkeleton -> contractId -> lock -> U64.t -> s:string{FStar.String.length s <= 32}
  -> CR.t `cost` 210
let mintTo txSkel contractId returnAddress amount name =
  let! token = Asset.fromSubtypeString contractId name in
  let! txSkel =
    Tx.mint amount token txSkel
    >>= Tx.lockToAddress token amount returnAddress in
  CR.ofTxSkel txSkel

// main: let! dict = messageBody >!= tryDict: 2 + 2 = 4.
//   match dict: leaves None 1 + Some dict 2, max of
//     incFailw 2,
//     three let! of one-argument calls 3 * 3 = 9; match on a 3-tuple 3,
//     leaves 3 * (Some 1 + 1) 6 + `_` 1; max(if: 3 + (&& 2, <= 2,
//     length 1, `U64.gt` 2) 7 + max(mintTo 5, incFailw 2) = 15, incFailw
//     2): 9 + 3 + 7 + 15 = 34
//   = 37.  Count 41.
// Zulib on the minting path: tryDict 4 + 3 * 70 + mintTo 210 = 424.
// Every other path pays the same: the branches of a match have one type,
// so the ERR branches pad with incFailw what the minting branch calls:
// 210 (mintTo) inside, 3 * 70 + 210 = 420 for a body that is not a dict.
// main = 41 + 424 = 465 on every path.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 465
let main txSkel _ contractId _ _ messageBody _ _ =
  let! dict = messageBody >!= tryDict in
  match dict with
  | None -> RT.incFailw 420 "message body must be a dictionary"
  | Some dict -> begin
    let! returnAddress = getReturnAddress dict in
    let! amount = getAmount dict in
    let! name = getName dict in
    match returnAddress, amount, name with
    | Some returnAddress, Some amount, Some name ->
      if FStar.String.length name <= 32 && amount `U64.gt` 0UL then
        mintTo txSkel contractId returnAddress amount name
      else
        RT.incFailw 210 "invalid name or amount"
    | _ -> RT.incFailw 210 "returnAddress, amount and name are required"
    end

// 465 |> cast nat |> C.ret: |> 2 + cast nat 1 + |> 2 = 5
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 5
let cf _ _ _ _ _ _ _ =
  465 |> cast nat |> C.ret
