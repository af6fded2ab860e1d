(* Name registry: one unique token per name.  Every command's body is a
   dict with "name" (String, 1..32 bytes).  The name's token has subtype
   SHA3(name zero-padded to 32 bytes), so costs do not depend on the name.
   "register" (signed; + returnAddress): pays exactly the 5 ZP deposit, mints
     the token to returnAddress; expiry = block + period.
   "renew"    (signed holder): pays exactly 1 ZP, expiry += period.
   "transfer" (signed holder, hands in the token; + "to": PublicKey, until
     expiry): the token goes to "to", who becomes the holder.
   "release"  (anyone after expiry, hands in the token; + returnAddress): the
     token is destroyed and the deposit refunded from the wallet.
   State: Dict name -> [PublicKey holder; U32 expiry]. *)
open Zen.Base
open Zen.Cost
open Zen.Types
open Zen.Data

module C = Zen.Cost
module RT = Zen.ResultT
module OptT = Zen.OptionT
module Opt = Zen.Option
module Res = Zen.Result
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U32 = FStar.UInt32
module U64 = FStar.UInt64
module S = FStar.String
module Asset = Zen.Asset
module Sha3 = Zen.Sha3
module Wallet = Zen.Wallet

type name = s:string{S.length s <= 32}
type entry = { holder: publicKey; expiry: U32.t }
type request = { nm: name; args: option (Dict.t data); book: Dict.t data }

unfold let maxLen : nat = 32
inline_for_extraction let deposit : U64.t = 500000000UL
inline_for_extraction let renewFee : U64.t = 100000000UL
private let period : U32.t = 52560ul

val field: string -> option (Dict.t data) -> option data `cost` 67
let field key dict = dict >!= Dict.tryFind key            // 3 + 64

// if 3 + && 2 + 2 * (cmp 2 + length 1) + OptT.ret 1 = 12.
val asName: string -> option name `cost` 12
let asName s =
  if S.length s >= 1 && S.length s <= maxLen then OptT.ret (s <: name)
  else OptT.none

// let! 4 + match (leaves 3 + let! 6 + ret 1 + triple 3) 13 = 17; 64+192+20.
val tokenOf: contractId -> name -> asset `cost` 293
let tokenOf contractId nm =
  let! padded = Asset.fromSubtypeString contractId nm in
  match padded with
  | (ver, h, sub) ->
    let! digest = Sha3.updateHash sub Sha3.empty >>= Sha3.finalize in
    C.ret (ver, h, digest)

// function: leaves 7 + OptT.ret 1 + record 2 = 10.
val decodeEntry: data -> option entry `cost` 10
let decodeEntry = function
  | Collection (List [PublicKey h; U32 e]) ->
    OptT.ret ({ holder = h; expiry = e } <: entry)
  | _ -> OptT.none

// ret 1 + Collection 1 + List 1 + 2 conses 4 + 2 * (ctor 1 + proj 1) = 11.
val encodeEntry: entry -> data `cost` 11
let encodeEntry e = C.ret (Collection (List [PublicKey e.holder; U32 e.expiry]))

// maybe 3 + incSome 2 = 5; Zulib 4.
val registry: option data -> option (Dict.t data) `cost` 9
let registry state = Opt.maybe (OptT.incSome 4 Dict.empty) tryDict state

// let-open body: match +?^ 2 + leaves 3 + OptT.ret 1 = 6.
val extend: U32.t -> option U32.t `cost` 6
let extend start =
  let open FStar.UInt32 in
  match start +?^ period with
  | Some e -> OptT.ret e
  | None -> OptT.none

// let!s 4 + 6 + 3; match: pair 2 + leaves 7 + (let! 3 + match 7) = 19.
// 32; Zulib 4 + 69 + 9 + 12.  126.
val parse: option data -> option data -> result request `cost` 126
let parse body state =
  let! args = body >!= tryDict in
  let! raw = field "name" args >?= tryString in
  let! book = registry state in
  match raw, book with
  | Some raw, Some book ->
    let! nm = asName raw in
    begin match nm with
    | Some nm -> RT.ok ({ nm = nm; args = args; book = book } <: request)
    | None -> RT.failw "name must be 1 to 32 bytes"
    end
  | None, _ -> RT.incFailw 12 "name is required"
  | _ -> RT.incFailw 12 "corrupt registry state"

// let!s 4+6+5+4+7; match: triple 3 + leaves 15 + if (3 + if (3 + <> 2 +
// let! 5 + let! 7 + chain 20)) 40 = 58.  84; Zulib 64+64+293+6+69 + 273.
val register: txSkeleton -> context -> contractId -> sender -> request -> CR.t `cost` 853
let register txSkel context contractId sender r =
  let! paid = Tx.getAvailableTokens Asset.zenAsset txSkel in
  let! taken = Dict.containsKey r.nm r.book in
  let! token = tokenOf contractId r.nm in
  let! until = extend context.blockNumber in
  let! payTo = field "returnAddress" r.args >?= tryLock in
  match sender, payTo, until with
  | PK pk, Some payTo, Some until ->
    if taken then RT.incFailw 273 "name already registered"
    else if paid <> deposit then
      RT.incFailw 273 "registration needs exactly the deposit"
    else begin
      let! e = encodeEntry ({ holder = pk; expiry = until } <: entry) in
      let! book = Dict.add r.nm e r.book in
      Tx.lockToContract Asset.zenAsset deposit contractId txSkel
      >>= Tx.mint 1UL token
      >>= Tx.lockToAddress token 1UL payTo
      >>= CR.ofTxSkel
      >>= CR.setStateUpdate (Collection (Dict book))
    end
  | PK _, None, _ -> RT.incFailw 273 "returnAddress is required"
  | PK _, _, None -> RT.incFailw 273 "expiry overflow"
  | _ -> RT.incFailw 273 "register must be signed"

// let!s 4+6+4; match: pair 2 + leaves 8 + (let! 4 + if (3 + 3 + if (3 +
// 2 + match (3 + let! 4 + let! 7 + chain 11)))) 40 = 50.  64; Zulib 289.
val renew: txSkeleton -> contractId -> sender -> request -> CR.t `cost` 353
let renew txSkel contractId sender r =
  let! paid = Tx.getAvailableTokens Asset.zenAsset txSkel in
  let! found = Dict.tryFind r.nm r.book in
  let! ent = found >!= decodeEntry in
  match sender, ent with
  | PK pk, Some ent ->
    let! until = extend ent.expiry in
    if pk <> ent.holder then RT.incFailw 145 "only the holder can renew"
    else if paid <> renewFee then RT.incFailw 145 "renewal needs exactly the fee"
    else begin match until with
      | Some until ->
        let ent' = { ent with expiry = until } in
        let! e = encodeEntry ent' in
        let! book = Dict.add r.nm e r.book in
        Tx.lockToContract Asset.zenAsset renewFee contractId txSkel
        >>= CR.ofTxSkel
        >>= CR.setStateUpdate (Collection (Dict book))
      | None -> RT.incFailw 145 "expiry overflow"
    end
  | PK _, None -> RT.incFailw 151 "no such name"
  | _ -> RT.incFailw 151 "renew must be signed"

// let!s 5+4+6+4+7; match: triple 3 + leaves 7 + if (3 + 7 + if (3 + 4 +
// 22)) 39 = 49.  75; Zulib 293+64+64+10+69 + 691 (610 lockToPublicKey).
val transfer: txSkeleton -> context -> contractId -> sender -> request -> CR.t `cost` 1266
let transfer txSkel context contractId sender r =
  let! token = tokenOf contractId r.nm in
  let! held = Tx.getAvailableTokens token txSkel in
  let! found = Dict.tryFind r.nm r.book in
  let! ent = found >!= decodeEntry in
  let! dest = field "to" r.args >?= tryPublicKey in
  match sender, ent, dest with
  | PK pk, Some ent, Some dest ->
    if pk <> ent.holder || held <> 1UL then
      RT.incFailw 691 "the holder must hand in the name's token"
    else if ent.expiry `U32.lt` context.blockNumber then
      RT.incFailw 691 "name expired"
    else begin
      let! e = encodeEntry ({ ent with holder = dest }) in
      let! book = Dict.add r.nm e r.book in
      Tx.lockToPublicKey token 1UL dest txSkel
      >>= CR.ofTxSkel
      >>= CR.setStateUpdate (Collection (Dict book))
    end
  | _ -> RT.incFailw 691 "transfer needs a signed holder and a recipient key"

// let!s 5+4+6+4+7+6; match: leaves 3 + if (3 + 4 + if (3 + 2 + 7)) 19 = 22.
// 54; Zulib 293+64+64+10+69+64 = 564; the bind 354 + 128 s.
val release: txSkeleton -> context -> contractId -> w:wallet -> request
  -> CR.t `cost` (972 + Wallet.size w * 128)
let release txSkel context contractId wallet r =
  let! token = tokenOf contractId r.nm in
  let! held = Tx.getAvailableTokens token txSkel in
  let! found = Dict.tryFind r.nm r.book in
  let! ent = found >!= decodeEntry in
  let! payTo = field "returnAddress" r.args >?= tryLock in
  let! book = Dict.remove r.nm r.book in
  match ent with
  | None -> RT.incFailw (354 + Wallet.size wallet * 128) "no such name"
  | Some ent ->
    if context.blockNumber `U32.lte` ent.expiry then
      RT.incFailw (354 + Wallet.size wallet * 128) "name has not expired"
    else if held <> 1UL then
      RT.incFailw (354 + Wallet.size wallet * 128) "the name's token must be handed in"
    else
      RT.liftRes (Res.ofOption "returnAddress is required" payTo) `RT.bind` (fun payTo ->
        let open RT in
        liftCost (Tx.destroy 1UL token txSkel)              // 6 + 1 + 3 = 10
        >>= (fun tx -> ofOptionT "deposit missing from the wallet"
                         (Tx.fromWallet Asset.zenAsset deposit contractId wallet tx))
        >>= (fun tx -> liftCost (Tx.lockToAddress Asset.zenAsset deposit payTo tx))
        >>= (fun tx -> CR.ofTxSkel tx `C.bind` CR.setStateUpdate (Collection (Dict book))))

// backtick 2 + parse 2 = 4; lambda: leaves 5 + 5 = 10.  4 + 126 + 10.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "register" -> 993 | "renew" -> 493 | "transfer" -> 1406
                  | "release" -> 1112 + Wallet.size w * 128 | _ -> 140)
let main txSkel context contractId command sender body wallet state =
  parse body state `RT.bind` (fun r ->
    match command with
    | "register" -> register txSkel context contractId sender r
    | "renew" -> renew txSkel contractId sender r
    | "transfer" -> transfer txSkel context contractId sender r
    | "release" -> release txSkel context contractId wallet r
    | _ -> RT.failw "unknown command")

// ret 1 + match (leaves 5 + + 2 + * 2 + size 1) = 11.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet -> option data -> nat `cost` 11
let cf _ _ command _ _ wallet _ =
  C.ret (match command with
         | "register" -> 993 | "renew" -> 493 | "transfer" -> 1406
         | "release" -> 1112 + Wallet.size wallet * 128
         | _ -> 140 <: nat)
