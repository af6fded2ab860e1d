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
  tags: list string;
}

let field (key: string) (dict: Dict.t data) : option data `cost` 64 =
  Dict.tryFind key dict

let tags (dict: Dict.t data) : option (list string) `cost` 200 =
  let open OptT in
  (field "tags" dict >>= tryList >>= OptT.tryMapT tryString)
  |> C.autoInc

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
      else begin
        let! t = tags dict in
        let t = match t with | Some ts -> ts | None -> [] in
        RT.autoOK ({ returnAddress = returnAddress; amount = amount;
                     name = name; tags = t })
      end
    | _, None, _ -> RT.autoFailw "amount is missing"
    | _ -> RT.autoFailw "returnAddress or name is missing"

let main txSkel context contractId command sender messageBody wallet state =
  let open RT in
  parseRequest messageBody >>= (fun req ->
    if req.amount `U64.gt` 0UL && length req.tags <= 8 then begin
      let! asset = Asset.fromSubtypeString contractId req.name in
      // >>= is ResultT's here (let open RT): chain the cost steps with let!
      let! tx = Tx.mint req.amount asset txSkel in
      let! tx = Tx.lockToAddress asset req.amount req.returnAddress tx in
      ok @ { tx = tx; message = None; state = NoChange }
    end else
      failw "amount must be positive")
  |> C.autoInc

let cf _ _ _ _ _ _ _ = C.ret (1200 <: nat)
