(* A checked calculator: signatures with grouped binders before the colon,
   implicit binders (#n:nat, #a:Type), refinements, Tot, an index that
   names an explicit binder (k * 14 + 11), an implicit bound by the cost
   of an argument (n + 10 on both paths), and
   `#`-arguments at call sites (counted by the elaboration, dropped by
   evaluation). *)
open Zen.Types
open Zen.Base
open Zen.Cost

module C = Zen.Cost
module RT = Zen.ResultT
module I = FStar.Int64

// Cost: C.incRet 2 (if ...) 2 + if (3 + >= 2) 5 = 7; incRet 2: 9
val larger (#a:Type) (x y : nat) : Tot (cost (z:nat{z >= x /\ z >= y}) 9)
let larger #a x y = C.incRet 2 (if x >= y then x else y)

// Cost: n + let! (1 + 1 leaf) + if (3 + > 2 + max (RT.incOK 1 v 2,
// RT.incFailw 1 e 2)) 7 = n + 9, + incOK 1 / incFailw 1: n + 10 on both
val positive : #n:nat -> m:cost int n -> cost (result (x:int{x > 0})) (n + 10)
let positive #n m =
  let! v = m in
  if v > 0 then RT.incOK 1 v else RT.incFailw 1 "not positive"

// x * k by repeated addition.  Cost: if (3 + (k = 0) 2 + max (C.ret 0 1,
// >>= 2 + repeatAdd x (k - 1) (2 + (k - 1) 2) = 6)) = 11, + on k > 0 the
// recursive call and the lambda's body (C.ret (s + x): 1 + 2 = 3):
// cost k = 11 + 14 + cost (k - 1) = 11 + 14 k
val repeatAdd : x:int -> k:nat -> cost int (k * 14 + 11)
let rec repeatAdd x k =
  if k = 0 then C.ret 0
  else repeatAdd x (k - 1) >>= fun s -> C.ret (s + x)

// Cost: RT.ok @ {...}: @ 2 + 3 fields + Update (I64 (I.int_to_t v)) 3 = 8
val store : txSkel:txSkeleton -> v:int -> contractResult `cost` 8
let store txSkel v =
  RT.ok @ { tx = txSkel; message = None; state = Update (I64 (I.int_to_t v)) }

// main's own count: match (leaves 5 + max branch: positive #3 (C.incRet 3
// (0 - 5)) >>= (function ...): 2 + (1 argument + 1 implicit + 2 + 2) = 8)
// = 13; the function's body: leaves OK v 2 + ERR e 2 + max (store
// txSkel v 2, RT.failw e 1) = 6.  Callees: larger 9 + store 8; positive
// 3 + 10 + 6, + store 8 on OK; repeatAdd 7 3 = 53 + store 8; RT.failw 0.
val cf : txSkeleton -> context -> string -> sender -> option data -> wallet
         -> option data -> nat `cost` 13
let cf _ _ command _ _ _ _ =
  C.ret #nat (match command with
              | "larger" -> 13 + 9 + 8
              | "pos" -> 13 + 13 + 6 + 8
              | "neg" -> 13 + 13 + 6
              | "rep" -> 13 + 53 + 8
              | _ -> 13)

val main : txSkel:txSkeleton -> context:context -> contractId
           -> command:string -> sender:sender -> messageBody:option data
           -> w:wallet -> state:option data
           -> contractResult `cost` (cf txSkel context command sender
                                       messageBody w state)
let main txSkel context contractId command sender messageBody w state =
  match command with
  | "larger" -> larger 17 42 >>= store txSkel
  | "pos" -> positive #3 (C.incRet 3 5) >>= (function
             | OK v -> store txSkel v
             | ERR e -> RT.failw e)
  | "neg" -> positive #3 (C.incRet 3 (0 - 5)) >>= (function
             | OK v -> store txSkel v
             | ERR e -> RT.failw e)
  | "rep" -> repeatAdd 7 3 >>= store txSkel
  | _ -> RT.failw "unknown command"
