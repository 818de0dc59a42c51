//! Combining the result sets of shards (`compare --shard K/N`) into one result set.
//!
//! `runs.csv` is the union of the shards' rows, sorted by case set, case and solver;
//! `summary.csv` is recomputed from it with the harness's rules (time statistics over the
//! solved queries; budget and skipped counted apart). What `runs.csv` cannot say comes from the
//! shards' summaries: the wall time behind queries per second (summed), the table build time
//! (averaged) and agreement (all must agree). A set kept in `summary.csv` only (the `all` set)
//! is combined from the shards' summary rows: counts summed and means weighted exactly by the
//! rows that carry a time, each percentile the median of the shards' values weighted the same
//! way (an estimate: without the rows it cannot be recomputed). `skipped.csv` is the union of the shards';
//! `threads.csv` is not carried (a sweep of one slice says nothing about the whole).
//!
//! Refused, naming what is wrong: a shard whose result set is incomplete or has no manifest,
//! shards of different seeds, code versions, budgets, repeats, case sets or solver lists, a
//! shard missing from the run or given twice (by the `K/N` each records in meta.json; `merge
//! --partial` allows missing ones and marks the result partial), and rows that two shards (or
//! one) both hold for the same solver, set and case: "duplicate" when the answers agree,
//! "conflicting" when they differ. Each row is re-checked against its board and reference: a
//! length of the wrong parity for its board, a cost below the optimum, or an answer that
//! differs from the reference in a set whose summary says the solver agreed is refused.

pub mod answers;
mod checks;
pub mod split;

use crate::error::{Error, ErrorKind, Result};
use crate::fsutil::{self, Lock};
use crate::report::set::{json_bytes, runs_gz_bytes, ResultSet};
use crate::report::{
    csv_bytes, RunMeta, RunRow, RunStats, SkipRow, SummaryRow, TimingMeta, META_JSON, PROGRAMS_CSV,
    RUNS_CSV_GZ, SKIPPED_CSV, SUMMARY_CSV, THREADS_CSV, VERDICTS_CSV,
};
use checks::{check_answers, check_compatible, check_shards};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Most duplicate or conflicting rows an error lists before saying how many more there are.
const MAX_LISTED: usize = 10;

/// One shard's result set, read.
struct ShardSet {
    dir: PathBuf,
    runs: Vec<RunRow>,
    summary: Vec<SummaryRow>,
    skipped: Vec<SkipRow>,
    meta: Option<RunMeta>,
}

/// What a merge produced.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The merged per-query rows, sorted.
    pub runs: Vec<RunRow>,
    /// The summary recomputed from `runs`.
    pub summary: Vec<SummaryRow>,
    /// Solvers that sat out a set in any shard.
    pub skipped: Vec<SkipRow>,
    /// The merged description (`shard` none), when the shards have one.
    pub meta: Option<RunMeta>,
    /// The outside programs' tables (`verdicts.csv`, `programs.csv`): the shards' rows, one
    /// header.
    pub tables: Vec<(&'static str, Vec<u8>)>,
}

/// The shards' rows of each outside-program table any of them has, concatenated under one
/// header (a shard's timings describe its own slice, so they are kept, not combined). Shards
/// whose headers differ are refused, naming both: their rows would fall under the wrong
/// columns.
fn program_tables(dirs: &[PathBuf]) -> Result<Vec<(&'static str, Vec<u8>)>> {
    let mut out = Vec::new();
    for name in [crate::report::VERDICTS_CSV, crate::report::PROGRAMS_CSV] {
        let mut bytes: Vec<u8> = Vec::new();
        let mut first: Option<(Vec<u8>, &Path)> = None;
        for d in dirs {
            let p = d.join(name);
            if !p.exists() {
                continue;
            }
            let text = std::fs::read(&p).map_err(|e| Error::io(p.display(), e))?;
            let mut lines = text.split_inclusive(|&b| b == b'\n');
            let header = lines.next().unwrap_or_default();
            let columns = |h: &[u8]| String::from_utf8_lossy(h).trim_end().to_string();
            match &first {
                None => {
                    bytes.extend_from_slice(header);
                    if !header.is_empty() && !header.ends_with(b"\n") {
                        bytes.push(b'\n');
                    }
                    first = Some((header.to_vec(), d));
                }
                Some((h, at)) if columns(h) != columns(header) => {
                    return Err(Error::new(
                        ErrorKind::Parse,
                        format!(
                            "{name}: the shards' headers differ, so their rows cannot be put \
                             together: {} has `{}`, {} has `{}`",
                            at.display(),
                            columns(h),
                            d.display(),
                            columns(header)
                        ),
                    ));
                }
                Some(_) => {}
            }
            for l in lines {
                bytes.extend_from_slice(l);
                if !l.ends_with(b"\n") {
                    bytes.push(b'\n');
                }
            }
        }
        if first.is_some() {
            out.push((name, bytes));
        }
    }
    Ok(out)
}

fn read_shard(dir: &Path) -> Result<ShardSet> {
    if !dir.is_dir() {
        return Err(Error::new(
            ErrorKind::Io,
            format!("{}: not a result directory", dir.display()),
        ));
    }
    // An interrupted run's marker first: it says why (a cancelled task's SIGTERM, say).
    let set = ResultSet::open(dir)?;
    if !set.has_manifest() {
        return Err(Error::new(
            ErrorKind::Io,
            format!(
                "{}: no {}: not a complete result set written by compare",
                dir.display(),
                fsutil::MANIFEST
            ),
        ));
    }
    let (runs, summary) = (set.runs("")?, set.summary("")?);
    if runs.is_empty() && summary.iter().all(|s| s.ran == 0) {
        return Err(Error::new(
            ErrorKind::Io,
            format!(
                "{}: no requested solver answered a query in this shard; run it again",
                dir.display()
            ),
        ));
    }
    Ok(ShardSet {
        dir: dir.to_path_buf(),
        runs,
        summary,
        skipped: set.table(SKIPPED_CSV)?.unwrap_or_default(),
        meta: set.meta()?,
    })
}

type Key = (String, String, u64);

fn key(r: &RunRow) -> Key {
    (r.case_set.clone(), r.solver.clone(), r.case_id)
}

/// Whether two rows give the same answer on the same case (times and sizes aside).
fn same_answer(a: &RunRow, b: &RunRow) -> bool {
    (&a.board, &a.goal, a.reference(), a.outcome, a.solvable, a.length, a.cost)
        == (&b.board, &b.goal, b.reference(), b.outcome, b.solvable, b.length, b.cost)
}

fn merge_runs(shards: &[ShardSet]) -> Result<Vec<RunRow>> {
    let mut seen: BTreeMap<Key, (RunRow, &Path)> = BTreeMap::new();
    let mut duplicates = Vec::new();
    let mut conflicts = Vec::new();
    for shard in shards {
        for row in &shard.runs {
            match seen.get(&key(row)) {
                Some((first, dir)) => {
                    let what = format!(
                        "{} on {} case {} (in {} and {})",
                        row.solver,
                        row.case_set,
                        row.case_id,
                        dir.display(),
                        shard.dir.display()
                    );
                    if same_answer(first, row) {
                        duplicates.push(what);
                    } else {
                        conflicts.push(what);
                    }
                }
                None => {
                    seen.insert(key(row), (row.clone(), &shard.dir));
                }
            }
        }
    }
    for (list, what) in [(&conflicts, "conflicting"), (&duplicates, "duplicate")] {
        if !list.is_empty() {
            let mut msg = format!("{} {what} row(s): ", list.len());
            msg.push_str(&list.iter().take(MAX_LISTED).cloned().collect::<Vec<_>>().join("; "));
            if list.len() > MAX_LISTED {
                let _ = write!(msg, "; and {} more", list.len() - MAX_LISTED);
            }
            return Err(Error::new(ErrorKind::Parse, msg));
        }
    }
    Ok(seen.into_values().map(|(row, _)| row).collect())
}

/// The mean of the shards' values that are there (each shard's build time, say).
fn mean_of(shard_rows: &[&SummaryRow], f: impl Fn(&SummaryRow) -> Option<u64>) -> Option<u64> {
    let v: Vec<u64> = shard_rows.iter().filter_map(|s| f(s)).collect();
    (!v.is_empty()).then(|| v.iter().sum::<u64>() / v.len() as u64)
}

/// The summary of one solver on one set from its merged rows, with the harness's rules; the
/// wall time, build time and agreement come from the shards' summary rows of it.
fn summarize(rows: &[&RunRow], shard_rows: &[&SummaryRow], seed: u64, repeats: u32) -> SummaryRow {
    let first = rows[0];
    let stats = RunStats::of(rows.iter().copied());
    // Each shard's wall time for the set, from its queries per second.
    let wall_s: f64 = shard_rows
        .iter()
        .filter(|s| s.queries_per_sec > 0.0)
        .map(|s| (s.cases - s.skipped) as f64 / s.queries_per_sec)
        .sum();
    SummaryRow {
        threads: rows.iter().map(|r| r.threads).max().unwrap_or(1),
        queries_per_sec: if wall_s > 0.0 { stats.ran() as f64 / wall_s } else { f64::NAN },
        build_ns: mean_of(shard_rows, |s| s.build_ns),
        first_build_ns: mean_of(shard_rows, |s| s.first_build_ns),
        builds: shard_rows.iter().map(|s| s.builds).sum(),
        agree: shard_rows.iter().all(|s| s.agree),
        seed,
        repeats,
        cut_by: cut_reasons(shard_rows),
        pair_s: shard_rows.iter().map(|s| s.pair_s).sum(),
        // A bound in any shard leaves the merged times bounds.
        time_is: shard_rows.iter().map(|s| s.time_is).max().unwrap_or_default(),
        ..stats.summary_row(
            first.solver.clone(),
            first.algorithm.clone(),
            first.encoding.clone(),
            first.case_set.clone(),
        )
    }
}

/// A set kept in `summary.csv` only (compare leaves the `all` set out of `runs.csv`): the
/// counts are summed and the means weighted exactly by the rows that carry a time (the solved
/// ones: unsolvable, error, over-budget and skipped rows have none), but the percentiles cannot
/// be recomputed without the rows, so each is the median of the shards' values weighted by
/// their timed rows, an estimate (the shards are interleaved slices of the set); a shard that
/// timed nothing adds nothing.
fn combine_summaries(shard_rows: &[&SummaryRow], seed: u64) -> SummaryRow {
    let first = shard_rows[0];
    let sum = |f: &dyn Fn(&SummaryRow) -> u64| shard_rows.iter().map(|r| f(r)).sum::<u64>();
    let timed = |r: &SummaryRow| r.solved;
    let weight = sum(&timed);
    let mean = |f: &dyn Fn(&SummaryRow) -> f64| {
        if weight == 0 {
            return 0.0;
        }
        shard_rows.iter().map(|r| f(r) * timed(r) as f64).sum::<f64>() / weight as f64
    };
    let weighted_median = |f: &dyn Fn(&SummaryRow) -> u64| {
        let mut v: Vec<(u64, u64)> =
            shard_rows.iter().filter(|r| timed(r) > 0).map(|r| (f(r), timed(r))).collect();
        v.sort_unstable();
        let half = weight.div_ceil(2);
        let mut acc = 0;
        v.iter()
            .find(|x| {
                acc += x.1;
                acc >= half
            })
            .map_or(0, |x| x.0)
    };
    let wall_s: f64 = shard_rows
        .iter()
        .filter(|s| s.queries_per_sec > 0.0)
        .map(|s| (s.cases - s.skipped) as f64 / s.queries_per_sec)
        .sum();
    let ran = sum(&|r| r.cases - r.skipped);
    SummaryRow {
        cases: sum(&|r| r.cases),
        solved: sum(&|r| r.solved),
        over_budget: sum(&|r| r.over_budget),
        skipped: sum(&|r| r.skipped),
        p5_ns: weighted_median(&|r| r.p5_ns),
        median_ns: weighted_median(&|r| r.median_ns),
        mean_ns: mean(&|r| r.mean_ns),
        p95_ns: weighted_median(&|r| r.p95_ns),
        queries_per_sec: if wall_s > 0.0 { ran as f64 / wall_s } else { f64::NAN },
        build_ns: mean_of(shard_rows, |s| s.build_ns),
        first_build_ns: mean_of(shard_rows, |s| s.first_build_ns),
        builds: shard_rows.iter().map(|s| s.builds).sum(),
        mean_expanded: mean(&|r| r.mean_expanded),
        peak_bytes: shard_rows.iter().map(|r| r.peak_bytes).max().unwrap_or(0),
        agree: shard_rows.iter().all(|s| s.agree),
        threads: shard_rows.iter().map(|r| r.threads).max().unwrap_or(1),
        seed,
        ran,
        cut_by: cut_reasons(shard_rows),
        pair_s: shard_rows.iter().map(|s| s.pair_s).sum(),
        errors: sum(&|r| r.errors),
        time_is: shard_rows.iter().map(|r| r.time_is).max().unwrap_or_default(),
        ..first.clone()
    }
}

/// The shards' reasons for cutting a pair short, each once.
fn cut_reasons(shard_rows: &[&SummaryRow]) -> String {
    let reasons: BTreeSet<&str> =
        shard_rows.iter().map(|s| s.cut_by.as_str()).filter(|r| !r.is_empty()).collect();
    reasons.into_iter().collect::<Vec<_>>().join("; ")
}

fn merge_meta(shards: &[ShardSet], command: &str, partial: Option<String>) -> Option<RunMeta> {
    let metas: Vec<&RunMeta> = shards.iter().filter_map(|s| s.meta.as_ref()).collect();
    let first = *metas.first()?;
    let machines: BTreeSet<&str> = metas.iter().map(|m| m.machine.as_str()).collect();
    let commands: Vec<&str> = metas.iter().map(|m| m.command.as_str()).collect();
    Some(RunMeta {
        shard: None,
        command: format!("{command} (shards: {})", commands.join("; ")),
        started: metas.iter().map(|m| m.started.clone()).min().unwrap_or_default(),
        finished: metas.iter().map(|m| m.finished.clone()).max().unwrap_or_default(),
        machine: machines.into_iter().collect::<Vec<_>>().join(" + "),
        // The shards' wall times overlap or not, depending on how they were run.
        wall_s: None,
        partial,
        // Idle in the merged run: idle in every shard.
        idle: first
            .idle
            .iter()
            .filter(|id| metas.iter().all(|m| m.idle.contains(id)))
            .cloned()
            .collect(),
        timing: TimingMeta {
            floor_ns: metas.iter().filter_map(|m| m.timing.floor_ns).max(),
            ..first.timing
        },
        ..first.clone()
    })
}

/// Reads and combines the shard result sets in `dirs` (see the module docs for what is
/// refused), every shard of the run. `command` is recorded in the merged meta.json.
pub fn merge(dirs: &[PathBuf], command: &str) -> Result<Merged> {
    merge_shards(dirs, command, false)
}

/// [`merge`]; with `allow_partial`, shards missing from the run are allowed, and the merged
/// meta.json says which (`partial`).
pub fn merge_shards(dirs: &[PathBuf], command: &str, allow_partial: bool) -> Result<Merged> {
    if dirs.is_empty() {
        return Err(Error::new(ErrorKind::Parse, "no shard directories to merge"));
    }
    let shards: Vec<ShardSet> = dirs.iter().map(|d| read_shard(d)).collect::<Result<_>>()?;
    check_compatible(&shards)?;
    let partial = check_shards(&shards, allow_partial)?;
    check_answers(&shards)?;
    let mut runs = merge_runs(&shards)?;
    runs.sort_by(|a, b| {
        (&a.case_set, a.case_id, &a.solver).cmp(&(&b.case_set, b.case_id, &b.solver))
    });
    let meta = merge_meta(&shards, command, partial);
    // Summary rows in the order the shards list them: sets, then solvers as they ran.
    let mut order: Vec<(String, String)> = Vec::new();
    for s in shards.iter().flat_map(|s| &s.summary) {
        let k = (s.case_set.clone(), s.solver.clone());
        if !order.contains(&k) {
            order.push(k);
        }
    }
    let mut groups: BTreeMap<(String, String), Vec<&RunRow>> = BTreeMap::new();
    for r in &runs {
        let k = (r.case_set.clone(), r.solver.clone());
        if !order.contains(&k) {
            order.push(k.clone());
        }
        groups.entry(k).or_default().push(r);
    }
    let mut summary = Vec::new();
    for k in &order {
        let shard_rows: Vec<&SummaryRow> = shards
            .iter()
            .flat_map(|s| &s.summary)
            .filter(|s| s.case_set == k.0 && s.solver == k.1)
            .collect();
        let seed = meta
            .as_ref()
            .map(|m| m.seed)
            .or_else(|| shard_rows.first().map(|s| s.seed))
            .unwrap_or(0);
        let repeats = shard_rows.iter().map(|s| s.repeats).max().unwrap_or(1);
        match groups.get(k) {
            Some(rows) => summary.push(summarize(rows, &shard_rows, seed, repeats)),
            None => summary.push(combine_summaries(&shard_rows, seed)),
        }
    }
    let mut skipped: Vec<SkipRow> = Vec::new();
    for s in shards.iter().flat_map(|s| &s.skipped) {
        if !skipped.contains(s) {
            skipped.push(s.clone());
        }
    }
    crate::harness::rank_within_sets(&mut summary);
    Ok(Merged { runs, summary, skipped, meta, tables: program_tables(dirs)? })
}

/// Merges `dirs` and writes the result set into `out` under its lock, atomically (see
/// [`ResultSet::write`]). `out` may not be one of the shards.
pub fn merge_into(
    dirs: &[PathBuf],
    out: &Path,
    command: &str,
    allow_partial: bool,
) -> Result<Merged> {
    let canon = |p: &Path| std::fs::canonicalize(p).ok();
    if let Some(o) = canon(out) {
        if let Some(d) = dirs.iter().find(|d| canon(d).as_ref() == Some(&o)) {
            return Err(Error::new(
                ErrorKind::Parse,
                format!("the output {} is one of the shards ({})", out.display(), d.display()),
            ));
        }
    }
    let merged = merge_shards(dirs, command, allow_partial)?;
    fsutil::check_writable(out)?;
    let _lock = Lock::try_acquire(&out.join(fsutil::LOCK_FILE))?;
    fsutil::clean_temp_files(out)?;
    let table = |name: &str| merged.tables.iter().find(|(t, _)| *t == name).map(|(_, b)| b.clone());
    // Files of an earlier set in `out` that this one does not write would be taken for it.
    let files = vec![
        (RUNS_CSV_GZ, Some(runs_gz_bytes(&merged.runs)?)),
        (SUMMARY_CSV, Some(csv_bytes(&crate::report::summary_written(&merged.summary))?)),
        (
            SKIPPED_CSV,
            (!merged.skipped.is_empty()).then(|| csv_bytes(&merged.skipped)).transpose()?,
        ),
        (VERDICTS_CSV, table(VERDICTS_CSV)),
        (PROGRAMS_CSV, table(PROGRAMS_CSV)),
        (META_JSON, merged.meta.as_ref().map(json_bytes).transpose()?),
        (THREADS_CSV, None),
        (
            crate::report::FINDINGS_MD,
            Some(crate::report::findings::of_run(
                &merged.runs,
                &merged.summary,
                &[],
                &merged.tables,
                &[],
            )?),
        ),
    ];
    ResultSet::write(out, files, crate::chart::drawn_files())?;
    Ok(merged)
}
