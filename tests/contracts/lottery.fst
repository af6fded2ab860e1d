(* A coin flip with commit and reveal.  "Commit": a player hands over a bet
   in ZP with {Commitment: Hash; returnAddress: Lock}, where Commitment =
   SHA3(BE64 secret); the state records [Hash commitment; Lock player;
   U64 bet; U32 block].  "Reveal" (in a later block): the body is the U64
   secret; if it matches, an even secret wins twice the bet from the
   contract and an odd one loses it; the state is deleted either way. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U32 = FStar.UInt32
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Sha3 = Zen.Sha3
module Wallet = Zen.Wallet
module C = Zen.Cost

// let! dict 4; let! commitment 7; let! player 7; let! bet 4; match:
// triple 3, leaves (None, Some x, Some x) 5 + (Some _, _, _) 4 + 1,
// max(if 3 + `U64.gt` 2 + max(>>= 2 + >>= 2 + lockToContract 4 +
// setStateUpdate 1 + Collection 1 + List 1 + list of 4: 8 + 4
// constructors 4 + projection 1 = 24, incFailw 2) = 29, 2, 2): 42.
// Count 64.
// Zulib: tryDict 4 + 2 * (tryFind 64 + try* 2) + getAvailableTokens 64
// = 200; lockToContract 64 + ofTxSkel 3 + setStateUpdate 3 = 70, which
// the ERR branches pad.  64 + 200 + 70 = 334.
val commit: txSkeleton -> context -> contractId -> option data
  -> option data -> CR.t `cost` 334
let commit txSkel context contractId messageBody state =
  let! dict = messageBody >!= tryDict in
  let! commitment = dict >!= Dict.tryFind "Commitment" >?= tryHash in
  let! player = dict >!= Dict.tryFind "returnAddress" >?= tryLock in
  let! bet = Tx.getAvailableTokens Asset.zenAsset txSkel in
  match state, commitment, player with
  | None, Some commitment, Some player ->
    if bet `U64.gt` 0UL then
      Tx.lockToContract Asset.zenAsset bet contractId txSkel
      >>= CR.ofTxSkel
      >>= CR.setStateUpdate (Collection (List [ Hash commitment; Lock player;
                                               U64 bet; U32 context.blockNumber ]))
    else RT.incFailw 70 "no bet"
  | Some _, _, _ -> RT.incFailw 70 "a game is already open"
  | _ -> RT.incFailw 70 "Commitment and returnAddress are required"

// let! secret 4; match: pair 2, leaves (Some secret 2 + Some (Collection
// (List [4 items])) 1 + 1 + 1 + 4 * 2 = 11) 13 + 1, max(let! h (2 + >>=
// 2 + updateU64 2) 6 + if 3 + (&& 2 + = 2 + `U32.lt` 2 + projection 1) 7
// + max(if 3 + (= 2 + `U64.rem` 2) 4 + max(let prize 2 + let! txSkel 7 +
// match (leaves 2 + 1, max(>>= 2 + >>= 2 + lockToAddress 4, 2)) 11 = 20,
// inc 2 + ((+) 2 + (*) 2 + size 1) 5 + @ 2 + record 3 = 12) = 27,
// incFailw 7) = 37 = 43, incFailw 7): 59.  Count 63.
// Zulib: tryU64 2; the game branch: updateU64 48 + finalize 20 = 68, then
// fromWallet (192 + 128 s) + (lockToAddress 64 + ofTxSkel 3 +
// setStateDelete 3, or incFailw 70) = 262 + 128 s, which the losing
// secret pads with inc and the other branches with incFailw.
// 63 + 2 + 68 + 262 + 128 s = 395 + 128 s.
val reveal: txSkeleton -> context -> contractId -> w:wallet -> option data
  -> option data -> CR.t `cost` (395 + Wallet.size w * 128)
let reveal txSkel context contractId wallet messageBody state =
  let! secret = messageBody >!= tryU64 in
  match secret, state with
  | Some secret,
    Some (Collection (List [ Hash commitment; Lock player; U64 bet; U32 block ])) ->
    let! h = Sha3.updateU64 secret Sha3.empty >>= Sha3.finalize in
    if h = commitment && block `U32.lt` context.blockNumber then begin
      if secret `U64.rem` 2UL = 0UL then begin
        let prize = bet `U64.mul_mod` 2UL in
        let! txSkel =
          Tx.fromWallet Asset.zenAsset prize contractId wallet txSkel in
        match txSkel with
        | Some txSkel ->
          Tx.lockToAddress Asset.zenAsset prize player txSkel
          >>= CR.ofTxSkel
          >>= CR.setStateDelete
        | None -> RT.incFailw 70 "not enough ZP in the contract"
      end
      else inc (262 + Wallet.size wallet * 128)
             (RT.ok @ { tx = txSkel; message = None; state = Delete })
    end
    else RT.incFailw (262 + Wallet.size wallet * 128)
           "wrong secret or too early"
  | _ -> RT.incFailw (330 + Wallet.size wallet * 128)
           "a secret and an open game are required"

// match leaves 3 + max(commit 5, reveal 6, failw 1) = 9.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "Commit" -> 343
                  | "Reveal" -> 404 + Wallet.size w * 128
                  | _ -> 9)
let main txSkel context contractId command _ messageBody wallet state =
  match command with
  | "Commit" -> commit txSkel context contractId messageBody state
  | "Reveal" -> reveal txSkel context contractId wallet messageBody state
  | _ -> RT.failw "unknown command"

// match leaves 3 + max(0, 5, 0) = 8; |> cast nat |> C.ret 5.  13.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 13
let cf _ _ command _ _ wallet _ =
  (match command with
   | "Commit" -> 343
   | "Reveal" -> 404 + Wallet.size wallet * 128
   | _ -> 9)
  |> cast nat
  |> C.ret
