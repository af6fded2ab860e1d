(* A token sold for ZP at a fixed rate: "buy" mints, "redeem" pays back. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module U64 = FStar.UInt64
module CR = Zen.ContractResult
module Asset = Zen.Asset
module Wallet = Zen.Wallet
module C = Zen.Cost

let rate : U64.t = 1000UL

let getReturnAddress (dict: option (Dict.t data)) =
  dict >!= Dict.tryFind "returnAddress" >?= tryLock

let buy txSkel contractId returnAddress =
  let! tokens = Tx.getAvailableTokens Asset.zenAsset txSkel in
  let! contractToken = Asset.getDefault contractId in
  let amount = let open U64 in tokens *%^ rate in
  let! txSkel =
    Tx.lockToContract Asset.zenAsset tokens contractId txSkel
    >>= Tx.mint amount contractToken
    >>= Tx.lockToAddress contractToken amount returnAddress in
  CR.ofTxSkel txSkel

let redeem txSkel contractId returnAddress wallet =
  let! contractToken = Asset.getDefault contractId in
  let! tokens = Tx.getAvailableTokens contractToken txSkel in
  let amount = let open U64 in tokens /^ rate in
  let! txSkel =
    Tx.destroy tokens contractToken txSkel
    >>= Tx.fromWallet Asset.zenAsset amount contractId wallet in
  match txSkel with
  | Some txSkel ->
    let! txSkel = Tx.lockToAddress Asset.zenAsset amount returnAddress txSkel in
    CR.ofTxSkel txSkel
  | None -> RT.autoFailw "contract does not have enough zens"

let main txSkel context contractId command sender messageBody wallet state =
  let! dict = messageBody >!= tryDict in
  let! returnAddress = getReturnAddress dict in
  match returnAddress with
  | Some returnAddress ->
    if command = "buy" then
      buy txSkel contractId returnAddress
      |> autoInc
    else if command = "redeem" then
      redeem txSkel contractId returnAddress wallet
      |> autoInc
    else
      RT.autoFailw "unsupported command"
  | None -> RT.autoFailw "returnAddress is required"

let cf txSkel context command sender messageBody wallet state =
  (4 + 64 + 2 + (64 + (Wallet.size wallet * 128 + 192) + 3) + 66 + 31)
  |> cast nat
  |> C.ret

