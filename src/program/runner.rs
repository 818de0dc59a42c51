//! An outside program as a [`SetSolver`]: its batches run one process at a time, timed as whole
//! processes, and every way it can fail carried with its answer to the judge's verdicts.
//!
//! Batch mode charges each query (T(N) − T(0)) / N, where T(0) is the same program on an empty
//! input (a program may build a table before it reads anything), and only an upper bound where
//! the difference is not resolved above the runs' noise; per-case mode charges each
//! query its whole process and reports T(0), the cost of an empty start under the program's
//! runtime, beside it as the build time; request-response mode charges each query the time from
//! writing it to reading its answer (the first one's includes whatever of the program's start
//! it had not finished).

use super::converse;
use super::judged::{capped, crash, failed, in_run, settle, Judged, FLOODED};
use super::process::{self, End, Invocation};
use super::protocol::{self, Answer, Protocol};
use super::spec::{Mode, Program};
pub use super::timing::TimingRow;
use super::timing::{
    excess, per_query, run_once, Ends, Ran, Runs, EMPTY_RUNS, RESOLVE_RUNS, RESOLVE_TIME,
    STDOUT_MIN, STDOUT_PER_CASE,
};
use crate::board::Puzzle;
use crate::cases::Case;
use crate::error::{Error, ErrorKind, ProgramFailure};
use crate::harness::{Cut, RunControls, SetAnswer, SetAnswers, SetSolver, PROGRAM_ALGORITHM};
use crate::report::QueryTime;
use crate::solver::{Counts, Solution, SolverInfo, Stats};
use crate::stats::median;
use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Wall time a program run may take when no budget bounds its queries, and what a batch may take
/// on top of its queries' budgets.
pub const DEFAULT_PROCESS_LIMIT: Duration = Duration::from_secs(60);
/// The limit of `--program-limit 0`, which means none: about 34 years, far from any
/// overflow of a deadline computed from it.
pub const NO_PROCESS_LIMIT: Duration = Duration::from_secs(1 << 30);

/// The process limit `seconds` asks for: 0 is none ([`NO_PROCESS_LIMIT`]), anything else at
/// least a millisecond.
pub fn process_limit(seconds: f64) -> Duration {
    if seconds <= 0.0 {
        NO_PROCESS_LIMIT
    } else {
        Duration::try_from_secs_f64(seconds.max(0.001)).unwrap_or(NO_PROCESS_LIMIT)
    }
}

/// An outside program run as a solver.
pub struct ProgramSolver {
    program: Program,
    info: SolverInfo,
    mode: Mode,
    limit: Duration,
    timings: Mutex<Vec<TimingRow>>,
}

impl ProgramSolver {
    /// A solver for `program`, run in `mode` unless the program names its own, each process
    /// within `limit` beyond its queries' budgets.
    pub fn new(program: Program, mode: Mode, limit: Duration) -> ProgramSolver {
        let mode =
            program.mode.unwrap_or(if program.flushes { Mode::RequestResponse } else { mode });
        let info = SolverInfo {
            id: program.id(),
            algorithm: PROGRAM_ALGORITHM,
            // Leaked once per program per run: the registry's names are static.
            encoding: Box::leak(program.name.clone().into_boxed_str()),
            algorithm_kind: None,
            encoding_kind: None,
            weighted: program.weighted || program.protocols.contains(&Protocol::Aoj),
            table: false,
            peer: true,
            blind: false,
            // The process is watched from outside: its states are not seen.
            counts: Counts::PEAK,
        };
        ProgramSolver { program, info, mode, limit, timings: Mutex::new(Vec::new()) }
    }

    /// The program.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// How it is run.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Its process limit (`--program-limit`; [`NO_PROCESS_LIMIT`] for none).
    pub fn limit(&self) -> Duration {
        self.limit
    }

    /// The timing rows of every set it ran.
    pub fn timings(&self) -> Vec<TimingRow> {
        self.timings.lock().expect("poisoned").clone()
    }

    /// Request/response over `group`, `repeat` times (fewer when a run fails): every run,
    /// each case's median response time (0 when unanswered), and median wall and CPU times.
    fn conversed(
        inv: &Invocation,
        group: &[&Case],
        protocol: Protocol,
        deadlines: converse::Deadlines,
        repeat: u32,
    ) -> (Runs, Vec<u64>) {
        let queries: Vec<Vec<u8>> = group.iter().map(|c| protocol::query(c, protocol)).collect();
        let trailer = protocol::empty_input(protocol);
        let stdout = STDOUT_MIN.max(group.len().saturating_mul(STDOUT_PER_CASE));
        let mut times: Vec<Vec<u64>> = vec![Vec::new(); group.len()];
        let mut runs = Runs::default();
        loop {
            let ran = converse::converse(
                inv,
                &queries,
                &trailer,
                deadlines,
                stdout,
                protocol == Protocol::Aoj,
            );
            if let Ok(c) = &ran {
                for (t, r) in times.iter_mut().zip(&c.response) {
                    t.push(r.as_nanos() as u64);
                }
            }
            let ok = runs.push(ran.map(|c| c.outcome).map_err(|e| e.0));
            if !ok || runs.walls.len() >= repeat.max(1) as usize {
                return (runs, times.into_iter().map(|mut t| median(&mut t)).collect());
            }
        }
    }

    /// Every run of `group` judged: the first run that failed on a case decides it (a judge
    /// refuses a wrong answer in any run, not only the last), and its failure goes with the
    /// answer; answers that parse and differ between runs are settled by [`settle`]. With
    /// `cut_short` (the cap's deadline killed the last run), cases that run did not reach are
    /// `None`: cut by the cap, not over a limit.
    fn judge_runs(
        group: &[&Case],
        protocol: Protocol,
        runs: &[Ran],
        cut_short: bool,
    ) -> Vec<Option<Judged>> {
        let judged: Vec<RunJudged> = runs
            .iter()
            .map(|ran| {
                let mut notes = HashMap::new();
                let answers = Self::answers(group, protocol, ran, &mut notes);
                (answers, notes)
            })
            .collect();
        let total = judged.len();
        let last = total.saturating_sub(1);
        let mut out = Vec::with_capacity(group.len());
        for (k, case) in group.iter().enumerate() {
            let failed = judged.iter().enumerate().find_map(|(r, (answers, notes))| {
                notes.get(&case.id).map(|f| (r, f.clone(), answers.get(k).cloned()))
            });
            if let Some((r, failure, answer)) = failed {
                let unreached = matches!(failure, ProgramFailure::TimeLimit | ProgramFailure::Idle);
                if cut_short && r == last && unreached {
                    out.push(None);
                    continue;
                }
                let failure = if total > 1 { in_run(failure, r + 1, total) } else { failure };
                out.push(answer.map(|a| (a, Some(failure))));
                continue;
            }
            let answers: Vec<&crate::Result<Solution>> =
                judged.iter().filter_map(|(a, _)| a.get(k)).collect();
            match settle(&answers) {
                Ok(answer) => out.push(answer.map(|a| (a.clone(), None))),
                Err(why) => {
                    let failure = Some(ProgramFailure::BadPath(why));
                    out.push(answers.last().map(|a| ((*a).clone(), failure)));
                }
            }
        }
        out
    }

    /// Turns a process's stdout into one answer per case, noting every failure by case id.
    fn answers(
        cases: &[&Case],
        protocol: Protocol,
        ran: &Ran,
        notes: &mut HashMap<u64, ProgramFailure>,
    ) -> Vec<crate::Result<Solution>> {
        let out = match ran {
            Err(why) => {
                return cases
                    .iter()
                    .map(|c| {
                        let failure = ProgramFailure::RuntimeError(why.clone());
                        notes.insert(c.id, failure.clone());
                        Err(failed(failure, format!("runtime error: {why}")))
                    })
                    .collect();
            }
            Ok(o) => o,
        };
        // A judge stops reading a program that floods its output: no answer of it counts.
        if out.end == End::OutputLimit {
            return cases
                .iter()
                .map(|c| {
                    notes.insert(c.id, ProgramFailure::OutputLimit);
                    Err(failed(ProgramFailure::OutputLimit, FLOODED))
                })
                .collect();
        }
        // A killed program's last line may be cut: only whole lines count then.
        let stdout = if matches!(out.end, End::Exited(_)) {
            &out.stdout[..]
        } else {
            &out.stdout[..out.stdout.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)]
        };
        let read = protocol::read_answers(protocol, stdout, cases.len());
        let printed = read.lines.iter().filter(|l| l.is_some()).count();
        let stats = Stats { peak_bytes: out.peak_bytes, ..Stats::default() };
        let mut result = Vec::with_capacity(cases.len());
        for (k, (case, line)) in cases.iter().zip(read.lines).enumerate() {
            let answer = match line {
                Some(Answer::Moves(m)) => {
                    let sol = Solution::solved(&case.puzzle, m, stats);
                    if let Some(moves) = sol.moves() {
                        match case.puzzle.replay(&case.start, moves) {
                            Ok((end, _)) if &end == case.puzzle.goal() => {}
                            Ok((end, _)) => {
                                let why = format!("the moves end on {end}, not the goal");
                                notes.insert(case.id, ProgramFailure::BadPath(why));
                            }
                            Err(e) => {
                                notes.insert(case.id, ProgramFailure::BadPath(e.to_string()));
                            }
                        }
                    }
                    Ok(sol)
                }
                Some(Answer::Unsolvable) => {
                    // Checked without a reference: the parity rule decides solvability.
                    if crate::solvability::solvable(&case.puzzle, &case.start) {
                        let why = "said unsolvable of a solvable board".to_string();
                        notes.insert(case.id, ProgramFailure::BadPath(why));
                    }
                    Ok(Solution::unsolvable(stats))
                }
                Some(Answer::Cost(c)) => Ok(Solution::cost_only(c, stats)),
                Some(Answer::Malformed(why)) => {
                    let why = format!("output line {}: {why}", k + 1);
                    let failure = ProgramFailure::Presentation(why.clone());
                    notes.insert(case.id, failure.clone());
                    Err(failed(failure, why))
                }
                None => Err(Self::missing(case.id, out, printed, cases.len(), notes)),
            };
            result.push(answer);
        }
        if read.extra > 0 && out.end.is_success() {
            if let (Some(last), Some(case)) = (result.last_mut(), cases.last()) {
                let why = format!(
                    "{} lines after the answer to the last of {} boards",
                    read.extra,
                    cases.len()
                );
                let failure = ProgramFailure::Presentation(why.clone());
                notes.insert(case.id, failure.clone());
                *last = Err(failed(failure, why));
            }
        }
        // Every case answered, then a crash or a non-zero exit: no unanswered case carries the
        // runtime error, so the last answered one does (its answer is still replayed).
        if matches!(out.end, End::Exited(_)) && !out.end.is_success() && printed == cases.len() {
            if let Some(case) = cases.last() {
                notes.insert(case.id, ProgramFailure::EndedBadly(crash(out)));
            }
        }
        result
    }

    fn missing(
        id: u64,
        out: &process::Outcome,
        printed: usize,
        n: usize,
        notes: &mut HashMap<u64, ProgramFailure>,
    ) -> Error {
        let (failure, error) = match &out.end {
            End::TimeLimit => {
                (ProgramFailure::TimeLimit, Error::new(ErrorKind::Budget, "time limit"))
            }
            End::Idle => (
                ProgramFailure::Idle,
                Error::new(ErrorKind::Budget, "time limit, idle: waiting for input?"),
            ),
            End::OutputLimit => {
                (ProgramFailure::OutputLimit, failed(ProgramFailure::OutputLimit, FLOODED))
            }
            End::Exited(_) if out.end.is_success() => {
                let why = format!("no answer line: the program printed {printed} for {n} boards");
                let failure = ProgramFailure::Presentation(why.clone());
                (failure.clone(), failed(failure, why))
            }
            End::Exited(_) | End::ClosedOutput { .. } => {
                let why = crash(out);
                let failure = ProgramFailure::RuntimeError(why.clone());
                (failure.clone(), failed(failure, format!("runtime error: {why}")))
            }
        };
        notes.insert(id, failure);
        error
    }
}

/// One run's answers and the failures noted by case id.
type RunJudged = (Vec<crate::Result<Solution>>, HashMap<u64, ProgramFailure>);

/// What an empty run is cached by: everything that makes up the process and its input.
type EmptyKey = (Vec<String>, Vec<(String, String)>, Protocol);

impl SetSolver for ProgramSolver {
    fn info(&self) -> &SolverInfo {
        &self.info
    }

    fn accepts(&self, puzzle: &Puzzle) -> bool {
        self.program.accepts(puzzle)
    }

    #[allow(clippy::too_many_lines)] // one pass: parts, empty runs, runs, judging, timing
    fn solve_set(&self, set: &str, cases: &[&Case], controls: &RunControls) -> SetAnswers {
        let started = Instant::now();
        let per_case = self.mode == Mode::PerCase;
        let conversing = self.mode == Mode::RequestResponse;
        let batch = !per_case && !conversing;
        let mut empty: HashMap<EmptyKey, Runs> = HashMap::new();
        let mut timing = TimingRow::new(&self.info.id, set, self.mode);
        let mut protocols: Vec<Protocol> = Vec::new();
        let mut answers: Vec<Option<SetAnswer>> = vec![None; cases.len()];
        let mut streak = 0u32;
        let mut query_times = Vec::new();
        let (mut diff_total, mut noise_total, mut answered) = (0u64, 0u64, 0u64);
        let mut cut = None;
        let mut ends = Ends::default();
        let mut parts = Parts::new(controls, per_case, started);
        let mut pending: VecDeque<Vec<usize>> = protocol::batches(cases, per_case).into();
        let not_run = SetAnswer {
            answer: None,
            failure: None,
            time: QueryTime::NotMeasured,
            repeats: 0,
            peak_bytes: 0,
            shared_by: 0,
        };
        while let Some(mut batch_ids) = pending.pop_front() {
            if let Some(rest) = parts.split(&mut batch_ids) {
                pending.push_front(rest);
            }
            let group: Vec<&Case> = batch_ids.iter().map(|&i| cases[i]).collect();
            let puzzle = &group[0].puzzle;
            let protocol = self.program.protocol_for(puzzle).unwrap_or(Protocol::Boards);
            let inv = self.program.invocation(puzzle);
            let key = (inv.argv.clone(), inv.env.clone(), protocol);
            cut = cut.or_else(|| parts.cut(controls, streak));
            if cut.is_none() && !empty.contains_key(&key) {
                // T(0): after an untimed run, at least EMPTY_RUNS in batch mode.
                let input = protocol::empty_input(protocol);
                let (deadline, _) = capped(self.limit, parts.left());
                if controls.warm_up {
                    let _ = run_once(&inv, &input, deadline, 0);
                }
                let repeat = if batch { controls.repeat.max(EMPTY_RUNS) } else { controls.repeat };
                let mut runs = Runs::default();
                runs.repeat(&inv, &input, (deadline, 0), repeat);
                empty.insert(key.clone(), runs);
                // The empty runs may have spent the cap.
                cut = parts.cut(controls, streak);
            }
            if cut.is_some() {
                for &i in &batch_ids {
                    answers[i] = Some(not_run.clone());
                }
                continue;
            }
            let part_began = Instant::now();
            if !protocols.contains(&protocol) {
                protocols.push(protocol);
            }
            let (t0, c0) = empty.get(&key).map_or((0, 0), |e| (e.wall(), e.cpu()));
            timing.empty_wall_ns = timing.empty_wall_ns.max(t0);
            timing.empty_cpu_ns = timing.empty_cpu_ns.max(c0);
            let budget = controls.budget_for(puzzle).time;
            // A process may take the program limit on top of its queries' budgets, as the
            // README says, in every mode; never more than what is left of the cap.
            let deadline = match budget {
                Some(b) if conversing => b,
                Some(b) if per_case => self.limit.saturating_add(b),
                Some(b) => self.limit.saturating_add(b.saturating_mul(group.len() as u32)),
                None => self.limit,
            };
            let (deadline, mut cap_bound) = capped(deadline, parts.left());
            let n = group.len();
            let mut batch_excess = None;
            let (runs, mut times) = if conversing {
                // The first answer may also wait for the program's start.
                let first = budget.map_or(self.limit, |b| self.limit.saturating_add(b));
                let (first, first_capped) = capped(first, parts.left());
                let deadlines = converse::Deadlines { first, each: deadline.min(first) };
                let (runs, times) =
                    Self::conversed(&inv, &group, protocol, deadlines, controls.repeat);
                let times = times
                    .into_iter()
                    .map(|t| if t > 0 { QueryTime::Measured(t) } else { QueryTime::NotMeasured })
                    .collect::<Vec<_>>();
                ((runs, cap_bound || first_capped), times)
            } else {
                let input = protocol::input(&group, protocol);
                if per_case && controls.warm_up && timing.processes == 0 {
                    let _ = run_once(&inv, &input, deadline, 1);
                }
                let mut runs = Runs::default();
                let mut clean = runs.repeat(&inv, &input, (deadline, n), controls.repeat);
                let each = if per_case {
                    QueryTime::Measured(runs.wall())
                } else {
                    // More runs of T(0) and T(N) while their difference is lost in the spread,
                    // up to RESOLVE_RUNS each, for RESOLVE_TIME, and while the cap allows.
                    let mut e = empty.remove(&key).unwrap_or_default();
                    let resolving = Instant::now();
                    loop {
                        let (diff, noise) = excess(&e, &runs);
                        let resolved = matches!(per_query(diff, noise, 1), QueryTime::Measured(_));
                        let room = parts.left().is_none_or(|l| l > Duration::ZERO)
                            && resolving.elapsed() < RESOLVE_TIME;
                        let more = runs.walls.len() < RESOLVE_RUNS && e.walls.len() < RESOLVE_RUNS;
                        if resolved || !clean || !room || !more {
                            break;
                        }
                        let (d0, _) = capped(self.limit, parts.left());
                        if !e.push(run_once(&inv, &protocol::empty_input(protocol), d0, 0)) {
                            break;
                        }
                        let (d, by_cap) = capped(deadline, parts.left());
                        cap_bound |= by_cap;
                        clean = runs.push(run_once(&inv, &input, d, n));
                    }
                    let (diff, noise) = excess(&e, &runs);
                    diff_total = diff_total.saturating_add(diff);
                    noise_total = noise_total.saturating_add(noise);
                    timing.empty_wall_ns = timing.empty_wall_ns.max(e.wall());
                    empty.insert(key.clone(), e);
                    batch_excess = Some((diff, noise));
                    // Charged once the answers are known: over the cases it answered.
                    QueryTime::NotMeasured
                };
                ((runs, cap_bound), vec![each; n])
            };
            let (runs, cap_bound) = runs;
            let Some(ran) = runs.ran.last() else {
                continue;
            };
            let repeats = runs.walls.len() as u32;
            timing.processes += 1;
            ends.add(ran);
            timing.wall_ns += runs.wall();
            timing.cpu_ns += runs.cpu();
            let peak = runs.ran.iter().filter_map(|r| r.as_ref().ok()).map(|o| o.peak_bytes).max();
            let peak = peak.unwrap_or(0);
            timing.peak_bytes = timing.peak_bytes.max(peak);
            let timed_out = matches!(ran, Ok(o) if matches!(o.end, End::TimeLimit | End::Idle));
            // Killed at the cap's deadline: the cases it did not reach are cut by the cap.
            let cut_short = timed_out && cap_bound;
            streak = if timed_out && !cut_short { streak + 1 } else { 0 };
            let judged = Self::judge_runs(&group, protocol, &runs.ran, cut_short);
            if let Some((diff, noise)) = batch_excess {
                // A batch's T(N) − T(0) is the time of the cases it answered, never of those it
                // did not reach before it was killed: over all n it would read as a fraction of
                // each answer's real time.
                let gave = judged.iter().filter(|j| matches!(j, Some((Ok(_), _)))).count();
                let each = if gave == 0 {
                    QueryTime::NotMeasured
                } else {
                    per_query(diff, noise, gave as u64)
                };
                times = vec![each; n];
            }
            let mut reached = 0u64;
            for ((&i, answer), time) in batch_ids.iter().zip(judged).zip(times) {
                let Some((answer, failure)) = answer else {
                    answers[i] = Some(not_run.clone());
                    cut = parts.cap.map(Cut::Cap);
                    continue;
                };
                reached += 1;
                answered += u64::from(answer.is_ok());
                if let (false, Some(t)) = (batch, time.ns()) {
                    query_times.push(t);
                }
                answers[i] = Some(SetAnswer {
                    answer: Some(answer),
                    failure,
                    time,
                    repeats,
                    peak_bytes: peak,
                    // A batch's time is shared by its cases; a reply or a process is one case's.
                    shared_by: if batch { n as u64 } else { 1 },
                });
            }
            timing.cases += reached;
            parts.ran(n, part_began.elapsed());
        }
        timing.ended = ends.text(timing.processes);
        timing.protocol = protocols.iter().map(|p| p.name()).collect::<Vec<_>>().join(",");
        // No answer, no time per query: a 0 there would read as the fastest.
        let per_query = match (answered, batch) {
            (0, _) => QueryTime::NotMeasured,
            (_, true) => per_query(diff_total, noise_total, answered),
            (_, false) => QueryTime::Measured(median(&mut query_times)),
        };
        timing.answered = answered;
        timing.per_query_ns = per_query.ns();
        timing.per_query_is = per_query.is();
        let build = Duration::from_nanos(timing.empty_wall_ns);
        self.timings.lock().expect("poisoned").push(timing);
        let answers = answers.into_iter().map(|a| a.unwrap_or_else(|| not_run.clone())).collect();
        SetAnswers { answers, build: Some(build), wall: started.elapsed(), cut }
    }
}

/// How a batch is sent under a time cap: the cases come easiest first, and a batch goes in
/// growing parts (1, 2, 4, … cases, never more than the cap's remaining time at the last part's
/// pace), so that the cap cuts a program where it cuts a built-in solver, at the hardest cases.
/// Without a cap (or one process per case) a batch goes whole.
struct Parts {
    cap: Option<Duration>,
    split: bool,
    started: Instant,
    size: usize,
}

impl Parts {
    fn new(controls: &RunControls, per_case: bool, started: Instant) -> Parts {
        let cap = controls.cap.pair_time;
        Parts { cap, split: cap.is_some() && !per_case, started, size: 1 }
    }

    /// Cuts `batch` to the next part's size; the rest, if any, goes back in the queue.
    fn split(&self, batch: &mut Vec<usize>) -> Option<Vec<usize>> {
        (self.split && batch.len() > self.size).then(|| batch.split_off(self.size))
    }

    /// What is left of the cap, if there is one.
    fn left(&self) -> Option<Duration> {
        self.cap.map(|c| c.saturating_sub(self.started.elapsed()))
    }

    /// Why the next part is not started, if it is not: `streak` timed-out processes in a row
    /// reached the over-budget streak, or the cap is spent.
    fn cut(&self, controls: &RunControls, streak: u32) -> Option<Cut> {
        if controls.budget_streak > 0 && streak >= controls.budget_streak {
            Some(Cut::Streak(controls.budget_streak))
        } else {
            let spent = self.cap.is_some_and(|c| self.started.elapsed() >= c);
            spent.then(|| self.cap.map(Cut::Cap)).flatten()
        }
    }

    /// Sizes the next part after one of `n` cases took `took`.
    fn ran(&mut self, n: usize, took: Duration) {
        if let Some(cap) = self.cap {
            let pace = took.as_nanos() / n.max(1) as u128;
            let left = cap.saturating_sub(self.started.elapsed()).as_nanos();
            let fits = usize::try_from(left / pace.max(1)).unwrap_or(usize::MAX);
            self.size = (2 * n).min(fits).max(1);
        }
    }
}
