(* A token-weighted DAO with one open proposal at a time.
   "propose": body { "recipient": Lock; "amount": U64; "deadline": U32;
     "quorum": U64 }, only when no proposal is open.
   "vote" (signed): body String "yes" or "no"; the weight is the amount of
     the DAO's vote token sent in the transaction, which the contract
     keeps.  Only up to the deadline block, once per key.
   "execute": when the yes weight exceeds the quorum and is a majority
     of all the weight cast, the proposal's amount of ZP is paid from the
     contract's wallet to the recipient and the proposal is deleted.
   State: List [ Array [Lock recipient; U64 amount; U32 deadline;
     U64 quorum]; List votes ], a vote being List [PublicKey voter;
     U64 weight; Byte 1 (yes) or 0 (no)], newest first.
   n below is the number of votes in the state, s the wallet's size. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data
open Zen.Array

module Dict = Zen.Dictionary
module List = Zen.List
module OptT = Zen.OptionT
module RT = Zen.ResultT
module CR = Zen.ContractResult
module Tx = Zen.TxSkeleton
module W = Zen.Wallet
module Asset = Zen.Asset
module U32 = FStar.UInt32
module U64 = FStar.UInt64

type proposal = { recipient: lock; amount: U64.t; deadline: U32.t; quorum: U64.t }
type vote = publicKey * (U64.t * bool)

let voteTokenHex = "000000001111111111111111111111111111111111111111111111111111111111111111"

// match (leaves 4 + if (3 + = 2 + length 1 + match (tuple 4 + 4 accesses
// 8 + leaves 9 + OptT.ret 1 + record 4) 26) 32) 36.
val parseProposal: data -> option proposal `cost` 36
let parseProposal d =
  match d with
  | Collection (Array arr) ->
    if length arr = 4 then
      begin match arr.(0), item 1 arr, arr.(2), item 3 arr with
      | Lock r, U64 a, U32 dl, U64 q ->
        OptT.ret ({ recipient = r; amount = a; deadline = dl; quorum = q })
      | _ -> OptT.none
      end
    else OptT.none
  | _ -> OptT.none

// leaves 9 + OptT.ret 1 + two tuples 4 + = 2: 16.
val parseVote: data -> option vote `cost` 16
let parseVote d =
  match d with
  | Collection (List [PublicKey pk; U64 w; Byte b]) -> OptT.ret (pk, (w, b = 1uy))
  | _ -> OptT.none

// ret 1 + Collection 1 + List 1 + 3 conses 6 + 3 constructors + if 3: 15.
val voteData: vote -> data `cost` 15
let voteData (pk, (w, yes)) =
  ret (Collection (List [PublicKey pk; U64 w; Byte (if yes then 1uy else 0uy)]))

// match (leaves 8 + max(let! 3 + let! 4 + match (tuple 2 + leaves 5 +
// ret 1 + 2 tuples 4) 12 = 19, incNone 1)) 27.
// Zulib: parseProposal 36 + tryMapT (n * (16 + 20) + 20) = 36 n + 56,
// or incNone 56.  36 n + 83.
val parseState: s:option data -> option (data * (proposal * list vote))
  `cost` (match s with
          | Some (Collection (List [_; Collection (List vs)])) -> Prims.length vs * 36 + 83
          | _ -> 83)
let parseState s =
  match s with
  | Some (Collection (List [p; Collection (List vs)])) ->
    let! prop = parseProposal p in
    let! votes = OptT.tryMapT parseVote vs in
    begin match prop, votes with
    | Some prop, Some votes -> OptT.ret (p, (prop, votes))
    | _ -> OptT.none
    end
  | _ -> OptT.incNone 56

// The yes weight.  match (leaves 5 + max(ret 1, let! 3 + ret 1 + if (3
// + + 2 + v 1) 6 = 10)) 15 per element and 15 for [].
val yesWeight: l:list vote -> Tot (int `cost` (Prims.length l * 15 + 15)) (decreases l)
let rec yesWeight l =
  match l with
  | [] -> ret 0
  | (_, (w, yes)) :: tl ->
    let! rest = yesWeight tl in
    ret (if yes then U64.v w + rest else rest)

// let! d 4 + match (tuple 2 + leaves 8 + 4 let! 24 + match (tuple 4 +
// leaves 9 + let! arr (2 + ofList 1 + 4 conses 8 + 4 constructors) 15 +
// chain (ofTxSkel 1 + >>= 2 + setStateUpdate 1 + 10) 14 = 42) 66) 76.
// Zulib: tryDict 4 + 4 * 66 + ofList 10 + 3 + 3 = 284.  364.
val propose: txSkeleton -> option data -> option data -> contractResult `cost` 364
let propose txSkel body state =
  let! d = body >!= tryDict in
  match state, d with
  | None, Some d ->
    let! r = Dict.tryFind "recipient" d >?= tryLock in
    let! a = Dict.tryFind "amount" d >?= tryU64 in
    let! dl = Dict.tryFind "deadline" d >?= tryU32 in
    let! q = Dict.tryFind "quorum" d >?= tryU64 in
    begin match r, a, dl, q with
    | Some r, Some a, Some dl, Some q ->
      let! arr = ofList [Lock r; U64 a; U32 dl; U64 q] in
      CR.ofTxSkel txSkel
      >>= CR.setStateUpdate (Collection (List [Collection (Array arr); Collection (List [])]))
    | _ -> RT.incFailw 16 "the proposal needs a recipient, amount, deadline and quorum"
    end
  | Some _, _ -> RT.autoFailw "a proposal is already open"
  | None, None -> RT.autoFailw "the proposal must be a dictionary"

// let! st 3 + let! choice 4 + let! token 3 + match (tuple 4 + leaves 15
// + let! weight 4 + let! dupes 4 + if (3 + 3 + if (3 + 2 + if (3 + 3 +
// if (3 + 6 + let! entries 12 + chain 17) 38) 44) 49) 55 = 63) 82.  92.
// Filter lambda: ret 1 + = 2 + fst 1 = 4.  (incFailw (length * 17 + 89) "" 7.)
// Zulib: parseState 36 n + 83 + tryString 2 + parse 64 + 64 +
// filterT (21 n + 17) + mapT (17 (n + 1) + 2) + 64 + 3 + 3.  74 n + 411.
val vote: txSkeleton -> context -> contractId -> sender -> option data -> s:option data
  -> contractResult `cost` ((match s with
                             | Some (Collection (List [_; Collection (List vs)])) -> Prims.length vs
                             | _ -> 0) * 74 + 411)
let vote txSkel context cid sender body s =
  let! st = parseState s in
  let! choice = body >!= tryString in
  let! token = Asset.parse voteTokenHex in
  match st, sender, choice, token with
  | Some (p, ({ deadline = dl }, votes)), PK pk, Some c, Some token ->
    let! weight = Tx.getAvailableTokens token txSkel in
    let! dupes = List.filterT (fun (v: vote) -> ret (fst v = pk)) votes in
    if context.blockNumber `U32.gt` dl then
      RT.incFailw (Prims.length votes * 17 + 89) "voting on this proposal has closed"
    else if weight = 0UL then RT.incFailw (Prims.length votes * 17 + 89) "no vote tokens were sent"
    else if Prims.length dupes > 0 then RT.incFailw (Prims.length votes * 17 + 89) "this key has already voted"
    else if c <> "yes" && c <> "no" then RT.incFailw (Prims.length votes * 17 + 89) "the body must be yes or no"
    else begin
      let! entries = List.mapT voteData ((pk, (weight, c = "yes")) :: votes) in
      Tx.lockToContract token weight cid txSkel
      >>= CR.ofTxSkel
      >>= CR.setStateUpdate (Collection (List [p; Collection (List entries)]))
    end
  | None, _, _, _ -> RT.autoFailw "no proposal is open"
  | _ -> RT.autoFailw "a vote needs the voter's signature and the body yes or no"

// let! st 3 + match (leaves 7 + let! yes 3 + let! turnout 5 + if (3 + 9
// + let! tx 7 + match (leaves 3 + 8) 11) 30 = 38) 45.  48.
// Fold lambda: ret 1 + + 2 + v 1 + fst 1 + snd 1 = 6.
// Zulib: parseState (36 n + 83) + yesWeight (15 n + 15) + foldT (10 n + 4)
// + fromWallet (128 s + 192) + lockToAddress 64 + 3 + 3.  61 n + 128 s + 412.
val execute: txSkeleton -> contractId -> w:wallet -> s:option data
  -> contractResult `cost` ((match s with
                             | Some (Collection (List [_; Collection (List vs)])) -> Prims.length vs
                             | _ -> 0) * 61 + W.size w * 128 + 412)
let execute txSkel cid w s =
  let! st = parseState s in
  match st with
  | Some (_, ({ recipient = r; amount = amt; quorum = q }, votes)) ->
    let! yes = yesWeight votes in
    let! turnout = List.foldT (fun acc v -> ret (acc + U64.v (fst (snd v)))) 0 votes in
    if yes > U64.v q && yes * 2 > turnout then begin
      let! tx = Tx.fromWallet Asset.zenAsset amt cid w txSkel in
      match tx with
      | Some tx -> Tx.lockToAddress Asset.zenAsset amt r tx >>= CR.ofTxSkel >>= CR.setStateDelete
      | None -> RT.incFailw 70 "the treasury cannot pay the proposal"
    end
    else RT.incFailw (W.size w * 128 + 262) "the proposal has not passed"
  | None -> RT.autoFailw "no proposal is open"

// match leaves 4 + vote's 6 arguments: 10.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> w:wallet -> s:option data
  -> contractResult `cost` (match command with
                            | "propose" -> 374
                            | "vote" -> (match s with
                                         | Some (Collection (List [_; Collection (List vs)])) -> Prims.length vs
                                         | _ -> 0) * 74 + 421
                            | "execute" -> (match s with
                                            | Some (Collection (List [_; Collection (List vs)])) -> Prims.length vs
                                            | _ -> 0) * 61 + W.size w * 128 + 422
                            | _ -> 10)
let main txSkel context contractId command sender messageBody w state =
  match command with
  | "propose" -> propose txSkel messageBody state
  | "vote" -> vote txSkel context contractId sender messageBody state
  | "execute" -> execute txSkel contractId w state
  | _ -> RT.failw "unknown command"

// let n (leaves 8 + length 1) 9 + match (leaves 4 + 9) 13 + |> 2 +
// cast 1 + |> 2: 27.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 27
let cf _ _ command _ _ w state =
  let n = (match state with
           | Some (Collection (List [_; Collection (List vs)])) -> Prims.length vs
           | _ -> 0) in
  (match command with
   | "propose" -> 374
   | "vote" -> n * 74 + 421
   | "execute" -> n * 61 + W.size w * 128 + 422
   | _ -> 10)
  |> cast nat
  |> ret
