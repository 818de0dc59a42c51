//! A case's reference answer as a row holds it. "Unsolvable" and "no reference" are different
//! verdicts: an empty `optimal` alone meant both, so a solution of a board whose reference is
//! unsolvable could not be told from one of a board nobody had settled. `runs.csv` says which
//! in its `reference` column (after the others, so older readers skip it and older files read
//! as "not recorded").

use super::RunRow;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The reference answer of a case: what each solver's answer is checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reference {
    /// The cheapest cost from the start to the goal.
    Cost(u64),
    /// The goal cannot be reached from the start.
    Unsolvable,
    /// No reference: none was known beforehand and no solver's answer settled one.
    Unknown,
}

impl Reference {
    /// The reference an answer stands for: its cost, or unsolvable when it has none.
    pub fn answered(cost: Option<u64>) -> Reference {
        cost.map_or(Reference::Unsolvable, Reference::Cost)
    }

    /// The cost, when there is one.
    pub fn cost(self) -> Option<u64> {
        match self {
            Reference::Cost(c) => Some(c),
            Reference::Unsolvable | Reference::Unknown => None,
        }
    }

    /// Whether there is a reference to hold answers to.
    pub fn is_known(self) -> bool {
        self != Reference::Unknown
    }

    /// Whether an answer of `cost` (`None`: unsolvable) is this reference's; any is, when
    /// there is none.
    pub fn agrees(self, cost: Option<u64>) -> bool {
        match self {
            Reference::Cost(c) => cost == Some(c),
            Reference::Unsolvable => cost.is_none(),
            Reference::Unknown => true,
        }
    }

    /// What `runs.csv`'s `reference` column says of it.
    pub fn kind(self) -> ReferenceKind {
        match self {
            Reference::Cost(_) => ReferenceKind::Cost,
            Reference::Unsolvable => ReferenceKind::Unsolvable,
            Reference::Unknown => ReferenceKind::None,
        }
    }
}

impl fmt::Display for Reference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reference::Cost(c) => write!(f, "cost {c}"),
            Reference::Unsolvable => f.write_str("unsolvable"),
            Reference::Unknown => f.write_str("not known"),
        }
    }
}

/// `runs.csv`'s `reference` column: what the row's `optimal` stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReferenceKind {
    /// `optimal` is the reference cost.
    Cost,
    /// The board cannot be solved (`optimal` is empty).
    Unsolvable,
    /// No reference (`optimal` is empty).
    None,
}

impl RunRow {
    /// The row's reference. A row of a file written before the `reference` column, with an
    /// empty `optimal`, has none that can be told ([`Reference::Unknown`]).
    pub fn reference(&self) -> Reference {
        match (self.optimal, self.reference) {
            (Some(c), _) => Reference::Cost(c),
            (None, Some(ReferenceKind::Unsolvable)) => Reference::Unsolvable,
            (None, _) => Reference::Unknown,
        }
    }

    /// Records `reference` in the row (`optimal` and `reference`).
    pub fn set_reference(&mut self, reference: Reference) {
        self.optimal = reference.cost();
        self.reference = Some(reference.kind());
    }

    /// Why the row's `optimal` and `reference` contradict each other, if they do.
    pub fn reference_contradiction(&self) -> Option<String> {
        match (self.optimal, self.reference) {
            (Some(o), Some(kind @ (ReferenceKind::Unsolvable | ReferenceKind::None))) => {
                let kind = if kind == ReferenceKind::None { "none" } else { "unsolvable" };
                Some(format!("optimum {o}, but its reference is `{kind}`"))
            }
            (None, Some(ReferenceKind::Cost)) => {
                Some("reference `cost`, but no optimum".to_string())
            }
            _ => None,
        }
    }
}
