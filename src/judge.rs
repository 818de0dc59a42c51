//! Readers for the judges' input formats, streaming and forgiving: every malformed case becomes
//! an error naming its line, and reading goes on with the next case.
//!
//! - HDU 1043 / POJ 1077 "Eight": one case per line, the 9 symbols `1`–`8` and `x` separated by
//!   any amount of white space (`0` and `X` are accepted for the empty square too).
//! - Boards of any shape ([`BoardReader`]): one per line, the same symbols, tiles numbered
//!   `1`..`W·H−1`, separated by white space where tiles have two digits.
//! - AOJ 1339 "Dragon's Cruller": datasets of a `ch cv` line, three rows of the start board and
//!   three rows of the goal (digits `0`–`8`, `0` empty), ended by a `0 0` line.

use crate::board::{symbol_value, Board, Costs, Shape, MAX_CELLS};
use crate::error::{Error, ErrorKind, Result};
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
        Ok(self.read_line()?.map(|(n, too_long)| {
            let line = if too_long {
                Line::TooLong
            } else {
                match std::str::from_utf8(&self.buf) {
                    Ok(s) => Line::Text(s.to_string()),
                    Err(_) => Line::NotUtf8,
                }
            };
            (n, line)
        }))
    }

    /// Reads the next line into `buf` without its line ending; its number and whether it was
    /// too long (then `buf` is empty), or `None` at the end of the input.
    fn read_line(&mut self) -> io::Result<Option<(u64, bool)>> {
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
            return Ok(Some((self.number, true)));
        }
        while matches!(self.buf.last(), Some(b'\n' | b'\r')) {
            self.buf.pop();
        }
        // Room was left above for the line ending; the line itself must fit the limit.
        if self.buf.len() > MAX_LINE_BYTES {
            self.buf.clear();
            return Ok(Some((self.number, true)));
        }
        Ok(Some((self.number, false)))
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
    parse_board(Shape::THREE_BY_THREE, text, line)
}

/// Parses one board of `shape` from a line of input: its `W·H` symbols in row order, tile
/// numbers `1`..`W·H−1` and `0` or `x` for the empty square. Shapes of at most 10 squares have
/// only one-digit tiles, so there every character that is not white space is a symbol and
/// spacing is optional (HDU 1043 accepts `12345678x`); larger shapes take symbols separated by
/// white space. Errors name `line` and what is wrong.
pub fn parse_board(shape: Shape, text: &str, line: u64) -> Result<Board> {
    board_from_symbols(shape, text).map_err(|why| Error::at_line(line, why))
}

/// Parses a board given on the command line (a goal), by the rules of [`parse_board`]; the
/// error says what is wrong without a line number.
pub fn parse_board_argument(shape: Shape, text: &str) -> Result<Board> {
    board_from_symbols(shape, text)
        .map_err(|why| Error::new(ErrorKind::Parse, format!("not a {shape} board: {why}")))
}

/// A board in the form [`parse_board`] reads on every shape: tile numbers in decimal and `x`
/// for the empty square, separated by single spaces (on 3×3, HDU 1043's input). Everything that
/// prints a board for `solve` (the `cases` writers, `solve --verbose`, disagreements) goes
/// through here, so what is printed reads back.
pub fn board_line(board: &Board) -> String {
    let mut s = String::with_capacity(3 * board.cells().len());
    for (i, &c) in board.cells().iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        if c == 0 {
            s.push('x');
        } else {
            s.push_str(&c.to_string());
        }
    }
    s
}

/// The error for a symbol seen twice.
#[cold]
fn appears_twice(v: u8) -> String {
    let name = if v == 0 { "x".to_string() } else { v.to_string() };
    format!("symbol `{name}` appears twice")
}

/// Shapes up to this many squares read one character per symbol.
const MAX_CELLS_ONE_CHAR: usize = 10;

/// The board `text` describes, or why it describes none.
fn board_from_symbols(shape: Shape, text: &str) -> std::result::Result<Board, String> {
    let n = shape.cells();
    // Written out only for an error: most boards are good, and they allocate nothing here.
    let expected = || format!("1-{} and x", n - 1);
    // The cells, one byte each, kept in a register: written byte by byte to memory, the board
    // read them back as one 16-byte load, which waited for the stores to drain.
    // Squares 16 and up (boards above 16 squares) go to a second register.
    let mut cells = [0u128; 2];
    // Counts one past what a board holds, so that "too many" is seen.
    let mut len = 0usize;
    let mut seen = 0u32;
    let mut push =
        |v: u8, cells: &mut [u128; 2], len: &mut usize| -> std::result::Result<(), String> {
            if seen & 1 << v != 0 {
                return Err(appears_twice(v));
            }
            seen |= 1 << v;
            if *len < 16 {
                cells[0] |= u128::from(v) << (8 * *len);
            } else if *len < MAX_CELLS {
                cells[1] |= u128::from(v) << (8 * (*len - 16));
            }
            *len += 1;
            Ok(())
        };
    if n <= MAX_CELLS_ONE_CHAR {
        for ch in text.chars().filter(|c| !c.is_whitespace()) {
            let v = symbol_value(ch).filter(|&v| (v as usize) < n).ok_or_else(|| {
                format!("unknown symbol `{}` (expected {})", ch.escape_debug(), expected())
            })?;
            push(v, &mut cells, &mut len)?;
        }
    } else {
        for token in text.split_whitespace() {
            if len > n {
                break; // counted below; the rest need not be read
            }
            push(tile_number(token, shape, &expected)?, &mut cells, &mut len)?;
        }
    }
    if len != n {
        let found = if len > n { format!("more than {n}") } else { len.to_string() };
        let mut why = format!(
            "{} symbols: found {found}, expected {n} ({})",
            if len < n { "too few" } else { "too many" },
            expected()
        );
        if len < n {
            let missing: Vec<String> = (1..n as u8)
                .chain([0])
                .filter(|&v| seen & 1 << v == 0)
                .map(|v| if v == 0 { "x".to_string() } else { v.to_string() })
                .collect();
            why.push_str("; missing ");
            why.push_str(&missing.join(" "));
        }
        return Err(why);
    }
    // Every symbol was below n and seen once, and there are n of them: a permutation.
    let mut bytes = [0u8; MAX_CELLS];
    bytes[..16].copy_from_slice(&cells[0].to_le_bytes());
    bytes[16..].copy_from_slice(&cells[1].to_le_bytes()[..MAX_CELLS - 16]);
    Ok(Board::from_permutation(shape, bytes))
}

/// The value of one white-space separated symbol on a board of `shape`.
fn tile_number(
    token: &str,
    shape: Shape,
    expected: &dyn Fn() -> String,
) -> std::result::Result<u8, String> {
    let n = shape.cells();
    if token.eq_ignore_ascii_case("x") {
        return Ok(0);
    }
    let digits = token.strip_prefix('-').unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        let shown: String = token.chars().take(20).collect();
        let more = if token.chars().count() > 20 { "…" } else { "" };
        return Err(format!(
            "unknown symbol `{}{more}` (expected {})",
            shown.escape_debug(),
            expected()
        ));
    }
    let out_of_range =
        |what: &str| format!("tile `{token}` is {what}: a {shape} board has tiles {}", expected());
    if digits.len() != token.len() {
        return Err(out_of_range("out of range"));
    }
    match token.parse::<u64>() {
        Ok(v) if v < n as u64 => Ok(v as u8),
        Ok(_) => Err(out_of_range("out of range")),
        Err(_) => Err(out_of_range("too large")),
    }
}

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

    fn four_by_four_error(text: &str) -> String {
        let shape = Shape::new(4, 4).unwrap();
        parse_board(shape, text, 7).unwrap_err().to_string()
    }

    #[test]
    fn boards_of_sixteen_squares_read_numbers_and_x() {
        let shape = Shape::new(4, 4).unwrap();
        let korf = parse_board(shape, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", 1).unwrap();
        assert_eq!(korf.cells(), (0..16).collect::<Vec<u8>>());
        let x = parse_board(shape, " x\t1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 ", 1).unwrap();
        assert_eq!(korf, x);
    }

    #[test]
    fn bad_sixteen_square_boards_say_what_is_wrong() {
        let ok = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";
        assert_eq!(
            four_by_four_error("1 2 3"),
            "line 7: too few symbols: found 3, expected 16 (1-15 and x); missing 4 5 6 7 8 9 10 \
             11 12 13 14 15 x"
        );
        assert!(four_by_four_error(&format!("{ok} x 3")).contains("`3` appears twice"));
        assert!(four_by_four_error(&format!("{ok} 0 x")).starts_with("line 7: symbol `x` appears"));
        assert!(four_by_four_error(&format!("{ok} x x x")).contains("`x` appears twice"));
        let too_many = four_by_four_error(&format!("{ok} x").replace("15", "15 16"));
        assert!(too_many.contains("tile `16` is out of range"), "{too_many}");
        assert!(four_by_four_error("-1").contains("tile `-1` is out of range"));
        let huge = four_by_four_error("99999999999999999999 1");
        assert!(huge.contains("tile `99999999999999999999` is too large"), "{huge}");
        assert!(four_by_four_error("1 2 ? 4").contains("unknown symbol `?`"));
        assert!(four_by_four_error("1 2 a 4").contains("unknown symbol `a`"));
    }

    #[test]
    fn small_shapes_read_one_character_per_symbol() {
        let shape = Shape::new(2, 3).unwrap();
        assert_eq!(parse_board(shape, "12345x", 1).unwrap().to_text(), "12345x");
        assert_eq!(parse_board(shape, "1 2 3 4 5 0", 1).unwrap().to_text(), "12345x");
        assert!(parse_board(shape, "123456", 2).unwrap_err().to_string().contains("`6`"));
    }

    #[test]
    fn a_goal_argument_names_the_shape_not_a_line() {
        let shape = Shape::new(4, 4).unwrap();
        let e = parse_board_argument(shape, "0 1 2").unwrap_err().to_string();
        assert!(e.starts_with("not a 4x4 board: too few symbols: found 3"), "{e}");
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
