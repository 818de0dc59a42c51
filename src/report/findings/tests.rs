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
    assert!(md.contains("bfs 2.0× (4 cases)"), "{md}");
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
    let cited = |md: &str| md.lines().find(|l| l.contains("bfs 2.0×")).unwrap().to_string();
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
