//! Solves Korf's 100 with IDA* over additive pattern databases and prints build time, bytes,
//! mean nodes generated and wall time; every path is replayed and its length checked.
//!
//! `cargo run --release --example pdb_korf -- 663|555 [--threads N] [--usual] [--no-reflect]
//! [--pdb-dir DIR] [--first N]`
//!
//! Without `--pdb-dir` the databases are built in memory and not cached.

use rayon::prelude::*;
use slidebench::cases::korf100;
use slidebench::heuristic::Heuristic;
use slidebench::pdb::{Cache, Partition, PartitionKind, PatternDatabases};
use slidebench::solver::idastar::ida_star;
use slidebench::Budget;
use std::path::PathBuf;
use std::time::Instant;

fn main() -> slidebench::Result<()> {
    let started = Instant::now();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let kind = if args.iter().any(|a| a == "555") {
        PartitionKind::FiveFiveFive
    } else {
        PartitionKind::SixSixThree
    };
    let threads: usize = flag("--threads").and_then(|t| t.parse().ok()).unwrap_or(0);
    let first: usize = flag("--first").and_then(|t| t.parse().ok()).unwrap_or(100);
    let usual = args.iter().any(|a| a == "--usual");
    let cache = match flag("--pdb-dir") {
        Some(dir) => Cache::new(Some(&PathBuf::from(dir))),
        None => Cache::disabled(),
    };
    rayon::ThreadPoolBuilder::new().num_threads(threads).build_global().expect("one pool");

    let puzzle = if usual { korf100::usual_puzzle() } else { korf100::korf_puzzle() };
    let partition = Partition::for_goal(kind, puzzle.goal())?;
    let (pdb, info) = PatternDatabases::load_or_build(&puzzle, &partition, &cache)?;
    let pdb = if args.iter().any(|a| a == "--no-reflect") { pdb.without_reflection() } else { pdb };
    println!(
        "databases {} ({} goal): {:?} in {:.3} s, build {:.3} s, {} bytes ({:?} per pattern), \
         reflected lookup {}",
        partition.name(),
        if usual { "usual" } else { "Korf's" },
        info.source,
        info.seconds,
        info.build_seconds,
        pdb.table_bytes(),
        info.pattern_bytes,
        pdb.reflects()
    );

    let instances: Vec<_> = korf100::instances().into_iter().take(first).collect();
    let search_started = Instant::now();
    let results: Vec<(u32, u64, usize)> = instances
        .par_iter()
        .map(|inst| {
            let board = if usual { korf100::to_usual_goal(&inst.board) } else { inst.board };
            let out = ida_star(&puzzle, &pdb, &board, &Budget::UNLIMITED).expect("solvable");
            let (end, _) = puzzle.replay(&board, &out.moves).expect("legal moves");
            assert_eq!(end, *puzzle.goal(), "instance {} does not reach the goal", inst.id);
            assert_eq!(out.moves.len() as u32, inst.length, "instance {} length", inst.id);
            (inst.id, out.nodes, out.moves.len())
        })
        .collect();
    let search = search_started.elapsed().as_secs_f64();
    let nodes: u64 = results.iter().map(|r| r.1).sum();
    let lengths: usize = results.iter().map(|r| r.2).sum();
    let root_estimates: u32 = instances
        .iter()
        .map(|i| if usual { korf100::to_usual_goal(&i.board) } else { i.board })
        .map(|b| pdb.estimate(&pdb.start(&b)))
        .sum();
    println!(
        "{} instances, all optimal (lengths sum {lengths}, root estimates sum {root_estimates}): \
         {nodes} nodes, mean {:.0} per instance; search {search:.3} s on {} threads; \
         whole run {:.3} s",
        results.len(),
        nodes as f64 / results.len() as f64,
        rayon::current_num_threads(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
