(* zulib-crypto: Zen.Crypto (parsePublicKey, verify), Zen.PublicKey
   (compress), Zen.MerkleTree.verify, Zen.Sha3 (updateCPK, updateByte,
   updateHash, updateContractId, updateLock, lockId) and
   TxSkeleton.lockToPublicKey.  The message body is a Signature of
   SHA3("zen") by the key whose public key is the generator (secret 1). *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module Crypto = Zen.Crypto
module PK = Zen.PublicKey
module MT = Zen.MerkleTree
module Sha3 = Zen.Sha3
module Tx = Zen.TxSkeleton
module Asset = Zen.Asset
module RT = Zen.ResultT
module CR = Zen.ContractResult

// count: >>= 2 + updateString 2 = 4; Zulib 6 * 3 + 20 = 38.  42.
val msgHash: hash `cost` 42
let msgHash = Sha3.updateString "zen" Sha3.empty >>= Sha3.finalize

// count: >>= 2 + compress 1 = 3; Zulib compress 305; the fun: count >>=
// 2 + updateCPK 2 = 4, Zulib updateCPK 205 + finalize 20: 229.  537.
val keyHash: publicKey -> hash `cost` 537
let keyHash pk =
  PK.compress pk
  >>= (fun cpk -> Sha3.updateCPK cpk Sha3.empty >>= Sha3.finalize)

// one-byte strings: count 4; Zulib 6 * 1 + 20 = 26.  30.
val leaf: string -> hash `cost` 30
let leaf s = Sha3.updateString s Sha3.empty >>= Sha3.finalize

// H(0x69 || l || r): count three >>= 6 + updateByte 2 + two updateHash
// 2 = 10; Zulib 6 + 192 + 192 + 20 = 410.  420.
val node: hash -> hash -> hash `cost` 420
let node l r =
  Sha3.updateByte 105uy Sha3.empty >>= Sha3.updateHash l
  >>= Sha3.updateHash r >>= Sha3.finalize

// count: two >>= 4 + updateContractId 2 + updateLock 1 + ContractLock 1
// = 8; Zulib 223 + 293 + 20 = 536.  544.
val cidHash: contractId -> hash `cost` 544
let cidHash cid =
  Sha3.updateContractId cid Sha3.empty
  >>= Sha3.updateLock (ContractLock cid) >>= Sha3.finalize

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 3664
let main txSkel context contractId command sender messageBody wallet state =
  let! key = Crypto.parsePublicKey
    "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798" in
  let! sg = messageBody >!= trySignature in
  match key, sg with
  | Some pk, Some s ->
    let! m = msgHash in
    let! good = Crypto.verify pk s m in
    let! kh = keyHash pk in
    let! a = leaf "a" in
    let! b = leaf "b" in
    let! root = node a b in
    let! inTree = MT.verify root [ b ] 0 a in
    let! lid = Sha3.lockId (PKLock kh) in
    let! ch = cidHash contractId in
    let! tx = Tx.lockToPublicKey Asset.zenAsset 1UL pk txSkel in
    CR.ofTxSkel tx
    >>= CR.setStateUpdate (Collection (List [
          U32 (if good then 1ul else 0ul);
          U32 (if inTree then 1ul else 0ul);
          U32 lid;
          Hash kh;
          Hash ch ]))
  | _ -> RT.autoFailw "no key or signature"

// State: [U32 1 (the signature verifies); U32 1 (a is leaf 0 under
//   root); U32 2 (lockId of a PKLock); Hash SHA3(compressed key);
//   Hash SHA3(BE32 0 || cid || BE32 4 || BE32 0 || cid)].  The output
//   of the skeleton is locked to PKLock SHA3(compressed key).
// main's count: let! key 2 + parsePublicKey 1 = 3; let! sg 2 + >!= 2 =
//   4; match: pair 2 + leaves (Some pk, Some s) 4 + _ 1 = 7 + max(
//   autoFailw 1, branch).
//   Branch: let! m 2 (msgHash is a name), good 2 + verify 3 = 5, kh 2 +
//   1 = 3, a 3, b 3, root 2 + 2 = 4, inTree 2 + verify 4 + [b] 2 = 8,
//   lid 2 + lockId 1 + PKLock 1 = 4, ch 2 + 1 = 3, tx 2 + 4 = 6: 41;
//   last line >>= 2 + ofTxSkel 1 + setStateUpdate 1 + Collection 1 +
//   List 1 + list of 5 10 + two U32 (if 3) 8 + U32 1 + two Hash 2 = 27:
//   68.  3 + 4 + 7 + 68 = 82.
// Zulib and helpers: parsePublicKey 120; trySignature 2; msgHash 42;
//   verify 800; keyHash 537; two leaf 60; node 420; MerkleTree.verify 1
//   * 420 + 4 = 424; lockId 17; cidHash 544; lockToPublicKey 610;
//   ofTxSkel 3 + setStateUpdate 3 = 6.  3582.
// Total 82 + 3582 = 3664.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 3664
