#!/usr/bin/env bash
# Builds every pattern-database table the exhaustive tier and `check` read, into the cache the
# tests use (SLIDEBENCH_PDB_DIR when set, else $XDG_CACHE_HOME/slidebench/pdb, else
# ~/.cache/slidebench/pdb), and prints each build's wall time. A table already cached is
# checked and kept, so a second run costs seconds. Not the 5x5-8gb catalogue (hours, 16 GB).
#
#   BIN=target/test-opt/slidebench scripts/build-test-tables.sh
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
# Korf's goal (the empty square first) on both boards: Korf's 100 and Korf & Felner's 50.
build "6-6-3 zero-aware, 4x4 Korf's goal" "${korf16[@]}" --zero-aware
build "7-8, 4x4 Korf's goal" "${korf16[@]}" --partition 78
build "7-8 zero-aware, 4x4 Korf's goal" "${korf16[@]}" --partition 78 --zero-aware
build "6-6-6-6, 5x5 Korf's goal" "${korf25[@]}" --partition 6666
build "6-6-6-6b, 5x5 Korf's goal" "${korf25[@]}" --partition 6666b
build "6-6-6-6 zero-aware, 5x5 Korf's goal" "${korf25[@]}" --partition 6666 --zero-aware
# The shipped catalogues (their own shapes and goals).
build "catalogue 4x4-663-555" --catalogue catalogues/4x4-663-555.txt
build "catalogue 5x5-6666-max" --catalogue catalogues/5x5-6666-max.txt
echo "tables: all in $(( $(date +%s) - total_start )) s"
