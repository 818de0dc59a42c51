//! IDA* (Korf 1985): depth-first searches bounded by `f = g + h`, each bound the smallest `f`
//! the previous search cut off, until one reaches the goal. It stores only the current path, so
//! it solves the 15-puzzle, whose space no table or visited set can hold.
//!
//! Generic over [`Heuristic`], so Manhattan distance, linear conflict and pattern databases run
//! the same search. The board is one packed word with the empty square's index beside it (a
//! `u64` at 4 bits a square up to 16 squares, a `u128` at 5 bits up to 25, chosen once per
//! search: the loop is compiled for each), the heuristic's node rides on the recursion, and
//! nothing is allocated per node.

use crate::board::{Board, Move, Puzzle, MAX_CELLS};
use crate::budget::{Budget, Meter};
use crate::checkpoint;
use crate::encoding::Word;
use crate::error::{Error, ErrorKind, Result};
use crate::heuristic::Heuristic;

/// What one IDA* search found and how much work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdaOutcome {
    /// An optimal path from the start to the goal.
    pub moves: Vec<Move>,
    /// Nodes generated, counted as Korf did: every child generated (those the bound cuts off
    /// included), never the move back, summed over all iterations, stopping at the goal, the
    /// root not counted.
    pub nodes: u64,
    /// Depth-first searches run, one per bound.
    pub iterations: u32,
}

/// The order Korf tried the moves of the empty square in; node counts depend on it.
pub const KORF_ORDER: [Move; 4] = [Move::Up, Move::Left, Move::Right, Move::Down];

/// One move of the empty square: where it goes, its name, its cost, and what the word `W`
/// needs to make it ([`Word::prepare_slide`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edge<W: Word> {
    pub(crate) to: u8,
    pub(crate) mv: Move,
    pub(crate) cost: u32,
    pub(crate) slide: W::Slide,
}

/// For every square of the empty square, its moves in [`KORF_ORDER`], one per square reached
/// (on tori with two rows or two columns, two directions reach the same square; the first in
/// the order names it).
#[derive(Clone, Debug)]
pub(crate) struct MoveLists<W: Word> {
    edges: [[Edge<W>; 4]; MAX_CELLS],
    count: [u8; MAX_CELLS],
}

impl<W: Word> MoveLists<W> {
    pub(crate) fn new(puzzle: &Puzzle) -> MoveLists<W> {
        let none = Edge { to: 0, mv: Move::Up, cost: 0, slide: W::prepare_slide(0, 0) };
        let mut edges = [[none; 4]; MAX_CELLS];
        let mut count = [0u8; MAX_CELLS];
        for s in 0..puzzle.shape().cells() {
            for mv in KORF_ORDER {
                let Some(to) = puzzle.target(s, mv) else { continue };
                let k = count[s] as usize;
                if edges[s][..k].iter().any(|e| e.to as usize == to) {
                    continue;
                }
                let slide = W::prepare_slide(s, to);
                edges[s][k] = Edge { to: to as u8, mv, cost: puzzle.costs().of(mv), slide };
                count[s] += 1;
            }
        }
        MoveLists { edges, count }
    }

    /// The moves from square `s`.
    #[inline(always)]
    pub(crate) fn from(&self, s: usize) -> &[Edge<W>] {
        &self.edges[s][..self.count[s] as usize]
    }
}

/// Marks "no square" for the root's parent.
const NO_PARENT: usize = MAX_CELLS;

/// What a bounded depth-first search returns when it reached the goal (every other return is
/// the smallest `f` above the bound, which is at least 1).
const FOUND: u32 = 0;

/// The state of one IDA* run, shared by all its iterations.
struct Search<'a, 'm, H: Heuristic, W: Word> {
    h: &'a H,
    moves: MoveLists<W>,
    goal: W,
    bound: u32,
    nodes: u64,
    meter: &'m mut Meter,
    stopped: Option<Error>,
    path: Vec<Move>,
}

impl<H: Heuristic, W: Word> Search<'_, '_, H, W> {
    /// Searches below the node (`packed`, `blank`) reached at cost `g` from the square
    /// `parent`; returns [`FOUND`] or the smallest `f` that exceeded the bound.
    fn dfs(&mut self, packed: W, blank: usize, parent: usize, g: u32, node: H::Node) -> u32 {
        if packed == self.goal {
            return FOUND;
        }
        let mut next_bound = u32::MAX;
        for k in 0..self.moves.count[blank] as usize {
            let e = &self.moves.edges[blank][k];
            let to = e.to as usize;
            if to == parent {
                continue;
            }
            let (child, tile) = packed.slide_prepared(blank, to, &e.slide);
            self.nodes += 1;
            if let Err(e) = self.meter.charge(1) {
                self.stopped = Some(e);
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
            let r = self.dfs(child, to, blank, child_g, child_node);
            if r == FOUND {
                return FOUND;
            }
            self.path.pop();
            next_bound = next_bound.min(r);
        }
        next_bound
    }
}

/// An optimal path from `start` to `puzzle`'s goal by IDA* with `h`, which must be admissible
/// for `puzzle` (built for its shape, topology, goal and costs). With weighted costs `g` and
/// `f` are in cost units and the path is a cheapest one.
///
/// The caller decides solvability first: IDA* never ends on a board that cannot reach the goal.
/// A board the parity rule rejects is refused here; `budget` bounds the work otherwise (its
/// states are nodes generated; an error of kind [`ErrorKind::Budget`] once it is spent).
pub fn ida_star<H: Heuristic>(
    puzzle: &Puzzle,
    h: &H,
    start: &Board,
    budget: &Budget,
) -> Result<IdaOutcome> {
    ida_star_metered(puzzle, h, start, &mut Meter::start(budget))
}

/// [`ida_star`] charging a running `meter`, one unit per node generated.
pub(crate) fn ida_star_metered<H: Heuristic>(
    puzzle: &Puzzle,
    h: &H,
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
        run::<H, u64>(puzzle, h, start, meter)
    } else {
        run::<H, u128>(puzzle, h, start, meter)
    }
}

/// The search itself over the word `W`, which holds the puzzle's board.
fn run<H: Heuristic, W: Word>(
    puzzle: &Puzzle,
    h: &H,
    start: &Board,
    meter: &mut Meter,
) -> Result<IdaOutcome> {
    let mut search = Search {
        h,
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
    // Under a harness that keeps checkpoints, a killed run's search goes on from its last
    // finished iteration: the same threshold, the nodes it had counted (charged again, so a
    // state budget bounds the whole search).
    let (mut tracker, resume) = checkpoint::Tracker::start(h.name(), search.bound)?;
    if let Some(r) = resume {
        search.bound = r.threshold;
        search.nodes = r.nodes;
        iterations = r.iterations;
        search.meter.charge(r.nodes)?;
    }
    loop {
        iterations += 1;
        let r = search.dfs(packed, blank, NO_PARENT, 0, root);
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
        tracker.iteration_done(r, search.nodes, iterations);
    }
}
