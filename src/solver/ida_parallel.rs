//! One IDA* search on several threads (issue #67), for every IDA* solver: each iteration
//! expands the tree down to a split depth serially, exactly as the serial search does (same
//! move order, same move-filter states, each node counted once), and the threads take the
//! nodes left at that depth one at a time from a shared counter (work stealing in its
//! simplest form: a thread that finishes early takes the next node), each searching below its
//! node with the core's own depth-first search and the iteration's bound.
//!
//! Every subtree of an iteration shares its bound, so a path found in it costs the bound,
//! which no shorter path has (the previous iterations found none): any thread's answer is
//! optimal, and it stops the others at their next look at the meter (every 4,096 nodes).
//! The next bound is the smallest over the expansion and the threads.
//!
//! Node counts: with lookups whose pruning does not depend on the order of siblings
//! ([`Regular`], with or without a move automaton) every iteration before the last generates
//! exactly the serial search's nodes; with pathmax ([`crate::solver::ida_core::Dual`]) a node
//! left to a thread cannot raise its parent above the split depth, so some siblings the serial
//! search cuts off are searched (`docs/parallel.md` says by how much). The last iteration
//! stops wherever the answer falls in each thread's share: its count is reported as it falls.
//!
//! [`Regular`]: crate::solver::ida_core::Regular

use super::api::{Solution, Stats};
use super::ida_core::split::{self, Split};
use super::ida_core::{ida, Boundary, IterationHook, MoveFilter, Search};
use super::idastar::IdaOutcome;
use crate::board::{Board, Move, Puzzle};
use crate::budget::{Meter, Team};
use crate::encoding::Word;
use crate::error::{Error, ErrorKind, Result};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The fewest nodes at the split depth per thread: enough that a thread left with a large
/// subtree at the end of an iteration holds up the others only briefly.
pub const NODES_PER_THREAD: usize = 64;

/// The deepest split: a bound the root's tree stays narrow under has few nodes anyway.
const MAX_SPLIT: u32 = 48;

/// What a search on several threads found, with each iteration's count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParallelOutcome {
    /// The path, the total count and the iterations, as the serial search reports them.
    pub outcome: IdaOutcome,
    /// Nodes generated in each iteration run here, in order (a resumed search's earlier
    /// iterations are not listed); the last is the one that reached the goal.
    pub iteration_nodes: Vec<u64>,
    /// Time of the iterations before the last run here: the part of the search whose nodes do
    /// not depend on where the answer falls, so its speed-up on more threads is the one to
    /// measure (the last iteration's can be anything from none to superlinear).
    pub before_last: Duration,
    /// Time of the whole search run here, from its first iteration to its answer.
    pub whole: Duration,
}

impl ParallelOutcome {
    /// The solver's answer: the path, the nodes as expanded, the path as peak memory (IDA*
    /// stores nothing else), and the time of the iterations before the last.
    pub(crate) fn into_solution(self, puzzle: &Puzzle) -> Solution {
        let stats = Stats {
            expanded: self.outcome.nodes,
            stored: 0,
            peak_bytes: (self.outcome.moves.len() * std::mem::size_of::<Move>()) as u64,
            before_last: Some(self.before_last),
        };
        Solution::solved(puzzle, self.outcome.moves, stats)
    }
}

/// Records each iteration's nodes and the time at its end for the hook it wraps: one clock
/// read per iteration boundary, none per node.
pub(crate) struct PerIteration<'k, K> {
    hook: &'k mut K,
    last: u64,
    /// Nodes of each finished iteration.
    pub(crate) nodes: Vec<u64>,
    began: Option<Instant>,
    before_last: Duration,
}

impl<'k, K: IterationHook> PerIteration<'k, K> {
    /// Wraps `hook`.
    pub(crate) fn new(hook: &'k mut K) -> Self {
        PerIteration { hook, last: 0, nodes: Vec::new(), began: None, before_last: Duration::ZERO }
    }

    /// The search's outcome with each iteration's nodes and the times.
    fn finish(self, outcome: IdaOutcome) -> ParallelOutcome {
        let mut iteration_nodes = self.nodes;
        iteration_nodes.push(outcome.nodes - self.last);
        let whole = self.began.map_or(Duration::ZERO, |t| t.elapsed());
        ParallelOutcome { outcome, iteration_nodes, before_last: self.before_last, whole }
    }
}

impl<K: IterationHook> IterationHook for PerIteration<'_, K> {
    fn start(&mut self, name: &'static str, root_h: u32) -> Result<Option<Boundary>> {
        let b = self.hook.start(name, root_h)?;
        self.last = b.map_or(0, |b| b.nodes);
        self.began = Some(Instant::now());
        Ok(b)
    }
    fn iteration_done(&mut self, at: &Boundary) {
        self.before_last = self.began.map_or(Duration::ZERO, |t| t.elapsed());
        self.nodes.push(at.nodes - self.last);
        self.last = at.nodes;
        self.hook.iteration_done(at);
    }
    fn interrupted(&mut self, nodes: u64) {
        self.hook.interrupted(nodes);
    }
}

/// An optimal path from `start` to `puzzle`'s goal by IDA* with `lookups` and the moves
/// `filter` allows, on `threads` threads (1: the serial search itself), charging `meter` for
/// every node generated, with `hook` told of every iteration's end.
///
/// # Errors
/// As [`ida`]: a board of another shape or one that cannot reach the goal; a spent budget
/// (the threads' nodes together); the hook's.
pub(crate) fn ida_parallel<L, F, K>(
    puzzle: &Puzzle,
    lookups: &L,
    filter: &F,
    start: &Board,
    meter: &mut Meter,
    hook: &mut K,
    threads: usize,
) -> Result<ParallelOutcome>
where
    L: Split,
    L::Node: Send + Sync,
    F: MoveFilter,
    F::State: Send + Sync,
    K: IterationHook,
{
    // Both searches count and time their iterations through the same hook.
    let mut per = PerIteration::new(hook);
    let outcome = if threads <= 1 {
        ida(puzzle, lookups, filter, start, meter, &mut per)?
    } else {
        split::check_start(puzzle, start)?;
        let run = Run { puzzle, lookups, filter, threads };
        if puzzle.shape().cells() <= u64::MAX_SQUARES {
            run.search::<u64, _>(start, meter, &mut per)?
        } else {
            run.search::<u128, _>(start, meter, &mut per)?
        }
    };
    Ok(per.finish(outcome))
}

/// One search's fixed parts.
struct Run<'a, L, F> {
    puzzle: &'a Puzzle,
    lookups: &'a L,
    filter: &'a F,
    threads: usize,
}

/// One iteration below the split depth: the answer if a thread found one, the nodes
/// generated, and the smallest `f` above the bound.
struct Below {
    answer: Option<Vec<Move>>,
    nodes: u64,
    expanded: u64,
    next_bound: u32,
}

impl<L, F> Run<'_, L, F>
where
    L: Split,
    L::Node: Send + Sync,
    F: MoveFilter,
    F::State: Send + Sync,
{
    fn search<W: Word, K: IterationHook>(
        &self,
        start: &Board,
        meter: &mut Meter,
        hook: &mut K,
    ) -> Result<IdaOutcome> {
        let (packed, blank, root, mut root_h) = split::root::<L, W>(self.lookups, start);
        let (mut bound, mut nodes, mut expanded, mut iterations) = (root_h, 0, 0, 0);
        // A resumed search goes on from its last finished iteration, as the serial one does.
        if let Some(b) = hook.start(self.lookups.name(), root_h)? {
            (bound, nodes, iterations, root_h) = (b.threshold, b.nodes, b.iterations, b.root_h);
            meter.charge(b.nodes)?;
        }
        loop {
            iterations += 1;
            let depth = self.split_depth::<W>(packed, blank, root, root_h, bound);
            let mut s = Search::for_split(self.puzzle, self.lookups, self.filter, bound, meter);
            let frontier = L::expand(&mut s, packed, blank, root, root_h, depth);
            if let Some(e) = s.take_stopped() {
                return Err(e);
            }
            let (top, top_expanded) = (s.nodes(), s.expanded());
            let below = self.below::<W>(&frontier.subtrees, bound, meter)?;
            nodes += top + below.nodes;
            expanded += top_expanded + below.expanded;
            if let Some(moves) = below.answer {
                return Ok(IdaOutcome { moves, nodes, expanded, iterations });
            }
            let r = frontier.next_bound.min(below.next_bound);
            if r == u32::MAX {
                return Err(Error::new(ErrorKind::Unsupported, "the empty square cannot move"));
            }
            root_h = root_h.max(frontier.root_h);
            bound = r;
            hook.iteration_done(&Boundary { threshold: r, nodes, iterations, root_h });
        }
    }

    /// The shallowest depth with at least [`NODES_PER_THREAD`] nodes a thread under `bound`,
    /// found by expansions that are not counted (they are the top of the tree only).
    fn split_depth<W: Word>(
        &self,
        packed: W,
        blank: usize,
        root: L::Node,
        root_h: u32,
        bound: u32,
    ) -> u32 {
        let want = NODES_PER_THREAD * self.threads;
        let mut scratch = Meter::unlimited();
        let mut depth = 1;
        while depth < MAX_SPLIT.min(bound) {
            let mut s =
                Search::for_split(self.puzzle, self.lookups, self.filter, bound, &mut scratch);
            if L::expand(&mut s, packed, blank, root, root_h, depth).subtrees.len() >= want {
                break;
            }
            depth += 1;
        }
        depth
    }

    /// The threads' search below `subtrees` with `bound`, charged to `meter`.
    fn below<W: Word>(
        &self,
        subtrees: &[split::Subtree<W, L::Node, F::State>],
        bound: u32,
        meter: &mut Meter,
    ) -> Result<Below> {
        let team = meter.team();
        let next = AtomicUsize::new(0);
        // The answer in the earliest subtree any thread reached it in.
        let answer: Mutex<Option<(usize, Vec<Move>)>> = Mutex::new(None);
        let shares: Vec<(u64, u64, u32)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..self.threads)
                .map(|_| {
                    let mut m = meter.member(&team);
                    let (team, next, answer) = (&team, &next, &answer);
                    scope.spawn(move || self.share(subtrees, bound, &mut m, team, next, answer))
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("a search thread panicked")).collect()
        });
        let nodes = shares.iter().map(|s| s.0).sum();
        let expanded = shares.iter().map(|s| s.1).sum();
        let next_bound = shares.iter().map(|s| s.2).min().unwrap_or(u32::MAX);
        let answer = answer.into_inner().expect("no thread panicked holding it").map(|a| a.1);
        if answer.is_none() {
            if let Some(e) = team.over_budget() {
                return Err(e.clone());
            }
        }
        meter.charge(nodes)?;
        Ok(Below { answer, nodes, expanded, next_bound })
    }

    /// One thread's part: subtrees taken in turn until none is left or the team stops;
    /// returns the nodes it generated and expanded and the smallest `f` above the bound it saw.
    fn share<W: Word>(
        &self,
        subtrees: &[split::Subtree<W, L::Node, F::State>],
        bound: u32,
        meter: &mut Meter,
        team: &Arc<Team>,
        next: &AtomicUsize,
        answer: &Mutex<Option<(usize, Vec<Move>)>>,
    ) -> (u64, u64, u32) {
        let mut s = Search::for_split(self.puzzle, self.lookups, self.filter, bound, meter);
        let mut next_bound = u32::MAX;
        while !team.stopped() {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(t) = subtrees.get(i) else { break };
            let r = L::below(&mut s, t);
            if s.take_stopped().is_some() {
                break;
            }
            if r == split::FOUND {
                let mut a = answer.lock().expect("no thread panicked holding it");
                if a.as_ref().is_none_or(|(j, _)| i < *j) {
                    *a = Some((i, s.take_path()));
                }
                team.stop();
                break;
            }
            next_bound = next_bound.min(r);
        }
        (s.nodes(), s.expanded(), next_bound)
    }
}

pub mod task;

#[cfg(test)]
mod tests;
