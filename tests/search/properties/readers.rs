//! The judge readers: never a panic, every bad line named.

use super::*;

/// The `N` of a message that reads `line N: ...`, or `None` when it does not read so.
fn line_prefix(msg: &str) -> Option<u64> {
    let rest = msg.strip_prefix("line ")?;
    let end = rest.find(|c: char| !c.is_ascii_digit())?;
    if end == 0 || !rest[end..].starts_with(": ") {
        return None;
    }
    rest[..end].parse().ok()
}

/// The physical lines of `input` as the readers split it: on `\n`, a last line without one
/// still counts, trailing `\r` dropped.
fn physical_lines(input: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    for l in &mut lines {
        while let Some((b'\r', rest)) = l.split_last() {
            *l = rest;
        }
    }
    lines
}

/// 1-based numbers of the lines the readers treat as cases: all but the blank text lines.
fn nonblank_lines(input: &[u8]) -> Vec<u64> {
    physical_lines(input)
        .iter()
        .enumerate()
        .filter(|(_, l)| !matches!(std::str::from_utf8(l), Ok(t) if t.trim().is_empty()))
        .map(|(i, _)| i as u64 + 1)
        .collect()
}

fn check_eight(input: &[u8]) -> Result<(), TestCaseError> {
    let expected_lines = nonblank_lines(input);
    let lines = physical_lines(input);
    let mut seen = Vec::new();
    for item in EightReader::new(input) {
        let (n, board) = item.map_err(|e| TestCaseError::fail(format!("I/O error {e}")))?;
        prop_assert!(seen.last().is_none_or(|&last| n > last), "{n} after {seen:?}");
        seen.push(n);
        match board {
            Ok(b) => {
                prop_assert_eq!(b.shape(), Shape::THREE_BY_THREE);
                // The board is exactly the line's symbols, whatever the spacing.
                let text = std::str::from_utf8(lines[n as usize - 1]).unwrap();
                let symbols: String = text
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .map(|c| if c == 'X' || c == '0' { 'x' } else { c })
                    .collect();
                prop_assert_eq!(b.to_text(), symbols);
            }
            Err(e) => {
                let msg = e.to_string();
                prop_assert_eq!(line_prefix(&msg), Some(n), "message `{}`", msg);
                prop_assert_eq!(e.line(), Some(n));
                prop_assert_eq!(e.kind(), ErrorKind::Parse);
            }
        }
    }
    prop_assert_eq!(seen, expected_lines);
    Ok(())
}

fn check_cruller(input: &[u8]) -> Result<(), TestCaseError> {
    let total_lines = physical_lines(input).len() as u64;
    let mut last = 0u64;
    let mut items = 0usize;
    for item in CrullerReader::new(input) {
        items += 1;
        prop_assert!(items <= total_lines as usize + 1, "more items than lines");
        let n = match item.map_err(|e| TestCaseError::fail(format!("I/O error {e}")))? {
            Ok(d) => {
                prop_assert!(d.costs.horizontal >= 1 && d.costs.vertical >= 1);
                prop_assert!(d.start.shape() == Shape::THREE_BY_THREE);
                prop_assert!(d.goal.shape() == Shape::THREE_BY_THREE);
                d.line
            }
            Err(e) => {
                let msg = e.to_string();
                let n = line_prefix(&msg);
                prop_assert!(n.is_some(), "message `{}` does not start with `line N: `", msg);
                prop_assert_eq!(e.line(), n);
                n.unwrap()
            }
        };
        prop_assert!(n >= 1 && n <= total_lines + 1, "line {n} of {total_lines}");
        prop_assert!(n >= last, "line {n} after line {last}");
        last = n;
    }
    Ok(())
}

fn check_load(input: &[u8]) -> Result<(), TestCaseError> {
    let (loaded, errors) =
        cases::load(input, "prop").map_err(|e| TestCaseError::fail(format!("load failed: {e}")))?;
    let mut last = 0;
    for e in &errors {
        let msg = e.to_string();
        let n = line_prefix(&msg);
        prop_assert!(n.is_some(), "message `{}` does not start with `line N: `", msg);
        prop_assert!(n.unwrap() >= last);
        last = n.unwrap();
    }
    for (i, c) in loaded.iter().enumerate() {
        prop_assert_eq!(c.id, i as u64);
        prop_assert_eq!(&c.set, "prop");
    }
    // The documented format rule: AOJ when the first non-blank line holds two fields.
    let first = physical_lines(input).into_iter().find(|l| !l.iter().all(u8::is_ascii_whitespace));
    let aoj = first.is_some_and(|l| String::from_utf8_lossy(l).split_whitespace().count() == 2);
    if aoj {
        let (mut good, mut bad) = (Vec::new(), Vec::new());
        for item in CrullerReader::new(input) {
            match item.unwrap() {
                Ok(d) => good.push(d.start),
                Err(e) => bad.push(e.to_string()),
            }
        }
        let starts: Vec<Board> = loaded.iter().map(|c| c.start).collect();
        prop_assert_eq!(starts, good);
        prop_assert!(loaded.iter().all(|c| c.puzzle.topology() == Topology::Torus));
        let errs: Vec<String> = errors.iter().map(std::string::ToString::to_string).collect();
        prop_assert_eq!(errs, bad);
    } else {
        let nonblank = nonblank_lines(input).len();
        prop_assert_eq!(loaded.len() + errors.len(), nonblank);
        prop_assert!(loaded.iter().all(|c| c.puzzle == Puzzle::eight()));
    }
    Ok(())
}

/// An HDU line that is well formed or nearly so.
fn hdu_line() -> impl Strategy<Value = Vec<u8>> {
    let sep = proptest::sample::select(vec![&b" "[..], b"  ", b"\t", b"", b" \t "]);
    let good = (Just((b"12345678x").to_vec()).prop_shuffle(), proptest::collection::vec(sep, 9))
        .prop_map(|(syms, seps)| {
            let mut out = Vec::new();
            for (s, sep) in syms.iter().zip(seps) {
                out.push(*s);
                out.extend_from_slice(sep);
            }
            out
        });
    prop_oneof![
        4 => good.clone(),
        // A symbol changed, dropped or added.
        2 => (good.clone(), any::<prop::sample::Index>(), biased_bytes(b"0123456789xXyz\xff", 2))
            .prop_map(|(mut l, i, extra)| {
                let at = i.index(l.len() + 1);
                l.splice(at..(at + 1).min(l.len()), extra);
                l
            }),
        1 => biased_bytes(b"12345678xX0 \t\r", 24),
        1 => Just(Vec::new()),
        1 => biased_bytes(b" \t\r", 4),
    ]
}

/// An AOJ line that is a cost line, a board row, the end marker, blank or garbage.
fn aoj_line() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        3 => (0u32..120, 0u32..120).prop_map(|(a, b)| format!("{a} {b}").into_bytes()),
        8 => (0u8..9, 0u8..9, 0u8..9).prop_map(|(a, b, c)| format!("{a} {b} {c}").into_bytes()),
        1 => Just(b"0 0".to_vec()),
        1 => Just(Vec::new()),
        1 => biased_bytes(b"0123456789 -x\t", 12),
        1 => Just(b"1000001 3".to_vec()),
    ]
}

fn joined(lines: Vec<Vec<u8>>, crlf: bool) -> Vec<u8> {
    let mut out = Vec::new();
    for l in lines {
        out.extend_from_slice(&l);
        out.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
    }
    out
}

/// Any bytes, bytes biased towards the judges' alphabets, and line-structured near-cases.
fn reader_input() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..2000),
        biased_bytes(b"12345678xX0 \t\n\r", 2000),
        biased_bytes(b"0123456789 \n", 2000),
        (proptest::collection::vec(hdu_line(), 0..40), any::<bool>())
            .prop_map(|(l, crlf)| joined(l, crlf)),
        (proptest::collection::vec(aoj_line(), 0..60), any::<bool>())
            .prop_map(|(l, crlf)| joined(l, crlf)),
        // The AOJ sample with one byte changed and maybe cut short.
        (any::<prop::sample::Index>(), any::<u8>(), any::<prop::sample::Index>()).prop_map(
            |(i, b, cut)| {
                let mut s = cases::AOJ_SAMPLE.as_bytes().to_vec();
                let at = i.index(s.len());
                s[at] = b;
                s.truncate(cut.index(s.len() + 1).max(at + 1));
                s
            }
        ),
    ]
}

#[test]
fn readers_never_panic_and_name_lines() {
    let mut runner = TestRunner::new(config(1500));
    runner
        .run(&reader_input(), |input| {
            check_eight(&input)?;
            check_cruller(&input)?;
            check_load(&input)?;
            Ok(())
        })
        .unwrap();
}

#[test]
fn readers_on_samples_and_known_inputs() {
    check_eight(cases::HDU_SAMPLE.as_bytes()).unwrap();
    check_cruller(cases::AOJ_SAMPLE.as_bytes()).unwrap();
    check_load(cases::AOJ_SAMPLE.as_bytes()).unwrap();
    let (c, e) = cases::load(cases::AOJ_SAMPLE.as_bytes(), "s").unwrap();
    assert_eq!((c.len(), e.len()), (4, 0));
    // Non-UTF-8 in the middle of AOJ data is reported on its line and the rest stays in step.
    let input = b"4 9\n6 3 0\n8 1 2\n4 5 7\n6 3 \xff\n8 1 2\n4 5 7\n1 1\n1 2 3\n4 5 6\n7 8 0\n\
                  1 2 3\n4 5 6\n7 0 8\n0 0\n";
    check_cruller(input).unwrap();
    let items: Vec<_> = CrullerReader::new(&input[..]).map(|r| r.unwrap()).collect();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0].as_ref().unwrap_err().to_string(), "line 5: not valid UTF-8 text");
    assert_eq!(items[1].as_ref().unwrap().line, 8);
}
