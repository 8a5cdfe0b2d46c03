//! Judge profiles: what each online judge accepts, read from the workspace's `judges.toml`.
//!
//! One table per judge, keyed by the short name problems use (`aoj`, `boj`, ...):
//! ```toml
//! [boj]
//! name = "Baekjoon Online Judge (BOJ)"
//! short = "BOJ"
//! rust = true
//! rustc = "1.73"            # or "unknown"
//! editions = ["2021"]       # or "unknown"
//! flags = "unknown"
//! size_limit = "unknown"    # or a number of bytes
//! source = "where the figures were read"
//! read = "2025-06-01"       # YYYY-MM-DD, YYYY-MM or "unknown"
//! ```
//! A judge that takes no Rust says `rust = false` and nothing about rustc, editions,
//! flags or size: it never constrains a bundle. A figure nobody has read is `"unknown"`,
//! never a guess.
//!
//! The limits a judge sets on one of its problems are a table of their own,
//! `[key.problems.ID]` for a problem cited `key:ID` (`[key.problem]` for a judge named by key
//! alone), with their own `source` and `read`:
//! ```toml
//! [poj.problems.3009]
//! time_limit_ms = "unknown"
//! memory_limit_mb = 64
//! source = "where they were read"
//! read = "unknown"
//! ```

use anyhow::{bail, Context, Result};
use jiff::civil;
use serde::de::{DeserializeOwned, Deserializer, Error as _};
use serde::Deserialize;
use std::fmt;
use std::num::NonZeroUsize;
use std::path::Path;

/// The profiles file, at the workspace root.
pub const PROFILES_FILE: &str = "judges.toml";

/// What is known of one judge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    /// The key problems name it by, e.g. `boj`.
    pub key: String,
    /// Its full name, e.g. `Baekjoon Online Judge (BOJ)`.
    pub name: String,
    /// How a problem on it is cited, before the problem number, e.g. `BOJ`.
    pub short: String,
    /// `None` when the judge takes no Rust at all.
    pub rust: Option<RustSupport>,
    /// Where the figures were read.
    pub source: String,
    /// When they were read; `None` when nobody recorded it.
    pub read: Option<Date>,
    /// What it compiles C and C++ with (`[key.c]`); `None` when nobody recorded it.
    pub c: Option<CSupport>,
    /// Our own referee rather than an online judge: its figures are our choices.
    pub local: bool,
    /// Anything else worth knowing (an unconfirmed figure, an older version).
    pub note: Option<String>,
    /// The limits it sets on the problems whose limits somebody recorded.
    pub limits: Vec<ProblemLimits>,
}

/// The time and memory limits a judge sets on one problem. `None` means unknown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProblemLimits {
    /// The problem's number on the judge; `None` for a judge named by key alone.
    pub problem: Option<String>,
    pub time_limit_ms: Option<u64>,
    pub memory_limit_mb: Option<u64>,
    pub source: String,
    pub read: Option<Date>,
}

/// What a judge that takes Rust compiles with. `None` means unknown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RustSupport {
    pub rustc: Option<Version>,
    pub editions: Option<Vec<String>>,
    pub flags: Option<String>,
    pub size_limit: Option<usize>,
}

/// What a judge compiles C and C++ with, for the C bundles. `None` means unknown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CSupport {
    /// The command lines, each as one text (`gcc -O2 -ansi ...`, what is noted in brackets).
    pub compilers: Option<Vec<String>>,
    /// The same command lines as data, which the C bundles' tests run.
    pub command_lines: Option<Vec<CommandLine>>,
    /// The operating system and how it was known.
    pub system: Option<String>,
    /// `32`, `64` or a sentence; `None` when unknown.
    pub bits: Option<String>,
    pub size_limit: Option<usize>,
    /// Where these figures were read, and when.
    pub source: String,
    pub read: Option<Date>,
}

/// One C or C++ command line of a judge (`[key.c]`'s `compilers`):
/// `{ compiler = "gcc", flags = ["-O2", "-ansi"], note = "GCC 4.4.5" }`; `flags` may be
/// "unknown", `note` may be left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandLine {
    /// The program the judge runs: `gcc`, `g++`, MSVC's `cl`.
    pub compiler: String,
    /// Its flags in the judge's order, the source file after them; `None` when unknown.
    pub flags: Option<Vec<String>>,
    /// What else is known of it (its version, flags nobody recorded).
    pub note: Option<String>,
}

impl CommandLine {
    /// The line as one text: the compiler and its flags (`?` where nobody recorded them, as
    /// the README's legend says), then the note in brackets (`gcc ? (MinGW GCC 4.4.0)`).
    pub fn text(&self) -> String {
        let mut text = self.compiler.clone();
        match &self.flags {
            Some(flags) => {
                for flag in flags {
                    text.push(' ');
                    text.push_str(flag);
                }
            }
            None => text.push_str(" ?"),
        }
        if let Some(note) = &self.note {
            text.push_str(&format!(" ({note})"));
        }
        text
    }
}

/// A rustc version as judges list it: `1.73` or `1.89.0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(try_from = "String")]
pub struct Version {
    pub major: u32,
    pub minor: u32,
    pub patch: Option<u32>,
}

impl Version {
    pub fn parse(text: &str) -> Option<Version> {
        let mut parts = text.split('.');
        let number = |part: Option<&str>| -> Option<u32> {
            let part = part?;
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            part.parse().ok()
        };
        let major = number(parts.next())?;
        let minor = number(parts.next())?;
        let patch = match parts.next() {
            None => None,
            some => Some(number(some)?),
        };
        if parts.next().is_some() {
            return None;
        }
        Some(Version {
            major,
            minor,
            patch,
        })
    }

    /// `major.minor`, the form `rust-version` takes.
    pub fn major_minor(self) -> String {
        format!("{}.{}", self.major, self.minor)
    }
}

impl TryFrom<String> for Version {
    type Error = String;
    fn try_from(text: String) -> Result<Version, String> {
        Version::parse(&text).ok_or_else(|| format!("`{text}` is not a rustc version like `1.73`"))
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.patch {
            Some(patch) => write!(f, "{}.{}.{patch}", self.major, self.minor),
            None => write!(f, "{}.{}", self.major, self.minor),
        }
    }
}

/// A calendar date, possibly known only to the month: then it stands for the month's first
/// day, the older reading. The calendar (valid days, months of different lengths, today in
/// UTC) is `jiff`'s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(try_from = "String")]
pub struct Date {
    /// The day, or the first of the month.
    date: civil::Date,
    /// Whether the day is known.
    to_the_day: bool,
}

impl Date {
    /// `YYYY-MM-DD` or `YYYY-MM`, digits only, a day that exists.
    pub fn parse(text: &str) -> Option<Date> {
        let parts: Vec<&str> = text.split('-').collect();
        let digits = |part: &str, len: usize| -> Option<i16> {
            (part.len() == len && part.bytes().all(|b| b.is_ascii_digit()))
                .then(|| part.parse().ok())
                .flatten()
        };
        let (year, month) = (digits(parts.first()?, 4)?, digits(parts.get(1)?, 2)?);
        let day = match parts.get(2) {
            None => None,
            Some(day) => Some(digits(day, 2)?),
        };
        if parts.len() > 3 {
            return None;
        }
        let date = civil::Date::new(year, month as i8, day.unwrap_or(1) as i8).ok()?;
        Some(Date {
            date,
            to_the_day: day.is_some(),
        })
    }

    /// Whether more than `months` months separate this date from `today`. Months are
    /// calendar months: a day the later month lacks (the 31st) becomes its last day.
    pub fn older_than(self, months: u32, today: Date) -> bool {
        let span = jiff::Span::new().months(i64::from(months));
        // Past the end of the calendar: never older.
        self.date
            .checked_add(span)
            .is_ok_and(|expires| expires < today.date)
    }

    /// Today's UTC date.
    pub fn today() -> Date {
        Date::of(jiff::Timestamp::now())
    }

    /// The UTC date of a moment.
    fn of(moment: jiff::Timestamp) -> Date {
        Date {
            date: jiff::tz::Offset::UTC.to_datetime(moment).date(),
            to_the_day: true,
        }
    }
}

impl TryFrom<String> for Date {
    type Error = String;
    fn try_from(text: String) -> Result<Date, String> {
        Date::parse(&text).ok_or_else(|| format!("`{text}` is not a date YYYY-MM-DD or YYYY-MM"))
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let format = if self.to_the_day { "%Y-%m-%d" } else { "%Y-%m" };
        write!(f, "{}", self.date.strftime(format))
    }
}

/// Every judge profile, in the order of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profiles {
    pub judges: Vec<Profile>,
}

impl Profiles {
    /// Reads `judges.toml` from the workspace root.
    pub fn load(workspace_root: &Path) -> Result<Profiles> {
        let path = workspace_root.join(PROFILES_FILE);
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read the judge profiles {}", path.display()))?;
        Profiles::parse(&text).with_context(|| format!("in {}", path.display()))
    }

    /// Reads each judge's table (`Entry`), in file order. A wrong value or an unknown field
    /// is named by the judge's key and the path toml gives it (`in c.bits`).
    pub fn parse(text: &str) -> Result<Profiles> {
        let table: toml::Table = text.parse()?;
        let judges = table
            .into_iter()
            .map(|(key, value)| {
                no_bare_dates(&value, &key)
                    .and_then(|()| Ok(Entry::deserialize(value)?))
                    .and_then(|entry| entry.profile(&key))
                    .with_context(|| format!("judge `[{key}]`"))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Profiles { judges })
    }

    pub fn get(&self, key: &str) -> Option<&Profile> {
        self.judges.iter().find(|p| p.key == key)
    }
}

/// Dates are strings in judges.toml (`read = "2025-06-01"`). A bare TOML date is refused,
/// as serde would read it from a `toml::Value` as its text.
fn no_bare_dates(value: &toml::Value, path: &str) -> Result<()> {
    match value {
        toml::Value::Datetime(date) => bail!("`{path} = {date}`: write it as a string"),
        toml::Value::Array(items) => items.iter().try_for_each(|v| no_bare_dates(v, path)),
        toml::Value::Table(table) => {
            (table.iter()).try_for_each(|(key, v)| no_bare_dates(v, &format!("{path}.{key}")))
        }
        _ => Ok(()),
    }
}

/// One judge's table as the file writes it. The four figures about Rust are optional
/// here only because a judge that takes none leaves them out: `profile` requires them
/// when `rust = true` and refuses them when `rust = false`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, expecting = "a table `[key]`")]
struct Entry {
    name: Text,
    short: Text,
    rust: bool,
    rustc: Option<Known<Version>>,
    editions: Option<Known<Editions>>,
    flags: Option<Known<String>>,
    size_limit: Option<Known<NonZeroUsize>>,
    source: Text,
    read: Known<Date>,
    #[serde(default)]
    local: bool,
    note: Option<Text>,
    c: Option<CEntry>,
    problems: Option<std::collections::BTreeMap<String, LimitsEntry>>,
    problem: Option<LimitsEntry>,
}

impl Entry {
    fn profile(self, key: &str) -> Result<Profile> {
        let key_chars = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-';
        if key.is_empty() || !key.bytes().all(key_chars) {
            bail!("a judge key is lowercase letters, digits and `-`");
        }
        let rust_figures = [
            ("rustc", self.rustc.is_some()),
            ("editions", self.editions.is_some()),
            ("flags", self.flags.is_some()),
            ("size_limit", self.size_limit.is_some()),
        ];
        let rust = if self.rust {
            Some(RustSupport {
                rustc: required("rustc", self.rustc)?,
                editions: required("editions", self.editions)?.map(|e| e.0),
                flags: required("flags", self.flags)?,
                size_limit: required("size_limit", self.size_limit)?.map(NonZeroUsize::get),
            })
        } else if let Some((name, _)) = rust_figures.iter().find(|(_, given)| *given) {
            bail!("`{name}` says something about Rust, but the judge takes none (`rust = false`)");
        } else {
            None
        };
        Ok(Profile {
            key: key.to_string(),
            name: self.name.0,
            short: self.short.0,
            rust,
            source: self.source.0,
            read: self.read.0,
            c: self.c.map(CEntry::support),
            local: self.local,
            note: self.note.map(|note| note.0),
            limits: (self.problem.map(|entry| entry.limits(None)).into_iter())
                .chain(
                    (self.problems.unwrap_or_default().into_iter())
                        .map(|(id, entry)| entry.limits(Some(id))),
                )
                .collect(),
        })
    }
}

/// `[key.problems.ID]` or `[key.problem]`: both limits given or "unknown".
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LimitsEntry {
    time_limit_ms: Known<std::num::NonZeroU64>,
    memory_limit_mb: Known<std::num::NonZeroU64>,
    source: Text,
    read: Known<Date>,
}

impl LimitsEntry {
    fn limits(self, problem: Option<String>) -> ProblemLimits {
        ProblemLimits {
            problem,
            time_limit_ms: self.time_limit_ms.0.map(std::num::NonZeroU64::get),
            memory_limit_mb: self.memory_limit_mb.0.map(std::num::NonZeroU64::get),
            source: self.source.0,
            read: self.read.0,
        }
    }
}

/// A figure about Rust, which a judge that takes Rust must give (or say "unknown").
fn required<T>(name: &str, figure: Option<Known<T>>) -> Result<Option<T>> {
    Ok(figure
        .with_context(|| format!("needs `{name}` (its value, or \"unknown\")"))?
        .0)
}

/// `[key.c]`: every figure given or "unknown", as for Rust.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CEntry {
    compilers: Known<Compilers>,
    system: Known<Text>,
    bits: Known<Bits>,
    size_limit: Known<NonZeroUsize>,
    source: Text,
    read: Known<Date>,
}

impl CEntry {
    fn support(self) -> CSupport {
        let command_lines = self.compilers.0.map(|c| c.0);
        CSupport {
            compilers: command_lines
                .as_ref()
                .map(|lines| lines.iter().map(CommandLine::text).collect()),
            command_lines,
            system: self.system.0.map(|s| s.0),
            bits: self.bits.0.map(|b| b.0),
            size_limit: self.size_limit.0.map(NonZeroUsize::get),
            source: self.source.0,
            read: self.read.0,
        }
    }
}

/// A figure that is given or the word "unknown" (`None`). A field of this type may not
/// be left out, so that a reader sees what is not known. The value is read once as toml
/// gives it, then as `T` unless it is "unknown".
struct Known<T>(Option<T>);

impl<'de, T: DeserializeOwned> Deserialize<'de> for Known<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = toml::Value::deserialize(deserializer)?;
        if value.as_str() == Some("unknown") {
            return Ok(Known(None));
        }
        let given = T::deserialize(value)
            .map_err(|e| D::Error::custom(format!("{} (or \"unknown\")", e.message())))?;
        Ok(Known(Some(given)))
    }
}

/// Text that says something: not empty, not only blanks.
#[derive(Deserialize)]
#[serde(try_from = "String")]
struct Text(String);

impl TryFrom<String> for Text {
    type Error = &'static str;
    fn try_from(text: String) -> Result<Text, Self::Error> {
        let said = !text.trim().is_empty();
        said.then_some(Text(text)).ok_or("needs a non-empty text")
    }
}

/// Rust editions: a non-empty list of 2015, 2018, 2021 and 2024.
#[derive(Deserialize)]
#[serde(try_from = "Vec<String>")]
struct Editions(Vec<String>);

impl TryFrom<Vec<String>> for Editions {
    type Error = &'static str;
    fn try_from(editions: Vec<String>) -> Result<Editions, Self::Error> {
        let known = |e: &String| ["2015", "2018", "2021", "2024"].contains(&e.as_str());
        let valid = !editions.is_empty() && editions.iter().all(known);
        valid
            .then_some(Editions(editions))
            .ok_or("editions are a non-empty list of 2015, 2018, 2021, 2024")
    }
}

/// C and C++ command lines: a non-empty list of `CommandLine`s.
#[derive(Deserialize)]
#[serde(try_from = "Vec<CommandLineEntry>")]
struct Compilers(Vec<CommandLine>);

impl TryFrom<Vec<CommandLineEntry>> for Compilers {
    type Error = &'static str;
    fn try_from(compilers: Vec<CommandLineEntry>) -> Result<Compilers, Self::Error> {
        let compilers: Vec<CommandLine> = compilers
            .into_iter()
            .map(|c| CommandLine {
                compiler: c.compiler.0,
                flags: c.flags.0,
                note: c.note.map(|note| note.0),
            })
            .collect();
        (!compilers.is_empty())
            .then_some(Compilers(compilers))
            .ok_or("needs a command line")
    }
}

/// One command line as written: a compiler, its flags or "unknown", perhaps a note.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CommandLineEntry {
    compiler: Text,
    flags: Known<Vec<String>>,
    note: Option<Text>,
}

/// A bitness: the number 32 or 64, or a sentence (`"32 (inferred: ...)"`).
#[derive(Deserialize)]
#[serde(try_from = "toml::Value")]
struct Bits(String);

impl TryFrom<toml::Value> for Bits {
    type Error = &'static str;
    fn try_from(bits: toml::Value) -> Result<Bits, Self::Error> {
        match bits {
            toml::Value::Integer(bits @ (32 | 64)) => Ok(Bits(bits.to_string())),
            toml::Value::String(text) if !text.trim().is_empty() => Ok(Bits(text)),
            _ => Err("bits are 32, 64 or a non-empty sentence"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_fixtures::PROFILES as SAMPLE;

    #[test]
    fn parses_known_and_unknown_figures() {
        let profiles = Profiles::parse(SAMPLE).unwrap();
        let boj = profiles.get("boj").unwrap();
        let rust = boj.rust.as_ref().unwrap();
        assert_eq!(rust.rustc, Version::parse("1.73"));
        assert_eq!(rust.editions, Some(vec!["2021".to_string()]));
        assert_eq!(rust.size_limit, None);
        assert_eq!(boj.read, Date::parse("2024-05"));
        let poj = profiles.get("poj").unwrap();
        assert_eq!((poj.rust.as_ref(), poj.read), (None, None));
        let keys: Vec<&str> = profiles.judges.iter().map(|p| p.key.as_str()).collect();
        assert_eq!(
            keys,
            ["aoj", "boj", "cf", "poj", "ref"],
            "file order is kept"
        );
    }

    #[test]
    fn rejects_guesses_omissions_and_contradictions() {
        let error = |text: &str| format!("{:#}", Profiles::parse(text).unwrap_err());
        let omitted = SAMPLE.replace("size_limit = \"unknown\"\n", "");
        assert!(
            error(&omitted).contains("size_limit"),
            "{}",
            error(&omitted)
        );
        let vague = SAMPLE.replace("rustc = \"1.73\"", "rustc = \"about 1.7x\"");
        assert!(error(&vague).contains("rustc"), "{}", error(&vague));
        let contradiction =
            SAMPLE.replace("source = \"its list\"", "source = \"x\"\nrustc = \"1.80\"");
        assert!(error(&contradiction).contains("takes none"));
        let typo = SAMPLE.replace("size_limit", "size_limt");
        assert!(error(&typo).contains("size_limt"));
    }

    #[test]
    fn versions_and_dates_parse_strictly() {
        assert_eq!(Version::parse("1.89.0").unwrap().to_string(), "1.89.0");
        assert_eq!(Version::parse("1.73").unwrap().major_minor(), "1.73");
        assert!(Version::parse("1").is_none() && Version::parse("1.7x").is_none());
        assert!(Version::parse("1.73") < Version::parse("1.79"));
        assert_eq!(Date::parse("2025-06").unwrap().to_string(), "2025-06");
        assert!(Date::parse("2025-13").is_none() && Date::parse("25-06-01").is_none());
        assert!(Date::parse("2025-02-29").is_none() && Date::parse("2024-02-29").is_some());
        assert!(Date::parse("2025-06-01-02").is_none() && Date::parse("2025-6-01").is_none());
    }

    #[test]
    fn staleness_counts_eighteen_months() {
        let today = Date::parse("2026-11-23").unwrap();
        let stale = |read: &str| Date::parse(read).unwrap().older_than(18, today);
        assert!(!stale("2025-06-01"), "2025-06-01 + 18 months = 2026-12-01");
        assert!(!stale("2025-05-23"), "exactly 18 months is not older");
        assert!(stale("2025-05-22"));
        assert!(
            !stale("2025-05-31"),
            "November has no 31st: 18 months end on its 30th"
        );
        assert!(Date::parse("2025-05-31")
            .unwrap()
            .older_than(18, Date::parse("2026-12-01").unwrap()));
        assert!(stale("2025-05"), "a month-only date counts from the 1st");
        assert!(stale("2024-05"));
        assert!(!stale("2026-05"));
    }

    #[test]
    fn moments_become_utc_dates() {
        let date = |seconds| Date::of(jiff::Timestamp::from_second(seconds).unwrap());
        assert_eq!(date(0).to_string(), "1970-01-01");
        assert_eq!(date(951_782_400).to_string(), "2000-02-29");
        // 2026-11-23 00:00:00 UTC, and a second before it.
        assert_eq!(date(1_795_392_000).to_string(), "2026-11-23");
        assert_eq!(date(1_795_391_999).to_string(), "2026-11-22");
    }
}

#[cfg(test)]
mod c_tests {
    use super::*;

    const UVA: &str = r#"
[uva]
name = "UVa"
short = "UVa"
rust = false
source = "its list"
read = "unknown"

[uva.c]
compilers = [
    { compiler = "gcc", flags = ["-ansi"] },
    { compiler = "g++", flags = [] },
    { compiler = "cl", flags = "unknown", note = "MSVC" },
]
system = "Linux"
bits = "unknown"
size_limit = 102400
source = "a README"
read = "2026-11-26"
"#;

    #[test]
    fn a_judge_that_takes_no_rust_records_its_c_compilers() {
        let profiles = Profiles::parse(UVA).unwrap();
        let c = profiles.get("uva").unwrap().c.clone().unwrap();
        assert_eq!(c.compilers.unwrap(), ["gcc -ansi", "g++", "cl ? (MSVC)"]);
        let lines = c.command_lines.unwrap();
        assert_eq!(lines[0].compiler, "gcc");
        assert_eq!(lines[0].flags, Some(vec!["-ansi".to_string()]));
        assert_eq!(
            (lines[2].flags.as_ref(), lines[2].note.as_deref()),
            (None, Some("MSVC"))
        );
        assert_eq!(c.bits, None);
        assert_eq!(c.size_limit, Some(102_400));
        assert_eq!(
            c.read.map(|d| d.to_string()),
            Some("2026-11-26".to_string())
        );
    }

    #[test]
    fn c_figures_are_given_or_unknown_and_nothing_else() {
        let missing = UVA.replace("bits = \"unknown\"\n", "");
        let error = format!("{:#}", Profiles::parse(&missing).unwrap_err());
        assert!(error.contains("bits"), "{error}");
        let extra = UVA.replace("bits = \"unknown\"", "bits = 64\nflags = \"-O2\"");
        let error = format!("{:#}", Profiles::parse(&extra).unwrap_err());
        // toml names the table (`in `c``) and the field apart: "unknown field `flags`, expected
        // one of `compilers`, ...".
        assert!(
            error.contains("unknown field `flags`") && error.contains("in `c`"),
            "{error}"
        );
        let start = UVA.find("compilers = [").unwrap();
        let end = start + UVA[start..].find("\n]").unwrap() + 2;
        let empty = format!("{}compilers = []{}", &UVA[..start], &UVA[end..]);
        assert!(Profiles::parse(&empty).is_err());
        let free_text = UVA.replace(r#"{ compiler = "g++", flags = [] }"#, r#""g++""#);
        assert!(
            Profiles::parse(&free_text).is_err(),
            "a command line is a table"
        );
        let no_flags = UVA.replace(
            r#"{ compiler = "g++", flags = [] }"#,
            r#"{ compiler = "g++" }"#,
        );
        let error = format!("{:#}", Profiles::parse(&no_flags).unwrap_err());
        assert!(error.contains("flags"), "{error}");
    }
}
