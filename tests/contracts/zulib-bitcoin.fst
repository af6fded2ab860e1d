(* zulib-bitcoin: every function of Zen.Bitcoin, on real Bitcoin mainnet
   headers: the genesis block, block 1 (its parent is the genesis hash;
   its hex here is upper case), the retarget over blocks 522144 ..
   524159 (block 524160's nBits is 0x17415a49), and transaction 5 of
   block 522856 (txid 12916afc...62ee7b) under that block's merkle root,
   with the audit path computed from the block's 49 txids.  Hashes are
   in SHA-256's byte order (Bitcoin shows them reversed).  main stores
   what it finds in its state as a data list. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module A = Zen.Array
module BTC = Zen.Bitcoin
module Crypto = Zen.Crypto
module CR = Zen.ContractResult
module RT = Zen.ResultT

let genesis = "0100000000000000000000000000000000000000000000000000000000000000000000003ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4a29ab5f49ffff001d1dac2b7c"
let block1 = "010000006FE28C0AB6F1B372C1A6A246AE63F74F931E8365E15A089C68D6190000000000982051FD1E4BA744BBBE680E1FEE14677BA1A3C3540BF7B1CDB606E857233E0E61BC6649FFFF001D01E36299"
let first = "00000020d66bd48556c8a7cede3821a0344817132cab9b364dec18000000000000000000ab5ccc0455785c744c08990740c6ef8006013553638a1856cc030d14efe94c68c7f7f45aa9ec4317410c2249"
let last = "0000002084a4ee3e216e9f5fe75067dd9679711268c178caffa441000000000000000000d04085631585f83736dbbc7ef7f9f27ea6b0765d2c79aa2cd25c2d1c659014a2e1b9065ba9ec431726f37cc3"
let block522856 = "0000002028b9e5f8a150284316d3c9dca4bdea1fdf3e7da632c01e0000000000000000008db636d94167456e2e716d62145031e2e7114701993e493099b551b4e9417e9bd774fb5aa9ec4317922ec350"
// the genesis header with a 'g' for its 101st digit: 160 bytes, no hex
let notHex = "0100000000000000000000000000000000000000000000000000000000000000000000003ba3edfd7a7b12b27ac72c3e6776gf617fc81bc3888a51323a9fb8aa4b1e5e4a29ab5f49ffff001d1dac2b7c"
let tx5 = "7bee62f4bef6d38ce5bc3ce9f87d016cf446782985cfa77f8373092dfc6a9112"
let path0 = "24e58ecb4b5ac7d63e45bea540a0e681f84bdb3782d98754e5a5da859f9bfda5"
let path1 = "48337d5a2771352b1a3b244fa54fcb0729fd6fb31941f2fc8157f9ada85114ab"
let path2 = "9f45877f4ee3dfd090b5107a7c85a78b0bae3a48dbb9e3347bfb17b6555276aa"
let path3 = "7efc1641a6b6d175423064bca9df742fc3596f34d4239b2e58869b627e42ae00"
let path4 = "7b20a85c8bd9f939d3c985868a2db9d939fbeacbe4667ab3b70f0c9800169aaf"
let path5 = "d2f17845aa168385edae375363a2af645c39f452f4f8f1bc55c5ba76ac49db71"

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 12381
let main txSkel context contractId command sender messageBody wallet state =
  let! og = BTC.parseHeader genesis in
  let! o1 = BTC.parseHeader block1 in
  let! ofirst = BTC.parseHeader first in
  let! olast = BTC.parseHeader last in
  let! oblock = BTC.parseHeader block522856 in
  let! obad = BTC.parseHeader notHex in
  let! strs = A.ofList [ path0; path1; path2; path3; path4; path5 ] in
  let! opath = A.tryMap Crypto.parseHash strs in
  let! otx = Crypto.parseHash tx5 in
  match og, o1, ofirst, olast, oblock, opath, otx with
  | Some g, Some b1, Some f, Some l, Some b, Some path, Some tx ->
    let! hg = BTC.computeHeaderHash g in
    let! pb1 = BTC.parent b1 in
    let! tg = BTC.nbits g in
    let! powG = BTC.checkProofOfWork hg tg in
    let! tf = BTC.nbits f in
    let! powHard = BTC.checkProofOfWork hg tf in
    let! next = BTC.calculateNextWorkRequired f l in
    let! in5 = BTC.checkInclusion path 5ul tx b in
    let! in4 = BTC.checkInclusion path 4ul tx b in
    CR.ofTxSkel txSkel
    >>= CR.setStateUpdate (Collection (List [
          Hash hg; Hash pb1; ByteArray tg; ByteArray next;
          U32 (if powG then 1ul else 0ul);
          U32 (if powHard then 1ul else 0ul);
          U32 (if in5 then 1ul else 0ul);
          U32 (if in4 then 1ul else 0ul);
          U32 (match obad with | Some _ -> 1ul | None -> 0ul);
          U32 BTC.difficultyAdjustmentInterval ]))
  | _ -> RT.autoFailw "a header or hash did not parse"

// State: [Hash of the genesis header (6fe28c0a...00000000); Hash: block
//   1's parent, the same; ByteArray ff ff 00 1d (genesis nBits);
//   ByteArray 49 5a 41 17 (the retarget: 0x17415a49); U32 1 (genesis
//   meets its own target); U32 0 (not block 522144's, 0x1743eca9);
//   U32 1 (tx 5 is at index 5); U32 0 (not at index 4); U32 0 (notHex
//   does not parse); U32 2016].
// main's count (zen-contracts(7) ELABORATION): nine let!, 2 each = 18;
//   right-hand sides: six parseHeader 6, ofList of a 6-element list (1
//   arg + 2 * 6) 13, tryMap 2, parseHash 1: 22.  40.
//   match: the 7-tuple 7 + leaves (seven Some x, 2 each) 14 + 1 (_) =
//   22, + max(autoFailw 1, branch).  Branch: nine let! 18;
//   computeHeaderHash, parent, two nbits 1 each = 4, two
//   checkProofOfWork and calculateNextWorkRequired 2 each = 6, two
//   checkInclusion 4 each = 8: 36.  The last line: >>= 2 + ofTxSkel 1 +
//   setStateUpdate 1 + Collection 1 + List 1 + list of 10 (2 * 10) 20 +
//   two Hash 2 + two ByteArray 2 + four U32 (if 3) 16 + U32 (match:
//   leaves Some _ 2 + None 1) 4 + U32 1 = 51: 87.  40 + 22 + 87 = 149.
// Zulib: six parseHeader 720; ofList 6 * 2 + 2 = 14; tryMap parseHash
//   6 * (32 + 8) + 8 = 248; parseHash 32; computeHeaderHash 500; parent
//   4; two nbits 8; two checkProofOfWork 1400; calculateNextWorkRequired
//   1500; two checkInclusion of a 6-hash path (6 + 1) * 550 + 50 = 3900
//   each, 7800; ofTxSkel 3 + setStateUpdate 3 = 6.  12232.
// Total 149 + 12232 = 12381.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 12381
