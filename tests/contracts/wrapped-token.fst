(* A wrapped token, written in the ResultT style.  "Wrap": the tokens of
   the wrapped asset handed over stay with the contract and as many
   wrapped tokens (this contract's default asset) are minted to
   returnAddress.  "Unwrap": wrapped tokens handed over are destroyed and
   as many of the original tokens come back from the contract's wallet.
   Under `let open RT`, >>= is ResultT's bind; the cost bind is written
   `C.bind` or let!. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module Asset = Zen.Asset
module Wallet = Zen.Wallet
module C = Zen.Cost

let wrappedAsset = "00000000cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"

// >?= 2 + >?= 2 + >!= 2 + tryFind 1 = 7; Zulib 4 + 64 + 2.  77.
val getReturnAddress: option data -> option lock `cost` 77
let getReturnAddress messageBody =
  messageBody >!= tryDict >?= Dict.tryFind "returnAddress" >?= tryLock

// The body (`let open RT` counts nothing itself; its body counts where
// it stands): >>= 2 + ofOptionT 2 + getReturnAddress 1 = 5.
// fun returnAddress: >>= 2 + ofOptionT 2 + Asset.parse 1 = 5.
// fun original: let! amount 4; let! wrapped 3; let! txSkel (2 +
// backtick 2 + lockToContract 4 + safeMint 2) 10; >>= 2 + >>= 2 +
// ofOption 2: 23.  fun txSkel: liftCost 1 + lockToAddress 4 = 5.
// Counts 38; Zulib getReturnAddress 77 + Asset.parse 64 +
// getAvailableTokens 64 + getDefault 64 + lockToContract 64 + safeMint
// 64 + lockToAddress 64 + ofTxSkel 3 = 464.  502 (RT's bind charges the
// same when it stops at an ERR).
val wrap: txSkeleton -> contractId -> option data -> CR.t `cost` 502
let wrap txSkel contractId messageBody =
  let open RT in
  ofOptionT "returnAddress is required" (getReturnAddress messageBody)
  >>= (fun returnAddress ->
    ofOptionT "unknown wrapped asset" (Asset.parse wrappedAsset)
    >>= (fun original ->
      let! amount = Tx.getAvailableTokens original txSkel in
      let! wrapped = Asset.getDefault contractId in
      let! txSkel =
        Tx.lockToContract original amount contractId txSkel
        `C.bind` Tx.safeMint amount wrapped in
      ofOption "nothing to wrap" txSkel
      >>= (fun txSkel ->
            liftCost (Tx.lockToAddress wrapped amount returnAddress txSkel))
      >>= CR.ofTxSkel))

// As wrap, with fun original: let! wrapped 3; let! amount 4; let! txSkel
// (2 + backtick 2 + destroy 3 + fromWallet 4) 11; 6: 24.  Counts 39;
// Zulib getReturnAddress 77 + Asset.parse 64 + getDefault 64 +
// getAvailableTokens 64 + destroy 64 + fromWallet (192 + 128 s) +
// lockToAddress 64 + ofTxSkel 3 = 592 + 128 s.  631 + 128 s.
val unwrap: txSkeleton -> contractId -> w:wallet -> option data
  -> CR.t `cost` (631 + Wallet.size w * 128)
let unwrap txSkel contractId wallet messageBody =
  let open RT in
  ofOptionT "returnAddress is required" (getReturnAddress messageBody)
  >>= (fun returnAddress ->
    ofOptionT "unknown wrapped asset" (Asset.parse wrappedAsset)
    >>= (fun original ->
      let! wrapped = Asset.getDefault contractId in
      let! amount = Tx.getAvailableTokens wrapped txSkel in
      let! txSkel =
        Tx.destroy amount wrapped txSkel
        `C.bind` Tx.fromWallet original amount contractId wallet in
      ofOption "not enough wrapped tokens in the contract" txSkel
      >>= (fun txSkel ->
            liftCost (Tx.lockToAddress original amount returnAddress txSkel))
      >>= CR.ofTxSkel))

// match leaves 3 + max(wrap 3, unwrap 4, failw 1) = 7.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "Wrap" -> 509
                  | "Unwrap" -> 638 + Wallet.size w * 128
                  | _ -> 7)
let main txSkel _ contractId command _ messageBody wallet _ =
  match command with
  | "Wrap" -> wrap txSkel contractId messageBody
  | "Unwrap" -> unwrap txSkel contractId wallet messageBody
  | _ -> RT.failw "unknown command"

// match leaves 3 + max(0, 5, 0) = 8; |> cast nat |> C.ret 5.  13.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 13
let cf _ _ command _ _ wallet _ =
  (match command with
   | "Wrap" -> 509
   | "Unwrap" -> 638 + Wallet.size wallet * 128
   | _ -> 7)
  |> cast nat
  |> C.ret
