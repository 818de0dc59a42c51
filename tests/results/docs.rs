//! The documentation a reader meets first stays short, its measured numbers are the committed
//! `results/`, and its links lead somewhere.

use slidebench::report::doc_blocks;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// README.md, CONTRIBUTING.md, CHANGELOG.md and every docs/*.md.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(ROOT);
    let mut files: Vec<PathBuf> =
        ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"].iter().map(|f| root.join(f)).collect();
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_readme_is_at_most_300_lines() {
    let lines = read(&Path::new(ROOT).join("README.md")).lines().count();
    assert!(lines <= 300, "README.md has {lines} lines");
}

#[test]
fn every_generated_block_is_what_the_committed_results_give() {
    let results = Path::new(ROOT).join("results");
    let mut names = Vec::new();
    for path in documents() {
        let text = read(&path);
        let written = doc_blocks::rewrite(&text, &results)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            written == text,
            "{} differs from its generated blocks: run `slidebench report --from results \
             --doc-blocks README.md docs/*.md`",
            path.display()
        );
        for name in doc_blocks::BLOCKS {
            if text.contains(&format!("<!-- generated:{name} -->")) {
                names.push(*name);
            }
        }
    }
    for name in doc_blocks::BLOCKS {
        assert!(names.contains(name), "no document holds the block `{name}`");
    }
}

/// The targets of the inline Markdown links `[text](target)` and images of `text`.
fn link_targets(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let mut rest = line;
        while let Some(i) = rest.find("](") {
            let after = &rest[i + 2..];
            let Some(end) = after.find(')') else { break };
            out.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    out
}

/// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

#[test]
fn every_relative_link_in_the_documentation_resolves() {
    let mut checked = 0;
    for path in documents() {
        let dir = path.parent().unwrap();
        for target in link_targets(&read(&path)) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let file = if file.is_empty() { path.clone() } else { dir.join(file) };
            assert!(file.exists(), "{}: `{target}` leads nowhere", path.display());
            if !fragment.is_empty() {
                let headings: Vec<String> = read(&file)
                    .lines()
                    .filter_map(|l| l.strip_prefix('#'))
                    .map(|l| anchor(l.trim_start_matches('#')))
                    .collect();
                assert!(
                    headings.iter().any(|h| h == fragment),
                    "{}: `{target}`: no such heading",
                    path.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 20, "only {checked} links found: the link reader is broken");
}

#[test]
fn the_link_reader_takes_links_and_images_and_skips_code() {
    let targets =
        link_targets("see [a](docs/a.md) and ![b](results/b.svg)\n```\n[c](no.md)\n```\n");
    assert_eq!(targets, ["docs/a.md", "results/b.svg"]);
}
