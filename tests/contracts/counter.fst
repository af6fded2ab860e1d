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

// main's cost: Zulib >!= tryU32 2 (charged on None too: >!= costs n),
// CR.ofTxSkel 3, CR.setStateUpdate 3 = 8; elaboration:
//   let! counter = state >!= tryU32      1 + 1 leaf + 2            =  4
//   let next = match counter with        scrutinee 0 + leaves
//     Some x (2) | None (1) + max(+%^ 2, 0)                        =  5
//   CR.ofTxSkel txSkel >>= CR.setStateUpdate (U32 next)
//                                        2 + 1 + 1 + 1             =  5
//   total 14.  cf = 8 + 14 = 22.
let cf _ _ _ _ _ _ _ = 2 + 3 + 3 + 14 |> cast nat |> C.ret
