(* zcov-uint64: FStar.UInt64's add, sub, mul, checked_sub, checked_mul,
   checked_div, eq, lte, to_string, of_string and fits, and the operators
   +^ -^ *^ +?^ *?^ /?^ =^ >^ >=^ <^ (under `let open FStar.UInt64`).
   logand, logor, logxor, lognot, shift_left and shift_right are in
   zcov-uint64-bitwise.fst.  Options are stored through
   Zen.Option.fromOption with 99 for None; booleans as 1 or 0.  main
   stores 29 values in its state. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module CR = Zen.ContractResult
module O = Zen.Option
module U64 = FStar.UInt64

// Values (Zulib v0.3.43 fstar/FStar.UInt64.fst and
// fsharp/Realized/FStar.UInt64.fs; contracts.md 4.4 and 7):
//   1 add 3 4 = 7; 2 sub 10 4 = 6; 3 mul 6 7 = 42;
//   4 checked_sub 5 3 = Some 2 -> 2;
//   5 checked_sub 3 5: -2 does not fit (0 <= x fails), None -> 99;
//   6 checked_mul 3 5 = Some 15 -> 15;
//   7 checked_mul 2^32 2^32 = 2^64 > 2^64 - 1: None -> 99;
//   8 checked_div 7 2 = Some (7 / 2 = 3) -> 3;
//   9 checked_div 7 0: v b = 0, None -> 99;
//   10 eq 3 3 = true -> 1; 11 lte 4 3 = false -> 0;
//   12 to_string 1234 = "1234" (decimal);
//   13 of_string "42" = Some 42 -> 42; 14 of_string "abc" = None -> 99;
//   15 of_string "0x1F" = Some 0x1F = Some 31 (F#'s uint64 parser reads
//     the 0x prefix, contracts.md 7) -> 31;
//   16 fits 5 = (0 <= 5 && 5 <= 2^64 - 1) = true -> 1;
//   17 fits (0 - 1) = false (0 <= -1 fails) -> 0;
//   18 100 +^ 23 = 123; 19 100 -^ 7 = 93; 20 12 *^ 12 = 144;
//   21 1 +?^ 2 = Some 3 -> 3;
//   22 (2^64 - 1) +?^ 1 = 2^64 does not fit: None -> 99;
//   23 5 *?^ 5 = Some 25 -> 25; 24 9 /?^ 3 = Some 3 -> 3;
//   25 1 /?^ 0 = None -> 99;
//   26 5 =^ 6 false -> 0; 27 6 >^ 5 true -> 1; 28 5 >=^ 5 true -> 1;
//   29 5 <^ 5 false -> 0.
// main's count (contracts.md 1.10): main's body is a `let open`, which
//   is transparent: its body counts in its place:
//   >>= 2 + ofTxSkel 1 + setStateUpdate 1 + Collection 1 + List 1 = 6;
//   a list of 29: 2 * 29 = 58;
//   elements: U64 (f a b) 1 + 2 = 3 for 1-3, 18-20 (6 elements): 18;
//   U64 (O.fromOption 99UL (f a b)) 1 + 2 + 2 = 5 for 4-9, 21-25 (11
//     elements): 55;
//   U64 (if f a b then 1UL else 0UL) 1 + if 3 + 2 + max(0, 0) = 6 for
//     10, 11, 26-29 (6 elements): 36;
//   12 String (to_string 1234UL) 1 + 1 = 2;
//   13-15 U64 (O.fromOption 99UL (of_string s)) 1 + 2 + 1 = 4 each: 12;
//   16 U64 (if fits 5 ...) 1 + 3 + 1 = 5;
//   17 U64 (if fits (0 - 1) ...) 1 + 3 + (fits 1 + (-) 2) = 7.
//   18 + 55 + 36 + 2 + 12 + 5 + 7 = 135.  6 + 58 + 135 = 199.
// Zulib: ofTxSkel 3 + setStateUpdate 3 = 6; FStar.UInt64's functions and
//   operators and O.fromOption cost nothing.  199 + 6 = 205.
// case: x | - | 205 | 205 | OK in=[] out=[] S=[u64:7,u64:6,u64:42,u64:2,u64:99,u64:15,u64:99,u64:3,u64:99,u64:1,u64:0,str:1234,u64:42,u64:99,u64:31,u64:1,u64:0,u64:123,u64:93,u64:144,u64:3,u64:99,u64:25,u64:3,u64:99,u64:0,u64:1,u64:1,u64:0]
val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 205
let main txSkel context contractId command sender messageBody wallet state =
  let open FStar.UInt64 in
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        U64 (U64.add 3UL 4UL);                                       // 1
        U64 (U64.sub 10UL 4UL);
        U64 (U64.mul 6UL 7UL);
        U64 (O.fromOption 99UL (U64.checked_sub 5UL 3UL));
        U64 (O.fromOption 99UL (U64.checked_sub 3UL 5UL));           // 5
        U64 (O.fromOption 99UL (U64.checked_mul 3UL 5UL));
        U64 (O.fromOption 99UL
               (U64.checked_mul 4294967296UL 4294967296UL));
        U64 (O.fromOption 99UL (U64.checked_div 7UL 2UL));
        U64 (O.fromOption 99UL (U64.checked_div 7UL 0UL));
        U64 (if U64.eq 3UL 3UL then 1UL else 0UL);                   // 10
        U64 (if U64.lte 4UL 3UL then 1UL else 0UL);
        String (U64.to_string 1234UL);
        U64 (O.fromOption 99UL (U64.of_string "42"));
        U64 (O.fromOption 99UL (U64.of_string "abc"));
        U64 (O.fromOption 99UL (U64.of_string "0x1F"));              // 15
        U64 (if U64.fits 5 then 1UL else 0UL);
        U64 (if U64.fits (0 - 1) then 1UL else 0UL);
        U64 (100UL +^ 23UL);
        U64 (100UL -^ 7UL);
        U64 (12UL *^ 12UL);                                          // 20
        U64 (O.fromOption 99UL (1UL +?^ 2UL));
        U64 (O.fromOption 99UL (18446744073709551615UL +?^ 1UL));
        U64 (O.fromOption 99UL (5UL *?^ 5UL));
        U64 (O.fromOption 99UL (9UL /?^ 3UL));
        U64 (O.fromOption 99UL (1UL /?^ 0UL));                       // 25
        U64 (if 5UL =^ 6UL then 1UL else 0UL);
        U64 (if 6UL >^ 5UL then 1UL else 0UL);
        U64 (if 5UL >=^ 5UL then 1UL else 0UL);
        U64 (if 5UL <^ 5UL then 1UL else 0UL) ]))

val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 205
