let x = match y with | Some z when z > 0 -> 1 | _ -> 0
