//! Result files, the report and pattern databases get the mode the umask gives any new file,
//! not the owner-only mode of temporary files they are written through.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

/// Runs `slidebench ARGS` under `umask`; fails the test on a non-zero exit.
fn run_under(umask: &str, args: &str) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("umask {umask} && exec \"$0\" {args}"))
        .arg(env!("CARGO_BIN_EXE_slidebench"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{args}: {}", String::from_utf8_lossy(&out.stderr));
}

/// Each file's name and permission bits.
type Modes = Vec<(String, u32)>;

/// The permission bits of every regular file in `dir`, by name (hidden lock files aside).
fn modes(dir: &Path) -> Modes {
    let mut v: Vec<(String, u32)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().unwrap().is_file())
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            (name, e.metadata().unwrap().permissions().mode() & 0o777)
        })
        .filter(|(name, _)| !name.starts_with('.'))
        .collect();
    v.sort();
    v
}

fn written_under(umask: &str) -> (Modes, Modes) {
    let dir = tempfile::tempdir().unwrap();
    let (results, pdb) = (dir.path().join("r"), dir.path().join("p"));
    let (r, p) = (results.display(), pdb.display());
    run_under(umask, &format!("compare --cases sample --solvers bfs/rank --export-json --out {r}"));
    run_under(umask, &format!("report --from {r}"));
    run_under(umask, &format!("pdb build --shape 2x3 --pdb-dir {p}"));
    (modes(&results), modes(&pdb))
}

#[test]
fn files_are_created_with_the_umask_mode() {
    let (results, pdb) = written_under("022");
    assert!(results.iter().any(|(n, _)| n == "index.html"), "{results:?}");
    assert!(results.iter().any(|(n, _)| n == "runs.csv.gz"), "{results:?}");
    assert!(results.iter().all(|&(_, m)| m == 0o644), "{results:?}");
    assert_eq!(pdb.len(), 1);
    assert!(pdb.iter().all(|&(_, m)| m == 0o644), "{pdb:?}");
}

#[test]
fn a_strict_umask_is_honoured_too() {
    let (results, pdb) = written_under("077");
    assert!(results.iter().chain(&pdb).all(|&(_, m)| m == 0o600), "{results:?} {pdb:?}");
}
