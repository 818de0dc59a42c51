#!/usr/bin/env bash
# The sharding recipes (docs/large-runs.md) run as written, on a small workload: a one-node SLURM cluster
# runs scripts/cluster/compare.sbatch (the file docs/large-runs.md links) as a 3-task array, and
# GNU parallel runs scripts/cluster/parallel.sh; each merged result must hold the answers of
# one unsharded run of the same sets (`merge --expect`, times and peak memory aside); one 4x4
# search split across four tasks must match the serial one (split-check.sh). Then a
# task cancelled partway (scancel) must make the merge refuse, naming its shard. The cluster
# is torn down on every exit. Run as root after `cargo build --release` (or with
# SLIDEBENCH_BIN_DIR naming the directory of another build, as .ci/run does); .ci/run installs
# slurm-wlm, munge and parallel first.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin_dir=${SLIDEBENCH_BIN_DIR:-target/release}
case $bin_dir in /*) ;; *) bin_dir=$root/$bin_dir ;; esac
export PATH="$bin_dir:$PATH"
work=$(mktemp -d)
state=$work/slurm
trap '"$root/scripts/cluster/slurm-down.sh" "$state"; rm -rf "$work"' EXIT
# bash runs no EXIT trap when a signal kills it: these make the signals an exit.
trap 'exit 130' INT
trap 'exit 143' TERM
cd "$work"

# A few Korf instances and 3x3 sets, every query run to its end (no time budget), so that the
# answers and node counts cannot depend on the machine's load.
# The recipes take their arguments from a file, one a line (SLIDEBENCH_ARGS).
export SLIDEBENCH_ARGS=$work/args.txt
printf '%s\n' --cases korf100 random depth --count 4 --solvers idastar-md/packed \
    idastar-lc/packed bfs/rank astar/rank --budget-time 0 --budget-streak 0 --no-charts \
    > "$SLIDEBENCH_ARGS"
mapfile -t args < "$SLIDEBENCH_ARGS"
slidebench compare "${args[@]}" --threads 1 --out unsharded >/dev/null

export SLURM_CONF
SLURM_CONF=$("$root/scripts/cluster/slurm-up.sh" "$state")
echo "cluster up: $(sinfo -h -N -o '%N %c CPUs %T')"
mkdir -p slurm && cd slurm
sbatch --wait --array=1-3 --time=00:05:00 "$root/scripts/cluster/compare.sbatch"
slidebench merge shards/1 shards/2 shards/3 --out merged --expect ../unsharded
cd ..

# One search split across four tasks of one job (split.sbatch): the serial length, and the
# serial nodes in the iterations before the last.
mkdir -p split && cd split
bash "$root/scripts/cluster/split-check.sh"
cd ..

mkdir -p parallel && cd parallel
bash "$root/scripts/cluster/parallel.sh"
slidebench merge shards/1 shards/2 shards/3 shards/4 --out check --expect ../unsharded
cd ..

# Cancelled tasks: the same array over a long workload (Korf's 100 with Manhattan distance,
# hours), cancelled once tasks 1 and 2 run (task 3 waits: `%2` runs two at a time, whatever
# the machine's CPUs). Task 2's compare,
# stopped by SIGTERM partway, marks its result set incomplete; task 3 never ran. With task 1's
# shard replaced by the finished one above, the merge must refuse, naming shards/2, and
# without shards/2, naming shards/3.
mkdir -p cancelled && cd cancelled
export SLIDEBENCH_ARGS=$work/args-long.txt
printf '%s\n' --cases korf100 --count 100 --solvers idastar-md/packed --budget-time 0 \
    --budget-streak 0 --no-charts > "$SLIDEBENCH_ARGS"
job=$(sbatch --parsable --array=1-3%2 --time=00:05:00 "$root/scripts/cluster/compare.sbatch")
running() { [ -e shards/1/.slidebench.lock ] && [ -e shards/2/.slidebench.lock ]; }
for _ in $(seq 1 120); do
  running && break
  sleep 0.5
done
running || { echo "error: tasks 1 and 2 of job $job did not start"; squeue; exit 1; }
sleep 1
scancel "$job"
for _ in $(seq 1 60); do
  [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && break
  sleep 0.5
done
[ -z "$(squeue -h -j "$job" 2>/dev/null)" ] || { echo "error: job $job still queued"; exit 1; }
[ -e shards/3 ] && { echo "error: task 3 ran, though cancelled while pending"; exit 1; }
rm -rf shards/1 && cp -r ../slurm/shards/1 shards/1
refused() {
  local out
  if out=$(slidebench merge "$@" --out merged 2>&1); then
    echo "error: merge $* accepted a cancelled shard"
    exit 1
  fi
  echo "refused: $out"
}
refused shards/1 shards/2 shards/3 | tee refusal.txt
grep -q "shards/2: the result set is incomplete" refusal.txt
refused shards/1 shards/3 | tee refusal.txt
grep -q "shards/3: not a result directory" refusal.txt
cd ..
echo "cluster recipes: sharded runs equal the unsharded one; cancelled shards are refused by name"
