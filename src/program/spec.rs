//! An outside program as the user names it: `--program NAME[:PROTOCOLS]=COMMAND` or an entry
//! of a `--programs` TOML file, checked before any run (the executable exists, can be run, and
//! is hashed for `meta.json`).

use super::process::Invocation;
use super::protocol::{board_numbers, Protocol};
use crate::board::Puzzle;
use crate::error::{Error, ErrorKind, Result};
use serde::Deserialize;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// How a program is run over a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// One process for the whole set (for `aoj`, one per 30 datasets).
    Batch,
    /// One process per case.
    PerCase,
    /// One process for the set, one case at a time, each answer awaited before the next case
    /// is sent: only for programs that flush after every answer.
    RequestResponse,
}

impl Mode {
    /// Its name in flags, files and `meta.json`.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Batch => "batch",
            Mode::PerCase => "per-case",
            Mode::RequestResponse => "request-response",
        }
    }
}

/// A program, checked and ready to run.
#[derive(Clone, Debug)]
pub struct Program {
    /// Its name; its solver id is `program:NAME`.
    pub name: String,
    /// The command as given, for `meta.json`.
    pub command: String,
    /// Its words, placeholders unexpanded; the first resolved to an absolute path.
    pub argv: Vec<String>,
    /// Working directory.
    pub cwd: Option<PathBuf>,
    /// Variables added to its environment.
    pub env: Vec<(String, String)>,
    /// Protocols it speaks.
    pub protocols: Vec<Protocol>,
    /// Shapes it takes (`WxH`) on the `boards` protocol; any when empty.
    pub shapes: Vec<String>,
    /// Whether it takes weighted puzzles on the `boards` protocol (`aoj` always is).
    pub weighted: bool,
    /// How it is run; the run's default when `None`.
    pub mode: Option<Mode>,
    /// Whether it flushes stdout after every answer (`+flush`, `flushes = true`), which makes
    /// it `request-response` unless its entry names another mode.
    pub flushes: bool,
    /// xxh3-64 of the executable and of every existing file its arguments name.
    pub hash: String,
}

/// A `--programs` file entry.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    name: String,
    command: Command,
    #[serde(default)]
    protocols: Option<Vec<String>>,
    #[serde(default)]
    shapes: Vec<String>,
    #[serde(default)]
    weighted: bool,
    #[serde(default)]
    mode: Option<Mode>,
    #[serde(default)]
    flushes: bool,
    #[serde(default)]
    cwd: Option<PathBuf>,
    #[serde(default)]
    env: std::collections::BTreeMap<String, String>,
}

/// A command: one string split like a shell would, or the argv itself.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Command {
    Line(String),
    Argv(Vec<String>),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    program: Vec<Entry>,
}

fn bad(what: impl Into<String>) -> Error {
    Error::new(ErrorKind::Parse, what.into())
}

/// Splits a command into words as a POSIX shell would (quotes and backslashes), without
/// running one: no variables, globs or operators, so nothing in it is ever interpreted.
pub fn split_words(command: &str) -> Result<Vec<String>> {
    let words = shlex::split(command)
        .ok_or_else(|| bad(format!("`{command}`: unbalanced quotes or a trailing backslash")))?;
    if words.is_empty() {
        return Err(bad("the command is empty"));
    }
    Ok(words)
}

fn check_name(name: &str) -> Result<()> {
    let ok = !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if ok {
        Ok(())
    } else {
        Err(bad(format!(
            "program name `{name}`: use letters, digits, `-`, `_` and `.` (it becomes the \
             solver id program:{name})"
        )))
    }
}

fn protocols(list: &[String]) -> Result<Vec<Protocol>> {
    list.iter().map(|p| p.parse::<Protocol>().map_err(bad)).collect()
}

/// The suffix of a protocol in `--program` that says the program flushes every answer.
pub const FLUSH_SUFFIX: &str = "+flush";

/// Parses `NAME[:PROTOCOLS]=COMMAND` (protocols comma-separated, default `hdu`; any of them
/// may end in `+flush`: the program flushes after every answer).
pub fn parse_arg(arg: &str, mode: Option<Mode>) -> Result<Program> {
    let (head, command) = arg.split_once('=').ok_or_else(|| {
        bad(format!("--program `{arg}`: expected NAME=COMMAND, for example mine=./a.out"))
    })?;
    let mut flushes = false;
    let (name, protos) = match head.split_once(':') {
        Some((n, p)) => {
            let words: Vec<String> = p
                .split(',')
                .map(|w| match w.strip_suffix(FLUSH_SUFFIX) {
                    Some(w) => {
                        flushes = true;
                        w.to_string()
                    }
                    None => w.to_string(),
                })
                .collect();
            (n, protocols(&words)?)
        }
        None => (head, vec![Protocol::Hdu]),
    };
    check_name(name)?;
    let argv = split_words(command)?;
    let mut p =
        Program::new(name, command, argv, None, Vec::new(), protos, Vec::new(), false, mode)?;
    p.flushes = flushes;
    Ok(p)
}

/// A program given as its argv (no splitting), speaking `protocols`: `slidebench judge`'s.
pub fn from_argv(name: &str, argv: Vec<String>, protocols: Vec<Protocol>) -> Result<Program> {
    check_name(name)?;
    if argv.is_empty() {
        return Err(bad("the command is empty"));
    }
    let command = argv.join(" ");
    Program::new(name, &command, argv, None, Vec::new(), protocols, Vec::new(), false, None)
}

/// Reads a `--programs` TOML file: `[[program]]` tables with `name`, `command` (a string or an
/// argv list), and optionally `protocols`, `shapes`, `weighted`, `mode`, `flushes`, `cwd` and
/// `env`.
pub fn read_file(path: &Path) -> Result<Vec<Program>> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::io(path.display(), e))?;
    let file: File =
        toml::from_str(&text).map_err(|e| bad(format!("{}: {}", path.display(), e.message())))?;
    let base = path.parent().unwrap_or(Path::new("."));
    file.program
        .into_iter()
        .map(|e| {
            check_name(&e.name)?;
            let (command, argv) = match e.command {
                Command::Line(l) => (l.clone(), split_words(&l)?),
                Command::Argv(v) if v.is_empty() => return Err(bad("the command is empty")),
                Command::Argv(v) => (v.join(" "), v),
            };
            let protos = protocols(&e.protocols.unwrap_or_else(|| vec!["hdu".into()]))?;
            Program::new(
                &e.name,
                &command,
                argv,
                e.cwd.map(|d| base.join(d)),
                e.env.into_iter().collect(),
                protos,
                e.shapes,
                e.weighted,
                e.mode,
            )
            .and_then(|mut p| {
                p.flushes = e.flushes;
                if p.mode == Some(Mode::RequestResponse) && !p.flushes {
                    return Err(bad(
                        "mode `request-response` is only for programs that flush after every \
                         answer: add `flushes = true` if it does",
                    ));
                }
                Ok(p)
            })
            .map_err(|err| {
                let what = format!("{}: program `{}`: {err}", path.display(), e.name);
                Error::new(err.kind(), what)
            })
        })
        .collect()
}

/// Finds the executable a command's first word names: a path (relative to `cwd`), else the
/// first match on `PATH`.
fn resolve(word: &str, cwd: Option<&Path>) -> Result<PathBuf> {
    let not_runnable = |what: String| Error::new(ErrorKind::NotRunnable, what);
    let here = |p: &Path| match cwd {
        Some(d) if p.is_relative() => d.join(p),
        _ => p.to_path_buf(),
    };
    let candidate = if word.contains('/') {
        here(Path::new(word))
    } else {
        // As `execvp` does: the first executable file on PATH, past any that is not; with
        // none, the first file found, refused below for what it is.
        let files: Vec<PathBuf> = std::env::var_os("PATH")
            .map(|paths| std::env::split_paths(&paths).map(|d| d.join(word)).collect::<Vec<_>>())
            .unwrap_or_default()
            .into_iter()
            .filter(|p| p.is_file())
            .collect();
        let runnable =
            |p: &&PathBuf| std::fs::metadata(p).is_ok_and(|m| m.permissions().mode() & 0o111 != 0);
        files
            .iter()
            .find(runnable)
            .or(files.first())
            .cloned()
            .ok_or_else(|| not_runnable(format!("`{word}`: not found on PATH")))?
    };
    let meta = std::fs::metadata(&candidate)
        .map_err(|e| not_runnable(format!("`{}`: {e}", candidate.display())))?;
    if !meta.is_file() {
        return Err(not_runnable(format!("`{}`: not a file", candidate.display())));
    }
    if meta.permissions().mode() & 0o111 == 0 {
        return Err(not_runnable(format!(
            "`{}`: not executable (chmod +x it, or name its interpreter first)",
            candidate.display()
        )));
    }
    std::path::absolute(&candidate).map_err(|e| Error::io(candidate.display(), e))
}

/// Longest single argument or variable the kernel passes (Linux's `MAX_ARG_STRLEN`).
const MAX_ARG_BYTES: usize = 32 * 4096;
/// Room kept in the kernel's argument space for the puzzle's variables and placeholders.
const ARG_MARGIN: usize = 16 * 1024;

/// The kernel's argument space (Linux: a quarter of the stack limit, between 128 KiB and
/// 6 MiB).
fn arg_space() -> usize {
    use rustix::process::{getrlimit, Resource};
    let quarter = getrlimit(Resource::Stack)
        .current
        .map_or(usize::MAX, |c| usize::try_from(c / 4).unwrap_or(usize::MAX));
    quarter.clamp(128 * 1024, 6 * 1024 * 1024)
}

/// Refuses what would fail at `exec` through no fault of the program, before anything runs:
/// a working directory that is not one, a NUL byte or a `=` in a variable's name, a NUL byte
/// anywhere else, an argument list the kernel would refuse as too long.
fn check_runnable(argv: &[String], cwd: Option<&Path>, env: &[(String, String)]) -> Result<()> {
    if let Some(dir) = cwd {
        match std::fs::metadata(dir) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => return Err(bad(format!("cwd `{}`: not a directory", dir.display()))),
            Err(e) => return Err(bad(format!("cwd `{}`: {e}", dir.display()))),
        }
    }
    for (i, a) in argv.iter().enumerate() {
        if a.contains('\0') {
            return Err(bad(format!("word {} of the command holds a NUL byte", i + 1)));
        }
        if a.len() > MAX_ARG_BYTES {
            let n = a.len();
            return Err(bad(format!(
                "word {} of the command is too long: {n} bytes, past the kernel's {MAX_ARG_BYTES}",
                i + 1
            )));
        }
    }
    for (k, v) in env {
        if k.is_empty() || k.contains('=') || k.contains('\0') {
            return Err(bad(format!(
                "variable name `{}`: empty, or holds `=` or a NUL byte",
                k.escape_debug()
            )));
        }
        if v.contains('\0') {
            return Err(bad(format!("variable `{k}` holds a NUL byte")));
        }
        if k.len() + 1 + v.len() > MAX_ARG_BYTES {
            return Err(bad(format!(
                "variable `{k}` is too long, past the kernel's {MAX_ARG_BYTES} bytes"
            )));
        }
    }
    // Each string costs its bytes, its NUL and a pointer.
    let cost = |n: usize| n + 1 + std::mem::size_of::<usize>();
    let words: usize = argv.iter().map(|a| cost(a.len())).sum();
    let vars: usize = env.iter().map(|(k, v)| cost(k.len() + 1 + v.len())).sum();
    let own: usize = std::env::vars_os().map(|(k, v)| cost(k.len() + 1 + v.len())).sum();
    let space = arg_space();
    if words + vars + own + ARG_MARGIN > space {
        return Err(bad(format!(
            "the argument list is too long: {words} bytes of words and {vars} of variables \
             beside the harness's {own} bytes of environment, past the kernel's {space}"
        )));
    }
    Ok(())
}

fn hash_files(files: &[PathBuf]) -> Result<String> {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    for f in files {
        hash_file(&mut h, f).map_err(|e| Error::io(f.display(), e))?;
    }
    Ok(format!("xxh3:{:016x}", h.digest()))
}

/// Adds `path`'s length and bytes to `h`, a chunk at a time: an argument may name a data file
/// of gigabytes, which must not be held in memory to be hashed.
fn hash_file(h: &mut xxhash_rust::xxh3::Xxh3, path: &Path) -> std::io::Result<()> {
    let mut file = std::fs::File::open(path)?;
    let len = file.metadata()?.len();
    h.update(&len.to_le_bytes());
    let mut chunk = vec![0u8; 1 << 16];
    let mut read = 0u64;
    loop {
        let n = match file.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        h.update(&chunk[..n]);
        read += n as u64;
    }
    if read != len {
        return Err(std::io::Error::other(format!(
            "changed while being hashed ({len} bytes when opened, {read} read)"
        )));
    }
    Ok(())
}

impl Program {
    #[allow(clippy::too_many_arguments)] // the fields of a file entry, each distinct
    fn new(
        name: &str,
        command: &str,
        mut argv: Vec<String>,
        cwd: Option<PathBuf>,
        env: Vec<(String, String)>,
        protocols: Vec<Protocol>,
        shapes: Vec<String>,
        weighted: bool,
        mode: Option<Mode>,
    ) -> Result<Program> {
        check_runnable(&argv, cwd.as_deref(), &env)?;
        let exe = resolve(&argv[0], cwd.as_deref())?;
        let mut hashed = vec![exe.clone()];
        for a in &argv[1..] {
            let p = match &cwd {
                Some(d) => d.join(a),
                None => PathBuf::from(a),
            };
            if !a.starts_with('-') && p.is_file() {
                hashed.push(p);
            }
        }
        argv[0] = exe.to_string_lossy().into_owned();
        Ok(Program {
            name: name.to_string(),
            command: command.to_string(),
            hash: hash_files(&hashed)?,
            argv,
            cwd,
            env,
            protocols,
            shapes,
            weighted,
            mode,
            flushes: false,
        })
    }

    /// Its solver id.
    pub fn id(&self) -> String {
        format!("{}:{}", super::PROGRAM_PREFIX, self.name)
    }

    /// Whether it can be sent cases of `puzzle`.
    pub fn accepts(&self, puzzle: &Puzzle) -> bool {
        self.protocol_for(puzzle).is_some()
    }

    /// The protocol cases of `puzzle` are sent to it in: the puzzle's own
    /// ([`Protocol::for_puzzle`]) when it speaks that; else `boards`, which carries any puzzle,
    /// when it speaks that and takes the puzzle's costs and shape, where a puzzle of its own
    /// protocol (the 8-puzzle, a 3×3 torus) goes as boards only to a program whose `shapes`
    /// name its shape (`judge --protocol boards --shape 3x3`).
    pub fn protocol_for(&self, puzzle: &Puzzle) -> Option<Protocol> {
        let own = Protocol::for_puzzle(puzzle);
        if own != Protocol::Boards && self.protocols.contains(&own) {
            return Some(own);
        }
        let named = self.shapes.iter().any(|s| *s == puzzle.shape().to_string());
        let shape_ok = named || (own == Protocol::Boards && self.shapes.is_empty());
        let boards = self.protocols.contains(&Protocol::Boards)
            && (self.weighted || puzzle.costs().is_unit())
            && shape_ok;
        boards.then_some(Protocol::Boards)
    }

    /// The invocation for cases of `puzzle`: placeholders expanded, the puzzle in the
    /// environment. The words are never given to a shell.
    pub fn invocation(&self, puzzle: &Puzzle) -> Invocation {
        let shape = puzzle.shape().to_string();
        let goal = board_numbers(puzzle.goal().cells());
        let topology = puzzle.topology().to_string();
        let costs = puzzle.costs();
        let (ch, cv) = (costs.horizontal.to_string(), costs.vertical.to_string());
        let expand = |w: &String| {
            w.replace("{shape}", &shape)
                .replace("{goal}", &goal)
                .replace("{topology}", &topology)
                .replace("{ch}", &ch)
                .replace("{cv}", &cv)
        };
        let mut env = vec![
            ("SLIDEBENCH_SHAPE".to_string(), shape.clone()),
            ("SLIDEBENCH_GOAL".to_string(), goal.clone()),
            ("SLIDEBENCH_TOPOLOGY".to_string(), topology.clone()),
            ("SLIDEBENCH_COSTS".to_string(), format!("{ch} {cv}")),
        ];
        env.extend(self.env.iter().cloned());
        Invocation {
            argv: std::iter::once(self.argv[0].clone())
                .chain(self.argv[1..].iter().map(expand))
                .collect(),
            cwd: self.cwd.clone(),
            env,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_splits_into_words_like_a_shell_without_running_one() {
        assert_eq!(
            split_words("python3 'my solver.py' --x \"a b\"").unwrap(),
            ["python3", "my solver.py", "--x", "a b"]
        );
        assert_eq!(
            split_words("echo $(rm -rf /) ; ls").unwrap(),
            ["echo", "$(rm", "-rf", "/)", ";", "ls"]
        );
        assert!(split_words("a 'b").is_err());
    }

    #[test]
    fn a_program_arg_names_its_protocols() {
        let p = parse_arg("cr:aoj,hdu=sh -c true", None).unwrap();
        assert_eq!(p.protocols, vec![Protocol::Aoj, Protocol::Hdu]);
        assert_eq!(p.id(), "program:cr");
        assert!(parse_arg("no-equals", None).is_err());
        assert!(parse_arg("bad name=sh", None).is_err());
        assert!(parse_arg("x:klingon=sh", None).is_err());
    }

    #[test]
    fn a_flush_suffix_or_field_declares_a_flushing_program() {
        assert!(parse_arg("f:hdu+flush=sh", None).unwrap().flushes);
        assert!(!parse_arg("f:hdu=sh", None).unwrap().flushes);
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("programs.toml");
        std::fs::write(&f, "[[program]]\nname = \"a\"\ncommand = \"sh\"\nflushes = true\n")
            .unwrap();
        assert!(read_file(&f).unwrap()[0].flushes);
        std::fs::write(
            &f,
            "[[program]]\nname = \"a\"\ncommand = \"sh\"\nmode = \"request-response\"\n",
        )
        .unwrap();
        assert!(read_file(&f).unwrap_err().to_string().contains("flushes = true"));
    }

    #[test]
    fn missing_and_non_executable_programs_are_refused_before_any_run() {
        let e = parse_arg("m=/no/such/solver", None).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::NotRunnable);
        let e = e.to_string();
        assert!(e.contains("/no/such/solver"), "{e}");
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("plain.txt");
        std::fs::write(&f, "not a program").unwrap();
        let e = parse_arg(&format!("m={}", f.display()), None).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::NotRunnable);
        let e = e.to_string();
        assert!(e.contains("not executable"), "{e}");
    }

    #[test]
    fn a_programs_file_takes_argv_lists_and_options() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("programs.toml");
        std::fs::write(
            &f,
            "[[program]]\nname = \"a\"\ncommand = [\"sh\", \"-c\", \"cat\"]\n\
             protocols = [\"boards\"]\nshapes = [\"4x4\"]\nmode = \"per-case\"\n\
             env = { K = \"v\" }\n",
        )
        .unwrap();
        let ps = read_file(&f).unwrap();
        assert_eq!(ps[0].argv[1..], ["-c", "cat"]);
        assert_eq!(ps[0].mode, Some(Mode::PerCase));
        assert!(ps[0].accepts(&crate::cases::unit_grid(crate::Shape::new(4, 4).unwrap())));
        assert!(!ps[0].accepts(&Puzzle::eight()));
        std::fs::write(&f, "[[program]]\nname = \"a\"\ncommand = \"sh\"\ncolour = 1\n").unwrap();
        assert!(read_file(&f).unwrap_err().to_string().contains("colour"));
    }
}
