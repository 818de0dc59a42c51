#!/usr/bin/env bash
# slidebench's 24-puzzle searches side by side with Clausecker's `24puzzle` (issue 39, item 4):
# the easiest of Korf & Felner's 50, one thread each, search time only (tables loaded first),
# in alternating rounds, medians per instance.
#
# Usage: scripts/vs-24puzzle.sh [--first N] [--rounds R] [--catalogue NAME] [--methods LIST]
#                               [--record FILE]
#   --first N         the N easiest instances by Korf & Felner's published nodes (default 10)
#   --rounds R        rounds; each runs the peer and slidebench once per instance (default 3);
#                     odd rounds run the peer first, even rounds slidebench first
#   --catalogue NAME  the peer's catalogue (../shared/peers/24puzzle/catalogues/NAME.cat;
#                     default small-compound, its author's recommendation: zero-aware tables,
#                     the maximum of several partitions). `kf-t` is Korf & Felner's 6-6-6-6 with
#                     the transposed lookup, slidebench's own heuristic, as classic tables
#   --methods LIST    slidebench's searches, space separated, from `korf50`'s: plain
#                     (idastar-pdb6666), fsm (idastar-pdb6666-fsm), dual (idastar-pdb6666-dual),
#                     dual-fsm (idastar-pdb6666-dual-fsm), max (idastar-pdb6666-max: its
#                     second partition's tables are built into the directory on first use),
#                     max-fsm (idastar-pdb6666-max-fsm), zero (idastar-zpdb6666: the same
#                     partition's zero-aware tables, built into the directory on first use),
#                     zero-fsm (idastar-zpdb6666-fsm); default "plain fsm"
#   --record FILE     also write the table, with the command, commit, machine and load, to FILE
#
# Not part of any default build. Needs gcc, make and libzstd (Debian: apt-get install -y
# libzstd-dev). The peer is copied out of PEER_SRC (default ../shared/peers/24puzzle) and built
# under target/peers/24puzzle/ with the gcc workaround its BUILDING-HERE.md gives; its tables
# go to target/peers/24puzzle/pdb-NAME/ (built on first use: minutes to hours of one core and
# gigabytes of disk, see BUILDING-HERE.md). slidebench's 6-6-6-6 tables are built once into
# PDB_DIR (default: slidebench's cache). Every answer of both is checked at its published length.
set -euo pipefail
cd "$(dirname "$0")/.."
first=10
rounds=3
catalogue=small-compound
methods="plain fsm"
record=""
while [ $# -gt 0 ]; do
    case "$1" in
        --first) first=$2; shift 2 ;;
        --rounds) rounds=$2; shift 2 ;;
        --catalogue) catalogue=$2; shift 2 ;;
        --methods) methods=$2; shift 2 ;;
        --record) record=$2; shift 2 ;;
        *) sed -n '4,13p' "$0" >&2; exit 2 ;;
    esac
done
src=${PEER_SRC:-../shared/peers/24puzzle}
cases=${KORF50:-../shared/cases/korf50.txt}
out=target/peers/24puzzle
work=$out/run-$catalogue
mkdir -p "$out" "$work"
start_load=$(cut -d' ' -f1-3 /proc/loadavg)

# The peer, built out of its source tree so the shared copy stays untouched.
if [ ! -x "$out/pdbsearch" ]; then
    command -v gcc >/dev/null || { echo "gcc is needed to build the peer" >&2; exit 1; }
    pkg-config --exists libzstd ||
        { echo "libzstd is needed to build the peer: apt-get install -y libzstd-dev" >&2; exit 1; }
    rm -rf "$out/src" && cp -r "$src" "$out/src"
    (
        cd "$out/src"
        # BUILDING-HERE.md: gcc's vectoriser breaks index.c at -O3 -march=native.
        gcc $(pkg-config --cflags libzstd) -std=c11 -I. -Wall -Wno-missing-braces \
            -Wno-parentheses -O3 -march=native -fno-tree-vectorize -c -o index.o index.c
        make -s CC=gcc CFLAGS="-O3 -march=native" cmd/pdbsearch >/dev/null
    )
    cp "$out/src/cmd/pdbsearch" "$out/pdbsearch"
fi
cat_file="$src/catalogues/$catalogue.cat"
[ -f "$cat_file" ] || { echo "no catalogue $cat_file" >&2; exit 1; }
# A leading 0 with -i makes a classic additive table; without it, a zero-aware one. The
# author's catalogues other than kf*.cat are meant zero-aware.
peer_flags=()
case "$catalogue" in kf*) peer_flags=(-i) ;; esac
peer_pdb=$out/pdb-$catalogue
mkdir -p "$peer_pdb"

cargo build --release --locked --quiet --bin slidebench --example korf50
sb=target/release/slidebench
pdb_args=()
if [ -n "${PDB_DIR:-}" ]; then pdb_args=(--pdb-dir "$PDB_DIR"); fi
"$sb" pdb build --shape 5x5 --goal $(seq -s ' ' 0 24) --partition 6666 "${pdb_args[@]}" >&2

# The instances, easiest first: "id length tiles…" and the peer's comma-separated boards.
sort -k3,3n "$cases" | head -n "$first" >"$work/instances.txt"
awk '{ s = $4; for (i = 5; i <= NF; i++) s = s "," $i; print s }' "$work/instances.txt" \
    >"$work/boards.txt"

# The peer's tables, built (and timed) apart from any search: no instance on stdin. Tables
# already on disk are only mapped, so the time says something only when they were built here.
if [ -z "$(ls -A "$peer_pdb")" ]; then
    /usr/bin/time -f '%e s of wall time and %U s of CPU, %M KB at peak' \
        -o "$work/peer-build.time" "$out/pdbsearch" "${peer_flags[@]}" -j 1 \
        -d "$peer_pdb" "$cat_file" </dev/null >/dev/null 2>"$work/peer-build.log"
    peer_build="were built in this run (-j 1): $(cat "$work/peer-build.time")"
else
    peer_build="were already in $peer_pdb, built by an earlier run"
fi

run_peer() { # round
    "$out/pdbsearch" "${peer_flags[@]}" -j 1 -d "$peer_pdb" "$cat_file" \
        <"$work/boards.txt" >"$work/peer-$1.out" 2>"$work/peer-$1.err"
    # Per instance: expanded nodes and seconds of search (its progress, on stderr), and the
    # solution's length (on stdout, which it buffers: the two streams are read apart).
    awk '/^Expanded [0-9]+ nodes in total/ { n = $2 }
         /^Spent [0-9.]+ seconds in total/ { print n, $2 }' "$work/peer-$1.err" >"$work/peer-$1.nodes"
    awk '/^Solution found: / { print split($3, a, ",") }' "$work/peer-$1.out" >"$work/peer-$1.len"
    paste -d' ' "$work/peer-$1.nodes" "$work/peer-$1.len" >"$work/peer-$1.txt"
}
run_ours() { # round
    local flags=()
    for m in $methods; do
        case "$m" in
            plain) flags+=(--both) ;;
            fsm) flags+=(--fsm) ;;
            dual) flags+=(--dual) ;;
            dual-fsm) flags+=(--dual-fsm) ;;
            max) flags+=(--max) ;;
            max-fsm) flags+=(--max-fsm) ;;
            zero) flags+=(--zero) ;;
            zero-fsm) flags+=(--zero-fsm) ;;
            *) echo "unknown method $m" >&2; exit 2 ;;
        esac
    done
    # korf50 runs plain only with --both when another method is on, and alone without flags.
    if [ "$methods" = plain ]; then flags=(); fi
    "target/release/examples/korf50" --first "$first" --threads 1 "${flags[@]}" "${pdb_args[@]}" \
        >"$work/ours-$1.log"
    # Per method and instance: nodes generated, seconds, length (a "!" marks a wrong one) and
    # nodes expanded.
    awk '/^(plain|dual|fsm|dual-fsm|max|max-fsm|zero|zero-fsm):$/ { m = substr($1, 1, length($1) - 1) }
         m != "" && $1 ~ /^[0-9]+$/ && NF >= 8 { print m, $1, $3, $NF, $2, $7 }' \
        "$work/ours-$1.log" >"$work/ours-$1.txt"
}

for r in $(seq 1 "$rounds"); do
    if [ $((r % 2)) -eq 1 ]; then run_peer "$r"; run_ours "$r"; else run_ours "$r"; run_peer "$r"; fi
    echo "round $r of $rounds done (load $(cut -d' ' -f1 /proc/loadavg))" >&2
done
end_load=$(cut -d' ' -f1-3 /proc/loadavg)

# Check every answer, then take medians over the rounds.
python3 - "$work" "$rounds" "$methods" "$catalogue" >"$work/table.md" <<'EOF'
import statistics, sys
work, rounds, methods, catalogue = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), sys.argv[4]
inst = [l.split() for l in open(f"{work}/instances.txt")]
peer = {}  # instance -> [(nodes, seconds)]
ours = {}  # (method, instance) -> [(nodes, seconds)]
for r in range(1, rounds + 1):
    rows = [l.split() for l in open(f"{work}/peer-{r}.txt")]
    if len(rows) != len(inst):
        sys.exit(f"round {r}: the peer answered {len(rows)} of {len(inst)} instances")
    for k, row in zip(inst, rows):
        if len(row) != 3:
            sys.exit(f"round {r}: no answer from the peer for instance {k[0]}")
        n, s, length = row
        if int(length) != int(k[1]):
            sys.exit(f"round {r}: the peer's answer to {k[0]} has {length} moves, not {k[1]}")
        peer.setdefault(k[0], []).append((int(n), float(s)))
    for m, i, n, s, length, e in (l.split() for l in open(f"{work}/ours-{r}.txt")):
        k = next(k for k in inst if k[0] == i)
        if length.endswith("!") or int(length) != int(k[1]):
            sys.exit(f"round {r}: {m} answered {i} in {length} moves, not {k[1]}")
        ours.setdefault((m, i), []).append((int(n), float(s), int(e)))
med = lambda xs: statistics.median(x[1] for x in xs)
head = ["instance", "length", f"peer ({catalogue}) expanded", "peer s"]
for m in methods:
    head += [f"{m} expanded", f"{m} generated", f"{m} s", f"peer s / {m} s"]
print("| " + " | ".join(head) + " |")
print("|" + "---|" * 2 + "---:|" * (len(head) - 2))
tot_p = 0.0
tot = {m: 0.0 for m in methods}
worst = {m: None for m in methods}
for k in inst:
    p = peer[k[0]]
    ps = med(p)
    tot_p += ps
    row = [k[0], k[1], f"{p[0][0]:,}", f"{ps:.2f}"]
    for m in methods:
        o = ours.get((m, k[0]))
        if not o:
            sys.exit(f"{m} did not answer instance {k[0]}")
        s = med(o)
        tot[m] += s
        ratio = ps / s
        worst[m] = ratio if worst[m] is None else min(worst[m], ratio)
        row += [f"{o[0][2]:,}", f"{o[0][0]:,}", f"{s:.2f}", f"{ratio:.2f}x"]
    print("| " + " | ".join(row) + " |")
row = ["all", "", "", f"{tot_p:.2f}"]
for m in methods:
    row += ["", "", f"{tot[m]:.2f}", f"{tot_p / tot[m]:.2f}x"]
print("| " + " | ".join(row) + " |")
print()
for m in methods:
    print(f"- {m}: the peer's time over slidebench's is {worst[m]:.2f}x on the instance where it is "
          f"lowest, {tot_p / tot[m]:.2f}x over all {len(inst)}.")
EOF
{
    echo "Command: \`scripts/vs-24puzzle.sh --first $first --rounds $rounds --catalogue $catalogue --methods \"$methods\"\`"
    echo "at commit $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (with uncommitted changes)'),"
    echo "$(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), load average $start_load at the start and $end_load at the end."
    echo "Search seconds only (tables loaded first), one thread each, medians of $rounds alternating rounds;"
    echo "The peer's tables $peer_build. Nodes expanded are counted alike by both (a node within the bound that is not the goal, the root included, every iteration); slidebench also counts nodes generated, Korf & Felner's measure."
    echo "Tables in memory: the peer's $(du -sb "$peer_pdb" | cut -f1) bytes ($(ls "$peer_pdb" | wc -l) files in $peer_pdb);"
    echo "slidebench's, as it printed them: $(grep -h 'bytes in' "$work/ours-1.log" | sed 's/, \(opened\|loaded\).*//' | paste -sd ';' | sed 's/;/; /g')."
    echo
    cat "$work/table.md"
} >"$work/report.md"
cat "$work/report.md"
if [ -n "$record" ]; then
    tmp=$(mktemp "$record.XXXXXX")
    cp "$work/report.md" "$tmp" && mv "$tmp" "$record"
fi
