let x = match a, b with | Some x, _ :: y -> begin let! z = f #nat x in ret (z +^ 1ul) end | _ -> RT.failw "e"
