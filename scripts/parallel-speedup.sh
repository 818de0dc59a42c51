#!/usr/bin/env bash
# Parallel IDA* speed-up (issue #67 item 4): each instance solved with every thread count given,
# side by side in one run, the order of the thread counts alternating (reversed on every other
# instance) so a change in the machine's load falls on all of them alike.
#
#   scripts/parallel-speedup.sh [THREADS...]        (default: 1 2; the first count is the baseline)
#
# Environment: BIN (default target/release/slidebench, built if missing), SOLVER (default
# idastar-pdb6666-fsm), SET (korf50, the default, or korf100), COUNT (easiest instances, default
# 10), PDB_DIR (the table cache). korf50 needs the 6-6-6-6 tables for Korf's goal cached;
# for korf100 use SOLVER=idastar-pdb663/packed. Prints per instance each count's seconds and moves
# and the speed-up of the last count over the first, then the geometric mean of the speed-ups.
# Times are whole searches (table loading excluded: each run's load is timed apart by a solve
# of the goal-adjacent board and subtracted). Only whole searches are timed here; the
# iterations before the last are not timed apart yet (docs/parallel.md, "Left to do").
set -euo pipefail
cd "$(dirname "$0")/.."
THREADS=("$@")
[ ${#THREADS[@]} -gt 0 ] || THREADS=(1 2)
BIN=${BIN:-target/release/slidebench}
SOLVER=${SOLVER:-idastar-pdb6666-fsm/packed}
SET=${SET:-korf50}
COUNT=${COUNT:-10}
[ -x "$BIN" ] || nice cargo build --release
case "$SET" in
  korf50) SHAPE=5x5; GOAL=$(seq 0 24 | tr '\n' ' ') ;;
  korf100) SHAPE=4x4; GOAL=$(seq 0 15 | tr '\n' ' ') ;;
  *) echo "SET must be korf50 or korf100, not $SET" >&2; exit 2 ;;
esac
PDB=()
[ -z "${PDB_DIR:-}" ] || PDB=(--pdb-dir "$PDB_DIR")
mapfile -t BOARDS < <("$BIN" cases "$SET" --count "$COUNT" 2>/dev/null | head -n "$COUNT")
echo "# $SOLVER on the $COUNT easiest of $SET, search threads: ${THREADS[*]}; $(uptime)"

# Seconds, length and nodes of one solve of board $1 with $2 search threads.
solve() {
  local start end out
  start=$(date +%s.%N)
  out=$(echo "$1" | "$BIN" solve --shape "$SHAPE" --goal $GOAL --solver "$SOLVER" \
    --threads 1 --search-threads "$2" "${PDB[@]}")
  end=$(date +%s.%N)
  echo "$(echo "$end - $start" | bc) $(echo "$out" | head -n 1 | tr -d ' ' | wc -L)"
}

# The table load alone: a board one move from the goal.
near=$(echo "$GOAL" | awk '{t=$1; $1=$2; $2=t; print}' | sed 's/\b0\b/x/')
load=$(solve "$near" 1 | cut -d' ' -f1)
echo "# table load (subtracted): ${load}s"

logsum=0
n=0
for i in "${!BOARDS[@]}"; do
  board=${BOARDS[$i]}
  order=("${THREADS[@]}")
  if (( i % 2 == 1 )); then
    order=(); for (( k=${#THREADS[@]}-1; k>=0; k-- )); do order+=("${THREADS[$k]}"); done
  fi
  declare -A secs=()
  for t in "${order[@]}"; do
    read -r s len < <(solve "$board" "$t")
    secs[$t]=$(echo "$s - $load" | bc -l)
    lens[$t]=$len
  done
  base=${secs[${THREADS[0]}]}
  line="instance $((i + 1)):"
  for t in "${THREADS[@]}"; do
    line+=" ${t}t $(printf '%.2f' "${secs[$t]}")s ${lens[$t]} moves"
  done
  last=${THREADS[${#THREADS[@]}-1]}
  speedup=$(echo "$base / ${secs[$last]}" | bc -l)
  line+="; speed-up ${last}t/${THREADS[0]}t $(printf '%.2f' "$speedup")"
  echo "$line"
  logsum=$(echo "$logsum + l($speedup)" | bc -l)
  n=$((n + 1))
  unset secs
done
echo "geometric mean speed-up ${THREADS[${#THREADS[@]}-1]}t/${THREADS[0]}t: $(printf '%.2f' "$(echo "e($logsum / $n)" | bc -l)") over $n instances; $(uptime)"
