(* zulib-monad: Zen.ResultT and Zen.OptionT results that stay wrapped
   (liftCost, incOK, incRet, incSome, bind chains, bind2, ofOptionT,
   tryMapT, handleT, maybeT, map), a short-circuit padded to its `val`,
   and the pure Zen.Option / Zen.Result combinators.  main stores ten
   numbers in its state. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module O = Zen.Option
module R = Zen.Result
module OptT = Zen.OptionT
module RT = Zen.ResultT
module L = Zen.List
module String = FStar.String
module U32 = FStar.UInt32
module CR = Zen.ContractResult

// count: if 3 + ((x % 2) = 0) 4 + max(incOK 2 + (x / 2) 2, incFailw 2)
//   = 11; Zulib incOK / incFailw 2.  13.
val half: int -> result int `cost` 13
let half x = if x % 2 = 0 then RT.incOK 2 (x / 2) else RT.incFailw 2 "odd"

// count: if 3 + (x > 0) 2 + max(incSome 2, incNone 1) = 7; Zulib 2.  9.
val tryHalf: int -> option int `cost` 9
let tryHalf x = if x > 0 then OptT.incSome 2 x else OptT.incNone 2

// count: incRet 2 + (i + 1) 2 = 4; Zulib incRet 2.  6.
val succ: int -> int `cost` 6
let succ i = incRet 2 (i + 1)

// count: ret 1 + String.length 1 = 2.
val describe: string -> int `cost` 2
let describe msg = ret (String.length msg)

// RT.bind's type charges m + n = 0 + 13 also when failw short-circuits;
// the body counts bind 2 + failw 1 = 3, the val pads it to 16.
val stop: int -> result int `cost` 16
let stop x = RT.bind (RT.failw "stop") half

// count: pattern leaves OK x 2 + ERR _ 2 + ret 1 = 5.
val okv: result int -> int `cost` 5
let okv r = match r with | OK x -> ret x | ERR _ -> ret 0

// count: pattern leaves Some x 2 + None 1 + ret 1 = 4.
val somev: option int -> int `cost` 4
let somev o = match o with | Some x -> ret x | None -> ret 0

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 416
let main txSkel context contractId command sender messageBody wallet state =
  let! r1 = RT.bind (RT.liftCost (succ 5)) half in                  // OK 3
  let! r2 = RT.bind2 (RT.ok 10) (half 8)
              (fun x y -> RT.incRet 1 (x + y)) in                   // OK 14
  let! r3 = stop 1 in                                               // ERR
  let! r4 = RT.ofOptionT "none" (tryHalf 4) in                      // OK 4
  let! r5 = RT.tryMapT half [ 2; 4; 6 ] in                   // OK [1; 2; 3]
  let! s5 = (match r5 with | OK l -> L.sum l | ERR _ -> incRet 16 0) in
  let! n6 = RT.handleT succ describe
              (R.ofOption "missing" (O.map (op_Addition 1) (Some 1))) in
  let! n7 = OptT.maybeT 0 succ (O.ret 7) in                         // 8
  let n8 = O.fromOption 0 (O.join (Some (Some 9))) in               // 9
  let! o1 = OptT.bind (tryHalf 3) tryHalf in                        // Some 3
  let! o2 = OptT.map (op_Multiply 2) (tryHalf 3) in                 // Some 6
  let! a1 = okv r1 in
  let! a2 = okv r2 in
  let! a3 = okv r3 in
  let! a4 = okv r4 in
  let! a9 = somev o1 in
  let! a10 = somev o2 in
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        U32 (U32.uint_to_t a1); U32 (U32.uint_to_t a2);
        U32 (U32.uint_to_t a3); U32 (U32.uint_to_t a4);
        U32 (U32.uint_to_t s5); U32 (U32.uint_to_t n6);
        U32 (U32.uint_to_t n7); U32 (U32.uint_to_t n8);
        U32 (U32.uint_to_t a9); U32 (U32.uint_to_t a10) ]))

// State: [3; 14; 0; 4; 6; 3; 8; 9; 3; 6] as U32s.
// main's count: 16 let! of one variable, 2 each = 32.  Right-hand
//   sides: r1 bind 2 + liftCost 1 + succ 1 = 4; r2 bind2 3 + ok 1 + half
//   1 (the fun counts in its own body) = 5; r3 1; r4 ofOptionT 2 +
//   tryHalf 1 = 3; r5 tryMapT 2 + list of 3 6 = 8; s5 match: leaves OK
//   l 2 + ERR _ 2 + max(L.sum 1, incRet 2) = 6; n6 handleT 3 + ofOption
//   2 + O.map 2 + op_Addition 1 1 + Some 1 1 = 9; n7 maybeT 3 + O.ret 1
//   = 4; n8 (a plain let) fromOption 2 + join 1 + two Some 2 = 5; o1
//   OptT.bind 2 + tryHalf 1 = 3; o2 OptT.map 2 + op_Multiply 2 1 +
//   tryHalf 1 = 4; six okv / somev 6: 58.  Last line: >>= 2 + ofTxSkel 1 + setStateUpdate
//   1 + Collection 1 + List 1 + list of 10 20 + ten U32 (uint_to_t _)
//   20 = 46.  32 + 58 + 46 = 136.
// Zulib and helpers: r1 liftCost (succ 6) + half 13 = 19; r2 ok 0 +
//   half 13 + fun (count incRet 2 + (x + y) 2 = 4, incRet 1) 5 = 18; r3
//   stop 16; r4 ofOptionT tryHalf 9; r5 tryMapT 3 * (13 + 20) + 20 =
//   119; s5 L.sum 3 * 4 + 4 = 16; n6 handleT succ 6 + 5 = 11; n7 maybeT
//   succ 6 + 5 = 11; n8 0; o1 tryHalf 9 + 9 = 18; o2 OptT.map tryHalf 9;
//   okv 4 * 5 + somev 2 * 4 = 28; ofTxSkel 3 + setStateUpdate 3 = 6.
//   280.
// Total 136 + 280 = 416.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 416
