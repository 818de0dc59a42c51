#!/usr/bin/env bash
# The 3×3 and 4×4 whole-process workloads at another revision against this tree: instruction
# counts (cachegrind, when valgrind is installed: deterministic, so one run each) and CPU
# times in alternating rounds, with this tree's binary also run against itself (the A/A pair)
# so that the noise of the same run is known. Used for the 24-puzzle widening (issue 23):
#
#   scripts/compare-revisions.sh f0f39cd          # before the widening
#   ROUNDS=9 CACHEGRIND=0 scripts/compare-revisions.sh 909086a   # CPU times only
#   ROUNDS=0 scripts/compare-revisions.sh f0f39cd                # instructions only
#
# The other revision is built in a temporary worktree (its target/ seeded from this one's, so
# only the crate itself compiles), or OLD_BIN names its binary; both are release builds. Korf's instances run for
# Korf's goal; the 6-6-3 tables are built into the cache by a first, untimed run.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: scripts/compare-revisions.sh REV}
rounds=${ROUNDS:-7}
work=$(mktemp -d)
trap 'git worktree remove --force "$work/tree" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

cargo build --release --quiet --bin slidebench
cp target/release/slidebench "$work/new"
if [ -n "${OLD_BIN:-}" ]; then
  cp "$OLD_BIN" "$work/old"
else
  git worktree add --quiet --detach "$work/tree" "$rev"
  mkdir -p "$work/tree/target"
  cp -a target/release "$work/tree/target/" 2>/dev/null || true
  (cd "$work/tree" && cargo build --release --quiet --bin slidebench)
  cp "$work/tree/target/release/slidebench" "$work/old"
fi

korf_goal="--goal $(seq -s ' ' 0 15)"
"$work/new" cases random:3x3 --count 1000 >"$work/r3" 2>/dev/null
"$work/new" cases korf100 >"$work/k100" 2>/dev/null
head -5 "$work/k100" >"$work/k5"
head -10 "$work/k100" >"$work/k10"
# name, input, solve arguments
workloads=(
  "3x3-table/rank|r3|--solver table/rank"
  "3x3-astar-md|r3|--solver astar-md/packed"
  "3x3-bidir-split|r3|--solver bidir-split/packed"
  "4x4-idastar-md(5)|k5|--shape 4x4 $korf_goal --solver idastar-md/packed"
  "4x4-idastar-lc(10)|k10|--shape 4x4 $korf_goal --solver idastar-lc/packed"
  "4x4-astar-lc(5)|k5|--shape 4x4 $korf_goal --solver astar-lc/packed"
  "4x4-idastar-pdb663(100)|k100|--shape 4x4 $korf_goal --solver idastar-pdb663/packed"
)

run() { # binary input args...
  local bin=$1 input=$2
  shift 2
  # shellcheck disable=SC2068
  "$bin" solve --threads 1 $@ <"$input"
}

echo "# $rev against $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (uncommitted changes)'); $(nproc) cores, $(uptime | sed 's/.*load/load/')"
echo
for w in "${workloads[@]}"; do
  IFS='|' read -r name input args <<<"$w"
  # shellcheck disable=SC2086
  if ! cmp -s <(run "$work/old" "$work/$input" $args) <(run "$work/new" "$work/$input" $args); then
    echo "$name: the two revisions answer differently" >&2
    exit 1
  fi
done

if [ "${CACHEGRIND:-1}" = 1 ] && command -v valgrind >/dev/null; then
  echo "| workload | instructions at $rev | now | change |"
  echo "|---|---|---|---|"
  for w in "${workloads[@]}"; do
    IFS='|' read -r name input args <<<"$w"
    for side in old new; do
      # shellcheck disable=SC2086
      valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
        "$work/$side" solve --threads 1 $args <"$work/$input" >/dev/null 2>"$work/vg.$side"
      grep -E 'I +refs' "$work/vg.$side" | awk '{gsub(",", "", $NF); print $NF}' >"$work/ir.$side"
    done
    awk -v n="$name" -v a="$(cat "$work/ir.old")" -v b="$(cat "$work/ir.new")" \
      'BEGIN { printf "| %s | %.0f | %.0f | %+.1f%% |\n", n, a, b, 100 * (b - a) / a }'
  done
  echo
fi

[ "$rounds" -gt 0 ] || exit 0
echo "| workload | CPU s at $rev (median) | now | now again (A/A) | now / $rev (median of rounds) | A/A |"
echo "|---|---|---|---|---|---|"
for w in "${workloads[@]}"; do
  IFS='|' read -r name input args <<<"$w"
  # CPU time (user + system) of each run from wait4, in rounds whose order rotates.
  # shellcheck disable=SC2086
  python3 - "$rounds" "$name" "$work/$input" "$work/old" "$work/new" $args <<'PY'
import os, statistics as st, subprocess, sys
rounds, name, path, old, new, args = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6:]
bins = {"old": old, "new": new, "again": new}
cpu = {s: {} for s in bins}
for r in range(rounds):
    order = list(bins)
    for k in range(3):
        side = order[(k + r) % 3]
        with open(path, "rb") as stdin:
            p = subprocess.Popen([bins[side], "solve", "--threads", "1", *args], stdin=stdin, stdout=subprocess.DEVNULL)
            _, status, usage = os.wait4(p.pid, 0)
        assert status == 0, (side, status)
        cpu[side][r] = usage.ru_utime + usage.ru_stime
med = {s: st.median(v.values()) for s, v in cpu.items()}
ratio = st.median(cpu["new"][r] / cpu["old"][r] for r in range(rounds))
aa = st.median(cpu["again"][r] / cpu["new"][r] for r in range(rounds))
print(f"| {name} | {med['old']:.4f} | {med['new']:.4f} | {med['again']:.4f} | {ratio:.3f} | {aa:.3f} |")
PY
done
