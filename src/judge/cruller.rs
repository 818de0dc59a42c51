//! AOJ 1339 "Dragon's Cruller" input: datasets of a `ch cv` line, three rows of the start board
//! and three rows of the goal, ended by a `0 0` line; a malformed dataset is one error, and
//! reading stays in step with the ones after it.

use super::lines::Lines;
use crate::board::{Board, Costs, Shape};
use crate::error::{Error, ErrorKind, Result};
use std::io::{self, BufRead};

/// Largest move cost accepted in a Dragon's Cruller dataset.
pub const MAX_COST: u32 = 1_000_000;

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
/// line, and reading stays in step with the datasets that follow: a dataset ends after its six
/// board rows or at the next line shaped like a `ch cv` cost line, whichever comes first (a row
/// short is reported as such, and the cost line starts the next dataset), and board rows where
/// a cost line should be are one malformed dataset, skipped up to the next cost line. Input that
/// ends without `0 0` gives a last error of kind [`ErrorKind::Unterminated`], which stands for
/// no dataset.
pub struct CrullerReader<R> {
    lines: Lines<R>,
    /// A line read ahead: the cost line that ended a short dataset.
    pending: Option<(u64, Result<String>)>,
    done: bool,
}

/// What a line of AOJ 1339 input looks like, read before knowing what it should be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CrullerLine {
    /// Two whole numbers that cannot be a board row: a `ch cv` line (or the closing `0 0`).
    Costs,
    /// Three digits 0-8, or two (a row one short): a board row, well formed or not.
    Row,
    /// Anything else.
    Other,
}

/// Sorts a line by its shape. Two single digits 0-8 read as a row one short rather than as
/// costs (`2 3` is either), except `0 0`, which is never a row.
fn cruller_line(text: &str) -> CrullerLine {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let numeric = |f: &&str| f.bytes().all(|b| b.is_ascii_digit());
    let digits: Vec<u8> = text.bytes().filter(u8::is_ascii_digit).collect();
    let row_digits = digits.iter().all(|&d| d <= b'8');
    let only_digits = text.bytes().all(|b| b.is_ascii_digit() || b.is_ascii_whitespace());
    if only_digits
        && row_digits
        && (digits.len() == 3 || (digits.len() == 2 && fields != ["0", "0"]))
    {
        return CrullerLine::Row;
    }
    if fields.len() == 2 && fields.iter().all(numeric) {
        return CrullerLine::Costs;
    }
    CrullerLine::Other
}

impl<R: BufRead> CrullerReader<R> {
    /// Reads datasets from `reader`.
    pub fn new(reader: R) -> Self {
        CrullerReader { lines: Lines::new(reader), pending: None, done: false }
    }

    fn next_line(&mut self) -> io::Result<Option<(u64, Result<String>)>> {
        match self.pending.take() {
            Some(line) => Ok(Some(line)),
            None => self.lines.next_nonblank(),
        }
    }

    fn shape_of(line: &Result<String>) -> CrullerLine {
        line.as_ref().map_or(CrullerLine::Other, |t| cruller_line(t))
    }

    /// Where a cost line is due, a line is one if it reads as costs (`1 1` too, which in the
    /// middle of a dataset reads as a row one short) or has the shape of one.
    fn starts_dataset(line: &Result<String>) -> bool {
        line.as_ref().is_ok_and(|t| parse_costs(t, 0).is_ok())
            || Self::shape_of(line) == CrullerLine::Costs
    }

    fn unterminated(&mut self) -> Result<Dataset> {
        self.done = true;
        let n = self.lines.number + 1;
        Err(Error::new(ErrorKind::Unterminated, "input ended without the closing `0 0` line")
            .with_line(n))
    }

    fn dataset(&mut self) -> io::Result<Option<Result<Dataset>>> {
        let Some((header_line, header)) = self.next_line()? else {
            return Ok(Some(self.unterminated()));
        };
        if !Self::starts_dataset(&header) && Self::shape_of(&header) == CrullerLine::Row {
            // Board rows with no cost line before them: one malformed dataset, up to the next
            // cost line.
            while let Some((n, line)) = self.lines.next_nonblank()? {
                if Self::starts_dataset(&line) {
                    self.pending = Some((n, line));
                    break;
                }
            }
            return Ok(Some(Err(Error::at_line(
                header_line,
                "a board row where a `ch cv` cost line was expected (a dataset without its cost \
                 line, or with more than 6 rows); skipped to the next cost line",
            ))));
        }
        let costs = header.and_then(|h| parse_costs(&h, header_line));
        if let Ok(None) = costs {
            self.done = true;
            return Ok(None);
        }
        let mut first_error = costs.as_ref().err().cloned();
        let mut rows: Vec<Vec<u8>> = Vec::with_capacity(6);
        for k in 0..6 {
            let Some((n, row)) = self.next_line()? else {
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
            if Self::shape_of(&row) == CrullerLine::Costs {
                // The next dataset (or the end) begins: this one is short.
                self.pending = Some((n, row));
                return Ok(Some(Err(first_error.unwrap_or_else(|| {
                    Error::at_line(
                        n,
                        format!(
                            "the dataset that starts at line {header_line} has {k} of its 6 \
                             board rows; a cost line comes instead"
                        ),
                    )
                }))));
            }
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
