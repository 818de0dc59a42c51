//! What a comparison prints: the short summary (the fastest solver of each family on each set),
//! the full tables (each set's solvers ranked, under one legend of their columns), and the
//! disagreements as input to rerun.

use super::check::{family, Family};
use super::findings::{Report, SkipReason};
use super::ranking::rank_order;
use super::timing::{at_floor, AT_FLOOR_FACTOR, AT_FLOOR_MARK};
use crate::units::human_ns;

/// A value that was not measured, in the console tables.
const NOT_MEASURED: &str = "—";
use crate::board::Puzzle;
use crate::cases;
use crate::report::{SummaryRow, TimeIs};
use crate::units::human_bytes;
use std::io::Write;

/// What the columns of [`print_ranking`]'s tables mean, printed once above them.
pub const COLUMNS: &str = "\
Columns: median µs and p95 µs per solved query (the build not included; `≈floor`: within 2x of
the harness's floor per query, so the harness may be most of it); queries/s: the queries run
over the sum of their own times (not the set's wall time); build ms: the table's or heuristic's
build, the mean of its builds; expanded: mean states expanded per query; peak: the solver's
structures at their largest; budget: queries stopped by their budget; skipped: queries not run
(the over-budget streak or the time cap); agree: every answer replayed and matched the
reference. `—`: not measured. Ranked by the share of queries answered, then the median (plus
each query's share of the builds where every few queries need their own table, as on
`weighted`).";

/// The sets of `report.summary` in the order they ran.
fn sets_of(report: &Report) -> Vec<&str> {
    let mut sets: Vec<&str> = Vec::new();
    for row in &report.summary {
        if !sets.contains(&row.case_set.as_str()) {
            sets.push(&row.case_set);
        }
    }
    sets
}

/// The family a summary row's solver belongs to: the registry's, else outside the crate.
fn family_of(row: &SummaryRow) -> Family {
    crate::solver::solver_info(&row.solver).map_or(Family::Outside, |i| family(&i))
}

/// Prints the short summary: per set, the first-ranked solver ([`rank_order`]) of each family
/// (blind, Manhattan distance, linear conflict, pattern database, outside the crate) that
/// answered anything, with its median per solved query and how many cases it answered; then
/// the number of disagreements.
pub fn print_summary(report: &Report, out: &mut impl Write) -> std::io::Result<()> {
    let labels = crate::report::SolverLabels::of(&report.runs);
    writeln!(
        out,
        "Per set, the first-ranked solver of each family (ranked by the share of cases answered, \
         solved or proved unsolvable, then by the median time per solved query, with its share \
         of the builds where each few queries need a table of their own):"
    )?;
    for set in sets_of(report) {
        let mut rows: Vec<&SummaryRow> =
            report.summary.iter().filter(|r| r.case_set == set).collect();
        rows.sort_by(|a, b| rank_order(a, b));
        let cases = rows.iter().map(|r| r.cases).max().unwrap_or(0);
        let n = rows.len();
        writeln!(out, "{set}: {cases} cases, {n} solver{}", if n == 1 { "" } else { "s" })?;
        let mut seen: Vec<Family> = Vec::new();
        for r in rows.iter().filter(|r| r.answered() > 0) {
            let f = family_of(r);
            if seen.contains(&f) {
                continue;
            }
            seen.push(f);
            let below = if r.time_is == TimeIs::UpperBound { "< " } else { "" };
            let median = if r.measured().times && r.ranked_ns() > r.median_ns {
                // Each query's share of a table built for every few of them, counted.
                format!("{below}{} with builds", human_ns(r.ranked_ns() as f64))
            } else if r.measured().times {
                format!("{below}{}{}", human_ns(r.median_ns as f64), floor_mark(r, report))
            } else {
                NOT_MEASURED.into()
            };
            writeln!(
                out,
                "  {:<19} {:<26} {:>10}  {} of {}",
                f.to_string(),
                labels.label(&r.solver, &r.case_set),
                median,
                r.answered(),
                r.cases
            )?;
        }
        if seen.is_empty() {
            writeln!(out, "  no solver answered a case")?;
        }
    }
    if let Some(f) = report.floor_ns {
        writeln!(
            out,
            "Harness floor: {} per query (a solver that does no work, timed the same way; \
             {AT_FLOOR_MARK} marks a median within {AT_FLOOR_FACTOR}x of it).",
            human_ns(f as f64)
        )?;
    }
    // Refused case lines are work not done: the closing line says so beside the answers.
    let refused = super::findings::refused_text(&report.refused_lines())
        .map(|r| format!("; but {r} as malformed (stderr names each) and did not run"))
        .unwrap_or_default();
    match report.disagreements.len() {
        0 => writeln!(out, "Every answer agreed with the reference{refused}."),
        n => writeln!(out, "{n} answers disagreed with the reference (listed below){refused}."),
    }
}

/// ` ≈floor` after a measured median within [`AT_FLOOR_FACTOR`] of the run's floor, else nothing.
fn floor_mark(r: &SummaryRow, report: &Report) -> String {
    let measured = r.measured().times && r.time_is == TimeIs::Measured;
    if measured && at_floor(r.median_ns, report.floor_ns) {
        format!(" {AT_FLOOR_MARK}")
    } else {
        String::new()
    }
}

/// Prints each set's solvers ranked ([`rank_order`]: share answered, then median time).
pub fn print_ranking(report: &Report, out: &mut impl Write) -> std::io::Result<()> {
    let labels = crate::report::SolverLabels::of(&report.runs);
    writeln!(out, "{COLUMNS}")?;
    if let Some(f) = report.floor_ns {
        writeln!(out, "Harness floor: {:.3} µs per query.", f as f64 / 1e3)?;
    }
    for set in sets_of(report) {
        let mut rows: Vec<&SummaryRow> =
            report.summary.iter().filter(|r| r.case_set == set).collect();
        rows.sort_by(|a, b| rank_order(a, b));
        let cases = rows.iter().map(|r| r.cases).max().unwrap_or(0);
        writeln!(out, "\n{set}: {cases} cases, {} threads", rows.first().map_or(1, |r| r.threads))?;
        writeln!(
            out,
            "{:>3}  {:<26} {:>19} {:>12} {:>12} {:>10} {:>12} {:>10} {:>7} {:>7}  agree",
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
                format!("{:.0}", r.queries_per_sec)
            };
            let expanded =
                if m.expanded { format!("{:.0}", r.mean_expanded) } else { NOT_MEASURED.into() };
            let peak = if m.peak { human_bytes(r.peak_bytes) } else { NOT_MEASURED.into() };
            writeln!(
                out,
                "{:>3}  {:<26} {:>19} {:>12} {:>12} {:>10} {:>12} {:>10} {:>7} {:>7}  {}",
                k + 1,
                labels.label(&r.solver, &r.case_set),
                format!("{}{}", timed(r.median_ns as f64 / 1e3), floor_mark(r, report)),
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

    fn row(solver: &str, set: &str, answered: u64, median_ns: u64) -> SummaryRow {
        SummaryRow {
            solver: solver.into(),
            case_set: set.into(),
            cases: 4,
            ran: 4,
            solved: answered,
            over_budget: 4 - answered,
            median_ns,
            ..SummaryRow::default()
        }
    }

    #[test]
    fn the_summary_names_the_first_ranked_solver_of_each_family_on_each_set() {
        let report = Report {
            summary: vec![
                row("bfs/rank", "random", 4, 900),
                row("table/rank", "random", 4, 200),
                row("astar/rank", "random", 4, 5_000),
                row("idastar-md/packed", "random", 4, 3_000),
                // Faster, but answered less: ranked after bfs/rank.
                row("bidir-split/rank", "random", 3, 10),
                row("astar/rank", "korf100", 0, 0),
            ],
            ..Report::default()
        };
        let mut out = Vec::new();
        print_summary(&report, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "random: 4 cases, 5 solvers", "{text}");
        assert!(lines[2].starts_with("  blind") && lines[2].contains("table/rank"), "{text}");
        assert!(lines[2].contains("200 ns") && lines[2].ends_with("4 of 4"), "{text}");
        assert!(lines[3].starts_with("  Manhattan") && lines[3].contains("idastar-md"), "{text}");
        assert_eq!(lines[4], "korf100: 4 cases, 1 solver", "{text}");
        assert_eq!(lines[5], "  no solver answered a case", "{text}");
        assert_eq!(lines.len(), 7, "{text}");
    }

    #[test]
    fn a_median_within_twice_the_floor_is_marked_in_both_tables() {
        let report = Report {
            summary: vec![row("table/rank", "random", 4, 80), row("bfs/rank", "random", 4, 81)],
            floor_ns: Some(40),
            ..Report::default()
        };
        let mut out = Vec::new();
        print_ranking(&report, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let line = |id: &str| text.lines().find(|l| l.contains(id)).unwrap().to_string();
        assert!(line("table/rank").contains(AT_FLOOR_MARK), "{text}");
        assert!(!line("bfs/rank").contains(AT_FLOOR_MARK), "{text}");
        let mut out = Vec::new();
        print_summary(&report, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(line_with(&text, "table/rank").contains(AT_FLOOR_MARK), "{text}");
        assert!(text.contains("Harness floor: 40 ns per query"), "{text}");
    }

    fn line_with<'a>(text: &'a str, id: &str) -> &'a str {
        text.lines().find(|l| l.contains(id)).unwrap()
    }

    #[test]
    fn human_times_keep_three_significant_digits() {
        assert_eq!(human_ns(230.0), "230 ns");
        assert_eq!(human_ns(12_140.0), "12.1 µs");
        assert_eq!(human_ns(3_260_000.0), "3.26 ms");
        assert_eq!(human_ns(152e9), "152 s");
    }

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
