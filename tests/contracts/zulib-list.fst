(* zulib-list: Zen.List: init_pure, mapT, append, rev, foldT, filterT,
   chooseT, take, drop, zip, unzip, zipWithT, max, sum, nth, tryNth, allT,
   intersperse, head.  main stores seven numbers in its state. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module L = Zen.List
module OptT = Zen.OptionT
module U32 = FStar.UInt32
module CR = Zen.ContractResult

// count: incRet (2 args) 2 + (i + 1) 2 = 4; Zulib incRet 2.  6.
val succ: i:nat -> int `cost` 6
let succ i = incRet 2 (i + 1)

// count: ret 1 + (s + x) 2 = 3.
val addc: int -> int -> int `cost` 3
let addc s x = ret (s + x)

// count: ret 1 + (x > 0) 2 = 3.
val isPos: int -> bool `cost` 3
let isPos x = ret (x > 0)

// count: if 3 + (x > 0) 2 + max(OptT.some x 1, OptT.none 0) = 6.
val posOpt: int -> option int `cost` 6
let posOpt x = if x > 0 then OptT.some x else OptT.none

// count: ret 1 + U32 1 + uint_to_t 1 = 3.
val u: int -> data `cost` 3
let u x = ret (U32 (U32.uint_to_t x))

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 866
let main txSkel context contractId command sender messageBody wallet state =
  let! xs = L.init_pure 3 succ in               // [1; 2; 3]
  let! ys = L.mapT succ xs in                   // [2; 3; 4]
  let! zs = L.append xs ys in                   // [1; 2; 3; 2; 3; 4]
  let! r = L.rev zs in                          // [4; 3; 2; 3; 2; 1]
  let! s = L.foldT addc 0 r in                  // 15
  let! f = L.filterT isPos [ 0; 2; 0; 4 ] in    // [2; 4]
  let! ch = L.chooseT posOpt [ 0; 5 ] in        // [5]
  let! tk = L.take 2 r in                       // [4; 3]
  let! dr = L.drop 4 r in                       // [2; 1]
  let! zp = L.zip tk dr in                      // [(4, 2); (3, 1)]
  let! uz = L.unzip zp in                       // ([4; 3], [2; 1])
  let! zw = L.zipWithT addc tk dr in            // [6; 4]
  let! m = L.max r in                           // 4
  let! sm = L.sum zw in                         // 10
  let! n = L.nth r 1 in                         // 3
  let! tn = L.tryNth r 9 in                     // None
  let! al = L.allT isPos xs in                  // true
  let! isp = L.intersperse 0 tk in              // [4; 0; 3]
  let! v1 = u s in
  let! v2 = u (length f + length ch) in
  let! v3 = u (L.head tk * 10 + L.head dr) in
  let! v4 = u (match uz with | (a, b) -> length a + length b) in
  let! v5 = u m in
  let! v6 = u (sm + n) in
  let! v7 = u (if al then length isp else 0) in
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [ v1; v2; v3; v4; v5; v6; v7 ]))

// State: [15; 3; 42; 4; 4; 13; 3] as U32s (tn is None, unused).
// main's count: 25 let! of one variable, 2 each = 50.  Right-hand
//   sides: init_pure 2, mapT 2, append 2, rev 1, foldT 3, filterT 2 +
//   list of 4 (2 * 4) 8 = 10, chooseT 2 + 4 = 6, take 2, drop 2, zip 2,
//   unzip 1, zipWithT 3, max 1, sum 1, nth 2, tryNth 2, allT 2,
//   intersperse 2: 46.  u s 1; u (+ 2, two length 2) 5; u (+ 2, * 2, two
//   head 2) 7; u (match: 2 leaves + (+ 2, two length 2)) 7; u m 1;
//   u (sm + n) 3; u (if 3 + length 1) 5: 29.  Last line: >>= 2 +
//   ofTxSkel 1 + setStateUpdate 1 + Collection 1 + List 1 + list of 7
//   14 = 20.  50 + 75 + 20 = 145.
// Zulib and helpers: init_pure 3 * (6 + 2) + 2 = 26; mapT 26; append
//   2 * 3 + 2 = 8; rev 2 * 6 + 2 = 14; foldT 6 * (3 + 4) + 4 = 46;
//   filterT 4 * (3 + 17) + 17 = 97; chooseT (6 + 16) * 2 + 16 = 60;
//   take min(2, 6) * 18 + 18 = 54; drop min(4, 6) * 12 + 12 = 60; zip
//   18 * 2 + 18 = 54; unzip 15 * 2 + 15 = 45; zipWithT (21 + 3) * 2 +
//   21 = 69; max 6 * 7 + 7 = 49; sum 2 * 4 + 4 = 12; nth 2 * 1 + 2 = 4;
//   tryNth 2 * 9 + 7 = 25; allT 3 * (3 + 6) + 6 = 33; intersperse 2 * 4
//   + 4 = 12; u 7 * 3 = 21; ofTxSkel 3 + setStateUpdate 3 = 6.  721.
// Total 145 + 721 = 866.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 866
