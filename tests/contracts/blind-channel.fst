(* A unidirectional ZP payment channel.
   "open" (signed by the payer): the ZP sent in the transaction is locked
     to the contract; the body { "payee": PublicKey; "timeout": U32 block }
     and the payer's key go to the state, and the payer gets one
     "channel" receipt token minted by the contract.
   "close" (signed by the payee): the body { "amount": U64;
     "signature": Signature } carries the payer's signature over
     Sha3(contractId || amount).  The payee gets amount, the payer the
     rest of the deposit; the state is deleted.
   "timeout" (anyone, after the timeout block): the deposit goes back to
     the payer; the state is deleted.
   State: Dict { payer: PublicKey; payee: PublicKey; timeout: U32;
                 deposit: U64 }. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module Dict = Zen.Dictionary
module OptT = Zen.OptionT
module RT = Zen.ResultT
module CR = Zen.ContractResult
module Tx = Zen.TxSkeleton
module W = Zen.Wallet
module Sha3 = Zen.Sha3
module Crypto = Zen.Crypto
module Asset = Zen.Asset
module U32 = FStar.UInt32
module U64 = FStar.UInt64

type channel = { payer: publicKey; payee: publicKey; timeout: U32.t; deposit: U64.t }

let receiptName = "channel"

// >!= 2 + >>= 2 = 4; four lambdas of tryFind 2 + >?= 2 + >>= 2 = 6 each;
// the last: ret 1 + record 4 = 5.  4 + 24 + 5 = 33.
// Zulib: tryDict 4 + 4 * (tryFind 64 + try* 2) = 268.  301.
val getChannel: option data -> option channel `cost` 301
let getChannel state =
  let open OptT in
  state >!= tryDict >>= (fun d ->
  Dict.tryFind "payer" d >?= tryPublicKey >>= (fun payer ->
  Dict.tryFind "payee" d >?= tryPublicKey >>= (fun payee ->
  Dict.tryFind "timeout" d >?= tryU32 >>= (fun timeout ->
  Dict.tryFind "deposit" d >?= tryU64 >>= (fun deposit ->
  ret ({ payer = payer; payee = payee; timeout = timeout; deposit = deposit }))))))

// add 3 + PublicKey 1 = 4; three (>>= 2 + add 2 + constructor 1) = 15;
// two $> 4.  23.  Zulib: 4 * add 64 = 256.  279.
val channelData: publicKey -> publicKey -> U32.t -> U64.t -> data `cost` 279
let channelData payer payee timeout deposit =
  (Dict.add "payer" (PublicKey payer) Dict.empty
   >>= Dict.add "payee" (PublicKey payee)
   >>= Dict.add "timeout" (U32 timeout)
   >>= Dict.add "deposit" (U64 deposit))
  $> Dict $> Collection

// ofOptionT 2 + >!= 2 + >>= 2 = 6; lambda: two let! (2 + tryFind 2
// + >?= 2) 12 + match (tuple 2 + leaves 8 + ret 1 + tuple 2) 13 = 25.
// Zulib: tryDict 4 + 2 * 66 = 136.  167.
val openParams: option data -> result (publicKey * U32.t) `cost` 167
let openParams body =
  let open RT in
  ofOptionT "the open command needs a dictionary body" (body >!= tryDict) >>= (fun d ->
  let! payee = Dict.tryFind "payee" d >?= tryPublicKey in
  let! timeout = Dict.tryFind "timeout" d >?= tryU32 in
  match payee, timeout with
  | Some pk, Some t -> ret (pk, t)
  | None, _ -> failw "the body needs the payee's public key"
  | _, None -> failw "the body needs the timeout block (U32)")

// updateContractId 2 + >>= 2 + updateU64 1 + >>= 2 = 7.
// Zulib: 223 + 48 + finalize 20 = 291.  298.
val channelHash: contractId -> U64.t -> hash `cost` 298
let channelHash cid amount =
  Sha3.updateContractId cid Sha3.empty
  >>= Sha3.updateU64 amount
  >>= Sha3.finalize

// ret 1 + tuple 2 + -^ 2 = 5.
val split: U64.t -> U64.t -> (U64.t * U64.t) `cost` 5
let split deposit amount = let open U64 in ret (amount, deposit -^ amount)

// let! 1 + 1 + lockToPublicKey 4 + proj 1 = 7; if 3 + = 2 +
// max(incRet 2, lockToPublicKey 4 + proj 1) 5 = 10.  17.
// Zulib: 610 + 610.  1237.
val payOut: txSkeleton -> channel -> U64.t -> U64.t -> txSkeleton `cost` 1237
let payOut tx ch toPayee toPayer =
  let! tx = Tx.lockToPublicKey Asset.zenAsset toPayee ch.payee tx in
  if toPayer = 0UL then incRet 610 tx
  else Tx.lockToPublicKey Asset.zenAsset toPayer ch.payer tx

// let! deposit 2 + 2 = 4; let! params 2 + 1 = 3; match (tuple 3
// + leaves 6 + 4 + 5 + 1 = 16 + if (3 + = 2 + if (3 + lte 2 + proj 1 +
// let! receipt 4 + let! st 6 + the chain: addChangeOutput 3 + >>= 2 +
// mint 2 + >>= 2 + lockToPublicKey 3 + >>= 2 + >>= 2 + setStateUpdate 1
// = 17 -> 27) 33 -> 38)) 57.  64.
// Zulib: 64 + 167 + 64 + 279 + 64 + 64 + 610 + 3 + 3 = 1318.  1382.
val openChannel: txSkeleton -> context -> contractId -> sender -> option data
  -> option data -> contractResult `cost` 1382
let openChannel txSkel context contractId sender body state =
  let! deposit = Tx.getAvailableTokens Asset.zenAsset txSkel in
  let! params = openParams body in
  match sender, state, params with
  | PK payer, None, OK (payee, timeout) ->
    if deposit = 0UL then RT.incFailw 1087 "no ZP was sent to the channel"
    else if timeout `U32.lte` context.blockNumber then
      RT.incFailw 1087 "the timeout must be a future block"
    else begin
      let! receipt = Asset.fromSubtypeString contractId receiptName in
      let! st = channelData payer payee timeout deposit in
      Tx.addChangeOutput Asset.zenAsset contractId txSkel
      >>= Tx.mint 1UL receipt
      >>= Tx.lockToPublicKey receipt 1UL payer
      >>= CR.ofTxSkel
      >>= CR.setStateUpdate st
    end
  | _, Some _, _ -> RT.autoFailw "the channel is already open"
  | PK _, None, ERR msg -> RT.autoFailw msg
  | _ -> RT.autoFailw "only the payer's signature can open a channel"

// let! r 2 + (ofOptionT 2 + fromWallet 5 + proj 1 + bind 2 +
// the lambda 0) = 12; ofResultTxSkel 1 + >>= 2 = 3.  15.
// lambda: liftCost 1 + payOut 4 = 5.
// Zulib: 128 s + 192 + 5 + 1237 + 3 + 3 = 128 s + 1440.  128 s + 1455.
val settle: txSkeleton -> contractId -> wallet -> channel -> U64.t -> U64.t
  -> contractResult `cost` (W.size w * 128 + 1455)
let settle txSkel cid w ch toPayee toPayer =
  let! r =
    RT.ofOptionT "the contract wallet cannot cover the deposit"
      (Tx.fromWallet Asset.zenAsset ch.deposit cid w txSkel)
    `RT.bind` (fun tx -> RT.liftCost (payOut tx ch toPayee toPayer)) in
  CR.ofResultTxSkel r >>= CR.setStateDelete

// let! ch 3; let! amount 9; let! sg 9; match (tuple 4 + leaves 8 + 4
// + 1 = 13 + if (3 + <> 2 + proj 1 + if (3 + || 2 + = 2 + gt 2 + proj 1
// + let! valid (2 + =<< 2 + verify 2 + proj 1 + channelHash 2) 9 +
// if (3 + let! (2 + split 2 + proj 1) 5 + settle 6) 14 -> 23) 33
// -> 39) 56.  77.  (incFailw (W.size w * 128 + k) "..." counts 7.)
// Zulib: 301 + 2 * 70 + 800 + 298 + 5 + settle.  128 s + 3076.
val closeChannel: txSkeleton -> contractId -> sender -> option data -> wallet
  -> option data -> contractResult `cost` (W.size w * 128 + 3076)
let closeChannel txSkel cid sender body w state =
  let! ch = getChannel state in
  let! amount = body >!= tryDict >?= Dict.tryFind "amount" >?= tryU64 in
  let! sg = body >!= tryDict >?= Dict.tryFind "signature" >?= trySignature in
  match ch, sender, amount, sg with
  | Some ch, PK pk, Some amount, Some sg ->
    if pk <> ch.payee then RT.incFailw (W.size w * 128 + 2558) "only the payee can close the channel"
    else if amount = 0UL || amount `U64.gt` ch.deposit then
      RT.incFailw (W.size w * 128 + 2558) "the amount must be between 1 and the deposit"
    else begin
      let! valid = Crypto.verify ch.payer sg =<< channelHash cid amount in
      if valid then begin
        let! (toPayee, toPayer) = split ch.deposit amount in
        settle txSkel cid w ch toPayee toPayer
      end
      else RT.incFailw (W.size w * 128 + 1460) "the payer's signature does not match"
    end
  | None, _, _, _ -> RT.autoFailw "no channel is open"
  | _ -> RT.autoFailw "close needs the payee's signature and a body { amount; signature }"

// let! ch 3; match (leaves 3 + if (3 + lte 2 + 2 proj + let! tx (2
// + the let open body 15) + ofOptionTxSkel 2 + >>= 2 = 21) 28) 31.  34.
// let open body: fromWallet 5 + proj 1 + >>= 2 + >> 2 +
// lockToPublicKey 3 + 2 proj = 15.
// Zulib: 301 + 128 s + 192 + 610 + 3 + 3.  128 s + 1143.
val expire: txSkeleton -> context -> contractId -> wallet -> option data
  -> contractResult `cost` (W.size w * 128 + 1143)
let expire txSkel context cid w state =
  let! ch = getChannel state in
  match ch with
  | Some ch ->
    if context.blockNumber `U32.lte` ch.timeout then
      RT.autoFailw "the channel has not timed out yet"
    else begin
      let! tx =
        (let open OptT in
         Tx.fromWallet Asset.zenAsset ch.deposit cid w txSkel
         >>= (Tx.lockToPublicKey Asset.zenAsset ch.deposit ch.payer >> liftCost)) in
      CR.ofOptionTxSkel "the contract wallet cannot cover the deposit" tx
      >>= CR.setStateDelete
    end
  | None -> RT.autoFailw "no channel is open"

// match leaves 4 + max(openChannel 6, closeChannel 6, expire 5, failw 1) = 10.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> contractResult `cost` (match command with
                            | "open" -> 1392
                            | "close" -> W.size w * 128 + 3086
                            | "timeout" -> W.size w * 128 + 1153
                            | _ -> 10)
let main txSkel context contractId command sender messageBody w state =
  match command with
  | "open" -> openChannel txSkel context contractId sender messageBody state
  | "close" -> closeChannel txSkel contractId sender messageBody w state
  | "timeout" -> expire txSkel context contractId w state
  | _ -> RT.failw "unknown command"

// match leaves 4 + max(+ 2 + * 2 + size 1) 5 = 9; |> 2 + cast 1 + |> 2 = 14.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 14
let cf _ _ command _ _ w _ =
  (match command with
   | "open" -> 1392
   | "close" -> W.size w * 128 + 3086
   | "timeout" -> W.size w * 128 + 1153
   | _ -> 10)
  |> cast nat
  |> ret
