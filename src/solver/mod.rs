//! Every solver behind one trait, and the registry that makes them from their ids.
//!
//! A solver id is `ALGORITHM/ENCODING`; each algorithm lives in its own module and is written
//! once, generic over [`Encoding`], so `bfs/text` and `bfs/rank` run the same code.

mod astar;
pub mod astar_h;
mod bfs;
mod bidir_shared;
mod bidir_split;
mod dial;
mod dijkstra;
pub mod idastar;
mod peers;
mod table;

use crate::board::{Board, Move, Puzzle};
use crate::encoding::{Encoding, Rank, Slot, StateMap, Text};
use crate::error::{Error, ErrorKind, Result};
use std::time::Duration;

/// What a search did, for the harness's tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// States taken off the queue and expanded (for a table query: states walked).
    pub expanded: u64,
    /// States held in visited sets and maps at the end of the query.
    pub stored: u64,
    /// Bytes the solver's own structures held at their peak during the query.
    pub peak_bytes: u64,
}

/// A solver's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The moves from the start to the goal; `None` when the goal cannot be reached.
    pub moves: Option<Vec<Move>>,
    /// Total cost of the moves under the puzzle's costs.
    pub cost: Option<u64>,
    /// Counters of the search.
    pub stats: Stats,
}

impl Solution {
    /// A solved answer; the cost is computed from the puzzle's move costs.
    pub fn solved(puzzle: &Puzzle, moves: Vec<Move>, stats: Stats) -> Solution {
        let cost = moves.iter().map(|&m| puzzle.costs().of(m) as u64).sum();
        Solution { moves: Some(moves), cost: Some(cost), stats }
    }

    /// The goal cannot be reached.
    pub fn unsolvable(stats: Stats) -> Solution {
        Solution { moves: None, cost: None, stats }
    }

    /// Whether the goal can be reached.
    pub fn is_solvable(&self) -> bool {
        self.moves.is_some()
    }

    /// The judge's answer: the move letters, or `unsolvable`.
    pub fn judge_line(&self) -> String {
        match &self.moves {
            Some(m) => crate::board::moves_to_string(m),
            None => "unsolvable".to_string(),
        }
    }
}

/// A solver: one algorithm over one encoding.
pub trait Solver: Send + Sync {
    /// What the solver is.
    fn info(&self) -> &SolverInfo;

    /// Does the per-puzzle work that later queries share (a table's build) and returns how long
    /// it took, or `None` when there was nothing to build. Solving calls it when needed.
    fn prepare(&mut self, puzzle: &Puzzle) -> Result<Option<Duration>> {
        let _ = puzzle;
        Ok(None)
    }

    /// Finds moves from `start` to the puzzle's goal.
    fn solve(&mut self, puzzle: &Puzzle, start: &Board) -> Result<Solution>;

    /// A solver of the same kind for another thread, sharing anything already built.
    fn fork(&self) -> Box<dyn Solver>;
}

/// What a solver is and what it promises.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverInfo {
    /// `ALGORITHM/ENCODING`.
    pub id: String,
    /// The algorithm's name.
    pub algorithm: &'static str,
    /// The encoding's name.
    pub encoding: &'static str,
    /// Whether it handles moves of unequal cost.
    pub weighted: bool,
    /// Whether it builds a table once per puzzle and answers queries from it.
    pub table: bool,
    /// Whether it is an outside reference (the `pathfinding` crate).
    pub peer: bool,
}

/// An algorithm the registry knows.
#[derive(Clone, Copy, Debug)]
pub struct Algorithm {
    /// The name, first half of the solver id.
    pub name: &'static str,
    /// Whether it handles moves of unequal cost.
    pub weighted: bool,
    /// Whether it builds a table.
    pub table: bool,
    /// Whether it comes from the `pathfinding` crate.
    pub peer: bool,
    /// One line for `slidebench solvers --long`.
    pub summary: &'static str,
}

/// Every algorithm, in the order listings show them.
pub const ALGORITHMS: &[Algorithm] = &[
    Algorithm {
        name: "bfs",
        weighted: false,
        table: false,
        peer: false,
        summary: "one forward breadth-first search per query",
    },
    Algorithm {
        name: "table",
        weighted: true,
        table: true,
        peer: false,
        summary: "reverse BFS (reverse Dijkstra when weighted) from the goal, built once; queries walk it",
    },
    Algorithm {
        name: "bidir-shared",
        weighted: false,
        table: false,
        peer: false,
        summary: "bidirectional BFS, one FIFO queue holding both sides' states",
    },
    Algorithm {
        name: "bidir-split",
        weighted: false,
        table: false,
        peer: false,
        summary: "bidirectional BFS, two queues, expanding the smaller frontier a layer at a time",
    },
    Algorithm {
        name: "dijkstra",
        weighted: true,
        table: false,
        peer: false,
        summary: "Dijkstra with a binary heap",
    },
    Algorithm {
        name: "dial",
        weighted: true,
        table: false,
        peer: false,
        summary: "Dijkstra with a bucket queue (Dial's algorithm), for small integer costs",
    },
    Algorithm {
        name: "astar",
        weighted: true,
        table: false,
        peer: false,
        summary: "A* with the sum of each tile's cheapest distance to its goal square",
    },
    Algorithm {
        name: "pathfinding-bfs",
        weighted: false,
        table: false,
        peer: true,
        summary: "the pathfinding crate's bfs",
    },
    Algorithm {
        name: "pathfinding-bidir",
        weighted: false,
        table: false,
        peer: true,
        summary: "the pathfinding crate's bfs_bidirectional",
    },
    Algorithm {
        name: "pathfinding-dijkstra",
        weighted: true,
        table: false,
        peer: true,
        summary: "the pathfinding crate's dijkstra",
    },
];

/// Both encodings' names.
pub const ENCODINGS: &[&str] = &[Text::NAME, Rank::NAME];

/// Every solver, algorithm-major.
pub fn all_solvers() -> Vec<SolverInfo> {
    ALGORITHMS.iter().flat_map(|a| ENCODINGS.iter().map(move |e| info_for(a, e))).collect()
}

fn info_for(a: &Algorithm, encoding: &'static str) -> SolverInfo {
    SolverInfo {
        id: format!("{}/{}", a.name, encoding),
        algorithm: a.name,
        encoding,
        weighted: a.weighted,
        table: a.table,
        peer: a.peer,
    }
}

/// The solver the `solve` command uses when none is named: the fastest on the 8-puzzle.
pub const DEFAULT_SOLVER: &str = "table/rank";
/// The solver the `cruller` command uses when none is named: the fastest for weighted moves.
pub const DEFAULT_WEIGHTED_SOLVER: &str = "astar/rank";

/// The information of a solver id, if it names one.
pub fn solver_info(id: &str) -> Option<SolverInfo> {
    all_solvers().into_iter().find(|s| s.id == id)
}

/// Makes the solver named `id`; searches and tables refuse to hold more than `max_states`.
pub fn new_solver(id: &str, max_states: u64) -> Result<Box<dyn Solver>> {
    let info = solver_info(id).ok_or_else(|| {
        Error::new(ErrorKind::Parse, format!("unknown solver `{id}` (see `slidebench solvers`)"))
    })?;
    Ok(match info.encoding {
        "text" => make::<Text>(info, max_states),
        _ => make::<Rank>(info, max_states),
    })
}

fn make<E: Encoding>(info: SolverInfo, max_states: u64) -> Box<dyn Solver>
where
    E::State: 'static,
{
    match info.algorithm {
        "bfs" => Box::new(bfs::Bfs::<E>::new(info, max_states)),
        "table" => Box::new(table::Table::<E>::new(info, max_states)),
        "bidir-shared" => Box::new(bidir_shared::BidirShared::<E>::new(info, max_states)),
        "bidir-split" => Box::new(bidir_split::BidirSplit::<E>::new(info, max_states)),
        "dijkstra" => Box::new(dijkstra::Dijkstra::<E>::new(info, max_states)),
        "dial" => Box::new(dial::Dial::<E>::new(info, max_states)),
        "astar" => Box::new(astar::AStar::<E>::new(info, max_states)),
        "pathfinding-bfs" => Box::new(peers::Peer::<E>::new(info, max_states, peers::Kind::Bfs)),
        "pathfinding-bidir" => {
            Box::new(peers::Peer::<E>::new(info, max_states, peers::Kind::Bidirectional))
        }
        _ => Box::new(peers::Peer::<E>::new(info, max_states, peers::Kind::Dijkstra)),
    }
}

/// The checks every solver makes before searching; answers trivial cases without a search.
pub(crate) fn precheck(
    info: &SolverInfo,
    puzzle: &Puzzle,
    start: &Board,
) -> Result<Option<Solution>> {
    if start.shape() != puzzle.shape() {
        return Err(Error::new(
            ErrorKind::Parse,
            format!("a {} board given to a {} puzzle", start.shape(), puzzle.shape()),
        ));
    }
    if !info.weighted && !puzzle.costs().is_unit() {
        return Err(Error::new(
            ErrorKind::Unsupported,
            format!("{} finds fewest moves, not cheapest: it needs unit move costs", info.id),
        ));
    }
    if start == puzzle.goal() {
        return Ok(Some(Solution::solved(puzzle, Vec::new(), Stats::default())));
    }
    if puzzle.known_solvable(start) == Some(false) {
        return Ok(Some(Solution::unsolvable(Stats::default())));
    }
    Ok(None)
}

/// Whether two puzzles share shape and topology, so one encoding serves both.
pub(crate) fn same_space(a: &Puzzle, b: &Puzzle) -> bool {
    a.shape() == b.shape() && a.topology() == b.topology()
}

/// The error for a search that outgrew its bound.
pub(crate) fn too_many_states(max_states: u64) -> Error {
    Error::new(
        ErrorKind::TooLarge,
        format!(
            "the search stored more than {} states and stopped (raise the bound with --max-states)",
            crate::units::group_digits(max_states)
        ),
    )
}

/// The move that led into a state, or the root mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step(u8);

impl Step {
    pub(crate) const ROOT: Step = Step(4);
    pub(crate) fn of(mv: Move) -> Step {
        Step(mv as u8)
    }
    pub(crate) fn mv(self) -> Option<Move> {
        (self.0 < 4).then(|| Move::from_index(self.0))
    }
}

impl Slot for Step {
    const EMPTY: Step = Step(0xff);
    fn is_empty(&self) -> bool {
        self.0 == 0xff
    }
}

/// The move that led into a state and the state's depth, for searches that need both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Link {
    pub(crate) step: Step,
    pub(crate) depth: u16,
}

impl Slot for Link {
    const EMPTY: Link = Link { step: Step::EMPTY, depth: 0 };
    fn is_empty(&self) -> bool {
        self.step.is_empty()
    }
}

/// Best known distance and the move that achieved it, for Dijkstra-like searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dist {
    pub(crate) dist: u32,
    pub(crate) step: Step,
}

impl Slot for Dist {
    const EMPTY: Dist = Dist { dist: u32::MAX, step: Step::EMPTY };
    fn is_empty(&self) -> bool {
        self.dist == u32::MAX
    }
}

/// The moves from `state` back to its search's root, found by walking the recorded moves: each
/// state stores the move that reached it, so its opposite leads one step back. For a search that
/// started at the goal these are the moves from `state` to the goal. Allocates only the answer.
pub(crate) fn path_from<E: Encoding, V: Slot>(
    enc: &E,
    map: &E::Map<V>,
    state: &E::State,
    step_of: impl Fn(V) -> Step,
) -> Vec<Move> {
    // Room for every 8-puzzle answer (at most 31 moves) in one allocation.
    let mut moves = Vec::with_capacity(32);
    let mut s = state.clone();
    while let Some(mv) = map.get(&s).and_then(|v| step_of(v).mv()) {
        let back = mv.opposite();
        moves.push(back);
        s = enc.apply(&s, back).expect("recorded moves can be undone");
    }
    moves
}

/// The moves from the search's root to `state`: [`path_from`] reversed and undone.
pub(crate) fn path_to<E: Encoding, V: Slot>(
    enc: &E,
    map: &E::Map<V>,
    state: &E::State,
    step_of: impl Fn(V) -> Step,
) -> Vec<Move> {
    let mut moves = path_from(enc, map, state, step_of);
    moves.reverse();
    for m in &mut moves {
        *m = m.opposite();
    }
    moves
}

/// Expands `state` (at `depth`) for side `side` of a bidirectional search: stores new states on
/// that side, hands them to `push`, and records any meeting with the other side that beats
/// `best` as (path length, meeting state).
pub(crate) fn expand_side<E: Encoding>(
    enc: &E,
    sides: &mut [E::Map<Link>; 2],
    side: usize,
    state: &E::State,
    depth: u32,
    best: &mut Option<(u32, E::State)>,
    mut push: impl FnMut(E::State),
) {
    let (first, second) = sides.split_at_mut(1);
    let (own, other) =
        if side == 0 { (&mut first[0], &second[0]) } else { (&mut second[0], &first[0]) };
    enc.successors(state, |mv, next| {
        let (mine, new) = if let Some(l) = own.get(&next) {
            (l.depth as u32, false)
        } else {
            own.insert(&next, Link { step: Step::of(mv), depth: (depth + 1) as u16 });
            (depth + 1, true)
        };
        if let Some(o) = other.get(&next) {
            let len = mine + o.depth as u32;
            if best.as_ref().is_none_or(|(b, _)| len < *b) {
                *best = Some((len, next.clone()));
            }
        }
        if new {
            push(next);
        }
    });
}

/// The answer of a bidirectional search: the forward side's path to the meeting state, then
/// the backward side's path from it to the goal.
pub(crate) fn join_meeting<E: Encoding>(
    enc: &E,
    puzzle: &Puzzle,
    sides: &[E::Map<Link>; 2],
    best: Option<(u32, E::State)>,
    stats: Stats,
) -> Solution {
    let Some((_, meet)) = best else {
        return Solution::unsolvable(stats);
    };
    let mut moves = path_to(enc, &sides[0], &meet, |l: Link| l.step);
    moves.extend(path_from(enc, &sides[1], &meet, |l: Link| l.step));
    Solution::solved(puzzle, moves, stats)
}

/// A per-query workspace that is rebuilt only when the puzzle's space changes.
pub(crate) fn ensure<E: Encoding, W>(
    slot: &mut Option<(E, W)>,
    puzzle: &Puzzle,
    max_states: u64,
    make: impl FnOnce(&E) -> W,
) -> Result<()> {
    let stale = match slot {
        Some((enc, _)) => !same_space(enc.puzzle(), puzzle),
        None => true,
    };
    if stale {
        let enc = E::new(puzzle, max_states)?;
        let ws = make(&enc);
        *slot = Some((enc, ws));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
