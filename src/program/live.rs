//! The programs running now, so that a harness told to stop (SIGINT, SIGTERM) kills every one it
//! started before it exits, and starts no other.

use super::reaper;
use rustix::process::{kill_process, kill_process_group, Pid, Signal};
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::{Mutex, MutexGuard, Once};
use std::time::{Duration, Instant};

/// How long an interrupted harness waits for the supervisors to clear their programs' trees.
const STOP_GRACE: Duration = Duration::from_secs(2);

/// One run: its direct child, and whether that is a supervisor (which is asked to stop, and
/// clears its tree) or the program itself (whose group is killed).
#[derive(Clone, Copy)]
struct Run {
    pid: Pid,
    supervised: bool,
}

/// What a stop must clean up: the programs running now, and the result sets runs are producing.
/// Process-wide by nature (a signal stops the process, whichever run it interrupts), so it is
/// the one global here; each run registers its own directory with [`Unwritten`].
#[derive(Default)]
struct Registry {
    runs: Vec<Run>,
    stopping: bool,
    unwritten: Vec<PathBuf>,
}

static LIVE: Mutex<Registry> =
    Mutex::new(Registry { runs: Vec::new(), stopping: false, unwritten: Vec::new() });

/// A run's result set from the run's start until it is written: a stop in between marks its
/// directory incomplete, so that no reader takes what is there (an earlier run's set, or
/// nothing) for this run's results. Dropping it (the set written, or the run given up with an
/// error) takes the registration down.
#[must_use = "the directory is registered only while this lives"]
pub struct Unwritten {
    dir: PathBuf,
}

impl Unwritten {
    /// Registers `dir`, the directory the calling run writes its result set to.
    pub fn register(dir: &Path) -> Unwritten {
        live().unwritten.push(dir.to_path_buf());
        Unwritten { dir: dir.to_path_buf() }
    }
}

impl Drop for Unwritten {
    fn drop(&mut self) {
        let mut reg = live();
        if let Some(i) = reg.unwritten.iter().position(|d| *d == self.dir) {
            reg.unwritten.remove(i);
        }
    }
}

/// Marks the unwritten result set in `dir` incomplete, saying why; whether it could.
fn mark_results_incomplete(dir: &Path, signal: &str) -> bool {
    let why = format!(
        "a run that was to write this result set was interrupted by {signal} before it \
         finished; the files here, if any, are not its results\n"
    );
    std::fs::create_dir_all(dir).is_ok()
        && crate::fsutil::write_atomic(&dir.join(crate::fsutil::INCOMPLETE_MARKER), why.as_bytes())
            .is_ok()
}

fn live() -> MutexGuard<'static, Registry> {
    // A panic elsewhere while holding it leaves the list as valid as it was.
    LIVE.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Spawns `cmd` and records the run, unless the harness is stopping. Under the registry's lock,
/// so that a stop either sees the new child or keeps it from starting.
pub(super) fn spawn(cmd: &mut Command, supervised: bool) -> io::Result<Child> {
    let mut reg = live();
    if reg.stopping {
        return Err(io::Error::other("the harness is stopping"));
    }
    let child = cmd.spawn()?;
    reg.runs.push(Run { pid: Pid::from_child(&child), supervised });
    Ok(child)
}

/// Forgets the run of `pid`; called before it is reaped, so that a stop never signals an id that
/// may have been reused.
pub(super) fn forget(pid: Pid) {
    live().runs.retain(|r| r.pid != pid);
}

/// Stops every run: supervisors are asked to clear their trees (and waited for, up to
/// [`STOP_GRACE`]), programs started directly have their groups killed, and every child left
/// (escaped descendants handed to the harness as their subreaper) is killed; then exits with
/// `128 + sig`. The registry stays locked to the end, so no run starts, and none ends (a run's
/// end forgets it first): no verdict of a program killed here is ever recorded.
fn stop_and_exit(sig: i32, name: &str) -> ! {
    let mut reg = live();
    reg.stopping = true;
    for r in &reg.runs {
        if r.supervised {
            let _ = kill_process(r.pid, Signal::TERM);
        } else {
            let _ = kill_process_group(r.pid, Signal::KILL);
        }
    }
    let until = Instant::now() + STOP_GRACE;
    for r in reg.runs.iter().filter(|r| r.supervised) {
        while !super::procfs::exited(r.pid) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    for p in reaper::children().into_iter().filter_map(Pid::from_raw) {
        let _ = kill_process_group(p, Signal::KILL);
        let _ = kill_process(p, Signal::KILL);
    }
    // Checkpoints are written at each iteration's end: what is on disk now is the last finished
    // iteration of each long search, which the same command run again resumes.
    for file in crate::checkpoint::kept() {
        let _ = rustix::io::write(
            io::stderr(),
            format!("slidebench: checkpoint kept: {}\n", file.display()).as_bytes(),
        );
    }
    for dir in reg.unwritten.iter().filter(|d| mark_results_incomplete(d, name)) {
        let _ = rustix::io::write(
            io::stderr(),
            format!("slidebench: {} is marked incomplete\n", dir.display()).as_bytes(),
        );
    }
    std::process::exit(128 + sig);
}

/// Makes SIGINT and SIGTERM stop every run, say so on stderr, and exit with 130
/// or 143 as a shell reports those signals. The result set is written whole or not at all, so
/// an interrupted run leaves none of its own, and each directory registered as [`Unwritten`] is
/// marked incomplete.
/// Installed once; does nothing where signals cannot be caught.
pub fn stop_on_signals() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        use signal_hook::consts::{SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
            return;
        };
        std::thread::spawn(move || {
            if let Some(sig) = signals.forever().next() {
                let name = if sig == SIGINT { "SIGINT" } else { "SIGTERM" };
                // Written straight to the descriptor: another thread may hold stderr's lock.
                let _ = rustix::io::write(
                    io::stderr(),
                    format!(
                        "slidebench: interrupted by {name}: stopping the programs it started; \
                         this run's results are not written\n"
                    )
                    .as_bytes(),
                );
                stop_and_exit(sig, name);
            }
        });
    });
}
