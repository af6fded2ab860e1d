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

// openings so far (plain functions: no cost)
val openings : option data -> int
let openings = function
  | Some (I64 n) -> I.v n
  | _ -> 0

val mayOpen : sender -> U32.t -> bool
let mayOpen s b =
  b `U32.gte` releaseBlock && match s with
                              | Zen.Types.PK _ -> true
                              | _ -> false

// main's own count: match: scrutinee (command, sender) 2 + leaves
// ("open", Anonymous) 2 + ("open", _) 2 + _ 1 + max branch: if (3 +
// mayOpen sender context.blockNumber (2 + projection 1) 3 + RT.ok @
// {...} (@ 2 + 3 fields + Update (I64 (I.int_to_t (openings state + 1)))
// (3 + + 2 + openings state 1) 6) 11) 17 = 24.  RT.ok and RT.failw cost
// 0: 24 on every path.
val cf : txSkeleton -> context -> string -> sender -> option data -> wallet
         -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = C.ret (24 <: nat)

val main : txSkel:txSkeleton -> context:context -> contractId
           -> command:string -> sender:sender -> messageBody:option data
           -> w:wallet -> state:option data
           -> contractResult `cost` (cf txSkel context command sender
                                       messageBody w state)
let main txSkel context contractId command sender messageBody w state =
  match command, sender with
  | "open", Anonymous -> RT.failw "anonymous sender"
  | "open", _ ->
    if mayOpen sender context.blockNumber then
      RT.ok @ { tx = txSkel; message = None;
                state = Update (I64 (I.int_to_t (openings state + 1))) }
    else RT.failw "locked"
  | _ -> RT.failw "unknown command"
