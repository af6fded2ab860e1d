#!/bin/bash
# zen.conf, the environment and the command line (issue 18): the command
# line over the environment over the file over the built-in default, for
# global options and zen serve's; sections per chain; comments; errors
# with the file and line (exit 2, nothing runs); `zen config show`.
. "$(dirname "$0")/test-lib.sh"

CONF="$DATADIR/zen.conf"
mkdir -p "$DATADIR"
# No configuration from the environment of whoever runs the tests.
for v in $(env | sed -n 's/^\(ZEN_[A-Z_]*\)=.*/\1/p'); do
	case $v in ZEN_BUILDDIR|ZEN_SRCDIR|ZEN_VECTOR_DIR) ;; *) unset "$v" ;; esac
done

# shown KEY [ZEN-ARGS...]: "value|source" of KEY in `zen config show`
# (JSON through a pipe), run with the data directory and ZEN-ARGS first
shown() {
	local key=$1
	shift
	"$ZEN" --datadir "$DATADIR" "$@" config show |
		python3 -c "import json,sys; e=json.load(sys.stdin)[sys.argv[1]]; print('%s|%s' % (json.dumps(e['value']), e['source']))" "$key"
}

# ---- precedence, table-driven -------------------------------------------------
# KEY | FILE LINE | ENV VALUE | COMMAND LINE | WANT VALUE (JSON) | WANT SOURCE
# ('-' for none; the file's line is line 1 of DATADIR/zen.conf)
while IFS='|' read -r key file envv cli want src; do
	[ -z "$key" ] && continue
	title="$key: file ${file:0:20}, env $envv, cli $cli -> $want from $src"
	test_expect_success "$title" '
		rm -f "$CONF"
		[ "$file" = - ] || printf "%s\n" "$file" >"$CONF"
		var=ZEN_$(echo "$key" | tr a-z- A-Z_)
		args=()
		[ "$cli" = - ] || read -ra args <<<"$cli"
		if [ "$envv" = - ]; then got=$(shown "$key" "${args[@]}")
		else got=$(env "$var=$envv" "$ZEN" --datadir "$DATADIR" "${args[@]}" config show |
			python3 -c "import json,sys; e=json.load(sys.stdin)[sys.argv[1]]; print(\"%s|%s\" % (json.dumps(e[\"value\"]), e[\"source\"]))" "$key")
		fi
		want_src=$src
		case $src in file) want_src="$CONF:1" ;; env) want_src="environment $var" ;;
			cli) want_src="command line" ;; esac
		test "$got" = "$want|$want_src" || { echo "got $got, want $want|$want_src"; false; }
	'
done <<'EOF'
log-level|-|-|-|"info"|default
log-level|log-level = warn|-|-|"warn"|file
log-level|log-level = warn|debug|-|"debug"|env
log-level|-|error|-|"error"|env
threads|-|-|-|null|default
threads|threads = 3|-|-|3|file
threads|threads = 3|5|-|5|env
public|-|-|-|false|default
public|public = true|-|-|true|file
public|public = true|false|-|false|env
bind|-|-|-|"127.0.0.1:20000"|default
bind|bind = 127.0.0.1:1234|-|-|"127.0.0.1:1234"|file
url|-|-|-|null|default
url|url = http://127.0.0.1:1|-|-|"http://127.0.0.1:1"|file
url|url = http://127.0.0.1:1|http://127.0.0.1:2|-|"http://127.0.0.1:2"|env
url|url = http://127.0.0.1:1|http://127.0.0.1:2|--url http://127.0.0.1:3|"http://127.0.0.1:3"|cli
json|-|-|-|false|default
json|json = true|-|-|true|file
json|json = true|false|-|false|env
json|json = false|-|--json|true|cli
wait|wait = 30|-|-|30.0|file
wait|wait = true|-|-|true|file
wait|wait = 30|-|--wait=5|5.0|cli
addressdb|addressdb = false|-|-|false|file
addressdb|addressdb = false|true|-|true|env
api-token-file|api-token-file = /a|/b|-|"/b"|env
api-token-file|api-token-file = /a|/b|--api-token-file /c|"/c"|cli
EOF

# The command line over the environment over the file, for zen serve's own
# options: the address it binds shows which one won (192.0.2.1 is not this
# machine's: a bind there fails).
serve_port() {	# ARGS...: start zen serve, print the address it serves on, stop it
	local pid i=0
	rm -f "$TRASH/s.log"
	"$@" >/dev/null 2>"$TRASH/s.log" &
	pid=$!
	while [ $i -lt 100 ] && ! grep -q "http://\|^zen: " "$TRASH/s.log"; do
		sleep 0.1; i=$((i + 1))
	done
	sed -n 's|.*serving the local chain on http://\([0-9.]*\):[0-9]*.*|\1|p;s|^zen: \(cannot listen\).*|\1|p' "$TRASH/s.log"
	stop_pid $pid "$TRASH/s.log" >/dev/null 2>&1 || true
}
test_expect_success 'serve: the file bind is used' '
	printf "bind = 127.0.0.1:0\n" >"$CONF" &&
	test "$(serve_port "$ZEN" --datadir "$DATADIR" serve)" = 127.0.0.1
'
test_expect_success 'serve: the environment over the file' '
	printf "bind = 192.0.2.1:0\n" >"$CONF" &&
	test "$(serve_port env ZEN_BIND=127.0.0.1:0 "$ZEN" --datadir "$DATADIR" serve)" = 127.0.0.1
'
test_expect_success 'serve: the command line over the environment' '
	printf "bind = 192.0.2.1:0\n" >"$CONF" &&
	test "$(serve_port env ZEN_BIND=192.0.2.1:0 "$ZEN" --datadir "$DATADIR" serve --bind 127.0.0.1:0)" = 127.0.0.1
'
test_expect_success 'serve: a losing file value is really not used' '
	printf "bind = 192.0.2.1:0\n" >"$CONF" &&
	test "$(serve_port "$ZEN" --datadir "$DATADIR" serve)" = "cannot listen"
'
rm -f "$CONF"

# ---- the file's syntax ---------------------------------------------------------
test_expect_success 'comments, blanks, spaces, a comment after a value' '
	printf "# a comment\n\n   log-level=debug\t# why\norigin = http://a.example#frag # the wallet\n" >"$CONF" &&
	test "$(shown log-level)" = "\"debug\"|$CONF:3" &&
	test "$(shown origin)" = "\"http://a.example#frag\"|$CONF:4"
'
test_expect_success 'a repeatable option (connect): every line, in order' '
	printf "connect = 127.0.0.1:1\nthreads = 2\nconnect = 127.0.0.1:2\n" >"$CONF" &&
	test "$(shown connect)" = "[\"127.0.0.1:1\", \"127.0.0.1:2\"]|$CONF:3"
'
test_expect_success 'a key given twice: the last one counts' '
	printf "threads = 2\nthreads = 4\n" >"$CONF" &&
	test "$(shown threads)" = "4|$CONF:2"
'
cat >"$TRASH/sections.conf" <<'EOF'
threads = 4
[main]
threads = 3
[local]
threads = 2
log-level = warn
EOF
test_expect_success 'sections: [local] on the local chain' '
	test "$(shown threads --conf "$TRASH/sections.conf")" = "2|$TRASH/sections.conf:5" &&
	test "$(shown log-level --conf "$TRASH/sections.conf")" = "\"warn\"|$TRASH/sections.conf:6"
'
test_expect_success 'sections: [main] with --chain main' '
	test "$(shown threads --conf "$TRASH/sections.conf" --chain main)" = "3|$TRASH/sections.conf:3" &&
	test "$(shown log-level --conf "$TRASH/sections.conf" --chain main)" = "\"info\"|default"
'
test_expect_success 'sections: the lines before any section on a chain without one' '
	test "$(shown threads --conf "$TRASH/sections.conf" --chain test)" = "4|$TRASH/sections.conf:1"
'
test_expect_success 'the chain from a --conf file picks its section' '
	printf "chain = test\nthreads = 9\n[test]\nthreads = 8\n" >"$TRASH/t.conf" &&
	test "$(shown chain --conf "$TRASH/t.conf")" = "\"test\"|$TRASH/t.conf:1" &&
	test "$(shown threads --conf "$TRASH/t.conf")" = "8|$TRASH/t.conf:4"
'
test_expect_success 'ZEN_CONF names the file; --conf over it' '
	printf "threads = 7\n" >"$TRASH/e.conf" &&
	test "$(ZEN_CONF="$TRASH/e.conf" shown threads)" = "7|$TRASH/e.conf:1" &&
	test "$(ZEN_CONF="$TRASH/e.conf" shown conf)" = "\"$TRASH/e.conf\"|environment ZEN_CONF" &&
	test "$(ZEN_CONF="$TRASH/e.conf" shown threads --conf "$TRASH/sections.conf")" = "2|$TRASH/sections.conf:5"
'
test_expect_success 'conf: the data directory'"'"'s file when found, null without one' '
	printf "threads = 2\n" >"$CONF" &&
	test "$(shown conf)" = "\"$CONF\"|default" &&
	rm -f "$CONF" && test "$(shown conf)" = "null|default"
'
"$ZEN" --datadir "$DATADIR" blockchain mine --blocks 2 --address $ROOT >/dev/null
start_server
test_expect_success 'a global key applies to every command: url sends it to a node' '
	mkdir -p "$TRASH/empty" &&
	printf "url = %s\n" "$ZEN_TEST_URL" >"$TRASH/empty/zen.conf" &&
	test "$("$ZEN" --datadir "$TRASH/empty" blockchain info | json "d[\"blocks\"]")" = 3
'
stop_server
test_expect_success 'unknown ZEN_ variables are not configuration' '
	test "$(ZEN_NO_SUCH_KEY=1 shown threads)" = "null|default"
'

# ---- errors: file and line, exit 2, nothing runs ------------------------------------
# conf_error TITLE CONF-TEXT WANT-MESSAGE: DATADIR/zen.conf holding CONF-TEXT
# (printf format) makes `zen blockchain info` and `zen serve` fail with
# exit 2 and exactly "zen: WANT-MESSAGE" ($CONF stands for the path)
conf_error() {
	local title=$1 text=$2 want=$3
	test_expect_success "$title" '
		printf "$text" >"$CONF"
		"$ZEN" --datadir "$DATADIR" blockchain info >"$TRASH/o" 2>"$TRASH/e"; rc=$?
		test $rc = 2 && test ! -s "$TRASH/o" &&
		test "$(cat "$TRASH/e")" = "zen: ${want//\$CONF/$CONF}" &&
		"$ZEN" --datadir "$DATADIR" serve --bind 127.0.0.1:0 >/dev/null 2>"$TRASH/e"; rc=$?
		test $rc = 2 && test "$(cat "$TRASH/e")" = "zen: ${want//\$CONF/$CONF}"
	'
}
conf_error 'an unknown key, and the one meant' 'threads = 2\nbnd = 127.0.0.1:1\n' \
	"\$CONF:2: unknown key 'bnd' (did you mean 'bind'?)"
conf_error 'a camelCase key: its command-line spelling meant' 'maxConnections = 3\n' \
	"\$CONF:1: unknown key 'maxConnections' (did you mean 'max-connections'?)"
conf_error 'an unknown key far from any' '\n\nflux-capacitor = 1\n' \
	"\$CONF:3: unknown key 'flux-capacitor'"
conf_error 'a value out of range' 'threads = 100\n' \
	"\$CONF:1: threads = 100: invalid threads (1 to 64)"
conf_error 'a value of the wrong type' '[local]\nrate-limit = fast\n' \
	"\$CONF:2: rate-limit = fast: invalid rateLimit"
conf_error 'a bad value in a section of another chain' '[main]\nlog-level = loud\n' \
	"\$CONF:2: log-level = loud: invalid logLevel 'loud' (error, warn, info or debug)"
conf_error 'a flag that is neither true nor false' 'public = yes\n' \
	"\$CONF:1: public = yes: invalid public"
conf_error 'a global flag that is neither true nor false' 'addressdb = on\n' \
	"\$CONF:1: addressdb = on: invalid addressdb (true or false)"
conf_error 'a bad global value' 'chain = moon\n' \
	"\$CONF:1: chain = moon: unknown chain 'moon' (expected main, test or local)"
conf_error 'a bad bind' 'bind = 127.0.0.1:99999\n' \
	"\$CONF:1: bind = 127.0.0.1:99999: invalid bind port in '127.0.0.1:99999'"
conf_error 'an unknown section' '[mainnet]\nthreads = 2\n' \
	"\$CONF:1: unknown section 'mainnet' (main, test or local)"
conf_error 'a line without =' 'threads 2\n' "\$CONF:1: expected 'key = value'"
conf_error 'a key without a value' 'origin =\n' "\$CONF:1: origin has no value"
conf_error 'datadir in the data directory'"'"'s own file' 'datadir = /elsewhere\n' \
	"\$CONF:1: datadir cannot be set in the data directory's own zen.conf (use --conf FILE)"
conf_error 'conf in a file' 'conf = /x\n' "\$CONF:1: conf cannot be set in a configuration file"
conf_error 'chain inside a section' '[test]\nchain = test\n' "\$CONF:2: chain cannot be set in a section"
rm -f "$CONF"
test_expect_success 'another chain in the default data directory of one: refused' '
	mkdir -p "$TRASH/xdg/zen/local" &&
	printf "chain = main\n" >"$TRASH/xdg/zen/local/zen.conf" &&
	XDG_DATA_HOME="$TRASH/xdg" "$ZEN" blockchain info 2>"$TRASH/e"; test $? = 2 &&
	test "$(cat "$TRASH/e")" = "zen: $TRASH/xdg/zen/local/zen.conf:1: chain = main in the default data directory of the local chain (use --datadir or --conf)"
'
test_expect_success 'the same chain there: fine' '
	printf "chain = local\n" >"$TRASH/xdg/zen/local/zen.conf" &&
	test "$(XDG_DATA_HOME="$TRASH/xdg" "$ZEN" config show | json "d[\"chain\"][\"source\"]")" = \
		"$TRASH/xdg/zen/local/zen.conf:1"
'
test_expect_success 'a bad environment value: exit 2, named' '
	ZEN_THREADS=lots "$ZEN" --datadir "$DATADIR" blockchain info 2>"$TRASH/e"; test $? = 2 &&
	test "$(cat "$TRASH/e")" = "zen: environment ZEN_THREADS=lots: invalid threads"
'
test_expect_success 'a --conf file that does not exist: exit 2' '
	"$ZEN" --datadir "$DATADIR" --conf "$TRASH/nope.conf" blockchain info 2>"$TRASH/e"; test $? = 2 &&
	test "$(cat "$TRASH/e")" = "zen: cannot open $TRASH/nope.conf: No such file or directory"
'
test_expect_success 'help and version work with a bad file' '
	printf "bnd = 1\n" >"$CONF" &&
	"$ZEN" --datadir "$DATADIR" --help >/dev/null &&
	"$ZEN" --datadir "$DATADIR" version >/dev/null &&
	"$ZEN" --datadir "$DATADIR" serve --help >/dev/null &&
	rm -f "$CONF"
'

# ---- zen config show ------------------------------------------------------------
test_expect_success 'config show: every global and serve option, compact JSON' '
	"$ZEN" --datadir "$DATADIR" config show >"$TRASH/all" &&
	test "$(wc -l <"$TRASH/all")" = 1 &&
	json "sorted(d)" <"$TRASH/all" >"$TRASH/keys" &&
	for k in url chain datadir api-token-file wait conf json bind threads mine address \
		max-connections request-timeout public origin rate-limit log-level log-file pid-file; do
		grep -q "'"'"'$k'"'"'" "$TRASH/keys" || { echo "no $k"; exit 1; }
	done &&
	! grep -q "'"'"'help'"'"'\|'"'"'version'"'"'" "$TRASH/keys" &&
	json "all(set(v) == {\"value\", \"source\"} for v in d.values())" <"$TRASH/all" | grep -qx True
'
test_expect_success 'config show: the data directory from the command line' '
	test "$(shown datadir)" = "\"$DATADIR\"|command line"
'
test_expect_success 'config show: runs locally even with a url' '
	test "$(shown url --url http://127.0.0.1:1)" = "\"http://127.0.0.1:1\"|command line"
'
test_done
