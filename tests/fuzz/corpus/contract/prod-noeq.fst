noeq type r = { a : nat -> nat }
unopteq type t = | A of (nat -> nat) | B
private noeq type u (a:Type) = | C : x:a -> u a
