(* zulib-dict: a message body parsed with Zen.Data (>!=, >?=, tryDict,
   tryU64, tryString, tryList) and Zen.Dictionary (tryFind, add, remove,
   containsKey, mapT, foldT, size, empty).  The body is a dictionary
   { "amount": U64 5; "name": String "xy"; "tags": List [..] }; main
   stores what it read and computed in its state. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module D = Zen.Dictionary
module RT = Zen.ResultT
module U32 = FStar.UInt32
module U64 = FStar.UInt64
module CR = Zen.ContractResult

// count: >?= 2 + tryFind (2 args) 2 = 4; Zulib tryFind 64 + try* 2.
val getU64: string -> D.t data -> option U64.t `cost` 70
let getU64 k d = D.tryFind k d >?= tryU64

val getStr: string -> D.t data -> option string `cost` 70
let getStr k d = D.tryFind k d >?= tryString

// count: ret 1 + add_mod 2 = 3.
val incv: string -> U64.t -> U64.t `cost` 3
let incv _ v = ret (U64.add_mod v 1UL)

// a cost index on the dictionary's size: count mapT 2; Zulib mapT
// size * (3 + 2) + 2.
val bump: d:D.t U64.t -> D.t U64.t `cost` (D.size d * 5 + 4)
let bump d = D.mapT incv d

val sumv: U64.t -> string -> U64.t -> U64.t `cost` 3
let sumv s _ v = ret (U64.add_mod s v)

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 663
let main txSkel context contractId command sender messageBody wallet state =
  let! body = messageBody >!= tryDict in
  match body with
  | None -> RT.autoFailw "no dictionary"
  | Some dict ->
    let! amount = getU64 "amount" dict in
    let! name = getStr "name" dict in
    let! tags = D.tryFind "tags" dict >?= tryList in
    let! d0 = D.add "x" 10UL D.empty in
    let! d1 = D.add "y" 20UL d0 in
    let! d2 = D.add "z" 30UL d1 in
    let! d3 = D.remove "y" d2 in                 // { x: 10; z: 30 }
    let! hasY = D.containsKey "y" d3 in          // false
    let! d4 = bump d3 in                         // { x: 11; z: 31 }
    let! tot = D.foldT sumv 0UL d4 in          // 42
    match amount, name, tags with
    | Some amt, Some nm, Some tg ->
      CR.ofTxSkel txSkel
      >>= CR.setStateUpdate (Collection (List [
            U64 amt; String nm; U32 (U32.uint_to_t (length tg)); U64 tot;
            U32 (if hasY then 1ul else 0ul);
            U32 (U32.uint_to_t (D.size d4)) ]))
    | _ -> RT.autoFailw "bad body"

// State with the body above and two tags: [U64 5; String "xy"; U32 2;
//   U64 42; U32 0; U32 2].
// main's count: let! body 1 + 1 leaf + >!= 2 = 4, then match body:
//   leaves None 1 + Some dict 2 + max(autoFailw 1, Some branch).  Some
//   branch: let! amount 2 + getU64 2 = 4, name 4, tags 2 + (>?= 2 +
//   tryFind 2) = 6, d0, d1, d2 2 + add (3 args) 3 = 5 each, d3 2 +
//   remove 2 = 4, hasY 2 + containsKey 2 = 4, d4 2 + bump 1 = 3, tot 2 +
//   foldT 3 = 5: 45; the last match: tuple 3 + leaves (Some _, Some _,
//   Some _) 6 + _ 1 = 10 + max(autoFailw 1, >>= 2 + ofTxSkel 1 +
//   setStateUpdate 1 + Collection 1 + List 1 + list of 6 12 + U64 1 +
//   String 1 + U32 (uint_to_t (length _)) 3 + U64 1 + U32 (if 3) 4 + U32
//   (uint_to_t (D.size _)) 3 = 31) = 41: 86.
//   4 + 3 + 86 = 93.
// Zulib and helpers: tryDict 4; getU64 70; getStr 70; tryFind 64 +
//   tryList 4 = 68; three add 192; remove 64; containsKey 64; bump 2 * 5
//   + 4 = 14; foldT 2 * (3 + 4) + 4 = 18; ofTxSkel 3 + setStateUpdate 3
//   = 6.  570.
// Total 93 + 570 = 663.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 663
