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

use super::api::{Solution, Stats};
use super::idastar::{IdaOutcome, MoveLists};
use super::informed::{PdbConfig, Prepare};
use super::wrapper::Search;
use crate::board::{Board, Move, Puzzle, MAX_CELLS};
use crate::budget::{Budget, Meter};
use crate::encoding::Word;
use crate::error::{Error, ErrorKind, Result};
use crate::fsm::{MoveAutomaton, DEAD};
use crate::heuristic::Heuristic;
use crate::pdb::{DualPdb, PatternDatabases, PdbNode};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Marks "no square" for the root's parent.
const NO_PARENT: usize = MAX_CELLS;

/// What a bounded search returns when it reached the goal (every other return is an `f`
/// above the bound, at least 1).
const FOUND: u32 = 0;

/// Which moves the search may make after the path so far, beyond never undoing the last one.
trait MoveFilter {
    const START: u32;
    /// The state after `mv` from `state`, or [`DEAD`] where the move is never made.
    fn step(&self, state: u32, mv: Move) -> u32;
}

/// Every move allowed (the state is unused).
struct EveryMove;

impl MoveFilter for EveryMove {
    const START: u32 = 0;
    #[inline(always)]
    fn step(&self, _: u32, _: Move) -> u32 {
        0
    }
}

impl MoveFilter for MoveAutomaton {
    const START: u32 = MoveAutomaton::START;
    #[inline(always)]
    fn step(&self, state: u32, mv: Move) -> u32 {
        MoveAutomaton::step(self, state, mv)
    }
}

/// One generated child, waiting for its search (and the root, whose move and cost are unused).
#[derive(Clone, Copy)]
struct Child<W: Word> {
    packed: W,
    to: u8,
    mv: Move,
    cost: u32,
    node: PdbNode,
    h: u32,
    state: u32,
}

/// The state of one run, shared by its iterations.
struct Run<'a, 'm, W: Word, F: MoveFilter> {
    h: &'a DualPdb,
    filter: &'a F,
    moves: MoveLists<W>,
    goal: W,
    bound: u32,
    nodes: u64,
    bpmx: bool,
    meter: &'m mut Meter,
    stopped: Option<Error>,
    path: Vec<Move>,
}

impl<W: Word, F: MoveFilter> Run<'_, '_, W, F> {
    /// The estimate of a child at cost `g` whose regular lookups are in `node`: the dual is
    /// read only where the regular sum leaves the child under the bound.
    #[inline(always)]
    fn estimate(&self, node: &mut PdbNode, packed: W, blank: usize, g: u32) -> u32 {
        let room = self.bound.saturating_sub(g);
        let regular = self.h.regular().estimate_within(node, room);
        if regular > room {
            return regular;
        }
        regular.max(self.h.dual(packed, blank))
    }

    /// Searches below the node `at` (its empty square on `at.to`, its estimate `at.h`) reached
    /// at cost `g` from square `parent`; returns [`FOUND`] or the smallest `f` above the bound,
    /// and the node's estimate as its children raised it.
    fn dfs(&mut self, at: &Child<W>, parent: usize, g: u32) -> (u32, u32) {
        let (packed, blank, node, mut h, state) =
            (at.packed, at.to as usize, at.node, at.h, at.state);
        if packed == self.goal {
            return (FOUND, 0);
        }
        let none = Child { packed, to: 0, mv: Move::Up, cost: 0, node, h: 0, state };
        let mut children = [none; 4];
        let mut count = 0;
        for k in 0..self.moves.from(blank).len() {
            let e = self.moves.from(blank)[k];
            let to = e.to as usize;
            if to == parent {
                continue;
            }
            let next_state = self.filter.step(state, e.mv);
            if next_state == DEAD {
                continue;
            }
            let (child, tile) = packed.slide_prepared(blank, to, &e.slide);
            let mut child_node = self.h.regular().step(&node, child, tile, to, blank);
            self.nodes += 1;
            if let Err(err) = self.meter.charge(1) {
                self.stopped = Some(err);
                return (FOUND, 0);
            }
            let hc = self.estimate(&mut child_node, child, to, g + e.cost);
            if self.bpmx && hc > h + e.cost {
                // Child to parent: the parent is at most one move further than the child.
                h = hc - e.cost;
                if g + h > self.bound {
                    return (g + h, h);
                }
            }
            children[count] = Child {
                packed: child,
                to: e.to,
                mv: e.mv,
                cost: e.cost,
                node: child_node,
                h: hc,
                state: next_state,
            };
            count += 1;
        }
        let mut next_bound = u32::MAX;
        for c in children.iter().take(count) {
            // Parent to child.
            let hc = if self.bpmx { c.h.max(h.saturating_sub(c.cost)) } else { c.h };
            let f = g + c.cost + hc;
            if f > self.bound {
                next_bound = next_bound.min(f);
                continue;
            }
            self.path.push(c.mv);
            let (r, raised) = self.dfs(&Child { h: hc, ..*c }, blank, g + c.cost);
            if r == FOUND {
                return (FOUND, 0);
            }
            self.path.pop();
            next_bound = next_bound.min(r);
            if self.bpmx && raised > h + c.cost {
                h = raised - c.cost;
                if g + h > self.bound {
                    return (next_bound.min(g + h), h);
                }
            }
        }
        (next_bound, h)
    }
}

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
    if start.shape() != puzzle.shape() {
        return Err(Error::new(
            ErrorKind::Parse,
            format!("a {} board given to a {} puzzle", start.shape(), puzzle.shape()),
        ));
    }
    if !puzzle.costs().is_unit() {
        return Err(Error::new(ErrorKind::Unsupported, "dual lookups take unit costs only"));
    }
    if !crate::solvability::solvable(puzzle, start) {
        return Err(Error::new(
            ErrorKind::Unsupported,
            "the board cannot reach the goal (parity rule); IDA* would never end",
        ));
    }
    let small = puzzle.shape().cells() <= u64::MAX_SQUARES;
    match fsm {
        None if small => run::<u64, _>(puzzle, h, &EveryMove, start, meter, bpmx),
        None => run::<u128, _>(puzzle, h, &EveryMove, start, meter, bpmx),
        Some(fsm) if small => run::<u64, _>(puzzle, h, fsm, start, meter, bpmx),
        Some(fsm) => run::<u128, _>(puzzle, h, fsm, start, meter, bpmx),
    }
}

fn run<W: Word, F: MoveFilter>(
    puzzle: &Puzzle,
    h: &DualPdb,
    filter: &F,
    start: &Board,
    meter: &mut Meter,
    bpmx: bool,
) -> Result<IdaOutcome> {
    let mut search = Run {
        h,
        filter,
        moves: MoveLists::new(puzzle),
        goal: W::of_board(puzzle.goal()),
        bound: 0,
        nodes: 0,
        bpmx,
        meter,
        stopped: None,
        path: Vec::with_capacity(256),
    };
    let root = h.regular().start(start);
    let (packed, blank) = (W::of_board(start), start.blank());
    let mut estimate = h.regular().estimate(&root).max(h.dual(packed, blank));
    search.bound = estimate;
    let mut iterations = 0;
    loop {
        iterations += 1;
        let at = Child {
            packed,
            to: blank as u8,
            mv: Move::Up,
            cost: 0,
            node: root,
            h: estimate,
            state: F::START,
        };
        let (r, raised) = search.dfs(&at, NO_PARENT, 0);
        if let Some(e) = search.stopped {
            return Err(e);
        }
        if r == FOUND {
            return Ok(IdaOutcome { moves: search.path, nodes: search.nodes, iterations });
        }
        if r == u32::MAX {
            return Err(Error::new(ErrorKind::Unsupported, "the empty square cannot move"));
        }
        estimate = estimate.max(raised);
        search.bound = r;
    }
}

/// The registry's solver: IDA* with a partition's databases, their dual lookups and BPMX, and
/// with `fsm` the shape's move automaton.
#[derive(Clone)]
pub(crate) struct DualBpmx {
    config: PdbConfig,
    fsm: bool,
}

impl DualBpmx {
    pub(crate) fn new(config: PdbConfig, fsm: bool) -> Self {
        DualBpmx { config, fsm }
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
        let out = ida_star_dual_metered(puzzle, &work.h, work.fsm.as_deref(), start, meter, true)?;
        let stats = Stats {
            expanded: out.nodes,
            stored: 0,
            peak_bytes: (out.moves.len() * std::mem::size_of::<Move>()) as u64,
        };
        Ok(Solution::solved(puzzle, out.moves, stats))
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
