//! Catching the descendants that leave a program's process group.
//!
//! Killing a run's process group stops everything that stayed in it, but a program may start a
//! helper that calls `setsid` (a daemon, a server it talks to) and so escapes the group kill. On
//! Linux the harness makes itself a child subreaper (`PR_SET_CHILD_SUBREAPER`): orphans of its
//! descendants are re-parented to it instead of to init, so once the program is gone each
//! escaped process becomes a child of the harness, where its id cannot be reused until it is
//! reaped. Each run marks its processes with a variable ([`TOKEN_VAR`]) that they inherit; the
//! sweep after a run kills and reaps the harness's children that carry the run's mark, and reaps
//! the members of the run's group (whose zombies now come to the harness too). A descendant
//! that both leaves the group and clears its environment is not recognised; its zombie, if it
//! exits by itself, stays until the harness exits.

use rustix::process::{
    getpid, kill_process, set_child_subreaper, test_kill_process_group, waitpgid, waitpid, Pid,
    Signal, WaitOptions,
};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The variable that marks every process of one run: `SLIDEBENCH_RUN=HARNESS_PID.SERIAL`.
pub const TOKEN_VAR: &str = "SLIDEBENCH_RUN";

/// Makes this process the reaper of its descendants' orphans, once; whether it is one.
pub fn become_subreaper() -> bool {
    static SET: OnceLock<bool> = OnceLock::new();
    *SET.get_or_init(|| set_child_subreaper(Some(getpid())).is_ok())
}

/// A mark no other run of this process has had.
pub fn new_token() -> String {
    static SERIAL: AtomicU64 = AtomicU64::new(0);
    format!("{}.{}", std::process::id(), SERIAL.fetch_add(1, Ordering::Relaxed))
}

/// This process's children: `/proc/self/task/*/children` (an orphan is re-parented to any of
/// the subreaper's threads), else every `/proc/PID/stat` whose parent is this process.
pub(super) fn children() -> Vec<i32> {
    children_of(std::process::id() as i32)
}

/// The children of `me`, as [`children`] finds them.
fn children_of(me: i32) -> Vec<i32> {
    let mut out = Vec::new();
    let mut listed = false;
    // A process that is gone has no children to list (and no reason for the slow way).
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{me}/task")) else { return out };
    {
        for t in tasks.flatten() {
            if let Ok(text) = std::fs::read_to_string(t.path().join("children")) {
                listed = true;
                out.extend(text.split_whitespace().filter_map(|p| p.parse::<i32>().ok()));
            }
        }
    }
    if !listed {
        if let Ok(procs) = std::fs::read_dir("/proc") {
            for p in procs.flatten() {
                let Some(pid) = p.file_name().to_str().and_then(|s| s.parse::<i32>().ok()) else {
                    continue;
                };
                if stat(pid).is_some_and(|s| s.parent == me) {
                    out.push(pid);
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The fields of `/proc/PID/stat` the sweep and the CPU count need.
struct Stat {
    parent: i32,
    group: i32,
    /// utime + stime + cutime + cstime: its own CPU and that of the children it reaped, in
    /// `USER_HZ` ticks.
    ticks: u64,
}

fn stat(pid: i32) -> Option<Stat> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name, in parentheses, may hold anything: the fields follow its last `)`.
    let (_, rest) = text.rsplit_once(')')?;
    let mut fields = rest.split_whitespace();
    let _state = fields.next()?;
    let parent = fields.next()?.parse().ok()?;
    let group = fields.next()?.parse().ok()?;
    // Fields 14 to 17 of stat; the state is the 3rd.
    let ticks = fields.skip(8).take(4).filter_map(|f| f.parse::<u64>().ok()).sum();
    Some(Stat { parent, group, ticks })
}

/// Most processes a tree walk visits: a fork bomb is not counted to the end.
const TREE_MAX: usize = 4096;

/// `root` and every live descendant of it (each process once, `root` first).
pub(super) fn tree(root: Pid) -> Vec<i32> {
    let mut seen = vec![root.as_raw_nonzero().get()];
    let mut next = 0;
    while next < seen.len() && seen.len() < TREE_MAX {
        for c in children_of(seen[next]) {
            if !seen.contains(&c) {
                seen.push(c);
            }
        }
        next += 1;
    }
    seen
}

/// CPU time (user and system) the tree under `root` has used so far: every live process's own,
/// and through their `cutime`/`cstime` that of the children they reaped. `/proc`'s times are in
/// `USER_HZ` ticks, 100 a second on every Linux architecture this runs on. `None` when `root`
/// is gone.
pub(super) fn tree_cpu(root: Pid) -> Option<Duration> {
    let members = tree(root);
    let root_ticks = stat(members[0])?.ticks;
    let ticks: u64 = members[1..].iter().filter_map(|&p| stat(p)).map(|s| s.ticks).sum();
    Some(Duration::from_millis((root_ticks + ticks) * 10))
}

/// Whether `pid`'s environment holds `TOKEN_VAR=token` (a zombie's is empty).
fn marked(pid: i32, token: &str) -> bool {
    let Ok(env) = std::fs::read(format!("/proc/{pid}/environ")) else { return false };
    let want = format!("{TOKEN_VAR}={token}");
    env.split(|&b| b == 0).any(|v| v == want.as_bytes())
}

/// After a run whose child (the leader of `group`) has been killed with its group and reaped:
/// kills every child of this process carrying `token` and reaps it and every member of
/// `group`, pass after pass as each death re-parents the next generation, until none is left
/// or `grace` has passed. Returns how many escaped (marked, outside the group) were killed.
pub fn sweep(group: Pid, token: &str, grace: Duration) -> usize {
    let until = Instant::now() + grace;
    let mut killed: Vec<Pid> = Vec::new();
    let mut escaped = 0;
    loop {
        while let Ok(Some(_)) = waitpgid(group, WaitOptions::NOHANG) {}
        killed.retain(|&p| !matches!(waitpid(Some(p), WaitOptions::NOHANG), Ok(Some(_)) | Err(_)));
        let mut found = false;
        for pid in children() {
            let Some(p) = Pid::from_raw(pid) else { continue };
            if killed.contains(&p) {
                continue;
            }
            let in_group = stat(pid).is_some_and(|s| s.group == group.as_raw_nonzero().get());
            if in_group || marked(pid, token) {
                // Still unreaped and our child, so the id is still this process's.
                let _ = kill_process(p, Signal::KILL);
                if !in_group {
                    escaped += 1;
                }
                killed.push(p);
                found = true;
            }
        }
        let group_left = test_kill_process_group(group).is_ok();
        if (!found && !group_left && killed.is_empty()) || Instant::now() >= until {
            return escaped;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}
