(* zcov-cost-2: Zen.Cost.Extracted map, <$>, $>, ap, <*>, *>, <~>, bind2,
   bind3, >=>, <=<.  main stores eleven numbers in its state.  Every cost
   value passed to a combinator is charged its index once, when it is
   forced; the plain functions given to map / ap (op_Addition 10,
   op_Subtraction 24: partial applications, no body of their own) cost
   nothing but their application where they are written. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module CR = Zen.ContractResult
module U64 = FStar.UInt64

// count: ret 1 + (x * 2) 2 = 3.
val dbl: int -> int `cost` 3
let dbl x = ret (x * 2)

// count: incRet 2 + (x + 1) 2 = 4; Zulib incRet 2.  6.
val succ: int -> int `cost` 6
let succ x = incRet 2 (x + 1)

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 214
let main txSkel context contractId command sender messageBody wallet state =
  let! a = map (op_Multiply 3) (succ 1) in                         // 6
  let! b = op_Addition 10 <$> incRet 4 5 in                        // 15
  let! c = dbl 7 $> op_Subtraction 24 in                           // 10
  let! d = ap (ret (op_Multiply 2)) (succ 4) in                    // 10
  let! e = incRet 1 (op_Subtraction 20) <*> dbl 3 in              // 14
  let! f = succ 10 *> incRet 2 (op_Multiply 2) in                  // 22
  let! g = incRet 3 (op_Addition 5) <~> 6 in                       // 11
  let! h = bind2 (succ 0) (dbl 2) (fun x y -> ret (x * 10 + y)) in // 14
  let! i = bind3 (ret 1) (incRet 1 2) (succ 2)
             (fun x y z -> ret (x * 100 + y * 10 + z)) in          // 123
  let! j = (succ >=> dbl) 5 in                                     // 12
  let! k = (succ <=< dbl) 5 in                                     // 11
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        U64 (U64.uint_to_t a); U64 (U64.uint_to_t b);
        U64 (U64.uint_to_t c); U64 (U64.uint_to_t d);
        U64 (U64.uint_to_t e); U64 (U64.uint_to_t f);
        U64 (U64.uint_to_t g); U64 (U64.uint_to_t h);
        U64 (U64.uint_to_t i); U64 (U64.uint_to_t j);
        U64 (U64.uint_to_t k) ]))

// Values: a 3 * succ 1 = 6.  b 10 + 5 = 15.  c 24 - dbl 7 = 10.  d 2 *
//   succ 4 = 10.  e 20 - dbl 3 = 14.  f *> applies the function of its
//   right operand to the value of its left: 2 * succ 10 = 22.  g 5 + 6 =
//   11.  h x = succ 0 = 1, y = dbl 2 = 4: 14.  i x = 1, y = 2, z = succ 2
//   = 3: 123.  j succ first, then dbl: dbl 6 = 12.  k g <=< f = f >=> g,
//   dbl first, then succ: succ 10 = 11.
// main's count: 11 let! of one variable, 2 each = 22.  Right-hand sides
//   (lambdas count 0 where they occur): a map 2 + op_Multiply 3 1 + succ
//   1 1 = 4; b <$> 2 + op_Addition 10 1 + incRet 4 5 2 = 5; c $> 2 + dbl
//   7 1 + op_Subtraction 24 1 = 4; d ap 2 + ret 1 + op_Multiply 2 1 +
//   succ 4 1 = 5; e <*> 2 + incRet 1 _ 2 + op_Subtraction 20 1 + dbl 3 1
//   = 6; f *> 2 + succ 10 1 + incRet 2 2 +
//   op_Multiply 2 1 = 6; g <~> 2 + incRet 3 _ 2 + op_Addition 5 1 = 5; h
//   bind2 3 + succ 0 1 + dbl 2 1 = 5; i bind3 4 + ret 1 1 + incRet 1 2 2
//   + succ 2 1 = 8; j the application to 5 1 + >=> 2 = 3; k <=< the
//   same 3: 54.  Last line: >>= 2 + ofTxSkel 1 + setStateUpdate 1 +
//   Collection 1 + List 1 + list of 11 22 + eleven U64 (U64.uint_to_t _)
//   22 = 50.  22 + 54 + 50 = 126.
// Zulib and helpers: a map n = succ 6; b <$> n = incRet 4; c $> n = dbl
//   3; d ap m + n = ret 0 + succ 6 = 6; e <*> incRet 1 + dbl 3 = 4; f *>
//   succ 6 + incRet 2 = 8; g <~> n = incRet 3; h bind2 succ 6 + dbl 3 +
//   the lambda (count ret 1 + (x * 10 + y) 4 = 5) 5 = 14; i bind3 ret 0
//   + incRet 1 + succ 6 + the lambda (count ret 1 + (x * 100 + y * 10 +
//   z) 8 = 9) 9 = 16; j >=> succ 6 + dbl 3 = 9; k <=< dbl 3 + succ 6 =
//   9; ofTxSkel 3 + setStateUpdate 3 = 6.  6 + 4 + 3 + 6 + 4 + 8 + 3 +
//   14 + 16 + 9 + 9 + 6 = 88.
// Total 126 + 88 = 214.  Without vals: dbl and succ count their index
//   (succ: 4 + incRet 2), every bind runs: 214.
// case: x | - | 214 | 214 | OK in=[] out=[] S=[u64:6,u64:15,u64:10,u64:10,u64:14,u64:22,u64:11,u64:14,u64:123,u64:12,u64:11]
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 214
