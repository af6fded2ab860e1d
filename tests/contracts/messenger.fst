(* Forwards every call to another contract: the message carries the same
   command and body, the sender becomes this contract. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module RT = Zen.ResultT
module CId = Zen.ContractId
module C = Zen.Cost

let targetId = "00000000ca055cc0af4d25ea1c8bbbf41444aadd68a168558397516b2f64727d87e72f97"

let main txSkel context contractId command sender messageBody wallet state =
  let! target = CId.parse targetId in
  match target with
  | Some recipient ->
    let msg = { recipient = recipient; command = command; body = messageBody } in
    RT.ok @ { tx = txSkel; message = Some msg; state = NoChange }
  | None -> RT.autoFailw "bad target contract id"

// main's cost: Zulib ContractId.parse 64; elaboration:
//   let! target = CId.parse targetId     1 + 1 + 1                 =  3
//   match target: leaves Some r (2) + None (1) = 3, + max branch:
//     let msg = { 3 fields } 3; RT.ok @ { 3 fields, Some msg 1 }
//     @ 2 + 3 + 1 = 6                    -> 9   (autoFailw: 1)
//                                                                  = 12
//   total 15 (both branches carry Zulib cost 0, so autoFailw's n is
//   0).  cf = 64 + 15 = 79.
let cf _ _ _ _ _ _ _ = 64 + 15 |> cast nat |> C.ret
