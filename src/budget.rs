//! Per-query budgets: a bound on a query's wall time and on the states it expands, checked
//! inside the search loops so an over-budget query stops promptly and leaves its solver ready
//! for the next one.

use crate::error::{Error, ErrorKind, Result};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// How much one query may spend. The default is unlimited.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Wall time from the start of the query.
    pub time: Option<Duration>,
    /// States expanded (for IDA*: nodes generated).
    pub states: Option<u64>,
}

impl Budget {
    /// No bound.
    pub const UNLIMITED: Budget = Budget { time: None, states: None };

    /// Whether neither bound is set.
    pub fn is_unlimited(&self) -> bool {
        self.time.is_none() && self.states.is_none()
    }
}

/// Charges between two looks at the clock: reading it costs about 20 ns, a charge about 1 ns,
/// and 4,096 expansions take well under a millisecond in every solver here.
const CLOCK_EVERY: u64 = 4096;

/// A query's running account against its [`Budget`]. Searches call [`Meter::charge`] once per
/// state expanded; it costs one add and one compare until a bound is near.
#[derive(Clone, Debug)]
pub struct Meter {
    used: u64,
    /// `used` at which to look again: the state bound, or the next clock reading.
    next_look: u64,
    states: u64,
    deadline: Option<Instant>,
    /// The threads this meter counts one search's work with, if it is one of several.
    team: Option<Arc<Team>>,
    /// How much of `used` the team has been told of.
    reported: u64,
}

/// What the threads of one search share ([`Meter::member`]): the states they charged between
/// them, and a flag that stops them all at their next look at the clock.
#[derive(Debug, Default)]
pub struct Team {
    used: AtomicU64,
    stop: AtomicBool,
    /// Why a member stopped the team over its budget, if one did.
    cause: OnceLock<Error>,
}

impl Team {
    /// Stops every member at its next look (within a few thousand states).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether [`Team::stop`] was called.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Why the team was stopped over its budget, if it was (not when it was stopped by
    /// [`Team::stop`] alone, as when a member found the answer).
    pub fn over_budget(&self) -> Option<&Error> {
        self.cause.get()
    }

    /// Stops the team over its budget: every member's next look fails.
    fn fail(&self, e: Error) -> Error {
        let _ = self.cause.set(e.clone());
        self.stop();
        e
    }
}

impl Meter {
    /// A meter that never stops a search.
    pub fn unlimited() -> Meter {
        Meter {
            used: 0,
            next_look: u64::MAX,
            states: u64::MAX,
            deadline: None,
            team: None,
            reported: 0,
        }
    }

    /// Starts the clock on `budget`.
    pub fn start(budget: &Budget) -> Meter {
        let states = budget.states.unwrap_or(u64::MAX);
        let deadline = budget.time.map(|t| Instant::now() + t);
        let next_look = if deadline.is_some() { CLOCK_EVERY.min(states) } else { states };
        Meter { used: 0, next_look, states, deadline, team: None, reported: 0 }
    }

    /// A team for threads sharing this meter's budget, having used what this meter has.
    #[must_use]
    pub fn team(&self) -> Arc<Team> {
        Arc::new(Team { used: AtomicU64::new(self.used), ..Team::default() })
    }

    /// A meter for one of the threads of `team` (made by [`Meter::team`] on this meter): this
    /// meter's budget, charged by the whole team, stopping when the team is stopped. It looks
    /// every few thousand states (`CLOCK_EVERY`), so the team overruns the state bound by at most that many
    /// states a thread.
    #[must_use]
    pub fn member(&self, team: &Arc<Team>) -> Meter {
        Meter {
            used: 0,
            next_look: CLOCK_EVERY,
            states: self.states,
            deadline: self.deadline,
            team: Some(Arc::clone(team)),
            reported: 0,
        }
    }

    /// Counts `n` states expanded; fails with [`ErrorKind::Budget`] once the budget is spent.
    #[inline]
    pub fn charge(&mut self, n: u64) -> Result<()> {
        self.used += n;
        if self.used >= self.next_look {
            self.look()
        } else {
            Ok(())
        }
    }

    /// States charged so far.
    pub fn used(&self) -> u64 {
        self.used
    }

    #[cold]
    fn look(&mut self) -> Result<()> {
        if let Some(team) = &self.team {
            let fresh = self.used - self.reported;
            self.reported = self.used;
            let total = team.used.fetch_add(fresh, Ordering::Relaxed) + fresh;
            if total > self.states {
                let over = format!("over the budget of {} states", self.states);
                return Err(team.fail(Error::new(ErrorKind::Budget, over)));
            }
            if team.stopped() {
                return Err(Error::new(ErrorKind::Budget, "stopped with the other threads"));
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(team.fail(Error::new(ErrorKind::Budget, "over the time budget")));
            }
            self.next_look = self.used + CLOCK_EVERY;
            return Ok(());
        }
        if self.used > self.states {
            return Err(Error::new(
                ErrorKind::Budget,
                format!("over the budget of {} states", self.states),
            ));
        }
        if let Some(deadline) = self.deadline {
            if Instant::now() >= deadline {
                return Err(Error::new(ErrorKind::Budget, "over the time budget"));
            }
            self.next_look = self.used.saturating_add(CLOCK_EVERY).min(self.states);
        } else {
            self.next_look = self.states;
        }
        // At the state bound itself the next charge must look again.
        if self.next_look <= self.used {
            self.next_look = self.used + 1;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unlimited_meter_never_stops() {
        let mut m = Meter::unlimited();
        for _ in 0..100_000 {
            m.charge(1).unwrap();
        }
        assert_eq!(m.used(), 100_000);
    }

    #[test]
    fn the_state_bound_allows_exactly_its_count() {
        let mut m = Meter::start(&Budget { time: None, states: Some(10) });
        for _ in 0..10 {
            m.charge(1).unwrap();
        }
        assert_eq!(m.charge(1).unwrap_err().kind(), ErrorKind::Budget);
    }

    #[test]
    fn a_spent_time_budget_stops_within_one_clock_period() {
        let mut m = Meter::start(&Budget { time: Some(Duration::ZERO), states: None });
        let mut charged = 0;
        let err = loop {
            charged += 1;
            if let Err(e) = m.charge(1) {
                break e;
            }
        };
        assert_eq!(err.kind(), ErrorKind::Budget);
        assert!(charged <= CLOCK_EVERY, "{charged}");
    }
}
