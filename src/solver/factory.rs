//! The factory: makes a solver from its id through its algorithm's row.

use super::api::Solver;
use super::options::SolverOptions;
use super::registry::solver_info;
use crate::error::{Error, ErrorKind, Result};

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
/// let mut solver = new_solver_with("idastar-pdb/packed", &opts)?;
/// let puzzle = Puzzle::eight(); // 3×3: its own partition, 4-4
/// let start = Board::parse(puzzle.shape(), "2 3 4 1 5 x 7 6 8")?;
/// assert_eq!(solver.solve(&puzzle, &start)?.moves().map(|m| m.len()), Some(19));
/// # Ok::<(), slidebench::Error>(())
/// ```
pub fn new_solver_with(id: &str, opts: &SolverOptions) -> Result<Box<dyn Solver>> {
    let info = solver_info(id).ok_or_else(|| {
        Error::new(ErrorKind::Parse, format!("unknown solver `{id}` (see `slidebench solvers`)"))
    })?;
    let (Some(algorithm), Some(encoding)) = (info.algorithm_kind, info.encoding_kind) else {
        unreachable!("the registry's solvers have both kinds")
    };
    Ok((algorithm.spec().make)(encoding, info, opts))
}
