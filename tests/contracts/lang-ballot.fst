(* A weighted ballot: the command names a choice, the state gets the
   weight of the ballots cast for it.  Uses a variant type, a top-level
   list of tuples, `function` with or-patterns on strings, mutually
   recursive `let rec ... and ...` with their own `val`s, tuple patterns
   under `::`, equality on constructors, a primed name, and a `val`
   index that names a top-level value (length ballots). *)
open Zen.Types
open Zen.Base
open Zen.Cost

module C = Zen.Cost
module RT = Zen.ResultT
module I = FStar.Int64

type choice =
  | Yes
  | No
  | Abstain

val ballots : list (string * choice * nat)
let ballots =
  [ ("alice", Yes, 3); ("bob", No, 2); ("carol", Yes, 1);
    ("dave", Abstain, 5); ("erin", No, 4) ]

val choiceOf : string -> option choice
let choiceOf = function
  | "yes" | "y" -> Some Yes
  | "no" | "n" -> Some No
  | "abstain" -> Some Abstain
  | _ -> None

// the weight cast for c (plain functions: no cost)
val tally : c:choice -> l:list (string * choice * nat) -> nat
val skip : c:choice -> l:list (string * choice * nat) -> nat
let rec tally c l =
  match l with
  | [] -> 0
  | (_, c', w) :: rest -> if c' = c then w + tally c rest else skip c rest
and skip c l = tally c l

// Cost: C.incRet 15 (tally c ballots) 2 + 2 = 4; incRet 15: 19 = 5 * 3 + 4
val count : c:choice -> cost nat (length ballots * 3 + 4)
let count c = C.incRet 15 (tally c ballots)

// main's own count: match: scrutinee choiceOf command 1 + leaves None 1,
// Some c 2 + max (RT.failw 1, count c >>= fun n -> ...: 2 + 1) = 7; the
// lambda's body RT.ok @ {...} (@ 2 + 3 fields + Update (I64 (I.int_to_t
// n)) 3) 8.  A choice: 7 + count 19 + 8 = 34; none: 7.
val cf : txSkeleton -> context -> string -> sender -> option data -> wallet
         -> option data -> nat `cost` 5
let cf _ _ command _ _ _ _ =
  match choiceOf command with
  | Some _ -> C.ret 34
  | None -> C.ret 7

val main : txSkel:txSkeleton -> context:context -> contractId
           -> command:string -> sender:sender -> messageBody:option data
           -> w:wallet -> state:option data
           -> contractResult `cost` (cf txSkel context command sender
                                       messageBody w state)
let main txSkel context contractId command sender messageBody w state =
  match choiceOf command with
  | None -> RT.failw "no such choice"
  | Some c ->
    count c >>= fun n ->
    RT.ok @ { tx = txSkel; message = None; state = Update (I64 (I.int_to_t n)) }
