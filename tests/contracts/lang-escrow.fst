(* An escrow: deposits (an I64 amount in the message body) add to the
   balance kept in the state, less a fee; `release` empties it.  Uses a
   record type with update and projection, `let open RT in` whose `>>=`
   is ResultT's, `fun` as the right operand of `>>=` (chained without
   parentheses), and a primed name. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module C = Zen.Cost
module RT = Zen.ResultT
module I = FStar.Int64

type escrow = { balance : int; fee : int }

// Cost: patterns Some (I64 b) 3 + _ 1 + max (ret {...}: 1 + 2 fields +
// I.v b 1 = 4; ret {...} 1 + 2 = 3) 4 = 8
val load : option data -> escrow `cost` 8
let load st =
  match st with
  | Some (I64 b) -> ret ({ balance = I.v b; fee = 2 })
  | _ -> ret ({ balance = 0; fee = 2 })

// Cost (the lambda's body): patterns Some (I64 a) 3 + _ 1 + max
// (ret (Some (I.v a)): 1 + Some 1 + I.v a 1 = 3; ret None 1) 3 = 7
val amountOf : option data -> option int `cost` 7
let amountOf = function
  | Some (I64 a) -> ret (Some (I.v a))
  | _ -> ret None

// Cost: C.incRet 2 {...} 2 + { e with balance = ... } (1 field + e.balance
// + a - e.fee: 2 + (2 + projection 1) + projection 1 = 6) 7 = 9; incRet
// 2: 11
val deposit : e:escrow -> a:int -> cost escrow 11
let deposit e a = C.incRet 2 ({ e with balance = e.balance + a - e.fee })

// main's own count: let! 2 + load state 1 + the `let open` body
// (counted where it stands, no increment of its own): match leaves 3 +
// max (deposit: >>= 2 + ofOptionT "no amount" (amountOf messageBody) 3 =
// 5; release: ok @ {...} (@ 2 + 3 fields + Update (I64 0L) 2) 7; failw
// 1) = 10: 13, + load 8 = 21; the lambdas:
// fun a (>>= 2 + liftCost (deposit e a) 3) 5, fun e' (ok @ {...}: 2 + 3
// + Update (I64 (I.int_to_t e'.balance)) 4) 9.  deposit: 21 + amountOf 7
// + 5 + liftCost (deposit 11) + 9 = 53; ofOptionT, ok, failw 0; RT's
// bind charges m + n also when ofOptionT gives ERR (then main's own
// count stops at 21 + 7 = 28).  release, others: 21.
val cf : txSkeleton -> context -> string -> sender -> option data -> wallet
         -> option data -> nat `cost` 6
let cf _ _ command _ _ _ _ =
  if command = "deposit" then C.ret 53 else C.ret 21

val main : txSkel:txSkeleton -> context:context -> contractId
           -> command:string -> sender:sender -> messageBody:option data
           -> w:wallet -> state:option data
           -> contractResult `cost` (cf txSkel context command sender
                                       messageBody w state)
let main txSkel context contractId command sender messageBody w state =
  let! e = load state in
  let open RT in
  match command with
  | "deposit" ->
    ofOptionT "no amount" (amountOf messageBody) >>= fun a ->
    liftCost (deposit e a) >>= fun e' ->
    ok @ { tx = txSkel; message = None;
           state = Update (I64 (I.int_to_t e'.balance)) }
  | "release" -> ok @ { tx = txSkel; message = None; state = Update (I64 0L) }
  | _ -> failw "unknown command"
