(* A 2-of-3 multi-signature treasury holding ZP.
   "propose" (sender one of the three keys, no proposal pending): the body
     {"to": Hash (a public key hash), "amount": U64 (> 0)} becomes the
     pending proposal, with the proposer's approval already recorded.
   "approve" (sender one of the three keys, a proposal pending): records
     the sender's approval.  Once two of the three keys approved, the
     amount is paid from the contract's wallet to the key hash and the
     proposal is deleted; otherwise the approvals are stored.
   State: Collection (List [Hash to; U64 amount; Collection (List [Byte;
   Byte; Byte])]): one approval byte (0 or 1) per key, in key order. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module OptT = Zen.OptionT
module Dict = Zen.Dictionary
module L = Zen.List
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Crypto = Zen.Crypto
module Wallet = Zen.Wallet
module C = Zen.Cost

let key0 = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
let key1 = "02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5"
let key2 = "02f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9"
let threshold : nat = 2

type votes = list (publicKey * bool)

// tryMapT 2 + list of 3: 6 = 8; Zulib 3 * (120 + 20) + 20 = 440.  448.
val signers: unit -> option (ls:list publicKey{length ls = 3}) `cost` 448
let signers () = OptT.tryMapT Crypto.parsePublicKey [key0; key1; key2]

// function: leaves Some 1 + Collection 1 + List 1 + Hash h 2 + U64 a 2 +
// Collection 1 + List 1 + 3 x Byte v 2 + _ 1 = 16, max(incSome 2 + triple
// 3 + list of 3: 6 + three (=) 6 = 17, incNone 1) = 33; Zulib 4.  37.
val parseState: option data -> option (hash * U64.t * list bool) `cost` 37
let parseState = function
  | Some (Collection (List [Hash h; U64 a;
                            Collection (List [Byte v0; Byte v1; Byte v2])])) ->
    OptT.incSome 4 (h, a, [v0 = 1uy; v1 = 1uy; v2 = 1uy])
  | _ -> OptT.incNone 4

// Sets pk's approval; None when pk is none of the keys.  Per call: leaves
// [] 0 + (k, v) :: tl 4 = 4, max(OptT.none 0, if 3 + (=) 2 + max(incSome 2
// + (length tl 1 + (*) 2 + (+) 2) + (::) 2 + pair 2 = 11, `OptT.bind` 2 +
// mark pk tl 2 = 4)) = 20; the lambda 5 (OptT.ret 1 + (::) 2 + pair 2).
// C(0) = 20, C(n) = 20 + C(n - 1) + 5 = 25 n + 20 (incSome pads 25 n).
val mark: publicKey -> ls:votes -> option (l:votes{length l = length ls})
  `cost` (length ls * 25 + 20)
let rec mark pk = function
  | [] -> OptT.none
  | (k, v) :: tl ->
    if k = pk then OptT.incSome (length tl * 25 + 25) ((k, true) :: tl)
    else mark pk tl `OptT.bind` (fun tl' -> OptT.ret ((k, v) :: tl'))

// The local operator: ret 1 + if 3 + (+) 2 = 6.  Body: foldT 3; Zulib
// foldT len * (6 + 4) + 4.  10 len + 7.
val tally: ls:votes -> nat `cost` (length ls * 10 + 7)
let tally ls =
  let ( +? ) (n: nat) ((_, v): publicKey * bool) : nat `cost` 6 =
    ret (if v then n + 1 else n) in
  L.foldT ( +? ) 0 ls

// lambda: ret 1 + Byte 1 + if 3 = 5; mapT len * 7 + 2.  let! 1 + 1 +
// mapT 2 = 4; ret 1 + Collection 1 + List 1 + list of 3: 6 + Hash 1 + U64
// 1 + Collection 1 + List 1 = 13.  17 + 7 len + 2.
val encode: hash -> U64.t -> ls:votes -> data `cost` (length ls * 7 + 19)
let encode recipient amount ls =
  let! flags = L.mapT (fun (_, v) -> ret (Byte (if v then 1uy else 0uy))) ls in
  ret (Collection (List [Hash recipient; U64 amount; Collection (List flags)]))

// count 49 (let!s 4 + 7 + 7 + 4 = 22; match: triple 3 + leaves 6 + 3 + 1
// + max(if 3 + backtick 2 + max(2, let! st 5 + 4) = 14, 2, 2) = 27);
// Zulib tryDict 4 + 2 * 66 + mark 95 = 231, then encode 40 +
// ofTxSkel 3 + setStateUpdate 3 = 46.  326.
val propose: txSkeleton -> publicKey -> ls:votes{length ls = 3}
  -> option data -> CR.t `cost` 326
let propose txSkel pk ls messageBody =
  let! dict = messageBody >!= tryDict in
  let! recipient = dict >!= Dict.tryFind "to" >?= tryHash in
  let! amount = dict >!= Dict.tryFind "amount" >?= tryU64 in
  let! votes = mark pk ls in
  match recipient, amount, votes with
  | Some recipient, Some amount, Some votes ->
    if amount `U64.eq` 0UL then RT.incFailw 46 "the amount must be positive"
    else begin
      let! st = encode recipient amount votes in
      CR.ofTxSkel txSkel >>= CR.setStateUpdate st
    end
  | _, _, None -> RT.incFailw 46 "the sender is not a signer"
  | _ -> RT.incFailw 46 "to and amount are required"

// count 33 (let! votes 4; match: leaves 3 + max(incFailw 7, let! n 3 +
// if 3 + >= 2 + max(let! txSkel 7 + match (leaves 3 + 8) 11 = 18,
// let! st 5 + C.inc 11 = 16) = 23) = 29); Zulib mark 95 + tally 37 +
// (fromWallet (192 + 128 s) + lockToPubKey 64 + 3 + 3, which the other
// branches pad).  427 + 128 s.
val approve: txSkeleton -> contractId -> w:wallet -> publicKey -> hash
  -> U64.t -> ls:votes{length ls = 3}
  -> CR.t `cost` (427 + Wallet.size w * 128)
let approve txSkel contractId wallet pk recipient amount ls =
  let! votes = mark pk ls in
  match votes with
  | None -> RT.incFailw (299 + Wallet.size wallet * 128) "the sender is not a signer"
  | Some votes ->
    let! n = tally votes in
    if n >= threshold then begin
      let! txSkel = Tx.fromWallet Asset.zenAsset amount contractId wallet txSkel in
      match txSkel with
      | Some txSkel ->
        Tx.lockToPubKey Asset.zenAsset amount recipient txSkel
        >>= CR.ofTxSkel
        >>= CR.setStateDelete
      | None -> RT.incFailw 70 "not enough ZP in the treasury"
    end else begin
      let! st = encode recipient amount votes in
      C.inc (216 + Wallet.size wallet * 128)
        (CR.ofTxSkel txSkel >>= CR.setStateUpdate st)
    end

// count: let! keys 3 + let! current 3 + match (triple 3, leaves 7 + 7 +
// 1, max(propose 3 + 16, approve 7 + 19, failw 1)) 44 = 50; Zulib signers
// 448 + parseState 37.  535 + the command's.
val main: txSkel:txSkeleton -> context:context -> contractId
  -> command:string -> sender:sender -> messageBody:option data
  -> w:wallet -> state:option data
  -> CR.t `cost` (match command, sender with
                  | "propose", PK _ -> 861
                  | "approve", PK _ -> 962 + Wallet.size w * 128
                  | _ -> 535)
let main txSkel context contractId command sender messageBody wallet state =
  let! keys = signers () in
  let! current = parseState state in
  match command, sender, keys with
  | "propose", PK pk, Some [k0; k1; k2] ->
    begin match current with
    | None -> propose txSkel pk [(k0, false); (k1, false); (k2, false)] messageBody
    | Some _ -> RT.incFailw 326 "a proposal is already pending"
    end
  | "approve", PK pk, Some [k0; k1; k2] ->
    begin match current with
    | Some (recipient, amount, [v0; v1; v2]) ->
      approve txSkel contractId wallet pk recipient amount
        [(k0, v0); (k1, v1); (k2, v2)]
    | _ -> RT.incFailw (427 + Wallet.size wallet * 128) "no pending proposal"
    end
  | _ -> RT.failw "unknown command, anonymous sender or bad keys"

// match: pair 2 + leaves 7 + max((+) 2 + (*) 2 + size 1) = 14; two |> 4
// + cast nat 1 = 19.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 19
let cf _ _ command sender _ wallet _ =
  (match command, sender with
   | "propose", PK _ -> 861
   | "approve", PK _ -> 962 + Wallet.size wallet * 128
   | _ -> 535)
  |> cast nat
  |> C.ret
