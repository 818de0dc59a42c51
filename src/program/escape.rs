//! A program's own bytes made safe to print: its stderr reaches the terminal inside the
//! harness's messages, where an escape sequence could rewrite the harness's line (a forged
//! verdict) or retitle the window.

/// `text` with every control character but the line break written as a Rust escape
/// (`\u{1b}`, `\r`, `\t`), so that printing it moves no cursor and sets no title.
pub(crate) fn controls_escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && c != '\n' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_bells_are_written_out_and_lines_kept() {
        let got = controls_escaped("\u{1b}[2K\rok\u{1b}]0;t\u{7}\nnext\u{9b}");
        assert_eq!(got, "\\u{1b}[2K\\rok\\u{1b}]0;t\\u{7}\nnext\\u{9b}");
    }
}
