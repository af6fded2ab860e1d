let s = ( + ) 1 2 + (( * ) 3) 4
let t = let ( <+> ) a b = a + b in 1 <+> 2
let ( |?> ) o d = match o with | Some x -> x | None -> d
