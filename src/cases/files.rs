//! Case sets in and out of judge-format files: loading them (HDU 1043 boards or AOJ 1339
//! pairs), telling the two formats apart, and writing a set in either.

use super::Case;
use crate::board::{Puzzle, Shape, Topology};
use crate::error::{Error, ErrorKind, Result};
use crate::judge::{
    parse_board, read_bounded, symbol_count, BoardReader, CrullerReader, MAX_LINE_BYTES,
};
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
    parse_as(&bytes, set, if aoj { Format::Aoj } else { Format::Hdu }, BoardShape::EIGHT)
}

/// Loads cases in `format`, or in the format the whole content shows when `None` (see
/// [`detect_format`]). Board lines are read on `shape`, or when `None` on the shape of the first
/// line that holds a board (its symbol count decides); a line of another size is refused,
/// naming the shape expected and where it came from. Every line is read through the judges' length
/// bound, so an over-long line is reported, not held.
pub fn load_as(
    reader: impl BufRead,
    set: &str,
    format: Option<Format>,
    shape: Option<Shape>,
) -> Result<(Vec<Case>, Vec<Error>)> {
    let bytes = read_bounded(reader)?;
    let format = match format {
        Some(f) => f,
        None => detect_format(&bytes)?,
    };
    if format == Format::Aoj {
        if let Some(s) = shape.filter(|&s| s != Shape::THREE_BY_THREE) {
            return Err(Error::new(
                ErrorKind::Parse,
                format!("AOJ 1339 datasets are 3x3 boards; --shape {s} does not apply to them"),
            ));
        }
    }
    let shape = match shape {
        Some(s) => BoardShape { shape: s, from: None },
        None => board_shape(&bytes)?,
    };
    parse_as(&bytes, set, format, shape)
}

/// The shape board lines are read on, and the line it was read from (`None`: `--shape`).
#[derive(Clone, Copy, Debug)]
struct BoardShape {
    shape: Shape,
    from: Option<u64>,
}

impl BoardShape {
    const EIGHT: BoardShape = BoardShape { shape: Shape::THREE_BY_THREE, from: None };
}

/// The shape of a file of boards: that of the first line holding a board, a square one (9
/// symbols: 3x3, 16: 4x4, 25: 5x5). A first board of a count that several shapes share (12:
/// 2x6, 3x4, 4x3, 6x2) is refused, asking for `--shape`. Input without a board is read as 3x3,
/// where every line gets its own error.
fn board_shape(input: &[u8]) -> Result<BoardShape> {
    for (i, line) in input.split(|&b| b == b'\n').enumerate() {
        let Ok(text) = std::str::from_utf8(line) else { continue };
        let n = symbol_count(text);
        if n > crate::board::MAX_CELLS {
            continue;
        }
        let line = i as u64 + 1;
        let side = (1..=n).find(|k| k * k >= n).unwrap_or(0);
        if side * side == n {
            match Shape::new(side, side) {
                Ok(s) if parse_board(s, text, line).is_ok() => {
                    return Ok(BoardShape { shape: s, from: Some(line) });
                }
                _ => continue,
            }
        }
        let shapes: Vec<Shape> = (2..=n / 2)
            .filter(|w| n.is_multiple_of(*w))
            .filter_map(|w| Shape::new(w, n / w).ok())
            .filter(|&s| parse_board(s, text, line).is_ok())
            .collect();
        if let Some((last, rest)) = shapes.split_last().filter(|(_, rest)| !rest.is_empty()) {
            let rest: Vec<String> = rest.iter().map(Shape::to_string).collect();
            return Err(Error::new(
                ErrorKind::Parse,
                format!(
                    "line {line}: a board of {n} squares could be {} or {last}; name its shape \
                     with --shape WxH",
                    rest.join(", ")
                ),
            ));
        }
    }
    Ok(BoardShape::EIGHT)
}

fn parse_as(
    input: &[u8],
    set: &str,
    format: Format,
    shape: BoardShape,
) -> Result<(Vec<Case>, Vec<Error>)> {
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
            let puzzle = super::unit_grid(shape.shape);
            // The lines again, to say why a board of another size was refused: the reader
            // gives line numbers in order, so this walks the input once.
            let mut lines = input.split(|&b| b == b'\n').zip(1u64..).peekable();
            for item in BoardReader::new(input, shape.shape) {
                match item? {
                    (_, Ok(b)) => cases.push(Case {
                        set: set.to_string(),
                        id: cases.len() as u64,
                        puzzle: puzzle.clone(),
                        start: b,
                    }),
                    (n, Err(e)) => {
                        let text = std::iter::from_fn(|| lines.next_if(|&(_, k)| k <= n))
                            .last()
                            .filter(|&(l, k)| k == n && l.len() <= MAX_LINE_BYTES)
                            .and_then(|(l, _)| std::str::from_utf8(l).ok());
                        errors.push(match text.map(symbol_count) {
                            Some(count) if count != shape.shape.cells() => {
                                other_size(n, count, shape)
                            }
                            _ => e,
                        });
                    }
                }
            }
        }
    }
    Ok((cases, errors))
}

/// The error of a line whose symbols are not as many as the file's boards have squares.
fn other_size(line: u64, count: usize, shape: BoardShape) -> Error {
    let s = shape.shape;
    let why = match shape.from {
        Some(first) => format!(
            "the boards of this file are {s}, as on line {first}; name another shape with --shape"
        ),
        None => format!("--shape {s}"),
    };
    Error::at_line(line, format!("{count} symbols where a {s} board has {} ({why})", s.cells()))
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
    /// HDU 1043: grid boards with unit costs and the standard goal, one per line: 3×3 as the
    /// judge has them, or any shape in `slidebench solve --shape`'s input form.
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
