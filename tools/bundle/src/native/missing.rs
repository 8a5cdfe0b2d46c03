//! Why a solution gets no C bundle, said in the solution's terms: the image crate is the
//! Rust bundle compiled against the runtime (`tools/c-runtime`), so what the runtime lacks
//! shows as a rustc error in a generated file. This finds the line of the solution's own
//! source that the error points at and says what to change, in one line.

use std::fmt;
use std::path::{Path, PathBuf};

/// The image did not compile: rustc's first error and the image's line it points at.
#[derive(Debug)]
pub struct ImageError {
    /// rustc's first `error...` line, e.g. "error[E0433]: ... could not find `thread` in `std`".
    pub message: String,
    /// The text of the image's line the error points at, if rustc named one.
    pub line: Option<String>,
    /// Every error line and location rustc printed first, for the reader who wants them all.
    pub detail: String,
}

impl fmt::Display for ImageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rustc could not build the image: {}", self.detail)
    }
}

impl std::error::Error for ImageError {}

impl ImageError {
    /// From rustc's output for `image` (the image crate's source, as compiled).
    pub fn from_rustc(stderr: &str, image: &str) -> ImageError {
        let errors: Vec<&str> = stderr
            .lines()
            .filter(|line| line.starts_with("error") || line.trim_start().starts_with("-->"))
            .take(8)
            .collect();
        let message = errors
            .iter()
            .find(|line| line.starts_with("error"))
            .map_or_else(|| "rustc failed".to_string(), |line| line.to_string());
        let line = errors
            .iter()
            .find_map(|line| line.trim_start().strip_prefix("-->"))
            .and_then(|at| at.trim().rsplit(':').nth(1)?.parse::<usize>().ok())
            .and_then(|number| image.lines().nth(number.checked_sub(1)?))
            .map(str::to_string);
        ImageError {
            message,
            line,
            detail: errors.join(" | "),
        }
    }

    /// One line that names what the runtime lacks and, where the solution's sources hold the
    /// line the error points at, where; then what to do.
    pub fn explain(&self, sources: &[PathBuf], root: &Path) -> String {
        let what = self
            .message
            .split_once("]: ")
            .or_else(|| self.message.split_once(": "))
            .map_or(self.message.as_str(), |(_, what)| what);
        let place = self
            .line
            .as_deref()
            .and_then(|line| find_line(line, sources))
            .map(|(path, number)| {
                let shown = path
                    .strip_prefix(root)
                    .unwrap_or(&path)
                    .display()
                    .to_string();
                format!("{shown}:{number}: ")
            })
            .unwrap_or_default();
        format!("{place}{what}: {}", advice(what))
    }
}

/// What to do about `what`, rustc's words for the error.
fn advice(what: &str) -> &'static str {
    const NO_SYSTEM: [&str; 5] = ["`thread`", "`fs`", "`time`", "`net`", "`Command`"];
    if NO_SYSTEM.iter().any(|name| what.contains(name)) {
        "a C bundle's std has no threads, files, clock or network (its image makes no \
         system call of its own); take it out of the solution, or submit the Rust bundle \
         where the judge takes Rust"
    } else {
        "a C bundle's std (tools/c-runtime) lacks it; write it with what the runtime has, \
         or submit the Rust bundle where the judge takes Rust"
    }
}

/// The first of `sources` holding `line` (trimmed, not empty), and its line number.
fn find_line(line: &str, sources: &[PathBuf]) -> Option<(PathBuf, usize)> {
    let wanted = line.trim();
    if wanted.len() < 4 {
        return None;
    }
    sources.iter().find_map(|path| {
        let text = std::fs::read_to_string(path).ok()?;
        let number = text.lines().position(|l| l.trim() == wanted)?;
        Some((path.clone(), number + 1))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const STDERR: &str = "\
error[E0433]: failed to resolve: could not find `thread` in `std`
 --> /work/target/c-bundle/hog/x86_64/O/image.rs:3:14
  |
3 |         std::thread::spawn(|| {});
";
    const IMAGE: &str = "#![no_std]\nfn main() {\n        std::thread::spawn(|| {});\n}\n";

    #[test]
    fn an_error_is_named_at_the_solutions_own_line_with_what_to_do() {
        let dir = std::env::temp_dir().join(format!("bundle-missing-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src")).unwrap();
        let main = dir.join("src/main.rs");
        std::fs::write(
            &main,
            "fn main() {\n    // work\n    std::thread::spawn(|| {});\n}\n",
        )
        .unwrap();
        let error = ImageError::from_rustc(STDERR, IMAGE);
        assert_eq!(
            error.line.as_deref(),
            Some("        std::thread::spawn(|| {});")
        );
        let said = error.explain(&[main], &dir);
        assert!(
            said.starts_with(
                "src/main.rs:3: failed to resolve: could not find `thread` in `std`: "
            ),
            "{said}"
        );
        assert!(
            said.contains("no threads, files, clock or network"),
            "{said}"
        );
        assert!(!said.contains('\n'));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn without_a_line_in_the_sources_the_error_still_says_what_and_why() {
        let error = ImageError::from_rustc("error: something else is missing\n", IMAGE);
        assert_eq!(error.line, None);
        let said = error.explain(&[], Path::new("."));
        assert!(said.starts_with("something else is missing: "), "{said}");
        assert!(said.contains("tools/c-runtime"), "{said}");
    }
}
