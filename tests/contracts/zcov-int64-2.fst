(* zcov-int64-2: FStar.Int64's operators +^ -^ *^ +%^ -%^ *%^ +?^ -?^
   *?^ /?^ /^ %^ =^ >^ >=^ <^ <=^, under `let open FStar.Int64`, on
   negative numbers and at the edges of the range.  Options are stored
   through Zen.Option.fromOption with 99 for None; booleans as 1 or 0.
   main stores 23 values in its state. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module CR = Zen.ContractResult
module O = Zen.Option

// Semantics as in zcov-int64.fst (the operators are Zulib's `unfold let`
// aliases: +^ add, -^ sub, *^ mul, +%^ add_mod, -%^ sub_mod, *%^ mul_mod,
// +?^ checked_add, -?^ checked_sub, *?^ checked_mul, /?^ checked_div,
// /^ div, %^ rem, =^ eq, >^ gt, >=^ gte, <^ lt, <=^ lte): the %^-wrapping
// ones reduce with @% 2^64 into [-2^63, 2^63 - 1]; /^ truncates toward
// zero; %^ has the sign of the dividend.
// Let n7 = 0 -^ 7 = -7 and mn = (0 -^ (2^63 - 1)) -^ 1 = -2^63.
// Values:
//   1 n7 = -7; 2 -7 +^ 10 = 3; 3 -7 *^ 3 = -21;
//   4 (2^63 - 1) +%^ 2 = 2^63 + 1 >= 2^63: 2^63 + 1 - 2^64 = -2^63 + 1
//     = -9223372036854775807;
//   5 -2^63 -%^ 2 = -2^63 - 2: m = 2^64 - 2^63 - 2 = 2^63 - 2
//     = 9223372036854775806;
//   6 -7 *%^ (2^63 - 1) = -7 * 2^63 + 7; -7 * 2^63 = -4 * 2^64 + 2^63,
//     so m = 2^63 + 7 >= 2^63: 2^63 + 7 - 2^64 = -2^63 + 7
//     = -9223372036854775801;
//   7 -7 +?^ -2^63: -2^63 - 7 does not fit, None -> 99;
//   8 -7 +?^ 7 = Some 0 -> 0;
//   9 (2^63 - 1) -?^ -7 = 2^63 + 6 does not fit, None -> 99;
//   10 3 -?^ 10 = Some -7 -> -7; 11 -7 *?^ 5 = Some -35 -> -35;
//   12 -2^63 *?^ 2 = -2^64 does not fit, None -> 99;
//   13 -7 /?^ 2 = Some (-(7 / 2)) = Some -3 -> -3;
//   14 7 /?^ 0 = None -> 99;
//   15 -2^63 /?^ (0 -^ 1) = 2^63 does not fit, None -> 99;
//   16 100 /^ -7 = -(100 / 7) = -14;
//   17 100 %^ -7 = 100 - (-14 * -7) = 100 - 98 = 2;
//   18 -7 %^ 4 = -7 - (-(7 / 4) * 4) = -7 - (-4) = -3;
//   19 -7 =^ 7 false -> 0; 20 0 >^ -7 true -> 1; 21 -7 >=^ 0 false -> 0;
//   22 -2^63 <^ -7 true -> 1; 23 -7 <=^ -7 true -> 1.
// main's count (contracts.md 1.10): main's body is a `let open`, which
//   is transparent: its body counts in its place: the plain lets'
//   right sides: n7 -^ 2, mn two -^ 4: 6;
//   >>= 2 + ofTxSkel 1 + setStateUpdate 1 + Collection 1 + List 1 = 6;
//   a list of 23: 46;
//   elements: 1 I64 n7 1;
//   I64 (a OP b) 1 + 2 = 3 for 2-6, 16-18 (8 elements): 24;
//   I64 (O.fromOption 99L (a OP b)) 1 + 2 + 2 = 5 for 7-14 (8 elements):
//     40;
//   15 I64 (O.fromOption 99L (mn /?^ (0L -^ 1L))) 1 + 2 + 2 + 2 = 7;
//   U64 (if a OP b then 1UL else 0UL) 1 + if 3 + 2 + max(0, 0) = 6 for
//     19-23 (5 elements): 30.
//   1 + 24 + 40 + 7 + 30 = 102.  6 + 6 + 46 + 102 = 160.
// Zulib: ofTxSkel 3 + setStateUpdate 3 = 6; the operators and
//   O.fromOption cost nothing.  160 + 6 = 166.
// case: x | - | 166 | 166 | OK in=[] out=[] S=[i64:-7,i64:3,i64:-21,i64:-9223372036854775807,i64:9223372036854775806,i64:-9223372036854775801,i64:99,i64:0,i64:99,i64:-7,i64:-35,i64:99,i64:-3,i64:99,i64:99,i64:-14,i64:2,i64:-3,u64:0,u64:1,u64:0,u64:1,u64:1]
val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 166
let main txSkel context contractId command sender messageBody wallet state =
  let open FStar.Int64 in
  let n7 = 0L -^ 7L in
  let mn = (0L -^ 9223372036854775807L) -^ 1L in
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        I64 n7;                                                      // 1
        I64 (n7 +^ 10L);
        I64 (n7 *^ 3L);
        I64 (9223372036854775807L +%^ 2L);
        I64 (mn -%^ 2L);                                             // 5
        I64 (n7 *%^ 9223372036854775807L);
        I64 (O.fromOption 99L (n7 +?^ mn));
        I64 (O.fromOption 99L (n7 +?^ 7L));
        I64 (O.fromOption 99L (9223372036854775807L -?^ n7));
        I64 (O.fromOption 99L (3L -?^ 10L));                         // 10
        I64 (O.fromOption 99L (n7 *?^ 5L));
        I64 (O.fromOption 99L (mn *?^ 2L));
        I64 (O.fromOption 99L (n7 /?^ 2L));
        I64 (O.fromOption 99L (7L /?^ 0L));
        I64 (O.fromOption 99L (mn /?^ (0L -^ 1L)));                  // 15
        I64 (100L /^ n7);
        I64 (100L %^ n7);
        I64 (n7 %^ 4L);
        U64 (if n7 =^ 7L then 1UL else 0UL);
        U64 (if 0L >^ n7 then 1UL else 0UL);                         // 20
        U64 (if n7 >=^ 0L then 1UL else 0UL);
        U64 (if mn <^ n7 then 1UL else 0UL);
        U64 (if n7 <=^ n7 then 1UL else 0UL) ]))

val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 166
