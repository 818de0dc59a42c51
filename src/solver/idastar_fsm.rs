//! IDA* with duplicate paths pruned by a finite-state machine over the last moves (Taylor &
//! Korf 1993; [`MoveAutomaton`]), over any [`Heuristic`]: Manhattan distance, linear conflict
//! or pattern databases.
//!
//! The search is [`ida_star`](super::idastar::ida_star)'s, the automaton's state riding on the
//! recursion beside the heuristic's node: a move whose transition is [`DEAD`] is never made.
//! Nodes are counted as [`IdaOutcome::nodes`] counts them (every child generated, those the
//! bound cuts off included, the root not counted); a child the automaton rejects is not
//! generated and not counted.

use super::api::{Solution, Stats};
use super::idastar::{IdaOutcome, MoveLists};
use super::informed::Prepare;
use super::wrapper::Search;
use crate::board::{Board, Move, Puzzle, Topology, MAX_CELLS};
use crate::budget::{Budget, Meter};
use crate::encoding::Word;
use crate::error::{Error, ErrorKind, Result};
use crate::fsm::{MoveAutomaton, DEAD};
use crate::heuristic::Heuristic;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Marks "no square" for the root's parent.
const NO_PARENT: usize = MAX_CELLS;

/// What a bounded search returns when it reached the goal.
const FOUND: u32 = 0;

struct Run<'a, 'm, H: Heuristic, W: Word> {
    h: &'a H,
    fsm: &'a MoveAutomaton,
    moves: MoveLists<W>,
    goal: W,
    bound: u32,
    nodes: u64,
    meter: &'m mut Meter,
    stopped: Option<Error>,
    path: Vec<Move>,
}

impl<H: Heuristic, W: Word> Run<'_, '_, H, W> {
    fn dfs(
        &mut self,
        packed: W,
        blank: usize,
        parent: usize,
        g: u32,
        node: H::Node,
        state: u32,
    ) -> u32 {
        if packed == self.goal {
            return FOUND;
        }
        let mut next_bound = u32::MAX;
        for k in 0..self.moves.from(blank).len() {
            let e = self.moves.from(blank)[k];
            let to = e.to as usize;
            if to == parent {
                continue;
            }
            let next_state = self.fsm.step(state, e.mv);
            if next_state == DEAD {
                continue;
            }
            let (child, tile) = packed.slide_prepared(blank, to, &e.slide);
            self.nodes += 1;
            if let Err(err) = self.meter.charge(1) {
                self.stopped = Some(err);
                return FOUND;
            }
            let child_g = g + e.cost;
            let room = self.bound.saturating_sub(child_g);
            let (child_node, estimate) = self.h.step_within(&node, child, tile, to, blank, room);
            let f = child_g + estimate;
            if f > self.bound {
                next_bound = next_bound.min(f);
                continue;
            }
            self.path.push(e.mv);
            let r = self.dfs(child, to, blank, child_g, child_node, next_state);
            if r == FOUND {
                return FOUND;
            }
            self.path.pop();
            next_bound = next_bound.min(r);
        }
        next_bound
    }
}

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
    if start.shape() != puzzle.shape() {
        return Err(Error::new(
            ErrorKind::Parse,
            format!("a {} board given to a {} puzzle", start.shape(), puzzle.shape()),
        ));
    }
    if !crate::solvability::solvable(puzzle, start) {
        return Err(Error::new(
            ErrorKind::Unsupported,
            "the board cannot reach the goal (parity rule); IDA* would never end",
        ));
    }
    if puzzle.shape().cells() <= u64::MAX_SQUARES {
        run::<H, u64>(puzzle, h, fsm, start, meter)
    } else {
        run::<H, u128>(puzzle, h, fsm, start, meter)
    }
}

fn run<H: Heuristic, W: Word>(
    puzzle: &Puzzle,
    h: &H,
    fsm: &MoveAutomaton,
    start: &Board,
    meter: &mut Meter,
) -> Result<IdaOutcome> {
    let mut search = Run {
        h,
        fsm,
        moves: MoveLists::new(puzzle),
        goal: W::of_board(puzzle.goal()),
        bound: 0,
        nodes: 0,
        meter,
        stopped: None,
        path: Vec::with_capacity(256),
    };
    let root = h.start(start);
    let (packed, blank) = (W::of_board(start), start.blank());
    search.bound = h.estimate(&root);
    let mut iterations = 0;
    loop {
        iterations += 1;
        let r = search.dfs(packed, blank, NO_PARENT, 0, root, MoveAutomaton::START);
        if let Some(e) = search.stopped {
            return Err(e);
        }
        if r == FOUND {
            return Ok(IdaOutcome { moves: search.path, nodes: search.nodes, iterations });
        }
        if r == u32::MAX {
            return Err(Error::new(ErrorKind::Unsupported, "the empty square cannot move"));
        }
        search.bound = r;
    }
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
}

// Not derived: a derive would ask `H: Clone`.
impl<H: Prepare> Clone for FsmIda<H> {
    fn clone(&self) -> Self {
        FsmIda { config: self.config.clone() }
    }
}

impl<H: Prepare> FsmIda<H> {
    pub(crate) fn new(config: H::Config) -> Self {
        FsmIda { config }
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
        let out = ida_star_fsm_metered(puzzle, &*work.h, &work.fsm, start, meter)?;
        let stats = Stats {
            expanded: out.nodes,
            stored: 0,
            peak_bytes: (out.moves.len() * std::mem::size_of::<Move>()) as u64,
        };
        Ok(Solution::solved(puzzle, out.moves, stats))
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
