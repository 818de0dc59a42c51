//! Records the git commit the crate is built from (`SLIDEBENCH_GIT_COMMIT`), and a hash of any
//! uncommitted change to it (`SLIDEBENCH_GIT_DIRTY`: `git diff HEAD` and the untracked files),
//! for `meta.json` and the checkpoints: two dirty builds differ. Without git (not installed, or
//! a tree that is no checkout, such as a source archive) it records a hash of the sources the
//! build reads instead (`SLIDEBENCH_SRC_HASH`), so that two such builds of different code never
//! share one identity.

use std::hash::{DefaultHasher, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

/// What the source hash reads, beside every file under `src`; `rerun-if-changed` names each.
const SOURCES: [&str; 4] = ["src", "Cargo.toml", "Cargo.lock", "build.rs"];

/// The files under `path` (itself, when a file), sorted, so the hash does not depend on the
/// order a directory lists them in.
fn files_under(path: &Path, into: &mut Vec<PathBuf>) {
    match std::fs::read_dir(path) {
        Ok(entries) => {
            let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
            paths.sort();
            for p in paths {
                files_under(&p, into);
            }
        }
        Err(_) if path.is_file() => into.push(path.to_path_buf()),
        Err(_) => {}
    }
}

/// FNV-1a, 64 bits: fixed by its definition, so a tree hashes the same under every toolchain
/// (the standard library's hasher promises no such thing).
fn fnv1a(hash: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *hash ^= u64::from(b);
        *hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
}

/// A hash of [`SOURCES`]: each file's path and length and bytes, in path order.
fn source_hash() -> String {
    let mut files = Vec::new();
    for source in SOURCES {
        files_under(Path::new(source), &mut files);
    }
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for file in files {
        let bytes = std::fs::read(&file).unwrap_or_default();
        fnv1a(&mut hash, file.to_string_lossy().replace('\\', "/").as_bytes());
        fnv1a(&mut hash, &(bytes.len() as u64).to_le_bytes());
        fnv1a(&mut hash, &bytes);
    }
    format!("{hash:016x}")
}

fn main() {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let commit = git(&["rev-parse", "--short", "HEAD"]);
    // The source hash only where git gives no commit: a checkout's identity stays its commit.
    let source = if commit.is_some() { String::new() } else { source_hash() };
    println!("cargo:rustc-env=SLIDEBENCH_SRC_HASH={source}");
    let commit = commit.unwrap_or_else(|| "unknown".into());
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
    for path in SOURCES.iter().chain(&["tests", "examples", "benches"]) {
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
}
