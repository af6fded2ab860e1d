let a = x |> fun y -> y + 1
let b = m >>= fun x -> f x >>= fun y -> g y
let c = m >>= function | Some x -> x | None -> 0
let d = 1 + let y = 2 in y * 3
let e = a && match b with | true -> c | false -> d
let f = a || if b then c else d
