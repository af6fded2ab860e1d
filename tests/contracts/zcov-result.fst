(* zcov-result: the pure Zen.Result monad (issue 16 coverage): ret,
   failw, bind, >>=, =<<, map, <$>, $>, ap, <*>, *>, <~>, >=>, <=<,
   bind2, bind3, join and handle.  Zen.Result has no cost index, so
   only the elaborator's counts are charged.  The pure values live in a
   `let open Zen.Result` body (transparent to the count; a cost value at
   the end);
   callbacks are pure compositions (a lambda with work in its body would
   be wrapped in `inc`, which only a cost value can take).  main stores
   sixteen results in its state: OK n as U32 n, ERR msg as String msg,
   both through handle. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module U32 = FStar.UInt32
module CR = Zen.ContractResult

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 199
let main txSkel context contractId command sender messageBody wallet state =
  let open Zen.Result in
  let r1 = ret 5 in                                         // OK 5
  let r2 = bind r1 (op_Multiply 2 >> ret) in                // OK 10
  let r3 = r2 >>= konst (failw "three") in                  // ERR three
  let r4 = (op_Addition 1 >> ret) =<< r3 in                 // ERR three
  let r5 = map (op_Addition 3) r2 in                        // OK 13
  let r6 = op_Multiply 3 <$> r5 in                          // OK 39
  let r7 = r3 $> op_Addition 1 in                           // ERR three
  let r8 = ap (ret (op_Multiply 4)) r2 in                   // OK 40
  let r9 = ret (op_Addition 2) <*> r8 in                    // OK 42
  let r10 = r1 *> failw "ten" in                            // ERR ten
  let r11 = ret (op_Multiply 5) <~> 9 in                    // OK 45
  let r12 = (ret >=> (op_Addition 4 >> ret)) 7 in           // OK 11
  let r13 =
    ((op_Multiply 2 >> ret) <=< konst (failw "thirteen")) 1 in  // ERR thirteen
  let r14 = bind2 r1 r2 (curry (uncurry op_Multiply >> ret)) in  // OK 50
  let r15 =
    bind3 (ret (curry (uncurry op_Addition >> ret))) r1 r6 flip in  // OK 44
  let r16 = join (map (op_Multiply 2 >> ret) r11) in        // OK 90
  Zen.Cost.(CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        handle (U32.uint_to_t >> U32) String r1;
        handle (U32.uint_to_t >> U32) String r2;
        handle (U32.uint_to_t >> U32) String r3;
        handle (U32.uint_to_t >> U32) String r4;
        handle (U32.uint_to_t >> U32) String r5;
        handle (U32.uint_to_t >> U32) String r6;
        handle (U32.uint_to_t >> U32) String r7;
        handle (U32.uint_to_t >> U32) String r8;
        handle (U32.uint_to_t >> U32) String r9;
        handle (U32.uint_to_t >> U32) String r10;
        handle (U32.uint_to_t >> U32) String r11;
        handle (U32.uint_to_t >> U32) String r12;
        handle (U32.uint_to_t >> U32) String r13;
        handle (U32.uint_to_t >> U32) String r14;
        handle (U32.uint_to_t >> U32) String r15;
        handle (U32.uint_to_t >> U32) String r16 ])))

// Values (Zulib v0.3.43 fstar/Zen.Result.fst):
//   r2 = (2 * 5 |> ret) = OK 10.  r3: konst (failw "three") 10 = ERR
//   three.  r4: bind on ERR gives failw msg again = ERR three.  r5 =
//   OK (3 + 10) = OK 13; r6 = OK (3 * 13) = OK 39; r7 = map on ERR =
//   ERR three.  r8: ap mf mx = mf >>= (fun f -> map f mx) = OK (4 *
//   10) = OK 40; r9 = OK (2 + 40) = OK 42.  r10: mx *> mf = ap mf mx,
//   mf = ERR ten, so ERR ten.  r11: mf <~> x = ap mf (ret x) = OK (5 *
//   9) = OK 45.  r12: (f >=> g) x = f x >>= g = OK (4 + 7) = OK 11.
//   r13: (g <=< f) = f >=> g; f 1 = ERR thirteen, g never runs.  r14:
//   curry (uncurry ( * ) >> ret) 5 10 = ret (5 * 10) = OK 50.  r15:
//   flip x 5 39 = x 39 5 = ret (39 + 5) = OK 44.  r16: map gives
//   OK (OK (2 * 45)); join = OK 90.
// State: [5; 10; "three"; "three"; 13; 39; "three"; 40; 42; "ten"; 45;
//   11; "thirteen"; 50; 44; 90].
// main's count: its body is `let open Zen.Result`, transparent (no
//   increment of its own); the let-open body counts in its place:
//   sixteen plain lets (nothing for themselves), right-hand sides: r1
//   ret 1; r2 bind 2 + (>> 2 + op_Multiply 2 1) = 5; r3 >>= 2 + konst 1
//   + failw 1 = 4; r4 =<< 2 + >> 2 + op_Addition 1 1 = 5; r5 map 2 + 1
//   = 3; r6 <$> 2 + 1 = 3; r7 $> 2 + 1 = 3; r8 ap 2 + ret 1 + 1 = 4;
//   r9 <*> 2 + ret 1 + 1 = 4; r10 *> 2 + failw 1 = 3; r11 <~> 2 + ret 1
//   + 1 = 4; r12 application 1 + >=> 2 + >> 2 + op_Addition 4 1 = 6;
//   r13 application 1 + <=< 2 + (>> 2 + op_Multiply 2 1) + konst 1 +
//   failw 1 = 8; r14 bind2 3 + curry 1 + >> 2 + uncurry 1 = 7; r15
//   bind3 4 + ret 1 + curry 1 + >> 2 + uncurry 1 = 9 (flip is a
//   variable: 0); r16 join 1 + map 2 + >> 2 + op_Multiply 2 1 = 6.
//   Sum 75.  The inner `Zen.Cost.( .. )` (transparent; its body): >>=
//   2 + ofTxSkel 1 + setStateUpdate 1 + Collection 1 + List 1 + list of 16 32 +
//   sixteen handle 3 + (>> 2) = 80: 118.  75 + 118 = 193.
// Zulib: Zen.Result, Zen.Base and U32.uint_to_t charge nothing ("-");
//   ofTxSkel 3 + setStateUpdate 3 = 6.  193 + 6 = 199.
// Nothing is skipped that costs anything (Result is pure): RAW = 199.
// case: x | - | 199 | 199 | OK in=[] out=[] S=[u32:5,u32:10,str:three,str:three,u32:13,u32:39,str:three,u32:40,u32:42,str:ten,u32:45,u32:11,str:thirteen,u32:50,u32:44,u32:90]
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 199
