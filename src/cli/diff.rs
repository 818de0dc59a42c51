//! `slidebench diff BASE NEW`: what changed between two result sets, as a console table or
//! Markdown, and `diff.csv`; the exit status says whether anything regressed.

use super::output::{report_failure, CliResult};
use slidebench::diff::{self, Diff, DiffOptions, Kind, Verdict};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Exit status when the sets could not be compared (unreadable, or settings differ).
const CANNOT_COMPARE: u8 = 2;

#[derive(clap::Args, Debug)]
pub(super) struct DiffArgs {
    /// The baseline result set (any `compare --out` directory, `results` included).
    base: PathBuf,
    /// The result set to compare with it.
    new: PathBuf,
    /// Smallest change in time per query that matters, percent.
    #[arg(long, default_value_t = 5.0, value_parser = threshold_arg)]
    threshold: f64,
    /// `table` for the console, `markdown` for a pull-request comment.
    #[arg(long, value_enum, default_value = "table")]
    format: DiffFormat,
    /// Also write diff.csv into this directory.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Which changes make the exit status 1, comma-separated: time, counters, answers,
    /// disagreements, solved (default: all but counters).
    #[arg(long, value_delimiter = ',', value_parser = kind_arg)]
    fail_on: Vec<Kind>,
    /// Compare sets whose settings (budgets, cap, repeats, threads) differ, naming the
    /// differences, instead of refusing.
    #[arg(long)]
    allow_settings_differ: bool,
    /// Seed of the case bootstrap for sets of one round.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum DiffFormat {
    Table,
    Markdown,
}

fn threshold_arg(s: &str) -> Result<f64, String> {
    match s.trim().trim_end_matches('%').parse::<f64>() {
        Ok(v) if v > 0.0 && v < 100.0 => Ok(v / 100.0),
        _ => Err(format!("`{s}`: a percentage above 0 and below 100")),
    }
}

fn kind_arg(s: &str) -> Result<Kind, String> {
    Kind::parse(s).ok_or_else(|| {
        let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
        format!("`{s}`: one of {}", names.join(", "))
    })
}

/// Compares, prints, writes diff.csv; 1 on a regression, 2 when the sets cannot be compared.
pub(super) fn run(args: &DiffArgs) -> CliResult {
    let opts = DiffOptions {
        threshold: args.threshold,
        allow_settings_differ: args.allow_settings_differ,
        seed: args.seed,
    };
    let d = match diff::diff_dirs(&args.base, &args.new, &opts) {
        Ok(d) => d,
        Err(e) => {
            report_failure(&e.to_string());
            return Ok(ExitCode::from(CANNOT_COMPARE));
        }
    };
    let fail_on: Vec<Kind> =
        if args.fail_on.is_empty() { Kind::DEFAULT_FAIL_ON.to_vec() } else { args.fail_on.clone() };
    let text = match args.format {
        DiffFormat::Table => table(&d, &fail_on),
        DiffFormat::Markdown => markdown(&d, &fail_on),
    };
    io::stdout().lock().write_all(text.as_bytes())?;
    if let Some(dir) = &args.out {
        slidebench::fsutil::write_atomic(&dir.join(diff::DIFF_CSV), &diff::csv_bytes(&d)?)?;
    }
    Ok(if d.regressions(&fail_on) > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn pct(x: f64) -> String {
    format!("{:+.1}%", (x.exp() - 1.0) * 100.0)
}

fn table(d: &Diff, fail_on: &[Kind]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{:<12} {:<28} {:<24} {:>8} {:>20} {:>6} {:>6}  note",
        "verdict", "solver", "set", "change", "95% interval", "cases", "rounds"
    );
    for t in &d.times {
        let _ = writeln!(
            s,
            "{:<12} {:<28} {:<24} {:>8} {:>20} {:>6} {:>6}  {}",
            t.verdict.to_string(),
            t.solver,
            t.case_set,
            pct(t.change.log),
            format!("[{}, {}]", pct(t.change.low), pct(t.change.high)),
            t.cases,
            t.change.rounds,
            t.note
        );
    }
    for f in &d.findings {
        let case = f.case_id.map_or_else(String::new, |c| format!(" case {c}"));
        let _ = writeln!(
            s,
            "{:<12} {:<28} {:<24} {}{case}",
            f.kind.name(),
            f.solver,
            f.case_set,
            f.what
        );
    }
    rest(&mut s, d, fail_on, "");
    s
}

fn markdown(d: &Diff, fail_on: &[Kind]) -> String {
    let mut s = String::from("| verdict | solver | set | change | 95% interval | cases | rounds | note |\n|---|---|---|---:|---|---:|---:|---|\n");
    for t in &d.times {
        let bold = if t.verdict == Verdict::Slower { "**" } else { "" };
        let _ = writeln!(
            s,
            "| {bold}{}{bold} | `{}` | `{}` | {} | [{}, {}] | {} | {} | {} |",
            t.verdict,
            t.solver,
            t.case_set,
            pct(t.change.log),
            pct(t.change.low),
            pct(t.change.high),
            t.cases,
            t.change.rounds,
            t.note
        );
    }
    if !d.findings.is_empty() {
        s.push_str("\n| kind | solver | set | case | change |\n|---|---|---|---:|---|\n");
        for f in &d.findings {
            let case = f.case_id.map_or_else(String::new, |c| c.to_string());
            let _ = writeln!(
                s,
                "| {} | `{}` | `{}` | {case} | {} |",
                f.kind.name(),
                f.solver,
                f.case_set,
                f.what
            );
        }
    }
    rest(&mut s, d, fail_on, "- ");
    s
}

/// What only one side has, the cases compared, the notes and the count of regressions.
fn rest(s: &mut String, d: &Diff, fail_on: &[Kind], bullet: &str) {
    s.push('\n');
    for (set, common, base, new) in &d.cases {
        if base + new > 0 {
            let _ = writeln!(s, "{bullet}{set}: compared over {common} common cases ({base} only in the base, {new} only in the new set)");
        }
    }
    for p in &d.only_base {
        let _ = writeln!(s, "{bullet}only in the base: {p}");
    }
    for p in &d.only_new {
        let _ = writeln!(s, "{bullet}only in the new set: {p}");
    }
    for n in &d.notes {
        let _ = writeln!(s, "{bullet}{n}");
    }
    let names: Vec<&str> = fail_on.iter().map(|k| k.name()).collect();
    let _ = writeln!(
        s,
        "{bullet}{} regressions (counting {}); threshold and Holm-corrected 95% verdicts in docs/diff.md",
        d.regressions(fail_on),
        names.join(", ")
    );
}
