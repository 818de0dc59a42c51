//! Numbers past what the binary can hold or use are refused with a message that says so: a
//! number past the largest is "too large", not malformed; threads past the bound are a usage
//! error; a case count whose cases would not fit in memory is refused naming the memory.

use crate::common;
use common::{run_within, small_compare, stderr_text, HANG_LIMIT};

#[test]
fn numbers_past_the_largest_are_too_large_not_malformed() {
    let out = run_within(
        &["cruller"],
        b"9223372036854775808 1\n6 3 0\n8 1 2\n4 5 7\n6 3 0\n8 1 2\n4 5 7\n0 0\n",
        HANG_LIMIT,
    );
    assert!(
        stderr_text(&out).contains("`9223372036854775808` is too large"),
        "{}",
        stderr_text(&out)
    );
    let out =
        run_within(&["cases", "random", "--count", "99999999999999999999999"], b"", HANG_LIMIT);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_text(&out).contains("too large"), "{}", stderr_text(&out));
    let out = run_within(&["census", "--shape", "9223372036854775808x2"], b"", HANG_LIMIT);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_text(&out).contains("too large"), "{}", stderr_text(&out));
}

/// 0 and one past the bound are refused before any work, in the library's words
/// ([`slidebench::harness::threads_setting`]).
#[test]
fn threads_beyond_the_bound_are_refused_with_the_librarys_text() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().to_str().unwrap();
    for n in [0, slidebench::harness::MAX_THREADS + 1] {
        let why = slidebench::harness::threads_setting(n).unwrap_err().message().to_string();
        let threads = n.to_string();
        for args in [
            &["compare", "--cases", "sample", "--threads", &threads, "--out", out_dir][..],
            &["check", "--threads", &threads][..],
        ] {
            let out = run_within(args, b"", HANG_LIMIT);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert!(stderr_text(&out).contains(&why), "{why}: {}", stderr_text(&out));
        }
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "nothing was written");
}

#[test]
fn compare_refuses_a_count_it_cannot_hold_naming_the_memory() {
    let dir = tempfile::tempdir().unwrap();
    let out = small_compare(dir.path(), &["--cases", "random", "--count", "10000000000000"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr_text(&out);
    assert!(err.contains("10,000,000,000,000 cases would need about"), "{err}");
    assert!(err.contains("PiB of memory") && err.contains("smaller --count"), "{err}");
}

/// Above 20 squares a space has more states than 64 bits count: the refusal names the real
/// count, not a saturated one, and gives no advice that no bound could follow.
#[test]
fn spaces_above_twenty_squares_are_refused_with_their_real_size() {
    for shape in ["11x2", "6x4", "4x6", "5x5"] {
        let out = run_within(
            &["census", "--shape", shape, "--max-states", "10000000000000000000"],
            b"",
            HANG_LIMIT,
        );
        assert_eq!(out.status.code(), Some(1), "{shape}: {}", stderr_text(&out));
        let err = stderr_text(&out);
        assert!(err.contains("at most 20 squares"), "{err}");
        assert!(!err.contains("raise it"), "{err}");
    }
    let out = run_within(&["census", "--shape", "5x5"], b"", HANG_LIMIT);
    let err = stderr_text(&out);
    assert!(err.contains("7,755,605,021,665,492,992,000,000 reachable states"), "{err}");
    assert!(!err.contains("9,223,372,036,854,775,807"), "{err}");
    let out = run_within(&["cases", "depth:5x5"], b"", HANG_LIMIT);
    assert_eq!(out.status.code(), Some(2), "{}", stderr_text(&out));
    let err = stderr_text(&out);
    assert!(err.contains("15,511,210,043,330,985,984,000,000 on 5x5"), "{err}");
    assert!(!err.contains("18,446,744,073,709,551,615"), "{err}");
}

/// A time setting out of range is a usage error by the library's one rule, not a panic.
#[test]
fn seconds_out_of_range_are_refused_by_the_shared_rule() {
    for bad in ["inf", "NaN", "-1", "1e30"] {
        let flag = format!("--budget-time={bad}");
        let out = run_within(&["compare", "--cases", "sample", &flag], b"", HANG_LIMIT);
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", stderr_text(&out));
        assert!(stderr_text(&out).contains("use 0 (none) to 1e9"), "{}", stderr_text(&out));
    }
}

#[test]
fn a_walk_longer_than_the_bound_is_refused_naming_it() {
    let out = run_within(&["cases", "walk:3x3:18446744073709551615"], b"", HANG_LIMIT);
    assert_eq!(out.status.code(), Some(2), "{}", stderr_text(&out));
    let err = stderr_text(&out);
    assert!(err.contains("at most 1,000,000 moves"), "{err}");
    let out = run_within(&["cases", "walk", "--length", "1000001"], b"", HANG_LIMIT);
    assert!(stderr_text(&out).contains("at most 1,000,000 moves"), "{}", stderr_text(&out));
}

/// Under an address-space limit (`ulimit -v`, as SLURM's `--mem` or a container imposes one),
/// a count that fits the machine but not the limit is refused as one that does not fit the
/// machine: before any set is made, not by an allocation failure.
#[test]
fn compare_refuses_a_count_past_the_processes_memory_limit() {
    let dir = tempfile::tempdir().unwrap();
    let script = format!(
        "ulimit -v 2097152; exec '{}' compare --cases random --count 20000000 --solvers \
         table/rank --threads 1 --no-charts --out '{}'",
        env!("CARGO_BIN_EXE_slidebench"),
        dir.path().display()
    );
    let mut command = std::process::Command::new("sh");
    command.args(["-c", &script]);
    let out = common::run_command_within(command, HANG_LIMIT);
    let err = stderr_text(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("20,000,000 cases would need about"), "{err}");
    assert!(err.contains("smaller --count") && !err.contains("memory allocation"), "{err}");
}

#[test]
fn search_threads_whose_product_with_threads_passes_the_bound_are_a_usage_error_naming_both() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().to_str().unwrap();
    let args = ["--threads", "4", "--search-threads", "100"];
    let compare = [&["compare", "--cases", "sample", "--out", out_dir][..], &args].concat();
    let solve = [&["solve"][..], &args].concat();
    for command in [compare, solve] {
        let out = run_within(&command, b"", HANG_LIMIT);
        let err = stderr_text(&out);
        assert_eq!(out.status.code(), Some(2), "{}: {err}", command[0]);
        assert!(err.contains("--threads 4 × --search-threads 100"), "{}: {err}", command[0]);
    }
}
