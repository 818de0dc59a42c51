//! slidebench (work in progress)
#![deny(missing_docs)]
pub mod board;
pub mod cases;
pub mod census;
pub mod chart;
pub mod encoding;
pub mod error;
pub mod fsutil;
pub mod harness;
pub mod judge;
pub mod rank;
pub mod report;
pub mod solver;
pub use board::*;
pub use error::{Error, ErrorKind, Result};
