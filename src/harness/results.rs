//! A comparison's report written as a result set (the files themselves: [`crate::report::set`]).

use super::findings::Report;
use crate::error::Result;
use crate::report::{self, set, RunMeta, SkipRow};
use std::path::Path;

/// Writes runs.csv.gz, summary.csv and (when there is a sweep) threads.csv into `dir` as one
/// result set (see [`write_results`]).
pub fn write_report(report: &Report, dir: &Path) -> Result<()> {
    write_results(report, dir, None, false)
}

/// Writes runs.csv.gz (the per-case rows, compressed), summary.csv, and when there is
/// something to say threads.csv (the sweep),
/// skipped.csv (solvers that sat out a set, and why), meta.json (`meta`, with the floor
/// `report` measured), FINDINGS.md
/// ([`report::findings`]), and with `json`
/// runs.json and summary.json, into `dir` as one result set (see [`set::ResultSet::write`]): a
/// reader never takes files of two runs for one. An optional file of an earlier run that this
/// one does not write is removed. Callers that may run at once hold the directory's lock
/// ([`crate::fsutil::LOCK_FILE`]).
pub fn write_results(
    report: &Report,
    dir: &Path,
    meta: Option<&RunMeta>,
    json: bool,
) -> Result<()> {
    write_results_marked(report, dir, meta, json, None)
}

/// [`write_results`], the set left marked incomplete for the reason `incomplete` gives, when it
/// gives one: a run that answered no query writes who sat out and why, and is never for a
/// moment a complete-looking set.
pub fn write_results_marked(
    report: &Report,
    dir: &Path,
    meta: Option<&RunMeta>,
    json: bool,
    incomplete: Option<&str>,
) -> Result<()> {
    // The floor this run measured goes with its settings.
    let meta = meta.map(|m| {
        let mut m = m.clone();
        m.timing.floor_ns = m.timing.floor_ns.or(report.floor_ns);
        m
    });
    let skipped: Vec<SkipRow> = report
        .skipped
        .iter()
        .map(|(solver, case_set, reason)| SkipRow {
            solver: solver.clone(),
            case_set: case_set.clone(),
            reason: reason.to_string(),
        })
        .collect();
    let mut files = vec![
        (report::RUNS_CSV_GZ, Some(set::runs_gz_bytes(&report.runs)?)),
        (report::SUMMARY_CSV, Some(report::csv_bytes(&report::summary_written(&report.summary))?)),
        (
            report::THREADS_CSV,
            (!report.threads.is_empty()).then(|| report::csv_bytes(&report.threads)).transpose()?,
        ),
        (
            report::SKIPPED_CSV,
            (!skipped.is_empty()).then(|| report::csv_bytes(&skipped)).transpose()?,
        ),
        (report::META_JSON, meta.as_ref().map(set::json_bytes).transpose()?),
        (report::RUNS_JSON, json.then(|| set::json_bytes(&report.runs)).transpose()?),
        (
            report::SUMMARY_JSON,
            json.then(|| set::json_bytes(&report::summary_written(&report.summary))).transpose()?,
        ),
    ];
    for name in [report::VERDICTS_CSV, report::PROGRAMS_CSV] {
        files.push((name, report.tables.iter().find(|(t, _)| *t == name).map(|(_, b)| b.clone())));
    }
    let findings = report::findings::of_run(
        &report.runs,
        &report.summary,
        &report.threads,
        &report.tables,
        &report.refused_lines(),
    )?;
    files.push((report::FINDINGS_MD, Some(findings)));
    set::ResultSet::write_marked(dir, files, crate::chart::drawn_files(), incomplete)
}
