#!/usr/bin/env bash
# Mutation testing with cargo-mutants (`cargo install cargo-mutants --locked`) over the code
# whose bugs give quiet wrong answers: the heuristics, the pattern databases' build and lookup,
# IDA*, A*, the bidirectional stop rules, the table walk, the solvability rules and the replay
# check. Each group mutates its files only and builds and runs only the test targets that cover
# them (`-C --lib`, `-C --test=NAME`: without them cargo-mutants builds every test target for
# each mutant), one mutant at a time in the tests' `test-opt` profile made incremental for the
# crate itself (its dependencies are never incremental, so they are reused from target/), so a
# mutant costs one incremental build of the crate and a few seconds of tests.
#
#   scripts/mutants.sh                  # every group
#   scripts/mutants.sh solvability pdb  # some groups
#   LIST=1 scripts/mutants.sh           # count the mutants only
#
# SHARD=K/N runs the K-th (from 0) of N contiguous slices of each group. RE=REGEX keeps only
# the mutants of the group's files whose names match it (some functions', say), in place of the
# group's own name filter. Results go to target/mutants/GROUP/mutants.out (GROUP-TAG with
# TAG=NAME set): caught.txt, missed.txt, timeout.txt, unviable.txt. Survivors are either killed
# by a test or explained in scripts/mutants.md.
# SKIP_BASELINE=1 leaves out the unmutated build and test (for later shards of a run whose
# baseline passed).
# TARGETS="lib NAME..." builds and runs only those of the group's test targets (`lib` for the
# lib's tests, NAME for tests/NAME.rs), with the group's name filters: each crate build costs a
# mutant the most, so leave out the lib when no lib test reaches the mutated functions.
# FILTERS="NAME..." replaces the group's test name filters (the test targets stay the group's,
# or TARGETS'): to run other tests of the same binaries, or fewer.
# OPT_LEVEL=N builds the crate itself (not its dependencies) at that opt-level: a mutant's
# incremental build took 49 s at the profile's 3, 21 s at 1 and 3 s at 0, its tests (the
# search-bidir group's) 0.85, 0.9 and 5.5 s (see scripts/mutants.md).
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
  "heuristics src/heuristic.rs src/heuristic/manhattan.rs src/heuristic/linear_conflict.rs -- --test search -- manhattan linear_conflict heuristics exact_distances five_easiest"
  # The lib's tests under `pdb::` and every fast test of tests/search/pdb.rs and tests/search/pdb_symmetry.rs,
  # by name: the filters apply to every binary, and most of those names lack "pdb". (Not the
  # lib's stamped solver tests over pattern databases: a mutant that zeroes the estimate makes
  # their IDA* crawl, and the lib runs first, so the binary that shows the failures never runs.)
  "pdb src/pdb.rs src/pdb/build.rs src/pdb/lookup.rs src/pdb/symmetry.rs src/pdb/partition.rs src/pdb/placement.rs -- --lib --test search -- pdb:: values_never_exceed_the_exact_distance centre_stays_admissible the_goal_has_value_zero stepping_ gets_a_value_above_its_depth give_mirror_image_values is_rebuilt_with_identical_tables loads_the_cached_file a_file_for_another_goal unwritable_cache_directory builders_running_at_once list_shows_each_file weighted_costs_are_refused korf::ida_663_reflected reflected_lookup_never_lowers shared_5x5_tables share_one_table share_a_table named_for_their_partitions estimate_within_is_exact larger_of_the_board_and_its_mirror"
  "search-bidir src/solver/bidir_split.rs src/solver/bidir_shared.rs -- --lib -- solver::tests::bidir_s solver::bidir_s solver::wide_tests::bidir_s"
  "search-informed src/solver/idastar.rs src/solver/astar.rs src/solver/astar_h.rs src/solver/informed.rs -- --lib --test search -- solver::tests::idastar solver::tests::astar solver::wide_tests::idastar solver::wide_tests::astar solver::tests::facts::heuristic search::ida_ search::a_star search::weighted"
  "search-table src/solver/table.rs -- --lib -- solver::table:: solver::tests::table solver::wide_tests::table solver::tests::facts::table solver::tests::facts::torus_table"
  "stats src/stats.rs -- --lib -- stats:: diff::"
  "diff src/diff.rs -- --lib -- diff::"
  "replay src/harness/verify.rs --re check_replay|agree -- --lib --test results -- harness disagree"
)

wanted=("$@")
for g in "${groups[@]}"; do
  read -r -a words <<<"$g"
  name=${words[0]}
  # `search` names all the `search-*` groups.
  if [ ${#wanted[@]} -gt 0 ] && ! printf '%s\n' "${wanted[@]}" | grep -qxe "$name" -e "${name%%-*}"; then
    continue
  fi
  args=()
  i=1
  while [ "${words[$i]}" != "--" ]; do
    case ${words[$i]} in
      --re) i=$((i + 1)); [ -z "${RE:-}" ] && args+=(--re "${words[$i]}") ;;
      *) args+=(-f "${words[$i]}") ;;
    esac
    i=$((i + 1))
  done
  # `--lib` and `--test NAME` choose what is built, so they go to every cargo command; the rest
  # (test name filters, and what follows a second `--`) to `cargo test` only.
  cargo_args=()
  test_args=()
  i=$((i + 1))
  while [ "$i" -lt "${#words[@]}" ]; do
    case ${words[$i]} in
      --lib) cargo_args+=(-C --lib) ;;
      --test) i=$((i + 1)); cargo_args+=(-C "--test=${words[$i]}") ;;
      *) test_args+=("${words[$i]}") ;;
    esac
    i=$((i + 1))
  done
  if [ -n "${RE:-}" ]; then
    args+=(--re "$RE")
  fi
  if [ -n "${FILTERS:-}" ]; then
    read -r -a filters <<<"$FILTERS"
    test_args=(-- "${filters[@]}")
  fi
  if [ -n "${TARGETS:-}" ]; then
    cargo_args=()
    read -r -a targets <<<"$TARGETS"
    for t in "${targets[@]}"; do
      case $t in
        lib) cargo_args+=(-C --lib) ;;
        *) cargo_args+=(-C "--test=$t") ;;
      esac
    done
  fi
  out_dir="target/mutants/$name${TAG:+-$TAG}"
  if [ -n "${LIST:-}" ]; then
    echo "$name: $(cargo mutants --list "${args[@]}" | wc -l) mutants"
    continue
  fi
  place=(-j "$jobs")
  [ -n "${IN_PLACE:-}" ] && place=(--in-place)
  [ -n "${SHARD:-}" ] && place+=(--shard "$SHARD")
  [ -n "${SKIP_BASELINE:-}" ] && place+=(--baseline=skip)
  [ -n "${OPT_LEVEL:-}" ] && place+=(-C "--config=profile.test-opt.package.slidebench.opt-level=$OPT_LEVEL")
  echo "== $name"
  mkdir -p "$out_dir"
  CARGO_PROFILE_TEST_OPT_INCREMENTAL=true \
    cargo mutants "${place[@]}" --profile test-opt --timeout "$timeout" --build-timeout 900 \
    --no-shuffle "${args[@]}" "${cargo_args[@]}" --output "$out_dir" \
    -- "${test_args[@]}" || true
  for f in caught missed timeout unviable; do
    out="$out_dir/mutants.out/$f.txt"
    printf '%s %s: %s\n' "$name" "$f" "$( [ -f "$out" ] && wc -l <"$out" || echo 0)"
  done
done
