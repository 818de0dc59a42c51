//! What parallel IDA* ([`crate::solver::ida_parallel`]) needs of the one core: the tree down to
//! a split depth expanded as the serial search expands it (same move order, same filter
//! states, every node counted once), and the core's own bounded search below each node left
//! at that depth. A child of the core so the search itself is not copied.

use super::{dual_dfs, regular_dfs, Child, Dual, Lookups, MoveFilter, Regular, Search, NO_PARENT};
use crate::board::{Board, Move, Puzzle};
use crate::budget::Meter;
use crate::encoding::Word;
use crate::heuristic::Heuristic;
use crate::pdb::PdbNode;
use crate::solver::idastar::MoveLists;

/// A node at the split depth (or the goal above it), searched by one thread.
#[derive(Clone)]
pub(crate) struct Subtree<W: Word, N: Copy, S: Copy> {
    packed: W,
    blank: u8,
    parent: usize,
    g: u32,
    node: N,
    /// The estimate the expansion gave it (pathmax included); unused by [`Regular`].
    h: u32,
    state: S,
    /// The moves from the root.
    path: Vec<Move>,
}

/// What one expansion to the split depth found.
pub(crate) struct Frontier<W: Word, N: Copy, S: Copy> {
    /// The nodes left to search, in the serial search's order.
    pub(crate) subtrees: Vec<Subtree<W, N, S>>,
    /// The smallest `f` above the bound among the nodes cut off above the split depth.
    pub(crate) next_bound: u32,
    /// The root's estimate as pathmax raised it above the split depth.
    pub(crate) root_h: u32,
}

/// Lookups the parallel search can split: each expands the top of the tree and searches below
/// a node as its own depth-first search does.
pub(crate) trait Split: Lookups + Sized {
    /// The nodes at `depth` under the bound `s.bound`, each child generated and counted on `s`
    /// exactly as one iteration of the serial search generates it above that depth.
    fn expand<W: Word, F: MoveFilter>(
        s: &mut Search<'_, '_, Self, F, W>,
        packed: W,
        blank: usize,
        root: Self::Node,
        root_h: u32,
        depth: u32,
    ) -> Frontier<W, Self::Node, F::State>;

    /// The core's search below `t` with `s.bound`: [`FOUND`] (the path from the root in
    /// `s.path`) or the smallest `f` above the bound.
    fn below<W: Word, F: MoveFilter>(
        s: &mut Search<'_, '_, Self, F, W>,
        t: &Subtree<W, Self::Node, F::State>,
    ) -> u32;
}

impl<'a, 'm, L, F: MoveFilter, W: Word> Search<'a, 'm, L, F, W> {
    /// A search with `lookups`, `filter` and the bound `bound`, charging `meter`: one thread's.
    pub(crate) fn for_split(
        puzzle: &Puzzle,
        lookups: &'a L,
        filter: &'a F,
        bound: u32,
        meter: &'m mut Meter,
    ) -> Self {
        Search {
            l: lookups,
            filter,
            moves: MoveLists::new(puzzle),
            goal: W::of_board(puzzle.goal()),
            bound,
            count: super::Counter { nodes: 0, expanded: 0, meter, stopped: None },
            path: Vec::with_capacity(256),
        }
    }

    /// Nodes generated so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.count.nodes
    }

    /// Nodes expanded so far.
    pub(crate) fn expanded(&self) -> u64 {
        self.count.expanded
    }

    /// Why the meter stopped the search, if it did.
    pub(crate) fn take_stopped(&mut self) -> Option<crate::error::Error> {
        self.count.stopped.take()
    }

    /// The path of the last search that reached the goal.
    pub(crate) fn take_path(&mut self) -> Vec<Move> {
        std::mem::take(&mut self.path)
    }
}

/// The root's node and estimate as the serial search computes them.
pub(crate) fn root<L: Lookups, W: Word>(l: &L, start: &Board) -> (W, usize, L::Node, u32) {
    let (packed, blank) = (W::of_board(start), start.blank());
    let (node, h) = l.root(start, packed, blank);
    (packed, blank, node, h)
}

/// What [`Split::below`] returns when it reached the goal.
pub(crate) const FOUND: u32 = super::FOUND;

/// Refuses what the serial search refuses: a board of another shape, or one the parity rule
/// says never reaches the goal.
pub(crate) fn check_start(puzzle: &Puzzle, start: &Board) -> crate::error::Result<()> {
    super::check(puzzle, start)
}

/// What `FOUND` means to a search that cannot reach the goal above the split depth: the meter
/// stopped it.
const STOPPED: u32 = FOUND;

impl<H: Heuristic> Split for Regular<'_, H> {
    fn expand<W: Word, F: MoveFilter>(
        s: &mut Search<'_, '_, Self, F, W>,
        packed: W,
        blank: usize,
        root: H::Node,
        root_h: u32,
        depth: u32,
    ) -> Frontier<W, H::Node, F::State> {
        let mut subtrees = Vec::new();
        let at = Subtree {
            packed,
            blank: blank as u8,
            parent: NO_PARENT,
            g: 0,
            node: root,
            h: root_h,
            state: F::START,
            path: Vec::new(),
        };
        let r = regular_expand(s, at, depth, &mut subtrees);
        Frontier { subtrees, next_bound: r, root_h }
    }

    fn below<W: Word, F: MoveFilter>(
        s: &mut Search<'_, '_, Self, F, W>,
        t: &Subtree<W, H::Node, F::State>,
    ) -> u32 {
        s.path.clear();
        s.path.extend_from_slice(&t.path);
        regular_dfs(s, t.packed, t.blank as usize, t.parent, t.g, t.node, t.state)
    }
}

/// [`regular_dfs`] down to `depth`, the nodes there (and the goal above) left in `out`.
fn regular_expand<H: Heuristic, F: MoveFilter, W: Word>(
    s: &mut Search<'_, '_, Regular<'_, H>, F, W>,
    at: Subtree<W, H::Node, F::State>,
    depth: u32,
    out: &mut Vec<Subtree<W, H::Node, F::State>>,
) -> u32 {
    if depth == 0 || at.packed == s.goal {
        out.push(at);
        return u32::MAX;
    }
    s.count.expanded += 1;
    let (packed, blank) = (at.packed, at.blank as usize);
    let mut next_bound = u32::MAX;
    for k in 0..s.moves.from(blank).len() {
        let e = s.moves.from(blank)[k];
        let to = e.to as usize;
        if to == at.parent {
            continue;
        }
        let Some(next_state) = s.filter.step(at.state, e.mv) else { continue };
        let (child, tile) = packed.slide_prepared(blank, to, &e.slide);
        if !s.count.generated() {
            return STOPPED;
        }
        let child_g = at.g + e.cost;
        let room = s.bound.saturating_sub(child_g);
        let (child_node, estimate) = s.l.0.step_within(&at.node, child, tile, to, blank, room);
        let f = child_g + estimate;
        if f > s.bound {
            next_bound = next_bound.min(f);
            continue;
        }
        let mut path = at.path.clone();
        path.push(e.mv);
        let below = Subtree {
            packed: child,
            blank: e.to,
            parent: blank,
            g: child_g,
            node: child_node,
            h: estimate,
            state: next_state,
            path,
        };
        let r = regular_expand(s, below, depth - 1, out);
        if r == STOPPED {
            return STOPPED;
        }
        next_bound = next_bound.min(r);
    }
    next_bound
}

impl Split for Dual<'_> {
    fn expand<W: Word, F: MoveFilter>(
        s: &mut Search<'_, '_, Self, F, W>,
        packed: W,
        blank: usize,
        root: PdbNode,
        root_h: u32,
        depth: u32,
    ) -> Frontier<W, PdbNode, F::State> {
        let mut subtrees = Vec::new();
        let at = Subtree {
            packed,
            blank: blank as u8,
            parent: NO_PARENT,
            g: 0,
            node: root,
            h: root_h,
            state: F::START,
            path: Vec::new(),
        };
        let (r, raised) = dual_expand(s, at, depth, &mut subtrees);
        Frontier { subtrees, next_bound: r, root_h: raised }
    }

    fn below<W: Word, F: MoveFilter>(
        s: &mut Search<'_, '_, Self, F, W>,
        t: &Subtree<W, PdbNode, F::State>,
    ) -> u32 {
        s.path.clear();
        s.path.extend_from_slice(&t.path);
        let at = Child {
            packed: t.packed,
            to: t.blank,
            mv: Move::Up,
            cost: 0,
            node: t.node,
            h: t.h,
            state: t.state,
        };
        dual_dfs(s, &at, t.parent, t.g).0
    }
}

/// [`dual_dfs`] down to `depth`, the nodes there (and the goal above) left in `out`; returns
/// the next bound and the node's estimate as its children raised it. Pathmax between a node
/// above the split depth and its children works as in the serial search, but a node left to
/// a thread cannot raise its parent, so a sibling after it the serial search would cut off
/// may be searched here.
fn dual_expand<F: MoveFilter, W: Word>(
    s: &mut Search<'_, '_, Dual<'_>, F, W>,
    at: Subtree<W, PdbNode, F::State>,
    depth: u32,
    out: &mut Vec<Subtree<W, PdbNode, F::State>>,
) -> (u32, u32) {
    if depth == 0 || at.packed == s.goal {
        let h = at.h;
        out.push(at);
        return (u32::MAX, h);
    }
    s.count.expanded += 1;
    let (packed, blank, g, mut h) = (at.packed, at.blank as usize, at.g, at.h);
    let bpmx = s.l.bpmx;
    let mut children = Vec::with_capacity(4);
    for k in 0..s.moves.from(blank).len() {
        let e = s.moves.from(blank)[k];
        let to = e.to as usize;
        if to == at.parent {
            continue;
        }
        let Some(next_state) = s.filter.step(at.state, e.mv) else { continue };
        let (child, tile) = packed.slide_prepared(blank, to, &e.slide);
        let mut child_node = s.l.pdb.regular().step(&at.node, child, tile, to, blank);
        if !s.count.generated() {
            return (STOPPED, 0);
        }
        let hc = super::dual_estimate(s, &mut child_node, child, to, g + e.cost);
        if bpmx && hc > h + e.cost {
            h = hc - e.cost;
            if g + h > s.bound {
                return (g + h, h);
            }
        }
        children.push((e, child, child_node, hc, next_state));
    }
    let mut next_bound = u32::MAX;
    for (e, child, child_node, hc, next_state) in children {
        let hc = if bpmx { hc.max(h.saturating_sub(e.cost)) } else { hc };
        let f = g + e.cost + hc;
        if f > s.bound {
            next_bound = next_bound.min(f);
            continue;
        }
        let mut path = at.path.clone();
        path.push(e.mv);
        let below = Subtree {
            packed: child,
            blank: e.to,
            parent: blank,
            g: g + e.cost,
            node: child_node,
            h: hc,
            state: next_state,
            path,
        };
        let (r, raised) = dual_expand(s, below, depth - 1, out);
        if r == STOPPED {
            return (STOPPED, 0);
        }
        next_bound = next_bound.min(r);
        if bpmx && raised > h + e.cost {
            h = raised - e.cost;
            if g + h > s.bound {
                return (next_bound.min(g + h), h);
            }
        }
    }
    (next_bound, h)
}
