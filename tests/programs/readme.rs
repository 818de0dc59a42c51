//! The README's examples with outside programs, run as written.

use super::*;

/// The README's lines that start with `prefix`, each joined with its `\` continuations.
fn readme_commands(prefix: &str) -> Vec<String> {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for line in readme.lines() {
        if open {
            out.last_mut().unwrap().push_str(line.trim_end_matches('\\'));
        } else if line.starts_with(prefix) {
            out.push(line.trim_end_matches('\\').to_string());
        } else {
            continue;
        }
        open = line.ends_with('\\');
    }
    out
}

/// Runs each README command of `lines` as the README gives it, in a directory holding what it
/// names: `./a.out` (an HDU 1043 solver), `java` on PATH (a Dragon's Cruller solver, whatever
/// its arguments), and the repository's `examples/`; each must exit 0 with every answer
/// accepted.
fn run_readme_commands(lines: &[String]) {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    for (exe, body) in [
        (dir.path().join("a.out"), format!("exec '{BIN}' solve")),
        (bin.join("java"), format!("exec '{BIN}' cruller")),
    ] {
        std::fs::write(&exe, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&exe, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
    }
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/examples");
    std::os::unix::fs::symlink(examples, dir.path().join("examples")).unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    for line in lines {
        let command = line.split_once('#').map_or(line.as_str(), |(c, _)| c);
        let words = shlex::split(command).unwrap();
        let ran = std::process::Command::new(BIN)
            .args(&words[1..])
            .current_dir(dir.path())
            .env("PATH", &path)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&ran.stdout);
        let err = String::from_utf8_lossy(&ran.stderr);
        assert_eq!(ran.status.code(), Some(0), "`{line}`: {text}{err}");
        let out = if words[1] == "judge" { "judge-out" } else { "target/slidebench-results" };
        let verdicts = std::fs::read_to_string(dir.path().join(out).join("verdicts.csv")).unwrap();
        let judged: Vec<&str> = verdicts.lines().skip(1).collect();
        assert!(!judged.is_empty(), "`{line}`: {verdicts}");
        assert!(judged.iter().all(|l| l.contains(",accepted,")), "`{line}`: {verdicts}");
    }
}

#[test]
fn the_readmes_compare_example_with_two_programs_runs_as_written() {
    let commands = readme_commands("slidebench compare --cases sample random weighted");
    assert_eq!(commands.len(), 1, "{commands:?}");
    assert!(commands[0].contains("--program mine=./a.out"), "{commands:?}");
    run_readme_commands(&commands);
}

#[test]
fn the_readmes_programs_file_is_the_example_file() {
    let file = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/programs/programs.toml"
    ))
    .unwrap();
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(readme.contains(&format!("```toml\n{file}```")), "the README's copy drifted");
}

#[test]
#[ignore = "exhaustive: the Python examples, each process a half-second table build, timed again \
            until its time per query is resolved (about 30 s)"]
fn the_readmes_python_examples_run_as_written() {
    let mut commands = readme_commands("slidebench compare --cases sample random --count");
    assert_eq!(commands.len(), 1, "{commands:?}");
    assert!(commands[0].contains("--programs examples/programs/programs.toml"), "{commands:?}");
    let console = readme_commands("$ slidebench judge");
    assert_eq!(console.len(), 1, "{console:?}");
    commands.push(console[0].trim_start_matches("$ ").to_string());
    run_readme_commands(&commands);
}
