[@@ "substitute"]
let x = 1
[@ a b] unfold let y = [@ c] let z = x in z
let rec f x = g x and [@@ foo] g x = f x
