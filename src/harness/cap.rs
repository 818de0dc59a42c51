//! The cutting rule that bounds a long comparison: each solver runs a set's cases easiest first
//! until its time cap for the set is spent, and the rest are recorded as `skipped` with the
//! reason; a query is timed again only while little time has gone into it (adaptive repeats),
//! so slow solvers are timed once and fast ones get a stable median.
//!
//! Together with the per-query budgets and the over-budget streak this bounds a pair (solver,
//! set) at about `pair_time` plus one query's budget, whatever the set's size, without dropping
//! any solver from any set it fits: the cut falls on the hardest cases, which is where a
//! technique stops, and `summary.csv` says for each pair how many cases ran, how many were cut,
//! by which rule, and how long the pair took.

use super::verify::{Known, Reference};
use crate::cases::Case;
use crate::heuristic::{estimate_board, Manhattan};
use std::time::{Duration, Instant};

/// The cutting rule of a run ([`super::RunControls::cap`]). The default cuts nothing and
/// repeats a fixed number of times, as runs did before the rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cap {
    /// Wall time a solver may spend on one set's timed queries; the cases not started by then
    /// are skipped. `None`: no cap.
    pub pair_time: Option<Duration>,
    /// With adaptive repeats, a query is timed again (up to [`super::RunControls::repeat`]
    /// times) only while its timings so far add up to less than this. `None`: every query is
    /// timed exactly `repeat` times.
    pub repeat_time: Option<Duration>,
}

/// Why a solver stopped before the end of a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// This many queries in a row went over their budget.
    Streak(u32),
    /// The pair's time cap was spent.
    Cap(Duration),
}

impl Cut {
    /// The reason as `summary.csv`'s `cut_by` says it.
    pub fn reason(self) -> String {
        match self {
            Cut::Streak(n) => format!("{n} over budget in a row"),
            Cut::Cap(d) => format!("time cap {} s per solver and set", d.as_secs_f64()),
        }
    }
}

/// The clock of one pair against its cap.
pub(super) struct PairClock {
    limit: Option<Duration>,
    started: Instant,
}

impl PairClock {
    /// Starts the pair's clock (when its timed queries start).
    pub(super) fn start(cap: &Cap) -> PairClock {
        PairClock { limit: cap.pair_time, started: Instant::now() }
    }

    /// Whether the cap is spent: the next case is not started.
    pub(super) fn spent(&self) -> bool {
        self.limit.is_some_and(|l| self.started.elapsed() >= l)
    }

    /// The cut this clock makes, if it has one.
    pub(super) fn cut(&self) -> Option<Cut> {
        self.limit.map(Cut::Cap)
    }
}

/// Whether a query timed `times.len()` times so far is timed again, under `cap` with at most
/// `max` timings.
pub(super) fn time_again(cap: &Cap, times: &[u64], max: u32) -> bool {
    if times.len() >= max.max(1) as usize {
        return false;
    }
    match cap.repeat_time {
        None => true,
        Some(t) => times.iter().sum::<u64>() < t.as_nanos() as u64,
    }
}

/// The order to run `cases` in, easiest first, as indices into them: boards known to be
/// unsolvable, then by known optimal cost, then (where the cost is not known beforehand) by the
/// Manhattan estimate; ties keep the set's order. Sets already ordered easiest first (Korf's
/// 100) keep their order.
pub(super) fn easiest_first(cases: &[&Case], refs: &[&Known]) -> Vec<usize> {
    let key = |i: usize| -> (u8, u64) {
        match refs[i].reference {
            Reference::Unsolvable => (0, 0),
            Reference::Cost(cost) => (1, cost),
            Reference::Unknown => {
                let c = cases[i];
                (1, u64::from(estimate_board(&Manhattan::new(&c.puzzle), &c.start)))
            }
        }
    };
    let mut keyed: Vec<((u8, u64), usize)> = (0..cases.len()).map(|i| (key(i), i)).collect();
    keyed.sort_by_key(|&(k, i)| (k, i));
    keyed.into_iter().map(|(_, i)| i).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_repeats_without_a_repeat_time() {
        let cap = Cap::default();
        assert!(time_again(&cap, &[5], 3));
        assert!(time_again(&cap, &[5, 5], 3));
        assert!(!time_again(&cap, &[5, 5, 5], 3));
    }

    #[test]
    fn adaptive_repeats_stop_once_the_query_has_taken_its_time() {
        let cap = Cap { pair_time: None, repeat_time: Some(Duration::from_micros(10)) };
        // A slow query (50 µs) is timed once; a fast one (2 µs) until 10 µs or the maximum.
        assert!(!time_again(&cap, &[50_000], 5));
        assert!(time_again(&cap, &[2_000, 2_000], 5));
        assert!(!time_again(&cap, &[2_000; 5], 5));
        assert!(!time_again(&cap, &[4_000, 4_000, 4_000], 5));
    }

    #[test]
    fn a_pair_clock_without_a_limit_is_never_spent() {
        let clock = PairClock::start(&Cap::default());
        assert!(!clock.spent());
        assert_eq!(clock.cut(), None);
        let zero = PairClock::start(&Cap { pair_time: Some(Duration::ZERO), repeat_time: None });
        assert!(zero.spent());
        assert_eq!(zero.cut().map(Cut::reason).as_deref(), Some("time cap 0 s per solver and set"));
    }
}
