//! Checking one answer: its moves replayed, its cost against the reference, and both as they
//! read in a disagreement.

use crate::board::Puzzle;
use crate::cases::Case;
use crate::error::{Error, ErrorKind, Result};
use crate::solver::Solution;

/// The reference answer of a case: its cheapest cost, or `None` when it cannot be solved.
pub(super) type Reference = Option<u64>;
/// A reference known before the solvers run (`None`: decided from their answers afterwards).
pub(super) type Known = Option<Reference>;

/// An answer as a disagreement reports it.
pub(super) fn describe(sol: &Result<Solution>) -> String {
    match sol {
        Ok(s) => match (s.moves(), s.cost()) {
            (Some(m), Some(c)) => format!("{} moves, cost {c}: {}", m.len(), s.judge_line()),
            _ => "unsolvable".to_string(),
        },
        Err(e) => format!("error: {e}"),
    }
}

/// A reference as a disagreement reports it.
pub(super) fn describe_reference(r: Reference) -> String {
    match r {
        Some(c) => format!("cost {c}"),
        None => "unsolvable".to_string(),
    }
}

/// Checks that the answer's moves take the start to the goal at the stated cost.
pub(super) fn check_replay(puzzle: &Puzzle, case: &Case, sol: &Solution) -> Result<()> {
    if let Some(moves) = sol.moves() {
        let (end, cost) = puzzle.replay(&case.start, moves)?;
        if &end != puzzle.goal() || Some(cost) != sol.cost() {
            return Err(Error::new(
                ErrorKind::Disagreement,
                format!(
                    "the moves end on {end} at cost {cost}, not on the goal at {:?}",
                    sol.cost()
                ),
            ));
        }
    }
    Ok(())
}

/// Whether the answer's cost is the reference's.
pub(super) fn agree(sol: &Solution, reference: Reference) -> Result<()> {
    if sol.cost() == reference {
        Ok(())
    } else {
        Err(Error::new(ErrorKind::Disagreement, "differs from the reference"))
    }
}
