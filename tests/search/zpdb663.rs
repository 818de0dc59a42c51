//! The 15-puzzle's zero-aware 6-6-3 tables (`idastar-zpdb663`, two values per placement) with
//! the reflected lookup: Korf's first four instances at their published lengths with pinned node
//! counts, fewer than the plain 6-6-3 tables generate.
//!
//! The tests load the tables from `SLIDEBENCH_PDB_DIR` (else the default cache) and, when they
//! are not there, fail naming `scripts/build-test-tables.sh` (see `common::tables_missing`);
//! they are in the exhaustive tier.

use crate::common;

use slidebench::cases::korf100;
use slidebench::fsm::MoveAutomaton;
use slidebench::pdb::{PartitionKind, ZeroAwarePdb};
use slidebench::solver::idastar::{ida_star, IdaOutcome};
use slidebench::solver::idastar_fsm::ida_star_fsm;
use slidebench::Budget;

/// The zero-aware 6-6-3 tables for Korf's goal (see `common::tables_missing` when not cached).
fn databases() -> Option<ZeroAwarePdb> {
    common::cached_zero_aware(&korf100::korf_puzzle(), PartitionKind::SixSixThree)
}

/// Solves Korf's first instances, as many as `pinned` holds, checking each answer's replay,
/// its published length and its pinned (instance, nodes).
fn assert_pinned_counts(pinned: &[(u32, u64)], solve: impl Fn(&korf100::Instance) -> IdaOutcome) {
    let puzzle = korf100::korf_puzzle();
    let measured: Vec<(u32, u64)> = korf100::instances()
        .iter()
        .take(pinned.len())
        .map(|k| {
            let out = solve(k);
            let (end, _) = puzzle.replay(&k.board, &out.moves).unwrap();
            assert_eq!(end, *puzzle.goal(), "instance {}", k.id);
            assert_eq!(out.moves.len() as u32, k.length, "instance {}", k.id);
            (k.id, out.nodes)
        })
        .collect();
    assert_eq!(measured, pinned);
}

/// `idastar-zpdb663` on instances 1 to 4 (the plain 6-6-3 tables: 45,590, 68,877, 1,672,482
/// and 142,064 nodes).
#[test]
#[ignore = "exhaustive: needs the zero-aware 6-6-3 tables (slidebench pdb build --goal 0 1 … 15 --zero-aware)"]
fn korfs_first_four_instances_take_pinned_node_counts_with_zero_aware_6_6_3() {
    let Some(zero) = databases() else { return };
    let puzzle = korf100::korf_puzzle();
    let pinned = [(1, 36_714), (2, 50_113), (3, 1_173_724), (4, 100_159)];
    assert_pinned_counts(&pinned, |k| {
        ida_star(&puzzle, &zero, &k.board, &Budget::UNLIMITED).unwrap()
    });
}

/// `idastar-zpdb663-fsm` on instances 1 to 4: the move automaton prunes more.
#[test]
#[ignore = "exhaustive: needs the zero-aware 6-6-3 tables (slidebench pdb build --goal 0 1 … 15 --zero-aware)"]
fn korfs_first_four_instances_take_pinned_node_counts_with_zero_aware_6_6_3_and_the_automaton() {
    let Some(zero) = databases() else { return };
    let puzzle = korf100::korf_puzzle();
    let fsm = MoveAutomaton::for_puzzle(&puzzle);
    let pinned = [(1, 29_269), (2, 40_572), (3, 601_237), (4, 61_362)];
    assert_pinned_counts(&pinned, |k| {
        ida_star_fsm(&puzzle, &zero, &fsm, &k.board, &Budget::UNLIMITED).unwrap()
    });
}
