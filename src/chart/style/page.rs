//! The page every chart is drawn on, its fonts, and the fixed colour per algorithm and line
//! style per encoding that let a reader follow one solver from chart to chart.

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

/// The families of algorithms, the panels of a chart with many lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(in crate::chart) enum Family {
    Blind,
    Bidirectional,
    Table,
    Weighted,
    Heuristic,
    PatternDatabase,
    Other,
}

impl Family {
    pub(in crate::chart) fn name(self) -> &'static str {
        match self {
            Family::Blind => "blind search",
            Family::Bidirectional => "bidirectional search",
            Family::Table => "whole-space table",
            Family::Weighted => "Dijkstra (weighted)",
            Family::Heuristic => "heuristic search",
            Family::PatternDatabase => "pattern databases",
            Family::Other => "other solvers",
        }
    }
}

const fn rgb(hex: u32) -> RGBColor {
    RGBColor((hex >> 16) as u8, (hex >> 8) as u8, hex as u8)
}

/// Every registry algorithm with its family and its colour, the same on every chart; no two
/// share a colour, and within a family the colours differ in hue.
const ALGORITHMS: [(&str, Family, RGBColor); 27] = [
    ("bfs", Family::Blind, rgb(0x1f77b4)),
    ("pathfinding-bfs", Family::Blind, rgb(0x17becf)),
    ("table", Family::Table, rgb(0x000000)),
    ("bidir-shared", Family::Bidirectional, rgb(0xff7f0e)),
    ("bidir-split", Family::Bidirectional, rgb(0xd62728)),
    ("pathfinding-bidir", Family::Bidirectional, rgb(0x8c564b)),
    ("dijkstra", Family::Weighted, rgb(0x2ca02c)),
    ("dial", Family::Weighted, rgb(0x9467bd)),
    ("pathfinding-dijkstra", Family::Weighted, rgb(0xbcbd22)),
    ("astar", Family::Heuristic, rgb(0xe377c2)),
    ("idastar-md", Family::Heuristic, rgb(0x2166ac)),
    ("idastar-lc", Family::Heuristic, rgb(0x006d2c)),
    ("astar-md", Family::Heuristic, rgb(0xb15928)),
    ("astar-lc", Family::Heuristic, rgb(0x6a3d9a)),
    ("pathfinding-idastar", Family::Heuristic, rgb(0xe6ab02)),
    ("pathfinding-astar", Family::Heuristic, rgb(0x66a61e)),
    ("idastar-pdb555", Family::PatternDatabase, rgb(0x1b9e77)),
    ("idastar-pdb663", Family::PatternDatabase, rgb(0xc51b7d)),
    ("astar-pdb663", Family::PatternDatabase, rgb(0x08306b)),
    ("idastar-pdb78", Family::PatternDatabase, rgb(0xd95f02)),
    ("idastar-pdb6666", Family::PatternDatabase, rgb(0x7570b3)),
    ("idastar-pdb78-dual", Family::PatternDatabase, rgb(0xf46d43)),
    ("idastar-pdb6666-dual", Family::PatternDatabase, rgb(0x542788)),
    ("idastar-md-fsm", Family::Heuristic, rgb(0x5ab4ac)),
    ("idastar-lc-fsm", Family::Heuristic, rgb(0x8c2d04)),
    ("idastar-pdb78-fsm", Family::PatternDatabase, rgb(0xa50026)),
    ("idastar-pdb6666-fsm", Family::PatternDatabase, rgb(0x3288bd)),
];

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

/// The colour of an algorithm, the same on every chart.
pub(in crate::chart) fn algorithm_colour(algorithm: &str) -> RGBColor {
    ALGORITHMS.iter().find(|a| a.0 == algorithm).map_or_else(
        || OTHER_COLOURS[name_hash(0, algorithm) as usize % OTHER_COLOURS.len()],
        |a| a.2,
    )
}

/// The family of an algorithm.
pub(in crate::chart) fn family(algorithm: &str) -> Family {
    ALGORITHMS.iter().find(|a| a.0 == algorithm).map_or(Family::Other, |a| a.1)
}

/// Whether `algorithm` is a registry algorithm (with its own colour).
#[cfg(test)]
pub(in crate::chart) fn known_algorithms() -> impl Iterator<Item = (&'static str, RGBColor)> {
    ALGORITHMS.iter().map(|a| (a.0, a.2))
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
        let (head, body) = root.split_vertically(if note.is_empty() { 44 } else { 70 });
        // Long titles in a smaller font, so they fit the width (about 0.5 em a character).
        let chars = title.chars().count().max(1) as u32;
        let fits = TITLE_SIZE * (size.0 * 10 / 125) / chars;
        let title_size = TITLE_SIZE.min(fits).max(16);
        let centre = TextStyle::from((FONT, title_size).into_font().style(FontStyle::Bold))
            .pos(Pos::new(HPos::Center, VPos::Top));
        head.draw(&Text::new(title.to_string(), (size.0 as i32 / 2, 8), centre))?;
        if !note.is_empty() {
            let small =
                (FONT, LEGEND_SIZE).into_font().color(&GREY).pos(Pos::new(HPos::Center, VPos::Top));
            head.draw(&Text::new(note.to_string(), (size.0 as i32 / 2, 42), small))?;
        }
        plot(&body)?;
        root.present()?;
    }
    Ok(svg)
}
