(* Multi-beneficiary vesting.  The state is a data list of grants, each the
   list [Lock who; U64 granted; U64 released; U32 cliff].  From its cliff
   block a grant vests linearly over vestingBlocks blocks.
   "fund" | "topup": locks the ZP handed over to the contract.
   "grant" (the admin key only): body [Lock who; U64 granted; U32 cliff]
     prepends a new grant with nothing released.
   "claim" (anyone may crank it; the body is the beneficiary's Lock):
     once unlockTime has passed, pays the beneficiary what has vested and
     was not released yet, and records it as released. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module OptT = Zen.OptionT
module Opt = Zen.Option
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U32 = FStar.UInt32
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Wallet = Zen.Wallet
module Crypto = Zen.Crypto

type grant = { who: lock; granted: U64.t; released: U64.t; cliff: U32.t }
type view = { grant: grant; at: context }

let adminKey = "02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5"
let vestingBlocks : U64.t = 1000UL
let unlockTime : U64.t = 1600000000000UL

// leaves 10 + 1, max(some (1 + record 4) 5, none 0): 16.
val decode: data -> option grant `cost` 16
let decode d =
  match d with
  | Collection (List [Lock w; U64 tot; U64 rel; U32 cl]) ->
    OptT.some ({ who = w; granted = tot; released = rel; cliff = cl })
  | _ -> OptT.none

// ret 1 + Collection 1 + List 1 + 4 conses 8 + 4 constructors + 4 projections: 19.
val encode: grant -> data `cost` 19
let encode g =
  ret (Collection (List [Lock g.who; U64 g.granted; U64 g.released; U32 g.cliff]))

// floor (tot * e / vestingBlocks) without overflow: with tot = q d + r,
// (q d + r) e / d = q e + r e / d.  let open body: ret 1 + +%^ 2 + (/^ 2
// + *%^ 2) + (%^ 2 + *%^ 2 + /^ 2): 13.
val linear: U64.t -> U64.t -> U64.t `cost` 13
let linear tot e =
  let open U64 in
  ret ((tot /^ vestingBlocks) *%^ e +%^ (tot %^ vestingBlocks) *%^ e /^ vestingBlocks)

// let b 3 + let c 3 + if (3 + < 2 + max(incRet 2, let e 3 + if (3 + 2 +
// max(incRet 2 + projections 2, linear 2 + 2) 4) 9)) 17 = 23; + 13: 36.
val vested: view -> U64.t `cost` 36
let vested s =
  let b = U32.v s.at.blockNumber in
  let c = U32.v s.grant.cliff in
  if b < c then incRet 13 0UL
  else begin
    let e = U64.uint_to_t (b - c) in
    if e `U64.gte` vestingBlocks then incRet 13 s.grant.granted
    else linear s.grant.granted e
  end

// let open body: ret 1 + >=^ 2 + projection 1: 4.
val isOpen: context -> bool `cost` 4
let isOpen ctx = let open U64 in ret (ctx.timestamp >=^ unlockTime)

// Releases what vested to l; Some (due, updated list).  Count: leaves 0 + 3 +
// max(incNone 1, let! og 3 + match (leaves 3 + max(if (3 + = 2 + proj 1 +
// max(let! amt 5 + let! d' 4 + incSome (2 + cost 5 + tuple 2 + `sub_mod`
// 2 + proj 1 + cons 2) 14 = 23, backtick 2 + settle 3) = 29, incNone 6))
// = 35) = 38.  Paths: [] 38 + 3 = 41; found 38 + decode 16 + vested 36 +
// encode 19 + 71 L' + 3; other 38 + 16 + (71 L' + 41) + lambda (6 + 11);
// bad entry 38 + 16 + 71 L' + 58: all 71 (L' + 1) + 41.
val settle: context -> lock -> ds:list data
  -> option (U64.t * list data) `cost` (length ds * 71 + 41)
let rec settle ctx l ds =
  match ds with
  | [] -> OptT.incNone 3
  | d :: rest -> begin
    let! og = decode d in
    match og with
    | Some g ->
      if g.who = l then begin
        let! amt = vested ({ grant = g; at = ctx }) in
        let! d' = encode ({ g with released = amt }) in
        OptT.incSome (length rest * 71 + 3)
          (amt `U64.sub_mod` g.released, d' :: rest)
      end
      else settle ctx l rest `OptT.bind`
             (fun (due, rest') -> OptT.incSome 11 (due, d :: rest'))
    | None -> OptT.incNone (length rest * 71 + 58)
    end

// Addition and change: >>= 2 + 3 args; 5 + 64 + 3: 72.
val fund: txSkeleton -> contractId -> CR.t `cost` 72
let fund txSkel contractId =
  Tx.addChangeOutput Asset.zenAsset contractId txSkel >>= CR.ofTxSkel

// let! admin 3 + let! ds 4 + let ds 2 + match (tuple 3 + leaves 13 + 1 +
// max(if (3 + = 2 + max(let! d (2 + encode 1 + record 4) 7 + @ 2 +
// record 3 + Update 1 + Collection 1 + List 1 + cons 2 = 17, 2)) 22, 2))
// 39 = 48.  Zulib parsePublicKey 120 + tryList 4 + (encode 19 | incFailw 19).
// 191.
val grant: txSkeleton -> sender -> option data -> option data -> CR.t `cost` 191
let grant txSkel sender messageBody state =
  let! admin = Crypto.parsePublicKey adminKey in
  let! ds = state >!= tryList in
  let ds = Opt.fromOption [] ds in
  match admin, sender, messageBody with
  | Some a, PK pk, Some (Collection (List [Lock w; U64 tot; U32 cl])) ->
    if a = pk then begin
      let! d = encode ({ who = w; granted = tot; released = 0UL; cliff = cl }) in
      RT.ok @ { tx = txSkel; message = None;
                state = Update (Collection (List (d :: ds))) }
    end
    else RT.incFailw 19 "only the admin may add grants"
  | _ -> RT.incFailw 19 "the body must be [Lock; U64; U32]"

// Count: match leaves 5 + max(let! who 4 + let! opened 3 + match (tuple 2
// + leaves 8 + max(let! r 5 + match (leaves 4 + max(if (3 + 2 + max(
// let! tx 7 + match (leaves 3 + max(let! tx 6 + @ 2 + record 3 + 3, 2))
// 24, 7)) 29, 7)) 38, incFailw 2 + 12)) 48 = 55, failw 1) = 60.  With a
// list state of L grants and a wallet of W entries: tryLock 2 + isOpen 4
// + settle (71 L + 41) + fromWallet (128 W + 192) + lockToAddress 64, or
// the padded failures: 363 + 71 L + 128 W; otherwise 60.
val claim: txSkeleton -> context -> contractId -> option data -> w:wallet
  -> state:option data
  -> CR.t `cost` (match state with
                  | Some (Collection (List ds)) ->
                    363 + length ds * 71 + Wallet.size w * 128
                  | _ -> 60)
let claim txSkel context contractId messageBody wallet state =
  match state with
  | Some (Collection (List ds)) -> begin
    let! who = messageBody >!= tryLock in
    let! opened = isOpen context in
    match who, opened with
    | Some l, true -> begin
      let! r = settle context l ds in
      match r with
      | Some (due, ds') ->
        if due `U64.gt` 0UL then begin
          let! tx = Tx.fromWallet Asset.zenAsset due contractId wallet txSkel in
          match tx with
          | Some tx ->
            let! tx = Tx.lockToAddress Asset.zenAsset due l tx in
            RT.ok @ { tx = tx; message = None;
                      state = Update (Collection (List ds')) }
          | None -> RT.incFailw 64 "the wallet cannot cover the claim"
        end
        else RT.incFailw (Wallet.size wallet * 128 + 256) "nothing to claim yet"
      | None -> RT.incFailw (Wallet.size wallet * 128 + 256) "no grant for this lock"
      end
    | None, _ | Some _, false ->
      RT.incFailw (length ds * 71 + 41 + Wallet.size wallet * 128 + 256)
        "claims are closed, or the body is not a lock"
    end
  | _ -> RT.failw "no grants yet"

// leaves 5 + max(claim 6 args): 11.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> state:option data
  -> CR.t `cost` (match command, state with
                  | "fund", _ | "topup", _ -> 83
                  | "grant", _ -> 202
                  | "claim", Some (Collection (List ds)) ->
                    374 + length ds * 71 + Wallet.size w * 128
                  | "claim", _ -> 71
                  | _ -> 11)
let main txSkel context contractId command sender messageBody wallet state =
  match command with
  | "fund" | "topup" -> fund txSkel contractId
  | "grant" -> grant txSkel sender messageBody state
  | "claim" -> claim txSkel context contractId messageBody wallet state
  | _ -> RT.failw "unknown command"

// let! ds 4 + let w 1 + match (tuple 2 + leaves 12 + max 9) 23 + |> 2 +
// cast nat 1 + |> 2: 33; tryList 4: 37.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 37
let cf _ _ command _ _ wallet state =
  let! ds = state >!= tryList in
  let w = Wallet.size wallet in
  begin match command, ds with
  | "fund", _ | "topup", _ -> 83
  | "grant", _ -> 202
  | "claim", Some ds -> 374 + length ds * 71 + w * 128
  | "claim", None -> 71
  | _ -> 11
  end |> cast nat |> ret

// Hand-checked runs (v.sh: state S3 = [A: 1234567/0/cliff 100; B: 5000/1000/50;
// C: 3000/3000/10], W2 = two 3000 ZP UTXOs, W1 = one 1000000 ZP UTXO):
// claim B, block 550, t 1600000000000, W2: 374 + 71*3 + 128*2 = 843; OK,
//   B vested 5000*500/1000 = 2500, pays 1500 (input 3000, change 1500), B.released 2500.
// claim A, block 600, t 1.7e12, W1: 374 + 213 + 128 = 715; OK, vested
//   1234*500 + 567*500/1000 = 617283, change 382717.
// claim C, block 2000: 843, ERR nothing to claim yet (vested 3000 = released).
// claim B, t 1599999999999: 843, ERR claims are closed.   claim, no state: 71, ERR.
// grant (admin key), body [Lock; U64 777; U32 42]: 202, OK, grant prepended.
// topup with a 10 ZP input: 83, OK, 10 ZP locked to the contract.
