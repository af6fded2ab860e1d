#!/bin/bash
# A first run: the default data directory and every missing parent are
# created (mode 0700) by whatever command needs them, whatever the
# environment gives as its base.
. "$(dirname "$0")/test-lib.sh"

# first_run DIR ENV...: run `zen --chain local blockchain info` with only
# ENV in the environment; DIR must come into being, mode 0700.
first_run() {
	local dir=$1; shift
	env -i PATH="$PATH" "$@" "$ZEN" --chain local blockchain info \
		>"$TRASH/out" 2>"$TRASH/err" </dev/null || {
		cat "$TRASH/err"; return 1; }
	test "$(json "d[\"blocks\"]" <"$TRASH/out")" = 1 &&
	test "$(stat -c %a "$dir")" = 700 && ! test -s "$TRASH/err"
}

test_expect_success 'empty XDG_DATA_HOME: its zen/local is created' '
	first_run "$TRASH/xdg/zen/local" XDG_DATA_HOME="$TRASH/xdg" HOME="$TRASH/none"
'
test_expect_success 'XDG_DATA_HOME that does not exist yet, two levels deep' '
	first_run "$TRASH/a/b/zen/local" XDG_DATA_HOME="$TRASH/a/b" &&
	test "$(stat -c %a "$TRASH/a/b")" = 700
'
test_expect_success 'bare HOME without .local/share' '
	mkdir "$TRASH/home" &&
	first_run "$TRASH/home/.local/share/zen/local" HOME="$TRASH/home" &&
	test "$(stat -c %a "$TRASH/home/.local")" = 700
'
test_expect_success 'a wallet command on a first run creates the directory too' '
	env -i PATH="$PATH" HOME="$TRASH/home2" "$ZEN" --chain local wallet exists \
		>"$TRASH/out" 2>"$TRASH/err" </dev/null &&
	test "$(cat "$TRASH/out")" = false &&
	test -d "$TRASH/home2/.local/share/zen/local/wallet"
'
test_expect_success 'an existing directory keeps its mode' '
	mkdir -p "$TRASH/keep/zen/local" && chmod 755 "$TRASH/keep/zen/local" &&
	env -i PATH="$PATH" XDG_DATA_HOME="$TRASH/keep" "$ZEN" blockchain info >/dev/null &&
	test "$(stat -c %a "$TRASH/keep/zen/local")" = 755
'
test_expect_success 'a parent that is a file: exit 6 and a clear message' '
	: >"$TRASH/file" &&
	env -i PATH="$PATH" XDG_DATA_HOME="$TRASH/file/sub" "$ZEN" blockchain info \
		>"$TRASH/out" 2>"$TRASH/err"; test $? = 6 &&
	grep -q "^zen: store: cannot create $TRASH/file/sub: Not a directory$" "$TRASH/err"
'
test_done
