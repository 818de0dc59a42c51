//! The judges' protocols, as an outside program sees them: what is written to its stdin for a
//! batch of cases, and how its stdout is read back into one answer per case.
//!
//! - `hdu`: HDU 1043 / POJ 1077 / ZOJ 1217 "Eight", for 3×3 grids with unit costs and the
//!   usual goal. One board per line (`2 3 4 1 5 x 7 6 8`); one answer per line: the moves of the
//!   empty square (`u d l r`; an empty line for a solved board) or `unsolvable`.
//! - `aoj`: AOJ 1339 "Dragon's Cruller", for weighted 3×3 tori. Datasets (`ch cv`, three rows of
//!   start, three of goal), at most [`AOJ_CHUNK`] per input, ended by `0 0`; one cost per line.
//! - `boards`: every other puzzle, one board per line as `slidebench solve --shape` reads it
//!   (numbers in row order, `0` for the empty square); the answers as for `hdu`. The shape, goal,
//!   topology and costs reach the program through `{shape}`, `{goal}`, `{topology}`, `{ch}` and
//!   `{cv}` in its command, and the variables `SLIDEBENCH_SHAPE`, `SLIDEBENCH_GOAL`,
//!   `SLIDEBENCH_TOPOLOGY` and `SLIDEBENCH_COSTS` (`ch cv`).
//!
//! Answers are read as judges read them: trailing spaces and CRLF line ends are ignored, and so
//! are blank lines after the last answer.

use crate::board::{Move, Puzzle, Shape, Topology};
use crate::cases::{self, Case, Format};
use std::fmt;
use std::str::FromStr;

/// Most datasets AOJ 1339 puts in one input.
pub const AOJ_CHUNK: usize = 30;

/// A protocol an outside program speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// HDU 1043 lines.
    Hdu,
    /// AOJ 1339 datasets.
    Aoj,
    /// One board per line, shape and goal passed beside.
    Boards,
}

impl Protocol {
    /// Every protocol.
    pub const ALL: [Protocol; 3] = [Protocol::Hdu, Protocol::Aoj, Protocol::Boards];

    /// The protocol the set's puzzle is sent in: `hdu` for the judges' 8-puzzle, `aoj` for 3×3
    /// tori, `boards` for everything else.
    pub fn for_puzzle(p: &Puzzle) -> Protocol {
        if *p == Puzzle::eight() {
            Protocol::Hdu
        } else if p.topology() == Topology::Torus && p.shape() == Shape::THREE_BY_THREE {
            Protocol::Aoj
        } else {
            Protocol::Boards
        }
    }

    /// Its name in flags and files.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Hdu => "hdu",
            Protocol::Aoj => "aoj",
            Protocol::Boards => "boards",
        }
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Protocol {
    type Err = String;
    fn from_str(s: &str) -> Result<Protocol, String> {
        Protocol::ALL
            .into_iter()
            .find(|p| p.name() == s.trim())
            .ok_or_else(|| format!("unknown protocol `{s}`: use hdu, aoj or boards"))
    }
}

/// A board as the `boards` protocol writes it: numbers in row order, `0` for the empty square.
pub fn board_numbers(cells: &[u8]) -> String {
    cells.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

/// The cases answered by one process, as indices in order: every `hdu` case of a set, up to
/// [`AOJ_CHUNK`] `aoj` datasets, or the `boards` cases of one puzzle. `per_case` makes each case
/// its own batch.
pub fn batches(cases: &[&Case], per_case: bool) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let p = Protocol::for_puzzle(&c.puzzle);
        let joins = |b: &Vec<usize>| {
            let first = cases[b[0]];
            Protocol::for_puzzle(&first.puzzle) == p
                && match p {
                    Protocol::Hdu => true,
                    Protocol::Aoj => b.len() < AOJ_CHUNK,
                    Protocol::Boards => first.puzzle == c.puzzle,
                }
        };
        match out.iter_mut().rev().find(|b| joins(b)) {
            Some(b) if !per_case => b.push(i),
            _ => out.push(vec![i]),
        }
    }
    out
}

/// The input of a batch (all cases of one puzzle) in `protocol`: the puzzle's own
/// ([`Protocol::for_puzzle`]) or `boards`, which carries any puzzle.
pub fn input(cases: &[&Case], protocol: Protocol) -> Vec<u8> {
    let mut out = Vec::new();
    if cases.is_empty() {
        return out;
    }
    match protocol {
        Protocol::Hdu => {
            let _ = cases::write_judge(cases.iter().copied(), Format::Hdu, &mut out);
        }
        Protocol::Aoj => {
            let _ = cases::write_judge(cases.iter().copied(), Format::Aoj, &mut out);
        }
        Protocol::Boards => {
            for c in cases {
                out.extend_from_slice(board_numbers(c.start.cells()).as_bytes());
                out.push(b'\n');
            }
        }
    }
    out
}

/// One case as request-response mode sends it in `protocol`: [`input`] of that case alone, without the `0 0`
/// that ends an `aoj` input (sent once, after the last case).
pub fn query(case: &Case, protocol: Protocol) -> Vec<u8> {
    let mut one = input(&[case], protocol);
    if protocol == Protocol::Aoj && one.ends_with(b"0 0\n") {
        one.truncate(one.len() - 4);
    }
    one
}

/// The input of a batch of no cases, for the empty run that times a program's start: `0 0`
/// for `aoj`, nothing otherwise.
pub fn empty_input(protocol: Protocol) -> Vec<u8> {
    if protocol == Protocol::Aoj {
        b"0 0\n".to_vec()
    } else {
        Vec::new()
    }
}

/// One answer line, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Moves of the empty square.
    Moves(Vec<Move>),
    /// The word `unsolvable`.
    Unsolvable,
    /// A cost (`aoj`).
    Cost(u64),
    /// Anything else, with what is wrong.
    Malformed(String),
}

/// What a batch's stdout said: one entry per case (`None`: no line for it), and the number of
/// lines after the last answer that are not blank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answers {
    /// One per case, in order.
    pub lines: Vec<Option<Answer>>,
    /// Lines past the last case.
    pub extra: usize,
}

fn quote(line: &str) -> String {
    let mut s: String = line.chars().take(60).collect();
    if line.chars().count() > 60 {
        s.push('…');
    }
    format!("`{}`", s.escape_debug())
}

/// What is wrong with a line that is not moves, said of the first thing that is wrong: bytes
/// that are not text, the word `unsolvable` with more after it, or a character not a move.
fn not_moves(line: &str, raw: &[u8]) -> String {
    const WANTED: &str = "is not moves (`u d l r`) or `unsolvable`";
    if let Err(e) = std::str::from_utf8(raw) {
        let at = e.valid_up_to();
        let bad = &raw[at..at + e.error_len().unwrap_or(raw.len() - at)];
        let hex: Vec<String> = bad.iter().map(|b| format!("0x{b:02x}")).collect();
        return format!(
            "{} {WANTED}: byte {} ({}) is not UTF-8 text",
            quote(line),
            at + 1,
            hex.join(" ")
        );
    }
    if let Some(rest) = line.strip_prefix("unsolvable") {
        return format!("{} {WANTED}: `unsolvable` is followed by {}", quote(line), quote(rest));
    }
    match line.chars().enumerate().find(|(_, ch)| Move::from_letter(*ch).is_none()) {
        Some((k, ch)) => format!("{} {WANTED}: character {} is {:?}", quote(line), k + 1, ch),
        None => format!("{} {WANTED}", quote(line)),
    }
}

fn read_moves(line: &str, raw: &[u8]) -> Answer {
    if line == "unsolvable" && raw.is_ascii() {
        return Answer::Unsolvable;
    }
    let moves: Option<Vec<Move>> = line.chars().map(Move::from_letter).collect();
    match moves {
        Some(moves) if raw.is_ascii() => Answer::Moves(moves),
        _ => Answer::Malformed(not_moves(line, raw)),
    }
}

fn read_cost(line: &str) -> Answer {
    match line.trim().parse::<u64>() {
        Ok(c) => Answer::Cost(c),
        Err(_) => Answer::Malformed(format!("{} is not a cost", quote(line))),
    }
}

/// Reads `n` answers of `protocol` from `stdout`.
pub fn read_answers(protocol: Protocol, stdout: &[u8], n: usize) -> Answers {
    // Lines are split as bytes, so that one that is not text is reported as such, by its own
    // bytes; `str::lines` ends: `\n`, a `\r` before it dropped.
    let mut lines: Vec<&[u8]> = stdout.split(|&b| b == b'\n').collect();
    if stdout.ends_with(b"\n") || stdout.is_empty() {
        lines.pop();
    }
    let trim_end = |l: &[u8]| -> usize {
        l.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(0, |i| i + 1)
    };
    let mut lines: Vec<&[u8]> = lines.into_iter().map(|l| &l[..trim_end(l)]).collect();
    // Costs are read as tokens a line apart; blank lines between them mean nothing.
    if protocol == Protocol::Aoj {
        lines.retain(|l| !l.is_empty());
    }
    let mut out = Answers { lines: Vec::with_capacity(n), extra: 0 };
    for k in 0..n {
        out.lines.push(lines.get(k).map(|raw| {
            let start = raw.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(raw.len());
            let raw = &raw[start..];
            let line = String::from_utf8_lossy(raw);
            match protocol {
                Protocol::Aoj => read_cost(&line),
                Protocol::Hdu | Protocol::Boards => read_moves(&line, raw),
            }
        }));
    }
    out.extra = lines.iter().skip(n).filter(|l| !l.is_empty()).count();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::SetKind;

    #[test]
    fn answers_tolerate_crlf_trailing_space_and_final_blank_lines() {
        let a = read_answers(Protocol::Hdu, b"ur  \r\nunsolvable\r\n\r\n\n", 2);
        assert_eq!(a.lines[0], Some(Answer::Moves(vec![Move::Up, Move::Right])));
        assert_eq!(a.lines[1], Some(Answer::Unsolvable));
        assert_eq!(a.extra, 0);
    }

    #[test]
    fn a_line_that_is_not_text_or_has_more_after_unsolvable_says_so() {
        let a = read_answers(Protocol::Hdu, b"unsolvable\xff\xfe\nunsolvable now\nurx\n", 3);
        let text = |k: usize| match &a.lines[k] {
            Some(Answer::Malformed(m)) => m.clone(),
            other => panic!("line {k}: {other:?}"),
        };
        assert!(text(0).contains("byte 11 (0xff) is not UTF-8 text"), "{}", text(0));
        assert!(!text(0).contains("character 2"), "{}", text(0));
        assert!(text(1).contains("`unsolvable` is followed by ` now`"), "{}", text(1));
        assert!(text(2).contains("character 3 is 'x'"), "{}", text(2));
    }

    #[test]
    fn a_solved_board_is_answered_by_an_empty_line() {
        let a = read_answers(Protocol::Hdu, b"\nr\n", 2);
        assert_eq!(
            a.lines,
            vec![Some(Answer::Moves(vec![])), Some(Answer::Moves(vec![Move::Right]))]
        );
    }

    #[test]
    fn short_long_and_garbled_output_are_told_apart() {
        let a = read_answers(Protocol::Hdu, b"r\nhello\n", 3);
        assert!(matches!(a.lines[1], Some(Answer::Malformed(ref m)) if m.contains("hello")));
        assert_eq!(a.lines[2], None);
        let b = read_answers(Protocol::Aoj, b"3\n4\n5\n", 2);
        assert_eq!(b.lines, vec![Some(Answer::Cost(3)), Some(Answer::Cost(4))]);
        assert_eq!(b.extra, 1);
    }

    #[test]
    fn weighted_sets_go_in_chunks_of_thirty_datasets() {
        let cases = cases::generate(SetKind::Weighted, 140, 1);
        let refs: Vec<&Case> = cases.iter().collect();
        let b = batches(&refs, false);
        let torus = |i: &usize| Protocol::for_puzzle(&refs[*i].puzzle) == Protocol::Aoj;
        let aoj: Vec<&Vec<usize>> = b.iter().filter(|b| torus(&b[0])).collect();
        let n = cases.iter().filter(|c| Protocol::for_puzzle(&c.puzzle) == Protocol::Aoj).count();
        assert!(n > 30 && aoj.iter().all(|b| b.len() <= AOJ_CHUNK && b.iter().all(torus)));
        assert_eq!(aoj.iter().map(|b| b.len()).sum::<usize>(), n);
        assert_eq!(aoj.len(), n.div_ceil(AOJ_CHUNK));
        let last: Vec<&Case> = aoj[aoj.len() - 1].iter().map(|&i| refs[i]).collect();
        let text = String::from_utf8(input(&last, Protocol::Aoj)).unwrap();
        assert!(text.ends_with("0 0\n"));
        assert_eq!(text.lines().count(), last.len() * 7 + 1);
    }

    #[test]
    fn a_judge_set_is_one_batch_or_one_per_case() {
        let cases = cases::generate(SetKind::Random, 12, 1);
        let refs: Vec<&Case> = cases.iter().collect();
        assert_eq!(batches(&refs, false), vec![(0..12).collect::<Vec<_>>()]);
        assert_eq!(batches(&refs, true).len(), 12);
    }
}
