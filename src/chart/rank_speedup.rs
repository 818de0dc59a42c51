//! How much faster each algorithm runs over permutation ranks than over strings.

use super::style::{
    algorithm_colour, bar_chart, num, plural, Axis, Bar, DrawResult, Rule, Scale, Unit,
};
use super::{board_of, cases_of, pick_set, summary_of};
use crate::report::SummaryRow;
use std::collections::BTreeMap;

pub(super) fn rank_speedup(summary: &[SummaryRow]) -> DrawResult<Option<String>> {
    let Some(set) = pick_set(summary.iter().map(|r| r.case_set.as_str())) else {
        return Ok(None);
    };
    let rows = summary_of(summary, set);
    let mut pairs: BTreeMap<&str, [Option<u64>; 2]> = BTreeMap::new();
    // A solver that solved nothing has no median to divide.
    for r in rows.iter().filter(|r| r.measured().times) {
        match r.encoding.as_str() {
            "text" => pairs.entry(&r.algorithm).or_default()[0] = Some(r.median_ns),
            "rank" => pairs.entry(&r.algorithm).or_default()[1] = Some(r.median_ns),
            _ => {}
        }
    }
    let mut ratios: Vec<(&str, f64)> = pairs
        .iter()
        .filter_map(|(alg, p)| match p {
            [Some(text), Some(rank)] => Some((*alg, (*text).max(1) as f64 / (*rank).max(1) as f64)),
            _ => None,
        })
        .collect();
    if ratios.is_empty() {
        return Ok(None);
    }
    ratios.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(b.0)));
    let bars: Vec<Bar> = ratios
        .iter()
        .map(|&(a, r)| Bar {
            label: a.to_string(),
            value: r,
            colour: algorithm_colour(a),
            text: Some(format!("{}×", num(r))),
        })
        .collect();
    let mut axis = Axis::over(
        "median time with text ÷ median time with rank",
        Scale::Linear,
        Unit::Plain,
        bars.iter().map(|b| b.value).chain([0.0, 1.0]),
    );
    axis.lo = 0.0;
    let title = format!(
        "Speed-up of ranks over strings: {} on the {set} set ({} {} boards)",
        plural(bars.len() as u64, "algorithm", "algorithms"),
        cases_of(&rows),
        board_of(set)
    );
    let rule = Rule { label: "1 = same speed".into(), horizontal: false, value: 1.0 };
    bar_chart(
        &title,
        "dashed line: the same speed; longer bars: ranks faster",
        &bars,
        &axis,
        Some(&rule),
    )
    .map(Some)
}
