(* A points calculator with operators of its own: a top-level saturating
   `+|`, a local percentage `*%`, operator sections (( +| ) 10, ( - )
   1000, ( - ) 0), mutually recursive `let rec ... and ...`, attributes,
   and noeq / unopteq types holding (cost) functions. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module C = Zen.Cost
module RT = Zen.ResultT
module I = FStar.Int64

noeq type rule = { name : string; apply : int -> int `cost` 10 }

unopteq type step =
  | Add of int
  | Scale of int
  | Seq of (int -> int `cost` 10)

// a + b, at most 1000.  Cost: if 3 + a + b > 1000 4 + max (ret 1000 1,
// ret (a + b) 3) = 10
[@ "substitute"]
val ( +| ) : int -> int -> int `cost` 10
let ( +| ) a b = if a + b > 1000 then ret 1000 else ret (a + b)

// Cost: if 3 + n = 0 2 + max (ret true 1, isOdd (n - 1) 3) = 8, and 8
// more for each step down to 0: 8 * (n + 1)
val isEven : n:nat -> bool `cost` (n * 8 + 8)
val isOdd : n:nat -> bool `cost` (n * 8 + 8)
let rec isEven n = if n = 0 then ret true else isOdd (n - 1)
and [@@ "opaque_to_smt"] isOdd n = if n = 0 then ret false else isEven (n - 1)

// One step on v.  Cost: match leaves (Add k, Scale k, Seq f: 2 each) 6
// + max (C.incRet 10 (v + k): 2 + 2, the same, f v 1) = 10; incRet 10 or
// f's 10: 20
val run : s:step -> v:int -> cost int 20
let run s v =
  match s with
  | Add k -> C.incRet 10 (v + k)
  | Scale k -> C.incRet 10 (v * k)
  | Seq f -> f v

// main's own count: let ( *% ) 0 (a function; its body ret (a * pct /
// 100) counts 5), let start 0, let neg (record 2 fields + ( - ) 0 >>
// C.incRet 10: >> 2 + 1 + 1) 6, let! 2 + match (leaves 5 + max branch:
// parity: let! 2 + isEven start 1 + let! 2 + isOdd 7 1 + run (Add (if e
// && o then 1 else 0)) 0: 2 + Add 1 + if (3 + && 2) 5 = 8: 14; cap: >>=
// 2 + (>>= 2 + *% 2 + ( +| ) 200 1) + run (Scale 1) 2 = 9; scale: run
// (Seq (( +| ) 10)) 3 + start |> ( - ) 1000 3 + 1 = 7; bonus 6; _ 4) 19
// + RT.ok @ {...} 8 = 35; run 20 on every path, RT.ok 0.  cap: 35 + *%
// 5 + +| 10 + 20 = 70; bonus: 35 + 5 + 20 = 60; parity: 35 + isEven 640
// 5128 + isOdd 7 64 + 20 = 5247; scale, others: 35 + 20 = 55.
val cf : txSkeleton -> context -> string -> sender -> option data -> wallet
         -> option data -> nat `cost` 5
let cf _ _ command _ _ _ _ =
  match command with
  | "cap" -> C.ret 70
  | "bonus" -> C.ret 60
  | "parity" -> C.ret 5247
  | _ -> C.ret 55

val main : txSkel:txSkeleton -> context:context -> contractId
           -> command:string -> sender:sender -> messageBody:option data
           -> w:wallet -> state:option data
           -> contractResult `cost` (cf txSkel context command sender
                                       messageBody w state)
let main txSkel context contractId command sender messageBody w state =
  let ( *% ) a pct = ret (a * pct / 100) in
  let start = 640 in
  let neg = { name = "neg"; apply = ( - ) 0 >> C.incRet 10 } in
  let! r =
    match command with
    | "cap" -> start *% 150 >>= ( +| ) 200 >>= run (Scale 1)
    | "bonus" -> start *% 150 >>= run (Add 200)
    | "scale" -> run (Seq (( +| ) 10)) (start |> ( - ) 1000)
    | "parity" ->
      let! e = isEven start in
      let! o = isOdd 7 in
      run (Add (if e && o then 1 else 0)) 0
    | _ -> run (Seq neg.apply) start
  in
  RT.ok @ { tx = txSkel; message = None; state = Update (I64 (I.int_to_t r)) }
