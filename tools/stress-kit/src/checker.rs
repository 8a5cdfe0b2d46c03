//! How an output is judged: `checker = "..."` in a crate's `[package.metadata.contest]`.
//!
//! - `exact` (default): byte for byte;
//! - `tokens`: the same whitespace-separated tokens;
//! - `float 1e-6`: the same tokens, numbers within an absolute or relative error of 1e-6 (as
//!   judges define it: |got - expected| <= eps * max(1, |expected|)), other tokens exact;
//! - `custom`: the crate's `Problem::check(input, expected, got)` (several right answers; the
//!   expected output is one of them).

use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Checker {
    Exact,
    Tokens,
    Float(f64),
    Custom,
}

impl FromStr for Checker {
    type Err = String;

    fn from_str(text: &str) -> Result<Checker, String> {
        let mut words = text.split_whitespace();
        let checker = match (words.next(), words.next(), words.next()) {
            (Some("exact"), None, _) => Checker::Exact,
            (Some("tokens"), None, _) => Checker::Tokens,
            (Some("custom"), None, _) => Checker::Custom,
            (Some("float"), Some(eps), None) => match eps.parse::<f64>() {
                Ok(eps) if eps.is_finite() && eps > 0.0 && eps < 1.0 => Checker::Float(eps),
                _ => {
                    return Err(format!(
                        "checker `{text}`: the tolerance is a number in (0, 1)"
                    ))
                }
            },
            _ => {
                return Err(format!(
                    "checker `{text}` is not `exact`, `tokens`, `float 1e-6` or `custom`"
                ))
            }
        };
        Ok(checker)
    }
}

impl fmt::Display for Checker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Checker::Exact => f.write_str("exact"),
            Checker::Tokens => f.write_str("tokens"),
            Checker::Float(eps) => write!(f, "float {eps:e}"),
            Checker::Custom => f.write_str("custom"),
        }
    }
}

impl Checker {
    /// Whether `got` is accepted where `expected` is; `custom` asks `custom(expected, got)`.
    /// The reason names the first difference.
    pub fn check(
        &self,
        expected: &str,
        got: &str,
        custom: impl FnOnce(&str, &str) -> Result<(), String>,
    ) -> Result<(), String> {
        match *self {
            Checker::Exact => exact(expected, got),
            Checker::Tokens => tokens(expected, got, |e, g| (e == g).then_some(()).ok_or(None)),
            Checker::Float(eps) => tokens(expected, got, |e, g| close(e, g, eps)),
            Checker::Custom => custom(expected, got),
        }
    }
}

fn exact(expected: &str, got: &str) -> Result<(), String> {
    if expected == got {
        return Ok(());
    }
    let expected_lines: Vec<&str> = expected.split_inclusive('\n').collect();
    let got_lines: Vec<&str> = got.split_inclusive('\n').collect();
    let line = (0..)
        .find(|&i| expected_lines.get(i) != got_lines.get(i))
        .expect("outputs differ");
    let show = |l: Option<&&str>| l.map_or("end of output".to_string(), |l| format!("{l:?}"));
    Err(format!(
        "line {}: expected {}, got {}",
        line + 1,
        show(expected_lines.get(line)),
        show(got_lines.get(line))
    ))
}

/// Token by token; `same` says why two tokens differ (`None`: just different).
fn tokens(
    expected: &str,
    got: &str,
    same: impl Fn(&str, &str) -> Result<(), Option<String>>,
) -> Result<(), String> {
    let mut got_tokens = got.split_whitespace();
    for (i, e) in expected.split_whitespace().enumerate() {
        let Some(g) = got_tokens.next() else {
            return Err(format!(
                "token {}: expected `{e}`, got the end of output",
                i + 1
            ));
        };
        if let Err(why) = same(e, g) {
            let why = why.map(|w| format!(" ({w})")).unwrap_or_default();
            return Err(format!("token {}: expected `{e}`, got `{g}`{why}", i + 1));
        }
    }
    match got_tokens.next() {
        None => Ok(()),
        Some(extra) => Err(format!("more output than expected, from `{extra}` on")),
    }
}

/// Numbers within `eps` (absolute or relative); tokens that are not numbers, exactly equal.
fn close(expected: &str, got: &str, eps: f64) -> Result<(), Option<String>> {
    let number = |t: &str| t.parse::<f64>().ok().filter(|x| x.is_finite());
    match (number(expected), number(got)) {
        (Some(e), Some(g)) => {
            let error = (g - e).abs();
            if error <= eps * e.abs().max(1.0) {
                Ok(())
            } else {
                Err(Some(format!("error {error:.3e} over {eps:e}")))
            }
        }
        (Some(_), None) => Err(Some("not a finite number".to_string())),
        _ if expected == got => Ok(()),
        _ => Err(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(checker: &str, expected: &str, got: &str) -> Result<(), String> {
        let checker: Checker = checker.parse().unwrap();
        checker.check(expected, got, |_, _| Err("no custom checker".into()))
    }

    #[test]
    fn checkers_are_read_from_their_spelling() {
        assert_eq!("exact".parse(), Ok(Checker::Exact));
        assert_eq!(" float   1e-6 ".parse(), Ok(Checker::Float(1e-6)));
        for bad in [
            "", "float", "float x", "float -1", "float 2", "fuzzy", "exact 1",
        ] {
            assert!(bad.parse::<Checker>().is_err(), "{bad}");
        }
        assert_eq!(Checker::Float(1e-6).to_string(), "float 1e-6");
    }

    #[test]
    fn exact_is_byte_for_byte() {
        assert!(check("exact", "1\n2\n", "1\n2\n").is_ok());
        let why = check("exact", "1\n2\n", "1\n2").unwrap_err();
        assert!(why.contains("line 2"), "{why}");
        assert!(check("exact", "1 2\n", "1  2\n").is_err());
    }

    #[test]
    fn tokens_ignore_whitespace_only() {
        assert!(check("tokens", "1 2\n3\n", " 1\n2 3").is_ok());
        assert!(check("tokens", "1 2", "1 2 3")
            .unwrap_err()
            .contains("more output"));
        assert!(check("tokens", "1 2", "1")
            .unwrap_err()
            .contains("end of output"));
        assert!(check("tokens", "YES", "yes").is_err());
    }

    #[test]
    fn floats_are_within_absolute_or_relative_error() {
        let f = "float 1e-6";
        assert!(check(f, "3.14159265358979\n", "3.1415926536\n").is_ok());
        assert!(check(f, "3.141592653", "3.141592654").is_ok());
        assert!(check(f, "3.141592653", "3.142").is_err());
        // Relative for large numbers, absolute for small ones.
        assert!(check(f, "1000000000", "1000000500").is_ok());
        assert!(check(f, "1000000000", "1000002000").is_err());
        assert!(check(f, "0.0000001", "0.0000005").is_ok());
        assert!(check(f, "1.0", "nan").is_err() && check(f, "1.0", "inf").is_err());
        assert!(check(f, "YES 1.0", "YES 1.0000001").is_ok());
        assert!(check(f, "YES 1.0", "NO 1.0").is_err());
    }

    #[test]
    fn custom_asks_the_problem() {
        let checker = Checker::Custom;
        let sums_to_five = |_: &str, got: &str| {
            let sum: i64 = got
                .split_whitespace()
                .map(|t| t.parse::<i64>().unwrap())
                .sum();
            (sum == 5)
                .then_some(())
                .ok_or(format!("{got} does not sum to 5"))
        };
        assert!(checker.check("1 4", "2 3", sums_to_five).is_ok());
        assert!(checker.check("1 4", "2 2", sums_to_five).is_err());
    }
}
