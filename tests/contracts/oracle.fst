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

val hashCommit: commit -> hash `cost` 298
let hashCommit ({ commit = c; timestamp = ts }) =
  let! s = Sha3.updateHash c Sha3.empty in
  let! s = Sha3.updateU64 ts s in
  Sha3.finalize s
  |> inc 26

let parseCommit (dict: Dict.t data) : option commit `cost` 159 =
  let! c = Dict.tryFind "Commit" dict >?= tryHash in
  let! ts = Dict.tryFind "Timestamp" dict >?= tryU64 in
  match c, ts with
  | Some c, Some ts -> OptT.incSome 4 ({ commit = c; timestamp = ts })
  | _ -> OptT.incNone 4

let isOwner (sender: sender) : bool `cost` 144 =
  let! pk = Crypto.parsePublicKey oraclePubKey in
  match pk, sender with
  | Some pk, PK pk' -> incRet 10 (pk = pk')
  | _ -> incRet 10 false

let commit txSkel contractId sender dict =
  let! owner = isOwner sender in
  if not owner then RT.incFailw 655 "only the oracle may commit" else begin
    let! cm = parseCommit dict in
    match cm with
    | None -> RT.incFailw 496 "could not parse commit"
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

// main's cost (contracts.md 1.10, 4), derived by hand:
// hashCommit: let! 1+1+2, let! 1+1+2, |> 2 + finalize 1 + inc 26 1:
//   12; Zulib updateHash 192 + updateU64 48 + finalize 20 + inc 26:
//   298.
// parseCommit: two let! (1 + 1 + >?= 2 + tryFind 2) 12; match: tuple
//   scrutinee 2 + leaves (Some c, Some ts) 4 + _ 1 + max(incSome 2 +
//   record 2, incNone 1) = 11: 23; Zulib 2 * (tryFind 64 + try* 2) +
//   incSome 4: 136.  159.
// isOwner: let! 1+1+1 = 3; match: tuple 2 + leaves (Some pk, PK pk') 4
//   + _ 1 + max(incRet 2 + (= 2), incRet 2) = 11: 14; Zulib
//   parsePublicKey 120 + 10: 144.
// main: let! dict = mb >!= tryDict 4; match: tuple 2 + leaves
//   ("Commit", Some dict) 3 + ("Attest", Some dict) 3 + (_, None) 2 + _
//   1 + max(commit .. |> autoInc 2 + 4, attest .. 2 + 4, 1, 1) = 17:
//   21; Zulib tryDict 4.  Prefix 25.
// commit: let! owner 3; if 3 + (not owner) 1 + max(incFailw 2, let!
//   cm 3 + match leaves None 1 + Some cm 2 + max(2, let! cmHash 3 +
//   let! asset = (2 args) 4 + let! tx = (mint 3 >>= lockToContract 3)
//   1+1+8 = 10 + ofTxSkel 1 >>= setStateUpdate (Hash h) 2, |> autoInc
//   2: 7 = 24) = 30) = 37; Zulib isOwner 144 + parseCommit 159 +
//   hashCommit 298 + fromSubtypeString 64 + mint 64 + lockToContract 64
//   + ofTxSkel 3 + setStateUpdate 3 = 799.  "Commit": 25 + 37 + 799 =
//   861.
//   Both branches of an if / a match have one type, so the ERR
//   branches charge what the OK branch does: incFailw 496 = hashCommit
//   298 + fromSubtypeString 64 + mint 64 + lockToContract 64 + ofTxSkel
//   3 + setStateUpdate 3 (the Some branch); incFailw 655 = parseCommit
//   159 + 496 (the else branch).  Every "Commit" path costs 861.
// attest: let! cm 3; let! pk 3; match: tuple 2 + leaves (Some cm, Some
//   pk) 4 + _ 1 + max(let! cmHash 3; let! (parity, x) = compress pk 2 +
//   1 = 3 (the pattern is not counted); let! attestHash = empty |>
//   updateHash h (2 + 1) >>= updateU64 cm.timestamp (2 + 1 + 1) >>=
//   updateCPK (parity, x) (2 + 1 + tuple 2) >>= finalize (2): 1 + 1 +
//   14 = 16; let att = {2 fields, tuple
//   3, 2 projections} 7; let! asset 4; let! tx 10; RT.ok @ {3 fields,
//   Update 1, Hash 1} |> autoInc 2 + 7 = 9: 52, 1) = 65; Zulib
//   parseCommit 159 + parsePublicKey 120 + hashCommit 298 + compress
//   305 + updateHash 192 + updateU64 48 + updateCPK 205 + finalize 20 +
//   fromSubtypeString 64 + mint 64 + lockToContract 64 = 1539.
//   "Attest": 25 + 65 + 1539 = 1629.
// other commands: 25 (autoFailw: 0).  Without a body, main's own count
// is 21 (>!= skips tryDict) and main's type, contractResult `cost`
// (cf ..), makes it cf all the same.
let cf _ _ command _ _ _ _ =
  match command with
  | "Commit" -> C.ret (861 <: nat)
  | "Attest" -> C.ret (1629 <: nat)
  | _ -> C.ret (25 <: nat)
