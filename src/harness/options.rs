//! What a comparison runs (sets, solvers, threads) and how each query is run (budgets, repeats,
//! warm-up, the shard).

use super::cap::Cap;
use super::policy::{rank_table_fits, DEFAULT_BUDGET_STREAK};
use super::progress::Watch;
use super::sets::SetSpec;
use crate::board::Puzzle;
use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Result};
use std::fmt;
use std::str::FromStr;

/// What to run.
#[derive(Clone, Debug)]
pub struct CompareOptions {
    /// Case sets, in order.
    pub sets: Vec<SetSpec>,
    /// Solver ids; every solver when empty.
    pub solvers: Vec<String>,
    /// Worker threads for the cases of one solver.
    pub threads: usize,
    /// Bound on the states one search may hold.
    pub max_states: u64,
    /// Told how the run goes (sets, solvers, queries done), for a command to draw; `None`:
    /// nobody is told. The library itself writes nothing to the console.
    pub progress: Option<Watch>,
    /// Solvers to time again at each of `sweep_threads` on the `random` set (threads.csv).
    pub sweep_solvers: Vec<String>,
    /// Thread counts for the sweep.
    pub sweep_threads: Vec<usize>,
    /// Per set name, solvers too slow to run on it (they are skipped and listed as such).
    pub skip: Vec<(String, String)>,
    /// The catalogue the `idastar-catalogue` rows read in place of the shipped one
    /// ([`crate::solver::SolverOptions::catalogue`]); they run on the sets a catalogue is
    /// shipped for.
    pub catalogue: Option<std::path::PathBuf>,
}

/// How each query is run: its budget, the over-budget streak, repeats, warm-up, the shard, and
/// where long searches keep their checkpoints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunControls {
    /// What one query may spend.
    pub budget: Budget,
    /// Over-budget queries in a row (in the order they finish) after which a solver sits out
    /// the rest of a set; 0 never stops one.
    pub budget_streak: u32,
    /// Timed runs of each query (at most, with adaptive repeats); the rows record the median.
    pub repeat: u32,
    /// The cutting rule: a time cap per solver and set, and adaptive repeats.
    pub cap: Cap,
    /// Whether each worker runs one untimed query per solver and set before the timed ones.
    pub warm_up: bool,
    /// Which slice of every set to run.
    pub shard: Option<Shard>,
    /// Puzzles whose rank table fits under this state bound ([`rank_table_fits`]) run without
    /// the time budget: a table answers every query there, and every solver finishes, so a
    /// time budget would only cut the slow ones' statistics. A state budget, which only the
    /// user sets, bounds them still. `None`: the whole budget bounds every query.
    pub unbudgeted_up_to: Option<u64>,
    /// The directory long IDA* searches keep their checkpoints in ([`crate::checkpoint`]), so
    /// that the same run started again resumes them; `None`: they keep none.
    pub checkpoints: Option<std::path::PathBuf>,
    /// Threads each IDA* search runs on ([`crate::solver::SolverOptions::search_threads`]);
    /// other solvers search on one. A run uses up to its threads times these.
    pub search_threads: usize,
}

impl RunControls {
    /// The budget of a query on `puzzle`.
    pub fn budget_for(&self, puzzle: &Puzzle) -> Budget {
        match self.unbudgeted_up_to {
            Some(n) if rank_table_fits(puzzle, n) => Budget { time: None, ..self.budget },
            _ => self.budget,
        }
    }
}

impl Default for RunControls {
    /// No budget, a streak of [`DEFAULT_BUDGET_STREAK`], one timed run, a warm-up, every case,
    /// no checkpoints, one thread per search.
    fn default() -> Self {
        RunControls {
            budget: Budget::UNLIMITED,
            budget_streak: DEFAULT_BUDGET_STREAK,
            repeat: 1,
            cap: Cap::default(),
            warm_up: true,
            shard: None,
            unbudgeted_up_to: None,
            checkpoints: None,
            search_threads: 1,
        }
    }
}

/// The K-th of N disjoint, deterministic slices of every set: the cases whose index within
/// their set is K-1 modulo N. Written `K/N`, 1 ≤ K ≤ N.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 1.
    pub index: u64,
    /// How many slices.
    pub count: u64,
}

impl Shard {
    /// Whether the case at `id` within its set belongs to this slice.
    pub fn holds(self, id: u64) -> bool {
        id % self.count == self.index - 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = Error;
    fn from_str(s: &str) -> Result<Shard> {
        let bad = |why: &str| Error::new(ErrorKind::Parse, format!("bad shard `{s}`: {why}"));
        let (k, n) = s.split_once('/').ok_or_else(|| bad("expected K/N, for example 2/8"))?;
        let k: u64 = k.trim().parse().map_err(|_| bad("K is not a whole number"))?;
        let n: u64 = n.trim().parse().map_err(|_| bad("N is not a whole number"))?;
        if n == 0 || k == 0 || k > n {
            return Err(bad("K must be 1 to N, and N at least 1"));
        }
        Ok(Shard { index: k, count: n })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::korf100;
    use crate::encoding::DEFAULT_MAX_STATES;
    use std::time::Duration;

    #[test]
    fn a_budget_scoped_to_large_spaces_leaves_3x3_queries_unbounded() {
        let budget = Budget { time: Some(Duration::from_secs(1)), states: None };
        let scoped = RunControls {
            budget,
            unbudgeted_up_to: Some(DEFAULT_MAX_STATES),
            ..RunControls::default()
        };
        assert_eq!(scoped.budget_for(&Puzzle::eight()), Budget::UNLIMITED);
        assert_eq!(scoped.budget_for(&korf100::korf_puzzle()), budget);
        let everywhere = RunControls { budget, ..RunControls::default() };
        assert_eq!(everywhere.budget_for(&Puzzle::eight()), budget);
    }

    #[test]
    fn a_state_budget_bounds_the_puzzles_the_time_budget_leaves_alone() {
        let budget = Budget { time: Some(Duration::from_secs(1)), states: Some(1000) };
        let scoped = RunControls {
            budget,
            unbudgeted_up_to: Some(DEFAULT_MAX_STATES),
            ..RunControls::default()
        };
        assert_eq!(scoped.budget_for(&Puzzle::eight()), Budget { time: None, states: Some(1000) });
        assert_eq!(scoped.budget_for(&korf100::korf_puzzle()), budget);
    }
}
