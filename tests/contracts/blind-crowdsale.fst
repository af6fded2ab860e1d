(* Tiered crowdsale of the contract's default token.  The state is U64 sold
   (tokens sold so far, no state = 0).  Tier i sells tokens while sold is
   below its cap, at its price (kalapas per token).
   "buy": body dict {returnAddress: Lock}; until block saleEnd, mints what
     the ZP handed over buys (possibly across tiers) to returnAddress, keeps
     the ZP spent and returns the rest.
   "withdraw" (owner key only, body U64 amount): after saleEnd, if at least
     softCap tokens were sold, pays amount ZP of the proceeds to the owner.
   "refund" (body: the Lock to pay): after saleEnd, below softCap, takes
     back the tokens handed over (destroyed) and repays them at the prices
     of the latest sales. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module C = Zen.Cost
module RT = Zen.ResultT
module Opt = Zen.Option
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module CRet = Zen.ContractReturn
module U32 = FStar.UInt32
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Wallet = Zen.Wallet
module Crypto = Zen.Crypto

// The tiers (cap, price): [ (1000UL, 100UL); (3000UL, 150UL); (6000UL,
// 200UL) ], written out where buy and refund use them: a top-level list
// would count 12 (3 conses 6 + 3 pairs 6) and be no cost value, and F*
// must see its length to reduce buyTiers' and valueOf's cost indices.
let softCap : U64.t = 2000UL
let saleEnd : U32.t = 500ul
let ownerKey = "02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5"

// Saturating addition.  match (checked_add 2 + leaves 3 + max(ret 1)): 6.
val ( |+| ): U64.t -> U64.t -> U64.t `cost` 6
let ( |+| ) a b =
  match U64.checked_add a b with
  | Some c -> ret c
  | None -> ret 0xffffffffffffffffUL

// The tokens zp buys from sold on, and the ZP left over.  Own count: leaves
// 0 + 4, max([] incRet 2 + tuple 2 = 4, if (3 + backtick 2 + max(inc 2 +
// call 3, let room 2 + let n 2 + if (3 + 2 + max(incRet (2 + 5) + tuple 2
// + 2 backticks 4 = 13, let! (2 + call 3 + 4) 9 + incRet 2 + tuple 2
// + backtick 2 = 15)) 20 = 24)) 29) = 33.  Paths: [] 33 + 2 = 35; skip
// 33 + 6 + C(L); fill 33 + 39 L + 41; spill 33 + C(L) + 6: 39 (L+1) + 35.
val buyTiers: sold:U64.t -> zp:U64.t -> ts:list (U64.t * U64.t)
  -> (U64.t * U64.t) `cost` (length ts * 39 + 35)
let rec buyTiers sold zp ts =
  match ts with
  | [] -> incRet 2 (0UL, zp)
  | (cap, price) :: rest ->
    if sold `U64.gte` cap then inc 6 (buyTiers sold zp rest)
    else begin
      let room = cap `U64.sub` sold in
      let n = zp `U64.div` price in
      if n `U64.lte` room then
        incRet (length rest * 39 + 41) (n, zp `U64.sub` (n `U64.mul` price))
      else begin
        let! (m, left) = buyTiers cap (zp `U64.sub` (room `U64.mul` price)) rest in
        incRet 6 (room `U64.add` m, left)
      end
    end

// The ZP value of qty tokens sold from position start on.  Own count:
// leaves 0 + 4 + max(ret 1, let open 30) = 34; let open body: if (3 + || 2 +
// =^ 2 + >=^ 2 + max(call 3, let k (if 3 + <=^ 2 + -^ 2 + max(0, -^ 2))
// 9 + <$> 2 + ( +^ ) 1 + *^ 2 + call 3 + +^ 2 + -^ 2 = 21)) 30.
// [] 34; cons 34 + C(L): 34 L + 34.
val valueOf: start:U64.t -> qty:U64.t -> ts:list (U64.t * U64.t)
  -> U64.t `cost` (length ts * 34 + 34)
let rec valueOf start qty ts =
  match ts with
  | [] -> ret 0UL
  | (cap, price) :: rest ->
    let open U64 in
    if qty =^ 0UL || start >=^ cap then valueOf start qty rest
    else begin
      let k = if qty <=^ cap -^ start then qty else cap -^ start in
      ( +^ ) (k *^ price) <$> valueOf (start +^ k) (qty -^ k) rest
    end

// <$> 2 + fromOption 1 + >!= 2: 5; tryU64 2: 7.
val soldOf: option data -> U64.t `cost` 7
let soldOf state = Opt.fromOption 0UL <$> (state >!= tryU64)

// Own count: let! sold 3 + let! zp 4 + let! back (2 + >?= 2 + >?= 2 +
// >!= 2 + tryFind 1) 9 + let! (tokens, left) (2 + 3 + the tiers' list
// 12) 17 + let! token 3 + match (tuple 3 + 2 backticks 4 + proj 1 +
// leaves 11 + max(let! tx (2 + >>= 4 + mint 3 + lockToAddress 3 +
// lockToContract 3 + backtick 2) 17 + let! tx (2 + if (3 + 2 + max(4,
// 2))) 11 + let! sold' (2 + 2) 4 + (>>= 2 + 1 + 1 + U64 1) 5 = 37, 1))
// 56: 92.  Zulib: soldOf 7 + 64 + 70 + buyTiers 152 + getDefault 64 =
// 357; success 4 x 64 + 6 + 3 + 3 = 268.  Total 717.
val buy: txSkeleton -> context -> contractId -> option data -> option data
  -> CR.t `cost` 717
let buy txSkel context contractId messageBody state =
  let! sold = soldOf state in
  let! zp = Tx.getAvailableTokens Asset.zenAsset txSkel in
  let! back = messageBody >!= tryDict >?= Dict.tryFind "returnAddress" >?= tryLock in
  let! (tokens, left) = buyTiers sold zp [ (1000UL, 100UL); (3000UL, 150UL); (6000UL, 200UL) ] in
  let! token = Asset.getDefault contractId in
  match back, tokens `U64.gt` 0UL, context.blockNumber `U32.lte` saleEnd with
  | Some addr, true, true ->
    let! tx = Tx.mint tokens token txSkel
              >>= Tx.lockToAddress token tokens addr
              >>= Tx.lockToContract Asset.zenAsset (zp `U64.sub` left) contractId in
    let! tx = if left `U64.gt` 0UL then Tx.lockToAddress Asset.zenAsset left addr tx
              else incRet 64 tx in
    let! sold' = sold |+| tokens in
    CR.ofTxSkel tx >>= CR.setStateUpdate (U64 sold')
  | None, _, _ -> RT.autoFailw "buy: the body needs a returnAddress lock"
  | _, _, false -> RT.autoFailw "the sale has ended"
  | _ -> RT.autoFailw "sold out, or too little ZP for one token"

// Own count: let! sold 3 + let! owner 3 + let! amount 4 + match (tuple 3 +
// leaves 7 + max(if (3 + <> 2 + max(1, if (3 + backtick 2 + proj 1 +
// max(1, if (3 + 2 + max(1, let! r (2 + 5) 7 + match (leaves 3 + max(>>=
// 2 + 4, 2)) 9)) 21)) 27)) 32, 1)) 42: 52.  Zulib: 7 + 120 + 2 +
// fromWallet (128 W + 192) + 610 + 3.  Total 128 W + 986.
val withdraw: txSkeleton -> context -> contractId -> sender -> option data
  -> w:wallet -> option data -> CR.t `cost` (Wallet.size w * 128 + 986)
let withdraw txSkel context contractId sender messageBody wallet state =
  let! sold = soldOf state in
  let! owner = Crypto.parsePublicKey ownerKey in
  let! amount = messageBody >!= tryU64 in
  match sender, owner, amount with
  | PK pk, Some o, Some amt ->
    if pk <> o then RT.autoFailw "only the owner may withdraw"
    else if context.blockNumber `U32.lte` saleEnd then RT.autoFailw "the sale has not ended"
    else if sold `U64.lt` softCap then RT.autoFailw "the soft cap was missed"
    else begin
      let! r = Tx.fromWallet Asset.zenAsset amt contractId wallet txSkel in
      match r with
      | Some tx -> Tx.lockToPublicKey Asset.zenAsset amt o tx >>= CR.ofTxSkel
      | None -> RT.incFailw 613 "not enough ZP collected"
    end
  | _ -> RT.autoFailw "withdraw needs the owner's signature and a U64 amount"

// Own count: let! sold 3 + let! back 4 + let! token 3 + let! n 4 + let
// closedShort (&& 2 + 2 backticks 4 + proj 1) 7 + match (tuple 3 + && 2 +
// 2 backticks 4 + leaves 11 + max(let remaining 2 + let! value (2 + 3 +
// the tiers' list 12) 17 + let! r (2 + >>= 2 + destroy 3 + fromWallet 4)
// 11 + match (leaves 3 + max(let! tx 6 + let! res 3 + let! res (2 + if
// (3 + = 2 + max(1, 2 + 1))) 10 + ok 1, 2)) 23 = 53, 1)) 73: 94.  Zulib: 7 + 2 + 64 + 64,
// valueOf 136 + destroy 64 + fromWallet (128 W + 192) + 64 + 3 + 3.
// Total 128 W + 693.
val refund: txSkeleton -> context -> contractId -> option data -> w:wallet
  -> option data -> CR.t `cost` (Wallet.size w * 128 + 693)
let refund txSkel context contractId messageBody wallet state =
  let! sold = soldOf state in
  let! back = messageBody >!= tryLock in
  let! token = Asset.getDefault contractId in
  let! n = Tx.getAvailableTokens token txSkel in
  let closedShort = context.blockNumber `U32.gt` saleEnd && sold `U64.lt` softCap in
  match back, closedShort, n `U64.gt` 0UL && n `U64.lte` sold with
  | Some addr, true, true ->
    let remaining = sold `U64.sub` n in
    let! value = valueOf remaining n [ (1000UL, 100UL); (3000UL, 150UL); (6000UL, 200UL) ] in
    let! r = Tx.destroy n token txSkel
             >>= Tx.fromWallet Asset.zenAsset value contractId wallet in
    begin match r with
    | Some tx ->
      let! tx = Tx.lockToAddress Asset.zenAsset value addr tx in
      let! res = CRet.ofTxSkel tx in
      let! res = if remaining = 0UL then CRet.setStateDelete res
                 else CRet.setStateUpdate (U64 remaining) res in
      RT.ok res
    | None -> RT.incFailw 70 "the contract cannot cover the refund"
    end
  | None, _, _ -> RT.autoFailw "refund: the body must be the lock to pay"
  | _, false, _ -> RT.autoFailw "refunds open after the sale, below the soft cap"
  | _ -> RT.autoFailw "return between one token and the number sold"

// leaves 4 + max(5, 7, 6, 1): 11.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> option data
  -> CR.t `cost` (match command with
                  | "buy" -> 728
                  | "withdraw" -> Wallet.size w * 128 + 997
                  | "refund" -> Wallet.size w * 128 + 704
                  | _ -> 11)
let main txSkel context contractId command sender messageBody wallet state =
  match command with
  | "buy" -> buy txSkel context contractId messageBody state
  | "withdraw" -> withdraw txSkel context contractId sender messageBody wallet state
  | "refund" -> refund txSkel context contractId messageBody wallet state
  | _ -> RT.failw "unknown command"

// ret 1 + (+) 2 + match (leaves 4 + max(+ 2 + * 2 + size 1)) 9: 12.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 12
let cf _ _ command _ _ wallet _ =
  ret ((+) 11 (match command with
               | "buy" -> 717
               | "withdraw" -> Wallet.size wallet * 128 + 986
               | "refund" -> Wallet.size wallet * 128 + 693
               | _ -> 0) <: nat)
