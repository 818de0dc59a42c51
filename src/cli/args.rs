//! The argument parsers and value lists the subcommands share, and their usage errors: a leaf
//! the subcommands and the command line import, importing none of them.

use clap::ValueEnum;
use slidebench::cases::Format;
use slidebench::solver::all_solvers;
use slidebench::{Error, Shape, Topology};
use std::sync::OnceLock;

pub(super) fn solver_ids() -> Vec<&'static str> {
    all_solvers().into_iter().map(|s| &*Box::leak(s.id.into_boxed_str())).collect()
}

/// The solvers `cruller` offers: those that handle weighted moves on the 3x3 torus.
pub(super) fn cruller_solver_ids() -> Vec<&'static str> {
    let torus = slidebench::Puzzle::cruller(
        slidebench::Costs { horizontal: 2, vertical: 3 },
        slidebench::Board::solved(slidebench::Shape::THREE_BY_THREE),
    )
    .expect("the Dragon's Cruller puzzle is valid");
    all_solvers()
        .into_iter()
        .filter(|s| s.weighted && s.accepts(&torus))
        .map(|s| &*Box::leak(s.id.into_boxed_str()))
        .collect()
}

/// A judge input format on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(super) enum FormatArg {
    Hdu,
    Aoj,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Hdu => Format::Hdu,
            FormatArg::Aoj => Format::Aoj,
        }
    }
}

/// A topology on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(super) enum TopologyArg {
    Grid,
    Torus,
}

impl From<TopologyArg> for Topology {
    fn from(t: TopologyArg) -> Topology {
        match t {
            TopologyArg::Grid => Topology::Grid,
            TopologyArg::Torus => Topology::Torus,
        }
    }
}

/// Worker threads, checked by the library's one rule ([`slidebench::harness::threads_setting`]).
pub(super) fn threads_arg(s: &str) -> Result<usize, String> {
    // A count past `usize` is past the bound too: the rule refuses it with the same words.
    let n = usize::try_from(whole_number(s)?).unwrap_or(usize::MAX);
    slidebench::harness::threads_setting(n).map_err(|e| e.message().to_string())
}

/// A search depth: a whole number of moves.
pub(super) fn depth_arg(s: &str) -> Result<u32, String> {
    let n = whole_number(s)?;
    u32::try_from(n).map_err(|_| format!("`{s}` is too large (at most {})", u32::MAX))
}

/// A count: a whole number that fits the machine's sizes, told apart from a malformed one.
pub(super) fn count_arg(s: &str) -> Result<usize, String> {
    let n = whole_number(s)?;
    usize::try_from(n).map_err(|_| format!("`{s}` is too large"))
}

pub(super) fn whole_number(s: &str) -> Result<u64, String> {
    s.trim().parse::<u64>().map_err(|e| match e.kind() {
        std::num::IntErrorKind::PosOverflow => {
            format!("`{s}` is too large (at most {})", u64::MAX)
        }
        _ => format!("`{s}` is not a whole number"),
    })
}

/// All cores, up to [`slidebench::harness::MAX_THREADS`]. Asked once: clap asks for every command's default when it
/// builds the parser, and each answer reads the cgroup files again.
pub(super) fn default_threads() -> usize {
    slidebench::harness::default_threads()
}

/// Seconds, checked by the library's one rule for time settings
/// ([`slidebench::harness::seconds_setting`]).
pub(super) fn seconds_arg(s: &str) -> Result<f64, String> {
    let v: f64 = s.trim().parse().map_err(|_| format!("`{s}` is not a number of seconds"))?;
    slidebench::harness::seconds_setting("the value", v).map_err(|e| e.message().to_string())?;
    Ok(v)
}

/// `WxH` for clap, by [`Shape`]'s one parser.
pub(super) fn shape_arg(s: &str) -> Result<Shape, String> {
    s.parse().map_err(|e: Error| e.to_string())
}

/// The whole command line's definition, which a usage error prints its usage from. `run` names
/// it before any subcommand runs, so that the subcommands report usage errors without
/// importing the module that lists them (which imports them).
pub(super) static COMMAND: OnceLock<fn() -> clap::Command> = OnceLock::new();

/// Ends the program with a usage error (status 2) for the subcommand at `path`, the way clap
/// reports its own: for values that can only be checked against other arguments.
pub(super) fn usage_error(path: &[&str], message: &str) -> ! {
    let command = COMMAND.get().expect("`run` names the command line before any subcommand runs");
    let mut cmd = command();
    cmd.build();
    for name in path {
        cmd = cmd.find_subcommand(name).expect("a command of this program").clone();
    }
    cmd.error(clap::error::ErrorKind::InvalidValue, message).exit()
}
