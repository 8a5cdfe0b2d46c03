//! Reading tokens of untrusted input into values, with errors fit for one stderr line.

use std::fmt;
use std::str::FromStr;

/// How many characters of an input token an error message quotes.
pub const QUOTE_LIMIT: usize = 40;

/// Why a program stops reading: the text of its one error line.
///
/// ```
/// use shared_grid::{parse_token, InputError};
/// let err = parse_token::<u32>(Some("x"), "the width").unwrap_err().at("dataset 2");
/// assert_eq!(err.to_string(), "dataset 2: expected the width, found `x`");
/// let end = parse_token::<u32>(None, "the width").unwrap_err();
/// assert_eq!(end.message(), "end of input where the width was expected");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    message: String,
}

impl InputError {
    pub fn new(message: impl Into<String>) -> InputError {
        InputError {
            message: message.into(),
        }
    }

    /// The same error, placed in the input: `PLACE: MESSAGE` (e.g. `dataset 3: ...`).
    pub fn at(self, place: impl fmt::Display) -> InputError {
        InputError::new(format!("{place}: {}", self.message))
    }

    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for InputError {}

/// Reading or writing failed (an unreadable stdin, a closed stdout).
impl From<std::io::Error> for InputError {
    fn from(err: std::io::Error) -> InputError {
        InputError::new(format!("input/output error: {err}"))
    }
}

/// Parses `token` (the next token of the input, `None` at its end) as a `T`; `what` names the
/// expected value in the error message, which quotes at most [`QUOTE_LIMIT`] characters.
pub fn parse_token<T: FromStr>(token: Option<&str>, what: &str) -> Result<T, InputError> {
    let token =
        token.ok_or_else(|| InputError::new(format!("end of input where {what} was expected")))?;
    token
        .parse()
        .map_err(|_| InputError::new(format!("expected {what}, found {}", quote(token))))
}

/// `text` between backquotes, cut after [`QUOTE_LIMIT`] characters (marked by `...`), so that
/// a megabyte token never makes a megabyte error line; control characters (a stray Ctrl-Z)
/// are shown escaped.
///
/// ```
/// use shared_grid::quote;
/// assert_eq!(quote("abc"), "`abc`");
/// assert_eq!(quote("\u{1a}"), "`\\u{1a}`");
/// assert_eq!(quote(&"9".repeat(1_000_000)).len(), 40 + 5);
/// ```
pub fn quote(text: &str) -> String {
    let mut out = String::from("`");
    for ch in text.chars().take(QUOTE_LIMIT) {
        if ch.is_control() {
            push_escaped(&mut out, ch);
        } else {
            out.push(ch);
        }
    }
    if text.chars().nth(QUOTE_LIMIT).is_some() {
        out.push_str("...");
    }
    out.push('`');
    out
}

/// A control character as `{:?}` shows it, without `escape_debug`: that also decides which
/// printable characters to escape, with Unicode tables every C bundle's image would carry
/// for nothing (`tools/bundle/benches/README.md`).
fn push_escaped(out: &mut String, ch: char) {
    match ch {
        '\0' => out.push_str("\\0"),
        '\t' => out.push_str("\\t"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        _ => out.push_str(&format!("\\u{{{:x}}}", ch as u32)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_numbers_and_names_what_is_wrong() {
        assert_eq!(parse_token::<i64>(Some("-12"), "a row"), Ok(-12));
        let err = parse_token::<usize>(Some("-1"), "the count").unwrap_err();
        assert_eq!(err.message(), "expected the count, found `-1`");
        let err = parse_token::<u8>(None, "a square").unwrap_err();
        assert!(err.message().starts_with("end of input"));
    }

    #[test]
    fn long_tokens_are_cut_on_a_char_boundary() {
        let token = "é".repeat(100);
        let message = parse_token::<u8>(Some(&token), "x")
            .unwrap_err()
            .to_string();
        assert_eq!(
            message,
            format!("expected x, found `{}...`", "é".repeat(40))
        );
        assert_eq!(quote(&"a".repeat(40)), format!("`{}`", "a".repeat(40)));
    }

    #[test]
    fn control_characters_are_escaped_as_debug_shows_them() {
        let controls = (0..=u32::from(char::MAX))
            .filter_map(char::from_u32)
            .filter(|c| c.is_control());
        let mut count = 0;
        for ch in controls {
            let want: String = ch.escape_debug().collect();
            assert_eq!(
                quote(&ch.to_string()),
                format!("`{want}`"),
                "{:x}",
                ch as u32
            );
            count += 1;
        }
        assert_eq!(count, 65, "C0, DEL and C1");
    }

    #[test]
    fn io_errors_become_input_errors() {
        let io = std::io::Error::new(std::io::ErrorKind::BrokenPipe, "closed");
        assert_eq!(InputError::from(io).message(), "input/output error: closed");
    }
}
