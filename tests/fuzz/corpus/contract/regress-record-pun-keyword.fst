(* precedence and layout traps of the source printer (unparse.c) *)
let t1 = a - (b - c) - d
let t2 = (a :: b) :: c :: d
let t3 = (F x) y (g z)
let t#4 = - x * ((g x) #b) ((a + b) #c) ((fun x -> x) #d)
let t14 = "a\"b\\c\n\t\r\x00\x7f\255", 255uy, -128y, -923372036854775808L, 18446744073704775807UL
let t15 = match x with | -1 | 1 -> 0 | Some -2 :: t -> 1 | { a.B = x; c = (d | e) } -> 2 | (+%) -> 3
let t16 = f ({ x.match }= 1  )(x : (match y with | A -> 1)) (x : ~- 1)
val t17 : x:nat -> #n:nat -> _ -> cost nat (n + 1)
let t17 (#a #cost : Type) (-1) (y, z) : u `cost` 3 = y
let rec t18 x = t19 x
and t19 ( +% ) = 1 +% 2
type t20 = | A | B of int | C : int -> int -> t20
and t21 = { f : int }
