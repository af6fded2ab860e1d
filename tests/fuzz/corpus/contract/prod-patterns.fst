let p = match q with | ((a, (b, c)), { f = { g = (d, e) } }) -> a | [ (k, [ { x = Some (l, m) } ]) ] -> k
let r = fun { x; y } -> { x; y = x }
let n = match M.Some 1 with | M.Some (Zen.Types.PK k) -> k | FStar.Pervasives.Native.None -> f #nat #_ 0
