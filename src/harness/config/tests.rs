//! The policy applied to requests: each test states one rule `RunConfig` owns.

use super::*;

fn sizes(config: &RunConfig) -> Vec<(String, usize)> {
    let defs = config.options.sets.iter().map(|s| s.def().expect("a generated set"));
    defs.map(|d| (d.name(), d.count)).collect()
}

#[test]
fn the_default_request_runs_the_default_sets_at_their_policy_sizes() {
    let config = RunConfig::compare(&CompareRequest::default(), &[]).unwrap();
    let expected: Vec<(String, usize)> = DEFAULT_SETS
        .iter()
        .map(|(name, count)| {
            let kind: SetKind = name.split(':').next().unwrap().parse().unwrap();
            ((*name).to_string(), count.unwrap_or(kind.default_count()))
        })
        .collect();
    assert_eq!(sizes(&config), expected);
    assert_eq!(config.chosen.len(), all_solvers().len());
}

#[test]
fn a_full_run_scales_only_the_sets_neither_the_user_nor_the_policy_sized() {
    let full = CompareRequest { full: true, ..CompareRequest::default() };
    let config = RunConfig::compare(&full, &[]).unwrap();
    let sizes = sizes(&config);
    let size = |name: &str| sizes.iter().find(|(n, _)| n == name).unwrap().1;
    assert_eq!(size("random"), SetKind::Random.default_count() * FULL_RUN_SCALE);
    assert_eq!(size("random:2x3"), 200);
    let counted = CompareRequest { count: Some(7), cases: vec!["random".into()], ..full };
    assert_eq!(self::sizes(&RunConfig::compare(&counted, &[]).unwrap()), [("random".into(), 7)]);
}

#[test]
fn the_default_time_budget_spares_the_puzzles_a_table_covers_and_an_explicit_one_does_not() {
    let default = RunConfig::compare(&CompareRequest::default(), &[]).unwrap().controls;
    assert_eq!(default.budget.time, Some(DEFAULT_BUDGET_TIME));
    assert_eq!(default.unbudgeted_up_to, Some(DEFAULT_MAX_STATES));
    let two = CompareRequest { budget_time: Some(2.0), ..CompareRequest::default() };
    let two = RunConfig::compare(&two, &[]).unwrap().controls;
    assert_eq!((two.budget.time, two.unbudgeted_up_to), (Some(Duration::from_secs(2)), None));
    let none = CompareRequest { budget_time: Some(0.0), ..CompareRequest::default() };
    assert_eq!(RunConfig::compare(&none, &[]).unwrap().controls.budget.time, None);
}

#[test]
fn the_thread_sweep_times_only_chosen_solvers_and_never_a_shard() {
    let some = CompareRequest {
        solvers: vec!["table/rank".into(), "bfs/text".into()],
        ..CompareRequest::default()
    };
    let config = RunConfig::compare(&some, &[]).unwrap();
    assert_eq!(config.options.sweep_solvers, ["table/rank"]);
    assert!(config.options.sweep_threads.starts_with(&[1, 2]));
    let shard = CompareRequest { shard: Some("1/2".parse().unwrap()), ..some };
    assert!(RunConfig::compare(&shard, &[]).unwrap().options.sweep_solvers.is_empty());
}

#[test]
fn an_outside_solver_sits_out_every_arrangement_in_the_run_it_is_given_to() {
    let program = super::super::policy::outside_program();
    let request = CompareRequest {
        cases: vec!["all".into(), "sample".into()],
        solvers: vec!["table/rank".into()],
        ..CompareRequest::default()
    };
    let config = RunConfig::compare(&request, std::slice::from_ref(&program)).unwrap();
    assert_eq!(config.options.skip, [("all".to_string(), program.id)]);
}

#[test]
fn a_request_the_harness_cannot_run_is_refused_before_any_work_and_says_why() {
    let refused = |request: CompareRequest| {
        RunConfig::compare(&request, &[]).map(|_| ()).unwrap_err().to_string()
    };
    let base = CompareRequest::default;
    assert!(refused(CompareRequest { threads: 0, ..base() }).contains("0 threads"));
    assert!(refused(CompareRequest { threads: MAX_THREADS + 1, ..base() }).contains("threads"));
    assert!(refused(CompareRequest { repeat: 0, ..base() }).contains("at least once"));
    let product = CompareRequest { threads: 2, search_threads: MAX_THREADS / 2 + 1, ..base() };
    let e = refused(product);
    assert!(
        e.contains("--threads 2")
            && e.contains(&format!("--search-threads {}", MAX_THREADS / 2 + 1)),
        "{e}"
    );
    assert!(refused(CompareRequest { search_threads: 0, ..base() }).contains("--search-threads 0"));
    let unknown = CompareRequest { solvers: vec!["bfs/rnak".into()], ..base() };
    assert!(refused(unknown).contains("unknown solver `bfs/rnak`"));
    let missing = CompareRequest { cases: vec!["no-such-file.hdu".into()], ..base() };
    assert!(refused(missing).contains("`no-such-file.hdu`: no such file"));
    let judged = RunConfig::judge(Vec::new(), vec!["nope".into()], None);
    assert!(judged.unwrap_err().to_string().contains("unknown solver `nope`"));
}

#[test]
fn threads_outside_one_to_the_maximum_are_refused_with_one_text_by_the_rule_and_the_request() {
    for n in [0, MAX_THREADS + 1] {
        let err = threads_setting(n).unwrap_err();
        assert_eq!(err.message(), format!("{n} threads: use 1 to {MAX_THREADS}"));
        let request = CompareRequest { threads: n, ..CompareRequest::default() };
        assert_eq!(RunConfig::compare(&request, &[]).unwrap_err().message(), err.message());
    }
    assert_eq!(threads_setting(1).unwrap(), 1);
    assert_eq!(threads_setting(MAX_THREADS).unwrap(), MAX_THREADS);
}

#[test]
fn a_judge_run_is_one_thread_with_the_time_limit_only_beyond_table_spaces() {
    let limit = Some(Duration::from_secs(3));
    let config = RunConfig::judge(Vec::new(), vec!["table/rank".into()], limit).unwrap();
    assert_eq!(config.options.threads, 1);
    assert_eq!(config.controls.budget, Budget { time: limit, states: None });
    assert_eq!(config.controls.unbudgeted_up_to, Some(DEFAULT_MAX_STATES));
    assert!(config.options.sweep_solvers.is_empty());
}

/// A time setting out of range is an error naming it, not a panic in `Duration`: infinity,
/// NaN, a negative and a number of seconds past any `Duration`.
#[test]
fn the_library_config_refuses_time_settings_out_of_range_naming_the_setting() {
    for bad in [f64::INFINITY, f64::NAN, -1.0, 1e30] {
        let requests = [
            ("budget_time", CompareRequest { budget_time: Some(bad), ..CompareRequest::default() }),
            ("cap_time", CompareRequest { cap_time: Some(bad), ..CompareRequest::default() }),
            ("repeat_time", CompareRequest { repeat_time: Some(bad), ..CompareRequest::default() }),
        ];
        for (setting, request) in requests {
            let err = RunConfig::compare(&request, &[]).unwrap_err();
            assert!(err.message().starts_with(setting), "{bad}: {err}");
        }
    }
}
