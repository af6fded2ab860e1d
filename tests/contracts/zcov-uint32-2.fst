(* zcov-uint32-2: the FStar.UInt32 operators +^ -^ *^ -%^ *%^ +?^ -?^
   *?^ /?^ /^ %^ =^ >^ >=^ <^ <=^ under a local open U32.( ... ), whose
   body returns its list with `ret` (`let!` takes a cost value; the
   local open is transparent to the count: no increment of its own, its
   body counts where it stands).  Zulib v0.3.43
   defines them as the named functions (`unfold let op_Plus_Hat = add`,
   ...) and gives them no cost index.  Options: Some x as u32:x, None as
   str:none (Zen.Option.maybe); booleans as u32:1 / u32:0. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module O = Zen.Option
module U32 = FStar.UInt32
module CR = Zen.ContractResult

// Values (Zulib fstar/FStar.UInt32.fst at v0.3.43; 2^32 = 4294967296):
//   4000000000 +^ 294967295 = 4294967295.  100000 -^ 1 = 99999.
//   65536 *^ 65535 = 4294901760.  1 -%^ 2 = (-1) % 2^32 = 4294967295.
//   65536 *%^ 65537 = 4295032832 % 2^32 = 65536.
//   4294967295 +?^ 1 (2^32) = None; 4294967294 +?^ 1 = Some 4294967295.
//   0 -?^ 1 = None; 70000 -?^ 4464 = Some 65536.
//   65536 *?^ 65536 (2^32) = None; 65535 *?^ 65537 = Some 4294967295.
//   7 /?^ 0 = None; 1000000 /?^ 7 = Some 142857.
//   1000000 /^ 7 = 142857.  1000000 %^ 7 = 1000000 - 999999 = 1.
//   5 =^ 6 false; 6 >^ 5 true; 5 >=^ 6 false; 5 <^ 6 true;
//   6 <=^ 5 false.
//
// main's count: let! 2 + the last line (>>= 2 + ofTxSkel 1 +
//   setStateUpdate 1 + Collection 1 + List 1 + l 0 = 6) = 8, + the
//   local open (transparent), which counts its body:
// The local open's body: ret 1 + list of 20 elements, 2 each = 40, +
//   elements:
//   U32 (a op b), five (+^ -^ *^ -%^ *%^): U32 1 + op 2 = 3 each: 15.
//   O.maybe (String "none") U32 (a op b), eight (+?^ -?^ *?^ /?^ twice
//     each): maybe 3 + String 1 + U32 0 + op 2 = 6 each: 48.
//   U32 (a /^ b), U32 (a %^ b): 3 each: 6.
//   U32 (if a cmp b then 1ul else 0ul), five: U32 1 + if (3 + cmp 2 +
//     max(0, 0)) = 6 each: 30.
//   Elements 15 + 48 + 6 + 30 = 99.  Body 1 + 40 + 99 = 140.
//   main 8 + 140 = 148.
// Zulib: ofTxSkel 3 + setStateUpdate 3 = 6.  148 + 6 = 154.  Every bind
//   runs: RAW = 154.
// case: x | - | 154 | 154 | OK in=[] out=[] S=[u32:4294967295,u32:99999,u32:4294901760,u32:4294967295,u32:65536,str:none,u32:4294967295,str:none,u32:65536,str:none,u32:4294967295,str:none,u32:142857,u32:142857,u32:1,u32:0,u32:1,u32:0,u32:1,u32:0]
val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 154
let main txSkel context contractId command sender messageBody wallet state =
  let! l = U32.(ret [
        U32 (4000000000ul +^ 294967295ul);
        U32 (100000ul -^ 1ul);
        U32 (65536ul *^ 65535ul);
        U32 (1ul -%^ 2ul);
        U32 (65536ul *%^ 65537ul);
        O.maybe (String "none") U32 (4294967295ul +?^ 1ul);
        O.maybe (String "none") U32 (4294967294ul +?^ 1ul);
        O.maybe (String "none") U32 (0ul -?^ 1ul);
        O.maybe (String "none") U32 (70000ul -?^ 4464ul);
        O.maybe (String "none") U32 (65536ul *?^ 65536ul);
        O.maybe (String "none") U32 (65535ul *?^ 65537ul);
        O.maybe (String "none") U32 (7ul /?^ 0ul);
        O.maybe (String "none") U32 (1000000ul /?^ 7ul);
        U32 (1000000ul /^ 7ul);
        U32 (1000000ul %^ 7ul);
        U32 (if 5ul =^ 6ul then 1ul else 0ul);
        U32 (if 6ul >^ 5ul then 1ul else 0ul);
        U32 (if 5ul >=^ 6ul then 1ul else 0ul);
        U32 (if 5ul <^ 6ul then 1ul else 0ul);
        U32 (if 6ul <=^ 5ul then 1ul else 0ul) ]) in
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List l))

// cf's count: ret 1; its value 154.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 154
