use super::*;

fn run(solver: &str, set: &str, case_id: u64, time_ns: Option<u64>) -> RunRow {
    let (algorithm, encoding) = solver.split_once('/').unwrap_or((solver, ""));
    RunRow {
        solver: solver.into(),
        algorithm: algorithm.into(),
        encoding: encoding.into(),
        case_set: set.into(),
        case_id,
        shape: "3x3".into(),
        topology: "grid".into(),
        board: format!("board{case_id}"),
        goal: "12345678x".into(),
        ch: 1,
        cv: 1,
        optimal: Some(20),
        outcome: if time_ns.is_some() { Outcome::Solved } else { Outcome::Budget },
        solvable: time_ns.is_some(),
        length: time_ns.map(|_| 20),
        cost: time_ns.map(|_| 20),
        expanded: time_ns.map(|_| 100),
        stored: None,
        time_ns,
        repeats: 1,
        peak_bytes: None,
        threads: 1,
        reference: None,
        time_is: time_ns.map(|_| super::super::QueryTimeIs::Measured),
        round: 1,
        resumed: None,
        redone_nodes: None,
        search_threads: 1,
    }
}

fn summary(solver: &str, set: &str, build_ns: Option<u64>) -> SummaryRow {
    let (algorithm, encoding) = solver.split_once('/').unwrap_or((solver, ""));
    SummaryRow {
        solver: solver.into(),
        algorithm: algorithm.into(),
        encoding: encoding.into(),
        case_set: set.into(),
        build_ns,
        ..SummaryRow::default()
    }
}

/// Text answers only the four easy cases (1 µs each, the hard ones over budget); ranks
/// answer all eight (1 µs easy, 1 ms hard). By medians over each side's own cases ranks
/// would look 1000× slower; over the four both solved they are as fast.
#[test]
fn a_ratio_is_over_the_cases_both_solved_and_says_how_many() {
    let mut runs = Vec::new();
    for id in 0..8 {
        let hard = id >= 4;
        runs.push(run("bfs/rank", "random", id, Some(if hard { 1_000_000 } else { 1_000 })));
        runs.push(run("bfs/text", "random", id, (!hard).then_some(2_000)));
    }
    let t = Tables {
        runs,
        summary: vec![summary("bfs/rank", "random", None), summary("bfs/text", "random", None)],
        ..Tables::default()
    };
    let md = markdown(&t);
    assert!(
        md.contains("bfs: inconclusive: one round (2.0× faster by this run over 4 cases"),
        "{md}"
    );
}

/// A finding cites the file its rows came from: the compressed rows a run writes, or the plain
/// `runs.csv` of an older set.
#[test]
fn a_finding_cites_the_per_case_file_the_set_holds() {
    let runs: Vec<RunRow> = (0..4)
        .flat_map(|id| {
            [run("bfs/rank", "random", id, Some(1_000)), run("bfs/text", "random", id, Some(2_000))]
        })
        .collect();
    let t = Tables {
        runs,
        summary: vec![summary("bfs/rank", "random", None), summary("bfs/text", "random", None)],
        ..Tables::default()
    };
    let cited = |md: &str| md.lines().find(|l| l.contains("bfs: ")).unwrap().to_string();
    assert!(cited(&markdown(&t)).ends_with("| runs.csv.gz |"), "{}", markdown(&t));
    let older = Tables { runs_file: Some(RUNS_CSV), ..t };
    assert!(cited(&markdown(&older)).ends_with("| runs.csv |"), "{}", markdown(&older));
}

#[test]
fn a_ratio_below_one_reads_as_slower_and_one_query_is_singular() {
    assert_eq!(faster(0.5), "2.0× slower");
    assert_eq!(faster(2.04), "2.0× faster");
    // Near a tie: two decimals, and a tie reads as one, never "1.0× faster".
    assert_eq!(faster(1.04), "1.04× faster");
    assert_eq!(faster(0.96), "1.04× slower");
    assert_eq!(faster(1.001), "as fast");
    assert_eq!(queries(1), "1 query");
    assert_eq!(queries(85), "85 queries");
}

/// The five answers open the findings, each naming what it was measured over; a question
/// whose solvers the set lacks is left out, never guessed.
#[test]
fn the_answers_open_the_findings_and_leave_out_what_was_not_run() {
    let mut runs = Vec::new();
    for id in 0..4 {
        runs.push(run("table/rank", "random", id, Some(1_000)));
        runs.push(run("bfs/rank", "random", id, Some(1_001_000)));
    }
    let t = Tables {
        runs,
        summary: vec![
            summary("table/rank", "random", Some(10_000_000)),
            summary("bfs/rank", "random", None),
        ],
        ..Tables::default()
    };
    let a = answers(&t);
    assert_eq!(a.len(), 1, "{a:?}");
    // 10 ms of build over 1 ms saved a query: from 11 queries on.
    assert!(a[0].answer.starts_with("The table, from 11 queries on"), "{a:?}");
    assert!(a[0].answer.contains("over the 4 cases of `random` both solved"), "{a:?}");
    let md = markdown(&t);
    let answers_at = md.find("## The answers").expect("answers first");
    assert!(answers_at < md.find("## Every finding").unwrap(), "{md}");
}

/// The tables' break-even counts their build, which a cache file records when this run
/// only loaded them; the load is named beside it.
#[test]
fn the_pattern_database_break_even_counts_the_build_not_the_load() {
    let mut runs = Vec::new();
    for id in 0..4 {
        runs.push(run(DEFAULT_4X4, "korf100", id, Some(1_000_000)));
        runs.push(run("idastar-lc/packed", "korf100", id, Some(101_000_000)));
    }
    let mut pdb = summary(DEFAULT_4X4, "korf100", Some(5_000_000));
    pdb.first_build_ns = Some(10_000_000_000);
    let t = Tables {
        runs,
        summary: vec![pdb, summary("idastar-lc/packed", "korf100", None)],
        ..Tables::default()
    };
    let md = markdown(&t);
    // 10 s over 100 ms saved a query: 101 queries (the 5 ms load alone would say 1).
    assert!(md.contains("on Korf's 100 from | 101 queries (a 10.0 s build"), "{md}");
    assert!(md.contains("loaded them from the PDB cache in 5.00 ms"), "{md}");
}

/// `solver`'s rows on `set` in `rounds` rounds: case `id`'s time in round `r` is `time(id, r)`.
fn rounds_of(
    solver: &str,
    set: &str,
    cases: u64,
    rounds: u32,
    mut time: impl FnMut(u64, u32) -> u64,
) -> Vec<RunRow> {
    (1..=rounds)
        .flat_map(|r| (0..cases).map(move |id| (id, r)))
        .map(|(id, r)| RunRow { round: r, ..run(solver, set, id, Some(time(id, r))) })
        .collect()
}

fn tables(runs: Vec<RunRow>, solvers: &[&str]) -> Tables {
    Tables {
        runs,
        summary: solvers.iter().map(|s| summary(s, "random", None)).collect(),
        ..Tables::default()
    }
}

/// Rank twice as fast as text in each of three rounds, with a little noise: a winner, its
/// interval and the threshold named.
#[test]
fn a_clear_gap_over_rounds_names_the_winner_beyond_the_threshold() {
    let jitter = |id: u64, r: u32| (id * 7 + u64::from(r) * 13) % 20;
    let mut runs = rounds_of("bfs/rank", "random", 10, 3, |id, r| 1_000 + jitter(id, r));
    runs.extend(rounds_of("bfs/text", "random", 10, 3, |id, r| 2_000 + jitter(id, r)));
    let md = markdown(&tables(runs, &["bfs/rank", "bfs/text"]));
    assert!(md.contains("bfs: 2.0× faster (95% interval"), "{md}");
    assert!(md.contains("over 10 cases, 3 rounds; beyond the ±10% threshold)"), "{md}");
}

/// The same time in every round: equivalent, not a winner.
#[test]
fn equal_times_over_rounds_read_as_equivalent() {
    let jitter = |id: u64, r: u32| (id * 7 + u64::from(r) * 13) % 10;
    let mut runs = rounds_of("bfs/rank", "random", 10, 3, |id, r| 1_000 + jitter(id, r));
    runs.extend(rounds_of("bfs/text", "random", 10, 3, |id, r| 1_000 + jitter(id, r + 1)));
    let md = markdown(&tables(runs, &["bfs/rank", "bfs/text"]));
    assert!(md.contains("bfs: equivalent: within ±10%"), "{md}");
}

/// A two-round set holds a row a case a round: the findings read each case's median over its
/// rounds (here round 1's 1 µs, the lower middle), never whichever round's row came last.
#[test]
fn a_two_round_set_reads_each_cases_median_over_its_rounds() {
    let mut runs =
        rounds_of("table/rank", "random", 4, 2, |_, r| if r == 1 { 1_000 } else { 900_000 });
    runs.extend(rounds_of("bfs/rank", "random", 4, 2, |_, _| 1_001_000));
    let t = Tables {
        runs,
        summary: vec![
            summary("table/rank", "random", Some(10_000_000)),
            summary("bfs/rank", "random", None),
        ],
        ..Tables::default()
    };
    let a = answers(&t);
    // 10 ms of build over the 1 ms a query saves: 11 queries (round 2's rows alone: 99).
    assert!(a[0].answer.starts_with("The table, from 11 queries on"), "{a:?}");
    assert!(a[0].answer.contains("over the 4 cases of `random`"), "{a:?}");
}

/// A standard normal draw (Box–Muller).
fn normal(rng: &mut rand_chacha::ChaCha8Rng) -> f64 {
    use rand::Rng;
    let (u, v): (f64, f64) = (rng.gen_range(1e-12..1.0), rng.gen());
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// One run of two solvers whose true times differ by `ratio` (text over rank), with the noise
/// of a loaded machine: each case its own cost, each round a shift of both solvers together
/// and of each alone, each query its own jitter. Returns the call and whether rank was faster.
fn noisy_call(rng: &mut rand_chacha::ChaCha8Rng, ratio: f64, rounds: u32) -> (stats::Call, bool) {
    let base: Vec<f64> = (0..30).map(|_| 1e4 * (2.0 * normal(rng)).exp()).collect();
    let mut runs = Vec::new();
    for r in 1..=rounds {
        let load = 0.3 * normal(rng);
        for (solver, scale) in [("bfs/rank", 1.0), ("bfs/text", ratio)] {
            let own = 0.15 * normal(rng);
            for (id, b) in base.iter().enumerate() {
                let ns = b * scale * (load + own + 0.2 * normal(rng)).exp();
                runs.push(RunRow { round: r, ..run(solver, "random", id as u64, Some(ns as u64)) });
            }
        }
    }
    let t = tables(runs, &["bfs/rank", "bfs/text"]);
    let _ = markdown(&t);
    let judged = t.judged.borrow();
    let changes: Vec<Change> = judged.iter().map(|(c, _)| *c).collect();
    let (call, _) = stats::calls(&changes, THRESHOLD.ln_1p(), ALPHA)[0].clone();
    (call, changes[0].log > 0.0)
}

/// Two runs of the same code never name opposite winners: over many pairs of noisy runs,
/// with the true times equal, 10% apart (on the threshold) and 20% apart, a winner named by
/// one run is never the loser named by the other.
#[test]
fn two_noisy_runs_of_the_same_code_never_name_opposite_winners() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(64);
    let mut winners = 0;
    for ratio in [1.0, 1.1, 1.2, 1.0 / 1.1] {
        for _ in 0..150 {
            let (c1, rank1) = noisy_call(&mut rng, ratio, 3);
            let (c2, rank2) = noisy_call(&mut rng, ratio, 3);
            if c1 == stats::Call::Beyond && c2 == stats::Call::Beyond {
                assert_eq!(rank1, rank2, "opposite winners at a true ratio of {ratio}");
            }
            winners += usize::from(c1 == stats::Call::Beyond);
        }
    }
    // Not vacuous: the 20% gap is called in some runs.
    assert!(winners > 0);
}

fn sweep(solver: &str, threads: usize, wall_ns: u64, queries_per_sec: f64) -> ThreadsRow {
    ThreadsRow {
        solver: solver.into(),
        algorithm: solver.split('/').next().unwrap().into(),
        encoding: "rank".into(),
        case_set: "random".into(),
        threads,
        cases: 100,
        wall_ns,
        queries_per_sec,
    }
}

/// A sweep long enough to time gives its speed-up, and one under 1 says why; a 1-thread
/// measurement under the minimum is named as not timed, with no ratio.
#[test]
fn the_threads_finding_times_only_long_sweeps_and_explains_a_slowdown() {
    let t = Tables {
        threads: vec![
            sweep("bfs/rank", 1, 400_000_000, 1_000.0),
            sweep("bfs/rank", 2, 400_000_000, 900.0),
            sweep("idastar/rank", 1, 400_000_000, 100.0),
            sweep("idastar/rank", 2, 400_000_000, 190.0),
            sweep("table/rank", 1, 300_000, 300_000.0),
            sweep("table/rank", 2, 2_000_000, 40_000.0),
        ],
        ..Tables::default()
    };
    let md = markdown(&t);
    assert!(md.contains("`bfs/rank` 0.90× (slower: 1.00 ms a query"), "{md}");
    assert!(md.contains("`idastar/rank` 1.90×;"), "{md}");
    assert!(md.contains("not timed: `table/rank` (300 µs) at 1 thread, under the 200 ms"), "{md}");
    assert!(!md.contains("`table/rank` 0.13×"), "{md}");
}
