(* zcov-set: Zen.Set's empty, add, remove and contains (Zulib
   fsharp/Realized/Zen.Set.fs; Zen.Set.count has no F# definition, so no
   contract can name it).  Adding an element already there changes
   nothing, and two sets of the same elements are equal.  main stores
   [1; 0; 1] as U64s. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module S = Zen.Set
module U64 = FStar.UInt64
module CR = Zen.ContractResult

// Values: s1 = {5}; s2 = {2, 5}; s3 = s2 with 5 again = {2, 5}; s4 = s3
//   without 2 = {5}.  c1 = contains 5 s4 = true, c2 = contains 2 s4 =
//   false, s3 = s2 is true.  State [1; 0; 1].
// main's count (contracts.md 1.10): six let! of one variable, 2 each
//   = 12.  Right-hand sides: S.add, S.add, S.add, S.remove,
//   S.contains, S.contains, two arguments each (S.empty is a name, 0):
//   12.  The last expression: >>= 2 + ofTxSkel 1 + setStateUpdate 1 +
//   Collection 1 + List 1 + a list of 3: 6 + U64 (if c1 ...) 1 + if 3
//   (a variable condition, constant branches) = 4 + the same for c2 4 +
//   U64 (if s3 = s2 ...) 1 + if 3 + (s3 = s2) 2 = 6: 26.
//   12 + 12 + 26 = 50.
// Zulib: add, contains and remove cost 64 each, six calls: 384;
//   ofTxSkel 3 + setStateUpdate 3 = 6.  50 + 384 + 6 = 440.
// case: x | - | 440 | 440 | OK in=[] out=[] S=[u64:1,u64:0,u64:1]
val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 440
let main txSkel context contractId command sender messageBody wallet state =
  let! s1 = S.add 5UL S.empty in
  let! s2 = S.add 2UL s1 in
  let! s3 = S.add 5UL s2 in
  let! s4 = S.remove 2UL s3 in
  let! c1 = S.contains 5UL s4 in
  let! c2 = S.contains 2UL s4 in
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        U64 (if c1 then 1UL else 0UL);
        U64 (if c2 then 1UL else 0UL);
        U64 (if s3 = s2 then 1UL else 0UL) ]))

val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 440
