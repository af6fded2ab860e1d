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

let cf _ _ command _ _ wallet _ =
  9 + (match command with
       | "Make" -> 3684
       | "Cancel" -> Wallet.size wallet * 256 + 4477
       | "Take" -> Wallet.size wallet * 256 + 8011
       | _ -> 0)
  |> cast nat
  |> C.ret
