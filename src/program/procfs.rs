//! What `/proc` says of a running process: its memory high-water mark, whether it has exited.
//! A leaf, so that both the run (`process`) and the register of live children (`live`) read it.

use rustix::process::Pid;

/// A process's peak resident memory so far (`VmHWM`), bytes; `None` once it has exited.
///
/// Not `ru_maxrss`: Linux records the pre-exec address space's high-water mark in the child's
/// `ru_maxrss`, and a child spawned through `vfork` starts in the harness's own (which may hold
/// hundreds of MB of tables), so `wait4`'s figure says more about the harness than the program.
pub(super) fn high_water(pid: Pid) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", pid.as_raw_nonzero())).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 =
        line.trim_start_matches("VmHWM:").trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kib * 1024)
}

/// Whether the child is a zombie (exited, not yet reaped), from `/proc/PID/stat`.
pub(super) fn exited(pid: Pid) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{}/stat", pid.as_raw_nonzero())) else {
        return true;
    };
    // The state follows the command name, which is in parentheses and may hold anything.
    stat.rsplit_once(')').and_then(|(_, rest)| rest.trim_start().chars().next()) == Some('Z')
}
