#!/bin/bash
# Competing branches, reorganisation, orphans and invalid blocks, across
# separate data directories (each its own node).
. "$(dirname "$0")/test-lib.sh"

TESTTX="$ZEN_BUILDDIR/tests/tools/testtx"
WORDS="feel muffin volcano click mercy abuse bachelor ginger limb tomorrow okay input spend athlete boring security document exclude liar dune usage camera ranch thought"
GEN_TX=b01098756bcf637bef2a161bd49412cad0a10adf12e64a694c41f9c5b9716420
OTHER=tzn1qnw2cxku67eaacdzupt58nwf6trg087g8snyc9gk62taaw8v8qz3sy7v0d9
ROOT=$("$TESTTX" --mnemonic "$WORDS" --address)
A="$TRASH/a" B="$TRASH/b" C="$TRASH/c" D="$TRASH/d"
za() { "$ZEN" --datadir "$A" "$@"; }
zb() { "$ZEN" --datadir "$B" "$@"; }
tip() { "$ZEN" --datadir "$1" blockchain info | json 'd["tip"]'; }
blocks_oldest_first() {	# DATADIR TAKE -> raw blocks, oldest first
	"$ZEN" --datadir "$1" blockchain blocks --take "$2" |
		json '"\n".join(b["rawBlock"] for b in reversed(d))'
}

TX1=$("$TESTTX" --mnemonic "$WORDS" --input $GEN_TX:0:100000000000 --output $OTHER:100000000000)
H1=$("$TESTTX" --mnemonic "$WORDS" --txhash --input $GEN_TX:0:100000000000 --output $OTHER:100000000000)

test_expect_success 'node A mines a transaction into a 3-block branch' '
	za blockchain publishtransaction $TX1 >/dev/null &&
	za blockchain mine --blocks 3 --address $ROOT >/dev/null &&
	test "$(za blockchain transaction $H1 | json "d[\"confirmations\"]")" = 3
'
test_expect_success 'node B mines a longer branch without it' '
	zb blockchain mine --blocks 6 --address $OTHER >/dev/null &&
	test "$(zb blockchain info | json "d[\"blocks\"]")" = 7
'
test_expect_success 'publishing B'"'"'s branch to A switches A to it' '
	blocks_oldest_first "$B" 6 >"$TRASH/bblocks" &&
	while read -r blk; do za blockchain publishblock "$blk" >/dev/null || exit 1; done <"$TRASH/bblocks" &&
	test "$(tip "$A")" = "$(tip "$B")"
'
test_expect_success 'the transaction of the losing branch is back in the mempool' '
	test "$(za blockchain transaction $H1 | json "d[\"confirmations\"]")" = 0 &&
	za blockchain mempool | json "list(d[0].keys())[0]" | grep -qx $H1
'
test_expect_success 'A'"'"'s UTXO set equals a replay of the winning branch' '
	za node verify >"$TRASH/v" && test "$(json "d[\"blocks\"]" <"$TRASH/v")" = 7
'
test_expect_success 'the same block published twice is accepted once' '
	head -1 "$TRASH/bblocks" >"$TRASH/first" &&
	za blockchain publishblock "$(cat "$TRASH/first")" >/dev/null &&
	test "$(tip "$A")" = "$(tip "$B")"
'
test_expect_success 'a node that gets the branch newest first keeps orphans until the parent comes' '
	tac "$TRASH/bblocks" >"$TRASH/rev" &&
	n=0; while read -r blk; do
		"$ZEN" --datadir "$C" blockchain publishblock "$blk" >/dev/null || exit 1
		n=$((n + 1))
		if [ $n -lt 6 ]; then
			test "$("$ZEN" --datadir "$C" blockchain info | json "d[\"blocks\"]")" = 1 || exit 1
		fi
	done <"$TRASH/rev" &&
	test "$(tip "$C")" = "$(tip "$B")" && "$ZEN" --datadir "$C" node verify >/dev/null
'

# Invalid blocks change nothing.  Block 2 of B still has the easiest
# difficulty, so a changed body still passes proof of work.
BLOCK2=$(head -1 "$TRASH/bblocks")
# Pay the coinbase to another key: flip a bit of its pk hash.
OTHER_PKHASH=9b95835b9af67bdc345c0ae879b93a58d0f3f90784c982a2da52fbd71d8700a3
BAD_COMMIT=$(python3 -c "import sys; b=bytearray.fromhex(sys.argv[1]); i=b.find(bytes.fromhex(sys.argv[2]), 100); b[i]^=1; print(b.hex())" $BLOCK2 $OTHER_PKHASH)
test_error 'a block whose body does not match its commitments' 1 \
	'zen: commitments mismatch' --datadir "$D" blockchain publishblock $BAD_COMMIT
BAD_POW=$(python3 -c "import sys; b=bytearray.fromhex(sys.argv[1]); b[80:84]=bytes.fromhex('01000001'); print(b.hex())" $BLOCK2)
test_error 'a block with too little work' 1 'zen: proof of work failed' \
	--datadir "$D" blockchain publishblock $BAD_POW
test_error 'a block that does not decode' 2 'zen: invalid block' \
	--datadir "$D" blockchain publishblock 00ff
test_error 'publishblock needs a block' 2 'zen: Json is invalid' \
	--datadir "$D" blockchain publishblock
test_error 'a header of the wrong size' 2 'zen: invalid header size' \
	--datadir "$D" blockchain publishblock --header 00 --body 00
test_expect_success 'nothing changed on the node that refused them' '
	test "$("$ZEN" --datadir "$D" blockchain info | json "d[\"blocks\"]")" = 1 &&
	"$ZEN" --datadir "$D" node verify >/dev/null
'
test_expect_success 'header + body form of publishblock' '
	"$ZEN" --datadir "$D" blockchain publishblock --header ${BLOCK2:0:200} --body ${BLOCK2:200} >/dev/null &&
	test "$("$ZEN" --datadir "$D" blockchain info | json "d[\"blocks\"]")" = 2
'
test_done
