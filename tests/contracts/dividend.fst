(* Dividends.  The state is the register of shareholders, a list of
   [Lock holder; U64 shares].  "Pay": the ZP handed over is shared among
   them in proportion to their shares, rounded down (what rounding leaves
   is not locked by the contract).  "Register" (the issuer): the body, a
   list of the same form, becomes the register. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module OptT = Zen.OptionT
module L = Zen.List
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module U64 = FStar.UInt64
module Asset = Zen.Asset
module Crypto = Zen.Crypto
module C = Zen.Cost

let issuerKey = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"

// as in token-sale.fst.  137.
val isIssuer: sender -> bool `cost` 137
let isIssuer sender =
  let! key = Crypto.parsePublicKey issuerKey in
  match key, sender with
  | Some key, PK pk -> incRet 3 (key = pk)
  | _ -> incRet 3 false

// `function`: leaves (Collection 1 + List 1 + Lock holder 2 + U64 shares
// 2) 6 + 1, max(incSome 2 + pair 2, incNone 1) 4 = 11; Zulib 2.  13.
val parseHolder: data -> option (lock * U64.t) `cost` 13
let parseHolder = function
  | Collection (List [ Lock holder; U64 shares ]) ->
    OptT.incSome 2 (holder, shares)
  | _ -> OptT.incNone 2

// L = the length of the register.
// tryMapT parseHolder: L * (13 + 20) + 20.
// The first folded lambda: ret 1 + backtick 2 = 3, foldT: L * 7 + 4.
// The second: its body is a `let open` (transparent) whose body counts
// lockToAddress 4 + /^ 2 + *%^ 2 = 8, plus lockToAddress 64: n = 72,
// foldT: L * 76 + 4.
// match: leaves (Some 1 + Collection 1 + List 1 + register 1) 4 + 1,
// max(let! holders 4 + match (leaves 2 + 1, max(let! paid 4 + let!
// totalShares (foldT 3) 5 + if 3 + `U64.gt` 2 + max(let! txSkel (foldT
// 3) 5 + ofTxSkel 1, incFailw 2 + (+) 2 + (*) 2 + length 1) 7 = 12: 21,
// incFailw 7)) 24 = 28, failw 1): 33.
// With a register: 33 + tryMapT (33 L + 20) + getAvailableTokens 64 +
// 7 L + 4 + (76 L + 4 + ofTxSkel 3, or incFailw (76 L + 7)) (or
// incFailw (83 L + 75)) = 116 L + 128; without one, 33.
val pay: txSkeleton -> state:option data
  -> CR.t `cost` (match state with
                  | Some (Collection (List l)) -> 128 + length l * 116
                  | _ -> 33)
let pay txSkel state =
  match state with
  | Some (Collection (List register)) -> begin
    let! holders = OptT.tryMapT parseHolder register in
    match holders with
    | Some holders -> begin
      let! paid = Tx.getAvailableTokens Asset.zenAsset txSkel in
      let! totalShares =
        L.foldT (fun acc (_, shares) -> ret (acc `U64.add_mod` shares))
          0UL holders in
      if totalShares `U64.gt` 0UL then begin
        let! txSkel =
          L.foldT (fun tx (holder, shares) ->
                     let open FStar.UInt64 in
                     Tx.lockToAddress Asset.zenAsset
                       (paid *%^ shares /^ totalShares) holder tx)
            txSkel holders in
        CR.ofTxSkel txSkel
      end
      else RT.incFailw (76 * length holders + 7) "no shares"
      end
    | None -> RT.incFailw (83 * length register + 75) "bad register"
    end
  | _ -> RT.failw "no register"

// let! ok 3; match: pair 2, leaves (true, Some (Collection (List l))) 1
// + 4 + 1, max(@ 2 + record 3 + Update 1 + Collection 1 + List 1, failw
// 1) 8: 16.  Count 19; Zulib isIssuer 137.  156.
val register: txSkeleton -> sender -> option data -> CR.t `cost` 156
let register txSkel sender messageBody =
  let! ok = isIssuer sender in
  match ok, messageBody with
  | true, Some (Collection (List l)) ->
    RT.ok @ { tx = txSkel; message = None; state = Update (Collection (List l)) }
  | _ -> RT.failw "only the issuer registers holders"

// match leaves 3 + max(pay 2, register 3, failw 1) = 6.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> option data -> wallet -> state:option data
  -> CR.t `cost` (match command with
                  | "Pay" -> begin match state with
                             | Some (Collection (List l)) -> 134 + length l * 116
                             | _ -> 39 end
                  | "Register" -> 162
                  | _ -> 6)
let main txSkel _ _ command sender messageBody _ state =
  match command with
  | "Pay" -> pay txSkel state
  | "Register" -> register txSkel sender messageBody
  | _ -> RT.failw "unknown command"

// match leaves 3 + max(match (leaves 4 + 1 + (+) 2 + (*) 2 + length 1)
// 10, 0, 0) = 13; |> cast nat |> C.ret 5.  18.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 18
let cf _ _ command _ _ _ state =
  (match command with
   | "Pay" -> begin match state with
              | Some (Collection (List l)) -> 134 + length l * 116
              | _ -> 39 end
   | "Register" -> 162
   | _ -> 6)
  |> cast nat
  |> C.ret
