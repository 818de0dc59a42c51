//! IDA* with duplicate paths pruned by a finite-state machine over the last moves (Taylor &
//! Korf 1993; [`MoveAutomaton`]), over any [`Heuristic`]: Manhattan distance, linear conflict
//! or pattern databases.
//!
//! The search is [`super::ida_core`]'s, the automaton's state riding on the recursion beside
//! the heuristic's node: a move whose transition is [`crate::fsm::DEAD`] is never made.
//! Nodes are counted as [`IdaOutcome::nodes`] counts them (every child generated, those the
//! bound cuts off included, the root not counted); a child the automaton rejects is not
//! generated and not counted.

use super::api::Solution;
use super::ida_core::{ida, Checkpoints, Regular};
use super::ida_parallel::ida_parallel;
use super::ida_parallel::task::{ida_task, SplitTask, TaskOutcome};
use super::idastar::IdaOutcome;
use super::informed::Prepare;
use super::wrapper::Search;
use crate::board::{Board, Puzzle, Topology};
use crate::budget::{Budget, Meter};
use crate::error::{Error, ErrorKind, Result};
use crate::fsm::MoveAutomaton;
use crate::heuristic::Heuristic;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// An optimal path from `start` to `puzzle`'s goal by IDA* with `h` (admissible for `puzzle`)
/// and the duplicate paths `fsm` rejects pruned; `fsm` must be built for `puzzle`'s shape on
/// the grid with unit costs ([`MoveAutomaton::for_puzzle`]), else it may lose the optimum.
pub fn ida_star_fsm<H: Heuristic>(
    puzzle: &Puzzle,
    h: &H,
    fsm: &MoveAutomaton,
    start: &Board,
    budget: &Budget,
) -> Result<IdaOutcome> {
    ida_star_fsm_metered(puzzle, h, fsm, start, &mut Meter::start(budget))
}

/// [`ida_star_fsm`] charging a running `meter`.
pub(crate) fn ida_star_fsm_metered<H: Heuristic>(
    puzzle: &Puzzle,
    h: &H,
    fsm: &MoveAutomaton,
    start: &Board,
    meter: &mut Meter,
) -> Result<IdaOutcome> {
    ida(puzzle, &Regular(h), fsm, start, meter, &mut Checkpoints::default())
}

/// Refuses a puzzle the move automaton is not built for (it knows the grid's moves only).
pub(crate) fn grid_only(puzzle: &Puzzle) -> Result<()> {
    if puzzle.topology() != Topology::Grid {
        return Err(Error::new(
            ErrorKind::Unsupported,
            format!(
                "the move automaton is built for the grid, not the {}",
                puzzle.topology().name()
            ),
        ));
    }
    Ok(())
}

/// The registry's solver: IDA* with heuristic `H` and the shape's automaton (grid, unit costs).
pub(crate) struct FsmIda<H: Prepare> {
    config: H::Config,
    /// Threads a search (see [`Search::with_search_threads`]).
    threads: usize,
}

// Not derived: a derive would ask `H: Clone`.
impl<H: Prepare> Clone for FsmIda<H> {
    fn clone(&self) -> Self {
        FsmIda { config: self.config.clone(), threads: self.threads }
    }
}

impl<H: Prepare> FsmIda<H> {
    pub(crate) fn new(config: H::Config) -> Self {
        FsmIda { config, threads: 1 }
    }
}

/// A heuristic and an automaton built for one puzzle, shared between forks.
pub(crate) struct FsmWork<H> {
    puzzle: Puzzle,
    h: Arc<H>,
    fsm: Arc<MoveAutomaton>,
    /// See [`Search::first_build`]: the tables' recorded build and the automaton's.
    first_build: Option<Duration>,
}

impl<H: Prepare> Search for FsmIda<H> {
    type Work = FsmWork<H>;

    fn prepare(
        &self,
        puzzle: &Puzzle,
        _max_states: u64,
        work: &mut Option<FsmWork<H>>,
    ) -> Result<Option<Duration>> {
        if work.as_ref().is_some_and(|w| w.puzzle == *puzzle) {
            return Ok(None);
        }
        grid_only(puzzle)?;
        let t = Instant::now();
        let (h, tables) = H::build_timed(puzzle, &self.config)?;
        let fsm = MoveAutomaton::for_puzzle(puzzle);
        let first_build = tables.map(|t| t + Duration::from_secs_f64(fsm.build_seconds()));
        *work = Some(FsmWork { puzzle: puzzle.clone(), h: Arc::new(h), fsm, first_build });
        Ok(Some(t.elapsed()))
    }

    fn search(
        &self,
        work: &mut FsmWork<H>,
        puzzle: &Puzzle,
        start: &Board,
        _max_states: u64,
        meter: &mut Meter,
    ) -> Result<Solution> {
        // IDA* stores only its path: the state bound does not apply.
        // One thread is the serial search itself.
        let (h, hook) = (&Regular(&*work.h), &mut Checkpoints::default());
        let out = ida_parallel(puzzle, h, &*work.fsm, start, meter, hook, self.threads)?;
        Ok(out.into_solution(puzzle))
    }

    fn split_task(
        &self,
        work: &mut FsmWork<H>,
        puzzle: &Puzzle,
        start: &Board,
        task: &SplitTask,
    ) -> Option<Result<TaskOutcome>> {
        let (h, fsm) = (&Regular(&*work.h), &*work.fsm);
        Some(ida_task(puzzle, h, fsm, start, &mut Meter::unlimited(), task))
    }

    fn with_search_threads(self, threads: usize) -> Self {
        FsmIda { threads: threads.max(1), ..self }
    }

    fn any_shape(&self) -> bool {
        H::any_shape(&self.config)
    }

    fn first_build(work: &FsmWork<H>) -> Option<Duration> {
        work.first_build
    }

    fn fork_work(work: Option<&FsmWork<H>>) -> Option<FsmWork<H>> {
        work.map(|w| FsmWork {
            first_build: w.first_build,
            puzzle: w.puzzle.clone(),
            h: Arc::clone(&w.h),
            fsm: Arc::clone(&w.fsm),
        })
    }
}
