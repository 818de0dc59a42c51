//! Solves Korf's 100 with IDA* over additive pattern databases and prints, per database, its
//! load or build time, bytes, mean nodes generated and search time; every path is replayed and
//! its length checked. Several databases given at once run in one process, in alternating
//! rounds, so their search times compare under the same load (medians of the rounds); the
//! ratio is taken on CPU time, which a shared machine disturbs far less than the wall clock.
//!
//! `cargo run --release --example pdb_korf -- 663|555|78|sq:LAYOUT[/noreflect] … [--threads N]
//! [--usual] [--no-reflect] [--pdb-dir DIR] [--first N] [--rounds R] [--nodes FILE]`
//!
//! Without `--pdb-dir` the databases are built in memory and not cached; the 7-8 tables are
//! never built here: they must be in `--pdb-dir` (`slidebench pdb build --partition 78`).
//! `sq:1.2.3-4.5.8.9.12.13-6.7.10.11.14.15` is a layout given square by square (patterns
//! separated by `-`, squares of Korf's goal by `.`), to try layouts without naming them.
//! `--nodes FILE` writes `database id length nodes root-estimate` per instance.
//!
//! `78/dual` runs the 7-8 tables with their dual lookups and bidirectional pathmax
//! (`idastar-pdb78-dual`); `/dual-nobpmx` takes the larger lookup per node without pathmax,
//! `/dual-exchanged` and `/dual-walked` only one of the two dual bounds (see `DualPdb`).
//! `78/fsm` prunes duplicate paths with the shape's move automaton (`idastar-pdb78-fsm`), and
//! `78/dual-fsm` does both (`idastar-pdb78-dual-fsm`).

use rayon::prelude::*;
use slidebench::cases::korf100;
use slidebench::fsm::MoveAutomaton;
use slidebench::heuristic::Heuristic;
use slidebench::pdb::{
    Cache, DualBound, DualPdb, OnMiss, Partition, PartitionKind, PatternDatabases,
};
use slidebench::solver::idastar::ida_star;
use slidebench::solver::idastar_dual::{ida_star_dual, ida_star_dual_fsm};
use slidebench::solver::idastar_fsm::ida_star_fsm;
use slidebench::Budget;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// One database to run: its label, the tables and their load time.
struct Run {
    label: String,
    /// The tables, unless the dual lookups hold them.
    pdb: Option<PatternDatabases>,
    /// The dual lookups and whether pathmax is on, for the `/dual` runs.
    dual: Option<(DualPdb, bool)>,
    /// The move automaton, for the `/fsm` runs.
    fsm: Option<Arc<MoveAutomaton>>,
    searches: Vec<f64>,
    cpu: Vec<f64>,
    nodes: Vec<(u32, u64, usize, u32)>,
}

fn main() -> slidebench::Result<()> {
    let started = Instant::now();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let threads: usize = flag("--threads").and_then(|t| t.parse().ok()).unwrap_or(0);
    let first: usize = flag("--first").and_then(|t| t.parse().ok()).unwrap_or(100);
    let rounds: usize = flag("--rounds").and_then(|t| t.parse().ok()).unwrap_or(1).max(1);
    let usual = args.iter().any(|a| a == "--usual");
    let all_plain = args.iter().any(|a| a == "--no-reflect");
    let cache = match flag("--pdb-dir") {
        Some(dir) => Cache::new(Some(&PathBuf::from(dir))),
        None => Cache::disabled(),
    };
    rayon::ThreadPoolBuilder::new().num_threads(threads).build_global().expect("one pool");
    let puzzle = if usual { korf100::usual_puzzle() } else { korf100::korf_puzzle() };

    let mut runs = Vec::new();
    for arg in &args {
        let (name, suffix) = arg.split_once('/').unwrap_or((arg.as_str(), ""));
        let plain = suffix == "noreflect";
        let Some((partition, kind)) = named(name, usual, &puzzle)? else { continue };
        let on_miss = if kind.is_some_and(PartitionKind::built_on_request) {
            OnMiss::Refuse
        } else {
            OnMiss::Build(&|_| {})
        };
        let (pdb, info) = PatternDatabases::open(&puzzle, &partition, &cache, on_miss)?;
        let pdb = if plain || all_plain { pdb.without_reflection() } else { pdb };
        println!(
            "databases {} ({} goal): {:?} in {:.3} s (load or build, checksum included), \
             build {:.3} s, {} bytes ({:?} per pattern), reflected lookup {}",
            partition.name(),
            if usual { "usual" } else { "Korf's" },
            info.source,
            info.seconds,
            info.build_seconds,
            pdb.table_bytes(),
            info.pattern_bytes,
            pdb.reflects()
        );
        print_values(&pdb);
        let mut label =
            format!("{}{}", partition.name(), if pdb.reflects() { "" } else { "/noreflect" });
        let (pdb, dual) = with_dual(&puzzle, pdb, suffix);
        let fsm = automaton(&puzzle, suffix);
        if dual.is_some() || fsm.is_some() {
            label = format!("{label}/{suffix}");
        }
        let (searches, cpu, nodes) = (Vec::new(), Vec::new(), Vec::new());
        runs.push(Run { label, pdb, dual, fsm, searches, cpu, nodes });
    }
    if runs.is_empty() {
        eprintln!("name at least one database: 555, 663 or 78 (add /noreflect for one lookup)");
        std::process::exit(2);
    }

    let instances: Vec<_> = korf100::instances().into_iter().take(first).collect();
    let boards: Vec<_> = instances
        .iter()
        .map(|i| if usual { korf100::to_usual_goal(&i.board) } else { i.board })
        .collect();
    for _ in 0..rounds {
        for run in &mut runs {
            let dual = run.dual.as_ref();
            let fsm = run.fsm.as_deref();
            let pdb = match dual {
                Some((d, _)) => d.regular(),
                None => run.pdb.as_ref().expect("tables or dual lookups"),
            };
            let search_started = Instant::now();
            let cpu_started = cpu_seconds();
            let results: Vec<(u32, u64, usize, u32)> = instances
                .par_iter()
                .zip(&boards)
                .map(|(inst, board)| {
                    let out = match (dual, fsm) {
                        (Some((d, _)), Some(f)) => {
                            ida_star_dual_fsm(&puzzle, d, f, board, &Budget::UNLIMITED)
                        }
                        (Some((d, bpmx)), None) => {
                            ida_star_dual(&puzzle, d, board, &Budget::UNLIMITED, *bpmx)
                        }
                        (None, Some(f)) => ida_star_fsm(&puzzle, pdb, f, board, &Budget::UNLIMITED),
                        (None, None) => ida_star(&puzzle, pdb, board, &Budget::UNLIMITED),
                    }
                    .expect("solvable");
                    let (end, _) = puzzle.replay(board, &out.moves).expect("legal moves");
                    assert_eq!(end, *puzzle.goal(), "instance {} does not reach the goal", inst.id);
                    assert_eq!(out.moves.len() as u32, inst.length, "instance {} length", inst.id);
                    (inst.id, out.nodes, out.moves.len(), pdb.estimate(&pdb.start(board)))
                })
                .collect();
            run.searches.push(search_started.elapsed().as_secs_f64());
            run.cpu.push(cpu_seconds() - cpu_started);
            run.nodes = results;
        }
    }
    let listing = report(&runs, rounds);
    if let Some(path) = flag("--nodes") {
        std::fs::write(path, listing).expect("the --nodes file is writable");
    }
    println!("whole run {:.3} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// The move automaton of Korf's shape, for a `fsm` run.
fn automaton(puzzle: &slidebench::Puzzle, suffix: &str) -> Option<Arc<MoveAutomaton>> {
    matches!(suffix, "fsm" | "dual-fsm").then(|| {
        let fsm = MoveAutomaton::for_puzzle(puzzle);
        println!(
            "move automaton: depth {}, {} states, {} bytes, {} forbidden strings, built in {:.3} s",
            fsm.depth(),
            fsm.states(),
            fsm.bytes(),
            fsm.forbidden(),
            fsm.build_seconds()
        );
        fsm
    })
}

/// Prints the mean value of random boards, the "value" column of Korf & Felner's table: exact
/// for the direct lookup when every pattern has a table of its own (a pattern's tiles stand
/// uniformly on the board in a random state, so the sum of the tables' means is the expected
/// value), sampled otherwise and for the larger of the two lookups.
fn print_values(pdb: &PatternDatabases) {
    let (direct, best) = sampled(pdb);
    if pdb.table_sizes().len() == pdb.pattern_count() {
        let mut offset = 0usize;
        let mut expected = 0.0;
        for &size in pdb.table_sizes() {
            let table = &pdb.table_data()[offset..offset + size as usize];
            expected += table.iter().map(|&v| f64::from(v)).sum::<f64>() / size as f64;
            offset += size as usize;
        }
        println!("expected direct value over random states {expected:.3}");
    } else {
        println!("direct value over 200000 random states {direct:.3}");
    }
    if pdb.reflects() {
        println!("reflected value over 200000 random states {best:.3}");
    }
}

/// The mean direct value of random boards (a fixed pseudo-random sequence), and the mean of the
/// larger of the direct and reflected values.
fn sampled(pdb: &PatternDatabases) -> (f64, f64) {
    let shape = slidebench::Shape::new(4, 4).expect("4x4");
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |below: usize| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((seed >> 33) % below as u64) as usize
    };
    let count = 200_000;
    let (mut total, mut best) = (0u64, 0u64);
    for _ in 0..count {
        let mut cells: Vec<u8> = (0..16).collect();
        for i in (1..16).rev() {
            cells.swap(i, next(i + 1));
        }
        let board = slidebench::Board::from_cells(shape, &cells).expect("a permutation");
        total += u64::from(pdb.additive(&board));
        best += u64::from(pdb.estimate(&pdb.start(&board)));
    }
    (total as f64 / f64::from(count), best as f64 / f64::from(count))
}

/// The partition an argument names (and its kind, unless given square by square), if any.
fn named(
    name: &str,
    usual: bool,
    puzzle: &slidebench::Puzzle,
) -> slidebench::Result<Option<(Partition, Option<PartitionKind>)>> {
    let kind = match name {
        "555" => PartitionKind::FiveFiveFive,
        "663" => PartitionKind::SixSixThree,
        "78" => PartitionKind::SevenEight,
        _ if name.starts_with("sq:") => return Ok(Some((custom(name, usual), None))),
        _ => return Ok(None),
    };
    Ok(Some((Partition::for_goal(kind, puzzle.goal())?, Some(kind))))
}

/// A layout given square by square, `sq:1.2.3-4.5.8.9.12.13-6.7.10.11.14.15`: patterns
/// separated by `-`, goal squares of Korf's goal (empty square on 0) by `.`; with `--usual`
/// each square s is turned to 15 − s, as the named layouts are.
fn custom(name: &str, usual: bool) -> Partition {
    let squares = name["sq:".len()..]
        .split('-')
        .map(|g| {
            g.split('.')
                .map(|s| s.parse::<u8>().expect("a square number"))
                .map(|s| if usual { 15 - s } else { s })
                .collect()
        })
        .collect();
    Partition::from_squares(name, squares)
}

/// The tables alone, or inside their dual lookups when `suffix` names a `dual` run.
fn with_dual(
    puzzle: &slidebench::Puzzle,
    pdb: PatternDatabases,
    suffix: &str,
) -> (Option<PatternDatabases>, Option<(DualPdb, bool)>) {
    let dual = match suffix {
        "dual" | "dual-fsm" => Some((DualBound::Both, true)),
        "dual-nobpmx" => Some((DualBound::Both, false)),
        "dual-exchanged" => Some((DualBound::Exchanged, true)),
        "dual-walked" => Some((DualBound::Walked, true)),
        _ => None,
    };
    match dual {
        Some((bound, bpmx)) => {
            let t = Instant::now();
            let d = DualPdb::new(puzzle, pdb).with_bound(bound);
            println!("dual lookups prepared in {:.3} s", t.elapsed().as_secs_f64());
            (None, Some((d, bpmx)))
        }
        None => (Some(pdb), None),
    }
}

/// Prints each database's line and returns the per-instance listing for `--nodes`.
fn report(runs: &[Run], rounds: usize) -> String {
    let baseline = median(&runs[0].cpu);
    let mut listing = String::new();
    for run in runs {
        let nodes: u64 = run.nodes.iter().map(|r| r.1).sum();
        let lengths: usize = run.nodes.iter().map(|r| r.2).sum();
        let roots: u32 = run.nodes.iter().map(|r| r.3).sum();
        let search = median(&run.searches);
        let cpu = median(&run.cpu);
        println!(
            "{}: {} instances, all optimal (lengths sum {lengths}, root estimates sum {roots}): \
             {nodes} nodes, mean {:.0} per instance; search {search:.3} s wall, {cpu:.3} s CPU \
             (medians of {rounds}; CPU {:.2}x the first database's), {:.1} M nodes per CPU s, \
             on {} threads",
            run.label,
            run.nodes.len(),
            nodes as f64 / run.nodes.len() as f64,
            baseline / cpu,
            nodes as f64 / cpu / 1e6,
            rayon::current_num_threads(),
        );
        for (id, nodes, length, root) in &run.nodes {
            writeln!(listing, "{} {id} {length} {nodes} {root}", run.label).expect("a string");
        }
    }
    listing
}

/// CPU seconds this process has used (user and system, all threads), from `/proc/self/stat`
/// in clock ticks of 10 ms; 0 where that file is missing. On a shared machine this, not the
/// wall clock, says what a search cost.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else { return 0.0 };
    // Fields after the command name (which is in parentheses): utime and stime are 12th, 13th.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

/// The median of a few timings.
fn median(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}
