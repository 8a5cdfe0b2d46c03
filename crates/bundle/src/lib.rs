//! Flattens a problem crate into one std-only file for online judges (work in progress).
