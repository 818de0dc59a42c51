//! The supervisor between the harness and each outside program: `slidebench __supervise`, a
//! hidden command of the binary itself.
//!
//! A program the harness kills at its deadline is killed with its group; but a harness that is
//! itself killed (SIGKILL, which no handler sees) can kill nothing, and its programs would run on
//! under init. So the harness starts each program through a supervisor, which asks the kernel
//! for SIGTERM when the harness dies (`PR_SET_PDEATHSIG`), and is the child subreaper of the
//! program's tree: every orphan of the tree comes to it. When the program exits, or SIGTERM comes
//! (from the harness ending the run, or from the kernel when the harness died), it kills the
//! program's group, then kills and reaps every child it has until none is left, and exits as the
//! program did. Its rusage, as `wait4` hands it to the harness, then holds the CPU time of every
//! process of the tree, reaped by whoever reaped it.
//!
//! Library users and test binaries that are not `slidebench` have no supervisor unless they name
//! one ([`set_supervisor`]); their programs are started directly, as before.

use super::reaper;
use rustix::event::{poll, PollFd, PollFlags};
use rustix::process::{
    getpid, getppid, kill_process, kill_process_group, pidfd_open, set_child_subreaper,
    set_parent_process_death_signal, wait, waitid, Pid, PidfdFlags, Signal, WaitId, WaitIdOptions,
    WaitOptions,
};
use std::ffi::OsString;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{Command, ExitStatus};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// The hidden command of the binary that supervises one program.
pub const SUBCOMMAND: &str = "__supervise";

/// Exit status of a supervisor that could not start its program (as a shell's).
pub const CANNOT_RUN: i32 = 127;

/// How long the supervisor keeps killing what is left of the tree after the program is gone.
const SWEEP_GRACE: Duration = Duration::from_secs(1);

static SUPERVISOR: OnceLock<PathBuf> = OnceLock::new();

/// Runs every later program under the supervisor `binary` (a `slidebench` executable). The first
/// call wins; the command line names its own binary before anything runs.
pub fn set_supervisor(binary: impl Into<PathBuf>) {
    let _ = SUPERVISOR.set(binary.into());
}

/// The supervisor binary, if one was named.
pub(super) fn supervisor() -> Option<&'static PathBuf> {
    SUPERVISOR.get()
}

/// The supervisor's command for `argv`: `__supervise HARNESS_PID PROGRAM [ARGS...]`; the
/// program inherits its directory, environment and standard streams.
pub(super) fn wrap(binary: &PathBuf, argv: &[String]) -> Command {
    let mut cmd = Command::new(binary);
    cmd.arg(SUBCOMMAND).arg(std::process::id().to_string()).args(argv);
    cmd
}

/// The supervisor itself, given the arguments after [`SUBCOMMAND`]; returns only when it could
/// not start (the harness gone, arguments wrong), with the status to exit with.
pub fn main(args: &[OsString]) -> i32 {
    let Some((harness, argv)) = args.split_first() else { return CANNOT_RUN };
    let harness: Option<i32> = harness.to_str().and_then(|s| s.parse().ok());
    let Some((program, rest)) = argv.split_first() else { return CANNOT_RUN };
    let stop = Arc::new(AtomicBool::new(false));
    for sig in
        [signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT, signal_hook::consts::SIGHUP]
    {
        if signal_hook::flag::register(sig, Arc::clone(&stop)).is_err() {
            return CANNOT_RUN;
        }
    }
    let _ = set_child_subreaper(Some(getpid()));
    let _ = set_parent_process_death_signal(Some(Signal::TERM));
    // The harness may have died before the request above: then nothing would ever tell us.
    let parent_alive = || getppid().map(Pid::as_raw_nonzero).map(std::num::NonZero::get) == harness;
    if !parent_alive() {
        return CANNOT_RUN;
    }
    let mut child = match Command::new(program).args(rest).process_group(0).spawn() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("cannot run `{}`: {e}", program.to_string_lossy());
            return CANNOT_RUN;
        }
    };
    let pid = Pid::from_child(&child);
    // The program's streams are its own: a pipe it closes must reach its end for the harness.
    if let Ok(null) = std::fs::OpenOptions::new().read(true).write(true).open("/dev/null") {
        let _ = rustix::stdio::dup2_stdin(&null);
        let _ = rustix::stdio::dup2_stdout(&null);
        let _ = rustix::stdio::dup2_stderr(&null);
    }
    let pidfd = pidfd_open(pid, PidfdFlags::empty()).ok();
    // Waits for the program's exit without reaping it, so its id (its group's) stays ours.
    loop {
        if stop.load(Ordering::Relaxed) || !parent_alive() {
            break;
        }
        let peek = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
        if matches!(waitid(WaitId::Pid(pid), peek), Ok(Some(_)) | Err(_)) {
            break;
        }
        match &pidfd {
            // A signal ends the poll early (poll is never restarted).
            Some(fd) => {
                let mut fds = [PollFd::new(fd, PollFlags::IN)];
                let ts = rustix::event::Timespec { tv_sec: 0, tv_nsec: 100_000_000 };
                let _ = poll(&mut fds, Some(&ts));
            }
            None => std::thread::sleep(Duration::from_millis(1)),
        }
    }
    let _ = kill_process_group(pid, Signal::KILL);
    let status = child.wait().ok();
    sweep();
    exit_as(status)
}

/// Kills and reaps every child of this process (each an orphan of the program's tree), pass
/// after pass as each death hands over the next generation, until none is left or
/// [`SWEEP_GRACE`] has passed.
fn sweep() {
    let until = Instant::now() + SWEEP_GRACE;
    loop {
        loop {
            match wait(WaitOptions::NOHANG) {
                Ok(Some(_)) => {}
                Ok(None) => break,
                // No child left at all.
                Err(_) => return,
            }
        }
        for p in reaper::children().into_iter().filter_map(Pid::from_raw) {
            // Our child, not yet reaped: the id is still ours.
            let _ = kill_process(p, Signal::KILL);
            let _ = kill_process_group(p, Signal::KILL);
        }
        if Instant::now() >= until {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Ends this process as the program ended: the same exit status, or the same signal (with no
/// core file of the supervisor's).
fn exit_as(status: Option<ExitStatus>) -> ! {
    let status = status.unwrap_or_else(|| ExitStatus::from_raw(0));
    if let Some(code) = status.code() {
        std::process::exit(code);
    }
    let sig = status.signal().unwrap_or(9);
    let core = rustix::process::Resource::Core;
    let maximum = rustix::process::getrlimit(core).maximum;
    let _ = rustix::process::setrlimit(core, rustix::process::Rlimit { current: Some(0), maximum });
    let _ = signal_hook::low_level::emulate_default_handler(sig);
    std::process::exit(128 + sig)
}
