#!/usr/bin/env bash
# The split recipe (scripts/cluster/split.sbatch) on a running cluster (SLURM_CONF exported),
# in the current directory: one 4x4 instance of well under a minute as one job of four tasks,
# merged (`merge --split`), against one task doing the whole search (`--task 1/1`, which is
# the serial search: the library's tests check that) and a serial `solve`: the same length,
# and the same nodes in the iterations before the last. scripts/cluster/ci.sh runs it; alone:
#   scripts/cluster/slurm-up.sh /tmp/slurm && export SLURM_CONF=/tmp/slurm/slurm.conf
#   (cd "$(mktemp -d)" && bash /path/to/scripts/cluster/split-check.sh)
#   scripts/cluster/slurm-down.sh /tmp/slurm
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
board=(x 15 7 6 1 10 3 2 5 13 12 8 14 9 4 11)
export SLIDEBENCH_ARGS=$PWD/split-args.txt
printf '%s\n' --shape 4x4 --solver idastar-md/packed --timeout 120 "${board[@]}" > "$SLIDEBENCH_ARGS"
# Four tasks on however many CPUs the node has: --overcommit lets them share.
sbatch --wait --ntasks=4 --overcommit --time=00:05:00 "$root/scripts/cluster/split.sbatch"
slidebench merge --split split/rows/task-{1,2,3,4}.csv > merged.csv
mapfile -t args < "$SLIDEBENCH_ARGS"
slidebench split --task 1/1 --barrier serial-barrier --out serial.csv "${args[@]}"
slidebench merge --split serial.csv > serial-merged.csv
field() { awk -F, -v name="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) k = i } NR == 2 { print $k }' "$1"; }
length=$(echo "${board[*]}" | slidebench solve --shape 4x4 --solver idastar-md/packed --threads 1 | tr -d '\n' | wc -c)
echo "split: length $(field merged.csv length) (serial solve $length), nodes before the last iteration $(field merged.csv before_last_nodes) (serial $(field serial-merged.csv before_last_nodes)), wall $(field merged.csv wall_seconds) s"
[ "$(field merged.csv length)" = "$length" ] || { echo "error: the split search's length differs from solve's"; exit 1; }
[ "$(field merged.csv before_last_nodes)" = "$(field serial-merged.csv before_last_nodes)" ] \
    || { echo "error: the split search's nodes before the last iteration differ from the serial search's"; exit 1; }
