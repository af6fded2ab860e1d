(* A price index.  "Push" (the oracle): the body, a U64 price, is put in
   front of the state, the list of the last four prices, newest first.
   "Publish": the average of the listed prices is sent by a message
   ("Price", body U64 average) to the contract whose id (72 hex) is the
   body, a String. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module OptT = Zen.OptionT
module L = Zen.List
module CR = Zen.ContractResult
module U64 = FStar.UInt64
module ContractId = Zen.ContractId
module Crypto = Zen.Crypto
module C = Zen.Cost

let oracleKey = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"

// as in token-sale.fst.  137.
val isOracle: sender -> bool `cost` 137
let isOracle sender =
  let! key = Crypto.parsePublicKey oracleKey in
  match key, sender with
  | Some key, PK pk -> incRet 3 (key = pk)
  | _ -> incRet 3 false

// let! ok 3; let old (match leaves 4 + 1) 5; let! kept (take 2) 4; match:
// pair 2, leaves 4 + 1, max(@ 2 + record 3 + Update 1 + Collection 1 +
// List 1 + (::) 2 + U64 1 = 11, failw 1): 18.  Count 30; Zulib isOracle
// 137 + take (min 3 L * 18 + 18).  185 + 18 min(3, L).
val push: txSkeleton -> sender -> option data -> state:option data
  -> CR.t `cost` ((match state with
                   | Some (Collection (List l)) -> min 3 (length l)
                   | _ -> 0) * 18 + 185)
let push txSkel sender messageBody state =
  let! ok = isOracle sender in
  let old = match state with | Some (Collection (List l)) -> l | _ -> [] in
  let! kept = L.take 3 old in
  match ok, messageBody with
  | true, Some (U64 price) ->
    RT.ok @ { tx = txSkel; message = None;
              state = Update (Collection (List (U64 price :: kept))) }
  | _ -> RT.failw "only the oracle pushes a price"

// L = length of the state's list.  match: pair 2, leaves 7 + 1, max(
//   let! prices (tryMapT 2) 4; let! recipient 2 + if 3 + (= 2 +
//   length 1) + max(parse 1, incNone 1) 7 = 9; match: pair 2, leaves 4 +
//   1, max(if 3 + (> 2 + length 1) 3 + max(let! priceSum (foldT 3) 5 + let
//   average (backtick 2 + uint_to_t 1 + length 1) 4 + RT.ok @ (@ 2 +
//   record 3 + Some 1 + record 3 + Some 1 + U64 1) 11 = 20, incFailw 2)
//   = 26, incFailw 2 + (+) 2 + (*) 2 + length 1 = 7) 33 = 46,
// failw 1): 56.
// The foldT lambda: ret 1 + backtick 2 = 3, foldT: 7 L + 4.
// Zulib: tryMapT tryU64 (22 L + 20) + (ContractId.parse 64, or incNone
// 64) + (foldT 7 L + 4, or incFailw 4 with no prices, or incFailw (7 L +
// 4)).  With a String and a list: 56 + 29 L + 88 = 144 + 29 L; else 56.
val publish: txSkeleton -> messageBody:option data -> state:option data
  -> CR.t `cost` (match messageBody, state with
                  | Some (String _), Some (Collection (List l)) ->
                    144 + length l * 29
                  | _ -> 56)
let publish txSkel messageBody state =
  match messageBody, state with
  | Some (String target), Some (Collection (List l)) -> begin
    let! prices = OptT.tryMapT tryU64 l in
    let! recipient =
      if FStar.String.length target = 72 then ContractId.parse target
      else OptT.incNone 64 in
    match prices, recipient with
    | Some prices, Some recipient ->
      if length prices > 0 then begin
        let! priceSum =
          L.foldT (fun acc p -> ret (acc `U64.add_mod` p)) 0UL prices in
        let average = priceSum `U64.div` U64.uint_to_t (length prices) in
        RT.ok @ { tx = txSkel;
                  message = Some ({ recipient = recipient; command = "Price";
                                    body = Some (U64 average) });
                  state = NoChange }
      end
      else RT.incFailw 4 "no prices"
    | _ -> RT.incFailw (length l * 7 + 4)
             "the prices must be U64 and the body a contract id"
    end
  | _ -> RT.failw "the body must be a contract id and the state a list of prices"

// match leaves 3 + max(push 4, publish 3, failw 1) = 7.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> messageBody:option data -> wallet -> state:option data
  -> CR.t `cost` (match command with
                  | "Push" -> (match state with
                               | Some (Collection (List l)) -> min 3 (length l)
                               | _ -> 0) * 18 + 192
                  | "Publish" -> begin match messageBody, state with
                                 | Some (String _), Some (Collection (List l)) ->
                                   151 + length l * 29
                                 | _ -> 63 end
                  | _ -> 7)
let main txSkel _ _ command sender messageBody _ state =
  match command with
  | "Push" -> push txSkel sender messageBody state
  | "Publish" -> publish txSkel messageBody state
  | _ -> RT.failw "unknown command"

// match leaves 3 + max((*) 2 + (+) 2 + match (leaves 4 + 1 + min 2 +
// length 1) 8 = 12, match (pair 2, leaves 3 + 4 + 1, (+) 2 + (*) 2 +
// length 1) 15, 0) = 18; |> cast nat |> C.ret 5.  23.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 23
let cf _ _ command _ messageBody _ state =
  (match command with
   | "Push" -> (match state with
                | Some (Collection (List l)) -> min 3 (length l)
                | _ -> 0) * 18 + 192
   | "Publish" -> begin match messageBody, state with
                  | Some (String _), Some (Collection (List l)) ->
                    151 + length l * 29
                  | _ -> 63 end
   | _ -> 7)
  |> cast nat
  |> C.ret
