#!/usr/bin/env bash
# The small committed baseline that CI diffs against (`.ci/run`, stage "diff against the
# baseline"): a few single-threaded solvers on small 3x3 sets, whose counters (states expanded
# and stored, lengths, costs, outcomes) are deterministic and must match exactly; times are not
# compared on a shared machine.
#
#   scripts/diff-baseline.sh               # a fresh run diffed against results/baseline-small
#   scripts/diff-baseline.sh --regenerate  # rewrite results/baseline-small (regenerate-results.sh does)
#
# BIN names the binary (default target/release/slidebench).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-target/release/slidebench}
baseline=results/baseline-small
run() {
  "$bin" compare --cases sample random depth --count 10 --threads 1 --no-charts \
    --solvers bfs/rank table/rank astar-md/packed bidir-split/packed idastar-md/packed \
    --out "$1" >/dev/null
}
if [ "${1:-}" = --regenerate ]; then
  run "$baseline"
  rm -f "$baseline/FINDINGS.md.tmp"
  echo "baseline written to $baseline"
  exit 0
fi
fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
run "$fresh"
"$bin" diff "$baseline" "$fresh" --fail-on counters,answers,disagreements
