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

// The elaborator wraps every top-level body (and every local function's)
// in `inc` of its count, and F* types `inc` on cost values only: the
// helpers return costs, with exact indices, and their callers bind them.

// 64 x 64 -> 128 bit multiplication, as (high, low); the halves are
// written inline (a local `lo a` would be a function to wrap as well).
// let xl, xh = (tuple 2 + %^ 2 + /^ 2) 6; let yl, yh 6; let t (*%^) 2;
// let u (+%^, *%^, /^) 6; let v (+%^, *%^, %^) 6; let high (2 +%^, *%^,
// 2 /^) 10; let low (+%^, *%^, %^) 6; ret (high, low) 1 + 2 = 3: 45.
val dmul64: U64.t -> U64.t -> (U64.t * U64.t) `cost` 45
let dmul64 (x: U64.t) (y: U64.t) =
  let open U64 in
  let xl, xh = x %^ 4294967296UL, x /^ 4294967296UL in
  let yl, yh = y %^ 4294967296UL, y /^ 4294967296UL in
  let t = xl *%^ yl in
  let u = xh *%^ yl +%^ (t /^ 4294967296UL) in
  let v = xl *%^ yh +%^ (u %^ 4294967296UL) in
  let high = xh *%^ yh +%^ (u /^ 4294967296UL) +%^ (v /^ 4294967296UL) in
  let low = (v *%^ 4294967296UL) +%^ (t %^ 4294967296UL) in
  ret (high, low)

// ret 1 + record update (2 fields 2 + 2 x (projection 1 + -%^ 2)) 8: 9.
val updateOrder: order -> U64.t -> order `cost` 9
let updateOrder (o: order) (filled: U64.t) =
  let open U64 in
  ret ({ o with underlyingAmount = o.underlyingAmount -%^ filled;
                orderTotal = o.orderTotal -%^ filled })

// ret 1 + Collection 1 + List 1 + list of 3 (3 conses 6) + U64 1 + U64
// 1 + PublicKey 1: 12.
val orderData: order -> data `cost` 12
let orderData ({ underlyingAsset = ua; underlyingAmount = uam;
                 pairAsset = pa; orderTotal = ot; makerPubKey = pk }) =
  ret (Collection (List [ U64 uam; U64 ot; PublicKey pk ]))

// ret 1 + = 2: 3.
val isFilled: order -> bool `cost` 3
let isFilled ({ orderTotal = ot }) =
  ret (ot = 0UL)

// let! (high, low) 2 + dmul64 (2 args, projection 1) 3 + ret 1 + (&& 2 +
// = 2 + <=^ 2 + *%^ 2 + 2 projections 2) 10 = 16; dmul64 45: 61.
val canTake: order -> U64.t -> bool `cost` 61
let canTake (o: order) (amount: U64.t) =
  let! (high, low) = dmul64 amount o.orderTotal in
  ret (high = 0UL && (let open U64 in low <=^ o.underlyingAmount *%^ o.orderTotal))

let make txSkel contractId (o: order) (book: orderbook) =
  let! available = Tx.getAvailableTokens o.underlyingAsset txSkel in
  if available `U64.lt` o.underlyingAmount then
    RT.autoFailw "not enough tokens locked"
  else begin
    let! tx = Tx.lockToContract o.underlyingAsset o.underlyingAmount contractId txSkel in
    let! od = orderData o in
    let! book = Dict.add "order" od book in
    CR.ofTxSkel tx
    >>= CR.setStateUpdate (Collection (Dict book))
    |> autoInc
  end

let take txSkel contractId (wallet: wallet) (o: order) (amount: U64.t) =
  let! ok = canTake o amount in
  let! filled = isFilled o in
  match ok, filled with
  | true, false -> begin
    let! tx = Tx.fromWallet o.underlyingAsset amount contractId wallet txSkel in
    match tx with
    | Some tx ->
      let! o' = updateOrder o amount in
      let! filled' = isFilled o' in
      let! od = orderData o' in
      if filled' then
        CR.ofTxSkel tx >>= CR.setStateDelete |> autoInc
      else
        CR.ofTxSkel tx >>= CR.setStateUpdate od |> autoInc
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
// list (contracts.md 1.10, 4).
// main: let! o = mb >!= tryDict >?= tryFind "order" >?= tryList
//   (>!= 2, >?= 2, >?= 2, tryFind 1 arg) 1 + 1 + 7 = 9; match sender:
//   leaves PK pk 2 + _ 1 + (let order = {5 fields} 5 + match command:
//   leaves 4 + max(make (4 args) |> autoInc 6, take (5 args) |> autoInc
//   7, 1, 1) = 11) = 28; Zulib tryDict 4 + tryFind 64 + tryList 4 = 72.
//   100.
// make: let! available = getAvailableTokens o.f txSkel 1+1+3 = 5; if
//   3 + (`U64.lt` 2 + 1 projection) + max(1, let! tx = lockToContract
//   (4 args, 2 projections) 8 + let! od = orderData o 2+1 = 3 + let!
//   book = Dict.add "order" od book 2+3 = 5 + ofTxSkel tx 1 >>= 2
//   setStateUpdate (Collection (Dict book)) 3, |> autoInc 2: 8 = 24)
//   = 35; Zulib getAvailableTokens 64 + lockToContract 64 + Dict.add
//   64 + ofTxSkel 3 + setStateUpdate 3 = 198, orderData 12.
//   "Make": 100 + 35 + 198 + 12 = 345.
// take: let! ok = canTake o amount 2+2 = 4 + let! filled = isFilled o
//   2+1 = 3 + match (tuple 2, leaves (true, false) 2 + or-pattern
//   (false, _) | (_, true) 4 = 8, + max(let! tx = fromWallet (5 args, 1
//   projection) 8 + match leaves Some tx 2 + None 1 + max(let! o' =
//   updateOrder o amount 4 + let! filled' = isFilled o' 3 + let! od =
//   orderData o' 3 + if 3 + max(ofTxSkel >>= setStateDelete |> autoInc
//   5, ofTxSkel >>= setStateUpdate od |> autoInc 6) = 19, 1) = 30, 1))
//   = 38: 45; Zulib fromWallet 128 s + 192 + ofTxSkel 3 +
//   setStateUpdate 3; helpers canTake 61 + isFilled 3 + updateOrder 9 +
//   isFilled 3 + orderData 12 = 88.
//   "Take": 100 + 45 + 198 + 88 + 128 s = 431 + 128 s.
// other commands: 100 (autoFailw: 0).
let cf _ _ command _ _ wallet _ =
  (match command with
   | "Make" -> 345
   | "Take" -> Wallet.size wallet * 128 + 431
   | _ -> 100)
  |> cast nat
  |> C.ret
