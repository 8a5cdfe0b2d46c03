//! The contest loop: `new` (a problem crate in the workspace's shape), `stress` (the crate's
//! generator and oracle against its bundle, shrinking what disagrees) and `listen` (problems
//! and samples straight from the Competitive Companion browser extension).
//!
//! Model: a problem is a [`new::Spec`] (name, title, judges, limits, samples); creating it
//! writes `crates/<name>` from the templates in `src/template/`, `samples/<name>` and one line
//! of the root manifest's `members`. Every value in a spec comes from outside (a command line
//! or a POST) and is treated as hostile.
//!
//! Algorithm of a creation: check the spec ([`validate`]: syntax, bounds, escaping; no file
//! touched) -> take the workspace lock -> check the name is free (paths, Cargo.lock) -> write
//! everything in a staging directory -> rename the crate and the samples into place -> rewrite
//! the root manifest through a temporary file -> release the lock. O(size of the samples).
//!
//! Decisions:
//! - A refusal is a [`refusal::Refusal`]: one line, exit status 2 or HTTP 409/422, never a
//!   partial write (all checks run before the first write).
//! - One `flock`ed lock file (`.contest.lock`) serializes creations across processes and the
//!   listener's threads: 30 rounds of two unserialized creations lost members in round 22.
//! - Temporary names carry the process id and a counter: a fixed name let two creations
//!   overwrite each other's manifest draft.
//! - Names are refused when they are keywords or name any package of Cargo.lock: `fn` or `rand`
//!   made crates that never built ("expected identifier", "`rand` is ambiguous").
//! - Titles are stored on one line with bidi and invisible characters spelled `<U+XXXX>`: rustc
//!   rejects U+202E in a doc comment, and NUL in a description cannot reach cargo's environment.
//! - Limits are bounded by what judges set (60 s, 16 GiB), far inside TOML's i64: a limit of
//!   2^63 broke `cargo metadata` for the whole workspace.
//! - The listener speaks a small subset of HTTP with std alone instead of a server crate: it
//!   needs a deadline for the whole request (a short body announced as a long one held the
//!   old server until the client gave up), a limit on the head's size and a bound on
//!   connections (8), and no small server crate lets the application set them (`http.rs`).
//! - Only `application/json` from no web-page `Origin`: a cross-site no-cors `fetch` can send
//!   neither, so a page cannot create crates.
//! - `make` hands values over as exported `$(value ...)` variables, never on a shell line: a
//!   title with a backquoted `id` ran it.
//! - A new crate names its `checker` (exact unless told) and is judged through it everywhere
//!   (see `stress-kit`); snapshots are written only for exact problems, where one output is right.
//! - Interactive problems get their own template (guess the number, flushing every line) whose
//!   samples are secrets for the interactor; a page's samples of one are transcripts, kept aside.
//! - Snapshots of hand-added samples are written from their `.out` (`contest snapshots`): the
//!   samples test compares with the `.out` byte for byte, so the snapshot adds no second truth.

mod http;
pub mod listen;
pub mod new;
pub mod refusal;
pub mod sample;
pub mod snapshots;
pub mod stress;
pub mod validate;
pub mod workspace;
