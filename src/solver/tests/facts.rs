//! Facts checked once rather than per solver: the registry's flags against the algorithms, and
//! the depth counts of the reference and the tables against the published sequences.

use super::*;

/// The registry's flags as the solvers' documentation states them: the blind ones are exactly
/// the searches without a heuristic or a second frontier, and every id names its enums.
#[test]
fn registry_flags_match_the_algorithms() {
    let blind: Vec<String> =
        all_solvers().into_iter().filter(|s| s.blind).map(|s| s.algorithm.to_string()).collect();
    for name in ["bfs", "dijkstra", "dial", "pathfinding-bfs", "pathfinding-dijkstra"] {
        assert_eq!(blind.iter().filter(|b| *b == name).count(), 3, "{name}");
    }
    assert_eq!(blind.len(), 15);
    for info in all_solvers() {
        assert_eq!(info.algorithm, info.algorithm_kind.unwrap().name());
        assert_eq!(info.encoding, info.encoding_kind.unwrap().name());
        assert_eq!(solver_info(&info.id).as_ref(), Some(&info));
        assert_eq!(new_solver(&info.id, 10).unwrap().info(), &info);
        let listed = ALGORITHMS.iter().find(|a| a.name == info.algorithm).unwrap();
        assert_eq!(
            (listed.weighted, listed.table(), listed.peer, listed.blind()),
            (info.weighted, info.table, info.peer, info.blind)
        );
        assert!(listed.encodings.contains(&info.encoding_kind.unwrap()));
        assert!(!listed.topologies.is_empty() && !listed.memory.is_empty());
    }
    // Every algorithm appears once per encoding it declares, and nowhere else.
    for a in Algorithm::all() {
        let ids: Vec<String> = all_solvers()
            .into_iter()
            .filter(|i| i.algorithm_kind == Some(a))
            .map(|i| i.id)
            .collect();
        assert_eq!(ids.len(), a.encodings().len(), "{}", a.name());
        for e in EncodingKind::ALL.into_iter().filter(|e| !a.encodings().contains(e)) {
            assert!(solver_info(&format!("{}/{}", a.name(), e.name())).is_none());
        }
    }
    assert!(solver_info("idastar-md/rank").is_none() && solver_info("idastar-md/text").is_none());
    assert_eq!(solver_info(DEFAULT_WEIGHTED_SOLVER).map(|s| s.weighted), Some(true));
    assert!(solver_info(DEFAULT_SOLVER).is_some());
    assert!(solver_info("bfs").is_none() && solver_info("bfs/rank/x").is_none());
}

#[test]
fn reference_depth_counts_match_published_sequence() {
    let mut counts = vec![0u64; 32];
    for &d in grid_distances().iter().filter(|&&d| d != UNREACHED) {
        counts[d as usize] += 1;
    }
    assert_eq!(counts, GRID_3X3_DEPTHS);
    let mut counts = vec![0u64; 19];
    for &d in torus_distances() {
        counts[d as usize] += 1;
    }
    assert_eq!(counts, TORUS_3X3_DEPTHS);
    assert_eq!(counts.iter().sum::<u64>(), 362_880);
}

/// The table's answers over the whole 3×3 grid reproduce the published depth counts.
fn table_depth_counts(id: &str) {
    let mut s = make(id);
    let p = Puzzle::eight();
    let mut counts = vec![0u64; 32];
    for r in 0..FACTORIAL[9] {
        let b = board_of_rank(r);
        if let Some(m) = s.solve(&p, &b).unwrap().moves() {
            counts[m.len()] += 1;
        }
    }
    assert_eq!(counts, GRID_3X3_DEPTHS, "{id}");
}

#[test]
fn table_rank_depth_counts_match_published_sequence() {
    table_depth_counts("table/rank");
}

#[test]
#[ignore = "exhaustive: the text table answers all 362,880 grid boards"]
fn table_text_depth_counts_match_published_sequence() {
    table_depth_counts("table/text");
}

/// A table answers by following parent links from the start to the goal, visiting the path's
/// states, one more than its moves: that is the count it reports as expanded. It stores the
/// start's whole component (half the 3x3's arrangements).
#[test]
fn table_walk_counts_the_states_on_its_path() {
    let p = Puzzle::eight();
    let b = Board::parse(p.shape(), "23415x768").unwrap();
    for id in ["table/text", "table/rank", "table/packed"] {
        let sol = make(id).solve(&p, &b).unwrap();
        let moves = sol.moves().unwrap().len() as u64;
        assert!(moves > 1, "{id}");
        assert_eq!(sol.stats.expanded, moves + 1, "{id}");
        assert_eq!(sol.stats.stored, 181_440, "{id}");
    }
}

/// The rank table's memory, as it reports it: a reached bit and a 4-byte parent word per
/// arrangement, plus one spare word (for the 3x3, 5,670 words of bits and 362,881 parents).
#[test]
fn table_on_ranks_reports_a_bit_and_a_parent_word_an_arrangement() {
    let p = Puzzle::eight();
    let b = Board::parse(p.shape(), "23415x768").unwrap();
    let sol = make("table/rank").solve(&p, &b).unwrap();
    assert_eq!(sol.stats.peak_bytes, 5_670 * 8 + 362_881 * 4);
}

/// The rank table on 12 squares, the one size where a rank no longer fits beside its board in
/// one word, so the table's layers keep ranks in arrays of their own: it answers the 4x3's 18
/// boards farthest from the goal at their 53 moves (OEIS A090166).
#[test]
#[ignore = "exhaustive: the 4x3 rank table, 239,500,800 states, 2.9 GB at peak, about a minute"]
fn table_on_ranks_answers_the_4x3_antipodes_at_53_moves() {
    use crate::harness::check::{ANTIPODES_4X3, ANTIPODE_DISTANCE_4X3};
    let shape = Shape::new(4, 3).unwrap();
    let p = Puzzle::new(shape, Topology::Grid, Costs::UNIT, Board::solved(shape)).unwrap();
    let boards: Vec<Board> =
        ANTIPODES_4X3.iter().map(|t| Board::parse(shape, t).unwrap()).collect();
    let mut table = new_solver("table/rank", 479_001_600).unwrap();
    for board in &boards {
        let sol = solve_checked(table.as_mut(), &p, board);
        assert_eq!(sol.cost(), Some(ANTIPODE_DISTANCE_4X3), "{board}");
        assert_eq!(sol.stats.stored, 239_500_800);
    }
}

/// The peak memory the informed solvers report: IDA* holds its path, a byte a move; A* its map,
/// 16 bytes a state stored (an 8-byte board and an 8-byte record).
#[test]
fn heuristic_searches_report_a_byte_a_move_and_16_bytes_a_stored_state() {
    let p = Puzzle::eight();
    let b = Board::parse(p.shape(), "23415x768").unwrap();
    let ida = make("idastar-md/packed").solve(&p, &b).unwrap();
    assert_eq!(ida.stats.peak_bytes, ida.moves().unwrap().len() as u64);
    let a = make("astar-md/packed").solve(&p, &b).unwrap();
    assert!(a.stats.stored > 1, "{} stored", a.stats.stored);
    assert_eq!(a.stats.peak_bytes, 16 * a.stats.stored);
}

/// The table holds the goal's whole component, so a bound below it is refused before any
/// search, naming the arrangements (not after storing that many states): the component is half
/// the arrangements on a grid and on a torus whose moves keep a colouring (3x2), all of them on
/// the 3x3 torus. At exactly the component's size the table builds, by breadth-first search or,
/// on weighted moves, by Dijkstra.
#[test]
fn table_refuses_a_bound_below_its_component_before_searching() {
    let torus_3x2 = Puzzle::new(
        Shape::new(3, 2).unwrap(),
        Topology::Torus,
        Costs::UNIT,
        Board::solved(Shape::new(3, 2).unwrap()),
    )
    .unwrap();
    let weighted = Puzzle::eight().with_costs(Costs { horizontal: 2, vertical: 3 }).unwrap();
    let cases =
        [(Puzzle::eight(), 181_440), (torus(), 362_880), (torus_3x2, 360), (weighted, 181_440)];
    for (puzzle, component) in cases {
        let mut start = *puzzle.goal();
        let (_, next) = puzzle.moves_from(start.blank())[0];
        start.swap_blank(start.blank(), usize::from(next));
        for id in ["table/text", "table/packed"] {
            let what = format!("{id} on the {} {}", puzzle.shape(), puzzle.topology());
            let sol = new_solver(id, component).unwrap().solve(&puzzle, &start).unwrap();
            assert_eq!(sol.stats.stored, component, "{what}");
            let err = new_solver(id, component - 1).unwrap().solve(&puzzle, &start).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::TooLarge, "{what}: {err}");
            assert!(err.message().contains("arrangements"), "{what}: {err}");
        }
        // Over ranks the arrays cover every arrangement, so the bound is all of them (on the
        // 3x3 torus exactly the component) and only the count is checked: on the 3x2 torus,
        // where up and down reach the same square and the move list keeps one of them, a child
        // can step back to its parent by the other; only the parent's reached bit (the goal's,
        // set before the first layer) keeps it from being counted again.
        let all = puzzle.arrangements();
        let sol = new_solver("table/rank", all).unwrap().solve(&puzzle, &start).unwrap();
        assert_eq!(sol.stats.stored, component, "table/rank on the {}", puzzle.shape());
    }
}

#[test]
fn torus_table_reaches_all_362880_arrangements() {
    let mut s = make("table/rank");
    let p = torus();
    let mut reached = 0u64;
    for r in 0..FACTORIAL[9] {
        let sol = s.solve(&p, &board_of_rank(r)).unwrap();
        if let Some(m) = sol.moves() {
            assert_eq!(m.len() as u8, torus_distances()[r as usize]);
            reached += 1;
        }
    }
    assert_eq!(reached, 362_880);
}

/// Both bidirectional searches over ranks agree with the reference on every solvable board.
fn bidirectional_agrees_everywhere(id: &str) {
    let mut s = make(id);
    let p = Puzzle::eight();
    let dist = grid_distances();
    for r in 0..FACTORIAL[9] {
        if dist[r as usize] != UNREACHED {
            let b = board_of_rank(r);
            let sol = s.solve(&p, &b).unwrap();
            let moves = sol.moves().expect("solvable");
            assert_eq!(moves.len() as u8, dist[r as usize], "{id} on {b}");
            assert_eq!(p.replay(&b, moves).unwrap().0, *p.goal());
        }
    }
}

#[test]
#[ignore = "exhaustive: all 181,440 solvable grid boards"]
fn bidir_split_rank_agrees_on_all_181440_solvable_boards() {
    bidirectional_agrees_everywhere("bidir-split/rank");
}

#[test]
#[ignore = "exhaustive: all 181,440 solvable grid boards"]
fn bidir_shared_rank_agrees_on_all_181440_solvable_boards() {
    bidirectional_agrees_everywhere("bidir-shared/rank");
}

/// Dijkstra with unit costs finds BFS's lengths on `count` seeded torus boards.
fn dijkstra_matches_bfs_on_torus(count: usize) {
    let mut d = make("dijkstra/rank");
    let mut b = make("bfs/rank");
    let p = torus();
    for start in seeded_boards(0xd1, count, torus_distances(), |_| true) {
        let x = solve_checked(d.as_mut(), &p, &start);
        let y = solve_checked(b.as_mut(), &p, &start);
        assert_eq!(x.cost(), y.moves().map(|m| m.len() as u64));
    }
}

#[test]
fn dijkstra_with_unit_costs_matches_bfs_lengths_on_torus_sample() {
    dijkstra_matches_bfs_on_torus(12);
}

#[test]
#[ignore = "exhaustive: 300 seeded torus boards"]
fn dijkstra_with_unit_costs_matches_bfs_lengths_on_300_torus_boards() {
    dijkstra_matches_bfs_on_torus(300);
}

#[test]
fn unknown_solver_is_an_error() {
    assert!(new_solver("bfs/utf8", 10).is_err());
    assert!(new_solver("nope", 10).is_err());
}

#[test]
fn text_search_over_its_bound_stops_with_an_error() {
    let mut s = new_solver("bfs/text", 1000).unwrap();
    let p = Puzzle::eight();
    let b = Board::parse(p.shape(), "8 6 7 2 5 4 3 x 1").unwrap();
    assert_eq!(s.solve(&p, &b).unwrap_err().kind(), ErrorKind::TooLarge);
    let mut s = new_solver("pathfinding-bfs/text", 1000).unwrap();
    assert_eq!(s.solve(&p, &b).unwrap_err().kind(), ErrorKind::TooLarge);
}

#[test]
fn larger_shapes_solve_with_text_and_refuse_flat_arrays() {
    let s = Shape::new(4, 4).unwrap();
    let p = Puzzle::new(s, Topology::Grid, Costs::UNIT, Board::solved(s)).unwrap();
    let start = Board::parse(s, "1 2 3 4 5 6 7 8 9 a b c d x e f").unwrap();
    for id in ["bfs/text", "bidir-split/text", "astar/text", "pathfinding-bfs/text"] {
        let sol = solve_checked(make(id).as_mut(), &p, &start);
        assert_eq!(sol.moves().map(<[_]>::len), Some(2), "{id}");
    }
    let err = make("bfs/rank").solve(&p, &start).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooLarge);
    assert!(err.message().contains("20,922,789,888,000"), "{err}");
}

#[test]
fn table_prepare_times_each_new_puzzle_once_and_forks_reuse_the_build() {
    let mut s = make("table/rank");
    let p = Puzzle::eight();
    assert!(s.prepare(&p).unwrap().is_some());
    assert_eq!(s.prepare(&p).unwrap(), None);
    let mut fork = s.fork();
    assert_eq!(fork.prepare(&p).unwrap(), None, "a fork shares the built table");
    let weighted = p.with_costs(Costs { horizontal: 2, vertical: 3 }).unwrap();
    assert!(s.prepare(&weighted).unwrap().is_some(), "new costs need a new table");
    let other_goal = Board::parse(p.shape(), "x12345678").unwrap();
    let moved = Puzzle::new(p.shape(), Topology::Grid, Costs::UNIT, other_goal).unwrap();
    assert!(fork.prepare(&moved).unwrap().is_some(), "a new goal needs a new table");
}

#[test]
fn searches_have_no_build_to_time() {
    let p = Puzzle::eight();
    let builds = |i: &SolverInfo| i.table || i.algorithm_kind.unwrap().builds_heuristic();
    for info in all_solvers().into_iter().filter(|i| !builds(i)) {
        assert_eq!(make(&info.id).prepare(&p).unwrap(), None, "{}", info.id);
    }
}

#[test]
fn heuristic_searches_time_each_new_puzzle_once_and_forks_share_the_build() {
    let p = Puzzle::eight();
    // The rows off the 3x3 (pattern databases of other shapes) refuse it before any build.
    let heuristic = all_solvers()
        .into_iter()
        .filter(|i| i.algorithm_kind.unwrap().builds_heuristic() && i.accepts(&p));
    for info in heuristic {
        let mut s = make(&info.id);
        assert!(s.prepare(&p).unwrap().is_some(), "{}", info.id);
        assert_eq!(s.prepare(&p).unwrap(), None, "{}", info.id);
        let mut fork = s.fork();
        assert_eq!(fork.prepare(&p).unwrap(), None, "{}: a fork shares the build", info.id);
        let other_goal = Board::parse(p.shape(), "x12345678").unwrap();
        let moved = Puzzle::new(p.shape(), Topology::Grid, Costs::UNIT, other_goal).unwrap();
        assert!(fork.prepare(&moved).unwrap().is_some(), "{}: a new goal, a new build", info.id);
    }
}

fn fifteen(goal: Board) -> Puzzle {
    Puzzle::new(goal.shape(), Topology::Grid, Costs::UNIT, goal).unwrap()
}

#[test]
fn default_solver_is_the_table_where_the_space_fits_else_the_best_ida_star() {
    let max = crate::encoding::DEFAULT_MAX_STATES;
    assert_eq!(default_solver_for(&Puzzle::eight(), max), "table/rank");
    assert_eq!(default_solver_for(&torus(), max), "table/rank");
    let s4 = Shape::new(4, 4).unwrap();
    let korf = fifteen(crate::cases::korf100::korf_goal());
    assert_eq!(default_solver_for(&korf, max), "idastar-pdb663/packed");
    assert_eq!(default_solver_for(&fifteen(Board::solved(s4)), max), "idastar-pdb663/packed");
    // IDA* and pattern databases take unit costs: weighted boards get A*.
    let weighted = korf.with_costs(Costs { horizontal: 2, vertical: 3 }).unwrap();
    assert_eq!(default_solver_for(&weighted, max), "astar-lc/packed");
    let weighted_torus = torus().with_costs(Costs { horizontal: 2, vertical: 3 }).unwrap();
    assert_eq!(default_solver_for(&weighted_torus, 1000), "astar-md/packed");
    let s43 = Shape::new(4, 3).unwrap();
    assert_eq!(default_solver_for(&fifteen(Board::solved(s43)), max), "idastar-lc/packed");
    // 4×3 has 12! = 479,001,600 arrangements: the table where the bound allows it.
    assert_eq!(default_solver_for(&fifteen(Board::solved(s43)), 479_001_600), "table/rank");
    let t4 = Puzzle::new(s4, Topology::Torus, Costs::UNIT, Board::solved(s4)).unwrap();
    assert_eq!(default_solver_for(&t4, max), "idastar-md/packed");
    // 3×3 under a bound below 9!.
    assert_eq!(default_solver_for(&Puzzle::eight(), 1000), "idastar-lc/packed");
    assert_eq!(default_solver_for(&torus(), 1000), "idastar-md/packed");
    for id in [
        DEFAULT_SOLVER,
        "idastar-pdb663/packed",
        "idastar-lc/packed",
        "idastar-md/packed",
        "astar-lc/packed",
        "astar-md/packed",
    ] {
        assert!(solver_info(id).is_some(), "{id}");
    }
}

/// Korf's instance 79 (42 moves, the fewest Manhattan nodes of the 100), as published with
/// Korf's goal, solved through the registry at its published length.
#[test]
fn korf_instance_79_solved_at_published_length_by_the_4x4_solvers() {
    let korf = crate::cases::korf100::instances();
    let inst = korf.iter().find(|i| i.id == 79).unwrap();
    let p = crate::cases::korf100::korf_puzzle();
    for id in ["idastar-pdb663/packed", "idastar-lc/packed", "astar-lc/packed"] {
        let sol = solve_checked(make(id).as_mut(), &p, &inst.board);
        assert_eq!(sol.moves().map(|m| m.len() as u32), Some(inst.length), "{id}");
    }
}

/// The 7-8 tables take minutes to build: a solve without them refuses and names the command,
/// and the harness's check says the same before any query; on other shapes, where the row
/// does not run, it asks for no build.
#[test]
fn the_78_solver_refuses_until_its_tables_are_built_and_names_the_command() {
    let dir = tempfile::tempdir().unwrap();
    let opts =
        SolverOptions { pdb_dir: Some(dir.path().to_path_buf()), ..SolverOptions::default() };
    let p = crate::cases::korf100::korf_puzzle();
    let inst = crate::cases::korf100::instances().into_iter().find(|i| i.id == 79).unwrap();
    let err = new_solver_with("idastar-pdb78/packed", &opts).unwrap().solve(&p, &inst.board);
    let err = err.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unsupported, "{err}");
    let command = format!(
        "slidebench pdb build --shape 4x4 --goal 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 \
         --partition 78 --pdb-dir {}",
        dir.path().display()
    );
    assert!(err.message().contains(&command), "{err}");
    let info = solver_info("idastar-pdb78/packed").unwrap();
    assert!(super::not_built(&info, &p, &opts).unwrap().contains(&command));
    // Off the shape its partition is for, the row does not run at all (`idastar-pdb` does, over
    // the even split): nothing to build there.
    assert_eq!(super::not_built(&info, &Puzzle::eight(), &opts), None, "7-8 on the 3x3");
    let info = solver_info("idastar-pdb6666/packed").unwrap();
    assert_eq!(super::not_built(&info, &p, &opts), None, "6-6-6-6 on the 4x4");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "nothing was built");
}

/// The zero-aware 7-8 tables (1.15 GB) are built only on request too: both rows refuse a solve
/// and sit out a check naming `pdb build ... --zero-aware`, and building nothing.
#[test]
fn the_zero_aware_78_solvers_refuse_until_their_tables_are_built_and_name_the_command() {
    let dir = tempfile::tempdir().unwrap();
    let opts =
        SolverOptions { pdb_dir: Some(dir.path().to_path_buf()), ..SolverOptions::default() };
    let p = crate::cases::korf100::korf_puzzle();
    let inst = crate::cases::korf100::instances().into_iter().find(|i| i.id == 79).unwrap();
    let command = format!(
        "slidebench pdb build --shape 4x4 --goal 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 \
         --partition 78 --pdb-dir {} --zero-aware",
        dir.path().display()
    );
    for id in ["idastar-zpdb78/packed", "idastar-zpdb78-fsm/packed"] {
        let err = new_solver_with(id, &opts).unwrap().solve(&p, &inst.board).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Unsupported, "{id}: {err}");
        assert!(err.message().contains("zero-aware 78 pattern databases (1153152000 bytes)"));
        assert!(err.message().contains(&command), "{id}: {err}");
        let info = solver_info(id).unwrap();
        let why = super::not_built(&info, &p, &opts).unwrap();
        assert!(why.contains("zero-aware 78 databases are not built"), "{id}: {why}");
        assert!(why.contains(&command), "{id}: {why}");
        assert_eq!(super::not_built(&info, &Puzzle::eight(), &opts), None, "{id} on the 3x3");
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "nothing was built");
}

#[test]
fn ida_star_ignores_the_state_bound_and_a_star_honours_it() {
    let p = crate::cases::korf100::korf_puzzle();
    let inst = crate::cases::korf100::instances().into_iter().find(|i| i.id == 79).unwrap();
    let opts = SolverOptions { max_states: 1000, ..test_options() };
    let sol = new_solver_with("idastar-lc/packed", &opts).unwrap().solve(&p, &inst.board);
    assert_eq!(sol.unwrap().moves().map(|m| m.len() as u32), Some(inst.length));
    for id in ["astar-md/packed", "pathfinding-astar/packed"] {
        let err = new_solver_with(id, &opts).unwrap().solve(&p, &inst.board).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::TooLarge, "{id}: {err}");
    }
}

#[test]
fn pattern_databases_refuse_weights_and_linear_conflict_refuses_the_torus() {
    let weighted = Puzzle::eight().with_costs(Costs { horizontal: 2, vertical: 3 }).unwrap();
    let b = Board::parse(weighted.shape(), "23415x768").unwrap();
    let err = make("idastar-pdb/packed").solve(&weighted, &b).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unsupported, "{err}");
    for id in ["idastar-lc/packed", "astar-lc/packed"] {
        refuses_topology(make(id).as_mut(), &torus(), &b);
        assert!(!solver_info(id).unwrap().accepts(&torus()));
    }
}
