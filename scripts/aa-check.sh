#!/usr/bin/env bash
# The A/A check of `slidebench diff`: PAIRS pairs of `compare --rounds ROUNDS` runs of the same
# binary on the same small sets, each pair diffed; prints how many pairs exited 0 (no
# regression) with the machine's load, so the false-positive rate is measured, not assumed.
#
#   scripts/aa-check.sh                 # 20 pairs, 5 rounds
#   PAIRS=5 ROUNDS=3 scripts/aa-check.sh
#
# BIN names the binary (default target/release/slidebench, built first).
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=${PAIRS:-20}
rounds=${ROUNDS:-5}
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet --bin slidebench
fi
bin=${BIN:-target/release/slidebench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() {
  "$bin" compare --cases random --count 30 --threads 1 --rounds "$rounds" --no-charts \
    --solvers table/rank astar-md/packed bidir-split/packed idastar-md/packed \
    --out "$1" >/dev/null
}
clean=0
echo "# A/A: $pairs pairs, $rounds rounds each; $(nproc) cores, $(uptime | sed 's/.*load/load/')"
for i in $(seq 1 "$pairs"); do
  run "$work/a"
  run "$work/b"
  if "$bin" diff "$work/a" "$work/b" >"$work/diff.$i" 2>&1; then
    clean=$((clean + 1))
  else
    echo "pair $i flagged:"
    cat "$work/diff.$i"
  fi
done
echo "$clean of $pairs A/A pairs exited 0; $(uptime | sed 's/.*load/load/')"
