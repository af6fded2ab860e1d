let f (#n:nat) (m : cost nat n) (k : nat) : cost nat (n + k) = m
let g = C.inc (2 * 3) (C.ret { a = 1; b })
let h { a; b = c } = a
