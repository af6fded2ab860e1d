(* Accepts only calls made by another contract (sender = Contract cid) and
   records the caller in its state. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module RT = Zen.ResultT
module CR = Zen.ContractResult
module C = Zen.Cost
module Sha3 = Zen.Sha3

let main txSkel context contractId command sender messageBody wallet state =
  match sender with
  | Contract cid -> begin
    let! h = Sha3.updateContractId cid Sha3.empty >>= Sha3.finalize in
    CR.ofTxSkel txSkel >>= CR.setStateUpdate (Hash h)
  end
  | PK _ | Anonymous -> RT.incFailw 249 "only contracts may call"

// main's cost: Zulib updateContractId 223 + finalize 20 + ofTxSkel 3 +
// setStateUpdate 3 = 249 on the Contract branch; the other branch pads
// with incFailw 249.  Elaboration: match, scrutinee 0, leaves
// Contract cid (2) + or-pattern PK _ | Anonymous (2 + 1: an or-pattern
// counts the leaves of all its alternatives) = 5, + max branch:
//   let! h = updateContractId cid empty (2) >>= (2) finalize
//                                        1 + 1 + 4                 =  6
//   CR.ofTxSkel txSkel >>= CR.setStateUpdate (Hash h)  2 + 1 + 1 + 1 = 5
//   -> 11 (incFailw 249 "..": 2)
//   total 16.  cf = 249 + 16 = 265 on both paths.
let cf _ _ _ _ _ _ _ = 223 + 20 + 3 + 3 + 16 |> cast nat |> C.ret
