#!/usr/bin/env bash
# Another revision against this tree, through `slidebench compare --rounds` and `slidebench diff`
# (docs/diff.md): both revisions built in release, each runs the same comparison in ROUNDS
# interleaved rounds (default 5), and this tree's `diff` says, per set and solver, faster,
# slower, equivalent or inconclusive, and which counters or answers changed. The exit status is
# diff's (1 on a regression).
#
#   scripts/compare-revisions.sh f0f39cd                         # default sets below
#   scripts/compare-revisions.sh f0f39cd --cases korf100 --count 10 --solvers idastar-lc/packed
#   FORMAT=markdown OLD_BIN=/path/to/old scripts/compare-revisions.sh -
#
# The other revision is built in a temporary worktree (its target/ seeded from this one's, so
# only the crate itself compiles), or OLD_BIN names its binary; it must know `compare --rounds`.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: scripts/compare-revisions.sh REV [COMPARE ARGS...]}
shift
rounds=${ROUNDS:-5}
args=("$@")
if [ ${#args[@]} -eq 0 ]; then
  args=(--cases random korf100 --count 10 --threads 1
    --solvers table/rank astar-md/packed bidir-split/packed idastar-lc/packed idastar-pdb663/packed)
fi
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

echo "# $rev against $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (uncommitted changes)'); $(nproc) cores, $(uptime | sed 's/.*load/load/')"
"$work/old" compare "${args[@]}" --rounds "$rounds" --no-charts --out "$work/base" >/dev/null
"$work/new" compare "${args[@]}" --rounds "$rounds" --no-charts --out "$work/head" >/dev/null
"$work/new" diff "$work/base" "$work/head" --format "${FORMAT:-table}"
