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

// main's cost: Zulib getDefault 64 + addInput 64 + lockToContract 64 = 192;
// elaboration (1.10) of main's body:
//   let! asset = getDefault contractId   1 + 1 leaf + 1 arg        =  3
//   let lock = ContractLock contractId   constructor, 1 arg        =  1
//   let spend = { 2 fields }                                       =  2
//   let pInput = Mint spend                                        =  1
//   let! txSkel = addInput (2) >>= (2) lockToContract (3 args + 2
//     projections = 5)                   1 + 1 + 9                 = 11
//   RT.ok @ { 3 fields }                 @ 2 + 3                   =  5
//   total 23 (SampleContract, without `let lock`, is 22).  cf = 215.
let cf _ _ _ _ _ _ _ = 64 + 64 + 64 + 23 |> cast nat |> C.ret
