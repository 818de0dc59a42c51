//! One run of an outside program: its whole input given at once, stdout and stderr kept
//! with bounded memory, a deadline on the child, its whole process group killed, and the child
//! reaped with its own resource usage on every path.
//!
//! Contest programs rarely flush and some build a table before reading, so nothing here waits
//! on the program's output to give it more input. A batch run ([`run`]) is wired as a shell
//! wires `prog < in > out`: stdin holds the whole input (a pipe big enough for all of it, or an
//! unlinked temporary file), so the program sees end of input where it ends, and stdout is an
//! unlinked temporary file, so the program never waits on the harness to drain its output
//! (through pipes each full 64 KiB is a hand-off to a harness thread; on the 20,000-board set,
//! as the README says, this wiring leaves the program's own run as fast as the shell's way,
//! while the pipes added 2–6% to it). A conversation ([`super::converse`]) needs
//! pipes: a writer thread feeds stdin, a reader thread drains stdout. Stderr is a pipe drained
//! on a thread in both, and the caller's thread waits on the child itself (a pidfd, where the
//! kernel has them), so a grandchild that keeps a pipe open cannot stall the run. Each program
//! gets its own process group (`process_group(0)`, which keeps the standard library's fast
//! spawn path); at the end the group is killed, before the child is reaped so that its id
//! cannot have been reused.
//!
//! Where a supervisor is named ([`super::supervise`]), the harness's child is the supervisor and
//! the program its child: the run ends by asking the supervisor to stop (SIGTERM), which kills
//! and reaps the program's whole tree, and its `wait4` rusage is the tree's CPU time. Without one
//! the program is the harness's child, and the CPU time is the larger of its `wait4` rusage and
//! the tree's as `/proc` showed it just before the kill.

use super::capture::{drain, prefix, Capture, Pipe};
use super::{live, procfs, reaper, supervise};
use rustix::event::{poll, PollFd, PollFlags};
use rustix::pipe::fcntl_setpipe_size;
use rustix::process::{kill_process, kill_process_group, pidfd_open, Pid, PidfdFlags, Signal};
use std::io::{PipeReader, PipeWriter, Seek, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};
use wait4::Wait4;

/// Bytes of stderr kept: the tail, which is where a crash says why.
pub const STDERR_TAIL: usize = 4096;
/// How long the pipes may stay open after the program's group is gone (a program that left its
/// group with `setsid` and kept them): the run ends anyway with what was read.
const PIPE_GRACE: Duration = Duration::from_millis(200);
/// How long the sweep for escaped descendants may keep finding new ones after a run.
const SWEEP_GRACE: Duration = Duration::from_secs(1);
/// How long a supervisor asked to stop may take to clear its tree before it is killed itself
/// (its own sweep takes at most a second).
const SUPERVISOR_GRACE: Duration = Duration::from_secs(3);
/// A program that used less CPU than this share of its wall time before its deadline was
/// waiting, not computing: `idle`, not `time limit`.
pub(super) const IDLE_CPU_SHARE: f64 = 0.05;

/// How a program stopped at its deadline ended: `idle` when its tree used less CPU than
/// [`IDLE_CPU_SHARE`] of the wall time, else `time limit`.
fn past_deadline(cpu: Duration, wall: Duration) -> End {
    if cpu.as_secs_f64() < IDLE_CPU_SHARE * wall.as_secs_f64() {
        End::Idle
    } else {
        End::TimeLimit
    }
}

/// What to run: the argv (never through a shell), where, with which environment, on what input.
#[derive(Clone, Debug)]
pub struct Invocation {
    /// The program and its arguments.
    pub argv: Vec<String>,
    /// Working directory; the harness's own when `None`.
    pub cwd: Option<PathBuf>,
    /// Variables added to the harness's environment.
    pub env: Vec<(String, String)>,
}

/// Limits of one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Wall time after which the process group is killed.
    pub deadline: Duration,
    /// Most bytes of stdout kept; a program that prints more is killed (`output limit`).
    pub stdout_bytes: usize,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// The program exited by itself.
    Exited(ExitStatus),
    /// Killed at the deadline while using CPU.
    TimeLimit,
    /// Killed at the deadline after using almost no CPU: waiting for input that never comes.
    Idle,
    /// Killed for printing more than the stdout limit.
    OutputLimit,
    /// Closed its stdout and went on running, with this many cases unanswered: killed, since no
    /// answer can come any more.
    ClosedOutput {
        /// Cases sent that got no answer.
        unanswered: usize,
    },
}

impl End {
    /// Whether the program exited by itself with status 0.
    pub fn is_success(&self) -> bool {
        matches!(self, End::Exited(s) if s.success())
    }

    /// The exit as people read it: `exit status 3`, `killed by signal 11 (SIGSEGV)`.
    pub fn describe(&self) -> String {
        match self {
            End::Exited(s) => match (s.code(), s.signal()) {
                (Some(c), _) => format!("exit status {c}"),
                (None, Some(sig)) => format!("killed by signal {sig}{}", signal_name(sig)),
                _ => "ended".into(),
            },
            End::TimeLimit => "killed at its time limit".into(),
            End::Idle => "killed at its time limit, idle (waiting for input?)".into(),
            End::OutputLimit => "killed for printing past the output limit".into(),
            End::ClosedOutput { unanswered } => format!(
                "closed its output with {unanswered} case{} unanswered",
                if *unanswered == 1 { "" } else { "s" }
            ),
        }
    }
}

fn signal_name(sig: i32) -> &'static str {
    match sig {
        6 => " (SIGABRT)",
        8 => " (SIGFPE)",
        9 => " (SIGKILL)",
        11 => " (SIGSEGV)",
        13 => " (SIGPIPE)",
        15 => " (SIGTERM)",
        _ => "",
    }
}

/// What one run produced.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// How it ended.
    pub end: End,
    /// Stdout, up to the limit.
    pub stdout: Vec<u8>,
    /// The last [`STDERR_TAIL`] bytes of stderr.
    pub stderr_tail: Vec<u8>,
    /// Wall time from spawn to exit (or kill).
    pub wall: Duration,
    /// User plus system CPU time of the program's whole process tree (see the module's notes).
    pub cpu: Duration,
    /// Peak resident memory of the program's largest process (`VmHWM`, sampled while it ran: a
    /// lower bound that misses only growth in its last few milliseconds), bytes; 0 when it ended
    /// before the first sample.
    pub peak_bytes: u64,
}

impl Outcome {
    /// The stderr tail as text, trimmed, control characters escaped, for error messages.
    pub fn stderr_text(&self) -> String {
        super::escape::controls_escaped(String::from_utf8_lossy(&self.stderr_tail).trim())
    }
}

/// Why a program could not be started.
#[derive(Debug)]
pub struct SpawnError(pub String);

/// A program started with stderr drained on a thread and stdout captured: what [`run`] and
/// [`super::converse`] share.
pub(super) struct Running {
    child: Child,
    /// The harness's child: the supervisor, or the program itself.
    pub(super) pid: Pid,
    /// Whether `pid` is a supervisor.
    supervised: bool,
    token: String,
    pub(super) started: Instant,
    pub(super) out: Capture,
    err: Arc<Pipe>,
    err_done: mpsc::Receiver<()>,
    /// Set when stdout passes its limit.
    pub(super) over: Arc<AtomicBool>,
}

/// A started child: it, whether it is a supervisor, its mark and when it started.
type Spawned = (Child, bool, String, Instant);

/// Spawns `inv` in its own process group (under the supervisor, when one is named), marked for
/// the sweep, stderr piped.
fn spawn(inv: &Invocation, stdin: Stdio, stdout: Stdio) -> Result<Spawned, SpawnError> {
    let (program, args) =
        inv.argv.split_first().ok_or_else(|| SpawnError("the command is empty".into()))?;
    let subreaper = reaper::become_subreaper();
    let token = reaper::new_token();
    let supervisor = supervise::supervisor();
    let mut cmd = if let Some(binary) = supervisor {
        supervise::wrap(binary, &inv.argv)
    } else {
        let mut cmd = Command::new(program);
        cmd.args(args);
        cmd
    };
    cmd.stdin(stdin).stdout(stdout).stderr(Stdio::piped()).process_group(0);
    if let Some(dir) = &inv.cwd {
        cmd.current_dir(dir);
    }
    for (k, v) in &inv.env {
        cmd.env(k, v);
    }
    if subreaper {
        cmd.env(reaper::TOKEN_VAR, &token);
    }
    let started = Instant::now();
    let child = live::spawn(&mut cmd, supervisor.is_some())
        .map_err(|e| SpawnError(format!("cannot run `{program}`: {e}")))?;
    Ok((child, supervisor.is_some(), token, started))
}

/// Starts `inv` with stdin and stdout on pipes, stdout read as it arrives and kept up to
/// `stdout_bytes`; returns it with its stdin.
pub(super) fn start(
    inv: &Invocation,
    stdout_bytes: usize,
) -> Result<(Running, ChildStdin), SpawnError> {
    let (mut child, supervised, token, started) = spawn(inv, Stdio::piped(), Stdio::piped())?;
    let stdin = child.stdin.take().expect("stdin is piped");
    let stdout = child.stdout.take().expect("stdout is piped");
    let over = Arc::new(AtomicBool::new(false));
    let (pipe, done) = drain(stdout, stdout_bytes, false, Some(Arc::clone(&over)));
    let out = Capture::Pipe { pipe, done };
    Ok((Running::new((child, supervised, token, started), out, over), stdin))
}

impl Running {
    fn new(spawned: Spawned, out: Capture, over: Arc<AtomicBool>) -> Running {
        let (mut child, supervised, token, started) = spawned;
        let pid = Pid::from_child(&child);
        let stderr = child.stderr.take().expect("stderr is piped");
        let (err, err_done) = drain(stderr, STDERR_TAIL, true, None);
        Running { child, pid, supervised, token, started, out, err, err_done, over }
    }

    /// CPU time the program's tree has used so far ([`reaper::tree_cpu`]).
    pub(super) fn cpu_so_far(&self) -> Option<Duration> {
        reaper::tree_cpu(self.pid)
    }

    /// The largest `VmHWM` among the program's processes (the supervisor's own aside).
    pub(super) fn high_water(&self) -> Option<u64> {
        let tree = reaper::tree(self.pid);
        let skip = usize::from(self.supervised);
        let pids = tree.into_iter().skip(skip).filter_map(Pid::from_raw);
        pids.filter_map(procfs::high_water).max()
    }

    /// Whether stdout has passed its limit (a file's size is looked at now).
    fn past_limit(&self) -> bool {
        if let Capture::File { file, limit } = &self.out {
            if file.metadata().is_ok_and(|m| m.len() > *limit as u64) {
                self.over.store(true, Ordering::Relaxed);
            }
        }
        self.over.load(Ordering::Relaxed)
    }

    /// Waits until the child exits, `until` passes or stdout passes its limit; true when it
    /// exited. Uses a pidfd where the kernel has them, else looks at `/proc/PID/stat` for a
    /// zombie every millisecond. Samples the child's `VmHWM` into `peak` on every wake, at
    /// intervals growing from 1 ms to 20 ms. Never reaps: [`Running::finish`] kills the group
    /// first.
    pub(super) fn wait_exit(&self, until: Instant, peak: &mut u64) -> bool {
        let pid = self.pid;
        let pidfd = pidfd_open(pid, PidfdFlags::empty()).ok();
        let mut slice = Duration::from_millis(1);
        loop {
            if let Some(hwm) = self.high_water() {
                *peak = (*peak).max(hwm);
            }
            if self.past_limit() {
                return false;
            }
            let now = Instant::now();
            if now >= until {
                return procfs::exited(pid);
            }
            let wait = (until - now).min(slice);
            slice = (slice * 2).min(Duration::from_millis(20));
            if let Some(fd) = &pidfd {
                let mut fds = [PollFd::new(fd, PollFlags::IN)];
                let ts = rustix::event::Timespec {
                    tv_sec: wait.as_secs() as i64,
                    tv_nsec: i64::from(wait.subsec_nanos()),
                };
                if matches!(poll(&mut fds, Some(&ts)), Ok(n) if n > 0) {
                    return true;
                }
            } else {
                if procfs::exited(pid) {
                    return true;
                }
                std::thread::sleep(wait.min(Duration::from_millis(1)));
            }
        }
    }

    /// Waits until the child exits or `until` passes; true when it exited.
    fn wait_gone(&self, until: Instant) -> bool {
        let pidfd = pidfd_open(self.pid, PidfdFlags::empty()).ok();
        loop {
            if procfs::exited(self.pid) {
                return true;
            }
            let now = Instant::now();
            if now >= until {
                return false;
            }
            let wait = (until - now).min(Duration::from_millis(10));
            match &pidfd {
                Some(fd) => {
                    let mut fds = [PollFd::new(fd, PollFlags::IN)];
                    let ts = rustix::event::Timespec {
                        tv_sec: 0,
                        tv_nsec: i64::from(wait.subsec_nanos()),
                    };
                    let _ = poll(&mut fds, Some(&ts));
                }
                None => std::thread::sleep(wait.min(Duration::from_millis(1))),
            }
        }
    }

    /// Ends the run: kills the group, reaps the child, kills and reaps whatever escaped the
    /// group, and waits a little for the pipes. `exited_in_time` says whether the child ended
    /// by itself; `written` is the writer thread's end, if one was fed.
    pub(super) fn finish(
        mut self,
        exited_in_time: bool,
        peak_bytes: u64,
        written: Option<&mpsc::Receiver<()>>,
    ) -> Outcome {
        let wall = self.started.elapsed();
        let seen_cpu = self.cpu_so_far().unwrap_or_default();
        if self.supervised {
            // It kills and reaps the program's tree, then exits; if it does not, it is killed
            // and the sweep below finds the tree (handed to the harness, its subreaper).
            let _ = kill_process(self.pid, Signal::TERM);
            if !self.wait_gone(Instant::now() + SUPERVISOR_GRACE) {
                let _ = kill_process(self.pid, Signal::KILL);
            }
        }
        // The group goes before the child is reaped: its id is still held, so no stranger gets
        // the signal, and grandchildren that kept running are stopped with it.
        let _ = kill_process_group(self.pid, Signal::KILL);
        live::forget(self.pid);
        let usage = self.child.wait4();
        reaper::sweep(self.pid, &self.token, SWEEP_GRACE);
        let grace = Instant::now() + PIPE_GRACE;
        let out_done = match &self.out {
            Capture::Pipe { done, .. } => Some(done),
            Capture::File { .. } => None,
        };
        for rx in std::iter::once(&self.err_done).chain(out_done).chain(written) {
            let _ = rx.recv_timeout(grace.saturating_duration_since(Instant::now()));
        }
        let take = |p: &Pipe| std::mem::take(&mut p.data.lock().expect("reader").bytes);
        let stdout = match &mut self.out {
            Capture::Pipe { pipe, .. } => take(pipe),
            Capture::File { file, limit } => {
                let (bytes, more) = prefix(file, *limit);
                if more {
                    self.over.store(true, Ordering::Relaxed);
                }
                bytes
            }
        };
        let (status, cpu) = match usage {
            Ok(u) => (Some(u.status), (u.rusage.utime + u.rusage.stime).max(seen_cpu)),
            Err(_) => (None, seen_cpu),
        };
        let end = if self.over.load(Ordering::Relaxed) {
            End::OutputLimit
        } else if exited_in_time {
            End::Exited(status.unwrap_or_else(|| ExitStatus::from_raw(0)))
        } else {
            past_deadline(cpu, wall)
        };
        Outcome { end, stdout, stderr_tail: take(&self.err), wall, cpu, peak_bytes }
    }
}

/// Largest input given on a pipe that holds all of it (Linux's default `pipe-max-size`); a
/// larger one goes in a temporary file.
const PIPE_INPUT_MAX: usize = 1 << 20;

/// A pipe that holds `len` bytes unread, or `None` where the kernel will not make one so big.
fn roomy_pipe(len: usize) -> Option<(PipeReader, PipeWriter)> {
    if len > PIPE_INPUT_MAX {
        return None;
    }
    let (reader, writer) = std::io::pipe().ok()?;
    let room = fcntl_setpipe_size(&writer, len.max(1)).ok()?;
    (room >= len).then_some((reader, writer))
}

/// Runs `inv` on `input` within `limits`. Every path kills the process group and reaps the
/// child and whatever left the group; a program that cannot be started is a [`SpawnError`].
///
/// Wired as when a shell runs `prog < in > out`: stdin holds the whole input, on a pipe big
/// enough for all of it (filled while the program starts, so no thread waits to write more) or
/// else in an unlinked temporary file, and the program sees end of input where it ends; stdout
/// is an unlinked temporary file, so nothing the program writes waits on the harness.
pub fn run(inv: &Invocation, input: &[u8], limits: Limits) -> Result<Outcome, SpawnError> {
    let temp = |e: std::io::Error| SpawnError(format!("cannot use a temporary file: {e}"));
    // On a pipe, the harness keeps a read end until the child is gone, so filling it never
    // fails.
    let (child_in, mut writer, read_end): (Stdio, _, _) =
        if let Some((reader, writer)) = roomy_pipe(input.len()) {
            (reader.try_clone().map_err(temp)?.into(), Some(writer), Some(reader))
        } else {
            let mut file = tempfile::tempfile().map_err(temp)?;
            file.write_all(input).and_then(|()| file.rewind()).map_err(temp)?;
            (file.into(), None, None)
        };
    let stdout = tempfile::tempfile().map_err(temp)?;
    let child_out = stdout.try_clone().map_err(temp)?;
    let spawned = spawn(inv, child_in, child_out.into())?;
    if let Some(w) = writer.as_mut() {
        // It all fits, and the harness holds a read end: this neither blocks nor fails.
        let _ = w.write_all(input);
    }
    drop(writer);
    let out = Capture::File { file: stdout, limit: limits.stdout_bytes };
    let running = Running::new(spawned, out, Arc::new(AtomicBool::new(false)));
    let mut peak_bytes = 0;
    let exited_in_time = running.wait_exit(running.started + limits.deadline, &mut peak_bytes);
    let outcome = running.finish(exited_in_time, peak_bytes, None);
    drop(read_end);
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Invocation {
        Invocation { argv: vec!["sh".into(), "-c".into(), script.into()], cwd: None, env: vec![] }
    }

    fn limits(secs: f64) -> Limits {
        Limits { deadline: Duration::from_secs_f64(secs), stdout_bytes: 1 << 20 }
    }

    #[test]
    fn input_reaches_a_program_that_reads_it_all_before_answering() {
        let input: Vec<u8> = (0..200_000).flat_map(|i| format!("{i}\n").into_bytes()).collect();
        let out = run(&sh("wc -l"), &input, limits(20.0)).unwrap();
        assert!(out.end.is_success(), "{:?}", out.end);
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "200000");
    }

    #[test]
    fn a_hung_program_is_killed_at_its_deadline_and_counted_idle() {
        let t = Instant::now();
        let out = run(&sh("sleep 30"), &[], limits(0.3)).unwrap();
        assert!(t.elapsed() < Duration::from_secs(5));
        assert_eq!(out.end, End::Idle);
    }

    /// The rule by given times, not by a machine's: a loaded machine may leave a busy program
    /// any share of its wall time.
    #[test]
    fn a_program_past_its_deadline_is_idle_below_the_cpu_share_and_a_time_limit_above() {
        let wall = Duration::from_secs(10);
        let share = wall.mul_f64(IDLE_CPU_SHARE);
        assert_eq!(past_deadline(Duration::ZERO, wall), End::Idle);
        assert_eq!(past_deadline(share.mul_f64(0.99), wall), End::Idle);
        assert_eq!(past_deadline(share, wall), End::TimeLimit);
        assert_eq!(past_deadline(wall, wall), End::TimeLimit);
    }

    /// A busy program is stopped at its deadline with the CPU it used counted (what tells it
    /// from idle): how much it got depends on the machine's load, so no share is asserted.
    #[test]
    fn a_busy_program_past_its_deadline_is_stopped_with_its_cpu_counted() {
        let out = run(&sh("while :; do :; done"), &[], limits(0.5)).unwrap();
        assert!(matches!(out.end, End::TimeLimit | End::Idle), "{:?}", out.end);
        assert!(out.cpu > Duration::ZERO, "{:?}", out.cpu);
    }

    /// The busy child of a wrapper that only waits is counted too: the tree's CPU, not the
    /// wrapper's alone.
    #[test]
    fn a_busy_child_of_a_waiting_wrapper_has_its_cpu_counted() {
        let out = run(&sh("(while :; do :; done) & wait"), &[], limits(0.5)).unwrap();
        assert!(matches!(out.end, End::TimeLimit | End::Idle), "{:?}", out.end);
        assert!(out.cpu > Duration::ZERO, "cpu {:?} of wall {:?}", out.cpu, out.wall);
    }

    #[test]
    fn a_flood_is_cut_at_the_output_limit_with_bounded_memory() {
        let lim = Limits { deadline: Duration::from_secs(20), stdout_bytes: 1 << 16 };
        let out = run(&sh("yes flood; yes >&2"), &[], lim).unwrap();
        assert_eq!(out.end, End::OutputLimit);
        assert_eq!(out.stdout.len(), 1 << 16);
        assert!(out.stderr_tail.len() <= STDERR_TAIL);
    }

    #[test]
    fn a_crash_reports_its_signal_and_stderr_tail() {
        let out = run(&sh("echo dying >&2; kill -SEGV $$"), &[], limits(10.0)).unwrap();
        assert!(out.end.describe().contains("signal 11"), "{}", out.end.describe());
        assert_eq!(out.stderr_text(), "dying");
    }

    #[test]
    fn a_grandchild_holding_stdout_does_not_stall_the_run() {
        let t = Instant::now();
        let out = run(&sh("sleep 30 & echo done"), &[], limits(10.0)).unwrap();
        assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
        assert!(out.end.is_success());
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "done");
    }

    #[test]
    fn a_daemon_left_by_a_program_that_exited_is_killed_and_reaped() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("pid");
        let script = "import os, sys, time\n\
                      if os.fork() == 0:\n    os.setsid()\n\
                      \x20   open(sys.argv[1], 'w').write(str(os.getpid()))\n\
                      \x20   time.sleep(300)\n\
                      time.sleep(0.3)\nprint('done')\n";
        let argv = ["python3", "-c", script, file.to_str().unwrap()];
        let inv = Invocation { argv: argv.map(String::from).to_vec(), cwd: None, env: vec![] };
        let out = run(&inv, &[], limits(20.0)).unwrap();
        assert!(out.end.is_success(), "{:?} {}", out.end, out.stderr_text());
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "done");
        let pid = std::fs::read_to_string(&file).unwrap();
        assert!(
            !std::path::Path::new(&format!("/proc/{pid}")).exists(),
            "the daemon {pid} outlived the run"
        );
    }

    #[test]
    fn a_program_that_reads_all_its_input_or_none_of_it_ends_well() {
        // A small input goes on a pipe, one larger than a pipe may hold in a file.
        for input in [b"1 2 3\n4 5 6\n".to_vec(), vec![b'\n'; PIPE_INPUT_MAX + 1]] {
            let read_all = run(&sh("wc -c"), &input, limits(10.0)).unwrap();
            assert!(read_all.end.is_success(), "{:?}", read_all.end);
            assert_eq!(String::from_utf8_lossy(&read_all.stdout).trim(), input.len().to_string());
            let read_none = run(&sh("true"), &input, limits(10.0)).unwrap();
            assert!(read_none.end.is_success(), "{:?}", read_none.end);
        }
    }

    #[test]
    fn a_missing_program_is_a_spawn_error() {
        let inv = Invocation { argv: vec!["/no/such/program".into()], cwd: None, env: vec![] };
        assert!(run(&inv, &[], limits(1.0)).is_err());
    }
}
