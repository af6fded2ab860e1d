(* zcov-hash: Zulib coverage (issue 16) of the older Zen.Hash.Sha3 (its
   own functions, separate from Zen.Sha3.Realized): updateByte,
   updateU32, updateI64, updateHash, updateString, updateAsset and
   updateOutpoint, each absorbed into a fresh state and finalized, and
   one chain of three updates.  main stores the eight digests in its
   state. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module HS = Zen.Hash.Sha3
module I64 = FStar.Int64
module CR = Zen.ContractResult

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 1188
let main txSkel context contractId command sender messageBody wallet state =
  let! hB = HS.updateByte 200uy HS.empty >>= HS.finalize in
  let! hU = HS.updateU32 16909060ul HS.empty >>= HS.finalize in
  let! hI = HS.updateI64 (I64.int_to_t (0 - 2)) HS.empty >>= HS.finalize in
  let! hH = HS.updateHash hB HS.empty >>= HS.finalize in
  let! hS = HS.updateString "zen" HS.empty >>= HS.finalize in
  let! hA = HS.updateAsset (1ul, hU, hI) HS.empty >>= HS.finalize in
  let! hO = HS.updateOutpoint ({ txHash = hH; index = 3ul }) HS.empty
            >>= HS.finalize in
  let! hC = HS.updateByte 1uy HS.empty
            >>= HS.updateU32 2ul
            >>= HS.updateString "ab"
            >>= HS.finalize in
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        Hash hB; Hash hU; Hash hI; Hash hH; Hash hS; Hash hA; Hash hO;
        Hash hC ]))

// Bytes absorbed (Zulib v0.3.43 fsharp/Realized/Zen.Hash.Sha3.fs,
// contracts.md 4.11; integers big-endian, as BitConverter's bytes
// reversed on a little-endian machine), digests by python3's
// hashlib.sha3_256 over exactly these bytes:
//   hB: updateByte 200: c8
//       -> c51659f1713ac65a5c0fd92392e828e9e35b534c0c80ea4bf9cc15cc1b2f8969
//   hU: updateU32 16909060 (0x01020304): BE32 01 02 03 04
//       -> 966dbdcbd0e0348faa1ccbce5a62b8e73b0d08955d666db82243b303d9bd9502
//   hI: updateI64 -2: BE64 two's complement ff ff ff ff ff ff ff fe
//       -> 8485f429326e1fa8ba5b59f7111928b9aa51e96d125de3cf068dab8c1fcedad7
//   hH: updateHash hB: the 32 bytes of hB
//       -> 6a5187699f9ea5b1437166ddf3d8a0581c6311b381f6adf2e2ea3be3dede8fc7
//   hS: updateString "zen": 7a 65 6e
//       -> 590572ff8714a02549721965c97213812d7809df273d24be34edf100fff956f9
//   hA: updateAsset (1, hU, hI): BE32 version 00 00 00 01, the contract
//       hash hU (32 bytes), the subtype hI (32 bytes): 68 bytes
//       -> b5e15deb2d35e5e7aef07bec2775158b6e57a45c10dcc1babde79fa303291f62
//   hO: updateOutpoint {txHash = hH; index = 3}: hH (32 bytes), then BE32
//       index 00 00 00 03
//       -> 158be61332bfa6eaaca9e39e800eadb7d5e7579c7f165b60f72d75aecc3aab69
//   hC: 01, then BE32 2 00 00 00 02, then "ab" 61 62 (7 bytes)
//       -> e7d363045330fc5bf09e10334927c4f7bad032690af81e18ce7ab76e51f500da
// main's count (contracts.md 1.10): eight let! of one variable, 2 each
//   = 16.  Right-hand sides: hB, hU, hH, hS: >>= 2 + an update of 2
//   arguments 2 = 4 each, 16; hI >>= 2 + updateI64 2 + int_to_t 1 + (0
//   - 2) 2 = 7; hA >>= 2 + updateAsset 2 + triple 3 = 7; hO >>= 2 +
//   updateOutpoint 2 + record of 2 fields 2 = 6; hC three >>= 6 +
//   updateByte 2 + updateU32 1 + updateString 1 = 10.  46.  Last line:
//   >>= 2 + ofTxSkel 1 + setStateUpdate 1 + Collection 1 + List 1 + list
//   of 8 16 + eight Hash 8 = 30.  16 + 46 + 30 = 92.
// Zulib (tests/zulib-audit.txt): each finalize 20; updateByte 6 (hB 26);
//   updateU32 24 (hU 44); updateI64 48 (hI 68); updateHash 192 (hH
//   212); updateString 6 * 3 = 18 (hS 38); updateAsset 384 (hA 404);
//   updateOutpoint 216 (hO 236); hC 6 + 24 + 6 * 2 + 20 = 62; ofTxSkel 3
//   + setStateUpdate 3 = 6; I64.int_to_t free.
//   26 + 44 + 68 + 212 + 38 + 404 + 236 + 62 + 6 = 1096.
// Total 92 + 1096 = 1188; no bind short-circuits, so RAW = 1188.
// case: x | - | 1188 | 1188 | OK in=[] out=[] S=[hash:c51659f1713ac65a5c0fd92392e828e9e35b534c0c80ea4bf9cc15cc1b2f8969,hash:966dbdcbd0e0348faa1ccbce5a62b8e73b0d08955d666db82243b303d9bd9502,hash:8485f429326e1fa8ba5b59f7111928b9aa51e96d125de3cf068dab8c1fcedad7,hash:6a5187699f9ea5b1437166ddf3d8a0581c6311b381f6adf2e2ea3be3dede8fc7,hash:590572ff8714a02549721965c97213812d7809df273d24be34edf100fff956f9,hash:b5e15deb2d35e5e7aef07bec2775158b6e57a45c10dcc1babde79fa303291f62,hash:158be61332bfa6eaaca9e39e800eadb7d5e7579c7f165b60f72d75aecc3aab69,hash:e7d363045330fc5bf09e10334927c4f7bad032690af81e18ce7ab76e51f500da]
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 1188
