//! Checking one answer: its moves replayed, its cost against the reference, and both as they
//! read in a disagreement.

use crate::board::Puzzle;
use crate::cases::{Case, Publication};
use crate::error::{Error, ErrorKind, Result};
pub(super) use crate::report::Reference;
use crate::solver::Solution;

/// A reference known before the solvers run, and the authority it comes from
/// ([`Known::UNKNOWN`]: settled from their answers afterwards). A disagreement names the
/// authority, so a reader knows what a wrong answer was held to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Known {
    /// The reference.
    pub reference: Reference,
    /// Where it comes from.
    pub origin: Origin,
}

impl Known {
    /// No reference before the run.
    pub const UNKNOWN: Known = Known { reference: Reference::Unknown, origin: Origin::Nothing };

    /// `reference`, from `origin`.
    pub fn new(reference: Reference, origin: Origin) -> Known {
        Known { reference, origin }
    }

    /// Whether there is a reference to hold answers to.
    pub fn is_known(self) -> bool {
        self.reference.is_known()
    }
}

/// The authority of a reference known before the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Origin {
    /// None: the reference is settled from the answers, or there is none.
    Nothing,
    /// The parity rule: the board cannot reach the goal.
    ParityRule,
    /// A published optimal length (Korf's 100, Korf & Felner's 50), named by its publication.
    Published(Publication),
    /// A solver's answer over the whole space (a table, or Dijkstra on weighted boards), by id.
    WholeSpace(&'static str),
    /// The 4×3 census: the antipodes' published distance.
    Census,
    /// Every reference solver of `check` gave this cost.
    Agreement,
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Nothing => f.write_str("no reference"),
            Origin::ParityRule => f.write_str("the parity rule"),
            Origin::Published(by) => write!(f, "the published length, {by}"),
            Origin::WholeSpace(id) => write!(f, "{id} over the whole space"),
            Origin::Census => f.write_str("the 4x3 census"),
            Origin::Agreement => f.write_str("the reference solvers agreeing"),
        }
    }
}

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

/// A reference as a disagreement reports it: the reference and its authority.
pub(super) fn describe_reference(k: Known) -> String {
    match k.origin {
        Origin::Nothing => k.reference.to_string(),
        origin => format!("{} ({origin})", k.reference),
    }
}

/// What a solver said, as its disagreement reports it: the answer and what is wrong with it;
/// an error once, since it is what is wrong.
pub(super) fn said(sol: &Result<Solution>, wrong: &Error) -> String {
    match sol {
        Ok(_) => format!("{} ({wrong})", describe(sol)),
        Err(_) => describe(sol),
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
    if reference.agrees(sol.cost()) {
        Ok(())
    } else {
        Err(Error::new(ErrorKind::Disagreement, "differs from the reference"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Move};
    use crate::solver::{Path, Stats};

    /// The 8-puzzle one move from its goal: the empty square goes right onto square 8.
    fn one_move_case() -> Case {
        let puzzle = Puzzle::eight();
        let start = Board::parse(puzzle.shape(), "1 2 3 4 5 6 7 x 8").unwrap();
        Case { set: "test".into(), id: 0, puzzle, start }
    }

    fn answer(moves: Vec<Move>, cost: u64) -> Solution {
        Solution { path: Some(Path { moves: Some(moves), cost }), stats: Stats::default() }
    }

    #[test]
    fn check_replay_accepts_moves_that_reach_the_goal_at_their_stated_cost() {
        let case = one_move_case();
        assert!(check_replay(&case.puzzle, &case, &answer(vec![Move::Right], 1)).is_ok());
    }

    #[test]
    fn check_replay_refuses_moves_that_reach_the_goal_at_another_cost() {
        let case = one_move_case();
        let err = check_replay(&case.puzzle, &case, &answer(vec![Move::Right], 2)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Disagreement);
    }

    #[test]
    fn check_replay_refuses_moves_that_end_off_the_goal_at_their_stated_cost() {
        let case = one_move_case();
        // Left then right then left: three moves at cost 3, ending two squares off the goal.
        let moves = vec![Move::Left, Move::Right, Move::Left];
        let err = check_replay(&case.puzzle, &case, &answer(moves, 3)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Disagreement);
    }

    #[test]
    fn agree_accepts_an_answer_at_the_reference_cost() {
        assert!(agree(&answer(vec![Move::Right], 1), Reference::Cost(1)).is_ok());
    }

    #[test]
    fn agree_refuses_an_answer_at_another_cost() {
        let err = agree(&answer(vec![Move::Right], 1), Reference::Cost(3)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Disagreement);
        let err = agree(&answer(vec![Move::Right], 1), Reference::Unsolvable).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Disagreement);
    }
}
