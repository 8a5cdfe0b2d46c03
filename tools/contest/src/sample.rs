//! A problem's sample, as `new`, `listen` and `snapshots` pass it around and `validate`
//! checks it.

/// One sample: its file stem under `samples/<crate>/`, input and expected output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    pub stem: String,
    pub input: String,
    pub output: String,
}
