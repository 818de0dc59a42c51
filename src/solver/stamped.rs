//! The one list of solver ids the stamped tests are written for, each with the name its tests
//! go by (`solver::tests::bfs_rank::…`, `solver::wide_tests::bfs_rank`, which CI filters
//! name). Both stamping macros read it, and `every_registered_solver_is_tested` compares it
//! with the registry, naming a row left out.

/// Calls the stamping macro `$stamp` with every `name => "id";` pair.
macro_rules! every_solver_id {
    ($stamp:ident) => {
        $stamp! {
            bfs_text => "bfs/text";
            bfs_rank => "bfs/rank";
            table_text => "table/text";
            table_rank => "table/rank";
            bidir_shared_text => "bidir-shared/text";
            bidir_shared_rank => "bidir-shared/rank";
            bidir_split_text => "bidir-split/text";
            bidir_split_rank => "bidir-split/rank";
            dijkstra_text => "dijkstra/text";
            dijkstra_rank => "dijkstra/rank";
            dial_text => "dial/text";
            dial_rank => "dial/rank";
            astar_text => "astar/text";
            astar_rank => "astar/rank";
            pathfinding_bfs_text => "pathfinding-bfs/text";
            pathfinding_bfs_rank => "pathfinding-bfs/rank";
            pathfinding_bidir_text => "pathfinding-bidir/text";
            pathfinding_bidir_rank => "pathfinding-bidir/rank";
            pathfinding_dijkstra_text => "pathfinding-dijkstra/text";
            pathfinding_dijkstra_rank => "pathfinding-dijkstra/rank";
            bfs_packed => "bfs/packed";
            table_packed => "table/packed";
            bidir_shared_packed => "bidir-shared/packed";
            bidir_split_packed => "bidir-split/packed";
            dijkstra_packed => "dijkstra/packed";
            dial_packed => "dial/packed";
            astar_packed => "astar/packed";
            pathfinding_bfs_packed => "pathfinding-bfs/packed";
            pathfinding_bidir_packed => "pathfinding-bidir/packed";
            pathfinding_dijkstra_packed => "pathfinding-dijkstra/packed";
            idastar_md_packed => "idastar-md/packed";
            idastar_lc_packed => "idastar-lc/packed";
            astar_md_packed => "astar-md/packed";
            astar_lc_packed => "astar-lc/packed";
            pathfinding_idastar_packed => "pathfinding-idastar/packed";
            pathfinding_astar_packed => "pathfinding-astar/packed";
            idastar_pdb_packed => "idastar-pdb/packed";
            idastar_pdb555_packed => "idastar-pdb555/packed";
            idastar_pdb663_packed => "idastar-pdb663/packed";
            idastar_pdb78_packed => "idastar-pdb78/packed";
            idastar_pdb6666_packed => "idastar-pdb6666/packed";
            idastar_pdb78_dual_packed => "idastar-pdb78-dual/packed";
            idastar_pdb6666_dual_packed => "idastar-pdb6666-dual/packed";
            idastar_pdb78_dual_fsm_packed => "idastar-pdb78-dual-fsm/packed";
            idastar_pdb6666_dual_fsm_packed => "idastar-pdb6666-dual-fsm/packed";
            idastar_md_fsm_packed => "idastar-md-fsm/packed";
            idastar_lc_fsm_packed => "idastar-lc-fsm/packed";
            idastar_pdb78_fsm_packed => "idastar-pdb78-fsm/packed";
            idastar_pdb6666_fsm_packed => "idastar-pdb6666-fsm/packed";
            idastar_pdb6666_max_packed => "idastar-pdb6666-max/packed";
            idastar_pdb6666_max_fsm_packed => "idastar-pdb6666-max-fsm/packed";
            idastar_zpdb663_packed => "idastar-zpdb663/packed";
            idastar_zpdb663_fsm_packed => "idastar-zpdb663-fsm/packed";
            idastar_zpdb78_packed => "idastar-zpdb78/packed";
            idastar_zpdb78_fsm_packed => "idastar-zpdb78-fsm/packed";
            idastar_zpdb6666_packed => "idastar-zpdb6666/packed";
            idastar_zpdb6666_fsm_packed => "idastar-zpdb6666-fsm/packed";
            idastar_catalogue_packed => "idastar-catalogue/packed";
            idastar_catalogue_fsm_packed => "idastar-catalogue-fsm/packed";
            astar_pdb663_packed => "astar-pdb663/packed";
        }
    };
}
pub(super) use every_solver_id;
