(* A faucet: "init" funds it, any other command pays out a fixed amount to
   the returnAddress of the message body. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module C = Zen.Cost
module CR = Zen.ContractResult
module Asset = Zen.Asset
module Wallet = Zen.Wallet

let payout : U64.t = 100000UL

let init (txSkel: txSkeleton) (contractId: contractId) =
  let! tokens = Tx.getAvailableTokens Asset.zenAsset txSkel in
  Tx.lockToContract Asset.zenAsset tokens contractId txSkel
  >>= CR.ofTxSkel

let get txSkel contractId (wallet: wallet) messageBody =
  let! returnAddress =
    messageBody >!= tryDict >?= Dict.tryFind "returnAddress" >?= tryLock in
  match returnAddress with
  | None -> RT.autoFailw "returnAddress is missing"
  | Some returnAddress -> begin
    let! txSkel = Tx.fromWallet Asset.zenAsset payout contractId wallet txSkel in
    let open RT in
    ofOption "not enough funds in the faucet" txSkel
    >>= (fun tx -> liftCost (Tx.lockToAddress Asset.zenAsset payout returnAddress tx))
    >>= (fun tx -> RT.ok @ { tx = tx; message = None; state = NoChange })
    |> C.autoInc
  end

let main txSkel context contractId command sender messageBody wallet state =
  if command = "init" then
    init txSkel contractId |> autoInc
  else
    get txSkel contractId wallet messageBody |> autoInc

let cf _ _ command _ _ wallet _ =
  C.ret #nat (366 + Wallet.size wallet * 128)
