(* A time-locked vault: from block 100 on, a sender with a public key may
   open it; the state counts the openings.  Uses a top-level `function`,
   a `match` as the operand of `&&`, backtick infix, a constructor
   qualified by its module (Zen.Types.PK), a tuple scrutinee with
   constructor patterns, and a nested pattern on the state. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module C = Zen.Cost
module RT = Zen.ResultT
module U32 = FStar.UInt32
module I = FStar.Int64

val releaseBlock : U32.t
let releaseBlock = 100ul

// openings so far.  Cost (the lambda's body): leaves Some (I64 n) 3 + _
// 1 + max (ret (I.v n) 2, ret 0 1) = 6
val openings : option data -> int `cost` 6
let openings = function
  | Some (I64 n) -> ret (I.v n)
  | _ -> ret 0

// Cost: ret 1 + && 2 + b `U32.gte` releaseBlock 2 + match (leaves
// Zen.Types.PK _ 2 + _ 1) 3 = 8
val mayOpen : sender -> U32.t -> bool `cost` 8
let mayOpen s b =
  ret (b `U32.gte` releaseBlock && match s with
                                   | Zen.Types.PK _ -> true
                                   | _ -> false)

// main's own count: match: scrutinee (command, sender) 2 + leaves
// ("open", Anonymous) 2 + ("open", _) 2 + _ 1 + max branch: let! 2 +
// mayOpen sender context.blockNumber (2 + projection 1) 3 + let! 2 +
// openings state 1 + if (3 + RT.ok @ {...} (@ 2 + 3 fields + Update (I64
// (I.int_to_t (n + 1))) (3 + + 2) 5) 10) 13 = 21: 28.  RT.ok and
// RT.failw cost 0: 28, + mayOpen 8 + openings 6 = 42 on the ("open", _)
// path.  cf: scrutinee 2 + leaves 5 + C.ret 1 = 8.
val cf : txSkeleton -> context -> string -> sender -> option data -> wallet
         -> option data -> nat `cost` 8
let cf _ _ command sender _ _ _ =
  match command, sender with
  | "open", Anonymous -> C.ret 28
  | "open", _ -> C.ret 42
  | _ -> C.ret 28

val main : txSkel:txSkeleton -> context:context -> contractId
           -> command:string -> sender:sender -> messageBody:option data
           -> w:wallet -> state:option data
           -> contractResult `cost` (cf txSkel context command sender
                                       messageBody w state)
let main txSkel context contractId command sender messageBody w state =
  match command, sender with
  | "open", Anonymous -> RT.failw "anonymous sender"
  | "open", _ ->
    let! may = mayOpen sender context.blockNumber in
    let! n = openings state in
    if may then
      RT.ok @ { tx = txSkel; message = None;
                state = Update (I64 (I.int_to_t (n + 1))) }
    else RT.failw "locked"
  | _ -> RT.failw "unknown command"
