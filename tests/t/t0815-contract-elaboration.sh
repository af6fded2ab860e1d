#!/bin/bash
# The elaborator's increments, as the reference counts them.
#
# tests/vectors/elaboration.json carries reference test contracts whose
# compiled F# shows each increment (Zen.Cost.Realized.inc m k), with runs
# on which main's cost is cf's value: zen must give the same contract id
# (the source is byte for byte what the reference compiled), accept the
# contract, and charge main exactly cf on those runs.  Then one small
# contract per rule of the pinned elaborator (ZFS-Tools 0.0.24,
# ASTUtils.fs) whose main costs are counted here by hand: the pattern
# leaves (a constructor's name is one, [] has none), let! (2 whatever its
# pattern), a let open in a branch (counted where it stands, no increment
# of its own) and a projector C?.f (1).
. "$(dirname "$0")/test-lib.sh"

V="$ZEN_SRCDIR/tests/vectors/elaboration.json"
z() { "$ZEN" --datadir "$DATADIR" "$@"; }

# vec ID EXPR: EXPR of the vector's "input" (python, the input as i)
vec() {
	python3 -c "import json,sys
d = json.load(open(sys.argv[1]))
i = [v for v in d['vectors'] if v['id'] == sys.argv[2]][0]['input']
print(eval(sys.argv[3]))" "$V" "$1" "$2"
}

for id in c2-mint c3 contract2; do
	# the code byte for byte (print would add a newline)
	python3 -c "import json,sys
d = json.load(open(sys.argv[1]))
i = [v for v in d['vectors'] if v['id'] == sys.argv[2]][0]['input']
open(sys.argv[3], 'w').write(i['code'])" "$V" "$id" "$TRASH/$id.fst"
	test_expect_success "$id: the reference's contract id" '
		test "$(z contract id "$TRASH/$id.fst" | json "d[\"contractId\"]")" = \
			"$(vec "$id" "i[\"contractId\"]")"
	'
	test_expect_success "$id: accepted" '
		z contract check "$TRASH/$id.fst" >/dev/null
	'
	n=$(vec "$id" 'len(i["runs"])')
	for k in $(seq 0 $((n - 1))); do
		cmd=$(vec "$id" "i['runs'][$k]['command']")
		sender=$(vec "$id" "i['runs'][$k]['sender']")
		want=$(vec "$id" "'%d %d' % (i['runs'][$k]['cost'], i['runs'][$k]['mainCost'])")
		args=(--command "$cmd" --sender "$sender")
		if [ "$(vec "$id" "'body' in i['runs'][$k]")" = True ]; then
			args+=(--body "$(vec "$id" "json.dumps(i['runs'][$k]['body'])")")
		fi
		test_expect_success "$id \"$cmd\": cost and main's cost $want" '
			z contract run "$TRASH/$id.fst" "${args[@]}" >"$TRASH/out" &&
			test "$(json "\"%d %d\" % (d[\"cost\"], d[\"mainCost\"])" <"$TRASH/out")" = "$want"
		'
	done
done

# ---- one rule each, counted by hand -----------------------------------------
HEAD='open Zen.Types
open Zen.Base
open Zen.Cost
module RT = Zen.ResultT
module OptT = Zen.OptionT'
CF='let cf _ _ _ _ _ _ _ = ret (100 <: nat)'
OK='RT.ok @ { tx = txSkel; message = None; state = NoChange }'

# main_cost FILE COMMAND: main's own count of a run
main_cost() {
	z contract run "$1" --command "$2" | json 'd["mainCost"]'
}

# Patterns.  main = match command with ...: scrutinee 0 + the leaves of
# every pattern + the larger branch.  The branch: OK is @ (2) + a record
# of 3 fields (3) + RT.ok 0 = 5.
#   The scrutinee [1; 2] is 2 per element, 4.  [] 0 and _ 1: 4 + 1 + 5
#   = 10 (an earlier count gave [] a leaf: 11); hd :: tl 3 (Cons, hd,
#   tl) and _ 1: 4 + 4 + 5 = 13 (12 without the constructor's name).
cat >"$TRASH/pat-nil.fst" <<EOF
$HEAD
let main txSkel _ _ command _ _ _ _ =
  match [1; 2] with
  | [] -> $OK
  | _ -> $OK
$CF
EOF
cat >"$TRASH/pat-cons.fst" <<EOF
$HEAD
let main txSkel _ _ command _ _ _ _ =
  match [1; 2] with
  | hd :: tl -> $OK
  | _ -> $OK
$CF
EOF
#   Some (a, b) 3, Some _ 2, None 1, _ 1: 5 + 7 = 12; the scrutinee
#   Some (1, 2) is Some (1) + the pair (2) = 3: 15
cat >"$TRASH/pat-ctor.fst" <<EOF
$HEAD
let main txSkel _ _ command _ _ _ _ =
  match Some (1, 2) with
  | Some (a, b) -> $OK
  | Some _ -> $OK
  | None -> $OK
  | _ -> $OK
$CF
EOF
# let!: 2 + both sides, the pattern not counted.  ret (1, 2): 1 + the
# pair 2 = 3; the body OK 5: 2 + 3 + 5 = 10 (an earlier elaborator counted
# the pattern's 2 leaves: 11)
cat >"$TRASH/letbang.fst" <<EOF
$HEAD
let main txSkel _ _ command _ _ _ _ =
  let! (a, b) = ret (1, 2) in
  $OK
$CF
EOF
# let open in a branch: counted where it stands, no increment of its own.
# if: 3 + (command = "a": 2) + the larger branch: the open's OK, 5, or
# the else's @ 2 + record 3 + Update (U64 1UL) 2 = 7: 12 on both paths.
# (An earlier elaborator wrapped the open's body in an increment of its
# own and counted it 0 in the if: 12 + 5 = 17 on "a".)
cat >"$TRASH/letopen.fst" <<EOF
$HEAD
let main txSkel _ _ command _ _ _ _ =
  if command = "a" then let open OptT in $OK
  else RT.ok @ { tx = txSkel; message = None; state = Update (U64 1UL) }
$CF
EOF
# a projector: Some?.v (Some 7) is 1 (application) + 1 (projector) + 1
# (Some 7) = 3; ret of it 1: let x = ... counts 4, then OK 5: 9
cat >"$TRASH/proj.fst" <<EOF
$HEAD
let main txSkel _ _ command _ _ _ _ =
  let x = ret (Some?.v (Some 7)) in
  $OK
$CF
EOF

# e1; e2 (Seq) is e1 + e2; assert p is the application Prims._assert p
# (1 + p), unit at run time; a lemma's body (its val or its return type
# a Lemma) is not elaborated, and a call of it is an application.  main:
# lemma_zero 5 1 + lemma_inline 3 1 + assert (1 + 1 = 2) 1 + 2 + 2 + OK
# 5 = 12, cf's value (F* makes them equal).  The lemmas' bodies hold
# what only types may (forall, ==, C?).
cat >"$TRASH/seq.fst" <<EOF
$HEAD
val lemma_zero: x:nat -> Lemma (x * 0 = 0)
let lemma_zero x = assert (forall (y:nat). y * 0 = 0); ()
val lemma_some: o:option nat{Some? o} -> Lemma (Some?.v o >= 0)
let lemma_some o = assert (Some? o)
let lemma_inline (x:nat) : Lemma (x + 0 == x) = assert (x + 0 == x)
let main txSkel _ _ command _ _ _ _ =
  lemma_zero 5;
  lemma_inline 3;
  assert (1 + 1 = 2);
  $OK
let cf _ _ _ _ _ _ _ = ret (12 <: nat)
EOF
# e1;; e2 is let! _ = e1 in e2: 2 + (incRet 3 () 2) + OK 5 = 9, and
# incRet's 3: 12.
cat >"$TRASH/semisemi.fst" <<EOF
$HEAD
let main txSkel _ _ command _ _ _ _ =
  incRet 3 ();;
  $OK
$CF
EOF
# -1 is Op ("-", [1]) for F*'s parser (mk_uminus folds only signed sized
# literals): let x = -1 counts 1, let y = -1L 0; with OK 5: 6.
cat >"$TRASH/uminus.fst" <<EOF
$HEAD
let main txSkel _ _ command _ _ _ _ =
  let x = -1 in
  let y = -1L in
  $OK
$CF
EOF

test_expect_success 'patterns: [] has no leaf, hd :: tl three' '
	test "$(main_cost "$TRASH/pat-nil.fst" "") $(main_cost "$TRASH/pat-cons.fst" "")" = "10 13"
'
test_expect_success 'patterns: a constructor name is a leaf (Some (a, b) three)' '
	test "$(main_cost "$TRASH/pat-ctor.fst" "")" = 15
'
test_expect_success 'let!: 2 and both sides, a tuple pattern not counted' '
	test "$(main_cost "$TRASH/letbang.fst" "")" = 10
'
test_expect_success 'let open in a branch: counted in place, no increment of its own' '
	test "$(main_cost "$TRASH/letopen.fst" a) $(main_cost "$TRASH/letopen.fst" b)" = "12 12"
'
test_expect_success 'e1; e2, assert and lemmas: accepted and counted as the reference does' '
	z contract check "$TRASH/seq.fst" >/dev/null &&
	test "$(main_cost "$TRASH/seq.fst" "")" = 12
'
test_expect_success 'e1;; e2: a let! of e1' '
	test "$(main_cost "$TRASH/semisemi.fst" "")" = 12
'
test_expect_success 'unary minus: one on an int literal, none on an int64 one' '
	test "$(main_cost "$TRASH/uminus.fst" "")" = 6
'
test_expect_success 'a projector C?.f counts one' '
	test "$(main_cost "$TRASH/proj.fst" "")" = 9
'
test_done
