//! Where a comparison's cases come from: generated sets and judge-format files, loaded.

use crate::board::Shape;
use crate::cases::{self, Case, Format, SetDef, SetKind};
use crate::error::{Error, ErrorKind, Result};
use std::path::{Path, PathBuf};

/// Refuses two sets of one name: their rows would merge into one set with duplicate keys. The
/// same set given twice, or two files of one file name (`file:` and the name), say so.
pub fn check_unique_names(sets: &[SetSpec]) -> Result<()> {
    for (i, a) in sets.iter().enumerate() {
        if let Some(b) = sets[..i].iter().find(|b| b.name() == a.name()) {
            let how = match (a.path(), b.path()) {
                (Some(pa), Some(pb)) if pa != pb => format!(
                    "{} and {} have one file name; copy or rename one",
                    pb.display(),
                    pa.display()
                ),
                _ => "the same set given twice; give it once".to_string(),
            };
            return Err(Error::new(
                ErrorKind::Parse,
                format!("two case sets are named `{}`: {how}", a.name()),
            ));
        }
    }
    Ok(())
}

/// Where a case set comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetSpec {
    /// A generated set on its default board (see [`SetDef::of`]).
    Generated {
        /// Which set.
        kind: SetKind,
        /// Its size parameter (see [`cases::generate`]).
        count: usize,
        /// Its seed.
        seed: u64,
    },
    /// A generated set on any board (`random:4x4`, `walk:4x4:40`).
    Def(SetDef),
    /// A judge-format file; its format comes from its extension (`.hdu`, `.aoj`) or from every
    /// line of it (see [`cases::detect_format`]).
    File(PathBuf),
    /// A judge-format file in a named format.
    FileAs(PathBuf, Format),
    /// A file of boards of one shape, one a line (`compare --shape WxH` with a file); a file
    /// of boards without it is a [`SetSpec::File`], read on the shape of its first board.
    Boards(PathBuf, Shape),
}

impl SetSpec {
    /// A generated set with its default size and the default seed.
    pub fn default_of(kind: SetKind) -> SetSpec {
        SetSpec::Generated { kind, count: kind.default_count(), seed: cases::DEFAULT_SEED }
    }

    /// The generated set it names, if any.
    pub fn def(&self) -> Option<SetDef> {
        match self {
            SetSpec::Generated { kind, count, seed } => Some(SetDef::of(*kind, *count, *seed)),
            SetSpec::Def(d) => Some(*d),
            SetSpec::File(_) | SetSpec::FileAs(..) | SetSpec::Boards(..) => None,
        }
    }

    /// Whether the thread sweep times this set: many quick, independent queries on one small
    /// puzzle, so the sweep measures the threads rather than one slow board (the generated 3×3
    /// random set, whatever it is called or how large).
    pub fn suits_thread_sweep(&self) -> bool {
        self.def().is_some_and(|d| d.kind == SetKind::Random && d.shape == Shape::THREE_BY_THREE)
    }

    pub(super) fn seed(&self) -> u64 {
        self.def().map_or(0, |d| d.seed)
    }

    /// The name its cases carry in the result tables ([`SetDef::name`]). A file's is `file:`
    /// and its file name, so no file can pass for a generated set (a file named `all.in` is not
    /// the `all` set).
    pub fn name(&self) -> String {
        match self {
            SetSpec::Generated { .. } | SetSpec::Def(_) => {
                self.def().expect("a generated set").name()
            }
            SetSpec::File(p) | SetSpec::FileAs(p, _) | SetSpec::Boards(p, _) => format!(
                "file:{}",
                p.file_name()
                    .map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned())
            ),
        }
    }

    /// The file it is read from, if any.
    pub fn path(&self) -> Option<&Path> {
        match self {
            SetSpec::Generated { .. } | SetSpec::Def(_) => None,
            SetSpec::File(p) | SetSpec::FileAs(p, _) | SetSpec::Boards(p, _) => Some(p),
        }
    }

    /// How many cases a generated set holds (files: unknown until read).
    pub(super) fn generated_len(&self) -> Option<usize> {
        self.def().map(|d| d.len())
    }
}

/// Loads or generates a set: its name (see [`SetSpec::name`]), its cases, and the errors of
/// malformed cases in a file.
pub fn load_set(spec: &SetSpec) -> Result<(String, Vec<Case>, Vec<Error>)> {
    let name = spec.name();
    let mut shape = None;
    let (path, format) = match spec {
        SetSpec::Generated { .. } | SetSpec::Def(_) => {
            let def = spec.def().expect("a generated set");
            return Ok((name, def.generate()?, Vec::new()));
        }
        SetSpec::FileAs(path, format) => (path, Some(*format)),
        SetSpec::Boards(path, s) => {
            shape = Some(*s);
            (path, Some(Format::Hdu))
        }
        SetSpec::File(path) => {
            let ext = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase());
            let format = match ext.as_deref() {
                Some("hdu") => Some(Format::Hdu),
                Some("aoj") => Some(Format::Aoj),
                _ => None,
            };
            (path, format)
        }
    };
    if path.is_dir() {
        return Err(Error::new(
            ErrorKind::Io,
            format!("{}: is a directory, not a case file", path.display()),
        ));
    }
    let f = std::fs::File::open(path).map_err(|e| Error::io(path.display(), e))?;
    let (cases, errors) = cases::load_as(std::io::BufReader::new(f), &name, format, shape)
        .map_err(|e| match e.io_error() {
            Some(io) => Error::io(path.display(), std::io::Error::new(io.kind(), io.to_string())),
            None => Error::new(e.kind(), format!("{}: {e}", path.display())),
        })?;
    Ok((name, cases, errors))
}
