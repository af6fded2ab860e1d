(* The smallest contract: accepts any command and changes nothing. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module RT = Zen.ResultT

val main: txSkeleton -> context -> contractId -> command:string -> sender
          -> option data -> wallet -> option data
          -> contractResult `cost` 2
let main txSkel _ _ _ _ _ _ _ =
  RT.ok @ { tx = txSkel; message = None; state = NoChange }
  <: contractResult `cost` 2

val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
        -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret (2 <: nat) <: nat `cost` 1
