(* zcov-misc: Zen.Integers @% (also as op_At_Percent) and div_floor,
   Zen.Types.Main.maxCost, Zen.Crypto.parseHash, Zen.Hash.Base.parse,
   Zen.Array.Base.empty, Zen.Array.Indexed ofArray, op_Array_Access and
   init.  main stores fifteen values in its state.
   Zulib fstar/Zen.Integers.fst: v @% p = let m = v % p in if m >= p/2
   then m - p else m (wraps into [-p/2; p/2[; p > 0 even); div_floor a b
   = if (a >= 0 && b < 0) || (a < 0 && b >= 0) then -(abs a / abs b)
   else abs a / abs b (despite its name it rounds towards zero).  Only
   non-negative dividends reach `%` and `/` here.  Zen.Types.Main:
   maxCost = 200.  parseHash (= Zen.Hash.Base.parse): 64 hex digits of
   either case -> Some hash, anything else -> None (Zulib
   fsharp/Realized/Zen.Crypto.fs).
   The operator is named through a local open of the parenthesised
   operator, Zen.Integers.(( @% )): zen refuses Zen.Integers.( @% ) (as
   F*'s grammar, `quident .( term )`, would: a bare operator is no
   term). *)
open Zen.Types
open Zen.Base
open Zen.Cost

module A = Zen.Array
module U64 = FStar.UInt64
module I64 = FStar.Int64
module CR = Zen.ContractResult

// count: ret 1 + (i * i + 1) (+ 2, * 2) 4 = 5.
val sq: nat -> int `cost` 5
let sq i = ret (i * i + 1)

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 291
let main txSkel context contractId command sender messageBody wallet state =
  let! m1 = Zen.Integers.(ret (7 @% 4)) in                 // 3 >= 2: -1
  let m2 = Zen.Integers.(( @% )) 5 4 in                    // 1 < 2: 1
  let m3 = Zen.Integers.op_At_Percent 6 4 in               // 2 >= 2: -2
  let m4 = Zen.Integers.op_At_Percent 8 4 in               // 0
  let d1 = Zen.Integers.div_floor (0 - 7) 2 in             // -(7 / 2) = -3
  let d2 = Zen.Integers.div_floor 7 (0 - 2) in             // -3
  let d3 = Zen.Integers.div_floor (0 - 7) (0 - 2) in       // 3
  let d4 = Zen.Integers.div_floor 7 2 in                   // 3
  let mc = Zen.Types.Main.maxCost in                       // 200
  let! h1 = Zen.Crypto.parseHash
    "00112233445566778899aabbccddeeff00112233445566778899AABBCCDDEEFF" in
  let! h2 = Zen.Crypto.parseHash "zz" in                   // None
  let! h3 = Zen.Hash.Base.parse
    "ABABABABABABABABABABABABABABABABABABABABABABABABABABABABABABABAB" in
  let! h4 = Zen.Hash.Base.parse
    "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdeg" in
  let e : A.t int = A.empty in                             // length 0
  let! arr = A.init 3 sq in                                // [1; 2; 5]
  let dp = A.ofArray arr in                                // (| 3, arr |)
  let x = A.op_Array_Access arr 2 in                       // 5
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        I64 (I64.int_to_t m1); I64 (I64.int_to_t m2);
        I64 (I64.int_to_t m3); I64 (I64.int_to_t m4);
        I64 (I64.int_to_t d1); I64 (I64.int_to_t d2);
        I64 (I64.int_to_t d3); I64 (I64.int_to_t d4);
        U64 (U64.uint_to_t mc);
        (match h1 with | Some h -> Hash h | None -> U64 0UL);
        (match h2 with | Some h -> Hash h | None -> U64 0UL);
        (match h3 with | Some h -> Hash h | None -> U64 0UL);
        (match h4 with | Some h -> Hash h | None -> U64 0UL);
        U64 (U64.uint_to_t (A.length e));
        U64 (U64.uint_to_t (dfst dp * 10 + x)) ]))

// Values: 7 % 4 = 3 >= 4 / 2, so 3 - 4 = -1; 5 % 4 = 1: 1; 6 % 4 = 2:
//   -2; 8 % 4 = 0: 0.  div_floor: -7, 2 (signs differ): -(7 / 2) = -3;
//   7, -2: -3; -7, -2: 7 / 2 = 3; 7, 2: 3.  maxCost 200.  h1: the bytes
//   00 11 .. ff twice; h2: None (2 characters); h3: 32 bytes 0xab
//   (rendered hash:ab); h4: None ('g' is not hex).  A.length A.empty =
//   0.  A.init 3 sq = [sq 0; sq 1; sq 2] = [1; 2; 5]; ofArray gives the
//   pair (| 3, arr |), and arr.(2) = 5: stored as 3 * 10 + 5 = 35.
// main's count (contracts.md 1.10): let! m1: 2 + the local open, which
//   is transparent: its body ret (7 @% 4), ret 1 + @% 2 = 3, counts
//   here: 5; let m2: 2 args 2 (the local open naming the function 0);
//   m3 2; m4 2; d1: 2 + (0 - 7) 2 = 4; d2 4; d3: 2 + 2 + 2 = 6; d4 2;
//   mc 0; let! h1..h4: 2 + 1 arg = 3 each, 12; e 0 (the ascription is a
//   type); let! arr: 2 + init 2 = 4; dp: ofArray 1; x: op_Array_Access
//   2.  5 + 2 + 2 + 2 + 4 + 4 + 6 + 2 + 12 + 4 + 1 + 2 = 46.  Last line:
//   >>= 2 + ofTxSkel 1 + setStateUpdate 1 + Collection 1 + List 1 +
//   list of 15 (2 * 15) 30 = 36; elements: eight I64 (I64.int_to_t v) 2
//   = 16, U64 (uint_to_t mc) 2, four matches (scrutinee 0 + 3 leaves,
//   Some h 2 and None 1, + max (Hash h 1, U64 0UL 1)) 4 = 16, U64
//   (uint_to_t (A.length e)) 3, U64 (uint_to_t (dfst dp * 10 + x)) 2 +
//   (+ 2, * 2, dfst 1) 5 = 7: 44.  36 + 44 = 80.
//   46 + 80 = 126.
// Zulib and helpers: four parses 4 * 32 = 128; A.init 3 * (5 + 4) + 4 =
//   31 (sq 5 each); @%, op_At_Percent, div_floor, maxCost, empty,
//   ofArray, op_Array_Access 0; ofTxSkel 3 + setStateUpdate 3 = 6.  165.
// Total 126 + 165 = 291.
// case: x | - | 291 | 291 | OK in=[] out=[] S=[i64:-1,i64:1,i64:-2,i64:0,i64:-3,i64:-3,i64:3,i64:3,u64:200,hash:00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff,u64:0,hash:ab,u64:0,u64:0,u64:35]
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 291
