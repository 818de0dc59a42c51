//! Whether a comparison fits the memory it may use, checked before any set is generated: the
//! machine's (`MemAvailable` of `/proc/meminfo`), and below it the process's own limits, its
//! address-space and data rlimits (`ulimit -v`) and its cgroup's (SLURM's `--mem`, a
//! container), past which an allocation fails and aborts the run.

use super::options::CompareOptions;
use crate::cases::Case;
use crate::error::{Error, ErrorKind, Result};
use crate::report::RunRow;
use crate::solver::SolverInfo;
use crate::units::{group_digits, human_bytes};

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

/// A `/proc/self/status` field in bytes (`VmSize:  1234 kB`).
fn status_bytes(status: &str, field: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kib: u64 = line[field.len()..].trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kib * 1024)
}

/// What the rlimits on address space and data leave: each limit less what is already mapped.
fn rlimit_headroom() -> Option<u64> {
    use rustix::process::{getrlimit, Resource};
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    [(Resource::As, "VmSize:"), (Resource::Data, "VmData:")]
        .into_iter()
        .filter_map(|(resource, field)| {
            let max = getrlimit(resource).current?;
            Some(max.saturating_sub(status_bytes(&status, field).unwrap_or(0)))
        })
        .min()
}

/// The memory controller files of the process's cgroups, from `/proc/self/cgroup`'s text: per
/// cgroup, its limit and its usage. cgroup v2 (`0::/path`) keeps them in `memory.max` and
/// `memory.current` under `/sys/fs/cgroup/path`; v1 (`N:...memory...:/path`) in
/// `memory.limit_in_bytes` and `memory.usage_in_bytes` under `/sys/fs/cgroup/memory/path`.
/// The cgroups above it limit it too: each level up to the root is listed.
fn cgroup_memory_files(proc_cgroup: &str) -> Vec<(std::path::PathBuf, std::path::PathBuf)> {
    use std::path::{Path, PathBuf};
    let mut files = Vec::new();
    for line in proc_cgroup.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let (root, limit, usage) = if controllers.is_empty() {
            ("/sys/fs/cgroup", "memory.max", "memory.current")
        } else if controllers.split(',').any(|c| c == "memory") {
            ("/sys/fs/cgroup/memory", "memory.limit_in_bytes", "memory.usage_in_bytes")
        } else {
            continue;
        };
        let relative = path.trim_start_matches('/');
        if relative.split('/').any(|part| part == "..") {
            continue;
        }
        for dir in Path::new(relative).ancestors() {
            let dir: PathBuf = Path::new(root).join(dir);
            files.push((dir.join(limit), dir.join(usage)));
        }
    }
    files
}

/// A cgroup limit's value: `max` (none) or a number of bytes.
fn parse_cgroup_limit(text: &str) -> Option<u64> {
    text.trim().parse().ok()
}

/// What the process's cgroups leave: each one's limit less its usage.
fn cgroup_headroom() -> Option<u64> {
    let proc_cgroup = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    cgroup_memory_files(&proc_cgroup)
        .into_iter()
        .filter_map(|(limit, usage)| {
            let limit = parse_cgroup_limit(&std::fs::read_to_string(limit).ok()?)?;
            let used = std::fs::read_to_string(usage).ok().and_then(|u| parse_cgroup_limit(&u));
            Some(limit.saturating_sub(used.unwrap_or(0)))
        })
        .min()
}

/// Memory a comparison may use: the least of what the machine has free and what the process's
/// limits leave, if any is known.
fn usable_memory() -> Option<u64> {
    [available_memory(), rlimit_headroom(), cgroup_headroom()].into_iter().flatten().min()
}

/// Refuses sets that a comparison could not hold, naming the memory they would need.
pub(super) fn check_memory(opts: &CompareOptions, solvers: &[SolverInfo]) -> Result<()> {
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
    let limit = usable_memory().unwrap_or(u64::MAX / 2);
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn files(text: &str) -> Vec<(String, String)> {
        let show = |p: PathBuf| p.display().to_string();
        cgroup_memory_files(text).into_iter().map(|(l, u)| (show(l), show(u))).collect()
    }

    #[test]
    fn a_cgroup_v2_path_names_its_limit_and_those_above_it() {
        let found = files("0::/system.slice/job_7\n");
        let limits: Vec<&str> = found.iter().map(|(l, _)| l.as_str()).collect();
        assert_eq!(
            limits,
            [
                "/sys/fs/cgroup/system.slice/job_7/memory.max",
                "/sys/fs/cgroup/system.slice/memory.max",
                "/sys/fs/cgroup/memory.max"
            ]
        );
        assert_eq!(found[0].1, "/sys/fs/cgroup/system.slice/job_7/memory.current");
    }

    #[test]
    fn a_cgroup_v1_memory_line_names_its_limit_and_others_are_ignored() {
        let found = files("12:cpu,cpuacct:/a\n4:memory:/slurm/uid_0\n1:name=systemd:/b\n");
        assert_eq!(found.len(), 3, "{found:?}");
        assert_eq!(found[0].0, "/sys/fs/cgroup/memory/slurm/uid_0/memory.limit_in_bytes");
        assert_eq!(found[0].1, "/sys/fs/cgroup/memory/slurm/uid_0/memory.usage_in_bytes");
    }

    #[test]
    fn a_cgroup_path_out_of_the_hierarchy_or_a_malformed_line_is_ignored() {
        assert!(files("0::/../../etc\nnonsense\n").is_empty());
    }

    #[test]
    fn max_is_no_limit_and_a_number_is_bytes() {
        assert_eq!(parse_cgroup_limit("max\n"), None);
        assert_eq!(parse_cgroup_limit("1073741824\n"), Some(1 << 30));
    }

    #[test]
    fn a_status_field_is_read_in_bytes() {
        let status = "Name:\tslidebench\nVmSize:\t  123456 kB\nVmData:\t 42 kB\n";
        assert_eq!(status_bytes(status, "VmSize:"), Some(123_456 * 1024));
        assert_eq!(status_bytes(status, "VmData:"), Some(42 * 1024));
        assert_eq!(status_bytes(status, "VmRSS:"), None);
    }
}
