(* zcov-int64: FStar.Int64's add, sub, mul, add_mod, sub_mod, mul_mod,
   checked_add, checked_sub, checked_mul, checked_div, div, rem, eq, gt,
   gte, lt, lte, to_string, of_string, fits and mod, on negative numbers
   and at the edges of the range.  The operators are in zcov-int64-2.fst,
   logand, logor, logxor and lognot in zcov-int64-bitwise.fst.  Options
   are stored through Zen.Option.fromOption with 99 for None; booleans
   as 1 or 0.  main stores 30 values in its state. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module CR = Zen.ContractResult
module O = Zen.Option
module I64 = FStar.Int64

// Semantics (Zulib v0.3.43 fstar/FStar.Int64.fst, Zen.Integers; contracts.md
// 4.4 and 7): the _mod functions wrap with x @% 2^64 (m = x % 2^64, minus
// 2^64 when m >= 2^63); div is div_floor, which despite its name
// truncates toward zero (-(|a| / |b|) when the signs differ); rem a b =
// mod (v a) (v b) = a - (a `div_floor` b) * b (the sign of a); the
// checked_ functions give None when the exact result does not fit in
// [-2^63, 2^63 - 1] (checked_div also when b = 0).
// Let n7 = 0 - 7 = -7, n1 = 0 - 1 = -1, mn = -1 - (2^63 - 1) = -2^63.
// Values:
//   1 n7 = sub 0 7 = -7; 2 add -7 3 = -4; 3 mul -7 6 = -42;
//   4 add_mod (2^63 - 1) 1 = 2^63 @% 2^64 = 2^63 - 2^64 = -2^63
//     = -9223372036854775808;
//   5 sub_mod -2^63 1 = (-2^63 - 1) @% 2^64: m = 2^64 - 2^63 - 1 =
//     2^63 - 1 < 2^63, so 9223372036854775807;
//   6 mul_mod (2^63 - 1) 2 = 2^64 - 2, m >= 2^63: -2;
//   7 checked_add (2^63 - 1) 1: 2^63 does not fit, None -> 99;
//   8 checked_add -7 2 = Some -5 -> -5;
//   9 checked_sub -2^63 1: -2^63 - 1 does not fit, None -> 99;
//   10 checked_sub 2 9 = Some -7 -> -7;
//   11 checked_mul -7 -7 = Some 49 -> 49;
//   12 checked_mul 2^32 2^31 = 2^63 does not fit, None -> 99;
//   13 checked_div -7 2 = Some (-(7 / 2)) = Some -3 -> -3;
//   14 checked_div -2^63 -1 = 2^63 does not fit, None -> 99;
//   15 checked_div 7 0: v b = 0, None -> 99;
//   16 div -7 2 = -(7 / 2) = -3; 17 div 20 -7 = -(20 / 7) = -2;
//   18 rem -7 2 = -7 - (-3 * 2) = -1; 19 rem 20 -7 = 20 - (-2 * -7) = 6;
//   20 eq -7 -7 true -> 1; 21 gt -7 0 false -> 0; 22 gte 0 -7 true -> 1;
//   23 lt -7 -1 true -> 1; 24 lte -1 -7 false -> 0;
//   25 to_string -7 = "-7";
//   26 of_string "-123" = Some -123 -> -123;
//   27 of_string "1x" = None -> 99;
//   28 fits (0 - 5) = (-2^63 <= -5 && -5 <= 2^63 - 1) = true -> 1;
//   29 int_to_t (mod (0 - 7) 2) = -7 - (-3 * 2) = -1;
//   30 int_to_t (mod 7 (0 - 2)) = 7 - (-3 * -2) = 1.
// main's count (contracts.md 1.10): the plain lets count their right
//   sides: n7 sub 2, n1 sub 2, mn sub 2: 6.
//   >>= 2 + ofTxSkel 1 + setStateUpdate 1 + Collection 1 + List 1 = 6;
//   a list of 30: 60;
//   elements: 1 I64 n7 1;
//   I64 (f a b) 1 + 2 = 3 for 2-6, 16-19 (9 elements): 27;
//   I64 (O.fromOption 99L (f a b)) 1 + 2 + 2 = 5 for 7-15 (9 elements):
//     45;
//   U64 (if f a b then 1UL else 0UL) 1 + if 3 + 2 + max(0, 0) = 6 for
//     20-24 (5 elements): 30;
//   25 String (to_string n7) 1 + 1 = 2;
//   26, 27 I64 (O.fromOption 99L (of_string s)) 1 + 2 + 1 = 4 each: 8;
//   28 U64 (if fits (0 - 5) ...) 1 + 3 + (fits 1 + (-) 2) = 7;
//   29, 30 I64 (int_to_t (mod x y)) 1 + 1 + 2 + one (-) 2 = 6 each: 12.
//   1 + 27 + 45 + 30 + 2 + 8 + 7 + 12 = 132.  6 + 6 + 60 + 132 = 204.
// Zulib: ofTxSkel 3 + setStateUpdate 3 = 6; FStar.Int64's functions and
//   O.fromOption cost nothing.  204 + 6 = 210.
// case: x | - | 210 | 210 | OK in=[] out=[] S=[i64:-7,i64:-4,i64:-42,i64:-9223372036854775808,i64:9223372036854775807,i64:-2,i64:99,i64:-5,i64:99,i64:-7,i64:49,i64:99,i64:-3,i64:99,i64:99,i64:-3,i64:-2,i64:-1,i64:6,u64:1,u64:0,u64:1,u64:1,u64:0,str:-7,i64:-123,i64:99,u64:1,i64:-1,i64:1]
val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 210
let main txSkel context contractId command sender messageBody wallet state =
  let n7 = I64.sub 0L 7L in
  let n1 = I64.sub 0L 1L in
  let mn = I64.sub n1 9223372036854775807L in
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        I64 n7;                                                      // 1
        I64 (I64.add n7 3L);
        I64 (I64.mul n7 6L);
        I64 (I64.add_mod 9223372036854775807L 1L);
        I64 (I64.sub_mod mn 1L);                                     // 5
        I64 (I64.mul_mod 9223372036854775807L 2L);
        I64 (O.fromOption 99L (I64.checked_add 9223372036854775807L 1L));
        I64 (O.fromOption 99L (I64.checked_add n7 2L));
        I64 (O.fromOption 99L (I64.checked_sub mn 1L));
        I64 (O.fromOption 99L (I64.checked_sub 2L 9L));              // 10
        I64 (O.fromOption 99L (I64.checked_mul n7 n7));
        I64 (O.fromOption 99L (I64.checked_mul 4294967296L 2147483648L));
        I64 (O.fromOption 99L (I64.checked_div n7 2L));
        I64 (O.fromOption 99L (I64.checked_div mn n1));
        I64 (O.fromOption 99L (I64.checked_div 7L 0L));              // 15
        I64 (I64.div n7 2L);
        I64 (I64.div 20L n7);
        I64 (I64.rem n7 2L);
        I64 (I64.rem 20L n7);
        U64 (if I64.eq n7 n7 then 1UL else 0UL);                     // 20
        U64 (if I64.gt n7 0L then 1UL else 0UL);
        U64 (if I64.gte 0L n7 then 1UL else 0UL);
        U64 (if I64.lt n7 n1 then 1UL else 0UL);
        U64 (if I64.lte n1 n7 then 1UL else 0UL);
        String (I64.to_string n7);                                   // 25
        I64 (O.fromOption 99L (I64.of_string "-123"));
        I64 (O.fromOption 99L (I64.of_string "1x"));
        U64 (if I64.fits (0 - 5) then 1UL else 0UL);
        I64 (I64.int_to_t (I64.mod (0 - 7) 2));
        I64 (I64.int_to_t (I64.mod 7 (0 - 2))) ]))                  // 30

val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 210
