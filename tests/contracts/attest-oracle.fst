(* A price oracle.  "Attest": the oracle (the holder of oracleKey) records
   the price of a ticker at a time, from the body {Ticker: String; Price:
   U64; Time: U64}; the state is a dictionary ticker -> [U64 time; U64
   price] with the latest attestation of each ticker.  "Verify": anyone
   (typically a contract, by a message) checks that a body of the same form
   is what the oracle attested; the transaction is left as it is. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module OptT = Zen.OptionT
module Dict = Zen.Dictionary
module CR = Zen.ContractResult
module U64 = FStar.UInt64
module Crypto = Zen.Crypto
module C = Zen.Cost

let oracleKey = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"

type attestation = {
  ticker: string;
  price: U64.t;
  time: U64.t;
}

// let! key 3; match: pair 2, leaves (Some key 2, PK pk 2) 4 + 1, max(incRet
// 2 + (=) 2, 2) 4: 11.  Count 14; Zulib parsePublicKey 120 + incRet 3.
// 137.
val isOracle: sender -> bool `cost` 137
let isOracle sender =
  let! key = Crypto.parsePublicKey oracleKey in
  match key, sender with
  | Some key, PK pk -> incRet 3 (key = pk)
  | _ -> incRet 3 false

// three let! (2 + >?= 2 + tryFind 2) 18; match: triple 3, leaves 3 * 2 +
// 1, max(some 1 + record 3, none 0) 4: 14.  Count 32; Zulib 3 * (tryFind
// 64 + try* 2) = 198.  230.
val parseAttestation: Dict.t data -> option attestation `cost` 230
let parseAttestation dict =
  let! ticker = Dict.tryFind "Ticker" dict >?= tryString in
  let! price = Dict.tryFind "Price" dict >?= tryU64 in
  let! time = Dict.tryFind "Time" dict >?= tryU64 in
  match ticker, price, time with
  | Some ticker, Some price, Some time ->
    OptT.some ({ ticker = ticker; price = price; time = time })
  | _ -> OptT.none

// let! ok 3; let! att (2 + >?= 2 + >!= 2) 6; let! book (2 + >!= 2) 4;
// match: pair 2, leaves (true, Some att) 3 + (false, _) 2 + `_` 1,
// max(let entry (Collection 1 + List 1 + list of 2: 4 + 2 * (U64 1 +
// projection 1)) 10 + let book (match leaves Some book 2 + None 1) 3 +
// let! book (2 + add 3 + projection 1) 6 + RT.ok @ (@ 2 + record 3 +
// Update 1 + Collection 1 + Dict 1) 8 = 27, 2, 2): 35.  Count 48.
// Zulib isOracle 137 + tryDict 4 + parseAttestation 230 + tryDict 4 +
// add 64 (the ERR branches pad it) = 439.  487.
val attest: txSkeleton -> sender -> option data -> option data
  -> CR.t `cost` 487
let attest txSkel sender messageBody state =
  let! ok = isOracle sender in
  let! att = messageBody >!= tryDict >?= parseAttestation in
  let! book = state >!= tryDict in
  match ok, att with
  | true, Some att -> begin
    let entry = Collection (List [ U64 att.time; U64 att.price ]) in
    let book = begin match book with
               | Some book -> book
               | None -> Dict.empty end in
    let! book = Dict.add att.ticker entry book in
    RT.ok @ { tx = txSkel; message = None;
              state = Update (Collection (Dict book)) }
    end
  | false, _ -> RT.incFailw 64 "only the oracle attests"
  | _ -> RT.incFailw 64 "bad attestation"

// let! att 6; let! entry 2 + match (leaves Some att 2 + None 1, max(>?= 2
// + >!= 2 + tryFind 1 + projection 1, incNone 1) 6) 9 = 11; match: pair
// 2, leaves (Some att: 2; Some (Collection (List [U64 time; U64
// price])): Some 1 + Collection 1 + List 1 + 2 * (U64 1 + 1) = 7) 9 +
// 1, max(if 3 + (&& 2 + 2 * (= 2 + projection 1)) 8 + max(@ 2 + record
// 3, failw 1) 5 = 16, failw 1): 28.  Count 45.
// Zulib tryDict 4 + parseAttestation 230 + (tryDict 4 + tryFind 64, or
// incNone 68) 68 = 302.  347.
val verify: txSkeleton -> option data -> option data -> CR.t `cost` 347
let verify txSkel messageBody state =
  let! att = messageBody >!= tryDict >?= parseAttestation in
  let! entry =
    match att with
    | Some att -> state >!= tryDict >?= Dict.tryFind att.ticker
    | None -> OptT.incNone 68 in
  match att, entry with
  | Some att, Some (Collection (List [ U64 time; U64 price ])) ->
    if time = att.time && price = att.price then
      RT.ok @ { tx = txSkel; message = None; state = NoChange }
    else RT.failw "attestation does not match"
  | _ -> RT.failw "no such attestation"

// match leaves 3 + max(attest 4, verify 3, failw 1) = 7.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> wallet -> option data
  -> CR.t `cost` (match command with
                  | "Attest" -> 494
                  | "Verify" -> 354
                  | _ -> 7)
let main txSkel _ _ command sender messageBody _ state =
  match command with
  | "Attest" -> attest txSkel sender messageBody state
  | "Verify" -> verify txSkel messageBody state
  | _ -> RT.failw "unknown command"

val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 8
let cf _ _ command _ _ _ _ =
  (match command with
   | "Attest" -> 494
   | "Verify" -> 354
   | _ -> 7)
  |> cast nat
  |> C.ret
