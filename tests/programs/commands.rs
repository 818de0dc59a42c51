//! The commands that run outside programs (`judge`, `compare --program`, `merge`), run as a user
//! runs them: exit codes, refusals before any work, and what they write.

use super::*;

#[test]
fn judge_exits_zero_on_a_correct_program_and_one_on_a_wrong_one() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("ok");
    let ok = slidebench(&["judge", "--count", "20", "--out", out.to_str().unwrap(), BIN, "solve"]);
    let text = String::from_utf8_lossy(&ok.stdout);
    assert!(ok.status.success(), "{text}{}", String::from_utf8_lossy(&ok.stderr));
    assert!(text.contains("every answer accepted"), "{text}");
    assert!(out.join("verdicts.csv").exists() && out.join("programs.csv").exists());
    let bad = dir.path().join("bad");
    let wrong = slidebench(&[
        "judge",
        "--count",
        "20",
        "--out",
        bad.to_str().unwrap(),
        "sh",
        "-c",
        "while read l; do echo; done",
    ]);
    let text = String::from_utf8_lossy(&wrong.stdout);
    assert_eq!(wrong.status.code(), Some(1), "{text}");
    assert!(text.contains("paste into `slidebench solve`"), "{text}");
}

#[test]
fn compare_refuses_a_missing_program_before_running_anything() {
    let dir = tempfile::tempdir().unwrap();
    let out = slidebench(&[
        "compare",
        "--cases",
        "sample",
        "--out",
        dir.path().to_str().unwrap(),
        "--program",
        "gone=/no/such/solver",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/no/such/solver"));
    assert!(!dir.path().join("runs.csv.gz").exists());
}

#[test]
fn compare_refuses_a_program_that_is_not_executable_before_running_anything() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("solver.txt");
    std::fs::write(&plain, "not a program").unwrap();
    let out_dir = dir.path().join("out");
    let program = format!("plain={}", plain.display());
    let out = slidebench(&[
        "compare",
        "--cases",
        "sample",
        "--out",
        out_dir.to_str().unwrap(),
        "--program",
        &program,
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not executable") && err.contains("solver.txt"), "{err}");
    assert!(!out_dir.join("runs.csv.gz").exists());
}

#[test]
fn merge_joins_a_programs_shards_and_refuses_different_builds_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let exe = dir.path().join("solver.sh");
    let mut shards = Vec::new();
    for (k, n, body) in [(1, 2, "one"), (2, 2, "one"), (2, 2, "two")] {
        std::fs::write(&exe, format!("#!/bin/sh\n# build {body}\nexec '{BIN}' solve\n")).unwrap();
        std::fs::set_permissions(&exe, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
        let shard = dir.path().join(format!("s{}", shards.len()));
        let prog = format!("mine={}", exe.display());
        let shard_arg = format!("{k}/{n}");
        let out = slidebench(&[
            "compare",
            "--cases",
            "random",
            "--count",
            "10",
            "--solvers",
            "table/rank",
            "--no-charts",
            "--shard",
            &shard_arg,
            "--out",
            shard.to_str().unwrap(),
            "--program",
            &prog,
        ]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        shards.push(shard);
    }
    let merged = dir.path().join("merged");
    let merge = |a: &std::path::Path, b: &std::path::Path| {
        slidebench(&[
            "merge",
            a.to_str().unwrap(),
            b.to_str().unwrap(),
            "--out",
            merged.to_str().unwrap(),
        ])
    };
    let same = merge(&shards[0], &shards[1]);
    assert!(same.status.success(), "{}", String::from_utf8_lossy(&same.stderr));
    let verdicts = std::fs::read_to_string(merged.join("verdicts.csv")).unwrap();
    assert_eq!(verdicts.lines().count(), 1 + 10, "{verdicts}");
    assert_eq!(verdicts.matches(",accepted,").count(), 10);
    let other = merge(&shards[0], &shards[2]);
    assert_eq!(other.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&other.stderr).contains("outside programs"));
}

#[test]
fn a_crash_or_a_bad_exit_after_every_answer_is_a_runtime_error() {
    for (name, end, says) in
        [("exit3", "exit 3", "exit status 3"), ("segv", "kill -SEGV $$", "SIGSEGV")]
    {
        let script = format!("{}; echo 'free(): double free detected' >&2; {end}", solve());
        let (report, v) = run_with(&sh(name, &script), vec![set("random", 5)], 30.0, Mode::Batch);
        assert_eq!(count(&v, Verdict::RuntimeError), 1, "{v:?}");
        assert_eq!(count(&v, Verdict::Accepted), 4, "{v:?}");
        let detail = &v[4].detail;
        assert_eq!(v[4].verdict, Verdict::RuntimeError, "{v:?}");
        assert!(
            detail.contains(says) && detail.contains("double free") && detail.contains("accepted"),
            "{detail}"
        );
        let programs = &report.tables.iter().find(|(n, _)| *n == "programs.csv").unwrap().1;
        let programs = String::from_utf8_lossy(programs);
        assert!(programs.contains(says), "{programs}");
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("j");
    let script = format!("'{BIN}' solve; exit 3");
    let judged =
        slidebench(&["judge", "--count", "5", "--out", out.to_str().unwrap(), "sh", "-c", &script]);
    let text = String::from_utf8_lossy(&judged.stdout);
    assert_eq!(judged.status.code(), Some(1), "{text}");
    assert!(text.contains("runtime-error") && text.contains("exit status 3"), "{text}");
    assert!(!text.contains("every answer accepted"), "{text}");
    let verdicts = std::fs::read_to_string(out.join("verdicts.csv")).unwrap();
    assert!(verdicts.contains("runtime-error"), "{verdicts}");
}

fn judge_in(dir: &std::path::Path, args: &[&str]) -> (Option<i32>, String) {
    let out = std::process::Command::new(BIN)
        .arg("judge")
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let text =
        format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.code(), text)
}

#[test]
fn judge_never_accepts_a_program_it_did_not_run_and_sends_a_3x3_boards_program_boards() {
    let dir = tempfile::tempdir().unwrap();
    let silent = ["--protocol", "boards", "--shape", "3x3", "--count", "5", "--out", "silent"];
    let (code, text) =
        judge_in(dir.path(), &[&silent[..], &["sh", "-c", "cat > /dev/null"]].concat());
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("random: 5 wrong") && !text.contains("every answer accepted"), "{text}");
    // Refuses HDU lines (an `x`): it must be sent boards, numbers with 0 for the empty square.
    let strict = format!(
        "input=$(cat); case \"$input\" in *x*) exit 9;; esac; printf '%s\\n' \"$input\" | '{BIN}' solve --shape 3x3"
    );
    let args = ["--protocol", "boards", "--shape", "3x3", "--count", "5", "--out", "boards"];
    let (code, text) = judge_in(dir.path(), &[&args[..], &["sh", "-c", &strict]].concat());
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("every answer accepted") && text.contains("5 accepted"), "{text}");
}

#[test]
fn without_a_reference_a_longer_path_is_valid_and_never_called_optimal() {
    // No built-in solver here takes 4×4 boards: nothing says what is optimal.
    let script = format!(
        "'{BIN}' solve --shape {{shape}} | awk '{{ if ($0 == \"unsolvable\") print; else print $0 \"ud\" }}'"
    );
    let prog = format!("detour:boards=sh -c \"{}\"", script.replace('"', "\\\""));
    let (report, v) = run_with(&prog, vec![set("walk:4x4:20", 4)], 30.0, Mode::Batch);
    assert!(report.disagreements.is_empty());
    assert_eq!(v.len(), 4, "{v:?}");
    assert_eq!(count(&v, Verdict::ValidUnchecked), 4, "{v:?}");
    assert!(v
        .iter()
        .all(|r| !r.verdict.name().contains("optimal") || r.verdict.name().contains("unchecked")));
    assert!(v[0].detail.contains("no reference"), "{:?}", v[0]);
    // An `unsolvable` is still checked there, by the parity rule.
    let prog = "liar:boards=sh -c \"while read l; do echo unsolvable; done\"";
    let (_, v) = run_with(prog, vec![set("walk:4x4:20", 4)], 30.0, Mode::Batch);
    assert_eq!(count(&v, Verdict::Wrong), 4, "{v:?}");
    assert!(v[0].detail.contains("solvable board"), "{:?}", v[0]);
}

#[test]
fn the_documented_judge_examples_run_as_written() {
    let dir = tempfile::tempdir().unwrap();
    for (name, body) in [
        ("a.out", format!("exec '{BIN}' solve")),
        ("cruller", format!("exec '{BIN}' cruller")),
        ("fifteen", format!("exec '{BIN}' solve --shape 4x4")),
    ] {
        let exe = dir.path().join(name);
        std::fs::write(&exe, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&exe, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
    }
    let examples: Vec<String> = super::readme::documented_commands("slidebench judge ")
        .into_iter()
        .filter(|l| {
            l.starts_with("slidebench judge ./") || l.starts_with("slidebench judge --protocol")
        })
        .collect();
    assert_eq!(examples.len(), 3, "{examples:?}");
    for line in &examples {
        let command = line.split_once('#').map_or(line.as_str(), |(c, _)| c);
        let words = shlex::split(command).unwrap();
        let words: Vec<&str> = words[2..].iter().map(String::as_str).collect();
        let (code, text) = judge_in(dir.path(), &words);
        assert_eq!(code, Some(0), "`{line}`: {text}");
        assert!(text.contains("every answer accepted"), "`{line}`: {text}");
    }
    // A judge that ran no case accepts nothing, and says why.
    let (code, text) = judge_in(
        dir.path(),
        &["--protocol", "boards", "--shape", "4x4", "--count", "0", "--out", "none", "./fifteen"],
    );
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("no case was judged") && !text.contains("every answer accepted"),
        "{text}"
    );
}

#[test]
fn a_program_limit_of_zero_is_no_limit() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let program = format!("slow=sh -c \"sleep 0.05; exec '{BIN}' solve\"");
    let ran = slidebench(&[
        "compare",
        "--cases",
        "random",
        "--count",
        "3",
        "--solvers",
        "table/rank",
        "--no-charts",
        "--program-limit",
        "0",
        "--out",
        out.to_str().unwrap(),
        "--program",
        &program,
    ]);
    assert!(ran.status.success(), "{}", String::from_utf8_lossy(&ran.stderr));
    let verdicts = std::fs::read_to_string(out.join("verdicts.csv")).unwrap();
    assert_eq!(verdicts.matches(",accepted,").count(), 3, "{verdicts}");
    let judged = dir.path().join("judged");
    let script = format!("sleep 0.05; exec '{BIN}' solve");
    let (code, text) = judge_in(
        dir.path(),
        &[
            "--time-limit",
            "0",
            "--count",
            "3",
            "--out",
            judged.to_str().unwrap(),
            "sh",
            "-c",
            &script,
        ],
    );
    assert_eq!(code, Some(0), "{text}");
}

/// `compare` with the `--programs` file `toml` in a fresh directory: its exit code, its
/// stderr, and whether it wrote runs.csv.gz.
fn compare_programs_file(toml: &str) -> (Option<i32>, String, bool) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("programs.toml");
    std::fs::write(&file, toml).unwrap();
    let out = dir.path().join("out");
    let ran = slidebench(&[
        "compare",
        "--cases",
        "sample",
        "--solvers",
        "table/rank",
        "--no-charts",
        "--out",
        out.to_str().unwrap(),
        "--programs",
        file.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&ran.stderr).into_owned();
    (ran.status.code(), err, out.join("runs.csv.gz").exists())
}

#[test]
fn problems_of_the_harnesss_making_are_refused_before_anything_runs() {
    let entry = |rest: &str| {
        format!("[[program]]\nname = \"mine\"\ncommand = [\"sh\", \"-c\", \"cat\"]\n{rest}")
    };
    let (code, err, ran) = compare_programs_file(&entry("cwd = \"no/such/dir\"\n"));
    assert!(code == Some(1) && !ran, "{err}");
    assert!(err.contains("mine") && err.contains("no/such/dir"), "{err}");
    let (code, err, ran) = compare_programs_file(&entry("env = { K = \"a\\u0000b\" }\n"));
    assert!(code == Some(1) && !ran, "{err}");
    assert!(err.contains("mine") && err.contains("NUL") && err.contains('K'), "{err}");
    let nul = "[[program]]\nname = \"mine\"\ncommand = [\"sh\", \"-c\", \"cat\", \"x\\u0000y\"]\n";
    let (code, err, ran) = compare_programs_file(nul);
    assert!(code == Some(1) && !ran, "{err}");
    assert!(err.contains("mine") && err.contains("NUL"), "{err}");
    let long = format!(
        "[[program]]\nname = \"mine\"\ncommand = [\"sh\", \"-c\", \"cat\", \"{}\"]\n",
        "a".repeat(300_000)
    );
    let (code, err, ran) = compare_programs_file(&long);
    assert!(code == Some(1) && !ran, "{}", &err[..err.len().min(500)]);
    assert!(err.contains("mine") && err.contains("too long"), "{}", &err[..err.len().min(500)]);
}

#[test]
fn path_lookup_skips_a_file_that_is_not_executable_as_execvp_does() {
    let dir = tempfile::tempdir().unwrap();
    let (first, second) = (dir.path().join("first"), dir.path().join("second"));
    std::fs::create_dir_all(&first).unwrap();
    std::fs::create_dir_all(&second).unwrap();
    std::fs::write(first.join("eightsolver"), "not a program").unwrap();
    let exe = second.join("eightsolver");
    std::fs::write(&exe, format!("#!/bin/sh\nexec '{BIN}' solve\n")).unwrap();
    std::fs::set_permissions(&exe, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let path =
        format!("{}:{}:{}", first.display(), second.display(), std::env::var("PATH").unwrap());
    let out = dir.path().join("out");
    let ran = std::process::Command::new(BIN)
        .args(["compare", "--cases", "sample", "--solvers", "table/rank", "--no-charts", "--out"])
        .arg(&out)
        .args(["--program", "mine=eightsolver"])
        .env("PATH", path)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(ran.status.success(), "{}", String::from_utf8_lossy(&ran.stderr));
    let verdicts = std::fs::read_to_string(out.join("verdicts.csv")).unwrap();
    assert!(verdicts.contains(",accepted,") && !verdicts.contains("runtime"), "{verdicts}");
}

#[test]
fn a_programs_stderr_is_escaped_before_it_reaches_the_terminal() {
    // Erases the line, writes a fake verdict, retitles the window, then fails.
    let script =
        "cat > /dev/null; printf '\\033[2K\\rall answers accepted\\033]0;pwned\\007' >&2; exit 3";
    let v = run(&sh("forge", script), 2, 30.0);
    assert_eq!(count(&v, Verdict::RuntimeError), 2, "{v:?}");
    for r in &v {
        assert!(!r.detail.chars().any(char::is_control), "{:?}", r.detail);
        assert!(
            r.detail.contains("\\u{1b}") && r.detail.contains("all answers accepted"),
            "{:?}",
            r.detail
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("j");
    let judged =
        slidebench(&["judge", "--count", "2", "--out", out.to_str().unwrap(), "sh", "-c", script]);
    let text = String::from_utf8_lossy(&judged.stdout);
    assert_eq!(judged.status.code(), Some(1), "{text}");
    assert!(!text.contains('\u{1b}') && !text.contains('\u{7}'), "{text:?}");
}

#[test]
fn a_program_argument_naming_a_file_larger_than_memory_is_hashed_without_reading_it_whole() {
    // A sparse 512 MiB data file and a harness allowed 400 MB of address space (it needs under
    // 300): reading the file whole to hash it cannot fit, hashing it a chunk at a time does.
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.dat");
    std::fs::File::create(&big).unwrap().set_len(512 << 20).unwrap();
    let out = dir.path().join("j");
    let judged = std::process::Command::new("sh")
        .args(["-c", "ulimit -v 400000 && exec \"$@\"", "limited", BIN, "judge", "--count", "2"])
        .args(["--out", out.to_str().unwrap(), "sh", "-c", &format!("exec '{BIN}' solve")])
        .arg(&big)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&judged.stdout);
    assert!(judged.status.success(), "{text}{}", String::from_utf8_lossy(&judged.stderr));
    assert!(text.contains("every answer accepted"), "{text}");
}

#[test]
fn judge_refuses_a_shape_its_protocol_cannot_carry_naming_the_flag_that_would() {
    for protocol in [&[][..], &["--protocol", "aoj"][..]] {
        let mut args = vec!["judge", "--shape", "4x4", "--count", "2"];
        args.extend_from_slice(protocol);
        args.extend(["sh", "-c", "while read l; do echo; done"]);
        let out = slidebench(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("--shape 4x4") && err.contains("--protocol boards"), "{err}");
        assert!(!String::from_utf8_lossy(&out.stdout).contains("accepted"));
    }
}
