//! The 24-puzzle's 6-6-6-6 pattern databases (Korf & Felner 2002) with the reflected lookup:
//! the two tables' checksums and value histograms, and the five easiest of their 50 instances
//! solved at the published lengths with the published node counts; the zero-aware tables and the
//! shipped `5x5-6666-max` catalogue on the easiest, with pinned node counts.
//!
//! The tables take minutes to build, so these tests never build them: they load them from
//! `SLIDEBENCH_PDB_DIR` (else the default cache) and, when they are not there, fail naming
//! `scripts/build-test-tables.sh` (see `common::tables_missing`). They are in the exhaustive
//! tier.

use crate::common;

use rayon::prelude::*;
use slidebench::cases::korf50;
use slidebench::fsm::MoveAutomaton;
use slidebench::heuristic::{Heuristic, MaxOf};
use slidebench::pdb::{
    shipped_catalogue, CataloguePdb, DualPdb, OnMiss, PartitionKind, PatternDatabases,
};
use slidebench::solver::idastar::ida_star;
use slidebench::solver::idastar_dual::ida_star_dual_fsm;
use slidebench::solver::idastar_fsm::ida_star_fsm;
use slidebench::Budget;
use std::sync::OnceLock;

/// The 6-6-6-6 databases for Korf's goal, loaded once; see `common::tables_missing` when they
/// are not cached.
fn databases() -> Option<&'static PatternDatabases> {
    static DBS: OnceLock<Option<PatternDatabases>> = OnceLock::new();
    DBS.get_or_init(|| {
        common::cached_databases(&korf50::korf_puzzle(), PartitionKind::SixSixSixSix)
    })
    .as_ref()
}

/// Entries of each table: 25!/19! placements of six tiles.
const ENTRIES: usize = 127_512_000;

/// xxh3-64 of the corner pattern's table (tiles 1, 2, 5, 6, 7, 12) and of the block table
/// (tiles 3, 4, 8, 9, 13, 14, read for the other two blocks through the board's symmetries).
const CHECKSUMS: [u64; 2] = [0x7e4330e80c9a8a23, 0x25bbfdc2b1f4770];

/// Entries of the corner pattern's table with each value 0, 1, 2, ...
const HISTOGRAM_CORNER: [u64; 35] = [
    1, 2, 9, 54, 273, 1_074, 3_757, 11_553, 32_980, 85_905, 210_543, 472_673, 985_781, 1_871_683,
    3_284_912, 5_262_740, 7_799_786, 10_556_162, 13_134_678, 14_834_746, 15_330_827, 14_391_820,
    12_400_468, 9_738_365, 7_035_973, 4_622_876, 2_779_377, 1_496_425, 723_202, 300_217, 106_335,
    29_673, 6_250, 832, 48,
];

/// Entries of the block table with each value 0, 1, 2, ...
const HISTOGRAM_BLOCK: [u64; 36] = [
    1, 5, 22, 95, 370, 1_232, 3_791, 10_563, 28_437, 71_058, 168_426, 367_936, 756_771, 1_438_714,
    2_573_547, 4_254_808, 6_558_453, 9_236_626, 11_950_095, 14_030_534, 15_094_797, 14_783_693,
    13_318_514, 10_973_204, 8_341_436, 5_792_559, 3_699_450, 2_133_436, 1_115_979, 511_246,
    206_439, 67_647, 18_264, 3_438, 408, 6,
];

#[test]
#[ignore = "exhaustive: needs the 6-6-6-6 tables (slidebench pdb build --shape 5x5 --goal 0 1 … 24)"]
fn the_6666_tables_have_the_pinned_checksums_and_value_histograms() {
    let Some(pdb) = databases() else { return };
    assert_eq!(pdb.table_sizes(), [ENTRIES as u64; 2], "two distinct tables");
    let (corner, block) = pdb.table_data().split_at(ENTRIES);
    let measured: Vec<(u64, Vec<u64>)> = [corner, block]
        .into_iter()
        .map(|table| {
            let mut counts = vec![0u64; 64];
            for &v in table {
                counts[v as usize] += 1;
            }
            while counts.last() == Some(&0) {
                counts.pop();
            }
            (xxhash_rust::xxh3::xxh3_64(table), counts)
        })
        .collect();
    let pinned =
        [(CHECKSUMS[0], HISTOGRAM_CORNER.to_vec()), (CHECKSUMS[1], HISTOGRAM_BLOCK.to_vec())];
    assert_eq!(measured, pinned);
}

/// The five easiest instances by published nodes: 38, 40, 25, 32 and 44.
const EASIEST: usize = 5;

#[test]
#[ignore = "exhaustive: needs the 6-6-6-6 tables (slidebench pdb build --shape 5x5 --goal 0 1 … 24)"]
fn the_five_easiest_korf50_instances_take_the_published_lengths_and_node_counts() {
    let Some(pdb) = databases() else { return };
    let puzzle = korf50::korf_puzzle();
    let easiest: Vec<korf50::Instance> = korf50::by_nodes().into_iter().take(EASIEST).collect();
    assert_eq!(easiest.iter().map(|k| k.id).collect::<Vec<_>>(), [38, 40, 25, 32, 44]);
    let outcomes: Vec<_> = easiest
        .par_iter()
        .map(|k| (k, ida_star(&puzzle, pdb, &k.board, &Budget::UNLIMITED).unwrap()))
        .collect();
    for (k, out) in outcomes {
        let (end, _) = puzzle.replay(&k.board, &out.moves).unwrap();
        assert_eq!(end, *puzzle.goal(), "instance {}", k.id);
        assert_eq!(out.moves.len() as u32, k.length, "instance {}", k.id);
        // The published program counts as this one does; one apart would be the root.
        assert!(
            out.nodes.abs_diff(k.nodes) <= 1,
            "instance {}: {} nodes, published {}",
            k.id,
            out.nodes,
            k.nodes
        );
        assert!(pdb.estimate(&pdb.start(&k.board)) <= k.length, "instance {}", k.id);
    }
}

/// The four easiest instances with duplicate paths pruned by the 5x5 move automaton
/// (`idastar-pdb6666-fsm`, depth 14): the published lengths, and pinned node counts, 1.96x
/// fewer in all than without it.
#[test]
#[ignore = "exhaustive: needs the 6-6-6-6 tables (slidebench pdb build --shape 5x5 --goal 0 1 … 24)"]
fn the_four_easiest_korf50_instances_with_the_move_automaton_take_pinned_node_counts() {
    let Some(pdb) = databases() else { return };
    let puzzle = korf50::korf_puzzle();
    let fsm = MoveAutomaton::for_puzzle(&puzzle);
    let pinned: [(u32, u64); 4] =
        [(38, 24_393_734), (40, 35_322_178), (25, 165_587_918), (32, 194_399_496)];
    assert_pinned_counts(&puzzle, &pinned, |k| {
        ida_star_fsm(&puzzle, pdb, &fsm, &k.board, &Budget::UNLIMITED)
    });
}

/// Solves the easiest instances, as many as `pinned` holds, by `solve` (in parallel) and checks
/// each answer's replay, its published length and its pinned (instance, nodes).
fn assert_pinned_counts<S>(puzzle: &slidebench::Puzzle, pinned: &[(u32, u64)], solve: S)
where
    S: Fn(&korf50::Instance) -> slidebench::Result<slidebench::solver::idastar::IdaOutcome> + Sync,
{
    let easiest: Vec<korf50::Instance> =
        korf50::by_nodes().into_iter().take(pinned.len()).collect();
    let outcomes: Vec<_> = easiest.par_iter().map(|k| (k, solve(k).unwrap())).collect();
    for ((k, out), &(id, nodes)) in outcomes.into_iter().zip(pinned) {
        let (end, _) = puzzle.replay(&k.board, &out.moves).unwrap();
        assert_eq!(end, *puzzle.goal(), "instance {}", k.id);
        assert_eq!(out.moves.len() as u32, k.length, "instance {}", k.id);
        assert_eq!((k.id, out.nodes), (id, nodes));
    }
}

/// The two easiest instances with the dual lookups, BPMX and the move automaton together
/// (`idastar-pdb6666-dual-fsm`): the published lengths and pinned node counts, fewer than the
/// automaton alone (24,393,734 and 35,322,178) but each node costs several times as much.
#[test]
#[ignore = "exhaustive: needs the 6-6-6-6 tables (slidebench pdb build --shape 5x5 --goal 0 1 … 24)"]
fn the_two_easiest_korf50_instances_with_dual_lookups_and_the_automaton_take_pinned_counts() {
    let Some(pdb) = databases() else { return };
    let puzzle = korf50::korf_puzzle();
    let dual = DualPdb::new(&puzzle, pdb.clone());
    let fsm = MoveAutomaton::for_puzzle(&puzzle);
    let pinned: [(u32, u64); 2] = [(38, 21_739_409), (40, 29_635_557)];
    assert_pinned_counts(&puzzle, &pinned, |k| {
        ida_star_dual_fsm(&puzzle, &dual, &fsm, &k.board, &Budget::UNLIMITED)
    });
}

/// The two easiest instances with the larger of Korf & Felner's sums and the second 6-6-6-6
/// partition's, and the move automaton (`idastar-pdb6666-max-fsm`): the published lengths and
/// pinned node counts, 1.6x and 1.4x fewer than the automaton with Korf & Felner's alone.
#[test]
#[ignore = "exhaustive: needs the 6-6-6-6 and 6-6-6-6b tables (slidebench pdb build --shape 5x5 --goal 0 1 … 24 --partition 6666b)"]
fn the_two_easiest_korf50_instances_with_the_maximum_over_two_partitions_take_pinned_counts() {
    let Some(pdb) = databases() else { return };
    let puzzle = korf50::korf_puzzle();
    let Some(second) = common::cached_databases(&puzzle, PartitionKind::SixSixSixSixB) else {
        return;
    };
    let max = MaxOf::new(pdb.clone(), second, "pdbmax");
    let fsm = MoveAutomaton::for_puzzle(&puzzle);
    let pinned: [(u32, u64); 2] = [(38, 15_561_424), (40, 25_536_596)];
    assert_pinned_counts(&puzzle, &pinned, |k| {
        ida_star_fsm(&puzzle, &max, &fsm, &k.board, &Budget::UNLIMITED)
    });
}

/// `compare` with a cache that lacks the 6-6-6-6 tables leaves their solver out of a 5x5
/// set, with the command that builds them as the reason, and still runs the others.
#[test]
fn compare_leaves_out_the_6666_solver_until_its_tables_are_built() {
    common::assert_compare_leaves_out_until_built(
        "idastar-pdb6666/packed",
        "walk:5x5:12",
        &["slidebench pdb build --shape 5x5", "--partition 6666"],
    );
}

/// The same for the maximum over two partitions: the first tables it lacks are named.
#[test]
fn compare_leaves_out_the_6666_max_solver_until_its_tables_are_built() {
    common::assert_compare_leaves_out_until_built(
        "idastar-pdb6666-max/packed",
        "walk:5x5:12",
        &["slidebench pdb build --shape 5x5", "--partition 6666"],
    );
}

/// The two easiest instances with the zero-aware 6-6-6-6 tables and the move automaton
/// (`idastar-zpdb6666-fsm`): the published lengths and pinned node counts (generated), fewer
/// than the plain tables' with the automaton (24,393,734 and 35,322,178).
#[test]
#[ignore = "exhaustive: needs the zero-aware 6-6-6-6 tables (scripts/build-test-tables.sh)"]
fn the_two_easiest_korf50_instances_with_zero_aware_tables_and_the_automaton_take_pinned_counts() {
    let puzzle = korf50::korf_puzzle();
    let Some(zero) = common::cached_zero_aware(&puzzle, PartitionKind::SixSixSixSix) else {
        return;
    };
    let fsm = MoveAutomaton::for_puzzle(&puzzle);
    let pinned: [(u32, u64); 2] = [(38, 18_695_774), (40, 24_640_115)];
    assert_pinned_counts(&puzzle, &pinned, |k| {
        ida_star_fsm(&puzzle, &zero, &fsm, &k.board, &Budget::UNLIMITED)
    });
}

/// The shipped `catalogues/5x5-6666-max.txt` (Korf & Felner's partition and the second one, each
/// also read transposed) with the move automaton (`idastar-catalogue-fsm`) on the two easiest
/// instances: the published lengths, and exactly the node counts of the same maximum compiled
/// into `idastar-pdb6666-max-fsm` (pinned above), so the catalogue's generic lookups compute
/// the same heuristic.
#[test]
#[ignore = "exhaustive: needs the 5x5-6666-max catalogue's tables (scripts/build-test-tables.sh)"]
fn the_shipped_5x5_catalogue_takes_the_maximum_over_two_partitions_counts() {
    let puzzle = korf50::korf_puzzle();
    let (path, catalogue) = shipped_catalogue(&puzzle).expect("a catalogue ships for the 5x5");
    assert_eq!(path, "catalogues/5x5-6666-max.txt");
    let opened = CataloguePdb::open(&puzzle, catalogue, &common::pdb_cache(), OnMiss::Refuse);
    let Some((pdb, _)) = opened.map_or_else(|e| common::tables_missing(&e), Some) else { return };
    let fsm = MoveAutomaton::for_puzzle(&puzzle);
    let pinned: [(u32, u64); 2] = [(38, 15_561_424), (40, 25_536_596)];
    assert_pinned_counts(&puzzle, &pinned, |k| {
        ida_star_fsm(&puzzle, &pdb, &fsm, &k.board, &Budget::UNLIMITED)
    });
}
