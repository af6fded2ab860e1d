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
  | PK _ | Anonymous -> RT.autoFailw "only contracts may call"

let cf _ _ _ _ _ _ _ = 223 + 20 + 3 + 3 + 11 |> cast nat |> C.ret
