//! The `spider` command: parse the options, run, and map the outcome to an exit status.

use std::process::ExitCode;

fn main() -> ExitCode {
    match spider::cli::parse(std::env::args_os()) {
        Ok(config) => ExitCode::from(spider::run(config)),
        Err(error) => {
            // clap prints help, the version, or the error, and says which exit status fits (0 or 2).
            error.exit()
        }
    }
}
