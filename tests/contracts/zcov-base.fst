(* zcov-base: Zen.Base konst, retype, refine, <|, <<, @<<, flip, swap,
   curry, uncurry, curry3, uncurry3, curry4, uncurry4.  They are plain
   functions (no cost index); at run time retype T x = x (T is a type)
   and refine p x = x (p is a predicate, here the trivial one).  The
   curry / uncurry functions are given cost-returning functions, so their
   results are cost values whose index is the helper's.  main stores
   fourteen numbers in its state. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module U64 = FStar.UInt64
module CR = Zen.ContractResult

// count: match: 2 pattern leaves + ret 1 + (a * 10 + b) (+ 2, * 2) 4 = 7.
val pairT: int ** int -> int `cost` 7
let pairT t = match t with | (a, b) -> ret (a * 10 + b)

// count: ret 1 + (a * 100 + b * 10 + c): + 2 + (a * 100 + b * 10) (+ 2,
// two * 4) 6 = 8: 9.
val digits3: int -> int -> int -> int `cost` 9
let digits3 a b c = ret (a * 100 + b * 10 + c)

// count: match: 3 pattern leaves + the ret of digits3 9 = 12.
val digits3T: int ** int ** int -> int `cost` 12
let digits3T t = match t with | (a, b, c) -> ret (a * 100 + b * 10 + c)

// count: ret 1 + three + (2 each) 6 + three * (2 each) 6 = 13.
val digits4: int -> int -> int -> int -> int `cost` 13
let digits4 a b c d = ret (a * 1000 + b * 100 + c * 10 + d)

// count: match: 4 pattern leaves + the ret of digits4 13 = 17.
val digits4T: int ** int ** int ** int -> int `cost` 17
let digits4T t =
  match t with | (a, b, c, d) -> ret (a * 1000 + b * 100 + c * 10 + d)

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 194
let main txSkel context contractId command sender messageBody wallet state =
  let k = konst 5 "x" in                                  // 5
  let r = retype int 7 in                                 // 7
  let f = refine (fun _ -> True) 9 in                     // 9
  let p = op_Subtraction 10 <| 4 in                       // 10 - 4 = 6
  let c = (op_Multiply 2 << op_Addition 1) 3 in           // 2 * (1 + 3) = 8
  let d = (op_Subtraction 100 @<< op_Multiply 3) 5 in     // 100 - 15 = 85
  let fl = flip op_Subtraction 3 10 in                    // 10 - 3 = 7
  let sw = swap (1, 2) in                                 // (2, 1)
  let! c2 = curry pairT 4 5 in                            // 45
  let uc = uncurry op_Subtraction (20, 3) in              // 17
  let! c3 = curry3 digits3T 1 2 3 in                      // 123
  let! u3 = uncurry3 digits3 (4, 5, 6) in                 // 456
  let! c4 = curry4 digits4T 1 2 3 4 in                    // 1234
  let! u4 = uncurry4 digits4 (5, 6, 7, 8) in              // 5678
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        U64 (U64.uint_to_t k); U64 (U64.uint_to_t r);
        U64 (U64.uint_to_t f); U64 (U64.uint_to_t p);
        U64 (U64.uint_to_t c); U64 (U64.uint_to_t d);
        U64 (U64.uint_to_t fl);
        U64 (U64.uint_to_t (fst sw * 10 + snd sw));
        U64 (U64.uint_to_t c2); U64 (U64.uint_to_t uc);
        U64 (U64.uint_to_t c3); U64 (U64.uint_to_t u3);
        U64 (U64.uint_to_t c4); U64 (U64.uint_to_t u4) ]))

// Values (Zulib fstar/Zen.Base.fst): konst x _ = x: 5; retype _ x = x:
//   7; refine _ x = x: 9; f <| x = f x: 10 - 4 = 6; (f << g) x =
//   f (g x): 2 * (1 + 3) = 8; (f @<< g) x = f (g x): 100 - 3 * 5 = 85;
//   flip f x y = f y x: 10 - 3 = 7; swap (1, 2) = (2, 1), stored as
//   2 * 10 + 1 = 21; curry f x y = f (x, y): 4 * 10 + 5 = 45; uncurry
//   f (x, y) = f x y: 20 - 3 = 17; curry3 f x y z = f (x, y, z): 123;
//   uncurry3 f (x, y, z) = f x y z: 456; curry4: 1234; uncurry4: 5678.
// main's count (contracts.md 1.10): let k: konst 2 args 2; let r:
//   retype 2 (the type int is an argument); let f: refine 2 (the fun's
//   body True counts 0 in its own body, and the fun 0 where it occurs);
//   let p: <| 2 + op_Subtraction 10 1 = 3; let c: application 1 + << 2
//   + op_Multiply 2 1 + op_Addition 1 1 = 5; let d: likewise 5; let fl:
//   flip 3 args 3; let sw: swap 1 + the pair 2 = 3; let! c2: 2 + curry
//   3 = 5; let uc: uncurry 2 + pair 2 = 4; let! c3: 2 + curry3 4
//   = 6; let! u3: 2 + uncurry3 2 + triple 3 = 7; let! c4: 2 + curry4 5 =
//   7; let! u4: 2 + uncurry4 2 + 4-tuple 4 = 8.  2 + 2 + 2 + 3 + 5 + 5 +
//   3 + 3 + 5 + 4 + 6 + 7 + 7 + 8 = 62.
//   Last line: >>= 2 + ofTxSkel 1 + setStateUpdate 1 + Collection 1 +
//   List 1 + list of 14 (2 * 14) 28 = 34; elements: thirteen
//   U64 (U64.uint_to_t v) 2 = 26, and U64 (U64.uint_to_t (fst sw * 10 +
//   snd sw)): 2 + (+ 2, * 2, fst 1, snd 1) 6 = 8: 68.  62 + 68 = 130.
// Zulib (all 0) and helpers: pairT 7, digits3T 12, digits3 9, digits4T
//   17, digits4 13 = 58; ofTxSkel 3 + setStateUpdate 3 = 6.  64.
// Total 130 + 64 = 194.
// case: x | - | 194 | 194 | OK in=[] out=[] S=[u64:5,u64:7,u64:9,u64:6,u64:8,u64:85,u64:7,u64:21,u64:45,u64:17,u64:123,u64:456,u64:1234,u64:5678]
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 194
