(* zulib-tx: Zen.TxSkeleton (mint, addInput, lockToContract,
   lockToAddress, lockToPubKey, destroy, getAvailableTokens,
   addChangeOutput, isValid, fromWallet, safeMint), Zen.Asset
   (getDefault, fromSubtypeString, fromSubtypeInt, parse, zeroHash,
   zenAsset), Zen.ContractId.parse and Zen.Wallet.size.  main returns the
   skeleton it built and stores what it checked in its state. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module Tx = Zen.TxSkeleton
module Asset = Zen.Asset
module ContractId = Zen.ContractId
module W = Zen.Wallet
module U32 = FStar.UInt32
module U64 = FStar.UInt64
module CR = Zen.ContractResult

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (1303 + 128 * W.size w)
let main txSkel context contractId command sender messageBody wallet state =
  let! asset = Asset.getDefault contractId in
  let! sub1 = Asset.fromSubtypeString contractId "gold" in
  let! sub2 = Asset.fromSubtypeInt contractId 7ul in
  let! z = Asset.parse "00" in
  let! cid = ContractId.parse
  "000000000000000000000000000000000000000000000000000000000000000000000000" in
  let! tx1 = Tx.mint 100UL asset txSkel in
  let! tx2 = Tx.addInput (Mint ({ asset = sub1; amount = 5UL })) tx1 in
  let! tx3 = Tx.lockToContract asset 60UL contractId tx2 in
  let! tx4 = Tx.lockToAddress sub1 5UL (PKLock Asset.zeroHash) tx3 in
  let! tx5 = Tx.lockToPubKey asset 10UL Asset.zeroHash tx4 in
  let! tx6 = Tx.destroy 10UL asset tx5 in
  let! left = Tx.getAvailableTokens asset tx6 in             // 100 - 80
  let! tx7 = Tx.addChangeOutput asset contractId tx6 in
  let! ok = Tx.isValid tx7 in                                // true
  let! fw = Tx.fromWallet asset 1UL contractId wallet tx7 in
  let! sm = Tx.safeMint 0UL sub2 tx7 in                      // None
  CR.ofTxSkel tx7
  >>= CR.setStateUpdate (Collection (List [
        U64 left;
        U32 (if ok then 1ul else 0ul);
        U32 (if fw = None then 1ul else 0ul);
        U32 (if sm = None then 1ul else 0ul);
        U32 (if z = Some Asset.zenAsset then 1ul else 0ul);
        U32 (if cid = Some (0ul, Asset.zeroHash) then 1ul else 0ul);
        U32 (U32.uint_to_t (W.size wallet));
        (match sub1 with | (_, _, s) -> Hash s);
        (match sub2 with | (_, _, s) -> Hash s) ]))

// Result: tx7 has the mint and the Mint input, and five outputs (60 to
//   the contract, 5 of "gold" to PKLock zeroHash, 10 to the zero pk
//   hash, 10 destroyed, the change 20 to the contract).  State: [U64 20;
//   U32 1; U32 (1 with an empty wallet, 0 when it holds the asset); U32
//   1; U32 1; U32 1; U32 (wallet size); Hash "gold" padded; Hash 00
//   00000007 00..].
// main's count: 16 let! of one variable, 2 each = 32.  Right-hand
//   sides: getDefault 1, fromSubtypeString 2, fromSubtypeInt 2, parse
//   1, ContractId.parse 1, mint 3, addInput 2 + Mint 1 + record of 2
//   fields 2 = 5, lockToContract 4, lockToAddress 4 + PKLock 1 = 5,
//   lockToPubKey 4, destroy 3, getAvailableTokens 2, addChangeOutput 3,
//   isValid 1, fromWallet 5, safeMint 3: 45.  Last line: >>= 2 +
//   ofTxSkel 1 + setStateUpdate 1 + Collection 1 + List 1 + list of 9
//   18 + U64 1 + U32 (if 3) 4 + two U32 (if 3 + (=) 2) 12 + U32 (if 3 +
//   (=) 2 + Some 1) 7 + U32 (if 3 + (=) 2 + Some 1 + pair 2) 9 + U32
//   (uint_to_t (W.size _)) 3 + two (match: 3 leaves + Hash 1) 8 = 68.
//   32 + 45 + 68 = 145.
// Zulib: fourteen functions at 64 (getDefault, fromSubtypeString,
//   fromSubtypeInt, Asset.parse, ContractId.parse, mint, addInput,
//   lockToContract, lockToAddress, lockToPubKey, destroy,
//   getAvailableTokens, addChangeOutput, isValid) 896; fromWallet 128 *
//   size + 192; safeMint 64; ofTxSkel 3 + setStateUpdate 3 = 6.
//   1158 + 128 * size.
// Total 1303 + 128 * size.
// cf's own count: ret 1 + (+) 2 + (*) 2 + W.size 1 = 6.
val cf: txSkeleton -> context -> string -> sender -> option data
  -> w:wallet -> option data -> nat `cost` 6
let cf _ _ _ _ _ w _ = ret (1303 + 128 * W.size w)
