//! The `slidebench` command; see `slidebench --help`.

mod cli;

fn main() -> std::process::ExitCode {
    // The supervisor of one outside program: hidden, and before any parsing, so it starts fast.
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == slidebench::program::supervise::SUBCOMMAND) {
        let code = slidebench::program::supervise::main(&args[2..]);
        return std::process::ExitCode::from(u8::try_from(code).unwrap_or(1));
    }
    cli::run()
}
