//! `solve` on boards of any shape: 4×4 boards read as numbers, Korf's goal given with `--goal`,
//! the error of each kind of bad board, parity decided before any search, the default solver
//! named only with `--verbose`, and answers in input order whatever the number of threads.

use slidebench::cases::korf100;
use slidebench::{Board, Costs, Move, Puzzle, Shape, Topology};
use std::process::Output;

use crate::common;
use common::{bin, run_command, stderr_text, stdout_lines};

use common::kept_cache as test_cache;

/// Runs the binary with `args` and `stdin`, its pattern database cache under the target directory.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut command = bin();
    command.args(args).env("XDG_CACHE_HOME", test_cache());
    run_command(command, stdin)
}

fn four_by_four() -> Shape {
    Shape::new(4, 4).unwrap()
}

/// A 4×4 board from its cells in row order.
fn board(cells: &[u8]) -> Board {
    Board::from_cells(four_by_four(), cells).unwrap()
}

/// A 4×4 solver that needs no pattern database.
const LC: &str = "idastar-lc/packed";

/// Korf's goal: the empty square first, then tiles 1..15.
const KORF_GOAL: &str = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";

/// Six moves of the empty square from the usual goal (up three times, left three times): each
/// moves a different tile one square away from home, so Manhattan distance, a lower bound, is 6
/// too, and 6 is the optimum.
const SIX_MOVES: &str = "x 1 2 3 5 6 7 4 9 10 11 8 13 14 15 12";

/// Replays a line of move letters on `puzzle` from `start`; returns the end board and length.
fn replay(puzzle: &Puzzle, start: &Board, letters: &str) -> (Board, usize) {
    let moves: Vec<Move> = letters
        .chars()
        .map(|c| Move::from_letter(c).unwrap_or_else(|| panic!("`{c}` is not a move")))
        .collect();
    let (end, _) = puzzle.replay(start, &moves).expect("every move is legal");
    (end, moves.len())
}

#[test]
fn a_four_by_four_board_six_moves_out_gets_an_optimal_replayable_path() {
    let out = run(&["solve", "--shape", "4x4"], format!("{SIX_MOVES}\n").as_bytes());
    assert!(out.status.success(), "{}", stderr_text(&out));
    assert!(out.stderr.is_empty(), "nothing on stderr without --verbose");
    let got = stdout_lines(&out);
    assert_eq!(got.len(), 1);
    let puzzle =
        Puzzle::new(four_by_four(), Topology::Grid, Costs::UNIT, Board::solved(four_by_four()))
            .unwrap();
    let start = board(&[0, 1, 2, 3, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12]);
    let (end, length) = replay(&puzzle, &start, &got[0]);
    assert_eq!(&end, puzzle.goal());
    assert_eq!(length, 6);
}

#[test]
fn korf_goal_given_with_goal_is_the_goal_solved_to() {
    // One move from Korf's goal, then the same board as a single argument.
    let input = b"1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n";
    let goal_words: Vec<&str> = KORF_GOAL.split(' ').collect();
    let mut args = vec!["solve", "--shape", "4x4", "--solver", LC, "--goal"];
    args.extend(&goal_words);
    let out = run(&args, input);
    assert!(out.status.success(), "{}", stderr_text(&out));
    assert_eq!(stdout_lines(&out), ["l", ""]);
    let out = run(&["solve", "--shape", "4x4", "--solver", LC, "--goal", KORF_GOAL], input);
    assert_eq!(stdout_lines(&out), ["l", ""]);
    // Under the usual goal the same board is far from solved.
    let out = run(
        &["solve", "--shape", "4x4", "--solver", LC],
        b"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n",
    );
    assert_eq!(stdout_lines(&out), [""]);
}

#[test]
fn unsolvable_four_by_four_boards_are_decided_by_parity_without_a_search() {
    // Two tiles swapped, under either goal; with a blind search and a tiny state bound, an
    // answer at all shows no search ran.
    let swapped_usual = "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 x\n";
    let swapped_korf = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 15 14\n";
    for (input, goal) in [(swapped_usual, None), (swapped_korf, Some(KORF_GOAL))] {
        let mut args = vec!["solve", "--shape", "4x4", "--solver", "bfs/text", "--max-states", "1"];
        if let Some(g) = goal {
            args.extend(["--goal", g]);
        }
        let out = run(&args, input.as_bytes());
        assert!(out.status.success(), "{}", stderr_text(&out));
        assert_eq!(stdout_lines(&out), ["unsolvable"]);
    }
    // The blank-row rule: the empty square one row up changes the answer.
    let out = run(
        &["solve", "--shape", "4x4", "--solver", "bfs/text", "--max-states", "1000"],
        b"1 2 3 4 5 6 7 8 9 10 11 x 13 14 15 12\n1 2 3 4 5 6 7 8 9 10 12 x 13 14 15 11\n",
    );
    assert_eq!(stdout_lines(&out), ["d", "unsolvable"], "{}", stderr_text(&out));
}

#[test]
fn each_kind_of_bad_board_gets_its_own_line_error_in_step() {
    let lines = [
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15",   // 1 good: r
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",     // 2 too few: x missing
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x 7", // 3 repeated (and too many)
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16",  // 4 out of range
        "-1 2 3",                                  // 5 negative
        "99999999999999999999 2 3",                // 6 too large
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 ?",   // 7 unknown symbol
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x",   // 8 good: solved
    ];
    let input = lines.join("\n") + "\n";
    let out = run(&["solve", "--shape", "4x4", "--solver", LC], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout_lines(&out), ["r", "error", "error", "error", "error", "error", "error", ""]);
    let err = stderr_text(&out);
    let messages: Vec<&str> = err.lines().collect();
    assert_eq!(messages.len(), 6, "{err}");
    assert_eq!(
        messages[0],
        "line 2: too few symbols: found 15, expected 16 (1-15 and x); missing x"
    );
    assert_eq!(messages[1], "line 3: symbol `7` appears twice");
    assert!(messages[2].starts_with("line 4: tile `16` is out of range: a 4x4 board"), "{err}");
    assert!(messages[3].starts_with("line 5: tile `-1` is out of range"), "{err}");
    assert!(messages[4].starts_with("line 6: tile `99999999999999999999` is too large"), "{err}");
    assert_eq!(messages[5], "line 7: unknown symbol `?` (expected 1-15 and x)");
}

#[test]
fn a_bad_goal_is_a_usage_error_naming_what_is_wrong() {
    for (goal, why) in [
        ("0 1 2", "too few symbols: found 3, expected 16"),
        ("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 16", "tile `16` is out of range"),
        ("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 14", "symbol `14` appears twice"),
    ] {
        let out = run(&["solve", "--shape", "4x4", "--goal", goal], b"");
        assert_eq!(out.status.code(), Some(2), "{goal}");
        let err = stderr_text(&out);
        assert!(
            err.contains("--goal") && err.contains("not a 4x4 board") && err.contains(why),
            "{err}"
        );
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn a_board_over_the_state_bound_is_an_error_saying_to_raise_it() {
    let out = run(
        &[
            "solve",
            "--shape",
            "4x4",
            "--solver",
            "bfs/text",
            "--max-states",
            "10",
            "--threads",
            "1",
        ],
        format!("{SIX_MOVES}\n").as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout_lines(&out), ["error"]);
    let err = stderr_text(&out);
    assert!(err.starts_with("line 1: ") && err.contains("more than 10 states"), "{err}");
    assert!(err.contains("raise") && err.contains("--max-states"), "{err}");
}

#[test]
fn verbose_names_the_default_solver_on_stderr_only() {
    let input = format!("{SIX_MOVES}\n");
    let quiet = run(&["solve", "--shape", "4x4"], input.as_bytes());
    let loud = run(&["solve", "--shape", "4x4", "--verbose"], input.as_bytes());
    assert!(loud.status.success());
    assert_eq!(quiet.stdout, loud.stdout);
    let err = stderr_text(&loud);
    assert!(err.starts_with("solver: idastar-pdb663/packed (default for the shape"), "{err}");
    let eight = run(&["solve", "--verbose"], b"1 2 3 4 5 6 7 x 8\n");
    assert!(stderr_text(&eight).starts_with("solver: table/rank"), "{}", stderr_text(&eight));
    let named = run(&["solve", "--verbose", "--solver", "bfs/rank"], b"");
    assert!(stderr_text(&named).starts_with("solver: bfs/rank (as asked"));
}

/// 2,000 lines: random 3×3 boards with a bad line every 7th and a blank one every 13th.
fn mixed_input() -> Vec<u8> {
    let cases = run(&["cases", "random", "--count", "2000", "--seed", "11"], b"");
    assert!(cases.status.success());
    let mut input = Vec::new();
    for (k, line) in String::from_utf8(cases.stdout).unwrap().lines().enumerate() {
        if k % 7 == 3 {
            input.extend_from_slice(b"1 2 3 4 x\n");
        } else if k % 13 == 5 {
            input.extend_from_slice(b"   \n");
        } else {
            input.extend_from_slice(line.as_bytes());
            input.push(b'\n');
        }
    }
    input
}

#[test]
fn two_threads_answer_exactly_as_one_thread_does() {
    let input = mixed_input();
    let answers =
        input.split(|&b| b == b'\n').filter(|l| l.iter().any(|b| !b.is_ascii_whitespace())).count();
    for solver in ["table/rank", "astar/rank"] {
        let one = run(&["solve", "--solver", solver, "--threads", "1"], &input);
        let two = run(&["solve", "--solver", solver, "--threads", "2"], &input);
        assert_eq!(one.status.code(), Some(1), "bad lines make the status 1");
        assert_eq!(two.status.code(), Some(1));
        assert_eq!(stdout_lines(&one).len(), answers, "one answer per non-blank line");
        assert_eq!(one.stdout, two.stdout, "{solver}: stdout in input order");
        assert_eq!(one.stderr, two.stderr, "{solver}: stderr in line order");
    }
}

#[test]
fn a_slow_board_first_does_not_reorder_the_fast_ones_after_it() {
    // A Korf instance (about 50 moves) takes a search far longer than the one-move boards
    // behind it, which the other workers finish first.
    let mut all = korf100::instances();
    all.sort_by_key(|i| i.nodes);
    let slow: Vec<String> = all[0].board.cells().iter().map(u8::to_string).collect();
    let mut input = slow.join(" ") + "\n";
    for k in 0..40 {
        input.push_str(if k % 2 == 0 {
            "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n"
        } else {
            "4 1 2 3 0 5 6 7 8 9 10 11 12 13 14 15\n"
        });
    }
    let args = ["solve", "--shape", "4x4", "--goal", KORF_GOAL, "--solver", LC, "--threads", "4"];
    let out = run(&args, input.as_bytes());
    assert!(out.status.success(), "{}", stderr_text(&out));
    let got = stdout_lines(&out);
    assert_eq!(got.len(), 41);
    assert_eq!(got[0].len(), all[0].length as usize);
    for (k, answer) in got[1..].iter().enumerate() {
        assert_eq!(answer, if k % 2 == 0 { "l" } else { "u" }, "answer {}", k + 1);
    }
}

/// OEIS A089484: 4×4 arrangements at distance 0..=15 from the goal (empty square last).
const A089484: [u64; 16] =
    [1, 2, 4, 10, 24, 54, 107, 212, 446, 946, 1948, 3938, 7808, 15544, 30821, 60842];

#[test]
fn census_to_a_depth_on_four_by_four_matches_oeis() {
    let out = run(&["census", "--shape", "4x4", "--max-depth", "15"], b"");
    assert!(out.status.success(), "{}", stderr_text(&out));
    let lines = stdout_lines(&out);
    for (d, &count) in A089484.iter().enumerate() {
        assert_eq!(lines[d], format!("{d} {count}"));
    }
    assert_eq!(lines[16], format!("total {}", A089484.iter().sum::<u64>()));
    assert!(lines[17].starts_with("time "), "{lines:?}");
}

#[test]
fn census_to_a_depth_that_reaches_everything_says_so() {
    // 2x3 grid: 360 arrangements, the farthest 21 moves out.
    let out = run(&["census", "--shape", "2x3", "--max-depth", "40"], b"");
    assert!(out.status.success(), "{}", stderr_text(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\n21 1\ntotal 360\nwhole space: nothing lies farther than 21 moves"));
}

#[test]
fn census_beyond_its_state_bound_refuses_and_says_how_to_go_on() {
    let out = run(&["census", "--shape", "4x4", "--max-depth", "30", "--max-states", "1000"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = stderr_text(&out);
    assert!(
        err.contains("over the bound of 1,000 states") && err.contains("--max-states"),
        "{err}"
    );
    // The whole-space census points to --max-depth.
    let out = run(&["census", "--shape", "4x4"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr_text(&out).contains("--max-depth"), "{}", stderr_text(&out));
}

#[test]
fn pdb_build_list_and_clear_manage_one_cache_directory() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let built = run(&["pdb", "build", "--pdb-dir", d, "--shape", "3x3"], b"");
    assert!(built.status.success(), "{}", stderr_text(&built));
    let text = String::from_utf8(built.stdout).unwrap();
    assert!(
        text.starts_with("built 3x3 grid partition even (2 patterns, 2 tables; 6,048 bytes"),
        "{text}"
    );
    // Built once: the second run finds the file and checks it.
    let again = run(&["pdb", "build", "--pdb-dir", d, "--shape", "3x3"], b"");
    let text = String::from_utf8(again.stdout).unwrap();
    assert!(text.starts_with("cached 3x3 grid partition even"), "{text}");
    let listed = run(&["pdb", "list", "--pdb-dir", d], b"");
    let lines = stdout_lines(&listed);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("1 database file(s) in "));
    let entry = &lines[1];
    for part in
        ["3x3 grid", "goal 12345678x", "partition even 4-4", "6,124 bytes", "build ", "; ok;"]
    {
        assert!(entry.contains(part), "`{part}` missing from `{entry}`");
    }
    let cleared = run(&["pdb", "clear", "--pdb-dir", d], b"");
    assert!(stdout_lines(&cleared)[0].starts_with("removed 1 file(s)"));
    let listed = run(&["pdb", "list", "--pdb-dir", d], b"");
    assert!(stdout_lines(&listed)[0].starts_with("0 database file(s)"));
}

#[test]
fn pdb_build_catalogue_says_its_bytes_first_and_builds_each_distinct_group_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let file = dir.path().join("c.txt");
    // Three partitions, four distinct groups (1 2 3 4 is listed three times).
    let text = "shape: 3x3\ngoal: solved\npartition: 1 2 3 4 | 5 6 7 8 transpose\n\
                partition: 4 3 2 1 | 5 6 | 7 8\npartition: 1 2 3 4 | 5 6 | 7 8\n";
    std::fs::write(&file, text).unwrap();
    let f = file.to_str().unwrap();
    let built = run(&["pdb", "build", "--pdb-dir", d, "--catalogue", f], b"");
    assert!(built.status.success(), "{}", stderr_text(&built));
    let lines = stdout_lines(&built);
    assert!(
        lines[0].ends_with(": 3 partitions, 4 distinct tables, 6,192 bytes (6.0 KiB)"),
        "{lines:?}"
    );
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("built 3x3 grid partition catalogue")).count(),
        4
    );
    let listed = run(&["pdb", "list", "--pdb-dir", d], b"");
    assert!(stdout_lines(&listed)[0].starts_with("4 database file(s)"));
    // A bad catalogue is refused naming its line, and nothing is built.
    std::fs::write(&file, "shape: 3x3\npartition: 1 2 3 | 3 4 5 6 7 8\n").unwrap();
    let out = run(&["pdb", "build", "--pdb-dir", d, "--catalogue", f], b"");
    assert!(!out.status.success());
    assert!(stderr_text(&out).contains("line 2: tiles repeated: 3"), "{}", stderr_text(&out));
}

/// `pdb build --catalogue` makes every check a solver makes of the catalogue before it builds a
/// table: one reading more than 128 lookups a node is refused with nothing built (it used to
/// build every table, exit 0, and leave each solve to refuse the catalogue).
#[test]
fn pdb_build_catalogue_refuses_too_many_lookups_before_building() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let file = dir.path().join("c.txt");
    // The 15 rounds of a round robin over tiles 1 to 15: every pair once, each round's odd tile
    // alone; 120 groups, each read on the board and on its transpose: 240 lookups.
    let mut text = String::from("shape: 4x4\ngoal: solved\n");
    for r in 0..15 {
        let mut groups = vec![format!("{}", r + 1)];
        groups.extend((1..8).map(|k| format!("{} {}", (r + k) % 15 + 1, (r + 15 - k) % 15 + 1)));
        text.extend(["partition: ", &groups.join(" | "), " transpose\n"]);
    }
    std::fs::write(&file, text).unwrap();
    let out = run(&["pdb", "build", "--pdb-dir", d, "--catalogue", file.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1), "{}", stderr_text(&out));
    let err = stderr_text(&out);
    assert!(err.contains("reads 240 distinct tables a node, at most 128"), "{err}");
    assert!(err.contains(file.to_str().unwrap()), "{err}");
    let listed = run(&["pdb", "list", "--pdb-dir", d], b"");
    assert!(stdout_lines(&listed)[0].starts_with("0 database file(s)"), "{listed:?}");
}

/// `idastar-catalogue` sits out the 3×3 (no catalogue is shipped for it) saying so, solves it
/// optimally with `--catalogue FILE`, and refuses a file for another shape naming both.
#[test]
fn solve_with_a_catalogue_file_runs_where_none_is_shipped() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let file = dir.path().join("c.txt");
    std::fs::write(&file, "shape: 3x3\npartition: 1 2 3 4 | 5 6 7 8 transpose\n").unwrap();
    let f = file.to_str().unwrap();
    let board = b"2 3 4 1 5 x 7 6 8\n";
    let solver = ["--solver", "idastar-catalogue-fsm/packed", "--pdb-dir", d];
    let plain = run(&[&["solve"][..], &solver].concat(), board);
    assert!(!plain.status.success());
    assert!(
        stderr_text(&plain).contains("no catalogue for 3x3: give --catalogue FILE"),
        "{}",
        stderr_text(&plain)
    );
    let given = run(&[&["solve", "--catalogue", f][..], &solver].concat(), board);
    assert!(given.status.success(), "{}", stderr_text(&given));
    assert_eq!(stdout_lines(&given)[0].len(), 19);
    let four = run(
        &[&["solve", "--shape", "4x4", "--catalogue", f][..], &solver].concat(),
        b"1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15\n",
    );
    assert!(!four.status.success());
    assert!(
        stderr_text(&four)
            .contains("the catalogue is for the 3x3 with goal 12345678x, not the 4x4"),
        "{}",
        stderr_text(&four)
    );
}

#[test]
fn pdb_build_refuses_a_partition_or_goal_the_shape_cannot_take() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let out = run(&["pdb", "build", "--pdb-dir", d, "--shape", "3x3", "--partition", "663"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_text(&out).contains("663 is defined for 4x4"), "{}", stderr_text(&out));
    let out = run(&["pdb", "build", "--pdb-dir", d, "--shape", "4x4", "--goal", "1 2 3"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_text(&out).contains("not a 4x4 board"), "{}", stderr_text(&out));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "nothing was built");
}

/// Solves Korf's instances `ids` as published (Korf's goal given with `--goal`) with `solver`
/// on two threads, and checks every answer replays to the goal in the published length.
fn korf_instances_get_published_lengths(solver: Option<&str>, ids: &[u32]) {
    let all = korf100::instances();
    let chosen: Vec<_> = ids.iter().map(|&id| all[id as usize - 1]).collect();
    let mut input = String::new();
    for inst in &chosen {
        let cells: Vec<String> = inst.board.cells().iter().map(u8::to_string).collect();
        input.push_str(&cells.join(" "));
        input.push('\n');
    }
    let mut args = vec!["solve", "--shape", "4x4", "--goal", KORF_GOAL, "--threads", "2"];
    if let Some(id) = solver {
        args.extend(["--solver", id]);
    }
    let out = run(&args, input.as_bytes());
    assert!(out.status.success(), "{}", stderr_text(&out));
    let answers = stdout_lines(&out);
    assert_eq!(answers.len(), chosen.len());
    let puzzle = korf100::korf_puzzle();
    for (inst, answer) in chosen.iter().zip(&answers) {
        let (end, length) = replay(&puzzle, &inst.board, answer);
        assert_eq!(&end, puzzle.goal(), "instance {}", inst.id);
        assert_eq!(length, inst.length as usize, "instance {}", inst.id);
    }
}

#[test]
fn korf_instances_as_published_get_their_published_lengths() {
    // The five with the fewest nodes under Korf's IDA*, so the test stays fast without databases.
    let mut all = korf100::instances();
    all.sort_by_key(|i| i.nodes);
    let ids: Vec<u32> = all[..5].iter().map(|i| i.id).collect();
    korf_instances_get_published_lengths(Some(LC), &ids);
}

#[test]
#[ignore = "exhaustive: Korf's 100 through solve with the default 4x4 solver (builds 6-6-3 for Korf's goal)"]
fn korf_hundred_with_the_default_solver_get_their_published_lengths() {
    let ids: Vec<u32> = (1..=100).collect();
    korf_instances_get_published_lengths(None, &ids);
}

#[test]
fn solvers_long_gives_every_solver_its_topologies_shapes_and_memory() {
    let ids = stdout_lines(&run(&["solvers"], b""));
    let long = stdout_lines(&run(&["solvers", "--long"], b""));
    assert_eq!(long.len(), 3 * ids.len(), "three lines per solver");
    for (id, block) in ids.iter().zip(long.chunks(3)) {
        assert!(block[0].starts_with(&format!("{id} ")), "{block:?}");
        assert!(block[1].starts_with("    accepts: grid"), "{block:?}");
        assert!(block[2].starts_with("    memory:  "), "{block:?}");
        // Linear conflict refuses the torus, whose lines wrap, and the move automaton is built
        // for the grid's moves; the catalogues are written for grids; rank arrays stop at 12
        // squares.
        let grid_only = id.contains("-lc/") || id.contains("-fsm/") || id.contains("-catalogue");
        assert_eq!(block[1].contains("torus"), !grid_only, "{block:?}");
        if id.ends_with("/rank") {
            assert!(block[1].contains("up to 10 squares at the default --max-states, 12"));
        }
    }
    assert!(ids.iter().any(|id| id == "idastar-pdb663/packed"));
}

/// On the 5×5 every solver that takes the board runs and agrees; the pattern databases of 16
/// squares at most sit out with that reason in `skipped.csv` instead of answering errors, and
/// the 6-6-6-6 solver, its tables not cached here, with the command that builds them.
#[test]
fn compare_on_five_by_five_walks_agrees_and_the_pattern_databases_sit_out_saying_why() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let args = ["compare", "--cases", "walk:5x5:10", "--count", "2", "--threads", "1"];
    let output = run(&[&args[..], &["--no-charts", "--out", out.to_str().unwrap()]].concat(), b"");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}{}", stderr_text(&output));
    assert!(!text.contains("DISAGREEMENT"), "{text}");
    let skipped = std::fs::read_to_string(out.join("skipped.csv")).unwrap();
    let pdb: Vec<&str> = skipped.lines().filter(|l| l.contains("pdb")).collect();
    assert!(!pdb.is_empty(), "{skipped}");
    for line in pdb {
        // The dual lookups read the same tables; the zero-aware ones name their own build; the
        // other partitions are not the 5x5's.
        let why = if line.starts_with("idastar-pdb6666") {
            "databases are not built: `slidebench pdb build --shape 5x5 --partition 6666"
        } else if line.starts_with("idastar-zpdb6666") {
            "zero-aware 6666 databases are not built: `slidebench pdb build --shape 5x5 \
             --partition 6666"
        } else {
            "on 5x5 use idastar-pdb6666"
        };
        assert!(line.contains(why), "{line}");
    }
    // The console names the first-ranked of each family; summary.csv holds every solver.
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert!(summary.contains("idastar-lc/packed"), "{summary}");
}
