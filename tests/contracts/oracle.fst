(* An oracle: the owner commits a root hash per timestamp ("Commit"), and
   anyone can get an attestation token for a (commit, timestamp) pair
   ("Attest"), signed by the owner's public key. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module OptT = Zen.OptionT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module Hash = Zen.Hash
module Sha3 = Zen.Sha3
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Crypto = Zen.Crypto
module PK = Zen.PublicKey
module C = Zen.Cost
module Wallet = Zen.Wallet

let oraclePubKey = "02add2eb8158d81b7ea51e35ddde9c8a95e24449bdab8391f40c5517bdb9a3e117"

type commit = {
  commit: hash;
  timestamp: U64.t;
}

type attestation = {
  commitment: hash * U64.t * hash;
  pubKey: publicKey;
}

val hashCommit: commit -> hash `cost` 286
let hashCommit ({ commit = c; timestamp = ts }) =
  let! s = Sha3.updateHash c Sha3.empty in
  let! s = Sha3.updateU64 ts s in
  Sha3.finalize s
  |> inc 26

let parseCommit (dict: Dict.t data) : option commit `cost` 140 =
  let! c = Dict.tryFind "Commit" dict >?= tryHash in
  let! ts = Dict.tryFind "Timestamp" dict >?= tryU64 in
  match c, ts with
  | Some c, Some ts -> OptT.incSome 4 ({ commit = c; timestamp = ts })
  | _ -> OptT.incNone 4

let isOwner (sender: sender) : bool `cost` 130 =
  let! pk = Crypto.parsePublicKey oraclePubKey in
  match pk, sender with
  | Some pk, PK pk' -> ret (pk = pk')
  | _ -> incRet 10 false

let commit txSkel contractId sender dict =
  let! owner = isOwner sender in
  if not owner then RT.incFailw 2000 "only the oracle may commit" else begin
    let! cm = parseCommit dict in
    match cm with
    | None -> RT.incFailw 1800 "could not parse commit"
    | Some cm -> begin
      let! cmHash = hashCommit cm in
      let! asset = Asset.fromSubtypeString contractId "commit" in
      let! tx = Tx.mint 1UL asset txSkel
                >>= Tx.lockToContract asset 1UL contractId in
      CR.ofTxSkel tx
      >>= CR.setStateUpdate (Hash cmHash)
      |> autoInc
    end
  end

let attest txSkel contractId (wallet: wallet) dict =
  let! cm = parseCommit dict in
  let! pk = Crypto.parsePublicKey oraclePubKey in
  match cm, pk with
  | Some cm, Some pk -> begin
    let! cmHash = hashCommit cm in
    let! (parity, x) = PK.compress pk in
    let! attestHash =
      Sha3.empty
      |> Sha3.updateHash cmHash
      >>= Sha3.updateU64 cm.timestamp
      >>= Sha3.updateCPK (parity, x)
      >>= Sha3.finalize in
    let att = { commitment = cm.commit, cm.timestamp, attestHash; pubKey = pk } in
    let! asset = Asset.fromSubtypeString contractId "attest" in
    let! tx = Tx.mint 1UL asset txSkel
              >>= Tx.lockToContract asset 1UL contractId in
    RT.ok @ { tx = tx; message = None; state = Update (Hash attestHash) }
    |> autoInc
  end
  | _ -> RT.autoFailw "bad attestation request"

let main txSkel context contractId command sender messageBody wallet state =
  let! dict = messageBody >!= tryDict in
  match command, dict with
  | "Commit", Some dict -> commit txSkel contractId sender dict |> autoInc
  | "Attest", Some dict -> attest txSkel contractId wallet dict |> autoInc
  | _, None -> RT.autoFailw "message body must be a dictionary"
  | _ -> RT.autoFailw "unknown command"

let cf _ _ command _ _ wallet _ =
  match command with
  | "Commit" -> C.ret (2650 <: nat)
  | "Attest" -> C.ret (Wallet.size wallet * 128 + 5081 <: nat)
  | _ -> C.ret (8 <: nat)
