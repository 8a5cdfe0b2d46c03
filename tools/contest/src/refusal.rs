//! Why a request to create a problem is refused before anything is written: the listener
//! answers it with a 4xx status, the command line with exit status 2, both in one line.

use std::fmt;

/// A refusal, by kind (the HTTP status it maps to) and a one-line reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub kind: Kind,
    pub reason: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A value that cannot be used: a bad name, title, limit, judge or sample set (422).
    Invalid,
    /// The name is taken: a path that exists or a package of the workspace (409).
    Taken,
}

impl Refusal {
    pub fn invalid(reason: impl Into<String>) -> Refusal {
        Refusal {
            kind: Kind::Invalid,
            reason: reason.into(),
        }
    }

    pub fn taken(reason: impl Into<String>) -> Refusal {
        Refusal {
            kind: Kind::Taken,
            reason: reason.into(),
        }
    }

    /// The HTTP status the listener answers with.
    pub fn status(&self) -> u16 {
        match self.kind {
            Kind::Invalid => 422,
            Kind::Taken => 409,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for Refusal {}
