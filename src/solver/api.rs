//! The contract every solver keeps: the [`Solver`] trait, what it answers ([`Solution`],
//! [`Stats`]) and what it says about itself ([`SolverInfo`]), and what an algorithm declares
//! ([`AlgorithmSpec`], one row of [`ALGORITHMS`](super::ALGORITHMS), and the [`Algorithm`]
//! handle on it). The row makes solvers and a solver's information names its row, so the two
//! live in one module; the questions that read every row are in `registry`.

use super::kinds::{EncodingKind, Family, Guide};
use super::options::SolverOptions;
use crate::board::{Board, Move, Puzzle, Topology};
use crate::budget::Budget;
use crate::error::Result;
use std::fmt;
use std::time::Duration;

/// What a search did, for the harness's tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// States taken off the queue and expanded (for a table query: states walked).
    pub expanded: u64,
    /// States held in visited sets and maps at the end of the query.
    pub stored: u64,
    /// Bytes the solver's own structures held at their peak during the query.
    pub peak_bytes: u64,
    /// An IDA* search's iterations before the last, timed by the search itself (one clock
    /// read per iteration): the part whose speed-up on more search threads does not depend on
    /// where the answer falls. `None` for other solvers.
    pub before_last: Option<Duration>,
}

/// The way to the goal a solver found: its cost, and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// The moves from the start to the goal; `None` only in an answer that gives its cost alone
    /// (an outside program's, see [`Solution::cost_only`]).
    pub moves: Option<Vec<Move>>,
    /// Total cost of the moves under the puzzle's costs.
    pub cost: u64,
}

/// A solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The way to the goal; `None` when the goal cannot be reached. One option for the moves
    /// and their cost, so an answer cannot say moves without a cost or a cost for "unsolvable".
    pub path: Option<Path>,
    /// Counters of the search.
    pub stats: Stats,
}

impl Solution {
    /// A solved answer; the cost is computed from the puzzle's move costs.
    pub fn solved(puzzle: &Puzzle, moves: Vec<Move>, stats: Stats) -> Solution {
        let cost = moves.iter().map(|&m| puzzle.costs().of(m) as u64).sum();
        Solution { path: Some(Path { moves: Some(moves), cost }), stats }
    }

    /// The goal cannot be reached.
    pub fn unsolvable(stats: Stats) -> Solution {
        Solution { path: None, stats }
    }

    /// An answer that gives the cost of reaching the goal but not the moves (an outside
    /// program's: the Dragon's Cruller judge asks for the cost alone).
    pub fn cost_only(cost: u64, stats: Stats) -> Solution {
        Solution { path: Some(Path { moves: None, cost }), stats }
    }

    /// The moves from the start to the goal, when the goal can be reached and the answer
    /// gives them.
    pub fn moves(&self) -> Option<&[Move]> {
        self.path.as_ref().and_then(|p| p.moves.as_deref())
    }

    /// The cost of reaching the goal; `None` when it cannot be reached.
    pub fn cost(&self) -> Option<u64> {
        self.path.as_ref().map(|p| p.cost)
    }

    /// Whether the goal can be reached.
    pub fn is_solvable(&self) -> bool {
        self.path.is_some()
    }

    /// The judge's answer: the move letters, or `unsolvable`.
    pub fn judge_line(&self) -> String {
        let mut line = Vec::with_capacity(self.moves().map_or(10, <[Move]>::len));
        self.write_judge_line(&mut line).expect("writing to a vector does not fail");
        String::from_utf8(line).expect("move letters are ASCII")
    }

    /// Writes [`Solution::judge_line`] to `out` without building a string first.
    pub fn write_judge_line(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        let Some(moves) = self.moves() else {
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

    /// How long the tables last prepared took to build when they were made, where that is not
    /// what [`Solver::prepare`] returned: pattern databases loaded from the cache record their
    /// build. `None` otherwise (the prepare time is the build).
    fn first_build(&self) -> Option<Duration> {
        None
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
    /// assert_eq!(solution.cost(), Some(4));
    /// assert_eq!(solution.judge_line(), "r");
    /// # Ok::<(), slidebench::Error>(())
    /// ```
    fn solve(&mut self, puzzle: &Puzzle, start: &Board) -> Result<Solution>;

    /// [`Solver::solve`] within `budget`: a search that spends it stops promptly with an error
    /// of kind [`ErrorKind::Budget`](crate::ErrorKind::Budget) and the solver stays ready for
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

    /// Task `task.index` of `task.tasks` of one search split across processes that meet at
    /// a barrier directory (`slidebench split`, [`crate::solver::ida_parallel::task`]).
    ///
    /// # Errors
    /// `Unsupported` for every solver but the IDA* ones; otherwise the task's.
    fn split_task(
        &mut self,
        puzzle: &Puzzle,
        start: &Board,
        task: &crate::solver::ida_parallel::task::SplitTask,
    ) -> Result<crate::solver::ida_parallel::task::TaskOutcome> {
        let _ = (puzzle, start, task);
        Err(crate::error::Error::new(
            crate::error::ErrorKind::Unsupported,
            format!(
                "{} cannot split one search across processes (IDA* solvers can)",
                self.info().id
            ),
        ))
    }

    /// A solver of the same kind for another thread, sharing anything already built.
    fn fork(&self) -> Box<dyn Solver>;
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
    /// The registry's row of its algorithm; `None` for a solver written outside the crate.
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
    /// Which of [`Stats`]' counters it fills in; the others read 0 and mean "not counted".
    pub counts: Counts,
}

/// Which of [`Stats`]' counters a solver fills in. A counter it does not fill reads 0, which
/// the result files must not take for a count (`runs.csv` leaves it empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    /// States expanded.
    pub expanded: bool,
    /// States stored.
    pub stored: bool,
    /// Peak bytes of its structures.
    pub peak: bool,
}

impl Counts {
    /// Every counter: the crate's own searches.
    pub const ALL: Counts = Counts { expanded: true, stored: true, peak: true };
    /// States but not bytes: the `pathfinding` searches the crate's wrapper counts for.
    pub const STATES: Counts = Counts { expanded: true, stored: true, peak: false };
    /// None: searches that run wholly inside the `pathfinding` crate.
    pub const NONE: Counts = Counts { expanded: false, stored: false, peak: false };
    /// Only the peak memory of the process: an outside program's.
    pub const PEAK: Counts = Counts { expanded: false, stored: false, peak: true };
}

impl SolverInfo {
    /// Whether it runs one search on [`SolverOptions::search_threads`] threads: the built-in
    /// IDA* solvers (ids `idastar-…`, [`crate::solver::ida_parallel`]); every other solver,
    /// the pathfinding crate's IDA* included, searches on one whatever the option says.
    pub fn takes_search_threads(&self) -> bool {
        !self.peer && self.algorithm_kind.is_some() && self.algorithm.starts_with("idastar-")
    }

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
            counts: Counts::ALL,
        }
    }

    /// Whether the solver takes `puzzle`: its costs (unit-only solvers refuse weights), its
    /// topology (linear conflict refuses the torus) and its shape (a pattern-database row runs
    /// only where its partition is its own, see [`AlgorithmSpec::off_shape`]). Solvers written outside the crate are
    /// taken to accept both topologies.
    pub fn accepts(&self, puzzle: &Puzzle) -> bool {
        let topology_ok =
            self.algorithm_kind.is_none_or(|a| a.topologies().contains(&puzzle.topology()));
        let shape_ok = self.algorithm_kind.is_none_or(|a| a.spec().off_shape(puzzle).is_none());
        topology_ok && shape_ok && (self.weighted || puzzle.costs().is_unit())
    }
}

/// Makes the solver `info` names over `encoding` (one of the row's encodings) with `opts`.
pub type Constructor = fn(EncodingKind, SolverInfo, &SolverOptions) -> Box<dyn Solver>;

/// One algorithm as data: a row of [`ALGORITHMS`](super::ALGORITHMS).
#[allow(clippy::struct_excessive_bools, reason = "independent flags the harness and listings read")]
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
    /// The pattern databases' partition, for the rows guided by them: which boards they serve
    /// ([`crate::pdb::too_large`]), the tables the constructor opens, and whether they must be
    /// built on request first ([`not_built`](super::not_built)).
    pub partition: Option<crate::pdb::PartitionKind>,
    /// A second partition, for the rows whose heuristic is the larger of two partitions' sums
    /// (`idastar-pdb6666-max`): its tables are opened and checked for as the first's are.
    pub max_with: Option<crate::pdb::PartitionKind>,
    /// Whether the row reads a catalogue of partitions ([`crate::pdb::Catalogue`]): the file
    /// `--catalogue` names, else the shipped one for the puzzle's shape and goal
    /// ([`crate::pdb::shipped_catalogue`]), and off those it does not run.
    pub catalogue: bool,
    /// Whether the row reads the zero-aware tables of its partition (`idastar-zpdb6666`): they
    /// are opened, and checked for, under their own cache key.
    pub zero_aware: bool,
    /// Whether its solver over ranks is fast enough to answer every 3×3 arrangement in a
    /// `compare --full` run (where the `all` set is otherwise the tables' alone).
    pub answers_every_arrangement: bool,
    /// Its colour on every chart, `0xRRGGBB`, so that a reader follows one algorithm from
    /// chart to chart; no two rows share one, and none is a grey (the charts' rules and notes).
    pub colour: u32,
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

    /// Why the row does not run on `puzzle`'s shape, if it does not: a pattern-database row
    /// runs only where its partition is its own ([`PartitionKind::own_on`]), so that no two
    /// rows of one shape are the same search under two names. The reason names the row that
    /// runs there instead. A catalogue row runs where a catalogue is shipped for the puzzle's
    /// shape and goal; a solver made with `--catalogue FILE` runs wherever the file is for.
    ///
    /// [`PartitionKind::own_on`]: crate::pdb::PartitionKind::own_on
    pub fn off_shape(&self, puzzle: &Puzzle) -> Option<String> {
        let shape = puzzle.shape();
        if self.catalogue {
            return crate::pdb::shipped_catalogue(puzzle)
                .is_none()
                .then(|| format!("no catalogue for {shape}: give --catalogue FILE"));
        }
        let kind = self.partition.filter(|k| !k.own_on(shape))?;
        let own = crate::pdb::PartitionKind::default_on(shape);
        let instead = super::Algorithm::all()
            .find(|a| a.spec().partition == Some(own) && a.spec().max_with.is_none())
            .map_or("idastar-pdb", Algorithm::name);
        Some(match kind {
            crate::pdb::PartitionKind::Even => format!(
                "its even split is for the shapes without a partition of their own; on {shape} \
                 use {instead}"
            ),
            _ => format!(
                "its {} partition is for {} boards; on {shape} use {instead}",
                kind.sizes(),
                kind.own_shapes()
            ),
        })
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
pub struct Algorithm(pub(super) &'static AlgorithmSpec);

impl Algorithm {
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
