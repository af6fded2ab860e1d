#!/bin/bash
# bench-step.sh N TOTAL COMMAND...: run step N of TOTAL of `make bench`,
# after a progress line on stderr when that is a terminal (issue 18):
#   bench 3 of 16: ./bench/bench-verify, 41 s in, about 180 s left
# (the time left from the mean of the steps so far; nothing on a pipe,
# so a log of make bench holds the figures only).  Exits as COMMAND.
set -u
n=$1 total=$2
shift 2
start_file=.bench-start
[ "$n" = 1 ] && date +%s >"$start_file"
if [ -t 2 ]; then
	now=$(date +%s)
	t0=$(cat "$start_file" 2>/dev/null || echo "$now")
	spent=$((now - t0))
	if [ "$n" -gt 1 ]; then
		left=$((spent * (total - n + 1) / (n - 1)))
		printf 'bench %d of %d: %s, %d s in, about %d s left\n' \
			"$n" "$total" "$1" "$spent" "$left" >&2
	else
		printf 'bench %d of %d: %s\n' "$n" "$total" "$1" >&2
	fi
fi
"$@"
