(* zcov-list-2: Zen.List's ( :: ) (Zulib fstar/Zen.List.fst: let (::) =
   cons, a function, unlike the infix x :: xs, which F* reads as the
   constructor Cons).  It is named through a local open of the
   parenthesised operator, L.(( :: )): zen refuses L.( :: ) (after `.(`
   a bare operator is no term, in F*'s grammar too).  main stores the
   list [4; 5; 6] in its state. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module L = Zen.List
module U64 = FStar.UInt64
module CR = Zen.ContractResult

// count: ret 1 + U64 1 + uint_to_t 1 = 3.
val u: int -> data `cost` 3
let u x = ret (U64 (U64.uint_to_t x))

// A list of ints as a data list.  count: let! 2 + mapT 2 + ret 1 +
// Collection 1 + List 1 = 7; Zulib mapT with u (n = 3):
// len * (3 + 2) + 2.  len * 5 + 9.
val dl: ls:list int -> data `cost` (length ls * 5 + 9)
let dl ls =
  let! xs = L.mapT u ls in
  ret (Collection (List xs))

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 43
let main txSkel context contractId command sender messageBody wallet state =
  let cc = L.(( :: )) 4 (L.(( :: )) 5 [ 6 ]) in          // [4; 5; 6]
  let! d = dl cc in
  CR.ofTxSkel txSkel >>= CR.setStateUpdate d

// Values: (::) 5 [6] = [5; 6]; (::) 4 [5; 6] = [4; 5; 6].
// main's count (contracts.md 1.10): let cc: 2 args 2 (the local open 0)
//   + the inner call (2 args 2 + [6] 2) 4 = 6; let! d: 2 + dl 1 = 3;
//   last line: >>= 2 + ofTxSkel 1 + setStateUpdate 1 = 4.  13.
// Zulib and helpers: (::) 0; dl of 3 elements 3 * 5 + 9 = 24; ofTxSkel
//   3 + setStateUpdate 3 = 6.  30.
// Total 13 + 30 = 43.
// case: x | - | 43 | 43 | OK in=[] out=[] S=[u64:4,u64:5,u64:6]
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 43
