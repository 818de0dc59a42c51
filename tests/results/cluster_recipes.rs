//! The sharding recipes the guide links are the files CI runs (`scripts/cluster/`), and the
//! Korf & Felner array's tasks are sized from the instances' published node counts.

use slidebench::cases::korf50;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/{path}")).unwrap()
}

#[test]
fn the_guide_links_the_cluster_recipes_ci_runs() {
    let guide = read("docs/large-runs.md");
    for file in ["parallel.sh", "compare.sbatch", "korf50.sbatch"] {
        assert!(
            std::path::Path::new(&format!("{ROOT}/scripts/cluster/{file}")).is_file(),
            "{file}"
        );
        let link = format!("(../scripts/cluster/{file})");
        assert!(guide.contains(&link), "docs/large-runs.md does not link {file}");
    }
    let ci = read("scripts/cluster/ci.sh");
    for file in ["parallel.sh", "compare.sbatch"] {
        assert!(ci.contains(&format!("scripts/cluster/{file}\"")), "ci.sh does not run {file}");
    }
}

/// Nodes per CPU second of `idastar-pdb6666/packed`, as docs/large-runs.md says it was measured
/// (`examples/checkpoint_overhead.rs`).
const NODES_PER_SECOND: f64 = 21e6;

/// Most hours of one core a task of several instances is given.
const TASK_HOURS: f64 = 4.0;

/// The array's task lines: the shards (1-based, easiest first) in order, packed into tasks of
/// at most [`TASK_HOURS`] at [`NODES_PER_SECOND`], an instance above that alone, each line
/// with its expected nodes and hours.
fn planned_tasks() -> Vec<String> {
    let cap = TASK_HOURS * 3600.0 * NODES_PER_SECOND;
    let mut tasks: Vec<(Vec<usize>, u64)> = Vec::new();
    for (k, instance) in korf50::by_nodes().iter().enumerate() {
        match tasks.last_mut() {
            Some((shards, nodes)) if (*nodes + instance.nodes) as f64 <= cap => {
                shards.push(k + 1);
                *nodes += instance.nodes;
            }
            _ => tasks.push((vec![k + 1], instance.nodes)),
        }
    }
    tasks
        .iter()
        .map(|(shards, nodes)| {
            let list: Vec<String> = shards.iter().map(ToString::to_string).collect();
            let hours = *nodes as f64 / NODES_PER_SECOND / 3600.0;
            format!("    \"{}\" # {:.2e} nodes, {hours:.1} h", list.join(" "), *nodes as f64)
        })
        .collect()
}

#[test]
fn the_korf50_arrays_tasks_are_sized_from_the_published_node_counts() {
    let file = read("scripts/cluster/korf50.sbatch");
    let lines: Vec<&str> =
        file.lines().skip_while(|l| *l != "tasks=(").skip(1).take_while(|l| *l != ")").collect();
    let planned = planned_tasks();
    assert_eq!(lines, planned, "expected the lines:\n{}", planned.join("\n"));
    assert!(file.contains(&format!("#SBATCH --array=1-{}\n", planned.len())), "{file}");
    assert_eq!(planned.len(), 24);
    assert!(planned.last().unwrap().starts_with("    \"50\" #"), "the hardest alone");
}

#[test]
fn the_korf50_array_requeues_before_its_time_limit() {
    let file = read("scripts/cluster/korf50.sbatch");
    for line in ["#SBATCH --requeue", "#SBATCH --signal=B:USR1@300", "#SBATCH --time=2-00:00:00"] {
        assert!(file.lines().any(|l| l == line), "no `{line}`");
    }
    assert!(file.contains("trap requeue USR1") && file.contains("kill -TERM \"$search\""));
    assert!(file.contains("scontrol requeue"), "{file}");
}

/// Runs `recipe` with a stand-in `slidebench` (and `srun`) on the PATH that records its
/// arguments, one a line, and with `SLIDEBENCH_ARGS` naming a file of arguments holding
/// `hostile`; returns what each `slidebench compare` was given.
fn recipe_arguments(recipe: &str, hostile: &str, dir: &std::path::Path) -> Vec<Vec<String>> {
    use std::os::unix::fs::PermissionsExt;
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let log = dir.join("log");
    std::fs::create_dir_all(&log).unwrap();
    let record = format!(
        "#!/bin/bash\n[ \"$1\" = compare ] || exit 0\nprintf '%s\\n' \"$@\" > \"{}/$$\"\n",
        log.display()
    );
    for (name, body) in [("slidebench", record.as_str()), ("srun", "#!/bin/bash\nexec \"$@\"\n")] {
        std::fs::write(bin.join(name), body).unwrap();
        std::fs::set_permissions(bin.join(name), std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let args = dir.join("args.txt");
    std::fs::write(&args, format!("--cases\n{hostile}\n--count\n4\n")).unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let status = std::process::Command::new("bash")
        .arg(format!("{ROOT}/scripts/cluster/{recipe}"))
        .current_dir(dir)
        .env("PATH", path)
        .env("SLIDEBENCH_ARGS", &args)
        .env("SLURM_ARRAY_TASK_ID", "1")
        .env("SLURM_ARRAY_TASK_COUNT", "1")
        .status()
        .unwrap();
    assert!(status.success(), "{recipe}");
    std::fs::read_dir(&log)
        .unwrap()
        .map(|e| {
            let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
            text.lines().map(String::from).collect()
        })
        .collect()
}

#[test]
fn the_recipes_pass_arguments_verbatim_and_run_nothing_in_them() {
    for recipe in ["compare.sbatch", "parallel.sh"] {
        if recipe == "parallel.sh"
            && std::process::Command::new("parallel").arg("--version").output().is_err()
        {
            eprintln!("GNU parallel is not installed: parallel.sh not run");
            continue;
        }
        let dir = tempfile::tempdir().unwrap();
        let pwned = dir.path().join("pwned");
        let hostile = format!("my cases/it's \"$(touch {})\"; touch {0}", pwned.display());
        let runs = recipe_arguments(recipe, &hostile, dir.path());
        assert!(!runs.is_empty(), "{recipe} ran no compare");
        for args in &runs {
            assert_eq!(args[..5], ["compare", "--cases", &hostile, "--count", "4"], "{recipe}");
        }
        assert!(!pwned.exists(), "{recipe} ran a command from its arguments");
    }
}

/// Runs `recipe` with `name=value` in its environment and stand-ins for `slidebench`, `srun`,
/// `parallel` and `scontrol` on the PATH that record any call; returns the recipe's exit
/// status, its stderr, and whether any stand-in was called.
fn recipe_with_setting(recipe: &str, name: &str, value: &str) -> (Option<i32>, String, bool) {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let called = dir.path().join("called");
    for tool in ["slidebench", "srun", "parallel", "scontrol"] {
        let body = format!("#!/bin/bash\necho {tool} >> '{}'\n", called.display());
        std::fs::write(bin.join(tool), body).unwrap();
        std::fs::set_permissions(bin.join(tool), std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let out = std::process::Command::new("bash")
        .arg(format!("{ROOT}/scripts/cluster/{recipe}"))
        .current_dir(dir.path())
        .env("PATH", path)
        .env(name, value)
        .env("CACHE", dir.path())
        .env("SLURM_ARRAY_TASK_ID", "1")
        .env("SLURM_ARRAY_TASK_COUNT", "1")
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into(), called.exists())
}

const RECIPES: [&str; 4] = ["compare.sbatch", "parallel.sh", "split.sbatch", "korf50.sbatch"];

#[test]
fn a_recipe_given_the_retired_sets_setting_refuses_it_naming_its_replacement_and_runs_nothing() {
    for recipe in RECIPES {
        let (code, stderr, called) = recipe_with_setting(recipe, "SLIDEBENCH_SETS", "korf100");
        assert!(code.is_some_and(|c| c != 0), "{recipe} exited {code:?}: {stderr}");
        assert!(stderr.contains("SLIDEBENCH_SETS is retired"), "{recipe}: {stderr}");
        if recipe != "korf50.sbatch" {
            assert!(stderr.contains("SLIDEBENCH_ARGS"), "{recipe} names no replacement: {stderr}");
        }
        assert!(!called, "{recipe} ran a command before refusing the setting");
    }
}

#[test]
fn a_recipe_given_an_unknown_setting_refuses_it_by_name_and_runs_nothing() {
    for recipe in RECIPES {
        let (code, stderr, called) = recipe_with_setting(recipe, "SLIDEBENCH_ARG", "args.txt");
        assert!(code.is_some_and(|c| c != 0), "{recipe} exited {code:?}: {stderr}");
        assert!(stderr.contains("unknown setting SLIDEBENCH_ARG "), "{recipe}: {stderr}");
        assert!(!called, "{recipe} ran a command before refusing the setting");
    }
}
