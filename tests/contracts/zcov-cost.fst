(* zcov-cost: Zen.Cost.Realized refine_in, refine_out and Zen.Cost.Extracted
   refine_eq_in, refine_eq_out, =<<, letBang, bind_dep, ifBang, autoRet,
   retf, join.  main stores ten numbers in its state.  Every cost value
   passed to a combinator is charged its index once, when it is forced. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module CR = Zen.ContractResult
module U64 = FStar.UInt64

// count: ret 1 + (x * 2) 2 = 3.
val dbl: int -> int `cost` 3
let dbl x = ret (x * 2)

// count: ret 1 + (x + 1) 2 = 3.
val succ: int -> int `cost` 3
let succ x = ret (x + 1)

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 146
let main txSkel context contractId command sender messageBody wallet state =
  let! a = refine_in (fun _ -> True) (incRet 2 5) in              // 5
  let! b = refine_out (fun _ -> True)
             (refine_in (fun _ -> True) (succ 8)) in              // 9
  let! c = refine_eq_out 7 (refine_eq_in (incRet 3 7)) in          // 7
  let! d = dbl =<< incRet 1 4 in                                   // 8
  let! e = letBang (succ 2) dbl in                                 // 6
  let! f = bind_dep (incRet 1 10) (fun x -> succ (x + 1)) in       // 12
  let! g = ifBang (ret true)
             (fun t -> if t then incRet 2 1 else incRet 2 0) in     // 1
  let! h = (autoRet 9 <: cost int 4) in                            // 9
  let! i = retf (op_Multiply 3) 4 in                               // 12
  let! j = join (ret (dbl 6)) in                                   // 12
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        U64 (U64.uint_to_t a); U64 (U64.uint_to_t b);
        U64 (U64.uint_to_t c); U64 (U64.uint_to_t d);
        U64 (U64.uint_to_t e); U64 (U64.uint_to_t f);
        U64 (U64.uint_to_t g); U64 (U64.uint_to_t h);
        U64 (U64.uint_to_t i); U64 (U64.uint_to_t j) ]))

// Values: a: refine_in is the identity, incRet 2 5 = 5.  b: succ 8 = 9
//   through refine_in and refine_out.  c: incRet 3 7 = 7 through
//   refine_eq_in / refine_eq_out.  d: dbl 4 = 8.  e: dbl (succ 2) = 6.
//   f: succ (10 + 1) = 12.  g: the callback gets true: incRet 2 1 = 1.
//   h: autoRet 9 = 9.  i: 3 * 4 = 12.  j: join (ret (dbl 6)) = 12.
// main's count: 10 let! of one variable, 2 each = 20.  Right-hand sides
//   (lambdas count 0 where they occur): a refine_in 2 + incRet 2 5 2 =
//   4; b refine_out 2 + refine_in 2 + succ 8 1 = 5; c refine_eq_out 2 +
//   refine_eq_in 1 + incRet 3 7 2 = 5; d =<< 2 + incRet 1 4 2 = 4; e
//   letBang 2 + succ 2 1 = 3; f bind_dep 2 + incRet 1 10 2 = 4; g ifBang
//   2 + ret true 1 = 3; h autoRet 9 1 (the ascription counts nothing) =
//   1; i retf 2 + op_Multiply 3 1 = 3; j join 1 + ret 1 + dbl 6 1 = 3:
//   35.  Last line: >>= 2 + ofTxSkel 1 + setStateUpdate 1 + Collection 1
//   + List 1 + list of 10 20 + ten U64 (U64.uint_to_t _) 20 = 46.
//   20 + 35 + 46 = 101.
// Zulib and helpers: a refine_in m = incRet 2; b refine_out m =
//   refine_in m = succ 3; c refine_eq_out m = refine_eq_in m = incRet 3;
//   d =<< m + n = incRet 1 + dbl 3 = 4; e letBang succ 3 + dbl 3 = 6; f
//   bind_dep incRet 1 + the lambda (count succ 1 + (x + 1) 2 = 3, succ
//   3) 6 = 7; g ifBang ret 0 + the lambda (count if 3 + t 0 + max(incRet
//   2 1 2, incRet 2 0 2) = 5, incRet 2) 7 = 7; h autoRet padded to its
//   ascription's index 4; i retf 0; j join m + n = ret 0 + dbl 3 = 3;
//   ofTxSkel 3 + setStateUpdate 3 = 6.  2 + 3 + 3 + 4 + 6 + 7 + 7 + 4 +
//   0 + 3 + 6 = 45.
// Total 101 + 45 = 146.  Without vals: dbl and succ count 3 = their
//   index, the ascription stays, every bind runs: 146.
// case: x | - | 146 | 146 | OK in=[] out=[] S=[u64:5,u64:9,u64:7,u64:8,u64:6,u64:12,u64:1,u64:9,u64:12,u64:12]
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 146
