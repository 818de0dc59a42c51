//! How much faster each algorithm runs over permutation ranks than over strings.

use super::lint::MAX_SERIES;
use super::style::{
    algorithm_colour, bar_chart, left_out_note, num, pick, Axis, Bar, Candidate, DrawResult, Rule,
    Scale, Unit,
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
    // At most MAX_SERIES bars: the defaults' algorithms and the fastest of each family, by
    // their time over ranks.
    let all = ratios.len();
    let rank_ids: Vec<String> = ratios.iter().map(|(a, _)| format!("{a}/rank")).collect();
    let items: Vec<Candidate<'_>> = ratios
        .iter()
        .zip(&rank_ids)
        .map(|(&(a, _), id)| Candidate {
            ids: vec![id.as_str()],
            algorithm: a,
            score: pairs[a][1].unwrap_or(u64::MAX) as f64,
        })
        .collect();
    let ratios: Vec<(&str, f64)> =
        pick(&items, MAX_SERIES, &[]).into_iter().map(|i| ratios[i]).collect();
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
        "Speed-up of ranks over strings: {} of {all} algorithms on the {set} set ({} {} boards)",
        bars.len(),
        cases_of(&rows),
        board_of(set)
    );
    let rule = Rule { label: "1 = same speed".into(), horizontal: false, value: 1.0 };
    let mut note = "dashed line: the same speed; longer bars: ranks faster".to_string();
    if let Some(n) = left_out_note(all - bars.len(), all, "algorithms") {
        note = format!("{note}   ·   {n}");
    }
    bar_chart(&title, &note, &bars, &axis, Some(&rule)).map(Some)
}
