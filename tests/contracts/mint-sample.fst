open Zen.Types
open Zen.Base
open Zen.Cost

module Tx = Zen.TxSkeleton
module C = Zen.Cost
module RT = Zen.ResultT
module Asset = Zen.Asset

// Mints 1000 units of the contract's default asset and locks them to itself.
let main txSkel context contractId command sender messageBody wallet state =
  let! asset = Asset.getDefault contractId in
  let lock = ContractLock contractId in
  let spend = { asset = asset; amount = 1000UL } in
  let pInput = Mint spend in
  let! txSkel = Tx.addInput pInput txSkel >>= Tx.lockToContract spend.asset spend.amount contractId in
  RT.ok @ { tx = txSkel; message = None; state = NoChange }

let cf _ _ _ _ _ _ _ = 4 + 64 + 64 + 64 + 18 |> cast nat |> C.ret
