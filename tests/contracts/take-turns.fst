(* Payments in turn.  "Split": the body is a list [Lock a; Lock b; U64
   x1; U64 x2; ...]; x1, x3, ... are paid to a and x2, x4, ... to b out
   of the ZP handed over, by two mutually recursive functions, and the
   transaction must then balance. *)
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

// One call: match leaves ([] 0, U64 amount :: rest 4, _ :: rest 3) 7 +
// max(OptT.ret 1, >>= 2 + lockToAddress 4, incNone 1 + (+) 2 + (*) 2 +
// length 1) 6 = 13.  An amount: 13 + lockToAddress 64 + the lambda's 4
// (the other function, 4 arguments) = 81, then the rest; the end: 13; a
// bad entry pads the rest with incNone.  length ls * 81 + 13.
val payA: lock -> lock -> txSkeleton -> ls:list data
  -> option txSkeleton `cost` (length ls * 81 + 13)
val payB: lock -> lock -> txSkeleton -> ls:list data
  -> option txSkeleton `cost` (length ls * 81 + 13)
let rec payA a b txSkel amounts =
  match amounts with
  | [] -> OptT.ret txSkel
  | U64 amount :: rest ->
    Tx.lockToAddress Asset.zenAsset amount a txSkel
    >>= (fun tx -> payB a b tx rest)
  | _ :: rest -> OptT.incNone (81 + length rest * 81)
and payB a b txSkel amounts =
  match amounts with
  | [] -> OptT.ret txSkel
  | U64 amount :: rest ->
    Tx.lockToAddress Asset.zenAsset amount b txSkel
    >>= (fun tx -> payA a b tx rest)
  | _ :: rest -> OptT.incNone (81 + length rest * 81)

// The lambdas extend as far right as they can, so the first branch is
// closed by begin ... end (else `| _ ->` would belong to `match result`).
// match: leaves (Some (Collection (List (Lock a :: Lock b :: amounts)))
// 3 + 7) 10 + 1, max(>>= 2 + payA 4 + `fun` 0, failw 1) 6: 17.  fun
// result: leaves 3 + max(>>= 2 + isValid 1, incFailw 2) = 6.  fun ok: if
// 3 + max(ofTxSkel 1, incFailw 2) = 5.  With L amounts: 17 + payA (81 L
// + 13) + 6 + isValid 64 + 5 + (ofTxSkel 3, or incFailw 3) (or incFailw
// 72) = 108 + 81 L; else 17.
val split: txSkeleton -> messageBody:option data
  -> CR.t `cost` (match messageBody with
                  | Some (Collection (List (Lock _ :: Lock _ :: amounts))) ->
                    108 + length amounts * 81
                  | _ -> 17)
let split txSkel messageBody =
  match messageBody with
  | Some (Collection (List (Lock a :: Lock b :: amounts))) -> begin
    payA a b txSkel amounts >>= fun result ->
      match result with
      | Some txSkel ->
        Tx.isValid txSkel >>= fun ok ->
          if ok then CR.ofTxSkel txSkel
          else RT.incFailw 3 "the amounts must add up to what was paid"
      | None -> RT.incFailw 72 "the amounts must be U64"
    end
  | _ -> RT.failw "the body must be [Lock; Lock; U64 ...]"

// match leaves 2 + max(split 2, failw 1) = 4.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> messageBody:option data -> wallet -> option data
  -> CR.t `cost` (match command with
                  | "Split" -> begin match messageBody with
                               | Some (Collection (List (Lock _ :: Lock _ :: amounts))) ->
                                 112 + length amounts * 81
                               | _ -> 21 end
                  | _ -> 4)
let main txSkel _ _ command _ messageBody _ _ =
  match command with
  | "Split" -> split txSkel messageBody
  | _ -> RT.failw "unknown command"

// match leaves 2 + max(match (leaves 10 + 1 + (+) 2 + (*) 2 + length 1)
// 16, 0) = 18; |> cast nat |> C.ret 5.  23.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 23
let cf _ _ command _ messageBody _ _ =
  (match command with
   | "Split" -> begin match messageBody with
                | Some (Collection (List (Lock _ :: Lock _ :: amounts))) ->
                  112 + length amounts * 81
                | _ -> 21 end
   | _ -> 4)
  |> cast nat
  |> C.ret
