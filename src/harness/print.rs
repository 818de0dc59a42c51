//! The console tables: each set's solvers ranked, and the disagreements as input to rerun.

use super::findings::{Report, SkipReason};
use super::ranking::rank_order;

/// A value that was not measured, in the console tables.
const NOT_MEASURED: &str = "—";
use crate::board::Puzzle;
use crate::cases;
use crate::report::{SummaryRow, TimeIs};
use crate::units::human_bytes;
use std::io::Write;

/// Prints each set's solvers ranked ([`rank_order`]: share answered, then median time).
pub fn print_ranking(report: &Report, out: &mut impl Write) -> std::io::Result<()> {
    let mut sets: Vec<&str> = Vec::new();
    for row in &report.summary {
        if !sets.contains(&row.case_set.as_str()) {
            sets.push(&row.case_set);
        }
    }
    for set in sets {
        let mut rows: Vec<&SummaryRow> =
            report.summary.iter().filter(|r| r.case_set == set).collect();
        rows.sort_by(|a, b| rank_order(a, b));
        let cases = rows.iter().map(|r| r.cases).max().unwrap_or(0);
        writeln!(out, "\n{set}: {cases} cases, {} threads", rows.first().map_or(1, |r| r.threads))?;
        writeln!(
            out,
            "{:>3}  {:<26} {:>12} {:>12} {:>12} {:>10} {:>12} {:>10} {:>7} {:>7}  agree",
            "#",
            "solver",
            "median µs",
            "p95 µs",
            "queries/s",
            "build ms",
            "expanded",
            "peak",
            "budget",
            "skipped"
        )?;
        for (k, r) in rows.iter().enumerate() {
            // What was not measured reads `—`, never 0: times of a solver that answered
            // nothing, and the counts of a peer whose library reports none.
            // The same rule as the empty cells of summary.csv ([`SummaryRow::measured`]).
            let answered = r.answered();
            let m = r.measured();
            // A time below the noise of a program's empty run is only a bound.
            let below = if r.time_is == TimeIs::UpperBound { "< " } else { "" };
            let timed =
                |v: f64| if m.times { format!("{below}{v:.2}") } else { NOT_MEASURED.into() };
            let per_sec = if answered == 0 || r.ran == 0 {
                NOT_MEASURED.into()
            } else {
                format!("{:.0}", r.queries_per_sec * answered as f64 / r.ran as f64)
            };
            let expanded =
                if m.expanded { format!("{:.0}", r.mean_expanded) } else { NOT_MEASURED.into() };
            let peak = if m.peak { human_bytes(r.peak_bytes) } else { NOT_MEASURED.into() };
            writeln!(
                out,
                "{:>3}  {:<26} {:>12} {:>12} {:>12} {:>10} {:>12} {:>10} {:>7} {:>7}  {}",
                k + 1,
                r.solver,
                timed(r.median_ns as f64 / 1e3),
                timed(r.p95_ns as f64 / 1e3),
                per_sec,
                r.build_ns.map_or_else(|| "-".into(), |b| format!("{:.2}", b as f64 / 1e6)),
                expanded,
                peak,
                r.over_budget,
                r.skipped,
                if r.agree { "yes" } else { "NO" }
            )?;
        }
    }
    // One line per set and reason, naming its solvers: a 4×4 set sits out most of the registry.
    let mut groups: Vec<(&str, &SkipReason, Vec<&str>)> = Vec::new();
    for (id, set, why) in &report.skipped {
        match groups.iter_mut().find(|(s, w, _)| s == set && *w == why) {
            Some((_, _, ids)) => ids.push(id),
            None => groups.push((set, why, vec![id])),
        }
    }
    for (set, why, ids) in groups {
        writeln!(out, "skipped on {set} ({why}): {}", ids.join(", "))?;
    }
    Ok(())
}

/// Prints the disagreements so each case can be pasted into `slidebench solve` or `cruller`.
pub fn print_disagreements(report: &Report, out: &mut impl Write) -> std::io::Result<()> {
    for d in &report.disagreements {
        let p = &d.case.puzzle;
        writeln!(out, "DISAGREEMENT: {} on {} case {}", d.solver, d.case.set, d.case.id)?;
        if p.costs().is_unit() && p == &Puzzle::eight() {
            writeln!(
                out,
                "  board (paste into `slidebench solve`): {}",
                d.case.start.to_judge_line()
            )?;
        } else if p.costs().is_unit() && p.topology() == crate::board::Topology::Grid {
            // Any other unit-cost grid: the command line that asks `solve` about this board.
            writeln!(
                out,
                "  {} grid, goal {}; as `slidebench solve` input:\n    echo \"{}\" | \
                 slidebench solve --shape {} --goal {}",
                p.shape(),
                p.goal().to_judge_line(),
                d.case.start.to_judge_line(),
                p.shape(),
                p.goal().to_judge_line()
            )?;
        } else if p.shape() != crate::board::Shape::THREE_BY_THREE
            || p.topology() != crate::board::Topology::Torus
        {
            // No input format holds this puzzle: say it in full.
            writeln!(
                out,
                "  {} {} with costs {} {}, goal {}; start board {} (no `solve` or `cruller` \
                 input holds it; `compare --cases` a file or set with it reruns it)",
                p.shape(),
                p.topology(),
                p.costs().horizontal,
                p.costs().vertical,
                p.goal().to_judge_line(),
                d.case.start.to_judge_line()
            )?;
        } else {
            let mut text = Vec::new();
            cases::write_judge(std::slice::from_ref(&d.case), cases::Format::Aoj, &mut text)
                .map_err(|e| std::io::Error::other(e.to_string()))?;
            writeln!(
                out,
                "  {} {} with costs {} {}, goal {}; as `slidebench cruller` input:",
                p.shape(),
                p.topology(),
                p.costs().horizontal,
                p.costs().vertical,
                p.goal()
            )?;
            for line in String::from_utf8_lossy(&text).lines() {
                writeln!(out, "    {line}")?;
            }
        }
        writeln!(out, "  {} said: {}", d.solver, d.said)?;
        writeln!(out, "  reference said: {}", d.reference)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::{SetDef, SetKind};
    use crate::harness::Disagreement;

    #[test]
    fn a_disagreement_off_3x3_prints_the_board_as_solve_input_with_shape_and_goal() {
        let set = SetDef::of(SetKind::Korf100, 1, 0).generate().unwrap();
        let case = set[0].clone();
        let report = Report {
            disagreements: vec![Disagreement {
                case: case.clone(),
                solver: "x/packed".into(),
                said: "1 moves, cost 1".into(),
                reference: "cost 41".into(),
            }],
            ..Report::default()
        };
        let mut out = Vec::new();
        print_disagreements(&report, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let board = case.start.to_judge_line();
        assert!(
            text.contains(&format!(
                "echo \"{board}\" | slidebench solve --shape 4x4 --goal x 1 2 3"
            )),
            "{text}"
        );
        assert!(!text.contains("0 0"), "{text}");
    }
}
