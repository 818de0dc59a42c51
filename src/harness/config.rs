//! Flags turned into one validated run: what `compare` and `judge` run and how each query runs.
//!
//! The commands parse their flags into a request; [`RunConfig`] applies the harness policy to it
//! (the default sets and their sizes, the default budget and where it applies, the sets a
//! solver sits out, the thread sweep, the rows that are not kept) in this one place, so the two
//! commands cannot drift apart and a library user gets the same run as the command line.

use super::cap::Cap;
use super::external::SetSolver;
use super::findings::Report;
use super::options::{CompareOptions, RunControls, Shard};
use super::policy::{
    default_threads, keeps_runs, skips, DEFAULT_BUDGET_STREAK, DEFAULT_BUDGET_TIME, DEFAULT_SETS,
    FULL_RUN_SCALE, FULL_SETS, MAX_THREADS, SWEEP_SOLVERS,
};
use super::sets::SetSpec;
use crate::board::Shape;
use crate::budget::Budget;
use crate::cases::{self, Format, SetDef, SetKind};
use crate::encoding::DEFAULT_MAX_STATES;
use crate::error::{Error, ErrorKind, Result};
use crate::solver::{all_solvers, solver_info, SolverInfo};
use std::path::PathBuf;
use std::time::Duration;

/// What `compare` is asked for, as its flags give it: a choice left out is `None` or empty,
/// and [`RunConfig::compare`] fills it in from the policy.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareRequest {
    /// Sets (`KIND[:WxH][:LENGTH]`) or judge-format files, in order; empty: the policy's sets
    /// ([`DEFAULT_SETS`], or [`FULL_SETS`] with `full`).
    pub cases: Vec<String>,
    /// Board of the named sets that give none.
    pub shape: Option<Shape>,
    /// Moves from the goal of walk sets that give none.
    pub length: Option<usize>,
    /// Format of the case files; `None`: from the extension or the lines.
    pub format: Option<Format>,
    /// Size of generated sets; `None`: the policy's or the set's own.
    pub count: Option<usize>,
    /// Seed of generated sets.
    pub seed: u64,
    /// The long run: larger sets, and the searches that answer every arrangement on `all`.
    pub full: bool,
    /// Solver ids; empty: every registered solver.
    pub solvers: Vec<String>,
    /// Worker threads, 1 to [`MAX_THREADS`].
    pub threads: usize,
    /// Threads each IDA* search runs on (other solvers use one); `threads` times these is at
    /// most [`MAX_THREADS`] ([`check_search_threads`]).
    pub search_threads: usize,
    /// Largest number of states a search or table may hold.
    pub max_states: u64,
    /// Seconds per query: `None` gives [`DEFAULT_BUDGET_TIME`] on the puzzles no table covers,
    /// `Some(0.0)` no time budget, else that budget on every query.
    pub budget_time: Option<f64>,
    /// States expanded per query.
    pub budget_states: Option<u64>,
    /// Over-budget queries in a row after which a solver sits out a set (0: never).
    pub budget_streak: u32,
    /// Timed runs of each query, at least 1.
    pub repeat: u32,
    /// Seconds of timings under which a query is timed again (0 or `None`: always `repeat`).
    pub repeat_time: Option<f64>,
    /// Seconds per solver and set (0 or `None`: no cap).
    pub cap_time: Option<f64>,
    /// The slice of every set to run.
    pub shard: Option<Shard>,
    /// The catalogue the `idastar-catalogue` rows read (`--catalogue FILE`).
    pub catalogue: Option<std::path::PathBuf>,
}

impl Default for CompareRequest {
    /// The default `compare`: the policy's sets, every solver, a thread per core, the default
    /// budget.
    fn default() -> Self {
        CompareRequest {
            cases: Vec::new(),
            shape: None,
            length: None,
            format: None,
            count: None,
            seed: cases::DEFAULT_SEED,
            full: false,
            solvers: Vec::new(),
            threads: default_threads(),
            search_threads: 1,
            max_states: DEFAULT_MAX_STATES,
            budget_time: None,
            budget_states: None,
            budget_streak: DEFAULT_BUDGET_STREAK,
            repeat: 1,
            repeat_time: None,
            cap_time: None,
            shard: None,
            catalogue: None,
        }
    }
}

/// One validated run: the sets and solvers ([`CompareOptions`]) and how each query runs
/// ([`RunControls`]), with the policy applied.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// What runs.
    pub options: CompareOptions,
    /// How each query runs.
    pub controls: RunControls,
    /// The built-in solvers chosen, by id (every registered one when none was named).
    pub chosen: Vec<String>,
}

impl RunConfig {
    /// The run `compare` makes of `request`, beside outside solvers described by `outside`
    /// (they sit out the sets the policy keeps them from).
    pub fn compare(request: &CompareRequest, outside: &[SolverInfo]) -> Result<RunConfig> {
        let r = request;
        threads_setting(r.threads)?;
        check_search_threads(r.threads, r.search_threads)?;
        if r.repeat == 0 {
            return Err(usage("each query runs at least once: --repeat must be 1 or more"));
        }
        let sets: Vec<SetSpec> = if r.cases.is_empty() {
            let policy: &[(&str, Option<usize>)] = if r.full { &FULL_SETS } else { &DEFAULT_SETS };
            policy.iter().map(|(n, c)| set_spec(r, n, *c, None)).collect::<Result<_>>()?
        } else {
            r.cases.iter().map(|n| set_spec(r, n, None, r.shape)).collect::<Result<_>>()?
        };
        let chosen = chosen_solvers(&r.solvers)?;
        let infos = chosen.iter().filter_map(|id| solver_info(id));
        let every: Vec<SolverInfo> = infos.chain(outside.iter().cloned()).collect();
        let seconds = |setting: &str, t: Option<f64>| -> Result<Option<Duration>> {
            t.map_or(Ok(None), |t| seconds_setting(setting, t))
        };
        let controls = RunControls {
            budget: Budget {
                time: match r.budget_time {
                    None => Some(DEFAULT_BUDGET_TIME),
                    Some(t) => seconds_setting("budget_time", t)?,
                },
                states: r.budget_states,
            },
            // The default budget is for the spaces no table covers; an explicit one bounds all.
            unbudgeted_up_to: r.budget_time.is_none().then_some(r.max_states),
            budget_streak: r.budget_streak,
            repeat: r.repeat,
            cap: Cap {
                pair_time: seconds("cap_time", r.cap_time)?,
                repeat_time: seconds("repeat_time", r.repeat_time)?,
            },
            warm_up: true,
            shard: r.shard,
            checkpoints: None,
            search_threads: r.search_threads,
        };
        let options = CompareOptions {
            skip: skips(&sets, &every, r.full),
            sets,
            solvers: r.solvers.clone(),
            threads: r.threads,
            max_states: r.max_states,
            progress: None,
            // The sweep times whole sets again: it belongs to unsharded runs only.
            sweep_solvers: SWEEP_SOLVERS
                .iter()
                .filter(|id| r.shard.is_none() && chosen.iter().any(|c| c == *id))
                .map(ToString::to_string)
                .collect(),
            sweep_threads: (1..=default_threads().max(2)).collect(),
            catalogue: r.catalogue.clone(),
        };
        Ok(RunConfig { options, controls, chosen })
    }

    /// The run `judge` makes: `sets` on one thread, `solvers` beside the program, every query
    /// of a puzzle no table covers within `time_limit` (`None`: no limit).
    pub fn judge(
        sets: Vec<SetSpec>,
        solvers: Vec<String>,
        time_limit: Option<Duration>,
    ) -> Result<RunConfig> {
        let chosen = chosen_solvers(&solvers)?;
        let options = CompareOptions {
            sets,
            solvers,
            threads: 1,
            max_states: DEFAULT_MAX_STATES,
            progress: None,
            sweep_solvers: Vec::new(),
            sweep_threads: Vec::new(),
            skip: Vec::new(),
            catalogue: None,
        };
        let controls = RunControls {
            budget: Budget { time: time_limit, states: None },
            unbudgeted_up_to: Some(DEFAULT_MAX_STATES),
            ..RunControls::default()
        };
        Ok(RunConfig { options, controls, chosen })
    }

    /// Runs it, with the outside solvers after the built-in ones on each set; the rows of the
    /// sets whose rows are not kept ([`keeps_runs`]) are dropped once summarised.
    pub fn run(&self, outside: &[&dyn SetSolver]) -> Result<Report> {
        self.run_rounds(outside, 1)
    }

    /// [`RunConfig::run`] in `rounds` interleaved rounds ([`super::compare_rounds`]).
    pub fn run_rounds(&self, outside: &[&dyn SetSolver], rounds: u32) -> Result<Report> {
        let mut report =
            super::compare::compare_rounds(&self.options, &self.controls, outside, rounds)?;
        report.runs.retain(|r| keeps_runs(&r.case_set));
        Ok(report)
    }
}

/// The most seconds a time setting takes (a budget, a cap, a repeat time): past any run, and
/// well within what a `Duration` holds.
pub const MAX_SECONDS: f64 = 1e9;

/// A time setting in seconds, checked here for the library and the command line alike: a
/// finite number from 0 (none: `None`) to [`MAX_SECONDS`]. An error names the setting, where
/// `Duration::from_secs_f64` would panic on infinity, NaN or a negative.
pub fn seconds_setting(setting: &str, seconds: f64) -> Result<Option<Duration>> {
    if !seconds.is_finite() || !(0.0..=MAX_SECONDS).contains(&seconds) {
        return Err(usage(&format!(
            "{setting}: {seconds} seconds is out of range: use 0 (none) to {MAX_SECONDS:e}"
        )));
    }
    Ok((seconds > 0.0).then(|| Duration::from_secs_f64(seconds)))
}

fn usage(why: &str) -> Error {
    Error::new(ErrorKind::Parse, why.to_string())
}

/// A number of worker threads, checked here for the library and the command line alike: 1 to
/// [`MAX_THREADS`].
pub fn threads_setting(threads: usize) -> Result<usize> {
    if threads == 0 || threads > MAX_THREADS {
        return Err(usage(&format!("{threads} threads: use 1 to {MAX_THREADS}")));
    }
    Ok(threads)
}

/// Refuses `search_threads` threads per search that, with `threads` searches at once, would
/// use more than [`MAX_THREADS`] threads (or none per search): the one check of the setting,
/// for the library and every command alike.
///
/// # Errors
/// A usage error naming both settings.
pub fn check_search_threads(threads: usize, search_threads: usize) -> Result<()> {
    if search_threads == 0 || threads.saturating_mul(search_threads) > MAX_THREADS {
        return Err(Error::new(
            ErrorKind::Parse,
            format!(
                "--threads {threads} × --search-threads {search_threads}: a run uses up to \
                 threads × search threads threads, 1 to {MAX_THREADS}"
            ),
        ));
    }
    Ok(())
}

/// The ids that run, each known: every registered solver when none is named.
fn chosen_solvers(named: &[String]) -> Result<Vec<String>> {
    if named.is_empty() {
        return Ok(all_solvers().into_iter().map(|s| s.id).collect());
    }
    for id in named {
        if solver_info(id).is_none() {
            return Err(Error::new(
                ErrorKind::Parse,
                format!("unknown solver `{id}` (`slidebench solvers` lists them)"),
            ));
        }
    }
    Ok(named.to_vec())
}

/// A set's size: the one asked for, else the policy's, else the set's own, five times larger in
/// a full run where neither the user nor the policy sized it.
fn set_count(kind: SetKind, request: &CompareRequest, policy: Option<usize>) -> usize {
    match (request.count, policy) {
        (Some(n), _) | (None, Some(n)) => n,
        (None, None) if request.full => kind.default_count().saturating_mul(FULL_RUN_SCALE),
        (None, None) => kind.default_count(),
    }
}

/// A `--cases` value: a set, else an existing file. A policy set comes with its own size
/// (`policy_count`) and board (`shape` is `None` for them: `--shape` is for named sets and
/// files of boards, which are otherwise read on the shape of their first board).
fn set_spec(
    request: &CompareRequest,
    name: &str,
    policy_count: Option<usize>,
    shape: Option<Shape>,
) -> Result<SetSpec> {
    let kind = name.split(':').next().unwrap_or_default();
    if let Ok(kind) = kind.parse::<SetKind>() {
        let count = set_count(kind, request, policy_count);
        let def = SetDef::parse(name, shape, Some(count), request.length, request.seed)?;
        // Korf's sets hold what was published: a named one asked for more would run fewer.
        if let Some(asked) = request.count.filter(|&n| n > def.len()) {
            if matches!(def.kind, SetKind::Korf100 | SetKind::Korf50) && !request.cases.is_empty() {
                return Err(usage(&format!(
                    "`{}` has {} instances: --count {asked} asks for more (at most {})",
                    def.name(),
                    def.len(),
                    def.len()
                )));
            }
        }
        return Ok(SetSpec::Def(def));
    }
    let path = PathBuf::from(name);
    if !path.exists() {
        return Err(usage(&format!(
            "`{name}`: no such file, and not a case set (sample, random, depth, all, weighted, \
             walk, korf100, korf50)"
        )));
    }
    if path.is_dir() {
        return Err(usage(&format!("{name}: is a directory, not a case file")));
    }
    let aoj = request.format == Some(Format::Aoj)
        || path.extension().is_some_and(|e| e.eq_ignore_ascii_case("aoj"));
    Ok(match (request.format, shape) {
        (_, Some(s)) if !aoj => SetSpec::Boards(path, s),
        (_, Some(s)) if s != Shape::THREE_BY_THREE => {
            return Err(usage(&format!(
                "{name}: AOJ 1339 datasets are 3x3 boards; --shape {s} does not apply to them"
            )))
        }
        (Some(f), _) => SetSpec::FileAs(path, f),
        (None, _) => SetSpec::File(path),
    })
}

#[cfg(test)]
mod tests;
