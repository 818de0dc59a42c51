#!/bin/bash
# `compare --full` on one machine with GNU parallel: four shards two at a time into shards/K,
# then merged into results-full. SLIDEBENCH_ARGS, when set, names a file of arguments, one a
# line, that replace `--full` (CI runs a few Korf instances and 3x3 sets through this same
# file); they reach compare as written, never through a shell. Every shard runs to its end: a
# shard that found disagreements (status 3) is merged, and the merge's status 3 reports them.
set -euo pipefail
# Refuse, before any work, a SLIDEBENCH_* setting this recipe does not know: a retired or
# mistyped one would otherwise be ignored and `compare --full` run, hours of work.
for name in $(compgen -e); do
    case $name in
        SLIDEBENCH_ARGS|SLIDEBENCH_BIN_DIR|SLIDEBENCH_PDB_DIR|SLIDEBENCH_COMMIT|SLIDEBENCH_PROGRESS_SECS|SLIDEBENCH_ALLOW_MISSING_TABLES) ;;
        # Set by cargo for the processes it runs (build.rs: the build's identity).
        SLIDEBENCH_GIT_COMMIT|SLIDEBENCH_GIT_DIRTY|SLIDEBENCH_SRC_HASH) ;;
        SLIDEBENCH_SETS)
            echo "parallel.sh: SLIDEBENCH_SETS is retired; name a file of compare's arguments, one a line (such as --cases and the sets), in SLIDEBENCH_ARGS" >&2
            exit 1 ;;
        SLIDEBENCH_*)
            echo "parallel.sh: unknown setting $name (it knows SLIDEBENCH_ARGS, SLIDEBENCH_BIN_DIR, SLIDEBENCH_PDB_DIR, SLIDEBENCH_COMMIT, SLIDEBENCH_PROGRESS_SECS, SLIDEBENCH_ALLOW_MISSING_TABLES)" >&2
            exit 1 ;;
    esac
done
args=(--full)
if [ -n "${SLIDEBENCH_ARGS:-}" ]; then mapfile -t args < "$SLIDEBENCH_ARGS"; fi
mkdir -p shards
parallel -q -j2 --joblog shards/joblog slidebench compare "${args[@]}" --threads 1 \
    --shard {}/4 --out shards/{} ::: 1 2 3 4 || true
# Exitval is the 7th column of the job log: any status but 0 and 3 means a shard did not run.
if awk 'NR > 1 && $7 != 0 && $7 != 3 { bad = 1 } END { exit !bad }' shards/joblog; then
    echo "parallel.sh: a shard could not run (shards/joblog); nothing merged" >&2
    exit 1
fi
slidebench merge shards/1 shards/2 shards/3 shards/4 --out results-full
