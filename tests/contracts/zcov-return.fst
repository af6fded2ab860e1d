(* zcov-return: Zulib coverage (issue 16) of the record-style
   Zen.ContractReturn (ofTxSkel, setTx, setStateDelete, setStateNoChange,
   setState, setMessage, setStateUpdate), of Zen.ContractResult's
   ofResultTxSkel (OK and ERR), setState (on OK and on ERR) and
   setStateNoChange, and of Zen.TxSkeleton.addInputs.  main returns the
   contractReturn it built (RT.ok): its skeleton holds the two added
   inputs, its message goes to the contract itself, and its state lists
   the state updates seen along the way (helpers su and sr). *)
open Zen.Types
open Zen.Base
open Zen.Cost

module CRet = Zen.ContractReturn
module CR = Zen.ContractResult
module RT = Zen.ResultT
module Tx = Zen.TxSkeleton
module Asset = Zen.Asset

// A state update as data.  count: match on a variable, 4 pattern leaves
// (Delete 1, NoChange 1, Update d 2) + the largest branch, ret
// (String _) 2 = 6.  No Zulib cost (ret 0).
val su: stateUpdate -> data `cost` 6
let su s =
  match s with
  | Delete -> ret (String "delete")
  | NoChange -> ret (String "nochange")
  | Update d -> ret d

// A contract result's state update as data, or its error message.
// count: 4 pattern leaves (OK c 2, ERR e 2) + max(su r.state (1
// argument + projection 1) 2, incRet 6 (String e) (2 arguments + String
// 1) 3) = 7.  Zulib and helpers: su 6 on OK, incRet 6 on ERR: 6 either
// way.  13.
val sr: CR.t -> data `cost` 13
let sr r =
  match r with
  | OK c -> su c.state
  | ERR e -> incRet 6 (String e)

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 425
let main txSkel context contractId command sender messageBody wallet state =
  let! tx = Tx.addInputs [
      Mint ({ asset = Asset.zenAsset; amount = 5UL });
      PointedOutput ({ txHash = Asset.zeroHash; index = 1ul },
                     { lock = PKLock Asset.zeroHash;
                       spend = { asset = Asset.zenAsset; amount = 3UL } }) ]
      txSkel in
  let! r0 = CRet.ofTxSkel txSkel in
  let! r1 = CRet.setTx tx r0 in
  let! r2 = CRet.setStateDelete r1 in
  let! r3 = CRet.setStateNoChange r2 in
  let! r4 = CRet.setState (Update (U64 9UL)) r3 in
  let! r5 = CRet.setMessage ({ recipient = contractId; command = "hi";
                               body = Some (U64 1UL) }) r4 in
  let! e1 = CR.ofResultTxSkel (ERR "none") in
  let! e2 = CR.setState (Update (U64 2UL)) e1 in
  let! k1 = CR.ofResultTxSkel (OK tx) in
  let! k2 = CR.setState Delete k1 in
  let! k3 = CR.setStateNoChange k2 in
  let! d0 = su r0.state in
  let! d2 = su r2.state in
  let! d3 = su r3.state in
  let! d4 = su r4.state in
  let! c2 = sr e2 in
  let! c3 = sr k1 in
  let! c4 = sr k2 in
  let! c5 = sr k3 in
  let! r6 = CRet.setStateUpdate
              (Collection (List [ d0; d2; d3; d4; c2; c3; c4; c5 ])) r5 in
  RT.ok r6

// Values (Zulib v0.3.43 Zen.ContractReturn.fst, Zen.ContractResult.fst,
// contracts.md 4.8 and 4.10):
//   tx: addInputs appends in order to the empty skeleton: the mint of 5
//     ZP, then the input spending outpoint (00..00, 1) of 3 ZP (locked
//     to PKLock 00..00): in=[mint zp 5; in 00 zp 3].
//   r0 = {tx = txSkel (empty); message = None; state = NoChange};
//   r1: tx replaced by tx; r2: state Delete; r3: state NoChange; r4:
//   state Update (U64 9); r5: message Some {recipient = contractId (the
//   contract itself: "self"); command "hi"; body Some (U64 1)}.
//   e1 = ofResultTxSkel (ERR "none") = ERR "none"; e2: setState acts on
//   OK only, ERR "none" passes through.  k1 = OK {tx; None; NoChange};
//   k2: OK, state Delete; k3: OK, state NoChange.
//   su: d0 nochange, d2 delete, d3 nochange, d4 U64 9.  sr: c2 the
//   message "none", c3 nochange, c4 delete, c5 nochange.
//   r6 = r5 with state Update [those eight]; main returns OK r6.
// main's count (contracts.md 1.10): twenty-one let! of one variable, 2
//   each = 42.  Right-hand sides: tx: addInputs 2 + list of 2 (2 each) 4
//   + Mint 1 + record of 2 fields 2 + PointedOutput 1 + pair 2 + record
//   {txHash; index} 2 + record {lock; spend} 2 + PKLock 1 + record
//   {asset; amount} 2 = 19; r0 ofTxSkel 1; r1 setTx 2; r2 1; r3 1; r4
//   setState 2 + Update 1 + U64 1 = 4; r5 setMessage 2 + record of 3
//   fields 3 + Some 1 + U64 1 = 7; e1 ofResultTxSkel 1 + ERR 1 = 2; e2
//   setState 2 + Update 1 + U64 1 = 4; k1 1 + OK 1 = 2; k2 setState 2
//   (Delete is a constant) = 2; k3 1; four su (1 argument + projection
//   1) 8; four sr 4; r6 setStateUpdate 2 + Collection 1 + List 1 + list
//   of 8 (2 each, the items are variables) 16 = 20: 78.  The last line,
//   RT.ok r6: 1.  42 + 78 + 1 = 121.
// Zulib and helpers: addInputs 2 * 64 + 64 = 192; ContractReturn
//   ofTxSkel, setTx, setStateDelete, setStateNoChange, setState,
//   setMessage 6 * 3 = 18 and setStateUpdate 3; ContractResult
//   ofResultTxSkel twice, setState twice, setStateNoChange 5 * 3 = 15
//   (3 each also on ERR); su 4 * 6 = 24; sr 4 * 13 = 52; RT.ok 0.
//   192 + 18 + 3 + 15 + 24 + 52 = 304.
// Total 121 + 304 = 425; none of main's binds short-circuits (every
//   let! is a plain cost bind), so RAW = 425.
// case: x | - | 425 | 425 | OK in=[mint zp 5; in 00 zp 3] out=[] S=[str:nochange,str:delete,str:nochange,u64:9,str:none,str:nochange,str:delete,str:nochange] M=self hi u64:1
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 425
