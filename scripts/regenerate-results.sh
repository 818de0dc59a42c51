#!/usr/bin/env bash
# Rebuilds in release, runs the full comparison and the censuses, redraws the charts, and
# records the machine and date in results/README.md. Everything in results/ comes from here.
#
#   scripts/regenerate-results.sh            # the full run (about 15-20 minutes on 2 cores)
#   QUICK=1 scripts/regenerate-results.sh    # the default comparison only (about 2 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
out=results
mkdir -p "$out"
cargo build --release --locked
bin=target/release/slidebench

started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
# compare writes to a scratch directory unless told otherwise: results/ is named here.
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
export SLIDEBENCH_COMMIT="$commit"
if [ "${QUICK:-0}" = 1 ]; then
  compare_cmd=("$bin" compare --out "$out" --no-charts --export-json)
else
  compare_cmd=("$bin" compare --full --threads 1 --repeat 3 --out "$out" --no-charts --export-json)
fi
echo "+ ${compare_cmd[*]}"
"${compare_cmd[@]}" | tee "$out/.ranking.txt.tmp"
mv "$out/.ranking.txt.tmp" "$out/ranking.txt"

# Whole-space censuses, smallest to largest; each adds its row to census.csv.
censuses=("3x3 grid" "4x2 grid" "3x3 torus" "5x2 grid" "4x3 grid")
[ "${QUICK:-0}" = 1 ] && censuses=("3x3 grid" "4x2 grid" "3x3 torus" "5x2 grid")
for c in "${censuses[@]}"; do
  set -- $c
  echo "+ $bin census --shape $1 --topology $2 --csv $out/census.csv"
  "$bin" census --shape "$1" --topology "$2" --csv "$out/census.csv" | tail -n 2
done

"$bin" chart --from "$out"
python3 scripts/findings.py "$out" > "$out/.FINDINGS.md.tmp"
mv "$out/.FINDINGS.md.tmp" "$out/FINDINGS.md"

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
  echo
  echo "Files: \`runs.csv\` (one row per solver and case, with its outcome: solved, unsolvable,"
  echo "budget, skipped or error; the \`all\` set is summarised only), \`skipped.csv\` (solvers"
  echo "that sat out a whole set, and why), \`meta.json\` (code version, seed, budgets, repeats,"
  echo "machine, command), \`runs.json\` and \`summary.json\` (the same tables as JSON),"
  echo "\`summary.csv\` (one row per solver and case set), \`threads.csv\` (queries per second"
  echo "against worker threads), \`census.csv\` (whole-space censuses), \`ranking.txt\` (the ranked"
  echo "tables the run printed), \`FINDINGS.md\` (the headline ratios, computed from the CSV files by"
  echo "\`scripts/findings.py\`), and the SVG charts drawn from them by \`slidebench chart\`."
  echo "Time statistics in \`summary.csv\` cover the solvable cases; unsolvable boards are"
  echo "rejected by the parity rule in well under a microsecond by every solver."
} > "$tmp"
mv "$tmp" "$out/README.md"
echo "results regenerated in $out/"
