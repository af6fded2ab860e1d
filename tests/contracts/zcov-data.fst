(* zcov-data: Zulib coverage of Zen.Data (issue 16): the Kleisli
   composition >?> and the accessors tryI64, tryByte, tryByteArray,
   tryCollection and tryArray, each on a value of its constructor (Some)
   and on another one (None).  The message body is the dict
   {a = I64 -5; b = Byte 7}; the byte array and the array are built in
   the contract (the case notation has no byte arrays nor arrays).  main
   stores what it read in its state as a data list. *)
open Zen.Types
open Zen.Base
open Zen.Cost
open Zen.Data

module A = Zen.Array
module Dict = Zen.Dictionary
module O = Zen.Option
module CR = Zen.ContractResult

val main: txSkeleton -> context -> contractId -> string -> sender
  -> option data -> wallet -> option data -> CR.t `cost` 391
let main txSkel context contractId command sender messageBody wallet state =
  let! a = messageBody >!= (tryDict >?> Dict.tryFind "a") >?= tryI64 in
  let! b = messageBody >!= (tryDict >?> Dict.tryFind "b") >?= tryByte in
  let! nb = messageBody >!= (tryDict >?> Dict.tryFind "b") >?= tryI64 in
  let! bs = A.ofList [ 1uy; 2uy; 3uy ] in
  let! ba = tryByteArray (ByteArray bs) in
  let! nba = tryByteArray (Byte 1uy) in
  let! ds = A.ofList [ U64 4UL; U64 5UL ] in
  let! ar = tryArray (Collection (Array ds)) in
  let! nar = tryArray (Collection (List [ U64 6UL ])) in
  let! co = tryCollection (Collection (List [ U64 6UL ])) in
  let! nco = tryCollection (U64 6UL) in
  CR.ofTxSkel txSkel
  >>= CR.setStateUpdate (Collection (List [
        I64 (O.fromOption 0L a);
        Byte (O.fromOption 0uy b);
        U64 (if nb = None then 1UL else 0UL);
        Byte (A.item 2 (O.fromOption A.empty ba));
        U64 (if nba = None then 1UL else 0UL);
        Collection (Array (O.fromOption A.empty ar));
        U64 (if nar = None then 1UL else 0UL);
        Collection (O.fromOption (Dict Dict.empty) co);
        U64 (if nco = None then 1UL else 0UL) ]))

// Values (Zulib v0.3.43 Zen.Data.fst):
//   a: the body is Some, so >!= applies (tryDict >?> tryFind "a"):
//      tryDict gives the dict, tryFind "a" gives Some (I64 -5), and
//      tryI64 (I64 -5) = Some -5.                              -> i64:-5
//   b: the same path to key "b": tryByte (Byte 7) = Some 7.    -> byte:7
//   nb: tryI64 (Byte 7) is the `_` branch: None.               -> u64:1
//   ba: tryByteArray (ByteArray [1;2;3]) = Some [1;2;3]; its item 2 is
//      3.                                                      -> byte:3
//   nba: tryByteArray (Byte 1) = None.                         -> u64:1
//   ar: tryArray = tryCollection >?> (Array a -> Some a): Collection
//      (Array [U64 4; U64 5]) gives Some [U64 4; U64 5], stored back as
//      an array.                                   -> array[u64:4,u64:5]
//   nar: tryCollection gives Some (List ..), whose second step is the `_`
//      branch: None.                                           -> u64:1
//   co: tryCollection (Collection (List [U64 6])) = Some (List [U64 6]),
//      stored back in a Collection.                            -> [u64:6]
//   nco: tryCollection (U64 6) = None.                         -> u64:1
// main's count (contracts.md 1.10): eleven let! of one variable, 2 each
//   = 22.  Right-hand sides: a, b, nb: >?= 2 + >!= 2 + >?> 2 + tryFind
//   "a" 1 = 7 each, 21; bs: ofList 1 + list of 3 (2 each) 6 = 7; ba:
//   tryByteArray 1 + ByteArray 1 = 2; nba: 1 + Byte 1 = 2; ds: ofList 1
//   + list of 2 4 + two U64 2 = 7; ar: tryArray 1 + Collection 1 + Array
//   1 = 3; nar: tryArray 1 + Collection 1 + List 1 + list of 1 2 + U64 1
//   = 6; co: the same with tryCollection, 6; nco: 1 + U64 1 = 2.  56.
//   Last line: >>= 2 + ofTxSkel 1 + setStateUpdate 1 + Collection 1 +
//   List 1 = 6, list of 9: 18, its items: I64 (fromOption 2) 3, Byte
//   (fromOption 2) 3, four U64 (if 3 + (x = None) 2, branches 0) 6 each
//   24, Byte (item 2 + fromOption 2) 5, Collection (Array (fromOption
//   2)) 4, Collection (fromOption 2 + Dict 1) 4: 43.  6 + 18 + 43 = 67.
//   22 + 56 + 67 = 145.
// Zulib (tests/zulib-audit.txt): a, b, nb: >!= charges its callback,
//   tryDict 4 >?> tryFind 64 = 68, then >?= adds tryI64 / tryByte 2: 70
//   each, 210 (every bind runs: the body is Some and both keys exist);
//   ofList 3 * 2 + 2 = 8; tryByteArray 2 + 2 = 4; ofList 2 * 2 + 2 = 6;
//   tryArray 4 + 4 = 8; tryCollection 2 + 2 = 4; ofTxSkel 3 +
//   setStateUpdate 3 = 6; fromOption, item, A.empty, Dict.empty free.
//   210 + 8 + 4 + 6 + 8 + 4 + 6 = 246.
// Total 145 + 246 = 391; no bind short-circuits, so RAW = 391 too.
// case: x | {a=i64:-5,b=byte:7} | 391 | 391 | OK in=[] out=[] S=[i64:-5,byte:7,u64:1,byte:3,u64:1,array[u64:4,u64:5],u64:1,[u64:6],u64:1]
val cf: txSkeleton -> context -> string -> sender -> option data -> wallet
  -> option data -> nat `cost` 1
let cf _ _ _ _ _ _ _ = ret 391
