//! The binary as other tools run it: every command's input, output, errors and exit status,
//! through pipes, `Stdio::null()` and closed readers. One module per command or concern.

#[path = "../common/mod.rs"]
mod common;

mod case_files;
mod cases_into_solve;
mod checkpoints;
mod commands;
mod compare_console;
mod cruller_input;
mod diff_sets;
mod discarded_output;
mod error_messages;
mod file_modes;
mod number_limits;
mod shapes;
mod solve_input;
mod solve_interactive;
mod solvers_listing;
