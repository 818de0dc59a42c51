//! The check every drawn chart must pass (`slidebench chart --lint`, run on every chart by
//! `scripts/check-charts.sh`): no text leaves the canvas, no two texts overlap, and no panel
//! holds more than [`MAX_SERIES`] lines or bars.
//!
//! It reads the SVG as written, not the drawing code's intentions: each `<text>` element's box
//! comes from its position, anchor, baseline shift, rotation and font size, and its width from
//! the same font metrics the layout uses (`text_width`). The series of a panel are counted
//! from the marks the line and bar charts write beside what they draw (`series_mark`).

use super::style::text_width;

/// Most lines or bars one panel may hold.
pub const MAX_SERIES: usize = 8;

/// Start of the comment a chart writes per panel: `<!-- slidebench-series N: CAPTION -->`.
const SERIES_MARK: &str = "<!-- slidebench-series ";

/// The comment that records that a panel captioned `caption` draws `n` lines or bars.
pub(super) fn series_mark(n: usize, caption: &str) -> String {
    // The caption may hold a solver's name, whatever its characters: nothing in it may close
    // the comment or read as markup where the SVG is inlined in the page.
    let caption = caption.replace("--", "- -").replace('<', "&lt;").replace('>', "&gt;");
    format!("{SERIES_MARK}{n}: {caption} -->")
}

/// Puts `marks` into `svg` right after its opening `<svg …>` tag.
pub(super) fn with_marks(svg: String, marks: &[String]) -> String {
    let Some(start) = svg.find("<svg") else { return svg };
    let Some(end) = svg[start..].find('>').map(|e| start + e + 1) else { return svg };
    let mut out = String::with_capacity(svg.len() + 64 * marks.len());
    out.push_str(&svg[..end]);
    for m in marks {
        out.push('\n');
        out.push_str(m);
    }
    out.push_str(&svg[end..]);
    out
}

/// A text element's box on the canvas, in pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct TextBox {
    /// The text, unescaped.
    pub text: String,
    /// Left, top, right and bottom edges.
    pub x0: f64,
    /// Top edge.
    pub y0: f64,
    /// Right edge.
    pub x1: f64,
    /// Bottom edge.
    pub y1: f64,
}

/// Everything wrong with the chart `svg`, one line each (empty when it passes).
pub fn lint_svg(svg: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let Some((w, h)) = canvas(svg) else {
        return vec!["no <svg> element with a width and height".into()];
    };
    let boxes = text_boxes(svg);
    for b in &boxes {
        if b.x0 < -0.5 || b.y0 < -0.5 || b.x1 > w + 0.5 || b.y1 > h + 0.5 {
            problems.push(format!(
                "text `{}` spans x {:.0}..{:.0}, y {:.0}..{:.0}: outside the {w:.0}×{h:.0} canvas",
                b.text, b.x0, b.x1, b.y0, b.y1
            ));
        }
    }
    for (i, a) in boxes.iter().enumerate() {
        for b in &boxes[i + 1..] {
            if overlap(a, b) {
                problems.push(format!(
                    "texts `{}` (x {:.0}..{:.0}, y {:.0}..{:.0}) and `{}` (x {:.0}..{:.0}, y \
                     {:.0}..{:.0}) overlap",
                    a.text, a.x0, a.x1, a.y0, a.y1, b.text, b.x0, b.x1, b.y0, b.y1
                ));
            }
        }
    }
    for line in svg.lines().filter_map(|l| l.trim().strip_prefix(SERIES_MARK)) {
        let (n, caption) = line.trim_end_matches("-->").split_once(':').unwrap_or((line, ""));
        match n.trim().parse::<usize>() {
            Ok(n) if n > MAX_SERIES => problems.push(format!(
                "panel `{}` holds {n} series (at most {MAX_SERIES})",
                caption.trim()
            )),
            Ok(_) => {}
            Err(_) => problems.push(format!("unreadable series mark `{line}`")),
        }
    }
    problems
}

/// Whether two boxes share more than a sliver: a pixel across, a fifth of the shorter height
/// down (a font's box holds room above capitals and below the line that two rows may share).
fn overlap(a: &TextBox, b: &TextBox) -> bool {
    let slack_y = 0.2 * (a.y1 - a.y0).min(b.y1 - b.y0);
    let dx = a.x1.min(b.x1) - a.x0.max(b.x0);
    let dy = a.y1.min(b.y1) - a.y0.max(b.y0);
    dx > 1.0 && dy > slack_y
}

/// The canvas's width and height from the `<svg>` element.
fn canvas(svg: &str) -> Option<(f64, f64)> {
    let start = svg.find("<svg")?;
    let tag = &svg[start..start + svg[start..].find('>')?];
    Some((attr(tag, "width")?.parse().ok()?, attr(tag, "height")?.parse().ok()?))
}

/// The value of `name` in the tag text `tag`.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let pat = format!(" {name}=\"");
    let at = tag.find(&pat)? + pat.len();
    Some(&tag[at..at + tag[at..].find('"')?])
}

/// The boxes of every non-empty `<text>` element of `svg`.
pub fn text_boxes(svg: &str) -> Vec<TextBox> {
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find("<text") {
        rest = &rest[start..];
        let Some(tag_end) = rest.find('>') else { break };
        let Some(close) = rest.find("</text>") else { break };
        let tag = &rest[..tag_end];
        let text = unescape(rest[tag_end + 1..close].trim());
        rest = &rest[close..];
        if text.is_empty() {
            continue;
        }
        out.extend(text_box(tag, text));
    }
    out
}

fn text_box(tag: &str, text: String) -> Option<TextBox> {
    let num = |name: &str| attr(tag, name).and_then(|v| v.parse::<f64>().ok());
    let (x, y, size) = (num("x")?, num("y")?, num("font-size")?);
    let bold = attr(tag, "font-weight").is_some_and(|w| w == "bold");
    let w = text_width(&text, size, bold);
    let x0 = match attr(tag, "text-anchor") {
        Some("end") => x - w,
        Some("middle") => x - w / 2.0,
        _ => x,
    };
    // Where the top of the font's box is for each baseline shift plotters writes.
    let top = match attr(tag, "dy") {
        Some("0.76em") => y,
        Some("0.5ex") => y - 0.5 * size,
        Some("-0.5ex") => y - 1.05 * size,
        _ => y - 0.8 * size,
    };
    let (mut x0, mut y0, mut x1, mut y1) = (x0, top, x0 + w, top + size);
    if let Some(rot) = attr(tag, "transform").and_then(|t| t.strip_prefix("rotate(")) {
        let parts: Vec<f64> =
            rot.trim_end_matches(')').split(',').filter_map(|p| p.trim().parse().ok()).collect();
        if let [deg, cx, cy] = parts[..] {
            let (s, c) = deg.to_radians().sin_cos();
            let turn = |px: f64, py: f64| {
                let (dx, dy) = (px - cx, py - cy);
                (cx + dx * c - dy * s, cy + dx * s + dy * c)
            };
            let corners = [turn(x0, y0), turn(x1, y0), turn(x0, y1), turn(x1, y1)];
            x0 = corners.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
            x1 = corners.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
            y0 = corners.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
            y1 = corners.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
        }
    }
    Some(TextBox { text, x0, y0, x1, y1 })
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}
