(* precedence and layout traps of the source printer (unparse.c) *)
let t1 = a - (b - c) - d
let t2 = (a :: b) :: c :: d
let t3 = (f x) y (g z)
let t4 = - x * y + (- x) * y + a * - b * c + - (5 :: l) + - -5
let t5 = f (-1) (- x) ~- y !z (!x) y
let t6 = a `f` b `f` (c `g` d) ** e ** (h ** i)
let t7 = x.f.g + (f x).g + (x)._f.h + [1].f + A.b.c
let t8 = match x with | A -> (match y with | B -> 1) | C -> function | D -> 2
let t9 = if a then (if b then c) else if d then e else let x = 1 in x
let t10 = { r with a = (let x = 1 in x); b = fun y -> y }
let t11 = [ (match x with | A -> 1); (x <: t); (x : u) ]
let t12 = let! (a, b) = m in let open M in (let! c = n in c) >>= (fun d -> d)
let t13 = f #a x ((g x) #b) ((a + b) #c) ((fun x -> x) #d)
let t14 = "a\"b\\c\n\t\r\x00\x7f\255", 255uy, -128y, -9223372036854775808L, 18446744073709551615UL
let t15 = match x with | -1 | 1 -> 0 | Some -2 :: t -> 1 | { a.B = x; c = (d | e) } -> 2 | (+%) -> 3
let t16 = f ({ x.match = 1 }) (x : (match y with | A -> 1)) (x : ~- 1)
val t17 : x:nat -> #n:nat -> _ -> cost nat (n + 1)
let t17 (#a #cost : Type) (-1) (y, z) : u `cost` 3 = y
let rec t18 x = t19 x
and t19 ( +% ) = 1 +% 2
type t20 = | A | B of int | C : int -> int -> t20
and t21 = { f : int }
