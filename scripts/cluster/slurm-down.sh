#!/usr/bin/env bash
# Tears down the cluster scripts/cluster/slurm-up.sh STATE_DIR brought up: cancels its jobs,
# stops slurmd, slurmctld and the munged it started (by their pid files), removes STATE_DIR.
# Safe to run on a half-started cluster, and twice.
set -uo pipefail
state=${1:?usage: slurm-down.sh STATE_DIR}
[ -d "$state" ] || exit 0
export SLURM_CONF=$state/slurm.conf
[ -f "$SLURM_CONF" ] && scancel --full --quiet --user="$(id -un)" 2>/dev/null
for daemon in slurmd slurmctld munged; do
  pidfile=$state/$daemon.pid
  [ -s "$pidfile" ] || continue
  pid=$(cat "$pidfile")
  kill "$pid" 2>/dev/null || continue
  for _ in $(seq 1 50); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -9 "$pid" 2>/dev/null
done
rm -rf "$state"
