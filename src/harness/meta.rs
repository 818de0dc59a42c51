//! What made a result set (`meta.json`): the code version, the machine and the clock, read
//! without extra crates.

use super::options::RunControls;
use super::timing;
use crate::report::{RunMeta, TimingMeta};
use crate::version::code_version;
use std::time::{SystemTime, UNIX_EPOCH};

/// The machine as one line: CPU model, logical cores, memory (from `/proc` where there is one).
pub fn machine_line() -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split_once(':'))
        .map_or_else(|| std::env::consts::ARCH.to_string(), |(_, m)| m.trim().to_string());
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let mem = meminfo
        .lines()
        .find(|l| l.starts_with("MemTotal:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kib| kib.parse::<u64>().ok())
        .map_or_else(
            || "memory unknown".to_string(),
            |kib| format!("{} memory", crate::units::human_bytes(kib * 1024)),
        );
    format!("{model}, {cores} cores, {mem}, {}", std::env::consts::OS)
}

/// Now, UTC, as RFC 3339 to the second (`2026-11-30T17:02:03Z`).
pub fn utc_now() -> String {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    rfc3339(secs)
}

/// Seconds since the Unix epoch as RFC 3339, UTC (Howard Hinnant's civil-from-days).
pub fn rfc3339(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// The command line of this process, arguments with spaces quoted.
pub fn command_line() -> String {
    std::env::args()
        .map(|a| if a.contains(char::is_whitespace) { format!("'{a}'") } else { a })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A [`RunMeta`] for a run that started at `started` under `controls` with `seed`.
pub fn run_meta(started: String, seed: u64, controls: &RunControls) -> RunMeta {
    RunMeta {
        code_version: code_version(),
        seed,
        shard: controls.shard.map(|s| s.to_string()),
        command: command_line(),
        started,
        finished: utc_now(),
        machine: machine_line(),
        budget_time_s: controls.budget.time.map(|t| t.as_secs_f64()),
        budget_states: controls.budget.states,
        budget_streak: controls.budget_streak,
        unbudgeted_up_to: controls.unbudgeted_up_to,
        repeats: controls.repeat,
        search_threads: controls.search_threads,
        cap_s: controls.cap.pair_time.map(|t| t.as_secs_f64()),
        repeat_time_s: controls.cap.repeat_time.map(|t| t.as_secs_f64()),
        wall_s: None,
        programs: Vec::new(),
        sets: Vec::new(),
        solvers: Vec::new(),
        partial: None,
        idle: Vec::new(),
        timing: TimingMeta {
            floor_ns: None,
            batch_below_ns: Some(timing::BATCH_BELOW_NS),
            batch_target_ns: Some(timing::BATCH_TARGET_NS),
            max_batch: Some(timing::MAX_BATCH),
            order_seed: (controls.cap.pair_time.is_none()).then_some(timing::ORDER_SEED),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_matches_known_instants() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(1_796_058_123), "2026-11-30T17:02:03Z");
    }
}
