//! The registry: the questions every caller asks of the rows of
//! [`ALGORITHMS`](super::ALGORITHMS) (which solver ids exist, what each is, which one to use by
//! default). What a row declares ([`AlgorithmSpec`](super::AlgorithmSpec)) is in `api`.
//!
//! Every answer here is read from the rows, so adding an algorithm is its module and its row;
//! nothing in this file changes.

use super::algorithms::ALGORITHMS;
use super::api::{Algorithm, SolverInfo};
use super::informed::{catalogue_not_built, tables_not_built};
use super::options::SolverOptions;
use crate::board::{Puzzle, Topology};

/// The questions that read [`ALGORITHMS`]; the handle itself and what it reads of its own row
/// are in `api`, which the rows' modules import.
impl Algorithm {
    /// Every algorithm, in the order listings show them.
    pub fn all() -> impl Iterator<Item = Algorithm> {
        ALGORITHMS.iter().map(Algorithm)
    }

    /// The algorithm named `name`.
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::all().find(|a| a.name() == name)
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

/// How a reader sees solver `id` on boards of `shape`: the id, and for a row whose pattern
/// databases use the shape's own partition (`idastar-pdb`'s even split, not named in its id)
/// that partition, e.g. `idastar-pdb/packed (even 4-4 on 3x3)`. Machine-readable files keep
/// the bare id.
pub fn solver_label(id: &str, shape: crate::board::Shape) -> String {
    let own = solver_info(id)
        .and_then(|i| i.algorithm_kind)
        .and_then(|a| a.spec().partition)
        .filter(|&k| k == crate::pdb::PartitionKind::Even)
        .and_then(|k| crate::pdb::Partition::for_goal(k, &crate::board::Board::solved(shape)).ok());
    match own {
        Some(p) => format!("{id} ({} on {shape})", p.label()),
        None => id.to_string(),
    }
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
/// it cannot: its row's partition ([`AlgorithmSpec::partition`](super::AlgorithmSpec::partition),
/// or the second one of a `-max` row, or a catalogue row's shipped catalogue) takes long to
/// build, and the cache has no tables for `puzzle`.
pub fn not_built(info: &SolverInfo, puzzle: &Puzzle, opts: &SolverOptions) -> Option<String> {
    let spec = info.algorithm_kind?.spec();
    let cache = opts.cache();
    if spec.catalogue && opts.catalogue.is_none() {
        return catalogue_not_built(puzzle, &cache);
    }
    [spec.partition, spec.max_with]
        .into_iter()
        .flatten()
        .filter(|k| k.long_build())
        .find_map(|kind| tables_not_built(kind, spec.zero_aware, puzzle, &cache))
}

#[cfg(test)]
mod label_tests {
    use super::solver_label;
    use crate::board::Shape;

    #[test]
    fn idastar_pdb_is_labelled_with_the_shapes_own_partition() {
        let s = Shape::new(4, 3).unwrap();
        assert_eq!(solver_label("idastar-pdb/packed", s), "idastar-pdb/packed (even 6-5 on 4x3)");
        assert_eq!(solver_label("idastar-pdb663/packed", s), "idastar-pdb663/packed");
    }
}
