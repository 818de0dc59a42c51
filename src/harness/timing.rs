//! How a query is timed, as rules with no clock in them: the batch of back-to-back solves that
//! times a query too short for one clock read, the seeded order the cases run in, the boards a
//! solver warms up on, the do-nothing solver whose time is the harness's floor, and when a
//! median is at that floor.

use crate::board::{Board, Puzzle};
use crate::cases::{random_walk, Case};
use crate::error::Result;
use crate::solver::{Solution, Solver, SolverInfo, Stats};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;

/// A query whose first timing is under this (ns) is timed in batches: a clock read costs tens
/// of nanoseconds and ticks coarsely, so one solve of a few microseconds reads mostly the clock.
pub const BATCH_BELOW_NS: u64 = 5_000;
/// What one batch aims to take (ns): long against a clock read, short against a time slice.
pub const BATCH_TARGET_NS: u64 = 25_000;
/// Most solves in one batch, so a query of a few nanoseconds is not run a million times.
pub const MAX_BATCH: u32 = 1024;
/// The seed of the order the cases of every set run in ([`shuffled`]).
pub const ORDER_SEED: u64 = 61;
/// Boards each worker warms up on: short walks from the goal, never a board of the set.
pub const WARM_UP_BOARDS: usize = 8;
/// A median at most this many times the floor is marked as at the floor.
pub const AT_FLOOR_FACTOR: u64 = 2;
/// The mark of a median at the floor, in the console tables and on the page.
pub const AT_FLOOR_MARK: &str = "≈floor";

/// How many back-to-back solves of one query make its batch, from one solve's time `single_ns`:
/// 1 at or above [`BATCH_BELOW_NS`], else enough to reach [`BATCH_TARGET_NS`], at most
/// [`MAX_BATCH`]. The query's time is then the batch's over its size ([`per_query_ns`]).
pub fn batch_size(single_ns: u64) -> u32 {
    if single_ns >= BATCH_BELOW_NS {
        return 1;
    }
    let k = BATCH_TARGET_NS.div_ceil(single_ns.max(1));
    u32::try_from(k).unwrap_or(MAX_BATCH).clamp(1, MAX_BATCH)
}

/// One query's time from its batch: the batch's time over its `k` solves, rounded to nearest.
pub fn per_query_ns(batch_ns: u64, k: u32) -> u64 {
    let k = u64::from(k.max(1));
    (batch_ns + k / 2) / k
}

/// The order `n` cases run in: a shuffle seeded with `seed`, the same for the same seed, so a
/// set's easy cases are not all timed first (while caches and the machine settle) and a rerun
/// times them in the same order. Rows are still written in case order.
pub fn shuffled(n: usize, seed: u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    order
}

/// Boards to warm a solver up on for `puzzle`: up to [`WARM_UP_BOARDS`] walks of 2 to 12 moves
/// from the goal that are not the start of any of `cases`, so a solver that keeps state between
/// queries (a cache, a table filled on demand) is not timed on boards it has already answered.
pub fn warm_up_boards(puzzle: &Puzzle, cases: &[&Case]) -> Vec<Board> {
    let mut rng = ChaCha8Rng::seed_from_u64(ORDER_SEED);
    let mut boards: Vec<Board> = Vec::with_capacity(WARM_UP_BOARDS);
    for length in (2..=12).cycle().take(4 * WARM_UP_BOARDS) {
        let b = random_walk(&mut rng, puzzle, length);
        let taken = cases.iter().any(|c| c.puzzle == *puzzle && c.start == b);
        if b != *puzzle.goal() && !taken && !boards.contains(&b) {
            boards.push(b);
        }
        if boards.len() == WARM_UP_BOARDS {
            break;
        }
    }
    boards
}

/// Whether `median_ns` is within [`AT_FLOOR_FACTOR`] of the harness's `floor_ns` per query: so
/// little above what timing nothing costs that the harness, not the solver, may be most of it.
pub fn at_floor(median_ns: u64, floor_ns: Option<u64>) -> bool {
    floor_ns.is_some_and(|f| median_ns <= f.saturating_mul(AT_FLOOR_FACTOR))
}

/// The solver that does no work: it answers "unsolvable" without looking at the board. Timed
/// through the same path as every solver, its median is the harness's floor per query. It is
/// never in the registry.
pub(super) struct DoNothing;

impl DoNothing {
    /// Its information: a custom solver, taking every puzzle.
    pub(super) fn info() -> &'static SolverInfo {
        static INFO: OnceLock<SolverInfo> = OnceLock::new();
        INFO.get_or_init(|| SolverInfo::custom("floor", "none", true))
    }
}

impl Solver for DoNothing {
    fn info(&self) -> &SolverInfo {
        DoNothing::info()
    }

    fn solve(&mut self, _: &Puzzle, _: &Board) -> Result<Solution> {
        Ok(Solution::unsolvable(Stats::default()))
    }

    fn fork(&self) -> Box<dyn Solver> {
        Box::new(DoNothing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::SetDef;

    #[test]
    fn a_query_under_the_batch_threshold_is_batched_to_the_target() {
        assert_eq!(batch_size(BATCH_BELOW_NS), 1);
        assert_eq!(batch_size(1_000_000), 1);
        assert_eq!(batch_size(1_000), 25);
        assert_eq!(batch_size(3_000), 9);
        assert_eq!(batch_size(10), MAX_BATCH);
        assert_eq!(batch_size(0), MAX_BATCH);
    }

    #[test]
    fn a_batch_time_divides_into_the_per_query_time_rounded() {
        assert_eq!(per_query_ns(25_000, 25), 1_000);
        assert_eq!(per_query_ns(10, 4), 3);
        assert_eq!(per_query_ns(9, 4), 2);
        assert_eq!(per_query_ns(7, 1), 7);
        assert_eq!(per_query_ns(7, 0), 7);
    }

    #[test]
    fn the_shuffle_is_the_same_for_a_seed_and_a_permutation() {
        let a = shuffled(50, ORDER_SEED);
        assert_eq!(a, shuffled(50, ORDER_SEED));
        assert_ne!(a, shuffled(50, ORDER_SEED + 1));
        assert_ne!(a, (0..50).collect::<Vec<_>>());
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
    }

    #[test]
    fn warm_up_boards_are_never_boards_of_the_set() {
        let set =
            SetDef::parse("walk:3x3:4", None, Some(200), None, 7).unwrap().generate().unwrap();
        let cases: Vec<&Case> = set.iter().collect();
        let boards = warm_up_boards(&cases[0].puzzle, &cases);
        assert!(!boards.is_empty());
        for b in &boards {
            assert!(!cases.iter().any(|c| c.start == *b), "{b:?} is a case of the set");
        }
    }

    #[test]
    fn a_median_within_twice_the_floor_is_at_the_floor() {
        assert!(at_floor(40, Some(20)));
        assert!(!at_floor(41, Some(20)));
        assert!(!at_floor(1, None));
    }

    #[test]
    fn the_do_nothing_solver_answers_without_expanding() {
        let puzzle = Puzzle::eight();
        let s = DoNothing.solve(&puzzle, puzzle.goal()).unwrap();
        assert!(!s.is_solvable());
        assert_eq!(s.stats, Stats::default());
        assert!(crate::solver::solver_info(&DoNothing::info().id).is_none());
    }
}
