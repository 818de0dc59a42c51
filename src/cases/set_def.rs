//! A generated set named in full (kind, board shape, size, walk length, seed), and the
//! `KIND[:WxH][:LENGTH]` syntax that names one on the command line and in the result tables.

use super::{distance_table, korf100, korf50, stream_def, unit_grid, Case, SetKind, UNREACHED};
use crate::board::Shape;
use crate::error::{Error, ErrorKind, Result};
use crate::rank::FACTORIAL;

/// Largest space `depth` (and `all`) is generated for: the distance table holds one byte per
/// arrangement, 3.6 MB at 10 squares (2×5); 12 squares (4×3) would take 479 MB.
pub const DEPTH_MAX_ARRANGEMENTS: u64 = FACTORIAL[10];

/// Most moves of a `walk` board: each board costs its length in moves before it is made, and
/// a length past this (a mistyped `walk:3x3:18446744073709551615`) would spin before the first.
pub const MAX_WALK_LENGTH: usize = 1_000_000;

/// Moves of a `walk` board when no length is given.
pub const DEFAULT_WALK_LENGTH: usize = 20;

/// A generated set: which kind, on which board, how large, from which seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetDef {
    /// Which set.
    pub kind: SetKind,
    /// The board. `korf100` is 4×4 only, `sample` 3×3 only.
    pub shape: Shape,
    /// Its size parameter (see [`super::generate`]).
    pub count: usize,
    /// Moves from the goal, for `walk`; ignored by the other kinds.
    pub length: usize,
    /// Its seed.
    pub seed: u64,
}

impl SetDef {
    /// `kind` on its default board: 4×4 for `korf100`, 3×3 for the rest.
    pub fn of(kind: SetKind, count: usize, seed: u64) -> SetDef {
        let shape = match kind {
            SetKind::Korf100 => korf100::shape(),
            SetKind::Korf50 => korf50::shape(),
            _ => Shape::THREE_BY_THREE,
        };
        SetDef { kind, shape, count, length: DEFAULT_WALK_LENGTH, seed }
    }

    /// Reads `KIND[:WxH][:LENGTH]` (for example `random:4x4`, `walk:4x4:40`, `korf100`);
    /// `shape`, `count` and `length` fill in what the text leaves out, and the set is checked.
    ///
    /// ```
    /// use slidebench::cases::{SetDef, SetKind};
    ///
    /// let walk = SetDef::parse("walk:4x4:40", None, None, None, 1)?;
    /// assert_eq!((walk.kind, walk.shape.to_string(), walk.length), (SetKind::Walk, "4x4".into(), 40));
    /// assert_eq!(walk.name(), "walk:4x4:40");
    /// assert!(SetDef::parse("depth:4x4", None, None, None, 1).is_err());
    /// # Ok::<(), slidebench::Error>(())
    /// ```
    pub fn parse(
        text: &str,
        shape: Option<Shape>,
        count: Option<usize>,
        length: Option<usize>,
        seed: u64,
    ) -> Result<SetDef> {
        let mut parts = text.split(':');
        let kind: SetKind = parts.next().unwrap_or_default().parse()?;
        let mut def = SetDef::of(kind, count.unwrap_or(kind.default_count()), seed);
        if let Some(s) = shape {
            def.shape = s;
        }
        if let Some(l) = length {
            def.length = l;
        }
        if let Some(s) = parts.next() {
            def.shape = s.parse().map_err(|e: Error| {
                Error::new(ErrorKind::Parse, format!("case set `{text}`: {}", e.message()))
            })?;
        }
        if let Some(l) = parts.next() {
            if kind != SetKind::Walk {
                return Err(Error::new(
                    ErrorKind::Parse,
                    format!("case set `{text}`: only `walk` takes a length"),
                ));
            }
            def.length = l.parse().map_err(|_| {
                Error::new(
                    ErrorKind::Parse,
                    format!("case set `{text}`: length `{l}` is not a whole number"),
                )
            })?;
        }
        if parts.next().is_some() {
            return Err(Error::new(
                ErrorKind::Parse,
                format!("case set `{text}`: expected KIND[:WxH][:LENGTH]"),
            ));
        }
        def.check()?;
        Ok(def)
    }

    /// The name its cases carry in the result tables: the kind alone for the 3×3 sets (as
    /// always) and for `korf100`, `KIND:WxH` on other boards, `walk:WxH:LENGTH` for walks.
    /// [`SetDef::parse`] reads every name back.
    pub fn name(&self) -> String {
        match self.kind {
            SetKind::Walk => format!("walk:{}:{}", self.shape, self.length),
            SetKind::Korf100 | SetKind::Korf50 => self.kind.name().to_string(),
            _ if self.shape == Shape::THREE_BY_THREE => self.kind.name().to_string(),
            _ => format!("{}:{}", self.kind.name(), self.shape),
        }
    }

    /// Refuses sets that cannot be made, saying why.
    pub fn check(&self) -> Result<()> {
        let refuse = |why: String| Err(Error::new(ErrorKind::Parse, why));
        // Exact, so a 5×5 refusal names 25!, not a saturated 64-bit number.
        let arrangements = crate::rank::arrangements(self.shape.cells());
        match self.kind {
            SetKind::Sample | SetKind::SampleHdu | SetKind::SampleCruller
                if self.shape != Shape::THREE_BY_THREE =>
            {
                refuse(format!("the sample set is the judges' 3x3 boards, not {}", self.shape))
            }
            SetKind::Korf100 if self.shape != korf100::shape() => {
                refuse(format!("Korf's 100 are 4x4 boards, not {}", self.shape))
            }
            SetKind::Korf50 if self.shape != korf50::shape() => {
                refuse(format!("Korf and Felner's 50 are 5x5 boards, not {}", self.shape))
            }
            SetKind::Depth | SetKind::All if arrangements > u128::from(DEPTH_MAX_ARRANGEMENTS) => {
                refuse(format!(
                    "the {} set needs a distance table of every arrangement, {} on {}: at most {} \
                 (10 squares) fit; use `walk` or `random` on larger boards",
                    self.kind.name(),
                    crate::units::group_digits_wide(arrangements),
                    self.shape,
                    crate::units::group_digits(DEPTH_MAX_ARRANGEMENTS)
                ))
            }
            SetKind::Walk if self.length > MAX_WALK_LENGTH => refuse(format!(
                "walk length {}: at most {} moves",
                crate::units::group_digits(self.length as u64),
                crate::units::group_digits(MAX_WALK_LENGTH as u64)
            )),
            _ => Ok(()),
        }
    }

    /// The cases one at a time (see [`super::stream`]).
    pub fn stream(&self) -> Result<Box<dyn Iterator<Item = Case> + Send>> {
        self.check()?;
        Ok(stream_def(self))
    }

    /// Every case of the set.
    pub fn generate(&self) -> Result<Vec<Case>> {
        Ok(self.stream()?.collect())
    }

    /// How many cases the set holds, without generating them (`depth` off 3×3 builds its
    /// distance table to count).
    pub fn len(&self) -> usize {
        match self.kind {
            SetKind::Sample => 5,
            SetKind::SampleHdu => 1,
            SetKind::SampleCruller => 4,
            SetKind::Random | SetKind::Weighted | SetKind::Walk => self.count,
            SetKind::Korf100 => self.count.min(100),
            SetKind::Korf50 => self.count.min(50),
            SetKind::Depth if self.shape == Shape::THREE_BY_THREE => {
                super::BOARDS_AT_DISTANCE.iter().map(|&n| self.count.min(n)).sum()
            }
            SetKind::Depth => {
                let mut per: Vec<usize> = Vec::new();
                for &d in &distance_table(&unit_grid(self.shape)) {
                    if d != UNREACHED {
                        if per.len() <= d as usize {
                            per.resize(d as usize + 1, 0);
                        }
                        per[d as usize] += 1;
                    }
                }
                per.iter().map(|&n| self.count.min(n)).sum()
            }
            SetKind::All => crate::rank::arrangements_u64(self.shape.cells()) as usize,
        }
    }

    /// Whether the set holds no case.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
