//! The one IDA* search behind every IDA* solver (issue #62): plain, `-fsm`, `-dual`,
//! `-dual-fsm`, `-max`, `-max-fsm`, every heuristic. It was written three times, and only one
//! copy checkpointed; here the iteration loop, the node count, the budget and the checkpoints
//! are written once, generic over what varies:
//!
//! - the lookups ([`Lookups`]): any [`Heuristic`] ([`Regular`]: each child searched as soon as
//!   it is generated), or a [`DualPdb`] with pathmax ([`Dual`]: all children generated first);
//! - the move filter ([`MoveFilter`]): every move but the undo, or a shape's [`MoveAutomaton`];
//! - the iteration-boundary hook ([`IterationHook`]): none, or the harness's checkpoints.
//!
//! Everything is static dispatch: each combination compiles to its own loop, so the hot loop
//! pays nothing for the genericity.

use super::idastar::{IdaOutcome, MoveLists};
use crate::board::{Board, Move, Puzzle, MAX_CELLS};
use crate::budget::Meter;
use crate::checkpoint;
use crate::encoding::Word;
use crate::error::{Error, ErrorKind, Result};
use crate::fsm::{MoveAutomaton, DEAD};
use crate::heuristic::Heuristic;
use crate::pdb::{DualPdb, PdbNode};

/// Marks "no square" for the root's parent.
const NO_PARENT: usize = MAX_CELLS;

/// What a bounded depth-first search returns when it reached the goal (every other return is
/// the smallest `f` above the bound, which is at least 1).
const FOUND: u32 = 0;

/// Which moves the search may make after the path so far, beyond never undoing the last one.
pub trait MoveFilter: Sync {
    /// What the filter remembers of the path (`()` when nothing).
    type State: Copy;
    /// The state of the empty path.
    const START: Self::State;
    /// The state after `mv` from `state`, or `None` where the move is never made.
    fn step(&self, state: Self::State, mv: Move) -> Option<Self::State>;
}

/// Every move allowed.
#[derive(Clone, Copy, Debug)]
pub struct EveryMove;

impl MoveFilter for EveryMove {
    type State = ();
    const START: () = ();
    #[inline(always)]
    fn step(&self, (): (), _: Move) -> Option<()> {
        Some(())
    }
}

impl MoveFilter for MoveAutomaton {
    type State = u32;
    const START: u32 = MoveAutomaton::START;
    #[inline(always)]
    fn step(&self, state: u32, mv: Move) -> Option<u32> {
        let next = MoveAutomaton::step(self, state, mv);
        (next != DEAD).then_some(next)
    }
}

/// Where a search stands between two iterations: enough to go on exactly as if it never
/// stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Boundary {
    /// The threshold of the next iteration.
    pub threshold: u32,
    /// Nodes generated over the finished iterations.
    pub nodes: u64,
    /// Iterations finished.
    pub iterations: u32,
    /// The root's estimate as pathmax raised it (the lookups' estimate without pathmax).
    pub root_h: u32,
}

/// Called where one iteration ends and the next begins: the only place a search may be
/// stopped and resumed exactly.
pub trait IterationHook {
    /// Where the search with lookups named `name`, whose root estimate is `root_h`, starts:
    /// `None` from scratch.
    ///
    /// # Errors
    /// When a recorded state cannot be used.
    fn start(&mut self, name: &'static str, root_h: u32) -> Result<Option<Boundary>>;
    /// The iteration before `at` finished without reaching the goal.
    fn iteration_done(&mut self, at: &Boundary);
    /// The search stopped partway through an iteration (its budget spent), with `nodes`
    /// generated in all: those past the last boundary are redone by a resumed search.
    fn interrupted(&mut self, nodes: u64) {
        let _ = nodes;
    }
}

/// No hook: every search from scratch, nothing recorded.
#[derive(Clone, Copy, Debug)]
pub struct NoHook;

impl IterationHook for NoHook {
    fn start(&mut self, _: &'static str, _: u32) -> Result<Option<Boundary>> {
        Ok(None)
    }
    fn iteration_done(&mut self, _: &Boundary) {}
}

/// The harness's checkpoints (`checkpoint::Tracker`; inert outside `checkpoint::during`).
#[derive(Default)]
pub struct Checkpoints {
    tracker: Option<checkpoint::Tracker>,
}

impl IterationHook for Checkpoints {
    fn start(&mut self, name: &'static str, root_h: u32) -> Result<Option<Boundary>> {
        let (tracker, resume) = checkpoint::Tracker::start(name, root_h)?;
        self.tracker = Some(tracker);
        Ok(resume.map(|r| Boundary {
            threshold: r.threshold,
            nodes: r.nodes,
            iterations: r.iterations,
            root_h: r.root_h,
        }))
    }

    fn iteration_done(&mut self, at: &Boundary) {
        if let Some(t) = &mut self.tracker {
            t.iteration_done(at.threshold, at.root_h, at.nodes, at.iterations);
        }
    }

    fn interrupted(&mut self, nodes: u64) {
        if let Some(t) = &mut self.tracker {
            t.interrupted(nodes);
        }
    }
}

/// The estimates a search reads, and the order it expands a node in.
pub trait Lookups: Sync {
    /// What rides on the recursion for the estimates.
    type Node: Copy;
    /// The name a checkpoint records.
    fn name(&self) -> &'static str;
    /// The root's node and estimate.
    fn root<W: Word>(&self, start: &Board, packed: W, blank: usize) -> (Self::Node, u32);
    /// One iteration from the root: [`FOUND`] or the next threshold, and the root's estimate
    /// as the iteration raised it.
    #[doc(hidden)]
    fn iterate<W: Word, F: MoveFilter>(
        s: &mut Search<'_, '_, Self, F, W>,
        packed: W,
        blank: usize,
        root: Self::Node,
        root_h: u32,
    ) -> (u32, u32)
    where
        Self: Sized;
}

/// The state of one run, shared by all its iterations.
#[doc(hidden)]
pub struct Search<'a, 'm, L, F: MoveFilter, W: Word> {
    l: &'a L,
    filter: &'a F,
    moves: MoveLists<W>,
    goal: W,
    bound: u32,
    count: Counter<'m>,
    path: Vec<Move>,
}

/// The nodes generated and the budget they are charged to: apart from the rest of [`Search`]
/// so the loops may count while they hold a borrowed move.
struct Counter<'m> {
    nodes: u64,
    /// Nodes within the bound whose children were generated (see [`IdaOutcome::expanded`]).
    expanded: u64,
    meter: &'m mut Meter,
    stopped: Option<Error>,
}

impl Counter<'_> {
    /// Counts one node generated; `false` when the budget is spent (the search then unwinds
    /// as if it found the goal, and [`Counter::stopped`] says why).
    #[inline(always)]
    fn generated(&mut self) -> bool {
        self.nodes += 1;
        if let Err(e) = self.meter.charge(1) {
            self.stopped = Some(e);
            return false;
        }
        true
    }
}

/// A [`Heuristic`]'s lookups: each child is searched as soon as it is generated.
pub struct Regular<'a, H>(pub &'a H);

impl<H: Heuristic> Lookups for Regular<'_, H> {
    type Node = H::Node;

    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn root<W: Word>(&self, start: &Board, _: W, _: usize) -> (H::Node, u32) {
        let node = self.0.start(start);
        (node, self.0.estimate(&node))
    }

    #[inline(always)]
    fn iterate<W: Word, F: MoveFilter>(
        s: &mut Search<'_, '_, Self, F, W>,
        packed: W,
        blank: usize,
        root: H::Node,
        root_h: u32,
    ) -> (u32, u32) {
        (regular_dfs(s, packed, blank, NO_PARENT, 0, root, F::START), root_h)
    }
}

/// Searches below the node (`packed`, `blank`) reached at cost `g` from the square `parent`;
/// returns [`FOUND`] or the smallest `f` that exceeded the bound.
fn regular_dfs<H: Heuristic, F: MoveFilter, W: Word>(
    s: &mut Search<'_, '_, Regular<'_, H>, F, W>,
    packed: W,
    blank: usize,
    parent: usize,
    g: u32,
    node: H::Node,
    state: F::State,
) -> u32 {
    if packed == s.goal {
        return FOUND;
    }
    s.count.expanded += 1;
    let mut next_bound = u32::MAX;
    for k in 0..s.moves.count(blank) {
        let e = s.moves.edge(blank, k);
        let to = e.to as usize;
        if to == parent {
            continue;
        }
        let Some(next_state) = s.filter.step(state, e.mv) else { continue };
        let (child, tile) = packed.slide_prepared(blank, to, &e.slide);
        if !s.count.generated() {
            return FOUND;
        }
        let child_g = g + e.cost;
        let room = s.bound.saturating_sub(child_g);
        let (child_node, estimate) = s.l.0.step_within(&node, child, tile, to, blank, room);
        let f = child_g + estimate;
        if f > s.bound {
            next_bound = next_bound.min(f);
            continue;
        }
        s.path.push(e.mv);
        let r = regular_dfs(s, child, to, blank, child_g, child_node, next_state);
        if r == FOUND {
            return FOUND;
        }
        s.path.pop();
        next_bound = next_bound.min(r);
    }
    next_bound
}

/// A partition's databases with their dual lookups, and bidirectional pathmax when `bpmx`
/// (see [`super::idastar_dual`]): all of a node's children are generated before any is
/// searched, so each sees the others' estimates.
pub struct Dual<'a> {
    /// The databases and their dual lookups.
    pub pdb: &'a DualPdb,
    /// Whether estimates propagate (BPMX); off, each node's estimate is the larger lookup.
    pub bpmx: bool,
}

/// One generated child, waiting for its search (and the root, whose move and cost are unused).
#[derive(Clone, Copy)]
struct Child<W: Word, S: Copy> {
    packed: W,
    to: u8,
    mv: Move,
    cost: u32,
    node: PdbNode,
    h: u32,
    state: S,
}

impl Lookups for Dual<'_> {
    type Node = PdbNode;

    fn name(&self) -> &'static str {
        self.pdb.regular().name()
    }

    fn root<W: Word>(&self, start: &Board, packed: W, blank: usize) -> (PdbNode, u32) {
        let node = self.pdb.regular().start(start);
        (node, self.pdb.regular().estimate(&node).max(self.pdb.dual(packed, blank)))
    }

    #[inline(always)]
    fn iterate<W: Word, F: MoveFilter>(
        s: &mut Search<'_, '_, Self, F, W>,
        packed: W,
        blank: usize,
        root: PdbNode,
        root_h: u32,
    ) -> (u32, u32) {
        let at = Child {
            packed,
            to: blank as u8,
            mv: Move::Up,
            cost: 0,
            node: root,
            h: root_h,
            state: F::START,
        };
        dual_dfs(s, &at, NO_PARENT, 0)
    }
}

/// The estimate of a child at cost `g` whose regular lookups are in `node`: the dual is read
/// only where the regular sum leaves the child under the bound.
#[inline(always)]
fn dual_estimate<F: MoveFilter, W: Word>(
    s: &Search<'_, '_, Dual<'_>, F, W>,
    node: &mut PdbNode,
    packed: W,
    blank: usize,
    g: u32,
) -> u32 {
    let room = s.bound.saturating_sub(g);
    let regular = s.l.pdb.regular().estimate_within(node, room);
    if regular > room {
        return regular;
    }
    regular.max(s.l.pdb.dual(packed, blank))
}

/// Searches below the node `at` (its empty square on `at.to`, its estimate `at.h`) reached at
/// cost `g` from square `parent`; returns [`FOUND`] or the smallest `f` above the bound, and
/// the node's estimate as its children raised it.
fn dual_dfs<F: MoveFilter, W: Word>(
    s: &mut Search<'_, '_, Dual<'_>, F, W>,
    at: &Child<W, F::State>,
    parent: usize,
    g: u32,
) -> (u32, u32) {
    let (packed, blank, node, mut h, state) = (at.packed, at.to as usize, at.node, at.h, at.state);
    if packed == s.goal {
        return (FOUND, 0);
    }
    s.count.expanded += 1;
    let bpmx = s.l.bpmx;
    let none = Child { packed, to: 0, mv: Move::Up, cost: 0, node, h: 0, state };
    let mut children = [none; 4];
    let mut count = 0;
    for k in 0..s.moves.count(blank) {
        let e = s.moves.edge(blank, k);
        let to = e.to as usize;
        if to == parent {
            continue;
        }
        let Some(next_state) = s.filter.step(state, e.mv) else { continue };
        let (child, tile) = packed.slide_prepared(blank, to, &e.slide);
        let mut child_node = s.l.pdb.regular().step(&node, child, tile, to, blank);
        if !s.count.generated() {
            return (FOUND, 0);
        }
        let hc = dual_estimate(s, &mut child_node, child, to, g + e.cost);
        if bpmx && hc > h + e.cost {
            // Child to parent: the parent is at most one move further than the child.
            h = hc - e.cost;
            if g + h > s.bound {
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
        let hc = if bpmx { c.h.max(h.saturating_sub(c.cost)) } else { c.h };
        let f = g + c.cost + hc;
        if f > s.bound {
            next_bound = next_bound.min(f);
            continue;
        }
        s.path.push(c.mv);
        let (r, raised) = dual_dfs(s, &Child { h: hc, ..*c }, blank, g + c.cost);
        if r == FOUND {
            return (FOUND, 0);
        }
        s.path.pop();
        next_bound = next_bound.min(r);
        if bpmx && raised > h + c.cost {
            h = raised - c.cost;
            if g + h > s.bound {
                return (next_bound.min(g + h), h);
            }
        }
    }
    (next_bound, h)
}

/// Refuses a board of another shape, or one the parity rule says never reaches the goal.
fn check(puzzle: &Puzzle, start: &Board) -> Result<()> {
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
    Ok(())
}

/// An optimal path from `start` to `puzzle`'s goal by IDA* with `lookups` (admissible for
/// `puzzle`) and the moves `filter` allows, charging `meter` one unit per node generated, with
/// `hook` told of every iteration's end (and asked where to start).
///
/// # Errors
/// A board of another shape or one that cannot reach the goal; a spent budget; the hook's.
pub fn ida<L: Lookups, F: MoveFilter, K: IterationHook>(
    puzzle: &Puzzle,
    lookups: &L,
    filter: &F,
    start: &Board,
    meter: &mut Meter,
    hook: &mut K,
) -> Result<IdaOutcome> {
    check(puzzle, start)?;
    if puzzle.shape().cells() <= u64::MAX_SQUARES {
        run::<L, F, K, u64>(puzzle, lookups, filter, start, meter, hook)
    } else {
        run::<L, F, K, u128>(puzzle, lookups, filter, start, meter, hook)
    }
}

/// The search itself over the word `W`, which holds the puzzle's board.
fn run<L: Lookups, F: MoveFilter, K: IterationHook, W: Word>(
    puzzle: &Puzzle,
    lookups: &L,
    filter: &F,
    start: &Board,
    meter: &mut Meter,
    hook: &mut K,
) -> Result<IdaOutcome> {
    let (packed, blank) = (W::of_board(start), start.blank());
    let (root, mut root_h) = lookups.root(start, packed, blank);
    let mut s = Search {
        l: lookups,
        filter,
        moves: MoveLists::new(puzzle),
        goal: W::of_board(puzzle.goal()),
        bound: root_h,
        count: Counter { nodes: 0, expanded: 0, meter, stopped: None },
        path: Vec::with_capacity(256),
    };
    let mut iterations = 0;
    // A resumed search goes on from its last finished iteration: the same threshold, the nodes
    // it had counted (charged again, so a budget bounds the whole search).
    if let Some(b) = hook.start(lookups.name(), root_h)? {
        s.bound = b.threshold;
        s.count.nodes = b.nodes;
        iterations = b.iterations;
        root_h = b.root_h;
        s.count.meter.charge(b.nodes)?;
    }
    loop {
        iterations += 1;
        let (r, raised) = L::iterate(&mut s, packed, blank, root, root_h);
        if let Some(e) = s.count.stopped {
            hook.interrupted(s.count.nodes);
            return Err(e);
        }
        if r == FOUND {
            return Ok(IdaOutcome {
                moves: s.path,
                nodes: s.count.nodes,
                expanded: s.count.expanded,
                iterations,
            });
        }
        if r == u32::MAX {
            return Err(Error::new(ErrorKind::Unsupported, "the empty square cannot move"));
        }
        root_h = root_h.max(raised);
        s.bound = r;
        hook.iteration_done(&Boundary { threshold: r, nodes: s.count.nodes, iterations, root_h });
    }
}

pub(crate) mod split;

#[cfg(test)]
mod tests;
