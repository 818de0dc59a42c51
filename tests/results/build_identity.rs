//! A build made without git (none installed, or a tree that is no checkout) gets its identity
//! from a hash of its sources (`build.rs`), so two such builds of different code differ.

use std::path::Path;
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Copies the file or directory `from` to `to`.
fn copy(from: &Path, to: &Path) {
    if from.is_dir() {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap() {
            let e = e.unwrap();
            copy(&e.path(), &to.join(e.file_name()));
        }
    } else {
        std::fs::copy(from, to).unwrap();
    }
}

/// The `SLIDEBENCH_SRC_HASH` the compiled build script `script` gives the tree `tree`, run
/// where no `git` can be found.
fn source_hash(script: &Path, tree: &Path, no_git: &Path) -> String {
    let out = Command::new(script).current_dir(tree).env("PATH", no_git).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let line = text.lines().find_map(|l| l.strip_prefix("cargo:rustc-env=SLIDEBENCH_SRC_HASH="));
    line.unwrap_or_else(|| panic!("no source hash in:\n{text}")).to_string()
}

#[test]
fn a_build_without_git_is_identified_by_a_hash_of_its_sources() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("build-script");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let built = Command::new(rustc)
        .args(["--edition", "2021", "-O", &format!("{ROOT}/build.rs"), "-o"])
        .arg(&script)
        .output()
        .unwrap();
    assert!(built.status.success(), "{}", String::from_utf8_lossy(&built.stderr));
    let tree = dir.path().join("tree");
    for source in ["src", "Cargo.toml", "Cargo.lock", "build.rs"] {
        copy(&Path::new(ROOT).join(source), &tree.join(source));
    }
    let no_git = dir.path().join("empty-path");
    std::fs::create_dir(&no_git).unwrap();
    let first = source_hash(&script, &tree, &no_git);
    assert_eq!(first.len(), 16, "`{first}`");
    assert_eq!(source_hash(&script, &tree, &no_git), first, "the same tree, the same hash");
    std::fs::write(tree.join("src/version.rs"), "// another build\n").unwrap();
    assert_ne!(source_hash(&script, &tree, &no_git), first, "other code, the same identity");
}
