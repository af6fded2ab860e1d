(* A name registry.  "Register": a public key takes a free name (the body,
   a String of 1 to 32 bytes) for `period` blocks by paying `fee`
   kalapas; the key gets the name's token (the subtype is the name) and
   the state, a dictionary name -> [PublicKey owner; U32 expiry], records
   it.  A name is free when it was never taken or has expired.
   "Transfer": the owner of a live name gives it to another key (body
   {Name: String; To: PublicKey}). *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module OptT = Zen.OptionT
module Opt = Zen.Option
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U32 = FStar.UInt32
module U64 = FStar.UInt64
module Asset = Zen.Asset
module C = Zen.Cost

noeq type entry = {
  owner: publicKey;
  expiry: U32.t;
}

let fee : U64.t = 100UL
let period : U32.t = 1000ul

// `function`: match leaves (Some (Collection (List [PublicKey owner;
// U32 expiry])) 3 + 4) 7 + 1, max(incSome 2 + record 2, incNone 1) 4 =
// 12; Zulib 2.  14.
val parseEntry: option data -> option entry `cost` 14
let parseEntry = function
  | Some (Collection (List [ PublicKey owner; U32 expiry ])) ->
    OptT.incSome 2 ({ owner = owner; expiry = expiry })
  | _ -> OptT.incNone 2

// The local operator <&> (x <&> f = f x): its body counts 1 per use.
// let! book 4; let book (maybe 3 + Dict.empty #data 1) 4; let! name 4;
// let! paid 4; match: pair 2, leaves 4 + 1, max(
//   let! current (2 + >>= 2 + tryFind 2; the lambda 0) 6; let free
//   (leaves 3 + max(`U32.lt` 2 + 2 projections, 0)) 7; if 3 + (3 * && 6
//   + `U64.gte` 2 + (<=) 2 + length 1 + (>) 2 + length 1) 14 + max(
//     let expiry (`U32.add_mod` 2 + projection 1) 3; let entry
//     (Collection 1 + List 1 + list of 2: 4 + 2 constructors) 8; let!
//     book (add 3) 5; let! token 4; <&> 2 + lockToContract 3, >>= 2 +
//     mint 2, >>= 2 + lockToPublicKey 3, >>= 2 + lambda 0, >>= 2 +
//     setStateUpdate 1 + Collection 1 + Dict 1: 21 = 41,
//   incFailw 2) = 58: 71,
// incFailw 2): 78.  Count 94.
// Zulib: tryDict 4 + tryString 2 + getAvailableTokens 64 = 70; the named
// branch: tryFind 64 + the lambda (1 + parseEntry 14) = 79, then add 64 +
// fromSubtypeString 64 + <&> 1 + lockToContract 64 + mint 64 +
// lockToPublicKey 610 + the lambda (1 + ofTxSkel 3) + setStateUpdate 3 =
// 874, padded by incFailw 874 and, outside, by incFailw 953.
// 94 + 70 + 953 = 1117.
val register: txSkeleton -> context -> contractId -> sender -> option data
  -> option data -> CR.t `cost` 1117
let register txSkel context contractId sender messageBody state =
  let ( <&> ) x f = f x in
  let! book = state >!= tryDict in
  let book = Opt.maybe (Dict.empty #data) id book in
  let! name = messageBody >!= tryString in
  let! paid = Tx.getAvailableTokens Asset.zenAsset txSkel in
  match sender, name with
  | PK pk, Some name ->
    let! current = Dict.tryFind name book >>= fun found -> parseEntry found in
    let free = match current with
               | Some e -> e.expiry `U32.lt` context.blockNumber
               | None -> true in
    if free && paid `U64.gte` fee && FStar.String.length name <= 32
       && FStar.String.length name > 0 then begin
      let expiry = context.blockNumber `U32.add_mod` period in
      let entry = Collection (List [ PublicKey pk; U32 expiry ]) in
      let! book = Dict.add name entry book in
      let! token = Asset.fromSubtypeString contractId name in
      txSkel <&> Tx.lockToContract Asset.zenAsset paid contractId
      >>= Tx.mint 1UL token
      >>= Tx.lockToPublicKey token 1UL pk
      >>= (fun tx -> CR.ofTxSkel tx)
      >>= CR.setStateUpdate (Collection (Dict book))
    end
    else RT.incFailw 874 "name taken, too long or fee not paid"
  | _ -> RT.incFailw 953 "a key and a name are required"

// let! dict 4; let! name 7; let! newOwner 7; let! book 4; match: 4-tuple
// 4, leaves 8 + 1, max(let! current (>>= 2 + tryFind 2) 6 + match
// (leaves (Some 1 + record pattern 2, None 1) 4, max(if 3 + (&& 2 + (=) 2 +
// `U32.lte` 2 + projection 1) 7 + max(let! book (add 3 + Collection 1 +
// List 1 + list of 2: 4 + 2 constructors) 13 + RT.ok @ (@ 2 + record 3
// + Update 1 + Collection 1 + Dict 1) 8 = 21, incFailw 2) = 31,
// incFailw 2)) 35 = 41, incFailw 2): 54.  Count 76.
// Zulib: tryDict 4 + 2 * (tryFind 64 + try* 2) + tryDict 4 = 140; the
// named branch: tryFind 64 + parseEntry 14 + (add 64, or incFailw 64) =
// 142, which the ERR branch pads.  76 + 140 + 142 = 358.
val transfer: txSkeleton -> context -> sender -> option data
  -> option data -> CR.t `cost` 358
let transfer txSkel context sender messageBody state =
  let! dict = messageBody >!= tryDict in
  let! name = dict >!= Dict.tryFind "Name" >?= tryString in
  let! newOwner = dict >!= Dict.tryFind "To" >?= tryPublicKey in
  let! book = state >!= tryDict in
  match sender, name, newOwner, book with
  | PK pk, Some name, Some newOwner, Some book -> begin
    let! current = Dict.tryFind name book >>= parseEntry in
    match current with
    | Some ({ owner = owner; expiry = expiry }) ->
      if owner = pk && context.blockNumber `U32.lte` expiry then begin
        let! book =
          Dict.add name (Collection (List [ PublicKey newOwner; U32 expiry ]))
            book in
        RT.ok @ { tx = txSkel; message = None;
                  state = Update (Collection (Dict book)) }
      end
      else RT.incFailw 64 "only the owner transfers a live name"
    | None -> RT.incFailw 64 "no such name"
    end
  | _ -> RT.incFailw 142 "Name, To and a key are required"

// match leaves 3 + max(register 6, transfer 5, failw 1) = 9.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> wallet -> option data
  -> CR.t `cost` (match command with
                  | "Register" -> 1126
                  | "Transfer" -> 367
                  | _ -> 9)
let main txSkel context contractId command sender messageBody _ state =
  match command with
  | "Register" -> register txSkel context contractId sender messageBody state
  | "Transfer" -> transfer txSkel context sender messageBody state
  | _ -> RT.failw "unknown command"

// match leaves 3 + max(ret #nat n: 2 each) = 5.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 5
let cf _ _ command _ _ _ _ =
  match command with
  | "Register" -> C.ret #nat 1126
  | "Transfer" -> C.ret #nat 367
  | _ -> C.ret #nat 9
