(* Token-weighted voting.  "Vote": the ballots handed over (the contract's
   "ballot" tokens) are destroyed and counted for the choice named by the
   body (a String); the state is the tally, a dictionary choice -> U64.
   "Close": the state becomes [String winner; U64 votes], the first choice
   in key order with the most votes (a fold over the tally). *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module Opt = Zen.Option
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U64 = FStar.UInt64
module Asset = Zen.Asset
module C = Zen.Cost

// let! choice 4; let! tally 4; let tally (maybe 3) 3; let! ballot 4;
// let! weight 4; match: leaves 3, max(if 3 + `U64.gt` 2 + max(let!
// current (2 + >?= 2 + tryFind 2) 6 + let votes (backtick 2 +
// fromOption 2) 4 + let! tally (add 3 + U64 1) 6 + (>>= 2 + >>= 2 +
// destroy 3 + setStateUpdate 1 + Collection 1 + Dict 1) 10 = 26,
// incFailw 2) = 31, incFailw 2): 34.  Count 53.
// Zulib: tryString 2 + tryDict 4 + fromSubtypeString 64 +
// getAvailableTokens 64 = 134; the counting branch: tryFind 64 + tryU64
// 2 + add 64 + destroy 64 + ofTxSkel 3 + setStateUpdate 3 = 200, which
// the ERR branches pad.  53 + 134 + 200 = 387.
val vote: txSkeleton -> contractId -> option data -> option data
  -> CR.t `cost` 387
let vote txSkel contractId messageBody state =
  let! choice = messageBody >!= tryString in
  let! tally = state >!= tryDict in
  let tally = Opt.maybe Dict.empty id tally in
  let! ballot = Asset.fromSubtypeString contractId "ballot" in
  let! weight = Tx.getAvailableTokens ballot txSkel in
  match choice with
  | Some choice ->
    if weight `U64.gt` 0UL then begin
      let! current = Dict.tryFind choice tally >?= tryU64 in
      let votes = Opt.fromOption 0UL current `U64.add_mod` weight in
      let! tally = Dict.add choice (U64 votes) tally in
      Tx.destroy weight ballot txSkel
      >>= CR.ofTxSkel
      >>= CR.setStateUpdate (Collection (Dict tally))
    end
    else RT.incFailw 200 "no ballots"
  | None -> RT.incFailw 200 "a choice is required"

// The folded lambda: match leaves 3 + max(if 3 + `U64.gt` 2 + max(ret 1
// + pair 2, 3), ret 1 + pair 2) = 11; Zulib ret 0.  n = 11, so foldT
// costs size * 15 + 4.
// match: leaves 4 + 1, max(let! (winner, votes) (2, the pattern not
// counted, + foldT 3 + pair 2) 7 + RT.ok @ (@ 2 + record 3 + Update 1 +
// Collection 1 + List 1 + list of 2: 4 + String 1 + U64 1) 14 = 21,
// failw 1): 26.
// With a dictionary: 26 + 4 + 15 size = 30 + 15 size; else 26.
val close: txSkeleton -> state:option data
  -> CR.t `cost` (match state with
                  | Some (Collection (Dict d)) -> 30 + Dict.size d * 15
                  | _ -> 26)
let close txSkel state =
  match state with
  | Some (Collection (Dict tally)) -> begin
    let! (winner, votes) =
      Dict.foldT
        (fun (best, bestVotes) choice v ->
          match v with
          | U64 n ->
            if n `U64.gt` bestVotes then ret (choice, n)
            else ret (best, bestVotes)
          | _ -> ret (best, bestVotes))
        ("", 0UL) tally in
    RT.ok @ { tx = txSkel; message = None;
              state = Update (Collection (List [ String winner; U64 votes ])) }
    end
  | _ -> RT.failw "no votes"

// match leaves 3 + max(vote 4, close 2, failw 1) = 7.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> wallet -> state:option data
  -> CR.t `cost` (match command, state with
                  | "Vote", _ -> 394
                  | "Close", Some (Collection (Dict d)) -> 37 + Dict.size d * 15
                  | "Close", _ -> 33
                  | _ -> 7)
let main txSkel _ contractId command _ messageBody _ state =
  match command with
  | "Vote" -> vote txSkel contractId messageBody state
  | "Close" -> close txSkel state
  | _ -> RT.failw "unknown command"

// match: pair 2, leaves 2 + 5 + 2 + 1, max(0, (+) 2 + (*) 2 + size 1, 0,
// 0) 5 = 17; |> cast nat |> C.ret 5.  22.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 22
let cf _ _ command _ _ _ state =
  (match command, state with
   | "Vote", _ -> 394
   | "Close", Some (Collection (Dict d)) -> 37 + Dict.size d * 15
   | "Close", _ -> 33
   | _ -> 7)
  |> cast nat
  |> C.ret
