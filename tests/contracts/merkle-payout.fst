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

// The elaborator wraps every top-level body in `inc` of its count, and
// F* types `inc` on cost values only: the two helpers return costs.
// positionOf: ret 1 + if 3 = 4.
val positionOf: bool -> position `cost` 4
let positionOf b = ret (if b then Bull else Bear)

// wins: ret 1 + match (tuple 2 + leaves (true, Bull | false, Bear) 4 +
// _ 1 + max(0, 0)) 7 = 8.
val wins: bool -> position -> bool `cost` 8
let wins aboveThreshold pos =
  ret (match aboveThreshold, pos with
       | true , Bull | false, Bear -> true
       | _ -> false)

let runOpt (#a #b:Type) (#n:nat) (f: a -> option b `cost` n) (x: option a)
  : option b `cost` (n + 5) =
  Opt.maybe (OptT.incNone n) f x |> inc 5

// A path of two hashes exactly: a path of any length would make the
// cost of reading it (and of verifying it) grow with the length, past
// any constant the type can say.  Its count: match (leaves [Hash a;
// Hash b] 4 + _ 1 + max (OptT.some [a; b]: 1 + list 2 * 2, none 0)) 10.
let pathOfTwo (ls: list data) : option (list hash) `cost` 10 =
  match ls with
  | [Hash a; Hash b] -> OptT.some [a; b]
  | _ -> OptT.none

let parseProof (dict: Dict.t data) : option proof `cost` 400 =
  let open OptT in
  let! root = Dict.tryFind "Root" dict >?= tryHash in
  let! path = Dict.tryFind "Path" dict >?= tryList >?= pathOfTwo in
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
      let! pos = positionOf (length path > 3) in
      let! w = wins (index % 2 = 0) pos in
      if ok && length path = 2 && w then begin
        let! tx = Tx.fromWallet Asset.zenAsset 1000UL contractId wallet txSkel in
        let! tx = (Tx.lockToPublicKey Asset.zenAsset 1000UL pk >> OptT.liftCost)
                  `runOpt` tx in
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

// main's cost on the paying path, s = Wallet.size wallet; the proof
// must have a path of length 2 (a 4-leaf tree) (contracts.md 1.10, 4):
// main: let! dict = mb >!= tryDict 4; match: tuple 2 + leaves
//   ("Redeem", Some dict) 3 + _ 1 + max(redeem (5 args) |> autoInc 7,
//   1) = 13: 17; Zulib tryDict 4.
// redeem: match sender: leaves PK pk 2 + (Contract _ | Anonymous) 3 +
//   (let! proof 3 + let! leaf 3 + match proof: leaves Some {3 fields}
//   4 + None 1 + (let! ok = verify (4 args) 6 + let! pos = positionOf
//   (length path > 3) 2 + 1 + 3 = 6 + let! w = wins (index % 2 = 0)
//   pos 2 + 2 + 4 = 8 + if 3 + cond (&& 2, && 2, length path = 2: 3,
//   w 0 = 7) + then (let! tx = fromWallet (5 args) 7, let! tx =
//   (lockToPublicKey 3 args >> liftCost) `runOpt` tx 1 + 1 + 2 + (>> 2
//   + 3) = 9, CR.ofOptionTxSkel 2 args 2 = 18) = 28: 48): 53: 59) = 64.
// parseProof: body is `let open OptT`, counted where it stands (no
//   increment of its own): let! root 1+1+(>?= 2 + tryFind 2) 6, let!
//   path 1+1+(>?= 2 + >?= 2 + tryFind 2) 8, let! index 6,
//   |> autoInc 2 + match (tuple 3 + leaves (Some r, Some p, Some i) 6
//   + _ 1 + max(incSome 2 + record 3 + U64.v 1, incNone 1)) 16 = 38;
//   Zulib tryFind 3 * 64 + tryHash 2 + tryList 4 + pathOfTwo 10 +
//   tryU64 2 + incSome 10 = 220.
//   That is 258 <= 400, and parseProof's type says 400: autoInc pads
//   it to 400 (the type checker makes it so).
// leafOf: |> 2 + >>= 2 + updatePublicKey 2 args = 6; Zulib 384 + 20:
//   410 <= 600, padded to its declared 600 the same way.
// runOpt: |> 2 + maybe 3 + incNone 1 + inc 1 = 7; Zulib: f x (Some) +
//   5, here liftCost of lockToPublicKey 610, + 5.  (Its declared index
//   n + 5 names the implicit n: no padding.)
// Zulib of redeem itself: verify 420 L + 4 (L = 2, pathOfTwo),
//   fromWallet 128 s + 192, ofOptionTxSkel 3; positionOf 4, wins 8.
// Total: 17 + 4 + 64 + 400 + 600 + (420 L + 4) + (128 s + 192) +
//   (7 + 615) + 3 + 4 + 8 = 1918 + 420 L + 128 s; L = 2: 2758 + 128 s.
let cf _ _ _ _ _ wallet _ =
  2758 + 128 * Wallet.size wallet
  |> cast nat
  |> C.ret
