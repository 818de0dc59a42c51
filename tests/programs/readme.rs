//! The documentation's examples with outside programs (README.md and docs/*.md), run as written.

use super::*;

/// The lines of README.md and of every docs/*.md, in that order.
pub(super) fn documentation_lines() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    let mut docs: Vec<_> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
        .iter()
        .flat_map(|f| {
            std::fs::read_to_string(f).unwrap().lines().map(String::from).collect::<Vec<_>>()
        })
        .collect()
}

/// The documentation's command lines that start with `prefix`, each joined with its `\`
/// continuations; a command given on several pages counts once (its words before any comment).
pub(super) fn documented_commands(prefix: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for line in documentation_lines() {
        if open {
            out.last_mut().unwrap().push_str(line.trim_end_matches('\\'));
        } else if line.starts_with(prefix) {
            out.push(line.trim_end_matches('\\').to_string());
        } else {
            continue;
        }
        open = line.ends_with('\\');
    }
    let words = |l: &String| l.split_once('#').map_or(l.as_str(), |(c, _)| c).trim().to_string();
    let mut seen = std::collections::HashSet::new();
    out.retain(|l| seen.insert(words(l)));
    out
}

/// Runs each documented command of `lines` as the documentation gives it, in a directory holding what it
/// names: `./a.out` (an HDU 1043 solver), `java` on PATH (a Dragon's Cruller solver, whatever
/// its arguments), and the repository's `examples/`; each must exit 0 with every answer
/// accepted.
fn run_documented_commands(lines: &[String]) {
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
fn the_documented_compare_example_with_two_programs_runs_as_written() {
    let commands = documented_commands("slidebench compare --cases sample random weighted");
    assert_eq!(commands.len(), 1, "{commands:?}");
    assert!(commands[0].contains("--program mine=./a.out"), "{commands:?}");
    run_documented_commands(&commands);
}

#[test]
#[ignore = "exhaustive: the Python examples, each process a half-second table build, timed again \
            until its time per query is resolved (about 30 s)"]
fn the_documented_python_examples_run_as_written() {
    let mut commands = documented_commands("slidebench compare --cases sample random --count");
    assert_eq!(commands.len(), 1, "{commands:?}");
    assert!(commands[0].contains("--programs examples/programs/programs.toml"), "{commands:?}");
    let console = documented_commands("$ slidebench judge");
    assert_eq!(console.len(), 1, "{console:?}");
    commands.push(console[0].trim_start_matches("$ ").to_string());
    run_documented_commands(&commands);
}
