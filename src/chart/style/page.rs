//! The page every chart is drawn on, its fonts, and the colour per algorithm (its registry
//! row's) and line style per encoding that let a reader follow one solver from chart to chart.

use crate::solver::{Algorithm, AlgorithmSpec, Family, Guide};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

pub(in crate::chart) type DrawResult<T> = std::result::Result<T, Box<dyn std::error::Error>>;
pub(in crate::chart) type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

pub(in crate::chart) const FONT: &str = "sans-serif";
// Plotters writes an SVG font size of about 0.8 times the size asked for.
pub(in crate::chart) const TITLE_SIZE: u32 = 26;
pub(in crate::chart) const LABEL_SIZE: u32 = 18;
pub(in crate::chart) const DESC_SIZE: u32 = 19;
pub(in crate::chart) const LEGEND_SIZE: u32 = 17;
/// Most lines one panel holds before a chart is split into one panel per family.
pub(in crate::chart) const MAX_LINES: usize = 8;
pub(super) const GREY: RGBColor = RGBColor(90, 90, 90);

/// The panels of a chart with many lines: the registry's families ([`Family`]), with the
/// weighted blind searches and the pattern-database searches apart from the rest of their
/// family, and a panel for solvers the registry does not know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(in crate::chart) enum Panel {
    Blind,
    Bidirectional,
    Table,
    Weighted,
    Heuristic,
    PatternDatabase,
    Other,
}

impl Panel {
    pub(in crate::chart) fn name(self) -> &'static str {
        match self {
            Panel::Blind => "blind search",
            Panel::Bidirectional => "bidirectional search",
            Panel::Table => "whole-space table",
            Panel::Weighted => "Dijkstra (weighted)",
            Panel::Heuristic => "heuristic search",
            Panel::PatternDatabase => "pattern databases",
            Panel::Other => "other solvers",
        }
    }

    /// The panel of a registry row, from its family, guide and weights.
    fn of(spec: &AlgorithmSpec) -> Panel {
        match (spec.family, spec.guide) {
            (Family::Table, _) => Panel::Table,
            (Family::Bidirectional, _) => Panel::Bidirectional,
            (Family::Blind, _) if spec.weighted => Panel::Weighted,
            (Family::Blind, _) => Panel::Blind,
            (Family::Heuristic, Guide::PatternDatabase) => Panel::PatternDatabase,
            (Family::Heuristic, _) => Panel::Heuristic,
        }
    }
}

const fn rgb(hex: u32) -> RGBColor {
    RGBColor((hex >> 16) as u8, (hex >> 8) as u8, hex as u8)
}

/// Colours for algorithms the registry does not know (custom solvers), by name.
const OTHER_COLOURS: [RGBColor; 4] = [rgb(0x984ea3), rgb(0xa65628), rgb(0x377eb8), rgb(0x4daf4a)];

/// Colours for outside programs, by name: none grey, none a registry algorithm's, so that two
/// programs on one chart are told apart and from every built-in solver.
const PROGRAM_COLOURS: [RGBColor; 8] = [
    rgb(0x000080),
    rgb(0x800000),
    rgb(0x008080),
    rgb(0x808000),
    rgb(0x800080),
    rgb(0xff1493),
    rgb(0x4682b4),
    rgb(0xd2691e),
];

/// A name's hash from `seed`, the same on every run and machine.
fn name_hash(seed: u64, name: &str) -> u64 {
    name.bytes().fold(seed, |h, b| h.wrapping_mul(31).wrapping_add(b.into()))
}

/// Which of the eight program colours a program's name gets: its hash mixed so that the top
/// three bits depend on every character (the seed 3 gives the six baselines of `../shared/peers`,
/// `s000`–`s004` and `ida_md`, six different colours; other names may share one).
fn program_slot(name: &str) -> usize {
    (name_hash(3, name).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 61) as usize
}

/// The colour of a solver, the same on every chart: its algorithm's, or for an outside program
/// (`program` with the program's name as its encoding) one of its own.
pub(in crate::chart) fn solver_colour(algorithm: &str, encoding: &str) -> RGBColor {
    if algorithm == crate::harness::PROGRAM_ALGORITHM {
        PROGRAM_COLOURS[program_slot(encoding) % PROGRAM_COLOURS.len()]
    } else {
        algorithm_colour(algorithm)
    }
}

/// The colour of an algorithm, the same on every chart: its registry row's
/// ([`AlgorithmSpec::colour`]), else one of the colours for custom solvers by name.
pub(in crate::chart) fn algorithm_colour(algorithm: &str) -> RGBColor {
    Algorithm::from_name(algorithm).map_or_else(
        || OTHER_COLOURS[name_hash(0, algorithm) as usize % OTHER_COLOURS.len()],
        |a| rgb(a.spec().colour),
    )
}

/// The panel an algorithm is drawn in.
pub(in crate::chart) fn panel_of(algorithm: &str) -> Panel {
    Algorithm::from_name(algorithm).map_or(Panel::Other, |a| Panel::of(a.spec()))
}

/// Every registry algorithm with its colour.
#[cfg(test)]
pub(in crate::chart) fn known_algorithms() -> impl Iterator<Item = (&'static str, RGBColor)> {
    Algorithm::all().map(|a| (a.name(), rgb(a.spec().colour)))
}

/// How a line is drawn: the encoding's dash and marker.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(in crate::chart) enum Dash {
    /// rank: solid, small filled circles.
    Solid,
    /// text: long dashes, hollow circles.
    Long,
    /// packed: short dashes, filled squares.
    Short,
}

pub(in crate::chart) fn dash_of(encoding: &str) -> Dash {
    match encoding {
        "text" => Dash::Long,
        "packed" => Dash::Short,
        _ => Dash::Solid,
    }
}

/// Renders a page: white, the title and its note on top, `plot` into the rest.
pub(in crate::chart) fn render_page(
    title: &str,
    note: &str,
    size: (u32, u32),
    plot: impl FnOnce(&Area<'_>) -> DrawResult<()>,
) -> DrawResult<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE)?;
        // The note in as many lines as it needs, broken between its parts.
        let small_px = drawn_size(LEGEND_SIZE);
        let room = f64::from(size.0) - 24.0;
        let mut lines: Vec<String> = Vec::new();
        for part in note.split("   ·   ").filter(|p| !p.is_empty()) {
            match lines.last_mut() {
                Some(l) if text_width(&format!("{l}   ·   {part}"), small_px, false) <= room => {
                    l.push_str("   ·   ");
                    l.push_str(part);
                }
                _ => lines.push(part.to_string()),
            }
        }
        let head_h = 44 + 26 * lines.len() as u32;
        let (head, body) = root.split_vertically(head_h);
        // A long title in a smaller font, so that it fits the width.
        let mut title_size = TITLE_SIZE;
        while title_size > 14
            && text_width(title, drawn_size(title_size), true) > f64::from(size.0) - 24.0
        {
            title_size -= 1;
        }
        let centre = TextStyle::from((FONT, title_size).into_font().style(FontStyle::Bold))
            .pos(Pos::new(HPos::Center, VPos::Top));
        head.draw(&Text::new(title.to_string(), (size.0 as i32 / 2, 8), centre))?;
        for (i, line) in lines.iter().enumerate() {
            let small =
                (FONT, LEGEND_SIZE).into_font().color(&GREY).pos(Pos::new(HPos::Center, VPos::Top));
            let y = 42 + 22 * i as i32;
            head.draw(&Text::new(line.clone(), (size.0 as i32 / 2, y), small))?;
        }
        plot(&body)?;
        root.present()?;
    }
    Ok(svg)
}

/// Plotters writes an SVG font size of 1/1.24 of the size asked for; the size a text is drawn
/// at, in pixels.
pub(in crate::chart) fn drawn_size(asked: u32) -> f64 {
    f64::from(asked) / 1.24
}

/// The width in pixels of `text` in the charts' sans-serif font at `size` pixels (as the SVG
/// writes it), from the advance widths of `DejaVu Sans` (what rsvg and browsers draw
/// `sans-serif` with on a plain Linux), rounded up: the one measure both the label layout and
/// the chart check ([`crate::chart::lint`]) use.
pub fn text_width(text: &str, size: f64, bold: bool) -> f64 {
    let em: f64 = text.chars().map(char_width).sum();
    em * size * if bold { 1.1 } else { 1.0 }
}

/// Advance width of a character in em, `DejaVu Sans`, a little generous.
fn char_width(c: char) -> f64 {
    match c {
        'i' | 'j' | 'l' | '\'' | '|' => 0.29,
        ' ' | '.' | ',' | ':' | ';' | '!' | '·' => 0.34,
        '/' | '-' | 'f' | 't' | '(' | ')' | '[' | ']' | 'I' => 0.4,
        'r' | '⁰'..='⁹' | '¹' | '²' | '³' => 0.42,
        's' | 'z' | 'c' | 'J' => 0.56,
        'm' | 'M' | '%' | '×' => 0.98,
        'w' | 'W' => 1.0,
        'a'..='z' | '0'..='9' | 'µ' | '=' | '+' | '<' | '>' | '≥' | '≤' | '÷' | '–' => 0.64,
        'A'..='Z' => 0.74,
        _ => 0.8,
    }
}
