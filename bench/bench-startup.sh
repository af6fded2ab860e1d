#!/bin/bash
# bench-startup.sh - what a local command costs against opening the same
# store with LMDB's own tool (issue 18: a local `zen blockchain info` at
# most 2x `mdb_stat`).  Each round runs both, one after the other, as
# whole processes; the figures are the medians of 40 rounds and the ratio
# of those medians.  Also `zen version` (no store) and `zen --url` against
# nothing listening (the remote client's libcurl, loaded on demand).
#
#   bench/bench-startup.sh [ZEN-BINARY]
set -u

ZEN=${1:-./zen}
. "$(dirname "$0")/bench-lib.sh"
if ! command -v mdb_stat >/dev/null 2>&1; then
	say "bench-startup: mdb_stat is not installed (apt-get install lmdb-utils); skipped"
	exit 0
fi
bench_tmp bench-startup
"$ZEN" --datadir "$TMP/data" blockchain info >/dev/null || exit 0

python3 - "$ZEN" "$TMP/data" <<'PY'
import statistics, subprocess, sys, time
zen, data = sys.argv[1], sys.argv[2]
cmds = {
    "mdb_stat -a (LMDB's own tool)": ["mdb_stat", "-a", data + "/chain"],
    "zen blockchain info (local)": [zen, "--datadir", data, "blockchain", "info"],
    "zen version": [zen, "version"],
}
times = {k: [] for k in cmds}
for _ in range(40):
    for k, c in cmds.items():
        t = time.perf_counter()
        subprocess.run(c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times[k].append(time.perf_counter() - t)
med = {k: statistics.median(v) for k, v in times.items()}
base = med["mdb_stat -a (LMDB's own tool)"]
print("start-up, median of 40 interleaved rounds (whole processes):")
for k, m in med.items():
    print("  %-36s %7.2f ms  %5.2fx mdb_stat" % (k, m * 1e3, m / base))
print("ratio zen blockchain info / mdb_stat: %.2f (goal <= 2)" %
      (med["zen blockchain info (local)"] / base))
PY
