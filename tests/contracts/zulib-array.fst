(* zulib-array: Zen.Array (Base and Indexed) with cost-indexed lengths:
   init_pure, map, sub, append, chunkBySize, foldT, fold, tryMap, ofList,
   joinOptions, toList, create, item, get, length.  main stores seven
   numbers in its state as a data list of U32. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module A = Zen.Array
module OptT = Zen.OptionT
module U32 = FStar.UInt32
module CR = Zen.ContractResult

// count: incRet (2 args) 2 + (i + 1) 2 = 4; Zulib incRet 2.  6.
val succ: i:nat -> int `cost` 6
let succ i = incRet 2 (i + 1)

// count: ret 1 + (s + x) 2 = 3.
val addc: int -> int -> int `cost` 3
let addc s x = ret (s + x)

// count: if 3 + (x > 0) 2 + max(OptT.some x 1, OptT.none 0) = 6.
val posOpt: int -> option int `cost` 6
let posOpt x = if x > 0 then OptT.some x else OptT.none

// count: ret 1 + U32 1 + uint_to_t 1 = 3.
val u: int -> data `cost` 3
let u x = ret (U32 (U32.uint_to_t x))

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 454
let main txSkel context contractId command sender messageBody wallet state =
  let! a = A.init_pure 4 succ in            // [1; 2; 3; 4]
  let! b = A.map succ a in                  // [2; 3; 4; 5]
  let! c = A.sub b 1 2 in                   // [3; 4]
  let! d = A.append a c in                  // [1; 2; 3; 4; 3; 4]
  let! chunks = A.chunkBySize 2 d in        // 3 chunks of 2
  let! s1 = A.foldT addc 0 d in             // 17
  let! s2 = A.fold op_Addition 0 c in       // 7
  let! t = A.tryMap posOpt c in             // Some [3; 4]
  let! opts = A.ofList [ Some 1; None ] in
  let! j = A.joinOptions opts in            // None
  let! l = A.toList c in                    // [3; 4]
  let! k = A.create 3 7 in                  // [7; 7; 7]
  let! v1 = u (A.length chunks) in
  let! v2 = u s1 in
  let! v3 = u s2 in
  let! v4 = u (match t with | Some arr -> A.length arr | None -> 0) in
  let! v5 = u (match j with | Some _ -> 1 | None -> 0) in
  let! v6 = u (length l) in
  let! v7 = u (A.item 2 d + A.get d 5 + A.item 0 k) in     // 3 + 4 + 7
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [ v1; v2; v3; v4; v5; v6; v7 ]))

// State: [3; 17; 7; 2; 0; 2; 14] as U32s.
// main's count: 19 let! of one variable, 2 each = 38.  Right-hand
//   sides: init_pure 2, map 2, sub 3, append 2, chunkBySize 2, foldT 3,
//   fold 3, tryMap 2, ofList [Some 1; None] 1 + 2 * 2 + Some 1 = 6,
//   joinOptions 1, toList 1, create 2, u (A.length chunks) 2, u s1 1,
//   u s2 1, u (match: leaves Some arr 2 + None 1 + A.length arr 1) 5,
//   u (match: leaves Some _ 2 + None 1) 4, u (length l) 2, u (3 sums 4
//   + item 2 + get 2 + item 2) 11 = 55.
//   Last line: >>= 2 + ofTxSkel 1 + setStateUpdate 1 + Collection 1 +
//   List 1 + list of 7 (2 * 7) 14 = 20.  113 in all.
// Zulib and helpers: init_pure 4 * (6 + 4) + 4 = 44; map 44; sub (j =
//   2) 2 * 4 + 4 = 12; append (4 + 2) * 4 + 4 = 28; chunkBySize (6 / 2)
//   * (4 * 2 + 8) + 4 = 52; foldT 6 * (3 + 4) + 4 = 46; fold 2 * 4 + 4 =
//   12; tryMap 2 * (6 + 8) + 8 = 36; ofList 2 * 2 + 2 = 6; joinOptions
//   2 * 4 + 4 = 12; toList 6; create 3 * 4 + 4 = 16; u 7 * 3 = 21;
//   ofTxSkel 3 + setStateUpdate 3 = 6.  341.
// Total 113 + 341 = 454.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 454
