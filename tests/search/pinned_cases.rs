//! The seeded case sets, pinned: the judge-format text of every built-in set at fixed seeds is
//! hashed and compared to constants, so any change to what `slidebench cases SET --seed S`
//! prints (a `rand` or `rand_chacha` upgrade, a change to the generators or the writers) fails
//! here and has to be made on purpose, together with the published results it would change.

use slidebench::cases::{self, Format, SetKind, DEFAULT_SEED};
use std::process::Command;

/// 64-bit FNV-1a, written here because std's hashers are not stable across Rust versions.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The format `slidebench cases` writes a set in when none is asked for; `None` for one
/// board a line (sets off the 3×3 judges' puzzles).
fn default_format(kind: SetKind) -> Option<Format> {
    match kind {
        SetKind::Weighted | SetKind::SampleCruller => Some(Format::Aoj),
        SetKind::Sample
        | SetKind::SampleHdu
        | SetKind::Random
        | SetKind::Depth
        | SetKind::All
        | SetKind::Walk => Some(Format::Hdu),
        SetKind::Korf100 | SetKind::Korf50 => None,
    }
}

/// What `slidebench cases KIND --seed SEED` prints, made through the library.
fn judge_text(kind: SetKind, seed: u64, format: impl Into<Option<Format>>) -> String {
    let set = cases::generate(kind, kind.default_count(), seed);
    let mut out = Vec::new();
    match format.into() {
        Some(format) => {
            cases::write_judge(&set, format, &mut out).unwrap();
        }
        None => cases::write_boards(&set, &mut out).unwrap(),
    }
    String::from_utf8(out).unwrap()
}

/// (set, seed, hash of the default-format text, number of lines, first lines).
fn pinned(kind: SetKind) -> (u64, u64, usize, &'static [&'static str]) {
    match kind {
        SetKind::Sample | SetKind::SampleHdu => {
            (DEFAULT_SEED, 0xeaec83ee3e75241f, 1, &["2 3 4 1 5 x 7 6 8"])
        }
        // AOJ 1339's sample as the judge prints it (`AOJ_SAMPLE`).
        SetKind::SampleCruller => (DEFAULT_SEED, 0x6890_dbc0_ee70_016a, 29, &["4 9", "6 3 0"]),
        SetKind::Random => (
            DEFAULT_SEED,
            0x127cfe2e264102ad,
            200,
            &["6 1 3 4 7 8 5 2 x", "7 6 3 2 5 x 4 1 8", "5 1 8 6 4 2 3 7 x"],
        ),
        // 3 boards at each distance 0..=31, fewer where fewer exist (1, 2, ..., 2).
        SetKind::Depth => (
            DEFAULT_SEED,
            0x8c88a6f32438281d,
            92,
            &["1 2 3 4 5 6 7 8 x", "1 2 3 4 5 x 7 8 6", "1 2 3 4 5 6 7 x 8"],
        ),
        SetKind::All => (
            DEFAULT_SEED,
            0x89863b9ccf522625,
            362_880,
            &["x 1 2 3 4 5 6 7 8", "x 1 2 3 4 5 6 8 7", "x 1 2 3 4 5 7 6 8"],
        ),
        // The 20 torus datasets of 40 (7 lines each) and the closing `0 0`.
        SetKind::Weighted => {
            (DEFAULT_SEED, 0xa3aad3ce5e7b6903, 141, &["6 60", "7 6 3", "2 5 0", "4 1 8"])
        }
        // 50 boards 20 moves from the goal.
        SetKind::Walk => {
            (DEFAULT_SEED, 0xaa0aa41f7bd4a455, 50, &["x 8 4 7 3 2 6 1 5", "8 4 1 2 7 3 6 5 x"])
        }
        // Korf's 100, easiest first, one board a line; no seed enters.
        SetKind::Korf100 => (
            DEFAULT_SEED,
            0xd9861c95ecf95c79,
            100,
            &["13 8 14 3 9 1 x 7 15 5 4 10 12 2 6 11", "1 3 2 5 10 9 15 6 8 14 13 11 12 4 7 x"],
        ),
        // Korf and Felner's 50, fewest published nodes first (38, 40, 25, ...); no seed enters.
        SetKind::Korf50 => (
            DEFAULT_SEED,
            0xd613b7a08fa2a441,
            50,
            &[
                "10 3 24 12 x 7 8 11 14 21 22 23 2 1 9 17 18 6 20 4 13 15 5 19 16",
                "2 17 4 13 7 12 10 3 x 16 21 24 8 5 18 20 15 19 14 9 22 11 6 1 23",
            ],
        ),
    }
}

/// The sets on boards above 16 squares, named as on the command line, at the default seed and
/// sizes: (name, hash of the text, first line).
const WIDE_SETS: [(&str, u64, &str); 6] = [
    (
        "random:5x5",
        0xe4995e7abb0f7d49,
        "13 15 8 6 19 18 3 7 17 16 10 21 22 20 12 9 24 x 2 23 5 4 11 14 1",
    ),
    (
        "walk:5x5:40",
        0x2677e19a58ac9d73,
        "x 4 7 8 14 2 1 3 9 5 11 6 12 13 10 16 17 18 24 15 21 22 23 20 19",
    ),
    (
        "random:6x4",
        0x18e6822527b1ea45,
        "13 15 8 6 19 18 3 7 17 16 10 21 22 20 12 9 23 x 2 14 5 4 11 1",
    ),
    (
        "walk:4x6",
        0xc8381f423ce8fdc9,
        "5 1 3 4 9 2 7 x 6 10 15 8 13 14 12 11 17 18 23 16 21 22 20 19",
    ),
    (
        "random:8x3",
        0x76af0a5addf120ab,
        "21 15 4 11 16 13 17 10 18 22 x 19 8 3 14 12 7 20 9 6 1 2 23 5",
    ),
    (
        "walk:12x2:30",
        0x73aa240b3315a91b,
        "1 2 3 16 4 7 x 8 9 22 10 12 13 14 15 5 17 6 18 19 20 21 11 23",
    ),
];

#[test]
fn sets_above_sixteen_squares_print_the_pinned_text() {
    for (name, hash, first) in WIDE_SETS {
        let def = cases::SetDef::parse(name, None, None, None, DEFAULT_SEED).unwrap();
        let mut out = Vec::new();
        cases::write_boards(def.generate().unwrap(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), def.len(), "{name}");
        assert_eq!(text.lines().next(), Some(first), "{name}");
        assert_eq!(fnv1a(text.as_bytes()), hash, "`cases {name}` changed; if on purpose, update");
    }
}

#[test]
fn every_built_in_set_prints_the_pinned_text() {
    for kind in SetKind::ALL {
        let (seed, hash, lines, first) = pinned(kind);
        let text = judge_text(kind, seed, default_format(kind));
        let got: Vec<&str> = text.lines().take(first.len()).collect();
        assert_eq!(got, first, "first lines of `cases {} --seed {seed}`", kind.name());
        assert_eq!(text.lines().count(), lines, "lines of `cases {} --seed {seed}`", kind.name());
        assert_eq!(
            fnv1a(text.as_bytes()),
            hash,
            "`cases {} --seed {seed}` changed; if on purpose, update the pin and the results",
            kind.name()
        );
    }
}

#[test]
fn another_seed_prints_other_pinned_random_boards() {
    let text = judge_text(SetKind::Random, 7, Format::Hdu);
    assert_eq!(
        text.lines().take(2).collect::<Vec<_>>(),
        ["4 3 2 x 5 6 7 8 1", "3 4 7 8 x 1 2 6 5"]
    );
    assert_eq!(fnv1a(text.as_bytes()), 0x371a83ca33a7b25d);
}

#[test]
fn sample_set_in_aoj_format_prints_the_pinned_text() {
    let text = judge_text(SetKind::Sample, DEFAULT_SEED, Format::Aoj);
    // The four AOJ 1339 sample datasets (7 lines each) and the closing `0 0`.
    assert_eq!(text.lines().count(), 29);
    assert_eq!(text.lines().take(3).collect::<Vec<_>>(), ["4 9", "6 3 0", "8 1 2"]);
    assert_eq!(fnv1a(text.as_bytes()), 0x6890dbc0ee70016a);
}

/// The command prints exactly what the library writes, so the pins above cover it.
#[test]
fn cases_command_prints_what_the_library_writes() {
    for kind in [SetKind::Sample, SetKind::Random, SetKind::Weighted] {
        let out = Command::new(env!("CARGO_BIN_EXE_slidebench"))
            .args(["cases", kind.name(), "--seed", &DEFAULT_SEED.to_string()])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let printed = String::from_utf8(out.stdout).unwrap();
        assert_eq!(
            printed,
            judge_text(kind, DEFAULT_SEED, default_format(kind)),
            "{}",
            kind.name()
        );
    }
}
