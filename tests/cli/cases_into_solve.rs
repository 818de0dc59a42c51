//! What `slidebench cases` prints is what `solve` (and `cruller`) read: every built-in set, on
//! every shape it supports, piped through the binary, and every answer checked against the
//! case (the path replayed to the goal, its length against an independent reference where one
//! exists, unsolvable only where the parity rule says so).

use slidebench::cases::{distance_table, korf100, Case, SetDef, SetKind, UNREACHED};
use slidebench::rank::rank;
use slidebench::{Move, Shape};
use std::process::Output;

use crate::common;
use common::{bin, run_command, stderr_text, stdout_lines};

/// Small counts so that every set runs in the fast tier.
const COUNT: usize = 3;

/// The shapes tried: one- and two-digit tiles, wide and tall, up to the largest board (random
/// boards on 15 squares or on 6x2 take about a second each to solve, too slow for this tier).
const SHAPES: [&str; 8] = ["2x2", "3x2", "2x3", "3x3", "5x2", "4x3", "3x4", "4x4"];

fn cases_output(set: &str) -> Output {
    let mut command = bin();
    command.args(["cases", set, "--count", &COUNT.to_string(), "--length", "12"]);
    run_command(command, b"")
}

fn moves(line: &str) -> Vec<Move> {
    line.chars()
        .map(|c| Move::from_letter(c).unwrap_or_else(|| panic!("`{c}` in `{line}`")))
        .collect()
}

/// Checks `answers` against `cases`, the shortest lengths from `optimal` where it knows them.
fn check_answers(
    set: &str,
    cases: &[Case],
    answers: &[String],
    optimal: impl Fn(&Case) -> Option<u64>,
) {
    assert_eq!(answers.len(), cases.len(), "{set}: one answer a case");
    for (case, answer) in cases.iter().zip(answers) {
        let solvable = slidebench::solvability::solvable(&case.puzzle, &case.start);
        if !solvable {
            assert_eq!(answer, "unsolvable", "{set}: {}", case.start);
            continue;
        }
        let path = moves(answer);
        let (end, cost) = case.puzzle.replay(&case.start, &path).unwrap();
        assert_eq!(&end, case.puzzle.goal(), "{set}: `{answer}` does not reach the goal");
        if let Some(best) = optimal(case) {
            assert_eq!(cost, best, "{set}: {} answered in {cost} moves", case.start);
        }
    }
}

#[test]
fn every_grid_set_on_every_shape_is_solve_input_and_answered_right() {
    // The default 4x4 solver's tables, built once for the tests that share the kept cache.
    let pdb_dir = common::kept_cache().join("slidebench").join("pdb");
    let published = korf100::instances();
    let mut tried = Vec::new();
    for shape in SHAPES {
        let shape_value: Shape = shape.parse().unwrap();
        let table = (shape_value.cells() <= 10)
            .then(|| distance_table(&slidebench::cases::unit_grid(shape_value)));
        for kind in SetKind::ALL {
            if kind == SetKind::Weighted {
                continue; // torus datasets: `cruller`'s input, below
            }
            let set = format!("{}:{shape}", kind.name());
            let Ok(def) =
                SetDef::parse(&set, None, Some(COUNT), Some(12), slidebench::cases::DEFAULT_SEED)
            else {
                assert!(!cases_output(&set).status.success(), "`cases {set}` is refused");
                continue;
            };
            if kind == SetKind::All && shape_value.cells() > 6 {
                continue; // every arrangement: the 3x3 one is checked by the exhaustive tier
            }
            let printed = cases_output(&set);
            assert!(printed.status.success(), "cases {set}: {}", stderr_text(&printed));
            // The sample set also holds AOJ's torus datasets, which the board format leaves out.
            let cases: Vec<Case> = def
                .generate()
                .unwrap()
                .into_iter()
                .filter(|c| c.puzzle.topology() == slidebench::Topology::Grid)
                .collect();
            let Some(first) = cases.first() else {
                continue; // `sample-cruller`: torus datasets only, `cruller`'s input
            };
            let goal = first.puzzle.goal().to_judge_line();
            let mut command = bin();
            command.args(["solve", "--shape", shape, "--goal", &goal, "--pdb-dir"]).arg(&pdb_dir);
            let solved = run_command(command, &printed.stdout);
            assert!(solved.status.success(), "solve < cases {set}: {}", stderr_text(&solved));
            check_answers(&set, &cases, &stdout_lines(&solved), |case| {
                if let Some(t) = &table {
                    let d = t[rank(case.start.cells()) as usize];
                    assert_ne!(d, UNREACHED);
                    return Some(u64::from(d));
                }
                published.iter().find(|k| k.board == case.start).map(|k| u64::from(k.length))
            });
            tried.push(set);
        }
    }
    for must in ["sample:3x3", "random:4x4", "walk:4x4", "korf100:4x4", "random:3x4", "depth:5x2"] {
        assert!(tried.iter().any(|t| t == must), "{must} was not tried: {tried:?}");
    }
}

#[test]
fn weighted_set_is_cruller_input_and_answered_at_the_cheapest_cost() {
    let def =
        SetDef::parse("weighted", None, Some(8), None, slidebench::cases::DEFAULT_SEED).unwrap();
    let torus: Vec<Case> = def
        .generate()
        .unwrap()
        .into_iter()
        .filter(|c| c.puzzle.topology() == slidebench::Topology::Torus)
        .collect();
    assert!(!torus.is_empty());
    let mut printed_all = bin();
    printed_all.args(["cases", "weighted", "--count", "8"]);
    let printed_all = run_command(printed_all, b"");
    assert!(printed_all.status.success());
    let answered = common::run(&["cruller"], &printed_all.stdout);
    assert!(answered.status.success(), "{}", stderr_text(&answered));
    let answers = stdout_lines(&answered);
    assert_eq!(answers.len(), torus.len());
    let mut reference = slidebench::solver::new_solver("dijkstra/rank", 1 << 20).unwrap();
    for (case, answer) in torus.iter().zip(&answers) {
        let want = reference.solve(&case.puzzle, &case.start).unwrap().cost();
        let want = want.map_or("unsolvable".to_string(), |c| c.to_string());
        assert_eq!(answer, &want, "{}", case.start);
    }
}

#[test]
fn weighted_set_off_3x3_is_refused_rather_than_printed_as_boards_solve_would_misread() {
    let out = cases_output("weighted:4x4");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(stderr_text(&out).contains("weighted:4x4"), "{}", stderr_text(&out));
}

/// The walk sets on boards above 16 squares, piped through `solve` under their goal: every
/// answer replays to the goal in at most the walk's moves, with the walk's parity (IDA* with
/// linear conflict, the default there, is optimal; the lengths are checked in the library's
/// solver tests).
#[test]
fn walk_sets_above_sixteen_squares_are_solve_input_and_answered_right() {
    for set in ["walk:5x5:14", "walk:6x4:14", "walk:4x6:14", "walk:8x3:14", "walk:12x2:14"] {
        let def =
            SetDef::parse(set, None, Some(COUNT), None, slidebench::cases::DEFAULT_SEED).unwrap();
        let cases = def.generate().unwrap();
        let mut printed = bin();
        printed.args(["cases", set, "--count", &COUNT.to_string()]);
        let printed = run_command(printed, b"");
        assert!(printed.status.success(), "cases {set}: {}", stderr_text(&printed));
        let shape = def.shape.to_string();
        let goal = cases[0].puzzle.goal().to_judge_line();
        // Linear conflict, the default above 16 squares but on the 5x5, whose default builds
        // 255 MB of pattern databases on first use (tests/search/pdb6666.rs covers those).
        let mut command = bin();
        command.args([
            "solve",
            "--shape",
            &shape,
            "--goal",
            &goal,
            "--solver",
            "idastar-lc/packed",
        ]);
        let solved = run_command(command, &printed.stdout);
        assert!(solved.status.success(), "solve < cases {set}: {}", stderr_text(&solved));
        check_answers(set, &cases, &stdout_lines(&solved), |_| None);
        for (case, answer) in cases.iter().zip(stdout_lines(&solved)) {
            assert!(answer.len() <= 14 && (14 - answer.len()) % 2 == 0, "{set}: {}", case.start);
        }
    }
}

/// `cases korf50` names Korf's goal with the `solve --goal` that reads it, and `solve` reads
/// the boards it prints under that goal: the bound a search would start from (refused at once
/// here by a solver that cannot hold the space, each line answered `error` with the board's
/// size) is per board, so every line was read as a 5x5 board.
#[test]
fn korf50_names_its_goal_and_solve_reads_its_boards() {
    let mut printed = bin();
    printed.args(["cases", "korf50", "--count", "2"]);
    let printed = run_command(printed, b"");
    assert!(printed.status.success());
    let note = stderr_text(&printed);
    let goal: Vec<String> = (0..25).map(|v| v.to_string()).collect();
    let goal = goal.join(" ");
    assert!(note.contains(&format!("--shape 5x5 --goal {goal}")), "{note}");
    let boards = String::from_utf8(printed.stdout.clone()).unwrap();
    let published = slidebench::cases::korf50::by_nodes();
    for (line, k) in boards.lines().zip(&published) {
        assert_eq!(line, k.board.to_judge_line());
    }
    let mut command = bin();
    command.args(["solve", "--shape", "5x5", "--goal", &goal, "--solver", "table/packed"]);
    let solved = run_command(command, &printed.stdout);
    let err = stderr_text(&solved);
    assert!(err.contains("a 5x5 grid board has 7,755,605,021,665,492,992,000,000"), "{err}");
    assert!(!err.contains("symbol"), "every board was read: {err}");
}
