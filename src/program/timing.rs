//! A program's processes timed: one batch run, the runs of one input with their medians and
//! scatter, T(N) − T(0) against its noise, and the `programs.csv` row they make.

use super::process::{self, Invocation, Limits};
use super::spec::Mode;
use crate::report::{QueryTime, TimeIs};
use crate::stats::median;
use serde::Serialize;
use std::time::Duration;

/// Stdout a batch may print per case before it is killed for flooding, and at least.
pub(super) const STDOUT_PER_CASE: usize = 4096;
pub(super) const STDOUT_MIN: usize = 1 << 20;

/// Whole-process timing of one program on one set (`programs.csv`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TimingRow {
    /// Solver id.
    pub solver: String,
    /// Case set.
    pub case_set: String,
    /// `batch` or `per-case`.
    pub mode: String,
    /// Protocols the set was sent in.
    pub protocol: String,
    /// Processes run for the set (timed runs, repeats aside).
    pub processes: u64,
    /// Cases it was run on (under a time cap, those it reached).
    pub cases: u64,
    /// Median wall time of an empty run, T(0), ns.
    pub empty_wall_ns: u64,
    /// CPU time of that run, ns.
    pub empty_cpu_ns: u64,
    /// Wall time of the set's processes (each the median of its repeats), ns.
    pub wall_ns: u64,
    /// CPU time of the same processes, user plus system, ns.
    pub cpu_ns: u64,
    /// Cases it answered (a path, a cost or `unsolvable`): the N of a batch's (T(N) − T(0)) / N.
    #[serde(skip)]
    pub answered: u64,
    /// Time charged to each query, ns: (T(N) − T(0)) / N in batch mode, the median process in
    /// per-case mode; an upper bound when `per_query_is` says so, empty when nothing was answered.
    pub per_query_ns: Option<u64>,
    /// Largest peak resident memory of its processes (`VmHWM`, sampled), bytes.
    pub peak_bytes: u64,
    /// How its processes ended: `exit status 0`, or the first other end and how many had one
    /// (a crash after the last answer is a runtime error, so it is said here too).
    pub ended: String,
    /// `measured`, or `upper-bound` when T(N) − T(0) was not resolved above the runs' spread;
    /// empty with `per_query_ns`.
    pub per_query_is: Option<TimeIs>,
}

impl TimingRow {
    /// The time charged to each query, as measured or bounded.
    pub fn per_query(&self) -> QueryTime {
        match (self.per_query_ns, self.per_query_is) {
            (Some(t), Some(TimeIs::UpperBound)) => QueryTime::Below(t),
            (Some(t), _) => QueryTime::Measured(t),
            (None, _) => QueryTime::NotMeasured,
        }
    }

    /// A row with nothing run yet.
    pub(super) fn new(solver: &str, set: &str, mode: Mode) -> TimingRow {
        TimingRow {
            solver: solver.to_string(),
            case_set: set.to_string(),
            mode: mode.name().to_string(),
            protocol: String::new(),
            processes: 0,
            cases: 0,
            answered: 0,
            empty_wall_ns: 0,
            empty_cpu_ns: 0,
            wall_ns: 0,
            cpu_ns: 0,
            per_query_ns: None,
            peak_bytes: 0,
            ended: String::new(),
            per_query_is: None,
        }
    }
}

/// One process's result, or why it could not start.
pub(super) type Ran = std::result::Result<process::Outcome, String>;

/// One batch run of `inv` on `input` within `deadline`, its stdout bounded for `n` cases.
pub(super) fn run_once(inv: &Invocation, input: &[u8], deadline: Duration, n: usize) -> Ran {
    let limits =
        Limits { deadline, stdout_bytes: STDOUT_MIN.max(n.saturating_mul(STDOUT_PER_CASE)) };
    process::run(inv, input, limits).map_err(|e| e.0)
}

/// How a set's processes ended, for `programs.csv`: the first end that was not a clean exit,
/// and how many had one.
#[derive(Default)]
pub(super) struct Ends {
    pub(super) first_bad: Option<String>,
    pub(super) bad: u64,
}

impl Ends {
    pub(super) fn add(&mut self, ran: &Ran) {
        let bad = match ran {
            Ok(o) if o.end.is_success() => return,
            Ok(o) => o.end.describe(),
            Err(why) => format!("not started: {why}"),
        };
        self.bad += 1;
        self.first_bad.get_or_insert(bad);
    }

    pub(super) fn text(&self, processes: u64) -> String {
        match &self.first_bad {
            None => "exit status 0".into(),
            Some(first) => format!("{first} ({} of {processes} processes)", self.bad),
        }
    }
}

/// The runs of one input: each one's result, and the wall and CPU times of those that ran.
#[derive(Default)]
pub(super) struct Runs {
    pub(super) ran: Vec<Ran>,
    pub(super) walls: Vec<u64>,
    pub(super) cpus: Vec<u64>,
}

impl Runs {
    /// Adds a run; whether it ended cleanly.
    pub(super) fn push(&mut self, ran: Ran) -> bool {
        if let Ok(o) = &ran {
            self.walls.push(o.wall.as_nanos() as u64);
            self.cpus.push(o.cpu.as_nanos() as u64);
        }
        let ok = matches!(&ran, Ok(o) if o.end.is_success());
        self.ran.push(ran);
        ok
    }

    /// Runs until `repeat` runs ended cleanly or one did not; whether all did.
    pub(super) fn repeat(
        &mut self,
        inv: &Invocation,
        input: &[u8],
        limits: (Duration, usize),
        repeat: u32,
    ) -> bool {
        while self.walls.len() < repeat.max(1) as usize {
            let (deadline, n) = limits;
            if !self.push(run_once(inv, input, deadline, n)) {
                return false;
            }
        }
        self.clean()
    }

    /// Whether every run ended cleanly.
    pub(super) fn clean(&self) -> bool {
        self.ran.iter().all(|r| matches!(r, Ok(o) if o.end.is_success()))
    }

    pub(super) fn wall(&self) -> u64 {
        median(&mut self.walls.clone())
    }

    pub(super) fn cpu(&self) -> u64 {
        median(&mut self.cpus.clone())
    }
}

/// Empty runs at least in batch mode: one run shows no spread to judge T(N) − T(0) by.
pub(super) const EMPTY_RUNS: u32 = 3;
/// Runs of T(0) and of T(N) at most while their difference is not resolved above the spread.
pub(super) const RESOLVE_RUNS: usize = 7;
/// Wall time those extra runs may take per process's input: a slow start (a JVM) is not
/// rerun for long only to learn that a small difference stays small.
pub(super) const RESOLVE_TIME: Duration = Duration::from_secs(3);

/// The scatter of single runs: the range of `v`.
pub(super) fn range(v: &[u64]) -> u64 {
    match (v.iter().min(), v.iter().max()) {
        (Some(lo), Some(hi)) => hi - lo,
        _ => 0,
    }
}

/// T(N) − T(0) (0 when below) and its noise: the runs' scatter (the wider range of the two,
/// since one run of T(N) shows none) over √runs for each median. A difference counts as
/// measured above twice the noise.
pub(super) fn excess(empty: &Runs, full: &Runs) -> (u64, u64) {
    let scatter = range(&empty.walls).max(range(&full.walls)) as f64;
    let over = |n: usize| scatter / (n.max(1) as f64).sqrt();
    let noise = (over(empty.walls.len()) + over(full.walls.len())) as u64;
    (full.wall().saturating_sub(empty.wall()), noise)
}

/// The time of each of `n` queries that took `diff` over the empty run, with `noise`:
/// measured when above twice the noise, else bounded by what that could hide.
pub(super) fn per_query(diff: u64, noise: u64, n: u64) -> QueryTime {
    let n = n.max(1);
    let margin = noise.saturating_mul(2);
    if diff > margin {
        QueryTime::Measured(diff / n)
    } else {
        QueryTime::Below(diff.saturating_add(margin).div_ceil(n).max(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(walls: &[u64]) -> Runs {
        Runs { ran: Vec::new(), walls: walls.to_vec(), cpus: walls.to_vec() }
    }

    #[test]
    fn a_difference_within_the_noise_is_only_an_upper_bound() {
        // T(0) 200–300 ms, T(N) 250 ms: nothing resolved, whatever N.
        let (diff, noise) =
            excess(&runs(&[200_000_000, 250_000_000, 300_000_000]), &runs(&[250_000_000]));
        assert_eq!(per_query(diff, noise, 5), QueryTime::Below((diff + 2 * noise).div_ceil(5)));
        // T(0) 1.0–1.2 ms, T(N) 11 ms over 1000 queries: 10 µs each, measured.
        let (diff, noise) = excess(&runs(&[1_000_000, 1_100_000, 1_200_000]), &runs(&[11_100_000]));
        assert_eq!(per_query(diff, noise, 1000), QueryTime::Measured(10_000));
        // Below the empty run is no negative time: a bound above zero.
        assert!(matches!(per_query(0, 0, 3), QueryTime::Below(1)));
    }
}
