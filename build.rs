//! Records the git commit the crate is built from (`SLIDEBENCH_GIT_COMMIT`), and a hash of any
//! uncommitted change to it (`SLIDEBENCH_GIT_DIRTY`: `git diff HEAD` and the untracked files),
//! for `meta.json` and the checkpoints: two dirty builds differ.

use std::hash::{DefaultHasher, Hasher};
use std::process::Command;

fn main() {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let commit = git(&["rev-parse", "--short", "HEAD"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=SLIDEBENCH_GIT_COMMIT={commit}");
    let mut dirty = DefaultHasher::new();
    let diff = git(&["diff", "HEAD", "--binary"]).unwrap_or_default();
    let untracked = git(&["ls-files", "--others", "--exclude-standard"]).unwrap_or_default();
    dirty.write(diff.as_bytes());
    for file in untracked.lines() {
        dirty.write(file.as_bytes());
        dirty.write(&std::fs::read(file).unwrap_or_default());
    }
    let changed = !diff.is_empty() || !untracked.is_empty();
    let hash = if changed { format!("{:08x}", dirty.finish() >> 32) } else { String::new() };
    println!("cargo:rustc-env=SLIDEBENCH_GIT_DIRTY={hash}");
    // Build again when a source changes, so the hash stays current.
    for path in ["src", "Cargo.toml", "Cargo.lock", "tests", "examples", "benches"] {
        println!("cargo:rerun-if-changed={path}");
    }
    if let Some(index) = git(&["rev-parse", "--git-path", "index"]) {
        println!("cargo:rerun-if-changed={index}");
    }
    // Build again when HEAD moves: its file, and the branch file it names.
    if let Some(head) = git(&["rev-parse", "--git-path", "HEAD"]) {
        println!("cargo:rerun-if-changed={head}");
    }
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        if let Some(path) = git(&["rev-parse", "--git-path", &branch]) {
            println!("cargo:rerun-if-changed={path}");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
