//! Pattern databases: admissible on every state of small boards and near the goal of 4×4,
//! updated move by move exactly as recomputed, and cached on disk without ever trusting a bad
//! file.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use slidebench::cases::{board_of_rank, distance_table, UNREACHED};
use slidebench::heuristic::Heuristic;
use slidebench::pdb::{
    clear, list, Cache, Miss, Partition, PartitionKind, PatternDatabases, Source,
};
use slidebench::Budget;
use slidebench::{Board, Costs, Puzzle, Shape, Topology};
use std::collections::HashSet;
use std::path::Path;
use std::sync::OnceLock;

/// The goal with the empty square first and tiles in row order (Korf's convention).
fn empty_first(shape: Shape) -> Board {
    let cells: Vec<u8> = (0..shape.cells() as u8).collect();
    Board::from_cells(shape, &cells).unwrap()
}

fn grid(shape: Shape, goal: Board) -> Puzzle {
    Puzzle::new(shape, Topology::Grid, Costs::UNIT, goal).unwrap()
}

fn shape(w: usize, h: usize) -> Shape {
    Shape::new(w, h).unwrap()
}

/// Both goal conventions of a shape: empty square last, and first.
fn both_goals(shape: Shape) -> [Puzzle; 2] {
    [grid(shape, Board::solved(shape)), grid(shape, empty_first(shape))]
}

fn build(puzzle: &Puzzle, partition: &Partition) -> PatternDatabases {
    PatternDatabases::load_or_build(puzzle, partition, &Cache::disabled()).unwrap().0
}

/// Checks every reachable state of a small puzzle against its exact distance.
fn assert_admissible_everywhere(puzzle: &Puzzle, pdb: &PatternDatabases) {
    let reachable = match puzzle.topology() {
        Topology::Grid => puzzle.arrangements() / 2,
        Topology::Torus => puzzle.arrangements(),
    };
    assert_admissible_on(puzzle, pdb, reachable);
}

/// [`assert_admissible_everywhere`] with the number of reachable states given.
fn assert_admissible_on(puzzle: &Puzzle, pdb: &PatternDatabases, reachable: u64) {
    let dist = distance_table(puzzle);
    let mut checked = 0u32;
    for (r, &d) in dist.iter().enumerate() {
        if d == UNREACHED {
            continue;
        }
        let board = board_of_rank(puzzle.shape(), r as u64);
        let additive = pdb.additive(&board);
        let value = pdb.estimate(&pdb.start(&board));
        assert!(value >= additive, "the reflected max is below the sum at {board}");
        assert!(value <= u32::from(d), "{board}: value {value} above distance {d}");
        checked += 1;
    }
    assert_eq!(u64::from(checked), reachable);
}

#[test]
fn three_by_three_values_never_exceed_the_exact_distance_for_both_goals() {
    for puzzle in both_goals(Shape::THREE_BY_THREE) {
        let pdb = build(&puzzle, &Partition::default_for(puzzle.goal()));
        assert!(pdb.reflects(), "the 3x3 goals have the empty square on the diagonal");
        assert_admissible_everywhere(&puzzle, &pdb);
    }
}

#[test]
fn two_by_four_values_never_exceed_the_exact_distance_for_both_goals() {
    for s in [shape(2, 4), shape(4, 2)] {
        for puzzle in both_goals(s) {
            let pdb = build(&puzzle, &Partition::default_for(puzzle.goal()));
            assert!(!pdb.reflects(), "no reflected lookup off square boards");
            assert_admissible_everywhere(&puzzle, &pdb);
        }
    }
}

#[test]
fn three_by_three_with_the_empty_square_in_the_centre_stays_admissible() {
    let s = Shape::THREE_BY_THREE;
    let goal = Board::parse(s, "1234x5678").unwrap();
    let puzzle = grid(s, goal);
    let pdb = build(&puzzle, &Partition::default_for(&goal));
    assert!(pdb.reflects());
    assert_admissible_everywhere(&puzzle, &pdb);
}

#[test]
fn three_by_three_torus_values_never_exceed_the_exact_distance() {
    let s = Shape::THREE_BY_THREE;
    let puzzle = Puzzle::cruller(Costs::UNIT, Board::solved(s)).unwrap();
    let pdb = build(&puzzle, &Partition::default_for(puzzle.goal()));
    assert!(!pdb.reflects(), "no reflected lookup on the torus");
    assert_admissible_everywhere(&puzzle, &pdb);
    assert_step_matches_start(&puzzle, &pdb, 3);
}

#[test]
fn the_goal_has_value_zero() {
    for puzzle in both_goals(shape(4, 4)) {
        let partition = Partition::for_goal(PartitionKind::FiveFiveFive, puzzle.goal()).unwrap();
        let pdb = build(&puzzle, &partition);
        assert_eq!(pdb.estimate(&pdb.start(puzzle.goal())), 0);
    }
}

/// The 4×4 databases of both goals and both partitions, built once for all tests here.
fn four_by_four() -> &'static Vec<(Puzzle, PatternDatabases)> {
    static DBS: OnceLock<Vec<(Puzzle, PatternDatabases)>> = OnceLock::new();
    DBS.get_or_init(|| {
        let mut out = Vec::new();
        for puzzle in both_goals(shape(4, 4)) {
            for kind in [PartitionKind::SixSixThree, PartitionKind::FiveFiveFive] {
                let partition = Partition::for_goal(kind, puzzle.goal()).unwrap();
                out.push((puzzle.clone(), build(&puzzle, &partition)));
            }
        }
        out
    })
}

/// Walks `moves` random moves from the goal, stepping the node move by move, and hands `at`
/// each board reached with its stepped node.
fn walk_stepped(
    puzzle: &Puzzle,
    pdb: &PatternDatabases,
    seed: u64,
    moves: usize,
    mut at: impl FnMut(&Board, &<PatternDatabases as Heuristic>::Node),
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut board = *puzzle.goal();
    let mut node = pdb.start(&board);
    for _ in 0..moves {
        let blank = board.blank();
        let from = puzzle.moves_from(blank);
        let to = from[rng.gen_range(0..from.len())].1 as usize;
        let tile = board.cells()[to];
        board.swap_blank(blank, to);
        // The tile slid from `to` into the old empty square.
        node = pdb.step(&node, board.packed(), tile, to, blank);
        at(&board, &node);
    }
}

/// Walks `depth` random moves from random boards and checks that stepping the node move by move
/// gives exactly the node computed from scratch.
fn assert_step_matches_start(puzzle: &Puzzle, pdb: &PatternDatabases, seed: u64) {
    walk_stepped(puzzle, pdb, seed, 2000, |board, node| {
        assert_eq!(*node, pdb.start(board), "after reaching {board}");
        assert_eq!(pdb.estimate(node), pdb.estimate(&pdb.start(board)), "at {board}");
    });
}

#[test]
fn stepping_move_by_move_matches_recomputing_on_4x4_and_3x3() {
    for (i, (puzzle, pdb)) in four_by_four().iter().enumerate() {
        assert_step_matches_start(puzzle, pdb, i as u64);
    }
    for puzzle in both_goals(Shape::THREE_BY_THREE) {
        let pdb = build(&puzzle, &Partition::default_for(puzzle.goal()));
        assert_step_matches_start(&puzzle, &pdb, 7);
    }
}

/// Breadth-first from the goal to `max_depth`, checking every state's value against its depth.
fn assert_admissible_near_goal(puzzle: &Puzzle, pdb: &PatternDatabases, max_depth: u32) {
    let s = puzzle.shape();
    let goal = puzzle.goal().packed();
    let mut seen: HashSet<u64> = HashSet::from([goal]);
    let mut layer = vec![goal];
    for depth in 0..=max_depth {
        for &packed in &layer {
            let board = Board::from_packed(s, packed);
            let value = pdb.estimate(&pdb.start(&board));
            assert!(value <= depth, "{board} at depth {depth} has value {value}");
        }
        let mut next = Vec::new();
        for &packed in &layer {
            let mut board = Board::from_packed(s, packed);
            let blank = board.blank();
            for &(_, to) in puzzle.moves_from(blank) {
                board.swap_blank(blank, to as usize);
                if seen.insert(board.packed()) {
                    next.push(board.packed());
                }
                board.swap_blank(to as usize, blank);
            }
        }
        layer = next;
    }
}

#[test]
fn no_4x4_state_within_14_moves_gets_a_value_above_its_depth() {
    for (puzzle, pdb) in four_by_four() {
        assert_admissible_near_goal(puzzle, pdb, 14);
    }
}

#[test]
#[ignore = "exhaustive: every 4x4 state within 20 moves of both goals, 6-6-3 and 5-5-5"]
fn no_4x4_state_within_20_moves_gets_a_value_above_its_depth() {
    for (puzzle, pdb) in four_by_four() {
        assert_admissible_near_goal(puzzle, pdb, 20);
    }
}

#[test]
fn partitions_of_the_usual_and_korf_goals_give_mirror_image_values() {
    // Turning a board by 180° and renaming tile t as 16 − t maps Korf's goal onto the usual one;
    // the 6-6-3 layouts are each other's image, so the values must agree board for board.
    let dbs = four_by_four();
    let (usual, usual_pdb) = &dbs[0];
    let (korf, korf_pdb) = &dbs[2];
    assert_eq!(usual.goal(), &Board::solved(shape(4, 4)));
    assert_eq!(korf.goal(), &empty_first(shape(4, 4)));
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..500 {
        let mut shuffled: Vec<u8> = (0..16).collect();
        shuffled.shuffle(&mut rng);
        let cells = Board::from_cells(shape(4, 4), &shuffled).unwrap();
        let turned: Vec<u8> =
            cells.cells().iter().rev().map(|&t| if t == 0 { 0 } else { 16 - t }).collect();
        let turned = Board::from_cells(shape(4, 4), &turned).unwrap();
        assert_eq!(
            korf_pdb.estimate(&korf_pdb.start(&cells)),
            usual_pdb.estimate(&usual_pdb.start(&turned))
        );
    }
}

/// `board` mirrored about the main diagonal, each tile renamed for the goal's tile on its
/// home's mirror, so that the mirror of the goal is the goal (its empty square on the diagonal).
fn mirrored(board: &Board, goal: &Board) -> Board {
    let w = board.shape().width();
    let m = |s: usize| (s % w) * w + s / w;
    let mut home = vec![0usize; board.shape().cells()];
    for (s, &t) in goal.cells().iter().enumerate() {
        home[t as usize] = s;
    }
    let mut cells = vec![0u8; board.shape().cells()];
    for (s, &t) in board.cells().iter().enumerate() {
        cells[m(s)] = goal.cells()[m(home[t as usize])];
    }
    Board::from_cells(board.shape(), &cells).unwrap()
}

#[test]
fn the_reflected_estimate_is_the_larger_of_the_board_and_its_mirror_on_4x4() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for (puzzle, pdb) in four_by_four() {
        assert_eq!(&mirrored(puzzle.goal(), puzzle.goal()), puzzle.goal());
        let mut raised = 0;
        for _ in 0..500 {
            let mut shuffled: Vec<u8> = (0..16).collect();
            shuffled.shuffle(&mut rng);
            let board = Board::from_cells(shape(4, 4), &shuffled).unwrap();
            let (direct, reflected) =
                (pdb.additive(&board), pdb.additive(&mirrored(&board, puzzle.goal())));
            assert_eq!(pdb.estimate(&pdb.start(&board)), direct.max(reflected), "at {board}");
            raised += usize::from(reflected > direct);
        }
        // The partitions are not their own mirror images, so the reflection often wins.
        assert!(raised > 50, "{} raised {raised} of 500 estimates", pdb.name());
    }
}

#[test]
fn the_4x4_databases_are_named_for_their_partitions() {
    let names: Vec<&str> = four_by_four().iter().map(|(_, pdb)| pdb.name()).collect();
    assert_eq!(names, ["pdb663", "pdb555", "pdb663", "pdb555"]);
}

/// Along a random walk of stepped nodes (whose reflected value is often still unread), checks
/// `estimate_within` at every limit up to one past the estimate: the exact estimate when it is
/// within the limit, else a value above the limit and no higher than the estimate.
fn assert_estimate_within_keeps_its_contract(puzzle: &Puzzle, pdb: &PatternDatabases, seed: u64) {
    walk_stepped(puzzle, pdb, seed, 1000, |board, node| {
        let exact = pdb.estimate(node);
        for limit in 0..=exact + 1 {
            let mut asked = *node;
            let within = pdb.estimate_within(&mut asked, limit);
            if exact <= limit {
                assert_eq!(within, exact, "{board}, limit {limit}");
            } else {
                assert!(within > limit && within <= exact, "{board}, limit {limit}: {within}");
            }
            assert_eq!(pdb.estimate(&asked), exact, "{board}: asking changed the estimate");
        }
    });
}

#[test]
fn estimate_within_is_exact_up_to_its_limit_and_above_it_beyond_on_4x4() {
    for (i, (puzzle, pdb)) in four_by_four().iter().enumerate() {
        assert!(pdb.reflects());
        assert_estimate_within_keeps_its_contract(puzzle, pdb, 30 + i as u64);
    }
}

// ---------------------------------------------------------------------------------------------
// The cache.

fn small_puzzle() -> (Puzzle, Partition) {
    let puzzle = Puzzle::eight();
    let partition = Partition::default_for(puzzle.goal());
    (puzzle, partition)
}

/// Builds into `dir` and returns the file written and the databases' bytes.
fn build_into(dir: &Path) -> (std::path::PathBuf, Vec<u8>) {
    let (puzzle, partition) = small_puzzle();
    let (pdb, info) =
        PatternDatabases::load_or_build(&puzzle, &partition, &Cache::new(Some(dir))).unwrap();
    assert_eq!(info.source, Source::Built);
    assert_eq!(info.save_error, None);
    (info.path.expect("saved"), pdb.table_data().to_vec())
}

/// Loads again from `dir`, expecting a rebuild for `why`, and returns the databases' bytes.
fn reload_expecting(dir: &Path, why: Option<Miss>) -> Vec<u8> {
    let (puzzle, partition) = small_puzzle();
    let (pdb, info) =
        PatternDatabases::load_or_build(&puzzle, &partition, &Cache::new(Some(dir))).unwrap();
    assert_eq!(info.miss, why);
    let expected = if why.is_some() { Source::Built } else { Source::Loaded };
    assert_eq!(info.source, expected);
    pdb.table_data().to_vec()
}

#[test]
fn a_second_run_loads_the_cached_file_with_identical_tables() {
    let dir = tempfile::tempdir().unwrap();
    let (_, built) = build_into(dir.path());
    assert_eq!(reload_expecting(dir.path(), None), built);
}

#[test]
fn a_corrupted_cache_file_is_rebuilt_with_identical_tables() {
    let dir = tempfile::tempdir().unwrap();
    let (path, built) = build_into(dir.path());
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(reload_expecting(dir.path(), Some(Miss::Corrupted)), built);
    // The rebuild replaced the bad file.
    assert_eq!(reload_expecting(dir.path(), None), built);
}

#[test]
fn a_truncated_cache_file_is_rebuilt_with_identical_tables() {
    let dir = tempfile::tempdir().unwrap();
    let (path, built) = build_into(dir.path());
    let bytes = std::fs::read(&path).unwrap();
    for keep in [bytes.len() - 1, bytes.len() / 3, 5, 0] {
        std::fs::write(&path, &bytes[..keep]).unwrap();
        assert_eq!(reload_expecting(dir.path(), Some(Miss::Truncated)), built, "{keep} bytes");
    }
}

#[test]
fn a_stale_cache_file_with_a_valid_checksum_is_rebuilt_with_identical_tables() {
    let dir = tempfile::tempdir().unwrap();
    let (path, built) = build_into(dir.path());
    let mut bytes = std::fs::read(&path).unwrap();
    // Bytes 8..12 hold the format version; write an older one and a matching checksum.
    bytes[8..12].copy_from_slice(&0u32.to_le_bytes());
    let body = bytes.len() - 8;
    let sum = xxhash_rust::xxh3::xxh3_64(&bytes[..body]);
    bytes[body..].copy_from_slice(&sum.to_le_bytes());
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(reload_expecting(dir.path(), Some(Miss::Stale)), built);
}

#[test]
fn a_file_for_another_goal_is_never_used() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = build_into(dir.path());
    // Put the usual goal's file where the Korf goal's file would be.
    let puzzle = grid(Shape::THREE_BY_THREE, empty_first(Shape::THREE_BY_THREE));
    let partition = Partition::default_for(puzzle.goal());
    let cache = Cache::new(Some(dir.path()));
    let (expected, first) = PatternDatabases::load_or_build(&puzzle, &partition, &cache).unwrap();
    std::fs::copy(&path, first.path.as_ref().unwrap()).unwrap();
    let (again, info) = PatternDatabases::load_or_build(&puzzle, &partition, &cache).unwrap();
    assert_eq!(info.miss, Some(Miss::Stale));
    assert_eq!(again.table_data(), expected.table_data());
}

#[test]
fn an_unwritable_cache_directory_only_costs_the_rebuild() {
    let dir = tempfile::tempdir().unwrap();
    // A directory below a regular file can never be created, even by root.
    let file = dir.path().join("not-a-directory");
    std::fs::write(&file, b"x").unwrap();
    let cache = Cache::new(Some(&file.join("pdb")));
    let (puzzle, partition) = small_puzzle();
    let (pdb, info) = PatternDatabases::load_or_build(&puzzle, &partition, &cache).unwrap();
    assert_eq!(info.source, Source::Built);
    assert!(info.save_error.is_some());
    assert_eq!(info.path, None);
    assert_eq!(pdb.table_data(), build(&puzzle, &partition).table_data());
}

#[test]
fn builders_running_at_once_leave_one_whole_file() {
    let dir = tempfile::tempdir().unwrap();
    let (puzzle, partition) = small_puzzle();
    let tables: Vec<Vec<u8>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|_| {
                scope.spawn(|| {
                    let cache = Cache::new(Some(dir.path()));
                    let (pdb, _) =
                        PatternDatabases::load_or_build(&puzzle, &partition, &cache).unwrap();
                    pdb.table_data().to_vec()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(tables.windows(2).all(|w| w[0] == w[1]));
    let listed = list(&Cache::new(Some(dir.path()))).unwrap();
    assert_eq!(listed.len(), 1, "one file, no leftovers: {listed:?}");
    assert_eq!(listed[0].problem, None);
    let leftovers = std::fs::read_dir(dir.path()).unwrap().count();
    assert_eq!(leftovers, 1, "no temporary files left behind");
    assert_eq!(reload_expecting(dir.path(), None), tables[0]);
}

#[test]
fn list_shows_each_file_and_clear_removes_them() {
    let dir = tempfile::tempdir().unwrap();
    let cache = Cache::new(Some(dir.path()));
    build_into(dir.path());
    std::fs::write(dir.path().join("notes.txt"), b"kept").unwrap();
    let listed = list(&cache).unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].problem, None);
    let description = listed[0].description.as_deref().unwrap();
    assert!(description.contains("3x3 grid"), "{description}");
    assert!(description.contains("4-4"), "{description}");
    let (files, bytes) = clear(&cache).unwrap();
    assert_eq!((files, bytes), (1, listed[0].bytes));
    assert!(list(&cache).unwrap().is_empty());
    assert!(dir.path().join("notes.txt").exists());
}

#[test]
fn weighted_costs_are_refused_with_a_clear_error() {
    let puzzle = Puzzle::eight().with_costs(Costs { horizontal: 2, vertical: 1 }).unwrap();
    let partition = Partition::default_for(puzzle.goal());
    let err = PatternDatabases::load_or_build(&puzzle, &partition, &Cache::disabled()).unwrap_err();
    assert!(err.message().contains("unit move costs"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Korf's 100 with IDA* over 6-6-3 with the reflected lookup.

mod korf {
    use super::*;
    use slidebench::cases::korf100::{self, Instance};
    use slidebench::solver::idastar::ida_star;

    /// The databases built above for a goal and partition (index into [`four_by_four`]).
    fn databases(usual_goal: bool, kind: PartitionKind) -> &'static (Puzzle, PatternDatabases) {
        let goal_index = if usual_goal { 0 } else { 2 };
        let kind_index = usize::from(kind == PartitionKind::FiveFiveFive);
        &four_by_four()[goal_index + kind_index]
    }

    /// Solves each instance for Korf's goal and, turned, for the usual goal; every path must
    /// replay to the goal in exactly the published number of moves.
    fn assert_published_lengths(instances: &[Instance], kind: PartitionKind) {
        for usual_goal in [false, true] {
            let (puzzle, pdb) = databases(usual_goal, kind);
            assert!(pdb.reflects());
            for inst in instances {
                let start =
                    if usual_goal { korf100::to_usual_goal(&inst.board) } else { inst.board };
                let out = ida_star(puzzle, pdb, &start, &Budget::UNLIMITED).unwrap();
                let (end, cost) = puzzle.replay(&start, &out.moves).unwrap();
                assert_eq!(end, *puzzle.goal(), "instance {} (usual goal {usual_goal})", inst.id);
                assert_eq!(cost, u64::from(inst.length), "instance {} length", inst.id);
            }
        }
    }

    fn easiest(count: usize) -> Vec<Instance> {
        let mut all = korf100::instances();
        all.sort_by_key(|i| (i.length, i.nodes));
        all.truncate(count);
        all
    }

    #[test]
    fn ida_663_reflected_finds_the_published_lengths_on_the_five_easiest_for_both_goals() {
        assert_published_lengths(&easiest(5), PartitionKind::SixSixThree);
    }

    #[test]
    #[ignore = "exhaustive: all 100 of Korf's instances, both goals, 6-6-3 reflected"]
    fn ida_663_reflected_finds_the_published_lengths_on_all_korf_instances_for_both_goals() {
        assert_published_lengths(&korf100::instances(), PartitionKind::SixSixThree);
    }

    #[test]
    #[ignore = "exhaustive: all 100 of Korf's instances, both goals, 5-5-5 reflected"]
    fn ida_555_reflected_finds_the_published_lengths_on_all_korf_instances_for_both_goals() {
        assert_published_lengths(&korf100::instances(), PartitionKind::FiveFiveFive);
    }

    #[test]
    fn the_reflected_lookup_never_lowers_the_root_estimates() {
        let (puzzle, pdb) = databases(false, PartitionKind::SixSixThree);
        for inst in korf100::instances() {
            let value = pdb.estimate(&pdb.start(&inst.board));
            assert!(value >= pdb.additive(&inst.board));
            assert!(value <= inst.length, "instance {}: {value} > {}", inst.id, inst.length);
        }
        assert_eq!(puzzle.goal(), &korf100::korf_goal());
    }
}
