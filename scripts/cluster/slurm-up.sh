#!/usr/bin/env bash
# Brings up a one-node SLURM cluster on localhost (munged, slurmctld, slurmd), its state and
# configuration all under STATE_DIR (created; nothing under /etc/slurm is written), and waits
# until the node takes jobs. Prints the SLURM_CONF to export for sbatch/squeue/sacct.
# Run as root (the daemons run as root; munged as the munge user). Tear it down with
# scripts/cluster/slurm-down.sh STATE_DIR.
#
#   scripts/cluster/slurm-up.sh /tmp/slurm && export SLURM_CONF=/tmp/slurm/slurm.conf
set -euo pipefail
state=${1:?usage: slurm-up.sh STATE_DIR}
mkdir -p "$state"
state=$(cd "$state" && pwd)
for tool in munged munge unmunge slurmctld slurmd sbatch sinfo; do
  command -v "$tool" >/dev/null || { echo "slurm-up: $tool not found (apt-get install slurm-wlm munge)" >&2; exit 1; }
done

# munge: the key the packages made, else a new one; the daemon as its own user.
if ! [ -s /etc/munge/munge.key ]; then
  mungekey --create --keyfile /etc/munge/munge.key
  chown munge:munge /etc/munge/munge.key
  chmod 0400 /etc/munge/munge.key
fi
mkdir -p /run/munge /var/log/munge /var/lib/munge
chown munge:munge /run/munge /var/log/munge /var/lib/munge
# One already answering (the machine's own, or one apt started) is used and left running;
# one started here is stopped by slurm-down.sh, by the pid it writes once it answers.
munge_answers() { munge -n 2>/dev/null | unmunge >/dev/null 2>&1; }
if ! munge_answers; then
  rm -f /run/munge/munged.pid
  runuser -u munge -- munged
  for _ in $(seq 1 50); do
    [ -s /run/munge/munged.pid ] && munge_answers && break
    sleep 0.1
  done
  cp /run/munge/munged.pid "$state/munged.pid"
  munge_answers || { echo "slurm-up: munged does not answer" >&2; exit 1; }
fi

cpus=$(nproc)
mem_mb=$(( $(awk '/^MemTotal:/ { print $2 }' /proc/meminfo) / 1024 ))
mkdir -p "$state/ctld" "$state/spool"
cat >"$state/slurm.conf" <<CONF
# One node on localhost, written by scripts/cluster/slurm-up.sh.
ClusterName=slidebench
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CryptoType=crypto/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
SlurmctldTimeout=30
SlurmdTimeout=30
MinJobAge=300
KillWait=10
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$state/slurm.conf
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF" -N localhost

# Ready when the node is idle (or mixed: jobs already running).
for _ in $(seq 1 60); do
  if sinfo -h -N -o '%T' 2>/dev/null | grep -Eq '^(idle|mixed|allocated)'; then
    echo "$SLURM_CONF"
    exit 0
  fi
  sleep 0.5
done
echo "slurm-up: the node did not come up; logs in $state" >&2
sinfo -N -l >&2 || true
tail -n 20 "$state/slurmctld.log" "$state/slurmd.log" >&2 || true
exit 1
