(* zulib-hash: Zen.Sha3 and Zen.Hash over arrays of U32, U64, strings and
   bytes (Zen.Sha3.updateArrayWith, updateByteArray), and hashWith.
   main stores the five digests in its state as a data list. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module A = Zen.Array
module Sha3 = Zen.Sha3
module H = Zen.Hash
module U8 = FStar.UInt8
module U32 = FStar.UInt32
module U64 = FStar.UInt64
module CR = Zen.ContractResult

// count: >>= 2 + updateArrayWith (3 args) 3 = 5; Zulib: updateArrayWith
// len * (24 + 4) + 8, finalize 20.
val hashU32s: arr:A.t U32.t -> hash `cost` (A.length arr * 28 + 33)
let hashU32s arr =
  Sha3.updateArrayWith Sha3.updateU32 arr Sha3.empty >>= Sha3.finalize

// the same with updateU64 (48 + 4 per element)
val hashU64s: arr:A.t U64.t -> hash `cost` (A.length arr * 52 + 33)
let hashU64s arr =
  Sha3.updateArrayWith Sha3.updateU64 arr Sha3.empty >>= Sha3.finalize

// strings of two bytes: updateString costs 6 * 2 = 12 (+ 4 per element)
val hashPairs: arr:A.t string -> hash `cost` (A.length arr * 16 + 33)
let hashPairs arr =
  Sha3.updateArrayWith Sha3.updateString arr Sha3.empty >>= Sha3.finalize

// count: >>= 2 + updateByteArray (2 args) 2 = 4; Zulib 6 * len + 20.
val hashBytes: arr:A.t U8.t -> hash `cost` (6 * A.length arr + 24)
let hashBytes arr = H.updateByteArray arr H.empty >>= H.finalize

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 472
let main txSkel context contractId command sender messageBody wallet state =
  let! us = A.ofList [ 1ul; 2ul ] in
  let! h1 = hashU32s us in
  let! ws = A.ofList [ 3UL; 4UL ] in
  let! h2 = hashU64s ws in
  let! ss = A.ofList [ "ab"; "cd" ] in
  let! h3 = hashPairs ss in
  let! bs = A.ofList [ 1uy; 2uy ] in
  let! h4 = hashBytes bs in
  let! h5 = Sha3.hashWith Sha3.updateU32 7ul in
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate
        (Collection (List [ Hash h1; Hash h2; Hash h3; Hash h4; Hash h5 ]))

// main's count (contracts.md 1.10): nine let! of one variable, 2 each =
//   18; right-hand sides: four A.ofList of a 2-element list (1 arg + 2 *
//   2) = 20, four helper calls 4, hashWith (2 args) 2: 26.  The last
//   line: >>= 2 + ofTxSkel 1 + setStateUpdate 1 + Collection 1 + List
//   1 + list of 5 (2 * 5) 10 + five Hash 5 = 21.  65 in all.
// Zulib and the helpers: ofList 4 * (2 * 2 + 2) = 24; hashU32s 2 * 28 +
//   33 = 89; hashU64s 2 * 52 + 33 = 137; hashPairs 2 * 16 + 33 = 65;
//   hashBytes 6 * 2 + 24 = 36; hashWith updateU32: 24 + 26 = 50;
//   ofTxSkel 3 + setStateUpdate 3 = 6.  407.
// Total 65 + 407 = 472.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 472
