(* zcov-uint32: FStar.UInt32 by name (add, sub, mul, sub_mod, mul_mod,
   checked_add/sub/mul/div, div, eq, gt, to_string, of_string, fits),
   each called once or twice, qualified, inside main's state list.  Zulib
   v0.3.43 gives none of them a cost index: they charge only the
   syntactic count.  Options are rendered with Zen.Option.maybe: Some x
   as u32:x, None as str:none; booleans as u32:1 / u32:0.  (logand,
   logor, logxor, lognot, shift_left and shift_right are not here:
   Zulib v0.3.43 comments them out.) *)
open Zen.Types
open Zen.Base
open Zen.Cost

module O = Zen.Option
module U32 = FStar.UInt32
module CR = Zen.ContractResult

// Values (Zulib fstar/FStar.UInt32.fst at v0.3.43; 2^32 = 4294967296):
//   add 4000000000 294967295 = 4294967295.  sub 100000 1 = 99999.
//   mul 65536 65535 = 4294901760 (2^32 - 2^16).
//   sub_mod 1 2 = (-1) % 2^32 = 4294967295.
//   mul_mod 65536 65537 = 2^32 + 2^16 = 4295032832 % 2^32 = 65536.
//   checked_add: 4294967295 + 0 fits: Some 4294967295; 4294967295 + 1
//     = 2^32: None.
//   checked_sub: 0 - 1: None; 70000 - 4464 = 65536: Some 65536.
//   checked_mul: 65536 * 65536 = 2^32: None; 65535 * 65537 = 2^32 - 1:
//     Some 4294967295.
//   checked_div: divisor 0: None; 4294967295 / 65537 = 65535 (the
//     product above): Some 65535.
//   div 1000000 7 = 142857 (7 * 142857 = 999999).
//   eq 5 5 true; gt 4294967295 4294967294 true.
//   to_string 4294967295 = "4294967295" (decimal).
//   of_string (F#'s uint32 parser, Zulib fsharp/Realized/FStar.UInt32.fs):
//   "4294967295" Some 4294967295; "4294967296" overflows: None; "12a"
//   is no number: None.
//   fits 4294967295 true; fits 4294967296 false.
//
// main's count: >>= 2 + ofTxSkel 1 + setStateUpdate 1 + Collection 1 +
//   List 1 = 6; list of 22 elements, 2 each = 44.  Elements:
//   U32 (U32.f a b), five (add sub mul sub_mod mul_mod): U32 1 + f 2 = 3
//     each: 15.
//   O.maybe (String "none") U32 (U32.checked_f a b), eight: maybe 3 +
//     String 1 + U32 (a name) 0 + checked_f 2 = 6 each: 48.
//   U32 (U32.div ..): 3.
//   U32 (if U32.cmp a b then 1ul else 0ul), two (eq gt): U32 1 + if (3 +
//     cmp 2 + max(0, 0)) = 6 each: 12.
//   String (U32.to_string ..): 1 + 1 = 2.
//   O.maybe (String "none") U32 (U32.of_string s), three: 3 + 1 + 0 + 1
//     = 5 each: 15.
//   U32 (if U32.fits n then 1ul else 0ul), two: 1 + (3 + 1) = 5 each: 10.
//   Elements 15 + 48 + 3 + 12 + 2 + 15 + 10 = 105.
//   6 + 44 + 105 = 155.
// Zulib: ofTxSkel 3 + setStateUpdate 3 = 6 (the UInt32 functions and
//   O.maybe cost nothing).  155 + 6 = 161.  Every bind runs: RAW = 161.
// case: x | - | 161 | 161 | OK in=[] out=[] S=[u32:4294967295,u32:99999,u32:4294901760,u32:4294967295,u32:65536,u32:4294967295,str:none,str:none,u32:65536,str:none,u32:4294967295,str:none,u32:65535,u32:142857,u32:1,u32:1,str:4294967295,u32:4294967295,str:none,str:none,u32:1,u32:0]
val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 161
let main txSkel context contractId command sender messageBody wallet state =
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        U32 (U32.add 4000000000ul 294967295ul);
        U32 (U32.sub 100000ul 1ul);
        U32 (U32.mul 65536ul 65535ul);
        U32 (U32.sub_mod 1ul 2ul);
        U32 (U32.mul_mod 65536ul 65537ul);
        O.maybe (String "none") U32 (U32.checked_add 4294967295ul 0ul);
        O.maybe (String "none") U32 (U32.checked_add 4294967295ul 1ul);
        O.maybe (String "none") U32 (U32.checked_sub 0ul 1ul);
        O.maybe (String "none") U32 (U32.checked_sub 70000ul 4464ul);
        O.maybe (String "none") U32 (U32.checked_mul 65536ul 65536ul);
        O.maybe (String "none") U32 (U32.checked_mul 65535ul 65537ul);
        O.maybe (String "none") U32 (U32.checked_div 4294967295ul 0ul);
        O.maybe (String "none") U32 (U32.checked_div 4294967295ul 65537ul);
        U32 (U32.div 1000000ul 7ul);
        U32 (if U32.eq 5ul 5ul then 1ul else 0ul);
        U32 (if U32.gt 4294967295ul 4294967294ul then 1ul else 0ul);
        String (U32.to_string 4294967295ul);
        O.maybe (String "none") U32 (U32.of_string "4294967295");
        O.maybe (String "none") U32 (U32.of_string "4294967296");
        O.maybe (String "none") U32 (U32.of_string "12a");
        U32 (if U32.fits 4294967295 then 1ul else 0ul);
        U32 (if U32.fits 4294967296 then 1ul else 0ul) ]))

// cf's count: ret 1; its value 161.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 161
