(* A sealed-bid auction paid in ZP.  "commit" (before revealBlock, sender PK): the body {"name": String,
     "commit": Hash} stores SHA3("zen-sealed-bid" || 0x01 || BE64 amount ||
     salt) for that bidder name, with the sender's key and the ZP deposit
     handed to the contract (at least minDeposit), which stays locked here.
   "reveal" (revealBlock <= block < closeBlock, same sender key): the body
     {"name", "amount": U64, "salt": Hash} opens the commitment; the bid is
     removed from "bids" and the highest bid so far is kept under "best"
     as [String name; U64 amount; U32 reveals].  "close" (from closeBlock on, any sender): pays the highest bid from the
     contract's wallet to the seller's key hash and deletes the state.
   State: Dict {"bids": Dict name -> [PublicKey; Hash; U64 deposit]; "best"}. *)
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
module Hash = Zen.Hash
module Crypto = Zen.Crypto
module Wallet = Zen.Wallet
module C = Zen.Cost
let revealBlock : U32.t = 500ul
let closeBlock : U32.t = 1000ul
let minDeposit : U64.t = 500UL
let sellerHashHex = "1b4f0e9851971998e732078544c96b36c3d01cedf7caa332359d6f1d83567014"
let domain = "zen-sealed-bid"type entry = { bidder: publicKey; commitment: hash; deposit: U64.t }

// let open body: updateString 2 + 4 * >>= 8 + updateByte 1 + updateU64 1 +
// updateHash 1 = 13.  Zulib 6 * 14 + 6 + 48 + 192 + 20 = 350.  363.
val commitment: U64.t -> hash -> hash `cost` (279 + 6 * FStar.String.length domain)
let commitment amount salt =
  let open Hash in
  updateString domain empty
  >>= updateByte 1uy
  >>= updateU64 amount
  >>= updateHash salt
  >>= finalize

// function: leaves Collection 1 + List 1 + 3 x (ctor 1 + var 1) + _ 1 =
// 9, max(incSome 2 + record 3, incNone 1) = 14; Zulib 3.  17.
val parseEntry: data -> option entry `cost` 17
let parseEntry = function
  | Collection (List [PublicKey pk; Hash h; U64 d]) ->
    OptT.incSome 3 ({ bidder = pk; commitment = h; deposit = d })
  | _ -> OptT.incNone 3

// match leaves 4 + 1, max(ret 1) = 6.
val stateDict: option data -> Dict.t data `cost` 6
let stateDict state =
  match state with
  | Some (Collection (Dict d)) -> ret d
  | _ -> ret Dict.empty

// let! 2 + tryFind 2 = 4; match leaves 4 + 1 + ret 1 = 6: 10 + 64 = 74.
val subDict: string -> Dict.t data -> Dict.t data `cost` 74
let subDict key d =
  let! v = Dict.tryFind key d in
  match v with
  | Some (Collection (Dict sub)) -> ret sub
  | _ -> ret Dict.empty

// let! 4; match leaves 9 + 1, max(ret (triple 3) 4) = 14: 18 + 64 = 82.
val best: Dict.t data -> (string * U64.t * U32.t) `cost` 82
let best st =
  let! v = Dict.tryFind "best" st in
  match v with
  | Some (Collection (List [String n; U64 a; U32 c])) -> ret (n, a, c)
  | _ -> ret ("", 0UL, 0ul)

// let open body: let (n, a) = if 3 + <^ 2 + max(pair 2) = 7; Dict.add 3 +
// Collection 1 + List 1 + list of 3: 6 + String 1 + U64 1 + U32 1 +
// `U32.add` 2 = 16: 23 + add 64 = 87.
val recordBest: string -> U64.t -> (string * U64.t * U32.t) -> Dict.t data
  -> Dict.t data `cost` 87
let recordBest name amount (bestName, bestAmount, reveals) st =
  let open U64 in
  let (n, a) = if bestAmount <^ amount then (name, amount)
               else (bestName, bestAmount) in
  Dict.add "best" (Collection (List [String n; U64 a; U32 (reveals `U32.add` 1ul)])) st

// count 79 (let!s 4 + 7 + 7 + 4 = 22; match: pair 2 + leaves 4 + 1 +
// max(if 3 + backtick 2 + max(incFailw 2, let! bids 4 + let! known 4 +
// if (3 + max(2, let e 11 + let! bids 5 + let! st 7 + chain 11)) 37) 50,
// 2) = 57); Zulib prefix 4 + 66 + 66 + 64 = 200, success 74 +
// 64 * 4 + 3 + 3 = 336.  615.
val commit: txSkeleton -> contractId -> publicKey -> option data
  -> Dict.t data -> CR.t `cost` 615
let commit txSkel contractId pk messageBody st =
  let! dict = messageBody >!= tryDict in
  let! name = dict >!= Dict.tryFind "name" >?= tryString in
  let! h = dict >!= Dict.tryFind "commit" >?= tryHash in
  let! deposit = Tx.getAvailableTokens Asset.zenAsset txSkel in
  match name, h with
  | Some name, Some h ->
    if deposit `U64.lt` minDeposit then RT.incFailw 336 "deposit too small" else begin
      let! bids = subDict "bids" st in
      let! known = Dict.containsKey name bids in
      if known then RT.incFailw 198 "already committed" else begin
        let e = Collection (List [PublicKey pk; Hash h; U64 deposit]) in
        let! bids = Dict.add name e bids in
        let! st = Dict.add "bids" (Collection (Dict bids)) st in
        Tx.lockToContract Asset.zenAsset deposit contractId txSkel
        >>= CR.ofTxSkel
        >>= CR.setStateUpdate (Collection (Dict st))
      end
    end
  | _ -> RT.incFailw 336 "name and commit are required"

// count 93 (let!s 4 + 3 * 7 = 25; match: triple 3 + leaves 6 + 1 +
// max(let! bids 4 + let! e 6 + match (leaves 4 + 1 + max(let! h 4 + if
// (3 + 6 + max(2, if (3 + 2 + max(2, let! current 3 + let! bids 4 + let!
// st 12 + chain 6))) 39), 2)) 48, 2) = 68); Zulib prefix 4 + 3 * 66 =
// 202; then subDict 74 + tryFind 64 + parseEntry 17, commitment 363,
// best 82 + remove 64 + add 64 + recordBest 87 + 3 + 3 = 303.
// 93 + 202 + 155 + 363 + 303 = 1116.
val reveal: txSkeleton -> publicKey -> option data -> Dict.t data
  -> CR.t `cost` 1116
let reveal txSkel pk messageBody st =
  let! dict = messageBody >!= tryDict in
  let! name = dict >!= Dict.tryFind "name" >?= tryString in
  let! amount = dict >!= Dict.tryFind "amount" >?= tryU64 in
  let! salt = dict >!= Dict.tryFind "salt" >?= tryHash in
  match name, amount, salt with
  | Some name, Some amount, Some salt -> begin
    let! bids = subDict "bids" st in
    let! e = Dict.tryFind name bids >?= parseEntry in
    match e with
    | Some ({ bidder = bidder; commitment = c; deposit = d }) ->
      let! h = commitment amount salt in
      if bidder <> pk || h <> c then RT.incFailw 303 "commitment does not match"
      else if amount `U64.gt` d then RT.incFailw 303 "bid exceeds the deposit"
      else begin
        let! current = best st in
        let! bids = Dict.remove name bids in
        let! st = Dict.add "bids" (Collection (Dict bids)) st
                  >>= recordBest name amount current in
        CR.ofTxSkel txSkel >>= CR.setStateUpdate (Collection (Dict st))
      end
    | None -> RT.incFailw 666 "no such commitment"
    end
  | _ -> RT.incFailw 821 "name, amount and salt are required"

// count 38 (let! seller 3 + let! (_, amount, _) 2 + 1 = 3 + match: leaves
// 3 + max(if 3 + 3 + max(7, if 3 + 2 + max(7, let! txSkel 7 + match
// (leaves 3 + 8) 11)) 29, 7) = 32); Zulib parseHash 32 + best 82, then
// fromWallet (192 + 128 s) + lockToPubKey 64 + 3 + 3.  414 + 128 s.
val close: txSkeleton -> context -> contractId -> w:wallet -> Dict.t data
  -> CR.t `cost` (414 + Wallet.size w * 128)
let close txSkel context contractId wallet st =
  let! seller = Crypto.parseHash sellerHashHex in
  let! (_, amount, _) = best st in
  match seller with
  | Some seller ->
    if context.blockNumber `U32.lt` closeBlock
    then RT.incFailw (262 + Wallet.size wallet * 128) "the auction is still open"
    else if amount = 0UL then RT.incFailw (262 + Wallet.size wallet * 128) "no bid was revealed"
    else begin
      let! txSkel = Tx.fromWallet Asset.zenAsset amount contractId wallet txSkel in
      match txSkel with
      | Some txSkel ->
        Tx.lockToPubKey Asset.zenAsset amount seller txSkel
        >>= CR.ofTxSkel
        >>= CR.setStateDelete
      | None -> RT.incFailw 70 "not enough ZP in the contract"
    end
  | None -> RT.incFailw (262 + Wallet.size wallet * 128) "bad seller hash"

// count: let! st 3; match scrutinee 2 + leaves 9 + max(commit branch 11,
// reveal branch 15, close 5, failw 1) = 26: 29; stateDict 6.  35 + callee.
val main: txSkel:txSkeleton -> context:context -> contractId
  -> command:string -> sender:sender -> messageBody:option data
  -> w:wallet -> state:option data
  -> CR.t `cost` (match command, sender with
                  | "commit", PK _ -> 650
                  | "reveal", PK _ -> 1151
                  | "close", _ -> 449 + Wallet.size w * 128
                  | _ -> 35)
let main txSkel context contractId command sender messageBody wallet state =
  let! st = stateDict state in
  match command, sender with
  | "commit", PK pk ->
    if context.blockNumber `U32.gte` revealBlock
    then RT.incFailw 615 "bidding is over"
    else commit txSkel contractId pk messageBody st
  | "reveal", PK pk ->
    if context.blockNumber `U32.lt` revealBlock || context.blockNumber `U32.gte` closeBlock
    then RT.incFailw 1116 "not the reveal period"
    else reveal txSkel pk messageBody st
  | "close", _ -> close txSkel context contractId wallet st
  | _ -> RT.failw "unknown command or anonymous sender"

// match: pair 2 + leaves 9 + max(+ 2 + * 2 + size 1) = 16; two |> 4 +
// cast nat 1 = 21.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 21
let cf _ _ command sender _ wallet _ =
  (match command, sender with
   | "commit", PK _ -> 650
   | "reveal", PK _ -> 1151
   | "close", _ -> 449 + Wallet.size wallet * 128
   | _ -> 35)
  |> cast nat
  |> C.ret
