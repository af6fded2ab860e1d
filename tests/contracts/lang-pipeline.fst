(* A fee desk: fees and halvings computed through pipelines.  Uses `fun`
   and `function` as operands of |> and >>=, a `val` whose implicit
   binder #n is the cost of its argument (n + 15 on both paths: F* makes
   the branches cost the same), and a `function` match over a list. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module C = Zen.Cost
module RT = Zen.ResultT
module OptT = Zen.OptionT
module I = FStar.Int64

// 0.3% of an amount, rounded down.  Cost: body |> 2, the lambda's body
// |> 2 + (a * 30 / 10000: 2 + 2) + C.incRet 4 (1 argument) 1 = 7,
// incRet 4: 13

val fee : amount:nat -> cost nat 13
let fee amount =
  amount |> fun a -> a * 30 / 10000 |> C.incRet 4

// Half of an even number.  Cost n (the argument) + let! (1 + 1 leaf) +
// if (3 + (x % 2 = 0: 2 + 2) + max (OptT.incSome 2 (x / 2): 2 + 2,
// OptT.incNone 2: 1)) = 13, + incSome 2 / incNone 2: n + 15 on both
val halve : #n:nat -> m:cost nat n -> cost (option nat) (n + 15)
let halve #n m =
  let! x = m in
  if x % 2 = 0 then OptT.incSome 2 (x / 2) else OptT.incNone 2

// head + length of the tail.  Cost: >>= 2 + C.ret l 1 = 3; the
// function's body: leaves [] 0 + (x :: xs) 3 + max (C.incRet 3 0 2,
// C.incRet 3 (x + length xs) 2 + (x + length xs: 2 + 1)) = 8; incRet 3:
// 14 on both
val headPlus : l:list nat -> cost nat 14
let headPlus l =
  C.ret l >>= function
  | [] -> C.incRet 3 0
  | x :: xs -> C.incRet 3 (x + length xs)

// main's own count: let! 1 + leaf 1 + match (leaves 5 + max branch:
// headPlus [10; 20; 30] 1 + list 2 * 3 = 7) 12 + RT.ok @ {...} (@ 2 +
// 3 fields + Update (I64 (I.int_to_t r)) 3) 8 = 22; plus the callee:
// fee 13; halve 5 + 15 = 20 then the function (leaves Some h 2 + None 1
// + C.ret 1 = 4, C.ret 0) 4; headPlus 14.  RT.ok 0.
val cf : txSkeleton -> context -> string -> sender -> option data -> wallet
         -> option data -> nat `cost` 13
let cf _ _ command _ _ _ _ =
  (match command with
   | "fee" -> 22 + 13
   | "odd" | "even" -> 22 + 20 + 4
   | _ -> 22 + 14) |> cast nat |> C.ret

val main : txSkel:txSkeleton -> context:context -> contractId
           -> command:string -> sender:sender -> messageBody:option data
           -> w:wallet -> state:option data
           -> contractResult `cost` (cf txSkel context command sender
                                       messageBody w state)
let main txSkel context contractId command sender messageBody w state =
  let! r =
    match command with
    | "fee" -> fee 123456
    | "odd" -> begin halve (C.incRet 5 41) >>= function
                     | Some h -> C.ret h
                     | None -> C.ret 999 end
    | "even" -> begin halve (C.incRet 5 42) >>= function
                      | Some h -> C.ret h
                      | None -> C.ret 999 end
    | "total" -> headPlus [ 10; 20; 30 ]
    | _ -> headPlus []
  in
  RT.ok @ { tx = txSkel; message = None; state = Update (I64 (I.int_to_t r)) }
