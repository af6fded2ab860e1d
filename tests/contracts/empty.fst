(* The smallest contract: accepts any command and changes nothing. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module RT = Zen.ResultT

val main: txSkeleton -> context -> contractId -> command:string -> sender
          -> option data -> wallet -> option data
          -> contractResult `cost` 5
let main txSkel _ _ _ _ _ _ _ =
  RT.ok @ { tx = txSkel; message = None; state = NoChange }

val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
        -> option data -> nat `cost` 1
// main's cost (contracts.md 1.10 and 4): RT.ok 0; elaboration:
// @ 2 + record 3 fields = 5.  cf = 5; its own cost: ret 1 argument 1.
let cf _ _ _ _ _ _ _ = ret (5 <: nat)
