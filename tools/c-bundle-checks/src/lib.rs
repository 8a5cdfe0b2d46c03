//! Nothing to build: this package holds the C bundles' tests (`tests/c_bundles`), which
//! compile every problem's C bundle under every recorded compiler and machine and compare
//! it with the Rust bundle. See `tests/c_bundles/main.rs` for what they check.
