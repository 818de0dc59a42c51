//! What the outside-program harness adds to a batch program's wall time: `slidebench solve` on
//! the 20,000-board set, run alternately by the shell's way (stdin from a file, stdout to a
//! file) and through `program::process::run` (stdin and stdout on temporary files, stderr
//! drained, the group killed, the child and anything that left its group reaped), with a
//! second run the shell's way in every round as an A/A control, medians of N rounds. The
//! answers' parsing and replay, which happen after the process, are timed apart.
//!
//! `cargo run --release --example program_overhead -- [RUNS]` (default 301: on a machine at
//! load 10 on 2 cores, a median of 100 rounds still moves by ±5% between runs, as the A/A
//! column shows; 300 rounds bring the A/A within a fraction of a percent).

use slidebench::cases::{self, SetKind};
use slidebench::program::process::{self, Invocation, Limits};
use slidebench::program::protocol::{self, Protocol};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let runs: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(301);
    let bin = std::path::absolute("target/release/slidebench").expect("a path");
    let set = cases::generate(SetKind::Random, 20_000, cases::DEFAULT_SEED);
    let refs: Vec<&cases::Case> = set.iter().collect();
    let input = protocol::input(&refs, Protocol::Hdu);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("mixed.hdu");
    std::fs::write(&file, &input).expect("written");
    let args = ["solve", "--threads", "1", "--solver", "table/rank"];
    let inv = Invocation {
        argv: std::iter::once(bin.display().to_string())
            .chain(args.iter().map(|a| (*a).to_string()))
            .collect(),
        cwd: None,
        env: Vec::new(),
    };
    let limits = Limits { deadline: Duration::from_secs(120), stdout_bytes: 64 << 20 };
    // Three runs a round, the order rotating: two the shell's way (an A/A pair, which shows
    // the noise) and one through the harness.
    let (mut direct, mut again, mut harness, mut recorded, mut after) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let shell_way = || {
        let out = std::fs::File::create(dir.path().join("out")).expect("created");
        let t = Instant::now();
        let status = Command::new(&bin)
            .args(args)
            .stdin(std::fs::File::open(&file).expect("opened"))
            .stdout(out)
            .stderr(Stdio::null())
            .status()
            .expect("ran");
        assert!(status.success());
        t.elapsed().as_secs_f64()
    };
    for round in 0..runs {
        for slot in 0..3 {
            match (round + slot) % 3 {
                0 => direct.push(shell_way()),
                1 => again.push(shell_way()),
                _ => {
                    let t = Instant::now();
                    let ran = process::run(&inv, &input, limits).expect("ran");
                    harness.push(t.elapsed().as_secs_f64());
                    recorded.push(ran.wall.as_secs_f64());
                    assert!(ran.end.is_success());
                    let t = Instant::now();
                    let read = protocol::read_answers(Protocol::Hdu, &ran.stdout, refs.len());
                    let mut replayed = 0;
                    for (case, line) in refs.iter().zip(&read.lines) {
                        if let Some(protocol::Answer::Moves(m)) = line {
                            let (end, _) = case.puzzle.replay(&case.start, m).expect("valid");
                            assert_eq!(&end, case.puzzle.goal());
                            replayed += 1;
                        }
                    }
                    after.push(t.elapsed().as_secs_f64());
                    assert!(replayed > 0 && read.extra == 0);
                }
            }
        }
    }
    let a = median(after);
    println!("{runs} rounds of three runs in rotating order, 20,000 boards, `slidebench solve --threads 1 --solver table/rank`");
    // On a loaded machine a run's wall time comes in steps of the scheduler's tick (4 ms here),
    // one for each time another task took the core: the medians mix those steps. The runs
    // within a quarter of the fastest of all were never preempted, and their medians compare
    // the work itself.
    let fastest = [&direct, &again, &harness, &recorded]
        .iter()
        .flat_map(|v| v.iter().copied())
        .fold(f64::INFINITY, f64::min);
    let unpreempted = |v: &[f64]| {
        let fast: Vec<f64> = v.iter().copied().filter(|&t| t < 1.25 * fastest).collect();
        (fast.len(), if fast.is_empty() { f64::NAN } else { median(fast) })
    };
    let (d, (_, d_fast)) = (median(direct.clone()), unpreempted(&direct));
    println!(
        "{:38} {:>8} {:>8} {:>13} {:>8} {:>11}",
        "", "median", "vs A", "paired ratio", "fast", "fast vs A"
    );
    for (name, v) in [
        ("direct A (file in, file out)", &direct),
        ("direct B (the same again: A/A)", &again),
        ("through process::run", &harness),
        ("its recorded wall (spawn to exit)", &recorded),
    ] {
        let (m, (n, fast)) = (median(v.clone()), unpreempted(v));
        let ratio = median(v.iter().zip(&direct).map(|(x, y)| x / y).collect());
        println!(
            "{name:38} {:>5.2} ms {:>+7.1}% {:>+12.1}% {:>5.2} ms {:>+6.1}% ({n} runs)",
            m * 1e3,
            (m / d - 1.0) * 1e2,
            (ratio - 1.0) * 1e2,
            fast * 1e3,
            (fast / d_fast - 1.0) * 1e2
        );
    }
    println!(
        "(fast: the median of the runs under {:.2} ms, 1.25 times the fastest run)",
        1.25 * fastest * 1e3
    );
    println!("parsing and replaying the answers afterwards: median {:.1} ms", a * 1e3);
}
