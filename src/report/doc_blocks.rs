//! The measured numbers of the README and the guide, written from a result set so that they
//! cannot go stale. Each sits between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`
//! on lines of their own; [`rewrite`] replaces what is between with [`render`]'s text for that
//! block, and a test holds the committed documents to what it would write from `results/`.

use crate::error::{Error, ErrorKind, Result};
use crate::fsutil::{read_regular, MAX_TEXT_FILE_BYTES};
use std::path::Path;

/// The blocks [`render`] writes: the five answers of `FINDINGS.md`, its table of every finding,
/// and one sentence naming the run that measured them (commit, machine, load).
pub const BLOCKS: &[&str] = &["findings", "every-finding", "run"];

/// The text of block `name` from the result set in `results`, ending with a newline.
///
/// # Errors
///
/// An unknown block name, or a file of the result set that is missing or lacks the part the
/// block is made of (naming the file and the part).
pub fn render(name: &str, results: &Path) -> Result<String> {
    match name {
        "findings" => section(results, "The answers"),
        "every-finding" => section(results, "Every finding"),
        "run" => run_sentence(results),
        _ => Err(Error::new(
            ErrorKind::Parse,
            format!("no generated block `{name}` (there are: {})", BLOCKS.join(", ")),
        )),
    }
}

/// `text` with every generated block's body replaced by [`render`]'s, everything else as it
/// was.
///
/// # Errors
///
/// A marker naming an unknown block, a block without its closing marker, a closing marker
/// without its opening one (each naming the line), or a block [`render`] cannot write.
pub fn rewrite(text: &str, results: &Path) -> Result<String> {
    let mut out = String::with_capacity(text.len());
    let mut open: Option<(&str, usize)> = None;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let number = i as u64 + 1;
        let marker = line.trim();
        if let Some((name, _)) = open {
            if marker == format!("<!-- /generated:{name} -->") {
                out.push_str(&render(name, results).map_err(|e| e.with_line(number))?);
                out.push_str(line);
                open = None;
            } else if marker.starts_with("<!-- generated:") {
                return Err(Error::at_line(number, format!("a block opens inside `{name}`")));
            }
            continue;
        }
        out.push_str(line);
        if let Some(name) =
            marker.strip_prefix("<!-- generated:").and_then(|m| m.strip_suffix(" -->"))
        {
            if !BLOCKS.contains(&name) {
                return Err(Error::at_line(
                    number,
                    format!("no generated block `{name}` (there are: {})", BLOCKS.join(", ")),
                ));
            }
            open = Some((name, i));
        } else if marker.starts_with("<!-- /generated:") {
            return Err(Error::at_line(number, format!("`{marker}` closes no open block")));
        }
    }
    if let Some((name, i)) = open {
        return Err(Error::at_line(
            i as u64 + 1,
            format!("`<!-- generated:{name} -->` has no `<!-- /generated:{name} -->` after it"),
        ));
    }
    Ok(out)
}

/// A text file of the result set, or an error naming it.
fn read(results: &Path, file: &str) -> Result<String> {
    let path = results.join(file);
    let bytes = read_regular(&path, MAX_TEXT_FILE_BYTES)?
        .ok_or_else(|| Error::new(ErrorKind::Io, format!("{}: not found", path.display())))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The body of `FINDINGS.md`'s section `## title`, without blank lines around it.
fn section(results: &Path, title: &str) -> Result<String> {
    let text = read(results, crate::report::FINDINGS_MD)?;
    let heading = format!("## {title}");
    let body: Vec<&str> = text
        .lines()
        .skip_while(|l| l.trim_end() != heading)
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .collect();
    let body = body.join("\n");
    let body = body.trim();
    if body.is_empty() {
        return Err(Error::new(
            ErrorKind::Parse,
            format!(
                "{}: no section `{heading}`",
                results.join(crate::report::FINDINGS_MD).display()
            ),
        ));
    }
    Ok(format!("{body}\n"))
}

/// One sentence saying which run measured the result set: the commit, machine, times and
/// load that `scripts/regenerate-results.sh` recorded in its `README.md`.
fn run_sentence(results: &Path) -> Result<String> {
    let text = read(results, "README.md")?;
    let path = results.join("README.md");
    let commit = text
        .split_once("from commit ")
        .and_then(|(_, rest)| rest.split([';', '\n']).next())
        .ok_or_else(|| Error::new(ErrorKind::Parse, format!("{}: no commit", path.display())))?;
    let row = |key: &str| -> Result<&str> {
        let prefix = format!("| {key} | ");
        text.lines()
            .find_map(|l| l.strip_prefix(prefix.as_str()))
            .and_then(|v| v.strip_suffix(" |"))
            .ok_or_else(|| {
                Error::new(ErrorKind::Parse, format!("{}: no row `{key}`", path.display()))
            })
    };
    let wall = row("wall time")?.split(" for").next().unwrap_or_default();
    let load = row("load at the end")?.split(" (").next().unwrap_or_default();
    Ok(format!(
        "Measured by `scripts/regenerate-results.sh` at commit {commit} on a {}-core {} with {} of \
         memory, finished {}: {wall} for the whole script, {} of it the comparison; load average \
         {load} at the end (1, 5 and 15 minutes).\n",
        row("cores")?,
        row("CPU")?,
        row("memory")?,
        row("finished")?,
        row("stage: comparison")?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn results() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("FINDINGS.md"),
            "Intro.\n\n## The answers\n\n1. **Q?** A.\n\n## Every finding\n\n| a | b |\n",
        )
        .unwrap();
        dir
    }

    #[test]
    fn a_blocks_body_is_replaced_and_the_rest_kept() {
        let dir = results();
        let text = "# T\n<!-- generated:findings -->\nstale\n<!-- /generated:findings -->\nend\n";
        let out = rewrite(text, dir.path()).unwrap();
        assert_eq!(
            out,
            "# T\n<!-- generated:findings -->\n1. **Q?** A.\n<!-- /generated:findings -->\nend\n"
        );
    }

    #[test]
    fn an_unclosed_block_is_refused_naming_its_line() {
        let dir = results();
        let err = rewrite("a\n<!-- generated:findings -->\nb\n", dir.path()).unwrap_err();
        assert_eq!(err.line(), Some(2), "{err}");
        assert!(err.message().contains("no `<!-- /generated:findings -->`"), "{err}");
    }

    #[test]
    fn an_unknown_block_is_refused_naming_its_line() {
        let dir = results();
        let err =
            rewrite("<!-- generated:nope -->\n<!-- /generated:nope -->\n", dir.path()).unwrap_err();
        assert_eq!(err.line(), Some(1), "{err}");
        assert!(err.message().contains("`nope`"), "{err}");
    }
}
