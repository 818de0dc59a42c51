//! How to make a solver: the options every constructor reads.

use crate::encoding::DEFAULT_MAX_STATES;
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
    /// Threads each IDA* search runs on ([`crate::solver::ida_parallel`]); 1 is the serial
    /// search. Other solvers search on one thread whatever it says.
    pub search_threads: usize,
    /// The catalogue of partitions the catalogue rows read (`--catalogue FILE`); `None`: the
    /// one shipped for the puzzle's shape and goal ([`crate::pdb::shipped_catalogue`]).
    pub catalogue: Option<PathBuf>,
}

impl Default for SolverOptions {
    fn default() -> Self {
        SolverOptions {
            max_states: DEFAULT_MAX_STATES,
            pdb_dir: None,
            pdb_cache: true,
            pdb_report: None,
            search_threads: 1,
            catalogue: None,
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
