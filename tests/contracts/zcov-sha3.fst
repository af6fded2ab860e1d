(* zcov-sha3: Zulib coverage (issue 16) of Zen.Sha3 (= Zen.Sha3.Realized
   + Zen.Sha3.Extracted): updateI64, updateByteArray, updateAsset,
   updateOutpoint and updateSignature (Realized), updateListWith
   (Extracted), each absorbed into a fresh state and finalized.  The
   signature comes from the message body (Signature, compact r || s on
   the wire).  main stores the six digests in its state. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module A = Zen.Array
module Sha3 = Zen.Sha3
module Asset = Zen.Asset
module I64 = FStar.Int64
module CR = Zen.ContractResult

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 1387
let main txSkel context contractId command sender messageBody wallet state =
  let! sg = messageBody >!= trySignature in
  let! bs = A.ofList [ 1uy; 2uy; 3uy ] in
  let! hI = Sha3.updateI64 (I64.int_to_t (0 - 5)) Sha3.empty
            >>= Sha3.finalize in
  let! hB = Sha3.updateByteArray bs Sha3.empty >>= Sha3.finalize in
  let! hA = Sha3.updateAsset (7ul, hI, hB) Sha3.empty >>= Sha3.finalize in
  let! hO = Sha3.updateOutpoint ({ txHash = hB; index = 258ul }) Sha3.empty
            >>= Sha3.finalize in
  let! hS = (match sg with
             | Some s -> Sha3.updateSignature s Sha3.empty >>= Sha3.finalize
             | None -> incRet 404 Asset.zeroHash) in
  let! hL = Sha3.updateListWith Sha3.updateI64 [ 1L; 2L ] Sha3.empty
            >>= Sha3.finalize in
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        Hash hI; Hash hB; Hash hA; Hash hO; Hash hS; Hash hL ]))

// Bytes absorbed (Zulib v0.3.43 fsharp/Realized/Zen.Sha3.Realized.fs,
// contracts.md 4.11; integers big-endian, as BitConverter's bytes
// reversed on a little-endian machine), digests by python3's
// hashlib.sha3_256 over exactly these bytes:
//   hI: updateI64 -5: BE64 two's complement ff ff ff ff ff ff ff fb
//       -> 1103afa7ada5751c8c41085d1d82d731b179f2647b44809a5c22d47f03696587
//   hB: updateByteArray [1; 2; 3]: 01 02 03
//       -> fd1780a6fc9ee0dab26ceb4b3941ab03e66ccd970d1db91612c66df4515b0a0a
//   hA: updateAsset (7, hI, hB): BE32 version 00 00 00 07, the contract
//       hash hI (32 bytes), the subtype hB (32 bytes): 68 bytes
//       -> aba22851468006402ee4574a219aadd327cb626e85294548de8aa52624364686
//   hO: updateOutpoint {txHash = hB; index = 258}: hB (32 bytes), then
//       BE32 index 00 00 01 02
//       -> c0a4fa5f452a80821de4fe80557ec8e0487baf334c2ac88f4688315f3d844a38
//   hS: the body's signature on the wire is r = 01 02 .. 20, s = 21 22 ..
//       40 (big-endian); updateSignature absorbs the 64 internal bytes
//       (contracts.md 2.2): r little-endian 20 1f .. 01, then s
//       little-endian 40 3f .. 21
//       -> 6cc65d1b911dbc3525e2c613e567d471ec50629ee6adf345f7f5ee20026fe964
//   hL: updateListWith updateI64 [1; 2] folds left: BE64 1 then BE64 2,
//       00 00 00 00 00 00 00 01 00 00 00 00 00 00 00 02
//       -> f9cb06c40367fdc1deb976d12b55e3281d8e9ab603b2e47aedfe320dec696639
// main's count (contracts.md 1.10): eight let! of one variable, 2 each
//   = 16.  Right-hand sides: sg >!= 2; bs ofList 1 + list of 3 (2 each)
//   6 = 7; hI >>= 2 + updateI64 2 + int_to_t 1 + (0 - 5) 2 = 7; hB >>=
//   2 + updateByteArray 2 = 4; hA >>= 2 + updateAsset 2 + triple 3 = 7;
//   hO >>= 2 + updateOutpoint 2 + record of 2 fields 2 = 6; hS match on
//   a variable: 3 pattern leaves (Some s 2, None 1) + max(>>= 2 +
//   updateSignature 2 = 4, incRet 2) = 7; hL >>= 2 + updateListWith 3 +
//   list of 2 4 = 9.  49.
//   Last line: >>= 2 + ofTxSkel 1 + setStateUpdate 1 + Collection 1 +
//   List 1 + list of 6 12 + six Hash 6 = 24.  16 + 49 + 24 = 89.
// Zulib (tests/zulib-audit.txt): >!= charges trySignature 2; ofList 3 *
//   2 + 2 = 8; each finalize 20; updateI64 48 (hI 68); updateByteArray 6
//   * 3 = 18 (hB 38); updateAsset 384 (hA 404); updateOutpoint 216 (hO
//   236); updateSignature 384 (hS 404; the None branch, not taken, pads
//   the same 404); updateListWith 2 * (48 + 4) + 8 = 112 (hL 132);
//   ofTxSkel 3 + setStateUpdate 3 = 6; I64.int_to_t free.
//   2 + 8 + 68 + 38 + 404 + 236 + 404 + 132 + 6 = 1298.
// Total 89 + 1298 = 1387; no bind short-circuits (the body is a
//   Signature), so RAW = 1387.
// case: x | sig:0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f40 | 1387 | 1387 | OK in=[] out=[] S=[hash:1103afa7ada5751c8c41085d1d82d731b179f2647b44809a5c22d47f03696587,hash:fd1780a6fc9ee0dab26ceb4b3941ab03e66ccd970d1db91612c66df4515b0a0a,hash:aba22851468006402ee4574a219aadd327cb626e85294548de8aa52624364686,hash:c0a4fa5f452a80821de4fe80557ec8e0487baf334c2ac88f4688315f3d844a38,hash:6cc65d1b911dbc3525e2c613e567d471ec50629ee6adf345f7f5ee20026fe964,hash:f9cb06c40367fdc1deb976d12b55e3281d8e9ab603b2e47aedfe320dec696639]
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 1387
