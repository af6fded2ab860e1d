(* zcov-option: Zen.Option bind, >>=, =<<, <$>, $>, ap, <*>, *>, <~>, >=>,
   <=<, bind2, bind3.  Zen.Cost is not opened here, so after `open
   Zen.Option` the operators are Zen.Option's; Zen.Cost is named through
   C and `let!`.  Zen.Option's functions have no cost index, and neither
   do half, next and get (plain functions: their bodies' increments fall
   on values that are not cost values, so nothing is charged); lambdas
   returning an option cost nothing either.  main stores thirteen numbers
   in its state: the value of each option, 0 for None (every Some here
   holds a positive number). *)
open Zen.Types
open Zen.Base
open Zen.Option

module C = Zen.Cost
module CR = Zen.ContractResult
module U64 = FStar.UInt64

val half: int -> option int
let half x = if x % 2 = 0 then Some (x / 2) else None

val next: int -> option int
let next x = Some (x + 1)

val get: option int -> int
let get o = match o with | Some x -> x | None -> 0

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> C.cost CR.t 131
let main txSkel context contractId command sender messageBody wallet state =
  let o1 = bind (Some 12) half in                                  // Some 6
  let o2 = Some 7 >>= half in                                      // None
  let o3 = half =<< Some 20 in                                     // Some 10
  let o4 = op_Addition 1 <$> Some 4 in                             // Some 5
  let o5 = half 8 $> op_Multiply 3 in                              // Some 12
  let o6 = ap (Some (fun x -> 10 - x)) (Some 3) in                 // Some 7
  let o7 = Some (op_Multiply 4) <*> half 10 in                     // Some 20
  let o8 = Some 2 *> Some (op_Addition 40) in                      // Some 42
  let o9 = Some (op_Addition 9) <~> 9 in                           // Some 18
  let o10 = (half >=> next) 12 in                                  // Some 7
  let o11 = (half <=< next) 5 in                                   // Some 3
  let o12 = bind2 (Some 3) (half 4) (fun x y -> Some (x * 10 + y)) in // Some 32
  let o13 = bind3 (Some 1) (Some 2) (half 5)
              (fun x y z -> Some (x + y + z)) in                   // None
  let! tx = CR.ofTxSkel txSkel in
  CR.setStateUpdate (Collection (List [
      U64 (U64.uint_to_t (get o1)); U64 (U64.uint_to_t (get o2));
      U64 (U64.uint_to_t (get o3)); U64 (U64.uint_to_t (get o4));
      U64 (U64.uint_to_t (get o5)); U64 (U64.uint_to_t (get o6));
      U64 (U64.uint_to_t (get o7)); U64 (U64.uint_to_t (get o8));
      U64 (U64.uint_to_t (get o9)); U64 (U64.uint_to_t (get o10));
      U64 (U64.uint_to_t (get o11)); U64 (U64.uint_to_t (get o12));
      U64 (U64.uint_to_t (get o13)) ])) tx

// Values: o1 half 12 = Some 6.  o2 half 7 = None.  o3 half 20 = Some 10.
//   o4 Some (1 + 4).  o5 half 8 = Some 4, times 3: Some 12.  o6 10 - 3 =
//   7.  o7 half 10 = Some 5, times 4: Some 20.  o8 *> applies the right
//   operand's function to the left's value: 40 + 2 = 42.  o9 Some (9 +
//   9).  o10 half 12 = Some 6, then next: Some 7.  o11 g <=< f = f >=> g:
//   next 5 = Some 6, then half: Some 3.  o12 3 * 10 + half 4 (2) = 32.
//   o13 half 5 = None short-circuits: None.
// main's count: plain lets count their right-hand sides (lambdas 0
//   where they occur): o1 bind 2 + Some 12 1 = 3; o2 >>= 2 + Some 7 1 =
//   3; o3 =<< 2 + Some 20 1 = 3; o4 <$> 2 + op_Addition 1 1 + Some 4 1 =
//   4; o5 $> 2 + half 8 1 + op_Multiply 3 1 = 4; o6 ap 2 + Some _ 1 +
//   Some 3 1 = 4; o7 <*> 2 + Some 1 + op_Multiply 4 1 + half 10 1 = 5; o8
//   *> 2 + Some 2 1 + Some 1 + op_Addition 40 1 = 5; o9 <~> 2 + Some 1 +
//   op_Addition 9 1 = 4; o10 the application to 12 1 + >=> 2 = 3; o11
//   <=< the same 3; o12 bind2 3 + Some 3 1 + half 4 1 = 5; o13 bind3 4 +
//   Some 1 1 + Some 2 1 + half 5 1 = 7: 53.  let! tx: 2 +
//   ofTxSkel txSkel 1 + the body: setStateUpdate 2 + Collection 1 + List
//   1 + list of 13 26 + thirteen U64 (U64.uint_to_t (get _)) 39 = 69:
//   72.  53 + 72 = 125.
// Zulib: ofTxSkel 3 + setStateUpdate 3 = 6 (Zen.Option, half, next, get
//   and the lambdas 0).
// Total 125 + 6 = 131.  Without vals the same: 131.
// case: x | - | 131 | 131 | OK in=[] out=[] S=[u64:6,u64:0,u64:10,u64:5,u64:12,u64:7,u64:20,u64:42,u64:18,u64:7,u64:3,u64:32,u64:0]
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> C.cost nat 1
let cf _ _ _ _ _ _ _ = C.ret 131
