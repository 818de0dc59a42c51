#!/usr/bin/env bash
# Rebuilds in release, runs the full comparison and the censuses, redraws the charts, and
# records the machine and date in results/README.md, then rewrites the documentation's generated
# blocks from them (docs/figures.md). Everything in results/ comes from here.
#
#   scripts/regenerate-results.sh            # the full run (bounded by its cutting rule to
#                                            # under 20 minutes on 2 cores: larger sets, more
#                                            # shapes, all of Korf's 100)
# No JSON copies of the tables are kept here (runs.json repeated runs.csv at four times its
# size): `slidebench compare --export-json` writes them on demand. The per-case rows are
# runs.csv.gz (compare writes them compressed, and removes an earlier run's plain runs.csv).
#   QUICK=1 scripts/regenerate-results.sh    # the default comparison (about 2 minutes)
#
# The full run's cutting rule (src/harness/cap.rs): each solver runs a set's cases easiest first
# for at most CAP_TIME seconds (default 5), and the cases it did not reach are recorded as
# skipped, with the reason in summary.csv's `cut_by`; a query is timed up to 5 times, but again
# only while its timings add up to under 5 ms (slow queries are timed once). The per-query
# budget (1 s on spaces no table covers) and the over-budget streak apply as in every run.
set -euo pipefail
cd "$(dirname "$0")/.."
out=results
mkdir -p "$out"
script_start=$(date +%s)
stages=()
stage_start=$script_start
# Records the time since the last mark as the stage named $1.
mark() {
  local now
  now=$(date +%s)
  stages+=("$1|$(( now - stage_start ))")
  stage_start=$now
}
cargo build --release --locked
bin=target/release/slidebench
mark "build"

# The 24-puzzle's 6-6-6-6 tables for the usual goal: compare leaves idastar-pdb6666 out of the
# 5x5 walks until they are cached (about 100 s of CPU the first time; checked and kept after).
if [ "${QUICK:-0}" != 1 ]; then
  echo "+ $bin pdb build --shape 5x5"
  "$bin" pdb build --shape 5x5
  # The second 6-6-6-6 partition, for idastar-pdb6666-max (about 80 s the first time).
  echo "+ $bin pdb build --shape 5x5 --partition 6666b"
  "$bin" pdb build --shape 5x5 --partition 6666b
  # The 15-puzzle's 7-8 tables, the only ones built on request alone (src/pdb/partition.rs,
  # `built_on_request`): without them compare skips idastar-pdb78 and its -dual and -fsm
  # variants. One for each goal the rows use: the default goal of the 4x4 walks and Korf's goal
  # (korf100). Each is 550 MiB of tables (577 MB on disk), held in memory by each solver that
  # uses it, and about 990 MiB more while building; about 3 minutes on 2 cores the first time,
  # checked and kept after.
  korf_goal=(--goal 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15)
  echo "+ $bin pdb build --shape 4x4 --partition 78"
  "$bin" pdb build --shape 4x4 --partition 78
  echo "+ $bin pdb build --shape 4x4 ${korf_goal[*]} --partition 78"
  "$bin" pdb build --shape 4x4 "${korf_goal[@]}" --partition 78
  # The zero-aware tables of the same partitions, for idastar-zpdb6666 and idastar-zpdb78 (and
  # their -fsm rows), which sit out without them: 6-6-6-6 is 510 MB (about 200 s on 2 cores,
  # 1.35 GB at peak), 7-8 is 1.15 GB for each goal (about 230 s, 3.2 GB at peak).
  echo "+ $bin pdb build --shape 5x5 --partition 6666 --zero-aware"
  "$bin" pdb build --shape 5x5 --partition 6666 --zero-aware
  echo "+ $bin pdb build --shape 4x4 --partition 78 --zero-aware"
  "$bin" pdb build --shape 4x4 --partition 78 --zero-aware
  echo "+ $bin pdb build --shape 4x4 ${korf_goal[*]} --partition 78 --zero-aware"
  "$bin" pdb build --shape 4x4 "${korf_goal[@]}" --partition 78 --zero-aware
fi
mark "pattern databases"

# The seed programs of ../shared/peers as solvers (`compare --program`), checked by the same
# replay as ours: s000-s003 speak HDU 1043, s004 AOJ 1339, Korf's ida_md every grid up to 16
# squares through scripts/ida_md_adapter.py (scripts/peer-programs.toml). They need g++ and cc.
programs=()
peers_dir=${PEERS_DIR:-../shared/peers}
if command -v g++ >/dev/null && command -v cc >/dev/null && [ -f "$peers_dir/build.sh" ]; then
  bash "$peers_dir/build.sh" >/dev/null
  p=target/peers
  programs=(--program-limit 900
    --program "s000=$p/s000_bidir_split" --program "s001=$p/s001_reverse_table"
    --program "s002=$p/s002_bidir_shared" --program "s003=$p/s003_reverse_table_canton"
    --program "s004:aoj=$p/s004_dijkstra_cruller"
    --programs scripts/peer-programs.toml)
else
  echo "g++ or cc missing (or no $peers_dir/build.sh): results/ will not have the seed programs' rows" >&2
fi

started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
# compare writes to a scratch directory unless told otherwise: results/ is named here.
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
export SLIDEBENCH_COMMIT="$commit"
if [ "${QUICK:-0}" = 1 ]; then
  compare_cmd=("$bin" compare --verbose --out "$out" --no-charts "${programs[@]}")
else
  # Interleaved rounds (ROUNDS, default five): the findings' intervals are over rounds (t with
  # ROUNDS - 1 degrees of freedom), so a winner is named only where it holds from one run to
  # the next; fewer rounds widen the intervals (more findings read inconclusive), never narrow them.
  compare_cmd=("$bin" compare --verbose --full --threads 1 --rounds "${ROUNDS:-5}" --repeat 5 --repeat-time 0.005
    --cap-time "${CAP_TIME:-5}" --out "$out" --no-charts "${programs[@]}")
fi
echo "+ ${compare_cmd[*]}"
status=0
"${compare_cmd[@]}" | tee "$out/.ranking.txt.tmp" || status=$?
# compare exits 3 when it ran and found disagreements (1: it could not run). The seed
# programs' are expected (s000 and s002 answer a solved board with a two-move detour:
# verdicts.csv says accepted-not-optimal); a built-in solver's (summary.csv's agree, column 18),
# or a run that wrote nothing, stops the script.
if [ "$status" -ne 0 ]; then
  if [ "$status" -ne 3 ] || ! grep -q "queries in" "$out/.ranking.txt.tmp" ||
    awk -F, 'NR > 1 && $1 !~ /^program:/ && $18 == "false"' "$out/summary.csv" | grep -q .; then
    exit "$status"
  fi
fi
mv "$out/.ranking.txt.tmp" "$out/ranking.txt"
mark "comparison"
# The small baseline CI diffs a fresh run against (stage "diff against the baseline").
BIN=$bin bash scripts/diff-baseline.sh --regenerate
mark "diff baseline"

# Whole-space censuses, smallest to largest; each adds its row to census.csv.
censuses=("3x3 grid" "4x2 grid" "3x3 torus" "5x2 grid" "4x3 grid")
[ "${QUICK:-0}" = 1 ] && censuses=("3x3 grid" "4x2 grid" "3x3 torus" "5x2 grid")
for c in "${censuses[@]}"; do
  set -- $c
  echo "+ $bin census --shape $1 --topology $2 --csv $out/census.csv"
  "$bin" census --shape "$1" --topology "$2" --csv "$out/census.csv" | tail -n 2
done
mark "censuses"

"$bin" chart --from "$out"
# One self-contained page: the charts, ranked tables, FINDINGS.md (written by compare from its
# own tables) and meta.json's description.
"$bin" report --from "$out"
mark "charts, findings and report"

cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
cores=$(nproc)
mem=$(free -h | awk '/^Mem:/ {print $2}')
rustc_version=$(rustc --version)
# The build's CPU target, from .cargo/config.toml (none: rustc's default for the platform).
target_cpu=$(grep -o 'target-cpu=[^"]*' .cargo/config.toml 2>/dev/null | cut -d= -f2 || true)
[ -n "$target_cpu" ] || target_cpu="rustc default"
[ -n "${RUSTFLAGS:-}" ] && target_cpu="$target_cpu (RUSTFLAGS: $RUSTFLAGS)"
dirty=$(git status --porcelain --untracked-files=no 2>/dev/null | grep -v " results/" | head -1 || true)
[ -n "$dirty" ] && commit="$commit (with uncommitted changes)"
tmp="$out/.README.md.tmp"
{
  echo "# results/"
  echo
  echo "Made by \`scripts/regenerate-results.sh\` from commit $commit; do not edit by hand."
  echo
  echo "| | |"
  echo "|---|---|"
  echo "| started | $started |"
  echo "| finished | $(date -u +%Y-%m-%dT%H:%M:%SZ) |"
  echo "| CPU | $cpu |"
  echo "| cores | $cores |"
  echo "| memory | $mem |"
  echo "| rustc | $rustc_version |"
  echo "| target CPU | $target_cpu |"
  echo "| comparison | \`${compare_cmd[*]}\` |"
  echo "| wall time | $(( $(date +%s) - script_start )) s for the whole script (the comparison's own in meta.json's \`wall_s\`) |"
  for st in "${stages[@]}"; do
    echo "| stage: ${st%%|*} | ${st##*|} s |"
  done
  echo "| load at the end | $(cut -d' ' -f1-3 /proc/loadavg) (1, 5 and 15 minute averages) |"
  echo
  echo "Files: \`runs.csv.gz\` (gzip-compressed, \`zcat runs.csv.gz\` for the text: one row per"
  echo "solver and case, with its outcome: solved, unsolvable,"
  echo "budget, skipped or error; the \`all\` set is summarised only), \`summary.csv\` (one row per"
  echo "solver and case set), \`skipped.csv\` (solvers that sat out a set, and why), \`threads.csv\`"
  echo "(queries per second against worker threads), \`census.csv\` (whole-space censuses),"
  echo "\`meta.json\` (code version, seed,"
  echo "budgets, machine, command, and each outside program's executable hash),"
  echo "\`verdicts.csv\` (a judge's verdict on every answer of the outside programs \`program:NAME\`),"
  echo "\`programs.csv\` (their whole-process times per set: T(0), T(N), CPU, peak memory),"
  echo "\`ranking.txt\` (the ranked tables the run printed),"
  echo "\`FINDINGS.md\` (the answers and the headline ratios, each over the cases both sides solved,"
  echo "computed by \`slidebench compare\` from its own tables),"
  echo "the SVG charts drawn from them by \`slidebench chart\`, \`index.html\` (all of it on one"
  echo "self-contained page, by \`slidebench report\`), and \`peers-3x3.md\` (the 3×3 side-by-side"
  echo "measurement against the C++ baselines, by \`scripts/peers-3x3.sh\`, recorded separately)."
  echo "In \`summary.csv\`, \`ran\` counts the cases a solver ran on a set, \`skipped\` those it"
  echo "was cut from, \`cut_by\` says why (the over-budget streak, or the time cap per solver and"
  echo "set with cases run easiest first), and \`pair_s\` is how long the pair took."
  echo "Time statistics in \`summary.csv\` cover the solved queries; unsolvable boards are"
  echo "rejected by the parity rule in well under a microsecond by every solver, and queries stopped"
  echo "by their budget are counted in \`over_budget\`."
} > "$tmp"
mv "$tmp" "$out/README.md"
# The measured numbers of the README and the guide: their generated blocks
# (<!-- generated:NAME --> ... <!-- /generated:NAME -->) rewritten from the new results, so
# that no figure in the documentation outlives the run it came from (a test checks them).
"$bin" report --from "$out" --doc-blocks README.md docs/*.md
echo "results regenerated in $out/"
