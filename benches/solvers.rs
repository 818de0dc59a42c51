//! Criterion benchmarks: every solver on each workload, one group per workload, plus the
//! tables' build measured apart from their queries.
//!
//! Every iteration checks its answer (length or cost) against a reference computed outside the
//! timed loop, so a fast wrong solver cannot win. Settings are small (10 samples, 1.5 s of
//! measurement) so that `cargo bench` stays within minutes; the blind searches over text
//! states are left out of the deep workloads, where one query takes a tenth of a second or more.

use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BatchSize, BenchmarkGroup, BenchmarkId, Criterion,
};
use slidebench::cases::{self, Case, SetKind, UNREACHED};
use slidebench::encoding::DEFAULT_MAX_STATES;
use slidebench::rank::rank;
use slidebench::solver::{
    all_solvers, new_solver, new_solver_with, EncodingKind, Solver, SolverInfo, SolverOptions,
};
use slidebench::{Board, Costs, Puzzle, Shape};
use std::hint::black_box;
use std::time::Duration;

/// Depth buckets of the `depth-D` groups.
const DEPTHS: [u8; 6] = [8, 16, 20, 24, 28, 31];

/// Boards in the `random-batch` group.
const BATCH: usize = 50;

/// Whether the solver keeps its states in hash maps (text, packed).
fn is_hashed(info: &SolverInfo) -> bool {
    matches!(info.encoding_kind, Some(EncodingKind::Text | EncodingKind::Packed))
}

/// Blind searches over hashed states (read from the registry's flags): expand most of the
/// space per query.
fn is_blind_text(info: &SolverInfo) -> bool {
    info.blind && is_hashed(info)
}

/// Solvers that may explore the whole space in hashed states for each new puzzle: blind
/// searches and the table's build.
fn is_whole_space_text(info: &SolverInfo) -> bool {
    (info.blind || info.table) && is_hashed(info)
}

/// A solver made with pattern databases built in memory (benchmarks leave the user's cache
/// alone).
fn make(id: &str) -> Box<dyn Solver> {
    let opts = SolverOptions { pdb_cache: false, ..SolverOptions::default() };
    new_solver_with(id, &opts).unwrap()
}

/// A solver with its table or heuristic (if any) already built for `puzzle`.
fn ready(info: &SolverInfo, puzzle: &Puzzle) -> Box<dyn Solver> {
    let mut s = make(&info.id);
    s.prepare(puzzle).unwrap();
    s
}

/// The registry's solvers that run on `puzzle` (its shape, topology and costs): a pattern
/// database written for another board, say, is left out rather than failing its `prepare`.
fn solvers_for(puzzle: &Puzzle) -> Vec<SolverInfo> {
    all_solvers().into_iter().filter(|i| i.accepts(puzzle)).collect()
}

/// Adds `info`'s benchmark on `workload` to `group`, timing `run`. The solver is made and
/// prepared for `puzzle` (its table or heuristic built) the first time criterion runs the
/// benchmark, outside the timing: a filtered `cargo bench` builds nothing it does not run.
fn bench_prepared(
    group: &mut BenchmarkGroup<'_, WallTime>,
    info: &SolverInfo,
    workload: &str,
    puzzle: &Puzzle,
    mut run: impl FnMut(&mut dyn Solver),
) {
    let mut solver: Option<Box<dyn Solver>> = None;
    group.bench_function(BenchmarkId::new(&info.id, workload), |b| {
        let solver = solver.get_or_insert_with(|| ready(info, puzzle));
        b.iter(|| run(solver.as_mut()));
    });
}

/// Solves every case and checks each answer's move count against `expected`.
fn solve_all(solver: &mut dyn Solver, boards: &[Board], expected: &[u64]) {
    let eight = Puzzle::eight();
    for (b, &want) in boards.iter().zip(expected) {
        let sol = solver.solve(&eight, black_box(b)).unwrap();
        assert_eq!(sol.moves().unwrap().len() as u64, want, "{b:?}");
    }
}

fn distances() -> Vec<u8> {
    cases::distance_table(&Puzzle::eight())
}

fn sample(c: &mut Criterion) {
    let eight = Puzzle::eight();
    let board = Board::parse(Shape::THREE_BY_THREE, cases::HDU_SAMPLE).unwrap();
    let mut group = c.benchmark_group("sample");
    for info in solvers_for(&eight) {
        bench_prepared(&mut group, &info, "sample", &eight, |solver| {
            let sol = solver.solve(&eight, black_box(&board)).unwrap();
            assert_eq!(sol.moves().unwrap().len(), 19);
        });
    }
    group.finish();
}

fn depth(c: &mut Criterion) {
    let eight = Puzzle::eight();
    let dist = distances();
    let set = cases::generate(SetKind::Depth, 3, 2026);
    for d in DEPTHS {
        let boards: Vec<Board> =
            set.iter().map(|c| c.start).filter(|b| dist[rank(b.cells()) as usize] == d).collect();
        assert!(!boards.is_empty(), "no board at depth {d}");
        let expected = vec![d as u64; boards.len()];
        let workload = format!("depth-{d}");
        let mut group = c.benchmark_group(&workload);
        for info in solvers_for(&eight) {
            if d >= 24 && is_blind_text(&info) {
                continue;
            }
            bench_prepared(&mut group, &info, &workload, &eight, |solver| {
                solve_all(solver, &boards, &expected);
            });
        }
        group.finish();
    }
}

fn random_batch(c: &mut Criterion) {
    let eight = Puzzle::eight();
    let dist = distances();
    let boards: Vec<Board> = cases::generate(SetKind::Random, 4 * BATCH, 2026)
        .into_iter()
        .map(|c| c.start)
        .filter(|b| dist[rank(b.cells()) as usize] != UNREACHED)
        .take(BATCH)
        .collect();
    assert_eq!(boards.len(), BATCH);
    let expected: Vec<u64> = boards.iter().map(|b| dist[rank(b.cells()) as usize] as u64).collect();
    let mut group = c.benchmark_group("random-batch");
    for info in solvers_for(&eight) {
        // Fifty random boards average 22 moves: seconds per batch for a blind text search.
        if is_blind_text(&info) {
            continue;
        }
        bench_prepared(&mut group, &info, "random-batch", &eight, |solver| {
            solve_all(solver, &boards, &expected);
        });
    }
    group.finish();
}

fn weighted_torus(c: &mut Criterion) {
    // Random Dragon's Cruller datasets: each has its own goal and costs, so a table is rebuilt
    // for every one of them (that is what such queries cost a table).
    let datasets: Vec<Case> = cases::generate(SetKind::Weighted, 6, 2026)
        .into_iter()
        .filter(|c| c.puzzle.topology() == slidebench::Topology::Torus)
        .collect();
    assert_eq!(datasets.len(), 3);
    let mut reference = new_solver("dijkstra/rank", DEFAULT_MAX_STATES).unwrap();
    let expected: Vec<Option<u64>> =
        datasets.iter().map(|c| reference.solve(&c.puzzle, &c.start).unwrap().cost()).collect();
    let mut group = c.benchmark_group("weighted-torus");
    for info in solvers_for(&datasets[0].puzzle) {
        // Blind text searches and the text table take up to 1.5 s per dataset here.
        if is_whole_space_text(&info) {
            continue;
        }
        let mut solver = make(&info.id);
        group.bench_function(BenchmarkId::new(&info.id, "weighted-torus"), |b| {
            b.iter(|| {
                for (case, want) in datasets.iter().zip(&expected) {
                    let sol = solver.solve(&case.puzzle, black_box(&case.start)).unwrap();
                    assert_eq!(&sol.cost(), want);
                }
            });
        });
    }
    group.finish();
}

fn table_build(c: &mut Criterion) {
    let shape = Shape::THREE_BY_THREE;
    let aoj = cases::generate(SetKind::Sample, 0, 0);
    let torus = aoj
        .iter()
        .find(|c| c.puzzle.costs() == Costs { horizontal: 12, vertical: 28 })
        .expect("the AOJ sample's last dataset")
        .clone();
    let puzzles = [
        ("unit-grid", Puzzle::eight(), Board::parse(shape, "8672543x1").unwrap(), 31),
        ("weighted-torus", torus.puzzle.clone(), torus.start, 312),
    ];
    let mut group = c.benchmark_group("table-build");
    let tables: Vec<SolverInfo> = all_solvers().into_iter().filter(|i| i.table).collect();
    for info in &tables {
        let id = info.id.as_str();
        for (name, puzzle, start, want) in &puzzles {
            if !info.accepts(puzzle) {
                continue;
            }
            let mut checked = false;
            group.bench_function(BenchmarkId::new(id, *name), |b| {
                // The built table answers correctly (once, untimed, and only when it runs).
                if !checked {
                    let mut solver = ready(info, puzzle);
                    assert_eq!(solver.solve(puzzle, start).unwrap().cost(), Some(*want));
                    checked = true;
                }
                b.iter_batched(
                    || new_solver(id, DEFAULT_MAX_STATES).unwrap(),
                    |mut solver| {
                        let built = solver.prepare(puzzle).unwrap();
                        assert!(built.is_some(), "{id} built nothing");
                        solver
                    },
                    BatchSize::PerIteration,
                );
            });
        }
    }
    group.finish();
}

/// Korf's instance 79 (42 moves, the fewest Manhattan-distance nodes of the 100) with Korf's
/// goal, for the 4×4 heuristic searches; the databases are built before timing.
fn korf_easy(c: &mut Criterion) {
    let puzzle = cases::korf100::korf_puzzle();
    let inst = cases::korf100::instances().into_iter().find(|i| i.id == 79).unwrap();
    let mut group = c.benchmark_group("korf-79");
    for id in [
        "idastar-md/packed",
        "idastar-lc/packed",
        "astar-lc/packed",
        "idastar-pdb555/packed",
        "idastar-pdb663/packed",
        "astar-pdb663/packed",
        "pathfinding-idastar/packed",
    ] {
        let info = all_solvers().into_iter().find(|i| i.id == id).expect("a registry id");
        bench_prepared(&mut group, &info, "korf-79", &puzzle, |solver| {
            let sol = solver.solve(&puzzle, black_box(&inst.board)).unwrap();
            assert_eq!(sol.moves().map(|m| m.len() as u32), Some(inst.length));
        });
    }
    group.finish();
}

// criterion's macros generate undocumented public items.
#[allow(missing_docs)]
#[allow(clippy::wildcard_imports, reason = "the group names every target of this file")]
mod generated {
    use super::*;
    criterion_group! {
        name = benches;
        config = Criterion::default()
            .sample_size(10)
            .measurement_time(Duration::from_millis(1500))
            .warm_up_time(Duration::from_millis(500));
        targets = sample, depth, random_batch, weighted_torus, table_build, korf_easy
    }
}
pub use generated::benches;
criterion_main!(benches);
