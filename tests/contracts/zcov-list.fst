(* zcov-list: Zen.List tail, isNull, cons, ++, revAppend, init, map,
   fold, product, and_, or_, sumBy, sumByT, productBy, productByT, any,
   anyT, all, and Zen.ListRealized.reverse.  Semantics from Zulib
   fstar/Zen.List.fst: fold is a left fold; or_ = fold (||) true, so it
   is true for every list, and any / anyT (map, then or_) are true for
   every list too (a Zulib quirk, kept here: any (op_Equality 9) [1; 2]
   is true); and_ = fold (&&) true; sumBy / productBy map, then sum /
   product.  The operator ++ is named through a local open of the
   parenthesised operator, L.(( ++ )) (zen refuses L.( ++ ): after `.(`
   a bare operator is no term).  Zen.List's ( :: ) is in
   zcov-list-2.fst.  main stores seven lists and fifteen numbers
   (booleans as 1 / 0) in its state. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module L = Zen.List
module U64 = FStar.UInt64
module CR = Zen.ContractResult

// count: ret 1 + (x * 2) 2 = 3.
val dbl: int -> int `cost` 3
let dbl x = ret (x * 2)

// count: ret 1 + (x > 2) 2 = 3.
val isBig: int -> bool `cost` 3
let isBig x = ret (x > 2)

// count: ret 1 + (i * i) 2 = 3.
val sqr: nat -> int `cost` 3
let sqr i = ret (i * i)

// count: ret 1 + U64 1 + uint_to_t 1 = 3.
val u: int -> data `cost` 3
let u x = ret (U64 (U64.uint_to_t x))

// A list of ints as a data list.  count: let! 2 + mapT 2 + ret 1 +
// Collection 1 + List 1 = 7; Zulib mapT with u (n = 3):
// len * (3 + 2) + 2.  len * 5 + 9.
val dl: ls:list int -> data `cost` (length ls * 5 + 9)
let dl ls =
  let! xs = L.mapT u ls in
  ret (Collection (List xs))

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 800
let main txSkel context contractId command sender messageBody wallet state =
  let t = L.tail [ 1; 2; 3 ] in                          // [2; 3]
  let n0 = L.isNull (L.tail [ 1 ]) in                    // true
  let n1 = L.isNull [ 1 ] in                             // false
  let c = L.cons 0 [ 1 ] in                              // [0; 1]
  let! ap = L.(( ++ )) [ 1; 2 ] [ 3 ] in                 // [1; 2; 3]
  let! ra = L.revAppend [ 1; 2; 3 ] [ 4 ] in             // [3; 2; 1; 4]
  let! rv = Zen.ListRealized.reverse [ 1; 2; 3 ] in      // [3; 2; 1]
  let! it = L.init 4 sqr in                              // [0; 1; 4; 9]
  let! mp = L.map (op_Addition 10) [ 1; 2 ] in           // [11; 12]
  let! fo = L.fold op_Subtraction 100 [ 1; 2; 3 ] in     // 94
  let! pr = L.product [ 2; 3; 4 ] in                     // 24
  let! a1 = L.and_ [ true; false; true ] in              // false
  let! a2 = L.and_ [ true; true ] in                     // true
  let! o1 = L.or_ [ false; false ] in                    // true (quirk)
  let! sb = L.sumBy (op_Multiply 2) [ 1; 2; 3 ] in       // 12
  let! sbt = L.sumByT dbl [ 1; 2; 3 ] in                 // 12
  let! pb = L.productBy (op_Addition 1) [ 1; 2; 3 ] in   // 2 * 3 * 4 = 24
  let! pbt = L.productByT dbl [ 1; 2; 3 ] in             // 2 * 4 * 6 = 48
  let! an = L.any (op_Equality 9) [ 1; 2 ] in            // true (quirk)
  let! ant = L.anyT isBig [ 1; 2 ] in                    // true (quirk)
  let! al1 = L.all (( < ) 0) [ 1; 2; 3 ] in              // true
  let! al2 = L.all (( < ) 1) [ 1; 2; 3 ] in              // false (1 < 1)
  let! d1 = dl t in
  let! d2 = dl c in
  let! d3 = dl ap in
  let! d4 = dl ra in
  let! d5 = dl rv in
  let! d6 = dl it in
  let! d7 = dl mp in
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        d1; d2; d3; d4; d5; d6; d7;
        U64 (if n0 then 1UL else 0UL); U64 (if n1 then 1UL else 0UL);
        U64 (U64.uint_to_t fo); U64 (U64.uint_to_t pr);
        U64 (if a1 then 1UL else 0UL); U64 (if a2 then 1UL else 0UL);
        U64 (if o1 then 1UL else 0UL);
        U64 (U64.uint_to_t sb); U64 (U64.uint_to_t sbt);
        U64 (U64.uint_to_t pb); U64 (U64.uint_to_t pbt);
        U64 (if an then 1UL else 0UL); U64 (if ant then 1UL else 0UL);
        U64 (if al1 then 1UL else 0UL); U64 (if al2 then 1UL else 0UL) ]))

// Values: tail [1; 2; 3] = [2; 3]; tail [1] = [], isNull true; isNull
//   [1] false; cons 0 [1] = [0; 1]; [1; 2] ++ [3] = [1; 2; 3];
//   revAppend [1; 2; 3] [4] = [3; 2; 1; 4]; reverse [1; 2; 3] =
//   [3; 2; 1]; init 4 sqr = [0; 1; 4; 9]; map (+ 10) = [11; 12]; fold
//   (-) 100 = ((100 - 1) - 2) - 3 = 94; product 24; and_ [true; false;
//   true] false, and_ [true; true] true; or_ [false; false] true (fold
//   from true); sumBy (* 2) 2 + 4 + 6 = 12; sumByT dbl 12; productBy
//   (+ 1) 2 * 3 * 4 = 24; productByT dbl 2 * 4 * 6 = 48; any, anyT true
//   (or_); all (0 < x) true; all (1 < x) false.
// main's count (contracts.md 1.10); a list literal counts 2 per element: let
//   t: tail 1 + [1; 2; 3] 6 = 7; let n0: isNull 1 + tail 1 + [1] 2 = 4; let
//   n1: 1 + 2 = 3; let c: cons 2 + [1] 2 = 4; let! ap: 2 + 2 args 2 (the
//   local open 0) + [1; 2] 4 + [3] 2 = 10; let! ra: 2 + 2 + 6 + 2 = 12;
//   let! rv: 2 + 1 + 6 = 9; let! it: 2 + init 2 = 4; let! mp: 2 + map 2 +
//   op_Addition 10 1 + [1; 2] 4 = 9; let! fo: 2 + fold 3 + 6 = 11; let! pr:
//   2 + 1 + 6 = 9; let! a1: 2 + 1 + 6 = 9; let! a2: 2 + 1 + 4 = 7; let! o1:
//   7; let! sb: 2 + 2 + op_Multiply 2 1 + 6 = 11; let! sbt: 2 + 2 + 6 = 10;
//   let! pb 11; let! pbt 10; let! an: 2 + 2 + op_Equality 9 1 + 4 = 9; let!
//   ant: 2 + 2 + 4 = 8; let! al1: 2 + 2 + (( < ) 0) 1 + 6 = 11; let! al2 11.
//   7 + 4 + 3 + 4 + 10 + 12 + 9 + 4 + 9 + 11 + 9 + 9 + 7 + 7 + 11 + 10 + 11
//   + 10 + 9 + 8 + 11 + 11 = 186.  Seven let! dN = dl x: 2 + 1 = 3 each,
//   21.  Last line: >>= 2 + ofTxSkel 1 + setStateUpdate 1 + Collection 1 +
//   List 1 + list of 22 (2 * 22) 44 = 50; elements: d1..d7 0, nine U64 (if b
//   then 1UL else 0UL) (U64 1 + if 3) 4 = 36, six U64 (U64.uint_to_t v) 2 =
//   12: 98.  186 + 21 + 98 = 305.
// Zulib and helpers: ++ 2 * 2 + 2 = 6; revAppend 2 * 3 + 2 = 8; reverse
//   2 * 3 + 2 = 8; init 4 * (3 + 2) + 2 = 22 (sqr 3 each); map 2 * 2 + 2
//   = 6; fold 4 * 3 + 4 = 16; product 16; and_ 16 and 12; or_ 12; sumBy
//   6 * 3 + 6 = 24; sumByT 3 * (3 + 6) + 6 = 33; productBy 24;
//   productByT 33; any 6 * 2 + 6 = 18; anyT 2 * (3 + 6) + 6 = 24; all 24
//   and 24: 326.  tail, isNull, cons 0.  dl (len * 5 + 9) of lists of
//   2, 2, 3, 4, 3, 4, 2: 19 + 19 + 24 + 29 + 24 + 29 + 19 = 163.
//   ofTxSkel 3 + setStateUpdate 3 = 6.  495.
// Total 305 + 495 = 800.
// case: x | - | 800 | 800 | OK in=[] out=[] S=[[u64:2,u64:3],[u64:0,u64:1],[u64:1,u64:2,u64:3],[u64:3,u64:2,u64:1,u64:4],[u64:3,u64:2,u64:1],[u64:0,u64:1,u64:4,u64:9],[u64:11,u64:12],u64:1,u64:0,u64:94,u64:24,u64:0,u64:1,u64:1,u64:12,u64:12,u64:24,u64:48,u64:1,u64:1,u64:1,u64:0]
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 800
