//! Readers for the judges' input formats, streaming and forgiving: every malformed case becomes
//! an error naming its line, and reading goes on with the next case.
//!
//! - HDU 1043 / POJ 1077 "Eight": one case per line, the 9 symbols `1`–`8` and `x` separated by
//!   any amount of white space (`0` and `X` are accepted for the empty square too).
//! - Boards of any shape ([`BoardReader`]): one per line, the same symbols, tiles numbered
//!   `1`..`W·H−1`, separated by white space where tiles have two digits.
//! - AOJ 1339 "Dragon's Cruller": datasets of a `ch cv` line, three rows of the start board and
//!   three rows of the goal (digits `0`–`8`, `0` empty), ended by a `0 0` line.
//!
//! One file per part: bounded lines (`lines`), one board from a line (`board_text`), and the
//! Dragon's Cruller datasets (`cruller`); the line-per-board readers are here.

mod board_text;
mod cruller;
mod lines;

pub use board_text::{board_line, parse_board, parse_board_argument, parse_eight, symbol_count};
pub use cruller::{CrullerReader, Dataset, MAX_COST};
pub use lines::{read_bounded, MAX_LINE_BYTES};

use crate::board::{Board, Shape};
use crate::error::{Error, Result};
use lines::Lines;
use std::io::{self, BufRead};

/// Streams 8-puzzle cases: each item is a non-blank line's number and its board or error.
pub struct EightReader<R> {
    boards: BoardReader<R>,
}

impl<R: BufRead> EightReader<R> {
    /// Reads cases from `reader`.
    pub fn new(reader: R) -> Self {
        EightReader { boards: BoardReader::new(reader, Shape::THREE_BY_THREE) }
    }
}

impl<R: BufRead> Iterator for EightReader<R> {
    type Item = io::Result<(u64, Result<Board>)>;
    fn next(&mut self) -> Option<Self::Item> {
        self.boards.next()
    }
}

/// Streams boards of one shape, one per non-blank line ([`parse_board`]): each item is the
/// line's number and its board or error.
pub struct BoardReader<R> {
    lines: Lines<R>,
    shape: Shape,
}

impl<R: BufRead> BoardReader<R> {
    /// Reads boards of `shape` from `reader`.
    pub fn new(reader: R, shape: Shape) -> Self {
        BoardReader { lines: Lines::new(reader), shape }
    }

    /// The reader underneath, to ask how much input is buffered.
    pub fn get_ref(&self) -> &R {
        &self.lines.reader
    }
}

impl<R: BufRead> Iterator for BoardReader<R> {
    type Item = io::Result<(u64, Result<Board>)>;
    fn next(&mut self) -> Option<Self::Item> {
        // As `Lines::next_nonblank`, but the board is parsed from the line buffer in place: one
        // allocation fewer per board.
        loop {
            let (n, too_long) = match self.lines.read_line() {
                Ok(Some(line)) => line,
                Ok(None) => return None,
                Err(e) => return Some(Err(e)),
            };
            let board = if too_long {
                Err(Error::at_line(n, format!("longer than {MAX_LINE_BYTES} bytes")))
            } else {
                match std::str::from_utf8(&self.lines.buf) {
                    Ok(text) if text.trim().is_empty() => continue,
                    Ok(text) => parse_board(self.shape, text, n),
                    Err(_) => Err(Error::at_line(n, "not valid UTF-8 text")),
                }
            };
            return Some(Ok((n, board)));
        }
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
    fn a_line_one_byte_over_the_limit_is_too_long_and_one_at_it_is_read() {
        let at = format!("{}1 2 3 4 5 6 7 8 x\n", " ".repeat(MAX_LINE_BYTES - 17));
        assert_eq!(at.len(), MAX_LINE_BYTES + 1);
        assert!(eight(at.as_bytes())[0].1.is_ok());
        let over = format!(" {at}");
        let got = eight(over.as_bytes());
        assert!(got[0].1.as_ref().unwrap_err().contains("longer than"), "{got:?}");
        let over_crlf = over.replace('\n', "\r\n");
        assert!(eight(over_crlf.as_bytes())[0].1.as_ref().unwrap_err().contains("longer than"));
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
}
