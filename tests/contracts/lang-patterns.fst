(* A shape registry: builds a shape from the command and stores twice its
   area.  Uses records and tuples nested in patterns, an or-pattern over
   constructors, constructors qualified by a module alias (N.Some,
   N.None), record updates, a `match` as the operand of `+`, and nested
   begin ... end. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module C = Zen.Cost
module RT = Zen.ResultT
module N = FStar.Pervasives.Native
module I = FStar.Int64

type point = { x : int; y : int }

type shape =
  | Dot of point
  | Seg of point * point
  | Tri of point * (point * point)

// The shape a command names: the origin o, p = (4, 0), q = (0, 3).
// Cost: let o (record 2) + let p ({ o with x } 1) + let q 1 +
// C.incRet 5 (match) 2 + match (leaves 4 + max: N.Some (Tri (o, (p, q)))
// 1 + Tri 1 + tuple 2 + tuple 2 = 6) 10 = 16; incRet 5: 21
val parse : cmd:string -> cost (option shape) 21
let parse cmd =
  let o = { x = 0; y = 0 } in
  let p = { o with x = 4 } in
  let q = { o with y = 3 } in
  C.incRet 5 (match cmd with
              | "tri" -> N.Some (Tri (o, (p, q)))
              | "seg" -> N.Some (Seg (p, q))
              | "dot" -> N.Some (Dot o)
              | _ -> N.None)

// Twice the signed area of a triangle, 0 for the others.  Cost: match
// leaves (Dot _ | Seg _) 2 + 2 + Tri (...) 1 + 6 = 11, max (C.incRet 2
// 0: 2, C.incRet 2 (...): 2 + (- 2 + (* 2 + - 2 + - 2) + (* 2 + - 2 +
// - 2)) = 16) = 27; incRet 2 on both paths: 29
val area2 : s:shape -> cost int 29
let area2 s =
  match s with
  | Dot _ | Seg _ -> C.incRet 2 0
  | Tri ({ x = ax; y = ay }, ({ x = bx; y = by2 }, { x = cx; y = cy })) ->
    C.incRet 2 ((bx - ax) * (cy - ay) - (cx - ax) * (by2 - ay))

// main's own count: let! 1 + leaf 1 + parse command 1 + match (leaves
// N.None 1 + N.Some sh 2, max (RT.failw 1, let! 1 + 1 + area2 sh 1 +
// RT.ok @ {...} (@ 2 + 3 fields + Update (I64 (I.int_to_t (a + match))):
// 3 + (+ 2 + match: leaves Tri _ 2 + _ 1) 5 = 8) 13 = 16)) 19 = 22; plus
// parse 21, and area2 29 when the shape is known.  RT.ok, RT.failw 0.
val cf : txSkeleton -> context -> string -> sender -> option data -> wallet
         -> option data -> nat `cost` 13
let cf _ _ command _ _ _ _ =
  begin begin match command with
  | "tri" | "seg" | "dot" -> 22 + 21 + 29
  | _ -> 22 + 21
  end end |> cast nat |> C.ret

val main : txSkel:txSkeleton -> context:context -> contractId
           -> command:string -> sender:sender -> messageBody:option data
           -> w:wallet -> state:option data
           -> contractResult `cost` (cf txSkel context command sender
                                       messageBody w state)
let main txSkel context contractId command sender messageBody w state =
  let! s = parse command in
  match s with
  | N.None -> RT.failw "unknown shape"
  | N.Some sh ->
    let! a = area2 sh in
    RT.ok @ { tx = txSkel; message = None;
              state = Update (I64 (I.int_to_t (a + match sh with
                                                   | Tri _ -> 1000
                                                   | _ -> 0))) }
