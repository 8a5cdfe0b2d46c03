//! Placeholder until the bundler lands: every problem crate is bundled, compiled with bare rustc
//! and replayed against its samples here.
