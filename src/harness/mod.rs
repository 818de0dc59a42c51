//! The comparison harness: runs solvers over case sets, replays every answer, checks that all
//! solvers agree with a reference, and gathers the rows of the result tables.
//!
//! Each query runs within a [`Budget`]; a solver over budget on [`RunControls::budget_streak`]
//! queries in a row sits out the rest of the set (its rows say `skipped`). Sets are ordered by
//! difficulty, so that cut-off is where the technique stops. A set whose true costs are known
//! (published lengths, a distance table, the parity rule) is checked against them; on larger
//! spaces the reference is the answer of the best optimal solver that finished
//! ([`default_solver_for`]), and every answer is replayed either way.

mod cap;
pub mod check;
mod external;
mod meta;
mod ranking;
mod run;

pub use cap::{Cap, Cut};
pub use external::{SetAnswer, SetAnswers, SetSolver, PROGRAM_ALGORITHM};

pub use meta::{code_version, command_line, machine_line, rfc3339, run_meta, utc_now};

use crate::board::Puzzle;
use crate::budget::Budget;
use crate::cases::{self, korf100, Case, Format, SetDef, SetKind};
use crate::error::{Error, ErrorKind, Result};
use crate::fsutil;
use crate::report::{self, Outcome, RunMeta, RunRow, RunStats, SkipRow, SummaryRow, ThreadsRow};
use crate::solver::{all_solvers, default_solver_for, new_solver, Solution, Solver, SolverInfo};
use crate::units::{group_digits, human_bytes};
use indicatif::{ProgressBar, ProgressStyle};
pub use ranking::{answered, rank_order, rank_within_sets};
use rayon::prelude::*;
use run::{run_solver, SolverRun};
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

/// The solver whose answers others are checked against on unit-cost puzzles whose whole space
/// fits under the state bound.
pub const REFERENCE: &str = "table/rank";
/// The reference on weighted puzzles whose whole space fits.
pub const WEIGHTED_REFERENCE: &str = "dijkstra/rank";

/// Where a case set comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetSpec {
    /// A generated set on its default board (see [`SetDef::of`]).
    Generated {
        /// Which set.
        kind: SetKind,
        /// Its size parameter (see [`cases::generate`]).
        count: usize,
        /// Its seed.
        seed: u64,
    },
    /// A generated set on any board (`random:4x4`, `walk:4x4:40`).
    Def(SetDef),
    /// A judge-format file; its format comes from its extension (`.hdu`, `.aoj`) or from every
    /// line of it (see [`cases::detect_format`]).
    File(PathBuf),
    /// A judge-format file in a named format.
    FileAs(PathBuf, Format),
}

impl SetSpec {
    /// A generated set with its default size and the default seed.
    pub fn default_of(kind: SetKind) -> SetSpec {
        SetSpec::Generated { kind, count: kind.default_count(), seed: cases::DEFAULT_SEED }
    }

    /// The generated set it names, if any.
    pub fn def(&self) -> Option<SetDef> {
        match self {
            SetSpec::Generated { kind, count, seed } => Some(SetDef::of(*kind, *count, *seed)),
            SetSpec::Def(d) => Some(*d),
            SetSpec::File(_) | SetSpec::FileAs(..) => None,
        }
    }

    fn seed(&self) -> u64 {
        self.def().map_or(0, |d| d.seed)
    }

    /// The name its cases carry in the result tables ([`SetDef::name`]). A file's is `file:`
    /// and its file name, so no file can pass for a generated set (a file named `all.in` is not
    /// the `all` set).
    pub fn name(&self) -> String {
        match self {
            SetSpec::Generated { .. } | SetSpec::Def(_) => {
                self.def().expect("a generated set").name()
            }
            SetSpec::File(p) | SetSpec::FileAs(p, _) => format!(
                "file:{}",
                p.file_name()
                    .map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned())
            ),
        }
    }

    /// The file it is read from, if any.
    pub fn path(&self) -> Option<&Path> {
        match self {
            SetSpec::Generated { .. } | SetSpec::Def(_) => None,
            SetSpec::File(p) | SetSpec::FileAs(p, _) => Some(p),
        }
    }

    /// How many cases a generated set holds (files: unknown until read).
    fn generated_len(&self) -> Option<usize> {
        self.def().map(|d| d.len())
    }
}

// ---------------------------------------------------------------------------------------------
// The comparison policy, as data: which sets each command runs, which solvers sit out where.

/// Sets `compare` runs when none are named, with their sizes (`None`: the set's default, or
/// `--count`): the 3×3 sets, then the easiest 25 of Korf's 100 and a 4×4 walk set.
pub const DEFAULT_SETS: [(&str, Option<usize>); 6] = [
    ("sample", None),
    ("random", None),
    ("depth", None),
    ("weighted", None),
    ("walk:4x4:36", Some(20)),
    ("korf100", Some(25)),
];
/// Sets `compare --full` runs when none are named: the default sets larger ([`FULL_RUN_SCALE`]),
/// every 3×3 arrangement, all of Korf's 100, and random boards of every shape from 2×3 to 4×3,
/// so each technique's time can be drawn against the size of the space.
pub const FULL_SETS: [(&str, Option<usize>); 11] = [
    ("sample", None),
    ("random:2x3", Some(200)),
    ("random:2x4", Some(200)),
    ("random", None),
    ("depth", None),
    ("weighted", None),
    ("all", None),
    ("random:2x5", Some(200)),
    ("random:4x3", Some(100)),
    ("walk:4x4:40", Some(100)),
    ("korf100", Some(100)),
];
/// How much larger generated sets of default size are in a `--full` run.
pub const FULL_RUN_SCALE: usize = 5;
/// Informed searches over ranks, fast enough for every arrangement in a `--full` run.
pub const ALL_SET_IN_FULL_RUN: [&str; 3] = ["bidir-shared/rank", "bidir-split/rank", "astar/rank"];
/// Solvers not run on the weighted set: the text table takes seconds to build per dataset.
pub const WEIGHTED_SET_SKIPS: [&str; 1] = ["table/text"];
/// Solvers timed again at each thread count (threads.csv), when chosen.
pub const SWEEP_SOLVERS: [&str; 4] = ["bfs/rank", "bidir-split/rank", "astar/rank", "table/rank"];
/// Most worker threads a comparison starts.
pub const MAX_THREADS: usize = 256;
/// Time budget per query of the default `compare`: the slow 4×4 solvers go over it on their
/// first queries and sit out the rest of the set after [`DEFAULT_BUDGET_STREAK`].
pub const DEFAULT_BUDGET_TIME: Duration = Duration::from_secs(1);
/// Most time a warm-up query may take: enough to warm caches and grow buffers, and a solver
/// that would go over its budget does not spend it once more per worker untimed.
pub const WARM_UP_TIME: Duration = Duration::from_millis(50);
/// Over-budget queries in a row after which a solver sits out the rest of a set.
pub const DEFAULT_BUDGET_STREAK: u32 = 3;

/// The sets `check` runs: every kind of case, CI-sized.
pub fn check_sets() -> Vec<SetSpec> {
    let def = |text: &str, count: usize| {
        SetSpec::Def(SetDef::parse(text, None, Some(count), None, 7).expect("a valid set"))
    };
    vec![
        SetSpec::Generated { kind: SetKind::Sample, count: 0, seed: cases::DEFAULT_SEED },
        SetSpec::Generated { kind: SetKind::Random, count: 300, seed: 7 },
        SetSpec::Generated { kind: SetKind::Depth, count: 2, seed: 7 },
        SetSpec::Generated { kind: SetKind::Weighted, count: 16, seed: 7 },
        def("random:2x3", 20),
        def("walk:4x4:16", 6),
    ]
}

/// Whether a solver sits out a generated set as too slow: only tables answer every arrangement
/// in the default run (a full run adds [`ALL_SET_IN_FULL_RUN`]), and [`WEIGHTED_SET_SKIPS`].
pub fn too_slow(set: SetKind, info: &SolverInfo, full: bool) -> bool {
    match set {
        SetKind::All => {
            let informed_rank = ALL_SET_IN_FULL_RUN.contains(&info.id.as_str());
            !(info.table || (full && informed_rank))
        }
        SetKind::Weighted => WEIGHTED_SET_SKIPS.contains(&info.id.as_str()),
        _ => false,
    }
}

/// The `(set, solver)` pairs to skip for `sets` and `solvers` under [`too_slow`].
pub fn skips(sets: &[SetSpec], solvers: &[SolverInfo], full: bool) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for spec in sets {
        if let Some(def) = spec.def() {
            for s in solvers.iter().filter(|s| too_slow(def.kind, s, full)) {
                out.push((spec.name(), s.id.clone()));
            }
        }
    }
    out
}

/// Why a solver cannot run on `puzzle` within `max_states`, if it cannot: the rank encoding
/// indexes every arrangement, and a table or a blind search holds most of the reachable space.
/// Such solvers are skipped and listed with the reason, not run into the bound.
pub fn does_not_fit(info: &SolverInfo, puzzle: &Puzzle, max_states: u64) -> Option<String> {
    use crate::solver::EncodingKind;
    let n = puzzle.arrangements();
    if info.encoding_kind == Some(EncodingKind::Rank) && !rank_table_fits(puzzle, max_states) {
        return Some(format!(
            "space does not fit: the rank encoding indexes all {} arrangements of {}, more than \
             --max-states {}",
            group_digits(n),
            puzzle.shape(),
            group_digits(max_states)
        ));
    }
    if (info.table || info.blind) && n / 2 > max_states {
        return Some(format!(
            "space does not fit: a {} holds up to the {} reachable states of {}, more than \
             --max-states {}",
            if info.table { "table" } else { "blind search" },
            group_digits(n / 2),
            puzzle.shape(),
            group_digits(max_states)
        ));
    }
    None
}

/// Whether a table over the ranks of `puzzle`'s arrangements fits under `max_states` (and a
/// rank's `u32`): where it does, the whole space is known and every solver finishes.
pub fn rank_table_fits(puzzle: &Puzzle, max_states: u64) -> bool {
    puzzle.arrangements() <= max_states.min(u64::from(u32::MAX))
}

/// Bytes a comparison holds per case and solver: the case, its reference, and one result row.
fn bytes_per_case(solvers: usize) -> u64 {
    let row = std::mem::size_of::<RunRow>() as u64 + 96; // and its strings
    std::mem::size_of::<Case>() as u64 + 16 + solvers as u64 * row
}

/// Memory the machine has free for a comparison (`MemAvailable`), if known.
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line
        .trim_start_matches("MemAvailable:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024)
}

/// Refuses sets that a comparison could not hold, naming the memory they would need.
fn check_memory(opts: &CompareOptions, solvers: &[SolverInfo]) -> Result<()> {
    let mut needed = 0u64;
    let mut cases_total = 0u64;
    for spec in &opts.sets {
        let Some(n) = spec.generated_len() else { continue };
        let name = spec.name();
        let running = solvers
            .iter()
            .filter(|s| !opts.skip.iter().any(|(set, id)| *set == name && *id == s.id))
            .count();
        needed = needed.saturating_add((n as u64).saturating_mul(bytes_per_case(running)));
        cases_total = cases_total.saturating_add(n as u64);
    }
    let limit = available_memory().unwrap_or(u64::MAX / 2);
    if needed > limit {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!(
                "{} cases would need about {} of memory for the comparison, more than the {} \
                 available; use a smaller --count",
                group_digits(cases_total),
                human_bytes(needed),
                human_bytes(limit)
            ),
        ));
    }
    Ok(())
}

/// What to run.
#[derive(Clone, Debug)]
pub struct CompareOptions {
    /// Case sets, in order.
    pub sets: Vec<SetSpec>,
    /// Solver ids; every solver when empty.
    pub solvers: Vec<String>,
    /// Worker threads for the cases of one solver.
    pub threads: usize,
    /// Bound on the states one search may hold.
    pub max_states: u64,
    /// Draw a progress bar on a terminal.
    pub progress: bool,
    /// Solvers to time again at each of `sweep_threads` on the `random` set (threads.csv).
    pub sweep_solvers: Vec<String>,
    /// Thread counts for the sweep.
    pub sweep_threads: Vec<usize>,
    /// Per set name, solvers too slow to run on it (they are skipped and listed as such).
    pub skip: Vec<(String, String)>,
}

/// How each query is run: its budget, the over-budget streak, repeats, warm-up, and the shard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunControls {
    /// What one query may spend.
    pub budget: Budget,
    /// Over-budget queries in a row (in the order they finish) after which a solver sits out
    /// the rest of a set; 0 never stops one.
    pub budget_streak: u32,
    /// Timed runs of each query (at most, with adaptive repeats); the rows record the median.
    pub repeat: u32,
    /// The cutting rule: a time cap per solver and set, and adaptive repeats.
    pub cap: Cap,
    /// Whether each worker runs one untimed query per solver and set before the timed ones.
    pub warm_up: bool,
    /// Which slice of every set to run.
    pub shard: Option<Shard>,
    /// Puzzles whose rank table fits under this state bound ([`rank_table_fits`]) run without
    /// a budget: a table answers every query there, and every solver finishes, so a budget
    /// would only cut the slow ones' statistics. `None`: the budget bounds every query.
    pub unbudgeted_up_to: Option<u64>,
}

impl RunControls {
    /// The budget of a query on `puzzle`.
    pub fn budget_for(&self, puzzle: &Puzzle) -> Budget {
        match self.unbudgeted_up_to {
            Some(n) if rank_table_fits(puzzle, n) => Budget::UNLIMITED,
            _ => self.budget,
        }
    }
}

impl Default for RunControls {
    /// No budget, a streak of [`DEFAULT_BUDGET_STREAK`], one timed run, a warm-up, every case.
    fn default() -> Self {
        RunControls {
            budget: Budget::UNLIMITED,
            budget_streak: DEFAULT_BUDGET_STREAK,
            repeat: 1,
            cap: Cap::default(),
            warm_up: true,
            shard: None,
            unbudgeted_up_to: None,
        }
    }
}

/// The K-th of N disjoint, deterministic slices of every set: the cases whose index within
/// their set is K-1 modulo N. Written `K/N`, 1 ≤ K ≤ N.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 1.
    pub index: u64,
    /// How many slices.
    pub count: u64,
}

impl Shard {
    /// Whether the case at `id` within its set belongs to this slice.
    pub fn holds(self, id: u64) -> bool {
        id % self.count == self.index - 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = Error;
    fn from_str(s: &str) -> Result<Shard> {
        let bad = |why: &str| Error::new(ErrorKind::Parse, format!("bad shard `{s}`: {why}"));
        let (k, n) = s.split_once('/').ok_or_else(|| bad("expected K/N, for example 2/8"))?;
        let k: u64 = k.trim().parse().map_err(|_| bad("K is not a whole number"))?;
        let n: u64 = n.trim().parse().map_err(|_| bad("N is not a whole number"))?;
        if n == 0 || k == 0 || k > n {
            return Err(bad("K must be 1 to N, and N at least 1"));
        }
        Ok(Shard { index: k, count: n })
    }
}

/// A case on which a solver's answer did not check out.
#[derive(Clone, Debug)]
pub struct Disagreement {
    /// The case.
    pub case: Case,
    /// The solver.
    pub solver: String,
    /// What the solver said.
    pub said: String,
    /// What the reference said.
    pub reference: String,
}

/// Everything a comparison produced.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// One row per solver and case.
    pub runs: Vec<RunRow>,
    /// One row per solver and case set.
    pub summary: Vec<SummaryRow>,
    /// The thread sweep.
    pub threads: Vec<ThreadsRow>,
    /// Answers that did not check out.
    pub disagreements: Vec<Disagreement>,
    /// Malformed cases in input files (the rest of each file still ran).
    pub input_errors: Vec<(PathBuf, Error)>,
    /// Solvers not run on a set, and why.
    pub skipped: Vec<(String, String, String)>,
    /// More tables of the result set, written beside the others: file name and CSV bytes (the
    /// outside programs' verdicts and timings).
    pub tables: Vec<(&'static str, Vec<u8>)>,
}

/// The reference answer of a case: its cheapest cost, or `None` when it cannot be solved.
type Reference = Option<u64>;
/// A reference known before the solvers run (`None`: decided from their answers afterwards).
type Known = Option<Reference>;

fn describe(sol: &Result<Solution>) -> String {
    match sol {
        Ok(s) => match (&s.moves, s.cost) {
            (Some(m), Some(c)) => format!("{} moves, cost {c}: {}", m.len(), s.judge_line()),
            _ => "unsolvable".to_string(),
        },
        Err(e) => format!("error: {e}"),
    }
}

fn describe_reference(r: Reference) -> String {
    match r {
        Some(c) => format!("cost {c}"),
        None => "unsolvable".to_string(),
    }
}

/// Loads or generates a set: its name (see [`SetSpec::name`]), its cases, and the errors of
/// malformed cases in a file.
pub fn load_set(spec: &SetSpec) -> Result<(String, Vec<Case>, Vec<Error>)> {
    let name = spec.name();
    let (path, format) = match spec {
        SetSpec::Generated { .. } | SetSpec::Def(_) => {
            let def = spec.def().expect("a generated set");
            return Ok((name, def.generate()?, Vec::new()));
        }
        SetSpec::FileAs(path, format) => (path, Some(*format)),
        SetSpec::File(path) => {
            let ext = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase());
            let format = match ext.as_deref() {
                Some("hdu") => Some(Format::Hdu),
                Some("aoj") => Some(Format::Aoj),
                _ => None,
            };
            (path, format)
        }
    };
    if path.is_dir() {
        return Err(Error::new(
            ErrorKind::Io,
            format!("{}: is a directory, not a case file", path.display()),
        ));
    }
    let f = std::fs::File::open(path).map_err(|e| Error::io(path.display(), e))?;
    let (cases, errors) =
        cases::load_as(std::io::BufReader::new(f), &name, format).map_err(|e| {
            match e.io_error() {
                Some(io) => {
                    Error::io(path.display(), std::io::Error::new(io.kind(), io.to_string()))
                }
                None => Error::new(e.kind(), format!("{}: {e}", path.display())),
            }
        })?;
    Ok((name, cases, errors))
}

/// References known before any solver runs, in parallel: boards the parity rule rejects,
/// Korf's published lengths, and, where the whole space fits under `max_states`, the table
/// (unit costs) or Dijkstra (weighted) over ranks. Other cases get `None`: their reference is
/// taken from the solvers' answers ([`settle_references`]).
fn references(cases: &[Case], max_states: u64, pool: &rayon::ThreadPool) -> Result<Vec<Known>> {
    let unit = new_solver(REFERENCE, max_states)?;
    let weighted = new_solver(WEIGHTED_REFERENCE, max_states)?;
    let korf = korf100::korf_puzzle();
    let published: std::collections::HashMap<u64, u64> =
        korf100::instances().iter().map(|k| (k.board.packed(), u64::from(k.length))).collect();
    let fits = |p: &Puzzle| rank_table_fits(p, max_states);
    pool.install(|| {
        cases
            .par_iter()
            .with_min_len(16)
            .map_init(
                || (unit.fork(), weighted.fork()),
                |(unit, weighted), case| {
                    let p = &case.puzzle;
                    if !crate::solvability::solvable(p, &case.start) && !fits(p) {
                        return Ok(Some(None));
                    }
                    if *p == korf {
                        if let Some(&len) = published.get(&case.start.packed()) {
                            return Ok(Some(Some(len)));
                        }
                    }
                    if !fits(p) {
                        return Ok(None);
                    }
                    let solver = if p.costs().is_unit() { unit } else { weighted };
                    let sol = solver.solve(p, &case.start)?;
                    check_replay(p, case, &sol)?;
                    Ok(Some(sol.cost))
                },
            )
            .collect()
    })
}

/// Decides the reference of every case whose cost was not known beforehand from the answers
/// of `runs` (one per solver, all over the set `cases`): the answer of the default solver for
/// the puzzle ([`default_solver_for`]) when it finished, else the first finished answer in
/// solver order (every solver here is optimal). Fills `optimal` in every row of those cases
/// and records the answers that differ from it as disagreements.
fn settle_references(
    cases: &[Case],
    known: &[Known],
    runs: &mut [(SolverInfo, SolverRun)],
    max_states: u64,
) {
    use std::collections::HashMap;
    let index: HashMap<u64, usize> = cases.iter().enumerate().map(|(i, c)| (c.id, i)).collect();
    let mut decided: Vec<Option<(Reference, String)>> = vec![None; cases.len()];
    let finished = |r: &RunRow| matches!(r.outcome, Outcome::Solved | Outcome::Unsolvable);
    // Each run's first finished answer per case, found in one pass over its rows: a scan of
    // the rows per case made the whole settling quadratic in the number of cases.
    let answer_of: Vec<HashMap<u64, &RunRow>> = runs
        .iter()
        .map(|(_, run)| {
            let mut first = HashMap::with_capacity(run.rows.len());
            for r in run.rows.iter().filter(|r| finished(r)) {
                first.entry(r.case_id).or_insert(r);
            }
            first
        })
        .collect();
    for (i, case) in cases.iter().enumerate() {
        if known[i].is_some() {
            continue;
        }
        let best = default_solver_for(&case.puzzle, max_states);
        let answers = runs
            .iter()
            .zip(&answer_of)
            .filter(|((info, _), _)| external::decides_references(info))
            .filter_map(|((info, _), rows)| rows.get(&case.id).map(|&r| (info, r)));
        let mut first = None;
        for (info, row) in answers {
            if info.id == best {
                first = Some((row.cost, info.id.clone()));
                break;
            }
            if first.is_none() {
                first = Some((row.cost, info.id.clone()));
            }
        }
        decided[i] = first;
    }
    for (info, run) in runs.iter_mut() {
        // An answer that failed its replay is already a disagreement.
        let failed: std::collections::HashSet<u64> =
            run.disagreements.iter().map(|d| d.case.id).collect();
        for row in &mut run.rows {
            let Some(&i) = index.get(&row.case_id) else { continue };
            let Some((reference, by)) = &decided[i] else { continue };
            row.optimal = *reference;
            if finished(row) && row.cost != *reference && !failed.contains(&row.case_id) {
                run.disagreements.push(Disagreement {
                    case: cases[i].clone(),
                    solver: info.id.clone(),
                    said: match row.cost {
                        Some(c) => format!("{} moves, cost {c}", row.length.unwrap_or(0)),
                        None => "unsolvable".into(),
                    },
                    reference: format!("{} (by {by})", describe_reference(*reference)),
                });
            }
        }
    }
}

/// Checks that the answer's moves take the start to the goal at the stated cost.
fn check_replay(puzzle: &Puzzle, case: &Case, sol: &Solution) -> Result<()> {
    if let Some(moves) = &sol.moves {
        let (end, cost) = puzzle.replay(&case.start, moves)?;
        if &end != puzzle.goal() || Some(cost) != sol.cost {
            return Err(Error::new(
                ErrorKind::Disagreement,
                format!("the moves end on {end} at cost {cost}, not on the goal at {:?}", sol.cost),
            ));
        }
    }
    Ok(())
}

fn agree(sol: &Solution, reference: Reference) -> Result<()> {
    if sol.cost == reference {
        Ok(())
    } else {
        Err(Error::new(ErrorKind::Disagreement, "differs from the reference"))
    }
}

fn summarize(
    info: &SolverInfo,
    set: &str,
    seed: u64,
    threads: usize,
    repeats: u32,
    run: &SolverRun,
) -> SummaryRow {
    let stats = RunStats::of(&run.rows);
    let build_ns = (!run.builds.is_empty()).then(|| {
        run.builds.iter().map(|d| d.as_nanos() as u64).sum::<u64>() / run.builds.len() as u64
    });
    SummaryRow {
        threads,
        queries_per_sec: stats.ran() as f64 / run.wall.as_secs_f64().max(1e-9),
        build_ns: build_ns.or(if info.table { Some(0) } else { None }),
        agree: run.disagreements.is_empty(),
        seed,
        repeats,
        cut_by: run.cut.map(Cut::reason).unwrap_or_default(),
        pair_s: run.pair.as_secs_f64(),
        ..stats.summary_row(
            info.id.clone(),
            info.algorithm.to_string(),
            info.encoding.to_string(),
            set.to_string(),
        )
    }
}

/// Runs the comparison of registry solvers.
///
/// ```
/// use slidebench::cases::SetKind;
/// use slidebench::harness::{compare, CompareOptions, SetSpec};
///
/// let opts = CompareOptions {
///     sets: vec![SetSpec::Generated { kind: SetKind::Random, count: 5, seed: 1 }],
///     solvers: vec!["bfs/rank".into()],
///     threads: 1,
///     max_states: slidebench::DEFAULT_MAX_STATES,
///     progress: false,
///     sweep_solvers: Vec::new(),
///     sweep_threads: Vec::new(),
///     skip: Vec::new(),
/// };
/// let report = compare(&opts)?;
/// assert_eq!(report.runs.len(), 5);
/// assert!(report.disagreements.is_empty());
/// # Ok::<(), slidebench::Error>(())
/// ```
pub fn compare(opts: &CompareOptions) -> Result<Report> {
    compare_with(opts, Vec::new())
}

/// Runs the comparison of the registry solvers `opts` names and of `custom` solvers, written
/// outside the crate, each checked against the same references. With `custom` given and
/// `opts.solvers` empty, only the custom solvers run.
#[allow(clippy::too_many_lines)] // one pass: solvers, sets, plan, runs, sweep
pub fn compare_with(opts: &CompareOptions, custom: Vec<Box<dyn Solver>>) -> Result<Report> {
    compare_controlled(opts, &RunControls::default(), custom)
}

/// [`compare_with`] under `controls`: budgets, the over-budget streak, repeats, warm-up and the
/// shard. Solvers that do not take a set's puzzles, or whose space does not fit
/// ([`does_not_fit`]), are listed in [`Report::skipped`] with the reason.
#[allow(clippy::too_many_lines)] // one pass: solvers, sets, plan, runs, references, sweep
pub fn compare_controlled(
    opts: &CompareOptions,
    controls: &RunControls,
    custom: Vec<Box<dyn Solver>>,
) -> Result<Report> {
    compare_outside(opts, controls, custom, &[])
}

/// [`compare_controlled`] with solvers that answer whole sets (`outside`: programs run as
/// processes), run one at a time after the others on each set and checked the same way. Their
/// answers never decide a case's reference.
#[allow(clippy::too_many_lines)] // one pass: solvers, sets, plan, runs, references, sweep
pub fn compare_outside(
    opts: &CompareOptions,
    controls: &RunControls,
    custom: Vec<Box<dyn Solver>>,
    outside: &[&dyn SetSolver],
) -> Result<Report> {
    if opts.threads > MAX_THREADS {
        return Err(Error::new(
            ErrorKind::TooLarge,
            format!("{} threads asked for; at most {MAX_THREADS}", opts.threads),
        ));
    }
    let ids: Vec<SolverInfo> = if opts.solvers.is_empty() && custom.is_empty() {
        all_solvers()
    } else {
        opts.solvers
            .iter()
            .map(|id| {
                crate::solver::solver_info(id)
                    .ok_or_else(|| Error::new(ErrorKind::Parse, format!("unknown solver `{id}`")))
            })
            .collect::<Result<_>>()?
    };
    let mut protos: Vec<Box<dyn Solver>> =
        ids.iter().map(|i| new_solver(&i.id, opts.max_states)).collect::<Result<_>>()?;
    protos.extend(custom);
    let solvers: Vec<SolverInfo> = protos.iter().map(|p| p.info().clone()).collect();
    check_memory(opts, &solvers)?;
    let threads = opts.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::new(ErrorKind::Io, e.to_string()))?;
    let mut report = Report::default();
    let mut loaded = Vec::new();
    for spec in &opts.sets {
        let (name, mut cases, errors) = load_set(spec)?;
        if let Some(p) = spec.path() {
            report.input_errors.extend(errors.into_iter().map(|e| (p.to_path_buf(), e)));
        }
        if let Some(shard) = controls.shard {
            cases.retain(|c| shard.holds(c.id));
        }
        let refs = references(&cases, opts.max_states, &pool)?;
        loaded.push((name, spec.seed(), cases, refs));
    }
    // Which solvers run on which set, and why the others sit out.
    let mut plan: Vec<Vec<usize>> = Vec::new();
    for (name, _, cases, _) in &loaded {
        let mut running = Vec::new();
        let largest = cases.iter().map(|c| &c.puzzle).max_by_key(|p| p.arrangements());
        for (k, s) in solvers.iter().enumerate() {
            let why = if opts.skip.iter().any(|(set, id)| set == name && *id == s.id) {
                Some("too slow for this set".to_string())
            } else if !cases.is_empty() && !cases.iter().any(|c| s.accepts(&c.puzzle)) {
                Some(if s.weighted { "grid only" } else { "unit costs only" }.to_string())
            } else {
                largest.and_then(|p| {
                    does_not_fit(s, p, opts.max_states).or_else(|| {
                        let built = crate::solver::SolverOptions::with_max_states(opts.max_states);
                        crate::solver::not_built(s, p, &built)
                    })
                })
            };
            match why {
                Some(why) => report.skipped.push((s.id.clone(), name.clone(), why)),
                None => running.push(k),
            }
        }
        plan.push(running);
    }
    let total: u64 = plan
        .iter()
        .zip(&loaded)
        .map(|(ks, (_, _, cases, _))| {
            ks.iter()
                .map(|&k| cases.iter().filter(|c| solvers[k].accepts(&c.puzzle)).count() as u64)
                .sum::<u64>()
        })
        .sum();
    let bar = if opts.progress { ProgressBar::new(total) } else { ProgressBar::hidden() };
    bar.set_style(
        ProgressStyle::with_template("{elapsed:>4} [{bar:40}] {pos}/{len} queries  {msg}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    for (running, (name, seed, cases, refs)) in plan.iter().zip(&loaded) {
        let mut runs = Vec::new();
        for &k in running {
            let info = &solvers[k];
            bar.set_message(format!("{} on {name}", info.id));
            let run =
                run_solver(info, protos[k].as_ref(), name, cases, refs, threads, controls, &bar)?;
            runs.push((info.clone(), run));
        }
        for o in outside {
            if opts.skip.iter().any(|(set, id)| set == name && *id == o.info().id) {
                report.skipped.push((
                    o.info().id.clone(),
                    name.clone(),
                    "too slow for this set".into(),
                ));
                continue;
            }
            if !cases.is_empty() && !cases.iter().any(|c| o.accepts(&c.puzzle)) {
                let why = "speaks no protocol for these puzzles".to_string();
                report.skipped.push((o.info().id.clone(), name.clone(), why));
                continue;
            }
            bar.set_message(format!("{} on {name}", o.info().id));
            let run = external::run_set_solver(*o, name, cases, refs, controls);
            runs.push((o.info().clone(), run));
        }
        settle_references(cases, refs, &mut runs, opts.max_states);
        for (info, run) in runs {
            let used = run.rows.first().map_or(threads, |r| r.threads);
            report.summary.push(summarize(&info, name, *seed, used, controls.repeat, &run));
            report.disagreements.extend(run.disagreements);
            report.runs.extend(run.rows);
        }
    }
    for id in &opts.sweep_solvers {
        let Some((name, _, cases, refs)) = loaded.iter().find(|l| l.0 == "random") else {
            break;
        };
        let info = crate::solver::solver_info(id)
            .ok_or_else(|| Error::new(ErrorKind::Parse, format!("unknown solver `{id}`")))?;
        let proto = new_solver(id, opts.max_states)?;
        for &t in &opts.sweep_threads {
            if t > MAX_THREADS {
                return Err(Error::new(
                    ErrorKind::TooLarge,
                    format!("a sweep at {t} threads asked for; at most {MAX_THREADS}"),
                ));
            }
            bar.set_message(format!("{id} with {t} threads"));
            let hidden = ProgressBar::hidden();
            let run = run_solver(&info, proto.as_ref(), name, cases, refs, t, controls, &hidden)?;
            report.disagreements.extend(run.disagreements);
            report.threads.push(ThreadsRow {
                solver: info.id.clone(),
                algorithm: info.algorithm.to_string(),
                encoding: info.encoding.to_string(),
                case_set: name.clone(),
                threads: t,
                cases: cases.len() as u64,
                wall_ns: run.wall.as_nanos() as u64,
                queries_per_sec: cases.len() as f64 / run.wall.as_secs_f64().max(1e-9),
            });
        }
    }
    bar.finish_and_clear();
    rank_within_sets(&mut report.summary);
    Ok(report)
}

/// Writes runs.csv, summary.csv and (when there is a sweep) threads.csv into `dir` as one
/// result set (see [`write_results`]).
pub fn write_report(report: &Report, dir: &Path) -> Result<()> {
    write_results(report, dir, None, false)
}

/// Writes runs.csv, summary.csv, and when there is something to say threads.csv (the sweep),
/// skipped.csv (solvers that sat out a set, and why), meta.json (`meta`), and with `json`
/// runs.json and summary.json, into `dir` as one result set (see [`fsutil::write_set`]): a
/// reader never takes files of two runs for one. An optional file of an earlier run that this
/// one does not write is removed. Callers that may run at once hold the directory's lock
/// ([`fsutil::LOCK_FILE`]).
pub fn write_results(
    report: &Report,
    dir: &Path,
    meta: Option<&RunMeta>,
    json: bool,
) -> Result<()> {
    let json_bytes = |value: &dyn erased::Json| -> Result<Vec<u8>> {
        value.bytes().map_err(|e| Error::new(ErrorKind::Io, format!("JSON: {e}")))
    };
    let skipped: Vec<SkipRow> = report
        .skipped
        .iter()
        .map(|(solver, case_set, reason)| SkipRow {
            solver: solver.clone(),
            case_set: case_set.clone(),
            reason: reason.clone(),
        })
        .collect();
    let mut files = vec![
        (report::RUNS_CSV, Some(report::csv_bytes(&report.runs)?)),
        (report::SUMMARY_CSV, Some(report::csv_bytes(&report.summary)?)),
        (
            report::THREADS_CSV,
            (!report.threads.is_empty()).then(|| report::csv_bytes(&report.threads)).transpose()?,
        ),
        (
            report::SKIPPED_CSV,
            (!skipped.is_empty()).then(|| report::csv_bytes(&skipped)).transpose()?,
        ),
        (report::META_JSON, meta.map(|m| json_bytes(m)).transpose()?),
        (report::RUNS_JSON, json.then(|| json_bytes(&report.runs)).transpose()?),
        (report::SUMMARY_JSON, json.then(|| json_bytes(&report.summary)).transpose()?),
    ];
    for name in [report::VERDICTS_CSV, report::PROGRAMS_CSV] {
        files.push((name, report.tables.iter().find(|(t, _)| *t == name).map(|(_, b)| b.clone())));
    }
    let mut present = Vec::new();
    for (name, bytes) in files.drain(..) {
        if let Some(b) = bytes {
            present.push((name, b));
        } else {
            let stale = dir.join(name);
            if stale.exists() {
                std::fs::remove_file(&stale).map_err(|e| Error::io(stale.display(), e))?;
            }
        }
    }
    fsutil::write_set(dir, &present)
}

/// Values written as pretty JSON, behind one object-safe trait.
mod erased {
    /// Pretty JSON bytes of a value.
    pub trait Json {
        /// The bytes, with a final newline.
        fn bytes(&self) -> serde_json::Result<Vec<u8>>;
    }

    impl<T: serde::Serialize + ?Sized> Json for T {
        fn bytes(&self) -> serde_json::Result<Vec<u8>> {
            let mut out = serde_json::to_vec_pretty(self)?;
            out.push(b'\n');
            Ok(out)
        }
    }
}

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
            writeln!(
                out,
                "{:>3}  {:<26} {:>12.2} {:>12.2} {:>12.0} {:>10} {:>12.0} {:>10} {:>7} {:>7}  {}",
                k + 1,
                r.solver,
                r.median_ns as f64 / 1e3,
                r.p95_ns as f64 / 1e3,
                r.queries_per_sec,
                r.build_ns.map_or_else(|| "-".into(), |b| format!("{:.2}", b as f64 / 1e6)),
                r.mean_expanded,
                human_bytes(r.peak_bytes),
                r.over_budget,
                r.skipped,
                if r.agree { "yes" } else { "NO" }
            )?;
        }
    }
    // One line per set and reason, naming its solvers: a 4×4 set sits out most of the registry.
    let mut groups: Vec<(&str, &str, Vec<&str>)> = Vec::new();
    for (id, set, why) in &report.skipped {
        match groups.iter_mut().find(|(s, w, _)| s == set && w == why) {
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
    use crate::encoding::DEFAULT_MAX_STATES;

    #[test]
    fn every_policy_set_names_a_set_that_can_be_made() {
        for (text, count) in DEFAULT_SETS.iter().chain(&FULL_SETS) {
            let def = SetDef::parse(text, None, *count, None, 1).unwrap();
            assert_eq!(def.name(), *text);
        }
        assert!(check_sets().iter().all(|s| s.def().is_some_and(|d| d.check().is_ok())));
    }

    #[test]
    fn a_budget_scoped_to_large_spaces_leaves_3x3_queries_unbounded() {
        let budget = Budget { time: Some(Duration::from_secs(1)), states: None };
        let scoped = RunControls {
            budget,
            unbudgeted_up_to: Some(DEFAULT_MAX_STATES),
            ..RunControls::default()
        };
        assert_eq!(scoped.budget_for(&Puzzle::eight()), Budget::UNLIMITED);
        assert_eq!(scoped.budget_for(&korf100::korf_puzzle()), budget);
        let everywhere = RunControls { budget, ..RunControls::default() };
        assert_eq!(everywhere.budget_for(&Puzzle::eight()), budget);
    }

    #[test]
    fn rank_tables_and_blind_searches_do_not_fit_4x4_but_heuristic_searches_do() {
        let korf = korf100::korf_puzzle();
        let fits = |id: &str| {
            does_not_fit(&crate::solver::solver_info(id).unwrap(), &korf, DEFAULT_MAX_STATES)
                .is_none()
        };
        assert!(!fits("table/rank") && !fits("bfs/packed") && !fits("astar/rank"));
        assert!(fits("idastar-pdb663/packed") && fits("bidir-split/packed") && fits("astar/text"));
        let eight = Puzzle::eight();
        assert!(all_solvers()
            .iter()
            .all(|s| does_not_fit(s, &eight, DEFAULT_MAX_STATES).is_none()));
    }
}
