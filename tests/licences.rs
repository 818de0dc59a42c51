//! Every package in the dependency graph (normal, build and dev, all features) must be one a
//! permissive MIT/Apache project can ship and build by default, and come from crates.io.
//!
//! This is the job of `cargo deny check licenses sources`, done over `cargo metadata` so that CI
//! needs nothing installed. Security advisories are not checked: their database is fetched from
//! the network, which CI cannot reach.

use std::process::Command;

/// SPDX identifiers a permissive project accepts in its dependencies.
const ALLOWED: &[&str] = &[
    "MIT",
    "MIT-0",
    "Apache-2.0",
    "BSD-2-Clause",
    "BSD-3-Clause",
    "ISC",
    "Zlib",
    "BSL-1.0",
    "Unicode-3.0",
    "Unicode-DFS-2016",
    "Unlicense",
    "CC0-1.0",
    "0BSD",
];

/// SPDX exceptions that only add permissions.
const ALLOWED_EXCEPTIONS: &[&str] = &["LLVM-exception"];

/// The only source a dependency may come from (besides this repository's own path).
const CRATES_IO: &str = "registry+https://github.com/rust-lang/crates.io-index";

#[derive(Debug, PartialEq)]
enum Token<'a> {
    Open,
    Close,
    And,
    Or,
    With,
    Id(&'a str),
}

fn tokens(expr: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    // Old manifests write `MIT/Apache-2.0` for `MIT OR Apache-2.0`.
    for word in expr.split(|c: char| c.is_whitespace()) {
        let mut rest = word;
        while !rest.is_empty() {
            let (token, len) = match rest.as_bytes()[0] {
                b'(' => (Token::Open, 1),
                b')' => (Token::Close, 1),
                b'/' => (Token::Or, 1),
                _ => {
                    let len = rest.find(['(', ')', '/']).unwrap_or(rest.len());
                    let id = &rest[..len];
                    let token = match id {
                        "AND" => Token::And,
                        "OR" => Token::Or,
                        "WITH" => Token::With,
                        _ => Token::Id(id),
                    };
                    (token, len)
                }
            };
            out.push(token);
            rest = &rest[len..];
        }
    }
    out
}

/// Whether an SPDX expression can be satisfied with [`ALLOWED`] licences alone: `OR` needs one
/// side, `AND` both, `A WITH E` needs `A` and an allowed exception. `Err` on a malformed one.
fn permissive(expr: &str) -> Result<bool, String> {
    struct Parser<'a> {
        tokens: Vec<Token<'a>>,
        at: usize,
    }
    impl Parser<'_> {
        fn peek(&self) -> Option<&Token<'_>> {
            self.tokens.get(self.at)
        }
        fn or(&mut self) -> Result<bool, String> {
            let mut any = self.and()?;
            while self.peek() == Some(&Token::Or) {
                self.at += 1;
                any |= self.and()?;
            }
            Ok(any)
        }
        fn and(&mut self) -> Result<bool, String> {
            let mut all = self.with()?;
            while self.peek() == Some(&Token::And) {
                self.at += 1;
                all &= self.with()?;
            }
            Ok(all)
        }
        fn with(&mut self) -> Result<bool, String> {
            let base = self.primary()?;
            if self.peek() != Some(&Token::With) {
                return Ok(base);
            }
            self.at += 1;
            match self.tokens.get(self.at) {
                Some(Token::Id(exception)) => {
                    self.at += 1;
                    Ok(base && ALLOWED_EXCEPTIONS.contains(exception))
                }
                other => Err(format!("expected an exception after WITH, found {other:?}")),
            }
        }
        fn primary(&mut self) -> Result<bool, String> {
            let token = self.tokens.get(self.at);
            self.at += 1;
            match token {
                Some(Token::Id(id)) => Ok(ALLOWED.contains(id)),
                Some(Token::Open) => {
                    let inner = self.or()?;
                    if self.tokens.get(self.at) != Some(&Token::Close) {
                        return Err("unclosed parenthesis".into());
                    }
                    self.at += 1;
                    Ok(inner)
                }
                other => Err(format!("expected a licence, found {other:?}")),
            }
        }
    }
    let mut parser = Parser { tokens: tokens(expr), at: 0 };
    let verdict = parser.or()?;
    if parser.at != parser.tokens.len() {
        return Err(format!("unexpected {:?}", parser.tokens[parser.at]));
    }
    Ok(verdict)
}

/// `cargo metadata` of this package: every package that any target, feature or platform of it
/// can pull in.
fn metadata() -> serde_json::Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--all-features", "--locked"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON")
}

fn packages(metadata: &serde_json::Value) -> &Vec<serde_json::Value> {
    metadata["packages"].as_array().expect("metadata lists packages")
}

fn name_version(package: &serde_json::Value) -> String {
    format!(
        "{} {}",
        package["name"].as_str().unwrap_or("?"),
        package["version"].as_str().unwrap_or("?")
    )
}

#[test]
fn every_dependency_has_a_permissive_licence() {
    let metadata = metadata();
    let packages = packages(&metadata);
    assert!(packages.len() > 50, "the graph was not resolved: {} packages", packages.len());
    let mut refused = Vec::new();
    for package in packages {
        let verdict = match package["license"].as_str() {
            Some(expr) => match permissive(expr) {
                Ok(true) => continue,
                Ok(false) => format!("licence `{expr}` is not on the allow-list"),
                Err(why) => format!("licence `{expr}` cannot be read: {why}"),
            },
            None => "no SPDX licence in its manifest (only a licence file)".to_string(),
        };
        refused.push(format!("{}: {verdict}", name_version(package)));
    }
    assert!(
        refused.is_empty(),
        "dependencies a permissive project cannot ship:\n{}",
        refused.join("\n")
    );
}

#[test]
fn every_dependency_comes_from_crates_io() {
    let metadata = metadata();
    let ours = env!("CARGO_PKG_NAME");
    let strays: Vec<String> = packages(&metadata)
        .iter()
        .filter(|p| match p["source"].as_str() {
            Some(source) => source != CRATES_IO,
            None => p["name"] != ours,
        })
        .map(|p| format!("{} from {}", name_version(p), p["source"]))
        .collect();
    assert!(strays.is_empty(), "dependencies from outside crates.io:\n{}", strays.join("\n"));
}

#[test]
fn licence_expressions_are_judged_by_spdx_rules() {
    for accepted in [
        "MIT",
        "MIT OR Apache-2.0",
        "MIT/Apache-2.0",
        "Apache-2.0 / MIT",
        "(MIT OR Apache-2.0) AND Unicode-3.0",
        "Apache-2.0 WITH LLVM-exception OR Apache-2.0 OR MIT",
        "MIT OR Apache-2.0 OR LGPL-2.1-or-later",
    ] {
        assert_eq!(permissive(accepted), Ok(true), "{accepted}");
    }
    for refused in [
        "SSPL-1.0",
        "GPL-3.0-only",
        "MIT AND SSPL-1.0",
        "(MIT OR Apache-2.0) AND GPL-2.0-only",
        "GPL-2.0-only WITH LLVM-exception",
        "Apache-2.0 WITH Commons-Clause",
    ] {
        assert_eq!(permissive(refused), Ok(false), "{refused}");
    }
    for malformed in ["", "MIT OR", "(MIT", "MIT WITH", "MIT Apache-2.0"] {
        assert!(permissive(malformed).is_err(), "{malformed}");
    }
}
