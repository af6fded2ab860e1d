(* Asset wrapper.  "wrap" takes every unit of an asset (named by its asset
   string in the body) that the transaction hands to the contract, keeps it,
   and mints as many wrapped tokens to the return address.  The wrapped token
   of ZP is the subtype "wZP"; that of any other asset has the SHA3 of the
   asset as its subtype.  "unwrap" burns wrapped tokens and pays the original
   asset back from the contract's wallet.  The state counts, per asset string,
   how much of it the contract holds. *)
open Zen.Base
open Zen.Cost
open Zen.Types
open Zen.Data

module RT = Zen.ResultT
module Opt = Zen.Option
module Dict = Zen.Dictionary
module CR = Zen.ContractResult
module TX = Zen.TxSkeleton
module W = Zen.Wallet
module U64 = FStar.UInt64
module S = FStar.String
module Asset = Zen.Asset
module Sha3 = Zen.Sha3

type request =
  { assetName: string;
    returnAddress: lock;
    requested: U64.t }

type wrapInfo =
  { original: asset;
    wrapped: asset;
    amount: U64.t;
    recipient: lock }

// is the asset one of this contract's own tokens?
val ( =@ ): asset -> contractId -> bool `cost` 7
let ( =@ ) (v, h, _) (v', h') = ret (v = v' && h = h')

val parseRequest: option data -> result request `cost` 244
let parseRequest body =
  let open RT in
  let! dict = body >!= tryDict in
  let! name = dict >!= Dict.tryFind "asset" >?= tryString in
  let! addr = dict >!= Dict.tryFind "returnAddress" >?= tryLock in
  let! amt = dict >!= Dict.tryFind "amount" >?= tryU64 in
  begin match name, addr with
  | Some n, Some a -> ret (Mkrequest n a (Opt.fromOption 0UL amt))
  | None, _ -> failw "Missing asset"
  | Some _, None -> failw "Missing return address"
  end

val wrappedOf: contractId -> asset -> asset `cost` 429
let wrappedOf contractId a =
  if a = Asset.zenAsset then begin
    let tag = "wZP" in
    if S.length tag <= 32 then Asset.fromSubtypeString contractId tag |> autoInc
    else Asset.getDefault contractId |> autoInc
  end
  else begin
    let (v, h) = contractId in
    Sha3.hashWith Sha3.updateAsset a >>= (fun sub -> ret (v, h, sub))
  end

val adjust: (option U64.t -> U64.t) -> string -> Dict.t data -> Dict.t data `cost` 141
let adjust f key totals =
  let! prev = Dict.tryFind key totals >?= tryU64 in
  Dict.add key (U64 (f prev)) totals

val wrap: txSkeleton -> contractId -> request -> Dict.t data -> CR.t `cost` 971
let wrap txSkel contractId req totals =
  let open U64 in
  let! parsed = Asset.parse req.assetName in
  match parsed with
  | None -> RT.autoFailw "Invalid asset"
  | Some original ->
    let! own = original =@ contractId in
    if own then RT.autoFailw "Cannot wrap a wrapped token"
    else begin
      let! amount = TX.getAvailableTokens original txSkel in
      if amount = 0UL then RT.autoFailw "Nothing to wrap"
      else begin
        let! wrapped = wrappedOf contractId original in
        let info = MkwrapInfo original wrapped amount req.returnAddress in
        let! totals' = adjust (Opt.maybe amount (( +%^ ) amount)) req.assetName totals in
        let! tx = TX.addChangeOutput info.original contractId txSkel
                  >>= TX.mint info.amount info.wrapped
                  >>= TX.lockToAddress info.wrapped (MkwrapInfo?.amount info) info.recipient in
        CR.ofTxSkel tx >>= CR.setStateUpdate (Collection (Dict totals'))
      end
    end

val unwrap: txSkeleton -> contractId -> w:wallet -> request -> Dict.t data
  -> CR.t `cost` (W.size w * 128 + 1244)
let unwrap txSkel contractId w req totals =
  let open U64 in
  let ( -! ) = sub_mod in
  let! parsed = Asset.parse req.assetName in
  match parsed with
  | None -> RT.autoFailw "Invalid asset"
  | Some original -> begin
    let amount = req.requested in
    let! wrapped = wrappedOf contractId original in
    let! avail = TX.getAvailableTokens wrapped txSkel in
    let! prev = Dict.tryFind req.assetName totals >?= tryU64 in
    if amount = 0UL then RT.autoFailw "Invalid amount"
    else if avail <^ amount then RT.autoFailw "Insufficient wrapped tokens"
    else if Opt.fromOption 0UL prev <^ amount then RT.autoFailw "Insufficient reserves"
    else begin
      let! totals' = adjust (Opt.maybe 0UL (flip ( -%^ ) amount)) req.assetName totals in
      let! tx = TX.destroy amount wrapped txSkel
                >>= TX.fromWallet original amount contractId w in
      match tx with
      | None -> RT.autoFailw "Insufficient reserves"
      | Some tx ->
        let change = avail -! amount in
        let! tx = TX.lockToAddress original amount req.returnAddress tx
                  >>= (if change >^ 0UL then TX.lockToAddress wrapped change req.returnAddress
                       else incRet 64) in
        CR.ofTxSkel tx >>= CR.setStateUpdate (Collection (Dict totals'))
    end
  end

val main: txSkel:txSkeleton -> context:context -> contractId:contractId
  -> command:string -> sender:sender -> messageBody:option data
  -> w:wallet -> state:option data
  -> CR.t `cost` (match command with
                  | "wrap" -> 1241
                  | "unwrap" -> W.size w * 128 + 1514
                  | _ -> 270)
let main txSkel _ contractId command _ messageBody w state =
  let! totals = (state >!= tryDict) $> Opt.fromOption Dict.empty in
  let! req = parseRequest messageBody in
  match req with
  | ERR msg -> RT.autoFailw msg
  | OK r -> begin
    match command with
    | "wrap" -> wrap txSkel contractId r totals
    | "unwrap" -> unwrap txSkel contractId w r totals
    | _ -> RT.autoFailw "Unknown command"
  end

val cf: txSkel:txSkeleton -> context:context -> command:string -> sender:sender
  -> messageBody:option data -> w:wallet -> state:option data -> nat `cost` 10
let cf _ _ command _ _ w _ =
  (match command with
   | "wrap" -> 1241
   | "unwrap" -> W.size w * 128 + 1514
   | _ -> 270)
  |> ret
