//! The helpers the rows' constructors are written with. Kept apart from `factory` (which reads
//! the registry) so that the rows' module imports nothing that imports it back.

use super::api::{Solver, SolverInfo};
use super::informed::{CatalogueConfig, PdbConfig};
use super::options::SolverOptions;
use super::wrapper::{Search, Wrapped};

/// `search` as the solver `info`, with the bookkeeping every solver shares (see [`Wrapped`]).
pub(crate) fn wrap<S: Search>(
    info: SolverInfo,
    opts: &SolverOptions,
    search: S,
) -> Box<dyn Solver> {
    Box::new(Wrapped::new(info, opts.max_states, search.with_search_threads(opts.search_threads)))
}

/// The databases the solver `info` opens: its row's partition (named there once), from the
/// cache `opts` names.
pub(crate) fn pdb_config(info: &SolverInfo, opts: &SolverOptions) -> PdbConfig {
    let kind = info.algorithm_kind.and_then(|a| a.spec().partition);
    PdbConfig {
        kind: kind.expect("a pattern-database row names its partition"),
        cache: opts.cache(),
    }
}

/// The two partitions' databases a `-max` row opens: its partition and its
/// [`max_with`](super::AlgorithmSpec::max_with), from the cache `opts` names.
pub(crate) fn max_pdb_config(info: &SolverInfo, opts: &SolverOptions) -> (PdbConfig, PdbConfig) {
    let first = pdb_config(info, opts);
    let kind = info.algorithm_kind.and_then(|a| a.spec().max_with);
    let second = PdbConfig {
        kind: kind.expect("a -max row names its second partition"),
        cache: first.cache.clone(),
    };
    (first, second)
}

/// The catalogue a catalogue row reads: the file `opts` names, else the shipped one; its tables
/// kept in the cache `opts` names.
pub(crate) fn catalogue_config(opts: &SolverOptions) -> CatalogueConfig {
    CatalogueConfig { file: opts.catalogue.clone(), cache: opts.cache() }
}

/// The constructor of a search written once over [`Encoding`](crate::encoding::Encoding):
/// `every_encoding!(bfs::Bfs)` makes `Bfs<Text>`, `Bfs<Rank>` or `Bfs<Packed>` as the id asks,
/// each monomorphised; arguments after the type go to its `new`. Text and packed come twice,
/// over the 4-bit and the 5-bit word, and the puzzle's shape picks one when the solver is
/// prepared ([`ByWidth`](super::by_width::ByWidth)).
macro_rules! every_encoding {
    ($($search:ident)::+ $(, $arg:expr)*) => {
        |encoding, info, opts| {
            use $crate::encoding::{Packed, Rank, Text};
            use $crate::solver::by_width::ByWidth;
            use $crate::solver::construct::wrap;
            use $crate::solver::EncodingKind;
            match encoding {
                EncodingKind::Text => wrap(info, opts, ByWidth::new(
                    $($search)::+::<Text>::new($($arg),*),
                    $($search)::+::<Text<u128>>::new($($arg),*),
                )),
                EncodingKind::Rank => wrap(info, opts, $($search)::+::<Rank>::new($($arg),*)),
                EncodingKind::Packed => wrap(info, opts, ByWidth::new(
                    $($search)::+::<Packed>::new($($arg),*),
                    $($search)::+::<Packed<u128>>::new($($arg),*),
                )),
            }
        }
    };
}
pub(crate) use every_encoding;
