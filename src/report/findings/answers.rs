//! The headline answers of `FINDINGS.md`: the questions slidebench exists to answer, each with
//! the one number this result set holds for it.

use super::{cases, human_ns, judged, pair, queries, solved_times, summary_row, Tables};
use crate::report::SummaryRow;
use crate::stats;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One of the questions slidebench exists to answer, with what this result set says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The question, as a reader asks it.
    pub question: &'static str,
    /// The answer, with its one number and what it was measured over.
    pub answer: String,
}

/// The headline answers this result set holds the measurements for, each over the cases both
/// sides answered (a question whose solvers or sets the set lacks is left out).
/// Their time comparisons are placeholders until [`super::markdown`] judges every comparison
/// of the report together (Holm's correction): read them through it.
pub fn answers(t: &Tables) -> Vec<Answer> {
    let mut out = Vec::new();
    let mut ask = |question: &'static str, answer: Option<String>| {
        if let Some(answer) = answer {
            out.push(Answer { question, answer });
        }
    };
    ask(
        "One breadth-first search per query, or one table built once from the goal?",
        table_answer(t),
    );
    ask("Two queues for bidirectional search, or one shared queue?", queues_answer(t));
    ask("Strings, permutation ranks or packed words as the state?", encoding_answer(t));
    ask("When does Dijkstra pay?", dijkstra_answer(t));
    ask("How far do heuristics and pattern databases push?", heuristics_answer(t));
    out
}

fn table_answer(t: &Tables) -> Option<String> {
    let set = "random";
    let p = pair(&t.runs, "table/rank", "bfs/rank", set)?;
    let build = summary_row(&t.summary, "table/rank", set)?.build_ns?;
    Some(if p.b > p.a {
        format!(
            "The table, from {} on: its build takes {}, then a query {} against \
             `bfs/rank`'s {} (medians over the {} of `{set}` both solved).",
            queries(build / (p.b - p.a) + 1),
            human_ns(build as f64),
            human_ns(p.a as f64),
            human_ns(p.b as f64),
            cases(p.cases)
        )
    } else {
        format!(
            "A search per query: the table's query ({}) is no faster than `bfs/rank`'s ({}) over \
             the {} of `{set}` both solved.",
            human_ns(p.a as f64),
            human_ns(p.b as f64),
            cases(p.cases)
        )
    })
}

fn queues_answer(t: &Tables) -> Option<String> {
    let (set, j) = ["depth", "random"].iter().find_map(|s| {
        Some((*s, judged(t, &t.runs, "bidir-split/rank", "bidir-shared/rank", s)?))
    })?;
    Some(format!(
        "Two queues (`bidir-split/rank`) against one shared queue (`bidir-shared/rank`) on \
         `{set}`: {j}."
    ))
}

fn encoding_answer(t: &Tables) -> Option<String> {
    let set = "random";
    let solvers = ["bfs/rank", "bfs/packed", "bfs/text"];
    let times: Vec<_> = solvers.iter().map(|s| solved_times(&t.runs, s, set)).collect();
    let both: Vec<u64> =
        times[0].keys().filter(|k| times.iter().all(|m| m.contains_key(k))).copied().collect();
    if both.is_empty() {
        return None;
    }
    // The fastest of this run by the geometric mean over the cases all three solved, then
    // judged against each of the others: it is named the winner only where that holds.
    let mut means: Vec<(f64, &str)> = solvers
        .iter()
        .zip(&times)
        .map(|(s, m)| {
            let logs: Vec<f64> = both.iter().map(|k| (m[k].0.max(1) as f64).ln()).collect();
            (stats::log_mean(&logs).exp(), *s)
        })
        .collect();
    means.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (best, name) = means[0];
    let others: Vec<String> = means[1..]
        .iter()
        .filter_map(|(_, s)| Some(format!("against `{s}` {}", judged(t, &t.runs, name, s, set)?)))
        .collect();
    Some(format!(
        "For breadth-first search, `{name}` had the least time in this run ({} a query, the \
         geometric mean over the {} of `{set}` all three solved): {}.",
        human_ns(best),
        cases(both.len()),
        others.join("; ")
    ))
}

fn dijkstra_answer(t: &Tables) -> Option<String> {
    let set = "weighted";
    let astar = judged(t, &t.runs, "astar/rank", "dijkstra/rank", set)?;
    let dial = judged(t, &t.runs, "dial/rank", "dijkstra/rank", set);
    let mut text = format!(
        "When moves cost differently (`{set}`, Dragon's Cruller's costs), where the fewest moves \
         are not the cheapest: there A* with an admissible heuristic (`astar/rank`) against \
         `dijkstra/rank`: {astar}"
    );
    if let Some(d) = dial {
        let _ = write!(text, "; a bucket queue (`dial/rank`) against its binary heap: {d}");
    }
    text.push('.');
    Some(text)
}

fn heuristics_answer(t: &Tables) -> Option<String> {
    use crate::harness::check::{family, Family};
    let set = "korf100";
    let korf: Vec<&SummaryRow> = t.summary.iter().filter(|r| r.case_set == set).collect();
    if korf.is_empty() {
        return None;
    }
    // The solver of each family that solved the most, then the fastest.
    let mut best: BTreeMap<String, &SummaryRow> = BTreeMap::new();
    for r in &korf {
        let f = crate::solver::solver_info(&r.solver).map_or(Family::Outside, |i| family(&i));
        let slot = best.entry(f.to_string()).or_insert(r);
        if (r.solved, std::cmp::Reverse(r.median_ns))
            > (slot.solved, std::cmp::Reverse(slot.median_ns))
        {
            *slot = r;
        }
    }
    let mut ranked: Vec<(&String, &&SummaryRow)> = best.iter().collect();
    ranked.sort_by_key(|(_, r)| std::cmp::Reverse(r.solved));
    let parts: Vec<String> = ranked
        .iter()
        .map(|(f, r)| format!("{f} `{}` {} of {}", r.solver, r.solved, r.cases))
        .collect();
    let (_, top) = ranked[0];
    let mut text = format!(
        "On Korf's 100 fifteen-puzzles (the `{set}` set, within the run's budget), instances \
         solved by the best of each family: {}",
        parts.join(", ")
    );
    if top.solved > 0 {
        let _ = write!(
            text,
            "; `{}` at a median of {} each",
            top.solver,
            human_ns(top.median_ns as f64)
        );
    }
    text.push('.');
    Some(text)
}
