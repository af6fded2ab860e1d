(* Pays a winner who proves, with a merkle audit path, that their public
   key hash is a leaf of the committed root.  Positions are a variant. *)
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
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Sha3 = Zen.Sha3
module Merkle = Zen.MerkleTree
module C = Zen.Cost
module Wallet = Zen.Wallet

type position =
  | Bull
  | Bear

type outcome = | Above of U64.t | Below : threshold:U64.t -> strict:bool -> outcome

type proof = {
  root: hash;
  path: list hash;
  index: nat;
}

type amount (n:nat) = x:U64.t { U64.v x <= n }

val positionOf: bool -> position
let positionOf b = if b then Bull else Bear

val wins: bool -> position -> bool
let wins aboveThreshold pos =
  match aboveThreshold, pos with
  | true , Bull | false, Bear -> true
  | _ -> false

let runOpt (#a #b:Type) (#n:nat) (f: a -> option b `cost` n) (x: option a)
  : option b `cost` (n + 5) =
  Opt.maybe (OptT.incNone n) f x |> inc 5

let parseProof (dict: Dict.t data) : option proof `cost` 400 =
  let open OptT in
  let! root = Dict.tryFind "Root" dict >?= tryHash in
  let! path = Dict.tryFind "Path" dict >?= tryList >?= OptT.tryMapT tryHash in
  let! index = Dict.tryFind "Index" dict >?= tryU64 in
  begin match root, path, index with
  | Some r, Some p, Some i ->
    OptT.incSome 10 ({ root = r; path = p; index = U64.v i })
  | _ -> OptT.incNone 10
  end
  |> C.autoInc

let leafOf (pk: publicKey) : hash `cost` 600 =
  Sha3.updatePublicKey pk Sha3.empty
  >>= Sha3.finalize
  |> C.autoInc

let redeem txSkel contractId (wallet: wallet) sender dict =
  match sender with
  | PK pk -> begin
    let! proof = parseProof dict in
    let! leaf = leafOf pk in
    match proof with
    | Some ({ root = root; path = path; index = index }) ->
      let! ok = Merkle.verify root path index leaf in
      if ok && wins (index % 2 = 0) (positionOf (length path > 3)) then begin
        let! tx = Tx.fromWallet Asset.zenAsset 1000UL contractId wallet txSkel in
        let! tx = tx `runOpt` (Tx.lockToPublicKey Asset.zenAsset 1000UL pk) in
        CR.ofOptionTxSkel "not enough funds" tx
      end
      else RT.autoFailw "invalid proof"
    | None -> RT.autoFailw "could not parse the proof"
  end
  | Contract _ | Anonymous -> RT.autoFailw "sender must be a public key"

let main txSkel context contractId command sender messageBody wallet state =
  let! dict = messageBody >!= tryDict in
  match command, dict with
  | "Redeem", Some dict -> redeem txSkel contractId wallet sender dict |> C.autoInc
  | _ -> RT.autoFailw "unknown command"

let cf _ _ _ _ _ wallet _ =
  19174 + 256 * Wallet.size wallet
  |> cast nat
  |> C.ret
