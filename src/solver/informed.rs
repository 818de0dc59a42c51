//! The heuristic searches as registry solvers over packed boards: IDA* and A* with Manhattan
//! distance, linear conflict or additive pattern databases, and the `pathfinding` crate's IDA*
//! and A* with Manhattan distance (the outside reference).
//!
//! A heuristic is built once per puzzle (shape, topology, goal, costs) in `prepare`, which
//! returns its build (or cache load) time, and shared by forks through an [`Arc`]. IDA* stores
//! only its path, so it ignores the state bound; A* honours it.

use super::api::{Solution, Stats};
use super::astar_h::a_star_metered;
use super::ida_core::{Checkpoints, EveryMove, Regular};
use super::ida_parallel::ida_parallel;
use super::ida_parallel::task::{ida_task, SplitTask, TaskOutcome};
use super::wrapper::Search;
use crate::board::{Board, Puzzle};
use crate::budget::Meter;
use crate::error::{Error, ErrorKind, Result};
use crate::heuristic::{Heuristic, LinearConflict, Manhattan, MaxOf};
use crate::pdb::{
    Cache, Catalogue, CataloguePdb, OnMiss, Partition, PartitionKind, PatternDatabases,
    ZeroAwarePdb,
};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A heuristic the registry can build for a puzzle.
pub(crate) trait Prepare: Heuristic + Sized + 'static {
    /// What the build needs besides the puzzle (a partition and a cache for databases).
    type Config: Clone + Send + Sync + 'static;

    /// The heuristic for `puzzle`, or a clear refusal (`Unsupported`) where it does not apply,
    /// with how long its build took when it was made if it was loaded from a cache (see
    /// [`Search::first_build`]).
    fn build_timed(puzzle: &Puzzle, config: &Self::Config) -> Result<(Self, Option<Duration>)>;

    /// Whether `config` names tables that say themselves which puzzles they fit (a catalogue
    /// file), so the row's own shapes ([`crate::solver::AlgorithmSpec::off_shape`]) do not
    /// bound the solver.
    fn any_shape(config: &Self::Config) -> bool {
        let _ = config;
        false
    }
}

impl Prepare for Manhattan {
    type Config = ();
    fn build_timed(puzzle: &Puzzle, (): &()) -> Result<(Manhattan, Option<Duration>)> {
        Ok((Manhattan::new(puzzle), None))
    }
}

impl Prepare for LinearConflict {
    type Config = ();
    fn build_timed(puzzle: &Puzzle, (): &()) -> Result<(LinearConflict, Option<Duration>)> {
        Ok((LinearConflict::new(puzzle)?, None))
    }
}

/// Which databases to build and where to keep them.
#[derive(Clone, Debug)]
pub(crate) struct PdbConfig {
    /// The partition (see [`pdb_partition`]).
    pub(crate) kind: PartitionKind,
    pub(crate) cache: Cache,
}

/// The partition a pattern-database row uses on `goal`'s shape: its own, which its row runs
/// only where defined ([`crate::solver::AlgorithmSpec::off_shape`]); elsewhere a clear refusal.
pub(crate) fn pdb_partition(kind: PartitionKind, goal: &Board) -> Result<Partition> {
    Partition::for_goal(kind, goal)
}

/// Why a solver over `kind`'s databases cannot run on `puzzle` yet, if it cannot: its tables
/// are built only on request and `cache` has no file for them.
pub(crate) fn tables_not_built(
    kind: PartitionKind,
    zero_aware: bool,
    puzzle: &Puzzle,
    cache: &Cache,
) -> Option<String> {
    let partition = pdb_partition(kind, puzzle.goal()).ok()?;
    if !kind.long_build() || partition.kind() != Some(kind) {
        return None;
    }
    let cached = if zero_aware {
        ZeroAwarePdb::cached(puzzle, &partition, cache)
    } else {
        PatternDatabases::cached(puzzle, &partition, cache)
    };
    (!cached).then(|| {
        let command = crate::pdb::build_command(puzzle, &partition, cache);
        let (what, command) = if zero_aware {
            ("zero-aware ", format!("{command} --zero-aware"))
        } else {
            ("", command)
        };
        format!("the {what}{} databases are not built: `{command}`", partition.name())
    })
}

impl Prepare for PatternDatabases {
    type Config = PdbConfig;
    fn build_timed(
        puzzle: &Puzzle,
        config: &PdbConfig,
    ) -> Result<(PatternDatabases, Option<Duration>)> {
        let partition = pdb_partition(config.kind, puzzle.goal())?;
        // Tables too large to build unasked (7-8) come only from `pdb build`: a miss refuses
        // with the command, so what a solve costs never depends on what happens to be cached.
        let on_miss = if config.kind.built_on_request() && partition.kind() == Some(config.kind) {
            OnMiss::Refuse
        } else {
            OnMiss::Build(&|_| {})
        };
        let (pdb, info) = PatternDatabases::open(puzzle, &partition, &config.cache, on_miss)?;
        let loaded = info.source == crate::pdb::Source::Loaded;
        Ok((pdb, loaded.then(|| Duration::from_secs_f64(info.build_seconds))))
    }
}

/// The zero-aware tables of the row's partition, opened as [`PatternDatabases`] are.
impl Prepare for ZeroAwarePdb {
    type Config = PdbConfig;
    fn build_timed(
        puzzle: &Puzzle,
        config: &PdbConfig,
    ) -> Result<(ZeroAwarePdb, Option<Duration>)> {
        let partition = pdb_partition(config.kind, puzzle.goal())?;
        let on_miss = if config.kind.built_on_request() && partition.kind() == Some(config.kind) {
            OnMiss::Refuse
        } else {
            OnMiss::Build(&|_| {})
        };
        let (zero, info) = ZeroAwarePdb::open(puzzle, &partition, &config.cache, on_miss)?;
        let loaded = info.source == crate::pdb::Source::Loaded;
        Ok((zero, loaded.then(|| Duration::from_secs_f64(info.build_seconds))))
    }
}

/// The larger of two partitions' sums, each partition's tables opened as its own row would
/// (`idastar-pdb6666-max`), on the 5×5 where both are defined.
impl Prepare for MaxOf<PatternDatabases, PatternDatabases> {
    type Config = (PdbConfig, PdbConfig);
    fn build_timed(
        puzzle: &Puzzle,
        (first, second): &(PdbConfig, PdbConfig),
    ) -> Result<(Self, Option<Duration>)> {
        let (a, a_built) = PatternDatabases::build_timed(puzzle, first)?;
        let (b, b_built) = PatternDatabases::build_timed(puzzle, second)?;
        let built = match (a_built, b_built) {
            (None, None) => None,
            (a, b) => Some(a.unwrap_or_default() + b.unwrap_or_default()),
        };
        Ok((MaxOf::new(a, b, "pdbmax"), built))
    }
}

/// Bytes of tables above which a shipped catalogue is built only on request (the 5×5 one's
/// 1 GB take minutes), as [`PartitionKind::long_build`] says of a partition.
const CATALOGUE_LONG_BUILD_BYTES: u64 = 100_000_000;

/// Why a catalogue row cannot run on `puzzle` yet, if it cannot: the shipped catalogue for it
/// takes long to build and `cache` lacks one of its tables.
pub(crate) fn catalogue_not_built(puzzle: &Puzzle, cache: &Cache) -> Option<String> {
    let (path, catalogue) = crate::pdb::shipped_catalogue(puzzle)?;
    let missing =
        catalogue.group_partitions().iter().any(|p| !PatternDatabases::cached(puzzle, p, cache));
    (catalogue.table_bytes() > CATALOGUE_LONG_BUILD_BYTES && missing).then(|| {
        format!("the catalogue's tables are not built: `slidebench pdb build --catalogue {path}`")
    })
}

/// Which catalogue a catalogue row reads and where its tables are kept.
#[derive(Clone, Debug)]
pub(crate) struct CatalogueConfig {
    /// The file `--catalogue` names; `None`: the one shipped for the puzzle's shape and goal.
    pub(crate) file: Option<PathBuf>,
    pub(crate) cache: Cache,
}

/// A catalogue's tables, each group built on first use (`pdb build --catalogue` builds them
/// ahead, saying their size first).
impl Prepare for CataloguePdb {
    type Config = CatalogueConfig;
    fn build_timed(
        puzzle: &Puzzle,
        config: &CatalogueConfig,
    ) -> Result<(CataloguePdb, Option<Duration>)> {
        let read;
        let catalogue = match &config.file {
            Some(path) => {
                read = Catalogue::read(path)?;
                &read
            }
            None => crate::pdb::shipped_catalogue(puzzle).map(|(_, c)| c).ok_or_else(|| {
                Error::new(
                    ErrorKind::Unsupported,
                    format!("no catalogue for {}: give --catalogue FILE", puzzle.shape()),
                )
            })?,
        };
        let (pdb, infos) =
            CataloguePdb::open(puzzle, catalogue, &config.cache, OnMiss::Build(&|_| {}))?;
        let loaded: Vec<f64> = infos
            .iter()
            .filter(|i| i.source == crate::pdb::Source::Loaded)
            .map(|i| i.build_seconds)
            .collect();
        let built = (!loaded.is_empty()).then(|| Duration::from_secs_f64(loaded.iter().sum()));
        Ok((pdb, built))
    }

    fn any_shape(config: &CatalogueConfig) -> bool {
        config.file.is_some()
    }
}

/// The search run with a built heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Method {
    IdaStar,
    AStar,
}

/// A heuristic built for one puzzle, shared between forks.
pub(crate) struct Built<H> {
    puzzle: Puzzle,
    h: Arc<H>,
    /// See [`Search::first_build`].
    first_build: Option<Duration>,
}

/// IDA* or A* with heuristic `H`.
pub(crate) struct Informed<H: Prepare> {
    method: Method,
    config: H::Config,
    /// Threads a search (IDA* only; see [`Search::with_search_threads`]).
    threads: usize,
}

// Not derived: a derive would ask `H: Clone`, and only the configuration is cloned.
impl<H: Prepare> Clone for Informed<H> {
    fn clone(&self) -> Self {
        Informed { method: self.method, config: self.config.clone(), threads: self.threads }
    }
}

impl<H: Prepare> Informed<H> {
    pub(crate) fn new(method: Method, config: H::Config) -> Self {
        Informed { method, config, threads: 1 }
    }
}

impl<H: Prepare> Search for Informed<H> {
    type Work = Built<H>;

    fn prepare(
        &self,
        puzzle: &Puzzle,
        _max_states: u64,
        work: &mut Option<Built<H>>,
    ) -> Result<Option<Duration>> {
        if work.as_ref().is_some_and(|w| w.puzzle == *puzzle) {
            return Ok(None);
        }
        let t = Instant::now();
        let (h, first_build) = H::build_timed(puzzle, &self.config)?;
        *work = Some(Built { puzzle: puzzle.clone(), h: Arc::new(h), first_build });
        Ok(Some(t.elapsed()))
    }

    fn search(
        &self,
        work: &mut Built<H>,
        puzzle: &Puzzle,
        start: &Board,
        max_states: u64,
        meter: &mut Meter,
    ) -> Result<Solution> {
        match self.method {
            Method::IdaStar => {
                // IDA* stores only its path: the state bound does not apply. One thread is
                // the serial search itself.
                let (h, hook) = (&Regular(&*work.h), &mut Checkpoints::default());
                let out = ida_parallel(puzzle, h, &EveryMove, start, meter, hook, self.threads)?;
                Ok(out.into_solution(puzzle))
            }
            Method::AStar => {
                let out = a_star_metered(puzzle, &*work.h, start, max_states, meter)?;
                let stats = Stats {
                    expanded: out.expanded,
                    stored: out.stored,
                    // Each map entry: an 8-byte board and an 8-byte record (the hash table's
                    // slack and the queue are not counted).
                    peak_bytes: out.stored * 16,
                    before_last: None,
                };
                Ok(match out.moves {
                    Some(moves) => Solution::solved(puzzle, moves, stats),
                    None => Solution::unsolvable(stats),
                })
            }
        }
    }

    fn split_task(
        &self,
        work: &mut Built<H>,
        puzzle: &Puzzle,
        start: &Board,
        task: &SplitTask,
    ) -> Option<Result<TaskOutcome>> {
        let h = &Regular(&*work.h);
        (self.method == Method::IdaStar)
            .then(|| ida_task(puzzle, h, &EveryMove, start, &mut Meter::unlimited(), task))
    }

    fn with_search_threads(self, threads: usize) -> Self {
        let threads = if self.method == Method::IdaStar { threads.max(1) } else { 1 };
        Informed { threads, ..self }
    }

    fn any_shape(&self) -> bool {
        H::any_shape(&self.config)
    }

    fn first_build(work: &Built<H>) -> Option<Duration> {
        work.first_build
    }

    fn fork_work(work: Option<&Built<H>>) -> Option<Built<H>> {
        work.map(|w| Built {
            puzzle: w.puzzle.clone(),
            h: Arc::clone(&w.h),
            first_build: w.first_build,
        })
    }
}

/// The `pathfinding` crate's IDA* or A* with Manhattan distance.
#[derive(Clone)]
pub(crate) struct PeerInformed {
    method: Method,
}

impl PeerInformed {
    pub(crate) fn new(method: Method) -> Self {
        PeerInformed { method }
    }
}

impl Search for PeerInformed {
    /// The crate builds its own maps per query; there is nothing to keep.
    type Work = ();

    fn prepare(&self, _: &Puzzle, _: u64, work: &mut Option<()>) -> Result<Option<Duration>> {
        *work = Some(());
        Ok(None)
    }

    fn search(
        &self,
        (): &mut (),
        puzzle: &Puzzle,
        start: &Board,
        max_states: u64,
        meter: &mut Meter,
    ) -> Result<Solution> {
        let moves = match self.method {
            // IDA* stores only its path: the state bound does not apply.
            Method::IdaStar => super::peer_informed::pathfinding_idastar(puzzle, start, meter)?,
            Method::AStar => {
                super::peer_informed::pathfinding_astar(puzzle, start, max_states, meter)?
            }
        };
        Ok(match moves {
            Some(m) => Solution::solved(puzzle, m, Stats::default()),
            None => Solution::unsolvable(Stats::default()),
        })
    }
}
