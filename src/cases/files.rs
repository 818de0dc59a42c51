//! Case sets in and out of judge-format files: loading them (HDU 1043 boards or AOJ 1339
//! pairs), telling the two formats apart, and writing a set in either.

use super::Case;
use crate::board::{Puzzle, Shape, Topology};
use crate::error::{Error, ErrorKind, Result};
use crate::judge::{read_bounded, CrullerReader, EightReader};
use std::borrow::Borrow;
use std::io::BufRead;

/// Loads cases from judge-format input that is known to be well typed: AOJ 1339 when the first
/// non-blank line holds two fields, HDU 1043 otherwise. Malformed cases come back as errors
/// naming their lines; the well-formed ones are still returned. Files from users go through
/// [`load_as`], which looks at every line instead.
pub fn load(reader: impl BufRead, set: &str) -> Result<(Vec<Case>, Vec<Error>)> {
    let bytes = read_bounded(reader)?;
    let first = bytes
        .split(|&b| b == b'\n')
        .find(|l| !l.iter().all(u8::is_ascii_whitespace))
        .unwrap_or_default();
    let aoj = String::from_utf8_lossy(first).split_whitespace().count() == 2;
    parse_as(&bytes, set, if aoj { Format::Aoj } else { Format::Hdu })
}

/// Loads cases in `format`, or in the format the whole content shows when `None` (see
/// [`detect_format`]). Every line is read through the judges' length bound, so an over-long
/// line is reported, not held.
pub fn load_as(
    reader: impl BufRead,
    set: &str,
    format: Option<Format>,
) -> Result<(Vec<Case>, Vec<Error>)> {
    let bytes = read_bounded(reader)?;
    let format = match format {
        Some(f) => f,
        None => detect_format(&bytes)?,
    };
    parse_as(&bytes, set, format)
}

fn parse_as(input: &[u8], set: &str, format: Format) -> Result<(Vec<Case>, Vec<Error>)> {
    let (mut cases, mut errors) = (Vec::new(), Vec::new());
    match format {
        Format::Aoj => {
            for item in CrullerReader::new(input) {
                match item? {
                    Ok(d) => match Puzzle::cruller(d.costs, d.goal) {
                        Ok(p) => cases.push(Case {
                            set: set.to_string(),
                            id: cases.len() as u64,
                            puzzle: p,
                            start: d.start,
                        }),
                        Err(e) => errors.push(e.with_line(d.line)),
                    },
                    Err(e) => errors.push(e),
                }
            }
        }
        Format::Hdu => {
            let eight = Puzzle::eight();
            for item in EightReader::new(input) {
                match item?.1 {
                    Ok(b) => cases.push(Case {
                        set: set.to_string(),
                        id: cases.len() as u64,
                        puzzle: eight.clone(),
                        start: b,
                    }),
                    Err(e) => errors.push(e),
                }
            }
        }
    }
    Ok((cases, errors))
}

/// The format of judge input, from every line: AOJ 1339 input has `ch cv` lines (two numbers),
/// HDU 1043 lines hold nine symbols. Input with lines of both kinds is refused,
/// naming one of each, rather than read one way and losing the other's cases; input with
/// neither is read as HDU 1043 (each line then gets its own error).
pub fn detect_format(input: &[u8]) -> Result<Format> {
    let (mut hdu, mut aoj) = (None, None);
    for (i, line) in input.split(|&b| b == b'\n').enumerate() {
        let Ok(text) = std::str::from_utf8(line) else { continue };
        let fields: Vec<&str> = text.split_whitespace().collect();
        let symbols: usize = fields.iter().map(|f| f.chars().count()).sum();
        let digits = |f: &&str| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit());
        let n = i as u64 + 1;
        if fields.len() == 2 && fields.iter().all(digits) {
            aoj.get_or_insert(n);
        } else if symbols == 9 {
            hdu.get_or_insert(n);
        }
    }
    match (hdu, aoj) {
        (Some(h), Some(a)) => Err(Error::new(
            ErrorKind::Parse,
            format!(
                "cannot tell the input format: line {h} looks like HDU 1043 (nine symbols) and \
                 line {a} like AOJ 1339 (a cost line); name it with --format hdu or \
                 --format aoj"
            ),
        )),
        (None, Some(_)) => Ok(Format::Aoj),
        _ => Ok(Format::Hdu),
    }
}

/// Judge input formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// HDU 1043: 3×3 grid boards with unit costs and the standard goal, one per line.
    Hdu,
    /// AOJ 1339: 3×3 torus datasets with costs and goals, ended by `0 0`.
    Aoj,
}

/// Writes each case's start board on a line of its own in `slidebench solve --shape WxH`'s input
/// form ([`crate::judge::board_line`]: decimal tiles, `x` for the empty square), for boards no
/// judge format expresses.
pub fn write_boards<C: Borrow<Case>>(
    cases: impl IntoIterator<Item = C>,
    out: &mut impl std::io::Write,
) -> Result<()> {
    for c in cases {
        writeln!(out, "{}", c.borrow().start.to_judge_line())?;
    }
    Ok(())
}

/// Writes the cases that the format can express, as they come; returns how many were left out.
pub fn write_judge<C: Borrow<Case>>(
    cases: impl IntoIterator<Item = C>,
    format: Format,
    out: &mut impl std::io::Write,
) -> Result<usize> {
    let mut skipped = 0;
    let eight = Puzzle::eight();
    for c in cases {
        let c = c.borrow();
        match format {
            Format::Hdu if c.puzzle == eight => writeln!(out, "{}", c.start.to_judge_line())?,
            Format::Aoj
                if c.puzzle.topology() == Topology::Torus
                    && c.puzzle.shape() == Shape::THREE_BY_THREE =>
            {
                let costs = c.puzzle.costs();
                writeln!(out, "{} {}", costs.horizontal, costs.vertical)?;
                for row in c.start.to_digit_rows().iter().chain(&c.puzzle.goal().to_digit_rows()) {
                    writeln!(out, "{row}")?;
                }
            }
            _ => skipped += 1,
        }
    }
    if format == Format::Aoj {
        writeln!(out, "0 0")?;
    }
    Ok(skipped)
}
