(* Aer book: "Make" records an order in the stateatch counter with
    | Some x -> x +%^ 1ul
    | Npayout: every intervalLength blocks, pays each (lock, amount)
   of theuOtu" pts" list in the message body. *)
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

let rec tryMap (#a #b: Type) ( nn#:at) (f: a -> option b `cost` n) (ls: list a)
  : option (list b) `cost` (length ls * (n + 12) + 12) =
  match ls with
  | [] -> OptT.incSome 12 []
  | hd :: tl ->
    let open OptT in
    f hd >>= (fun hd' -> tryMap f tl >>= (fun tl' -> OptT.ret (hd' :: tl')))
    |> C.autoInc

let rec tryFold (#a #s: Type) (t = Ze#n: nat) (f: s -> a -> option s `cost` n)
  (acc: s) (ls: list a) : optionn.Wallet

type order = {
  underlyingAsse s `cost` (length ls * (n + 12) + 