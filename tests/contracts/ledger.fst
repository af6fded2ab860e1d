(* A ledger of named accounts, kept in the state as a dictionary name ->
   [PublicKey owner; U64 balance].  "Deposit": the ZP handed over is
   credited to the account named by the body {Account: String}; a new
   account belongs to the sender's key; the sum is checked
   (U64.checked_add).  "Withdraw": the owner takes {Account; Amount: U64}
   out of the balance (a checked `-?^`) to their key. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module OptT = Zen.OptionT
module Opt = Zen.Option
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Wallet = Zen.Wallet
module C = Zen.Cost

// `function`: leaves (Some 1 + Collection 1 + List 1 + PublicKey owner 2
// + U64 balance 2) 7 + 1, max(incSome 2 + pair 2, incNone 1) 4 = 12;
// Zulib 2.  14.
val parseAccount: option data -> option (publicKey * U64.t) `cost` 14
let parseAccount = function
  | Some (Collection (List [ PublicKey owner; U64 balance ])) ->
    OptT.incSome 2 (owner, balance)
  | _ -> OptT.incNone 2

// let! name (2 + >!= 2 + >?= 2 + >?= 2 + tryFind 1) 9; let! book 4;
// let book (fromOption 2 + Dict.empty #data 1) 3; let! paid 4; match:
// pair 2, leaves 2 * 2 + 1, max(let! account (>>= 2 + tryFind 2) 6 + let
// owner (leaves Some (o, _) 3 + None 1) 4 + let balance (leaves 4) 4 +
// match (checked_add 2, leaves 2 + 1, max(if 3 + `U64.gt` 2 + max(let!
// book (add 3 + Collection 1 + List 1 + list of 2: 4 + PublicKey 1 + U64
// 1) 13 + (>>= 2 + >>= 2 + lockToContract 4 + setStateUpdate 1 +
// Collection 1 + Dict 1) 11 = 24, incFailw 2) = 29, incFailw 2)) 34 =
// 48, incFailw 2): 55.  Count 75.
// Zulib: tryDict 4 + tryFind 64 + tryString 2 + tryDict 4 +
// getAvailableTokens 64 = 138; the named branch: tryFind 64 +
// parseAccount 14 + (add 64 + lockToContract 64 + ofTxSkel 3 +
// setStateUpdate 3, or incFailw 134) = 212, which the ERR branch pads.
// 75 + 138 + 212 = 425.
val deposit: txSkeleton -> contractId -> sender -> option data
  -> option data -> CR.t `cost` 425
let deposit txSkel contractId sender messageBody state =
  let! name =
    messageBody >!= tryDict >?= Dict.tryFind "Account" >?= tryString in
  let! book = state >!= tryDict in
  let book = Opt.fromOption (Dict.empty #data) book in
  let! paid = Tx.getAvailableTokens Asset.zenAsset txSkel in
  match name, sender with
  | Some name, PK pk -> begin
    let! account = Dict.tryFind name book >>= parseAccount in
    let owner = match account with | Some (o, _) -> o | None -> pk in
    let balance = match account with | Some (_, b) -> b | None -> 0UL in
    match U64.checked_add balance paid with
    | Some newBalance ->
      if paid `U64.gt` 0UL then begin
        let! book =
          Dict.add name (Collection (List [ PublicKey owner; U64 newBalance ]))
            book in
        Tx.lockToContract Asset.zenAsset paid contractId txSkel
        >>= CR.ofTxSkel
        >>= CR.setStateUpdate (Collection (Dict book))
      end
      else RT.incFailw 134 "nothing deposited"
    | None -> RT.incFailw 134 "balance overflow"
    end
  | _ -> RT.incFailw 212 "an account name and a key are required"

// The `let open FStar.UInt64` (transparent: its body counts where it
// stands): match (-?^ 2, leaves 2 + 1, max(if 3 + (= 2) + max(let! book
// 13 + let! txSkel (fromWallet 5) 7 + match (leaves 2 + 1, max(>>= 2 +
// >>= 2 + lockToPublicKey 4 + setStateUpdate 1 + Collection 1 + Dict 1,
// 2)) 14 = 34, incFailw 7) = 39, incFailw 7)) = 44; Zulib add 64 +
// fromWallet (192 + 128 s) + (lockToPublicKey 610 + ofTxSkel 3 +
// setStateUpdate 3, or incFailw 616) = 872 + 128 s (the ERR branches pad
// it, "no such account" too).
// withdraw: let! dict 4; let! name 7; let! amount 7; let! book 4; match:
// 4-tuple 4, leaves 4 * 2 + 1, max(let! account 6 + match (leaves (Some
// (owner, balance)) 3 + 1, max(`let open` 44, incFailw 7)) 48 = 54,
// incFailw 7): 67.  Count 89.  Zulib: tryDict 4 + 2 * (tryFind 64 +
// try* 2) + tryDict 4 = 140; the account branch: tryFind 64 +
// parseAccount 14 + 872 + 128 s = 950 + 128 s.
// 89 + 140 + 950 + 128 s = 1179 + 128 s.
val withdraw: txSkeleton -> contractId -> sender -> w:wallet -> option data
  -> option data -> CR.t `cost` (1179 + Wallet.size w * 128)
let withdraw txSkel contractId sender wallet messageBody state =
  let! dict = messageBody >!= tryDict in
  let! name = dict >!= Dict.tryFind "Account" >?= tryString in
  let! amount = dict >!= Dict.tryFind "Amount" >?= tryU64 in
  let! book = state >!= tryDict in
  match sender, name, amount, book with
  | PK pk, Some name, Some amount, Some book -> begin
    let! account = Dict.tryFind name book >>= parseAccount in
    match account with
    | Some (owner, balance) ->
      let open FStar.UInt64 in
      begin match balance -?^ amount with
      | Some rest ->
        if owner = pk then begin
          let! book =
            Dict.add name (Collection (List [ PublicKey owner; U64 rest ]))
              book in
          let! txSkel =
            Tx.fromWallet Asset.zenAsset amount contractId wallet txSkel in
          match txSkel with
          | Some txSkel ->
            Tx.lockToPublicKey Asset.zenAsset amount pk txSkel
            >>= CR.ofTxSkel
            >>= CR.setStateUpdate (Collection (Dict book))
          | None -> RT.incFailw 616 "not enough ZP in the contract"
        end
        else RT.incFailw (872 + Wallet.size wallet * 128)
               "only the owner withdraws"
      | None -> RT.incFailw (872 + Wallet.size wallet * 128)
                  "insufficient balance"
      end
    | None -> RT.incFailw (872 + Wallet.size wallet * 128) "no such account"
    end
  | _ -> RT.incFailw (950 + Wallet.size wallet * 128)
           "Account, Amount and a key are required"

// match leaves 3 + max(deposit 5, withdraw 6, failw 1) = 9.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "Deposit" -> 434
                  | "Withdraw" -> 1188 + Wallet.size w * 128
                  | _ -> 9)
let main txSkel _ contractId command sender messageBody wallet state =
  match command with
  | "Deposit" -> deposit txSkel contractId sender messageBody state
  | "Withdraw" -> withdraw txSkel contractId sender wallet messageBody state
  | _ -> RT.failw "unknown command"

// match leaves 3 + max(0, 5, 0) = 8; |> cast nat |> C.ret 5.  13.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 13
let cf _ _ command _ _ wallet _ =
  (match command with
   | "Deposit" -> 434
   | "Withdraw" -> 1188 + Wallet.size wallet * 128
   | _ -> 9)
  |> cast nat
  |> C.ret
