(* Reads a structured message body: a dictionary with "returnAddress"
   (Lock), "amount" (U64), "name" (String) and an optional "tags" list. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module OptT = Zen.OptionT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module C = Zen.Cost
module U64 = FStar.UInt64
module String = FStar.String
module Asset = Zen.Asset

type request = {
  returnAddress: lock;
  amount: U64.t;
  name: s:string { String.length s <= 32 };
}

let field (key: string) (dict: Dict.t data) : option data `cost` 66 =
  Dict.tryFind key dict

let parseRequest (body: option data) =
  let! dict = body >!= tryDict in
  match dict with
  | None -> RT.incFailw 300 "body must be a dictionary"
  | Some dict ->
    let! returnAddress = field "returnAddress" dict >?= tryLock in
    let! amount = field "amount" dict >?= tryU64 in
    let! name = field "name" dict >?= tryString in
    match returnAddress, amount, name with
    | Some returnAddress, Some amount, Some name ->
      if String.length name > 32 then
        RT.autoFailw "name too long"
      else
        RT.autoOK ({ returnAddress = returnAddress; amount = amount;
                     name = name })
    | _, None, _ -> RT.autoFailw "amount is missing"
    | _ -> RT.autoFailw "returnAddress or name is missing"

let main txSkel context contractId command sender messageBody wallet state =
  let open RT in
  parseRequest messageBody >>= (fun req ->
    if req.amount `U64.gt` 0UL then begin
      let! asset = Asset.fromSubtypeString contractId req.name in
      // >>= is ResultT's here (let open RT): chain the cost steps with let!
      let! tx = Tx.mint req.amount asset txSkel in
      let! tx = Tx.lockToAddress asset req.amount req.returnAddress tx in
      ok @ { tx = tx; message = None; state = NoChange }
    end else
      failw "amount must be positive")
  |> C.autoInc

// main's cost on the minting path (contracts.md 1.10, 4):
// field: tryFind 2 args = 2; Zulib 64: 66.
// parseRequest: let! dict = body >!= tryDict 1 + 1 + 2 = 4; match:
//   leaves None 1 + Some dict 2 = 3 + max(incFailw 2, three let! (1 + 1
//   + >?= 2 + field 2) = 18 + match (tuple 3 + leaves (Some _, Some _,
//   Some _) 6 + (_, None, _) 3 + _ 1 + max(if 3 + (> 2 + String.length
//   1) + max(1, autoOK 1 + record 3), 1, 1) = 10) = 23: 41) = 48; Zulib
//   tryDict 4 + 3 * (field 66 + try* 2) + autoOK 0 (both if branches
//   have Zulib cost 0, so n = 0) = 208.  256.
// main: its body is `let open RT`, counted where it stands (no
//   increment of its own): |> autoInc 2 + >>= 2 + parseRequest 1 arg 1
//   = 5; fun req: if 3 + (`U64.gt` 2 + 1 projection) + max(let! asset
//   = fromSubtypeString (2 args, 1 projection) 5, let! tx = mint (3
//   args, 1 projection) 6, let! tx = lockToAddress (4 args, 2
//   projections) 8, ok @ {3 fields} 5 = 24, failw 1) = 30; Zulib
//   fromSubtypeString 64 + mint 64 + lockToAddress 64 = 192.
// Total: 5 + 256 + 30 + 192 = 483.
let cf _ _ _ _ _ _ _ = C.ret (483 <: nat)
