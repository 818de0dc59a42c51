//! The kinds a solver is described by: its search's family, what guides it, and its state
//! encoding. Plain enums, so that every other solver module can name them without importing
//! the registry.

use crate::encoding::{Encoding, Packed, Rank, Text};

/// What kind of search an algorithm is, for the flags the harness, tests and benches read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Searches from the start alone without a heuristic, expanding every state closer than the
    /// goal: a query may expand most of the space (the slow class tests and benches size for).
    Blind,
    /// Builds a whole-space table once per puzzle; queries walk it.
    Table,
    /// Two frontiers, one from the start and one from the goal, meeting halfway.
    Bidirectional,
    /// Guided by a heuristic (A*, IDA*).
    Heuristic,
}

/// What guides a search towards the goal: the code a quiet bug in an informed search would live
/// in. `check` wants two solvers of different guides to agree before a cost is a reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Guide {
    /// No heuristic (breadth-first, bidirectional, Dijkstra and table searches).
    Nothing,
    /// Manhattan distance, or each tile's cheapest distance to its goal square.
    Manhattan,
    /// Linear conflict: Manhattan distance plus line conflicts.
    LinearConflict,
    /// Additive pattern databases.
    PatternDatabase,
}

impl std::fmt::Display for Guide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Guide::Nothing => "blind",
            Guide::Manhattan => "Manhattan distance",
            Guide::LinearConflict => "linear conflict",
            Guide::PatternDatabase => "pattern database",
        })
    }
}

/// A state encoding the registry knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EncodingKind {
    /// Boards as bytes in hashed maps; any shape.
    Text,
    /// Lehmer ranks indexing flat arrays; up to 3×3-sized spaces.
    Rank,
    /// One 64-bit word, 4 bits a square, in hashed maps, on shapes up to 16 squares; one
    /// 128-bit word, 5 bits a square, up to 25.
    Packed,
}

impl EncodingKind {
    /// Every encoding, in the order listings show them.
    pub const ALL: [EncodingKind; 3] =
        [EncodingKind::Text, EncodingKind::Rank, EncodingKind::Packed];

    /// The name, second half of the solver id.
    pub const fn name(self) -> &'static str {
        match self {
            EncodingKind::Text => <Text>::NAME,
            EncodingKind::Rank => Rank::NAME,
            EncodingKind::Packed => <Packed>::NAME,
        }
    }
}
