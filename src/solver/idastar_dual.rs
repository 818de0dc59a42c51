//! IDA* over pattern databases with dual lookups and bidirectional pathmax (BPMX; Felner,
//! Zahavi, Schaeffer & Holte, IJCAI 2005).
//!
//! Each child's estimate is the databases' regular (and reflected) sum, and, where that does
//! not already cut the child off, the larger of it and the dual lookup ([`DualPdb`]). Dual
//! values are admissible but inconsistent: a child may know much more than its parent. BPMX
//! uses that both ways, with unit move costs: a parent is at most one move from each child, so
//! `h(parent) ≥ h(child) − 1`, and when that lifts the parent's `f` over the bound the parent
//! is cut off at once, its remaining children never generated; and each child inherits
//! `h(child) ≥ h(parent) − 1` before its own test. A child searched and cut off below returns
//! its raised estimate, which lifts the parent again.
//!
//! With a [`MoveAutomaton`] (`idastar-pdb78-dual-fsm`, `idastar-pdb6666-dual-fsm`) the children
//! it rejects (Taylor & Korf's duplicate paths) are never generated. Pathmax stays sound: a
//! child's estimate bounds its parent's distance whether or not its siblings are searched.
//!
//! To see every child's estimate before descending, the children are generated first (in
//! [`KORF_ORDER`], never the move back) and searched after. Nodes are counted as
//! [`IdaOutcome::nodes`] counts them for plain IDA*: every child generated, its estimate looked
//! up (those the bound cuts off included), the root not counted; children a BPMX cut-off of
//! their parent leaves ungenerated are not counted.
//!
//! [`KORF_ORDER`]: super::idastar::KORF_ORDER

use super::api::Solution;
use super::ida_core::{ida, Checkpoints, Dual, EveryMove};
use super::ida_parallel::ida_parallel;
use super::ida_parallel::task::{ida_task, SplitTask, TaskOutcome};
use super::idastar::IdaOutcome;
use super::informed::{PdbConfig, Prepare};
use super::wrapper::Search;
use crate::board::{Board, Puzzle};
use crate::budget::{Budget, Meter};
use crate::error::{Error, ErrorKind, Result};
use crate::fsm::MoveAutomaton;
use crate::pdb::{DualPdb, PatternDatabases};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// An optimal path from `start` to `puzzle`'s goal by IDA* with the databases of `h` and their
/// dual lookups, BPMX on or off (off: each node's estimate is the larger lookup, nothing
/// propagated). Unit costs only; `budget` bounds the nodes generated.
pub fn ida_star_dual(
    puzzle: &Puzzle,
    h: &DualPdb,
    start: &Board,
    budget: &Budget,
    bpmx: bool,
) -> Result<IdaOutcome> {
    ida_star_dual_metered(puzzle, h, None, start, &mut Meter::start(budget), bpmx)
}

/// [`ida_star_dual`] with BPMX and the duplicate paths `fsm` rejects pruned; `fsm` must be
/// built for `puzzle`'s shape on the grid ([`MoveAutomaton::for_puzzle`]), else it may lose
/// the optimum.
pub fn ida_star_dual_fsm(
    puzzle: &Puzzle,
    h: &DualPdb,
    fsm: &MoveAutomaton,
    start: &Board,
    budget: &Budget,
) -> Result<IdaOutcome> {
    ida_star_dual_metered(puzzle, h, Some(fsm), start, &mut Meter::start(budget), true)
}

/// [`ida_star_dual`] (or, with `fsm`, [`ida_star_dual_fsm`]) charging a running `meter`.
pub(crate) fn ida_star_dual_metered(
    puzzle: &Puzzle,
    h: &DualPdb,
    fsm: Option<&MoveAutomaton>,
    start: &Board,
    meter: &mut Meter,
    bpmx: bool,
) -> Result<IdaOutcome> {
    if !puzzle.costs().is_unit() {
        return Err(Error::new(ErrorKind::Unsupported, "dual lookups take unit costs only"));
    }
    let (lookups, hook) = (Dual { pdb: h, bpmx }, &mut Checkpoints::default());
    match fsm {
        None => ida(puzzle, &lookups, &EveryMove, start, meter, hook),
        Some(fsm) => ida(puzzle, &lookups, fsm, start, meter, hook),
    }
}

/// The registry's solver: IDA* with a partition's databases, their dual lookups and BPMX, and
/// with `fsm` the shape's move automaton.
#[derive(Clone)]
pub(crate) struct DualBpmx {
    config: PdbConfig,
    fsm: bool,
    /// Threads a search (see [`Search::with_search_threads`]).
    threads: usize,
}

impl DualBpmx {
    pub(crate) fn new(config: PdbConfig, fsm: bool) -> Self {
        DualBpmx { config, fsm, threads: 1 }
    }
}

/// The databases and their dual lookups for one puzzle, shared between forks.
pub(crate) struct DualWork {
    puzzle: Puzzle,
    h: Arc<DualPdb>,
    fsm: Option<Arc<MoveAutomaton>>,
    /// See [`Search::first_build`]: the tables' recorded build, and the automaton's.
    first_build: Option<Duration>,
}

impl Search for DualBpmx {
    type Work = DualWork;

    fn prepare(
        &self,
        puzzle: &Puzzle,
        _max_states: u64,
        work: &mut Option<DualWork>,
    ) -> Result<Option<Duration>> {
        if work.as_ref().is_some_and(|w| w.puzzle == *puzzle) {
            return Ok(None);
        }
        if self.fsm {
            super::idastar_fsm::grid_only(puzzle)?;
        }
        let t = Instant::now();
        let (pdb, mut first_build) = PatternDatabases::build_timed(puzzle, &self.config)?;
        let h = DualPdb::new(puzzle, pdb);
        let fsm = self.fsm.then(|| MoveAutomaton::for_puzzle(puzzle));
        if let (Some(fsm), Some(tables)) = (&fsm, first_build) {
            first_build = Some(tables + Duration::from_secs_f64(fsm.build_seconds()));
        }
        *work = Some(DualWork { puzzle: puzzle.clone(), h: Arc::new(h), fsm, first_build });
        Ok(Some(t.elapsed()))
    }

    fn search(
        &self,
        work: &mut DualWork,
        puzzle: &Puzzle,
        start: &Board,
        _max_states: u64,
        meter: &mut Meter,
    ) -> Result<Solution> {
        // IDA* stores only its path: the state bound does not apply.
        if !puzzle.costs().is_unit() {
            return Err(Error::new(ErrorKind::Unsupported, "dual lookups take unit costs only"));
        }
        // One thread is the serial search itself.
        let (h, hook) = (&Dual { pdb: &work.h, bpmx: true }, &mut Checkpoints::default());
        let out = match work.fsm.as_deref() {
            None => ida_parallel(puzzle, h, &EveryMove, start, meter, hook, self.threads),
            Some(fsm) => ida_parallel(puzzle, h, fsm, start, meter, hook, self.threads),
        }?;
        Ok(out.into_solution(puzzle))
    }

    fn split_task(
        &self,
        work: &mut DualWork,
        puzzle: &Puzzle,
        start: &Board,
        task: &SplitTask,
    ) -> Option<Result<TaskOutcome>> {
        let (h, meter) = (&Dual { pdb: &work.h, bpmx: true }, &mut Meter::unlimited());
        Some(match work.fsm.as_deref() {
            None => ida_task(puzzle, h, &EveryMove, start, meter, task),
            Some(fsm) => ida_task(puzzle, h, fsm, start, meter, task),
        })
    }

    fn with_search_threads(self, threads: usize) -> Self {
        DualBpmx { threads: threads.max(1), ..self }
    }

    fn first_build(work: &DualWork) -> Option<Duration> {
        work.first_build
    }

    fn fork_work(work: Option<&DualWork>) -> Option<DualWork> {
        work.map(|w| DualWork {
            puzzle: w.puzzle.clone(),
            h: Arc::clone(&w.h),
            fsm: w.fsm.clone(),
            first_build: w.first_build,
        })
    }
}
