//! A solver written outside the crate, compared by the harness against the crate's own.
//!
//! `NaiveBfs` is a plain breadth-first search over `Board` values in a `HashMap`: slow, but
//! simple enough to trust. The harness replays its every answer and checks it against the
//! reference solver, exactly as it does for the registry's solvers.
//!
//! Run it with `cargo run --release --example custom_solver`; `cargo test` runs it too.

use slidebench::cases::SetKind;
use slidebench::harness::{self, CompareOptions, SetSpec};
use slidebench::{Board, Move, Puzzle, Result, Solution, Solver, SolverInfo, Stats};
use std::collections::{HashMap, VecDeque};

/// Breadth-first search from the start, remembering each board's parent and move.
struct NaiveBfs {
    info: SolverInfo,
}

impl NaiveBfs {
    fn new() -> NaiveBfs {
        NaiveBfs { info: SolverInfo::custom("naive-bfs", "hashmap", false) }
    }
}

impl Solver for NaiveBfs {
    fn info(&self) -> &SolverInfo {
        &self.info
    }

    fn solve(&mut self, puzzle: &Puzzle, start: &Board) -> Result<Solution> {
        let stats = |expanded, stored| Stats { expanded, stored, ..Stats::default() };
        // The parity rule answers the unsolvable half at once, as the crate's solvers do.
        if !slidebench::solvability::solvable(puzzle, start) {
            return Ok(Solution::unsolvable(stats(0, 0)));
        }
        let mut parent: HashMap<Board, Option<(Board, Move)>> = HashMap::from([(*start, None)]);
        let mut queue = VecDeque::from([*start]);
        let mut expanded = 0;
        while let Some(board) = queue.pop_front() {
            if &board == puzzle.goal() {
                let mut moves = Vec::new();
                let mut at = board;
                while let Some(Some((from, m))) = parent.get(&at) {
                    moves.push(*m);
                    at = *from;
                }
                moves.reverse();
                let stored = parent.len() as u64;
                return Ok(Solution::solved(puzzle, moves, stats(expanded, stored)));
            }
            expanded += 1;
            let blank = board.blank();
            for &(m, to) in puzzle.moves_from(blank) {
                let mut next = board;
                next.swap_blank(blank, usize::from(to));
                parent.entry(next).or_insert_with(|| {
                    queue.push_back(next);
                    Some((board, m))
                });
            }
        }
        let stored = parent.len() as u64;
        Ok(Solution::unsolvable(stats(expanded, stored)))
    }

    fn fork(&self) -> Box<dyn Solver> {
        Box::new(NaiveBfs::new())
    }
}

fn main() -> Result<()> {
    let opts = CompareOptions {
        sets: vec![
            SetSpec::Generated { kind: SetKind::Sample, count: 0, seed: 1 },
            SetSpec::Generated { kind: SetKind::Random, count: 12, seed: 1 },
        ],
        solvers: vec!["bfs/rank".into()],
        threads: 2,
        max_states: slidebench::DEFAULT_MAX_STATES,
        progress: None,
        sweep_solvers: Vec::new(),
        sweep_threads: Vec::new(),
        skip: Vec::new(),
        catalogue: None,
    };
    let report = harness::compare_with(&opts, vec![Box::new(NaiveBfs::new())])?;
    harness::print_ranking(&report, &mut std::io::stdout())?;
    let mine: Vec<_> = report.runs.iter().filter(|r| r.solver == "naive-bfs/hashmap").collect();
    // The HDU sample board and twelve random ones: a unit-cost solver leaves out the sample's
    // weighted datasets.
    assert_eq!(mine.len(), 13);
    assert!(report.disagreements.is_empty(), "{:?}", report.disagreements);
    println!("naive-bfs/hashmap agreed with the reference on {} boards", mine.len());
    Ok(())
}

#[cfg(test)]
mod tests {
    /// `cargo test` builds this example as a test: the comparison above is the test.
    #[test]
    fn the_custom_solver_agrees_with_the_reference() {
        super::main().unwrap();
    }
}
