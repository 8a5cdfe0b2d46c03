//! `alloc`'s collections under std's paths, and `HashMap` and `HashSet`: hashbrown's, the
//! table std's own maps are made of, hashing with the runtime's fixed hasher (why fixed:
//! `crate::hash`).

pub use alloc::collections::*;

pub mod hash_map;
pub mod hash_set;

pub use hash_map::HashMap;
pub use hash_set::HashSet;
