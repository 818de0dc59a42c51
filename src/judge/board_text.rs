//! One board from a line of text: the symbols of its squares in row order, and the one form
//! ([`board_line`]) every board is printed in so that it reads back.

use crate::board::{symbol_value, Board, Shape, MAX_CELLS};
use crate::error::{Error, ErrorKind, Result};

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
    board.to_judge_line()
}

/// How many symbols a line holds, read as [`parse_board`] reads a board of that many squares:
/// white-space separated tokens, except that a line of few tokens with more characters (the
/// compact `12345678x`) counts one symbol a character, as boards of at most 10 squares are read.
/// Case files whose shape is not given are told apart by it.
pub fn symbol_count(text: &str) -> usize {
    let tokens = text.split_whitespace().count();
    let chars = text.chars().filter(|c| !c.is_whitespace()).count();
    if tokens == chars || tokens > MAX_CELLS_ONE_CHAR {
        tokens
    } else {
        chars
    }
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn symbols_are_counted_as_the_board_of_their_count_reads_them() {
        assert_eq!(symbol_count("12345678x"), 9);
        assert_eq!(symbol_count(" 1 2 3  4 5 6 7 8 x"), 9);
        assert_eq!(symbol_count("123 456 78x"), 9);
        assert_eq!(symbol_count("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x"), 16);
        assert_eq!(symbol_count(""), 0);
    }

    #[test]
    fn a_goal_argument_names_the_shape_not_a_line() {
        let shape = Shape::new(4, 4).unwrap();
        let e = parse_board_argument(shape, "0 1 2").unwrap_err().to_string();
        assert!(e.starts_with("not a 4x4 board: too few symbols: found 3"), "{e}");
    }
}
