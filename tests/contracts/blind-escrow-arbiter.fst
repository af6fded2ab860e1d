(* Escrow with an arbiter.  Several escrows live in the state dictionary:
   key "next" holds the next id (U32), key (U32.to_string id) holds the
   escrow as the list [Byte 'E'; Hash buyer; Hash seller; Hash arbiter;
   U64 amount; U32 deadline].
   "deposit" (signed by the buyer): body dict {seller: Hash; arbiter: Hash;
     deadline: U32}; locks every ZP handed over (at least minDeposit).
   "release" (buyer or arbiter), body U32 id: pays the seller.
   "refund" (seller or arbiter, or anyone after the deadline block), body
     U32 id: pays the buyer back. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module OT = Zen.OptionT
module RT = Zen.ResultT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U32 = FStar.UInt32
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Wallet = Zen.Wallet
module PK = Zen.PublicKey
module Sha3 = Zen.Sha3
module Native = FStar.Pervasives.Native

type escrowRecord = {
  buyer: hash; seller: hash; arbiter: hash; amount: U64.t; deadline: U32.t }

let nextKey = "next"
let recordTag : FStar.Char.char = 'E'
let minDeposit : U64.t = 0x2710UL   // 10000 kalapas

// >>= 2 + (>>= 2 + compress 1) + lambda (updateCPK 2): 7;
// compress 305 + updateCPK 205 + finalize 20: 537.
val pkHash: publicKey -> hash `cost` 537
let pkHash pk =
  PK.compress pk >>= (fun cpk -> Sha3.updateCPK cpk Sha3.empty) >>= Sha3.finalize

// ret 1 + Collection 1 + List 1 + 6 conses 12 + 6 constructors + 5
// projections: 26.
val encode: escrowRecord -> data `cost` 26
let encode r =
  ret (Collection (List [Byte recordTag; Hash r.buyer; Hash r.seller;
                         Hash r.arbiter; U64 r.amount; U32 r.deadline]))

// leaves 12 + 1, max(if (3 + = 2 + max(some 1 + record 5, 0)) 11, 0): 24.
val fields: list data -> option escrowRecord `cost` 24
let fields ls =
  match ls with
  | [Byte c; Hash b; Hash s; Hash a; U64 amt; U32 dl] ->
    if c = 'E' then
      OT.some ({ buyer = b; seller = s; arbiter = a; amount = amt; deadline = dl })
    else OT.none
  | _ -> OT.none

// if 3 + backtick 2 + projection 1 + max(some 1, 0): 7.
val nonEmpty: escrowRecord -> option escrowRecord `cost` 7
let nonEmpty r = if r.amount `U64.gt` 0x0UL then OT.some r else OT.none

// let open body: backtick 2 + >>= 2 + tryList 1: 5; 4 + 24 + 7: 40.
val parseEscrow: data -> option escrowRecord `cost` 40
let parseEscrow d =
  let open OT in
  (tryList d >>= fields) `OT.bind` nonEmpty

// let! 2+2 + let (match leaves 3) 3 + let! 2+(>?= 2 +
// tryFind 2) 6 + ret (1 + tuple 2 + match leaves 3) 6: 19;
// tryDict 4 + tryFind 64 + tryU32 2: 89.
val loadState: option data -> (Dict.t data * U32.t) `cost` 89
let loadState state =
  let! od = state >!= tryDict in
  let d = match od with | Some d -> d | None -> Dict.empty in
  let! next = Dict.tryFind nextKey d >?= tryU32 in
  ret (d, (match next with | Some n -> n | None -> 0ul))

// Own count: let! (d,n) 2+1 = 3; let! body 4; 3 x (let! 2+(>?= 2 +
// >!= 2 + tryFind 1) = 7) 21; let! amount 2+2 = 4; match (tuple 4 +
// leaves (8 + 5 + 1) 14 + max(if (3 + 2 + begin let! b 3 + let! r (2 + 1
// + record 5) 8 + let! dict (2 + >>= 2 + add 3 + to_string 1 + add 2 +
// U32 1 + backtick 2) 13 + let! tx 2+4 = 6 + (>>= 2 + ofTxSkel 1 +
// setStateUpdate 1 + Collection 1 + Dict 1) 6 = 36) 41, 2, 1)) 59:
// 3+4+21+4+59 = 91.  Zulib: 89 + 4 + 3 x 66 + 64 = 355, then the
// success path 537 + 26 + 128 + 64 + 6 = 761 (failures padded): 1207.
val deposit: txSkeleton -> contractId -> sender -> option data -> option data
  -> CR.t `cost` 1207
let deposit txSkel contractId sender messageBody state =
  let! (dict, next) = loadState state in
  let! body = messageBody >!= tryDict in
  let! seller = body >!= Dict.tryFind "seller" >?= tryHash in
  let! arbiter = body >!= Dict.tryFind "arbiter" >?= tryHash in
  let! deadline = body >!= Dict.tryFind "deadline" >?= tryU32 in
  let! amount = Tx.getAvailableTokens Asset.zenAsset txSkel in
  match sender, seller, arbiter, deadline with
  | PK pk, Some s, Some a, Some dl ->
    if amount `U64.gte` minDeposit then begin
      let! b = pkHash pk in
      let! r = encode ({ buyer = b; seller = s; arbiter = a; amount = amount; deadline = dl }) in
      let! dict = Dict.add (U32.to_string next) r dict
                  >>= Dict.add nextKey (U32 (next `U32.add_mod` 1ul)) in
      let! tx = Tx.lockToContract Asset.zenAsset amount contractId txSkel in
      CR.ofTxSkel tx >>= CR.setStateUpdate (Collection (Dict dict))
    end
    else RT.incFailw 761 "deposit below the minimum"
  | PK _, _, _, _ -> RT.incFailw 761 "body needs seller, arbiter and deadline"
  | _ -> RT.autoFailw "deposit must be signed by the buyer"

// Own count: let! st 3 + let dict 1 + let! id 4 + let key (match leaves 3
// + max(to_string 1, 0)) 4 + let! found (2 + >?= 2 + tryFind
// 2) 6 + let! who (2 + match: leaves 3 + max(liftCost 1 + 1, 1)) 7 +
// match (leaves 3 + max(let expired (backtick 2 + 2 projections) 4 +
// let allowed (tuple 3 + leaves 12 + max(|| 2 + 2 x (= 2 + proj 1)) 8)
// 23 + if (3 + max(let payee (3 + 1) 4 + let! tx (2 + 5 + proj 1) 8 +
// match (leaves 3 + max(let! tx (2 + 4 + 1) 7 + let! dict 4 + 6, 2))
// 20 = 32, incFailw 2 + (+ 2 + * 2 + size 1) 7)) 35 = 62, 1)) 65: 90.
// Zulib: 89 + 2 + 64 + 40 + 537 + (128 W + 192) + 64 + 64 + 6 = 128 W + 1058.
// Total 128 W + 1148 (every failure after the lookups padded to it).
val close: bool -> txSkeleton -> context -> contractId -> sender -> option data
  -> w:wallet -> option data -> CR.t `cost` (Wallet.size w * 128 + 1148)
let close release txSkel context contractId sender messageBody wallet state =
  let! st = loadState state in
  let dict = Native.fst st in
  let! id = messageBody >!= tryU32 in
  let key = match id with | Some id -> U32.to_string id | None -> "" in
  let! found = Dict.tryFind key dict >?= parseEscrow in
  let! who =
    match sender with
    | PK pk -> OT.liftCost (pkHash pk)
    | _ -> OT.incNone 537
  in
  match found with
  | Some r ->
    let expired = context.blockNumber `U32.gt` r.deadline in
    let allowed =
      match release, who, expired with
      | true, Some h, _ -> h = r.buyer || h = r.arbiter
      | false, Some h, false -> h = r.seller || h = r.arbiter
      | false, _, true -> true
      | _ -> false
    in
    if allowed then begin
      let payee = if release then r.seller else r.buyer in
      let! tx = Tx.fromWallet Asset.zenAsset r.amount contractId wallet txSkel in
      match tx with
      | Some tx ->
        let! tx = Tx.lockToPubKey Asset.zenAsset r.amount payee tx in
        let! dict = Dict.remove key dict in
        CR.ofTxSkel tx >>= CR.setStateUpdate (Collection (Dict dict))
      | None -> RT.incFailw 134 "the contract cannot cover this escrow"
    end
    else RT.incFailw (Wallet.size wallet * 128 + 326) "not allowed"
  | None -> RT.autoFailw "no such escrow"

// leaves 4 + max(deposit 5, close 8, close 8, failw 1): 12.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "deposit" -> 1219
                  | "release" | "refund" -> Wallet.size w * 128 + 1160
                  | _ -> 12)
let main txSkel context contractId command sender messageBody wallet state =
  match command with
  | "deposit" -> deposit txSkel contractId sender messageBody state
  | "release" -> close true txSkel context contractId sender messageBody wallet state
  | "refund" -> close false txSkel context contractId sender messageBody wallet state
  | _ -> RT.failw "unknown command"

// ret 1 + match (leaves 4 + max(+ 2 + * 2 + size 1)) 9: 10.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 10
let cf _ _ command _ _ wallet _ =
  ret (match command with
       | "deposit" -> 1219
       | "release" | "refund" -> Wallet.size wallet * 128 + 1160
       | _ -> 12 <: nat)
