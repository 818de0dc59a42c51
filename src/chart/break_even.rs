//! Where a table pays for its build: total time for Q queries, build included, for every table
//! against the fastest per-query solver of each family.

use super::style::{
    line_chart, num, panel_of, Axis, DrawResult, Extras, Rule, Scale, SolverSeries, Unit,
};
use super::{board_of, cases_of, summary_of, PREFERRED_SET};
use crate::report::SummaryRow;

/// Largest number of queries on the break-even chart.
const MAX_QUERIES: f64 = 1e5;

/// Whether the solver answers from a whole-space table (its build is the cost to amortise).
/// Heuristic searches report a build too (a Manhattan table, a pattern database) but are not
/// tables; a solver the registry does not know counts as one when it reports a build.
fn is_table(r: &SummaryRow) -> bool {
    match crate::solver::Algorithm::from_name(&r.algorithm) {
        Some(a) => a.table(),
        None => r.build_ns.is_some(),
    }
}

/// Where the cheapest table overtakes the fastest per-query solver, as a phrase and a Q, and
/// the solvers it names.
fn break_even(rows: &[&SummaryRow]) -> (String, Option<f64>, Vec<String>) {
    let fastest = rows.iter().filter(|r| !is_table(r)).min_by_key(|r| r.median_ns);
    let Some(fastest) = fastest else {
        return ("no per-query solver to compare".into(), None, Vec::new());
    };
    let mut best: Option<(f64, &SummaryRow)> = None;
    for t in rows.iter().filter(|r| is_table(r)) {
        if t.median_ns < fastest.median_ns {
            let q = t.build_ns.unwrap_or(0) as f64 / (fastest.median_ns - t.median_ns) as f64;
            if best.is_none_or(|(b, _)| q < b) {
                best = Some((q, t));
            }
        }
    }
    match best {
        Some((q, t)) => {
            let q = q.floor() + 1.0;
            (
                format!("{} pays off from Q = {} vs {}", t.solver, num(q), fastest.solver),
                Some(q),
                vec![t.solver.clone(), fastest.solver.clone()],
            )
        }
        None => (
            format!("no table beats {} per query", fastest.solver),
            None,
            vec![fastest.solver.clone()],
        ),
    }
}

/// The rows worth a line: every one of `keep`, and the fastest of each family of the others.
pub(super) fn best_of_families<'a>(
    rows: &[&'a SummaryRow],
    keep: impl Fn(&SummaryRow) -> bool,
) -> Vec<&'a SummaryRow> {
    let mut out: Vec<&SummaryRow> = rows.iter().copied().filter(|r| keep(r)).collect();
    let mut others: Vec<&SummaryRow> = rows.iter().copied().filter(|r| !keep(r)).collect();
    others.sort_by_key(|r| (r.median_ns == 0, r.median_ns));
    let mut seen = Vec::new();
    for r in others {
        let f = panel_of(&r.algorithm);
        if !seen.contains(&f) {
            seen.push(f);
            out.push(r);
        }
    }
    out
}

pub(super) fn table_break_even(summary: &[SummaryRow]) -> DrawResult<Option<String>> {
    let with_table = summary.iter().filter(|r| is_table(r) && r.build_ns.is_some());
    let preferred = with_table
        .clone()
        .find(|r| r.case_set == PREFERRED_SET)
        .or_else(|| with_table.clone().next());
    let Some(set) = preferred.map(|r| r.case_set.as_str()) else {
        return Ok(None);
    };
    let all = summary_of(summary, set);
    // Upper bounds (outside programs below their noise) are no times to extend.
    let rows: Vec<&SummaryRow> = all
        .iter()
        .copied()
        .filter(|r| r.median_ns > 0 && r.time_is != crate::report::TimeIs::UpperBound)
        .collect();
    let (phrase, q_even, named) = break_even(&rows);
    let shown = best_of_families(&rows, is_table);
    let title = format!(
        "Q queries on the {set} set ({} {} boards): {phrase}",
        cases_of(&all),
        board_of(set)
    );
    draw_totals(&shown, MAX_QUERIES, &title, q_even, None, named).map(Some)
}

/// Build time plus Q queries at the median per query, one line per solver on a log-log chart
/// up to `max_q` queries, with the break-even `q_even` marked: the table and pattern database
/// break-even charts. The solvers in `keep` (the headline's) are drawn whatever else is left out.
pub(super) fn draw_totals(
    rows: &[&SummaryRow],
    max_q: f64,
    title: &str,
    q_even: Option<f64>,
    note: Option<String>,
    keep: Vec<String>,
) -> DrawResult<String> {
    let steps = 60;
    let qs: Vec<f64> =
        (0..=steps).map(|k| 10f64.powf(max_q.log10() * f64::from(k) / f64::from(steps))).collect();
    let series: Vec<SolverSeries> = rows
        .iter()
        .map(|r| {
            let build = r.build_ns.unwrap_or(0) as f64;
            let per = r.median_ns as f64;
            SolverSeries {
                algorithm: r.algorithm.clone(),
                encoding: r.encoding.clone(),
                points: qs.iter().map(|&q| (q, (build + q * per) / 1e9)).collect(),
                shape: None,
            }
        })
        .collect();
    let x = Axis::over("queries Q", Scale::Log, Unit::Plain, [1.0, max_q]);
    let y = Axis::over(
        "build + Q × median query",
        Scale::Log,
        Unit::Seconds,
        series.iter().flat_map(|s| s.points.iter().map(|p| p.1)),
    );
    let mut extras = Extras { one_panel: true, note, keep, ..Extras::default() };
    if let Some(q) = q_even.filter(|&q| q <= max_q) {
        extras.rules.push(Rule {
            label: format!("break-even Q = {}", num(q)),
            horizontal: false,
            value: q,
        });
    }
    line_chart(title, &series, &x, &y, &extras)
}
