(* The voting contract of zen's local chain.

   Voters execute it with the command "Allocation", "Payout" or
   "Nomination" and their signed ballot in the message body.  It accepts
   any command and body and returns the transaction unchanged, with no
   state: the contract checks nothing, the node does.  Every node scans
   the blocks for this contract's witnesses, verifies the ballots'
   signatures and tallies the votes itself (cgp-and-chain.md 6).

   Built into zen: on the local chain this file is active from genesis
   without an activation, and its contract id (version 0, SHA3 of these
   bytes) is the local chain's votingContractId.  Changing one byte
   changes the id. *)
open Zen.Base
open Zen.Cost
open Zen.Types

module RT = Zen.ResultT

let main txSkel _ _ _ _ _ _ _ =
  RT.ok @ { tx = txSkel; message = None; state = NoChange }

// main's cost: @ 2 + a record of 3 fields 3 (contracts.md 1.10)
let cf _ _ _ _ _ _ _ = ret (5 <: nat)
