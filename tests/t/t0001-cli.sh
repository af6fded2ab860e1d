#!/bin/bash
# The command line itself: version, help, usage errors, the man page and
# the completions, all of which come from the operation table.
. "$(dirname "$0")/test-lib.sh"

ops() {	# every "group verb" of the table, from zen --help
	"$ZEN" --help | sed -n '/^Commands:/,/^$/p' | sed -n 's/^  \([a-z]*\)\( [a-z]*\)\{0,1\}  .*/\1\2/p' | sed 's/ *$//'
}

# The loops over ops() below must not pass on an empty or cut list: it
# holds operations of every group, the first and last rows included.
test_expect_success 'zen --help lists the operations the loops below check' '
	ops >"$TRASH/ops" &&
	for op in "blockchain info" "blockchain blockreward" "wallet send" \
		"contract activate" "rawtx sign" "node verify" serve; do
		grep -qx "$op" "$TRASH/ops" || { echo "not listed: $op"; exit 1; }
	done &&
	test "$(wc -l <"$TRASH/ops")" -ge 40
'

test_expect_success 'zen --version' '
	"$ZEN" --version | head -n 1 | grep -q "^zen [0-9][0-9.]*$"
'
test_expect_success 'zen --help lists the operations' '
	"$ZEN" --help >"$TRASH/h" &&
	grep -q "blockchain blockreward" "$TRASH/h" &&
	grep -q "contract contractid" "$TRASH/h" &&
	grep -q "^  serve " "$TRASH/h"
'
test_expect_success 'zen with no command shows help and succeeds' '
	"$ZEN" | grep -q "^usage: zen"
'
test_expect_success 'group help lists only its commands' '
	"$ZEN" blockchain --help >"$TRASH/h" &&
	grep -q "blockchain totalzp" "$TRASH/h" && ! grep -q "address decode" "$TRASH/h"
'
test_expect_success 'command help shows usage, arguments and the HTTP route' '
	"$ZEN" blockchain blockreward --help >"$TRASH/h" &&
	grep -q "^usage: zen blockchain blockreward N$" "$TRASH/h" &&
	grep -q -- "--block-number N" "$TRASH/h" &&
	grep -q "^HTTP: GET /blockchain/blockreward$" "$TRASH/h"
'
test_expect_success 'a boolean option is shown as the flag it is' '
	"$ZEN" blockchain transaction --help >"$TRASH/h" &&
	grep -q "^usage: zen blockchain transaction HASH \[--hex\]$" "$TRASH/h" &&
	grep -q "^\.B zen blockchain transaction \\\\fIHASH\\\\fR \[\\\\-\\\\-hex\]$" "$ZEN_SRCDIR/man/zen.1"
'
test_expect_success 'every operation has help' '
	for op in $(ops | tr " " ":"); do
		"$ZEN" ${op/:/ } --help >/dev/null || exit 1
	done
'
test_expect_success 'unknown command: exit 2, one line on stderr' '
	"$ZEN" frobnicate >"$TRASH/o" 2>"$TRASH/e"; test $? = 2 &&
	test "$(cat "$TRASH/e")" = "zen: unknown command '"'"'frobnicate'"'"' (see zen --help)" &&
	! test -s "$TRASH/o"
'
test_expect_success 'unknown verb: exit 2' '
	"$ZEN" blockchain frob 2>/dev/null; test $? = 2
'
# did_you_mean WANT ARGS...: exit 2, and stderr ends with WANT
did_you_mean() {
	local want=$1; shift
	"$ZEN" "$@" >"$TRASH/o" 2>"$TRASH/e"; test $? = 2 &&
	test "$(tail -n 1 "$TRASH/e")" = "$want" && ! test -s "$TRASH/o"
}
test_expect_success 'a mistyped group, command or option: did you mean, exit 2' '
	did_you_mean "zen: did you mean '"'"'blockchain'"'"'?" blokchain info &&
	did_you_mean "zen: did you mean '"'"'info'"'"'?" blockchain inof &&
	did_you_mean "zen: did you mean '"'"'send'"'"'?" wallet sned &&
	did_you_mean "zen: did you mean '"'"'--take'"'"'?" blockchain headers --tkae 3 &&
	did_you_mean "zen: did you mean '"'"'--json'"'"'?" blockchain info --jsno &&
	did_you_mean "zen: did you mean '"'"'version'"'"'?" versoin
'
# rc_of ARGS...: zen's exit status, its stderr in $TRASH/e
rc_of() { "$ZEN" "$@" >/dev/null 2>"$TRASH/e"; echo $?; }
test_expect_success 'ties are all named; a word far from every name gets no guess' '
	did_you_mean "zen: did you mean '"'"'block'"'"' or '"'"'blocks'"'"'?" blockchain blocky &&
	test "$(rc_of blockchain headool)" = 2 && ! grep -q "did you mean" "$TRASH/e" &&
	test "$(rc_of frobnicate)" = 2 && ! grep -q "did you mean" "$TRASH/e"
'
test_expect_success 'the words of a reference API route name the command that serves it' '
	did_you_mean "zen: did you mean '"'"'zen contract execute'"'"'? (the route /wallet/contract/execute)" \
		wallet contract execute &&
	did_you_mean "zen: did you mean '"'"'zen address balance'"'"'? (the route /addressdb/balance)" \
		addressdb balance --addresses x &&
	did_you_mean "zen: did you mean '"'"'zen address contracthistory'"'"'? (the route /addressdb/contract/history)" \
		addressdb contract history &&
	did_you_mean "zen: did you mean '"'"'zen rawtx sign'"'"'? (the route /wallet/rawtransaction/sign)" \
		wallet rawtransaction sign &&
	test "$(rc_of wallet contract)" = 2 && ! grep -q "did you mean" "$TRASH/e"
'
test_expect_success 'zen help [GROUP [COMMAND]] is zen [GROUP [COMMAND]] --help' '
	"$ZEN" help >"$TRASH/h1" && "$ZEN" --help >"$TRASH/h2" && cmp "$TRASH/h1" "$TRASH/h2" &&
	"$ZEN" help wallet >"$TRASH/h1" && "$ZEN" wallet --help >"$TRASH/h2" &&
	cmp "$TRASH/h1" "$TRASH/h2" &&
	"$ZEN" help blockchain info >"$TRASH/h1" && "$ZEN" blockchain info --help >"$TRASH/h2" &&
	cmp "$TRASH/h1" "$TRASH/h2" && grep -q "^usage: zen blockchain info" "$TRASH/h1"
'
test_expect_success 'zen version: the version, then the libraries loaded' '
	"$ZEN" version >"$TRASH/v1" && "$ZEN" --version >"$TRASH/v2" && cmp "$TRASH/v1" "$TRASH/v2" &&
	head -n 1 "$TRASH/v1" | grep -q "^zen [0-9][0-9.]*$" &&
	sed -n 2p "$TRASH/v1" | grep -Eq "^libraries: libcurl [0-9.]+, LMDB [0-9.]+, libsodium [0-9.]+, jansson [0-9.]+, libevent [0-9.]+"
'
test_expect_success 'group without a command: exit 2' '
	"$ZEN" blockchain 2>"$TRASH/e"; test $? = 2 && grep -q "needs a command" "$TRASH/e"
'
test_expect_success 'unknown chain: exit 2' '
	"$ZEN" --chain moon blockchain blockreward 1 2>"$TRASH/e"; test $? = 2 &&
	grep -q "unknown chain" "$TRASH/e"
'
test_expect_success 'unreachable node: exit 5' '
	"$ZEN" --url http://127.0.0.1:1 blockchain blockreward 1 2>"$TRASH/e"; test $? = 5 &&
	grep -q "^zen: cannot reach node at http://127.0.0.1:1" "$TRASH/e"
'
test_expect_success 'ZEN_URL selects the remote node' '
	ZEN_URL=http://127.0.0.1:1 "$ZEN" blockchain blockreward 1 2>/dev/null; test $? = 5
'
if ! command -v script >/dev/null; then
	test_skip 'readable output on a terminal, json with --json' 'no script(1)'
else test_expect_success 'readable output on a terminal, json with --json' '
	script -qec "$ZEN address decode tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr" /dev/null |
		tr -d "\r" >"$TRASH/tty" &&
	grep -q "^pkHash: 30759b07" "$TRASH/tty" &&
	script -qec "$ZEN --json address decode tzn1qxp6ekp72q8903efylsnej34pa940cd2xae03l49pe7hkg3mrc26qyh2rgr" /dev/null |
		tr -d "\r" | grep -q "^{\"pkHash\":"
'
fi
if ! test -w /dev/full; then
	test_skip 'a failed write to stdout is an error' 'no writable /dev/full'
else test_expect_success 'a failed write to stdout is an error' '
	"$ZEN" blockchain blockreward 1 >/dev/full 2>"$TRASH/e"; test $? != 0 &&
	grep -q "cannot write output" "$TRASH/e"
'
fi

# zen(1) is generated from the table; the installed copy must be current.
test_expect_success 'man/zen.1 matches the operation table' '
	"$ZEN" __man >"$TRASH/zen.1" && cmp "$TRASH/zen.1" "$ZEN_SRCDIR/man/zen.1"
'
test_expect_success 'the man page documents every operation and exit code' '
	for op in $(ops | tr " " ":"); do
		grep -q "^\.B zen ${op/:/ }" "$ZEN_SRCDIR/man/zen.1" || { echo "missing $op"; exit 1; }
	done &&
	for code in 0 1 2 3 4 5 6 70; do
		grep -q "^\.B $code$" "$ZEN_SRCDIR/man/zen.1" || exit 1
	done
'
if ! command -v groff >/dev/null; then
	test_skip 'the man page renders without warnings' 'no groff'
else test_expect_success 'the man page renders without warnings' '
	groff -man -Tutf8 -ww "$ZEN_SRCDIR/man/zen.1" 2>"$TRASH/w" >/dev/null && ! test -s "$TRASH/w"
'
fi

# Completion: drive the bash completion function as bash would.
complete_words() {	# WORDS... (the last one is being completed)
	bash -c '
		PATH="$1:$PATH"; shift
		source "$0"
		COMP_WORDS=(zen "$@"); COMP_CWORD=$#
		_zen
		printf "%s\n" "${COMPREPLY[@]}"
	' "$ZEN_SRCDIR/completions/zen" "$ZEN_BUILDDIR" "$@"
}
test_expect_success 'bash completes groups' '
	complete_words bl | grep -qx blockchain && complete_words "" | grep -qx serve &&
	test "$(complete_words he)" = help && test "$(complete_words vers)" = version
'
test_expect_success 'bash completes commands of a group' '
	test "$(complete_words blockchain blockr)" = blockreward &&
	test "$(complete_words blockchain block | tr "\n" " ")" = "block blocks blockreward blocktemplate "
'
test_expect_success 'bash completes options of a command' '
	complete_words blockchain blockreward --bl | grep -qx -- --block-number &&
	complete_words address decode -- | grep -qx -- --url
'
test_expect_success 'bash completes chain names' '
	test "$(complete_words --chain te)" = test
'
test_expect_success 'every table operation is completable' '
	for op in $(ops | tr " " ":"); do
		g=${op%%:*}; v=${op#*:}
		complete_words "$g" "" | grep -qx "$v" || [ "$g" = "$v" ] || exit 1
	done
'
# On a terminal a plain string prints bare and objects indented; through
# a pipe, compact JSON exactly as always (scripts keep working).
test_expect_success 'a string result on a terminal: no quotes; through a pipe: JSON' '
	printf "pw\n" >"$TRASH/pw" && printf "%s\n" "$WORDS" >"$TRASH/words" &&
	ZEN_WALLET_KDF=fast "$ZEN" --datadir "$TRASH/wdir" wallet import \
		--words-file "$TRASH/words" --password-file "$TRASH/pw" >/dev/null &&
	on_tty --datadir "$TRASH/wdir" wallet address >"$TRASH/out" &&
	test "$(cat "$TRASH/out")" = $ROOT &&
	test "$("$ZEN" --datadir "$TRASH/wdir" wallet address)" = "\"$ROOT\""
'
test_expect_success 'an object on a terminal: indented lines; through a pipe: one line' '
	on_tty --datadir "$TRASH/wdir" blockchain info >"$TRASH/out" &&
	grep -qx "blocks: 1" "$TRASH/out" &&
	test "$("$ZEN" --datadir "$TRASH/wdir" blockchain info | wc -l)" = 1
'
test_expect_success 'zen(1) has EXAMPLES for every group of commands' '
	"$ZEN" __man | sed -n "/^\.SH EXAMPLES/,/^\.SH EXIT/p" >"$TRASH/ex" &&
	for g in $(ops | cut -d" " -f1 | sort -u); do
		grep -q "^zen .*$g" "$TRASH/ex" || { echo "no example of $g"; exit 1; }
	done
'
test_expect_success 'ENVIRONMENT in zen(1) lists every variable the source reads' '
	grep -rhoE "(getenv|env_u32)\(\"[A-Z_]+\"\)" "$ZEN_SRCDIR/src" |
		sed "s/.*(\"\(.*\)\")/\1/" | sort -u >"$TRASH/read" &&
	test "$(wc -l <"$TRASH/read")" -ge 6 &&
	sed -n "/^\.SH ENVIRONMENT/,/^\.SH FILES/s/^\.B //p" "$ZEN_SRCDIR/man/zen.1" >"$TRASH/listed" &&
	while read -r v; do
		grep -qx "$v" "$TRASH/listed" || { echo "not in ENVIRONMENT: $v"; exit 1; }
	done <"$TRASH/read"
'
test_expect_success 'zsh and fish completions call zen __complete' '
	grep -q "__complete" "$ZEN_SRCDIR/completions/_zen" &&
	grep -q "__complete" "$ZEN_SRCDIR/completions/zen.fish"
'
test_done
