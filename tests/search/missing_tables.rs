//! What a test of the exhaustive tier does when the tables it reads are not cached: it fails,
//! naming the script that builds them, unless a local run allows missing tables, when it says
//! it is skipped. CI builds the tables first (`scripts/build-test-tables.sh`), so a test there
//! never passes without checking.

use crate::common;

#[test]
#[should_panic(expected = "bash scripts/build-test-tables.sh")]
fn a_test_whose_tables_are_missing_fails_naming_the_build_script() {
    common::on_missing_tables::<()>(false, &"the 7-8 tables are not cached");
}

#[test]
fn a_local_run_that_allows_missing_tables_skips_the_test() {
    assert!(common::on_missing_tables::<()>(true, &"the 7-8 tables are not cached").is_none());
}
