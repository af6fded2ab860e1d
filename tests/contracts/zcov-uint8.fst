(* zcov-uint8: FStar.UInt8 by name (uint_to_t, add, sub, mul, add_mod,
   sub_mod, mul_mod, checked_add/sub/mul/div, div, rem, eq, gt, gte, lt,
   lte, to_string, of_string, fits), each called once or twice, qualified,
   inside main's state list.  Zulib v0.3.43 gives none of them a cost
   index: they charge only the syntactic count.  Options are rendered
   with Zen.Option.maybe: Some x as byte:x, None as str:none; booleans as
   u32:1 / u32:0.  (logand, logor, logxor, lognot, shift_left and
   shift_right are not here: Zulib v0.3.43 comments them out.) *)
open Zen.Types
open Zen.Base
open Zen.Cost

module O = Zen.Option
module U8 = FStar.UInt8
module CR = Zen.ContractResult

// Values (Zulib fstar/FStar.UInt8.fst at v0.3.43; v = the int value):
//   uint_to_t 200 = 200.  add 100 55 = 155.  sub 200 58 = 142.
//   mul 12 20 = 240.  add_mod 200 100 = 300 % 256 = 44.
//   sub_mod 5 10 = (-5) % 256 = 251.  mul_mod 20 20 = 400 % 256 = 144.
//   checked_add: 250 + 5 = 255 fits: Some 255; 250 + 6 = 256: None.
//   checked_sub: 10 - 3 = 7: Some 7; 3 - 4 = -1: None.
//   checked_mul: 15 * 17 = 255: Some 255; 16 * 16 = 256: None.
//   checked_div: 200 / 7 = 28: Some 28; divisor 0: None.
//   div 200 7 = 28.  rem 200 7 = 200 - 28 * 7 = 4.
//   eq 7 7 true; gt 7 7 false; gte 7 7 true; lt 3 200 true;
//   lte 200 3 false.
//   to_string 255 = "255" (decimal).
//   of_string (F#'s byte parser, Zulib fsharp/Realized/FStar.UInt8.fs):
//   "42" Some 42; "256" overflows: None; "0x1F" hexadecimal: Some 31.
//   fits 255 true (0 <= 255 <= 255); fits 256 false.
//
// main's count: >>= 2 + ofTxSkel 1 + setStateUpdate 1 + Collection 1 +
//   List 1 = 6; list of 28 elements, 2 each = 56.  Elements:
//   Byte (U8.uint_to_t 200): Byte 1 + uint_to_t 1 = 2.
//   Byte (U8.f a b), six of them (add .. mul_mod): 1 + 2 = 3 each: 18.
//   O.maybe (String "none") Byte (U8.checked_f a b), eight: maybe 3 +
//     String 1 + Byte (a name) 0 + checked_f 2 = 6 each: 48.
//   Byte (U8.div ..), Byte (U8.rem ..): 3 each: 6.
//   U32 (if U8.cmp a b then 1ul else 0ul), five: U32 1 + if (3 + cmp 2
//     + max(0, 0)) = 6 each: 30.
//   String (U8.to_string 255uy): 1 + 1 = 2.
//   O.maybe (String "none") Byte (U8.of_string s), three: 3 + 1 + 0 + 1
//     = 5 each: 15.
//   U32 (if U8.fits n then 1ul else 0ul), two: 1 + (3 + 1) = 5 each: 10.
//   Elements 2 + 18 + 48 + 6 + 30 + 2 + 15 + 10 = 131.
//   6 + 56 + 131 = 193.
// Zulib: ofTxSkel 3 + setStateUpdate 3 = 6 (the UInt8 functions and
//   O.maybe cost nothing).  193 + 6 = 199.  Every bind runs: RAW = 199.
// case: x | - | 199 | 199 | OK in=[] out=[] S=[byte:200,byte:155,byte:142,byte:240,byte:44,byte:251,byte:144,byte:255,str:none,byte:7,str:none,byte:255,str:none,byte:28,str:none,byte:28,byte:4,u32:1,u32:0,u32:1,u32:1,u32:0,str:255,byte:42,str:none,byte:31,u32:1,u32:0]
val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 199
let main txSkel context contractId command sender messageBody wallet state =
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        Byte (U8.uint_to_t 200);
        Byte (U8.add 100uy 55uy);
        Byte (U8.sub 200uy 58uy);
        Byte (U8.mul 12uy 20uy);
        Byte (U8.add_mod 200uy 100uy);
        Byte (U8.sub_mod 5uy 10uy);
        Byte (U8.mul_mod 20uy 20uy);
        O.maybe (String "none") Byte (U8.checked_add 250uy 5uy);
        O.maybe (String "none") Byte (U8.checked_add 250uy 6uy);
        O.maybe (String "none") Byte (U8.checked_sub 10uy 3uy);
        O.maybe (String "none") Byte (U8.checked_sub 3uy 4uy);
        O.maybe (String "none") Byte (U8.checked_mul 15uy 17uy);
        O.maybe (String "none") Byte (U8.checked_mul 16uy 16uy);
        O.maybe (String "none") Byte (U8.checked_div 200uy 7uy);
        O.maybe (String "none") Byte (U8.checked_div 5uy 0uy);
        Byte (U8.div 200uy 7uy);
        Byte (U8.rem 200uy 7uy);
        U32 (if U8.eq 7uy 7uy then 1ul else 0ul);
        U32 (if U8.gt 7uy 7uy then 1ul else 0ul);
        U32 (if U8.gte 7uy 7uy then 1ul else 0ul);
        U32 (if U8.lt 3uy 200uy then 1ul else 0ul);
        U32 (if U8.lte 200uy 3uy then 1ul else 0ul);
        String (U8.to_string 255uy);
        O.maybe (String "none") Byte (U8.of_string "42");
        O.maybe (String "none") Byte (U8.of_string "256");
        O.maybe (String "none") Byte (U8.of_string "0x1F");
        U32 (if U8.fits 255 then 1ul else 0ul);
        U32 (if U8.fits 256 then 1ul else 0ul) ]))

// cf's count: ret 1; its value 199.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 199
