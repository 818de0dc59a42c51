//! Whether a comparison fits the machine's memory (`MemAvailable` of `/proc/meminfo`), checked
//! before any set is generated.

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
    let limit = available_memory().unwrap_or(u64::MAX / 2);
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
