//! Korf & Felner's table (Artificial Intelligence 134, 2002) reproduced on Korf's 100: for each
//! heuristic, slidebench's row (tables' bytes, build time, mean nodes generated, time per
//! instance, nodes per second) beside the published one, as a Markdown table on stdout.
//!
//! `cargo run --release --example korf_felner -- [--threads N] [--pdb-dir DIR]
//! [--only md,lc,555,663,78,later,zero78]`
//!
//! `later` adds the techniques after Korf & Felner on the same 7-8 tables (with the reflected
//! lookup): the move automaton (Taylor & Korf 1993; `idastar-pdb78-fsm`), the dual lookups
//! with bidirectional pathmax (Felner, Zahavi, Schaeffer & Holte 2005; `idastar-pdb78-dual`,
//! published 18,601 mean nodes) and both together (`idastar-pdb78-dual-fsm`); their bytes and
//! build time include the automaton's.
//!
//! `zero78` runs, on one thread whatever `--threads` says, the zero-aware 7-8 tables (two
//! bytes a placement, 1,153,152,000 bytes; `idastar-zpdb78`, `idastar-zpdb78-fsm`) beside the
//! plain ones (`idastar-pdb78`, `idastar-pdb78-fsm`), all with the reflected lookup, as a
//! table of its own: bytes, mean nodes, ms per instance and both ratios to `idastar-pdb78`.
//! Both sets of tables come from `--pdb-dir` (else the default cache), never built here (the
//! zero-aware ones: `slidebench pdb build --partition 78 --goal 0 1 … 15 --zero-aware`).
//!
//! Every path is replayed and its length checked against the published one. The 7-8 tables
//! are loaded from `--pdb-dir` (build them first: `slidebench pdb build --partition 78 --goal
//! 0 1 … 15`); their build time is the one recorded in the cached file. The other databases
//! are built here. Times are wall-clock over the 100 instances run on N threads, so a time per
//! instance is N · wall / 100.

use rayon::prelude::*;
use slidebench::cases::korf100;
use slidebench::fsm::MoveAutomaton;
use slidebench::heuristic::{Heuristic, LinearConflict, Manhattan};
use slidebench::pdb::{
    Cache, DualPdb, OnMiss, Partition, PartitionKind, PatternDatabases, ZeroAwarePdb,
};
use slidebench::solver::idastar::{ida_star, IdaOutcome};
use slidebench::solver::idastar_dual::{ida_star_dual, ida_star_dual_fsm};
use slidebench::solver::idastar_fsm::ida_star_fsm;
use slidebench::{Board, Budget};
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

    // First, so that missing zero-aware tables stop the run before any other row is measured.
    let zero_rows = if wants("zero78") { zero78(&puzzle, pdb_dir.as_deref())? } else { Vec::new() };

    if wants("md") {
        let published = Published { nodes: Some(401_189_630), seconds: Some(53.4), bytes: None };
        let h = Manhattan::new(&puzzle);
        rows.push(run("Manhattan distance", &plain(&h), 0, 0.0, published));
    }
    if wants("lc") {
        let h = LinearConflict::new(&puzzle)?;
        rows.push(run("linear conflict", &plain(&h), 0, 0.0, NONE));
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
        let (plain_row, reflected) = match key {
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
        rows.push(run(
            &label("direct lookup"),
            &plain(&direct),
            bytes,
            info.build_seconds,
            plain_row,
        ));
        drop(direct);
        rows.push(run(
            &label("with the reflected lookup"),
            &plain(&pdb),
            bytes,
            info.build_seconds,
            reflected,
        ));
        if key == "78" && wants("later") {
            later(&mut rows, &puzzle, &pdb, bytes, info.build_seconds);
        }
    }

    if !rows.is_empty() {
        print_rows(&rows, threads);
    }
    if !zero_rows.is_empty() {
        print_zero78(&zero_rows);
    }
    Ok(())
}

/// Korf & Felner's table: each row beside its published one, times over `threads`.
fn print_rows(rows: &[Row], threads: usize) {
    println!("| heuristic | tables' bytes (slidebench) | tables (published) | build s | mean nodes (slidebench) | mean nodes (published) | ours / published | s per instance (slidebench) | s per instance (published, 440 MHz) | nodes per second (slidebench) |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for r in rows {
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
}

/// The plain and zero-aware 7-8 tables (reflected lookup), with and without the move
/// automaton, on one thread: `idastar-pdb78` first, the base of the ratios.
fn zero78(
    puzzle: &slidebench::Puzzle,
    pdb_dir: Option<&std::path::Path>,
) -> slidebench::Result<Vec<Row>> {
    let partition = Partition::for_goal(PartitionKind::SevenEight, puzzle.goal())?;
    let cache = Cache::new(pdb_dir);
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("one thread");
    let all = &Budget::UNLIMITED;
    let fsm = MoveAutomaton::for_puzzle(puzzle);
    let (fsm_bytes, fsm_build) = (fsm.bytes() as u64, fsm.build_seconds());
    // The zero-aware tables first: when they are missing, nothing is measured.
    let (zero, zero_info) = ZeroAwarePdb::open(puzzle, &partition, &cache, OnMiss::Refuse)?;
    let mut rows = Vec::new();
    {
        let (pdb, info) = PatternDatabases::open(puzzle, &partition, &cache, OnMiss::Refuse)?;
        let (bytes, build) = (pdb.table_bytes() as u64, info.build_seconds);
        let with_fsm = |b: &Board| ida_star_fsm(puzzle, &pdb, &fsm, b, all);
        one.install(|| {
            rows.push(run("7-8 reflected (`idastar-pdb78`)", &plain(&pdb), bytes, build, NONE));
            let name = "7-8 reflected, the move automaton (`idastar-pdb78-fsm`)";
            rows.push(run(name, &with_fsm, bytes + fsm_bytes, build + fsm_build, NONE));
        });
    }
    let (bytes, build) = (zero.table_bytes() as u64, zero_info.build_seconds);
    let with_fsm = |b: &Board| ida_star_fsm(puzzle, &zero, &fsm, b, all);
    one.install(|| {
        let name = "zero-aware 7-8 reflected (`idastar-zpdb78`)";
        rows.push(run(name, &plain(&zero), bytes, build, NONE));
        let name = "zero-aware 7-8 reflected, the move automaton (`idastar-zpdb78-fsm`)";
        rows.push(run(name, &with_fsm, bytes + fsm_bytes, build + fsm_build, NONE));
    });
    Ok(rows)
}

/// The `zero78` rows as the "After Korf & Felner" table of `results/korf-felner.md` has them:
/// ratios to the first row (`idastar-pdb78`), times over one thread.
fn print_zero78(rows: &[Row]) {
    let base = &rows[0];
    println!();
    println!("| heuristic (solver id) | bytes (tables + automaton) | build s | mean nodes (slidebench) | ms per instance | nodes ratio to the reflected 7-8 | time ratio to the reflected 7-8 |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for r in rows {
        println!(
            "| {} | {} | {:.1} | {} | {:.2} | {:.2} | {:.2} |",
            r.name,
            group(r.bytes),
            r.build,
            group((r.nodes + 50) / 100),
            r.wall * 1e3 / 100.0,
            r.nodes as f64 / base.nodes as f64,
            r.wall / base.wall,
        );
    }
    println!();
    println!("One thread; ms per instance = wall / 100.");
}

/// The rows after Korf & Felner on the 7-8 tables `pdb` (reflected lookup on).
fn later(
    rows: &mut Vec<Row>,
    puzzle: &slidebench::Puzzle,
    pdb: &PatternDatabases,
    bytes: u64,
    build: f64,
) {
    let all = &Budget::UNLIMITED;
    let fsm = MoveAutomaton::for_puzzle(puzzle);
    let (fsm_bytes, fsm_build) = (fsm.bytes() as u64, fsm.build_seconds());
    let dual = DualPdb::new(puzzle, pdb.clone());
    let with_fsm = |b: &Board| ida_star_fsm(puzzle, pdb, &fsm, b, all);
    let name = "7-8 reflected, with the move automaton (depth 14)";
    rows.push(run(name, &with_fsm, bytes + fsm_bytes, build + fsm_build, NONE));
    let published = Published { nodes: Some(18_601), seconds: None, bytes: Some("576 MB") };
    let with_dual = |b: &Board| ida_star_dual(puzzle, &dual, b, all, true);
    let name = "7-8 reflected, with the dual lookups and BPMX";
    rows.push(run(name, &with_dual, bytes, build, published));
    let with_both = |b: &Board| ida_star_dual_fsm(puzzle, &dual, &fsm, b, all);
    let name = "7-8 reflected, with the dual lookups, BPMX and the move automaton";
    rows.push(run(name, &with_both, bytes + fsm_bytes, build + fsm_build, NONE));
}

/// Plain IDA* with `h`.
fn plain<H: Heuristic>(h: &H) -> impl Fn(&Board) -> slidebench::Result<IdaOutcome> + Sync + '_ {
    let puzzle = korf100::korf_puzzle();
    move |b: &Board| ida_star(&puzzle, h, b, &Budget::UNLIMITED)
}

/// Solves all 100 with `solve`, checking every path, and returns the row.
fn run<S>(name: &str, solve: &S, bytes: u64, build: f64, published: Published) -> Row
where
    S: Fn(&Board) -> slidebench::Result<IdaOutcome> + Sync,
{
    let puzzle = korf100::korf_puzzle();
    let instances = korf100::instances();
    let started = Instant::now();
    let nodes: u64 = instances
        .par_iter()
        .map(|inst| {
            let out = solve(&inst.board).expect("solvable");
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
