(* An order book kept in the code: the best bid and ask, their spread and
   the book's depth.  Uses records in list patterns (partial record
   patterns under `::`), a tuple scrutinee mixing lists and options,
   `function` as the right operand of `|>` (unparenthesized), `fun` as the
   operand of `|>` inside parentheses (the left operand of `>>=`), `let
   rec` bound to a `function`, `let!` over a unit-taking function, and
   `begin match ... end`.  The
   book is a cost value and best and depth are cost functions indexed by
   the list's length (the reference's elaborator wraps every body that
   counts in Zen.Cost.inc, which F* types on cost values only). *)
open Zen.Types
open Zen.Base
open Zen.Cost

module C = Zen.Cost
module RT = Zen.ResultT
module OptT = Zen.OptionT
module I = FStar.Int64

type order = { price : nat; qty : nat; buy : bool }

// the number of orders in the book: a constant (count 0, no increment)
val nOrders : nat
let nOrders = 4

// a cost value: the reference's elaborator wraps a top-level value that
// counts in inc, which F* types on cost values only.  Cost: ret 1 + 4
// records of 3 fields (12) + 4 conses of 2 (8) = 21
val book : (bs:list order{length bs = nOrders}) `cost` 21
let book =
  ret [ { price = 101; qty = 5; buy = true };
        { price = 99; qty = 7; buy = true };
        { price = 104; qty = 2; buy = false };
        { price = 103; qty = 9; buy = false } ]

// the highest bid (buy) or the lowest ask, from acc on.  Count: the
// scrutinee l, acc 2 + leaves [], _ 1, {price; buy} :: rest, None 5,
// {price; buy} :: rest, Some q 6 + max (ret acc 1, if 3 + b = buy 2 +
// max (best buy rest (Some p) 4, best buy rest None 3) = 9, best 3 + if
// 3 + (&& 2 + b = buy 2 + if 3 + max (p > q 2, p < q 2) 5) 9 + Some 1
// = 16) = 30: 30 on [], 30 more per order
val best : buy:bool -> l:list order -> acc:option nat
           -> option nat `cost` (length l * 30 + 30)
let rec best buy l acc =
  match l, acc with
  | [], _ -> ret acc
  | { price = p; buy = b } :: rest, None ->
    if b = buy then best buy rest (Some p) else best buy rest None
  | { price = p; buy = b } :: rest, Some q ->
    best buy rest (if b = buy && (if buy then p > q else p < q)
                   then Some p else Some q)

// Count (the function's body): leaves [] 0, { qty = q } :: rest 3 + max
// (ret 0 1, let! 2 + depth rest 1 + ret (q + d) 3 = 6) = 9: 9 on [], 9
// more per order
val depth : l:list order -> nat `cost` (length l * 9 + 9)
let rec depth = function
  | [] -> ret 0
  | { qty = q } :: rest -> let! d = depth rest in ret (q + d)

// Cost: let! b = book 2 + let! bid = best true b None 2 + 3 + let! ask =
// best false b None 2 + 3 + |> 2 + (bid, ask) 2 = 16; book 21 + best
// 4 * 30 + 30 = 150 twice; the function's body: leaves (Some bid, Some
// ask) 4 + _ 1 + max (OptT.incSome 3 (ask - bid) 2 + 2, OptT.incNone 3
// 1) = 9, + incSome 3 or incNone 3: 16 + 21 + 300 + 12 = 349
val spread : unit -> cost (option int) 349
let spread () =
  let! b = book in
  let! bid = best true b None in
  let! ask = best false b None in
  (bid, ask) |> function
  | Some bid, Some ask -> OptT.incSome 3 (ask - bid)
  | _ -> OptT.incNone 3

// main's own count: match leaves 3 + max (spread: let! 2 + spread () 1 +
// begin match s (leaves Some d 2 + None 1 + max (RT.ok @ {...} 8,
// RT.failw 1)) 11 = 14; depth: let! 2 + >>= 2 + (b |> fun l -> depth l)
// 2 = 6; RT.failw 1) = 17.  spread () 349 on the spread path; on the
// depth path book 21 + the lambdas' increments depth l 1 and RT.ok @
// {...} (@ 2 + 3 fields + Update (I64 (I.int_to_t d)) 3) 8 + depth
// 4 * 9 + 9 = 45: 75.  cf's count: C.ret 1 + if 3 + = 2 + max (+ 2, if
// 3 + = 2 + max (+ 2, 0) = 7) = 13.
val cf : txSkeleton -> context -> string -> sender -> option data -> wallet
         -> option data -> nat `cost` 13
let cf _ _ command _ _ _ _ =
  C.ret (if command = "spread" then 17 + 349
         else if command = "depth" then 17 + 75 else 17)

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
    let! b = book in
    (b |> fun l -> depth l) >>= (fun d ->
    RT.ok @ { tx = txSkel; message = None; state = Update (I64 (I.int_to_t d)) })
  | _ -> RT.failw "unknown command"
