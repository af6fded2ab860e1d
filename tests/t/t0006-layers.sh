#!/bin/bash
# The structure the core keeps (issue 13): its folders are layers that
# point one way, the core includes none of the fronts and never prints
# or exits (only the assertion handler of base/err.c writes "BUG"), and
# no two files of the core and the operations call each other.  Read
# from the sources and from the built objects' symbol tables (nm).
. "$(dirname "$0")/test-lib.sh"

SRC="$ZEN_SRCDIR/src"

# Each folder of src/core with its rank: a file may include only folders
# of a lower rank (siblings of one rank know nothing of each other).
cat >"$TRASH/ranks" <<'RANKS'
base 0
encoding 1
crypto 1
types 2
consensus 3
cgp 4
contract 4
chain 5
wallet 6
RANKS

test_expect_success 'every folder of src/core has a rank' '
	for d in "$SRC"/core/*/; do
		grep -q "^$(basename "$d") " "$TRASH/ranks" ||
			{ echo "no rank for $d"; exit 1; }
	done
'
test_expect_success 'core folders include only lower layers' '
	python3 - "$SRC/core" "$TRASH/ranks" <<-"PY"
	import glob, re, sys
	rank = dict((l.split()[0], int(l.split()[1])) for l in open(sys.argv[2]))
	bad = []
	for f in glob.glob(sys.argv[1] + "/*/*.[ch]"):
	    me = f.split("/")[-2]
	    for n, line in enumerate(open(f), 1):
	        m = re.match(r"\s*#\s*include\s+\"core/(\w+)/", line)
	        if m and m.group(1) != me and rank[m.group(1)] >= rank[me]:
	            bad.append("%s:%d includes core/%s" % (f, n, m.group(1)))
	print("\n".join(bad))
	sys.exit(1 if bad else 0)
	PY
'
test_expect_success 'the core includes none of the fronts or the operations' '
	! grep -rnE "#\s*include\s+\"(ops|cli|server|client)/" "$SRC/core"
'
test_expect_success 'the core never prints or exits (the assertion handler aside)' '
	! grep -rnE "\b(printf|fprintf|puts|perror|exit|_exit)\s*\(" "$SRC/core" |
		grep -v "^$SRC/core/base/err.c:.*BUG"
'
test_expect_success 'no two files of the core and the operations call each other' '
	objs=$(find "$ZEN_BUILDDIR/src/core" "$ZEN_BUILDDIR/src/ops" -name "*.o") &&
	test -n "$objs" &&
	python3 - $objs <<-"PY"
	import collections, subprocess, sys
	defs, uses = {}, {}
	for o in sys.argv[1:]:
	    u = set()
	    for l in subprocess.run(["nm", o], capture_output=True, text=True).stdout.splitlines():
	        p = l.split()
	        if len(p) == 3 and p[1] in "TDBR":
	            defs[p[2]] = o
	        elif len(p) == 2 and p[0] == "U":
	            u.add(p[1])
	    uses[o] = u
	dep = collections.defaultdict(set)
	for o, u in uses.items():
	    dep[o] = set(defs[s] for s in u if s in defs and defs[s] != o)
	mutual = sorted(set(tuple(sorted((a, b))) for a in dep for b in dep[a] if a in dep[b]))
	for a, b in mutual:
	    print("%s <-> %s" % (a.split("/src/")[-1], b.split("/src/")[-1]))
	sys.exit(1 if mutual else 0)
	PY
'
test_expect_success 'make bench builds every program it runs (issue 18)' '
	python3 - "$ZEN_SRCDIR/mk/bench.am" <<-"PY"
	import re, sys
	text = open(sys.argv[1]).read().replace("\\\n", " ")
	progs = set(re.search(r"^EXTRA_PROGRAMS\s*=(.*)$", text, re.M).group(1).split())
	runs = set(re.findall(r"\./(bench/[\w-]+)\$\(EXEEXT\)", text))
	rule = re.search(r"^bench:(.*)$", text, re.M).group(1).split()
	if "$(EXTRA_PROGRAMS)" not in rule:
	    progs = set(p.replace("$(EXEEXT)", "") for p in rule)
	missing = runs - progs
	print("\n".join(sorted(missing)))
	sys.exit(1 if missing or not runs else 0)
	PY
'

test_done
