//! slidebench (work in progress)
#![deny(missing_docs)]
pub mod board;
pub mod chart;
pub mod error;
pub mod fsutil;
pub mod rank;
pub mod report;
pub use board::*;
pub use error::{Error, ErrorKind, Result};
