#!/bin/bash
# zen serve as a service (issue 18): --pid-file (written once listening,
# removed at a clean stop, refused while a live server holds it, taken
# over from one that died); systemd's readiness protocol (READY=1 once
# the API answers, STOPPING=1); `make install DESTDIR=...` installs the
# unit, the logrotate file, the man page and the completions.
. "$(dirname "$0")/test-lib.sh"

PID="$TRASH/zen.pid"

start_server --pid-file "$PID"
test_expect_success 'the pid file holds the server'"'"'s pid once it listens' '
	test "$(cat "$PID")" = "$SERVER_PID" &&
	curl -sf "$ZEN_TEST_URL/blockchain/info" >/dev/null
'
test_expect_success 'a second server with the same pid file: exit 6, the holder named' '
	"$ZEN" --datadir "$TRASH/other" serve --bind 127.0.0.1:0 --pid-file "$PID" \
		2>"$TRASH/e"; test $? = 6 &&
	test "$(cat "$TRASH/e")" = "zen: pid file $PID is held by process $SERVER_PID" &&
	test "$(cat "$PID")" = "$SERVER_PID"
'
stop_server
test_expect_success 'a clean stop removes it' '
	test ! -e "$PID"
'
test_expect_success 'a file nobody holds (a stale pid) is taken over' '
	printf "1\n" >"$PID"
'
start_server --pid-file "$PID"
test_expect_success '... with the new pid' '
	test "$(cat "$PID")" = "$SERVER_PID"
'
kill_server_hard; hard=$?
test_expect_success 'a server killed hard leaves its file ...' '
	test $hard = 0 && test -s "$PID"
'
start_server --pid-file "$PID"
test_expect_success '... which the next one takes over' '
	test "$(cat "$PID")" = "$SERVER_PID"
'
stop_server
test_expect_success 'a pid file that cannot be made: exit 2, nothing served' '
	"$ZEN" --datadir "$DATADIR" serve --bind 127.0.0.1:0 --pid-file "$TRASH/no/dir/pid" \
		2>"$TRASH/e"; test $? = 2 &&
	test "$(cat "$TRASH/e")" = "zen: cannot open pid file $TRASH/no/dir/pid: No such file or directory"
'

# ---- sd_notify ------------------------------------------------------------------
# notify_listen ADDRESS OUT: a datagram socket at ADDRESS (a path, or @name:
# abstract) writing each message it gets to OUT, one a line, for 20 s
notify_listen() {
	python3 -c '
import socket, sys
addr = sys.argv[1]
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind("\0" + addr[1:] if addr.startswith("@") else addr)
s.settimeout(20)
with open(sys.argv[2], "a") as out:
    print("listening", file=out, flush=True)
    try:
        while True:
            print(s.recv(4096).decode().strip(), file=out, flush=True)
    except socket.timeout:
        pass
' "$1" "$2" &
	LISTENER=$!
	for _ in $(seq 50); do grep -q listening "$2" 2>/dev/null && break; sleep 0.1; done
}
for addr in "$TRASH/notify.sock" "@zen-test-notify-$$"; do
	rm -f "$TRASH/notes"
	notify_listen "$addr" "$TRASH/notes"
	NOTIFY_SOCKET=$addr start_server
	test_expect_success "NOTIFY_SOCKET=${addr:0:1}...: READY=1 once the API answers" '
		for _ in $(seq 50); do grep -q READY=1 "$TRASH/notes" && break; sleep 0.1; done &&
		grep -qx READY=1 "$TRASH/notes" &&
		curl -sf "$ZEN_TEST_URL/blockchain/info" >/dev/null
	'
	stop_server
	test_expect_success "NOTIFY_SOCKET=${addr:0:1}...: STOPPING=1 at the stop" '
		for _ in $(seq 50); do grep -q STOPPING=1 "$TRASH/notes" && break; sleep 0.1; done &&
		grep -qx STOPPING=1 "$TRASH/notes"
	'
	kill $LISTENER 2>/dev/null
	wait $LISTENER 2>/dev/null
done

# ---- make install ------------------------------------------------------------------
INST="$TRASH/inst"
# (-o zen: the zen that the other tests run is never relinked under them)
test_expect_success 'make install DESTDIR=...' '
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -o zen -C "$ZEN_BUILDDIR" install \
		DESTDIR="$INST" >"$TRASH/install.log" 2>&1 ||
		{ tail -20 "$TRASH/install.log"; false; }
'
# installed NAME: the one file called NAME under $INST
installed() { find "$INST" -type f -name "$1"; }
test_expect_success 'the unit: installed, its ExecStart the installed zen' '
	unit=$(installed zen.service) && test -n "$unit" &&
	case $unit in */lib/systemd/system/zen.service) ;; *) false ;; esac &&
	exe=$(sed -n "s/^ExecStart=\([^ ]*\) .*/\1/p" "$unit") &&
	test -x "$INST$exe" && "$INST$exe" version >/dev/null &&
	grep -qx "Type=notify" "$unit" && grep -qx "User=zen" "$unit" &&
	grep -qx "StateDirectory=zen" "$unit" && grep -qx "ProtectSystem=strict" "$unit" &&
	grep -qx "NoNewPrivileges=true" "$unit" && grep -qx "PrivateTmp=true" "$unit" &&
	! grep -q "@bindir@" "$unit"
'
test_expect_success 'the unit runs what zen accepts: its serve options parse' '
	unit=$(installed zen.service) &&
	args=$(sed -n "s/^ExecStart=[^ ]* //p" "$unit") &&
	case $args in *"serve --log-file /var/log/zen/zen.log --pid-file /run/zen/zen.pid") ;;
		*) false ;; esac &&
	"$ZEN" --datadir "$TRASH/unitcheck" serve --help >/dev/null
'
test_expect_success 'the logrotate file: etc/logrotate.d/zen, SIGHUP through the pid file' '
	lr=$(installed zen | grep "/logrotate.d/zen$") && test -n "$lr" &&
	cmp "$lr" "$ZEN_SRCDIR/contrib/zen.logrotate" &&
	grep -q "/run/zen/zen.pid" "$lr" && grep -q "kill -HUP" "$lr" &&
	! grep -Eq "^[[:space:]]*copytruncate" "$lr"
'
test_expect_success 'the man page and the three completions' '
	test -n "$(installed zen.1)" && test -n "$(installed _zen)" &&
	test -n "$(installed zen.fish)" &&
	installed zen | grep -q "/completions/zen$"
'
test_expect_success 'make uninstall removes them' '
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -o zen -C "$ZEN_BUILDDIR" uninstall \
		DESTDIR="$INST" >"$TRASH/uninstall.log" 2>&1 &&
	test -z "$(find "$INST" -type f)"
'
test_done
