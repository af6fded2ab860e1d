(* A periodic payout: every intervalLength blocks, pays each (lock, amount)
   of the "Outputs" list in the message body. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module OptT = Zen.OptionT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U32 = FStar.UInt32
module U64 = FStar.UInt64
module Asset = Zen.Asset
module C = Zen.Cost
module Wallet = Zen.Wallet

let intervalLength : nat = 100

// What cf's 42334 pays for: the outputs' cost grows with their number
// (181 + 207 N, below), so without a bound main could cost more than cf
// says, and F* would refuse the contract.
let maxOutputs : nat = 200

let rec tryMap (#a #b: Type) (#n: nat) (f: a -> option b `cost` n) (ls: list a)
  : option (list b) `cost` (length ls * (n + 12) + 12) =
  match ls with
  | [] -> OptT.incSome 12 []
  | hd :: tl ->
    let open OptT in
    f hd >>= (fun hd' -> tryMap f tl >>= (fun tl' -> OptT.ret (hd' :: tl')))
    |> C.autoInc

let rec tryFold (#a #s: Type) (#n: nat) (f: s -> a -> option s `cost` n)
  (acc: s) (ls: list a) : option s `cost` (length ls * (n + 12) + 12) =
  match ls with
  | [] -> OptT.incSome 12 acc
  | hd :: tl -> (f acc hd >>= (fun (r: option s) ->
      match r with
      | Some acc' -> tryFold f acc' tl
      | None -> OptT.none))
    |> C.autoInc

let parseOutput (d: data) : option (lock * spend) `cost` 100 =
  let open OptT in
  begin match d with
  | Collection (List [Lock l; Collection (List [String assetString; U64 amount])]) ->
    Asset.parse assetString
    >>= (fun asset -> OptT.ret (l, { asset = asset; amount = amount }))
  | _ -> OptT.none
  end
  |> C.autoInc

let addOutput (txSkel: txSkeleton) ((l, sp): lock * spend)
  : option txSkeleton `cost` 72 =
  Tx.lockToAddress sp.asset sp.amount l txSkel
  |> OptT.liftCost

// A cost function, as the reference's CGP writes it: a plain bool body
// would count 6 and be wrapped in an `inc` F* refuses on a non-cost.
// |> 2 + (= 2 + `U32.rem` 2 + projection 1 + uint_to_t 1) 6: 8.
val isPayoutBlock: context -> bool `cost` 8
let isPayoutBlock (context: context) =
  (context.blockNumber `U32.rem` (U32.uint_to_t intervalLength) = 0ul) |> ret

let main txSkel context contractId command sender messageBody wallet state =
  let! payout = isPayoutBlock context in
  if not payout then RT.autoFailw "not a payout block" else
  if (let n = length [1; 2] in n = 2) then begin
    let! outputs = messageBody >!= tryDict >?= Dict.tryFind "Outputs" >?= tryList in
    let ls = match outputs with
             | Some ls -> ls
             | None -> [] in
    if length ls > maxOutputs then RT.autoFailw "too many outputs" else begin
      let! parsed = OptT.tryMapT parseOutput ls in
      match parsed with
      | Some (hd :: tl) -> begin
        let! tx = tryFold addOutput txSkel (hd :: tl) in
        match tx with
        | Some tx -> CR.ofTxSkel tx |> autoInc
        | None -> RT.autoFailw "cannot pay"
      end
      | _ -> RT.autoFailw "bad outputs"
    end
  end else RT.autoFailw "never"

// main's cost (contracts.md 1.10, 4), N outputs that all parse:
// main's body: let! payout = isPayoutBlock context 2 + 1 = 3 + if 3 +
//   (not payout) 1 + max(autoFailw 1,
//   if 3 + (let n = length [1; 2] (1 + list 4) in n = 2 (2)) 7 + max(
//   let! outputs = (>!= 2, >?= 2, >?= 2, tryFind 1 arg) 1 + 1 + 7 = 9
//   + let ls = match (leaves Some ls 2 + None 1) 3 in if 3 + (length ls
//   1 + > maxOutputs 2) 3 + max(autoFailw 1, let! parsed = tryMapT (2
//   args) 1 + 1 + 2 + match parsed: leaves Some (hd :: tl) 1 + 3 + _ 1
//   + max(let! tx = tryFold (3 args, hd :: tl 2) 1 + 1 + 5 + match tx:
//   leaves Some tx 2 + None 1 + max(CR.ofTxSkel tx |> autoInc 3, 1) =
//   13, 1) = 18: 22) = 28: 40), 1) = 50) = 57; isPayoutBlock 8: 65.
// parseOutput: padded to its declared 100 (its own count: |> 2 + match
//   leaves Collection (List [Lock l; Collection (List [String s; U64
//   a])]) 1 + 1 + 2 + (1 + 1 + 2 + 2) = 10 + _ 1, + >>= 2 + Asset.parse
//   1 = 16, + the fun's increment (OptT.ret 1 + tuple 2 + record 2) 5 +
//   Asset.parse 64 = 85, is less; a `$>` would need a pure function,
//   and a lambda counting 4 is no cost value).
// addOutput: |> 2 + lockToAddress (4 args, 2 projections) 6 = 8 +
//   Zulib lockToAddress 64 = 72, its declared index.
// tryFold on k elements: its index names the implicit n, so the engine
//   counts what runs: match ls: leaves [] 0 + hd :: tl 3 + max(incSome
//   2, |> autoInc 2 + >>= 2 + f acc hd 2 = 6) = 9 per call; the fun r:
//   leaves Some acc' 2 + None 1 + max(tryFold 3 args, OptT.none) = 6;
//   T(0) = 9 + incSome 12 = 21, T(k) = 9 + 72 + 6 + T(k - 1) = 87 k +
//   21.
// Zulib: tryDict 4 + tryFind 64 + tryList 4 + tryMapT (20 + N (20 +
//   100)) + ofTxSkel 3.
// OK path: 65 + 72 + 20 + 120 N + 87 N + 21 + 3 = 181 + 207 N (N = 2:
//   595), at most cf for N <= 203: autoInc and the autoFailw's pad every
//   path to cf, and maxOutputs keeps N at 200 or less.  (More than 200
//   outputs: 65 + 72 = 137, and autoFailw pads it to cf.)
let cf _ _ _ _ _ wallet _ =
  42334 + 12800 * Wallet.size wallet |> cast nat |> C.ret
