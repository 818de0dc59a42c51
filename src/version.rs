//! Which code made a file: a leaf module, so that whatever writes a file (the harness, the
//! search checkpoints) can stamp it without importing the harness.

/// The crate version and, when the build saw a git checkout, its short commit
/// (`0.1.0+abc1234`), with `-dirty-` and a hash of the uncommitted changes when there were any
/// (`0.1.0+abc1234-dirty-1a2b3c4d`: two dirty builds differ); without git, a hash of its
/// sources (`0.1.0+src.0123456789abcdef`: two builds of different code never share one).
/// `SLIDEBENCH_COMMIT` in the environment at run time overrides the commit.
pub fn code_version() -> String {
    let commit = std::env::var("SLIDEBENCH_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty())
        .or_else(|| option_env!("SLIDEBENCH_GIT_COMMIT").map(str::to_string))
        .filter(|c| !c.is_empty() && c != "unknown");
    match commit {
        Some(c) => match option_env!("SLIDEBENCH_GIT_DIRTY").filter(|d| !d.is_empty()) {
            Some(d) => format!("{}+{}-dirty-{d}", env!("CARGO_PKG_VERSION"), c.trim()),
            None => format!("{}+{}", env!("CARGO_PKG_VERSION"), c.trim()),
        },
        None => match option_env!("SLIDEBENCH_SRC_HASH").filter(|h| !h.is_empty()) {
            Some(h) => format!("{}+src.{h}", env!("CARGO_PKG_VERSION")),
            None => env!("CARGO_PKG_VERSION").to_string(),
        },
    }
}
