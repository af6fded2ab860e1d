(* Splits a payment.  "Split": the body is a list of payees [Lock payee;
   U64 amount]; each is paid its amount out of the ZP handed over, and the
   transaction must then balance (Tx.isValid): the amounts must add up to
   what was paid.  The payees are walked by a recursive function. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module OptT = Zen.OptionT
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module Asset = Zen.Asset
module C = Zen.Cost

// One call: match leaves ([] 0, Collection (List [Lock payee; U64
// amount]) :: rest 1 + 6 + 1 = 8, _ :: rest 3) 11 + max(OptT.ret 1,
// >>= 2 + lockToAddress 4, incNone 1 + (+) 2 + (*) 2 + length 1) 6 = 17.
// A payee: 17 + lockToAddress 64 + the lambda's payAll 2 = 83, then the
// rest; the end: 17.  A bad entry pads what the rest would cost with
// incNone.  length ls * 83 + 17.
val payAll: txSkeleton -> ls:list data
  -> option txSkeleton `cost` (length ls * 83 + 17)
let rec payAll txSkel payees =
  match payees with
  | [] -> OptT.ret txSkel
  | Collection (List [ Lock payee; U64 amount ]) :: rest ->
    Tx.lockToAddress Asset.zenAsset amount payee txSkel
    >>= (fun tx -> payAll tx rest)
  | _ :: rest -> OptT.incNone (83 + length rest * 83)

// match: leaves 4 + 1, max(let! txSkel (2 args) 4 + match (leaves 3, max(
// let! ok 3 + if 3 + max(ofTxSkel 1, incFailw 2) 5 = 8, incFailw 2)) 11
// = 15, failw 1): 20.  With a list of L payees: 20 + payAll (83 L + 17)
// + isValid 64 + (ofTxSkel 3, or incFailw 3) (or incFailw 67) = 104 +
// 83 L; otherwise 20.
val split: txSkeleton -> messageBody:option data
  -> CR.t `cost` (match messageBody with
                  | Some (Collection (List ls)) -> 104 + length ls * 83
                  | _ -> 20)
let split txSkel messageBody =
  match messageBody with
  | Some (Collection (List payees)) -> begin
    let! txSkel = payAll txSkel payees in
    match txSkel with
    | Some txSkel -> begin
      let! ok = Tx.isValid txSkel in
      if ok then CR.ofTxSkel txSkel
      else RT.incFailw 3 "the amounts must add up to what was paid"
      end
    | None -> RT.incFailw 67 "every payee must be [Lock; U64]"
    end
  | _ -> RT.failw "the body must be a list of payees"

// match leaves 2 + max(split 2, failw 1) = 4.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> messageBody:option data -> wallet -> option data
  -> CR.t `cost` (match command with
                  | "Split" -> begin match messageBody with
                               | Some (Collection (List ls)) -> 108 + length ls * 83
                               | _ -> 24 end
                  | _ -> 4)
let main txSkel _ _ command _ messageBody _ _ =
  match command with
  | "Split" -> split txSkel messageBody
  | _ -> RT.failw "unknown command"

// match leaves 2 + max(match (leaves 4 + 1, max((+) 2 + (*) 2 + length 1,
// 0)) 10, 0) = 12; |> cast nat |> C.ret 5.  17.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 17
let cf _ _ command _ messageBody _ _ =
  (match command with
   | "Split" -> begin match messageBody with
                | Some (Collection (List ls)) -> 108 + length ls * 83
                | _ -> 24 end
   | _ -> 4)
  |> cast nat
  |> C.ret
