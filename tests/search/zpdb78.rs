//! The 15-puzzle's zero-aware 7-8 tables (`idastar-zpdb78`, `-fsm`: two values per placement,
//! 1,153,152,000 bytes) with the reflected lookup, on Korf's 100.
//!
//! Like the plain 7-8 tables they take minutes and gigabytes to build, so these tests never
//! build them: they load them from `SLIDEBENCH_PDB_DIR` (else the default cache) and, when
//! they are not there, fail naming `scripts/build-test-tables.sh` (see
//! `common::tables_missing`). The exhaustive test pins the node counts over all 100.

use crate::common;

use slidebench::cases::korf100;
use slidebench::fsm::MoveAutomaton;
use slidebench::heuristic::Heuristic;
use slidebench::pdb::{PartitionKind, ZeroAwarePdb};
use slidebench::solver::idastar::ida_star;
use slidebench::solver::idastar_fsm::ida_star_fsm;
use slidebench::Budget;

/// The zero-aware 7-8 tables for Korf's goal (see `common::tables_missing` when not cached).
fn databases() -> Option<ZeroAwarePdb> {
    common::cached_zero_aware(&korf100::korf_puzzle(), PartitionKind::SevenEight)
}

/// `compare` with a cache that lacks the zero-aware 7-8 tables leaves `idastar-zpdb78` out of
/// Korf's set, naming the command that builds them (with `--zero-aware`), and runs the others.
#[test]
fn compare_leaves_out_the_zero_aware_78_solver_until_its_tables_are_built() {
    common::assert_compare_leaves_out_until_built(
        "idastar-zpdb78/packed",
        "korf100",
        &[
            "zero-aware 78",
            "slidebench pdb build --shape 4x4 --goal 0 1 2",
            "--partition 78 --zero-aware",
        ],
    );
}

/// Every one of Korf's 100 at its published length with `idastar-zpdb78` and `-fsm`, each root
/// estimate at least the plain 7-8 tables' (both reflected); prints the nodes of each search.
#[test]
#[ignore = "exhaustive: needs the plain and zero-aware 7-8 tables (slidebench pdb build --goal 0 1 … 15 --partition 78 [--zero-aware])"]
fn korfs_100_at_their_published_lengths_with_zero_aware_7_8() {
    let puzzle = korf100::korf_puzzle();
    let Some(zero) = databases() else { return };
    let Some(plain) = common::cached_databases(&puzzle, PartitionKind::SevenEight) else { return };
    let fsm = MoveAutomaton::for_puzzle(&puzzle);
    let all = &Budget::UNLIMITED;
    let mut sums = [0u64; 2];
    for k in korf100::instances() {
        let roots = (plain.estimate(&plain.start(&k.board)), zero.estimate(&zero.start(&k.board)));
        assert!(roots.0 <= roots.1, "instance {}: roots {roots:?}", k.id);
        let outs = [
            ida_star(&puzzle, &zero, &k.board, all).unwrap(),
            ida_star_fsm(&puzzle, &zero, &fsm, &k.board, all).unwrap(),
        ];
        for (sum, out) in sums.iter_mut().zip(&outs) {
            let (end, _) = puzzle.replay(&k.board, &out.moves).unwrap();
            assert_eq!(end, *puzzle.goal(), "instance {}", k.id);
            assert_eq!(out.moves.len() as u32, k.length, "instance {}", k.id);
            *sum += out.nodes;
        }
        println!("instance {}: zpdb78 {} zpdb78-fsm {}", k.id, outs[0].nodes, outs[1].nodes);
    }
    println!("Korf's 100, total nodes: zpdb78 {} zpdb78-fsm {}", sums[0], sums[1]);
    // As `korf_felner --only zero78` counted them (`results/korf-felner.md`).
    assert_eq!(sums, [2_374_355, 1_752_912]);
}
