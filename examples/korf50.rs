//! Solves the easiest of Korf & Felner's 50 24-puzzle instances with IDA* over the 6-6-6-6
//! pattern databases and the reflected lookup, and sets each instance's nodes generated beside
//! the published count (and the nodes expanded, as Clausecker's `24puzzle` counts them). Every
//! path is replayed and its length checked against the published one.
//!
//! `cargo run --release --example korf50 -- [--first N] [--threads T] [--pdb-dir DIR]
//! [--iterations] [--dual] [--fsm] [--dual-fsm] [--max] [--max-fsm] [--zero] [--zero-fsm] [--fsm-depth D] [--both]`
//!
//! The 6-6-6-6 tables are never built here: they must be cached (`slidebench pdb build --shape 5x5
//! --goal 0 1 … 24`, which `cases korf50` prints). `--first` defaults to 10 instances (the
//! easiest by published nodes), `--threads` to 2, one instance per thread at a time.
//! `--iterations` also prints, per instance, how many IDA* iterations it took. `--dual` adds
//! the dual lookups and bidirectional pathmax (`idastar-pdb6666-dual`); the published column
//! stays Korf & Felner's count for the regular and reflected lookups. `--fsm` prunes duplicate
//! paths with the 5x5 move automaton (`idastar-pdb6666-fsm`; `--fsm-depth` another depth); `--dual-fsm` both at once
//! (`idastar-pdb6666-dual-fsm`); `--max` takes the larger of Korf & Felner's sums and the
//! second partition's (`idastar-pdb6666-max`, its tables built into `--pdb-dir` when missing),
//! `--max-fsm` with the automaton as well; `--zero` and `--zero-fsm` read the zero-aware tables of
//! the same partition instead (`idastar-zpdb6666`, `-fsm`; built into `--pdb-dir` when missing); `--both` runs every instance
//! with plain IDA* and then with `--dual` or `--fsm`, one after the other, and prints both.

use rayon::prelude::*;
use slidebench::cases::korf50;
use slidebench::fsm::MoveAutomaton;
use slidebench::heuristic::{Heuristic, MaxOf};
use slidebench::pdb::{
    Cache, DualPdb, OnMiss, Partition, PartitionKind, PatternDatabases, ZeroAwarePdb,
};
use slidebench::solver::idastar::{ida_star, IdaOutcome};
use slidebench::solver::idastar_dual::{ida_star_dual, ida_star_dual_fsm};
use slidebench::solver::idastar_fsm::ida_star_fsm;
use slidebench::Budget;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

fn main() -> slidebench::Result<()> {
    let started = Instant::now();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let first: usize = flag("--first").and_then(|t| t.parse().ok()).unwrap_or(10);
    let threads: usize = flag("--threads").and_then(|t| t.parse().ok()).unwrap_or(2);
    let per_iteration = args.iter().any(|a| a == "--iterations");
    let with_dual = args.iter().any(|a| a == "--dual");
    let with_fsm = args.iter().any(|a| a == "--fsm");
    let with_dual_fsm = args.iter().any(|a| a == "--dual-fsm");
    let with_max = args.iter().any(|a| a == "--max");
    let with_max_fsm = args.iter().any(|a| a == "--max-fsm");
    let with_zero = args.iter().any(|a| a == "--zero");
    let with_zero_fsm = args.iter().any(|a| a == "--zero-fsm");
    let both = args.iter().any(|a| a == "--both");
    let cache = Cache::new(flag("--pdb-dir").map(PathBuf::from).as_deref());
    rayon::ThreadPoolBuilder::new().num_threads(threads).build_global().expect("one pool");

    let puzzle = korf50::korf_puzzle();
    let partition = Partition::for_goal(PartitionKind::SixSixSixSix, puzzle.goal())?;
    let (pdb, info) = PatternDatabases::open(&puzzle, &partition, &cache, OnMiss::Refuse)?;
    println!(
        "6-6-6-6 tables: {} bytes in {} tables, loaded in {:.2} s (built in {:.1} s)",
        info.pattern_bytes.iter().sum::<u64>(),
        info.pattern_bytes.len(),
        info.seconds,
        info.build_seconds
    );
    let dual = (with_dual || with_dual_fsm).then(|| DualPdb::new(&puzzle, pdb.clone()));
    let fsm = (with_fsm || with_dual_fsm || with_max_fsm || with_zero_fsm)
        .then(|| automaton(&puzzle, flag("--fsm-depth")));
    let max = (with_max || with_max_fsm).then(|| max_tables(&puzzle, &pdb, &cache)).transpose()?;
    let zero = (with_zero || with_zero_fsm)
        .then(|| zero_tables(&puzzle, &partition, &cache))
        .transpose()?;
    let special =
        with_dual || with_fsm || with_dual_fsm || with_max || with_max_fsm || zero.is_some();
    let methods = [
        ("plain", both || !special),
        ("dual", with_dual),
        ("fsm", with_fsm),
        ("dual-fsm", with_dual_fsm),
        ("max", with_max),
        ("max-fsm", with_max_fsm),
        ("zero", with_zero),
        ("zero-fsm", with_zero_fsm),
    ];
    let instances: Vec<korf50::Instance> = korf50::by_nodes().into_iter().take(first).collect();
    let mut wrong = 0usize;
    for method in methods.iter().filter(|m| m.1).map(|m| m.0) {
        let search_started = Instant::now();
        let results: Vec<_> = instances
            .par_iter()
            .map(|k| {
                let t = Instant::now();
                let tables = Tables {
                    pdb: &pdb,
                    dual: dual.as_ref(),
                    max: max.as_ref(),
                    zero: zero.as_ref(),
                };
                let out = solve(method, &puzzle, &tables, fsm.as_deref(), &k.board);
                (k, out, t.elapsed().as_secs_f64())
            })
            .collect();
        let wall = search_started.elapsed().as_secs_f64();
        wrong += print_method(method, &puzzle, &pdb, &results, wall, threads, per_iteration)?;
        println!(
            "{method}: whole run so far {:.1} s, {wrong} wrong so far",
            started.elapsed().as_secs_f64()
        );
    }
    if wrong > 0 {
        std::process::exit(1);
    }
    Ok(())
}

/// Korf & Felner's tables and the second 6-6-6-6 partition's (built into the cache when
/// missing), taken together by their maximum.
/// Prints one method's rows and totals; returns how many instances it got wrong.
fn print_method(
    method: &str,
    puzzle: &slidebench::board::Puzzle,
    pdb: &PatternDatabases,
    results: &[(&korf50::Instance, slidebench::Result<IdaOutcome>, f64)],
    wall: f64,
    threads: usize,
    per_iteration: bool,
) -> slidebench::Result<usize> {
    let mut wrong = 0usize;
    println!("{method}:");
    println!(
        "id  length  nodes            published        ours/published  root  expanded         seconds"
    );
    let (mut ours, mut published, mut seconds_sum) = (0u64, 0u64, 0f64);
    for (k, out, seconds) in results {
        let out = match out {
            Ok(out) => out,
            Err(e) => {
                println!("{:>2}  error: {e}", k.id);
                wrong += 1;
                continue;
            }
        };
        let (end, _) = puzzle.replay(&k.board, &out.moves)?;
        let length = out.moves.len() as u32;
        if end != *puzzle.goal() || length != k.length {
            wrong += 1;
        }
        ours += out.nodes;
        published += k.nodes;
        seconds_sum += seconds;
        println!(
            "{:>2}  {length:>3}{}  {:>15}  {:>15}  {:>14.6}  {:>4}  {:>15}  {seconds:>7.2}",
            k.id,
            if length == k.length { " " } else { "!" },
            out.nodes,
            k.nodes,
            out.nodes as f64 / k.nodes as f64,
            pdb.estimate(&pdb.start(&k.board)),
            out.expanded,
        );
        if per_iteration {
            println!("    iterations: {}", out.iterations);
        }
    }
    println!(
        "{method}: {} instances, {wrong} wrong; nodes {ours} against {published} published \
         ({:.6}); search {wall:.1} s wall on {threads} threads ({seconds_sum:.2} s summed per \
         instance), {:.1} M nodes/s",
        results.len(),
        ours as f64 / published.max(1) as f64,
        ours as f64 / wall / 1e6,
    );
    Ok(wrong)
}

fn max_tables(
    puzzle: &slidebench::Puzzle,
    pdb: &PatternDatabases,
    cache: &Cache,
) -> slidebench::Result<MaxOf<PatternDatabases, PatternDatabases>> {
    let second = Partition::for_goal(PartitionKind::SixSixSixSixB, puzzle.goal())?;
    let (b, info) = PatternDatabases::open(puzzle, &second, cache, OnMiss::Build(&|_| {}))?;
    println!(
        "6-6-6-6b tables: {} bytes in {} tables, opened in {:.2} s (built in {:.1} s)",
        info.pattern_bytes.iter().sum::<u64>(),
        info.pattern_bytes.len(),
        info.seconds,
        info.build_seconds
    );
    Ok(MaxOf::new(pdb.clone(), b, "pdbmax"))
}

/// The zero-aware tables of Korf & Felner's partition (built into the cache when missing).
fn zero_tables(
    puzzle: &slidebench::Puzzle,
    partition: &Partition,
    cache: &Cache,
) -> slidebench::Result<ZeroAwarePdb> {
    let (z, info) = ZeroAwarePdb::open(puzzle, partition, cache, OnMiss::Build(&|_| {}))?;
    println!(
        "zero-aware 6-6-6-6 tables: {} bytes in {} tables ({} in memory), opened in {:.2} s \
         (built in {:.1} s)",
        info.pattern_bytes.iter().sum::<u64>(),
        info.pattern_bytes.len(),
        z.table_bytes(),
        info.seconds,
        info.build_seconds
    );
    Ok(z)
}

/// The heuristics a run built: the 6-6-6-6 tables, and their dual lookups and the maximum
/// with the second partition when asked for.
struct Tables<'a> {
    pdb: &'a PatternDatabases,
    dual: Option<&'a DualPdb>,
    max: Option<&'a MaxOf<PatternDatabases, PatternDatabases>>,
    zero: Option<&'a ZeroAwarePdb>,
}

/// One instance by `method`'s search (`plain` when its heuristic or automaton is absent).
fn solve(
    method: &str,
    puzzle: &slidebench::Puzzle,
    tables: &Tables,
    fsm: Option<&MoveAutomaton>,
    board: &slidebench::Board,
) -> slidebench::Result<IdaOutcome> {
    let all = &Budget::UNLIMITED;
    match (method, tables.zero, fsm) {
        ("zero", Some(z), _) => return ida_star(puzzle, z, board, all),
        ("zero-fsm", Some(z), Some(f)) => return ida_star_fsm(puzzle, z, f, board, all),
        _ => {}
    }
    match (method, tables.dual, tables.max, fsm) {
        ("dual", Some(d), _, _) => ida_star_dual(puzzle, d, board, all, true),
        ("dual-fsm", Some(d), _, Some(f)) => ida_star_dual_fsm(puzzle, d, f, board, all),
        ("fsm", _, _, Some(f)) => ida_star_fsm(puzzle, tables.pdb, f, board, all),
        ("max", _, Some(m), _) => ida_star(puzzle, m, board, all),
        ("max-fsm", _, Some(m), Some(f)) => ida_star_fsm(puzzle, m, f, board, all),
        _ => ida_star(puzzle, tables.pdb, board, all),
    }
}

/// The 5x5 move automaton, at `depth` when given.
fn automaton(puzzle: &slidebench::Puzzle, depth: Option<&String>) -> Arc<MoveAutomaton> {
    let fsm = match depth.and_then(|d| d.parse().ok()) {
        Some(depth) => MoveAutomaton::shared(puzzle.shape(), depth),
        None => MoveAutomaton::for_puzzle(puzzle),
    };
    println!(
        "move automaton: depth {}, {} states, {} bytes, {} forbidden strings, built in {:.3} s",
        fsm.depth(),
        fsm.states(),
        fsm.bytes(),
        fsm.forbidden(),
        fsm.build_seconds()
    );
    fsm
}
