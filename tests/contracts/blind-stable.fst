(* zUSD, a collateralized stable token.  State: Dict vault -> [PublicKey owner; U64 collateral; U64 debt].
   "open" (signed; body price, time, sig, vault, returnAddress, amount): locks the ZP handed in, mints
     amount <= collateral*price/1e8*100/150 zUSD; the oracle signs SHA3(BE64 price || BE64 time), <= 10 min old.
   "repay" (owner; body vault, returnAddress): burns exactly the debt, pays the collateral from the wallet.
   "liquidate" (anyone; body as open): if worth*100 < debt*150, burns the debt and takes the collateral.
   Cost comments: elaborator count (contracts.md 1.10), then Zulib costs. *)
open Zen.Base
open Zen.Cost
open Zen.Types
open Zen.Data

module C = Zen.Cost
module RT = Zen.ResultT
module OptT = Zen.OptionT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Sha3 = Zen.Sha3
module Crypto = Zen.Crypto
module Wallet = Zen.Wallet

type quote = { price: U64.t; time: U64.t }
type vault = { owner: publicKey; collateral: U64.t; debt: U64.t }

let oracleKey = "020121ef709ce7b0ceea109d4994518aa4a28592591ff5380185356c1d57c03cad"
let stableName = "zUSD"
let zpUnit : U64.t = 100000000UL
let maxAge : U64.t = 600000UL
let minRatio : U64.t = 150UL
// >!= 2 + tryFind 1 = 3; Zulib 64.  67.
val field: string -> option (Dict.t data) -> option data `cost` 67
let field key dict = dict >!= Dict.tryFind key
// 2 x let! (2 + >?= 2 + field 2 = 6); match: pair 2 + leaves 5 + (OptT.ret 1 + record 2) = 10. 
// 22 + Zulib 2 * 69 = 160.
val getQuote: option (Dict.t data) -> option quote `cost` 160
let getQuote dict =
  let! price = field "price" dict >?= tryU64 in
  let! time = field "time" dict >?= tryU64 in
  match price, time with
  | Some p, Some t -> OptT.ret ({ price = p; time = t } <: quote)
  | _ -> OptT.none
// let! 3 + let! 6 + match 10 = 19; Zulib 160 + 69.  248.
val signedQuote: option (Dict.t data) -> option (quote * signature) `cost` 248
let signedQuote dict =
  let! q = getQuote dict in
  let! sg = field "sig" dict >?= trySignature in
  match q, sg with
  | Some q, Some sg -> OptT.ret (q, sg)
  | _ -> OptT.none
// 6 + 6 + match 10 = 22; Zulib 138.  160.
val target: option (Dict.t data) -> option (string * lock) `cost` 160
let target dict =
  let! name = field "vault" dict >?= tryString in
  let! payTo = field "returnAddress" dict >?= tryLock in
  match name, payTo with
  | Some name, Some payTo -> OptT.ret (name, payTo)
  | _ -> OptT.none
// match: leaves 3 + max(incSome 2, tryDict 1) = 5; Zulib 4.  9.
val vaults: option data -> option (Dict.t data) `cost` 9
let vaults state =
  match state with
  | None -> OptT.incSome 4 Dict.empty
  | Some s -> tryDict s
// function: leaves 9 + OptT.ret 1 + record 3 = 13.
val decodeVault: data -> option vault `cost` 13
let decodeVault = function
  | Collection (List [PublicKey o; U64 c; U64 d]) ->
    OptT.ret ({ owner = o; collateral = c; debt = d } <: vault)
  | _ -> OptT.none
// ret 1 + Collection 1 + List 1 + 3 conses 6 + 3 x (ctor 1 + proj 1) = 15.
val encodeVault: vault -> data `cost` 15
let encodeVault vt =
  C.ret (Collection (List [PublicKey vt.owner; U64 vt.collateral; U64 vt.debt]))
// let! 2 + tryFind 2 + >!= 2 = 6; Zulib 64 + 13.  83.
val findVault: string -> Dict.t data -> option vault `cost` 83
let findVault name vs =
  let! found = Dict.tryFind name vs in
  found >!= decodeVault
// worth in zUSD units; None when collateral * price overflows. let-open body: match *?^ 2 + leaves
// 3 + (OptT.ret 1 + /^ 2) = 8.
val worth: U64.t -> U64.t -> option U64.t `cost` 8
let worth collateral price =
  let open FStar.UInt64 in
  match collateral *?^ price with
  | Some x -> OptT.ret (x /^ zpUnit)
  | None -> OptT.none
// worth <= (2^64-1)/1e8, so * 100 cannot wrap.  backtick 2 + worth 2 = 4; local-open body: OptT.ret
// 1 + /^ 2 + *%^ 2 = 5; Zulib 8.  17.
val maxDebt: U64.t -> U64.t -> option U64.t `cost` 17
let maxDebt collateral price =
  worth collateral price `OptT.bind` (fun value ->
    U64.(OptT.ret (value *%^ 100UL /^ minRatio)))
// |> 2 + updateU64 2 + >>= 2 + updateU64 2 + >>= 2 = 10; Zulib 116.  126.
val quoteHash: quote -> hash `cost` 126
let quoteHash q =
  Sha3.empty |> Sha3.updateU64 q.price >>= Sha3.updateU64 q.time >>= Sha3.finalize
// let! 3 + let! 3 + match (leaves 3 + let! 5 + if 3 + not 1 + if (3 + || 2 + (backtick 2 + proj 1)
// + (backtick 2 + sub 2 + proj 1) + 1) = 23) = 26: 32.  Zulib 120 + 126 + 800.  1078.
val checkQuote: U64.t -> quote -> signature -> result quote `cost` 1078
let checkQuote now q sg =
  let! key = Crypto.parsePublicKey oracleKey in
  let! h = quoteHash q in
  match key with
  | Some pk ->
    let! valid = Crypto.verify pk sg h in
    if not valid then RT.failw "invalid oracle signature"
    else if q.time `U64.gt` now || U64.sub now q.time `U64.gt` maxAge
    then RT.failw "stale price"
    else RT.ok q
  | None -> RT.incFailw 800 "invalid oracle key"
// let!s 4+4+5+4+6+5 = 28; match: leaves 3 + if 3 + if (3 + || 2 + = 2 + backtick 2 + chain 20) =
// 35.  63.  Zulib 64*4 + 17 + 15 + 198.  549.
val mintAgainst: txSkeleton -> contractId -> publicKey -> Dict.t data
  -> quote -> string -> lock -> U64.t -> CR.t `cost` 549
let mintAgainst txSkel contractId pk vs q name payTo amount =
  let! taken = Dict.containsKey name vs in
  let! collateral = Tx.getAvailableTokens Asset.zenAsset txSkel in
  let! limit = maxDebt collateral q.price in
  let! stable = Asset.fromSubtypeString contractId stableName in
  let! vd = encodeVault ({ owner = pk; collateral = collateral; debt = amount } <: vault) in
  let! vs' = Dict.add name vd vs in
  match limit with
  | Some limit ->
    if taken then RT.incFailw 198 "vault already exists"
    else if amount = 0UL || limit `U64.lt` amount then
      RT.incFailw 198 "insufficient collateral"
    else
      Tx.lockToContract Asset.zenAsset collateral contractId txSkel
      >>= Tx.mint amount stable
      >>= Tx.lockToAddress stable amount payTo
      >>= CR.ofTxSkel
      >>= CR.setStateUpdate (Collection (Dict vs'))
  | None -> RT.incFailw 198 "collateral overflow"
// let!s 4+4+4; if 3 + (<> 2 + proj 1) + max(7, let! 6 + let! 8 + match (3 + chain 12) = 29) = 35. 
// 47.  Zulib 64*3 + 64 + 192 + 70 = 518.
val release: txSkeleton -> contractId -> w:wallet -> string -> vault -> lock
  -> Dict.t data -> CR.t `cost` (565 + Wallet.size w * 128)
let release txSkel contractId wallet name vt payTo vs =
  let! stable = Asset.fromSubtypeString contractId stableName in
  let! paid = Tx.getAvailableTokens stable txSkel in
  let! vs' = Dict.remove name vs in
  if paid <> vt.debt then
    RT.incFailw (326 + Wallet.size wallet * 128) "must return exactly the vault's debt"
  else begin
    let! tx = Tx.destroy vt.debt stable txSkel in
    let! tx = Tx.fromWallet Asset.zenAsset vt.collateral contractId wallet tx in
    match tx with
    | Some tx ->
      Tx.lockToAddress Asset.zenAsset vt.collateral payTo tx
      >>= CR.ofTxSkel
      >>= CR.setStateUpdate (Collection (Dict vs'))
    | None -> RT.incFailw 70 "collateral missing from the wallet"
  end
// let! 4 + match (leaves 3 + let! 6 + match (pair 5 + leaves 7 + if 14) 26) = 39.  Zulib 83 + 8 +
// release.  695 + 128 s.
val seize: txSkeleton -> contractId -> w:wallet -> Dict.t data -> quote
  -> string -> lock -> CR.t `cost` (695 + Wallet.size w * 128)
let seize txSkel contractId wallet vs q name payTo =
  let! found = findVault name vs in
  match found with
  | None -> RT.incFailw (573 + Wallet.size wallet * 128) "no such vault"
  | Some vt ->
    let! value = worth vt.collateral q.price in
    begin match value, vt.debt `U64.checked_mul` minRatio with
    | Some value, Some need ->
      if (value `U64.mul_mod` 100UL) `U64.gte` need
      then RT.incFailw (565 + Wallet.size wallet * 128) "vault is healthy"
      else release txSkel contractId wallet name vt payTo vs
    | None, _ -> RT.incFailw (565 + Wallet.size wallet * 128) "vault is healthy"
    | _ -> release txSkel contractId wallet name vt payTo vs
    end
// let!s 4+3+3+3+6; match: 5-tuple 5 + leaves 19 + (backtick 2 + checkQuote 4) = 30.  49 + lambda 8.
//  Zulib 490 + 1078 + 549.  2174.
val openVault: txSkeleton -> context -> contractId -> sender -> option data -> option data -> CR.t `cost` 2174
let openVault txSkel context contractId sender body state =
  let! dict = body >!= tryDict in
  let! vs = vaults state in
  let! sq = signedQuote dict in
  let! tg = target dict in
  let! amount = field "amount" dict >?= tryU64 in
  match sender, vs, sq, tg, amount with
  | PK pk, Some vs, Some (q, sg), Some (name, payTo), Some amount ->
    checkQuote context.timestamp q sg `RT.bind` (fun q ->
      mintAgainst txSkel contractId pk vs q name payTo amount)
  | PK _, _, _, _, _ -> RT.incFailw 1635 "malformed open request"
  | _ -> RT.incFailw 1635 "open must be signed by the vault owner"
// let!s 4+3+3; match: triple 3 + leaves 8 + (let! 4 + match (3 + if (3 + <> 3 + 7)) 16) = 31.  41. 
// Zulib 173 + 83 + release.  862 + 128 s.
val repay: txSkeleton -> contractId -> sender -> option data -> w:wallet
  -> option data -> CR.t `cost` (862 + Wallet.size w * 128)
let repay txSkel contractId sender body wallet state =
  let! dict = body >!= tryDict in
  let! vs = vaults state in
  let! tg = target dict in
  match sender, vs, tg with
  | PK pk, Some vs, Some (name, payTo) ->
    let! found = findVault name vs in
    begin match found with
    | Some vt ->
      if vt.owner <> pk
      then RT.incFailw (565 + Wallet.size wallet * 128) "not the vault owner"
      else release txSkel contractId wallet name vt payTo vs
    | None -> RT.incFailw (565 + Wallet.size wallet * 128) "no such vault"
    end
  | _ -> RT.incFailw (648 + Wallet.size wallet * 128) "malformed repay request"
// let!s 13; match: triple 3 + leaves 9 + 7 = 19.  32 + lambda 7. Zulib 421 + 1078 + seize.  2233 +
// 128 s.
val liquidate: txSkeleton -> context -> contractId -> option data -> w:wallet
  -> option data -> CR.t `cost` (2233 + Wallet.size w * 128)
let liquidate txSkel context contractId body wallet state =
  let! dict = body >!= tryDict in
  let! vs = vaults state in
  let! sq = signedQuote dict in
  let! tg = target dict in
  match vs, sq, tg with
  | Some vs, Some (q, sg), Some (name, payTo) ->
    checkQuote context.timestamp q sg `RT.bind` (fun q ->
      seize txSkel contractId wallet vs q name payTo)
  | _ -> RT.incFailw (1780 + Wallet.size wallet * 128) "malformed liquidation request"
// match: leaves 4 + 6 = 10.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (match command with | "open" -> 2184 | "repay" -> 872 + Wallet.size w * 128
                  | "liquidate" -> 2243 + Wallet.size w * 128 | _ -> 10)
let main txSkel context contractId command sender body wallet state =
  match command with
  | "open" -> openVault txSkel context contractId sender body state
  | "repay" -> repay txSkel contractId sender body wallet state
  | "liquidate" -> liquidate txSkel context contractId body wallet state
  | _ -> RT.failw "unknown command"
// match: leaves 4 + (+ 2 + * 2 + size 1) = 9; |> 2 + cast 1 + |> 2.  14.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet -> option data -> nat `cost` 14
let cf _ _ command _ _ wallet _ =
  (match command with | "open" -> 2184 | "repay" -> 872 + Wallet.size wallet * 128
   | "liquidate" -> 2243 + Wallet.size wallet * 128 | _ -> 10)
  |> cast nat
  |> C.ret