type t = | A of nat | B : x:nat -> t
val f : #a:Type -> x:a{x == x} -> Tot (cost a 3)
let f (#a:Type) (x:a) = {r with f = (x <: a); g = [1;2]} `g` 0xffUL
