//! The `slidebench` command; see `slidebench --help`.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
