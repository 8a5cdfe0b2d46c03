//! Each bot program's own working directory: a fresh temporary directory per
//! bot and game (`tempfile`), so debug files a bot writes "where it stands" land
//! there and not where the referee was started. It is removed when the seat is
//! retired, or dropped, unless kept (`--keep-bot-dirs`, for reading those files).
//!
//! The referee's own directory is given to the bot as `ENCLOSURE_ARENA_CWD`,
//! and a plain command line (words only, no shell syntax) has its words that
//! name existing files made absolute, so `./bot`, `target/release/enclosure`
//! or `python3 bot.py` run as typed.

use std::path::{Path, PathBuf};
use tempfile::TempDir;

/// The environment variable holding the directory the referee was started in.
pub const CWD_VARIABLE: &str = "ENCLOSURE_ARENA_CWD";

/// One bot's temporary working directory.
#[derive(Debug)]
pub struct BotDir {
    dir: TempDir,
    home: PathBuf,
    keep: bool,
}

impl BotDir {
    /// Creates a fresh `$TMPDIR/enclosure-arena-XXXXXX` (a random suffix); a kept one is
    /// never removed, even when dropped.
    pub fn create(keep: bool) -> std::io::Result<BotDir> {
        let home = std::env::current_dir()?;
        let dir = tempfile::Builder::new()
            .prefix("enclosure-arena-")
            .disable_cleanup(keep)
            .tempdir()?;
        Ok(BotDir { dir, home, keep })
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The referee's working directory.
    pub fn home(&self) -> &Path {
        &self.home
    }

    /// The game is over for this bot: removes the directory, or says where it was kept.
    pub fn finish(self) {
        if self.keep {
            eprintln!(
                "enclosure-arena: bot working directory kept: {}",
                self.path().display()
            );
        }
        // Dropping the `TempDir` removes the directory unless kept, ignoring failures.
    }
}

/// Characters of a plain command line: anything else (`$ ; | & < > ( ) * ? ~ #`, quotes,
/// backslashes, newlines...) is shell syntax, and such a line runs exactly as written.
fn plain(command: &str) -> bool {
    command
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || " \t/._-+=:,@%".contains(c))
}

/// `command` with each word that names an existing file or directory relative to `home`
/// made absolute, when `command` is plain (see `plain`); otherwise unchanged.
pub fn resolve_paths(command: &str, home: &Path) -> String {
    if !plain(command) {
        return command.to_string();
    }
    command
        .split_ascii_whitespace()
        .map(|word| {
            let path = home.join(word);
            if !word.starts_with('/') && path.exists() {
                quote(&path.display().to_string())
            } else {
                word.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A single-quoted shell word.
fn quote(word: &str) -> String {
    format!("'{}'", word.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_commands_get_absolute_paths_and_shell_lines_stay_as_written() {
        let home = Path::new(env!("CARGO_MANIFEST_DIR"));
        let root = home.display();
        assert_eq!(
            resolve_paths("sh tests/bots/four.sh 1 2", home),
            format!("sh '{root}/tests/bots/four.sh' 1 2")
        );
        assert_eq!(
            resolve_paths("./Cargo.toml --fast", home),
            format!("'{root}/./Cargo.toml' --fast")
        );
        assert_eq!(resolve_paths("python3 nope.py", home), "python3 nope.py");
        let shell = "cd \"$ENCLOSURE_ARENA_CWD\" && exec ./bot";
        assert_eq!(resolve_paths(shell, home), shell);
    }

    #[test]
    fn directories_are_fresh_and_removed_unless_kept() {
        let a = BotDir::create(false).unwrap();
        let b = BotDir::create(true).unwrap();
        assert_ne!(a.path(), b.path());
        std::fs::write(a.path().join("debug.txt"), "x").unwrap();
        let (a_path, b_path) = (a.path().to_path_buf(), b.path().to_path_buf());
        a.finish();
        b.finish();
        assert!(!a_path.exists());
        assert!(b_path.exists());
        std::fs::remove_dir_all(b_path).unwrap();
    }
}
