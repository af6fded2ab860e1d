(* Name registry: register, transfer and renew human readable names.
   A name is 1..32 lowercase letters, digits or '-'.  Its owner receives a
   name token (subtype = the name) and the registry keeps one record per
   name in the contract state. *)
open Zen.Base
open Zen.Cost
open Zen.Types
open Zen.Data

module RT = Zen.ResultT
module OT = Zen.OptionT
module Opt = Zen.Option
module Dict = Zen.Dictionary
module CR = Zen.ContractResult
module TX = Zen.TxSkeleton
module U32 = FStar.UInt32
module U64 = FStar.UInt64
module S = FStar.String
module A = Zen.Array
module Char = FStar.Char
module Asset = Zen.Asset
module PK = Zen.PublicKey
module Sha3 = Zen.Sha3

type request =
  { name: string;
    newOwner: option lock;
    years: U64.t }

type entry =
  { holder: lock;
    expiry: U64.t;
    since: U32.t }

let blocksPerYear : U64.t = 131400UL
let maxYears : U64.t = 10UL

val validChar: bool -> Char.t -> bool `cost` 30
let validChar ok c =
  let! lc = Char.lowercase c in
  let open FStar.UInt8 in
  ret (ok && lc = c && ((c >=^ 97uy && c <=^ 122uy) || (c >=^ 48uy && c <=^ 57uy) || c = 45uy))

val validName: string -> bool `cost` 1109
let validName name =
  let len = S.length name in
  if 1 <= len && len <= 32 then begin
    S.length_eqiv name;
    A.foldT validChar true (S.toChars name)
    |> autoInc
  end
  else autoRet false

val pricePerYear: nat -> U64.t `cost` 12
let pricePerYear len =
  (if len <= 3 then 5000UL else if len <= 6 then 1000UL else 200UL) |> ret

val getRegistry: option data -> Dict.t data `cost` 9
let getRegistry state =
  (state >!= tryDict) $> Opt.fromOption Dict.empty

val parseRequest: option data -> option request `cost` 233
let parseRequest body =
  body >!= tryDict >?= begin fun d ->
    let! name = Dict.tryFind "name" d >?= tryString in
    let! owner = Dict.tryFind "owner" d >?= tryLock in
    let! years = Dict.tryFind "years" d >?= tryU64 in
    match name with
    | Some n -> OT.some (Mkrequest n owner (Opt.fromOption 0UL years))
    | None -> OT.none
  end

val dataToEntry: data -> option entry `cost` 230
let dataToEntry dt =
  dt |> tryDict >?= begin fun d ->
    OT.bind3 (Dict.tryFind "holder" d >?= tryLock)
             (Dict.tryFind "expiry" d >?= tryU64)
             (Dict.tryFind "since" d >?= tryU32)
             (fun h e s -> OT.incSome 3 ({ holder = h; expiry = e; since = s }))
  end

val entryToData: entry -> data `cost` 214
let entryToData e =
  let! d = Dict.add "holder" (Lock e.holder) Dict.empty
           >>= Dict.add "expiry" (U64 e.expiry)
           >>= Dict.add "since" (U32 e.since) in
  ret (Collection (Dict d))

val senderLock: sender -> option lock `cost` 546
let senderLock = function
  | PK pk ->
      let! cpk = PK.compress pk in
      let! h = Sha3.updateCPK cpk Sha3.empty >>= Sha3.finalize in
      OT.some (PKLock h)
  | Contract cid -> OT.incSome 530 (ContractLock cid)
  | Anonymous -> OT.incNone 530

val register: txSkeleton -> context -> contractId -> request -> Dict.t data
  -> CR.t `cost` 2125
let register txSkel context contractId req reg =
  let open U64 in
  let! ok = validName req.name in
  let len = S.length req.name in
  if not ok || len > 32 then RT.autoFailw "Invalid name"
  else if req.years <^ 1UL || req.years >^ maxYears then RT.autoFailw "Invalid number of years"
  else match req.newOwner with
  | None -> RT.autoFailw "Missing owner"
  | Some owner -> begin
    let! existing = Dict.tryFind req.name reg >?= dataToEntry in
    let block = uint_to_t (U32.v context.blockNumber) in
    let! perYear = pricePerYear len in
    let price = perYear *%^ req.years in
    let! paid = TX.getAvailableTokens Asset.zenAsset txSkel in
    let taken = match existing with
                | Some e -> e.expiry >^ block
                | None -> false in
    if taken then RT.autoFailw "Name already registered"
    else if paid <^ price then RT.autoFailw "Insufficient payment"
    else begin
      let! nameAsset = Asset.fromSubtypeString contractId req.name in
      let! record = entryToData ({ holder = owner;
                                   expiry = block +%^ req.years *%^ blocksPerYear;
                                   since = context.blockNumber }) in
      let! reg' = Dict.add req.name record reg in
      let! tx = TX.addChangeOutput Asset.zenAsset contractId txSkel
                >>= TX.mint 1UL nameAsset
                >>= TX.lockToAddress nameAsset 1UL owner in
      CR.ofTxSkel tx >>= CR.setStateUpdate (Collection (Dict reg'))
    end
  end

val transfer: txSkeleton -> context -> contractId -> sender -> request -> Dict.t data
  -> CR.t `cost` 1533
let transfer txSkel context contractId sender req reg =
  let! existing = Dict.tryFind req.name reg >?= dataToEntry in
  let! auth = senderLock sender in
  let block = U64.uint_to_t (U32.v context.blockNumber) in
  match existing, req.newOwner with
  | None, _ -> RT.autoFailw "Name not registered"
  | Some _, None -> RT.autoFailw "Missing owner"
  | Some e, Some newOwner ->
    if e.expiry `U64.lte` block then RT.autoFailw "Name expired"
    else if auth <> Some e.holder then RT.autoFailw "Unauthorized"
    else if S.length req.name > 32 then RT.autoFailw "Invalid name"
    else begin
      let! nameAsset = Asset.fromSubtypeString contractId req.name in
      let! avail = TX.getAvailableTokens nameAsset txSkel in
      let! tx = (if avail `U64.gt` 0UL then TX.destroy avail nameAsset txSkel
                 else incRet 64 txSkel)
                >>= TX.mint 1UL nameAsset
                >>= TX.lockToAddress nameAsset 1UL newOwner in
      let! record = entryToData ({ e with holder = newOwner }) in
      let! reg' = Dict.add req.name record reg in
      CR.ofTxSkel tx >>= CR.setStateUpdate (Collection (Dict reg'))
    end

val renew: txSkeleton -> context -> contractId -> request -> Dict.t data
  -> CR.t `cost` 791
let renew txSkel context contractId req reg =
  let open U64 in
  let! existing = Dict.tryFind req.name reg >?= dataToEntry in
  let! perYear = pricePerYear (S.length req.name) in
  let! paid = TX.getAvailableTokens Asset.zenAsset txSkel in
  let block = uint_to_t (U32.v context.blockNumber) in
  let price = perYear *%^ req.years in
  match existing with
  | None -> RT.autoFailw "Name not registered"
  | Some e ->
    if req.years <^ 1UL || req.years >^ maxYears then RT.autoFailw "Invalid number of years"
    else if paid <^ price then RT.autoFailw "Insufficient payment"
    else begin
      let start = if e.expiry >^ block then e.expiry else block in
      let! record = entryToData ({ e with expiry = start +%^ req.years *%^ blocksPerYear }) in
      let! reg' = Dict.add req.name record reg in
      TX.addChangeOutput Asset.zenAsset contractId txSkel
      >>= CR.ofTxSkel
      >>= CR.setStateUpdate (Collection (Dict reg'))
    end

val main: txSkel:txSkeleton -> context:context -> contractId:contractId
  -> command:string -> sender:sender -> messageBody:option data
  -> w:wallet -> state:option data
  -> CR.t `cost` (match command with
                  | "register" -> 2397
                  | "transfer" -> 1805
                  | "renew" -> 1063
                  | _ -> 272)
let main txSkel context contractId command sender messageBody _ state =
  let! reg = getRegistry state in
  let! req = parseRequest messageBody in
  match command, req with
  | "register", Some r -> register txSkel context contractId r reg
  | "transfer", Some r -> transfer txSkel context contractId sender r reg
  | "renew", Some r -> renew txSkel context contractId r reg
  | "register", None | "transfer", None | "renew", None ->
      RT.autoFailw "Invalid message body"
  | _ -> RT.autoFailw "Unknown command"

val cf: txSkel:txSkeleton -> context:context -> command:string -> sender:sender
  -> messageBody:option data -> w:wallet -> state:option data -> nat `cost` 6
let cf _ _ command _ _ _ _ =
  (match command with
   | "register" -> 2397
   | "transfer" -> 1805
   | "renew" -> 1063
   | _ -> 272) |> ret
