(* zcov-optiont: Zen.OptionT combinators (issue 16 coverage): autoRet,
   autoSome, autoNone, liftOpt, =<<, <$>, $>, ap, <*>, *>, <~>, >=>, <=<,
   bind2, bind3 and join, two of them short-circuiting on None.  main
   stores eleven numbers (None as 0) in its state. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module O = Zen.Option
module OptT = Zen.OptionT
module U32 = FStar.UInt32
module CR = Zen.ContractResult

// count: some 1 + (x * 2) 2 = 3; Zulib some 0.  3.
val dbl: int -> option int `cost` 3
let dbl x = OptT.some (x * 2)

// count: if 3 + (x > 0) 2 + max(autoSome x 1, autoNone 0) = 6; each
//   branch is padded by its auto to 9 - 6 = 3.  9 on both paths.
val pos: int -> option int `cost` 9
let pos x = if x > 0 then OptT.autoSome x else OptT.autoNone

// count: autoRet 1 + (x + 10) 2 = 3; autoRet pads 2.  5.
val pr: int -> option int `cost` 5
let pr x = OptT.autoRet (x + 10)

// count: some 1 + (x + y) 2 = 3.
val add2: int -> int -> option int `cost` 3
let add2 x y = OptT.some (x + y)

// count: some 1 + ((x + y) + z) 2 + 2 = 5.
val add3: int -> int -> int -> option int `cost` 5
let add3 x y z = OptT.some (x + y + z)

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 269
let main txSkel context contractId command sender messageBody wallet state =
  let! o1 = OptT.(dbl =<< pos 3) in                         // Some 6
  let! o2 = OptT.(op_Multiply 2 <$> (pos 4 $> op_Addition 0)) in // Some 8
  let! o3 = OptT.ap (OptT.some (op_Addition 7)) (pos 5) in  // Some 12
  let! o4 = OptT.(some (op_Addition 1) <*> dbl 10) in       // Some 21
  let! o5 = OptT.(pos 0 *> some (op_Multiply 3)) in         // None
  let! o6 = OptT.(liftOpt (Some (op_Addition 2)) <~> 40) in // Some 42
  let! o7 = OptT.((pos >=> dbl) 6) in                       // Some 12
  let! o8 = OptT.((dbl <=< pos) 0) in                       // None
  let! o9 = OptT.bind2 (pos 1) (pos 0) add2 in              // None
  let! o10 = OptT.bind3 (dbl 1) (pr 2) (pos 3) add3 in      // Some 17
  let! o11 = OptT.join (OptT.some (pos 2)) in               // Some 2
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        U32 (U32.uint_to_t (O.fromOption 0 o1));
        U32 (U32.uint_to_t (O.fromOption 0 o2));
        U32 (U32.uint_to_t (O.fromOption 0 o3));
        U32 (U32.uint_to_t (O.fromOption 0 o4));
        U32 (U32.uint_to_t (O.fromOption 0 o5));
        U32 (U32.uint_to_t (O.fromOption 0 o6));
        U32 (U32.uint_to_t (O.fromOption 0 o7));
        U32 (U32.uint_to_t (O.fromOption 0 o8));
        U32 (U32.uint_to_t (O.fromOption 0 o9));
        U32 (U32.uint_to_t (O.fromOption 0 o10));
        U32 (U32.uint_to_t (O.fromOption 0 o11)) ]))

// Values and declared costs (Zulib v0.3.43 fstar/Zen.OptionT.fst):
//   o1  f =<< mx = bind mx f: pos 3 = Some 3, dbl 3 = Some 6; 9 + 3 = 12.
//   o2  <$> = map, and $> the same with its operands the other way:
//       Some (0 + 4) = Some 4, then Some (2 * 4) = Some 8; n = 9.
//   o3  ap mf mx = mf >>= (fun f -> f `map` mx): Some (7 + 5); 0 + 9 = 9.
//   o4  <*> = ap: Some (1 + 20) = Some 21; 0 + 3 = 3.
//   o5  mx *> mf = ap mf mx: mf is Some, so mx = pos 0 runs: None, and
//       map's callback (f >> some, cost 0) is skipped; 9 + 0 = 9.
//   o6  mf <~> x = ap mf (some x): Some (2 + 40); liftOpt 0 + some 0 = 0.
//   o7  (f >=> g) x = f x >>= g: pos 6 = Some 6, dbl 6 = Some 12; 9 + 3.
//   o8  (g <=< f) = f >=> g: pos 0 = None, dbl never runs; the index
//       still charges it: 9 + 3 = 12.
//   o9  bind2: pos 1 = Some 1, pos 0 = None, add2 never runs: None;
//       9 + 9 + 3 = 21.
//   o10 bind3: Some (2 + 12 + 3) = Some 17; 3 + 5 + 9 + 5 = 22.
//   o11 join x = x >>= (fun z -> z): the inner pos 2 = Some 2; 0 + 9.
//   Sum 12 + 9 + 9 + 3 + 9 + 0 + 12 + 12 + 21 + 22 + 9 = 118.
// State: [6; 8; 12; 21; 0; 42; 12; 0; 0; 17; 2] as U32s (None as 0).
// main's count: 11 let! of one variable, 2 each = 22.  Right-hand sides
//   (a local open `OptT.( .. )` is transparent: its body counts as
//   written in place, with no increment of its own): o1 =<< 2 + pos 3
//   1 = 3; o2 <$> 2 + op_Multiply 2 1 + ($> 2 + pos 4 1 + op_Addition 0
//   1) = 7;
//   o3 ap 2 + some 1 + op_Addition 7 1 + pos 5 1 = 5;
//   o4 <*> 2 + some 1 + op_Addition 1 1 + dbl 10 1 = 5; o5 *> 2 + pos 0
//   1 + some 1 + op_Multiply 3 1 = 5; o6 <~> 2 + liftOpt 1 + Some 1 +
//   op_Addition 2 1 = 5; o7 application 1 + >=> 2 = 3; o8 3; o9 bind2 3
//   + pos 1 1 + pos 0 1 = 5 (add2 is a variable: 0); o10 bind3 4 +
//   dbl 1 1 + pr 2 1 + pos 3 1 = 7;
//   o11 join 1 + some 1 + pos 2 1 = 3: 51.  Last line: >>= 2 + ofTxSkel
//   1 + setStateUpdate 1 + Collection 1 + List 1 + list of 11 22 +
//   eleven U32 1 + uint_to_t 1 + fromOption 2 = 44: 72.  22 + 51 + 72
//   = 145.
// Zulib and helpers: 118 above; ofTxSkel 3 + setStateUpdate 3 = 6;
//   Zen.Option.fromOption and U32.uint_to_t charge nothing ("-").
// Total 145 + 118 + 6 = 269.
// Without vals (RAW): no declared index pads anything.  pos runs ten
//   times (o1, o2, o3, o5, o7, o8, o9 twice, o10, o11), each 6 instead
//   of 9 (its auto pads 0): -30; pr runs once, 3 instead of 5: -2.  The
//   skipped callbacks are not counted: dbl in o8 -3, add2 in o9 -3.
//   269 - 32 - 6 = 231.
// case: x | - | 269 | 231 | OK in=[] out=[] S=[u32:6,u32:8,u32:12,u32:21,u32:0,u32:42,u32:12,u32:0,u32:0,u32:17,u32:2]
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 269
