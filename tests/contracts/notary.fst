(* A notary.  "Notarize": the body is a document (a String); its digest
   SHA3(contract id || document || BE32 block number) becomes the state,
   a "seal" token is minted to the contract, and the digest is sent to
   the log contract ("Log", body Hash digest) by a message. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module RT = Zen.ResultT
module Tx = Zen.TxSkeleton
module CR = Zen.ContractResult
module Asset = Zen.Asset
module ContractId = Zen.ContractId
module Sha3 = Zen.Sha3
module C = Zen.Cost

let logContract = "00000000efefefefefefefefefefefefefefefefefefefefefefefefefefefefefefefef"

// 3 * >>= 6 + updateContractId 2 + updateString 1 + updateU32 1 = 10;
// Zulib updateContractId 223 + updateString (6 per byte) + updateU32 24
// + finalize 20.  277 + 6 len.
val digest: contractId -> d:string -> U32.t
  -> hash `cost` (FStar.String.length d * 6 + 277)
let digest contractId document block =
  Sha3.updateContractId contractId Sha3.empty
  >>= Sha3.updateString document
  >>= Sha3.updateU32 block
  >>= Sha3.finalize

// match: leaves (Some 1 + String 1 + document 1) 3 + 1, max(let! h (3
// args + projection 1) 6 + let! logId 3 + let! seal 4 + let! txSkel (2 +
// >>= 2 + mint 3 + lockToContract 3) 10 + match (leaves 2 + 1, max(>>= 2
// + >>= 2 + ofTxSkel 1 + setMessage 1 + record 3 + Some 1 + Hash 1 +
// setStateUpdate 1 + Hash 1 = 13, incFailw 2)) 16 = 39, failw 1): 43.
// With a String: 43 + digest (277 + 6 len) + ContractId.parse 64 +
// fromSubtypeString 64 + mint 64 + lockToContract 64 + (ofTxSkel 3 +
// setMessage 3 + setStateUpdate 3, or incFailw 9) = 585 + 6 len; else 43.
val notarize: txSkeleton -> context -> contractId -> messageBody:option data
  -> CR.t `cost` (match messageBody with
                  | Some (String d) -> 585 + FStar.String.length d * 6
                  | _ -> 43)
let notarize txSkel context contractId messageBody =
  match messageBody with
  | Some (String document) -> begin
    let! h = digest contractId document context.blockNumber in
    let! logId = ContractId.parse logContract in
    let! seal = Asset.fromSubtypeString contractId "seal" in
    let! txSkel =
      Tx.mint 1UL seal txSkel >>= Tx.lockToContract seal 1UL contractId in
    match logId with
    | Some logId ->
      CR.ofTxSkel txSkel
      >>= CR.setMessage ({ recipient = logId; command = "Log";
                           body = Some (Hash h) })
      >>= CR.setStateUpdate (Hash h)
    | None -> RT.incFailw 9 "bad log contract id"
    end
  | _ -> RT.failw "the document must be a String"

// match leaves 2 + max(notarize 4, failw 1) = 6.
val main: txSkeleton -> context -> contractId -> command:string -> sender
  -> messageBody:option data -> wallet -> option data
  -> CR.t `cost` (match command with
                  | "Notarize" -> begin match messageBody with
                                  | Some (String d) -> 591 + FStar.String.length d * 6
                                  | _ -> 49 end
                  | _ -> 6)
let main txSkel context contractId command _ messageBody _ _ =
  match command with
  | "Notarize" -> notarize txSkel context contractId messageBody
  | _ -> RT.failw "unknown command"

// match leaves 2 + max(match (leaves 3 + 1 + (+) 2 + (*) 2 + length 1)
// 9, 0) = 11; |> cast nat |> C.ret 5.  16.
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 16
let cf _ _ command _ messageBody _ _ =
  (match command with
   | "Notarize" -> begin match messageBody with
                   | Some (String d) -> 591 + FStar.String.length d * 6
                   | _ -> 49 end
   | _ -> 6)
  |> cast nat
  |> C.ret
