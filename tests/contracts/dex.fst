(* A decentralized exchange of ZP for one traded asset, with the order book
   in the contract's state: a dictionary order id -> [PublicKey maker; U64
   offered ZP; U64 price in tokens].
   "Make" (a public key): the ZP handed to the contract is offered for
   `Price` tokens under the new order id `Id`.
   "Cancel" (the maker): the offered ZP goes back to the maker's key.
   "Take" (anyone): the price, paid in tokens, goes to the maker; the
   offered ZP goes to the taker's returnAddress. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module OptT = Zen.OptionT
module Opt = Zen.Option
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Wallet = Zen.Wallet
module C = Zen.Cost

let tradedAsset = "00000000cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"

// >?= 2 + tryFind 2; Zulib tryFind 64 + tryString 2.  70.
val getId: Dict.t data -> option string `cost` 70
let getId dict = Dict.tryFind "Id" dict >?= tryString

// let! dict 4; let! orderId (>!= 2) 4; let! price (>!= 2 + >?= 2 +
// tryFind 1) 7; let! book 4; let book (maybe 3 args) 3; let! offered 4;
// match: triple 3, leaves (PK pk, Some orderId, Some price) 6 + (PK _,
// _, _) 4 + 1, max(let! taken (containsKey 2) 4 + if 3 + (|| 2 + || 2 +
// = 2 + = 2) 8 + max(incFailw 2, let order (Collection 1 + List 1 + list
// of 3: 6 + 3 constructors 3) 11 + let! book (add 3) 5 + let! txSkel
// (lockToContract 4) 6 + RT.ok @ (@ 2 + record 3 + Update 1 + Collection
// 1 + Dict 1) 8 = 30) = 45, 2, 2): 59.
// Count 85.
// Zulib: tryDict 4 + getId 70 + tryFind 64 + tryU64 2 + tryDict 4 +
// getAvailableTokens 64 = 208; the order branch: containsKey 64 + (add
// 64 + lockToContract 64, or incFailw 128) = 192, which the ERR
// branches pad.  85 + 208 + 192 = 485.
val make: txSkeleton -> contractId -> sender -> option data -> option data
  -> CR.t `cost` 485
let make txSkel contractId sender messageBody state =
  let! dict = messageBody >!= tryDict in
  let! orderId = dict >!= getId in
  let! price = dict >!= Dict.tryFind "Price" >?= tryU64 in
  let! book = state >!= tryDict in
  let book = Opt.maybe Dict.empty id book in
  let! offered = Tx.getAvailableTokens Asset.zenAsset txSkel in
  match sender, orderId, price with
  | PK pk, Some orderId, Some price -> begin
    let! taken = Dict.containsKey orderId book in
    if taken || offered = 0UL || price = 0UL then
      RT.incFailw 128 "invalid order"
    else begin
      let order = Collection (List [ PublicKey pk; U64 offered; U64 price ]) in
      let! book = Dict.add orderId order book in
      let! txSkel = Tx.lockToContract Asset.zenAsset offered contractId txSkel in
      RT.ok @ { tx = txSkel; message = None;
                state = Update (Collection (Dict book)) }
    end
    end
  | PK _, _, _ -> RT.incFailw 192 "Id and Price are required"
  | _ -> RT.incFailw 192 "only a public key can make an order"

// let! orderId (>!= 2 + >?= 2) 6; let! book 4; let! order 2 + match
// (pair 2, leaves 2 * 2 + 1, max(>?= 2 + tryFind 2, incNone 1) 4) 11 =
// 13; match: 4-tuple 4, leaves (PK pk 2, Some orderId 2, Some book 2,
// Some [PublicKey maker; U64 offered; U64 _] 1 + 3 * 2 = 7) 13 + 1,
// max(if 3 + (= 2) + max(let! book (remove 2) 4 + let! txSkel
// (fromWallet 5) 7 + match (leaves 2 + 1, max(let! txSkel
// (lockToPublicKey 4) 6 + RT.ok @ 8, 2)) 17 = 28, incFailw (2 + (+) 2 +
// (*) 2 + size 1) 7) = 33, 7): 51.  Count 74.
// Zulib: tryDict 4 + getId 70 + tryDict 4 + (tryFind 64 + tryList 4, or
// incNone 68) = 146; the order branch: remove 64 + fromWallet (192 +
// 128 s) + (lockToPublicKey 610, or incFailw 610) = 866 + 128 s, which
// the ERR branches pad.  74 + 146 + 866 + 128 s = 1086 + 128 s.
val cancel: txSkeleton -> contractId -> sender -> w:wallet -> option data
  -> option data -> CR.t `cost` (1086 + Wallet.size w * 128)
let cancel txSkel contractId sender wallet messageBody state =
  let! orderId = messageBody >!= tryDict >?= getId in
  let! book = state >!= tryDict in
  let! order =
    match orderId, book with
    | Some orderId, Some book -> Dict.tryFind orderId book >?= tryList
    | _ -> OptT.incNone 68 in
  match sender, orderId, book, order with
  | PK pk, Some orderId, Some book,
    Some [ PublicKey maker; U64 offered; U64 _ ] ->
    if pk = maker then begin
      let! book = Dict.remove orderId book in
      let! txSkel =
        Tx.fromWallet Asset.zenAsset offered contractId wallet txSkel in
      match txSkel with
      | Some txSkel -> begin
        let! txSkel = Tx.lockToPublicKey Asset.zenAsset offered pk txSkel in
        RT.ok @ { tx = txSkel; message = None;
                  state = Update (Collection (Dict book)) }
        end
      | None -> RT.incFailw 610 "not enough ZP in the contract"
    end
    else RT.incFailw (866 + Wallet.size wallet * 128)
           "only the maker can cancel"
  | _ -> RT.incFailw (866 + Wallet.size wallet * 128) "no such order"

// let! dict 4; let! orderId 4; let! returnAddress 7; let! book 4; let!
// order 13; let! asset 3; match: 5-tuple 5, leaves (2 + 2 + 7 + 2 + 2)
// 15 + 1, max(let! paid (2 args) 4 + if 3 + `U64.gte` 2 + max(let! book
// 4 + let! txSkel (2 + >>= 2 + lockToPublicKey 4 + fromWallet 4) 12 +
// match (leaves 2 + 1, max(let! txSkel (lockToAddress 4) 6 + RT.ok @ 8,
// 2)) 17 = 33, incFailw 7) = 42, incFailw 7): 63.  Count 98.
// Zulib: tryDict 4 + getId 70 + tryFind 64 + tryLock 2 + tryDict 4 +
// (tryFind 64 + tryList 4, or incNone 68) + Asset.parse 64 = 276; the
// order branch: getAvailableTokens 64 + (remove 64 + lockToPublicKey 610
// + fromWallet (192 + 128 s) + (lockToAddress 64, or incFailw 64), or
// incFailw (930 + 128 s)) = 994 + 128 s, which the ERR branch pads.
// 98 + 276 + 994 + 128 s = 1368 + 128 s.
val take: txSkeleton -> contractId -> w:wallet -> option data
  -> option data -> CR.t `cost` (1368 + Wallet.size w * 128)
let take txSkel contractId wallet messageBody state =
  let! dict = messageBody >!= tryDict in
  let! orderId = dict >!= getId in
  let! returnAddress = dict >!= Dict.tryFind "returnAddress" >?= tryLock in
  let! book = state >!= tryDict in
  let! order =
    match orderId, book with
    | Some orderId, Some book -> Dict.tryFind orderId book >?= tryList
    | _ -> OptT.incNone 68 in
  let! asset = Asset.parse tradedAsset in
  match orderId, book, order, returnAddress, asset with
  | Some orderId, Some book, Some [ PublicKey maker; U64 offered; U64 price ],
    Some returnAddress, Some asset -> begin
    let! paid = Tx.getAvailableTokens asset txSkel in
    if paid `U64.gte` price then begin
      let! book = Dict.remove orderId book in
      let! txSkel =
        Tx.lockToPublicKey asset price maker txSkel
        >>= Tx.fromWallet Asset.zenAsset offered contractId wallet in
      match txSkel with
      | Some txSkel -> begin
        let! txSkel =
          Tx.lockToAddress Asset.zenAsset offered returnAddress txSkel in
        RT.ok @ { tx = txSkel; message = None;
                  state = Update (Collection (Dict book)) }
        end
      | None -> RT.incFailw 64 "not enough ZP in the contract"
    end
    else RT.incFailw (930 + Wallet.size wallet * 128) "not enough tokens paid"
    end
  | _ -> RT.incFailw (994 + Wallet.size wallet * 128) "no such order"

// match leaves 4 + max(make 5, cancel 6, take 5, failw 1) = 10.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "Make" -> 495
                  | "Cancel" -> 1096 + Wallet.size w * 128
                  | "Take" -> 1378 + Wallet.size w * 128
                  | _ -> 10)
let main txSkel _ contractId command sender messageBody wallet state =
  match command with
  | "Make" -> make txSkel contractId sender messageBody state
  | "Cancel" -> cancel txSkel contractId sender wallet messageBody state
  | "Take" -> take txSkel contractId wallet messageBody state
  | _ -> RT.failw "unknown command"

// match leaves 4 + max(0, 5, 5, 0) = 9; |> cast nat |> C.ret 5.  14.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 14
let cf _ _ command _ _ wallet _ =
  (match command with
   | "Make" -> 495
   | "Cancel" -> 1096 + Wallet.size wallet * 128
   | "Take" -> 1378 + Wallet.size wallet * 128
   | _ -> 10)
  |> cast nat
  |> C.ret
