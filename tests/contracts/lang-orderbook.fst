(* An order book kept in the code: the best bid and ask, their spread and
   the book's depth.  Uses records in list patterns (partial record
   patterns under `::`), a tuple scrutinee mixing lists and options,
   `function` as the right operand of `|>` (unparenthesized), `fun` as the
   operand of `|>` inside an argument, `let rec` bound to a `function`,
   `let!` over a unit-taking function, and `begin match ... end`. *)
open Zen.Types
open Zen.Base
open Zen.Cost

module C = Zen.Cost
module RT = Zen.ResultT
module OptT = Zen.OptionT
module I = FStar.Int64

type order = { price : nat; qty : nat; buy : bool }

val book : list order
let book =
  [ { price = 101; qty = 5; buy = true };
    { price = 99; qty = 7; buy = true };
    { price = 104; qty = 2; buy = false };
    { price = 103; qty = 9; buy = false } ]

// the highest bid (buy) or the lowest ask, from acc on
val best : buy:bool -> l:list order -> acc:option nat -> option nat
let rec best buy l acc =
  match l, acc with
  | [], _ -> acc
  | { price = p; buy = b } :: rest, None ->
    if b = buy then best buy rest (Some p) else best buy rest None
  | { price = p; buy = b } :: rest, Some q ->
    best buy rest (if b = buy && (if buy then p > q else p < q)
                   then Some p else Some q)

val depth : list order -> nat
let rec depth = function
  | [] -> 0
  | { qty = q } :: rest -> q + depth rest

// Cost: |> 2 + (best true book None, best false book None) (2 + 3 + 3)
// = 10; the function's body: leaves (Some bid, Some ask) 4 + _ 1 + max
// (OptT.incSome 3 (ask - bid) 2 + 2, OptT.incNone 3 1) = 9; incSome 3 or
// incNone 3: 22 on both paths
val spread : unit -> cost (option nat) 22
let spread () =
  (best true book None, best false book None) |> function
  | Some bid, Some ask -> OptT.incSome 3 (ask - bid)
  | _ -> OptT.incNone 3

// main's own count: match leaves 3 + max (spread: let! 1 + leaf 1 +
// spread () 1 + begin match s (leaves Some d 2 + None 1 + max (RT.ok @
// {...} 8, RT.failw 1)) 11 = 14; depth: RT.ok @ {...} with Update (I64
// (I.int_to_t (book |> fun l -> depth l))) 3 + 2: 10; RT.failw 1) = 17;
// spread () 22 on the spread path.
val cf : txSkeleton -> context -> string -> sender -> option data -> wallet
         -> option data -> nat `cost` 8
let cf _ _ command _ _ _ _ =
  C.ret (if command = "spread" then 17 + 22 else 17)

val main : txSkel:txSkeleton -> context:context -> contractId
           -> command:string -> sender:sender -> messageBody:option data
           -> w:wallet -> state:option data
           -> contractResult `cost` (cf txSkel context command sender
                                       messageBody w state)
let main txSkel context contractId command sender messageBody w state =
  match command with
  | "spread" ->
    let! s = spread () in
    begin match s with
    | Some d ->
      RT.ok @ { tx = txSkel; message = None; state = Update (I64 (I.int_to_t d)) }
    | None -> RT.failw "empty book"
    end
  | "depth" ->
    RT.ok @ { tx = txSkel; message = None;
              state = Update (I64 (I.int_to_t (book |> fun l -> depth l))) }
  | _ -> RT.failw "unknown command"
