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

// main's cost, s = Wallet.size wallet (contracts.md 1.10, 4):
// main's body: if 3 + (command = "init") 2 + max(init .. |> autoInc
//   2 + 2, get .. |> autoInc 2 + 4) = 11.
// "init": init's body: let! tokens = getAvailableTokens zen txSkel
//   1 + 1 + 2 = 4; lockToContract (4 args) >>= (2) CR.ofTxSkel = 6;
//   elaboration 10 + Zulib 64 + 64 + 3 = 141.  Path: 11 + 141 = 152.
// other commands, OK path: get's body: let! returnAddress = (>!= 2,
//   >?= 2, tryFind "k" 1, >?= 2 = 7) 1 + 1 + 7 = 9; match: leaves
//   None 1 + Some returnAddress 2 = 3, + max(1, let! txSkel =
//   fromWallet (5 args) 1 + 1 + 5 = 7, + the `let open RT` body,
//   counted where it stands: |> 2 + >>= 2 + >>= 2 + ofOption 2 = 8:
//   15) = 18 -> 27.  fun tx -> liftCost (lockToAddress 4 args) = 5;
//   fun tx -> RT.ok @ {3} = 5.
//   Zulib: tryDict 4 + tryFind 64 + tryLock 2 + fromWallet (128 s +
//   192) + ofOption 0 + liftCost (lockToAddress 64) + ok 0.
//   Path: 11 + 27 + 5 + 5 + 4 + 64 + 2 + 192 + 64 + 128 s
//       = 374 + 128 s.
let cf _ _ command _ _ wallet _ =
  if command = "init" then C.ret #nat 152
  else C.ret #nat (374 + Wallet.size wallet * 128)
