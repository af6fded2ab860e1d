(* A constant-product pool between ZP and one other asset, named in the
   message body (key "asset", the asset's hex string).
   State: [String assetHex; U64 zpReserve; U64 tokenReserve; U64 shares].
   "addLiquidity" (body: asset, returnAddress): the ZP and tokens handed to
     the contract join the pool; pool shares (subtype "LP") are minted to
     the return address.  The first deposit mints as many shares as ZP.
   "swap" (body: asset, returnAddress, minOut): hand over ZP or the token
     (not both); the other side is paid from the contract's wallet at
     out = in * 997 * rOut / (rIn * 1000 + in * 997).  Reserves < 5e7. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module OptT = Zen.OptionT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Wallet = Zen.Wallet
module C = Zen.Cost

type pool = { zp: U64.t; tok: U64.t; shares: U64.t }
type request = { hex: string; token: asset; payTo: lock; minOut: U64.t }
let maxReserve : U64.t = 50000000UL
let shareSubtype = "LP"
// >!= 2 + Dict.tryFind key 1 = 3; Zulib tryFind 64.  67.
val field: string -> option (Dict.t data) -> option data `cost` 67
let field key dict = dict >!= Dict.tryFind key
// let! dict 4; three let! (2 + >?= 2 + field 2) 18; match: pair 2,
// leaves 4 + 2 + 1, max(`RT.bind` 2 + ofOptionT 2 + parse 1 = 5, 2, 2)
// = 14.  Count 36.  The lambda: RT.ok 1 + record 4 + fromOption 2 = 7.
// Zulib: tryDict 4 + 3 * (field 67 + try 2) + parse 64 = 275, + 7 for
// the lambda: the ERR branches pad 71.  36 + 4 + 207 + 71 = 318.
val parseRequest: option data -> result request `cost` 318
let parseRequest messageBody =
  let! dict = messageBody >!= tryDict in
  let! hex = field "asset" dict >?= tryString in
  let! payTo = field "returnAddress" dict >?= tryLock in
  let! minOut = field "minOut" dict >?= tryU64 in
  match hex, payTo with
  | Some hex, Some payTo ->
    RT.ofOptionT "unknown asset" (Asset.parse hex) `RT.bind` (fun token ->
      RT.ok ({ hex = hex; token = token; payTo = payTo;
               minOut = Zen.Option.fromOption 0UL minOut } <: request))
  | None, _ -> RT.incFailw 71 "asset is required"
  | _ -> RT.incFailw 71 "returnAddress is required"
// match: leaves None 1 + 11 + 2 = 14, max(@ 2 + record 3 = 5, if 3 +
// (= 2 + proj 1) + max(5, 1) = 11, failw 1).  25.
val poolOf: request -> option data -> result pool `cost` 25
let poolOf req state =
  match state with
  | None -> RT.ok @ { zp = 0UL; tok = 0UL; shares = 0UL }
  | Some (Collection (List [ String hex; U64 zp; U64 tok; U64 shares ])) ->
    if hex = req.hex then RT.ok @ { zp = zp; tok = tok; shares = shares }
    else RT.failw "the pool trades another asset"
  | Some _ -> RT.failw "corrupt pool state"
// the let-open body: match: pair 2 + *?^ 2 + *?^ 2 = 6, leaves 4 + 1,
// max(match (6, leaves 5, max(if 3 + (= 2) + max(0, OptT.ret 1 + /^ 2)
// = 8, 0)) 19, 0) = 30.  30.
val quote: U64.t -> U64.t -> U64.t -> option U64.t `cost` 30
let quote amountIn rIn rOut =
  let open U64 in
  match amountIn *?^ 997UL, rIn *?^ 1000UL with
  | Some inFee, Some sum ->
    begin match inFee *?^ rOut, sum +?^ inFee with
    | Some num, Some den ->
      if den = 0UL then OptT.none else OptT.ret (num /^ den)
    | _ -> OptT.none
    end
  | _ -> OptT.none
// if 3 + (= 2 + proj 1) + max(C.ret 1, let byZp (/ 2 + * 2 + v 1 + v 2
// + v 2) 9, let byTok 9, C.ret 1 + uint_to_t 1 + min 2 = 4) = 28.
val mintedShares: pool -> U64.t -> U64.t -> U64.t `cost` 28
let mintedShares p zpIn tokIn =
  if p.shares = 0UL then C.ret zpIn
  else begin
    let byZp = U64.v zpIn * U64.v p.shares / U64.v p.zp in
    let byTok = U64.v tokIn * U64.v p.shares / U64.v p.tok in
    C.ret (U64.uint_to_t (min byZp byTok))
  end
// let! zpIn 4; let! tokIn 5; let! lp 4; let! minted 5; if 3 + (|| 2 +
// 2 * (> 2 + + 2 + v 1 + v 2 + v 1)) 18 + max(incFailw 2, if 3 + (|| 2 +
// = 2 + = 2) + max(2, let p' (3 fields + 3 * (backtick 2 + proj 1)) 12 +
// 5 >>= 10 + lockToContract 4 + lockToContract 4 + mint 2 +
// lockToAddress 4 + setStateUpdate (1 + Collection 1 + List 1 + list of
// 4: 8 + String 2 + 3 U64 6) 19 = 55) = 64) = 85.  Count 103.
// Zulib: 3 * 64 + mintedShares 28 + (2 lockToContract + mint +
// lockToAddress 256 + ofTxSkel 3 + setStateUpdate 3 = 262, padded by
// the ERR branches).  103 + 220 + 262 = 585.
val addLiquidity: txSkeleton -> contractId -> request -> pool
  -> CR.t `cost` 585
let addLiquidity txSkel contractId req p =
  let! zpIn = Tx.getAvailableTokens Asset.zenAsset txSkel in
  let! tokIn = Tx.getAvailableTokens req.token txSkel in
  let! lp = Asset.fromSubtypeString contractId shareSubtype in
  let! minted = mintedShares p zpIn tokIn in
  if U64.v zpIn + U64.v p.zp > U64.v maxReserve
     || U64.v tokIn + U64.v p.tok > U64.v maxReserve then
    RT.incFailw 262 "pool too large"
  else if minted = 0UL || tokIn = 0UL then
    RT.incFailw 262 "nothing to add"
  else begin
    let p' = { zp = p.zp `U64.add` zpIn; tok = p.tok `U64.add` tokIn;
               shares = p.shares `U64.add` minted } in
    Tx.lockToContract Asset.zenAsset zpIn contractId txSkel
    >>= Tx.lockToContract req.token tokIn contractId
    >>= Tx.mint minted lp
    >>= Tx.lockToAddress lp minted req.payTo
    >>= CR.ofTxSkel
    >>= CR.setStateUpdate (Collection (List [ String req.hex; U64 p'.zp;
                                              U64 p'.tok; U64 p'.shares ]))
  end
// if 3 + (&& 2 + `U64.gt` 2 + = 2) + max(OptT.ret 1 + 5-tuple 5 + 3
// proj = 9, if 3 + 6 + max(9, 0) = 18) = 27.
val direction: request -> pool -> U64.t -> U64.t
  -> option (asset * asset * U64.t * U64.t * U64.t) `cost` 27
let direction req p zpIn tokIn =
  if zpIn `U64.gt` 0UL && tokIn = 0UL then
    OptT.ret (Asset.zenAsset, req.token, zpIn, p.zp, p.tok)
  else if tokIn `U64.gt` 0UL && zpIn = 0UL then
    OptT.ret (req.token, Asset.zenAsset, tokIn, p.tok, p.zp)
  else OptT.none
// let! zpIn 4; let! tokIn 5; let! leg 6; match: leaves 6 + 1, max(if 3
// + (> 2 + + 2 + v 3) 7 + max(incFailw 7, backtick 2 + ofOptionT 2 +
// quote 3 = 7) = 17, 7) = 24.  Count 39.
// fun out: if 3 + (|| 2 + = 2 + not 1 + backtick 2 + proj 1) 8 +
// max(incFailw 7, let p' (if 3 + = 2 + max(2 fields + 2 * 3 = 8, 8)) 13
// + the let-open body (3 >>= 6 + liftCost 1 + fromWallet 5 + ofOption 1)
// 13 = 26) = 37; fun txSkel: liftCost 1 + backtick 2 + lockToAddress
// 4 + proj 1 + addChangeOutput 2 = 10; fun txSkel: @ 2 + record 3 +
// Update 1 + Collection 1 + List 1 + list of 4: 8 + String 2 + 3 U64 6
// = 24.  Zulib: 2 * 64 + direction 27 + quote 30 + fromWallet (192 +
// 128 s) + lockToAddress 64 + addChangeOutput 64.
// 39 + 155 + 30 + 37 + 192 + 10 + 128 + 24 = 615 + 128 s; the ERR
// branches pad 421 (out of the match) and 354 (in the lambda) + 128 s.
val swap: txSkeleton -> contractId -> request -> w:wallet -> pool
  -> CR.t `cost` (615 + Wallet.size w * 128)
let swap txSkel contractId req wallet p =
  let! zpIn = Tx.getAvailableTokens Asset.zenAsset txSkel in
  let! tokIn = Tx.getAvailableTokens req.token txSkel in
  let! leg = direction req p zpIn tokIn in
  match leg with
  | Some (assetIn, assetOut, amountIn, rIn, rOut) ->
    if U64.v rIn + U64.v amountIn > U64.v maxReserve then
      RT.incFailw (421 + Wallet.size wallet * 128) "pool too large"
    else
      RT.ofOptionT "arithmetic overflow" (quote amountIn rIn rOut)
      `RT.bind` (fun out ->
      if out = 0UL || not (req.minOut `U64.lte` out) then
        RT.incFailw (354 + Wallet.size wallet * 128) "output below minOut"
      else begin
        let p' =
          if assetIn = Asset.zenAsset
          then { p with zp = p.zp `U64.add` amountIn; tok = p.tok `U64.sub` out }
          else { p with tok = p.tok `U64.add` amountIn; zp = p.zp `U64.sub` out } in
        let open RT in
        liftCost (Tx.fromWallet assetOut out contractId wallet txSkel)
        >>= ofOption "not enough liquidity in the pool"
        >>= (fun txSkel ->
              liftCost (Tx.lockToAddress assetOut out req.payTo txSkel
                        `C.bind` Tx.addChangeOutput assetIn contractId))
        >>= (fun txSkel -> ok @ { tx = txSkel; message = None;
               state = Update (Collection (List [ String req.hex; U64 p'.zp;
                                                  U64 p'.tok; U64 p'.shares ])) })
      end)
  | None -> RT.incFailw (421 + Wallet.size wallet * 128)
              "hand over either ZP or the token"
// match: leaves 3 + max(`RT.bind` 2 + parseRequest 1, 3, failw 1) = 6.
// The lambdas: backtick 2 + poolOf 2 + addLiquidity 3 = 7; swap: 8.
// "addLiquidity": 6 + 318 + 7 + 25 + 585 = 941; "swap": 6 + 318 + 8 +
// 25 + 615 + 128 s = 972 + 128 s; other commands: 6.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "addLiquidity" -> 941
                  | "swap" -> 972 + Wallet.size w * 128
                  | _ -> 6)
let main txSkel _ contractId command _ messageBody wallet state =
  match command with
  | "addLiquidity" ->
    parseRequest messageBody `RT.bind` (fun req ->
      poolOf req state `RT.bind` addLiquidity txSkel contractId req)
  | "swap" ->
    parseRequest messageBody `RT.bind` (fun req ->
      poolOf req state `RT.bind` swap txSkel contractId req wallet)
  | _ -> RT.failw "unknown command"
// match: leaves 3 + max(0, + 2 + * 2 + size 1, 0) = 8; |> 2 + cast nat
// 1 + |> 2 = 13.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 13
let cf _ _ command _ _ wallet _ =
  (match command with
   | "addLiquidity" -> 941
   | "swap" -> 972 + Wallet.size wallet * 128
   | _ -> 6)
  |> cast nat
  |> C.ret
