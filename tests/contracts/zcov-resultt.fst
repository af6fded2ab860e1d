(* zcov-resultt: Zen.ResultT combinators (issue 16 coverage): ret,
   autoRet, liftRes, =<<, map, <$>, $>, ap, <*>, *>, <~>, >=>, <=<,
   bind3 and join, two of them short-circuiting on ERR.  main stores
   thirteen results in its state: OK n as U32 n, ERR msg as String msg. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module R = Zen.Result
module RT = Zen.ResultT
module U32 = FStar.UInt32
module CR = Zen.ContractResult

// count: ok 1 + (x * 2) 2 = 3; Zulib ok 0.  3.
val dbl: int -> result int `cost` 3
let dbl x = RT.ok (x * 2)

// count: if 3 + (x > 0) 2 + max(autoRet x 1, autoFailw "neg" 1) = 6;
//   each branch is padded by its auto to 9 - 6 = 3.  9 on both paths.
val chk: int -> result int `cost` 9
let chk x = if x > 0 then RT.autoRet x else RT.autoFailw "neg"

// count: ok 1 + ((x + y) + z) 2 + 2 = 5.
val add3: int -> int -> int -> result int `cost` 5
let add3 x y z = RT.ok (x + y + z)

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 312
let main txSkel context contractId command sender messageBody wallet state =
  let! e1 = RT.(dbl =<< chk 3) in                             // OK 6
  let! e2 = RT.map (op_Addition 1) (chk 4) in                 // OK 5
  let! e3 = RT.(op_Multiply 3 <$> dbl 5) in                   // OK 30
  let! e4 = RT.(chk 0 $> op_Addition 1) in                    // ERR neg
  let! e5 = RT.ap (RT.ret (op_Addition 7)) (chk 5) in         // OK 12
  let! e6 = RT.(liftRes (OK (op_Multiply 2)) <*> dbl 10) in   // OK 40
  let! e7 = RT.(chk 6 *> ret (op_Multiply 7)) in              // OK 42
  let! e8 = RT.(ret (op_Addition 2) <~> 40) in                // OK 42
  let! e9 = RT.((chk >=> dbl) 6) in                           // OK 12
  let! e10 = RT.((dbl <=< chk) 0) in                          // ERR neg
  let! e11 = RT.bind3 (dbl 1) (chk 2) (RT.liftRes (OK 30)) add3 in  // OK 34
  let! e12 = RT.bind3 (chk 1) (dbl 2) (chk 0) add3 in         // ERR neg
  let! e13 = RT.join (RT.ok (dbl 21)) in                      // OK 42
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        R.handle (U32.uint_to_t >> U32) String e1;
        R.handle (U32.uint_to_t >> U32) String e2;
        R.handle (U32.uint_to_t >> U32) String e3;
        R.handle (U32.uint_to_t >> U32) String e4;
        R.handle (U32.uint_to_t >> U32) String e5;
        R.handle (U32.uint_to_t >> U32) String e6;
        R.handle (U32.uint_to_t >> U32) String e7;
        R.handle (U32.uint_to_t >> U32) String e8;
        R.handle (U32.uint_to_t >> U32) String e9;
        R.handle (U32.uint_to_t >> U32) String e10;
        R.handle (U32.uint_to_t >> U32) String e11;
        R.handle (U32.uint_to_t >> U32) String e12;
        R.handle (U32.uint_to_t >> U32) String e13 ]))

// Values and declared costs (Zulib v0.3.43 fstar/Zen.ResultT.fst):
//   e1  f =<< mx = bind mx f: chk 3 = OK 3, dbl 3 = OK 6; m+n = 9 + 3 = 12.
//   e2  map: OK (1 + 4) = OK 5; n = 9.
//   e3  <$> = map: OK (3 * 10) = OK 30; 3.
//   e4  mx $> f = map f mx: chk 0 = ERR neg, bind keeps it; 9.
//   e5  ap mf mx = mf >>= (fun f -> f `map` mx): OK (7 + 5); 0 + 9 = 9.
//   e6  <*> = ap: OK (2 * 20) = OK 40; liftRes 0 + 3 = 3.
//   e7  mx *> mf = ap mf mx: mf is OK, so mx = chk 6 runs: OK 42; 9 + 0.
//   e8  mf <~> x = ap mf (ok x): OK (2 + 40); ret 0 + ok 0 = 0.
//   e9  (f >=> g) x = f x >>= g: chk 6 = OK 6, dbl 6 = OK 12; 9 + 3 = 12.
//   e10 (g <=< f) = f >=> g: chk 0 = ERR neg, dbl never runs; the index
//       still charges it: 9 + 3 = 12.
//   e11 bind3: OK (2 + 2 + 30) = OK 34; 3 + 9 + 0 + 5 = 17.
//   e12 bind3: chk 1 = OK 1, dbl 2 = OK 4, chk 0 = ERR neg, add3 never
//       runs: ERR neg; 9 + 3 + 9 + 5 = 26.
//   e13 join x = x >>= (fun z -> z): the inner dbl 21 = OK 42; 0 + 3 = 3.
//   Sum 12 + 9 + 3 + 9 + 9 + 3 + 9 + 0 + 12 + 12 + 17 + 26 + 3 = 124.
// State: [6; 5; 30; "neg"; 12; 40; 42; 42; 12; "neg"; 34; "neg"; 42].
// main's count: 13 let! of one variable, 2 each = 26.  Right-hand sides
//   (a local open `RT.( .. )` is transparent: its body counts as
//   written in place, with no increment of its own): e1 =<< 2 + chk 3
//   1 = 3; e2 map 2 + op_Addition 1 1 + chk 4 1 = 4;
//   e3 <$> 2 + 1 + 1 = 4; e4 $> 2 + 1 + 1 = 4; e5 ap 2
//   + ret 1 + op_Addition 7 1 + chk 5 1 = 5; e6 <*> 2 + liftRes 1 + OK 1
//   + op_Multiply 2 1 + dbl 10 1 = 6; e7 *> 2 + chk 6 1 + ret 1 +
//   op_Multiply 7 1 = 5; e8 <~> 2 + ret 1 + op_Addition 2 1 = 4; e9
//   application 1 + >=> 2 = 3; e10 3; e11 bind3 4 + dbl 1 1 + chk 2 1 +
//   liftRes 1 + OK 1 = 8; e12 bind3 4 + 1 + 1 + 1 = 7 (add3 is a
//   variable: 0); e13 join 1 + ok 1 + dbl 21 1 = 3: 59.  Last line: >>=
//   2 + ofTxSkel 1 + setStateUpdate 1 + Collection 1 + List 1 + list of
//   13 26 + thirteen R.handle 3 + (>> 2) = 65: 97.  26 + 59 + 97 = 182.
// Zulib and helpers: 124 above; ofTxSkel 3 + setStateUpdate 3 = 6.
// Total 182 + 124 + 6 = 312.
// Without vals (RAW): no declared index pads anything.  chk runs ten
//   times (e1, e2, e4, e5, e7, e9, e10, e11, e12 twice), each 6 instead
//   of 9 (its auto pads 0): -30.  The skipped callbacks are not counted:
//   dbl in e10 -3, add3 in e12 -5.  312 - 30 - 8 = 274.
// case: x | - | 312 | 274 | OK in=[] out=[] S=[u32:6,u32:5,u32:30,str:neg,u32:12,u32:40,u32:42,u32:42,u32:12,str:neg,u32:34,str:neg,u32:42]
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 312
