//! What checkpointing costs a long IDA* search: the same searches of Korf & Felner's 24-puzzle
//! instances over the 6-6-6-6 tables, with checkpoints (as `compare --out` runs them: a file
//! written atomically, and a progress line, at the end of each iteration past the first second)
//! and without, alternated so that a shared machine's slow and fast spells fall on both. Every
//! path is replayed and checked against the published length, and every run of an instance
//! must count the same nodes.
//!
//! `cargo run --release --example checkpoint_overhead -- [--skip S] [--first N] [--rounds R]
//! [--pdb-dir DIR]`: the N instances (default 2) after the S easiest (default 2: the easiest
//! two end within about the first second, before any checkpoint) by published nodes, R rounds
//! (default 3), each running every instance both ways, the first way alternating by round. The
//! last lines give, per instance, the median seconds of each way, their ratio and the rate.
//! The tables must be cached (`slidebench pdb build --shape 5x5 --goal 0 1 … 24`).

use slidebench::cases::korf50;
use slidebench::checkpoint::{self, QueryKey};
use slidebench::pdb::{Cache, OnMiss, Partition, PartitionKind, PatternDatabases};
use slidebench::solver::idastar::ida_star;
use slidebench::Budget;
use std::path::PathBuf;
use std::time::Instant;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        f64::midpoint(v[n / 2 - 1], v[n / 2])
    }
}

/// Seconds this thread has run on a CPU (`/proc/thread-self/schedstat`, in nanoseconds): on a
/// shared machine, the rate a task with a core of its own would see.
fn cpu_seconds() -> f64 {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    text.split_whitespace().next().and_then(|t| t.parse::<u64>().ok()).unwrap_or(0) as f64 / 1e9
}

/// What one checkpoint costs: the write a search makes at an iteration's end, timed alone in
/// `dir`, 200 times; the median, in seconds.
fn write_seconds(
    dir: &std::path::Path,
    puzzle: &slidebench::Puzzle,
    board: &slidebench::Board,
) -> f64 {
    let file = dir.join("timed.json");
    let cp = checkpoint::Checkpoint {
        format: 4,
        query: QueryKey::new("korf50", 1, "idastar-pdb6666/packed", puzzle, board),
        heuristic: "pdb6666".into(),
        root_estimate: 70,
        root_h: 70,
        next_threshold: 72,
        nodes: 1,
        iterations: 1,
        elapsed_s: 1.0,
        nodes_per_s: 1.0,
        redone_nodes: None,
        checksum: String::new(),
    };
    let mut writes: Vec<f64> = (0..200)
        .map(|_| {
            let t = Instant::now();
            cp.write(&file).expect("written");
            t.elapsed().as_secs_f64()
        })
        .collect();
    median(&mut writes)
}

fn main() -> slidebench::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let number =
        |name: &str, default: usize| flag(name).and_then(|t| t.parse().ok()).unwrap_or(default);
    let (skip, first, rounds) = (number("--skip", 2), number("--first", 2), number("--rounds", 3));
    let cache = Cache::new(flag("--pdb-dir").map(PathBuf::from).as_deref());
    let puzzle = korf50::korf_puzzle();
    let partition = Partition::for_goal(PartitionKind::SixSixSixSix, puzzle.goal())?;
    let (pdb, _) = PatternDatabases::open(&puzzle, &partition, &cache, OnMiss::Refuse)?;
    let instances: Vec<korf50::Instance> =
        korf50::by_nodes().into_iter().skip(skip).take(first).collect();
    let dir = std::env::temp_dir().join(format!("checkpoint-overhead-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    // seconds[instance][way]: way 0 without checkpoints, 1 with.
    let mut seconds = vec![[Vec::new(), Vec::new()]; instances.len()];
    let mut cpus = seconds.clone();
    let mut nodes: Vec<Option<u64>> = vec![None; instances.len()];
    println!("round instance checkpoints nodes seconds cpu_seconds Mnodes/s Mnodes/cpu_s");
    for round in 0..rounds {
        for (i, k) in instances.iter().enumerate() {
            for j in 0..2 {
                let way = (j + round) % 2;
                let (started, cpu) = (Instant::now(), cpu_seconds());
                let out = if way == 1 {
                    let key = QueryKey::new(
                        "korf50",
                        k.id.into(),
                        "idastar-pdb6666/packed",
                        &puzzle,
                        &k.board,
                    );
                    let mut query = checkpoint::Query::prepare(&dir, key, None, &[]);
                    let out = checkpoint::during(&mut query, || {
                        ida_star(&puzzle, &pdb, &k.board, &Budget::UNLIMITED)
                    });
                    query.finish(out.is_ok());
                    out
                } else {
                    ida_star(&puzzle, &pdb, &k.board, &Budget::UNLIMITED)
                }?;
                let (secs, cpu) = (started.elapsed().as_secs_f64(), cpu_seconds() - cpu);
                let (end, _) = puzzle.replay(&k.board, &out.moves)?;
                assert_eq!(&end, puzzle.goal(), "instance {}", k.id);
                assert_eq!(out.moves.len(), k.length as usize, "instance {}", k.id);
                // Both ways search the same tree: the same nodes every run.
                assert_eq!(*nodes[i].get_or_insert(out.nodes), out.nodes, "instance {}", k.id);
                let said = ["no", "yes"][way];
                let rate = |s: f64| out.nodes as f64 / s / 1e6;
                println!(
                    "{round} {} {said} {} {secs:.3} {cpu:.3} {:.2} {:.2}",
                    k.id,
                    out.nodes,
                    rate(secs),
                    rate(cpu)
                );
                seconds[i][way].push(secs);
                cpus[i][way].push(cpu);
            }
        }
    }
    let left = checkpoint::files_in(&dir);
    assert!(left.is_empty(), "a search that returned left its checkpoint: {left:?}");
    println!(
        "instance nodes published median_s_without median_s_with with/without \
         median_cpu_s_without median_cpu_s_with cpu_with/without Mnodes/cpu_s_without"
    );
    for (i, k) in instances.iter().enumerate() {
        let [off, on] = &mut seconds[i];
        let (off, on) = (median(off), median(on));
        let [coff, con] = &mut cpus[i];
        let (coff, con) = (median(coff), median(con));
        let n = nodes[i].unwrap_or(0);
        let rate = n as f64 / coff / 1e6;
        println!(
            "{} {n} {} {off:.3} {on:.3} {:.4} {coff:.3} {con:.3} {:.4} {rate:.2}",
            k.id,
            k.nodes,
            on / off,
            con / coff
        );
    }
    let write = write_seconds(&dir, &puzzle, &instances[0].board);
    println!("one checkpoint write: median {:.1} µs of 200", write * 1e6);
    std::fs::remove_dir_all(&dir)?;
    Ok(())
}
