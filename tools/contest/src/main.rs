//! `contest new|stress|listen`: the contest loop behind `make new`, `make stress` and
//! `make listen`. Run from anywhere inside the workspace; see the README's "Adding a problem".
//! Exit status: 0 done, 1 a failure (or stress found a disagreement), 2 a refusal or usage
//! error, always in one line.

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use contest::refusal::Refusal;
use std::process::ExitCode;

/// A new problem in one command, a stress loop, samples straight from the browser.
#[derive(Parser)]
#[command(name = "contest")]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Create crates/NAME (placeholder solution, tests, stress wiring) and samples/NAME
    New {
        /// The crate name: lowercase letters, digits and single hyphens, starting with a letter
        name: Option<String>,
        /// The problem's title [default: NAME]
        #[arg(long)]
        problem: Option<String>,
        /// Judges as keys of judges.toml, comma-separated: aoj:1144,poj:3009
        #[arg(long, default_value = "")]
        judges: String,
        /// An interactive problem: the solution talks to an interactor, flushing every line
        #[arg(long)]
        interactive: bool,
        /// How outputs are judged: exact, tokens, "float 1e-6" or custom
        #[arg(long, default_value = "exact")]
        checker: String,
        /// The judge's time limit in milliseconds [default: unknown, the workspace's default]
        #[arg(long)]
        time_limit_ms: Option<u64>,
        /// The judge's memory limit in MB [default: unknown, the workspace's default]
        #[arg(long)]
        memory_limit_mb: Option<u64>,
        /// Take NAME, the title, the judges, INTERACTIVE, CHECKER and the limits from
        /// CONTEST_NAME, CONTEST_PROBLEM, CONTEST_JUDGES, CONTEST_INTERACTIVE, CONTEST_CHECKER,
        /// CONTEST_TL and CONTEST_ML (how `make new` passes them: no shell reads them)
        #[arg(long, conflicts_with_all = ["name", "problem", "judges", "interactive", "time_limit_ms", "memory_limit_mb"])]
        from_env: bool,
    },
    /// Write the insta snapshot of every samples/NAME/*.in from its .out (exact checker only):
    /// a sample added by hand passes without a workspace-wide test run
    Snapshots {
        name: Option<String>,
        /// Take NAME from CONTEST_NAME (how `make snapshots P=` passes it)
        #[arg(long, conflicts_with = "name")]
        from_env: bool,
    },
    /// Generator + oracle against the solution (its bundle, compiled as a judge does) until they
    /// disagree or the budget ends; a disagreement is shrunk into samples/NAME/stress-SEED.in
    Stress {
        name: Option<String>,
        /// The run's seed [default: from the clock]
        #[arg(long)]
        seed: Option<u64>,
        /// Stop after this many cases
        #[arg(long)]
        cases: Option<u64>,
        /// Stop after this many seconds [default: 10 when --cases is not given]
        #[arg(long)]
        time: Option<f64>,
        /// Test the crate's own binary (cargo build --release) instead of the bundle
        #[arg(long)]
        binary: bool,
        /// Take NAME, the seed, cases and time from CONTEST_NAME, CONTEST_SEED,
        /// CONTEST_CASES and CONTEST_TIME (how `make stress` passes them)
        #[arg(long, conflicts_with_all = ["name", "seed", "cases", "time"])]
        from_env: bool,
    },
    /// Accept Competitive Companion's POSTs on 127.0.0.1 and create each problem as `new` does
    Listen {
        #[arg(long, default_value_t = contest::listen::DEFAULT_PORT)]
        port: u16,
        /// Each request must arrive whole within this many milliseconds (else 408)
        #[arg(long, default_value_t = contest::listen::DEFAULT_DEADLINE_MS)]
        deadline_ms: u64,
        /// Take the port from CONTEST_PORT (how `make listen` passes it) when it is set
        #[arg(long)]
        from_env: bool,
    },
}

/// A usage mistake in the values `make` passed (exit status 2).
fn usage(message: String) -> anyhow::Error {
    Refusal::invalid(message).into()
}

/// A `make` variable passed through the environment; unset and empty are alike.
fn env(name: &str) -> Result<Option<String>> {
    match std::env::var(name) {
        Ok(value) if value.trim().is_empty() => Ok(None),
        Ok(value) => Ok(Some(value)),
        Err(std::env::VarError::NotPresent) => Ok(None),
        Err(std::env::VarError::NotUnicode(_)) => Err(usage(format!("{name} is not UTF-8"))),
    }
}

fn env_number<T: std::str::FromStr>(name: &str, what: &str) -> Result<Option<T>> {
    env(name)?
        .map(|text| {
            text.trim()
                .parse()
                .map_err(|_| usage(format!("{what} must be a number, not `{text}`")))
        })
        .transpose()
}

fn required(name: Option<String>, usage_line: &str) -> Result<String> {
    name.ok_or_else(|| usage(format!("usage: {usage_line}")))
}

fn main() -> ExitCode {
    let args = Args::parse();
    let result: Result<ExitCode> = (|| {
        let root = contest::workspace::find_root()?;
        match args.command {
            Command::New {
                mut name,
                mut problem,
                mut judges,
                mut interactive,
                mut checker,
                mut time_limit_ms,
                mut memory_limit_mb,
                from_env,
            } => {
                if from_env {
                    name = env("CONTEST_NAME")?;
                    problem = env("CONTEST_PROBLEM")?;
                    judges = env("CONTEST_JUDGES")?.unwrap_or_default();
                    interactive = match env("CONTEST_INTERACTIVE")?.as_deref() {
                        None | Some("0") => false,
                        Some("1") => true,
                        Some(other) => {
                            return Err(usage(format!("INTERACTIVE is 1 or 0, not `{other}`")))
                        }
                    };
                    checker = env("CONTEST_CHECKER")?.unwrap_or(checker);
                    time_limit_ms = env_number("CONTEST_TL", "TL")?;
                    memory_limit_mb = env_number("CONTEST_ML", "ML")?;
                }
                let usage_line = "make new P=<name> [PROBLEM=\"title\"] [JUDGES=key:id,...] \
                                  [TL=<ms>] [ML=<MB>] [INTERACTIVE=1] \
                                  [CHECKER=exact|tokens|\"float 1e-6\"|custom]";
                let name = required(name, usage_line)?;
                let mut spec = contest::new::Spec::from_command_line(&name, problem, &judges);
                spec.interactive = interactive;
                spec.checker = checker.parse().map_err(usage)?;
                spec.time_limit_ms = time_limit_ms;
                spec.memory_limit_mb = memory_limit_mb;
                let created = contest::new::create(&root, &spec)?;
                println!("{}", created.summary());
                Ok(ExitCode::SUCCESS)
            }
            Command::Snapshots { mut name, from_env } => {
                if from_env {
                    name = env("CONTEST_NAME")?;
                }
                let name = required(name, "make snapshots P=<crate>")?;
                contest::validate::name_syntax(&name)?;
                println!("{}", contest::snapshots::write(&root, &name)?);
                Ok(ExitCode::SUCCESS)
            }
            Command::Stress {
                mut name,
                mut seed,
                mut cases,
                mut time,
                binary,
                from_env,
            } => {
                if from_env {
                    name = env("CONTEST_NAME")?;
                    seed = env_number("CONTEST_SEED", "SEED")?;
                    cases = env_number("CONTEST_CASES", "N")?;
                    time = env_number("CONTEST_TIME", "TIME")?;
                }
                let usage_line = "make stress P=<name> [SEED=n] [N=cases | TIME=seconds]";
                let name = required(name, usage_line)?;
                contest::validate::name_syntax(&name)?;
                if time.is_some_and(|t| !(t > 0.0 && t < 1e9)) {
                    return Err(usage("TIME must be a positive number of seconds".into()));
                }
                let run = contest::stress::Run {
                    name,
                    seed,
                    cases,
                    time,
                    bundle: !binary,
                };
                contest::stress::run(&root, &run)
            }
            Command::Listen {
                mut port,
                deadline_ms,
                from_env,
            } => {
                if from_env {
                    port = env_number("CONTEST_PORT", "PORT")?.unwrap_or(port);
                }
                let deadline = std::time::Duration::from_millis(deadline_ms.max(1));
                contest::listen::serve(&root, port, deadline).context("listen")?;
                Ok(ExitCode::SUCCESS)
            }
        }
    })();
    result.unwrap_or_else(|error| match error.downcast_ref::<Refusal>() {
        Some(refusal) => {
            eprintln!("contest: {refusal}");
            ExitCode::from(2)
        }
        None => {
            eprintln!("contest: error: {error:#}");
            ExitCode::FAILURE
        }
    })
}
