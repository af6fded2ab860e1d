(* The Common Goods Pool (CGP) contract of zen's local chain.

   It holds the pool's funds: the coinbases lock the voted allocation to
   it and anyone may send it anything.  Its one command, "Payout", runs
   only in a payout block (block number mod 100 = 10) and pays the
   "Outputs" of the message body from the contract's wallet:

     Dict { "Outputs": List [ List [ Lock l; List [ String asset;
                                                    U64 amount ] ]; ... ] }

   1 to 100 outputs, each amount above 0, each asset as Asset.toString
   (ZP also as 72 zeros).  The contract decides nothing else: the node
   tallies the votes itself and, in a payout block, a block rule checks
   that the payout pays exactly the winner.

   Built into zen: on the local chain this file is active from genesis
   without an activation, and its contract id (version 0, SHA3 of these
   bytes) is the local chain's cgpContractId.  Changing one byte changes
   the id.  No state. *)
open Zen.Base
open Zen.Cost
open Zen.Types
open Zen.Data

module U32 = FStar.UInt32
module U64 = FStar.UInt64
module RT = Zen.ResultT
module OptT = Zen.OptionT
module Dict = Zen.Dictionary
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module Asset = Zen.Asset
module Wallet = Zen.Wallet
module C = Zen.Cost

let intervalLength : nat = 100
let payoutBlock : nat = 10          // the local chain's coinbase maturity
let maxOutputs : nat = 100

// (every function whose body counts is a cost function: the reference's
// elaborator wraps such a body in Zen.Cost.inc, which F* types on cost
// values only)
let isPayoutBlock (context: context) : bool `cost` 9 =
  context.blockNumber `U32.rem` (U32.uint_to_t intervalLength)
  = U32.uint_to_t payoutBlock
  |> C.ret

// f over the list from the left, while f answers Some
let rec tryFold (#a #s: Type) (#n: nat) (f: s -> a -> option s `cost` n)
  (acc: s) (ls: list a) : option s `cost` (length ls * (n + 12) + 12) =
  match ls with
  | [] -> OptT.incSome 12 acc
  | hd :: tl -> (f acc hd >>= (fun (r: option s) ->
      match r with
      | Some acc' -> tryFold f acc' tl
      | None -> OptT.none))
    |> C.autoInc

// [Lock l; [String asset; U64 amount]] with amount > 0
let parseOutput (d: data) : option output `cost` 120 =
  begin match d with
  | Collection (List [Lock l; Collection (List [String a; U64 amount])]) ->
    if amount `U64.gt` 0UL then begin
      let! asset = Asset.parse a in
      match asset with
      | Some asset ->
        OptT.some ({ lock = l; spend = { asset = asset; amount = amount } })
      | None -> OptT.none
    end else OptT.none
  | _ -> OptT.none
  end
  |> C.autoInc

// The amount of each asset the outputs need, first seen first: funding
// each asset once keeps two outputs of one asset from taking the same
// coins twice.  An overflowing sum is None.
let rec addTotal (totals: list spend) (sp: spend)
  : option (list spend) `cost` (length totals * 40 + 40) =
  begin match totals with
  | [] -> OptT.some [sp]
  | t :: rest ->
    if t.asset = sp.asset then begin
      match U64.checked_add t.amount sp.amount with
      | Some sum -> OptT.some ({ asset = t.asset; amount = sum } :: rest)
      | None -> OptT.none
    end else begin
      let! rest' = addTotal rest sp in
      match rest' with
      | Some rest' -> OptT.some (t :: rest')
      | None -> OptT.none
    end
  end
  |> C.autoInc

let addOutputTotal (totals: list spend) (o: output) =
  addTotal totals o.spend

let fund (contractId: contractId) (w: wallet) (txSkel: txSkeleton)
  (sp: spend) =
  Tx.fromWallet sp.asset sp.amount contractId w txSkel

let lockOutput (txSkel: txSkeleton) (o: output) =
  Tx.lockToAddress o.spend.asset o.spend.amount o.lock txSkel

let payout txSkel contractId (w: wallet) (outputs: list output) =
  let! totals = tryFold addOutputTotal [] outputs in
  match totals with
  | None -> RT.autoFailw "Output amounts overflow"
  | Some totals -> begin
    let! funded = tryFold (fund contractId w) txSkel totals in
    match funded with
    | None -> RT.autoFailw "Insufficient funds"
    | Some txSkel -> begin
      let! txSkel = Zen.List.foldT lockOutput txSkel outputs in
      CR.ofTxSkel txSkel
    end
  end

let main txSkel context contractId command sender messageBody w state =
  if command <> "Payout" then RT.autoFailw "Unsupported command" else begin
  let! payoutNow = isPayoutBlock context in
  if not payoutNow then RT.autoFailw "Not a payout block" else begin
    let! raw = messageBody >!= tryDict >?= Dict.tryFind "Outputs" >?= tryList in
    match raw with
    | None -> RT.autoFailw "Couldn't parse Outputs"
    | Some raw ->
      if length raw < 1 || length raw > maxOutputs then
        RT.autoFailw "Outputs list size is out of bounds"
      else begin
        let! outputs = OptT.tryMapT parseOutput raw in
        match outputs with
        | None -> RT.autoFailw "Invalid outputs structure"
        | Some outputs -> payout txSkel contractId w outputs |> C.autoInc
      end
  end end

// cf bounds main's own count, s = Wallet.size w: each asset is funded
// once by fromWallet at 128 s + 192, at most 100 assets; the rest of 100
// outputs stays under 230,800, most of it addTotal's walks of the totals
// so far, at most 100 long (tests/unit/test-cgp-builtin.c runs the worst
// case, 100 outputs of 100 assets from 100 coins).
let cf _ _ _ _ _ w _ =
  250000 + 12800 * Wallet.size w |> cast nat |> C.ret
