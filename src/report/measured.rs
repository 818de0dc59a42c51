//! `summary.csv` and `summary.json` as written: a value that was not measured is an empty cell
//! (`null` in JSON), never a 0 that reads as a measurement. Times of a solver that solved
//! nothing, counts of a solver that answered nothing, and the states expanded or bytes held by a
//! solver that does not count them (the `pathfinding` peers, outside programs) are not measured.
//! Read back, an empty cell is 0 again ([`blank_is_zero`]), which every reader already treats
//! as "nothing here" (the console prints `—`).

use super::{Outcome, RunRow, SummaryRow};
use crate::solver::Counts;
use serde::{Deserialize, Deserializer, Serialize};

/// A [`SummaryRow`] as written, with what was not measured left out.
#[derive(Serialize)]
pub struct SummaryOut<'a> {
    solver: &'a str,
    algorithm: &'a str,
    encoding: &'a str,
    case_set: &'a str,
    threads: usize,
    cases: u64,
    solved: u64,
    over_budget: u64,
    skipped: u64,
    p5_ns: Option<u64>,
    median_ns: Option<u64>,
    mean_ns: Option<f64>,
    p95_ns: Option<u64>,
    queries_per_sec: Option<f64>,
    build_ns: Option<u64>,
    mean_expanded: Option<f64>,
    peak_bytes: Option<u64>,
    agree: bool,
    seed: u64,
    repeats: u32,
    ran: u64,
    cut_by: &'a str,
    pair_s: f64,
    errors: u64,
    time_is: Option<TimeIs>,
    first_build_ns: Option<u64>,
    builds: u64,
}

/// What of a row was measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measured {
    /// Time statistics: some query was solved (they cover solved queries only).
    pub times: bool,
    /// States expanded: some query was answered by a solver that counts them.
    pub expanded: bool,
    /// Peak bytes: some query was answered by a solver that reports them.
    pub peak: bool,
}

impl SummaryRow {
    /// Queries answered: run, not stopped by their budget and not failed.
    pub fn answered(&self) -> u64 {
        self.cases.saturating_sub(self.over_budget + self.skipped + self.errors)
    }

    /// The time per query a ranking compares, ns: the median, plus each query's share of the
    /// builds when the set needed more than one table (each of `weighted`'s datasets is its own
    /// puzzle, so a table is built for every few queries and is part of answering them). A set
    /// on one puzzle builds once, and where that pays is the break-even charts' question.
    pub fn ranked_ns(&self) -> u64 {
        match self.build_ns {
            Some(build) if self.builds > 1 => {
                let ran = self.ran.max(self.answered()).max(1);
                self.median_ns.saturating_add(build.saturating_mul(self.builds) / ran)
            }
            _ => self.median_ns,
        }
    }

    /// What of this row was measured. A `pathfinding` peer counts neither states nor bytes
    /// (its 0s mean "not counted"); an outside program's states are not seen, its peak memory is.
    pub fn measured(&self) -> Measured {
        let answered = self.answered() > 0;
        let counts = counts_of(&self.solver);
        let peer = crate::solver::solver_info(&self.solver).is_some_and(|i| i.peer);
        let program = self.solver.starts_with("program:");
        Measured {
            // A program's answers may all be untimed (its 0 median is none: a bound is ≥ 1).
            times: self.solved > 0 && !(program && self.median_ns == 0),
            expanded: answered && counts.expanded && !(peer && self.mean_expanded == 0.0),
            peak: answered && counts.peak && !(peer && self.peak_bytes == 0),
        }
    }

    /// The row as `summary.csv` and `summary.json` hold it.
    pub fn written(&self) -> SummaryOut<'_> {
        let m = self.measured();
        SummaryOut {
            solver: &self.solver,
            algorithm: &self.algorithm,
            encoding: &self.encoding,
            case_set: &self.case_set,
            threads: self.threads,
            cases: self.cases,
            solved: self.solved,
            over_budget: self.over_budget,
            skipped: self.skipped,
            p5_ns: m.times.then_some(self.p5_ns),
            median_ns: m.times.then_some(self.median_ns),
            mean_ns: m.times.then_some(self.mean_ns),
            p95_ns: m.times.then_some(self.p95_ns),
            queries_per_sec: (self.answered() > 0).then_some(self.queries_per_sec),
            build_ns: self.build_ns,
            mean_expanded: m.expanded.then_some(self.mean_expanded),
            peak_bytes: m.peak.then_some(self.peak_bytes),
            agree: self.agree,
            seed: self.seed,
            repeats: self.repeats,
            ran: self.ran,
            cut_by: &self.cut_by,
            pair_s: self.pair_s,
            errors: self.errors,
            time_is: m.times.then_some(self.time_is),
            first_build_ns: self.first_build_ns,
            builds: self.builds,
        }
    }
}

/// The rows as written (see the module docs).
pub fn written(rows: &[SummaryRow]) -> Vec<SummaryOut<'_>> {
    rows.iter().map(SummaryRow::written).collect()
}

/// Reads a value a writer may have left empty (not measured) as 0.
pub fn blank_is_zero<'de, D, T>(d: D) -> std::result::Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Option::<T>::deserialize(d).map(Option::unwrap_or_default)
}

/// A time charged to a query. A batch program's is (T(N) − T(0)) / N, and where that
/// difference is lost in the spread of the runs only an upper bound is known: a 0 there would
/// rank the program first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QueryTime {
    /// Resolved above the noise, ns.
    Measured(u64),
    /// Not resolved: at most this, ns.
    Below(u64),
    /// Nothing answered, nothing to time.
    #[default]
    NotMeasured,
}

impl QueryTime {
    /// The time or its bound, ns; `None` when not measured.
    pub fn ns(self) -> Option<u64> {
        match self {
            QueryTime::Measured(t) | QueryTime::Below(t) => Some(t),
            QueryTime::NotMeasured => None,
        }
    }

    /// What kind of figure it is.
    pub fn is(self) -> Option<TimeIs> {
        match self {
            QueryTime::Measured(_) => Some(TimeIs::Measured),
            QueryTime::Below(_) => Some(TimeIs::UpperBound),
            QueryTime::NotMeasured => None,
        }
    }

    /// `12.34 µs`, `< 40.00 µs`, or `—`.
    pub fn micros(self) -> String {
        match self {
            QueryTime::Measured(t) => format!("{:.2} µs", t as f64 / 1e3),
            QueryTime::Below(t) => format!("< {:.2} µs", t as f64 / 1e3),
            QueryTime::NotMeasured => "—".into(),
        }
    }
}

/// Whether a time column holds a measurement or only an upper bound (`summary.csv`'s
/// `time_is`, `programs.csv`'s `per_query_is`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum TimeIs {
    /// Measured (every file written before the column).
    #[default]
    Measured,
    /// At most the value: not resolved above the noise of the program's empty run.
    UpperBound,
}

/// What the solver with id `solver` counts: the registry's word for its own solvers, only the
/// process's peak for an outside program (`program:NAME`), everything for a solver the registry
/// does not know (written outside the crate, it fills in what it likes).
pub fn counts_of(solver: &str) -> Counts {
    if solver.starts_with("program:") {
        return Counts::PEAK;
    }
    crate::solver::solver_info(solver).map_or(Counts::ALL, |i| i.counts)
}

impl RunRow {
    /// Turns the 0s that files written before empty cells stood for "not measured" into
    /// `None`: the counters of a solver that does not fill them ([`counts_of`]), the counters
    /// of a query that gave no answer (stopped, skipped or failed), the time of a query not
    /// run, and an outside program's 0 time or memory (a process takes more than 0 of either).
    /// Values already empty stay so; a measured value is never touched.
    pub fn forget_uncounted(&mut self) {
        fn zero_is_none(v: &mut Option<u64>, unmeasured: bool) {
            if unmeasured && *v == Some(0) {
                *v = None;
            }
        }
        let counts = counts_of(&self.solver);
        let program = self.solver.starts_with("program:");
        let answered = matches!(self.outcome, Outcome::Solved | Outcome::Unsolvable);
        zero_is_none(&mut self.expanded, !counts.expanded || !answered);
        zero_is_none(&mut self.stored, !counts.stored || !answered);
        zero_is_none(&mut self.peak_bytes, !counts.peak || !answered || program);
        zero_is_none(&mut self.time_ns, self.outcome == Outcome::Skipped || program);
    }

    /// The query's own time, ns: `None` when it was not measured, only bounded, or a share of
    /// a batch's time (a program that answers a whole batch in one process times no query
    /// alone). What a chart of time against a query's distance or instance may draw.
    pub fn own_time_ns(&self) -> Option<u64> {
        match self.time_is {
            Some(super::QueryTimeIs::BatchShare | super::QueryTimeIs::UpperBound) => None,
            Some(super::QueryTimeIs::Measured | super::QueryTimeIs::Repeated) | None => {
                self.time_ns
            }
        }
    }
}

/// `rows` as read from a `runs.csv` of any age, with "not measured" as `None` throughout
/// ([`RunRow::forget_uncounted`]).
pub fn runs_read(mut rows: Vec<RunRow>) -> Vec<RunRow> {
    rows.iter_mut().for_each(RunRow::forget_uncounted);
    rows
}

/// One row per solver, set, case and thread count: of a set run in several rounds (`compare
/// --rounds`), the row with each case's median time over its rounds (the lower middle, so a
/// measured row), round 1's where no round was timed. A reader that draws or counts cases
/// takes these, never a row a round. Rows keep the order of each case's first row.
pub fn median_over_rounds(rows: Vec<RunRow>) -> Vec<RunRow> {
    if rows.iter().all(|r| r.round <= 1) {
        return rows;
    }
    let mut groups: Vec<Vec<RunRow>> = Vec::new();
    let mut at: std::collections::HashMap<(String, String, u64, usize), usize> =
        std::collections::HashMap::new();
    for r in rows {
        let key = (r.solver.clone(), r.case_set.clone(), r.case_id, r.threads);
        let i = *at.entry(key).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[i].push(r);
    }
    groups
        .into_iter()
        .filter_map(|mut g| {
            let mut timed: Vec<usize> = (0..g.len()).filter(|&i| g[i].time_ns.is_some()).collect();
            timed.sort_by_key(|&i| g[i].time_ns);
            let pick = match timed.get(timed.len().saturating_sub(1) / 2) {
                Some(&i) => i,
                None => (0..g.len()).min_by_key(|&i| g[i].round)?,
            };
            Some(g.swap_remove(pick))
        })
        .collect()
}

#[cfg(test)]
mod round_tests {
    use super::*;

    fn row(case_id: u64, round: u32, time_ns: Option<u64>) -> RunRow {
        RunRow {
            solver: "bfs/rank".into(),
            algorithm: "bfs".into(),
            encoding: "rank".into(),
            case_set: "random".into(),
            case_id,
            shape: "3x3".into(),
            topology: "grid".into(),
            board: format!("board{case_id}"),
            goal: "12345678x".into(),
            ch: 1,
            cv: 1,
            optimal: Some(20),
            outcome: if time_ns.is_some() { Outcome::Solved } else { Outcome::Budget },
            solvable: true,
            length: None,
            cost: None,
            expanded: None,
            stored: None,
            time_ns,
            repeats: 1,
            peak_bytes: None,
            threads: 1,
            reference: None,
            time_is: None,
            round,
            resumed: None,
            redone_nodes: None,
            search_threads: 1,
        }
    }

    /// A two-round set read for drawing: one row per case, the faster round's (the lower
    /// middle of two), and a case timed in neither round keeps round 1's row.
    #[test]
    fn a_two_round_set_reads_as_one_row_per_case_with_its_median() {
        let rows =
            vec![row(0, 1, Some(500)), row(1, 1, None), row(0, 2, Some(300)), row(1, 2, None)];
        let kept = median_over_rounds(rows);
        assert_eq!(kept.len(), 2, "{kept:?}");
        assert_eq!((kept[0].case_id, kept[0].time_ns, kept[0].round), (0, Some(300), 2));
        assert_eq!((kept[1].case_id, kept[1].round), (1, 1));
    }
}
