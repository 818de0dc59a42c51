//! Korf & Felner's table (Artificial Intelligence 134, 2002) on Korf's 100, row by row: each
//! of slidebench's node counts is pinned (nodes are deterministic), and each is within
//! [`FACTOR`] of the published mean. `results/korf-felner.md` shows the same rows with times
//! (`cargo run --release --example korf_felner`). The 7-8 rows are pinned per instance in
//! `tests/search/pdb78.rs`; Manhattan distance and linear conflict take minutes and are exhaustive.

use rayon::prelude::*;
use slidebench::cases::korf100;
use slidebench::heuristic::{Heuristic, LinearConflict, Manhattan};
use slidebench::pdb::{Cache, Partition, PartitionKind, PatternDatabases};
use slidebench::solver::idastar::ida_star;
use slidebench::Budget;

/// How far from the published mean ours may be, either way. Same heuristic, same counting
/// rules, yet Korf & Felner's Manhattan mean is 1.12x Korf 1985's (which ours match exactly),
/// and our 5-5-5 and 6-6-3 layouts need not be theirs.
const FACTOR: f64 = 3.0;

/// A row: our total nodes over the 100, and the published mean per instance.
struct Row {
    name: &'static str,
    total: u64,
    published_mean: Option<u64>,
}

const ROWS: [Row; 8] = [
    Row { name: "md", total: 36_302_807_931, published_mean: Some(401_189_630) },
    Row { name: "lc", total: 3_759_631_279, published_mean: None },
    Row { name: "555", total: TOTAL_555_DIRECT, published_mean: Some(3_090_405) },
    Row { name: "555 reflected", total: TOTAL_555_REFLECTED, published_mean: None },
    Row { name: "663", total: 181_599_770, published_mean: Some(617_555) },
    Row { name: "663 reflected", total: 56_436_654, published_mean: None },
    Row { name: "78", total: 13_721_065, published_mean: Some(136_289) },
    Row { name: "78 reflected", total: 3_832_499, published_mean: Some(36_710) },
];

const TOTAL_555_DIRECT: u64 = 254_635_790;
const TOTAL_555_REFLECTED: u64 = 134_393_199;

#[test]
fn every_pinned_row_is_within_the_stated_factor_of_the_published_mean() {
    for row in &ROWS {
        let Some(published) = row.published_mean else { continue };
        let ratio = row.total as f64 / 100.0 / published as f64;
        assert!((1.0 / FACTOR..=FACTOR).contains(&ratio), "{}: {ratio:.2}", row.name);
    }
}

fn pinned(name: &str) -> u64 {
    ROWS.iter().find(|r| r.name == name).unwrap().total
}

/// Total nodes over Korf's 100 with `h`, every path checked at its published length.
/// Solves all 100 with `h` (in parallel: the searches are independent and each count is
/// deterministic), checks each path, and returns each instance's nodes in order.
fn nodes<H: Heuristic + Sync>(h: &H) -> Vec<u64> {
    let puzzle = korf100::korf_puzzle();
    korf100::instances()
        .par_iter()
        .map(|inst| {
            let out = ida_star(&puzzle, h, &inst.board, &Budget::UNLIMITED).unwrap();
            let (end, _) = puzzle.replay(&inst.board, &out.moves).unwrap();
            assert_eq!(end, *puzzle.goal(), "instance {}", inst.id);
            assert_eq!(out.moves.len() as u32, inst.length, "instance {}", inst.id);
            out.nodes
        })
        .collect()
}

fn total<H: Heuristic + Sync>(h: &H) -> u64 {
    nodes(h).iter().sum()
}

fn databases(kind: PartitionKind) -> PatternDatabases {
    let puzzle = korf100::korf_puzzle();
    let partition = Partition::for_goal(kind, puzzle.goal()).unwrap();
    PatternDatabases::load_or_build(&puzzle, &partition, &Cache::disabled()).unwrap().0
}

#[test]
fn korf_100_with_663_reflected_generates_the_pinned_nodes() {
    assert_eq!(total(&databases(PartitionKind::SixSixThree)), pinned("663 reflected"));
}

#[test]
#[ignore = "exhaustive: Korf's 100 with 6-6-3, direct lookup alone (1.8e8 nodes)"]
fn korf_100_with_663_direct_generates_the_pinned_nodes() {
    let pdb = databases(PartitionKind::SixSixThree).without_reflection();
    assert_eq!(total(&pdb), pinned("663"));
}

#[test]
#[ignore = "exhaustive: Korf's 100 with 5-5-5, both lookups"]
fn korf_100_with_555_generates_the_pinned_nodes_with_and_without_the_reflection() {
    let pdb = databases(PartitionKind::FiveFiveFive);
    assert_eq!(total(&pdb), pinned("555 reflected"));
    assert_eq!(total(&pdb.without_reflection()), pinned("555"));
}

#[test]
#[ignore = "exhaustive: Korf's 100 with linear conflict (3.8e9 nodes, about a minute)"]
fn korf_100_with_linear_conflict_generates_the_pinned_nodes() {
    let h = LinearConflict::new(&korf100::korf_puzzle()).unwrap();
    let nodes = nodes(&h);
    // Linear conflict dominates Manhattan distance: fewer nodes than Korf's published
    // Manhattan counts on every instance, not only in total.
    for (inst, n) in korf100::instances().iter().zip(&nodes) {
        assert!(*n < inst.nodes, "instance {}: lc {n} >= md {}", inst.id, inst.nodes);
    }
    assert_eq!(nodes.iter().sum::<u64>(), pinned("lc"));
}

#[test]
#[ignore = "exhaustive: Korf's 100 with Manhattan distance (3.6e10 nodes, minutes)"]
fn korf_100_with_manhattan_distance_generates_the_pinned_nodes() {
    assert_eq!(total(&Manhattan::new(&korf100::korf_puzzle())), pinned("md"));
}

/// Other layouts tried for Korf & Felner's 5-5-5 and 6-6-3 rows (`results/korf-felner.md`,
/// "Looking for the paper's layouts"): goal squares of Korf's goal, whether the reflected
/// lookup is on, and the total nodes over the 100. None lands within 3% of the published mean;
/// these are the nearest measured on either side.
const CANDIDATES: [(&str, &[&[u8]], bool, u64); 3] = [
    ("555 c", &[&[1, 4, 5, 8, 12], &[2, 3, 6, 7, 11], &[9, 10, 13, 14, 15]], false, 292_300_120),
    ("555 d", &[&[1, 2, 4, 5, 6], &[3, 7, 10, 11, 15], &[8, 9, 12, 13, 14]], false, 324_292_062),
    ("663 e", &[&[1, 2, 4, 5, 8, 12], &[3, 6, 7, 10, 11, 15], &[9, 13, 14]], true, 68_015_514),
];

#[test]
#[ignore = "exhaustive: Korf's 100 with three other 5-5-5 and 6-6-3 layouts (6.8e8 nodes)"]
fn korf_100_with_the_other_layouts_tried_generates_the_pinned_nodes() {
    let puzzle = korf100::korf_puzzle();
    for (name, squares, reflect, pinned) in CANDIDATES {
        let partition = Partition::from_squares(name, squares.iter().map(|g| g.to_vec()).collect());
        let pdb =
            PatternDatabases::load_or_build(&puzzle, &partition, &Cache::disabled()).unwrap().0;
        let pdb = if reflect { pdb } else { pdb.without_reflection() };
        assert_eq!(total(&pdb), pinned, "{name}");
    }
}
