(* A topic relay between this contract and a partner contract.
   The state is [U32 relayed; Dict tally], tally mapping each topic to a
   U64 count.
   "forward": body { "topic": String (default "general"), optional
     "target": String, a 72-hex contract id }.  Sends "receive" with the
     body [Byte 'f'; String topic] to the target, or to the partner when
     no target is given, and counts one more relayed message.
   "receive": only from the partner contract; the body must be
     [Byte 'f'; String topic].  Counts the topic in the tally (at most
     maxTopics topics) and one more relayed message.
   "clear": body String topic; drops a known topic from the tally. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module CR = Zen.ContractResult
module Opt = Zen.Option
module Dict = Zen.Dictionary
module CId = Zen.ContractId
module S = FStar.String
module U32 = FStar.UInt32
module U64 = FStar.UInt64

type pair a = { first: a; second: a }

type route =
  | Direct of contractId
  | Fallback
  | Refused of string

let partnerHex = "00000000ca055cc0af4d25ea1c8bbbf41444aadd68a168558397516b2f64727d87e72f97"
let maxTopics : nat = 8

// leaves 8 + 1, max(ret 1 + tuple 2): 12.
val load: option data -> (U32.t * Dict.t data) `cost` 12
let load state =
  match state with
  | Some (Collection (List [U32 n; Collection (Dict d)])) -> ret (n, d)
  | _ -> ret (0ul, Dict.empty)

// ret 1 + Collection 1 + List 1 + 2 conses 4 + U32 1 + Collection 1 + Dict 1: 10.
val store: U32.t -> Dict.t data -> data `cost` 10
let store n d = ret (Collection (List [U32 n; Collection (Dict d)]))

// let open body: ret 1 + +%^ 2: 3.
val next: U32.t -> U32.t `cost` 3
let next n = let open U32 in ret (n +%^ 1ul)

// let len 1 + if (3 + || 2 + = 2 + > 2 + max(ret 1, ret 1 + <> 2 + at 2)) 14: 15.
val topicOk: string -> bool `cost` 15
let topicOk t =
  let len = S.length t in
  if len = 0 || len > 16 then ret false
  else ret (S.at t 0 <> "#")

// let! target (2 + >!= 2 + >?= 2 + tryFind 1 + >?= 2) 9 + match
// (leaves 3 + max(if (3 + = 2 + length 1 + max(let! cid 3 + ret 1 +
// match (leaves 3 + 1) 4 = 8, incRet 2 + 1)) 14, incRet 2)) 17 = 26.
// Zulib: tryDict 4 + tryFind 64 + tryString 2 + (parse 64 | incRet 64): 134.
val route: option data -> route `cost` 160
let route body =
  let! target = body >!= tryDict >?= Dict.tryFind "target" >?= tryString in
  match target with
  | Some s ->
    if S.length s = 72 then begin
      let! cid = CId.parse s in
      ret (match cid with
           | Some c -> Direct c
           | None -> Refused "target is not a contract id")
    end
    else incRet 64 (Refused "target must be 72 hex characters")
  | None -> incRet 64 Fallback

// The topic's count before and after, and the new tally; false when the
// tally is full.  let! known 4 + if (3 + || 2 + < 2 + size 1 + max(let!
// old (2 + >?= 2 + tryFind 2) 6 + let c (maybe 3) 3 + let counts
// (record 2 + backtick 2) 4 + let! tally (2 + add 3 + U64 1 + proj 1)
// 7 + ret (1 + tuple 3) 4 = 24, autoInc 1 + ret 1 + tuple 3 + record 2
// = 7)) 32 = 36.  Zulib: containsKey 64 + (tryFind 64 + tryU64 2 + add
// 64 | autoInc 130) = 194.  230.
val bump: string -> Dict.t data -> (bool * pair U64.t * Dict.t data) `cost` 230
let bump t tally =
  let! known = Dict.containsKey t tally in
  if known || Dict.size tally < maxTopics then begin
    let! old = Dict.tryFind t tally >?= tryU64 in
    let c = Opt.maybe 0UL id old in
    let counts = { first = c; second = c `U64.add_mod` 1UL } in
    let! tally = Dict.add t (U64 counts.second) tally in
    ret (true, counts, tally)
  end
  else autoInc (ret (false, { first = 0UL; second = 0UL }, tally))

// let! r 3 + let! topic 9 + let topic 2 + let! ok 3 + let! (n, tally)
// (2 + 1) 3 + let! partner 3 + match (tuple 2 + leaves 11 +
// max(if (3 + max(let! st (2 + >>= 2 + next 1) 5 + @ 2 + record 3 +
// Some 1 + record 3 + <| 2 + Collection 1 + List 1 + 2 conses 4 + Byte 1
// + String 1 + Update 1 = 25, 2)) 28, 2, 2)) 41 = 64.  Zulib: route 160
// + tryDict 4 + tryFind 64 + tryString 2 + topicOk 15 + load 12 + parse
// 64 + (next 3 + the lambda (2 + store 10) | incFailw 15) = 336.  400.
val forward: txSkeleton -> option data -> option data -> CR.t `cost` 400
let forward txSkel body state =
  let! r = route body in
  let! topic = body >!= tryDict >?= Dict.tryFind "topic" >?= tryString in
  let topic = Opt.fromOption "general" topic in
  let! ok = topicOk topic in
  let! (n, tally) = load state in
  let! partner = CId.parse partnerHex in
  match r, partner with
  | Direct cid, _ | Fallback, Some cid ->
    if ok then begin
      let! st = next n >>= (fun n' -> store n' tally) in
      RT.ok @ { tx = txSkel;
                message = Some ({ recipient = cid; command = "receive";
                                  body = Some <| Collection (List [Byte 'f'; String topic]) });
                state = Update st }
    end
    else RT.incFailw 15 "the topic must be 1 to 16 bytes, not starting with #"
  | Refused msg, _ -> RT.incFailw 15 msg
  | Fallback, None -> RT.incFailw 15 "no partner"

// let! partner 3 + match (tuple 3 + leaves 12 + max(if (3 + = 2 + max(
// let! s 3 + let! b (2 + 2 + snd 1) 5 + match (leaves 6 + max(let!
// st (2 + =<< 2 + next 1 + fst 1) 6 + @ 2 + record 3 + Update 1 =
// 12, 2)) 18 = 26, 2)) 31, 2)) 46 = 49.  Zulib: parse 64 + load 12 +
// bump 230 + (next 3 + the lambda (2 + store 10) | incFailw 15), or
// incFailw 257: 321.  370.
val receive: txSkeleton -> sender -> option data -> option data -> CR.t `cost` 370
let receive txSkel sender body state =
  let! partner = CId.parse partnerHex in
  match sender, partner, body with
  | Contract cid, Some p, Some (Collection (List [Byte 'f'; String t])) ->
    if cid = p then begin
      let! s = load state in
      let! b = bump t (snd s) in
      match b with
      | true, _, tally ->
        let! st = (fun n' -> store n' tally) =<< next (fst s) in
        RT.ok @ { tx = txSkel; message = None; state = Update st }
      | false, _, _ -> RT.incFailw 15 "too many topics"
    end
    else RT.incFailw 257 "the sender is not the partner"
  | _ -> RT.incFailw 257 "only the partner may relay here"

// let! t 4 + let! s 3 + match (leaves 3 + max(let! known (2 + 2 +
// snd 1) 5 + if (3 + max(`bind` 2 + >>= 2 + remove (2 + snd 1) 3 +
// store (fst s) 2, 2)) 12 = 17, 2)) 20 = 27.  Zulib: tryString 2 + load
// 12 + (containsKey 64 + (remove 64 + store 10 + the lambda (<| 2 +
// record 3 + Update 1) 6 | incFailw 80) | incFailw 144) = 158.  185.
val clear: txSkeleton -> option data -> option data -> CR.t `cost` 185
let clear txSkel body state =
  let! t = body >!= tryString in
  let! s = load state in
  match t with
  | Some t -> begin
    let! known = Dict.containsKey t (snd s) in
    if known then
      Dict.remove t (snd s) `bind` store (fst s) >>= (fun st ->
        RT.ok <| { tx = txSkel; message = None; state = Update st })
    else RT.incFailw 80 "unknown topic"
    end
  | None -> RT.incFailw 144 "the body must be a topic"

// leaves 4 + max(receive 4 args): 8.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> wallet -> option data
  -> CR.t `cost` (match command with
                  | "forward" -> 408
                  | "receive" -> 378
                  | "clear" -> 193
                  | _ -> 8)
let main txSkel context contractId command sender messageBody wallet state =
  match command with
  | "forward" -> forward txSkel messageBody state
  | "receive" -> receive txSkel sender messageBody state
  | "clear" -> clear txSkel messageBody state
  | _ -> RT.failw "unknown command"

// match leaves 4 + |> 2 + cast nat 1 + |> 2: 9.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 9
let cf _ _ command _ _ _ _ =
  (match command with
   | "forward" -> 408
   | "receive" -> 378
   | "clear" -> 193
   | _ -> 8)
  |> cast nat
  |> ret

// Hand-checked runs (P = the partner id):
// forward {topic "news"}, no state: 408, OK, message to P "receive"
//   [Byte 102; String "news"], state [U32 1; Dict {}].
// forward {topic "prices"; target 00000001 11..11}, state [U32 4294967295; ..]:
//   408, OK, message to the target, counter wraps to 0.
// forward {topic "#x"}: 408, ERR.  forward {target "abc"}: 408, ERR.
// receive from P, [Byte 'f'; "news"], state [U32 4; {ab: 7, news: 2}]: 378,
//   OK, state [U32 5; {ab: 7, news: 3}].  receive, anonymous: 378, ERR.
// receive a 9th topic: 378, ERR too many topics; a known one: OK.
// clear "news": 193, OK, state [U32 4; {ab: 7}].  clear "nope": 193, ERR.
