(* A treasury that pays out at every `interval`-th block, in the style of
   the Common Goods Pool's payouts.  "Payout": the body is the list of
   outputs, each [Lock recipient; [String asset; U64 amount]] (the asset
   in the text form of Asset.parse); every output is paid from the
   contract's wallet, in order, or nothing is. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module OptT = Zen.OptionT
module L = Zen.List
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U32 = FStar.UInt32
module Asset = Zen.Asset
module Wallet = Zen.Wallet
module C = Zen.Cost

let interval : U32.t = 10ul

// `function`: match leaves (Collection (List [Lock l; Collection (List
// [String a; U64 amount])]) 2 + 2 + 2 + 4) 10 + 1, max(the `let open
// OptT` body, counted where it stands: >>= 2 + Asset.parse 1 = 3,
// incNone 1) = 14; the lambda: ret 1 + triple 3 = 4.  Zulib Asset.parse
// 64 (OptT's >>= charges the lambda also on None).  82, padded to 82 by
// incNone 68 on a malformed output.
val parseOutput: data -> option (lock * asset * U64.t) `cost` 82
let parseOutput = function
  | Collection (List [ Lock l; Collection (List [ String a; U64 amount ]) ]) ->
    let open OptT in
    Asset.parse a >>= (fun asset -> ret (l, asset, amount))
  | _ -> OptT.incNone 68

// match: leaves 3, max(let! txSkel (fromWallet 5) 7 + match (leaves 3,
// max(>>= 2 + lockToAddress 4, incNone 1)) 9 = 16, incNone (1 + (+) 2 +
// (*) 2 + size 1) 6): 19.  Zulib fromWallet (192 + 128 s) +
// (lockToAddress 64, or incNone 64), or incNone (256 + 128 s).
// 275 + 128 s.
val payOne: contractId -> w:wallet -> option txSkeleton
  -> (lock * asset * U64.t) -> option txSkeleton `cost` (275 + Wallet.size w * 128)
let payOne contractId wallet acc (l, asset, amount) =
  match acc with
  | Some txSkel -> begin
    let! txSkel = Tx.fromWallet asset amount contractId wallet txSkel in
    match txSkel with
    | Some txSkel -> Tx.lockToAddress asset amount l txSkel >>= OptT.some
    | None -> OptT.incNone 64
    end
  | None -> OptT.incNone (256 + Wallet.size wallet * 128)

// L outputs, s = Wallet.size wallet.  tryMapT parseOutput: L * (82 + 20)
// + 20; foldT (payOne ..): L * (275 + 128 s + 4) + 4.
// match: leaves 4 + 1, max(if 3 + (= 2 + backtick 2 + projection 1) 5 +
// max(let! parsed 4 + match (leaves 3, max(let! txSkel (foldT 3 + payOne
// 2 + Some 1) 8 + ofOptionTxSkel 2 = 10, incFailw 2 + (+) 2 + (*) 2 +
// length 1 + (+) 2 + (*) 2 + size 1 = 12)) 15 = 19, incFailw 12) = 27,
// failw 1): 32.
// With a list: 32 + 102 L + 20 + L * (279 + 128 s) + 4 + ofOptionTxSkel
// 3 = 59 + L * (381 + 128 s) (the ERR branches pad the same); else 32.
val payout: txSkeleton -> context -> contractId -> w:wallet
  -> messageBody:option data
  -> CR.t `cost` (match messageBody with
                  | Some (Collection (List l)) ->
                    59 + length l * (381 + Wallet.size w * 128)
                  | _ -> 32)
let payout txSkel context contractId wallet messageBody =
  match messageBody with
  | Some (Collection (List outputs)) -> begin
    if context.blockNumber `U32.rem` interval = 0ul then begin
      let! parsed = OptT.tryMapT parseOutput outputs in
      match parsed with
      | Some parsed -> begin
        let! txSkel =
          L.foldT (payOne contractId wallet) (Some txSkel) parsed in
        CR.ofOptionTxSkel "not enough funds in the treasury" txSkel
        end
      | None -> RT.incFailw (length outputs * (279 + Wallet.size wallet * 128) + 7)
                  "bad outputs"
    end
    else RT.incFailw (length outputs * (381 + Wallet.size wallet * 128) + 27)
           "not a payout block"
    end
  | _ -> RT.failw "the body must be a list of outputs"

// match leaves 2 + max(payout 5, failw 1) = 7.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> messageBody:option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "Payout" -> begin match messageBody with
                                | Some (Collection (List l)) ->
                                  66 + length l * (381 + Wallet.size w * 128)
                                | _ -> 39 end
                  | _ -> 7)
let main txSkel context contractId command _ messageBody wallet _ =
  match command with
  | "Payout" -> payout txSkel context contractId wallet messageBody
  | _ -> RT.failw "unknown command"

// match leaves 2 + max(match (leaves 4 + 1 + (+) 2 + (*) 2 + length 1 +
// (+) 2 + (*) 2 + size 1) 15, 0) = 17; |> cast nat |> C.ret 5.  22.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 22
let cf _ _ command _ messageBody wallet _ =
  (match command with
   | "Payout" -> begin match messageBody with
                 | Some (Collection (List l)) ->
                   66 + length l * (381 + Wallet.size wallet * 128)
                 | _ -> 39 end
   | _ -> 7)
  |> cast nat
  |> C.ret
