//! The tuning spec of the in-process submission bot (`ENCLOSURE_PARAMS`): comma-separated
//! `name=value` overrides of named knobs.

use std::str::FromStr;

/// The items of `spec`, blank ones skipped: each knob's name, trimmed, and its value read as
/// a number, or a message saying what is wrong. Each bot matches the names to its own knobs.
pub fn overrides<T: FromStr>(spec: &str) -> impl Iterator<Item = Result<(&str, T), String>> {
    spec.split(',')
        .filter(|item| !item.trim().is_empty())
        .map(|item| {
            let (name, value) = item.split_once('=').ok_or(format!("no '=' in {item:?}"))?;
            let number = value
                .trim()
                .parse()
                .map_err(|_| format!("bad number {value:?}"))?;
            Ok((name.trim(), number))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_numbers_or_what_is_wrong() {
        let read = |spec| overrides::<i64>(spec).collect::<Vec<_>>();
        assert_eq!(read(" a=1, b = -2 ,,"), [Ok(("a", 1)), Ok(("b", -2))]);
        assert_eq!(read(""), []);
        assert_eq!(read("a"), [Err("no '=' in \"a\"".to_string())]);
        assert_eq!(read("a=x"), [Err("bad number \"x\"".to_string())]);
        assert!(overrides::<u32>("a=-1").next().unwrap().is_err());
    }
}
