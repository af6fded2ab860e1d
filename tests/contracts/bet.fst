(* A bet on the ZP price at eventTime, settled by the attestation of the
   price oracle (attest-oracle.fst).  "Bull" and "Bear": the ZP handed to
   the contract buys as many Bull or Bear tokens, sent to returnAddress.
   "Redeem": the winning tokens handed over (Bull if the attested price is
   at least strike, else Bear) are destroyed and each pays 2 kalapas from
   the contract's wallet; the body {returnAddress; Price; Time} is passed
   on to the oracle's "Verify" by a message, so the transaction is only
   valid if the oracle attested that price at that time. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U64 = FStar.UInt64
module Asset = Zen.Asset
module ContractId = Zen.ContractId
module Wallet = Zen.Wallet
module C = Zen.Cost

let oracleId = "00000000abababababababababababababababababababababababababababababababab"
let ticker = "ZP"
let strike : U64.t = 150UL
let eventTime : U64.t = 1000UL

// >?= 2 + tryFind 2; Zulib 64 + 2.  70.
val getReturnAddress: Dict.t data -> option lock `cost` 70
let getReturnAddress dict = Dict.tryFind "returnAddress" dict >?= tryLock

// let! returnAddress (2 + >?= 2 + >!= 2) 6; let! paid 4; let! token 4;
// match: leaves Some returnAddress 2 + None 1, max(if 3 + `U64.gt` 2 +
// max(let! txSkel (2 + >>= 2 + >>= 2 + lockToContract 4 + mint 2 +
// lockToAddress 3) 15 + ofTxSkel 1, incFailw 2) = 21, incFailw 2): 24.
// Count 38.
// Zulib tryDict 4 + getReturnAddress 70 + getAvailableTokens 64 +
// fromSubtypeString 64 + (lockToContract 64 + mint 64 + lockToAddress
// 64 + ofTxSkel 3: 195, padded by the ERR branches) = 397.  435.
val buy: txSkeleton -> contractId
  -> position:string{FStar.String.length position <= 32} -> option data
  -> CR.t `cost` 435
let buy txSkel contractId position messageBody =
  let! returnAddress = messageBody >!= tryDict >?= getReturnAddress in
  let! paid = Tx.getAvailableTokens Asset.zenAsset txSkel in
  let! token = Asset.fromSubtypeString contractId position in
  match returnAddress with
  | Some returnAddress ->
    if paid `U64.gt` 0UL then begin
      let! txSkel =
        Tx.lockToContract Asset.zenAsset paid contractId txSkel
        >>= Tx.mint paid token
        >>= Tx.lockToAddress token paid returnAddress in
      CR.ofTxSkel txSkel
    end
    else RT.incFailw 195 "nothing paid"
  | None -> RT.incFailw 195 "returnAddress is required"

// s = Wallet.size wallet.  let! dict 4; let! returnAddress (>!= 2) 4;
// let! price (>!= 2 + >?= 2 + tryFind 1) 7; let! time 7; let! oracle 3;
// match: 4-tuple 4, leaves 4 * 2 + 1, max(
//   if 3 + (= 2) + max(
//     let winner (if 3 + `U64.gte` 2) 5; let! token 4; let! amount 4;
//     let payout (`U64.mul_mod` 2) 2; let! txSkel (2 + >>= 2 +
//     destroy 3 + fromWallet 4) 11; match: leaves 2 + 1, max(let! txSkel
//     (lockToAddress 4) 6 + let! body (2 + >>= 2 + >>= 2 + add 3 +
//     String 1 + add 2 + U64 1 + add 2 + U64 1) 16 + RT.ok @ (@ 2 +
//     record 3 + Some 1 + record 3 + Some 1 + Collection 1 + Dict 1) 12
//     = 34, incFailw 2) 37: 63,
//   incFailw (2 + (+) 2 + (*) 2 + size 1) 7): 68,
// incFailw 7): 81.  Count 106.
// Zulib: tryDict 4 + getReturnAddress 70 + 2 * (tryFind 64 + tryU64 2)
// + ContractId.parse 64 = 270; the then branch: fromSubtypeString 64 +
// getAvailableTokens 64 + destroy 64 + fromWallet (128 s + 192) +
// (lockToAddress 64 + 3 * add 64, or incFailw 256) = 640 + 128 s, which
// the other branches pad.  106 + 270 + 640 + 128 s = 1016 + 128 s.
val redeem: txSkeleton -> contractId -> w:wallet -> option data
  -> CR.t `cost` (1016 + Wallet.size w * 128)
let redeem txSkel contractId wallet messageBody =
  let! dict = messageBody >!= tryDict in
  let! returnAddress = dict >!= getReturnAddress in
  let! price = dict >!= Dict.tryFind "Price" >?= tryU64 in
  let! time = dict >!= Dict.tryFind "Time" >?= tryU64 in
  let! oracle = ContractId.parse oracleId in
  match returnAddress, price, time, oracle with
  | Some returnAddress, Some price, Some time, Some oracle ->
    if time = eventTime then begin
      let winner = if price `U64.gte` strike then "Bull" else "Bear" in
      let! token = Asset.fromSubtypeString contractId winner in
      let! amount = Tx.getAvailableTokens token txSkel in
      let payout = amount `U64.mul_mod` 2UL in
      let! txSkel =
        Tx.destroy amount token txSkel
        >>= Tx.fromWallet Asset.zenAsset payout contractId wallet in
      match txSkel with
      | Some txSkel -> begin
        let! txSkel =
          Tx.lockToAddress Asset.zenAsset payout returnAddress txSkel in
        let! body =
          Dict.add "Ticker" (String ticker) Dict.empty
          >>= Dict.add "Price" (U64 price)
          >>= Dict.add "Time" (U64 time) in
        RT.ok @ { tx = txSkel;
                  message = Some ({ recipient = oracle; command = "Verify";
                                    body = Some (Collection (Dict body)) });
                  state = NoChange }
        end
      | None -> RT.incFailw 256 "no winning tokens or not enough ZP"
    end
    else RT.incFailw (640 + Wallet.size wallet * 128)
           "the event has not been attested yet"
  | _ -> RT.incFailw (640 + Wallet.size wallet * 128)
           "returnAddress, Price and Time are required"

// match leaves 4 + max(buy 4, buy 4, redeem 4, failw 1) = 8.
// "Bull", "Bear": 8 + 435 = 443; "Redeem": 8 + 1016 + 128 s; others 8.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "Bull" | "Bear" -> 443
                  | "Redeem" -> 1024 + Wallet.size w * 128
                  | _ -> 8)
let main txSkel _ contractId command _ messageBody wallet _ =
  match command with
  | "Bull" -> buy txSkel contractId "Bull" messageBody
  | "Bear" -> buy txSkel contractId "Bear" messageBody
  | "Redeem" -> redeem txSkel contractId wallet messageBody
  | _ -> RT.failw "unknown command"

// match leaves ("Bull" | "Bear" 2, 1, 1) 4 + max(0, (+) 2 + (*) 2 + size
// 1, 0) 5 = 9; |> cast nat |> C.ret 5.  14.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 14
let cf _ _ command _ _ wallet _ =
  (match command with
   | "Bull" | "Bear" -> 443
   | "Redeem" -> 1024 + Wallet.size wallet * 128
   | _ -> 8)
  |> cast nat
  |> C.ret
