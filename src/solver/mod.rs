//! Every solver behind one trait, and the registry that makes them from their ids.
//!
//! A solver id is `ALGORITHM/ENCODING`; each algorithm lives in its own module and is written
//! once, generic over [`Encoding`], so `bfs/text` and `bfs/rank` run the same code.

mod astar;
pub mod astar_h;
mod bfs;
mod bidir_shared;
mod bidir_split;
mod dial;
mod dijkstra;
pub mod idastar;
mod informed;
mod peers;
mod table;
mod wrapper;

use crate::board::{Board, Move, Puzzle, Topology};
use crate::budget::Budget;
use crate::encoding::{Encoding, Packed, Rank, Slot, StateMap, Text, DEFAULT_MAX_STATES};
use crate::error::{Error, ErrorKind, Result};
use crate::heuristic::{LinearConflict, Manhattan};
use crate::pdb::{Cache, PartitionKind, PatternDatabases};
use informed::{Informed, Method, PdbConfig, PeerInformed};
use std::path::PathBuf;
use std::time::Duration;
use wrapper::Wrapped;

/// What a search did, for the harness's tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// States taken off the queue and expanded (for a table query: states walked).
    pub expanded: u64,
    /// States held in visited sets and maps at the end of the query.
    pub stored: u64,
    /// Bytes the solver's own structures held at their peak during the query.
    pub peak_bytes: u64,
}

/// A solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The moves from the start to the goal; `None` when the goal cannot be reached.
    pub moves: Option<Vec<Move>>,
    /// Total cost of the moves under the puzzle's costs.
    pub cost: Option<u64>,
    /// Counters of the search.
    pub stats: Stats,
}

impl Solution {
    /// A solved answer; the cost is computed from the puzzle's move costs.
    pub fn solved(puzzle: &Puzzle, moves: Vec<Move>, stats: Stats) -> Solution {
        let cost = moves.iter().map(|&m| puzzle.costs().of(m) as u64).sum();
        Solution { moves: Some(moves), cost: Some(cost), stats }
    }

    /// The goal cannot be reached.
    pub fn unsolvable(stats: Stats) -> Solution {
        Solution { moves: None, cost: None, stats }
    }

    /// Whether the goal can be reached.
    pub fn is_solvable(&self) -> bool {
        self.moves.is_some()
    }

    /// The judge's answer: the move letters, or `unsolvable`.
    pub fn judge_line(&self) -> String {
        let mut line = Vec::with_capacity(self.moves.as_ref().map_or(10, Vec::len));
        self.write_judge_line(&mut line).expect("writing to a vector does not fail");
        String::from_utf8(line).expect("move letters are ASCII")
    }

    /// Writes [`Solution::judge_line`] to `out` without building a string first.
    pub fn write_judge_line(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        let Some(moves) = &self.moves else {
            return out.write_all(b"unsolvable");
        };
        for chunk in moves.chunks(64) {
            let mut letters = [0u8; 64];
            for (letter, m) in letters.iter_mut().zip(chunk) {
                *letter = m.letter() as u8;
            }
            out.write_all(&letters[..chunk.len()])?;
        }
        Ok(())
    }
}

/// A solver: one algorithm over one encoding.
pub trait Solver: Send + Sync {
    /// What the solver is.
    fn info(&self) -> &SolverInfo;

    /// Does the per-puzzle work that later queries share (a table's build) and returns how long
    /// it took, or `None` when there was nothing to build. Solving calls it when needed.
    fn prepare(&mut self, puzzle: &Puzzle) -> Result<Option<Duration>> {
        let _ = puzzle;
        Ok(None)
    }

    /// Finds moves from `start` to the puzzle's goal.
    ///
    /// ```
    /// use slidebench::{new_solver, Board, Costs, Puzzle, DEFAULT_MAX_STATES};
    ///
    /// // Dragon's Cruller (AOJ 1339): a 3×3 torus with costs per direction.
    /// let goal = Board::parse(slidebench::Shape::THREE_BY_THREE, "123456780")?;
    /// let puzzle = Puzzle::cruller(Costs { horizontal: 4, vertical: 9 }, goal)?;
    /// let start = Board::parse(puzzle.shape(), "123456708")?;
    /// let mut solver = new_solver("astar/rank", DEFAULT_MAX_STATES)?;
    /// let solution = solver.solve(&puzzle, &start)?;
    /// assert_eq!(solution.cost, Some(4));
    /// assert_eq!(solution.judge_line(), "r");
    /// # Ok::<(), slidebench::Error>(())
    /// ```
    fn solve(&mut self, puzzle: &Puzzle, start: &Board) -> Result<Solution>;

    /// [`Solver::solve`] within `budget`: a search that spends it stops promptly with an error
    /// of kind [`ErrorKind::Budget`] and the solver stays ready for
    /// the next query. Every registry solver checks the budget inside its search; a solver
    /// written outside the crate that does not override this runs to the end, and the harness
    /// then records it as over budget by its time.
    fn solve_within(
        &mut self,
        puzzle: &Puzzle,
        start: &Board,
        budget: &Budget,
    ) -> Result<Solution> {
        let _ = budget;
        self.solve(puzzle, start)
    }

    /// [`Solver::solve`] for each of `starts`, answers in the same order. A table solver walks
    /// several boards at once, so that their memory reads overlap instead of queueing one behind
    /// the other; every other solver answers one board after another.
    fn solve_many(&mut self, puzzle: &Puzzle, starts: &[Board]) -> Vec<Result<Solution>> {
        starts.iter().map(|start| self.solve(puzzle, start)).collect()
    }

    /// A solver of the same kind for another thread, sharing anything already built.
    fn fork(&self) -> Box<dyn Solver>;
}

/// Why the solver `info` cannot run on `puzzle` with `opts` until something is built first (the
/// 7-8 databases, which only `slidebench pdb build` makes), if it cannot.
pub fn not_built(info: &SolverInfo, puzzle: &Puzzle, opts: &SolverOptions) -> Option<String> {
    match info.algorithm_kind? {
        Algorithm::IdaStarPdb78 => {
            informed::tables_not_built(PartitionKind::SevenEight, puzzle, &opts.cache())
        }
        _ => None,
    }
}

impl SolverInfo {
    /// The information of a solver written outside the crate, named `ALGORITHM/ENCODING`; the
    /// harness treats it as an informed, non-table, non-peer search.
    pub fn custom(algorithm: &'static str, encoding: &'static str, weighted: bool) -> SolverInfo {
        SolverInfo {
            id: format!("{algorithm}/{encoding}"),
            algorithm,
            encoding,
            algorithm_kind: None,
            encoding_kind: None,
            weighted,
            table: false,
            peer: false,
            blind: false,
        }
    }
}

/// What a solver is and what it promises.
#[allow(clippy::struct_excessive_bools, reason = "independent flags the harness and tests read")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverInfo {
    /// `ALGORITHM/ENCODING`.
    pub id: String,
    /// The algorithm's name.
    pub algorithm: &'static str,
    /// The encoding's name.
    pub encoding: &'static str,
    /// The registry's algorithm, for exhaustive matches; `None` for a solver written outside
    /// the crate.
    pub algorithm_kind: Option<Algorithm>,
    /// The registry's encoding; `None` for a solver written outside the crate.
    pub encoding_kind: Option<EncodingKind>,
    /// Whether it handles moves of unequal cost.
    pub weighted: bool,
    /// Whether it builds a table once per puzzle and answers queries from it.
    pub table: bool,
    /// Whether it is an outside reference (the `pathfinding` crate).
    pub peer: bool,
    /// Whether it searches without a heuristic from the start alone, so a query may expand most
    /// of the space (the slow class that tests and benches size their samples for).
    pub blind: bool,
}

/// An algorithm the registry knows. Adding one is a variant here plus its module; the
/// exhaustive matches below say what else it must declare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// One forward breadth-first search per query.
    Bfs,
    /// Reverse search from the goal built once per puzzle.
    Table,
    /// Bidirectional BFS with one shared queue.
    BidirShared,
    /// Bidirectional BFS with two queues.
    BidirSplit,
    /// Dijkstra with a binary heap.
    Dijkstra,
    /// Dijkstra with a bucket queue.
    Dial,
    /// A* with a per-tile distance heuristic.
    AStar,
    /// The `pathfinding` crate's `bfs`.
    PathfindingBfs,
    /// The `pathfinding` crate's `bfs_bidirectional`.
    PathfindingBidir,
    /// The `pathfinding` crate's `dijkstra`.
    PathfindingDijkstra,
    /// IDA* with Manhattan distance.
    IdaStarMd,
    /// IDA* with linear conflict.
    IdaStarLc,
    /// A* with Manhattan distance over packed boards in a hash map.
    AStarMd,
    /// A* with linear conflict.
    AStarLc,
    /// The `pathfinding` crate's `idastar` with Manhattan distance.
    PathfindingIdaStar,
    /// The `pathfinding` crate's `astar` with Manhattan distance.
    PathfindingAStar,
    /// IDA* with additive pattern databases, 5-5-5 on 4×4.
    IdaStarPdb555,
    /// IDA* with additive pattern databases, 6-6-3 on 4×4.
    IdaStarPdb663,
    /// IDA* with additive pattern databases, 7-8 on 4×4 (built only by `pdb build`).
    IdaStarPdb78,
    /// A* with additive pattern databases, 6-6-3 on 4×4.
    AStarPdb663,
}

impl Algorithm {
    /// Every algorithm, in the order listings show them.
    pub const ALL: [Algorithm; 20] = [
        Algorithm::Bfs,
        Algorithm::Table,
        Algorithm::BidirShared,
        Algorithm::BidirSplit,
        Algorithm::Dijkstra,
        Algorithm::Dial,
        Algorithm::AStar,
        Algorithm::PathfindingBfs,
        Algorithm::PathfindingBidir,
        Algorithm::PathfindingDijkstra,
        Algorithm::IdaStarMd,
        Algorithm::IdaStarLc,
        Algorithm::AStarMd,
        Algorithm::AStarLc,
        Algorithm::PathfindingIdaStar,
        Algorithm::PathfindingAStar,
        Algorithm::IdaStarPdb555,
        Algorithm::IdaStarPdb663,
        Algorithm::IdaStarPdb78,
        Algorithm::AStarPdb663,
    ];

    /// The name, first half of the solver id.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Bfs => "bfs",
            Algorithm::Table => "table",
            Algorithm::BidirShared => "bidir-shared",
            Algorithm::BidirSplit => "bidir-split",
            Algorithm::Dijkstra => "dijkstra",
            Algorithm::Dial => "dial",
            Algorithm::AStar => "astar",
            Algorithm::PathfindingBfs => "pathfinding-bfs",
            Algorithm::PathfindingBidir => "pathfinding-bidir",
            Algorithm::PathfindingDijkstra => "pathfinding-dijkstra",
            Algorithm::IdaStarMd => "idastar-md",
            Algorithm::IdaStarLc => "idastar-lc",
            Algorithm::AStarMd => "astar-md",
            Algorithm::AStarLc => "astar-lc",
            Algorithm::PathfindingIdaStar => "pathfinding-idastar",
            Algorithm::PathfindingAStar => "pathfinding-astar",
            Algorithm::IdaStarPdb555 => "idastar-pdb555",
            Algorithm::IdaStarPdb663 => "idastar-pdb663",
            Algorithm::IdaStarPdb78 => "idastar-pdb78",
            Algorithm::AStarPdb663 => "astar-pdb663",
        }
    }

    /// One line for `slidebench solvers --long`.
    pub const fn summary(self) -> &'static str {
        match self {
            Algorithm::Bfs => "one forward breadth-first search per query",
            Algorithm::Table => {
                "reverse BFS (reverse Dijkstra when weighted) from the goal, built once; queries walk it"
            }
            Algorithm::BidirShared => "bidirectional BFS, one FIFO queue holding both sides' states",
            Algorithm::BidirSplit => {
                "bidirectional BFS, two queues, expanding the smaller frontier a layer at a time"
            }
            Algorithm::Dijkstra => "Dijkstra with a binary heap",
            Algorithm::Dial => "Dijkstra with a bucket queue (Dial's algorithm), for small integer costs",
            Algorithm::AStar => "A* with the sum of each tile's cheapest distance to its goal square",
            Algorithm::PathfindingBfs => "the pathfinding crate's bfs",
            Algorithm::PathfindingBidir => "the pathfinding crate's bfs_bidirectional",
            Algorithm::PathfindingDijkstra => "the pathfinding crate's dijkstra",
            Algorithm::IdaStarMd => "IDA* with Manhattan distance (wrapping on the torus)",
            Algorithm::IdaStarLc => {
                "IDA* with linear conflict: Manhattan distance plus 2 moves per tile that must leave its line"
            }
            Algorithm::AStarMd => "A* with Manhattan distance, bounded by --max-states",
            Algorithm::AStarLc => "A* with linear conflict, bounded by --max-states",
            Algorithm::PathfindingIdaStar => "the pathfinding crate's idastar with Manhattan distance",
            Algorithm::PathfindingAStar => "the pathfinding crate's astar with Manhattan distance",
            Algorithm::IdaStarPdb555 => {
                "IDA* with additive pattern databases, 5-5-5 on 4x4 (other shapes: the default partition)"
            }
            Algorithm::IdaStarPdb663 => {
                "IDA* with additive pattern databases, 6-6-3 on 4x4 (other shapes: the default partition)"
            }
            Algorithm::IdaStarPdb78 => {
                "IDA* with additive pattern databases, 7-8 on 4x4, built only by `pdb build --partition 78` (other shapes: the default partition)"
            }
            Algorithm::AStarPdb663 => {
                "A* (reopening states) with the 6-6-3 databases on 4x4, bounded by --max-states"
            }
        }
    }

    /// Whether it handles moves of unequal cost.
    pub const fn weighted(self) -> bool {
        match self {
            Algorithm::Table
            | Algorithm::Dijkstra
            | Algorithm::Dial
            | Algorithm::AStar
            | Algorithm::PathfindingDijkstra
            | Algorithm::AStarMd
            | Algorithm::AStarLc
            | Algorithm::PathfindingAStar => true,
            // IDA* re-searches once per distinct f bound: with costs 3 and 97 on the 3×3 torus
            // one board took it 12.9·10⁹ nodes (38 s) where A* expanded 270,042 (0.04 s), so
            // the IDA* solvers take unit costs only. Pattern databases are built for unit costs.
            Algorithm::Bfs
            | Algorithm::BidirShared
            | Algorithm::BidirSplit
            | Algorithm::PathfindingBfs
            | Algorithm::PathfindingBidir
            | Algorithm::IdaStarMd
            | Algorithm::IdaStarLc
            | Algorithm::PathfindingIdaStar
            | Algorithm::IdaStarPdb555
            | Algorithm::IdaStarPdb663
            | Algorithm::IdaStarPdb78
            | Algorithm::AStarPdb663 => false,
        }
    }

    /// Whether it builds a table once per puzzle.
    pub const fn table(self) -> bool {
        match self {
            Algorithm::Table => true,
            Algorithm::Bfs
            | Algorithm::BidirShared
            | Algorithm::BidirSplit
            | Algorithm::Dijkstra
            | Algorithm::Dial
            | Algorithm::AStar
            | Algorithm::PathfindingBfs
            | Algorithm::PathfindingBidir
            | Algorithm::PathfindingDijkstra
            | Algorithm::IdaStarMd
            | Algorithm::IdaStarLc
            | Algorithm::AStarMd
            | Algorithm::AStarLc
            | Algorithm::PathfindingIdaStar
            | Algorithm::PathfindingAStar
            | Algorithm::IdaStarPdb555
            | Algorithm::IdaStarPdb663
            | Algorithm::IdaStarPdb78
            | Algorithm::AStarPdb663 => false,
        }
    }

    /// Whether it comes from the `pathfinding` crate.
    pub const fn peer(self) -> bool {
        match self {
            Algorithm::PathfindingBfs
            | Algorithm::PathfindingBidir
            | Algorithm::PathfindingDijkstra
            | Algorithm::PathfindingIdaStar
            | Algorithm::PathfindingAStar => true,
            Algorithm::Bfs
            | Algorithm::Table
            | Algorithm::BidirShared
            | Algorithm::BidirSplit
            | Algorithm::Dijkstra
            | Algorithm::Dial
            | Algorithm::AStar
            | Algorithm::IdaStarMd
            | Algorithm::IdaStarLc
            | Algorithm::AStarMd
            | Algorithm::AStarLc
            | Algorithm::IdaStarPdb555
            | Algorithm::IdaStarPdb663
            | Algorithm::IdaStarPdb78
            | Algorithm::AStarPdb663 => false,
        }
    }

    /// Whether a query searches from the start alone without a heuristic, expanding every state
    /// closer than the goal (bidirectional searches and A* expand far fewer; a table walks).
    pub const fn blind(self) -> bool {
        match self {
            Algorithm::Bfs
            | Algorithm::Dijkstra
            | Algorithm::Dial
            | Algorithm::PathfindingBfs
            | Algorithm::PathfindingDijkstra => true,
            Algorithm::Table
            | Algorithm::BidirShared
            | Algorithm::BidirSplit
            | Algorithm::AStar
            | Algorithm::PathfindingBidir
            | Algorithm::IdaStarMd
            | Algorithm::IdaStarLc
            | Algorithm::AStarMd
            | Algorithm::AStarLc
            | Algorithm::PathfindingIdaStar
            | Algorithm::PathfindingAStar
            | Algorithm::IdaStarPdb555
            | Algorithm::IdaStarPdb663
            | Algorithm::IdaStarPdb78
            | Algorithm::AStarPdb663 => false,
        }
    }

    /// Whether it builds a heuristic once per puzzle in `prepare` (whose time `prepare`
    /// returns, as a table's build).
    pub const fn builds_heuristic(self) -> bool {
        match self {
            Algorithm::IdaStarMd
            | Algorithm::IdaStarLc
            | Algorithm::AStarMd
            | Algorithm::AStarLc
            | Algorithm::IdaStarPdb555
            | Algorithm::IdaStarPdb663
            | Algorithm::IdaStarPdb78
            | Algorithm::AStarPdb663 => true,
            Algorithm::Bfs
            | Algorithm::Table
            | Algorithm::BidirShared
            | Algorithm::BidirSplit
            | Algorithm::Dijkstra
            | Algorithm::Dial
            | Algorithm::AStar
            | Algorithm::PathfindingBfs
            | Algorithm::PathfindingBidir
            | Algorithm::PathfindingDijkstra
            | Algorithm::PathfindingIdaStar
            | Algorithm::PathfindingAStar => false,
        }
    }

    /// The encodings it runs over: the searches written for every encoding take all three;
    /// the heuristic searches work on packed words only.
    pub const fn encodings(self) -> &'static [EncodingKind] {
        match self {
            Algorithm::Bfs
            | Algorithm::Table
            | Algorithm::BidirShared
            | Algorithm::BidirSplit
            | Algorithm::Dijkstra
            | Algorithm::Dial
            | Algorithm::AStar
            | Algorithm::PathfindingBfs
            | Algorithm::PathfindingBidir
            | Algorithm::PathfindingDijkstra => &EncodingKind::ALL,
            Algorithm::IdaStarMd
            | Algorithm::IdaStarLc
            | Algorithm::AStarMd
            | Algorithm::AStarLc
            | Algorithm::PathfindingIdaStar
            | Algorithm::PathfindingAStar
            | Algorithm::IdaStarPdb555
            | Algorithm::IdaStarPdb663
            | Algorithm::IdaStarPdb78
            | Algorithm::AStarPdb663 => &[EncodingKind::Packed],
        }
    }

    /// The topologies it accepts: linear conflict needs lines that do not wrap, so it refuses
    /// the torus; everything else takes both.
    pub const fn topologies(self) -> &'static [Topology] {
        match self {
            Algorithm::IdaStarLc | Algorithm::AStarLc => &[Topology::Grid],
            Algorithm::Bfs
            | Algorithm::Table
            | Algorithm::BidirShared
            | Algorithm::BidirSplit
            | Algorithm::Dijkstra
            | Algorithm::Dial
            | Algorithm::AStar
            | Algorithm::PathfindingBfs
            | Algorithm::PathfindingBidir
            | Algorithm::PathfindingDijkstra
            | Algorithm::IdaStarMd
            | Algorithm::AStarMd
            | Algorithm::PathfindingIdaStar
            | Algorithm::PathfindingAStar
            | Algorithm::IdaStarPdb555
            | Algorithm::IdaStarPdb663
            | Algorithm::IdaStarPdb78
            | Algorithm::AStarPdb663 => &[Topology::Grid, Topology::Torus],
        }
    }

    /// The memory it needs, for `slidebench solvers --long`.
    pub const fn memory(self) -> &'static str {
        match self {
            Algorithm::Bfs
            | Algorithm::Dijkstra
            | Algorithm::Dial
            | Algorithm::PathfindingBfs
            | Algorithm::PathfindingDijkstra => {
                "every state closer than the goal, up to the whole space (bounded by --max-states)"
            }
            Algorithm::Table => "one entry per arrangement of the space, n! (bounded by --max-states)",
            Algorithm::BidirShared | Algorithm::BidirSplit | Algorithm::PathfindingBidir => {
                "two frontiers to half the distance each (bounded by --max-states)"
            }
            Algorithm::AStar
            | Algorithm::AStarMd
            | Algorithm::AStarLc
            | Algorithm::PathfindingAStar => {
                "every state generated, 16+ bytes each (bounded by --max-states per search)"
            }
            Algorithm::IdaStarMd | Algorithm::PathfindingIdaStar => {
                "the current path only; ignores --max-states"
            }
            Algorithm::IdaStarLc => {
                "the current path, and 2 x 64K line tables on 4-wide boards; ignores --max-states"
            }
            Algorithm::IdaStarPdb555 => {
                "PDB 5-5-5 on 4x4: 1.6 MB tables, ~13 MB to build; the path only, ignores --max-states"
            }
            Algorithm::IdaStarPdb663 => {
                "PDB 6-6-3 on 4x4: 11.5 MB tables, ~95 MB to build; the path only, ignores --max-states"
            }
            Algorithm::IdaStarPdb78 => {
                "PDB 7-8 on 4x4: 576.6 MB tables, ~1.6 GB to build; the path only, ignores --max-states"
            }
            Algorithm::AStarPdb663 => {
                "PDB 6-6-3 on 4x4: 11.5 MB tables, ~95 MB to build; plus every state generated (bounded by --max-states)"
            }
        }
    }

    /// The algorithm named `name`.
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }

    const fn describe(self) -> AlgorithmInfo {
        AlgorithmInfo {
            name: self.name(),
            weighted: self.weighted(),
            table: self.table(),
            peer: self.peer(),
            blind: self.blind(),
            summary: self.summary(),
            encodings: self.encodings(),
            topologies: self.topologies(),
            memory: self.memory(),
        }
    }
}

/// A state encoding the registry knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EncodingKind {
    /// Boards as bytes in hashed maps; any shape.
    Text,
    /// Lehmer ranks indexing flat arrays; up to 3×3-sized spaces.
    Rank,
    /// One 64-bit word, 4 bits a square, in hashed maps; any shape up to 16 squares.
    Packed,
}

impl EncodingKind {
    /// Every encoding, in the order listings show them.
    pub const ALL: [EncodingKind; 3] =
        [EncodingKind::Text, EncodingKind::Rank, EncodingKind::Packed];

    /// The name, second half of the solver id.
    pub const fn name(self) -> &'static str {
        match self {
            EncodingKind::Text => Text::NAME,
            EncodingKind::Rank => Rank::NAME,
            EncodingKind::Packed => Packed::NAME,
        }
    }
}

/// An algorithm's flags and summary as plain data, for listings.
#[allow(clippy::struct_excessive_bools, reason = "independent flags the listings read")]
#[derive(Clone, Copy, Debug)]
pub struct AlgorithmInfo {
    /// The name, first half of the solver id.
    pub name: &'static str,
    /// Whether it handles moves of unequal cost.
    pub weighted: bool,
    /// Whether it builds a table.
    pub table: bool,
    /// Whether it comes from the `pathfinding` crate.
    pub peer: bool,
    /// Whether it searches without a heuristic (see [`Algorithm::blind`]).
    pub blind: bool,
    /// One line for `slidebench solvers --long`.
    pub summary: &'static str,
    /// The encodings it runs over ([`Algorithm::encodings`]).
    pub encodings: &'static [EncodingKind],
    /// The topologies it accepts ([`Algorithm::topologies`]).
    pub topologies: &'static [Topology],
    /// The memory it needs ([`Algorithm::memory`]).
    pub memory: &'static str,
}

/// Every algorithm's flags and summary, in the order listings show them.
pub const ALGORITHMS: &[AlgorithmInfo] = &[
    Algorithm::Bfs.describe(),
    Algorithm::Table.describe(),
    Algorithm::BidirShared.describe(),
    Algorithm::BidirSplit.describe(),
    Algorithm::Dijkstra.describe(),
    Algorithm::Dial.describe(),
    Algorithm::AStar.describe(),
    Algorithm::PathfindingBfs.describe(),
    Algorithm::PathfindingBidir.describe(),
    Algorithm::PathfindingDijkstra.describe(),
    Algorithm::IdaStarMd.describe(),
    Algorithm::IdaStarLc.describe(),
    Algorithm::AStarMd.describe(),
    Algorithm::AStarLc.describe(),
    Algorithm::PathfindingIdaStar.describe(),
    Algorithm::PathfindingAStar.describe(),
    Algorithm::IdaStarPdb555.describe(),
    Algorithm::IdaStarPdb663.describe(),
    Algorithm::IdaStarPdb78.describe(),
    Algorithm::AStarPdb663.describe(),
];

/// Every encoding's name.
pub const ENCODINGS: &[&str] =
    &[EncodingKind::Text.name(), EncodingKind::Rank.name(), EncodingKind::Packed.name()];

/// Every solver, algorithm-major.
pub fn all_solvers() -> Vec<SolverInfo> {
    Algorithm::ALL
        .into_iter()
        .flat_map(|a| a.encodings().iter().map(move |&e| info_for(a, e)))
        .collect()
}

fn info_for(a: Algorithm, e: EncodingKind) -> SolverInfo {
    SolverInfo {
        id: format!("{}/{}", a.name(), e.name()),
        algorithm: a.name(),
        encoding: e.name(),
        algorithm_kind: Some(a),
        encoding_kind: Some(e),
        weighted: a.weighted(),
        table: a.table(),
        peer: a.peer(),
        blind: a.blind(),
    }
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
    Some(info_for(a, e))
}

/// How to make a solver: its state bound and where pattern databases are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverOptions {
    /// Most states a search or table holds (IDA* stores none and ignores it).
    pub max_states: u64,
    /// The pattern database cache directory; `None` means the default one
    /// ([`Cache::default_dir`]).
    pub pdb_dir: Option<PathBuf>,
    /// Whether pattern databases are loaded from and saved to the cache; `false` builds them
    /// every time and writes nothing (tests, one-off runs).
    pub pdb_cache: bool,
}

impl Default for SolverOptions {
    fn default() -> Self {
        SolverOptions { max_states: DEFAULT_MAX_STATES, pdb_dir: None, pdb_cache: true }
    }
}

impl SolverOptions {
    /// The default options with the state bound `max_states`.
    pub fn with_max_states(max_states: u64) -> Self {
        SolverOptions { max_states, ..SolverOptions::default() }
    }

    /// The pattern database cache these options name.
    pub fn cache(&self) -> Cache {
        if self.pdb_cache {
            Cache::new(self.pdb_dir.as_deref())
        } else {
            Cache::disabled()
        }
    }
}

/// Makes the solver named `id`; searches and tables refuse to hold more than `max_states`.
/// Pattern databases use the default cache directory ([`new_solver_with`] names another).
///
/// ```
/// use slidebench::{new_solver, DEFAULT_MAX_STATES};
///
/// let solver = new_solver("bfs/rank", DEFAULT_MAX_STATES)?;
/// assert!(solver.info().blind && !solver.info().weighted);
/// assert!(new_solver("bfs/utf8", DEFAULT_MAX_STATES).is_err());
/// # Ok::<(), slidebench::Error>(())
/// ```
pub fn new_solver(id: &str, max_states: u64) -> Result<Box<dyn Solver>> {
    new_solver_with(id, &SolverOptions::with_max_states(max_states))
}

/// Makes the solver named `id` with `opts`.
///
/// ```
/// use slidebench::solver::{new_solver_with, SolverOptions};
/// use slidebench::{Board, Puzzle};
///
/// let opts = SolverOptions { pdb_cache: false, ..SolverOptions::default() };
/// let mut solver = new_solver_with("idastar-pdb663/packed", &opts)?;
/// let puzzle = Puzzle::eight(); // 3×3: the default partition, 4-4
/// let start = Board::parse(puzzle.shape(), "2 3 4 1 5 x 7 6 8")?;
/// assert_eq!(solver.solve(&puzzle, &start)?.moves.map(|m| m.len()), Some(19));
/// # Ok::<(), slidebench::Error>(())
/// ```
pub fn new_solver_with(id: &str, opts: &SolverOptions) -> Result<Box<dyn Solver>> {
    let info = solver_info(id).ok_or_else(|| {
        Error::new(ErrorKind::Parse, format!("unknown solver `{id}` (see `slidebench solvers`)"))
    })?;
    let (Some(algorithm), Some(encoding)) = (info.algorithm_kind, info.encoding_kind) else {
        unreachable!("the registry's solvers have both kinds")
    };
    Ok(match encoding {
        EncodingKind::Text => make::<Text>(algorithm, info, opts),
        EncodingKind::Rank => make::<Rank>(algorithm, info, opts),
        EncodingKind::Packed => make::<Packed>(algorithm, info, opts),
    })
}

/// The solver `solve` uses on `puzzle` when none is named: the table over ranks where the
/// whole space fits under `max_states` (n! ≤ `max_states`); else IDA* over packed boards with
/// the best heuristic the puzzle takes: the 6-6-3 pattern databases on a 4×4 grid, linear
/// conflict on other grids, Manhattan distance on tori (linear conflict refuses them). With
/// weighted costs, where IDA* refuses (see [`Algorithm::weighted`]), A* with the same
/// heuristics (linear conflict on grids, Manhattan distance on tori).
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
        Topology::Grid => "idastar-lc/packed",
        Topology::Torus => "idastar-md/packed",
    }
}

impl SolverInfo {
    /// Whether the solver takes `puzzle`: its costs (unit-only solvers refuse weights) and its
    /// topology (linear conflict refuses the torus). Solvers written outside the crate are
    /// taken to accept both topologies.
    pub fn accepts(&self, puzzle: &Puzzle) -> bool {
        let topology_ok =
            self.algorithm_kind.is_none_or(|a| a.topologies().contains(&puzzle.topology()));
        topology_ok && (self.weighted || puzzle.costs().is_unit())
    }
}

fn make<E: Encoding>(
    algorithm: Algorithm,
    info: SolverInfo,
    opts: &SolverOptions,
) -> Box<dyn Solver>
where
    E::State: 'static,
{
    let max_states = opts.max_states;
    let pdb = |kind| PdbConfig { kind, cache: opts.cache() };
    match algorithm {
        Algorithm::Bfs => Box::new(Wrapped::new(info, max_states, bfs::Bfs::<E>::new())),
        Algorithm::Table => Box::new(Wrapped::new(info, max_states, table::Table::<E>::new())),
        Algorithm::BidirShared => {
            Box::new(Wrapped::new(info, max_states, bidir_shared::BidirShared::<E>::new()))
        }
        Algorithm::BidirSplit => {
            Box::new(Wrapped::new(info, max_states, bidir_split::BidirSplit::<E>::new()))
        }
        Algorithm::Dijkstra => {
            Box::new(Wrapped::new(info, max_states, dijkstra::Dijkstra::<E>::new()))
        }
        Algorithm::Dial => Box::new(Wrapped::new(info, max_states, dial::Dial::<E>::new())),
        Algorithm::AStar => Box::new(Wrapped::new(info, max_states, astar::AStar::<E>::new())),
        Algorithm::PathfindingBfs => {
            Box::new(Wrapped::new(info, max_states, peers::Peer::<E>::new(peers::Kind::Bfs)))
        }
        Algorithm::PathfindingBidir => Box::new(Wrapped::new(
            info,
            max_states,
            peers::Peer::<E>::new(peers::Kind::Bidirectional),
        )),
        Algorithm::PathfindingDijkstra => {
            Box::new(Wrapped::new(info, max_states, peers::Peer::<E>::new(peers::Kind::Dijkstra)))
        }
        // The heuristic searches work on packed words whatever `E` is; the registry offers
        // them over `packed` only.
        Algorithm::IdaStarMd => Box::new(Wrapped::new(
            info,
            max_states,
            Informed::<Manhattan>::new(Method::IdaStar, ()),
        )),
        Algorithm::IdaStarLc => Box::new(Wrapped::new(
            info,
            max_states,
            Informed::<LinearConflict>::new(Method::IdaStar, ()),
        )),
        Algorithm::AStarMd => {
            Box::new(Wrapped::new(info, max_states, Informed::<Manhattan>::new(Method::AStar, ())))
        }
        Algorithm::AStarLc => Box::new(Wrapped::new(
            info,
            max_states,
            Informed::<LinearConflict>::new(Method::AStar, ()),
        )),
        Algorithm::PathfindingIdaStar => {
            Box::new(Wrapped::new(info, max_states, PeerInformed::new(Method::IdaStar)))
        }
        Algorithm::PathfindingAStar => {
            Box::new(Wrapped::new(info, max_states, PeerInformed::new(Method::AStar)))
        }
        Algorithm::IdaStarPdb555 => Box::new(Wrapped::new(
            info,
            max_states,
            Informed::<PatternDatabases>::new(Method::IdaStar, pdb(PartitionKind::FiveFiveFive)),
        )),
        Algorithm::IdaStarPdb663 => Box::new(Wrapped::new(
            info,
            max_states,
            Informed::<PatternDatabases>::new(Method::IdaStar, pdb(PartitionKind::SixSixThree)),
        )),
        Algorithm::IdaStarPdb78 => Box::new(Wrapped::new(
            info,
            max_states,
            Informed::<PatternDatabases>::new(Method::IdaStar, pdb(PartitionKind::SevenEight)),
        )),
        Algorithm::AStarPdb663 => Box::new(Wrapped::new(
            info,
            max_states,
            Informed::<PatternDatabases>::new(Method::AStar, pdb(PartitionKind::SixSixThree)),
        )),
    }
}

/// The checks every solver makes before searching; answers trivial cases without a search.
pub(crate) fn precheck(
    info: &SolverInfo,
    puzzle: &Puzzle,
    start: &Board,
) -> Result<Option<Solution>> {
    if start.shape() != puzzle.shape() {
        return Err(Error::new(
            ErrorKind::Parse,
            format!("a {} board given to a {} puzzle", start.shape(), puzzle.shape()),
        ));
    }
    if let Some(a) = info.algorithm_kind.filter(|a| !a.topologies().contains(&puzzle.topology())) {
        return Err(Error::new(
            ErrorKind::Unsupported,
            format!(
                "{} does not work on the {}: {} takes only the {}",
                info.id,
                puzzle.topology(),
                a.name(),
                a.topologies().iter().map(ToString::to_string).collect::<Vec<_>>().join(" and ")
            ),
        ));
    }
    if !info.weighted && !puzzle.costs().is_unit() {
        return Err(Error::new(
            ErrorKind::Unsupported,
            format!("{} finds fewest moves, not cheapest: it needs unit move costs", info.id),
        ));
    }
    if start == puzzle.goal() {
        return Ok(Some(Solution::solved(puzzle, Vec::new(), Stats::default())));
    }
    if puzzle.known_solvable(start) == Some(false) {
        return Ok(Some(Solution::unsolvable(Stats::default())));
    }
    Ok(None)
}

/// Whether two puzzles share shape and topology, so one encoding serves both.
pub(crate) fn same_space(a: &Puzzle, b: &Puzzle) -> bool {
    a.shape() == b.shape() && a.topology() == b.topology()
}

/// The error for a search that outgrew its bound.
pub(crate) fn too_many_states(max_states: u64) -> Error {
    Error::new(
        ErrorKind::TooLarge,
        format!(
            "the search stored more than {} states and stopped (raise the bound with --max-states)",
            crate::units::group_digits(max_states)
        ),
    )
}

/// The move that led into a state, or the root mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step(u8);

impl Step {
    pub(crate) const ROOT: Step = Step(4);
    pub(crate) fn of(mv: Move) -> Step {
        Step(mv as u8)
    }
    pub(crate) fn mv(self) -> Option<Move> {
        (self.0 < 4).then(|| Move::from_index(self.0))
    }
}

impl Slot for Step {
    const EMPTY: Step = Step(0xff);
    fn is_empty(&self) -> bool {
        self.0 == 0xff
    }
}

/// The move that led into a state and the state's depth, for searches that need both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Link {
    pub(crate) step: Step,
    pub(crate) depth: u16,
}

impl Slot for Link {
    const EMPTY: Link = Link { step: Step::EMPTY, depth: 0 };
    fn is_empty(&self) -> bool {
        self.step.is_empty()
    }
}

/// Best known distance and the move that achieved it, for Dijkstra-like searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dist {
    pub(crate) dist: u32,
    pub(crate) step: Step,
}

impl Slot for Dist {
    const EMPTY: Dist = Dist { dist: u32::MAX, step: Step::EMPTY };
    fn is_empty(&self) -> bool {
        self.dist == u32::MAX
    }
}

/// The moves from `state` back to its search's root, found by walking the recorded moves: each
/// state stores the move that reached it, so its opposite leads one step back. For a search that
/// started at the goal these are the moves from `state` to the goal. Allocates only the answer.
pub(crate) fn path_from<E: Encoding, V: Slot>(
    enc: &E,
    map: &E::Map<V>,
    state: &E::State,
    step_of: impl Fn(V) -> Step,
) -> Vec<Move> {
    // Room for every 8-puzzle answer (at most 31 moves) in one allocation.
    let mut moves = Vec::with_capacity(32);
    let mut s = state.clone();
    while let Some(mv) = map.get(&s).and_then(|v| step_of(v).mv()) {
        let back = mv.opposite();
        moves.push(back);
        s = enc.apply(&s, back).expect("recorded moves can be undone");
    }
    moves
}

/// The moves from the search's root to `state`: [`path_from`] reversed and undone.
pub(crate) fn path_to<E: Encoding, V: Slot>(
    enc: &E,
    map: &E::Map<V>,
    state: &E::State,
    step_of: impl Fn(V) -> Step,
) -> Vec<Move> {
    let mut moves = path_from(enc, map, state, step_of);
    moves.reverse();
    for m in &mut moves {
        *m = m.opposite();
    }
    moves
}

/// Expands `state` (at `depth`) for side `side` of a bidirectional search: stores new states on
/// that side, hands them to `push`, and records any meeting with the other side that beats
/// `best` as (path length, meeting state).
pub(crate) fn expand_side<E: Encoding>(
    enc: &E,
    sides: &mut [E::Map<Link>; 2],
    side: usize,
    state: &E::State,
    depth: u32,
    best: &mut Option<(u32, E::State)>,
    mut push: impl FnMut(E::State),
) {
    let (first, second) = sides.split_at_mut(1);
    let (own, other) =
        if side == 0 { (&mut first[0], &second[0]) } else { (&mut second[0], &first[0]) };
    // The parent is on this side already: skip it (a meeting there was recorded before).
    let back = own.get(state).and_then(|l| l.step.mv()).map(Move::opposite);
    enc.successors_except(state, back, |mv, next| {
        let (mine, new) = if let Some(l) = own.get(&next) {
            (l.depth as u32, false)
        } else {
            own.insert(&next, Link { step: Step::of(mv), depth: (depth + 1) as u16 });
            (depth + 1, true)
        };
        if let Some(o) = other.get(&next) {
            let len = mine + o.depth as u32;
            if best.as_ref().is_none_or(|(b, _)| len < *b) {
                *best = Some((len, next.clone()));
            }
        }
        if new {
            push(next);
        }
    });
}

/// The answer of a bidirectional search: the forward side's path to the meeting state, then
/// the backward side's path from it to the goal.
pub(crate) fn join_meeting<E: Encoding>(
    enc: &E,
    puzzle: &Puzzle,
    sides: &[E::Map<Link>; 2],
    best: Option<(u32, E::State)>,
    stats: Stats,
) -> Solution {
    let Some((_, meet)) = best else {
        return Solution::unsolvable(stats);
    };
    let mut moves = path_to(enc, &sides[0], &meet, |l: Link| l.step);
    moves.extend(path_from(enc, &sides[1], &meet, |l: Link| l.step));
    Solution::solved(puzzle, moves, stats)
}

#[cfg(test)]
mod tests;
