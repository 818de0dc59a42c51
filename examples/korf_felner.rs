//! Korf & Felner's table (Artificial Intelligence 134, 2002) reproduced on Korf's 100: for each
//! heuristic, slidebench's row (tables' bytes, build time, mean nodes generated, time per
//! instance, nodes per second) beside the published one, as a Markdown table on stdout.
//!
//! `cargo run --release --example korf_felner -- [--threads N] [--pdb-dir DIR]
//! [--only md,lc,555,663,78]`
//!
//! Every path is replayed and its length checked against the published one. The 7-8 tables
//! are loaded from `--pdb-dir` (build them first: `slidebench pdb build --partition 78 --goal
//! 0 1 … 15`); their build time is the one recorded in the cached file. The other databases
//! are built here. Times are wall-clock over the 100 instances run on N threads, so a time per
//! instance is N · wall / 100.

use rayon::prelude::*;
use slidebench::cases::korf100;
use slidebench::heuristic::{Heuristic, LinearConflict, Manhattan};
use slidebench::pdb::{Cache, OnMiss, Partition, PartitionKind, PatternDatabases};
use slidebench::solver::idastar::ida_star;
use slidebench::Budget;
use std::path::PathBuf;
use std::time::Instant;

/// A published row: mean nodes, seconds per instance on their machine, tables' bytes.
struct Published {
    nodes: Option<u64>,
    seconds: Option<f64>,
    bytes: Option<&'static str>,
}

const NONE: Published = Published { nodes: None, seconds: None, bytes: None };

/// One measured row.
struct Row {
    name: String,
    bytes: u64,
    build: f64,
    nodes: u64,
    wall: f64,
    published: Published,
}

fn main() -> slidebench::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let threads: usize = flag("--threads").and_then(|t| t.parse().ok()).unwrap_or(2);
    let only: Vec<String> = flag("--only")
        .map_or("md,lc,555,663,78", |s| s.as_str())
        .split(',')
        .map(str::to_string)
        .collect();
    let pdb_dir = flag("--pdb-dir").map(PathBuf::from);
    rayon::ThreadPoolBuilder::new().num_threads(threads).build_global().expect("one pool");
    let puzzle = korf100::korf_puzzle();
    let mut rows = Vec::new();
    let wants = |h: &str| only.iter().any(|o| o == h);

    if wants("md") {
        let published = Published { nodes: Some(401_189_630), seconds: Some(53.4), bytes: None };
        rows.push(run("Manhattan distance", &Manhattan::new(&puzzle), 0, 0.0, published));
    }
    if wants("lc") {
        rows.push(run("linear conflict", &LinearConflict::new(&puzzle)?, 0, 0.0, NONE));
    }
    for (key, kind) in [
        ("555", PartitionKind::FiveFiveFive),
        ("663", PartitionKind::SixSixThree),
        ("78", PartitionKind::SevenEight),
    ] {
        if !wants(key) {
            continue;
        }
        let partition = Partition::for_goal(kind, puzzle.goal())?;
        let (cache, on_miss) = if kind.built_on_request() {
            (Cache::new(pdb_dir.as_deref()), OnMiss::Refuse)
        } else {
            (Cache::disabled(), OnMiss::Build(&|_| {}))
        };
        let (pdb, info) = PatternDatabases::open(&puzzle, &partition, &cache, on_miss)?;
        let bytes = pdb.table_bytes() as u64;
        let (plain, reflected) = match key {
            "555" => (
                Published { nodes: Some(3_090_405), seconds: Some(0.541), bytes: Some("3 MB") },
                NONE,
            ),
            "663" => (
                Published { nodes: Some(617_555), seconds: Some(0.163), bytes: Some("33.5 MB") },
                NONE,
            ),
            _ => (
                Published { nodes: Some(136_289), seconds: Some(0.081), bytes: Some("576 MB") },
                Published { nodes: Some(36_710), seconds: Some(0.034), bytes: Some("576 MB") },
            ),
        };
        let label = |what: &str| format!("{}-{}-{} {what}", &key[..1], &key[1..2], &key[2..]);
        let label = |what: &str| match key {
            "78" => format!("7-8 {what}"),
            _ => label(what),
        };
        let direct = pdb.clone().without_reflection();
        rows.push(run(&label("direct lookup"), &direct, bytes, info.build_seconds, plain));
        drop(direct);
        rows.push(run(
            &label("with the reflected lookup"),
            &pdb,
            bytes,
            info.build_seconds,
            reflected,
        ));
    }

    println!("| heuristic | tables' bytes (slidebench) | tables (published) | build s | mean nodes (slidebench) | mean nodes (published) | ours / published | s per instance (slidebench) | s per instance (published, 440 MHz) | nodes per second (slidebench) |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in &rows {
        let per_instance = r.wall * threads as f64 / 100.0;
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {:.4} | {} | {:.1} M |",
            r.name,
            if r.bytes == 0 { "-".to_string() } else { group(r.bytes) },
            r.published.bytes.unwrap_or("-"),
            if r.bytes == 0 { "-".to_string() } else { format!("{:.1}", r.build) },
            group((r.nodes + 50) / 100),
            r.published.nodes.map_or("-".to_string(), group),
            r.published
                .nodes
                .map_or("-".to_string(), |p| format!("{:.2}", r.nodes as f64 / 100.0 / p as f64)),
            per_instance,
            r.published.seconds.map_or("-".to_string(), |s| format!("{s}")),
            r.nodes as f64 / (r.wall * threads as f64) / 1e6,
        );
    }
    println!();
    println!("Threads: {threads}; s per instance = threads x wall / 100.");
    Ok(())
}

/// Solves all 100 with `h`, checking every path, and returns the row.
fn run<H: Heuristic>(name: &str, h: &H, bytes: u64, build: f64, published: Published) -> Row {
    let puzzle = korf100::korf_puzzle();
    let instances = korf100::instances();
    let started = Instant::now();
    let nodes: u64 = instances
        .par_iter()
        .map(|inst| {
            let out = ida_star(&puzzle, h, &inst.board, &Budget::UNLIMITED).expect("solvable");
            let (end, _) = puzzle.replay(&inst.board, &out.moves).expect("legal moves");
            assert_eq!(end, *puzzle.goal(), "instance {}", inst.id);
            assert_eq!(out.moves.len() as u32, inst.length, "instance {} length", inst.id);
            out.nodes
        })
        .sum();
    let wall = started.elapsed().as_secs_f64();
    eprintln!("{name}: {nodes} nodes in {wall:.2} s");
    Row { name: name.to_string(), bytes, build, nodes, wall, published }
}

/// `1234567` as `1,234,567`.
fn group(v: u64) -> String {
    slidebench::units::group_digits(v)
}
