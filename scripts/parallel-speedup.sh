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
# for korf100 use SOLVER=idastar-pdb663/packed. Prints per instance each count's seconds and moves,
# the speed-up of the last count over the first of the whole search and of its iterations before
# the last, then the geometric mean of each.
# Whole searches are timed here (table loading excluded: each run's load is timed apart by a
# solve of the goal-adjacent board and subtracted); the iterations before the last are timed by
# the search itself (`solve --stats`, one clock read per iteration), the part whose node count
# does not depend on where the answer falls (goal: 1.8x on 2 threads).
# RECORD=FILE also writes the output, under the command, commit and machine, to FILE (whole or
# not at all: written beside it and renamed at the end).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${RECORD:-}" ]; then
  out=$(mktemp "$RECORD.XXXXXX")
  trap 'rm -f "$out" "$out.log"' EXIT
  RECORD="" "$0" "$@" | tee "$out.log"
  {
    echo "# Parallel IDA*: one search on more threads"
    echo
    echo "Command: \`$(env | grep -E '^(SOLVER|SET|COUNT)=' | tr '\n' ' ')scripts/parallel-speedup.sh $*\`"
    echo "at commit $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (with uncommitted changes)'),"
    echo "$(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))."
    echo "Seconds are each search's wall time with its table load subtracted; \"before the last\" is the"
    echo "search's own time of its iterations before the last (\`solve --stats\`)."
    echo
    sed 's/^/    /' "$out.log"
  } >"$out"
  mv "$out" "$RECORD"
  exit 0
fi
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
ERR=$(mktemp)
trap 'rm -f "$ERR"' EXIT

# Seconds, length and the seconds of the iterations before the last of one solve of board $1
# with $2 search threads.
solve() {
  local start end out before
  start=$(date +%s.%N)
  out=$(echo "$1" | "$BIN" solve --shape "$SHAPE" --goal $GOAL --solver "$SOLVER" \
    --threads 1 --search-threads "$2" --stats "${PDB[@]}" 2>"$ERR")
  end=$(date +%s.%N)
  before=$(sed -n 's/^stats: .* before-last \([0-9.]*\)$/\1/p' "$ERR" | head -n 1)
  [ -n "$before" ] || { echo "no search time from $SOLVER:" >&2; cat "$ERR" >&2; exit 1; }
  echo "$(echo "$end - $start" | bc) $(echo "$out" | head -n 1 | tr -d ' ' | wc -L) $before"
}

# The table load alone: a board one move from the goal.
near=$(echo "$GOAL" | awk '{t=$1; $1=$2; $2=t; print}' | sed 's/\b0\b/x/')
load=$(solve "$near" 1 | cut -d' ' -f1)
echo "# table load (subtracted): ${load}s"

# The ratio $1 / $2, or nothing when $2 is 0 (a search whose first iteration was its last).
ratio() { if [ "$(echo "$2 > 0" | bc -l)" = 1 ]; then echo "$1 / $2" | bc -l; fi; }

logsum=0
n=0
logbefore=0
nbefore=0
for i in "${!BOARDS[@]}"; do
  board=${BOARDS[$i]}
  order=("${THREADS[@]}")
  if (( i % 2 == 1 )); then
    order=(); for (( k=${#THREADS[@]}-1; k>=0; k-- )); do order+=("${THREADS[$k]}"); done
  fi
  declare -A secs=() lens=() befores=()
  for t in "${order[@]}"; do
    read -r s len before < <(solve "$board" "$t")
    secs[$t]=$(echo "$s - $load" | bc -l)
    lens[$t]=$len
    befores[$t]=$before
  done
  base=${secs[${THREADS[0]}]}
  line="instance $((i + 1)):"
  for t in "${THREADS[@]}"; do
    line+=" ${t}t $(printf '%.2f' "${secs[$t]}")s (before the last $(printf '%.2f' "${befores[$t]}")s) ${lens[$t]} moves"
  done
  last=${THREADS[${#THREADS[@]}-1]}
  speedup=$(echo "$base / ${secs[$last]}" | bc -l)
  line+="; speed-up ${last}t/${THREADS[0]}t $(printf '%.2f' "$speedup")"
  pre=$(ratio "${befores[${THREADS[0]}]}" "${befores[$last]}")
  if [ -n "$pre" ]; then
    line+=", before the last $(printf '%.2f' "$pre")"
    logbefore=$(echo "$logbefore + l($pre)" | bc -l)
    nbefore=$((nbefore + 1))
  else
    line+=", before the last: none timed"
  fi
  echo "$line"
  logsum=$(echo "$logsum + l($speedup)" | bc -l)
  n=$((n + 1))
  unset secs lens befores
done
last=${THREADS[${#THREADS[@]}-1]}
echo "geometric mean speed-up ${last}t/${THREADS[0]}t: $(printf '%.2f' "$(echo "e($logsum / $n)" | bc -l)") over $n instances; $(uptime)"
if (( nbefore > 0 )); then
  echo "geometric mean speed-up of the iterations before the last ${last}t/${THREADS[0]}t: $(printf '%.2f' "$(echo "e($logbefore / $nbefore)" | bc -l)") over $nbefore instances"
fi
