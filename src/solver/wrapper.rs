//! The part every solver shares, written once: its information, its state bound, the checks
//! before a search, the per-puzzle workspace and `fork`. A solver module holds only its
//! algorithm, as a [`Search`]; [`Wrapped`] turns it into a [`Solver`].

use super::api::{Solution, Solver, SolverInfo};
use super::kit::{own_shape, precheck, same_space};
use crate::board::{Board, Puzzle};
use crate::budget::{Budget, Meter};
use crate::encoding::Encoding;
use crate::error::{Error, ErrorKind, Result};
use crate::solver::ida_parallel::task::{SplitTask, TaskOutcome};
use std::time::Duration;

/// One algorithm, without the bookkeeping [`Wrapped`] does for it.
pub(crate) trait Search: Clone + Send + Sync + 'static {
    /// What queries reuse: per-query buffers, or a table built once per puzzle.
    type Work: Send + Sync;

    /// Makes `work` fit `puzzle`, rebuilding only what `puzzle` changes; returns how long a
    /// table's build took, `None` when nothing was built.
    fn prepare(
        &self,
        puzzle: &Puzzle,
        max_states: u64,
        work: &mut Option<Self::Work>,
    ) -> Result<Option<Duration>>;

    /// Finds moves from `start` (not the goal, on the puzzle's shape) to the goal in `work`,
    /// which [`Search::prepare`] has fitted to `puzzle`, charging `meter` once per state
    /// expanded.
    fn search(
        &self,
        work: &mut Self::Work,
        puzzle: &Puzzle,
        start: &Board,
        max_states: u64,
        meter: &mut Meter,
    ) -> Result<Solution>;

    /// [`Search::search`] for several boards with no budget, answers in order; overridden where
    /// answering them together is faster.
    fn search_many(
        &self,
        work: &mut Self::Work,
        puzzle: &Puzzle,
        starts: &[&Board],
        max_states: u64,
    ) -> Vec<Result<Solution>> {
        starts
            .iter()
            .map(|start| {
                let mut meter = Meter::start(&Budget::UNLIMITED);
                self.search(work, puzzle, start, max_states, &mut meter)
            })
            .collect()
    }

    /// How long the tables in `work` took to build when they were made, where that differs
    /// from what [`Search::prepare`] returned: a pattern database loaded from its cache file
    /// (the load is quick, the build it records is not).
    fn first_build(work: &Self::Work) -> Option<Duration> {
        let _ = work;
        None
    }

    /// Whether it runs off its row's shapes ([`super::AlgorithmSpec::off_shape`]): a catalogue
    /// row given a file, whose tables refuse a puzzle they are not for.
    fn any_shape(&self) -> bool {
        false
    }

    /// This search on `threads` threads a query, where it can run on several (IDA*); by
    /// default it ignores them and runs on one.
    #[must_use]
    fn with_search_threads(self, threads: usize) -> Self {
        let _ = threads;
        self
    }

    /// One task of a search split across processes ([`Solver::split_task`]) in `work`,
    /// which [`Search::prepare`] has fitted to `puzzle`; `None` where the search cannot split
    /// (all but IDA*).
    fn split_task(
        &self,
        work: &mut Self::Work,
        puzzle: &Puzzle,
        start: &Board,
        task: &SplitTask,
    ) -> Option<Result<TaskOutcome>> {
        let _ = (work, puzzle, start, task);
        None
    }

    /// What a fork starts with: nothing by default (buffers are per thread); a built table
    /// returns a shared handle to it.
    fn fork_work(work: Option<&Self::Work>) -> Option<Self::Work> {
        let _ = work;
        None
    }
}

/// A search over encoding `E` whose buffers `W` depend only on the puzzle's space: the usual
/// [`Search::Work`], made by [`fit_space`].
pub(crate) type InSpace<E, W> = (E, W);

/// A search whose buffers depend only on the puzzle's space (every search but the tables and
/// the IDA* family): it says how to make them and how to fit them to a puzzle of that space,
/// and gets [`Search::prepare`] ([`fit_space`], nothing built) for it.
pub(crate) trait SpaceSearch: Clone + Send + Sync + 'static {
    /// The encoding of its states.
    type Enc: Encoding;
    /// The buffers its queries reuse.
    type Buffers: Send + Sync;

    /// Buffers for the space of `puzzle`.
    fn buffers(enc: &Self::Enc, puzzle: &Puzzle) -> Self::Buffers;

    /// Fits buffers of `puzzle`'s space to `puzzle` itself (its costs, its goal) before each
    /// query; nothing by default.
    fn refit(buffers: &mut Self::Buffers, puzzle: &Puzzle) {
        let _ = (buffers, puzzle);
    }

    /// [`Search::search`].
    fn search(
        &self,
        work: &mut InSpace<Self::Enc, Self::Buffers>,
        puzzle: &Puzzle,
        start: &Board,
        max_states: u64,
        meter: &mut Meter,
    ) -> Result<Solution>;
}

impl<S: SpaceSearch> Search for S {
    type Work = InSpace<S::Enc, S::Buffers>;

    fn prepare(
        &self,
        puzzle: &Puzzle,
        max_states: u64,
        work: &mut Option<Self::Work>,
    ) -> Result<Option<Duration>> {
        let (_, buffers) = fit_space(work, puzzle, max_states, |e| S::buffers(e, puzzle))?;
        S::refit(buffers, puzzle);
        Ok(None)
    }

    fn search(
        &self,
        work: &mut Self::Work,
        puzzle: &Puzzle,
        start: &Board,
        max_states: u64,
        meter: &mut Meter,
    ) -> Result<Solution> {
        SpaceSearch::search(self, work, puzzle, start, max_states, meter)
    }
}

/// The encoding and buffers of `work`, made anew only when the puzzle's space (shape and
/// topology) changes, so queries on one puzzle reuse their memory.
pub(crate) fn fit_space<'w, E: Encoding, W>(
    work: &'w mut Option<InSpace<E, W>>,
    puzzle: &Puzzle,
    max_states: u64,
    make: impl FnOnce(&E) -> W,
) -> Result<&'w mut InSpace<E, W>> {
    match work {
        Some((enc, _)) if same_space(enc.puzzle(), puzzle) => {}
        _ => {
            let enc = E::new(puzzle, max_states)?;
            let buffers = make(&enc);
            *work = Some((enc, buffers));
        }
    }
    Ok(work.as_mut().expect("made above"))
}

/// A [`Search`] with the bookkeeping every solver shares.
pub(crate) struct Wrapped<S: Search> {
    info: SolverInfo,
    max_states: u64,
    search: S,
    work: Option<S::Work>,
}

impl<S: Search> Wrapped<S> {
    /// The solver `info` running `search`, refusing to hold more than `max_states` states.
    pub(crate) fn new(info: SolverInfo, max_states: u64, search: S) -> Self {
        Wrapped { info, max_states, search, work: None }
    }
}

impl<S: Search> Solver for Wrapped<S> {
    fn info(&self) -> &SolverInfo {
        &self.info
    }

    fn prepare(&mut self, puzzle: &Puzzle) -> Result<Option<Duration>> {
        if !self.search.any_shape() {
            own_shape(&self.info, puzzle)?;
        }
        self.search.prepare(puzzle, self.max_states, &mut self.work)
    }

    fn first_build(&self) -> Option<Duration> {
        self.work.as_ref().and_then(S::first_build)
    }

    fn solve(&mut self, puzzle: &Puzzle, start: &Board) -> Result<Solution> {
        self.solve_within(puzzle, start, &Budget::UNLIMITED)
    }

    fn solve_within(
        &mut self,
        puzzle: &Puzzle,
        start: &Board,
        budget: &Budget,
    ) -> Result<Solution> {
        if let Some(done) = precheck(&self.info, puzzle, start, self.search.any_shape())? {
            return Ok(done);
        }
        // A table's build belongs to `prepare`, outside the query's budget.
        self.search.prepare(puzzle, self.max_states, &mut self.work)?;
        let work = self.work.as_mut().expect("prepared");
        let mut meter = Meter::start(budget);
        self.search.search(work, puzzle, start, self.max_states, &mut meter)
    }

    fn solve_many(&mut self, puzzle: &Puzzle, starts: &[Board]) -> Vec<Result<Solution>> {
        let mut answers: Vec<Option<Result<Solution>>> = starts
            .iter()
            .map(|start| precheck(&self.info, puzzle, start, self.search.any_shape()).transpose())
            .collect();
        let searched: Vec<usize> = (0..starts.len()).filter(|&i| answers[i].is_none()).collect();
        if !searched.is_empty() {
            let found = match self.search.prepare(puzzle, self.max_states, &mut self.work) {
                Ok(_) => {
                    let work = self.work.as_mut().expect("prepared");
                    let boards: Vec<&Board> = searched.iter().map(|&i| &starts[i]).collect();
                    self.search.search_many(work, puzzle, &boards, self.max_states)
                }
                Err(e) => searched.iter().map(|_| Err(e.clone())).collect(),
            };
            for (&i, answer) in searched.iter().zip(found) {
                answers[i] = Some(answer);
            }
        }
        answers.into_iter().map(|a| a.expect("every board answered")).collect()
    }

    fn split_task(
        &mut self,
        puzzle: &Puzzle,
        start: &Board,
        task: &SplitTask,
    ) -> Result<TaskOutcome> {
        own_shape(&self.info, puzzle)?;
        self.search.prepare(puzzle, self.max_states, &mut self.work)?;
        let work = self.work.as_mut().expect("prepared");
        self.search.split_task(work, puzzle, start, task).unwrap_or_else(|| {
            Err(Error::new(
                ErrorKind::Unsupported,
                format!(
                    "{} cannot split one search across processes (IDA* solvers can)",
                    self.info.id
                ),
            ))
        })
    }

    fn fork(&self) -> Box<dyn Solver> {
        Box::new(Wrapped {
            info: self.info.clone(),
            max_states: self.max_states,
            search: self.search.clone(),
            work: S::fork_work(self.work.as_ref()),
        })
    }
}
