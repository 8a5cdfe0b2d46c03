//! The contest loop: `new` (a problem crate in the workspace's shape), `stress` (the crate's
//! generator and oracle against its bundle, shrinking what disagrees) and `listen` (problems
//! and samples straight from the Competitive Companion browser extension).

mod http;
pub mod listen;
pub mod new;
pub mod refusal;
pub mod stress;
pub mod validate;
pub mod workspace;
