//! The registry: what an algorithm declares ([`AlgorithmSpec`], one row of
//! [`ALGORITHMS`](super::ALGORITHMS)), and the questions every caller asks of the rows (which
//! solver ids exist, what each is, which one to use by default).
//!
//! Every answer here is read from the rows, so adding an algorithm is its module and its row;
//! nothing in this file changes.

use super::algorithms::ALGORITHMS;
use super::api::{Counts, Solver, SolverInfo};
use super::factory::SolverOptions;
use crate::board::{Puzzle, Topology};
use crate::encoding::{Encoding, Packed, Rank, Text};
use std::fmt;

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

/// Makes the solver `info` names over `encoding` (one of the row's encodings) with `opts`.
pub type Constructor = fn(EncodingKind, SolverInfo, &SolverOptions) -> Box<dyn Solver>;

/// One algorithm as data: a row of [`ALGORITHMS`](super::ALGORITHMS).
#[derive(Clone, Copy)]
pub struct AlgorithmSpec {
    /// The name, first half of the solver id.
    pub name: &'static str,
    /// What kind of search it is.
    pub family: Family,
    /// What guides it.
    pub guide: Guide,
    /// One line for `slidebench solvers --long`.
    pub summary: &'static str,
    /// Whether it handles moves of unequal cost.
    pub weighted: bool,
    /// Whether it comes from the `pathfinding` crate (an outside reference).
    pub peer: bool,
    /// Which counters of its answers' stats it fills in (the rest are not measured).
    pub counts: Counts,
    /// Whether it builds a heuristic once per puzzle in `prepare` (whose time `prepare` returns,
    /// as a table's build).
    pub builds_heuristic: bool,
    /// The encodings it runs over, in the order listings show them.
    pub encodings: &'static [EncodingKind],
    /// The topologies it accepts.
    pub topologies: &'static [Topology],
    /// The memory it needs, for `slidebench solvers --long`.
    pub memory: &'static str,
    /// Why it cannot run on a puzzle until something is built on request, if it cannot (the
    /// 7-8 databases, which only `slidebench pdb build` makes); `None` for the rows that build
    /// what they need themselves.
    pub needs_build: Option<fn(&Puzzle, &SolverOptions) -> Option<String>>,
    /// The pattern databases' partition, for the rows guided by them (which boards they
    /// serve: [`crate::pdb::too_large`]).
    pub partition: Option<crate::pdb::PartitionKind>,
    /// Makes it.
    pub make: Constructor,
}

impl AlgorithmSpec {
    /// Whether it builds a table once per puzzle.
    pub const fn table(&self) -> bool {
        matches!(self.family, Family::Table)
    }

    /// Whether a query searches from the start alone without a heuristic (see
    /// [`Family::Blind`]).
    pub const fn blind(&self) -> bool {
        matches!(self.family, Family::Blind)
    }
}

impl fmt::Debug for AlgorithmSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AlgorithmSpec")
            .field("name", &self.name)
            .field("family", &self.family)
            .field("weighted", &self.weighted)
            .field("encodings", &self.encodings)
            .field("topologies", &self.topologies)
            .finish_non_exhaustive()
    }
}

/// An algorithm the registry knows: a handle on its row, compared by name.
#[derive(Clone, Copy)]
pub struct Algorithm(&'static AlgorithmSpec);

impl Algorithm {
    /// Every algorithm, in the order listings show them.
    pub fn all() -> impl Iterator<Item = Algorithm> {
        ALGORITHMS.iter().map(Algorithm)
    }

    /// The algorithm named `name`.
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::all().find(|a| a.name() == name)
    }

    /// The algorithm of a row outside [`ALGORITHMS`](super::ALGORITHMS) (the test that shows
    /// how a row is added).
    #[cfg(test)]
    pub(crate) const fn of(spec: &'static AlgorithmSpec) -> Algorithm {
        Algorithm(spec)
    }

    /// Its row.
    pub const fn spec(self) -> &'static AlgorithmSpec {
        self.0
    }

    /// The name, first half of the solver id.
    pub const fn name(self) -> &'static str {
        self.0.name
    }

    /// One line for `slidebench solvers --long`.
    pub const fn summary(self) -> &'static str {
        self.0.summary
    }

    /// Whether it handles moves of unequal cost.
    pub const fn weighted(self) -> bool {
        self.0.weighted
    }

    /// Whether it builds a table once per puzzle.
    pub const fn table(self) -> bool {
        self.0.table()
    }

    /// The encodings it runs over.
    pub const fn encodings(self) -> &'static [EncodingKind] {
        self.0.encodings
    }

    /// The topologies it accepts.
    pub const fn topologies(self) -> &'static [Topology] {
        self.0.topologies
    }

    /// The memory it needs, for `slidebench solvers --long`.
    pub const fn memory(self) -> &'static str {
        self.0.memory
    }

    /// Whether it builds a heuristic once per puzzle (see [`AlgorithmSpec::builds_heuristic`]).
    pub const fn builds_heuristic(self) -> bool {
        self.0.builds_heuristic
    }

    /// The information of its solver over `encoding`.
    pub(crate) fn info(self, encoding: EncodingKind) -> SolverInfo {
        let spec = self.0;
        SolverInfo {
            id: format!("{}/{}", spec.name, encoding.name()),
            algorithm: spec.name,
            encoding: encoding.name(),
            algorithm_kind: Some(self),
            encoding_kind: Some(encoding),
            weighted: spec.weighted,
            table: spec.table(),
            peer: spec.peer,
            blind: spec.blind(),
            counts: spec.counts,
        }
    }
}

impl PartialEq for Algorithm {
    fn eq(&self, other: &Algorithm) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Algorithm {}

impl std::hash::Hash for Algorithm {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl fmt::Debug for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Algorithm({})", self.name())
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

/// Every solver, algorithm-major.
pub fn all_solvers() -> Vec<SolverInfo> {
    Algorithm::all().flat_map(|a| a.encodings().iter().map(move |&e| a.info(e))).collect()
}

/// The solver the `solve` command uses when none is named: the fastest on the 8-puzzle.
pub const DEFAULT_SOLVER: &str = "table/rank";
/// The solver the `cruller` command uses when none is named: the fastest for weighted moves.
pub const DEFAULT_WEIGHTED_SOLVER: &str = "astar/rank";

/// The information of a solver id, if it names one.
pub fn solver_info(id: &str) -> Option<SolverInfo> {
    let (a, e) = id.split_once('/')?;
    let a = Algorithm::from_name(a)?;
    let e = a.encodings().iter().copied().find(|k| k.name() == e)?;
    Some(a.info(e))
}

/// The solver `solve` uses on `puzzle` when none is named: the table over ranks where the
/// whole space fits under `max_states` (n! ≤ `max_states`); else IDA* over packed boards with
/// the best heuristic the puzzle takes: the 6-6-3 pattern databases on a 4×4 grid, linear
/// conflict on other grids, Manhattan distance on tori (linear conflict refuses them). With
/// weighted costs, where IDA* refuses (see the `idastar-md` row), A* with the same heuristics
/// (linear conflict on grids, Manhattan distance on tori).
///
/// ```
/// use slidebench::solver::default_solver_for;
/// use slidebench::{Board, Costs, Puzzle, Shape, Topology, DEFAULT_MAX_STATES};
///
/// assert_eq!(default_solver_for(&Puzzle::eight(), DEFAULT_MAX_STATES), "table/rank");
/// let s = Shape::new(4, 4)?;
/// let fifteen = Puzzle::new(s, Topology::Grid, Costs::UNIT, Board::solved(s))?;
/// assert_eq!(default_solver_for(&fifteen, DEFAULT_MAX_STATES), "idastar-pdb663/packed");
/// # Ok::<(), slidebench::Error>(())
/// ```
pub fn default_solver_for(puzzle: &Puzzle, max_states: u64) -> &'static str {
    let shape = puzzle.shape();
    if puzzle.arrangements() <= max_states {
        return DEFAULT_SOLVER;
    }
    let unit = puzzle.costs().is_unit();
    match puzzle.topology() {
        Topology::Grid if !unit => "astar-lc/packed",
        Topology::Torus if !unit => "astar-md/packed",
        Topology::Grid if shape.width() == 4 && shape.height() == 4 => "idastar-pdb663/packed",
        Topology::Grid if shape.width() == 5 && shape.height() == 5 => "idastar-pdb6666/packed",
        Topology::Grid => "idastar-lc/packed",
        Topology::Torus => "idastar-md/packed",
    }
}

/// Why the solver `info` cannot run on `puzzle` with `opts` until something is built first, if
/// it cannot (its row's [`AlgorithmSpec::needs_build`]).
pub fn not_built(info: &SolverInfo, puzzle: &Puzzle, opts: &SolverOptions) -> Option<String> {
    info.algorithm_kind?.spec().needs_build.and_then(|why| why(puzzle, opts))
}
