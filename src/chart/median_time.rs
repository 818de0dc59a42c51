//! Median time per solved query of every solver on one set, fastest first.

use super::lint::MAX_SERIES;
use super::style::{
    bar_chart, left_out_note, pick, solver_colour, Axis, Bar, Candidate, DrawResult, Scale, Unit,
};
use super::{board_of, cases_of, pick_set, summary_of};
use crate::report::{SummaryRow, TimeIs};

/// One bar per solver with a median, fastest at the top, in the solver's algorithm colour.
pub(super) fn median_time(
    summary: &[SummaryRow],
    labels: &crate::report::SolverLabels,
) -> DrawResult<Option<String>> {
    let Some(set) = pick_set(summary.iter().map(|r| r.case_set.as_str())) else {
        return Ok(None);
    };
    let rows = summary_of(summary, set);
    // An upper bound (a program's time below its noise) is no point on a time axis.
    let rows: Vec<&SummaryRow> =
        rows.into_iter().filter(|r| r.time_is != TimeIs::UpperBound).collect();
    let mut timed: Vec<&SummaryRow> = rows.iter().copied().filter(|r| r.median_ns > 0).collect();
    if timed.is_empty() {
        timed.clone_from(&rows);
    }
    if timed.is_empty() {
        return Ok(None);
    }
    timed.sort_by(|a, b| (a.median_ns, &a.solver).cmp(&(b.median_ns, &b.solver)));
    // At most MAX_SERIES bars: the defaults and the fastest of each family.
    let all = timed.len();
    let items: Vec<Candidate<'_>> = timed
        .iter()
        .map(|r| Candidate {
            ids: vec![r.solver.as_str()],
            algorithm: &r.algorithm,
            score: r.median_ns as f64,
        })
        .collect();
    let timed: Vec<&SummaryRow> =
        pick(&items, MAX_SERIES, &[]).into_iter().map(|i| timed[i]).collect();
    let bars: Vec<Bar> = timed
        .iter()
        .map(|r| Bar {
            label: labels.label(&r.solver, &r.case_set),
            value: r.median_ns as f64 / 1e9,
            colour: solver_colour(&r.algorithm, &r.encoding),
            text: (r.skipped > 0).then(|| {
                format!(
                    "{} ({} of {} cut)",
                    super::style::human_time(r.median_ns as f64 / 1e9),
                    r.skipped,
                    r.cases
                )
            }),
        })
        .collect();
    let axis = Axis::over(
        "median time per solved query",
        Scale::Log,
        Unit::Seconds,
        bars.iter().map(|b| b.value),
    );
    let title = format!(
        "Median time per query: {} of {all} solvers on the {set} set ({} {} boards), fastest first",
        bars.len(),
        cases_of(&rows),
        board_of(set)
    );
    let mut note = "bar colour: the algorithm (the same on every chart)".to_string();
    if let Some(n) = left_out_note(all - bars.len(), all, "solvers") {
        note = format!("{note}   ·   {n}");
    }
    bar_chart(&title, &note, &bars, &axis, None).map(Some)
}
