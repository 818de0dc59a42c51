//! The kit the searches share: the checks before a search, the per-state records their maps
//! hold ([`Step`], [`Link`], [`Dist`]), and walking those records back into moves.

use super::api::{Solution, SolverInfo, Stats};
use crate::board::{Board, Move, Puzzle};
use crate::encoding::{Encoding, Slot, StateMap};
use crate::error::{Error, ErrorKind, Result};
use crate::solvability::solvable;

/// The checks every solver makes before searching (its row's shapes unless `any_shape`, see
/// [`own_shape`]); answers trivial cases without a search.
pub(crate) fn precheck(
    info: &SolverInfo,
    puzzle: &Puzzle,
    start: &Board,
    any_shape: bool,
) -> Result<Option<Solution>> {
    if start.shape() != puzzle.shape() {
        return Err(Error::new(
            ErrorKind::Parse,
            format!("a {} board given to a {} puzzle", start.shape(), puzzle.shape()),
        ));
    }
    if let Some(a) = info.algorithm_kind.filter(|a| !a.topologies().contains(&puzzle.topology())) {
        return Err(Error::new(
            ErrorKind::Unsupported,
            format!(
                "{} does not work on the {}: {} takes only the {}",
                info.id,
                puzzle.topology(),
                a.name(),
                a.topologies().iter().map(ToString::to_string).collect::<Vec<_>>().join(" and ")
            ),
        ));
    }
    if !any_shape {
        own_shape(info, puzzle)?;
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
    if !solvable(puzzle, start) {
        return Ok(Some(Solution::unsolvable(Stats::default())));
    }
    Ok(None)
}

/// Refuses a puzzle off the row's shapes (see [`AlgorithmSpec::off_shape`]), before a
/// search or a build.
///
/// [`AlgorithmSpec::off_shape`]: super::AlgorithmSpec::off_shape
pub(crate) fn own_shape(info: &SolverInfo, puzzle: &Puzzle) -> Result<()> {
    match info.algorithm_kind.and_then(|a| a.spec().off_shape(puzzle)) {
        Some(why) => {
            Err(Error::new(ErrorKind::Unsupported, format!("{} does not run here: {why}", info.id)))
        }
        None => Ok(()),
    }
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
    // The parent is on this side already: skip it (a meeting there was recorded before).
    let back = own.get(state).and_then(|l| l.step.mv()).map(Move::opposite);
    enc.successors_except(state, back, |mv, next| {
        let link = Link { step: Step::of(mv), depth: (depth + 1) as u16 };
        let (mine, new) = match own.get_or_insert(&next, link) {
            Some(l) => (l.depth as u32, false),
            None => (depth + 1, true),
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
