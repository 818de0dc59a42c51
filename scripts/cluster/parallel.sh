#!/bin/bash
# `compare --full` on one machine with GNU parallel: four shards two at a time into shards/K,
# then merged into results-full. SLIDEBENCH_SETS, when set, replaces `--full` (CI runs a few
# Korf instances and 3x3 sets through this same file).
set -euo pipefail
parallel --halt now,fail=1 -j2 slidebench compare ${SLIDEBENCH_SETS:---full} --threads 1 \
    --shard {}/4 --out shards/{} ::: 1 2 3 4
slidebench merge shards/1 shards/2 shards/3 shards/4 --out results-full
