#!/usr/bin/env bash
# Mutation testing with cargo-mutants (`cargo install cargo-mutants --locked`) over the code
# whose bugs give quiet wrong answers: the heuristics, the pattern databases' build and lookup,
# IDA*, A*, the bidirectional stop rules, the table walk, the solvability rules and the replay
# check. Each group mutates its files only and runs only the fast tests that cover them, one
# mutant at a time (the `mutants` profile in Cargo.toml: release speed, no LTO), so a mutant
# costs one incremental build and a few seconds of tests.
#
#   scripts/mutants.sh                  # every group
#   scripts/mutants.sh solvability pdb  # some groups
#   LIST=1 scripts/mutants.sh           # count the mutants only
#
# Results go to target/mutants/GROUP/mutants.out (caught.txt, missed.txt, timeout.txt,
# unviable.txt). Survivors are either killed by a test or explained in scripts/mutants.md.
# IN_PLACE=1 mutates this tree in place (faster: no copy, the build directory is reused; do not
# edit the tree while it runs). JOBS and TIMEOUT (seconds per mutant's tests) override the
# defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-1}
timeout=${TIMEOUT:-240}

# group name, then its files, `--`, then the `cargo test` arguments that cover them.
groups=(
  "solvability src/solvability.rs -- --lib solvability"
  "heuristics src/heuristic.rs src/heuristic/manhattan.rs src/heuristic/linear_conflict.rs -- --test fifteen -- manhattan linear_conflict heuristics exact_distances five_easiest"
  "pdb src/pdb.rs src/pdb/build.rs src/pdb/partition.rs src/pdb/placement.rs -- --lib --test pdb -- pdb"
  "search src/solver/idastar.rs src/solver/astar.rs src/solver/astar_h.rs src/solver/informed.rs src/solver/bidir_split.rs src/solver/bidir_shared.rs src/solver/table.rs -- --lib solver::"
  "replay src/harness/verify.rs --re check_replay|agree -- --lib --test harness -- harness disagree"
)

wanted=("$@")
for g in "${groups[@]}"; do
  read -r -a words <<<"$g"
  name=${words[0]}
  if [ ${#wanted[@]} -gt 0 ] && ! printf '%s\n' "${wanted[@]}" | grep -qx "$name"; then
    continue
  fi
  args=()
  i=1
  while [ "${words[$i]}" != "--" ]; do
    case ${words[$i]} in
      --re) i=$((i + 1)); args+=(--re "${words[$i]}") ;;
      *) args+=(-f "${words[$i]}") ;;
    esac
    i=$((i + 1))
  done
  test_args=("${words[@]:$((i + 1))}")
  if [ -n "${LIST:-}" ]; then
    echo "$name: $(cargo mutants --list "${args[@]}" | wc -l) mutants"
    continue
  fi
  place=(-j "$jobs")
  [ -n "${IN_PLACE:-}" ] && place=(--in-place)
  echo "== $name"
  mkdir -p "target/mutants/$name"
  cargo mutants "${place[@]}" --profile mutants --timeout "$timeout" --no-shuffle \
    "${args[@]}" --output "target/mutants/$name" -- "${test_args[@]}" || true
  for f in caught missed timeout unviable; do
    out="target/mutants/$name/mutants.out/$f.txt"
    printf '%s %s: %s\n' "$name" "$f" "$( [ -f "$out" ] && wc -l <"$out" || echo 0)"
  done
done
