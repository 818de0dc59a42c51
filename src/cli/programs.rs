//! The flags that add outside programs as solvers (`compare`, `judge`), and what is printed and
//! recorded about them after a run.

use super::output::Failure;
use slidebench::harness::Report;
use slidebench::program::{self, verdict, Mode, Program, ProgramSolver, VerdictRow};
use slidebench::report::QueryTime;
use std::io::{self, Write};
use std::path::PathBuf;

/// How programs run, on the command line.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub(super) enum ModeArg {
    /// One process per set (per 30 datasets for AOJ 1339).
    Batch,
    /// One process per case.
    PerCase,
    /// One process per set, one case at a time, each answer awaited: only for programs that
    /// flush after every answer.
    RequestResponse,
}

impl From<ModeArg> for Mode {
    fn from(m: ModeArg) -> Mode {
        match m {
            ModeArg::Batch => Mode::Batch,
            ModeArg::PerCase => Mode::PerCase,
            ModeArg::RequestResponse => Mode::RequestResponse,
        }
    }
}

#[derive(clap::Args, Debug, Clone)]
pub(super) struct ProgramArgs {
    /// An outside program as a solver, `NAME[:PROTOCOLS]=COMMAND` (repeatable): the command is
    /// split into words like a shell would and run without one; PROTOCOLS, comma-separated, are
    /// hdu (default), aoj and boards, any ending in `+flush` for a program that flushes after
    /// every answer (run request-response). Its id is `program:NAME`.
    #[arg(long = "program", value_name = "NAME=COMMAND")]
    pub program: Vec<String>,
    /// A TOML file of `[[program]]` entries (name, command, protocols, shapes, weighted, mode,
    /// flushes, cwd, env).
    #[arg(long = "programs", value_name = "FILE")]
    pub programs_file: Option<PathBuf>,
    /// How programs run: one process per set, one per case, or request-response (programs that
    /// declare they flush run that way unless their entry names a mode).
    #[arg(long, value_enum, default_value = "batch")]
    pub program_mode: ModeArg,
    /// Seconds a program's process may take beyond its queries' budgets (the whole limit when
    /// no budget applies); 0: no limit.
    #[arg(long, default_value_t = program::DEFAULT_PROCESS_LIMIT.as_secs_f64(), value_parser = super::args::seconds_arg)]
    pub program_limit: f64,
}

impl ProgramArgs {
    /// The programs, each checked (found, executable, hashed) before anything runs.
    pub(super) fn load(&self) -> Result<Vec<ProgramSolver>, Failure> {
        let mode = Mode::from(self.program_mode);
        let mut programs: Vec<Program> = Vec::new();
        for arg in &self.program {
            programs.push(program::spec::parse_arg(arg, None)?);
        }
        if let Some(f) = &self.programs_file {
            programs.extend(program::spec::read_file(f)?);
        }
        for (i, p) in programs.iter().enumerate() {
            if programs[..i].iter().any(|q| q.name == p.name) {
                return Err(Failure::Error(format!("two programs are named `{}`", p.name)));
            }
        }
        if mode == Mode::RequestResponse {
            if let Some(p) = programs.iter().find(|p| !p.flushes && p.mode.is_none()) {
                return Err(Failure::Error(format!(
                    "--program-mode request-response is only for programs that flush after every \
                     answer; `{}` does not say it does (`{}:hdu{}=…`, or `flushes = true`)",
                    p.name,
                    p.name,
                    program::spec::FLUSH_SUFFIX
                )));
            }
        }
        let limit = program::process_limit(self.program_limit);
        Ok(programs.into_iter().map(|p| ProgramSolver::new(p, mode, limit)).collect())
    }
}

/// Prints each program's verdicts per set: `program:NAME on SET: 198 accepted, 2 wrong`.
pub(super) fn print_verdicts(rows: &[VerdictRow], out: &mut impl Write) -> io::Result<()> {
    for (solver, set, counts) in verdict::tally(rows) {
        let list: Vec<String> = counts.iter().map(|(v, n)| format!("{n} {v}")).collect();
        writeln!(out, "{solver} on {set}: {}", list.join(", "))?;
    }
    Ok(())
}

/// Prints each program's whole-process times per set.
pub(super) fn print_timings(programs: &[ProgramSolver], out: &mut impl Write) -> io::Result<()> {
    for p in programs {
        for t in p.timings() {
            writeln!(
                out,
                "{} on {} ({}, {}): {} processes, wall {:.1} ms, CPU {:.1} ms, empty start \
                 T(0) {:.2} ms, {}, peak {}{}",
                t.solver,
                t.case_set,
                t.mode,
                t.protocol,
                t.processes,
                t.wall_ns as f64 / 1e6,
                t.cpu_ns as f64 / 1e6,
                t.empty_wall_ns as f64 / 1e6,
                charged(&t),
                slidebench::units::human_bytes(t.peak_bytes),
                if t.ended == "exit status 0" {
                    String::new()
                } else {
                    format!("; ended: {}", t.ended)
                }
            )?;
        }
    }
    Ok(())
}

/// The time charged to each query: a batch's (T(N) − T(0)) over the N cases it answered, said
/// to be so (one process answered them all; no query of it was timed alone), or a per-case or
/// request-response program's time per query.
fn charged(t: &program::TimingRow) -> String {
    match t.per_query() {
        time @ (QueryTime::Measured(_) | QueryTime::Below(_)) if t.mode == Mode::Batch.name() => {
            format!("batch: {} a case over {}", time.micros(), t.answered)
        }
        time => format!("{} per query", time.micros()),
    }
}

/// The verdicts and timings go into the report's tables; returns the verdicts.
pub(super) fn finish(
    report: &mut Report,
    programs: &[ProgramSolver],
) -> Result<Vec<VerdictRow>, Failure> {
    Ok(program::add_tables(report, programs)?)
}
