(* A weighted ballot: the command names a choice, the state gets the
   weight of the ballots cast for it.  Uses a variant type, a top-level
   list of tuples (a cost value, its length a refinement),
   `function` with or-patterns on strings, mutually recursive
   `let rec ... and ...` with their own `val`s (cost indexed by the
   list's length), tuple patterns under `::`, equality on constructors,
   a primed name, and a `val` index that names a top-level value
   (nBallots). *)
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

// the number of ballots: a constant (count 0, no increment)
val nBallots : nat
let nBallots = 5

// Cost: ret 1 + 5 tuples of 3 (15) + 5 conses of 2 (10) = 26
val ballots : (bs:list (string * choice * nat){length bs = nBallots})
              `cost` 26
let ballots =
  ret [ ("alice", Yes, 3); ("bob", No, 2); ("carol", Yes, 1);
        ("dave", Abstain, 5); ("erin", No, 4) ]

// Cost (the lambda's body): leaves "yes" | "y" 2, "no" | "n" 2,
// "abstain" 1, _ 1 + max (ret (Some Yes) 2, ret None 1) 2 = 8
val choiceOf : string -> option choice `cost` 8
let choiceOf = function
  | "yes" | "y" -> ret (Some Yes)
  | "no" | "n" -> ret (Some No)
  | "abstain" -> ret (Some Abstain)
  | _ -> ret None

// the weight cast for c.  tally's count: match leaves [] 0 +
// (_, c', w) :: rest 5 + max (ret 0 1, if 3 + c' = c 2 + max (let! 2 +
// tally c rest 2 + C.incRet 3 (w + t) 4 = 8, C.inc 1 (skip c rest) 4) 13)
// = 18; a cons adds incRet 3 (the else branch: inc 1 + skip's 2) and the
// rest's: 18 + 21 per ballot.  skip's count: tally c l 2.
val tally : c:choice -> l:list (string * choice * nat)
            -> nat `cost` (length l * 21 + 18)
val skip : c:choice -> l:list (string * choice * nat)
           -> nat `cost` (length l * 21 + 20)
let rec tally c l =
  match l with
  | [] -> ret 0
  | (_, c', w) :: rest ->
    if c' = c then (let! t = tally c rest in C.incRet 3 (w + t))
    else C.inc 1 (skip c rest)
and skip c l = tally c l

// Cost: let! 2 + tally c bs 2 = 4, + ballots 26 + tally 5 * 21 + 18:
// 153 = nBallots * 21 + 48
val count : c:choice -> nat `cost` (nBallots * 21 + 48)
let count c =
  let! bs = ballots in
  tally c bs

// main's own count: let! 2 + choiceOf command 1 + match: leaves None 1,
// Some c 2 + max (RT.failw 1, count c >>= fun n -> ...: 2 + 1) = 6: 9,
// + choiceOf 8 = 17; the lambda's body RT.ok @ {...} (@ 2 + 3 fields +
// Update (I64 (I.int_to_t n)) 3) 8.  A choice: 17 + count 153 + 8 = 178;
// none: 17.  cf: let! 2 + choiceOf command 1 + match (leaves Some _ 2,
// None 1 + C.ret 1) 4 = 7, + choiceOf 8: 15.
val cf : txSkeleton -> context -> string -> sender -> option data -> wallet
         -> option data -> nat `cost` 15
let cf _ _ command _ _ _ _ =
  let! ch = choiceOf command in
  match ch with
  | Some _ -> C.ret 178
  | None -> C.ret 17

val main : txSkel:txSkeleton -> context:context -> contractId
           -> command:string -> sender:sender -> messageBody:option data
           -> w:wallet -> state:option data
           -> contractResult `cost` (cf txSkel context command sender
                                       messageBody w state)
let main txSkel context contractId command sender messageBody w state =
  let! ch = choiceOf command in
  match ch with
  | None -> RT.failw "no such choice"
  | Some c ->
    count c >>= fun n ->
    RT.ok @ { tx = txSkel; message = None; state = Update (I64 (I.int_to_t n)) }
