#!/usr/bin/env bash
# Builds every pattern-database table the exhaustive tier and `check` read, into the cache the
# tests use (SLIDEBENCH_PDB_DIR when set, else $XDG_CACHE_HOME/slidebench/pdb, else
# ~/.cache/slidebench/pdb), and prints each build's wall time. A table already cached is
# checked and kept, so a second run costs seconds. Not the 5x5-8gb catalogue (hours, 16 GB).
#
#   BIN=target/test-opt/slidebench scripts/build-test-tables.sh
#
# The 4x4 tables and the 5x5 tables are built in two lanes at once: a build keeps under one
# core busy on average (163 s of CPU in 196 s for the zero-aware 6-6-6-6 tables on 2 threads),
# and the two lanes peak at about 4.5 GB together (3.2 GB for the zero-aware 7-8 tables).
#
# The tests that read these tables fail, naming this script, when one is missing; with
# SLIDEBENCH_ALLOW_MISSING_TABLES=1 they print a skip instead (tests/common/mod.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-target/test-opt/slidebench}
pdb_dir=()
[ -n "${SLIDEBENCH_PDB_DIR:-}" ] && pdb_dir=(--pdb-dir "$SLIDEBENCH_PDB_DIR")
korf16=(--shape 4x4 --goal $(seq 0 15))
korf25=(--shape 5x5 --goal $(seq 0 24))
total_start=$(date +%s)
build() {
  local label=$1
  shift
  local start
  start=$(date +%s)
  "$bin" pdb build "${pdb_dir[@]}" "$@" >/dev/null
  echo "tables: $label in $(( $(date +%s) - start )) s"
}
# Korf's goal (the empty square first) on both boards: Korf's 100 and Korf & Felner's 50; then
# the shipped catalogues (their own shapes and goals).
lane_4x4() {
  build "6-6-3 zero-aware, 4x4 Korf's goal" "${korf16[@]}" --zero-aware
  build "7-8, 4x4 Korf's goal" "${korf16[@]}" --partition 78
  build "7-8 zero-aware, 4x4 Korf's goal" "${korf16[@]}" --partition 78 --zero-aware
  build "catalogue 4x4-663-555" --catalogue catalogues/4x4-663-555.txt
}
lane_5x5() {
  build "6-6-6-6, 5x5 Korf's goal" "${korf25[@]}" --partition 6666
  build "6-6-6-6b, 5x5 Korf's goal" "${korf25[@]}" --partition 6666b
  build "6-6-6-6 zero-aware, 5x5 Korf's goal" "${korf25[@]}" --partition 6666 --zero-aware
  build "catalogue 5x5-6666-max" --catalogue catalogues/5x5-6666-max.txt
}
lane_4x4 &
four=$!
lane_5x5 &
five=$!
status=0
wait "$four" || status=$?
wait "$five" || status=$?
if [ "$status" -ne 0 ]; then
  echo "tables: a build failed (status $status)" >&2
  exit "$status"
fi
echo "tables: all in $(( $(date +%s) - total_start )) s (two lanes at once)"
