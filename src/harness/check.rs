//! `slidebench check`: every solver on sets whose optimal costs are known without trusting any
//! one solver, so a solver that returns a valid but longer path (an inadmissible heuristic, say)
//! fails the check even when others share its bug.
//!
//! Each set says where its references come from ([`Source`]): a reverse search over the whole
//! space, published lengths, a census, or, where none of those reaches, the agreement of named
//! solvers of different families ([`Family`]), run first. A case on which they disagree, or
//! that one of them did not answer, fails the check: it has no reference. Unlike `compare`, the
//! check never takes the default solver's word for a cost.

use super::findings::Disagreement;
use super::options::RunControls;
use super::policy::{does_not_fit, rank_table_fits, MAX_THREADS};
use super::run::run_solver;
use super::verify::{check_replay, describe_reference, Known};
use crate::board::{Board, Costs, Move, Puzzle, Shape, Topology};
use crate::cases::{korf100, Case, SetDef};
use crate::error::{Error, ErrorKind, Result};
use crate::report::{Outcome, RunRow};
use crate::solver::{all_solvers, new_solver, Guide, Solver, SolverInfo, SolverOptions};
use indicatif::{ProgressBar, ProgressStyle};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::collections::BTreeSet;
use std::fmt;
use std::time::{Duration, Instant};

/// The solver that gives [`Source::Table`] references: a reverse breadth-first search (reverse
/// Dijkstra when weighted) over every arrangement, with no heuristic to get wrong.
pub const TABLE_REFERENCE: &str = "table/rank";

/// The text table: it builds a map of strings over the whole space for every weighted puzzle,
/// seconds each.
const TEXT_TABLE: &str = "table/text";

/// The 18 boards of the 4×3 grid at its largest distance, 53 moves from the default goal (tiles
/// in row order, the empty square last), as `census_with_deepest` finds them; OEIS A090166
/// counts 18 at 53. Kept here because the census takes 8 s on two cores; the exhaustive test
/// `the_4x3_antipodes_are_the_census_deepest_layer` recomputes them.
pub const ANTIPODES_4X3: [&str; 18] = [
    "x32187654ba9",
    "x821b3a54769",
    "x829b36547a1",
    "x829b7a54361",
    "x861b32547a9",
    "x869b72543a1",
    "x869b7a14325",
    "xb21376548a9",
    "43218769xba5",
    "43218b65x7a9",
    "4321b765x8a9",
    "43258761xba9",
    "43618725xba9",
    "83214765xba9",
    "8329476axb51",
    "83694725xba1",
    "875943a2xb61",
    "b82137a5x469",
];
/// The distance of [`ANTIPODES_4X3`].
pub const ANTIPODE_DISTANCE_4X3: u64 = 53;

/// Korf's instances in the check: the twelve his Manhattan-distance IDA* solved with the fewest
/// nodes (under 2·10⁶ each), 41 to 56 moves, so every informed solver finishes each in well
/// under a second and the heuristics are held to long optimal paths.
pub const KORF_INSTANCES: [u32; 12] = [79, 12, 42, 55, 97, 19, 94, 47, 93, 9, 74, 48];

/// Where a set's reference costs come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// [`TABLE_REFERENCE`] over the whole space.
    Table,
    /// Korf's published optimal lengths (Korf 1985).
    Published,
    /// A whole-space census: the boards at its largest distance ([`ANTIPODES_4X3`]).
    Census,
    /// The agreement of these solvers, of at least two families, and nothing else.
    Agreement(&'static [&'static str]),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Table => write!(f, "table ({TABLE_REFERENCE}, every arrangement searched)"),
            Source::Published => write!(f, "published (Korf 1985's optimal lengths)"),
            Source::Census => {
                write!(f, "census (the 4x3 census's deepest layer: 18 boards at 53, A090166)")
            }
            Source::Agreement(ids) => {
                let named: Vec<String> = ids
                    .iter()
                    .map(|id| match crate::solver::solver_info(id) {
                        Some(info) => format!("{id} ({})", family(&info)),
                        None => (*id).to_string(),
                    })
                    .collect();
                write!(f, "agreement of {} alone", named.join(" and "))
            }
        }
    }
}

/// Solvers that share the code a quiet bug would live in: a heuristic, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Family {
    /// No heuristic: breadth-first, bidirectional, Dijkstra and table searches.
    Blind,
    /// Manhattan distance or each tile's cheapest distance.
    Manhattan,
    /// Linear conflict (Manhattan distance plus line conflicts).
    LinearConflict,
    /// Additive pattern databases.
    PatternDatabase,
    /// A solver written outside the crate.
    Outside,
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Family::Blind => "blind",
            Family::Manhattan => "Manhattan distance",
            Family::LinearConflict => "linear conflict",
            Family::PatternDatabase => "pattern database",
            Family::Outside => "outside the crate",
        })
    }
}

/// The family of a solver, from what its registry row says guides it.
pub fn family(info: &SolverInfo) -> Family {
    let Some(algorithm) = info.algorithm_kind else { return Family::Outside };
    match algorithm.spec().guide {
        Guide::Nothing => Family::Blind,
        Guide::Manhattan => Family::Manhattan,
        Guide::LinearConflict => Family::LinearConflict,
        Guide::PatternDatabase => Family::PatternDatabase,
    }
}

/// One set of the check.
#[derive(Clone, Debug)]
pub struct CheckSet {
    /// Its name in the output.
    pub name: String,
    /// Its cases.
    pub cases: Vec<Case>,
    /// Where its references come from.
    pub source: Source,
    /// Whether only informed searches run: the distances are too long for a blind search to
    /// finish in the check's time (the walk sets hold the blind ones).
    pub informed_only: bool,
}

impl CheckSet {
    fn new(name: &str, cases: Vec<Case>, source: Source, informed_only: bool) -> CheckSet {
        let cases = cases
            .into_iter()
            .enumerate()
            .map(|(i, c)| Case { set: name.to_string(), id: i as u64, ..c })
            .collect();
        CheckSet { name: name.to_string(), cases, source, informed_only }
    }
}

/// Seed of the check's generated sets.
const SEED: u64 = 7;

/// The sets `check` runs: every kind of puzzle the crate solves, each against references known
/// independently of the solvers under check where any exist.
///
/// With `thorough`, also the census set (the 4×3 antipodes) and the sets that rest on
/// agreement alone (long walks on 4×4, 4×3, 3×4, a torus and weighted moves): none of them has
/// been timed to the end on a quiet machine yet, so CI runs the default plan.
pub fn check_plan(thorough: bool) -> Result<Vec<CheckSet>> {
    let def = |text: &str, count: usize| -> Result<Vec<Case>> {
        SetDef::parse(text, None, Some(count), None, SEED)?.generate()
    };
    let set = |name: &str, cases, source| CheckSet::new(name, cases, source, false);
    let agreement =
        |name: &str, cases, ids| CheckSet::new(name, cases, Source::Agreement(ids), false);
    let torus = |w, h| unit(Shape::new(w, h).expect("a valid shape"), Topology::Torus);
    let grid = |w, h| unit(Shape::new(w, h).expect("a valid shape"), Topology::Grid);
    let weighted = Puzzle::new(
        Shape::new(4, 3).expect("a valid shape"),
        Topology::Grid,
        Costs { horizontal: 3, vertical: 5 },
        Board::solved(Shape::new(4, 3).expect("a valid shape")),
    )?;
    let mut sets = vec![
        set("sample", def("sample", 0)?, Source::Table),
        set("random", def("random", 100)?, Source::Table),
        set("depth", def("depth", 1)?, Source::Table),
        set("weighted", def("weighted", 8)?, Source::Table),
        set("random:2x3", def("random:2x3", 20)?, Source::Table),
        CheckSet::new("random:5x2", def("random:5x2", 8)?, Source::Table, true),
        set("torus:3x3", random_boards(&torus(3, 3), 8), Source::Table),
        set("torus:3x2", random_boards(&torus(3, 2), 20), Source::Table),
        CheckSet::new("korf100:easiest-12", korf_cases(), Source::Published, true),
    ];
    if !thorough {
        return Ok(sets);
    }
    sets.extend([
        CheckSet::new("deepest:4x3", antipode_cases(), Source::Census, true),
        agreement(
            "walk:4x4:40",
            def("walk:4x4:40", 10)?,
            &["bidir-split/packed", "idastar-pdb663/packed"],
        ),
        agreement(
            "walk:4x3:40",
            def("walk:4x3:40", 10)?,
            &["bidir-split/packed", "idastar-pdb663/packed"],
        ),
        agreement(
            "torus-walk:4x4:24",
            walks(&torus(4, 4), 24, 8),
            &["bidir-split/packed", "idastar-md/packed"],
        ),
        agreement(
            "weighted-walk:4x3:16",
            walks(&weighted, 16, 8),
            &["dijkstra/packed", "astar-lc/packed"],
        ),
        agreement(
            "walk:3x4:30",
            walks(&grid(3, 4), 30, 6),
            &["bidir-split/packed", "astar-lc/packed"],
        ),
    ]);
    Ok(sets)
}

fn unit(shape: Shape, topology: Topology) -> Puzzle {
    Puzzle::new(shape, topology, Costs::UNIT, Board::solved(shape)).expect("unit costs are valid")
}

fn case(puzzle: &Puzzle, start: Board) -> Case {
    Case { set: String::new(), id: 0, puzzle: puzzle.clone(), start }
}

/// Uniformly random arrangements, solvable or not.
fn random_boards(puzzle: &Puzzle, count: usize) -> Vec<Case> {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let n = puzzle.shape().cells() as u8;
    (0..count)
        .map(|_| {
            let mut cells: Vec<u8> = (0..n).collect();
            cells.shuffle(&mut rng);
            case(puzzle, Board::from_cells(puzzle.shape(), &cells).expect("a permutation"))
        })
        .collect()
}

/// Boards `length` random moves from the goal, never undoing the move before.
fn walks(puzzle: &Puzzle, length: usize, count: usize) -> Vec<Case> {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    (0..count)
        .map(|_| {
            let mut board = *puzzle.goal();
            let mut last: Option<Move> = None;
            for _ in 0..length {
                let blank = board.blank();
                let open: Vec<(Move, u8)> = puzzle
                    .moves_from(blank)
                    .iter()
                    .copied()
                    .filter(|&(m, _)| last != Some(m.opposite()))
                    .collect();
                let &(mv, to) = open.choose(&mut rng).expect("every square has two moves");
                board.swap_blank(blank, to as usize);
                last = Some(mv);
            }
            case(puzzle, board)
        })
        .collect()
}

fn korf_cases() -> Vec<Case> {
    let puzzle = korf100::korf_puzzle();
    let all = korf100::instances();
    KORF_INSTANCES
        .iter()
        .map(|id| {
            let k = all.iter().find(|k| k.id == *id).expect("Korf numbers run 1 to 100");
            case(&puzzle, k.board)
        })
        .collect()
}

fn antipode_cases() -> Vec<Case> {
    let puzzle = unit(Shape::new(4, 3).expect("a valid shape"), Topology::Grid);
    ANTIPODES_4X3
        .iter()
        .map(|t| case(&puzzle, Board::parse(puzzle.shape(), t).expect("a valid board")))
        .collect()
}

/// How one set went.
#[derive(Clone, Debug)]
pub struct SetVerdict {
    /// The set's name.
    pub name: String,
    /// Its cases.
    pub cases: usize,
    /// Where its references came from.
    pub source: Source,
    /// Solvers that ran on it.
    pub ran: Vec<String>,
    /// Solvers that sat it out, and why.
    pub sat_out: Vec<(String, String)>,
    /// Answers checked.
    pub answers: usize,
    /// Answers that did not check out.
    pub disagreements: usize,
    /// Wall time of each solver over the set, in the order they ran.
    pub walls: Vec<(String, Duration)>,
    /// Wall time over the set, references included.
    pub elapsed: Duration,
    /// CPU time the process spent over the set, all threads (Linux only): on a shared machine
    /// a steadier measure of the set's cost than its wall time.
    pub cpu: Option<Duration>,
}

/// Everything a check found.
#[derive(Clone, Debug, Default)]
pub struct CheckReport {
    /// One verdict per set, in order.
    pub sets: Vec<SetVerdict>,
    /// Every answer that did not check out, and every case left without a reference.
    pub disagreements: Vec<Disagreement>,
}

impl CheckReport {
    /// Answers checked over all sets.
    pub fn answers(&self) -> usize {
        self.sets.iter().map(|s| s.answers).sum()
    }

    /// Solvers that ran on at least one set.
    pub fn solvers(&self) -> usize {
        self.sets.iter().flat_map(|s| &s.ran).collect::<BTreeSet<_>>().len()
    }

    /// `set case N` for each case with a disagreement, once each, in order.
    pub fn failed_cases(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for d in &self.disagreements {
            let name = format!("{} case {}", d.case.set, d.case.id);
            if !out.contains(&name) {
                out.push(name);
            }
        }
        out
    }
}

/// Why `info` sits out `set`, if it does.
fn sits_out(info: &SolverInfo, set: &CheckSet, max_states: u64) -> Option<String> {
    if let Source::Agreement(ids) = set.source {
        if ids.contains(&info.id.as_str()) {
            return None;
        }
    }
    if !set.cases.iter().any(|c| info.accepts(&c.puzzle)) {
        let topology_ok = |c: &Case| {
            info.algorithm_kind.is_none_or(|a| a.topologies().contains(&c.puzzle.topology()))
        };
        let why = if set.cases.iter().any(topology_ok) { "unit costs only" } else { "grid only" };
        return Some(why.to_string());
    }
    if info.id == TEXT_TABLE && set.cases.iter().any(|c| !c.puzzle.costs().is_unit()) {
        return Some(
            "a text table takes seconds per weighted puzzle; the same generic table code runs \
             weighted as table/rank and table/packed"
                .into(),
        );
    }
    if set.informed_only && family(info) == Family::Blind {
        return Some(
            "blind search: too slow on this space; the smaller sets and walks hold it".into(),
        );
    }
    let largest = set.cases.iter().map(|c| &c.puzzle).max_by_key(|p| p.arrangements())?;
    does_not_fit(info, largest, max_states).or_else(|| {
        crate::solver::not_built(info, largest, &SolverOptions::with_max_states(max_states))
    })
}

/// The references of a set known before any solver runs.
fn known_references(
    set: &CheckSet,
    max_states: u64,
    pool: &rayon::ThreadPool,
) -> Result<Vec<Known>> {
    match set.source {
        Source::Table => {
            let table = new_solver(TABLE_REFERENCE, max_states)?;
            if let Some(c) = set.cases.iter().find(|c| !rank_table_fits(&c.puzzle, max_states)) {
                return Err(Error::new(
                    ErrorKind::TooLarge,
                    format!("check set {}: {} does not fit a table", set.name, c.puzzle.shape()),
                ));
            }
            pool.install(|| {
                set.cases
                    .par_iter()
                    .map_init(
                        || table.fork(),
                        |table, c| {
                            let sol = table.solve(&c.puzzle, &c.start)?;
                            check_replay(&c.puzzle, c, &sol)?;
                            Ok(Some(sol.cost))
                        },
                    )
                    .collect()
            })
        }
        Source::Published => {
            let korf = korf100::korf_puzzle();
            let all = korf100::instances();
            Ok(set
                .cases
                .iter()
                .map(|c| {
                    all.iter()
                        .find(|k| c.puzzle == korf && k.board == c.start)
                        .map(|k| Some(u64::from(k.length)))
                })
                .collect())
        }
        Source::Census => {
            let antipodes = antipode_cases();
            Ok(set
                .cases
                .iter()
                .map(|c| {
                    antipodes
                        .iter()
                        .any(|a| a.puzzle == c.puzzle && a.start == c.start)
                        .then_some(Some(ANTIPODE_DISTANCE_4X3))
                })
                .collect())
        }
        Source::Agreement(_) => Ok(vec![None; set.cases.len()]),
    }
}

/// Every registry solver, each bounded by `max_states`.
pub fn registry_solvers(max_states: u64) -> Result<Vec<Box<dyn Solver>>> {
    all_solvers().iter().map(|i| new_solver(&i.id, max_states)).collect()
}

/// Runs `sets` with `solvers` (usually [`registry_solvers`], and any written outside the crate)
/// on `threads` workers: each answer is replayed and held to its case's reference. The
/// solvers an agreement set names must be among them.
#[allow(clippy::too_many_lines)] // per set: references, the reference solvers, then the rest
pub fn run_check(
    sets: &[CheckSet],
    solvers: &[Box<dyn Solver>],
    threads: usize,
    max_states: u64,
    progress: bool,
) -> Result<CheckReport> {
    let protos = solvers;
    let threads = threads.clamp(1, MAX_THREADS);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::new(ErrorKind::Io, e.to_string()))?;
    let controls = RunControls { warm_up: false, budget_streak: 0, ..RunControls::default() };
    let bar = if progress { ProgressBar::new(0) } else { ProgressBar::hidden() };
    bar.set_style(ProgressStyle::with_template("{elapsed:>4} {msg}").expect("a valid template"));
    let mut report = CheckReport::default();
    for set in sets {
        let started = Instant::now();
        let cpu_before = process_cpu();
        let mut refs = known_references(set, max_states, &pool)?;
        let mut verdict = SetVerdict {
            name: set.name.clone(),
            cases: set.cases.len(),
            source: set.source,
            ran: Vec::new(),
            sat_out: Vec::new(),
            answers: 0,
            disagreements: 0,
            walls: Vec::new(),
            elapsed: Duration::ZERO,
            cpu: None,
        };
        let mut order: Vec<usize> = Vec::new();
        for (k, p) in protos.iter().enumerate() {
            match sits_out(p.info(), set, max_states) {
                Some(why) => verdict.sat_out.push((p.info().id.clone(), why)),
                None => order.push(k),
            }
        }
        let mut found: Vec<Disagreement> = Vec::new();
        if let Source::Agreement(ids) = set.source {
            let (agreeing, others): (Vec<usize>, Vec<usize>) =
                order.iter().partition(|&&k| ids.contains(&protos[k].info().id.as_str()));
            let families: BTreeSet<Family> =
                agreeing.iter().map(|&k| family(protos[k].info())).collect();
            if agreeing.len() != ids.len() || families.len() < 2 {
                return Err(Error::new(
                    ErrorKind::Parse,
                    format!(
                        "check set {}: its references need solvers of two families or more, \
                         all known: {ids:?}",
                        set.name
                    ),
                ));
            }
            let mut rows: Vec<(String, Vec<RunRow>)> = Vec::new();
            for &k in &agreeing {
                let info = protos[k].info().clone();
                bar.set_message(format!("{} on {} (reference)", info.id, set.name));
                let run = run_solver(
                    &info,
                    protos[k].as_ref(),
                    &set.name,
                    &set.cases,
                    &refs,
                    threads,
                    &controls,
                    &bar,
                )?;
                verdict.answers += run.rows.len();
                verdict.walls.push((info.id.clone(), run.wall));
                found.extend(run.disagreements);
                rows.push((info.id.clone(), run.rows));
                verdict.ran.push(info.id);
            }
            refs = agreed(set, &rows, &mut found);
            order = others;
        }
        for &k in &order {
            let info = protos[k].info().clone();
            bar.set_message(format!("{} on {}", info.id, set.name));
            let run = run_solver(
                &info,
                protos[k].as_ref(),
                &set.name,
                &set.cases,
                &refs,
                threads,
                &controls,
                &bar,
            )?;
            verdict.answers += run.rows.len();
            verdict.walls.push((info.id.clone(), run.wall));
            // A query that ran into a bound did not answer: in a check that is a failure.
            for row in run.rows.iter().filter(|r| r.outcome == Outcome::Budget) {
                found.push(Disagreement {
                    case: set.cases[row.case_id as usize].clone(),
                    solver: info.id.clone(),
                    said: "no answer within its bound".into(),
                    reference: "an answer".into(),
                });
            }
            found.extend(run.disagreements);
            verdict.ran.push(info.id);
        }
        verdict.disagreements = found.len();
        verdict.elapsed = started.elapsed();
        verdict.cpu =
            process_cpu().zip(cpu_before).map(|(after, before)| after.saturating_sub(before));
        report.disagreements.extend(found);
        report.sets.push(verdict);
    }
    bar.finish_and_clear();
    Ok(report)
}

/// User and system time of this process so far, from /proc/self/stat (in clock ticks, taken
/// as the usual 100 per second).
fn process_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses and may hold spaces.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// The references of an agreement set: for each case, the cost every reference solver gave,
/// when they all answered and agreed; `None` otherwise, with a disagreement naming each answer
/// (unless a replay already failed there).
fn agreed(
    set: &CheckSet,
    rows: &[(String, Vec<RunRow>)],
    found: &mut Vec<Disagreement>,
) -> Vec<Known> {
    let answered = |r: &RunRow| matches!(r.outcome, Outcome::Solved | Outcome::Unsolvable);
    set.cases
        .iter()
        .map(|case| {
            let answers: Vec<(&str, Option<&RunRow>)> = rows
                .iter()
                .map(|(id, rs)| (id.as_str(), rs.iter().find(|r| r.case_id == case.id)))
                .collect();
            let costs: BTreeSet<Option<u64>> = answers
                .iter()
                .filter_map(|(_, r)| r.filter(|r| answered(r)).map(|r| r.cost))
                .collect();
            let all_answered = answers.iter().all(|(_, r)| r.is_some_and(answered));
            if all_answered && costs.len() == 1 {
                return Some(costs.into_iter().next().expect("one cost"));
            }
            if !found.iter().any(|d| d.case.id == case.id) {
                let said: Vec<String> = answers
                    .iter()
                    .map(|(id, r)| match r {
                        Some(r) if answered(r) => format!("{id}: {}", describe_reference(r.cost)),
                        _ => format!("{id}: no answer"),
                    })
                    .collect();
                found.push(Disagreement {
                    case: case.clone(),
                    solver: "the reference solvers".into(),
                    said: said.join("; "),
                    reference: "none: the reference solvers must agree".into(),
                });
            }
            None
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_agreement_set_names_solvers_of_two_families() {
        for set in check_plan(true).unwrap() {
            if let Source::Agreement(ids) = set.source {
                let families: BTreeSet<Family> = ids
                    .iter()
                    .map(|id| family(&crate::solver::solver_info(id).expect("a registry id")))
                    .collect();
                assert!(families.len() >= 2, "{}: {ids:?}", set.name);
                assert!(families.contains(&Family::Blind), "{}: {ids:?}", set.name);
            }
        }
    }

    #[test]
    fn the_korf_instances_are_the_ones_with_fewest_manhattan_nodes() {
        let mut all = korf100::instances();
        all.sort_by_key(|k| k.nodes);
        let fewest: Vec<u32> = all.iter().take(KORF_INSTANCES.len()).map(|k| k.id).collect();
        assert_eq!(fewest, KORF_INSTANCES);
        assert!(all.iter().take(KORF_INSTANCES.len()).all(|k| k.nodes < 2_000_000));
    }

    #[test]
    #[ignore = "exhaustive: the 4x3 census, 239,500,800 states"]
    fn the_4x3_antipodes_are_the_census_deepest_layer() {
        let shape = Shape::new(4, 3).unwrap();
        let (c, deepest) = crate::census::census_with_deepest(
            shape,
            Topology::Grid,
            crate::census::DEFAULT_CENSUS_MAX_STATES,
            100,
        )
        .unwrap();
        assert_eq!(c.max_distance() as u64, ANTIPODE_DISTANCE_4X3);
        let texts: Vec<String> = deepest.iter().map(Board::to_text).collect();
        assert_eq!(texts, ANTIPODES_4X3);
    }
}
