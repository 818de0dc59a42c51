//! The sharding recipes of the README are the files CI runs (`scripts/cluster/`).

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/{path}")).unwrap()
}

#[test]
fn the_readmes_cluster_recipes_are_the_files_ci_runs() {
    let readme = read("README.md");
    for file in ["parallel.sh", "compare.sbatch"] {
        let text = read(&format!("scripts/cluster/{file}"));
        assert!(readme.contains(&format!("```sh\n{text}```")), "the README's {file} drifted");
    }
    let ci = read("scripts/cluster/ci.sh");
    for file in ["parallel.sh", "compare.sbatch"] {
        assert!(ci.contains(&format!("scripts/cluster/{file}\"")), "ci.sh does not run {file}");
    }
}
