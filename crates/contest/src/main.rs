//! `contest new|stress|listen`: the contest loop behind `make new`, `make stress` and
//! `make listen`. Run from anywhere inside the workspace; see the README's "Adding a problem".

use anyhow::Result;
use clap::{Parser, Subcommand};
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
        name: String,
        /// The problem's title [default: NAME]
        #[arg(long)]
        problem: Option<String>,
        /// Judges as keys of judges.toml, comma-separated: aoj:1144,poj:3009
        #[arg(long, default_value = "")]
        judges: String,
    },
    /// Generator + oracle against the solution (its bundle, compiled as a judge does) until they
    /// disagree or the budget ends; a disagreement is shrunk into samples/NAME/stress-SEED.in
    Stress {
        name: String,
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
    },
    /// Accept Competitive Companion's POSTs on 127.0.0.1 and create each problem as `new` does
    Listen {
        #[arg(long, default_value_t = contest::listen::DEFAULT_PORT)]
        port: u16,
    },
}

fn main() -> ExitCode {
    let args = Args::parse();
    let result: Result<ExitCode> = (|| {
        let root = contest::workspace::find_root()?;
        match args.command {
            Command::New {
                name,
                problem,
                judges,
            } => {
                let spec = contest::new::Spec::from_command_line(&name, problem, &judges)?;
                let created = contest::new::create(&root, &spec)?;
                println!("{}", created.summary());
                Ok(ExitCode::SUCCESS)
            }
            Command::Stress {
                name,
                seed,
                cases,
                time,
                binary,
            } => {
                let run = contest::stress::Run {
                    name,
                    seed,
                    cases,
                    time,
                    bundle: !binary,
                };
                contest::stress::run(&root, &run)
            }
            Command::Listen { port } => {
                contest::listen::serve(&root, port)?;
                Ok(ExitCode::SUCCESS)
            }
        }
    })();
    result.unwrap_or_else(|error| {
        eprintln!("contest: error: {error:#}");
        ExitCode::FAILURE
    })
}
