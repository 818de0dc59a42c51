//! Two result sets compared (`slidebench diff BASE NEW`): per set and solver, the change in time
//! per query with its interval and verdict, the deterministic counters compared exactly, and
//! what only one side has. The statistics are [`crate::stats`]'s, shared with the findings.
//!
//! Time: the geometric mean of per-case ratios (new over base) over the cases both sides
//! answered with moves. With R ≥ 2 rounds on both sides (`compare --rounds`), round r of the
//! base is paired with round r of the new set and the interval is a t-interval over the R
//! per-round means (a run's cases shift together with clock, layout and load, so the rounds are
//! the independent samples); slower or faster verdicts are Holm-corrected across the rows. With
//! one round the interval is a seeded bootstrap over cases that does not cover run-to-run
//! noise, and the row is always inconclusive: on a loaded 2-core machine a fresh single round of
//! microsecond queries came out +136% to +391% against an identical binary, so no ratio is
//! "extremely clear" without rounds.

use crate::error::{Error, ErrorKind, Result};
use crate::report::set::ResultSet;
use crate::report::{Outcome, RunMeta, RunRow, SummaryRow};
use crate::stats::{self, Change};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::Path;

/// The file `diff --out DIR` writes.
pub const DIFF_CSV: &str = "diff.csv";

/// Default threshold of a time change that matters, as a fraction (5%).
pub const DEFAULT_THRESHOLD: f64 = 0.05;

/// Family-wise error of the verdicts across rows.
pub const ALPHA: f64 = 0.05;

/// What kind of change a finding is: `--fail-on` chooses which kinds make the exit status 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// A slower verdict beyond the threshold.
    Time,
    /// States expanded or stored changed on a single-threaded row.
    Counters,
    /// An answer changed: its outcome, length or cost on a single-threaded row, or a longer
    /// answer (any threads) where the base's was optimal.
    Answers,
    /// A solver that agreed with the reference in the base and does not in the new set.
    Disagreements,
    /// Fewer cases solved (compared only when neither set had a time budget or cap).
    Solved,
}

impl Kind {
    /// Every kind, in the order `--fail-on` lists them.
    pub const ALL: [Kind; 5] =
        [Kind::Time, Kind::Counters, Kind::Answers, Kind::Disagreements, Kind::Solved];
    /// What fails a diff unless `--fail-on` says otherwise: every regression but a change of
    /// counters (a faster search may expand fewer states; CI asks for counters).
    pub const DEFAULT_FAIL_ON: [Kind; 4] =
        [Kind::Time, Kind::Answers, Kind::Disagreements, Kind::Solved];

    /// The name on the command line and in diff.csv.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Time => "time",
            Kind::Counters => "counters",
            Kind::Answers => "answers",
            Kind::Disagreements => "disagreements",
            Kind::Solved => "solved",
        }
    }

    /// The kind named `s`.
    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == s)
    }
}

/// A row's time verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// The interval lies entirely above +threshold (Holm-corrected).
    Slower,
    /// The interval lies entirely below −threshold (Holm-corrected).
    Faster,
    /// Neither: more rounds would tell.
    Inconclusive,
    /// The interval lies within ±threshold.
    Equivalent,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Slower => "slower",
            Verdict::Faster => "faster",
            Verdict::Inconclusive => "inconclusive",
            Verdict::Equivalent => "equivalent",
        })
    }
}

/// The change in time of one solver on one set.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeRow {
    /// Case set.
    pub case_set: String,
    /// Solver id.
    pub solver: String,
    /// Cases both sides answered with moves (in every paired round).
    pub cases: usize,
    /// The estimate, its interval and its one-sided p-values.
    pub change: Change,
    /// The verdict.
    pub verdict: Verdict,
    /// What to know about it: the interval's coverage, rounds that would settle it.
    pub note: String,
}

impl TimeRow {
    /// The geometric-mean ratio, new over base.
    pub fn ratio(&self) -> f64 {
        self.change.log.exp()
    }
}

/// A change that is not a time: a counter, an answer, an agreement, a solved count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Which kind.
    pub kind: Kind,
    /// Case set.
    pub case_set: String,
    /// Solver id.
    pub solver: String,
    /// The case, for a per-case change.
    pub case_id: Option<u64>,
    /// What changed, base → new.
    pub what: String,
}

/// Everything the two sets differ in.
#[derive(Clone, Debug, Default)]
pub struct Diff {
    /// Time changes, one per set and solver present in both.
    pub times: Vec<TimeRow>,
    /// Counter, answer, agreement and solved-count changes.
    pub findings: Vec<Finding>,
    /// `SET solver` pairs only the base has, and only the new set has.
    pub only_base: Vec<String>,
    /// See `only_base`.
    pub only_new: Vec<String>,
    /// Per set in both: cases in common, only in the base, only in the new set.
    pub cases: Vec<(String, usize, usize, usize)>,
    /// Settings that differ (compared anyway with `allow_settings_differ`), and notes on what
    /// could not be compared.
    pub notes: Vec<String>,
}

impl Diff {
    /// The regressions among `fail_on`'s kinds: slower rows and findings of those kinds.
    pub fn regressions(&self, fail_on: &[Kind]) -> usize {
        let slower = self.times.iter().filter(|t| t.verdict == Verdict::Slower).count();
        let time = if fail_on.contains(&Kind::Time) { slower } else { 0 };
        time + self.findings.iter().filter(|f| fail_on.contains(&f.kind)).count()
    }
}

/// How to compare.
#[derive(Clone, Copy, Debug)]
pub struct DiffOptions {
    /// Smallest time change that matters, as a fraction (0.05: 5%).
    pub threshold: f64,
    /// Compare sets whose settings differ, naming the differences, instead of refusing.
    pub allow_settings_differ: bool,
    /// Seed of the case bootstrap of single-round rows.
    pub seed: u64,
}

impl Default for DiffOptions {
    fn default() -> Self {
        DiffOptions { threshold: DEFAULT_THRESHOLD, allow_settings_differ: false, seed: 1 }
    }
}

/// One side of a diff: its rows and, when it has one, its meta.json.
#[derive(Clone, Debug, Default)]
pub struct Side {
    /// runs.csv(.gz).
    pub runs: Vec<RunRow>,
    /// summary.csv.
    pub summary: Vec<SummaryRow>,
    /// meta.json.
    pub meta: Option<RunMeta>,
}

impl Side {
    /// The result set in `dir`.
    pub fn read(dir: &Path) -> Result<Side> {
        let set = ResultSet::open(dir)?;
        Ok(Side {
            runs: set.runs(" (needed to diff)")?,
            summary: set.summary(" (needed to diff)")?,
            meta: set.meta()?,
        })
    }
}

/// Compares the result sets in `base` and `new`.
pub fn diff_dirs(base: &Path, new: &Path, opts: &DiffOptions) -> Result<Diff> {
    diff(&Side::read(base)?, &Side::read(new)?, opts)
}

/// A case as both sides name it: set, index, start and goal (sets of other seeds share names
/// and indices, not boards).
type CaseKey = (String, u64, String, String);

fn key(r: &RunRow) -> CaseKey {
    (r.case_set.clone(), r.case_id, r.board.clone(), r.goal.clone())
}

/// Compares `base` with `new`.
pub fn diff(base: &Side, new: &Side, opts: &DiffOptions) -> Result<Diff> {
    let mut out = Diff::default();
    let unbudgeted = settings(base, new, opts, &mut out)?;
    // Which set and solver pairs each side has.
    let pairs = |s: &Side| -> BTreeSet<(String, String)> {
        s.runs.iter().map(|r| (r.case_set.clone(), r.solver.clone())).collect()
    };
    let (pb, pn) = (pairs(base), pairs(new));
    out.only_base = pb.difference(&pn).map(|(s, v)| format!("{s} {v}")).collect();
    out.only_new = pn.difference(&pb).map(|(s, v)| format!("{s} {v}")).collect();
    // Cases per set.
    let cases = |s: &Side| -> BTreeMap<String, BTreeSet<CaseKey>> {
        let mut m: BTreeMap<String, BTreeSet<CaseKey>> = BTreeMap::new();
        for r in &s.runs {
            m.entry(r.case_set.clone()).or_default().insert(key(r));
        }
        m
    };
    let (cb, cn) = (cases(base), cases(new));
    for (set, b) in &cb {
        if let Some(n) = cn.get(set) {
            let common = b.intersection(n).count();
            out.cases.push((set.clone(), common, b.len() - common, n.len() - common));
        }
    }
    let band = opts.threshold.ln_1p();
    let mut changes = Vec::new();
    for (set, solver) in pb.intersection(&pn) {
        let rows = |s: &'_ Side| -> Vec<RunRow> {
            s.runs.iter().filter(|r| &r.case_set == set && &r.solver == solver).cloned().collect()
        };
        let (rb, rn) = (rows(base), rows(new));
        let (rb, rn): (Vec<&RunRow>, Vec<&RunRow>) = (rb.iter().collect(), rn.iter().collect());
        counters(&rb, &rn, &mut out.findings);
        if let Some(c) = time_change(&rb, &rn, band, opts.seed) {
            changes.push(((set.clone(), solver.clone()), c));
        }
    }
    out.times = verdicts(changes, band);
    out.times.sort_by(|a, b| {
        a.verdict.cmp(&b.verdict).then(a.change.log.total_cmp(&b.change.log).reverse())
    });
    summaries(base, new, unbudgeted, &mut out.findings);
    out.findings.sort_by_key(|f| f.kind);
    Ok(out)
}

/// Checks the settings that change what a time or count means; returns whether neither side
/// had a time budget or cap (so solved counts compare).
fn settings(base: &Side, new: &Side, opts: &DiffOptions, out: &mut Diff) -> Result<bool> {
    let (Some(b), Some(n)) = (&base.meta, &new.meta) else {
        out.notes.push(
            "meta.json missing on one side: settings not compared, solved counts not compared"
                .into(),
        );
        return Ok(false);
    };
    let show = |v: Option<f64>| v.map_or_else(|| "none".to_string(), |v| v.to_string());
    let showu = |v: Option<u64>| v.map_or_else(|| "none".to_string(), |v| v.to_string());
    let mut differ = Vec::new();
    let mut check = |name: &str, x: String, y: String| {
        if x != y {
            differ.push(format!("{name} {x} vs {y}"));
        }
    };
    check("time budget (s)", show(b.budget_time_s), show(n.budget_time_s));
    check("state budget", showu(b.budget_states), showu(n.budget_states));
    check("budget streak", b.budget_streak.to_string(), n.budget_streak.to_string());
    check("unbudgeted up to", showu(b.unbudgeted_up_to), showu(n.unbudgeted_up_to));
    check("repeats", b.repeats.to_string(), n.repeats.to_string());
    check("repeat time (s)", show(b.repeat_time_s), show(n.repeat_time_s));
    check("cap (s)", show(b.cap_s), show(n.cap_s));
    check("search threads", b.search_threads.to_string(), n.search_threads.to_string());
    let threads = |s: &Side| -> BTreeSet<usize> { s.summary.iter().map(|r| r.threads).collect() };
    let (tb, tn) = (threads(base), threads(new));
    check("threads", format!("{tb:?}"), format!("{tn:?}"));
    if !differ.is_empty() {
        if !opts.allow_settings_differ {
            return Err(Error::new(
                ErrorKind::Unsupported,
                format!(
                    "the two result sets ran under different settings ({}); pass --allow-settings-differ to compare them anyway",
                    differ.join(", ")
                ),
            ));
        }
        out.notes.extend(differ.into_iter().map(|d| format!("settings differ: {d}")));
    }
    if b.seed != n.seed {
        out.notes.push(format!(
            "seeds differ ({} vs {}): compared over common cases only",
            b.seed, n.seed
        ));
    }
    if b.machine != n.machine {
        out.notes.push(format!("machines differ: {} vs {}", b.machine, n.machine));
    }
    let unbudgeted = |m: &RunMeta| m.budget_time_s.is_none() && m.cap_s.is_none();
    if !(unbudgeted(b) && unbudgeted(n)) {
        out.notes.push("solved counts not compared: a time budget or cap makes them depend on the machine's speed".into());
    }
    Ok(unbudgeted(b) && unbudgeted(n))
}

/// Counter and answer changes of one solver on one set, case by case: single-threaded rows of
/// round 1 exactly, and at any threads a longer answer where the base's was optimal.
fn counters(base: &[&RunRow], new: &[&RunRow], findings: &mut Vec<Finding>) {
    let first = |rows: &[&RunRow]| -> BTreeMap<CaseKey, RunRow> {
        rows.iter().filter(|r| r.round == 1).map(|r| (key(r), (*r).clone())).collect()
    };
    let (b, n) = (first(base), first(new));
    for (k, rb) in &b {
        let Some(rn) = n.get(k) else { continue };
        let mut push = |kind: Kind, what: String| {
            findings.push(Finding {
                kind,
                case_set: rb.case_set.clone(),
                solver: rb.solver.clone(),
                case_id: Some(rb.case_id),
                what,
            });
        };
        let answered = |r: &RunRow| matches!(r.outcome, Outcome::Solved | Outcome::Unsolvable);
        if let (Some(cb), Some(cn), Some(opt)) = (rb.cost, rn.cost, rb.optimal) {
            if cb == opt && cn > cb && (rb.threads > 1 || rn.threads > 1) {
                push(Kind::Answers, format!("cost {cb} (optimal) -> {cn}"));
            }
        }
        if rb.threads != 1 || rn.threads != 1 || !answered(rb) || !answered(rn) {
            continue;
        }
        let show = |v: Option<u64>| v.map_or_else(|| "-".to_string(), |v| v.to_string());
        if rb.outcome != rn.outcome {
            push(Kind::Answers, format!("outcome {} -> {}", rb.outcome.name(), rn.outcome.name()));
        }
        for (name, x, y) in [("length", rb.length, rn.length), ("cost", rb.cost, rn.cost)] {
            if x != y {
                push(Kind::Answers, format!("{name} {} -> {}", show(x), show(y)));
            }
        }
        for (name, x, y) in
            [("expanded", rb.expanded, rn.expanded), ("stored", rb.stored, rn.stored)]
        {
            if x != y {
                push(Kind::Counters, format!("{name} {} -> {}", show(x), show(y)));
            }
        }
    }
}

/// Each answered case's own times by round.
fn times(rows: &[&RunRow]) -> BTreeMap<CaseKey, stats::ByRound> {
    let mut m: BTreeMap<CaseKey, stats::ByRound> = BTreeMap::new();
    for r in rows {
        if let (Outcome::Solved, Some(t)) = (r.outcome, r.own_time_ns()) {
            m.entry(key(r)).or_default().insert(r.round, t.max(1));
        }
    }
    m
}

/// The change in time of one solver on one set, with the number of cases it covers.
fn time_change(base: &[&RunRow], new: &[&RunRow], band: f64, seed: u64) -> Option<(usize, Change)> {
    let (tb, tn) = (times(base), times(new));
    let rounds = |rows: &[&RunRow]| rows.iter().map(|r| r.round).max().unwrap_or(1);
    let paired = rounds(base).min(rounds(new));
    let common: Vec<(&stats::ByRound, &stats::ByRound)> =
        tb.iter().filter_map(|(k, b)| tn.get(k).map(|n| (b, n))).collect();
    stats::paired_change(&common, paired, band, seed)
}

/// The verdicts of all rows at once: Holm's correction over the rows with rounds.
fn verdicts(changes: Vec<((String, String), (usize, Change))>, band: f64) -> Vec<TimeRow> {
    let calls = stats::calls(&changes.iter().map(|c| c.1 .1).collect::<Vec<_>>(), band, ALPHA);
    changes
        .into_iter()
        .zip(calls)
        .map(|(((case_set, solver), (cases, c)), (call, note))| {
            let verdict = match call {
                stats::Call::Beyond if c.log > 0.0 => Verdict::Slower,
                stats::Call::Beyond => Verdict::Faster,
                stats::Call::Equivalent => Verdict::Equivalent,
                stats::Call::Inconclusive => Verdict::Inconclusive,
            };
            TimeRow { case_set, solver, cases, change: c, verdict, note }
        })
        .collect()
}

/// Disagreements and solved counts from the summaries.
fn summaries(base: &Side, new: &Side, unbudgeted: bool, findings: &mut Vec<Finding>) {
    for n in &new.summary {
        let b = base.summary.iter().find(|b| b.case_set == n.case_set && b.solver == n.solver);
        let mut push = |kind: Kind, what: String| {
            findings.push(Finding {
                kind,
                case_set: n.case_set.clone(),
                solver: n.solver.clone(),
                case_id: None,
                what,
            });
        };
        match b {
            Some(b) if b.agree && !n.agree => {
                push(Kind::Disagreements, "agreed, now disagrees".into());
            }
            None if !n.agree => push(Kind::Disagreements, "disagrees (not in the base)".into()),
            _ => {}
        }
        if let Some(b) = b {
            if unbudgeted && n.solved < b.solved {
                push(Kind::Solved, format!("solved {} -> {}", b.solved, n.solved));
            }
        }
    }
}

/// One row of diff.csv: a time row (`kind` time) or a finding.
#[derive(Debug, serde::Serialize)]
struct CsvRow<'a> {
    kind: &'a str,
    case_set: &'a str,
    solver: &'a str,
    case_id: Option<u64>,
    verdict: String,
    ratio: Option<f64>,
    low: Option<f64>,
    high: Option<f64>,
    rounds: Option<usize>,
    cases: Option<usize>,
    note: &'a str,
}

/// diff.csv: the time rows, then the findings.
pub fn csv_bytes(d: &Diff) -> Result<Vec<u8>> {
    let mut rows: Vec<CsvRow> = d
        .times
        .iter()
        .map(|t| CsvRow {
            kind: Kind::Time.name(),
            case_set: &t.case_set,
            solver: &t.solver,
            case_id: None,
            verdict: t.verdict.to_string(),
            ratio: Some(t.ratio()),
            low: Some(t.change.low.exp()),
            high: Some(t.change.high.exp()),
            rounds: Some(t.change.rounds),
            cases: Some(t.cases),
            note: &t.note,
        })
        .collect();
    rows.extend(d.findings.iter().map(|f| CsvRow {
        kind: f.kind.name(),
        case_set: &f.case_set,
        solver: &f.solver,
        case_id: f.case_id,
        verdict: "changed".into(),
        ratio: None,
        low: None,
        high: None,
        rounds: None,
        cases: None,
        note: &f.what,
    }));
    crate::report::csv_bytes(&rows)
}

#[cfg(test)]
mod tests;
