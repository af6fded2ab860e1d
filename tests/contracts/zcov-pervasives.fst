(* zcov-pervasives: FStar.Pervasives' dfst, dsnd, ignore, allow_inversion
   and invertOption, and FStar.Pervasives.Native's fst, snd and
   assert_norm, on a dependent pair (| 3UL, 4UL |).  The lemmas and
   `ignore` return (); dfst and dsnd are a dependent pair's fst and snd.
   main stores [3; 4; 3; 4] as U64s. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module CR = Zen.ContractResult
module U64 = FStar.UInt64

// main's count (contracts.md 1.10):
//   let p: (| 3UL, 4UL |) is Mkdtuple2 3UL 4UL, a constructor of two
//     arguments: 2.
//   match p: scrutinee 0 + the pattern's two leaves q, r: 2.
//   u1: ignore q 1.  u2: allow_inversion bool 1.  u3: invertOption
//     U64.t 1.  u4: assert_norm 1 + (1 + 1 = 2): = 2 + (1 + 1) 2 = 5.
//   The last expression: >>= 2 + ofTxSkel 1 + setStateUpdate 1 +
//     Collection 1 + List 1 + a list of 4: 8 + U64 (dfst p) 2 + U64
//     (dsnd p) 2 + U64 (fst (q, 6UL)): U64 1 + fst 1 + a pair 2 = 4 +
//     U64 (snd (5UL, r)) 4 = 26.
//   2 + 2 + 1 + 1 + 1 + 5 + 26 = 38.
// Zulib: ofTxSkel 3 + setStateUpdate 3 = 6; the Pervasives charge
//   nothing.  38 + 6 = 44.
// dfst p = 3, dsnd p = 4, fst (3UL, 6UL) = 3, snd (5UL, 4UL) = 4.
// case: x | - | 44 | 44 | OK in=[] out=[] S=[u64:3,u64:4,u64:3,u64:4]
val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 44
let main txSkel context contractId command sender messageBody wallet state =
  let p = (| 3UL, 4UL |) in
  match p with
  | (| q, r |) ->
    let u1 = ignore q in
    let u2 = allow_inversion bool in
    let u3 = invertOption U64.t in
    let u4 = assert_norm (1 + 1 = 2) in
    CR.ofTxSkel txSkel
    >>= CR.setStateUpdate (Collection (List [
          U64 (dfst p); U64 (dsnd p); U64 (fst (q, 6UL));
          U64 (snd (5UL, r)) ]))

val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 44
