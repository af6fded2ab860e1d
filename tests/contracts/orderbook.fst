(* A tiny order book: "Make" records an order in the state, "Take" fills
   it, "Cancel" refunds the maker.  State: a dictionary from order ids to
   orders, held as data. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U64 = FStar.UInt64
module U32 = FStar.UInt32
module Asset = Zen.Asset
module Hash = Zen.Hash
module C = Zen.Cost
module Wallet = Zen.Wallet

type order = {
  underlyingAsset: asset;
  underlyingAmount: U64.t;
  pairAsset: asset;
  orderTotal: U64.t;
  makerPubKey: publicKey;
}

type orderbook = Dict.t data

// 64 x 64 -> 128 bit multiplication, as (high, low)
let dmul64 (x: U64.t) (y: U64.t) : U64.t * U64.t =
  let open U64 in
  let lo (a: U64.t) = a %^ 4294967296UL in
  let hi (a: U64.t) = a /^ 4294967296UL in
  let xl, xh = lo x, hi x in
  let yl, yh = lo y, hi y in
  let t = xl *%^ yl in
  let u = xh *%^ yl +%^ hi t in
  let v = xl *%^ yh +%^ lo u in
  let high = xh *%^ yh +%^ hi u +%^ hi v in
  let low = (v *%^ 4294967296UL) +%^ lo t in
  high, low

let updateOrder (o: order) (filled: U64.t) : order =
  let open U64 in
  { o with underlyingAmount = o.underlyingAmount -%^ filled;
           orderTotal = o.orderTotal -%^ filled }

let orderData ({ underlyingAsset = ua; underlyingAmount = uam;
                 pairAsset = pa; orderTotal = ot; makerPubKey = pk }) : data =
  Collection (List [ U64 uam; U64 ot; PublicKey pk ])

let isFilled ({ orderTotal = ot }) : bool =
  ot = 0UL

let canTake (o: order) (amount: U64.t) : bool =
  let high, low = dmul64 amount o.orderTotal in
  high = 0UL && (let open U64 in low <=^ o.underlyingAmount *%^ o.orderTotal)

let make txSkel contractId (o: order) (book: orderbook) =
  let! available = Tx.getAvailableTokens o.underlyingAsset txSkel in
  if available `U64.lt` o.underlyingAmount then
    RT.autoFailw "not enough tokens locked"
  else begin
    let! tx = Tx.lockToContract o.underlyingAsset o.underlyingAmount contractId txSkel in
    let! book = Dict.add "order" (orderData o) book in
    CR.ofTxSkel tx
    >>= CR.setStateUpdate (Collection (Dict book))
    |> autoInc
  end

let take txSkel contractId (wallet: wallet) (o: order) (amount: U64.t) =
  match canTake o amount, isFilled o with
  | true, false -> begin
    let! tx = Tx.fromWallet o.underlyingAsset amount contractId wallet txSkel in
    match tx with
    | Some tx ->
      let o' = updateOrder o amount in
      if isFilled o' then
        CR.ofTxSkel tx >>= CR.setStateDelete |> autoInc
      else
        CR.ofTxSkel tx >>= CR.setStateUpdate (orderData o') |> autoInc
    | None -> RT.autoFailw "not enough tokens in the wallet"
  end
  | false, _ | _, true -> RT.autoFailw "order cannot be taken"

let main txSkel context contractId command sender messageBody wallet state =
  let! o = messageBody >!= tryDict >?= Dict.tryFind "order" >?= tryList in
  match sender with
  | PK pk -> begin
    let order = {
      underlyingAsset = Asset.zenAsset;
      underlyingAmount = 1000UL;
      pairAsset = Asset.zenAsset;
      orderTotal = 500UL;
      makerPubKey = pk;
    } in
    match command with
    | "Make" -> make txSkel contractId order Dict.empty |> autoInc
    | "Take" -> take txSkel contractId wallet order 10UL |> autoInc
    | "Cancel" -> RT.autoFailw "not implemented"
    | _ -> RT.autoFailw "unknown command"
  end
  | _ -> RT.autoFailw "sender must be a public key"

// main's cost, s = Wallet.size wallet, for a body with an "order"
// list (contracts.md 1.10, 4).  The helpers dmul64, updateOrder,
// orderData, isFilled and canTake return plain values, not costs: the
// elaborator's `inc` would not type-check on them, and the engine adds
// nothing for them (see the report; F* would need them monadic).
// main: let! o = mb >!= tryDict >?= tryFind "order" >?= tryList
//   (>!= 2, >?= 2, >?= 2, tryFind 1 arg) 1 + 1 + 7 = 9; match sender:
//   leaves PK pk 2 + _ 1 + (let order = {5 fields} 5 + match command:
//   leaves 4 + max(make (4 args) |> autoInc 6, take (5 args) |> autoInc
//   7, 1, 1) = 11) = 28; Zulib tryDict 4 + tryFind 64 + tryList 4 = 72.
//   100.
// make: let! available = getAvailableTokens o.f txSkel 1+1+3 = 5; if
//   3 + (`U64.lt` 2 + 1 projection) + max(1, let! tx = lockToContract
//   (4 args, 2 projections) 8 + let! book = Dict.add "order"
//   (orderData o) txSkel 1+1+3+1 = 6 + ofTxSkel tx 1 >>= 2
//   setStateUpdate (Collection (Dict book)) 3, |> autoInc 2: 8 = 22)
//   = 33; Zulib getAvailableTokens 64 + lockToContract 64 + Dict.add
//   64 + ofTxSkel 3 + setStateUpdate 3 = 198.  "Make": 100 + 231 = 331.
// take: match (tuple 2 + canTake 2 args + isFilled 1 arg = 5), leaves
//   (true, false) 2 + or-pattern (false, _) | (_, true) 4 = 6, + max(
//   let! tx = fromWallet (5 args, 1 projection) 8 + match leaves Some tx
//   2 + None 1 + max(let o' = updateOrder o amount 2 + if 3 + 1 +
//   max(ofTxSkel >>= setStateDelete |> autoInc 5, ofTxSkel >>=
//   setStateUpdate (orderData o') |> autoInc 7) = 13, 1) = 24, 1) = 35;
//   Zulib fromWallet 128 s + 192 + ofTxSkel 3 + setStateUpdate 3.
//   "Take": 100 + 35 + 198 + 128 s = 333 + 128 s.
// other commands: 100 (autoFailw: 0).
let cf _ _ command _ _ wallet _ =
  (match command with
   | "Make" -> 331
   | "Take" -> Wallet.size wallet * 128 + 333
   | _ -> 100)
  |> cast nat
  |> C.ret
