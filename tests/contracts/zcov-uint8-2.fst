(* zcov-uint8-2: the FStar.UInt8 operators +^ -^ *^ +%^ -%^ *%^ +?^ -?^
   *?^ /?^ /^ %^ =^ >^ >=^ <^ <=^ under a local open U8.( ... ), whose
   body returns its list with `ret` (`let!` takes a cost value; the
   local open is transparent to the count: no increment of its own, its
   body counts where it stands).  Zulib v0.3.43
   defines them as the named functions (`unfold let op_Plus_Hat = add`,
   ...) and gives them no cost index.  Options: Some x as byte:x, None as
   str:none (Zen.Option.maybe); booleans as u32:1 / u32:0. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module O = Zen.Option
module U8 = FStar.UInt8
module CR = Zen.ContractResult

// Values (Zulib fstar/FStar.UInt8.fst at v0.3.43):
//   100 +^ 55 = 155.  200 -^ 58 = 142.  12 *^ 20 = 240.
//   200 +%^ 100 = 300 % 256 = 44.  5 -%^ 10 = (-5) % 256 = 251.
//   20 *%^ 20 = 400 % 256 = 144.
//   250 +?^ 5 = Some 255; 250 +?^ 6 (256) = None.
//   10 -?^ 3 = Some 7; 3 -?^ 4 (-1) = None.
//   15 *?^ 17 = Some 255; 16 *?^ 16 (256) = None.
//   200 /?^ 9 = Some 22; 200 /?^ 0 = None.
//   200 /^ 9 = 22.  200 %^ 9 = 200 - 22 * 9 = 2.
//   9 =^ 9 true; 9 >^ 10 false; 10 >=^ 9 true; 10 <^ 9 false;
//   9 <=^ 9 true.
//
// main's count: let! 2 + the last line (>>= 2 + ofTxSkel 1 +
//   setStateUpdate 1 + Collection 1 + List 1 + l 0 = 6) = 8, + the
//   local open (transparent), which counts its body:
// The local open's body: ret 1 + list of 21 elements, 2 each = 42, +
//   elements:
//   Byte (a op b), six (+^ -^ *^ +%^ -%^ *%^): Byte 1 + op 2 = 3 each: 18.
//   O.maybe (String "none") Byte (a op b), eight (+?^ -?^ *?^ /?^ twice
//     each): maybe 3 + String 1 + Byte 0 + op 2 = 6 each: 48.
//   Byte (200uy /^ 9uy), Byte (200uy %^ 9uy): 3 each: 6.
//   U32 (if a cmp b then 1ul else 0ul), five: U32 1 + if (3 + cmp 2 +
//     max(0, 0)) = 6 each: 30.
//   Elements 18 + 48 + 6 + 30 = 102.  Body 1 + 42 + 102 = 145.
//   main 8 + 145 = 153.
// Zulib: ofTxSkel 3 + setStateUpdate 3 = 6.  153 + 6 = 159.  Every bind
//   runs: RAW = 159.
// case: x | - | 159 | 159 | OK in=[] out=[] S=[byte:155,byte:142,byte:240,byte:44,byte:251,byte:144,byte:255,str:none,byte:7,str:none,byte:255,str:none,byte:22,str:none,byte:22,byte:2,u32:1,u32:0,u32:1,u32:0,u32:1]
val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 159
let main txSkel context contractId command sender messageBody wallet state =
  let! l = U8.(ret [
        Byte (100uy +^ 55uy);
        Byte (200uy -^ 58uy);
        Byte (12uy *^ 20uy);
        Byte (200uy +%^ 100uy);
        Byte (5uy -%^ 10uy);
        Byte (20uy *%^ 20uy);
        O.maybe (String "none") Byte (250uy +?^ 5uy);
        O.maybe (String "none") Byte (250uy +?^ 6uy);
        O.maybe (String "none") Byte (10uy -?^ 3uy);
        O.maybe (String "none") Byte (3uy -?^ 4uy);
        O.maybe (String "none") Byte (15uy *?^ 17uy);
        O.maybe (String "none") Byte (16uy *?^ 16uy);
        O.maybe (String "none") Byte (200uy /?^ 9uy);
        O.maybe (String "none") Byte (200uy /?^ 0uy);
        Byte (200uy /^ 9uy);
        Byte (200uy %^ 9uy);
        U32 (if 9uy =^ 9uy then 1ul else 0ul);
        U32 (if 9uy >^ 10uy then 1ul else 0ul);
        U32 (if 10uy >=^ 9uy then 1ul else 0ul);
        U32 (if 10uy <^ 9uy then 1ul else 0ul);
        U32 (if 9uy <=^ 9uy then 1ul else 0ul) ]) in
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List l))

// cf's count: ret 1; its value 159.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 159
