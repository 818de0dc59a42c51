//! An outside program as a [`SetSolver`]: its batches run one process at a time, timed as whole
//! processes, and every way it can fail noted for the judge's verdicts.
//!
//! Batch mode charges each query (T(N) − T(0)) / N, where T(0) is the same program on an empty
//! input (a program may build a table before it reads anything); per-case mode charges each
//! query its whole process and reports T(0), the cost of an empty start under the program's
//! runtime, beside it as the build time; request-response mode charges each query the time from
//! writing it to reading its answer (the first one's includes whatever of the program's start
//! it had not finished).

use super::converse;
use super::process::{self, End, Invocation, Limits};
use super::protocol::{self, Answer, Protocol};
use super::spec::{Mode, Program};
use crate::board::Puzzle;
use crate::cases::Case;
use crate::error::{Error, ErrorKind};
use crate::harness::{Cut, RunControls, SetAnswer, SetAnswers, SetSolver, PROGRAM_ALGORITHM};
use crate::solver::{Solution, SolverInfo, Stats};
use serde::Serialize;
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
/// Stdout a batch may print per case before it is killed for flooding, and at least.
const STDOUT_PER_CASE: usize = 4096;
const STDOUT_MIN: usize = 1 << 20;

/// Why a case got no accepted answer, beyond what the harness checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Killed at the time limit while computing.
    TimeLimit,
    /// Killed at the time limit while using no CPU.
    Idle,
    /// Killed for flooding stdout.
    OutputLimit,
    /// Crashed or exited non-zero before answering, or could not be started: what and why.
    RuntimeError(String),
    /// Answered every case, then crashed or exited non-zero: how it ended. A judge refuses the
    /// run; the last answer carries it, judged all the same.
    EndedBadly(String),
    /// A line that is not an answer, a missing line, or lines past the last case.
    Presentation(String),
    /// Moves that do not take the board to the goal.
    BadPath(String),
}

/// Whole-process timing of one program on one set (`programs.csv`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TimingRow {
    /// Solver id.
    pub solver: String,
    /// Case set.
    pub case_set: String,
    /// `batch` or `per-case`.
    pub mode: String,
    /// Protocols the set was sent in.
    pub protocol: String,
    /// Processes run for the set (timed runs, repeats aside).
    pub processes: u64,
    /// Cases it was run on (under a time cap, those it reached).
    pub cases: u64,
    /// Median wall time of an empty run, T(0), ns.
    pub empty_wall_ns: u64,
    /// CPU time of that run, ns.
    pub empty_cpu_ns: u64,
    /// Wall time of the set's processes (each the median of its repeats), ns.
    pub wall_ns: u64,
    /// CPU time of the same processes, user plus system, ns.
    pub cpu_ns: u64,
    /// Time charged to each query, ns: (T(N) − T(0)) / N in batch mode, the median process in
    /// per-case mode.
    pub per_query_ns: u64,
    /// Largest peak resident memory of its processes (`VmHWM`, sampled), bytes.
    pub peak_bytes: u64,
    /// How its processes ended: `exit status 0`, or the first other end and how many had one
    /// (a crash after the last answer is a runtime error, so it is said here too).
    pub ended: String,
}

impl TimingRow {
    /// A row with nothing run yet.
    fn new(solver: &str, set: &str, mode: Mode) -> TimingRow {
        TimingRow {
            solver: solver.to_string(),
            case_set: set.to_string(),
            mode: mode.name().to_string(),
            protocol: String::new(),
            processes: 0,
            cases: 0,
            empty_wall_ns: 0,
            empty_cpu_ns: 0,
            wall_ns: 0,
            cpu_ns: 0,
            per_query_ns: 0,
            peak_bytes: 0,
            ended: String::new(),
        }
    }
}

/// An outside program run as a solver.
pub struct ProgramSolver {
    program: Program,
    info: SolverInfo,
    mode: Mode,
    limit: Duration,
    notes: Mutex<HashMap<(String, u64), Failure>>,
    timings: Mutex<Vec<TimingRow>>,
}

fn median(mut v: Vec<u64>) -> u64 {
    v.sort_unstable();
    v.get(v.len().saturating_sub(1) / 2).copied().unwrap_or(0)
}

/// One process's result, or why it could not start.
type Ran = std::result::Result<process::Outcome, String>;

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
        };
        ProgramSolver {
            program,
            info,
            mode,
            limit,
            notes: Mutex::new(HashMap::new()),
            timings: Mutex::new(Vec::new()),
        }
    }

    /// The program.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// How it is run.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// What went wrong on the case `id` of `set`, if anything did before the harness's checks.
    pub fn failure(&self, set: &str, id: u64) -> Option<Failure> {
        self.notes.lock().expect("poisoned").get(&(set.to_string(), id)).cloned()
    }

    /// The timing rows of every set it ran.
    pub fn timings(&self) -> Vec<TimingRow> {
        self.timings.lock().expect("poisoned").clone()
    }

    fn note(&self, set: &str, id: u64, f: Failure) {
        self.notes.lock().expect("poisoned").insert((set.to_string(), id), f);
    }

    fn run_once(inv: &Invocation, input: &[u8], deadline: Duration, n: usize) -> Ran {
        let limits =
            Limits { deadline, stdout_bytes: STDOUT_MIN.max(n.saturating_mul(STDOUT_PER_CASE)) };
        process::run(inv, input, limits).map_err(|e| e.0)
    }

    /// Runs `repeat` times (fewer when a run fails), returning the last run with the median
    /// wall and CPU times.
    fn timed(
        inv: &Invocation,
        input: &[u8],
        deadline: Duration,
        n: usize,
        repeat: u32,
    ) -> (Ran, u64, u64, u32) {
        let mut walls = Vec::new();
        let mut cpus = Vec::new();
        loop {
            let ran = Self::run_once(inv, input, deadline, n);
            if let Ok(o) = &ran {
                walls.push(o.wall.as_nanos() as u64);
                cpus.push(o.cpu.as_nanos() as u64);
            }
            let ok = matches!(&ran, Ok(o) if o.end.is_success());
            if !ok || walls.len() >= repeat.max(1) as usize {
                let n = walls.len() as u32;
                return (ran, median(walls), median(cpus), n);
            }
        }
    }

    /// Request/response over `group`, `repeat` times (fewer when a run fails): the last run,
    /// each case's median response time (0 when unanswered), and median wall and CPU times.
    fn conversed(
        inv: &Invocation,
        group: &[&Case],
        protocol: Protocol,
        deadlines: converse::Deadlines,
        repeat: u32,
    ) -> (Ran, Vec<u64>, u64, u64, u32) {
        let queries: Vec<Vec<u8>> = group.iter().map(|c| protocol::query(c, protocol)).collect();
        let trailer = protocol::empty_input(protocol);
        let stdout = STDOUT_MIN.max(group.len().saturating_mul(STDOUT_PER_CASE));
        let mut times: Vec<Vec<u64>> = vec![Vec::new(); group.len()];
        let (mut walls, mut cpus) = (Vec::new(), Vec::new());
        loop {
            let ran = converse::converse(
                inv,
                &queries,
                &trailer,
                deadlines,
                stdout,
                protocol == Protocol::Aoj,
            );
            let ok = match &ran {
                Ok(c) => {
                    walls.push(c.outcome.wall.as_nanos() as u64);
                    cpus.push(c.outcome.cpu.as_nanos() as u64);
                    for (t, r) in times.iter_mut().zip(&c.response) {
                        t.push(r.as_nanos() as u64);
                    }
                    c.outcome.end.is_success()
                }
                Err(_) => false,
            };
            if !ok || walls.len() >= repeat.max(1) as usize {
                let n = walls.len() as u32;
                let per_case = times.into_iter().map(median).collect();
                let ran = ran.map(|c| c.outcome).map_err(|e| e.0);
                return (ran, per_case, median(walls), median(cpus), n);
            }
        }
    }

    /// T(0) of `inv` in `protocol`: median wall and CPU over the repeats, after an untimed run.
    fn empty_run(
        &self,
        inv: &Invocation,
        protocol: Protocol,
        controls: &RunControls,
    ) -> (u64, u64) {
        let input = protocol::empty_input(protocol);
        if controls.warm_up {
            let _ = Self::run_once(inv, &input, self.limit, 0);
        }
        let (_, wall, cpu, _) = Self::timed(inv, &input, self.limit, 0, controls.repeat);
        (wall, cpu)
    }

    /// Turns a process's stdout into one answer per case, noting every failure.
    fn answers(
        &self,
        set: &str,
        cases: &[&Case],
        protocol: Protocol,
        ran: &Ran,
    ) -> Vec<crate::Result<Solution>> {
        let out = match ran {
            Err(why) => {
                return cases
                    .iter()
                    .map(|c| {
                        self.note(set, c.id, Failure::RuntimeError(why.clone()));
                        Err(Error::new(ErrorKind::Io, format!("runtime error: {why}")))
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
                    self.note(set, c.id, Failure::OutputLimit);
                    Err(Error::new(ErrorKind::Io, "output limit: killed for flooding stdout"))
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
                            Ok((end, _)) => self.note(
                                set,
                                case.id,
                                Failure::BadPath(format!("the moves end on {end}, not the goal")),
                            ),
                            Err(e) => self.note(set, case.id, Failure::BadPath(e.to_string())),
                        }
                    }
                    Ok(sol)
                }
                Some(Answer::Unsolvable) => {
                    // Checked without a reference: the parity rule decides solvability.
                    if crate::solvability::solvable(&case.puzzle, &case.start) {
                        let why = "said unsolvable of a solvable board".to_string();
                        self.note(set, case.id, Failure::BadPath(why));
                    }
                    Ok(Solution::unsolvable(stats))
                }
                Some(Answer::Cost(c)) => Ok(Solution::cost_only(c, stats)),
                Some(Answer::Malformed(why)) => {
                    let why = format!("output line {}: {why}", k + 1);
                    self.note(set, case.id, Failure::Presentation(why.clone()));
                    Err(Error::new(ErrorKind::Parse, why))
                }
                None => Err(self.missing(set, case.id, out, printed, cases.len())),
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
                self.note(set, case.id, Failure::Presentation(why.clone()));
                *last = Err(Error::new(ErrorKind::Parse, why));
            }
        }
        // Every case answered, then a crash or a non-zero exit: no unanswered case carries the
        // runtime error, so the last answered one does (its answer is still replayed).
        if matches!(out.end, End::Exited(_)) && !out.end.is_success() && printed == cases.len() {
            if let Some(case) = cases.last() {
                self.note(set, case.id, Failure::EndedBadly(crash(out)));
            }
        }
        result
    }

    fn missing(
        &self,
        set: &str,
        id: u64,
        out: &process::Outcome,
        printed: usize,
        n: usize,
    ) -> Error {
        let (failure, error) = match &out.end {
            End::TimeLimit => (Failure::TimeLimit, Error::new(ErrorKind::Budget, "time limit")),
            End::Idle => (
                Failure::Idle,
                Error::new(ErrorKind::Budget, "time limit, idle: waiting for input?"),
            ),
            End::OutputLimit => (
                Failure::OutputLimit,
                Error::new(ErrorKind::Io, "output limit: killed for flooding stdout"),
            ),
            End::Exited(_) if out.end.is_success() => {
                let why = format!("no answer line: the program printed {printed} for {n} boards");
                (Failure::Presentation(why.clone()), Error::new(ErrorKind::Parse, why))
            }
            End::Exited(_) | End::ClosedOutput { .. } => {
                let why = crash(out);
                (
                    Failure::RuntimeError(why.clone()),
                    Error::new(ErrorKind::Io, format!("runtime error: {why}")),
                )
            }
        };
        self.note(set, id, failure);
        error
    }
}

/// How a process that did not exit cleanly ended, with the end of its stderr.
fn crash(out: &process::Outcome) -> String {
    let stderr = out.stderr_text();
    if stderr.is_empty() {
        out.end.describe()
    } else {
        format!("{}; stderr ends: {}", out.end.describe(), stderr.replace('\n', " | "))
    }
}

/// How a set's processes ended, for `programs.csv`: the first end that was not a clean exit,
/// and how many had one.
#[derive(Default)]
struct Ends {
    first_bad: Option<String>,
    bad: u64,
}

impl Ends {
    fn add(&mut self, ran: &Ran) {
        let bad = match ran {
            Ok(o) if o.end.is_success() => return,
            Ok(o) => o.end.describe(),
            Err(why) => format!("not started: {why}"),
        };
        self.bad += 1;
        self.first_bad.get_or_insert(bad);
    }

    fn text(&self, processes: u64) -> String {
        match &self.first_bad {
            None => "exit status 0".into(),
            Some(first) => format!("{first} ({} of {processes} processes)", self.bad),
        }
    }
}

impl SetSolver for ProgramSolver {
    fn info(&self) -> &SolverInfo {
        &self.info
    }

    fn accepts(&self, puzzle: &Puzzle) -> bool {
        self.program.accepts(puzzle)
    }

    fn solve_set(&self, set: &str, cases: &[&Case], controls: &RunControls) -> SetAnswers {
        let started = Instant::now();
        let per_case = self.mode == Mode::PerCase;
        let conversing = self.mode == Mode::RequestResponse;
        let mut empty: HashMap<(Vec<String>, Protocol), (u64, u64)> = HashMap::new();
        let mut timing = TimingRow::new(&self.info.id, set, self.mode);
        let mut protocols: Vec<Protocol> = Vec::new();
        let mut answers: Vec<Option<SetAnswer>> = vec![None; cases.len()];
        let mut streak = 0u32;
        let mut query_times = Vec::new();
        let mut cut = None;
        let mut ends = Ends::default();
        let mut parts = Parts::new(controls, per_case, started);
        let mut pending: VecDeque<Vec<usize>> = protocol::batches(cases, per_case).into();
        while let Some(mut batch) = pending.pop_front() {
            if let Some(rest) = parts.split(&mut batch) {
                pending.push_front(rest);
            }
            cut = cut.or_else(|| parts.cut(controls, streak));
            if cut.is_some() {
                for &i in &batch {
                    answers[i] =
                        Some(SetAnswer { answer: None, time_ns: 0, repeats: 0, peak_bytes: 0 });
                }
                continue;
            }
            let part_began = Instant::now();
            let group: Vec<&Case> = batch.iter().map(|&i| cases[i]).collect();
            let puzzle = &group[0].puzzle;
            let protocol = self.program.protocol_for(puzzle).unwrap_or(Protocol::Boards);
            if !protocols.contains(&protocol) {
                protocols.push(protocol);
            }
            let inv = self.program.invocation(puzzle);
            let (t0, c0) = *empty
                .entry((inv.argv.clone(), protocol))
                .or_insert_with(|| self.empty_run(&inv, protocol, controls));
            timing.empty_wall_ns = timing.empty_wall_ns.max(t0);
            timing.empty_cpu_ns = timing.empty_cpu_ns.max(c0);
            let budget = controls.budget_for(puzzle).time;
            let deadline = match budget {
                Some(b) if per_case || conversing => b,
                Some(b) => self.limit + b.saturating_mul(group.len() as u32),
                None => self.limit,
            };
            let (ran, times, wall, cpu, repeats) = if conversing {
                // The first answer may also wait for the program's start.
                let first = budget.map_or(self.limit, |b| self.limit + b);
                let deadlines = converse::Deadlines { first, each: deadline };
                Self::conversed(&inv, &group, protocol, deadlines, controls.repeat)
            } else {
                let input = protocol::input(&group, protocol);
                if per_case && controls.warm_up && timing.processes == 0 {
                    let _ = Self::run_once(&inv, &input, deadline, 1);
                }
                let (ran, wall, cpu, repeats) =
                    Self::timed(&inv, &input, deadline, group.len(), controls.repeat);
                let each =
                    if per_case { wall } else { wall.saturating_sub(t0) / group.len() as u64 };
                (ran, vec![each; group.len()], wall, cpu, repeats)
            };
            timing.processes += 1;
            ends.add(&ran);
            timing.wall_ns += wall;
            timing.cpu_ns += cpu;
            let peak = ran.as_ref().map_or(0, |o| o.peak_bytes);
            timing.peak_bytes = timing.peak_bytes.max(peak);
            let timed_out = matches!(&ran, Ok(o) if matches!(o.end, End::TimeLimit | End::Idle));
            streak = if timed_out { streak + 1 } else { 0 };
            let judged = self.answers(set, &group, protocol, &ran);
            for ((&i, answer), time_ns) in batch.iter().zip(judged).zip(times) {
                if !conversing || time_ns > 0 {
                    query_times.push(time_ns);
                }
                answers[i] =
                    Some(SetAnswer { answer: Some(answer), time_ns, repeats, peak_bytes: peak });
            }
            timing.cases += batch.len() as u64;
            parts.ran(batch.len(), part_began.elapsed());
        }
        timing.ended = ends.text(timing.processes);
        timing.protocol = protocols.iter().map(|p| p.name()).collect::<Vec<_>>().join(",");
        timing.per_query_ns = if per_case || conversing {
            median(query_times)
        } else {
            let empties = timing.empty_wall_ns.saturating_mul(timing.processes);
            timing.wall_ns.saturating_sub(empties) / timing.cases.max(1)
        };
        let build = Duration::from_nanos(timing.empty_wall_ns);
        self.timings.lock().expect("poisoned").push(timing);
        let answers = answers
            .into_iter()
            .map(|a| a.unwrap_or(SetAnswer { answer: None, time_ns: 0, repeats: 0, peak_bytes: 0 }))
            .collect();
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
