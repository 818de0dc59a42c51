//! What merge refuses: shards that are not the slices of one run, and rows that cannot be true
//! answers or contradict their shard's summary.

use super::{ShardSet, MAX_LISTED};
use crate::board::{Board, Shape, Topology};
use crate::error::{Error, ErrorKind, Result};
use crate::harness::Shard;
use crate::report::{Outcome, Reference, RunRow, META_JSON};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

/// Refuses shards whose `value` differs, naming each shard's value as a person writes it
/// (`50000000`, `none`), never in Rust's debug form (`Some(50000000)`).
fn same<T: PartialEq>(
    shards: &[ShardSet],
    what: &str,
    value: impl Fn(&ShardSet) -> T,
    show: impl Fn(&T) -> String,
) -> Result<()> {
    let first = value(&shards[0]);
    if shards.iter().all(|s| value(s) == first) {
        return Ok(());
    }
    let list: Vec<String> =
        shards.iter().map(|s| format!("{} has {}", s.dir.display(), show(&value(s)))).collect();
    Err(Error::new(
        ErrorKind::Parse,
        format!("shards of different {what} cannot be merged: {}", list.join(", ")),
    ))
}

/// `items` joined by commas, or `none`.
fn listed_or_none(items: impl Iterator<Item = String>) -> String {
    let named: Vec<String> = items.collect();
    if named.is_empty() {
        "none".to_string()
    } else {
        named.join(", ")
    }
}

pub(super) fn check_compatible(shards: &[ShardSet]) -> Result<()> {
    let with_meta = shards.iter().filter(|s| s.meta.is_some()).count();
    if with_meta != 0 && with_meta != shards.len() {
        let missing: Vec<String> = shards
            .iter()
            .filter(|s| s.meta.is_none())
            .map(|s| s.dir.display().to_string())
            .collect();
        return Err(Error::new(
            ErrorKind::Parse,
            format!(
                "{META_JSON} missing in {} (the other shards have one); cannot tell whether they \
                 come from the same seed and code version",
                missing.join(", ")
            ),
        ));
    }
    if with_meta == shards.len() {
        let meta = |s: &ShardSet| s.meta.clone().expect("every shard has one");
        let plain = |v: &dyn std::fmt::Display| v.to_string();
        let or_none = |v: Option<String>| v.unwrap_or_else(|| "none".to_string());
        same(shards, "seeds", |s| meta(s).seed, |v| plain(v))?;
        same(shards, "code versions", |s| meta(s).code_version, |v| plain(v))?;
        same(
            shards,
            "time budgets",
            |s| meta(s).budget_time_s.map(f64::to_bits),
            |v| or_none(v.map(|b| format!("{} s", f64::from_bits(b)))),
        )?;
        same(
            shards,
            "state budgets",
            |s| meta(s).budget_states,
            |v| or_none(v.map(|n| n.to_string())),
        )?;
        same(shards, "budget streaks", |s| meta(s).budget_streak, |v| plain(v))?;
        same(
            shards,
            "budget scopes",
            |s| meta(s).unbudgeted_up_to,
            |v| or_none(v.map(|n| n.to_string())),
        )?;
        same(shards, "repeats", |s| meta(s).repeats, |v| plain(v))?;
        same(shards, "search threads", |s| meta(s).search_threads, |v| plain(v))?;
        same(
            shards,
            "outside programs (or builds of them)",
            |s| {
                meta(s)
                    .programs
                    .iter()
                    .map(|p| (p.solver.clone(), p.hash.clone()))
                    .collect::<Vec<_>>()
            },
            |v| listed_or_none(v.iter().map(|(id, hash)| format!("{id} {hash}"))),
        )?;
        // Batch and per-case runs charge a query different things, and a different limit
        // gives different verdicts: rows made either way are not one run's.
        same(
            shards,
            "program modes",
            |s| {
                let programs = meta(s).programs;
                programs.into_iter().map(|p| (p.solver, p.mode)).collect::<Vec<_>>()
            },
            |v| listed_or_none(v.iter().map(|(id, mode)| format!("{id} {mode}"))),
        )?;
        same(
            shards,
            "program limits (--program-limit)",
            |s| {
                let programs = meta(s).programs;
                programs.into_iter().map(|p| (p.solver, p.limit_s.map(f64::to_bits))).collect()
            },
            |v: &Vec<(String, Option<u64>)>| {
                listed_or_none(v.iter().map(|(id, limit)| match limit {
                    Some(b) => format!("{id} {} s", f64::from_bits(*b)),
                    None => format!("{id} none"),
                }))
            },
        )?;
    }
    if with_meta == shards.len() {
        let meta = |s: &ShardSet| s.meta.clone().expect("every shard has one");
        let listed = |v: &Vec<String>| {
            if v.is_empty() {
                "none recorded".to_string()
            } else {
                v.join(", ")
            }
        };
        same(shards, "case sets", |s| meta(s).sets, listed)?;
        same(shards, "solver lists", |s| meta(s).solvers, listed)?;
    }
    // The seed column says the same without meta.json.
    same(
        shards,
        "seeds",
        |s| s.summary.iter().map(|r| r.seed).collect::<BTreeSet<u64>>(),
        |v| v.iter().map(u64::to_string).collect::<Vec<_>>().join(" "),
    )
}

/// Checks that the shards are the slices of one run, each once (by their `K/N` in
/// meta.json), and returns which are missing: refused unless `allow_partial`. Shards without
/// meta.json cannot say, and pass.
pub(super) fn check_shards(shards: &[ShardSet], allow_partial: bool) -> Result<Option<String>> {
    let Some(metas) = shards.iter().map(|s| s.meta.as_ref()).collect::<Option<Vec<_>>>() else {
        return Ok(None);
    };
    let mut slices: Vec<(Shard, &Path)> = Vec::new();
    for (s, m) in shards.iter().zip(metas) {
        let Some(text) = &m.shard else {
            return Err(Error::new(
                ErrorKind::Parse,
                format!(
                    "{}: not a shard (its {META_JSON} has no shard K/N); merge combines the \
                     result sets of one run's `compare --shard K/N`",
                    s.dir.display()
                ),
            ));
        };
        let slice: Shard = text.parse().map_err(|e: Error| {
            Error::new(ErrorKind::Parse, format!("{}: {META_JSON}: {e}", s.dir.display()))
        })?;
        slices.push((slice, &s.dir));
    }
    let named = |list: &[&(Shard, &Path)]| {
        list.iter().map(|(k, d)| format!("{k} ({})", d.display())).collect::<Vec<_>>().join(", ")
    };
    let all: Vec<&(Shard, &Path)> = slices.iter().collect();
    let n = slices[0].0.count;
    if slices.iter().any(|(k, _)| k.count != n) {
        return Err(Error::new(
            ErrorKind::Parse,
            format!("shards of runs cut into different numbers of slices: {}", named(&all)),
        ));
    }
    for index in 1..=n {
        let twice: Vec<&(Shard, &Path)> = slices.iter().filter(|(k, _)| k.index == index).collect();
        if twice.len() > 1 {
            return Err(Error::new(
                ErrorKind::Parse,
                format!("shard {index}/{n} is given more than once: {}", named(&twice)),
            ));
        }
    }
    let missing: Vec<String> = (1..=n)
        .filter(|i| !slices.iter().any(|(k, _)| k.index == *i))
        .map(|i| format!("{i}/{n}"))
        .collect();
    if missing.is_empty() {
        return Ok(None);
    }
    let what = format!("shard(s) {} of {n} missing", missing.join(", "));
    if allow_partial {
        return Ok(Some(what));
    }
    Err(Error::new(
        ErrorKind::Parse,
        format!(
            "{what}: given {}; merge needs every shard of the run (--partial merges what is \
             there, and meta.json marks the result partial)",
            named(&all)
        ),
    ))
}

/// Why `row` cannot be a true answer, if it cannot, from what the row itself holds: a board
/// whose solutions all have one parity (every grid: the empty square's taxicab distance to its
/// goal square) cannot have a solution, or an optimum, of the other; no answer costs less
/// than the optimum; with unit costs a solution's cost is its length.
fn impossible(row: &RunRow) -> Option<String> {
    if let Some(why) = row.reference_contradiction() {
        return Some(why);
    }
    let solved = row.outcome == Outcome::Solved;
    if solved && row.ch == 1 && row.cv == 1 && row.length != row.cost {
        return Some(format!(
            "length {} but cost {} under unit costs",
            show(row.length),
            show(row.cost)
        ));
    }
    if let (true, Some(cost), Some(optimal)) = (solved, row.cost, row.optimal) {
        if cost < optimal {
            return Some(format!("cost {cost}, below the optimum {optimal}"));
        }
    }
    if row.topology != Topology::Grid.to_string() {
        return None;
    }
    let Ok(shape) = row.shape.parse::<Shape>() else {
        return Some(format!("unknown shape `{}`", row.shape));
    };
    let (Ok(board), Ok(goal)) = (Board::parse(shape, &row.board), Board::parse(shape, &row.goal))
    else {
        return Some(format!("board `{}` or goal `{}` does not read", row.board, row.goal));
    };
    let w = shape.width();
    let (a, b) = (board.blank(), goal.blank());
    let parity = ((a / w).abs_diff(b / w) + (a % w).abs_diff(b % w)) % 2;
    let odd = if parity == 1 { "odd" } else { "even" };
    for (what, value) in [("length", row.length.filter(|_| solved)), ("optimum", row.optimal)] {
        if value.is_some_and(|v| v % 2 != parity as u64) {
            return Some(format!(
                "{what} {}, but every path from this board to its goal has {odd} length",
                show(value)
            ));
        }
    }
    None
}

fn show(v: Option<u64>) -> String {
    v.map_or_else(|| "none".to_string(), |v| v.to_string())
}

/// Re-checks every row against its reference: a row that cannot be a true answer
/// ([`impossible`]) is refused, and so is a finished answer that differs from its reference
/// while its shard's summary says the solver agreed on the set (an edited or damaged set): a
/// solution where the reference is unsolvable as much as a different cost.
pub(super) fn check_answers(shards: &[ShardSet]) -> Result<()> {
    let mut bad = Vec::new();
    for shard in shards {
        let agreed: BTreeSet<(&str, &str)> = shard
            .summary
            .iter()
            .filter(|s| s.agree)
            .map(|s| (s.case_set.as_str(), s.solver.as_str()))
            .collect();
        for row in &shard.runs {
            let at = || {
                format!(
                    "{} on {} case {} (in {})",
                    row.solver,
                    row.case_set,
                    row.case_id,
                    shard.dir.display()
                )
            };
            if let Some(why) = impossible(row) {
                bad.push(format!("{}: {why}", at()));
                continue;
            }
            let finished = matches!(row.outcome, Outcome::Solved | Outcome::Unsolvable);
            let reference = row.reference();
            let differs = !reference.agrees(row.cost);
            if finished && differs && agreed.contains(&(&row.case_set, &row.solver)) {
                let reference = match reference {
                    Reference::Cost(c) => c.to_string(),
                    other => other.to_string(),
                };
                bad.push(format!(
                    "{}: cost {} differs from the reference {reference}, yet summary.csv says \
                     the solver agreed",
                    at(),
                    show(row.cost),
                ));
            }
        }
    }
    if bad.is_empty() {
        return Ok(());
    }
    let mut msg = format!("{} row(s) that cannot be right: ", bad.len());
    msg.push_str(&bad.iter().take(MAX_LISTED).cloned().collect::<Vec<_>>().join("; "));
    if bad.len() > MAX_LISTED {
        let _ = write!(msg, "; and {} more", bad.len() - MAX_LISTED);
    }
    Err(Error::new(ErrorKind::Parse, msg))
}
