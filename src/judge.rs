//! Readers for the judges' input formats, streaming and forgiving: every malformed case becomes
//! an error naming its line, and reading goes on with the next case.
//!
//! - HDU 1043 / POJ 1077 "Eight": one case per line, the 9 symbols `1`–`8` and `x` separated by
//!   any amount of white space (`0` and `X` are accepted for the empty square too).
//! - AOJ 1339 "Dragon's Cruller": datasets of a `ch cv` line, three rows of the start board and
//!   three rows of the goal (digits `0`–`8`, `0` empty), ended by a `0 0` line.

use crate::board::{symbol_value, Board, Costs, Shape};
use crate::error::{Error, Result};
use std::io::{self, BufRead};

/// Longest line kept; longer lines are reported and skipped without being stored.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Largest move cost accepted in a Dragon's Cruller dataset.
pub const MAX_COST: u32 = 1_000_000;

/// One physical line, or why it could not be kept.
#[derive(Debug)]
enum Line {
    Text(String),
    NotUtf8,
    TooLong,
}

/// Reads lines with a bound on their length, counting them from 1.
struct Lines<R> {
    reader: R,
    number: u64,
    buf: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    fn new(reader: R) -> Self {
        Lines { reader, number: 0, buf: Vec::new() }
    }

    /// The next line without its line ending, or `None` at the end of the input.
    fn next_line(&mut self) -> io::Result<Option<(u64, Line)>> {
        self.buf.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            if !too_long {
                if self.buf.len() + take > MAX_LINE_BYTES + 2 {
                    too_long = true;
                    self.buf.clear();
                } else {
                    self.buf.extend_from_slice(&chunk[..take]);
                }
            }
            self.reader.consume(take);
            if done {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.number += 1;
        if too_long {
            return Ok(Some((self.number, Line::TooLong)));
        }
        while matches!(self.buf.last(), Some(b'\n' | b'\r')) {
            self.buf.pop();
        }
        Ok(Some((
            self.number,
            match std::str::from_utf8(&self.buf) {
                Ok(s) => Line::Text(s.to_string()),
                Err(_) => Line::NotUtf8,
            },
        )))
    }

    /// The next line that is not blank, as text or as the error that line carries.
    fn next_nonblank(&mut self) -> io::Result<Option<(u64, Result<String>)>> {
        loop {
            let Some((n, line)) = self.next_line()? else {
                return Ok(None);
            };
            return Ok(Some(match line {
                Line::Text(t) if t.trim().is_empty() => continue,
                Line::Text(t) => (n, Ok(t)),
                Line::NotUtf8 => (n, Err(Error::at_line(n, "not valid UTF-8 text"))),
                Line::TooLong => {
                    (n, Err(Error::at_line(n, format!("longer than {MAX_LINE_BYTES} bytes"))))
                }
            }));
        }
    }
}

/// Reads the whole input into memory with every line cut to at most `MAX_LINE_BYTES + 3` bytes:
/// enough for the readers above to still report it as too long, at its own line number, while an
/// over-long line costs no more memory than a long one.
pub fn read_bounded(mut reader: impl BufRead) -> io::Result<Vec<u8>> {
    let mut out = Vec::new();
    let mut in_line = 0usize;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(out);
        }
        let (take, ends) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = (MAX_LINE_BYTES + 3).saturating_sub(in_line);
        let body = if ends { take - 1 } else { take };
        out.extend_from_slice(&chunk[..body.min(room)]);
        in_line += body;
        if ends {
            out.push(b'\n');
            in_line = 0;
        }
        reader.consume(take);
    }
}

/// Parses one 8-puzzle case: the symbols of a 3×3 board in row order.
pub fn parse_eight(text: &str, line: u64) -> Result<Board> {
    let shape = Shape::THREE_BY_THREE;
    let mut cells = Vec::with_capacity(9);
    let mut seen = [false; 9];
    for ch in text.chars().filter(|c| !c.is_whitespace()) {
        let v = symbol_value(ch).filter(|&v| v < 9).ok_or_else(|| {
            Error::at_line(
                line,
                format!("unknown symbol `{}` (expected 1-8 and x)", ch.escape_debug()),
            )
        })?;
        if std::mem::replace(&mut seen[v as usize], true) {
            let name = if v == 0 { "x".to_string() } else { v.to_string() };
            return Err(Error::at_line(line, format!("symbol `{name}` appears twice")));
        }
        cells.push(v);
    }
    if cells.len() != 9 {
        let what = if cells.len() < 9 { "too few" } else { "too many" };
        return Err(Error::at_line(
            line,
            format!("{what} symbols: found {}, expected 9 (1-8 and x)", cells.len()),
        ));
    }
    Board::from_cells(shape, &cells).map_err(|e| e.with_line(line))
}

/// Streams 8-puzzle cases: each item is a non-blank line's number and its board or error.
pub struct EightReader<R> {
    lines: Lines<R>,
}

impl<R: BufRead> EightReader<R> {
    /// Reads cases from `reader`.
    pub fn new(reader: R) -> Self {
        EightReader { lines: Lines::new(reader) }
    }
}

impl<R: BufRead> Iterator for EightReader<R> {
    type Item = io::Result<(u64, Result<Board>)>;
    fn next(&mut self) -> Option<Self::Item> {
        match self.lines.next_nonblank() {
            Ok(None) => None,
            Ok(Some((n, Ok(text)))) => Some(Ok((n, parse_eight(&text, n)))),
            Ok(Some((n, Err(e)))) => Some(Ok((n, Err(e)))),
            Err(e) => Some(Err(e)),
        }
    }
}

/// One Dragon's Cruller dataset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dataset {
    /// Line of its `ch cv` header.
    pub line: u64,
    /// Move costs.
    pub costs: Costs,
    /// Start board.
    pub start: Board,
    /// Goal board.
    pub goal: Board,
}

/// Streams Dragon's Cruller datasets. A malformed dataset is one `Err` item naming the first bad
/// line; its six board lines are still consumed, so later datasets stay in step. Input that ends
/// without `0 0` gives a last error.
pub struct CrullerReader<R> {
    lines: Lines<R>,
    done: bool,
}

impl<R: BufRead> CrullerReader<R> {
    /// Reads datasets from `reader`.
    pub fn new(reader: R) -> Self {
        CrullerReader { lines: Lines::new(reader), done: false }
    }

    fn dataset(&mut self) -> io::Result<Option<Result<Dataset>>> {
        let Some((header_line, header)) = self.lines.next_nonblank()? else {
            self.done = true;
            let n = self.lines.number + 1;
            return Ok(Some(Err(Error::at_line(n, "input ended without the closing `0 0` line"))));
        };
        let costs = header.and_then(|h| parse_costs(&h, header_line));
        if let Ok(None) = costs {
            self.done = true;
            return Ok(None);
        }
        let mut first_error = costs.as_ref().err().cloned();
        let mut rows: Vec<Vec<u8>> = Vec::with_capacity(6);
        for k in 0..6 {
            let Some((n, row)) = self.lines.next_nonblank()? else {
                self.done = true;
                let n = self.lines.number + 1;
                return Ok(Some(Err(first_error.unwrap_or_else(|| {
                    Error::at_line(
                        n,
                        format!(
                            "input ended inside the dataset that starts at line {header_line}: \
                             {k} of its 6 board rows were given"
                        ),
                    )
                }))));
            };
            match row.and_then(|r| parse_row(&r, n)) {
                Ok(r) => rows.push(r),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        if let Some(e) = first_error {
            return Ok(Some(Err(e)));
        }
        let costs = costs.expect("checked above").expect("not the end marker");
        let board = |rows: &[Vec<u8>], line: u64, which: &str| {
            let cells: Vec<u8> = rows.concat();
            Board::from_cells(Shape::THREE_BY_THREE, &cells)
                .map_err(|e| Error::at_line(line, format!("{which} board: {}", e.message())))
        };
        let start = board(&rows[..3], header_line + 1, "start");
        let goal = board(&rows[3..], header_line + 4, "goal");
        Ok(Some(match (start, goal) {
            (Ok(start), Ok(goal)) => Ok(Dataset { line: header_line, costs, start, goal }),
            (Err(e), _) | (_, Err(e)) => Err(e),
        }))
    }
}

/// Parses `ch cv`; `Ok(None)` is the closing `0 0`.
fn parse_costs(text: &str, line: u64) -> Result<Option<Costs>> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let bad = |why: &str| Error::at_line(line, format!("bad cost line `{}`: {why}", text.trim()));
    if fields.len() != 2 {
        return Err(bad(&format!("expected two numbers `ch cv`, found {} fields", fields.len())));
    }
    let mut v = [0u32; 2];
    for (slot, f) in v.iter_mut().zip(&fields) {
        *slot = f.parse().map_err(|e: std::num::ParseIntError| {
            use std::num::IntErrorKind::PosOverflow;
            if *e.kind() == PosOverflow {
                bad(&format!("`{f}` is too large (costs are at most {MAX_COST})"))
            } else {
                bad(&format!("`{f}` is not a whole number"))
            }
        })?;
    }
    if v == [0, 0] {
        return Ok(None);
    }
    if v.iter().any(|&c| c == 0 || c > MAX_COST) {
        return Err(bad(&format!("costs must be whole numbers from 1 to {MAX_COST}")));
    }
    Ok(Some(Costs { horizontal: v[0], vertical: v[1] }))
}

/// Parses a board row: three digits `0`–`8`, spaces optional.
fn parse_row(text: &str, line: u64) -> Result<Vec<u8>> {
    let mut row = Vec::with_capacity(3);
    for ch in text.chars().filter(|c| !c.is_whitespace()) {
        match ch.to_digit(10) {
            Some(d) if d < 9 => row.push(d as u8),
            _ => {
                return Err(Error::at_line(
                    line,
                    format!(
                        "unknown symbol `{}` in a board row (expected digits 0-8)",
                        ch.escape_debug()
                    ),
                ))
            }
        }
    }
    if row.len() != 3 {
        return Err(Error::at_line(
            line,
            format!("a board row needs 3 digits, found {} in `{}`", row.len(), text.trim()),
        ));
    }
    Ok(row)
}

impl<R: BufRead> Iterator for CrullerReader<R> {
    type Item = io::Result<Result<Dataset>>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        self.dataset().transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eight(input: &[u8]) -> Vec<(u64, std::result::Result<String, String>)> {
        EightReader::new(input)
            .map(|r| {
                let (n, b) = r.unwrap();
                (n, b.map(|b| b.to_text()).map_err(|e| e.to_string()))
            })
            .collect()
    }

    #[test]
    fn eight_cases_with_ragged_spacing_and_errors() {
        let got =
            eight(b"2  3 4 1 5 x\t7 6 8\r\n\n1 2 3\n1 2 3 4 5 6 7 8 8\n\xff\xfe\n12345678x\n");
        assert_eq!(got[0], (1, Ok("23415x768".into())));
        assert_eq!(got[1].0, 3);
        assert!(got[1].1.as_ref().unwrap_err().starts_with("line 3: too few symbols"));
        assert!(got[2].1.as_ref().unwrap_err().starts_with("line 4: symbol `8` appears twice"));
        assert_eq!(got[3].1.as_ref().unwrap_err(), "line 5: not valid UTF-8 text");
        assert_eq!(got[4], (6, Ok("12345678x".into())));
        assert_eq!(got.len(), 5);
    }

    #[test]
    fn eight_rejects_unknown_and_too_many() {
        let got = eight(b"1 2 3 4 5 6 7 8 9\n1 2 3 4 5 6 7 8 x x\n");
        assert!(got[0].1.as_ref().unwrap_err().contains("unknown symbol `9`"));
        assert!(got[1].1.as_ref().unwrap_err().contains("`x` appears twice"));
    }

    #[test]
    fn overlong_lines_are_skipped_not_stored() {
        let mut input = vec![b'1'; MAX_LINE_BYTES * 3];
        input.extend_from_slice(b"\n8 1 2 x 4 3 7 6 5\n");
        let got = eight(&input);
        assert!(got[0].1.as_ref().unwrap_err().contains("longer than"));
        assert_eq!(got[1], (2, Ok("812x43765".into())));
    }

    #[test]
    fn bounded_reads_keep_overlong_lines_reportable_and_small() {
        let mut input = vec![b'1'; MAX_LINE_BYTES * 20];
        input.extend_from_slice(b"\n8 1 2 x 4 3 7 6 5\n");
        let kept = read_bounded(&input[..]).unwrap();
        assert!(kept.len() < MAX_LINE_BYTES + 32);
        let got = eight(&kept);
        assert_eq!(got[0].0, 1);
        assert!(got[0].1.as_ref().unwrap_err().contains("longer than"));
        assert_eq!(got[1], (2, Ok("812x43765".into())));
    }

    fn cruller(input: &str) -> Vec<std::result::Result<(u32, u32, String, String), String>> {
        CrullerReader::new(input.as_bytes())
            .map(|r| {
                r.unwrap()
                    .map(|d| {
                        (d.costs.horizontal, d.costs.vertical, d.start.to_text(), d.goal.to_text())
                    })
                    .map_err(|e| e.to_string())
            })
            .collect()
    }

    #[test]
    fn cruller_datasets_and_end_marker() {
        let got = cruller("4 9\n6 3 0\n8 1 2\n4 5 7\n6 3 0\n8 1 2\n4 5 7\n0 0\n9 9\n");
        assert_eq!(got, vec![Ok((4, 9, "63x812457".into(), "63x812457".into()))]);
    }

    #[test]
    fn cruller_bad_dataset_keeps_later_ones_in_step() {
        let got = cruller(
            "4 x\n6 3 0\n8 1 2\n4 5 7\n6 3 0\n8 1 2\n4 5 7\n\
             1 1\n6 3 0\n8 1 2\n4 5 7\n6 3 0\n8 1 2\n4 5 7\n",
        );
        assert!(got[0].as_ref().unwrap_err().starts_with("line 1: bad cost line `4 x`"));
        assert!(got[1].is_ok());
        assert_eq!(
            got[2].as_ref().unwrap_err(),
            "line 15: input ended without the closing `0 0` line"
        );
    }

    #[test]
    fn huge_cost_is_too_large_not_malformed() {
        let got = cruller("9223372036854775808 1\n6 3 0\n8 1 2\n4 5 7\n6 3 0\n8 1 2\n4 5 7\n0 0\n");
        let msg = got[0].as_ref().unwrap_err();
        assert!(msg.contains("`9223372036854775808` is too large"), "{msg}");
    }

    #[test]
    fn cruller_repeated_digit_and_truncated_dataset() {
        let got = cruller("1 2\n6 3 0\n8 1 2\n4 5 5\n6 3 0\n8 1 2\n4 5 7\n3 3\n1 2 3\n");
        assert!(got[0]
            .as_ref()
            .unwrap_err()
            .starts_with("line 2: start board: tile 5 appears twice"));
        assert!(got[1].as_ref().unwrap_err().contains("1 of its 6 board rows"));
        assert_eq!(got.len(), 2);
    }
}
