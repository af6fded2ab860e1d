(* A points calculator with operators of its own: a top-level saturating
   `+|`, a local percentage `*%`, operator sections (( +| ) 10, ( - )
   1000), mutually recursive `let rec ... and ...`, attributes, and
   noeq / unopteq types holding functions. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module C = Zen.Cost
module RT = Zen.ResultT
module I = FStar.Int64

noeq type rule = { name : string; apply : int -> int }

unopteq type step =
  | Add of int
  | Scale of int
  | Seq of (int -> int)

// a + b, at most 1000 (no cost: a plain function)
[@ "substitute"]
val ( +| ) : int -> int -> int
let ( +| ) a b = if a + b > 1000 then 1000 else a + b

val isEven : nat -> bool
val isOdd : nat -> bool
let rec isEven n = if n = 0 then true else isOdd (n - 1)
and [@@ "opaque_to_smt"] isOdd n = if n = 0 then false else isEven (n - 1)

// One step on v.  Cost: match leaves (Add k, Scale k, Seq f: 2 each) 6
// + max (C.incRet 2 (v + k): 2 + 2, the same, C.incRet 2 (f v): 2 + 1)
// = 10; incRet 2: 12
val run : s:step -> v:int -> cost int 12
let run s v =
  match s with
  | Add k -> C.incRet 2 (v + k)
  | Scale k -> C.incRet 2 (v * k)
  | Seq f -> C.incRet 2 (f v)

// main's own count: let ( *% ) 0 (a function), let start 0, let neg
// (record 2 fields) 2, let! 1 + leaf 1 + match (leaves 5 + max branch:
// run (Add (if isEven start && isOdd 7 then 1 else 0)) 0: 2 + Add 1 + if
// (3 + && (2 + 1 + 1)) 7 = 10) 15 + RT.ok @ {...} 8 = 25: 27; run 12 on
// every path, RT.ok 0: 39.
val cf : txSkeleton -> context -> string -> sender -> option data -> wallet
         -> option data -> nat `cost` 3
let cf _ _ _ _ _ _ _ = C.ret (27 + 12 <: nat)

val main : txSkel:txSkeleton -> context:context -> contractId
           -> command:string -> sender:sender -> messageBody:option data
           -> w:wallet -> state:option data
           -> contractResult `cost` (cf txSkel context command sender
                                       messageBody w state)
let main txSkel context contractId command sender messageBody w state =
  let ( *% ) a pct = a * pct / 100 in
  let start = 640 in
  let neg = { name = "neg"; apply = fun v -> 0 - v } in
  let! r =
    match command with
    | "cap" -> run (Scale 1) (start *% 150 +| 200)
    | "bonus" -> run (Add 200) (start *% 150)
    | "scale" -> run (Seq (( +| ) 10)) (start |> ( - ) 1000)
    | "parity" -> run (Add (if isEven start && isOdd 7 then 1 else 0)) 0
    | _ -> run (Seq neg.apply) start
  in
  RT.ok @ { tx = txSkel; message = None; state = Update (I64 (I.int_to_t r)) }
