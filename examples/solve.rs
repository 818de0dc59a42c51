//! Solving a board from Rust: parse it, solve it with a registered solver, replay the answer
//! against the rules, and print it as the judge would read it.
//!
//! `cargo run --release --example solve -- "8 6 7 2 5 4 3 x 1" bidir-split/rank`; with no
//! arguments it solves the HDU 1043 sample with the default solver. It runs as a test too
//! (`cargo test --release --example solve`).

use slidebench::solver::DEFAULT_SOLVER;
use slidebench::{new_solver, Board, Puzzle, Result, DEFAULT_MAX_STATES};

/// Solves `board_text` on the 8-puzzle with `solver_id`; returns the judge's answer line.
fn solve(board_text: &str, solver_id: &str) -> Result<String> {
    let puzzle = Puzzle::eight();
    let start = Board::parse(puzzle.shape(), board_text)?;
    let mut solver = new_solver(solver_id, DEFAULT_MAX_STATES)?;
    let solution = solver.solve(&puzzle, &start)?;
    if let Some(moves) = solution.moves() {
        // Never trust a path: replay it under the puzzle's rules.
        let (end, cost) = puzzle.replay(&start, moves)?;
        assert_eq!(&end, puzzle.goal(), "{solver_id} returned a path that misses the goal");
        assert_eq!(Some(cost), solution.cost());
    }
    Ok(solution.judge_line())
}

fn main() -> Result<()> {
    let mut args = std::env::args().skip(1);
    let board = args.next().unwrap_or_else(|| "2 3 4 1 5 x 7 6 8".to_string());
    let solver = args.next().unwrap_or_else(|| DEFAULT_SOLVER.to_string());
    let answer = solve(&board, &solver)?;
    println!("{answer}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::solve;

    #[test]
    fn sample_is_solved_in_19_moves_by_every_encoding() {
        for id in ["table/rank", "bidir-split/text", "astar/rank"] {
            assert_eq!(solve("2 3 4 1 5 x 7 6 8", id).unwrap().len(), 19, "{id}");
        }
    }

    #[test]
    fn unsolvable_board_is_reported() {
        assert_eq!(solve("2 1 3 4 5 6 7 8 x", "table/rank").unwrap(), "unsolvable");
    }

    #[test]
    fn bad_board_is_an_error_not_a_panic() {
        assert!(solve("2 3 4 1 5 q 7 6 8", "table/rank").is_err());
        assert!(solve("2 3 4 1 5 x 7 6 8", "no-such/solver").is_err());
    }
}
