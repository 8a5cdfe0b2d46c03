//! `io::Error`: a kind and a fixed message (no operating system error codes here).

use core::fmt;

pub type Result<T> = core::result::Result<T, Error>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    Interrupted,
    InvalidData,
    UnexpectedEof,
    WriteZero,
    Other,
}

/// Debug prints what Display does, with the kind: a derived `Debug` would pull core's
/// struct printer and string escaping into every image that can print an I/O error
/// (`unwrap` on an `io::Result` can), several KB for text no C bundle shows.
pub struct Error {
    kind: ErrorKind,
    message: &'static str,
}

impl Error {
    pub const fn new_const(kind: ErrorKind, message: &'static str) -> Error {
        Error { kind, message }
    }

    pub fn kind(&self) -> ErrorKind {
        self.kind
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Error {
        Error::new_const(kind, "I/O error")
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.kind, f)?;
        f.write_str(": ")?;
        f.write_str(self.message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message)
    }
}

impl core::error::Error for Error {}

pub(crate) const NOT_UTF8: Error =
    Error::new_const(ErrorKind::InvalidData, "stream did not contain valid UTF-8");
