(* A counter kept in the contract state as a U32. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data
open FStar.UInt32

module C = Zen.Cost

module RT = Zen.ResultT
module CR = Zen.ContractResult

let main txSkel context contractId command sender messageBody wallet state =
  let! counter = state >!= tryU32 in
  let next =
    match counter with
    | Some x -> x +%^ 1ul
    | None -> 10ul in
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (U32 next)

let cf _ _ _ _ _ _ _ = 2 + 3 + 3 + 10 |> cast nat |> C.ret
