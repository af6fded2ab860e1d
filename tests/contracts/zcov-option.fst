(* zcov-option: Zen.Option bind, >>=, =<<, <$>, $>, ap, <*>, *>, <~>, >=>,
   <=<, bind2, bind3.  Zen.Cost is not opened here, so after `open
   Zen.Option` the operators are Zen.Option's; Zen.Cost is named through
   C and `let!`.  Zen.Option's functions have no cost index, so their
   continuations are pure functions; the reference's elaborator wraps any
   body that counts (a helper's, a lambda's) in Zen.Cost.inc, which F*
   types on cost values only, so there are no pure helpers and no lambdas
   here: the continuations are partial applications built from Zulib
   (op_Multiply 2 >> Some, konst None, curry (uncurry op_Multiply >>
   Some), ...), whose counts fall on main's own lets.  main stores thirteen
   numbers in its state: the value of each option (fromOption 0), 0 for
   None (every Some here holds a positive number). *)
open Zen.Types
open Zen.Base
open Zen.Option

module C = Zen.Cost
module CR = Zen.ContractResult
module U64 = FStar.UInt64

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> C.cost CR.t 172
let main txSkel context contractId command sender messageBody wallet state =
  let o1 = bind (Some 12) (op_Multiply 2 >> Some) in              // Some 24
  let o2 = Some 7 >>= konst None in                                // None
  let o3 = (op_Addition 5 >> Some) =<< Some 20 in                  // Some 25
  let o4 = op_Addition 1 <$> Some 4 in                             // Some 5
  let o5 = Some 4 $> op_Multiply 3 in                              // Some 12
  let o6 = ap (Some (op_Subtraction 10)) (Some 3) in               // Some 7
  let o7 = Some (op_Multiply 4) <*> Some 5 in                      // Some 20
  let o8 = Some 2 *> Some (op_Addition 40) in                      // Some 42
  let o9 = Some (op_Addition 9) <~> 9 in                           // Some 18
  let o10 = ((op_Multiply 2 >> Some) >=> (op_Addition 1 >> Some)) 10 in // Some 21
  let o11 = ((op_Multiply 2 >> Some) <=< (op_Addition 1 >> Some)) 6 in  // Some 14
  let o12 = bind2 (Some 3) (Some 9)
              (curry (uncurry op_Multiply >> Some)) in             // Some 27
  let o13 = bind3 (Some 1) (Some 2) None
              (konst (curry (uncurry op_Addition >> Some))) in     // None
  let! tx = CR.ofTxSkel txSkel in
  CR.setStateUpdate (Collection (List [
      U64 (U64.uint_to_t (fromOption 0 o1)); U64 (U64.uint_to_t (fromOption 0 o2));
      U64 (U64.uint_to_t (fromOption 0 o3)); U64 (U64.uint_to_t (fromOption 0 o4));
      U64 (U64.uint_to_t (fromOption 0 o5)); U64 (U64.uint_to_t (fromOption 0 o6));
      U64 (U64.uint_to_t (fromOption 0 o7)); U64 (U64.uint_to_t (fromOption 0 o8));
      U64 (U64.uint_to_t (fromOption 0 o9)); U64 (U64.uint_to_t (fromOption 0 o10));
      U64 (U64.uint_to_t (fromOption 0 o11)); U64 (U64.uint_to_t (fromOption 0 o12));
      U64 (U64.uint_to_t (fromOption 0 o13)) ])) tx

// Values: o1 12 * 2 = 24.  o2 konst None 7 = None.  o3 20 + 5 = 25.
//   o4 Some (1 + 4).  o5 Some 4, times 3: Some 12.  o6 10 - 3 = 7.  o7
//   4 * 5 = 20.  o8 *> applies the right operand's function to the left's
//   value: 40 + 2 = 42.  o9 Some (9 + 9).  o10 f >=> g runs f first:
//   10 * 2 = 20, then + 1: Some 21.  o11 g <=< f = f >=> g: 6 + 1 = 7,
//   then * 2: Some 14.  o12 curry (uncurry op_Multiply >> Some) 3 9 =
//   Some 27.  o13 the third option None short-circuits: None.
// main's count: plain lets count their right-hand sides; a bare Some or
//   None counts 0, `f >> Some` counts >> 2 + f: o1 bind 2 + Some 12 1 +
//   op_Multiply 2 >> Some 3 = 6; o2 >>= 2 + Some 7 1 + konst None 1 = 4;
//   o3 =<< 2 + op_Addition 5 >> Some 3 + Some 20 1 = 6; o4 <$> 2 +
//   op_Addition 1 1 + Some 4 1 = 4; o5 $> 2 + Some 4 1 + op_Multiply 3 1
//   = 4; o6 ap 2 + Some 1 + op_Subtraction 10 1 + Some 3 1 = 5; o7 <*> 2
//   + Some 1 + op_Multiply 4 1 + Some 5 1 = 5; o8 *> 2 + Some 2 1 + Some
//   1 + op_Addition 40 1 = 5; o9 <~> 2 + Some 1 + op_Addition 9 1 = 4;
//   o10 the application to 10 1 + >=> 2 + 3 + 3 = 9; o11 <=< the same 9;
//   o12 bind2 3 + Some 3 1 + Some 9 1 + curry 1 + >> 2 + uncurry
//   op_Multiply 1 = 9; o13 bind3 4 + Some 1 1 + Some 2 1 + None 0 +
//   konst 1 + curry 1 + >> 2 + uncurry op_Addition 1 = 11: 81.  let! tx:
//   2 + ofTxSkel txSkel 1 + the body: setStateUpdate 2 + Collection 1 +
//   List 1 + list of 13 26 + thirteen U64 (U64.uint_to_t (fromOption 0
//   _)) 52 = 82: 85.  81 + 85 = 166.
// Zulib: ofTxSkel 3 + setStateUpdate 3 = 6 (Zen.Option, Zen.Base and
//   fromOption 0).
// Total 166 + 6 = 172.  Without vals the same: 172.
// case: x | - | 172 | 172 | OK in=[] out=[] S=[u64:24,u64:0,u64:25,u64:5,u64:12,u64:7,u64:20,u64:42,u64:18,u64:21,u64:14,u64:27,u64:0]
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> C.cost nat 1
let cf _ _ _ _ _ _ _ = C.ret 172
