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

// function: leaves pk, h, d + _ = 4, max(incSome 2 + record 3, incNone 1)
// = 9; Zulib 3.  12.
val parseEntry: data -> option entry `cost` 12
let parseEntry = function
  | Collection (List [PublicKey pk; Hash h; U64 d]) ->
    OptT.incSome 3 ({ bidder = pk; commitment = h; deposit = d })
  | _ -> OptT.incNone 3

// match leaves 2, max(ret 1) = 3.
val stateDict: option data -> Dict.t data `cost` 3
let stateDict state =
  match state with
  | Some (Collection (Dict d)) -> ret d
  | _ -> ret Dict.empty

// let! 1 + 1 + tryFind 2 = 4; match leaves 2 + ret 1 = 3: 7 + 64 = 71.
val subDict: string -> Dict.t data -> Dict.t data `cost` 71
let subDict key d =
  let! v = Dict.tryFind key d in
  match v with
  | Some (Collection (Dict sub)) -> ret sub
  | _ -> ret Dict.empty

// let! 4; match leaves 3 + 1, max(ret (triple 3) 4) = 8: 12 + 64 = 76.
val best: Dict.t data -> (string * U64.t * U32.t) `cost` 76
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

// count 77 (see notes); Zulib prefix 4 + 66 + 66 + 64 = 200, success 71 +
// 64 * 4 + 3 + 3 = 333.  610.
val commit: txSkeleton -> contractId -> publicKey -> option data
  -> Dict.t data -> CR.t `cost` 610
let commit txSkel contractId pk messageBody st =
  let! dict = messageBody >!= tryDict in
  let! name = dict >!= Dict.tryFind "name" >?= tryString in
  let! h = dict >!= Dict.tryFind "commit" >?= tryHash in
  let! deposit = Tx.getAvailableTokens Asset.zenAsset txSkel in
  match name, h with
  | Some name, Some h ->
    if deposit `U64.lt` minDeposit then RT.incFailw 333 "deposit too small" else begin
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
  | _ -> RT.incFailw 333 "name and commit are required"

// count 89; Zulib prefix 4 + 3 * 66 = 202; then subDict 71 + tryFind 64 +
// parseEntry 12, commitment 363, best 76 + remove 64 + add 64 +
// recordBest 87 + 3 + 3 = 297.  89 + 202 + 147 + 363 + 297 = 1098.
val reveal: txSkeleton -> publicKey -> option data -> Dict.t data
  -> CR.t `cost` 1098
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
      if bidder <> pk || h <> c then RT.incFailw 297 "commitment does not match"
      else if amount `U64.gt` d then RT.incFailw 297 "bid exceeds the deposit"
      else begin
        let! current = best st in
        let! bids = Dict.remove name bids in
        let! st = Dict.add "bids" (Collection (Dict bids)) st
                  >>= recordBest name amount current in
        CR.ofTxSkel txSkel >>= CR.setStateUpdate (Collection (Dict st))
      end
    | None -> RT.incFailw 660 "no such commitment"
    end
  | _ -> RT.incFailw 807 "name, amount and salt are required"

// count 38; Zulib parseHash 32 + best 76, then fromWallet (192 + 128 s) +
// lockToPubKey 64 + 3 + 3.  408 + 128 s.
val close: txSkeleton -> context -> contractId -> w:wallet -> Dict.t data
  -> CR.t `cost` (408 + Wallet.size w * 128)
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

// count: let! st 3; match scrutinee 2 + leaves 7 + max(commit branch 11,
// reveal branch 15, close 5, failw 1) = 24: 27; stateDict 3.  30 + callee.
val main: txSkel:txSkeleton -> context:context -> contractId
  -> command:string -> sender:sender -> messageBody:option data
  -> w:wallet -> state:option data
  -> CR.t `cost` (match command, sender with
                  | "commit", PK _ -> 640
                  | "reveal", PK _ -> 1128
                  | "close", _ -> 438 + Wallet.size w * 128
                  | _ -> 30)
let main txSkel context contractId command sender messageBody wallet state =
  let! st = stateDict state in
  match command, sender with
  | "commit", PK pk ->
    if context.blockNumber `U32.gte` revealBlock
    then RT.incFailw 610 "bidding is over"
    else commit txSkel contractId pk messageBody st
  | "reveal", PK pk ->
    if context.blockNumber `U32.lt` revealBlock || context.blockNumber `U32.gte` closeBlock
    then RT.incFailw 1098 "not the reveal period"
    else reveal txSkel pk messageBody st
  | "close", _ -> close txSkel context contractId wallet st
  | _ -> RT.failw "unknown command or anonymous sender"

// match: pair 2 + leaves 7 + max(+ 2 + * 2 + size 1) = 14; two |> 4 +
// cast nat 1 = 19.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 19
let cf _ _ command sender _ wallet _ =
  (match command, sender with
   | "commit", PK _ -> 640
   | "reveal", PK _ -> 1128
   | "close", _ -> 438 + Wallet.size wallet * 128
   | _ -> 30)
  |> cast nat
  |> C.ret
