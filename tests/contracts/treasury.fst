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

// `function`: match leaves (l, a, amount) 3 + 1, max(`let open` 0,
// incNone 1) = 5.  The `let open OptT` body: >>= 2 + Asset.parse 1 = 3;
// its lambda: ret 1 + triple 3 = 4.  Zulib Asset.parse 64 (OptT's >>=
// charges the lambda also on None).  76, padded to 76 by incNone 71 on a
// malformed output.
val parseOutput: data -> option (lock * asset * U64.t) `cost` 76
let parseOutput = function
  | Collection (List [ Lock l; Collection (List [ String a; U64 amount ]) ]) ->
    let open OptT in
    Asset.parse a >>= (fun asset -> ret (l, asset, amount))
  | _ -> OptT.incNone 71

// match: leaves 2, max(let! txSkel (fromWallet 5) 7 + match (leaves 2,
// max(>>= 2 + lockToAddress 4, incNone 1)) 8 = 15, incNone (1 + (+) 2 +
// (*) 2 + size 1) 6): 17.  Zulib fromWallet (192 + 128 s) +
// (lockToAddress 64, or incNone 64), or incNone (256 + 128 s).
// 273 + 128 s.
val payOne: contractId -> w:wallet -> option txSkeleton
  -> (lock * asset * U64.t) -> option txSkeleton `cost` (273 + Wallet.size w * 128)
let payOne contractId wallet acc (l, asset, amount) =
  match acc with
  | Some txSkel -> begin
    let! txSkel = Tx.fromWallet asset amount contractId wallet txSkel in
    match txSkel with
    | Some txSkel -> Tx.lockToAddress asset amount l txSkel >>= OptT.some
    | None -> OptT.incNone 64
    end
  | None -> OptT.incNone (256 + Wallet.size wallet * 128)

// L outputs, s = Wallet.size wallet.  tryMapT parseOutput: L * (76 + 20)
// + 20; foldT (payOne ..): L * (273 + 128 s + 4) + 4.
// match: leaves 2, max(if 3 + (= 2 + backtick 2 + projection 1) 5 +
// max(let! parsed 4 + match (leaves 2, max(let! txSkel (foldT 3 + payOne
// 2 + Some 1) 8 + ofOptionTxSkel 2 = 10, incFailw 2 + (+) 2 + (*) 2 +
// length 1 + (+) 2 + (*) 2 + size 1 = 12)) 14 = 18, incFailw 12) = 26,
// failw 1): 28.
// With a list: 28 + 96 L + 20 + L * (277 + 128 s) + 4 + ofOptionTxSkel
// 3 = 55 + L * (373 + 128 s) (the ERR branches pad the same); else 28.
val payout: txSkeleton -> context -> contractId -> w:wallet
  -> messageBody:option data
  -> CR.t `cost` (match messageBody with
                  | Some (Collection (List l)) ->
                    55 + length l * (373 + Wallet.size w * 128)
                  | _ -> 28)
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
      | None -> RT.incFailw (length outputs * (277 + Wallet.size wallet * 128) + 7)
                  "bad outputs"
    end
    else RT.incFailw (length outputs * (373 + Wallet.size wallet * 128) + 27)
           "not a payout block"
    end
  | _ -> RT.failw "the body must be a list of outputs"

// match leaves 2 + max(payout 5, failw 1) = 7.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> messageBody:option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "Payout" -> begin match messageBody with
                                | Some (Collection (List l)) ->
                                  62 + length l * (373 + Wallet.size w * 128)
                                | _ -> 35 end
                  | _ -> 7)
let main txSkel context contractId command _ messageBody wallet _ =
  match command with
  | "Payout" -> payout txSkel context contractId wallet messageBody
  | _ -> RT.failw "unknown command"

// match leaves 2 + max(match (leaves 2 + (+) 2 + (*) 2 + length 1 + (+)
// 2 + (*) 2 + size 1) 12, 0) = 14; |> cast nat |> C.ret 5.  19.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 19
let cf _ _ command _ messageBody wallet _ =
  (match command with
   | "Payout" -> begin match messageBody with
                 | Some (Collection (List l)) ->
                   62 + length l * (373 + Wallet.size wallet * 128)
                 | _ -> 35 end
   | _ -> 7)
  |> cast nat
  |> C.ret
