//! The factory: makes a solver from its id through its algorithm's row, and the helpers the
//! rows' constructors are written with.

use super::api::{Solver, SolverInfo};
use super::registry::solver_info;
use super::wrapper::{Search, Wrapped};
use crate::encoding::DEFAULT_MAX_STATES;
use crate::error::{Error, ErrorKind, Result};
use crate::pdb::{Cache, CacheReport};
use std::path::PathBuf;

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
    /// Told how each set of pattern databases was opened (loaded, or built and why), so the
    /// command can say why the cache was not used.
    pub pdb_report: Option<CacheReport>,
}

impl Default for SolverOptions {
    fn default() -> Self {
        SolverOptions {
            max_states: DEFAULT_MAX_STATES,
            pdb_dir: None,
            pdb_cache: true,
            pdb_report: None,
        }
    }
}

impl SolverOptions {
    /// The default options with the state bound `max_states`.
    pub fn with_max_states(max_states: u64) -> Self {
        SolverOptions { max_states, ..SolverOptions::default() }
    }

    /// The pattern database cache these options name.
    pub fn cache(&self) -> Cache {
        let cache =
            if self.pdb_cache { Cache::new(self.pdb_dir.as_deref()) } else { Cache::disabled() };
        cache.reporting_to(self.pdb_report.clone())
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

/// `search` as the solver `info`, with the bookkeeping every solver shares (see [`Wrapped`]).
pub(crate) fn wrap<S: Search>(
    info: SolverInfo,
    opts: &SolverOptions,
    search: S,
) -> Box<dyn Solver> {
    Box::new(Wrapped::new(info, opts.max_states, search))
}

/// The constructor of a search written once over [`Encoding`](crate::encoding::Encoding):
/// `every_encoding!(bfs::Bfs)` makes `Bfs<Text>`, `Bfs<Rank>` or `Bfs<Packed>` as the id asks,
/// each monomorphised; arguments after the type go to its `new`. Text and packed come twice,
/// over the 4-bit and the 5-bit word, and the puzzle's shape picks one when the solver is
/// prepared ([`ByWidth`](super::by_width::ByWidth)).
macro_rules! every_encoding {
    ($($search:ident)::+ $(, $arg:expr)*) => {
        |encoding, info, opts| {
            use $crate::encoding::{Packed, Rank, Text};
            use $crate::solver::by_width::ByWidth;
            use $crate::solver::factory::wrap;
            use $crate::solver::EncodingKind;
            match encoding {
                EncodingKind::Text => wrap(info, opts, ByWidth::new(
                    $($search)::+::<Text>::new($($arg),*),
                    $($search)::+::<Text<u128>>::new($($arg),*),
                )),
                EncodingKind::Rank => wrap(info, opts, $($search)::+::<Rank>::new($($arg),*)),
                EncodingKind::Packed => wrap(info, opts, ByWidth::new(
                    $($search)::+::<Packed>::new($($arg),*),
                    $($search)::+::<Packed<u128>>::new($($arg),*),
                )),
            }
        }
    };
}
pub(crate) use every_encoding;
