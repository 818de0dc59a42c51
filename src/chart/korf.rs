//! Charts of Korf's 100 fifteen-puzzle instances: time per instance, nodes per heuristic next
//! to the published averages, and where a pattern database pays for its build.

use super::break_even::draw_totals;
use super::lint::MAX_SERIES;
use super::style::{
    bar_chart, human_time, left_out_note, line_chart, num, pick, plural, solver_colour,
    untimed_note, Axis, Bar, Candidate, DrawResult, Extras, Rule, Scale, SolverSeries, Unit,
};
use super::{summary_of, KORF_SET};
use crate::report::{Outcome, RunRow, SummaryRow};
use plotters::style::RGBColor;
use std::collections::{BTreeMap, BTreeSet};

/// Mean nodes generated over the 100 instances, as published by Korf and Felner (2002), Table 2
/// ("Disjoint pattern database heuristics", Artificial Intelligence 134).
pub const KORF_FELNER_2002: [(&str, f64); 5] = [
    ("Manhattan", 401_189_630.0),
    ("5-5-5", 3_090_405.0),
    ("6-6-3", 617_555.0),
    ("7-8", 136_289.0),
    ("7-8 reflected", 36_710.0),
];

/// Mean of the NODES column of Korf's 1985 table (IDA* with Manhattan distance), bundled in
/// the crate.
pub fn korf_1985_mean_nodes() -> f64 {
    let instances = crate::cases::korf100::instances();
    instances.iter().map(|i| i.nodes as f64).sum::<f64>() / instances.len().max(1) as f64
}

/// Korf 1985's node count of each instance, keyed by the board as `runs.csv` writes it (hex
/// digits, `x` for the empty square).
fn korf_1985_nodes_by_board() -> BTreeMap<String, u64> {
    crate::cases::korf100::instances()
        .iter()
        .map(|i| {
            let text: String =
                i.board
                    .cells()
                    .iter()
                    .map(|&t| {
                        if t == 0 {
                            'x'
                        } else {
                            char::from_digit(u32::from(t), 16).unwrap_or('?')
                        }
                    })
                    .collect();
            (text, i.nodes)
        })
        .collect()
}

/// Korf 1985's mean node count over the `common` instances of `rows`, when every one of their
/// boards is his (and they are not all 100, whose mean is drawn anyway).
fn korf_1985_on(rows: &[&RunRow], common: &BTreeSet<u64>) -> Option<(usize, f64)> {
    let published = korf_1985_nodes_by_board();
    let boards: BTreeMap<u64, &str> = rows
        .iter()
        .filter(|r| common.contains(&r.case_id))
        .map(|r| (r.case_id, r.board.as_str()))
        .collect();
    let same: Vec<u64> = boards.values().filter_map(|b| published.get(*b).copied()).collect();
    (!same.is_empty() && same.len() == boards.len() && same.len() < 100)
        .then(|| (same.len(), same.iter().sum::<u64>() as f64 / same.len() as f64))
}

fn korf_rows(runs: &[RunRow]) -> Vec<&RunRow> {
    runs.iter().filter(|r| r.case_set == KORF_SET).collect()
}

/// a. A cactus plot: for each solver, how many instances it solved within each time per
/// instance (its solved instances' times sorted, the k-th fastest at height k), so a line ends
/// where the solver's solving ended and a line further right and higher is a better solver.
/// Solvers that solved none are named in the note; programs timed per batch (no instance timed
/// alone) are left out and counted there.
pub(super) fn times(runs: &[RunRow], budget_ns: Option<f64>) -> DrawResult<Option<String>> {
    let rows = korf_rows(runs);
    if rows.is_empty() {
        return Ok(None);
    }
    let instances: BTreeSet<u64> = rows.iter().map(|r| r.case_id).collect();
    let mut by_solver: BTreeMap<&str, Vec<&RunRow>> = BTreeMap::new();
    for r in &rows {
        by_solver.entry(&r.solver).or_default().push(r);
    }
    // The budget line: the run's time budget, when meta.json gives one.
    let budget_s = budget_ns.map(|b| b / 1e9);
    let mut series = Vec::new();
    let mut none_solved = Vec::new();
    let mut untimed = 0;
    for (solver, solver_rows) in &by_solver {
        let first = solver_rows[0];
        let solved: Vec<&&RunRow> =
            solver_rows.iter().filter(|r| r.outcome == Outcome::Solved).collect();
        let mut secs: Vec<f64> =
            solved.iter().filter_map(|r| r.own_time_ns()).map(|t| t as f64 / 1e9).collect();
        if solved.is_empty() {
            none_solved.push(*solver);
            continue;
        }
        if secs.is_empty() {
            untimed += 1;
            continue;
        }
        secs.sort_by(f64::total_cmp);
        series.push(SolverSeries {
            algorithm: first.algorithm.clone(),
            encoding: first.encoding.clone(),
            points: secs.iter().enumerate().map(|(k, &t)| (t, (k + 1) as f64)).collect(),
            shape: None,
        });
    }
    if series.is_empty() {
        return Ok(None);
    }
    let mut extras =
        Extras { note: untimed_note(untimed), score: Some(cactus_score), ..Extras::default() };
    if !none_solved.is_empty() {
        let shown: Vec<&str> = none_solved.iter().take(3).copied().collect();
        let more = none_solved.len() - shown.len();
        let more = if more > 0 { format!(" and {more} more") } else { String::new() };
        let none = format!("none solved: {}{more}", shown.join(", "));
        extras.note = Some(match extras.note {
            Some(n) => format!("{n}   ·   {none}"),
            None => none,
        });
    }
    if let Some(b) = budget_s {
        extras.rules.push(Rule {
            label: format!("budget {}", human_time(b)),
            horizontal: false,
            value: b,
        });
    }
    let n = instances.len();
    let x = Axis::over(
        "time per instance",
        Scale::Log,
        Unit::Seconds,
        series.iter().flat_map(|s| s.points.iter().map(|p| p.0)).chain(budget_s),
    );
    let y = Axis::over("instances solved", Scale::Linear, Unit::Whole, [0.0, n as f64]);
    let title = format!(
        "Korf's 100 ({} of the 100 run): instances solved within a time per instance, {}",
        n,
        plural((series.len() + none_solved.len()) as u64, "solver", "solvers"),
    );
    line_chart(&title, &series, &x, &y, &extras).map(Some)
}

/// A cactus line's score, lower for a better solver: more instances solved, then a lower mean
/// log time (the instances count for more than any difference in means).
fn cactus_score(s: &SolverSeries) -> f64 {
    let logs: Vec<f64> = s.points.iter().filter(|p| p.0 > 0.0).map(|p| p.0.log10()).collect();
    logs.iter().sum::<f64>() / logs.len().max(1) as f64 - 100.0 * s.points.len() as f64
}

/// The solvers the nodes chart shows and the instances all of them solved, with how many
/// heuristic solvers were left out. Heuristic searches only (a blind search's count says nothing
/// about a heuristic), and of those the ones that solved most of the set, so one weak solver
/// does not shrink the common instances to nothing.
fn shown_solvers<'a>(rows: &[&'a RunRow]) -> (BTreeSet<&'a str>, BTreeSet<u64>, usize) {
    let instances: BTreeSet<u64> = rows.iter().map(|r| r.case_id).collect();
    let solved_by = |s: &str| -> BTreeSet<u64> {
        rows.iter()
            .filter(|r| r.solver == s && r.outcome == Outcome::Solved)
            .map(|r| r.case_id)
            .collect()
    };
    let informed: BTreeSet<&str> = rows
        .iter()
        .map(|r| r.solver.as_str())
        .filter(|s| crate::solver::solver_info(s).is_none_or(|i| !i.blind))
        .collect();
    let solvers: BTreeSet<&str> = informed
        .iter()
        .copied()
        .filter(|s| solved_by(s).len() as f64 >= MIN_SOLVED_SHARE * instances.len() as f64)
        .collect();
    let left_out = informed.len() - solvers.len();
    let mut common: Option<BTreeSet<u64>> = None;
    for s in &solvers {
        let mine = solved_by(s);
        common = Some(match common {
            None => mine,
            Some(c) => c.intersection(&mine).copied().collect(),
        });
    }
    (solvers, common.unwrap_or_default(), left_out)
}

/// b. Mean nodes generated per solver over the instances every solver shown solved, next to
/// the published means over all 100.
pub(super) fn nodes(runs: &[RunRow]) -> DrawResult<Option<String>> {
    // A solver that does not count nodes has no bar, not a bar of 0.
    let mut rows = korf_rows(runs);
    rows.retain(|r| crate::report::counts_of(&r.solver).expanded);
    let (solvers, common, left_out) = shown_solvers(&rows);
    if common.is_empty() {
        return Ok(None);
    }
    let mut measured: Vec<(String, f64)> = solvers
        .iter()
        .map(|s| {
            let picked: Vec<f64> = rows
                .iter()
                .filter(|r| r.solver == *s && common.contains(&r.case_id))
                .filter_map(|r| r.expanded.map(|e| e as f64))
                .collect();
            ((*s).to_string(), picked.iter().sum::<f64>() / picked.len().max(1) as f64)
        })
        .collect();
    measured.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    // Room for the published bars beside at most MAX_SERIES in all: the defaults and the
    // fewest nodes of each family.
    let whole = common.len() == 100;
    let published = usize::from(korf_1985_on(&rows, &common).is_some())
        + if whole { 1 + KORF_FELNER_2002.len() } else { 0 };
    let all = measured.len();
    let algorithms: Vec<String> = measured
        .iter()
        .map(|(s, _)| s.split_once('/').map_or(s.as_str(), |p| p.0).to_string())
        .collect();
    let items: Vec<Candidate<'_>> = measured
        .iter()
        .zip(&algorithms)
        .map(|((s, v), a)| Candidate { ids: vec![s.as_str()], algorithm: a, score: *v })
        .collect();
    let room = MAX_SERIES.saturating_sub(published).max(1);
    let measured: Vec<(String, f64)> =
        pick(&items, room, &[]).into_iter().map(|i| measured[i].clone()).collect();
    let mut bars: Vec<(String, f64, bool)> =
        measured.into_iter().map(|(s, v)| (s, v, false)).collect();
    // A published mean stands only beside means over the same instances: Korf 1985 gives
    // every instance's count, so his mean over the common ones always can; Korf & Felner give
    // only means over all 100, drawn when the measured means are over all 100 too.
    if let Some((n, mean)) = korf_1985_on(&rows, &common) {
        bars.push((format!("Manhattan (Korf 1985), same {n}"), mean, true));
    }
    if whole {
        bars.push(("Manhattan (Korf 1985)".into(), korf_1985_mean_nodes(), true));
        for (what, v) in KORF_FELNER_2002 {
            bars.push((format!("{what} (K&F 2002)"), v, true));
        }
    }
    let dropped = if left_out > 0 {
        format!(" ({} under 80% solved left out)", plural(left_out as u64, "solver", "solvers"))
    } else {
        String::new()
    };
    let title = format!(
        "Korf's 100: mean nodes per query over the {} of the 100 that every solver shown \
         solved{dropped}",
        common.len()
    );
    let theirs = RGBColor(170, 170, 170);
    let drawn: Vec<Bar> = bars
        .iter()
        .map(|(label, v, published)| Bar {
            label: label.clone(),
            value: *v,
            colour: if *published {
                theirs
            } else {
                let (algorithm, encoding) = label.split_once('/').unwrap_or((label, ""));
                solver_colour(algorithm, encoding)
            },
            text: None,
        })
        .collect();
    let axis =
        Axis::over("mean nodes generated", Scale::Log, Unit::Plain, drawn.iter().map(|b| b.value));
    let mut note = if whole {
        "coloured: measured here, in the algorithm's colour   ·   grey: published (all 100)"
    } else {
        "coloured: measured here   ·   grey: Korf 1985 on the same instances   ·   Korf & Felner's \
         means (all 100 only) are drawn when all 100 are solved"
    }
    .to_string();
    if let Some(n) = left_out_note(all - bars.iter().filter(|b| !b.2).count(), all, "solvers") {
        note = format!("{note}   ·   {n}");
    }
    bar_chart(&title, &note, &drawn, &axis, None).map(Some)
}

/// Share of the instances a solver must have solved to be on the nodes chart.
const MIN_SOLVED_SHARE: f64 = 0.8;

/// Largest number of queries on the PDB break-even chart.
const MAX_PDB_QUERIES: f64 = 1e4;

/// Whether a solver's heuristic is a pattern database (the `*pdb*` algorithms), whose build
/// is the cost to amortise.
fn is_pdb(r: &SummaryRow) -> bool {
    r.algorithm.contains("pdb")
}

/// The searches without tables that the README sets the pattern databases against: IDA* with
/// Manhattan distance and with linear conflict.
const IDA_BASES: [&str; 2] = ["idastar-lc", "idastar-md"];

/// Smallest whole Q from which `pdb`'s build plus Q queries beats `base`'s, if it ever does.
fn pdb_pays_off(pdb: &SummaryRow, base: &SummaryRow) -> Option<f64> {
    let (bp, bb) = (pdb.build_ns.unwrap_or(0) as f64, base.build_ns.unwrap_or(0) as f64);
    let (mp, mb) = (pdb.median_ns as f64, base.median_ns as f64);
    if mp >= mb {
        return None;
    }
    Some(((bp - bb) / (mb - mp)).max(0.0).floor() + 1.0)
}

/// The headline: where the first PDB to pay off overtakes the fastest search without one, and
/// the solvers it names.
fn pdb_phrase(rows: &[SummaryRow]) -> (String, Option<f64>, Vec<String>) {
    let Some(base) = rows.iter().filter(|r| !is_pdb(r)).min_by_key(|r| r.median_ns) else {
        return ("no IDA* search without tables to compare".into(), None, Vec::new());
    };
    let best = rows
        .iter()
        .filter(|r| is_pdb(r))
        .filter_map(|p| pdb_pays_off(p, base).map(|q| (q, p)))
        .min_by(|a, b| a.0.total_cmp(&b.0));
    match best {
        Some((q, p)) => (
            format!("{} pays off from Q = {} vs {}", p.solver, num(q), base.solver),
            Some(q),
            vec![p.solver.clone(), base.solver.clone()],
        ),
        None => (
            format!("no pattern database beats {} per query", base.solver),
            None,
            vec![base.solver.clone()],
        ),
    }
}

/// The instances `solver` solved on Korf's 100 with a measured time, and those times.
fn solved_on_korf(runs: &[RunRow], solver: &str) -> BTreeMap<u64, u64> {
    runs.iter()
        .filter(|r| r.case_set == KORF_SET && r.solver == solver && r.outcome == Outcome::Solved)
        .filter_map(|r| Some((r.case_id, r.own_time_ns()?)))
        .collect()
}

/// The fastest encoding of each algorithm `keep` accepts, by median.
fn fastest_per_algorithm<'a>(
    rows: &[&'a SummaryRow],
    keep: impl Fn(&SummaryRow) -> bool,
) -> Vec<&'a SummaryRow> {
    let mut best: BTreeMap<&str, &SummaryRow> = BTreeMap::new();
    for r in rows.iter().copied().filter(|r| keep(r)) {
        let slot = best.entry(r.algorithm.as_str()).or_insert(r);
        if r.median_ns < slot.median_ns {
            *slot = r;
        }
    }
    best.into_values().collect()
}

/// d. The pattern databases' build plus Q queries on Korf's 100 against IDA* with Manhattan
/// distance and with linear conflict. The build is the tables' own build (a cache file records
/// it when this run only loaded them), and every line's median is over the same instances:
/// those all drawn solvers solved.
pub(super) fn pdb_break_even(
    summary: &[SummaryRow],
    runs: &[RunRow],
) -> DrawResult<Option<String>> {
    // Solvers that solved nothing there have no median to extend.
    let rows: Vec<&SummaryRow> = summary_of(summary, KORF_SET)
        .into_iter()
        .filter(|r| r.median_ns > 0 && r.time_is != crate::report::TimeIs::UpperBound)
        .collect();
    let pdbs = fastest_per_algorithm(&rows, is_pdb);
    let bases = fastest_per_algorithm(&rows, |r| IDA_BASES.contains(&r.algorithm.as_str()));
    if pdbs.is_empty() || bases.is_empty() {
        return Ok(None);
    }
    // The instances every pattern database solved, then each base in turn (linear conflict
    // first) while some instance is left that it solved too.
    let mut common: Option<BTreeSet<u64>> = None;
    let mut shown: Vec<(&SummaryRow, BTreeMap<u64, u64>)> = Vec::new();
    for (i, r) in pdbs.iter().chain(&bases).enumerate() {
        let times = solved_on_korf(runs, &r.solver);
        let mine: BTreeSet<u64> = times.keys().copied().collect();
        let next: BTreeSet<u64> = match &common {
            Some(c) => c.intersection(&mine).copied().collect(),
            None => mine,
        };
        if next.is_empty() && i >= pdbs.len() {
            continue;
        }
        common = Some(next);
        shown.push((r, times));
    }
    let common = common.unwrap_or_default();
    if common.is_empty() || shown.iter().all(|(r, _)| is_pdb(r)) {
        return Ok(None);
    }
    let lines: Vec<SummaryRow> = shown
        .iter()
        .map(|(r, times)| {
            let mut v: Vec<u64> = common.iter().map(|c| times[c]).collect();
            let mut line = (*r).clone();
            line.median_ns = crate::stats::median(&mut v);
            line.build_ns = r.first_build_ns.or(r.build_ns);
            line
        })
        .collect();
    let loaded = shown
        .iter()
        .any(|(r, _)| is_pdb(r) && r.first_build_ns.is_some_and(|f| Some(f) != r.build_ns));
    let note = format!(
        "medians over the {} instances every line solved; build: the tables' own build{}",
        common.len(),
        if loaded { " (this run's loads from the PDB cache not counted)" } else { "" }
    );
    let (phrase, q_even, named) = pdb_phrase(&lines);
    let title =
        format!("Korf's 100 ({} of the 100, all solved): Q instances: {phrase}", common.len());
    let refs: Vec<&SummaryRow> = lines.iter().collect();
    draw_totals(&refs, MAX_PDB_QUERIES, &title, q_even, Some(note), named).map(Some)
}

#[cfg(test)]
mod tests;
