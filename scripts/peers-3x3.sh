#!/usr/bin/env bash
# The 3x3 side-by-side measurement of issue 13: slidebench against the outside C++ baselines
# (and the pathfinding-crate solvers), whole process, same cases, median of alternating runs.
#
# Usage: scripts/peers-3x3.sh [--runs N] [--record LABEL]
#   --runs N        runs of each program per comparison (default 5), alternating ours and theirs
#   --record LABEL  also append the table, with the command, commit and load, to
#                   results/peers-3x3.md under the heading LABEL
#   SLIDEBENCH=PATH measure that slidebench binary instead of building this checkout's
#
# Builds the peers with ../shared/peers/build.sh (PEERS_DIR overrides where they are), builds
# slidebench, writes the case files into target/peers-3x3/ with `slidebench cases`, and checks
# with `slidebench compare --program` that every answer, ours and the peers', replays and
# agrees with the reference before timing anything. Every slidebench run uses one thread, as the peers do.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5
record=""
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --record) record=$2; shift 2 ;;
        *) echo "usage: $0 [--runs N] [--record LABEL]" >&2; exit 2 ;;
    esac
done
peers_dir=${PEERS_DIR:-../shared/peers}
bash "$peers_dir/build.sh" >/dev/null
# SLIDEBENCH names another slidebench binary to measure (an earlier commit's, say).
if [ -z "${SLIDEBENCH:-}" ]; then cargo build --release --locked --quiet --bin slidebench; fi
sb=${SLIDEBENCH:-target/release/slidebench}
peer=target/peers
dir=target/peers-3x3
mkdir -p "$dir"

# Case files: 20,000 mixed boards; 2,000 solvable boards (even inversion count, a separate
# seed); 60 Dragon's Cruller datasets, as generated (random costs) and with every cost 1.
"$sb" cases random --count 20000 --format hdu >"$dir/mixed.hdu"
"$sb" cases random --count 6000 --seed 7 --format hdu |
    awk '{ n = 0; for (i = 1; i <= NF; i++) if ($i != "x") t[++n] = $i + 0
           inv = 0; for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (t[i] > t[j]) inv++
           if (inv % 2 == 0 && ++kept <= 2000) print }' >"$dir/solvable.hdu"
"$sb" cases weighted --count 120 --format aoj >"$dir/cruller.aoj" 2>/dev/null
awk 'NR % 7 == 1 && $0 != "0 0" { print "1 1"; next } { print }' "$dir/cruller.aoj" \
    >"$dir/cruller-unit.aoj"

# Agreement before timing, by compare itself: the peers run as solvers (`--program`) on the
# same case files, every answer replayed and checked against the reference; each file with
# the solvers timed against it below. Any answer a judge would refuse (verdicts.csv) or any
# built-in solver's disagreement (summary.csv's agree) stops the script.
agreement() {
    local file=$1; shift
    local solvers=() progs=()
    while [ "$1" != "--" ]; do solvers+=("$1"); shift; done
    shift
    for p in "$@"; do progs+=(--program "$p"); done
    local res="$dir/agreement-$(basename "$file")"
    "$sb" compare --cases "$file" --threads 1 --no-charts --program-limit 900 --out "$res" \
        --solvers "${solvers[@]}" "${progs[@]}" >"$res.txt" 2>&1 || true
    grep -q "queries in" "$res.txt" || { cat "$res.txt" >&2; exit 1; }
    if awk -F, 'NR > 1 && $4 != "accepted" && $4 != "accepted-not-optimal"' "$res/verdicts.csv" |
        grep -q . || awk -F, 'NR > 1 && $1 !~ /^program:/ && $18 == "false"' "$res/summary.csv" |
        grep -q .; then
        echo "$file: answers disagree (see $res.txt and $res/verdicts.csv)" >&2
        exit 1
    fi
    grep "^program:" "$res.txt" | grep " on " | grep -v "processes" || true
}
agreement "$dir/mixed.hdu" table/rank -- "s001=$peer/s001_reverse_table"
agreement "$dir/solvable.hdu" bidir-split/rank bidir-shared/rank pathfinding-bidir/rank -- \
    "s000=$peer/s000_bidir_split" "s002=$peer/s002_bidir_shared"
for f in cruller cruller-unit; do
    agreement "$dir/$f.aoj" dijkstra/rank pathfinding-dijkstra/rank -- \
        "s004:aoj=$peer/s004_dijkstra_cruller"
done

# Wall time and CPU time (perf's task-clock; the wall time again where perf is missing) of one
# run in microseconds: `elapsed INPUT PROGRAM ARGS...`. On a loaded machine the CPU time is
# the steadier of the two: it leaves out the time spent waiting for a core.
stat_out=$(mktemp)
trap 'rm -f "$stat_out"' EXIT
elapsed() {
    local input=$1; shift
    local t0 t1 cpu
    t0=$(date +%s%N)
    if command -v perf >/dev/null; then
        perf stat -x, -e task-clock -o "$stat_out" -- "$@" <"$input" >/dev/null
    else
        "$@" <"$input" >/dev/null
    fi
    t1=$(date +%s%N)
    cpu=$(awk -F, '/task-clock/ { printf "%d", $1 * 1000 }' "$stat_out" 2>/dev/null)
    echo "$(((t1 - t0) / 1000)) ${cpu:-$(((t1 - t0) / 1000))}"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
table="| comparison | cases | ours, wall (ms) | theirs, wall (ms) | faster by, wall | ours, CPU (ms) | theirs, CPU (ms) | faster by, CPU | goal |
|---|---|---:|---:|---:|---:|---:|---:|---|"
# `compare LABEL CASES GOAL INPUT -- OURS... -- THEIRS...`: alternating runs, medians, ratio.
compare() {
    local label=$1 cases=$2 goal=$3 input=$4; shift 4
    local ours=() theirs=()
    shift # --
    while [ "$1" != "--" ]; do ours+=("$1"); shift; done
    shift
    theirs=("$@")
    local a="" b=""
    for _ in $(seq "$runs"); do
        a+="$(elapsed "$input" "${ours[@]}")"$'\n'
        b+="$(elapsed "$input" "${theirs[@]}")"$'\n'
    done
    local ma mb ca cb
    ma=$(echo "$a" | grep . | cut -d' ' -f1 | median)
    mb=$(echo "$b" | grep . | cut -d' ' -f1 | median)
    ca=$(echo "$a" | grep . | cut -d' ' -f2 | median)
    cb=$(echo "$b" | grep . | cut -d' ' -f2 | median)
    local row
    row=$(awk -v l="$label" -v c="$cases" -v g="$goal" -v a="$ma" -v b="$mb" -v x="$ca" -v y="$cb" \
        'BEGIN { printf "| %s | %s | %.1f | %.1f | %.2f× | %.1f | %.1f | %.2f× | %s |", l, c, a / 1000, b / 1000, b / a, x / 1000, y / 1000, y / x, g }')
    echo "$row"
    table+=$'\n'"$row"
}

solve() { echo "$sb" solve --threads 1 --solver "$1"; }
echo "runs per program: $runs; load before: $load_before"
# shellcheck disable=SC2046
compare "\`table/rank\` (build included) vs \`s001_reverse_table\`" "20,000 mixed" "≥ 4×" \
    "$dir/mixed.hdu" -- $(solve table/rank) -- "$peer/s001_reverse_table"
# shellcheck disable=SC2046
compare "\`bidir-split/rank\` vs \`s000_bidir_split\`" "2,000 solvable" "≥ 4×" \
    "$dir/solvable.hdu" -- $(solve bidir-split/rank) -- "$peer/s000_bidir_split"
# shellcheck disable=SC2046
compare "\`bidir-shared/rank\` vs \`s002_bidir_shared\`" "2,000 solvable" "≥ 8×" \
    "$dir/solvable.hdu" -- $(solve bidir-shared/rank) -- "$peer/s002_bidir_shared"
# shellcheck disable=SC2046
compare "\`bidir-split/rank\` vs \`pathfinding-bidir/rank\`" "2,000 solvable" "≥ 2.5×" \
    "$dir/solvable.hdu" -- $(solve bidir-split/rank) -- $(solve pathfinding-bidir/rank)
compare "\`dijkstra/rank\` vs \`s004_dijkstra_cruller\`" "60 Cruller datasets" "≥ 3×" \
    "$dir/cruller.aoj" -- "$sb" cruller --solver dijkstra/rank -- "$peer/s004_dijkstra_cruller"
# Issue 13 sets its goal against the crate on unit costs (the row after); this row is shown
# beside it, with no goal.
compare "\`dijkstra/rank\` vs \`pathfinding-dijkstra/rank\`" "60 Cruller datasets" "none (unit costs: next row)" \
    "$dir/cruller.aoj" -- "$sb" cruller --solver dijkstra/rank \
    -- "$sb" cruller --solver pathfinding-dijkstra/rank
compare "\`dijkstra/rank\` vs \`pathfinding-dijkstra/rank\`, unit costs" \
    "60 Cruller datasets, costs 1 1" "≥ 2.5×" \
    "$dir/cruller-unit.aoj" -- "$sb" cruller --solver dijkstra/rank \
    -- "$sb" cruller --solver pathfinding-dijkstra/rank
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
echo "load after: $load_after"

if [ -n "$record" ]; then
    out=results/peers-3x3.md
    tmp=$(mktemp "results/.peers-3x3.XXXXXX")
    {
        if [ -f "$out" ]; then cat "$out"; else
            echo "# slidebench against the 3×3 baselines (issue 13)"
            echo
            echo "Whole process, same cases, median of alternating runs, one thread each;"
            echo "written by \`scripts/peers-3x3.sh\`. Ratios within one run matter more than the"
            echo "absolute times: the machine (2 cores) is shared."
        fi
        echo
        echo "## $record"
        echo
        echo "\`${SLIDEBENCH:+SLIDEBENCH=$SLIDEBENCH }scripts/peers-3x3.sh --runs $runs --record '$record'\`" \
            "(script at commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src scripts || echo ', with uncommitted changes'))," \
            "$(date -u '+%Y-%m-%d %H:%M UTC');" \
            "load average before $load_before, after $load_after."
        echo
        echo "$table"
    } >"$tmp"
    mv "$tmp" "$out"
    echo "recorded in $out"
fi
