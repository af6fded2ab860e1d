(* Signed-message vault.  The vault belongs to one public key, kept in the
   state together with a nonce.  Withdrawals and key rotations are authorised
   either by the owner sending the transaction (sender = PK owner) or by a
   signature of the owner over the command's fields, so that anyone can relay
   them.  Every authorised command bumps the nonce. *)
open Zen.Base
open Zen.Cost
open Zen.Types
open Zen.Data

module RT = Zen.ResultT
module OT = Zen.OptionT
module Dict = Zen.Dictionary
module CR = Zen.ContractResult
module TX = Zen.TxSkeleton
module W = Zen.Wallet
module U64 = FStar.UInt64
module S = FStar.String
module H = Zen.Hash
module Sha3 = Zen.Sha3
module Crypto = Zen.Crypto
module Asset = Zen.Asset

type vault =
  { owner: publicKey;
    nonce: U64.t }

val parseState: option data -> option vault `cost` 21
let parseState state =
  match state with
  | Some (Collection (List [PublicKey pk; U64 n])) -> OT.incSome 9 (Mkvault pk n)
  | _ -> OT.incNone 9

val vaultData: publicKey -> U64.t -> data `cost` 9
let vaultData pk n = ret (Collection (List [PublicKey pk; U64 n]))

val field(#a:Type): (data -> option a `cost` 2) -> string -> option data
  -> option a `cost` 77
let field #_ tryX key body =
  body >!= tryDict >?= Dict.tryFind key >?= tryX

val withdrawHash: contractId -> U64.t -> hash -> U64.t
  -> hash `cost` (6 * S.length "withdraw" + 516)
let withdrawHash (_, cHash) amount recipient nonce =
  H.updateString "withdraw" H.empty
  >>= H.updateU64 amount
  >>= H.updateHash recipient
  >>= H.updateU64 nonce
  >>= H.updateHash cHash
  >>= H.finalize

val rotateHash: publicKey -> U64.t -> hash `cost` (6 * S.length "rotate" + 464)
let rotateHash newKey nonce =
  ret Sha3.empty
  >>= Sha3.updateString "rotate"
  >>= Sha3.updatePublicKey newKey
  >>= Sha3.updateU64 nonce
  >>= Sha3.finalize

val authorized: sender -> publicKey -> option signature -> hash -> bool `cost` 812
let authorized sender owner sg h =
  if sender = PK owner then incRet 800 true
  else match sg with
       | Some s -> Crypto.verify owner s h
       | None -> incRet 800 false

val init: contractId -> sender -> option data -> option vault -> txSkeleton
  -> CR.t `cost` 475
let init contractId sender body v txSkel =
  match v with
  | Some _ -> RT.autoFailw "Already initialized"
  | None -> begin
    let! bodyKey = field tryPublicKey "pk" body in
    let! hexKey = field tryString "pk" body >?= Crypto.parsePublicKey in
    let key = match sender, bodyKey, hexKey with
              | PK pk, _, _ -> Some pk
              | _, Some pk, _ -> Some pk
              | _, _, Some pk -> Some pk
              | _ -> None in
    match key with
    | None -> RT.autoFailw "Missing public key"
    | Some pk ->
      let! avail = TX.getAvailableTokens Asset.zenAsset txSkel in
      let! tx = if avail `U64.gt` 0UL
                then TX.lockToContract Asset.zenAsset avail contractId txSkel
                else incRet 64 txSkel in
      let! st = vaultData pk 0UL in
      CR.ofTxSkel tx >>= CR.setStateUpdate st
  end

val deposit: contractId -> option vault -> txSkeleton -> CR.t `cost` 149
let deposit contractId v txSkel =
  match v with
  | None -> RT.autoFailw "Not initialized"
  | Some _ ->
    let! avail = TX.getAvailableTokens Asset.zenAsset txSkel in
    if avail = 0UL then RT.autoFailw "Nothing to deposit"
    else TX.lockToContract Asset.zenAsset avail contractId txSkel >>= CR.ofTxSkel

val withdraw: txSkeleton -> contractId -> sender -> option data -> w:wallet
  -> option vault -> CR.t `cost` (W.size w * 128 + 6 * S.length "withdraw" + 1990)
let withdraw txSkel contractId sender body w v =
  match v with
  | None -> RT.autoFailw "Not initialized"
  | Some v -> begin
    let! amount = field tryU64 "amount" body in
    let! recipient = field tryHash "recipient" body in
    let! nonce = field tryU64 "nonce" body in
    let! sg = field trySignature "signature" body in
    match amount, recipient, nonce with
    | Some amount, Some recipient, Some nonce ->
      let! h = withdrawHash contractId amount recipient nonce in
      let! ok = authorized sender v.owner sg h in
      if not ok then RT.autoFailw "Invalid signature"
      else if nonce <> v.nonce then RT.autoFailw "Bad nonce"
      else begin
        let! tx = TX.lockToPubKey Asset.zenAsset amount recipient txSkel
                  >>= TX.fromWallet Asset.zenAsset amount contractId w in
        let! st = vaultData v.owner (v.nonce `U64.add_mod` 1UL) in
        match tx with
        | None -> RT.autoFailw "Insufficient funds"
        | Some tx -> CR.ofTxSkel tx >>= CR.setStateUpdate st
      end
    | _ -> RT.autoFailw "Invalid message body"
  end

val rotate: txSkeleton -> sender -> option data -> option vault
  -> CR.t `cost` (6 * S.length "rotate" + 1578)
let rotate txSkel sender body v =
  match v with
  | None -> RT.autoFailw "Not initialized"
  | Some v -> begin
    let! newKey = field tryPublicKey "pk" body in
    let! nonce = field tryU64 "nonce" body in
    let! sg = field trySignature "signature" body in
    match newKey, nonce with
    | Some newKey, Some nonce ->
      let! h = rotateHash newKey nonce in
      let! ok = authorized sender v.owner sg h in
      if not ok then RT.autoFailw "Invalid signature"
      else if nonce <> v.nonce then RT.autoFailw "Bad nonce"
      else vaultData newKey (U64.add_mod nonce 1UL)
           >>= (fun st -> CR.ofTxSkel txSkel >>= CR.setStateUpdate st)
    | _ -> RT.autoFailw "Invalid message body"
  end

val close: txSkeleton -> sender -> option vault -> CR.t `cost` 24
let close txSkel sender v =
  match v, sender with
  | Some v, PK pk ->
    if pk = v.owner then CR.ofTxSkel txSkel >>= CR.setStateDelete
    else RT.autoFailw "Only the owner can close the vault"
  | None, _ -> RT.autoFailw "Not initialized"
  | _ -> RT.autoFailw "Only the owner can close the vault"

val main: txSkel:txSkeleton -> context:context -> contractId:contractId
  -> command:string -> sender:sender -> messageBody:option data
  -> w:wallet -> state:option data
  -> CR.t `cost` (match command with
                  | "init" -> 511
                  | "deposit" -> 185
                  | "withdraw" -> W.size w * 128 + 6 * S.length "withdraw" + 2026
                  | "rotate" -> 6 * S.length "rotate" + 1614
                  | "close" -> 60
                  | _ -> 36)
let main txSkel _ contractId command sender messageBody w state =
  let! v = parseState state in
  match command with
  | "init" -> init contractId sender messageBody v txSkel
  | "deposit" -> deposit contractId v txSkel
  | "withdraw" -> withdraw txSkel contractId sender messageBody w v
  | "rotate" -> rotate txSkel sender messageBody v
  | "close" -> close txSkel sender v
  | _ -> RT.autoFailw "Unknown command"

val cf: txSkel:txSkeleton -> context:context -> command:string -> sender:sender
  -> messageBody:option data -> w:wallet -> state:option data -> nat `cost` 18
let cf _ _ command _ _ w _ =
  (match command with
   | "init" -> 511
   | "deposit" -> 185
   | "withdraw" -> W.size w * 128 + 6 * S.length "withdraw" + 2026
   | "rotate" -> 6 * S.length "rotate" + 1614
   | "close" -> 60
   | _ -> 36)
  |> ret
