(* A fixed payout to the winners of a draw, proved with merkle paths.
   "Commit": the issuer (the holder of issuerKey) sets the root of a merkle
   tree of 4 leaves, one per winner, as the state (body: Hash root).  A
   leaf is the SHA3 of the winner's compressed public key.
   "Redeem": a winner signs with their key and gives {Path: [Hash; Hash];
   Index: U64}, the audit path from the root down (contracts.md 4.12); a
   valid proof pays `payout` kalapas from the contract to the key.
   "Withdraw": the issuer takes `amount` (body: U64) back. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Crypto = Zen.Crypto
module PK = Zen.PublicKey
module Sha3 = Zen.Sha3
module MerkleTree = Zen.MerkleTree
module Wallet = Zen.Wallet
module C = Zen.Cost

let issuerKey = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
let payout : U64.t = 1000UL

// as in token-sale.fst: 14 + parsePublicKey 120 + incRet 3.  137.
val isIssuer: sender -> bool `cost` 137
let isIssuer sender =
  let! key = Crypto.parsePublicKey issuerKey in
  match key, sender with
  | Some key, PK pk -> incRet 3 (key = pk)
  | _ -> incRet 3 false

// let! ok 3; let! root (>!= 2) 4; match: pair 2, leaves (true, Some
// root) 3 + 1, max(@ 2 + record 3 + Update 1 + Hash 1, failw 1) 7: 13.
// Count 20; Zulib isIssuer 137 + tryHash 2.  159.
val commit: txSkeleton -> sender -> option data -> CR.t `cost` 159
let commit txSkel sender messageBody =
  let! ok = isIssuer sender in
  let! root = messageBody >!= tryHash in
  match ok, root with
  | true, Some root ->
    RT.ok @ { tx = txSkel; message = None; state = Update (Hash root) }
  | _ -> RT.failw "only the issuer commits a root"

// let! cpk 3; >>= 2 + updateCPK 2: 7.  Zulib compress 305 + updateCPK
// 205 + finalize 20 = 530.  537.
val leafOf: publicKey -> hash `cost` 537
let leafOf pk =
  let! cpk = PK.compress pk in
  Sha3.updateCPK cpk Sha3.empty >>= Sha3.finalize

// let! dict 4; let! path (>!= 2 + >?= 2 + tryFind 1) 7; let! index 7;
// let! root 4; match: 4-tuple 4, leaves (PK pk 2, Some [Hash h0; Hash
// h1] 1 + 2 * 2 = 5, Some index 2, Some root 2) 11 + 1, max(let! leaf 3
// + let! ok (2 + verify 4 + list of 2: 4 + U64.v 1) 11 + if 3 + max(let!
// txSkel (fromWallet 5) 7 + match (leaves 2 + 1, max(>>= 2 +
// lockToPublicKey 4, incFailw 2)) 9 = 16, incFailw (2 + (+) 2 + (*) 2 +
// size 1) 7) = 19 = 33, incFailw 7): 49.  Count 71.
// Zulib: tryDict 4 + tryFind 64 + tryList 4 + tryFind 64 + tryU64 2 +
// tryHash 2 = 140; the proof branch: leafOf 537 + verify (2 * 420 + 4)
// 844 + fromWallet (192 + 128 s) + (lockToPublicKey 610 + ofTxSkel 3, or
// incFailw 613) = 2186 + 128 s, which the ERR branches pad.
// 71 + 140 + 2186 + 128 s = 2397 + 128 s.
val redeem: txSkeleton -> contractId -> sender -> w:wallet -> option data
  -> option data -> CR.t `cost` (2397 + Wallet.size w * 128)
let redeem txSkel contractId sender wallet messageBody state =
  let! dict = messageBody >!= tryDict in
  let! path = dict >!= Dict.tryFind "Path" >?= tryList in
  let! index = dict >!= Dict.tryFind "Index" >?= tryU64 in
  let! root = state >!= tryHash in
  match sender, path, index, root with
  | PK pk, Some [ Hash h0; Hash h1 ], Some index, Some root -> begin
    let! leaf = leafOf pk in
    let! ok = MerkleTree.verify root [ h0; h1 ] (U64.v index) leaf in
    if ok then begin
      let! txSkel =
        Tx.fromWallet Asset.zenAsset payout contractId wallet txSkel in
      match txSkel with
      | Some txSkel ->
        Tx.lockToPublicKey Asset.zenAsset payout pk txSkel >>= CR.ofTxSkel
      | None -> RT.incFailw 613 "not enough ZP in the contract"
    end
    else RT.incFailw (805 + Wallet.size wallet * 128) "not a winner"
    end
  | _ -> RT.incFailw (2186 + Wallet.size wallet * 128)
           "a key, a path of 2 hashes, an index and a root are required"

// let! ok 3; let! amount 4; match: triple 3, leaves (true, Some amount,
// PK pk) 5 + 1, max(let! txSkel 7 + match 9 = 16, incFailw 7): 25.
// Count 32.  Zulib isIssuer 137 + tryU64 2 + fromWallet (192 + 128 s) +
// 613 = 944 + 128 s.  976 + 128 s.
val withdraw: txSkeleton -> contractId -> sender -> w:wallet
  -> option data -> CR.t `cost` (976 + Wallet.size w * 128)
let withdraw txSkel contractId sender wallet messageBody =
  let! ok = isIssuer sender in
  let! amount = messageBody >!= tryU64 in
  match ok, amount, sender with
  | true, Some amount, PK pk -> begin
    let! txSkel =
      Tx.fromWallet Asset.zenAsset amount contractId wallet txSkel in
    match txSkel with
    | Some txSkel ->
      Tx.lockToPublicKey Asset.zenAsset amount pk txSkel >>= CR.ofTxSkel
    | None -> RT.incFailw 613 "not enough ZP in the contract"
    end
  | _ -> RT.incFailw (805 + Wallet.size wallet * 128)
           "only the issuer withdraws"

// match leaves 4 + max(commit 3, redeem 6, withdraw 5, failw 1) = 10.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "Commit" -> 169
                  | "Redeem" -> 2407 + Wallet.size w * 128
                  | "Withdraw" -> 986 + Wallet.size w * 128
                  | _ -> 10)
let main txSkel _ contractId command sender messageBody wallet state =
  match command with
  | "Commit" -> commit txSkel sender messageBody
  | "Redeem" -> redeem txSkel contractId sender wallet messageBody state
  | "Withdraw" -> withdraw txSkel contractId sender wallet messageBody
  | _ -> RT.failw "unknown command"

// match leaves 4 + max(0, 5, 5, 0) = 9; |> cast nat |> C.ret 5.  14.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 14
let cf _ _ command _ _ wallet _ =
  (match command with
   | "Commit" -> 169
   | "Redeem" -> 2407 + Wallet.size wallet * 128
   | "Withdraw" -> 986 + Wallet.size wallet * 128
   | _ -> 10)
  |> cast nat
  |> C.ret
