(* A binary option on the ZP/USD price at `expiry`, settled against an
   oracle's Merkle commitment.
   "Issue" (body: payTo hash): each ZP kalapa handed over mints one Bull
     and one Bear token to payTo; the ZP stays with the contract.
   "Redeem" (payTo, commit, auditPath, index, price, time): Merkle leaf
     SHA3(BE32 1, "ZPUSD", price, time) under `commit`, plus the oracle's
     attestation token (subtype SHA3(commit, oracle id)); Bull wins when
     price >= strike; handed tokens burn, winners paid 1:1 in ZP. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module OptT = Zen.OptionT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U64 = FStar.UInt64
module Asset = Zen.Asset
module CId = Zen.ContractId
module Sha3 = Zen.Sha3
module Merkle = Zen.MerkleTree
module Wallet = Zen.Wallet
module C = Zen.Cost

let oracleHex = "00000000abababababababababababababababababababababababababababababababab"
let strike : U64.t = 120000UL
let expiry : U64.t = 1700000000000UL
let depth : nat = 3

type attestation = { commit: hash; path: list hash; index: nat; price: U64.t; time: U64.t }
type handed = { bulls: U64.t; bears: U64.t }
// >!= 2 + >?= 2 + tryFind 1 = 5; Zulib tryFind 64 + try 2.  71.
val hashOf: string -> option (Dict.t data) -> option hash `cost` 71
let hashOf key dict = dict >!= Dict.tryFind key >?= tryHash

val u64Of: string -> option (Dict.t data) -> option U64.t `cost` 71
let u64Of key dict = dict >!= Dict.tryFind key >?= tryU64
// the function's body: leaves 4 + 1 + max(if 3 + (<> 2 + length 1) +
// max(incNone 1, tryMapT 2 + 3 implicits) = 11, incNone 1) = 16;
// Zulib tryMapT on 3 items 3 * (2 + 20) + 20 = 86.  102.
val pathOf: option data -> option (list hash) `cost` 102
let pathOf = function
  | Some (Collection (List items)) ->
    if length items <> depth then OptT.incNone 86
    else OptT.tryMapT #data #hash #2 tryHash items
  | _ -> OptT.incNone 86
// let! commit 4; let! path (2 + >?= 2 + >!= 2 + tryFind 1 + << 2)
// 9; 3 let! 12; match: 5-tuple 5, leaves 10 + 1, max(incSome 2 + record
// 5 + v 1 = 8, incNone 1) = 24.  Count 49.  Zulib 4 * 71 + tryFind 64 +
// pathOf 102 = 450.  499.
val parseAttestation: option (Dict.t data) -> option attestation `cost` 499
let parseAttestation dict =
  let! commit = hashOf "commit" dict in
  let! path = dict >!= Dict.tryFind "auditPath" >?= (pathOf << Some) in
  let! index = u64Of "index" dict in
  let! price = u64Of "price" dict in
  let! time = u64Of "time" dict in
  match commit, path, index, price, time with
  | Some commit, Some path, Some index, Some price, Some time ->
    OptT.incSome 0 ({ commit = commit; path = path; index = U64.v index;
                      price = price; time = time } <: attestation)
  | _ -> OptT.none
// updateU32 2 + 4 >>= 8 + updateString 1 + updateU64 1 + updateU64 1 =
// 13; Zulib 24 + 6 * 5 + 48 + 48 + 20 = 170.  183.
val leafOf: U64.t -> U64.t -> hash `cost` 183
let leafOf price time =
  Sha3.updateU32 1ul Sha3.empty
  >>= Sha3.updateString "ZPUSD"
  >>= Sha3.updateU64 price
  >>= Sha3.updateU64 time
  >>= Sha3.finalize
// 3 >>= 6 + updateHash 2 + updateContractId (1 + pair 2) 3 = 11; the
// lambda C.ret 1 + triple 3 = 4; Zulib 192 + 223 + 20 = 435.  450.
val attestToken: contractId -> hash -> asset `cost` 450
let attestToken (v, h) commit =
  Sha3.updateHash commit Sha3.empty
  >>= Sha3.updateContractId (v, h)
  >>= Sha3.finalize
  >>= (fun sub -> C.ret (v, h, sub))
// let! bulls 4; let! bears 4; C.ret 1 + record 2 = 3.  11 + 128.  139.
val handedOf: asset -> asset -> txSkeleton -> handed `cost` 139
let handedOf bull bear txSkel =
  let! bulls = Tx.getAvailableTokens bull txSkel in
  let! bears = Tx.getAvailableTokens bear txSkel in
  C.ret ({ bulls = bulls; bears = bears })
// destroy n of an asset unless n is 0: if 3 + (= 2) + max(C.incRet 2,
// destroy 3) = 8; Zulib 64.  72.
val burn: asset -> U64.t -> txSkeleton -> txSkeleton `cost` 72
let burn a n txSkel =
  if n = 0UL then C.incRet 64 txSkel else Tx.destroy n a txSkel
// let! 1 + 1 + fromSubtypeString 2 = 4; >>= 2 + fromSubtypeString 2 =
// 4; the lambda C.ret 1 + pair 2 = 3; Zulib 128.  139.
val positions: contractId -> (asset * asset) `cost` 139
let positions contractId =
  let! bull = Asset.fromSubtypeString contractId "Bull" in
  Asset.fromSubtypeString contractId "Bear" >>= (fun bear -> C.ret (bull, bear))
// let! payTo 4; let! amount 4; let! (bull, bear) 2 + 1 = 3; match:
// leaves 3, max(if 3 + (= 2) + max(incFailw 2, let! txSkel (2 + 4
// >>= 8 + addChangeOutput 3 + mint 2 + mint 2 + lockToPubKey 3 + 3) 23 +
// let! invalid (2 + $> 2 + isValid 1) 5 + if 3 + max(2, 1) 5 = 33)
// = 38, incFailw 2) = 41.  Count 52.  Zulib: hashOf 71 + 64 + positions
// 139 + (addChangeOutput + 2 mint + 2 lockToPubKey 320 + isValid 64 +
// ofTxSkel 3 = 387, padded by the ERR branches).  52 + 274 + 387 = 713.
val issue: txSkeleton -> contractId -> option (Dict.t data) -> CR.t `cost` 713
let issue txSkel contractId dict =
  let! payTo = hashOf "payTo" dict in
  let! amount = Tx.getAvailableTokens Asset.zenAsset txSkel in
  let! (bull, bear) = positions contractId in
  match payTo with
  | Some payTo ->
    if amount = 0UL then RT.incFailw 387 "no ZP handed over"
    else begin
      let! txSkel =
        Tx.addChangeOutput Asset.zenAsset contractId txSkel
        >>= Tx.mint amount bull
        >>= Tx.mint amount bear
        >>= Tx.lockToPubKey bull amount payTo
        >>= Tx.lockToPubKey bear amount payTo in
      let! invalid = Tx.isValid txSkel $> not in
      if invalid then RT.incFailw 3 "unbalanced transaction"
      else CR.ofTxSkel txSkel
    end
  | None -> RT.incFailw 387 "payTo is required"
// let! payTo 4; let! att 3; let! oracle 3; match: triple 3, leaves (2 +
// (1 + record 5) + 2) + 1 = 11, max(let! leaf 4 + let! unproven (2 + <$>
// 2 + verify 4) 8 + let! attest 4 + let! proofs 4 + if 3 + (|| 2 + = 2) +
// max(7, if 3 + backtick 2 + max(7, let! (bull, bear) 3 + let! {..} (2 +
// 3) 5 + let winning (if 3 + 2) 5 + let! txSkel (2 + 2 >>= 4 +
// burn 3 + burn 2 + lockToPubKey 3) 14 + if 3 + (= 2) + max(7, |> 2 + >>=
// 2 + fromWallet 5 + ofOptionT 1 = 10) 15 = 42) = 47) = 54 = 74, 7) = 88.
// Count 98; the function: leaves 4 + max(>>= 2 + lockToPubKey 4, 2) = 10.
// Zulib: hashOf 71 + parseAttestation 499 + parse 64; the proof branch:
// leafOf 183 + verify (3 * 420 + 4) 1264 + attestToken 450 + 64, then
// positions 139 + handedOf 139 + 2 burn 144 + lockToPubKey 64, then
// fromWallet (192 + 128 s) + 10 + lockToPubKey 64 + ofTxSkel 3 (the ERR
// branches pad 269, 755 and 2716, + 128 s).
// 98 + 634 + 2716 + 128 s = 3448 + 128 s.
val redeem: txSkeleton -> contractId -> option (Dict.t data) -> w:wallet
  -> CR.t `cost` (3448 + Wallet.size w * 128)
let redeem txSkel contractId dict wallet =
  let! payTo = hashOf "payTo" dict in
  let! att = parseAttestation dict in
  let! oracle = CId.parse oracleHex in
  match payTo, att, oracle with
  | Some payTo, Some ({ commit = commit; path = path; index = index;
                        price = price; time = time }), Some oracle ->
    let! leaf = leafOf price time in
    let! unproven = not <$> Merkle.verify commit path index leaf in
    let! attest = attestToken oracle commit in
    let! proofs = Tx.getAvailableTokens attest txSkel in
    if unproven || proofs = 0UL then
      RT.incFailw (755 + Wallet.size wallet * 128) "attestation not proven"
    else if time `U64.lt` expiry then
      RT.incFailw (755 + Wallet.size wallet * 128) "the option has not expired"
    else begin
      let! (bull, bear) = positions contractId in
      let! { bulls = bulls; bears = bears } = handedOf bull bear txSkel in
      let winning = if strike `U64.lte` price then bulls else bears in
      let! txSkel =
        burn bull bulls txSkel
        >>= burn bear bears
        >>= Tx.lockToPubKey attest proofs payTo in
      if winning = 0UL then
        RT.incFailw (269 + Wallet.size wallet * 128) "no winning tokens"
      else
        Tx.fromWallet Asset.zenAsset winning contractId wallet txSkel
        |> RT.ofOptionT "not enough ZP in the contract"
        >>= (function
             | FStar.Pervasives.OK txSkel ->
               Tx.lockToPubKey Asset.zenAsset winning payTo txSkel >>= CR.ofTxSkel
             | FStar.Pervasives.ERR msg -> RT.incFailw 67 msg)
    end
  | _ -> RT.incFailw (2716 + Wallet.size wallet * 128) "bad attestation"
// let! dict 4; match: leaves 3 + max(3, 4, 1) = 7.  11 + tryDict 4.
// "Issue": 15 + 713 = 728; "Redeem": 15 + 3448 + 128 s; other: 15.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "Issue" -> 728
                  | "Redeem" -> 3463 + Wallet.size w * 128
                  | _ -> 15)
let main txSkel _ contractId command _ messageBody wallet _ =
  let! dict = messageBody >!= tryDict in
  match command with
  | "Issue" -> issue txSkel contractId dict
  | "Redeem" -> redeem txSkel contractId dict wallet
  | _ -> RT.failw "unknown command"
// match: leaves 3 + max(0, + 2 + * 2 + size 1, 0) = 8; |> 2 + cast nat
// 1 + |> 2 = 13.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 13
let cf _ _ command _ _ wallet _ =
  (match command with
   | "Issue" -> 728
   | "Redeem" -> 3463 + Wallet.size wallet * 128
   | _ -> 15)
  |> cast nat
  |> C.ret
