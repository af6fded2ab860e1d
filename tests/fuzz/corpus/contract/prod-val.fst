val f (#n:nat) (m : cost nat n) : cost nat (n + 3)
let f #n m = m
val g : #a:Type -> (x:nat{x > 0}) -> k:nat -> Tot (cost nat (x + k))
let g #a x k = C.incRet 1 x
let rec ev n = od n and od n = ev n
