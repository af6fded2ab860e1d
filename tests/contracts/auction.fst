(* An English auction of one "lot" token.  "Bid" (before endBlock): the
   ZP handed over must beat the highest bid; it stays with the contract,
   the previous highest bid goes back to its bidder, and the state becomes
   [U64 bid; Lock bidder] with the body's returnAddress.  "Close" (from
   endBlock on): the highest bid goes to the seller's key, one lot token
   is minted to the winner and the state is deleted. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module OptT = Zen.OptionT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module U32 = FStar.UInt32
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Crypto = Zen.Crypto
module Wallet = Zen.Wallet
module C = Zen.Cost

let sellerKey = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
let endBlock : U32.t = 100ul

type bid = {
  amount: U64.t;
  bidder: lock;
}

// match: leaves (Some 1 + Collection 1 + List 1 + U64 amount 2 + Lock
// bidder 2) 7 + 1, max(incSome 2 + record 2, incNone 1) 4: 12.  Zulib
// incSome 2 or incNone 2.  14.
val parseBid: option data -> option bid `cost` 14
let parseBid state =
  match state with
  | Some (Collection (List [ U64 amount; Lock bidder ])) ->
    OptT.incSome 2 ({ amount = amount; bidder = bidder })
  | _ -> OptT.incNone 2

// s = Wallet.size wallet.  let! bidder (2 + >!= 2 + >?= 2 + >?= 2 +
// tryFind 1) 9; let! amount 4; let! current 3; let highest (leaves Some b
// 2 + None 1 + projection 1) 4; match: leaves 2 + 1, max(if 3 + (&& 2 +
// `U32.lt` 2 + projection 1 + `U64.gt` 2) 7 + max(let! txSkel
// (lockToContract 4) 6 + let! txSkel 2 + match (leaves (Some 1 + record
// pattern 2, None 1) 4, max(`let open`, transparent: >>= 2 + fromWallet
// 5 = 7, incSome (2 + (+) 2 + (*) 2 + size 1) 7)) 11 = 13 + match
// (leaves 2 + 1, max(@ 2 + record 3 + Update 1 + Collection 1 + List 1
// + list of 2: 4 + U64 1 + Lock 1 = 14, failw 1)) 17 = 36, incFailw 7)
// = 46, incFailw 7): 49.  Count 69.
// The refund, under `let open OptT` (counted above): the lambda's own 5
// (liftCost 1 + lockToAddress 4); Zulib fromWallet (192 + 128 s) +
// lockToAddress 64: 261 + 128 s (incSome pads the first bid).
// Zulib: tryDict 4 + tryFind 64 + tryLock 2 + getAvailableTokens 64 +
// parseBid 14 = 148; the bid branch: lockToContract 64 + 261 + 128 s,
// which the ERR branches pad.  69 + 148 + 325 + 128 s = 542 + 128 s.
val bid: txSkeleton -> context -> contractId -> w:wallet -> option data
  -> option data -> CR.t `cost` (542 + Wallet.size w * 128)
let bid txSkel context contractId wallet messageBody state =
  let! bidder =
    messageBody >!= tryDict >?= Dict.tryFind "returnAddress" >?= tryLock in
  let! amount = Tx.getAvailableTokens Asset.zenAsset txSkel in
  let! current = parseBid state in
  let highest = match current with | Some b -> b.amount | None -> 0UL in
  match bidder with
  | Some bidder ->
    if context.blockNumber `U32.lt` endBlock && amount `U64.gt` highest
    then begin
      let! txSkel =
        Tx.lockToContract Asset.zenAsset amount contractId txSkel in
      let! txSkel =
        match current with
        | Some ({ amount = prev; bidder = prevBidder }) ->
          let open OptT in
          Tx.fromWallet Asset.zenAsset prev contractId wallet txSkel
          >>= (fun tx -> liftCost (Tx.lockToAddress Asset.zenAsset prev prevBidder tx))
        | None -> OptT.incSome (261 + Wallet.size wallet * 128) txSkel in
      match txSkel with
      | Some txSkel ->
        RT.ok @ { tx = txSkel; message = None;
                  state = Update (Collection (List [ U64 amount; Lock bidder ])) }
      | None -> RT.failw "could not refund the previous bid"
    end
    else RT.incFailw (325 + Wallet.size wallet * 128)
           "bid too low or auction over"
  | None -> RT.incFailw (325 + Wallet.size wallet * 128)
              "returnAddress is required"

// let! current 3; let! seller 3; match: pair 2, leaves ((Some 1 + record
// pattern 2) + Some seller 2) + 1, max(if 3 + (`U32.gte` 2 + projection
// 1) 3 + max(let! lot 4 + let! txSkel 7 + match (leaves 2 + 1, max(let!
// txSkel (2 + >>= 2 + >>= 2 + lockToPublicKey 4 + mint 2 + lockToAddress
// 3) 15 + RT.ok @ (@ 2 + record 3) 5, 2)) 23 = 34, incFailw 7) = 40,
// incFailw 7): 48.  Count 54.
// Zulib: parseBid 14 + parsePublicKey 120 = 134; the closing branch:
// fromSubtypeString 64 + fromWallet (192 + 128 s) + (lockToPublicKey 610
// + mint 64 + lockToAddress 64, or incFailw 738) = 994 + 128 s.
// 54 + 134 + 994 + 128 s = 1182 + 128 s.
val close: txSkeleton -> context -> contractId -> w:wallet -> option data
  -> CR.t `cost` (1182 + Wallet.size w * 128)
let close txSkel context contractId wallet state =
  let! current = parseBid state in
  let! seller = Crypto.parsePublicKey sellerKey in
  match current, seller with
  | Some ({ amount = amount; bidder = winner }), Some seller ->
    if context.blockNumber `U32.gte` endBlock then begin
      let! lot = Asset.fromSubtypeString contractId "lot" in
      let! txSkel =
        Tx.fromWallet Asset.zenAsset amount contractId wallet txSkel in
      match txSkel with
      | Some txSkel -> begin
        let! txSkel =
          Tx.lockToPublicKey Asset.zenAsset amount seller txSkel
          >>= Tx.mint 1UL lot
          >>= Tx.lockToAddress lot 1UL winner in
        RT.ok @ { tx = txSkel; message = None; state = Delete }
        end
      | None -> RT.incFailw 738 "not enough ZP in the contract"
    end
    else RT.incFailw (994 + Wallet.size wallet * 128)
           "the auction is not over"
  | _ -> RT.incFailw (994 + Wallet.size wallet * 128) "no bids"

// match leaves 3 + max(bid 6, close 5, failw 1) = 9.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "Bid" -> 551 + Wallet.size w * 128
                  | "Close" -> 1191 + Wallet.size w * 128
                  | _ -> 9)
let main txSkel context contractId command _ messageBody wallet state =
  match command with
  | "Bid" -> bid txSkel context contractId wallet messageBody state
  | "Close" -> close txSkel context contractId wallet state
  | _ -> RT.failw "unknown command"

// match leaves 3 + max(5, 5, 0) = 8; |> cast nat |> C.ret 5.  13.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 13
let cf _ _ command _ _ wallet _ =
  (match command with
   | "Bid" -> 551 + Wallet.size wallet * 128
   | "Close" -> 1191 + Wallet.size wallet * 128
   | _ -> 9)
  |> cast nat
  |> C.ret
